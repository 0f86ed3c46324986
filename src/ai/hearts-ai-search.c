/* hearts-ai-search.c: playouts and the exact end of a deal, for the Hard player
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <string.h>

#include "hearts-ai-private.h"

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
 * on the table and the points taken so far, about a hundred bytes a node. */
typedef struct
{
  HeartsCards hands[HEARTS_MAX_PLAYERS];
  HeartsCards trick;
  guint8      moon_points[HEARTS_MAX_PLAYERS]; /* hearts and the queen taken, as 1 and 13 */
  guint8      tricks_won[HEARTS_MAX_PLAYERS];
  gint8       jack_seat; /* who took the scoring J♦, or -1 */
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
  guint              moon_total; /* moon points in the deck: every heart and the queen */
  HeartsCards        all_points; /* the hearts and the queen of this deck */
  HeartsCards        special;    /* cards that score differently from their neighbours */
  HeartsCards        qs_breaks;  /* the queen, when discarding it breaks hearts */
  HeartsCards        jack;       /* the J♦, when it scores */
  HeartsDeal         scratch;    /* for the engine's scoring of a moon */
  guint              nodes;      /* cards played in the search, the measure of its work */
} Solver;

static inline guint
moon_points_of (HeartsCards cards)
{
  return hearts_cards_count (cards & HEARTS_HEARTS_MASK) + ((cards & HEARTS_AI_QS_BIT) ? 13 : 0);
}

static void
outcome_from_score (const HeartsDealScore *score,
                    guint                  n,
                    HeartsAiOutcome       *out)
{
  gint sum = 0;

  for (guint s = 0; s < n; s++)
    sum += score->points[s];
  for (guint s = 0; s < n; s++)
    out->costs[s] = (gint) n * score->points[s] - sum;
  out->shooter = score->shooter;
}

void
hearts_ai_deal_outcome (const HeartsDeal  *deal,
                        const HeartsRules *rules,
                        const gint        *totals,
                        HeartsAiOutcome   *out)
{
  HeartsDealScore score;

  hearts_deal_score (deal, rules, totals, &score);
  outcome_from_score (&score, deal->n_players, out);
}

/* The same numbers as hearts_ai_deal_outcome() of the finished deal. */
static void
node_outcome (Solver          *solver,
              const Node      *node,
              HeartsAiOutcome *out)
{
  const HeartsRules *rules = solver->rules;
  guint              n = solver->n;
  gint               points[HEARTS_MAX_PLAYERS];
  gint               sum = 0;

  for (guint s = 0; s < n; s++)
    if (node->moon_points[s] == solver->moon_total)
      {
        HeartsDealScore score;

        /* A moon: the engine's own scoring settles the variants. */
        memset (solver->scratch.taken, 0, sizeof solver->scratch.taken);
        solver->scratch.taken[s] = solver->all_points;
        if (node->jack_seat >= 0)
          solver->scratch.taken[node->jack_seat] |= solver->jack;
        memcpy (solver->scratch.tricks_won, node->tricks_won, sizeof node->tricks_won);
        hearts_deal_score (&solver->scratch, rules, solver->totals, &score);
        outcome_from_score (&score, n, out);
        return;
      }

  for (guint s = 0; s < n; s++)
    {
      points[s] = node->moon_points[s];
      if (node->jack_seat == (gint) s)
        points[s] += HEARTS_OMNIBUS_BONUS;
      if (rules->no_tricks_bonus && node->tricks_won[s] == 0)
        points[s] += HEARTS_NO_TRICKS_BONUS;
      sum += points[s];
    }
  for (guint s = 0; s < n; s++)
    out->costs[s] = (gint) n * points[s] - sum;
  out->shooter = -1;
}

