/* test-runner.c: the turn loop without a display
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <string.h>

#include "hearts-external-ai.h"
#include "hearts-game-deal.h"
#include "hearts-game-runner.h"
#include "hearts-test-util.h"

#define HANG_GUARD_S 120 /* not a measurement: a loop that never ends fails instead */

typedef gboolean (*Condition) (gpointer data);

/* Runs the main context until @condition holds. */
static void
iterate_until (Condition condition,
               gpointer  data)
{
  g_assert_true (hearts_test_iterate_until (condition, data, HANG_GUARD_S * 1000));
}

/* Runs what is due now, and no more: no source that is not ready is waited for. */
static void
iterate_pending (void)
{
  while (g_main_context_iteration (NULL, FALSE))
    ;
}

static gboolean
game_is_over (gpointer data)
{
  return hearts_game_get_phase (data) == HEARTS_PHASE_GAME_OVER;
}

static gboolean
not_thinking (gpointer data)
{
  return !hearts_game_get_thinking (data);
}

static gboolean
human_to_move (gpointer data)
{
  return hearts_game_human_to_move (data);
}

/* The score sheet's Next Hand, as a view would press it. */
static gboolean
next_hand_idle (gpointer data)
{
  hearts_game_next_hand (data);
  return G_SOURCE_REMOVE;
}

static void
on_hand_finished (HeartsGame *game,
                  guint       hand)
{
  if (hearts_game_get_phase (game) == HEARTS_PHASE_HAND_OVER)
    g_idle_add_full (G_PRIORITY_DEFAULT, next_hand_idle, g_object_ref (game), g_object_unref);
}

static HeartsGame *
computer_game (const char *rules_text,
               guint64     seed)
{
  g_autoptr(GError) error = NULL;
  HeartsRules rules;
  HeartsGame *game;

  hearts_rules_init_default (&rules);
  g_assert_true (hearts_rules_apply_string (&rules, rules_text, &error));
  g_assert_no_error (error);
  game = hearts_game_new (&rules, seed);
  for (guint s = 0; s < rules.n_players; s++)
    hearts_game_set_seat_level (game, s, s % 2 == 0 ? HEARTS_AI_NORMAL : HEARTS_AI_EASY);
  g_signal_connect (game, "hand-finished", G_CALLBACK (on_hand_finished), NULL);
  return game;
}

/* Whole games of computer seats, to game over, through the runner alone; the record
 * they leave replays. */
static void
test_whole_games (void)
{
  static const char *variants[] = {
    "end=score:50",
    "players=3 end=deals:6",
    "players=5 pass=lr end=score:40 omnibus=yes",
  };
  g_autoptr(HeartsGameRunner) runner = hearts_game_runner_new ();

  for (guint i = 0; i < G_N_ELEMENTS (variants); i++)
    {
      g_autoptr(HeartsGame) game = computer_game (variants[i], hearts_test_seed () + i);
      g_autofree char *record = NULL;
      g_autoptr(GError) error = NULL;
      HeartsRecordSummary summary;

      hearts_game_runner_set_game (runner, game, NULL);
      g_assert_true (hearts_game_runner_get_game (runner) == game);
      iterate_until (game_is_over, game);

      record = hearts_game_get_record (game);
      g_assert_true (hearts_record_replay (record, &summary, &error));
      g_assert_no_error (error);
      g_assert_true (summary.game_over);
      g_assert_cmpuint (summary.n_hands, ==, hearts_game_get_n_results (game));
    }
  hearts_game_runner_set_game (runner, NULL, NULL);
  g_assert_finalize_object (g_steal_pointer (&runner));
}

static void
count_cb (guint *count)
{
  (*count)++;
}

static guint
n_moves (HeartsGame *game)
{
  guint n = hearts_game_get_deal (game)->n_plays;

  for (guint s = 0; s < hearts_game_get_n_players (game); s++)
    n += hearts_game_has_passed (game, s);
  return n;
}

