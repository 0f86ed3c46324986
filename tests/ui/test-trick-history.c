/* test-trick-history.c: the last trick and the hand so far, against the game
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <adwaita.h>
#include <string.h>

#include "hearts-game-deal.h"
#include "hearts-card-picture.h"
#include "hearts-card-theme.h"
#include "hearts-compat.h"
#include "hearts-point-pile.h"
#include "hearts-local-seat-view.h"
#include "hearts-test-describe.h"
#include "hearts-test-widget.h"
#include "hearts-trick-history.h"
#include "hearts-window.h"

static const char * const names[] = { "You", "West", "North", "East", "Northeast", NULL };

static HeartsGame *
computer_game (const char *rules_text,
               guint64     seed)
{
  HeartsRules rules;
  HeartsGame *game;

  hearts_rules_init_default (&rules);
  g_assert_true (hearts_rules_apply_string (&rules, rules_text, NULL));
  game = hearts_game_new (&rules, seed);
  for (guint s = 0; s < rules.n_players; s++)
    hearts_game_set_seat_level (game, s, HEARTS_AI_RANDOM);
  return game;
}

static void
play_tricks (HeartsGame *game,
             guint       n)
{
  while (hearts_game_get_phase (game) == HEARTS_PHASE_PASSING ||
         (hearts_game_get_phase (game) == HEARTS_PHASE_PLAYING && hearts_game_get_n_finished_tricks (game) < n))
    g_assert_true (hearts_game_computer_move (game));
}

/* The trick history of seat 0's view of @game, the seats named. */
static HeartsTrickHistory *
history_of (HeartsGame      *game,
            HeartsCardTheme *theme)
{
  g_autoptr(HeartsSeatView) view = hearts_local_seat_view_new (game, NULL, 0);

  hearts_seat_view_set_player_names (view, names);
  return g_object_ref_sink (hearts_trick_history_new (view, theme, 0));
}

static GVariant *
describe (HeartsTrickHistory    *history,
          HeartsTrickHistoryMode mode)
{
  hearts_trick_history_set_mode (history, mode);
  g_assert_cmpint (hearts_trick_history_get_mode (history), ==, mode);
  return hearts_test_describe_trick_history (history);
}

/* One described trick against the game's trick @trick. */
static void
assert_trick (HeartsGame *game,
              GVariant   *described,
              guint       trick)
{
  GVariantDict            dict;
  HeartsCard              cards[HEARTS_MAX_PLAYERS];
  guint                   leader = G_MAXUINT, n, number = 0;
  gint                    winner = -2, points = -100;
  g_autofree const char **shown = NULL;
  const char             *label = NULL;
  g_autofree char        *want_start = NULL;
  g_autofree char        *want_took = NULL;
  g_autofree char        *want_number = NULL;

  n = hearts_game_get_played_trick (game, trick, cards, &leader);
  g_assert_cmpuint (n, ==, hearts_game_get_n_players (game));

  g_variant_dict_init (&dict, described);
  g_assert_true (g_variant_dict_lookup (&dict, "number", "u", &number));
  g_assert_true (g_variant_dict_lookup (&dict, "leader", "i", &leader));
  g_assert_true (g_variant_dict_lookup (&dict, "winner", "i", &winner));
  g_assert_true (g_variant_dict_lookup (&dict, "points", "i", &points));
  g_assert_true (g_variant_dict_lookup (&dict, "cards", "^a&s", &shown));
  g_assert_true (g_variant_dict_lookup (&dict, "label", "&s", &label));
  g_variant_dict_clear (&dict);

  g_assert_cmpuint (number, ==, trick + 1);
  hearts_game_get_played_trick (game, trick, cards, &n);
  g_assert_cmpuint (leader, ==, n);
  g_assert_cmpint (winner, ==, hearts_game_get_trick_winner (game, trick));
  /* The winner led the next trick, if there is one. */
  if (hearts_game_get_played_trick (game, trick + 1, NULL, &n) > 0)
    g_assert_cmpint (winner, ==, (gint) n);
  /* The cards in order of play, as the row shows them. */
  g_assert_cmpuint (g_strv_length ((char **) shown), ==, hearts_game_get_n_players (game));
  for (guint i = 0; shown[i] != NULL; i++)
    g_assert_cmpstr (shown[i], ==, hearts_card_to_string (cards[i]));
  /* The game's own count: with the J♦ a trick can be worth less than nothing. */
  g_assert_cmpint (points, ==, hearts_game_get_trick_points (game, trick));

  /* What a screen reader hears: the number, the leader, each play, who took it. */
  want_start = g_strdup_printf ("Trick %u, led by %s: %s ", trick + 1, names[leader], names[leader]);
  g_assert_true (g_str_has_prefix (label, want_start));
  for (guint i = 0; shown[i] != NULL; i++)
    {
      g_autofree char *card = hearts_card_get_name (cards[i]);
      g_autofree char *play = g_strdup_printf ("%s %s", names[(leader + i) % hearts_game_get_n_players (game)], card);

      g_assert_nonnull (strstr (label, play));
    }
  /* A negative number with the real minus sign, U+2212. */
  want_number = points < 0 ? g_strdup_printf ("\u2212%d", -points) : g_strdup_printf ("%d", points);
  want_took = g_strdup_printf ("; %s took it, %s point%s", names[winner], want_number, ABS (points) == 1 ? "" : "s");
  g_assert_true (g_str_has_suffix (label, want_took));
}

