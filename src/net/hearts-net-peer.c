/* hearts-net-peer.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <string.h>

#include "hearts-net-peer.h"

/* How long a goodbye may take to go out before the connection is cut. */
#define LINGER_MS 1000
/* Reads in one turn of the main loop, so that one busy connection does not hold up
 * the others; the source fires again while there is more. */
#define READS_PER_TURN 64

struct _HeartsNetPeer
{
  GObject parent_instance;

  GIOStream             *stream;
  GIOStream             *base;
  GPollableInputStream  *in;
  GPollableOutputStream *out;
  char                  *address;

  GSource *in_source;
  GSource *out_source;
  GSource *idle_source;
  GSource *linger_source;

  /* The message being read */
  guint8  header[HEARTS_NET_HEADER_SIZE];
  gsize   got;
  guint8 *body;
  gsize   need;

  /* What waits to be written */
  GQueue queue;
  gsize  offset;
  gsize  queued;

  guint  rate;
  guint  burst;
  double tokens;
  gint64 refilled;
  gsize  max_queued;
  guint  idle_ms;
  gint64 last_heard;

  gboolean started;
  gboolean closed;
  gboolean lingering;
  gboolean holding; /* a reference of its own while its goodbye goes out */
};

G_DEFINE_FINAL_TYPE (HeartsNetPeer, hearts_net_peer, G_TYPE_OBJECT)

