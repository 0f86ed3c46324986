/* test-hot-path.c: the engine's fast paths against plain reference code
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The simulator and the AI's playouts run on broadword card picks, branchless legal
 * moves and a shuffle that skips hearts_deal_init's checks. Each is compared here with
 * the straightforward code it replaces. Seeds are fixed: HEARTS_TEST_SEED=N runs the
 * random parts with another one.
 */
#include <string.h>

#include "hearts-engine.h"
#include "hearts-test-util.h"

static guint
ref_count (HeartsCards cards)
{
  guint n = 0;

  for (; cards != 0; cards &= cards - 1)
    n++;
  return n;
}

static HeartsCard
ref_nth (HeartsCards cards,
         guint       n)
{
  while (n-- > 0)
    cards &= cards - 1;
  return hearts_cards_lowest (cards);
}

/* Sets of every density, and the edge cases. */
static HeartsCards
random_set (HeartsRng *rng,
            guint      i)
{
  HeartsCards set = hearts_rng_next (rng);

  for (guint k = 0; k < i % 4; k++)
    set &= hearts_rng_next (rng);
  if (i % 7 == 3)
    set |= hearts_rng_next (rng);
  if (i == 0)
    set = ~G_GUINT64_CONSTANT (0);
  if (i == 1)
    set = G_GUINT64_CONSTANT (1) << 63;
  return set;
}

static void
test_byte_select_table (void)
{
  for (guint b = 0; b < 256; b++)
    for (guint r = 0; r < ref_count (b); r++)
      g_assert_cmpuint (hearts_cards_byte_select[b][r], ==, ref_nth (b, r));
}

static void
test_count_and_nth (void)
{
  HeartsRng rng;

  hearts_rng_init (&rng, hearts_test_seed ());
  for (guint i = 0; i < 20000; i++)
    {
      HeartsCards set = random_set (&rng, i);
      guint       count = ref_count (set);

      g_assert_cmpuint (hearts_cards_count (set), ==, count);
      g_assert_cmpuint (hearts_cards_byte_sums (set) >> 56, ==, count);
      for (guint k = 0; k < count; k++)
        g_assert_cmpuint (hearts_cards_nth (set, k), ==, ref_nth (set, k));
    }
}

/* hearts_rng_below as it was written before it was split: one output per draw, the
 * high 32 bits, Lemire's rejection. */
static guint32
ref_below (HeartsRng *rng,
           guint32    bound)
{
  guint32 threshold = (guint32) -bound % bound;

  for (;;)
    {
      guint64 m = (hearts_rng_next (rng) >> 32) * (guint64) bound;

      if ((guint32) m >= threshold)
        return (guint32) (m >> 32);
    }
}

static void
test_rng_below (void)
{
  guint64   seed = hearts_test_seed ();
  HeartsRng a, b;

  hearts_rng_init (&a, seed);
  hearts_rng_init (&b, seed);
  for (guint i = 0; i < 100000; i++)
    {
      guint32 bound = 1 + i % 64;

      if (i % 1000 == 999)
        bound = G_MAXUINT32 - i; /* large bounds reject often */
      g_assert_cmpuint (hearts_rng_below (&a, bound), ==, ref_below (&b, bound));
    }

  /* Bits that would bias the result are replaced from the generator. */
  hearts_rng_init (&a, seed);
  hearts_rng_init (&b, seed);
  g_assert_cmpuint (hearts_rng_below_bits (&a, 0, 3), ==, ref_below (&b, 3));
  g_assert_cmpuint (hearts_rng_next (&a), ==, hearts_rng_next (&b));
  /* Unbiased bits are used as they are. */
  g_assert_cmpuint (hearts_rng_below_bits (&a, 0x80000001u, 10), ==, 5);
  g_assert_cmpuint (hearts_rng_next (&a), ==, hearts_rng_next (&b));
}

