/* hearts-trick-row.h: one trick in a list: its cards, who played and took them
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gtk/gtk.h>

#include "hearts-card-theme.h"
#include "hearts-seat-view.h"

G_BEGIN_DECLS

#define HEARTS_TYPE_TRICK_ROW (hearts_trick_row_get_type ())

G_DECLARE_FINAL_TYPE (HeartsTrickRow, hearts_trick_row, HEARTS, TRICK_ROW, GtkListBoxRow)

/* Trick @number (from 1) as @view names the players; its cards @card_width wide,
 * scaled from the theme's @render_width (0: their own). */
GtkWidget         *hearts_trick_row_new       (const HeartsTrick *trick,
                                               guint              number,
                                               HeartsSeatView    *view,
                                               HeartsCardTheme   *theme,
                                               int                card_width,
                                               int                render_width);
const HeartsTrick *hearts_trick_row_get_trick  (HeartsTrickRow    *self);
guint              hearts_trick_row_get_number (HeartsTrickRow    *self);
/* The row as one sentence, as a screen reader hears it. */
const char        *hearts_trick_row_get_text   (HeartsTrickRow    *self);

G_END_DECLS
