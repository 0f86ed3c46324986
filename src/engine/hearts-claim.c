/* hearts-claim.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <string.h>

#include "hearts-deal.h"

typedef struct
{
  const HeartsRules *rules;
  const gint        *totals;
  gboolean           have_first;
  HeartsDealScore    first;
  guint8             n_plays; /* of the first line, whole deal */
  HeartsCard         plays[52];
} Search;

static HeartsCards
scoring_cards (const HeartsRules *rules)
{
  HeartsCards cards = HEARTS_POINT_CARDS;

  if (rules->omnibus)
    cards |= HEARTS_CARD_BIT (HEARTS_JACK_OF_DIAMONDS);
  return cards;
}

static HeartsCards
cards_left (const HeartsDeal *deal)
{
  HeartsCards left = deal->trick_cards & -(HeartsCards) (deal->trick_len != 0);

  for (guint s = 0; s < deal->n_players; s++)
    left |= deal->hands[s];
  return left;
}

gboolean
hearts_deal_is_settled (const HeartsDeal  *deal,
                        const HeartsRules *rules)
{
  if (deal->phase == HEARTS_DEAL_DONE)
    return TRUE;
  if (deal->phase != HEARTS_DEAL_PLAYING)
    return FALSE;
  if (cards_left (deal) & scoring_cards (rules))
    return FALSE;
  if (rules->no_tricks_bonus)
    for (guint s = 0; s < deal->n_players; s++)
      if (deal->tricks_won[s] == 0)
        return FALSE;
  return TRUE;
}

/* Which cards are the same to the score: a card of another class never stands in for
 * this one, as a heart for a club would break hearts or take a point. */
static guint
score_class (HeartsCard         card,
             const HeartsRules *rules)
{
  if (HEARTS_CARD_SUIT (card) == HEARTS_SUIT_HEARTS)
    return 1;
  if (card == HEARTS_QUEEN_OF_SPADES)
    return 2;
  if (rules->omnibus && card == HEARTS_JACK_OF_DIAMONDS)
    return 3;
  return 0;
}

static gboolean
same_score (const HeartsDealScore *a,
            const HeartsDealScore *b,
            guint                  n)
{
  return a->shooter == b->shooter && memcmp (a->points, b->points, n * sizeof (gint)) == 0;
}

/* FALSE as soon as two lines score differently. */
static gboolean
search (Search           *s,
        const HeartsDeal *deal)
{
  HeartsCards legal, others, left;
  HeartsCard  card, prev = HEARTS_NO_CARD;
  HeartsDeal  next;

  if (hearts_deal_is_settled (deal, s->rules))
    {
      HeartsDealScore score;

      /* Any line will do from here: the lowest card each time. */
      next = *deal;
      while (next.phase == HEARTS_DEAL_PLAYING)
        hearts_deal_play_unchecked (&next, s->rules,
                                    hearts_cards_lowest (hearts_deal_get_legal (&next, s->rules)));
      hearts_deal_score (&next, s->rules, s->totals, &score);
      if (s->have_first)
        return same_score (&score, &s->first, deal->n_players);
      s->have_first = TRUE;
      s->first = score;
      s->n_plays = next.n_plays;
      memcpy (s->plays, next.plays, sizeof next.plays);
      return TRUE;
    }

  legal = hearts_deal_get_legal (deal, s->rules);
  left = cards_left (deal);
  others = left & ~deal->hands[deal->turn];

  /* Cards of one hand with no other live card between them, of one class, do the same
   * in every line: try the lowest of each such run only. */
  HEARTS_CARDS_FOREACH (card, legal)
    {
      if (prev != HEARTS_NO_CARD && HEARTS_CARD_SUIT (prev) == HEARTS_CARD_SUIT (card) &&
          score_class (prev, s->rules) == score_class (card, s->rules))
        {
          HeartsCards between = (HEARTS_CARD_BIT (card) - 1) & ~((HEARTS_CARD_BIT (prev) << 1) - 1);

          if ((others & between) == 0)
            {
              prev = card;
              continue;
            }
        }
      prev = card;

      next = *deal;
      hearts_deal_play_unchecked (&next, s->rules, card);
      if (!search (s, &next))
        return FALSE;
    }
  return TRUE;
}

static guint
count_cards_left (const HeartsDeal *deal)
{
  guint n_left = 0;

  for (guint seat = 0; seat < deal->n_players; seat++)
    n_left += hearts_cards_count (deal->hands[seat]);
  return n_left;
}

gboolean
hearts_deal_claim_is_possible (const HeartsDeal  *deal,
                               const HeartsRules *rules)
{
  return deal->phase != HEARTS_DEAL_PASSING &&
         (count_cards_left (deal) <= HEARTS_CLAIM_MAX_CARDS || hearts_deal_is_settled (deal, rules));
}

HeartsClaimKind
hearts_deal_analyze_claim (const HeartsDeal  *deal,
                           const HeartsRules *rules,
                           const gint        *totals,
                           HeartsClaim       *claim)
{
  Search s = {
    rules,
    totals,
    FALSE,
  };
  HeartsClaimKind kind;

  if (deal->phase == HEARTS_DEAL_PASSING)
    return HEARTS_CLAIM_NONE;

  if (hearts_deal_is_settled (deal, rules))
    kind = HEARTS_CLAIM_SETTLED;
  else if (count_cards_left (deal) <= HEARTS_CLAIM_MAX_CARDS)
    kind = HEARTS_CLAIM_FORCED;
  else
    return HEARTS_CLAIM_NONE;

  if (!search (&s, deal))
    return HEARTS_CLAIM_NONE;

  if (claim != NULL)
    {
      memset (claim, 0, sizeof *claim);
      claim->kind = kind;
      claim->n_plays = s.n_plays - deal->n_plays;
      memcpy (claim->plays, s.plays + deal->n_plays, claim->n_plays);
      memcpy (claim->points, s.first.points, sizeof claim->points);
      claim->shooter = s.first.shooter;
    }
  return kind;
}
