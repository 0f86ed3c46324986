/* test-score-sheet.c: the score sheet's game over headline, its marks and footnote
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <adwaita.h>
#include <string.h>

#include "hearts-game-deal.h"
#include "hearts-format.h"
#include "hearts-game.h"
#include "hearts-local-seat-view.h"
#include "hearts-resources.h"
#include "hearts-score-sheet.h"
#include "hearts-test-widget.h"

static const char *names[] = { "You", "West", "North", "East", "Northeast" };

/* The sheet shows @game as seat 0 sees it, named @names, opened for @mode: the same
 * game's view stays, so the sheet follows it as the window's does. */
static void
show_game (HeartsScoreSheet    *sheet,
           HeartsGame          *game,
           const char * const  *players,
           HeartsScoreSheetMode mode)
{
  HeartsSeatView *view = hearts_score_sheet_get_seat_view (sheet);

  if (view == NULL || hearts_local_seat_view_get_game (HEARTS_LOCAL_SEAT_VIEW (view)) != game)
    {
      g_autoptr(HeartsSeatView) fresh = hearts_local_seat_view_new (game, NULL, 0);

      hearts_seat_view_set_player_names (fresh, players);
      hearts_score_sheet_set_seat_view (sheet, fresh);
    }
  else
    hearts_seat_view_set_player_names (view, players);
  hearts_score_sheet_set_mode (sheet, mode);
}

static GtkWidget *
find_label (GtkWidget  *widget,
            const char *css_class)
{
  return hearts_test_find_with_class (widget, GTK_TYPE_LABEL, css_class);
}

/* The sheet's grids: "score-headings" (the names), "score-hands", "score-totals". */
static GtkGrid *
find_grid (GtkWidget  *widget,
           const char *css_class)
{
  return GTK_GRID (hearts_test_find_with_class (widget, GTK_TYPE_GRID, css_class));
}

/* A whole game of Normal players with these rules: seeds are tried in order until one has
 * every special score, so the same game comes every run. */
static HeartsGame *
game_with_specials (const char *rules_text,
                    gboolean    negative_total)
{
  for (guint64 seed = 1; seed < 200; seed++)
    {
      g_autoptr(HeartsGame) game = NULL;
      HeartsRules rules;
      gboolean    moon = FALSE, jack = FALSE, no_tricks = FALSE, negative = FALSE;

      hearts_rules_init_default (&rules);
      g_assert_true (hearts_rules_apply_string (&rules, rules_text, NULL));
      game = hearts_game_new (&rules, seed);
      for (guint s = 0; s < rules.n_players; s++)
        hearts_game_set_seat_level (game, s, HEARTS_AI_NORMAL);
      while (hearts_game_get_phase (game) != HEARTS_PHASE_GAME_OVER)
        {
          if (hearts_game_get_phase (game) == HEARTS_PHASE_HAND_OVER)
            hearts_game_next_hand (game);
          else
            g_assert_true (hearts_game_computer_move (game));
        }
      for (guint h = 0; h < hearts_game_get_n_results (game); h++)
        {
          const HeartsHandResult *r = hearts_game_get_result (game, h);

          moon |= r->shooter > 0;
          jack |= r->jack >= 0;
          no_tricks |= r->no_tricks != 0;
        }
      for (guint s = 0; s < rules.n_players; s++)
        negative |= hearts_game_get_total (game, s) < 0;
      if (moon && jack && no_tricks && (negative || !negative_total))
        return g_steal_pointer (&game);
    }
  g_assert_not_reached ();
}

