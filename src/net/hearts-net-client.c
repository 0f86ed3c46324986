/* hearts-net-client.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <netinet/in.h>
#include <netinet/tcp.h>
#include <string.h>

#include "hearts-net-client-private.h"
#include "hearts-net-link.h"
#include "hearts-net-peer.h"
#include "hearts-net-poller.h"
#include "hearts-seat-view-private.h"

/* What a host may send at most: a claim plays a hand out at once (a hundred events). */
#define HOST_RATE  2000
#define HOST_BURST 4000
#define MAX_QUEUED (64 * 1024)

typedef enum
{
  STAGE_IDLE,
  STAGE_DIALING,
  STAGE_CHALLENGED,
  STAGE_JOINED,
} Stage;

struct _HeartsNetClient
{
  GObject parent_instance;

  char         *name;
  guint8        wanted;
  gboolean      has_token;
  guint8        token[HEARTS_NET_TOKEN_SIZE];
  GInetAddress *local_address;
  guint         ping_ms;
  guint         idle_ms;

  /* The move sent at (sent_hand, sent_position), until an event moves the table on. */
  gboolean       sent;
  guint          sent_hand, sent_position;
  guint64        sent_move;

  HeartsNetLink  link;
  /* Knocking: the table found on the local network, whose secret comes with LET_IN. */
  gboolean       knocking;
  char           knock_id[HEARTS_NET_ID_LENGTH + 1];
  guint8         nonce[HEARTS_NET_NONCE_SIZE];
  Stage          stage;
  HeartsNetPeer *peer;
  GTask         *join;
  GCancellable  *join_cancel;
  GCancellable  *join_cancel_from;
  gulong         join_cancel_id;
  gulong         join_given_up_id;
  guint          join_deadline;
  gint64         next_ping; /* monotonic µs; 0: no pings */
  guint          retry_ms;

  HeartsSeatView *view;
  guint           seat;
  guint           n_seats;
  HeartsNetSeat   seats[HEARTS_MAX_PLAYERS];
  gboolean        started;
  guint           hand;
  guint           position;
  GPtrArray      *claim_checks; /* GTask, answered by CLAIM_CHECKED */
};

G_DEFINE_FINAL_TYPE (HeartsNetClient, hearts_net_client, G_TYPE_OBJECT)

enum
{
  PROP_0,
  PROP_CONNECTED,
  PROP_STARTED,
  PROP_VIEW,
  N_PROPS
};

enum
{
  SEATS_CHANGED,
  NOTICE,
  REFUSED,
  CLOSED,
  N_SIGNALS
};

static GParamSpec *properties[N_PROPS];
static guint       signals[N_SIGNALS];

/* Dialing: TCP, then TLS with exactly the certificate the link names */

typedef struct
{
  HeartsNetLink      link;
  GSocketConnection *socket;
  GIOStream         *tls;
} Dial;

static void
dial_free (Dial *dial)
{
  g_clear_object (&dial->tls);
  g_clear_object (&dial->socket);
  g_free (dial);
}

static gboolean
is_pinned (GTlsCertificate     *certificate,
           const HeartsNetLink *link)
{
  guint8 fingerprint[32];

  if (certificate == NULL)
    return FALSE;
  hearts_net_cert_fingerprint (certificate, fingerprint);
  return hearts_net_equal_secret (fingerprint, link->fingerprint, sizeof link->fingerprint);
}

/* Nobody vouches for a table's certificate: it is the one the invitation names, or no
 * certificate at all. */
static gboolean
on_accept_certificate_cb (GTlsConnection      *tls,
                          GTlsCertificate     *certificate,
                          GTlsCertificateFlags errors,
                          Dial                *dial)
{
  return is_pinned (certificate, &dial->link);
}

static void
on_handshake_cb (GObject      *source,
                 GAsyncResult *result,
                 gpointer      user_data)
{
  g_autoptr(GTask) task = user_data;
  Dial *dial = g_task_get_task_data (task);
  g_autoptr(GError) error = NULL;

  if (!g_tls_connection_handshake_finish (G_TLS_CONNECTION (source), result, &error))
    {
      g_io_stream_close (G_IO_STREAM (dial->socket), NULL, NULL);
      g_task_return_new_error (task, HEARTS_NET_ERROR, HEARTS_NET_BYE_TLS, "No secure connection to the table: %s",
                               error->message);
      return;
    }
  /* Whatever the TLS library thought of it, it is the invited certificate or nothing. */
  if (!is_pinned (g_tls_connection_get_peer_certificate (G_TLS_CONNECTION (source)), &dial->link))
    {
      g_io_stream_close (G_IO_STREAM (dial->socket), NULL, NULL);
      g_task_return_new_error (task, HEARTS_NET_ERROR, HEARTS_NET_BYE_TLS, "Not the invited table's certificate");
      return;
    }
  g_task_return_pointer (task, hearts_net_peer_new (dial->tls, dial->socket, dial->link.host),
                         g_object_unref);
}

