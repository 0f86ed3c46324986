/* hearts-test-widget.c: what the widget tests share
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <adwaita.h>

#include "hearts-card-theme-private.h"
#include "hearts-compat.h"
#include "hearts-resources.h"
#include "hearts-local-seat-view.h"
#include "hearts-test-widget.h"
#include "hearts-window.h"

/**
 * hearts_test_init_widgets:
 *
 * gtk_test_init() and adw_init(), or a skip of the whole test program when
 * there is no display to open. The program's exit waits for the cards still being
 * drawn in threads (librsvg and cairo must not be torn down under them).
 */
void
hearts_test_init_widgets (int    *argc,
                          char ***argv)
{
  hearts_test_skip_without_display ();
  gtk_test_init (argc, argv, NULL);
  adw_init ();
  atexit (hearts_card_theme_stop_workers);
}

/**
 * hearts_test_destroy_window:
 *
 * Destroys @window and checks that it is finalized once what it queued has run
 * and the computer players' threads have let go of it.
 */
void
hearts_test_destroy_window (GtkWindow *window)
{
  g_object_ref (window);
  gtk_window_destroy (window);
  hearts_test_assert_finalize_object (window);
}

typedef struct
{
  GtkWindow *window;
  int        width;
  int        height;
} Resized;

static gboolean
resized (gpointer user_data)
{
  Resized    *r = user_data;
  GdkSurface *surface = gtk_native_get_surface (GTK_NATIVE (r->window));

  /* The surface's size: the window's own leaves out the frame. */
  return surface != NULL && gdk_surface_get_width (surface) == r->width &&
         gdk_surface_get_height (surface) == r->height && !g_main_context_pending (NULL);
}

/**
 * hearts_test_resize_window:
 *
 * Resizes @window (shown) to @width × @height, as a player dragging its edge would, and
 * returns once it has that size and has been laid out at it.
 */
void
hearts_test_resize_window (GtkWindow *window,
                           int        width,
                           int        height)
{
  Resized r = { window, width, height };

  g_assert_true (gtk_widget_get_realized (GTK_WIDGET (window)));
  gtk_window_set_default_size (window, width, height);
  g_assert_true (hearts_test_iterate_until (resized, &r, HEARTS_TEST_TIMEOUT_MS));
}

/**
 * hearts_test_load_style:
 *
 * What AdwApplication loads from the program's resources: style.css, and style-dark.css
 * (if there is one) while the style manager is dark (set the colour scheme first).
 */
void
hearts_test_load_style (void)
{
  g_autoptr(GtkCssProvider) css = gtk_css_provider_new ();

  g_assert_nonnull (hearts_get_resource ());
  gtk_css_provider_load_from_resource (css, RESOURCE_PATH "/style.css");
  gtk_style_context_add_provider_for_display (gdk_display_get_default (), GTK_STYLE_PROVIDER (css),
                                              GTK_STYLE_PROVIDER_PRIORITY_APPLICATION);
  if (adw_style_manager_get_dark (adw_style_manager_get_default ()) &&
      g_resources_get_info (RESOURCE_PATH "/style-dark.css", G_RESOURCE_LOOKUP_FLAGS_NONE, NULL, NULL, NULL))
    {
      g_autoptr(GtkCssProvider) dark = gtk_css_provider_new ();

      gtk_css_provider_load_from_resource (dark, RESOURCE_PATH "/style-dark.css");
      gtk_style_context_add_provider_for_display (gdk_display_get_default (), GTK_STYLE_PROVIDER (dark),
                                                  GTK_STYLE_PROVIDER_PRIORITY_APPLICATION);
    }
}

static gboolean
mapped (gpointer user_data)
{
  return gtk_widget_get_mapped (user_data);
}

static gboolean
is_set (gpointer user_data)
{
  return *(gboolean *) user_data;
}

static void
on_after_paint_cb (GdkFrameClock *clock,
                   gboolean      *painted)
{
  *painted = TRUE;
}

/* Until @widget's window has drawn a frame after now. */
static void
wait_frame (GtkWidget *widget)
{
  GdkFrameClock *clock = gtk_widget_get_frame_clock (widget);
  gboolean       painted = FALSE;
  gulong         id;

  id = g_signal_connect (clock, "after-paint", G_CALLBACK (on_after_paint_cb), &painted);
  gtk_widget_queue_draw (widget);
  g_assert_true (hearts_test_iterate_until (is_set, &painted, HEARTS_TEST_TIMEOUT_MS));
  g_signal_handler_disconnect (clock, id);
}

static void
flush_main_context (void)
{
  while (g_main_context_pending (NULL))
    g_main_context_iteration (NULL, FALSE);
}

/**
 * hearts_test_wait_drawn:
 *
 * Waits until @widget is on screen as it will stay: mapped, its window at its size, the
 * cards its first frame asked for rendered in full (not scaled from another size meanwhile), and drawn again
 * with them. For a screenshot, instead of a guess at how long that takes.
 */
