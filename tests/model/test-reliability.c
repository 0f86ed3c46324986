/* test-reliability.c: the reproductions of the hostile test runs
 *
 * tests/model/repro: each was accepted, or logged a GLib critical (fatal here), before
 * the saved game was checked as a whole and history totals were range-checked without
 * ABS(). The reproductions of ../shared/repro/reliability-3 follow: a full disk (on a
 * small tmpfs of their own, in a mount namespace of this process: root only, else
 * skipped), a named pipe or a huge file where a file is read, bad bytes in the settings
 * keyfile, and forged statistics in a saved game.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define _GNU_SOURCE /* unshare () */
#include "config.h"

#define G_SETTINGS_ENABLE_BACKEND
#include <gio/gsettingsbackend.h>

#include <errno.h>
#include <fcntl.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#ifdef __linux__
#include <sched.h>
#include <sys/mount.h>
#endif

#include "hearts-file.h"
#include "hearts-game-deal.h"
#include "hearts-keyfile-backend.h"
#include "hearts-saved-game.h"
#include "hearts-settings.h"
#include "hearts-statistics.h"
#include "hearts-test-util.h"
#include "temp-file.h"

/* Why a tmpfs cannot be mounted here, or NULL if it can (set up in main()). */
static const char *no_mount_reason = "not tried";

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

/* A full disk */

/* A folder with a tmpfs of 64 KiB mounted on it, or NULL (the test is skipped). */
static char *
small_disk_new (void)
{
  g_autofree char *dir = NULL;

  if (no_mount_reason != NULL)
    {
      g_test_skip_printf ("cannot mount a small tmpfs: %s", no_mount_reason);
      return NULL;
    }
  dir = g_dir_make_tmp ("hearts-full-XXXXXX", NULL);
  g_assert_nonnull (dir);
#ifdef __linux__
  if (mount ("tmpfs", dir, "tmpfs", MS_NOSUID | MS_NODEV, "size=64k,mode=0700") != 0)
    {
      g_test_skip_printf ("cannot mount a small tmpfs: %s", g_strerror (errno));
      g_rmdir (dir);
      return NULL;
    }
#endif
  return g_steal_pointer (&dir);
}

static void
small_disk_free (char *dir)
{
  if (dir == NULL)
    return;
#ifdef __linux__
  umount2 (dir, MNT_DETACH);
#endif
  g_rmdir (dir);
  g_free (dir);
}

/* Fills the disk of @dir to the last byte. */
static void
fill (const char *dir)
{
  g_autofree char *path = g_build_filename (dir, "filler", NULL);
  char             zeros[1024] = { 0 };
  int              fd = open (path, O_WRONLY | O_CREAT | O_APPEND, 0600);

  g_assert_cmpint (fd, >=, 0);
  while (write (fd, zeros, sizeof zeros) > 0)
    ;
  /* The last part block. */
  while (write (fd, zeros, 1) > 0)
    ;
  close (fd);
}

static void
empty (const char *dir)
{
  g_autofree char *path = g_build_filename (dir, "filler", NULL);

  g_assert_cmpint (g_unlink (path), ==, 0);
}

static char *
contents_of (const char *path,
             gsize      *len)
{
  char *contents = NULL;

  g_assert_true (g_file_get_contents (path, &contents, len, NULL));
  return contents;
}

static void
count_cb (gpointer    object,
          const char *message,
          guint      *count)
{
  g_assert_nonnull (message);
  g_assert_cmpstr (message, !=, "");
  (*count)++;
}

/* Every computer, seat 0 too: a move is one call. */
static void
computer_step (HeartsGame *game)
{
  if (hearts_game_get_phase (game) == HEARTS_PHASE_HAND_OVER)
    hearts_game_next_hand (game);
  else
    g_assert_true (hearts_game_computer_move (game));
}

/* The saved game on a full disk stays as it was, and it is said once
 * (reproduction full-disk.sh: g_file_replace_contents() left it empty). */
