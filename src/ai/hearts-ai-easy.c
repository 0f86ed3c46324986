/* hearts-ai-easy.c: a beginner: sensible cards, no counting, the odd slip
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include "hearts-ai-private.h"

/* How often the beginner plays a card without thinking. */
#define SLIP_RATE 0.08

static HeartsCards
easy_choose_pass (HeartsAi         *ai,
                  const HeartsView *view)
{
  return hearts_ai_pass_heuristic (&view->rules, view->deal.hands[view->seat],
                                   view->deal.pass, HEARTS_AI_PASS_EASY);
}

static HeartsCard
lowest_rank (HeartsCards cards)
{
  HeartsCard best = HEARTS_NO_CARD, card;

  HEARTS_CARDS_FOREACH (card, cards)
    if (best == HEARTS_NO_CARD || HEARTS_CARD_RANK (card) < HEARTS_CARD_RANK (best))
      best = card;
  return best;
}

static HeartsCard
highest_rank (HeartsCards cards)
{
  HeartsCard best = HEARTS_NO_CARD, card;

  HEARTS_CARDS_FOREACH (card, cards)
    if (best == HEARTS_NO_CARD || HEARTS_CARD_RANK (card) >= HEARTS_CARD_RANK (best))
      best = card;
  return best;
}

static HeartsCard
easy_choose_play (HeartsAi         *ai,
                  const HeartsView *view)
{
  const HeartsDeal *deal = &view->deal;
  HeartsCards       legal = hearts_deal_get_legal (deal, &view->rules);
  HeartsCards       follow, below;
  HeartsRng         rng;

  if (hearts_cards_count (legal) == 1)
    return hearts_cards_lowest (legal);

  hearts_rng_init (&rng, hearts_ai_move_seed (ai, view));
  if (hearts_rng_double (&rng) < SLIP_RATE)
    return hearts_cards_pick_random (legal, &rng);

  /* Lead the smallest card, whatever its suit. */
  if (deal->trick_len == 0)
    return lowest_rank (legal);

  follow = legal & HEARTS_SUIT_MASK (deal->lead_suit);
  if (follow != 0)
    {
      /* Duck under the winning card when possible; else the last player takes it high. */
      below = follow & (HEARTS_CARD_BIT (HEARTS_CARD (deal->lead_suit, deal->win_rank)) - 1);
      if (below != 0)
        return hearts_cards_highest (below);
      if (deal->trick_len + 1 == deal->n_players)
        return hearts_cards_highest (follow);
      return hearts_cards_lowest (follow);
    }

  /* Out of the suit: the queen, then hearts, then the biggest card. */
  if (hearts_cards_has (legal, HEARTS_QUEEN_OF_SPADES))
    return HEARTS_QUEEN_OF_SPADES;
  if (legal & HEARTS_HEARTS_MASK)
    return hearts_cards_highest (legal & HEARTS_HEARTS_MASK);
  return highest_rank (legal);
}

static void
easy_free (HeartsAi *ai)
{
  g_free (ai);
}

static const HeartsAiClass easy_class = {
  .name = "easy",
  .choose_pass = easy_choose_pass,
  .choose_play = easy_choose_play,
  .free = easy_free,
};

HeartsAi *
hearts_ai_easy_new (void)
{
  HeartsAi *ai = g_new0 (HeartsAi, 1);

  ai->klass = &easy_class;
  return ai;
}
