/* hearts-card-theme-list.c: the card themes installed, ours and Aisleriot's
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <string.h>

#include <glib/gi18n.h>

#include "hearts-card-theme-private.h"

#define AISLERIOT_DIR "/usr/share/aisleriot/cards"

struct _HeartsCardThemeInfo
{
  GObject parent_instance;

  char *id;
  char *name;
  char *path;
};

G_DEFINE_FINAL_TYPE (HeartsCardThemeInfo, hearts_card_theme_info, G_TYPE_OBJECT)

enum
{
  INFO_PROP_0,
  INFO_PROP_ID,
  INFO_PROP_NAME,
  INFO_PROP_PATH,
  N_INFO_PROPS
};

static GParamSpec *info_properties[N_INFO_PROPS];

static void
hearts_card_theme_info_finalize (GObject *object)
{
  HeartsCardThemeInfo *self = (HeartsCardThemeInfo *) object;

  g_clear_pointer (&self->id, g_free);
  g_clear_pointer (&self->name, g_free);
  g_clear_pointer (&self->path, g_free);

  G_OBJECT_CLASS (hearts_card_theme_info_parent_class)->finalize (object);
}

static void
hearts_card_theme_info_get_property (GObject    *object,
                                     guint       prop_id,
                                     GValue     *value,
                                     GParamSpec *pspec)
{
  HeartsCardThemeInfo *self = HEARTS_CARD_THEME_INFO (object);

  switch (prop_id)
    {
    case INFO_PROP_ID:
      g_value_set_string (value, self->id);
      break;

    case INFO_PROP_NAME:
      g_value_set_string (value, self->name);
      break;

    case INFO_PROP_PATH:
      g_value_set_string (value, self->path);
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
hearts_card_theme_info_set_property (GObject      *object,
                                     guint         prop_id,
                                     const GValue *value,
                                     GParamSpec   *pspec)
{
  HeartsCardThemeInfo *self = HEARTS_CARD_THEME_INFO (object);

  switch (prop_id)
    {
    case INFO_PROP_ID:
      self->id = g_value_dup_string (value);
      break;

    case INFO_PROP_NAME:
      self->name = g_value_dup_string (value);
      break;

    case INFO_PROP_PATH:
      self->path = g_value_dup_string (value);
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
hearts_card_theme_info_class_init (HeartsCardThemeInfoClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->finalize = hearts_card_theme_info_finalize;
  object_class->get_property = hearts_card_theme_info_get_property;
  object_class->set_property = hearts_card_theme_info_set_property;

  info_properties[INFO_PROP_ID] =
    g_param_spec_string ("id", NULL, NULL,
                         NULL,
                         G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS);

  info_properties[INFO_PROP_NAME] =
    g_param_spec_string ("name", NULL, NULL,
                         NULL,
                         G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS);

  info_properties[INFO_PROP_PATH] =
    g_param_spec_string ("path", NULL, NULL,
                         NULL,
                         G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS);

  g_object_class_install_properties (object_class, N_INFO_PROPS, info_properties);
}

static void
hearts_card_theme_info_init (HeartsCardThemeInfo *self)
{
}

const char *
hearts_card_theme_info_get_id (HeartsCardThemeInfo *self)
{
  g_return_val_if_fail (HEARTS_IS_CARD_THEME_INFO (self), NULL);

  return self->id;
}

const char *
hearts_card_theme_info_get_name (HeartsCardThemeInfo *self)
{
  g_return_val_if_fail (HEARTS_IS_CARD_THEME_INFO (self), NULL);

  return self->name;
}

/**
 * hearts_card_theme_info_get_path:
 *
 * Returns: a file name, or a resource:/// URI for our own deck; either can be passed to
 *   hearts_card_theme_new_for_file()
 */
const char *
hearts_card_theme_info_get_path (HeartsCardThemeInfo *self)
{
  g_return_val_if_fail (HEARTS_IS_CARD_THEME_INFO (self), NULL);

  return self->path;
}

