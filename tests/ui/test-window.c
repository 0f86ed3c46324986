/* test-window.c: the window and the table, without a user
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "hearts-game-deal.h"
#include "hearts-card-theme.h"
#include "config.h"

#include <adwaita.h>
#include <string.h>

#include "hearts-card-picture.h"
#include "hearts-card-widget.h"
#include "hearts-compat.h"
#include "hearts-fit-label.h"
#include "hearts-fit-title.h"
#include "hearts-point-pile.h"
#include "hearts-score-sheet.h"
#include "hearts-seat-plate.h"
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
  HeartsGame   *game = hearts_test_window_get_game (window);

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

/* Whether a label of @root reads @text. */
static gboolean
shows_text (GtkWidget  *root,
            const char *text)
{
  g_autoptr(GPtrArray) labels = g_ptr_array_new ();

  hearts_test_find_all_type (root, GTK_TYPE_LABEL, labels);
  for (guint i = 0; i < labels->len; i++)
    if (strstr (gtk_label_get_text (g_ptr_array_index (labels, i)), text) != NULL)
      return TRUE;
  return FALSE;
}

/* Names, engines' answers and files' words reach a toast as text: "&" or "<" blanked it,
 * with a Gtk-WARNING (fatal here) for the markup (reproduction toast-markup-name.sh). */
static void
test_toast_as_text (void)
{
  HeartsWindow    *window = new_window (7);
  const char      *west = hearts_table_get_player_name (hearts_window_get_table (window), 1);
  g_autofree char *failed = NULL;

  g_signal_emit_by_name (hearts_window_get_runner (window), "engine-failed", 1, "it answered “<&>” to “play?”");
  failed = g_strdup_printf ("The engine of %s failed: it answered “<&>” to “play?”", west);
  g_assert_true (g_str_has_prefix (hearts_window_get_message (window), failed));
  g_assert_true (shows_text (GTK_WIDGET (window), failed));

  /* A refusal comes in front at once. */
  hearts_window_show_toast (window, "Tom & Jerry <b>x</b>");
  g_assert_true (shows_text (GTK_WIDGET (window), "Tom & Jerry <b>x</b>"));
  hearts_test_destroy_window (GTK_WINDOW (window));
}

