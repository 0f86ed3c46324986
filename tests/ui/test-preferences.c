/* test-preferences.c: the Preferences window and the Statistics dialog, widget by widget
 *
 * Runs under Xvfb and dbus-run-session (see meson.build).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#define G_SETTINGS_ENABLE_BACKEND
#include <gio/gsettingsbackend.h>
#include <string.h>

#include "hearts-game-deal.h"
#include "hearts-card-theme.h"
#include "hearts-model-enums.h"
#include "hearts-preferences-row.h"
#include "hearts-preferences-window.h"
#include "hearts-resources.h"
#include "hearts-statistics.h"
#include "hearts-statistics-dialog.h"
#include "hearts-local-seat-view.h"
#include "hearts-test-widget.h"

static GSettings *
new_gsettings (void)
{
  g_autoptr(GSettingsBackend) backend = g_memory_settings_backend_new ();

  return g_settings_new_with_backend (HEARTS_SCHEMA_ID, backend);
}

/* Widgets are found the way a person finds them: by the titles on screen. */

static char *
strip_mnemonic (const char *text)
{
  GString *s = g_string_new (NULL);

  for (const char *p = text; p != NULL && *p != '\0'; p++)
    if (*p != '_')
      g_string_append_c (s, *p);
  return g_string_free (s, FALSE);
}

static gboolean
has_title (GtkWidget  *widget,
           const char *title)
{
  g_autofree char *plain = NULL;

  if (ADW_IS_PREFERENCES_ROW (widget))
    plain = strip_mnemonic (adw_preferences_row_get_title (ADW_PREFERENCES_ROW (widget)));
  else if (ADW_IS_PREFERENCES_GROUP (widget))
    plain = strip_mnemonic (adw_preferences_group_get_title (ADW_PREFERENCES_GROUP (widget)));
  else if (ADW_IS_PREFERENCES_PAGE (widget))
    plain = strip_mnemonic (adw_preferences_page_get_title (ADW_PREFERENCES_PAGE (widget)));
  return g_strcmp0 (plain, title) == 0;
}

static GtkWidget *
find_titled (GtkWidget  *root,
             const char *title)
{
  if (has_title (root, title))
    return root;
  for (GtkWidget *child = gtk_widget_get_first_child (root); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *found = find_titled (child, title);

      if (found != NULL)
        return found;
    }
  return NULL;
}

static GtkWidget *
find_page (GtkWidget  *root,
           const char *title)
{
  if (ADW_IS_PREFERENCES_PAGE (root) && has_title (root, title))
    return root;
  for (GtkWidget *child = gtk_widget_get_first_child (root); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *found = find_page (child, title);

      if (found != NULL)
        return found;
    }
  return NULL;
}

/* "Group/Row" or "Row". */
static GtkWidget *
row (GtkWidget  *window,
     const char *path)
{
  g_auto(GStrv) parts = g_strsplit (path, "/", 2);
  GtkWidget *found;

  if (parts[1] != NULL)
    {
      GtkWidget *group = find_titled (window, parts[0]);

      g_assert_nonnull (group);
      found = find_titled (group, parts[1]);
    }
  else
    found = find_titled (window, parts[0]);

  if (found == NULL)
    g_error ("no row “%s”", path);
  return found;
}

static GtkWidget *
find_label_with_text (GtkWidget  *root,
                      const char *text)
{
  if (GTK_IS_LABEL (root) && g_strcmp0 (gtk_label_get_text (GTK_LABEL (root)), text) == 0)
    return root;
  for (GtkWidget *child = gtk_widget_get_first_child (root); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *found = find_label_with_text (child, text);

      if (found != NULL)
        return found;
    }
  return NULL;
}

