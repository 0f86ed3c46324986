/* test-window-settings.c: the window with its settings: the table follows the keys,
 * new games take the rules, names and levels, the game is saved and resumed, the
 * statistics count a finished game, external engines play a seat, and the menu's
 * Preferences and Statistics open.
 *
 * Every test has its own memory store, so none sees another's keys. The window deals
 * new games from g_random: it is seeded, and HEARTS_TEST_SEED=N repeats a run.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "hearts-card-theme.h"
#include "config.h"

#define G_SETTINGS_ENABLE_BACKEND
#include <gio/gsettingsbackend.h>

#include <adwaita.h>
#include <glib/gstdio.h>
#include <string.h>

#include "hearts-game-deal.h"
#include "hearts-card-widget.h"
#include "hearts-preferences-window.h"
#include "hearts-saved-game.h"
#include "hearts-score-sheet.h"
#include "hearts-statistics.h"
#include "hearts-statistics-dialog.h"
#include "hearts-compat.h"
#include "hearts-test-widget.h"
#include "hearts-window.h"

static void
forget_saved (void)
{
  g_autoptr(GFile) file = hearts_saved_game_get_default_file ();
  g_autofree char *bad = g_strconcat (g_file_peek_path (file), ".bad", NULL);

  g_file_delete (file, NULL, NULL);
  g_remove (bad);
}

static GSettings *
new_gsettings (void)
{
  g_autoptr(GSettingsBackend) backend = g_memory_settings_backend_new ();

  /* The saved-game file (in run-in-session.sh's XDG_DATA_HOME) starts empty too. */
  forget_saved ();
  return g_settings_new_with_backend (HEARTS_SCHEMA_ID, backend);
}

/* The state in the saved-game file, or NULL. */
static GVariant *
read_saved (void)
{
  g_autoptr(GFile) file = hearts_saved_game_get_default_file ();
  g_autoptr(GBytes) bytes = g_file_load_bytes (file, NULL, NULL, NULL);

  return bytes != NULL ? hearts_saved_game_from_file_bytes (bytes, NULL) : NULL;
}

static HeartsWindow *
new_window (GSettings *gsettings)
{
  g_autoptr(HeartsSettings) settings = hearts_settings_new (gsettings);

  return g_object_new (HEARTS_TYPE_WINDOW, "settings", settings, NULL);
}

/* Computer moves finish in threads; their results land on the main context. */
static gboolean
human_to_move (gpointer user_data)
{
  HeartsWindow *window = user_data;
  HeartsGame   *game = hearts_test_window_get_game (window);

  return hearts_game_human_to_move (game) && !hearts_game_computer_to_move (game) &&
         !hearts_table_get_busy (hearts_window_get_table (window)) && !g_main_context_pending (NULL);
}

static gboolean
game_over (gpointer user_data)
{
  HeartsWindow *window = user_data;

  return hearts_game_get_phase (hearts_test_window_get_game (window)) == HEARTS_PHASE_GAME_OVER &&
         !g_main_context_pending (NULL);
}

/* Closing writes the saved game and waits for it; the window then goes once what it
 * queued has run. */
