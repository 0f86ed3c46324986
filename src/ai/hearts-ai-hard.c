/* hearts-ai-hard.c: perfect-information Monte Carlo
 *
 * Each move deals the unseen cards many times over, in ways that agree with what the
 * seat knows, plays every candidate card out in each deal (heuristic play, then an
 * exact search for the last tricks) and keeps the card that cost least on average.
 * The samples are numbered and each draws from its own generator, and the search
 * looks at its numbers only between rounds of samples, so with no time limit the answer
 * depends only on the view, the seed and the budget of samples, whichever threads
 * played them.
 *
 * The sampled deals are weighted by how well they explain the others' plays: a play the
 * Normal player would not have made with those cards makes the deal less likely.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <math.h>
#include <string.h>

#include "hearts-ai-private.h"

#define MAX_CANDIDATES 24
G_STATIC_ASSERT (MAX_CANDIDATES == HEARTS_AI_MAX_EVALUATED);
#define PASS_CANDIDATES 8

typedef struct
{
  HeartsAi parent;
  guint    movetime;     /* ms a move may take; 0: only the sample count limits it */
  guint    samples;      /* deals sampled per play, at most */
  guint    pass_samples; /* deals sampled per pass, at most */
  guint    threads;
  guint    exact_tricks; /* tricks left when the playouts turn to exact search */
  guint    inference;    /* weight in percent of a sample where another seat played
                          * unlike the Normal player; 100 turns inference off */
  guint full_budget;     /* 1: every sample is played, even once a card clearly leads
                          * (the review wants every move's number, not only the best) */
} HeartsAiHard;

/* Fills @costs (one per candidate) for one sample and returns the sample's weight. */
typedef double (*SampleFunc) (gconstpointer data,
                              HeartsRng    *rng,
                              gint         *costs);

/* The samples are played in rounds: every thread helps with a round, then the calling
 * thread looks at the numbers and decides whether another round is worth it. As the
 * look happens between rounds, the result does not depend on the number of threads. */
typedef struct
{
  HeartsAi     *ai; /* asked to stop through hearts_ai_stop() */
  SampleFunc    func;
  gconstpointer data;
  guint         n_cands;
  guint64       seed;
  gint64        deadline; /* monotonic µs, or 0 */
  gint         *costs;    /* n_cands a sample */
  double       *weights;
  guint8       *finished;

  GMutex   mutex;
  GCond    cond;
  guint    next;      /* the next sample to hand out */
  guint    round_end; /* samples before it belong to the current round */
  guint    running;   /* samples being played */
  gboolean stop;
  gboolean out_of_time;
} Search;

#define ROUND_SIZE   32
#define MIN_SAMPLES  64
#define CLEAR_MARGIN 2.5 /* standard errors by which the best card must lead */

static guint64
mix64 (guint64 x)
{
  x ^= x >> 30;
  x *= G_GUINT64_CONSTANT (0xbf58476d1ce4e5b9);
  x ^= x >> 27;
  x *= G_GUINT64_CONSTANT (0x94d049bb133111eb);
  return x ^ (x >> 31);
}

static void
play_one (Search *s,
          guint   index)
{
  HeartsRng rng;

  /* However short the time, the first sample is played. */
  if (index > 0 && (hearts_ai_is_stopped (s->ai) ||
                    (s->deadline != 0 && g_get_monotonic_time () >= s->deadline)))
    {
      s->out_of_time = TRUE;
      return;
    }
  hearts_rng_init (&rng, mix64 (s->seed + G_GUINT64_CONSTANT (0x9e3779b97f4a7c15) * (index + 1)));
  s->weights[index] = s->func (s->data, &rng, &s->costs[index * s->n_cands]);
  s->finished[index] = TRUE;
}

/* With the mutex held: plays samples of the round until none is left to hand out. */
static void
help_with_round (Search *s)
{
  while (s->next < s->round_end)
    {
      guint index = s->next++;

      s->running++;
      g_mutex_unlock (&s->mutex);
      play_one (s, index);
      g_mutex_lock (&s->mutex);
      s->running--;
      if (s->running == 0 && s->next >= s->round_end)
        g_cond_broadcast (&s->cond);
    }
}

