/* hearts-game.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <string.h>

#include "hearts-game.h"
#include "hearts-model-enums.h"

#define STATE_VERSION 1
#define MAX_RESULTS   10000

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

G_DEFINE_FINAL_TYPE (HeartsGame, hearts_game, G_TYPE_OBJECT)
G_DEFINE_QUARK (hearts-game-error-quark, hearts_game_error)

enum {
  PROP_0,
  PROP_PHASE,
  PROP_CURRENT_PLAYER,
  PROP_HAND_INDEX,
  PROP_HEARTS_BROKEN,
  PROP_CAN_UNDO,
  PROP_THINKING,
  PROP_N_PLAYERS,
  PROP_SEED,
  N_PROPS
};

enum {
  CARDS_PASSED,
  CARD_PLAYED,
  TRICK_FINISHED,
  HAND_STARTED,
  HAND_FINISHED,
  GAME_OVER,
  CHANGED,
  N_SIGNALS
};

static GParamSpec *properties[N_PROPS];
static guint signals[N_SIGNALS];

static guint64
seat_seed (guint64 seed,
           guint   seat)
{
  return seed ^ (G_GUINT64_CONSTANT (0x9e3779b97f4a7c15) * (seat + 1));
}

static void
sync_properties (HeartsGame *self)
{
  gint player = hearts_game_get_current_player (self);
  guint hand = hearts_game_get_hand_index (self);
  gboolean broken = self->deal.hearts_broken != 0;
  gboolean undo = hearts_game_can_undo (self);

  g_object_freeze_notify (G_OBJECT (self));
  if (self->notified_phase != self->phase)
    {
      self->notified_phase = self->phase;
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_PHASE]);
    }
  if (self->notified_player != player)
    {
      self->notified_player = player;
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_CURRENT_PLAYER]);
    }
  if (self->notified_hand != hand)
    {
      self->notified_hand = hand;
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_HAND_INDEX]);
    }
  if (self->notified_broken != broken)
    {
      self->notified_broken = broken;
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_HEARTS_BROKEN]);
    }
  if (self->notified_undo != undo)
    {
      self->notified_undo = undo;
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_CAN_UNDO]);
    }
  g_object_thaw_notify (G_OBJECT (self));
}

static void
changed (HeartsGame *self)
{
  self->serial++;
  sync_properties (self);
  g_signal_emit (self, signals[CHANGED], 0);
}

static void
deal_hand (HeartsGame *self)
{
  guint index = self->results->len;
  guint dealer = (self->first_dealer + index) % self->rules.n_players;

  hearts_deal_shuffle (&self->deal, &self->rules, dealer, index, &self->rng);
  g_array_set_size (self->moves, 0);
  self->phase = self->deal.phase == HEARTS_DEAL_PASSING ? HEARTS_PHASE_PASSING : HEARTS_PHASE_PLAYING;
}

static void
phase_from_deal (HeartsGame *self)
{
  if (self->deal.phase == HEARTS_DEAL_PASSING)
    self->phase = HEARTS_PHASE_PASSING;
  else if (self->deal.phase == HEARTS_DEAL_PLAYING)
    self->phase = HEARTS_PHASE_PLAYING;
}

static void
score_hand (HeartsGame *self)
{
  HeartsHandResult result = { { 0 } };
  HeartsDealScore score;
  guint n = self->rules.n_players;

  hearts_deal_score (&self->deal, &self->rules, self->totals, &score);
  for (guint s = 0; s < n; s++)
    {
      result.points[s] = score.points[s];
      self->totals[s] += score.points[s];
      result.totals[s] = self->totals[s];
    }
  result.shooter = score.shooter;
  g_array_append_val (self->results, result);
  hearts_record_add_deal (self->record, &self->rules, self->results->len - 1, &self->deal,
                          result.points, result.totals);

  self->phase = hearts_rules_game_is_over (&self->rules, self->totals, self->results->len)
                ? HEARTS_PHASE_GAME_OVER : HEARTS_PHASE_HAND_OVER;
  if (self->phase == HEARTS_PHASE_GAME_OVER)
    hearts_record_end (self->record, hearts_rules_get_winners (&self->rules, self->totals));
}

static void
retire_ai (HeartsGame *self,
           guint       seat)
{
  if (self->ais[seat] == NULL)
    return;
  if (self->thinking)
    g_ptr_array_add (self->retired_ais, g_steal_pointer (&self->ais[seat]));
  else
    g_clear_pointer (&self->ais[seat], hearts_ai_free);
}

static void
hearts_game_dispose (GObject *object)
{
  HeartsGame *self = (HeartsGame *)object;

  /* A computer move in flight holds a reference, so no thread uses the AIs now. */
  for (guint s = 0; s < HEARTS_MAX_PLAYERS; s++)
    g_clear_pointer (&self->ais[s], hearts_ai_free);
  g_clear_pointer (&self->retired_ais, g_ptr_array_unref);

  G_OBJECT_CLASS (hearts_game_parent_class)->dispose (object);
}

static void
hearts_game_finalize (GObject *object)
{
  HeartsGame *self = (HeartsGame *)object;

  g_clear_pointer (&self->moves, g_array_unref);
  g_clear_pointer (&self->results, g_array_unref);
  if (self->record != NULL)
    g_string_free (g_steal_pointer (&self->record), TRUE);

  G_OBJECT_CLASS (hearts_game_parent_class)->finalize (object);
}

