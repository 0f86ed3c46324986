/* hearts-window-settings.c: the window and its settings
 *
 * The table's looks and the window's size are bound to their keys; new games take
 * their rules, seats and engines from the settings; the game in progress is saved by
 * HeartsSavedGame after every move and resumed at launch.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>

#include "hearts-statistics.h"
#include "hearts-window-private.h"

/* Mappings from keys to the table's properties */

static gboolean
click_mode_to_double_click (GValue   *value,
                            GVariant *variant,
                            gpointer  user_data)
{
  g_value_set_boolean (value, g_strcmp0 (g_variant_get_string (variant, NULL), "double") == 0);
  return TRUE;
}

static gboolean
animation_speed_to_factor (GValue   *value,
                           GVariant *variant,
                           gpointer  user_data)
{
  static const struct
  {
    const char *nick;
    double      factor;
  } speeds[] = {
    { "off", 0 },
    { "fast", 2 },
    { "normal", 1 },
    { "slow", 0.5 },
  };
  const char *nick = g_variant_get_string (variant, NULL);

  for (guint i = 0; i < G_N_ELEMENTS (speeds); i++)
    if (g_strcmp0 (speeds[i].nick, nick) == 0)
      {
        g_value_set_double (value, speeds[i].factor);
        return TRUE;
      }
  return FALSE;
}

/* A theme id that is not installed (any more) shows our own deck. */
static gboolean
theme_id_to_theme (GValue   *value,
                   GVariant *variant,
                   gpointer  user_data)
{
  HeartsTable     *table = user_data;
  HeartsCardTheme *current = hearts_table_get_card_theme (table);
  const char      *id = g_variant_get_string (variant, NULL);
  g_autoptr(GError) error = NULL;
  HeartsCardTheme *theme;

  /* Keep the one loaded, with its cache, if the key was only written again. */
  if (current != NULL && g_strcmp0 (hearts_card_theme_get_id (current), id) == 0)
    {
      g_value_set_object (value, current);
      return TRUE;
    }

  theme = hearts_card_theme_new_for_id (id, &error);
  if (theme == NULL)
    {
      g_debug ("Card theme %s: %s", id, error->message);
      theme = hearts_card_theme_new_default ();
    }
  g_value_take_object (value, theme);
  return TRUE;
}

/* A second GSettings on the same store, for the window size: it changes with every
 * step of a resize, so it is written once, when the window closes. */
static GSettings *
new_delayed (GSettings *settings)
{
  g_autoptr(GSettingsSchema) schema = NULL;
  g_autoptr(GSettingsBackend) backend = NULL;
  g_autofree char *path = NULL;
  GSettings       *delayed;

  g_object_get (settings, "settings-schema", &schema, "backend", &backend, "path", &path, NULL);
  delayed = g_settings_new_full (schema, backend, path);
  g_settings_delay (delayed);
  return delayed;
}

void
_hearts_window_bind_settings (HeartsWindow *self)
{
  GSettings *settings = hearts_settings_get_settings (self->settings);

  g_settings_bind (settings, "highlight-legal", self->table, "highlight-legal", G_SETTINGS_BIND_GET);
  g_settings_bind (settings, "hand-sort", self->table, "hand-sort", G_SETTINGS_BIND_GET);
  g_settings_bind_with_mapping (settings, "click-to-play", self->table, "double-click", G_SETTINGS_BIND_GET,
                                click_mode_to_double_click, NULL, NULL, NULL);
  g_settings_bind_with_mapping (settings, "animation-speed", self->table, "animation-speed", G_SETTINGS_BIND_GET,
                                animation_speed_to_factor, NULL, NULL, NULL);
  g_settings_bind_with_mapping (settings, "card-theme", self->table, "card-theme", G_SETTINGS_BIND_GET,
                                theme_id_to_theme, NULL, self->table, NULL);
  g_settings_bind (settings, "sounds", self->sounds, "enabled", G_SETTINGS_BIND_GET);

  /* The window's "sensitive" is not for a locked-down size key to decide. */
  self->window_state = new_delayed (settings);
  g_settings_bind (self->window_state, "window-width", self, "default-width",
                   G_SETTINGS_BIND_DEFAULT | G_SETTINGS_BIND_NO_SENSITIVITY);
  g_settings_bind (self->window_state, "window-height", self, "default-height",
                   G_SETTINGS_BIND_DEFAULT | G_SETTINGS_BIND_NO_SENSITIVITY);
  g_settings_bind (self->window_state, "window-maximized", self, "maximized",
                   G_SETTINGS_BIND_DEFAULT | G_SETTINGS_BIND_NO_SENSITIVITY);
}

