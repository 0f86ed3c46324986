/* hearts-ai-pass.c: which three cards to pass
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include "hearts-ai-private.h"

#define SUIT(s) HEARTS_SUIT_MASK (s)
#define HEARTS  HEARTS_HEARTS_MASK
#define SPADES  HEARTS_AI_SPADES_MASK
#define QS_BIT  HEARTS_AI_QS_BIT
#define AS_BIT  HEARTS_CARD_BIT (HEARTS_CARD (HEARTS_SUIT_SPADES, HEARTS_RANK_ACE))
#define KS_BIT  HEARTS_CARD_BIT (HEARTS_CARD (HEARTS_SUIT_SPADES, HEARTS_RANK_KING))

/* Ranks up to the seven count as low: they rarely win a trick. */
static HeartsCards
low_cards (HeartsSuit suit)
{
  return SUIT (suit) & G_GUINT64_CONSTANT (0x3f) << (suit * 16);
}

double
hearts_ai_pass_cost (const HeartsRules  *rules,
                     HeartsCards         kept,
                     HeartsCards         passed,
                     HeartsPassDirection dir)
{
  /* How often the queen (or the ace and king of spades) catches 13 points, by the
   * number of small spades there are to guard it. */
  static const double queen_risk[] = { 0.85, 0.6, 0.38, 0.2, 0.09, 0.05 };
  static const double high_risk[] = { 0.45, 0.3, 0.17, 0.09, 0.05, 0.03 };
  guint               low_spades = MIN (hearts_cards_count (kept & SPADES & ~(QS_BIT | KS_BIT | AS_BIT)), 5);
  double              cost = 0;
  HeartsCard          card;

  if (kept & QS_BIT)
    {
      cost += 13 * queen_risk[low_spades];
      /* The ace and king are extra guards, but also tricks to lose the queen under. */
      if (kept & (AS_BIT | KS_BIT))
        cost -= 13 * 0.05 * hearts_cards_count (kept & (AS_BIT | KS_BIT));
    }
  else
    {
      /* The queen on our left plays after us: she drops on our high spades. */
      double where = (passed & QS_BIT) ? (dir == HEARTS_PASS_LEFT ? 1.35 : 1.0) : 0.8;

      cost += 13 * high_risk[low_spades] * where * hearts_cards_count (kept & (AS_BIT | KS_BIT));
    }

  for (guint s = 0; s < HEARTS_N_SUITS; s++)
    {
      HeartsCards mine = kept & SUIT (s);
      guint       n = hearts_cards_count (mine);
      guint       low = hearts_cards_count (mine & low_cards (s));

      if (s == HEARTS_SUIT_SPADES)
        {
          if (n == 0 && !(passed & QS_BIT))
            cost += 0.5; /* no spade to hide behind when they are led */
          continue;
        }

      if (n == 0)
        {
          cost -= s == HEARTS_SUIT_HEARTS ? 0.5 : 2.0;
          continue;
        }
      if (n == 1 && s != HEARTS_SUIT_HEARTS)
        cost -= 0.6;

      HEARTS_CARDS_FOREACH (card, mine)
        {
          guint rank = HEARTS_CARD_RANK (card);

          if (rank < 7)
            continue;
          /* High cards with no small ones beside them win tricks. */
          cost += (rank - 6) * (s == HEARTS_SUIT_HEARTS ? 0.45 : 0.3) / (1.0 + 0.6 * low);
        }
    }

  if (rules->omnibus && (kept & HEARTS_CARD_BIT (HEARTS_JACK_OF_DIAMONDS)))
    cost -= 2.0;
  return cost;
}

guint
hearts_ai_pass_candidates (const HeartsRules  *rules,
                           HeartsCards         hand,
                           HeartsPassDirection dir,
                           HeartsCards        *passes,
                           guint               n)
{
  HeartsCard cards[HEARTS_N_SUITS * HEARTS_N_RANKS];
  double     costs[16];
  guint      n_cards = 0, found = 0;
  HeartsCard card;

  g_assert (n > 0 && n <= G_N_ELEMENTS (costs));

  HEARTS_CARDS_FOREACH (card, hand)
    cards[n_cards++] = card;

  for (guint a = 0; a < n_cards; a++)
    for (guint b = a + 1; b < n_cards; b++)
      for (guint c = b + 1; c < n_cards; c++)
        {
          HeartsCards pass = HEARTS_CARD_BIT (cards[a]) | HEARTS_CARD_BIT (cards[b]) |
                             HEARTS_CARD_BIT (cards[c]);
          double cost = hearts_ai_pass_cost (rules, hand & ~pass, pass, dir);
          guint  i;

          if (found == n && cost >= costs[n - 1])
            continue;
          /* Insertion into the sorted short list; equal costs keep the first found. */
          i = found < n ? found++ : n - 1;
          while (i > 0 && costs[i - 1] > cost)
            {
              costs[i] = costs[i - 1];
              passes[i] = passes[i - 1];
              i--;
            }
          costs[i] = cost;
          passes[i] = pass;
        }
  return found;
}

static HeartsCards
pass_easy (HeartsCards hand)
{
  HeartsCards pass = 0;

  /* The beginner's pass: the queen, the big spades, then simply the highest cards. */
  for (guint i = 0; i < HEARTS_PASS_SIZE; i++)
    {
      HeartsCard best = HEARTS_NO_CARD, card;
      gint       best_score = -1;

      HEARTS_CARDS_FOREACH (card, hand & ~pass)
        {
          gint score = HEARTS_CARD_RANK (card) * 2;

          if (card == HEARTS_QUEEN_OF_SPADES)
            score += 40;
          else if (HEARTS_CARD_BIT (card) & (AS_BIT | KS_BIT))
            score += 20;
          else if (HEARTS_CARD_SUIT (card) == HEARTS_SUIT_HEARTS)
            score += 1;
          if (score > best_score)
            {
              best_score = score;
              best = card;
            }
        }
      pass |= HEARTS_CARD_BIT (best);
    }
  return pass;
}

HeartsCards
hearts_ai_pass_moon (HeartsCards hand)
{
  HeartsCards pass = 0;

  for (guint i = 0; i < HEARTS_PASS_SIZE; i++)
    {
      HeartsCard best = HEARTS_NO_CARD, card;

      HEARTS_CARDS_FOREACH (card, hand & ~pass)
        {
          gboolean heart = HEARTS_CARD_SUIT (card) == HEARTS_SUIT_HEARTS;

          if (best == HEARTS_NO_CARD ||
              (HEARTS_CARD_SUIT (best) == HEARTS_SUIT_HEARTS && !heart) ||
              (heart == (HEARTS_CARD_SUIT (best) == HEARTS_SUIT_HEARTS) &&
               HEARTS_CARD_RANK (card) < HEARTS_CARD_RANK (best)))
            best = card;
        }
      pass |= HEARTS_CARD_BIT (best);
    }
  return pass;
}

HeartsCards
hearts_ai_pass_heuristic (const HeartsRules  *rules,
                          HeartsCards         hand,
                          HeartsPassDirection dir,
                          HeartsAiPassStyle   style)
{
  HeartsCards pass = 0;

  if (style == HEARTS_AI_PASS_EASY)
    return pass_easy (hand);
  if (hearts_ai_moon_hand (hand))
    return hearts_ai_pass_moon (hand);
  hearts_ai_pass_candidates (rules, hand, dir, &pass, 1);
  return pass;
}
