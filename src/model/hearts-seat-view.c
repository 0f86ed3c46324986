/* hearts-seat-view.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <string.h>

#include "hearts-model-enums.h"
#include "hearts-seat-view-private.h"

typedef struct
{
  HeartsSeatState  state;
  HeartsSeatState  next;        /* what ::event's default handler makes the state */
  GArray          *results;     /* HeartsHandResult */
  char           **names;
  gboolean         can_undo;
  gboolean         thinking;
  gboolean         finishes_settled;

  /* The claim of this turn */
  HeartsClaimOffer claim_offer;
  HeartsClaim      claim;
  GCancellable    *claim_check;
  guint            claim_idle_id;
} HeartsSeatViewPrivate;

G_DEFINE_TYPE_WITH_PRIVATE (HeartsSeatView, hearts_seat_view, G_TYPE_OBJECT)

enum
{
  PROP_0,
  PROP_SEAT,
  PROP_N_PLAYERS,
  PROP_PHASE,
  PROP_CURRENT_PLAYER,
  PROP_HAND_INDEX,
  PROP_HEARTS_BROKEN,
  PROP_OWN_TURN,
  PROP_N_RESULTS,
  PROP_CAN_UNDO,
  PROP_THINKING,
  PROP_PLAYER_NAMES,
  PROP_CLAIM_OFFER,
  N_PROPS
};

enum
{
  EVENT,
  N_SIGNALS
};

static GParamSpec *properties[N_PROPS];
static guint       signals[N_SIGNALS];

/* What the properties read, to notify only those that changed. */
typedef struct
{
  guint    n_players;
  gint     phase;
  gint     current;
  guint    hand;
  gboolean broken;
  gboolean own_turn;
  guint    n_results;
} Shown;

static void
read_shown (const HeartsSeatState *state,
            Shown                 *shown)
{
  shown->n_players = hearts_seat_state_get_n_players (state);
  shown->phase = hearts_seat_state_get_phase (state);
  shown->current = hearts_seat_state_get_current_player (state);
  shown->hand = hearts_seat_state_get_hand_index (state);
  shown->broken = hearts_seat_state_get_hearts_broken (state);
  shown->own_turn = hearts_seat_state_is_own_turn (state);
  shown->n_results = hearts_seat_state_get_n_results (state);
}

static void
replace_state (HeartsSeatView        *self,
               const HeartsSeatState *state)
{
  HeartsSeatViewPrivate *priv = hearts_seat_view_get_instance_private (self);
  Shown                  before, after;

  read_shown (&priv->state, &before);
  priv->state = *state;
  read_shown (&priv->state, &after);

  g_object_freeze_notify (G_OBJECT (self));
  if (before.n_players != after.n_players)
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_N_PLAYERS]);
  if (before.phase != after.phase)
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_PHASE]);
  if (before.current != after.current)
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_CURRENT_PLAYER]);
  if (before.hand != after.hand)
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_HAND_INDEX]);
  if (before.broken != after.broken)
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_HEARTS_BROKEN]);
  if (before.own_turn != after.own_turn)
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_OWN_TURN]);
  if (before.n_results != after.n_results)
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_N_RESULTS]);
  g_object_thaw_notify (G_OBJECT (self));
}

static void
set_claim_offer (HeartsSeatView  *self,
                 HeartsClaimOffer offer)
{
  HeartsSeatViewPrivate *priv = hearts_seat_view_get_instance_private (self);

  if (priv->claim_offer == offer)
    return;
  priv->claim_offer = offer;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_CLAIM_OFFER]);
}

