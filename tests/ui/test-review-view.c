/* test-review-view.c: the hand review's view, against a fixed review and a real one
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <string.h>

#include "hearts-game-deal.h"
#include "hearts-announcer.h"
#include "hearts-card-picture.h"
#include "hearts-game.h"
#include "hearts-local-seat-view.h"
#include "hearts-review-view.h"
#include "hearts-test-widget.h"

#define FEW_SAMPLES 4 /* the real review, quickly: only the view is under test */

static const char * const names[] = { "You", "West", "North", "East", NULL };

/* A hand played to the end by computers at every seat. */
/* Seat 0's view of @game, the seats named. */
static HeartsSeatView *
view_of (HeartsGame *game)
{
  HeartsSeatView *view = hearts_local_seat_view_new (game, NULL, 0);

  hearts_seat_view_set_player_names (view, names);
  return view;
}

static HeartsGame *
finished_hand (guint64 seed)
{
  HeartsGame *game;
  HeartsRules rules;

  hearts_rules_init_default (&rules);
  game = hearts_game_new (&rules, seed);
  hearts_game_set_seat_level (game, HEARTS_HUMAN_SEAT, HEARTS_AI_NORMAL);
  while (hearts_game_get_phase (game) == HEARTS_PHASE_PASSING ||
         hearts_game_get_phase (game) == HEARTS_PHASE_PLAYING)
    g_assert_true (hearts_game_computer_move (game));
  g_assert_cmpint (hearts_game_get_phase (game), ==, HEARTS_PHASE_HAND_OVER);
  return game;
}

/* Seat 0's pass, from the game's record. */
static HeartsCards
human_pass (HeartsGame *game)
{
  g_autofree char *record = hearts_game_get_record (game);
  g_auto(GStrv) lines = g_strsplit (record, "\n", -1);
  HeartsCards pass = 0;

  for (guint i = 0; lines[i] != NULL; i++)
    if (g_str_has_prefix (lines[i], "pass 0 "))
      g_assert_true (hearts_cards_from_string (lines[i] + strlen ("pass 0 "), &pass));
  g_assert_cmpuint (hearts_cards_count (pass), ==, 3);
  return pass;
}

static HeartsCard
human_card (HeartsGame *game,
            guint       trick)
{
  HeartsCard cards[HEARTS_MAX_PLAYERS];
  guint      leader;
  guint      n = hearts_game_get_played_trick (game, trick, cards, &leader);

  g_assert_cmpuint (n, ==, 4);
  return cards[(HEARTS_HUMAN_SEAT + n - leader) % n];
}

/* A review with one of each kind: a costly pass, a forced play, a good one (not the
 * computer's card, negative points), best moves, a costly play at trick 6 and one at
 * trick 9 that let a moon through. */
static GArray *
fixed_review (HeartsGame *game)
{
  GArray          *moves = g_array_new (FALSE, TRUE, sizeof (HeartsReviewMove));
  HeartsReviewMove m = { 0 };
  HeartsCards      pass = human_pass (game);
  HeartsCards      other = 0;
  HeartsCard       c;

  /* Three cards that are not the pass. */
  for (c = 0; hearts_cards_count (other) < 3; c++)
    if (hearts_card_is_valid (c) && !hearts_cards_has (pass, c))
      other |= HEARTS_CARD_BIT (c);

  m.is_pass = TRUE;
  m.move = pass;
  m.best = other;
  m.move_points = 3.14;
  m.best_points = 0.4;
  m.costly = TRUE;
  g_array_append_val (moves, m);

  for (guint t = 0; t < 13; t++)
    {
      memset (&m, 0, sizeof m);
      m.trick = t;
      m.play_index = t * 4;
      m.move = m.best = HEARTS_CARD_BIT (human_card (game, t));
      m.move_points = m.best_points = 1.25;
      if (t == 0)
        m.forced = TRUE;
      else if (t == 1)
        {
          m.best = HEARTS_CARD_BIT (human_card (game, 2));
          m.move_points = -0.44;
          m.best_points = -0.6;
        }
      else if (t == 5)
        {
          m.best = HEARTS_CARD_BIT (human_card (game, 6));
          m.move_points = 5.2;
          m.best_points = 0.4;
          m.costly = TRUE;
        }
      else if (t == 8)
        {
          /* Let another seat's moon through. */
          m.best = HEARTS_CARD_BIT (human_card (game, 9));
          m.move_points = 7.9;
          m.best_points = 1.4;
          m.costly = TRUE;
          m.moon = HEARTS_REVIEW_MOON_LET_THROUGH;
          m.move_moon = 0.9;
          m.best_moon = 0.2;
        }
      g_array_append_val (moves, m);
    }
  return moves;
}

