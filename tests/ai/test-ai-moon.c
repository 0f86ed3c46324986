/* test-ai-moon.c: shooting the moon, and stopping it
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include "hearts-ai-private.h"
#include "test-util.h"

/* A deal from its hands, the passes to the left (NULL: no pass) and its plays so far. */
static void
deal_from (HeartsDeal         *deal,
           const HeartsRules  *rules,
           guint               dealer,
           const char * const *hands,
           const char * const *passes,
           const char         *plays)
{
  HeartsCards cards[HEARTS_MAX_PLAYERS];
  g_auto(GStrv) words = g_strsplit (plays, " ", -1);

  for (guint s = 0; s < rules->n_players; s++)
    g_assert_true (hearts_cards_from_string (hands[s], &cards[s]));
  g_assert_true (hearts_deal_init (deal, rules, dealer, passes != NULL ? HEARTS_PASS_LEFT : HEARTS_PASS_HOLD, cards));
  for (guint s = 0; passes != NULL && s < rules->n_players; s++)
    {
      HeartsCards pass;

      g_assert_true (hearts_cards_from_string (passes[s], &pass));
      g_assert_cmpint (hearts_deal_pass (deal, rules, s, pass), ==, HEARTS_REFUSAL_NONE);
    }
  g_assert_cmpint (deal->phase, ==, HEARTS_DEAL_PLAYING);
  for (guint i = 0; words[i] != NULL; i++)
    {
      HeartsCard card;

      if (words[i][0] == '\0')
        continue;
      g_assert_true (hearts_card_from_string (words[i], &card));
      g_assert_cmpint (hearts_deal_play (deal, rules, deal->turn, card), ==, HEARTS_REFUSAL_NONE);
    }
}

static HeartsAi *
hard_new (guint64 seed)
{
  HeartsAi *ai = hearts_ai_new (HEARTS_AI_HARD, seed);

  g_assert_true (hearts_ai_set_option (ai, "threads", "1"));
  g_assert_true (hearts_ai_set_option (ai, "movetime", "0"));
  g_assert_true (hearts_ai_set_option (ai, "samples", "300"));
  g_assert_true (hearts_ai_set_option (ai, "pass-samples", "100"));
  return ai;
}

/* Hard with the moon as a plan of its own (an option: see hearts_ai_hard_new()). */
static HeartsAi *
hard_moon_new (guint64 seed)
{
  HeartsAi *ai = hard_new (seed);

  g_assert_true (hearts_ai_set_option (ai, "moon-losers", "5"));
  return ai;
}

/* Plays @deal to its end with @ais and scores it. */
static void
play_out (HeartsDeal        *deal,
          const HeartsRules *rules,
          HeartsAi         **ais,
          HeartsDealScore   *score)
{
  while (deal->phase == HEARTS_DEAL_PLAYING)
    {
      HeartsView view;
      HeartsCard card;

      hearts_view_init (&view, rules, deal, deal->turn, 0, NULL);
      card = hearts_ai_choose_play (ais[deal->turn], &view);
      g_assert_cmpint (hearts_deal_play (deal, rules, deal->turn, card), ==, HEARTS_REFUSAL_NONE);
    }
  hearts_deal_score (deal, rules, NULL, score);
}

/* The search counts a moon as the table does: by each seat's points against the
 * others', with the rules' moon scoring. */
