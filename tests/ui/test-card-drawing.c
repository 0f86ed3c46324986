/* test-card-drawing.c: cards as frames draw them, on a display (the cairo renderer)
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <adwaita.h>

#include "hearts-card-theme-private.h"
#include "hearts-felt.h"
#include "hearts-table.h"
#include "hearts-test-describe.h"
#include "hearts-test-util.h"
#include "hearts-test-widget.h"

/* The nodes that hold pixels (cairo and texture nodes), in drawing order. */
static void
collect_leaves (GskRenderNode *node,
                GPtrArray     *leaves)
{
  switch (gsk_render_node_get_node_type (node))
    {
    case GSK_CONTAINER_NODE:
      for (guint i = 0; i < gsk_container_node_get_n_children (node); i++)
        collect_leaves (gsk_container_node_get_child (node, i), leaves);
      break;

    case GSK_TRANSFORM_NODE:
      collect_leaves (gsk_transform_node_get_child (node), leaves);
      break;

    case GSK_OPACITY_NODE:
      collect_leaves (gsk_opacity_node_get_child (node), leaves);
      break;

    case GSK_CAIRO_NODE:
    case GSK_TEXTURE_NODE:
      g_ptr_array_add (leaves, node);
      break;

    default:
      g_assert_not_reached ();
    }
}

static gboolean
is_cairo (GtkWidget *widget)
{
  GtkNative *native = gtk_widget_get_native (widget);

  return native != NULL && GSK_IS_CAIRO_RENDERER (gtk_native_get_renderer (native));
}

/* One card drawn as a frame would, @width wide, rendered at @render_width (turned a quarter
 * clockwise if @turned); the leaves of the frame, which keeps them alive. */
static GskRenderNode *
draw_card_at (HeartsCardTheme *theme,
              GtkWidget       *widget,
              HeartsCard       card,
              int              width,
              int              render_width,
              gboolean         turned,
              GPtrArray       *leaves)
{
  GtkSnapshot    *snapshot = gtk_snapshot_new ();
  int             height = hearts_card_theme_get_height_for_width (theme, width);
  graphene_rect_t bounds = GRAPHENE_RECT_INIT (10, 10, width, height);
  GskRenderNode  *node;

  if (turned)
    hearts_card_theme_snapshot_card_turned (theme, snapshot, widget, card, &bounds, render_width);
  else
    hearts_card_theme_snapshot_card (theme, snapshot, widget, card, &bounds, render_width);
  node = gtk_snapshot_free_to_node (snapshot);
  g_assert_nonnull (node);
  g_ptr_array_set_size (leaves, 0);
  collect_leaves (node, leaves);
  /* The cairo renderer gets the card over its shadow in one node (each cairo node costs it a
   * surface of its own in every frame); the others the shadow, then the card. */
  g_assert_cmpuint (leaves->len, ==, is_cairo (widget) ? 1 : 2);

  return node;
}

static GskRenderNode *
draw_card (HeartsCardTheme *theme,
           GtkWidget       *widget,
           HeartsCard       card,
           int              width,
           GPtrArray       *leaves)
{
  return draw_card_at (theme, widget, card, width, width, FALSE, leaves);
}

/* The last leaf of a frame: the card (over its shadow, with cairo). */
static GskRenderNode *
card_leaf (GPtrArray *leaves)
{
  return g_ptr_array_index (leaves, leaves->len - 1);
}

static void
on_changed (HeartsCardTheme *theme,
            guint           *count)
{
  (*count)++;
}

static void
wait_for_changed (guint *count)
{
  guint  before = *count;
  gint64 end = g_get_monotonic_time () + 30 * G_USEC_PER_SEC;

  while (*count == before)
    {
      g_assert_cmpint (g_get_monotonic_time (), <, end);
      g_main_context_iteration (NULL, TRUE);
    }
}

/* The theme's worker lets go of it (its task) just after it is done. */
static void
settle (HeartsCardTheme *theme)
{
  g_assert_true (hearts_test_await_last_reference (theme, 30000));
}

static GtkWidget *
shown_window (GtkWidget *child)
{
  GtkWidget *window = gtk_window_new ();

  gtk_window_set_child (GTK_WINDOW (window), child);
  gtk_window_present (GTK_WINDOW (window));
  while (!gtk_widget_get_mapped (child))
    g_main_context_iteration (NULL, TRUE);

  return window;
}

