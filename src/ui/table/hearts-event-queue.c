/* hearts-event-queue.c
 *
 * The game moves on at once; the table shows what happened one step at a time. The
 * queue keeps the events the table has yet to show and a copy of the seat's state as
 * shown, which it moves on by the same events with hearts_seat_state_apply(): a play
 * is applied as its card starts to fly, a taken trick once it has flown to its
 * winner, anything else when its turn comes. While the queue is empty, what is shown
 * is the seat view's own state.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <adwaita.h>

#include "hearts-event-queue.h"

struct _HeartsEventQueue
{
  GObject           parent_instance;

  GtkWidget        *widget;      /* weak: it owns us */
  HeartsSeatView   *view;
  GSignalGroup     *view_signals;
  double            speed;

  GQueue            events;      /* HeartsSeatEvent, not shown yet */
  HeartsSeatState  *shown;       /* while busy */
  HeartsSeatEvent  *step;        /* being shown */
  AdwAnimation     *animation;
  double            progress;
  guint             idle_id;
  gboolean          reset;       /* the event being said replaces what is shown */
  gboolean          queued;      /* the event being said waits its turn */
};

G_DEFINE_FINAL_TYPE (HeartsEventQueue, hearts_event_queue, G_TYPE_OBJECT)

enum
{
  PROP_0,
  PROP_BUSY,
  N_PROPS
};

enum
{
  RESET,
  STEP_STARTED,
  SHOWN,
  CHANGED,
  PROGRESS,
  N_SIGNALS
};

static GParamSpec *properties[N_PROPS];
static guint       signals[N_SIGNALS];

static void run_next (HeartsEventQueue *self);

static gboolean
is_step (const HeartsSeatEvent *event)
{
  return event->kind == HEARTS_SEAT_EVENT_CARD_PLAYED || event->kind == HEARTS_SEAT_EVENT_TRICK_TAKEN;
}

static void
set_busy (HeartsEventQueue *self,
          gboolean          busy)
{
  if ((self->shown != NULL) == busy)
    return;
  if (busy)
    self->shown = hearts_seat_state_copy (hearts_seat_view_get_state (self->view));
  else
    g_clear_pointer (&self->shown, hearts_seat_state_free);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_BUSY]);
}

static void
apply_shown (HeartsEventQueue      *self,
             const HeartsSeatEvent *event)
{
  /* The view took the event from this same state: it cannot be refused here. */
  if (!hearts_seat_state_apply (self->shown, event))
    g_critical ("The table could not show event %d", event->kind);
}

static void
clear (HeartsEventQueue *self)
{
  g_clear_handle_id (&self->idle_id, g_source_remove);
  g_queue_clear_full (&self->events, (GDestroyNotify) hearts_seat_event_free);
  g_clear_pointer (&self->step, hearts_seat_event_free);
  if (self->animation != NULL)
    {
      g_signal_handlers_disconnect_by_data (self->animation, self);
      adw_animation_reset (self->animation);
      g_clear_object (&self->animation);
    }
  set_busy (self, FALSE);
}

static void
on_progress (double   value,
             gpointer user_data)
{
  HeartsEventQueue *self = user_data;

  self->progress = value;
  g_signal_emit (self, signals[PROGRESS], 0);
}

static void
on_step_done (HeartsEventQueue *self)
{
  g_autoptr(HeartsSeatEvent) step = g_steal_pointer (&self->step);

  g_clear_object (&self->animation);
  self->progress = 1;
  /* The trick has flown: its cards are its winner's now. */
  if (step->kind == HEARTS_SEAT_EVENT_TRICK_TAKEN)
    apply_shown (self, step);
  g_signal_emit (self, signals[CHANGED], 0, FALSE);
  run_next (self);
}

static void
start_step (HeartsEventQueue *self,
            HeartsSeatEvent  *event)
{
  AdwAnimationTarget *target;
  guint               ms;

  self->step = event;
  self->progress = 0;
  if (event->kind == HEARTS_SEAT_EVENT_CARD_PLAYED)
    {
      apply_shown (self, event);
      ms = hearts_event_queue_scale_ms (self, HEARTS_EVENT_QUEUE_PLAY_MS);
    }
  else
    ms = hearts_event_queue_scale_ms (self, HEARTS_EVENT_QUEUE_PAUSE_MS + HEARTS_EVENT_QUEUE_COLLECT_MS);

  target = adw_callback_animation_target_new (on_progress, self, NULL);
  self->animation = adw_timed_animation_new (self->widget, 0, 1, ms, target);
  adw_timed_animation_set_easing (ADW_TIMED_ANIMATION (self->animation),
                                  event->kind == HEARTS_SEAT_EVENT_CARD_PLAYED ? ADW_EASE_OUT_CUBIC : ADW_LINEAR);
  g_signal_connect_swapped (self->animation, "done", G_CALLBACK (on_step_done), self);
  g_signal_emit (self, signals[STEP_STARTED], 0, event);
  g_signal_emit (self, signals[SHOWN], 0, event);
  g_signal_emit (self, signals[CHANGED], 0, FALSE);
  /* A handler may have cleared the queue. */
  if (self->animation != NULL)
    adw_animation_play (self->animation);
}

