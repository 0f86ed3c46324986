/* hearts-saved-game.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n-lib.h>
#include <errno.h>
#include <glib/gstdio.h>
#include <string.h>

#include "hearts-file.h"
#include "hearts-game-deal.h"
#include "hearts-keyfile-backend.h"
#include "hearts-saved-game.h"
#include "hearts-statistics.h"

/* The old home of the saved game, read once to move it to the file. */
#define OLD_KEY           "saved-game"
#define HEARTS_HUMAN_SEAT 0

/* The file, shared with the writing threads. A write carries the serial number of
 * the state it holds and is skipped if a newer one is on disk already, so that a
 * thread that was late never puts back an older game. */
typedef struct
{
  GMutex  lock;
  GFile  *file;
  guint64 on_disk; /* serial of the last state written (or removal) */
} Disk;

typedef struct
{
  Disk   *disk;
  GBytes *bytes; /* NULL: remove the file */
  guint64 serial;
} Job;

struct _HeartsSavedGame
{
  GObject parent_instance;

  GSettings        *settings;
  GSettingsBackend *backend; /* of @settings */
  Disk             *disk;
  HeartsGame       *game;
  HeartsPreset      preset;

  guint64 serial;   /* of the last state handed to a write */
  guint   write_id; /* the idle that writes */
  guint   n_writes;
  guint   dirty : 1;     /* the file is behind the game */
  guint   in_flight : 1; /* a thread is writing */
  guint   failing : 1;   /* the last write failed, and it was said */
  /* A finished game is counted in the settings, but their file could not be written
   * (a full disk): its saved game stays on disk until it is, so that a stop in between
   * loses nothing (the next launch counts it). */
  guint uncounted : 1;
};

G_DEFINE_FINAL_TYPE (HeartsSavedGame, hearts_saved_game, G_TYPE_OBJECT)
/* clang-format off: the quark\'s name is a string */
G_DEFINE_QUARK (hearts - saved - game - error - quark, hearts_saved_game_error)
/* clang-format on */

enum
{
  PROP_0,
  PROP_SETTINGS,
  PROP_FILE,
  PROP_GAME,
  PROP_N_WRITES,
  N_PROPS
};

enum
{
  WRITE_FAILED,
  N_SIGNALS
};

static GParamSpec *properties[N_PROPS];
static guint       signals[N_SIGNALS];

/* The model's format version, read off a game it writes, so it is never copied here. */
static guint32
current_version (void)
{
  static gsize version = 0;

  if (g_once_init_enter (&version))
    {
      HeartsRules rules;
      g_autoptr(HeartsGame) game = NULL;
      g_autoptr(GVariant) state = NULL;
      guint32 v = 0;

      hearts_rules_init_default (&rules);
      game = hearts_game_new (&rules, 1);
      state = hearts_game_serialize (game);
      if (!g_variant_lookup (state, "version", "u", &v))
        g_error ("The game's state has no version");
      g_once_init_leave (&version, (gsize) v + 1);
    }
  return (guint32) (version - 1);
}

/* The finished hands in which seat 0 took the Q♠, from the score sheet, which the
 * record backs hand by hand: a count of its own in a file is never believed. */
guint
hearts_saved_game_count_queens (HeartsGame *game)
{
  guint queens = 0;

  for (guint i = 0; i < hearts_game_get_n_results (game); i++)
    if (hearts_game_get_result (game, i)->queen == HEARTS_HUMAN_SEAT)
      queens++;
  return queens;
}

/* The record as the game writes it: no comment, no blank line, single spaces, and
 * no longer than its hands need (a record line is a few dozen bytes, a hand at most
 * about 1,100). Anything else replays just as well, but would be carried along and
 * written again after every move. */
static gboolean
record_is_plain (const char *record,
                 guint       n_hands)
{
  gsize len = strlen (record);

  if (len > 1024 + (gsize) (n_hands + 1) * HEARTS_SAVED_GAME_MAX_HAND_RECORD)
    return FALSE;
  for (const char *line = record; *line != '\0';)
    {
      const char *end = strchr (line, '\n');

      if (end == NULL)
        end = line + strlen (line);
      if (end == line || line[0] == '#' || line[0] == ' ' || end[-1] == ' ')
        return FALSE;
      for (const char *c = line; c < end; c++)
        if ((*c == ' ' && c[1] == ' ') || *c == '\t' || *c == '\r')
          return FALSE;
      line = *end == '\n' ? end + 1 : end;
    }
  return TRUE;
}

/* The "first-dealer" line of a record that replays (so there is exactly one), or -1. */
static gint64
record_first_dealer (const char *record)
{
  g_auto(GStrv) lines = g_strsplit (record, "\n", -1);

  for (guint i = 0; lines[i] != NULL; i++)
    {
      g_auto(GStrv) words = g_strsplit_set (g_strstrip (lines[i]), " \t", -1);

      if (g_strv_length (words) == 2 && g_str_equal (words[0], "first-dealer"))
        return g_ascii_strtoll (words[1], NULL, 10);
    }
  return -1;
}

