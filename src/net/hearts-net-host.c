/* hearts-net-host.c
 *
 * Each seat has a HeartsLocalSeatView of the game: its events are exactly what that
 * seat may know, and they go to the seat's person as they are said. A person who joins
 * or comes back is told the hand so far as the same events
 * (hearts_local_seat_view_get_hand_events()), after the results of the hands before.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <string.h>

#include "hearts-game-deal.h"
#include "hearts-local-seat-view.h"
#include "hearts-net-host-private.h"
#include "hearts-net-peer.h"
#include "hearts-seat-view.h"

#define HEARTS_NET_HOST_STATE_VERSION 1
/* Refused moves a person's program may make in one hand before it is dropped: a
 * person clicking a card that may not be played is refused a few times at most. */
#define MAX_REFUSALS 64

typedef struct
{
  HeartsNetHost    *host;
  guint             index;
  gboolean          network; /* a seat for a person from the network */
  HeartsNetSeatKind kind;    /* a network seat's: OPEN, PERSON, AWAY, REPLACED */
  char              name[HEARTS_NET_MAX_NAME + 1];
  gboolean          has_token;
  guint8            token[HEARTS_NET_TOKEN_SIZE];
  HeartsAiLevel     level; /* the computer's, when it plays the seat */
  HeartsNetPeer    *peer;
  guint             grace_id;
  gboolean          ready;
  guint             refusals;
  GCancellable     *claim_check;
  guint             claim_hand;
  guint             claim_position;
} Seat;

struct _HeartsNetHost
{
  GObject parent_instance;

  HeartsGame     *game;
  guint           n_seats;
  HeartsSeatView *views[HEARTS_MAX_PLAYERS];
  Seat            seats[HEARTS_MAX_PLAYERS];

  guint8 secret[HEARTS_NET_SECRET_SIZE];
  char   id[HEARTS_NET_ID_LENGTH + 1];

  gboolean started;
  gboolean auto_start;
  gint     owner;
  guint    hand;     /* the hand of @position */
  guint    position; /* events of the hand said so far */
  guint    grace_ms;
  guint    ready_ms;
  guint    ready_id;
  gboolean closing;
};

G_DEFINE_FINAL_TYPE (HeartsNetHost, hearts_net_host, G_TYPE_OBJECT)

enum
{
  PROP_0,
  PROP_GAME,
  PROP_STARTED,
  N_PROPS
};

enum
{
  SEATS_CHANGED,
  NOTICE,
  CHANGED,
  N_SIGNALS
};

static GParamSpec *properties[N_PROPS];
static guint       signals[N_SIGNALS];

static void drop_peer (Seat *seat);

/* What everyone is told */

static HeartsNetSeatKind
seat_kind (HeartsNetHost *self,
           guint          s)
{
  if (self->seats[s].network)
    return self->seats[s].kind;
  return hearts_game_seat_is_human (self->game, s) ? HEARTS_NET_SEAT_LOCAL : HEARTS_NET_SEAT_COMPUTER;
}

static void
fill_seats (HeartsNetHost *self,
            HeartsNetSeat *seats)
{
  for (guint s = 0; s < self->n_seats; s++)
    {
      memset (&seats[s], 0, sizeof seats[s]);
      strcpy (seats[s].name, self->seats[s].name);
      seats[s].kind = seat_kind (self, s);
      seats[s].level = self->seats[s].level;
    }
}

static void
broadcast (HeartsNetHost *self,
           HeartsNetKind  kind,
           GVariant      *body)
{
  g_autoptr(GBytes) message = hearts_net_message_new (kind, body);

  for (guint s = 0; s < self->n_seats; s++)
    if (self->seats[s].peer != NULL)
      hearts_net_peer_send_message (self->seats[s].peer, message);
}

static void
seats_changed (HeartsNetHost *self)
{
  HeartsNetSeat seats[HEARTS_MAX_PLAYERS];

  fill_seats (self, seats);
  broadcast (self, HEARTS_NET_SEATS,
             g_variant_new ("(b@a(syy))", self->started, hearts_net_seats_to_variant (seats, self->n_seats)));
  g_signal_emit (self, signals[SEATS_CHANGED], 0);
}

static void
notice (HeartsNetHost  *self,
        HeartsNetNotice kind,
        guint           s)
{
  broadcast (self, HEARTS_NET_NOTICE, g_variant_new ("(yys)", (guint8) kind, (guint8) s, self->seats[s].name));
  g_signal_emit (self, signals[NOTICE], 0, (guint) kind, s, self->seats[s].name);
}

static void
changed (HeartsNetHost *self)
{
  g_signal_emit (self, signals[CHANGED], 0);
}

