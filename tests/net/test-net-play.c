/* test-net-play.c: whole games through a host, four people on loopback
 *
 * Each person is a client whose seat an AI plays from the seat's view alone, with the
 * seed that seat's computer player has in a local game: the game at the table must be
 * the same, card for card, as the same seed played on one machine.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include "hearts-game-private.h"
#include "hearts-net-host.h"
#include "net-test-util.h"

static const char *names[] = { "Ada", "Grace", "Edsger", "Barbara", "Donald" };

typedef struct
{
  const char   *rules;
  guint64       seed;
  HeartsAiLevel level;
} Setup;

static void
assert_same_game (HeartsGame *game,
                  HeartsGame *local)
{
  g_autofree char *record = hearts_game_get_record (game);
  g_autofree char *expected = hearts_game_get_record (local);

  g_assert_cmpstr (record, ==, expected);
  for (guint s = 0; s < hearts_game_get_n_players (game); s++)
    g_assert_cmpint (hearts_game_get_total (game, s), ==, hearts_game_get_total (local, s));
}

static gboolean
views_over (gpointer user_data)
{
  NetBot **bots = user_data;

  for (guint s = 0; bots[s] != NULL; s++)
    if (hearts_seat_view_get_phase (bots[s]->view) != HEARTS_PHASE_GAME_OVER)
      return FALSE;
  return TRUE;
}

static NetBot **
seat_bots (NetTable     *table,
           guint         n,
           guint64       seed,
           HeartsAiLevel level)
{
  NetBot **bots = g_new0 (NetBot *, n + 1);

  for (guint s = 0; s < n; s++)
    {
      bots[s] = net_bot_new (names[s], level, hearts_game_seat_seed (seed, s));
      hearts_net_client_set_wanted_seat (bots[s]->client, s);
      net_bot_join (bots[s], table->invitation);
      net_bot_wait_joined (bots[s]);
      g_assert_no_error (bots[s]->error);
      g_assert_cmpuint (hearts_net_client_get_seat (bots[s]->client), ==, s);
    }
  return bots;
}

static void
free_bots (NetBot **bots)
{
  for (guint s = 0; bots[s] != NULL; s++)
    net_bot_free (bots[s]);
  g_free (bots);
}

static void
test_same_as_local (gconstpointer data)
{
  const Setup *setup = data;
  g_autoptr(HeartsGame) local = NULL;
  HeartsRules rules;
  NetTable   *table;
  NetBot    **bots;
  guint       n;

  hearts_rules_init_default (&rules);
  g_assert_true (hearts_rules_apply_string (&rules, setup->rules, NULL));
  n = rules.n_players;
  table = net_table_new (&rules, setup->seed, (1u << n) - 1, NULL);
  bots = seat_bots (table, n, setup->seed, setup->level);
  for (guint s = 0; s < n; s++)
    {
      g_assert_cmpint (hearts_net_host_get_seat_kind (table->host, s), ==, HEARTS_NET_SEAT_PERSON);
      g_assert_cmpstr (hearts_net_host_get_seat_name (table->host, s), ==, names[s]);
    }

  hearts_net_host_start (table->host);
  g_assert_true (net_wait_game_over (table->game));
  g_assert_true (hearts_test_iterate_until (views_over, bots, HEARTS_TEST_TIMEOUT_MS));

  local = net_play_locally (&rules, setup->seed, setup->level);
  assert_same_game (table->game, local);
  for (guint s = 0; s < n; s++)
    {
      const HeartsSeatState *state = hearts_seat_view_get_state (bots[s]->view);

      g_assert_cmpuint (hearts_seat_view_get_n_results (bots[s]->view), ==, hearts_game_get_n_results (local));
      g_assert_cmpuint (hearts_seat_state_get_winners (state), ==, hearts_game_get_winners (local));
      for (guint p = 0; p < n; p++)
        g_assert_cmpint (hearts_seat_state_get_total (state, p), ==, hearts_game_get_total (local, p));
      g_assert_cmpuint (bots[s]->refused, ==, 0);
      g_assert_false (bots[s]->closed);
    }
  g_test_message ("%u hands, totals %d %d %d", hearts_game_get_n_results (local), hearts_game_get_total (local, 0),
                  hearts_game_get_total (local, 1), hearts_game_get_total (local, 2));
  free_bots (bots);
  net_table_free (table);
}

static const Setup standard = { "", 1, HEARTS_AI_NORMAL };
static const Setup three = { "players=3 end=deals:4", 2, HEARTS_AI_EASY };
static const Setup five = { "players=5 omnibus=yes no-tricks=yes end=deals:3", 3, HEARTS_AI_RANDOM };

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_data_func ("/net/play/same-as-local/standard", &standard, test_same_as_local);
  g_test_add_data_func ("/net/play/same-as-local/three", &three, test_same_as_local);
  g_test_add_data_func ("/net/play/same-as-local/five", &five, test_same_as_local);

  return g_test_run ();
}
