/* hearts-table-input.c: the human's clicks, drags and keys on the hand
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>

#include "hearts-table-private.h"

static void
try_play (HeartsTable *self,
          HeartsCard   card)
{
  HeartsRefusal refusal = HEARTS_REFUSAL_NONE;

  if (!hearts_seat_view_play (self->view, card, &refusal))
    {
      /* The card springs back to its place in the hand. */
      _hearts_table_start_reflow (self);
      _hearts_table_refuse (self, refusal);
    }
}

/* Where a dragged card was let go. */
typedef enum
{
  DROP_NONE,       /* not a drop: a click or a key */
  DROP_OUTSIDE,    /* off the table (the header bar), or nowhere it could go */
  DROP_HAND,       /* back on the hand's row */
  DROP_PASS_AREA,
  DROP_TABLE,      /* on the felt above the hand */
} Drop;

/* A click (n_press 1 or 2), a keyboard activation (2) or a drop (0, @drop) on a hand card. */
static void
use_card (HeartsTable *self,
          HeartsCard   card,
          int          n_press,
          Drop         drop)
{
  HeartsPhase phase;

  if (self->view == NULL)
    return;

  /* A click during an animation first puts every card where it is going. */
  hearts_table_finish_animations (self);
  phase = hearts_seat_view_get_phase (self->view);

  if (phase == HEARTS_PHASE_PASSING)
    {
      gboolean in_slot = _hearts_table_chosen_index (self, card) >= 0;

      if (!_hearts_table_human_may_pass (self))
        {
          _hearts_table_start_reflow (self);
          return;
        }
      /* A click toggles a card; a drop on the pass area chooses it, one on the hand
       * takes it back, one anywhere else (a name plate, the header bar) changes nothing. */
      if (n_press > 0 || (drop == DROP_PASS_AREA && !in_slot) || (drop == DROP_HAND && in_slot))
        _hearts_table_toggle_chosen (self, card);
      else
        _hearts_table_start_reflow (self);
      return;
    }

  if (phase != HEARTS_PHASE_PLAYING)
    {
      _hearts_table_start_reflow (self);
      return;
    }

  /* A card is played on the table, not on the hand or off the table. */
  if (n_press == 0 && drop != DROP_TABLE && drop != DROP_PASS_AREA)
    {
      _hearts_table_start_reflow (self);
      return;
    }
  /* One click of two: a card that may be played says how, one that may not says why
   * (as a double click would), and out of turn nothing is said twice. */
  if (n_press == 1 && self->double_click)
    {
      if (hearts_seat_view_get_current_player (self->view) == (gint) _hearts_table_own_seat (self) &&
          hearts_cards_has (hearts_seat_state_get_legal (hearts_seat_view_get_state (self->view)), card))
        _hearts_table_tell (self, _("Double-click a card to play it"));
      return;
    }

  if (hearts_seat_view_get_current_player (self->view) != (gint) _hearts_table_own_seat (self))
    {
      _hearts_table_start_reflow (self);
      _hearts_table_refuse (self, HEARTS_REFUSAL_NOT_YOUR_TURN);
      return;
    }
  try_play (self, card);
}

/* The cards of the group @card is in, in the order the keys go through them: the pass
 * slots' cards in slot order, or the row of the hand. */
static guint
group_of (HeartsTable      *self,
          HeartsCardWidget *card,
          HeartsCardWidget *group[64])
{
  gboolean chosen = _hearts_table_chosen_index (self, hearts_card_widget_get_card (card)) >= 0;
  guint    n = 0;

  if (chosen)
    {
      for (guint i = 0; i < self->n_chosen; i++)
        for (guint k = 0; k < self->hand->len; k++)
          if (hearts_card_widget_get_card (g_ptr_array_index (self->hand, k)) == self->chosen[i])
            group[n++] = g_ptr_array_index (self->hand, k);
      return n;
    }
  for (guint k = 0; k < self->hand->len; k++)
    if (_hearts_table_chosen_index (self, hearts_card_widget_get_card (g_ptr_array_index (self->hand, k))) < 0)
      group[n++] = g_ptr_array_index (self->hand, k);
  return n;
}

