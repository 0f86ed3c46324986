/* hearts-card-picture.h: one card drawn at a fixed size, to look at (not to play): the
 * review's and the trick history's cards
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gtk/gtk.h>

#include "hearts-card-theme.h"
#include "hearts-cards.h"

G_BEGIN_DECLS

#define HEARTS_TYPE_CARD_PICTURE (hearts_card_picture_get_type ())

G_DECLARE_FINAL_TYPE (HeartsCardPicture, hearts_card_picture, HEARTS, CARD_PICTURE, GtkWidget)

/* @width: the card's width on screen; @render_width: the width @theme renders it at and
 * scales from (the table's, so that no other size enters the theme's cache), or 0 for
 * @width. */
GtkWidget  *hearts_card_picture_new      (HeartsCard         card,
                                          HeartsCardTheme   *theme,
                                          int                width,
                                          int                render_width);
HeartsCard  hearts_card_picture_get_card (HeartsCardPicture *self);

G_END_DECLS
