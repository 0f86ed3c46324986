/* hearts-cards.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#include "hearts-cards.h"

static const char rank_letters[] = "23456789TJQKA";
static const char suit_letters[] = "CDSH";

/* Every name is two letters and a NUL, so the table is the string storage. */
static const char card_names[64][3] = {
#define ROW(s)                                                                 \
  { '2', s, 0 }, { '3', s, 0 }, { '4', s, 0 }, { '5', s, 0 }, { '6', s, 0 },   \
    { '7', s, 0 }, { '8', s, 0 }, { '9', s, 0 }, { 'T', s, 0 }, { 'J', s, 0 }, \
    { 'Q', s, 0 }, { 'K', s, 0 }, { 'A', s, 0 }, { 0 }, { 0 }, { 0 }
  ROW ('C'), ROW ('D'), ROW ('S'), ROW ('H')
#undef ROW
};

/* hearts_cards_byte_select[b][r]: where the r-th (from 0) set bit of the byte b lies,
 * which is how many of the prefixes b & 1, b & 3, … b & 0x7f hold at most r set bits. */
#define B(b, i) (((b) >> (i)) & 1)
#define AT_MOST(b, r, p)                                                                       \
  (B (b, 0) + ((p) > 0 ? B (b, 1) : 0) + ((p) > 1 ? B (b, 2) : 0) + ((p) > 2 ? B (b, 3) : 0) + \
     ((p) > 3 ? B (b, 4) : 0) + ((p) > 4 ? B (b, 5) : 0) + ((p) > 5 ? B (b, 6) : 0) <=         \
   (r))
#define SELECT(b, r) (AT_MOST (b, r, 0) + AT_MOST (b, r, 1) + AT_MOST (b, r, 2) + \
                      AT_MOST (b, r, 3) + AT_MOST (b, r, 4) + AT_MOST (b, r, 5) + \
                      AT_MOST (b, r, 6))
#define ROW(b)                                                   \
  {                                                              \
    SELECT (b, 0), SELECT (b, 1), SELECT (b, 2), SELECT (b, 3),  \
      SELECT (b, 4), SELECT (b, 5), SELECT (b, 6), SELECT (b, 7) \
  }
#define ROWS16(h) ROW (h * 16 + 0), ROW (h * 16 + 1), ROW (h * 16 + 2), ROW (h * 16 + 3),   \
                  ROW (h * 16 + 4), ROW (h * 16 + 5), ROW (h * 16 + 6), ROW (h * 16 + 7),   \
                  ROW (h * 16 + 8), ROW (h * 16 + 9), ROW (h * 16 + 10), ROW (h * 16 + 11), \
                  ROW (h * 16 + 12), ROW (h * 16 + 13), ROW (h * 16 + 14), ROW (h * 16 + 15)

const guint8 hearts_cards_byte_select[256][8] = {
  ROWS16 (0),
  ROWS16 (1),
  ROWS16 (2),
  ROWS16 (3),
  ROWS16 (4),
  ROWS16 (5),
  ROWS16 (6),
  ROWS16 (7),
  ROWS16 (8),
  ROWS16 (9),
  ROWS16 (10),
  ROWS16 (11),
  ROWS16 (12),
  ROWS16 (13),
  ROWS16 (14),
  ROWS16 (15),
};

#undef B
#undef AT_MOST
#undef SELECT
#undef ROW
#undef ROWS16

gboolean
hearts_card_is_valid (HeartsCard card)
{
  return card < 64 && HEARTS_CARD_RANK (card) < HEARTS_N_RANKS;
}

const char *
hearts_card_to_string (HeartsCard card)
{
  if (!hearts_card_is_valid (card))
    return "??";
  return card_names[card];
}

gboolean
hearts_card_from_string (const char *text,
                         HeartsCard *card)
{
  const char *r, *s;

  g_return_val_if_fail (card != NULL, FALSE);

  if (text == NULL || text[0] == '\0' || text[1] == '\0' || text[2] != '\0')
    return FALSE;

  r = strchr (rank_letters, g_ascii_toupper (text[0]));
  s = strchr (suit_letters, g_ascii_toupper (text[1]));
  if (r == NULL || s == NULL || *r == '\0' || *s == '\0')
    return FALSE;

  *card = HEARTS_CARD (s - suit_letters, r - rank_letters);
  return TRUE;
}

char *
hearts_cards_to_string (HeartsCards cards)
{
  GString   *out = g_string_sized_new (3 * hearts_cards_count (cards) + 1);
  HeartsCard card;

  HEARTS_CARDS_FOREACH (card, cards)
    {
      if (out->len > 0)
        g_string_append_c (out, ' ');
      g_string_append (out, card_names[card]);
    }

  return g_string_free (out, FALSE);
}

