/* test-window.c: the window and the table, without a user
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "hearts-card-theme.h"
#include "config.h"

#include <adwaita.h>
#include <string.h>

#include "hearts-card-widget.h"
#include "hearts-score-sheet.h"
#include "hearts-test-widget.h"
#include "hearts-window.h"

static GtkWidget *
find_actionable (GtkWidget  *root,
                 const char *action)
{
  if (GTK_IS_ACTIONABLE (root) &&
      g_strcmp0 (gtk_actionable_get_action_name (GTK_ACTIONABLE (root)), action) == 0)
    return root;

  for (GtkWidget *child = gtk_widget_get_first_child (root);
       child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *found = find_actionable (child, action);

      if (found != NULL)
        return found;
    }
  return NULL;
}

/* Whether the button for @action can be pressed: what a user sees of the action. */
static gboolean
action_enabled (HeartsWindow *window,
                GtkWidget    *root,
                const char   *action)
{
  GtkWidget *button = find_actionable (root != NULL ? root : GTK_WIDGET (window), action);

  g_assert_nonnull (button);
  return gtk_widget_get_sensitive (button);
}

static GPtrArray *
hand_cards (HeartsWindow *window)
{
  GtkWidget *table = GTK_WIDGET (hearts_window_get_table (window));
  GPtrArray *cards = g_ptr_array_new ();

  for (GtkWidget *child = gtk_widget_get_first_child (table);
       child != NULL;
       child = gtk_widget_get_next_sibling (child))
    if (HEARTS_IS_CARD_WIDGET (child))
      g_ptr_array_add (cards, child);
  return cards;
}

/* Computer moves finish in threads; their results land on the main context. */
static gboolean
idle_and_human_to_move (gpointer user_data)
{
  HeartsWindow *window = user_data;
  HeartsGame   *game = hearts_window_get_game (window);

  return !hearts_game_computer_to_move (game) && !hearts_table_get_busy (hearts_window_get_table (window)) &&
         !g_main_context_pending (NULL);
}

static HeartsWindow *
new_window (guint64 seed)
{
  HeartsWindow *window = g_object_new (HEARTS_TYPE_WINDOW, NULL);
  g_autoptr(HeartsGame) game = NULL;
  HeartsRules rules;

  hearts_rules_init_default (&rules);
  game = hearts_game_new (&rules, seed);
  hearts_window_new_game (window, game);
  return window;
}

static void
test_window_builds (void)
{
  HeartsWindow *window = new_window (7);
  g_autoptr(GPtrArray) cards = hand_cards (window);

  g_assert_nonnull (hearts_window_get_table (window));
  g_assert_cmpuint (cards->len, ==, 13);
  g_assert_true (action_enabled (window, NULL, "win.new-game"));
  g_assert_nonnull (find_actionable (GTK_WIDGET (window), "win.hint"));
  hearts_test_destroy_window (GTK_WINDOW (window));
}

static void
test_accessible_names (void)
{
  HeartsWindow *window = new_window (7);
  g_autoptr(GPtrArray) cards = hand_cards (window);
  HeartsCards hand = hearts_game_get_hand (hearts_window_get_game (window), 0);
  HeartsCard  card;
  guint       i = 0;

  /* In hand order, each named as a screen reader should say it. */
  HEARTS_CARDS_FOREACH (card, hand)
    {
      GtkWidget       *w = g_ptr_array_index (cards, i++);
      g_autofree char *name = hearts_card_get_name (card);

      g_assert_cmpuint (hearts_card_widget_get_card (HEARTS_CARD_WIDGET (w)), ==, card);
      gtk_test_accessible_assert_role (GTK_ACCESSIBLE (w), GTK_ACCESSIBLE_ROLE_BUTTON);
      gtk_test_accessible_assert_property (GTK_ACCESSIBLE (w), GTK_ACCESSIBLE_PROPERTY_LABEL, name);
      gtk_test_accessible_assert_state (GTK_ACCESSIBLE (w), GTK_ACCESSIBLE_STATE_SELECTED, FALSE);
      gtk_test_accessible_assert_state (GTK_ACCESSIBLE (w), GTK_ACCESSIBLE_STATE_DISABLED, FALSE);
    }
  g_assert_cmpuint (i, ==, 13);

  /* The seed deals the Six of Clubs first (lowest) to the human. */
  gtk_test_accessible_assert_property (GTK_ACCESSIBLE (g_ptr_array_index (cards, 0)),
                                       GTK_ACCESSIBLE_PROPERTY_LABEL, "Six of Clubs");

  /* Space on a card chooses it for the pass. */
  g_signal_emit_by_name (g_ptr_array_index (cards, 0), "activate");
  gtk_test_accessible_assert_state (GTK_ACCESSIBLE (g_ptr_array_index (cards, 0)),
                                    GTK_ACCESSIBLE_STATE_SELECTED, TRUE);
  hearts_test_destroy_window (GTK_WINDOW (window));
}