static void
test_pick_random (void)
{
  guint64     seed = hearts_test_seed ();
  HeartsRng   a, b;
  HeartsCards hand;
  guint       counts[64] = { 0 };
  const guint draws = 130000;

  /* The same cards as the k-th lowest of a hearts_rng_below draw. */
  hearts_rng_init (&a, seed);
  hearts_rng_init (&b, seed);
  for (guint i = 2; i < 20000; i++)
    {
      HeartsCards set = random_set (&a, i);

      (void) random_set (&b, i);
      if (set == 0)
        continue;
      g_assert_cmpuint (hearts_cards_pick_random (set, &a), ==,
                        ref_nth (set, ref_below (&b, ref_count (set))));
    }

  /* Uniform over the cards of a hand: each of 13 cards about 10,000 times in 130,000. */
  g_assert_true (hearts_cards_from_string ("2C 9C AC 3D QD 4S JS QS KS 5H TH KH AH", &hand));
  for (guint i = 0; i < draws; i++)
    counts[hearts_cards_pick_random_bits (hand, (guint32) hearts_rng_next (&a), &a)]++;
  for (guint c = 0; c < 64; c++)
    {
      if (!hearts_cards_has (hand, c))
        g_assert_cmpuint (counts[c], ==, 0);
      else
        g_assert_cmpuint (ABS ((gint) counts[c] - (gint) (draws / 13)), <, 500);
    }
}

static void
test_pass_seats (void)
{
  for (guint n = HEARTS_MIN_PLAYERS; n <= HEARTS_MAX_PLAYERS; n++)
    {
      HeartsRules rules;

      hearts_rules_init_default (&rules);
      rules.n_players = n;
      for (guint seat = 0; seat < n; seat++)
        {
          g_assert_cmpuint (hearts_rules_pass_target (&rules, HEARTS_PASS_LEFT, seat), ==, (seat + 1) % n);
          g_assert_cmpuint (hearts_rules_pass_target (&rules, HEARTS_PASS_RIGHT, seat), ==, (seat + n - 1) % n);
          g_assert_cmpuint (hearts_rules_pass_target (&rules, HEARTS_PASS_ACROSS, seat), ==, (seat + n / 2) % n);
          g_assert_cmpuint (hearts_rules_pass_target (&rules, HEARTS_PASS_HOLD, seat), ==, seat);
          for (HeartsPassDirection dir = HEARTS_PASS_LEFT; dir <= HEARTS_PASS_HOLD; dir++)
            g_assert_cmpuint (hearts_rules_pass_source (&rules, dir,
                                                        hearts_rules_pass_target (&rules, dir, seat)),
                              ==, seat);
        }
    }
}

/* The engine's own deal is exactly what hearts_deal_init makes of the same hands. */
static void
test_shuffle_is_checked_deal (void)
{
  HeartsRng rng;

  hearts_rng_init (&rng, hearts_test_seed ());
  for (guint i = 0; i < 3000; i++)
    {
      HeartsRules rules;
      HeartsDeal  shuffled, checked;
      guint       dealer;

      hearts_test_random_rules (&rules, &rng);
      dealer = hearts_rng_below (&rng, rules.n_players);
      hearts_deal_shuffle (&shuffled, &rules, dealer, i, &rng);
      g_assert_true (hearts_deal_init (&checked, &rules, dealer, hearts_rules_get_pass (&rules, i),
                                       shuffled.dealt));
      g_assert_cmpmem (&shuffled, sizeof shuffled, &checked, sizeof checked);
    }
}

/* get_legal as it was written with plain branches: the rules as the texts say them. */
static HeartsCards
ref_legal (const HeartsDeal  *deal,
           const HeartsRules *rules)
{
  HeartsCards hand = deal->hands[deal->turn];
  HeartsCards follow, allowed;

  if (deal->trick_len == 0)
    {
      if (deal->n_plays == 0)
        {
          if (rules->opening == HEARTS_OPENING_ANY_CLUB)
            return hand & HEARTS_SUIT_MASK (HEARTS_SUIT_CLUBS);
          return hand & HEARTS_CARD_BIT (hearts_rules_get_opening_card (rules));
        }
      if (rules->must_break_hearts && !deal->hearts_broken && (hand & ~HEARTS_HEARTS_MASK) != 0)
        return hand & ~HEARTS_HEARTS_MASK;
      return hand;
    }

  follow = hand & HEARTS_SUIT_MASK (deal->lead_suit);
  if (follow != 0)
    return follow;
  if (deal->n_plays < deal->n_players)
    {
      allowed = hand & ~hearts_rules_first_trick_barred (rules);
      if (allowed != 0)
        return allowed;
    }
  return hand;
}

