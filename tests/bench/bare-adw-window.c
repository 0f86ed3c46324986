/* bare-adw-window.c: the smallest libadwaita window with a header bar, to measure hearts against
 *
 * With HEARTS_BENCH_FIRST_FRAME set it prints "first-frame" after its first frame and quits
 * (startup-bench). With --frames N it changes its background for N frames at 1920×1080 and
 * prints the main-thread time of a frame, as play-bench does: what a full-window redraw costs
 * the renderer with nothing else to draw. With --resize SECONDS it is resized for that long
 * as play-bench --resize resizes hearts (back and forth between 1280×720 and 1920×1080, once
 * a second) and prints the same figures: the floor of a resize frame. --resize-frames N
 * resizes one step a frame for N frames instead, as play-bench --resize-frames; under
 * `valgrind --tool=callgrind --collect-atstart=no` only those frames are counted.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <adwaita.h>
#include <glib/gstdio.h>
#include <unistd.h>
#include <stdio.h>
#include <stdlib.h>

#include "bench-frames.h"

static guint   frames_wanted;
static double  resize_s;      /* --resize: seconds */
static guint   resize_frames; /* --resize-frames: frames, one step each */
static gint64  resize_start;
static guint   resize_frame;
static GArray *frames; /* BenchFrame */

static void
before_paint_cb (GdkFrameClock *clock,
                 gpointer       user_data)
{
  bench_frame_begin (resize_start != 0);
}

static void
frame_after_paint_cb (GdkFrameClock *clock,
                      GApplication  *app)
{
  gboolean resizing = resize_s > 0 || resize_frames > 0;

  /* Not the frames before the resizing starts. */
  bench_frame_end (!resizing || resize_start != 0 ? frames : NULL);
  if (resizing || frames->len < frames_wanted)
    return;

  g_signal_handlers_disconnect_by_func (clock, frame_after_paint_cb, app);
  bench_print_frames ("bare", frames);
  g_application_quit (app);
}

/* Every frame a slightly different background, so that the whole window is drawn again. */
static gboolean
redraw_tick (GtkWidget     *widget,
             GdkFrameClock *clock,
             gpointer       user_data)
{
  if (gtk_widget_has_css_class (widget, "bench-a"))
    {
      gtk_widget_remove_css_class (widget, "bench-a");
      gtk_widget_add_css_class (widget, "bench-b");
    }
  else
    {
      gtk_widget_remove_css_class (widget, "bench-b");
      gtk_widget_add_css_class (widget, "bench-a");
    }
  return G_SOURCE_CONTINUE;
}

/* As play-bench resizes hearts. */
static gboolean
resize_tick (GtkWidget     *widget,
             GdkFrameClock *clock,
             gpointer       user_data)
{
  double t = (g_get_monotonic_time () - resize_start) / (double) G_USEC_PER_SEC;

  if (resize_frames > 0 ? resize_frame >= resize_frames : t >= resize_s)
    {
      g_signal_handlers_disconnect_by_func (clock, frame_after_paint_cb, user_data);
      bench_collect (FALSE);
      bench_print_frames ("resizing", frames);
      g_application_quit (G_APPLICATION (user_data));
      return G_SOURCE_REMOVE;
    }

  if (resize_frames > 0)
    t = (double) resize_frame++ / (BENCH_RESIZE_FRAMES_PERIOD / 2);
  bench_resize_window (GTK_WINDOW (widget), bench_resize_position (t), 1920, 1080);
  return G_SOURCE_CONTINUE;
}

/* After the first frames, as play-bench waits for the deck. */
static gboolean
begin_resize_cb (gpointer user_data)
{
  GtkWidget *window = GTK_WIDGET (gtk_application_get_active_window (GTK_APPLICATION (user_data)));

  resize_start = g_get_monotonic_time ();
  gtk_widget_add_tick_callback (window, resize_tick, user_data, NULL);
  return G_SOURCE_REMOVE;
}

static gboolean
quit_cb (gpointer user_data)
{
  g_application_quit (G_APPLICATION (user_data));
  return G_SOURCE_REMOVE;
}

