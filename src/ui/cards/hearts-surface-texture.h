/* hearts-surface-texture.h: a cairo image surface as a GdkTexture, without a copy
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

/* A texture of @surface's pixels (ARGB32); it keeps the surface alive. */
GdkTexture *hearts_texture_new_for_surface (cairo_surface_t *surface);

G_END_DECLS
