/* hearts-net-server.c
 *
 * A connection costs nothing until it sends its first byte: only then does it wait for
 * one of the few TLS handshakes that may run at once (glib-networking runs each in a
 * thread of GTask's pool, which the computer players share). The deadline runs from
 * the moment it is accepted, so a connection that says nothing, or too little, or no
 * TLS at all, is gone within it.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <netinet/in.h>
#include <netinet/tcp.h>
#include <string.h>

#include "hearts-net-cert.h"
#include "hearts-net-host-private.h"
#include "hearts-net-link.h"
#include "hearts-net-peer.h"
#include "hearts-net-poller.h"
#include "hearts-net-server.h"

/* Addresses remembered only for their wrong secrets, at most. */
#define MAX_FAILING_ADDRESSES 8192
/* People waiting at the door at once. */
#define MAX_KNOCKS 8

typedef struct
{
  char  *key;
  guint  connections;
  guint  failures;
  gint64 retry_after; /* monotonic µs */
  gint64 last_failure;
  gboolean knocking;
} Address;

typedef struct
{
  gint               ref_count;
  HeartsNetServer   *server;
  Address           *address;
  GSocketConnection *socket;
  GIOStream         *tls;
  HeartsNetPeer     *peer;
  GCancellable      *cancellable;
  HeartsNetWatch    *wait;
  gint64             deadline; /* monotonic µs; 0 once seated or knocking */
  guint8             nonce[HEARTS_NET_NONCE_SIZE];
  guint              knock;       /* its id while the host has not answered */
  char              *knock_table; /* the table it knocked at */
  guint              knock_timeout;
  gboolean           let_in; /* a hello, with the secret it was given, must follow */
  gboolean           handshaking;
  gboolean           queued;
  gboolean           seated;
  gboolean           done;
} Conn;

struct _HeartsNetServer
{
  GObject parent_instance;

  GTlsCertificate *certificate;
  guint8           fingerprint[32];
  GSocketService  *service;
  guint16          port;
  char            *public_name;
  HeartsNetLimits  limits;

  GHashTable *hosts;     /* id → HeartsNetHost */
  GHashTable *conns;     /* Conn set */
  GHashTable *addresses; /* key → Address */
  guint       n_failing;
  GQueue      waiting; /* Conn waiting for a handshake */
  guint       handshakes;
  GQueue      deadlines; /* Conn before its hello, oldest first */
  guint       tick;
  GHashTable *knockable; /* ids of the tables that take knocks */
  GHashTable *knocks;    /* knock id → Conn */
  guint       last_knock;

  HeartsNetCreateFunc create_func;
  gpointer            create_data;
  gboolean            has_key;
  guint8              key[HEARTS_NET_LINK_KEY_SIZE];
};

G_DEFINE_FINAL_TYPE (HeartsNetServer, hearts_net_server, G_TYPE_OBJECT)

