/* hearts-window.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>

#include "hearts-model-enums.h"
#include "hearts-window-private.h"

G_DEFINE_FINAL_TYPE (HeartsWindow, hearts_window, ADW_TYPE_APPLICATION_WINDOW)

enum {
  PROP_0,
  PROP_SETTINGS,
  PROP_GAME,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static const char **
player_names (HeartsWindow *self,
              const char   *names[HEARTS_MAX_PLAYERS + 1])
{
  guint n = hearts_game_get_n_players (self->game);

  for (guint s = 0; s < n; s++)
    names[s] = hearts_table_get_player_name (self->table, s);
  names[n] = NULL;
  return names;
}

static void
publish_state (HeartsWindow *self)
{
  GApplication *app = G_APPLICATION (gtk_window_get_application (GTK_WINDOW (self)));
  g_autofree char *record = NULL;
  GVariantBuilder b;
  GEnumClass *phases;
  GEnumValue *phase;

  if (app == NULL || self->game == NULL)
    return;

  record = hearts_game_get_record (self->game);
  phases = g_type_class_ref (HEARTS_TYPE_PHASE);
  phase = g_enum_get_value (phases, hearts_game_get_phase (self->game));

  g_variant_builder_init (&b, G_VARIANT_TYPE_VARDICT);
  g_variant_builder_add (&b, "{sv}", "record", g_variant_new_string (record));
  g_variant_builder_add (&b, "{sv}", "phase", g_variant_new_string (phase->value_nick));
  g_variant_builder_add (&b, "{sv}", "current-player",
                         g_variant_new_int32 (hearts_game_get_current_player (self->game)));
  g_variant_builder_add (&b, "{sv}", "thinking", g_variant_new_boolean (self->moving));
  g_variant_builder_add (&b, "{sv}", "message",
                         g_variant_new_string (self->last_message ? self->last_message : ""));
  g_variant_builder_add (&b, "{sv}", "table", hearts_table_describe (self->table));
  /* Only once the sheet's button has its place, for a driver to click it. */
  if (gtk_widget_get_visible (GTK_WIDGET (self->score_sheet)) &&
      gtk_widget_get_width (hearts_score_sheet_get_default_button (self->score_sheet)) > 0)
    {
      GtkWidget *button = hearts_score_sheet_get_default_button (self->score_sheet);
      GtkNative *native = gtk_widget_get_native (button);
      graphene_point_t origin;
      double sx = 0, sy = 0;

      g_variant_builder_add (&b, "{sv}", "sheet",
                             g_variant_new_uint32 (hearts_score_sheet_get_mode (self->score_sheet)));
      /* A point, not gtk_widget_compute_bounds(): GTK 4.18 gives other bounds for it. */
      if (native != NULL && gtk_widget_compute_point (button, GTK_WIDGET (native), &GRAPHENE_POINT_INIT (0, 0), &origin))
        {
          gtk_native_get_surface_transform (native, &sx, &sy);
          g_variant_builder_add (&b, "{sv}", "sheet-button",
                                 g_variant_new ("(iiii)", (gint) (origin.x + sx), (gint) (origin.y + sy),
                                                gtk_widget_get_width (button), gtk_widget_get_height (button)));
        }
    }
  g_type_class_unref (phases);

  hearts_application_set_test_state (HEARTS_APPLICATION (app), g_variant_builder_end (&b));
}

static void
update_title (HeartsWindow *self)
{
  g_autofree char *subtitle = NULL;
  guint hand = hearts_game_get_hand_index (self->game) + 1;

  switch (hearts_game_get_phase (self->game))
    {
    case HEARTS_PHASE_PASSING:
      subtitle = g_strdup_printf (_("Hand %u · Passing"), hand);
      break;
    case HEARTS_PHASE_PLAYING:
      if (hearts_game_get_hearts_broken (self->game))
        subtitle = g_strdup_printf (_("Hand %u · Hearts broken"), hand);
      else
        subtitle = g_strdup_printf (_("Hand %u"), hand);
      break;
    case HEARTS_PHASE_HAND_OVER:
      subtitle = g_strdup_printf (_("Hand %u · Finished"), hand);
      break;
    case HEARTS_PHASE_GAME_OVER:
    default:
      subtitle = g_strdup (_("Game over"));
      break;
    }
  adw_window_title_set_subtitle (self->window_title, subtitle);
}