static void
finish (HeartsWindow *window)
{
  gboolean kept = TRUE;

  g_signal_emit_by_name (window, "close-request", &kept);
  g_assert_false (kept);
  hearts_test_destroy_window (GTK_WINDOW (window));
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

static GtkWidget *
find_label (GtkWidget  *root,
            const char *text)
{
  if (GTK_IS_LABEL (root) && g_strcmp0 (gtk_label_get_label (GTK_LABEL (root)), text) == 0)
    return root;
  for (GtkWidget *child = gtk_widget_get_first_child (root);
       child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *found = find_label (child, text);

      if (found != NULL)
        return found;
    }
  return NULL;
}

/* A label whose text starts with @prefix and contains @part. */
static GtkWidget *
find_label_with (GtkWidget  *root,
                 const char *prefix,
                 const char *part)
{
  if (GTK_IS_LABEL (root) && g_str_has_prefix (gtk_label_get_label (GTK_LABEL (root)), prefix) &&
      strstr (gtk_label_get_label (GTK_LABEL (root)), part) != NULL)
    return root;
  for (GtkWidget *child = gtk_widget_get_first_child (root);
       child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *found = find_label_with (child, prefix, part);

      if (found != NULL)
        return found;
    }
  return NULL;
}

static void
human_pass (HeartsGame *game)
{
  HeartsCards hand = hearts_game_get_hand (game, 0);
  HeartsCards pass = 0;
  HeartsCard  card;
  guint       n = 0;

  HEARTS_CARDS_FOREACH (card, hand)
    if (n++ < HEARTS_PASS_SIZE)
      pass |= HEARTS_CARD_BIT (card);
  g_assert_true (hearts_game_pass (game, 0, pass, NULL));
}

/* The table's looks follow their keys while the window is open. */
static void
test_table_follows_keys (void)
{
  g_autoptr(GSettings) gsettings = new_gsettings ();
  g_autoptr(GListModel) themes = hearts_card_theme_list_available ();
  HeartsWindow *window = new_window (gsettings);
  HeartsTable  *table = hearts_window_get_table (window);
  g_autoptr(GPtrArray) cards = NULL;

  hearts_window_start (window, FALSE);

  g_assert_true (hearts_table_get_highlight_legal (table));
  g_settings_set_boolean (gsettings, "highlight-legal", FALSE);
  g_assert_false (hearts_table_get_highlight_legal (table));

  g_assert_false (hearts_table_get_double_click (table));
  g_settings_set_string (gsettings, "click-to-play", "double");
  g_assert_true (hearts_table_get_double_click (table));

  g_assert_cmpfloat (hearts_table_get_animation_speed (table), ==, 1);
  g_settings_set_string (gsettings, "animation-speed", "slow");
  g_assert_cmpfloat (hearts_table_get_animation_speed (table), ==, 0.5);
  g_settings_set_string (gsettings, "animation-speed", "fast");
  g_assert_cmpfloat (hearts_table_get_animation_speed (table), ==, 2);
  g_settings_set_string (gsettings, "animation-speed", "off");
  g_assert_cmpfloat (hearts_table_get_animation_speed (table), ==, 0);

  /* Our deck; an Aisleriot one if there is one here; an unknown id falls back to ours. */
  g_assert_cmpstr (hearts_card_theme_get_id (hearts_table_get_card_theme (table)), ==,
                   HEARTS_CARD_THEME_DEFAULT_ID);
  if (g_list_model_get_n_items (themes) > 1)
    {
      g_autoptr(HeartsCardThemeInfo) info = g_list_model_get_item (themes, 1);

      g_settings_set_string (gsettings, "card-theme", hearts_card_theme_info_get_id (info));
      g_assert_cmpstr (hearts_card_theme_get_id (hearts_table_get_card_theme (table)), ==,
                       hearts_card_theme_info_get_id (info));
    }
  else
    g_test_message ("no Aisleriot card theme installed");
  g_settings_set_string (gsettings, "card-theme", "no-such-theme.svgz");
  g_assert_cmpstr (hearts_card_theme_get_id (hearts_table_get_card_theme (table)), ==,
                   HEARTS_CARD_THEME_DEFAULT_ID);

  /* The hand: suits in the cards' order, ranks high to low within each. */
  g_settings_set_string (gsettings, "hand-sort", "descending");
  g_assert_cmpint (hearts_table_get_hand_sort (table), ==, HEARTS_HAND_SORT_DESCENDING);
  cards = hand_cards (window);
  g_assert_cmpuint (cards->len, ==, 13);
  for (guint i = 1; i < cards->len; i++)
    {
      HeartsCard a = hearts_card_widget_get_card (g_ptr_array_index (cards, i - 1));
      HeartsCard b = hearts_card_widget_get_card (g_ptr_array_index (cards, i));

      g_assert_cmpint (HEARTS_CARD_SUIT (a), <=, HEARTS_CARD_SUIT (b));
      if (HEARTS_CARD_SUIT (a) == HEARTS_CARD_SUIT (b))
        g_assert_cmpint (HEARTS_CARD_RANK (a), >, HEARTS_CARD_RANK (b));
    }
  g_settings_set_string (gsettings, "hand-sort", "ascending");
  g_ptr_array_unref (cards);
  cards = hand_cards (window);
  for (guint i = 1; i < cards->len; i++)
    g_assert_cmpint (hearts_card_widget_get_card (g_ptr_array_index (cards, i - 1)), <,
                     hearts_card_widget_get_card (g_ptr_array_index (cards, i)));

  finish (window);
}

/* A new game takes the rules and levels of the settings; a name shows at once (it is
 * only what the table calls a seat). */
static void
test_new_game_from_settings (void)
{
  g_autoptr(GSettings) gsettings = new_gsettings ();
  HeartsWindow    *window = new_window (gsettings);
  HeartsTable     *table = hearts_window_get_table (window);
  HeartsGame      *game;
  g_autofree char *rules = NULL;

  g_settings_set_string (gsettings, "player-name", "Alice");
  g_settings_set_string (gsettings, "seat1-name", "Zed");
  g_settings_set_string (gsettings, "seat2-name", "");
  g_settings_set_string (gsettings, "seat3-level", "hard");
  hearts_window_start (window, FALSE);
  game = hearts_test_window_get_game (window);
  g_assert_cmpuint (hearts_game_get_n_players (game), ==, 4);
  g_assert_cmpstr (hearts_table_get_player_name (table, 0), ==, "Alice");
  g_assert_cmpstr (hearts_table_get_player_name (table, 1), ==, "Zed");
  g_assert_cmpstr (hearts_table_get_player_name (table, 2), ==, "North");
  g_assert_cmpstr (hearts_table_get_player_name (table, 3), ==, "Claude");
  g_assert_cmpint (hearts_game_get_seat_level (game, 3), ==, HEARTS_AI_HARD);

  /* Rules apply from the next game, a name at once. Nothing has been played: no question asked. */
  g_settings_set_string (gsettings, "seat1-name", "Yan");
  g_settings_set_string (gsettings, "preset", "three-players");
  g_settings_set_string (gsettings, "moon", "shooter");
  g_assert_cmpstr (hearts_table_get_player_name (table, 1), ==, "Yan");
  g_assert_cmpuint (hearts_game_get_n_players (hearts_test_window_get_game (window)), ==, 4);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.new-game", NULL));
  g_assert_true (hearts_test_window_get_game (window) != game);
  game = hearts_test_window_get_game (window);
  g_assert_cmpuint (hearts_game_get_n_players (game), ==, 3);
  rules = hearts_rules_to_string (hearts_game_get_rules (game));
  g_assert_nonnull (strstr (rules, "moon=shooter"));
  g_assert_nonnull (strstr (rules, "qs-breaks=yes"));
  g_assert_cmpstr (hearts_table_get_player_name (table, 1), ==, "Yan");
  /* Three players: the second computer sits on the right. */
  g_assert_cmpstr (hearts_table_get_player_name (table, 2), ==, "East");

  finish (window);
}

/* A dialog of @type: a window with libadwaita 1.2, inside one from 1.5. */
static GtkWidget *
find_dialog_in (GtkWidget *widget,
                GType      type)
{
  if (G_TYPE_CHECK_INSTANCE_TYPE (widget, type))
    return widget;
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *found = find_dialog_in (child, type);

      if (found != NULL)
        return found;
    }
  return NULL;
}