static GVariant *
tricks_of (GVariant *described)
{
  GVariant *tricks = g_variant_lookup_value (described, "tricks", G_VARIANT_TYPE ("aa{sv}"));

  g_assert_nonnull (tricks);
  return tricks;
}

static void
assert_pages (HeartsTrickHistory *history,
              HeartsGame         *game)
{
  guint n = hearts_game_get_n_finished_tricks (game);
  g_autoptr(GVariant) last = describe (history, HEARTS_TRICK_HISTORY_LAST_TRICK);
  g_autoptr(GVariant) hand = describe (history, HEARTS_TRICK_HISTORY_HAND_SO_FAR);
  g_autoptr(GVariant) last_tricks = tricks_of (last);
  g_autoptr(GVariant) hand_tricks = tricks_of (hand);
  const char *mode = NULL;

  g_assert_true (g_variant_lookup (last, "mode", "&s", &mode));
  g_assert_cmpstr (mode, ==, "last-trick");
  g_assert_true (g_variant_lookup (hand, "mode", "&s", &mode));
  g_assert_cmpstr (mode, ==, "hand-so-far");

  /* Last Trick: the last finished trick alone. */
  g_assert_cmpuint (g_variant_n_children (last_tricks), ==, 1);
  {
    g_autoptr(GVariant) t = g_variant_get_child_value (last_tricks, 0);

    assert_trick (game, t, n - 1);
  }
  /* Hand So Far: every finished trick, in order. */
  g_assert_cmpuint (g_variant_n_children (hand_tricks), ==, n);
  for (guint i = 0; i < n; i++)
    {
      g_autoptr(GVariant) t = g_variant_get_child_value (hand_tricks, i);

      assert_trick (game, t, i);
    }
}

/* Every trick's cards, leader and winner as the game has them; it follows the game. */
static void
test_content (void)
{
  static const char *rules[] = { "", "players=3", "players=5" };

  for (guint r = 0; r < G_N_ELEMENTS (rules); r++)
    {
      g_autoptr(HeartsGame) game = computer_game (rules[r], hearts_test_seed () + r);
      g_autoptr(HeartsCardTheme) theme = hearts_card_theme_new_default ();
      HeartsTrickHistory *history;
      guint               hand_size = hearts_rules_get_hand_size (hearts_game_get_rules (game));

      play_tricks (game, 4);
      history = history_of (game, theme);
      assert_pages (history, game);

      /* A trick finished while it is open is added, and is the last one. */
      play_tricks (game, 5);
      assert_pages (history, game);
      play_tricks (game, hand_size);
      g_assert_cmpuint (hearts_game_get_n_finished_tricks (game), ==, hand_size);
      assert_pages (history, game);

      /* The next hand has nothing to show yet. */
      if (hearts_game_get_phase (game) == HEARTS_PHASE_HAND_OVER)
        {
          g_autoptr(GVariant) hand = NULL;
          g_autoptr(GVariant) tricks = NULL;

          hearts_game_next_hand (game);
          hand = describe (history, HEARTS_TRICK_HISTORY_HAND_SO_FAR);
          tricks = tricks_of (hand);
          g_assert_cmpuint (g_variant_n_children (tricks), ==, 0);
          play_tricks (game, 2);
          assert_pages (history, game);
        }
      hearts_dialog_destroy (GTK_WIDGET (history));
      g_assert_finalize_object (history);
    }
}