static void
on_connected_cb (GObject      *source,
                 GAsyncResult *result,
                 gpointer      user_data)
{
  g_autoptr(GTask) task = user_data;
  Dial   *dial = g_task_get_task_data (task);
  GError *error = NULL;

  dial->socket = g_socket_client_connect_finish (G_SOCKET_CLIENT (source), result, &error);
  if (dial->socket == NULL)
    {
      g_task_return_error (task, error);
      return;
    }
  /* No trust database: the certificate is the one the link names, whoever signed it
   * (and the system's list of authorities would be read anew for each connection). */
  dial->tls = g_initable_new (g_tls_backend_get_client_connection_type (g_tls_backend_get_default ()), NULL, &error,
                              "base-io-stream", dial->socket, "database", NULL, NULL);
  if (dial->tls == NULL)
    {
      g_task_return_error (task, error);
      return;
    }
  g_signal_connect (dial->tls, "accept-certificate", G_CALLBACK (on_accept_certificate_cb), dial);
  /* Small messages, each wanted at once: not held back for the last one's ACK. */
  g_socket_set_option (g_socket_connection_get_socket (dial->socket), IPPROTO_TCP, TCP_NODELAY, 1, NULL);
  g_tls_connection_set_require_close_notify (G_TLS_CONNECTION (dial->tls), FALSE);
  g_tls_connection_handshake_async (G_TLS_CONNECTION (dial->tls), G_PRIORITY_DEFAULT,
                                    g_task_get_cancellable (task), on_handshake_cb, g_object_ref (task));
}

static void
dial_async (const HeartsNetLink *link,
            GInetAddress        *local_address,
            GCancellable        *cancellable,
            GAsyncReadyCallback  callback,
            gpointer             user_data)
{
  g_autoptr(GSocketClient) client = g_socket_client_new ();
  g_autoptr(GSocketConnectable) where = g_network_address_new (link->host, link->port);
  GTask *task = g_task_new (NULL, cancellable, callback, user_data);
  Dial  *dial = g_new0 (Dial, 1);

  g_task_set_source_tag (task, dial_async);
  dial->link = *link;
  g_task_set_task_data (task, dial, (GDestroyNotify) dial_free);
  if (local_address != NULL)
    {
      g_autoptr(GSocketAddress) local = g_inet_socket_address_new (local_address, 0);

      g_socket_client_set_local_address (client, local);
    }
  g_socket_client_connect_async (client, where, cancellable, on_connected_cb, task);
}

static HeartsNetPeer *
dial_finish (GAsyncResult *result,
             GError      **error)
{
  return g_task_propagate_pointer (G_TASK (result), error);
}

/* Joining */

static void
cancel_claim_checks (HeartsNetClient *self)
{
  g_autoptr(GPtrArray) checks = g_steal_pointer (&self->claim_checks);

  self->claim_checks = g_ptr_array_new_with_free_func (g_object_unref);
  for (guint i = 0; i < checks->len; i++)
    g_task_return_new_error (g_ptr_array_index (checks, i), G_IO_ERROR, G_IO_ERROR_CANCELLED,
                             "The table moved on");
}

static void
end_join (HeartsNetClient *self,
          GError          *error)
{
  g_autoptr(GTask) join = g_steal_pointer (&self->join);

  g_clear_handle_id (&self->join_deadline, g_source_remove);
  if (self->join_cancel != NULL && self->join_given_up_id != 0)
    g_cancellable_disconnect (self->join_cancel, self->join_given_up_id);
  self->join_given_up_id = 0;
  if (self->join_cancel_from != NULL)
    g_cancellable_disconnect (self->join_cancel_from, self->join_cancel_id);
  self->join_cancel_id = 0;
  g_clear_object (&self->join_cancel_from);
  if (join == NULL)
    {
      g_clear_error (&error);
      return;
    }
  if (error != NULL)
    g_task_return_error (join, error);
  else
    g_task_return_boolean (join, TRUE);
}

static void
set_connected (HeartsNetClient *self,
               Stage            stage)
{
  gboolean was = self->stage == STAGE_JOINED;

  self->stage = stage;
  if (was != (stage == STAGE_JOINED))
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_CONNECTED]);
}

/* Every client's pings, from one ticker: a process of thousands of clients (the
 * benchmark) would otherwise have a timer each in its main loop. */
static GHashTable *pinging;
static guint       ping_tick;

static void
on_ping_tick (gpointer user_data,
              gint64   now)
{
  GHashTableIter   iter;
  HeartsNetClient *self;

  g_hash_table_iter_init (&iter, pinging);
  while (g_hash_table_iter_next (&iter, (gpointer *) &self, NULL))
    if (now >= self->next_ping && self->peer != NULL)
      {
        self->next_ping = now + (gint64) self->ping_ms * 1000;
        hearts_net_peer_send (self->peer, HEARTS_NET_PING, g_variant_new ("(t)", (guint64) now));
      }
}

static void
set_pinging (HeartsNetClient *self,
             gboolean         on)
{
  if (on && self->ping_ms > 0)
    {
      if (pinging == NULL)
        pinging = g_hash_table_new (NULL, NULL);
      self->next_ping = g_get_monotonic_time () + (gint64) self->ping_ms * 1000;
      g_hash_table_add (pinging, self);
      if (ping_tick == 0)
        ping_tick = hearts_net_tick_add (on_ping_tick, NULL);
    }
  else if (pinging != NULL && g_hash_table_remove (pinging, self) && g_hash_table_size (pinging) == 0)
    {
      hearts_net_tick_remove (ping_tick);
      ping_tick = 0;
    }
}

static void
drop_peer (HeartsNetClient *self)
{
  HeartsNetPeer *peer = g_steal_pointer (&self->peer);

  set_pinging (self, FALSE);
  if (peer == NULL)
    return;
  g_signal_handlers_disconnect_by_data (peer, self);
  hearts_net_peer_close (peer, HEARTS_NET_BYE_CLOSED, "", 0, FALSE);
  g_object_unref (peer);
}