static void
focus_card (HeartsTable      *self,
            HeartsCardWidget *card)
{
  GtkRoot *root = gtk_widget_get_root (GTK_WIDGET (self));

  _hearts_table_set_focus_card (self, card);
  gtk_widget_grab_focus (GTK_WIDGET (card));
  /* Moved by a key: the ring shows where it went. */
  if (GTK_IS_WINDOW (root))
    gtk_window_set_focus_visible (GTK_WINDOW (root), TRUE);
}

/* Space or Enter. While passing, a card chosen from the row goes to the pass area and
 * the focus stays in the row, on the card that takes its place (the next one, or the one
 * before at the end), so that Enter, Enter, Enter chooses three; a card sent back from
 * the pass area keeps the focus, in the row. */
static void
on_card_activate (HeartsCardWidget *card,
                  HeartsTable      *self)
{
  HeartsCard        c = hearts_card_widget_get_card (card);
  HeartsCardWidget *group[64];
  HeartsCardWidget *next = NULL;
  gboolean          from_row = _hearts_table_human_may_pass (self) && _hearts_table_chosen_index (self, c) < 0;

  if (from_row)
    {
      guint n = group_of (self, card, group);

      for (guint i = 0; i < n; i++)
        if (group[i] == card)
          next = i + 1 < n ? group[i + 1] : i > 0 ? group[i - 1] : NULL;
    }
  use_card (self, c, 2, DROP_NONE);
  if (from_row && next != NULL && _hearts_table_chosen_index (self, c) >= 0)
    focus_card (self, next);
  else if (!from_row && gtk_widget_has_focus (GTK_WIDGET (card)) && _hearts_table_chosen_index (self, c) < 0)
    /* Back in the row: Down from the pass area comes to it. */
    _hearts_table_set_focus_card (self, card);
}

/* Left and Right (Home, End) go through the group the focus is in: the row or the pass
 * area. */
static void
on_card_move_focus (HeartsCardWidget *card,
                    int               step,
                    HeartsTable      *self)
{
  HeartsCardWidget *group[64];
  guint             n = group_of (self, card, group);

  for (guint i = 0; i < n; i++)
    if (group[i] == card)
      {
        focus_card (self, group[CLAMP ((int) i + step, 0, (int) n - 1)]);
        return;
      }
}

/* Up goes to the pass area's first card, Down back to the row, where the focus left it. */
static void
on_card_move_row (HeartsCardWidget *card,
                  int               step,
                  HeartsTable      *self)
{
  gboolean          chosen = _hearts_table_chosen_index (self, hearts_card_widget_get_card (card)) >= 0;
  HeartsCardWidget *target = NULL;

  if (step < 0 && !chosen && self->n_chosen > 0)
    {
      for (guint k = 0; k < self->hand->len; k++)
        if (hearts_card_widget_get_card (g_ptr_array_index (self->hand, k)) == self->chosen[0])
          target = g_ptr_array_index (self->hand, k);
    }
  else if (step > 0 && chosen)
    {
      HeartsCardWidget *group[64];
      guint             n;

      /* Any card of the row gives the row. */
      for (guint k = 0; k < self->hand->len && target == NULL; k++)
        if (_hearts_table_chosen_index (self, hearts_card_widget_get_card (g_ptr_array_index (self->hand, k))) < 0)
          target = g_ptr_array_index (self->hand, k);
      n = target != NULL ? group_of (self, target, group) : 0;
      for (guint i = 0; i < n; i++)
        if (hearts_card_widget_get_card (group[i]) == self->row_card)
          target = group[i];
    }
  if (target != NULL)
    focus_card (self, target);
}