static guint
count_rows (GtkWidget *root)
{
  guint n = ADW_IS_ACTION_ROW (root) ? 1 : 0;

  for (GtkWidget *child = gtk_widget_get_first_child (root); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    n += count_rows (child);
  return n;
}

static gboolean
really_visible (GtkWidget *widget)
{
  /* Up to the window, which is not shown in most tests. */
  for (; widget != NULL && !GTK_IS_WINDOW (widget); widget = gtk_widget_get_parent (widget))
    if (!gtk_widget_get_visible (widget))
      return FALSE;
  return TRUE;
}

static void
set_switch (GtkWidget  *window,
            const char *path,
            gboolean    active)
{
  GtkWidget *sw = hearts_test_find_type (row (window, path), GTK_TYPE_SWITCH);

  g_assert_nonnull (sw);
  gtk_switch_set_active (GTK_SWITCH (sw), active);
}

static void
set_combo (GtkWidget  *window,
           const char *path,
           guint       position)
{
  GtkWidget *combo = row (window, path);

  g_assert_true (ADW_IS_COMBO_ROW (combo));
  g_assert_cmpuint (position, <, g_list_model_get_n_items (adw_combo_row_get_model (ADW_COMBO_ROW (combo))));
  adw_combo_row_set_selected (ADW_COMBO_ROW (combo), position);
}

static void
set_spin (GtkWidget  *window,
          const char *path,
          double      value)
{
  GtkWidget *spin = hearts_test_find_type (row (window, path), GTK_TYPE_SPIN_BUTTON);

  g_assert_nonnull (spin);
  gtk_spin_button_set_value (GTK_SPIN_BUTTON (spin), value);
}

static void
set_entry (GtkWidget  *window,
           const char *path,
           const char *text)
{
  GtkWidget *entry = row (window, path);

  g_assert_true (ADW_IS_ENTRY_ROW (entry));
  gtk_editable_set_text (GTK_EDITABLE (entry), text);
}

static void
assert_key (GSettings  *gsettings,
            const char *key,
            const char *expected)
{
  g_autoptr(GVariant) value = g_settings_get_value (gsettings, key);
  g_autoptr(GVariant) want = g_variant_parse (g_variant_get_type (value), expected, NULL, NULL, NULL);
  g_autofree char *text = g_variant_print (value, FALSE);

  g_assert_nonnull (want);
  if (!g_variant_equal (value, want))
    g_error ("%s is %s, not %s", key, text, expected);
}

/* Preferences shown over a window: from libadwaita 1.5 a dialog has its pages only once
 * presented. The window goes with the dialog. */
static HeartsPreferencesWindow *
open_preferences (HeartsSettings *settings)
{
  HeartsPreferencesWindow *window = g_object_ref_sink (hearts_preferences_window_new (settings));
  GtkWidget               *parent = gtk_window_new ();

  hearts_preferences_window_present (window, parent);
  g_object_set_data_full (G_OBJECT (window), "test-parent", parent, (GDestroyNotify) gtk_window_destroy);
  return window;
}

static gboolean
next_game_says (HeartsSettings *settings,
                const char     *word)
{
  g_autoptr(HeartsGame) game = hearts_settings_new_game (settings, 1);
  g_autofree char *rules = hearts_rules_to_string (hearts_game_get_rules (game));
  g_auto(GStrv) words = g_strsplit (rules, " ", -1);

  return g_strv_contains ((const char * const *) words, word);
}

static void
test_pages (void)
{
  g_autoptr(GSettings) gsettings = new_gsettings ();
  g_autoptr(HeartsSettings) settings = hearts_settings_new (gsettings);
  HeartsPreferencesWindow *window = open_preferences (settings);
  static const char       *pages[] = { "Game", "Players", "Appearance" };

  for (guint i = 0; i < G_N_ELEMENTS (pages); i++)
    {
      GtkWidget *page = find_page (GTK_WIDGET (window), pages[i]);

      g_assert_nonnull (page);
      /* Each page has groups with rows. */
      g_assert_nonnull (hearts_test_find_type (page, ADW_TYPE_PREFERENCES_GROUP));
      g_assert_nonnull (hearts_test_find_type (page, ADW_TYPE_PREFERENCES_ROW));
    }

  hearts_dialog_destroy (GTK_WIDGET (window));
  g_assert_finalize_object (window);
}

/* The description of the group titled @title, or NULL. */
static const char *
group_description (GtkWidget  *window,
                   const char *title)
{
  g_autoptr(GPtrArray) groups = g_ptr_array_new ();

  hearts_test_find_all_type (window, ADW_TYPE_PREFERENCES_GROUP, groups);
  for (guint i = 0; i < groups->len; i++)
    if (g_strcmp0 (adw_preferences_group_get_title (g_ptr_array_index (groups, i)), title) == 0)
      return adw_preferences_group_get_description (g_ptr_array_index (groups, i));
  return NULL;
}

/* Each computer player's group says where it sits, for the number of players set (the
 * page said "First Computer Player" and nothing of where). */
static void
test_seat_places (void)
{
  g_autoptr(GSettings) gsettings = new_gsettings ();
  g_autoptr(HeartsSettings) settings = hearts_settings_new (gsettings);
  HeartsPreferencesWindow *window = open_preferences (settings);
  GtkWidget               *w = GTK_WIDGET (window);

  g_assert_cmpstr (group_description (w, "First Computer Player"), ==, "On your left (West)");
  g_assert_cmpstr (group_description (w, "Second Computer Player"), ==, "Across from you (North)");
  g_assert_cmpstr (group_description (w, "Third Computer Player"), ==, "On your right (East)");
  g_settings_set_int (gsettings, "players", 3);
  g_assert_cmpstr (group_description (w, "Second Computer Player"), ==, "On your right (East)");
  g_settings_set_int (gsettings, "players", 5);
  g_assert_cmpstr (group_description (w, "Second Computer Player"), ==, "Across, on your left (Northwest)");
  g_assert_cmpstr (group_description (w, "Fourth Computer Player"), ==, "On your right (East)");

  hearts_dialog_destroy (GTK_WIDGET (window));
  g_assert_finalize_object (window);
}

/* The labels the Passing row offers now. */
static GStrv
pass_choices (GtkWidget *window)
{
  GListModel *model = adw_combo_row_get_model (ADW_COMBO_ROW (row (window, "Passing")));
  g_autoptr(GStrvBuilder) labels = g_strv_builder_new ();

  for (guint i = 0; i < g_list_model_get_n_items (model); i++)
    {
      g_autoptr(GtkStringObject) item = g_list_model_get_item (model, i);

      g_strv_builder_add (labels, gtk_string_object_get_string (item));
    }
  return g_strv_builder_end (labels);
}

static const char *
selected_pass (GtkWidget *window)
{
  AdwComboRow *combo = ADW_COMBO_ROW (row (window, "Passing"));
  g_autoptr(GtkStringObject) item = g_list_model_get_item (adw_combo_row_get_model (combo),
                                                            adw_combo_row_get_selected (combo));

  g_assert_nonnull (item);
  /* The model holds the item: the string outlives this reference. */
  return gtk_string_object_get_string (item);
}

/* With three or five players nobody sits across: the Passing row offers no cycle with
 * "across", a stored one becomes the cycle without it, and the presets agree. */
static void
test_pass_cycles_follow_players (void)
{
  g_autoptr(GSettings) gsettings = new_gsettings ();
  g_autoptr(HeartsSettings) settings = hearts_settings_new (gsettings);
  HeartsPreferencesWindow *window = open_preferences (settings);
  GtkWidget               *w = GTK_WIDGET (window);
  g_auto(GStrv) four = pass_choices (w);

  g_assert_cmpuint (g_strv_length (four), ==, 6);
  g_assert_true (g_strv_contains ((const char * const *) four, "Left, right, across, hold"));
  g_assert_cmpstr (selected_pass (w), ==, "Left, right, across, hold");

  for (guint players = 3; players <= 5; players += 2)
    {
      g_auto(GStrv) choices = NULL;

      set_combo (w, "Players", 1);
      set_combo (w, "Passing", 1);
      assert_key (gsettings, "pass-cycle", "'rlah'");
      set_combo (w, "Players", players - 3);
      choices = pass_choices (w);
      g_assert_cmpuint (g_strv_length (choices), ==, 4);
      for (guint i = 0; choices[i] != NULL; i++)
        g_assert_null (strstr (choices[i], "across"));
      g_assert_true (g_strv_contains ((const char * const *) choices, "Left, right, hold"));
      g_assert_true (g_strv_contains ((const char * const *) choices, "No passing"));
      /* Right, left, across, hold was right, left, hold all along. */
      assert_key (gsettings, "pass-cycle", "'rlh'");
      g_assert_cmpstr (selected_pass (w), ==, "Right, left, hold");
      g_assert_true (next_game_says (settings, "pass=rlh"));
      set_combo (w, "Passing", 3);
      assert_key (gsettings, "pass-cycle", "'none'");
    }

  /* The presets for three and five players pass without "across", and stay themselves. */
  set_combo (w, "Preset", HEARTS_PRESET_THREE_PLAYERS);
  assert_key (gsettings, "pass-cycle", "'lrh'");
  g_assert_cmpint (hearts_settings_get_preset (settings), ==, HEARTS_PRESET_THREE_PLAYERS);
  g_assert_cmpstr (selected_pass (w), ==, "Left, right, hold");
  set_combo (w, "Preset", HEARTS_PRESET_FIVE_PLAYERS);
  assert_key (gsettings, "pass-cycle", "'lrh'");
  g_assert_cmpint (hearts_settings_get_preset (settings), ==, HEARTS_PRESET_FIVE_PLAYERS);
  set_combo (w, "Preset", HEARTS_PRESET_STANDARD);
  assert_key (gsettings, "pass-cycle", "'lrah'");
  g_assert_cmpuint (g_strv_length (pass_choices (w)), ==, 6);
  g_assert_cmpstr (selected_pass (w), ==, "Left, right, across, hold");

  hearts_dialog_destroy (GTK_WIDGET (window));
  g_assert_finalize_object (window);
}

/* Each row writes its key, and the next game plays by it. */
static void
test_rows_change_keys (void)
{
  g_autoptr(GSettings) gsettings = new_gsettings ();
  g_autoptr(HeartsSettings) settings = hearts_settings_new (gsettings);
  HeartsPreferencesWindow *window = open_preferences (settings);
  GtkWidget               *w = GTK_WIDGET (window);
  g_autoptr(GListModel) themes = hearts_card_theme_list_available ();

  /* Rules */
  set_switch (w, "Omnibus", TRUE);
  assert_key (gsettings, "omnibus", "true");
  g_assert_true (next_game_says (settings, "omnibus=yes"));

  set_switch (w, "Hearts Must Be Broken", FALSE);
  assert_key (gsettings, "hearts-must-be-broken", "false");
  g_assert_true (next_game_says (settings, "hearts-breaking=no"));

  set_switch (w, "Queen of Spades Breaks Hearts", TRUE);
  assert_key (gsettings, "queen-breaks-hearts", "true");
  g_assert_true (next_game_says (settings, "qs-breaks=yes"));

  set_switch (w, "No-Tricks Bonus", TRUE);
  assert_key (gsettings, "no-tricks-bonus", "true");
  g_assert_true (next_game_says (settings, "no-tricks=yes"));

  g_assert_false (really_visible (row (w, "Card Removed With Three Players")));
  set_combo (w, "Players", 0);
  assert_key (gsettings, "players", "3");
  g_assert_true (next_game_says (settings, "players=3"));
  g_assert_true (really_visible (row (w, "Card Removed With Three Players")));

  set_combo (w, "Card Removed With Three Players", 1);
  assert_key (gsettings, "three-player-deck", "'2c'");
  g_assert_true (next_game_says (settings, "three-deck=2c"));

  set_combo (w, "Passing", 3);
  assert_key (gsettings, "pass-cycle", "'none'");
  g_assert_true (next_game_says (settings, "pass=none"));

  set_combo (w, "Opening Lead", 1);
  assert_key (gsettings, "opening-lead", "'any-club'");
  g_assert_true (next_game_says (settings, "opening=any-club"));

  set_combo (w, "First Trick", 2);
  assert_key (gsettings, "first-trick", "'anything'");
  g_assert_true (next_game_says (settings, "first-trick=anything"));

  set_combo (w, "Shooting the Moon", 1);
  assert_key (gsettings, "moon", "'shooter'");
  g_assert_true (next_game_says (settings, "moon=shooter"));

  set_spin (w, "Target Score", 150);
  assert_key (gsettings, "end-score", "150");
  g_assert_true (next_game_says (settings, "end=score:150"));

  g_assert_false (really_visible (row (w, "Number of Deals")));
  set_combo (w, "The Game Ends", 1);
  assert_key (gsettings, "game-end", "'deals'");
  g_assert_true (really_visible (row (w, "Number of Deals")));
  g_assert_false (really_visible (row (w, "Target Score")));
  set_spin (w, "Number of Deals", 7);
  assert_key (gsettings, "end-deals", "7");
  g_assert_true (next_game_says (settings, "end=deals:7"));

  set_combo (w, "The Game Ends", 2);
  set_spin (w, "Number of Matches", 3);
  assert_key (gsettings, "end-matches", "3");
  g_assert_true (next_game_says (settings, "end=matches:3"));

  /* Players */
  set_entry (w, "You/Your Name", "Alice");
  assert_key (gsettings, "player-name", "'Alice'");
  set_entry (w, "First Computer Player/Name", "Zed");
  assert_key (gsettings, "seat1-name", "'Zed'");
  set_combo (w, "Second Computer Player/Level", 2);
  assert_key (gsettings, "seat2-level", "'hard'");
  {
    g_autoptr(HeartsGame) game = hearts_settings_new_game (settings, 1);
    g_assert_cmpint (hearts_game_get_seat_level (game, 2), ==, HEARTS_AI_HARD);
  }
  set_entry (w, "External Engines/First Computer Player", "my-engine --fast");
  assert_key (gsettings, "seat1-engine", "'my-engine --fast'");

  /* Three players: no third or fourth computer seat to set up. */
  g_assert_false (really_visible (row (w, "Third Computer Player")));
  g_assert_false (really_visible (row (w, "Fourth Computer Player")));
  set_combo (w, "Players", 2);
  g_assert_true (really_visible (row (w, "Third Computer Player")));
  g_assert_true (really_visible (row (w, "Fourth Computer Player")));

  /* Appearance */
  if (g_list_model_get_n_items (themes) > 1)
    {
      g_autoptr(HeartsCardThemeInfo) info = g_list_model_get_item (themes, 1);
      g_autofree char *expected = g_strdup_printf ("'%s'", hearts_card_theme_info_get_id (info));

      set_combo (w, "Card Style", 1);
      assert_key (gsettings, "card-theme", expected);
    }
  else
    g_test_message ("Only our own deck is installed: the card style row was not changed");
  set_combo (w, "Play a Card With", 1);
  assert_key (gsettings, "click-to-play", "'double'");
  set_switch (w, "Highlight Playable Cards", FALSE);
  assert_key (gsettings, "highlight-legal", "false");
  set_combo (w, "Animation Speed", 0);
  assert_key (gsettings, "animation-speed", "'off'");
  set_combo (w, "Sort the Hand", 1);
  assert_key (gsettings, "hand-sort", "'descending'");
  set_switch (w, "Confirm Before Abandoning a Game", FALSE);
  assert_key (gsettings, "confirm-abandon", "false");

  hearts_dialog_destroy (GTK_WIDGET (window));
  g_assert_finalize_object (window);
}

/* The rows follow the keys, and a preset moves every rule row at once. */
static void
test_presets_and_custom (void)
{
  g_autoptr(GSettings) gsettings = new_gsettings ();
  g_autoptr(HeartsSettings) settings = hearts_settings_new (gsettings);
  HeartsPreferencesWindow *window = open_preferences (settings);
  GtkWidget               *w = GTK_WIDGET (window);
  AdwComboRow             *preset = ADW_COMBO_ROW (row (w, "Preset"));

  g_assert_cmpuint (adw_combo_row_get_selected (preset), ==, HEARTS_PRESET_STANDARD);

  adw_combo_row_set_selected (preset, HEARTS_PRESET_TOURNAMENT);
  assert_key (gsettings, "preset", "'tournament'");
  assert_key (gsettings, "game-end", "'matches'");
  assert_key (gsettings, "end-matches", "2");
  g_assert_cmpuint (adw_combo_row_get_selected (ADW_COMBO_ROW (row (w, "Shooting the Moon"))), ==, 2);
  g_assert_cmpuint (adw_combo_row_get_selected (ADW_COMBO_ROW (row (w, "The Game Ends"))), ==, 2);
  g_assert_nonnull (find_label_with_text (w, hearts_preset_get_description (HEARTS_PRESET_TOURNAMENT)));
  g_assert_true (next_game_says (settings, "end=matches:2"));

  adw_combo_row_set_selected (preset, HEARTS_PRESET_FIVE_PLAYERS);
  g_assert_cmpuint (adw_combo_row_get_selected (ADW_COMBO_ROW (row (w, "Players"))), ==, 2);
  g_assert_true (gtk_switch_get_active (GTK_SWITCH (hearts_test_find_type (row (w, "Queen of Spades Breaks Hearts"),
                                                               GTK_TYPE_SWITCH))));

  /* One rule changed by hand: "Custom". */
  set_switch (w, "Omnibus", TRUE);
  g_assert_cmpuint (adw_combo_row_get_selected (preset), ==, HEARTS_PRESET_CUSTOM);
  assert_key (gsettings, "preset", "'custom'");
  assert_key (gsettings, "players", "5");

  /* A key written elsewhere shows in its row. */
  g_settings_set_boolean (gsettings, "omnibus", FALSE);
  g_assert_false (gtk_switch_get_active (GTK_SWITCH (hearts_test_find_type (row (w, "Omnibus"), GTK_TYPE_SWITCH))));
  g_settings_set_string (gsettings, "player-name", "Bob");
  g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (row (w, "You/Your Name"))), ==, "Bob");

  hearts_dialog_destroy (GTK_WIDGET (window));
  g_assert_finalize_object (window);
}

