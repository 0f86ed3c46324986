/* hearts-moon-odds.c: how well the Hard player's moon odds come true
 *
 * Hard at seat 0 plays against three players (Hard with no moon plan, or Normal); at each
 * of its plays the search's chance of its own moon with the card it made
 * (hearts_ai_evaluate_play()) is noted, and at the end of the hand whether it shot. The
 * odds are grouped by tenths: a search that believes the moon too much shows predicted
 * chances well above the share that came true (issue #22).
 *
 *   hearts-moon-odds DEALS hard|normal [SEED]
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>

#include "hearts-ai-private.h"

static HeartsAi *
hard_new (guint64     seed,
          const char *moon_losers)
{
  HeartsAi *ai = hearts_ai_new (HEARTS_AI_HARD, seed);

  hearts_ai_set_option (ai, "threads", "1");
  hearts_ai_set_option (ai, "movetime", "0");
  hearts_ai_set_option (ai, "moon-losers", moon_losers);
  return ai;
}

int
main (int   argc,
      char *argv[])
{
  HeartsRules rules;
  HeartsRng   rng;
  double      predicted[10] = { 0 };
  guint       plays[10] = { 0 }, came_true[10] = { 0 };
  guint       n_deals, moons = 0, believed = 0;
  gboolean    normal;

  if (argc < 3 || (n_deals = (guint) atoi (argv[1])) == 0)
    {
      fprintf (stderr, "usage: hearts-moon-odds DEALS hard|normal [SEED]\n");
      return 2;
    }
  normal = g_str_equal (argv[2], "normal");
  hearts_rules_init_default (&rules);
  hearts_rng_init (&rng, argc > 3 ? g_ascii_strtoull (argv[3], NULL, 10) : 4242);
  for (guint d = 0; d < n_deals; d++)
    {
      HeartsAi       *ais[4];
      double          odds[HEARTS_N_SUITS * HEARTS_N_RANKS];
      guint           n_odds = 0;
      double          most = 0;
      HeartsDeal      deal;
      HeartsDealScore score;

      /* Hold hands: the pass is not what is measured. */
      hearts_deal_shuffle (&deal, &rules, d % 4, 3, &rng);
      ais[0] = hard_new (d, "5");
      for (guint s = 1; s < 4; s++)
        ais[s] = normal ? hearts_ai_new (HEARTS_AI_NORMAL, d * 4 + s) : hard_new (d * 4 + s, "0");
      while (deal.phase == HEARTS_DEAL_PLAYING)
        {
          HeartsView         view;
          HeartsAiEvaluation eval;
          HeartsCard         card;

          hearts_view_init (&view, &rules, &deal, deal.turn, 3, NULL);
          card = hearts_ai_choose_play (ais[deal.turn], &view);
          if (deal.turn == 0 && hearts_ai_evaluate_play (ais[0], &view, &eval))
            {
              guint m = hearts_ai_evaluation_find_play (&eval, &view, card);

              if (m < eval.n_moves && n_odds < G_N_ELEMENTS (odds))
                {
                  odds[n_odds++] = eval.own_moon[m];
                  most = MAX (most, eval.own_moon[m]);
                }
            }
          g_assert (hearts_deal_play (&deal, &rules, deal.turn, card) == HEARTS_REFUSAL_NONE);
        }
      hearts_deal_score (&deal, &rules, NULL, &score);
      moons += score.shooter == 0;
      believed += most >= 0.5;
      for (guint i = 0; i < n_odds; i++)
        {
          guint tenth = MIN ((guint) (odds[i] * 10), 9);

          plays[tenth]++;
          predicted[tenth] += odds[i];
          came_true[tenth] += score.shooter == 0;
        }
      for (guint s = 0; s < 4; s++)
        hearts_ai_free (ais[s]);
    }
  printf ("against %s, %u deals: seat 0 shot the moon %u times; it once saw 50%% or more in %u hands\n",
          argv[2], n_deals, moons, believed);
  for (guint t = 0; t < 10; t++)
    if (plays[t] > 0)
      printf ("  predicted %.2f over %u plays: came true %.2f\n", predicted[t] / plays[t], plays[t],
              (double) came_true[t] / plays[t]);
  return 0;
}
