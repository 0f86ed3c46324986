/* hearts-preferences-window.h
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <adwaita.h>

#include "hearts-compat.h"

#include "hearts-seat-view.h"
#include "hearts-settings.h"

G_BEGIN_DECLS

#define HEARTS_TYPE_PREFERENCES_WINDOW (hearts_preferences_window_get_type ())

/* An AdwPreferencesDialog with libadwaita 1.5 and later, else an AdwPreferencesWindow
 * (hearts-compat.h). */
G_DECLARE_FINAL_TYPE (HeartsPreferencesWindow, hearts_preferences_window,
                      HEARTS, PREFERENCES_WINDOW, HeartsPreferencesBase)

/* Every row is bound to @settings' keys. */
HeartsPreferencesWindow *hearts_preferences_window_new       (HeartsSettings          *settings);
/* The game in progress, to say when the rules differ from its own; NULL for none.
 * HeartsWindow's "seat-view" is bound to it. */
void                     hearts_preferences_window_set_seat_view (HeartsPreferencesWindow *self,
                                                                  HeartsSeatView          *view);
HeartsSeatView          *hearts_preferences_window_get_seat_view (HeartsPreferencesWindow *self);
/* Shows it over @parent, whose "win.new-game" action the New Game button activates. */
void                     hearts_preferences_window_present   (HeartsPreferencesWindow *self,
                                                              GtkWidget               *parent);

G_END_DECLS