/* FALSE, and the person told why, when the game cannot be told. */
static gboolean
send_welcome (HeartsNetHost *self,
              Seat          *seat)
{
  HeartsNetWelcome welcome = { 0 };
  g_autoptr(GVariant) body = NULL;
  guint hand = hearts_game_get_hand_index (self->game);

  welcome.seat = seat->index;
  memcpy (welcome.token, seat->token, HEARTS_NET_TOKEN_SIZE);
  welcome.started = self->started;
  welcome.rules = *hearts_game_get_rules (self->game);
  fill_seats (self, welcome.seats);
  welcome.results = g_array_sized_new (FALSE, TRUE, sizeof (HeartsHandResult), hand);
  for (guint i = 0; i < hand; i++)
    g_array_append_vals (welcome.results, hearts_game_get_result (self->game, i), 1);
  welcome.events = hearts_local_seat_view_get_hand_events (self->game, seat->index);
  body = g_variant_ref_sink (hearts_net_welcome_to_variant (&welcome));
  hearts_net_welcome_clear (&welcome);

  /* A game of more hands than a message holds cannot be joined. */
  if (g_variant_get_size (body) + 1 > HEARTS_NET_MAX_MESSAGE)
    {
      hearts_net_peer_close (seat->peer, HEARTS_NET_BYE_NO_SEAT, "the game is too long to join", 0, TRUE);
      return FALSE;
    }
  hearts_net_peer_send (seat->peer, HEARTS_NET_WELCOME, body);
  return TRUE;
}

/* Who plays a seat */

static void
set_computer (HeartsNetHost *self,
              guint          s)
{
  if (hearts_game_seat_is_human (self->game, s))
    hearts_game_set_seat_level (self->game, s, self->seats[s].level);
}

static void
set_person (HeartsNetHost *self,
            guint          s)
{
  if (!hearts_game_seat_is_human (self->game, s))
    hearts_game_set_seat_human (self->game, s);
}

/* The computer plays for the person from now on, until they are back. */
static void
replace (HeartsNetHost *self,
         Seat          *seat)
{
  g_clear_handle_id (&seat->grace_id, g_source_remove);
  if (!self->started)
    {
      /* Nobody plays yet: the seat is open again, for anyone. */
      seat->kind = HEARTS_NET_SEAT_OPEN;
      seat->has_token = FALSE;
      seat->name[0] = '\0';
      return;
    }
  seat->kind = HEARTS_NET_SEAT_REPLACED;
  set_computer (self, seat->index);
}

static gboolean
on_grace_over_cb (gpointer user_data)
{
  Seat          *seat = user_data;
  HeartsNetHost *self = seat->host;

  seat->grace_id = 0;
  if (seat->kind != HEARTS_NET_SEAT_AWAY)
    return G_SOURCE_REMOVE;
  replace (self, seat);
  if (self->started)
    notice (self, HEARTS_NET_NOTICE_COMPUTER, seat->index);
  seats_changed (self);
  changed (self);
  return G_SOURCE_REMOVE;
}

static void
wait_for (HeartsNetHost *self,
          Seat          *seat)
{
  seat->kind = HEARTS_NET_SEAT_AWAY;
  g_clear_handle_id (&seat->grace_id, g_source_remove);
  if (self->grace_ms == 0)
    on_grace_over_cb (seat);
  else
    seat->grace_id = g_timeout_add (self->grace_ms, on_grace_over_cb, seat);
}

/* The next hand */

static void
deal_next (HeartsNetHost *self)
{
  g_clear_handle_id (&self->ready_id, g_source_remove);
  if (hearts_game_get_phase (self->game) == HEARTS_PHASE_HAND_OVER)
    hearts_game_next_hand (self->game);
}

static gboolean
on_ready_timeout_cb (gpointer user_data)
{
  HeartsNetHost *self = user_data;

  self->ready_id = 0;
  deal_next (self);
  return G_SOURCE_REMOVE;
}

static void
try_next_hand (HeartsNetHost *self)
{
  if (hearts_game_get_phase (self->game) != HEARTS_PHASE_HAND_OVER)
    return;
  for (guint s = 0; s < self->n_seats; s++)
    {
      HeartsNetSeatKind kind = seat_kind (self, s);

      if ((kind == HEARTS_NET_SEAT_PERSON || kind == HEARTS_NET_SEAT_LOCAL) && !self->seats[s].ready)
        return;
    }
  deal_next (self);
}

/* The game's events, to each seat's person */