enum
{
  KNOCK,
  KNOCK_ENDED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

void
hearts_net_limits_init (HeartsNetLimits *limits)
{
  limits->handshake_ms = 10000;
  limits->idle_ms = 30000;
  limits->rate = 20;
  limits->burst = 60;
  limits->max_queued = 64 * 1024;
  limits->per_address = 16;
  limits->max_connections = 1024;
  limits->max_handshakes = 8;
  limits->backoff_ms = 250;
  limits->backoff_max_ms = 60000;
  limits->forget_ms = 600000;
  limits->knock_ms = 120000;
}

/* Addresses */

/* An IPv6 host has a /64 to itself: its addresses count as one. */
static char *
address_key (GSocketConnection *socket)
{
  g_autoptr(GSocketAddress) remote = g_socket_connection_get_remote_address (socket, NULL);
  GInetAddress *inet;
  const guint8 *bytes;

  if (!G_IS_INET_SOCKET_ADDRESS (remote))
    return g_strdup ("?");
  inet = g_inet_socket_address_get_address (G_INET_SOCKET_ADDRESS (remote));
  if (g_inet_address_get_family (inet) == G_SOCKET_FAMILY_IPV4)
    return g_inet_address_to_string (inet);
  bytes = g_inet_address_to_bytes (inet);
  if (memcmp (bytes, "\0\0\0\0\0\0\0\0\0\0\xff\xff", 12) == 0)
    return g_strdup_printf ("%u.%u.%u.%u", bytes[12], bytes[13], bytes[14], bytes[15]);
  return g_strdup_printf ("%02x%02x:%02x%02x:%02x%02x:%02x%02x::/64", bytes[0], bytes[1], bytes[2], bytes[3],
                          bytes[4], bytes[5], bytes[6], bytes[7]);
}

static void
address_free (Address *address)
{
  g_free (address->key);
  g_free (address);
}

static void
forget_if_old (HeartsNetServer *self,
               Address         *address,
               gint64           now)
{
  if (address->failures > 0 && now - address->last_failure > (gint64) self->limits.forget_ms * 1000)
    {
      address->failures = 0;
      self->n_failing--;
    }
}

static void
release_address (HeartsNetServer *self,
                 Address         *address)
{
  forget_if_old (self, address, g_get_monotonic_time ());
  if (address->connections == 0 && address->failures == 0)
    g_hash_table_remove (self->addresses, address->key);
}

static Address *
lookup_address (HeartsNetServer *self,
                const char      *key)
{
  Address *address = g_hash_table_lookup (self->addresses, key);

  if (address == NULL)
    {
      address = g_new0 (Address, 1);
      address->key = g_strdup (key);
      g_hash_table_insert (self->addresses, address->key, address);
    }
  return address;
}

/* Forgets old failures of addresses with no connection, to keep the table bounded. */
static void
sweep_addresses (HeartsNetServer *self)
{
  GHashTableIter iter;
  Address       *address;
  gint64         now = g_get_monotonic_time ();

  g_hash_table_iter_init (&iter, self->addresses);
  while (g_hash_table_iter_next (&iter, NULL, (gpointer *) &address))
    {
      forget_if_old (self, address, now);
      if (address->connections == 0 && address->failures == 0)
        g_hash_table_iter_remove (&iter);
    }
}

/* The wait before this address may try a secret again, in ms (0: none). */
static guint
wait_left (HeartsNetServer *self,
           Address         *address)
{
  gint64 now = g_get_monotonic_time ();

  forget_if_old (self, address, now);
  if (address->failures == 0 || now >= address->retry_after)
    return 0;
  return (address->retry_after - now + 999) / 1000;
}

/* A wrong secret: the next try waits twice as long as the last. */
static guint
failed (HeartsNetServer *self,
        Address         *address)
{
  gint64 now = g_get_monotonic_time ();
  guint  shift, wait;

  forget_if_old (self, address, now);
  if (address->failures == 0)
    {
      if (self->n_failing >= MAX_FAILING_ADDRESSES)
        sweep_addresses (self);
      /* Still full: an address more is not remembered, and not slowed. */
      if (self->n_failing >= MAX_FAILING_ADDRESSES)
        return 0;
      self->n_failing++;
    }
  address->failures++;
  shift = MIN (address->failures - 1, 20);
  wait = MIN ((guint64) self->limits.backoff_ms << shift, (guint64) self->limits.backoff_max_ms);
  address->last_failure = now;
  address->retry_after = now + (gint64) wait * 1000;
  return wait;
}

/* Connections */

static Conn *
conn_ref (Conn *conn)
{
  conn->ref_count++;
  return conn;
}

static void
conn_unref (Conn *conn)
{
  if (--conn->ref_count > 0)
    return;
  g_clear_object (&conn->peer);
  g_clear_object (&conn->tls);
  g_clear_object (&conn->socket);
  g_clear_object (&conn->cancellable);
  g_free (conn->knock_table);
  g_free (conn);
}

static void start_handshakes (HeartsNetServer *self);

/* The knock is answered, or the person went: no longer waiting at the door. */
static void
end_knock (Conn *conn)
{
  HeartsNetServer *self = conn->server;
  guint            id = conn->knock;

  if (id == 0)
    return;
  conn->knock = 0;
  conn->address->knocking = FALSE;
  g_hash_table_remove (self->knocks, GUINT_TO_POINTER (id));
  g_signal_emit (self, signals[KNOCK_ENDED], 0, id);
}

/* The connection is over, as far as the server goes. */
static void
finish (Conn *conn)
{
  HeartsNetServer *self = conn->server;

  if (conn->done)
    return;
  conn->done = TRUE;
  conn->deadline = 0;
  g_clear_handle_id (&conn->knock_timeout, g_source_remove);
  end_knock (conn);
  g_clear_pointer (&conn->wait, hearts_net_watch_free);
  if (conn->queued)
    g_queue_remove (&self->waiting, conn);
  conn->queued = FALSE;
  if (conn->peer != NULL)
    {
      g_signal_handlers_disconnect_by_data (conn->peer, conn);
      hearts_net_peer_close (conn->peer, HEARTS_NET_BYE_CLOSED, "", 0, FALSE);
    }
  else if (conn->handshaking)
    /* The handshake's thread has the socket: it is closed when the handshake ends. */
    g_cancellable_cancel (conn->cancellable);
  else if (!g_io_stream_is_closed (G_IO_STREAM (conn->socket)))
    g_io_stream_close (G_IO_STREAM (conn->socket), NULL, NULL);

  conn->address->connections--;
  release_address (self, conn->address);
  g_hash_table_remove (self->conns, conn);
}

static void
drop (Conn        *conn,
      HeartsNetBye reason,
      const char  *detail,
      guint        retry_ms)
{
  g_debug ("%s: %s", conn->address->key, detail);
  conn_ref (conn);
  if (conn->peer != NULL)
    hearts_net_peer_close (conn->peer, reason, detail, retry_ms, TRUE);
  finish (conn);
  conn_unref (conn);
}

/* Connections are accepted in order and have the same deadline: the oldest first. */
static void
on_tick (gpointer user_data,
         gint64   now)
{
  HeartsNetServer *self = user_data;
  Conn            *conn;

  while ((conn = g_queue_peek_head (&self->deadlines)) != NULL && (conn->deadline == 0 || conn->deadline <= now))
    {
      g_queue_pop_head (&self->deadlines);
      if (conn->deadline != 0 && !conn->done)
        drop (conn, HEARTS_NET_BYE_TIMEOUT, "no hello within the deadline", 0);
      conn_unref (conn);
    }
}

static void
on_conn_closed_cb (HeartsNetPeer *peer,
                   guint          reason,
                   const char    *detail,
                   Conn          *conn)
{
  finish (conn);
}

static void
on_hello (Conn     *conn,
          GVariant *body)
{
  HeartsNetServer *self = conn->server;
  g_autoptr(GError) error = NULL;
  HeartsNetHello hello;
  HeartsNetHost *host;
  guint8         proof[HEARTS_NET_PROOF_SIZE];
  guint          wait;

  if (!hearts_net_hello_from_variant (body, &hello, &error))
    {
      drop (conn, HEARTS_NET_BYE_PROTOCOL, error->message, 0);
      return;
    }
  if (hello.version != HEARTS_NET_VERSION)
    {
      drop (conn, HEARTS_NET_BYE_VERSION, "this table speaks version " G_STRINGIFY (HEARTS_NET_VERSION), 0);
      return;
    }
  /* An address that guessed wrong waits before its next guess is even looked at. */
  wait = wait_left (self, conn->address);
  if (wait > 0)
    {
      drop (conn, HEARTS_NET_BYE_SLOW_DOWN, "too many wrong secrets from this address", wait);
      return;
    }
  /* No table and a wrong secret are the same answer: ids are not to be found by trying. */
  host = g_hash_table_lookup (self->hosts, hello.table_id);
  if (host != NULL)
    hearts_net_proof (_hearts_net_host_get_secret (host), HEARTS_NET_SECRET_SIZE, conn->nonce, "hello", proof);
  if (host == NULL || !hearts_net_equal_secret (proof, hello.proof, HEARTS_NET_PROOF_SIZE))
    {
      wait = failed (self, conn->address);
      drop (conn, HEARTS_NET_BYE_BAD_SECRET, "no such table, or not its secret", wait);
      return;
    }

  conn->deadline = 0;
  conn->seated = TRUE;
  g_clear_handle_id (&conn->knock_timeout, g_source_remove);
  g_signal_handlers_disconnect_matched (conn->peer, G_SIGNAL_MATCH_DATA | G_SIGNAL_MATCH_ID,
                                        g_signal_lookup ("message", HEARTS_TYPE_NET_PEER), 0, NULL, NULL, conn);
  hearts_net_peer_set_limits (conn->peer, self->limits.rate, self->limits.burst, self->limits.max_queued,
                              self->limits.idle_ms);
  _hearts_net_host_add_peer (host, conn->peer, &hello);
}

static void
on_create (Conn     *conn,
           GVariant *body)
{
  HeartsNetServer *self = conn->server;
  g_autoptr(GError) error = NULL;
  g_autoptr(HeartsNetHost) host = NULL;
  g_autofree char *invitation = NULL;
  HeartsNetCreate  create;
  guint8           proof[HEARTS_NET_PROOF_SIZE];
  guint            wait;

  if (self->create_func == NULL)
    {
      drop (conn, HEARTS_NET_BYE_PROTOCOL, "this host makes no tables", 0);
      return;
    }
  if (!hearts_net_create_from_variant (body, &create, &error))
    {
      drop (conn, HEARTS_NET_BYE_PROTOCOL, error->message, 0);
      return;
    }
  if (self->has_key)
    {
      wait = wait_left (self, conn->address);
      if (wait > 0)
        {
          drop (conn, HEARTS_NET_BYE_SLOW_DOWN, "too many wrong keys from this address", wait);
          return;
        }
      hearts_net_proof (self->key, sizeof self->key, conn->nonce, "create", proof);
      if (!create.has_proof || !hearts_net_equal_secret (proof, create.proof, HEARTS_NET_PROOF_SIZE))
        {
          wait = failed (self, conn->address);
          drop (conn, HEARTS_NET_BYE_BAD_SECRET, "not the server's key", wait);
          return;
        }
    }
  host = self->create_func (self, &create, conn->address->key, self->create_data, &error);
  if (host == NULL)
    {
      drop (conn, HEARTS_NET_BYE_TOO_MANY, error != NULL ? error->message : "no table", 0);
      return;
    }
  hearts_net_server_add_host (self, host);
  invitation = hearts_net_server_get_invitation (self, host);
  hearts_net_peer_send (conn->peer, HEARTS_NET_TABLE_CREATED, g_variant_new ("(s)", invitation));
  drop (conn, HEARTS_NET_BYE_DONE, "the table is made", 0);
}

static gboolean
on_knock_timeout_cb (gpointer user_data)
{
  Conn *conn = user_data;
  guint wait = 0;

  conn->knock_timeout = 0;
  /* An unanswered knock costs like a refused one: nobody keeps the door full for nothing. */
  if (!conn->let_in)
    wait = failed (conn->server, conn->address);
  drop (conn, HEARTS_NET_BYE_TIMEOUT, conn->let_in ? "no hello within the deadline" : "nobody answered the knock",
        wait);
  return G_SOURCE_REMOVE;
}

/* Someone found the table on the local network and asks to sit: the host's person
 * answers (hearts_net_server_answer_knock()). Only a table that takes knocks hears
 * it; to any other, a knock is a wrong secret. */
static void
on_knock (Conn     *conn,
          GVariant *body)
{
  HeartsNetServer *self = conn->server;
  HeartsNetHost   *host;
  const char      *id, *name;
  guint32          version;
  guint            wait;

  g_variant_get (body, "(u&s&s)", &version, &id, &name);
  if (version != HEARTS_NET_VERSION)
    {
      drop (conn, HEARTS_NET_BYE_VERSION, "this table speaks version " G_STRINGIFY (HEARTS_NET_VERSION), 0);
      return;
    }
  if (!hearts_net_id_is_valid (id) || !hearts_net_name_is_valid (name))
    {
      drop (conn, HEARTS_NET_BYE_PROTOCOL, "knock out of range", 0);
      return;
    }
  wait = wait_left (self, conn->address);
  if (wait > 0)
    {
      drop (conn, HEARTS_NET_BYE_SLOW_DOWN, "too many refusals from this address", wait);
      return;
    }
  host = g_hash_table_lookup (self->hosts, id);
  if (host == NULL || !g_hash_table_contains (self->knockable, id))
    {
      wait = failed (self, conn->address);
      drop (conn, HEARTS_NET_BYE_BAD_SECRET, "no such table, or it takes no knocks", wait);
      return;
    }
  if (conn->address->knocking || g_hash_table_size (self->knocks) >= MAX_KNOCKS)
    {
      drop (conn, HEARTS_NET_BYE_TOO_MANY, "too many people at the door", 0);
      return;
    }

  /* Out of the hello's deadline: a person answers, and may take a while. */
  conn->deadline = 0;
  /* 0 is no knock: skipped when the count wraps. */
  if (++self->last_knock == 0)
    self->last_knock++;
  conn->knock = self->last_knock;
  conn->knock_table = g_strdup (id);
  conn->address->knocking = TRUE;
  conn->knock_timeout = g_timeout_add (self->limits.knock_ms, on_knock_timeout_cb, conn);
  g_hash_table_insert (self->knocks, GUINT_TO_POINTER (conn->knock), conn);
  g_signal_emit (self, signals[KNOCK], 0, host, conn->knock, name, conn->address->key);
}

static void
on_conn_message_cb (HeartsNetPeer *peer,
                    guint          kind,
                    GVariant      *body,
                    Conn          *conn)
{
  conn_ref (conn);
  if (conn->knock != 0)
    drop (conn, HEARTS_NET_BYE_PROTOCOL, "a word while waiting at the door", 0);
  else if (kind == HEARTS_NET_HELLO)
    on_hello (conn, body);
  else if (conn->let_in)
    drop (conn, HEARTS_NET_BYE_PROTOCOL, "a hello after the door opened", 0);
  else if (kind == HEARTS_NET_CREATE)
    on_create (conn, body);
  else if (kind == HEARTS_NET_KNOCK)
    on_knock (conn, body);
  else
    drop (conn, HEARTS_NET_BYE_PROTOCOL, "a hello first", 0);
  conn_unref (conn);
}

static void
on_handshake_cb (GObject      *source,
                 GAsyncResult *result,
                 gpointer      user_data)
{
  Conn            *conn = user_data;
  HeartsNetServer *self = conn->server;
  g_autoptr(GError) error = NULL;
  gboolean ok;

  ok = g_tls_connection_handshake_finish (G_TLS_CONNECTION (source), result, &error);
  conn->handshaking = FALSE;
  /* The server stopped meanwhile, or the connection was given up. */
  if (self == NULL || conn->done || !ok)
    {
      if (self != NULL && !conn->done)
        g_debug ("%s: no TLS: %s", conn->address->key, error->message);
      if (!g_io_stream_is_closed (G_IO_STREAM (conn->socket)))
        g_io_stream_close (G_IO_STREAM (conn->socket), NULL, NULL);
      if (self != NULL)
        {
          self->handshakes--;
          finish (conn);
          start_handshakes (self);
        }
      conn_unref (conn);
      return;
    }

  self->handshakes--;
  conn->peer = hearts_net_peer_new (conn->tls, conn->socket, conn->address->key);
  hearts_net_peer_set_limits (conn->peer, self->limits.rate, self->limits.burst, self->limits.max_queued, 0);
  g_signal_connect (conn->peer, "message", G_CALLBACK (on_conn_message_cb), conn);
  g_signal_connect (conn->peer, "closed", G_CALLBACK (on_conn_closed_cb), conn);
  hearts_net_random (conn->nonce, sizeof conn->nonce);
  hearts_net_peer_start (conn->peer);
  hearts_net_peer_send (conn->peer, HEARTS_NET_CHALLENGE,
                        g_variant_new ("(u@ay)", (guint32) HEARTS_NET_VERSION,
                                       g_variant_new_fixed_array (G_VARIANT_TYPE_BYTE, conn->nonce,
                                                                  sizeof conn->nonce, 1)));
  start_handshakes (self);
  conn_unref (conn);
}

static void
start_handshake (Conn *conn)
{
  HeartsNetServer *self = conn->server;
  g_autoptr(GError) error = NULL;

  /* No trust database: nobody's certificate is asked for, and the default one is the
   * system's list of authorities, read anew for each connection (4 MB each). */
  conn->tls = g_initable_new (g_tls_backend_get_server_connection_type (g_tls_backend_get_default ()), NULL, &error,
                              "base-io-stream", conn->socket, "certificate", self->certificate, "database", NULL, NULL);
  if (conn->tls == NULL)
    {
      g_warning ("No TLS (is glib-networking installed?): %s", error->message);
      finish (conn);
      return;
    }
  /* A client that goes away without a word is an ordinary end, not an attack. */
  g_tls_connection_set_require_close_notify (G_TLS_CONNECTION (conn->tls), FALSE);
  /* Small messages, each wanted at once: not held back for the last one's ACK. */
  g_socket_set_option (g_socket_connection_get_socket (conn->socket), IPPROTO_TCP, TCP_NODELAY, 1, NULL);
  conn->handshaking = TRUE;
  self->handshakes++;
  g_tls_connection_handshake_async (G_TLS_CONNECTION (conn->tls), G_PRIORITY_DEFAULT, conn->cancellable,
                                    on_handshake_cb, conn_ref (conn));
}

static void
start_handshakes (HeartsNetServer *self)
{
  Conn *conn;

  while (self->handshakes < self->limits.max_handshakes && (conn = g_queue_pop_head (&self->waiting)) != NULL)
    {
      conn->queued = FALSE;
      start_handshake (conn);
    }
}

static gboolean
on_first_bytes_cb (gpointer     user_data,
                   GIOCondition condition)
{
  Conn            *conn = user_data;
  HeartsNetServer *self = conn->server;

  g_clear_pointer (&conn->wait, hearts_net_watch_free);
  conn->queued = TRUE;
  g_queue_push_tail (&self->waiting, conn);
  start_handshakes (self);
  return TRUE;
}

static gboolean
on_incoming_cb (GSocketService    *service,
                GSocketConnection *socket,
                GObject           *source,
                HeartsNetServer   *self)
{
  g_autofree char *key = address_key (socket);
  Address         *address = lookup_address (self, key);
  Conn            *conn;

  if (g_hash_table_size (self->conns) >= self->limits.max_connections ||
      address->connections >= self->limits.per_address)
    {
      g_debug ("%s: refused, too many connections", key);
      g_io_stream_close (G_IO_STREAM (socket), NULL, NULL);
      release_address (self, address);
      return TRUE;
    }

  conn = g_new0 (Conn, 1);
  conn->ref_count = 1;
  conn->server = self;
  conn->address = address;
  conn->socket = g_object_ref (socket);
  conn->cancellable = g_cancellable_new ();
  address->connections++;
  g_hash_table_add (self->conns, conn);
  conn->deadline = g_get_monotonic_time () + (gint64) self->limits.handshake_ms * 1000;
  g_queue_push_tail (&self->deadlines, conn_ref (conn));
  if (self->tick == 0)
    self->tick = hearts_net_tick_add (on_tick, self);
  /* Nothing is spent on a connection until it says something. */
  conn->wait = hearts_net_watch_new (g_socket_get_fd (g_socket_connection_get_socket (socket)), G_IO_IN,
                                     on_first_bytes_cb, conn);
  return TRUE;
}

/* GObject */

static void
hearts_net_server_dispose (GObject *object)
{
  HeartsNetServer *self = HEARTS_NET_SERVER (object);

  hearts_net_server_stop (self);
  if (self->tick != 0)
    hearts_net_tick_remove (self->tick);
  self->tick = 0;
  g_queue_clear_full (&self->deadlines, (GDestroyNotify) conn_unref);
  g_clear_object (&self->service);
  g_clear_pointer (&self->hosts, g_hash_table_unref);
  g_clear_pointer (&self->knockable, g_hash_table_unref);
  g_clear_object (&self->certificate);

  G_OBJECT_CLASS (hearts_net_server_parent_class)->dispose (object);
}

static void
hearts_net_server_finalize (GObject *object)
{
  HeartsNetServer *self = HEARTS_NET_SERVER (object);

  g_clear_pointer (&self->conns, g_hash_table_unref);
  g_clear_pointer (&self->addresses, g_hash_table_unref);
  g_clear_pointer (&self->knocks, g_hash_table_unref);
  g_free (self->public_name);
  memset (self->key, 0, sizeof self->key);

  G_OBJECT_CLASS (hearts_net_server_parent_class)->finalize (object);
}

static void
hearts_net_server_class_init (HeartsNetServerClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->dispose = hearts_net_server_dispose;
  object_class->finalize = hearts_net_server_finalize;

  /**
   * HeartsNetServer::knock:
   * @host: the table knocked at
   * @id: the knock's, for hearts_net_server_answer_knock()
   * @name: the person's
   * @address: where they knock from (an IPv6 host by its /64), for the host's person to see
   */
  signals[KNOCK] = g_signal_new ("knock", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                                 G_TYPE_NONE, 4, HEARTS_TYPE_NET_HOST, G_TYPE_UINT, G_TYPE_STRING, G_TYPE_STRING);
  /* The knock was answered, timed out, or the person went. */
  signals[KNOCK_ENDED] = g_signal_new ("knock-ended", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL,
                                       NULL, G_TYPE_NONE, 1, G_TYPE_UINT);
}

static void
hearts_net_server_init (HeartsNetServer *self)
{
  hearts_net_limits_init (&self->limits);
  self->hosts = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_object_unref);
  self->conns = g_hash_table_new_full (NULL, NULL, (GDestroyNotify) conn_unref, NULL);
  self->addresses = g_hash_table_new_full (g_str_hash, g_str_equal, NULL, (GDestroyNotify) address_free);
  self->knockable = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  self->knocks = g_hash_table_new (NULL, NULL);
  g_queue_init (&self->waiting);
  g_queue_init (&self->deadlines);
}