static void
test_actions_by_phase (void)
{
  HeartsWindow *window = new_window (7);
  HeartsGame   *game = hearts_window_get_game (window);
  HeartsTable  *table = hearts_window_get_table (window);
  g_autoptr(GPtrArray) cards = hand_cards (window);
  GtkWidget  *pass;
  HeartsCards legal;
  guint       n_legal = 0, n_disabled = 0;

  g_assert_true (hearts_test_iterate_until (idle_and_human_to_move, window, HEARTS_TEST_TIMEOUT_MS));
  g_assert_cmpint (hearts_game_get_phase (game), ==, HEARTS_PHASE_PASSING);

  /* Passing: nothing to undo, a hint to ask for, nothing to pass yet. */
  pass = find_actionable (GTK_WIDGET (table), "table.pass");
  g_assert_nonnull (pass);
  g_assert_false (gtk_widget_get_sensitive (pass));
  g_assert_false (action_enabled (window, NULL, "win.undo"));
  g_assert_true (action_enabled (window, NULL, "win.hint"));

  for (guint i = 0; i < 3; i++)
    {
      g_signal_emit_by_name (g_ptr_array_index (cards, i), "activate");
      g_assert_cmpint (gtk_widget_get_sensitive (pass), ==, i == 2);
    }
  /* A fourth card is refused, the three stay chosen. */
  g_signal_emit_by_name (g_ptr_array_index (cards, 3), "activate");
  g_assert_cmpuint (hearts_cards_count (hearts_table_get_chosen (table)), ==, 3);
  /* A chosen card clicked again goes back. */
  g_signal_emit_by_name (g_ptr_array_index (cards, 1), "activate");
  g_assert_false (gtk_widget_get_sensitive (pass));
  g_signal_emit_by_name (g_ptr_array_index (cards, 3), "activate");
  g_assert_true (gtk_widget_get_sensitive (pass));

  g_assert_true (hearts_table_pass (table));
  g_assert_true (hearts_test_iterate_until (idle_and_human_to_move, window, HEARTS_TEST_TIMEOUT_MS));

  /* Playing: the pass can be undone; the next hand is not for now. */
  g_assert_cmpint (hearts_game_get_phase (game), ==, HEARTS_PHASE_PLAYING);
  g_assert_true (action_enabled (window, NULL, "win.undo"));
  g_assert_cmpint (hearts_game_get_current_player (game), ==, 0);
  g_assert_true (action_enabled (window, NULL, "win.hint"));
  g_assert_false (gtk_widget_get_sensitive (pass));

  /* Cards that may not be played say so. */
  g_ptr_array_unref (cards);
  cards = hand_cards (window);
  legal = hearts_game_get_legal (game, 0);
  for (guint i = 0; i < cards->len; i++)
    {
      HeartsCard c = hearts_card_widget_get_card (g_ptr_array_index (cards, i));
      gboolean   ok = hearts_cards_has (legal, c);

      gtk_test_accessible_assert_state (GTK_ACCESSIBLE (g_ptr_array_index (cards, i)),
                                        GTK_ACCESSIBLE_STATE_DISABLED, !ok);
      n_legal += ok;
      n_disabled += !ok;
    }
  g_assert_cmpuint (n_legal, >, 0);
  g_assert_cmpuint (n_disabled, >, 0);

  /* Undo goes back to the pass; undo again is impossible. */
  gtk_widget_activate_action (GTK_WIDGET (window), "win.undo", NULL);
  g_assert_true (hearts_test_iterate_until (idle_and_human_to_move, window, HEARTS_TEST_TIMEOUT_MS));
  g_assert_cmpint (hearts_game_get_phase (game), ==, HEARTS_PHASE_PASSING);
  g_assert_false (hearts_game_has_passed (game, 0));
  g_assert_false (action_enabled (window, NULL, "win.undo"));
  g_assert_cmpuint (hearts_table_get_chosen (table), ==, 0);
  hearts_test_destroy_window (GTK_WINDOW (window));
}

