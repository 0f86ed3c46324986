/* hearts-keyfile-backend.c
 *
 * GLib's keyfile backend, the Flatpak's, rewrites the whole keyfile with
 * g_file_replace_contents() after every change and ignores the outcome: on a full
 * disk that leaves the file empty (GLib 2.74 and 2.84), and the next start has lost
 * the statistics, the history and every preference. It also reads whatever is at the
 * keyfile's path (a named pipe blocks it for ever) and parses values that are not
 * UTF-8 into a critical. This backend keeps the same file in the same format, so the
 * two can be swapped either way, and fixes those three.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <errno.h>
#include <glib/gi18n-lib.h>
#include <glib/gstdio.h>
#include <string.h>
#include <unistd.h>

#include "hearts-file.h"
#include "hearts-keyfile-backend.h"

struct _HeartsKeyfileBackend
{
  GSettingsBackend parent_instance;

  GMutex       lock; /* @keyfile; the rest is set at construction */
  GKeyFile    *keyfile;
  GPermission *permission;
  char        *filename;
  char        *dir;
  char        *prefix;     /* the root path, "/" by default */
  char        *root_group; /* the group of the keys right under @prefix, or NULL */
  gboolean     failing;    /* the last write failed, and it was said */
  guint        retry_id;   /* writes again while @failing */
};

G_DEFINE_FINAL_TYPE (HeartsKeyfileBackend, hearts_keyfile_backend, G_TYPE_SETTINGS_BACKEND)

#define RETRY_SECONDS 5

enum
{
  PROP_0,
  PROP_FILENAME,
  PROP_ROOT_PATH,
  PROP_ROOT_GROUP,
  N_PROPS
};

enum
{
  WRITE_FAILED,
  SAVED,
  N_SIGNALS
};

static GParamSpec *properties[N_PROPS];
static guint       signals[N_SIGNALS];

/* What happened to the keyfile at startup, for the player. */
G_LOCK_DEFINE_STATIC (notice);
static char *notice;

static void
set_notice (const char *basename)
{
  G_LOCK (notice);
  g_free (notice);
  /* Translators: %s is a file name, "keyfile.bad" */
  notice = g_strdup_printf (_("The settings could not be read and were kept as “%s”; the defaults are used"),
                               basename);
  G_UNLOCK (notice);
}

static char *
default_filename (void)
{
  return g_build_filename (g_get_user_config_dir (), "glib-2.0", "settings", "keyfile", NULL);
}

/* A file that cannot be the keyfile goes out of the way, and the player is told. */
static void
put_aside (const char   *filename,
           const GError *why)
{
  g_autofree char *basename = NULL;

  g_message ("The settings keyfile cannot be used: %s", why->message);
  basename = hearts_file_put_aside (filename);
  if (basename != NULL)
    set_notice (basename);
}

/* A key's group and name, as GLib's keyfile backend makes them: the path under the
 * root, its last part the name and the rest the group ("io/github/gtkhearts/Hearts");
 * a key right under the root goes into the root group, if there is one. */
static gboolean
split_key (HeartsKeyfileBackend *self,
           const char           *key,
           char                **group,
           char                **name)
{
  const char *rest, *slash;

  if (!g_str_has_prefix (key, self->prefix))
    return FALSE;
  rest = key + strlen (self->prefix);
  slash = strrchr (rest, '/');
  if (slash == NULL)
    {
      if (self->root_group == NULL)
        return FALSE;
      if (group != NULL)
        *group = g_strdup (self->root_group);
    }
  else
    {
      /* A path that would read as the root group is refused. */
      if (self->root_group != NULL && (gsize) (slash - rest) == strlen (self->root_group) &&
          strncmp (rest, self->root_group, slash - rest) == 0)
        return FALSE;
      if (group != NULL)
        *group = g_strndup (rest, slash - rest);
      rest = slash + 1;
    }
  if (name != NULL)
    *name = g_strdup (rest);
  return TRUE;
}

