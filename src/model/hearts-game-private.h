/* hearts-game-private.h: what the files of HeartsGame share
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "hearts-game-deal.h"

G_BEGIN_DECLS

#define HEARTS_GAME_STATE_VERSION 1
#define HEARTS_GAME_MAX_RESULTS   10000

typedef enum
{
  MOVE_PASS,
  MOVE_PLAY,
} MoveKind;

/* The moves of the hand in progress: the deal is rebuilt from them on undo and load. */
typedef struct
{
  guint8      kind;
  guint8      seat;
  HeartsCards cards;   /* a pass, or the one card played */
} Move;

struct _HeartsGame
{
  GObject          parent_instance;

  HeartsRules      rules;
  guint64          seed;
  HeartsRng        rng;              /* shuffles the next deal */
  guint            first_dealer;
  HeartsDeal       deal;
  GArray          *moves;            /* Move, this hand */
  GArray          *results;          /* HeartsHandResult */
  gint             totals[HEARTS_MAX_PLAYERS];
  HeartsPhase      phase;
  GString         *record;           /* the finished hands, as hearts_record_replay() reads */

  gboolean         human[HEARTS_MAX_PLAYERS];
  HeartsAiLevel    levels[HEARTS_MAX_PLAYERS];
  HeartsAi        *ais[HEARTS_MAX_PLAYERS];
  GPtrArray       *retired_ais;      /* replaced while a thread may still use them */

  guint            serial;           /* bumps on every change: a late computer move is dropped */
  gboolean         thinking;

  /* Last values notified, so that notify fires only on a real change. */
  HeartsPhase      notified_phase;
  gint             notified_player;
  guint            notified_hand;
  gboolean         notified_broken;
  gboolean         notified_undo;
};

/* hearts-game.c */
guint64  hearts_game_seat_seed        (guint64     seed,
                                       guint       seat);
void     hearts_game_changed          (HeartsGame *self);
void     hearts_game_phase_from_deal  (HeartsGame *self);
/* The computer seat that moves next, or -1. */
gint     hearts_game_computer_seat    (HeartsGame *self);
void     hearts_game_set_thinking     (HeartsGame *self,
                                       gboolean    thinking);
/* Rebuilds @deal from its dealt hands and the first @n_moves moves. */
gboolean hearts_game_replay_moves     (HeartsGame *self,
                                       HeartsDeal *deal,
                                       guint       n_moves);

G_END_DECLS
