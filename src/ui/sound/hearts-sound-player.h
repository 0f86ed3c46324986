/* hearts-sound-player.h: what plays the table's sounds
 *
 * The table's sounds are asked of a HeartsSoundPlayer: HeartsGSoundPlayer plays them
 * through GSound; a test hands HeartsTableSounds one that writes them down.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib-object.h>

G_BEGIN_DECLS

typedef enum
{
  HEARTS_SOUND_CARD_DEAL,
  HEARTS_SOUND_CARD_PLAY,
  HEARTS_SOUND_TRICK_TAKEN,
  HEARTS_SOUND_HEARTS_BROKEN,
  HEARTS_SOUND_QUEEN_OF_SPADES,
  HEARTS_SOUND_MOON,
  HEARTS_N_SOUNDS
} HeartsSound;

#define HEARTS_TYPE_SOUND_PLAYER (hearts_sound_player_get_type ())

G_DECLARE_INTERFACE (HeartsSoundPlayer, hearts_sound_player, HEARTS, SOUND_PLAYER, GObject)

struct _HeartsSoundPlayerInterface
{
  GTypeInterface parent_iface;

  /* Starts @sound and returns at once; a sound that cannot be played is left out. */
  void (*play) (HeartsSoundPlayer *self,
                HeartsSound        sound);
};

void         hearts_sound_player_play (HeartsSoundPlayer *self,
                                       HeartsSound        sound);

/* The sound's name: "card-play"; its file is "hearts-card-play.wav". */
const char  *hearts_sound_get_name    (HeartsSound        sound);

G_END_DECLS