static GtkWidget *
find_dialog (GType type)
{
  GListModel *toplevels = gtk_window_get_toplevels (); /* GTK's own */

  for (guint i = 0; i < g_list_model_get_n_items (toplevels); i++)
    {
      g_autoptr(GtkWidget) window = g_list_model_get_item (toplevels, i);
      GtkWidget *found = find_dialog_in (window, type);

      if (found != NULL)
        return found;
    }
  return NULL;
}

/* New Game asks before it throws away a game the player has played in. */
static void
test_confirm_abandon (void)
{
  g_autoptr(GSettings) gsettings = new_gsettings ();
  HeartsWindow *window = new_window (gsettings);
  HeartsGame   *game;
  GtkWidget    *dialog;

  hearts_window_start (window, FALSE);
  game = hearts_test_window_get_game (window);
  g_assert_true (hearts_test_iterate_until (human_to_move, window, HEARTS_TEST_TIMEOUT_MS));
  human_pass (game);
  g_assert_true (hearts_test_iterate_until (human_to_move, window, HEARTS_TEST_TIMEOUT_MS));

  gtk_widget_activate_action (GTK_WIDGET (window), "win.new-game", NULL);
  dialog = hearts_test_find_alert ();
  g_assert_nonnull (dialog);
  g_assert_true (hearts_dialog_get_parent (dialog) == GTK_WIDGET (window));
  g_assert_true (hearts_test_window_get_game (window) == game);
  hearts_test_answer_alert (dialog, "cancel");
  g_assert_true (hearts_test_window_get_game (window) == game);

  gtk_widget_activate_action (GTK_WIDGET (window), "win.new-game", NULL);
  dialog = hearts_test_find_alert ();
  g_assert_nonnull (dialog);
  hearts_test_answer_alert (dialog, "new-game");
  g_assert_true (hearts_test_window_get_game (window) != game);

  /* Without the question. */
  game = hearts_test_window_get_game (window);
  g_assert_true (hearts_test_iterate_until (human_to_move, window, HEARTS_TEST_TIMEOUT_MS));
  human_pass (game);
  g_settings_set_boolean (gsettings, "confirm-abandon", FALSE);
  gtk_widget_activate_action (GTK_WIDGET (window), "win.new-game", NULL);
  g_assert_null (hearts_test_find_alert ());
  g_assert_true (hearts_test_window_get_game (window) != game);

  finish (window);
}

