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

/* What follows from the deal and the seat's own cards, as hearts_view_init() sets it. */
static void
derive (HeartsView *view)
{
  const HeartsDeal *deal = &view->deal;
  guint             to = hearts_rules_pass_target (&view->rules, deal->pass, view->seat);

  view->unseen = hearts_rules_get_deck (&view->rules) & ~deal->played & ~deal->hands[view->seat];
  memset (view->known, 0, sizeof view->known);
  if (deal->pass != HEARTS_PASS_HOLD && (deal->passed & (1u << view->seat)) && to != view->seat)
    view->known[to] = deal->passes[view->seat] & ~deal->played;
}

gboolean
hearts_view_start (HeartsView         *view,
                   const HeartsRules  *rules,
                   guint               seat,
                   guint               hand_index,
                   const gint         *totals,
                   guint               dealer,
                   HeartsPassDirection pass,
                   HeartsCards         hand,
                   gint                leader)
{
  guint n = rules->n_players;

  if (hearts_rules_check (rules) != NULL || seat >= n || dealer >= n || (guint) pass > HEARTS_PASS_HOLD ||
      (pass == HEARTS_PASS_ACROSS && n != 4) ||
      hearts_cards_count (hand) != hearts_rules_get_hand_size (rules) ||
      (hand & ~hearts_rules_get_deck (rules)) != 0 ||
      (pass == HEARTS_PASS_HOLD && (leader < 0 || (guint) leader >= n)) ||
      (pass != HEARTS_PASS_HOLD && leader != -1))
    return FALSE;

  memset (view, 0, sizeof *view);
  view->rules = *rules;
  view->seat = seat;
  view->hand_index = hand_index;
  if (totals != NULL)
    memcpy (view->totals, totals, n * sizeof (gint));

  view->deal.n_players = n;
  view->deal.hand_size = hearts_rules_get_hand_size (rules);
  view->deal.dealer = dealer;
  view->deal.pass = pass;
  view->deal.dealt[seat] = view->deal.hands[seat] = hand;
  if (pass == HEARTS_PASS_HOLD)
    {
      view->deal.phase = HEARTS_DEAL_PLAYING;
      view->deal.leader = view->deal.turn = view->deal.trick_leaders[0] = leader;
    }
  else
    view->deal.phase = HEARTS_DEAL_PASSING;
  derive (view);
  return TRUE;
}

/* hearts_deal_pass()'s pick-up, for a seat whose cards the view may not see. */
static gboolean
pick_up (HeartsView  *view,
         guint        seat,
         HeartsCards  received)
{
  HeartsDeal *deal = &view->deal;
  guint       from = hearts_rules_pass_source (&view->rules, deal->pass, seat);
  guint       both = (1u << seat) | (1u << from);

  if ((deal->passed & both) != both || (deal->received & (1u << seat)) != 0)
    return TRUE;
  if (seat == view->seat)
    {
      if (hearts_cards_count (received) != HEARTS_PASS_SIZE ||
          (received & (deal->hands[seat] | deal->passes[seat] | ~hearts_rules_get_deck (&view->rules))) != 0)
        return FALSE;
      deal->hands[seat] |= received;
      deal->passes[from] = received;
    }
  deal->received |= 1u << seat;
  return TRUE;
}

gboolean
hearts_view_pass (HeartsView *view,
                  guint       seat,
                  HeartsCards cards,
                  HeartsCards received,
                  gint        leader)
{
  HeartsView  next = *view;
  HeartsDeal *deal = &next.deal;
  guint       all = (1u << deal->n_players) - 1;
  guint       mine = view->seat;

  if (deal->phase != HEARTS_DEAL_PASSING || seat >= deal->n_players || (deal->passed & (1u << seat)))
    return FALSE;
  if (seat == mine)
    {
      if (hearts_cards_count (cards) != HEARTS_PASS_SIZE || (cards & ~deal->hands[mine]) != 0)
        return FALSE;
      deal->hands[mine] &= ~cards;
      deal->passes[mine] = cards;
    }
  else if (cards != 0)
    return FALSE;
  deal->passed |= 1u << seat;

  /* Only the view's own pick-up brings cards; it happens with its pass or its source's. */
  if ((deal->received & (1u << mine)) == 0 && (deal->passed & (1u << mine)) &&
      (deal->passed & (1u << hearts_rules_pass_source (&next.rules, deal->pass, mine))))
    {
      if (!pick_up (&next, mine, received))
        return FALSE;
    }
  else if (received != 0)
    return FALSE;
  pick_up (&next, seat, 0);
  pick_up (&next, hearts_rules_pass_target (&next.rules, deal->pass, seat), 0);

  if (deal->passed == all)
    {
      /* The opening card's holder leads: the view knows it only if it is its own. */
      HeartsCard opening = hearts_cards_lowest (hearts_rules_get_deck (&next.rules) & HEARTS_SUIT_MASK (HEARTS_SUIT_CLUBS));

      if (leader < 0 || (guint) leader >= deal->n_players ||
          hearts_cards_has (deal->hands[mine], opening) != ((guint) leader == mine))
        return FALSE;
      deal->phase = HEARTS_DEAL_PLAYING;
      deal->leader = deal->turn = deal->trick_leaders[0] = leader;
      deal->trick_len = 0;
    }
  else if (leader != -1)
    return FALSE;

  derive (&next);
  *view = next;
  return TRUE;
}

gboolean
hearts_view_play (HeartsView *view,
                  guint       seat,
                  HeartsCard  card)
{
  HeartsDeal *deal = &view->deal;
  HeartsCards bit = HEARTS_CARD_BIT (card);
  gboolean    leads = deal->trick_len == 0;
  guint       lead_suit = deal->lead_suit;

  if (deal->phase != HEARTS_DEAL_PLAYING || seat != deal->turn || !hearts_card_is_valid (card))
    return FALSE;
  if (seat == view->seat)
    {
      if (!hearts_cards_has (hearts_deal_get_legal (deal, &view->rules), card))
        return FALSE;
    }
  else
    {
      /* Another seat's card was one the view could not see, and one that seat may still
       * hold: not in a suit it has shown void in. */
      if (!hearts_cards_has (view->unseen, card) || hearts_cards_has (view->voids[seat], card))
        return FALSE;
      deal->hands[seat] |= bit;
    }

  hearts_deal_play_unchecked (deal, &view->rules, card);
  if (!leads && HEARTS_CARD_SUIT (card) != lead_suit)
    view->voids[seat] |= HEARTS_SUIT_MASK (lead_suit);
  derive (view);
  return TRUE;
}

HeartsCards
hearts_view_get_received (const HeartsView *view)
{
  return hearts_deal_get_received (&view->deal, &view->rules, view->seat);
}