static void
on_claim_checked_cb (GObject      *source,
                     GAsyncResult *result,
                     gpointer      user_data)
{
  HeartsSeatView        *self = HEARTS_SEAT_VIEW (source);
  HeartsSeatViewPrivate *priv = hearts_seat_view_get_instance_private (self);
  g_autoptr(GCancellable) check = user_data;
  g_autoptr(GError) error = NULL;
  HeartsClaim            claim;
  gboolean               decided;

  decided = hearts_seat_view_check_claim_finish (self, result, &claim, &error);
  /* Cancelled or stale: a newer check is on its way, or none is due. */
  if (check != priv->claim_check)
    return;
  g_clear_object (&priv->claim_check);
  if (decided)
    priv->claim = claim;
  set_claim_offer (self, decided ? HEARTS_CLAIM_OFFER_OFFERED : HEARTS_CLAIM_OFFER_NONE);
}

static gboolean
start_claim_check_idle (gpointer user_data)
{
  HeartsSeatView        *self = user_data;
  HeartsSeatViewPrivate *priv = hearts_seat_view_get_instance_private (self);

  priv->claim_idle_id = 0;
  priv->claim_check = g_cancellable_new ();
  hearts_seat_view_check_claim_async (self, priv->claim_check, on_claim_checked_cb, g_object_ref (priv->claim_check));
  return G_SOURCE_REMOVE;
}

/* On the seat's turn the claim is asked about afresh; any change drops what was known. */
static void
update_claim (HeartsSeatView *self)
{
  HeartsSeatViewPrivate *priv = hearts_seat_view_get_instance_private (self);
  gboolean               due;

  if (priv->claim_check != NULL)
    g_cancellable_cancel (priv->claim_check);
  g_clear_object (&priv->claim_check);
  g_clear_handle_id (&priv->claim_idle_id, g_source_remove);

  due = hearts_seat_state_get_current_player (&priv->state) == (gint) hearts_seat_state_get_seat (&priv->state) &&
        HEARTS_SEAT_VIEW_GET_CLASS (self)->check_claim_async != NULL &&
        /* The last card is played, not claimed. */
        hearts_cards_count (hearts_seat_state_get_hand (&priv->state)) > 1 &&
        /* A settled hand is played out by itself: no offer that would flash and go. */
        !(priv->finishes_settled && hearts_seat_state_is_settled (&priv->state));
  if (!due)
    {
      set_claim_offer (self, HEARTS_CLAIM_OFFER_NONE);
      return;
    }
  /* Told at once: the offer known before is about another position. Asked once the
   * events of this move are all in, from the game as it then is. */
  set_claim_offer (self, HEARTS_CLAIM_OFFER_NONE);
  set_claim_offer (self, HEARTS_CLAIM_OFFER_CHECKING);
  priv->claim_idle_id = g_idle_add (start_claim_check_idle, self);
}

static void
hearts_seat_view_real_event (HeartsSeatView        *self,
                             const HeartsSeatEvent *event)
{
  HeartsSeatViewPrivate *priv = hearts_seat_view_get_instance_private (self);

  if (event->kind == HEARTS_SEAT_EVENT_HAND_FINISHED)
    g_array_append_val (priv->results, event->result);
  replace_state (self, &priv->next);
  update_claim (self);
}

static gboolean
not_supported (GError **error)
{
  g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_NOT_SUPPORTED, "Not at this table");
  return FALSE;
}

static void
hearts_seat_view_dispose (GObject *object)
{
  HeartsSeatView        *self = HEARTS_SEAT_VIEW (object);
  HeartsSeatViewPrivate *priv = hearts_seat_view_get_instance_private (self);

  if (priv->claim_check != NULL)
    g_cancellable_cancel (priv->claim_check);
  g_clear_object (&priv->claim_check);
  g_clear_handle_id (&priv->claim_idle_id, g_source_remove);

  G_OBJECT_CLASS (hearts_seat_view_parent_class)->dispose (object);
}

static void
hearts_seat_view_finalize (GObject *object)
{
  HeartsSeatView        *self = HEARTS_SEAT_VIEW (object);
  HeartsSeatViewPrivate *priv = hearts_seat_view_get_instance_private (self);

  g_clear_pointer (&priv->results, g_array_unref);
  g_clear_pointer (&priv->names, g_strfreev);

  G_OBJECT_CLASS (hearts_seat_view_parent_class)->finalize (object);
}

