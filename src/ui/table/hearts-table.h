/* hearts-table.h: the card table: the human's hand, the other seats, the trick
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gtk/gtk.h>

#include "hearts-announcer.h"
#include "hearts-card-theme.h"
#include "hearts-game.h"
#include "hearts-settings.h"

G_BEGIN_DECLS

#define HEARTS_TYPE_TABLE (hearts_table_get_type ())

G_DECLARE_FINAL_TYPE (HeartsTable, hearts_table, HEARTS, TABLE, GtkWidget)

GtkWidget       *hearts_table_new                 (void);
HeartsGame      *hearts_table_get_game            (HeartsTable     *self);
void             hearts_table_set_game            (HeartsTable     *self,
                                                   HeartsGame      *game);
HeartsCardTheme *hearts_table_get_card_theme      (HeartsTable     *self);
void             hearts_table_set_card_theme      (HeartsTable     *self,
                                                   HeartsCardTheme *theme);
gboolean         hearts_table_get_highlight_legal (HeartsTable     *self);
void             hearts_table_set_highlight_legal (HeartsTable     *self,
                                                   gboolean         highlight);
gboolean         hearts_table_get_double_click    (HeartsTable     *self);
void             hearts_table_set_double_click    (HeartsTable     *self,
                                                   gboolean         double_click);
/* 1 is normal, 2 twice as fast; 0 puts cards in place at once. */
double           hearts_table_get_animation_speed (HeartsTable     *self);
void             hearts_table_set_animation_speed (HeartsTable     *self,
                                                   double           speed);
/* Whether a click on a point pile shows the last trick: the window makes it follow
 * win.show-last-trick's enabled state. */
gboolean         hearts_table_get_piles_activatable (HeartsTable   *self);
void             hearts_table_set_piles_activatable (HeartsTable   *self,
                                                     gboolean       activatable);
HeartsHandSort   hearts_table_get_hand_sort       (HeartsTable     *self);
void             hearts_table_set_hand_sort       (HeartsTable     *self,
                                                   HeartsHandSort   sort);
/* The seats' names by seat; a seat without one (an empty string, or past the end)
 * is named by where it sits: "West", "North" … */
const char * const *hearts_table_get_player_names (HeartsTable     *self);
void             hearts_table_set_player_names    (HeartsTable     *self,
                                                   const char * const *names);
/* The name the table shows for @seat. */
const char      *hearts_table_get_player_name     (HeartsTable     *self,
                                                   guint            seat);
/* Whether cards are still moving on the table: the next computer move waits. */
gboolean         hearts_table_get_busy            (HeartsTable     *self);
/* The width the hand's cards are drawn (and the theme renders them) at. */
int              hearts_table_get_card_width      (HeartsTable     *self);
/* Puts every moving card where it is going at once. */
void             hearts_table_finish_animations   (HeartsTable     *self);
/* Drops animations and redraws from the game, after an undo. */
HeartsAnnouncer *hearts_table_get_announcer       (HeartsTable     *self);
gboolean         hearts_table_focus_hand          (HeartsTable     *self);
void             hearts_table_reset               (HeartsTable     *self);
/* Marks the cards of a hint (one to play or three to pass); 0 clears. */
void             hearts_table_set_hint            (HeartsTable     *self,
                                                   HeartsCards      cards);
HeartsCards      hearts_table_get_chosen          (HeartsTable     *self);
/* Sends the chosen cards; FALSE (and ::refused) when they are not three. */
gboolean         hearts_table_pass                (HeartsTable     *self);
/* Where things are, in the coordinates of the toplevel surface: for tests. */
GVariant        *hearts_table_describe            (HeartsTable     *self);
/* Whether the last frame drew the dealt hand, the backs and the trick: for the startup bench. */
gboolean         hearts_table_get_drew_cards      (HeartsTable     *self);

G_END_DECLS
