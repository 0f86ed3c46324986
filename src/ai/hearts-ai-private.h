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
  gboolean moon_bold;     /* go for it, or stop it, as soon as the runner's cards can take
                           * every trick that matters (in a playout every hand is known) */
  gboolean moon_alert;    /* stop any runner from its first point */
  gboolean moon_watch;    /* a runner winning most tricks is a threat; a shooter takes a
                           * trick with points on it; under the runner's winning card a
                           * defender keeps its high cards and gives no point */
} HeartsAiStyle;

/* The Normal player. */
extern const HeartsAiStyle hearts_ai_style_normal;
/* The Normal player of 7c44bbc (no moon_watch): the Hard player's model of every seat in
 * its playouts and of the others' plays. Measured against 7c44bbc's Hard (issue #22):
 * with moon_watch in the playouts and the inference, Hard lost about 0.3 points a hand. */
extern const HeartsAiStyle hearts_ai_style_model;
/* Every seat of the Hard player's playouts: a runner shoots, and the others stop it, as
 * soon as its cards make the moon possible. */
extern const HeartsAiStyle hearts_ai_style_playout;
/* The others of a playout in which the seat plays for the moon: they stop it from its
 * first point, as a searching player who sees it coming does (measured: with the
 * playout style, the moon plan expected twice the moons it made). */
extern const HeartsAiStyle hearts_ai_style_alert;
/* The Normal player's play with moon_always: the test shooter, and a seat's moon plan
 * in the Hard player's playouts. */
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
/* The losing-trick count of @hand against the cards @out in other hands: a moon
 * needs it small. */
guint        hearts_ai_moon_losers         (HeartsCards        hand,
                                            HeartsCards        out);
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

/* Inference (hearts-ai-infer.c). */
typedef enum
{
  HEARTS_AI_LEAD,
  HEARTS_AI_FOLLOW,
  HEARTS_AI_DISCARD,
  HEARTS_AI_N_PLAY_KINDS
} HeartsAiPlayKind;

typedef struct
{
  /* The weight of a sampled deal in which another seat made a play of this kind that
   * the Normal player would not have made; 1 ignores such plays. */
  double miss[HEARTS_AI_N_PLAY_KINDS];
  /* How likely another seat is to be going for the moon before its plays are seen: its
   * plays are weighed as the Normal player's and as the test shooter's, mixed so. */
  double shooter_prior;
} HeartsAiInference;

extern const HeartsAiInference hearts_ai_inference_default;

/* Whether two cards play alike in @deal: the same suit, the same points, no card in
 * play between them. */
gboolean     hearts_ai_plays_alike         (const HeartsDeal  *deal,
                                            const HeartsRules *rules,
                                            HeartsCard         a,
                                            HeartsCard         b);
/* What kind of play @card is, before it is played. */
HeartsAiPlayKind hearts_ai_play_kind       (const HeartsDeal  *deal,
                                            HeartsCard         card);
/* How likely @sample (a deal of the hidden cards, played to where @view is) is, given
 * the others' plays: 1 when every play is what the Normal player would have made.
 * @shooters (may be NULL) gets a bit per seat that, in this deal, more likely plays for
 * the moon (and still may). */
double       hearts_ai_history_weight      (const HeartsView  *view,
                                            const HeartsDeal  *sample,
                                            const HeartsAiInference *inference,
                                            guint             *shooters);

/* A finished deal as the search counts it: each seat's cost is its points less the mean
 * of the others', times n - 1 so that it stays a whole number (lower is better), with
 * the rules' moon scoring applied: a moon is worth to the shooter, and costs the others,
 * what it does at the table. */
typedef struct
{
  gint  costs[HEARTS_MAX_PLAYERS];
  gint8 shooter; /* the seat that shot the moon, or -1 */
} HeartsAiOutcome;

void         hearts_ai_deal_outcome        (const HeartsDeal  *deal,
                                            const HeartsRules *rules,
                                            const gint        *totals,
                                            HeartsAiOutcome   *out);
/* The work of the search is counted in cards played by the exact search; a card the
 * policy chooses costs about this many of them (instruction counts, callgrind). */
#define HEARTS_AI_POLICY_WORK 6

/* Plays @deal to its end with the heuristic policy for every seat, finishing with an
 * exact search once @exact_cards or fewer are left. The seats play @style, but those in
 * @shooters (a bit per seat) play for the moon while nobody else has taken a point
 * (hearts_ai_style_shooter). Returns the work done. */
guint        hearts_ai_playout             (HeartsDeal        *deal,
                                            const HeartsRules *rules,
                                            const gint        *totals,
                                            guint              exact_cards,
                                            const HeartsAiStyle *style,
                                            guint              shooters,
                                            HeartsAiOutcome   *out);
/* Exact play (max^n: each seat minimises its own cost) of a deal with few cards left,
 * past its first trick; fills @out and returns the best card of the seat to play.
 * Adds the cards it played to @work (may be NULL). */
HeartsCard   hearts_ai_solve               (const HeartsDeal  *deal,
                                            const HeartsRules *rules,
                                            const gint        *totals,
                                            HeartsAiOutcome   *out,
                                            guint             *work);
/* @legal less the cards that play exactly like a lower one kept (no card still in
 * play between them, the same points). */
HeartsCards  hearts_ai_distinct_moves      (const HeartsDeal  *deal,
                                            const HeartsRules *rules,
                                            HeartsCards        legal);

G_END_DECLS
