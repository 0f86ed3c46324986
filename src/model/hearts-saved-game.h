/* hearts-saved-game.h: the game in progress, kept in GSettings across quits and crashes
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gio/gio.h>

#include "hearts-game.h"
#include "hearts-settings.h"

G_BEGIN_DECLS

/* The type of the "saved-game" key: hearts_game_serialize()'s dictionary, plus
 * "preset" (s, the rules preset the game was started with) and "queens" (u, the
 * hands in which seat 0 took the Queen of Spades). */
#define HEARTS_SAVED_GAME_TYPE G_VARIANT_TYPE_VARDICT

#define HEARTS_SAVED_GAME_ERROR (hearts_saved_game_error_quark ())
GQuark hearts_saved_game_error_quark (void);

typedef enum
{
  HEARTS_SAVED_GAME_ERROR_INVALID,   /* damaged or inconsistent */
  HEARTS_SAVED_GAME_ERROR_VERSION,   /* written by another version of the game */
} HeartsSavedGameError;

/* Every check we know: the model's own loader, then that the game's record replays
 * to the same position and the extra keys agree with it. On failure @error has a
 * message for the player; the reason is in the debug log. */
HeartsGame   *hearts_saved_game_from_variant (GVariant           *state,
                                              HeartsPreset       *preset,
                                              guint              *queens,
                                              GError            **error);
GVariant     *hearts_saved_game_to_variant   (HeartsGame         *game,
                                              HeartsPreset        preset,
                                              guint               queens);

#define HEARTS_TYPE_SAVED_GAME (hearts_saved_game_get_type ())

G_DECLARE_FINAL_TYPE (HeartsSavedGame, hearts_saved_game, HEARTS, SAVED_GAME, GObject)

HeartsSavedGame *hearts_saved_game_new          (GSettings       *settings);

/* The saved game, or NULL if there is none. A saved game that cannot be used is
 * removed from the settings and reported in @error (NULL is returned); the caller
 * shows the message and starts a new game. A game that was saved at its end but
 * not yet counted is counted now, and NULL is returned. */
HeartsGame      *hearts_saved_game_restore      (HeartsSavedGame *self,
                                                 GError         **error);
/* The preset of the game last restored or followed. */
HeartsPreset     hearts_saved_game_get_preset   (HeartsSavedGame *self);

/* Saves @game now and after every change (pass, play, new hand…). When it ends, its
 * result goes into the statistics and history and the saved game is removed, in
 * one write. @preset is the preset its rules came from (HEARTS_PRESET_CUSTOM if none);
 * NULL @game stops following. */
void             hearts_saved_game_follow       (HeartsSavedGame *self,
                                                 HeartsGame      *game,
                                                 HeartsPreset     preset);
HeartsGame      *hearts_saved_game_get_game     (HeartsSavedGame *self);

/* Forgets the saved game (the player abandoned it). */
void             hearts_saved_game_clear        (HeartsSavedGame *self);

G_END_DECLS
