/* test-software-gl.c: where OpenGL is software, as under Xvfb, windows draw with cairo (GTK
 * itself would choose GL, on 4.18 too); GSK_RENDERER, when set, still decides.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <adwaita.h>

#include "hearts-software-gl.h"
#include "hearts-test-widget.h"

static const char *
renderer_of_new_window (void)
{
  GtkWidget  *window = gtk_window_new ();
  const char *name;

  gtk_widget_realize (window);
  name = G_OBJECT_TYPE_NAME (gtk_native_get_renderer (GTK_NATIVE (window)));
  gtk_window_destroy (GTK_WINDOW (window));
  return name;
}

static void
test_software_gl_draws_with_cairo (void)
{
  GdkDisplay *display = gdk_display_get_default ();

  /* Xvfb's OpenGL is Mesa's, drawn by the CPU. */
  g_assert_true (hearts_gl_is_software (display));

  /* A renderer asked for by name is left alone. (The tests' environment names cairo; no
   * window has read it yet, and no thread reads it meanwhile.) */
  g_setenv ("GSK_RENDERER", "gl", TRUE);
  hearts_prefer_cairo_on_software_gl (display);
  g_assert_null (g_object_get_data (G_OBJECT (display), "gsk-renderer"));
  g_unsetenv ("GSK_RENDERER");

  hearts_prefer_cairo_on_software_gl (display);
  g_assert_cmpstr (renderer_of_new_window (), ==, "GskCairoRenderer");
}

int
main (int   argc,
      char *argv[])
{
  hearts_test_init_widgets (&argc, &argv);
  g_test_add_func ("/ui/software-gl/draws-with-cairo", test_software_gl_draws_with_cairo);
  return g_test_run ();
}