static void
on_card_has_focus (HeartsCardWidget *card,
                   GParamSpec       *pspec,
                   HeartsTable      *self)
{
  if (gtk_widget_has_focus (GTK_WIDGET (card)))
    _hearts_table_set_focus_card (self, card);
}

static gboolean
use_card_idle (gpointer user_data)
{
  HeartsTable *self = user_data;

  self->use_idle_id = 0;
  use_card (self, self->use_card, self->use_n_press, self->use_drop);
  return G_SOURCE_REMOVE;
}

/* Gestures hand their card over from an idle: a card played from inside its own
 * gesture's handler is unparented while GTK still routes the pointer to it, and X11
 * input to the window then stops (GTK 4.8). */
static void
use_card_later (HeartsTable *self,
                HeartsCard   card,
                int          n_press,
                Drop         drop)
{
  if (self->use_idle_id != 0)
    return;
  self->use_card = card;
  self->use_n_press = n_press;
  self->use_drop = drop;
  self->use_idle_id = g_idle_add (use_card_idle, self);
}

/* Where the pointer of @gesture's current event is, in table coordinates. The card
 * under it moves while it is dragged, so its own coordinates are no use. */
static graphene_point_t
pointer_in_table (HeartsTable *self,
                  GtkGesture  *gesture)
{
  GdkEvent        *event = gtk_event_controller_get_current_event (GTK_EVENT_CONTROLLER (gesture));
  GtkNative       *native = gtk_widget_get_native (GTK_WIDGET (self));
  graphene_point_t p = GRAPHENE_POINT_INIT (0, 0);
  double           x = 0, y = 0, sx = 0, sy = 0;

  if (event == NULL || native == NULL || !gdk_event_get_position (event, &x, &y))
    return self->drag_pos;
  gtk_native_get_surface_transform (native, &sx, &sy);
  if (!gtk_widget_compute_point (GTK_WIDGET (native), GTK_WIDGET (self),
                                 &GRAPHENE_POINT_INIT (x - sx, y - sy), &p))
    return self->drag_pos;
  return p;
}

static void
on_card_click_released (GtkGestureClick *gesture,
                        int              n_press,
                        double           x,
                        double           y,
                        HeartsTable     *self)
{
  GtkWidget *card = gtk_event_controller_get_widget (GTK_EVENT_CONTROLLER (gesture));

  if (self->dragging)
    return;
  gtk_widget_grab_focus (card);
  use_card_later (self, hearts_card_widget_get_card (HEARTS_CARD_WIDGET (card)), n_press, DROP_NONE);
}

static void
on_card_drag_begin (GtkGestureDrag *gesture,
                    double          x,
                    double          y,
                    HeartsTable    *self)
{
  GtkWidget *card = gtk_event_controller_get_widget (GTK_EVENT_CONTROLLER (gesture));

  self->drag_card = HEARTS_CARD_WIDGET (card);
  self->dragging = FALSE;
  self->drag_start = pointer_in_table (self, GTK_GESTURE (gesture));
  self->drag_pos = self->drag_start;
}

static void
on_card_drag_update (GtkGestureDrag *gesture,
                     double          dx,
                     double          dy,
                     HeartsTable    *self)
{
  graphene_point_t p;

  if (self->drag_card == NULL)
    return;

  p = pointer_in_table (self, GTK_GESTURE (gesture));
  if (!self->dragging)
    {
      HeartsCard c;

      if (graphene_point_distance (&p, &self->drag_start, NULL, NULL) < DRAG_THRESHOLD)
        return;
      hearts_table_finish_animations (self);
      if (self->drag_card == NULL)
        return;
      self->dragging = TRUE;
      gtk_gesture_set_state (GTK_GESTURE (gesture), GTK_EVENT_SEQUENCE_CLAIMED);
      c = hearts_card_widget_get_card (self->drag_card);
      self->drag_grab = GRAPHENE_POINT_INIT (self->drag_start.x - self->geo->card_at[c].x,
                                             self->drag_start.y - self->geo->card_at[c].y);
    }
  self->drag_pos = p;
  gtk_widget_queue_allocate (GTK_WIDGET (self));
}