static gpointer
search_thread (gpointer data)
{
  Search *s = data;

  g_mutex_lock (&s->mutex);
  while (!s->stop)
    {
      help_with_round (s);
      if (!s->stop)
        g_cond_wait (&s->cond, &s->mutex);
    }
  g_mutex_unlock (&s->mutex);
  return NULL;
}

static void
run_round (Search *s,
           guint   end)
{
  g_mutex_lock (&s->mutex);
  s->round_end = end;
  g_cond_broadcast (&s->cond);
  help_with_round (s);
  while (s->running > 0)
    g_cond_wait (&s->cond, &s->mutex);
  g_mutex_unlock (&s->mutex);
}

static guint
best_candidate (const Search *s,
                guint         n_samples,
                double       *means)
{
  double total = 0;
  guint  best = 0;

  /* In sample order, so that the sums do not depend on which thread finished first. */
  memset (means, 0, s->n_cands * sizeof (double));
  for (guint i = 0; i < n_samples; i++)
    if (s->finished[i])
      {
        for (guint c = 0; c < s->n_cands; c++)
          means[c] += s->weights[i] * s->costs[i * s->n_cands + c];
        total += s->weights[i];
      }
  for (guint c = 0; c < s->n_cands; c++)
    means[c] /= MAX (total, 1e-300);
  for (guint c = 1; c < s->n_cands; c++)
    if (means[c] < means[best])
      best = c;
  return best;
}

/* Whether the best candidate leads every other by more than the noise of the samples. */
static gboolean
clear_winner (const Search *s,
              guint         n_samples)
{
  double means[MAX_CANDIDATES];
  guint  best = best_candidate (s, n_samples, means);

  for (guint c = 0; c < s->n_cands; c++)
    {
      double w_sum = 0, w_sq = 0, sum = 0, sum_sq = 0, mean, var, n_eff;

      if (c == best)
        continue;
      for (guint i = 0; i < n_samples; i++)
        if (s->finished[i])
          {
            double w = s->weights[i];
            double d = s->costs[i * s->n_cands + c] - s->costs[i * s->n_cands + best];

            w_sum += w;
            w_sq += w * w;
            sum += w * d;
            sum_sq += w * d * d;
          }
      if (w_sum <= 0)
        return FALSE;
      mean = sum / w_sum;
      var = MAX (0.0, sum_sq / w_sum - mean * mean);
      n_eff = w_sum * w_sum / w_sq;
      if (n_eff < 2 || mean <= CLEAR_MARGIN * sqrt (var / (n_eff - 1)))
        return FALSE;
    }
  return TRUE;
}

/* Returns the index of the candidate with the lowest total cost (the first on a tie);
 * @means_out (may be NULL) gets each candidate's mean cost. */
static guint
search (HeartsAiHard *self,
        SampleFunc    func,
        gconstpointer data,
        guint         n_cands,
        guint64       seed,
        guint         max_samples,
        double       *means_out)
{
  GThread *threads[16];
  guint    n_threads = CLAMP (self->threads, 1, G_N_ELEMENTS (threads) + 1);
  double   means[MAX_CANDIDATES];
  guint    done = 0, best;
  Search   s;

  memset (&s, 0, sizeof s);
  s.ai = &self->parent;
  s.func = func;
  s.data = data;
  s.n_cands = n_cands;
  s.seed = seed;
  s.deadline = self->movetime > 0 ? g_get_monotonic_time () + self->movetime * (gint64) 1000 : 0;
  max_samples = MAX (max_samples, 1);
  s.costs = g_new (gint, (gsize) max_samples * n_cands);
  s.weights = g_new (double, max_samples);
  s.finished = g_new0 (guint8, max_samples);
  g_mutex_init (&s.mutex);
  g_cond_init (&s.cond);

  n_threads = MIN (n_threads, (max_samples + ROUND_SIZE - 1) / ROUND_SIZE);
  for (guint t = 1; t < n_threads; t++)
    threads[t - 1] = g_thread_new ("hearts-ai", search_thread, &s);

  while (done < max_samples && !s.out_of_time && (done == 0 || !hearts_ai_is_stopped (&self->parent)))
    {
      done = MIN (done + ROUND_SIZE, max_samples);
      run_round (&s, done);
      if (!self->full_budget && done >= MIN_SAMPLES && clear_winner (&s, done))
        break;
    }

  g_mutex_lock (&s.mutex);
  s.stop = TRUE;
  g_cond_broadcast (&s.cond);
  g_mutex_unlock (&s.mutex);
  for (guint t = 1; t < n_threads; t++)
    g_thread_join (threads[t - 1]);

  best = best_candidate (&s, done, means);
  if (means_out != NULL)
    memcpy (means_out, means, n_cands * sizeof (double));
  g_mutex_clear (&s.mutex);
  g_cond_clear (&s.cond);
  g_free (s.costs);
  g_free (s.weights);
  g_free (s.finished);
  return best;
}

