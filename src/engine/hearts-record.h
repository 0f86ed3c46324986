/* hearts-record.h: a game as text (the deal, every pass and play) and its replay
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "hearts-deal.h"

G_BEGIN_DECLS

/* A record reads:
 *   hearts-record 1
 *   rules players=4 pass=lrah ...
 *   first-dealer 2
 *   hand 1 dealer 2 pass L
 *   dealt 0 2C 7C ...          (one line per seat)
 *   pass 0 QS KH AH            (one line per seat, not on hold hands)
 *   play 3 2C                  (every card, in order)
 *   points 0 13 9 4
 *   totals 0 13 9 4
 *   end 0                      (after the last hand: bit mask of winners)
 */
typedef struct
{
  HeartsRules rules;
  guint       n_hands;              /* hands completed */
  guint       n_plays;              /* plays checked */
  gint        totals[HEARTS_MAX_PLAYERS];
  gboolean    game_over;
  guint       winners;
} HeartsRecordSummary;

void     hearts_record_begin      (GString           *record,
                                   const HeartsRules *rules,
                                   guint              first_dealer);
/* Appends one deal with its points and the totals after it; a deal in progress
 * (@points and @totals NULL) gets only its dealt, pass and play lines. */
void     hearts_record_add_deal   (GString           *record,
                                   const HeartsRules *rules,
                                   guint              hand_index,
                                   const HeartsDeal  *deal,
                                   const gint        *points,
                                   const gint        *totals);
void     hearts_record_end        (GString           *record,
                                   guint              winners);
/* Replays and checks every line: the deal, each pass, each play and each score.
 * The error names the line at fault. */
gboolean hearts_record_replay     (const char          *text,
                                   HeartsRecordSummary *summary,
                                   GError             **error);
/* The same, and each finished hand's score (a HeartsDealScore) appended to @scores. */
gboolean hearts_record_replay_scores (const char          *text,
                                      HeartsRecordSummary *summary,
                                      GArray              *scores,
                                      GError             **error);

#define HEARTS_RECORD_ERROR (hearts_record_error_quark ())
GQuark hearts_record_error_quark (void);

G_END_DECLS
