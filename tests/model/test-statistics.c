/* test-statistics.c: statistics and history after simulated games
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#define G_SETTINGS_ENABLE_BACKEND
#include <gio/gsettingsbackend.h>

#include "hearts-game-deal.h"
#include "hearts-saved-game.h"
#include "hearts-statistics.h"
#include "temp-file.h"

static GSettings *
new_gsettings (void)
{
  g_autoptr(GSettingsBackend) backend = g_memory_settings_backend_new ();

  return g_settings_new_with_backend (HEARTS_SCHEMA_ID, backend);
}

static HeartsSavedGame *
new_saver (GSettings *gsettings,
           GFile     *file)
{
  HeartsSavedGame *saver = hearts_saved_game_new (gsettings, file);

  g_object_set_data (G_OBJECT (saver), "test-file", file);
  return saver;
}

/* What the statistics must say about one game, worked out on our own. */
typedef struct
{
  guint queens;
  guint moons;
  guint hands;
  gint  points;
} Expected;

static void
on_hand_finished_cb (HeartsGame *game,
                     guint       hand,
                     Expected   *expected)
{
  const HeartsHandResult *result = hearts_game_get_result (game, hand);

  if (hearts_cards_has (hearts_game_get_deal (game)->taken[0], HEARTS_QUEEN_OF_SPADES))
    expected->queens++;
  if (result->shooter == 0)
    expected->moons++;
  expected->points += result->points[0];
  expected->hands++;
}

/* A whole game between computer seats, driven synchronously, followed by the
 * saver as the window follows it. */
static HeartsGame *
play_game (HeartsSavedGame *saver,
           const char      *rules_text,
           HeartsPreset     preset,
           guint64          seed,
           Expected        *expected)
{
  HeartsRules rules;
  HeartsGame *game;

  hearts_rules_init_default (&rules);
  g_assert_true (hearts_rules_apply_string (&rules, rules_text, NULL));
  game = hearts_game_new (&rules, seed);
  for (guint s = 0; s < rules.n_players; s++)
    hearts_game_set_seat_level (game, s, HEARTS_AI_RANDOM);
  g_signal_connect (game, "hand-finished", G_CALLBACK (on_hand_finished_cb), expected);

  hearts_saved_game_follow (saver, game, preset);
  while (hearts_game_get_phase (game) != HEARTS_PHASE_GAME_OVER)
    {
      if (hearts_game_get_phase (game) == HEARTS_PHASE_HAND_OVER)
        hearts_game_next_hand (game);
      else
        g_assert_true (hearts_game_computer_move (game));
    }
  /* The file is removed once the game is counted. */
  hearts_saved_game_flush (saver);
  g_assert_false (g_file_query_exists (G_FILE (g_object_get_data (G_OBJECT (saver), "test-file")), NULL));
  /* Seat 0 is the player's in a saved game; here a computer played for them. */
  hearts_game_set_seat_human (game, 0);
  return game;
}

static void
test_after_one_game (void)
{
  g_autoptr(GSettings) gsettings = new_gsettings ();
  g_autoptr(TempFile) file = temp_file_new ();
  g_autoptr(HeartsSavedGame) saver = new_saver (gsettings, file);
  g_autoptr(HeartsGame) game = NULL;
  g_autoptr(GArray) history = NULL;
  Expected                  expected = { 0 };
  HeartsStats               stats;
  const HeartsHistoryEntry *entry;
  gint                      total;

  g_assert_false (hearts_statistics_get (gsettings, HEARTS_PRESET_STANDARD, &stats));
  g_assert_cmpuint (stats.games_played, ==, 0);

  game = play_game (saver, "", HEARTS_PRESET_STANDARD, 42, &expected);
  total = hearts_game_get_total (game, 0);

  g_assert_true (hearts_statistics_get (gsettings, HEARTS_PRESET_STANDARD, &stats));
  g_assert_cmpuint (stats.games_played, ==, 1);
  g_assert_cmpuint (stats.games_won, ==, (hearts_game_get_winners (game) & 1) ? 1 : 0);
  g_assert_cmpuint (stats.hands_played, ==, hearts_game_get_n_results (game));
  g_assert_cmpuint (stats.hands_played, ==, expected.hands);
  g_assert_cmpint (stats.points, ==, expected.points);
  g_assert_cmpint (stats.points, ==, total);
  g_assert_cmpuint (stats.moons_shot, ==, expected.moons);
  g_assert_cmpuint (stats.queens_taken, ==, expected.queens);
  g_assert_cmpint (stats.best, ==, total);
  g_assert_cmpint (stats.worst, ==, total);
  g_assert_cmpfloat_with_epsilon (hearts_stats_get_average (&stats),
                                  (double) total / expected.hands, 1e-9);
  g_test_message ("%u hands, %d points, %u queens, %u moons",
                  expected.hands, total, expected.queens, expected.moons);
  /* Random players take the Q♠ sometimes: a count stuck at 0 would not be noticed otherwise. */
  g_assert_cmpuint (expected.queens, >, 0);

  /* Other presets are untouched. */
  g_assert_false (hearts_statistics_get (gsettings, HEARTS_PRESET_OMNIBUS, &stats));

  history = hearts_statistics_get_history (gsettings);
  g_assert_cmpuint (history->len, ==, 1);
  entry = &g_array_index (history, HeartsHistoryEntry, 0);
  g_assert_cmpint (entry->preset, ==, HEARTS_PRESET_STANDARD);
  g_assert_cmpuint (entry->n_players, ==, 4);
  g_assert_cmpuint (entry->winners, ==, hearts_game_get_winners (game));
  for (guint s = 0; s < 4; s++)
    g_assert_cmpint (entry->totals[s], ==, hearts_game_get_total (game, s));
  g_assert_cmpint (entry->date, >, 1700000000);

  /* The finished game is not saved any more, and no longer followed. */
  hearts_saved_game_flush (saver);
  g_assert_false (g_file_query_exists (file, NULL));
  g_assert_null (hearts_saved_game_get_game (saver));
  g_assert_true (hearts_statistics_check (gsettings, NULL));
}