static void
check_sheet (const char *rules_text,
             gboolean    negative_total,
             const char *moon_words)
{
  g_autoptr(HeartsGame) game = game_with_specials (rules_text, negative_total);
  GtkWidget       *sheet = g_object_ref_sink (hearts_score_sheet_new ());
  GtkWidget       *footnote;
  GtkGrid         *grid, *total_grid;
  g_autofree char *summary = NULL;
  g_autofree char *standing = NULL;
  gint             totals[HEARTS_MAX_PLAYERS];
  guint            n = hearts_game_get_n_players (game);
  guint            n_hands = hearts_game_get_n_results (game);
  gboolean         told_moon = FALSE;
  const char      *text;

  show_game (HEARTS_SCORE_SHEET (sheet), game, names, HEARTS_SCORE_SHEET_GAME_OVER);

  /* The headline says where the player finished, as the model words it. */
  for (guint s = 0; s < n; s++)
    totals[s] = hearts_game_get_total (game, s);
  standing = hearts_format_standing (n, totals, names);
  summary = hearts_score_sheet_dup_summary (HEARTS_SCORE_SHEET (sheet));
  g_assert_true (g_str_has_prefix (summary, standing));

  footnote = find_label (sheet, "score-footnote");
  g_assert_nonnull (footnote);
  g_assert_true (gtk_widget_get_visible (footnote));
  text = gtk_label_get_label (GTK_LABEL (footnote));
  g_test_message ("footnote:\n%s", text);
  g_assert_nonnull (strstr (text, "† Jack of Diamonds: \u221210"));
  g_assert_nonnull (strstr (text, "‡ No trick taken: \u22125"));

  grid = find_grid (sheet, "score-hands");
  for (guint h = 0; h < n_hands; h++)
    {
      const HeartsHandResult *r = hearts_game_get_result (game, h);

      for (guint s = 0; s < n; s++)
        {
          GtkWidget       *cell = gtk_grid_get_child_at (grid, s + 1, h);
          g_autofree char *points = hearts_format_points (r->points[s]);
          g_autoptr(GString) want = g_string_new (NULL);

          /* A negative number has the real minus sign, on screen and aloud. */
          g_assert_null (strchr (gtk_label_get_text (GTK_LABEL (cell)), '-'));
          g_assert_nonnull (strstr (gtk_label_get_text (GTK_LABEL (cell)), points));
          g_string_printf (want, "%s, hand %u: %s point%s", names[s], h + 1, points,
                           ABS (r->points[s]) == 1 ? "" : "s");
          if ((gint) s == r->shooter || (gint) s == r->jack || (r->no_tricks & (1u << s)))
            {
              g_string_append (want, ". ");
              if ((gint) s == r->shooter)
                g_string_append (want, "Shot the moon");
              if ((gint) s == r->jack)
                g_string_append_printf (want, "%sTook the Jack of Diamonds: \u221210",
                                        (gint) s == r->shooter ? ", " : "");
              if (r->no_tricks & (1u << s))
                g_string_append (want, "Took no trick: \u22125");
              g_assert_nonnull (strstr (gtk_label_get_text (GTK_LABEL (cell)),
                                        (gint) s == r->shooter ? "☾" : (gint) s == r->jack ? "†"
                                                                                           : "‡"));
            }
          gtk_test_accessible_assert_property (GTK_ACCESSIBLE (cell), GTK_ACCESSIBLE_PROPERTY_LABEL, want->str);
        }
      if (r->shooter >= 0)
        {
          g_autofree char *line = g_strdup_printf ("☾ %s shot the moon in hand %u%s", names[r->shooter], h + 1,
                                                   moon_words);

          g_assert_nonnull (strstr (text, line));
          told_moon = TRUE;
        }
    }
  g_assert_true (told_moon);

  /* The totals, under the hands. */
  total_grid = find_grid (sheet, "score-totals");
  for (guint s = 0; s < n; s++)
    {
      GtkWidget       *cell = gtk_grid_get_child_at (total_grid, s + 1, 0);
      g_autofree char *total = hearts_format_points (hearts_game_get_total (game, s));
      g_autofree char *spoken = g_strdup_printf ("%s, total: %s point%s", names[s], total,
                                                 ABS (hearts_game_get_total (game, s)) == 1 ? "" : "s");

      g_assert_cmpstr (gtk_label_get_text (GTK_LABEL (cell)), ==, total);
      if (hearts_game_get_total (game, s) < 0)
        g_assert_true (g_str_has_prefix (gtk_label_get_text (GTK_LABEL (cell)), "\u2212"));
      gtk_test_accessible_assert_property (GTK_ACCESSIBLE (cell), GTK_ACCESSIBLE_PROPERTY_LABEL, spoken);
    }
  g_assert_finalize_object (sheet);
}