static void
test_frames (void)
{
  HeartsCardTheme *theme;
  GtkWidget       *label = gtk_label_new ("cards");
  GtkWidget       *window = shown_window (label);
  g_autoptr(GPtrArray) leaves = g_ptr_array_new ();
  g_autoptr(GPtrArray) again = g_ptr_array_new ();
  GskRenderNode *first, *second;
  guint          changed = 0;

  /* The deck from this theme, not one an earlier run kept on disk. */
  _hearts_card_theme_wait_workers ();
  hearts_test_forget_kept_decks ();
  theme = hearts_card_theme_new_default ();

  g_signal_connect (theme, "changed", G_CALLBACK (on_changed), &changed);

  /* The first frame renders the card it shows, and nothing else, at once. */
  first = draw_card (theme, label, HEARTS_QUEEN_OF_SPADES, 80, leaves);
  g_assert_cmpuint (_hearts_card_theme_count_pictures (theme, 80, 1), ==, 1);
  /* The cairo renderer gets cairo nodes, not textures it would convert in every frame; the
   * card's node holds its shadow, which reaches past the card. */
  g_assert_cmpint (gsk_render_node_get_node_type (card_leaf (leaves)), ==, GSK_CAIRO_NODE);
  {
    graphene_rect_t bounds;

    gsk_render_node_get_bounds (card_leaf (leaves), &bounds);
    g_assert_cmpfloat (bounds.size.width, >, 80);
    g_assert_cmpfloat (bounds.origin.x, <, 0);
  }

  /* The rest of the deck comes from the worker after the frame. */
  wait_for_changed (&changed);
  g_assert_cmpuint (_hearts_card_theme_count_pictures (theme, 80, 1), ==, 53);

  /* Every frame draws the very same nodes, so that GSK sees nothing to redraw. */
  second = draw_card (theme, label, HEARTS_QUEEN_OF_SPADES, 80, again);
  g_assert_true (card_leaf (leaves) == card_leaf (again));
  gsk_render_node_unref (second);

  /* A new size: drawn from the old one, scaled, with nothing rendered in the frame … */
  second = draw_card (theme, label, HEARTS_QUEEN_OF_SPADES, 100, again);
  g_assert_true (card_leaf (leaves) == card_leaf (again));
  g_assert_cmpuint (_hearts_card_theme_count_pictures (theme, 100, 1), ==, 0);
  gsk_render_node_unref (second);
  /* … until the worker has the whole deck at the new size; then the old size goes. */
  wait_for_changed (&changed);
  g_assert_cmpuint (_hearts_card_theme_count_pictures (theme, 100, 1), ==, 53);
  g_assert_false (hearts_card_theme_has_size (theme, 80, 1));
  second = draw_card (theme, label, HEARTS_QUEEN_OF_SPADES, 100, again);
  g_assert_true (card_leaf (leaves) != card_leaf (again));
  gsk_render_node_unref (second);

  gsk_render_node_unref (first);
  gtk_window_destroy (GTK_WINDOW (window));
  settle (theme);
  g_assert_finalize_object (theme);
}

static void
test_texture_frames (void)
{
  HeartsCardTheme *theme;
  g_autoptr(GtkWidget) widget = g_object_ref_sink (gtk_label_new ("not shown"));
  g_autoptr(GPtrArray) leaves = g_ptr_array_new ();
  GskRenderNode *node;
  GdkTexture    *texture;

  /* Not the size test_frames() kept on disk, which would stand in for the one drawn. */
  _hearts_card_theme_wait_workers ();
  hearts_test_forget_kept_decks ();
  theme = hearts_card_theme_new_default ();

  /* Anything but the cairo renderer draws the cached texture itself. */
  node = draw_card (theme, widget, HEARTS_TWO_OF_CLUBS, 60, leaves);
  g_assert_cmpuint (leaves->len, ==, 2);
  g_assert_cmpint (gsk_render_node_get_node_type (g_ptr_array_index (leaves, 1)), ==, GSK_TEXTURE_NODE);
  texture = gsk_texture_node_get_texture (g_ptr_array_index (leaves, 1));
  g_assert_true (texture == hearts_card_theme_get_texture (theme, HEARTS_TWO_OF_CLUBS, 60, 1));
  /* The shadow reaches past the card. */
  g_assert_cmpint (gdk_texture_get_width (gsk_texture_node_get_texture (g_ptr_array_index (leaves, 0))), >, 60);
  gsk_render_node_unref (node);

  g_clear_object (&widget);
  settle (theme);
  g_assert_finalize_object (theme);
}