static void
hearts_seat_view_get_property (GObject    *object,
                               guint       prop_id,
                               GValue     *value,
                               GParamSpec *pspec)
{
  HeartsSeatView *self = HEARTS_SEAT_VIEW (object);

  switch (prop_id)
    {
    case PROP_SEAT:
      g_value_set_uint (value, hearts_seat_view_get_seat (self));
      break;
    case PROP_N_PLAYERS:
      g_value_set_uint (value, hearts_seat_view_get_n_players (self));
      break;
    case PROP_PHASE:
      g_value_set_enum (value, hearts_seat_view_get_phase (self));
      break;
    case PROP_CURRENT_PLAYER:
      g_value_set_int (value, hearts_seat_view_get_current_player (self));
      break;
    case PROP_HAND_INDEX:
      g_value_set_uint (value, hearts_seat_view_get_hand_index (self));
      break;
    case PROP_HEARTS_BROKEN:
      g_value_set_boolean (value, hearts_seat_view_get_hearts_broken (self));
      break;
    case PROP_OWN_TURN:
      g_value_set_boolean (value, hearts_seat_view_get_own_turn (self));
      break;
    case PROP_N_RESULTS:
      g_value_set_uint (value, hearts_seat_view_get_n_results (self));
      break;
    case PROP_CAN_UNDO:
      g_value_set_boolean (value, hearts_seat_view_get_can_undo (self));
      break;
    case PROP_THINKING:
      g_value_set_boolean (value, hearts_seat_view_get_thinking (self));
      break;
    case PROP_PLAYER_NAMES:
      g_value_set_boxed (value, hearts_seat_view_get_player_names (self));
      break;
    case PROP_CLAIM_OFFER:
      g_value_set_enum (value, hearts_seat_view_get_claim_offer (self, NULL));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
hearts_seat_view_set_property (GObject      *object,
                               guint         prop_id,
                               const GValue *value,
                               GParamSpec   *pspec)
{
  HeartsSeatView *self = HEARTS_SEAT_VIEW (object);

  switch (prop_id)
    {
    case PROP_PLAYER_NAMES:
      hearts_seat_view_set_player_names (self, g_value_get_boxed (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
hearts_seat_view_class_init (HeartsSeatViewClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->dispose = hearts_seat_view_dispose;
  object_class->finalize = hearts_seat_view_finalize;
  object_class->get_property = hearts_seat_view_get_property;
  object_class->set_property = hearts_seat_view_set_property;

  klass->event = hearts_seat_view_real_event;

  properties[PROP_SEAT] =
    g_param_spec_uint ("seat", NULL, NULL, 0, HEARTS_MAX_PLAYERS - 1, 0,
                       (G_PARAM_READABLE | G_PARAM_STATIC_STRINGS));
  properties[PROP_N_PLAYERS] =
    g_param_spec_uint ("n-players", NULL, NULL, 0, HEARTS_MAX_PLAYERS, 0,
                       (G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));
  properties[PROP_PHASE] =
    g_param_spec_enum ("phase", NULL, NULL, HEARTS_TYPE_PHASE, HEARTS_PHASE_PASSING,
                       (G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));
  properties[PROP_CURRENT_PLAYER] =
    g_param_spec_int ("current-player", NULL, NULL, -1, HEARTS_MAX_PLAYERS - 1, -1,
                      (G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));
  properties[PROP_HAND_INDEX] =
    g_param_spec_uint ("hand-index", NULL, NULL, 0, G_MAXUINT, 0,
                       (G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));
  properties[PROP_HEARTS_BROKEN] =
    g_param_spec_boolean ("hearts-broken", NULL, NULL, FALSE,
                          (G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));
  properties[PROP_OWN_TURN] =
    g_param_spec_boolean ("own-turn", NULL, NULL, FALSE,
                          (G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));
  properties[PROP_N_RESULTS] =
    g_param_spec_uint ("n-results", NULL, NULL, 0, G_MAXUINT, 0,
                       (G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));
  properties[PROP_CAN_UNDO] =
    g_param_spec_boolean ("can-undo", NULL, NULL, FALSE,
                          (G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));
  properties[PROP_THINKING] =
    g_param_spec_boolean ("thinking", NULL, NULL, FALSE,
                          (G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));
  properties[PROP_CLAIM_OFFER] =
    g_param_spec_enum ("claim-offer", NULL, NULL, HEARTS_TYPE_CLAIM_OFFER, HEARTS_CLAIM_OFFER_NONE,
                       (G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));
  properties[PROP_PLAYER_NAMES] =
    g_param_spec_boxed ("player-names", NULL, NULL, G_TYPE_STRV,
                        (G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));
  g_object_class_install_properties (object_class, N_PROPS, properties);

  /**
   * HeartsSeatView::event:
   * @event: what happened
   *
   * Something happened at the table. The default handler applies it to the state:
   * connect before it to see the state the event starts from.
   */
  signals[EVENT] =
    g_signal_new ("event", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  G_STRUCT_OFFSET (HeartsSeatViewClass, event), NULL, NULL, NULL,
                  G_TYPE_NONE, 1, HEARTS_TYPE_SEAT_EVENT | G_SIGNAL_TYPE_STATIC_SCOPE);
}

static void
hearts_seat_view_init (HeartsSeatView *self)
{
  HeartsSeatViewPrivate *priv = hearts_seat_view_get_instance_private (self);

  priv->results = g_array_new (FALSE, TRUE, sizeof (HeartsHandResult));
  priv->names = g_new0 (char *, 1);
  hearts_rules_init_default (&priv->state.view.rules);
  priv->state.view.deal.n_players = priv->state.view.rules.n_players;
}

/* For what feeds it */

void
hearts_seat_view_set_state (HeartsSeatView         *self,
                            const HeartsSeatState  *state,
                            const HeartsHandResult *results,
                            guint                   n_results)
{
  HeartsSeatViewPrivate *priv = hearts_seat_view_get_instance_private (self);
  HeartsSeatEvent        event = { .kind = HEARTS_SEAT_EVENT_RESET, .leader = -1 };

  g_return_if_fail (HEARTS_IS_SEAT_VIEW (self));
  g_return_if_fail (state != NULL);
  g_return_if_fail (n_results == state->n_results);

  g_array_set_size (priv->results, 0);
  g_array_append_vals (priv->results, results, n_results);
  event.state = (HeartsSeatState *) state;
  priv->next = *state;
  g_signal_emit (self, signals[EVENT], 0, &event);
}

gboolean
hearts_seat_view_push (HeartsSeatView        *self,
                       const HeartsSeatEvent *event)
{
  HeartsSeatViewPrivate *priv = hearts_seat_view_get_instance_private (self);

  g_return_val_if_fail (HEARTS_IS_SEAT_VIEW (self), FALSE);
  g_return_val_if_fail (event != NULL, FALSE);

  priv->next = priv->state;
  if (!hearts_seat_state_apply (&priv->next, event))
    return FALSE;
  g_signal_emit (self, signals[EVENT], 0, event);
  return TRUE;
}

void
hearts_seat_view_set_can_undo (HeartsSeatView *self,
                               gboolean        can_undo)
{
  HeartsSeatViewPrivate *priv = hearts_seat_view_get_instance_private (self);

  can_undo = !!can_undo;
  if (priv->can_undo == can_undo)
    return;
  priv->can_undo = can_undo;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_CAN_UNDO]);
}

void
hearts_seat_view_set_finishes_settled (HeartsSeatView *self,
                                       gboolean        finishes)
{
  HeartsSeatViewPrivate *priv = hearts_seat_view_get_instance_private (self);

  finishes = !!finishes;
  if (priv->finishes_settled == finishes)
    return;
  priv->finishes_settled = finishes;
  update_claim (self);
}

HeartsClaimOffer
hearts_seat_view_get_claim_offer (HeartsSeatView *self,
                                  HeartsClaim    *proof)
{
  HeartsSeatViewPrivate *priv = hearts_seat_view_get_instance_private (self);

  g_return_val_if_fail (HEARTS_IS_SEAT_VIEW (self), HEARTS_CLAIM_OFFER_NONE);

  if (proof != NULL && priv->claim_offer == HEARTS_CLAIM_OFFER_OFFERED)
    *proof = priv->claim;
  return priv->claim_offer;
}

void
hearts_seat_view_set_thinking (HeartsSeatView *self,
                               gboolean        thinking)
{
  HeartsSeatViewPrivate *priv = hearts_seat_view_get_instance_private (self);

  thinking = !!thinking;
  if (priv->thinking == thinking)
    return;
  priv->thinking = thinking;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_THINKING]);
}

/* Public API */

const HeartsSeatState *
hearts_seat_view_get_state (HeartsSeatView *self)
{
  HeartsSeatViewPrivate *priv = hearts_seat_view_get_instance_private (self);

  g_return_val_if_fail (HEARTS_IS_SEAT_VIEW (self), NULL);
  return &priv->state;
}

guint
hearts_seat_view_get_seat (HeartsSeatView *self)
{
  return hearts_seat_state_get_seat (hearts_seat_view_get_state (self));
}

guint
hearts_seat_view_get_n_players (HeartsSeatView *self)
{
  return hearts_seat_state_get_n_players (hearts_seat_view_get_state (self));
}

const HeartsRules *
hearts_seat_view_get_rules (HeartsSeatView *self)
{
  return hearts_seat_state_get_rules (hearts_seat_view_get_state (self));
}

HeartsPhase
hearts_seat_view_get_phase (HeartsSeatView *self)
{
  return hearts_seat_state_get_phase (hearts_seat_view_get_state (self));
}

gint
hearts_seat_view_get_current_player (HeartsSeatView *self)
{
  return hearts_seat_state_get_current_player (hearts_seat_view_get_state (self));
}

guint
hearts_seat_view_get_hand_index (HeartsSeatView *self)
{
  return hearts_seat_state_get_hand_index (hearts_seat_view_get_state (self));
}

gboolean
hearts_seat_view_get_hearts_broken (HeartsSeatView *self)
{
  return hearts_seat_state_get_hearts_broken (hearts_seat_view_get_state (self));
}

gboolean
hearts_seat_view_get_own_turn (HeartsSeatView *self)
{
  return hearts_seat_state_is_own_turn (hearts_seat_view_get_state (self));
}

gboolean
hearts_seat_view_get_can_undo (HeartsSeatView *self)
{
  HeartsSeatViewPrivate *priv = hearts_seat_view_get_instance_private (self);

  g_return_val_if_fail (HEARTS_IS_SEAT_VIEW (self), FALSE);
  return priv->can_undo;
}

gboolean
hearts_seat_view_get_thinking (HeartsSeatView *self)
{
  HeartsSeatViewPrivate *priv = hearts_seat_view_get_instance_private (self);

  g_return_val_if_fail (HEARTS_IS_SEAT_VIEW (self), FALSE);
  return priv->thinking;
}

guint
hearts_seat_view_get_n_results (HeartsSeatView *self)
{
  HeartsSeatViewPrivate *priv = hearts_seat_view_get_instance_private (self);

  g_return_val_if_fail (HEARTS_IS_SEAT_VIEW (self), 0);
  return priv->results->len;
}

const HeartsHandResult *
hearts_seat_view_get_result (HeartsSeatView *self,
                             guint           hand)
{
  HeartsSeatViewPrivate *priv = hearts_seat_view_get_instance_private (self);

  g_return_val_if_fail (HEARTS_IS_SEAT_VIEW (self), NULL);
  g_return_val_if_fail (hand < priv->results->len, NULL);
  return &g_array_index (priv->results, HeartsHandResult, hand);
}

const char * const *
hearts_seat_view_get_player_names (HeartsSeatView *self)
{
  HeartsSeatViewPrivate *priv = hearts_seat_view_get_instance_private (self);

  g_return_val_if_fail (HEARTS_IS_SEAT_VIEW (self), NULL);
  return (const char * const *) priv->names;
}

void
hearts_seat_view_set_player_names (HeartsSeatView     *self,
                                   const char * const *names)
{
  HeartsSeatViewPrivate *priv = hearts_seat_view_get_instance_private (self);
  const char            *none[] = { NULL };

  g_return_if_fail (HEARTS_IS_SEAT_VIEW (self));

  if (names == NULL)
    names = none;
  if (g_strv_equal ((const char * const *) priv->names, names))
    return;
  g_strfreev (priv->names);
  priv->names = g_strdupv ((char **) names);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_PLAYER_NAMES]);
}