static HeartsGame *
invalid (GError    **error,
         const char *why)
{
  g_debug ("Saved game discarded: %s", why);
  g_set_error_literal (error, HEARTS_SAVED_GAME_ERROR, HEARTS_SAVED_GAME_ERROR_INVALID,
                       _("The saved game could not be read, so a new game was started"));
  return NULL;
}

HeartsGame *
hearts_saved_game_from_variant (GVariant     *state,
                                HeartsPreset *preset,
                                guint        *queens,
                                GError      **error)
{
  g_autoptr(GError) local = NULL;
  g_autoptr(HeartsGame) game = NULL;
  g_autofree char    *record = NULL;
  g_autoptr(GVariant) finished = NULL;
  HeartsRecordSummary summary;
  HeartsRules         preset_rules;
  const char         *preset_id = NULL;
  HeartsPreset        p = HEARTS_PRESET_CUSTOM;
  guint32             version, first_dealer, stored_queens;
  guint               n, q;

  g_return_val_if_fail (state != NULL, NULL);

  if (!g_variant_is_of_type (state, HEARTS_SAVED_GAME_TYPE))
    return invalid (error, "not a dictionary");
  if (!g_variant_lookup (state, "version", "u", &version))
    return invalid (error, "no version");
  if (version != current_version ())
    {
      g_debug ("Saved game discarded: version %u, we read %u", version, current_version ());
      g_set_error_literal (error, HEARTS_SAVED_GAME_ERROR, HEARTS_SAVED_GAME_ERROR_VERSION,
                           _("The saved game is from another version of Hearts, so a new game was started"));
      return NULL;
    }

  game = hearts_game_deserialize (state, &local);
  if (game == NULL)
    return invalid (error, local->message);
  n = hearts_game_get_n_players (game);

  /* The window plays seat 0 and lets the computers play the others: any other
   * arrangement waits forever or plays the player's cards. */
  for (guint s = 0; s < n; s++)
    if (hearts_game_seat_is_human (game, s) != (s == HEARTS_HUMAN_SEAT))
      return invalid (error, s == HEARTS_HUMAN_SEAT ? "the player's seat is a computer's"
                                                    : "a computer's seat is a player's");

  /* The finished hands and the one on the table, as one record: it must replay
   * move by move to exactly what was loaded. */
  record = hearts_game_get_record (game);
  if (!record_is_plain (record, hearts_game_get_n_results (game)))
    return invalid (error, "the record is not as the game writes it");
  if (!hearts_record_replay (record, &summary, &local))
    return invalid (error, local->message);
  if (summary.n_hands != hearts_game_get_n_results (game) ||
      summary.game_over != (hearts_game_get_phase (game) == HEARTS_PHASE_GAME_OVER))
    return invalid (error, "the record does not match the phase");
  for (guint s = 0; s < n; s++)
    if (summary.totals[s] != hearts_game_get_total (game, s))
      return invalid (error, "the record does not match the totals");
  /* The next hands are dealt in turn from the state's first dealer: the record's
   * must be the same, or the game's record stops replaying at the next deal. */
  if (!g_variant_lookup (state, "first-dealer", "u", &first_dealer) ||
      record_first_dealer (record) != (gint64) first_dealer)
    return invalid (error, "the record has another first dealer");

  /* Our own keys. An unknown preset is not worth losing a game over: its statistics
   * go under "custom". */
  if (g_variant_lookup (state, "preset", "&s", &preset_id) &&
      (!hearts_preset_from_id (preset_id, &p) ||
       (hearts_preset_get_rules (p, &preset_rules) &&
        !hearts_rules_equal (&preset_rules, hearts_game_get_rules (game)))))
    p = HEARTS_PRESET_CUSTOM;

  /* The statistics it will be counted in come from the record; the file's own count
   * must agree with it. */
  q = hearts_saved_game_count_queens (game);
  if (g_variant_lookup (state, "queens", "u", &stored_queens) && stored_queens != q)
    return invalid (error, "the Queens of Spades counted are not the record's");
  /* Only a game over has its end date, and it must be one the statistics can show. */
  finished = g_variant_lookup_value (state, "finished", NULL);
  if (finished != NULL)
    {
      if (hearts_game_get_phase (game) != HEARTS_PHASE_GAME_OVER)
        return invalid (error, "an end date in a game that is not over");
      if (!g_variant_is_of_type (finished, G_VARIANT_TYPE_INT64) ||
          !hearts_statistics_date_is_valid (g_variant_get_int64 (finished)))
        return invalid (error, "an impossible end date");
    }

  if (preset != NULL)
    *preset = p;
  if (queens != NULL)
    *queens = q;
  return g_steal_pointer (&game);
}

