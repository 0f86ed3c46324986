/* show-review.c: opens the hand review over a table, as in use, and takes a screenshot
 *
 *   show-review computing|pass|costly WIDTH HEIGHT OUT.png [dark]
 *   show-review time WIDTH HEIGHT N
 *
 * "time" reviews the hand N times over the table, one after the other, and prints how
 * long each took and the median (the window's budget, as a player waits for it).
 *
 * Run under an Xvfb screen of WIDTH x HEIGHT (tests/ui/screenshots.sh); the screenshot is
 * taken with ImageMagick's `import -window root` once the review is drawn. Without a window
 * manager a dialog of its own (libadwaita before 1.5) opens at the corner: xdotool centres
 * it.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <stdlib.h>

#include "hearts-game-deal.h"
#include "hearts-resources.h"
#include "hearts-review-view.h"
#include "hearts-table.h"
#include "hearts-test-widget.h"

/* Enough work for the progress bar to be caught halfway. */
#define SLOW_SAMPLES 30000

static const char *output;
static const char *mode;
static GMainLoop  *loop;
static GtkWidget  *review;
static GtkWidget  *review_parent;
static GArray     *times;
static gint64      started;
static guint       n_runs;

static HeartsGame      *review_game;
static GtkWidget       *review_table;
static HeartsCardTheme *review_theme;

static void start_review (void);

static void
run (const char *command)
{
  g_autoptr(GError) error = NULL;
  gint status;

  if (!g_spawn_command_line_sync (command, NULL, NULL, &status, &error) ||
      !g_spawn_check_wait_status (status, &error))
    g_printerr ("%s: %s\n", command, error->message);
}

/* Without a window manager a dialog of its own opens at the corner: over the middle of
 * the table instead, as it would be. */
static void
centre (GtkWidget *parent)
{
  GtkWidget       *native = GTK_WIDGET (gtk_widget_get_native (review));
  int              x = (gtk_widget_get_width (parent) - gtk_widget_get_width (native)) / 2;
  int              y = (gtk_widget_get_height (parent) - gtk_widget_get_height (native)) / 2;
  g_autofree char *command = g_strdup_printf ("xdotool search --name \"^Hand Review$\" windowmove %d %d",
                                              MAX (x, 0), MAX (y, 0));

  if (native == parent)
    return;
  run (command);
  /* Moved, it draws again. */
  hearts_test_wait_drawn (review);
}

static gboolean
shown (gpointer user_data)
{
  HeartsReviewView *view = HEARTS_REVIEW_VIEW (review);

  /* Caught halfway, or done. */
  return g_str_equal (mode, "computing") ? hearts_review_view_get_fraction (view) >= 0.35
                                         : !hearts_review_view_get_computing (view);
}

static int
compare_doubles (gconstpointer a,
                 gconstpointer b)
{
  double x = *(const double *) a, y = *(const double *) b;

  return (x > y) - (x < y);
}

static gboolean
next_run_cb (gpointer user_data)
{
  hearts_dialog_destroy (review);
  if (times->len < n_runs)
    {
      start_review ();
      return G_SOURCE_REMOVE;
    }
  g_array_sort (times, compare_doubles);
  g_print ("median: %.2f s over %u reviews\n", g_array_index (times, double, times->len / 2), times->len);
  g_main_loop_quit (loop);
  return G_SOURCE_REMOVE;
}

static void
on_computing_cb (GObject    *object,
                 GParamSpec *pspec)
{
  HeartsReviewView *view = HEARTS_REVIEW_VIEW (object);
  double            seconds;

  if (!g_str_equal (mode, "time") || hearts_review_view_get_computing (view))
    return;
  seconds = (g_get_monotonic_time () - started) / (double) G_USEC_PER_SEC;
  g_array_append_val (times, seconds);
  g_print ("review %u: %.2f s\n", times->len, seconds);
  g_idle_add (next_run_cb, NULL);
}