static gboolean
dir_is_writable (HeartsKeyfileBackend *self)
{
  return access (self->dir, W_OK | X_OK) == 0;
}

/* Called with the lock held; the caller says "changed" after letting it go. */
static void
set_locked (HeartsKeyfileBackend *self,
            const char           *key,
            GVariant             *value)
{
  g_autofree char *group = NULL;
  g_autofree char *name = NULL;

  if (!split_key (self, key, &group, &name))
    return;
  if (value != NULL)
    {
      g_autofree char *text = g_variant_print (value, FALSE);

      g_key_file_set_value (self->keyfile, group, name, text);
    }
  else if (name[0] != '\0')
    g_key_file_remove_key (self->keyfile, group, name, NULL);
  else
    {
      /* A whole path reset ("…/"): its group and those under it go. */
      g_auto(GStrv) groups = g_key_file_get_groups (self->keyfile, NULL);
      gsize len = strlen (group);

      for (guint i = 0; groups[i] != NULL; i++)
        if (g_str_has_prefix (groups[i], group) && (groups[i][len] == '\0' || groups[i][len] == '/'))
          g_key_file_remove_group (self->keyfile, groups[i], NULL);
    }
}

/* Called with the lock held: the whole file, written beside and renamed over it. */
static gboolean
save_locked (HeartsKeyfileBackend *self,
             GError              **error)
{
  g_autofree char *data = NULL;
  gsize            len;

  data = g_key_file_to_data (self->keyfile, &len, NULL);
  return hearts_file_replace (self->filename, data, len, error);
}

static void saved (HeartsKeyfileBackend *self,
                   const GError         *error);

/* The file is behind: it is written again now and then, so that what a full disk held
 * back reaches it once there is room, even if nothing changes meanwhile. */
static gboolean
retry_cb (gpointer user_data)
{
  HeartsKeyfileBackend *self = user_data;
  g_autoptr(GError) error = NULL;

  self->retry_id = 0;
  g_mutex_lock (&self->lock);
  save_locked (self, &error);
  g_mutex_unlock (&self->lock);
  saved (self, error);
  return G_SOURCE_REMOVE;
}

/* Once per streak of failures; the values are kept and go with the next write. */
static void
saved (HeartsKeyfileBackend *self,
       const GError         *error)
{
  g_autofree char *message = NULL;

  if (error == NULL)
    {
      g_clear_handle_id (&self->retry_id, g_source_remove);
      if (self->failing)
        {
          self->failing = FALSE;
          g_signal_emit (self, signals[SAVED], 0);
        }
      return;
    }
  g_message ("Could not write the settings to %s: %s", self->filename, error->message);
  if (self->retry_id == 0)
    self->retry_id = g_timeout_add_seconds (RETRY_SECONDS, retry_cb, self);
  if (self->failing)
    return;
  self->failing = TRUE;
  /* Translators: %s says why, e.g. "No space left on device" */
  message = g_strdup_printf (_("The settings could not be saved: %s"), error->message);
  g_signal_emit (self, signals[WRITE_FAILED], 0, message);
}

static GVariant *
hearts_keyfile_backend_read (GSettingsBackend   *backend,
                             const char         *key,
                             const GVariantType *expected_type,
                             gboolean            default_value)
{
  HeartsKeyfileBackend *self = HEARTS_KEYFILE_BACKEND (backend);
  g_autofree char      *group = NULL;
  g_autofree char      *name = NULL;
  g_autofree char      *text = NULL;
  GVariant             *value;

  if (default_value || !split_key (self, key, &group, &name))
    return NULL;
  g_mutex_lock (&self->lock);
  text = g_key_file_get_value (self->keyfile, group, name, NULL);
  g_mutex_unlock (&self->lock);

  /* GLib's parser makes a critical of a string that is not UTF-8. */
  if (text == NULL || !g_utf8_validate (text, -1, NULL))
    return NULL;
  value = g_variant_parse (expected_type, text, NULL, NULL, NULL);
  /* As GLib's backend: a string may be written without its quotes. */
  if (value == NULL && g_variant_type_equal (expected_type, G_VARIANT_TYPE_STRING) && text[0] != '"' &&
      text[0] != '\'')
    value = g_variant_new_string (text);
  return value != NULL ? g_variant_ref_sink (value) : NULL;
}

