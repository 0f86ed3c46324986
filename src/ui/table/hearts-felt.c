/* hearts-felt.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <adwaita.h>
#include <math.h>

#include "hearts-felt.h"
#include "hearts-surface-texture.h"

/* The picture is this many times smaller than the table, or more: the gradient changes by one
 * level of green every 15 pixels or more, so a block of 4 × 4 pixels of one colour does not
 * show. */
#define SHRINK 4
/* The picture's sizes are multiples of this, so that a window growing by a few pixels a frame
 * does not have it rendered again in every frame. */
#define STEP 32

struct _HeartsFelt
{
  int              picture_width; /* the surface's size: enough for every table so far */
  int              picture_height;
  gboolean         dark;
  cairo_surface_t *surface;
  GdkTexture      *texture; /* the surface, for renderers but cairo's */
  int              width;   /* the table's size the node is for */
  int              height;
  GskRenderNode   *node; /* the surface scaled to the table */
  guint            n_renders;
};

typedef struct
{
  double  offset;
  guint32 light; /* 0xRRGGBB */
  guint32 dark;
} Stop;

/* CSS's radial-gradient(ellipse at center, …): light from the middle, darker to the corners.
 * The dark style's baize sits with the dark header bar. */
static const Stop stops[] = {
  { 0.00, 0x2f8a4c, 0x1c5a33 },
  { 0.55, 0x236f3d, 0x154829 },
  { 1.00, 0x174f2b, 0x0c2f1a },
};

HeartsFelt *
hearts_felt_new (void)
{
  return g_new0 (HeartsFelt, 1);
}

static void
clear (HeartsFelt *self)
{
  g_clear_pointer (&self->node, gsk_render_node_unref);
  g_clear_object (&self->texture);
  g_clear_pointer (&self->surface, cairo_surface_destroy);
}

void
hearts_felt_free (HeartsFelt *self)
{
  if (self == NULL)
    return;
  clear (self);
  g_free (self);
}

/* The gradient, the ellipse through the corners (CSS's farthest-corner), over the whole
 * picture: it is the same stretched to any size, so one picture serves every table that is not
 * more than SHRINK times larger. */
static cairo_surface_t *
render (int      small_width,
        int      small_height,
        gboolean dark)
{
  cairo_surface_t *surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, small_width, small_height);
  cairo_t         *cr = cairo_create (surface);
  cairo_pattern_t *pattern = cairo_pattern_create_radial (0, 0, 0, 0, 0, 1);

  for (guint i = 0; i < G_N_ELEMENTS (stops); i++)
    {
      guint32 rgb = dark ? stops[i].dark : stops[i].light;

      cairo_pattern_add_color_stop_rgb (pattern, stops[i].offset,
                                        ((rgb >> 16) & 0xff) / 255.0, ((rgb >> 8) & 0xff) / 255.0,
                                        (rgb & 0xff) / 255.0);
    }
  cairo_translate (cr, small_width / 2.0, small_height / 2.0);
  cairo_scale (cr, small_width / 2.0 * G_SQRT2, small_height / 2.0 * G_SQRT2);
  cairo_set_source (cr, pattern);
  cairo_paint (cr);
  cairo_pattern_destroy (pattern);
  cairo_destroy (cr);
  cairo_surface_flush (surface);

  return surface;
}

/* The same node every frame, so that GSK sees nothing to redraw; the nearest pixel (pixman's
 * bilinear scaling costs more than the gradient did), padded at the edges. */
static GskRenderNode *
node_new (cairo_surface_t *surface,
          int              width,
          int              height)
{
  GskRenderNode *node = gsk_cairo_node_new (&GRAPHENE_RECT_INIT (0, 0, width, height));
  cairo_t       *cr = gsk_cairo_node_get_draw_context (node);

  cairo_scale (cr, width / (double) cairo_image_surface_get_width (surface),
               height / (double) cairo_image_surface_get_height (surface));
  cairo_set_source_surface (cr, surface, 0, 0);
  cairo_pattern_set_filter (cairo_get_source (cr), CAIRO_FILTER_NEAREST);
  cairo_pattern_set_extend (cairo_get_source (cr), CAIRO_EXTEND_PAD);
  cairo_set_operator (cr, CAIRO_OPERATOR_SOURCE);
  cairo_paint (cr);
  cairo_destroy (cr);

  return node;
}

/* For GL: the picture as a texture, which the GPU scales in every frame (linearly). */
static GskRenderNode *
texture_node_new (HeartsFelt *self,
                  int         width,
                  int         height)
{
  if (self->texture == NULL)
    self->texture = hearts_texture_new_for_surface (self->surface);

  return gsk_texture_node_new (self->texture, &GRAPHENE_RECT_INIT (0, 0, width, height));
}

void
_hearts_felt_snapshot_sized (HeartsFelt  *self,
                             GtkSnapshot *snapshot,
                             int          width,
                             int          height,
                             gboolean     dark,
                             gboolean     cairo)
{
  if (width <= 0 || height <= 0)
    return;

  /* A larger table than the picture is for, or the other style: a new picture. While the
   * window is resized, the frames only scale it (the gradient was rendered in every frame
   * of a resize, an eighth of its time at 1080p). */
  if (self->surface == NULL || dark != self->dark ||
      width > self->picture_width * SHRINK || height > self->picture_height * SHRINK)
    {
      clear (self);
      self->picture_width = MAX (self->picture_width, STEP * ((width + SHRINK * STEP - 1) / (SHRINK * STEP)));
      self->picture_height = MAX (self->picture_height, STEP * ((height + SHRINK * STEP - 1) / (SHRINK * STEP)));
      self->dark = dark;
      self->surface = render (self->picture_width, self->picture_height, dark);
      self->n_renders++;
    }
  if (width != self->width || height != self->height ||
      (self->node != NULL && (gsk_render_node_get_node_type (self->node) == GSK_CAIRO_NODE) != cairo))
    {
      g_clear_pointer (&self->node, gsk_render_node_unref);
      self->width = width;
      self->height = height;
    }

  /* On cairo a cairo node rather than a texture, as for the cards (hearts-card-theme.c):
   * GTK 4.8's cairo renderer converts a memory texture in every frame. GL draws a texture
   * faster than the gradient's shader: in the first frame of a start with software GL,
   * llvmpipe took an eighth less time to fill the window. */
  if (self->node == NULL)
    self->node = cairo ? node_new (self->surface, width, height) : texture_node_new (self, width, height);
  gtk_snapshot_append_node (snapshot, self->node);
}

void
hearts_felt_snapshot (HeartsFelt  *self,
                      GtkWidget   *widget,
                      GtkSnapshot *snapshot)
{
  GtkNative   *native = gtk_widget_get_native (widget);
  GskRenderer *renderer = native != NULL ? gtk_native_get_renderer (native) : NULL;

  _hearts_felt_snapshot_sized (self, snapshot, gtk_widget_get_width (widget), gtk_widget_get_height (widget),
                               adw_style_manager_get_dark (adw_style_manager_get_default ()),
                               GSK_IS_CAIRO_RENDERER (renderer));
}

guint
_hearts_felt_count_renders (HeartsFelt *self)
{
  return self->n_renders;
}