/* Playing */

typedef struct
{
  const HeartsView *view;
  HeartsCard        cands[MAX_CANDIDATES];
  guint             n_cands;
  guint             exact_cards;
  double            miss; /* weight of a play the model would not have made */
} PlayData;

/* Whether two cards play alike: the same suit, the same points, no card in play between. */
static gboolean
play_alike (const HeartsDeal  *deal,
            const HeartsRules *rules,
            HeartsCard         a,
            HeartsCard         b)
{
  HeartsCards in_play = deal->trick_len > 0 ? deal->trick_cards : 0;
  HeartsCards special = HEARTS_AI_QS_BIT;
  HeartsCard  low = MIN (a, b), high = MAX (a, b);

  if (a == b)
    return TRUE;
  if (rules->omnibus)
    special |= HEARTS_CARD_BIT (HEARTS_JACK_OF_DIAMONDS);
  if (HEARTS_CARD_SUIT (a) != HEARTS_CARD_SUIT (b) || ((HEARTS_CARD_BIT (a) | HEARTS_CARD_BIT (b)) & special))
    return FALSE;
  for (guint s = 0; s < deal->n_players; s++)
    in_play |= deal->hands[s];
  return ((HEARTS_CARD_BIT (high) - 1) & ~((HEARTS_CARD_BIT (low) << 1) - 1) & in_play) == 0;
}

/* How well the sampled hands explain what the others played: the deal is replayed from
 * its first card, and each play the Normal player would not have made in that seat,
 * seeing what that seat saw, scales the weight by @miss. */
static double
history_weight (const HeartsView *view,
                const HeartsDeal *sample,
                double            miss)
{
  const HeartsDeal  *now = &view->deal;
  const HeartsRules *rules = &view->rules;
  guint              n = now->n_players;
  HeartsDeal         replay;
  double             weight = 1.0;

  memset (&replay, 0, sizeof replay);
  replay.n_players = n;
  replay.hand_size = now->hand_size;
  replay.dealer = now->dealer;
  replay.pass = HEARTS_PASS_HOLD;
  replay.phase = HEARTS_DEAL_PLAYING;
  for (guint s = 0; s < n; s++)
    replay.hands[s] = sample->hands[s];
  for (guint i = 0; i < now->n_plays; i++)
    replay.hands[hearts_deal_get_play_seat (now, i)] |= HEARTS_CARD_BIT (now->plays[i]);
  replay.leader = replay.turn = replay.trick_leaders[0] = now->trick_leaders[0];

  for (guint i = 0; i < now->n_plays; i++)
    {
      HeartsCard card = now->plays[i];
      guint      seat = replay.turn;

      if (seat != view->seat && hearts_cards_count (hearts_deal_get_legal (&replay, rules)) > 1)
        {
          HeartsView        seen;
          HeartsAiSituation sit;
          HeartsCard        guess;

          hearts_view_init (&seen, rules, &replay, seat, view->hand_index, view->totals);
          hearts_ai_situation_from_view (&sit, &seen);
          guess = hearts_ai_policy_play (&sit, &hearts_ai_style_model);
          if (!play_alike (&replay, rules, guess, card))
            weight *= miss;
        }
      hearts_deal_play_unchecked (&replay, rules, card);
    }
  return weight;
}

