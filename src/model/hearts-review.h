/* hearts-review.h: a finished hand, move by move, with the computer's opinion
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gio/gio.h>

#include "hearts-seat-view.h"

G_BEGIN_DECLS

/* A move that costs at least this many expected points more than the best is marked. */
#define HEARTS_REVIEW_COSTLY_POINTS 1.0
/* A costly move is put down to the moon when it changes the chance of one by this much,
 * and that change times the moon's 26 points is at least half the points it lost. */
#define HEARTS_REVIEW_MOON_CHANCE 0.1

/* Why a costly move cost: a moon. */
typedef enum
{
  HEARTS_REVIEW_MOON_NONE,
  HEARTS_REVIEW_MOON_GAVE_UP,     /* the best move went for the seat's own moon; the hand ended without it */
  HEARTS_REVIEW_MOON_LET_THROUGH, /* the best move stopped another seat's moon, which the hand then had */
} HeartsReviewMoon;

/* One move of the reviewed seat: its pass, or one of its plays. Points are expected
 * points less the mean of the others' (see hearts_ai_evaluate_play()), from the view
 * the seat had then; lower is better. */
typedef struct
{
  gboolean    is_pass;
  guint       trick;          /* the trick of a play, from 0; 0 for the pass */
  guint       play_index;     /* the play's place in the hand, from 0; 0 for the pass */
  HeartsCards move;           /* the card (one bit) or the three cards passed */
  HeartsCards best;           /* the Hard player's choice */
  double      move_points;
  double      best_points;
  gboolean    forced;         /* there was no other move (cards that play alike count once) */
  gboolean    costly;         /* move_points - best_points >= HEARTS_REVIEW_COSTLY_POINTS */
  HeartsReviewMoon moon;      /* for a costly move: whether a moon is what it cost */
  double      move_moon;      /* the chance of that moon (or, unmarked, of another seat's) after the move */
  double      best_moon;      /* the same after the computer's choice */
} HeartsReviewMove;

/* Called on the caller's thread-default main context as the review goes. */
typedef void (*HeartsReviewProgress) (guint    done,
                                      guint    total,
                                      gpointer user_data);

/* Reviews the seat's moves in the hand just finished (the view is at HAND_OVER or
 * GAME_OVER), from what the view saw alone, in a thread, with the Hard player at @samples deals a move (0: 1000), one
 * thread and no time limit, so that the same hand always gets the same review.
 * @progress (may be NULL) and @progress_data must stay valid until @callback runs.
 * Cancelling stops the search at once; the finish then fails with
 * G_IO_ERROR_CANCELLED. */
void    hearts_review_hand_async  (HeartsSeatView       *view,
                                   guint                 samples,
                                   GCancellable         *cancellable,
                                   HeartsReviewProgress  progress,
                                   gpointer              progress_data,
                                   GAsyncReadyCallback   callback,
                                   gpointer              user_data);
/* The HeartsReviewMove of each move in order, the pass first (transfer full). */
GArray *hearts_review_hand_finish (HeartsSeatView       *view,
                                   GAsyncResult         *result,
                                   GError              **error);

G_END_DECLS