static void
test_footnote_moon_others (void)
{
  check_sheet ("omnibus=yes no-tricks=yes moon=others", FALSE, ": everyone else took 26.");
}

static void
test_footnote_moon_shooter (void)
{
  /* A total below zero too: it has the real minus sign. */
  check_sheet ("players=3 omnibus=yes no-tricks=yes moon=shooter end=score:50", TRUE, " and took 26 off.");
}

/* Nothing special, no footnote. */
static void
test_no_footnote (void)
{
  g_autoptr(HeartsGame) game = NULL;
  GtkWidget  *sheet = g_object_ref_sink (hearts_score_sheet_new ());
  HeartsRules rules;
  GtkGrid    *grid;

  hearts_rules_init_default (&rules);
  game = hearts_game_new (&rules, 1);
  show_game (HEARTS_SCORE_SHEET (sheet), game, names, HEARTS_SCORE_SHEET_VIEW);
  g_assert_false (gtk_widget_get_visible (find_label (sheet, "score-footnote")));
  grid = find_grid (sheet, "score-hands");
  g_assert_nonnull (grid);
  g_assert_null (gtk_widget_get_first_child (GTK_WIDGET (grid)));
  g_assert_finalize_object (sheet);
}

/* Where @widget is on @sheet. */
static graphene_rect_t
bounds_on (GtkWidget *widget,
           GtkWidget *sheet)
{
  graphene_rect_t bounds;

  g_assert_true (gtk_widget_get_mapped (widget));
  g_assert_true (gtk_widget_compute_bounds (widget, sheet, &bounds));
  return bounds;
}

/* Whether @widget is wholly inside @area (which holds it). */
static gboolean
inside (GtkWidget *widget,
        GtkWidget *area)
{
  graphene_rect_t bounds;

  if (!gtk_widget_get_mapped (widget) || !gtk_widget_compute_bounds (widget, area, &bounds))
    return FALSE;
  return bounds.size.width > 0 && bounds.origin.x >= 0 && bounds.origin.y >= 0 &&
         bounds.origin.x + bounds.size.width <= gtk_widget_get_width (area) &&
         bounds.origin.y + bounds.size.height <= gtk_widget_get_height (area);
}

typedef struct
{
  GtkWidget *cell;     /* the last hand's first cell */
  GtkWidget *scroller; /* the hands' scrolled window */
} InSight;

static gboolean
last_hand_in_sight (gpointer user_data)
{
  InSight *sight = user_data;

  return inside (sight->cell, sight->scroller);
}

/* A long game in a window of @width × @height: the names and the totals stay in sight, the
 * hands scroll between them with the newest in sight, and every column of the pinned rows
 * is where its column of hands is. */
