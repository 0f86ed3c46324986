/* hearts-card-index.h: the pictures of a deck, by index
 *
 * A theme has 53 pictures: the 52 faces, by suit then rank as HeartsCard orders them, and the
 * back. Each size of the cache also has a 54th, the shadow drawn under a card.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "hearts-card-theme.h"

G_BEGIN_DECLS

#define HEARTS_CARD_N_PICTURES 53 /* 52 faces and the back */
#define HEARTS_CARD_BACK_INDEX 52
/* The shadow under a card, drawn by us rather than blurred by GSK. */
#define HEARTS_CARD_SHADOW_INDEX 53
#define HEARTS_CARD_N_SLOTS      54

/* @card is a HeartsCard or HEARTS_NO_CARD for the back. */
static inline guint
hearts_card_picture_index (HeartsCard card)
{
  if (card == HEARTS_NO_CARD)
    return HEARTS_CARD_BACK_INDEX;

  return HEARTS_CARD_SUIT (card) * HEARTS_N_RANKS + HEARTS_CARD_RANK (card);
}

G_END_DECLS