/* A held runner starts no move; released, it goes on where it was. */
static void
test_hold_release (void)
{
  g_autoptr(HeartsGameRunner) runner = hearts_game_runner_new ();
  g_autoptr(HeartsGame) game = computer_game ("end=score:50", hearts_test_seed ());
  guint notified = 0;

  g_signal_connect_swapped (runner, "notify::held", G_CALLBACK (count_cb), &notified);
  hearts_game_runner_set_held (runner, TRUE);
  hearts_game_runner_set_held (runner, TRUE);
  g_assert_cmpuint (notified, ==, 1);
  g_assert_true (hearts_game_runner_get_held (runner));

  hearts_game_runner_set_game (runner, game, NULL);
  iterate_pending ();
  g_assert_false (hearts_game_get_thinking (game));
  g_assert_true (hearts_game_computer_to_move (game));
  g_assert_cmpuint (n_moves (game), ==, 0);

  hearts_game_runner_set_held (runner, FALSE);
  g_assert_cmpuint (notified, ==, 2);
  iterate_until (game_is_over, game);
}

/* A player that thinks until the test lets it answer, so that the test can act
 * while a move is being worked out. */

static GMutex   gate_mutex;
static GCond    gate_cond;
static gboolean gate_open = TRUE;
static gint     gate_waiting;

typedef struct
{
  HeartsAi  parent;
  HeartsAi *inner;
} GatedAi;

static void
wait_at_gate (void)
{
  gint64 deadline = g_get_monotonic_time () + HANG_GUARD_S * G_TIME_SPAN_SECOND;

  g_mutex_lock (&gate_mutex);
  g_atomic_int_inc (&gate_waiting);
  /* The test waits on the main context for this. */
  g_main_context_wakeup (NULL);
  while (!gate_open && g_cond_wait_until (&gate_cond, &gate_mutex, deadline))
    ;
  g_atomic_int_dec_and_test (&gate_waiting);
  g_mutex_unlock (&gate_mutex);
}

static void
set_gate (gboolean open)
{
  g_mutex_lock (&gate_mutex);
  gate_open = open;
  g_cond_broadcast (&gate_cond);
  g_mutex_unlock (&gate_mutex);
}

static HeartsCards
gated_pass (HeartsAi         *ai,
            const HeartsView *view)
{
  wait_at_gate ();
  return hearts_ai_choose_pass (((GatedAi *) ai)->inner, view);
}

static HeartsCard
gated_play (HeartsAi         *ai,
            const HeartsView *view)
{
  wait_at_gate ();
  return hearts_ai_choose_play (((GatedAi *) ai)->inner, view);
}

static void
gated_free (HeartsAi *ai)
{
  hearts_ai_free (((GatedAi *) ai)->inner);
  g_free (ai);
}

static const HeartsAiClass gated_class = {
  .name = "gated",
  .choose_pass = gated_pass,
  .choose_play = gated_play,
  .free = gated_free,
};

static HeartsAi *
gated_ai_new (guint64 seed)
{
  GatedAi *self = g_new0 (GatedAi, 1);

  self->parent.klass = &gated_class;
  self->parent.level = HEARTS_AI_NORMAL;
  self->inner = hearts_ai_new (HEARTS_AI_NORMAL, seed);
  return &self->parent;
}

static gboolean
computer_at_gate (gpointer data)
{
  return g_atomic_int_get (&gate_waiting) > 0;
}

static gboolean
computer_at_gate_or_human (gpointer data)
{
  return computer_at_gate (NULL) || hearts_game_human_to_move (data);
}

/* A human game with no passing, run to the human's turn; then the computers are
 * gated and the human plays until a computer is thinking. @n_before is the number
 * of moves before the human's last play. */
