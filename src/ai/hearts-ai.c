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
    case HEARTS_AI_RANDOM:
      ai = hearts_ai_random_new ();
      break;
    case HEARTS_AI_EASY:
      ai = hearts_ai_easy_new ();
      break;
    case HEARTS_AI_NORMAL:
      ai = hearts_ai_normal_new ();
      break;
    case HEARTS_AI_HARD:
      ai = hearts_ai_hard_new ();
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

HeartsAi *
hearts_ai_new_test_shooter (guint64 seed)
{
  HeartsAi *ai = hearts_ai_shooter_new ();

  /* It plays as the Normal player once its moon is gone. */
  ai->level = HEARTS_AI_NORMAL;
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

void
hearts_ai_stop (HeartsAi *ai)
{
  g_return_if_fail (ai != NULL);

  g_atomic_int_set (&ai->stopped, TRUE);
  if (ai->klass->stop != NULL)
    ai->klass->stop (ai);
}

gboolean
hearts_ai_is_stopped (HeartsAi *ai)
{
  return g_atomic_int_get (&ai->stopped);
}

void
hearts_ai_reset_stop (HeartsAi *ai)
{
  g_return_if_fail (ai != NULL);

  g_atomic_int_set (&ai->stopped, FALSE);
}

guint64
hearts_ai_move_seed (HeartsAi         *ai,
                     const HeartsView *view)
{
  guint64 words[] = {
    view->deal.hands[view->seat],
    view->deal.played,
    view->deal.n_plays | (guint64) view->seat << 8 | (guint64) view->deal.phase << 16,
  };
  guint64 h = ai->seed;

  /* splitmix64's finaliser over what the view shows. */
  for (guint i = 0; i < G_N_ELEMENTS (words); i++)
    {
      h ^= words[i] + G_GUINT64_CONSTANT (0x9e3779b97f4a7c15);
      h = (h ^ (h >> 30)) * G_GUINT64_CONSTANT (0xbf58476d1ce4e5b9);
      h = (h ^ (h >> 27)) * G_GUINT64_CONSTANT (0x94d049bb133111eb);
      h ^= h >> 31;
    }
  return h;
}

static gboolean
is_number (const char *value,
           guint64     max)
{
  return g_ascii_string_to_unsigned (value, 10, 0, max, NULL, NULL);
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
      /* A player may want it too (an external engine does). */
      if (ai->klass->set_option != NULL)
        ai->klass->set_option (ai, name, value);
      return TRUE;
    }
  if (ai->klass->set_option != NULL && ai->klass->set_option (ai, name, value))
    return TRUE;

  /* The search options mean nothing to a player that does not search, but are valid. */
  if (ai->klass->set_option == NULL &&
      (g_strcmp0 (name, "movetime") == 0 || g_strcmp0 (name, "threads") == 0 ||
       g_strcmp0 (name, "samples") == 0 || g_strcmp0 (name, "pass-samples") == 0))
    return is_number (value, G_MAXUINT32);
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