static guint new_game_activated;
/* The game the window starts: NULL when the player changed their mind. */
static HeartsGame              *new_game;
static HeartsSeatView          *new_view;
static HeartsPreferencesWindow *new_game_preferences;

static void
new_game_action (GtkWidget  *widget,
                 const char *action_name,
                 GVariant   *parameter)
{
  new_game_activated++;
  /* The window hands its new game over (the application binds its "game"). */
  if (new_game != NULL)
    {
      g_clear_object (&new_view);
      new_view = hearts_local_seat_view_new (new_game, NULL, 0);
      hearts_preferences_window_set_seat_view (new_game_preferences, new_view);
    }
}

/* A stand-in for the game window, with the action the notice's button activates. */
G_DECLARE_FINAL_TYPE (FakeWindow, fake_window, FAKE, WINDOW, GtkWindow)

struct _FakeWindow
{
  GtkWindow parent_instance;
};

G_DEFINE_FINAL_TYPE (FakeWindow, fake_window, GTK_TYPE_WINDOW)

static void
fake_window_class_init (FakeWindowClass *klass)
{
  gtk_widget_class_install_action (GTK_WIDGET_CLASS (klass), "win.new-game", NULL, new_game_action);
}

static void
fake_window_init (FakeWindow *self)
{
}

