/* hearts-claim.h: whether the rest of a hand is already decided (the analysis is
 * declared with the deal, in hearts-deal.h; views see only these types)
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "hearts-rules.h"

G_BEGIN_DECLS

/* The analysis searches every line of play exactly while at most this many cards are
 * left to play (the cards of the trick on the table not counted): 16 is four tricks of
 * the four-player game, five of three players, three and a bit of five. */
#define HEARTS_CLAIM_MAX_CARDS 16

typedef enum
{
  HEARTS_CLAIM_NONE,     /* not decided, or too many cards left to know */
  HEARTS_CLAIM_SETTLED,  /* no card left can change a score (any number of cards left) */
  HEARTS_CLAIM_FORCED,   /* cards can still change hands, but every line scores the same */
} HeartsClaimKind;

/* What a claim shows: the deal's final points, and one line of play to them (the
 * rest of the hand laid out, from the deal's next play). */
typedef struct
{
  guint8          kind;                       /* HeartsClaimKind */
  guint8          n_plays;
  HeartsCard      plays[52];
  gint            points[HEARTS_MAX_PLAYERS]; /* as hearts_deal_score gives them */
  gint8           shooter;
} HeartsClaim;

G_END_DECLS
