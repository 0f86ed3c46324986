/* hearts-ai-sample.c: deals of the unseen cards that agree with what a seat knows
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include "hearts-ai-private.h"

#define MAX_TRIES 40

/* One try: the cards go out one by one to a seat that may hold them, chosen in
 * proportion to the room it has left (uniform when nothing else constrains). */
static gboolean
try_fill (const HeartsView *view,
          const HeartsCard *cards,
          guint             n_cards,
          const guint      *need,
          gboolean          use_voids,
          HeartsCards      *hands,
          HeartsRng        *rng)
{
  guint n = view->deal.n_players;
  guint room[HEARTS_MAX_PLAYERS];

  for (guint s = 0; s < n; s++)
    room[s] = need[s];

  for (guint i = 0; i < n_cards; i++)
    {
      HeartsCards bit = HEARTS_CARD_BIT (cards[i]);
      guint       total = 0, pick;

      for (guint s = 0; s < n; s++)
        if (room[s] > 0 && !(use_voids && (view->voids[s] & bit)))
          total += room[s];
      if (total == 0)
        return FALSE;

      pick = hearts_rng_below (rng, total);
      for (guint s = 0; s < n; s++)
        {
          if (room[s] == 0 || (use_voids && (view->voids[s] & bit)))
            continue;
          if (pick < room[s])
            {
              hands[s] |= bit;
              room[s]--;
              break;
            }
          pick -= room[s];
        }
    }
  return TRUE;
}

gboolean
hearts_ai_sample_deal (const HeartsView *view,
                       HeartsDeal       *deal,
                       HeartsRng        *rng)
{
  guint       n = view->deal.n_players;
  guint       me = view->seat;
  guint       need[HEARTS_MAX_PLAYERS] = { 0 };
  guint       n_blocked[HEARTS_N_SUITS] = { 0 };
  HeartsCards known = 0, rest;
  HeartsCard  cards[HEARTS_N_SUITS * HEARTS_N_RANKS];
  guint       n_cards = 0;
  HeartsCards hands[HEARTS_MAX_PLAYERS];

  for (guint s = 0; s < n; s++)
    {
      if (s == me)
        continue;
      known |= view->known[s] & view->unseen;
      need[s] = hearts_view_get_hand_count (view, s);
      need[s] -= MIN (need[s], hearts_cards_count (view->known[s] & view->unseen));
      for (guint suit = 0; suit < HEARTS_N_SUITS; suit++)
        if (view->voids[s] & HEARTS_SUIT_MASK (suit))
          n_blocked[suit]++;
    }
  rest = view->unseen & ~known;

  /* The suits that fewest seats may hold go first, so that a try rarely runs into a
   * corner; inside a suit the order is random. */
  for (guint blocked = n; blocked-- > 0;)
    for (guint suit = 0; suit < HEARTS_N_SUITS; suit++)
      {
        HeartsCard card;
        guint      first = n_cards;

        if (n_blocked[suit] != blocked)
          continue;
        HEARTS_CARDS_FOREACH (card, rest & HEARTS_SUIT_MASK (suit))
          cards[n_cards++] = card;
        for (guint i = n_cards - first; i > 1; i--)
          {
            guint      j = hearts_rng_below (rng, i);
            HeartsCard t = cards[first + i - 1];

            cards[first + i - 1] = cards[first + j];
            cards[first + j] = t;
          }
      }

  for (guint attempt = 0; attempt <= MAX_TRIES; attempt++)
    {
      gboolean use_voids = attempt < MAX_TRIES;

      for (guint s = 0; s < n; s++)
        hands[s] = s == me ? 0 : view->known[s] & view->unseen;
      if (try_fill (view, cards, n_cards, need, use_voids, hands, rng))
        {
          for (guint s = 0; s < n; s++)
            if (s != me)
              deal->hands[s] = hands[s];
          return use_voids;
        }
    }

  /* The counts themselves disagree (a confused protocol client): deal round the table. */
  for (guint s = 0; s < n; s++)
    if (s != me)
      deal->hands[s] = view->known[s] & view->unseen;
  for (guint i = 0, s = (me + 1) % n; i < n_cards; i++, s = (s + 1) % n)
    {
      if (s == me)
        s = (s + 1) % n;
      deal->hands[s] |= HEARTS_CARD_BIT (cards[i]);
    }
  return FALSE;
}
