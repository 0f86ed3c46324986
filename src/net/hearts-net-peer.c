/* hearts-net-peer.c
 *
 * One watch on the socket under TLS (hearts-net-poller.c): readable, the TLS stream is
 * read until it would block; a write that would block waits for the socket to be
 * writable. The idle deadlines of all peers are checked by one ticker.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <string.h>

#include "hearts-net-peer.h"
#include "hearts-net-poller.h"

/* How long a goodbye may take to go out before the connection is cut. */
#define LINGER_MS 1000
/* Reads in one turn of the main loop, so that one busy connection does not hold up
 * the others; the watch is called again while there is more. */
#define READS_PER_TURN 64

typedef enum
{
  STATE_NEW,
  STATE_OPEN,
  STATE_CLOSING,   /* closed without a goodbye: what is queued goes if it can at once */
  STATE_LINGERING, /* closed: the goodbye goes out */
  STATE_DRAINING,  /* closed: the goodbye is out, what comes in is dropped */
  STATE_SHUT,
} State;

struct _HeartsNetPeer
{
  GObject parent_instance;

  GIOStream             *stream;
  GSocketConnection     *base;
  GPollableInputStream  *in;
  GPollableOutputStream *out;
  char                  *address;
  HeartsNetWatch        *watch;
  guint                  linger_id;
  State                  state;

  /* The message being read */
  guint8  header[HEARTS_NET_HEADER_SIZE];
  gsize   got;
  guint8 *body;
  gsize   need;

  /* What waits to be written */
  GQueue queue;
  gsize  offset;
  gsize  queued;
  gboolean tried; /* the head's write would have blocked: the same bytes again */

  guint  rate;
  guint  burst;
  double tokens;
  gint64 refilled;
  gsize  max_queued;
  guint  idle_ms;
  gint64 last_heard;
};

G_DEFINE_FINAL_TYPE (HeartsNetPeer, hearts_net_peer, G_TYPE_OBJECT)

