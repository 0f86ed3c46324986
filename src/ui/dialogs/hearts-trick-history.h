/* hearts-trick-history.h: the finished tricks of the hand, to look back at
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <adwaita.h>

#include "hearts-card-theme.h"
#include "hearts-compat.h"
#include "hearts-seat-view.h"

G_BEGIN_DECLS

typedef enum
{
  HEARTS_TRICK_HISTORY_LAST_TRICK,
  HEARTS_TRICK_HISTORY_HAND_SO_FAR,
} HeartsTrickHistoryMode;

#define HEARTS_TYPE_TRICK_HISTORY_MODE (hearts_trick_history_mode_get_type ())
GType hearts_trick_history_mode_get_type (void) G_GNUC_CONST;

#define HEARTS_TYPE_TRICK_HISTORY (hearts_trick_history_get_type ())

/* An AdwDialog with libadwaita 1.5 and later, else an AdwWindow (hearts-compat.h). It follows
 * the game: a trick that finishes while it is open is added (and becomes the last trick);
 * it closes itself when the hand has no finished trick any more (a new hand, an undo). */
G_DECLARE_FINAL_TYPE (HeartsTrickHistory, hearts_trick_history, HEARTS, TRICK_HISTORY, HeartsDialogBase)

/* The tricks of @view's hand; @render_width: the width the table renders its cards at,
 * which the smaller cards here are scaled from (0: their own). Each row is a
 * HeartsTrickRow. */
HeartsTrickHistory     *hearts_trick_history_new              (HeartsSeatView         *view,
                                                               HeartsCardTheme        *theme,
                                                               int                     render_width);
HeartsSeatView         *hearts_trick_history_get_seat_view    (HeartsTrickHistory     *self);
HeartsTrickHistoryMode  hearts_trick_history_get_mode         (HeartsTrickHistory     *self);
void                    hearts_trick_history_set_mode         (HeartsTrickHistory     *self,
                                                               HeartsTrickHistoryMode  mode);
/* The table's card width changed: the cards are scaled from the new one. */
void                    hearts_trick_history_set_render_width (HeartsTrickHistory     *self,
                                                               int                     render_width);
/* The list the page shown holds: HeartsTrickRows. */
GtkListBox             *hearts_trick_history_get_list         (HeartsTrickHistory     *self);
/* Shows it over the window of @parent. */
void                    hearts_trick_history_present          (HeartsTrickHistory     *self,
                                                               GtkWidget              *parent);

G_END_DECLS