GVariant *
hearts_saved_game_to_variant (HeartsGame  *game,
                              HeartsPreset preset,
                              guint        queens)
{
  g_autoptr(GVariant) state = NULL;
  GVariantBuilder builder;
  GVariantIter    iter;
  const char     *key;
  GVariant       *value;

  g_return_val_if_fail (HEARTS_IS_GAME (game), NULL);
  g_return_val_if_fail (preset < HEARTS_N_PRESETS, NULL);

  state = hearts_game_serialize (game);
  g_variant_builder_init (&builder, HEARTS_SAVED_GAME_TYPE);
  g_variant_iter_init (&iter, state);
  while (g_variant_iter_next (&iter, "{&sv}", &key, &value))
    {
      if (g_strcmp0 (key, "preset") != 0 && g_strcmp0 (key, "queens") != 0)
        g_variant_builder_add (&builder, "{sv}", key, value);
      g_variant_unref (value);
    }
  g_variant_builder_add (&builder, "{sv}", "preset", g_variant_new_string (hearts_preset_to_id (preset)));
  g_variant_builder_add (&builder, "{sv}", "queens", g_variant_new_uint32 (queens));
  return g_variant_ref_sink (g_variant_builder_end (&builder));
}

/* The file */

GBytes *
hearts_saved_game_to_file_bytes (GVariant *state)
{
  g_autoptr(GVariant) file = NULL;

  g_return_val_if_fail (state != NULL && g_variant_is_of_type (state, HEARTS_SAVED_GAME_TYPE), NULL);

  file = g_variant_ref_sink (g_variant_new ("(su@a{sv})", HEARTS_SAVED_GAME_FILE_MAGIC,
                                            HEARTS_SAVED_GAME_FILE_VERSION, state));
  /* Little-endian on every machine, so the file can move. */
  if (G_BYTE_ORDER == G_BIG_ENDIAN)
    {
      GVariant *swapped = g_variant_byteswap (file);

      g_variant_unref (file);
      file = swapped;
    }
  return g_variant_get_data_as_bytes (file);
}

GVariant *
hearts_saved_game_from_file_bytes (GBytes  *contents,
                                   GError **error)
{
  g_autoptr(GVariant) file = NULL;
  g_autoptr(GVariant) state = NULL;
  const char *magic;
  guint32     version;

  g_return_val_if_fail (contents != NULL, NULL);

  file = g_variant_ref_sink (g_variant_new_from_bytes (HEARTS_SAVED_GAME_FILE_TYPE, contents, FALSE));
  if (G_BYTE_ORDER == G_BIG_ENDIAN)
    {
      GVariant *swapped = g_variant_byteswap (file);

      g_variant_unref (file);
      file = swapped;
    }
  /* Untrusted bytes are read by GLib as defaults where they are broken; a file
   * that is not exactly what we write is refused as a whole instead, which also
   * means every string in it is valid UTF-8. */
  if (!g_variant_is_normal_form (file))
    {
      invalid (error, "not a saved game file");
      return NULL;
    }

  g_variant_get (file, "(&su@a{sv})", &magic, &version, &state);
  if (!g_str_equal (magic, HEARTS_SAVED_GAME_FILE_MAGIC))
    {
      invalid (error, "not a saved game file");
      return NULL;
    }
  if (version != HEARTS_SAVED_GAME_FILE_VERSION)
    {
      g_debug ("Saved game discarded: file version %u", version);
      g_set_error_literal (error, HEARTS_SAVED_GAME_ERROR, HEARTS_SAVED_GAME_ERROR_VERSION,
                           _("The saved game is from another version of Hearts, so a new game was started"));
      return NULL;
    }
  return g_steal_pointer (&state);
}

GFile *
hearts_saved_game_get_default_file (void)
{
  g_autofree char *path = g_build_filename (g_get_user_data_dir (), "hearts", "saved-game", NULL);

  return g_file_new_for_path (path);
}

static Disk *
disk_new (GFile *file)
{
  Disk *disk = g_atomic_rc_box_new0 (Disk);

  g_mutex_init (&disk->lock);
  disk->file = g_object_ref (file);
  return disk;
}

static void
disk_clear (Disk *disk)
{
  g_mutex_clear (&disk->lock);
  g_clear_object (&disk->file);
}

static void
disk_unref (Disk *disk)
{
  g_atomic_rc_box_release_full (disk, (GDestroyNotify) disk_clear);
}

/* Any thread. Writes @bytes (NULL: removes the file) unless something newer is
 * there; *wrote says whether it did. */