/* With the J♦ (−10) a trick can carry negative points: they read with the real minus sign. */
static void
test_omnibus (void)
{
  g_autoptr(HeartsGame) game = computer_game ("omnibus=yes", hearts_test_seed ());
  g_autoptr(HeartsCardTheme) theme = hearts_card_theme_new_default ();
  HeartsTrickHistory *history;
  gboolean            negative = FALSE;

  /* Seeded: the same hands every run, until one has a trick worth less than nothing. */
  while (!negative)
    {
      if (hearts_game_get_phase (game) == HEARTS_PHASE_HAND_OVER)
        hearts_game_next_hand (game);
      g_assert_cmpint (hearts_game_get_phase (game), !=, HEARTS_PHASE_GAME_OVER);
      play_tricks (game, hearts_game_get_n_finished_tricks (game) + 1);
      negative = hearts_game_get_n_finished_tricks (game) > 0 &&
                 hearts_game_get_trick_points (game, hearts_game_get_n_finished_tricks (game) - 1) < 0;
    }
  history = history_of (game, theme);
  assert_pages (history, game);
  hearts_dialog_destroy (GTK_WIDGET (history));
  g_assert_finalize_object (history);
}

/* The rows are named for a screen reader, the cards too. */
static void
test_accessible (void)
{
  g_autoptr(HeartsGame) game = computer_game ("", 3);
  g_autoptr(HeartsCardTheme) theme = hearts_card_theme_new_default ();
  HeartsTrickHistory *history;
  g_autoptr(GVariant) hand = NULL;
  g_autoptr(GVariant) tricks = NULL;
  g_autoptr(GVariant) first = NULL;
  const char *label = NULL;
  GtkWidget  *row = NULL;
  GtkWidget  *stack_child;

  play_tricks (game, 2);
  history = history_of (game, theme);
  hand = describe (history, HEARTS_TRICK_HISTORY_HAND_SO_FAR);
  tricks = tricks_of (hand);
  first = g_variant_get_child_value (tricks, 0);
  g_assert_true (g_variant_lookup (first, "label", "&s", &label));

  /* The first list row of the Hand So Far page carries the sentence. */
  stack_child = hearts_dialog_get_child (GTK_WIDGET (history));
  while (stack_child != NULL && row == NULL)
    {
      /* The Last Trick page's list has one row, this one two. */
      if (GTK_IS_LIST_BOX_ROW (stack_child) && gtk_widget_get_next_sibling (stack_child) != NULL)
        row = stack_child;
      if (gtk_widget_get_first_child (stack_child) != NULL)
        stack_child = gtk_widget_get_first_child (stack_child);
      else
        {
          while (stack_child != NULL && gtk_widget_get_next_sibling (stack_child) == NULL)
            stack_child = gtk_widget_get_parent (stack_child);
          if (stack_child != NULL)
            stack_child = gtk_widget_get_next_sibling (stack_child);
        }
    }
  g_assert_nonnull (row);
  gtk_test_accessible_assert_property (GTK_ACCESSIBLE (row), GTK_ACCESSIBLE_PROPERTY_LABEL, label);
  hearts_dialog_destroy (GTK_WIDGET (history));
  g_assert_finalize_object (history);
}

/* Resizing */

