/* hearts-window.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>

#include "hearts-model-enums.h"
#include "hearts-score-sheet.h"
#include "hearts-window.h"

#define HUMAN_SEAT 0

struct _HeartsWindow
{
  AdwApplicationWindow  parent_instance;

  /* Template widgets */
  AdwWindowTitle       *window_title;
  AdwToastOverlay      *toast_overlay;
  HeartsTable          *table;
  HeartsScoreSheet     *score_sheet;

  HeartsGame           *game;
  GSignalGroup         *game_signals;
  GCancellable         *cancellable;     /* computer moves and hints of this game */
  gboolean              moving;          /* a computer move is being worked out */
  gboolean              hinting;
  guint                 results_seen;    /* hands whose score sheet was shown */
  guint                 idle_id;
  guint                 publish_id;
  AdwToast             *toast;
  char                 *last_message;
};

G_DEFINE_FINAL_TYPE (HeartsWindow, hearts_window, ADW_TYPE_APPLICATION_WINDOW)

static void queue_next_move (HeartsWindow *self);

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
  if (gtk_widget_get_visible (GTK_WIDGET (self->score_sheet)))
    {
      GtkWidget *button = hearts_score_sheet_get_default_button (self->score_sheet);
      GtkNative *native = gtk_widget_get_native (button);
      graphene_rect_t bounds;
      double sx = 0, sy = 0;

      g_variant_builder_add (&b, "{sv}", "sheet",
                             g_variant_new_uint32 (hearts_score_sheet_get_mode (self->score_sheet)));
      if (native != NULL && gtk_widget_compute_bounds (button, GTK_WIDGET (native), &bounds))
        {
          gtk_native_get_surface_transform (native, &sx, &sy);
          g_variant_builder_add (&b, "{sv}", "sheet-button",
                                 g_variant_new ("(iiii)", (gint) (bounds.origin.x + sx),
                                                (gint) (bounds.origin.y + sy),
                                                (gint) bounds.size.width, (gint) bounds.size.height));
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
  queue_next_move (self);
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

  if (self->moving || !hearts_game_computer_to_move (self->game))
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

static void
queue_next_move (HeartsWindow *self)
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
  queue_next_move (self);
}

static void
on_table_busy_cb (HeartsTable  *table,
                  GParamSpec   *pspec,
                  HeartsWindow *self)
{
  queue_next_move (self);
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
new_game_action (GtkWidget  *widget,
                 const char *action_name,
                 GVariant   *parameter)
{
  hearts_window_new_game (HEARTS_WINDOW (widget), NULL);
}

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
  queue_next_move (self);
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
  queue_next_move (self);
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
hearts_window_dispose (GObject *object)
{
  HeartsWindow *self = HEARTS_WINDOW (object);

  g_cancellable_cancel (self->cancellable);
  g_clear_handle_id (&self->idle_id, g_source_remove);
  g_clear_handle_id (&self->publish_id, g_source_remove);
  if (self->game_signals != NULL)
    g_signal_group_set_target (self->game_signals, NULL);
  g_clear_object (&self->game_signals);
  g_clear_object (&self->game);
  g_clear_object (&self->cancellable);
  g_clear_pointer (&self->last_message, g_free);
  if (self->toast != NULL)
    g_object_remove_weak_pointer (G_OBJECT (self->toast), (gpointer *) &self->toast);
  self->toast = NULL;

  gtk_widget_dispose_template (GTK_WIDGET (self), HEARTS_TYPE_WINDOW);

  G_OBJECT_CLASS (hearts_window_parent_class)->dispose (object);
}

static void
hearts_window_class_init (HeartsWindowClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = hearts_window_dispose;

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

  gtk_widget_class_install_action (widget_class, "win.new-game", NULL, new_game_action);
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
  g_autoptr(HeartsCardTheme) theme = NULL;

  gtk_widget_init_template (GTK_WIDGET (self));

  theme = hearts_card_theme_new_default ();
  hearts_table_set_card_theme (self->table, theme);

  self->game_signals = g_signal_group_new (HEARTS_TYPE_GAME);
  g_signal_group_connect (self->game_signals, "changed", G_CALLBACK (on_game_changed), self);

  if (g_strcmp0 (PROFILE, "development") == 0)
    gtk_widget_add_css_class (GTK_WIDGET (self), "devel");
}

HeartsWindow *
hearts_window_new (HeartsApplication *application)
{
  HeartsWindow *self = g_object_new (HEARTS_TYPE_WINDOW, "application", application, NULL);

  hearts_window_new_game (self, NULL);
  return self;
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

  g_return_if_fail (HEARTS_IS_WINDOW (self));

  if (game == NULL)
    {
      GtkApplication *app = gtk_window_get_application (GTK_WINDOW (self));
      HeartsRules rules;

      if (HEARTS_IS_APPLICATION (app))
        {
          rules = *hearts_application_get_rules (HEARTS_APPLICATION (app));
          fresh = hearts_game_new (&rules, hearts_application_take_seed (HEARTS_APPLICATION (app)));
        }
      else
        {
          hearts_rules_init_default (&rules);
          fresh = hearts_game_new (&rules, g_random_int ());
        }
      game = fresh;
    }

  /* Whatever the old game was doing in threads is for nobody now. */
  g_cancellable_cancel (self->cancellable);
  g_clear_object (&self->cancellable);
  self->cancellable = g_cancellable_new ();
  self->moving = FALSE;
  self->hinting = FALSE;

  g_set_object (&self->game, game);
  self->results_seen = hearts_game_get_n_results (game);
  g_signal_group_set_target (self->game_signals, game);
  hearts_table_set_game (self->table, game);
  gtk_widget_set_visible (GTK_WIDGET (self->score_sheet), FALSE);

  update_title (self);
  update_actions (self);
  queue_next_move (self);
}

void
hearts_window_show_toast (HeartsWindow *self,
                          const char   *message)
{
  AdwToast *toast;

  g_return_if_fail (HEARTS_IS_WINDOW (self));

  g_free (self->last_message);
  self->last_message = g_strdup (message);

  /* A new message replaces the last one rather than queueing behind it. */
  if (self->toast != NULL)
    {
      AdwToast *old = self->toast;

      g_object_remove_weak_pointer (G_OBJECT (old), (gpointer *) &self->toast);
      self->toast = NULL;
      adw_toast_dismiss (old);
    }
  toast = adw_toast_new (message);
  adw_toast_set_timeout (toast, 3);
  g_object_add_weak_pointer (G_OBJECT (toast), (gpointer *) &self->toast);
  self->toast = toast;
  adw_toast_overlay_add_toast (self->toast_overlay, toast);
  publish_state (self);
}