/* The game is saved after every move; a new window resumes it at the same move. */
static void
test_save_and_resume (void)
{
  g_autoptr(GSettings) gsettings = new_gsettings ();
  HeartsWindow    *window = new_window (gsettings);
  g_autofree char *record = NULL;
  g_autoptr(GVariant) saved = NULL;
  HeartsGame *game;

  hearts_window_start (window, TRUE);
  game = hearts_test_window_get_game (window);
  g_assert_true (hearts_test_iterate_until (human_to_move, window, HEARTS_TEST_TIMEOUT_MS));
  human_pass (game);
  g_assert_true (hearts_test_iterate_until (human_to_move, window, HEARTS_TEST_TIMEOUT_MS));
  g_assert_cmpint (hearts_game_get_phase (game), ==, HEARTS_PHASE_PLAYING);
  record = hearts_game_get_record (game);
  finish (window);
  saved = read_saved ();
  g_assert_nonnull (saved);

  window = new_window (gsettings);
  hearts_window_start (window, TRUE);
  {
    g_autofree char *resumed = hearts_game_get_record (hearts_test_window_get_game (window));

    g_assert_cmpstr (resumed, ==, record);
  }
  g_assert_true (hearts_game_human_to_move (hearts_test_window_get_game (window)));
  finish (window);

  /* Not resuming (--seed): a new game, saved over the old one. */
  window = new_window (gsettings);
  hearts_window_start (window, FALSE);
  {
    g_autofree char *fresh = hearts_game_get_record (hearts_test_window_get_game (window));
    g_autoptr(HeartsGame) now = NULL;
    g_autofree char *now_record = NULL;

    g_assert_cmpstr (fresh, !=, record);
    finish (window);
    g_clear_pointer (&saved, g_variant_unref);
    saved = read_saved ();
    now = hearts_saved_game_from_variant (saved, NULL, NULL, NULL);
    g_assert_nonnull (now);
    now_record = hearts_game_get_record (now);
    /* The computers may have passed before the window closed. */
    g_assert_true (g_str_has_prefix (now_record, fresh));
  }
}

/* A game saved at the end of a hand comes back with its score sheet. */
static void
test_resume_hand_over (void)
{
  g_autoptr(GSettings) gsettings = new_gsettings ();
  g_autoptr(HeartsGame) game = NULL;
  g_autoptr(GVariant) state = NULL;
  HeartsWindow *window;
  HeartsRules   rules;

  hearts_rules_init_default (&rules);
  game = hearts_game_new (&rules, 5);
  for (guint s = 0; s < 4; s++)
    hearts_game_set_seat_level (game, s, HEARTS_AI_RANDOM);
  while (hearts_game_get_phase (game) != HEARTS_PHASE_HAND_OVER)
    g_assert_true (hearts_game_computer_move (game));
  hearts_game_set_seat_human (game, 0);
  state = hearts_saved_game_to_variant (game, HEARTS_PRESET_STANDARD, 0);
  g_settings_set_value (gsettings, "saved-game", state);

  window = new_window (gsettings);
  hearts_window_start (window, TRUE);
  g_assert_cmpint (hearts_game_get_phase (hearts_test_window_get_game (window)), ==, HEARTS_PHASE_HAND_OVER);
  for (guint i = 0; i < 100; i++)
    g_main_context_iteration (NULL, FALSE);
  {
    GtkWidget *label = find_label (GTK_WIDGET (window), "_Next Hand");
    GtkWidget *sheet;

    g_assert_nonnull (label);
    sheet = gtk_widget_get_ancestor (label, HEARTS_TYPE_SCORE_SHEET);
    g_assert_true (gtk_widget_get_visible (sheet));
    g_assert_cmpint (hearts_score_sheet_get_mode (HEARTS_SCORE_SHEET (sheet)), ==, HEARTS_SCORE_SHEET_HAND_OVER);
    g_assert_true (gtk_widget_get_visible (gtk_widget_get_ancestor (label, GTK_TYPE_BUTTON)));
  }
  finish (window);
}

