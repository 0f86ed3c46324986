/* hearts-table-sounds.h: the sounds of what the table shows
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "hearts-sound-player.h"
#include "hearts-table.h"

G_BEGIN_DECLS

#define HEARTS_TYPE_TABLE_SOUNDS (hearts_table_sounds_get_type ())

G_DECLARE_FINAL_TYPE (HeartsTableSounds, hearts_table_sounds, HEARTS, TABLE_SOUNDS, GObject)

HeartsTableSounds *hearts_table_sounds_new         (HeartsTable       *table);

HeartsTable       *hearts_table_sounds_get_table   (HeartsTableSounds *self);
void               hearts_table_sounds_set_table   (HeartsTableSounds *self,
                                                    HeartsTable       *table);
/* The player's choice (the "sounds" key); the desktop's event sounds must be on too. */
gboolean           hearts_table_sounds_get_enabled (HeartsTableSounds *self);
void               hearts_table_sounds_set_enabled (HeartsTableSounds *self,
                                                    gboolean           enabled);
/* What plays them: a HeartsGSoundPlayer unless another is set. */
HeartsSoundPlayer *hearts_table_sounds_get_player  (HeartsTableSounds *self);
void               hearts_table_sounds_set_player  (HeartsTableSounds *self,
                                                    HeartsSoundPlayer *player);
/* The sound the table would make for @event now, or -1 for none (a pass, an undo …);
 * @hearts_shown: whether a heart has been shown this hand before it. */
gint               hearts_table_sounds_for_event   (const HeartsSeatEvent *event,
                                                    gboolean               hearts_shown);

G_END_DECLS
