/* test-engines.c: hostile external engines, and computer players that are stopped
 *
 * Each hostile engine (hostile-engine.c) misbehaves once, at the handshake or in the
 * middle of a game: the start fails within its deadline, or the engine is dropped within
 * the answer deadline with a reason and the game plays on to its end. The time bounds
 * here only tell a hang from an answer; they are no benchmark.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <glib/gstdio.h>
#include <glib-unix.h>

#include "hearts-game-deal.h"
#include "hearts-external-ai.h"
#include "hearts-game.h"
#include "hearts-test-util.h"

/* The deadline the tests run with: HEARTS_ENGINE_TIMEOUT_MS in meson.build (1 s for the
 * hostile engines, the standard 10 s for the cancellations). */
static guint timeout_ms = 10000;
/* Added to a deadline for a bound that only catches a hang. */
#define SLACK_US (2 * G_USEC_PER_SEC)

typedef struct
{
  const char *mode;
  gint        code;   /* the GIOError of a start that fails */
  const char *reason; /* a part of hearts_external_ai_get_error () */
} Hostile;

static const Hostile hostiles[] = {
  { "flood", G_IO_ERROR_MESSAGE_TOO_LARGE, "longer than 4096 bytes" },
  { "stall", G_IO_ERROR_TIMED_OUT, "did not answer within" },
  { "garbage", G_IO_ERROR_INVALID_DATA, "banana split" },
  { "illegal", 0, "not a" },
  { "close", G_IO_ERROR_CLOSED, "closed its output" },
  { "exit", G_IO_ERROR_CLOSED, "closed its output" },
#ifdef __linux__
  /* Its guard kills the child as soon as the engine exits: the pipes close at once. */
  { "fork", G_IO_ERROR_CLOSED, "closed its output" },
#else
  { "fork", G_IO_ERROR_TIMED_OUT, "did not answer within" },
#endif
};

static char *
engine_command (const char *mode,
                const char *at,
                const char *arg)
{
  const char      *path = g_getenv ("HOSTILE_ENGINE");
  g_autofree char *quoted = g_shell_quote (path);
  g_autofree char *quoted_arg = g_shell_quote (arg != NULL ? arg : "");

  g_assert_nonnull (path);
  return g_strdup_printf ("%s %s %s %s", quoted, mode, at, quoted_arg);
}

/* A file name for the pid of the child a "fork" engine leaves behind. */
static char *
pid_file_new (void)
{
  char *path = g_build_filename (g_get_tmp_dir (), "hostile-XXXXXX", NULL);
  int   fd = g_mkstemp (path);

  g_assert_cmpint (fd, >=, 0);
  close (fd);
  g_unlink (path);
  return path;
}

static gsize
resident_kib (void)
{
  g_autofree char *status = NULL;
  const char      *line;

  g_assert_true (g_file_get_contents ("/proc/self/status", &status, NULL, NULL));
  line = strstr (status, "VmRSS:");
  g_assert_nonnull (line);
  return g_ascii_strtoull (line + 6, NULL, 10);
}

/* Whether @pid is gone (or a zombie nobody has reaped yet). */
static gboolean
process_gone (GPid pid)
{
  g_autofree char *path = g_strdup_printf ("/proc/%d/stat", (int) pid);
  g_autofree char *stat = NULL;
  const char      *end;

  if (!g_file_get_contents (path, &stat, NULL, NULL))
    return TRUE;
  end = strrchr (stat, ')');
  return end != NULL && end[1] == ' ' && end[2] == 'Z';
}

static gboolean
process_gone_cb (gpointer data)
{
  return process_gone (GPOINTER_TO_INT (data));
}

static gboolean
file_exists_cb (gpointer data)
{
  return g_file_test (data, G_FILE_TEST_EXISTS);
}

static void
assert_process_ends (GPid pid)
{
  g_assert_cmpint (pid, >, 0);
  g_assert_true (hearts_test_poll_until (process_gone_cb, GINT_TO_POINTER (pid), 10, 5000));
}

static GPid
read_pid_file (const char *path)
{
  g_autofree char *text = NULL;

  g_assert_true (hearts_test_poll_until (file_exists_cb, (gpointer) path, 10, 5000));
  g_assert_true (g_file_get_contents (path, &text, NULL, NULL));
  return (GPid) g_ascii_strtoll (text, NULL, 10);
}

