/* hearts-claim-proof.c
 *
 * What a claim shows before it is made: one row per trick left, with who wins it, its
 * cards in the order the proof plays them and the points it carries. The cards are the
 * table's, drawn small from the table's size so that no third size enters the theme's
 * cache.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>
#include <string.h>

#include "hearts-card-picture.h"
#include "hearts-claim-proof.h"
#include "hearts-seat-names.h"
#include "hearts-format.h"

/* The cards' widest and narrowest: they follow the alert's width in between. */
#define CARD_WIDTH     56
#define MIN_CARD_WIDTH 28

struct _HeartsClaimProof
{
  GtkBox parent_instance;

  GtkBox          *rows;
  HeartsClaim      claim;
  HeartsTrick      tricks[HEARTS_HAND_MAX_TRICKS];
  guint            n_tricks;
  GtkSizeGroup    *names;  /* the columns beside the cards, alike in every row, */
  GtkSizeGroup    *points; /* so that every row's cards are as wide */
  HeartsCardTheme *theme;
  int              render_width;
};

G_DEFINE_FINAL_TYPE (HeartsClaimProof, hearts_claim_proof, GTK_TYPE_BOX)

/* The card's name, and what its look says: on the table already, or taking the trick. */
static char *
card_label (HeartsCard card,
            gboolean   played,
            gboolean   winning)
{
  g_autofree char *name = hearts_card_get_name (card);

  if (played && winning)
    /* Translators: a card of a claim's proof, on the table already and taking the trick:
     * "Ace of Hearts (on the table, takes the trick)" */
    return g_strdup_printf (_("%s (on the table, takes the trick)"), name);
  if (played)
    /* Translators: a card of a claim's proof, on the table already: "Five of Clubs (on the table)" */
    return g_strdup_printf (_("%s (on the table)"), name);
  if (winning)
    /* Translators: the card that takes a trick of a claim's proof: "Ace of Hearts (takes the trick)" */
    return g_strdup_printf (_("%s (takes the trick)"), name);
  return g_steal_pointer (&name);
}

/* A card over the name of who plays it (the rows said who takes each trick, not who
 * plays what). */
static GtkWidget *
new_card (HeartsClaimProof *self,
          HeartsCard        card,
          const char       *player,
          gboolean          played,
          gboolean          winning)
{
  g_autofree char *what = card_label (card, played, winning);
  g_autofree char *label = NULL;
  GtkWidget       *column, *picture, *name;

  /* Translators: a card of a claim's proof for a screen reader: who plays it, then the
   * card, as "West: Ace of Hearts (takes the trick)" */
  label = g_strdup_printf (_("%s: %s"), player, what);
  column = gtk_box_new (GTK_ORIENTATION_VERTICAL, 2);
  gtk_widget_set_valign (column, GTK_ALIGN_CENTER);
  gtk_widget_add_css_class (column, "claim-card");
  picture = hearts_card_picture_new (card, self->theme, CARD_WIDTH, self->render_width);
  hearts_card_picture_set_min_width (HEARTS_CARD_PICTURE (picture), MIN_CARD_WIDTH);
  gtk_widget_set_valign (picture, GTK_ALIGN_CENTER);
  gtk_accessible_update_property (GTK_ACCESSIBLE (picture), GTK_ACCESSIBLE_PROPERTY_LABEL, label, -1);
  /* On the table already: not part of what the claim plays. */
  if (played)
    gtk_widget_add_css_class (picture, "played");
  /* The card that takes the trick, so that the row reads like the table. */
  if (winning)
    gtk_widget_add_css_class (picture, "winning");
  gtk_box_append (GTK_BOX (column), picture);

  /* Seen only: the card says it to a screen reader. */
  name = g_object_new (GTK_TYPE_LABEL, "label", player, "accessible-role", GTK_ACCESSIBLE_ROLE_PRESENTATION, NULL);
  gtk_label_set_ellipsize (GTK_LABEL (name), PANGO_ELLIPSIZE_END);
  /* As narrow as the card: the card says how wide the column is. */
  gtk_label_set_width_chars (GTK_LABEL (name), 1);
  gtk_widget_set_tooltip_text (name, player);
  gtk_widget_add_css_class (name, "caption");
  gtk_widget_add_css_class (name, "dim-label");
  gtk_widget_add_css_class (name, "claim-player");
  gtk_box_append (GTK_BOX (column), name);
  return column;
}

static GtkWidget *
new_row (HeartsClaimProof  *self,
         HeartsSeatView    *view,
         const HeartsTrick *trick,
         const char        *winner)
{
  g_autofree char *label = NULL;
  g_autofree char *points = NULL;
  GtkWidget       *row, *name, *cards, *points_label;

  /* "You takes" would be wrong in English, and in other languages for "you". */
  if (trick->winner == hearts_seat_view_get_seat (view))
    label = g_strdup (_("You take the trick"));
  else
    /* Translators: %s is a player's name; a row of the claim's proof */
    label = g_strdup_printf (_("%s takes the trick"), winner);
  row = g_object_new (GTK_TYPE_BOX,
                      "orientation", GTK_ORIENTATION_HORIZONTAL,
                      "spacing", 12,
                      "accessible-role", GTK_ACCESSIBLE_ROLE_GROUP,
                      NULL);
  gtk_accessible_update_property (GTK_ACCESSIBLE (row), GTK_ACCESSIBLE_PROPERTY_LABEL, label, -1);
  gtk_widget_add_css_class (row, "claim-trick");

  name = gtk_label_new (winner);
  gtk_label_set_xalign (GTK_LABEL (name), 0);
  gtk_label_set_width_chars (GTK_LABEL (name), 6);
  gtk_label_set_ellipsize (GTK_LABEL (name), PANGO_ELLIPSIZE_END);
  gtk_widget_add_css_class (name, "heading");
  gtk_size_group_add_widget (self->names, name);
  gtk_box_append (GTK_BOX (row), name);

  cards = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 4);
  gtk_box_set_homogeneous (GTK_BOX (cards), TRUE);
  for (guint c = 0; c < trick->n_cards; c++)
    gtk_box_append (GTK_BOX (cards), new_card (self, trick->cards[c],
                                               hearts_seat_name (view, (trick->leader + c) % trick->n_cards),
                                               c < trick->n_before,
                                               (trick->leader + c) % trick->n_cards == trick->winner));
  gtk_box_append (GTK_BOX (row), cards);

  if (trick->points != 0)
    {
      g_autofree char *number = hearts_format_points (trick->points);

      /* Translators: the points a trick of the claim's proof carries */
      points = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%s point", "%s points", ABS (trick->points)),
                                number);
    }
  points_label = gtk_label_new (points);
  gtk_label_set_xalign (GTK_LABEL (points_label), 1);
  gtk_widget_set_hexpand (points_label, TRUE);
  gtk_widget_add_css_class (points_label, "dim-label");
  gtk_widget_add_css_class (points_label, "numeric");
  gtk_size_group_add_widget (self->points, points_label);
  gtk_box_append (GTK_BOX (row), points_label);
  return row;
}