/* Public API */

HeartsNetServer *
hearts_net_server_new (GTlsCertificate *certificate)
{
  HeartsNetServer *self;

  g_return_val_if_fail (G_IS_TLS_CERTIFICATE (certificate), NULL);

  self = g_object_new (HEARTS_TYPE_NET_SERVER, NULL);
  self->certificate = g_object_ref (certificate);
  hearts_net_cert_fingerprint (certificate, self->fingerprint);
  return self;
}

void
hearts_net_server_set_limits (HeartsNetServer       *self,
                              const HeartsNetLimits *limits)
{
  g_return_if_fail (HEARTS_IS_NET_SERVER (self));
  self->limits = *limits;
}

gboolean
hearts_net_server_listen (HeartsNetServer *self,
                          const char      *address,
                          guint16          port,
                          GError         **error)
{
  g_autoptr(GSocketAddress) where = NULL;
  g_autoptr(GSocketAddress) bound = NULL;

  g_return_val_if_fail (HEARTS_IS_NET_SERVER (self), FALSE);
  g_return_val_if_fail (self->service == NULL, FALSE);

  self->service = g_socket_service_new ();
  g_socket_listener_set_backlog (G_SOCKET_LISTENER (self->service), 1024);
  g_signal_connect (self->service, "incoming", G_CALLBACK (on_incoming_cb), self);
  if (address == NULL)
    {
      if (port == 0)
        port = g_socket_listener_add_any_inet_port (G_SOCKET_LISTENER (self->service), NULL, error);
      else if (!g_socket_listener_add_inet_port (G_SOCKET_LISTENER (self->service), port, NULL, error))
        port = 0;
    }
  else
    {
      g_autoptr(GInetAddress) inet = g_inet_address_new_from_string (address);

      if (inet == NULL)
        {
          g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT, "Not an address: %s", address);
          port = 0;
        }
      else
        {
          where = g_inet_socket_address_new (inet, port);
          if (g_socket_listener_add_address (G_SOCKET_LISTENER (self->service), where, G_SOCKET_TYPE_STREAM,
                                             G_SOCKET_PROTOCOL_TCP, NULL, &bound, error))
            port = g_inet_socket_address_get_port (G_INET_SOCKET_ADDRESS (bound));
          else
            port = 0;
        }
    }
  if (port == 0)
    {
      g_clear_object (&self->service);
      return FALSE;
    }
  self->port = port;
  g_socket_service_start (self->service);
  return TRUE;
}