/* At the handshake: the start fails, in time, with the right error. */
static void
test_start (gconstpointer data)
{
  const Hostile   *hostile = data;
  g_autofree char *pid_file = pid_file_new ();
  g_autofree char *command = engine_command (hostile->mode, "hep", pid_file);
  g_autoptr(GError) error = NULL;
  gsize     before = resident_kib ();
  gint64    start;
  HeartsAi *ai;

  start = g_get_monotonic_time ();
  ai = hearts_external_ai_new (command, NULL, &error);
  g_assert_cmpint (g_get_monotonic_time () - start, <, timeout_ms * (gint64) 1000 + SLACK_US);
  g_assert_null (ai);
  g_assert_error (error, G_IO_ERROR, hostile->code);

  /* Reading a flood is bounded by the line cap, not by the deadline. */
  g_assert_cmpuint (resident_kib (), <, before + 16 * 1024);

  /* The engine that never greeted, and the child another left behind, are killed. */
  if (g_str_equal (hostile->mode, "fork") || g_str_equal (hostile->mode, "stall"))
    {
      assert_process_ends (read_pid_file (pid_file));
      g_unlink (pid_file);
    }
}

typedef struct
{
  guint  moves;
  gint64 longest; /* µs */
  char  *error;   /* the engine's, at the end */
  guint  failures;
} GameStats;

/* Plays a whole game, every seat a computer, seat 1 played by @ai (transfer full). */
static void
play_game (HeartsAi  *ai,
           guint64    seed,
           GameStats *stats)
{
  HeartsRules rules;
  g_autoptr(HeartsGame) game = NULL;

  hearts_rules_init_default (&rules);
  game = hearts_game_new (&rules, seed);
  hearts_game_set_seat_level (game, 0, HEARTS_AI_NORMAL);
  hearts_game_set_seat_ai (game, 1, ai);

  memset (stats, 0, sizeof *stats);
  while (hearts_game_get_phase (game) != HEARTS_PHASE_GAME_OVER)
    {
      gint64 start;

      if (hearts_game_get_phase (game) == HEARTS_PHASE_HAND_OVER)
        {
          hearts_game_next_hand (game);
          continue;
        }
      start = g_get_monotonic_time ();
      g_assert_true (hearts_game_computer_move (game));
      stats->longest = MAX (stats->longest, g_get_monotonic_time () - start);
      stats->moves++;
    }
  stats->error = g_strdup (hearts_external_ai_get_error (ai));
  stats->failures = hearts_external_ai_get_failures (ai);
}

/* In the middle of a game: dropped within the answer deadline, with a reason, and the
 * game goes on to its end with the stand-in. */
static void
test_drop (gconstpointer data)
{
  const Hostile   *hostile = data;
  g_autofree char *pid_file = pid_file_new ();
  g_autofree char *command = engine_command (hostile->mode, "2", pid_file);
  g_autoptr(GError) error = NULL;
  HeartsAi *ai;
  GameStats stats;

  ai = hearts_external_ai_new (command, NULL, &error);
  g_assert_no_error (error);
  g_assert_null (hearts_external_ai_get_error (ai));

  play_game (ai, 11, &stats);
  g_test_message ("%s: %s", hostile->mode, stats.error);
  g_assert_nonnull (stats.error);
  g_assert_nonnull (strstr (stats.error, hostile->reason));
  /* The engine answered two questions; the stand-in took every other move of its seat
   * (a quarter of the game's), for good. */
  g_assert_cmpuint (stats.failures, ==, stats.moves / 4 - 2);
  g_assert_cmpint (stats.longest, <, timeout_ms * (gint64) 1000 + SLACK_US);
  g_free (stats.error);

  if (g_str_equal (hostile->mode, "fork"))
    {
      assert_process_ends (read_pid_file (pid_file));
      g_unlink (pid_file);
    }
}

/* Megabytes on stderr block nothing: not a single move is the stand-in's. Our own
 * stderr is a pipe nobody reads meanwhile, so an engine that inherited it would block
 * as surely as on a pipe of ours left undrained. */
