/* hearts-score-sheet.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>
#include <string.h>
#include <adwaita.h>

#include "hearts-format.h"
#include "hearts-score-sheet.h"
#include "hearts-seat-names.h"

struct _HeartsScoreSheet
{
  GtkWidget parent_instance;

  AdwClamp          *clamp;
  GtkWidget         *table_box;
  GtkLabel          *title_label;
  GtkLabel          *subtitle_label;
  GtkGrid           *heading_grid;
  GtkGrid           *grid;
  GtkWidget         *total_separator;
  GtkGrid           *total_grid;
  GtkLabel          *footnote_label;
  GtkScrolledWindow *side_scroller;
  GtkScrolledWindow *scroller;
  GtkWidget         *review_button;
  GtkWidget         *close_button;
  GtkWidget         *next_button;
  GtkWidget         *new_game_button;

  /* One per column, over the three grids: the pinned rows line up with the hands. */
  GtkSizeGroup *columns[HEARTS_MAX_PLAYERS + 1];
  /* Whether the hands follow the end of their list as it grows or the sheet is resized:
   * the newest hand is in sight until the player scrolls away from it. */
  gboolean at_end;
  guint    scroll_tick;

  HeartsScoreSheetMode mode;
  HeartsSeatView      *view;

  /* What the hand rows show, so that the next hand only adds its own row: a sheet of a
   * long game would otherwise make every cell again at every hand. */
  char      **rows_names;
  GArray     *rows;       /* HeartsHandResult, one per hand row */
};

