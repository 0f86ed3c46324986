/* hearts-trick-history.c
 *
 * Two pages: the last finished trick, large, and every finished trick of the hand in
 * order. Each trick is a row: its cards in order of play with who played them, the
 * leader and the winner marked, and a line saying who took it and its points; a screen
 * reader hears the row as one sentence. The rows are built from the game whenever the
 * number of finished tricks changes, so they never show a trick the game has undone.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>

#include "hearts-card-picture.h"
#include "hearts-format.h"
#include "hearts-trick-history.h"

/* The cards' widest and narrowest: they follow the dialog's width in between. */
#define LAST_CARD_WIDTH 112
#define HAND_CARD_WIDTH 64
#define MIN_CARD_WIDTH  32

struct _HeartsTrickHistory
{
  HeartsDialogBase parent_instance;

  /* Template widgets */
  GtkStack   *stack;
  GtkListBox *last_list;
  GtkListBox *hand_list;

  HeartsGame      *game;
  GStrv            player_names;
  HeartsCardTheme *theme;
  int              render_width;
  guint            hand_index; /* of the tricks shown */
  guint            n_shown;    /* tricks on the Hand So Far page */
  gboolean         closing;
};

G_DEFINE_ENUM_TYPE (HeartsTrickHistoryMode, hearts_trick_history_mode, G_DEFINE_ENUM_VALUE (HEARTS_TRICK_HISTORY_LAST_TRICK, "last-trick"), G_DEFINE_ENUM_VALUE (HEARTS_TRICK_HISTORY_HAND_SO_FAR, "hand-so-far"))

G_DEFINE_FINAL_TYPE (HeartsTrickHistory, hearts_trick_history, HEARTS_TYPE_DIALOG_BASE)

enum
{
  PROP_0,
  PROP_MODE,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

/* What a row shows, kept on it for hearts_trick_history_describe(). */
typedef struct
{
  guint      number;
  guint      leader;
  gint       winner;
  gint       points;
  guint      n_cards;
  HeartsCard cards[HEARTS_MAX_PLAYERS];
  char      *label;
} TrickInfo;

static void
trick_info_free (gpointer data)
{
  TrickInfo *info = data;

  g_free (info->label);
  g_free (info);
}

static const char *
player_name (HeartsTrickHistory *self,
             guint               seat)
{
  if (self->player_names != NULL && seat < g_strv_length (self->player_names))
    return self->player_names[seat];
  return "";
}

static char *
took_text (HeartsTrickHistory *self,
           const TrickInfo    *info)
{
  g_autofree char *points = hearts_format_points (info->points);

  /* Translators: a player's name, then the points of the trick they took: "North took it, 1 point" */
  return g_strdup_printf (g_dngettext (NULL, "%s took it, %s point", "%s took it, %s points", ABS (info->points)),
                          player_name (self, info->winner), points);
}

/* "Trick 3, led by West: West Two of Clubs, North Five of Clubs, …; North took it, 1 point" */
static char *
trick_sentence (HeartsTrickHistory *self,
                const TrickInfo    *info)
{
  g_autoptr(GString) plays = g_string_new (NULL);
  g_autofree char *took = took_text (self, info);

  for (guint i = 0; i < info->n_cards; i++)
    {
      g_autofree char *card = hearts_card_get_name (info->cards[i]);
      g_autofree char *play = NULL;

      /* Translators: a player's name and the card they played, in a list of a trick's
       * plays: "West Two of Clubs" */
      play = g_strdup_printf (C_("trick play", "%s %s"), player_name (self, (info->leader + i) % info->n_cards), card);
      if (i > 0)
        /* Translators: between the plays of a trick read out */
        g_string_append (plays, C_("trick play", ", "));
      g_string_append (plays, play);
    }
  /* Translators: the trick's number, its leader, the list of its plays, then who took it:
   * "Trick 3, led by West: West Two of Clubs, North Five of Clubs; North took it, 1 point" */
  return g_strdup_printf (_("Trick %u, led by %s: %s; %s"), info->number,
                             player_name (self, info->leader), plays->str, took);
}

/* One card with who played it, and whether they led or took the trick. */
static GtkWidget *
new_play (HeartsTrickHistory *self,
          const TrickInfo    *info,
          guint               i,
          int                 card_width)
{
  guint       seat = (info->leader + i) % info->n_cards;
  GtkWidget  *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 4);
  GtkWidget  *name = gtk_label_new (player_name (self, seat));
  GtkWidget  *picture = hearts_card_picture_new (info->cards[i], self->theme, card_width, self->render_width);
  GtkWidget  *mark;
  const char *text = "";

