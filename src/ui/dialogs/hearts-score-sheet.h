/* hearts-score-sheet.h: every hand's points and the running totals, over the table
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gtk/gtk.h>

#include "hearts-seat-view.h"

G_BEGIN_DECLS

typedef enum
{
  HEARTS_SCORE_SHEET_VIEW,       /* opened from the menu: Close */
  HEARTS_SCORE_SHEET_HAND_OVER,  /* Next Hand */
  HEARTS_SCORE_SHEET_GAME_OVER,  /* the winner, New Game */
} HeartsScoreSheetMode;

#define HEARTS_TYPE_SCORE_SHEET (hearts_score_sheet_get_type ())

G_DECLARE_FINAL_TYPE (HeartsScoreSheet, hearts_score_sheet, HEARTS, SCORE_SHEET, GtkWidget)

GtkWidget            *hearts_score_sheet_new        (void);
/* The sheet follows @view's hands as they are scored. */
HeartsSeatView       *hearts_score_sheet_get_seat_view (HeartsScoreSheet  *self);
void                  hearts_score_sheet_set_seat_view (HeartsScoreSheet  *self,
                                                        HeartsSeatView    *view);
/* What the sheet is opened for: its title and buttons. */
void                  hearts_score_sheet_set_mode   (HeartsScoreSheet     *self,
                                                     HeartsScoreSheetMode  mode);
HeartsScoreSheetMode  hearts_score_sheet_get_mode   (HeartsScoreSheet     *self);
GtkWidget            *hearts_score_sheet_get_default_button (HeartsScoreSheet *self);
GtkWidget            *hearts_score_sheet_get_review_button  (HeartsScoreSheet *self);
char                 *hearts_score_sheet_dup_summary (HeartsScoreSheet     *self);

G_END_DECLS
