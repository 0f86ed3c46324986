/* hearts-write-count.c: how many times one hand is written to the saved-game file
 *
 * Plays one hand between computers on every seat, driven as the window drives it:
 * each computer move asynchronously, the next one queued on an idle when it is done,
 * optionally after a pause standing for the table's animation. Prints the changes
 * of the game (the old saver wrote the "saved-game" key once per change) and the
 * writes of the file (HeartsSavedGame:n-writes).
 *
 *   hearts-write-count [--pause-ms N] [--seed S]
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#define G_SETTINGS_ENABLE_BACKEND
#include <gio/gsettingsbackend.h>

#include "hearts-game-deal.h"
#include "hearts-saved-game.h"
#include "temp-file.h"

typedef struct
{
  GMainLoop  *loop;
  HeartsGame *game;
  guint       pause_ms;
  guint       changes;
} Run;

static void queue_next (Run *run);

static void
on_moved (GObject      *source,
          GAsyncResult *result,
          gpointer      user_data)
{
  Run *run = user_data;
  g_autoptr(GError) error = NULL;

  if (!hearts_game_computer_move_finish (run->game, result, &error))
    g_error ("%s", error->message);
  queue_next (run);
}

static gboolean
next_move_cb (gpointer user_data)
{
  Run *run = user_data;

  if (hearts_game_get_phase (run->game) >= HEARTS_PHASE_HAND_OVER)
    g_main_loop_quit (run->loop);
  else
    hearts_game_computer_move_async (run->game, NULL, on_moved, run);
  return G_SOURCE_REMOVE;
}

static void
queue_next (Run *run)
{
  if (run->pause_ms > 0)
    g_timeout_add (run->pause_ms, next_move_cb, run);
  else
    g_idle_add (next_move_cb, run);
}

static void
on_changed_cb (HeartsGame *game,
               Run        *run)
{
  run->changes++;
}

int
main (int   argc,
      char *argv[])
{
  g_autoptr(GSettingsBackend) backend = g_memory_settings_backend_new ();
  g_autoptr(GSettings) gsettings = g_settings_new_with_backend (HEARTS_SCHEMA_ID, backend);
  g_autoptr(TempFile) file = temp_file_new ();
  g_autoptr(HeartsSavedGame) saver = hearts_saved_game_new (gsettings, file);
  g_autoptr(HeartsGame) game = NULL;
  g_autoptr(GOptionContext) context = NULL;
  g_autoptr(GError) error = NULL;
  gint         pause_ms = 0;
  gint64       seed = 1;
  GOptionEntry entries[] = {
    { "pause-ms", 0, 0, G_OPTION_ARG_INT, &pause_ms, "Pause between moves, as for an animation", "MS" },
    { "seed", 0, 0, G_OPTION_ARG_INT64, &seed, "Seed of the deal", "S" },
    { NULL }
  };
  HeartsRules rules;
  Run         run = { 0 };
  guint       before;

  context = g_option_context_new ("- count the saved-game writes of one hand");
  g_option_context_add_main_entries (context, entries, NULL);
  if (!g_option_context_parse (context, &argc, &argv, &error))
    {
      g_printerr ("%s\n", error->message);
      return 2;
    }

  hearts_rules_init_default (&rules);
  game = hearts_game_new (&rules, (guint64) seed);
  for (guint s = 0; s < rules.n_players; s++)
    hearts_game_set_seat_level (game, s, HEARTS_AI_NORMAL);

  run.loop = g_main_loop_new (NULL, FALSE);
  run.game = game;
  run.pause_ms = (guint) MAX (pause_ms, 0);
  hearts_saved_game_follow (saver, game, HEARTS_PRESET_STANDARD);
  hearts_saved_game_flush (saver);
  before = hearts_saved_game_get_n_writes (saver);
  g_signal_connect (game, "changed", G_CALLBACK (on_changed_cb), &run);

  queue_next (&run);
  g_main_loop_run (run.loop);
  /* What is still pending is written too. */
  while (g_main_context_iteration (NULL, FALSE))
    ;
  hearts_saved_game_flush (saver);

  g_print ("one hand, pause %d ms: %u changes of the game (the old saver's writes), %u file writes\n",
           pause_ms, run.changes, hearts_saved_game_get_n_writes (saver) - before);
  g_main_loop_unref (run.loop);
  return 0;
}
