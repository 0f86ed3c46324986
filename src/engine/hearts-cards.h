/* hearts-cards.h: cards and sets of cards as bits of a guint64
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* A card is suit * 16 + rank, rank 0 is the two and 12 the ace, so that each suit
 * is one 16-bit lane of a HeartsCards set and "highest of a suit" is one clz. */
typedef guint8  HeartsCard;
typedef guint64 HeartsCards;

typedef enum
{
  HEARTS_SUIT_CLUBS,
  HEARTS_SUIT_DIAMONDS,
  HEARTS_SUIT_SPADES,
  HEARTS_SUIT_HEARTS,
  HEARTS_N_SUITS
} HeartsSuit;

enum
{
  HEARTS_RANK_TWO = 0,
  HEARTS_RANK_TEN = 8,
  HEARTS_RANK_JACK = 9,
  HEARTS_RANK_QUEEN = 10,
  HEARTS_RANK_KING = 11,
  HEARTS_RANK_ACE = 12,
  HEARTS_N_RANKS = 13
};

#define HEARTS_NO_CARD            ((HeartsCard) 0xff)
#define HEARTS_CARD(suit, rank)   ((HeartsCard) ((suit) * 16 + (rank)))
#define HEARTS_CARD_SUIT(c)       ((HeartsSuit) ((c) >> 4))
#define HEARTS_CARD_RANK(c)       ((guint) ((c) & 15))
#define HEARTS_CARD_BIT(c)        (G_GUINT64_CONSTANT (1) << (c))
#define HEARTS_SUIT_MASK(suit)    (G_GUINT64_CONSTANT (0x1fff) << ((suit) * 16))
#define HEARTS_FULL_DECK          (G_GUINT64_CONSTANT (0x1fff1fff1fff1fff))

#define HEARTS_TWO_OF_CLUBS       HEARTS_CARD (HEARTS_SUIT_CLUBS, HEARTS_RANK_TWO)
#define HEARTS_THREE_OF_CLUBS     HEARTS_CARD (HEARTS_SUIT_CLUBS, 1)
#define HEARTS_TWO_OF_DIAMONDS    HEARTS_CARD (HEARTS_SUIT_DIAMONDS, HEARTS_RANK_TWO)
#define HEARTS_JACK_OF_DIAMONDS   HEARTS_CARD (HEARTS_SUIT_DIAMONDS, HEARTS_RANK_JACK)
#define HEARTS_QUEEN_OF_SPADES    HEARTS_CARD (HEARTS_SUIT_SPADES, HEARTS_RANK_QUEEN)
#define HEARTS_HEARTS_MASK        HEARTS_SUIT_MASK (HEARTS_SUIT_HEARTS)
#define HEARTS_POINT_CARDS        (HEARTS_HEARTS_MASK | HEARTS_CARD_BIT (HEARTS_QUEEN_OF_SPADES))

/* Broadword helpers (Vigna, "Broadword implementation of rank/select queries"): the
 * simulator and the AI's playouts count and pick cards millions of times a second, and
 * the baseline x86-64 and aarch64 targets have no scalar popcount or bit-select
 * instruction. */
#define HEARTS_BYTES_1    G_GUINT64_CONSTANT (0x0101010101010101)
#define HEARTS_BYTES_0x80 G_GUINT64_CONSTANT (0x8080808080808080)

/* Byte i of the result: how many cards lie in bytes 0 … i of @cards. */
static inline guint64
hearts_cards_byte_sums (HeartsCards cards)
{
  guint64 x = cards - ((cards >> 1) & G_GUINT64_CONSTANT (0x5555555555555555));

  x = (x & G_GUINT64_CONSTANT (0x3333333333333333)) +
      ((x >> 2) & G_GUINT64_CONSTANT (0x3333333333333333));
  x = (x + (x >> 4)) & G_GUINT64_CONSTANT (0x0f0f0f0f0f0f0f0f);
  return x * HEARTS_BYTES_1;
}

/* The bit offset of the first byte of @sums (running counts, as from
 * hearts_cards_byte_sums) above @n, which must be below the last. The counts only
 * grow, so the bytes at most @n come first: the answer follows their flags. */