static void
run_next (HeartsEventQueue *self)
{
  HeartsSeatEvent *event;

  if (self->step != NULL)
    return;
  /* What only changes the state is shown at once, up to the next play or trick. */
  while ((event = g_queue_pop_head (&self->events)) != NULL)
    {
      if (is_step (event))
        {
          start_step (self, event);
          return;
        }
      apply_shown (self, event);
      g_signal_emit (self, signals[SHOWN], 0, event);
      hearts_seat_event_free (event);
    }
  set_busy (self, FALSE);
  g_signal_emit (self, signals[CHANGED], 0, FALSE);
}

static gboolean
run_idle (gpointer user_data)
{
  HeartsEventQueue *self = user_data;

  self->idle_id = 0;
  run_next (self);
  return G_SOURCE_REMOVE;
}

/* Before the view applies @event: its state is still the one the event starts from. */
static void
on_event_cb (HeartsEventQueue      *self,
             const HeartsSeatEvent *event)
{
  self->reset = event->kind == HEARTS_SEAT_EVENT_RESET || event->kind == HEARTS_SEAT_EVENT_HAND_STARTED;
  self->queued = FALSE;
  if (self->reset || (self->shown == NULL && !is_step (event)))
    return;

  self->queued = TRUE;
  set_busy (self, TRUE);
  g_queue_push_tail (&self->events, hearts_seat_event_copy (event));
  /* Started once the events of this move are all in: with animations off a step ends
   * at once, and a play must not look like the end of its trick. */
  if (self->step == NULL && self->idle_id == 0)
    self->idle_id = g_idle_add (run_idle, self);
}

/* After the view applied it. */
static void
on_event_after_cb (HeartsEventQueue      *self,
                   const HeartsSeatEvent *event)
{
  if (self->reset)
    {
      self->reset = FALSE;
      clear (self);
      g_signal_emit (self, signals[RESET], 0);
    }
  /* Not queued: shown as it is said. */
  if (!self->queued)
    g_signal_emit (self, signals[SHOWN], 0, event);
  self->queued = FALSE;
  g_signal_emit (self, signals[CHANGED], 0, TRUE);
}

static void
hearts_event_queue_dispose (GObject *object)
{
  HeartsEventQueue *self = HEARTS_EVENT_QUEUE (object);

  clear (self);
  if (self->view_signals != NULL)
    g_signal_group_set_target (self->view_signals, NULL);
  g_clear_object (&self->view_signals);
  g_clear_object (&self->view);
  g_clear_weak_pointer (&self->widget);

  G_OBJECT_CLASS (hearts_event_queue_parent_class)->dispose (object);
}