gboolean
hearts_seat_view_pass (HeartsSeatView *self,
                       HeartsCards     cards,
                       HeartsRefusal  *refusal)
{
  g_return_val_if_fail (HEARTS_IS_SEAT_VIEW (self), FALSE);
  if (refusal != NULL)
    *refusal = HEARTS_REFUSAL_WRONG_PHASE;
  return HEARTS_SEAT_VIEW_GET_CLASS (self)->pass != NULL &&
         HEARTS_SEAT_VIEW_GET_CLASS (self)->pass (self, cards, refusal);
}

gboolean
hearts_seat_view_play (HeartsSeatView *self,
                       HeartsCard      card,
                       HeartsRefusal  *refusal)
{
  g_return_val_if_fail (HEARTS_IS_SEAT_VIEW (self), FALSE);
  if (refusal != NULL)
    *refusal = HEARTS_REFUSAL_WRONG_PHASE;
  return HEARTS_SEAT_VIEW_GET_CLASS (self)->play != NULL &&
         HEARTS_SEAT_VIEW_GET_CLASS (self)->play (self, card, refusal);
}

gboolean
hearts_seat_view_undo (HeartsSeatView *self)
{
  g_return_val_if_fail (HEARTS_IS_SEAT_VIEW (self), FALSE);
  return HEARTS_SEAT_VIEW_GET_CLASS (self)->undo != NULL && HEARTS_SEAT_VIEW_GET_CLASS (self)->undo (self);
}

