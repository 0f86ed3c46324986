/* test-saved-game.c: the game in progress survives a restart, and a bad one never crashes
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#define G_SETTINGS_ENABLE_BACKEND
#include <gio/gsettingsbackend.h>

#include <glib/gstdio.h>
#include <string.h>

#include "hearts-game-deal.h"
#include "hearts-saved-game.h"
#include "hearts-statistics.h"
#include "temp-file.h"

static GSettings *
new_gsettings (void)
{
  g_autoptr(GSettingsBackend) backend = g_memory_settings_backend_new ();

  return g_settings_new_with_backend (HEARTS_SCHEMA_ID, backend);
}

static HeartsGame *
new_game (const char *rules_text,
          guint64     seed)
{
  HeartsRules rules;
  HeartsGame *game;

  hearts_rules_init_default (&rules);
  g_assert_true (hearts_rules_apply_string (&rules, rules_text, NULL));
  game = hearts_game_new (&rules, seed);
  /* Fast, legal players for the computer seats; seat 0 stays human. */
  for (guint s = 1; s < rules.n_players; s++)
    hearts_game_set_seat_level (game, s, HEARTS_AI_RANDOM);
  return game;
}

/* One step of the game: the human's (seat 0) random legal move, a computer's, or
 * the next hand. */
static void
step (HeartsGame *game,
      HeartsRng  *rng)
{
  switch (hearts_game_get_phase (game))
    {
    case HEARTS_PHASE_HAND_OVER:
      hearts_game_next_hand (game);
      return;
    case HEARTS_PHASE_GAME_OVER:
      g_assert_not_reached ();
    case HEARTS_PHASE_PASSING:
    case HEARTS_PHASE_PLAYING:
    default:
      break;
    }

  if (hearts_game_computer_move (game))
    return;

  if (hearts_game_get_phase (game) == HEARTS_PHASE_PASSING)
    {
      HeartsCards hand = hearts_game_get_hand (game, 0), pass = 0;

      for (guint i = 0; i < HEARTS_PASS_SIZE; i++)
        pass |= HEARTS_CARD_BIT (hearts_cards_pick_random (hand & ~pass, rng));
      g_assert_true (hearts_game_pass (game, 0, pass, NULL));
    }
  else
    {
      HeartsCards legal = hearts_game_get_legal (game, 0);

      g_assert_true (hearts_game_play (game, 0, hearts_cards_pick_random (legal, rng), NULL));
    }
}

static void
assert_same_game (HeartsGame *a,
                  HeartsGame *b)
{
  g_autoptr(GVariant) sa = hearts_game_serialize (a);
  g_autoptr(GVariant) sb = hearts_game_serialize (b);

  if (!g_variant_equal (sa, sb))
    {
      g_autofree char *ta = g_variant_print (sa, FALSE);
      g_autofree char *tb = g_variant_print (sb, FALSE);
      g_error ("games differ:\n%s\n%s", ta, tb);
    }
  g_assert_cmpint (hearts_game_get_phase (a), ==, hearts_game_get_phase (b));
  g_assert_cmpint (hearts_game_get_current_player (a), ==, hearts_game_get_current_player (b));
  g_assert_cmpuint (hearts_game_get_hand_index (a), ==, hearts_game_get_hand_index (b));
  for (guint s = 0; s < hearts_game_get_n_players (a); s++)
    {
      g_assert_cmpuint (hearts_game_get_hand (a, s), ==, hearts_game_get_hand (b, s));
      g_assert_cmpint (hearts_game_get_total (a, s), ==, hearts_game_get_total (b, s));
      g_assert_cmpint (hearts_game_seat_is_human (a, s), ==, hearts_game_seat_is_human (b, s));
    }
}

/* Runs the main loop until the saver has written everything it was asked to. */
static void
wait_written (HeartsSavedGame *saver)
{
  guint before = hearts_saved_game_get_n_writes (saver);

  /* The idle that starts a write, then the thread's answer; a second write may
   * follow for changes made meanwhile. */
  while (g_main_context_pending (NULL) || hearts_saved_game_get_n_writes (saver) == before)
    g_main_context_iteration (NULL, TRUE);
}

static HeartsGame *
restore_from (GSettings *gsettings,
              GFile     *file)
{
  g_autoptr(HeartsSavedGame) other = hearts_saved_game_new (gsettings, file);
  g_autoptr(GError) error = NULL;
  HeartsGame *resumed = hearts_saved_game_restore (other, &error);

  g_assert_no_error (error);
  g_assert_nonnull (resumed);
  g_assert_cmpint (hearts_saved_game_get_preset (other), ==, HEARTS_PRESET_STANDARD);
  return resumed;
}

/* Every pass and play reaches the file by the next idle moment (or a flush), and a
 * restart resumes at that move. */
