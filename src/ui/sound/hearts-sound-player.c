/* hearts-sound-player.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include "hearts-sound-player.h"

G_DEFINE_INTERFACE (HeartsSoundPlayer, hearts_sound_player, G_TYPE_OBJECT)

static void
hearts_sound_player_default_init (HeartsSoundPlayerInterface *iface)
{
}

void
hearts_sound_player_play (HeartsSoundPlayer *self,
                          HeartsSound        sound)
{
  g_return_if_fail (HEARTS_IS_SOUND_PLAYER (self));
  g_return_if_fail (sound < HEARTS_N_SOUNDS);

  HEARTS_SOUND_PLAYER_GET_IFACE (self)->play (self, sound);
}

const char *
hearts_sound_get_name (HeartsSound sound)
{
  static const char * const names[HEARTS_N_SOUNDS] = {
    [HEARTS_SOUND_CARD_DEAL] = "card-deal",
    [HEARTS_SOUND_CARD_PLAY] = "card-play",
    [HEARTS_SOUND_TRICK_TAKEN] = "trick-taken",
    [HEARTS_SOUND_HEARTS_BROKEN] = "hearts-broken",
    [HEARTS_SOUND_QUEEN_OF_SPADES] = "queen-of-spades",
    [HEARTS_SOUND_MOON] = "moon",
  };

  g_return_val_if_fail (sound < HEARTS_N_SOUNDS, NULL);
  return names[sound];
}
