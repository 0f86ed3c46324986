/* hearts-software-gl.h
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

gboolean hearts_gl_is_software               (GdkDisplay *display);
void     hearts_prefer_cairo_on_software_gl (GdkDisplay *display);

G_END_DECLS