guint16
hearts_net_server_get_port (HeartsNetServer *self)
{
  g_return_val_if_fail (HEARTS_IS_NET_SERVER (self), 0);
  return self->port;
}

void
hearts_net_server_stop (HeartsNetServer *self)
{
  GHashTableIter iter;
  Conn          *conn;

  g_return_if_fail (HEARTS_IS_NET_SERVER (self));

  if (self->service != NULL)
    {
      g_socket_service_stop (self->service);
      g_socket_listener_close (G_SOCKET_LISTENER (self->service));
    }
  /* The tables say goodbye to their people; the rest are cut. */
  if (self->hosts != NULL)
    {
      GHashTableIter hosts;
      HeartsNetHost *host;

      g_hash_table_iter_init (&hosts, self->hosts);
      while (g_hash_table_iter_next (&hosts, NULL, (gpointer *) &host))
        hearts_net_host_close (host);
    }
  while (self->conns != NULL && g_hash_table_size (self->conns) > 0)
    {
      g_hash_table_iter_init (&iter, self->conns);
      g_hash_table_iter_next (&iter, (gpointer *) &conn, NULL);
      conn_ref (conn);
      drop (conn, HEARTS_NET_BYE_SHUTDOWN, "the server stopped", 0);
      conn->server = NULL;
      conn_unref (conn);
    }
}

