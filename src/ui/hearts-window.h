/* hearts-window.h
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <adwaita.h>

#include "hearts-application.h"
#include "hearts-game-runner.h"
#include "hearts-settings.h"
#include "hearts-table.h"
#include "hearts-table-sounds.h"

G_BEGIN_DECLS

#define HEARTS_TYPE_WINDOW (hearts_window_get_type ())

G_DECLARE_FINAL_TYPE (HeartsWindow, hearts_window, HEARTS, WINDOW, AdwApplicationWindow)

HeartsWindow   *hearts_window_new          (HeartsApplication *application);
HeartsSettings *hearts_window_get_settings (HeartsWindow      *self);
/* The game as the player's seat sees it. */
HeartsSeatView *hearts_window_get_seat_view (HeartsWindow     *self);
/* Checks the settings and statistics (a toast says what had to be reset), then
 * resumes the saved game if @resume and there is one that can be read, else starts
 * a new game. */
void            hearts_window_start        (HeartsWindow      *self,
                                            gboolean           resume);
/* Starts @game (a new one from the settings and the application's seed if NULL),
 * saved after every move from now on. */
void            hearts_window_new_game     (HeartsWindow      *self,
                                            HeartsGame        *game);
HeartsTable    *hearts_window_get_table    (HeartsWindow      *self);
/* The sounds of what the table shows. */
HeartsTableSounds *hearts_window_get_sounds (HeartsWindow     *self);
/* Plays the game's computer seats. */
HeartsGameRunner *hearts_window_get_runner (HeartsWindow      *self);
void            hearts_window_show_toast   (HeartsWindow      *self,
                                            const char        *message);
/* The text of the last toast, or NULL. */
const char     *hearts_window_get_message  (HeartsWindow      *self);

G_END_DECLS
