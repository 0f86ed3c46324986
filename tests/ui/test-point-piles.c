/* test-point-piles.c: each seat's pile of scoring cards, its plate's line, and the trick's
 * winner on the table
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <adwaita.h>
#include <string.h>

#include "hearts-game-deal.h"
#include "hearts-announcer.h"
#include "hearts-card-theme.h"
#include "hearts-card-widget.h"
#include "hearts-point-pile.h"
#include "hearts-seat-plate.h"
#include "hearts-table.h"
#include "hearts-test-widget.h"

typedef struct
{
  GtkWidget   *window;
  HeartsTable *table;
  HeartsGame  *game;
  HeartsCards  scoring;
  HeartsCards  expected[HEARTS_MAX_PLAYERS]; /* worked out from the tricks, apart from the model */
  guint        tricks[HEARTS_MAX_PLAYERS];
  guint        n_tricks;
} Fixture;

static void
on_trick_finished (HeartsGame *game,
                   guint       winner,
                   guint       trick,
                   Fixture    *f)
{
  HeartsCard cards[HEARTS_MAX_PLAYERS];
  guint      leader;
  guint      n = hearts_game_get_played_trick (game, trick, cards, &leader);

  for (guint i = 0; i < n; i++)
    if (hearts_cards_has (f->scoring, cards[i]))
      f->expected[winner] |= HEARTS_CARD_BIT (cards[i]);
  f->tricks[winner]++;
  f->n_tricks++;
}

static void
fixture_set_up (Fixture    *f,
                const char *rules_text,
                guint64     seed)
{
  g_autoptr(HeartsCardTheme) theme = hearts_card_theme_new_default ();
  HeartsRules rules;

  hearts_rules_init_default (&rules);
  g_assert_true (hearts_rules_apply_string (&rules, rules_text, NULL));
  f->game = hearts_game_new (&rules, seed);
  f->scoring = HEARTS_POINT_CARDS;
  if (rules.omnibus)
    f->scoring |= HEARTS_CARD_BIT (HEARTS_JACK_OF_DIAMONDS);
  g_signal_connect (f->game, "trick-finished", G_CALLBACK (on_trick_finished), f);

  f->window = gtk_window_new ();
  gtk_window_set_default_size (GTK_WINDOW (f->window), 1000, 700);
  f->table = HEARTS_TABLE (hearts_table_new ());
  hearts_table_set_card_theme (f->table, theme);
  hearts_table_set_animation_speed (f->table, 0);
  hearts_test_table_set_game (f->table, f->game);
  gtk_window_set_child (GTK_WINDOW (f->window), GTK_WIDGET (f->table));
  gtk_window_present (GTK_WINDOW (f->window));
}

static void
fixture_tear_down (Fixture *f)
{
  g_signal_handlers_disconnect_by_data (f->game, f);
  hearts_test_destroy_window (GTK_WINDOW (f->window));
  g_clear_object (&f->game);
}

static gboolean
table_still (gpointer user_data)
{
  Fixture *f = user_data;

  return !hearts_table_get_busy (f->table) && !g_main_context_pending (NULL);
}

static void
wait_still (Fixture *f)
{
  g_assert_true (hearts_test_iterate_until (table_still, f, HEARTS_TEST_TIMEOUT_MS));
}

/* The table's @seat-th child of @type: the piles and plates are made in seat order. */
static GtkWidget *
seat_child (Fixture *f,
            GType    type,
            guint    seat)
{
  guint n = 0;

  for (GtkWidget *child = gtk_widget_get_first_child (GTK_WIDGET (f->table));
       child != NULL;
       child = gtk_widget_get_next_sibling (child))
    if (G_TYPE_CHECK_INSTANCE_TYPE (child, type) && n++ == seat)
      return child;
  g_assert_not_reached ();
}

static HeartsPointPile *
pile (Fixture *f,
      guint    seat)
{
  return HEARTS_POINT_PILE (seat_child (f, HEARTS_TYPE_POINT_PILE, seat));
}

