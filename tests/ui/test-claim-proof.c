/* test-claim-proof.c: a claim's tricks laid out, and their cards following the width given
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include "hearts-card-picture.h"
#include "hearts-claim-proof.h"
#include "hearts-resources.h"
#include "hearts-local-seat-view.h"
#include "hearts-test-widget.h"

static const char * const names[] = { "You", "West", "North", "East", "Northeast", NULL };

/* The cards' width with the window @width wide: all alike, all inside the proof, none
 * cut short by its row's height. */
static int
card_width_at (GtkWidget *proof,
               int        width)
{
  g_autoptr(GPtrArray) pictures = g_ptr_array_new ();
  int card = 0;

  hearts_test_resize_window (GTK_WINDOW (gtk_widget_get_root (proof)), width, 400);
  hearts_test_find_all_type (proof, HEARTS_TYPE_CARD_PICTURE, pictures);
  g_assert_cmpuint (pictures->len, ==, 12);
  for (guint i = 0; i < pictures->len; i++)
    {
      GtkWidget      *picture = g_ptr_array_index (pictures, i);
      graphene_rect_t b;

      g_assert_true (gtk_widget_compute_bounds (picture, proof, &b));
      g_assert_cmpfloat (b.origin.x, >=, 0);
      g_assert_cmpfloat (b.origin.x + b.size.width, <=, gtk_widget_get_width (proof));
      if (i == 0)
        card = gtk_widget_get_width (picture);
      g_assert_cmpint (ABS (gtk_widget_get_width (picture) - card), <=, 1);
      /* Tall enough for a card that wide: the row asked for the width it got. */
      g_assert_cmpint (gtk_widget_get_height (picture), >=, card * 1.3);
    }
  g_test_message ("%d px: cards %d px wide", width, card);
  return card;
}

/* Its cards shrink with a narrower window and grow back with a wider one. */
static void
test_resize (void)
{
  g_autoptr(HeartsCardTheme) theme = hearts_card_theme_new_default ();
  g_autoptr(HeartsGame) game = NULL;
  g_autoptr(HeartsSeatView) view = NULL;
  HeartsClaim claim = { 0 };
  HeartsRules rules;
  HeartsTrick tricks[3] = { { 0 } };
  GtkWidget       *window, *proof;
  int              wide, narrow, min;

  for (guint t = 0; t < G_N_ELEMENTS (tricks); t++)
    {
      tricks[t].leader = tricks[t].winner = t;
      tricks[t].n_cards = 4;
      tricks[t].points = t;
      for (guint c = 0; c < 4; c++)
        tricks[t].cards[c] = HEARTS_CARD (c, 12 - t);
    }
  tricks[0].n_before = 1;
  claim.shooter = -1;
  hearts_rules_init_default (&rules);

  game = hearts_game_new (&rules, 1);
  view = hearts_local_seat_view_new (game, NULL, 0);
  hearts_seat_view_set_player_names (view, names);
  window = gtk_window_new ();
  proof = hearts_claim_proof_new (theme, 80);
  hearts_claim_proof_set_claim (HEARTS_CLAIM_PROOF (proof), view, &claim, tricks, G_N_ELEMENTS (tricks));
  /* A phone's alert has room for it. */
  gtk_widget_measure (proof, GTK_ORIENTATION_HORIZONTAL, -1, &min, NULL, NULL, NULL);
  g_assert_cmpint (min, <=, 300);
  gtk_window_set_child (GTK_WINDOW (window), proof);
  gtk_window_present (GTK_WINDOW (window));

  /* Under each card, who plays it; a screen reader hears it with the card. */
  {
    g_autoptr(GPtrArray) pictures = g_ptr_array_new ();

    hearts_test_find_all_type (proof, HEARTS_TYPE_CARD_PICTURE, pictures);
    g_assert_cmpuint (pictures->len, ==, 12);
    for (guint i = 0; i < pictures->len; i++)
      {
        GtkWidget       *picture = g_ptr_array_index (pictures, i);
        const HeartsTrick *trick = &tricks[i / 4];
        guint            seat = (trick->leader + i % 4) % 4;
        GtkWidget       *name = gtk_widget_get_next_sibling (picture);
        g_autofree char *card = hearts_card_get_name (trick->cards[i % 4]);
        g_autofree char *said = NULL;

        /* Each trick's first card (its leader's) takes it; the first trick's was played. */
        if (i % 4 == 0)
          said = g_strdup_printf (i == 0 ? "%s: %s (on the table, takes the trick)" : "%s: %s (takes the trick)",
                                  names[seat], card);
        else
          said = g_strdup_printf ("%s: %s", names[seat], card);
        g_assert_true (GTK_IS_LABEL (name));
        g_assert_cmpstr (gtk_label_get_label (GTK_LABEL (name)), ==, names[seat]);
        gtk_test_accessible_assert_property (GTK_ACCESSIBLE (picture), GTK_ACCESSIBLE_PROPERTY_LABEL, said);
      }
  }

  wide = card_width_at (proof, 480);
  narrow = card_width_at (proof, 320);
  g_assert_cmpint (narrow, <, wide);
  g_assert_cmpint (card_width_at (proof, 480), ==, wide);

  gtk_window_destroy (GTK_WINDOW (window));
}

int
main (int   argc,
      char *argv[])
{
  hearts_test_init_widgets (&argc, &argv);
  /* Pulls the UI resources into the link, which registers them. */
  g_assert_nonnull (hearts_get_resource ());

  g_test_add_func ("/ui/claim-proof/resize", test_resize);
  return g_test_run ();
}