static void
test_several_games (void)
{
  g_autoptr(GSettings) gsettings = new_gsettings ();
  g_autoptr(TempFile) file = temp_file_new ();
  g_autoptr(HeartsSavedGame) saver = new_saver (gsettings, file);
  g_autoptr(GArray) history = NULL;
  Expected    expected = { 0 };
  gint        best = G_MAXINT, worst = G_MININT;
  guint       wins = 0;
  HeartsStats stats;

  for (guint i = 0; i < 6; i++)
    {
      g_autoptr(HeartsGame) game = play_game (saver, "omnibus=yes end=deals:4", HEARTS_PRESET_CUSTOM,
                                               100 + i, &expected);
      gint total = hearts_game_get_total (game, 0);

      best = MIN (best, total);
      worst = MAX (worst, total);
      wins += hearts_game_get_winners (game) & 1;
    }

  g_assert_true (hearts_statistics_get (gsettings, HEARTS_PRESET_CUSTOM, &stats));
  g_assert_cmpuint (stats.games_played, ==, 6);
  g_assert_cmpuint (stats.games_won, ==, wins);
  g_assert_cmpuint (stats.hands_played, ==, 24);
  g_assert_cmpint (stats.points, ==, expected.points);
  g_assert_cmpuint (stats.queens_taken, ==, expected.queens);
  g_assert_cmpint (stats.best, ==, best);
  g_assert_cmpint (stats.worst, ==, worst);
  g_assert_cmpint (best, <, worst);

  history = hearts_statistics_get_history (gsettings);
  g_assert_cmpuint (history->len, ==, 6);

  /* A game under another preset starts its own line. */
  {
    Expected other = { 0 };
    g_autoptr(HeartsGame) game = play_game (saver, "players=3 qs-breaks=yes", HEARTS_PRESET_THREE_PLAYERS,
                                             7, &other);

    g_assert_true (hearts_statistics_get (gsettings, HEARTS_PRESET_THREE_PLAYERS, &stats));
    g_assert_cmpuint (stats.games_played, ==, 1);
    g_assert_cmpuint (stats.hands_played, ==, other.hands);
    g_assert_true (hearts_statistics_get (gsettings, HEARTS_PRESET_CUSTOM, &stats));
    g_assert_cmpuint (stats.games_played, ==, 6);
  }

  hearts_statistics_reset (gsettings);
  g_assert_false (hearts_statistics_get (gsettings, HEARTS_PRESET_CUSTOM, &stats));
  g_assert_false (hearts_statistics_get (gsettings, HEARTS_PRESET_THREE_PLAYERS, &stats));
  g_clear_pointer (&history, g_array_unref);
  history = hearts_statistics_get_history (gsettings);
  g_assert_cmpuint (history->len, ==, 0);
}