static void
test_resume_every_move (void)
{
  g_autoptr(GSettings) gsettings = new_gsettings ();
  g_autoptr(TempFile) file = temp_file_new ();
  g_autoptr(HeartsSavedGame) saver = hearts_saved_game_new (gsettings, file);
  g_autoptr(HeartsGame) game = new_game ("", 11);
  HeartsRng rng;
  guint     moves = 0;

  hearts_rng_init (&rng, 3);
  hearts_saved_game_follow (saver, game, HEARTS_PRESET_STANDARD);
  /* Not on this thread, not yet. */
  g_assert_cmpuint (hearts_saved_game_get_n_writes (saver), ==, 0);
  g_assert_false (g_file_query_exists (file, NULL));
  wait_written (saver);
  g_assert_cmpuint (hearts_saved_game_get_n_writes (saver), ==, 1);

  /* Two hands and a bit: passes, tricks, the score sheet, the next deal. */
  while (moves < 130)
    {
      g_autoptr(HeartsGame) resumed = NULL;
      guint before = hearts_saved_game_get_n_writes (saver);

      step (game, &rng);
      moves++;
      g_assert_cmpuint (hearts_saved_game_get_n_writes (saver), ==, before);
      if (moves % 7 == 0)
        hearts_saved_game_flush (saver);
      else
        wait_written (saver);
      g_assert_cmpuint (hearts_saved_game_get_n_writes (saver), ==, before + 1);

      resumed = restore_from (gsettings, file);
      assert_same_game (game, resumed);
    }
  g_assert_cmpuint (hearts_game_get_n_results (game), >=, 2);
}

/* A burst of moves in one turn of the main loop is one write; moves made while a
 * write is going on are one more. */
static void
test_writes_coalesced (void)
{
  g_autoptr(GSettings) gsettings = new_gsettings ();
  g_autoptr(TempFile) file = temp_file_new ();
  g_autoptr(HeartsSavedGame) saver = hearts_saved_game_new (gsettings, file);
  g_autoptr(HeartsGame) game = new_game ("", 12);
  g_autoptr(HeartsGame) resumed = NULL;
  HeartsRng rng;

  hearts_rng_init (&rng, 4);
  hearts_saved_game_follow (saver, game, HEARTS_PRESET_STANDARD);
  for (guint i = 0; i < 30; i++)
    step (game, &rng);
  wait_written (saver);
  g_assert_cmpuint (hearts_saved_game_get_n_writes (saver), ==, 1);
  g_clear_object (&resumed);
  resumed = restore_from (gsettings, file);
  assert_same_game (game, resumed);

  /* The idle starts a thread; its answer cannot come before the next turn of the loop. */
  step (game, &rng);
  g_assert_true (g_main_context_iteration (NULL, FALSE));
  for (guint i = 0; i < 10; i++)
    step (game, &rng);
  while (g_main_context_pending (NULL) || hearts_saved_game_get_n_writes (saver) < 3)
    g_main_context_iteration (NULL, TRUE);
  g_assert_cmpuint (hearts_saved_game_get_n_writes (saver), ==, 3);
  g_clear_object (&resumed);
  resumed = restore_from (gsettings, file);
  assert_same_game (game, resumed);

  /* Nothing more to do. */
  g_assert_false (g_main_context_iteration (NULL, FALSE));
  hearts_saved_game_flush (saver);
  g_assert_cmpuint (hearts_saved_game_get_n_writes (saver), ==, 3);
}

/* Quitting writes what is pending, at once. */
static void
test_flush (void)
{
  g_autoptr(GSettings) gsettings = new_gsettings ();
  g_autoptr(TempFile) file = temp_file_new ();
  g_autoptr(HeartsSavedGame) saver = hearts_saved_game_new (gsettings, file);
  g_autoptr(HeartsGame) game = new_game ("", 13);
  g_autoptr(HeartsGame) resumed = NULL;
  HeartsRng rng;

  hearts_rng_init (&rng, 5);
  hearts_saved_game_follow (saver, game, HEARTS_PRESET_STANDARD);
  for (guint i = 0; i < 20; i++)
    step (game, &rng);
  hearts_saved_game_flush (saver);
  g_assert_cmpuint (hearts_saved_game_get_n_writes (saver), ==, 1);
  resumed = restore_from (gsettings, file);
  assert_same_game (game, resumed);
  /* The idle was dropped with the flush. */
  g_assert_false (g_main_context_iteration (NULL, FALSE));
  g_assert_cmpuint (hearts_saved_game_get_n_writes (saver), ==, 1);

  /* Disposing writes too, as a last resort. */
  step (game, &rng);
  g_clear_object (&saver);
  g_clear_object (&resumed);
  resumed = restore_from (gsettings, file);
  assert_same_game (game, resumed);
}

static void
on_write_failed_cb (HeartsSavedGame *saver,
                    const char      *message,
                    guint           *count)
{
  g_assert_cmpuint (strlen (message), >, 10);
  (*count)++;
}

/* A file that cannot be written is said once per streak of failures, and the game
 * goes on. */
