/* hearts-ai-policy.c: the heuristic card play of the Normal player and of the playouts
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <string.h>

#include "hearts-ai-private.h"

#define SUIT(s) HEARTS_SUIT_MASK (s)
#define HEARTS  HEARTS_HEARTS_MASK
#define SPADES  HEARTS_AI_SPADES_MASK
#define QS      HEARTS_QUEEN_OF_SPADES
#define QS_BIT  HEARTS_AI_QS_BIT

const HeartsAiStyle hearts_ai_style_normal = {
  .moon_defense = TRUE,
  .moon_attack = TRUE,
  .moon_plan = TRUE,
  .moon_watch = TRUE,
};

const HeartsAiStyle hearts_ai_style_model = {
  .moon_defense = TRUE,
  .moon_attack = TRUE,
  .moon_plan = TRUE,
};

const HeartsAiStyle hearts_ai_style_playout = {
  .moon_defense = TRUE,
  .moon_attack = TRUE,
  .moon_plan = TRUE,
  .moon_bold = TRUE,
  .moon_watch = TRUE,
};

const HeartsAiStyle hearts_ai_style_alert = {
  .moon_defense = TRUE,
  .moon_attack = TRUE,
  .moon_plan = TRUE,
  .moon_bold = TRUE,
  .moon_alert = TRUE,
};

const HeartsAiStyle hearts_ai_style_shooter = {
  .moon_defense = TRUE,
  .moon_attack = TRUE,
  .moon_plan = TRUE,
  .moon_always = TRUE,
  .moon_watch = TRUE,
};

/* What the whole decision needs to know about the table, worked out once. */
typedef struct
{
  const HeartsAiSituation *sit;
  const HeartsAiStyle     *style;
  guint                    me;
  guint                    n;
  HeartsCards              qs_out;    /* QS_BIT when another seat holds the Q♠ */
  gint                     runner;    /* seat taking every point so far, or -1 */
  gboolean                 shooting;  /* this seat goes for the moon */
  gboolean                 defending; /* another seat is on its way to the moon */
} Ctx;

static inline HeartsCards
cards_below (HeartsCard card)
{
  return SUIT (HEARTS_CARD_SUIT (card)) & (HEARTS_CARD_BIT (card) - 1);
}

static inline HeartsCards
cards_above (HeartsCard card)
{
  return SUIT (HEARTS_CARD_SUIT (card)) & ~((HEARTS_CARD_BIT (card) << 1) - 1);
}

static inline guint
seat_after (const Ctx *ctx,
            guint      seat,
            guint      k)
{
  return (seat + k) % ctx->n;
}

/* The filling of the situation */

void
hearts_ai_situation_from_view (HeartsAiSituation *sit,
                               const HeartsView  *view)
{
  const HeartsDeal *deal = &view->deal;
  guint             n = deal->n_players;
  HeartsCards       known = 0;

  memset (sit, 0, sizeof *sit);
  sit->rules = &view->rules;
  sit->n_players = n;
  sit->seat = view->seat;
  sit->trick_len = deal->trick_len;
  sit->leader = deal->leader;
  sit->first_trick = deal->n_plays < n;
  sit->hearts_broken = deal->hearts_broken;
  sit->tricks_left = deal->hand_size - (deal->n_plays - deal->trick_len) / n;
  for (guint i = 0; i < deal->trick_len; i++)
    sit->trick[i] = deal->plays[deal->n_plays - deal->trick_len + i];
  sit->hand = deal->hands[view->seat];
  sit->start_hand = sit->hand;
  for (guint i = 0; i < deal->n_plays; i++)
    if (hearts_deal_get_play_seat (deal, i) == view->seat)
      sit->start_hand |= HEARTS_CARD_BIT (deal->plays[i]);
  sit->legal = hearts_deal_get_legal (deal, &view->rules);
  sit->played = deal->played;
  sit->out = view->unseen;

  for (guint s = 0; s < n; s++)
    known |= view->known[s] & ~deal->played;

  for (guint s = 0; s < n; s++)
    {
      sit->taken[s] = deal->taken[s];
      if (s == view->seat)
        {
          sit->counts[s] = hearts_cards_count (sit->hand);
          continue;
        }
      sit->counts[s] = hearts_view_get_hand_count (view, s);
      sit->must[s] = view->known[s] & ~deal->played;
      sit->may[s] = (sit->out & ~known & ~view->voids[s]) | sit->must[s];
      if (sit->counts[s] <= hearts_cards_count (sit->must[s]))
        sit->may[s] = sit->must[s];
    }
}

