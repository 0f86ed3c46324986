/* hearts-point-pile.h: the scoring cards a seat has taken this hand, fanned by its plate
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gtk/gtk.h>

#include "hearts-card-theme.h"

G_BEGIN_DECLS

#define HEARTS_TYPE_POINT_PILE (hearts_point_pile_get_type ())

G_DECLARE_FINAL_TYPE (HeartsPointPile, hearts_point_pile, HEARTS, POINT_PILE, GtkWidget)

GtkWidget   *hearts_point_pile_new               (void);
HeartsCards  hearts_point_pile_get_cards         (HeartsPointPile *self);
void         hearts_point_pile_set_cards         (HeartsPointPile *self,
                                                  HeartsCards      cards);
/* Whether a click shows the last trick (win.show-last-trick): the pointer, the
 * description and the button's enabled state follow it. */
gboolean     hearts_point_pile_get_activatable   (HeartsPointPile *self);
void         hearts_point_pile_set_activatable   (HeartsPointPile *self,
                                                  gboolean         activatable);
/* Whose pile it is, as the plate names the seat; @is_you for the player's own. */
void         hearts_point_pile_set_owner         (HeartsPointPile *self,
                                                  const char      *name,
                                                  gboolean         is_you);
/* The theme draws the cards, rendered @texture_width wide (the hand's size: the theme
 * keeps one size, the renderer scales it down). */
void         hearts_point_pile_set_theme         (HeartsPointPile *self,
                                                  HeartsCardTheme *theme,
                                                  int              texture_width);

G_END_DECLS