static inline guint
hearts_bytes_first_above (guint64 sums,
                          guint   n)
{
  guint64 at_most = (((n * HEARTS_BYTES_1) | HEARTS_BYTES_0x80) - sums) & HEARTS_BYTES_0x80;

  return (guint) __builtin_ctzll (at_most ^ HEARTS_BYTES_0x80) - 7;
}

static inline guint
hearts_cards_count (HeartsCards cards)
{
#ifdef __POPCNT__
  return (guint) __builtin_popcountll (cards);
#else
  /* Without the popcnt instruction GCC calls a slow libgcc helper; this is faster. */
  return (guint) (hearts_cards_byte_sums (cards) >> 56);
#endif
}

/* For hearts_cards_nth: [b][r] is the position of the r-th set bit of the byte b. */
extern const guint8 hearts_cards_byte_select[256][8];

/* The @n-th lowest card of @cards, from 0; @n must be below the count. Without
 * branches: random play asks for an unpredictable @n, and a loop that clears @n
 * low bits would mispredict its exit nearly every time. @sums is
 * hearts_cards_byte_sums (@cards), which the caller often has already. */
static inline HeartsCard
hearts_cards_nth_with_sums (HeartsCards cards,
                            guint64     sums,
                            guint       n)
{
  guint shift = hearts_bytes_first_above (sums, n);
  guint before = (guint) ((sums << 8) >> shift) & 0xff;
  guint byte = (guint) (cards >> shift) & 0xff;

  return (HeartsCard) (shift + hearts_cards_byte_select[byte][n - before]);
}

static inline HeartsCard
hearts_cards_nth (HeartsCards cards,
                  guint       n)
{
  return hearts_cards_nth_with_sums (cards, hearts_cards_byte_sums (cards), n);
}

static inline gboolean
hearts_cards_has (HeartsCards cards,
                  HeartsCard  card)
{
  return (cards & HEARTS_CARD_BIT (card)) != 0;
}

/* Lowest card of the set; the set must not be empty. */
static inline HeartsCard
hearts_cards_lowest (HeartsCards cards)
{
  return (HeartsCard) __builtin_ctzll (cards);
}

/* Highest card of the set; the set must not be empty. */
static inline HeartsCard
hearts_cards_highest (HeartsCards cards)
{
  return (HeartsCard) (63 - __builtin_clzll (cards));
}

/* @cards, or @otherwise when @cards is empty; without a branch, because in random
 * play and playouts whether a hand can follow suit is a coin toss. */
static inline HeartsCards
hearts_cards_or_else (HeartsCards cards,
                      HeartsCards otherwise)
{
  return cards | (otherwise & -(HeartsCards) (cards == 0));
}

/* Iterate: for (c = ...; cards; cards &= cards - 1) */
#define HEARTS_CARDS_FOREACH(card, set) \
  for (HeartsCards _hc_rest = (set); \
       _hc_rest != 0 && ((card) = hearts_cards_lowest (_hc_rest), TRUE); \
       _hc_rest &= _hc_rest - 1)

gboolean    hearts_card_is_valid      (HeartsCard   card);
/* "QS", "TC", "2H": rank 23456789TJQKA then suit CDSH. */
const char *hearts_card_to_string     (HeartsCard   card);
gboolean    hearts_card_from_string   (const char  *text,
                                       HeartsCard  *card);
/* Space-separated, in card order. The caller frees the result. */
char       *hearts_cards_to_string    (HeartsCards  cards);
/* Whitespace- or comma-separated card names; fails on any bad or repeated name. */
gboolean    hearts_cards_from_string  (const char  *text,
                                       HeartsCards *cards);
/* "Queen of Spades", translated. */
char       *hearts_card_get_name      (HeartsCard   card);
/* The cards' names as a list a sentence can hold: "Two of Clubs, Five of Hearts and Ace of Spades". */
char       *hearts_cards_get_names    (HeartsCards  cards);
const char *hearts_suit_get_symbol    (HeartsSuit   suit);

G_END_DECLS
