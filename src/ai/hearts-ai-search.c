/* hearts-ai-search.c: playouts and the exact end of a deal, for the Hard player
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <string.h>

#include "hearts-ai-private.h"

void
hearts_ai_deal_costs (const HeartsDeal  *deal,
                      const HeartsRules *rules,
                      const gint        *totals,
                      gint              *costs)
{
  HeartsDealScore score;
  guint           n = deal->n_players;
  gint            sum = 0;

  hearts_deal_score (deal, rules, totals, &score);
  for (guint s = 0; s < n; s++)
    sum += score.points[s];
  for (guint s = 0; s < n; s++)
    costs[s] = (gint) n * score.points[s] - sum;
}

HeartsCards
hearts_ai_distinct_moves (const HeartsDeal  *deal,
                          const HeartsRules *rules,
                          HeartsCards        legal)
{
  /* Cards on the table still decide the trick, so only earlier tricks are gone. */
  HeartsCards gone = deal->played & ~(deal->trick_len > 0 ? deal->trick_cards : 0);
  HeartsCards special = HEARTS_AI_QS_BIT;
  HeartsCards keep = 0;

  if (rules->omnibus)
    special |= HEARTS_CARD_BIT (HEARTS_JACK_OF_DIAMONDS);

  for (guint s = 0; s < HEARTS_N_SUITS; s++)
    {
      HeartsCards mine = legal & HEARTS_SUIT_MASK (s);
      HeartsCard  card, prev = HEARTS_NO_CARD;

      HEARTS_CARDS_FOREACH (card, mine)
        {
          if (prev != HEARTS_NO_CARD && !(special & (HEARTS_CARD_BIT (card) | HEARTS_CARD_BIT (prev))))
            {
              HeartsCards between = (HEARTS_CARD_BIT (card) - 1) & ~((HEARTS_CARD_BIT (prev) << 1) - 1);

              if ((between & ~gone) == 0)
                {
                  prev = card;
                  continue;
                }
            }
          keep |= HEARTS_CARD_BIT (card);
          prev = card;
        }
    }
  return keep;
}

/* The exact search works on a small copy of what still matters: the hands, the trick
 * on the table and the point cards taken, about a hundred bytes a node. */
typedef struct
{
  HeartsCards hands[HEARTS_MAX_PLAYERS];
  HeartsCards taken[HEARTS_MAX_PLAYERS];
  HeartsCards trick;
  guint8      tricks_won[HEARTS_MAX_PLAYERS];
  guint8      turn;
  guint8      trick_len;
  guint8      lead_suit;
  guint8      win_seat;
  guint8      win_rank;
  guint8      hearts_broken;
} Node;

typedef struct
{
  const HeartsRules *rules;
  const gint        *totals;
  guint              n;
  HeartsCards        all_points; /* the hearts and the queen of this deck */
  HeartsCards        special;    /* cards that score differently from their neighbours */
  HeartsCards        qs_breaks;  /* the queen, when discarding it breaks hearts */
  HeartsCards        jack;       /* the J♦, when it scores */
  HeartsDeal         scratch;    /* for the engine's scoring of a moon */
} Solver;

static void
node_costs (Solver     *solver,
            const Node *node,
            gint       *costs)
{
  const HeartsRules *rules = solver->rules;
  guint              n = solver->n;
  gint               points[HEARTS_MAX_PLAYERS];
  gint               sum = 0;

  for (guint s = 0; s < n; s++)
    if ((node->taken[s] & solver->all_points) == solver->all_points)
      {
        /* A moon: the engine's own scoring settles the variants. */
        memcpy (solver->scratch.taken, node->taken, sizeof node->taken);
        memcpy (solver->scratch.tricks_won, node->tricks_won, sizeof node->tricks_won);
        hearts_ai_deal_costs (&solver->scratch, rules, solver->totals, costs);
        return;
      }

  for (guint s = 0; s < n; s++)
    {
      points[s] = hearts_cards_count (node->taken[s] & HEARTS_HEARTS_MASK) +
                  ((node->taken[s] & HEARTS_AI_QS_BIT) ? 13 : 0);
      if (node->taken[s] & solver->jack)
        points[s] += HEARTS_OMNIBUS_BONUS;
      if (rules->no_tricks_bonus && node->tricks_won[s] == 0)
        points[s] += HEARTS_NO_TRICKS_BONUS;
      sum += points[s];
    }
  for (guint s = 0; s < n; s++)
    costs[s] = (gint) n * points[s] - sum;
}

static void
node_play (const Solver *solver,
           Node         *node,
           HeartsCard    card)
{
  HeartsCards bit = HEARTS_CARD_BIT (card);
  guint       seat = node->turn;
  guint       suit = HEARTS_CARD_SUIT (card);
  guint       rank = HEARTS_CARD_RANK (card);

  node->hands[seat] &= ~bit;
  if (node->trick_len == 0)
    {
      node->lead_suit = suit;
      node->win_seat = seat;
      node->win_rank = rank;
    }
  else if (suit == node->lead_suit && rank > node->win_rank)
    {
      node->win_seat = seat;
      node->win_rank = rank;
    }
  node->trick |= bit;
  if (suit == HEARTS_SUIT_HEARTS || ((bit & solver->qs_breaks) && node->lead_suit != HEARTS_SUIT_SPADES))
    node->hearts_broken = TRUE;

  if (++node->trick_len < solver->n)
    {
      node->turn = seat + 1 == solver->n ? 0 : seat + 1;
      return;
    }
  node->taken[node->win_seat] |= node->trick;
  node->tricks_won[node->win_seat]++;
  node->turn = node->win_seat;
  node->trick = 0;
  node->trick_len = 0;
}