static void
node_play (Solver    *solver,
           Node      *node,
           HeartsCard card)
{
  HeartsCards bit = HEARTS_CARD_BIT (card);
  guint       seat = node->turn;
  guint       suit = HEARTS_CARD_SUIT (card);
  guint       rank = HEARTS_CARD_RANK (card);

  solver->nodes++;
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
  node->moon_points[node->win_seat] += moon_points_of (node->trick);
  if (node->trick & solver->jack)
    node->jack_seat = node->win_seat;
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
solve_node (Solver          *solver,
            const Node      *node,
            guint            left,
            HeartsAiOutcome *out)
{
  guint           seat = node->turn;
  HeartsCards     moves;
  HeartsCard      card, best_card = HEARTS_NO_CARD;
  HeartsAiOutcome best;

  /* On the last trick nobody has a choice. */
  if (node->trick_len + left == solver->n)
    {
      Node last = *node;

      best_card = hearts_cards_lowest (last.hands[last.turn]);
      while (left-- > 0)
        node_play (solver, &last, hearts_cards_lowest (last.hands[last.turn]));
      node_outcome (solver, &last, out);
      return best_card;
    }

  moves = node_moves (solver, node);
  HEARTS_CARDS_FOREACH (card, moves)
    {
      Node            child = *node;
      HeartsAiOutcome child_out;

      node_play (solver, &child, card);
      if (left == 1)
        node_outcome (solver, &child, &child_out);
      else
        solve_node (solver, &child, left - 1, &child_out);

      if (best_card == HEARTS_NO_CARD || child_out.costs[seat] < best.costs[seat])
        {
          best_card = card;
          best = child_out;
        }
    }

  *out = best;
  return best_card;
}

HeartsCard
hearts_ai_solve (const HeartsDeal  *deal,
                 const HeartsRules *rules,
                 const gint        *totals,
                 HeartsAiOutcome   *out,
                 guint             *work)
{
  Solver     solver;
  Node       node;
  guint      n = deal->n_players;
  HeartsCard card;

  g_assert (deal->phase == HEARTS_DEAL_PLAYING);
  /* The first trick has rules of its own: the search starts after it. */
  g_assert (deal->n_plays >= n);

  solver.rules = rules;
  solver.totals = totals;
  solver.n = n;
  solver.all_points = HEARTS_POINT_CARDS & hearts_rules_get_deck (rules);
  solver.moon_total = moon_points_of (solver.all_points);
  solver.jack = rules->omnibus ? HEARTS_CARD_BIT (HEARTS_JACK_OF_DIAMONDS) : 0;
  solver.special = HEARTS_AI_QS_BIT | solver.jack;
  solver.qs_breaks = rules->queen_breaks_hearts ? HEARTS_AI_QS_BIT : 0;
  solver.nodes = 0;
  memset (&solver.scratch, 0, sizeof solver.scratch);
  solver.scratch.n_players = n;
  solver.scratch.hand_size = deal->hand_size;
  solver.scratch.n_plays = n * deal->hand_size;
  solver.scratch.phase = HEARTS_DEAL_DONE;

  memset (&node, 0, sizeof node);
  memcpy (node.hands, deal->hands, sizeof node.hands);
  node.jack_seat = -1;
  for (guint s = 0; s < n; s++)
    {
      node.moon_points[s] = moon_points_of (deal->taken[s]);
      if (deal->taken[s] & solver.jack)
        node.jack_seat = s;
    }
  memcpy (node.tricks_won, deal->tricks_won, sizeof node.tricks_won);
  node.trick = deal->trick_len > 0 ? deal->trick_cards : 0;
  node.turn = deal->turn;
  node.trick_len = deal->trick_len;
  node.lead_suit = deal->lead_suit;
  node.win_seat = deal->win_seat;
  node.win_rank = deal->win_rank;
  node.hearts_broken = deal->hearts_broken;

  card = solve_node (&solver, &node, n * deal->hand_size - deal->n_plays, out);
  if (work != NULL)
    *work += solver.nodes;
  return card;
}

/* Leaves the seat to play only what it could see of the others' hands: the cards out,
 * less the suits each has shown void in. */
static void
blind (HeartsAiSituation *sit,
       const HeartsDeal  *deal)
{
  guint       n = deal->n_players;
  HeartsCards voids[HEARTS_MAX_PLAYERS] = { 0 };

  for (guint i = 0; i < deal->n_plays; i++)
    {
      HeartsCard lead = deal->plays[i - i % n];
      HeartsCard card = deal->plays[i];

      if (HEARTS_CARD_SUIT (card) != HEARTS_CARD_SUIT (lead))
        voids[hearts_deal_get_play_seat (deal, i)] |= HEARTS_SUIT_MASK (HEARTS_CARD_SUIT (lead));
    }
  for (guint s = 0; s < n; s++)
    if (s != sit->seat)
      {
        sit->must[s] = 0;
        sit->may[s] = sit->out & ~voids[s];
      }
}

guint
hearts_ai_playout (HeartsDeal          *deal,
                   const HeartsRules   *rules,
                   const gint          *totals,
                   guint                exact_cards,
                   const HeartsAiStyle *style,
                   guint                shooters,
                   HeartsAiOutcome     *out)
{
  guint             work = 0;
  guint             total = deal->n_players * deal->hand_size;
  HeartsCards       start[HEARTS_MAX_PLAYERS];
  HeartsAiSituation sit;

  /* Each seat plays as the Normal player would, moon plans included; the shooters go
   * for the moon for as long as nobody else has a point. */
  memcpy (start, deal->hands, sizeof start);
  for (guint i = 0; i < deal->n_plays; i++)
    start[hearts_deal_get_play_seat (deal, i)] |= HEARTS_CARD_BIT (deal->plays[i]);

  while (deal->phase == HEARTS_DEAL_PLAYING)
    {
      if (total - deal->n_plays <= exact_cards && deal->n_plays >= deal->n_players)
        {
          hearts_ai_solve (deal, rules, totals, out, &work);
          return work;
        }
      work += HEARTS_AI_POLICY_WORK;
      hearts_ai_situation_from_deal (&sit, rules, deal, start);
      /* A shooter plays from what it could see, not from the sampled hands: a plan
       * that relies on knowing where the cards are is not one it could carry out. */
      if ((shooters >> deal->turn) & 1)
        blind (&sit, deal);
      hearts_deal_play_unchecked (deal, rules,
                                  hearts_ai_policy_play (&sit, (shooters >> deal->turn) & 1 ? &hearts_ai_style_shooter
                                                                                            : style));
    }
  hearts_ai_deal_outcome (deal, rules, totals, out);
  return work;
}
