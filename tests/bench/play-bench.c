/* play-bench.c: the real window playing itself, for frame times and memory over an evening
 *
 *   play-bench [--hands N] [--speed X] [--theme ID] [--size WxH] [--resize SECONDS]
 *              [--resize-frames N]
 *
 * Runs HeartsApplication with every seat a computer (Easy, so that the moves are quick)
 * and animations on, deals on at each score sheet, and measures each frame of the frame
 * clock on the main thread, from before-paint to the end of after-paint: the frames while a
 * card moves, and with --resize the frames while the window is resized back and forth
 * between 1280×720 and --size for that long (before the play). --resize-frames resizes one
 * step a frame instead (120 frames there and back), once the whole deck is rendered, so that
 * every run draws the same frames: under `valgrind --tool=callgrind --collect-atstart=no`
 * only those frames are counted (README.md). --hands 0 quits after the resizing. At hand 1,
 * every tenth (every second up to 20 hands) and the last it prints the resident memory, as
 * the window leaves it with the score sheet up (the window gives freed memory back itself
 * then; the bench does not), and with glibc how much of the heap is in use and how much is
 * free. Not a test: run it by hand, under Xvfb at 1080p (`ninja -C build-rel play-bench`,
 * README.md). The bare window's floor: `bare-adw-window --resize SECONDS` or
 * `--resize-frames N`.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#ifdef HAVE_MALLINFO2
#include <malloc.h>
#endif
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bench-frames.h"
#include "hearts-game-deal.h"
#include "hearts-application.h"
#include "hearts-card-theme-private.h"
#include "hearts-window-private.h"

typedef enum
{
  FRAME_IDLE,
  FRAME_ANIMATING,
  FRAME_RESIZING,
  N_KINDS
} FrameKind;

static const char * const kind_names[N_KINDS] = { "idle", "animating", "resizing" };

typedef struct
{
  HeartsApplication *app;
  HeartsWindow      *window;
  GArray            *frames[N_KINDS]; /* BenchFrame */
  guint              hands;
  guint              games; /* begun, counting the first */
  double             speed;
  char              *theme;
  int                width, height;
  double             resize_s;
  guint              resize_frames;
  guint              resize_frame;
  gint64             resize_start;
  guint              resize_id;
  gboolean           resizing;
  guint              poll_id;
  long               rss_first_kb;
} Bench;

static long
rss_kb (const char *field)
{
  g_autofree char *status = NULL;
  const char      *line;

  if (!g_file_get_contents ("/proc/self/status", &status, NULL, NULL))
    return -1;
  line = strstr (status, field);
  return line != NULL ? atol (line + strlen (field)) : -1;
}

/* Whether resident memory moves with what is live or with what malloc keeps free, and where
 * in the games the figure was taken: a game's record and score sheet grow with its hands,
 * and go at the next game. */
static void
print_heap_and_game (Bench *bench)
{
#ifdef HAVE_MALLINFO2
  struct mallinfo2 m = mallinfo2 ();

  printf ("  heap in use %zu KiB, free in malloc's arenas %zu KiB, mmapped %zu KiB\n",
          m.uordblks / 1024, m.fordblks / 1024, m.hblkhd / 1024);
#endif
  printf ("  game %u, after its hand %u\n", bench->games,
          hearts_game_get_n_results (hearts_game_runner_get_game (hearts_window_get_runner (bench->window))));
}

static void
print_frames (Bench *bench)
{
  for (guint k = 0; k < N_KINDS; k++)
    bench_print_frames (kind_names[k], bench->frames[k]);
}

static void
on_before_paint (GdkFrameClock *clock,
                 Bench         *bench)
{
  bench_frame_begin (bench->resizing);
}

static void
on_after_paint (GdkFrameClock *clock,
                Bench         *bench)
{
  HeartsTable *table = hearts_window_get_table (bench->window);
  FrameKind    kind;

  if (bench->resizing)
    kind = FRAME_RESIZING;
  else if (hearts_table_get_busy (table))
    kind = FRAME_ANIMATING;
  else
    kind = FRAME_IDLE;
  bench_frame_end (bench->frames[kind]);
}

static void
on_realize (GtkWidget *widget,
            Bench     *bench)
{
  GdkFrameClock *clock = gtk_widget_get_frame_clock (widget);

  g_signal_connect (clock, "before-paint", G_CALLBACK (on_before_paint), bench);
  g_signal_connect_after (clock, "after-paint", G_CALLBACK (on_after_paint), bench);
}