static double
play_sample (gconstpointer data,
             HeartsRng    *rng,
             gint         *costs)
{
  const PlayData   *pd = data;
  const HeartsView *view = pd->view;
  HeartsDeal        base = view->deal;

  hearts_ai_sample_deal (view, &base, rng);
  for (guint c = 0; c < pd->n_cands; c++)
    {
      HeartsDeal deal = base;
      gint       all[HEARTS_MAX_PLAYERS];

      hearts_deal_play_unchecked (&deal, &view->rules, pd->cands[c]);
      hearts_ai_playout (&deal, &view->rules, view->totals, pd->exact_cards, all);
      costs[c] = all[view->seat];
    }
  return pd->miss < 1.0 ? history_weight (view, &base, pd->miss) : 1.0;
}

static void
play_data_init (PlayData         *pd,
                HeartsAiHard     *self,
                const HeartsView *view)
{
  HeartsCards legal = hearts_deal_get_legal (&view->deal, &view->rules);
  HeartsCards moves = hearts_ai_distinct_moves (&view->deal, &view->rules, legal);
  HeartsCard  card;

  pd->view = view;
  pd->n_cands = 0;
  pd->exact_cards = self->exact_tricks * view->deal.n_players;
  pd->miss = self->inference / 100.0;
  HEARTS_CARDS_FOREACH (card, moves)
    pd->cands[pd->n_cands++] = card;
}

static HeartsCard
hard_choose_play (HeartsAi         *ai,
                  const HeartsView *view)
{
  HeartsAiHard *self = (HeartsAiHard *) ai;
  PlayData      pd;

  play_data_init (&pd, self, view);
  if (pd.n_cands == 1)
    return pd.cands[0];

  return pd.cands[search (self, play_sample, &pd, pd.n_cands,
                          hearts_ai_move_seed (ai, view), self->samples, NULL)];
}

/* Passing: the best few passes by the heuristic, each played out against sampled
 * hands whose owners pass as the Normal player does. */

typedef struct
{
  const HeartsView *view;
  HeartsCards       cands[PASS_CANDIDATES];
  guint             n_cands;
  guint             exact_cards;
} PassData;

static double
pass_sample (gconstpointer data,
             HeartsRng    *rng,
             gint         *costs)
{
  const PassData    *pd = data;
  const HeartsView  *view = pd->view;
  const HeartsRules *rules = &view->rules;
  guint              n = rules->n_players;
  guint              me = view->seat;
  guint              hand_size = view->deal.hand_size;
  HeartsCards        mine = view->deal.hands[me];
  HeartsCards        hands[HEARTS_MAX_PLAYERS] = { 0 };
  HeartsCards        passes[HEARTS_MAX_PLAYERS] = { 0 };
  HeartsCard         rest[HEARTS_N_SUITS * HEARTS_N_RANKS];
  guint              n_rest = 0, next = 0;
  HeartsCard         card;

  HEARTS_CARDS_FOREACH (card, hearts_rules_get_deck (rules) & ~mine)
    rest[n_rest++] = card;
  for (guint i = n_rest; i > 1; i--)
    {
      guint      j = hearts_rng_below (rng, i);
      HeartsCard t = rest[i - 1];

      rest[i - 1] = rest[j];
      rest[j] = t;
    }
  for (guint s = 0; s < n; s++)
    {
      if (s == me)
        {
          hands[s] = mine;
          continue;
        }
      for (guint i = 0; i < hand_size; i++)
        hands[s] |= HEARTS_CARD_BIT (rest[next++]);
      passes[s] = hearts_ai_pass_heuristic (rules, hands[s], view->deal.pass, HEARTS_AI_PASS_NORMAL);
    }

  for (guint c = 0; c < pd->n_cands; c++)
    {
      HeartsDeal deal;
      gint       all[HEARTS_MAX_PLAYERS];

      if (!hearts_deal_init (&deal, rules, view->deal.dealer, view->deal.pass, hands))
        g_assert_not_reached ();
      for (guint s = 0; s < n; s++)
        hearts_deal_pass (&deal, rules, s, s == me ? pd->cands[c] : passes[s]);
      hearts_ai_playout (&deal, rules, view->totals, pd->exact_cards, all);
      costs[c] = all[me];
    }
  return 1.0;
}

