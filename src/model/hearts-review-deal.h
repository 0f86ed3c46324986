/* hearts-review-deal.h: the review on the engine's level, for the model and the tests
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "hearts-ai.h"
#include "hearts-review.h"

G_BEGIN_DECLS

/* Reviews @seat's moves in @deal so far (it need not be finished), on this thread:
 * for each, the view the seat had is rebuilt from the deal's history (its dealt hand,
 * the passes, the plays before it) and @hard (a Hard player) evaluates it. @progress
 * (may be NULL) is called here after each move. NULL, with @error set, when
 * @cancellable is cancelled. */
GArray *hearts_review_deal (const HeartsRules    *rules,
                            const HeartsDeal     *deal,
                            guint                 seat,
                            guint                 hand_index,
                            const gint           *totals,
                            HeartsAi             *hard,
                            GCancellable         *cancellable,
                            HeartsReviewProgress  progress,
                            gpointer              progress_data,
                            GError              **error);
/* The Hard player's seed for the review of @seat's hand: the same hand, the same review. */
guint64 hearts_review_seed       (const HeartsDeal *deal,
                                  guint             seat,
                                  guint             hand_index);
/* How many moves of @seat hearts_review_deal() looks at. */
guint   hearts_review_deal_count (const HeartsDeal *deal,
                                  guint             seat);

G_END_DECLS