static void
test_write_failed (void)
{
  g_autoptr(GSettings) gsettings = new_gsettings ();
  g_autoptr(TempFile) file = temp_file_new ();
  g_autoptr(HeartsSavedGame) saver = hearts_saved_game_new (gsettings, file);
  g_autoptr(HeartsGame) game = new_game ("", 14);
  g_autofree char *path = g_file_get_path (file);
  HeartsRng        rng;
  guint            failed = 0;

  hearts_rng_init (&rng, 6);
  g_signal_connect (saver, "write-failed", G_CALLBACK (on_write_failed_cb), &failed);
  hearts_saved_game_follow (saver, game, HEARTS_PRESET_STANDARD);
  hearts_saved_game_flush (saver);
  g_assert_cmpuint (failed, ==, 0);

  /* A folder where the file should be: every write fails (even as root). */
  g_assert_true (g_file_delete (file, NULL, NULL));
  g_assert_cmpint (g_mkdir (path, 0700), ==, 0);
  /* In the thread, then by flushes: said once. */
  step (game, &rng);
  while (failed == 0)
    g_main_context_iteration (NULL, TRUE);
  for (guint i = 0; i < 4; i++)
    {
      step (game, &rng);
      hearts_saved_game_flush (saver);
    }
  g_assert_cmpuint (failed, ==, 1);
  g_assert_cmpuint (hearts_saved_game_get_n_writes (saver), ==, 1);

  /* Writable again: saved, silently; then a new failure is said again. */
  g_assert_cmpint (g_rmdir (path), ==, 0);
  step (game, &rng);
  hearts_saved_game_flush (saver);
  g_assert_cmpuint (hearts_saved_game_get_n_writes (saver), ==, 2);
  g_assert_cmpuint (failed, ==, 1);
  g_assert_true (g_file_delete (file, NULL, NULL));
  g_assert_cmpint (g_mkdir (path, 0700), ==, 0);
  step (game, &rng);
  hearts_saved_game_flush (saver);
  g_assert_cmpuint (failed, ==, 2);
  g_assert_cmpint (g_rmdir (path), ==, 0);
}

/* A restored game goes on exactly as the original would have. */
static void
test_resume_plays_on (void)
{
  g_autoptr(GSettings) gsettings = new_gsettings ();
  g_autoptr(TempFile) file = temp_file_new ();
  g_autoptr(HeartsSavedGame) saver = hearts_saved_game_new (gsettings, file);
  g_autoptr(HeartsSavedGame) saver2 = NULL;
  g_autoptr(HeartsGame) game = new_game ("players=5 omnibus=yes", 5);
  g_autoptr(HeartsGame) resumed = NULL;
  HeartsRng rng, rng2;

  hearts_rng_init (&rng, 9);
  hearts_saved_game_follow (saver, game, HEARTS_PRESET_CUSTOM);
  for (guint i = 0; i < 77; i++)
    step (game, &rng);

  hearts_saved_game_flush (saver);
  saver2 = hearts_saved_game_new (gsettings, file);
  resumed = hearts_saved_game_restore (saver2, NULL);
  g_assert_nonnull (resumed);
  hearts_saved_game_follow (saver, NULL, HEARTS_PRESET_CUSTOM);
  /* The computers' own random state is not saved: give both games fresh ones. */
  for (guint s = 1; s < 5; s++)
    {
      hearts_game_set_seat_level (game, s, HEARTS_AI_RANDOM);
      hearts_game_set_seat_level (resumed, s, HEARTS_AI_RANDOM);
    }

  /* The same random choices from here on give the same game. */
  rng2 = rng;
  for (guint i = 0; i < 60; i++)
    {
      step (game, &rng);
      step (resumed, &rng2);
    }
  assert_same_game (game, resumed);
}

static void
test_nothing_saved (void)
{
  g_autoptr(GSettings) gsettings = new_gsettings ();
  g_autoptr(TempFile) file = temp_file_new ();
  g_autoptr(HeartsSavedGame) saver = hearts_saved_game_new (gsettings, file);
  g_autoptr(GError) error = NULL;

  g_assert_null (hearts_saved_game_restore (saver, &error));
  g_assert_no_error (error);
}

static void
test_clear (void)
{
  g_autoptr(GSettings) gsettings = new_gsettings ();
  g_autoptr(TempFile) file = temp_file_new ();
  g_autoptr(HeartsSavedGame) saver = hearts_saved_game_new (gsettings, file);
  g_autoptr(HeartsGame) game = new_game ("", 1);
  HeartsRng rng;

  hearts_rng_init (&rng, 1);
  hearts_saved_game_follow (saver, game, HEARTS_PRESET_STANDARD);
  step (game, &rng);
  hearts_saved_game_flush (saver);
  g_assert_true (g_file_query_exists (file, NULL));
  hearts_saved_game_clear (saver);
  g_assert_null (hearts_saved_game_get_game (saver));
  hearts_saved_game_flush (saver);
  g_assert_false (g_file_query_exists (file, NULL));

  /* No longer followed: moves are not saved. */
  step (game, &rng);
  while (g_main_context_pending (NULL))
    g_main_context_iteration (NULL, TRUE);
  hearts_saved_game_flush (saver);
  g_assert_false (g_file_query_exists (file, NULL));
}

/* A saved state somewhere in the middle of a hand, to damage. */
static GVariant *
sample_state (guint n_steps)
{
  g_autoptr(HeartsGame) game = new_game ("", 21);
  HeartsRng rng;

  hearts_rng_init (&rng, 21);
  for (guint i = 0; i < n_steps; i++)
    step (game, &rng);
  return hearts_saved_game_to_variant (game, HEARTS_PRESET_STANDARD, 0);
}

/* @state with @key replaced by @value (NULL: removed). */
static GVariant *
replace_key (GVariant   *state,
             const char *key,
             GVariant   *value)
{
  GVariantDict dict;

  g_variant_dict_init (&dict, state);
  if (value != NULL)
    g_variant_dict_insert_value (&dict, key, value);
  else
    g_variant_dict_remove (&dict, key);
  return g_variant_ref_sink (g_variant_dict_end (&dict));
}