static gboolean
disk_write (Disk     *disk,
            GBytes   *bytes,
            guint64   serial,
            gboolean *wrote,
            GError  **error)
{
  g_autoptr(GMutexLocker) locker = g_mutex_locker_new (&disk->lock);
  g_autoptr(GError) local = NULL;

  *wrote = FALSE;
  if (serial <= disk->on_disk)
    return TRUE;

  if (bytes == NULL)
    {
      if (!g_file_delete (disk->file, NULL, &local) &&
          !g_error_matches (local, G_IO_ERROR, G_IO_ERROR_NOT_FOUND))
        {
          g_propagate_error (error, g_steal_pointer (&local));
          return FALSE;
        }
    }
  else
    {
      g_autofree char *dir = g_path_get_dirname (g_file_peek_path (disk->file));
      gsize            size;
      const char      *data = g_bytes_get_data (bytes, &size);

      if (g_mkdir_with_parents (dir, 0700) != 0)
        {
          int saved_errno = errno;

          g_set_error (error, G_IO_ERROR, g_io_error_from_errno (saved_errno),
                       "%s", g_strerror (saved_errno));
          return FALSE;
        }
      /* Written whole beside it, then renamed over it: a crash or a full disk leaves
       * the old game or the new one, never a part. */
      if (!hearts_file_replace (g_file_peek_path (disk->file), data, size, error))
        return FALSE;
    }
  disk->on_disk = serial;
  *wrote = TRUE;
  return TRUE;
}

static void
job_free (Job *job)
{
  g_clear_pointer (&job->disk, disk_unref);
  g_clear_pointer (&job->bytes, g_bytes_unref);
  g_free (job);
}

static void
write_thread (GTask        *task,
              gpointer      source_object,
              gpointer      task_data,
              GCancellable *cancellable)
{
  Job     *job = task_data;
  GError  *error = NULL;
  gboolean wrote;

  if (disk_write (job->disk, job->bytes, job->serial, &wrote, &error))
    g_task_return_boolean (task, wrote);
  else
    g_task_return_error (task, error);
}

/* What the file should hold now: the game followed, or nothing. */
static GBytes *
current_bytes (HeartsSavedGame *self)
{
  g_autoptr(GVariant) state = NULL;

  if (self->game == NULL)
    return NULL;
  state = hearts_saved_game_to_variant (self->game, self->preset, hearts_saved_game_count_queens (self->game));
  return hearts_saved_game_to_file_bytes (state);
}

static void
written (HeartsSavedGame *self,
         gboolean         wrote,
         const GError    *error)
{
  if (error != NULL)
    {
      g_message ("Could not save the game in %s: %s", g_file_peek_path (self->disk->file), error->message);
      /* Once per streak of failures: the player needs to know, not to be nagged. */
      if (!self->failing)
        {
          g_autofree char *message = g_strdup_printf (_("The game could not be saved: %s"), error->message);

          self->failing = TRUE;
          g_signal_emit (self, signals[WRITE_FAILED], 0, message);
        }
      return;
    }

  self->failing = FALSE;
  if (wrote)
    {
      self->n_writes++;
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_N_WRITES]);
    }
}

static void schedule_write (HeartsSavedGame *self);

static void
on_written_cb (GObject      *object,
               GAsyncResult *result,
               gpointer      user_data)
{
  HeartsSavedGame *self = HEARTS_SAVED_GAME (object);
  g_autoptr(GError) error = NULL;
  gboolean wrote = g_task_propagate_boolean (G_TASK (result), &error);

  self->in_flight = FALSE;
  written (self, wrote, error);
  /* Changes made meanwhile are written now, once. */
  if (self->dirty)
    schedule_write (self);
}

static gboolean
write_idle_cb (gpointer user_data)
{
  HeartsSavedGame *self = user_data;
  g_autoptr(GTask) task = NULL;
  Job *job;

  self->write_id = 0;
  self->dirty = FALSE;
  self->in_flight = TRUE;

  job = g_new0 (Job, 1);
  job->disk = g_atomic_rc_box_acquire (self->disk);
  job->bytes = current_bytes (self);
  job->serial = ++self->serial;

  task = g_task_new (self, NULL, on_written_cb, NULL);
  g_task_set_source_tag (task, write_idle_cb);
  g_task_set_task_data (task, job, (GDestroyNotify) job_free);
  g_task_run_in_thread (task, write_thread);
  return G_SOURCE_REMOVE;
}

/* The file follows at the next idle moment, in a thread; while a write is going on,
 * one more is made when it is done. */
static void
schedule_write (HeartsSavedGame *self)
{
  self->dirty = TRUE;
  if (self->write_id == 0 && !self->in_flight)
    self->write_id = g_idle_add_full (G_PRIORITY_LOW, write_idle_cb, self, NULL);
}

/* Now, on this thread: for quitting and for the end of a game. @state NULL: what is
 * followed. */