static gboolean
poll_cb (gpointer user_data)
{
  Bench      *bench = user_data;
  HeartsGame *game = hearts_game_runner_get_game (hearts_window_get_runner (bench->window));
  guint       n = hearts_game_get_n_players (game);
  HeartsPhase phase = hearts_game_get_phase (game);

  /* A new game (the last one ended) starts with a human seat again. */
  for (guint s = 0; s < n; s++)
    if (hearts_game_seat_is_human (game, s))
      /* The runner takes the seat from the game's change. */
      hearts_game_set_seat_level (game, s, HEARTS_AI_EASY);

  if (phase != HEARTS_PHASE_HAND_OVER && phase != HEARTS_PHASE_GAME_OVER)
    return G_SOURCE_CONTINUE;
  /* Memory as a player finds it between hands: the sheet up, and what the hand freed given
   * back (the window trims then, at a low priority). Taken earlier, it varied by up to
   * 15 MB with what the hand's threads had just freed. */
  if (!gtk_widget_get_visible (GTK_WIDGET (bench->window->score_sheet)) || bench->window->trim_id != 0)
    return G_SOURCE_CONTINUE;

  {
    static guint hands_seen = 0;

    hands_seen++;
    if (hands_seen == 1)
      {
        bench->rss_first_kb = rss_kb ("VmRSS:");
        printf ("after hand 1: RSS %ld KiB\n", bench->rss_first_kb);
        print_heap_and_game (bench);
      }
    else if (hands_seen % (bench->hands > 20 ? 10 : 2) == 0 && hands_seen < bench->hands)
      {
        long rss = rss_kb ("VmRSS:");

        printf ("after hand %u: RSS %ld KiB (%+ld KiB since hand 1)\n",
                hands_seen, rss, rss - bench->rss_first_kb);
        print_heap_and_game (bench);
      }
    if (hands_seen >= bench->hands)
      {
        long rss = rss_kb ("VmRSS:");

        printf ("after hand %u: RSS %ld KiB (%+ld KiB since hand 1), peak %ld KiB\n",
                hands_seen, rss, rss - bench->rss_first_kb, rss_kb ("VmHWM:"));
        print_heap_and_game (bench);
        print_frames (bench);
        fflush (stdout);
        bench->poll_id = 0;
        g_application_quit (G_APPLICATION (bench->app));
        return G_SOURCE_REMOVE;
      }
    fflush (stdout);
  }

  if (phase == HEARTS_PHASE_GAME_OVER)
    bench->games++;
  gtk_widget_activate_action (GTK_WIDGET (bench->window),
                              phase == HEARTS_PHASE_GAME_OVER ? "win.new-game" : "win.next-hand", NULL);
  return G_SOURCE_CONTINUE;
}

static void
start_play (Bench *bench)
{
  bench->resizing = FALSE;
  bench_collect (FALSE);
  if (bench->hands == 0)
    {
      print_frames (bench);
      g_application_quit (G_APPLICATION (bench->app));
      return;
    }
  gtk_window_set_default_size (GTK_WINDOW (bench->window), bench->width, bench->height);
  bench->poll_id = g_timeout_add (50, poll_cb, bench);
}

/* The size goes back and forth between 1280×720 and the full size, once a second. */
static gboolean
resize_tick (GtkWidget     *widget,
             GdkFrameClock *clock,
             gpointer       user_data)
{
  Bench *bench = user_data;
  double t = (g_get_monotonic_time () - bench->resize_start) / (double) G_USEC_PER_SEC;

  if (bench->resize_frames > 0 ? bench->resize_frame >= bench->resize_frames : t >= bench->resize_s)
    {
      bench->resize_id = 0;
      start_play (bench);
      return G_SOURCE_REMOVE;
    }

  if (bench->resize_frames > 0)
    t = (double) bench->resize_frame++ / (BENCH_RESIZE_FRAMES_PERIOD / 2);
  bench_resize_window (GTK_WINDOW (widget), bench_resize_position (t), bench->width, bench->height);
  return G_SOURCE_CONTINUE;
}

/* The deck complete at the table's size: nothing left for a worker to render. */
static gboolean
deck_ready (Bench *bench)
{
  HeartsTable     *table = hearts_window_get_table (bench->window);
  HeartsCardTheme *theme = hearts_table_get_card_theme (table);
  int              width = hearts_table_get_card_width (table);

  return theme != NULL && width > 0 &&
         _hearts_card_theme_count_pictures (theme, width, gtk_widget_get_scale_factor (GTK_WIDGET (table))) == 53;
}

static gboolean
begin_cb (gpointer user_data)
{
  Bench *bench = user_data;

  /* The same start for every run of --resize-frames. */
  if (bench->resize_frames > 0 && !deck_ready (bench))
    return G_SOURCE_CONTINUE;

  if (bench->resize_s > 0 || bench->resize_frames > 0)
    {
      bench->resizing = TRUE;
      bench->resize_start = g_get_monotonic_time ();
      bench->resize_id = gtk_widget_add_tick_callback (GTK_WIDGET (bench->window), resize_tick, bench, NULL);
    }
  else
    start_play (bench);

  return G_SOURCE_REMOVE;
}

