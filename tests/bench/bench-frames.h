/* bench-frames.h: what play-bench and bare-adw-window share: the resize they do, frame
 * times, and instruction counts of the frames under callgrind
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

/* --resize-frames: one step a frame, there and back in this many frames. */
#define BENCH_RESIZE_FRAMES_PERIOD 120

/* One frame on the main thread: wall-clock time, and the thread's CPU time (which another
 * process on a shared machine does not lengthen), in ms. */
typedef struct
{
  double wall;
  double cpu;
} BenchFrame;

double bench_resize_position (double      t);
void   bench_resize_window   (GtkWindow  *window,
                              double      x,
                              int         width,
                              int         height);
void   bench_frame_begin     (gboolean    collect);
void   bench_frame_end       (GArray     *frames);
void   bench_print_frames    (const char *kind,
                              GArray     *frames);
void   bench_collect         (gboolean    collect);

G_END_DECLS