static void
test_next_game_notice (void)
{
  g_autoptr(GSettings) gsettings = new_gsettings ();
  g_autoptr(HeartsSettings) settings = hearts_settings_new (gsettings);
  g_autoptr(HeartsGame) game = hearts_settings_new_game (settings, 3);
  g_autoptr(HeartsSeatView) view = hearts_local_seat_view_new (game, NULL, 0);
  GtkWidget               *parent = g_object_new (fake_window_get_type (), NULL);
  HeartsPreferencesWindow *window = g_object_ref_sink (hearts_preferences_window_new (settings));
  GtkWidget               *w = GTK_WIDGET (window);
  GtkWidget               *notice;
  GtkWidget               *button;

  /* From libadwaita 1.5 the pages are there once the dialog is presented. */
  hearts_preferences_window_present (window, parent);
  notice = row (w, "New rules apply from the next game");
  button = hearts_test_find_type (notice, GTK_TYPE_BUTTON);
  hearts_preferences_window_set_seat_view (window, view);
  g_assert_false (really_visible (notice));

  set_combo (w, "Shooting the Moon", 2);
  g_assert_true (really_visible (notice));
  /* Back to the game's own rules. */
  set_combo (w, "Shooting the Moon", 0);
  g_assert_false (really_visible (notice));

  set_switch (w, "Omnibus", TRUE);
  g_assert_true (really_visible (notice));

  /* The window asks first; a game the player keeps keeps the notice. */
  new_game_preferences = window;
  g_signal_emit_by_name (button, "clicked");
  g_assert_cmpuint (new_game_activated, ==, 1);
  g_assert_true (really_visible (notice));
  g_assert_true (hearts_preferences_window_get_seat_view (window) == view);

  /* A new game has the new rules. */
  new_game = hearts_settings_new_game (settings, 4);
  g_signal_emit_by_name (button, "clicked");
  g_assert_cmpuint (new_game_activated, ==, 2);
  g_assert_false (really_visible (notice));
  g_assert_true (hearts_preferences_window_get_seat_view (window) == new_view);
  g_clear_object (&new_game);
  g_clear_object (&new_view);

  hearts_dialog_destroy (GTK_WIDGET (window));
  g_assert_finalize_object (window);
  gtk_window_destroy (GTK_WINDOW (parent));
}