static gboolean
write_now (HeartsSavedGame *self,
           GVariant        *state)
{
  g_autoptr(GBytes) bytes = NULL;
  g_autoptr(GError) error = NULL;
  gboolean wrote;

  g_clear_handle_id (&self->write_id, g_source_remove);
  self->dirty = FALSE;
  bytes = state != NULL ? hearts_saved_game_to_file_bytes (state) : current_bytes (self);
  /* Waits for a thread that is writing; one that has not started will skip. */
  if (!disk_write (self->disk, bytes, ++self->serial, &wrote, &error))
    {
      written (self, FALSE, error);
      return FALSE;
    }
  written (self, wrote, NULL);
  return TRUE;
}

/* Following a game */

static GSettings *
new_batch (GSettings *settings)
{
  g_autoptr(GSettingsSchema) schema = NULL;
  g_autoptr(GSettingsBackend) backend = NULL;
  g_autofree char *path = NULL;
  GSettings       *batch;

  /* g_settings_delay() cannot be undone, so a second object on the same backend
   * collects the writes that must land together. */
  g_object_get (settings, "settings-schema", &schema, "backend", &backend, "path", &path, NULL);
  batch = g_settings_new_full (schema, backend, path);
  g_settings_delay (batch);
  return batch;
}

/* The newest history entry is this game, finished at @date: it was counted before
 * the program stopped. */
static gboolean
already_counted (GSettings   *settings,
                 HeartsGame  *game,
                 HeartsPreset preset,
                 gint64       date)
{
  g_autoptr(GArray) history = hearts_statistics_get_history (settings);
  const HeartsHistoryEntry *e;

  if (history->len == 0)
    return FALSE;
  e = &g_array_index (history, HeartsHistoryEntry, 0);
  if (e->date != date || e->preset != preset || e->n_players != hearts_game_get_n_players (game))
    return FALSE;
  for (guint s = 0; s < e->n_players; s++)
    if (e->totals[s] != hearts_game_get_total (game, s))
      return FALSE;
  return TRUE;
}

/* Counts the finished game in the settings, which are then synced; the saved game
 * is removed after. A stop in between leaves a finished game with its date, which
 * restore() recognizes in the history: it is counted once. */
static void
count_game (HeartsSavedGame *self,
            HeartsGame      *game,
            HeartsPreset     preset,
            gint64           date)
{
  g_autoptr(GSettings) batch = new_batch (self->settings);

  hearts_statistics_add_game (batch, game, preset, hearts_saved_game_count_queens (game), date);
  g_settings_apply (batch);
  g_settings_sync ();
  if (!hearts_keyfile_backend_is_saved (self->backend))
    self->uncounted = TRUE;
}

static char *
finished_path (HeartsSavedGame *self)
{
  return g_strconcat (g_file_peek_path (self->disk->file), ".finished", NULL);
}

/* The settings' file holds the count now: the finished game's file can go. */
static void
on_settings_saved_cb (HeartsSavedGame *self)
{
  g_autofree char *finished = finished_path (self);

  if (!self->uncounted)
    return;
  self->uncounted = FALSE;
  g_remove (finished);
  if (self->game == NULL)
    schedule_write (self);
}

/* A new game is about to replace a finished one whose count is not on disk yet: that
 * one is kept beside until it is (restore() counts it if the program stops first). */
static void
keep_uncounted (HeartsSavedGame *self)
{
  g_autoptr(GMutexLocker) locker = g_mutex_locker_new (&self->disk->lock);
  g_autofree char *finished = finished_path (self);

  if (g_rename (g_file_peek_path (self->disk->file), finished) != 0 && errno != ENOENT)
    g_message ("Could not keep the finished game in %s: %s", finished, g_strerror (errno));
}

static void
finish_game (HeartsSavedGame *self,
             HeartsGame      *game)
{
  g_autoptr(GVariant) state = hearts_saved_game_to_variant (game, self->preset, hearts_saved_game_count_queens (game));
  g_autoptr(GVariant) finished = NULL;
  /* A clock set to nonsense still gives a date the statistics can show. */
  gint64       date = CLAMP (g_get_real_time () / G_USEC_PER_SEC, HEARTS_DATE_MIN, HEARTS_DATE_MAX);
  GVariantDict dict;

  g_variant_dict_init (&dict, state);
  g_variant_dict_insert (&dict, "finished", "x", date);
  finished = g_variant_ref_sink (g_variant_dict_end (&dict));
  write_now (self, finished);
  count_game (self, game, self->preset, date);
}

static void
on_game_changed_cb (HeartsSavedGame *self,
                    HeartsGame      *game)
{
  if (hearts_game_get_phase (game) == HEARTS_PHASE_GAME_OVER)
    {
      /* Following stops below, which drops our reference while it is emitting. */
      g_object_ref (game);
      finish_game (self, game);
      /* Nothing more of it is saved, so it cannot be counted twice; the file goes, once
       * the count is on disk. */
      hearts_saved_game_follow (self, NULL, HEARTS_PRESET_CUSTOM);
      if (self->uncounted)
        {
          g_clear_handle_id (&self->write_id, g_source_remove);
          self->dirty = FALSE;
        }
      g_object_unref (game);
      return;
    }

  schedule_write (self);
}

