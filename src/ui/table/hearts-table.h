/* hearts-table.h: the card table: the human's hand, the other seats, the trick
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gtk/gtk.h>

#include "hearts-announcer.h"
#include "hearts-card-theme.h"
#include "hearts-point-pile.h"
#include "hearts-seat-view.h"
#include "hearts-settings.h"

G_BEGIN_DECLS

#define HEARTS_TYPE_TABLE (hearts_table_get_type ())

G_DECLARE_FINAL_TYPE (HeartsTable, hearts_table, HEARTS, TABLE, GtkWidget)

GtkWidget       *hearts_table_new                 (void);
/* The game as the table's seat sees it; that seat sits at the bottom. */
HeartsSeatView  *hearts_table_get_seat_view       (HeartsTable     *self);
void             hearts_table_set_seat_view       (HeartsTable     *self,
                                                   HeartsSeatView  *view);
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
/* The name the table shows for @seat. */
const char      *hearts_table_get_player_name     (HeartsTable     *self,
                                                   guint            seat);
/* Whether cards are still moving on the table: the next computer move waits. */
gboolean         hearts_table_get_busy            (HeartsTable     *self);
/* The width the hand's cards are drawn (and the theme renders them) at. */
int              hearts_table_get_card_width      (HeartsTable     *self);
/* Puts every moving card where it is going at once. */
void             hearts_table_finish_animations   (HeartsTable     *self);
HeartsAnnouncer *hearts_table_get_announcer       (HeartsTable     *self);
gboolean         hearts_table_focus_hand          (HeartsTable     *self);
/* Marks the cards of a hint (one to play or three to pass); 0 clears. */
void             hearts_table_set_hint            (HeartsTable     *self,
                                                   HeartsCards      cards);
HeartsCards      hearts_table_get_chosen          (HeartsTable     *self);
/* Sends the chosen cards; FALSE (and ::refused) when they are not three. */
gboolean         hearts_table_pass                (HeartsTable     *self);
HeartsCards      hearts_table_get_hint            (HeartsTable     *self);
/* The pile of the scoring cards @seat has taken, as shown. */
HeartsPointPile *hearts_table_get_point_pile      (HeartsTable     *self,
                                                   guint            seat);
/* Where the table puts things once they stop moving, in its own coordinates: a card of
 * the hand (FALSE when it holds none such), the pass area, the middle where the trick
 * is played. */
gboolean         hearts_table_get_card_bounds     (HeartsTable     *self,
                                                   HeartsCard       card,
                                                   graphene_rect_t *bounds);
void             hearts_table_get_pass_area       (HeartsTable     *self,
                                                   graphene_rect_t *bounds);
void             hearts_table_get_trick_area      (HeartsTable     *self,
                                                   graphene_rect_t *bounds);
/* Where the player's hand lies, raised cards included; FALSE when it holds no card. */
gboolean         hearts_table_get_hand_area       (HeartsTable     *self,
                                                   graphene_rect_t *bounds);
/* How many cards the table shows @seat holding, as it shows the game now. */
guint            hearts_table_get_shown_hand_count (HeartsTable   *self,
                                                    guint          seat);
/* Whether the hand's cards are gliding to new places. */
gboolean         hearts_table_get_reflowing       (HeartsTable     *self);

G_END_DECLS