void
hearts_ai_situation_from_deal (HeartsAiSituation *sit,
                               const HeartsRules *rules,
                               const HeartsDeal  *deal,
                               const HeartsCards *start_hands)
{
  guint n = deal->n_players;
  guint me = deal->turn;

  sit->rules = rules;
  sit->n_players = n;
  sit->seat = me;
  sit->trick_len = deal->trick_len;
  sit->leader = deal->leader;
  sit->first_trick = deal->n_plays < n;
  sit->hearts_broken = deal->hearts_broken;
  sit->tricks_left = deal->hand_size - (deal->n_plays - deal->trick_len) / n;
  for (guint i = 0; i < deal->trick_len; i++)
    sit->trick[i] = deal->plays[deal->n_plays - deal->trick_len + i];
  sit->hand = deal->hands[me];
  sit->start_hand = start_hands != NULL ? start_hands[me] : 0;
  sit->legal = hearts_deal_get_legal (deal, rules);
  sit->played = deal->played;
  sit->out = 0;
  for (guint s = 0; s < n; s++)
    {
      HeartsCards h = s == me ? 0 : deal->hands[s];

      sit->out |= h;
      sit->may[s] = sit->must[s] = h;
      sit->counts[s] = hearts_cards_count (deal->hands[s]);
      sit->taken[s] = deal->taken[s];
    }
}

/* Moons */

gint
hearts_ai_moon_runner (const HeartsAiSituation *sit)
{
  HeartsCards all = 0;

  for (guint s = 0; s < sit->n_players; s++)
    all |= sit->taken[s] & HEARTS_POINT_CARDS;
  if (all == 0)
    return -1;
  for (guint s = 0; s < sit->n_players; s++)
    if ((sit->taken[s] & HEARTS_POINT_CARDS) == all)
      return s;
  return -1;
}

gboolean
hearts_ai_moon_hand (HeartsCards hand)
{
  guint losers = 0;

  if (!hearts_cards_has (hand, HEARTS_CARD (HEARTS_SUIT_HEARTS, HEARTS_RANK_ACE)))
    return FALSE;
  /* The losing-trick count: the top three places of each suit less its A, K and Q. */
  for (guint s = 0; s < HEARTS_N_SUITS; s++)
    {
      HeartsCards mine = hand & SUIT (s);
      guint       places = MIN (hearts_cards_count (mine), 3);

      for (guint i = 0; i < places; i++)
        if (!hearts_cards_has (mine, HEARTS_CARD (s, HEARTS_RANK_ACE - i)))
          losers++;
    }
  /* Bolder plans pay against the Normal player's own defence but lose against players
   * who break a moon by chance; three losers and the ace of hearts is the balance. */
  return losers <= 3;
}

guint
hearts_ai_moon_losers (HeartsCards hand,
                       HeartsCards out)
{
  guint losers = 0;

  /* The losing-trick count against the cards still out: of each suit's top three
   * places, those where more cards out rank above than the place can outlast. */
  for (guint s = 0; s < HEARTS_N_SUITS; s++)
    {
      HeartsCards mine = hand & SUIT (s);
      guint       places = MIN (hearts_cards_count (mine), 3);

      for (guint i = 0; i < places; i++)
        {
          HeartsCard top = hearts_cards_highest (mine);

          if (hearts_cards_count (out & cards_above (top)) > i)
            losers++;
          mine &= ~HEARTS_CARD_BIT (top);
        }
    }
  return losers;
}

static guint
moon_points (HeartsCards taken)
{
  return hearts_cards_count (taken & HEARTS) + ((taken & QS_BIT) ? 13 : 0);
}

/* Cards of the hand that another seat could beat in their suit. */
static guint
count_losers (const HeartsAiSituation *sit)
{
  guint losers = 0;

  for (guint s = 0; s < HEARTS_N_SUITS; s++)
    {
      HeartsCards mine = sit->hand & SUIT (s);
      HeartsCards theirs = sit->out & SUIT (s);
      HeartsCard  c;

      HEARTS_CARDS_FOREACH (c, mine)
        if (theirs & cards_above (c))
          losers++;
    }
  return losers;
}

