/* hearts-resume-tool.c: reads and advances the saved game for the SIGKILL resume test
 *
 * Works on the saved-game file the environment names (XDG_DATA_HOME in the test),
 * while the game is not running:
 *
 *   hearts-resume-tool status             none | passing | human | computer | hand-over | over
 *   hearts-resume-tool dump FILE          writes the saved game (GVariant text) to FILE
 *   hearts-resume-tool check BEFORE AFTER AFTER must be BEFORE, or BEFORE played on;
 *                                         exactly BEFORE if BEFORE waited for the player
 *   hearts-resume-tool human-move SEED    makes the player's move (a legal card, a
 *                                         pass, or the next hand) and saves it (written
 *                                         beside and renamed, as the game does: on a
 *                                         full disk the move is not made)
 *   hearts-resume-tool id                 which game it is: a checksum of its first deal
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "hearts-file.h"
#include "hearts-game-deal.h"
#include "hearts-saved-game.h"

/* The state in the file, or NULL if there is no file. */
static GVariant *
read_saved (GFile *file)
{
  g_autoptr(GBytes) bytes = NULL;
  g_autoptr(GError) error = NULL;
  GVariant *state;

  bytes = g_file_load_bytes (file, NULL, NULL, &error);
  if (bytes == NULL)
    {
      if (g_error_matches (error, G_IO_ERROR, G_IO_ERROR_NOT_FOUND))
        return NULL;
      g_printerr ("%s\n", error->message);
      exit (1);
    }
  state = hearts_saved_game_from_file_bytes (bytes, &error);
  if (state == NULL)
    {
      g_printerr ("The saved game file does not load: %s\n", error->message);
      exit (1);
    }
  return state;
}

static HeartsGame *
load (GVariant *state)
{
  g_autoptr(GError) error = NULL;
  HeartsGame *game = hearts_saved_game_from_variant (state, NULL, NULL, &error);

  if (game == NULL)
    {
      g_printerr ("The saved game does not load: %s\n", error->message);
      exit (1);
    }
  return game;
}

static const char *
status_of (HeartsGame *game)
{
  switch (hearts_game_get_phase (game))
    {
    case HEARTS_PHASE_PASSING:
    case HEARTS_PHASE_PLAYING:
      /* While passing, the player waits only once every computer has passed. */
      return hearts_game_computer_to_move (game) ? "computer" : "human";
    case HEARTS_PHASE_HAND_OVER:
      return "hand-over";
    case HEARTS_PHASE_GAME_OVER:
    default:
      return "over";
    }
}

/* A record without its pass lines: those are written in seat order, not in
 * the order the seats passed, so they are compared as a set. */
static void
split_record (const char *record,
              GPtrArray  *moves,
              GHashTable *passes)
{
  g_auto(GStrv) lines = g_strsplit (record, "\n", -1);
  const char *hand = "";

  for (guint i = 0; lines[i] != NULL; i++)
    {
      if (lines[i][0] == '\0')
        continue;
      if (g_str_has_prefix (lines[i], "hand "))
        hand = lines[i];
      if (g_str_has_prefix (lines[i], "pass "))
        g_hash_table_add (passes, g_strdup_printf ("%s|%s", hand, lines[i]));
      else
        g_ptr_array_add (moves, g_strdup (lines[i]));
    }
}

static GVariant *
parse_file (const char *path)
{
  g_autofree char *text = NULL;
  g_autoptr(GError) error = NULL;
  GVariant *state;

  if (!g_file_get_contents (path, &text, NULL, &error))
    {
      g_printerr ("%s\n", error->message);
      exit (2);
    }
  state = g_variant_parse (HEARTS_SAVED_GAME_TYPE, text, NULL, NULL, &error);
  if (state == NULL)
    {
      g_printerr ("%s: %s\n", path, error->message);
      exit (2);
    }
  return g_variant_ref_sink (state);
}

static int
check (const char *before_path,
       const char *after_path)
{
  g_autoptr(GVariant) before = parse_file (before_path);
  g_autoptr(GVariant) after = parse_file (after_path);
  g_autoptr(HeartsGame) a = load (before);
  g_autoptr(HeartsGame) b = load (after);
  g_autofree char *ra = hearts_game_get_record (a);
  g_autofree char *rb = hearts_game_get_record (b);
  g_autoptr(GPtrArray) ma = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GPtrArray) mb = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GHashTable) pa = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  g_autoptr(GHashTable) pb = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  const char *status = status_of (a);

  /* Waiting for the player: nothing may have moved. */
  if (g_str_equal (status, "human") || g_str_equal (status, "hand-over"))
    {
      g_autoptr(GVariant) sa = hearts_game_serialize (a);
      g_autoptr(GVariant) sb = hearts_game_serialize (b);

      if (!g_variant_equal (sa, sb))
        {
          g_printerr ("The game waited for the player, but resumed somewhere else:\n%s\n---\n%s\n", ra, rb);
          return 1;
        }
      g_print ("same move (%s)\n", status);
      return 0;
    }

  /* Computers were to move: the resumed game is the same game, played on. */
  split_record (ra, ma, pa);
  split_record (rb, mb, pb);
  if (ma->len > mb->len)
    goto differ;
  for (guint i = 0; i < ma->len; i++)
    if (!g_str_equal (g_ptr_array_index (ma, i), g_ptr_array_index (mb, i)))
      goto differ;
  {
    GHashTableIter iter;
    const char    *pass;

    /* Every pass made before is there, in the same hand. */
    g_hash_table_iter_init (&iter, pa);
    while (g_hash_table_iter_next (&iter, (gpointer *) &pass, NULL))
      if (!g_hash_table_contains (pb, pass))
        goto differ;
  }
  if (hearts_game_get_seed (a) != hearts_game_get_seed (b))
    goto differ;
  g_print ("same game, %u lines on\n", mb->len - ma->len);
  return 0;

