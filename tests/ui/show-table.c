/* show-table.c: the table in the middle of a hand, for screenshots
 *
 *   show-table PLAYERS WIDTH HEIGHT OUT.png [mark|fly [SEED]]
 *
 * The computers play the hand up to its middle (seeded), then the window shows it; with
 * "mark" or "fly" the player takes a trick, slowed down, and the shot shows the winning
 * card marked or the trick on its way to the pile. Run it under Xvfb (screenshots.sh).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <adwaita.h>

#include "hearts-game-deal.h"
#include "hearts-resources.h"
#include "hearts-window.h"
#include "hearts-test-widget.h"

static const char *output;

static gboolean
take_screenshot_cb (gpointer user_data)
{
  hearts_test_take_screenshot (output);
  g_application_quit (user_data);
  return G_SOURCE_REMOVE;
}

static gboolean
play_cb (gpointer user_data)
{
  HeartsGame *game = user_data;

  hearts_game_play (game, 0, hearts_cards_lowest (hearts_game_get_legal (game, 0)), NULL);
  return G_SOURCE_REMOVE;
}

/* Up to the middle of the hand, with the player to complete a trick when @last. */
static void
play_to_middle (HeartsGame *game,
                gboolean    last)
{
  guint n = hearts_game_get_n_players (game);

  for (guint s = 0; s < n; s++)
    hearts_game_set_seat_level (game, s, HEARTS_AI_EASY);
  for (;;)
    {
      HeartsCard trick[HEARTS_MAX_PLAYERS];
      guint      leader;
      guint      in_trick = hearts_game_get_phase (game) == HEARTS_PHASE_PLAYING
                              ? hearts_game_get_trick (game, trick, &leader)
                              : 0;
      guint      left = hearts_cards_count (hearts_game_get_hand (game, 0));

      if (hearts_game_get_phase (game) == HEARTS_PHASE_PLAYING && left <= (last ? 9 : 5) &&
          (!last || (hearts_game_get_current_player (game) == 0 && in_trick == n - 1)))
        break;
      if (hearts_game_get_phase (game) == HEARTS_PHASE_HAND_OVER)
        hearts_game_next_hand (game);
      else
        g_assert_true (hearts_game_computer_move (game));
    }
  hearts_game_set_seat_human (game, 0);
}

static char **args;

static gboolean
table_still (gpointer user_data)
{
  HeartsWindow *window = user_data;

  return !hearts_table_get_busy (hearts_window_get_table (window)) &&
         !hearts_game_computer_to_move (hearts_test_window_get_game (window));
}

static void
on_activate_cb (GApplication *app)
{
  HeartsGame      *game;
  g_autofree char *rules_text = NULL;
  HeartsWindow    *window;
  HeartsRules      rules;
  const char      *mode = args[5] != NULL ? args[5] : "";

  adw_style_manager_set_color_scheme (adw_style_manager_get_default (), ADW_COLOR_SCHEME_FORCE_LIGHT);
  hearts_rules_init_default (&rules);
  rules_text = g_strdup_printf ("players=%s omnibus=yes", args[1]);
  g_assert_true (hearts_rules_apply_string (&rules, rules_text, NULL));
  game = hearts_game_new (&rules, args[6] != NULL ? g_ascii_strtoull (args[6], NULL, 10) : 11);
  play_to_middle (game, *mode != '\0');

  window = g_object_new (HEARTS_TYPE_WINDOW, "application", app, NULL);
  gtk_window_set_default_size (GTK_WINDOW (window), atoi (args[2]), atoi (args[3]));
  hearts_window_new_game (window, game);
  gtk_window_present (GTK_WINDOW (window));

  if (*mode == '\0')
    {
      /* Once the table is still and drawn. */
      hearts_test_wait_drawn (GTK_WIDGET (window));
      g_assert_true (hearts_test_iterate_until (table_still, window, HEARTS_TEST_TIMEOUT_MS));
      hearts_test_wait_drawn (GTK_WIDGET (window));
      take_screenshot_cb (app);
      return;
    }
  /* A moment of an animation, slowed ten times: the play takes 3.2 s, the pause before the
   * collect 7.5 s. Timed, since the moment is what the shot is for. */
  hearts_table_set_animation_speed (hearts_window_get_table (window), 0.1);
  g_timeout_add (1500, play_cb, game);
  g_timeout_add (g_str_equal (mode, "mark") ? 1500 + 3200 + 3500 : 1500 + 3200 + 7500 + 4500, take_screenshot_cb, app);
}

int
main (int   argc,
      char *argv[])
{
  g_autoptr(AdwApplication) app = NULL;

  if (argc < 5)
    {
      g_printerr ("Usage: %s PLAYERS WIDTH HEIGHT OUT.png [mark|fly [SEED]]\n", argv[0]);
      return 2;
    }
  args = g_new0 (char *, 8);
  for (int i = 0; i < argc && i < 7; i++)
    args[i] = argv[i];
  output = argv[4];
  g_assert_nonnull (hearts_get_resource ());

  /* The application's id and resources give the table its felt and the plates their style. */
  app = adw_application_new (NULL, G_APPLICATION_NON_UNIQUE);
  g_object_set (app, "resource-base-path", RESOURCE_PATH, NULL);
  g_signal_connect (app, "activate", G_CALLBACK (on_activate_cb), NULL);
  return g_application_run (G_APPLICATION (app), 0, NULL);
}