void
hearts_net_server_add_host (HeartsNetServer *self,
                            HeartsNetHost   *host)
{
  g_return_if_fail (HEARTS_IS_NET_SERVER (self));
  g_return_if_fail (HEARTS_IS_NET_HOST (host));

  g_hash_table_replace (self->hosts, g_strdup (hearts_net_host_get_id (host)), g_object_ref (host));
}

void
hearts_net_server_remove_host (HeartsNetServer *self,
                               HeartsNetHost   *host)
{
  g_return_if_fail (HEARTS_IS_NET_SERVER (self));
  g_return_if_fail (HEARTS_IS_NET_HOST (host));

  if (g_hash_table_lookup (self->hosts, hearts_net_host_get_id (host)) == host)
    {
      hearts_net_server_set_knockable (self, host, FALSE);
      g_hash_table_remove (self->hosts, hearts_net_host_get_id (host));
    }
}

/* Ends the knocks at @id's table, as the host did not answer them. */
static void
refuse_knocks (HeartsNetServer *self,
               const char      *id)
{
  GHashTableIter iter;
  Conn          *conn;
  gboolean       again = TRUE;

  while (again)
    {
      again = FALSE;
      g_hash_table_iter_init (&iter, self->knocks);
      while (g_hash_table_iter_next (&iter, NULL, (gpointer *) &conn))
        if (g_strcmp0 (conn->knock_table, id) == 0)
          {
            drop (conn, HEARTS_NET_BYE_NOT_LET_IN, "the table takes nobody more", 0);
            again = TRUE;
            break;
          }
    }
}