static gboolean
moon_is_on (const HeartsAiSituation *sit,
            const HeartsAiStyle     *style,
            guint                    points)
{
  /* Every card out must be beaten, bar perhaps one small loser when few points wait. */
  guint losers = count_losers (sit);

  if (points >= 16 && losers == 0)
    return TRUE;
  if (points >= 20 && losers <= 1 && sit->tricks_left <= 6)
    return TRUE;
  if (style->moon_bold && points > 0)
    {
      /* In a playout a runner goes on with a hand that may make it, or once it has
       * shown it is going for it (it wins most tricks). */
      guint won = hearts_cards_count (sit->taken[sit->seat]) / sit->n_players;
      guint done = (hearts_cards_count (sit->played) - sit->trick_len) / sit->n_players;

      if (losers <= 2 || (won >= 2 && won * 3 >= done * 2))
        return TRUE;
    }
  return FALSE;
}

/* Cards of @runner's that another seat could beat, when its hand is known (in a
 * playout, where every hand is), else G_MAXUINT. */
static guint
runner_losers (const HeartsAiSituation *sit,
               guint                    runner)
{
  HeartsCards hand = sit->must[runner];
  HeartsCards others = 0;
  guint       losers = 0;

  if (hearts_cards_count (hand) < sit->counts[runner])
    return G_MAXUINT;
  for (guint s = 0; s < sit->n_players; s++)
    if (s != runner)
      others |= s == sit->seat ? sit->hand : sit->must[s];
  for (guint suit = 0; suit < HEARTS_N_SUITS; suit++)
    {
      HeartsCard c;

      HEARTS_CARDS_FOREACH (c, hand & SUIT (suit))
        if (others & cards_above (c))
          losers++;
    }
  return losers;
}

static gboolean
moon_is_threat (const Ctx *ctx,
                guint      runner)
{
  const HeartsAiSituation *sit = ctx->sit;
  guint                    points = moon_points (sit->taken[runner]);
  guint                    hearts_taken = hearts_cards_count (sit->taken[runner] & HEARTS);

  if ((sit->played & QS_BIT) && !(sit->taken[runner] & QS_BIT))
    return FALSE; /* the queen went in a trick that was not the runner's: impossible, but safe */
  if (ctx->style->moon_alert && points > 0)
    return TRUE;
  guint won = hearts_cards_count (sit->taken[runner]) / ctx->n;
  guint done = (hearts_cards_count (sit->played) - sit->trick_len) / ctx->n;

  if (points >= 16)
    return TRUE;
  if (hearts_taken >= 6)
    return TRUE;
  if (points >= 13 && sit->tricks_left <= 7)
    return TRUE;
  if (points >= 5 && sit->tricks_left <= 4)
    return TRUE;
  /* A runner that wins most tricks is playing for the moon. */
  if (ctx->style->moon_watch && points > 0 && won >= 3 && won * 4 >= done * 3)
    return TRUE;
  if (ctx->style->moon_bold)
    {
      /* In a playout the defence is quicker: a point costs less than a moon. */
      if (points > 0 && won >= 2 && won * 3 >= done * 2)
        return TRUE;
      if (points > 0 && runner_losers (sit, runner) <= 2)
        return TRUE;
    }
  return FALSE;
}

/* Trick state */

static gint
trick_points (const Ctx *ctx)
{
  const HeartsAiSituation *sit = ctx->sit;
  HeartsCards              cards = 0;

  for (guint i = 0; i < sit->trick_len; i++)
    cards |= HEARTS_CARD_BIT (sit->trick[i]);
  return hearts_cards_points (cards, sit->rules);
}

static HeartsCard
trick_winner_card (const HeartsAiSituation *sit,
                   guint                   *pos)
{
  HeartsCard best = sit->trick[0];

  *pos = 0;
  for (guint i = 1; i < sit->trick_len; i++)
    if (HEARTS_CARD_SUIT (sit->trick[i]) == HEARTS_CARD_SUIT (best) && sit->trick[i] > best)
      {
        best = sit->trick[i];
        *pos = i;
      }
  return best;
}

/* Cards the seats still to play to this trick may hold, and whether one of them may be
 * out of the suit led (and so free to drop points). */