/* A saved game that cannot be read: a toast, and a new game saved in its place. */
static void
test_resume_broken (void)
{
  g_autoptr(GSettings) gsettings = new_gsettings ();
  g_autoptr(GVariant) saved = NULL;
  g_autoptr(HeartsGame) now = NULL;
  HeartsWindow *window;

  g_settings_set_value (gsettings, "saved-game",
                        g_variant_new_parsed ("{'version': <@u 9999>, 'hands': <'x'>}"));
  window = new_window (gsettings);
  hearts_window_start (window, TRUE);
  g_assert_nonnull (find_label (GTK_WIDGET (window),
                                "The saved game is from another version of Hearts, so a new game was started. "
                                "It was kept as “saved-game.bad”."));
  g_assert_cmpuint (hearts_game_get_n_results (hearts_test_window_get_game (window)), ==, 0);
  finish (window);
  saved = read_saved ();
  now = hearts_saved_game_from_variant (saved, NULL, NULL, NULL);
  g_assert_nonnull (now);

  /* Damaged the same way as a truncated write. */
  g_clear_pointer (&saved, g_variant_unref);
  g_clear_object (&now);
  forget_saved ();
  g_settings_set_value (gsettings, "saved-game", g_variant_new_parsed ("{'version': <@u 1>}"));
  window = new_window (gsettings);
  hearts_window_start (window, TRUE);
  g_assert_true (find_label (GTK_WIDGET (window),
                             "The saved game could not be read, so a new game was started. "
                             "It was kept as “saved-game.bad”.") != NULL ||
                 find_label (GTK_WIDGET (window),
                             "The saved game is from another version of Hearts, so a new game was started. "
                             "It was kept as “saved-game.bad”.") != NULL);
  finish (window);
  saved = read_saved ();
  now = hearts_saved_game_from_variant (saved, NULL, NULL, NULL);
  g_assert_nonnull (now);
}

/* A game played to its end is counted once, and no longer saved. */
static void
test_statistics_at_game_over (void)
{
  g_autoptr(GSettings) gsettings = new_gsettings ();
  g_autoptr(HeartsGame) game = NULL;
  g_autoptr(GArray) history = NULL;
  g_autoptr(GVariant) saved = NULL;
  HeartsWindow *window = new_window (gsettings);
  HeartsStats   stats;
  HeartsRules   rules;

  hearts_rules_init_default (&rules);
  rules.end = HEARTS_END_DEALS;
  rules.end_value = 1;
  game = hearts_game_new (&rules, 11);
  for (guint s = 0; s < 4; s++)
    hearts_game_set_seat_level (game, s, HEARTS_AI_RANDOM);
  hearts_window_new_game (window, game);
  g_assert_true (hearts_test_iterate_until (game_over, window, HEARTS_TEST_TIMEOUT_MS));

  g_assert_true (hearts_statistics_get (gsettings, HEARTS_PRESET_CUSTOM, &stats));
  g_assert_cmpuint (stats.games_played, ==, 1);
  g_assert_cmpuint (stats.hands_played, ==, 1);
  history = hearts_statistics_get_history (gsettings);
  g_assert_cmpuint (history->len, ==, 1);
  g_assert_cmpint (g_array_index (history, HeartsHistoryEntry, 0).totals[0], ==, hearts_game_get_total (game, 0));
  finish (window);
  saved = read_saved ();
  g_assert_null (saved);
}

