/* test-ai-legal.c: every level passes and plays only legal cards, in every variant
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include "test-util.h"

typedef struct
{
  HeartsAiLevel level;
  guint         n_hands;
} LegalCase;

static void
play_hand (HeartsAi         **ais,
           const HeartsRules *rules,
           guint              hand_index,
           HeartsRng         *rng,
           guint             *moves)
{
  HeartsDeal      deal;
  HeartsView      view;
  HeartsDealScore score;
  gint            totals[HEARTS_MAX_PLAYERS];

  /* Totals matter to the "shooter chooses" moon: make them vary. */
  for (guint s = 0; s < rules->n_players; s++)
    totals[s] = hearts_rng_below (rng, 120);

  hearts_deal_shuffle (&deal, rules, hearts_rng_below (rng, rules->n_players), hand_index, rng);

  if (deal.phase == HEARTS_DEAL_PASSING)
    {
      HeartsCards passes[HEARTS_MAX_PLAYERS];

      for (guint s = 0; s < rules->n_players; s++)
        {
          hearts_view_init (&view, rules, &deal, s, hand_index, totals);
          passes[s] = hearts_ai_choose_pass (ais[s], &view);
          g_assert_cmpint (hearts_deal_check_pass (&deal, rules, s, passes[s]), ==, HEARTS_REFUSAL_NONE);
          (*moves)++;
        }
      for (guint s = 0; s < rules->n_players; s++)
        g_assert_cmpint (hearts_deal_pass (&deal, rules, s, passes[s]), ==, HEARTS_REFUSAL_NONE);
    }

  while (deal.phase == HEARTS_DEAL_PLAYING)
    {
      guint         s = hearts_deal_get_current_player (&deal);
      HeartsCard    card;
      HeartsRefusal refusal;

      hearts_view_init (&view, rules, &deal, s, hand_index, totals);
      card = hearts_ai_choose_play (ais[s], &view);
      refusal = hearts_deal_play (&deal, rules, s, card);
      if (refusal != HEARTS_REFUSAL_NONE)
        {
          g_autofree char *rules_text = hearts_rules_to_string (rules);

          g_error ("%s played %s (%s) under %s", hearts_ai_get_name (ais[s]),
                   hearts_card_to_string (card), hearts_refusal_to_id (refusal), rules_text);
        }
      (*moves)++;
    }

  hearts_deal_score (&deal, rules, totals, &score);
}

static void
test_legal (gconstpointer data)
{
  const LegalCase *c = data;
  guint64          seed = hearts_test_seed ();
  HeartsRng        rng;
  HeartsAi        *ais[HEARTS_MAX_PLAYERS];
  guint            moves = 0;
  guint            seen_players = 0, seen_first = 0, seen_moon = 0;

  hearts_rng_init (&rng, seed ^ c->level);
  for (guint h = 0; h < c->n_hands; h++)
    {
      HeartsRules rules;

      hearts_test_random_rules (&rules, &rng);
      seen_players |= 1u << rules.n_players;
      seen_first |= 1u << rules.first_trick;
      seen_moon |= 1u << rules.moon;

      /* The level under test in most seats (every other seat for the slow Hard player),
       * the quick levels beside it for variety. */
      for (guint s = 0; s < HEARTS_MAX_PLAYERS; s++)
        {
          HeartsAiLevel level = c->level;

          if (s == 1 || (c->level == HEARTS_AI_HARD && s % 2 == 1))
            level = hearts_rng_below (&rng, HEARTS_AI_HARD);
          ais[s] = test_ai_new (level, seed + h * 8 + s);
        }
      play_hand (ais, &rules, h, &rng, &moves);
      for (guint s = 0; s < HEARTS_MAX_PLAYERS; s++)
        hearts_ai_free (ais[s]);
    }

  /* The variants really were all drawn. */
  g_assert_cmpuint (seen_players, ==, (1u << 3) | (1u << 4) | (1u << 5));
  g_assert_cmpuint (seen_first, ==, (1u << HEARTS_N_FIRST_TRICKS) - 1);
  g_assert_cmpuint (seen_moon, ==, (1u << HEARTS_N_MOONS) - 1);
  g_test_message ("%u hands, %u moves", c->n_hands, moves);
}

/* Every variant of the pass cycle and deck, passing straight from dealt hands. */
static void
test_pass_shapes (void)
{
  guint64   seed = hearts_test_seed ();
  HeartsRng rng;

  hearts_rng_init (&rng, seed);
  for (guint level = 0; level < HEARTS_N_AI_LEVELS; level++)
    for (guint i = 0; i < 300; i++)
      {
        g_autoptr(HeartsAi) ai = test_ai_new (level, seed + i);
        HeartsRules rules;
        HeartsDeal  deal;
        HeartsView  view;
        HeartsCards pass;
        guint       seat;

        hearts_test_random_rules (&rules, &rng);
        if (rules.pass_cycle == HEARTS_PASS_CYCLE_NONE)
          continue;
        hearts_deal_shuffle (&deal, &rules, 0, hearts_rng_below (&rng, 2), &rng);
        if (deal.phase != HEARTS_DEAL_PASSING)
          continue;
        seat = hearts_rng_below (&rng, rules.n_players);
        hearts_view_init (&view, &rules, &deal, seat, 0, NULL);
        pass = hearts_ai_choose_pass (ai, &view);
        g_assert_cmpuint (hearts_cards_count (pass), ==, HEARTS_PASS_SIZE);
        g_assert_cmpuint (pass & ~deal.hands[seat], ==, 0);
      }
}

int
main (int   argc,
      char *argv[])
{
  static const LegalCase cases[] = {
    { HEARTS_AI_RANDOM, 3000 },
    { HEARTS_AI_EASY, 3000 },
    { HEARTS_AI_NORMAL, 3000 },
    { HEARTS_AI_HARD, 2000 },
  };

  g_test_init (&argc, &argv, NULL);

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *path = g_strdup_printf ("/ai/legal/%s", hearts_ai_level_to_string (cases[i].level));

      g_test_add_data_func (path, &cases[i], test_legal);
    }
  g_test_add_func ("/ai/legal/pass-shapes", test_pass_shapes);
  return g_test_run ();
}