static void
after_paint_cb (GdkFrameClock *clock,
                GApplication  *app)
{
  g_signal_handlers_disconnect_by_func (clock, after_paint_cb, app);
  printf ("first-frame\n");
  fflush (stdout);
  g_timeout_add (500, quit_cb, app);
}

static void
on_realize (GtkWidget    *window,
            GApplication *app)
{
  GdkFrameClock *clock = gtk_widget_get_frame_clock (window);

  if (resize_s > 0 || resize_frames > 0)
    {
      g_signal_connect (clock, "before-paint", G_CALLBACK (before_paint_cb), NULL);
      g_signal_connect_after (clock, "after-paint", G_CALLBACK (frame_after_paint_cb), app);
      g_timeout_add (1000, begin_resize_cb, app);
      return;
    }
  if (frames_wanted > 0)
    {
      g_autoptr(GtkCssProvider) css = gtk_css_provider_new ();
      g_autofree char *path = NULL;
      int fd;

      /* From a file: the call that takes a string changed in GTK 4.12, a path did not. */
      fd = g_file_open_tmp ("bare-adw-window-XXXXXX.css", &path, NULL);
      g_assert (fd >= 0);
      close (fd);
      g_file_set_contents (path, ".bench-a { background-color: #1f6b3a; } "
                                 ".bench-b { background-color: #1f6b3b; }", -1, NULL);
      gtk_css_provider_load_from_path (css, path);
      g_unlink (path);
      gtk_style_context_add_provider_for_display (gtk_widget_get_display (window), GTK_STYLE_PROVIDER (css),
                                                  GTK_STYLE_PROVIDER_PRIORITY_APPLICATION);
      g_signal_connect (clock, "before-paint", G_CALLBACK (before_paint_cb), NULL);
      g_signal_connect_after (clock, "after-paint", G_CALLBACK (frame_after_paint_cb), app);
      gtk_widget_add_tick_callback (window, redraw_tick, NULL, NULL);
      return;
    }
  g_signal_connect (clock, "after-paint", G_CALLBACK (after_paint_cb), app);
}

static void
activate_cb (GtkApplication *app)
{
  GtkWidget *window = adw_application_window_new (app);
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 0);
  GtkWidget *content = adw_bin_new ();

  gtk_box_append (GTK_BOX (box), adw_header_bar_new ());
  gtk_widget_set_vexpand (content, TRUE);
  gtk_box_append (GTK_BOX (box), content);
  adw_application_window_set_content (ADW_APPLICATION_WINDOW (window), box);
  gtk_window_set_title (GTK_WINDOW (window), "Bare");
  if (frames_wanted > 0 || resize_s > 0 || resize_frames > 0)
    gtk_window_set_default_size (GTK_WINDOW (window), 1920, 1080);
  else
    gtk_window_set_default_size (GTK_WINDOW (window), 960, 720);
  g_signal_connect (window, "realize", G_CALLBACK (on_realize), app);
  gtk_window_present (GTK_WINDOW (window));
}

int
main (int   argc,
      char *argv[])
{
  g_autoptr(AdwApplication) app = adw_application_new ("io.github.gtkhearts.BareAdwWindow",
                                                        G_APPLICATION_DEFAULT_FLAGS);

  if (argc == 3 && g_str_equal (argv[1], "--frames"))
    {
      frames_wanted = MAX (1, atoi (argv[2]));
      frames = g_array_new (FALSE, FALSE, sizeof (BenchFrame));
      argc = 1;
    }
  else if (argc == 3 && g_str_equal (argv[1], "--resize"))
    {
      resize_s = MAX (1, g_ascii_strtod (argv[2], NULL));
      frames = g_array_new (FALSE, FALSE, sizeof (BenchFrame));
      argc = 1;
    }
  else if (argc == 3 && g_str_equal (argv[1], "--resize-frames"))
    {
      resize_frames = MAX (1, atoi (argv[2]));
      frames = g_array_new (FALSE, FALSE, sizeof (BenchFrame));
      argc = 1;
    }

  g_signal_connect (app, "activate", G_CALLBACK (activate_cb), NULL);
  return g_application_run (G_APPLICATION (app), argc, argv);
}