static gboolean
file_has (const char *path,
          const char *text)
{
  g_autofree char *contents = NULL;

  return g_file_get_contents (path, &contents, NULL, NULL) && strstr (contents, text) != NULL;
}

typedef struct
{
  HeartsWindow *window;
  const char   *to_engine;
  const char   *from_engine;
} EngineWait;

static gboolean
engine_passed (gpointer user_data)
{
  EngineWait *wait = user_data;

  return human_to_move (wait->window) && file_has (wait->to_engine, "pass?") &&
         file_has (wait->from_engine, "pass ");
}

/* tee may write a log after the window has read the line: a file monitor wakes the
 * main context when it does. */
static GFileMonitor *
monitor_file (const char *path)
{
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(GError) error = NULL;
  GFileMonitor *monitor = g_file_monitor_file (file, G_FILE_MONITOR_NONE, NULL, &error);

  g_assert_no_error (error);
  return monitor;
}

/* A seat with an engine command is played by that program; one that does not
 * start is played by ours, and a toast says so. */
static void
test_external_engine (void)
{
  const char *engine = g_getenv ("HEARTS_ENGINE");
  g_autoptr(GSettings) gsettings = NULL;
  g_autofree char *dir = NULL;
  g_autofree char *to_engine = NULL;
  g_autofree char *from_engine = NULL;
  g_autofree char *command = NULL;
  g_autofree char *quoted_to = NULL;
  g_autofree char *quoted_engine = NULL;
  g_autofree char *quoted_from = NULL;
  g_autoptr(GFileMonitor) to_monitor = NULL;
  g_autoptr(GFileMonitor) from_monitor = NULL;
  EngineWait    wait;
  HeartsWindow *window;

  if (engine == NULL)
    {
      g_test_skip ("HEARTS_ENGINE is not set");
      return;
    }

  dir = hearts_test_make_tmp_dir ("hearts-engine-XXXXXX");
  to_engine = g_build_filename (dir, "to-engine", NULL);
  from_engine = g_build_filename (dir, "from-engine", NULL);
  to_monitor = monitor_file (to_engine);
  from_monitor = monitor_file (from_engine);
  /* The conversation, both ways, goes through tee. */
  quoted_to = g_shell_quote (to_engine);
  quoted_engine = g_shell_quote (engine);
  quoted_from = g_shell_quote (from_engine);
  {
    g_autofree char *script = g_strdup_printf ("tee -a %s | %s --level easy | tee -a %s",
                                               quoted_to, quoted_engine, quoted_from);
    g_autofree char *quoted_script = g_shell_quote (script);

    command = g_strdup_printf ("sh -c %s", quoted_script);
  }

  gsettings = new_gsettings ();
  g_settings_set_string (gsettings, "seat1-engine", command);
  g_settings_set_string (gsettings, "seat2-engine", "/nonexistent/hearts-engine");
  window = new_window (gsettings);
  hearts_window_start (window, FALSE);
  wait = (EngineWait){ window, to_engine, from_engine };
  g_assert_true (hearts_test_iterate_until (engine_passed, &wait, HEARTS_TEST_TIMEOUT_MS));
  g_assert_true (file_has (to_engine, "hep"));
  g_assert_true (file_has (from_engine, "hep 1 name hearts-engine"));
  /* The toast names the seat and says why. */
  g_assert_nonnull (find_label_with (GTK_WIDGET (window), "The engine of Blaise failed: ", "/nonexistent/hearts-engine"));
  g_assert_false (hearts_game_runner_get_starting_engines (hearts_window_get_runner (window)));
  /* The engine's own pass is the one made. */
  {
    g_autofree char *answers = NULL;
    g_auto(GStrv) lines = NULL;
    HeartsCards passed = 0;

    g_assert_true (g_file_get_contents (from_engine, &answers, NULL, NULL));
    lines = g_strsplit (answers, "\n", -1);
    for (guint i = 0; lines[i] != NULL; i++)
      if (g_str_has_prefix (lines[i], "pass "))
        {
          g_auto(GStrv) words = g_strsplit (lines[i] + 5, " ", -1);

          for (guint w = 0; words[w] != NULL; w++)
            {
              HeartsCard card;

              g_assert_true (hearts_card_from_string (words[w], &card));
              passed |= HEARTS_CARD_BIT (card);
            }
        }
    g_assert_cmpuint (hearts_cards_count (passed), ==, HEARTS_PASS_SIZE);
    g_assert_cmpuint (hearts_game_get_deal (hearts_test_window_get_game (window))->passes[1], ==, passed);
  }
  finish (window);

  hearts_test_remove_tree (dir);
}