static guint
n_focusable_cards (HeartsWindow *window)
{
  g_autoptr(GPtrArray) cards = hand_cards (window);
  guint n = 0;

  for (guint i = 0; i < cards->len; i++)
    n += gtk_widget_get_focusable (g_ptr_array_index (cards, i));
  return n;
}

static GtkWidget *
focus_of (HeartsWindow *window)
{
  return gtk_root_get_focus (GTK_ROOT (window));
}

static gboolean
focus_in_hand (HeartsWindow *window)
{
  GtkWidget *focus = focus_of (window);

  return focus != NULL && HEARTS_IS_CARD_WIDGET (focus) &&
         gtk_widget_is_ancestor (focus, GTK_WIDGET (hearts_window_get_table (window)));
}

static void
count_cb (HeartsAnnouncer *announcer,
          const char      *text,
          GPtrArray       *said)
{
  g_ptr_array_add (said, g_strdup (text));
}

/* The hand is one Tab stop that takes the focus on the human's turn and back from the
 * score sheet; what the table shows is announced. */
static void
test_keyboard_focus (void)
{
  HeartsWindow    *window = new_window (7);
  HeartsGame      *game = hearts_window_get_game (window);
  HeartsTable     *table = hearts_window_get_table (window);
  HeartsAnnouncer *announcer = hearts_table_get_announcer (table);
  g_autoptr(GPtrArray) said = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GPtrArray) cards = NULL;
  GtkWidget *first;
  GtkWidget *focus;
  guint      index;

  g_signal_connect (announcer, "announced", G_CALLBACK (count_cb), said);
  g_assert_true (hearts_test_iterate_until (idle_and_human_to_move, window, HEARTS_TEST_TIMEOUT_MS));
  g_assert_cmpint (hearts_game_get_phase (game), ==, HEARTS_PHASE_PASSING);

  /* One card takes Tab; the focus is on it. */
  g_assert_true (focus_in_hand (window));
  g_assert_cmpuint (n_focusable_cards (window), ==, 1);
  first = focus_of (window);
  g_assert_true (gtk_widget_get_focusable (first));

  /* An arrow moves the focus and the Tab stop with it. */
  g_signal_emit_by_name (first, "move-card", 1);
  focus = focus_of (window);
  g_assert_true (focus != first);
  g_assert_true (gtk_widget_get_focusable (focus));
  g_assert_false (gtk_widget_get_focusable (first));
  g_assert_cmpuint (n_focusable_cards (window), ==, 1);
  g_signal_emit_by_name (focus, "move-card", -100);
  cards = hand_cards (window);
  g_assert_true (focus_of (window) == g_ptr_array_index (cards, 0));

  /* The score sheet takes the focus and gives it back to the hand. */
  gtk_widget_activate_action (GTK_WIDGET (window), "win.scores", NULL);
  focus = focus_of (window);
  g_assert_nonnull (focus);
  g_assert_nonnull (gtk_widget_get_ancestor (focus, HEARTS_TYPE_SCORE_SHEET));
  gtk_widget_activate_action (GTK_WIDGET (window), "win.close-scores", NULL);
  g_assert_true (focus_in_hand (window));

  /* Pass from the keyboard: the pass button goes away, the focus stays in the hand. */
  for (guint i = 0; i < 3; i++)
    g_signal_emit_by_name (g_ptr_array_index (cards, i), "activate");
  g_assert_true (hearts_table_pass (table));
  g_assert_true (hearts_test_iterate_until (idle_and_human_to_move, window, HEARTS_TEST_TIMEOUT_MS));
  g_assert_cmpint (hearts_game_get_phase (game), ==, HEARTS_PHASE_PLAYING);
  g_assert_true (focus_in_hand (window));
  g_assert_cmpuint (n_focusable_cards (window), ==, 1);
  /* The turn starts on a card that may be played. */
  g_assert_true (hearts_card_widget_get_playable (HEARTS_CARD_WIDGET (focus_of (window))));

  /* Said: the cards received, each play so far and whose turn it is. */
  g_assert_true (g_str_has_prefix (hearts_announcer_get_text (announcer), "Your turn"));
  g_assert_cmpuint (said->len, >=, 2);
  g_assert_true (g_strrstr (g_ptr_array_index (said, 0), "passed you the") != NULL);

  /* A play from the keyboard leaves the focus in the hand. */
  g_ptr_array_unref (cards);
  cards = hand_cards (window);
  g_assert_true (g_ptr_array_find (cards, focus_of (window), &index));
  g_signal_emit_by_name (focus_of (window), "activate");
  g_assert_true (hearts_test_iterate_until (idle_and_human_to_move, window, HEARTS_TEST_TIMEOUT_MS));
  g_assert_true (focus_in_hand (window));
  g_assert_cmpuint (n_focusable_cards (window), ==, 1);
  {
    g_autofree char *name = NULL;
    g_autofree char *want = NULL;
    HeartsCard       played = HEARTS_NO_CARD;
    g_autoptr(GString) all = g_string_new (NULL);

    for (guint i = 0; i < cards->len; i++)
      if (!hearts_cards_has (hearts_game_get_hand (game, 0),
                             hearts_card_widget_get_card (g_ptr_array_index (cards, i))))
        played = hearts_card_widget_get_card (g_ptr_array_index (cards, i));
    g_assert_cmpuint (played, !=, HEARTS_NO_CARD);
    name = hearts_card_get_name (played);
    want = g_strdup_printf ("You play the %s", name);
    for (guint i = 0; i < said->len; i++)
      g_string_append_printf (all, "%s\n", (char *) g_ptr_array_index (said, i));
    g_assert_nonnull (strstr (all->str, want));
  }
  g_signal_handlers_disconnect_by_func (announcer, count_cb, said);
  hearts_test_destroy_window (GTK_WINDOW (window));
}