static void
test_full_disk_saved_game (void)
{
  char            *disk = small_disk_new ();
  g_autofree char *path = NULL;
  g_autofree char *before = NULL;
  g_autofree char *after = NULL;
  g_autoptr(GFile) file = NULL;
  g_autoptr(GSettingsBackend) backend = g_memory_settings_backend_new ();
  g_autoptr(GSettings) gsettings = g_settings_new_with_backend (HEARTS_SCHEMA_ID, backend);
  g_autoptr(HeartsSavedGame) saver = NULL;
  g_autoptr(HeartsGame) game = NULL;
  HeartsRules rules;
  gsize       before_len, after_len;
  guint       failed = 0;

  if (disk == NULL)
    return;
  path = g_build_filename (disk, "hearts", "saved-game", NULL);
  file = g_file_new_for_path (path);
  saver = hearts_saved_game_new (gsettings, file);
  g_signal_connect (saver, "write-failed", G_CALLBACK (count_cb), &failed);
  hearts_rules_init_default (&rules);
  game = hearts_game_new (&rules, 5);
  hearts_game_set_seat_level (game, 0, HEARTS_AI_RANDOM);
  for (guint i = 0; i < 30; i++)
    computer_step (game);
  hearts_saved_game_follow (saver, game, HEARTS_PRESET_STANDARD);
  hearts_saved_game_flush (saver);
  before = contents_of (path, &before_len);
  g_assert_cmpuint (before_len, >, 0);

  fill (disk);
  for (guint i = 0; i < 10; i++)
    {
      computer_step (game);
      hearts_saved_game_flush (saver);
    }
  after = contents_of (path, &after_len);
  g_assert_cmpmem (before, before_len, after, after_len);
  g_assert_cmpuint (failed, ==, 1);
  g_assert_cmpuint (hearts_saved_game_get_n_writes (saver), ==, 1);

  /* Room again: the game as it is now, and a later failure is said again. */
  empty (disk);
  computer_step (game);
  hearts_saved_game_flush (saver);
  g_assert_cmpuint (hearts_saved_game_get_n_writes (saver), ==, 2);
  g_clear_pointer (&after, g_free);
  after = contents_of (path, &after_len);
  g_assert_false (after_len == before_len && memcmp (before, after, after_len) == 0);
  fill (disk);
  computer_step (game);
  hearts_saved_game_flush (saver);
  g_assert_cmpuint (failed, ==, 2);

  g_clear_object (&saver);
  small_disk_free (disk);
}

/* The settings keyfile on a full disk stays as it was, the new value holds for the
 * run, it is said once, and the next write with room writes everything (reproduction
 * full-disk.sh: GLib's keyfile backend emptied the file at quit). */
static void
test_full_disk_keyfile (void)
{
  char            *disk = small_disk_new ();
  g_autofree char *path = NULL;
  g_autofree char *before = NULL;
  g_autofree char *after = NULL;
  g_autofree char *long_name = NULL;
  g_autofree char *name = NULL;
  g_autofree char *folder = NULL;
  g_autoptr(GSettingsBackend) backend = NULL;
  g_autoptr(GSettings) gsettings = NULL;
  g_autoptr(GKeyFile) keyfile = g_key_file_new ();
  gsize before_len, after_len;
  guint failed = 0;

  if (disk == NULL)
    return;
  path = g_build_filename (disk, "glib-2.0", "settings", "keyfile", NULL);
  folder = g_path_get_dirname (path);
  g_assert_cmpint (g_mkdir_with_parents (folder, 0700), ==, 0);
  g_assert_true (g_file_set_contents (path, "[io/github/gtkhearts/Hearts]\nplayer-name='Ada'\n"
                                            "history=[(int64 1700000000, 'standard', [40, 50, 60, 70], uint32 1)]\n",
                                      -1, NULL));
  backend = hearts_keyfile_backend_new (path, "/", NULL);
  g_signal_connect (backend, "write-failed", G_CALLBACK (count_cb), &failed);
  gsettings = g_settings_new_with_backend (HEARTS_SCHEMA_ID, backend);
  name = g_settings_get_string (gsettings, "player-name");
  g_assert_cmpstr (name, ==, "Ada");
  g_clear_pointer (&name, g_free);
  before = contents_of (path, &before_len);

  fill (disk);
  long_name = g_strnfill (4000, 'B');
  g_settings_set_string (gsettings, "player-name", long_name);
  g_settings_set_string (gsettings, "seat1-name", "Cy");
  g_settings_sync ();
  after = contents_of (path, &after_len);
  g_assert_cmpmem (before, before_len, after, after_len);
  g_assert_cmpuint (failed, ==, 1);
  name = g_settings_get_string (gsettings, "player-name");
  g_assert_cmpstr (name, ==, long_name);

  empty (disk);
  g_settings_set_string (gsettings, "seat2-name", "Di");
  g_assert_true (g_key_file_load_from_file (keyfile, path, G_KEY_FILE_NONE, NULL));
  g_clear_pointer (&name, g_free);
  name = g_key_file_get_value (keyfile, "io/github/gtkhearts/Hearts", "seat1-name", NULL);
  g_assert_cmpstr (name, ==, "'Cy'");
  g_assert_true (g_key_file_has_key (keyfile, "io/github/gtkhearts/Hearts", "history", NULL));
  g_assert_cmpuint (failed, ==, 1);

  g_clear_object (&gsettings);
  g_clear_object (&backend);
  small_disk_free (disk);
}

