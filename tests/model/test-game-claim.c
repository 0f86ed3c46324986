/* test-game-claim.c: claims and automatic finishing on the game and the runner, without a
 * display
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The engine's analysis is checked against a brute force in tests/engine/test-claim.c;
 * here, that the game offers exactly its claims, plays them through the normal moves,
 * and that the runner finishes a settled hand by itself unless told not to.
 */
#include "config.h"

#include <string.h>

#include "hearts-game-deal.h"
#include "hearts-game-runner.h"

#define HANG_GUARD_S 120 /* not a measurement: a loop that never ends fails instead */

static const char *variants[] = {
  "end=score:60",
  "players=3 end=deals:8 no-tricks=yes",
  "players=5 pass=lr end=score:40 omnibus=yes",
  "end=deals:8 omnibus=yes no-tricks=yes moon=choose",
};

static guint64
test_seed (void)
{
  const char *env = g_getenv ("HEARTS_TEST_SEED");
  guint64     seed = env != NULL ? g_ascii_strtoull (env, NULL, 10) : 20261123;

  g_test_message ("seed %" G_GUINT64_FORMAT " (HEARTS_TEST_SEED=N repeats a run)", seed);
  return seed;
}

static HeartsGame *
new_game (const char *rules_text,
          guint64     seed,
          gboolean    human)
{
  g_autoptr(GError) error = NULL;
  HeartsRules rules;
  HeartsGame *game;

  hearts_rules_init_default (&rules);
  g_assert_true (hearts_rules_apply_string (&rules, rules_text, &error));
  g_assert_no_error (error);
  game = hearts_game_new (&rules, seed);
  for (guint s = 0; s < rules.n_players; s++)
    hearts_game_set_seat_level (game, s, HEARTS_AI_RANDOM);
  if (human)
    hearts_game_set_seat_human (game, 0);
  return game;
}

static HeartsClaimKind
analyze (HeartsGame  *game,
         HeartsClaim *claim)
{
  gint totals[HEARTS_MAX_PLAYERS] = { 0 };

  for (guint s = 0; s < hearts_game_get_n_players (game); s++)
    totals[s] = hearts_game_get_total (game, s);
  return hearts_deal_analyze_claim (hearts_game_get_deal (game), hearts_game_get_rules (game),
                                    totals, claim);
}

static void
count_cb (guint *count)
{
  (*count)++;
}

/* The hand is over and scored as @claim says. */
static void
assert_claim_scored (HeartsGame        *game,
                     const HeartsClaim *claim)
{
  const HeartsHandResult *result;

  g_assert_cmpint (hearts_game_get_phase (game), !=, HEARTS_PHASE_PLAYING);
  result = hearts_game_get_result (game, hearts_game_get_n_results (game) - 1);
  g_assert_cmpmem (result->points, hearts_game_get_n_players (game) * sizeof (gint),
                   claim->points, hearts_game_get_n_players (game) * sizeof (gint));
  g_assert_cmpint (result->shooter, ==, claim->shooter);
}

/* A random human at seat 0: claims are offered exactly when the engine finds the rest
 * decided, a true claim finishes the hand with its result through the normal moves,
 * and a false one changes nothing. */
