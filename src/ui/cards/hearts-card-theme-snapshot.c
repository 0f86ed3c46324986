/* hearts-card-theme-snapshot.c: drawing a card in a frame from the sizes at hand
 *
 * A frame never waits for more than the pictures no size has yet: a card the size asked for
 * lacks is drawn from another size, scaled, and the worker is told to render the rest
 * (hearts-card-render-worker.c). With the GL renderer a card is two textures, its shadow and
 * itself; with the cairo renderer it is one cairo node, the card over its shadow, the same
 * object every frame and sampled at the nearest pixel; the backs at rest get a picture of
 * their own size, the side seats' turned once.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <math.h>

#include "hearts-card-theme-private.h"

/* The picture and its shadow in one cairo node, at the size they were rendered at; the card
 * from (0, 0), the shadow's margin round it. One node rather than two: GTK 4.8's cairo
 * renderer paints each cairo node into a new surface of its own size before it blends that
 * in, in every frame that draws it (a resize draws them all). */
static GskRenderNode *
framed_node_new (HeartsCardTheme *self,
                 HeartsCardSize  *size,
                 guint            index)
{
  cairo_surface_t *shadow = _hearts_card_theme_ensure_surface (self, size, HEARTS_CARD_SHADOW_INDEX);
  cairo_surface_t *picture = _hearts_card_theme_ensure_surface (self, size, index);
  int              margin = _hearts_card_theme_shadow_margin (size->width);
  int              height = hearts_card_theme_get_height_for_width (self, size->width);
  GskRenderNode   *node;
  cairo_t         *cr;

  node = gsk_cairo_node_new (&GRAPHENE_RECT_INIT (-margin, -margin, size->width + 2 * margin, height + 2 * margin));
  cr = gsk_cairo_node_get_draw_context (node);
  cairo_scale (cr, 1.0 / size->scale, 1.0 / size->scale);
  cairo_set_source_surface (cr, shadow, -margin * size->scale, -margin * size->scale);
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
               HeartsCardSize  *size,
               int              width,
               int              height,
               gboolean         turned)
{
  cairo_surface_t *shadow = _hearts_card_theme_ensure_surface (self, size, HEARTS_CARD_SHADOW_INDEX);
  cairo_surface_t *back = _hearts_card_theme_ensure_surface (self, size, HEARTS_CARD_BACK_INDEX);
  int              margin = MAX (1, (int) roundf (_hearts_card_theme_shadow_margin (size->width) * (float) width / size->width));
  int              framed_width = width + 2 * margin;
  int              framed_height = height + 2 * margin;
  int              scale = size->scale;
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
                  HeartsCardSize  *size,
                  int              width,
                  int              height,
                  gboolean         turned)
{
  GskRenderNode **node = &size->backs[turned ? 1 : 0];
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
  *node = back_node_new (self, size, width, height, turned);

  return *node;
}

/* The picture over its shadow on the cairo renderer: GTK 4.8's converts a memory texture
 * through floats, pixel by pixel, in every frame that shows it; a cairo node paints our
 * surfaces as they are. @bounds is the card's place, before it is @turned. */
static void
append_framed (HeartsCardTheme       *self,
               GtkSnapshot           *snapshot,
               HeartsCardSize        *size,
               guint                  index,
               const graphene_rect_t *bounds,
               gboolean               turned)
{
  int              own_height = hearts_card_theme_get_height_for_width (self, size->width);
  float            width = bounds->size.width, height = bounds->size.height;
  graphene_point_t center;

  graphene_rect_get_center (bounds, &center);
  gtk_snapshot_save (snapshot);
  if (index == HEARTS_CARD_BACK_INDEX && (fabsf (width - size->width) > 0.01f || fabsf (height - own_height) > 0.01f))
    {
      /* The backs at rest are smaller than the hand: scaled once, not in every frame. */
      int rounded_width = MAX (1, (int) roundf (width));
      int rounded_height = MAX (1, (int) roundf (height));

      gtk_snapshot_translate (snapshot, &GRAPHENE_POINT_INIT (center.x - (turned ? height : width) / 2,
                                                              center.y - (turned ? width : height) / 2));
      if (rounded_width != width || rounded_height != height)
        gtk_snapshot_scale (snapshot, turned ? height / rounded_height : width / rounded_width,
                            turned ? width / rounded_width : height / rounded_height);
      gtk_snapshot_append_node (snapshot, ensure_back_node (self, size, rounded_width, rounded_height, turned));
    }
  else
    {
      if (size->nodes[index] == NULL)
        size->nodes[index] = framed_node_new (self, size, index);
      if (turned)
        {
          gtk_snapshot_translate (snapshot, &center);
          gtk_snapshot_rotate (snapshot, 90);
          gtk_snapshot_translate (snapshot, &GRAPHENE_POINT_INIT (-center.x, -center.y));
        }
      gtk_snapshot_translate (snapshot, &bounds->origin);
      if (width != size->width || height != own_height)
        gtk_snapshot_scale (snapshot, width / size->width, height / own_height);
      gtk_snapshot_append_node (snapshot, size->nodes[index]);
    }
  gtk_snapshot_restore (snapshot);
}

/* The size a frame draws picture @index from: @width if it has it, else any size that has it,
 * drawn scaled while a worker renders @width; rendered now only if no size has it. */
static HeartsCardSize *
size_for_frame (HeartsCardTheme *self,
                guint            index,
                int              width,
                int              scale)
{
  HeartsCardSize *size = hearts_card_size_cache_lookup (self->sizes, width, scale);
  HeartsCardSize *stand_in;
  gboolean        resizing = FALSE;

  if (size != NULL && size->surfaces[index] != NULL)
    {
      hearts_card_size_cache_touch (self->sizes, size);
      return size;
    }

  /* Made first: making room may drop a size, which then stands in for nothing. */
  if (size == NULL)
    {
      size = _hearts_card_theme_use_size (self, width, scale);
      resizing = hearts_card_size_cache_has_other (self->sizes, size);
    }
  stand_in = hearts_card_size_cache_stand_in (self->sizes, index, width, scale);
  if (stand_in == NULL || index == HEARTS_CARD_SHADOW_INDEX)
    {
      _hearts_card_theme_ensure_surface (self, size, index);
      stand_in = size;
    }
  /* The rest of the deck follows in the background, so that a card first seen in the
   * middle of an animation does not hold up its frame. A new size while another can stand
   * in is a resize. */
  _hearts_card_theme_schedule_fill (self, resizing);

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
  HeartsCardSize *size;
  float           margin;

  size = size_for_frame (self, HEARTS_CARD_SHADOW_INDEX, width, scale);
  margin = _hearts_card_theme_shadow_margin (size->width) * bounds->size.width / size->width;
  gtk_snapshot_append_texture (snapshot, _hearts_card_theme_ensure_texture (self, size, HEARTS_CARD_SHADOW_INDEX),
                               &GRAPHENE_RECT_INIT (bounds->origin.x - margin, bounds->origin.y - margin,
                                                    bounds->size.width + 2 * margin,
                                                    bounds->size.height + 2 * margin));

  size = size_for_frame (self, hearts_card_picture_index (card), width, scale);
  gtk_snapshot_append_texture (snapshot, _hearts_card_theme_ensure_texture (self, size, hearts_card_picture_index (card)), bounds);
}

void
_hearts_card_theme_snapshot (HeartsCardTheme       *self,
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
      append_framed (self, snapshot, size_for_frame (self, hearts_card_picture_index (card), width, scale),
                     hearts_card_picture_index (card), bounds, turned);
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