/* The header's hint icon comes as GTK's symbolic PNG, not as the SVG that would load librsvg
 * through gdk-pixbuf at startup, and still follows the theme's colours. */
static void
test_hint_icon_png (void)
{
  GtkIconTheme *icons = gtk_icon_theme_get_for_display (gdk_display_get_default ());

  /* What GtkApplication adds for its resource base path. */
  gtk_icon_theme_add_resource_path (icons, RESOURCE_PATH "/icons");
  for (int scale = 1; scale <= 2; scale++)
    {
      g_autoptr(GtkIconPaintable) icon = NULL;
      g_autoptr(GFile) file = NULL;
      g_autofree char *uri = NULL;
      gboolean         symbolic = FALSE;

      icon = gtk_icon_theme_lookup_icon (icons, "hearts-hint-symbolic", NULL, 16, scale, GTK_TEXT_DIR_LTR, 0);
      file = gtk_icon_paintable_get_file (icon);
      g_assert_nonnull (file);
      uri = g_file_get_uri (file);
      g_assert_true (g_str_has_prefix (uri, "resource://"));
      g_assert_true (g_str_has_suffix (uri, ".symbolic.png"));
      /* The property: GTK 4.20 deprecates the getter. */
      g_object_get (icon, "is-symbolic", &symbolic, NULL);
      g_assert_true (symbolic);
    }
}

int
main (int   argc,
      char *argv[])
{
  int status;

  hearts_test_init_widgets (&argc, &argv);

  g_test_add_func ("/ui/window/builds", test_window_builds);
  g_test_add_func ("/ui/window/accessible-names", test_accessible_names);
  g_test_add_func ("/ui/window/actions-by-phase", test_actions_by_phase);
  g_test_add_func ("/ui/window/keyboard-focus", test_keyboard_focus);
  g_test_add_func ("/ui/window/hint-icon-png", test_hint_icon_png);

  status = g_test_run ();
  /* A card still being drawn in a thread must not meet the process's exit. */
  hearts_card_theme_stop_workers ();
  return status;
}