enum
{
  MESSAGE,
  CLOSED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

/* Peers with an idle deadline, checked on every tick. */
static GHashTable *timed;
static guint       timed_tick;

static void on_tick (gpointer user_data,
                     gint64   now);

static void
set_timed (HeartsNetPeer *self,
           gboolean       on)
{
  if (on && self->idle_ms > 0 && self->state == STATE_OPEN)
    {
      if (timed == NULL)
        timed = g_hash_table_new (NULL, NULL);
      g_hash_table_add (timed, self);
      if (timed_tick == 0)
        timed_tick = hearts_net_tick_add (on_tick, NULL);
    }
  else if (timed != NULL)
    {
      g_hash_table_remove (timed, self);
      if (g_hash_table_size (timed) == 0 && timed_tick != 0)
        {
          hearts_net_tick_remove (timed_tick);
          timed_tick = 0;
        }
    }
}

static void
on_tick (gpointer user_data,
         gint64   now)
{
  g_autoptr(GPtrArray) silent = g_ptr_array_new_with_free_func (g_object_unref);
  GHashTableIter iter;
  HeartsNetPeer *self;

  g_hash_table_iter_init (&iter, timed);
  while (g_hash_table_iter_next (&iter, (gpointer *) &self, NULL))
    if ((now - self->last_heard) / 1000 >= self->idle_ms)
      g_ptr_array_add (silent, g_object_ref (self));
  for (guint i = 0; i < silent->len; i++)
    hearts_net_peer_close (g_ptr_array_index (silent, i), HEARTS_NET_BYE_TIMEOUT, "nothing heard within the deadline",
                           0, TRUE);
}

static gboolean
release_cb (gpointer user_data)
{
  g_object_unref (user_data);
  return G_SOURCE_REMOVE;
}

/* The connection goes now, whatever is left to write. */
static void
shut (HeartsNetPeer *self)
{
  State was = self->state;

  if (was == STATE_SHUT)
    return;
  self->state = STATE_SHUT;
  set_timed (self, FALSE);
  g_clear_pointer (&self->watch, hearts_net_watch_free);
  g_clear_handle_id (&self->linger_id, g_source_remove);
  g_queue_clear_full (&self->queue, (GDestroyNotify) g_bytes_unref);
  self->queued = self->offset = 0;
  /* The socket under TLS first: closing TLS itself would try to say so to a peer that
   * may not be reading. */
  if (self->base != NULL && !g_io_stream_is_closed (G_IO_STREAM (self->base)))
    g_io_stream_close (G_IO_STREAM (self->base), NULL, NULL);
  /* It held itself while its goodbye went out; let go later, for whoever called. */
  if (was == STATE_LINGERING || was == STATE_DRAINING)
    g_idle_add (release_cb, self);
}

static gboolean
on_linger_cb (gpointer user_data)
{
  HeartsNetPeer *self = user_data;

  self->linger_id = 0;
  shut (self);
  return G_SOURCE_REMOVE;
}

static void
want (HeartsNetPeer *self,
      GIOCondition   condition)
{
  if (self->watch != NULL)
    hearts_net_watch_set_condition (self->watch, condition);
}

/* The goodbye is written: the sending side is closed, and what the other side was
 * still sending is read and dropped, so that its unread bytes do not make the system
 * reset the connection before the goodbye is read (a flood's last words). */
static void
drain (HeartsNetPeer *self)
{
  GSocket *socket = g_socket_connection_get_socket (self->base);

  if (!g_socket_shutdown (socket, FALSE, TRUE, NULL))
    {
      shut (self);
      return;
    }
  self->state = STATE_DRAINING;
  want (self, G_IO_IN);
}

static void
drain_some (HeartsNetPeer *self)
{
  GSocket *socket = g_socket_connection_get_socket (self->base);
  char     buffer[4096];

  for (guint i = 0; i < READS_PER_TURN; i++)
    {
      g_autoptr(GError) error = NULL;
      gssize n = g_socket_receive_with_blocking (socket, buffer, sizeof buffer, FALSE, NULL, &error);

      if (n > 0)
        continue;
      if (n < 0 && g_error_matches (error, G_IO_ERROR, G_IO_ERROR_WOULD_BLOCK))
        return;
      shut (self);
      return;
    }
}

static void
flush (HeartsNetPeer *self)
{
  GBytes *bytes;

  while ((bytes = g_queue_peek_head (&self->queue)) != NULL)
    {
      g_autoptr(GError) error = NULL;
      gsize         size;
      const guint8 *data;
      gssize        n;

      /* Messages that wait together go in one write, unless this one was tried already
       * (TLS wants the same bytes again). */
      if (self->offset == 0 && !self->tried && g_queue_get_length (&self->queue) > 1)
        {
          g_autoptr(GByteArray) joined = g_byte_array_new ();
          GBytes *next;

          while ((next = g_queue_peek_head (&self->queue)) != NULL &&
                 (joined->len == 0 || joined->len + g_bytes_get_size (next) <= HEARTS_NET_MAX_MESSAGE))
            {
              g_byte_array_append (joined, g_bytes_get_data (next, NULL), g_bytes_get_size (next));
              g_bytes_unref (g_queue_pop_head (&self->queue));
            }
          bytes = g_byte_array_free_to_bytes (g_steal_pointer (&joined));
          g_queue_push_head (&self->queue, bytes);
        }
      data = g_bytes_get_data (bytes, &size);

      n = g_pollable_output_stream_write_nonblocking (self->out, data + self->offset, size - self->offset, NULL,
                                                      &error);
      if (n < 0)
        {
          if (g_error_matches (error, G_IO_ERROR, G_IO_ERROR_WOULD_BLOCK))
            {
              self->tried = TRUE;
              want (self, self->state == STATE_OPEN ? G_IO_IN | G_IO_OUT : G_IO_OUT);
              return;
            }
          if (self->state == STATE_OPEN)
            hearts_net_peer_close (self, HEARTS_NET_BYE_CLOSED, error->message, 0, FALSE);
          else
            shut (self);
          return;
        }
      self->offset += n;
      self->tried = self->offset < size;
      if (self->offset == size)
        {
          g_bytes_unref (g_queue_pop_head (&self->queue));
          self->queued -= size;
          self->offset = 0;
        }
    }
  if (self->state == STATE_OPEN)
    want (self, G_IO_IN);
  else if (self->state == STATE_LINGERING)
    drain (self);
}

static gboolean
within_rate (HeartsNetPeer *self)
{
  gint64 now;

  if (self->rate == 0)
    return TRUE;
  now = g_get_monotonic_time ();
  self->tokens = MIN ((double) self->burst, self->tokens + (now - self->refilled) * (double) self->rate / G_USEC_PER_SEC);
  self->refilled = now;
  if (self->tokens < 1.0)
    return FALSE;
  self->tokens -= 1.0;
  return TRUE;
}

static void
message_read (HeartsNetPeer *self)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GVariant) body = NULL;
  guint8 kind = self->header[4];

  self->got = 0;
  if (!within_rate (self))
    {
      g_clear_pointer (&self->body, g_free);
      hearts_net_peer_close (self, HEARTS_NET_BYE_FLOOD, "more messages than a table needs", 0, TRUE);
      return;
    }
  body = hearts_net_body_parse (kind, self->body, self->need, &error);
  g_clear_pointer (&self->body, g_free);
  if (body == NULL)
    {
      hearts_net_peer_close (self, HEARTS_NET_BYE_PROTOCOL, error->message, 0, TRUE);
      return;
    }
  self->last_heard = g_get_monotonic_time ();
  g_signal_emit (self, signals[MESSAGE], 0, (guint) kind, body);
}