static void
assert_rejected (GVariant *state,
                 gint      code)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(HeartsGame) game = hearts_saved_game_from_variant (state, NULL, NULL, &error);
  g_autofree char *text = g_variant_print (state, FALSE);

  if (game != NULL)
    g_error ("accepted: %.300s…", text);
  g_assert_error (error, HEARTS_SAVED_GAME_ERROR, code);
  /* A sentence for the toast, not a programmer's reason. */
  g_assert_cmpuint (strlen (error->message), >, 10);
  g_assert_null (strstr (error->message, "variant"));
}

static void
test_reject_wrong_types (void)
{
  g_autoptr(GVariant) good = sample_state (40);
  static const char *keys[] = { "version", "rules", "seed", "rng", "first-dealer", "seats",
                                "results", "dealt", "moves", "scored", "record" };

  g_assert_nonnull (hearts_saved_game_from_variant (good, NULL, NULL, NULL));

  for (guint i = 0; i < G_N_ELEMENTS (keys); i++)
    {
      g_autoptr(GVariant) missing = replace_key (good, keys[i], NULL);
      g_autoptr(GVariant) wrong = replace_key (good, keys[i], g_variant_new_double (1.5));

      g_test_message ("key %s", keys[i]);
      assert_rejected (missing, HEARTS_SAVED_GAME_ERROR_INVALID);
      assert_rejected (wrong, HEARTS_SAVED_GAME_ERROR_INVALID);
    }

  {
    /* Not even a dictionary. */
    g_autoptr(GVariant) not_dict = g_variant_ref_sink (g_variant_new_string ("hello"));
    assert_rejected (not_dict, HEARTS_SAVED_GAME_ERROR_INVALID);
  }
}

static void
test_reject_version (void)
{
  g_autoptr(GVariant) good = sample_state (10);
  g_autoptr(GVariant) older = replace_key (good, "version", g_variant_new_uint32 (0));
  g_autoptr(GVariant) newer = replace_key (good, "version", g_variant_new_uint32 (999));

  assert_rejected (older, HEARTS_SAVED_GAME_ERROR_VERSION);
  assert_rejected (newer, HEARTS_SAVED_GAME_ERROR_VERSION);
}

static void
test_reject_truncated (void)
{
  g_autoptr(GVariant) good = sample_state (60);
  gsize         size = g_variant_get_size (good);
  const guint8 *data = g_variant_get_data (good);

  /* Every cut is refused: what is left lacks keys or does not add up. */
  for (gsize len = 0; len < size; len += 1 + len / 16)
    {
      g_autoptr(GBytes) bytes = g_bytes_new (data, len);
      g_autoptr(GVariant) cut = g_variant_ref_sink (g_variant_new_from_bytes (HEARTS_SAVED_GAME_TYPE, bytes, FALSE));
      g_autoptr(GError) error = NULL;
      g_autoptr(HeartsGame) game = hearts_saved_game_from_variant (cut, NULL, NULL, &error);

      if (game != NULL)
        g_error ("a saved game cut to %" G_GSIZE_FORMAT " of %" G_GSIZE_FORMAT " bytes was accepted", len, size);
      g_assert_error (error, HEARTS_SAVED_GAME_ERROR, HEARTS_SAVED_GAME_ERROR_INVALID);
    }
}

