/* test-ai-hard.c: the Hard player's search
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include "test-util.h"

static HeartsAi *
hard_new (guint64     seed,
          const char *threads,
          const char *samples)
{
  HeartsAi *ai = hearts_ai_new (HEARTS_AI_HARD, seed);

  g_assert_true (hearts_ai_set_option (ai, "threads", threads));
  g_assert_true (hearts_ai_set_option (ai, "movetime", "0"));
  g_assert_true (hearts_ai_set_option (ai, "samples", samples));
  g_assert_true (hearts_ai_set_option (ai, "pass-samples", "48"));
  return ai;
}

/* With a budget of samples rather than time, the answer depends on the seed and the
 * view alone, however many threads share the work. */
static void
test_threads (void)
{
  guint64   seed = hearts_test_seed ();
  HeartsRng rng;
  guint     checked = 0;

  hearts_rng_init (&rng, seed);
  for (guint trial = 0; trial < 40; trial++)
    {
      g_autoptr(HeartsAi) driver = hearts_ai_new (HEARTS_AI_NORMAL, trial);
      HeartsRules rules;
      HeartsDeal  deal;
      HeartsView  view;
      HeartsCards chosen[HEARTS_MAX_PLAYERS];
      guint       stop;

      hearts_test_random_rules (&rules, &rng);
      hearts_deal_shuffle (&deal, &rules, 0, trial, &rng);
      if (deal.phase == HEARTS_DEAL_PASSING)
        {
          g_autoptr(HeartsAi) one = hard_new (trial, "1", "100");
          g_autoptr(HeartsAi) three = hard_new (trial, "3", "100");

          hearts_view_init (&view, &rules, &deal, 0, trial, NULL);
          g_assert_cmphex (hearts_ai_choose_pass (one, &view), ==, hearts_ai_choose_pass (three, &view));
          for (guint s = 0; s < rules.n_players; s++)
            {
              hearts_view_init (&view, &rules, &deal, s, trial, NULL);
              chosen[s] = hearts_ai_choose_pass (driver, &view);
            }
          for (guint s = 0; s < rules.n_players; s++)
            hearts_deal_pass (&deal, &rules, s, chosen[s]);
        }

      stop = hearts_rng_below (&rng, deal.n_players * (deal.hand_size - 1));
      while (deal.n_plays < stop)
        {
          hearts_view_init (&view, &rules, &deal, deal.turn, trial, NULL);
          hearts_deal_play (&deal, &rules, deal.turn, hearts_ai_choose_play (driver, &view));
        }

      hearts_view_init (&view, &rules, &deal, deal.turn, trial, NULL);
      if (hearts_cards_count (hearts_deal_get_legal (&deal, &rules)) < 2)
        continue;
      {
        g_autoptr(HeartsAi) one = hard_new (trial, "1", "300");
        g_autoptr(HeartsAi) two = hard_new (trial, "2", "300");
        g_autoptr(HeartsAi) four = hard_new (trial, "4", "300");
        HeartsCard card = hearts_ai_choose_play (one, &view);

        g_assert_cmpuint (card, ==, hearts_ai_choose_play (two, &view));
        g_assert_cmpuint (card, ==, hearts_ai_choose_play (four, &view));
        g_assert_cmpuint (card, ==, hearts_ai_choose_play (one, &view));
        checked++;
      }
    }
  g_assert_cmpuint (checked, >, 25);
}

/* Spades are led and the king is on the table: the queen goes under it. */
static void
test_queen_under_king (gconstpointer data)
{
  HeartsAiLevel      level = GPOINTER_TO_UINT (data);
  static const char *hands[] = {
    "2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KS 2D",
    "QS 3S 4S 3D 4D 5D 6D 7D TH JH QH KH AH",
    "5S 6S 7S 8S 9S TS JS AS 8D 9D TD JD QD",
    "KC AC 2S KD AD 2H 3H 4H 5H 6H 7H 8H 9H",
  };
  static const char *plays[] = { "2C", "7D", "QD", "AC", "2S", "KS" };
  HeartsCards        cards[HEARTS_MAX_PLAYERS];
  HeartsRules        rules;
  HeartsDeal         deal;
  HeartsView         view;

  hearts_rules_init_default (&rules);
  for (guint s = 0; s < 4; s++)
    g_assert_true (hearts_cards_from_string (hands[s], &cards[s]));
  g_assert_true (hearts_deal_init (&deal, &rules, 3, HEARTS_PASS_HOLD, cards));
  for (guint i = 0; i < G_N_ELEMENTS (plays); i++)
    {
      HeartsCard card;

      g_assert_true (hearts_card_from_string (plays[i], &card));
      g_assert_cmpint (hearts_deal_play (&deal, &rules, deal.turn, card), ==, HEARTS_REFUSAL_NONE);
    }

  g_assert_cmpuint (deal.turn, ==, 1);
  hearts_view_init (&view, &rules, &deal, 1, 0, NULL);
  for (guint64 seed = 0; seed < 5; seed++)
    {
      g_autoptr(HeartsAi) ai = level == HEARTS_AI_HARD ? hard_new (seed, "1", "200")
                                                        : hearts_ai_new (level, seed);

      g_assert_cmpstr (hearts_card_to_string (hearts_ai_choose_play (ai, &view)), ==, "QS");
    }
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/ai/hard/threads", test_threads);
  g_test_add_data_func ("/ai/queen-under-king/normal", GUINT_TO_POINTER (HEARTS_AI_NORMAL), test_queen_under_king);
  g_test_add_data_func ("/ai/queen-under-king/hard", GUINT_TO_POINTER (HEARTS_AI_HARD), test_queen_under_king);
  return g_test_run ();
}
