/* bench-frames.c: what play-bench and bare-adw-window share
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "bench-frames.h"

#include <math.h>
#include <stdio.h>
#include <time.h>

#ifdef GDK_WINDOWING_X11
#include <unistd.h>
#include <X11/Xatom.h>
#include <X11/Xlib.h>
#endif
#ifdef HAVE_VALGRIND
#include <valgrind/callgrind.h>
#endif

/* Where a resize is after @t periods: from 0 (1280×720) to 1 (the full size) and back, so
 * that every size on the way is passed through twice a period. */
double
bench_resize_position (double t)
{
  double phase = fmod (t, 2.0);

  return phase < 1 ? phase : 2 - phase;
}

#ifdef GDK_WINDOWING_X11
/* Our shown toplevel on an X connection of our own, found by its _NET_WM_PID: GDK's X11
 * calls are deprecated in GTK 4.18, and a window manager is another client anyway. */
static Window
find_own_window (Display *xdisplay)
{
  Atom         pid_atom = XInternAtom (xdisplay, "_NET_WM_PID", False);
  Window       root, parent, *children = NULL, found = None;
  unsigned int n = 0;

  if (!XQueryTree (xdisplay, DefaultRootWindow (xdisplay), &root, &parent, &children, &n))
    return None;
  for (unsigned int i = 0; i < n && found == None; i++)
    {
      XWindowAttributes attributes;
      Atom              type;
      int               format;
      unsigned long     n_items, after;
      unsigned char    *data = NULL;

      if (!XGetWindowAttributes (xdisplay, children[i], &attributes) || attributes.map_state != IsViewable)
        continue;
      if (XGetWindowProperty (xdisplay, children[i], pid_atom, 0, 1, False, XA_CARDINAL, &type, &format,
                              &n_items, &after, &data) == Success &&
          data != NULL && n_items == 1 && format == 32 && *(unsigned long *) data == (unsigned long) getpid ())
        found = children[i];
      if (data != NULL)
        XFree (data);
    }
  if (children != NULL)
    XFree (children);
  return found;
}
#endif

/* Resizes @window @x of the way from 1280×720 to @width × @height. On X11 as a window manager
 * does, by resizing the X window: the frame that follows draws the new size. Through
 * gtk_window_set_default_size() GTK would resize it itself and hold the frame clock until the
 * X server confirms, and every frame measured would include that wait. */
void
bench_resize_window (GtkWindow *window,
                     double     x,
                     int        width,
                     int        height)
{
  int w = 1280 + (int) (x * (width - 1280));
  int h = 720 + (int) (x * (height - 720));

#ifdef GDK_WINDOWING_X11
  static Display *xdisplay;
  static Window   xwindow = None;

  if (g_strcmp0 (G_OBJECT_TYPE_NAME (gtk_widget_get_display (GTK_WIDGET (window))), "GdkX11Display") == 0)
    {
      if (xdisplay == NULL)
        xdisplay = XOpenDisplay (NULL);
      if (xdisplay != NULL && xwindow == None)
        xwindow = find_own_window (xdisplay);
      if (xwindow != None)
        {
          XResizeWindow (xdisplay, xwindow, w, h);
          XFlush (xdisplay);
          return;
        }
    }
#endif
  gtk_window_set_default_size (window, w, h);
}

static double
thread_cpu_ms (void)
{
  struct timespec ts;

  clock_gettime (CLOCK_THREAD_CPUTIME_ID, &ts);
  return ts.tv_sec * 1000.0 + ts.tv_nsec / 1e6;
}

static gint64 frame_wall_start;
static double frame_cpu_start;
#ifdef HAVE_VALGRIND
static gboolean collecting; /* under callgrind */
#endif

/* At before-paint; @collect counts the frame's instructions under callgrind. */
void
bench_frame_begin (gboolean collect)
{
  frame_wall_start = g_get_monotonic_time ();
  frame_cpu_start = thread_cpu_ms ();
  bench_collect (collect);
}

/* At the end of after-paint: appends the frame to @frames (NULL: forgets it). */
void
bench_frame_end (GArray *frames)
{
  BenchFrame frame;

#ifdef HAVE_VALGRIND
  /* One profile a frame, for the spread of the instructions over the frames. */
  if (collecting && frames != NULL && RUNNING_ON_VALGRIND && g_getenv ("HEARTS_BENCH_DUMP_FRAMES") != NULL)
    CALLGRIND_DUMP_STATS_AT ("frame");
#endif
  bench_collect (FALSE);
  if (frame_wall_start == 0)
    return;
  frame.wall = (g_get_monotonic_time () - frame_wall_start) / 1000.0;
  frame.cpu = thread_cpu_ms () - frame_cpu_start;
  frame_wall_start = 0;
  if (frames != NULL)
    g_array_append_val (frames, frame);
}

static int
cmp_double (gconstpointer a,
            gconstpointer b)
{
  double x = *(const double *) a, y = *(const double *) b;

  return x < y ? -1 : x > y;
}

/* p50, p99, the longest and how many took over 16 ms, of the wall-clock times; p50 and p99
 * of the CPU times. */
void
bench_print_frames (const char *kind,
                    GArray     *frames)
{
  g_autoptr(GArray) wall = NULL;
  g_autoptr(GArray) cpu = NULL;
  guint n = frames->len, over = 0;

  if (n == 0)
    return;
  wall = g_array_sized_new (FALSE, FALSE, sizeof (double), n);
  cpu = g_array_sized_new (FALSE, FALSE, sizeof (double), n);
  for (guint i = 0; i < n; i++)
    {
      const BenchFrame *frame = &g_array_index (frames, BenchFrame, i);

      g_array_append_val (wall, frame->wall);
      g_array_append_val (cpu, frame->cpu);
      over += frame->wall > 16.0;
    }
  g_array_sort (wall, cmp_double);
  g_array_sort (cpu, cmp_double);
#define P(a, q) g_array_index (a, double, MIN (n - 1, (guint) (n * (q))))
  printf ("frames %-9s n %5u  p50 %6.2f ms  p99 %6.2f ms  max %6.2f ms  over 16 ms %u  cpu p50 %6.2f p99 %6.2f ms\n",
          kind, n, P (wall, 0.5), P (wall, 0.99), P (wall, 1), over, P (cpu, 0.5), P (cpu, 0.99));
#undef P
  fflush (stdout);
}

/* Under `valgrind --tool=callgrind --collect-atstart=no`, counts instructions only between
 * TRUE and FALSE: the frames measured (with HEARTS_BENCH_DUMP_FRAMES set, one profile a frame,
 * bench_frame_end()). Outside valgrind it does nothing. */
void
bench_collect (gboolean collect)
{
#ifdef HAVE_VALGRIND
  if (collect != collecting && RUNNING_ON_VALGRIND)
    CALLGRIND_TOGGLE_COLLECT;
  collecting = collect;
#endif
}