static void
test_game_claims (void)
{
  g_autoptr(GRand) rand = g_rand_new_with_seed ((guint32) test_seed ());
  guint n_claimed = 0, n_forced = 0, n_refused = 0;

  for (guint v = 0; v < G_N_ELEMENTS (variants); v++)
    for (guint g = 0; g < 3; g++)
      {
        g_autoptr(HeartsGame) game = new_game (variants[v], test_seed () + v * 10 + g, TRUE);
        guint played = 0;

        g_signal_connect_swapped (game, "card-played", G_CALLBACK (count_cb), &played);
        while (hearts_game_get_phase (game) != HEARTS_PHASE_GAME_OVER)
          {
            HeartsPhase     phase = hearts_game_get_phase (game);
            HeartsClaim     proof, expected;
            HeartsClaimKind kind;
            gboolean        can;
            HeartsCards     legal;

            if (phase == HEARTS_PHASE_HAND_OVER)
              {
                hearts_game_next_hand (game);
                continue;
              }
            if (!hearts_game_human_to_move (game))
              {
                g_assert_false (hearts_game_can_claim (game, 0, NULL));
                g_assert_false (hearts_game_claim (game, 0));
                g_assert_true (hearts_game_computer_move (game));
                continue;
              }
            if (phase == HEARTS_PHASE_PASSING)
              {
                HeartsCards hand = hearts_game_get_hand (game, 0), pass = 0;

                while (hearts_cards_count (pass) < HEARTS_PASS_SIZE)
                  pass |= HEARTS_CARD_BIT (hearts_cards_nth (hand & ~pass,
                                                             g_rand_int_range (rand, 0, hearts_cards_count (hand & ~pass))));
                g_assert_false (hearts_game_can_claim (game, 0, NULL));
                g_assert_true (hearts_game_pass (game, 0, pass, NULL));
                continue;
              }

            kind = analyze (game, &expected);
            can = hearts_game_can_claim (game, 0, &proof);
            g_assert_cmpint (can, ==, kind != HEARTS_CLAIM_NONE);
            /* Never for a seat that is not to move. */
            g_assert_false (hearts_game_can_claim (game, 1, NULL));

            if (!can)
              {
                guint before = hearts_game_get_deal (game)->n_plays;

                g_assert_false (hearts_game_claim (game, 0));
                g_assert_cmpuint (hearts_game_get_deal (game)->n_plays, ==, before);
                g_assert_cmpint (hearts_game_get_phase (game), ==, HEARTS_PHASE_PLAYING);
                n_refused++;
              }
            else if (g_rand_boolean (rand))
              {
                guint before = played;

                g_assert_cmpmem (&proof, sizeof proof, &expected, sizeof expected);
                g_assert_true (hearts_game_claim (game, 0));
                /* Every card went through hearts_game_play(). */
                g_assert_cmpuint (played - before, ==, proof.n_plays);
                assert_claim_scored (game, &proof);
                n_claimed++;
                n_forced += proof.kind == HEARTS_CLAIM_FORCED;
                continue;
              }

            legal = hearts_game_get_legal (game, 0);
            g_assert_true (hearts_game_play (game, 0,
                                             hearts_cards_nth (legal, g_rand_int_range (rand, 0, hearts_cards_count (legal))),
                                             NULL));
          }

        /* What the claims left behind is an ordinary game record. */
        {
          g_autofree char *record = hearts_game_get_record (game);
          g_autoptr(GError) error = NULL;
          HeartsRecordSummary summary;

          g_assert_true (hearts_record_replay (record, &summary, &error));
          g_assert_no_error (error);
          g_assert_true (summary.game_over);
        }
      }

  g_test_message ("%u claims (%u forced), %u refused", n_claimed, n_forced, n_refused);
  g_assert_cmpuint (n_claimed, >, 10);
  g_assert_cmpuint (n_forced, >, 0);
  g_assert_cmpuint (n_refused, >, 100);
}

/* Computer seats only: a settled hand is finished at once with the engine's result;
 * anything else is refused. */
static void
test_game_finish (void)
{
  guint n_finished = 0;

  for (guint v = 0; v < G_N_ELEMENTS (variants); v++)
    {
      g_autoptr(HeartsGame) game = new_game (variants[v], test_seed () + v, FALSE);

      while (hearts_game_get_phase (game) != HEARTS_PHASE_GAME_OVER)
        {
          HeartsClaim expected;

          if (hearts_game_get_phase (game) == HEARTS_PHASE_HAND_OVER)
            {
              hearts_game_next_hand (game);
              continue;
            }
          if (!hearts_game_finish_is_determined (game))
            {
              g_assert_cmpint (analyze (game, NULL), !=, HEARTS_CLAIM_SETTLED);
              g_assert_false (hearts_game_finish (game));
              g_assert_true (hearts_game_computer_move (game));
              continue;
            }
          g_assert_cmpint (analyze (game, &expected), ==, HEARTS_CLAIM_SETTLED);
          g_assert_true (hearts_game_finish (game));
          assert_claim_scored (game, &expected);
          n_finished++;
        }
    }
  g_test_message ("%u hands finished early", n_finished);
  g_assert_cmpuint (n_finished, >, 0);
}

static void
on_trick_finished_cb (HeartsGame *game,
                      guint       winner,
                      guint       trick,
                      guint      *winners)
{
  guint *n = g_object_get_data (G_OBJECT (game), "n-winners");

  winners[(*n)++] = winner;
}

static void
on_result_cb (GObject      *source,
              GAsyncResult *result,
              gpointer      user_data)
{
  *(GAsyncResult **) user_data = g_object_ref (result);
}

