/* hearts-card-picture.h: one card drawn at a fixed size, to look at (not to play): the
 * review's and the trick history's cards
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gtk/gtk.h>

#include "hearts-card-theme.h"
#include "hearts-types.h"

G_BEGIN_DECLS

#define HEARTS_TYPE_CARD_PICTURE (hearts_card_picture_get_type ())

G_DECLARE_FINAL_TYPE (HeartsCardPicture, hearts_card_picture, HEARTS, CARD_PICTURE, GtkWidget)

/* @width: the card's width on screen (its widest, after hearts_card_picture_set_min_width());
 * @render_width: the width @theme renders it at and scales from (the table's, so that no
 * other size enters the theme's cache), or 0 for @width. */
GtkWidget  *hearts_card_picture_new               (HeartsCard         card,
                                                   HeartsCardTheme   *theme,
                                                   int                width,
                                                   int                render_width);
HeartsCard  hearts_card_picture_get_card          (HeartsCardPicture *self);
/* From then on the card takes the width it is given, between @min_width and @width. */
void        hearts_card_picture_set_min_width     (HeartsCardPicture *self,
                                                   int                min_width);
/* The table's new card width: see hearts_card_picture_new(). */
void        hearts_card_picture_set_render_width  (HeartsCardPicture *self,
                                                   int                render_width);
int         hearts_card_picture_get_render_width  (HeartsCardPicture *self);
/* Every card picture in @widget's tree, to @render_width. */
void        hearts_card_pictures_set_render_width (GtkWidget         *widget,
                                                   int                render_width);

G_END_DECLS