/* The player's seat moves at random, the others are computers: the saved game is one
 * the window could have written. */
static void
player_step (HeartsGame *game,
             HeartsRng  *rng)
{
  if (hearts_game_get_phase (game) == HEARTS_PHASE_HAND_OVER)
    hearts_game_next_hand (game);
  else if (!hearts_game_computer_move (game))
    {
      if (hearts_game_get_phase (game) == HEARTS_PHASE_PASSING)
        {
          HeartsCards hand = hearts_game_get_hand (game, 0), pass = 0;

          for (guint i = 0; i < HEARTS_PASS_SIZE; i++)
            pass |= HEARTS_CARD_BIT (hearts_cards_pick_random (hand & ~pass, rng));
          g_assert_true (hearts_game_pass (game, 0, pass, NULL));
        }
      else
        g_assert_true (hearts_game_play (game, 0, hearts_cards_pick_random (hearts_game_get_legal (game, 0), rng), NULL));
    }
}

static guint
games_played (GSettings *gsettings)
{
  HeartsStats stats;

  hearts_statistics_get (gsettings, HEARTS_PRESET_CUSTOM, &stats);
  return stats.games_played;
}

/* A game that ends while the settings cannot be written keeps its saved game until its
 * count is on disk, so that a stop in between (here: everything dropped unwritten, as a
 * SIGKILL would) loses nothing; the next launch counts it once. Likewise when a new game
 * starts meanwhile. */