enum
{
  MESSAGE,
  CLOSED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

static void
clear_source (GSource **source)
{
  if (*source == NULL)
    return;
  g_source_destroy (*source);
  g_clear_pointer (source, g_source_unref);
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
  clear_source (&self->in_source);
  clear_source (&self->out_source);
  clear_source (&self->idle_source);
  clear_source (&self->linger_source);
  g_queue_clear_full (&self->queue, (GDestroyNotify) g_bytes_unref);
  self->queued = self->offset = 0;
  self->lingering = FALSE;
  /* The socket under TLS first: closing TLS itself would try to say so to a peer that
   * may not be reading. */
  if (self->base != NULL && !g_io_stream_is_closed (self->base))
    g_io_stream_close (self->base, NULL, NULL);
  if (self->holding)
    {
      GSource *release = g_idle_source_new ();

      /* Later: whoever called us may still be using it. */
      self->holding = FALSE;
      g_source_set_callback (release, release_cb, self, NULL);
      g_source_attach (release, g_main_context_get_thread_default ());
      g_source_unref (release);
    }
}

static gboolean
on_linger_cb (gpointer user_data)
{
  HeartsNetPeer *self = user_data;

  g_clear_pointer (&self->linger_source, g_source_unref);
  shut (self);
  return G_SOURCE_REMOVE;
}

static gboolean on_writable_cb (GObject *stream,
                                gpointer user_data);

static void
flush (HeartsNetPeer *self)
{
  GBytes *bytes;

  while ((bytes = g_queue_peek_head (&self->queue)) != NULL)
    {
      g_autoptr(GError) error = NULL;
      gsize         size;
      const guint8 *data = g_bytes_get_data (bytes, &size);
      gssize        n;

      n = g_pollable_output_stream_write_nonblocking (self->out, data + self->offset, size - self->offset, NULL,
                                                      &error);
      if (n < 0)
        {
          if (g_error_matches (error, G_IO_ERROR, G_IO_ERROR_WOULD_BLOCK))
            {
              if (self->out_source == NULL)
                {
                  self->out_source = g_pollable_output_stream_create_source (self->out, NULL);
                  g_source_set_callback (self->out_source, G_SOURCE_FUNC (on_writable_cb), self, NULL);
                  g_source_attach (self->out_source, g_main_context_get_thread_default ());
                }
              return;
            }
          if (self->closed)
            shut (self);
          else
            hearts_net_peer_close (self, HEARTS_NET_BYE_CLOSED, error->message, 0, FALSE);
          return;
        }
      self->offset += n;
      if (self->offset == size)
        {
          g_bytes_unref (g_queue_pop_head (&self->queue));
          self->queued -= size;
          self->offset = 0;
        }
    }
  clear_source (&self->out_source);
  if (self->lingering)
    shut (self);
}

static gboolean
on_writable_cb (GObject *stream,
                gpointer user_data)
{
  HeartsNetPeer *self = user_data;

  /* flush() makes a new source when it needs one. */
  g_clear_pointer (&self->out_source, g_source_unref);
  g_object_ref (self);
  flush (self);
  g_object_unref (self);
  return G_SOURCE_REMOVE;
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

/* Reads what there is; FALSE once closed. */
static gboolean
read_some (HeartsNetPeer *self)
{
  for (guint i = 0; i < READS_PER_TURN && !self->closed; i++)
    {
      g_autoptr(GError) error = NULL;
      gssize n;

      if (self->got < HEARTS_NET_HEADER_SIZE)
        n = g_pollable_input_stream_read_nonblocking (self->in, self->header + self->got,
                                                      HEARTS_NET_HEADER_SIZE - self->got, NULL, &error);
      else
        n = g_pollable_input_stream_read_nonblocking (self->in, self->body + (self->got - HEARTS_NET_HEADER_SIZE),
                                                      self->need - (self->got - HEARTS_NET_HEADER_SIZE), NULL, &error);
      if (n < 0 && g_error_matches (error, G_IO_ERROR, G_IO_ERROR_WOULD_BLOCK))
        return TRUE;
      if (n <= 0)
        {
          hearts_net_peer_close (self, HEARTS_NET_BYE_CLOSED, n < 0 ? error->message : "the connection was closed", 0,
                                 FALSE);
          return FALSE;
        }

      self->got += n;
      if (self->got == HEARTS_NET_HEADER_SIZE)
        {
          guint32 length = (guint32) self->header[0] << 24 | (guint32) self->header[1] << 16 |
                           (guint32) self->header[2] << 8 | self->header[3];

          /* Refused before a byte more is read or a byte is allocated for it. */
          if (length == 0 || length > HEARTS_NET_MAX_MESSAGE)
            {
              hearts_net_peer_close (self, HEARTS_NET_BYE_PROTOCOL, "a message longer than any message", 0, TRUE);
              return FALSE;
            }
          self->need = length - 1;
          self->body = self->need > 0 ? g_malloc (self->need) : NULL;
        }
      if (self->got >= HEARTS_NET_HEADER_SIZE && self->got == HEARTS_NET_HEADER_SIZE + self->need)
        message_read (self);
    }
  return !self->closed;
}

static gboolean
on_readable_cb (GObject *stream,
                gpointer user_data)
{
  HeartsNetPeer *self = user_data;
  gboolean       more;

  /* A handler of ::message may drop the last reference elsewhere. */
  g_object_ref (self);
  more = read_some (self);
  g_object_unref (self);
  return more ? G_SOURCE_CONTINUE : G_SOURCE_REMOVE;
}

static void arm_idle (HeartsNetPeer *self,
                      guint          ms);

static gboolean
on_idle_cb (gpointer user_data)
{
  HeartsNetPeer *self = user_data;
  gint64         silent_ms = (g_get_monotonic_time () - self->last_heard) / 1000;

  g_clear_pointer (&self->idle_source, g_source_unref);
  if (silent_ms >= self->idle_ms)
    hearts_net_peer_close (self, HEARTS_NET_BYE_TIMEOUT, "nothing heard within the deadline", 0, TRUE);
  else
    arm_idle (self, self->idle_ms - silent_ms);
  return G_SOURCE_REMOVE;
}

/* One timer per connection, moved on only when it fires: a message costs no timer. */
static void
arm_idle (HeartsNetPeer *self,
          guint          ms)
{
  clear_source (&self->idle_source);
  if (self->idle_ms == 0 || self->closed)
    return;
  self->idle_source = g_timeout_source_new (ms);
  g_source_set_callback (self->idle_source, on_idle_cb, self, NULL);
  g_source_attach (self->idle_source, g_main_context_get_thread_default ());
}

static void
hearts_net_peer_dispose (GObject *object)
{
  HeartsNetPeer *self = HEARTS_NET_PEER (object);

  shut (self);
  self->closed = TRUE;
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
hearts_net_peer_new (GIOStream  *stream,
                     GIOStream  *base,
                     const char *address)
{
  HeartsNetPeer *self;

  g_return_val_if_fail (G_IS_IO_STREAM (stream), NULL);
  g_return_val_if_fail (G_IS_POLLABLE_INPUT_STREAM (g_io_stream_get_input_stream (stream)), NULL);
  g_return_val_if_fail (G_IS_POLLABLE_OUTPUT_STREAM (g_io_stream_get_output_stream (stream)), NULL);

  self = g_object_new (HEARTS_TYPE_NET_PEER, NULL);
  self->stream = g_object_ref (stream);
  self->base = g_object_ref (base != NULL ? base : stream);
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
  if (self->started)
    arm_idle (self, idle_ms);
}

void
hearts_net_peer_start (HeartsNetPeer *self)
{
  g_return_if_fail (HEARTS_IS_NET_PEER (self));

  if (self->started || self->closed)
    return;
  self->started = TRUE;
  self->in_source = g_pollable_input_stream_create_source (self->in, NULL);
  g_source_set_callback (self->in_source, G_SOURCE_FUNC (on_readable_cb), self, NULL);
  g_source_attach (self->in_source, g_main_context_get_thread_default ());
  self->last_heard = g_get_monotonic_time ();
  arm_idle (self, self->idle_ms);
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

void
hearts_net_peer_send_message (HeartsNetPeer *self,
                              GBytes        *message)
{
  gsize size;

  g_return_if_fail (HEARTS_IS_NET_PEER (self));

  if (self->closed)
    return;
  size = g_bytes_get_size (message);
  /* The other side does not read what it is sent: it is dropped rather than kept. */
  if (self->queued + size > self->max_queued)
    {
      hearts_net_peer_close (self, HEARTS_NET_BYE_NOT_READING, "it did not read what it was sent", 0, FALSE);
      return;
    }
  g_queue_push_tail (&self->queue, g_bytes_ref (message));
  self->queued += size;
  if (self->out_source == NULL)
    flush (self);
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

  if (self->closed)
    return;

  text = g_utf8_make_valid (detail != NULL ? detail : "", -1);
  if (strlen (text) > HEARTS_NET_MAX_DETAIL)
    *g_utf8_find_prev_char (text, text + HEARTS_NET_MAX_DETAIL) = '\0';
  if (say_bye)
    hearts_net_peer_send (self, HEARTS_NET_BYE, g_variant_new ("(ysu)", (guint8) reason, text, (guint32) retry_ms));

  g_object_ref (self);
  self->closed = TRUE;
  clear_source (&self->in_source);
  clear_source (&self->idle_source);
  if (g_queue_is_empty (&self->queue))
    shut (self);
  else
    {
      self->lingering = TRUE;
      self->holding = TRUE;
      g_object_ref (self);
      self->linger_source = g_timeout_source_new (LINGER_MS);
      g_source_set_callback (self->linger_source, on_linger_cb, self, NULL);
      g_source_attach (self->linger_source, g_main_context_get_thread_default ());
    }
  g_signal_emit (self, signals[CLOSED], 0, (guint) reason, text);
  g_object_unref (self);
}

gboolean
hearts_net_peer_is_closed (HeartsNetPeer *self)
{
  g_return_val_if_fail (HEARTS_IS_NET_PEER (self), TRUE);
  return self->closed;
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