static HeartsSeatPlate *
plate (Fixture *f,
       guint    seat)
{
  return HEARTS_SEAT_PLATE (seat_child (f, HEARTS_TYPE_SEAT_PLATE, seat));
}

/* "7", "−10": the plate's numbers, with a real minus sign. */
static char *
score_text (gint score)
{
  return score < 0 ? g_strdup_printf ("\u2212%d", -score) : g_strdup_printf ("%d", score);
}

/* What the end-to-end tests read of the piles (tests/module): seat → cards, and a place
 * to click each pile that has cards. */
static gboolean
piles_laid_out (gpointer user_data)
{
  Fixture *f = user_data;

  for (guint s = 0; s < hearts_game_get_n_players (f->game); s++)
    {
      GtkWidget *p = GTK_WIDGET (hearts_table_get_point_pile (f->table, s));

      if (gtk_widget_get_visible (p) && gtk_widget_get_width (p) == 0)
        return FALSE;
    }
  return TRUE;
}

static void
assert_described (Fixture    *f,
                  HeartsCards expected[])
{
  /* A pile that just appeared has its place after the next frame. */
  g_assert_true (hearts_test_iterate_until (piles_laid_out, f, HEARTS_TEST_TIMEOUT_MS));
  for (guint s = 0; s < hearts_game_get_n_players (f->game); s++)
    {
      HeartsPointPile *p = hearts_table_get_point_pile (f->table, s);
      graphene_rect_t  at;
      gboolean         placed;

      g_assert_cmphex (hearts_point_pile_get_cards (p), ==, expected[s]);
      placed = gtk_widget_get_visible (GTK_WIDGET (p)) && gtk_widget_compute_bounds (GTK_WIDGET (p), GTK_WIDGET (f->table), &at) &&
               at.size.width > 0 && at.size.height > 0;
      /* A pile with cards has a place to click; an empty one is not shown. */
      g_assert_cmpint (placed, ==, expected[s] != 0);
    }
}

/* Each pile and plate shows what the model says the seat has taken. */
static void
assert_piles_follow_game (Fixture *f)
{
  HeartsCards taken[HEARTS_MAX_PLAYERS] = { 0 };

  for (guint s = 0; s < hearts_game_get_n_players (f->game); s++)
    {
      HeartsPointPile *p = pile (f, s);
      gint             points = hearts_game_get_hand_points (f->game, s);
      g_autofree char *points_text = score_text (points);
      g_autofree char *total_text = score_text (hearts_game_get_total (f->game, s));
      g_autofree char *info = g_strdup_printf ("%s this hand · %s total", points_text, total_text);
      guint            won = hearts_game_get_tricks_won (f->game, s);
      g_autofree char *description = g_strdup_printf ("%s %s this hand, %s in total, %u %s", points_text,
                                                      ABS (points) == 1 ? "point" : "points", total_text,
                                                      won, won == 1 ? "trick" : "tricks");

      taken[s] = hearts_game_get_points_taken (f->game, s);
      g_assert_cmpuint (hearts_point_pile_get_cards (p), ==, taken[s]);
      g_assert_cmpint (gtk_widget_get_visible (GTK_WIDGET (p)), ==, taken[s] != 0);
      g_assert_cmpstr (hearts_seat_plate_get_info (plate (f, s)), ==, info);
      gtk_test_accessible_assert_property (GTK_ACCESSIBLE (plate (f, s)), GTK_ACCESSIBLE_PROPERTY_DESCRIPTION,
                                           description);
    }
  assert_described (f, taken);
}

/* A seeded hand played out by the computers: after every trick the piles are the
 * scoring cards of the tricks each seat won, as the model has them. */
