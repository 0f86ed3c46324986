/* test-card-drawing.c: cards as frames draw them, on a display (the cairo renderer)
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <adwaita.h>

#include "hearts-card-theme-private.h"
#include "hearts-table.h"
#include "hearts-test-util.h"

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

/* One card drawn as a frame would; the leaves of the frame, which keeps them alive. */
static GskRenderNode *
draw_card (HeartsCardTheme *theme,
           GtkWidget       *widget,
           HeartsCard       card,
           int              width,
           GPtrArray       *leaves)
{
  GtkSnapshot   *snapshot = gtk_snapshot_new ();
  int            height = hearts_card_theme_get_height_for_width (theme, width);
  GskRenderNode *node;

  hearts_card_theme_snapshot_card (theme, snapshot, widget, card,
                                   &GRAPHENE_RECT_INIT (10, 10, width, height), width);
  node = gtk_snapshot_free_to_node (snapshot);
  g_assert_nonnull (node);
  g_ptr_array_set_size (leaves, 0);
  collect_leaves (node, leaves);
  /* The shadow, then the card. */
  g_assert_cmpuint (leaves->len, ==, 2);

  return node;
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
  /* The cairo renderer gets cairo nodes, not textures it would convert in every frame. */
  g_assert_cmpint (gsk_render_node_get_node_type (g_ptr_array_index (leaves, 1)), ==, GSK_CAIRO_NODE);

  /* The rest of the deck comes from the worker after the frame. */
  wait_for_changed (&changed);
  g_assert_cmpuint (_hearts_card_theme_count_pictures (theme, 80, 1), ==, 53);

  /* Every frame draws the very same nodes, so that GSK sees nothing to redraw. */
  second = draw_card (theme, label, HEARTS_QUEEN_OF_SPADES, 80, again);
  g_assert_true (g_ptr_array_index (leaves, 0) == g_ptr_array_index (again, 0));
  g_assert_true (g_ptr_array_index (leaves, 1) == g_ptr_array_index (again, 1));
  gsk_render_node_unref (second);

  /* A new size: drawn from the old one, scaled, with nothing rendered in the frame … */
  second = draw_card (theme, label, HEARTS_QUEEN_OF_SPADES, 100, again);
  g_assert_true (g_ptr_array_index (leaves, 1) == g_ptr_array_index (again, 1));
  g_assert_cmpuint (_hearts_card_theme_count_pictures (theme, 100, 1), ==, 0);
  gsk_render_node_unref (second);
  /* … until the worker has the whole deck at the new size; then the old size goes. */
  wait_for_changed (&changed);
  g_assert_cmpuint (_hearts_card_theme_count_pictures (theme, 100, 1), ==, 53);
  g_assert_false (hearts_card_theme_has_size (theme, 80, 1));
  second = draw_card (theme, label, HEARTS_QUEEN_OF_SPADES, 100, again);
  g_assert_true (g_ptr_array_index (leaves, 1) != g_ptr_array_index (again, 1));
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

  return hearts_table_get_drew_cards (table);
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
  hearts_table_set_game (table, game);
  g_assert_true (drew_cards_after_frames (table));

  gtk_window_destroy (GTK_WINDOW (window));
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
  g_test_add_func ("/card-drawing/table-drew-cards", test_table_drew_cards);

  status = g_test_run ();
  /* A fill still rendering must not meet the process's exit. */
  hearts_card_theme_stop_workers ();
  return status;
}