static void
on_activate (GApplication *app,
             Bench        *bench)
{
  GSettings *settings;

  if (bench->window != NULL)
    return;
  bench->window = HEARTS_WINDOW (gtk_application_get_active_window (GTK_APPLICATION (app)));
  settings = hearts_settings_get_settings (hearts_window_get_settings (bench->window));
  if (bench->theme != NULL)
    g_settings_set_string (settings, "card-theme", bench->theme);
  hearts_table_set_animation_speed (hearts_window_get_table (bench->window), bench->speed);
  gtk_window_set_default_size (GTK_WINDOW (bench->window), bench->width, bench->height);
  g_signal_connect (bench->window, "realize", G_CALLBACK (on_realize), bench);
  if (gtk_widget_get_realized (GTK_WIDGET (bench->window)))
    on_realize (GTK_WIDGET (bench->window), bench);
  /* Let the first frames (and the deck's background rendering) pass. */
  if (bench->resize_frames > 0)
    g_timeout_add (100, begin_cb, bench);
  else
    g_timeout_add (1000, begin_cb, bench);
}

int
main (int   argc,
      char *argv[])
{
  g_autoptr(HeartsApplication) app = NULL;
  g_autoptr(GOptionContext) context = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *size = NULL;
  Bench            bench = { 0 };
  int              hands = 2;
  int              resize_frames = 0;
  double           speed = 1;
  g_autofree char *rules = NULL;
  const char      *app_argv[] = { argv[0], "--seed", "1", "--rules", NULL, NULL };
  GOptionEntry     entries[] = {
        { "hands", 0, 0, G_OPTION_ARG_INT, &hands, "Hands to play (2)", "N" },
        { "speed", 0, 0, G_OPTION_ARG_DOUBLE, &speed, "Animation speed, 1 normal (1)", "X" },
        { "theme", 0, 0, G_OPTION_ARG_STRING, &bench.theme, "Card theme id (ours)", "ID" },
        { "size", 0, 0, G_OPTION_ARG_STRING, &size, "Window size (1920x1080)", "WxH" },
        { "resize", 0, 0, G_OPTION_ARG_DOUBLE, &bench.resize_s, "Resize for this long first (0)", "SECONDS" },
        { "resize-frames", 0, 0, G_OPTION_ARG_INT, &resize_frames, "Or resize one step a frame for N frames", "N" },
        { "rules", 0, 0, G_OPTION_ARG_STRING, &rules,
          "Rules of the games (end=deals:100: one game, its score sheet a row longer each hand)", "RULES" },
        { NULL }
  };

  context = g_option_context_new ("- hearts playing itself, frame times and memory");
  g_option_context_add_main_entries (context, entries, NULL);
  if (!g_option_context_parse (context, &argc, &argv, &error))
    {
      g_printerr ("%s\n", error->message);
      return 2;
    }
  bench.resize_frames = MAX (0, resize_frames);
  app_argv[4] = rules != NULL ? rules : "end=deals:100";
  /* No hands: only the resizing. */
  bench.hands = bench.resize_s > 0 || bench.resize_frames > 0 ? MAX (0, hands) : MAX (1, hands);
  bench.speed = speed;
  bench.games = 1;
  bench.width = 1920;
  bench.height = 1080;
  if (size != NULL && sscanf (size, "%dx%d", &bench.width, &bench.height) != 2)
    {
      g_printerr ("--size wants WxH\n");
      return 2;
    }
  /* Room for the frames of the whole run, touched now: the bench's own memory is then in
   * hand 1's figure and does not grow with the evening it measures (about 650 frames a hand
   * at --speed 4). */
  for (guint k = 0; k < N_KINDS; k++)
    {
      guint room = k == FRAME_RESIZING ? (guint) (bench.resize_s * 200) + bench.resize_frames
                                       : (guint) (bench.hands * 4000 / MAX (speed, 0.25));

      bench.frames[k] = g_array_sized_new (FALSE, TRUE, sizeof (BenchFrame), room);
      g_array_set_size (bench.frames[k], room);
      g_array_set_size (bench.frames[k], 0);
    }

  app = hearts_application_new ();
  bench.app = app;
  /* After the application's own activate, which makes the window. */
  g_signal_connect_after (app, "activate", G_CALLBACK (on_activate), &bench);
  g_application_run (G_APPLICATION (app), G_N_ELEMENTS (app_argv) - 1, (char **) app_argv);

  for (guint k = 0; k < N_KINDS; k++)
    g_array_unref (bench.frames[k]);
  g_free (bench.theme);
  return 0;
}
