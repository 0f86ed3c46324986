/* test-cards.c: card names and card sets
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "hearts-engine.h"

static void
test_card_names_round_trip (void)
{
  HeartsCards all = HEARTS_FULL_DECK;
  HeartsCard  card;
  guint       n = 0;

  HEARTS_CARDS_FOREACH (card, all)
    {
      HeartsCard back;

      g_assert_true (hearts_card_from_string (hearts_card_to_string (card), &back));
      g_assert_cmpuint (back, ==, card);
      n++;
    }
  g_assert_cmpuint (n, ==, 52);
}

static void
test_card_names_known (void)
{
  HeartsCard card;

  g_assert_true (hearts_card_from_string ("QS", &card));
  g_assert_cmpuint (card, ==, HEARTS_QUEEN_OF_SPADES);
  g_assert_true (hearts_card_from_string ("2C", &card));
  g_assert_cmpuint (card, ==, HEARTS_TWO_OF_CLUBS);
  g_assert_true (hearts_card_from_string ("TD", &card));
  g_assert_cmpuint (card, ==, HEARTS_CARD (HEARTS_SUIT_DIAMONDS, HEARTS_RANK_TEN));
  g_assert_cmpstr (hearts_card_to_string (HEARTS_CARD (HEARTS_SUIT_HEARTS, HEARTS_RANK_ACE)), ==, "AH");
}

static void
test_card_names_bad (void)
{
  const char *bad[] = { "", "Q", "QSX", "1S", "QX", "10H", "  " };
  HeartsCard  card;
  HeartsCards cards;

  for (guint i = 0; i < G_N_ELEMENTS (bad); i++)
    g_assert_false (hearts_card_from_string (bad[i], &card));

  g_assert_false (hearts_cards_from_string ("2C 2C", &cards));
  g_assert_false (hearts_cards_from_string ("2C 3", &cards));
  g_assert_false (hearts_cards_from_string ("2C3C", &cards));
  g_assert_true (hearts_cards_from_string (" 2C, 3C  QS ", &cards));
  g_assert_cmpuint (hearts_cards_count (cards), ==, 3);
}

static void
test_card_sets_print_in_order (void)
{
  HeartsCards      cards;
  g_autofree char *text = NULL;

  g_assert_true (hearts_cards_from_string ("AH QS 2C TD", &cards));
  text = hearts_cards_to_string (cards);
  g_assert_cmpstr (text, ==, "2C TD QS AH");
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/cards/names/round-trip", test_card_names_round_trip);
  g_test_add_func ("/cards/names/known", test_card_names_known);
  g_test_add_func ("/cards/names/bad", test_card_names_bad);
  g_test_add_func ("/cards/sets/print-in-order", test_card_sets_print_in_order);

  return g_test_run ();
}