static void
update_actions (HeartsWindow *self)
{
  gboolean sheet = gtk_widget_get_visible (GTK_WIDGET (self->score_sheet));
  gboolean human = self->game != NULL && hearts_game_human_to_move (self->game);

  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.undo",
                                 self->game != NULL && hearts_game_can_undo (self->game) && !sheet);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.hint",
                                 human && !sheet && !self->hinting);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.next-hand",
                                 self->game != NULL &&
                                 hearts_game_get_phase (self->game) == HEARTS_PHASE_HAND_OVER);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.close-scores",
                                 sheet && hearts_score_sheet_get_mode (self->score_sheet) != HEARTS_SCORE_SHEET_HAND_OVER);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.pass",
                                 hearts_table_get_chosen (self->table) != 0 &&
                                 hearts_game_get_phase (self->game) == HEARTS_PHASE_PASSING);
}

/* The sheet's button has its place only once laid out, which GTK 4.18 does after the
 * state was published: publish again then. */
static gboolean
publish_when_laid_out (GtkWidget     *button,
                       GdkFrameClock *clock,
                       gpointer       user_data)
{
  if (gtk_widget_get_width (button) == 0)
    return G_SOURCE_CONTINUE;
  publish_state (user_data);
  return G_SOURCE_REMOVE;
}

static void
show_score_sheet (HeartsWindow         *self,
                  HeartsScoreSheetMode  mode)
{
  const char *names[HEARTS_MAX_PLAYERS + 1];

  hearts_score_sheet_update (self->score_sheet, self->game, player_names (self, names), mode);
  gtk_widget_set_visible (GTK_WIDGET (self->score_sheet), TRUE);
  gtk_widget_grab_focus (hearts_score_sheet_get_default_button (self->score_sheet));
  update_actions (self);
  publish_state (self);
  gtk_widget_add_tick_callback (hearts_score_sheet_get_default_button (self->score_sheet),
                                publish_when_laid_out, self, NULL);
}

static void
hide_score_sheet (HeartsWindow *self)
{
  gtk_widget_set_visible (GTK_WIDGET (self->score_sheet), FALSE);
  update_actions (self);
  publish_state (self);
}

/* The game loop: the next computer move once the table has shown the last one. */

