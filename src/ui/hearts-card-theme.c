/* hearts-card-theme.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>
#include <math.h>

#include <librsvg/rsvg.h>

#include "hearts-card-theme-private.h"
#include "hearts-deck-cache.h"
#include "hearts-file.h"
#include "hearts-resources.h"
#include "hearts-surface-texture.h"

#define N_COLUMNS    13
#define N_ROWS       5
#define N_PICTURES   53 /* 52 faces and the back */
#define BACK_INDEX   52
#define SHADOW_INDEX 53 /* the shadow under a card, drawn here rather than blurred by GSK */
#define N_SLOTS      54
/* Sizes kept at once: the one drawn, and while a resize settles the one before it, drawn
 * scaled until the new one is rendered. */
#define MAX_SIZES 2
/* A new size drawn from another waits this long for a newer one before a worker renders it. */
#define SETTLE_MS 150
/* A card theme file is refused unread above this: Aisleriot's are up to a few MB. */
#define THEME_MAX_SIZE (64 * 1024 * 1024)

/* One size: a cairo surface per picture, and what frames draw it with: a GdkTexture (it
 * shares the surface's pixels) for GL, a cairo node for the cairo renderer. */
typedef struct
{
  int              width;
  int              scale;
  guint64          last_used;
  cairo_surface_t *surfaces[N_SLOTS];
  GdkTexture      *textures[N_SLOTS];
  GskRenderNode   *nodes[N_PICTURES]; /* the picture over its shadow */
  GskRenderNode   *backs[2];          /* the back over its shadow at the size of the backs, upright and turned */
} SizeCache;

/* The pictures a worker renders for one size, handed back to the main thread. */
typedef struct
{
  int              width;
  int              scale;
  guint64          missing; /* bit per picture index */
  cairo_surface_t *surfaces[N_PICTURES];
} Fill;

struct _HeartsCardTheme
{
  GObject parent_instance;

  char       *id;
  char       *name;
  GFile      *file;
  RsvgHandle *handle;      /* parsed when a card must be rendered: not for a deck from disk */
  gboolean    load_failed; /* the file went since its deck was kept on disk */
  double      doc_width;   /* the document at its own size, in pixels */
  double      doc_height;
  gboolean    warned; /* about a card that would not draw */
  char       *cache_path; /* the deck on disk (hearts-deck-cache.h), NULL if none can be */
  int         disk_width; /* the size kept there, or being written */
  int         disk_scale;

  /* The handle is parsed and renders from one thread at a time: the main thread (a card no size has yet)
   * and the worker that fills the size on screen. The cache is the main thread's alone. */
  GMutex        render_lock;
  SizeCache    *sizes[MAX_SIZES];
  guint64       clock;
  guint         fill_idle_id;  /* a fill waits for the frame to be out, or for a resize to settle */
  gboolean      fill_settling; /* the latter */
  guint         settle_ms;
  GCancellable *fill_cancellable; /* the fill running, if any, and its size */
  int           fill_width;
  int           fill_scale;
};

G_DEFINE_FINAL_TYPE (HeartsCardTheme, hearts_card_theme, G_TYPE_OBJECT)
/* clang-format off: the quark\'s name is a string */
G_DEFINE_QUARK (hearts - card - theme - error - quark, hearts_card_theme_error)
/* clang-format on */

enum
{
  PROP_0,
  PROP_ID,
  PROP_NAME,
  PROP_ASPECT,
  N_PROPS
};

enum
{
  CHANGED,
  N_SIGNALS
};

static GParamSpec *properties[N_PROPS];
static guint       signals[N_SIGNALS];

/* Aisleriot's rows, by HeartsSuit (clubs, diamonds, spades, hearts). */
static const guint        suit_rows[HEARTS_N_SUITS] = { 0, 1, 3, 2 };
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
  for (guint i = 0; i < N_SLOTS; i++)
    {
      g_clear_object (&cache->textures[i]);
      g_clear_pointer (&cache->surfaces[i], cairo_surface_destroy);
    }
  for (guint i = 0; i < N_PICTURES; i++)
    g_clear_pointer (&cache->nodes[i], gsk_render_node_unref);
  for (guint i = 0; i < G_N_ELEMENTS (cache->backs); i++)
    g_clear_pointer (&cache->backs[i], gsk_render_node_unref);
  g_free (cache);
}

static SizeCache *
find_size (HeartsCardTheme *self,
           int              width,
           int              scale)
{
  for (guint i = 0; i < MAX_SIZES; i++)
    if (self->sizes[i] != NULL && self->sizes[i]->width == width && self->sizes[i]->scale == scale)
      return self->sizes[i];

  return NULL;
}

static guint
size_count (SizeCache *cache)
{
  guint n = 0;

  for (guint i = 0; i < N_PICTURES; i++)
    n += cache->surfaces[i] != NULL;

  return n;
}

