/* hearts-card-widget.h: one card of the human's hand, a focusable child of the table
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gtk/gtk.h>

#include "hearts-types.h"
#include "hearts-card-theme.h"

G_BEGIN_DECLS

#define HEARTS_TYPE_CARD_WIDGET (hearts_card_widget_get_type ())

G_DECLARE_FINAL_TYPE (HeartsCardWidget, hearts_card_widget, HEARTS, CARD_WIDGET, GtkWidget)

GtkWidget  *hearts_card_widget_new           (HeartsCard        card,
                                              HeartsCardTheme  *theme);
HeartsCard  hearts_card_widget_get_card      (HeartsCardWidget *self);
void        hearts_card_widget_set_theme     (HeartsCardWidget *self,
                                              HeartsCardTheme  *theme);
gboolean    hearts_card_widget_get_selected  (HeartsCardWidget *self);
void        hearts_card_widget_set_selected  (HeartsCardWidget *self,
                                              gboolean          selected);
/* Playable: a legal play now (or any card while passing). Drawn dimmed when not
 * playable and dim-unplayable is set. */
gboolean    hearts_card_widget_get_playable  (HeartsCardWidget *self);
void        hearts_card_widget_set_playable  (HeartsCardWidget *self,
                                              gboolean          playable);
void        hearts_card_widget_set_dim_unplayable (HeartsCardWidget *self,
                                              gboolean          dim);
void        hearts_card_widget_set_exposed_width (HeartsCardWidget *self,
                                              float             width);
gboolean    hearts_card_widget_get_received  (HeartsCardWidget *self);
void        hearts_card_widget_set_received  (HeartsCardWidget *self,
                                              gboolean          received);
gboolean    hearts_card_widget_get_hinted    (HeartsCardWidget *self);
void        hearts_card_widget_set_hinted    (HeartsCardWidget *self,
                                              gboolean          hinted);

G_END_DECLS