/* The width @card has with its window @width wide; every card of its row is in the window. */
static int
card_width_at (GtkWidget *card,
               int        width)
{
  /* The dialog's own window on libadwaita 1.2, else the parent it is inside. */
  GtkWidget      *root = GTK_WIDGET (gtk_widget_get_root (card));
  GtkWidget      *row = gtk_widget_get_parent (gtk_widget_get_parent (card));
  graphene_rect_t b;

  hearts_test_resize_window (GTK_WINDOW (root), width, 560);
  for (GtkWidget *play = gtk_widget_get_first_child (row); play != NULL; play = gtk_widget_get_next_sibling (play))
    {
      g_assert_true (gtk_widget_compute_bounds (play, root, &b));
      g_assert_cmpfloat (b.origin.x, >=, 0);
      g_assert_cmpfloat (b.origin.x + b.size.width, <=, gtk_widget_get_width (root));
      /* All alike, but for the pixel the row's rounding leaves over. */
      g_assert_cmpint (ABS (gtk_widget_get_width (gtk_widget_get_first_child (play)) - gtk_widget_get_width (card)), <=, 1);
    }
  g_test_message ("%d px: cards %d px wide", width, gtk_widget_get_width (card));
  return gtk_widget_get_width (card);
}

/* Open, it follows the window's width: narrower, the cards shrink to fit, wider they grow
 * back, up to the dialog's limit. */
static void
test_resize (void)
{
  static const char *rules[] = { "", "players=5" };

  for (guint r = 0; r < G_N_ELEMENTS (rules); r++)
    {
      g_autoptr(HeartsGame) game = computer_game (rules[r], hearts_test_seed () + r);
      g_autoptr(HeartsCardTheme) theme = hearts_card_theme_new_default ();
      GtkWidget          *parent = adw_window_new ();
      HeartsTrickHistory *history;
      GtkWidget          *card;
      int                 wide, narrow, phone, min;

      play_tricks (game, 3);
      history = history_of (game, theme);
      /* Under 450 px throughout: libadwaita ≥ 1.5 shows the dialog as a bottom sheet there,
       * and a window resized across that line has it warn of a sheet without allocation. */
      gtk_window_set_default_size (GTK_WINDOW (parent), 440, 600);
      gtk_window_present (GTK_WINDOW (parent));
      hearts_trick_history_present (history, parent);
      card = hearts_test_find_type (hearts_dialog_get_child (GTK_WIDGET (history)), HEARTS_TYPE_CARD_PICTURE);
      g_assert_nonnull (card);
      /* A phone's window has room for it. */
      gtk_widget_measure (hearts_dialog_get_child (GTK_WIDGET (history)), GTK_ORIENTATION_HORIZONTAL, -1, &min, NULL, NULL, NULL);
      g_assert_cmpint (min, <=, 360);

      wide = card_width_at (card, 440);
      narrow = card_width_at (card, 400);
      phone = card_width_at (card, 360);
      g_assert_cmpint (narrow, <, wide);
      g_assert_cmpint (phone, <, narrow);
      /* Back as it was. */
      g_assert_cmpint (card_width_at (card, 440), ==, wide);

      /* A bottom sheet closes with an animation, unless its window goes first. */
      hearts_dialog_destroy (GTK_WIDGET (history));
      gtk_window_destroy (GTK_WINDOW (parent));
      g_assert_finalize_object (history);
    }
}

/* The window's actions */

static HeartsWindow *
new_window (guint64 seed)
{
  HeartsWindow *window = g_object_new (HEARTS_TYPE_WINDOW, NULL);
  g_autoptr(HeartsGame) game = NULL;
  HeartsRules rules;

  g_settings_set_string (hearts_settings_get_settings (hearts_window_get_settings (window)), "animation-speed", "off");
  hearts_rules_init_default (&rules);
  game = hearts_game_new (&rules, seed);
  hearts_window_new_game (window, game);
  gtk_window_present (GTK_WINDOW (window));
  return window;
}

static gboolean
idle_and_human_to_move (gpointer user_data)
{
  HeartsWindow *window = user_data;
  HeartsGame   *game = hearts_test_window_get_game (window);

  return !hearts_game_computer_to_move (game) && !hearts_table_get_busy (hearts_window_get_table (window)) &&
         !g_main_context_pending (NULL);
}

