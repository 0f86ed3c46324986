/* show-settings-dialogs.c: opens the Preferences window or the Statistics dialog
 * as they look in use, and takes a screenshot of the display
 *
 *   show-settings-dialogs preferences game|players|appearance|notice|passing-three OUT.png [dark]
 *   show-settings-dialogs statistics OUT.png [dark]
 *   show-settings-dialogs score-sheet OUT.png [dark|narrow|long|long-narrow]
 *                             (a game over sheet with footnotes; narrow: in a 400 px window;
 *                             long: 16 hands, long names and scores below zero)
 *
 * Run under Xvfb (tests/ui/screenshots.sh); the screenshot is taken with
 * ImageMagick's `import -window root`.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#define G_SETTINGS_ENABLE_BACKEND
#include <gio/gsettingsbackend.h>

#include "hearts-game-deal.h"
#include "hearts-card-theme.h"
#include "hearts-preferences-window.h"
#include "hearts-resources.h"
#include "hearts-score-sheet.h"
#include "hearts-statistics.h"
#include "hearts-statistics-dialog.h"
#include "hearts-local-seat-view.h"
#include "hearts-test-widget.h"

static GtkWidget *
find_row (GtkWidget  *widget,
          const char *title)
{
  if (ADW_IS_PREFERENCES_ROW (widget) &&
      g_strcmp0 (adw_preferences_row_get_title (ADW_PREFERENCES_ROW (widget)), title) == 0)
    return widget;
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *found = find_row (child, title);

      if (found != NULL)
        return found;
    }
  return NULL;
}

/* Opens the Passing row's list, to show its choices, and waits until it is drawn. */
static void
open_passing (GtkWidget *window)
{
  GtkWidget *row = find_row (window, "P_assing");
  GtkWidget *popover;

  if (row == NULL)
    return;
  gtk_widget_activate (row);
  popover = hearts_test_find_type (row, GTK_TYPE_POPOVER);
  if (popover != NULL)
    hearts_test_wait_drawn (popover);
}

static void
play_games (GSettings *settings)
{
  static const struct
  {
    HeartsPreset preset;
    const char  *rules;
    guint        n;
  } sets[] = {
    { HEARTS_PRESET_STANDARD, "", 7 },
    { HEARTS_PRESET_OMNIBUS, "omnibus=yes", 2 },
    { HEARTS_PRESET_THREE_PLAYERS, "players=3 qs-breaks=yes", 1 },
  };
  gint64 date = 1717243200; /* June 2024 */

  for (guint i = 0; i < G_N_ELEMENTS (sets); i++)
    for (guint g = 0; g < sets[i].n; g++)
      {
        HeartsRules rules;
        g_autoptr(HeartsGame) game = NULL;
        guint queens = 0;

        hearts_rules_init_default (&rules);
        hearts_rules_apply_string (&rules, sets[i].rules, NULL);
        game = hearts_game_new (&rules, 1000 * i + g);
        for (guint s = 0; s < rules.n_players; s++)
          hearts_game_set_seat_level (game, s, HEARTS_AI_RANDOM);
        while (hearts_game_get_phase (game) != HEARTS_PHASE_GAME_OVER)
          {
            if (hearts_game_get_phase (game) == HEARTS_PHASE_HAND_OVER)
              {
                if (hearts_cards_has (hearts_game_get_deal (game)->taken[0], HEARTS_QUEEN_OF_SPADES))
                  queens++;
                hearts_game_next_hand (game);
              }
            else
              hearts_game_computer_move (game);
          }
        date += 86400 + 3600 * g;
        hearts_statistics_add_game (settings, game, sets[i].preset, queens, date);
      }
}

