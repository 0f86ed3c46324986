/* hearts-claim.h: whether the rest of a hand is already decided
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "hearts-deal.h"

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

/* Whether no card left can change a score: no heart, Q♠ or (with omnibus) J♦ is still
 * in a hand or on the table, and no seat can still win or lose the no-tricks bonus
 * (the rule is off, or every seat has taken a trick). The moon is then decided too:
 * who holds which point card no longer changes. */
gboolean        hearts_deal_is_settled   (const HeartsDeal  *deal,
                                          const HeartsRules *rules);

/* The exact analysis, over the real hands of @deal while playing. "Decided" means:
 * every legal continuation ends with the same points per seat, as hearts_deal_score
 * gives them with @totals (which may be NULL, as there). Settled hands are found at
 * any point; other decided hands when at most HEARTS_CLAIM_MAX_CARDS cards are left.
 * Returns the kind, and fills @claim (may be NULL) unless the kind is NONE. No
 * allocation: the search works on copies of the deal on the stack. */
HeartsClaimKind hearts_deal_analyze_claim (const HeartsDeal  *deal,
                                           const HeartsRules *rules,
                                           const gint        *totals,
                                           HeartsClaim       *claim);

G_END_DECLS