  gtk_widget_add_css_class (box, "trick-play");
  hearts_card_picture_set_min_width (HEARTS_CARD_PICTURE (picture), MIN_CARD_WIDTH);
  gtk_box_append (GTK_BOX (box), picture);

  gtk_label_set_ellipsize (GTK_LABEL (name), PANGO_ELLIPSIZE_END);
  gtk_label_set_max_width_chars (GTK_LABEL (name), 8);
  gtk_widget_add_css_class (name, "caption");
  gtk_box_append (GTK_BOX (box), name);

  if (i == 0 && (gint) seat == info->winner)
    text = C_("trick", "Led, took it");
  else if (i == 0)
    text = C_("trick", "Led");
  else if ((gint) seat == info->winner)
    text = C_("trick", "Took it");
  mark = gtk_label_new (text);
  /* A narrow dialog's cards are narrower than the words. */
  gtk_label_set_wrap (GTK_LABEL (mark), TRUE);
  gtk_label_set_justify (GTK_LABEL (mark), GTK_JUSTIFY_CENTER);
  gtk_widget_add_css_class (mark, "caption");
  gtk_widget_add_css_class (mark, (gint) seat == info->winner ? "accent" : "dim-label");
  gtk_box_append (GTK_BOX (box), mark);
  if ((gint) seat == info->winner)
    gtk_widget_add_css_class (box, "winner");
  return box;
}

static GtkWidget *
new_trick_row (HeartsTrickHistory *self,
               guint               trick,
               int                 card_width)
{
  TrickInfo       *info = g_new0 (TrickInfo, 1);
  GtkWidget       *row = gtk_list_box_row_new ();
  GtkWidget       *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 8);
  GtkWidget       *heading;
  GtkWidget       *plays;
  GtkWidget       *footer;
  g_autofree char *number = NULL;
  g_autofree char *took = NULL;

  info->number = trick + 1;
  info->n_cards = hearts_game_get_played_trick (self->game, trick, info->cards, &info->leader);
  info->winner = hearts_game_get_trick_winner (self->game, trick);
  info->points = hearts_game_get_trick_points (self->game, trick);
  info->label = trick_sentence (self, info);

  gtk_list_box_row_set_activatable (GTK_LIST_BOX_ROW (row), FALSE);
  gtk_widget_set_focusable (row, TRUE);
  gtk_accessible_update_property (GTK_ACCESSIBLE (row), GTK_ACCESSIBLE_PROPERTY_LABEL, info->label, -1);
  gtk_widget_add_css_class (box, "trick-row");
  gtk_widget_set_margin_start (box, 12);
  gtk_widget_set_margin_end (box, 12);
  gtk_widget_set_margin_top (box, 8);
  gtk_widget_set_margin_bottom (box, 10);

  /* Translators: the heading of a trick in the list of the hand's tricks */
  number = g_strdup_printf (_("Trick %u"), info->number);
  heading = gtk_label_new (number);
  gtk_label_set_xalign (GTK_LABEL (heading), 0);
  gtk_widget_add_css_class (heading, "heading");
  gtk_box_append (GTK_BOX (box), heading);

  /* The plays share the row's width alike, and the cards shrink to fit it. */
  plays = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 12);
  gtk_box_set_homogeneous (GTK_BOX (plays), TRUE);
  gtk_widget_set_halign (plays, GTK_ALIGN_CENTER);
  for (guint i = 0; i < info->n_cards; i++)
    gtk_box_append (GTK_BOX (plays), new_play (self, info, i, card_width));
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
  g_object_set_data_full (G_OBJECT (row), "hearts-trick", info, trick_info_free);
  return row;
}

static void
clear_list (GtkListBox *list)
{
  GtkWidget *child;

  while ((child = gtk_widget_get_first_child (GTK_WIDGET (list))) != NULL)
    gtk_list_box_remove (list, child);
}

/* Brings the pages up to the game: new tricks are added; anything else (an undo, a new
 * hand) rebuilds them, and with no finished trick left the dialog closes. */
static void
sync_from_game (HeartsTrickHistory *self)
{
  guint n = hearts_game_get_n_finished_tricks (self->game);
  guint hand = hearts_game_get_hand_index (self->game);

  if (n == self->n_shown && hand == self->hand_index)
    return;
  if (n < self->n_shown || hand != self->hand_index)
    {
      clear_list (self->hand_list);
      self->n_shown = 0;
      self->hand_index = hand;
    }

  clear_list (self->last_list);
  if (n == 0)
    {
      if (!self->closing && gtk_widget_get_realized (GTK_WIDGET (self)))
        {
          self->closing = TRUE;
          hearts_dialog_close (GTK_WIDGET (self));
        }
      return;
    }

  for (; self->n_shown < n; self->n_shown++)
    gtk_list_box_append (self->hand_list, new_trick_row (self, self->n_shown, HAND_CARD_WIDTH));
  gtk_list_box_append (self->last_list, new_trick_row (self, n - 1, LAST_CARD_WIDTH));
}