static void
test_full_disk_finished_game (void)
{
  char            *disk = small_disk_new ();
  g_autofree char *keyfile = NULL;
  g_autoptr(TempFile) file = temp_file_new ();
  g_autofree char *finished = g_strconcat (g_file_peek_path (file), ".finished", NULL);
  HeartsRules      rules;
  HeartsRng        rng;

  if (disk == NULL)
    return;
  keyfile = g_build_filename (disk, "keyfile", NULL);
  hearts_rng_init (&rng, 8);
  hearts_rules_init_default (&rules);
  g_assert_true (hearts_rules_apply_string (&rules, "end=deals:1", NULL));

  for (guint new_game = 0; new_game < 2; new_game++)
    {
      g_autoptr(GSettingsBackend) backend = hearts_keyfile_backend_new (keyfile, "/", NULL);
      g_autoptr(GSettings) gsettings = g_settings_new_with_backend (HEARTS_SCHEMA_ID, backend);
      g_autoptr(HeartsSavedGame) saver = hearts_saved_game_new (gsettings, file);
      g_autoptr(HeartsGame) game = hearts_game_new (&rules, 30 + new_game);
      guint before = games_played (gsettings);

      for (guint s = 1; s < 4; s++)
        hearts_game_set_seat_level (game, s, HEARTS_AI_RANDOM);
      hearts_saved_game_follow (saver, game, HEARTS_PRESET_CUSTOM);
      fill (disk);
      while (hearts_game_get_phase (game) != HEARTS_PHASE_GAME_OVER)
        {
          player_step (game, &rng);
          hearts_saved_game_flush (saver);
        }
      /* Counted in memory only: the finished game stays on disk. */
      g_assert_cmpuint (games_played (gsettings), ==, before + 1);
      g_assert_true (g_file_query_exists (file, NULL));
      if (new_game)
        {
          g_autoptr(HeartsGame) next = hearts_game_new (&rules, 40);

          hearts_saved_game_follow (saver, next, HEARTS_PRESET_CUSTOM);
          hearts_saved_game_flush (saver);
          g_assert_true (g_file_test (finished, G_FILE_TEST_EXISTS));
        }
      g_signal_handlers_disconnect_matched (backend, G_SIGNAL_MATCH_DATA, 0, 0, NULL, NULL, saver);
      g_clear_object (&saver);
      empty (disk);

      /* The next launch, with room: counted once, and the finished game is gone. */
      {
        g_autoptr(GSettingsBackend) backend2 = hearts_keyfile_backend_new (keyfile, "/", NULL);
        g_autoptr(GSettings) gsettings2 = g_settings_new_with_backend (HEARTS_SCHEMA_ID, backend2);
        g_autoptr(HeartsSavedGame) saver2 = hearts_saved_game_new (gsettings2, file);
        g_autoptr(HeartsGame) restored = NULL;
        g_autoptr(GError) error = NULL;

        g_assert_cmpuint (games_played (gsettings2), ==, before);
        restored = hearts_saved_game_restore (saver2, &error);
        g_assert_no_error (error);
        g_assert_cmpuint (games_played (gsettings2), ==, before + 1);
        g_assert_false (g_file_test (finished, G_FILE_TEST_EXISTS));
        /* The new game, if one was started; nothing otherwise. */
        g_assert_true ((restored != NULL) == new_game);
        g_clear_object (&saver2);
        saver2 = hearts_saved_game_new (gsettings2, file);
        g_clear_object (&restored);
        restored = hearts_saved_game_restore (saver2, &error);
        g_assert_cmpuint (games_played (gsettings2), ==, before + 1);
        if (restored == NULL)
          g_assert_false (g_file_query_exists (file, NULL));
      }
    }
  small_disk_free (disk);
}

/* Strange files */

/* Restores from whatever @make put at the saved game's place: refused at once (no
 * hang, no read of gigabytes), moved aside, and said. */
static void
assert_restore_refuses (void (*make) (const char *path))
{
  g_autoptr(TempFile) file = temp_file_new ();
  g_autoptr(GSettingsBackend) backend = g_memory_settings_backend_new ();
  g_autoptr(GSettings) gsettings = g_settings_new_with_backend (HEARTS_SCHEMA_ID, backend);
  g_autoptr(HeartsSavedGame) saver = NULL;
  g_autoptr(HeartsGame) game = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *bad = g_strconcat (g_file_peek_path (file), ".bad", NULL);
  struct stat      st;

  make (g_file_peek_path (file));
  saver = hearts_saved_game_new (gsettings, file);
  game = hearts_saved_game_restore (saver, &error);
  g_assert_null (game);
  g_assert_error (error, HEARTS_SAVED_GAME_ERROR, HEARTS_SAVED_GAME_ERROR_INVALID);
  g_assert_nonnull (strstr (error->message, "saved-game.bad"));
  g_assert_cmpint (lstat (g_file_peek_path (file), &st), !=, 0);
  g_assert_cmpint (lstat (bad, &st), ==, 0);
}

static void
make_fifo (const char *path)
{
  g_assert_cmpint (mkfifo (path, 0600), ==, 0);
}

static void
make_huge (const char *path)
{
  int fd = open (path, O_WRONLY | O_CREAT, 0600);

  g_assert_cmpint (fd, >=, 0);
  /* Sparse: 5 GB that take no room. */
  g_assert_cmpint (ftruncate (fd, G_GINT64_CONSTANT (5) << 30), ==, 0);
  close (fd);
}

static void
make_just_too_big (const char *path)
{
  int fd = open (path, O_WRONLY | O_CREAT, 0600);

  g_assert_cmpint (fd, >=, 0);
  g_assert_cmpint (ftruncate (fd, HEARTS_SAVED_GAME_MAX_SIZE + 1), ==, 0);
  close (fd);
}

static void
make_zero_link (const char *path)
{
  g_assert_cmpint (symlink ("/dev/zero", path), ==, 0);
}