differ:
  g_printerr ("The resumed game is not the one that was killed:\n%s\n---\n%s\n", ra, rb);
  return 1;
}

static int
human_move (GFile  *file,
            guint64 seed)
{
  g_autoptr(GVariant) state = read_saved (file);
  g_autoptr(GBytes) bytes = NULL;
  g_autoptr(GError) error2 = NULL;
  g_autoptr(HeartsGame) game = NULL;
  g_autoptr(GVariant) saved = NULL;
  g_autoptr(GError) error = NULL;
  HeartsPreset preset;
  guint        queens;
  HeartsRng    rng;

  if (state == NULL)
    {
      g_printerr ("No saved game\n");
      return 1;
    }
  game = hearts_saved_game_from_variant (state, &preset, &queens, &error);
  if (game == NULL)
    {
      g_printerr ("%s\n", error->message);
      return 1;
    }

  hearts_rng_init (&rng, seed);
  switch (hearts_game_get_phase (game))
    {
    case HEARTS_PHASE_HAND_OVER:
      hearts_game_next_hand (game);
      break;
    case HEARTS_PHASE_PASSING:
      if (hearts_game_seat_is_human (game, 0) && !hearts_game_has_passed (game, 0))
        {
          HeartsCards hand = hearts_game_get_hand (game, 0), pass = 0;

          for (guint i = 0; i < HEARTS_PASS_SIZE; i++)
            pass |= HEARTS_CARD_BIT (hearts_cards_pick_random (hand & ~pass, &rng));
          if (!hearts_game_pass (game, 0, pass, NULL))
            return 1;
        }
      break;
    case HEARTS_PHASE_PLAYING:
      if (hearts_game_get_current_player (game) == 0 && hearts_game_seat_is_human (game, 0))
        {
          HeartsCards legal = hearts_game_get_legal (game, 0);

          if (!hearts_game_play (game, 0, hearts_cards_pick_random (legal, &rng), NULL))
            return 1;
        }
      break;
    case HEARTS_PHASE_GAME_OVER:
    default:
      g_printerr ("The game is over\n");
      return 1;
    }

  saved = hearts_saved_game_to_variant (game, preset, queens);
  bytes = hearts_saved_game_to_file_bytes (saved);
  /* Replaced in one rename, as the game does it. */
  if (!hearts_file_replace (g_file_peek_path (file), g_bytes_get_data (bytes, NULL), g_bytes_get_size (bytes),
                            &error2))
    {
      g_printerr ("%s\n", error2->message);
      return 1;
    }
  g_print ("%s\n", status_of (game));
  return 0;
}

int
main (int   argc,
      char *argv[])
{
  g_autoptr(GFile) file = NULL;
  g_autoptr(GVariant) state = NULL;

  if (argc < 2)
    {
      g_printerr ("Usage: %s status | dump FILE | check BEFORE AFTER | human-move SEED\n", argv[0]);
      return 2;
    }

  if (g_str_equal (argv[1], "check") && argc == 4)
    return check (argv[2], argv[3]);

  file = hearts_saved_game_get_default_file ();

  if (g_str_equal (argv[1], "status"))
    {
      g_autoptr(HeartsGame) game = NULL;

      state = read_saved (file);
      if (state == NULL)
        {
          g_print ("none\n");
          return 0;
        }
      game = load (state);
      g_print ("%s\n", status_of (game));
      return 0;
    }

  if (g_str_equal (argv[1], "dump") && argc == 3)
    {
      g_autofree char *text = NULL;

      state = read_saved (file);
      if (state == NULL)
        {
          g_printerr ("No saved game\n");
          return 1;
        }
      text = g_variant_print (state, TRUE);
      return g_file_set_contents (argv[2], text, -1, NULL) ? 0 : 1;
    }

  if (g_str_equal (argv[1], "id"))
    {
      g_autoptr(HeartsGame) game = NULL;
      g_autofree char *record = NULL;
      g_autofree char *checksum = NULL;
      char            *end;

      state = read_saved (file);
      if (state == NULL)
        {
          g_print ("none\n");
          return 0;
        }
      game = load (state);
      /* The header and the first hand's deal. */
      record = hearts_game_get_record (game);
      end = strstr (record, "\npass ");
      if (end == NULL)
        end = strstr (record, "\nplay ");
      checksum = g_compute_checksum_for_data (G_CHECKSUM_SHA1, (const guchar *) record,
                                              end != NULL ? (gsize) (end - record) : strlen (record));
      g_print ("%s\n", checksum);
      return 0;
    }

  if (g_str_equal (argv[1], "human-move") && argc == 3)
    return human_move (file, g_ascii_strtoull (argv[2], NULL, 10));

  g_printerr ("Unknown command %s\n", argv[1]);
  return 2;
}
