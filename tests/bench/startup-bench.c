/* startup-bench.c: launch to first frame and peak RSS, hearts against a bare window
 *
 * Both programs print "first-frame" when HEARTS_BENCH_FIRST_FRAME is set, then quit:
 * the bare windows after their first frame, hearts after the first frame that drew
 * every card the table shows. They run alternately in the same session; the medians
 * and their ratios are printed. Each program is a command line (arguments allowed).
 * `ninja -C build-rel startup-bench` runs it under Xvfb (see README.md).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <glib.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

typedef struct
{
  double ms;
  long   rss_kb;
} Run;

static Run
run_once (const char *command)
{
  g_auto(GStrv) argv = NULL;
  g_autoptr(GError) error = NULL;
  Run           run = { 0, 0 };
  int           out[2];
  pid_t         pid;
  gint64        start;
  char          line[64] = "";
  FILE         *f;
  int           status;
  struct rusage usage;

  if (!g_shell_parse_argv (command, NULL, &argv, &error))
    g_error ("%s: %s", command, error->message);
  if (pipe (out) != 0)
    g_error ("pipe failed");

  start = g_get_monotonic_time ();
  pid = fork ();
  if (pid == 0)
    {
      dup2 (out[1], STDOUT_FILENO);
      close (out[0]);
      close (out[1]);
      setenv ("HEARTS_BENCH_FIRST_FRAME", "1", TRUE);
      execvp (argv[0], argv);
      _exit (127);
    }
  close (out[1]);
  f = fdopen (out[0], "r");
  while (fgets (line, sizeof line, f) != NULL)
    if (g_str_has_prefix (line, "first-frame"))
      {
        run.ms = (g_get_monotonic_time () - start) / 1000.0;
        break;
      }
  fclose (f);
  if (wait4 (pid, &status, 0, &usage) < 0)
    g_error ("wait4 failed");
  if (run.ms == 0)
    g_error ("%s never reported a first frame", command);
  run.rss_kb = usage.ru_maxrss;
  return run;
}

static int
cmp_double (gconstpointer a,
            gconstpointer b)
{
  double x = *(const double *) a, y = *(const double *) b;

  return x < y ? -1 : x > y;
}

static double
median (double *values,
        guint   n)
{
  qsort (values, n, sizeof (double), (GCompareFunc) cmp_double);
  return n % 2 ? values[n / 2] : (values[n / 2 - 1] + values[n / 2]) / 2;
}

int
main (int   argc,
      char *argv[])
{
  guint   n;
  double *hearts_ms, *bare_ms, *hearts_rss, *bare_rss;
  double  hm, bm, hr, br;
  double  load[3] = { 0, 0, 0 };

  if (argc < 3)
    {
      fprintf (stderr, "usage: %s HEARTS-COMMAND BARE-COMMAND [RUNS]\n", argv[0]);
      return 2;
    }
  n = argc > 3 ? (guint) atoi (argv[3]) : 7;
  hearts_ms = g_new (double, n);
  bare_ms = g_new (double, n);
  hearts_rss = g_new (double, n);
  bare_rss = g_new (double, n);

  /* One warm-up each, so that neither pays for a cold disk cache. */
  run_once (argv[1]);
  run_once (argv[2]);

  for (guint i = 0; i < n; i++)
    {
      Run h = run_once (argv[1]);
      Run b = run_once (argv[2]);

      hearts_ms[i] = h.ms;
      hearts_rss[i] = h.rss_kb;
      bare_ms[i] = b.ms;
      bare_rss[i] = b.rss_kb;
      printf ("run %u: hearts %.1f ms %ld KiB, bare %.1f ms %ld KiB\n", i + 1, h.ms, h.rss_kb, b.ms, b.rss_kb);
    }

  if (getloadavg (load, 3) < 0)
    load[0] = load[1] = load[2] = -1;
  printf ("renderer %s, load average %.2f %.2f %.2f\n",
          g_getenv ("GSK_RENDERER") ? g_getenv ("GSK_RENDERER") : "default", load[0], load[1], load[2]);
  hm = median (hearts_ms, n);
  bm = median (bare_ms, n);
  hr = median (hearts_rss, n);
  br = median (bare_rss, n);
  printf ("median first frame: hearts %.1f ms, bare %.1f ms, ratio %.2f\n", hm, bm, hm / bm);
  printf ("median peak RSS: hearts %.0f KiB, bare %.0f KiB, ratio %.2f\n", hr, br, hr / br);

  g_free (hearts_ms);
  g_free (bare_ms);
  g_free (hearts_rss);
  g_free (bare_rss);
  return 0;
}