static void
hearts_event_queue_get_property (GObject    *object,
                                 guint       prop_id,
                                 GValue     *value,
                                 GParamSpec *pspec)
{
  HeartsEventQueue *self = HEARTS_EVENT_QUEUE (object);

  switch (prop_id)
    {
    case PROP_BUSY:
      g_value_set_boolean (value, hearts_event_queue_get_busy (self));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
hearts_event_queue_class_init (HeartsEventQueueClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->dispose = hearts_event_queue_dispose;
  object_class->get_property = hearts_event_queue_get_property;

  properties[PROP_BUSY] =
    g_param_spec_boolean ("busy", NULL, NULL, FALSE,
                          (G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));
  g_object_class_install_properties (object_class, N_PROPS, properties);

  /* The seat view was set, dealt a hand or reset: what was queued is gone. */
  signals[RESET] =
    g_signal_new ("reset", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL, G_TYPE_NONE, 0);
  /* A play or a taken trick starts to show (the shown state has the play already). */
  signals[STEP_STARTED] =
    g_signal_new ("step-started", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL, G_TYPE_NONE, 1, HEARTS_TYPE_SEAT_EVENT | G_SIGNAL_TYPE_STATIC_SCOPE);
  /**
   * HeartsEventQueue::shown:
   * @event: the event
   *
   * @event is now shown: a play as its card starts to fly, a taken trick as its winner
   * is ringed, anything else as the shown state takes it (a deal or a reset at once).
   * Every event of the seat view is shown once, in order; a reset drops what was queued.
   */
  signals[SHOWN] =
    g_signal_new ("shown", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL, G_TYPE_NONE, 1, HEARTS_TYPE_SEAT_EVENT | G_SIGNAL_TYPE_STATIC_SCOPE);
  /**
   * HeartsEventQueue::changed:
   * @moved: whether the seat view had an event (else a step started or ended)
   *
   * The shown state, the step or the seat view's state changed.
   */
  signals[CHANGED] =
    g_signal_new ("changed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL, G_TYPE_NONE, 1, G_TYPE_BOOLEAN);
  /* A frame of the step's animation. */
  signals[PROGRESS] =
    g_signal_new ("progress", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL, G_TYPE_NONE, 0);
}

static void
hearts_event_queue_init (HeartsEventQueue *self)
{
  self->speed = 1;
  g_queue_init (&self->events);
  self->view_signals = g_signal_group_new (HEARTS_TYPE_SEAT_VIEW);
  g_signal_group_connect_swapped (self->view_signals, "event", G_CALLBACK (on_event_cb), self);
  g_signal_group_connect_data (self->view_signals, "event", G_CALLBACK (on_event_after_cb), self, NULL,
                               G_CONNECT_SWAPPED | G_CONNECT_AFTER);
}

HeartsEventQueue *
hearts_event_queue_new (GtkWidget *widget)
{
  HeartsEventQueue *self;

  g_return_val_if_fail (GTK_IS_WIDGET (widget), NULL);

  self = g_object_new (HEARTS_TYPE_EVENT_QUEUE, NULL);
  g_set_weak_pointer (&self->widget, widget);
  return self;
}

HeartsSeatView *
hearts_event_queue_get_seat_view (HeartsEventQueue *self)
{
  g_return_val_if_fail (HEARTS_IS_EVENT_QUEUE (self), NULL);
  return self->view;
}

void
hearts_event_queue_set_seat_view (HeartsEventQueue *self,
                                  HeartsSeatView   *view)
{
  g_return_if_fail (HEARTS_IS_EVENT_QUEUE (self));
  g_return_if_fail (view == NULL || HEARTS_IS_SEAT_VIEW (view));

  if (self->view == view)
    return;
  clear (self);
  g_set_object (&self->view, view);
  g_signal_group_set_target (self->view_signals, view);
  g_signal_emit (self, signals[RESET], 0);
  g_signal_emit (self, signals[CHANGED], 0, TRUE);
}

void
hearts_event_queue_set_speed (HeartsEventQueue *self,
                              double            speed)
{
  g_return_if_fail (HEARTS_IS_EVENT_QUEUE (self));
  self->speed = speed;
}

guint
hearts_event_queue_scale_ms (HeartsEventQueue *self,
                             guint             base_ms)
{
  g_return_val_if_fail (HEARTS_IS_EVENT_QUEUE (self), 0);

  /* A zero-length animation ends on its first frame. */
  if (self->speed <= 0)
    return 0;
  return (guint) MAX (1, base_ms / CLAMP (self->speed, 0.1, 10));
}

gboolean
hearts_event_queue_get_busy (HeartsEventQueue *self)
{
  g_return_val_if_fail (HEARTS_IS_EVENT_QUEUE (self), FALSE);
  return self->shown != NULL;
}

const HeartsSeatState *
hearts_event_queue_get_shown (HeartsEventQueue *self)
{
  g_return_val_if_fail (HEARTS_IS_EVENT_QUEUE (self), NULL);

  if (self->shown != NULL)
    return self->shown;
  return self->view != NULL ? hearts_seat_view_get_state (self->view) : NULL;
}

const HeartsSeatEvent *
hearts_event_queue_get_step (HeartsEventQueue *self,
                             double           *progress)
{
  g_return_val_if_fail (HEARTS_IS_EVENT_QUEUE (self), NULL);

  if (progress != NULL)
    *progress = self->progress;
  return self->step;
}

/* Each skip ends one step and starts the next. */
void
hearts_event_queue_finish (HeartsEventQueue *self)
{
  g_return_if_fail (HEARTS_IS_EVENT_QUEUE (self));

  if (self->idle_id != 0)
    {
      g_clear_handle_id (&self->idle_id, g_source_remove);
      run_next (self);
    }
  while (self->animation != NULL)
    adw_animation_skip (self->animation);
}
