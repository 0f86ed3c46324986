/* test-ai-peek.c: a computer player decides on what its seat may see, and nothing else
 *
 * Two deals that differ only in cards the seat cannot see (the other hands, shuffled
 * within each suit so that every shown void and every earlier play stays possible) must
 * give the same view and the same decision.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <string.h>

#include "test-util.h"

static void
test_no_peeking (gconstpointer data)
{
  HeartsAiLevel level = GPOINTER_TO_UINT (data);
  guint64       seed = hearts_test_seed ();
  HeartsRng     rng;
  guint         checked = 0, passes = 0;

  hearts_rng_init (&rng, seed + level);
  for (guint trial = 0; trial < 400; trial++)
    {
      g_autoptr(HeartsAi) driver = hearts_ai_new (HEARTS_AI_NORMAL, trial);
      HeartsRules rules;
      HeartsDeal  deal, twin;
      HeartsView  view, twin_view;
      guint       stop, seat;

      hearts_test_random_rules (&rules, &rng);
      hearts_deal_shuffle (&deal, &rules, 0, hearts_rng_below (&rng, 4), &rng);

      /* Stop before the pass now and then, else somewhere in the play. */
      stop = hearts_rng_below (&rng, deal.n_players * deal.hand_size + 8);
      if (deal.phase == HEARTS_DEAL_PASSING && stop >= 8)
        {
          HeartsCards chosen[HEARTS_MAX_PLAYERS];

          for (guint s = 0; s < rules.n_players; s++)
            {
              hearts_view_init (&view, &rules, &deal, s, 0, NULL);
              chosen[s] = hearts_ai_choose_pass (driver, &view);
            }
          for (guint s = 0; s < rules.n_players; s++)
            hearts_deal_pass (&deal, &rules, s, chosen[s]);
        }
      stop = stop >= 8 ? stop - 8 : 0;
      while (deal.phase == HEARTS_DEAL_PLAYING && deal.n_plays < stop)
        {
          hearts_view_init (&view, &rules, &deal, deal.turn, 0, NULL);
          hearts_deal_play (&deal, &rules, deal.turn, hearts_ai_choose_play (driver, &view));
        }
      if (deal.phase == HEARTS_DEAL_DONE)
        continue;

      seat = deal.phase == HEARTS_DEAL_PASSING ? hearts_rng_below (&rng, rules.n_players) : deal.turn;
      if (!hearts_test_make_twin (&deal, &rules, seat, &twin, &rng))
        continue;

      hearts_view_init (&view, &rules, &deal, seat, 0, NULL);
      hearts_view_init (&twin_view, &rules, &twin, seat, 0, NULL);
      g_assert_true (memcmp (&view, &twin_view, sizeof view) == 0);

      {
        g_autoptr(HeartsAi) a = test_ai_new (level, seed + trial);
        g_autoptr(HeartsAi) b = test_ai_new (level, seed + trial);

        if (level == HEARTS_AI_HARD)
          {
            /* A real search, not the tests' quick one. */
            g_assert_true (hearts_ai_set_option (a, "samples", "60"));
            g_assert_true (hearts_ai_set_option (b, "samples", "60"));
          }
        if (deal.phase == HEARTS_DEAL_PASSING)
          {
            g_assert_cmphex (hearts_ai_choose_pass (a, &view), ==, hearts_ai_choose_pass (b, &twin_view));
            passes++;
          }
        else
          g_assert_cmpuint (hearts_ai_choose_play (a, &view), ==, hearts_ai_choose_play (b, &twin_view));
      }
      checked++;
    }

  g_test_message ("%u decisions checked, %u of them passes", checked, passes);
  g_assert_cmpuint (checked, >, 200);
  g_assert_cmpuint (passes, >, 10);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  for (guint level = HEARTS_AI_EASY; level < HEARTS_N_AI_LEVELS; level++)
    {
      g_autofree char *path = g_strdup_printf ("/ai/no-peeking/%s", hearts_ai_level_to_string (level));

      g_test_add_data_func (path, GUINT_TO_POINTER (level), test_no_peeking);
    }
  return g_test_run ();
}