static void
check_long_game (const char * const *seat_names,
                 int                 width,
                 int                 height)
{
  g_autoptr(HeartsGame) game = NULL;
  GtkWidget  *window = gtk_window_new ();
  GtkWidget  *sheet = hearts_score_sheet_new ();
  GtkGrid    *headings, *hands, *totals;
  HeartsRules rules;
  InSight     sight;
  guint       n, n_hands;

  hearts_rules_init_default (&rules);
  g_assert_true (hearts_rules_apply_string (&rules, "omnibus=yes moon=shooter end=deals:16", NULL));
  game = hearts_game_new (&rules, hearts_test_seed ());
  for (guint s = 0; s < rules.n_players; s++)
    hearts_game_set_seat_level (game, s, HEARTS_AI_NORMAL);
  while (hearts_game_get_phase (game) != HEARTS_PHASE_GAME_OVER)
    {
      if (hearts_game_get_phase (game) == HEARTS_PHASE_HAND_OVER)
        hearts_game_next_hand (game);
      else
        g_assert_true (hearts_game_computer_move (game));
    }
  n = hearts_game_get_n_players (game);
  n_hands = hearts_game_get_n_results (game);
  g_assert_cmpuint (n_hands, >=, 15);

  show_game (HEARTS_SCORE_SHEET (sheet), game, seat_names, HEARTS_SCORE_SHEET_GAME_OVER);
  gtk_window_set_default_size (GTK_WINDOW (window), width, height);
  gtk_window_set_child (GTK_WINDOW (window), sheet);
  gtk_window_present (GTK_WINDOW (window));

  headings = find_grid (sheet, "score-headings");
  hands = find_grid (sheet, "score-hands");
  totals = find_grid (sheet, "score-totals");
  sight.cell = gtk_grid_get_child_at (hands, 1, n_hands - 1);
  sight.scroller = gtk_widget_get_ancestor (GTK_WIDGET (hands), GTK_TYPE_SCROLLED_WINDOW);
  g_assert_true (hearts_test_iterate_until (last_hand_in_sight, &sight, HEARTS_TEST_TIMEOUT_MS));
  g_assert_cmpint (gtk_widget_get_width (sheet), ==, width);
  g_test_message ("%d × %d: sheet %d × %d, hands %d px high", width, height, gtk_widget_get_width (sheet),
                  gtk_widget_get_height (sheet), gtk_widget_get_height (sight.scroller));

  /* The hands do not all fit: the first is scrolled away, the names stay. */
  g_assert_false (inside (gtk_grid_get_child_at (hands, 1, 0), sight.scroller));
  for (guint c = 0; c <= n; c++)
    {
      GtkWidget      *heading = gtk_grid_get_child_at (headings, c, 0);
      GtkWidget      *last = gtk_grid_get_child_at (hands, c, n_hands - 1);
      GtkWidget      *total = gtk_grid_get_child_at (totals, c, 0);
      graphene_rect_t h, l, t;

      g_assert_true (inside (heading, sheet));
      g_assert_true (inside (total, sheet));
      /* A laptop's sheet has room for every name whole. */
      if (width >= 1280)
        g_assert_false (pango_layout_is_ellipsized (gtk_label_get_layout (GTK_LABEL (heading))));
      g_assert_true (inside (last, sight.scroller));
      h = bounds_on (heading, sheet);
      l = bounds_on (last, sheet);
      t = bounds_on (total, sheet);
      /* Names over the hands, totals under them. */
      g_assert_cmpfloat (h.origin.y + h.size.height, <=, l.origin.y);
      g_assert_cmpfloat (l.origin.y + l.size.height, <=, t.origin.y);
      /* One column from top to bottom. */
      g_assert_cmpfloat_with_epsilon (t.origin.x, h.origin.x, 0.01);
      g_assert_cmpfloat_with_epsilon (t.size.width, h.size.width, 0.01);
      g_assert_cmpfloat_with_epsilon (l.origin.x, h.origin.x, 0.01);
      g_assert_cmpfloat_with_epsilon (l.size.width, h.size.width, 0.01);
    }
  gtk_window_destroy (GTK_WINDOW (window));
}

static void
test_long_game (void)
{
  static const char *long_names[] = { "You", "Maximiliana Wolfeschlegelstein", "Bartholomew",
                                      "Anastasia-Christina Konstantin" };

  check_long_game (long_names, 1280, 800);
  check_long_game (names, 400, 800);
}

/* @deals hands of Easy players, with every special score the rules have. @sheet, if any,
 * is updated at the end of each hand, as the window does, @updates times. */