/* A short game between computers, counted as the saver counts it. */
static void
add_finished_game (GSettings   *gsettings,
                   HeartsPreset preset,
                   guint64      seed)
{
  HeartsRules rules;
  g_autoptr(HeartsGame) game = NULL;

  hearts_rules_init_default (&rules);
  rules.end = HEARTS_END_DEALS;
  rules.end_value = 2;
  game = hearts_game_new (&rules, seed);
  for (guint s = 0; s < 4; s++)
    hearts_game_set_seat_level (game, s, HEARTS_AI_RANDOM);
  while (hearts_game_get_phase (game) != HEARTS_PHASE_GAME_OVER)
    {
      if (hearts_game_get_phase (game) == HEARTS_PHASE_HAND_OVER)
        hearts_game_next_hand (game);
      else
        g_assert_true (hearts_game_computer_move (game));
    }
  hearts_statistics_add_game (gsettings, game, preset, 1, 1700000000 + seed);
}

static void
test_statistics_dialog (void)
{
  g_autoptr(GSettings) gsettings = new_gsettings ();
  HeartsStatisticsDialog *dialog = NULL;
  GtkWidget              *parent = gtk_window_new ();
  GtkStack               *stack;
  AdwComboRow            *rules;
  GtkWidget              *confirm;
  HeartsStats             stats;
  g_autofree char        *best = NULL;
  g_autofree char        *average = NULL;

  dialog = g_object_ref_sink (hearts_statistics_dialog_new (gsettings));
  hearts_statistics_dialog_present (dialog, parent);
  stack = GTK_STACK (hearts_test_find_type (GTK_WIDGET (dialog), GTK_TYPE_STACK));
  g_assert_cmpstr (gtk_stack_get_visible_child_name (stack), ==, "empty");

  add_finished_game (gsettings, HEARTS_PRESET_STANDARD, 1);
  add_finished_game (gsettings, HEARTS_PRESET_STANDARD, 2);
  add_finished_game (gsettings, HEARTS_PRESET_OMNIBUS, 3);
  g_assert_cmpstr (gtk_stack_get_visible_child_name (stack), ==, "statistics");

  rules = ADW_COMBO_ROW (row (GTK_WIDGET (dialog), "Rules"));
  g_assert_cmpuint (adw_combo_row_get_selected (rules), ==, HEARTS_PRESET_STANDARD);
  g_assert_true (hearts_statistics_get (gsettings, HEARTS_PRESET_STANDARD, &stats));

  /* Two games of two deals under the standard rules. */
  g_assert_cmpuint (stats.games_played, ==, 2);
  g_assert_nonnull (find_label_with_text (row (GTK_WIDGET (dialog), "Games Played"), "2"));
  g_assert_nonnull (find_label_with_text (row (GTK_WIDGET (dialog), "Hands Played"), "4"));
  best = g_strdup_printf ("%d", stats.best);
  g_assert_nonnull (find_label_with_text (row (GTK_WIDGET (dialog), "Best Game"), best));
  average = g_strdup_printf ("%.1f", hearts_stats_get_average (&stats));
  g_assert_nonnull (find_label_with_text (row (GTK_WIDGET (dialog), "Average Points per Hand"), average));

  adw_combo_row_set_selected (rules, HEARTS_PRESET_TOURNAMENT);
  g_assert_nonnull (find_label_with_text (row (GTK_WIDGET (dialog), "Games Played"), "—"));
  adw_combo_row_set_selected (rules, HEARTS_PRESET_OMNIBUS);
  g_assert_nonnull (find_label_with_text (row (GTK_WIDGET (dialog), "Games Played"), "1"));

  /* Recent games: one row each. */
  g_assert_true (really_visible (row (GTK_WIDGET (dialog), "Recent Games")));
  g_assert_cmpuint (count_rows (row (GTK_WIDGET (dialog), "Recent Games")), ==, 3);

  /* Reset asks first; Cancel keeps everything. */
  gtk_widget_activate_action (GTK_WIDGET (dialog), "statistics.reset", NULL);
  confirm = hearts_test_find_alert ();
  g_assert_nonnull (confirm);
  hearts_test_answer_alert (confirm, "cancel");
  g_assert_true (hearts_statistics_get (gsettings, HEARTS_PRESET_STANDARD, &stats));

  gtk_widget_activate_action (GTK_WIDGET (dialog), "statistics.reset", NULL);
  confirm = hearts_test_find_alert ();
  g_assert_nonnull (confirm);
  hearts_test_answer_alert (confirm, "reset");
  g_assert_false (hearts_statistics_get (gsettings, HEARTS_PRESET_STANDARD, &stats));
  g_assert_cmpstr (gtk_stack_get_visible_child_name (stack), ==, "empty");

  hearts_dialog_destroy (GTK_WIDGET (dialog));
  g_assert_finalize_object (dialog);
  gtk_window_destroy (GTK_WINDOW (parent));
}

