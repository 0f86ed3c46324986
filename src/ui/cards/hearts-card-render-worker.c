/* hearts-card-render-worker.c: rendering the rest of a size in a thread, and keeping a
 * complete size on disk
 *
 * A frame renders only the pictures no size has yet; the rest of the size used last is
 * rendered by a worker once the frame is out, one fill at a time per theme, and handed back
 * to the main thread, where ::changed asks for a redraw. A new size while another can stand
 * in for it is a resize, which passes through a size a frame: its fill waits until no newer
 * size has come for settle_ms, rather than render sizes that are gone before they are
 * complete. Once a size is complete, the size drawn scaled meanwhile goes, and the complete
 * one is written to disk in another worker (hearts-deck-cache.h).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include "hearts-card-theme-private.h"
#include "hearts-deck-cache.h"

/* The pictures a worker renders for one size, handed back to the main thread. */
typedef struct
{
  int              width;
  int              scale;
  guint64          missing; /* bit per picture index */
  cairo_surface_t *surfaces[HEARTS_CARD_N_PICTURES];
} Fill;

/* A complete deck on its way to the disk. */
typedef struct
{
  char               *path;
  HeartsDeckCacheInfo info;
  cairo_surface_t    *surfaces[HEARTS_CARD_N_PICTURES];
} Keep;

static void start_fill (HeartsCardTheme *self);

/* Workers still running anywhere: a process must not exit while one renders (librsvg
 * and cairo are torn down under it). */
static GMutex workers_mutex;
static GCond  workers_cond;
static guint  n_workers;
static gint   workers_stopping;

static void
worker_begin (void)
{
  g_mutex_lock (&workers_mutex);
  n_workers++;
  g_mutex_unlock (&workers_mutex);
}

static void
worker_end (void)
{
  g_mutex_lock (&workers_mutex);
  n_workers--;
  g_cond_broadcast (&workers_cond);
  g_mutex_unlock (&workers_mutex);
}

static void
fill_free (Fill *fill)
{
  for (guint i = 0; i < HEARTS_CARD_N_PICTURES; i++)
    g_clear_pointer (&fill->surfaces[i], cairo_surface_destroy);
  g_free (fill);
}

static void
keep_free (Keep *keep)
{
  for (guint i = 0; i < HEARTS_CARD_N_PICTURES; i++)
    g_clear_pointer (&keep->surfaces[i], cairo_surface_destroy);
  g_free (keep->path);
  g_free (keep);
}

static void
fill_thread (GTask        *task,
             gpointer      source_object,
             gpointer      task_data,
             GCancellable *cancellable)
{
  HeartsCardTheme *self = source_object;
  Fill            *fill = task_data;

  for (guint i = 0; i < HEARTS_CARD_N_PICTURES; i++)
    {
      if (g_cancellable_is_cancelled (cancellable) || g_atomic_int_get (&workers_stopping))
        break;
      if (fill->missing & (G_GUINT64_CONSTANT (1) << i))
        fill->surfaces[i] = _hearts_card_theme_render_picture (self, i, fill->width, fill->scale);
    }

  worker_end ();
  g_task_return_boolean (task, TRUE);
}

static void
keep_thread (GTask        *task,
             gpointer      source_object,
             gpointer      task_data,
             GCancellable *cancellable)
{
  Keep *keep = task_data;
  g_autoptr(GError) error = NULL;

  /* Not kept is only slower next time: no message for a read-only or full disk. */
  if (!g_atomic_int_get (&workers_stopping) &&
      !hearts_deck_cache_write (keep->path, &keep->info, HEARTS_CARD_N_PICTURES, keep->surfaces, &error))
    g_debug ("The deck was not kept in %s: %s", keep->path, error->message);

  worker_end ();
  g_task_return_boolean (task, TRUE);
}

static void
on_fill_done (GObject      *object,
              GAsyncResult *result,
              gpointer      user_data)
{
  HeartsCardTheme *self = HEARTS_CARD_THEME (object);
  Fill            *fill = g_task_get_task_data (G_TASK (result));
  GCancellable    *cancellable = g_task_get_cancellable (G_TASK (result));
  HeartsCardSize  *size;
  gboolean         complete = TRUE;

  if (g_cancellable_is_cancelled (cancellable))
    return;
  g_clear_object (&self->fill_cancellable);

  size = hearts_card_size_cache_lookup (self->sizes, fill->width, fill->scale);
  if (size != NULL)
    {
      for (guint i = 0; i < HEARTS_CARD_N_PICTURES; i++)
        {
          if (size->surfaces[i] == NULL)
            size->surfaces[i] = g_steal_pointer (&fill->surfaces[i]);
          complete &= size->surfaces[i] != NULL;
        }
      /* The whole deck is here: the size drawn scaled meanwhile is not needed any more. */
      if (complete)
        {
          hearts_card_size_cache_keep_only (self->sizes, size);
          _hearts_card_theme_keep_deck (self, size);
        }
    }

  _hearts_card_theme_emit_changed (self);
  start_fill (self);
}

