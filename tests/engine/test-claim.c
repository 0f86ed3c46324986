/* test-claim.c: the claim analysis against a brute-force search of every line
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Positions come from random play of random deals under random variants (seeded:
 * HEARTS_TEST_SEED=N runs another set). For each, a plain search plays out every
 * legal continuation, with no shortcut, and says whether they all score the same.
 */
#include <string.h>

#include "hearts-engine.h"
#include "hearts-test-util.h"

static guint
cards_in_hands (const HeartsDeal *deal)
{
  guint n = 0;

  for (guint s = 0; s < deal->n_players; s++)
    n += hearts_cards_count (deal->hands[s]);
  return n;
}

/* A random position: passes of random cards, then random plays until at most @left
 * cards are in the hands. */
static void
random_position (HeartsDeal        *deal,
                 const HeartsRules *rules,
                 guint              index,
                 guint              left,
                 HeartsRng         *rng)
{
  hearts_deal_shuffle (deal, rules, index % rules->n_players, index, rng);
  for (guint s = 0; deal->phase == HEARTS_DEAL_PASSING; s++)
    {
      HeartsCards pass = 0;

      while (hearts_cards_count (pass) < HEARTS_PASS_SIZE)
        pass |= HEARTS_CARD_BIT (hearts_cards_pick_random (deal->hands[s] & ~pass, rng));
      g_assert_cmpint (hearts_deal_pass (deal, rules, s, pass), ==, HEARTS_REFUSAL_NONE);
    }
  while (cards_in_hands (deal) > left)
    hearts_deal_play_unchecked (deal, rules,
                                hearts_cards_pick_random (hearts_deal_get_legal (deal, rules), rng));
}

typedef struct
{
  const HeartsRules *rules;
  const gint        *totals;
  gboolean           have;
  HeartsDealScore    first;
  guint64            lines;
} Brute;

static gboolean
score_equal (const HeartsDealScore *a,
             const HeartsDealScore *b)
{
  return a->shooter == b->shooter && memcmp (a->points, b->points, sizeof a->points) == 0;
}

/* Every legal card at every turn; FALSE once two lines score differently. */
static gboolean
brute (Brute            *b,
       const HeartsDeal *deal)
{
  HeartsCards legal;
  HeartsCard  card;

  if (deal->phase == HEARTS_DEAL_DONE)
    {
      HeartsDealScore score;

      b->lines++;
      hearts_deal_score (deal, b->rules, b->totals, &score);
      if (!b->have)
        {
          b->have = TRUE;
          b->first = score;
          return TRUE;
        }
      return score_equal (&score, &b->first);
    }

  legal = hearts_deal_get_legal (deal, b->rules);
  g_assert_cmpuint (legal, !=, 0);
  HEARTS_CARDS_FOREACH (card, legal)
    {
      HeartsDeal next = *deal;

      g_assert_cmpint (hearts_deal_play (&next, b->rules, deal->turn, card), ==, HEARTS_REFUSAL_NONE);
      if (!brute (b, &next))
        return FALSE;
    }
  return TRUE;
}

/* The proof is a legal line from @deal that scores what the claim says. */
static void
check_proof (const HeartsDeal  *deal,
             const HeartsRules *rules,
             const gint        *totals,
             const HeartsClaim *claim)
{
  HeartsDeal      line = *deal;
  HeartsDealScore score;

  g_assert_cmpuint (claim->n_plays, ==, cards_in_hands (deal));
  for (guint i = 0; i < claim->n_plays; i++)
    g_assert_cmpint (hearts_deal_play (&line, rules, line.turn, claim->plays[i]), ==,
                     HEARTS_REFUSAL_NONE);
  g_assert_true (hearts_deal_is_done (&line));
  hearts_deal_score (&line, rules, totals, &score);
  g_assert_cmpmem (score.points, sizeof score.points, claim->points, sizeof claim->points);
  g_assert_cmpint (score.shooter, ==, claim->shooter);
}

static void
random_totals (gint      *totals,
               HeartsRng *rng)
{
  for (guint s = 0; s < HEARTS_MAX_PLAYERS; s++)
    totals[s] = (gint) hearts_rng_below (rng, 120);
}