static HeartsGame *
game_thinking_after_human (HeartsGameRunner *runner,
                           guint            *n_before)
{
  g_autoptr(GError) error = NULL;
  HeartsRules rules;
  HeartsGame *game;

  hearts_rules_init_default (&rules);
  g_assert_true (hearts_rules_apply_string (&rules, "pass=none", &error));
  game = hearts_game_new (&rules, hearts_test_seed ());
  hearts_game_runner_set_game (runner, game, NULL);
  iterate_until (human_to_move, game);

  set_gate (FALSE);
  for (guint s = 1; s < rules.n_players; s++)
    hearts_game_set_seat_ai (game, s, gated_ai_new (hearts_test_seed () + s));
  /* The human's play may win the trick and lead again. */
  while (!computer_at_gate (NULL))
    {
      HeartsCards   legal = hearts_game_get_legal (game, HEARTS_HUMAN_SEAT);
      HeartsRefusal refusal;

      *n_before = n_moves (game);
      g_assert_true (hearts_game_play (game, HEARTS_HUMAN_SEAT, hearts_cards_lowest (legal), &refusal));
      iterate_until (computer_at_gate_or_human, game);
    }
  g_assert_true (hearts_game_get_thinking (game));
  g_assert_cmpuint (n_moves (game), ==, *n_before + 1);
  return game;
}

/* Undo while a computer is thinking: its answer is for a position that is gone, and
 * is not played; the loop goes on from the position undone to. */
static void
test_undo_while_thinking (void)
{
  g_autoptr(HeartsGameRunner) runner = hearts_game_runner_new ();
  g_autoptr(HeartsGame) game = NULL;
  g_autofree char *before = NULL;
  g_autofree char *after = NULL;
  guint            n_before;
  HeartsCards      legal;
  HeartsRefusal    refusal;

  game = game_thinking_after_human (runner, &n_before);
  g_assert_true (hearts_game_runner_undo (runner));
  g_assert_cmpuint (n_moves (game), ==, n_before);
  g_assert_true (hearts_game_human_to_move (game));

  set_gate (TRUE);
  iterate_until (not_thinking, game);
  iterate_pending ();
  g_assert_cmpuint (n_moves (game), ==, n_before);
  g_assert_true (hearts_game_human_to_move (game));
  g_assert_false (hearts_game_get_thinking (game));

  /* The human plays the same card again, and the computer answers this time. */
  legal = hearts_game_get_legal (game, HEARTS_HUMAN_SEAT);
  g_assert_true (hearts_game_play (game, HEARTS_HUMAN_SEAT, hearts_cards_lowest (legal), &refusal));
  iterate_until (human_to_move, game);
  g_assert_cmpuint (n_moves (game), >, n_before + 1);
  hearts_game_runner_set_game (runner, NULL, NULL);
}

/* New Game while a computer of the old game is thinking: the old game is left as it
 * was and the new one runs. */
static void
test_new_game_while_thinking (void)
{
  g_autoptr(HeartsGameRunner) runner = hearts_game_runner_new ();
  g_autoptr(HeartsGame) old = NULL;
  g_autoptr(HeartsGame) game = computer_game ("end=deals:2", hearts_test_seed () + 100);
  guint n_before, n_old;

  old = game_thinking_after_human (runner, &n_before);
  n_old = n_moves (old);
  g_assert_cmpuint (n_old, ==, n_before + 1);
  hearts_game_runner_set_game (runner, game, NULL);
  g_assert_true (hearts_game_runner_get_game (runner) == game);

  set_gate (TRUE);
  iterate_until (not_thinking, old);
  iterate_until (game_is_over, game);
  g_assert_cmpuint (n_moves (old), ==, n_old);
  g_assert_false (hearts_game_get_thinking (old));
  hearts_game_runner_set_game (runner, NULL, NULL);
}

/* External engines */

typedef struct
{
  guint seat;
  char *reason;
  guint count;
} Failure;

static void
on_engine_failed (HeartsGameRunner *runner,
                  guint             seat,
                  const char       *reason,
                  Failure          *failure)
{
  failure->seat = seat;
  g_free (failure->reason);
  failure->reason = g_strdup (reason);
  failure->count++;
}