gboolean
hearts_cards_from_string (const char  *text,
                          HeartsCards *cards)
{
  HeartsCards set = 0;
  const char *p = text;

  g_return_val_if_fail (cards != NULL, FALSE);

  if (text == NULL)
    return FALSE;

  while (*p != '\0')
    {
      char       name[3];
      HeartsCard card;

      if (g_ascii_isspace (*p) || *p == ',')
        {
          p++;
          continue;
        }

      if (p[1] == '\0' || !(p[2] == '\0' || g_ascii_isspace (p[2]) || p[2] == ','))
        return FALSE;

      name[0] = p[0];
      name[1] = p[1];
      name[2] = '\0';
      if (!hearts_card_from_string (name, &card) || hearts_cards_has (set, card))
        return FALSE;

      set |= HEARTS_CARD_BIT (card);
      p += 2;
    }

  *cards = set;
  return TRUE;
}

char *
hearts_card_get_name (HeartsCard card)
{
  /* Whole phrases, so that translators can order and inflect them. */
  static const char *names[HEARTS_N_SUITS][HEARTS_N_RANKS] = {
    { N_("Two of Clubs"), N_("Three of Clubs"), N_("Four of Clubs"), N_("Five of Clubs"),
                                                                            N_("Six of Clubs"), N_("Seven of Clubs"), N_("Eight of Clubs"), N_("Nine of Clubs"),
                                                                                                                                                   N_("Ten of Clubs"), N_("Jack of Clubs"), N_("Queen of Clubs"), N_("King of Clubs"),
                                                                                                                                                                                                                         N_("Ace of Clubs") },
                                                                                                                                                                                                  { N_("Two of Diamonds"), N_("Three of Diamonds"), N_("Four of Diamonds"),
                                                                                                                                                                                                                                                          N_("Five of Diamonds"), N_("Six of Diamonds"), N_("Seven of Diamonds"),
                                                                                                                                                                                                                                                                                                               N_("Eight of Diamonds"), N_("Nine of Diamonds"), N_("Ten of Diamonds"),
                                                                                                                                                                                                                                                                                                                                                                      N_("Jack of Diamonds"), N_("Queen of Diamonds"), N_("King of Diamonds"),
                                                                                                                                                                                                                                                                                                                                                                                                                             N_("Ace of Diamonds") },
                                                                                                                                                                                                                                                                                                                                                                                                   { N_("Two of Spades"), N_("Three of Spades"), N_("Four of Spades"), N_("Five of Spades"),
                                                                                                                                                                                                                                                                                                                                                                                                                                                                              N_("Six of Spades"), N_("Seven of Spades"), N_("Eight of Spades"), N_("Nine of Spades"),
                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                        N_("Ten of Spades"), N_("Jack of Spades"), N_("Queen of Spades"), N_("King of Spades"),
                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                 N_("Ace of Spades") },
                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                         { N_("Two of Hearts"), N_("Three of Hearts"), N_("Four of Hearts"), N_("Five of Hearts"),
                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                    N_("Six of Hearts"), N_("Seven of Hearts"), N_("Eight of Hearts"), N_("Nine of Hearts"),
                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                              N_("Ten of Hearts"), N_("Jack of Hearts"), N_("Queen of Hearts"), N_("King of Hearts"),
                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                       N_("Ace of Hearts") },
                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                              };

  if (!hearts_card_is_valid (card))
    return g_strdup ("?");

  return g_strdup (g_dgettext (GETTEXT_PACKAGE,
                               names[HEARTS_CARD_SUIT (card)][HEARTS_CARD_RANK (card)]));
}

char *
hearts_cards_get_names (HeartsCards cards)
{
  GString   *names = g_string_new (NULL);
  guint      i = 0, count = hearts_cards_count (cards);
  HeartsCard card;

  HEARTS_CARDS_FOREACH (card, cards)
    {
      g_autofree char *name = hearts_card_get_name (card);

      if (i > 0)
        /* Translators: between card names, as in "Two of Clubs, Ace of Hearts and Queen of Spades" */
        g_string_append (names, i + 1 == count ? _(" and ") : _(", "));
      g_string_append (names, name);
      i++;
    }
  return g_string_free (names, FALSE);
}

const char *
hearts_suit_get_symbol (HeartsSuit suit)
{
  static const char *symbols[] = { "♣", "♦", "♠", "♥" };

  g_return_val_if_fail (suit < HEARTS_N_SUITS, "?");
  return symbols[suit];
}
