/* hearts-ai.h: the computer players, behind one small interface
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "hearts-ai-level.h"
#include "hearts-engine.h"

G_BEGIN_DECLS

/* A player sees only a HeartsView: its own hand and what was played. One HeartsAi is
 * used by one thread at a time; the model runs it off the main loop. */
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
} HeartsAiClass;

struct _HeartsAi
{
  const HeartsAiClass *klass;
  HeartsAiLevel        level;
  HeartsRng            rng;
  guint64              seed;
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


G_DEFINE_AUTOPTR_CLEANUP_FUNC (HeartsAi, hearts_ai_free)

G_END_DECLS