static void
on_peer_closed_cb (HeartsNetPeer   *peer,
                   guint            reason,
                   const char      *detail,
                   HeartsNetClient *self)
{
  Stage stage = self->stage;

  g_object_ref (self);
  drop_peer (self);
  set_connected (self, STAGE_IDLE);
  cancel_claim_checks (self);
  if (stage != STAGE_JOINED)
    end_join (self, g_error_new (HEARTS_NET_ERROR, reason, "%s", detail));
  else
    g_signal_emit (self, signals[CLOSED], 0, reason, detail);
  g_object_unref (self);
}

static void
protocol_error (HeartsNetClient *self,
                const char      *detail)
{
  g_debug ("Leaving the table: %s", detail);
  hearts_net_peer_close (self->peer, HEARTS_NET_BYE_PROTOCOL, detail, 0, TRUE);
}

static void
on_welcome (HeartsNetClient *self,
            GVariant        *body)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(HeartsSeatState) state = NULL;
  HeartsNetWelcome welcome;
  gboolean         new_view;

  if (!hearts_net_welcome_from_variant (body, &welcome, &state, &error))
    {
      protocol_error (self, error->message);
      return;
    }
  /* Another table or seat than the view's: a view of its own. */
  new_view = self->view == NULL || hearts_seat_view_get_seat (self->view) != welcome.seat ||
             !hearts_rules_equal (hearts_seat_view_get_rules (self->view), &welcome.rules);
  if (new_view)
    {
      g_clear_object (&self->view);
      self->view = _hearts_remote_seat_view_new (self);
    }
  self->seat = welcome.seat;
  self->n_seats = welcome.rules.n_players;
  memcpy (self->seats, welcome.seats, sizeof self->seats);
  memcpy (self->token, welcome.token, sizeof self->token);
  self->has_token = TRUE;
  self->hand = hearts_seat_state_get_hand_index (state);
  self->position = welcome.events->len;
  /* A move sent before the connection went may never have reached the host (one resumed
   * from its saved game is earlier still): the seat moves again from here. */
  self->sent = FALSE;
  cancel_claim_checks (self);
  hearts_seat_view_set_state (self->view, state, (const HeartsHandResult *) welcome.results->data,
                              welcome.results->len);
  hearts_net_welcome_clear (&welcome);

  if (self->started != welcome.started)
    {
      self->started = welcome.started;
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_STARTED]);
    }
  if (new_view)
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_VIEW]);
  g_signal_emit (self, signals[SEATS_CHANGED], 0);

  if (self->stage != STAGE_JOINED)
    {
      hearts_net_peer_set_limits (self->peer, HOST_RATE, HOST_BURST, MAX_QUEUED, self->idle_ms);
      set_connected (self, STAGE_JOINED);
      set_pinging (self, TRUE);
      end_join (self, NULL);
    }
}

static void
on_event (HeartsNetClient *self,
          GVariant        *body)
{
  g_autoptr(GError) error = NULL;
  HeartsSeatEvent event;

  if (!hearts_net_event_from_variant (body, self->n_seats, &event, &error))
    {
      protocol_error (self, error->message);
      return;
    }
  hearts_net_event_fill_totals (&event, hearts_seat_view_get_state (self->view));
  /* Where the table is once it is said, for a move made by a handler of the event. */
  if (event.kind == HEARTS_SEAT_EVENT_HAND_STARTED)
    {
      self->hand = event.index;
      self->position = 1;
    }
  else
    self->position++;
  cancel_claim_checks (self);
  /* The seat's state checks the host: an event that cannot follow is a lie or a bug. */
  if (!hearts_seat_view_push (self->view, &event))
    protocol_error (self, "the table said something impossible");
}

static void
on_seats (HeartsNetClient *self,
          GVariant        *body)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GVariant) seats = NULL;
  gboolean started;

  g_variant_get (body, "(b@a(syy))", &started, &seats);
  if (!hearts_net_seats_from_variant (seats, self->n_seats, self->seats, &error))
    {
      protocol_error (self, error->message);
      return;
    }
  if (self->started != started)
    {
      self->started = started;
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_STARTED]);
    }
  g_signal_emit (self, signals[SEATS_CHANGED], 0);
}

static void
on_claim_checked (HeartsNetClient *self,
                  GVariant        *body)
{
  guint32  hand, position;
  gboolean decided;

  g_variant_get (body, "(uub)", &hand, &position, &decided);
  if (hand != self->hand || position != self->position)
    return;
  for (guint i = self->claim_checks->len; i > 0; i--)
    {
      g_autoptr(GTask) task = g_ptr_array_steal_index (self->claim_checks, i - 1);

      g_task_return_boolean (task, decided);
    }
}

static gboolean on_join_deadline_cb (gpointer user_data);

static void
send_hello (HeartsNetClient *self)
{
  HeartsNetHello hello = { 0 };

  hello.version = HEARTS_NET_VERSION;
  hearts_net_table_id (self->link.secret, hello.table_id);
  hearts_net_proof (self->link.secret, sizeof self->link.secret, self->nonce, "hello", hello.proof);
  g_strlcpy (hello.name, self->name, sizeof hello.name);
  hello.has_token = self->has_token;
  memcpy (hello.token, self->token, sizeof hello.token);
  hello.seat = self->wanted;
  hearts_net_peer_send (self->peer, HEARTS_NET_HELLO, hearts_net_hello_to_variant (&hello));
}

/* The join's deadline from now on. */
static void
restart_join_deadline (HeartsNetClient *self,
                       guint            ms)
{
  g_clear_handle_id (&self->join_deadline, g_source_remove);
  self->join_deadline = g_timeout_add (ms, on_join_deadline_cb, self);
}