/* The strip's chip of @step is the current one, by its look and for a screen reader. */
static void
assert_current_chip (GtkWidget *strip,
                     guint      step)
{
  guint i = 0;

  for (GtkWidget *chip = gtk_widget_get_first_child (strip); chip != NULL; chip = gtk_widget_get_next_sibling (chip), i++)
    {
      g_assert_cmpint (gtk_widget_has_css_class (chip, "current"), ==, i == step);
      gtk_test_accessible_assert_state (GTK_ACCESSIBLE (chip), GTK_ACCESSIBLE_STATE_SELECTED, i == step);
    }
  g_assert_cmpuint (step, <, i);
}

static void
count_notify (guint *count)
{
  (*count)++;
}

static char *
verdict_at (HeartsReviewView *view,
            guint             step)
{
  hearts_review_view_set_step (view, step);
  g_assert_cmpuint (hearts_review_view_get_step (view), ==, step);
  return hearts_review_view_dup_verdict (view);
}

static char *
card_name (HeartsCards cards)
{
  return hearts_cards_get_names (cards);
}

static GtkWidget *
find_named (GtkWidget  *root,
            const char *name)
{
  if (g_strcmp0 (gtk_widget_get_name (root), name) == 0)
    return root;
  for (GtkWidget *child = gtk_widget_get_first_child (root); child != NULL; child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *found = find_named (child, name);

      if (found != NULL)
        return found;
    }
  return NULL;
}