/* GTK 4.8's scrolled window asks its child's height for no width in particular, and the
 * rows' height depends on their width (the cards follow it): ask for the width given. */
static void
hearts_claim_proof_measure (GtkWidget     *widget,
                            GtkOrientation orientation,
                            int            for_size,
                            int           *minimum,
                            int           *natural,
                            int           *minimum_baseline,
                            int           *natural_baseline)
{
  HeartsClaimProof *self = HEARTS_CLAIM_PROOF (widget);
  GtkWidget        *scroller = gtk_widget_get_first_child (widget);
  int               rows_height;

  GTK_WIDGET_CLASS (hearts_claim_proof_parent_class)->measure (widget, orientation, for_size, minimum, natural, minimum_baseline, natural_baseline);
  if (orientation != GTK_ORIENTATION_VERTICAL || for_size < 0)
    return;
  gtk_widget_measure (GTK_WIDGET (self->rows), GTK_ORIENTATION_VERTICAL, for_size, NULL, &rows_height, NULL, NULL);
  *natural = MAX (*minimum, MIN (rows_height, gtk_scrolled_window_get_max_content_height (GTK_SCROLLED_WINDOW (scroller))));
}

static void
hearts_claim_proof_dispose (GObject *object)
{
  HeartsClaimProof *self = HEARTS_CLAIM_PROOF (object);

  g_clear_object (&self->theme);
  g_clear_object (&self->names);
  g_clear_object (&self->points);
  gtk_widget_dispose_template (GTK_WIDGET (self), HEARTS_TYPE_CLAIM_PROOF);

  G_OBJECT_CLASS (hearts_claim_proof_parent_class)->dispose (object);
}

static void
hearts_claim_proof_class_init (HeartsClaimProofClass *klass)
{
  GObjectClass   *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = hearts_claim_proof_dispose;
  widget_class->measure = hearts_claim_proof_measure;

  gtk_widget_class_set_template_from_resource (widget_class, RESOURCE_PATH "/dialogs/hearts-claim-proof.ui");
  gtk_widget_class_bind_template_child (widget_class, HeartsClaimProof, rows);
}

static void
hearts_claim_proof_init (HeartsClaimProof *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  self->names = gtk_size_group_new (GTK_SIZE_GROUP_HORIZONTAL);
  self->points = gtk_size_group_new (GTK_SIZE_GROUP_HORIZONTAL);
}

GtkWidget *
hearts_claim_proof_new (HeartsCardTheme *theme,
                        int              render_width)
{
  HeartsClaimProof *self;

  g_return_val_if_fail (HEARTS_IS_CARD_THEME (theme), NULL);

  self = g_object_new (HEARTS_TYPE_CLAIM_PROOF, NULL);
  self->theme = g_object_ref (theme);
  self->render_width = render_width;
  return GTK_WIDGET (self);
}

void
hearts_claim_proof_set_claim (HeartsClaimProof  *self,
                              HeartsSeatView    *view,
                              const HeartsClaim *claim,
                              const HeartsTrick *tricks,
                              guint              n_tricks)
{
  GtkWidget *child;

  g_return_if_fail (HEARTS_IS_CLAIM_PROOF (self));
  g_return_if_fail (HEARTS_IS_SEAT_VIEW (view));
  g_return_if_fail (claim != NULL);
  g_return_if_fail (n_tricks == 0 || tricks != NULL);
  g_return_if_fail (n_tricks <= HEARTS_HAND_MAX_TRICKS);

  self->claim = *claim;
  self->n_tricks = n_tricks;
  memcpy (self->tricks, tricks, n_tricks * sizeof (HeartsTrick));
  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self->rows))) != NULL)
    gtk_box_remove (self->rows, child);
  for (guint t = 0; t < n_tricks; t++)
    gtk_box_append (self->rows, new_row (self, view, &tricks[t], hearts_seat_name (view, tricks[t].winner)));
}

const HeartsClaim *
hearts_claim_proof_get_claim (HeartsClaimProof *self)
{
  g_return_val_if_fail (HEARTS_IS_CLAIM_PROOF (self), NULL);
  return &self->claim;
}

const HeartsTrick *
hearts_claim_proof_get_tricks (HeartsClaimProof *self,
                               guint            *n_tricks)
{
  g_return_val_if_fail (HEARTS_IS_CLAIM_PROOF (self), NULL);

  if (n_tricks != NULL)
    *n_tricks = self->n_tricks;
  return self->tricks;
}