static gboolean
hearts_keyfile_backend_write (GSettingsBackend *backend,
                              const char       *key,
                              GVariant         *value,
                              gpointer          origin_tag)
{
  HeartsKeyfileBackend *self = HEARTS_KEYFILE_BACKEND (backend);
  g_autoptr(GVariant) owned = g_variant_ref_sink (value);
  g_autoptr(GError) error = NULL;

  if (!split_key (self, key, NULL, NULL) || !dir_is_writable (self))
    return FALSE;
  g_mutex_lock (&self->lock);
  set_locked (self, key, owned);
  save_locked (self, &error);
  g_mutex_unlock (&self->lock);

  g_settings_backend_changed (backend, key, origin_tag);
  saved (self, error);
  return TRUE;
}

static gboolean
check_key_cb (gpointer key,
              gpointer value,
              gpointer user_data)
{
  gpointer *data = user_data;

  if (!split_key (data[0], key, NULL, NULL))
    {
      data[1] = GINT_TO_POINTER (TRUE);
      return TRUE;
    }
  return FALSE;
}

static gboolean
set_key_cb (gpointer key,
            gpointer value,
            gpointer user_data)
{
  set_locked (user_data, key, value);
  return FALSE;
}

static gboolean
hearts_keyfile_backend_write_tree (GSettingsBackend *backend,
                                   GTree            *tree,
                                   gpointer          origin_tag)
{
  HeartsKeyfileBackend *self = HEARTS_KEYFILE_BACKEND (backend);
  g_autoptr(GError) error = NULL;
  gpointer data[2] = { self, NULL };

  g_tree_foreach (tree, check_key_cb, data);
  if (data[1] != NULL || !dir_is_writable (self))
    return FALSE;

  g_mutex_lock (&self->lock);
  g_tree_foreach (tree, set_key_cb, self);
  save_locked (self, &error);
  g_mutex_unlock (&self->lock);

  g_settings_backend_changed_tree (backend, tree, origin_tag);
  saved (self, error);
  return TRUE;
}

static void
hearts_keyfile_backend_reset (GSettingsBackend *backend,
                              const char       *key,
                              gpointer          origin_tag)
{
  HeartsKeyfileBackend *self = HEARTS_KEYFILE_BACKEND (backend);
  g_autoptr(GError) error = NULL;

  if (split_key (self, key, NULL, NULL) && dir_is_writable (self))
    {
      g_mutex_lock (&self->lock);
      set_locked (self, key, NULL);
      save_locked (self, &error);
      g_mutex_unlock (&self->lock);
      saved (self, error);
    }
  g_settings_backend_changed (backend, key, origin_tag);
}

/* As GLib's backend: every key under the root, while the folder can be written. */
static gboolean
hearts_keyfile_backend_get_writable (GSettingsBackend *backend,
                                     const char       *key)
{
  HeartsKeyfileBackend *self = HEARTS_KEYFILE_BACKEND (backend);

  return split_key (self, key, NULL, NULL) && dir_is_writable (self);
}

static GPermission *
hearts_keyfile_backend_get_permission (GSettingsBackend *backend,
                                       const char       *path)
{
  return g_object_ref (HEARTS_KEYFILE_BACKEND (backend)->permission);
}

/* GObject */

