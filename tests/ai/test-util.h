/* test-util.h: what the AI tests share besides tests/lib
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <stdlib.h>

#include "hearts-ai.h"
#include "hearts-test-util.h"

/* A Hard player quick enough for tests: a fixed, small search on one thread. */
static const char *test_hard_options[][2] = {
  { "threads", "1" },
  { "movetime", "0" },
  { "samples", "4" },
  { "pass-samples", "2" },
  { "exact-tricks", "2" },
};

static inline HeartsAi *
test_ai_new (HeartsAiLevel level,
             guint64       seed)
{
  HeartsAi *ai = hearts_ai_new (level, seed);

  if (level == HEARTS_AI_HARD)
    for (guint i = 0; i < G_N_ELEMENTS (test_hard_options); i++)
      g_assert_true (hearts_ai_set_option (ai, test_hard_options[i][0], test_hard_options[i][1]));
  return ai;
}
