/* hearts-event-queue.h: what the table still has to show of the game
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gtk/gtk.h>

#include "hearts-seat-view.h"

G_BEGIN_DECLS

#define HEARTS_EVENT_QUEUE_PLAY_MS    320
#define HEARTS_EVENT_QUEUE_PAUSE_MS   750
#define HEARTS_EVENT_QUEUE_COLLECT_MS 380

#define HEARTS_TYPE_EVENT_QUEUE (hearts_event_queue_get_type ())

G_DECLARE_FINAL_TYPE (HeartsEventQueue, hearts_event_queue, HEARTS, EVENT_QUEUE, GObject)

/* Steps are animated on @widget's frame clock. */
HeartsEventQueue      *hearts_event_queue_new            (GtkWidget        *widget);

HeartsSeatView        *hearts_event_queue_get_seat_view  (HeartsEventQueue *self);
void                   hearts_event_queue_set_seat_view  (HeartsEventQueue *self,
                                                          HeartsSeatView   *view);
/* 1 is normal, 2 twice as fast; 0 no animation. */
void                   hearts_event_queue_set_speed      (HeartsEventQueue *self,
                                                          double            speed);
/* @base_ms at the queue's speed (0 when animations are off). */
guint                  hearts_event_queue_scale_ms       (HeartsEventQueue *self,
                                                          guint             base_ms);
/* Whether steps are waiting or being shown. */
gboolean               hearts_event_queue_get_busy       (HeartsEventQueue *self);
/* The state as shown: behind the seat view's while busy, the same once it is not. NULL
 * without a seat view. */
const HeartsSeatState *hearts_event_queue_get_shown      (HeartsEventQueue *self);
/* The step being shown, a play or a taken trick, and how far it is (0 to 1), else NULL. */
const HeartsSeatEvent *hearts_event_queue_get_step       (HeartsEventQueue *self,
                                                          double           *progress);
/* Shows every step at once. */
void                   hearts_event_queue_finish         (HeartsEventQueue *self);

G_END_DECLS
