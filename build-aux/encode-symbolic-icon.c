/* encode-symbolic-icon.c: a symbolic SVG icon as GTK's .symbolic.png, at build time
 *
 *   encode-symbolic-icon INPUT.svg SIZE OUTPUT.png
 *
 * GTK recolours a .symbolic.png itself, whereas a symbolic SVG goes through gdk-pixbuf's SVG
 * loader: librsvg, megabytes of code and heap, at startup, for one header icon. The PNG keeps
 * the icon's shape as alpha and black as colour: every part is the foreground, as GTK's own
 * gtk4-encode-symbolic-svg writes an icon without success, warning or error parts.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <librsvg/rsvg.h>
#include <stdio.h>
#include <stdlib.h>

int
main (int   argc,
      char *argv[])
{
  g_autoptr(GError) error = NULL;
  RsvgHandle      *handle;
  cairo_surface_t *surface;
  cairo_t         *cr;
  int              size;
  guchar          *data;
  int              stride;

  if (argc != 4 || (size = atoi (argv[2])) <= 0)
    {
      fprintf (stderr, "usage: %s INPUT.svg SIZE OUTPUT.png\n", argv[0]);
      return 2;
    }

  handle = rsvg_handle_new_from_file (argv[1], &error);
  if (handle == NULL)
    {
      fprintf (stderr, "%s: %s\n", argv[1], error->message);
      return 1;
    }

  surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, size, size);
  cr = cairo_create (surface);
  if (!rsvg_handle_render_document (handle, cr, &(RsvgRectangle){ 0, 0, size, size }, &error))
    {
      fprintf (stderr, "%s: %s\n", argv[1], error->message);
      return 1;
    }
  cairo_destroy (cr);
  cairo_surface_flush (surface);

  /* Premultiplied ARGB: black is the alpha byte alone. */
  data = cairo_image_surface_get_data (surface);
  stride = cairo_image_surface_get_stride (surface);
  for (int y = 0; y < size; y++)
    for (int x = 0; x < size; x++)
      {
        guint32 *pixel = (guint32 *) (data + y * stride) + x;

        *pixel &= 0xff000000;
      }
  cairo_surface_mark_dirty (surface);

  if (cairo_surface_write_to_png (surface, argv[3]) != CAIRO_STATUS_SUCCESS)
    {
      fprintf (stderr, "cannot write %s\n", argv[3]);
      return 1;
    }

  cairo_surface_destroy (surface);
  g_object_unref (handle);
  return 0;
}