static HeartsGame *
easy_game (guint             players,
           guint             deals,
           HeartsScoreSheet *sheet,
           guint            *updates)
{
  g_autofree char *text = g_strdup_printf ("players=%u omnibus=yes no-tricks=yes end=deals:%u", players, deals);
  HeartsGame      *game;
  HeartsRules      rules;

  hearts_rules_init_default (&rules);
  g_assert_true (hearts_rules_apply_string (&rules, text, NULL));
  game = hearts_game_new (&rules, hearts_test_seed ());
  for (guint s = 0; s < rules.n_players; s++)
    hearts_game_set_seat_level (game, s, HEARTS_AI_EASY);
  while (hearts_game_get_phase (game) != HEARTS_PHASE_GAME_OVER)
    {
      if (hearts_game_get_phase (game) == HEARTS_PHASE_HAND_OVER)
        {
          if (sheet != NULL)
            {
              show_game (sheet, game, names, HEARTS_SCORE_SHEET_HAND_OVER);
              (*updates)++;
            }
          hearts_game_next_hand (game);
        }
      else
        g_assert_true (hearts_game_computer_move (game));
    }
  return game;
}

/* Three hands of Easy players, with every special score the rules have. */
static HeartsGame *
short_game (guint players)
{
  return easy_game (players, 3, NULL, NULL);
}

/* The rows of hands the sheet shows stay from one update to the next in the same game,
 * and go with another game: the sheet of an evening's game does not make every cell again
 * at every hand, and keeps nothing of the games before. */
static void
test_rows_kept_then_freed (void)
{
  g_autoptr(HeartsGame) game = short_game (4);
  g_autoptr(HeartsGame) other = short_game (4);
  g_autoptr(GPtrArray) found = g_ptr_array_new ();
  g_autoptr(GPtrArray) cells = g_ptr_array_new ();
  GtkWidget *window = gtk_window_new ();
  GtkWidget *sheet = hearts_score_sheet_new ();
  GtkGrid   *hands = find_grid (sheet, "score-hands");

  gtk_window_set_child (GTK_WINDOW (window), sheet);
  gtk_window_set_default_size (GTK_WINDOW (window), 800, 600);
  gtk_window_present (GTK_WINDOW (window));
  show_game (HEARTS_SCORE_SHEET (sheet), game, names, HEARTS_SCORE_SHEET_HAND_OVER);
  hearts_test_wait_drawn (sheet);

  hearts_test_find_all_type (GTK_WIDGET (hands), GTK_TYPE_LABEL, found);
  for (guint i = 0; i < found->len; i++)
    g_ptr_array_add (cells, g_ptr_array_index (found, i));
  g_assert_cmpuint (cells->len, ==, 3 * 5);
  for (guint i = 0; i < cells->len; i++)
    g_object_add_weak_pointer (g_ptr_array_index (cells, i), &cells->pdata[i]);

  show_game (HEARTS_SCORE_SHEET (sheet), game, names, HEARTS_SCORE_SHEET_VIEW);
  hearts_test_wait_drawn (sheet);
  for (guint i = 0; i < cells->len; i++)
    {
      g_assert_nonnull (g_ptr_array_index (cells, i));
      g_assert_true (gtk_widget_get_parent (g_ptr_array_index (cells, i)) == GTK_WIDGET (hands));
      /* Looked at from the menu, no hand is the newest. */
      g_assert_false (gtk_widget_has_css_class (g_ptr_array_index (cells, i), "last-hand"));
    }

  show_game (HEARTS_SCORE_SHEET (sheet), other, names, HEARTS_SCORE_SHEET_HAND_OVER);
  hearts_test_wait_drawn (sheet);
  for (guint i = 0; i < cells->len; i++)
    g_assert_null (g_ptr_array_index (cells, i));
  gtk_window_destroy (GTK_WINDOW (window));
}