static void
test_review_fixed (void)
{
  g_autoptr(HeartsGame) game = finished_hand (11);
  g_autoptr(HeartsSeatView) seat_view = view_of (game);
  g_autoptr(GArray) moves = fixed_review (game);
  GtkWidget        *widget = hearts_review_view_new (seat_view, NULL);
  HeartsReviewView *view = HEARTS_REVIEW_VIEW (widget);
  GtkWidget        *strip;
  g_autofree char  *summary = NULL;
  g_autofree char  *verdict = NULL;
  g_autofree char  *want = NULL;
  g_autofree char  *mine = NULL;
  g_autofree char  *best = NULL;
  guint             n_chips = 0, n_costly = 0, n_step_notifies = 0;

  g_object_ref_sink (widget);
  g_signal_connect_swapped (view, "notify::step", G_CALLBACK (count_notify), &n_step_notifies);
  g_assert_false (hearts_review_view_get_computing (view));
  g_assert_cmpuint (hearts_review_view_get_n_steps (view), ==, 0);
  g_assert_null (hearts_review_view_dup_verdict (view));

  hearts_review_view_set_moves (view, moves);
  g_assert_cmpuint (hearts_review_view_get_n_steps (view), ==, 14);
  g_assert_cmpuint (hearts_review_view_get_step (view), ==, 0);
  /* Notified only when it changes: it was 0 already. */
  g_assert_cmpuint (n_step_notifies, ==, 0);
  hearts_review_view_set_step (view, 1);
  hearts_review_view_set_step (view, 1);
  g_assert_cmpuint (n_step_notifies, ==, 1);
  hearts_review_view_set_step (view, 0);
  g_assert_cmpuint (n_step_notifies, ==, 2);

  summary = hearts_review_view_dup_summary (view);
  g_assert_cmpstr (summary, ==, "3 costly moves, about 14.0 points lost");

  /* The numbers say what they are, and which way is better. */
  {
    GtkWidget *explain = find_named (hearts_dialog_get_child (widget), "review-explain");

    g_assert_nonnull (explain);
    g_assert_true (gtk_widget_get_visible (explain));
    g_assert_nonnull (strstr (gtk_label_get_label (GTK_LABEL (explain)), "Expected points are"));
    g_assert_nonnull (strstr (gtk_label_get_label (GTK_LABEL (explain)), "Lower is better."));
  }

  /* One chip a step; the costly ones say so with a class and an icon. */
  strip = hearts_test_find_with_class (hearts_dialog_get_child (widget), GTK_TYPE_WIDGET, "review-strip");
  g_assert_nonnull (strip);
  for (GtkWidget *chip = gtk_widget_get_first_child (strip); chip != NULL; chip = gtk_widget_get_next_sibling (chip))
    {
      guint                   index = n_chips++;
      const HeartsReviewMove *move = hearts_review_view_get_move (view, index);

      g_assert_cmpint (gtk_widget_has_css_class (chip, "costly"), ==, move->costly);
      g_assert_cmpint (hearts_test_find_with_class (chip, GTK_TYPE_WIDGET, "costly") != NULL, ==, move->costly);
      if (move->costly)
        {
          GtkWidget *mark = gtk_widget_get_next_sibling (gtk_widget_get_first_child (gtk_button_get_child (GTK_BUTTON (chip))));

          n_costly++;
          g_assert_true (GTK_IS_IMAGE (gtk_widget_get_first_child (gtk_button_get_child (GTK_BUTTON (chip)))));
          /* A moon's mark, and its name in words. */
          g_assert_cmpint (GTK_IS_LABEL (mark) && g_str_equal (gtk_label_get_label (GTK_LABEL (mark)), "☾"), ==,
                           move->moon != HEARTS_REVIEW_MOON_NONE);
          if (move->moon != HEARTS_REVIEW_MOON_NONE)
            gtk_test_accessible_assert_property (GTK_ACCESSIBLE (chip), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                                 "Trick 9: Let the moon through: about 6.5 points lost");
        }
    }
  g_assert_cmpuint (n_chips, ==, 14);
  g_assert_cmpuint (n_costly, ==, 3);

  /* The pass: costly, the three cards against the computer's three. */
  mine = card_name (moves->len > 0 ? g_array_index (moves, HeartsReviewMove, 0).move : 0);
  best = card_name (g_array_index (moves, HeartsReviewMove, 0).best);
  verdict = hearts_review_view_dup_verdict (view);
  want = g_strdup_printf ("Your Pass. Costly move: about 2.7 points lost. You passed the %s: +3.1 expected points. "
                          "The computer would pass the %s: +0.4.",
                          mine, best);
  g_assert_cmpstr (verdict, ==, want);
  g_clear_pointer (&verdict, g_free);
  g_clear_pointer (&want, g_free);
  g_clear_pointer (&mine, g_free);
  g_clear_pointer (&best, g_free);

  /* Forced */
  verdict = verdict_at (view, 1);
  mine = card_name (g_array_index (moves, HeartsReviewMove, 1).move);
  want = g_strdup_printf ("Trick 1 of 13. Forced. You played the %s: it was your only choice.", mine);
  g_assert_cmpstr (verdict, ==, want);
  g_clear_pointer (&verdict, g_free);
  g_clear_pointer (&want, g_free);
  g_clear_pointer (&mine, g_free);

  /* Good, not the computer's card: negative points take a real minus sign. */
  verdict = verdict_at (view, 2);
  mine = card_name (g_array_index (moves, HeartsReviewMove, 2).move);
  best = card_name (g_array_index (moves, HeartsReviewMove, 2).best);
  want = g_strdup_printf ("Trick 2 of 13. Good move. You played the %s: \u22120.4 expected points. "
                          "The computer would play the %s: \u22120.6.",
                          mine, best);
  g_assert_cmpstr (verdict, ==, want);
  g_clear_pointer (&verdict, g_free);
  g_clear_pointer (&want, g_free);
  g_clear_pointer (&mine, g_free);
  g_clear_pointer (&best, g_free);

  /* Best */
  verdict = verdict_at (view, 3);
  mine = card_name (g_array_index (moves, HeartsReviewMove, 3).move);
  want = g_strdup_printf ("Trick 3 of 13. Best move. You played the %s: +1.2 expected points. "
                          "The computer would play it too.",
                          mine);
  /* 1.25 rounds to 1.2 or 1.3 as the double has it: accept what printf says. */
  if (strstr (verdict, "+1.3") != NULL)
    {
      g_free (want);
      want = g_strdup_printf ("Trick 3 of 13. Best move. You played the %s: +1.3 expected points. "
                              "The computer would play it too.",
                              mine);
    }
  g_assert_cmpstr (verdict, ==, want);
  g_clear_pointer (&verdict, g_free);
  g_clear_pointer (&want, g_free);
  g_clear_pointer (&mine, g_free);

  /* The costly play; a screen reader hears the verdict as the player steps. */
  verdict = verdict_at (view, 6);
  {
    HeartsAnnouncer *announcer = HEARTS_ANNOUNCER (hearts_test_find_type (hearts_dialog_get_child (widget), HEARTS_TYPE_ANNOUNCER));

    g_assert_nonnull (announcer);
    g_assert_cmpstr (hearts_announcer_get_text (announcer), ==, verdict);
  }
  /* The trick's four cards and the computer's; the player's own is the one marked. */
  {
    g_autoptr(GPtrArray) pictures = g_ptr_array_new ();
    const HeartsReviewMove *move = hearts_review_view_get_move (view, 6);
    guint                   marked = 0;

    hearts_test_find_all_type (hearts_dialog_get_child (widget), HEARTS_TYPE_CARD_PICTURE, pictures);
    g_assert_cmpuint (pictures->len, ==, 5);
    for (guint i = 0; i < pictures->len; i++)
      {
        HeartsCardPicture *picture = g_ptr_array_index (pictures, i);

        if (gtk_widget_has_css_class (gtk_widget_get_parent (GTK_WIDGET (picture)), "mine"))
          {
            marked++;
            g_assert_cmpuint (HEARTS_CARD_BIT (hearts_card_picture_get_card (picture)), ==, move->move);
          }
      }
    g_assert_cmpuint (marked, ==, 1);
    g_assert_cmpuint (HEARTS_CARD_BIT (hearts_card_picture_get_card (g_ptr_array_index (pictures, 4))), ==, move->best);
  }
  g_assert_true (g_str_has_prefix (verdict, "Trick 6 of 13. Costly move: about 4.8 points lost. You played the "));
  g_assert_nonnull (strstr (verdict, ": +5.2 expected points. The computer would play the "));
  g_assert_true (g_str_has_suffix (verdict, ": +0.4."));
  g_clear_pointer (&verdict, g_free);

  /* The moon it let through, said in words. */
  verdict = verdict_at (view, 9);
  g_assert_true (g_str_has_prefix (verdict, "Trick 9 of 13. Let the moon through: about 6.5 points lost. You played the "));
  g_clear_pointer (&verdict, g_free);

  /* Previous and Next stop at the ends. */
  hearts_review_view_set_step (view, 0);
  assert_current_chip (strip, 0);
  g_assert_true (gtk_widget_activate_action (widget, "review.previous", NULL));
  g_assert_cmpuint (hearts_review_view_get_step (view), ==, 0);
  g_assert_true (gtk_widget_activate_action (widget, "review.next", NULL));
  g_assert_cmpuint (hearts_review_view_get_step (view), ==, 1);
  assert_current_chip (strip, 1);
  for (guint i = 0; i < 20; i++)
    gtk_widget_activate_action (widget, "review.next", NULL);
  g_assert_cmpuint (hearts_review_view_get_step (view), ==, 13);
  hearts_review_view_set_step (view, 99);
  g_assert_cmpuint (hearts_review_view_get_step (view), ==, 13);
  g_assert_true (gtk_widget_activate_action (widget, "review.previous", NULL));
  g_assert_cmpuint (hearts_review_view_get_step (view), ==, 12);

  hearts_dialog_destroy (widget);
  g_clear_object (&game);
  hearts_test_assert_finalize_object (widget);
}

