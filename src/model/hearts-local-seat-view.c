/* hearts-local-seat-view.c
 *
 * Turns the game's signals into the seat's events, each carrying only what the seat
 * may know. After every change the state the events built is held against the one
 * made afresh from the game: a difference is a bug here (a critical), and the view
 * starts again from the game.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include "hearts-game-deal.h"
#include "hearts-game-private.h"
#include "hearts-local-seat-view.h"
#include "hearts-seat-view-private.h"

struct _HeartsLocalSeatView
{
  HeartsSeatView    parent_instance;

  HeartsGame       *game;
  HeartsGameRunner *runner;   /* weak: the window owns both */
  guint             seat;
  GSignalGroup     *game_signals;
};

G_DEFINE_FINAL_TYPE (HeartsLocalSeatView, hearts_local_seat_view, HEARTS_TYPE_SEAT_VIEW)

enum
{
  PROP_0,
  PROP_GAME,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static void
fresh_state (HeartsLocalSeatView *self,
             HeartsSeatState     *state)
{
  HeartsGame *game = self->game;
  HeartsPhase phase = hearts_game_get_phase (game);
  guint       n_results = hearts_game_get_n_results (game);
  gint        totals[HEARTS_MAX_PLAYERS] = { 0 };
  const gint *hand_points = NULL;

  for (guint s = 0; s < hearts_game_get_n_players (game); s++)
    totals[s] = hearts_game_get_total (game, s);
  if ((phase == HEARTS_PHASE_HAND_OVER || phase == HEARTS_PHASE_GAME_OVER) && n_results > 0)
    hand_points = hearts_game_get_result (game, n_results - 1)->points;
  hearts_seat_state_init (state, hearts_game_get_rules (game), hearts_game_get_deal (game), self->seat, phase,
                          n_results, totals, hand_points);
}

static void
reset (HeartsLocalSeatView *self)
{
  HeartsSeatState state;
  guint           n = hearts_game_get_n_results (self->game);
  g_autoptr(GArray) results = g_array_sized_new (FALSE, TRUE, sizeof (HeartsHandResult), n);

  for (guint i = 0; i < n; i++)
    g_array_append_vals (results, hearts_game_get_result (self->game, i), 1);
  fresh_state (self, &state);
  hearts_seat_view_set_state (HEARTS_SEAT_VIEW (self), &state, (const HeartsHandResult *) results->data, n);
}

static void
push (HeartsLocalSeatView   *self,
      const HeartsSeatEvent *event)
{
  if (!hearts_seat_view_push (HEARTS_SEAT_VIEW (self), event))
    {
      g_critical ("Seat %u's view refused event %d; starting again from the game", self->seat, event->kind);
      reset (self);
    }
}

/* The hand's end and the next deal come with the game's "changed", before their own
 * signals: whichever comes first says them. */
static void
catch_up (HeartsLocalSeatView *self)
{
  const HeartsSeatState *state = hearts_seat_view_get_state (HEARTS_SEAT_VIEW (self));
  HeartsGame            *game = self->game;
  guint                  n_results = hearts_game_get_n_results (game);
  HeartsPhase            phase = hearts_game_get_phase (game);

  if (hearts_seat_state_get_n_results (state) < n_results &&
      hearts_seat_state_get_phase (state) == HEARTS_PHASE_PLAYING)
    {
      HeartsSeatEvent event = { .kind = HEARTS_SEAT_EVENT_HAND_FINISHED, .leader = -1 };

      event.index = n_results - 1;
      event.result = *hearts_game_get_result (game, n_results - 1);
      push (self, &event);
      if (phase == HEARTS_PHASE_GAME_OVER)
        {
          HeartsSeatEvent over = { .kind = HEARTS_SEAT_EVENT_GAME_OVER, .leader = -1 };

          over.winners = hearts_game_get_winners (game);
          push (self, &over);
        }
    }
  else if (hearts_seat_state_get_phase (state) == HEARTS_PHASE_HAND_OVER &&
           (phase == HEARTS_PHASE_PASSING || phase == HEARTS_PHASE_PLAYING) &&
           hearts_seat_state_get_n_results (state) == n_results)
    {
      const HeartsDeal *deal = hearts_game_get_deal (game);
      HeartsSeatEvent   event = { .kind = HEARTS_SEAT_EVENT_HAND_STARTED };

      event.index = n_results;
      event.seat = deal->dealer;
      event.pass = deal->pass;
      event.cards = deal->dealt[self->seat];
      event.leader = deal->pass == HEARTS_PASS_HOLD ? (gint) deal->trick_leaders[0] : -1;
      push (self, &event);
    }
}

static void
on_cards_passed_cb (HeartsLocalSeatView *self,
                    guint                seat,
                    guint64              cards,
                    HeartsGame          *game)
{
  const HeartsSeatState *state = hearts_seat_view_get_state (HEARTS_SEAT_VIEW (self));
  const HeartsDeal      *deal = hearts_game_get_deal (game);
  HeartsSeatEvent        event = { .kind = HEARTS_SEAT_EVENT_CARDS_PASSED, .leader = -1 };

  event.seat = seat;
  event.cards = seat == self->seat ? cards : 0;
  if (hearts_seat_state_get_received (state) == 0)
    event.received = hearts_game_get_received (game, self->seat);
  if (deal->phase == HEARTS_DEAL_PLAYING)
    event.leader = deal->leader;
  push (self, &event);
}

static void
on_card_played_cb (HeartsLocalSeatView *self,
                   guint                seat,
                   guint                card,
                   HeartsGame          *game)
{
  HeartsSeatEvent event = { .kind = HEARTS_SEAT_EVENT_CARD_PLAYED, .leader = -1 };

  event.seat = seat;
  event.card = card;
  push (self, &event);
}

static void
on_trick_finished_cb (HeartsLocalSeatView *self,
                      guint                winner,
                      guint                trick,
                      HeartsGame          *game)
{
  HeartsSeatEvent event = { .kind = HEARTS_SEAT_EVENT_TRICK_TAKEN, .leader = -1 };

  event.seat = winner;
  event.index = trick;
  push (self, &event);
}

static void
on_undone_cb (HeartsLocalSeatView *self)
{
  reset (self);
}

static void
on_changed_cb (HeartsLocalSeatView *self)
{
  HeartsSeatState fresh;

  catch_up (self);
  fresh_state (self, &fresh);
  if (!hearts_seat_state_equal (&fresh, hearts_seat_view_get_state (HEARTS_SEAT_VIEW (self))))
    {
      g_critical ("Seat %u's view is out of step with the game; starting again from it", self->seat);
      reset (self);
    }
}

static void
on_can_undo_cb (HeartsLocalSeatView *self)
{
  hearts_seat_view_set_can_undo (HEARTS_SEAT_VIEW (self), hearts_game_can_undo (self->game));
}

static void
on_auto_finish_cb (HeartsLocalSeatView *self)
{
  hearts_seat_view_set_finishes_settled (HEARTS_SEAT_VIEW (self),
                                         self->runner != NULL && hearts_game_runner_get_auto_finish (self->runner));
}

static void
on_thinking_cb (HeartsLocalSeatView *self)
{
  hearts_seat_view_set_thinking (HEARTS_SEAT_VIEW (self), hearts_game_get_thinking (self->game));
}

/* Moves */

static gboolean
local_pass (HeartsSeatView *view,
            HeartsCards     cards,
            HeartsRefusal  *refusal)
{
  HeartsLocalSeatView *self = HEARTS_LOCAL_SEAT_VIEW (view);

  return hearts_game_pass (self->game, self->seat, cards, refusal);
}

static gboolean
local_play (HeartsSeatView *view,
            HeartsCard      card,
            HeartsRefusal  *refusal)
{
  HeartsLocalSeatView *self = HEARTS_LOCAL_SEAT_VIEW (view);

  return hearts_game_play (self->game, self->seat, card, refusal);
}

static gboolean
local_claim (HeartsSeatView *view)
{
  HeartsLocalSeatView *self = HEARTS_LOCAL_SEAT_VIEW (view);

  return hearts_game_claim (self->game, self->seat);
}

static gboolean
local_undo (HeartsSeatView *view)
{
  HeartsLocalSeatView *self = HEARTS_LOCAL_SEAT_VIEW (view);

  if (self->runner != NULL && hearts_game_runner_get_game (self->runner) == self->game)
    return hearts_game_runner_undo (self->runner);
  return hearts_game_undo (self->game);
}

static void
local_next_hand (HeartsSeatView *view)
{
  hearts_game_next_hand (HEARTS_LOCAL_SEAT_VIEW (view)->game);
}

/* The game's answers are handed on as the view's own. */
static void
on_claim_checked_cb (GObject      *source,
                     GAsyncResult *result,
                     gpointer      user_data)
{
  g_autoptr(GTask) task = user_data;
  g_autoptr(GError) error = NULL;
  HeartsClaim *proof = g_task_get_task_data (task);
  gboolean     decided;

  decided = hearts_game_can_claim_finish (HEARTS_GAME (source), result, proof, &error);
  if (error != NULL)
    g_task_return_error (task, g_steal_pointer (&error));
  else
    g_task_return_boolean (task, decided);
}

static void
local_check_claim_async (HeartsSeatView     *view,
                         GCancellable       *cancellable,
                         GAsyncReadyCallback callback,
                         gpointer            user_data)
{
  HeartsLocalSeatView *self = HEARTS_LOCAL_SEAT_VIEW (view);
  GTask               *task = g_task_new (self, cancellable, callback, user_data);

  g_task_set_source_tag (task, local_check_claim_async);
  g_task_set_task_data (task, g_new0 (HeartsClaim, 1), g_free);
  hearts_game_can_claim_async (self->game, self->seat, cancellable, on_claim_checked_cb, task);
}

static gboolean
local_check_claim_finish (HeartsSeatView *view,
                          GAsyncResult   *result,
                          HeartsClaim    *proof,
                          GError        **error)
{
  g_return_val_if_fail (g_task_is_valid (result, view), FALSE);

  if (!g_task_propagate_boolean (G_TASK (result), error))
    return FALSE;
  if (proof != NULL)
    *proof = *(HeartsClaim *) g_task_get_task_data (G_TASK (result));
  return TRUE;
}

static void
on_hint_cb (GObject      *source,
            GAsyncResult *result,
            gpointer      user_data)
{
  g_autoptr(GTask) task = user_data;
  g_autoptr(GError) error = NULL;
  HeartsCards cards;

  cards = hearts_game_hint_finish (HEARTS_GAME (source), result, &error);
  if (error != NULL)
    g_task_return_error (task, g_steal_pointer (&error));
  else
    g_task_return_pointer (task, g_memdup2 (&cards, sizeof cards), g_free);
}

static void
local_hint_async (HeartsSeatView     *view,
                  GCancellable       *cancellable,
                  GAsyncReadyCallback callback,
                  gpointer            user_data)
{
  HeartsLocalSeatView *self = HEARTS_LOCAL_SEAT_VIEW (view);
  GTask               *task = g_task_new (self, cancellable, callback, user_data);

  g_task_set_source_tag (task, local_hint_async);
  /* Through the runner, the hint is cancelled with the rest of the game's work. */
  if (self->runner != NULL && hearts_game_runner_get_game (self->runner) == self->game)
    hearts_game_runner_hint_async (self->runner, self->seat, on_hint_cb, task);
  else
    hearts_game_hint_async (self->game, self->seat, cancellable, on_hint_cb, task);
}

static HeartsCards
local_hint_finish (HeartsSeatView *view,
                   GAsyncResult   *result,
                   GError        **error)
{
  g_autofree HeartsCards *cards = NULL;

  g_return_val_if_fail (g_task_is_valid (result, view), 0);

  cards = g_task_propagate_pointer (G_TASK (result), error);
  return cards != NULL ? *cards : 0;
}

/* GObject */

static void
hearts_local_seat_view_dispose (GObject *object)
{
  HeartsLocalSeatView *self = HEARTS_LOCAL_SEAT_VIEW (object);

  if (self->game_signals != NULL)
    g_signal_group_set_target (self->game_signals, NULL);
  g_clear_object (&self->game_signals);
  g_clear_weak_pointer (&self->runner);
  g_clear_object (&self->game);

  G_OBJECT_CLASS (hearts_local_seat_view_parent_class)->dispose (object);
}

static void
hearts_local_seat_view_get_property (GObject    *object,
                                     guint       prop_id,
                                     GValue     *value,
                                     GParamSpec *pspec)
{
  HeartsLocalSeatView *self = HEARTS_LOCAL_SEAT_VIEW (object);

  switch (prop_id)
    {
    case PROP_GAME:
      g_value_set_object (value, self->game);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
hearts_local_seat_view_class_init (HeartsLocalSeatViewClass *klass)
{
  GObjectClass        *object_class = G_OBJECT_CLASS (klass);
  HeartsSeatViewClass *view_class = HEARTS_SEAT_VIEW_CLASS (klass);

  object_class->dispose = hearts_local_seat_view_dispose;
  object_class->get_property = hearts_local_seat_view_get_property;

  view_class->pass = local_pass;
  view_class->play = local_play;
  view_class->claim = local_claim;
  view_class->undo = local_undo;
  view_class->next_hand = local_next_hand;
  view_class->check_claim_async = local_check_claim_async;
  view_class->check_claim_finish = local_check_claim_finish;
  view_class->hint_async = local_hint_async;
  view_class->hint_finish = local_hint_finish;

  properties[PROP_GAME] =
    g_param_spec_object ("game", NULL, NULL, HEARTS_TYPE_GAME,
                         (G_PARAM_READABLE | G_PARAM_STATIC_STRINGS));
  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
hearts_local_seat_view_init (HeartsLocalSeatView *self)
{
  self->game_signals = g_signal_group_new (HEARTS_TYPE_GAME);
  g_signal_group_connect_swapped (self->game_signals, "cards-passed", G_CALLBACK (on_cards_passed_cb), self);
  g_signal_group_connect_swapped (self->game_signals, "card-played", G_CALLBACK (on_card_played_cb), self);
  g_signal_group_connect_swapped (self->game_signals, "trick-finished", G_CALLBACK (on_trick_finished_cb), self);
  g_signal_group_connect_swapped (self->game_signals, "hand-finished", G_CALLBACK (catch_up), self);
  g_signal_group_connect_swapped (self->game_signals, "hand-started", G_CALLBACK (catch_up), self);
  g_signal_group_connect_swapped (self->game_signals, "undone", G_CALLBACK (on_undone_cb), self);
  g_signal_group_connect_swapped (self->game_signals, "changed", G_CALLBACK (on_changed_cb), self);
  g_signal_group_connect_swapped (self->game_signals, "notify::can-undo", G_CALLBACK (on_can_undo_cb), self);
  g_signal_group_connect_swapped (self->game_signals, "notify::thinking", G_CALLBACK (on_thinking_cb), self);
}

HeartsSeatView *
hearts_local_seat_view_new (HeartsGame       *game,
                            HeartsGameRunner *runner,
                            guint             seat)
{
  HeartsLocalSeatView *self;

  g_return_val_if_fail (HEARTS_IS_GAME (game), NULL);
  g_return_val_if_fail (runner == NULL || HEARTS_IS_GAME_RUNNER (runner), NULL);
  g_return_val_if_fail (seat < hearts_game_get_n_players (game), NULL);

  self = g_object_new (HEARTS_TYPE_LOCAL_SEAT_VIEW, NULL);
  self->game = g_object_ref (game);
  self->seat = seat;
  g_set_weak_pointer (&self->runner, runner);
  if (runner != NULL)
    g_signal_connect_object (runner, "notify::auto-finish", G_CALLBACK (on_auto_finish_cb), self, G_CONNECT_SWAPPED);
  on_auto_finish_cb (self);
  reset (self);
  on_can_undo_cb (self);
  on_thinking_cb (self);
  g_signal_group_set_target (self->game_signals, game);
  return HEARTS_SEAT_VIEW (self);
}

HeartsGame *
hearts_local_seat_view_get_game (HeartsLocalSeatView *self)
{
  g_return_val_if_fail (HEARTS_IS_LOCAL_SEAT_VIEW (self), NULL);
  return self->game;
}