static void
test_values (void)
{
  static const char *hands[] = {
    "2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC AC",
    "2D 3D 4D 5D 6D 7D 8D 9D TD JD QD KD AD",
    "2S 3S 4S 5S 6S 7S 8S 9S TS JS QS KS AS",
    "2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH AH",
  };
  HeartsRules     rules;
  HeartsDeal      deal;
  HeartsAiOutcome out;
  gint            near_end[HEARTS_MAX_PLAYERS] = { 90, 40, 80, 70 };

  hearts_rules_init_default (&rules);
  deal_from (&deal, &rules, 3, hands, NULL, "");
  /* Seat 0 leads its clubs, a suit nobody else has: every heart and the queen fall to
   * it. */
  while (deal.phase == HEARTS_DEAL_PLAYING)
    {
      HeartsCards legal = hearts_deal_get_legal (&deal, &rules);

      hearts_deal_play_unchecked (&deal, &rules, (legal & HEARTS_AI_QS_BIT) ? HEARTS_QUEEN_OF_SPADES : hearts_cards_highest (legal));
    }
  hearts_ai_deal_outcome (&deal, &rules, NULL, &out);
  g_assert_cmpint (out.shooter, ==, 0);
  /* 0 points against 26 each: n times its points less the sum. */
  g_assert_cmpint (out.costs[0], ==, -78);
  g_assert_cmpint (out.costs[1], ==, 26);

  g_assert_true (hearts_rules_apply_string (&rules, "moon=shooter", NULL));
  hearts_ai_deal_outcome (&deal, &rules, NULL, &out);
  g_assert_cmpint (out.shooter, ==, 0);
  g_assert_cmpint (out.costs[0], ==, -78);
  g_assert_cmpint (out.costs[3], ==, 26);

  /* Shooter chooses: +26 to the others would end the game with seat 1 winning, so the
   * shooter takes 26 off; the costs are the same relative numbers. */
  g_assert_true (hearts_rules_apply_string (&rules, "moon=choose", NULL));
  hearts_ai_deal_outcome (&deal, &rules, near_end, &out);
  g_assert_cmpint (out.shooter, ==, 0);
  g_assert_cmpint (out.costs[0], ==, -78);
}

/* The exact ending scores like the engine, moons and every rule included: on the last
 * trick nobody has a choice, so the search's outcome is the deal's. */
static void
test_exact_ending (void)
{
  HeartsRng rng;
  guint     moons = 0;

  hearts_rng_init (&rng, hearts_test_seed ());
  for (guint trial = 0; trial < 3000; trial++)
    {
      g_autoptr(HeartsAi) driver = hearts_ai_new_test_shooter (trial);
      HeartsRules     rules;
      HeartsDeal      deal, end;
      HeartsAiOutcome solved, real;
      HeartsView      view;

      hearts_test_random_rules (&rules, &rng);
      hearts_deal_shuffle (&deal, &rules, 0, 3, &rng);
      if (deal.phase == HEARTS_DEAL_PASSING)
        continue;
      while (deal.n_plays < deal.n_players * (deal.hand_size - 1))
        {
          hearts_view_init (&view, &rules, &deal, deal.turn, 0, NULL);
          hearts_deal_play (&deal, &rules, deal.turn, hearts_ai_choose_play (driver, &view));
        }
      hearts_ai_solve (&deal, &rules, NULL, &solved, NULL);
      end = deal;
      while (end.phase == HEARTS_DEAL_PLAYING)
        hearts_deal_play_unchecked (&end, &rules, hearts_cards_lowest (hearts_deal_get_legal (&end, &rules)));
      hearts_ai_deal_outcome (&end, &rules, NULL, &real);
      g_assert_cmpint (solved.shooter, ==, real.shooter);
      g_assert_cmpmem (solved.costs, deal.n_players * sizeof (gint), real.costs, deal.n_players * sizeof (gint));
      moons += real.shooter >= 0;
    }
  g_test_message ("%u moons", moons);
  g_assert_cmpuint (moons, >, 40);
}

/* Seat 0 has taken the Q♠ and nine hearts and leads the A♥; seat 2 holds the 4♥ and the
 * 7♥, the last heart out. The Normal player keeps the 7♥, the one card that stops the
 * moon, rather than shedding the higher heart under the ace. */