void
hearts_seat_view_next_hand (HeartsSeatView *self)
{
  g_return_if_fail (HEARTS_IS_SEAT_VIEW (self));
  if (HEARTS_SEAT_VIEW_GET_CLASS (self)->next_hand != NULL)
    HEARTS_SEAT_VIEW_GET_CLASS (self)->next_hand (self);
}

gboolean
hearts_seat_view_claim (HeartsSeatView *self)
{
  g_return_val_if_fail (HEARTS_IS_SEAT_VIEW (self), FALSE);
  return HEARTS_SEAT_VIEW_GET_CLASS (self)->claim != NULL && HEARTS_SEAT_VIEW_GET_CLASS (self)->claim (self);
}

void
hearts_seat_view_check_claim_async (HeartsSeatView     *self,
                                    GCancellable       *cancellable,
                                    GAsyncReadyCallback callback,
                                    gpointer            user_data)
{
  g_return_if_fail (HEARTS_IS_SEAT_VIEW (self));

  if (HEARTS_SEAT_VIEW_GET_CLASS (self)->check_claim_async == NULL)
    {
      g_task_report_new_error (self, callback, user_data, hearts_seat_view_check_claim_async,
                               G_IO_ERROR, G_IO_ERROR_NOT_SUPPORTED, "Not at this table");
      return;
    }
  HEARTS_SEAT_VIEW_GET_CLASS (self)->check_claim_async (self, cancellable, callback, user_data);
}

