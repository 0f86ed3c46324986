/* bare-window.c: the smallest GTK 4 window, to measure hearts against
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <gtk/gtk.h>
#include <stdio.h>

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

  g_signal_connect (clock, "after-paint", G_CALLBACK (after_paint_cb), app);
}

static void
activate_cb (GtkApplication *app)
{
  GtkWidget *window = gtk_application_window_new (app);

  gtk_window_set_title (GTK_WINDOW (window), "Bare");
  gtk_window_set_default_size (GTK_WINDOW (window), 960, 720);
  g_signal_connect (window, "realize", G_CALLBACK (on_realize), app);
  gtk_window_present (GTK_WINDOW (window));
}

int
main (int   argc,
      char *argv[])
{
  g_autoptr(GtkApplication) app = gtk_application_new ("io.github.gtkhearts.BareWindow",
                                                        G_APPLICATION_DEFAULT_FLAGS);

  g_signal_connect (app, "activate", G_CALLBACK (activate_cb), NULL);
  return g_application_run (G_APPLICATION (app), argc, argv);
}