/* Seat 1 gets @command; every seat is a computer. Returns the failure seen. */
static Failure
play_with_engine (const char *command,
                  const char *rules)
{
  g_autoptr(HeartsGameRunner) runner = hearts_game_runner_new ();
  g_autoptr(HeartsGame) game = computer_game (rules, hearts_test_seed ());
  const char *engines[] = { NULL, command, NULL, NULL, NULL, NULL };
  Failure     failure = { 0, NULL, 0 };

  g_signal_connect (runner, "engine-failed", G_CALLBACK (on_engine_failed), &failure);
  hearts_game_runner_set_game (runner, game, engines);
  iterate_until (game_is_over, game);
  /* The built-in player has the seat now. */
  g_assert_false (hearts_external_ai_is_external (hearts_game_get_seat_ai (game, 1)));
  hearts_game_runner_set_game (runner, NULL, NULL);
  return failure;
}

static void
test_engine_does_not_start (void)
{
  Failure failure = play_with_engine ("/nonexistent/hearts-engine", "end=deals:2");

  g_assert_cmpuint (failure.count, ==, 1);
  g_assert_cmpuint (failure.seat, ==, 1);
  g_assert_nonnull (strstr (failure.reason, "/nonexistent/hearts-engine"));
  g_free (failure.reason);
}

/* An engine that says hello, then dies at the first command. */
static void
test_engine_dies (void)
{
  Failure failure = play_with_engine ("sh -c 'read line; echo \"hep 1 name dies\"; exit 0'", "end=deals:2");

  g_assert_cmpuint (failure.count, ==, 1);
  g_assert_cmpuint (failure.seat, ==, 1);
  g_assert_nonnull (failure.reason);
  g_free (failure.reason);
}

/* An engine that says hello, then answers nonsense. */
static void
test_engine_garbage (void)
{
  Failure failure = play_with_engine ("sh -c 'read line; echo \"hep 1 name garbage\"; "
                                      "while read line; do echo \"play ZZ garbage\"; done'",
                                      "end=deals:2");

  g_assert_cmpuint (failure.count, ==, 1);
  g_assert_cmpuint (failure.seat, ==, 1);
  g_assert_nonnull (failure.reason);
  g_free (failure.reason);
}

static gboolean
seat0_passed (gpointer data)
{
  return hearts_game_has_passed (data, 0);
}

static gboolean
starting_engines (gpointer data)
{
  return hearts_game_runner_get_starting_engines (data);
}

/* Engines that never answer: the game waits only for their seats, and plays on
 * without them once told to. */
static void
test_engines_hang_skip (void)
{
  g_autoptr(HeartsGameRunner) runner = hearts_game_runner_new ();
  g_autoptr(HeartsGame) game = computer_game ("end=deals:2", hearts_test_seed ());
  const char *engines[] = { NULL, "sleep 30", "sleep 30", "sleep 30" };
  guint       notified = 0;

  g_signal_connect_swapped (runner, "notify::starting-engines", G_CALLBACK (count_cb), &notified);
  hearts_game_runner_set_game (runner, game, engines);
  g_assert_true (hearts_game_runner_get_starting_engines (runner));
  g_assert_cmpuint (notified, ==, 1);
  /* Seat 0 passes; seat 1 waits for its engine. */
  iterate_until (seat0_passed, game);
  iterate_pending ();
  g_assert_true (hearts_game_runner_get_starting_engines (runner));
  g_assert_false (hearts_game_has_passed (game, 1));

  hearts_game_runner_skip_engines (runner);
  g_assert_false (hearts_game_runner_get_starting_engines (runner));
  g_assert_cmpuint (notified, ==, 2);
  iterate_until (game_is_over, game);
  g_assert_false (starting_engines (runner));
  hearts_game_runner_set_game (runner, NULL, NULL);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/runner/whole-games", test_whole_games);
  g_test_add_func ("/runner/hold-release", test_hold_release);
  g_test_add_func ("/runner/undo-while-thinking", test_undo_while_thinking);
  g_test_add_func ("/runner/new-game-while-thinking", test_new_game_while_thinking);
  g_test_add_func ("/runner/engine/does-not-start", test_engine_does_not_start);
  g_test_add_func ("/runner/engine/dies", test_engine_dies);
  g_test_add_func ("/runner/engine/garbage", test_engine_garbage);
  g_test_add_func ("/runner/engine/hang-and-skip", test_engines_hang_skip);

  return g_test_run ();
}