int
main (int   argc,
      char *argv[])
{
  g_autoptr(GSettingsBackend) backend = NULL;
  g_autoptr(GSettings) gsettings = NULL;
  g_autoptr(HeartsSettings) settings = NULL;
  g_autoptr(HeartsGame) game = NULL;
  GtkWidget  *parent;
  GtkWidget  *shown;
  gboolean    dark;
  gboolean    passing = FALSE;
  const char *output;

  if (argc < 3 || (g_str_equal (argv[1], "preferences") && argc < 4))
    {
      g_printerr ("Usage: %s preferences PAGE OUT.png [dark] | statistics|score-sheet OUT.png [dark]\n", argv[0]);
      return 2;
    }

  gtk_init ();
  adw_init ();

  dark = g_strcmp0 (argv[argc - 1], "dark") == 0;
  adw_style_manager_set_color_scheme (adw_style_manager_get_default (),
                                      dark ? ADW_COLOR_SCHEME_FORCE_DARK : ADW_COLOR_SCHEME_FORCE_LIGHT);
  hearts_test_load_style ();

  backend = g_memory_settings_backend_new ();
  gsettings = g_settings_new_with_backend (HEARTS_SCHEMA_ID, backend);
  settings = hearts_settings_new (gsettings);

  /* The game window the dialogs open over. */
  parent = adw_application_window_new (NULL);
  gtk_window_set_default_size (GTK_WINDOW (parent), 1280, 1480);
  gtk_window_set_title (GTK_WINDOW (parent), "Hearts");
  gtk_window_present (GTK_WINDOW (parent));

  if (g_str_equal (argv[1], "preferences"))
    {
      HeartsPreferencesWindow *window;
      const char              *page = argv[2];

      output = argv[3];
      g_settings_set_string (gsettings, "player-name", "Alice");
      window = hearts_preferences_window_new (settings);
      if (g_str_equal (page, "passing-three"))
        {
          g_settings_set_int (gsettings, "players", 3);
          passing = TRUE;
          page = "game";
        }
      else if (g_str_equal (page, "notice"))
        {
          g_autoptr(HeartsSeatView) view = NULL;

          game = hearts_settings_new_game (settings, 1);
          view = hearts_local_seat_view_new (game, NULL, 0);
          hearts_preferences_window_set_seat_view (window, view);
          hearts_settings_set_preset (settings, HEARTS_PRESET_OMNIBUS);
          page = "game";
        }
      else if (g_str_equal (page, "aisleriot"))
        {
          g_autoptr(GListModel) themes = hearts_card_theme_list_available ();

          /* The Paris deck if installed, else the first Aisleriot theme. */
          for (guint i = g_list_model_get_n_items (themes); i > 1; i--)
            {
              g_autoptr(HeartsCardThemeInfo) info = g_list_model_get_item (themes, i - 1);
              const char *id = hearts_card_theme_info_get_id (info);

              if (i == 2 || g_str_has_prefix (id, "paris"))
                {
                  g_settings_set_string (gsettings, "card-theme", id);
                  break;
                }
            }
          page = "appearance";
        }
      g_object_set (window, "visible-page-name", page, NULL);
      hearts_preferences_window_present (window, parent);
      hearts_dialog_set_size (GTK_WIDGET (window), 640, 1440);
      shown = GTK_WIDGET (window);
    }
  else if (g_str_equal (argv[1], "score-sheet"))
    {
      /* NULL-terminated: hearts_seat_view_set_player_names() takes a GStrv. */
      static const char *names[] = { "Alice", "Ada", "Blaise", "Claude", NULL };
      static const char *long_names[] = { "You", "Maximiliana Wolfeschlegelstein", "Bartholomew",
                                          "Anastasia-Christina Konstantin", NULL };
      GtkWidget         *sheet = hearts_score_sheet_new ();
      HeartsRules        rules;
      const char        *last = argv[argc - 1];
      gboolean           long_game = g_str_has_prefix (last, "long");

      /* A game of Normal players over the Omnibus rules, with a moon and the bonuses. */
      output = argv[2];
      hearts_rules_init_default (&rules);
      hearts_rules_apply_string (&rules,
                                 long_game ? "omnibus=yes no-tricks=yes moon=shooter end=deals:16"
                                           : "omnibus=yes no-tricks=yes",
                                 NULL);
      game = hearts_game_new (&rules, 5);
      for (guint s = 0; s < rules.n_players; s++)
        hearts_game_set_seat_level (game, s, HEARTS_AI_NORMAL);
      while (hearts_game_get_phase (game) != HEARTS_PHASE_GAME_OVER)
        {
          if (hearts_game_get_phase (game) == HEARTS_PHASE_HAND_OVER)
            hearts_game_next_hand (game);
          else
            hearts_game_computer_move (game);
        }
      {
        g_autoptr(HeartsSeatView) view = hearts_local_seat_view_new (game, NULL, 0);

        hearts_seat_view_set_player_names (view, long_game ? long_names : names);
        hearts_score_sheet_set_seat_view (HEARTS_SCORE_SHEET (sheet), view);
        hearts_score_sheet_set_mode (HEARTS_SCORE_SHEET (sheet), HEARTS_SCORE_SHEET_GAME_OVER);
      }
      if (g_str_has_suffix (last, "narrow"))
        gtk_window_set_default_size (GTK_WINDOW (parent), 400, 800);
      else if (long_game)
        gtk_window_set_default_size (GTK_WINDOW (parent), 1280, 800);
      else
        gtk_window_set_default_size (GTK_WINDOW (parent), 1024, 900);
      adw_application_window_set_content (ADW_APPLICATION_WINDOW (parent), sheet);
      shown = sheet;
    }
  else
    {
      HeartsStatisticsDialog *dialog;

      output = argv[2];
      play_games (gsettings);
      dialog = hearts_statistics_dialog_new (gsettings);
      hearts_statistics_dialog_present (dialog, parent);
      hearts_dialog_set_size (GTK_WIDGET (dialog), 560, 1300);
      shown = GTK_WIDGET (dialog);
    }

  hearts_test_wait_drawn (shown);
  if (passing)
    open_passing (shown);
  hearts_test_take_screenshot (output);
  return 0;
}