static gboolean
not_computing (gpointer data)
{
  return !hearts_review_view_get_computing (data);
}

/* The real review, in its thread: progress, then every move of the human. */
static void
test_review_real (void)
{
  g_autoptr(HeartsGame) game = finished_hand (5);
  g_autoptr(HeartsSeatView) seat_view = view_of (game);
  GtkWidget        *widget = hearts_review_view_new (seat_view, NULL);
  HeartsReviewView *view = HEARTS_REVIEW_VIEW (widget);
  guint             plays = 0;

  g_object_ref_sink (widget);
  hearts_review_view_start (view, FEW_SAMPLES);
  g_assert_true (hearts_review_view_get_computing (view));
  g_assert_true (hearts_test_iterate_until (not_computing, view, HEARTS_TEST_TIMEOUT_MS));
  g_assert_cmpfloat (hearts_review_view_get_fraction (view), ==, 1);
  g_assert_cmpuint (hearts_review_view_get_n_steps (view), ==, 14);
  g_assert_true (hearts_review_view_get_move (view, 0)->is_pass);
  g_assert_cmpuint (hearts_review_view_get_move (view, 0)->move, ==, human_pass (game));
  for (guint i = 1; i < 14; i++)
    {
      const HeartsReviewMove *move = hearts_review_view_get_move (view, i);

      g_assert_false (move->is_pass);
      g_assert_cmpuint (move->trick, ==, i - 1);
      g_assert_cmpuint (move->move, ==, HEARTS_CARD_BIT (human_card (game, i - 1)));
      plays++;
    }
  g_assert_cmpuint (plays, ==, 13);

  hearts_dialog_destroy (widget);
  g_clear_object (&game);
  hearts_test_assert_finalize_object (widget);
}