static void
test_normal_keeps_stopper (void)
{
  static const char *hands[] = {
    "2C 8C 2D 5D QD 6S KS 2H 5H 6H 9H KH AH",
    "3C TC QC AC 6D 9D JD AD 5S 9S AS 8H JH",
    "7C 9C 2S 3S 4S 7S 8S TS 3H 4H 7H TH QH",
    "4C 5C 6C JC KC 3D 4D 7D 8D TD KD JS QS",
  };
  g_autoptr(HeartsAi) normal = hearts_ai_new (HEARTS_AI_NORMAL, 1);
  HeartsRules rules;
  HeartsDeal  deal;
  HeartsView  view;

  hearts_rules_init_default (&rules);
  deal_from (&deal, &rules, 3, hands, NULL,
             "2C 3C 7C KC JC 8C TC 9C TD QD 9D TH KS 9S 2S QS KH JH QH JS 9H 8H 3H 4C AH QC");
  g_assert_cmpuint (deal.turn, ==, 2);
  hearts_view_init (&view, &rules, &deal, 2, 0, NULL);
  g_assert_cmpstr (hearts_card_to_string (hearts_ai_choose_play (normal, &view)), ==, "4H");
}

/* From the deal of @hands (@passes to the left, or NULL) after @plays, seat 1 has taken
 * every point so far, the moon is in reach, and it is seat 0's turn: the Hard player keeps
 * @stopper, and against the test shooter takes a heart in time, whatever its seed. */
static void
assert_hard_stops_moon (const char * const *hands,
                        const char * const *passes,
                        const char         *plays,
                        const char         *stopper)
{
  HeartsRules rules;

  hearts_rules_init_default (&rules);
  for (guint64 seed = 0; seed < 3; seed++)
    {
      g_autoptr(HeartsAi) hard = hard_new (seed);
      g_autoptr(HeartsAi) shooter = hearts_ai_new_test_shooter (seed);
      g_autoptr(HeartsAi) left = hearts_ai_new (HEARTS_AI_NORMAL, seed);
      g_autoptr(HeartsAi) across = hearts_ai_new (HEARTS_AI_NORMAL, seed + 1);
      HeartsAi       *ais[] = { hard, shooter, left, across };
      HeartsDeal      deal;
      HeartsView      view;
      HeartsDealScore score;
      HeartsCard      card;

      deal_from (&deal, &rules, 0, hands, passes, plays);
      g_assert_cmpuint (deal.turn, ==, 0);
      for (guint s = 0; s < 4; s++)
        g_assert_cmpint ((deal.taken[s] & HEARTS_POINT_CARDS) != 0, ==, s == 1);
      hearts_view_init (&view, &rules, &deal, 0, 0, NULL);
      card = hearts_ai_choose_play (hard, &view);
      g_test_message ("seed %" G_GUINT64_FORMAT ": %s", seed, hearts_card_to_string (card));
      g_assert_cmpstr (hearts_card_to_string (card), !=, stopper);
      play_out (&deal, &rules, ais, &score);
      g_assert_cmpint (score.shooter, ==, -1);
      g_assert_cmpuint (deal.taken[0] & HEARTS_HEARTS_MASK, !=, 0);
    }
}

/* Seat 1 has taken every point so far (the Q♠ and seven hearts) and has the moon in
 * reach: it holds the 9♥, the 7♥ and the 6♥, which seat 0 passed it. Seat 0 must keep
 * the one heart that beats them (the T♥) and take a heart with it in time; discarding
 * it lets the moon through (seat 1 then leads the 9♥, and seat 0's 8♥ falls under it).
 * (7c44bbc's Hard keeps it too.) */
static void
test_hard_stops_moon (void)
{
  /* As dealt; after the pass seat 1 holds 3C TC 7D 2S 9S JS KS AS 2H 6H 7H 9H AH. */
  static const char *hands[] = {
    "2C AC 2D 9D 8S TS 6H 7H 8H 9H TH JH KH",
    "3C 5C 6C 8C TC 7D 2S 9S JS KS AS 2H AH",
    "JC KC QC 3D 6D 8D QD AD 4S 7S 3H 5H QH",
    "4C 7C 9C 4D 5D TD JD KD 3S 5S 6S QS 4H",
  };
  static const char *passes[] = { "6H 7H 9H", "5C 6C 8C", "JC KC 3D", "4C 7C 9C" };

  assert_hard_stops_moon (hands, passes,
                          "2C 3C QC KC 3D 2D 7D AD 4S 3S TS AS KS 7S QS 8S JS QH 6S KH AH 5H 4H JH 9S QD 5S",
                          "TH");
}

