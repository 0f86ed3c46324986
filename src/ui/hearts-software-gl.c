/* hearts-software-gl.c
 *
 * Where OpenGL is only software (Mesa's llvmpipe: a virtual machine, a remote desktop),
 * GTK draws with it all the same; there the cairo renderer is the faster and the lighter
 * one, and GTK 4.8's GL renderer also keeps more memory the longer a game goes on (README,
 * "Performance"). Hearts draws with cairo there, unless GSK_RENDERER names a renderer.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <string.h>

#include <epoxy/gl.h>

#include "hearts-software-gl.h"

/**
 * hearts_gl_is_software:
 *
 * Whether @display's OpenGL is drawn by the CPU.
 */
gboolean
hearts_gl_is_software (GdkDisplay *display)
{
  g_autoptr(GdkGLContext) context = NULL;
  const char *renderer;
  gboolean    software;

  g_return_val_if_fail (GDK_IS_DISPLAY (display), FALSE);

  context = gdk_display_create_gl_context (display, NULL);
  if (context == NULL || !gdk_gl_context_realize (context, NULL))
    return FALSE;
  gdk_gl_context_make_current (context);
  renderer = (const char *) glGetString (GL_RENDERER);
  software = renderer != NULL &&
             (strstr (renderer, "llvmpipe") != NULL || strstr (renderer, "softpipe") != NULL ||
              strstr (renderer, "swrast") != NULL);
  gdk_gl_context_clear_current ();
  return software;
}

/**
 * hearts_prefer_cairo_on_software_gl:
 *
 * Before the first window is shown: on software OpenGL, @display's windows draw with the
 * cairo renderer, unless GSK_RENDERER names one.
 */
void
hearts_prefer_cairo_on_software_gl (GdkDisplay *display)
{
  g_return_if_fail (GDK_IS_DISPLAY (display));

  if (g_getenv ("GSK_RENDERER") != NULL)
    return;
  if (hearts_gl_is_software (display))
    /* GSK reads the display's choice before GSK_RENDERER (gsk_renderer_new_for_surface()),
     * and unlike the environment it is safe to set once threads run. */
    g_object_set_data (G_OBJECT (display), "gsk-renderer", (gpointer) "cairo");
}
