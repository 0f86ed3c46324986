/* show-claim.c: opens a claim's proof over a game in play, and takes a screenshot of the
 * display
 *
 *   show-claim WIDTH OUT.png [dark]
 *
 * Run under Xvfb (tests/ui/screenshots.sh); WIDTH is the window's width.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <stdlib.h>

#include "hearts-game-deal.h"
#include "hearts-resources.h"
#include "hearts-window-private.h"
#include "hearts-test-widget.h"

/* The window has checked the claim (in a thread), and its button would show the proof. */
static gboolean
claim_known (gpointer user_data)
{
  HeartsWindow *window = user_data;

  return gtk_widget_get_mapped (GTK_WIDGET (window)) &&
         hearts_seat_view_get_claim_offer (window->view, NULL) == HEARTS_CLAIM_OFFER_OFFERED &&
         !hearts_table_get_busy (window->table);
}

int
main (int   argc,
      char *argv[])
{
  g_autoptr(HeartsGame) game = NULL;
  HeartsWindow *window;
  HeartsRules   rules;
  HeartsCard    trick[HEARTS_MAX_PLAYERS];
  guint         leader;
  const char   *output;

  if (argc < 3)
    {
      g_printerr ("Usage: %s WIDTH OUT.png [dark]\n", argv[0]);
      return 2;
    }
  output = argv[2];

  gtk_init ();
  adw_init ();
  adw_style_manager_set_color_scheme (adw_style_manager_get_default (),
                                      argc > 3 && g_str_equal (argv[3], "dark") ? ADW_COLOR_SCHEME_FORCE_DARK
                                                                                : ADW_COLOR_SCHEME_FORCE_LIGHT);
  hearts_test_load_style ();

  /* Played on, the human's lowest card each time, until the human may claim the rest and
   * the hand is not settled yet, with cards on the table. */
  hearts_rules_init_default (&rules);
  g_assert_true (hearts_rules_apply_string (&rules, "omnibus=yes", NULL));
  game = hearts_game_new (&rules, 5);
  for (guint s = 1; s < rules.n_players; s++)
    hearts_game_set_seat_level (game, s, HEARTS_AI_NORMAL);
  while (hearts_game_get_phase (game) != HEARTS_PHASE_PLAYING || hearts_game_get_current_player (game) != 0 ||
         hearts_game_get_n_finished_tricks (game) < 5 || hearts_game_get_trick (game, trick, &leader) == 0 ||
         !hearts_game_can_claim (game, 0, NULL) ||
         hearts_game_finish_is_determined (game))
    {
      if (hearts_game_get_phase (game) == HEARTS_PHASE_GAME_OVER)
        {
          g_printerr ("No claim in this game\n");
          return 1;
        }
      if (hearts_game_get_phase (game) == HEARTS_PHASE_HAND_OVER)
        hearts_game_next_hand (game);
      else if (hearts_game_computer_to_move (game))
        hearts_game_computer_move (game);
      else if (hearts_game_get_phase (game) == HEARTS_PHASE_PASSING)
        {
          HeartsCards hand = hearts_game_get_hand (game, 0), pass = 0;

          for (guint i = 0; i < 3; i++)
            pass |= HEARTS_CARD_BIT (hearts_cards_highest (hand & ~pass));
          hearts_game_pass (game, 0, pass, NULL);
        }
      else
        hearts_game_play (game, 0, hearts_cards_lowest (hearts_game_get_legal (game, 0)), NULL);
    }

  window = g_object_new (HEARTS_TYPE_WINDOW, NULL);
  g_settings_set_string (hearts_settings_get_settings (window->settings), "animation-speed", "off");
  g_settings_set_string (hearts_settings_get_settings (window->settings), "player-name", "Alice");
  gtk_window_set_default_size (GTK_WINDOW (window), atoi (argv[1]), 720);
  hearts_window_new_game (window, game);
  gtk_window_present (GTK_WINDOW (window));

  /* The dialog takes its size from the window's. */
  hearts_test_wait_drawn (GTK_WIDGET (window));
  if (!hearts_test_iterate_until (claim_known, window, HEARTS_TEST_TIMEOUT_MS))
    return 1;
  gtk_widget_activate_action (GTK_WIDGET (window), "win.claim", NULL);
  if (window->claim_dialog == NULL)
    {
      g_printerr ("The claim did not open\n");
      return 1;
    }
  hearts_test_wait_drawn (window->claim_dialog);
  hearts_test_take_screenshot (output);
  return 0;
}
