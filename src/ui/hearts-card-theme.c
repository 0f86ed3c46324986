/* hearts-card-theme.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>
#include <librsvg/rsvg.h>

#include "hearts-card-theme-private.h"
#include "hearts-resources.h"

#define N_COLUMNS   13
#define N_ROWS      5
#define N_PICTURES  53   /* 52 faces and the back */
#define BACK_INDEX  52
/* Sizes kept at once: the hand, the trick and the backs may differ, and a resize
 * prerenders one more. */
#define MAX_SIZES   4

typedef struct
{
  int         width;
  int         scale;
  guint64     last_used;
  GdkTexture *textures[N_PICTURES];
} SizeCache;

struct _HeartsCardTheme
{
  GObject      parent_instance;

  char        *id;
  char        *name;
  RsvgHandle  *handle;
  double       doc_width;    /* the document at its own size, in pixels */
  double       doc_height;
  gboolean     warned;       /* about a card that would not draw */

  /* The handle renders from one thread at a time; the cache has its own lock so that
   * a lookup never waits for a render. */
  GMutex       render_lock;
  GMutex       cache_lock;
  SizeCache   *sizes[MAX_SIZES];
  guint64      clock;
};

G_DEFINE_FINAL_TYPE (HeartsCardTheme, hearts_card_theme, G_TYPE_OBJECT)
G_DEFINE_QUARK (hearts-card-theme-error-quark, hearts_card_theme_error)

enum {
  PROP_0,
  PROP_ID,
  PROP_NAME,
  PROP_ASPECT,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

/* Aisleriot's rows, by HeartsSuit (clubs, diamonds, spades, hearts). */
static const guint suit_rows[HEARTS_N_SUITS] = { 0, 1, 3, 2 };
static const char * const suit_names[HEARTS_N_SUITS] = { "club", "diamond", "spade", "heart" };
static const char * const rank_names[HEARTS_N_RANKS] = {
  "2", "3", "4", "5", "6", "7", "8", "9", "10", "jack", "queen", "king", "1"
};

static guint
picture_index (HeartsCard card)
{
  if (card == HEARTS_NO_CARD)
    return BACK_INDEX;

  return HEARTS_CARD_SUIT (card) * HEARTS_N_RANKS + HEARTS_CARD_RANK (card);
}

/* The element id and grid cell of a picture. */
static void
picture_place (guint  index,
               char  *id,
               gsize  id_size,
               guint *column,
               guint *row)
{
  if (index == BACK_INDEX)
    {
      g_strlcpy (id, "#back", id_size);
      *column = 2;
      *row = 4;
      return;
    }

  guint suit = index / HEARTS_N_RANKS;
  guint rank = index % HEARTS_N_RANKS;

  g_snprintf (id, id_size, "#%s_%s", suit_names[suit], rank_names[rank]);
  /* The ace comes first in its row. */
  *column = (rank + 1) % HEARTS_N_RANKS;
  *row = suit_rows[suit];
}

static void
size_cache_free (SizeCache *cache)
{
  for (guint i = 0; i < N_PICTURES; i++)
    g_clear_object (&cache->textures[i]);
  g_free (cache);
}

/* Called with cache_lock held. Finds the cache for a size; with @create, makes room for
 * it by dropping the size least recently asked for. Only the main thread creates, so that
 * a texture it was handed stays alive until its next call. */
static SizeCache *
get_size_cache (HeartsCardTheme *self,
                int              width,
                int              scale,
                gboolean         create)
{
  SizeCache **slot = &self->sizes[0];

  for (guint i = 0; i < MAX_SIZES; i++)
    {
      SizeCache *cache = self->sizes[i];

      if (cache != NULL && cache->width == width && cache->scale == scale)
        {
          cache->last_used = ++self->clock;
          return cache;
        }
      if (*slot != NULL && (cache == NULL || cache->last_used < (*slot)->last_used))
        slot = &self->sizes[i];
    }

  if (!create)
    return NULL;

  g_clear_pointer (slot, size_cache_free);
  *slot = g_new0 (SizeCache, 1);
  (*slot)->width = width;
  (*slot)->scale = scale;
  (*slot)->last_used = ++self->clock;

  return *slot;
}

static GdkTexture *
texture_from_surface (cairo_surface_t *surface)
{
  g_autoptr(GBytes) bytes = NULL;
  int width = cairo_image_surface_get_width (surface);
  int height = cairo_image_surface_get_height (surface);
  int stride = cairo_image_surface_get_stride (surface);

  cairo_surface_flush (surface);
  /* The bytes keep the surface alive; cairo's ARGB32 is GDK_MEMORY_DEFAULT. */
  bytes = g_bytes_new_with_free_func (cairo_image_surface_get_data (surface),
                                      (gsize) stride * height,
                                      (GDestroyNotify) cairo_surface_destroy,
                                      cairo_surface_reference (surface));

  return gdk_memory_texture_new (width, height, GDK_MEMORY_DEFAULT, bytes, stride);
}

/* Renders one picture; any thread. The card is placed by its grid cell, not by the ink of
 * its element: some themes draw outside their cell or leave a margin in it. */
static GdkTexture *
render_picture (HeartsCardTheme *self,
                guint            index,
                int              width,
                int              scale)
{
  g_autoptr(GError) error = NULL;
  cairo_surface_t *surface;
  cairo_t *cr;
  RsvgRectangle viewport = { 0, 0, self->doc_width, self->doc_height };
  double cell_width = self->doc_width / N_COLUMNS;
  double cell_height = self->doc_height / N_ROWS;
  int pixel_width = width * scale;
  int pixel_height = hearts_card_theme_get_height_for_width (self, width) * scale;
  guint column, row;
  char id[32];
  GdkTexture *texture;

  picture_place (index, id, sizeof id, &column, &row);

  surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, pixel_width, pixel_height);
  cr = cairo_create (surface);
  /* The height is rounded to whole pixels: stretch by that fraction of a pixel rather than
   * cut the card's edge. */
  cairo_scale (cr, pixel_width / cell_width, pixel_height / cell_height);
  cairo_translate (cr, -(double) column * cell_width, -(double) row * cell_height);

