/* hearts-ai.h: the computer players, behind one small interface
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "hearts-ai-level.h"
#include "hearts-engine.h"

G_BEGIN_DECLS

/* A player sees only a HeartsView: its own hand and what was played. One HeartsAi is
 * used by one thread at a time; the model runs it off the main loop. hearts_ai_stop()
 * is the exception: any thread may call it while another thinks. */
typedef struct
{
  const char *name;
  HeartsCards (*choose_pass) (HeartsAi         *ai,
                              const HeartsView *view);
  HeartsCard  (*choose_play) (HeartsAi         *ai,
                              const HeartsView *view);
  gboolean    (*set_option)  (HeartsAi         *ai,
                              const char       *name,
                              const char       *value);
  void        (*free)        (HeartsAi         *ai);
  /* Optional, called from any thread after the stop flag is set: wakes a player that
   * waits on something other than its own computation (an engine's answer). */
  void        (*stop)        (HeartsAi         *ai);
} HeartsAiClass;

struct _HeartsAi
{
  const HeartsAiClass *klass;
  HeartsAiLevel        level;
  HeartsRng            rng;
  guint64              seed;
  gint                 stopped;  /* atomic: see hearts_ai_stop() */
};

HeartsAi     *hearts_ai_new            (HeartsAiLevel     level,
                                        guint64           seed);
/* A test opponent, not a level (never offered to players): it keeps its winners in the
 * pass and goes for the moon whenever no other seat has taken a point. */
HeartsAi     *hearts_ai_new_test_shooter (guint64         seed);
void          hearts_ai_free           (HeartsAi         *ai);
const char   *hearts_ai_get_name       (HeartsAi         *ai);
HeartsCards   hearts_ai_choose_pass    (HeartsAi         *ai,
                                        const HeartsView *view);
HeartsCard    hearts_ai_choose_play    (HeartsAi         *ai,
                                        const HeartsView *view);
/* "seed", "movetime" (ms), "threads"...; FALSE for an unknown name or bad value. */
gboolean      hearts_ai_set_option     (HeartsAi         *ai,
                                        const char       *name,
                                        const char       *value);

/* Thread-safe: asks a thinking player to answer now (the Hard player with its best so
 * far, an external engine's player with its stand-in's move). The stop lasts until
 * hearts_ai_reset_stop(), so one that arrives before the thinking starts is not lost:
 * the owner resets it between moves, never while a stop may be on its way. */
void          hearts_ai_stop           (HeartsAi         *ai);
gboolean      hearts_ai_is_stopped     (HeartsAi         *ai);
void          hearts_ai_reset_stop     (HeartsAi         *ai);

/* The Hard player's opinion of each move it considers, for the hand review: its own
 * search, from @view alone, returning every candidate's expected points rather than
 * the choice. Points are the seat's points less the mean of the others' (what the Hard
 * player minimises: a moon shot that gives the others 26 is good), averaged over the
 * sampled deals; lower is better. Deterministic with "movetime" 0: the result then
 * depends on the view, the seed and the sample budget only. hearts_ai_stop() cuts it
 * short like a move. */
#define HEARTS_AI_MAX_EVALUATED 24

typedef struct
{
  guint       n_moves;
  guint       best;                             /* index of the Hard player's choice */
  HeartsCards moves[HEARTS_AI_MAX_EVALUATED];   /* one card, or a pass of three */
  double      points[HEARTS_AI_MAX_EVALUATED];
  /* How likely the hand then ends with a moon by this seat, and by another, under the
   * plan the move is best played with (as points: the moon or not). */
  double      own_moon[HEARTS_AI_MAX_EVALUATED];
  double      their_moon[HEARTS_AI_MAX_EVALUATED];
} HeartsAiEvaluation;

/* @ai must be a Hard player. FALSE unless @view's seat is to play. Cards that play
 * alike (hearts_ai_distinct_moves) are one move, named by the lowest. */
gboolean      hearts_ai_evaluate_play  (HeartsAi           *ai,
                                        const HeartsView   *view,
                                        HeartsAiEvaluation *eval);
/* The index of the move that @card plays like, or n_moves. */
guint         hearts_ai_evaluation_find_play (const HeartsAiEvaluation *eval,
                                              const HeartsView         *view,
                                              HeartsCard                card);
/* The best passes by the heuristic and the Normal player's, with @pass among them (it
 * replaces the last when they are full). FALSE unless @view's seat is to pass @pass. */
gboolean      hearts_ai_evaluate_pass  (HeartsAi           *ai,
                                        const HeartsView   *view,
                                        HeartsCards         pass,
                                        HeartsAiEvaluation *eval);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (HeartsAi, hearts_ai_free)

G_END_DECLS