static void
test_piles_follow_tricks (void)
{
  const char *variants[] = { "omnibus=yes", "players=3", "players=5 omnibus=yes" };

  for (guint v = 0; v < G_N_ELEMENTS (variants); v++)
    {
      Fixture f = { 0 };
      guint   seen = 0;
      guint   n;

      fixture_set_up (&f, variants[v], hearts_test_seed () + v);
      n = hearts_game_get_n_players (f.game);
      for (guint s = 0; s < n; s++)
        hearts_game_set_seat_level (f.game, s, HEARTS_AI_RANDOM);
      wait_still (&f);
      assert_piles_follow_game (&f);

      while (hearts_game_get_phase (f.game) == HEARTS_PHASE_PASSING ||
             hearts_game_get_phase (f.game) == HEARTS_PHASE_PLAYING)
        {
          g_assert_true (hearts_game_computer_move (f.game));
          wait_still (&f);
          if (f.n_tricks == seen)
            continue;
          seen = f.n_tricks;
          for (guint s = 0; s < n; s++)
            g_assert_cmpuint (hearts_point_pile_get_cards (pile (&f, s)), ==, f.expected[s]);
          assert_piles_follow_game (&f);
        }
      g_assert_cmpuint (seen, ==, hearts_rules_get_hand_size (hearts_game_get_rules (f.game)));

      /* A new hand starts with no piles. */
      if (hearts_game_get_phase (f.game) == HEARTS_PHASE_HAND_OVER)
        {
          HeartsCards none[HEARTS_MAX_PLAYERS] = { 0 };

          hearts_game_next_hand (f.game);
          wait_still (&f);
          for (guint s = 0; s < n; s++)
            {
              g_assert_cmpuint (hearts_point_pile_get_cards (pile (&f, s)), ==, 0);
              g_assert_false (gtk_widget_get_visible (GTK_WIDGET (pile (&f, s))));
            }
          assert_described (&f, none);
          assert_piles_follow_game (&f);
        }
      fixture_tear_down (&f);
    }
}

/* Plays the computers' moves and the human's lowest legal card until @tricks are done. */
static void
play_tricks (Fixture *f,
             guint    tricks)
{
  while (f->n_tricks < tricks && hearts_game_get_phase (f->game) != HEARTS_PHASE_HAND_OVER)
    {
      if (hearts_game_computer_to_move (f->game))
        g_assert_true (hearts_game_computer_move (f->game));
      else if (hearts_game_get_phase (f->game) == HEARTS_PHASE_PASSING)
        {
          HeartsCards hand = hearts_game_get_hand (f->game, 0);
          HeartsCards pass = 0;

          for (guint i = 0; i < HEARTS_PASS_SIZE; i++)
            pass |= HEARTS_CARD_BIT (hearts_cards_highest (hand & ~pass));
          g_assert_true (hearts_game_pass (f->game, 0, pass, NULL));
        }
      else
        g_assert_true (hearts_game_play (f->game, 0, hearts_cards_lowest (hearts_game_get_legal (f->game, 0)), NULL));
      wait_still (f);
    }
}

/* An undo takes cards back out of the piles; a game read back shows the same piles. */
static void
test_piles_undo_and_resume (void)
{
  Fixture f = { 0 };
  g_autoptr(GVariant) state = NULL;
  g_autoptr(HeartsGame) resumed = NULL;
  g_autoptr(GError) error = NULL;
  HeartsCards before[HEARTS_MAX_PLAYERS];
  guint       n;

  fixture_set_up (&f, "omnibus=yes", hearts_test_seed ());
  n = hearts_game_get_n_players (f.game);
  play_tricks (&f, 7);
  g_assert_cmpint (hearts_game_get_phase (f.game), ==, HEARTS_PHASE_PLAYING);
  assert_piles_follow_game (&f);
  for (guint s = 0; s < n; s++)
    before[s] = hearts_game_get_points_taken (f.game, s);

  /* Three tricks on, then back as the window's undo does it. */
  play_tricks (&f, 10);
  while (hearts_game_can_undo (f.game) && hearts_game_get_tricks_won (f.game, 0) +
                                              hearts_game_get_tricks_won (f.game, 1) +
                                              hearts_game_get_tricks_won (f.game, 2) +
                                              hearts_game_get_tricks_won (f.game, 3) >
                                            7)
    {
      /* The table puts itself back where the game is (the seat view's reset). */
      g_assert_true (hearts_game_undo (f.game));
      wait_still (&f);
      assert_piles_follow_game (&f);
    }
  for (guint s = 0; s < n; s++)
    g_assert_cmpuint (hearts_point_pile_get_cards (pile (&f, s)), ==, before[s]);

  /* Resumed from what the saved game keeps. */
  state = hearts_game_serialize (f.game);
  resumed = hearts_game_deserialize (state, &error);
  g_assert_no_error (error);
  hearts_test_table_set_game (f.table, NULL);
  for (guint s = 0; s < HEARTS_MAX_PLAYERS; s++)
    g_assert_false (gtk_widget_get_visible (GTK_WIDGET (pile (&f, s))));
  g_signal_handlers_disconnect_by_data (f.game, &f);
  g_set_object (&f.game, resumed);
  hearts_test_table_set_game (f.table, resumed);
  wait_still (&f);
  assert_piles_follow_game (&f);
  for (guint s = 0; s < n; s++)
    g_assert_cmpuint (hearts_point_pile_get_cards (pile (&f, s)), ==, before[s]);
  fixture_tear_down (&f);
}

