/* hearts-ai-level.h: the computer players' levels, for those who only name them
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

typedef enum
{
  HEARTS_AI_RANDOM,  /* uniformly random legal play: the baseline */
  HEARTS_AI_EASY,
  HEARTS_AI_NORMAL,
  HEARTS_AI_HARD,
  HEARTS_N_AI_LEVELS
} HeartsAiLevel;

typedef struct _HeartsAi HeartsAi;

const char   *hearts_ai_level_to_string   (HeartsAiLevel  level);
gboolean      hearts_ai_level_from_string (const char    *text,
                                           HeartsAiLevel *level);

G_END_DECLS