/* The dialog opens on the rules of the game finished last (it opened on Standard, all
 * dashes, after a game with other rules), and a recent game says whose score is whose. */
static void
test_statistics_last_rules (void)
{
  g_autoptr(GSettings) gsettings = new_gsettings ();
  HeartsStatisticsDialog *dialog = NULL;
  GtkWidget              *parent = gtk_window_new ();
  AdwComboRow            *rules;
  g_autoptr(GPtrArray)    rows = g_ptr_array_new ();
  guint                   n_named = 0;

  g_settings_set_string (gsettings, "seat2-name", "Bea");
  add_finished_game (gsettings, HEARTS_PRESET_STANDARD, 1);
  add_finished_game (gsettings, HEARTS_PRESET_OMNIBUS, 2);
  dialog = g_object_ref_sink (hearts_statistics_dialog_new (gsettings));
  hearts_statistics_dialog_present (dialog, parent);
  rules = ADW_COMBO_ROW (row (GTK_WIDGET (dialog), "Rules"));
  g_assert_cmpuint (adw_combo_row_get_selected (rules), ==, HEARTS_PRESET_OMNIBUS);
  g_assert_nonnull (find_label_with_text (row (GTK_WIDGET (dialog), "Games Played"), "1"));

  hearts_test_find_all_type (GTK_WIDGET (dialog), ADW_TYPE_ACTION_ROW, rows);
  for (guint i = 0; i < rows->len; i++)
    {
      const char *subtitle = adw_action_row_get_subtitle (g_ptr_array_index (rows, i));

      if (subtitle == NULL || strstr (subtitle, "·") == NULL)
        continue;
      g_test_message ("%s", subtitle);
      g_assert_nonnull (strstr (subtitle, "You "));
      g_assert_nonnull (strstr (subtitle, " · Ada "));
      g_assert_nonnull (strstr (subtitle, " · Bea "));
      g_assert_nonnull (strstr (subtitle, " · Claude "));
      n_named++;
    }
  g_assert_cmpuint (n_named, ==, 2);

  hearts_dialog_destroy (GTK_WIDGET (dialog));
  g_assert_finalize_object (dialog);
  gtk_window_destroy (GTK_WINDOW (parent));
}

