/* hearts-window-settings.c: the window and its settings
 *
 * The table's looks and the window's size are bound to their keys; the game in
 * progress is saved by HeartsSavedGame after every move and resumed at launch; the
 * seats' external engines start when a game does.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>

#include "hearts-compat.h"
#include "hearts-external-ai.h"
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
  static const struct { const char *nick; double factor; } speeds[] = {
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
  HeartsTable *table = user_data;
  HeartsCardTheme *current = hearts_table_get_card_theme (table);
  const char *id = g_variant_get_string (variant, NULL);
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
  GSettings *delayed;

  g_object_get (settings, "settings-schema", &schema, "backend", &backend, "path", &path, NULL);
  delayed = g_settings_new_full (schema, backend, path);
  g_settings_delay (delayed);
  return delayed;
}

void
hearts_window_bind_settings (HeartsWindow *self)
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
hearts_window_save_state (HeartsWindow *self)
{
  if (self->window_state != NULL)
    g_settings_apply (self->window_state);
}

/* External engines */

typedef struct
{
  HeartsGame *game;
  guint       n_players;
  char       *commands[HEARTS_MAX_PLAYERS];
  HeartsAi   *engines[HEARTS_MAX_PLAYERS];
  char       *errors[HEARTS_MAX_PLAYERS];
} EngineStart;

static void
engine_start_free (gpointer data)
{
  EngineStart *start = data;

  g_clear_object (&start->game);
  for (guint s = 0; s < HEARTS_MAX_PLAYERS; s++)
    {
      g_free (start->commands[s]);
      g_clear_pointer (&start->engines[s], hearts_ai_free);
      g_free (start->errors[s]);
    }
  g_free (start);
}

/* Each engine is a process that must answer before it plays: not on the main thread. */
static void
start_engines_thread (GTask        *task,
                      gpointer      source_object,
                      gpointer      task_data,
                      GCancellable *cancellable)
{
  EngineStart *start = task_data;

  for (guint s = 1; s < start->n_players; s++)
    {
      g_autoptr(GError) error = NULL;

      if (start->commands[s] == NULL || g_cancellable_is_cancelled (cancellable))
        continue;
      start->engines[s] = hearts_external_ai_new (start->commands[s], &error);
      if (start->engines[s] == NULL)
        start->errors[s] = g_strdup (error->message);
    }
  g_task_return_boolean (task, TRUE);
}

static void
on_engines_started (GObject      *source,
                    GAsyncResult *result,
                    gpointer      user_data)
{
  HeartsWindow *self = HEARTS_WINDOW (source);
  EngineStart *start = g_task_get_task_data (G_TASK (result));
  g_autoptr(GString) failed = g_string_new (NULL);
  guint n_failed = 0;

  /* Cancelled: another game has started since. */
  if (!g_task_propagate_boolean (G_TASK (result), NULL) || start->game != self->game)
    return;

  for (guint s = 1; s < start->n_players; s++)
    {
      if (start->engines[s] != NULL)
        {
          g_debug ("Seat %u: %s (%s)", s, hearts_external_ai_get_engine_name (start->engines[s]),
                   start->commands[s]);
          hearts_game_set_seat_ai (self->game, s, g_steal_pointer (&start->engines[s]));
        }
      else if (start->errors[s] != NULL)
        {
          g_debug ("Seat %u: “%s” did not start: %s", s, start->commands[s], start->errors[s]);
          if (failed->len > 0)
            g_string_append (failed, ", ");
          g_string_append (failed, hearts_table_get_player_name (self->table, s));
          n_failed++;
        }
    }

  if (n_failed > 0)
    {
      g_autofree char *message = NULL;

      /* Translators: %s is a player's name, or a list of them */
      message = g_strdup_printf (g_dngettext (NULL,
                                              "The external engine of %s did not start; the built-in player plays instead",
                                              "The external engines of %s did not start; the built-in players play instead",
                                              n_failed),
                                 failed->str);
      hearts_window_add_toast (self, message, FALSE);
    }

  self->starting_engines = FALSE;
  hearts_window_queue_next_move (self);
}