/* What a cell shows, for comparing two sheets. */
static char *
describe_cells (GtkGrid *grid)
{
  GString *text = g_string_new (NULL);

  for (int row = 0; gtk_grid_get_child_at (grid, 0, row) != NULL; row++)
    for (int column = 0; gtk_grid_get_child_at (grid, column, row) != NULL; column++)
      {
        GtkWidget       *label = gtk_grid_get_child_at (grid, column, row);
        const char      *tooltip = gtk_widget_get_tooltip_text (label);

        g_string_append_printf (text, "%d,%d %s [%s]%s%s\n", row, column,
                                gtk_label_get_label (GTK_LABEL (label)), tooltip ? tooltip : "",
                                gtk_widget_has_css_class (label, "last-hand") ? " last" : "",
                                gtk_widget_has_css_class (label, "moon") ? " moon" : "");
      }
  return g_string_free (text, FALSE);
}

/* Updated at every hand of a game, as the window does, the sheet shows what one made at
 * the end shows. */
static void
test_rows_added_hand_by_hand (void)
{
  GtkWidget       *each = g_object_ref_sink (hearts_score_sheet_new ());
  GtkWidget       *once = g_object_ref_sink (hearts_score_sheet_new ());
  guint            updates = 0;
  g_autoptr(HeartsGame) game = easy_game (4, 6, HEARTS_SCORE_SHEET (each), &updates);
  g_autofree char *by_hand = NULL;
  g_autofree char *whole = NULL;

  g_assert_cmpuint (updates, ==, 5);
  show_game (HEARTS_SCORE_SHEET (each), game, names, HEARTS_SCORE_SHEET_GAME_OVER);
  show_game (HEARTS_SCORE_SHEET (once), game, names, HEARTS_SCORE_SHEET_GAME_OVER);

  by_hand = describe_cells (find_grid (each, "score-hands"));
  whole = describe_cells (find_grid (once, "score-hands"));
  g_assert_cmpstr (by_hand, ==, whole);
  g_assert_nonnull (strstr (whole, "5,1 "));
  g_assert_nonnull (strstr (whole, " last\n"));
  g_assert_finalize_object (each);
  g_assert_finalize_object (once);
}

/* However long the names and however many players, the sheet fits a phone's window (360 px,
 * the window's narrowest): what does not fit scrolls sideways. */
static void
test_fits_phone (void)
{
  static const char *long_names[] = { "Maximiliana Wolfeschlegel", "Bartholomew", "Anastasia-Christina",
                                      "Konstantinopolitanischer", "Northeast" };

  for (guint players = 3; players <= 5; players++)
    {
      g_autoptr(HeartsGame) game = NULL;
      GtkWidget       *sheet = g_object_ref_sink (hearts_score_sheet_new ());
      int              min;

      game = short_game (players);
      show_game (HEARTS_SCORE_SHEET (sheet), game, long_names, HEARTS_SCORE_SHEET_GAME_OVER);
      gtk_widget_measure (sheet, GTK_ORIENTATION_HORIZONTAL, -1, &min, NULL, NULL, NULL);
      g_test_message ("%u players: at least %d px", players, min);
      g_assert_cmpint (min, <=, 360);
      g_assert_finalize_object (sheet);
    }
}

/* Names of 30 characters, in one word or several, at a phone's 400 px: they end in an
 * ellipsis and the sheet fits, with nothing to scroll sideways; the tooltip and a screen
 * reader have each name whole. */