/* Every claim the analysis accepts is true, and every decided position in its scope
 * is found. */
static void
test_claim_against_brute_force (void)
{
  HeartsRng rng;
  guint     n_positions = g_test_slow () ? 20000 : 4000;
  guint     n_decided = 0, n_forced = 0, n_settled = 0, n_open = 0;

  hearts_rng_init (&rng, hearts_test_seed ());
  for (guint i = 0; i < n_positions; i++)
    {
      HeartsRules     rules;
      HeartsDeal      deal;
      HeartsClaim     claim;
      gint            totals[HEARTS_MAX_PLAYERS];
      Brute           b = { 0 };
      HeartsClaimKind kind;
      gboolean        decided;
      guint           left;

      hearts_test_random_rules (&rules, &rng);
      random_totals (totals, &rng);
      /* Mostly small endings the brute force can run through; the last cards of the
       * scope (up to HEARTS_CLAIM_MAX_CARDS) for the three- and four-player games. */
      left = 1 + hearts_rng_below (&rng, rules.n_players == 5 ? 12 : HEARTS_CLAIM_MAX_CARDS);
      random_position (&deal, &rules, i, left, &rng);

      b.rules = &rules;
      b.totals = totals;
      decided = brute (&b, &deal);
      kind = hearts_deal_analyze_claim (&deal, &rules, totals, &claim);

      if (kind != HEARTS_CLAIM_NONE)
        {
          g_assert_true (decided);
          g_assert_cmpint (claim.kind, ==, kind);
          g_assert_cmpmem (claim.points, sizeof claim.points, b.first.points, sizeof b.first.points);
          g_assert_cmpint (claim.shooter, ==, b.first.shooter);
          check_proof (&deal, &rules, totals, &claim);
        }
      g_assert_cmpint (kind == HEARTS_CLAIM_SETTLED, ==, hearts_deal_is_settled (&deal, &rules));
      /* Every position here is in scope: decided ones must be found. */
      g_assert_cmpuint (cards_in_hands (&deal), <=, HEARTS_CLAIM_MAX_CARDS);
      if (decided)
        g_assert_cmpint (kind, !=, HEARTS_CLAIM_NONE);

      n_decided += decided;
      n_forced += kind == HEARTS_CLAIM_FORCED;
      n_settled += kind == HEARTS_CLAIM_SETTLED;
      n_open += !decided;
    }

  g_test_message ("%u positions: %u decided (%u forced, %u settled), %u open",
                  n_positions, n_decided, n_forced, n_settled, n_open);
  /* Both kinds and open positions were seen, so each check above has run. */
  g_assert_cmpuint (n_forced, >, n_positions / 20);
  g_assert_cmpuint (n_settled, >, n_positions / 100);
  g_assert_cmpuint (n_open, >, n_positions / 20);
}

/* Settled hands are found however many cards are left; random lines cannot change
 * their score. */
static void
test_claim_settled_early (void)
{
  HeartsRng rng;
  guint     n_found = 0;

  hearts_rng_init (&rng, hearts_test_seed () + 1);
  for (guint i = 0; i < 20000; i++)
    {
      HeartsRules rules;
      HeartsDeal  deal;
      HeartsClaim claim;
      gint        totals[HEARTS_MAX_PLAYERS];
      guint       left;

      hearts_test_random_rules (&rules, &rng);
      random_totals (totals, &rng);
      left = HEARTS_CLAIM_MAX_CARDS + 1 + hearts_rng_below (&rng, 6);
      random_position (&deal, &rules, i, left, &rng);
      if (cards_in_hands (&deal) <= HEARTS_CLAIM_MAX_CARDS)
        continue;

      switch (hearts_deal_analyze_claim (&deal, &rules, totals, &claim))
        {
        case HEARTS_CLAIM_SETTLED:
          n_found++;
          check_proof (&deal, &rules, totals, &claim);
          for (guint k = 0; k < 50; k++)
            {
              HeartsDeal      line = deal;
              HeartsDealScore score;

              while (!hearts_deal_is_done (&line))
                hearts_deal_play_unchecked (&line, &rules,
                                            hearts_cards_pick_random (hearts_deal_get_legal (&line, &rules), &rng));
              hearts_deal_score (&line, &rules, totals, &score);
              g_assert_cmpmem (score.points, sizeof score.points, claim.points, sizeof claim.points);
            }
          break;
        case HEARTS_CLAIM_FORCED:
          g_assert_not_reached ();
          break;
        case HEARTS_CLAIM_NONE:
        default:
          g_assert_false (hearts_deal_is_settled (&deal, &rules));
          break;
        }
    }
  g_test_message ("%u settled with more than %u cards left", n_found, HEARTS_CLAIM_MAX_CARDS);
  g_assert_cmpuint (n_found, >=, 5);
}

