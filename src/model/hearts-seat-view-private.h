/* hearts-seat-view-private.h: for what feeds a HeartsSeatView
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "hearts-seat-state-private.h"
#include "hearts-seat-view.h"

G_BEGIN_DECLS

/* Replaces the state and the hands' results without an event (a view made for a game
 * that is already under way). */
void     hearts_seat_view_set_state    (HeartsSeatView         *self,
                                        const HeartsSeatState  *state,
                                        const HeartsHandResult *results,
                                        guint                   n_results);
/* Says @event (::event applies it); FALSE, and nothing said, when it cannot follow from
 * the state. */
gboolean hearts_seat_view_push         (HeartsSeatView         *self,
                                        const HeartsSeatEvent  *event);
void     hearts_seat_view_set_can_undo (HeartsSeatView         *self,
                                        gboolean                can_undo);
void     hearts_seat_view_set_thinking (HeartsSeatView         *self,
                                        gboolean                thinking);
/* Whether the table plays a settled hand out by itself (no claim is offered then). */
void     hearts_seat_view_set_finishes_settled (HeartsSeatView *self,
                                                gboolean        finishes);

G_END_DECLS