gboolean
hearts_seat_view_check_claim_finish (HeartsSeatView *self,
                                     GAsyncResult   *result,
                                     HeartsClaim    *proof,
                                     GError        **error)
{
  g_return_val_if_fail (HEARTS_IS_SEAT_VIEW (self), FALSE);

  if (g_async_result_is_tagged (result, hearts_seat_view_check_claim_async))
    return g_task_propagate_boolean (G_TASK (result), error);
  if (HEARTS_SEAT_VIEW_GET_CLASS (self)->check_claim_finish == NULL)
    return not_supported (error);
  return HEARTS_SEAT_VIEW_GET_CLASS (self)->check_claim_finish (self, result, proof, error);
}

guint
hearts_seat_view_get_claim_tricks (HeartsSeatView    *self,
                                   const HeartsClaim *proof,
                                   HeartsTrick       *tricks)
{
  HeartsView view;
  guint      n_tricks = 0;
  guint      i = 0;

  g_return_val_if_fail (HEARTS_IS_SEAT_VIEW (self), 0);
  g_return_val_if_fail (proof != NULL, 0);
  g_return_val_if_fail (tricks != NULL, 0);

  view = hearts_seat_view_get_state (self)->view;
  if (hearts_seat_view_get_phase (self) != HEARTS_PHASE_PLAYING || proof->n_plays == 0)
    return 0;

  while (i < proof->n_plays)
    {
      HeartsTrick *trick = &tricks[n_tricks];
      HeartsDeal  *deal = &view.deal;
      gboolean     done = FALSE;
      HeartsCards  cards = 0;

      memset (trick, 0, sizeof *trick);
      trick->leader = deal->leader;
      /* The trick on the table comes first, with the cards played already. */
      if (n_tricks == 0 && deal->trick_len > 0)
        {
          trick->n_before = trick->n_cards = deal->trick_len;
          memcpy (trick->cards, &deal->plays[deal->n_plays - deal->trick_len], deal->trick_len * sizeof (HeartsCard));
        }
      while (!done && i < proof->n_plays)
        {
          HeartsCard card = proof->plays[i++];

          /* Each card a possible play from what the seat knows: no line of another game. */
          if (!hearts_view_play (&view, deal->turn, card))
            return 0;
          trick->cards[trick->n_cards++] = card;
          done = deal->trick_len == 0;
        }
      if (!done)
        return 0;
      trick->winner = deal->leader;
      for (guint c = 0; c < trick->n_cards; c++)
        cards |= HEARTS_CARD_BIT (trick->cards[c]);
      trick->points = hearts_cards_points (cards, &view.rules);
      n_tricks++;
    }
  return hearts_deal_is_done (&view.deal) ? n_tricks : 0;
}