/* Renders in a worker what the size used last lacks, one fill at a time. */
static void
start_fill (HeartsCardTheme *self)
{
  g_autoptr(GTask) task = NULL;
  HeartsCardSize *latest;
  Fill           *fill;

  if (self->fill_cancellable != NULL)
    return;

  latest = hearts_card_size_cache_latest (self->sizes);
  if (latest == NULL)
    return;

  fill = g_new0 (Fill, 1);
  fill->width = latest->width;
  fill->scale = latest->scale;
  for (guint i = 0; i < HEARTS_CARD_N_PICTURES; i++)
    if (latest->surfaces[i] == NULL)
      fill->missing |= G_GUINT64_CONSTANT (1) << i;
  if (fill->missing == 0)
    {
      fill_free (fill);
      return;
    }

  self->fill_cancellable = g_cancellable_new ();
  self->fill_width = fill->width;
  self->fill_scale = fill->scale;
  task = g_task_new (self, self->fill_cancellable, on_fill_done, NULL);
  g_task_set_source_tag (task, start_fill);
  worker_begin ();
  g_task_set_task_data (task, fill, (GDestroyNotify) fill_free);
  g_task_run_in_thread (task, fill_thread);
}

static gboolean
start_fill_idle (gpointer user_data)
{
  HeartsCardTheme *self = user_data;

  self->fill_idle_id = 0;
  self->fill_settling = FALSE;
  start_fill (self);

  return G_SOURCE_REMOVE;
}

/* After the frame being drawn, so that the worker does not compete with it. */
void
_hearts_card_theme_schedule_fill (HeartsCardTheme *self,
                                  gboolean         resizing)
{
  if (resizing)
    {
      g_clear_handle_id (&self->fill_idle_id, g_source_remove);
      self->fill_idle_id = g_timeout_add (self->settle_ms, start_fill_idle, self);
      self->fill_settling = TRUE;
    }
  else if (self->fill_idle_id == 0)
    self->fill_idle_id = g_idle_add_full (G_PRIORITY_LOW, start_fill_idle, self, NULL);
}

void
_hearts_card_theme_cancel_fill (HeartsCardTheme *self)
{
  g_cancellable_cancel (self->fill_cancellable);
  g_clear_object (&self->fill_cancellable);
}

void
_hearts_card_theme_drop_lost_fill (HeartsCardTheme *self)
{
  /* Its fill is for nobody now. */
  if (self->fill_cancellable != NULL &&
      hearts_card_size_cache_lookup (self->sizes, self->fill_width, self->fill_scale) == NULL)
    _hearts_card_theme_cancel_fill (self);
}

/* The pictures cannot change while the worker writes them: they are only ever replaced. */
void
_hearts_card_theme_keep_deck (HeartsCardTheme *self,
                              HeartsCardSize  *size)
{
  g_autoptr(GTask) task = NULL;
  Keep *keep;

  if (self->cache_path == NULL || (size->width == self->disk_width && size->scale == self->disk_scale))
    return;

  keep = g_new0 (Keep, 1);
  keep->path = g_strdup (self->cache_path);
  keep->info.doc_width = self->doc_width;
  keep->info.doc_height = self->doc_height;
  keep->info.width = self->disk_width = size->width;
  keep->info.height = hearts_card_theme_get_height_for_width (self, size->width);
  keep->info.scale = self->disk_scale = size->scale;
  for (guint i = 0; i < HEARTS_CARD_N_PICTURES; i++)
    keep->surfaces[i] = cairo_surface_reference (size->surfaces[i]);

  task = g_task_new (NULL, NULL, NULL, NULL);
  g_task_set_source_tag (task, _hearts_card_theme_keep_deck);
  g_task_set_task_data (task, keep, (GDestroyNotify) keep_free);
  worker_begin ();
  g_task_run_in_thread (task, keep_thread);
}

void
_hearts_card_theme_set_settle_ms (HeartsCardTheme *self,
                                  guint            settle_ms)
{
  self->settle_ms = settle_ms;
  if (self->fill_settling)
    {
      g_clear_handle_id (&self->fill_idle_id, g_source_remove);
      self->fill_idle_id = g_timeout_add (self->settle_ms, start_fill_idle, self);
    }
}

void
_hearts_card_theme_wait_workers (void)
{
  g_mutex_lock (&workers_mutex);
  while (n_workers > 0)
    g_cond_wait (&workers_cond, &workers_mutex);
  g_mutex_unlock (&workers_mutex);
}

/**
 * hearts_card_theme_stop_workers:
 *
 * Stops every theme's rendering in threads and waits until none runs: call it before
 * the process ends. Themes filled afterwards render in their frames only.
 */
void
hearts_card_theme_stop_workers (void)
{
  g_atomic_int_set (&workers_stopping, TRUE);
  _hearts_card_theme_wait_workers ();
}