/* Damage that keeps every type right but breaks the game's consistency. */
static void
test_reject_inconsistent (void)
{
  g_autoptr(GVariant) good = sample_state (40);
  g_autoptr(GVariant) dealt = g_variant_lookup_value (good, "dealt", G_VARIANT_TYPE ("at"));
  g_autoptr(GVariant) moves = g_variant_lookup_value (good, "moves", G_VARIANT_TYPE ("a(yyt)"));
  g_autoptr(GVariant) results = g_variant_lookup_value (good, "results", G_VARIANT_TYPE ("a(aii)"));
  gsize          n;
  const guint64 *hands = g_variant_get_fixed_array (dealt, &n, sizeof (guint64));
  guint64        swapped[HEARTS_MAX_PLAYERS];
  guint8         kind, seat;
  guint64        cards;
  const char    *record;

  g_assert_cmpuint (n, ==, 4);
  g_assert_cmpuint (g_variant_n_children (moves), >, 5);

  /* Two seats swap a card: still a fair deal, but not the one the moves were made from. */
  {
    g_autoptr(GVariant) bad = NULL;
    HeartsCard a = hearts_cards_lowest (hands[0]), b = hearts_cards_lowest (hands[1]);

    memcpy (swapped, hands, n * sizeof (guint64));
    swapped[0] = (swapped[0] & ~HEARTS_CARD_BIT (a)) | HEARTS_CARD_BIT (b);
    swapped[1] = (swapped[1] & ~HEARTS_CARD_BIT (b)) | HEARTS_CARD_BIT (a);
    bad = replace_key (good, "dealt",
                       g_variant_new_fixed_array (G_VARIANT_TYPE_UINT64, swapped, 4, sizeof (guint64)));
    assert_rejected (bad, HEARTS_SAVED_GAME_ERROR_INVALID);
  }

  /* A seat dealt a card twice. */
  {
    g_autoptr(GVariant) bad = NULL;

    memcpy (swapped, hands, n * sizeof (guint64));
    swapped[0] |= HEARTS_CARD_BIT (hearts_cards_lowest (hands[1]));
    bad = replace_key (good, "dealt",
                       g_variant_new_fixed_array (G_VARIANT_TYPE_UINT64, swapped, 4, sizeof (guint64)));
    assert_rejected (bad, HEARTS_SAVED_GAME_ERROR_INVALID);
  }

  /* The last move by the wrong seat, of something that is not a card, of an
   * unknown kind, or of two cards. */
  for (guint variant = 0; variant < 4; variant++)
    {
      GVariantBuilder b;
      g_autoptr(GVariant) bad = NULL;
      guint last = g_variant_n_children (moves) - 1;

      g_variant_builder_init (&b, G_VARIANT_TYPE ("a(yyt)"));
      for (guint i = 0; i <= last; i++)
        {
          g_variant_get_child (moves, i, "(yyt)", &kind, &seat, &cards);
          if (i == last && variant == 0)
            seat = (seat + 1) % 4;
          else if (i == last && variant == 1)
            cards = G_GUINT64_CONSTANT (1) << 63; /* not a card */
          else if (i == last && variant == 2)
            kind = 7;
          else if (i == last && variant == 3)
            cards |= cards << 1; /* two cards at once */
          g_variant_builder_add (&b, "(yyt)", kind, seat, cards);
        }
      bad = replace_key (good, "moves", g_variant_builder_end (&b));
      assert_rejected (bad, HEARTS_SAVED_GAME_ERROR_INVALID);
    }

  /* A score sheet that claims a hand the record does not have. */
  {
    GVariantBuilder b;
    g_autoptr(GVariant) bad = NULL;
    gint32 points[4] = { 26, 0, 0, 0 };

    g_variant_builder_init (&b, G_VARIANT_TYPE ("a(aii)"));
    for (guint i = 0; i < g_variant_n_children (results); i++)
      g_variant_builder_add_value (&b, g_variant_get_child_value (results, i));
    g_variant_builder_add (&b, "(@aii)",
                           g_variant_new_fixed_array (G_VARIANT_TYPE_INT32, points, 4, sizeof (gint32)), -1);
    bad = replace_key (good, "results", g_variant_builder_end (&b));
    assert_rejected (bad, HEARTS_SAVED_GAME_ERROR_INVALID);
  }

  /* A record edited by hand. */
  {
    g_autoptr(GVariant) bad = NULL;
    g_autofree char *edited = NULL;

    g_assert_true (g_variant_lookup (good, "record", "&s", &record));
    edited = g_strconcat (record, "play 0 QS\n", NULL);
    bad = replace_key (good, "record", g_variant_new_string (edited));
    assert_rejected (bad, HEARTS_SAVED_GAME_ERROR_INVALID);
  }

  /* A finished hand that claims not to be scored, and a scored one with no score. */
  {
    g_autoptr(GVariant) bad = replace_key (good, "scored", g_variant_new_boolean (TRUE));
    assert_rejected (bad, HEARTS_SAVED_GAME_ERROR_INVALID);
  }

  /* More queens taken than hands played. */
  {
    g_autoptr(GVariant) bad = replace_key (good, "queens", g_variant_new_uint32 (5));
    assert_rejected (bad, HEARTS_SAVED_GAME_ERROR_INVALID);
  }

  /* Rules the engine refuses, and rules that differ from the record's. */
  {
    g_autoptr(GVariant) bad = replace_key (good, "rules", g_variant_new_string ("players=9"));
    g_autoptr(GVariant) other = replace_key (good, "rules", g_variant_new_string ("moon=shooter"));
    assert_rejected (bad, HEARTS_SAVED_GAME_ERROR_INVALID);
    assert_rejected (other, HEARTS_SAVED_GAME_ERROR_INVALID);
  }

  /* A generator that is stuck at zero. */
  {
    guint64 zero[4] = { 0 };
    g_autoptr(GVariant) bad = replace_key (good, "rng",
                                            g_variant_new_fixed_array (G_VARIANT_TYPE_UINT64, zero, 4, sizeof (guint64)));
    assert_rejected (bad, HEARTS_SAVED_GAME_ERROR_INVALID);
  }
}