static void
make_folder (const char *path)
{
  g_assert_cmpint (g_mkdir (path, 0700), ==, 0);
}

/* Reproductions saved-game-fifo-hang.sh (the launch blocked for ever) and
 * saved-game-huge-crash.sh (5 GB read whole, a buffer overflow past 4 GiB). */
static void
test_saved_game_strange_files (void)
{
  assert_restore_refuses (make_fifo);
  assert_restore_refuses (make_huge);
  assert_restore_refuses (make_just_too_big);
  assert_restore_refuses (make_zero_link);
  assert_restore_refuses (make_folder);
}

/* The checks themselves. */
static void
test_file_load (void)
{
  g_autofree char *dir = g_dir_make_tmp ("hearts-load-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (dir, "f", NULL);
  g_autoptr(GError) error = NULL;
  g_autoptr(GBytes) bytes = NULL;

  bytes = hearts_file_load (path, 10, &error);
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_NOT_FOUND);
  g_assert_true (hearts_file_check (path, 10, NULL));
  g_clear_error (&error);

  g_assert_true (g_file_set_contents (path, "0123456789", 10, NULL));
  bytes = hearts_file_load (path, 10, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (g_bytes_get_size (bytes), ==, 10);
  g_clear_pointer (&bytes, g_bytes_unref);
  bytes = hearts_file_load (path, 9, &error);
  g_assert_error (error, HEARTS_FILE_ERROR, HEARTS_FILE_ERROR_TOO_LARGE);
  g_assert_false (hearts_file_check (path, 9, NULL));
  g_clear_error (&error);

  g_assert_cmpint (g_unlink (path), ==, 0);
  make_fifo (path);
  bytes = hearts_file_load (path, 10, &error);
  g_assert_error (error, HEARTS_FILE_ERROR, HEARTS_FILE_ERROR_NOT_REGULAR);
  g_clear_error (&error);
  g_assert_false (hearts_file_check (path, 10, &error));
  g_assert_error (error, HEARTS_FILE_ERROR, HEARTS_FILE_ERROR_NOT_REGULAR);
  g_clear_error (&error);

  {
    g_autofree char *put_aside = hearts_file_put_aside (path);

    g_assert_cmpstr (put_aside, ==, "f.bad");
  }
  g_assert_false (g_file_test (path, G_FILE_TEST_EXISTS));
  hearts_test_remove_tree (dir);
}

/* A named pipe as the settings keyfile is moved aside before anything reads it, and
 * the player is told (reproduction keyfile-fifo-hang.sh: the launch blocked for ever in
 * GLib's keyfile backend). XDG_CONFIG_HOME is this test's own (main()). */
static void
test_keyfile_fifo (void)
{
  g_autofree char *dir = g_build_filename (g_get_user_config_dir (), "glib-2.0", "settings", NULL);
  g_autofree char *path = g_build_filename (dir, "keyfile", NULL);
  g_autofree char *bad = g_strconcat (path, ".bad", NULL);
  g_autofree char *notice = NULL;
  struct stat      st;

  g_assert_cmpint (g_mkdir_with_parents (dir, 0700), ==, 0);
  make_fifo (path);
  g_setenv ("GSETTINGS_BACKEND", "keyfile", TRUE);
  hearts_keyfile_backend_check_file ();
  g_setenv ("GSETTINGS_BACKEND", "memory", TRUE);
  g_assert_cmpint (lstat (path, &st), !=, 0);
  g_assert_cmpint (lstat (bad, &st), ==, 0);
  g_assert_true (S_ISFIFO (st.st_mode));
  notice = hearts_keyfile_backend_take_notice ();
  g_assert_nonnull (notice);
  g_assert_nonnull (strstr (notice, "keyfile.bad"));
  g_assert_null (hearts_keyfile_backend_take_notice ());
  g_unlink (bad);

  /* A backend on such a file does the same, and the settings are the defaults. */
  {
    g_autoptr(GSettingsBackend) backend = NULL;
    g_autoptr(GSettings) gsettings = NULL;
    g_autofree char *name = NULL;

    make_fifo (path);
    backend = hearts_keyfile_backend_new (path, "/", NULL);
    gsettings = g_settings_new_with_backend (HEARTS_SCHEMA_ID, backend);
    name = g_settings_get_string (gsettings, "player-name");
    g_assert_cmpstr (name, ==, "");
    g_assert_true (g_file_test (bad, G_FILE_TEST_EXISTS));
    g_clear_pointer (&notice, g_free);
    notice = hearts_keyfile_backend_take_notice ();
    g_assert_nonnull (notice);
    g_unlink (bad);
  }

  /* Another backend named: the file is not GLib's concern, nor ours. */
  make_fifo (path);
  g_setenv ("GSETTINGS_BACKEND", "memory", TRUE);
  hearts_keyfile_backend_check_file ();
  g_assert_cmpint (lstat (path, &st), ==, 0);
  g_unlink (path);
}

/* Bad bytes in the keyfile read as the default, with no critical (fatal here), and a
 * file that is not a keyfile at all is kept aside rather than written over
 * (reproduction keyfile-bad-utf8-critical.sh). */
static void
test_keyfile_bad_bytes (void)
{
  g_autofree char  *dir = g_dir_make_tmp ("hearts-keyfile-XXXXXX", NULL);
  g_autofree char  *path = g_build_filename (dir, "keyfile", NULL);
  g_autofree char  *bad = g_strconcat (path, ".bad", NULL);
  static const char text[] = "[io/github/gtkhearts/Hearts]\nplayer-name='\xff\xfe bad'\nseat1-name=Bo\n"
                             "seat2-name='Cy'\n";

  g_assert_true (g_file_set_contents (path, text, -1, NULL));
  {
    g_autoptr(GSettingsBackend) backend = hearts_keyfile_backend_new (path, "/", NULL);
    g_autoptr(GSettings) gsettings = g_settings_new_with_backend (HEARTS_SCHEMA_ID, backend);
    g_autofree char *name = g_settings_get_string (gsettings, "player-name");
    g_autofree char *unquoted = g_settings_get_string (gsettings, "seat1-name");
    g_autofree char *quoted = g_settings_get_string (gsettings, "seat2-name");

    g_assert_cmpstr (name, ==, "");
    /* As GLib's backend: a string may be written without its quotes. */
    g_assert_cmpstr (unquoted, ==, "Bo");
    g_assert_cmpstr (quoted, ==, "Cy");
    g_assert_null (hearts_keyfile_backend_take_notice ());
  }

  g_assert_true (g_file_set_contents (path, "no group = no keyfile\n", -1, NULL));
  {
    g_autoptr(GSettingsBackend) backend = hearts_keyfile_backend_new (path, "/", NULL);
    g_autoptr(GSettings) gsettings = g_settings_new_with_backend (HEARTS_SCHEMA_ID, backend);
    g_autofree char *notice = hearts_keyfile_backend_take_notice ();
    g_autofree char *kept = NULL;

    g_assert_nonnull (notice);
    g_assert_true (g_file_get_contents (bad, &kept, NULL, NULL));
    g_assert_cmpstr (kept, ==, "no group = no keyfile\n");
    g_settings_set_string (gsettings, "player-name", "Ada");
    g_assert_true (g_file_test (path, G_FILE_TEST_IS_REGULAR));
  }
  hearts_test_remove_tree (dir);
}

/* Forged statistics */

/* A whole game to its end, seat 0 random too, saved as the game saves one; @realq is
 * the record's count of the Q♠ taken by seat 0. */
static GVariant *
finished_state (guint64 seed,
                guint  *realq)
{
  HeartsRules rules;
  g_autoptr(HeartsGame) game = NULL;

  hearts_rules_init_default (&rules);
  game = hearts_game_new (&rules, seed);
  hearts_game_set_seat_level (game, 0, HEARTS_AI_RANDOM);
  while (hearts_game_get_phase (game) != HEARTS_PHASE_GAME_OVER)
    computer_step (game);
  hearts_game_set_seat_human (game, 0);
  *realq = hearts_saved_game_count_queens (game);
  return hearts_saved_game_to_variant (game, HEARTS_PRESET_STANDARD, *realq);
}

static GVariant *
with_key (GVariant   *state,
          const char *key,
          GVariant   *value)
{
  GVariantDict dict;

  g_variant_dict_init (&dict, state);
  g_variant_dict_insert_value (&dict, key, value);
  return g_variant_ref_sink (g_variant_dict_end (&dict));
}

/* A finished game's Queens of Spades are the record's, and its end date is one the
 * statistics can show (reproduction saved-game-forged-counts.sh: a forged count was
 * counted, and any date was taken, then dropped from the history at the next launch). */
static void
test_forged_statistics (void)
{
  static const gint64 dates[] = { -1, -86400, G_MININT64, G_MAXINT64, HEARTS_DATE_MAX + 1,
                                  253402300800 /* 10000-01-01 */ };
  guint               realq;
  g_autoptr(GVariant) good = finished_state (7, &realq);
  g_autoptr(GError) error = NULL;
  g_autoptr(HeartsGame) game = NULL;
  guint queens;

  g_assert_cmpuint (realq, >, 0);
  game = hearts_saved_game_from_variant (good, NULL, &queens, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (queens, ==, realq);
  g_clear_object (&game);

  for (guint q = 0; q < 14; q++)
    {
      g_autoptr(GVariant) forged = with_key (good, "queens", g_variant_new_uint32 (q));

      game = hearts_saved_game_from_variant (forged, NULL, &queens, &error);
      g_assert_true ((game != NULL) == (q == realq));
      if (game != NULL)
        g_assert_cmpuint (queens, ==, realq);
      g_clear_object (&game);
      g_clear_error (&error);
    }

  for (guint i = 0; i < G_N_ELEMENTS (dates); i++)
    {
      g_autoptr(GVariant) forged = with_key (good, "finished", g_variant_new_int64 (dates[i]));

      game = hearts_saved_game_from_variant (forged, NULL, NULL, &error);
      g_assert_null (game);
      g_assert_error (error, HEARTS_SAVED_GAME_ERROR, HEARTS_SAVED_GAME_ERROR_INVALID);
      g_clear_error (&error);
    }
  {
    g_autoptr(GVariant) ok = with_key (good, "finished", g_variant_new_int64 (1700000000));
    g_autoptr(GVariant) wrong_type = with_key (good, "finished", g_variant_new_uint64 (1700000000));

    game = hearts_saved_game_from_variant (ok, NULL, NULL, &error);
    g_assert_no_error (error);
    g_clear_object (&game);
    game = hearts_saved_game_from_variant (wrong_type, NULL, NULL, &error);
    g_assert_null (game);
    g_clear_error (&error);
  }
  g_assert_false (hearts_statistics_date_is_valid (-1));
  g_assert_true (hearts_statistics_date_is_valid (0));
  g_assert_true (hearts_statistics_date_is_valid (HEARTS_DATE_MAX));
  g_assert_false (hearts_statistics_date_is_valid (HEARTS_DATE_MAX + 1));
}

/* The game that is restored at its end is counted with the record's Queens, once. */
static void
test_forged_statistics_counted (void)
{
  g_autoptr(TempFile) file = temp_file_new ();
  g_autoptr(GSettingsBackend) backend = g_memory_settings_backend_new ();
  g_autoptr(GSettings) gsettings = g_settings_new_with_backend (HEARTS_SCHEMA_ID, backend);
  g_autoptr(HeartsSavedGame) saver = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(GVariant) state = NULL;
  g_autoptr(GVariant) forged = NULL;
  g_autoptr(GBytes) bytes = NULL;
  g_autoptr(GArray) history = NULL;
  HeartsStats stats;
  guint       realq;

  state = finished_state (7, &realq);
  forged = with_key (state, "queens", g_variant_new_uint32 (12));
  bytes = hearts_saved_game_to_file_bytes (forged);
  g_assert_true (g_file_set_contents (g_file_peek_path (file), g_bytes_get_data (bytes, NULL),
                                      g_bytes_get_size (bytes), NULL));
  saver = hearts_saved_game_new (gsettings, file);
  g_assert_null (hearts_saved_game_restore (saver, &error));
  g_assert_error (error, HEARTS_SAVED_GAME_ERROR, HEARTS_SAVED_GAME_ERROR_INVALID);
  g_assert_false (hearts_statistics_get (gsettings, HEARTS_PRESET_STANDARD, &stats));
  g_clear_error (&error);
  g_clear_object (&saver);

  /* The true one: counted with the record's count. */
  g_clear_pointer (&bytes, g_bytes_unref);
  bytes = hearts_saved_game_to_file_bytes (state);
  g_assert_true (g_file_set_contents (g_file_peek_path (file), g_bytes_get_data (bytes, NULL),
                                      g_bytes_get_size (bytes), NULL));
  saver = hearts_saved_game_new (gsettings, file);
  g_assert_null (hearts_saved_game_restore (saver, &error));
  g_assert_no_error (error);
  g_assert_true (hearts_statistics_get (gsettings, HEARTS_PRESET_STANDARD, &stats));
  g_assert_cmpuint (stats.queens_taken, ==, realq);
  history = hearts_statistics_get_history (gsettings);
  g_assert_cmpuint (history->len, ==, 1);
  g_assert_true (hearts_statistics_date_is_valid (g_array_index (history, HeartsHistoryEntry, 0).date));
  g_assert_true (hearts_statistics_check (gsettings, NULL));
}

/* A saved game's record must be as the game writes it: a comment, however long, is
 * refused rather than carried and written again after every move (a 50 MB saved game of
 * comments was accepted). */
static void
test_record_padding (void)
{
  g_autoptr(GVariant) good = NULL;
  g_autoptr(HeartsGame) game = NULL;
  const char        *record;
  guint              realq;
  static const char *paddings[] = { "# a comment\n", "\n", "play  0 2C\n" };

  good = finished_state (3, &realq);
  g_assert_true (g_variant_lookup (good, "record", "&s", &record));
  for (guint i = 0; i < G_N_ELEMENTS (paddings); i++)
    {
      g_autofree char *padded = g_strconcat (paddings[i], record, NULL);
      g_autoptr(GVariant) bad = with_key (good, "record", g_variant_new_string (padded));
      g_autoptr(GError) error = NULL;

      game = hearts_saved_game_from_variant (bad, NULL, NULL, &error);
      g_assert_null (game);
      g_assert_error (error, HEARTS_SAVED_GAME_ERROR, HEARTS_SAVED_GAME_ERROR_INVALID);
    }
}

int
main (int   argc,
      char *argv[])
{
  g_autofree char *config = NULL;

#ifdef __linux__
  /* Mounts for the full disk tests, in a namespace of this process alone: made before
   * any thread exists, since a namespace is a thread's, and gone when the test ends. */
  if (getuid () != 0)
    no_mount_reason = "not root";
  else if (unshare (CLONE_NEWNS) != 0)
    no_mount_reason = g_strerror (errno);
  else if (mount (NULL, "/", NULL, MS_REC | MS_PRIVATE, NULL) != 0)
    no_mount_reason = g_strerror (errno);
  else
    no_mount_reason = NULL;
#else
  no_mount_reason = "not Linux";
#endif

  /* The settings keyfile of these tests, before GLib reads the variable. */
  config = g_dir_make_tmp ("hearts-config-XXXXXX", NULL);
  g_setenv ("XDG_CONFIG_HOME", config, TRUE);

  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/reliability/keyfiles", test_keyfiles);
  g_test_add_func ("/reliability/texts", test_texts);
  g_test_add_func ("/reliability/history-int-min", test_history_int_min);
  g_test_add_func ("/reliability/full-disk/saved-game", test_full_disk_saved_game);
  g_test_add_func ("/reliability/full-disk/keyfile", test_full_disk_keyfile);
  g_test_add_func ("/reliability/full-disk/finished-game", test_full_disk_finished_game);
  g_test_add_func ("/reliability/file-load", test_file_load);
  g_test_add_func ("/reliability/saved-game/strange-files", test_saved_game_strange_files);
  g_test_add_func ("/reliability/keyfile/fifo", test_keyfile_fifo);
  g_test_add_func ("/reliability/keyfile/bad-bytes", test_keyfile_bad_bytes);
  g_test_add_func ("/reliability/forged/statistics", test_forged_statistics);
  g_test_add_func ("/reliability/forged/counted", test_forged_statistics_counted);
  g_test_add_func ("/reliability/forged/record-padding", test_record_padding);

  {
    int status = g_test_run ();

    hearts_test_remove_tree (config);
    return status;
  }
}
