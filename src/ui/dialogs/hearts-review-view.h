/* hearts-review-view.h: a finished hand step by step, with the computer's opinion
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "hearts-card-theme.h"
#include "hearts-compat.h"
#include "hearts-review.h"

G_BEGIN_DECLS

/* The size it asks for, where there is room. */
#define HEARTS_REVIEW_VIEW_WIDTH  560
#define HEARTS_REVIEW_VIEW_HEIGHT 720

#define HEARTS_TYPE_REVIEW_VIEW (hearts_review_view_get_type ())

G_DECLARE_FINAL_TYPE (HeartsReviewView, hearts_review_view, HEARTS, REVIEW_VIEW, HeartsDialogBase)

/* Reviews the seat's moves in the hand @view has just finished; @theme draws the cards. */
GtkWidget  *hearts_review_view_new          (HeartsSeatView     *view,
                                             HeartsCardTheme    *theme);
/* Works the review out in a thread (@samples deals a move, 0 for the model's default),
 * with a progress bar and Cancel; then shows it. */
void        hearts_review_view_start        (HeartsReviewView   *self,
                                             guint               samples);
/* Shows @moves (HeartsReviewMove, as hearts_review_hand_finish() gives them). */
void        hearts_review_view_set_moves    (HeartsReviewView   *self,
                                             GArray             *moves);
/* Stops the work in flight and closes the view. */
void        hearts_review_view_cancel       (HeartsReviewView   *self);
gboolean    hearts_review_view_get_computing (HeartsReviewView  *self);
double      hearts_review_view_get_fraction (HeartsReviewView   *self);
guint       hearts_review_view_get_n_steps  (HeartsReviewView   *self);
guint       hearts_review_view_get_step     (HeartsReviewView   *self);
void        hearts_review_view_set_step     (HeartsReviewView   *self,
                                             guint               step);
/* The move shown at @step, or NULL. */
const HeartsReviewMove *hearts_review_view_get_move (HeartsReviewView *self,
                                                     guint             step);
/* The summary and the current step's verdict, as sentences read aloud. */
char       *hearts_review_view_dup_summary  (HeartsReviewView   *self);
char       *hearts_review_view_dup_verdict  (HeartsReviewView   *self);
/* How many of the moves the review has worked out so far, of how many. */
void        hearts_review_view_get_progress (HeartsReviewView   *self,
                                             guint              *done,
                                             guint              *total);

G_END_DECLS
