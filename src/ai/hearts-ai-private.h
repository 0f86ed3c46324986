/* hearts-ai-private.h: what the levels share
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "hearts-ai.h"

G_BEGIN_DECLS

#define HEARTS_AI_SPADES_MASK HEARTS_SUIT_MASK (HEARTS_SUIT_SPADES)
#define HEARTS_AI_QS_BIT      HEARTS_CARD_BIT (HEARTS_QUEEN_OF_SPADES)

/* Each level's constructor fills a HeartsAi (or a larger struct that starts with one). */
HeartsAi    *hearts_ai_random_new  (void);
HeartsAi    *hearts_ai_easy_new    (void);
HeartsAi    *hearts_ai_normal_new  (void);
HeartsAi    *hearts_ai_hard_new    (void);
HeartsAi    *hearts_ai_shooter_new (void);

/* A seed for one decision that depends only on the player's seed and what the view
 * shows, so that the same view always gets the same answer (no hidden history). */
guint64      hearts_ai_move_seed   (HeartsAi         *ai,
                                    const HeartsView *view);

/* What a player knows at its turn to play, in one flat value. The heuristic players
 * fill it from their view; the playouts of the Hard player fill it from a sampled deal,
 * where every hand is known exactly (may == must). */
typedef struct
{
  const HeartsRules *rules;
  guint8       n_players;
  guint8       seat;
  guint8       trick_len;
  guint8       leader;
  guint8       first_trick;                /* the deal's first trick is being played */
  guint8       hearts_broken;
  guint8       tricks_left;                /* counting the one on the table */
  guint8       counts[HEARTS_MAX_PLAYERS]; /* cards each seat still holds */
  HeartsCard   trick[HEARTS_MAX_PLAYERS];
  HeartsCards  hand;
  HeartsCards  start_hand;                 /* the hand when play began, or 0 if unknown */
  HeartsCards  legal;
  HeartsCards  played;                     /* every card played, this trick's included */
  HeartsCards  out;                        /* cards the other seats hold between them */
  HeartsCards  may[HEARTS_MAX_PLAYERS];    /* cards another seat may hold */
  HeartsCards  must[HEARTS_MAX_PLAYERS];   /* cards another seat surely holds */
  HeartsCards  taken[HEARTS_MAX_PLAYERS];  /* cards each seat has won */
} HeartsAiSituation;

/* What the heuristic play takes into account beyond the cards. */
typedef struct
{
  gboolean moon_defense;  /* stop another player who is taking every point */
  gboolean moon_attack;   /* go for the moon when it is on */
  gboolean moon_plan;     /* go for it from the first card with a hand made for it */
  gboolean moon_always;   /* go for it whenever nobody else has taken a point */
  gboolean moon_watch;    /* a runner winning most tricks is a threat; a shooter takes a
                           * trick with points on it; under the runner's winning card a
                           * defender keeps its high cards and gives no point */
} HeartsAiStyle;

/* The Normal player. */
extern const HeartsAiStyle hearts_ai_style_normal;
/* The Normal player without moon_watch (as at 7c44bbc): the Hard player's model of every
 * seat in its playouts and of the others' plays. With moon_watch there, Hard measured
 * about 0.3 points a hand weaker against 7c44bbc's (issue #22, 200 deals). */
extern const HeartsAiStyle hearts_ai_style_model;
/* The Normal player's play with moon_always: the test shooter. */
extern const HeartsAiStyle hearts_ai_style_shooter;

void         hearts_ai_situation_from_view (HeartsAiSituation *sit,
                                            const HeartsView  *view);
/* @start_hands (may be NULL): each seat's hand when play began. */
void         hearts_ai_situation_from_deal (HeartsAiSituation *sit,
                                            const HeartsRules *rules,
                                            const HeartsDeal  *deal,
                                            const HeartsCards *start_hands);
HeartsCard   hearts_ai_policy_play         (const HeartsAiSituation *sit,
                                            const HeartsAiStyle     *style);
/* Whether a hand can take every trick that matters: few losers by the bridge count and
 * the ace of hearts. */
gboolean     hearts_ai_moon_hand           (HeartsCards        hand);
/* Seat that holds every point card taken so far, or -1. */
gint         hearts_ai_moon_runner         (const HeartsAiSituation *sit);

/* Passing. */
typedef enum
{
  HEARTS_AI_PASS_EASY,
  HEARTS_AI_PASS_NORMAL,
} HeartsAiPassStyle;

/* Estimated points the kept hand will cost; lower is better. */
double       hearts_ai_pass_cost           (const HeartsRules *rules,
                                            HeartsCards        kept,
                                            HeartsCards        passed,
                                            HeartsPassDirection dir);
/* Keeps a moon hand's winners: the smallest cards go, hearts last. */
HeartsCards  hearts_ai_pass_moon           (HeartsCards        hand);
HeartsCards  hearts_ai_pass_heuristic      (const HeartsRules *rules,
                                            HeartsCards        hand,
                                            HeartsPassDirection dir,
                                            HeartsAiPassStyle  style);
/* The @n best passes by hearts_ai_pass_cost, best first; returns how many. */
guint        hearts_ai_pass_candidates     (const HeartsRules *rules,
                                            HeartsCards        hand,
                                            HeartsPassDirection dir,
                                            HeartsCards       *passes,
                                            guint              n);

/* Sampling the hidden cards: fills the other hands of @deal (a copy of the view's deal)
 * with a deal of view->unseen that agrees with every void and known card. FALSE only
 * when the view contradicts itself; the deal is then filled ignoring the voids. */
gboolean     hearts_ai_sample_deal         (const HeartsView  *view,
                                            HeartsDeal        *deal,
                                            HeartsRng         *rng);

/* A seat's cost of a finished deal: its points less the mean of the others', times
 * n - 1 so that it stays a whole number. Lower is better. */
void         hearts_ai_deal_costs          (const HeartsDeal  *deal,
                                            const HeartsRules *rules,
                                            const gint        *totals,
                                            gint              *costs);
/* Plays @deal to its end with the heuristic policy for every seat, finishing with an
 * exact search once @exact_cards or fewer are left. */
void         hearts_ai_playout             (HeartsDeal        *deal,
                                            const HeartsRules *rules,
                                            const gint        *totals,
                                            guint              exact_cards,
                                            gint              *costs);
/* Exact play (max^n: each seat minimises its own cost) of a deal with few cards left;
 * fills @costs and returns the best card of the seat to play. */
HeartsCard   hearts_ai_solve               (const HeartsDeal  *deal,
                                            const HeartsRules *rules,
                                            const gint        *totals,
                                            gint              *costs);
/* @legal less the cards that play exactly like a lower one kept (no card still in
 * play between them, the same points). */
HeartsCards  hearts_ai_distinct_moves      (const HeartsDeal  *deal,
                                            const HeartsRules *rules,
                                            HeartsCards        legal);

G_END_DECLS