void
hearts_window_start_engines (HeartsWindow *self)
{
  g_autoptr(GTask) task = NULL;
  EngineStart *start;
  gboolean any = FALSE;

  start = g_new0 (EngineStart, 1);
  start->game = g_object_ref (self->game);
  start->n_players = hearts_game_get_n_players (self->game);
  for (guint s = 1; s < start->n_players; s++)
    {
      start->commands[s] = hearts_settings_get_seat_engine (self->settings, s);
      any |= start->commands[s] != NULL;
    }
  if (!any)
    {
      engine_start_free (start);
      return;
    }

  self->starting_engines = TRUE;
  task = g_task_new (self, self->cancellable, on_engines_started, NULL);
  g_task_set_source_tag (task, hearts_window_start_engines);
  g_task_set_task_data (task, start, engine_start_free);
  g_task_run_in_thread (task, start_engines_thread);
}

/* New games */

/* Something the player would lose: a game not over in which they have passed or
 * played, or which has finished hands. */
gboolean
hearts_window_game_in_progress (HeartsWindow *self)
{
  const HeartsDeal *deal;

  if (self->game == NULL || hearts_game_get_phase (self->game) == HEARTS_PHASE_GAME_OVER)
    return FALSE;
  if (hearts_game_get_n_results (self->game) > 0 || hearts_game_has_passed (self->game, HUMAN_SEAT))
    return TRUE;

  deal = hearts_game_get_deal (self->game);
  for (guint i = 0; i < deal->n_plays; i++)
    if (hearts_deal_get_play_seat (deal, i) == HUMAN_SEAT)
      return TRUE;
  return FALSE;
}

static void
on_abandon_response_cb (GtkWidget    *dialog,
                        const char   *response,
                        HeartsWindow *self)
{
  if (g_strcmp0 (response, "new-game") == 0)
    hearts_window_new_game (self, NULL);
}

/* The dialog on top of ours, such as Preferences, if one is open: the question goes over it. */
static GtkWindow *
top_window (HeartsWindow *self)
{
  GListModel *toplevels = gtk_window_get_toplevels ();   /* GTK's own */
  GtkWindow *top = GTK_WINDOW (self);

  for (guint i = 0; i < g_list_model_get_n_items (toplevels); i++)
    {
      g_autoptr(GtkWindow) window = g_list_model_get_item (toplevels, i);

      if (gtk_window_get_transient_for (window) == GTK_WINDOW (self) &&
          gtk_window_get_modal (window) && gtk_widget_get_visible (GTK_WIDGET (window)))
        top = window;
    }
  return top;
}

void
hearts_window_new_game_action (GtkWidget  *widget,
                               const char *action_name,
                               GVariant   *parameter)
{
  HeartsWindow *self = HEARTS_WINDOW (widget);
  GSettings *settings = hearts_settings_get_settings (self->settings);
  GtkWidget *dialog;

  if (!hearts_window_game_in_progress (self) || !g_settings_get_boolean (settings, "confirm-abandon"))
    {
      hearts_window_new_game (self, NULL);
      return;
    }

  dialog = hearts_alert_new (_("Abandon This Game?"),
                             _("The game in progress will be lost. It does not count in the statistics."),
                             "new-game", _("_New Game"));
  g_signal_connect_object (dialog, "response", G_CALLBACK (on_abandon_response_cb), self, 0);
  hearts_dialog_present (dialog, GTK_WIDGET (top_window (self)));
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
    hearts_window_add_toast (self, error->message, FALSE);
  g_clear_error (&error);
  if (!hearts_statistics_check (settings, &error))
    hearts_window_add_toast (self, error->message, FALSE);
  g_clear_error (&error);

  if (resume)
    {
      /* A game saved at its very end is counted here, and none is returned. */
      game = hearts_saved_game_restore (self->saved_game, &error);
      if (error != NULL)
        hearts_window_add_toast (self, error->message, FALSE);
    }

  if (game != NULL)
    hearts_window_start_game (self, game, hearts_saved_game_get_preset (self->saved_game));
  else
    hearts_window_new_game (self, NULL);
}
