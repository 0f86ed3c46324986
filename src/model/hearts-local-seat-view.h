/* hearts-local-seat-view.h: a seat's view of a game played on this machine
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "hearts-game-runner.h"
#include "hearts-seat-view.h"

G_BEGIN_DECLS

#define HEARTS_TYPE_LOCAL_SEAT_VIEW (hearts_local_seat_view_get_type ())

G_DECLARE_FINAL_TYPE (HeartsLocalSeatView, hearts_local_seat_view, HEARTS, LOCAL_SEAT_VIEW, HeartsSeatView)

/* @seat's view of @game. With @runner (may be NULL), the game's runner, an undo or a
 * hint goes through it, so that the computer move being worked out is cancelled. */
HeartsSeatView *hearts_local_seat_view_new      (HeartsGame       *game,
                                                 HeartsGameRunner *runner,
                                                 guint             seat);
HeartsGame     *hearts_local_seat_view_get_game (HeartsLocalSeatView *self);

/* At a table of people (the host's own seat, src/net): no undo, and the next hand is
 * not dealt from here: next_hand() emits ::ready, and the table deals once everyone is. */
void            hearts_local_seat_view_set_shared (HeartsLocalSeatView *self,
                                                   gboolean             shared);
gboolean        hearts_local_seat_view_get_shared (HeartsLocalSeatView *self);

/* The events that bring @seat's view from before the hand on the table (or the one just
 * scored) to now: HAND_STARTED, every pass, play and trick taken since, then
 * HAND_FINISHED (and GAME_OVER) once it is scored. The same events a view that followed
 * the hand said: what a player who joins the game now is told. A GPtrArray of
 * HeartsSeatEvent. */
GPtrArray      *hearts_local_seat_view_get_hand_events (HeartsGame *game,
                                                        guint       seat);

G_END_DECLS