static HeartsCards
later_cards (const Ctx   *ctx,
             HeartsSuit   suit,
             gboolean    *void_risk,
             HeartsCards *dump)
{
  const HeartsAiSituation *sit = ctx->sit;
  HeartsCards              later = 0;

  *void_risk = FALSE;
  *dump = 0;
  for (guint k = sit->trick_len + 1; k < ctx->n; k++)
    {
      guint q = seat_after (ctx, sit->leader, k);

      later |= sit->may[q];
      if ((sit->may[q] & SUIT (suit)) == 0)
        {
          *void_risk = TRUE;
          *dump |= sit->may[q] & HEARTS_POINT_CARDS;
        }
    }
  return later;
}

/* Leading */

static double
lead_cost (const Ctx *ctx,
           HeartsCard card)
{
  const HeartsAiSituation *sit = ctx->sit;
  HeartsSuit               suit = HEARTS_CARD_SUIT (card);
  HeartsCards              theirs = sit->out & SUIT (suit);
  guint                    n_higher = hearts_cards_count (theirs & cards_above (card));
  guint                    n_lower = hearts_cards_count (theirs & cards_below (card));
  guint                    n_follow = 0, n_void = 0, n_may_qs = 0, n_void_qs = 0;
  double                   p_win, points = 0, cost;
  HeartsCards              dump = 0;

  for (guint q = 0; q < ctx->n; q++)
    {
      if (q == ctx->me || sit->counts[q] == 0)
        continue;
      if (sit->may[q] & QS_BIT)
        n_may_qs++;
      if (sit->may[q] & SUIT (suit))
        n_follow++;
      else
        {
          n_void++;
          dump |= sit->may[q];
          if (sit->may[q] & QS_BIT)
            n_void_qs++;
        }
    }

  if (n_higher == 0)
    p_win = 1.0;
  else if (n_lower == 0)
    p_win = 0.0;
  else
    p_win = (double) n_lower / (n_lower + n_higher + 1.0);

  if (suit == HEARTS_SUIT_HEARTS)
    points += 1 + n_follow;
  if (card == QS)
    points += 13;
  /* A player out of the suit drops its worst card on the winner. */
  if (n_void_qs > 0)
    points += 13.0 * n_void_qs / n_may_qs;
  if (dump & HEARTS)
    points += 1.5 * n_void;
  else
    points += 0.3 * n_void;
  if (suit == HEARTS_SUIT_SPADES && ctx->qs_out && card > QS)
    points += 13 * 0.5;

  cost = p_win * points;

  if (suit == HEARTS_SUIT_SPADES)
    {
      if (sit->hand & QS_BIT)
        cost += card == QS ? 0 : 2.0;
      else if (ctx->qs_out && card < QS)
        cost -= (sit->hand & (SPADES & ~cards_below (QS) & ~QS_BIT)) ? 0.6 : 1.5;
    }

  /* Leading a short suit works towards a void; low ranks keep the lead safe. */
  if (hearts_cards_count (sit->hand & SUIT (suit)) <= 2 && p_win < 0.5)
    cost -= 0.3;
  cost += HEARTS_CARD_RANK (card) * 0.02;
  return cost;
}

static HeartsCard
lead_moon (const Ctx *ctx)
{
  const HeartsAiSituation *sit = ctx->sit;
  HeartsCard               best = HEARTS_NO_CARD;
  gint                     best_score = G_MININT;

  /* Cash the cards nobody can beat; hearts last, once the others have run out of tops. */
  for (guint s = 0; s < HEARTS_N_SUITS; s++)
    {
      HeartsCards mine = sit->legal & SUIT (s);
      HeartsCard  top;
      gint        score;

      if (mine == 0)
        continue;
      top = hearts_cards_highest (mine);
      score = (sit->out & cards_above (top)) ? 0 : 100;
      score += hearts_cards_count (mine) * 3;
      score += s == HEARTS_SUIT_HEARTS ? 0 : 5;
      if (score > best_score)
        {
          best_score = score;
          best = top;
        }
    }
  return best;
}

static HeartsCard
lead_defend (const Ctx *ctx)
{
  const HeartsAiSituation *sit = ctx->sit;
  HeartsCards              hearts = sit->legal & HEARTS;

  /* A heart nobody can beat takes a point away from the runner. */
  if (hearts != 0)
    {
      HeartsCard top = hearts_cards_highest (hearts);

      if ((sit->out & cards_above (top)) == 0)
        return top;
    }
  return HEARTS_NO_CARD;
}