static void
hearts_keyfile_backend_constructed (GObject *object)
{
  HeartsKeyfileBackend *self = (HeartsKeyfileBackend *) object;
  g_autoptr(GBytes) contents = NULL;
  g_autoptr(GError) error = NULL;

  G_OBJECT_CLASS (hearts_keyfile_backend_parent_class)->constructed (object);

  if (self->filename == NULL)
    self->filename = default_filename ();
  if (self->prefix == NULL)
    self->prefix = g_strdup ("/");
  self->dir = g_path_get_dirname (self->filename);
  if (g_mkdir_with_parents (self->dir, 0700) != 0)
    g_message ("Could not make %s: %s", self->dir, g_strerror (errno));

  contents = hearts_file_load (self->filename, HEARTS_KEYFILE_MAX_SIZE, &error);
  if (contents == NULL && !g_error_matches (error, G_IO_ERROR, G_IO_ERROR_NOT_FOUND))
    put_aside (self->filename, error);
  else if (contents != NULL && g_bytes_get_size (contents) > 0 &&
           !g_key_file_load_from_data (self->keyfile, g_bytes_get_data (contents, NULL),
                                       g_bytes_get_size (contents),
                                       G_KEY_FILE_KEEP_COMMENTS | G_KEY_FILE_KEEP_TRANSLATIONS, &error))
    {
      /* Written again at the first change, it would lose everything else for good. */
      put_aside (self->filename, error);
      g_key_file_unref (self->keyfile);
      self->keyfile = g_key_file_new ();
    }
}

static void
hearts_keyfile_backend_finalize (GObject *object)
{
  HeartsKeyfileBackend *self = (HeartsKeyfileBackend *) object;

  g_clear_handle_id (&self->retry_id, g_source_remove);
  g_mutex_clear (&self->lock);
  g_key_file_unref (self->keyfile);
  g_clear_object (&self->permission);
  g_free (self->filename);
  g_free (self->dir);
  g_free (self->prefix);
  g_free (self->root_group);

  G_OBJECT_CLASS (hearts_keyfile_backend_parent_class)->finalize (object);
}