static void
test_history_capped (void)
{
  g_autoptr(GSettings) gsettings = new_gsettings ();
  g_autoptr(TempFile) file = temp_file_new ();
  g_autoptr(HeartsSavedGame) saver = new_saver (gsettings, file);
  g_autoptr(GArray) history = NULL;
  HeartsStats stats;
  gint        first_total = 0;

  for (guint i = 0; i < HEARTS_HISTORY_MAX + 5; i++)
    {
      Expected expected = { 0 };
      g_autoptr(HeartsGame) game = play_game (saver, "end=deals:1 pass=none", HEARTS_PRESET_CUSTOM,
                                               i, &expected);
      if (i == HEARTS_HISTORY_MAX + 4)
        first_total = hearts_game_get_total (game, 0);
    }

  history = hearts_statistics_get_history (gsettings);
  g_assert_cmpuint (history->len, ==, HEARTS_HISTORY_MAX);
  /* Newest first. */
  g_assert_cmpint (g_array_index (history, HeartsHistoryEntry, 0).totals[0], ==, first_total);
  g_assert_true (hearts_statistics_get (gsettings, HEARTS_PRESET_CUSTOM, &stats));
  g_assert_cmpuint (stats.games_played, ==, HEARTS_HISTORY_MAX + 5);
}

/* Killed after the last card was saved but before the game was counted: the next
 * start counts it, once. */
static void
test_counted_once_after_crash (void)
{
  g_autoptr(GSettings) gsettings = new_gsettings ();
  g_autoptr(TempFile) file = temp_file_new ();
  g_autoptr(HeartsSavedGame) saver = new_saver (gsettings, file);
  g_autoptr(HeartsSavedGame) next_run = NULL;
  g_autoptr(HeartsGame) game = NULL;
  g_autoptr(GVariant) last_state = NULL;
  g_autoptr(GError) error = NULL;
  Expected    expected = { 0 };
  HeartsStats stats;

  game = play_game (saver, "end=deals:2", HEARTS_PRESET_CUSTOM, 3, &expected);
  last_state = hearts_saved_game_to_variant (game, HEARTS_PRESET_CUSTOM, expected.queens);
  hearts_statistics_reset (gsettings);

  /* As if the finished game had been saved and the program had died there; by an
   * older version, which kept it in the settings. */
  g_settings_set_value (gsettings, "saved-game", last_state);
  next_run = hearts_saved_game_new (gsettings, file);
  g_assert_null (hearts_saved_game_restore (next_run, &error));
  g_assert_no_error (error);
  g_assert_true (hearts_statistics_get (gsettings, HEARTS_PRESET_CUSTOM, &stats));
  g_assert_cmpuint (stats.games_played, ==, 1);
  g_assert_cmpuint (stats.queens_taken, ==, expected.queens);

  g_assert_null (hearts_saved_game_restore (next_run, &error));
  g_assert_true (hearts_statistics_get (gsettings, HEARTS_PRESET_CUSTOM, &stats));
  g_assert_cmpuint (stats.games_played, ==, 1);
}

/* Killed after the game was counted but before its file was removed: the file says
 * when it finished, the history has that game, and it is not counted again. */
static void
test_counted_once_before_removal (void)
{
  g_autoptr(GSettings) gsettings = new_gsettings ();
  g_autoptr(TempFile) file = temp_file_new ();
  g_autoptr(HeartsSavedGame) saver = new_saver (gsettings, file);
  g_autoptr(HeartsSavedGame) next_run = NULL;
  g_autoptr(HeartsGame) game = NULL;
  g_autoptr(GArray) history = NULL;
  g_autoptr(GError) error = NULL;
  Expected    expected = { 0 };
  HeartsStats stats;
  gint64      date;

  game = play_game (saver, "end=deals:2", HEARTS_PRESET_CUSTOM, 5, &expected);
  hearts_saved_game_flush (saver);
  history = hearts_statistics_get_history (gsettings);
  g_assert_cmpuint (history->len, ==, 1);
  date = g_array_index (history, HeartsHistoryEntry, 0).date;

  for (guint counted = 0; counted < 2; counted++)
    {
      g_autoptr(GVariant) state = hearts_saved_game_to_variant (game, HEARTS_PRESET_CUSTOM, expected.queens);
      g_autoptr(GVariant) finished = NULL;
      g_autoptr(GBytes) bytes = NULL;
      GVariantDict dict;

      /* Counted: the date the history has; not counted: another. */
      g_variant_dict_init (&dict, state);
      g_variant_dict_insert (&dict, "finished", "x", counted == 0 ? date : date + 1);
      finished = g_variant_ref_sink (g_variant_dict_end (&dict));
      bytes = hearts_saved_game_to_file_bytes (finished);
      g_assert_true (g_file_replace_contents (file, g_bytes_get_data (bytes, NULL), g_bytes_get_size (bytes),
                                              NULL, FALSE, G_FILE_CREATE_NONE, NULL, NULL, NULL));

      g_clear_object (&next_run);
      next_run = hearts_saved_game_new (gsettings, file);
      g_assert_null (hearts_saved_game_restore (next_run, &error));
      g_assert_no_error (error);
      g_assert_false (g_file_query_exists (file, NULL));
      g_assert_true (hearts_statistics_get (gsettings, HEARTS_PRESET_CUSTOM, &stats));
      g_assert_cmpuint (stats.games_played, ==, 1 + counted);
    }
}