/* Runs the main context until the task is done; the task keeps its game alive. */
static GAsyncResult *
wait_for_result (GAsyncResult **result)
{
  while (*result == NULL)
    g_main_context_iteration (NULL, TRUE);
  return *result;
}

/* The same answer and proof in a thread as on the calling thread, over every human play
 * of whole games; the proof's layout by tricks is what playing it gives. */
static void
test_game_claims_async (void)
{
  g_autoptr(GRand) rand = g_rand_new_with_seed ((guint32) test_seed ());
  guint n_positions = 0, n_claims = 0;

  for (guint v = 0; v < G_N_ELEMENTS (variants); v++)
    for (guint g = 0; g < 2; g++)
      {
        g_autoptr(HeartsGame) game = new_game (variants[v], test_seed () + v * 100 + g, TRUE);

        while (hearts_game_get_phase (game) != HEARTS_PHASE_GAME_OVER)
          {
            g_autoptr(GAsyncResult) result = NULL;
            g_autoptr(GError) error = NULL;
            HeartsTrick tricks[HEARTS_GAME_MAX_TRICKS];
            HeartsClaim      proof, async_proof;
            gboolean         can, async_can;
            HeartsCards      legal;
            guint            n_tricks, n_cards = 0, n_winners = 0;
            guint            winners[HEARTS_GAME_MAX_TRICKS];

            if (hearts_game_get_phase (game) == HEARTS_PHASE_HAND_OVER)
              {
                hearts_game_next_hand (game);
                continue;
              }
            if (!hearts_game_human_to_move (game) || hearts_game_get_phase (game) == HEARTS_PHASE_PASSING)
              {
                if (hearts_game_human_to_move (game))
                  {
                    HeartsCards hand = hearts_game_get_hand (game, 0), pass = 0;

                    for (guint i = 0; i < HEARTS_PASS_SIZE; i++)
                      pass |= HEARTS_CARD_BIT (hearts_cards_highest (hand & ~pass));
                    g_assert_true (hearts_game_pass (game, 0, pass, NULL));
                  }
                else
                  {
                    /* No claim for a seat that is not to move, and no thread asked. */
                    hearts_game_can_claim_async (game, 0, NULL, on_result_cb, &result);
                    g_assert_false (hearts_game_can_claim_finish (game, wait_for_result (&result), NULL, &error));
                    g_assert_no_error (error);
                    g_clear_object (&result);
                    g_assert_true (hearts_game_computer_move (game));
                  }
                continue;
              }

            n_positions++;
            memset (&proof, 0, sizeof proof);
            memset (&async_proof, 0, sizeof async_proof);
            can = hearts_game_can_claim (game, 0, &proof);
            hearts_game_can_claim_async (game, 0, NULL, on_result_cb, &result);
            async_can = hearts_game_can_claim_finish (game, wait_for_result (&result), &async_proof, &error);
            g_assert_no_error (error);
            g_assert_cmpint (async_can, ==, can);
            if (!can)
              {
                legal = hearts_game_get_legal (game, 0);
                g_assert_true (hearts_game_play (game, 0,
                                                 hearts_cards_nth (legal, g_rand_int_range (rand, 0, hearts_cards_count (legal))),
                                                 NULL));
                continue;
              }

            g_assert_cmpmem (&async_proof, sizeof async_proof, &proof, sizeof proof);
            n_claims++;

            /* Laid out by tricks: every card of the line once, in order, after the
             * cards already on the trick; then the tricks as the game plays them. */
            n_tricks = hearts_game_get_claim_tricks (game, &proof, tricks);
            g_assert_cmpuint (n_tricks, >, 0);
            for (guint t = 0; t < n_tricks; t++)
              {
                g_assert_cmpuint (tricks[t].n_cards, ==, hearts_game_get_n_players (game));
                g_assert_true (t == 0 || tricks[t].n_before == 0);
                g_assert_true (t == 0 || tricks[t].leader == tricks[t - 1].winner);
                for (guint c = tricks[t].n_before; c < tricks[t].n_cards; c++)
                  g_assert_cmpint (tricks[t].cards[c], ==, proof.plays[n_cards++]);
              }
            g_assert_cmpuint (n_cards, ==, proof.n_plays);

            g_signal_connect (game, "trick-finished", G_CALLBACK (on_trick_finished_cb), winners);
            g_object_set_data (G_OBJECT (game), "n-winners", &n_winners);
            g_assert_true (hearts_game_claim (game, 0));
            g_signal_handlers_disconnect_by_func (game, on_trick_finished_cb, winners);
            g_assert_cmpuint (n_winners, ==, n_tricks);
            for (guint t = 0; t < n_tricks; t++)
              g_assert_cmpuint (winners[t], ==, tricks[t].winner);
            /* A proof is no line from another position. */
            g_assert_cmpuint (hearts_game_get_claim_tricks (game, &proof, tricks), ==, 0);
          }
      }

  g_test_message ("%u positions, %u claims", n_positions, n_claims);
  g_assert_cmpuint (n_claims, >, 10);
}

