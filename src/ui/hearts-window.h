/* hearts-window.h
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <adwaita.h>

#include "hearts-application.h"
#include "hearts-game.h"
#include "hearts-table.h"

G_BEGIN_DECLS

#define HEARTS_TYPE_WINDOW (hearts_window_get_type ())

G_DECLARE_FINAL_TYPE (HeartsWindow, hearts_window, HEARTS, WINDOW, AdwApplicationWindow)

HeartsWindow *hearts_window_new        (HeartsApplication *application);
HeartsGame   *hearts_window_get_game   (HeartsWindow      *self);
/* Starts @game (a new one from the application's rules and seed if NULL). */
void          hearts_window_new_game   (HeartsWindow      *self,
                                        HeartsGame        *game);
HeartsTable  *hearts_window_get_table  (HeartsWindow      *self);
void          hearts_window_show_toast (HeartsWindow      *self,
                                        const char        *message);

G_END_DECLS
