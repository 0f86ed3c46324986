/* hearts-game-runner.h: the turn loop: the seats' players, and who moves next
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gio/gio.h>

#include "hearts-game.h"

G_BEGIN_DECLS

#define HEARTS_TYPE_GAME_RUNNER (hearts_game_runner_get_type ())

G_DECLARE_FINAL_TYPE (HeartsGameRunner, hearts_game_runner, HEARTS, GAME_RUNNER, GObject)

HeartsGameRunner *hearts_game_runner_new                 (void);

HeartsGame       *hearts_game_runner_get_game            (HeartsGameRunner    *self);
/* Runs @game from now on: whatever the last game had in flight is cancelled, the
 * seats with a command in @engines (by seat, NULL for none; the array may be NULL)
 * start their external engines, and the computer seats move in turn. NULL stops. */
void              hearts_game_runner_set_game            (HeartsGameRunner    *self,
                                                          HeartsGame          *game,
                                                          const char * const  *engines);

/* While held, no computer move starts (a view holds the runner while it animates). */
gboolean          hearts_game_runner_get_held            (HeartsGameRunner    *self);
void              hearts_game_runner_set_held            (HeartsGameRunner    *self,
                                                          gboolean             held);

/* Whether a hand is played out at once when no card left can change a score
 * (default TRUE). */
gboolean          hearts_game_runner_get_auto_finish     (HeartsGameRunner    *self);
void              hearts_game_runner_set_auto_finish     (HeartsGameRunner    *self,
                                                          gboolean             auto_finish);

/* Whether some seat's engine is still starting. */
gboolean          hearts_game_runner_get_starting_engines (HeartsGameRunner   *self);
/* Gives up the engines still starting: their seats keep the built-in players. */
void              hearts_game_runner_skip_engines        (HeartsGameRunner    *self);

/* Undo, with the computer move being worked out cancelled first. */
gboolean          hearts_game_runner_undo                (HeartsGameRunner    *self);

/* A hint for human @seat, cancelled with the game's other work (see hearts_game_hint_async();
 * finish with hearts_game_hint_finish() on the game). */
void              hearts_game_runner_hint_async          (HeartsGameRunner    *self,
                                                          guint                seat,
                                                          GAsyncReadyCallback  callback,
                                                          gpointer             user_data);

G_END_DECLS