/* Seat 1 has taken every point so far (the J♥) and leads the A♥: it holds the Q♥, the
 * 6♥ and the 5♥ still, and the moon is in reach. Seat 0's K♥ is the one heart that beats
 * the Q♥: dropping it under the ace (as one does when nobody runs) lets the moon through.
 * 7c44bbc's Hard dropped the king (10 seeds of 10), and so did this one's in 26 of 30
 * seeds while its playouts did not model a runner (runner-losers=0); the moon then went
 * through. */
static void
test_hard_stops_runner (void)
{
  static const char *hands[] = {
    "9C JC 2D 3D 7D 9D TD KD 2S 8S 3H TH KH",
    "2C 5C KC 5D 6D 8D JD QD JS 5H 6H QH AH",
    "4C 6C 7C 8C 4D AD 3S 9S QS AS 2H 4H 8H",
    "3C TC QC AC 4S 5S 6S 7S TS KS 7H 9H JH",
  };

  assert_hard_stops_moon (hands, NULL, "2C 8C 3C JC 8S JS 9S KS 4S 2S 5C AS 4D JH 7D QD AH 8H 9H", "KH");
}

/* Plays a whole deal from @hands (no pass) with @first at seat 0 and Normal players at
 * the others, and scores it. */
static void
play_deal (const char * const *hands,
           HeartsAi           *first,
           guint64             seed,
           HeartsDealScore    *score)
{
  g_autoptr(HeartsAi) left = hearts_ai_new (HEARTS_AI_NORMAL, seed + 1);
  g_autoptr(HeartsAi) across = hearts_ai_new (HEARTS_AI_NORMAL, seed + 2);
  g_autoptr(HeartsAi) right = hearts_ai_new (HEARTS_AI_NORMAL, seed + 3);
  HeartsAi   *ais[] = { first, left, across, right };
  HeartsRules rules;
  HeartsDeal  deal;

  hearts_rules_init_default (&rules);
  deal_from (&deal, &rules, 0, hands, NULL, "");
  play_out (&deal, &rules, ais, score);
}

/* A hand made for the moon (the A♥ K♥ J♥ and three more hearts, the A♣ and the K♠, short
 * in diamonds): shooting is clearly best, and the Hard player goes for it and makes it.
 * The Hard player of 7c44bbc took a point or more here and let the moon go. */
static void
test_hard_shoots (void)
{
  static const char *hands[] = {
    "4C QC AC 9D 4S 9S KS 4H 5H 9H JH KH AH",
    "2C 8C TC 3D 4D TD KD 7S TS JS QS 3H TH",
    "KC 2D 6D 7D JD AD 2S 3S 5S 8S AS 6H 8H",
    "3C 5C 6C 7C 9C JC 5D 8D QD 6S 2H 7H QH",
  };

  for (guint64 seed = 0; seed < 3; seed++)
    {
      g_autoptr(HeartsAi) hard = hard_moon_new (seed);
      HeartsDealScore score;

      play_deal (hands, hard, seed, &score);
      g_assert_cmpint (score.shooter, ==, 0);
    }
}

/* The A♥ Q♥, two more aces and the Q♦ tempt, but the hand has too many losers (the 3♥
 * 6♥ 7♥, the 8♠, the T♣ J♣) for the moon: the test shooter, which goes for it, ends
 * with most of the points. The Hard player does not try, and takes next to nothing. */