/* The window's size comes from the settings and goes back when it closes. */
static gboolean
engine_failed_and_human_to_move (gpointer user_data)
{
  HeartsWindow *window = user_data;
  const char   *message = hearts_window_get_message (window);

  return message != NULL && g_str_has_prefix (message, "The engine of Ada failed: ") &&
         hearts_game_human_to_move (hearts_test_window_get_game (window));
}

static gboolean
no_engine_starting (gpointer user_data)
{
  return !hearts_game_runner_get_starting_engines (hearts_window_get_runner (user_data));
}

/* Hostile engines in the real window: one floods its output with no newline, one never
 * answers. The flood is dropped with a toast that names the seat and the reason; the
 * player can pass meanwhile; "Play Without Them" gives up the silent one, and the game
 * goes on with the built-in players. */
static void
test_hostile_engines (void)
{
  g_autoptr(GSettings) gsettings = new_gsettings ();
  HeartsGameRunner *runner;
  HeartsWindow     *window;
  HeartsGame       *game;
  HeartsCards       hand;
  HeartsRefusal     refusal;
  HeartsCards       pass = 0;
  HeartsCard        card;
  guint             n = 0;

  g_settings_set_string (gsettings, "seat1-engine", "cat /dev/zero");
  g_settings_set_string (gsettings, "seat2-engine", "sleep 60");
  window = new_window (gsettings);
  hearts_window_start (window, FALSE);
  runner = hearts_window_get_runner (window);
  game = hearts_test_window_get_game (window);
  g_assert_true (hearts_game_runner_get_starting_engines (runner));

  g_assert_true (hearts_test_iterate_until (engine_failed_and_human_to_move, window, HEARTS_TEST_TIMEOUT_MS));
  g_assert_nonnull (strstr (hearts_window_get_message (window), "4096"));
  g_assert_true (hearts_game_runner_get_starting_engines (runner));
  g_assert_false (hearts_game_has_passed (game, 2));

  /* The player is not kept waiting for the silent engine. */
  hand = hearts_game_get_hand (game, HEARTS_HUMAN_SEAT);
  HEARTS_CARDS_FOREACH (card, hand)
    if (n++ < HEARTS_PASS_SIZE)
      pass |= HEARTS_CARD_BIT (card);
  g_assert_true (hearts_game_pass (game, HEARTS_HUMAN_SEAT, pass, &refusal));

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.skip-engines", NULL));
  g_assert_true (hearts_test_iterate_until (no_engine_starting, window, HEARTS_TEST_TIMEOUT_MS));
  g_assert_true (hearts_test_iterate_until (human_to_move, window, HEARTS_TEST_TIMEOUT_MS));
  g_assert_cmpint (hearts_game_get_phase (game), ==, HEARTS_PHASE_PLAYING);
  g_assert_true (hearts_game_has_passed (game, 2));
  g_assert_false (hearts_game_seat_is_human (game, 1));
  finish (window);
}

static void
test_window_size (void)
{
  g_autoptr(GSettings) gsettings = new_gsettings ();
  HeartsWindow *window;
  int           width, height;

  g_settings_set_int (gsettings, "window-width", 700);
  g_settings_set_int (gsettings, "window-height", 600);
  window = new_window (gsettings);
  hearts_window_start (window, FALSE);
  gtk_window_get_default_size (GTK_WINDOW (window), &width, &height);
  g_assert_cmpint (width, ==, 700);
  g_assert_cmpint (height, ==, 600);

  /* Not written at every step of a resize: when the window closes (a window that
   * was never shown cannot be closed). */
  gtk_window_present (GTK_WINDOW (window));
  gtk_window_set_default_size (GTK_WINDOW (window), 800, 650);
  g_assert_cmpint (g_settings_get_int (gsettings, "window-width"), ==, 700);
  g_object_ref (window);
  gtk_window_close (GTK_WINDOW (window));
  g_assert_cmpint (g_settings_get_int (gsettings, "window-width"), ==, 800);
  g_assert_cmpint (g_settings_get_int (gsettings, "window-height"), ==, 650);
  g_assert_false (g_settings_get_boolean (gsettings, "window-maximized"));
  g_object_unref (window);
  for (guint i = 0; i < 200; i++)
    g_main_context_iteration (NULL, FALSE);
}