HeartsCardTheme *
hearts_card_theme_info_load (HeartsCardThemeInfo *self,
                             GError             **error)
{
  g_return_val_if_fail (HEARTS_IS_CARD_THEME_INFO (self), NULL);

  if (g_str_equal (self->id, HEARTS_CARD_THEME_DEFAULT_ID))
    return hearts_card_theme_new_default ();

  return hearts_card_theme_new_for_file (self->path, error);
}

/* "anglo_modern_4_color.svgz" → "Anglo Modern 4 Color", "swiss-xvii.svg" → "Swiss XVII". */
char *
_hearts_card_theme_display_name (const char *basename)
{
  g_autofree char *stem = g_strdup (basename);
  g_auto(GStrv) words = NULL;
  GString *name = g_string_new (NULL);
  char    *dot = strrchr (stem, '.');

  if (dot != NULL && dot != stem)
    *dot = '\0';
  g_strdelimit (stem, "_-", ' ');
  words = g_strsplit (stem, " ", -1);

  for (guint i = 0; words[i] != NULL; i++)
    {
      const char *word = words[i];
      gboolean    roman = strlen (word) > 1 && strspn (word, "ivxlcdm") == strlen (word);

      if (*word == '\0')
        continue;
      if (name->len > 0)
        g_string_append_c (name, ' ');

      if (roman)
        {
          g_autofree char *upper = g_utf8_strup (word, -1);
          g_string_append (name, upper);
        }
      else
        {
          gunichar first = g_utf8_get_char (word);
          g_string_append_unichar (name, g_unichar_totitle (first));
          g_string_append (name, g_utf8_next_char (word));
        }
    }

  return g_string_free (name, FALSE);
}

static int
compare_infos (gconstpointer a,
               gconstpointer b,
               gpointer      user_data)
{
  const HeartsCardThemeInfo *info_a = a;
  const HeartsCardThemeInfo *info_b = b;

  return g_utf8_collate (info_a->name, info_b->name);
}

static void
add_themes_in (GListStore *store,
               GHashTable *seen,
               const char *dir_name)
{
  g_autoptr(GDir) dir = g_dir_open (dir_name, 0, NULL);
  const char *basename;

  if (dir == NULL)
    return;

  while ((basename = g_dir_read_name (dir)) != NULL)
    {
      g_autoptr(HeartsCardThemeInfo) info = NULL;
      g_autofree char *path = NULL;
      g_autofree char *name = NULL;

      if (!g_str_has_suffix (basename, ".svg") && !g_str_has_suffix (basename, ".svgz"))
        continue;
      /* An earlier folder wins, as XDG_DATA_DIRS goes from the most important. */
      if (g_hash_table_contains (seen, basename))
        continue;

      path = g_build_filename (dir_name, basename, NULL);
      if (!g_file_test (path, G_FILE_TEST_IS_REGULAR))
        continue;

      name = _hearts_card_theme_display_name (basename);
      info = g_object_new (HEARTS_TYPE_CARD_THEME_INFO,
                           "id", basename,
                           "name", name,
                           "path", path,
                           NULL);
      g_hash_table_add (seen, g_strdup (basename));
      g_list_store_insert_sorted (store, info, compare_infos, NULL);
    }
}

/**
 * hearts_card_theme_list_available:
 *
 * Lists our deck, then the Aisleriot themes in the user's data folder,
 * /usr/share/aisleriot/cards and each XDG_DATA_DIRS/aisleriot/cards, sorted by name.
 * The files are only listed here; a broken one fails when it is loaded.
 *
 * Returns: (transfer full): a list of #HeartsCardThemeInfo
 */