/* The cache for a size, made if needed. To make room it drops the size with the fewest
 * pictures, the oldest of those: while a window is resized, the whole deck of the size before
 * stays to be drawn scaled, and the sizes passed through on the way go. */
static SizeCache *
ensure_size (HeartsCardTheme *self,
             int              width,
             int              scale)
{
  SizeCache  *cache = find_size (self, width, scale);
  SizeCache **slot = NULL;

  if (cache != NULL)
    {
      cache->last_used = ++self->clock;
      return cache;
    }

  for (guint i = 0; i < MAX_SIZES; i++)
    {
      if (self->sizes[i] == NULL)
        {
          slot = &self->sizes[i];
          break;
        }
      if (slot == NULL || size_count (self->sizes[i]) < size_count (*slot) ||
          (size_count (self->sizes[i]) == size_count (*slot) && self->sizes[i]->last_used < (*slot)->last_used))
        slot = &self->sizes[i];
    }

  if (*slot != NULL && self->fill_cancellable != NULL &&
      (*slot)->width == self->fill_width && (*slot)->scale == self->fill_scale)
    {
      /* Its fill is for nobody now. */
      g_cancellable_cancel (self->fill_cancellable);
      g_clear_object (&self->fill_cancellable);
    }
  g_clear_pointer (slot, size_cache_free);
  *slot = g_new0 (SizeCache, 1);
  (*slot)->width = width;
  (*slot)->scale = scale;
  (*slot)->last_used = ++self->clock;

  return *slot;
}

static gboolean document_size (RsvgHandle *handle,
                               double     *width,
                               double     *height);

/* Parses the theme and checks that it is one: a size and every card. */
static RsvgHandle *
load_handle (GFile   *file,
             double  *doc_width,
             double  *doc_height,
             GError **error)
{
  g_autoptr(GObject) handle = NULL; /* librsvg 2.54 has no autoptr for its handle */
  g_autoptr(GInputStream) stream = NULL;
  g_autofree char *uri = g_file_get_uri (file);

  /* Opened here so that a missing file is G_IO_ERROR_NOT_FOUND; librsvg unpacks gzip
   * (.svgz) by itself when it reads from a stream. A theme on disk is read whole first, if
   * it is a regular file of sane size: a named pipe there would block for ever. */
  if (g_file_peek_path (file) != NULL)
    {
      g_autoptr(GBytes) bytes = hearts_file_load (g_file_peek_path (file), THEME_MAX_SIZE, error);

      if (bytes == NULL)
        return NULL;
      stream = g_memory_input_stream_new_from_bytes (bytes);
    }
  else
    stream = G_INPUT_STREAM (g_file_read (file, NULL, error));
  if (stream == NULL)
    return NULL;
  handle = G_OBJECT (rsvg_handle_new_from_stream_sync (stream, file, RSVG_HANDLE_FLAGS_NONE, NULL, error));
  if (handle == NULL)
    return NULL;

  if (!document_size (RSVG_HANDLE (handle), doc_width, doc_height))
    {
      g_set_error (error, HEARTS_CARD_THEME_ERROR, HEARTS_CARD_THEME_ERROR_INVALID,
                   "%s: the document has no size", uri);
      return NULL;
    }

  for (guint i = 0; i < N_PICTURES; i++)
    {
      guint column, row;
      char  sub[32];

      picture_place (i, sub, sizeof sub, &column, &row);
      if (!rsvg_handle_has_sub (RSVG_HANDLE (handle), sub))
        {
          g_set_error (error, HEARTS_CARD_THEME_ERROR, HEARTS_CARD_THEME_ERROR_INVALID,
                       "%s: no card %s", uri, sub + 1);
          return NULL;
        }
    }

  return RSVG_HANDLE (g_steal_pointer (&handle));
}

/* A theme whose deck came from disk is parsed the first time a card must be rendered (a
 * new size); its document size stays the one its pictures were cut from. Under render_lock. */
static gboolean
ensure_handle (HeartsCardTheme *self,
               GError         **error)
{
  double width, height;

  if (self->handle != NULL)
    return TRUE;
  if (self->load_failed)
    {
      g_set_error_literal (error, HEARTS_CARD_THEME_ERROR, HEARTS_CARD_THEME_ERROR_INVALID, "already failed");
      return FALSE;
    }
  self->handle = load_handle (self->file, &width, &height, error);
  self->load_failed = self->handle == NULL;

  return self->handle != NULL;
}

/* Renders one picture; any thread. The card is placed by its grid cell, not by the ink of
 * its element: some themes draw outside their cell or leave a margin in it. */