/* Random damage to the bytes never crashes; what is accepted saves back the same. */
static void
test_random_damage (void)
{
  g_autoptr(GVariant) good = sample_state (90);
  gsize     size = g_variant_get_size (good);
  HeartsRng rng;
  guint     accepted = 0, refused = 0;

  hearts_rng_init (&rng, 77);
  for (guint round = 0; round < 2000; round++)
    {
      g_autofree guint8 *data = g_memdup2 (g_variant_get_data (good), size);
      g_autoptr(GBytes) bytes = NULL;
      g_autoptr(GVariant) state = NULL;
      g_autoptr(HeartsGame) game = NULL;
      g_autoptr(GError) error = NULL;
      guint n_flips = 1 + hearts_rng_below (&rng, 4);

      for (guint f = 0; f < n_flips; f++)
        data[hearts_rng_below (&rng, size)] ^= 1u << hearts_rng_below (&rng, 8);
      bytes = g_bytes_new (data, size);
      state = g_variant_ref_sink (g_variant_new_from_bytes (HEARTS_SAVED_GAME_TYPE, bytes, FALSE));
      game = hearts_saved_game_from_variant (state, NULL, NULL, &error);
      if (game == NULL)
        {
          /* A flipped bit in the version number says "another version". */
          g_assert_true (g_error_matches (error, HEARTS_SAVED_GAME_ERROR, HEARTS_SAVED_GAME_ERROR_INVALID) ||
                         g_error_matches (error, HEARTS_SAVED_GAME_ERROR, HEARTS_SAVED_GAME_ERROR_VERSION));
          refused++;
        }
      else
        {
          g_autoptr(GVariant) again = hearts_saved_game_to_variant (game, HEARTS_PRESET_STANDARD, 0);
          g_autoptr(HeartsGame) copy = hearts_saved_game_from_variant (again, NULL, NULL, NULL);

          g_assert_nonnull (copy);
          assert_same_game (game, copy);
          accepted++;
        }
    }
  g_test_message ("%u accepted, %u refused", accepted, refused);
  g_assert_cmpuint (refused, >, 0);
}

/* Writes @state as the file holds it. */
static void
write_file (GFile    *file,
            GVariant *state)
{
  g_autoptr(GBytes) bytes = hearts_saved_game_to_file_bytes (state);
  g_autoptr(GError) error = NULL;

  g_file_replace_contents (file, g_bytes_get_data (bytes, NULL), g_bytes_get_size (bytes), NULL,
                           FALSE, G_FILE_CREATE_NONE, NULL, NULL, &error);
  g_assert_no_error (error);
}

/* @file is gone, kept aside as saved-game.bad with @contents. */
static void
assert_put_aside (GFile  *file,
                  GBytes *contents)
{
  g_autofree char *bad_path = g_strconcat (g_file_peek_path (file), ".bad", NULL);
  g_autofree char *bad = NULL;
  gsize            len;

  g_assert_false (g_file_query_exists (file, NULL));
  g_assert_true (g_file_get_contents (bad_path, &bad, &len, NULL));
  if (contents != NULL)
    g_assert_true (len == g_bytes_get_size (contents) && memcmp (bad, g_bytes_get_data (contents, NULL), len) == 0);
}

/* What the window does at startup with a damaged file: NULL, a message that says
 * where it was kept, the file aside. */
static void
test_restore_discards (void)
{
  g_autoptr(GSettings) gsettings = new_gsettings ();
  g_autoptr(TempFile) file = temp_file_new ();
  g_autoptr(GVariant) good = sample_state (30);
  g_autoptr(GVariant) bad = replace_key (good, "moves", g_variant_new_string ("nonsense"));
  g_autoptr(GBytes) bad_bytes = hearts_saved_game_to_file_bytes (bad);
  g_autoptr(GBytes) good_bytes = hearts_saved_game_to_file_bytes (good);
  static const char *garbage[] = { "", "x", "hearts", "(\0\0\0)" };

  {
    g_autoptr(HeartsSavedGame) saver = hearts_saved_game_new (gsettings, file);
    g_autoptr(GError) error = NULL;

    write_file (file, bad);
    g_assert_null (hearts_saved_game_restore (saver, &error));
    g_assert_error (error, HEARTS_SAVED_GAME_ERROR, HEARTS_SAVED_GAME_ERROR_INVALID);
    g_assert_nonnull (strstr (error->message, "saved-game.bad"));
    assert_put_aside (file, bad_bytes);

    /* Once only. */
    g_clear_error (&error);
    g_assert_null (hearts_saved_game_restore (saver, &error));
    g_assert_no_error (error);
  }

  /* Not a saved game at all, or a cut one. */
  for (guint i = 0; i < G_N_ELEMENTS (garbage) + 8; i++)
    {
      g_autoptr(HeartsSavedGame) saver = hearts_saved_game_new (gsettings, file);
      g_autoptr(GError) error = NULL;
      g_autoptr(GBytes) contents = NULL;

      if (i < G_N_ELEMENTS (garbage))
        contents = g_bytes_new_static (garbage[i], strlen (garbage[i]));
      else
        contents = g_bytes_new_from_bytes (good_bytes, 0, g_bytes_get_size (good_bytes) * (i - G_N_ELEMENTS (garbage)) / 8);
      g_assert_true (g_file_replace_contents (file, g_bytes_get_data (contents, NULL), g_bytes_get_size (contents),
                                              NULL, FALSE, G_FILE_CREATE_NONE, NULL, NULL, NULL));
      g_assert_null (hearts_saved_game_restore (saver, &error));
      g_assert_error (error, HEARTS_SAVED_GAME_ERROR, HEARTS_SAVED_GAME_ERROR_INVALID);
      assert_put_aside (file, contents);
    }

  /* Another format version. */
  {
    g_autoptr(HeartsSavedGame) saver = hearts_saved_game_new (gsettings, file);
    g_autoptr(GError) error = NULL;
    g_autoptr(GVariant) other = g_variant_ref_sink (g_variant_new ("(su@a{sv})", HEARTS_SAVED_GAME_FILE_MAGIC,
                                                                    HEARTS_SAVED_GAME_FILE_VERSION + 1, good));

    g_assert_true (g_file_replace_contents (file, g_variant_get_data (other), g_variant_get_size (other),
                                            NULL, FALSE, G_FILE_CREATE_NONE, NULL, NULL, NULL));
    g_assert_null (hearts_saved_game_restore (saver, &error));
    g_assert_error (error, HEARTS_SAVED_GAME_ERROR, HEARTS_SAVED_GAME_ERROR_VERSION);
    assert_put_aside (file, NULL);
  }

  /* The good one, for contrast. */
  {
    g_autoptr(HeartsSavedGame) saver = hearts_saved_game_new (gsettings, file);
    g_autoptr(HeartsGame) game = NULL;
    g_autoptr(GError) error = NULL;

    write_file (file, good);
    game = hearts_saved_game_restore (saver, &error);
    g_assert_no_error (error);
    g_assert_nonnull (game);
  }
}