/* An answer about a position the game has left is dropped, not given for the new one. */
static void
test_game_claims_async_stale (void)
{
  g_autoptr(HeartsGame) game = new_game ("end=score:60", test_seed (), TRUE);
  g_autoptr(GAsyncResult) result = NULL;
  g_autoptr(GError) error = NULL;
  HeartsClaim proof = { 0 };
  HeartsCards hand = hearts_game_get_hand (game, 0), pass = 0;

  for (guint i = 0; i < HEARTS_PASS_SIZE; i++)
    pass |= HEARTS_CARD_BIT (hearts_cards_highest (hand & ~pass));
  g_assert_true (hearts_game_pass (game, 0, pass, NULL));
  while (!hearts_game_human_to_move (game))
    g_assert_true (hearts_game_computer_move (game));

  hearts_game_can_claim_async (game, 0, NULL, on_result_cb, &result);
  /* The human plays before the answer is in. */
  g_assert_true (hearts_game_play (game, 0, hearts_cards_lowest (hearts_game_get_legal (game, 0)), NULL));
  g_assert_false (hearts_game_can_claim_finish (game, wait_for_result (&result), &proof, &error));
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_CANCELLED);
  g_assert_cmpuint (proof.n_plays, ==, 0);
}

/* A cancelled check answers with the cancel, before or after its thread started. */
static void
test_game_claims_async_cancel (void)
{
  g_autoptr(HeartsGame) game = new_game ("end=score:60", test_seed () + 1, TRUE);
  HeartsCards hand = hearts_game_get_hand (game, 0), pass = 0;

  for (guint i = 0; i < HEARTS_PASS_SIZE; i++)
    pass |= HEARTS_CARD_BIT (hearts_cards_highest (hand & ~pass));
  g_assert_true (hearts_game_pass (game, 0, pass, NULL));
  while (!hearts_game_human_to_move (game))
    g_assert_true (hearts_game_computer_move (game));

  for (guint before = 0; before < 2; before++)
    {
      g_autoptr(GCancellable) cancellable = g_cancellable_new ();
      g_autoptr(GAsyncResult) result = NULL;
      g_autoptr(GError) error = NULL;

      if (before)
        g_cancellable_cancel (cancellable);
      hearts_game_can_claim_async (game, 0, cancellable, on_result_cb, &result);
      g_cancellable_cancel (cancellable);
      g_assert_false (hearts_game_can_claim_finish (game, wait_for_result (&result), NULL, &error));
      g_assert_error (error, G_IO_ERROR, G_IO_ERROR_CANCELLED);
    }
}

static gboolean
on_hang_guard (gpointer user_data)
{
  *(gboolean *) user_data = TRUE;
  return G_SOURCE_REMOVE;
}

static gboolean
human_or_over (HeartsGame *game)
{
  return hearts_game_human_to_move (game) ||
         hearts_game_get_phase (game) == HEARTS_PHASE_HAND_OVER ||
         hearts_game_get_phase (game) == HEARTS_PHASE_GAME_OVER;
}

/* Runs the main context until the human is to move or the hand is over, and then
 * whatever is due, so that the runner has seen the last change. */
static void
run_to_human (HeartsGame *game)
{
  gboolean expired = FALSE;
  guint    guard = g_timeout_add_seconds (HANG_GUARD_S, on_hang_guard, &expired);

  do
    {
      while (!human_or_over (game) && !expired)
        g_main_context_iteration (NULL, TRUE);
      while (g_main_context_iteration (NULL, FALSE))
        ;
    }
  while (!human_or_over (game) && !expired);
  g_assert_false (expired);
  g_source_remove (guard);
}

/* The runner plays a settled hand out with no card from the human; with auto-finish
 * off it waits for the human like before. */