static void
test_stderr (void)
{
  g_autofree char *command = engine_command ("stderr", "-1", NULL);
  g_autoptr(GError) error = NULL;
  HeartsAi *ai;
  GameStats stats;
  int       unread[2], saved;

  g_assert_true (g_unix_open_pipe (unread, FD_CLOEXEC, NULL));
  saved = dup (2);
  dup2 (unread[1], 2);
  ai = hearts_external_ai_new (command, NULL, &error);
  if (ai != NULL)
    play_game (ai, 5, &stats);
  dup2 (saved, 2);
  close (saved);
  close (unread[0]);
  close (unread[1]);

  g_assert_no_error (error);
  g_assert_null (stats.error);
  g_assert_cmpuint (stats.failures, ==, 0);
  /* 256 KiB a command, far more than a pipe holds. */
  g_assert_cmpuint (stats.moves, >, 52);
}

/* Freeing an engine never waits for it: one that ignores "quit" is killed later. */
static void
test_free_does_not_block (void)
{
  g_autofree char *pid_file = pid_file_new ();
  g_autofree char *command = engine_command ("stall", "quit", pid_file);
  g_autoptr(GError) error = NULL;
  HeartsAi *ai = hearts_external_ai_new (command, NULL, &error);
  gint64    start;

  g_assert_no_error (error);
  start = g_get_monotonic_time ();
  hearts_ai_free (ai);
  g_assert_cmpint (g_get_monotonic_time () - start, <, 500000);
  assert_process_ends (read_pid_file (pid_file));
  g_unlink (pid_file);
}

/* The pids in the file a "setsid" engine writes: its own and its helper's. */
static void
read_pids (const char *path,
           GPid        pids[2])
{
  g_autofree char *text = NULL;
  char            *end;

  g_assert_true (hearts_test_poll_until (file_exists_cb, (gpointer) path, 10, 5000));
  g_assert_true (g_file_get_contents (path, &text, NULL, NULL));
  pids[0] = (GPid) g_ascii_strtoll (text, &end, 10);
  pids[1] = (GPid) g_ascii_strtoll (end, NULL, 10);
  g_assert_cmpint (pids[0], >, 1);
  g_assert_cmpint (pids[1], >, 1);
}

/* A helper the engine started in a session of its own goes with the engine when it is
 * stopped (reproduction engine-left-running-after-quit.sh: it was outside the process
 * group that was killed, and lived on). */
static void
test_quit_setsid_helper (void)
{
  g_autofree char *pid_file = pid_file_new ();
  g_autofree char *command = engine_command ("setsid", "hep", pid_file);
  g_autoptr(GError) error = NULL;
  HeartsAi *ai = hearts_external_ai_new (command, NULL, &error);
  GPid      pids[2];

  g_assert_no_error (error);
  read_pids (pid_file, pids);
  g_assert_false (process_gone (pids[1]));
  hearts_ai_free (ai);
  assert_process_ends (pids[0]);
  assert_process_ends (pids[1]);
  g_unlink (pid_file);
}

/* Where the engines of /engines/quit/program-exits leave their pids. */
static char *
exit_pid_file (GPid        parent,
               const char *name)
{
  return g_strdup_printf ("%s/hearts-engines-exit-%d-%s", g_get_tmp_dir (), (int) parent, name);
}

/* A program that ends while its engines run, one of them thinking, with no chance to
 * stop them: its engines, and what they started, still end within their grace
 * (reproductions engine-left-running-after-quit.sh and -quit-mid-move.sh: the game
 * exited at once and left them all running). */
