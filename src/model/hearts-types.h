/* hearts-types.h: the model's types, for headers that only name them
 *
 * A view includes the game's header and gets cards, rules and these; the deal, the
 * players' insides and the rest of the engine stay below the model.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>

/* The engine's vocabulary, by path: a view sees these through the model, and no other
 * header of the engine or the players (their folders are not on its include path). */
#include "../ai/hearts-ai-level.h"
#include "../engine/hearts-cards.h"
#include "../engine/hearts-claim.h"
#include "../engine/hearts-refusal.h"
#include "../engine/hearts-rules.h"

G_BEGIN_DECLS

/* The player at the table sits at seat 0; every other seat is a computer. */
#define HEARTS_HUMAN_SEAT 0

typedef struct _HeartsGame       HeartsGame;
typedef struct _HeartsGameRunner HeartsGameRunner;
typedef struct _HeartsSavedGame  HeartsSavedGame;
typedef struct _HeartsSettings   HeartsSettings;

typedef enum
{
  HEARTS_PHASE_PASSING,
  HEARTS_PHASE_PLAYING,
  HEARTS_PHASE_HAND_OVER,   /* the score sheet is up; hearts_game_next_hand() deals on */
  HEARTS_PHASE_GAME_OVER,
} HeartsPhase;

/* Room for the tricks of a hand (the three-player game's 17). */
#define HEARTS_HAND_MAX_TRICKS 17

/* One trick as every view shows it: who led, the cards in order of play, who took it
 * and its card points. A claim's first trick may have had cards played before the
 * claim: the first @n_before of @cards. */
typedef struct
{
  guint8      leader;
  guint8      winner;
  guint8      n_cards;
  guint8      n_before;
  gint        points;                    /* before any moon adjustment */
  HeartsCard  cards[HEARTS_MAX_PLAYERS];
} HeartsTrick;

/* Whether the seat may claim the rest of the hand. */
typedef enum
{
  HEARTS_CLAIM_OFFER_NONE,      /* not its turn, or the rest is not decided */
  HEARTS_CLAIM_OFFER_CHECKING,  /* its turn: being worked out */
  HEARTS_CLAIM_OFFER_OFFERED,   /* decided: the seat may claim it */
} HeartsClaimOffer;

/* One finished hand on the score sheet. */
typedef struct
{
  gint points[HEARTS_MAX_PLAYERS];
  gint totals[HEARTS_MAX_PLAYERS];
  gint shooter;             /* -1 when nobody shot the moon */
  gboolean moon_minus;      /* the shooter took 26 off instead of giving everyone else 26 */
  gint jack;                /* who took the J♦ with omnibus (−10), or -1 */
  guint no_tricks;          /* bit per seat that got the no-tricks bonus (−5) */
  gint queen;               /* who took the Queen of Spades, or -1 */
} HeartsHandResult;

G_END_DECLS