/* The open trick history: a window of its own on libadwaita 1.2, else inside ours. */
static HeartsTrickHistory *
find_history (HeartsWindow *window)
{
  GListModel *toplevels = gtk_window_get_toplevels ();

  for (guint i = 0; i < g_list_model_get_n_items (toplevels); i++)
    {
      g_autoptr(GtkWidget) toplevel = g_list_model_get_item (toplevels, i);
      GtkWidget *found = hearts_test_find_type (toplevel, HEARTS_TYPE_TRICK_HISTORY);

      if (found != NULL && gtk_widget_get_visible (found))
        return HEARTS_TRICK_HISTORY (found);
    }
  return NULL;
}

static gboolean
no_history (gpointer user_data)
{
  return find_history (user_data) == NULL;
}

/* Whether the action opens the view: what a key press or the menu does. */
static gboolean
opens (HeartsWindow          *window,
       const char            *action,
       HeartsTrickHistoryMode mode)
{
  HeartsTrickHistory *history;

  gtk_widget_activate_action (GTK_WIDGET (window), action, NULL);
  history = find_history (window);
  if (history == NULL)
    return FALSE;
  g_assert_cmpint (hearts_trick_history_get_mode (history), ==, mode);
  g_assert_true (hearts_trick_history_get_seat_view (history) == hearts_window_get_seat_view (window));
  hearts_dialog_close (GTK_WIDGET (history));
  g_assert_true (hearts_test_iterate_until (no_history, window, HEARTS_TEST_TIMEOUT_MS));
  return TRUE;
}

static void
human_plays (HeartsWindow *window)
{
  HeartsGame *game = hearts_test_window_get_game (window);

  g_assert_true (hearts_test_iterate_until (idle_and_human_to_move, window, HEARTS_TEST_TIMEOUT_MS));
  if (hearts_game_get_phase (game) == HEARTS_PHASE_PASSING)
    {
      HeartsCards hand = hearts_game_get_hand (game, 0), pass = 0;

      for (guint i = 0; i < 3; i++)
        pass |= HEARTS_CARD_BIT (hearts_cards_lowest (hand & ~pass));
      g_assert_true (hearts_game_pass (game, 0, pass, NULL));
    }
  else if (hearts_game_get_phase (game) == HEARTS_PHASE_PLAYING)
    g_assert_true (hearts_game_play (game, 0, hearts_cards_lowest (hearts_game_get_legal (game, 0)), NULL));
  g_assert_true (hearts_test_iterate_until (idle_and_human_to_move, window, HEARTS_TEST_TIMEOUT_MS));
}

/* The table's point piles are clickable just when win.show-last-trick is enabled. */
static void
assert_piles_follow_action (HeartsWindow *window)
{
  GtkWidget  *table = GTK_WIDGET (hearts_window_get_table (window));
  HeartsGame *game = hearts_test_window_get_game (window);
  GSettings  *settings = hearts_settings_get_settings (hearts_window_get_settings (window));
  guint       n = 0;
  /* What opens the view, as opens() finds: a finished trick, past tricks allowed. */
  gboolean enabled = g_settings_get_boolean (settings, "show-past-tricks") &&
                     hearts_game_get_phase (game) != HEARTS_PHASE_PASSING &&
                     hearts_game_get_n_finished_tricks (game) > 0;

  for (GtkWidget *child = gtk_widget_get_first_child (table); child != NULL; child = gtk_widget_get_next_sibling (child))
    if (HEARTS_IS_POINT_PILE (child))
      {
        n++;
        g_assert_cmpint (hearts_point_pile_get_activatable (HEARTS_POINT_PILE (child)), ==, enabled);
        g_assert_cmpint (gtk_widget_get_cursor (child) != NULL, ==, enabled);
      }
  g_assert_cmpuint (n, >, 0);
}

/* The dialog the window takes as open. */
static HeartsTrickHistory *
window_history (HeartsWindow *window)
{
  g_autoptr(HeartsTrickHistory) history = NULL;

  g_object_get (window, "trick-history", &history, NULL);
  return history;
}