/* A game saved by an older version in the "saved-game" key moves to the file once;
 * a newer game already in the file wins. */
static void
test_move_old_key (void)
{
  g_autoptr(GSettings) gsettings = new_gsettings ();
  g_autoptr(TempFile) file = temp_file_new ();
  g_autoptr(GVariant) old = sample_state (30);
  g_autoptr(GVariant) newer = sample_state (40);
  g_autoptr(GVariant) after = NULL;

  {
    g_autoptr(HeartsSavedGame) saver = hearts_saved_game_new (gsettings, file);
    g_autoptr(HeartsGame) game = NULL;
    g_autoptr(HeartsGame) expected = hearts_saved_game_from_variant (old, NULL, NULL, NULL);

    g_settings_set_value (gsettings, "saved-game", old);
    game = hearts_saved_game_restore (saver, NULL);
    g_assert_nonnull (game);
    assert_same_game (game, expected);
    g_assert_true (g_file_query_exists (file, NULL));
    after = g_settings_get_user_value (gsettings, "saved-game");
    g_assert_null (after);
  }

  {
    g_autoptr(HeartsSavedGame) saver = hearts_saved_game_new (gsettings, file);
    g_autoptr(HeartsGame) game = NULL;
    g_autoptr(HeartsGame) expected = hearts_saved_game_from_variant (newer, NULL, NULL, NULL);

    write_file (file, newer);
    g_settings_set_value (gsettings, "saved-game", old);
    game = hearts_saved_game_restore (saver, NULL);
    assert_same_game (game, expected);
    after = g_settings_get_user_value (gsettings, "saved-game");
    g_assert_null (after);
  }
}

