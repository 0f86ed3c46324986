/* hearts-remote-seat-view.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <string.h>

#include "hearts-net-client-private.h"
#include "hearts-seat-view-private.h"

struct _HeartsRemoteSeatView
{
  HeartsSeatView parent_instance;

  HeartsNetClient *client; /* weak: the client owns the view */
};

G_DEFINE_FINAL_TYPE (HeartsRemoteSeatView, hearts_remote_seat_view, HEARTS_TYPE_SEAT_VIEW)

static const HeartsSeatState *
state_of (HeartsSeatView *view)
{
  return hearts_seat_view_get_state (view);
}

static gboolean
refuse (HeartsRefusal *refusal,
        HeartsRefusal  why)
{
  if (refusal != NULL)
    *refusal = why;
  return FALSE;
}

/* Sent: the host's event is the answer. */
static gboolean
accept (HeartsRefusal *refusal)
{
  if (refusal != NULL)
    *refusal = HEARTS_REFUSAL_NONE;
  return TRUE;
}

static gboolean
remote_pass (HeartsSeatView *view,
             HeartsCards     cards,
             HeartsRefusal  *refusal)
{
  HeartsRemoteSeatView  *self = HEARTS_REMOTE_SEAT_VIEW (view);
  const HeartsSeatState *state = state_of (view);

  if (hearts_seat_state_get_phase (state) != HEARTS_PHASE_PASSING || self->client == NULL)
    return refuse (refusal, HEARTS_REFUSAL_WRONG_PHASE);
  if (hearts_seat_state_has_passed (state, hearts_seat_state_get_seat (state)))
    return refuse (refusal, HEARTS_REFUSAL_ALREADY_PASSED);
  if (hearts_cards_count (cards) != HEARTS_PASS_SIZE)
    return refuse (refusal, HEARTS_REFUSAL_PASS_COUNT);
  if ((cards & ~hearts_seat_state_get_hand (state)) != 0)
    return refuse (refusal, HEARTS_REFUSAL_NOT_IN_HAND);
  /* Another pass is on its way already. */
  if (!_hearts_net_client_send_pass (self->client, cards))
    return refuse (refusal, HEARTS_REFUSAL_ALREADY_PASSED);
  return accept (refusal);
}

static gboolean
remote_play (HeartsSeatView *view,
             HeartsCard      card,
             HeartsRefusal  *refusal)
{
  HeartsRemoteSeatView  *self = HEARTS_REMOTE_SEAT_VIEW (view);
  const HeartsSeatState *state = state_of (view);
  HeartsRefusal          why;

  if (hearts_seat_state_get_phase (state) != HEARTS_PHASE_PLAYING || hearts_seat_state_get_trick_waiting (state) ||
      self->client == NULL)
    return refuse (refusal, HEARTS_REFUSAL_WRONG_PHASE);
  /* The seat's own cards and the table are all the rules need. */
  why = hearts_deal_check_play (&state->view.deal, &state->view.rules, hearts_seat_state_get_seat (state), card);
  if (why != HEARTS_REFUSAL_NONE)
    return refuse (refusal, why);
  /* Another card is on its way already: the host will say whose turn it is next. */
  if (!_hearts_net_client_send_play (self->client, card))
    return refuse (refusal, HEARTS_REFUSAL_NOT_YOUR_TURN);
  return accept (refusal);
}

static gboolean
remote_claim (HeartsSeatView *view)
{
  HeartsRemoteSeatView *self = HEARTS_REMOTE_SEAT_VIEW (view);

  if (self->client == NULL || !hearts_seat_view_get_own_turn (view) ||
      hearts_seat_view_get_phase (view) != HEARTS_PHASE_PLAYING)
    return FALSE;
  _hearts_net_client_send_claim (self->client);
  return TRUE;
}

/* Not at a table of people. */
static gboolean
remote_undo (HeartsSeatView *view)
{
  return FALSE;
}

static void
remote_next_hand (HeartsSeatView *view)
{
  HeartsRemoteSeatView *self = HEARTS_REMOTE_SEAT_VIEW (view);

  if (self->client != NULL && hearts_seat_view_get_phase (view) == HEARTS_PHASE_HAND_OVER)
    _hearts_net_client_send_ready (self->client);
}

static void
remote_check_claim_async (HeartsSeatView     *view,
                          GCancellable       *cancellable,
                          GAsyncReadyCallback callback,
                          gpointer            user_data)
{
  HeartsRemoteSeatView *self = HEARTS_REMOTE_SEAT_VIEW (view);
  g_autoptr(GTask) task = g_task_new (self, cancellable, callback, user_data);

  g_task_set_source_tag (task, remote_check_claim_async);
  if (self->client == NULL || !hearts_seat_view_get_own_turn (view) ||
      hearts_seat_view_get_phase (view) != HEARTS_PHASE_PLAYING)
    {
      g_task_return_boolean (task, FALSE);
      return;
    }
  _hearts_net_client_check_claim (self->client, task);
}

static gboolean
remote_check_claim_finish (HeartsSeatView *view,
                           GAsyncResult   *result,
                           HeartsClaim    *proof,
                           GError        **error)
{
  gboolean decided;

  g_return_val_if_fail (g_task_is_valid (result, view), FALSE);

  decided = g_task_propagate_boolean (G_TASK (result), error);
  /* The host says only that it holds: no line, and no points, which would say where
   * the others' cards are. */
  if (decided && proof != NULL)
    {
      memset (proof, 0, sizeof *proof);
      proof->kind = HEARTS_CLAIM_FORCED;
      proof->shooter = -1;
    }
  return decided;
}

static void
hearts_remote_seat_view_dispose (GObject *object)
{
  HeartsRemoteSeatView *self = HEARTS_REMOTE_SEAT_VIEW (object);

  g_clear_weak_pointer (&self->client);

  G_OBJECT_CLASS (hearts_remote_seat_view_parent_class)->dispose (object);
}

static void
hearts_remote_seat_view_class_init (HeartsRemoteSeatViewClass *klass)
{
  GObjectClass        *object_class = G_OBJECT_CLASS (klass);
  HeartsSeatViewClass *view_class = HEARTS_SEAT_VIEW_CLASS (klass);

  object_class->dispose = hearts_remote_seat_view_dispose;

  view_class->pass = remote_pass;
  view_class->play = remote_play;
  view_class->claim = remote_claim;
  view_class->undo = remote_undo;
  view_class->next_hand = remote_next_hand;
  view_class->check_claim_async = remote_check_claim_async;
  view_class->check_claim_finish = remote_check_claim_finish;
  /* The hint: HeartsSeatView's own, from the seat's view. */
}

static void
hearts_remote_seat_view_init (HeartsRemoteSeatView *self)
{
}

HeartsSeatView *
_hearts_remote_seat_view_new (HeartsNetClient *client)
{
  HeartsRemoteSeatView *self = g_object_new (HEARTS_TYPE_REMOTE_SEAT_VIEW, NULL);

  g_set_weak_pointer (&self->client, client);
  return HEARTS_SEAT_VIEW (self);
}

HeartsNetClient *
hearts_remote_seat_view_get_client (HeartsRemoteSeatView *self)
{
  g_return_val_if_fail (HEARTS_IS_REMOTE_SEAT_VIEW (self), NULL);
  return self->client;
}