static void
on_let_in (HeartsNetClient *self,
           GVariant        *body)
{
  g_autoptr(GVariant) bytes = g_variant_get_child_value (body, 0);
  char          id[HEARTS_NET_ID_LENGTH + 1];
  const guint8 *secret;
  gsize         size;

  secret = g_variant_get_fixed_array (bytes, &size, 1);
  if (size != HEARTS_NET_SECRET_SIZE)
    {
      protocol_error (self, "a secret of another size");
      return;
    }
  /* The secret must be the table's that was knocked at: its id says so. */
  hearts_net_table_id (secret, id);
  if (strcmp (id, self->knock_id) != 0)
    {
      protocol_error (self, "the secret of another table");
      return;
    }
  memcpy (self->link.secret, secret, sizeof self->link.secret);
  self->knocking = FALSE;
  restart_join_deadline (self, HEARTS_NET_CLIENT_JOIN_MS);
  send_hello (self);
}

static void
on_peer_message_cb (HeartsNetPeer   *peer,
                    guint            kind,
                    GVariant        *body,
                    HeartsNetClient *self)
{
  guint8      a, b;
  const char *text;
  guint32     retry;

  if (!hearts_net_kind_is_from_host (kind))
    {
      protocol_error (self, "a client's message from the table");
      return;
    }
  if (kind == HEARTS_NET_BYE)
    {
      g_variant_get (body, "(y&su)", &a, &text, &retry);
      self->retry_ms = retry;
      hearts_net_peer_close (peer, a < HEARTS_NET_N_BYES ? a : HEARTS_NET_BYE_CLOSED, text, 0, FALSE);
      return;
    }

  switch (self->stage)
    {
    case STAGE_CHALLENGED:
      if (kind == HEARTS_NET_CHALLENGE)
        {
          g_autoptr(GVariant) nonce = NULL;
          const guint8 *n;
          guint32       version;
          gsize         size;

          g_variant_get (body, "(u@ay)", &version, &nonce);
          n = g_variant_get_fixed_array (nonce, &size, 1);
          if (size != HEARTS_NET_NONCE_SIZE)
            {
              protocol_error (self, "a challenge of another size");
              return;
            }
          memcpy (self->nonce, n, size);
          if (self->knocking)
            {
              /* A person answers the knock: the join waits for them. */
              restart_join_deadline (self, HEARTS_NET_CLIENT_KNOCK_MS);
              hearts_net_peer_send (peer, HEARTS_NET_KNOCK,
                                    g_variant_new ("(uss)", (guint32) HEARTS_NET_VERSION, self->knock_id, self->name));
            }
          else
            send_hello (self);
        }
      else if (kind == HEARTS_NET_LET_IN && self->knocking)
        on_let_in (self, body);
      else if (kind == HEARTS_NET_WELCOME && !self->knocking)
        on_welcome (self, body);
      else
        protocol_error (self, "not an answer to a hello");
      return;

    case STAGE_JOINED:
      break;

    case STAGE_IDLE:
    case STAGE_DIALING:
    default:
      return;
    }

  switch (kind)
    {
    case HEARTS_NET_WELCOME:
      on_welcome (self, body);
      break;
    case HEARTS_NET_EVENT:
      on_event (self, body);
      break;
    case HEARTS_NET_SEATS:
      on_seats (self, body);
      break;
    case HEARTS_NET_REFUSED:
      g_variant_get (body, "(yy)", &a, &b);
      if (a >= HEARTS_NET_N_MOVES)
        protocol_error (self, "a refusal of no move");
      else
        {
          /* The move on its way was refused: another may go. */
          self->sent = FALSE;
          g_signal_emit (self, signals[REFUSED], 0, (guint) a, (guint) b);
        }
      break;
    case HEARTS_NET_NOTICE:
      g_variant_get (body, "(yy&s)", &a, &b, &text);
      if (a >= HEARTS_NET_N_NOTICES || b >= self->n_seats || (text[0] != '\0' && !hearts_net_name_is_valid (text)))
        protocol_error (self, "a notice out of range");
      else
        g_signal_emit (self, signals[NOTICE], 0, (guint) a, (guint) b, text);
      break;
    case HEARTS_NET_CLAIM_CHECKED:
      on_claim_checked (self, body);
      break;
    case HEARTS_NET_PONG:
      break;
    default:
      protocol_error (self, "not a message for a seat");
    }
}

static gboolean
on_join_deadline_cb (gpointer user_data)
{
  HeartsNetClient *self = user_data;

  self->join_deadline = 0;
  if (self->peer != NULL)
    hearts_net_peer_close (self->peer, HEARTS_NET_BYE_TIMEOUT, "the table did not answer in time", 0, FALSE);
  else if (self->join_cancel != NULL)
    g_cancellable_cancel (self->join_cancel);
  return G_SOURCE_REMOVE;
}

static void
on_join_cancelled_cb (GCancellable *cancellable,
                      GCancellable *own)
{
  g_cancellable_cancel (own);
}

static gboolean
give_up_cb (gpointer user_data)
{
  g_autoptr(HeartsNetClient) self = user_data;

  if (self->peer != NULL && self->stage == STAGE_CHALLENGED)
    hearts_net_peer_close (self->peer, HEARTS_NET_BYE_LEFT, "gave up joining", 0, TRUE);
  return G_SOURCE_REMOVE;
}

/* A join given up after the dial (a knock waiting for its answer, say) ends the connection
 * with a goodbye, so that the host stops waiting for it; from the main loop, as a
 * cancellable's handler may not end what it belongs to. */
static void
on_join_given_up_cb (GCancellable    *cancellable,
                     HeartsNetClient *self)
{
  g_idle_add (give_up_cb, g_object_ref (self));
}