static void
test_hard_not_reckless (void)
{
  static const char *hands[] = {
    "TC JC AC 8D TD QD AD 8S 3H 6H 7H QH AH",
    "4C 5C KC 3D 9D KD 4S TS QS AS 2H 4H 8H",
    "2C 6C 8C 4D 5D 6D 2S 3S 7S 5H 9H TH KH",
    "3C 7C 9C QC 2D 7D JD 5S 6S 9S JS KS JH",
  };

  for (guint64 seed = 0; seed < 3; seed++)
    {
      g_autoptr(HeartsAi) hard = hard_moon_new (seed);
      g_autoptr(HeartsAi) shooter = hearts_ai_new_test_shooter (seed);
      HeartsDealScore score;

      play_deal (hands, shooter, seed, &score);
      g_assert_cmpint (score.shooter, !=, 0);
      g_assert_cmpint (score.points[0], >=, 13);

      play_deal (hands, hard, seed, &score);
      g_assert_cmpint (score.shooter, ==, -1);
      g_assert_cmpint (score.points[0], <=, 3);
    }
}

/* The test shooter at seat 0 goes for the moon whenever nobody else has a point, against
 * three Normal players, over 200 seeded deals (its pass kept its winners). Normal players
 * that watch for a runner let it through in about 12% of hands; those of 7c44bbc, in
 * about 32% (hearts-arena --mode 1v3 shooter normal). */
static void
test_normal_stops_shooter (void)
{
  HeartsRules rules;
  HeartsRng   rng;
  guint       moons = 0, n = 200;

  hearts_rules_init_default (&rules);
  hearts_rng_init (&rng, hearts_test_seed ());
  for (guint d = 0; d < n; d++)
    {
      g_autoptr(HeartsAi) shooter = hearts_ai_new_test_shooter (d);
      HeartsAi       *ais[HEARTS_MAX_PLAYERS] = { shooter };
      HeartsCards     passes[HEARTS_MAX_PLAYERS];
      HeartsDealScore score;
      HeartsDeal      deal;

      for (guint s = 1; s < 4; s++)
        ais[s] = hearts_ai_new (HEARTS_AI_NORMAL, d * 4 + s);
      hearts_deal_shuffle (&deal, &rules, d % 4, d % 4, &rng);
      if (deal.phase == HEARTS_DEAL_PASSING)
        {
          for (guint s = 0; s < 4; s++)
            {
              HeartsView view;

              hearts_view_init (&view, &rules, &deal, s, d % 4, NULL);
              passes[s] = hearts_ai_choose_pass (ais[s], &view);
            }
          for (guint s = 0; s < 4; s++)
            g_assert_cmpint (hearts_deal_pass (&deal, &rules, s, passes[s]), ==, HEARTS_REFUSAL_NONE);
        }
      while (deal.phase == HEARTS_DEAL_PLAYING)
        {
          HeartsView view;

          hearts_view_init (&view, &rules, &deal, deal.turn, d % 4, NULL);
          g_assert_cmpint (hearts_deal_play (&deal, &rules, deal.turn, hearts_ai_choose_play (ais[deal.turn], &view)),
                           ==, HEARTS_REFUSAL_NONE);
        }
      hearts_deal_score (&deal, &rules, NULL, &score);
      moons += score.shooter == 0;
      for (guint s = 1; s < 4; s++)
        hearts_ai_free (ais[s]);
    }
  g_test_message ("the shooter made %u moons in %u deals", moons, n);
  /* It still makes some: a hand made for the moon cannot be stopped. */
  g_assert_cmpuint (moons, >, 0);
  g_assert_cmpuint (moons * 100, <=, n * 20);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/ai/moon/values", test_values);
  g_test_add_func ("/ai/moon/exact-ending", test_exact_ending);
  g_test_add_func ("/ai/moon/normal-keeps-stopper", test_normal_keeps_stopper);
  g_test_add_func ("/ai/moon/normal-stops-shooter", test_normal_stops_shooter);
  g_test_add_func ("/ai/moon/hard-stops-moon", test_hard_stops_moon);
  g_test_add_func ("/ai/moon/hard-stops-runner", test_hard_stops_runner);
  g_test_add_func ("/ai/moon/hard-shoots", test_hard_shoots);
  g_test_add_func ("/ai/moon/hard-not-reckless", test_hard_not_reckless);
  return g_test_run ();
}