/* The old "saved-game" key as a keyfile backend holds it (GLib's or ours): GLib's
 * parser logs a critical on text that is not UTF-8, so the text is checked first,
 * and text that does not parse is kept for the .bad file. */
static GVariant *
read_old_keyfile (GSettings        *settings,
                  GSettingsBackend *backend)
{
  g_autofree char *filename = NULL;
  g_autofree char *root_path = NULL;
  g_autofree char *root_group = NULL;
  g_autofree char *path = NULL;
  g_autofree char *group = NULL;
  g_autofree char *text = NULL;
  g_autoptr(GKeyFile) keyfile = g_key_file_new ();
  GVariant *value;

  g_object_get (backend, "filename", &filename, "root-path", &root_path, "root-group", &root_group, NULL);
  g_object_get (settings, "path", &path, NULL);
  if (filename == NULL || root_path == NULL || !g_str_has_prefix (path, root_path))
    return NULL;
  group = g_strdup (path + strlen (root_path));
  if (g_str_has_suffix (group, "/"))
    group[strlen (group) - 1] = '\0';
  if (group[0] == '\0')
    {
      g_free (group);
      group = g_strdup (root_group);
    }
  if (group == NULL ||
      !g_key_file_load_from_file (keyfile, filename, G_KEY_FILE_NONE, NULL) ||
      (text = g_key_file_get_value (keyfile, group, OLD_KEY, NULL)) == NULL)
    return NULL;
  /* Text that does not parse is kept as bytes, for the .bad file. */
  if (!g_utf8_validate (text, -1, NULL) ||
      (value = g_variant_parse (HEARTS_SAVED_GAME_TYPE, text, NULL, NULL, NULL)) == NULL)
    return g_variant_ref_sink (g_variant_new_bytestring (text));
  return g_variant_ref_sink (value);
}

/* A game saved by an older version in the settings moves to the file (unless the
 * file has a newer one) and leaves the settings; it is checked as any other. */
static void
move_old_key (HeartsSavedGame *self)
{
  g_autoptr(GSettingsBackend) backend = NULL;
  g_autoptr(GVariant) old = NULL;
  GType keyfile_type = g_type_from_name ("GKeyfileSettingsBackend");

  g_object_get (self->settings, "backend", &backend, NULL);
  if ((keyfile_type != 0 && G_TYPE_CHECK_INSTANCE_TYPE (backend, keyfile_type)) ||
      HEARTS_IS_KEYFILE_BACKEND (backend))
    old = read_old_keyfile (self->settings, backend);
  else
    old = g_settings_get_user_value (self->settings, OLD_KEY);
  if (old == NULL)
    return;

  if (!g_file_query_exists (self->disk->file, NULL))
    {
      /* Something that is not even a dictionary is kept as one that fails the checks. */
      if (!g_variant_is_of_type (old, HEARTS_SAVED_GAME_TYPE))
        {
          GVariantDict dict;

          g_variant_dict_init (&dict, NULL);
          g_variant_dict_insert_value (&dict, "unreadable", old);
          g_variant_unref (old);
          old = g_variant_ref_sink (g_variant_dict_end (&dict));
        }
      if (g_variant_n_children (old) > 0)
        write_now (self, old);
    }
  g_settings_reset (self->settings, OLD_KEY);
}

/* A finished game kept beside by keep_uncounted(): counted unless it was, and gone
 * once the count is on disk. */
static void
restore_finished (HeartsSavedGame *self)
{
  g_autofree char *path = finished_path (self);
  g_autoptr(GBytes) contents = hearts_file_load (path, HEARTS_SAVED_GAME_MAX_SIZE, NULL);
  g_autoptr(GVariant) state = NULL;
  g_autoptr(HeartsGame) game = NULL;
  HeartsPreset preset;
  gint64       date;

  if (contents == NULL)
    {
      g_remove (path);
      return;
    }
  state = hearts_saved_game_from_file_bytes (contents, NULL);
  if (state != NULL)
    game = hearts_saved_game_from_variant (state, &preset, NULL, NULL);
  if (game != NULL && hearts_game_get_phase (game) == HEARTS_PHASE_GAME_OVER)
    {
      if (!g_variant_lookup (state, "finished", "x", &date))
        date = CLAMP (g_get_real_time () / G_USEC_PER_SEC, HEARTS_DATE_MIN, HEARTS_DATE_MAX);
      if (!already_counted (self->settings, game, preset, date))
        count_game (self, game, preset, date);
      if (self->uncounted)
        return;
    }
  else
    g_message ("%s is not a finished game, so it cannot be counted", path);
  g_remove (path);
}

