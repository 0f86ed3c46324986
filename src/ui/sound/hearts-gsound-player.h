/* hearts-gsound-player.h: the table's sounds through GSound (libcanberra)
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "hearts-sound-player.h"

G_BEGIN_DECLS

#define HEARTS_TYPE_GSOUND_PLAYER (hearts_gsound_player_get_type ())

G_DECLARE_FINAL_TYPE (HeartsGSoundPlayer, hearts_gsound_player, HEARTS, GSOUND_PLAYER, GObject)

/* Plays the files of @dir (NULL: $HEARTS_SOUNDS_DIR, else the installed ones). */
HeartsSoundPlayer *hearts_gsound_player_new     (const char         *dir);
const char        *hearts_gsound_player_get_dir (HeartsGSoundPlayer *self);

G_END_DECLS