static void
hearts_keyfile_backend_get_property (GObject    *object,
                                     guint       prop_id,
                                     GValue     *value,
                                     GParamSpec *pspec)
{
  HeartsKeyfileBackend *self = HEARTS_KEYFILE_BACKEND (object);

  switch (prop_id)
    {
    case PROP_FILENAME:
      g_value_set_string (value, self->filename);
      break;
    case PROP_ROOT_PATH:
      g_value_set_string (value, self->prefix);
      break;
    case PROP_ROOT_GROUP:
      g_value_set_string (value, self->root_group);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
hearts_keyfile_backend_set_property (GObject      *object,
                                     guint         prop_id,
                                     const GValue *value,
                                     GParamSpec   *pspec)
{
  HeartsKeyfileBackend *self = HEARTS_KEYFILE_BACKEND (object);

  switch (prop_id)
    {
    case PROP_FILENAME:
      self->filename = g_value_dup_string (value);
      break;
    case PROP_ROOT_PATH:
      self->prefix = g_value_dup_string (value);
      break;
    case PROP_ROOT_GROUP:
      self->root_group = g_value_dup_string (value);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
hearts_keyfile_backend_class_init (HeartsKeyfileBackendClass *klass)
{
  GObjectClass          *object_class = G_OBJECT_CLASS (klass);
  GSettingsBackendClass *backend_class = G_SETTINGS_BACKEND_CLASS (klass);

  object_class->constructed = hearts_keyfile_backend_constructed;
  object_class->finalize = hearts_keyfile_backend_finalize;
  object_class->get_property = hearts_keyfile_backend_get_property;
  object_class->set_property = hearts_keyfile_backend_set_property;

  backend_class->read = hearts_keyfile_backend_read;
  backend_class->write = hearts_keyfile_backend_write;
  backend_class->write_tree = hearts_keyfile_backend_write_tree;
  backend_class->reset = hearts_keyfile_backend_reset;
  backend_class->get_writable = hearts_keyfile_backend_get_writable;
  backend_class->get_permission = hearts_keyfile_backend_get_permission;

  /* The names of GLib's keyfile backend's, so that code reading one reads the other. */
  properties[PROP_FILENAME] =
    g_param_spec_string ("filename", NULL, NULL, NULL,
                         (G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS));
  properties[PROP_ROOT_PATH] =
    g_param_spec_string ("root-path", NULL, NULL, NULL,
                         (G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS));
  properties[PROP_ROOT_GROUP] =
    g_param_spec_string ("root-group", NULL, NULL, NULL,
                         (G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS));
  g_object_class_install_properties (object_class, N_PROPS, properties);

  /* The settings could not be written (a sentence for the player); once until a write
   * works again. */
  signals[WRITE_FAILED] =
    g_signal_new ("write-failed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL, G_TYPE_NONE, 1, G_TYPE_STRING);
  /* The file holds every value again after a failure. */
  signals[SAVED] =
    g_signal_new ("saved", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL, G_TYPE_NONE, 0);
}

static void
hearts_keyfile_backend_init (HeartsKeyfileBackend *self)
{
  g_mutex_init (&self->lock);
  self->keyfile = g_key_file_new ();
  self->permission = g_simple_permission_new (TRUE);
}

/* Public API */

GSettingsBackend *
hearts_keyfile_backend_new (const char *filename,
                            const char *root_path,
                            const char *root_group)
{
  g_return_val_if_fail (filename != NULL, NULL);
  g_return_val_if_fail (root_path != NULL && g_str_has_prefix (root_path, "/") &&
                          g_str_has_suffix (root_path, "/") && strstr (root_path, "//") == NULL,
                        NULL);

  return g_object_new (HEARTS_TYPE_KEYFILE_BACKEND,
                       "filename", filename, "root-path", root_path, "root-group", root_group, NULL);
}

GSettingsBackend *
hearts_keyfile_backend_get_default (void)
{
  static gsize             once = 0;
  static GSettingsBackend *backend = NULL;

  if (g_once_init_enter (&once))
    {
      g_autoptr(GSettingsBackend) glib_default = g_settings_backend_get_default ();
      GSettingsBackend *chosen;

      if (g_strcmp0 (G_OBJECT_TYPE_NAME (glib_default), "GKeyfileSettingsBackend") == 0)
        {
          g_autofree char *filename = NULL;
          g_autofree char *root_path = NULL;
          g_autofree char *root_group = NULL;

          g_object_get (glib_default, "filename", &filename, "root-path", &root_path,
                        "root-group", &root_group, NULL);
          chosen = hearts_keyfile_backend_new (filename, root_path != NULL ? root_path : "/", root_group);
        }
      else
        chosen = g_object_ref (glib_default);
      backend = chosen;
      g_once_init_leave (&once, 1);
    }
  return g_object_ref (backend);
}

gboolean
hearts_keyfile_backend_is_saved (GSettingsBackend *backend)
{
  g_return_val_if_fail (G_IS_SETTINGS_BACKEND (backend), TRUE);

  return !HEARTS_IS_KEYFILE_BACKEND (backend) || !HEARTS_KEYFILE_BACKEND (backend)->failing;
}

void
hearts_keyfile_backend_check_file (void)
{
  const char      *chosen = g_getenv ("GSETTINGS_BACKEND");
  g_autofree char *filename = NULL;
  g_autoptr(GError) error = NULL;

  if (chosen != NULL && chosen[0] != '\0' && g_strcmp0 (chosen, "keyfile") != 0)
    return;
  filename = default_filename ();
  if (!hearts_file_check (filename, HEARTS_KEYFILE_MAX_SIZE, &error))
    put_aside (filename, error);
}

char *
hearts_keyfile_backend_take_notice (void)
{
  char *taken;

  G_LOCK (notice);
  taken = g_steal_pointer (&notice);
  G_UNLOCK (notice);
  return taken;
}
