/* hearts-card-picture.h: one card drawn small, as a picture (the hand review's tricks)
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gtk/gtk.h>

#include "hearts-card-theme.h"

G_BEGIN_DECLS

#define HEARTS_TYPE_CARD_PICTURE (hearts_card_picture_get_type ())

G_DECLARE_FINAL_TYPE (HeartsCardPicture, hearts_card_picture, HEARTS, CARD_PICTURE, GtkWidget)

/* @card @width logical pixels wide, from @theme; named for a screen reader. */
GtkWidget  *hearts_card_picture_new      (HeartsCard         card,
                                          HeartsCardTheme   *theme,
                                          int                width);
HeartsCard  hearts_card_picture_get_card (HeartsCardPicture *self);

G_END_DECLS