static void
test_long_names_fit (void)
{
  static const char *long_names[] = { "Konstantinopolitanischerdudels", "Maximiliana Wolfeschlegelstein",
                                      "Anastasia-Christina Bartholome", "Bartholomew Bartholomewsonnnnn",
                                      "Northeasternmostlyeverywhereee" };

  for (guint i = 0; i < G_N_ELEMENTS (long_names); i++)
    g_assert_cmpuint (strlen (long_names[i]), ==, 30);
  for (guint players = 3; players <= 5; players++)
    {
      g_autoptr(HeartsGame) game = short_game (players);
      GtkWidget     *window = gtk_window_new ();
      GtkWidget     *sheet = hearts_score_sheet_new ();
      GtkGrid       *headings;
      GtkAdjustment *sideways;
      guint          n_ellipsized = 0;

      show_game (HEARTS_SCORE_SHEET (sheet), game, long_names, HEARTS_SCORE_SHEET_GAME_OVER);
      gtk_window_set_child (GTK_WINDOW (window), sheet);
      gtk_window_present (GTK_WINDOW (window));
      hearts_test_resize_window (GTK_WINDOW (window), 400, 800);

      sideways = gtk_scrolled_window_get_hadjustment (GTK_SCROLLED_WINDOW (
        gtk_widget_get_ancestor (GTK_WIDGET (find_grid (sheet, "score-headings")), GTK_TYPE_SCROLLED_WINDOW)));
      g_test_message ("%u players: %g px wide in %g", players, gtk_adjustment_get_upper (sideways),
                      gtk_adjustment_get_page_size (sideways));
      g_assert_cmpfloat (gtk_adjustment_get_upper (sideways), <=, gtk_adjustment_get_page_size (sideways));

      headings = find_grid (sheet, "score-headings");
      for (guint s = 0; s < players; s++)
        {
          GtkWidget *heading = gtk_grid_get_child_at (headings, s + 1, 0);

          g_assert_true (inside (heading, sheet));
          g_assert_cmpstr (gtk_widget_get_tooltip_text (heading), ==, long_names[s]);
          gtk_test_accessible_assert_property (GTK_ACCESSIBLE (heading), GTK_ACCESSIBLE_PROPERTY_LABEL, long_names[s]);
          n_ellipsized += pango_layout_is_ellipsized (gtk_label_get_layout (GTK_LABEL (heading)));
        }
      g_assert_cmpuint (n_ellipsized, >, 0);
      gtk_window_destroy (GTK_WINDOW (window));
    }
}

/* Short names on a phone's 400 px with five players stay whole: no "Claud-e" broken over
 * two lines; after the first hand the totals follow its row with no gap; the winner's
 * total is marked by its colour, not drawn larger than the others. */
static void
test_short_names_narrow (void)
{
  static const char *short_names[] = { "Alice", "Ada", "Blaise", "Claude", "Grace", NULL };
  g_autoptr(HeartsGame) game = short_game (5);
  GtkWidget *window = gtk_window_new ();
  GtkWidget *sheet = hearts_score_sheet_new ();
  GtkGrid   *headings;

  show_game (HEARTS_SCORE_SHEET (sheet), game, short_names, HEARTS_SCORE_SHEET_GAME_OVER);
  gtk_window_set_child (GTK_WINDOW (window), sheet);
  gtk_window_present (GTK_WINDOW (window));
  hearts_test_resize_window (GTK_WINDOW (window), 400, 800);
  hearts_test_wait_drawn (sheet);

  headings = find_grid (sheet, "score-headings");
  for (guint s = 0; s < 5; s++)
    {
      GtkLabel    *heading = GTK_LABEL (gtk_grid_get_child_at (headings, s + 1, 0));
      PangoLayout *layout = gtk_label_get_layout (heading);

      g_test_message ("%s: %d lines%s", short_names[s], pango_layout_get_line_count (layout),
                      pango_layout_is_ellipsized (layout) ? ", ellipsized" : "");
      g_assert_cmpint (pango_layout_get_line_count (layout), ==, 1);
      g_assert_false (pango_layout_is_ellipsized (layout));
    }
  gtk_window_destroy (GTK_WINDOW (window));
}

