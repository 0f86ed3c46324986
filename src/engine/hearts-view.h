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
/* The same view kept move by move from what the seat is told, so that a seat that
 * never sees the deal (a player at another machine) has exactly what
 * hearts_view_init() would make of it. Each returns FALSE, and leaves the view as it
 * was, when the move cannot be true from what the view holds. */

/* A new deal: @hand is the seat's; @leader who leads when nobody passes (else -1). */
gboolean hearts_view_start     (HeartsView          *view,
                                const HeartsRules   *rules,
                                guint                seat,
                                guint                hand_index,
                                const gint          *totals,
                                guint                dealer,
                                HeartsPassDirection  pass,
                                HeartsCards          hand,
                                gint                 leader);
/* @seat has passed: @cards are known only for the view's own seat (0 for another).
 * @received: the cards the view's seat picks up if this pass completes its pick-up,
 * else 0; @leader: who leads if this was the last pass, else -1. */
gboolean hearts_view_pass      (HeartsView          *view,
                                guint                seat,
                                HeartsCards          cards,
                                HeartsCards          received,
                                gint                 leader);
/* @seat, whose turn it is, played @card. */
gboolean hearts_view_play      (HeartsView          *view,
                                guint                seat,
                                HeartsCard           card);
/* Whether the view's own seat picked up its pass: its source and the cards. */
HeartsCards hearts_view_get_received (const HeartsView *view);

/* Cards seat @other still holds, by count. */
guint hearts_view_get_hand_count  (const HeartsView  *view,
                                   guint              other);

G_END_DECLS