/* Every card of the open dialog is drawn from the table's card width of now. */
static void
assert_render_width (GtkWidget *dialog,
                     int        width)
{
  g_autoptr(GPtrArray) pictures = g_ptr_array_new ();
  GtkWidget *child = hearts_dialog_get_child (dialog);

  hearts_test_find_all_type (child, HEARTS_TYPE_CARD_PICTURE, pictures);
  g_assert_cmpuint (pictures->len, >, 0);
  for (guint i = 0; i < pictures->len; i++)
    g_assert_cmpint (hearts_card_picture_get_render_width (g_ptr_array_index (pictures, i)), ==, width);
}

/* The window resized under it: its cards follow the table's new size, which the theme
 * keeps, rather than ask for the old one again. */
static void
test_table_resized (void)
{
  HeartsWindow *window = new_window (7);
  HeartsGame   *game = hearts_test_window_get_game (window);
  HeartsTable  *table = hearts_window_get_table (window);
  int           before;

  hearts_test_resize_window (GTK_WINDOW (window), 1000, 760);
  while (hearts_game_get_n_finished_tricks (game) < 2)
    human_plays (window);
  gtk_widget_activate_action (GTK_WIDGET (window), "win.show-hand-so-far", NULL);
  g_assert_nonnull (find_history (window));
  before = hearts_table_get_card_width (table);
  assert_render_width (GTK_WIDGET (find_history (window)), before);

  hearts_test_resize_window (GTK_WINDOW (window), 600, 560);
  g_assert_cmpint (hearts_table_get_card_width (table), !=, before);
  assert_render_width (GTK_WIDGET (find_history (window)), hearts_table_get_card_width (table));

  /* A trick added since is drawn from it too. */
  human_plays (window);
  assert_render_width (GTK_WIDGET (find_history (window)), hearts_table_get_card_width (table));
  hearts_test_destroy_window (GTK_WINDOW (window));
}

