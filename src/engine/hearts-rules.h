/* hearts-rules.h: the rules of one game, every variant in one value
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "hearts-cards.h"

G_BEGIN_DECLS

#define HEARTS_MAX_PLAYERS 5
#define HEARTS_MIN_PLAYERS 3
#define HEARTS_PASS_SIZE   3

typedef enum
{
  HEARTS_PASS_LEFT,
  HEARTS_PASS_RIGHT,
  HEARTS_PASS_ACROSS,
  HEARTS_PASS_HOLD,
} HeartsPassDirection;

typedef enum
{
  HEARTS_PASS_CYCLE_LEFT_RIGHT_ACROSS_HOLD,   /* the default */
  HEARTS_PASS_CYCLE_RIGHT_LEFT_ACROSS_HOLD,
  HEARTS_PASS_CYCLE_LEFT_RIGHT_HOLD,          /* the default's for 3 or 5 players */
  HEARTS_PASS_CYCLE_RIGHT_LEFT_HOLD,
  HEARTS_PASS_CYCLE_LEFT_RIGHT,
  HEARTS_PASS_CYCLE_NONE,
  HEARTS_N_PASS_CYCLES
} HeartsPassCycle;

typedef enum
{
  HEARTS_OPENING_LOWEST_CLUB,   /* the 2♣ (or lowest club in play) must be led */
  HEARTS_OPENING_ANY_CLUB,      /* its holder leads, any club */
  HEARTS_N_OPENINGS
} HeartsOpening;

typedef enum
{
  HEARTS_FIRST_TRICK_NO_POINTS, /* no hearts, no Q♠ unless the hand holds only those */
  HEARTS_FIRST_TRICK_NO_HEARTS,
  HEARTS_FIRST_TRICK_ANYTHING,
  HEARTS_N_FIRST_TRICKS
} HeartsFirstTrick;

typedef enum
{
  HEARTS_MOON_OTHERS_PLUS_26,   /* the default */
  HEARTS_MOON_SHOOTER_MINUS_26,
  HEARTS_MOON_SHOOTER_CHOOSES,  /* whichever of the two is better for the shooter */
  HEARTS_N_MOONS
} HeartsMoon;

typedef enum
{
  HEARTS_END_SCORE,             /* a player reaches end_value points */
  HEARTS_END_DEALS,             /* after end_value deals */
  HEARTS_END_MATCHES,           /* after end_value times the deal has gone round the table */
  HEARTS_N_ENDS
} HeartsEnd;

typedef enum
{
  HEARTS_THREE_REMOVE_TWO_DIAMONDS, /* the deal section of the official rules */
  HEARTS_THREE_REMOVE_TWO_CLUBS,    /* their "3-Person Playing" section: 3♣ leads */
  HEARTS_N_THREE_DECKS
} HeartsThreeDeck;

#define HEARTS_END_SCORE_MIN   25
#define HEARTS_END_SCORE_MAX   500
#define HEARTS_END_COUNT_MAX   100
#define HEARTS_NO_TRICKS_BONUS (-5)
#define HEARTS_OMNIBUS_BONUS   (-10)

typedef struct
{
  guint8           n_players;        /* 3, 4 or 5 */
  HeartsPassCycle  pass_cycle;
  HeartsOpening    opening;
  HeartsFirstTrick first_trick;
  gboolean         must_break_hearts; /* FALSE: hearts may be led any time */
  gboolean         queen_breaks_hearts;
  gboolean         omnibus;          /* J♦ scores -10 */
  gboolean         no_tricks_bonus;  /* a player who takes no trick scores -5 */
  HeartsMoon       moon;
  HeartsEnd        end;
  guint            end_value;
  HeartsThreeDeck  three_deck;
} HeartsRules;

void                hearts_rules_init_default    (HeartsRules       *rules);
/* Whether both play the same game (see hearts_rules_normalize()). */
gboolean            hearts_rules_equal           (const HeartsRules *a,
                                                  const HeartsRules *b);
/* NULL when the value is valid, else a static English reason. */
const char         *hearts_rules_check           (const HeartsRules *rules);
/* "lrah": the cycle's name in the rules' text form and the settings. */
const char         *hearts_pass_cycle_get_id     (HeartsPassCycle    cycle);
/* Whether the cycle passes across (only 4 players have a seat across). */
gboolean            hearts_pass_cycle_has_across (HeartsPassCycle    cycle);
/* With 3 or 5 players a cycle with "across" becomes the same one without it, which
 * is what such a game has always played; TRUE if @rules changed. */
gboolean            hearts_rules_normalize       (HeartsRules       *rules);

HeartsCards         hearts_rules_get_deck        (const HeartsRules *rules);
guint               hearts_rules_get_hand_size   (const HeartsRules *rules);
HeartsCard          hearts_rules_get_opening_card(const HeartsRules *rules);
/* The pass of the hand numbered from 0; never ACROSS unless 4 players. */
HeartsPassDirection hearts_rules_get_pass        (const HeartsRules *rules,
                                                  guint              hand_index);
/* The seat that receives from @seat (below n_players); @seat itself on a hold hand. */
guint               hearts_rules_pass_target     (const HeartsRules *rules,
                                                  HeartsPassDirection dir,
                                                  guint              seat);
guint               hearts_rules_pass_source     (const HeartsRules *rules,
                                                  HeartsPassDirection dir,
                                                  guint              seat);

/* "players=4 pass=lrah opening=lowest first-trick=no-points hearts-breaking=yes
 *  qs-breaks=no omnibus=no no-tricks=no moon=others end=score:100 three-deck=2d".
 * from_string starts from @rules as it is and applies each key=value, so a partial
 * string changes only what it names. */
char               *hearts_rules_to_string       (const HeartsRules *rules);
gboolean            hearts_rules_apply_string    (HeartsRules       *rules,
                                                  const char        *text,
                                                  GError           **error);
gboolean            hearts_rules_apply_key       (HeartsRules       *rules,
                                                  const char        *key,
                                                  const char        *value,
                                                  GError           **error);

const char         *hearts_pass_direction_to_letter (HeartsPassDirection dir);

#define HEARTS_RULES_ERROR (hearts_rules_error_quark ())
GQuark hearts_rules_error_quark (void);

G_END_DECLS
