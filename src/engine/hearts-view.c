/* hearts-view.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "hearts-view.h"

#include <string.h>

void
hearts_view_init (HeartsView        *view,
                  const HeartsRules *rules,
                  const HeartsDeal  *deal,
                  guint              seat,
                  guint              hand_index,
                  const gint        *totals)
{
  guint       n = deal->n_players;
  guint       from = hearts_rules_pass_source (rules, deal->pass, seat);
  guint       to = hearts_rules_pass_target (rules, deal->pass, seat);
  HeartsCards received = hearts_deal_get_received (deal, rules, seat);

  memset (view, 0, sizeof *view);
  view->rules = *rules;
  view->seat = seat;
  view->hand_index = hand_index;
  if (totals != NULL)
    memcpy (view->totals, totals, n * sizeof (gint));

  view->deal = *deal;
  for (guint s = 0; s < n; s++)
    {
      if (s == seat)
        continue;
      view->deal.hands[s] = 0;
      view->deal.dealt[s] = 0;
      view->deal.passes[s] = (s == from && received) ? received : 0;
    }

  view->unseen = hearts_rules_get_deck (rules) & ~deal->played & ~deal->hands[seat];
  if (deal->pass != HEARTS_PASS_HOLD && (deal->passed & (1u << seat)) && to != seat)
    view->known[to] = deal->passes[seat] & ~deal->played;

  /* A player who did not follow suit has shown a void. */
  for (guint i = 0; i < deal->n_plays; i++)
    {
      HeartsCard lead = deal->plays[i - i % n];
      HeartsCard card = deal->plays[i];

      if (HEARTS_CARD_SUIT (card) != HEARTS_CARD_SUIT (lead))
        view->voids[hearts_deal_get_play_seat (deal, i)] |= HEARTS_SUIT_MASK (HEARTS_CARD_SUIT (lead));
    }
}

guint
hearts_view_get_hand_count (const HeartsView *view,
                            guint             other)
{
  const HeartsDeal *deal = &view->deal;
  guint             n = deal->n_players;
  guint             full = (deal->n_plays - deal->trick_len) / n;
  guint             pos = (other + n - deal->leader) % n;
  guint             count = deal->hand_size - full - (pos < deal->trick_len ? 1 : 0);

  if (deal->phase == HEARTS_DEAL_PASSING && deal->pass != HEARTS_PASS_HOLD)
    {
      if (deal->passed & (1u << other))
        count -= HEARTS_PASS_SIZE;
      if (deal->received & (1u << other))
        count += HEARTS_PASS_SIZE;
    }
  return count;
}
