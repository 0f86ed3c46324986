/* hearts-net-poller.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib-unix.h>

#ifdef HAVE_EPOLL
#include <errno.h>
#include <sys/epoll.h>
#include <unistd.h>
#endif

#include "hearts-net-poller.h"

struct _HeartsNetWatch
{
  int                fd;
  GIOCondition       condition;
  HeartsNetWatchFunc func;
  gpointer           user_data;
  gboolean           dead;
  gboolean           again;
  GIOCondition       again_condition;
#ifndef HAVE_EPOLL
  GSource *source;
#endif
};

typedef struct
{
  GSource    source;
  gpointer   tag;
  int        epfd;
  GPtrArray *again; /* HeartsNetWatch, to call once more */
  GPtrArray *dead;  /* HeartsNetWatch, freed after the dispatch */
  gboolean   dispatching;
} Poller;

static Poller       *poller;
static GMainContext *poller_context;

static void
watch_destroy (HeartsNetWatch *watch)
{
#ifndef HAVE_EPOLL
  if (watch->source != NULL)
    {
      g_source_destroy (watch->source);
      g_source_unref (watch->source);
    }
#endif
  g_free (watch);
}

static void
call (HeartsNetWatch *watch,
      GIOCondition    condition)
{
  if (watch->dead)
    return;
  if (!watch->func (watch->user_data, condition))
    hearts_net_watch_free (watch);
}

#ifdef HAVE_EPOLL

#define MAX_EVENTS 256

static guint32
to_epoll (GIOCondition condition)
{
  return (condition & G_IO_IN ? EPOLLIN : 0) | (condition & G_IO_OUT ? EPOLLOUT : 0);
}

static GIOCondition
from_epoll (guint32 events)
{
  return (events & EPOLLIN ? G_IO_IN : 0) | (events & EPOLLOUT ? G_IO_OUT : 0) | (events & EPOLLHUP ? G_IO_HUP : 0) |
         (events & EPOLLERR ? G_IO_ERR : 0);
}

static gboolean
poller_check (GSource *source)
{
  Poller *self = (Poller *) source;

  return self->again->len > 0 || g_source_query_unix_fd (source, self->tag) != 0;
}

static gboolean
poller_dispatch (GSource    *source,
                 GSourceFunc callback,
                 gpointer    user_data)
{
  Poller            *self = (Poller *) source;
  struct epoll_event events[MAX_EVENTS];
  g_autoptr(GPtrArray) again = NULL;
  int n;

  self->dispatching = TRUE;
  n = epoll_wait (self->epfd, events, MAX_EVENTS, 0);
  for (int i = 0; i < n; i++)
    call (events[i].data.ptr, from_epoll (events[i].events));

  /* What asked to be called again, once each; what asks during these calls (a write
   * queued by a read) is called in this turn too, a few rounds at most. */
  for (guint round = 0; round < 4 && self->again->len > 0; round++)
    {
      again = g_steal_pointer (&self->again);
      self->again = g_ptr_array_new ();
      for (guint i = 0; i < again->len; i++)
        {
          HeartsNetWatch *watch = g_ptr_array_index (again, i);
          GIOCondition    condition = watch->again_condition;

          watch->again = FALSE;
          watch->again_condition = 0;
          call (watch, condition);
        }
      g_clear_pointer (&again, g_ptr_array_unref);
    }
  self->dispatching = FALSE;
  g_ptr_array_set_size (self->dead, 0);
  if (self->again->len > 0)
    g_source_set_ready_time (source, 0);
  else
    g_source_set_ready_time (source, -1);
  return G_SOURCE_CONTINUE;
}

static GSourceFuncs poller_funcs = { NULL, poller_check, poller_dispatch, NULL, NULL, NULL };

static Poller *
get_poller (void)
{
  GMainContext *context = g_main_context_ref_thread_default ();

  if (poller == NULL)
    {
      poller = (Poller *) g_source_new (&poller_funcs, sizeof (Poller));
      poller->epfd = epoll_create1 (EPOLL_CLOEXEC);
      if (poller->epfd < 0)
        g_error ("epoll_create1: %s", g_strerror (errno));
      poller->tag = g_source_add_unix_fd ((GSource *) poller, poller->epfd, G_IO_IN);
      poller->again = g_ptr_array_new ();
      poller->dead = g_ptr_array_new_with_free_func ((GDestroyNotify) watch_destroy);
      g_source_set_static_name ((GSource *) poller, "hearts-net-poller");
      g_source_attach ((GSource *) poller, context);
      poller_context = context;
    }
  /* One thread's loop only. */
  g_assert (context == poller_context);
  g_main_context_unref (context);
  return poller;
}

HeartsNetWatch *
hearts_net_watch_new (int                fd,
                      GIOCondition       condition,
                      HeartsNetWatchFunc func,
                      gpointer           user_data)
{
  Poller            *self = get_poller ();
  HeartsNetWatch    *watch = g_new0 (HeartsNetWatch, 1);
  struct epoll_event event = { 0 };

  watch->fd = fd;
  watch->condition = condition;
  watch->func = func;
  watch->user_data = user_data;
  event.events = to_epoll (condition);
  event.data.ptr = watch;
  if (epoll_ctl (self->epfd, EPOLL_CTL_ADD, fd, &event) != 0)
    g_error ("epoll_ctl: %s", g_strerror (errno));
  return watch;
}

