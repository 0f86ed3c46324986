/* hearts-game-deal.h: the game's engine-level insides, for the model, the tools and
 * the tests; views use what hearts-game.h says instead
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "hearts-ai.h"
#include "hearts-engine.h"
#include "hearts-game.h"

G_BEGIN_DECLS

const HeartsDeal *hearts_game_get_deal    (HeartsGame *self);
/* A computer seat played by @ai (transfer full), e.g. an external engine. */
void              hearts_game_set_seat_ai (HeartsGame *self,
                                           guint       seat,
                                           HeartsAi   *ai);
/* The player of a computer seat, or NULL for a human seat. */
HeartsAi         *hearts_game_get_seat_ai (HeartsGame *self,
                                           guint       seat);

G_END_DECLS