static HeartsCards
node_moves (const Solver *solver,
            const Node   *node)
{
  HeartsCards hand = node->hands[node->turn];
  HeartsCards legal, in_play = node->trick, keep = 0;

  if (node->trick_len == 0)
    {
      legal = hand;
      if (solver->rules->must_break_hearts && !node->hearts_broken && (hand & ~HEARTS_HEARTS_MASK))
        legal = hand & ~HEARTS_HEARTS_MASK;
    }
  else
    {
      legal = hand & HEARTS_SUIT_MASK (node->lead_suit);
      if (legal == 0)
        legal = hand;
    }

  /* Of neighbours with no card in play between them, only the lowest is tried. */
  for (guint s = 0; s < solver->n; s++)
    in_play |= node->hands[s];
  for (guint suit = 0; suit < HEARTS_N_SUITS; suit++)
    {
      HeartsCards mine = legal & HEARTS_SUIT_MASK (suit);
      HeartsCard  card, prev = HEARTS_NO_CARD;

      HEARTS_CARDS_FOREACH (card, mine)
        {
          if (prev == HEARTS_NO_CARD || ((HEARTS_CARD_BIT (card) | HEARTS_CARD_BIT (prev)) & solver->special) ||
              ((HEARTS_CARD_BIT (card) - 1) & ~((HEARTS_CARD_BIT (prev) << 1) - 1) & in_play) != 0)
            keep |= HEARTS_CARD_BIT (card);
          prev = card;
        }
    }
  return keep;
}

static HeartsCard
solve_node (Solver     *solver,
            const Node *node,
            guint       left,
            gint       *costs)
{
  guint       n = solver->n;
  guint       seat = node->turn;
  HeartsCards moves;
  HeartsCard  card, best_card = HEARTS_NO_CARD;
  gint        best[HEARTS_MAX_PLAYERS];

  /* On the last trick nobody has a choice. */
  if (node->trick_len + left == n)
    {
      Node last = *node;

      best_card = hearts_cards_lowest (last.hands[last.turn]);
      while (left-- > 0)
        node_play (solver, &last, hearts_cards_lowest (last.hands[last.turn]));
      node_costs (solver, &last, costs);
      return best_card;
    }

  moves = node_moves (solver, node);
  HEARTS_CARDS_FOREACH (card, moves)
    {
      Node child = *node;
      gint child_costs[HEARTS_MAX_PLAYERS];

      node_play (solver, &child, card);
      if (left == 1)
        node_costs (solver, &child, child_costs);
      else
        solve_node (solver, &child, left - 1, child_costs);

      if (best_card == HEARTS_NO_CARD || child_costs[seat] < best[seat])
        {
          best_card = card;
          memcpy (best, child_costs, n * sizeof (gint));
        }
    }

  memcpy (costs, best, n * sizeof (gint));
  return best_card;
}

HeartsCard
hearts_ai_solve (const HeartsDeal  *deal,
                 const HeartsRules *rules,
                 const gint        *totals,
                 gint              *costs)
{
  Solver solver;
  Node   node;
  guint  n = deal->n_players;

  g_assert (deal->phase == HEARTS_DEAL_PLAYING);
  /* The first trick has rules of its own: the search starts after it. */
  g_assert (deal->n_plays >= n);

  solver.rules = rules;
  solver.totals = totals;
  solver.n = n;
  solver.all_points = HEARTS_POINT_CARDS & hearts_rules_get_deck (rules);
  solver.jack = rules->omnibus ? HEARTS_CARD_BIT (HEARTS_JACK_OF_DIAMONDS) : 0;
  solver.special = HEARTS_AI_QS_BIT | solver.jack;
  solver.qs_breaks = rules->queen_breaks_hearts ? HEARTS_AI_QS_BIT : 0;
  memset (&solver.scratch, 0, sizeof solver.scratch);
  solver.scratch.n_players = n;
  solver.scratch.phase = HEARTS_DEAL_DONE;

  memset (&node, 0, sizeof node);
  memcpy (node.hands, deal->hands, sizeof node.hands);
  memcpy (node.taken, deal->taken, sizeof node.taken);
  memcpy (node.tricks_won, deal->tricks_won, sizeof node.tricks_won);
  node.trick = deal->trick_len > 0 ? deal->trick_cards : 0;
  node.turn = deal->turn;
  node.trick_len = deal->trick_len;
  node.lead_suit = deal->lead_suit;
  node.win_seat = deal->win_seat;
  node.win_rank = deal->win_rank;
  node.hearts_broken = deal->hearts_broken;

  return solve_node (&solver, &node, n * deal->hand_size - deal->n_plays, costs);
}

void
hearts_ai_playout (HeartsDeal        *deal,
                   const HeartsRules *rules,
                   const gint        *totals,
                   guint              exact_cards,
                   gint              *costs)
{
  guint             total = deal->n_players * deal->hand_size;
  HeartsCards       start[HEARTS_MAX_PLAYERS];
  HeartsAiSituation sit;

  /* Each seat plays as the Normal player would, moon plans included. */
  memcpy (start, deal->hands, sizeof start);
  for (guint i = 0; i < deal->n_plays; i++)
    start[hearts_deal_get_play_seat (deal, i)] |= HEARTS_CARD_BIT (deal->plays[i]);

  while (deal->phase == HEARTS_DEAL_PLAYING)
    {
      if (total - deal->n_plays <= exact_cards)
        {
          hearts_ai_solve (deal, rules, totals, costs);
          return;
        }
      hearts_ai_situation_from_deal (&sit, rules, deal, start);
      hearts_deal_play_unchecked (deal, rules, hearts_ai_policy_play (&sit, &hearts_ai_style_model));
    }
  hearts_ai_deal_costs (deal, rules, totals, costs);
}