  g_mutex_lock (&self->render_lock);
  if (!rsvg_handle_render_layer (self->handle, cr, id, &viewport, &error) && !self->warned)
    {
      /* Once: the same fault would repeat for every card and size. */
      g_warning ("Card theme %s: cannot draw %s at %d×%d: %s",
                 self->id, id + 1, pixel_width, pixel_height, error->message);
      self->warned = TRUE;
    }
  g_mutex_unlock (&self->render_lock);

  cairo_destroy (cr);
  texture = texture_from_surface (surface);
  cairo_surface_destroy (surface);

  return texture;
}

static void
hearts_card_theme_finalize (GObject *object)
{
  HeartsCardTheme *self = (HeartsCardTheme *)object;

  for (guint i = 0; i < MAX_SIZES; i++)
    g_clear_pointer (&self->sizes[i], size_cache_free);
  g_clear_object (&self->handle);
  g_clear_pointer (&self->id, g_free);
  g_clear_pointer (&self->name, g_free);
  g_mutex_clear (&self->render_lock);
  g_mutex_clear (&self->cache_lock);

  G_OBJECT_CLASS (hearts_card_theme_parent_class)->finalize (object);
}

static void
hearts_card_theme_get_property (GObject    *object,
                                guint       prop_id,
                                GValue     *value,
                                GParamSpec *pspec)
{
  HeartsCardTheme *self = HEARTS_CARD_THEME (object);

  switch (prop_id)
    {
    case PROP_ID:
      g_value_set_string (value, self->id);
      break;

    case PROP_NAME:
      g_value_set_string (value, self->name);
      break;

    case PROP_ASPECT:
      g_value_set_double (value, hearts_card_theme_get_aspect (self));
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
hearts_card_theme_class_init (HeartsCardThemeClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->finalize = hearts_card_theme_finalize;
  object_class->get_property = hearts_card_theme_get_property;

  properties[PROP_ID] =
    g_param_spec_string ("id", NULL, NULL,
                         NULL,
                         G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);

  properties[PROP_NAME] =
    g_param_spec_string ("name", NULL, NULL,
                         NULL,
                         G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);

  properties[PROP_ASPECT] =
    g_param_spec_double ("aspect", NULL, NULL,
                         0.0, G_MAXDOUBLE, 1.0,
                         G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);

  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
hearts_card_theme_init (HeartsCardTheme *self)
{
  g_mutex_init (&self->render_lock);
  g_mutex_init (&self->cache_lock);
}

static gboolean
document_size (RsvgHandle *handle,
               double     *width,
               double     *height)
{
  gboolean has_width, has_height, has_viewbox;
  RsvgLength length_width, length_height;
  RsvgRectangle viewbox;

  if (rsvg_handle_get_intrinsic_size_in_pixels (handle, width, height))
    return *width > 0 && *height > 0;

  /* Percentages or no size at all: the viewBox is the size. */
  rsvg_handle_get_intrinsic_dimensions (handle,
                                        &has_width, &length_width,
                                        &has_height, &length_height,
                                        &has_viewbox, &viewbox);
  if (!has_viewbox || viewbox.width <= 0 || viewbox.height <= 0)
    return FALSE;

  *width = viewbox.width;
  *height = viewbox.height;

  return TRUE;
}

static HeartsCardTheme *
card_theme_new (const char  *id,
                const char  *name,
                GFile       *file,
                GError     **error)
{
  g_autoptr(HeartsCardTheme) self = NULL;
  g_autoptr(GFileInputStream) stream = NULL;
  g_autofree char *uri = g_file_get_uri (file);

  self = g_object_new (HEARTS_TYPE_CARD_THEME, NULL);
  self->id = g_strdup (id);
  self->name = g_strdup (name);

  /* Opened here so that a missing file is G_IO_ERROR_NOT_FOUND; librsvg unpacks gzip
   * (.svgz) by itself when it reads from a stream. */
  stream = g_file_read (file, NULL, error);
  if (stream == NULL)
    return NULL;
  self->handle = rsvg_handle_new_from_stream_sync (G_INPUT_STREAM (stream), file,
                                                   RSVG_HANDLE_FLAGS_NONE, NULL, error);
  if (self->handle == NULL)
    return NULL;

  if (!document_size (self->handle, &self->doc_width, &self->doc_height))
    {
      g_set_error (error, HEARTS_CARD_THEME_ERROR, HEARTS_CARD_THEME_ERROR_INVALID,
                   "%s: the document has no size", uri);
      return NULL;
    }

  for (guint i = 0; i < N_PICTURES; i++)
    {
      guint column, row;
      char sub[32];

      picture_place (i, sub, sizeof sub, &column, &row);
      if (!rsvg_handle_has_sub (self->handle, sub))
        {
          g_set_error (error, HEARTS_CARD_THEME_ERROR, HEARTS_CARD_THEME_ERROR_INVALID,
                       "%s: no card %s", uri, sub + 1);
          return NULL;
        }
    }

  return g_steal_pointer (&self);
}

/**
 * hearts_card_theme_new_default:
 *
 * Our own deck, from the GResource.
 */
HeartsCardTheme *
hearts_card_theme_new_default (void)
{
  g_autoptr(GFile) file = NULL;
  g_autoptr(GError) error = NULL;
  HeartsCardTheme *self;

  /* Naming the resource links it in from the static library; its constructor registers it. */
  if (hearts_get_resource () == NULL)
    g_error ("The built-in resources are missing");
  file = g_file_new_for_uri (HEARTS_CARD_THEME_DEFAULT_URI);

  self = card_theme_new (HEARTS_CARD_THEME_DEFAULT_ID, C_("card theme", "Hearts"), file, &error);
  /* The deck is built into the program: failing to read it is a build bug. */
  if (self == NULL)
    g_error ("Cannot load the built-in card deck: %s", error->message);

  return self;
}

/**
 * hearts_card_theme_new_for_file:
 * @path: a file name, or a URI such as resource:///…
 *
 * Loads an Aisleriot-style theme, plain SVG or gzip-compressed SVGZ.
 */
HeartsCardTheme *
hearts_card_theme_new_for_file (const char  *path,
                                GError     **error)
{
  g_autoptr(GFile) file = NULL;
  g_autofree char *basename = NULL;
  g_autofree char *name = NULL;

  g_return_val_if_fail (path != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  if (g_strcmp0 (path, HEARTS_CARD_THEME_DEFAULT_URI) == 0)
    return hearts_card_theme_new_default ();

  file = g_file_new_for_commandline_arg (path);
  basename = g_file_get_basename (file);
  name = _hearts_card_theme_display_name (basename);

  return card_theme_new (basename, name, file, error);
}

const char *
hearts_card_theme_get_id (HeartsCardTheme *self)
{
  g_return_val_if_fail (HEARTS_IS_CARD_THEME (self), NULL);

  return self->id;
}

const char *
hearts_card_theme_get_name (HeartsCardTheme *self)
{
  g_return_val_if_fail (HEARTS_IS_CARD_THEME (self), NULL);

  return self->name;
}

double
hearts_card_theme_get_aspect (HeartsCardTheme *self)
{
  g_return_val_if_fail (HEARTS_IS_CARD_THEME (self), 1.0);

  return (self->doc_width / N_COLUMNS) / (self->doc_height / N_ROWS);
}

int
hearts_card_theme_get_height_for_width (HeartsCardTheme *self,
                                        int              width)
{
  g_return_val_if_fail (HEARTS_IS_CARD_THEME (self), 0);

  return MAX (1, (int) (width / hearts_card_theme_get_aspect (self) + 0.5));
}

GdkTexture *
hearts_card_theme_lookup_texture (HeartsCardTheme *self,
                                  HeartsCard       card,
                                  int              width,
                                  int              scale)
{
  GdkTexture *texture = NULL;
  SizeCache *cache;

  g_return_val_if_fail (HEARTS_IS_CARD_THEME (self), NULL);
  g_return_val_if_fail (card == HEARTS_NO_CARD || hearts_card_is_valid (card), NULL);

  g_mutex_lock (&self->cache_lock);
  cache = get_size_cache (self, width, scale, FALSE);
  if (cache != NULL)
    texture = cache->textures[picture_index (card)];
  g_mutex_unlock (&self->cache_lock);

  return texture;
}

/* Renders if needed and stores the texture. From a worker (@create FALSE) it renders only
 * into a size that the main thread made, and returns NULL once that size is dropped. */
static GdkTexture *
ensure_texture (HeartsCardTheme *self,
                guint            index,
                int              width,
                int              scale,
                gboolean         create)
{
  SizeCache *cache;
  GdkTexture *texture;

  g_mutex_lock (&self->cache_lock);
  cache = get_size_cache (self, width, scale, create);
  texture = cache != NULL ? cache->textures[index] : NULL;
  g_mutex_unlock (&self->cache_lock);

  if (texture != NULL || cache == NULL)
    return texture;

  texture = render_picture (self, index, width, scale);

  g_mutex_lock (&self->cache_lock);
  /* The size may have been dropped meanwhile, or the card rendered by the other thread. */
  cache = get_size_cache (self, width, scale, create);
  if (cache != NULL && cache->textures[index] == NULL)
    cache->textures[index] = texture;
  else
    g_object_unref (texture);
  texture = cache != NULL ? cache->textures[index] : NULL;
  g_mutex_unlock (&self->cache_lock);

  return texture;
}

/**
 * hearts_card_theme_get_texture:
 *
 * Returns: (transfer none): the picture of @card, @width logical pixels wide
 */
GdkTexture *
hearts_card_theme_get_texture (HeartsCardTheme *self,
                               HeartsCard       card,
                               int              width,
                               int              scale)
{
  g_return_val_if_fail (HEARTS_IS_CARD_THEME (self), NULL);
  g_return_val_if_fail (card == HEARTS_NO_CARD || hearts_card_is_valid (card), NULL);
  g_return_val_if_fail (width > 0 && scale > 0, NULL);

  return ensure_texture (self, picture_index (card), width, scale, TRUE);
}

void
hearts_card_theme_clear_cache (HeartsCardTheme *self)
{
  g_return_if_fail (HEARTS_IS_CARD_THEME (self));

  g_mutex_lock (&self->cache_lock);
  for (guint i = 0; i < MAX_SIZES; i++)
    g_clear_pointer (&self->sizes[i], size_cache_free);
  g_mutex_unlock (&self->cache_lock);
}

typedef struct
{
  int width;
  int scale;
} PrerenderData;

static void
prerender_thread (GTask        *task,
                  gpointer      source_object,
                  gpointer      task_data,
                  GCancellable *cancellable)
{
  HeartsCardTheme *self = source_object;
  PrerenderData *data = task_data;

  for (guint i = 0; i < N_PICTURES; i++)
    {
      if (g_task_return_error_if_cancelled (task))
        return;
      /* Dropped: the window has moved on to another size. */
      if (ensure_texture (self, i, data->width, data->scale, FALSE) == NULL)
        break;
    }

  g_task_return_boolean (task, TRUE);
}

void
hearts_card_theme_prerender_async (HeartsCardTheme     *self,
                                   int                  width,
                                   int                  scale,
                                   GCancellable        *cancellable,
                                   GAsyncReadyCallback  callback,
                                   gpointer             user_data)
{
  g_autoptr(GTask) task = NULL;
  PrerenderData *data;

  g_return_if_fail (HEARTS_IS_CARD_THEME (self));
  g_return_if_fail (width > 0 && scale > 0);

  data = g_new0 (PrerenderData, 1);
  data->width = width;
  data->scale = scale;

  /* Make room for the size here, in the main thread; the worker only fills it. */
  g_mutex_lock (&self->cache_lock);
  get_size_cache (self, width, scale, TRUE);
  g_mutex_unlock (&self->cache_lock);

  task = g_task_new (self, cancellable, callback, user_data);
  g_task_set_source_tag (task, hearts_card_theme_prerender_async);
  g_task_set_task_data (task, data, g_free);
  g_task_run_in_thread (task, prerender_thread);
}

gboolean
hearts_card_theme_prerender_finish (HeartsCardTheme  *self,
                                    GAsyncResult     *result,
                                    GError          **error)
{
  g_return_val_if_fail (HEARTS_IS_CARD_THEME (self), FALSE);
  g_return_val_if_fail (g_task_is_valid (result, self), FALSE);

  return g_task_propagate_boolean (G_TASK (result), error);
}