static void
on_dialed_cb (GObject      *source,
              GAsyncResult *result,
              gpointer      user_data)
{
  g_autoptr(HeartsNetClient) self = user_data;
  GError        *error = NULL;
  HeartsNetPeer *peer = dial_finish (result, &error);

  if (peer == NULL)
    {
      set_connected (self, STAGE_IDLE);
      end_join (self, error);
      return;
    }
  if (self->join == NULL)
    {
      /* Given up meanwhile. */
      hearts_net_peer_close (peer, HEARTS_NET_BYE_LEFT, "", 0, FALSE);
      g_object_unref (peer);
      return;
    }
  self->peer = peer;
  self->stage = STAGE_CHALLENGED;
  hearts_net_peer_set_limits (peer, HOST_RATE, HOST_BURST, MAX_QUEUED, 0);
  g_signal_connect (peer, "message", G_CALLBACK (on_peer_message_cb), self);
  g_signal_connect (peer, "closed", G_CALLBACK (on_peer_closed_cb), self);
  hearts_net_peer_start (peer);
}

/* GObject */

static void
hearts_net_client_dispose (GObject *object)
{
  HeartsNetClient *self = HEARTS_NET_CLIENT (object);

  drop_peer (self);
  end_join (self, g_error_new_literal (G_IO_ERROR, G_IO_ERROR_CANCELLED, "The client went away"));
  g_clear_object (&self->join_cancel);
  if (self->claim_checks != NULL)
    cancel_claim_checks (self);
  g_clear_object (&self->view);
  g_clear_object (&self->local_address);

  G_OBJECT_CLASS (hearts_net_client_parent_class)->dispose (object);
}

static void
hearts_net_client_finalize (GObject *object)
{
  HeartsNetClient *self = HEARTS_NET_CLIENT (object);

  g_clear_pointer (&self->claim_checks, g_ptr_array_unref);
  g_free (self->name);
  memset (&self->link, 0, sizeof self->link);
  memset (self->token, 0, sizeof self->token);

  G_OBJECT_CLASS (hearts_net_client_parent_class)->finalize (object);
}