typedef struct
{
  Fixture *f;
  guint    winner;
} WinnerShown;

static gboolean
winner_lit (gpointer user_data)
{
  WinnerShown *ws = user_data;

  return hearts_table_get_busy (ws->f->table) && hearts_seat_plate_get_current (plate (ws->f, ws->winner));
}

/* With animations on, the table shows a trick's winner before the cards fly: the pile
 * takes the scoring cards only once the trick is collected. */
static void
test_piles_wait_for_collect (void)
{
  Fixture  f = { 0 };
  gboolean checked = FALSE;

  fixture_set_up (&f, "omnibus=yes", hearts_test_seed () + 1);
  hearts_table_set_animation_speed (f.table, 1);
  for (guint s = 0; s < hearts_game_get_n_players (f.game); s++)
    hearts_game_set_seat_level (f.game, s, HEARTS_AI_RANDOM);

  while (!checked && hearts_game_get_phase (f.game) != HEARTS_PHASE_HAND_OVER)
    {
      guint       tricks = f.n_tricks;
      HeartsCards shown[HEARTS_MAX_PLAYERS];

      for (guint s = 0; s < hearts_game_get_n_players (f.game); s++)
        shown[s] = hearts_point_pile_get_cards (pile (&f, s));
      g_assert_true (hearts_game_computer_move (f.game));
      if (f.n_tricks > tricks)
        {
          guint winner = 0;

          for (guint s = 0; s < hearts_game_get_n_players (f.game); s++)
            if (f.expected[s] != shown[s])
              winner = s;
          if (f.expected[winner] != shown[winner])
            {
              WinnerShown ws = { &f, winner };

              /* The game has moved on; the table still shows the trick. */
              g_assert_true (hearts_table_get_busy (f.table));
              g_assert_cmpuint (hearts_point_pile_get_cards (pile (&f, winner)), ==, shown[winner]);
              /* Before it is collected, the winner's plate lights up; the pile waits. */
              g_assert_true (hearts_test_iterate_until (winner_lit, &ws, HEARTS_TEST_TIMEOUT_MS));
              for (guint s = 0; s < hearts_game_get_n_players (f.game); s++)
                g_assert_cmpint (hearts_seat_plate_get_current (plate (&f, s)), ==, s == winner);
              g_assert_cmpuint (hearts_point_pile_get_cards (pile (&f, winner)), ==, shown[winner]);
              hearts_table_finish_animations (f.table);
              g_assert_cmpuint (hearts_point_pile_get_cards (pile (&f, winner)), ==, f.expected[winner]);
              checked = TRUE;
            }
        }
      hearts_table_finish_animations (f.table);
      wait_still (&f);
    }
  g_assert_true (checked);
  fixture_tear_down (&f);
}

static void
on_show_last_trick (GSimpleAction *action,
                    GVariant      *parameter,
                    gpointer       user_data)
{
  (*(guint *) user_data)++;
}

typedef struct
{
  guint *count;
  guint  want;
} Activated;

