/* hearts-ai-normal.c: a strong heuristic player that counts cards
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include "hearts-ai-private.h"

static HeartsCards
normal_choose_pass (HeartsAi         *ai,
                    const HeartsView *view)
{
  return hearts_ai_pass_heuristic (&view->rules, view->deal.hands[view->seat],
                                   view->deal.pass, HEARTS_AI_PASS_NORMAL);
}

static HeartsCard
normal_choose_play (HeartsAi         *ai,
                    const HeartsView *view)
{
  HeartsAiSituation sit;

  hearts_ai_situation_from_view (&sit, view);
  return hearts_ai_policy_play (&sit, &hearts_ai_style_normal);
}

static void
normal_free (HeartsAi *ai)
{
  g_free (ai);
}

static const HeartsAiClass normal_class = {
  .name = "normal",
  .choose_pass = normal_choose_pass,
  .choose_play = normal_choose_play,
  .free = normal_free,
};

HeartsAi *
hearts_ai_normal_new (void)
{
  HeartsAi *ai = g_new0 (HeartsAi, 1);

  ai->klass = &normal_class;
  return ai;
}