/* Reads what there is; TRUE if there may be more than was read this turn. */
static gboolean
read_some (HeartsNetPeer *self)
{
  for (guint i = 0; i < READS_PER_TURN; i++)
    {
      g_autoptr(GError) error = NULL;
      gssize n;
      gsize  got_before = self->got;

      if (self->state != STATE_OPEN)
        return FALSE;
      if (self->got < HEARTS_NET_HEADER_SIZE)
        n = g_pollable_input_stream_read_nonblocking (self->in, self->header + self->got,
                                                      HEARTS_NET_HEADER_SIZE - self->got, NULL, &error);
      else
        n = g_pollable_input_stream_read_nonblocking (self->in, self->body + (self->got - HEARTS_NET_HEADER_SIZE),
                                                      self->need - (self->got - HEARTS_NET_HEADER_SIZE), NULL, &error);
      if (n < 0 && g_error_matches (error, G_IO_ERROR, G_IO_ERROR_WOULD_BLOCK))
        return FALSE;
      if (n <= 0)
        {
          hearts_net_peer_close (self, HEARTS_NET_BYE_CLOSED, n < 0 ? error->message : "the connection was closed", 0,
                                 FALSE);
          return FALSE;
        }

      self->got += n;
      /* The length is checked once its four bytes are in, before a byte more is read
       * or a byte is allocated for it. */
      if (got_before < 4 && self->got >= 4)
        {
          guint32 length = (guint32) self->header[0] << 24 | (guint32) self->header[1] << 16 |
                           (guint32) self->header[2] << 8 | self->header[3];

          if (length == 0 || length > HEARTS_NET_MAX_MESSAGE)
            {
              hearts_net_peer_close (self, HEARTS_NET_BYE_PROTOCOL, "a message of a length no message has", 0, TRUE);
              return FALSE;
            }
          self->need = length - 1;
        }
      if (got_before < HEARTS_NET_HEADER_SIZE && self->got == HEARTS_NET_HEADER_SIZE)
        self->body = self->need > 0 ? g_malloc (self->need) : NULL;
      if (self->got >= HEARTS_NET_HEADER_SIZE && self->got == HEARTS_NET_HEADER_SIZE + self->need)
        message_read (self);
    }
  /* The TLS layer may hold more than the socket shows. */
  return self->state == STATE_OPEN;
}

static gboolean
on_io_cb (gpointer     user_data,
          GIOCondition condition)
{
  HeartsNetPeer *self = user_data;

  /* A handler of ::message may drop the last reference elsewhere. */
  g_object_ref (self);
  if (condition & G_IO_OUT)
    flush (self);
  if (condition & (G_IO_IN | G_IO_HUP | G_IO_ERR))
    {
      if (self->state == STATE_OPEN && read_some (self) && self->watch != NULL)
        hearts_net_watch_again (self->watch, G_IO_IN);
      else if (self->state == STATE_DRAINING)
        drain_some (self);
      else if (self->state == STATE_LINGERING && (condition & (G_IO_HUP | G_IO_ERR)))
        shut (self);
    }
  g_object_unref (self);
  /* The watch is freed by shut(), never by returning FALSE. */
  return TRUE;
}