/* A file we cannot use is kept beside, for a bug report, and is out of the way. */
static void
put_aside (HeartsSavedGame *self,
           GError         **error)
{
  g_autoptr(GMutexLocker) locker = g_mutex_locker_new (&self->disk->lock);
  g_autofree char *basename = hearts_file_put_aside (g_file_peek_path (self->disk->file));

  if (basename != NULL && error != NULL && *error != NULL)
    {
      g_autofree char *message = g_strdup_printf (_("%s. It was kept as “%s”."), (*error)->message, basename);

      g_free ((*error)->message);
      (*error)->message = g_steal_pointer (&message);
    }
}

/* GObject */

static void
hearts_saved_game_constructed (GObject *object)
{
  HeartsSavedGame *self = (HeartsSavedGame *) object;

  G_OBJECT_CLASS (hearts_saved_game_parent_class)->constructed (object);

  if (self->disk == NULL)
    {
      g_autoptr(GFile) file = hearts_saved_game_get_default_file ();

      self->disk = disk_new (file);
    }
  g_object_get (self->settings, "backend", &self->backend, NULL);
  if (HEARTS_IS_KEYFILE_BACKEND (self->backend))
    g_signal_connect_object (self->backend, "saved", G_CALLBACK (on_settings_saved_cb), self, G_CONNECT_SWAPPED);
}

static void
hearts_saved_game_dispose (GObject *object)
{
  HeartsSavedGame *self = (HeartsSavedGame *) object;

  /* What was not written yet; a thread still writing holds a reference to us. */
  if (self->dirty)
    write_now (self, NULL);
  g_clear_handle_id (&self->write_id, g_source_remove);
  if (self->game != NULL)
    {
      g_signal_handlers_disconnect_by_func (self->game, on_game_changed_cb, self);
      g_clear_object (&self->game);
    }
  g_clear_object (&self->settings);
  g_clear_object (&self->backend);

  G_OBJECT_CLASS (hearts_saved_game_parent_class)->dispose (object);
}

static void
hearts_saved_game_finalize (GObject *object)
{
  HeartsSavedGame *self = (HeartsSavedGame *) object;

  g_clear_pointer (&self->disk, disk_unref);

  G_OBJECT_CLASS (hearts_saved_game_parent_class)->finalize (object);
}