static gboolean
activated_twice (gpointer user_data)
{
  Activated *a = user_data;

  return *a->count >= a->want;
}

static gboolean
frame_drawn (gpointer user_data)
{
  return gtk_widget_get_mapped (user_data) && gtk_widget_get_width (user_data) > 0 &&
         !g_main_context_pending (NULL);
}

/* Runs @argv and returns what it printed, or fails the test. */
static char *
run (const char * const *argv)
{
  g_autoptr(GError) error = NULL;
  char *out = NULL;
  gint  status = 0;

  g_assert_true (g_spawn_sync (NULL, (char **) argv, NULL, G_SPAWN_SEARCH_PATH, NULL, NULL, &out, NULL,
                               &status, &error));
  g_assert_no_error (error);
  g_assert_true (g_spawn_check_wait_status (status, NULL));
  return out;
}

/* Presses and releases the pointer's button in the middle of @widget, with xdotool, as a
 * person would. The window is found by a title of its own (GDK's X11 calls are
 * deprecated from GTK 4.18). */
static void
click (GtkWidget *widget)
{
  GtkNative       *native = gtk_widget_get_native (widget);
  graphene_point_t at;
  double           sx = 0, sy = 0;
  g_autofree char *xdotool = g_find_program_in_path ("xdotool");
  g_autofree char *title = g_strdup_printf ("hearts-test-piles-%d", (int) getpid ());
  g_autofree char *pattern = g_strdup_printf ("^%s$", title);
  g_autofree char *found = NULL;
  g_autofree char *x = NULL;
  g_autofree char *y = NULL;
  g_auto(GStrv) ids = NULL;

  if (g_strcmp0 (G_OBJECT_TYPE_NAME (gtk_widget_get_display (widget)), "GdkX11Display") != 0 || xdotool == NULL)
    {
      g_test_skip ("needs X11 and xdotool for a real click");
      return;
    }
  gtk_window_set_title (GTK_WINDOW (native), title);
  g_assert_true (hearts_test_iterate_until (frame_drawn, widget, HEARTS_TEST_TIMEOUT_MS));
  g_assert_true (gtk_widget_compute_point (widget, GTK_WIDGET (native),
                                           &GRAPHENE_POINT_INIT (gtk_widget_get_width (widget) / 2.f,
                                                                 gtk_widget_get_height (widget) / 2.f),
                                           &at));
  gtk_native_get_surface_transform (native, &sx, &sy);
  {
    const char *argv[] = { "xdotool", "search", "--sync", "--name", pattern, NULL };

    found = run (argv);
  }
  ids = g_strsplit (g_strstrip (found), "\n", -1);
  g_assert_nonnull (ids[0]);
  x = g_strdup_printf ("%d", (int) (at.x + sx));
  y = g_strdup_printf ("%d", (int) (at.y + sy));
  {
    const char *argv[] = { "xdotool", "mousemove", "--window", ids[0], "--sync", x, y, "click", "1", NULL };

    g_free (run (argv));
  }
}