/* A history total of G_MININT32 is out of range, like any other beyond a game's
 * worst (reproduction keyfile-history-int-min; ABS() of it overflowed). */
static void
test_history_int_min (void)
{
  g_autoptr(GSettings) gsettings = new_gsettings ();
  g_autoptr(GArray) history = NULL;
  g_autoptr(GError) error = NULL;
  static const char *totals[] = { "-2147483648", "2147483647", "-2147483647", "10" };

  for (guint i = 0; i < G_N_ELEMENTS (totals); i++)
    {
      g_autofree char *text = g_strdup_printf ("[(int64 1700000000, 'standard', [%s, 1, 2, 3], uint32 1)]",
                                               totals[i]);

      g_settings_set_value (gsettings, "history", g_variant_parse (G_VARIANT_TYPE ("a(xsaiu)"), text, NULL, NULL, NULL));
      g_clear_pointer (&history, g_array_unref);
      history = hearts_statistics_get_history (gsettings);
      g_assert_cmpuint (history->len, ==, i == 3 ? 1 : 0);
      g_clear_error (&error);
      g_assert_cmpint (hearts_statistics_check (gsettings, &error), ==, i == 3);
    }
}

/* Stored statistics that make no sense are dropped, the rest kept. */
static void
test_check_drops_nonsense (void)
{
  g_autoptr(GSettings) gsettings = new_gsettings ();
  g_autoptr(GError) error = NULL;
  g_autoptr(GArray) history = NULL;
  HeartsStats stats;
  GVariant   *value;

  value = g_variant_parse (G_VARIANT_TYPE ("a{s(uuuxuuii)}"),
                           "{'standard': (2, 1, 20, 130, 1, 3, 40, 90),"
                           " 'omnibus': (2, 5, 20, 130, 1, 3, 40, 90),"  /* more won than played */
                           " 'bogus': (1, 1, 10, 50, 0, 0, 50, 50),"     /* no such preset */
                           " 'tournament': (1, 0, 8, 60, 0, 9, 60, 60)," /* more queens than hands */
                           " 'custom': (1, 0, 8, 60, 0, 0, 70, 60)}",    /* best above worst */
                           NULL, NULL, NULL);
  g_settings_set_value (gsettings, "statistics", value);
  value = g_variant_parse (G_VARIANT_TYPE ("a(xsaiu)"),
                           "[(1700000000, 'standard', [10, 20, 30, 40], 1),"
                           " (1700000000, 'standard', [10, 20, 30, 40], 0)," /* no winner */
                           " (1700000000, 'standard', [10, 20], 1),"         /* two players */
                           " (1700000000, 'nope', [10, 20, 30, 40], 1)]",
                           NULL, NULL, NULL);
  g_settings_set_value (gsettings, "history", value);

  g_assert_false (hearts_statistics_check (gsettings, &error));
  g_assert_error (error, HEARTS_STATISTICS_ERROR, 0);

  g_assert_true (hearts_statistics_get (gsettings, HEARTS_PRESET_STANDARD, &stats));
  g_assert_cmpuint (stats.games_played, ==, 2);
  g_assert_cmpfloat_with_epsilon (hearts_stats_get_average (&stats), 6.5, 1e-9);
  g_assert_false (hearts_statistics_get (gsettings, HEARTS_PRESET_OMNIBUS, &stats));
  g_assert_false (hearts_statistics_get (gsettings, HEARTS_PRESET_TOURNAMENT, &stats));
  g_assert_false (hearts_statistics_get (gsettings, HEARTS_PRESET_CUSTOM, &stats));
  history = hearts_statistics_get_history (gsettings);
  g_assert_cmpuint (history->len, ==, 1);

  /* Now clean. */
  g_clear_error (&error);
  g_assert_true (hearts_statistics_check (gsettings, &error));
  g_assert_no_error (error);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/statistics/after-one-game", test_after_one_game);
  g_test_add_func ("/statistics/several-games", test_several_games);
  g_test_add_func ("/statistics/history-capped", test_history_capped);
  g_test_add_func ("/statistics/counted-once-after-crash", test_counted_once_after_crash);
  g_test_add_func ("/statistics/counted-once-before-removal", test_counted_once_before_removal);
  g_test_add_func ("/statistics/history-int-min", test_history_int_min);
  g_test_add_func ("/statistics/check-drops-nonsense", test_check_drops_nonsense);

  return g_test_run ();
}