static HeartsCard
choose_lead (const Ctx *ctx)
{
  const HeartsAiSituation *sit = ctx->sit;
  HeartsCard               best = HEARTS_NO_CARD;
  double                   best_cost = G_MAXDOUBLE;

  if (ctx->shooting)
    return lead_moon (ctx);
  if (ctx->defending && (best = lead_defend (ctx)) != HEARTS_NO_CARD)
    return best;

  for (guint s = 0; s < HEARTS_N_SUITS; s++)
    {
      HeartsCards mine = sit->legal & SUIT (s);
      HeartsCard  card;
      double      cost;

      if (mine == 0)
        continue;
      card = hearts_cards_lowest (mine);
      cost = lead_cost (ctx, card);
      if (cost < best_cost)
        {
          best_cost = cost;
          best = card;
        }
    }
  return best;
}

/* Following suit */

static HeartsCard
highest_but_queen (HeartsCards cards)
{
  if ((cards & ~QS_BIT) != 0)
    cards &= ~QS_BIT;
  return hearts_cards_highest (cards);
}

static HeartsCard
choose_follow (const Ctx *ctx)
{
  const HeartsAiSituation *sit = ctx->sit;
  guint                    win_pos;
  HeartsCard               winner = trick_winner_card (sit, &win_pos);
  guint                    win_seat = seat_after (ctx, sit->leader, win_pos);
  HeartsSuit               led = HEARTS_CARD_SUIT (sit->trick[0]);
  HeartsCards              legal = sit->legal;
  HeartsCards              below = legal & cards_below (winner);
  HeartsCards              above = legal & cards_above (winner);
  gboolean                 last = sit->trick_len + 1 == ctx->n;
  gint                     points = trick_points (ctx);
  gboolean                 void_risk;
  HeartsCards              dump;
  HeartsCards              later = later_cards (ctx, led, &void_risk, &dump);
  HeartsCards              later_higher;

  if (ctx->shooting)
    {
      /* Win it if nobody after can go higher, else keep the high cards, unless the
       * moon rides on this trick: points on it, or a void seat that may drop some. */
      if (above != 0)
        {
          HeartsCard  top = hearts_cards_highest (above);
          HeartsCards on_table = 0;

          for (guint i = 0; i < sit->trick_len; i++)
            on_table |= HEARTS_CARD_BIT (sit->trick[i]);
          if (last || (later & cards_above (top)) == 0 ||
              (ctx->style->moon_watch && ((on_table | dump) & HEARTS_POINT_CARDS)))
            return top;
        }
      return hearts_cards_lowest (legal);
    }

  if (ctx->defending)
    {
      gboolean runner_later = FALSE;

      for (guint k = sit->trick_len + 1; k < ctx->n; k++)
        if (seat_after (ctx, sit->leader, k) == (guint) ctx->runner)
          runner_later = TRUE;
      /* Take a point from the runner when it is winning or still to play. */
      if (above != 0 && (points > 0 || led == HEARTS_SUIT_HEARTS || (dump & HEARTS)) &&
          (win_seat == (guint) ctx->runner || runner_later))
        {
          HeartsCard top = highest_but_queen (above);

          if (top != QS)
            return top;
        }
      /* The runner takes this one: keep the high cards that may win a later trick (a
       * heart above the runner's is what stops it), and give it no point. */
      if (ctx->style->moon_watch && above == 0 && win_seat == (guint) ctx->runner)
        {
          HeartsCards plain = legal & ~HEARTS_POINT_CARDS;

          return hearts_cards_lowest (plain != 0 ? plain : legal);
        }
    }

  if (below != 0)
    {
      /* The Q♠ under a higher spade goes to its player. */
      if (below & QS_BIT)
        return QS;
      if (last && points <= 0 && above != 0)
        {
          HeartsCard top = highest_but_queen (above);

          if (top != QS)
            return top; /* a free trick: shed a high card */
        }
      return hearts_cards_highest (below);
    }

  /* Every card wins for now. */
  if (last)
    return highest_but_queen (legal);

  later_higher = later & cards_above (winner);
  if (led == HEARTS_SUIT_SPADES)
    {
      HeartsCards safe = legal & ~QS_BIT;

      if (safe == 0)
        return QS;
      /* Under the queen another spade may still take it; over it, she may drop on us. */
      if (ctx->qs_out && (safe & cards_below (QS)))
        return hearts_cards_highest (safe & cards_below (QS));
      if (ctx->qs_out)
        return hearts_cards_lowest (safe);
      return hearts_cards_highest (safe);
    }

  if (points > 0 || void_risk || led == HEARTS_SUIT_HEARTS)
    {
      /* Hope a later player goes over. */
      if (later_higher == 0)
        return highest_but_queen (legal);
      return hearts_cards_lowest (legal);
    }
  return highest_but_queen (legal);
}