static void
on_computer_moved (GObject      *source,
                   GAsyncResult *result,
                   gpointer      user_data)
{
  g_autoptr(HeartsWindow) self = user_data;
  HeartsGame *game = HEARTS_GAME (source);
  g_autoptr(GError) error = NULL;

  if (!hearts_game_computer_move_finish (game, result, &error) &&
      !g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
    g_warning ("Computer move failed: %s", error->message);

  if (game != self->game)
    return;
  self->moving = FALSE;
  hearts_window_queue_next_move (self);
}

static void
next_move (HeartsWindow *self)
{
  HeartsPhase phase;

  if (self->game == NULL || hearts_table_get_busy (self->table))
    return;

  phase = hearts_game_get_phase (self->game);
  if (phase == HEARTS_PHASE_HAND_OVER || phase == HEARTS_PHASE_GAME_OVER)
    {
      guint n = hearts_game_get_n_results (self->game);

      if (n > self->results_seen)
        {
          self->results_seen = n;
          show_score_sheet (self, phase == HEARTS_PHASE_GAME_OVER ? HEARTS_SCORE_SHEET_GAME_OVER
                                                                  : HEARTS_SCORE_SHEET_HAND_OVER);
        }
      return;
    }

  /* The seats' external engines take over before their first move. */
  if (self->moving || self->starting_engines || !hearts_game_computer_to_move (self->game))
    return;

  self->moving = TRUE;
  hearts_game_computer_move_async (self->game, self->cancellable, on_computer_moved, g_object_ref (self));
}

static gboolean
next_move_idle (gpointer user_data)
{
  HeartsWindow *self = user_data;

  self->idle_id = 0;
  next_move (self);
  publish_state (self);
  return G_SOURCE_REMOVE;
}

void
hearts_window_queue_next_move (HeartsWindow *self)
{
  if (self->idle_id == 0)
    self->idle_id = g_idle_add (next_move_idle, self);
}

static void
on_game_changed (HeartsGame   *game,
                 HeartsWindow *self)
{
  update_title (self);
  update_actions (self);
  hearts_window_queue_next_move (self);
}

static void
on_table_busy_cb (HeartsTable  *table,
                  GParamSpec   *pspec,
                  HeartsWindow *self)
{
  hearts_window_queue_next_move (self);
}

static void
on_table_chosen_cb (HeartsTable  *table,
                    GParamSpec   *pspec,
                    HeartsWindow *self)
{
  update_actions (self);
  publish_state (self);
}

static gboolean
publish_idle (gpointer user_data)
{
  HeartsWindow *self = user_data;

  self->publish_id = 0;
  publish_state (self);
  return G_SOURCE_REMOVE;
}

static void
on_table_layout_changed_cb (HeartsTable  *table,
                            HeartsWindow *self)
{
  if (self->publish_id == 0)
    self->publish_id = g_idle_add (publish_idle, self);
}

static void
on_table_refused_cb (HeartsTable  *table,
                     const char   *message,
                     HeartsWindow *self)
{
  hearts_window_show_toast (self, message);
}

/* Actions */

static void
undo_action (GtkWidget  *widget,
             const char *action_name,
             GVariant   *parameter)
{
  HeartsWindow *self = HEARTS_WINDOW (widget);

  if (!hearts_game_undo (self->game))
    return;
  /* A move being worked out is stale now; the game drops it when it arrives. */
  hearts_table_reset (self->table);
  hearts_window_queue_next_move (self);
}

static void
on_hint_ready (GObject      *source,
               GAsyncResult *result,
               gpointer      user_data)
{
  g_autoptr(HeartsWindow) self = user_data;
  g_autoptr(GError) error = NULL;
  HeartsCards cards;
  HeartsCard card;
  g_autoptr(GString) names = g_string_new (NULL);
  g_autofree char *message = NULL;
  guint i = 0, count;

  cards = hearts_game_hint_finish (HEARTS_GAME (source), result, &error);
  if (HEARTS_GAME (source) != self->game)
    return;
  self->hinting = FALSE;
  update_actions (self);
  if (cards == 0)
    return;

  count = hearts_cards_count (cards);
  HEARTS_CARDS_FOREACH (card, cards)
    {
      g_autofree char *name = hearts_card_get_name (card);

      if (i > 0)
        g_string_append (names, i + 1 == count ? _(" and ") : ", ");
      g_string_append (names, name);
      i++;
    }
  if (count > 1)
    /* Translators: %s is a list of cards */
    message = g_strdup_printf (_("Pass the %s"), names->str);
  else
    /* Translators: %s is a card, as "Queen of Spades" */
    message = g_strdup_printf (_("Play the %s"), names->str);

  hearts_table_set_hint (self->table, cards);
  hearts_window_show_toast (self, message);
}

static void
hint_action (GtkWidget  *widget,
             const char *action_name,
             GVariant   *parameter)
{
  HeartsWindow *self = HEARTS_WINDOW (widget);

  if (self->hinting || !hearts_game_human_to_move (self->game))
    return;
  self->hinting = TRUE;
  update_actions (self);
  hearts_game_hint_async (self->game, HUMAN_SEAT, self->cancellable, on_hint_ready, g_object_ref (self));
}

static void
scores_action (GtkWidget  *widget,
               const char *action_name,
               GVariant   *parameter)
{
  HeartsWindow *self = HEARTS_WINDOW (widget);

  if (gtk_widget_get_visible (GTK_WIDGET (self->score_sheet)))
    return;
  show_score_sheet (self, HEARTS_SCORE_SHEET_VIEW);
}

static void
close_scores_action (GtkWidget  *widget,
                     const char *action_name,
                     GVariant   *parameter)
{
  hide_score_sheet (HEARTS_WINDOW (widget));
}

static void
next_hand_action (GtkWidget  *widget,
                  const char *action_name,
                  GVariant   *parameter)
{
  HeartsWindow *self = HEARTS_WINDOW (widget);

  hide_score_sheet (self);
  hearts_game_next_hand (self->game);
  hearts_window_queue_next_move (self);
}

static void
pass_action (GtkWidget  *widget,
             const char *action_name,
             GVariant   *parameter)
{
  hearts_table_pass (HEARTS_WINDOW (widget)->table);
}

/* GObject */

static void
hearts_window_constructed (GObject *object)
{
  HeartsWindow *self = HEARTS_WINDOW (object);

  G_OBJECT_CLASS (hearts_window_parent_class)->constructed (object);

  if (self->settings == NULL)
    self->settings = hearts_settings_new (NULL);
  self->saved_game = hearts_saved_game_new (hearts_settings_get_settings (self->settings));
  hearts_window_bind_settings (self);
}

static gboolean
hearts_window_close_request (GtkWindow *window)
{
  hearts_window_save_state (HEARTS_WINDOW (window));

  return GTK_WINDOW_CLASS (hearts_window_parent_class)->close_request (window);
}

static void
hearts_window_dispose (GObject *object)
{
  HeartsWindow *self = HEARTS_WINDOW (object);

  g_cancellable_cancel (self->cancellable);
  g_clear_handle_id (&self->idle_id, g_source_remove);
  g_clear_handle_id (&self->publish_id, g_source_remove);
  if (self->game_signals != NULL)
    g_signal_group_set_target (self->game_signals, NULL);
  g_clear_object (&self->game_signals);
  /* The saved game stays as it is: the next launch resumes it. */
  g_clear_object (&self->saved_game);
  g_clear_object (&self->game);
  g_clear_object (&self->cancellable);
  g_clear_object (&self->window_state);
  g_clear_object (&self->settings);
  g_clear_pointer (&self->last_message, g_free);
  if (self->toast != NULL)
    g_object_remove_weak_pointer (G_OBJECT (self->toast), (gpointer *) &self->toast);
  self->toast = NULL;

  gtk_widget_dispose_template (GTK_WIDGET (self), HEARTS_TYPE_WINDOW);

  G_OBJECT_CLASS (hearts_window_parent_class)->dispose (object);
}

static void
hearts_window_get_property (GObject    *object,
                            guint       prop_id,
                            GValue     *value,
                            GParamSpec *pspec)
{
  HeartsWindow *self = HEARTS_WINDOW (object);

  switch (prop_id)
    {
    case PROP_SETTINGS:
      g_value_set_object (value, self->settings);
      break;
    case PROP_GAME:
      g_value_set_object (value, self->game);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
hearts_window_set_property (GObject      *object,
                            guint         prop_id,
                            const GValue *value,
                            GParamSpec   *pspec)
{
  HeartsWindow *self = HEARTS_WINDOW (object);

  switch (prop_id)
    {
    case PROP_SETTINGS:
      self->settings = g_value_dup_object (value);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
hearts_window_class_init (HeartsWindowClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);
  GtkWindowClass *window_class = GTK_WINDOW_CLASS (klass);

  object_class->constructed = hearts_window_constructed;
  object_class->dispose = hearts_window_dispose;
  object_class->get_property = hearts_window_get_property;
  object_class->set_property = hearts_window_set_property;
  window_class->close_request = hearts_window_close_request;

  /* NULL: the application's schema. */
  properties[PROP_SETTINGS] =
    g_param_spec_object ("settings", NULL, NULL, HEARTS_TYPE_SETTINGS,
                         (G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS));
  properties[PROP_GAME] =
    g_param_spec_object ("game", NULL, NULL, HEARTS_TYPE_GAME,
                         (G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));
  g_object_class_install_properties (object_class, N_PROPS, properties);

  g_type_ensure (HEARTS_TYPE_TABLE);
  g_type_ensure (HEARTS_TYPE_SCORE_SHEET);

  gtk_widget_class_set_template_from_resource (widget_class, RESOURCE_PATH "/hearts-window.ui");
  gtk_widget_class_bind_template_child (widget_class, HeartsWindow, window_title);
  gtk_widget_class_bind_template_child (widget_class, HeartsWindow, toast_overlay);
  gtk_widget_class_bind_template_child (widget_class, HeartsWindow, table);
  gtk_widget_class_bind_template_child (widget_class, HeartsWindow, score_sheet);
  gtk_widget_class_bind_template_callback (widget_class, on_table_refused_cb);
  gtk_widget_class_bind_template_callback (widget_class, on_table_busy_cb);
  gtk_widget_class_bind_template_callback (widget_class, on_table_chosen_cb);
  gtk_widget_class_bind_template_callback (widget_class, on_table_layout_changed_cb);

  gtk_widget_class_install_action (widget_class, "win.new-game", NULL, hearts_window_new_game_action);
  gtk_widget_class_install_action (widget_class, "win.undo", NULL, undo_action);
  gtk_widget_class_install_action (widget_class, "win.hint", NULL, hint_action);
  gtk_widget_class_install_action (widget_class, "win.scores", NULL, scores_action);
  gtk_widget_class_install_action (widget_class, "win.close-scores", NULL, close_scores_action);
  gtk_widget_class_install_action (widget_class, "win.next-hand", NULL, next_hand_action);
  gtk_widget_class_install_action (widget_class, "win.pass", NULL, pass_action);
}

static void
hearts_window_init (HeartsWindow *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));

  self->game_signals = g_signal_group_new (HEARTS_TYPE_GAME);
  g_signal_group_connect (self->game_signals, "changed", G_CALLBACK (on_game_changed), self);

  if (g_strcmp0 (PROFILE, "development") == 0)
    gtk_widget_add_css_class (GTK_WIDGET (self), "devel");
}

/* Internal API */

/* A new game from the settings, with the seed (and rules) of the command line the first time. */
static HeartsGame *
new_game_from_settings (HeartsWindow *self)
{
  GtkApplication *app = gtk_window_get_application (GTK_WINDOW (self));
  g_autofree char *rules_text = NULL;
  g_autoptr(GError) error = NULL;
  HeartsGame *game;
  HeartsRules rules;
  guint64 seed;

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

static void
update_player_names (HeartsWindow *self)
{
  guint n = hearts_game_get_n_players (self->game);
  g_autoptr(GStrvBuilder) builder = g_strv_builder_new ();
  g_auto(GStrv) names = NULL;

  for (guint s = 0; s < n; s++)
    {
      g_autofree char *name = hearts_settings_get_seat_name (self->settings, s);

      /* Empty: the table's compass name. */
      g_strv_builder_add (builder, name != NULL ? name : "");
    }
  names = g_strv_builder_end (builder);
  hearts_table_set_player_names (self->table, (const char * const *) names);
}

void
hearts_window_start_game (HeartsWindow *self,
                          HeartsGame   *game,
                          HeartsPreset  preset)
{
  HeartsPhase phase;

  g_assert (HEARTS_IS_WINDOW (self));
  g_assert (HEARTS_IS_GAME (game));

  /* Whatever the old game was doing in threads is for nobody now. */
  g_cancellable_cancel (self->cancellable);
  g_clear_object (&self->cancellable);
  self->cancellable = g_cancellable_new ();
  self->moving = FALSE;
  self->hinting = FALSE;
  self->starting_engines = FALSE;

  g_set_object (&self->game, game);
  /* A hand that was over when the game was saved shows its score sheet again. */
  phase = hearts_game_get_phase (game);
  self->results_seen = hearts_game_get_n_results (game);
  if (phase == HEARTS_PHASE_HAND_OVER && self->results_seen > 0)
    self->results_seen--;
  g_signal_group_set_target (self->game_signals, game);
  update_player_names (self);
  hearts_table_set_game (self->table, game);
  gtk_widget_set_visible (GTK_WIDGET (self->score_sheet), FALSE);

  hearts_saved_game_follow (self->saved_game, game, preset);
  hearts_window_start_engines (self);

  update_title (self);
  update_actions (self);
  hearts_window_queue_next_move (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_GAME]);
}

void
hearts_window_add_toast (HeartsWindow *self,
                         const char   *message,
                         gboolean      replace)
{
  AdwToast *toast = adw_toast_new (message);

  g_free (self->last_message);
  self->last_message = g_strdup (message);

  if (replace)
    {
      /* A refusal takes the place of the last one at once, rather than queueing
       * behind it or behind a message of the startup. */
      if (self->toast != NULL)
        {
          AdwToast *old = self->toast;

          g_object_remove_weak_pointer (G_OBJECT (old), (gpointer *) &self->toast);
          self->toast = NULL;
          adw_toast_dismiss (old);
        }
      adw_toast_set_timeout (toast, 3);
      adw_toast_set_priority (toast, ADW_TOAST_PRIORITY_HIGH);
      g_object_add_weak_pointer (G_OBJECT (toast), (gpointer *) &self->toast);
      self->toast = toast;
    }
  else
    /* What was repaired or could not be done: longer to read. */
    adw_toast_set_timeout (toast, 10);
  adw_toast_overlay_add_toast (self->toast_overlay, toast);
  publish_state (self);
}

/* Public API */

HeartsWindow *
hearts_window_new (HeartsApplication *application)
{
  HeartsWindow *self;

  g_return_val_if_fail (HEARTS_IS_APPLICATION (application), NULL);

  self = g_object_new (HEARTS_TYPE_WINDOW,
                       "application", application,
                       "settings", hearts_application_get_settings (application),
                       NULL);
  hearts_window_start (self, hearts_application_get_resume (application));
  return self;
}

HeartsSettings *
hearts_window_get_settings (HeartsWindow *self)
{
  g_return_val_if_fail (HEARTS_IS_WINDOW (self), NULL);
  return self->settings;
}

HeartsGame *
hearts_window_get_game (HeartsWindow *self)
{
  g_return_val_if_fail (HEARTS_IS_WINDOW (self), NULL);
  return self->game;
}

HeartsTable *
hearts_window_get_table (HeartsWindow *self)
{
  g_return_val_if_fail (HEARTS_IS_WINDOW (self), NULL);
  return self->table;
}

void
hearts_window_new_game (HeartsWindow *self,
                        HeartsGame   *game)
{
  g_autoptr(HeartsGame) fresh = NULL;
  HeartsPreset preset;

  g_return_if_fail (HEARTS_IS_WINDOW (self));
  g_return_if_fail (game == NULL || HEARTS_IS_GAME (game));

  if (game == NULL)
    game = fresh = new_game_from_settings (self);
  preset = hearts_preset_find (hearts_game_get_rules (game), hearts_settings_get_preset (self->settings));
  hearts_window_start_game (self, game, preset);
}

void
hearts_window_show_toast (HeartsWindow *self,
                          const char   *message)
{
  g_return_if_fail (HEARTS_IS_WINDOW (self));
  g_return_if_fail (message != NULL);

  hearts_window_add_toast (self, message, TRUE);
}
