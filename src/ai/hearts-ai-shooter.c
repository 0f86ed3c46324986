/* hearts-ai-shooter.c: a test opponent that goes for the moon whenever it can
 *
 * Not a level: only the tests and hearts-arena use it, to see how often the others let
 * a determined shooter through. It keeps its high cards in the pass and plays for every
 * point until another seat has taken one, then plays as the Normal player.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include "hearts-ai-private.h"

static HeartsCards
shooter_choose_pass (HeartsAi         *ai,
                     const HeartsView *view)
{
  return hearts_ai_pass_moon (view->deal.hands[view->seat]);
}

static HeartsCard
shooter_choose_play (HeartsAi         *ai,
                     const HeartsView *view)
{
  HeartsAiSituation sit;

  hearts_ai_situation_from_view (&sit, view);
  return hearts_ai_policy_play (&sit, &hearts_ai_style_shooter);
}

static void
shooter_free (HeartsAi *ai)
{
  g_free (ai);
}

static const HeartsAiClass shooter_class = {
  .name = "shooter",
  .choose_pass = shooter_choose_pass,
  .choose_play = shooter_choose_play,
  .free = shooter_free,
};

HeartsAi *
hearts_ai_shooter_new (void)
{
  HeartsAi *ai = g_new0 (HeartsAi, 1);

  ai->klass = &shooter_class;
  return ai;
}