/* Runs what is due on the main context, without waiting for anything. */
static void
flush_main_context (void)
{
  while (g_main_context_iteration (NULL, FALSE))
    ;
}

/* A live resize: each frame a new size, drawn from the complete one before; no worker renders
 * a size until the sizes stop coming (here: until the test lets the wait end), then the last
 * size only, and the size before goes. */
static void
test_resize_settles (void)
{
  HeartsCardTheme *theme;
  GtkWidget       *label = gtk_label_new ("cards");
  GtkWidget       *window = shown_window (label);
  g_autoptr(GPtrArray) leaves = g_ptr_array_new ();
  g_autoptr(GPtrArray) again = g_ptr_array_new ();
  GskRenderNode *node;
  guint          changed = 0;

  _hearts_card_theme_wait_workers ();
  hearts_test_forget_kept_decks ();
  theme = hearts_card_theme_new_default ();
  g_signal_connect (theme, "changed", G_CALLBACK (on_changed), &changed);
  gsk_render_node_unref (draw_card (theme, label, HEARTS_CARD (HEARTS_SUIT_HEARTS, HEARTS_RANK_ACE), 70, leaves));
  wait_for_changed (&changed);
  g_assert_cmpuint (_hearts_card_theme_count_pictures (theme, 70, 1), ==, 53);
  node = draw_card (theme, label, HEARTS_CARD (HEARTS_SUIT_HEARTS, HEARTS_RANK_ACE), 70, leaves);

  _hearts_card_theme_set_settle_ms (theme, G_MAXINT);
  for (int width = 80; width <= 100; width += 5)
    {
      GskRenderNode *frame = draw_card (theme, label, HEARTS_CARD (HEARTS_SUIT_HEARTS, HEARTS_RANK_ACE), width, again);

      /* The size before stands in, … */
      g_assert_true (card_leaf (leaves) == card_leaf (again));
      gsk_render_node_unref (frame);
      /* … and no worker renders this one, not even once every frame is out. */
      flush_main_context ();
      _hearts_card_theme_wait_workers ();
      flush_main_context ();
      g_assert_cmpuint (_hearts_card_theme_count_pictures (theme, width, 1), ==, 0);
    }
  g_assert_true (hearts_card_theme_has_size (theme, 70, 1));

  /* The resize is over: the last size is rendered, and the one before goes. */
  _hearts_card_theme_set_settle_ms (theme, 0);
  wait_for_changed (&changed);
  g_assert_cmpuint (_hearts_card_theme_count_pictures (theme, 100, 1), ==, 53);
  g_assert_false (hearts_card_theme_has_size (theme, 70, 1));
  g_assert_false (hearts_card_theme_has_size (theme, 95, 1));
  gsk_render_node_unref (node);
  node = draw_card (theme, label, HEARTS_CARD (HEARTS_SUIT_HEARTS, HEARTS_RANK_ACE), 100, again);
  g_assert_cmpint (gsk_render_node_get_node_type (card_leaf (again)), ==, GSK_CAIRO_NODE);
  {
    graphene_rect_t bounds;

    /* Its own size now: not the stand-in scaled. */
    gsk_render_node_get_bounds (card_leaf (again), &bounds);
    g_assert_cmpfloat (bounds.size.width, >, 100);
    g_assert_cmpfloat (bounds.size.width, <, 120);
  }

  gsk_render_node_unref (node);
  gtk_window_destroy (GTK_WINDOW (window));
  settle (theme);
  g_assert_finalize_object (theme);
}

/* The alpha of a frame's pixels in a rectangle, added up. */
static guint64
alpha_in (GskRenderNode *node,
          int            x,
          int            y,
          int            width,
          int            height)
{
  cairo_surface_t *surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, 300, 300);
  cairo_t         *cr = cairo_create (surface);
  const guint32   *data;
  int              stride;
  guint64          sum = 0;

  gsk_render_node_draw (node, cr);
  cairo_destroy (cr);
  cairo_surface_flush (surface);
  data = (const guint32 *) cairo_image_surface_get_data (surface);
  stride = cairo_image_surface_get_stride (surface) / 4;
  for (int j = MAX (0, y); j < MIN (300, y + height); j++)
    for (int i = MAX (0, x); i < MIN (300, x + width); i++)
      sum += data[j * stride + i] >> 24;
  cairo_surface_destroy (surface);

  return sum;
}

/* The side seats' backs: a picture turned once, the same node in every frame, turned as
 * gtk_snapshot_rotate (snapshot, 90) turns (clockwise: the shadow, under an upright card,
 * falls to the left of a turned one). */