/* Hand-built: the points are gone but a seat without a trick keeps the -5 open. */
static void
test_claim_no_tricks_bonus_open (void)
{
  HeartsRules rules;
  HeartsDeal  deal;
  HeartsCards hands[4];

  hearts_rules_init_default (&rules);
  rules.no_tricks_bonus = TRUE;
  g_assert_true (hearts_cards_from_string ("2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC AC", &hands[0]));
  g_assert_true (hearts_cards_from_string ("2D 3D 4D 5D 6D 7D 8D 9D TD JD QD KD AD", &hands[1]));
  g_assert_true (hearts_cards_from_string ("2S 3S 4S 5S 6S 7S 8S 9S TS JS QS KS AS", &hands[2]));
  g_assert_true (hearts_cards_from_string ("2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH AH", &hands[3]));
  g_assert_true (hearts_deal_init (&deal, &rules, 3, HEARTS_PASS_HOLD, hands));

  /* Seat 0 leads clubs and wins every trick whatever the others play: forced. */
  g_assert_false (hearts_deal_is_settled (&deal, &rules));
  g_assert_cmpint (hearts_deal_analyze_claim (&deal, &rules, NULL, NULL), ==, HEARTS_CLAIM_NONE);
  while (cards_in_hands (&deal) > HEARTS_CLAIM_MAX_CARDS)
    hearts_deal_play_unchecked (&deal, &rules, hearts_cards_lowest (hearts_deal_get_legal (&deal, &rules)));
  g_assert_cmpint (hearts_deal_analyze_claim (&deal, &rules, NULL, NULL), ==, HEARTS_CLAIM_FORCED);

  /* Without the bonus it is the same line, but settled: seat 0 shot the moon. */
  rules.no_tricks_bonus = FALSE;
  g_assert_false (hearts_deal_is_settled (&deal, &rules));
}

/* The cheap answer (no thread is asked) never says no where the analysis would say yes. */
static void
test_claim_cheap_no (void)
{
  HeartsRng rng;
  guint     n_positions = 3000, n_cheap_no = 0, n_asked = 0;

  hearts_rng_init (&rng, hearts_test_seed ());
  for (guint i = 0; i < n_positions; i++)
    {
      HeartsRules rules;
      HeartsDeal  deal;
      gint        totals[HEARTS_MAX_PLAYERS];
      guint       left;

      hearts_test_random_rules (&rules, &rng);
      random_totals (totals, &rng);
      /* In and out of the analysis' scope. */
      left = 1 + hearts_rng_below (&rng, 2 * HEARTS_CLAIM_MAX_CARDS);
      random_position (&deal, &rules, i, left, &rng);
      if (!hearts_deal_claim_is_possible (&deal, &rules))
        {
          g_assert_cmpint (hearts_deal_analyze_claim (&deal, &rules, totals, NULL), ==, HEARTS_CLAIM_NONE);
          n_cheap_no++;
        }
      else
        n_asked++;
    }
  g_test_message ("%u positions: %u answered at once, %u for the analysis", n_positions, n_cheap_no, n_asked);
  g_assert_cmpuint (n_cheap_no, >, n_positions / 10);
  g_assert_cmpuint (n_asked, >, n_positions / 10);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/claim/brute-force", test_claim_against_brute_force);
  g_test_add_func ("/claim/cheap-no", test_claim_cheap_no);
  g_test_add_func ("/claim/settled-early", test_claim_settled_early);
  g_test_add_func ("/claim/no-tricks-bonus-open", test_claim_no_tricks_bonus_open);

  return g_test_run ();
}
