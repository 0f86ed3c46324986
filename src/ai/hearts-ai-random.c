/* hearts-ai-random.c: uniformly random legal play, the baseline every level must beat
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include "hearts-ai-private.h"

static HeartsCards
random_choose_pass (HeartsAi         *ai,
                    const HeartsView *view)
{
  HeartsCards hand = view->deal.hands[view->seat];
  HeartsCards pass = 0;

  for (guint i = 0; i < HEARTS_PASS_SIZE; i++)
    pass |= HEARTS_CARD_BIT (hearts_cards_pick_random (hand & ~pass, &ai->rng));
  return pass;
}

static HeartsCard
random_choose_play (HeartsAi         *ai,
                    const HeartsView *view)
{
  return hearts_cards_pick_random (hearts_deal_get_legal (&view->deal, &view->rules), &ai->rng);
}

static void
random_free (HeartsAi *ai)
{
  g_free (ai);
}

static const HeartsAiClass random_class = {
  .name = "random",
  .choose_pass = random_choose_pass,
  .choose_play = random_choose_play,
  .free = random_free,
};

HeartsAi *
hearts_ai_random_new (void)
{
  HeartsAi *ai = g_new0 (HeartsAi, 1);

  ai->klass = &random_class;
  return ai;
}