static void
test_turned_backs (void)
{
  g_autoptr(HeartsCardTheme) theme = hearts_card_theme_new_default ();
  GtkWidget *label = gtk_label_new ("backs");
  GtkWidget *window = shown_window (label);
  g_autoptr(GPtrArray) leaves = g_ptr_array_new ();
  g_autoptr(GPtrArray) again = g_ptr_array_new ();
  GskRenderNode  *upright, *turned, *second;
  graphene_rect_t bounds;
  int             width = 45, height = hearts_card_theme_get_height_for_width (theme, 45);
  float           cx = 10 + width / 2.f, cy = 10 + height / 2.f;

  upright = draw_card_at (theme, label, HEARTS_NO_CARD, width, 80, FALSE, leaves);
  gsk_render_node_get_bounds (card_leaf (leaves), &bounds);
  g_assert_cmpfloat (bounds.size.width, >, width);
  g_assert_cmpfloat (bounds.size.width, <, bounds.size.height);
  /* The shadow falls below an upright card. */
  g_assert_cmpuint (alpha_in (upright, 10, 10 + height, width, 6), >, alpha_in (upright, 10, 4, width, 6));

  turned = draw_card_at (theme, label, HEARTS_NO_CARD, width, 80, TRUE, leaves);
  g_assert_cmpint (gsk_render_node_get_node_type (card_leaf (leaves)), ==, GSK_CAIRO_NODE);
  gsk_render_node_get_bounds (turned, &bounds);
  /* Lying across where the card stood, about the same centre. */
  g_assert_cmpfloat (bounds.size.width, >, bounds.size.height);
  g_assert_cmpfloat_with_epsilon (bounds.origin.x + bounds.size.width / 2, cx, 1);
  g_assert_cmpfloat_with_epsilon (bounds.origin.y + bounds.size.height / 2, cy, 1);
  g_assert_cmpuint (alpha_in (turned, cx - height / 2.f - 6, cy - width / 2.f, 6, width), >,
                    alpha_in (turned, cx + height / 2.f, cy - width / 2.f, 6, width));
  /* Opaque where the card is. */
  g_assert_cmpuint (alpha_in (turned, cx - 10, cy - 5, 20, 10), ==, 200 * 255);

  second = draw_card_at (theme, label, HEARTS_NO_CARD, width, 80, TRUE, again);
  g_assert_true (card_leaf (leaves) == card_leaf (again));
  gsk_render_node_unref (second);

  gsk_render_node_unref (upright);
  gsk_render_node_unref (turned);
  gtk_window_destroy (GTK_WINDOW (window));
  _hearts_card_theme_wait_workers ();
}

static void
after_paint_cb (GdkFrameClock *clock,
                guint         *frames)
{
  (*frames)++;
}

static gboolean
drew_cards_after_frames (HeartsTable *table)
{
  GdkFrameClock *clock = gtk_widget_get_frame_clock (GTK_WIDGET (table));
  guint          frames = 0;
  gulong         id = g_signal_connect (clock, "after-paint", G_CALLBACK (after_paint_cb), &frames);

  /* Two frames, each asked for: the second has whatever the first laid out. */
  while (frames < 2)
    {
      guint before = frames;

      gtk_widget_queue_draw (GTK_WIDGET (table));
      while (frames == before)
        g_main_context_iteration (NULL, TRUE);
    }
  g_signal_handler_disconnect (clock, id);

  return hearts_test_table_drew_cards (table);
}

static void
test_table_drew_cards (void)
{
  HeartsTable *table = HEARTS_TABLE (hearts_table_new ());
  GtkWidget   *window = shown_window (GTK_WIDGET (table));
  g_autoptr(HeartsCardTheme) theme = hearts_card_theme_new_default ();
  g_autoptr(HeartsGame) game = NULL;
  HeartsRules rules;

  gtk_window_set_default_size (GTK_WINDOW (window), 960, 720);
  /* What the startup bench waits for: not the empty felt, but the cards. */
  g_assert_false (drew_cards_after_frames (table));
  hearts_table_set_card_theme (table, theme);
  g_assert_false (drew_cards_after_frames (table));

  hearts_rules_init_default (&rules);
  game = hearts_game_new (&rules, 7);
  hearts_test_table_set_game (table, game);
  g_assert_true (drew_cards_after_frames (table));

  gtk_window_destroy (GTK_WINDOW (window));
}

