/* hearts-seat-state-private.h: a seat's state on the engine's level, for the model
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "hearts-engine.h"
#include "hearts-seat-state.h"

G_BEGIN_DECLS

struct _HeartsSeatState
{
  HeartsView view;                        /* the deal as the seat sees it */
  gint       totals[HEARTS_MAX_PLAYERS];  /* the game's, the hand in play not counted */
  guint      n_results;                   /* hands scored */
  guint      winners;
  guint8     phase;                       /* HeartsPhase */
  guint8     waiting;                     /* the last trick is finished but not taken */
};

/* The state of @seat in a game at @phase whose deal is @deal (the real one: what the
 * seat cannot see is left out here). @totals are the game's now. */
void hearts_seat_state_init (HeartsSeatState   *state,
                             const HeartsRules *rules,
                             const HeartsDeal  *deal,
                             guint              seat,
                             HeartsPhase        phase,
                             guint              n_results,
                             const gint        *totals,
                             const gint        *hand_points);

G_END_DECLS
