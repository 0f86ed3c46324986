/* hearts-trick-history.c
 *
 * Two pages: the last finished trick, large, and every finished trick of the hand in
 * order. Each trick is a row: its cards in order of play with who played them, the
 * leader and the winner marked, and a line saying who took it and its points; a screen
 * reader hears the row as one sentence (HeartsTrickRow). The rows are built from the seat
 * view whenever the number of finished tricks changes, so they never show a trick the
 * game has undone.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>

#include "hearts-card-picture.h"
#include "hearts-trick-history.h"
#include "hearts-trick-row.h"

/* The cards' widest and narrowest: they follow the dialog's width in between. */
#define LAST_CARD_WIDTH 112
#define HAND_CARD_WIDTH 64

struct _HeartsTrickHistory
{
  HeartsDialogBase parent_instance;

  /* Template widgets */
  GtkStack   *stack;
  GtkListBox *last_list;
  GtkListBox *hand_list;

  HeartsSeatView  *view;
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

static void
clear_list (GtkListBox *list)
{
  GtkWidget *child;

  while ((child = gtk_widget_get_first_child (GTK_WIDGET (list))) != NULL)
    gtk_list_box_remove (list, child);
}

static GtkWidget *
new_trick_row (HeartsTrickHistory *self,
               guint               trick,
               int                 card_width)
{
  HeartsTrick t;

  if (!hearts_seat_state_get_trick (hearts_seat_view_get_state (self->view), trick, &t))
    g_return_val_if_reached (NULL);
  return hearts_trick_row_new (&t, trick + 1, self->view, self->theme, card_width, self->render_width);
}

/* Brings the pages up to the view: new tricks are added; anything else (an undo, a new
 * hand) rebuilds them, and with no finished trick left the dialog closes. */
static void
sync_from_view (HeartsTrickHistory *self)
{
  const HeartsSeatState *state = hearts_seat_view_get_state (self->view);
  guint                  n = hearts_seat_state_get_n_tricks (state);
  guint                  hand = hearts_seat_state_get_hand_index (state);

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

  if (self->view != NULL)
    g_signal_handlers_disconnect_by_data (self->view, self);
  gtk_widget_dispose_template (GTK_WIDGET (object), HEARTS_TYPE_TRICK_HISTORY);
  g_clear_object (&self->view);
  g_clear_object (&self->theme);

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
hearts_trick_history_new (HeartsSeatView  *view,
                          HeartsCardTheme *theme,
                          int              render_width)
{
  HeartsTrickHistory *self;

  g_return_val_if_fail (HEARTS_IS_SEAT_VIEW (view), NULL);
  g_return_val_if_fail (HEARTS_IS_CARD_THEME (theme), NULL);

  self = g_object_new (HEARTS_TYPE_TRICK_HISTORY, NULL);
  self->view = g_object_ref (view);
  self->theme = g_object_ref (theme);
  self->render_width = render_width;
  self->hand_index = hearts_seat_view_get_hand_index (view);
  g_signal_connect_data (view, "event", G_CALLBACK (sync_from_view), self, NULL,
                         G_CONNECT_SWAPPED | G_CONNECT_AFTER);
  sync_from_view (self);
  return self;
}

HeartsSeatView *
hearts_trick_history_get_seat_view (HeartsTrickHistory *self)
{
  g_return_val_if_fail (HEARTS_IS_TRICK_HISTORY (self), NULL);
  return self->view;
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

void
hearts_trick_history_set_render_width (HeartsTrickHistory *self,
                                       int                 render_width)
{
  g_return_if_fail (HEARTS_IS_TRICK_HISTORY (self));

  self->render_width = render_width;
  hearts_card_pictures_set_render_width (hearts_dialog_get_child (GTK_WIDGET (self)), render_width);
}

GtkListBox *
hearts_trick_history_get_list (HeartsTrickHistory *self)
{
  g_return_val_if_fail (HEARTS_IS_TRICK_HISTORY (self), NULL);

  return hearts_trick_history_get_mode (self) == HEARTS_TRICK_HISTORY_HAND_SO_FAR ? self->hand_list : self->last_list;
}

void
hearts_trick_history_present (HeartsTrickHistory *self,
                              GtkWidget          *parent)
{
  g_return_if_fail (HEARTS_IS_TRICK_HISTORY (self));

  hearts_dialog_set_size (GTK_WIDGET (self), 480, 560);
  hearts_dialog_present (GTK_WIDGET (self), parent);
}
