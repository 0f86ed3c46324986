/* hearts-felt.h: the table's green baize, lit from the middle
 *
 * A radial gradient, drawn at a quarter of the largest size the table has had and scaled to
 * the table: as a CSS radial-gradient, GTK's cairo renderer computed it for every pixel of
 * every frame it redrew, half of a frame's time at 1080p while cards move or the window is
 * resized (play-bench). The gradient is smooth, so the scaled picture looks the same. The GL
 * renderer scales it as a texture. Main thread only.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

typedef struct _HeartsFelt HeartsFelt;

HeartsFelt *hearts_felt_new      (void);
void        hearts_felt_free     (HeartsFelt  *self);
/* Fills @widget's allocation; the colours follow the style manager's dark setting. */
void        hearts_felt_snapshot (HeartsFelt  *self,
                                  GtkWidget   *widget,
                                  GtkSnapshot *snapshot);

/* As hearts_felt_snapshot() for a table of @width × @height, on the cairo renderer or
 * another. For tests. */
void        _hearts_felt_snapshot_sized (HeartsFelt  *self,
                                         GtkSnapshot *snapshot,
                                         int          width,
                                         int          height,
                                         gboolean     dark,
                                         gboolean     cairo);
/* How many pictures it has rendered. For tests. */
guint       _hearts_felt_count_renders (HeartsFelt *self);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (HeartsFelt, hearts_felt_free)

G_END_DECLS