/* A click on a pile asks the window for the last trick, and the pile says whose it is. */
static void
test_pile_activates_last_trick (void)
{
  Fixture f = { 0 };
  g_autoptr(GSimpleActionGroup) group = g_simple_action_group_new ();
  g_autoptr(GSimpleAction) action = g_simple_action_new ("show-last-trick", NULL);
  guint activated = 0;
  gint  seat = -1;

  g_signal_connect (action, "activate", G_CALLBACK (on_show_last_trick), &activated);
  g_action_map_add_action (G_ACTION_MAP (group), G_ACTION (action));
  fixture_set_up (&f, "omnibus=yes", hearts_test_seed ());
  gtk_widget_insert_action_group (f.window, "win", G_ACTION_GROUP (group));
  for (guint s = 0; s < hearts_game_get_n_players (f.game); s++)
    hearts_game_set_seat_level (f.game, s, HEARTS_AI_RANDOM);
  while (seat < 0)
    {
      g_assert_true (hearts_game_computer_move (f.game));
      wait_still (&f);
      for (guint s = 1; s < hearts_game_get_n_players (f.game) && seat < 0; s++)
        if (hearts_point_pile_get_cards (pile (&f, s)) != 0)
          seat = s;
    }

  {
    HeartsPointPile *p = pile (&f, seat);
    g_autofree char *names = hearts_cards_get_names (hearts_point_pile_get_cards (p));
    g_autofree char *label = g_strdup_printf ("%s's points this hand: %s",
                                              hearts_table_get_player_name (f.table, seat), names);

    gtk_test_accessible_assert_role (GTK_ACCESSIBLE (p), GTK_ACCESSIBLE_ROLE_BUTTON);
    gtk_test_accessible_assert_property (GTK_ACCESSIBLE (p), GTK_ACCESSIBLE_PROPERTY_LABEL, label);
    /* Not a Tab stop: the last trick has its own key. */
    g_assert_false (gtk_widget_get_focusable (GTK_WIDGET (p)));

    /* Until the window says the last trick may be shown, the pile promises nothing. */
    g_assert_false (hearts_table_get_piles_activatable (f.table));
    g_assert_false (hearts_point_pile_get_activatable (p));
    g_assert_null (gtk_widget_get_cursor (GTK_WIDGET (p)));
    gtk_test_accessible_assert_state (GTK_ACCESSIBLE (p), GTK_ACCESSIBLE_STATE_DISABLED, TRUE);
    g_assert_false (gtk_test_accessible_has_property (GTK_ACCESSIBLE (p), GTK_ACCESSIBLE_PROPERTY_DESCRIPTION));
    gtk_widget_activate (GTK_WIDGET (p));
    g_assert_cmpuint (activated, ==, 0);

    hearts_table_set_piles_activatable (f.table, TRUE);
    g_assert_true (hearts_point_pile_get_activatable (p));
    g_assert_nonnull (gtk_widget_get_cursor (GTK_WIDGET (p)));
    gtk_test_accessible_assert_state (GTK_ACCESSIBLE (p), GTK_ACCESSIBLE_STATE_DISABLED, FALSE);
    gtk_test_accessible_assert_property (GTK_ACCESSIBLE (p), GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, "Shows the last trick");
    g_assert_true (gtk_widget_activate (GTK_WIDGET (p)));
    g_assert_cmpuint (activated, ==, 1);

    /* And a real click of the pointer on it. */
    click (GTK_WIDGET (p));
    if (!g_test_failed ())
      {
        Activated a = { &activated, 2 };

        g_assert_true (hearts_test_iterate_until (activated_twice, &a, HEARTS_TEST_TIMEOUT_MS));
      }
  }
  fixture_tear_down (&f);
}

/* The cards the table holds in the player's hand. */
static HeartsCards
hand_shown (Fixture *f)
{
  HeartsCards cards = 0;

  for (GtkWidget *child = gtk_widget_get_first_child (GTK_WIDGET (f->table));
       child != NULL;
       child = gtk_widget_get_next_sibling (child))
    if (HEARTS_IS_CARD_WIDGET (child))
      cards |= HEARTS_CARD_BIT (hearts_card_widget_get_card (HEARTS_CARD_WIDGET (child)));
  return cards;
}

/* The plate's line after its points: " · 42 total". */
static const char *
plate_total (Fixture *f,
             guint    seat)
{
  const char *info = hearts_seat_plate_get_info (plate (f, seat));
  const char *total = strstr (info, " · ");

  g_assert_nonnull (total);
  return total;
}

/* Plays on, the lowest legal card for the player, until it is the player's turn with a
 * claim that holds and at least @left cards in hand; FALSE if the hand ends first. */