static void
test_quit_program_exits (void)
{
  g_autofree char *deaf = NULL;
  g_autofree char *setsid = NULL;
  g_autofree char *mute = NULL;
  GPid             pids[4];

  if (g_test_subprocess ())
    {
      g_autoptr(GError) error = NULL;
      g_autofree char *deaf_command = NULL;
      g_autofree char *setsid_command = NULL;
      g_autofree char *mute_command = NULL;
      g_autofree char *stalled = NULL;
      HeartsRules      rules;
      HeartsGame      *game;

      deaf = exit_pid_file (getppid (), "deaf");
      setsid = exit_pid_file (getppid (), "setsid");
      mute = exit_pid_file (getppid (), "mute");
      stalled = g_strconcat (mute, ".stalled", NULL);
      /* Ignores "quit" and the end of its input; starts a helper in a new session;
       * stops answering at its first question. */
      deaf_command = engine_command ("stall", "quit", deaf);
      setsid_command = engine_command ("setsid", "hep", setsid);
      mute_command = engine_command ("stall", "0", mute);

      hearts_rules_init_default (&rules);
      game = hearts_game_new (&rules, 4);
      hearts_game_set_seat_ai (game, 1, hearts_external_ai_new (mute_command, NULL, &error));
      g_assert_no_error (error);
      hearts_game_set_seat_ai (game, 2, hearts_external_ai_new (deaf_command, NULL, &error));
      g_assert_no_error (error);
      hearts_game_set_seat_ai (game, 3, hearts_external_ai_new (setsid_command, NULL, &error));
      g_assert_no_error (error);
      /* Seat 1 thinks about its pass, for ever; the program ends meanwhile, as a game
       * that quits does, without freeing anything. */
      hearts_game_set_seat_human (game, 0);
      hearts_game_computer_move_async (game, NULL, NULL, NULL);
      g_assert_true (hearts_test_poll_until (file_exists_cb, stalled, 10, 5000));
      g_unlink (stalled);
      exit (0);
    }

  g_test_trap_subprocess (NULL, 0, G_TEST_SUBPROCESS_DEFAULT);
  g_test_trap_assert_passed ();

  deaf = exit_pid_file (getpid (), "deaf");
  setsid = exit_pid_file (getpid (), "setsid");
  mute = exit_pid_file (getpid (), "mute");
  pids[0] = read_pid_file (deaf);
  pids[1] = read_pid_file (mute);
  read_pids (setsid, pids + 2);
  for (guint i = 0; i < G_N_ELEMENTS (pids); i++)
    assert_process_ends (pids[i]);
  g_unlink (deaf);
  g_unlink (setsid);
  g_unlink (mute);
}

/* Cancellation */

typedef struct
{
  GMainLoop    *loop;
  GCancellable *cancellable;
  GError       *error;
  gint64        cancelled;
  gint64        done;
} Waiter;

static void
on_move_done (GObject      *source,
              GAsyncResult *result,
              gpointer      user_data)
{
  Waiter *waiter = user_data;

  hearts_game_computer_move_finish (HEARTS_GAME (source), result, &waiter->error);
  waiter->done = g_get_monotonic_time ();
  g_main_loop_quit (waiter->loop);
}

static gboolean
on_cancel_timeout (gpointer user_data)
{
  Waiter *waiter = user_data;

  waiter->cancelled = g_get_monotonic_time ();
  g_cancellable_cancel (waiter->cancellable);
  return G_SOURCE_REMOVE;
}

/* Starts seat 1's move, cancels it after @delay_ms (0: before it starts), and returns
 * how long the move took to end after the cancel, in µs. */
static gint64
cancel_move (HeartsGame *game,
             guint       delay_ms)
{
  g_autoptr(GCancellable) cancellable = g_cancellable_new ();
  g_autoptr(GMainLoop) loop = g_main_loop_new (NULL, FALSE);
  Waiter waiter = { loop, cancellable, NULL, 0, 0 };

  if (delay_ms == 0)
    on_cancel_timeout (&waiter);
  hearts_game_computer_move_async (game, cancellable, on_move_done, &waiter);
  if (delay_ms > 0)
    g_timeout_add (delay_ms, on_cancel_timeout, &waiter);
  g_main_loop_run (loop);

  g_assert_error (waiter.error, G_IO_ERROR, G_IO_ERROR_CANCELLED);
  g_clear_error (&waiter.error);
  g_test_message ("the move ended %.3f s after the cancel", (waiter.done - waiter.cancelled) / 1e6);
  return waiter.done - waiter.cancelled;
}

static HeartsGame *
game_with_hard_seat (void)
{
  HeartsRules rules;
  HeartsGame *game;
  HeartsAi   *hard = hearts_ai_new (HEARTS_AI_HARD, 3);

  /* Unstopped, its first pass in game 3 takes some 14 s here (no card is clearly best
   * before the budget runs out). A larger budget would only cost memory: the search
   * allocates for all of it up front. */
  g_assert_true (hearts_ai_set_option (hard, "movetime", "60000"));
  g_assert_true (hearts_ai_set_option (hard, "pass-samples", "100000"));
  hearts_rules_init_default (&rules);
  game = hearts_game_new (&rules, 3);
  hearts_game_set_seat_ai (game, 1, hard);
  return game;
}

/* A Hard pass that would take a minute ends at once when cancelled, mid-think or
 * before it started; the player still works afterwards. */