enum
{
  PROP_0,
  PROP_SEAT_VIEW,
  PROP_MODE,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

/* The sheet's usual width, and its widest for long names. */
#define SHEET_WIDTH     560
#define SHEET_MAX_WIDTH 800

static void sync_sheet (HeartsScoreSheet *self);

G_DEFINE_FINAL_TYPE (HeartsScoreSheet, hearts_score_sheet, GTK_TYPE_WIDGET)

static GtkWidget *
cell (const char *text,
      const char *css_class,
      float       xalign)
{
  GtkWidget *label = gtk_label_new (text);

  gtk_label_set_xalign (GTK_LABEL (label), xalign);
  if (css_class != NULL)
    gtk_widget_add_css_class (label, css_class);
  return label;
}

/* Takes @text. */
static void
labelled_cell (GtkWidget *label,
               char      *text)
{
  gtk_accessible_update_property (GTK_ACCESSIBLE (label), GTK_ACCESSIBLE_PROPERTY_LABEL, text, -1);
  g_free (text);
}

static void
clear_grid (GtkGrid *grid)
{
  GtkWidget *child;

  while ((child = gtk_widget_get_first_child (GTK_WIDGET (grid))) != NULL)
    gtk_grid_remove (grid, child);
}

static void
attach (HeartsScoreSheet *self,
        GtkGrid          *grid,
        GtkWidget        *child,
        guint             column,
        guint             row)
{
  gtk_size_group_add_widget (self->columns[column], child);
  gtk_grid_attach (grid, child, column, row, 1, 1);
}

/* How wide the longest word of @text is in @label, in bold as a heading is drawn. */
static int
longest_word_width (GtkWidget  *label,
                    const char *text)
{
  g_auto(GStrv) words = g_strsplit_set (text, " -", -1);
  PangoAttrList *attrs = pango_attr_list_new ();
  int            longest = 0;

  pango_attr_list_insert (attrs, pango_attr_weight_new (PANGO_WEIGHT_BOLD));
  for (guint i = 0; words[i] != NULL; i++)
    {
      g_autoptr(PangoLayout) layout = gtk_widget_create_pango_layout (label, words[i]);
      int width;

      pango_layout_set_attributes (layout, attrs);
      pango_layout_get_pixel_size (layout, &width, NULL);
      longest = MAX (longest, width);
    }
  pango_attr_list_unref (attrs);
  return longest;
}

/* A name's word wider than this may be broken and end in "…" on a phone: five such
 * columns fit 360 px. */
#define HEADING_MAX_WORD_WIDTH 52

/* A heading sits on the rows below it. A long name takes the room the sheet has (it grows
 * for long names, see hearts_score_sheet_update()), then wraps between its words; where
 * even that does not fit (a phone) it ends in an ellipsis on its second line rather than
 * push the sheet wider, and the tooltip and a screen reader have it whole. */
static GtkWidget *
heading_cell (const char *text,
              float       xalign)
{
  GtkWidget *label = cell (text, "heading", xalign);

  gtk_label_set_wrap (GTK_LABEL (label), TRUE);
  /* Between words, never narrower than the longest word of a short name: at a phone's
   * width "Claude" was broken into "Claud-e". A longer word may break, then end in "…". */
  gtk_label_set_wrap_mode (GTK_LABEL (label), PANGO_WRAP_WORD_CHAR);
  gtk_widget_set_size_request (label, MIN (longest_word_width (label, text) + 1, HEADING_MAX_WORD_WIDTH), -1);
  gtk_label_set_ellipsize (GTK_LABEL (label), PANGO_ELLIPSIZE_END);
  gtk_label_set_lines (GTK_LABEL (label), 2);
  gtk_widget_set_tooltip_text (label, text);
  gtk_accessible_update_property (GTK_ACCESSIBLE (label), GTK_ACCESSIBLE_PROPERTY_LABEL, text, -1);
  gtk_label_set_justify (GTK_LABEL (label), xalign > 0 ? GTK_JUSTIFY_RIGHT : GTK_JUSTIFY_LEFT);
  gtk_widget_set_valign (label, GTK_ALIGN_END);
  return label;
}

/* The marks of special scores, before the points of a cell and in the footnote. */
#define MARK_MOON      "☾"
#define MARK_JACK      "†"
#define MARK_NO_TRICKS "‡"

/* One cell of a hand: its points with the marks of what made them special, and the same
 * said in words for a screen reader and a tooltip. */
static GtkWidget *
hand_cell (const HeartsHandResult *r,
           const char             *name,
           guint                   hand,
           guint                   seat)
{
  g_autofree char *points = hearts_format_points (r->points[seat]);
  g_autoptr(GString) marks = g_string_new (NULL);
  g_autoptr(GString) why = g_string_new (NULL);
  g_autofree char *markup = NULL;
  g_autofree char *spoken = NULL;
  GtkWidget       *label;

  if (r->shooter == (gint) seat)
    {
      g_string_append (marks, MARK_MOON);
      g_string_append (why, _("Shot the moon"));
    }
  if (r->jack == (gint) seat)
    {
      g_autofree char *bonus = hearts_format_points (HEARTS_OMNIBUS_BONUS);

      g_string_append (marks, MARK_JACK);
      if (why->len > 0)
        g_string_append (why, "\n");
      /* Translators: why a score sheet cell is special; %s is points, as "−10" */
      g_string_append_printf (why, _("Took the Jack of Diamonds: %s"), bonus);
    }
  if (r->no_tricks & (1u << seat))
    {
      g_autofree char *bonus = hearts_format_points (HEARTS_NO_TRICKS_BONUS);

      g_string_append (marks, MARK_NO_TRICKS);
      if (why->len > 0)
        g_string_append (why, "\n");
      /* Translators: why a score sheet cell is special; %s is points, as "−5" */
      g_string_append_printf (why, _("Took no trick: %s"), bonus);
    }

  if (marks->len > 0)
    markup = g_markup_printf_escaped ("<sup>%s</sup> %s", marks->str, points);
  else
    markup = g_markup_escape_text (points, -1);
  label = cell (NULL, "numeric", 1);
  gtk_label_set_markup (GTK_LABEL (label), markup);

  /* A screen reader reads a cell on its own: it says whose, which hand, and why. */
  /* Translators: a score sheet cell read aloud: player, hand number, points (as "−10") */
  spoken = g_strdup_printf (g_dngettext (NULL, "%s, hand %u: %s point", "%s, hand %u: %s points",
                                         ABS (r->points[seat])),
                            name, hand + 1, points);
  if (why->len > 0)
    {
      g_auto(GStrv) reasons = g_strsplit (why->str, "\n", -1);
      g_autofree char *reason = g_strjoinv (", ", reasons);

      gtk_widget_set_tooltip_text (label, why->str);
      /* Translators: two sentences read aloud one after the other */
      labelled_cell (label, g_strdup_printf (_("%s. %s"), spoken, reason));
    }
  else
    labelled_cell (label, g_steal_pointer (&spoken));
  if (r->shooter == (gint) seat)
    gtk_widget_add_css_class (label, "moon");
  return label;
}

/* Under the grid: what the marks mean. A moon is told hand by hand, as it is rare and
 * worth a line; the J♦ and the no-tricks bonus once. */
static char *
footnote_text (HeartsSeatView     *view,
               const char * const *names)
{
  g_autoptr(GString) text = g_string_new (NULL);
  guint    n_hands = hearts_seat_view_get_n_results (view);
  gboolean jack = FALSE, no_tricks = FALSE;

  for (guint h = 0; h < n_hands; h++)
    {
      const HeartsHandResult *r = hearts_seat_view_get_result (view, h);

      jack |= r->jack >= 0;
      no_tricks |= r->no_tricks != 0;
      if (r->shooter < 0)
        continue;
      if (text->len > 0)
        g_string_append_c (text, '\n');
      g_string_append (text, MARK_MOON " ");
      if (r->moon_minus)
        /* Translators: a score sheet's footnote; %s is a player's name ("You" for the
         * player), %u a hand number */
        g_string_append_printf (text, _("%s shot the moon in hand %u and took 26 off."),
                                         names[r->shooter], h + 1);
      else
        /* Translators: a score sheet's footnote; %s is a player's name ("You" for the
         * player), %u a hand number */
        g_string_append_printf (text, _("%s shot the moon in hand %u: everyone else took 26."),
                                         names[r->shooter], h + 1);
    }
  if (jack)
    {
      g_autofree char *bonus = hearts_format_points (HEARTS_OMNIBUS_BONUS);

      if (text->len > 0)
        g_string_append_c (text, '\n');
      g_string_append (text, MARK_JACK " ");
      /* Translators: a score sheet's footnote; %s is points, as "−10" */
      g_string_append_printf (text, _("Jack of Diamonds: %s"), bonus);
    }
  if (no_tricks)
    {
      g_autofree char *bonus = hearts_format_points (HEARTS_NO_TRICKS_BONUS);

      if (text->len > 0)
        g_string_append_c (text, '\n');
      g_string_append (text, MARK_NO_TRICKS " ");
      /* Translators: a score sheet's footnote; %s is points, as "−5" */
      g_string_append_printf (text, _("No trick taken: %s"), bonus);
    }
  return g_string_free (g_steal_pointer (&text), FALSE);
}

static void
scroll_to_end (HeartsScoreSheet *self)
{
  GtkAdjustment *adjustment = gtk_scrolled_window_get_vadjustment (self->scroller);

  gtk_adjustment_set_value (adjustment, gtk_adjustment_get_upper (adjustment) -
                                          gtk_adjustment_get_page_size (adjustment));
}

static gboolean
scroll_to_end_cb (GtkWidget     *widget,
                  GdkFrameClock *frame_clock,
                  gpointer       user_data)
{
  HeartsScoreSheet *self = user_data;

  self->scroll_tick = 0;
  if (self->at_end)
    scroll_to_end (self);
  return G_SOURCE_REMOVE;
}

/* The hands' height is known only once they are laid out, which changes the adjustment.
 * The viewport is then placing them: a new value would come too late for this frame and
 * be lost, so it waits for the next. */
static void
on_hands_adjustment_changed_cb (GtkAdjustment    *adjustment,
                                HeartsScoreSheet *self)
{
  if (self->at_end && self->scroll_tick == 0)
    self->scroll_tick = gtk_widget_add_tick_callback (GTK_WIDGET (self->scroller), scroll_to_end_cb, self, NULL);
}

static void
on_hands_adjustment_value_changed_cb (GtkAdjustment    *adjustment,
                                      HeartsScoreSheet *self)
{
  self->at_end = gtk_adjustment_get_value (adjustment) + gtk_adjustment_get_page_size (adjustment) >=
                 gtk_adjustment_get_upper (adjustment) - 1;
}

static void
on_visible_cb (HeartsScoreSheet *self)
{
  sync_sheet (self);
}

static void
hearts_score_sheet_dispose (GObject *object)
{
  HeartsScoreSheet *self = HEARTS_SCORE_SHEET (object);
  GtkWidget        *child;

  if (self->scroll_tick != 0)
    gtk_widget_remove_tick_callback (GTK_WIDGET (self->scroller), self->scroll_tick);
  self->scroll_tick = 0;
  gtk_widget_dispose_template (GTK_WIDGET (object), HEARTS_TYPE_SCORE_SHEET);
  while ((child = gtk_widget_get_first_child (GTK_WIDGET (object))) != NULL)
    gtk_widget_unparent (child);
  for (guint c = 0; c < G_N_ELEMENTS (self->columns); c++)
    g_clear_object (&self->columns[c]);
  if (self->view != NULL)
    g_signal_handlers_disconnect_by_data (self->view, self);
  g_clear_object (&self->view);
  g_clear_pointer (&self->rows_names, g_strfreev);
  g_clear_pointer (&self->rows, g_array_unref);

  G_OBJECT_CLASS (hearts_score_sheet_parent_class)->dispose (object);
}

/* Escape answers the sheet as its default button would: a hand's sheet goes on to
 * the next hand, the others close. */
static gboolean
escape_cb (GtkWidget *widget,
           GVariant  *args,
           gpointer   user_data)
{
  HeartsScoreSheet *self = HEARTS_SCORE_SHEET (widget);

  if (self->mode == HEARTS_SCORE_SHEET_HAND_OVER)
    return gtk_widget_activate_action (widget, "win.next-hand", NULL);
  return gtk_widget_activate_action (widget, "win.close-scores", NULL);
}

static void
hearts_score_sheet_get_property (GObject    *object,
                                 guint       prop_id,
                                 GValue     *value,
                                 GParamSpec *pspec)
{
  HeartsScoreSheet *self = HEARTS_SCORE_SHEET (object);

  switch (prop_id)
    {
    case PROP_SEAT_VIEW:
      g_value_set_object (value, self->view);
      break;
    case PROP_MODE:
      g_value_set_int (value, self->mode);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
hearts_score_sheet_set_property (GObject      *object,
                                 guint         prop_id,
                                 const GValue *value,
                                 GParamSpec   *pspec)
{
  HeartsScoreSheet *self = HEARTS_SCORE_SHEET (object);

  switch (prop_id)
    {
    case PROP_SEAT_VIEW:
      hearts_score_sheet_set_seat_view (self, g_value_get_object (value));
      break;
    case PROP_MODE:
      hearts_score_sheet_set_mode (self, g_value_get_int (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
hearts_score_sheet_class_init (HeartsScoreSheetClass *klass)
{
  GObjectClass   *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = hearts_score_sheet_dispose;
  object_class->get_property = hearts_score_sheet_get_property;
  object_class->set_property = hearts_score_sheet_set_property;

  properties[PROP_SEAT_VIEW] =
    g_param_spec_object ("seat-view", NULL, NULL, HEARTS_TYPE_SEAT_VIEW,
                         (G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));
  /* A HeartsScoreSheetMode. */
  properties[PROP_MODE] =
    g_param_spec_int ("mode", NULL, NULL, HEARTS_SCORE_SHEET_VIEW, HEARTS_SCORE_SHEET_GAME_OVER,
                      HEARTS_SCORE_SHEET_VIEW,
                      (G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));
  g_object_class_install_properties (object_class, N_PROPS, properties);

  gtk_widget_class_set_template_from_resource (widget_class, RESOURCE_PATH "/dialogs/hearts-score-sheet.ui");
  gtk_widget_class_bind_template_child (widget_class, HeartsScoreSheet, clamp);
  gtk_widget_class_bind_template_child (widget_class, HeartsScoreSheet, table_box);
  gtk_widget_class_bind_template_child (widget_class, HeartsScoreSheet, title_label);
  gtk_widget_class_bind_template_child (widget_class, HeartsScoreSheet, subtitle_label);
  gtk_widget_class_bind_template_child (widget_class, HeartsScoreSheet, heading_grid);
  gtk_widget_class_bind_template_child (widget_class, HeartsScoreSheet, grid);
  gtk_widget_class_bind_template_child (widget_class, HeartsScoreSheet, total_separator);
  gtk_widget_class_bind_template_child (widget_class, HeartsScoreSheet, total_grid);
  gtk_widget_class_bind_template_child (widget_class, HeartsScoreSheet, footnote_label);
  gtk_widget_class_bind_template_child (widget_class, HeartsScoreSheet, side_scroller);
  gtk_widget_class_bind_template_child (widget_class, HeartsScoreSheet, scroller);
  gtk_widget_class_bind_template_child (widget_class, HeartsScoreSheet, review_button);
  gtk_widget_class_bind_template_child (widget_class, HeartsScoreSheet, close_button);
  gtk_widget_class_bind_template_child (widget_class, HeartsScoreSheet, next_button);
  gtk_widget_class_bind_template_child (widget_class, HeartsScoreSheet, new_game_button);

  gtk_widget_class_add_binding (widget_class, GDK_KEY_Escape, 0, escape_cb, NULL);

  gtk_widget_class_set_css_name (widget_class, "score-sheet");
  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_DIALOG);
}

static void
hearts_score_sheet_init (HeartsScoreSheet *self)
{
  GtkAdjustment *hands = NULL;

  gtk_widget_init_template (GTK_WIDGET (self));
  for (guint c = 0; c < G_N_ELEMENTS (self->columns); c++)
    self->columns[c] = gtk_size_group_new (GTK_SIZE_GROUP_HORIZONTAL);
  self->rows = g_array_new (FALSE, FALSE, sizeof (HeartsHandResult));
  g_signal_connect (self, "notify::visible", G_CALLBACK (on_visible_cb), NULL);
  self->at_end = TRUE;
  hands = gtk_scrolled_window_get_vadjustment (self->scroller);
  g_signal_connect_object (hands, "changed", G_CALLBACK (on_hands_adjustment_changed_cb), self, 0);
  g_signal_connect_object (hands, "value-changed", G_CALLBACK (on_hands_adjustment_value_changed_cb), self, 0);

  /* Every scroll bar, also the ones their policy keeps hidden: a screen reader finds
   * them all. */
  for (guint i = 0; i < 2; i++)
    {
      GtkScrolledWindow *scroller = i == 0 ? self->side_scroller : self->scroller;

      gtk_accessible_update_property (GTK_ACCESSIBLE (gtk_scrolled_window_get_hscrollbar (scroller)),
                                      GTK_ACCESSIBLE_PROPERTY_LABEL, _("Scroll the scores sideways"), -1);
      gtk_accessible_update_property (GTK_ACCESSIBLE (gtk_scrolled_window_get_vscrollbar (scroller)),
                                      GTK_ACCESSIBLE_PROPERTY_LABEL, _("Scroll the scores"), -1);
    }
}

static gboolean
rows_still_shown (HeartsScoreSheet   *self,
                  const char * const *names)
{
  if (self->rows->len > hearts_seat_view_get_n_results (self->view) ||
      self->rows_names == NULL || !g_strv_equal ((const char * const *) self->rows_names, names))
    return FALSE;
  for (guint h = 0; h < self->rows->len; h++)
    if (memcmp (&g_array_index (self->rows, HeartsHandResult, h), hearts_seat_view_get_result (self->view, h),
                sizeof (HeartsHandResult)) != 0)
      return FALSE;
  return TRUE;
}

/* The sheet follows the seat view: a hand's row is added as the hand is scored, or
 * when the sheet is next shown (nothing is laid out for a hidden sheet at startup). */
static void
sync_sheet (HeartsScoreSheet *self)
{
  HeartsSeatView        *view = self->view;
  const HeartsSeatState *state;
  HeartsScoreSheetMode   mode = self->mode;
  guint                  n, n_hands, own;
  guint                  winners;
  const char            *names[HEARTS_MAX_PLAYERS + 1] = { NULL };
  g_autofree char       *title = NULL;
  g_autofree char       *subtitle = NULL;
  g_autofree char       *footnote = NULL;

  if (view == NULL || !gtk_widget_get_visible (GTK_WIDGET (self)))
    return;
  state = hearts_seat_view_get_state (view);
  n = hearts_seat_view_get_n_players (view);
  own = hearts_seat_view_get_seat (view);
  n_hands = hearts_seat_view_get_n_results (view);
  winners = hearts_seat_state_get_winners (state);
  for (guint s = 0; s < n; s++)
    names[s] = hearts_seat_name (view, s);

  clear_grid (self->heading_grid);
  clear_grid (self->total_grid);
  /* Translators: the heading of the score sheet's column of hand numbers (1, 2, 3 …) */
  attach (self, self->heading_grid, heading_cell (_("Hand"), 0), 0, 0);
  for (guint s = 0; s < n; s++)
    attach (self, self->heading_grid, heading_cell (names[s], 1), s + 1, 0);

  /* The hands shown stay while the game, the names and those hands' results are the same
   * (an undo may take a hand back and play it again otherwise). */
  if (!rows_still_shown (self, names))
    {
      clear_grid (self->grid);
      g_array_set_size (self->rows, 0);
      g_strfreev (self->rows_names);
      self->rows_names = g_strdupv ((char **) names);
    }
  /* Only the newest hand of a hand's or a game's end is marked. */
  for (GtkWidget *child = gtk_widget_get_first_child (GTK_WIDGET (self->grid));
       child != NULL;
       child = gtk_widget_get_next_sibling (child))
    gtk_widget_remove_css_class (child, "last-hand");
  for (guint h = self->rows->len; h < n_hands; h++)
    {
      const HeartsHandResult *r = hearts_seat_view_get_result (view, h);
      g_autofree char        *number = g_strdup_printf ("%u", h + 1);

      attach (self, self->grid, cell (number, "dim-label", 0), 0, h);
      for (guint s = 0; s < n; s++)
        attach (self, self->grid, hand_cell (r, names[s], h, s), s + 1, h);
      g_array_append_val (self->rows, *r);
    }
  if (n_hands > 0 && mode != HEARTS_SCORE_SHEET_VIEW)
    for (guint s = 0; s < n; s++)
      gtk_widget_add_css_class (gtk_grid_get_child_at (self->grid, s + 1, n_hands - 1), "last-hand");

  gtk_widget_set_visible (GTK_WIDGET (self->scroller), n_hands > 0);
  /* A scrollbar only when the hands are more than the sheet shows: a vertical scrollbar
   * asks for a height of its own, which left an empty row's gap under the first hand. */
  {
    int natural;

    gtk_widget_measure (GTK_WIDGET (self->grid), GTK_ORIENTATION_VERTICAL, -1, NULL, &natural, NULL, NULL);
    gtk_scrolled_window_set_policy (self->scroller, GTK_POLICY_NEVER,
                                    natural > gtk_scrolled_window_get_max_content_height (self->scroller)
                                      ? GTK_POLICY_AUTOMATIC
                                      : GTK_POLICY_NEVER);
  }
  gtk_widget_set_visible (self->total_separator, n_hands > 0);
  attach (self, self->total_grid, cell (_("Total"), "heading", 0), 0, 0);
  for (guint s = 0; s < n; s++)
    {
      g_autofree char *total = hearts_format_points (hearts_seat_state_get_total (state, s));
      GtkWidget       *label = cell (total, "total", 1);

      labelled_cell (label,
                     /* Translators: a score sheet total read aloud: player, points (as "−10") */
                     g_strdup_printf (g_dngettext (NULL, "%s, total: %s point", "%s, total: %s points",
                                                   ABS (hearts_seat_state_get_total (state, s))),
                                      names[s], total));

      gtk_widget_add_css_class (label, "numeric");
      if (winners & (1u << s))
        gtk_widget_add_css_class (label, "winner");
      attach (self, self->total_grid, label, s + 1, 0);
    }

  /* Wide enough for the names whole where the window has room (the sheet's padding
   * beside the table); a phone's sheet ellipsizes them instead. */
  {
    int natural;

    gtk_widget_measure (self->table_box, GTK_ORIENTATION_HORIZONTAL, -1, NULL, &natural, NULL, NULL);
    adw_clamp_set_maximum_size (self->clamp, CLAMP (natural + 2 * 24, SHEET_WIDTH, SHEET_MAX_WIDTH));
  }

  /* The newest hand in sight, once the hands are laid out. */
  self->at_end = TRUE;
  scroll_to_end (self);

  switch (mode)
    {
    case HEARTS_SCORE_SHEET_HAND_OVER:
      {
        const HeartsHandResult *r;

        if (n_hands == 0)
          break;
        r = hearts_seat_view_get_result (view, n_hands - 1);
        title = g_strdup_printf (_("Hand %u"), n_hands);
        if (r->shooter == (gint) own)
          subtitle = g_strdup (_("You shot the moon!"));
        else if (r->shooter >= 0)
          /* Translators: %s is a player's name */
          subtitle = g_strdup_printf (_("%s shot the moon"), names[r->shooter]);
        else
          {
            g_autofree char *points = hearts_format_points (r->points[own]);

            /* Translators: %s is points, as "13" or "−10" */
            subtitle = g_strdup_printf (g_dngettext (NULL, "You took %s point", "You took %s points",
                                                     ABS (r->points[own])),
                                        points);
          }
      }
      break;
    case HEARTS_SCORE_SHEET_GAME_OVER:
      {
        gint totals[HEARTS_MAX_PLAYERS];

        for (guint s = 0; s < n; s++)
          totals[s] = hearts_seat_state_get_total (state, s);
        title = hearts_format_standing (n, totals, names);
      }
      subtitle = g_strdup_printf (g_dngettext (NULL, "Game over after %u hand", "Game over after %u hands",
                                               n_hands),
                                  n_hands);
      break;
    case HEARTS_SCORE_SHEET_VIEW:
    default:
      title = g_strdup (_("Scores"));
      if (n_hands == 0)
        subtitle = g_strdup (_("No hand has been played yet"));
      break;
    }

  footnote = footnote_text (view, names);
  gtk_label_set_label (self->footnote_label, footnote != NULL ? footnote : "");
  gtk_widget_set_visible (GTK_WIDGET (self->footnote_label), footnote != NULL && footnote[0] != '\0');
  gtk_label_set_label (self->title_label, title != NULL ? title : "");
  gtk_label_set_label (self->subtitle_label, subtitle != NULL ? subtitle : "");
  gtk_widget_set_visible (GTK_WIDGET (self->subtitle_label), subtitle != NULL);
  gtk_widget_set_visible (self->next_button, mode == HEARTS_SCORE_SHEET_HAND_OVER);
  gtk_widget_set_visible (self->new_game_button, mode == HEARTS_SCORE_SHEET_GAME_OVER);
  gtk_widget_set_visible (self->close_button, mode != HEARTS_SCORE_SHEET_HAND_OVER);
  /* For the hand just finished. */
  gtk_widget_set_visible (self->review_button, mode != HEARTS_SCORE_SHEET_VIEW);
}

GtkWidget *
hearts_score_sheet_new (void)
{
  return g_object_new (HEARTS_TYPE_SCORE_SHEET, NULL);
}

HeartsSeatView *
hearts_score_sheet_get_seat_view (HeartsScoreSheet *self)
{
  g_return_val_if_fail (HEARTS_IS_SCORE_SHEET (self), NULL);
  return self->view;
}

void
hearts_score_sheet_set_seat_view (HeartsScoreSheet *self,
                                  HeartsSeatView   *view)
{
  g_return_if_fail (HEARTS_IS_SCORE_SHEET (self));
  g_return_if_fail (view == NULL || HEARTS_IS_SEAT_VIEW (view));

  if (self->view == view)
    return;
  if (self->view != NULL)
    g_signal_handlers_disconnect_by_data (self->view, self);
  g_set_object (&self->view, view);
  /* Another game: its rows afresh. */
  g_array_set_size (self->rows, 0);
  clear_grid (self->grid);
  if (view != NULL)
    {
      g_signal_connect_swapped (view, "notify::n-results", G_CALLBACK (sync_sheet), self);
      g_signal_connect_swapped (view, "notify::player-names", G_CALLBACK (sync_sheet), self);
    }
  sync_sheet (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_SEAT_VIEW]);
}

void
hearts_score_sheet_set_mode (HeartsScoreSheet    *self,
                             HeartsScoreSheetMode mode)
{
  g_return_if_fail (HEARTS_IS_SCORE_SHEET (self));

  self->mode = mode;
  sync_sheet (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_MODE]);
}

HeartsScoreSheetMode
hearts_score_sheet_get_mode (HeartsScoreSheet *self)
{
  g_return_val_if_fail (HEARTS_IS_SCORE_SHEET (self), HEARTS_SCORE_SHEET_VIEW);
  return self->mode;
}

/**
 * hearts_score_sheet_dup_summary:
 *
 * Returns: (transfer full): the sheet's title and subtitle as one sentence, to be read aloud
 */
char *
hearts_score_sheet_dup_summary (HeartsScoreSheet *self)
{
  const char *subtitle;

  g_return_val_if_fail (HEARTS_IS_SCORE_SHEET (self), NULL);

  subtitle = gtk_label_get_label (self->subtitle_label);
  if (subtitle[0] == '\0')
    return g_strdup (gtk_label_get_label (self->title_label));
  /* Translators: a score sheet's title, then its subtitle, read aloud */
  return g_strdup_printf (_("%s. %s"), gtk_label_get_label (self->title_label), subtitle);
}

GtkWidget *
hearts_score_sheet_get_default_button (HeartsScoreSheet *self)
{
  g_return_val_if_fail (HEARTS_IS_SCORE_SHEET (self), NULL);

  switch (self->mode)
    {
    case HEARTS_SCORE_SHEET_HAND_OVER:
      return self->next_button;
    case HEARTS_SCORE_SHEET_GAME_OVER:
      return self->new_game_button;
    case HEARTS_SCORE_SHEET_VIEW:
    default:
      return self->close_button;
    }
}

GtkWidget *
hearts_score_sheet_get_review_button (HeartsScoreSheet *self)
{
  g_return_val_if_fail (HEARTS_IS_SCORE_SHEET (self), NULL);

  return self->review_button;
}