/* The newest trick takes the focus: the list scrolls to it, and a screen reader reads it. */
static void
focus_newest (HeartsTrickHistory *self)
{
  GtkListBox *list = hearts_trick_history_get_mode (self) == HEARTS_TRICK_HISTORY_HAND_SO_FAR
                       ? self->hand_list
                       : self->last_list;
  GtkWidget  *row = gtk_widget_get_last_child (GTK_WIDGET (list));

  if (row != NULL && gtk_widget_get_mapped (GTK_WIDGET (self)))
    gtk_widget_grab_focus (row);
}

static void
on_page_changed_cb (HeartsTrickHistory *self)
{
  focus_newest (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_MODE]);
}

/* GObject */

static void
hearts_trick_history_map (GtkWidget *widget)
{
  GTK_WIDGET_CLASS (hearts_trick_history_parent_class)->map (widget);

  focus_newest (HEARTS_TRICK_HISTORY (widget));
}

static void
hearts_trick_history_dispose (GObject *object)
{
  HeartsTrickHistory *self = HEARTS_TRICK_HISTORY (object);

  if (self->game != NULL)
    g_signal_handlers_disconnect_by_data (self->game, self);
  gtk_widget_dispose_template (GTK_WIDGET (object), HEARTS_TYPE_TRICK_HISTORY);
  g_clear_object (&self->game);
  g_clear_object (&self->theme);
  g_clear_pointer (&self->player_names, g_strfreev);

  G_OBJECT_CLASS (hearts_trick_history_parent_class)->dispose (object);
}