static void
test_actions (void)
{
  HeartsWindow       *window = new_window (7);
  HeartsGame         *game = hearts_test_window_get_game (window);
  GSettings          *settings = hearts_settings_get_settings (hearts_window_get_settings (window));
  HeartsTrickHistory *closing;

  /* Passing: no trick to look back at. */
  g_assert_true (hearts_test_iterate_until (idle_and_human_to_move, window, HEARTS_TEST_TIMEOUT_MS));
  g_assert_cmpint (hearts_game_get_phase (game), ==, HEARTS_PHASE_PASSING);
  assert_piles_follow_action (window);
  g_assert_false (opens (window, "win.show-last-trick", HEARTS_TRICK_HISTORY_LAST_TRICK));
  g_assert_false (opens (window, "win.show-hand-so-far", HEARTS_TRICK_HISTORY_HAND_SO_FAR));

  /* Playing, before the first trick is over: still nothing. */
  human_plays (window);
  g_assert_cmpint (hearts_game_get_phase (game), ==, HEARTS_PHASE_PLAYING);
  if (hearts_game_get_n_finished_tricks (game) == 0)
    g_assert_false (opens (window, "win.show-last-trick", HEARTS_TRICK_HISTORY_LAST_TRICK));
  while (hearts_game_get_n_finished_tricks (game) == 0)
    human_plays (window);

  /* A trick finished: both open, on their page. */
  assert_piles_follow_action (window);
  g_assert_true (opens (window, "win.show-last-trick", HEARTS_TRICK_HISTORY_LAST_TRICK));
  g_assert_true (opens (window, "win.show-hand-so-far", HEARTS_TRICK_HISTORY_HAND_SO_FAR));

  /* Open while the game is undone: it never shows a trick taken back. */
  gtk_widget_activate_action (GTK_WIDGET (window), "win.show-hand-so-far", NULL);
  g_assert_nonnull (find_history (window));
  /* Held, as an AdwDialog's closing animation holds it: the window must not wait for it to go. */
  closing = g_object_ref (find_history (window));
  gtk_widget_activate_action (GTK_WIDGET (window), "win.undo", NULL);
  g_assert_true (hearts_test_iterate_until (idle_and_human_to_move, window, HEARTS_TEST_TIMEOUT_MS));
  if (hearts_game_get_n_finished_tricks (game) == 0)
    {
      g_assert_true (hearts_test_iterate_until (no_history, window, HEARTS_TEST_TIMEOUT_MS));
      g_assert_null (window_history (window));
    }
  else
    {
      g_autoptr(GVariant) shown = hearts_test_describe_trick_history (find_history (window));
      g_autoptr(GVariant) tricks = tricks_of (shown);

      g_assert_cmpuint (g_variant_n_children (tricks), ==, hearts_game_get_n_finished_tricks (game));
      hearts_dialog_close (GTK_WIDGET (find_history (window)));
      g_assert_true (hearts_test_iterate_until (no_history, window, HEARTS_TEST_TIMEOUT_MS));
      g_assert_null (window_history (window));
    }
  g_assert_finalize_object (closing);
  while (hearts_game_get_n_finished_tricks (game) == 0)
    human_plays (window);

  /* A new game closes it. */
  gtk_widget_activate_action (GTK_WIDGET (window), "win.show-last-trick", NULL);
  g_assert_nonnull (find_history (window));
  {
    g_autoptr(HeartsGame) other = NULL;
    HeartsRules rules;

    hearts_rules_init_default (&rules);
    other = hearts_game_new (&rules, 8);
    hearts_window_new_game (window, other);
    g_assert_true (hearts_test_iterate_until (no_history, window, HEARTS_TEST_TIMEOUT_MS));
    game = hearts_test_window_get_game (window);
  }
  while (hearts_game_get_n_finished_tricks (game) == 0)
    human_plays (window);

  /* Turned off in Preferences: neither; an open one closes. */
  gtk_widget_activate_action (GTK_WIDGET (window), "win.show-hand-so-far", NULL);
  g_assert_nonnull (find_history (window));
  g_settings_set_boolean (settings, "show-past-tricks", FALSE);
  g_assert_true (hearts_test_iterate_until (no_history, window, HEARTS_TEST_TIMEOUT_MS));
  g_assert_false (opens (window, "win.show-last-trick", HEARTS_TRICK_HISTORY_LAST_TRICK));
  g_assert_false (opens (window, "win.show-hand-so-far", HEARTS_TRICK_HISTORY_HAND_SO_FAR));
  assert_piles_follow_action (window);
  g_settings_set_boolean (settings, "show-past-tricks", TRUE);
  assert_piles_follow_action (window);
  g_assert_true (opens (window, "win.show-last-trick", HEARTS_TRICK_HISTORY_LAST_TRICK));

  /* The hand over: the hand just played can still be looked at. */
  while (hearts_game_get_phase (game) == HEARTS_PHASE_PLAYING)
    human_plays (window);
  g_assert_cmpint (hearts_game_get_phase (game), ==, HEARTS_PHASE_HAND_OVER);
  g_assert_true (opens (window, "win.show-hand-so-far", HEARTS_TRICK_HISTORY_HAND_SO_FAR));

  /* Open when the next hand is dealt: it closes, and the new hand has nothing yet. */
  gtk_widget_activate_action (GTK_WIDGET (window), "win.show-last-trick", NULL);
  g_assert_nonnull (find_history (window));
  gtk_widget_activate_action (GTK_WIDGET (window), "win.next-hand", NULL);
  g_assert_true (hearts_test_iterate_until (no_history, window, HEARTS_TEST_TIMEOUT_MS));
  g_assert_false (opens (window, "win.show-last-trick", HEARTS_TRICK_HISTORY_LAST_TRICK));

  hearts_test_destroy_window (GTK_WINDOW (window));
}

int
main (int   argc,
      char *argv[])
{
  hearts_test_init_widgets (&argc, &argv);

  g_test_add_func ("/ui/trick-history/content", test_content);
  g_test_add_func ("/ui/trick-history/omnibus", test_omnibus);
  g_test_add_func ("/ui/trick-history/accessible", test_accessible);
  g_test_add_func ("/ui/trick-history/actions", test_actions);
  g_test_add_func ("/ui/trick-history/resize", test_resize);
  g_test_add_func ("/ui/trick-history/table-resized", test_table_resized);
  return g_test_run ();
}
