/* test-cards.c: card names and card sets
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n-lib.h>
#include <locale.h>

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

/* A list of card names is joined with the language's own words, the last two and the
 * others alike: Japanese and Chinese join with "、", not ", ". Runs in a subprocess, as
 * the language stays chosen for the rest of the process. */
static void
test_card_names_list_translated (void)
{
  g_autofree char *po_dir = g_test_build_filename (G_TEST_BUILT, "..", "po", NULL);
  g_autofree char *mo = g_build_filename (po_dir, "ja", "LC_MESSAGES", GETTEXT_PACKAGE ".mo", NULL);
  HeartsCard       two = HEARTS_TWO_OF_CLUBS;
  HeartsCard       ace = HEARTS_CARD (HEARTS_SUIT_HEARTS, HEARTS_RANK_ACE);
  HeartsCard       queen = HEARTS_QUEEN_OF_SPADES;
  g_autofree char *names = NULL;
  g_autofree char *two_name = NULL;
  g_autofree char *ace_name = NULL;
  g_autofree char *queen_name = NULL;
  g_autofree char *want = NULL;

  if (!g_file_test (mo, G_FILE_TEST_EXISTS))
    {
      g_test_skip ("po/ja is not built");
      return;
    }
  if (!g_test_subprocess ())
    {
      g_test_trap_subprocess (NULL, 0, G_TEST_SUBPROCESS_DEFAULT);
      g_test_trap_assert_passed ();
      return;
    }

  /* Not "C": gettext translates nothing there. */
  g_setenv ("LANGUAGE", "ja", TRUE);
  if (setlocale (LC_ALL, "C.UTF-8") == NULL)
    {
      g_test_skip ("no C.UTF-8 locale");
      return;
    }
  bindtextdomain (GETTEXT_PACKAGE, po_dir);
  bind_textdomain_codeset (GETTEXT_PACKAGE, "UTF-8");
  if (g_strcmp0 (g_dgettext (GETTEXT_PACKAGE, ", "), ", ") == 0)
    {
      g_test_skip ("this C library does not translate in the C.UTF-8 locale");
      return;
    }

  names = hearts_cards_get_names (HEARTS_CARD_BIT (two) | HEARTS_CARD_BIT (ace) | HEARTS_CARD_BIT (queen));
  two_name = hearts_card_get_name (two);
  ace_name = hearts_card_get_name (ace);
  queen_name = hearts_card_get_name (queen);
  g_assert_cmpstr (two_name, !=, "Two of Clubs");
  /* The order of hearts_cards_get_names (): clubs, diamonds, spades, hearts. */
  want = g_strconcat (two_name, g_dgettext (GETTEXT_PACKAGE, ", "), queen_name,
                      g_dgettext (GETTEXT_PACKAGE, " and "), ace_name, NULL);
  g_assert_cmpstr (names, ==, want);
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
  g_test_add_func ("/cards/names/list-translated", test_card_names_list_translated);

  return g_test_run ();
}