static void
start_review (void)
{
  int                       width = gtk_widget_get_width (review_parent) > 0 ? gtk_widget_get_width (review_parent) : HEARTS_REVIEW_VIEW_WIDTH;
  int                       height = gtk_widget_get_height (review_parent) > 0 ? gtk_widget_get_height (review_parent) : HEARTS_REVIEW_VIEW_HEIGHT;

  review = hearts_review_view_new (hearts_table_get_seat_view (HEARTS_TABLE (review_table)), review_theme);
  hearts_dialog_set_size (review, MIN (HEARTS_REVIEW_VIEW_WIDTH, width), MIN (HEARTS_REVIEW_VIEW_HEIGHT, height));
  g_signal_connect (review, "notify::computing", G_CALLBACK (on_computing_cb), NULL);
  started = g_get_monotonic_time ();
  hearts_review_view_start (HEARTS_REVIEW_VIEW (review), g_str_equal (mode, "computing") ? SLOW_SAMPLES : 0);
  hearts_dialog_present (review, review_parent);
}

int
main (int   argc,
      char *argv[])
{
  static const char * const names[] = { "You", "Ada", "Blaise", "Claude", NULL };
  g_autoptr(HeartsCardTheme) theme = NULL;
  g_autoptr(HeartsGame) game = NULL;
  GtkWidget  *parent;
  GtkWidget  *table;
  HeartsRules rules;
  int         width, height;

  if (argc < 5)
    {
      g_printerr ("usage: show-review computing|pass|costly WIDTH HEIGHT OUT.png [dark]\n");
      return 2;
    }
  mode = argv[1];
  width = atoi (argv[2]);
  height = atoi (argv[3]);
  output = argv[4];

  gtk_init ();
  adw_init ();
  adw_style_manager_set_color_scheme (adw_style_manager_get_default (),
                                      argc > 5 && g_str_equal (argv[5], "dark") ? ADW_COLOR_SCHEME_FORCE_DARK
                                                                                : ADW_COLOR_SCHEME_FORCE_LIGHT);
  hearts_test_load_style ();
  loop = g_main_loop_new (NULL, FALSE);

  /* A hand the computers played for the human, to its end. */
  hearts_rules_init_default (&rules);
  game = hearts_game_new (&rules, 7);
  hearts_game_set_seat_level (game, HEARTS_HUMAN_SEAT, HEARTS_AI_NORMAL);
  while (hearts_game_get_phase (game) == HEARTS_PHASE_PASSING || hearts_game_get_phase (game) == HEARTS_PHASE_PLAYING)
    hearts_game_computer_move (game);

  theme = hearts_card_theme_new_default ();
  parent = adw_window_new ();
  gtk_window_set_title (GTK_WINDOW (parent), "Hearts");
  gtk_window_set_default_size (GTK_WINDOW (parent), width, height);
  table = hearts_table_new ();
  hearts_table_set_card_theme (HEARTS_TABLE (table), theme);
  hearts_test_table_set_game (HEARTS_TABLE (table), game);
  hearts_seat_view_set_player_names (hearts_table_get_seat_view (HEARTS_TABLE (table)), names);
  adw_window_set_content (ADW_WINDOW (parent), table);
  gtk_window_present (GTK_WINDOW (parent));
  /* The dialog takes its size from the table's window. */
  hearts_test_wait_drawn (parent);

  review_parent = parent;
  review_game = game;
  review_table = table;
  review_theme = theme;
  times = g_array_new (FALSE, FALSE, sizeof (double));
  n_runs = g_str_equal (mode, "time") ? (guint) atoi (output) : 1;
  start_review ();
  if (g_str_equal (mode, "time"))
    g_main_loop_run (loop);
  else
    {
      HeartsReviewView *view = HEARTS_REVIEW_VIEW (review);

      hearts_test_wait_drawn (review);
      centre (parent);
      if (!hearts_test_iterate_until (shown, NULL, HEARTS_TEST_TIMEOUT_MS))
        return 1;
      if (g_str_equal (mode, "costly"))
        for (guint i = 0; i < hearts_review_view_get_n_steps (view); i++)
          if (hearts_review_view_get_move (view, i)->costly && !hearts_review_view_get_move (view, i)->is_pass)
            {
              hearts_review_view_set_step (view, i);
              break;
            }
      hearts_test_wait_drawn (review);
      hearts_test_take_screenshot (output);
    }
  hearts_card_theme_stop_workers ();
  return 0;
}