static void
hearts_game_get_property (GObject    *object,
                          guint       prop_id,
                          GValue     *value,
                          GParamSpec *pspec)
{
  HeartsGame *self = HEARTS_GAME (object);

  switch (prop_id)
    {
    case PROP_PHASE:
      g_value_set_enum (value, self->phase);
      break;
    case PROP_CURRENT_PLAYER:
      g_value_set_int (value, hearts_game_get_current_player (self));
      break;
    case PROP_HAND_INDEX:
      g_value_set_uint (value, hearts_game_get_hand_index (self));
      break;
    case PROP_HEARTS_BROKEN:
      g_value_set_boolean (value, self->deal.hearts_broken != 0);
      break;
    case PROP_CAN_UNDO:
      g_value_set_boolean (value, hearts_game_can_undo (self));
      break;
    case PROP_THINKING:
      g_value_set_boolean (value, self->thinking);
      break;
    case PROP_N_PLAYERS:
      g_value_set_uint (value, self->rules.n_players);
      break;
    case PROP_SEED:
      g_value_set_uint64 (value, self->seed);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
hearts_game_class_init (HeartsGameClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->dispose = hearts_game_dispose;
  object_class->finalize = hearts_game_finalize;
  object_class->get_property = hearts_game_get_property;

  properties[PROP_PHASE] =
    g_param_spec_enum ("phase", NULL, NULL,
                       HEARTS_TYPE_PHASE, HEARTS_PHASE_PASSING,
                       (G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));
  properties[PROP_CURRENT_PLAYER] =
    g_param_spec_int ("current-player", NULL, NULL,
                      -1, HEARTS_MAX_PLAYERS - 1, -1,
                      (G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));
  properties[PROP_HAND_INDEX] =
    g_param_spec_uint ("hand-index", NULL, NULL,
                       0, G_MAXUINT, 0,
                       (G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));
  properties[PROP_HEARTS_BROKEN] =
    g_param_spec_boolean ("hearts-broken", NULL, NULL, FALSE,
                          (G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));
  properties[PROP_CAN_UNDO] =
    g_param_spec_boolean ("can-undo", NULL, NULL, FALSE,
                          (G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));
  properties[PROP_THINKING] =
    g_param_spec_boolean ("thinking", NULL, NULL, FALSE,
                          (G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));
  properties[PROP_N_PLAYERS] =
    g_param_spec_uint ("n-players", NULL, NULL,
                       HEARTS_MIN_PLAYERS, HEARTS_MAX_PLAYERS, 4,
                       (G_PARAM_READABLE | G_PARAM_STATIC_STRINGS));
  properties[PROP_SEED] =
    g_param_spec_uint64 ("seed", NULL, NULL,
                         0, G_MAXUINT64, 0,
                         (G_PARAM_READABLE | G_PARAM_STATIC_STRINGS));
  g_object_class_install_properties (object_class, N_PROPS, properties);

  /**
   * HeartsGame::cards-passed:
   * @seat: who passed
   * @cards: the HeartsCards passed
   */
  signals[CARDS_PASSED] =
    g_signal_new ("cards-passed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL, G_TYPE_NONE, 2, G_TYPE_UINT, G_TYPE_UINT64);
  signals[CARD_PLAYED] =
    g_signal_new ("card-played", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL, G_TYPE_NONE, 2, G_TYPE_UINT, G_TYPE_UINT);
  /**
   * HeartsGame::trick-finished:
   * @winner: who took the trick
   * @trick: its index in the hand
   */
  signals[TRICK_FINISHED] =
    g_signal_new ("trick-finished", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL, G_TYPE_NONE, 2, G_TYPE_UINT, G_TYPE_UINT);
  signals[HAND_STARTED] =
    g_signal_new ("hand-started", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL, G_TYPE_NONE, 1, G_TYPE_UINT);
  signals[HAND_FINISHED] =
    g_signal_new ("hand-finished", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL, G_TYPE_NONE, 1, G_TYPE_UINT);
  /**
   * HeartsGame::game-over:
   * @winners: bit per winning seat (ties share the win)
   */
  signals[GAME_OVER] =
    g_signal_new ("game-over", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL, G_TYPE_NONE, 1, G_TYPE_UINT);
  /* Any change of state: a view redraws and the game is saved. */
  signals[CHANGED] =
    g_signal_new ("changed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL, G_TYPE_NONE, 0);
}

static void
hearts_game_init (HeartsGame *self)
{
  self->moves = g_array_new (FALSE, FALSE, sizeof (Move));
  self->results = g_array_new (FALSE, FALSE, sizeof (HeartsHandResult));
  self->retired_ais = g_ptr_array_new_with_free_func ((GDestroyNotify) hearts_ai_free);
  hearts_rules_init_default (&self->rules);
  self->notified_player = -1;
}

static void
setup_seats (HeartsGame *self)
{
  self->human[0] = TRUE;
  for (guint s = 1; s < self->rules.n_players; s++)
    hearts_game_set_seat_level (self, s, HEARTS_AI_NORMAL);
}

HeartsGame *
hearts_game_new (const HeartsRules *rules,
                 guint64            seed)
{
  HeartsGame *self;

  g_return_val_if_fail (rules != NULL, NULL);
  g_return_val_if_fail (hearts_rules_check (rules) == NULL, NULL);

  self = g_object_new (HEARTS_TYPE_GAME, NULL);
  self->rules = *rules;
  self->seed = seed;
  hearts_rng_init (&self->rng, seed);
  self->first_dealer = hearts_draw_first_dealer (rules, &self->rng, NULL);
  self->record = g_string_new (NULL);
  hearts_record_begin (self->record, &self->rules, self->first_dealer);
  setup_seats (self);
  deal_hand (self);
  self->notified_phase = self->phase;
  self->notified_player = hearts_game_get_current_player (self);
  return self;
}

/* Getters */

const HeartsRules *
hearts_game_get_rules (HeartsGame *self)
{
  g_return_val_if_fail (HEARTS_IS_GAME (self), NULL);
  return &self->rules;
}

guint
hearts_game_get_n_players (HeartsGame *self)
{
  g_return_val_if_fail (HEARTS_IS_GAME (self), 4);
  return self->rules.n_players;
}

guint64
hearts_game_get_seed (HeartsGame *self)
{
  g_return_val_if_fail (HEARTS_IS_GAME (self), 0);
  return self->seed;
}

HeartsPhase
hearts_game_get_phase (HeartsGame *self)
{
  g_return_val_if_fail (HEARTS_IS_GAME (self), HEARTS_PHASE_GAME_OVER);
  return self->phase;
}

gint
hearts_game_get_current_player (HeartsGame *self)
{
  g_return_val_if_fail (HEARTS_IS_GAME (self), -1);
  if (self->phase != HEARTS_PHASE_PLAYING)
    return -1;
  return hearts_deal_get_current_player (&self->deal);
}

guint
hearts_game_get_hand_index (HeartsGame *self)
{
  g_return_val_if_fail (HEARTS_IS_GAME (self), 0);
  /* Between hands the finished hand is still the one shown. */
  if (self->phase == HEARTS_PHASE_HAND_OVER || self->phase == HEARTS_PHASE_GAME_OVER)
    return self->results->len - 1;
  return self->results->len;
}

HeartsPassDirection
hearts_game_get_pass_direction (HeartsGame *self)
{
  g_return_val_if_fail (HEARTS_IS_GAME (self), HEARTS_PASS_HOLD);
  return self->deal.pass;
}

gboolean
hearts_game_get_hearts_broken (HeartsGame *self)
{
  g_return_val_if_fail (HEARTS_IS_GAME (self), FALSE);
  return self->deal.hearts_broken != 0;
}

const HeartsDeal *
hearts_game_get_deal (HeartsGame *self)
{
  g_return_val_if_fail (HEARTS_IS_GAME (self), NULL);
  return &self->deal;
}

HeartsCards
hearts_game_get_hand (HeartsGame *self,
                      guint       seat)
{
  g_return_val_if_fail (HEARTS_IS_GAME (self), 0);
  g_return_val_if_fail (seat < self->rules.n_players, 0);
  return self->deal.hands[seat];
}

HeartsCards
hearts_game_get_legal (HeartsGame *self,
                       guint       seat)
{
  g_return_val_if_fail (HEARTS_IS_GAME (self), 0);
  if ((gint) seat != hearts_game_get_current_player (self))
    return 0;
  return hearts_deal_get_legal (&self->deal, &self->rules);
}

HeartsCards
hearts_game_get_received (HeartsGame *self,
                          guint       seat)
{
  g_return_val_if_fail (HEARTS_IS_GAME (self), 0);
  return hearts_deal_get_received (&self->deal, &self->rules, seat);
}

gboolean
hearts_game_has_passed (HeartsGame *self,
                        guint       seat)
{
  g_return_val_if_fail (HEARTS_IS_GAME (self), FALSE);
  return seat < self->rules.n_players && (self->deal.passed & (1u << seat)) != 0;
}

guint
hearts_game_get_trick (HeartsGame *self,
                       HeartsCard *cards,
                       guint      *leader)
{
  const HeartsDeal *deal = &self->deal;

  g_return_val_if_fail (HEARTS_IS_GAME (self), 0);

  if (leader != NULL)
    *leader = deal->leader;
  if (cards != NULL)
    memcpy (cards, &deal->plays[deal->n_plays - deal->trick_len], deal->trick_len);
  return deal->trick_len;
}

guint
hearts_game_get_tricks_won (HeartsGame *self,
                            guint       seat)
{
  g_return_val_if_fail (HEARTS_IS_GAME (self), 0);
  g_return_val_if_fail (seat < self->rules.n_players, 0);
  return self->deal.tricks_won[seat];
}

gint
hearts_game_get_hand_points (HeartsGame *self,
                             guint       seat)
{
  g_return_val_if_fail (HEARTS_IS_GAME (self), 0);
  g_return_val_if_fail (seat < self->rules.n_players, 0);
  return hearts_cards_points (self->deal.taken[seat], &self->rules);
}

gint
hearts_game_get_total (HeartsGame *self,
                       guint       seat)
{
  g_return_val_if_fail (HEARTS_IS_GAME (self), 0);
  g_return_val_if_fail (seat < self->rules.n_players, 0);
  return self->totals[seat];
}

guint
hearts_game_get_n_results (HeartsGame *self)
{
  g_return_val_if_fail (HEARTS_IS_GAME (self), 0);
  return self->results->len;
}

const HeartsHandResult *
hearts_game_get_result (HeartsGame *self,
                        guint       hand)
{
  g_return_val_if_fail (HEARTS_IS_GAME (self), NULL);
  g_return_val_if_fail (hand < self->results->len, NULL);
  return &g_array_index (self->results, HeartsHandResult, hand);
}

guint
hearts_game_get_winners (HeartsGame *self)
{
  g_return_val_if_fail (HEARTS_IS_GAME (self), 0);
  if (self->phase != HEARTS_PHASE_GAME_OVER)
    return 0;
  return hearts_rules_get_winners (&self->rules, self->totals);
}

/* Seats */

gboolean
hearts_game_seat_is_human (HeartsGame *self,
                           guint       seat)
{
  g_return_val_if_fail (HEARTS_IS_GAME (self), FALSE);
  return seat < self->rules.n_players && self->human[seat];
}

void
hearts_game_set_seat_human (HeartsGame *self,
                            guint       seat)
{
  g_return_if_fail (HEARTS_IS_GAME (self));
  g_return_if_fail (seat < self->rules.n_players);

  retire_ai (self, seat);
  self->human[seat] = TRUE;
  changed (self);
}

void
hearts_game_set_seat_level (HeartsGame    *self,
                            guint          seat,
                            HeartsAiLevel  level)
{
  g_return_if_fail (HEARTS_IS_GAME (self));
  g_return_if_fail (seat < self->rules.n_players);
  g_return_if_fail (level < HEARTS_N_AI_LEVELS);

  hearts_game_set_seat_ai (self, seat, hearts_ai_new (level, seat_seed (self->seed, seat)));
  self->levels[seat] = level;
}

HeartsAiLevel
hearts_game_get_seat_level (HeartsGame *self,
                            guint       seat)
{
  g_return_val_if_fail (HEARTS_IS_GAME (self), HEARTS_AI_NORMAL);
  g_return_val_if_fail (seat < self->rules.n_players, HEARTS_AI_NORMAL);
  return self->levels[seat];
}

void
hearts_game_set_seat_ai (HeartsGame *self,
                         guint       seat,
                         HeartsAi   *ai)
{
  g_return_if_fail (HEARTS_IS_GAME (self));
  g_return_if_fail (seat < self->rules.n_players);
  g_return_if_fail (ai != NULL);

  retire_ai (self, seat);
  self->ais[seat] = ai;
  self->levels[seat] = ai->level;
  self->human[seat] = FALSE;
  changed (self);
}

/* The computer seat that moves next, or -1. */
static gint
computer_seat (HeartsGame *self)
{
  if (self->phase == HEARTS_PHASE_PASSING)
    {
      for (guint s = 0; s < self->rules.n_players; s++)
        if (!self->human[s] && !(self->deal.passed & (1u << s)))
          return s;
      return -1;
    }
  if (self->phase == HEARTS_PHASE_PLAYING)
    {
      guint s = hearts_deal_get_current_player (&self->deal);
      return self->human[s] ? -1 : (gint) s;
    }
  return -1;
}

gboolean
hearts_game_computer_to_move (HeartsGame *self)
{
  g_return_val_if_fail (HEARTS_IS_GAME (self), FALSE);
  return computer_seat (self) >= 0;
}

gboolean
hearts_game_human_to_move (HeartsGame *self)
{
  g_return_val_if_fail (HEARTS_IS_GAME (self), FALSE);

  if (self->phase == HEARTS_PHASE_PASSING)
    {
      for (guint s = 0; s < self->rules.n_players; s++)
        if (self->human[s] && !(self->deal.passed & (1u << s)))
          return TRUE;
      return FALSE;
    }
  if (self->phase == HEARTS_PHASE_PLAYING)
    return self->human[hearts_deal_get_current_player (&self->deal)];
  return FALSE;
}

/* Moves */

static gboolean
apply_pass (HeartsGame    *self,
            guint          seat,
            HeartsCards    cards,
            HeartsRefusal *refusal)
{
  HeartsRefusal r;
  Move move = { MOVE_PASS, seat, cards };

  if (self->phase != HEARTS_PHASE_PASSING)
    r = HEARTS_REFUSAL_WRONG_PHASE;
  else
    r = hearts_deal_pass (&self->deal, &self->rules, seat, cards);
  if (refusal != NULL)
    *refusal = r;
  if (r != HEARTS_REFUSAL_NONE)
    return FALSE;

  g_array_append_val (self->moves, move);
  phase_from_deal (self);
  return TRUE;
}

static gboolean
apply_play (HeartsGame    *self,
            guint          seat,
            HeartsCard     card,
            HeartsRefusal *refusal,
            gint          *winner)
{
  HeartsRefusal r;
  Move move = { MOVE_PLAY, seat, 0 };

  *winner = -1;
  if (self->phase != HEARTS_PHASE_PLAYING)
    r = HEARTS_REFUSAL_WRONG_PHASE;
  else
    r = hearts_deal_check_play (&self->deal, &self->rules, seat, card);
  if (refusal != NULL)
    *refusal = r;
  if (r != HEARTS_REFUSAL_NONE)
    return FALSE;

  move.cards = HEARTS_CARD_BIT (card);
  g_array_append_val (self->moves, move);
  *winner = hearts_deal_play_unchecked (&self->deal, &self->rules, card);
  return TRUE;
}

gboolean
hearts_game_pass (HeartsGame    *self,
                  guint          seat,
                  HeartsCards    cards,
                  HeartsRefusal *refusal)
{
  g_return_val_if_fail (HEARTS_IS_GAME (self), FALSE);

  if (!apply_pass (self, seat, cards, refusal))
    return FALSE;

  g_signal_emit (self, signals[CARDS_PASSED], 0, seat, (guint64) cards);
  changed (self);
  return TRUE;
}

gboolean
hearts_game_play (HeartsGame    *self,
                  guint          seat,
                  HeartsCard     card,
                  HeartsRefusal *refusal)
{
  gint winner;
  guint trick;

  g_return_val_if_fail (HEARTS_IS_GAME (self), FALSE);

  trick = hearts_deal_get_trick_index (&self->deal);
  if (!apply_play (self, seat, card, refusal, &winner))
    return FALSE;

  g_signal_emit (self, signals[CARD_PLAYED], 0, seat, (guint) card);
  if (winner >= 0)
    g_signal_emit (self, signals[TRICK_FINISHED], 0, (guint) winner, trick);

  if (hearts_deal_is_done (&self->deal))
    {
      score_hand (self);
      changed (self);
      g_signal_emit (self, signals[HAND_FINISHED], 0, self->results->len - 1);
      if (self->phase == HEARTS_PHASE_GAME_OVER)
        g_signal_emit (self, signals[GAME_OVER], 0, hearts_game_get_winners (self));
      return TRUE;
    }

  changed (self);
  return TRUE;
}

void
hearts_game_next_hand (HeartsGame *self)
{
  g_return_if_fail (HEARTS_IS_GAME (self));

  if (self->phase != HEARTS_PHASE_HAND_OVER)
    return;

  deal_hand (self);
  changed (self);
  g_signal_emit (self, signals[HAND_STARTED], 0, self->results->len);
}

/* Computer moves */

typedef struct
{
  HeartsAi   *ai;
  HeartsView  view;
  guint       seat;
  guint       serial;
  gboolean    passing;
  HeartsCards pass;
  HeartsCard  card;
} ComputerMove;

static void
prepare_move (HeartsGame   *self,
              guint         seat,
              ComputerMove *move)
{
  move->ai = self->ais[seat];
  move->seat = seat;
  move->serial = self->serial;
  move->passing = self->phase == HEARTS_PHASE_PASSING;
  hearts_view_init (&move->view, &self->rules, &self->deal, seat, self->results->len, self->totals);
}

static void
think (ComputerMove *move)
{
  if (move->passing)
    move->pass = hearts_ai_choose_pass (move->ai, &move->view);
  else
    move->card = hearts_ai_choose_play (move->ai, &move->view);
}

static gboolean
apply_computer_move (HeartsGame   *self,
                     ComputerMove *move)
{
  HeartsRefusal refusal;
  gboolean ok;

  if (move->passing)
    ok = hearts_game_pass (self, move->seat, move->pass, &refusal);
  else
    ok = hearts_game_play (self, move->seat, move->card, &refusal);

  /* The AI only sees legal moves; a refusal here is a bug worth shouting about. */
  if (!ok)
    g_critical ("Computer player %u made an illegal move: %s", move->seat,
                hearts_refusal_to_id (refusal));
  return ok;
}

gboolean
hearts_game_computer_move (HeartsGame *self)
{
  ComputerMove move;
  gint seat;

  g_return_val_if_fail (HEARTS_IS_GAME (self), FALSE);

  seat = computer_seat (self);
  if (seat < 0 || self->thinking)
    return FALSE;

  prepare_move (self, seat, &move);
  think (&move);
  return apply_computer_move (self, &move);
}

static void
set_thinking (HeartsGame *self,
              gboolean    thinking)
{
  if (self->thinking == thinking)
    return;
  self->thinking = thinking;
  if (!thinking)
    g_ptr_array_set_size (self->retired_ais, 0);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_THINKING]);
}

static void
computer_move_thread (GTask        *task,
                      gpointer      source_object,
                      gpointer      task_data,
                      GCancellable *cancellable)
{
  think (task_data);
  g_task_return_boolean (task, TRUE);
}

void
hearts_game_computer_move_async (HeartsGame          *self,
                                 GCancellable        *cancellable,
                                 GAsyncReadyCallback  callback,
                                 gpointer             user_data)
{
  g_autoptr(GTask) task = NULL;
  ComputerMove *move;
  gint seat;

  g_return_if_fail (HEARTS_IS_GAME (self));

  task = g_task_new (self, cancellable, callback, user_data);
  g_task_set_source_tag (task, hearts_game_computer_move_async);

  seat = computer_seat (self);
  if (seat < 0 || self->thinking)
    {
      g_task_return_new_error (task, HEARTS_GAME_ERROR, 0,
                               self->thinking ? "A computer player is already thinking"
                                              : "No computer player is to move");
      return;
    }

  move = g_new0 (ComputerMove, 1);
  prepare_move (self, seat, move);
  g_task_set_task_data (task, move, g_free);
  set_thinking (self, TRUE);
  g_task_run_in_thread (task, computer_move_thread);
}

gboolean
hearts_game_computer_move_finish (HeartsGame    *self,
                                  GAsyncResult  *result,
                                  GError       **error)
{
  GTask *task = G_TASK (result);
  ComputerMove *move;

  g_return_val_if_fail (HEARTS_IS_GAME (self), FALSE);
  g_return_val_if_fail (g_task_is_valid (result, self), FALSE);

  /* A move that was worked out (not refused at once) ends the thinking, even when it
   * was cancelled: propagating reports the cancel. */
  move = g_task_get_task_data (task);
  if (move != NULL)
    set_thinking (self, FALSE);

  if (!g_task_propagate_boolean (task, error))
    return FALSE;

  /* Undo or a new hand while thinking makes the move stale. */
  if (move->serial != self->serial)
    {
      g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_CANCELLED,
                           "The game changed while the computer was thinking");
      return FALSE;
    }

  return apply_computer_move (self, move);
}

/* Hints */

static void
hint_thread (GTask        *task,
             gpointer      source_object,
             gpointer      task_data,
             GCancellable *cancellable)
{
  ComputerMove *move = task_data;
  g_autoptr(HeartsAi) ai = hearts_ai_new (HEARTS_AI_HARD, move->serial);

  move->ai = ai;
  think (move);
  move->ai = NULL;
  g_task_return_boolean (task, TRUE);
}

void
hearts_game_hint_async (HeartsGame          *self,
                        guint                seat,
                        GCancellable        *cancellable,
                        GAsyncReadyCallback  callback,
                        gpointer             user_data)
{
  g_autoptr(GTask) task = NULL;
  ComputerMove *move;
  gboolean may_move;

  g_return_if_fail (HEARTS_IS_GAME (self));

  task = g_task_new (self, cancellable, callback, user_data);
  g_task_set_source_tag (task, hearts_game_hint_async);

  may_move = seat < self->rules.n_players &&
             ((self->phase == HEARTS_PHASE_PASSING && !hearts_game_has_passed (self, seat)) ||
              hearts_game_get_current_player (self) == (gint) seat);
  if (!may_move)
    {
      g_task_return_new_error (task, HEARTS_GAME_ERROR, 0, "That seat has no move to make now");
      return;
    }

  move = g_new0 (ComputerMove, 1);
  prepare_move (self, seat, move);
  move->ai = NULL;
  g_task_set_task_data (task, move, g_free);
  g_task_run_in_thread (task, hint_thread);
}

HeartsCards
hearts_game_hint_finish (HeartsGame    *self,
                         GAsyncResult  *result,
                         GError       **error)
{
  ComputerMove *move;
  g_autoptr(GError) local = NULL;

  g_return_val_if_fail (g_task_is_valid (result, self), 0);

  if (!g_task_propagate_boolean (G_TASK (result), &local))
    {
      g_propagate_error (error, g_steal_pointer (&local));
      return 0;
    }
  move = g_task_get_task_data (G_TASK (result));
  return move->passing ? move->pass : HEARTS_CARD_BIT (move->card);
}

/* Undo */

gboolean
hearts_game_can_undo (HeartsGame *self)
{
  g_return_val_if_fail (HEARTS_IS_GAME (self), FALSE);

  if (self->phase != HEARTS_PHASE_PASSING && self->phase != HEARTS_PHASE_PLAYING)
    return FALSE;
  for (guint i = 0; i < self->moves->len; i++)
    if (self->human[g_array_index (self->moves, Move, i).seat])
      return TRUE;
  return FALSE;
}

/* Rebuilds the deal from its dealt hands and the first @n_moves moves. */
static gboolean
replay_moves (HeartsGame *self,
              HeartsDeal *deal,
              guint       n_moves)
{
  HeartsCards dealt[HEARTS_MAX_PLAYERS];

  memcpy (dealt, deal->dealt, sizeof dealt);
  if (!hearts_deal_init (deal, &self->rules, deal->dealer, deal->pass, dealt))
    return FALSE;

  for (guint i = 0; i < n_moves; i++)
    {
      const Move *m = &g_array_index (self->moves, Move, i);
      HeartsRefusal r;

      if (m->kind == MOVE_PASS)
        r = hearts_deal_pass (deal, &self->rules, m->seat, m->cards);
      else if (m->kind == MOVE_PLAY && hearts_cards_count (m->cards) == 1 &&
               !hearts_deal_is_done (deal))
        r = hearts_deal_play (deal, &self->rules, m->seat, hearts_cards_lowest (m->cards));
      else
        r = HEARTS_REFUSAL_WRONG_PHASE;
      if (r != HEARTS_REFUSAL_NONE)
        return FALSE;
    }
  return TRUE;
}

gboolean
hearts_game_undo (HeartsGame *self)
{
  guint keep;
  gboolean ok;

  g_return_val_if_fail (HEARTS_IS_GAME (self), FALSE);

  if (!hearts_game_can_undo (self))
    return FALSE;

  keep = self->moves->len;
  while (keep > 0 && !self->human[g_array_index (self->moves, Move, keep - 1).seat])
    keep--;
  keep--;   /* the human move itself */

  ok = replay_moves (self, &self->deal, keep);
  g_assert (ok);
  g_array_set_size (self->moves, keep);
  phase_from_deal (self);
  changed (self);
  return TRUE;
}

/* Saving */

GVariant *
hearts_game_serialize (HeartsGame *self)
{
  g_autofree char *rules = NULL;
  GVariantBuilder b, results, moves, seats, dealt;

  g_return_val_if_fail (HEARTS_IS_GAME (self), NULL);

  rules = hearts_rules_to_string (&self->rules);

  g_variant_builder_init (&results, G_VARIANT_TYPE ("a(aii)"));
  for (guint i = 0; i < self->results->len; i++)
    {
      const HeartsHandResult *r = &g_array_index (self->results, HeartsHandResult, i);

      g_variant_builder_add_value (&results,
                                   g_variant_new ("(@aii)",
                                                  g_variant_new_fixed_array (G_VARIANT_TYPE_INT32, r->points,
                                                                             self->rules.n_players, sizeof (gint)),
                                                  r->shooter));
    }

  g_variant_builder_init (&moves, G_VARIANT_TYPE ("a(yyt)"));
  for (guint i = 0; i < self->moves->len; i++)
    {
      const Move *m = &g_array_index (self->moves, Move, i);
      g_variant_builder_add (&moves, "(yyt)", m->kind, m->seat, (guint64) m->cards);
    }

  g_variant_builder_init (&seats, G_VARIANT_TYPE ("a(by)"));
  for (guint s = 0; s < self->rules.n_players; s++)
    g_variant_builder_add (&seats, "(by)", self->human[s], (guint8) self->levels[s]);

  g_variant_builder_init (&dealt, G_VARIANT_TYPE ("at"));
  for (guint s = 0; s < self->rules.n_players; s++)
    g_variant_builder_add (&dealt, "t", (guint64) self->deal.dealt[s]);

  g_variant_builder_init (&b, G_VARIANT_TYPE_VARDICT);
  g_variant_builder_add (&b, "{sv}", "version", g_variant_new_uint32 (STATE_VERSION));
  g_variant_builder_add (&b, "{sv}", "rules", g_variant_new_string (rules));
  g_variant_builder_add (&b, "{sv}", "seed", g_variant_new_uint64 (self->seed));
  g_variant_builder_add (&b, "{sv}", "rng",
                         g_variant_new_fixed_array (G_VARIANT_TYPE_UINT64, self->rng.s,
                                                    G_N_ELEMENTS (self->rng.s), sizeof (guint64)));
  g_variant_builder_add (&b, "{sv}", "first-dealer", g_variant_new_uint32 (self->first_dealer));
  g_variant_builder_add (&b, "{sv}", "seats", g_variant_builder_end (&seats));
  g_variant_builder_add (&b, "{sv}", "results", g_variant_builder_end (&results));
  g_variant_builder_add (&b, "{sv}", "dealt", g_variant_builder_end (&dealt));
  g_variant_builder_add (&b, "{sv}", "moves", g_variant_builder_end (&moves));
  g_variant_builder_add (&b, "{sv}", "scored",
                         g_variant_new_boolean (self->phase == HEARTS_PHASE_HAND_OVER ||
                                                self->phase == HEARTS_PHASE_GAME_OVER));
  g_variant_builder_add (&b, "{sv}", "record", g_variant_new_string (self->record->str));

  return g_variant_ref_sink (g_variant_builder_end (&b));
}

static gboolean
bad_state (GError     **error,
           const char  *why)
{
  g_set_error (error, HEARTS_GAME_ERROR, 0, "The saved game cannot be used: %s", why);
  return FALSE;
}

/* The shooter of a scored hand, from its points alone: without a moon they add up to
 * 26, less 10 for the J♦ and 5 for each player without a trick; a moon gives the
 * others 26 each or takes 52 off, which lands far outside that range, and leaves the
 * shooter the lowest score by at least 11. */
static gint
moon_shooter (const HeartsRules *rules,
              const gint        *points)
{
  gint base = 26 + (rules->omnibus ? HEARTS_OMNIBUS_BONUS : 0);
  gint sum = 0;
  guint low = 0;

  for (guint s = 0; s < rules->n_players; s++)
    {
      sum += points[s];
      if (points[s] < points[low])
        low = s;
    }
  if (sum <= base && sum >= base + HEARTS_NO_TRICKS_BONUS * (gint) (rules->n_players - 1))
    return -1;
  return low;
}

/* Each hand of the score sheet against its points line in the record, which the replay
 * has checked against the tricks: the totals alone would let two hands be swapped. */
static gboolean
results_match_record (HeartsGame *self,
                      const char *record)
{
  g_auto(GStrv) lines = g_strsplit (record, "\n", -1);
  guint n = self->rules.n_players;
  guint hand = 0;

  for (guint i = 0; lines[i] != NULL; i++)
    {
      g_auto(GStrv) words = NULL;
      const HeartsHandResult *r;

      if (!g_str_has_prefix (lines[i], "points "))
        continue;
      if (hand >= self->results->len)
        return FALSE;
      r = &g_array_index (self->results, HeartsHandResult, hand++);
      words = g_strsplit (lines[i] + strlen ("points "), " ", -1);
      if (g_strv_length (words) != n)
        return FALSE;
      for (guint s = 0; s < n; s++)
        if (g_ascii_strtoll (words[s], NULL, 10) != r->points[s])
          return FALSE;
      if (r->shooter != moon_shooter (&self->rules, r->points))
        return FALSE;
    }
  return hand == self->results->len;
}

static gboolean
load_state (HeartsGame  *self,
            GVariant    *state,
            GError     **error)
{
  g_autoptr(GVariant) rng = NULL;
  g_autoptr(GVariant) seats = NULL;
  g_autoptr(GVariant) results = NULL;
  g_autoptr(GVariant) dealt = NULL;
  g_autoptr(GVariant) moves = NULL;
  g_autoptr(GError) local = NULL;
  const char *rules_text;
  guint32 version, first_dealer;
  const guint64 *rng_s;
  const guint64 *dealt_s;
  gsize n_rng, n_dealt;
  guint n;
  HeartsCards hands[HEARTS_MAX_PLAYERS];
  guint index;
  GVariantIter iter;
  gboolean deal_done, scored;
  const char *record;
  HeartsRecordSummary summary;

  if (!g_variant_is_of_type (state, G_VARIANT_TYPE_VARDICT))
    return bad_state (error, "not a dictionary");

  if (!g_variant_lookup (state, "version", "u", &version) || version != STATE_VERSION)
    return bad_state (error, "unknown version");
  if (!g_variant_lookup (state, "rules", "&s", &rules_text) ||
      !hearts_rules_apply_string (&self->rules, rules_text, &local))
    return bad_state (error, local ? local->message : "no rules");
  n = self->rules.n_players;

  if (!g_variant_lookup (state, "seed", "t", &self->seed) ||
      !g_variant_lookup (state, "first-dealer", "u", &first_dealer) || first_dealer >= n)
    return bad_state (error, "no seed or dealer");
  self->first_dealer = first_dealer;

  rng = g_variant_lookup_value (state, "rng", G_VARIANT_TYPE ("at"));
  if (rng == NULL)
    return bad_state (error, "no generator state");
  rng_s = g_variant_get_fixed_array (rng, &n_rng, sizeof (guint64));
  if (n_rng != 4 || (rng_s[0] | rng_s[1] | rng_s[2] | rng_s[3]) == 0)
    return bad_state (error, "bad generator state");
  memcpy (self->rng.s, rng_s, sizeof self->rng.s);

  seats = g_variant_lookup_value (state, "seats", G_VARIANT_TYPE ("a(by)"));
  if (seats == NULL || g_variant_n_children (seats) != n)
    return bad_state (error, "bad seats");
  for (guint s = 0; s < n; s++)
    {
      gboolean human;
      guint8 level;

      g_variant_get_child (seats, s, "(by)", &human, &level);
      if (level >= HEARTS_N_AI_LEVELS)
        return bad_state (error, "bad computer level");
      /* A human seat keeps the level it had as a computer, for the next switch back. */
      self->levels[s] = level;
      if (human)
        self->human[s] = TRUE;
      else
        self->ais[s] = hearts_ai_new (level, seat_seed (self->seed, s));
    }

  results = g_variant_lookup_value (state, "results", G_VARIANT_TYPE ("a(aii)"));
  if (results == NULL || g_variant_n_children (results) > MAX_RESULTS)
    return bad_state (error, "bad score sheet");
  g_variant_iter_init (&iter, results);
  {
    g_autoptr(GVariant) points = NULL;
    gint32 shooter;

    while (g_variant_iter_next (&iter, "(@aii)", &points, &shooter))
      {
        HeartsHandResult r = { { 0 } };
        gsize n_points;
        const gint32 *p = g_variant_get_fixed_array (points, &n_points, sizeof (gint32));

        if (n_points != n || shooter < -1 || shooter >= (gint) n)
          return bad_state (error, "bad hand on the score sheet");
        for (guint s = 0; s < n; s++)
          {
            if (p[s] < -100 || p[s] > 200)
              return bad_state (error, "impossible points on the score sheet");
            r.points[s] = p[s];
            self->totals[s] += p[s];
            r.totals[s] = self->totals[s];
          }
        r.shooter = shooter;
        g_array_append_val (self->results, r);
        g_clear_pointer (&points, g_variant_unref);
      }
  }

  dealt = g_variant_lookup_value (state, "dealt", G_VARIANT_TYPE ("at"));
  if (dealt == NULL)
    return bad_state (error, "no deal");
  dealt_s = g_variant_get_fixed_array (dealt, &n_dealt, sizeof (guint64));
  if (n_dealt != n)
    return bad_state (error, "bad deal");
  memcpy (hands, dealt_s, n * sizeof (guint64));

  moves = g_variant_lookup_value (state, "moves", G_VARIANT_TYPE ("a(yyt)"));
  if (moves == NULL || g_variant_n_children (moves) > 64)
    return bad_state (error, "bad moves");
  g_variant_iter_init (&iter, moves);
  {
    Move m;
    guint8 kind, seat;
    guint64 cards;

    while (g_variant_iter_next (&iter, "(yyt)", &kind, &seat, &cards))
      {
        if (seat >= n)
          return bad_state (error, "bad move");
        m.kind = kind;
        m.seat = seat;
        m.cards = cards;
        g_array_append_val (self->moves, m);
      }
  }

  /* The hand on the table: the one being played, or the one just finished. */
  if (!g_variant_lookup (state, "scored", "b", &scored))
    return bad_state (error, "no phase");
  if (scored && self->results->len == 0)
    return bad_state (error, "a scored hand with no score");
  index = scored ? self->results->len - 1 : self->results->len;

  if (!hearts_deal_init (&self->deal, &self->rules, (first_dealer + index) % n,
                         hearts_rules_get_pass (&self->rules, index), hands))
    return bad_state (error, "the cards are not a fair deal");
  if (!replay_moves (self, &self->deal, self->moves->len))
    return bad_state (error, "a move breaks the rules");

  deal_done = hearts_deal_is_done (&self->deal);
  if (index < self->results->len)
    {
      HeartsDealScore score;
      HeartsHandResult *last = &g_array_index (self->results, HeartsHandResult, index);
      gint before[HEARTS_MAX_PLAYERS];

      if (!deal_done)
        return bad_state (error, "the last hand is scored but not finished");
      for (guint s = 0; s < n; s++)
        before[s] = last->totals[s] - last->points[s];
      hearts_deal_score (&self->deal, &self->rules, before, &score);
      if (memcmp (score.points, last->points, n * sizeof (gint)) != 0 || score.shooter != last->shooter)
        return bad_state (error, "the score sheet does not match the last hand");
      self->phase = hearts_rules_game_is_over (&self->rules, self->totals, self->results->len)
                    ? HEARTS_PHASE_GAME_OVER : HEARTS_PHASE_HAND_OVER;
    }
  else
    {
      if (deal_done)
        return bad_state (error, "a finished hand was not scored");
      if (hearts_rules_game_is_over (&self->rules, self->totals, self->results->len))
        return bad_state (error, "the game was over before this hand");
      phase_from_deal (self);
    }

  /* The record of the finished hands must replay to the same score sheet. */
  if (!g_variant_lookup (state, "record", "&s", &record) ||
      !hearts_record_replay (record, &summary, NULL) ||
      !hearts_rules_equal (&summary.rules, &self->rules) ||
      summary.n_hands != self->results->len ||
      memcmp (summary.totals, self->totals, n * sizeof (gint)) != 0 ||
      !results_match_record (self, record))
    return bad_state (error, "the game record does not match the score sheet");
  self->record = g_string_new (record);

  return TRUE;
}

HeartsGame *
hearts_game_deserialize (GVariant  *state,
                         GError   **error)
{
  g_autoptr(HeartsGame) self = NULL;

  g_return_val_if_fail (state != NULL, NULL);

  self = g_object_new (HEARTS_TYPE_GAME, NULL);
  if (!load_state (self, state, error))
    return NULL;

  self->notified_phase = self->phase;
  self->notified_player = hearts_game_get_current_player (self);
  self->notified_hand = hearts_game_get_hand_index (self);
  self->notified_broken = self->deal.hearts_broken != 0;
  self->notified_undo = hearts_game_can_undo (self);
  return g_steal_pointer (&self);
}

char *
hearts_game_get_record (HeartsGame *self)
{
  GString *record;

  g_return_val_if_fail (HEARTS_IS_GAME (self), NULL);

  record = g_string_new (self->record->str);
  if (self->phase == HEARTS_PHASE_PASSING || self->phase == HEARTS_PHASE_PLAYING)
    hearts_record_add_deal (record, &self->rules, self->results->len, &self->deal, NULL, NULL);
  return g_string_free (record, FALSE);
}
