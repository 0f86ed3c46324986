/* test-saved-game.c: the game in progress survives a restart, and a bad one never crashes
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#define G_SETTINGS_ENABLE_BACKEND
#include <gio/gsettingsbackend.h>

#include <glib/gstdio.h>
#include <string.h>

#include "hearts-saved-game.h"
#include "hearts-statistics.h"

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

static void
count_cb (GSettings  *settings,
          const char *key,
          guint      *count)
{
  (*count)++;
}

/* Every pass and play is written at once, and a restart resumes at that move. */
static void
test_resume_every_move (void)
{
  g_autoptr(GSettings) gsettings = new_gsettings ();
  g_autoptr(HeartsSavedGame) saver = hearts_saved_game_new (gsettings);
  g_autoptr(HeartsGame) game = new_game ("", 11);
  HeartsRng rng;
  guint writes = 0, moves = 0;

  hearts_rng_init (&rng, 3);
  g_signal_connect (gsettings, "changed::saved-game", G_CALLBACK (count_cb), &writes);
  hearts_saved_game_follow (saver, game, HEARTS_PRESET_STANDARD);
  g_assert_cmpuint (writes, ==, 1);

  /* Two hands and a bit: passes, tricks, the score sheet, the next deal. */
  while (moves < 130)
    {
      g_autoptr(HeartsSavedGame) other = hearts_saved_game_new (gsettings);
      g_autoptr(HeartsGame) resumed = NULL;
      g_autoptr(GError) error = NULL;

      step (game, &rng);
      moves++;
      g_assert_cmpuint (writes, ==, 1 + moves);

      resumed = hearts_saved_game_restore (other, &error);
      g_assert_no_error (error);
      g_assert_nonnull (resumed);
      assert_same_game (game, resumed);
      g_assert_cmpint (hearts_saved_game_get_preset (other), ==, HEARTS_PRESET_STANDARD);
    }
  g_assert_cmpuint (hearts_game_get_n_results (game), >=, 2);
}

/* A restored game goes on exactly as the original would have. */
static void
test_resume_plays_on (void)
{
  g_autoptr(GSettings) gsettings = new_gsettings ();
  g_autoptr(HeartsSavedGame) saver = hearts_saved_game_new (gsettings);
  g_autoptr(HeartsSavedGame) saver2 = NULL;
  g_autoptr(HeartsGame) game = new_game ("players=5 omnibus=yes", 5);
  g_autoptr(HeartsGame) resumed = NULL;
  HeartsRng rng, rng2;

  hearts_rng_init (&rng, 9);
  hearts_saved_game_follow (saver, game, HEARTS_PRESET_CUSTOM);
  for (guint i = 0; i < 77; i++)
    step (game, &rng);

  saver2 = hearts_saved_game_new (gsettings);
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
  g_autoptr(HeartsSavedGame) saver = hearts_saved_game_new (gsettings);
  g_autoptr(GError) error = NULL;

  g_assert_null (hearts_saved_game_restore (saver, &error));
  g_assert_no_error (error);
}