void
hearts_net_watch_set_condition (HeartsNetWatch *watch,
                                GIOCondition    condition)
{
  struct epoll_event event = { 0 };

  if (watch->condition == condition || watch->dead)
    return;
  watch->condition = condition;
  event.events = to_epoll (condition);
  event.data.ptr = watch;
  epoll_ctl (get_poller ()->epfd, EPOLL_CTL_MOD, watch->fd, &event);
}

void
hearts_net_watch_again (HeartsNetWatch *watch,
                        GIOCondition    condition)
{
  Poller *self = get_poller ();

  if (watch->dead)
    return;
  watch->again_condition |= condition;
  if (watch->again)
    return;
  watch->again = TRUE;
  g_ptr_array_add (self->again, watch);
  g_source_set_ready_time ((GSource *) self, 0);
}

void
hearts_net_watch_free (HeartsNetWatch *watch)
{
  Poller *self = get_poller ();

  if (watch == NULL || watch->dead)
    return;
  watch->dead = TRUE;
  epoll_ctl (self->epfd, EPOLL_CTL_DEL, watch->fd, NULL);
  if (watch->again)
    g_ptr_array_remove (self->again, watch);
  /* Events of this dispatch may still name it. */
  if (self->dispatching)
    g_ptr_array_add (self->dead, watch);
  else
    watch_destroy (watch);
}

#else /* !HAVE_EPOLL: a GLib source each */

static gboolean
on_fd_cb (int          fd,
          GIOCondition condition,
          gpointer     user_data)
{
  HeartsNetWatch *watch = user_data;

  g_source_ref (watch->source);
  call (watch, condition);
  g_source_unref (watch->source);
  return G_SOURCE_CONTINUE;
}

static void
attach (HeartsNetWatch *watch)
{
  watch->source = g_unix_fd_source_new (watch->fd, watch->condition | G_IO_HUP | G_IO_ERR);
  g_source_set_callback (watch->source, G_SOURCE_FUNC (on_fd_cb), watch, NULL);
  g_source_attach (watch->source, g_main_context_get_thread_default ());
}

HeartsNetWatch *
hearts_net_watch_new (int                fd,
                      GIOCondition       condition,
                      HeartsNetWatchFunc func,
                      gpointer           user_data)
{
  HeartsNetWatch *watch = g_new0 (HeartsNetWatch, 1);

  watch->fd = fd;
  watch->condition = condition;
  watch->func = func;
  watch->user_data = user_data;
  attach (watch);
  return watch;
}

void
hearts_net_watch_set_condition (HeartsNetWatch *watch,
                                GIOCondition    condition)
{
  if (watch->condition == condition || watch->dead)
    return;
  watch->condition = condition;
  g_source_destroy (watch->source);
  g_source_unref (watch->source);
  attach (watch);
}

static gboolean
again_cb (gpointer user_data)
{
  HeartsNetWatch *watch = user_data;
  GIOCondition    condition = watch->again_condition;

  watch->again = FALSE;
  watch->again_condition = 0;
  call (watch, condition);
  return G_SOURCE_REMOVE;
}

void
hearts_net_watch_again (HeartsNetWatch *watch,
                        GIOCondition    condition)
{
  if (watch->dead)
    return;
  watch->again_condition |= condition;
  if (watch->again)
    return;
  watch->again = TRUE;
  g_idle_add_full (G_PRIORITY_DEFAULT, again_cb, watch, NULL);
}

void
hearts_net_watch_free (HeartsNetWatch *watch)
{
  if (watch == NULL || watch->dead)
    return;
  watch->dead = TRUE;
  if (watch->again)
    g_idle_remove_by_data (watch);
  g_source_destroy (watch->source);
  /* Freed once its source is done with it. */
  g_idle_add_full (G_PRIORITY_LOW, (GSourceFunc) G_CALLBACK (watch_destroy), watch, NULL);
}

#endif

GIOCondition
hearts_net_watch_get_condition (HeartsNetWatch *watch)
{
  return watch->condition;
}

/* Ticks */

typedef struct
{
  guint             id;
  HeartsNetTickFunc func;
  gpointer          user_data;
} Tick;

static GArray *ticks;
static guint   tick_source;
static guint   last_tick_id;

static gboolean
on_tick_cb (gpointer user_data)
{
  gint64 now = g_get_monotonic_time ();
  g_autoptr(GArray) now_ticking = g_array_copy (ticks);

  /* A copy: a function may add or remove ticks. Those removed meanwhile are skipped. */
  for (guint i = 0; i < now_ticking->len; i++)
    {
      Tick    *tick = &g_array_index (now_ticking, Tick, i);
      gboolean still = FALSE;

      for (guint j = 0; j < ticks->len && !still; j++)
        still = g_array_index (ticks, Tick, j).id == tick->id;
      if (still)
        tick->func (tick->user_data, now);
    }
  if (ticks->len == 0)
    {
      tick_source = 0;
      return G_SOURCE_REMOVE;
    }
  return G_SOURCE_CONTINUE;
}

guint
hearts_net_tick_add (HeartsNetTickFunc func,
                     gpointer          user_data)
{
  Tick tick = { ++last_tick_id, func, user_data };

  if (ticks == NULL)
    ticks = g_array_new (FALSE, FALSE, sizeof (Tick));
  g_array_append_val (ticks, tick);
  if (tick_source == 0)
    tick_source = g_timeout_add (HEARTS_NET_TICK_MS, on_tick_cb, NULL);
  return tick.id;
}

void
hearts_net_tick_remove (guint id)
{
  for (guint i = 0; ticks != NULL && i < ticks->len; i++)
    if (g_array_index (ticks, Tick, i).id == id)
      {
        g_array_remove_index (ticks, i);
        return;
      }
}
