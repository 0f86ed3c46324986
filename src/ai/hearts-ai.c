/* hearts-ai.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include "hearts-ai-private.h"

static const char *level_names[] = { "random", "easy", "normal", "hard" };
G_STATIC_ASSERT (G_N_ELEMENTS (level_names) == HEARTS_N_AI_LEVELS);

HeartsAi *
hearts_ai_new (HeartsAiLevel level,
               guint64       seed)
{
  HeartsAi *ai;

  switch (level)
    {
    /* Until the stronger players land every level plays legal random cards. */
    case HEARTS_AI_RANDOM:
    case HEARTS_AI_EASY:
    case HEARTS_AI_NORMAL:
    case HEARTS_AI_HARD:
      ai = hearts_ai_random_new ();
      break;
    case HEARTS_N_AI_LEVELS:
    default:
      g_return_val_if_reached (NULL);
    }

  ai->level = level;
  ai->seed = seed;
  hearts_rng_init (&ai->rng, seed);
  return ai;
}

void
hearts_ai_free (HeartsAi *ai)
{
  if (ai != NULL)
    ai->klass->free (ai);
}

const char *
hearts_ai_get_name (HeartsAi *ai)
{
  return ai->klass->name;
}

HeartsCards
hearts_ai_choose_pass (HeartsAi         *ai,
                       const HeartsView *view)
{
  return ai->klass->choose_pass (ai, view);
}

HeartsCard
hearts_ai_choose_play (HeartsAi         *ai,
                       const HeartsView *view)
{
  return ai->klass->choose_play (ai, view);
}

gboolean
hearts_ai_set_option (HeartsAi   *ai,
                      const char *name,
                      const char *value)
{
  if (g_strcmp0 (name, "seed") == 0)
    {
      guint64 seed;

      if (!g_ascii_string_to_unsigned (value, 10, 0, G_MAXUINT64, &seed, NULL))
        return FALSE;
      ai->seed = seed;
      hearts_rng_init (&ai->rng, seed);
      return TRUE;
    }
  if (ai->klass->set_option != NULL)
    return ai->klass->set_option (ai, name, value);
  return FALSE;
}

const char *
hearts_ai_level_to_string (HeartsAiLevel level)
{
  return (guint) level < HEARTS_N_AI_LEVELS ? level_names[level] : "unknown";
}

gboolean
hearts_ai_level_from_string (const char    *text,
                             HeartsAiLevel *level)
{
  for (guint i = 0; i < HEARTS_N_AI_LEVELS; i++)
    if (g_strcmp0 (text, level_names[i]) == 0)
      {
        *level = i;
        return TRUE;
      }
  return FALSE;
}