/* Discarding */

static double
discard_score (const Ctx *ctx,
               HeartsCard card)
{
  const HeartsAiSituation *sit = ctx->sit;
  HeartsSuit               suit = HEARTS_CARD_SUIT (card);
  guint                    rank = HEARTS_CARD_RANK (card);
  HeartsCards              theirs = sit->out & SUIT (suit);
  guint                    n_lower = hearts_cards_count (theirs & cards_below (card));
  guint                    n_mine = hearts_cards_count (sit->hand & SUIT (suit));
  double                   score;

  if (card == QS)
    return 1000;
  if (suit == HEARTS_SUIT_SPADES && ctx->qs_out && card > QS)
    return 500 + rank;

  /* A card no one can go under is a sure winner later: get rid of it. */
  score = rank + 2.0 * n_lower;
  if (theirs == 0)
    score = 0.5 * rank;
  if (suit == HEARTS_SUIT_HEARTS)
    score += 6;
  if (n_mine == 1)
    score += 4;
  else if (n_mine == 2)
    score += 1.5;
  if (sit->rules->omnibus && card == HEARTS_JACK_OF_DIAMONDS)
    score -= 30;
  return score;
}

static HeartsCard
choose_discard (const Ctx *ctx)
{
  const HeartsAiSituation *sit = ctx->sit;
  HeartsCards              legal = sit->legal;
  HeartsCard               best = HEARTS_NO_CARD, card;
  double                   best_score = -G_MAXDOUBLE;

  if (ctx->shooting)
    {
      HeartsCards plain = legal & ~HEARTS_POINT_CARDS;

      return hearts_cards_lowest (plain ? plain : legal);
    }

  if (ctx->defending)
    {
      guint       win_pos;
      HeartsCard  winner = trick_winner_card (sit, &win_pos);
      guint       win_seat = seat_after (ctx, sit->leader, win_pos);
      gboolean    void_risk;
      HeartsCards dump;
      HeartsCards later = later_cards (ctx, HEARTS_CARD_SUIT (winner), &void_risk, &dump);

      /* Points for the runner are what it needs: keep them back while it wins. */
      if (win_seat == (guint) ctx->runner && (later & cards_above (winner)) == 0)
        {
          HeartsCards plain = legal & ~HEARTS_POINT_CARDS;

          if (plain != 0)
            legal = plain;
        }
    }

  HEARTS_CARDS_FOREACH (card, legal)
    {
      double score = discard_score (ctx, card);

      if (score > best_score)
        {
          best_score = score;
          best = card;
        }
    }
  return best;
}

HeartsCard
hearts_ai_policy_play (const HeartsAiSituation *sit,
                       const HeartsAiStyle     *style)
{
  Ctx ctx;

  g_assert (sit->legal != 0);

  if (hearts_cards_count (sit->legal) == 1)
    return hearts_cards_lowest (sit->legal);

  ctx.sit = sit;
  ctx.style = style;
  ctx.me = sit->seat;
  ctx.n = sit->n_players;
  ctx.qs_out = sit->out & QS_BIT;
  ctx.runner = hearts_ai_moon_runner (sit);
  ctx.shooting = FALSE;
  ctx.defending = FALSE;
  if (ctx.runner == (gint) ctx.me)
    ctx.shooting = style->moon_attack && moon_is_on (sit, style, moon_points (sit->taken[ctx.me]));
  if (ctx.runner < 0 || ctx.runner == (gint) ctx.me)
    ctx.shooting |= style->moon_always ||
                    (style->moon_plan && sit->start_hand != 0 && hearts_ai_moon_hand (sit->start_hand));
  if (ctx.runner >= 0 && ctx.runner != (gint) ctx.me)
    ctx.defending = style->moon_defense && moon_is_threat (&ctx, ctx.runner);

  if (sit->trick_len == 0)
    return choose_lead (&ctx);
  if (sit->legal & SUIT (HEARTS_CARD_SUIT (sit->trick[0])))
    return choose_follow (&ctx);
  return choose_discard (&ctx);
}