/* The rows bind themselves: by the generated enum type, by the schema's own enum, or a
 * boolean; both ways, and only once they have their settings. */
static void
test_rows_bind_themselves (void)
{
  g_autoptr(GSettings) gsettings = new_gsettings ();
  g_autoptr(GtkStringList) clicks = gtk_string_list_new ((const char *[]){ "One", "Two", NULL });
  g_autoptr(GtkStringList) passes = gtk_string_list_new ((const char *[]){ "a", "b", "c", "d", "e", "f", NULL });
  GtkWidget       *click = g_object_ref_sink (g_object_new (HEARTS_TYPE_PREFERENCES_COMBO_ROW,
                                                            "schema-key", "click-to-play",
                                                            "enum-type", HEARTS_TYPE_CLICK_MODE,
                                                            "model", clicks,
                                                            NULL));
  GtkWidget       *pass = g_object_ref_sink (g_object_new (HEARTS_TYPE_PREFERENCES_COMBO_ROW,
                                                           "schema-key", "pass-cycle",
                                                           "model", passes,
                                                           NULL));
  GtkWidget       *omnibus = g_object_ref_sink (g_object_new (HEARTS_TYPE_PREFERENCES_SWITCH_ROW,
                                                              "schema-key", "omnibus",
                                                              NULL));
  GtkWidget       *toggle = hearts_test_find_type (omnibus, GTK_TYPE_SWITCH);
  g_autofree char *pass_cycle = NULL;

  g_settings_set_string (gsettings, "click-to-play", "double");
  g_settings_set_string (gsettings, "pass-cycle", "lr");
  /* Not bound yet. */
  g_assert_cmpuint (adw_combo_row_get_selected (ADW_COMBO_ROW (click)), ==, 0);

  g_object_set (click, "settings", gsettings, NULL);
  g_object_set (pass, "settings", gsettings, NULL);
  g_object_set (omnibus, "settings", gsettings, NULL);
  g_assert_cmpuint (adw_combo_row_get_selected (ADW_COMBO_ROW (click)), ==, HEARTS_CLICK_DOUBLE);
  g_assert_cmpuint (adw_combo_row_get_selected (ADW_COMBO_ROW (pass)), ==, 4);
  g_assert_false (gtk_switch_get_active (GTK_SWITCH (toggle)));

  /* Key to row ... */
  g_settings_set_string (gsettings, "click-to-play", "single");
  g_settings_set_string (gsettings, "pass-cycle", "none");
  g_settings_set_boolean (gsettings, "omnibus", TRUE);
  g_assert_cmpuint (adw_combo_row_get_selected (ADW_COMBO_ROW (click)), ==, HEARTS_CLICK_SINGLE);
  g_assert_cmpuint (adw_combo_row_get_selected (ADW_COMBO_ROW (pass)), ==, 5);
  g_assert_true (gtk_switch_get_active (GTK_SWITCH (toggle)));

  /* ... and row to key. */
  adw_combo_row_set_selected (ADW_COMBO_ROW (click), HEARTS_CLICK_DOUBLE);
  adw_combo_row_set_selected (ADW_COMBO_ROW (pass), 1);
  gtk_switch_set_active (GTK_SWITCH (toggle), FALSE);
  g_assert_cmpint (g_settings_get_enum (gsettings, "click-to-play"), ==, HEARTS_CLICK_DOUBLE);
  pass_cycle = g_settings_get_string (gsettings, "pass-cycle");
  g_assert_cmpstr (pass_cycle, ==, "rlah");
  g_assert_false (g_settings_get_boolean (gsettings, "omnibus"));

  g_object_unref (click);
  g_object_unref (pass);
  g_object_unref (omnibus);
}

int
main (int   argc,
      char *argv[])
{
  hearts_test_init_widgets (&argc, &argv);
  /* A closed AdwDialog goes at once, not after its animation. */
  g_object_set (gtk_settings_get_default (), "gtk-enable-animations", FALSE, NULL);
  /* Pulls the UI resources into the link, which registers them. */
  g_assert_nonnull (hearts_get_resource ());

  g_test_add_func ("/preferences/pages", test_pages);
  g_test_add_func ("/preferences/rows-change-keys", test_rows_change_keys);
  g_test_add_func ("/preferences/rows-bind-themselves", test_rows_bind_themselves);
  g_test_add_func ("/preferences/pass-cycles-follow-players", test_pass_cycles_follow_players);
  g_test_add_func ("/preferences/presets-and-custom", test_presets_and_custom);
  g_test_add_func ("/preferences/next-game-notice", test_next_game_notice);
  g_test_add_func ("/statistics-dialog/numbers-and-reset", test_statistics_dialog);
  g_test_add_func ("/preferences/seat-places", test_seat_places);
  g_test_add_func ("/statistics-dialog/last-rules-and-names", test_statistics_last_rules);

  return g_test_run ();
}