static gboolean
is_null (gpointer data)
{
  return *(gpointer *) data == NULL;
}

static gboolean
has_progress (gpointer data)
{
  return hearts_review_view_get_fraction (data) > 0;
}

/* Cancel while the review works: the view closes, the thread stops, and nothing that
 * comes after touches the view (fatal warnings, and the view is finalized). */
static void
run_cancel (gboolean by_button,
            gboolean wait_progress)
{
  g_autoptr(HeartsGame) game = finished_hand (3);
  g_autoptr(HeartsSeatView) seat_view = view_of (game);
  GtkWidget *parent = gtk_window_new ();
  GtkWidget *widget = hearts_review_view_new (seat_view, NULL);
  GtkWidget *weak = widget;
  GtkWidget *cancel;

  g_object_add_weak_pointer (G_OBJECT (widget), (gpointer *) &weak);
  gtk_window_present (GTK_WINDOW (parent));
  /* The full budget: seconds of work, so the cancel comes in the middle. */
  hearts_review_view_start (HEARTS_REVIEW_VIEW (widget), 0);
  hearts_dialog_present (widget, parent);
  if (wait_progress)
    g_assert_true (hearts_test_iterate_until (has_progress, widget, HEARTS_TEST_TIMEOUT_MS));
  g_assert_true (hearts_review_view_get_computing (HEARTS_REVIEW_VIEW (widget)));

  if (by_button)
    {
      cancel = hearts_test_find_button (hearts_dialog_get_child (widget), "_Cancel");
      g_assert_nonnull (cancel);
      g_assert_true (gtk_widget_is_visible (cancel));
      g_signal_emit_by_name (cancel, "clicked");
    }
  else
    hearts_dialog_close (widget);
  /* Stopped at once, not when the thread is done. */
  if (weak != NULL)
    g_assert_false (hearts_review_view_get_computing (HEARTS_REVIEW_VIEW (weak)));

  /* Closed and gone once the thread has answered. */
  g_assert_true (hearts_test_iterate_until (is_null, &weak, HEARTS_TEST_TIMEOUT_MS));
  g_clear_object (&game);
  gtk_window_destroy (GTK_WINDOW (parent));
  while (g_main_context_iteration (NULL, FALSE))
    ;
}

static void
test_review_cancel_button (void)
{
  run_cancel (TRUE, TRUE);
}

static void
test_review_cancel_close (void)
{
  run_cancel (FALSE, FALSE);
}

int
main (int   argc,
      char *argv[])
{
  hearts_test_init_widgets (&argc, &argv);

  g_test_add_func ("/review-view/fixed", test_review_fixed);
  g_test_add_func ("/review-view/real", test_review_real);
  g_test_add_func ("/review-view/cancel-button", test_review_cancel_button);
  g_test_add_func ("/review-view/cancel-close", test_review_cancel_close);

  return g_test_run ();
}