void
hearts_seat_view_hint_async (HeartsSeatView     *self,
                             GCancellable       *cancellable,
                             GAsyncReadyCallback callback,
                             gpointer            user_data)
{
  g_return_if_fail (HEARTS_IS_SEAT_VIEW (self));

  if (HEARTS_SEAT_VIEW_GET_CLASS (self)->hint_async == NULL)
    {
      g_task_report_new_error (self, callback, user_data, hearts_seat_view_hint_async,
                               G_IO_ERROR, G_IO_ERROR_NOT_SUPPORTED, "Not at this table");
      return;
    }
  HEARTS_SEAT_VIEW_GET_CLASS (self)->hint_async (self, cancellable, callback, user_data);
}

HeartsCards
hearts_seat_view_hint_finish (HeartsSeatView *self,
                              GAsyncResult   *result,
                              GError        **error)
{
  g_return_val_if_fail (HEARTS_IS_SEAT_VIEW (self), 0);

  if (g_async_result_is_tagged (result, hearts_seat_view_hint_async))
    {
      g_task_propagate_boolean (G_TASK (result), error);
      return 0;
    }
  if (HEARTS_SEAT_VIEW_GET_CLASS (self)->hint_finish == NULL)
    return not_supported (error);
  return HEARTS_SEAT_VIEW_GET_CLASS (self)->hint_finish (self, result, error);
}
