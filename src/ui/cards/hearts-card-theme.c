/* hearts-card-theme.c: loading a theme, its identity, and its pictures at a size
 *
 * A theme is loaded from its file (hearts-card-svg.c) or, if its deck was kept on disk, from
 * there, and then parsed only when a card must be rendered. The pictures of a size are
 * rendered here one at a time; which size a frame draws from is hearts-card-theme-snapshot.c's
 * business, rendering the rest of a size hearts-card-render-worker.c's.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>
#include <math.h>
#include <string.h>

#include "hearts-card-svg.h"
#include "hearts-card-theme-private.h"
#include "hearts-deck-cache.h"
#include "hearts-resources.h"
#include "hearts-surface-texture.h"

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
  self->handle = hearts_card_svg_load (self->file, &width, &height, error);
  self->load_failed = self->handle == NULL;

  return self->handle != NULL;
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
  int              margin = _hearts_card_theme_shadow_margin (width);
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

/* The deck this theme had on screen last time, if it is kept: the size it had becomes the
 * first in the cache, complete, and nothing is parsed until another size is needed. */
static gboolean
load_kept_deck (HeartsCardTheme *self)
{
  HeartsDeckCacheInfo info;
  HeartsCardSize     *size;
  cairo_surface_t    *surfaces[HEARTS_CARD_N_PICTURES];

  if (self->cache_path == NULL)
    return FALSE;

  if (!hearts_deck_cache_read (self->cache_path, HEARTS_CARD_N_PICTURES, &info, surfaces))
    return FALSE;

  self->doc_width = info.doc_width;
  self->doc_height = info.doc_height;
  if (hearts_card_theme_get_height_for_width (self, info.width) != info.height)
    {
      /* Another rounding than ours: not a file we wrote. */
      for (guint i = 0; i < HEARTS_CARD_N_PICTURES; i++)
        cairo_surface_destroy (surfaces[i]);
      return FALSE;
    }
  size = hearts_card_size_cache_use (self->sizes, info.width, info.scale);
  memcpy (size->surfaces, surfaces, sizeof surfaces);
  self->disk_width = info.width;
  self->disk_scale = info.scale;

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

  self->handle = hearts_card_svg_load (file, &self->doc_width, &self->doc_height, error);
  if (self->handle == NULL)
    return NULL;

  return g_steal_pointer (&self);
}

static void
hearts_card_theme_dispose (GObject *object)
{
  HeartsCardTheme *self = (HeartsCardTheme *) object;

  g_clear_handle_id (&self->fill_idle_id, g_source_remove);
  _hearts_card_theme_cancel_fill (self);

  G_OBJECT_CLASS (hearts_card_theme_parent_class)->dispose (object);
}

static void
hearts_card_theme_finalize (GObject *object)
{
  HeartsCardTheme *self = (HeartsCardTheme *) object;

  g_clear_pointer (&self->sizes, hearts_card_size_cache_free);
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
  self->sizes = hearts_card_size_cache_new ();
  self->settle_ms = HEARTS_CARD_THEME_SETTLE_MS;
}

void
_hearts_card_theme_emit_changed (HeartsCardTheme *self)
{
  g_signal_emit (self, signals[CHANGED], 0);
}

cairo_surface_t *
_hearts_card_theme_render_picture (HeartsCardTheme *self,
                                   guint            index,
                                   int              width,
                                   int              scale)
{
  g_autoptr(GError) error = NULL;
  cairo_surface_t *surface;
  cairo_t         *cr;
  int              pixel_width = width * scale;
  int              pixel_height = hearts_card_theme_get_height_for_width (self, width) * scale;

  surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, pixel_width, pixel_height);
  cr = cairo_create (surface);

  g_mutex_lock (&self->render_lock);
  if (!ensure_handle (self, &error))
    {
      /* Once, and the card stays blank: the theme went away since its deck was kept. */
      if (!self->warned)
        g_warning ("Card theme %s: cannot read it again: %s", self->id, error->message);
      self->warned = TRUE;
    }
  else if (!hearts_card_svg_render (self->handle, self->doc_width, self->doc_height, index,
                                    cr, pixel_width, pixel_height, &error) &&
           !self->warned)
    {
      /* Once: the same fault would repeat for every card and size. */
      g_warning ("Card theme %s: %s", self->id, error->message);
      self->warned = TRUE;
    }
  g_mutex_unlock (&self->render_lock);

  cairo_destroy (cr);
  cairo_surface_flush (surface);

  return surface;
}

HeartsCardSize *
_hearts_card_theme_use_size (HeartsCardTheme *self,
                             int              width,
                             int              scale)
{
  HeartsCardSize *size = hearts_card_size_cache_use (self->sizes, width, scale);

  _hearts_card_theme_drop_lost_fill (self);

  return size;
}

cairo_surface_t *
_hearts_card_theme_ensure_surface (HeartsCardTheme *self,
                                   HeartsCardSize  *size,
                                   guint            index)
{
  if (size->surfaces[index] != NULL)
    return size->surfaces[index];

  if (index == HEARTS_CARD_SHADOW_INDEX)
    return size->surfaces[index] = render_shadow (self, size->width, size->scale);

  size->surfaces[index] = _hearts_card_theme_render_picture (self, index, size->width, size->scale);
  if (hearts_card_size_count (size) == HEARTS_CARD_N_PICTURES)
    _hearts_card_theme_keep_deck (self, size);

  return size->surfaces[index];
}

GdkTexture *
_hearts_card_theme_ensure_texture (HeartsCardTheme *self,
                                   HeartsCardSize  *size,
                                   guint            index)
{
  if (size->textures[index] == NULL)
    size->textures[index] = hearts_texture_new_for_surface (_hearts_card_theme_ensure_surface (self, size, index));

  return size->textures[index];
}

guint
_hearts_card_theme_count_pictures (HeartsCardTheme *self,
                                   int              width,
                                   int              scale)
{
  HeartsCardSize *size = hearts_card_size_cache_lookup (self->sizes, width, scale);

  return size != NULL ? hearts_card_size_count (size) : 0;
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

  return (self->doc_width / HEARTS_CARD_SVG_N_COLUMNS) / (self->doc_height / HEARTS_CARD_SVG_N_ROWS);
}

int
hearts_card_theme_get_height_for_width (HeartsCardTheme *self,
                                        int              width)
{
  g_return_val_if_fail (HEARTS_IS_CARD_THEME (self), 0);

  return MAX (1, (int) (width / hearts_card_theme_get_aspect (self) + 0.5));
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

  return _hearts_card_theme_ensure_texture (self, _hearts_card_theme_use_size (self, width, scale),
                                            hearts_card_picture_index (card));
}

gboolean
hearts_card_theme_has_size (HeartsCardTheme *self,
                            int              width,
                            int              scale)
{
  g_return_val_if_fail (HEARTS_IS_CARD_THEME (self), FALSE);

  return hearts_card_size_cache_lookup (self->sizes, width, scale) != NULL;
}

void
hearts_card_theme_clear_cache (HeartsCardTheme *self)
{
  g_return_if_fail (HEARTS_IS_CARD_THEME (self));

  _hearts_card_theme_cancel_fill (self);
  hearts_card_size_cache_clear (self->sizes);
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

  _hearts_card_theme_snapshot (self, snapshot, widget, card, bounds, width, FALSE);
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

  _hearts_card_theme_snapshot (self, snapshot, widget, card, bounds, width, TRUE);
}