/* Where a card let go at @p (in the table's coordinates) lands. */
static Drop
drop_at (HeartsTable            *self,
         const graphene_point_t *p)
{
  graphene_rect_t table = GRAPHENE_RECT_INIT (0, 0, gtk_widget_get_width (GTK_WIDGET (self)),
                                              gtk_widget_get_height (GTK_WIDGET (self)));
  graphene_rect_t pass;

  if (!graphene_rect_contains_point (&table, p))
    return DROP_OUTSIDE;
  if (p->y >= self->geo->hand_y - self->geo->raise * 0.5f)
    return DROP_HAND;
  /* A little around the pass area counts: a card is big under the pointer. */
  graphene_rect_inset_r (&self->geo->pass_area, -self->geo->card_w * 0.25f, -self->geo->card_w * 0.25f, &pass);
  if (graphene_rect_contains_point (&pass, p))
    return DROP_PASS_AREA;
  return _hearts_table_human_may_pass (self) ? DROP_OUTSIDE : DROP_TABLE;
}

static void
on_card_drag_end (GtkGestureDrag *gesture,
                  double          dx,
                  double          dy,
                  HeartsTable    *self)
{
  HeartsCardWidget *card = g_steal_pointer (&self->drag_card);
  gboolean          dragging = self->dragging;
  HeartsCard        c;

  self->dragging = FALSE;
  if (card == NULL || !dragging)
    return;

  c = hearts_card_widget_get_card (card);
  use_card_later (self, c, 0, drop_at (self, &self->drag_pos));
}

static gboolean
pass_idle (gpointer user_data)
{
  HeartsTable *self = user_data;

  self->pass_idle_id = 0;
  hearts_table_pass (self);
  return G_SOURCE_REMOVE;
}

void
_hearts_table_pass_action (GtkWidget  *widget,
                           const char *action_name,
                           GVariant   *parameter)
{
  HeartsTable *self = HEARTS_TABLE (widget);

  /* Not from inside the button's own release handler: passing rebuilds the hand
   * under the pointer (see use_card_later()). */
  if (self->pass_idle_id == 0)
    self->pass_idle_id = g_idle_add (pass_idle, self);
}

/* Each card has its own gestures: on the table they would also see presses on the
 * pass button, and GTK 4.8 leaves a parent's gestures stuck when a child claims. */
void
_hearts_table_add_card_gestures (HeartsTable *self,
                                 GtkWidget   *card)
{
  GtkGesture *click = gtk_gesture_click_new ();
  GtkGesture *drag = gtk_gesture_drag_new ();

  g_signal_connect_object (card, "activate", G_CALLBACK (on_card_activate), self, 0);
  g_signal_connect_object (card, "move-card", G_CALLBACK (on_card_move_focus), self, 0);
  g_signal_connect_object (card, "move-row", G_CALLBACK (on_card_move_row), self, 0);
  g_signal_connect_object (card, "notify::has-focus", G_CALLBACK (on_card_has_focus), self, 0);

  g_signal_connect_object (click, "released", G_CALLBACK (on_card_click_released), self, 0);
  gtk_widget_add_controller (card, GTK_EVENT_CONTROLLER (click));

  g_signal_connect_object (drag, "drag-begin", G_CALLBACK (on_card_drag_begin), self, 0);
  g_signal_connect_object (drag, "drag-update", G_CALLBACK (on_card_drag_update), self, 0);
  g_signal_connect_object (drag, "drag-end", G_CALLBACK (on_card_drag_end), self, 0);
  gtk_widget_add_controller (card, GTK_EVENT_CONTROLLER (drag));
}