void
_hearts_window_save_state (HeartsWindow *self)
{
  if (self->window_state != NULL)
    g_settings_apply (self->window_state);
}

/* New games */

GStrv
_hearts_window_dup_engines (HeartsWindow *self)
{
  guint n = hearts_game_get_n_players (self->game);
  g_autoptr(GStrvBuilder) builder = g_strv_builder_new ();

  for (guint s = 0; s < n; s++)
    {
      g_autofree char *command = s == HEARTS_HUMAN_SEAT ? NULL : hearts_settings_get_seat_engine (self->settings, s);

      g_strv_builder_add (builder, command != NULL ? command : "");
    }
  return g_strv_builder_end (builder);
}

/* A new game from the settings, with the seed (and rules) of the command line the first time. */
HeartsGame *
_hearts_window_new_game_from_settings (HeartsWindow *self)
{
  GtkApplication  *app = gtk_window_get_application (GTK_WINDOW (self));
  g_autofree char *rules_text = NULL;
  g_autoptr(GError) error = NULL;
  HeartsGame *game;
  HeartsRules rules;
  guint64     seed;

  if (HEARTS_IS_APPLICATION (app))
    {
      seed = hearts_application_take_seed (HEARTS_APPLICATION (app));
      rules_text = hearts_application_take_rules (HEARTS_APPLICATION (app));
    }
  else
    seed = ((guint64) g_random_int () << 32) | g_random_int ();

  if (rules_text == NULL)
    return hearts_settings_new_game (self->settings, seed);

  /* --rules changes the rules of the settings for this one game. */
  hearts_settings_get_rules (self->settings, &rules, NULL);
  if (!hearts_rules_apply_string (&rules, rules_text, &error) || hearts_rules_check (&rules) != NULL)
    {
      g_debug ("--rules %s with the rules of the settings: %s", rules_text,
               error != NULL ? error->message : hearts_rules_check (&rules));
      return hearts_settings_new_game (self->settings, seed);
    }
  game = hearts_game_new (&rules, seed);
  for (guint s = 1; s < rules.n_players; s++)
    hearts_game_set_seat_level (game, s, hearts_settings_get_seat_level (self->settings, s));
  return game;
}

/* Public API */

void
hearts_window_start (HeartsWindow *self,
                     gboolean      resume)
{
  GSettings *settings;
  g_autoptr(GError) error = NULL;
  g_autoptr(HeartsGame) game = NULL;

  g_return_if_fail (HEARTS_IS_WINDOW (self));

  settings = hearts_settings_get_settings (self->settings);
  if (!hearts_settings_check (self->settings, &error))
    _hearts_window_add_toast (self, error->message, FALSE);
  g_clear_error (&error);
  if (!hearts_statistics_check (settings, &error))
    _hearts_window_add_toast (self, error->message, FALSE);
  g_clear_error (&error);

  if (resume)
    {
      /* A game saved at its very end is counted here, and none is returned. */
      game = hearts_saved_game_restore (self->saved_game, &error);
      if (error != NULL)
        _hearts_window_add_toast (self, error->message, FALSE);
    }

  if (game != NULL)
    _hearts_window_start_game (self, game, hearts_saved_game_get_preset (self->saved_game));
  else
    hearts_window_new_game (self, NULL);
}