static void
on_view_event_cb (HeartsSeatView        *view,
                  const HeartsSeatEvent *event,
                  Seat                  *seat)
{
  HeartsNetHost *self = seat->host;

  if (seat->index == 0)
    {
      if (event->kind == HEARTS_SEAT_EVENT_HAND_STARTED)
        {
          self->hand = event->index;
          self->position = 1;
          for (guint s = 0; s < self->n_seats; s++)
            {
              self->seats[s].ready = FALSE;
              self->seats[s].refusals = 0;
            }
        }
      else if (event->kind == HEARTS_SEAT_EVENT_RESET)
        {
          g_autoptr(GPtrArray) events = hearts_local_seat_view_get_hand_events (self->game, 0);

          self->hand = hearts_game_get_hand_index (self->game);
          self->position = events->len;
        }
      else
        self->position++;
      if (event->kind == HEARTS_SEAT_EVENT_HAND_FINISHED &&
          hearts_game_get_phase (self->game) == HEARTS_PHASE_HAND_OVER && self->ready_ms > 0)
        {
          g_clear_handle_id (&self->ready_id, g_source_remove);
          self->ready_id = g_timeout_add (self->ready_ms, on_ready_timeout_cb, self);
        }
    }

  if (seat->peer == NULL)
    return;
  /* The host's game went back (an undo): the person is told the hand anew. */
  if (event->kind == HEARTS_SEAT_EVENT_RESET)
    send_welcome (self, seat);
  else
    hearts_net_peer_send (seat->peer, HEARTS_NET_EVENT, hearts_net_event_to_variant (event, self->n_seats));
}

/* A person's messages */

static void
refuse (Seat         *seat,
        HeartsNetMove move,
        guint         reason)
{
  if (++seat->refusals > MAX_REFUSALS)
    {
      hearts_net_peer_close (seat->peer, HEARTS_NET_BYE_MISBEHAVING, "too many moves refused", 0, TRUE);
      return;
    }
  hearts_net_peer_send (seat->peer, HEARTS_NET_REFUSED, g_variant_new ("(yy)", (guint8) move, (guint8) reason));
}

static gboolean
is_now (HeartsNetHost *self,
        guint          hand,
        guint          position)
{
  return hand == self->hand && position == self->position;
}

typedef struct
{
  HeartsNetHost *host;
  guint          seat;
  guint          hand;
  guint          position;
} ClaimCheck;