/* The application's menu actions open the dialogs over the window, with its game. */
static void
test_application_actions (void)
{
  g_autoptr(HeartsApplication) app = hearts_application_new ();
  g_autoptr(GError) error = NULL;
  HeartsWindow *window;
  GtkWidget    *preferences;
  GtkWidget    *statistics;
  GtkWidget    *about;

  g_application_register (G_APPLICATION (app), NULL, &error);
  g_assert_no_error (error);
  window = hearts_window_new (app);
  gtk_window_present (GTK_WINDOW (window));
  g_assert_true (hearts_window_get_settings (window) == hearts_application_get_settings (app));

  g_action_group_activate_action (G_ACTION_GROUP (app), "preferences", NULL);
  preferences = find_dialog (HEARTS_TYPE_PREFERENCES_WINDOW);
  g_assert_nonnull (preferences);
  g_assert_true (hearts_preferences_window_get_seat_view (HEARTS_PREFERENCES_WINDOW (preferences)) ==
                 hearts_window_get_seat_view (window));
  g_assert_true (hearts_dialog_get_parent (preferences) == GTK_WIDGET (window));
  /* A new game is the one the notice compares with. */
  hearts_window_new_game (window, NULL);
  g_assert_true (hearts_preferences_window_get_seat_view (HEARTS_PREFERENCES_WINDOW (preferences)) ==
                 hearts_window_get_seat_view (window));
  hearts_dialog_destroy (preferences);
  g_assert_null (find_dialog (HEARTS_TYPE_PREFERENCES_WINDOW));

  g_action_group_activate_action (G_ACTION_GROUP (app), "statistics", NULL);
  statistics = find_dialog (HEARTS_TYPE_STATISTICS_DIALOG);
  g_assert_nonnull (statistics);
  g_assert_true (hearts_dialog_get_parent (statistics) == GTK_WIDGET (window));
  hearts_dialog_destroy (statistics);
  g_assert_null (find_dialog (HEARTS_TYPE_STATISTICS_DIALOG));

  /* About, over the window too. */
  g_action_group_activate_action (G_ACTION_GROUP (app), "about", NULL);
  about = find_dialog (HEARTS_TYPE_ABOUT);
  g_assert_nonnull (about);
  g_assert_true (hearts_dialog_get_parent (about) == GTK_WIDGET (window));
  hearts_dialog_destroy (about);
  g_assert_null (find_dialog (HEARTS_TYPE_ABOUT));

  /* Quit closes the window as the player would. */
  g_object_ref (window);
  g_action_group_activate_action (G_ACTION_GROUP (app), "quit", NULL);
  g_assert_null (gtk_application_get_windows (GTK_APPLICATION (app)));
  hearts_test_assert_finalize_object (window);
}

int
main (int   argc,
      char *argv[])
{
  hearts_test_init_widgets (&argc, &argv);
  /* A closed AdwDialog goes at once, not after its animation. */
  g_object_set (gtk_settings_get_default (), "gtk-enable-animations", FALSE, NULL);
  g_random_set_seed ((guint32) hearts_test_seed ());

  g_test_add_func ("/window-settings/table-follows-keys", test_table_follows_keys);
  g_test_add_func ("/window-settings/new-game-from-settings", test_new_game_from_settings);
  g_test_add_func ("/window-settings/confirm-abandon", test_confirm_abandon);
  g_test_add_func ("/window-settings/save-and-resume", test_save_and_resume);
  g_test_add_func ("/window-settings/resume-hand-over", test_resume_hand_over);
  g_test_add_func ("/window-settings/resume-broken", test_resume_broken);
  g_test_add_func ("/window-settings/statistics-at-game-over", test_statistics_at_game_over);
  g_test_add_func ("/window-settings/external-engine", test_external_engine);
  g_test_add_func ("/window-settings/hostile-engines", test_hostile_engines);
  g_test_add_func ("/window-settings/window-size", test_window_size);
  g_test_add_func ("/window-settings/application-actions", test_application_actions);

  return g_test_run ();
}