void
hearts_net_server_set_knockable (HeartsNetServer *self,
                                 HeartsNetHost   *host,
                                 gboolean         knockable)
{
  const char *id;

  g_return_if_fail (HEARTS_IS_NET_SERVER (self));
  g_return_if_fail (HEARTS_IS_NET_HOST (host));

  id = hearts_net_host_get_id (host);
  if (knockable)
    g_hash_table_add (self->knockable, g_strdup (id));
  else if (g_hash_table_remove (self->knockable, id))
    refuse_knocks (self, id);
}

void
hearts_net_server_answer_knock (HeartsNetServer *self,
                                guint            knock,
                                gboolean         let_in)
{
  HeartsNetHost *host;
  Conn          *conn;
  guint          wait;

  g_return_if_fail (HEARTS_IS_NET_SERVER (self));

  conn = g_hash_table_lookup (self->knocks, GUINT_TO_POINTER (knock));
  if (conn == NULL)
    return;
  host = g_hash_table_lookup (self->hosts, conn->knock_table);
  if (!let_in || host == NULL)
    {
      /* A refusal counts as a wrong secret: nobody knocks on and on. */
      wait = failed (self, conn->address);
      drop (conn, HEARTS_NET_BYE_NOT_LET_IN, "the host did not let you in", wait);
      return;
    }
  /* The secret, as an invitation would have brought it; the hello follows, proving it
   * over this connection's nonce, within the usual deadline. */
  conn_ref (conn);
  conn->let_in = TRUE;
  g_clear_handle_id (&conn->knock_timeout, g_source_remove);
  conn->knock_timeout = g_timeout_add (self->limits.handshake_ms, on_knock_timeout_cb, conn);
  end_knock (conn);
  if (!conn->done)
    hearts_net_peer_send (conn->peer, HEARTS_NET_LET_IN,
                          g_variant_new ("(@ay)", g_variant_new_fixed_array (G_VARIANT_TYPE_BYTE,
                                                                             _hearts_net_host_get_secret (host),
                                                                             HEARTS_NET_SECRET_SIZE, 1)));
  conn_unref (conn);
}