static void
hearts_net_client_get_property (GObject    *object,
                                guint       prop_id,
                                GValue     *value,
                                GParamSpec *pspec)
{
  HeartsNetClient *self = HEARTS_NET_CLIENT (object);

  switch (prop_id)
    {
    case PROP_CONNECTED:
      g_value_set_boolean (value, self->stage == STAGE_JOINED);
      break;
    case PROP_STARTED:
      g_value_set_boolean (value, self->started);
      break;
    case PROP_VIEW:
      g_value_set_object (value, self->view);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
hearts_net_client_class_init (HeartsNetClientClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->dispose = hearts_net_client_dispose;
  object_class->finalize = hearts_net_client_finalize;
  object_class->get_property = hearts_net_client_get_property;

  properties[PROP_CONNECTED] = g_param_spec_boolean ("connected", NULL, NULL, FALSE,
                                                     (G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY |
                                                      G_PARAM_STATIC_STRINGS));
  properties[PROP_STARTED] = g_param_spec_boolean ("started", NULL, NULL, FALSE,
                                                   (G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY |
                                                    G_PARAM_STATIC_STRINGS));
  properties[PROP_VIEW] = g_param_spec_object ("view", NULL, NULL, HEARTS_TYPE_SEAT_VIEW,
                                               (G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));
  g_object_class_install_properties (object_class, N_PROPS, properties);

  /* Who sits where changed. */
  signals[SEATS_CHANGED] = g_signal_new ("seats-changed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL,
                                         NULL, NULL, G_TYPE_NONE, 0);
  /**
   * HeartsNetClient::notice:
   * @kind: a HeartsNetNotice
   * @seat: whose
   * @name: their name
   */
  signals[NOTICE] = g_signal_new ("notice", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                                  G_TYPE_NONE, 3, G_TYPE_UINT, G_TYPE_UINT, G_TYPE_STRING);
  /**
   * HeartsNetClient::refused:
   * @move: a HeartsNetMove
   * @reason: a HeartsRefusal, or HEARTS_NET_REFUSED_*
   *
   * The host refused a move the view sent (the view let it through).
   */
  signals[REFUSED] = g_signal_new ("refused", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                                   G_TYPE_NONE, 2, G_TYPE_UINT, G_TYPE_UINT);
  /**
   * HeartsNetClient::closed:
   * @reason: a HeartsNetBye
   * @detail: what happened, for a log
   *
   * The connection to the table ended; join again to come back.
   */
  signals[CLOSED] = g_signal_new ("closed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                                  G_TYPE_NONE, 2, G_TYPE_UINT, G_TYPE_STRING);
}

static void
hearts_net_client_init (HeartsNetClient *self)
{
  self->wanted = HEARTS_NET_ANY_SEAT;
  self->ping_ms = HEARTS_NET_CLIENT_PING_MS;
  self->idle_ms = HEARTS_NET_CLIENT_IDLE_MS;
  self->claim_checks = g_ptr_array_new_with_free_func (g_object_unref);
}

/* For the view */

static gboolean
can_send (HeartsNetClient *self)
{
  return self->peer != NULL && self->stage == STAGE_JOINED;
}

/* Whether @move may go: not one sent at this position already (the same one is not sent
 * again, but is no error). */
static gboolean
send_once (HeartsNetClient *self,
           guint64          move,
           gboolean        *again)
{
  *again = FALSE;
  if (self->sent && self->sent_hand == self->hand && self->sent_position == self->position)
    {
      *again = self->sent_move == move;
      return FALSE;
    }
  self->sent = TRUE;
  self->sent_hand = self->hand;
  self->sent_position = self->position;
  self->sent_move = move;
  return TRUE;
}

gboolean
_hearts_net_client_send_pass (HeartsNetClient *self,
                              HeartsCards      cards)
{
  gboolean again;

  if (!can_send (self))
    return TRUE;
  if (!send_once (self, cards, &again))
    return again;
  hearts_net_peer_send (self->peer, HEARTS_NET_PASS, g_variant_new ("(uut)", self->hand, self->position, cards));
  return TRUE;
}

gboolean
_hearts_net_client_send_play (HeartsNetClient *self,
                              HeartsCard       card)
{
  gboolean again;

  if (!can_send (self))
    return TRUE;
  /* Told apart from a pass of three cards by the bit above every card. */
  if (!send_once (self, (G_GUINT64_CONSTANT (1) << 63) | card, &again))
    return again;
  hearts_net_peer_send (self->peer, HEARTS_NET_PLAY, g_variant_new ("(uuy)", self->hand, self->position, card));
  return TRUE;
}

void
_hearts_net_client_send_claim (HeartsNetClient *self)
{
  if (can_send (self))
    hearts_net_peer_send (self->peer, HEARTS_NET_CLAIM, g_variant_new ("(uu)", self->hand, self->position));
}

void
_hearts_net_client_send_ready (HeartsNetClient *self)
{
  if (can_send (self))
    hearts_net_peer_send (self->peer, HEARTS_NET_READY, g_variant_new ("(u)", self->hand));
}

void
_hearts_net_client_check_claim (HeartsNetClient *self,
                                GTask           *task)
{
  if (!can_send (self))
    {
      g_task_return_new_error (task, G_IO_ERROR, G_IO_ERROR_NOT_CONNECTED, "Not at the table");
      return;
    }
  if (self->claim_checks->len == 0)
    hearts_net_peer_send (self->peer, HEARTS_NET_CHECK_CLAIM, g_variant_new ("(uu)", self->hand, self->position));
  g_ptr_array_add (self->claim_checks, g_object_ref (task));
}

/* Public API */

HeartsNetClient *
hearts_net_client_new (const char *name)
{
  HeartsNetClient *self;

  g_return_val_if_fail (name != NULL && hearts_net_name_is_valid (name), NULL);

  self = g_object_new (HEARTS_TYPE_NET_CLIENT, NULL);
  self->name = g_strdup (name);
  return self;
}

void
hearts_net_client_set_token (HeartsNetClient *self,
                             GBytes          *token)
{
  g_return_if_fail (HEARTS_IS_NET_CLIENT (self));
  g_return_if_fail (token == NULL || g_bytes_get_size (token) == HEARTS_NET_TOKEN_SIZE);

  self->has_token = token != NULL;
  if (token != NULL)
    memcpy (self->token, g_bytes_get_data (token, NULL), HEARTS_NET_TOKEN_SIZE);
}

GBytes *
hearts_net_client_get_token (HeartsNetClient *self)
{
  g_return_val_if_fail (HEARTS_IS_NET_CLIENT (self), NULL);
  return self->has_token ? g_bytes_new (self->token, sizeof self->token) : NULL;
}

void
hearts_net_client_set_wanted_seat (HeartsNetClient *self,
                                   guint            seat)
{
  g_return_if_fail (HEARTS_IS_NET_CLIENT (self));
  g_return_if_fail (seat < HEARTS_MAX_PLAYERS || seat == HEARTS_NET_ANY_SEAT);
  self->wanted = seat;
}

void
hearts_net_client_set_deadlines (HeartsNetClient *self,
                                 guint            ping_ms,
                                 guint            idle_ms)
{
  g_return_if_fail (HEARTS_IS_NET_CLIENT (self));
  self->ping_ms = ping_ms;
  self->idle_ms = idle_ms;
}

void
hearts_net_client_set_local_address (HeartsNetClient *self,
                                     GInetAddress    *address)
{
  g_return_if_fail (HEARTS_IS_NET_CLIENT (self));
  g_set_object (&self->local_address, address);
}

static void start_join (HeartsNetClient *self,
                        GTask           *task,
                        GCancellable    *cancellable);

void
hearts_net_client_join_async (HeartsNetClient    *self,
                              const char         *invitation,
                              GCancellable       *cancellable,
                              GAsyncReadyCallback callback,
                              gpointer            user_data)
{
  g_autoptr(GTask) task = NULL;
  GError *error = NULL;

  g_return_if_fail (HEARTS_IS_NET_CLIENT (self));
  g_return_if_fail (invitation != NULL);

  task = g_task_new (self, cancellable, callback, user_data);
  g_task_set_source_tag (task, hearts_net_client_join_async);
  if (self->join != NULL || self->peer != NULL)
    {
      g_task_return_new_error (task, G_IO_ERROR, G_IO_ERROR_PENDING, "Already at the table");
      return;
    }
  if (!hearts_net_link_parse (invitation, &self->link, &error))
    {
      g_task_return_error (task, error);
      return;
    }
  if (self->link.kind != HEARTS_NET_LINK_TABLE)
    {
      g_task_return_new_error (task, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT, "Not an invitation to a table");
      return;
    }
  self->knocking = FALSE;
  start_join (self, g_steal_pointer (&task), cancellable);
}

void
hearts_net_client_knock_async (HeartsNetClient    *self,
                               const char         *host,
                               guint16             port,
                               const guint8       *fingerprint,
                               const char         *table_id,
                               GCancellable       *cancellable,
                               GAsyncReadyCallback callback,
                               gpointer            user_data)
{
  g_autoptr(GTask) task = NULL;

  g_return_if_fail (HEARTS_IS_NET_CLIENT (self));
  g_return_if_fail (host != NULL && hearts_net_host_is_valid (host));
  g_return_if_fail (fingerprint != NULL);
  g_return_if_fail (table_id != NULL && hearts_net_id_is_valid (table_id));

  task = g_task_new (self, cancellable, callback, user_data);
  g_task_set_source_tag (task, hearts_net_client_join_async);
  if (self->join != NULL || self->peer != NULL)
    {
      g_task_return_new_error (task, G_IO_ERROR, G_IO_ERROR_PENDING, "Already at the table");
      return;
    }
  memset (&self->link, 0, sizeof self->link);
  self->link.kind = HEARTS_NET_LINK_TABLE;
  g_strlcpy (self->link.host, host, sizeof self->link.host);
  self->link.port = port;
  memcpy (self->link.fingerprint, fingerprint, sizeof self->link.fingerprint);
  g_strlcpy (self->knock_id, table_id, sizeof self->knock_id);
  self->knocking = TRUE;
  start_join (self, g_steal_pointer (&task), cancellable);
}

char *
hearts_net_client_get_invitation (HeartsNetClient *self)
{
  static const guint8 none[HEARTS_NET_SECRET_SIZE] = { 0 };

  g_return_val_if_fail (HEARTS_IS_NET_CLIENT (self), NULL);

  if (self->link.host[0] == '\0' || memcmp (self->link.secret, none, sizeof none) == 0)
    return NULL;
  return hearts_net_link_to_string (&self->link);
}

static void
start_join (HeartsNetClient *self,
            GTask           *task,
            GCancellable    *cancellable)
{
  /* The join has a cancellable of its own, for its deadline; the caller's cancels it. */
  g_clear_object (&self->join_cancel);
  self->join_cancel = g_cancellable_new ();
  if (cancellable != NULL)
    self->join_cancel_id = g_cancellable_connect (cancellable, G_CALLBACK (on_join_cancelled_cb),
                                                  g_object_ref (self->join_cancel), g_object_unref);
  self->join_cancel_from = cancellable != NULL ? g_object_ref (cancellable) : NULL;
  self->join = task;
  self->join_given_up_id = g_cancellable_connect (self->join_cancel, G_CALLBACK (on_join_given_up_cb), self, NULL);
  self->retry_ms = 0;
  self->stage = STAGE_DIALING;
  restart_join_deadline (self, HEARTS_NET_CLIENT_JOIN_MS);
  dial_async (&self->link, self->local_address, self->join_cancel, on_dialed_cb, g_object_ref (self));
}

gboolean
hearts_net_client_join_finish (HeartsNetClient *self,
                               GAsyncResult    *result,
                               GError         **error)
{
  g_return_val_if_fail (g_task_is_valid (result, self), FALSE);
  return g_task_propagate_boolean (G_TASK (result), error);
}

gboolean
hearts_net_client_get_connected (HeartsNetClient *self)
{
  g_return_val_if_fail (HEARTS_IS_NET_CLIENT (self), FALSE);
  return self->stage == STAGE_JOINED;
}

guint
hearts_net_client_get_retry_ms (HeartsNetClient *self)
{
  g_return_val_if_fail (HEARTS_IS_NET_CLIENT (self), 0);
  return self->retry_ms;
}

HeartsSeatView *
hearts_net_client_get_view (HeartsNetClient *self)
{
  g_return_val_if_fail (HEARTS_IS_NET_CLIENT (self), NULL);
  return self->view;
}

guint
hearts_net_client_get_seat (HeartsNetClient *self)
{
  g_return_val_if_fail (HEARTS_IS_NET_CLIENT (self), 0);
  return self->seat;
}

guint
hearts_net_client_get_n_seats (HeartsNetClient *self)
{
  g_return_val_if_fail (HEARTS_IS_NET_CLIENT (self), 0);
  return self->n_seats;
}

const char *
hearts_net_client_get_seat_name (HeartsNetClient *self,
                                 guint            seat)
{
  g_return_val_if_fail (HEARTS_IS_NET_CLIENT (self), NULL);
  g_return_val_if_fail (seat < self->n_seats, NULL);
  return self->seats[seat].name;
}

HeartsNetSeatKind
hearts_net_client_get_seat_kind (HeartsNetClient *self,
                                 guint            seat)
{
  g_return_val_if_fail (HEARTS_IS_NET_CLIENT (self), HEARTS_NET_SEAT_COMPUTER);
  g_return_val_if_fail (seat < self->n_seats, HEARTS_NET_SEAT_COMPUTER);
  return self->seats[seat].kind;
}

gboolean
hearts_net_client_get_started (HeartsNetClient *self)
{
  g_return_val_if_fail (HEARTS_IS_NET_CLIENT (self), FALSE);
  return self->started;
}

void
hearts_net_client_start (HeartsNetClient *self)
{
  g_return_if_fail (HEARTS_IS_NET_CLIENT (self));
  if (can_send (self))
    hearts_net_peer_send (self->peer, HEARTS_NET_START, g_variant_new ("()"));
}

void
hearts_net_client_leave (HeartsNetClient *self)
{
  g_return_if_fail (HEARTS_IS_NET_CLIENT (self));

  if (!can_send (self))
    return;
  hearts_net_peer_send (self->peer, HEARTS_NET_LEAVE, g_variant_new ("()"));
  hearts_net_peer_close (self->peer, HEARTS_NET_BYE_LEFT, "left the table", 0, FALSE);
}

void
hearts_net_client_disconnect (HeartsNetClient *self)
{
  g_return_if_fail (HEARTS_IS_NET_CLIENT (self));

  if (self->peer != NULL)
    hearts_net_peer_close (self->peer, HEARTS_NET_BYE_CLOSED, "disconnected", 0, FALSE);
}

/* Making a table on a server */

typedef struct
{
  HeartsNetCreate create;
  gboolean        asked;
  HeartsNetLink   link;
  HeartsNetPeer  *peer;
  char           *invitation;
} Create;

static void
create_free (Create *create)
{
  if (create->peer != NULL)
    {
      g_signal_handlers_disconnect_by_data (create->peer, create);
      hearts_net_peer_close (create->peer, HEARTS_NET_BYE_LEFT, "", 0, FALSE);
    }
  g_clear_object (&create->peer);
  g_free (create->invitation);
  g_free (create);
}

static void
on_create_closed_cb (HeartsNetPeer *peer,
                     guint          reason,
                     const char    *detail,
                     GTask         *task)
{
  Create *create = g_task_get_task_data (task);

  g_signal_handlers_disconnect_by_data (peer, task);
  if (create->invitation != NULL)
    g_task_return_pointer (task, g_steal_pointer (&create->invitation), g_free);
  else
    g_task_return_new_error (task, HEARTS_NET_ERROR, reason, "%s", detail);
  g_object_unref (task);
}

static void
on_create_message_cb (HeartsNetPeer *peer,
                      guint          kind,
                      GVariant      *body,
                      GTask         *task)
{
  Create     *create = g_task_get_task_data (task);
  const char *text;
  guint8      reason;
  guint32     retry;

  if (kind == HEARTS_NET_CHALLENGE && !create->asked)
    {
      g_autoptr(GVariant) nonce = NULL;
      guint32       version;
      gsize         size;
      const guint8 *n;

      g_variant_get (body, "(u@ay)", &version, &nonce);
      n = g_variant_get_fixed_array (nonce, &size, 1);
      if (size != HEARTS_NET_NONCE_SIZE)
        {
          hearts_net_peer_close (peer, HEARTS_NET_BYE_PROTOCOL, "a challenge of another size", 0, TRUE);
          return;
        }
      if (create->link.has_key)
        hearts_net_proof (create->link.key, sizeof create->link.key, n, "create", create->create.proof);
      create->create.has_proof = create->link.has_key;
      hearts_net_peer_send (peer, HEARTS_NET_CREATE, hearts_net_create_to_variant (&create->create));
      create->asked = TRUE;
    }
  else if (kind == HEARTS_NET_TABLE_CREATED && create->invitation == NULL)
    {
      HeartsNetLink link;

      g_variant_get (body, "(&s)", &text);
      if (hearts_net_link_parse (text, &link, NULL) && link.kind == HEARTS_NET_LINK_TABLE)
        create->invitation = g_strdup (text);
      else
        hearts_net_peer_close (peer, HEARTS_NET_BYE_PROTOCOL, "not an invitation", 0, TRUE);
    }
  else if (kind == HEARTS_NET_BYE)
    {
      g_variant_get (body, "(y&su)", &reason, &text, &retry);
      hearts_net_peer_close (peer, reason < HEARTS_NET_N_BYES ? reason : HEARTS_NET_BYE_CLOSED, text, 0, FALSE);
    }
  else
    hearts_net_peer_close (peer, HEARTS_NET_BYE_PROTOCOL, "not an answer to a table's making", 0, TRUE);
}

static void
on_create_dialed_cb (GObject      *source,
                     GAsyncResult *result,
                     gpointer      user_data)
{
  GTask  *task = user_data;
  Create *create = g_task_get_task_data (task);
  GError *error = NULL;

  create->peer = dial_finish (result, &error);
  if (create->peer == NULL)
    {
      g_task_return_error (task, error);
      g_object_unref (task);
      return;
    }
  hearts_net_peer_set_limits (create->peer, HOST_RATE, HOST_BURST, MAX_QUEUED, HEARTS_NET_CLIENT_JOIN_MS);
  /* The task's reference is the peer's handlers' until it closes. */
  g_signal_connect (create->peer, "message", G_CALLBACK (on_create_message_cb), task);
  g_signal_connect (create->peer, "closed", G_CALLBACK (on_create_closed_cb), task);
  hearts_net_peer_start (create->peer);
}

void
hearts_net_create_table_async (const char         *server_link,
                               const HeartsRules  *rules,
                               const guint8       *kinds,
                               const guint8       *levels,
                               GInetAddress       *local_address,
                               GCancellable       *cancellable,
                               GAsyncReadyCallback callback,
                               gpointer            user_data)
{
  GTask  *task = g_task_new (NULL, cancellable, callback, user_data);
  Create *create = g_new0 (Create, 1);
  GError *error = NULL;

  g_task_set_source_tag (task, hearts_net_create_table_async);
  g_task_set_task_data (task, create, (GDestroyNotify) create_free);
  if (!hearts_net_link_parse (server_link, &create->link, &error))
    {
      g_task_return_error (task, error);
      g_object_unref (task);
      return;
    }
  if (create->link.kind != HEARTS_NET_LINK_SERVER)
    {
      g_task_return_new_error (task, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT, "Not a server's link");
      g_object_unref (task);
      return;
    }
  create->create.rules = *rules;
  memcpy (create->create.kinds, kinds, rules->n_players);
  memcpy (create->create.levels, levels, rules->n_players);
  dial_async (&create->link, local_address, cancellable, on_create_dialed_cb, task);
}

char *
hearts_net_create_table_finish (GAsyncResult *result,
                                GError      **error)
{
  g_return_val_if_fail (g_task_is_valid (result, NULL), NULL);
  return g_task_propagate_pointer (G_TASK (result), error);
}
