/* hearts-trick-row.c
 *
 * A row shows one trick: its cards in order of play with who played them, the leader
 * and the winner marked, and a line saying who took it and its points; a screen reader
 * hears the row as one sentence.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>

#include "hearts-card-picture.h"
#include "hearts-format.h"
#include "hearts-seat-names.h"
#include "hearts-trick-row.h"

/* The narrowest a card gets: the plays share the row's width alike. */
#define MIN_CARD_WIDTH 32

struct _HeartsTrickRow
{
  GtkListBoxRow   parent_instance;

  HeartsTrick     trick;
  guint           number;
  HeartsSeatView *view;
  char           *text;
};

G_DEFINE_FINAL_TYPE (HeartsTrickRow, hearts_trick_row, GTK_TYPE_LIST_BOX_ROW)

enum
{
  PROP_0,
  PROP_TRICK,
  PROP_NUMBER,
  PROP_TEXT,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];


static char *
took_text (HeartsTrickRow     *self,
           const HeartsTrick  *info)
{
  g_autofree char *points = hearts_format_points (info->points);

  /* Translators: a player's name, then the points of the trick they took: "North took it, 1 point" */
  return g_strdup_printf (g_dngettext (NULL, "%s took it, %s point", "%s took it, %s points", ABS (info->points)),
                          hearts_seat_name (self->view, info->winner), points);
}

/* "Trick 3, led by West: West Two of Clubs, North Five of Clubs, …; North took it, 1 point" */
static char *
trick_sentence (HeartsTrickRow     *self,
                const HeartsTrick  *info)
{
  g_autoptr(GString) plays = g_string_new (NULL);
  g_autofree char *took = took_text (self, info);

  for (guint i = 0; i < info->n_cards; i++)
    {
      g_autofree char *card = hearts_card_get_name (info->cards[i]);
      g_autofree char *play = NULL;

      /* Translators: a player's name and the card they played, in a list of a trick's
       * plays: "West Two of Clubs" */
      play = g_strdup_printf (C_("trick play", "%s %s"), hearts_seat_name (self->view, (info->leader + i) % info->n_cards), card);
      if (i > 0)
        /* Translators: between the plays of a trick read out */
        g_string_append (plays, C_("trick play", ", "));
      g_string_append (plays, play);
    }
  /* Translators: the trick's number, its leader, the list of its plays, then who took it:
   * "Trick 3, led by West: West Two of Clubs, North Five of Clubs; North took it, 1 point" */
  return g_strdup_printf (_("Trick %u, led by %s: %s; %s"), self->number,
                             hearts_seat_name (self->view, info->leader), plays->str, took);
}

/* One card with who played it, and whether they led or took the trick. */
static GtkWidget *
new_play (HeartsTrickRow     *self,
          const HeartsTrick  *info,
          guint               i,
          HeartsCardTheme    *theme,
          int                 card_width,
          int                 render_width)
{
  guint       seat = (info->leader + i) % info->n_cards;
  GtkWidget  *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 4);
  GtkWidget  *name = gtk_label_new (hearts_seat_name (self->view, seat));
  GtkWidget  *picture = hearts_card_picture_new (info->cards[i], theme, card_width, render_width);
  GtkWidget  *mark;
  const char *text = "";

  gtk_widget_add_css_class (box, "trick-play");
  hearts_card_picture_set_min_width (HEARTS_CARD_PICTURE (picture), MIN_CARD_WIDTH);
  gtk_box_append (GTK_BOX (box), picture);

  gtk_label_set_ellipsize (GTK_LABEL (name), PANGO_ELLIPSIZE_END);
  gtk_label_set_max_width_chars (GTK_LABEL (name), 8);
  gtk_widget_add_css_class (name, "caption");
  gtk_box_append (GTK_BOX (box), name);

  if (i == 0 && seat == info->winner)
    text = C_("trick", "Led, took it");
  else if (i == 0)
    text = C_("trick", "Led");
  else if (seat == info->winner)
    text = C_("trick", "Took it");
  mark = gtk_label_new (text);
  /* A narrow dialog's cards are narrower than the words. */
  gtk_label_set_wrap (GTK_LABEL (mark), TRUE);
  gtk_label_set_justify (GTK_LABEL (mark), GTK_JUSTIFY_CENTER);
  gtk_widget_add_css_class (mark, "caption");
  gtk_widget_add_css_class (mark, seat == info->winner ? "accent" : "dim-label");
  gtk_box_append (GTK_BOX (box), mark);
  if (seat == info->winner)
    gtk_widget_add_css_class (box, "winner");
  return box;
}

static void
hearts_trick_row_finalize (GObject *object)
{
  HeartsTrickRow *self = HEARTS_TRICK_ROW (object);

  g_clear_object (&self->view);
  g_clear_pointer (&self->text, g_free);

  G_OBJECT_CLASS (hearts_trick_row_parent_class)->finalize (object);
}