GHashTable *
hearts_net_server_get_hosts (HeartsNetServer *self)
{
  g_return_val_if_fail (HEARTS_IS_NET_SERVER (self), NULL);
  return self->hosts;
}

void
hearts_net_server_set_public_name (HeartsNetServer *self,
                                   const char      *name)
{
  g_return_if_fail (HEARTS_IS_NET_SERVER (self));
  g_return_if_fail (hearts_net_host_is_valid (name));

  g_free (self->public_name);
  self->public_name = g_strdup (name);
}

static void
link_init (HeartsNetServer  *self,
           HeartsNetLink    *link,
           HeartsNetLinkKind kind)
{
  memset (link, 0, sizeof *link);
  link->kind = kind;
  g_strlcpy (link->host, self->public_name != NULL ? self->public_name : "localhost", sizeof link->host);
  link->port = self->port;
  /* The first half of the SHA-256: see docs/NETWORK.md. */
  memcpy (link->fingerprint, self->fingerprint, sizeof link->fingerprint);
}

char *
hearts_net_server_get_invitation (HeartsNetServer *self,
                                  HeartsNetHost   *host)
{
  HeartsNetLink link;

  g_return_val_if_fail (HEARTS_IS_NET_SERVER (self), NULL);
  g_return_val_if_fail (HEARTS_IS_NET_HOST (host), NULL);

  link_init (self, &link, HEARTS_NET_LINK_TABLE);
  memcpy (link.secret, _hearts_net_host_get_secret (host), sizeof link.secret);
  return hearts_net_link_to_string (&link);
}

const guint8 *
hearts_net_server_get_fingerprint (HeartsNetServer *self)
{
  g_return_val_if_fail (HEARTS_IS_NET_SERVER (self), NULL);
  return self->fingerprint;
}

char *
hearts_net_server_get_link (HeartsNetServer *self)
{
  HeartsNetLink link;

  g_return_val_if_fail (HEARTS_IS_NET_SERVER (self), NULL);

  link_init (self, &link, HEARTS_NET_LINK_SERVER);
  link.has_key = self->has_key;
  memcpy (link.key, self->key, sizeof link.key);
  return hearts_net_link_to_string (&link);
}

void
hearts_net_server_set_create_func (HeartsNetServer    *self,
                                   HeartsNetCreateFunc func,
                                   gpointer            user_data,
                                   const guint8       *key)
{
  g_return_if_fail (HEARTS_IS_NET_SERVER (self));

  self->create_func = func;
  self->create_data = user_data;
  self->has_key = key != NULL;
  if (key != NULL)
    memcpy (self->key, key, sizeof self->key);
}

guint
hearts_net_server_get_n_connections (HeartsNetServer *self)
{
  g_return_val_if_fail (HEARTS_IS_NET_SERVER (self), 0);
  return g_hash_table_size (self->conns);
}