void
hearts_test_wait_drawn (GtkWidget *widget)
{
  GdkSurface *surface;
  int         width, height;

  g_assert_true (hearts_test_iterate_until (mapped, widget, HEARTS_TEST_TIMEOUT_MS));
  surface = gtk_native_get_surface (gtk_widget_get_native (widget));
  /* A window takes its size in steps (the server's answer, then a relayout): until a
   * frame leaves it as it was. */
  do
    {
      width = gdk_surface_get_width (surface);
      height = gdk_surface_get_height (surface);
      wait_frame (widget);
    }
  while (width != gdk_surface_get_width (surface) || height != gdk_surface_get_height (surface));
  /* The first frames queued the rest of the deck (an idle starts the workers); what they
   * finish asks for a redraw. */
  flush_main_context ();
  _hearts_card_theme_wait_workers ();
  flush_main_context ();
  wait_frame (widget);
  gdk_display_sync (gtk_widget_get_display (widget));
}

void
hearts_test_take_screenshot (const char *path)
{
  g_autofree char *command = g_strdup_printf ("import -window root %s", path);
  g_autoptr(GError) error = NULL;
  gint status;

  if (!g_spawn_command_line_sync (command, NULL, NULL, &status, &error) ||
      !g_spawn_check_wait_status (status, &error))
    g_printerr ("import: %s\n", error->message);
  else
    g_print ("%s\n", path);
}

GtkWidget *
hearts_test_find_with_class (GtkWidget  *root,
                             GType       type,
                             const char *css_class)
{
  if (G_TYPE_CHECK_INSTANCE_TYPE (root, type) && (css_class == NULL || gtk_widget_has_css_class (root, css_class)))
    return root;
  for (GtkWidget *child = gtk_widget_get_first_child (root); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *found = hearts_test_find_with_class (child, type, css_class);

      if (found != NULL)
        return found;
    }
  return NULL;
}

GtkWidget *
hearts_test_find_type (GtkWidget *root,
                       GType      type)
{
  return hearts_test_find_with_class (root, type, NULL);
}

/* A button's text: its label, or its label child's (a button whose label is a child with
 * the presentation role, see HACKING.md). */
static const char *
button_text (GtkButton *button)
{
  GtkWidget *child = gtk_button_get_child (button);

  if (gtk_button_get_label (button) != NULL)
    return gtk_button_get_label (button);
  return GTK_IS_LABEL (child) ? gtk_label_get_label (GTK_LABEL (child)) : NULL;
}

GtkWidget *
hearts_test_find_button (GtkWidget  *root,
                         const char *label)
{
  if (GTK_IS_BUTTON (root) && g_strcmp0 (button_text (GTK_BUTTON (root)), label) == 0)
    return root;
  for (GtkWidget *child = gtk_widget_get_first_child (root); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *found = hearts_test_find_button (child, label);

      if (found != NULL)
        return found;
    }
  return NULL;
}

void
hearts_test_find_all_type (GtkWidget *root,
                           GType      type,
                           GPtrArray *found)
{
  if (G_TYPE_CHECK_INSTANCE_TYPE (root, type))
    g_ptr_array_add (found, root);
  for (GtkWidget *child = gtk_widget_get_first_child (root); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    hearts_test_find_all_type (child, type, found);
}

/* The alert: a window of its own with libadwaita 1.2, a widget in its parent's window from
 * 1.5 (hearts-compat.h). */
static GtkWidget *
find_alert_in (GtkWidget *widget)
{
  if (hearts_is_alert (widget))
    return widget;
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *found = find_alert_in (child);

      if (found != NULL)
        return found;
    }
  return NULL;
}

GtkWidget *
hearts_test_find_alert (void)
{
  GListModel *toplevels = gtk_window_get_toplevels (); /* GTK's own */

  for (guint i = 0; i < g_list_model_get_n_items (toplevels); i++)
    {
      g_autoptr(GtkWidget) window = g_list_model_get_item (toplevels, i);
      GtkWidget *found = find_alert_in (window);

      if (found != NULL)
        return found;
    }
  return NULL;
}

GtkWidget *
hearts_test_find_dialog (GType type)
{
  GListModel *toplevels = gtk_window_get_toplevels ();

  for (guint i = 0; i < g_list_model_get_n_items (toplevels); i++)
    {
      g_autoptr(GtkWidget) window = g_list_model_get_item (toplevels, i);
      GtkWidget *found = hearts_test_find_type (window, type);

      if (found != NULL && gtk_widget_get_mapped (found))
        return found;
    }
  return NULL;
}

static gboolean
no_alert (gpointer data)
{
  return hearts_test_find_alert () == NULL;
}

void
hearts_test_answer_alert (GtkWidget  *alert,
                          const char *response)
{
  g_signal_emit_by_name (alert, "response", response);
  hearts_dialog_destroy (alert);
  /* A dialog in a shown window (libadwaita ≥ 1.5) leaves with an animation. */
  g_assert_true (hearts_test_iterate_until (no_alert, NULL, HEARTS_TEST_TIMEOUT_MS));
}

HeartsGame *
hearts_test_window_get_game (gpointer window)
{
  return hearts_game_runner_get_game (hearts_window_get_runner (HEARTS_WINDOW (window)));
}

void
hearts_test_table_set_game (gpointer    table,
                            HeartsGame *game)
{
  g_autoptr(HeartsSeatView) view = game != NULL ? hearts_local_seat_view_new (game, NULL, 0) : NULL;

  hearts_table_set_seat_view (HEARTS_TABLE (table), view);
}