static void
on_claim_checked_cb (GObject      *source,
                     GAsyncResult *result,
                     gpointer      user_data)
{
  ClaimCheck    *check = user_data;
  HeartsNetHost *self = check->host;
  Seat          *seat = &self->seats[check->seat];
  g_autoptr(GError) error = NULL;
  gboolean decided;

  decided = hearts_game_can_claim_finish (HEARTS_GAME (source), result, NULL, &error);
  if (!g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
    {
      g_clear_object (&seat->claim_check);
      /* Whether it holds, and no more: the line and the points say where the others'
       * cards are. */
      if (seat->peer != NULL)
        hearts_net_peer_send (seat->peer, HEARTS_NET_CLAIM_CHECKED,
                              g_variant_new ("(uub)", check->hand, check->position, decided));
    }
  g_object_unref (check->host);
  g_free (check);
}

static void
check_claim (HeartsNetHost *self,
             Seat          *seat,
             guint          hand,
             guint          position)
{
  ClaimCheck *check;

  /* One at a time, and only of the position on the table. */
  if (!is_now (self, hand, position) ||
      (seat->claim_check != NULL && seat->claim_hand == hand && seat->claim_position == position))
    return;
  if (seat->claim_check != NULL)
    g_cancellable_cancel (seat->claim_check);
  g_clear_object (&seat->claim_check);
  seat->claim_check = g_cancellable_new ();
  seat->claim_hand = hand;
  seat->claim_position = position;
  check = g_new0 (ClaimCheck, 1);
  check->host = g_object_ref (self);
  check->seat = seat->index;
  check->hand = hand;
  check->position = position;
  hearts_game_can_claim_async (self->game, seat->index, seat->claim_check, on_claim_checked_cb, check);
}

static void
on_peer_message_cb (HeartsNetPeer *peer,
                    guint          kind,
                    GVariant      *body,
                    Seat          *seat)
{
  HeartsNetHost *self = seat->host;
  HeartsRefusal  refusal;
  guint32        hand, position;
  guint64        value;
  guint8         card;

  switch (kind)
    {
    case HEARTS_NET_PASS:
      g_variant_get (body, "(uut)", &hand, &position, &value);
      if (!self->started)
        refuse (seat, HEARTS_NET_MOVE_PASS, HEARTS_NET_REFUSED_NOT_NOW);
      else if (hand != self->hand)
        refuse (seat, HEARTS_NET_MOVE_PASS, HEARTS_NET_REFUSED_STALE);
      else if (!hearts_game_pass (self->game, seat->index, value, &refusal))
        refuse (seat, HEARTS_NET_MOVE_PASS, refusal);
      break;

    case HEARTS_NET_PLAY:
      g_variant_get (body, "(uuy)", &hand, &position, &card);
      if (!hearts_card_is_valid (card))
        hearts_net_peer_close (peer, HEARTS_NET_BYE_PROTOCOL, "no such card", 0, TRUE);
      else if (!self->started)
        refuse (seat, HEARTS_NET_MOVE_PLAY, HEARTS_NET_REFUSED_NOT_NOW);
      else if (!is_now (self, hand, position))
        refuse (seat, HEARTS_NET_MOVE_PLAY, HEARTS_NET_REFUSED_STALE);
      else if (!hearts_game_play (self->game, seat->index, card, &refusal))
        refuse (seat, HEARTS_NET_MOVE_PLAY, refusal);
      break;

    case HEARTS_NET_CLAIM:
      g_variant_get (body, "(uu)", &hand, &position);
      if (!self->started)
        refuse (seat, HEARTS_NET_MOVE_CLAIM, HEARTS_NET_REFUSED_NOT_NOW);
      else if (!is_now (self, hand, position))
        refuse (seat, HEARTS_NET_MOVE_CLAIM, HEARTS_NET_REFUSED_STALE);
      else if (!hearts_game_claim (self->game, seat->index))
        refuse (seat, HEARTS_NET_MOVE_CLAIM, HEARTS_NET_REFUSED_NOT_DECIDED);
      break;

    case HEARTS_NET_CHECK_CLAIM:
      g_variant_get (body, "(uu)", &hand, &position);
      if (self->started)
        check_claim (self, seat, hand, position);
      break;

    case HEARTS_NET_READY:
      g_variant_get (body, "(u)", &hand);
      if (hearts_game_get_phase (self->game) == HEARTS_PHASE_HAND_OVER &&
          hand == hearts_game_get_n_results (self->game) - 1)
        {
          seat->ready = TRUE;
          try_next_hand (self);
        }
      break;

    case HEARTS_NET_PING:
      g_variant_get (body, "(t)", &value);
      hearts_net_peer_send (peer, HEARTS_NET_PONG, g_variant_new ("(t)", value));
      break;

    case HEARTS_NET_START:
      if (self->started || self->owner != (gint) seat->index)
        refuse (seat, HEARTS_NET_MOVE_START, HEARTS_NET_REFUSED_NOT_NOW);
      else
        hearts_net_host_start (self);
      break;

    case HEARTS_NET_LEAVE:
      hearts_net_peer_close (peer, HEARTS_NET_BYE_LEFT, "left the table", 0, FALSE);
      break;

    default:
      hearts_net_peer_close (peer, HEARTS_NET_BYE_PROTOCOL, "not a message for a table", 0, TRUE);
    }
}

static void
on_peer_closed_cb (HeartsNetPeer *peer,
                   guint          reason,
                   const char    *detail,
                   Seat          *seat)
{
  HeartsNetHost *self = seat->host;

  g_debug ("Table %s, seat %u (%s): %s", self->id, seat->index, hearts_net_peer_get_address (peer), detail);
  drop_peer (seat);
  if (self->closing)
    return;

  switch (reason)
    {
    case HEARTS_NET_BYE_REPLACED:
    case HEARTS_NET_BYE_KICKED:
      /* The host's doing: the seat has been seen to. */
      return;

    case HEARTS_NET_BYE_LEFT:
      replace (self, seat);
      notice (self, HEARTS_NET_NOTICE_LEFT, seat->index);
      break;

    case HEARTS_NET_BYE_PROTOCOL:
    case HEARTS_NET_BYE_FLOOD:
    case HEARTS_NET_BYE_NOT_READING:
    case HEARTS_NET_BYE_MISBEHAVING:
      /* No grace for a program that misbehaves. */
      replace (self, seat);
      notice (self, HEARTS_NET_NOTICE_DROPPED, seat->index);
      break;

    default:
      notice (self, HEARTS_NET_NOTICE_LOST, seat->index);
      wait_for (self, seat);
      if (seat->kind == HEARTS_NET_SEAT_AWAY)
        break;
      /* No grace at all: the computer plays already. */
      if (self->started)
        notice (self, HEARTS_NET_NOTICE_COMPUTER, seat->index);
    }
  seats_changed (self);
  changed (self);
  try_next_hand (self);
}

static void
drop_peer (Seat *seat)
{
  HeartsNetPeer *peer = g_steal_pointer (&seat->peer);

  if (peer == NULL)
    return;
  g_signal_handlers_disconnect_by_data (peer, seat);
  if (seat->claim_check != NULL)
    g_cancellable_cancel (seat->claim_check);
  g_clear_object (&seat->claim_check);
  g_object_unref (peer);
}

/* Taking a person */

static Seat *
seat_for_token (HeartsNetHost *self,
                const guint8  *token)
{
  Seat *found = NULL;

  /* Every seat compared, whichever matches. */
  for (guint s = 0; s < self->n_seats; s++)
    if (self->seats[s].network && self->seats[s].has_token &&
        hearts_net_equal_secret (self->seats[s].token, token, HEARTS_NET_TOKEN_SIZE))
      found = &self->seats[s];
  return found;
}

static Seat *
open_seat (HeartsNetHost *self,
           guint          wanted)
{
  if (wanted < MIN (self->n_seats, HEARTS_MAX_PLAYERS) && self->seats[wanted].network && self->seats[wanted].kind == HEARTS_NET_SEAT_OPEN)
    return &self->seats[wanted];
  for (guint s = 0; s < self->n_seats; s++)
    if (self->seats[s].network && self->seats[s].kind == HEARTS_NET_SEAT_OPEN)
      return &self->seats[s];
  return NULL;
}

void
_hearts_net_host_add_peer (HeartsNetHost        *self,
                           HeartsNetPeer        *peer,
                           const HeartsNetHello *hello)
{
  Seat    *seat;
  gboolean back;

  g_return_if_fail (HEARTS_IS_NET_HOST (self));
  g_return_if_fail (HEARTS_IS_NET_PEER (peer));

  if (self->closing)
    {
      hearts_net_peer_close (peer, HEARTS_NET_BYE_SHUTDOWN, "the table is closing", 0, TRUE);
      return;
    }
  if (hello->has_token)
    {
      seat = seat_for_token (self, hello->token);
      if (seat == NULL)
        {
          hearts_net_peer_close (peer, HEARTS_NET_BYE_NO_SEAT, "no seat has that token", 0, TRUE);
          return;
        }
      back = TRUE;
      /* The same person from a new connection: the old one is stale. */
      if (seat->peer != NULL)
        {
          HeartsNetPeer *old = g_object_ref (seat->peer);

          drop_peer (seat);
          hearts_net_peer_close (old, HEARTS_NET_BYE_REPLACED, "the seat connected again from elsewhere", 0, TRUE);
          g_object_unref (old);
        }
    }
  else
    {
      seat = open_seat (self, hello->seat);
      if (seat == NULL)
        {
          hearts_net_peer_close (peer, HEARTS_NET_BYE_NO_SEAT, "no seat is open", 0, TRUE);
          return;
        }
      back = FALSE;
      hearts_net_random (seat->token, HEARTS_NET_TOKEN_SIZE);
      seat->has_token = TRUE;
    }

  g_clear_handle_id (&seat->grace_id, g_source_remove);
  g_strlcpy (seat->name, hello->name, sizeof seat->name);
  seat->kind = HEARTS_NET_SEAT_PERSON;
  seat->peer = g_object_ref (peer);
  seat->refusals = 0;
  set_person (self, seat->index);
  if (!send_welcome (self, seat))
    {
      drop_peer (seat);
      replace (self, seat);
      seats_changed (self);
      return;
    }
  g_signal_connect (peer, "message", G_CALLBACK (on_peer_message_cb), seat);
  g_signal_connect (peer, "closed", G_CALLBACK (on_peer_closed_cb), seat);

  notice (self, back ? HEARTS_NET_NOTICE_BACK : HEARTS_NET_NOTICE_JOINED, seat->index);
  seats_changed (self);
  changed (self);
  if (self->auto_start && !self->started && open_seat (self, HEARTS_NET_ANY_SEAT) == NULL)
    hearts_net_host_start (self);
}

const guint8 *
_hearts_net_host_get_secret (HeartsNetHost *self)
{
  g_return_val_if_fail (HEARTS_IS_NET_HOST (self), NULL);
  return self->secret;
}

/* GObject */

static void
hearts_net_host_dispose (GObject *object)
{
  HeartsNetHost *self = HEARTS_NET_HOST (object);

  self->closing = TRUE;
  g_clear_handle_id (&self->ready_id, g_source_remove);
  for (guint s = 0; s < self->n_seats; s++)
    {
      Seat *seat = &self->seats[s];

      g_clear_handle_id (&seat->grace_id, g_source_remove);
      if (seat->peer != NULL)
        {
          HeartsNetPeer *peer = g_object_ref (seat->peer);

          drop_peer (seat);
          hearts_net_peer_close (peer, HEARTS_NET_BYE_SHUTDOWN, "the table closed", 0, TRUE);
          g_object_unref (peer);
        }
      if (self->views[s] != NULL)
        g_signal_handlers_disconnect_by_data (self->views[s], seat);
      g_clear_object (&self->views[s]);
    }
  g_clear_object (&self->game);
  memset (self->secret, 0, sizeof self->secret);

  G_OBJECT_CLASS (hearts_net_host_parent_class)->dispose (object);
}

static void
hearts_net_host_get_property (GObject    *object,
                              guint       prop_id,
                              GValue     *value,
                              GParamSpec *pspec)
{
  HeartsNetHost *self = HEARTS_NET_HOST (object);

  switch (prop_id)
    {
    case PROP_GAME:
      g_value_set_object (value, self->game);
      break;
    case PROP_STARTED:
      g_value_set_boolean (value, self->started);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
hearts_net_host_class_init (HeartsNetHostClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->dispose = hearts_net_host_dispose;
  object_class->get_property = hearts_net_host_get_property;

  properties[PROP_GAME] = g_param_spec_object ("game", NULL, NULL, HEARTS_TYPE_GAME,
                                               (G_PARAM_READABLE | G_PARAM_STATIC_STRINGS));
  properties[PROP_STARTED] = g_param_spec_boolean ("started", NULL, NULL, FALSE,
                                                   (G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY |
                                                    G_PARAM_STATIC_STRINGS));
  g_object_class_install_properties (object_class, N_PROPS, properties);

  /**
   * HeartsNetHost::seats-changed:
   *
   * Who sits where changed (hearts_net_host_get_seat_kind(), _get_seat_name()).
   */
  signals[SEATS_CHANGED] = g_signal_new ("seats-changed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL,
                                         NULL, NULL, G_TYPE_NONE, 0);
  /**
   * HeartsNetHost::notice:
   * @kind: a HeartsNetNotice
   * @seat: whose
   * @name: their name
   *
   * What every window at the table is told, for the host's to say too.
   */
  signals[NOTICE] = g_signal_new ("notice", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                                  G_TYPE_NONE, 3, G_TYPE_UINT, G_TYPE_UINT, G_TYPE_STRING);
  /**
   * HeartsNetHost::changed:
   *
   * What hearts_net_host_save() holds changed: save it with the game.
   */
  signals[CHANGED] = g_signal_new ("changed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                                   G_TYPE_NONE, 0);
}

static void
hearts_net_host_init (HeartsNetHost *self)
{
  self->owner = -1;
  self->grace_ms = HEARTS_NET_HOST_GRACE_MS;
  self->ready_ms = HEARTS_NET_HOST_READY_TIMEOUT_MS;
}

static HeartsNetHost *
host_new (HeartsGame   *game,
          const guint8 *secret)
{
  HeartsNetHost *self = g_object_new (HEARTS_TYPE_NET_HOST, NULL);
  g_autoptr(GPtrArray) events = NULL;

  self->game = g_object_ref (game);
  self->n_seats = hearts_game_get_n_players (game);
  if (secret != NULL)
    memcpy (self->secret, secret, HEARTS_NET_SECRET_SIZE);
  else
    hearts_net_random (self->secret, HEARTS_NET_SECRET_SIZE);
  hearts_net_table_id (self->secret, self->id);

  events = hearts_local_seat_view_get_hand_events (game, 0);
  self->hand = hearts_game_get_hand_index (game);
  self->position = events->len;
  for (guint s = 0; s < self->n_seats; s++)
    {
      Seat *seat = &self->seats[s];

      seat->host = self;
      seat->index = s;
      seat->level = hearts_game_get_seat_level (game, s);
      self->views[s] = hearts_local_seat_view_new (game, NULL, s);
      g_signal_connect (self->views[s], "event", G_CALLBACK (on_view_event_cb), seat);
    }
  return self;
}

/* Public API */

HeartsNetHost *
hearts_net_host_new (HeartsGame *game)
{
  g_return_val_if_fail (HEARTS_IS_GAME (game), NULL);

  return host_new (game, NULL);
}

static HeartsNetHost *
unusable (GError    **error,
          const char *why)
{
  g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA, "The table cannot be resumed: %s", why);
  return NULL;
}

HeartsNetHost *
hearts_net_host_new_from_saved (HeartsGame *game,
                                GVariant   *table,
                                GError    **error)
{
  g_autoptr(HeartsNetHost) self = NULL;
  g_autoptr(GVariant) secret = NULL;
  g_autoptr(GVariant) seats = NULL;
  const guint8 *bytes;
  gsize         size;
  guint32       version;
  gboolean      started;
  gint32        owner;

  g_return_val_if_fail (HEARTS_IS_GAME (game), NULL);
  g_return_val_if_fail (table != NULL, NULL);

  if (!g_variant_is_of_type (table, G_VARIANT_TYPE_VARDICT) || !g_variant_lookup (table, "version", "u", &version) ||
      version != HEARTS_NET_HOST_STATE_VERSION || !g_variant_lookup (table, "started", "b", &started) ||
      !g_variant_lookup (table, "owner", "i", &owner) ||
      (secret = g_variant_lookup_value (table, "secret", G_VARIANT_TYPE_BYTESTRING)) == NULL ||
      (seats = g_variant_lookup_value (table, "seats", G_VARIANT_TYPE ("a(ybsayy)"))) == NULL)
    return unusable (error, "not a table's state");
  bytes = g_variant_get_fixed_array (secret, &size, 1);
  if (size != HEARTS_NET_SECRET_SIZE || g_variant_n_children (seats) != hearts_game_get_n_players (game) ||
      owner < -1 || owner >= (gint) hearts_game_get_n_players (game))
    return unusable (error, "not this game's table");

  self = host_new (game, bytes);
  self->started = started;
  self->owner = owner;
  for (guint s = 0; s < self->n_seats; s++)
    {
      Seat *seat = &self->seats[s];
      g_autoptr(GVariant) token = NULL;
      const char   *name;
      const guint8 *t;
      gsize         n_token;
      guint8        kind, level;
      gboolean      network, human = hearts_game_seat_is_human (game, s);

      g_variant_get_child (seats, s, "(yb&s@ayy)", &kind, &network, &name, &token, &level);
      t = g_variant_get_fixed_array (token, &n_token, 1);
      if (kind >= HEARTS_NET_N_SEAT_KINDS || level >= HEARTS_N_AI_LEVELS ||
          (n_token != 0 && n_token != HEARTS_NET_TOKEN_SIZE) || (name[0] != '\0' && !hearts_net_name_is_valid (name)))
        return unusable (error, "a seat out of range");
      /* Each seat as the game has it: a person's is a human seat, the computer's not. */
      if (network && (kind == HEARTS_NET_SEAT_COMPUTER || kind == HEARTS_NET_SEAT_LOCAL ||
                      human != (kind != HEARTS_NET_SEAT_REPLACED) ||
                      (kind != HEARTS_NET_SEAT_OPEN && n_token == 0)))
        return unusable (error, "a seat the game does not have");
      seat->network = network;
      seat->kind = kind;
      seat->level = level;
      g_strlcpy (seat->name, name, sizeof seat->name);
      seat->has_token = n_token != 0;
      /* An empty array's data is NULL, which memcpy() may not be given. */
      if (seat->has_token)
        memcpy (seat->token, t, n_token);
      /* Nobody is connected yet: those who were are waited for. */
      if (network && (kind == HEARTS_NET_SEAT_PERSON || kind == HEARTS_NET_SEAT_AWAY))
        wait_for (self, seat);
    }
  return g_steal_pointer (&self);
}

GVariant *
hearts_net_host_save (HeartsNetHost *self)
{
  GVariantBuilder seats;
  GVariantDict    dict;

  g_return_val_if_fail (HEARTS_IS_NET_HOST (self), NULL);

  g_variant_builder_init (&seats, G_VARIANT_TYPE ("a(ybsayy)"));
  for (guint s = 0; s < self->n_seats; s++)
    {
      Seat *seat = &self->seats[s];

      g_variant_builder_add (&seats, "(ybs@ayy)", (guint8) seat_kind (self, s), seat->network, seat->name,
                             g_variant_new_fixed_array (G_VARIANT_TYPE_BYTE, seat->token,
                                                        seat->has_token ? HEARTS_NET_TOKEN_SIZE : 0, 1),
                             (guint8) seat->level);
    }
  g_variant_dict_init (&dict, NULL);
  g_variant_dict_insert (&dict, "version", "u", (guint32) HEARTS_NET_HOST_STATE_VERSION);
  g_variant_dict_insert_value (&dict, "secret",
                               g_variant_new_fixed_array (G_VARIANT_TYPE_BYTE, self->secret, HEARTS_NET_SECRET_SIZE, 1));
  g_variant_dict_insert (&dict, "started", "b", self->started);
  g_variant_dict_insert (&dict, "owner", "i", (gint32) self->owner);
  g_variant_dict_insert_value (&dict, "seats", g_variant_builder_end (&seats));
  return g_variant_ref_sink (g_variant_dict_end (&dict));
}

HeartsGame *
hearts_net_host_get_game (HeartsNetHost *self)
{
  g_return_val_if_fail (HEARTS_IS_NET_HOST (self), NULL);
  return self->game;
}

const char *
hearts_net_host_get_id (HeartsNetHost *self)
{
  g_return_val_if_fail (HEARTS_IS_NET_HOST (self), NULL);
  return self->id;
}

void
hearts_net_host_open_seat (HeartsNetHost *self,
                           guint          seat)
{
  Seat *s;

  g_return_if_fail (HEARTS_IS_NET_HOST (self));
  g_return_if_fail (seat < self->n_seats);

  s = &self->seats[seat];
  if (s->network && s->kind == HEARTS_NET_SEAT_OPEN)
    return;
  if (s->network && s->peer != NULL)
    return;
  if (!hearts_game_seat_is_human (self->game, seat))
    s->level = hearts_game_get_seat_level (self->game, seat);
  s->network = TRUE;
  s->kind = HEARTS_NET_SEAT_OPEN;
  s->has_token = FALSE;
  s->name[0] = '\0';
  g_clear_handle_id (&s->grace_id, g_source_remove);
  set_person (self, seat);
  seats_changed (self);
  changed (self);
}

void
hearts_net_host_close_seat (HeartsNetHost *self,
                            guint          seat)
{
  Seat *s;

  g_return_if_fail (HEARTS_IS_NET_HOST (self));
  g_return_if_fail (seat < self->n_seats);

  s = &self->seats[seat];
  if (!s->network)
    return;
  if (s->peer != NULL)
    {
      HeartsNetPeer *peer = g_object_ref (s->peer);

      drop_peer (s);
      hearts_net_peer_close (peer, HEARTS_NET_BYE_KICKED, "the host gave the seat to the computer", 0, TRUE);
      g_object_unref (peer);
    }
  g_clear_handle_id (&s->grace_id, g_source_remove);
  s->network = FALSE;
  s->has_token = FALSE;
  s->name[0] = '\0';
  set_computer (self, seat);
  seats_changed (self);
  changed (self);
}

void
hearts_net_host_set_seat_name (HeartsNetHost *self,
                               guint          seat,
                               const char    *name)
{
  g_return_if_fail (HEARTS_IS_NET_HOST (self));
  g_return_if_fail (seat < self->n_seats);
  g_return_if_fail (name != NULL && (name[0] == '\0' || hearts_net_name_is_valid (name)));

  if (self->seats[seat].network || g_str_equal (self->seats[seat].name, name))
    return;
  g_strlcpy (self->seats[seat].name, name, sizeof self->seats[seat].name);
  seats_changed (self);
  changed (self);
}

const char *
hearts_net_host_get_seat_name (HeartsNetHost *self,
                               guint          seat)
{
  g_return_val_if_fail (HEARTS_IS_NET_HOST (self), NULL);
  g_return_val_if_fail (seat < self->n_seats, NULL);
  return self->seats[seat].name;
}

HeartsNetSeatKind
hearts_net_host_get_seat_kind (HeartsNetHost *self,
                               guint          seat)
{
  g_return_val_if_fail (HEARTS_IS_NET_HOST (self), HEARTS_NET_SEAT_COMPUTER);
  g_return_val_if_fail (seat < self->n_seats, HEARTS_NET_SEAT_COMPUTER);
  return seat_kind (self, seat);
}

guint
hearts_net_host_get_n_people (HeartsNetHost *self)
{
  guint n = 0;

  g_return_val_if_fail (HEARTS_IS_NET_HOST (self), 0);
  for (guint s = 0; s < self->n_seats; s++)
    n += self->seats[s].peer != NULL;
  return n;
}

void
hearts_net_host_start (HeartsNetHost *self)
{
  g_return_if_fail (HEARTS_IS_NET_HOST (self));

  if (self->started)
    return;
  self->started = TRUE;
  for (guint s = 0; s < self->n_seats; s++)
    {
      Seat *seat = &self->seats[s];

      if (!seat->network || seat->kind == HEARTS_NET_SEAT_PERSON)
        continue;
      /* Nobody took it: the computer's. Somebody who dropped in the lobby: waited for. */
      if (seat->kind == HEARTS_NET_SEAT_OPEN)
        {
          seat->network = FALSE;
          set_computer (self, s);
        }
    }
  notice (self, HEARTS_NET_NOTICE_STARTED, 0);
  seats_changed (self);
  changed (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_STARTED]);
}

gboolean
hearts_net_host_get_started (HeartsNetHost *self)
{
  g_return_val_if_fail (HEARTS_IS_NET_HOST (self), FALSE);
  return self->started;
}

void
hearts_net_host_set_auto_start (HeartsNetHost *self,
                                gboolean       auto_start)
{
  g_return_if_fail (HEARTS_IS_NET_HOST (self));
  self->auto_start = auto_start;
}

void
hearts_net_host_set_owner_seat (HeartsNetHost *self,
                                gint           seat)
{
  g_return_if_fail (HEARTS_IS_NET_HOST (self));
  g_return_if_fail (seat >= -1 && seat < (gint) self->n_seats);
  self->owner = seat;
  changed (self);
}

void
hearts_net_host_ready (HeartsNetHost *self,
                       guint          seat)
{
  g_return_if_fail (HEARTS_IS_NET_HOST (self));
  g_return_if_fail (seat < self->n_seats);

  if (hearts_game_get_phase (self->game) != HEARTS_PHASE_HAND_OVER)
    return;
  self->seats[seat].ready = TRUE;
  try_next_hand (self);
}

void
hearts_net_host_set_grace (HeartsNetHost *self,
                           guint          grace_ms)
{
  g_return_if_fail (HEARTS_IS_NET_HOST (self));
  self->grace_ms = grace_ms;
}

void
hearts_net_host_set_ready_timeout (HeartsNetHost *self,
                                   guint          ready_ms)
{
  g_return_if_fail (HEARTS_IS_NET_HOST (self));
  self->ready_ms = ready_ms;
}

void
hearts_net_host_close (HeartsNetHost *self)
{
  g_return_if_fail (HEARTS_IS_NET_HOST (self));

  self->closing = TRUE;
  for (guint s = 0; s < self->n_seats; s++)
    {
      Seat *seat = &self->seats[s];

      if (seat->peer != NULL)
        {
          HeartsNetPeer *peer = g_object_ref (seat->peer);

          drop_peer (seat);
          hearts_net_peer_close (peer, HEARTS_NET_BYE_SHUTDOWN, "the host stopped", 0, TRUE);
          g_object_unref (peer);
        }
    }
}
