/* hearts-game.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <string.h>

#include "hearts-game-private.h"
#include "hearts-model-enums.h"

G_DEFINE_FINAL_TYPE (HeartsGame, hearts_game, G_TYPE_OBJECT)
/* clang-format off: the quark\'s name is a string */
G_DEFINE_QUARK (hearts - game - error - quark, hearts_game_error)
/* clang-format on */

enum
{
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

enum
{
  CARDS_PASSED,
  CARD_PLAYED,
  TRICK_FINISHED,
  HAND_STARTED,
  HAND_FINISHED,
  GAME_OVER,
  UNDONE,
  CHANGED,
  N_SIGNALS
};

static GParamSpec *properties[N_PROPS];
static guint       signals[N_SIGNALS];

guint64
hearts_game_seat_seed (guint64 seed,
                       guint   seat)
{
  return seed ^ (G_GUINT64_CONSTANT (0x9e3779b97f4a7c15) * (seat + 1));
}

static void
sync_properties (HeartsGame *self)
{
  gint     player = hearts_game_get_current_player (self);
  guint    hand = hearts_game_get_hand_index (self);
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

void
hearts_game_changed (HeartsGame *self)
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

void
hearts_game_phase_from_deal (HeartsGame *self)
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
  HeartsDealScore  score;
  guint            n = self->rules.n_players;

  hearts_deal_score (&self->deal, &self->rules, self->totals, &score);
  for (guint s = 0; s < n; s++)
    {
      result.points[s] = score.points[s];
      self->totals[s] += score.points[s];
      result.totals[s] = self->totals[s];
    }
  result.shooter = score.shooter;
  result.moon_minus = score.moon_minus;
  result.jack = score.jack;
  result.no_tricks = score.no_tricks;
  result.queen = score.queen;
  g_array_append_val (self->results, result);
  hearts_record_add_deal (self->record, &self->rules, self->results->len - 1, &self->deal,
                          result.points, result.totals);

  self->phase = hearts_rules_game_is_over (&self->rules, self->totals, self->results->len)
                  ? HEARTS_PHASE_GAME_OVER
                  : HEARTS_PHASE_HAND_OVER;
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
  HeartsGame *self = (HeartsGame *) object;

  /* A computer move in flight holds a reference, so no thread uses the AIs now. */
  for (guint s = 0; s < HEARTS_MAX_PLAYERS; s++)
    g_clear_pointer (&self->ais[s], hearts_ai_free);
  g_clear_pointer (&self->retired_ais, g_ptr_array_unref);

  G_OBJECT_CLASS (hearts_game_parent_class)->dispose (object);
}

static void
hearts_game_finalize (GObject *object)
{
  HeartsGame *self = (HeartsGame *) object;

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
  /* An undo took moves back (before its "changed"). */
  signals[UNDONE] =
    g_signal_new ("undone", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL, G_TYPE_NONE, 0);
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

gboolean
hearts_game_has_played (HeartsGame *self,
                        guint       seat)
{
  g_return_val_if_fail (HEARTS_IS_GAME (self), FALSE);

  for (guint i = 0; i < self->deal.n_plays; i++)
    if (hearts_deal_get_play_seat (&self->deal, i) == seat)
      return TRUE;
  return FALSE;
}

gboolean
hearts_game_get_thinking (HeartsGame *self)
{
  g_return_val_if_fail (HEARTS_IS_GAME (self), FALSE);
  return self->thinking;
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
hearts_game_get_played_trick (HeartsGame *self,
                              guint       trick,
                              HeartsCard *cards,
                              guint      *leader)
{
  HeartsCard played[HEARTS_MAX_PLAYERS];
  guint      n;

  g_return_val_if_fail (HEARTS_IS_GAME (self), 0);

  if (self->phase == HEARTS_PHASE_PASSING || trick >= HEARTS_MAX_TRICKS)
    return 0;
  n = hearts_deal_get_trick (&self->deal, trick, played);
  if (n > 0 && cards != NULL)
    memcpy (cards, played, n * sizeof (HeartsCard));
  if (n > 0 && leader != NULL)
    *leader = self->deal.trick_leaders[trick];
  return n;
}

guint
hearts_game_get_n_finished_tricks (HeartsGame *self)
{
  g_return_val_if_fail (HEARTS_IS_GAME (self), 0);

  if (self->phase == HEARTS_PHASE_PASSING)
    return 0;
  return hearts_deal_get_trick_index (&self->deal);
}

gint
hearts_game_get_trick_winner (HeartsGame *self,
                              guint       trick)
{
  g_return_val_if_fail (HEARTS_IS_GAME (self), -1);

  if (trick >= hearts_game_get_n_finished_tricks (self))
    return -1;
  return hearts_deal_get_trick_winner (&self->deal, trick);
}

gint
hearts_game_get_trick_points (HeartsGame *self,
                              guint       trick)
{
  HeartsCard  played[HEARTS_MAX_PLAYERS];
  HeartsCards cards = 0;
  guint       n;

  g_return_val_if_fail (HEARTS_IS_GAME (self), 0);

  if (trick >= hearts_game_get_n_finished_tricks (self))
    return 0;
  n = hearts_deal_get_trick (&self->deal, trick, played);
  for (guint i = 0; i < n; i++)
    cards |= HEARTS_CARD_BIT (played[i]);
  return hearts_cards_points (cards, &self->rules);
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

HeartsCards
hearts_game_get_points_taken (HeartsGame *self,
                              guint       seat)
{
  HeartsCards scoring = HEARTS_POINT_CARDS;

  g_return_val_if_fail (HEARTS_IS_GAME (self), 0);
  g_return_val_if_fail (seat < self->rules.n_players, 0);

  if (self->phase == HEARTS_PHASE_PASSING)
    return 0;
  if (self->rules.omnibus)
    scoring |= HEARTS_CARD_BIT (HEARTS_JACK_OF_DIAMONDS);
  return self->deal.taken[seat] & scoring;
}

gint
hearts_game_count_points (HeartsGame *self,
                          HeartsCards cards)
{
  g_return_val_if_fail (HEARTS_IS_GAME (self), 0);
  return hearts_cards_points (cards, &self->rules);
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
  hearts_game_changed (self);
}

void
hearts_game_set_seat_level (HeartsGame   *self,
                            guint         seat,
                            HeartsAiLevel level)
{
  g_return_if_fail (HEARTS_IS_GAME (self));
  g_return_if_fail (seat < self->rules.n_players);
  g_return_if_fail (level < HEARTS_N_AI_LEVELS);

  hearts_game_set_seat_ai (self, seat, hearts_ai_new (level, hearts_game_seat_seed (self->seed, seat)));
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
  hearts_game_changed (self);
}

HeartsAi *
hearts_game_get_seat_ai (HeartsGame *self,
                         guint       seat)
{
  g_return_val_if_fail (HEARTS_IS_GAME (self), NULL);
  g_return_val_if_fail (seat < self->rules.n_players, NULL);
  return self->human[seat] ? NULL : self->ais[seat];
}

gint
hearts_game_computer_seat (HeartsGame *self)
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
  return hearts_game_computer_seat (self) >= 0;
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
  Move          move = { MOVE_PASS, seat, cards };

  if (self->phase != HEARTS_PHASE_PASSING)
    r = HEARTS_REFUSAL_WRONG_PHASE;
  else
    r = hearts_deal_pass (&self->deal, &self->rules, seat, cards);
  if (refusal != NULL)
    *refusal = r;
  if (r != HEARTS_REFUSAL_NONE)
    return FALSE;

  g_array_append_val (self->moves, move);
  hearts_game_phase_from_deal (self);
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
  Move          move = { MOVE_PLAY, seat, 0 };

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
  hearts_game_changed (self);
  return TRUE;
}

gboolean
hearts_game_play (HeartsGame    *self,
                  guint          seat,
                  HeartsCard     card,
                  HeartsRefusal *refusal)
{
  gint  winner;
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
      hearts_game_changed (self);
      g_signal_emit (self, signals[HAND_FINISHED], 0, self->results->len - 1);
      if (self->phase == HEARTS_PHASE_GAME_OVER)
        g_signal_emit (self, signals[GAME_OVER], 0, hearts_game_get_winners (self));
      return TRUE;
    }

  hearts_game_changed (self);
  return TRUE;
}

/* Claims */

/* Plays @claim's line through the normal path; FALSE if a handler of the moves has
 * changed the game under it. */
static gboolean
play_claim (HeartsGame        *self,
            const HeartsClaim *claim)
{
  for (guint i = 0; i < claim->n_plays; i++)
    {
      if (self->phase != HEARTS_PHASE_PLAYING ||
          !hearts_game_play (self, hearts_deal_get_current_player (&self->deal),
                             claim->plays[i], NULL))
        return FALSE;
    }
  return TRUE;
}

gboolean
hearts_game_can_claim (HeartsGame  *self,
                       guint        seat,
                       HeartsClaim *proof)
{
  g_return_val_if_fail (HEARTS_IS_GAME (self), FALSE);
  g_return_val_if_fail (seat < self->rules.n_players, FALSE);

  if (self->phase != HEARTS_PHASE_PLAYING || !self->human[seat] ||
      hearts_deal_get_current_player (&self->deal) != seat)
    return FALSE;
  return hearts_deal_analyze_claim (&self->deal, &self->rules, self->totals, proof) != HEARTS_CLAIM_NONE;
}

gboolean
hearts_game_claim (HeartsGame *self,
                   guint       seat)
{
  HeartsClaim claim;

  g_return_val_if_fail (HEARTS_IS_GAME (self), FALSE);

  if (!hearts_game_can_claim (self, seat, &claim))
    return FALSE;
  return play_claim (self, &claim);
}

/* The check in a thread: a copy of the position, tied to the game's serial. */
typedef struct
{
  HeartsDeal  deal;
  HeartsRules rules;
  gint        totals[HEARTS_MAX_PLAYERS];
  guint       serial;
  HeartsClaim claim;
} ClaimCheck;

static void
claim_check_thread (GTask        *task,
                    gpointer      source_object,
                    gpointer      task_data,
                    GCancellable *cancellable)
{
  ClaimCheck *check = task_data;
  gboolean    decided;

  decided = hearts_deal_analyze_claim (&check->deal, &check->rules, check->totals, &check->claim) != HEARTS_CLAIM_NONE;
  if (!g_task_return_error_if_cancelled (task))
    g_task_return_boolean (task, decided);
}

void
hearts_game_can_claim_async (HeartsGame         *self,
                             guint               seat,
                             GCancellable       *cancellable,
                             GAsyncReadyCallback callback,
                             gpointer            user_data)
{
  g_autoptr(GTask) task = NULL;
  ClaimCheck *check;

  g_return_if_fail (HEARTS_IS_GAME (self));

  task = g_task_new (self, cancellable, callback, user_data);
  g_task_set_source_tag (task, hearts_game_can_claim_async);

  check = g_new0 (ClaimCheck, 1);
  check->serial = self->serial;
  g_task_set_task_data (task, check, g_free);

  /* Not the seat's turn: no claim, and no thread to ask. */
  if (seat >= self->rules.n_players || self->phase != HEARTS_PHASE_PLAYING || !self->human[seat] ||
      hearts_deal_get_current_player (&self->deal) != seat)
    {
      g_task_return_boolean (task, FALSE);
      return;
    }

  check->deal = self->deal;
  check->rules = self->rules;
  memcpy (check->totals, self->totals, sizeof check->totals);
  g_task_run_in_thread (task, claim_check_thread);
}

gboolean
hearts_game_can_claim_finish (HeartsGame   *self,
                              GAsyncResult *result,
                              HeartsClaim  *proof,
                              GError      **error)
{
  ClaimCheck *check;
  gboolean    decided;
  g_autoptr(GError) local = NULL;

  g_return_val_if_fail (HEARTS_IS_GAME (self), FALSE);
  g_return_val_if_fail (g_task_is_valid (result, self), FALSE);

  check = g_task_get_task_data (G_TASK (result));
  decided = g_task_propagate_boolean (G_TASK (result), &local);
  if (local != NULL)
    {
      g_propagate_error (error, g_steal_pointer (&local));
      return FALSE;
    }
  /* A "no" about another position is as stale as a "yes". */
  if (check->serial != self->serial)
    {
      g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_CANCELLED,
                           "The game changed while the claim was checked");
      return FALSE;
    }
  if (decided && proof != NULL)
    *proof = check->claim;
  return decided;
}

G_STATIC_ASSERT (HEARTS_GAME_MAX_TRICKS == HEARTS_MAX_TRICKS);

guint
hearts_game_get_claim_tricks (HeartsGame        *self,
                              const HeartsClaim *proof,
                              HeartsTrick  *tricks)
{
  HeartsDeal deal;
  guint      n_tricks = 0;
  guint      i = 0;

  g_return_val_if_fail (HEARTS_IS_GAME (self), 0);
  g_return_val_if_fail (proof != NULL, 0);
  g_return_val_if_fail (tricks != NULL, 0);

  if (self->phase != HEARTS_PHASE_PLAYING || proof->n_plays == 0)
    return 0;

  deal = self->deal;
  while (i < proof->n_plays)
    {
      HeartsTrick *trick = &tricks[n_tricks];
      guint             leader = hearts_deal_get_current_player (&deal);
      gint              winner = -1;

      memset (trick, 0, sizeof *trick);
      /* The trick on the table comes first, with the cards played already. */
      if (n_tricks == 0 && deal.trick_len > 0)
        trick->n_before = trick->n_cards = hearts_game_get_trick (self, trick->cards, &leader);
      trick->leader = leader;
      while (winner < 0 && i < proof->n_plays)
        {
          HeartsCard card = proof->plays[i++];

          if (hearts_deal_check_play (&deal, &self->rules, hearts_deal_get_current_player (&deal), card) !=
              HEARTS_REFUSAL_NONE)
            return 0;
          trick->cards[trick->n_cards++] = card;
          winner = hearts_deal_play_unchecked (&deal, &self->rules, card);
        }
      if (winner < 0)
        return 0;
      trick->winner = winner;
      for (guint c = 0; c < trick->n_cards; c++)
        trick->points += hearts_cards_points (HEARTS_CARD_BIT (trick->cards[c]), &self->rules);
      n_tricks++;
    }
  return hearts_deal_is_done (&deal) ? n_tricks : 0;
}

gboolean
hearts_game_finish_is_determined (HeartsGame *self)
{
  g_return_val_if_fail (HEARTS_IS_GAME (self), FALSE);

  return self->phase == HEARTS_PHASE_PLAYING && hearts_deal_is_settled (&self->deal, &self->rules);
}

gboolean
hearts_game_finish (HeartsGame *self)
{
  HeartsClaim claim;

  g_return_val_if_fail (HEARTS_IS_GAME (self), FALSE);

  if (!hearts_game_finish_is_determined (self) ||
      hearts_deal_analyze_claim (&self->deal, &self->rules, self->totals, &claim) != HEARTS_CLAIM_SETTLED)
    return FALSE;
  return play_claim (self, &claim);
}

void
hearts_game_next_hand (HeartsGame *self)
{
  g_return_if_fail (HEARTS_IS_GAME (self));

  if (self->phase != HEARTS_PHASE_HAND_OVER)
    return;

  deal_hand (self);
  hearts_game_changed (self);
  g_signal_emit (self, signals[HAND_STARTED], 0, self->results->len);
}

void
hearts_game_set_thinking (HeartsGame *self,
                          gboolean    thinking)
{
  if (self->thinking == thinking)
    return;
  self->thinking = thinking;
  /* AIs replaced while a thread used them can go now. */
  if (!thinking)
    g_ptr_array_set_size (self->retired_ais, 0);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_THINKING]);
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

gboolean
hearts_game_replay_moves (HeartsGame *self,
                          HeartsDeal *deal,
                          guint       n_moves)
{
  HeartsCards dealt[HEARTS_MAX_PLAYERS];

  memcpy (dealt, deal->dealt, sizeof dealt);
  if (!hearts_deal_init (deal, &self->rules, deal->dealer, deal->pass, dealt))
    return FALSE;

  for (guint i = 0; i < n_moves; i++)
    {
      const Move   *m = &g_array_index (self->moves, Move, i);
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
  guint    keep;
  gboolean ok;

  g_return_val_if_fail (HEARTS_IS_GAME (self), FALSE);

  if (!hearts_game_can_undo (self))
    return FALSE;

  keep = self->moves->len;
  while (keep > 0 && !self->human[g_array_index (self->moves, Move, keep - 1).seat])
    keep--;
  keep--; /* the human move itself */

  ok = hearts_game_replay_moves (self, &self->deal, keep);
  g_assert (ok);
  g_array_set_size (self->moves, keep);
  hearts_game_phase_from_deal (self);
  g_signal_emit (self, signals[UNDONE], 0);
  hearts_game_changed (self);
  return TRUE;
}
