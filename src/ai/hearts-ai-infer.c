/* hearts-ai-infer.c: how likely a sampled deal is, given what the others did
 *
 * The Hard player deals the unseen cards at random within what it knows for sure (the
 * voids, the cards it passed); this weighs each such deal by how well it explains the
 * others' plays. The model of a player is the Normal player: a play it would not have
 * made with the sampled cards scales the deal's weight by the miss weight of that kind
 * of play. The weights were measured with hearts-calibrate: the share of plays the
 * model explains with a player's real cards against the share with sampled ones (the
 * likelihood ratio), softened so that the samples keep some spread.
 *
 * A player may also be going for the moon, and a shooter plays unlike the Normal player
 * (it leads its winners). Each other seat's plays are therefore weighed under both
 * models, the Normal player's and the test shooter's, mixed by a prior: a deal in which
 * a seat's high leads make sense for a shooter keeps its weight, and that seat then
 * plays for the moon in the deal's playouts, so the search sees the moon coming.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <string.h>

#include "hearts-ai-private.h"

const HeartsAiInference hearts_ai_inference_default = {
  /* 7c44bbc's weight for every kind of play, and no shooter prior. hearts-calibrate
   * against the Hard player (7c44bbc), 100 deals, found the Normal player explaining 43%,
   * 64% and 46% of its leads, follows and discards with its real cards and 34%, 59% and
   * 39% with sampled ones (misses weighing 0.69, 0.81 and 0.75); those weights with a
   * shooter prior of 0.1 were part of the Hard player that lost about 1 point a hand to
   * 7c44bbc's, and were not shown better on their own (issue #22). */
  .miss = { 0.4, 0.4, 0.4 },
  .shooter_prior = 0,
};

gboolean
hearts_ai_plays_alike (const HeartsDeal  *deal,
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

HeartsAiPlayKind
hearts_ai_play_kind (const HeartsDeal *deal,
                     HeartsCard        card)
{
  if (deal->trick_len == 0)
    return HEARTS_AI_LEAD;
  return HEARTS_CARD_SUIT (card) == deal->lead_suit ? HEARTS_AI_FOLLOW : HEARTS_AI_DISCARD;
}

/* Whether a seat other than @seat has taken a point in @deal: @seat's moon is gone. */
static gboolean
moon_closed (const HeartsDeal *deal,
             guint             seat)
{
  for (guint s = 0; s < deal->n_players; s++)
    if (s != seat && (deal->taken[s] & HEARTS_POINT_CARDS))
      return TRUE;
  return FALSE;
}

double
hearts_ai_history_weight (const HeartsView        *view,
                          const HeartsDeal        *sample,
                          const HeartsAiInference *inference,
                          guint                   *shooters)
{
  const HeartsDeal  *now = &view->deal;
  const HeartsRules *rules = &view->rules;
  guint              n = now->n_players;
  HeartsDeal         replay;
  double             normal[HEARTS_MAX_PLAYERS], shooter[HEARTS_MAX_PLAYERS];
  double             prior = inference->shooter_prior;
  double             weight = 1.0;

  if (shooters != NULL)
    *shooters = 0;
  for (guint s = 0; s < n; s++)
    normal[s] = shooter[s] = 1.0;

  /* The deal is replayed from its first card with the sampled hands. */
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
      double     miss = inference->miss[hearts_ai_play_kind (&replay, card)];

      if (seat != view->seat && miss < 1.0 && hearts_cards_count (hearts_deal_get_legal (&replay, rules)) > 1)
        {
          HeartsView        seen;
          HeartsAiSituation sit;
          gboolean          as_normal, as_shooter;

          hearts_view_init (&seen, rules, &replay, seat, view->hand_index, view->totals);
          hearts_ai_situation_from_view (&sit, &seen);
          as_normal = hearts_ai_plays_alike (&replay, rules, hearts_ai_policy_play (&sit, &hearts_ai_style_model), card);
          as_shooter = as_normal;
          /* Once its moon is gone, a shooter plays as the Normal player. */
          if (prior > 0 && !moon_closed (&replay, seat))
            as_shooter = hearts_ai_plays_alike (&replay, rules, hearts_ai_policy_play (&sit, &hearts_ai_style_shooter), card);
          normal[seat] *= as_normal ? 1.0 : miss;
          shooter[seat] *= as_shooter ? 1.0 : miss;
        }
      hearts_deal_play_unchecked (&replay, rules, card);
    }

  for (guint s = 0; s < n; s++)
    {
      if (s == view->seat)
        continue;
      weight *= (1 - prior) * normal[s] + prior * shooter[s];
      /* The more likely model of a seat that may still shoot decides how it plays on. */
      if (shooters != NULL && prior * shooter[s] > (1 - prior) * normal[s] && !moon_closed (now, s))
        *shooters |= 1u << s;
    }
  return weight;
}
