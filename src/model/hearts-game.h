/* hearts-game.h: one game of Hearts as a GObject: what a view may know of it
 *
 * A view makes a game, names its seats and reads its rules and phase; everything else,
 * the cards among them, is below the views (hearts-game-deal.h): they read the game
 * through a HeartsSeatView.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gio/gio.h>

#include "hearts-types.h"

G_BEGIN_DECLS

#define HEARTS_TYPE_GAME (hearts_game_get_type ())

G_DECLARE_FINAL_TYPE (HeartsGame, hearts_game, HEARTS, GAME, GObject)

#define HEARTS_GAME_MAX_TRICKS HEARTS_HAND_MAX_TRICKS

#define HEARTS_GAME_ERROR (hearts_game_error_quark ())
GQuark hearts_game_error_quark (void);

/* Seat 0 is the human by default; the others are computers at @level. */
HeartsGame          *hearts_game_new                 (const HeartsRules   *rules,
                                                      guint64              seed);

const HeartsRules   *hearts_game_get_rules           (HeartsGame          *self);
guint                hearts_game_get_n_players       (HeartsGame          *self);
HeartsPhase          hearts_game_get_phase           (HeartsGame          *self);

/* Seats */
gboolean             hearts_game_seat_is_human       (HeartsGame          *self,
                                                      guint                seat);
void                 hearts_game_set_seat_human      (HeartsGame          *self,
                                                      guint                seat);
/* A computer seat at one of our levels. */
void                 hearts_game_set_seat_level      (HeartsGame          *self,
                                                      guint                seat,
                                                      HeartsAiLevel        level);
HeartsAiLevel        hearts_game_get_seat_level      (HeartsGame          *self,
                                                      guint                seat);

G_END_DECLS