/* @pass joins the candidates, in the last place when they are full. */
static void
add_pass_candidate (PassData   *pd,
                    HeartsCards pass)
{
  for (guint c = 0; c < pd->n_cands; c++)
    if (pd->cands[c] == pass)
      return;
  if (pd->n_cands < PASS_CANDIDATES)
    pd->n_cands++;
  pd->cands[pd->n_cands - 1] = pass;
}

static void
pass_data_init (PassData         *pd,
                HeartsAiHard     *self,
                const HeartsView *view)
{
  pd->view = view;
  pd->exact_cards = self->exact_tricks * view->deal.n_players;
  pd->n_cands = hearts_ai_pass_candidates (&view->rules, view->deal.hands[view->seat],
                                           view->deal.pass, pd->cands, PASS_CANDIDATES);
  /* The Normal player's own choice is always tried: it may keep a hand to shoot with. */
  add_pass_candidate (pd, hearts_ai_pass_heuristic (&view->rules, view->deal.hands[view->seat],
                                                    view->deal.pass, HEARTS_AI_PASS_NORMAL));
}

static HeartsCards
hard_choose_pass (HeartsAi         *ai,
                  const HeartsView *view)
{
  HeartsAiHard *self = (HeartsAiHard *) ai;
  PassData      pd;

  pass_data_init (&pd, self, view);
  if (pd.n_cands == 1 || self->pass_samples == 0)
    return hearts_ai_pass_heuristic (&view->rules, view->deal.hands[view->seat],
                                     view->deal.pass, HEARTS_AI_PASS_NORMAL);

  return pd.cands[search (self, pass_sample, &pd, pd.n_cands,
                          hearts_ai_move_seed (ai, view), self->pass_samples, NULL)];
}

static gboolean
parse_uint (const char *value,
            guint       max,
            guint      *out)
{
  guint64 v;

  if (!g_ascii_string_to_unsigned (value, 10, 0, max, &v, NULL))
    return FALSE;
  *out = (guint) v;
  return TRUE;
}

static gboolean
hard_set_option (HeartsAi   *ai,
                 const char *name,
                 const char *value)
{
  HeartsAiHard *self = (HeartsAiHard *) ai;

  if (g_strcmp0 (name, "movetime") == 0)
    return parse_uint (value, 600000, &self->movetime);
  if (g_strcmp0 (name, "samples") == 0)
    {
      guint samples;

      if (!parse_uint (value, 10000000, &samples) || samples == 0)
        return FALSE;
      self->samples = samples;
      return TRUE;
    }
  if (g_strcmp0 (name, "inference") == 0)
    {
      guint percent;

      if (!parse_uint (value, 100, &percent) || percent == 0)
        return FALSE;
      self->inference = percent;
      return TRUE;
    }
  if (g_strcmp0 (name, "full-budget") == 0)
    return parse_uint (value, 1, &self->full_budget);
  if (g_strcmp0 (name, "exact-tricks") == 0)
    return parse_uint (value, 4, &self->exact_tricks);
  if (g_strcmp0 (name, "pass-samples") == 0)
    return parse_uint (value, 10000000, &self->pass_samples);
  if (g_strcmp0 (name, "threads") == 0)
    {
      guint threads;

      if (!parse_uint (value, 16, &threads))
        return FALSE;
      self->threads = threads == 0 ? MIN (g_get_num_processors (), 16) : threads;
      return TRUE;
    }
  return FALSE;
}

static void
hard_free (HeartsAi *ai)
{
  g_free (ai);
}

static const HeartsAiClass hard_class = {
  .name = "hard",
  .choose_pass = hard_choose_pass,
  .choose_play = hard_choose_play,
  .set_option = hard_set_option,
  .free = hard_free,
};

HeartsAi *
hearts_ai_hard_new (void)
{
  HeartsAiHard *self = g_new0 (HeartsAiHard, 1);

  self->parent.klass = &hard_class;
  self->movetime = 250;
  self->samples = 1000;
  self->pass_samples = 400;
  self->threads = MIN (g_get_num_processors (), 16);
  self->exact_tricks = 3;
  self->inference = 40;
  return &self->parent;
}

/* Evaluation, for the hand review */

