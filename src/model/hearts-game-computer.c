/* hearts-game-computer.c: computer moves and hints, worked out off the main loop
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include "hearts-game-private.h"

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

static void
on_cancelled (GCancellable *cancellable,
              gpointer      user_data)
{
  hearts_ai_stop (user_data);
}

/* In a task's thread: a cancel asks the player to answer at once, and the answer is
 * then dropped by the task. Connecting calls on_cancelled() at once if the cancel came
 * before the thread started; disconnecting waits for a call in progress, so the stop
 * can be reset safely afterwards. */
static void
think_cancellable (ComputerMove *move,
                   GCancellable *cancellable)
{
  gulong handler = 0;

  if (cancellable != NULL)
    handler = g_cancellable_connect (cancellable, G_CALLBACK (on_cancelled), move->ai, NULL);
  think (move);
  g_cancellable_disconnect (cancellable, handler);
  hearts_ai_reset_stop (move->ai);
}

static gboolean
apply_computer_move (HeartsGame   *self,
                     ComputerMove *move)
{
  HeartsRefusal refusal;
  gboolean      ok;

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
  gint         seat;

  g_return_val_if_fail (HEARTS_IS_GAME (self), FALSE);

  seat = hearts_game_computer_seat (self);
  if (seat < 0 || self->thinking)
    return FALSE;

  prepare_move (self, seat, &move);
  think (&move);
  return apply_computer_move (self, &move);
}

static void
computer_move_thread (GTask        *task,
                      gpointer      source_object,
                      gpointer      task_data,
                      GCancellable *cancellable)
{
  think_cancellable (task_data, cancellable);
  if (!g_task_return_error_if_cancelled (task))
    g_task_return_boolean (task, TRUE);
}

void
hearts_game_computer_move_async (HeartsGame         *self,
                                 GCancellable       *cancellable,
                                 GAsyncReadyCallback callback,
                                 gpointer            user_data)
{
  g_autoptr(GTask) task = NULL;
  ComputerMove *move;
  gint          seat;

  g_return_if_fail (HEARTS_IS_GAME (self));

  task = g_task_new (self, cancellable, callback, user_data);
  g_task_set_source_tag (task, hearts_game_computer_move_async);

  seat = hearts_game_computer_seat (self);
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
  hearts_game_set_thinking (self, TRUE);
  g_task_run_in_thread (task, computer_move_thread);
}

gboolean
hearts_game_computer_move_finish (HeartsGame   *self,
                                  GAsyncResult *result,
                                  GError      **error)
{
  GTask        *task = G_TASK (result);
  ComputerMove *move;

  g_return_val_if_fail (HEARTS_IS_GAME (self), FALSE);
  g_return_val_if_fail (g_task_is_valid (result, self), FALSE);

  /* A move that was worked out (not refused at once) ends the thinking, even when it
   * was cancelled: propagating reports the cancel. */
  move = g_task_get_task_data (task);
  if (move != NULL)
    hearts_game_set_thinking (self, FALSE);

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
  think_cancellable (move, cancellable);
  move->ai = NULL;
  if (!g_task_return_error_if_cancelled (task))
    g_task_return_boolean (task, TRUE);
}

void
hearts_game_hint_async (HeartsGame         *self,
                        guint               seat,
                        GCancellable       *cancellable,
                        GAsyncReadyCallback callback,
                        gpointer            user_data)
{
  g_autoptr(GTask) task = NULL;
  ComputerMove *move;
  gboolean      may_move;

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
hearts_game_hint_finish (HeartsGame   *self,
                         GAsyncResult *result,
                         GError      **error)
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
