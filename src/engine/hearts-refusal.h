/* hearts-refusal.h: why a move breaks the rules, as the player is told
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "hearts-rules.h"

G_BEGIN_DECLS

/* Why a pass or a play was refused; the UI turns each into a sentence. */
typedef enum
{
  HEARTS_REFUSAL_NONE,
  HEARTS_REFUSAL_WRONG_PHASE,
  HEARTS_REFUSAL_NOT_YOUR_TURN,
  HEARTS_REFUSAL_NOT_IN_HAND,
  HEARTS_REFUSAL_MUST_FOLLOW_SUIT,
  HEARTS_REFUSAL_HEARTS_NOT_BROKEN,
  HEARTS_REFUSAL_NO_POINTS_FIRST_TRICK,
  HEARTS_REFUSAL_NO_HEARTS_FIRST_TRICK,
  HEARTS_REFUSAL_MUST_LEAD_OPENING_CARD,
  HEARTS_REFUSAL_MUST_LEAD_CLUB,
  HEARTS_REFUSAL_PASS_COUNT,
  HEARTS_REFUSAL_ALREADY_PASSED,
  HEARTS_N_REFUSALS
} HeartsRefusal;

const char   *hearts_refusal_to_id         (HeartsRefusal      refusal);
/* "You must follow suit", translated. */
const char   *hearts_refusal_get_message   (HeartsRefusal      refusal);
/* The same, naming the opening card of these rules: "You must lead the 2♣". */
char         *hearts_refusal_format        (HeartsRefusal      refusal,
                                            const HeartsRules *rules);

G_END_DECLS
