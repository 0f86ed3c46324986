/* fuzz-saved-game.c: libFuzzer target for the saved-game loader
 *
 * The bytes are taken as the serialized state of the game in progress, and as the
 * whole saved-game file (header and state). Whatever they say, loading must either fail with an error or
 * give a game that saves back to the same state and can be played on.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <stdint.h>
#include <string.h>

#include "hearts-game-deal.h"
#include "hearts-game.h"
#include "hearts-saved-game.h"

int LLVMFuzzerTestOneInput (const uint8_t *data,
                            size_t         size);

static void
play_on (HeartsGame *game)
{
  /* Random seats are fast and take every legal path the engine offers. */
  for (guint s = 0; s < hearts_game_get_n_players (game); s++)
    if (!hearts_game_seat_is_human (game, s))
      hearts_game_set_seat_level (game, s, HEARTS_AI_RANDOM);
  for (guint s = 0; s < hearts_game_get_n_players (game); s++)
    if (hearts_game_seat_is_human (game, s))
      hearts_game_set_seat_level (game, s, HEARTS_AI_RANDOM);

  for (guint i = 0; i < 80 && hearts_game_computer_move (game); i++)
    ;
  if (hearts_game_get_phase (game) == HEARTS_PHASE_HAND_OVER)
    {
      hearts_game_next_hand (game);
      g_assert_cmpint (hearts_game_get_phase (game), <=, HEARTS_PHASE_PLAYING);
    }
  /* The player's seat again, as a saved game has it. */
  hearts_game_set_seat_human (game, 0);
}

static void
check_round_trip (HeartsGame  *game,
                  HeartsPreset preset,
                  guint        queens)
{
  g_autoptr(GVariant) again = hearts_saved_game_to_variant (game, preset, queens);
  g_autoptr(GError) error = NULL;
  g_autoptr(GVariant) third = NULL;
  g_autoptr(HeartsGame) copy = NULL;
  g_autofree char    *record = NULL;
  HeartsRecordSummary summary;
  HeartsPreset        preset2;
  guint               queens2;

  copy = hearts_saved_game_from_variant (again, &preset2, &queens2, &error);
  g_assert_no_error (error);
  g_assert_nonnull (copy);
  g_assert_cmpint (preset, ==, preset2);
  g_assert_cmpuint (queens, ==, queens2);
  third = hearts_saved_game_to_variant (copy, preset2, queens2);
  g_assert_true (g_variant_equal (again, third));

  record = hearts_game_get_record (game);
  if (!hearts_record_replay (record, &summary, &error))
    g_error ("a loaded game gives a record that does not replay: %s", error->message);
}

int
LLVMFuzzerTestOneInput (const uint8_t *data,
                        size_t         size)
{
  g_autoptr(GBytes) bytes = g_bytes_new (data, size);
  g_autoptr(GVariant) state = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(HeartsGame) game = NULL;
  g_autofree char    *text = NULL;
  HeartsRecordSummary summary;
  HeartsPreset        preset;
  guint               queens;
  const char         *record;

  g_log_set_always_fatal (G_LOG_LEVEL_ERROR | G_LOG_LEVEL_CRITICAL | G_LOG_LEVEL_WARNING);

  /* The file's state is a variant of this type; untrusted data is checked by GLib. */
  state = g_variant_ref_sink (g_variant_new_from_bytes (HEARTS_SAVED_GAME_TYPE, bytes, FALSE));

  game = hearts_saved_game_from_variant (state, &preset, &queens, &error);
  if (game == NULL)
    {
      g_assert_nonnull (error);
      g_assert_cmpstr (error->message, !=, "");
    }
  else
    {
      g_assert_no_error (error);
      check_round_trip (game, preset, queens);
      g_assert_cmpuint (queens, ==, hearts_saved_game_count_queens (game));
      play_on (game);
      /* Playing on may score a hand: the count follows the record. */
      check_round_trip (game, preset, hearts_saved_game_count_queens (game));
    }
  g_clear_error (&error);

  /* The same bytes as a whole file: refused, or a state that loads or is refused. */
  {
    g_autoptr(GVariant) from_file = hearts_saved_game_from_file_bytes (bytes, &error);
    g_autoptr(HeartsGame) loaded = NULL;

    g_assert_true ((from_file == NULL) == (error != NULL));
    g_clear_error (&error);
    if (from_file != NULL)
      {
        loaded = hearts_saved_game_from_variant (from_file, NULL, NULL, &error);
        g_assert_true ((loaded == NULL) == (error != NULL));
        g_clear_error (&error);
      }
  }

  /* The model's own loader, without the extra checks. */
  g_clear_object (&game);
  game = hearts_game_deserialize (state, &error);
  g_assert_true ((game == NULL) == (error != NULL));
  g_clear_error (&error);

  /* The record inside, and the bytes themselves, as game records. */
  if (g_variant_lookup (state, "record", "&s", &record))
    hearts_record_replay (record, &summary, NULL);
  text = g_strndup ((const char *) data, size);
  hearts_record_replay (text, &summary, NULL);

  return 0;
}