static gboolean
play_to_claim (Fixture *f,
               guint    left)
{
  while (hearts_game_get_phase (f->game) == HEARTS_PHASE_PASSING ||
         hearts_game_get_phase (f->game) == HEARTS_PHASE_PLAYING)
    {
      if (hearts_game_human_to_move (f->game) && hearts_game_get_phase (f->game) == HEARTS_PHASE_PLAYING &&
          hearts_cards_count (hearts_game_get_hand (f->game, 0)) >= left &&
          hearts_game_can_claim (f->game, 0, NULL))
        return TRUE;
      if (hearts_game_computer_to_move (f->game))
        g_assert_true (hearts_game_computer_move (f->game));
      else if (hearts_game_get_phase (f->game) == HEARTS_PHASE_PASSING)
        {
          HeartsCards hand = hearts_game_get_hand (f->game, 0);
          HeartsCards pass = 0;

          for (guint i = 0; i < HEARTS_PASS_SIZE; i++)
            pass |= HEARTS_CARD_BIT (hearts_cards_highest (hand & ~pass));
          g_assert_true (hearts_game_pass (f->game, 0, pass, NULL));
        }
      else
        g_assert_true (hearts_game_play (f->game, 0, hearts_cards_lowest (hearts_game_get_legal (f->game, 0)), NULL));
      wait_still (f);
    }
  return FALSE;
}

/* Sets up a game, on the first of a few seeds that allows it, at a claim. */
static void
set_up_at_claim (Fixture *f,
                 guint    left)
{
  for (guint i = 0; i < 40; i++)
    {
      fixture_set_up (f, "omnibus=no", hearts_test_seed () + i);
      if (play_to_claim (f, left))
        {
          g_test_message ("a claim with seed %" G_GUINT64_FORMAT, hearts_test_seed () + i);
          return;
        }
      fixture_tear_down (f);
      memset (f, 0, sizeof *f);
    }
  g_assert_not_reached ();
}

typedef struct
{
  Fixture    *f;
  HeartsCards hand;                       /* the player's before the claim */
  HeartsCards played;                     /* the player's plays shown so far */
  char       *totals[HEARTS_MAX_PLAYERS]; /* the plates' before the claim */
  guint       n_heard;
} StepWatch;

/* Each step, as it starts, finds the table as it was before the claim but for the steps
 * shown: the player's cards leave the hand one play at a time, the totals wait. */
static void
on_step_heard (HeartsAnnouncer *announcer,
               GParamSpec      *pspec,
               StepWatch       *w)
{
  const char *text = hearts_announcer_get_text (announcer);
  HeartsCard  card;

  if (!hearts_table_get_busy (w->f->table))
    return;
  if (g_str_has_prefix (text, "You play the "))
    {
      HeartsCards before = w->played;

      HEARTS_CARDS_FOREACH (card, w->hand & ~w->played)
        {
          g_autofree char *name = hearts_card_get_name (card);

          if (g_str_equal (text + strlen ("You play the "), name))
            w->played |= HEARTS_CARD_BIT (card);
        }
      g_assert_cmpuint (hearts_cards_count (w->played), ==, hearts_cards_count (before) + 1);
    }
  g_assert_cmphex (hand_shown (w->f), ==, w->hand & ~w->played);
  for (guint s = 0; s < hearts_game_get_n_players (w->f->game); s++)
    g_assert_cmpstr (plate_total (w->f, s), ==, w->totals[s]);
  w->n_heard++;
}

static gboolean
heard_plays (gpointer user_data)
{
  StepWatch *w = user_data;

  return hearts_cards_count (w->played) >= 2;
}

static void
watch_start (StepWatch *w,
             Fixture   *f)
{
  w->f = f;
  w->hand = hearts_game_get_hand (f->game, 0);
  w->played = 0;
  w->n_heard = 0;
  for (guint s = 0; s < hearts_game_get_n_players (f->game); s++)
    w->totals[s] = g_strdup (plate_total (f, s));
  g_signal_connect (hearts_table_get_announcer (f->table), "notify::text", G_CALLBACK (on_step_heard), w);
}

static void
watch_stop (StepWatch *w)
{
  g_signal_handlers_disconnect_by_data (hearts_table_get_announcer (w->f->table), w);
  for (guint s = 0; s < HEARTS_MAX_PLAYERS; s++)
    g_clear_pointer (&w->totals[s], g_free);
}

/* A claim plays the rest of the hand at once; the table shows it a step at a time, and
 * what it shows keeps to the step: the hand empties a card per play, the totals change
 * once the last trick is collected. */
