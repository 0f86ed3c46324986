/* show-trick-history.c: opens the last trick or the hand so far over a game in play,
 * and takes a screenshot of the display
 *
 *   show-trick-history last|hand WIDTH OUT.png [light|dark] [negative]
 *
 * "negative": Omnibus, played on until the last trick is worth less than nothing (the J♦).
 * Run under Xvfb (tests/ui/screenshots.sh); WIDTH is the window's (and on libadwaita 1.2,
 * where the dialog is a window of its own, the dialog's) width.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <stdlib.h>

#include "hearts-game-deal.h"
#include "hearts-resources.h"
#include "hearts-window-private.h"
#include "hearts-test-widget.h"

static gboolean
table_still (gpointer user_data)
{
  HeartsWindow *window = user_data;

  return gtk_widget_get_mapped (GTK_WIDGET (window)) && !hearts_table_get_busy (window->table) &&
         !hearts_game_computer_to_move (window->game);
}

int
main (int   argc,
      char *argv[])
{
  g_autoptr(HeartsGame) game = NULL;
  HeartsWindow *window;
  HeartsRules   rules;
  gboolean      negative = argc > 5 && g_str_equal (argv[5], "negative");
  gboolean      hand_so_far;
  int           width;
  const char   *output;

  if (argc < 4)
    {
      g_printerr ("Usage: %s last|hand WIDTH OUT.png [light|dark] [negative]\n", argv[0]);
      return 2;
    }
  hand_so_far = g_str_equal (argv[1], "hand");
  width = atoi (argv[2]);
  output = argv[3];

  gtk_init ();
  adw_init ();
  adw_style_manager_set_color_scheme (adw_style_manager_get_default (),
                                      argc > 4 && g_str_equal (argv[4], "dark") ? ADW_COLOR_SCHEME_FORCE_DARK
                                                                                : ADW_COLOR_SCHEME_FORCE_LIGHT);
  hearts_test_load_style ();

  /* Six tricks played (or a trick worth less than nothing); then the human is to play. */
  hearts_rules_init_default (&rules);
  if (negative)
    g_assert_true (hearts_rules_apply_string (&rules, "omnibus=yes", NULL));
  game = hearts_game_new (&rules, 11);
  for (guint s = 0; s < rules.n_players; s++)
    hearts_game_set_seat_level (game, s, HEARTS_AI_NORMAL);
  while (hearts_game_get_phase (game) != HEARTS_PHASE_PLAYING || hearts_game_get_current_player (game) != 0 ||
         (negative ? hearts_game_get_n_finished_tricks (game) == 0 ||
                       hearts_game_get_trick_points (game, hearts_game_get_n_finished_tricks (game) - 1) >= 0
                   : hearts_game_get_n_finished_tricks (game) < 6))
    {
      if (hearts_game_get_phase (game) == HEARTS_PHASE_HAND_OVER)
        hearts_game_next_hand (game);
      else if (!hearts_game_computer_move (game))
        {
          g_printerr ("No such trick in this game\n");
          return 1;
        }
    }
  hearts_game_set_seat_human (game, 0);

  window = g_object_new (HEARTS_TYPE_WINDOW, NULL);
  g_settings_set_string (hearts_settings_get_settings (window->settings), "animation-speed", "off");
  g_settings_set_string (hearts_settings_get_settings (window->settings), "player-name", "Alice");
  gtk_window_set_default_size (GTK_WINDOW (window), width, 720);
  hearts_window_new_game (window, game);
  gtk_window_present (GTK_WINDOW (window));

  /* Opened once the table is still, as a player would; shot once it is drawn. */
  /* The dialog takes its size from the window's. */
  hearts_test_wait_drawn (GTK_WIDGET (window));
  if (!hearts_test_iterate_until (table_still, window, HEARTS_TEST_TIMEOUT_MS))
    return 1;
  gtk_widget_activate_action (GTK_WIDGET (window), hand_so_far ? "win.show-hand-so-far" : "win.show-last-trick", NULL);
  if (window->trick_history == NULL)
    {
      g_printerr ("The trick history did not open\n");
      return 1;
    }
  if (GTK_IS_WINDOW (window->trick_history))
    gtk_window_set_default_size (GTK_WINDOW (window->trick_history), MIN (width, 480), 600);
  hearts_test_wait_drawn (GTK_WIDGET (window->trick_history));
  hearts_test_take_screenshot (output);
  return 0;
}
