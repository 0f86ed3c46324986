/* hearts-saved-game.h: the game in progress, kept in a file across quits and crashes
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gio/gio.h>

#include "hearts-game.h"
#include "hearts-settings.h"

G_BEGIN_DECLS

/* The saved state: hearts_game_serialize()'s dictionary, plus "preset" (s, the rules
 * preset the game was started with), "queens" (u, the hands in which seat 0 took the
 * Queen of Spades, as the record shows them) and, in a game that is over
 * but maybe not yet counted, "finished" (x, the date its history entry has). */
#define HEARTS_SAVED_GAME_TYPE G_VARIANT_TYPE_VARDICT

/* The file: a serialized little-endian GVariant of this type, (magic, format version,
 * state). The old "saved-game" GSettings key held the state alone. */
#define HEARTS_SAVED_GAME_FILE_TYPE    G_VARIANT_TYPE ("(sua{sv})")
#define HEARTS_SAVED_GAME_FILE_MAGIC   "io.github.gtkhearts.Hearts.SavedGame"
#define HEARTS_SAVED_GAME_FILE_VERSION 1

/* A saved game is refused unread above this size, far more than any real game: a hand
 * takes about 860 bytes (a game of 100 deals, 86 KB), so even the longest the loader
 * takes (HEARTS_GAME_MAX_RESULTS hands) is about 9 MB. The record of one hand, as the
 * game writes it, is at most about 1,100 bytes (five players). */
#define HEARTS_SAVED_GAME_MAX_SIZE        (32 * 1024 * 1024)
#define HEARTS_SAVED_GAME_MAX_HAND_RECORD 2048

#define HEARTS_SAVED_GAME_ERROR (hearts_saved_game_error_quark ())
GQuark hearts_saved_game_error_quark (void);

typedef enum
{
  HEARTS_SAVED_GAME_ERROR_INVALID,   /* damaged or inconsistent */
  HEARTS_SAVED_GAME_ERROR_VERSION,   /* written by another version of the game */
} HeartsSavedGameError;

/* Every check we know: the model's own loader, that seat 0 is the player's and every
 * other seat a computer's, that the game's record is as the game writes it and
 * replays to the same position, and that the extra keys agree with it (an end date
 * only in a game over, within the statistics' dates). @queens is the count of the
 * finished hands in which seat 0 took the Q♠, from the record; a state whose "queens"
 * says otherwise is refused. On failure @error has a message for the player; the reason is in
 * the debug log. */
HeartsGame   *hearts_saved_game_from_variant (GVariant           *state,
                                              HeartsPreset       *preset,
                                              guint              *queens,
                                              GError            **error);
GVariant     *hearts_saved_game_to_variant   (HeartsGame         *game,
                                              HeartsPreset        preset,
                                              guint               queens);
/* The finished hands of @game in which seat 0 took the Queen of Spades: what its
 * state's "queens" must say. */
guint hearts_saved_game_count_queens (HeartsGame *game);

/* The file's bytes for @state, and back: the state of a file whose header and
 * bytes are sound (NULL and @error otherwise). The state still needs
 * hearts_saved_game_from_variant(). */
GBytes       *hearts_saved_game_to_file_bytes   (GVariant     *state);
GVariant     *hearts_saved_game_from_file_bytes (GBytes       *contents,
                                                 GError      **error);

/* g_get_user_data_dir()/hearts/saved-game */
GFile        *hearts_saved_game_get_default_file (void);

#define HEARTS_TYPE_SAVED_GAME (hearts_saved_game_get_type ())

G_DECLARE_FINAL_TYPE (HeartsSavedGame, hearts_saved_game, HEARTS, SAVED_GAME, GObject)

/* Keeps the game in @file (NULL: the default file); statistics and history go to
 * @settings. Emits "write-failed" (a message for the player) once when saving starts
 * failing, and again only after a save has worked. */
HeartsSavedGame *hearts_saved_game_new          (GSettings       *settings,
                                                 GFile           *file);

/* The saved game, or NULL if there is none. A game left in the old "saved-game" key
 * is moved to the file first. The file is judged before it is read (a regular file of
 * at most HEARTS_SAVED_GAME_MAX_SIZE bytes, opened without blocking). A saved game that
 * cannot be used (that or any check) is renamed to "saved-game.bad" and reported in
 * @error (NULL is returned); the caller shows the message and starts a new game. A game that was saved at its end but not yet
 * counted is counted now, and NULL is returned. */
HeartsGame      *hearts_saved_game_restore      (HeartsSavedGame *self,
                                                 GError         **error);
/* The preset of the game last restored or followed. */
HeartsPreset     hearts_saved_game_get_preset   (HeartsSavedGame *self);

/* Saves @game now and after every change (pass, play, new hand…), in a thread, at
 * the next idle moment: a burst of changes is one write. When it ends, its result
 * goes into the statistics and history and the saved game is removed, so that it
 * is counted once even if the program stops in between. @preset is the preset its rules came from (HEARTS_PRESET_CUSTOM if none);
 * NULL @game stops following. */
void             hearts_saved_game_follow       (HeartsSavedGame *self,
                                                 HeartsGame      *game,
                                                 HeartsPreset     preset);
HeartsGame      *hearts_saved_game_get_game     (HeartsSavedGame *self);

/* Forgets the saved game (the player abandoned it). */
void             hearts_saved_game_clear        (HeartsSavedGame *self);

/* Writes what is not yet written, now, and waits for it: for quitting. */
void             hearts_saved_game_flush        (HeartsSavedGame *self);

/* Files written or removed so far. */
guint            hearts_saved_game_get_n_writes (HeartsSavedGame *self);

G_END_DECLS