static void
test_claim_in_steps (void)
{
  Fixture   f = { 0 };
  StepWatch w = { 0 };
  gboolean  changed = FALSE;

  set_up_at_claim (&f, 4);
  /* Quick, but each step still takes frames of its own. */
  hearts_table_set_animation_speed (f.table, 10);
  watch_start (&w, &f);
  g_assert_true (hearts_game_claim (f.game, 0));
  g_assert_cmpint (hearts_game_get_phase (f.game), ==, HEARTS_PHASE_HAND_OVER);
  g_assert_true (hearts_table_get_busy (f.table));
  /* Only the card played first has left; the others wait for their turn on show. */
  g_assert_cmpuint (hearts_cards_count (hand_shown (&f)), ==, hearts_cards_count (w.hand) - 1);
  for (guint s = 0; s < hearts_game_get_n_players (f.game); s++)
    g_assert_cmpstr (plate_total (&f, s), ==, w.totals[s]);

  wait_still (&f);
  g_assert_cmphex (w.played, ==, w.hand);
  g_assert_cmpuint (w.n_heard, >=, 2 * hearts_cards_count (w.hand));
  g_assert_cmphex (hand_shown (&f), ==, 0);
  assert_piles_follow_game (&f);
  for (guint s = 0; s < hearts_game_get_n_players (f.game); s++)
    changed |= g_strcmp0 (plate_total (&f, s), w.totals[s]) != 0;
  g_assert_true (changed);
  watch_stop (&w);
  fixture_tear_down (&f);
}

/* A reset or a new game in the middle of a claim's steps shows the game as it is. */
static void
test_claim_interrupted (void)
{
  for (guint how = 0; how < 2; how++)
    {
      Fixture   f = { 0 };
      StepWatch w = { 0 };

      set_up_at_claim (&f, 4);
      hearts_table_set_animation_speed (f.table, 10);
      watch_start (&w, &f);
      g_assert_true (hearts_game_claim (f.game, 0));
      g_assert_true (hearts_test_iterate_until (heard_plays, &w, HEARTS_TEST_TIMEOUT_MS));
      g_assert_true (hearts_table_get_busy (f.table));
      watch_stop (&w);

      if (how == 0)
        {
          /* The hand is over: no undo, but a view of the game made afresh (a resumed
           * game) jumps to the end. */
          g_assert_false (hearts_game_can_undo (f.game));
          hearts_test_table_set_game (f.table, f.game);
        }
      else
        {
          g_autoptr(HeartsGame) game = hearts_game_new (hearts_game_get_rules (f.game), hearts_test_seed () + 99);

          g_signal_handlers_disconnect_by_data (f.game, &f);
          g_set_object (&f.game, game);
          g_signal_connect (f.game, "trick-finished", G_CALLBACK (on_trick_finished), &f);
          hearts_test_table_set_game (f.table, game);
        }
      g_assert_false (hearts_table_get_busy (f.table));
      g_assert_cmphex (hand_shown (&f), ==, hearts_game_get_hand (f.game, 0));
      assert_piles_follow_game (&f);
      wait_still (&f);
      g_assert_cmphex (hand_shown (&f), ==, hearts_game_get_hand (f.game, 0));
      assert_piles_follow_game (&f);
      fixture_tear_down (&f);
    }
}

int
main (int   argc,
      char *argv[])
{
  hearts_test_init_widgets (&argc, &argv);

  g_test_add_func ("/ui/piles/follow-tricks", test_piles_follow_tricks);
  g_test_add_func ("/ui/piles/undo-and-resume", test_piles_undo_and_resume);
  g_test_add_func ("/ui/piles/wait-for-collect", test_piles_wait_for_collect);
  g_test_add_func ("/ui/piles/activates-last-trick", test_pile_activates_last_trick);
  g_test_add_func ("/ui/piles/claim-in-steps", test_claim_in_steps);
  g_test_add_func ("/ui/piles/claim-interrupted", test_claim_interrupted);

  return g_test_run ();
}