static void
hearts_net_peer_dispose (GObject *object)
{
  HeartsNetPeer *self = HEARTS_NET_PEER (object);

  if (self->state != STATE_SHUT)
    {
      /* No goodbye goes out after the last reference (a lingering peer holds one). */
      self->state = STATE_OPEN;
      shut (self);
    }
  g_clear_object (&self->stream);
  g_clear_object (&self->base);

  G_OBJECT_CLASS (hearts_net_peer_parent_class)->dispose (object);
}

static void
hearts_net_peer_finalize (GObject *object)
{
  HeartsNetPeer *self = HEARTS_NET_PEER (object);

  g_free (self->body);
  g_free (self->address);

  G_OBJECT_CLASS (hearts_net_peer_parent_class)->finalize (object);
}

static void
hearts_net_peer_class_init (HeartsNetPeerClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->dispose = hearts_net_peer_dispose;
  object_class->finalize = hearts_net_peer_finalize;

  /**
   * HeartsNetPeer::message:
   * @kind: a HeartsNetKind
   * @body: the body, of the kind's type, in normal form
   */
  signals[MESSAGE] = g_signal_new ("message", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                                   G_TYPE_NONE, 2, G_TYPE_UINT, G_TYPE_VARIANT);
  /**
   * HeartsNetPeer::closed:
   * @reason: a HeartsNetBye
   * @detail: what happened, for a log
   */
  signals[CLOSED] = g_signal_new ("closed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                                  G_TYPE_NONE, 2, G_TYPE_UINT, G_TYPE_STRING);
}

static void
hearts_net_peer_init (HeartsNetPeer *self)
{
  g_queue_init (&self->queue);
  self->max_queued = 64 * 1024;
}

HeartsNetPeer *
hearts_net_peer_new (GIOStream         *stream,
                     GSocketConnection *base,
                     const char        *address)
{
  HeartsNetPeer *self;

  g_return_val_if_fail (G_IS_IO_STREAM (stream), NULL);
  g_return_val_if_fail (G_IS_SOCKET_CONNECTION (base), NULL);
  g_return_val_if_fail (G_IS_POLLABLE_INPUT_STREAM (g_io_stream_get_input_stream (stream)), NULL);
  g_return_val_if_fail (G_IS_POLLABLE_OUTPUT_STREAM (g_io_stream_get_output_stream (stream)), NULL);

  self = g_object_new (HEARTS_TYPE_NET_PEER, NULL);
  self->stream = g_object_ref (stream);
  self->base = g_object_ref (base);
  self->in = G_POLLABLE_INPUT_STREAM (g_io_stream_get_input_stream (stream));
  self->out = G_POLLABLE_OUTPUT_STREAM (g_io_stream_get_output_stream (stream));
  self->address = g_strdup (address != NULL ? address : "");
  self->last_heard = self->refilled = g_get_monotonic_time ();
  return self;
}

void
hearts_net_peer_set_limits (HeartsNetPeer *self,
                            guint          rate,
                            guint          burst,
                            gsize          max_queued,
                            guint          idle_ms)
{
  g_return_if_fail (HEARTS_IS_NET_PEER (self));

  self->rate = rate;
  self->burst = MAX (burst, 1);
  self->tokens = self->burst;
  self->refilled = g_get_monotonic_time ();
  self->max_queued = max_queued;
  self->idle_ms = idle_ms;
  self->last_heard = g_get_monotonic_time ();
  set_timed (self, idle_ms > 0);
}

void
hearts_net_peer_start (HeartsNetPeer *self)
{
  g_return_if_fail (HEARTS_IS_NET_PEER (self));

  if (self->state != STATE_NEW)
    return;
  self->state = STATE_OPEN;
  self->watch = hearts_net_watch_new (g_socket_get_fd (g_socket_connection_get_socket (self->base)),
                                      g_queue_is_empty (&self->queue) ? G_IO_IN : G_IO_IN | G_IO_OUT, on_io_cb, self);
  self->last_heard = g_get_monotonic_time ();
  set_timed (self, TRUE);
  /* What TLS may have read already with the handshake. */
  hearts_net_watch_again (self->watch, G_IO_IN);
}

void
hearts_net_peer_send (HeartsNetPeer *self,
                      HeartsNetKind  kind,
                      GVariant      *body)
{
  g_autoptr(GBytes) bytes = NULL;

  g_return_if_fail (HEARTS_IS_NET_PEER (self));

  bytes = hearts_net_message_new (kind, body);
  if (bytes != NULL)
    hearts_net_peer_send_message (self, bytes);
}

/* Queued; written at the end of this turn of the loop with whatever else is queued by
 * then (a play, the trick taken and the hand's score: one write, one TLS record). */
static void
queue (HeartsNetPeer *self,
       GBytes        *message)
{
  g_queue_push_tail (&self->queue, g_bytes_ref (message));
  self->queued += g_bytes_get_size (message);
  if (self->watch != NULL && !(hearts_net_watch_get_condition (self->watch) & G_IO_OUT))
    hearts_net_watch_again (self->watch, G_IO_OUT);
}

void
hearts_net_peer_send_message (HeartsNetPeer *self,
                              GBytes        *message)
{
  g_return_if_fail (HEARTS_IS_NET_PEER (self));

  if (self->state != STATE_OPEN && self->state != STATE_NEW)
    return;
  /* The other side does not read what it is sent: it is dropped rather than kept. */
  if (self->queued + g_bytes_get_size (message) > self->max_queued)
    {
      hearts_net_peer_close (self, HEARTS_NET_BYE_NOT_READING, "it did not read what it was sent", 0, FALSE);
      return;
    }
  queue (self, message);
}

void
hearts_net_peer_close (HeartsNetPeer *self,
                       HeartsNetBye   reason,
                       const char    *detail,
                       guint          retry_ms,
                       gboolean       say_bye)
{
  g_autofree char *text = NULL;

  g_return_if_fail (HEARTS_IS_NET_PEER (self));

  if (self->state != STATE_OPEN && self->state != STATE_NEW)
    return;

  text = g_utf8_make_valid (detail != NULL ? detail : "", -1);
  if (strlen (text) > HEARTS_NET_MAX_DETAIL)
    *g_utf8_find_prev_char (text, text + HEARTS_NET_MAX_DETAIL) = '\0';

  g_object_ref (self);
  set_timed (self, FALSE);
  if (say_bye && self->state == STATE_OPEN && !g_io_stream_is_closed (G_IO_STREAM (self->base)))
    {
      g_autoptr(GBytes) bye = hearts_net_message_new (HEARTS_NET_BYE, g_variant_new ("(ysu)", (guint8) reason, text,
                                                                                      (guint32) retry_ms));

      /* A second at most for the goodbye to go out and be read; it holds itself. */
      self->state = STATE_LINGERING;
      g_object_ref (self);
      self->linger_id = g_timeout_add (LINGER_MS, on_linger_cb, self);
      want (self, G_IO_OUT);
      queue (self, bye);
    }
  else
    {
      /* What was queued this turn (a LEAVE) goes, if it can go at once. */
      gboolean was_open = self->state == STATE_OPEN;

      self->state = STATE_CLOSING;
      if (was_open && !g_queue_is_empty (&self->queue))
        flush (self);
      shut (self);
    }
  g_signal_emit (self, signals[CLOSED], 0, (guint) reason, text);
  g_object_unref (self);
}

gboolean
hearts_net_peer_is_closed (HeartsNetPeer *self)
{
  g_return_val_if_fail (HEARTS_IS_NET_PEER (self), TRUE);
  return self->state != STATE_OPEN && self->state != STATE_NEW;
}

const char *
hearts_net_peer_get_address (HeartsNetPeer *self)
{
  g_return_val_if_fail (HEARTS_IS_NET_PEER (self), NULL);
  return self->address;
}

gsize
hearts_net_peer_get_queued (HeartsNetPeer *self)
{
  g_return_val_if_fail (HEARTS_IS_NET_PEER (self), 0);
  return self->queued;
}

GIOStream *
hearts_net_peer_get_stream (HeartsNetPeer *self)
{
  g_return_val_if_fail (HEARTS_IS_NET_PEER (self), NULL);
  return self->stream;
}