static GskRenderNode *
draw_felt (HeartsFelt *felt,
           GtkWidget  *widget)
{
  GtkSnapshot *snapshot = gtk_snapshot_new ();

  hearts_felt_snapshot (felt, widget, snapshot);
  return gtk_snapshot_free_to_node (snapshot);
}

/* The felt's pixels at the middle and at a corner, as ARGB. */
static void
felt_pixels (GskRenderNode *node,
             int            width,
             int            height,
             guint32       *middle,
             guint32       *corner)
{
  cairo_surface_t *surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, width, height);
  cairo_t         *cr = cairo_create (surface);
  guint32         *data;
  int              stride;

  gsk_render_node_draw (node, cr);
  cairo_destroy (cr);
  cairo_surface_flush (surface);
  data = (guint32 *) cairo_image_surface_get_data (surface);
  stride = cairo_image_surface_get_stride (surface) / 4;
  *middle = data[(height / 2) * stride + width / 2];
  *corner = data[0];
  cairo_surface_destroy (surface);
}

static int
channel_distance (guint32 a,
                  guint32 b)
{
  int d = 0;

  for (int shift = 0; shift < 32; shift += 8)
    d = MAX (d, ABS ((int) ((a >> shift) & 0xff) - (int) ((b >> shift) & 0xff)));

  return d;
}

/* The baize: opaque to its corners, lit in the middle (the gradient's first colour) and dark
 * at the corners (its last), the same cairo node every frame until the size or the style
 * changes, and darker in the dark style. */
static void
test_felt (void)
{
  g_autoptr(HeartsFelt) felt = hearts_felt_new ();
  GtkWidget       *label = gtk_label_new ("felt");
  GtkWidget       *window = shown_window (label);
  AdwStyleManager *style = adw_style_manager_get_default ();
  GskRenderNode   *first, *again, *resized, *larger, *dark;
  guint            renders;
  graphene_rect_t  bounds;
  int              width, height;
  guint32          middle, corner, dark_middle, dark_corner;

  gtk_window_set_default_size (GTK_WINDOW (window), 400, 300);
  while (gtk_widget_get_width (label) < 300)
    g_main_context_iteration (NULL, TRUE);
  width = gtk_widget_get_width (label);
  height = gtk_widget_get_height (label);

  first = draw_felt (felt, label);
  g_assert_cmpint (gsk_render_node_get_node_type (first), ==, GSK_CAIRO_NODE);
  again = draw_felt (felt, label);
  g_assert_true (first == again);
  felt_pixels (first, width, height, &middle, &corner);
  g_assert_cmphex (middle >> 24, ==, 0xff);
  g_assert_cmphex (corner >> 24, ==, 0xff);
  g_assert_cmpint (channel_distance (middle, 0xff2f8a4c), <=, 3);
  g_assert_cmpint (channel_distance (corner, 0xff174f2b), <=, 6);

  adw_style_manager_set_color_scheme (style, ADW_COLOR_SCHEME_FORCE_DARK);
  dark = draw_felt (felt, label);
  g_assert_true (dark != first);
  felt_pixels (dark, width, height, &dark_middle, &dark_corner);
  g_assert_cmpint (channel_distance (dark_middle, 0xff1c5a33), <=, 3);
  g_assert_cmpint (channel_distance (dark_corner, 0xff0c2f1a), <=, 6);
  adw_style_manager_set_color_scheme (style, ADW_COLOR_SCHEME_DEFAULT);

  /* A resize scales the picture, and renders it again only for a table larger than it was
   * made for: the same gradient, stretched. */
  gsk_render_node_unref (draw_felt (felt, label));
  renders = _hearts_felt_count_renders (felt);
  gtk_window_set_default_size (GTK_WINDOW (window), 500, 300);
  while (gtk_widget_get_width (label) == width)
    g_main_context_iteration (NULL, TRUE);
  resized = draw_felt (felt, label);
  g_assert_true (resized != first);
  gsk_render_node_get_bounds (resized, &bounds);
  g_assert_cmpfloat (bounds.size.width, ==, gtk_widget_get_width (label));
  g_assert_cmpuint (_hearts_felt_count_renders (felt), ==, renders);
  felt_pixels (resized, gtk_widget_get_width (label), gtk_widget_get_height (label), &middle, &corner);
  g_assert_cmpint (channel_distance (middle, 0xff2f8a4c), <=, 3);
  g_assert_cmpint (channel_distance (corner, 0xff174f2b), <=, 6);

  gtk_window_set_default_size (GTK_WINDOW (window), 1200, 700);
  while (gtk_widget_get_width (label) < 1000)
    g_main_context_iteration (NULL, TRUE);
  larger = draw_felt (felt, label);
  g_assert_cmpuint (_hearts_felt_count_renders (felt), ==, renders + 1);
  felt_pixels (larger, gtk_widget_get_width (label), gtk_widget_get_height (label), &middle, &corner);
  g_assert_cmpint (channel_distance (middle, 0xff2f8a4c), <=, 3);
  g_assert_cmpint (channel_distance (corner, 0xff174f2b), <=, 6);

  gsk_render_node_unref (first);
  gsk_render_node_unref (again);
  gsk_render_node_unref (dark);
  gsk_render_node_unref (resized);
  gsk_render_node_unref (larger);
  gtk_window_destroy (GTK_WINDOW (window));
}