static void
test_cancel_hard (void)
{
  g_autoptr(HeartsGame) game = game_with_hard_seat ();

  g_assert_cmpint (hearts_game_get_phase (game), ==, HEARTS_PHASE_PASSING);
  g_assert_cmpint (cancel_move (game, 200), <, G_USEC_PER_SEC);
  g_assert_cmpint (cancel_move (game, 0), <, G_USEC_PER_SEC);
  g_assert_false (hearts_game_has_passed (game, 1));
}

/* A cancelled read of a slow engine gives up at once; its late answer is not taken for
 * the next command's, and the engine plays on without a failure. */
static void
test_cancel_external (void)
{
  g_autofree char *command = engine_command ("slow", "0", "3000");
  g_autoptr(GError) error = NULL;
  g_autoptr(HeartsGame) game = NULL;
  HeartsRules rules;
  HeartsAi   *ai;

  /* The engine answers its first question after 3 s, well within the deadline. */
  g_assert_cmpuint (timeout_ms, >, 3000 + SLACK_US / 1000);
  ai = hearts_external_ai_new (command, NULL, &error);
  g_assert_no_error (error);

  hearts_rules_init_default (&rules);
  game = hearts_game_new (&rules, 4);
  hearts_game_set_seat_ai (game, 1, ai);
  g_assert_cmpint (hearts_game_get_phase (game), ==, HEARTS_PHASE_PASSING);
  g_assert_cmpint (cancel_move (game, 200), <, G_USEC_PER_SEC);

  /* Stopped before it starts: no command is even written. */
  g_assert_cmpint (cancel_move (game, 0), <, G_USEC_PER_SEC);

  /* The next move waits out the late answer, throws it away and catches up. */
  g_assert_true (hearts_game_computer_move (game));
  g_assert_true (hearts_game_has_passed (game, 1));
  g_assert_null (hearts_external_ai_get_error (ai));
  g_assert_cmpuint (hearts_external_ai_get_failures (ai), ==, 0);
}

/* Cancelling the start of an engine that never greets. */
static gpointer
cancel_later (gpointer data)
{
  g_usleep (200000);
  g_cancellable_cancel (data);
  return NULL;
}

static void
test_cancel_start (void)
{
  g_autofree char *command = engine_command ("stall", "hep", NULL);
  g_autoptr(GCancellable) cancellable = g_cancellable_new ();
  g_autoptr(GError) error = NULL;
  GThread  *canceller;
  HeartsAi *ai;
  gint64    start;

  canceller = g_thread_new ("canceller", cancel_later, cancellable);
  start = g_get_monotonic_time ();
  ai = hearts_external_ai_new (command, cancellable, &error);
  g_assert_cmpint (g_get_monotonic_time () - start, <, 200000 + G_USEC_PER_SEC);
  g_thread_join (canceller);
  g_assert_null (ai);
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_CANCELLED);

  /* Already cancelled: not even started. */
  g_clear_error (&error);
  g_assert_null (hearts_external_ai_new (command, cancellable, &error));
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_CANCELLED);
}

int
main (int   argc,
      char *argv[])
{
  const char *timeout = g_getenv ("HEARTS_ENGINE_TIMEOUT_MS");

  g_test_init (&argc, &argv, NULL);
  if (timeout != NULL)
    timeout_ms = atoi (timeout);

  for (guint i = 0; i < G_N_ELEMENTS (hostiles); i++)
    {
      g_autofree char *start = g_strdup_printf ("/engines/start/%s", hostiles[i].mode);
      g_autofree char *drop = g_strdup_printf ("/engines/drop/%s", hostiles[i].mode);

      if (!g_str_equal (hostiles[i].mode, "illegal"))
        g_test_add_data_func (start, &hostiles[i], test_start);
      g_test_add_data_func (drop, &hostiles[i], test_drop);
    }
  g_test_add_func ("/engines/stderr", test_stderr);
  g_test_add_func ("/engines/free-does-not-block", test_free_does_not_block);
  g_test_add_func ("/engines/quit/setsid-helper", test_quit_setsid_helper);
  g_test_add_func ("/engines/quit/program-exits", test_quit_program_exits);
  g_test_add_func ("/engines/cancel/hard", test_cancel_hard);
  g_test_add_func ("/engines/cancel/external", test_cancel_external);
  g_test_add_func ("/engines/cancel/start", test_cancel_start);
  return g_test_run ();
}
