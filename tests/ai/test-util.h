/* test-util.h: what the AI tests share
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <stdlib.h>

#include "hearts-ai.h"

/* HEARTS_TEST_SEED repeats a run; the seed is printed either way. */
static inline guint64
test_seed (void)
{
  const char *text = g_getenv ("HEARTS_TEST_SEED");
  guint64 seed = 20261121;

  if (text != NULL)
    seed = g_ascii_strtoull (text, NULL, 10);
  g_test_message ("seed %" G_GUINT64_FORMAT " (HEARTS_TEST_SEED repeats it)", seed);
  return seed;
}

/* A rules value drawn from every variant the game offers. */
static inline void
test_random_rules (HeartsRules *rules,
                   HeartsRng   *rng)
{
  hearts_rules_init_default (rules);
  rules->n_players = 3 + hearts_rng_below (rng, 3);
  rules->pass_cycle = hearts_rng_below (rng, HEARTS_N_PASS_CYCLES);
  rules->opening = hearts_rng_below (rng, HEARTS_N_OPENINGS);
  rules->first_trick = hearts_rng_below (rng, HEARTS_N_FIRST_TRICKS);
  rules->must_break_hearts = hearts_rng_below (rng, 2);
  rules->queen_breaks_hearts = hearts_rng_below (rng, 2);
  rules->omnibus = hearts_rng_below (rng, 2);
  rules->no_tricks_bonus = hearts_rng_below (rng, 2);
  rules->moon = hearts_rng_below (rng, HEARTS_N_MOONS);
  rules->three_deck = hearts_rng_below (rng, HEARTS_N_THREE_DECKS);
  g_assert_null (hearts_rules_check (rules));
}

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