static void
hearts_saved_game_get_property (GObject    *object,
                                guint       prop_id,
                                GValue     *value,
                                GParamSpec *pspec)
{
  HeartsSavedGame *self = HEARTS_SAVED_GAME (object);

  switch (prop_id)
    {
    case PROP_SETTINGS:
      g_value_set_object (value, self->settings);
      break;
    case PROP_FILE:
      g_value_set_object (value, self->disk != NULL ? self->disk->file : NULL);
      break;
    case PROP_GAME:
      g_value_set_object (value, self->game);
      break;
    case PROP_N_WRITES:
      g_value_set_uint (value, self->n_writes);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
hearts_saved_game_set_property (GObject      *object,
                                guint         prop_id,
                                const GValue *value,
                                GParamSpec   *pspec)
{
  HeartsSavedGame *self = HEARTS_SAVED_GAME (object);

  switch (prop_id)
    {
    case PROP_SETTINGS:
      self->settings = g_value_dup_object (value);
      break;
    case PROP_FILE:
      if (g_value_get_object (value) != NULL)
        self->disk = disk_new (g_value_get_object (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
hearts_saved_game_class_init (HeartsSavedGameClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->constructed = hearts_saved_game_constructed;
  object_class->dispose = hearts_saved_game_dispose;
  object_class->finalize = hearts_saved_game_finalize;
  object_class->get_property = hearts_saved_game_get_property;
  object_class->set_property = hearts_saved_game_set_property;

  properties[PROP_SETTINGS] =
    g_param_spec_object ("settings", NULL, NULL,
                         G_TYPE_SETTINGS,
                         (G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS));
  /* Where the game is kept; NULL at construction: the default file. */
  properties[PROP_FILE] =
    g_param_spec_object ("file", NULL, NULL,
                         G_TYPE_FILE,
                         (G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS));
  /* The game followed; NULL once it is over. */
  properties[PROP_GAME] =
    g_param_spec_object ("game", NULL, NULL,
                         HEARTS_TYPE_GAME,
                         (G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));
  /* Files written or removed: how well writes are coalesced. */
  properties[PROP_N_WRITES] =
    g_param_spec_uint ("n-writes", NULL, NULL,
                       0, G_MAXUINT, 0,
                       (G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));
  g_object_class_install_properties (object_class, N_PROPS, properties);

  /* The game could not be saved (a sentence for the player); once until a save works again. */
  signals[WRITE_FAILED] =
    g_signal_new ("write-failed",
                  G_TYPE_FROM_CLASS (klass),
                  G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL,
                  G_TYPE_NONE, 1, G_TYPE_STRING);
}

static void
hearts_saved_game_init (HeartsSavedGame *self)
{
  self->preset = HEARTS_PRESET_CUSTOM;
}

/* Public API */

HeartsSavedGame *
hearts_saved_game_new (GSettings *settings,
                       GFile     *file)
{
  g_return_val_if_fail (G_IS_SETTINGS (settings), NULL);
  g_return_val_if_fail (file == NULL || G_IS_FILE (file), NULL);

  return g_object_new (HEARTS_TYPE_SAVED_GAME, "settings", settings, "file", file, NULL);
}

HeartsGame *
hearts_saved_game_restore (HeartsSavedGame *self,
                           GError         **error)
{
  g_autoptr(GBytes) contents = NULL;
  g_autoptr(GVariant) state = NULL;
  g_autoptr(HeartsGame) game = NULL;
  g_autoptr(GError) local = NULL;
  HeartsPreset preset;
  gint64       date;

  g_return_val_if_fail (HEARTS_IS_SAVED_GAME (self), NULL);

  move_old_key (self);
  restore_finished (self);

  /* Whatever is there is looked at before it is read: a named pipe or a link to a
   * device would block here for ever, a huge file fill the memory. */
  contents = hearts_file_load (g_file_peek_path (self->disk->file), HEARTS_SAVED_GAME_MAX_SIZE, &local);
  if (contents == NULL)
    {
      if (g_error_matches (local, G_IO_ERROR, G_IO_ERROR_NOT_FOUND))
        return NULL;
      g_message ("Could not read the saved game: %s", local->message);
      invalid (error, local->message);
      put_aside (self, error);
      return NULL;
    }

  state = hearts_saved_game_from_file_bytes (contents, error);
  if (state != NULL)
    game = hearts_saved_game_from_variant (state, &preset, NULL, error);
  if (game == NULL)
    {
      put_aside (self, error);
      return NULL;
    }

  /* Saved at its very end, then the program stopped before counting it, or after
   * counting it but before the file was gone. */
  if (hearts_game_get_phase (game) == HEARTS_PHASE_GAME_OVER)
    {
      if (!g_variant_lookup (state, "finished", "x", &date))
        date = CLAMP (g_get_real_time () / G_USEC_PER_SEC, HEARTS_DATE_MIN, HEARTS_DATE_MAX);
      if (!already_counted (self->settings, game, preset, date))
        count_game (self, game, preset, date);
      if (!self->uncounted)
        write_now (self, NULL);
      return NULL;
    }

  self->preset = preset;
  return g_steal_pointer (&game);
}

HeartsPreset
hearts_saved_game_get_preset (HeartsSavedGame *self)
{
  g_return_val_if_fail (HEARTS_IS_SAVED_GAME (self), HEARTS_PRESET_CUSTOM);
  return self->preset;
}

HeartsGame *
hearts_saved_game_get_game (HeartsSavedGame *self)
{
  g_return_val_if_fail (HEARTS_IS_SAVED_GAME (self), NULL);
  return self->game;
}

guint
hearts_saved_game_get_n_writes (HeartsSavedGame *self)
{
  g_return_val_if_fail (HEARTS_IS_SAVED_GAME (self), 0);
  return self->n_writes;
}

void
hearts_saved_game_follow (HeartsSavedGame *self,
                          HeartsGame      *game,
                          HeartsPreset     preset)
{
  g_return_if_fail (HEARTS_IS_SAVED_GAME (self));
  g_return_if_fail (game == NULL || HEARTS_IS_GAME (game));
  g_return_if_fail (preset < HEARTS_N_PRESETS);

  if (game == self->game)
    return;

  if (self->game != NULL)
    {
      g_signal_handlers_disconnect_by_func (self->game, on_game_changed_cb, self);
      g_clear_object (&self->game);
      /* No longer followed: the file goes, unless a new game replaces it. */
      schedule_write (self);
    }

  if (game != NULL)
    {
      if (self->uncounted)
        keep_uncounted (self);
      self->preset = preset;
      self->game = g_object_ref (game);
      g_signal_connect_object (game, "changed", G_CALLBACK (on_game_changed_cb), self,
                               G_CONNECT_SWAPPED);
      on_game_changed_cb (self, game);
    }

  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_GAME]);
}

void
hearts_saved_game_clear (HeartsSavedGame *self)
{
  g_return_if_fail (HEARTS_IS_SAVED_GAME (self));

  hearts_saved_game_follow (self, NULL, HEARTS_PRESET_CUSTOM);
  schedule_write (self);
}

void
hearts_saved_game_flush (HeartsSavedGame *self)
{
  g_return_if_fail (HEARTS_IS_SAVED_GAME (self));

  if (self->dirty || self->in_flight)
    write_now (self, NULL);
}