GListModel *
hearts_card_theme_list_available (void)
{
  g_autoptr(GListStore) store = g_list_store_new (HEARTS_TYPE_CARD_THEME_INFO);
  g_autoptr(GListStore) result = g_list_store_new (HEARTS_TYPE_CARD_THEME_INFO);
  g_autoptr(GHashTable) seen = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  g_autoptr(HeartsCardThemeInfo) ours = NULL;
  g_autofree char    *user_dir = NULL;
  const char * const *data_dirs = g_get_system_data_dirs ();

  user_dir = g_build_filename (g_get_user_data_dir (), "aisleriot", "cards", NULL);
  add_themes_in (store, seen, user_dir);
  add_themes_in (store, seen, AISLERIOT_DIR);
  for (guint i = 0; data_dirs[i] != NULL; i++)
    {
      g_autofree char *dir = g_build_filename (data_dirs[i], "aisleriot", "cards", NULL);
      add_themes_in (store, seen, dir);
    }

  /* Translators: the name of the game's own card deck, listed beside Aisleriot's decks */
  ours = g_object_new (HEARTS_TYPE_CARD_THEME_INFO,
                       "id", HEARTS_CARD_THEME_DEFAULT_ID,
                       "name", C_("card theme", "Hearts"), "path", HEARTS_CARD_THEME_DEFAULT_URI, NULL);
  g_list_store_append (result, ours);
  for (guint i = 0; i < g_list_model_get_n_items (G_LIST_MODEL (store)); i++)
    {
      g_autoptr(HeartsCardThemeInfo) info = g_list_model_get_item (G_LIST_MODEL (store), i);
      g_list_store_append (result, info);
    }

  return G_LIST_MODEL (g_steal_pointer (&result));
}

static HeartsCardTheme *
load_for_id (const char *id,
             GError    **error)
{
  g_autoptr(GListModel) themes = NULL;
  guint n;

  if (g_str_equal (id, HEARTS_CARD_THEME_DEFAULT_ID))
    return hearts_card_theme_new_default ();

  themes = hearts_card_theme_list_available ();
  n = g_list_model_get_n_items (themes);
  for (guint i = 0; i < n; i++)
    {
      g_autoptr(HeartsCardThemeInfo) info = g_list_model_get_item (themes, i);

      if (g_str_equal (info->id, id))
        return hearts_card_theme_info_load (info, error);
    }

  g_set_error (error, HEARTS_CARD_THEME_ERROR, HEARTS_CARD_THEME_ERROR_NOT_FOUND,
               "No card theme “%s” is installed", id);

  return NULL;
}

/* The theme being loaded ahead, and its id; main thread. */
static GThread *preload_thread;
static char    *preload_id;

static gpointer
preload_func (gpointer data)
{
  return load_for_id (data, NULL);
}

/**
 * hearts_card_theme_preload:
 *
 * Starts loading the theme @id in a thread, for the next hearts_card_theme_new_for_id() with
 * that id to take: parsing a deck takes tens of milliseconds, which can overlap the building
 * of the window. Main thread.
 */
void
hearts_card_theme_preload (const char *id)
{
  g_return_if_fail (id != NULL);

  /* One at a time: an earlier one nobody took is finished and dropped. */
  if (preload_thread != NULL)
    {
      HeartsCardTheme *unused = g_thread_join (g_steal_pointer (&preload_thread));

      g_clear_object (&unused);
    }
  g_free (preload_id);
  preload_id = g_strdup (id);
  preload_thread = g_thread_new ("card-theme", preload_func, preload_id);
}

HeartsCardTheme *
hearts_card_theme_new_for_id (const char *id,
                              GError    **error)
{
  g_return_val_if_fail (id != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  if (preload_thread != NULL && g_str_equal (preload_id, id))
    {
      HeartsCardTheme *theme = g_thread_join (g_steal_pointer (&preload_thread));

      g_clear_pointer (&preload_id, g_free);
      /* On failure, load again here to say why. */
      if (theme != NULL)
        return theme;
    }

  return load_for_id (id, error);
}