static cairo_surface_t *
render_picture (HeartsCardTheme *self,
                guint            index,
                int              width,
                int              scale)
{
  g_autoptr(GError) error = NULL;
  cairo_surface_t *surface;
  cairo_t         *cr;
  RsvgRectangle    viewport = { 0, 0, self->doc_width, self->doc_height };
  double           cell_width = self->doc_width / N_COLUMNS;
  double           cell_height = self->doc_height / N_ROWS;
  int              pixel_width = width * scale;
  int              pixel_height = hearts_card_theme_get_height_for_width (self, width) * scale;
  guint            column, row;
  char             id[32];

  picture_place (index, id, sizeof id, &column, &row);

  surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, pixel_width, pixel_height);
  cr = cairo_create (surface);
  /* The height is rounded to whole pixels: stretch by that fraction of a pixel rather than
   * cut the card's edge. */
  cairo_scale (cr, pixel_width / cell_width, pixel_height / cell_height);
  cairo_translate (cr, -(double) column * cell_width, -(double) row * cell_height);

  g_mutex_lock (&self->render_lock);
  if (!ensure_handle (self, &error))
    {
      /* Once, and the card stays blank: the theme went away since its deck was kept. */
      if (!self->warned)
        g_warning ("Card theme %s: cannot read it again: %s", self->id, error->message);
      self->warned = TRUE;
    }
  else if (!rsvg_handle_render_layer (self->handle, cr, id, &viewport, &error) && !self->warned)
    {
      /* Once: the same fault would repeat for every card and size. */
      g_warning ("Card theme %s: cannot draw %s at %d×%d: %s",
                 self->id, id + 1, pixel_width, pixel_height, error->message);
      self->warned = TRUE;
    }
  g_mutex_unlock (&self->render_lock);

  cairo_destroy (cr);
  cairo_surface_flush (surface);

  return surface;
}

/* The margin of the shadow picture around the card, in pixels at scale 1. */
static int
shadow_margin (int width)
{
  return MAX (3, width / 14);
}

/* A soft shadow a little below a card: rounded rectangles growing outwards, each faint, so
 * that they add up to a blur. Cheap enough for the main thread; drawn once per size instead
 * of blurred by the renderer for every card in every frame. */
static cairo_surface_t *
render_shadow (HeartsCardTheme *self,
               int              width,
               int              scale)
{
  const int        steps = 6;
  int              height = hearts_card_theme_get_height_for_width (self, width);
  int              margin = shadow_margin (width);
  double           blur = margin * 0.75;
  double           offset = MAX (1, width / 40.0);
  double           radius = MAX (2.0, width * 0.055);
  double           alpha = 1 - pow (1 - 0.35, 1.0 / steps);
  cairo_surface_t *surface;
  cairo_t         *cr;

  surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32,
                                        (width + 2 * margin) * scale, (height + 2 * margin) * scale);
  cr = cairo_create (surface);
  cairo_scale (cr, scale, scale);
  cairo_set_source_rgba (cr, 0, 0, 0, alpha);
  for (int i = 0; i < steps; i++)
    {
      double grow = blur * (i + 0.5) / steps - blur / 2;
      double x = margin - grow, y = margin - grow + offset;
      double w = width + 2 * grow, h = height + 2 * grow;
      double r = MAX (1.0, radius + grow);

      cairo_new_sub_path (cr);
      cairo_arc (cr, x + w - r, y + r, r, -G_PI / 2, 0);
      cairo_arc (cr, x + w - r, y + h - r, r, 0, G_PI / 2);
      cairo_arc (cr, x + r, y + h - r, r, G_PI / 2, G_PI);
      cairo_arc (cr, x + r, y + r, r, G_PI, 3 * G_PI / 2);
      cairo_close_path (cr);
      cairo_fill (cr);
    }
  cairo_destroy (cr);
  cairo_surface_flush (surface);

  return surface;
}

static void
fill_free (Fill *fill)
{
  for (guint i = 0; i < N_PICTURES; i++)
    g_clear_pointer (&fill->surfaces[i], cairo_surface_destroy);
  g_free (fill);
}

static void
hearts_card_theme_dispose (GObject *object)
{
  HeartsCardTheme *self = (HeartsCardTheme *) object;

  g_clear_handle_id (&self->fill_idle_id, g_source_remove);
  g_cancellable_cancel (self->fill_cancellable);
  g_clear_object (&self->fill_cancellable);

  G_OBJECT_CLASS (hearts_card_theme_parent_class)->dispose (object);
}

static void
hearts_card_theme_finalize (GObject *object)
{
  HeartsCardTheme *self = (HeartsCardTheme *) object;

  for (guint i = 0; i < MAX_SIZES; i++)
    g_clear_pointer (&self->sizes[i], size_cache_free);
  g_clear_object (&self->handle);
  g_clear_object (&self->file);
  g_clear_pointer (&self->cache_path, g_free);
  g_clear_pointer (&self->id, g_free);
  g_clear_pointer (&self->name, g_free);
  g_mutex_clear (&self->render_lock);

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

  object_class->dispose = hearts_card_theme_dispose;
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

  /* Pictures rendered in the background have arrived: draw again. */
  signals[CHANGED] =
    g_signal_new ("changed",
                  G_TYPE_FROM_CLASS (klass),
                  G_SIGNAL_RUN_LAST,
                  0,
                  NULL, NULL,
                  NULL,
                  G_TYPE_NONE, 0);
}