static void
hearts_trick_history_get_property (GObject    *object,
                                   guint       prop_id,
                                   GValue     *value,
                                   GParamSpec *pspec)
{
  HeartsTrickHistory *self = HEARTS_TRICK_HISTORY (object);

  switch (prop_id)
    {
    case PROP_MODE:
      g_value_set_enum (value, hearts_trick_history_get_mode (self));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
hearts_trick_history_set_property (GObject      *object,
                                   guint         prop_id,
                                   const GValue *value,
                                   GParamSpec   *pspec)
{
  HeartsTrickHistory *self = HEARTS_TRICK_HISTORY (object);

  switch (prop_id)
    {
    case PROP_MODE:
      hearts_trick_history_set_mode (self, g_value_get_enum (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
hearts_trick_history_class_init (HeartsTrickHistoryClass *klass)
{
  GObjectClass   *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = hearts_trick_history_dispose;
  object_class->get_property = hearts_trick_history_get_property;
  object_class->set_property = hearts_trick_history_set_property;
  widget_class->map = hearts_trick_history_map;

  /* The page shown. */
  properties[PROP_MODE] =
    g_param_spec_enum ("mode", NULL, NULL,
                       HEARTS_TYPE_TRICK_HISTORY_MODE, HEARTS_TRICK_HISTORY_LAST_TRICK,
                       (G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));
  g_object_class_install_properties (object_class, N_PROPS, properties);

  hearts_dialog_class_add_close_shortcut (widget_class);

  gtk_widget_class_set_template_from_resource (widget_class, RESOURCE_PATH "/dialogs/hearts-trick-history.ui");
  gtk_widget_class_bind_template_child (widget_class, HeartsTrickHistory, stack);
  gtk_widget_class_bind_template_child (widget_class, HeartsTrickHistory, last_list);
  gtk_widget_class_bind_template_child (widget_class, HeartsTrickHistory, hand_list);
  gtk_widget_class_bind_template_callback (widget_class, on_page_changed_cb);
}

static void
hearts_trick_history_init (HeartsTrickHistory *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
}

/* Public API */

HeartsTrickHistory *
hearts_trick_history_new (HeartsGame         *game,
                          const char * const *player_names,
                          HeartsCardTheme    *theme,
                          int                 render_width)
{
  HeartsTrickHistory *self;

  g_return_val_if_fail (HEARTS_IS_GAME (game), NULL);
  g_return_val_if_fail (HEARTS_IS_CARD_THEME (theme), NULL);

  self = g_object_new (HEARTS_TYPE_TRICK_HISTORY, NULL);
  self->game = g_object_ref (game);
  self->player_names = g_strdupv ((char **) player_names);
  self->theme = g_object_ref (theme);
  self->render_width = render_width;
  self->hand_index = hearts_game_get_hand_index (game);
  g_signal_connect_object (game, "changed", G_CALLBACK (sync_from_game), self, G_CONNECT_SWAPPED);
  sync_from_game (self);
  return self;
}

HeartsGame *
hearts_trick_history_get_game (HeartsTrickHistory *self)
{
  g_return_val_if_fail (HEARTS_IS_TRICK_HISTORY (self), NULL);
  return self->game;
}

HeartsTrickHistoryMode
hearts_trick_history_get_mode (HeartsTrickHistory *self)
{
  g_return_val_if_fail (HEARTS_IS_TRICK_HISTORY (self), HEARTS_TRICK_HISTORY_LAST_TRICK);

  return g_strcmp0 (gtk_stack_get_visible_child_name (self->stack), "hand-so-far") == 0
           ? HEARTS_TRICK_HISTORY_HAND_SO_FAR
           : HEARTS_TRICK_HISTORY_LAST_TRICK;
}

void
hearts_trick_history_set_mode (HeartsTrickHistory    *self,
                               HeartsTrickHistoryMode mode)
{
  g_return_if_fail (HEARTS_IS_TRICK_HISTORY (self));

  /* The stack's notify says it. */
  gtk_stack_set_visible_child_name (self->stack, mode == HEARTS_TRICK_HISTORY_HAND_SO_FAR ? "hand-so-far" : "last-trick");
}

static void
collect_cards (GtkWidget       *widget,
               GVariantBuilder *cards)
{
  if (HEARTS_IS_CARD_PICTURE (widget))
    {
      g_variant_builder_add (cards, "s", hearts_card_to_string (hearts_card_picture_get_card (HEARTS_CARD_PICTURE (widget))));
      return;
    }
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL; child = gtk_widget_get_next_sibling (child))
    collect_cards (child, cards);
}

void
hearts_trick_history_set_render_width (HeartsTrickHistory *self,
                                       int                 render_width)
{
  g_return_if_fail (HEARTS_IS_TRICK_HISTORY (self));

  self->render_width = render_width;
  hearts_card_pictures_set_render_width (hearts_dialog_get_child (GTK_WIDGET (self)), render_width);
}

GVariant *
hearts_trick_history_describe (HeartsTrickHistory *self)
{
  g_autoptr(GEnumClass) modes = NULL;
  HeartsTrickHistoryMode mode;
  GtkListBox            *list;
  GVariantBuilder        b, tricks;

  g_return_val_if_fail (HEARTS_IS_TRICK_HISTORY (self), NULL);

  modes = g_type_class_ref (HEARTS_TYPE_TRICK_HISTORY_MODE);
  mode = hearts_trick_history_get_mode (self);
  list = mode == HEARTS_TRICK_HISTORY_HAND_SO_FAR ? self->hand_list : self->last_list;
  g_variant_builder_init (&tricks, G_VARIANT_TYPE ("aa{sv}"));
  for (GtkWidget *row = gtk_widget_get_first_child (GTK_WIDGET (list)); row != NULL; row = gtk_widget_get_next_sibling (row))
    {
      TrickInfo      *info = g_object_get_data (G_OBJECT (row), "hearts-trick");
      GVariantBuilder t, cards;

      if (info == NULL)
        continue;
      /* The cards as the row shows them. */
      g_variant_builder_init (&cards, G_VARIANT_TYPE_STRING_ARRAY);
      collect_cards (row, &cards);
      g_variant_builder_init (&t, G_VARIANT_TYPE_VARDICT);
      g_variant_builder_add (&t, "{sv}", "number", g_variant_new_uint32 (info->number));
      g_variant_builder_add (&t, "{sv}", "leader", g_variant_new_int32 (info->leader));
      g_variant_builder_add (&t, "{sv}", "winner", g_variant_new_int32 (info->winner));
      g_variant_builder_add (&t, "{sv}", "points", g_variant_new_int32 (info->points));
      g_variant_builder_add (&t, "{sv}", "cards", g_variant_builder_end (&cards));
      g_variant_builder_add (&t, "{sv}", "label", g_variant_new_string (info->label));
      g_variant_builder_add_value (&tricks, g_variant_builder_end (&t));
    }

  g_variant_builder_init (&b, G_VARIANT_TYPE_VARDICT);
  g_variant_builder_add (&b, "{sv}", "mode", g_variant_new_string (g_enum_get_value (modes, mode)->value_nick));
  g_variant_builder_add (&b, "{sv}", "tricks", g_variant_builder_end (&tricks));
  return g_variant_builder_end (&b);
}

void
hearts_trick_history_present (HeartsTrickHistory *self,
                              GtkWidget          *parent)
{
  g_return_if_fail (HEARTS_IS_TRICK_HISTORY (self));

  hearts_dialog_set_size (GTK_WIDGET (self), 480, 560);
  hearts_dialog_present (GTK_WIDGET (self), parent);
}
