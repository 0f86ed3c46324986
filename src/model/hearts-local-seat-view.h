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

G_END_DECLS
