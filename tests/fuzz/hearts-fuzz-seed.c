/* hearts-fuzz-seed.c: writes saved games to start the fuzzer from
 *
 * Plays seeded games between computer seats under several rule sets and writes
 * the saved-game state (the dictionary in the saved-game file) at moments spread
 * over the game: passing, mid-trick, end of a hand, end of the game.
 *
 *   hearts-fuzz-seed DIR [N]
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <stdlib.h>

#include "hearts-game-deal.h"
#include "hearts-saved-game.h"

static const char *variants[] = {
  "",
  "players=3 qs-breaks=yes",
  "players=3 three-deck=2c opening=any-club",
  "players=5 pass=lr moon=shooter",
  "omnibus=yes no-tricks=yes moon=choose",
  "first-trick=anything hearts-breaking=no end=deals:3",
  "pass=none end=matches:1",
  "end=score:25",
};

static void
on_hand_finished_cb (HeartsGame *game,
                     guint       hand,
                     guint      *queens)
{
  if (hearts_cards_has (hearts_game_get_deal (game)->taken[0], HEARTS_QUEEN_OF_SPADES))
    (*queens)++;
}

static void
write_state (const char *dir,
             guint      *n_written,
             HeartsGame *game,
             guint       queens)
{
  g_autoptr(GVariant) state = hearts_saved_game_to_variant (game, HEARTS_PRESET_CUSTOM, queens);
  g_autofree char *name = g_strdup_printf ("seed-%04u", (*n_written)++);
  g_autofree char *path = g_build_filename (dir, name, NULL);
  g_autoptr(GError) error = NULL;

  if (!g_file_set_contents (path, g_variant_get_data (state), g_variant_get_size (state), &error))
    g_error ("%s", error->message);
}

int
main (int   argc,
      char *argv[])
{
  guint     n_wanted, n_written = 0;
  HeartsRng rng;

  if (argc < 2)
    {
      g_printerr ("Usage: %s DIR [N]\n", argv[0]);
      return 2;
    }
  n_wanted = argc > 2 ? (guint) atoi (argv[2]) : 64;
  g_mkdir_with_parents (argv[1], 0755);
  hearts_rng_init (&rng, 20240601);

  for (guint g = 0; n_written < n_wanted; g++)
    {
      HeartsRules rules;
      g_autoptr(HeartsGame) game = NULL;
      guint moves = 0, next_dump = hearts_rng_below (&rng, 30);
      guint queens = 0;

      hearts_rules_init_default (&rules);
      if (!hearts_rules_apply_string (&rules, variants[g % G_N_ELEMENTS (variants)], NULL))
        g_error ("bad variant %s", variants[g % G_N_ELEMENTS (variants)]);
      game = hearts_game_new (&rules, hearts_rng_next (&rng));
      for (guint s = 0; s < rules.n_players; s++)
        hearts_game_set_seat_level (game, s, s % 3); /* random, easy, normal: quick ones */
      g_signal_connect (game, "hand-finished", G_CALLBACK (on_hand_finished_cb), &queens);
      /* The player's seat, as the window saves it: any other is refused. */
      hearts_game_set_seat_human (game, 0);

      while (n_written < n_wanted && hearts_game_get_phase (game) != HEARTS_PHASE_GAME_OVER)
        {
          if (moves++ == next_dump)
            {
              write_state (argv[1], &n_written, game, queens);
              next_dump = moves + 20 + hearts_rng_below (&rng, 120);
            }
          if (hearts_game_get_phase (game) == HEARTS_PHASE_HAND_OVER)
            {
              if (hearts_rng_below (&rng, 4) == 0)
                write_state (argv[1], &n_written, game, queens);
              hearts_game_next_hand (game);
              continue;
            }
          if (!hearts_game_computer_move (game))
            {
              /* The human seat: any legal card or pass. */
              if (hearts_game_get_phase (game) == HEARTS_PHASE_PASSING)
                {
                  HeartsCards hand = hearts_game_get_hand (game, 0), pass = 0;

                  for (guint i = 0; i < HEARTS_PASS_SIZE; i++)
                    pass |= HEARTS_CARD_BIT (hearts_cards_pick_random (hand & ~pass, &rng));
                  hearts_game_pass (game, 0, pass, NULL);
                }
              else
                hearts_game_play (game, 0, hearts_cards_pick_random (hearts_game_get_legal (game, 0), &rng), NULL);
            }
        }
    }

  g_print ("%u saved games written to %s\n", n_written, argv[1]);
  return 0;
}