/* GL and the other renderers scale the same picture as a texture: the same texture for every
 * frame and size it covers, and the gradient's colours. */
static void
test_felt_texture (void)
{
  g_autoptr(HeartsFelt) felt = hearts_felt_new ();
  GskRenderNode *nodes[4];
  GtkSnapshot   *snapshot;
  guint32        middle, corner;
  const int      sizes[][2] = { { 400, 300 }, { 400, 300 }, { 500, 300 }, { 400, 300 } };

  for (guint i = 0; i < G_N_ELEMENTS (nodes); i++)
    {
      snapshot = gtk_snapshot_new ();
      _hearts_felt_snapshot_sized (felt, snapshot, sizes[i][0], sizes[i][1], FALSE, i < 3);
      nodes[i] = gtk_snapshot_free_to_node (snapshot);
      g_assert_nonnull (nodes[i]);
    }
  g_assert_cmpint (gsk_render_node_get_node_type (nodes[0]), ==, GSK_CAIRO_NODE);
  g_assert_true (nodes[1] == nodes[0]);
  g_assert_cmpint (gsk_render_node_get_node_type (nodes[3]), ==, GSK_TEXTURE_NODE);
  g_assert_cmpuint (_hearts_felt_count_renders (felt), ==, 1);
  felt_pixels (nodes[3], 400, 300, &middle, &corner);
  g_assert_cmpint (channel_distance (middle, 0xff2f8a4c), <=, 3);
  g_assert_cmpint (channel_distance (corner, 0xff174f2b), <=, 6);
  for (guint i = 0; i < G_N_ELEMENTS (nodes); i++)
    gsk_render_node_unref (nodes[i]);

  /* Every frame and size: the same texture, stretched. */
  snapshot = gtk_snapshot_new ();
  _hearts_felt_snapshot_sized (felt, snapshot, 400, 300, FALSE, FALSE);
  nodes[0] = gtk_snapshot_free_to_node (snapshot);
  snapshot = gtk_snapshot_new ();
  _hearts_felt_snapshot_sized (felt, snapshot, 480, 330, FALSE, FALSE);
  nodes[1] = gtk_snapshot_free_to_node (snapshot);
  g_assert_cmpint (gsk_render_node_get_node_type (nodes[1]), ==, GSK_TEXTURE_NODE);
  g_assert_true (gsk_texture_node_get_texture (nodes[0]) == gsk_texture_node_get_texture (nodes[1]));
  g_assert_cmpuint (_hearts_felt_count_renders (felt), ==, 1);
  felt_pixels (nodes[1], 480, 330, &middle, &corner);
  g_assert_cmpint (channel_distance (middle, 0xff2f8a4c), <=, 3);
  g_assert_cmpint (channel_distance (corner, 0xff174f2b), <=, 6);
  gsk_render_node_unref (nodes[0]);
  gsk_render_node_unref (nodes[1]);
}

int
main (int   argc,
      char *argv[])
{
  int status;

  gtk_test_init (&argc, &argv, NULL);
  adw_init ();

  g_test_add_func ("/card-drawing/frames", test_frames);
  g_test_add_func ("/card-drawing/texture-frames", test_texture_frames);
  g_test_add_func ("/card-drawing/turned-backs", test_turned_backs);
  g_test_add_func ("/card-drawing/resize-settles", test_resize_settles);
  g_test_add_func ("/card-drawing/table-drew-cards", test_table_drew_cards);
  g_test_add_func ("/card-drawing/felt", test_felt);
  g_test_add_func ("/card-drawing/felt-texture", test_felt_texture);

  status = g_test_run ();
  /* A fill still rendering must not meet the process's exit. */
  hearts_card_theme_stop_workers ();
  return status;
}