static void
hearts_card_theme_init (HeartsCardTheme *self)
{
  g_mutex_init (&self->render_lock);
  self->settle_ms = SETTLE_MS;
}

static gboolean
document_size (RsvgHandle *handle,
               double     *width,
               double     *height)
{
  gboolean      has_width, has_height, has_viewbox;
  RsvgLength    length_width, length_height;
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

/* The deck this theme had on screen last time, if it is kept: the size it had becomes the
 * first in the cache, complete, and nothing is parsed until another size is needed. */
static gboolean
load_kept_deck (HeartsCardTheme *self)
{
  HeartsDeckCacheInfo info;
  SizeCache          *cache;

  if (self->cache_path == NULL)
    return FALSE;

  cache = g_new0 (SizeCache, 1);
  if (!hearts_deck_cache_read (self->cache_path, N_PICTURES, &info, cache->surfaces))
    {
      g_free (cache);
      return FALSE;
    }

  self->doc_width = info.doc_width;
  self->doc_height = info.doc_height;
  if (hearts_card_theme_get_height_for_width (self, info.width) != info.height)
    {
      /* Another rounding than ours: not a file we wrote. */
      for (guint i = 0; i < N_PICTURES; i++)
        cairo_surface_destroy (cache->surfaces[i]);
      g_free (cache);
      return FALSE;
    }
  cache->width = self->disk_width = info.width;
  cache->scale = self->disk_scale = info.scale;
  cache->last_used = ++self->clock;
  self->sizes[0] = cache;

  return TRUE;
}

static HeartsCardTheme *
card_theme_new (const char *id,
                const char *name,
                GFile      *file,
                GError    **error)
{
  g_autoptr(HeartsCardTheme) self = NULL;

  self = g_object_new (HEARTS_TYPE_CARD_THEME, NULL);
  self->id = g_strdup (id);
  self->name = g_strdup (name);

  self->file = g_object_ref (file);
  self->cache_path = hearts_deck_cache_path_for_file (file);
  if (load_kept_deck (self))
    return g_steal_pointer (&self);

  self->handle = load_handle (file, &self->doc_width, &self->doc_height, error);
  if (self->handle == NULL)
    return NULL;

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
hearts_card_theme_new_for_file (const char *path,
                                GError    **error)
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

static void keep_deck (HeartsCardTheme *self,
                       SizeCache       *cache);

/* The picture at a size, rendered now if it is missing. */
static cairo_surface_t *
ensure_surface (HeartsCardTheme *self,
                SizeCache       *cache,
                guint            index)
{
  if (cache->surfaces[index] != NULL)
    return cache->surfaces[index];

  if (index == SHADOW_INDEX)
    return cache->surfaces[index] = render_shadow (self, cache->width, cache->scale);

  cache->surfaces[index] = render_picture (self, index, cache->width, cache->scale);
  if (size_count (cache) == N_PICTURES)
    keep_deck (self, cache);

  return cache->surfaces[index];
}

static GdkTexture *
ensure_texture (HeartsCardTheme *self,
                SizeCache       *cache,
                guint            index)
{
  if (cache->textures[index] == NULL)
    cache->textures[index] = hearts_texture_new_for_surface (ensure_surface (self, cache, index));

  return cache->textures[index];
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

  return ensure_texture (self, ensure_size (self, width, scale), picture_index (card));
}

gboolean
hearts_card_theme_has_size (HeartsCardTheme *self,
                            int              width,
                            int              scale)
{
  g_return_val_if_fail (HEARTS_IS_CARD_THEME (self), FALSE);

  return find_size (self, width, scale) != NULL;
}

void
hearts_card_theme_clear_cache (HeartsCardTheme *self)
{
  g_return_if_fail (HEARTS_IS_CARD_THEME (self));

  g_cancellable_cancel (self->fill_cancellable);
  g_clear_object (&self->fill_cancellable);
  for (guint i = 0; i < MAX_SIZES; i++)
    g_clear_pointer (&self->sizes[i], size_cache_free);
}

/* Filling a size in the background */

static void start_fill (HeartsCardTheme *self);

/* Fills still running anywhere: a process must not exit while one renders (librsvg
 * and cairo are torn down under it). */
static GMutex fills_mutex;
static GCond  fills_cond;
static guint  n_fills;
static gint   fills_stopping;

static void
fill_thread (GTask        *task,
             gpointer      source_object,
             gpointer      task_data,
             GCancellable *cancellable)
{
  HeartsCardTheme *self = source_object;
  Fill            *fill = task_data;

  for (guint i = 0; i < N_PICTURES; i++)
    {
      if (g_cancellable_is_cancelled (cancellable) || g_atomic_int_get (&fills_stopping))
        break;
      if (fill->missing & (G_GUINT64_CONSTANT (1) << i))
        fill->surfaces[i] = render_picture (self, i, fill->width, fill->scale);
    }

  g_mutex_lock (&fills_mutex);
  n_fills--;
  g_cond_broadcast (&fills_cond);
  g_mutex_unlock (&fills_mutex);
  g_task_return_boolean (task, TRUE);
}

/* A complete deck on its way to the disk. */
typedef struct
{
  char               *path;
  HeartsDeckCacheInfo info;
  cairo_surface_t    *surfaces[N_PICTURES];
} Keep;

static void
keep_free (Keep *keep)
{
  for (guint i = 0; i < N_PICTURES; i++)
    g_clear_pointer (&keep->surfaces[i], cairo_surface_destroy);
  g_free (keep->path);
  g_free (keep);
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
  if (!g_atomic_int_get (&fills_stopping) &&
      !hearts_deck_cache_write (keep->path, &keep->info, N_PICTURES, keep->surfaces, &error))
    g_debug ("The deck was not kept in %s: %s", keep->path, error->message);

  g_mutex_lock (&fills_mutex);
  n_fills--;
  g_cond_broadcast (&fills_cond);
  g_mutex_unlock (&fills_mutex);
  g_task_return_boolean (task, TRUE);
}

/* Writes a complete size to disk for the next start, in a worker: the pictures cannot change
 * meanwhile, they are only ever replaced. */
static void
keep_deck (HeartsCardTheme *self,
           SizeCache       *cache)
{
  g_autoptr(GTask) task = NULL;
  Keep *keep;

  if (self->cache_path == NULL || (cache->width == self->disk_width && cache->scale == self->disk_scale))
    return;

  keep = g_new0 (Keep, 1);
  keep->path = g_strdup (self->cache_path);
  keep->info.doc_width = self->doc_width;
  keep->info.doc_height = self->doc_height;
  keep->info.width = self->disk_width = cache->width;
  keep->info.height = hearts_card_theme_get_height_for_width (self, cache->width);
  keep->info.scale = self->disk_scale = cache->scale;
  for (guint i = 0; i < N_PICTURES; i++)
    keep->surfaces[i] = cairo_surface_reference (cache->surfaces[i]);

  task = g_task_new (NULL, NULL, NULL, NULL);
  g_task_set_source_tag (task, keep_deck);
  g_task_set_task_data (task, keep, (GDestroyNotify) keep_free);
  g_mutex_lock (&fills_mutex);
  n_fills++;
  g_mutex_unlock (&fills_mutex);
  g_task_run_in_thread (task, keep_thread);
}

static void
on_fill_done (GObject      *object,
              GAsyncResult *result,
              gpointer      user_data)
{
  HeartsCardTheme *self = HEARTS_CARD_THEME (object);
  Fill            *fill = g_task_get_task_data (G_TASK (result));
  GCancellable    *cancellable = g_task_get_cancellable (G_TASK (result));
  SizeCache       *cache;
  gboolean         complete = TRUE;

  if (g_cancellable_is_cancelled (cancellable))
    return;
  g_clear_object (&self->fill_cancellable);

  cache = find_size (self, fill->width, fill->scale);
  if (cache != NULL)
    {
      for (guint i = 0; i < N_PICTURES; i++)
        {
          if (cache->surfaces[i] == NULL)
            cache->surfaces[i] = g_steal_pointer (&fill->surfaces[i]);
          complete &= cache->surfaces[i] != NULL;
        }
      /* The whole deck is here: the size drawn scaled meanwhile is not needed any more. */
      if (complete)
        {
          for (guint i = 0; i < MAX_SIZES; i++)
            if (self->sizes[i] != cache)
              g_clear_pointer (&self->sizes[i], size_cache_free);
          keep_deck (self, cache);
        }
    }

  g_signal_emit (self, signals[CHANGED], 0);
  start_fill (self);
}

/* Renders in a worker what the size asked for last lacks, one fill at a time. */
static void
start_fill (HeartsCardTheme *self)
{
  g_autoptr(GTask) task = NULL;
  SizeCache *latest = NULL;
  Fill      *fill;

  if (self->fill_cancellable != NULL)
    return;

  for (guint i = 0; i < MAX_SIZES; i++)
    if (self->sizes[i] != NULL && (latest == NULL || self->sizes[i]->last_used > latest->last_used))
      latest = self->sizes[i];
  if (latest == NULL)
    return;

  fill = g_new0 (Fill, 1);
  fill->width = latest->width;
  fill->scale = latest->scale;
  for (guint i = 0; i < N_PICTURES; i++)
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
  g_mutex_lock (&fills_mutex);
  n_fills++;
  g_mutex_unlock (&fills_mutex);
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

/* The size nearest @width that has picture @index, for a frame that must not wait. */
static SizeCache *
find_stand_in (HeartsCardTheme *self,
               guint            index,
               int              width,
               int              scale)
{
  SizeCache *best = NULL;

  for (guint i = 0; i < MAX_SIZES; i++)
    {
      SizeCache *cache = self->sizes[i];

      if (cache == NULL || cache->surfaces[index] == NULL)
        continue;
      if (best == NULL || ABS (cache->width * cache->scale - width * scale) < ABS (best->width * best->scale - width * scale))
        best = cache;
    }

  return best;
}

/* The picture and its shadow in one cairo node, at the size they were rendered at; the card
 * from (0, 0), the shadow's margin round it. One node rather than two: GTK 4.8's cairo
 * renderer paints each cairo node into a new surface of its own size before it blends that
 * in, in every frame that draws it (a resize draws them all). */
static GskRenderNode *
framed_node_new (HeartsCardTheme *self,
                 SizeCache       *cache,
                 guint            index)
{
  cairo_surface_t *shadow = ensure_surface (self, cache, SHADOW_INDEX);
  cairo_surface_t *picture = ensure_surface (self, cache, index);
  int              margin = shadow_margin (cache->width);
  int              height = hearts_card_theme_get_height_for_width (self, cache->width);
  GskRenderNode   *node;
  cairo_t         *cr;

  node = gsk_cairo_node_new (&GRAPHENE_RECT_INIT (-margin, -margin, cache->width + 2 * margin, height + 2 * margin));
  cr = gsk_cairo_node_get_draw_context (node);
  cairo_scale (cr, 1.0 / cache->scale, 1.0 / cache->scale);
  cairo_set_source_surface (cr, shadow, -margin * cache->scale, -margin * cache->scale);
  cairo_pattern_set_filter (cairo_get_source (cr), CAIRO_FILTER_FAST);
  cairo_paint (cr);
  cairo_set_source_surface (cr, picture, 0, 0);
  cairo_pattern_set_filter (cairo_get_source (cr), CAIRO_FILTER_FAST);
  cairo_paint (cr);
  cairo_destroy (cr);

  return node;
}

static void
paint_scaled (cairo_t         *cr,
              cairo_surface_t *surface,
              double           x,
              double           y,
              double           width,
              double           height)
{
  cairo_save (cr);
  cairo_translate (cr, x, y);
  cairo_scale (cr, width / cairo_image_surface_get_width (surface), height / cairo_image_surface_get_height (surface));
  cairo_set_source_surface (cr, surface, 0, 0);
  /* Bilinear: pixman's box filter (CAIRO_FILTER_GOOD) costs ten times more, and a live
   * resize makes the backs anew in every frame. */
  cairo_pattern_set_filter (cairo_get_source (cr), CAIRO_FILTER_BILINEAR);
  cairo_paint (cr);
  cairo_restore (cr);
}

/* The back over its shadow at the size of the backs, @width × @height, scaled here once
 * (bilinear) rather than by pixman in every frame (the nearest pixel), and @turned a quarter
 * clockwise for the side seats' fans: turned in every frame, a back went through pixman's
 * slowest path. */
static GskRenderNode *
back_node_new (HeartsCardTheme *self,
               SizeCache       *cache,
               int              width,
               int              height,
               gboolean         turned)
{
  cairo_surface_t *shadow = ensure_surface (self, cache, SHADOW_INDEX);
  cairo_surface_t *back = ensure_surface (self, cache, BACK_INDEX);
  int              margin = MAX (1, (int) roundf (shadow_margin (cache->width) * (float) width / cache->width));
  int              framed_width = width + 2 * margin;
  int              framed_height = height + 2 * margin;
  int              scale = cache->scale;
  cairo_surface_t *surface;
  GskRenderNode   *node;
  cairo_t         *cr;

  surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, (turned ? framed_height : framed_width) * scale,
                                        (turned ? framed_width : framed_height) * scale);
  cr = cairo_create (surface);
  if (turned)
    {
      cairo_translate (cr, framed_height * scale, 0);
      cairo_rotate (cr, G_PI / 2);
    }
  cairo_scale (cr, scale, scale);
  paint_scaled (cr, shadow, 0, 0, framed_width, framed_height);
  paint_scaled (cr, back, margin, margin, width, height);
  cairo_destroy (cr);
  cairo_surface_flush (surface);

  node = gsk_cairo_node_new (&GRAPHENE_RECT_INIT (-margin, -margin, turned ? framed_height : framed_width,
                                                  turned ? framed_width : framed_height));
  cr = gsk_cairo_node_get_draw_context (node);
  cairo_scale (cr, 1.0 / scale, 1.0 / scale);
  cairo_set_source_surface (cr, surface, -margin * scale, -margin * scale);
  cairo_pattern_set_filter (cairo_get_source (cr), CAIRO_FILTER_FAST);
  cairo_paint (cr);
  cairo_destroy (cr);
  cairo_surface_destroy (surface);

  return node;
}

/* The same node every frame: GSK compares frames node by node, and redraws only where they
 * differ. */
static GskRenderNode *
ensure_back_node (HeartsCardTheme *self,
                  SizeCache       *cache,
                  int              width,
                  int              height,
                  gboolean         turned)
{
  GskRenderNode **node = &cache->backs[turned ? 1 : 0];
  graphene_rect_t bounds;

  if (*node != NULL)
    {
      gsk_render_node_get_bounds (*node, &bounds);
      /* The card's size is the bounds less the margin, which is -origin on each side. */
      if ((int) (bounds.size.width + 2 * bounds.origin.x) == (turned ? height : width) &&
          (int) (bounds.size.height + 2 * bounds.origin.y) == (turned ? width : height))
        return *node;
    }
  g_clear_pointer (node, gsk_render_node_unref);
  *node = back_node_new (self, cache, width, height, turned);

  return *node;
}

/* The picture over its shadow on the cairo renderer: GTK 4.8's converts a memory texture
 * through floats, pixel by pixel, in every frame that shows it; a cairo node paints our
 * surfaces as they are. @bounds is the card's place, before it is @turned. */
static void
append_framed (HeartsCardTheme       *self,
               GtkSnapshot           *snapshot,
               SizeCache             *cache,
               guint                  index,
               const graphene_rect_t *bounds,
               gboolean               turned)
{
  int              own_height = hearts_card_theme_get_height_for_width (self, cache->width);
  float            width = bounds->size.width, height = bounds->size.height;
  graphene_point_t center;

  graphene_rect_get_center (bounds, &center);
  gtk_snapshot_save (snapshot);
  if (index == BACK_INDEX && (fabsf (width - cache->width) > 0.01f || fabsf (height - own_height) > 0.01f))
    {
      /* The backs at rest are smaller than the hand: scaled once, not in every frame. */
      int rounded_width = MAX (1, (int) roundf (width));
      int rounded_height = MAX (1, (int) roundf (height));

      gtk_snapshot_translate (snapshot, &GRAPHENE_POINT_INIT (center.x - (turned ? height : width) / 2,
                                                              center.y - (turned ? width : height) / 2));
      if (rounded_width != width || rounded_height != height)
        gtk_snapshot_scale (snapshot, turned ? height / rounded_height : width / rounded_width,
                            turned ? width / rounded_width : height / rounded_height);
      gtk_snapshot_append_node (snapshot, ensure_back_node (self, cache, rounded_width, rounded_height, turned));
    }
  else
    {
      if (cache->nodes[index] == NULL)
        cache->nodes[index] = framed_node_new (self, cache, index);
      if (turned)
        {
          gtk_snapshot_translate (snapshot, &center);
          gtk_snapshot_rotate (snapshot, 90);
          gtk_snapshot_translate (snapshot, &GRAPHENE_POINT_INIT (-center.x, -center.y));
        }
      gtk_snapshot_translate (snapshot, &bounds->origin);
      if (width != cache->width || height != own_height)
        gtk_snapshot_scale (snapshot, width / cache->width, height / own_height);
      gtk_snapshot_append_node (snapshot, cache->nodes[index]);
    }
  gtk_snapshot_restore (snapshot);
}

/* The picture for a frame: at @width if it is there, else any size drawn scaled while a
 * worker renders @width; rendered now only if no size has it. */
static SizeCache *
cache_for_frame (HeartsCardTheme *self,
                 guint            index,
                 int              width,
                 int              scale)
{
  SizeCache *cache = find_size (self, width, scale);
  SizeCache *stand_in;
  gboolean   resized = FALSE;

  if (cache != NULL && cache->surfaces[index] != NULL)
    {
      cache->last_used = ++self->clock;
      return cache;
    }

  /* Made first: making room may drop a size, which then stands in for nothing. */
  if (cache == NULL)
    {
      cache = ensure_size (self, width, scale);
      for (guint i = 0; i < MAX_SIZES; i++)
        resized |= self->sizes[i] != NULL && self->sizes[i] != cache && size_count (self->sizes[i]) > 0;
    }
  stand_in = find_stand_in (self, index, width, scale);
  if (stand_in == NULL || index == SHADOW_INDEX)
    {
      ensure_surface (self, cache, index);
      stand_in = cache;
    }
  /* The rest of the deck follows in the background, so that a card first seen in the
   * middle of an animation does not hold up its frame; after this frame is out, so that
   * the worker does not compete with it. A new size while another can stand in is a resize,
   * which passes through a size a frame: its worker waits until no newer size has come for a
   * while, rather than render sizes that are gone before they are complete. */
  if (resized)
    {
      g_clear_handle_id (&self->fill_idle_id, g_source_remove);
      self->fill_idle_id = g_timeout_add (self->settle_ms, start_fill_idle, self);
      self->fill_settling = TRUE;
    }
  else if (self->fill_idle_id == 0)
    self->fill_idle_id = g_idle_add_full (G_PRIORITY_LOW, start_fill_idle, self, NULL);

  return stand_in;
}

/* The textures for GL, and for any renderer but cairo's. */
static void
append_textures (HeartsCardTheme       *self,
                 GtkSnapshot           *snapshot,
                 HeartsCard             card,
                 const graphene_rect_t *bounds,
                 int                    width,
                 int                    scale)
{
  SizeCache *cache;
  float      margin;

  cache = cache_for_frame (self, SHADOW_INDEX, width, scale);
  margin = shadow_margin (cache->width) * bounds->size.width / cache->width;
  gtk_snapshot_append_texture (snapshot, ensure_texture (self, cache, SHADOW_INDEX),
                               &GRAPHENE_RECT_INIT (bounds->origin.x - margin, bounds->origin.y - margin,
                                                    bounds->size.width + 2 * margin,
                                                    bounds->size.height + 2 * margin));

  cache = cache_for_frame (self, picture_index (card), width, scale);
  gtk_snapshot_append_texture (snapshot, ensure_texture (self, cache, picture_index (card)), bounds);
}

static void
snapshot_card (HeartsCardTheme       *self,
               GtkSnapshot           *snapshot,
               GtkWidget             *widget,
               HeartsCard             card,
               const graphene_rect_t *bounds,
               int                    width,
               gboolean               turned)
{
  GtkNative   *native = gtk_widget_get_native (widget);
  GskRenderer *renderer = native != NULL ? gtk_native_get_renderer (native) : NULL;
  int          scale = gtk_widget_get_scale_factor (widget);

  if (width <= 0 || bounds->size.width <= 0)
    return;

  if (GSK_IS_CAIRO_RENDERER (renderer))
    {
      /* A stand-in size has its own shadow; a new size's is rendered with its first card. */
      append_framed (self, snapshot, cache_for_frame (self, picture_index (card), width, scale),
                     picture_index (card), bounds, turned);
      return;
    }

  if (turned)
    {
      graphene_point_t center;

      graphene_rect_get_center (bounds, &center);
      gtk_snapshot_save (snapshot);
      gtk_snapshot_translate (snapshot, &center);
      gtk_snapshot_rotate (snapshot, 90);
      gtk_snapshot_translate (snapshot, &GRAPHENE_POINT_INIT (-center.x, -center.y));
    }
  append_textures (self, snapshot, card, bounds, width, scale);
  if (turned)
    gtk_snapshot_restore (snapshot);
}

/**
 * hearts_card_theme_snapshot_card:
 * @widget: the widget drawing, for its scale and renderer
 * @bounds: where the card goes, in @widget's coordinates as @snapshot has them
 * @width: the width to render at, in logical pixels (the card's width on screen, or the
 *   hand's, for cards drawn smaller or larger than the hand)
 *
 * Draws @card with its shadow.
 */
void
hearts_card_theme_snapshot_card (HeartsCardTheme       *self,
                                 GtkSnapshot           *snapshot,
                                 GtkWidget             *widget,
                                 HeartsCard             card,
                                 const graphene_rect_t *bounds,
                                 int                    width)
{
  g_return_if_fail (HEARTS_IS_CARD_THEME (self));
  g_return_if_fail (card == HEARTS_NO_CARD || hearts_card_is_valid (card));

  snapshot_card (self, snapshot, widget, card, bounds, width, FALSE);
}

/**
 * hearts_card_theme_snapshot_card_turned:
 *
 * As hearts_card_theme_snapshot_card(), turned a quarter clockwise about the centre of
 * @bounds (the card's place before the turn): as gtk_snapshot_rotate (snapshot, 90) would,
 * but a back at rest, the side seats' fans, is drawn from a picture turned once.
 */
void
hearts_card_theme_snapshot_card_turned (HeartsCardTheme       *self,
                                        GtkSnapshot           *snapshot,
                                        GtkWidget             *widget,
                                        HeartsCard             card,
                                        const graphene_rect_t *bounds,
                                        int                    width)
{
  g_return_if_fail (HEARTS_IS_CARD_THEME (self));
  g_return_if_fail (card == HEARTS_NO_CARD || hearts_card_is_valid (card));

  snapshot_card (self, snapshot, widget, card, bounds, width, TRUE);
}

guint
_hearts_card_theme_count_pictures (HeartsCardTheme *self,
                                   int              width,
                                   int              scale)
{
  SizeCache *cache = find_size (self, width, scale);

  return cache != NULL ? size_count (cache) : 0;
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

gboolean
_hearts_card_theme_is_parsed (HeartsCardTheme *self)
{
  gboolean parsed;

  g_mutex_lock (&self->render_lock);
  parsed = self->handle != NULL;
  g_mutex_unlock (&self->render_lock);

  return parsed;
}

void
_hearts_card_theme_wait_workers (void)
{
  g_mutex_lock (&fills_mutex);
  while (n_fills > 0)
    g_cond_wait (&fills_cond, &fills_mutex);
  g_mutex_unlock (&fills_mutex);
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
  g_atomic_int_set (&fills_stopping, TRUE);
  _hearts_card_theme_wait_workers ();
}