static void
hearts_trick_row_get_property (GObject    *object,
                               guint       prop_id,
                               GValue     *value,
                               GParamSpec *pspec)
{
  HeartsTrickRow *self = HEARTS_TRICK_ROW (object);

  switch (prop_id)
    {
    case PROP_TRICK:
      g_value_set_boxed (value, &self->trick);
      break;
    case PROP_NUMBER:
      g_value_set_uint (value, self->number);
      break;
    case PROP_TEXT:
      g_value_set_string (value, self->text);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
hearts_trick_row_class_init (HeartsTrickRowClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->finalize = hearts_trick_row_finalize;
  object_class->get_property = hearts_trick_row_get_property;

  properties[PROP_TRICK] =
    g_param_spec_boxed ("trick", NULL, NULL, HEARTS_TYPE_TRICK,
                        (G_PARAM_READABLE | G_PARAM_STATIC_STRINGS));
  properties[PROP_NUMBER] =
    g_param_spec_uint ("number", NULL, NULL, 0, G_MAXUINT, 0,
                       (G_PARAM_READABLE | G_PARAM_STATIC_STRINGS));
  properties[PROP_TEXT] =
    g_param_spec_string ("text", NULL, NULL, NULL,
                         (G_PARAM_READABLE | G_PARAM_STATIC_STRINGS));
  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
hearts_trick_row_init (HeartsTrickRow *self)
{
}

GtkWidget *
hearts_trick_row_new (const HeartsTrick *trick,
                      guint              number,
                      HeartsSeatView    *view,
                      HeartsCardTheme   *theme,
                      int                card_width,
                      int                render_width)
{
  HeartsTrickRow  *self = g_object_new (HEARTS_TYPE_TRICK_ROW, NULL);
  GtkWidget       *row = GTK_WIDGET (self);
  const HeartsTrick *info = &self->trick;
  GtkWidget       *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 8);
  GtkWidget       *heading;
  GtkWidget       *plays;
  GtkWidget       *footer;
  g_autofree char *heading_text = NULL;
  g_autofree char *took = NULL;

  g_return_val_if_fail (trick != NULL && trick->n_cards <= HEARTS_MAX_PLAYERS, NULL);
  g_return_val_if_fail (HEARTS_IS_SEAT_VIEW (view), NULL);

  self->trick = *trick;
  self->number = number;
  self->view = g_object_ref (view);
  self->text = trick_sentence (self, info);

  gtk_list_box_row_set_activatable (GTK_LIST_BOX_ROW (row), FALSE);
  gtk_widget_set_focusable (row, TRUE);
  gtk_accessible_update_property (GTK_ACCESSIBLE (row), GTK_ACCESSIBLE_PROPERTY_LABEL, self->text, -1);
  gtk_widget_add_css_class (box, "trick-row");
  gtk_widget_set_margin_start (box, 12);
  gtk_widget_set_margin_end (box, 12);
  gtk_widget_set_margin_top (box, 8);
  gtk_widget_set_margin_bottom (box, 10);

  /* Translators: the heading of a trick in the list of the hand's tricks */
  heading_text = g_strdup_printf (_("Trick %u"), self->number);
  heading = gtk_label_new (heading_text);
  gtk_label_set_xalign (GTK_LABEL (heading), 0);
  gtk_widget_add_css_class (heading, "heading");
  gtk_box_append (GTK_BOX (box), heading);

  /* The plays share the row's width alike, and the cards shrink to fit it. */
  plays = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 12);
  gtk_box_set_homogeneous (GTK_BOX (plays), TRUE);
  gtk_widget_set_halign (plays, GTK_ALIGN_CENTER);
  for (guint i = 0; i < info->n_cards; i++)
    gtk_box_append (GTK_BOX (plays), new_play (self, info, i, theme, card_width, render_width));
  gtk_box_append (GTK_BOX (box), plays);

  took = took_text (self, info);
  footer = gtk_label_new (took);
  gtk_label_set_wrap (GTK_LABEL (footer), TRUE);
  gtk_label_set_xalign (GTK_LABEL (footer), 0);
  gtk_box_append (GTK_BOX (box), footer);

  /* The row speaks for its parts. */
  for (GtkWidget *child = gtk_widget_get_first_child (box); child != NULL; child = gtk_widget_get_next_sibling (child))
    gtk_accessible_update_state (GTK_ACCESSIBLE (child), GTK_ACCESSIBLE_STATE_HIDDEN, TRUE, -1);

  gtk_list_box_row_set_child (GTK_LIST_BOX_ROW (row), box);
  return row;
}


const HeartsTrick *
hearts_trick_row_get_trick (HeartsTrickRow *self)
{
  g_return_val_if_fail (HEARTS_IS_TRICK_ROW (self), NULL);
  return &self->trick;
}

guint
hearts_trick_row_get_number (HeartsTrickRow *self)
{
  g_return_val_if_fail (HEARTS_IS_TRICK_ROW (self), 0);
  return self->number;
}

const char *
hearts_trick_row_get_text (HeartsTrickRow *self)
{
  g_return_val_if_fail (HEARTS_IS_TRICK_ROW (self), NULL);
  return self->text;
}
