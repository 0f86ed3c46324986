/* test-reliability.c: the reproductions of the hostile test run (tests/model/repro)
 *
 * Each was accepted, or logged a GLib critical (fatal here), before the saved game
 * was checked as a whole and history totals were range-checked without ABS().
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#define G_SETTINGS_ENABLE_BACKEND
#include <gio/gsettingsbackend.h>

#include <string.h>

#include "hearts-saved-game.h"
#include "hearts-statistics.h"
#include "temp-file.h"

static char *
repro_contents (const char *name,
                gsize      *len)
{
  g_autofree char *path = g_test_build_filename (G_TEST_DIST, "model", "repro", name, NULL);
  char            *contents = NULL;

  g_assert_true (g_file_get_contents (path, &contents, len, NULL));
  return contents;
}

/* Settings in a keyfile, as the keyfile backend keeps them (the Flatpak's). */
static GSettings *
keyfile_settings (const char *dir,
                  const char *contents,
                  gsize       len)
{
  g_autofree char *path = g_build_filename (dir, "keyfile", NULL);
  g_autoptr(GSettingsBackend) backend = NULL;

  g_assert_true (g_file_set_contents (path, contents, len, NULL));
  backend = g_keyfile_settings_backend_new (path, "/", NULL);
  return g_settings_new_with_backend (HEARTS_SCHEMA_ID, backend);
}

/* The launch of the game on each keyfile: a saved game that is not the window's to
 * play (a computer in the player's seat, the player in a computer's), cut, or not
 * UTF-8, is refused with a message, kept aside, and gone from the settings. */
static void
test_keyfiles (void)
{
  static const struct
  {
    const char *name;
    gboolean    valid;
  } repros[] = {
    { "keyfile-seat0-computer", FALSE },
    { "keyfile-seat1-human", FALSE },
    { "keyfile-truncated", FALSE },
    { "keyfile-invalid-utf8", FALSE },
    /* The same saved games as GVariant text, put in a keyfile. */
    { "saved-game-valid-base.txt", TRUE },
    { "saved-game-seat0-computer.txt", FALSE },
    { "saved-game-seat1-human.txt", FALSE },
    { "saved-game-invalid-utf8.txt", FALSE },
  };

  for (guint i = 0; i < G_N_ELEMENTS (repros); i++)
    {
      g_autoptr(TempFile) file = temp_file_new ();
      g_autoptr(GFile) dir = g_file_get_parent (file);
      g_autoptr(GSettings) gsettings = NULL;
      g_autoptr(HeartsSavedGame) saver = NULL;
      g_autoptr(HeartsGame) game = NULL;
      g_autoptr(GError) error = NULL;
      g_autoptr(GKeyFile) keyfile = g_key_file_new ();
      g_autofree char *contents = NULL;
      g_autofree char *keyfile_path = g_build_filename (g_file_peek_path (dir), "keyfile", NULL);
      g_autofree char *bad_path = g_strconcat (g_file_peek_path (file), ".bad", NULL);
      gsize            len;

      g_test_message ("%s", repros[i].name);
      contents = repro_contents (repros[i].name, &len);
      if (g_str_has_suffix (repros[i].name, ".txt"))
        {
          g_autofree char *text = g_strchomp (g_steal_pointer (&contents));

          contents = g_strdup_printf ("[io/github/gtkhearts/Hearts]\nsaved-game=%s\n", text);
          len = strlen (contents);
        }
      gsettings = keyfile_settings (g_file_peek_path (dir), contents, len);
      saver = hearts_saved_game_new (gsettings, file);
      game = hearts_saved_game_restore (saver, &error);
      if (repros[i].valid)
        {
          g_assert_no_error (error);
          g_assert_nonnull (game);
          g_assert_true (hearts_game_seat_is_human (game, 0));
          g_assert_false (hearts_game_seat_is_human (game, 1));
        }
      else
        {
          g_assert_null (game);
          g_assert_error (error, HEARTS_SAVED_GAME_ERROR, HEARTS_SAVED_GAME_ERROR_INVALID);
          g_assert_nonnull (strstr (error->message, "saved-game.bad"));
          g_assert_false (g_file_query_exists (file, NULL));
          g_assert_true (g_file_test (bad_path, G_FILE_TEST_EXISTS));
        }

      /* Moved out of the settings, whatever it was. */
      g_settings_sync ();
      g_assert_true (g_key_file_load_from_file (keyfile, keyfile_path, G_KEY_FILE_NONE, NULL));
      g_assert_false (g_key_file_has_key (keyfile, "io/github/gtkhearts/Hearts", "saved-game", NULL));
    }
}

/* The GVariant texts straight to the loader: the seats are checked. */
static void
test_texts (void)
{
  static const struct
  {
    const char *name;
    gboolean    valid;
  } repros[] = {
    { "saved-game-valid-base.txt", TRUE },
    { "saved-game-seat0-computer.txt", FALSE },
    { "saved-game-seat1-human.txt", FALSE },
  };

  for (guint i = 0; i < G_N_ELEMENTS (repros); i++)
    {
      g_autofree char *text = repro_contents (repros[i].name, NULL);
      g_autoptr(GVariant) state = NULL;
      g_autoptr(HeartsGame) game = NULL;
      g_autoptr(GError) error = NULL;

      g_test_message ("%s", repros[i].name);
      state = g_variant_parse (HEARTS_SAVED_GAME_TYPE, text, NULL, NULL, &error);
      g_assert_no_error (error);
      g_variant_ref_sink (state);
      game = hearts_saved_game_from_variant (state, NULL, NULL, &error);
      g_assert_true ((game != NULL) == repros[i].valid);
      g_assert_true ((error == NULL) == repros[i].valid);
    }
}

/* A history total of -2147483648 is refused as out of range. */
static void
test_history_int_min (void)
{
  g_autoptr(TempFile) file = temp_file_new ();
  g_autoptr(GFile) dir = g_file_get_parent (file);
  g_autofree char *contents = NULL;
  g_autoptr(GSettings) gsettings = NULL;
  g_autoptr(GArray) history = NULL;
  gsize len;

  contents = repro_contents ("keyfile-history-int-min", &len);
  gsettings = keyfile_settings (g_file_peek_path (dir), contents, len);
  history = hearts_statistics_get_history (gsettings);
  g_assert_cmpuint (history->len, ==, 0);
  g_assert_false (hearts_statistics_check (gsettings, NULL));
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/reliability/keyfiles", test_keyfiles);
  g_test_add_func ("/reliability/texts", test_texts);
  g_test_add_func ("/reliability/history-int-min", test_history_int_min);

  return g_test_run ();
}
