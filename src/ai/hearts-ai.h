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

G_DEFINE_AUTOPTR_CLEANUP_FUNC (HeartsAi, hearts_ai_free)

G_END_DECLS