/* Passes in random seat order, so that pick-ups complete in every order. */
static void
pass_at_random (HeartsDeal        *deal,
                const HeartsRules *rules,
                HeartsRng         *rng)
{
  guint order[HEARTS_MAX_PLAYERS];
  guint n = rules->n_players;

  for (guint s = 0; s < n; s++)
    order[s] = s;
  for (guint s = n - 1; s > 0; s--)
    {
      guint j = hearts_rng_below (rng, s + 1), t = order[s];

      order[s] = order[j];
      order[j] = t;
    }

  for (guint k = 0; k < n; k++)
    {
      guint       seat = order[k];
      HeartsCards pass = 0;

      for (guint i = 0; i < HEARTS_PASS_SIZE; i++)
        pass |= HEARTS_CARD_BIT (hearts_cards_pick_random (deal->hands[seat] & ~pass, rng));
      g_assert_cmpint (hearts_deal_pass (deal, rules, seat, pass), ==, HEARTS_REFUSAL_NONE);

      /* A seat holds its pick-up exactly when it and its passer have both passed. */
      for (guint s = 0; s < n; s++)
        {
          guint       from = hearts_rules_pass_source (rules, deal->pass, s);
          gboolean    both = (deal->passed & (1u << s)) && (deal->passed & (1u << from));
          HeartsCards expected = deal->dealt[s] & ~deal->passes[s];

          if (both)
            expected |= deal->passes[from];
          g_assert_cmpuint (!!(deal->received & (1u << s)), ==, both);
          g_assert_cmpuint (deal->hands[s], ==, (deal->passed & (1u << s)) ? expected : deal->dealt[s]);
        }
    }
}

static void
test_random_play_matches_rules (void)
{
  HeartsRng rng;

  hearts_rng_init (&rng, hearts_test_seed ());
  for (guint i = 0; i < 2000; i++)
    {
      HeartsRules rules;
      HeartsDeal  deal;

      hearts_test_random_rules (&rules, &rng);
      hearts_deal_shuffle (&deal, &rules, i % rules.n_players, i, &rng);
      if (deal.phase == HEARTS_DEAL_PASSING)
        pass_at_random (&deal, &rules, &rng);

      while (!hearts_deal_is_done (&deal))
        {
          HeartsCards legal = hearts_deal_get_legal (&deal, &rules);
          guint       trick = hearts_deal_get_trick_index (&deal);
          gboolean    broken = deal.hearts_broken;
          HeartsCard  card;
          gint        winner;

          g_assert_cmpuint (legal, ==, ref_legal (&deal, &rules));
          for (guint c = 0; c < 64; c++)
            g_assert_cmpuint (hearts_deal_check_play (&deal, &rules, deal.turn, c) == HEARTS_REFUSAL_NONE,
                              ==, hearts_cards_has (legal, c));

          card = hearts_cards_pick_random (legal, &rng);
          winner = hearts_deal_play_unchecked (&deal, &rules, card);

          /* Hearts break on a heart, or on the queen discarded when that rule is on. */
          if (HEARTS_CARD_SUIT (card) == HEARTS_SUIT_HEARTS ||
              (card == HEARTS_QUEEN_OF_SPADES && rules.queen_breaks_hearts &&
               deal.lead_suit != HEARTS_SUIT_SPADES))
            broken = TRUE;
          g_assert_cmpuint (!!deal.hearts_broken, ==, broken);

          if (winner >= 0)
            g_assert_cmpint (winner, ==, hearts_deal_get_trick_winner (&deal, trick));
          else
            {
              /* The running winner: the highest card of the suit led so far. */
              HeartsCard cards[HEARTS_MAX_PLAYERS];
              guint      len = hearts_deal_get_trick (&deal, trick, cards);
              guint      best = 0;

              for (guint k = 1; k < len; k++)
                if (HEARTS_CARD_SUIT (cards[k]) == HEARTS_CARD_SUIT (cards[0]) && cards[k] > cards[best])
                  best = k;
              g_assert_cmpuint (deal.win_rank, ==, HEARTS_CARD_RANK (cards[best]));
              g_assert_cmpuint (deal.win_seat, ==, hearts_deal_get_play_seat (&deal, trick * rules.n_players + best));
            }
        }
      g_assert_cmpuint (deal.played, ==, hearts_rules_get_deck (&rules));
    }
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/hot-path/byte-select-table", test_byte_select_table);
  g_test_add_func ("/hot-path/count-and-nth", test_count_and_nth);
  g_test_add_func ("/hot-path/rng-below", test_rng_below);
  g_test_add_func ("/hot-path/pick-random", test_pick_random);
  g_test_add_func ("/hot-path/pass-seats", test_pass_seats);
  g_test_add_func ("/hot-path/shuffle-is-checked-deal", test_shuffle_is_checked_deal);
  g_test_add_func ("/hot-path/random-play-matches-rules", test_random_play_matches_rules);

  return g_test_run ();
}