static void
test_runner_auto_finish (void)
{
  static const char *long_games[] = {
    "end=deals:40",
    "players=3 end=deals:40",
    "players=5 pass=lr end=deals:40 omnibus=yes",
  };
  g_autoptr(HeartsGameRunner) runner = hearts_game_runner_new ();
  guint n_auto = 0, n_waited = 0, notified = 0, n_signalled = 0;

  g_assert_true (hearts_game_runner_get_auto_finish (runner));
  g_signal_connect_swapped (runner, "notify::auto-finish", G_CALLBACK (count_cb), &notified);
  g_signal_connect_swapped (runner, "auto-finished", G_CALLBACK (count_cb), &n_signalled);

  for (guint v = 0; v < G_N_ELEMENTS (long_games); v++)
    {
      g_autoptr(HeartsGame) game = new_game (long_games[v], test_seed () + v, TRUE);

      hearts_game_runner_set_game (runner, game, NULL);
      for (guint hand = 0; hand < 40 && hearts_game_get_phase (game) != HEARTS_PHASE_GAME_OVER; hand++)
        {
          gboolean auto_finish = hand % 2 == 0;
          guint    human_plays = 0;
          guint    signalled = n_signalled;

          hearts_game_runner_set_auto_finish (runner, auto_finish);
          for (;;)
            {
              HeartsCards legal;

              run_to_human (game);
              if (hearts_game_get_phase (game) != HEARTS_PHASE_PLAYING &&
                  hearts_game_get_phase (game) != HEARTS_PHASE_PASSING)
                break;

              if (hearts_game_get_phase (game) == HEARTS_PHASE_PASSING)
                {
                  HeartsCards hand_cards = hearts_game_get_hand (game, 0), pass = 0;

                  for (guint i = 0; i < HEARTS_PASS_SIZE; i++)
                    pass |= HEARTS_CARD_BIT (hearts_cards_highest (hand_cards & ~pass));
                  g_assert_true (hearts_game_pass (game, 0, pass, NULL));
                  continue;
                }

              if (hearts_game_finish_is_determined (game))
                {
                  HeartsClaim expected;

                  /* Only a runner told not to finish leaves a settled hand to the human. */
                  g_assert_false (auto_finish);
                  n_waited++;
                  g_assert_cmpint (analyze (game, &expected), ==, HEARTS_CLAIM_SETTLED);
                  /* Turned on, it finishes what it waited on. */
                  hearts_game_runner_set_auto_finish (runner, TRUE);
                  run_to_human (game);
                  assert_claim_scored (game, &expected);
                  break;
                }

              /* The human dumps high cards, so that points go early. */
              legal = hearts_game_get_legal (game, 0);
              g_assert_true (hearts_game_play (game, 0, hearts_cards_highest (legal), NULL));
              human_plays++;
            }

          /* Cards of the human's that it did not play: the runner played them. */
          if (auto_finish && human_plays < hearts_game_get_deal (game)->hand_size)
            n_auto++;
          /* Said once for a hand the runner finished (it may also have played the
           * last computer cards after the human's last), never twice. */
          g_assert_cmpuint (n_signalled - signalled, <=, 1);
          if (auto_finish && human_plays < hearts_game_get_deal (game)->hand_size)
            g_assert_cmpuint (n_signalled - signalled, ==, 1);
          if (!auto_finish && n_signalled != signalled)
            g_assert_cmpuint (n_waited, >, 0);
          if (hearts_game_get_phase (game) == HEARTS_PHASE_HAND_OVER)
            hearts_game_next_hand (game);
        }
    }
  hearts_game_runner_set_game (runner, NULL, NULL);

  g_test_message ("%u hands finished by the runner, %u waited on the human", n_auto, n_waited);
  g_assert_cmpuint (n_auto, >, 0);
  g_assert_cmpuint (n_signalled, >=, n_auto);
  g_assert_cmpuint (n_waited, >, 0);
  g_assert_cmpuint (notified, >, 1);
  g_assert_finalize_object (g_steal_pointer (&runner));
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/claim/game/claims", test_game_claims);
  g_test_add_func ("/claim/game/async", test_game_claims_async);
  g_test_add_func ("/claim/game/async-stale", test_game_claims_async_stale);
  g_test_add_func ("/claim/game/async-cancel", test_game_claims_async_cancel);
  g_test_add_func ("/claim/game/finish", test_game_finish);
  g_test_add_func ("/claim/runner/auto-finish", test_runner_auto_finish);

  return g_test_run ();
}