static void
test_first_hand_no_gap (void)
{
  g_autoptr(HeartsGame) game = NULL;
  GtkWidget  *window = gtk_window_new ();
  GtkWidget  *sheet = hearts_score_sheet_new ();
  GtkWidget  *hands, *scroller;
  int         natural;
  HeartsRules rules;

  /* To the end of the first hand only. */
  hearts_rules_init_default (&rules);
  game = hearts_game_new (&rules, 3);
  for (guint s = 0; s < 4; s++)
    hearts_game_set_seat_level (game, s, HEARTS_AI_EASY);
  while (hearts_game_get_phase (game) != HEARTS_PHASE_HAND_OVER)
    g_assert_true (hearts_game_computer_move (game));
  show_game (HEARTS_SCORE_SHEET (sheet), game, names, HEARTS_SCORE_SHEET_HAND_OVER);
  gtk_window_set_child (GTK_WINDOW (window), sheet);
  gtk_window_present (GTK_WINDOW (window));
  hearts_test_resize_window (GTK_WINDOW (window), 800, 600);
  hearts_test_wait_drawn (sheet);

  hands = GTK_WIDGET (find_grid (sheet, "score-hands"));
  scroller = gtk_widget_get_ancestor (hands, GTK_TYPE_SCROLLED_WINDOW);
  gtk_widget_measure (hands, GTK_ORIENTATION_VERTICAL, -1, NULL, &natural, NULL, NULL);
  g_test_message ("one hand: %d px of rows in %d px", natural, gtk_widget_get_height (scroller));
  g_assert_cmpint (gtk_widget_get_height (scroller), <=, natural + 1);
  gtk_window_destroy (GTK_WINDOW (window));
}

static void
test_winner_total_size (void)
{
  g_autoptr(HeartsGame) game = short_game (4);
  GtkWidget *window = gtk_window_new ();
  GtkWidget *sheet = hearts_score_sheet_new ();
  GtkGrid   *totals;
  int        winner_h = -1, other_h = -1;

  /* The program's style, where the winner's total is styled. */
  hearts_test_load_style ();
  show_game (HEARTS_SCORE_SHEET (sheet), game, names, HEARTS_SCORE_SHEET_GAME_OVER);
  gtk_window_set_child (GTK_WINDOW (window), sheet);
  gtk_window_present (GTK_WINDOW (window));
  hearts_test_wait_drawn (sheet);
  totals = find_grid (sheet, "score-totals");
  for (guint s = 0; s < 4; s++)
    {
      GtkWidget *total = gtk_grid_get_child_at (totals, s + 1, 0);
      int        h;

      gtk_widget_measure (total, GTK_ORIENTATION_VERTICAL, -1, NULL, &h, NULL, NULL);
      if (gtk_widget_has_css_class (total, "winner"))
        winner_h = h;
      else
        other_h = h;
    }
  g_assert_cmpint (winner_h, >, 0);
  g_assert_cmpint (winner_h, ==, other_h);
  gtk_window_destroy (GTK_WINDOW (window));
}

int
main (int   argc,
      char *argv[])
{
  hearts_test_init_widgets (&argc, &argv);
  /* Pulls the UI resources into the link, which registers them. */
  g_assert_nonnull (hearts_get_resource ());

  g_test_add_func ("/ui/score-sheet/footnote/moon-others", test_footnote_moon_others);
  g_test_add_func ("/ui/score-sheet/footnote/moon-shooter", test_footnote_moon_shooter);
  g_test_add_func ("/ui/score-sheet/no-footnote", test_no_footnote);
  g_test_add_func ("/ui/score-sheet/long-game", test_long_game);
  g_test_add_func ("/ui/score-sheet/fits-phone", test_fits_phone);
  g_test_add_func ("/ui/score-sheet/rows-kept-then-freed", test_rows_kept_then_freed);
  g_test_add_func ("/ui/score-sheet/rows-added-hand-by-hand", test_rows_added_hand_by_hand);
  g_test_add_func ("/ui/score-sheet/long-names-fit", test_long_names_fit);
  g_test_add_func ("/ui/score-sheet/short-names-narrow", test_short_names_narrow);
  g_test_add_func ("/ui/score-sheet/first-hand-no-gap", test_first_hand_no_gap);
  g_test_add_func ("/ui/score-sheet/winner-total-size", test_winner_total_size);

  return g_test_run ();
}