static void
test_accessible_names (void)
{
  HeartsWindow *window = new_window (7);
  g_autoptr(GPtrArray) cards = hand_cards (window);
  HeartsCards hand = hearts_game_get_hand (hearts_test_window_get_game (window), 0);
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
  HeartsGame   *game = hearts_test_window_get_game (window);
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
  /* A review is for a hand that is over (/e2e/review opens one). */
  g_assert_false (action_enabled (window, NULL, "win.review-hand"));

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
  g_assert_false (action_enabled (window, NULL, "win.review-hand"));

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
  HeartsGame      *game = hearts_test_window_get_game (window);
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

/* Passing from the keyboard: Enter, Enter, Enter chooses three cards of the row, the
 * focus staying in the row with its ring; the arrows go through the row, Up to the pass
 * area and Down back; Enter there sends a card back. */
static void
test_keyboard_pass (void)
{
  HeartsWindow *window = new_window (7);
  HeartsTable  *table = hearts_window_get_table (window);
  GtkWidget    *focus;
  HeartsCard    first;

  gtk_window_present (GTK_WINDOW (window));
  g_assert_true (hearts_test_iterate_until (idle_and_human_to_move, window, HEARTS_TEST_TIMEOUT_MS));
  g_assert_true (focus_in_hand (window));
  first = hearts_card_widget_get_card (HEARTS_CARD_WIDGET (focus_of (window)));

  for (guint i = 0; i < 3; i++)
    {
      focus = focus_of (window);
      g_signal_emit_by_name (focus, "activate");
      g_assert_cmpuint (hearts_cards_count (hearts_table_get_chosen (table)), ==, i + 1);
      /* The focus is on a card left in the row, not on the one chosen. */
      g_assert_true (focus_in_hand (window));
      g_assert_true (focus_of (window) != focus);
      g_assert_false (hearts_cards_has (hearts_table_get_chosen (table),
                                        hearts_card_widget_get_card (HEARTS_CARD_WIDGET (focus_of (window)))));
      g_assert_true (gtk_window_get_focus_visible (GTK_WINDOW (window)));
    }
  g_assert_true (hearts_cards_has (hearts_table_get_chosen (table), first));

  /* An arrow moves along the row, not to the first card of the hand. */
  focus = focus_of (window);
  g_signal_emit_by_name (focus, "move-card", 1);
  g_assert_true (focus_of (window) != focus);
  g_assert_false (hearts_cards_has (hearts_table_get_chosen (table),
                                    hearts_card_widget_get_card (HEARTS_CARD_WIDGET (focus_of (window)))));
  g_signal_emit_by_name (focus_of (window), "move-card", -1);
  g_assert_true (focus_of (window) == focus);

  /* Up to the pass area, Enter sends that card back, and it keeps the focus. */
  g_signal_emit_by_name (focus, "move-row", -1);
  focus = focus_of (window);
  g_assert_true (hearts_cards_has (hearts_table_get_chosen (table),
                                   hearts_card_widget_get_card (HEARTS_CARD_WIDGET (focus))));
  g_signal_emit_by_name (focus, "activate");
  g_assert_cmpuint (hearts_cards_count (hearts_table_get_chosen (table)), ==, 2);
  g_assert_true (focus_of (window) == focus);
  /* Down from the pass area comes back to the row. */
  g_signal_emit_by_name (focus, "move-row", -1);
  g_assert_true (hearts_cards_has (hearts_table_get_chosen (table),
                                   hearts_card_widget_get_card (HEARTS_CARD_WIDGET (focus_of (window)))));
  g_signal_emit_by_name (focus_of (window), "move-row", 1);
  g_assert_true (focus_of (window) == focus);
  hearts_test_destroy_window (GTK_WINDOW (window));
}

/* While the player chooses what to pass, every seat shows the cards it was dealt: the
 * passes are exchanged together once all are in (the seat the player passes to showed
 * three cards fewer, having passed its own and waiting for the player's). */
static void
test_backs_while_passing (void)
{
  for (guint players = 3; players <= 5; players++)
    {
      HeartsWindow    *window = g_object_new (HEARTS_TYPE_WINDOW, NULL);
      HeartsTable     *table = hearts_window_get_table (window);
      g_autoptr(HeartsGame) game = NULL;
      g_autofree char *text = g_strdup_printf ("players=%u", players);
      HeartsRules      rules;
      HeartsCards      pass = 0, hand;

      hearts_rules_init_default (&rules);
      g_assert_true (hearts_rules_apply_string (&rules, text, NULL));
      game = hearts_game_new (&rules, 7);
      hearts_window_new_game (window, game);
      g_assert_true (hearts_test_iterate_until (idle_and_human_to_move, window, HEARTS_TEST_TIMEOUT_MS));
      g_assert_cmpint (hearts_game_get_phase (game), ==, HEARTS_PHASE_PASSING);
      for (guint s = 0; s < players; s++)
        g_assert_cmpuint (hearts_table_get_shown_hand_count (table, s), ==, hearts_rules_get_hand_size (&rules));

      /* Once every pass is in, the cards are exchanged: still a full hand each. */
      hand = hearts_game_get_hand (game, 0);
      for (guint i = 0; i < HEARTS_PASS_SIZE; i++)
        pass |= HEARTS_CARD_BIT (hearts_cards_highest (hand & ~pass));
      g_assert_true (hearts_game_pass (game, 0, pass, NULL));
      hearts_table_finish_animations (table);
      for (guint s = 0; s < players; s++)
        g_assert_cmpuint (hearts_table_get_shown_hand_count (table, s), ==, hearts_rules_get_hand_size (&rules));
      hearts_test_destroy_window (GTK_WINDOW (window));
    }
}

/* A new name shows at once on the table (it waited for the next game, saying nothing);
 * the main menu's tooltip stands aside while the menu is open (it covered the first item);
 * a single click in double-click mode says how to play. */
static void
test_small_things (void)
{
  HeartsWindow *window = new_window (7);
  HeartsTable  *table = hearts_window_get_table (window);
  GSettings    *settings = hearts_settings_get_settings (hearts_window_get_settings (window));
  GtkWidget    *menu;

  g_settings_set_string (settings, "seat1-name", "Zoé");
  g_assert_cmpstr (hearts_table_get_player_name (table, 1), ==, "Zoé");
  g_settings_set_string (settings, "player-name", "Ines");
  g_assert_cmpstr (hearts_table_get_player_name (table, 0), ==, "Ines");

  gtk_window_present (GTK_WINDOW (window));
  menu = hearts_test_find_type (GTK_WIDGET (window), GTK_TYPE_MENU_BUTTON);
  g_assert_nonnull (menu);
  g_assert_true (gtk_widget_get_has_tooltip (menu));
  gtk_menu_button_popup (GTK_MENU_BUTTON (menu));
  g_assert_false (gtk_widget_get_has_tooltip (menu));
  gtk_menu_button_popdown (GTK_MENU_BUTTON (menu));
  g_assert_true (gtk_widget_get_has_tooltip (menu));
  hearts_test_destroy_window (GTK_WINDOW (window));
}

/* The score sheet stands over the table like a dialog: Tab and Shift+Tab go round it,
 * never to the header or the hand behind it (only a shown window moves its focus). */
static void
test_sheet_keeps_focus (void)
{
  HeartsWindow *window = new_window (7);

  gtk_window_present (GTK_WINDOW (window));
  g_assert_true (hearts_test_iterate_until (idle_and_human_to_move, window, HEARTS_TEST_TIMEOUT_MS));
  gtk_widget_activate_action (GTK_WIDGET (window), "win.scores", NULL);
  g_assert_nonnull (gtk_widget_get_ancestor (focus_of (window), HEARTS_TYPE_SCORE_SHEET));
  for (guint i = 0; i < 40; i++)
    {
      GtkDirectionType direction = i < 20 ? GTK_DIR_TAB_FORWARD : GTK_DIR_TAB_BACKWARD;

      /* As the window's Tab binding does: past the last stop, start again. */
      if (!gtk_widget_child_focus (GTK_WIDGET (window), direction))
        {
          gtk_window_set_focus (GTK_WINDOW (window), NULL);
          g_assert_true (gtk_widget_child_focus (GTK_WIDGET (window), direction));
        }
      g_assert_nonnull (gtk_widget_get_ancestor (focus_of (window), HEARTS_TYPE_SCORE_SHEET));
    }
  /* Closed, the header and the hand take Tab again. */
  gtk_widget_activate_action (GTK_WIDGET (window), "win.close-scores", NULL);
  g_assert_true (focus_in_hand (window));
  g_assert_true (gtk_widget_child_focus (GTK_WIDGET (window), GTK_DIR_TAB_FORWARD));
  g_assert_null (gtk_widget_get_ancestor (focus_of (window), HEARTS_TYPE_SCORE_SHEET));
  hearts_test_destroy_window (GTK_WINDOW (window));
}

/* As the window's Tab binding does: past the last stop, start again. */
static void
press_tab (HeartsWindow    *window,
           GtkDirectionType direction)
{
  if (!gtk_widget_child_focus (GTK_WIDGET (window), direction))
    {
      gtk_window_set_focus (GTK_WINDOW (window), NULL);
      g_assert_true (gtk_widget_child_focus (GTK_WIDGET (window), direction));
    }
}

static gboolean
table_at_rest (gpointer user_data)
{
  HeartsWindow *window = user_data;

  return !hearts_table_get_reflowing (hearts_window_get_table (window));
}

/* Tab goes from the hand to Pass Cards and Shift+Tab back, wherever the cards are
 * drawn: from a chosen card before the frame that moves it up to the pass area, and
 * from a card left in the row below the button. (GTK orders Tab stops by where they
 * are; a fast Tab after Space went to the header.) */
static void
test_tab_order (void)
{
  HeartsWindow *window = new_window (7);
  HeartsTable  *table = hearts_window_get_table (window);
  GtkWidget    *pass = find_actionable (GTK_WIDGET (table), "table.pass");
  g_autoptr(GPtrArray) cards = NULL;

  gtk_window_present (GTK_WINDOW (window));
  g_assert_true (hearts_test_iterate_until (idle_and_human_to_move, window, HEARTS_TEST_TIMEOUT_MS));
  g_assert_true (hearts_test_iterate_until (table_at_rest, window, HEARTS_TEST_TIMEOUT_MS));
  g_assert_cmpint (hearts_game_get_phase (hearts_test_window_get_game (window)), ==, HEARTS_PHASE_PASSING);
  cards = hand_cards (window);
  g_signal_emit_by_name (focus_of (window), "move-card", -100);
  g_assert_true (focus_of (window) == g_ptr_array_index (cards, 0));

  /* Space, Space, Space and at once Tab: no frame has moved the third card up yet. Each
   * Space leaves the focus on the next card of the row. */
  for (guint i = 0; i < 3; i++)
    g_signal_emit_by_name (focus_of (window), "activate");
  g_assert_true (focus_of (window) == g_ptr_array_index (cards, 3));
  g_assert_true (gtk_widget_get_sensitive (pass));
  press_tab (window, GTK_DIR_TAB_FORWARD);
  g_assert_true (focus_of (window) == pass);
  press_tab (window, GTK_DIR_TAB_BACKWARD);
  g_assert_true (focus_of (window) == g_ptr_array_index (cards, 3));

  /* From a chosen card (Up), before the frame that moves it up to the pass area. */
  g_signal_emit_by_name (focus_of (window), "move-row", -1);
  g_assert_true (focus_of (window) == g_ptr_array_index (cards, 0));
  press_tab (window, GTK_DIR_TAB_FORWARD);
  g_assert_true (focus_of (window) == pass);
  press_tab (window, GTK_DIR_TAB_BACKWARD);
  g_assert_true (focus_of (window) == g_ptr_array_index (cards, 0));
  g_signal_emit_by_name (focus_of (window), "move-row", 1);
  g_assert_true (focus_of (window) == g_ptr_array_index (cards, 3));

  /* At rest, from a card of the row below the button. */
  g_assert_true (hearts_test_iterate_until (table_at_rest, window, HEARTS_TEST_TIMEOUT_MS));
  g_signal_emit_by_name (focus_of (window), "move-card", 1);
  g_assert_true (focus_of (window) == g_ptr_array_index (cards, 4));
  press_tab (window, GTK_DIR_TAB_FORWARD);
  g_assert_true (focus_of (window) == pass);
  press_tab (window, GTK_DIR_TAB_BACKWARD);
  g_assert_true (focus_of (window) == g_ptr_array_index (cards, 4));
  /* Past Pass Cards the focus leaves the table; Shift+Tab comes back to the button. */
  press_tab (window, GTK_DIR_TAB_FORWARD);
  press_tab (window, GTK_DIR_TAB_FORWARD);
  g_assert_false (gtk_widget_is_ancestor (focus_of (window), GTK_WIDGET (table)));
  press_tab (window, GTK_DIR_TAB_BACKWARD);
  g_assert_true (focus_of (window) == pass);
  hearts_test_destroy_window (GTK_WINDOW (window));
}

/* A new game lets the one before go: an evening is many games. */
static void
test_old_game_freed (void)
{
  HeartsWindow *window = new_window (7);
  HeartsGame   *old = hearts_test_window_get_game (window);
  g_autoptr(HeartsGame) game = NULL;
  HeartsRules   rules;

  gtk_window_present (GTK_WINDOW (window));
  g_assert_true (hearts_test_iterate_until (idle_and_human_to_move, window, HEARTS_TEST_TIMEOUT_MS));
  g_object_add_weak_pointer (G_OBJECT (old), (gpointer *) &old);

  hearts_rules_init_default (&rules);
  game = hearts_game_new (&rules, 8);
  hearts_window_new_game (window, game);
  g_assert_true (hearts_test_iterate_until (idle_and_human_to_move, window, HEARTS_TEST_TIMEOUT_MS));
  g_assert_null (old);
  hearts_test_destroy_window (GTK_WINDOW (window));
}

/* Claims */

static gboolean
claim_settled (gpointer user_data)
{
  HeartsWindow *window = user_data;

  return hearts_seat_view_get_claim_offer (hearts_window_get_seat_view (window), NULL) != HEARTS_CLAIM_OFFER_CHECKING &&
         idle_and_human_to_move (window);
}

/* Plays the lowest card the player may until the window offers a claim, checking at
 * every turn of the player that it offers one exactly when the game says the rest is
 * decided (a settled hand is the runner's to finish). */
static void
play_to_claim (HeartsWindow *window)
{
  HeartsGame *game = hearts_test_window_get_game (window);

  for (;;)
    {
      gboolean expected, enabled;

      g_assert_true (hearts_test_iterate_until (claim_settled, window, HEARTS_TEST_TIMEOUT_MS));
      g_assert_cmpint (hearts_game_get_phase (game), ==, HEARTS_PHASE_PLAYING);
      g_assert_cmpint (hearts_game_get_current_player (game), ==, 0);
      expected = hearts_game_can_claim (game, 0, NULL) && !hearts_game_finish_is_determined (game);
      enabled = action_enabled (window, NULL, "win.claim");
      g_assert_cmpint (enabled, ==, expected);
      g_assert_cmpint (gtk_widget_get_visible (find_actionable (GTK_WIDGET (window), "win.claim")), ==, expected);
      if (enabled)
        return;
      g_assert_true (hearts_game_play (game, 0, hearts_cards_lowest (hearts_game_get_legal (game, 0)), NULL));
    }
}

static gboolean
sheet_up (gpointer user_data)
{
  GtkWidget *sheet = gtk_widget_get_ancestor (find_actionable (user_data, "win.next-hand"), HEARTS_TYPE_SCORE_SHEET);

  return gtk_widget_get_visible (sheet) && hearts_score_sheet_get_mode (HEARTS_SCORE_SHEET (sheet)) == HEARTS_SCORE_SHEET_HAND_OVER;
}

static const char *
subtitle_of (GtkWidget *root)
{
  for (GtkWidget *child = gtk_widget_get_first_child (root); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      const char *found;

      if (ADW_IS_WINDOW_TITLE (child))
        return adw_window_title_get_subtitle (ADW_WINDOW_TITLE (child));
      if ((found = subtitle_of (child)) != NULL)
        return found;
    }
  return NULL;
}

static gboolean
widget_mapped (gpointer user_data)
{
  return gtk_widget_get_mapped (user_data);
}

typedef struct
{
  HeartsWindow *window;
  guint         n_busy; /* turns of the main loop seen with the table busy */
} SubtitleWatch;

/* While the table still shows the hand's last steps, the header does not call it finished. */
static gboolean
table_still_checking_subtitle (gpointer user_data)
{
  SubtitleWatch *w = user_data;
  const char    *subtitle = subtitle_of (GTK_WIDGET (w->window));

  if (!hearts_table_get_busy (hearts_window_get_table (w->window)))
    return TRUE;
  w->n_busy++;
  g_assert_cmpstr (subtitle, !=, NULL);
  g_assert_null (strstr (subtitle, "Finished"));
  g_assert_true (g_str_has_prefix (subtitle, "Hand 1"));
  return FALSE;
}

static GtkWidget *
open_claim (HeartsWindow *window)
{
  g_autoptr(GtkWidget) dialog = NULL;
  GtkWidget *alert;

  gtk_widget_activate_action (GTK_WIDGET (window), "win.claim", NULL);
  alert = hearts_test_find_alert ();
  g_assert_nonnull (alert);
  g_object_get (window, "claim-proof", &dialog, NULL);
  g_assert_true (dialog == alert);
  return alert;
}

/* The proof's cards are the table's card pictures, in order of play, and say in words what
 * their look says: on the table already (dimmed), taking the trick (outlined). */
static void
assert_proof_cards (HeartsWindow *window,
                    GtkWidget    *alert,
                    HeartsGame *game)
{
  HeartsClaim      claim;
  HeartsTrick tricks[HEARTS_GAME_MAX_TRICKS];
  g_autoptr(GPtrArray) pictures = g_ptr_array_new ();
  guint n_tricks, k = 0, n_winning = 0;

  g_assert_true (hearts_game_can_claim (game, 0, &claim));
  n_tricks = hearts_game_get_claim_tricks (game, &claim, tricks);
  g_assert_cmpuint (n_tricks, >, 0);
  g_assert_null (hearts_test_find_type (alert, GTK_TYPE_PICTURE));
  hearts_test_find_all_type (alert, HEARTS_TYPE_CARD_PICTURE, pictures);
  for (guint t = 0; t < n_tricks; t++)
    for (guint c = 0; c < tricks[t].n_cards; c++, k++)
      {
        GtkWidget       *picture;
        gboolean         played = c < tricks[t].n_before;
        gboolean         winning = (tricks[t].leader + c) % tricks[t].n_cards == tricks[t].winner;
        g_autofree char *name = hearts_card_get_name (tricks[t].cards[c]);
        g_autofree char *label = NULL;

        g_assert_cmpuint (k, <, pictures->len);
        picture = g_ptr_array_index (pictures, k);
        g_assert_cmpuint (hearts_card_picture_get_card (HEARTS_CARD_PICTURE (picture)), ==, tricks[t].cards[c]);
        g_assert_cmpint (gtk_widget_has_css_class (picture, "played"), ==, played);
        g_assert_cmpint (gtk_widget_has_css_class (picture, "winning"), ==, winning);
        n_winning += winning;
        const char      *player = hearts_table_get_player_name (hearts_window_get_table (window),
                                                                (tricks[t].leader + c) % tricks[t].n_cards);

        /* Who plays it, then what its look says. */
        if (played && winning)
          label = g_strdup_printf ("%s: %s (on the table, takes the trick)", player, name);
        else if (played)
          label = g_strdup_printf ("%s: %s (on the table)", player, name);
        else if (winning)
          label = g_strdup_printf ("%s: %s (takes the trick)", player, name);
        else
          label = g_strdup_printf ("%s: %s", player, name);
        gtk_test_accessible_assert_property (GTK_ACCESSIBLE (picture), GTK_ACCESSIBLE_PROPERTY_LABEL, label);
      }
  g_assert_cmpuint (k, ==, pictures->len);
  g_assert_cmpuint (n_winning, ==, n_tricks);
}

/* win.claim follows the claim check; its dialog answers Keep Playing and Claim, and
 * goes when the game moves on under it. */
static void
test_claim (void)
{
  HeartsWindow           *window = new_window (3);
  HeartsGame             *game = hearts_test_window_get_game (window);
  HeartsCards             hand = hearts_game_get_hand (game, 0), pass = 0;
  const HeartsHandResult *result;
  g_autoptr(GtkWidget) dialog = NULL;
  HeartsClaim proof;
  GtkWidget  *alert;

  g_assert_true (hearts_test_iterate_until (idle_and_human_to_move, window, HEARTS_TEST_TIMEOUT_MS));
  g_assert_false (action_enabled (window, NULL, "win.claim"));
  for (guint i = 0; i < 3; i++)
    pass |= HEARTS_CARD_BIT (hearts_cards_highest (hand & ~pass));
  g_assert_true (hearts_game_pass (game, 0, pass, NULL));
  play_to_claim (window);

  /* Keep Playing: nothing changes, the claim is still there. */
  alert = open_claim (window);
  assert_proof_cards (window, alert, game);
  /* The window resized under it: its cards are drawn from the table's new card size. */
  {
    static const int sizes[][2] = { { 1000, 760 }, { 600, 560 } };
    HeartsTable     *table = hearts_window_get_table (window);
    int              widths[G_N_ELEMENTS (sizes)];

    /* Shown from now on: as still as it was unshown. */
    g_settings_set_string (hearts_settings_get_settings (hearts_window_get_settings (window)), "animation-speed", "off");
    gtk_window_present (GTK_WINDOW (window));
    for (guint i = 0; i < G_N_ELEMENTS (sizes); i++)
      {
        g_autoptr(GPtrArray) pictures = g_ptr_array_new ();

        hearts_test_resize_window (GTK_WINDOW (window), sizes[i][0], sizes[i][1]);
        widths[i] = hearts_table_get_card_width (table);
        hearts_test_find_all_type (alert, HEARTS_TYPE_CARD_PICTURE, pictures);
        for (guint k = 0; k < pictures->len; k++)
          g_assert_cmpint (hearts_card_picture_get_render_width (g_ptr_array_index (pictures, k)), ==, widths[i]);
      }
    g_assert_cmpint (widths[0], !=, widths[1]);
  }
  hearts_test_answer_alert (alert, "cancel");
  g_object_get (window, "claim-proof", &dialog, NULL);
  g_assert_null (dialog);
  g_assert_cmpint (hearts_game_get_current_player (game), ==, 0);
  g_assert_true (action_enabled (window, NULL, "win.claim"));

  /* The game moving on (an undo) closes the proof and takes the claim away at once. */
  open_claim (window);
  gtk_widget_activate_action (GTK_WIDGET (window), "win.undo", NULL);
  g_object_get (window, "claim-proof", &dialog, NULL);
  g_assert_null (dialog);
  g_assert_false (action_enabled (window, NULL, "win.claim"));
  g_assert_true (hearts_test_iterate_until (claim_settled, window, HEARTS_TEST_TIMEOUT_MS));
  g_assert_null (hearts_test_find_alert ());
  play_to_claim (window);

  /* Claim: the hand ends as the proof says, through the table like any other plays. */
  g_assert_true (hearts_game_can_claim (game, 0, &proof));
  alert = open_claim (window);
  hearts_test_answer_alert (alert, "claim");
  g_assert_cmpint (hearts_game_get_phase (game), ==, HEARTS_PHASE_HAND_OVER);
  result = hearts_game_get_result (game, 0);
  g_assert_cmpmem (result->points, 4 * sizeof (gint), proof.points, 4 * sizeof (gint));
  g_assert_false (action_enabled (window, NULL, "win.claim"));
  /* The score sheet comes up once the table has shown the claimed tricks. */
  g_assert_true (hearts_test_iterate_until (sheet_up, window, HEARTS_TEST_TIMEOUT_MS));
  hearts_test_destroy_window (GTK_WINDOW (window));
}

/* The header's subtitle follows the table, not the game: a claim ends the hand at once,
 * but the hand is "Finished" only once the table has shown its last trick. */
static void
test_subtitle_follows_table (void)
{
  HeartsWindow *window = new_window (3);
  HeartsGame   *game = hearts_test_window_get_game (window);
  HeartsCards   hand = hearts_game_get_hand (game, 0), pass = 0;
  HeartsTable  *table = hearts_window_get_table (window);
  SubtitleWatch w = { window, 0 };

  g_assert_true (hearts_test_iterate_until (idle_and_human_to_move, window, HEARTS_TEST_TIMEOUT_MS));
  g_assert_cmpstr (subtitle_of (GTK_WIDGET (window)), ==, "Hand 1 · Passing");
  for (guint i = 0; i < 3; i++)
    pass |= HEARTS_CARD_BIT (hearts_cards_highest (hand & ~pass));
  g_assert_true (hearts_game_pass (game, 0, pass, NULL));
  play_to_claim (window);
  g_assert_null (strstr (subtitle_of (GTK_WIDGET (window)), "Finished"));

  /* Mapped, so that the claim's steps take frames of their own; quick, but each one still
   * takes several. */
  gtk_window_present (GTK_WINDOW (window));
  g_assert_true (hearts_test_iterate_until (widget_mapped, table, HEARTS_TEST_TIMEOUT_MS));
  hearts_table_set_animation_speed (table, 10);
  g_assert_true (hearts_game_claim (game, 0));
  g_assert_cmpint (hearts_game_get_phase (game), ==, HEARTS_PHASE_HAND_OVER);
  g_assert_true (hearts_table_get_busy (table));
  g_assert_false (table_still_checking_subtitle (&w));
  g_assert_true (hearts_test_iterate_until (table_still_checking_subtitle, &w, HEARTS_TEST_TIMEOUT_MS));
  g_assert_cmpuint (w.n_busy, >, 1);
  g_assert_cmpstr (subtitle_of (GTK_WIDGET (window)), ==, "Hand 1 · Finished");
  g_assert_true (hearts_test_iterate_until (sheet_up, window, HEARTS_TEST_TIMEOUT_MS));
  hearts_test_destroy_window (GTK_WINDOW (window));
}

typedef struct
{
  GtkWidget *window;
  int        width;
} Sized;

static gboolean
allocated_at (gpointer user_data)
{
  Sized     *s = user_data;
  GtkWidget *table = GTK_WIDGET (hearts_window_get_table (HEARTS_WINDOW (s->window)));

  return gtk_widget_get_mapped (table) && gtk_widget_get_width (table) > 0 &&
         gtk_widget_get_width (table) <= s->width && !hearts_table_get_busy (HEARTS_TABLE (table)) &&
         !g_main_context_pending (NULL);
}

static GtkWidget *
find_label (GtkWidget  *root,
            const char *text)
{
  if (GTK_IS_LABEL (root) && gtk_widget_get_mapped (root) && g_strcmp0 (gtk_label_get_label (GTK_LABEL (root)), text) == 0)
    return root;
  for (GtkWidget *child = gtk_widget_get_first_child (root); child != NULL; child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *found = find_label (child, text);

      if (found != NULL)
        return found;
    }
  return NULL;
}

typedef struct
{
  HeartsWindow *window;
  const char   *text;
  float         bottom;
  guint         still;
} ToastWait;

/* The toast is shown and has come to rest: where it is drawn has not changed for a
 * fifth of a second (it slides in), polled every 50 ms (tick). */
static gboolean
toast_shown (gpointer data)
{
  ToastWait      *wait = data;
  GtkWidget      *label = find_label (GTK_WIDGET (wait->window), wait->text);
  graphene_rect_t b;

  if (label == NULL || gtk_widget_get_height (label) == 0 ||
      !gtk_widget_compute_bounds (label, GTK_WIDGET (wait->window), &b))
    return FALSE;
  if (b.origin.y + b.size.height != wait->bottom)
    {
      wait->bottom = b.origin.y + b.size.height;
      wait->still = 0;
      return FALSE;
    }
  return ++wait->still > 4;
}

static gboolean
tick (gpointer data)
{
  return G_SOURCE_CONTINUE;
}

static gboolean
toast_gone (gpointer data)
{
  ToastWait *wait = data;

  return find_label (GTK_WIDGET (wait->window), wait->text) == NULL;
}

/* A message shows whole in a phone's window (on several lines), above the hand rather
 * than over it, and one about a hand goes with that hand. */
static void
test_toasts (void)
{
  static const char *text = "No card left can change the score: the hand is played out";
  HeartsWindow *window = new_window (7);
  HeartsTable  *table = hearts_window_get_table (window);
  Sized         sized = { GTK_WIDGET (window), 400 };
  ToastWait     wait = { window, text, 0, 0 };
  guint         tick_id;
  GtkWidget    *label, *toast;
  graphene_rect_t hand, bounds;

  gtk_window_set_default_size (GTK_WINDOW (window), 400, 720);
  gtk_window_present (GTK_WINDOW (window));
  g_assert_true (hearts_test_iterate_until (allocated_at, &sized, HEARTS_TEST_TIMEOUT_MS));
  g_assert_true (hearts_test_iterate_until (idle_and_human_to_move, window, HEARTS_TEST_TIMEOUT_MS));

  hearts_window_show_toast (window, text);
  tick_id = g_timeout_add (50, tick, NULL);
  g_assert_true (hearts_test_iterate_until (toast_shown, &wait, HEARTS_TEST_TIMEOUT_MS));
  g_source_remove (tick_id);
  label = find_label (GTK_WIDGET (window), text);
  g_assert_false (pango_layout_is_ellipsized (gtk_label_get_layout (GTK_LABEL (label))));
  g_assert_cmpint (pango_layout_get_line_count (gtk_label_get_layout (GTK_LABEL (label))), >, 1);

  /* The toast's box, as drawn (its margin is outside it), is clear of the hand. */
  toast = gtk_widget_get_parent (label);
  while (!gtk_widget_has_css_class (toast, "hearts-toast"))
    toast = gtk_widget_get_parent (toast);
  g_assert_true (hearts_table_get_hand_area (table, &hand));
  g_assert_true (gtk_widget_compute_bounds (label, GTK_WIDGET (table), &bounds));
  g_assert_cmpfloat (bounds.origin.y + bounds.size.height, <=, hand.origin.y);
  g_assert_cmpint (gtk_widget_get_margin_bottom (toast), >, 0);

  /* The next deal takes it away (here a new game, as after an undo). */
  hearts_window_new_game (window, NULL);
  g_assert_true (hearts_test_iterate_until (toast_gone, &wait, HEARTS_TEST_TIMEOUT_MS));
  hearts_test_destroy_window (GTK_WINDOW (window));
}

/* A phone's window, 360 px wide (libadwaita's narrowest), and a laptop's: the window is
 * no wider than asked, the New Game button shows its text only where it fits, and each
 * plate, pile, the pass label and the hand stay on the table, the plates and piles clear
 * of each other. */
static void
test_narrow (void)
{
  static const int widths[] = { 360, 400, 1280 };
  /* Also with the larger text of other systems (Debian 13's plates overlapped at 360 px). */
  static const char *fonts[] = { NULL, "Cantarell 12" };
  GtkSettings     *settings = gtk_settings_get_default ();
  g_autofree char *font = NULL;
  g_autofree char *layout = NULL;

  g_object_get (settings, "gtk-font-name", &font, NULL);
  g_object_get (settings, "gtk-decoration-layout", &layout, NULL);
  for (guint f = 0; f < G_N_ELEMENTS (fonts); f++)
  for (guint players = 3; players <= 5; players++)
    for (guint w = 0; w < G_N_ELEMENTS (widths); w++)
      {
        HeartsWindow *window = g_object_new (HEARTS_TYPE_WINDOW, NULL);
        g_autoptr(HeartsGame) game = NULL;
        g_autofree char *text = g_strdup_printf ("players=%u", players);
        g_autoptr(GPtrArray) boxes = g_ptr_array_new_with_free_func (g_free);
        Sized           sized = { GTK_WIDGET (window), widths[w] };
        HeartsRules     rules;
        GtkWidget      *table, *content, *fit;
        graphene_rect_t area;
        int             min;

        g_object_set (settings, "gtk-font-name", fonts[f] != NULL ? fonts[f] : font, NULL);
        hearts_rules_init_default (&rules);
        g_assert_true (hearts_rules_apply_string (&rules, text, NULL));
        game = hearts_game_new (&rules, 3);
        /* To the middle of the hand, so that piles lie by the plates. */
        for (guint s = 0; s < players; s++)
          hearts_game_set_seat_level (game, s, HEARTS_AI_EASY);
        while (hearts_game_get_phase (game) != HEARTS_PHASE_PLAYING ||
               hearts_cards_count (hearts_game_get_hand (game, 0)) > 6 ||
               hearts_game_get_current_player (game) != 0)
          g_assert_true (hearts_game_computer_move (game));
        hearts_game_set_seat_human (game, 0);
        hearts_window_new_game (window, game);

        content = adw_application_window_get_content (ADW_APPLICATION_WINDOW (window));
        gtk_widget_measure (content, GTK_ORIENTATION_HORIZONTAL, -1, &min, NULL, NULL, NULL);
        g_assert_cmpint (min, <=, 360);
        /* Nor with the Claim button (it widened a 400 px window to 429). */
        {
          GtkWidget *claim = hearts_test_find_with_class (GTK_WIDGET (window), GTK_TYPE_BUTTON, "claim-button");

          /* With GTK's own minimize, maximize and close buttons (as here), a 400 px window
           * stays so; with GNOME's close button alone (a phone's too), 360 px. */
          gtk_widget_set_visible (claim, TRUE);
          gtk_widget_measure (content, GTK_ORIENTATION_HORIZONTAL, -1, &min, NULL, NULL, NULL);
          g_test_message ("%u players, %d px: at least %d px with Claim", players, widths[w], min);
          if (fonts[f] == NULL)
            g_assert_cmpint (min, <=, 400);
          g_object_set (settings, "gtk-decoration-layout", "appmenu:close", NULL);
          gtk_widget_measure (content, GTK_ORIENTATION_HORIZONTAL, -1, &min, NULL, NULL, NULL);
          g_test_message ("%u players, %d px: at least %d px with Claim and a close button", players, widths[w], min);
          g_assert_cmpint (min, <=, 360);
          g_object_set (settings, "gtk-decoration-layout", layout, NULL);
          gtk_widget_set_visible (claim, FALSE);
        }

        gtk_window_set_default_size (GTK_WINDOW (window), widths[w], widths[w] > 400 ? 800 : 640);
        gtk_window_present (GTK_WINDOW (window));
        g_assert_true (hearts_test_iterate_until (allocated_at, &sized, HEARTS_TEST_TIMEOUT_MS));

        fit = hearts_test_find_type (GTK_WIDGET (window), HEARTS_TYPE_FIT_LABEL);
        g_assert_nonnull (fit);
        g_assert_cmpint (hearts_fit_label_get_shows_label (HEARTS_FIT_LABEL (fit)), ==, widths[w] > 400);

        table = GTK_WIDGET (hearts_window_get_table (window));
        area = GRAPHENE_RECT_INIT (0, 0, gtk_widget_get_width (table), gtk_widget_get_height (table));
        for (GtkWidget *child = gtk_widget_get_first_child (table);
             child != NULL;
             child = gtk_widget_get_next_sibling (child))
          {
            graphene_rect_t b;

            if (!gtk_widget_get_visible (child) || HEARTS_IS_SCORE_SHEET (child) ||
                !gtk_widget_compute_bounds (child, table, &b) || b.size.width <= 1)
              continue;
            if (!graphene_rect_contains_rect (&area, &b))
              g_error ("%u players, %d px: a %s at %g,%g %gx%g leaves the table %gx%g", players, widths[w],
                       G_OBJECT_TYPE_NAME (child), b.origin.x, b.origin.y, b.size.width, b.size.height,
                       area.size.width, area.size.height);
            if (HEARTS_IS_SEAT_PLATE (child) || HEARTS_IS_POINT_PILE (child))
              {
                for (guint i = 0; i < boxes->len; i++)
                  {
                    graphene_rect_t *other = g_ptr_array_index (boxes, i);

                    if (graphene_rect_intersection (&b, other, NULL))
                      g_error ("%u players, %d px: a %s at %g,%g %gx%g overlaps another plate or pile",
                               players, widths[w], G_OBJECT_TYPE_NAME (child), b.origin.x, b.origin.y,
                               b.size.width, b.size.height);
                  }
                g_ptr_array_add (boxes, g_memdup2 (&b, sizeof b));
              }
          }
        g_assert_cmpuint (boxes->len, >, players);

        /* The trick's place in the middle, clear of the plates. */
        {
          graphene_rect_t trick;

          hearts_table_get_trick_area (HEARTS_TABLE (table), &trick);
          for (GtkWidget *child = gtk_widget_get_first_child (table);
               child != NULL;
               child = gtk_widget_get_next_sibling (child))
            {
              graphene_rect_t b;

              if (HEARTS_IS_SEAT_PLATE (child) && gtk_widget_get_visible (child) &&
                  gtk_widget_compute_bounds (child, table, &b) && graphene_rect_intersection (&b, &trick, NULL))
                g_error ("%u players, %d px: the trick at %g,%g %gx%g overlaps a plate at %g,%g %gx%g", players,
                         widths[w], trick.origin.x, trick.origin.y, trick.size.width, trick.size.height,
                         b.origin.x, b.origin.y, b.size.width, b.size.height);
            }
        }
        g_test_message ("%u players, %d px: the table %gx%g, %u plates and piles", players, widths[w],
                        area.size.width, area.size.height, boxes->len);
        hearts_test_destroy_window (GTK_WINDOW (window));
      }
  g_object_set (settings, "gtk-font-name", font, "gtk-decoration-layout", layout, NULL);
}

/* The header's title reads whole in a phone's window (with GNOME's close button): the
 * hand and its state where "Hearts" over "Hand 1 · Hearts broken" does not fit. */
static void
test_narrow_title (void)
{
  static const int widths[] = { 360, 400, 1280 };
  GtkSettings     *settings = gtk_settings_get_default ();
  g_autofree char *layout = NULL;

  g_object_get (settings, "gtk-decoration-layout", &layout, NULL);
  g_object_set (settings, "gtk-decoration-layout", "appmenu:close", NULL);
  for (guint w = 0; w < G_N_ELEMENTS (widths); w++)
    for (guint phase = 0; phase < 2; phase++)
      {
        HeartsWindow *window = new_window (7);
        HeartsGame   *game = hearts_test_window_get_game (window);
        Sized         sized = { GTK_WIDGET (window), widths[w] };
        GtkWidget    *title;
        g_autoptr(GPtrArray) labels = g_ptr_array_new ();

        /* Passing, then the middle of the hand with hearts broken. */
        if (phase == 1)
          {
            g_autoptr(HeartsGame) played = NULL;
            HeartsRules rules;

            hearts_rules_init_default (&rules);
            played = hearts_game_new (&rules, 7);
            for (guint s = 0; s < 4; s++)
              hearts_game_set_seat_level (played, s, HEARTS_AI_EASY);
            while (hearts_game_get_phase (played) != HEARTS_PHASE_PLAYING || !hearts_game_get_hearts_broken (played) ||
                   hearts_game_get_current_player (played) != 0)
              g_assert_true (hearts_game_computer_move (played));
            hearts_game_set_seat_human (played, 0);
            hearts_window_new_game (window, played);
            game = played;
          }
        gtk_window_set_default_size (GTK_WINDOW (window), widths[w], 720);
        gtk_window_present (GTK_WINDOW (window));
        g_assert_true (hearts_test_iterate_until (allocated_at, &sized, HEARTS_TEST_TIMEOUT_MS));
        hearts_test_wait_drawn (GTK_WIDGET (window));

        title = hearts_test_find_type (GTK_WIDGET (window), HEARTS_TYPE_FIT_TITLE);
        g_assert_nonnull (title);
        if (widths[w] > 400)
          g_assert_false (hearts_fit_title_get_compact (HEARTS_FIT_TITLE (title)));
        hearts_test_find_all_type (title, GTK_TYPE_LABEL, labels);
        for (guint i = 0; i < labels->len; i++)
          {
            GtkWidget *label = g_ptr_array_index (labels, i);

            if (!gtk_widget_get_mapped (label))
              continue;
            g_test_message ("%d px: \"%s\"", widths[w], gtk_label_get_label (GTK_LABEL (label)));
            g_assert_false (pango_layout_is_ellipsized (gtk_label_get_layout (GTK_LABEL (label))));
          }
        /* Where the hand alone shows, its state is in the tooltip. */
        if (hearts_fit_title_get_tiny (HEARTS_FIT_TITLE (title)))
          {
            const char *tooltip = gtk_widget_get_tooltip_text (title);

            g_assert_cmpstr (tooltip, ==, hearts_fit_title_get_compact_subtitle (HEARTS_FIT_TITLE (title)));
          }
        g_test_message ("%d px: %s", widths[w],
                        hearts_fit_title_get_tiny (HEARTS_FIT_TITLE (title))      ? "the hand alone"
                        : hearts_fit_title_get_compact (HEARTS_FIT_TITLE (title)) ? "the hand over its state"
                                                                                  : "Hearts over the hand");
        (void) game;
        hearts_test_destroy_window (GTK_WINDOW (window));
      }
  g_object_set (settings, "gtk-decoration-layout", layout, NULL);
}


/* The node's children, for the node types a window's frame has. */
static void
node_children (GskRenderNode *node,
               GPtrArray     *children)
{
  switch (gsk_render_node_get_node_type (node))
    {
    case GSK_CONTAINER_NODE:
      for (guint i = 0; i < gsk_container_node_get_n_children (node); i++)
        g_ptr_array_add (children, gsk_container_node_get_child (node, i));
      break;
    case GSK_TRANSFORM_NODE:
      g_ptr_array_add (children, gsk_transform_node_get_child (node));
      break;
    case GSK_OPACITY_NODE:
      g_ptr_array_add (children, gsk_opacity_node_get_child (node));
      break;
    case GSK_COLOR_MATRIX_NODE:
      g_ptr_array_add (children, gsk_color_matrix_node_get_child (node));
      break;
    case GSK_CLIP_NODE:
      g_ptr_array_add (children, gsk_clip_node_get_child (node));
      break;
    case GSK_ROUNDED_CLIP_NODE:
      g_ptr_array_add (children, gsk_rounded_clip_node_get_child (node));
      break;
    case GSK_SHADOW_NODE:
      g_ptr_array_add (children, gsk_shadow_node_get_child (node));
      break;
    case GSK_DEBUG_NODE:
      g_ptr_array_add (children, gsk_debug_node_get_child (node));
      break;
    default:
      break;
    }
}

typedef struct
{
  guint borders;
  guint offscreen_filters; /* a colour matrix or an opacity drawn through an offscreen */
} FrameCosts;

static void
count_costs (GskRenderNode *node,
             FrameCosts    *costs)
{
  g_autoptr(GPtrArray) children = g_ptr_array_new ();
  GskRenderNodeType type = gsk_render_node_get_node_type (node);

  costs->borders += type == GSK_BORDER_NODE;
  node_children (node, children);
  /* GTK 4.8's GL renderer fades a single node as it draws it, and recolours a texture as it
   * is; anything more goes through an offscreen. */
  if ((type == GSK_OPACITY_NODE &&
       gsk_render_node_get_node_type (g_ptr_array_index (children, 0)) == GSK_CONTAINER_NODE) ||
      (type == GSK_COLOR_MATRIX_NODE &&
       gsk_render_node_get_node_type (g_ptr_array_index (children, 0)) != GSK_TEXTURE_NODE))
    costs->offscreen_filters++;
  for (guint i = 0; i < children->len; i++)
    count_costs (g_ptr_array_index (children, i), costs);
}

static FrameCosts
frame_costs (GtkWidget *widget)
{
  g_autoptr(GdkPaintable) paintable = gtk_widget_paintable_new (widget);
  GtkSnapshot   *snapshot = gtk_snapshot_new ();
  GskRenderNode *node;
  FrameCosts     costs = { 0, 0 };

  gdk_paintable_snapshot (paintable, snapshot, gtk_widget_get_width (widget), gtk_widget_get_height (widget));
  node = gtk_snapshot_free_to_node (snapshot);
  g_assert_nonnull (node);
  count_costs (node, &costs);
  gsk_render_node_unref (node);

  return costs;
}

/* The first frame of a new game (passing; Undo and Pass Cards disabled) draws with the GL
 * shaders a bare libadwaita window uses, textures and the felt's gradient: with software GL
 * each other shader cost a compile at every start (the pass area's border, 3-5 ms), and a
 * filter over a whole button an offscreen pass whose shaders were compiled again (libadwaita
 * fades a disabled button so; 50 ms when Mesa's cache does not have them). */
static void
test_first_frame_shaders (void)
{
  HeartsWindow *window = new_window (7);
  HeartsTable  *table = hearts_window_get_table (window);
  GtkWidget    *pass;
  FrameCosts    costs;

  hearts_test_load_style ();
  gtk_window_set_default_size (GTK_WINDOW (window), 960, 720);
  gtk_window_present (GTK_WINDOW (window));
  hearts_test_wait_drawn (GTK_WIDGET (window));
  g_assert_cmpint (hearts_game_get_phase (hearts_test_window_get_game (window)), ==, HEARTS_PHASE_PASSING);
  g_assert_false (action_enabled (window, NULL, "win.undo"));
  pass = find_actionable (GTK_WIDGET (table), "table.pass");
  g_assert_false (gtk_widget_get_sensitive (pass));
  /* Shown: the first frame has it at opacity 0, then it fades in. */
  gtk_widget_set_opacity (pass, 1);

  costs = frame_costs (GTK_WIDGET (table));
  g_assert_cmpuint (costs.borders, ==, 0);
  g_assert_cmpuint (costs.offscreen_filters, ==, 0);
  costs = frame_costs (GTK_WIDGET (window));
  g_assert_cmpuint (costs.offscreen_filters, ==, 0);

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

/* README.md's "Keyboard" keys that act on the window (the application's are in test-help.c). */
static const struct
{
  const char *trigger;
  const char *action;
} window_shortcuts[] = {
  { "<Control>n", "win.new-game" },
  { "<Control>z", "win.undo" },
  { "h", "win.hint" },
  { "c", "win.claim" },
  { "<Control>s", "win.scores" },
  { "<Control>r", "win.review-hand" },
  { "l", "win.show-last-trick" },
  { "<Shift>l", "win.show-hand-so-far" },
  { "F11", "win.fullscreen" },
};

static gboolean
trigger_is (GtkShortcutTrigger *trigger,
            const char         *text)
{
  g_autoptr(GtkShortcutTrigger) parsed = gtk_shortcut_trigger_parse_string (text);

  g_assert_nonnull (parsed);
  return trigger != NULL && gtk_shortcut_trigger_equal (trigger, parsed);
}

static gboolean
accelerator_is (const char *accelerator,
                const char *text)
{
  g_autoptr(GtkShortcutTrigger) trigger = accelerator != NULL ? gtk_shortcut_trigger_parse_string (accelerator) : NULL;

  return trigger_is (trigger, text);
}

/* The main menu's items with an action in window_shortcuts[], each checked for its accel. */
static guint
check_menu_accels (GMenuModel *menu)
{
  guint n = 0;

  for (int i = 0; i < g_menu_model_get_n_items (menu); i++)
    {
      g_autoptr(GMenuLinkIter) links = g_menu_model_iterate_item_links (menu, i);
      g_autofree char *action = NULL;
      g_autofree char *accel = NULL;
      GMenuModel      *link;

      while (g_menu_link_iter_get_next (links, NULL, &link))
        {
          n += check_menu_accels (link);
          g_object_unref (link);
        }
      if (!g_menu_model_get_item_attribute (menu, i, G_MENU_ATTRIBUTE_ACTION, "s", &action))
        continue;
      g_menu_model_get_item_attribute (menu, i, "accel", "s", &accel);
      for (guint s = 0; s < G_N_ELEMENTS (window_shortcuts); s++)
        if (g_str_equal (action, window_shortcuts[s].action))
          {
            g_assert_true (accelerator_is (accel, window_shortcuts[s].trigger));
            n++;
          }
    }
  return n;
}

static gboolean
shortcuts_window_shows (GtkWidget  *root,
                        const char *trigger)
{
  /* By name: GTK 4.18 deprecates the type. */
  if (g_str_equal (G_OBJECT_TYPE_NAME (root), "GtkShortcutsShortcut"))
    {
      g_autofree char *accelerator = NULL;

      g_object_get (root, "accelerator", &accelerator, NULL);
      if (accelerator_is (accelerator, trigger))
        return TRUE;
    }
  for (GtkWidget *child = gtk_widget_get_first_child (root); child != NULL; child = gtk_widget_get_next_sibling (child))
    if (shortcuts_window_shows (child, trigger))
      return TRUE;
  return FALSE;
}

/* The window's shortcuts are its template's, where the application's accelerators act: on the
 * whole window, before the focused widget (a global controller in the capture phase). Each names
 * an action of the window, and the shortcuts window and the main menu show the same keys. */
static void
test_shortcuts (void)
{
  HeartsWindow   *window = new_window (7);
  GtkWidgetClass *klass = GTK_WIDGET_GET_CLASS (window);
  GtkMenuButton  *menu_button;
  GtkWindow      *overlay;
  guint           n_shortcuts = 0;
  gboolean        found[G_N_ELEMENTS (window_shortcuts)];
  g_autoptr(GListModel) controllers = gtk_widget_observe_controllers (GTK_WIDGET (window));

  memset (found, 0, sizeof found);
  for (guint c = 0; c < g_list_model_get_n_items (controllers); c++)
    {
      g_autoptr(GtkEventController) controller = g_list_model_get_item (controllers, c);

      /* Ours, by name: GTK 4.18's application window has a global controller of its own. */
      if (!GTK_IS_SHORTCUT_CONTROLLER (controller) ||
          g_strcmp0 (gtk_event_controller_get_name (controller), "window-shortcuts") != 0)
        continue;
      g_assert_cmpint (gtk_shortcut_controller_get_scope (GTK_SHORTCUT_CONTROLLER (controller)), ==,
                       GTK_SHORTCUT_SCOPE_GLOBAL);
      g_assert_cmpint (gtk_event_controller_get_propagation_phase (controller), ==, GTK_PHASE_CAPTURE);
      for (guint i = 0; i < g_list_model_get_n_items (G_LIST_MODEL (controller)); i++)
        {
          g_autoptr(GtkShortcut) shortcut = g_list_model_get_item (G_LIST_MODEL (controller), i);
          GtkShortcutAction *action = gtk_shortcut_get_action (shortcut);
          guint              s;

          g_assert_true (GTK_IS_NAMED_ACTION (action));
          for (s = 0; s < G_N_ELEMENTS (window_shortcuts); s++)
            if (g_str_equal (gtk_named_action_get_action_name (GTK_NAMED_ACTION (action)), window_shortcuts[s].action))
              break;
          g_assert_cmpuint (s, <, G_N_ELEMENTS (window_shortcuts));
          g_assert_true (trigger_is (gtk_shortcut_get_trigger (shortcut), window_shortcuts[s].trigger));
          g_assert_false (found[s]);
          found[s] = TRUE;
          n_shortcuts++;
        }
    }
  g_assert_cmpuint (n_shortcuts, ==, G_N_ELEMENTS (window_shortcuts));

  /* A misspelt action would make its key do nothing, silently. */
  for (guint s = 0; s < G_N_ELEMENTS (window_shortcuts); s++)
    {
      gboolean            installed = FALSE;
      GType               owner;
      const char         *name;
      const GVariantType *parameter_type;
      const char         *property;

      /* Every out argument is written. */
      for (guint i = 0; gtk_widget_class_query_action (klass, i, &owner, &name, &parameter_type, &property); i++)
        installed |= g_str_equal (name, window_shortcuts[s].action);
      g_assert_true (installed);
    }

  menu_button = GTK_MENU_BUTTON (hearts_test_find_type (GTK_WIDGET (window), GTK_TYPE_MENU_BUTTON));
  g_assert_nonnull (menu_button);
  g_assert_cmpuint (check_menu_accels (gtk_menu_button_get_menu_model (menu_button)), ==, 3);

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.show-help-overlay", NULL));
  overlay = hearts_shortcuts_get (GTK_APPLICATION_WINDOW (window));
  g_assert_nonnull (overlay);
  for (guint s = 0; s < G_N_ELEMENTS (window_shortcuts); s++)
    g_assert_true (shortcuts_window_shows (GTK_WIDGET (overlay), window_shortcuts[s].trigger));

  hearts_test_destroy_window (GTK_WINDOW (window));
}

int
main (int   argc,
      char *argv[])
{
  hearts_test_init_widgets (&argc, &argv);

  g_test_add_func ("/ui/window/builds", test_window_builds);
  g_test_add_func ("/ui/window/accessible-names", test_accessible_names);
  g_test_add_func ("/ui/window/toast-as-text", test_toast_as_text);
  g_test_add_func ("/ui/window/actions-by-phase", test_actions_by_phase);
  g_test_add_func ("/ui/window/keyboard-focus", test_keyboard_focus);
  g_test_add_func ("/ui/window/keyboard-pass", test_keyboard_pass);
  g_test_add_func ("/ui/window/toasts", test_toasts);
  g_test_add_func ("/ui/window/small-things", test_small_things);
  g_test_add_func ("/ui/window/backs-while-passing", test_backs_while_passing);
  g_test_add_func ("/ui/window/hint-icon-png", test_hint_icon_png);
  g_test_add_func ("/ui/window/sheet-keeps-focus", test_sheet_keeps_focus);
  g_test_add_func ("/ui/window/tab-order", test_tab_order);
  g_test_add_func ("/ui/window/old-game-freed", test_old_game_freed);
  g_test_add_func ("/ui/window/claim", test_claim);
  g_test_add_func ("/ui/window/subtitle-follows-table", test_subtitle_follows_table);
  g_test_add_func ("/ui/window/narrow", test_narrow);
  g_test_add_func ("/ui/window/narrow-title", test_narrow_title);
  g_test_add_func ("/ui/window/first-frame-shaders", test_first_frame_shaders);
  g_test_add_func ("/ui/window/shortcuts", test_shortcuts);

  return g_test_run ();
}