static void
test_clear (void)
{
  g_autoptr(GSettings) gsettings = new_gsettings ();
  g_autoptr(HeartsSavedGame) saver = hearts_saved_game_new (gsettings);
  g_autoptr(HeartsGame) game = new_game ("", 1);
  g_autoptr(GVariant) value = NULL;
  HeartsRng rng;

  hearts_rng_init (&rng, 1);
  hearts_saved_game_follow (saver, game, HEARTS_PRESET_STANDARD);
  step (game, &rng);
  hearts_saved_game_clear (saver);
  g_assert_null (hearts_saved_game_get_game (saver));
  value = g_settings_get_value (gsettings, "saved-game");
  g_assert_cmpuint (g_variant_n_children (value), ==, 0);

  /* No longer followed: moves are not saved. */
  step (game, &rng);
  g_clear_pointer (&value, g_variant_unref);
  value = g_settings_get_value (gsettings, "saved-game");
  g_assert_cmpuint (g_variant_n_children (value), ==, 0);
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
  gsize size = g_variant_get_size (good);
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
  gsize n;
  const guint64 *hands = g_variant_get_fixed_array (dealt, &n, sizeof (guint64));
  guint64 swapped[HEARTS_MAX_PLAYERS];
  guint8 kind, seat;
  guint64 cards;
  const char *record;

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
            cards = G_GUINT64_CONSTANT (1) << 63;   /* not a card */
          else if (i == last && variant == 2)
            kind = 7;
          else if (i == last && variant == 3)
            cards |= cards << 1;                    /* two cards at once */
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
  gsize size = g_variant_get_size (good);
  HeartsRng rng;
  guint accepted = 0, refused = 0;

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

/* What the window does at startup with a damaged key: NULL, a message, the key gone. */
static void
test_restore_discards (void)
{
  g_autoptr(GSettings) gsettings = new_gsettings ();
  g_autoptr(HeartsSavedGame) saver = hearts_saved_game_new (gsettings);
  g_autoptr(GVariant) good = sample_state (30);
  g_autoptr(GVariant) bad = replace_key (good, "moves", g_variant_new_string ("nonsense"));
  g_autoptr(GVariant) after = NULL;
  g_autoptr(GError) error = NULL;

  g_settings_set_value (gsettings, "saved-game", bad);
  g_assert_null (hearts_saved_game_restore (saver, &error));
  g_assert_error (error, HEARTS_SAVED_GAME_ERROR, HEARTS_SAVED_GAME_ERROR_INVALID);
  after = g_settings_get_value (gsettings, "saved-game");
  g_assert_cmpuint (g_variant_n_children (after), ==, 0);

  /* Once only. */
  g_clear_error (&error);
  g_assert_null (hearts_saved_game_restore (saver, &error));
  g_assert_no_error (error);
}

/* The keyfile backend keeps the saved game as text; a hand-edited or cut file is
 * read by GSettings as the default (no game) or as a dictionary we then check. */
static void
test_keyfile_text (void)
{
  g_autofree char *dir = g_dir_make_tmp ("hearts-keyfile-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (dir, "settings.ini", NULL);
  g_autoptr(GVariant) good = sample_state (50);
  g_autofree char *text = g_variant_print (good, TRUE);
  static const guint cuts[] = { 3, 10, 100, 1000 };

  for (guint i = 0; i <= G_N_ELEMENTS (cuts); i++)
    {
      g_autoptr(GSettingsBackend) backend = NULL;
      g_autoptr(GSettings) gsettings = NULL;
      g_autoptr(HeartsSavedGame) saver = NULL;
      g_autoptr(HeartsGame) game = NULL;
      g_autoptr(GError) error = NULL;
      g_autofree char *contents = NULL;
      gsize len = i < G_N_ELEMENTS (cuts) ? MIN (cuts[i], strlen (text)) : strlen (text);

      contents = g_strdup_printf ("[io/github/gtkhearts/Hearts]\nsaved-game=%.*s\n", (int) len, text);
      g_assert_true (g_file_set_contents (path, contents, -1, NULL));
      backend = g_keyfile_settings_backend_new (path, "/", NULL);
      gsettings = g_settings_new_with_backend (HEARTS_SCHEMA_ID, backend);
      saver = hearts_saved_game_new (gsettings);
      game = hearts_saved_game_restore (saver, &error);
      if (i < G_N_ELEMENTS (cuts))
        g_assert_null (game);
      else
        {
          g_assert_no_error (error);
          g_assert_nonnull (game);
        }
    }

  g_remove (path);
  g_rmdir (dir);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/saved-game/resume-every-move", test_resume_every_move);
  g_test_add_func ("/saved-game/resume-plays-on", test_resume_plays_on);
  g_test_add_func ("/saved-game/nothing-saved", test_nothing_saved);
  g_test_add_func ("/saved-game/clear", test_clear);
  g_test_add_func ("/saved-game/reject-wrong-types", test_reject_wrong_types);
  g_test_add_func ("/saved-game/reject-version", test_reject_version);
  g_test_add_func ("/saved-game/reject-truncated", test_reject_truncated);
  g_test_add_func ("/saved-game/reject-inconsistent", test_reject_inconsistent);
  g_test_add_func ("/saved-game/random-damage", test_random_damage);
  g_test_add_func ("/saved-game/restore-discards", test_restore_discards);
  g_test_add_func ("/saved-game/keyfile-text", test_keyfile_text);

  return g_test_run ();
}