static void
fill_evaluation (HeartsAiEvaluation *eval,
                 const HeartsCards  *moves,
                 const double       *means,
                 guint               n,
                 guint               n_players,
                 guint               best)
{
  memset (eval, 0, sizeof *eval);
  eval->n_moves = n;
  eval->best = best;
  for (guint c = 0; c < n; c++)
    {
      eval->moves[c] = moves[c];
      /* The search's costs are n - 1 times points less the others' mean. */
      eval->points[c] = means[c] / MAX (n_players - 1, 1);
    }
}

gboolean
hearts_ai_evaluate_play (HeartsAi           *ai,
                         const HeartsView   *view,
                         HeartsAiEvaluation *eval)
{
  HeartsAiHard *self = (HeartsAiHard *) ai;
  double        means[MAX_CANDIDATES] = { 0 };
  HeartsCards   moves[MAX_CANDIDATES];
  PlayData      pd;
  guint         best = 0;

  g_return_val_if_fail (ai != NULL && view != NULL && eval != NULL, FALSE);
  g_return_val_if_fail (ai->klass == &hard_class, FALSE);

  if (view->deal.phase != HEARTS_DEAL_PLAYING || view->deal.turn != view->seat)
    return FALSE;

  play_data_init (&pd, self, view);
  if (pd.n_cands > 1)
    best = search (self, play_sample, &pd, pd.n_cands, hearts_ai_move_seed (ai, view),
                   self->samples, means);
  for (guint c = 0; c < pd.n_cands; c++)
    moves[c] = HEARTS_CARD_BIT (pd.cands[c]);
  fill_evaluation (eval, moves, means, pd.n_cands, view->deal.n_players, best);
  return TRUE;
}

guint
hearts_ai_evaluation_find_play (const HeartsAiEvaluation *eval,
                                const HeartsView         *view,
                                HeartsCard                card)
{
  const HeartsDeal *deal = &view->deal;
  /* As hearts_ai_distinct_moves sees it: the other hands are hidden in a view, so
   * "between" is every card not gone in an earlier trick. */
  HeartsCards gone = deal->played & ~(deal->trick_len > 0 ? deal->trick_cards : 0);
  HeartsCards special = HEARTS_AI_QS_BIT;

  if (view->rules.omnibus)
    special |= HEARTS_CARD_BIT (HEARTS_JACK_OF_DIAMONDS);

  for (guint c = 0; c < eval->n_moves; c++)
    {
      HeartsCard move = hearts_cards_lowest (eval->moves[c]);
      HeartsCard low = MIN (move, card), high = MAX (move, card);

      if (move == card)
        return c;
      if (HEARTS_CARD_SUIT (move) != HEARTS_CARD_SUIT (card) ||
          ((HEARTS_CARD_BIT (move) | HEARTS_CARD_BIT (card)) & special))
        continue;
      /* The seat's own cards between play alike too, unless special. */
      if (((HEARTS_CARD_BIT (high) - 1) & ~((HEARTS_CARD_BIT (low) << 1) - 1) &
           ~(gone | (deal->hands[view->seat] & ~special))) == 0)
        return c;
    }
  return eval->n_moves;
}

gboolean
hearts_ai_evaluate_pass (HeartsAi           *ai,
                         const HeartsView   *view,
                         HeartsCards         pass,
                         HeartsAiEvaluation *eval)
{
  HeartsAiHard *self = (HeartsAiHard *) ai;
  double        means[PASS_CANDIDATES] = { 0 };
  PassData      pd;
  guint         best = 0;

  g_return_val_if_fail (ai != NULL && view != NULL && eval != NULL, FALSE);
  g_return_val_if_fail (ai->klass == &hard_class, FALSE);

  if (view->deal.phase != HEARTS_DEAL_PASSING || hearts_cards_count (pass) != HEARTS_PASS_SIZE ||
      (pass & ~view->deal.hands[view->seat]) != 0)
    return FALSE;

  pass_data_init (&pd, self, view);
  add_pass_candidate (&pd, pass);
  if (pd.n_cands > 1)
    best = search (self, pass_sample, &pd, pd.n_cands, hearts_ai_move_seed (ai, view),
                   MAX (self->pass_samples, 1), means);
  fill_evaluation (eval, pd.cands, means, pd.n_cands, view->deal.n_players, best);
  return TRUE;
}
