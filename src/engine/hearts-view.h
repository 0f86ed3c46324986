/* hearts-view.h: what one seat may see of a deal
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "hearts-deal.h"

G_BEGIN_DECLS

/* A copy of the deal with every card the seat cannot see removed: other players'
 * hands, dealt cards and passes are empty, except the pass this seat received.
 * The computer players get only this. */
typedef struct
{
  HeartsRules rules;
  guint8      seat;
  guint       hand_index;
  gint        totals[HEARTS_MAX_PLAYERS];  /* game totals before this deal */
  HeartsDeal  deal;
  HeartsCards unseen;                      /* cards in other players' hands */
  HeartsCards voids[HEARTS_MAX_PLAYERS];   /* suit masks each seat has shown void in */
  HeartsCards known[HEARTS_MAX_PLAYERS];   /* unplayed cards known to be in a hand
                                              (the cards this seat passed) */
} HeartsView;

void  hearts_view_init            (HeartsView        *view,
                                   const HeartsRules *rules,
                                   const HeartsDeal  *deal,
                                   guint              seat,
                                   guint              hand_index,
                                   const gint        *totals);
/* Cards seat @other still holds, by count. */
guint hearts_view_get_hand_count  (const HeartsView  *view,
                                   guint              other);

G_END_DECLS