/* Restores from a keyfile as the keyfile backend keeps settings (the Flatpak's). */
static HeartsGame *
restore_keyfile (const char *contents,
                 gsize       len,
                 GError    **error)
{
  g_autofree char *dir = g_dir_make_tmp ("hearts-keyfile-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (dir, "keyfile", NULL);
  g_autoptr(TempFile) file = temp_file_new ();
  g_autoptr(GSettingsBackend) backend = NULL;
  g_autoptr(GSettings) gsettings = NULL;
  g_autoptr(HeartsSavedGame) saver = NULL;
  g_autoptr(GVariant) left = NULL;
  HeartsGame *game;

  g_assert_true (g_file_set_contents (path, contents, len, NULL));
  backend = g_keyfile_settings_backend_new (path, "/", NULL);
  gsettings = g_settings_new_with_backend (HEARTS_SCHEMA_ID, backend);
  saver = hearts_saved_game_new (gsettings, file);
  game = hearts_saved_game_restore (saver, error);
  if (game == NULL && error != NULL && *error != NULL)
    assert_put_aside (file, NULL);
  /* Moved out of the settings, whatever it was. */
  g_settings_sync ();
  {
    g_autoptr(GKeyFile) keyfile = g_key_file_new ();

    g_assert_true (g_key_file_load_from_file (keyfile, path, G_KEY_FILE_NONE, NULL));
    g_assert_false (g_key_file_has_key (keyfile, "io/github/gtkhearts/Hearts", "saved-game", NULL));
  }

  g_remove (path);
  g_rmdir (dir);
  return game;
}

/* The keyfile backend keeps the old key as text; a hand-edited or cut one is moved
 * to the file and refused there, with a message. */
static void
test_keyfile_text (void)
{
  g_autoptr(GVariant) good = sample_state (50);
  g_autofree char   *text = g_variant_print (good, TRUE);
  static const guint cuts[] = { 3, 10, 100, 1000 };

  for (guint i = 0; i <= G_N_ELEMENTS (cuts); i++)
    {
      g_autoptr(HeartsGame) game = NULL;
      g_autoptr(GError) error = NULL;
      g_autofree char *contents = NULL;
      gsize            len = i < G_N_ELEMENTS (cuts) ? MIN (cuts[i], strlen (text)) : strlen (text);

      contents = g_strdup_printf ("[io/github/gtkhearts/Hearts]\nsaved-game=%.*s\n", (int) len, text);
      game = restore_keyfile (contents, -1, &error);
      if (i < G_N_ELEMENTS (cuts))
        {
          g_assert_null (game);
          g_assert_error (error, HEARTS_SAVED_GAME_ERROR, HEARTS_SAVED_GAME_ERROR_INVALID);
        }
      else
        {
          g_assert_no_error (error);
          g_assert_nonnull (game);
        }
    }
}

/* Seat 0 is the player's and the others the computers', in every loaded game. */
static void
test_reject_seats (void)
{
  g_autoptr(GVariant) good = sample_state (20);
  g_autoptr(GVariant) seats = g_variant_lookup_value (good, "seats", G_VARIANT_TYPE ("a(by)"));

  g_assert_nonnull (hearts_saved_game_from_variant (good, NULL, NULL, NULL));
  for (guint flip = 0; flip < 4; flip++)
    {
      GVariantBuilder b;
      g_autoptr(GVariant) bad = NULL;

      g_variant_builder_init (&b, G_VARIANT_TYPE ("a(by)"));
      for (guint s = 0; s < 4; s++)
        {
          gboolean human;
          guint8   level;

          g_variant_get_child (seats, s, "(by)", &human, &level);
          g_variant_builder_add (&b, "(by)", s == flip ? !human : human, level);
        }
      bad = replace_key (good, "seats", g_variant_builder_end (&b));
      assert_rejected (bad, HEARTS_SAVED_GAME_ERROR_INVALID);
    }
}

/* A game at a table of people keeps its table in the same file: other seats may be
 * people's there, and the table comes back with the game; a new game has none. */
static void
test_table (void)
{
  g_autoptr(GSettings) gsettings = new_gsettings ();
  g_autoptr(TempFile) file = temp_file_new ();
  g_autoptr(HeartsSavedGame) saver = hearts_saved_game_new (gsettings, file);
  g_autoptr(HeartsSavedGame) saver2 = NULL;
  g_autoptr(HeartsGame) game = new_game ("", 8);
  g_autoptr(HeartsGame) resumed = NULL;
  g_autoptr(HeartsGame) other = new_game ("", 9);
  g_autoptr(GVariant) state = NULL;
  GVariantDict table;
  const char  *secret;
  HeartsCards  hand, pass;
  HeartsRng    rng;

  hearts_rng_init (&rng, 3);
  hearts_game_set_seat_human (game, 2);
  g_variant_dict_init (&table, NULL);
  g_variant_dict_insert (&table, "secret", "s", "abc");
  hearts_saved_game_follow (saver, game, HEARTS_PRESET_STANDARD);
  hearts_saved_game_set_table (saver, g_variant_dict_end (&table));
  /* The computers and seat 0 pass, then the person at seat 2. */
  for (guint i = 0; i < 3; i++)
    step (game, &rng);
  hand = hearts_game_get_hand (game, 2);
  pass = HEARTS_CARD_BIT (hearts_cards_nth (hand, 0)) | HEARTS_CARD_BIT (hearts_cards_nth (hand, 1)) |
         HEARTS_CARD_BIT (hearts_cards_nth (hand, 2));
  g_assert_true (hearts_game_pass (game, 2, pass, NULL));
  step (game, &rng);
  hearts_saved_game_flush (saver);

  /* Without its table, the same game is refused: seat 2 is a person's. */
  state = hearts_saved_game_to_variant (game, HEARTS_PRESET_STANDARD, 0);
  g_assert_null (hearts_saved_game_from_variant (state, NULL, NULL, NULL));

  saver2 = hearts_saved_game_new (gsettings, file);
  resumed = hearts_saved_game_restore (saver2, NULL);
  g_assert_nonnull (resumed);
  assert_same_game (game, resumed);
  g_assert_nonnull (hearts_saved_game_get_table (saver2));
  g_assert_true (g_variant_lookup (hearts_saved_game_get_table (saver2), "secret", "&s", &secret));
  g_assert_cmpstr (secret, ==, "abc");

  /* Followed, the restored game keeps it; another game does not. */
  hearts_saved_game_follow (saver2, resumed, HEARTS_PRESET_STANDARD);
  g_assert_nonnull (hearts_saved_game_get_table (saver2));
  hearts_saved_game_follow (saver2, other, HEARTS_PRESET_STANDARD);
  g_assert_null (hearts_saved_game_get_table (saver2));
  hearts_saved_game_follow (saver, NULL, HEARTS_PRESET_STANDARD);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/saved-game/resume-every-move", test_resume_every_move);
  g_test_add_func ("/saved-game/writes-coalesced", test_writes_coalesced);
  g_test_add_func ("/saved-game/flush", test_flush);
  g_test_add_func ("/saved-game/write-failed", test_write_failed);
  g_test_add_func ("/saved-game/resume-plays-on", test_resume_plays_on);
  g_test_add_func ("/saved-game/nothing-saved", test_nothing_saved);
  g_test_add_func ("/saved-game/clear", test_clear);
  g_test_add_func ("/saved-game/reject-wrong-types", test_reject_wrong_types);
  g_test_add_func ("/saved-game/reject-version", test_reject_version);
  g_test_add_func ("/saved-game/reject-truncated", test_reject_truncated);
  g_test_add_func ("/saved-game/reject-inconsistent", test_reject_inconsistent);
  g_test_add_func ("/saved-game/random-damage", test_random_damage);
  g_test_add_func ("/saved-game/restore-discards", test_restore_discards);
  g_test_add_func ("/saved-game/move-old-key", test_move_old_key);
  g_test_add_func ("/saved-game/keyfile-text", test_keyfile_text);
  g_test_add_func ("/saved-game/reject-seats", test_reject_seats);
  g_test_add_func ("/saved-game/table", test_table);

  return g_test_run ();
}
