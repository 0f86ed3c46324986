/* hearts-window.c
 *
 * The window shows the game the runner plays, through the player's seat view: the
 * table, the score sheet and the header follow the view (bound in the template), the
 * score sheet opens when a hand is over and the table has shown its last trick. Actions are in
 * hearts-window-actions.c, the settings and new games in hearts-window-settings.c.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>
#ifdef HAVE_MALLOC_TRIM
#include <malloc.h>
#endif

#include "hearts-card-picture.h"
#include "hearts-fit-label.h"
#include "hearts-fit-title.h"
#include "hearts-local-seat-view.h"
#include "hearts-model-enums.h"
#include "hearts-window-private.h"

static void dismiss_hand_toast (HeartsWindow *self);
static void update_player_names (HeartsWindow *self);
static void queue_lift_toasts (HeartsWindow *self);

G_DEFINE_FINAL_TYPE (HeartsWindow, hearts_window, ADW_TYPE_APPLICATION_WINDOW)

static GParamSpec *properties[N_WINDOW_PROPS];

/* The header's subtitle follows the seat view and the table's busy: what the table shows,
 * so the hand is not finished while the table is still playing out its last tricks (a
 * claim, an automatic finish). Set from here, not bound in the template: GTK 4.8 unwatched
 * the bindings' expressions twice when the window went. */
static HeartsPhase
shown_phase (HeartsPhase phase,
             gboolean    table_busy)
{
  if (table_busy && (phase == HEARTS_PHASE_HAND_OVER || phase == HEARTS_PHASE_GAME_OVER))
    return HEARTS_PHASE_PLAYING;
  return phase;
}

static char *
subtitle_text (HeartsPhase phase,
                  guint       hand_index,
                  gboolean    hearts_broken,
                  gboolean    table_busy)
{
  guint hand = hand_index + 1;

  switch (shown_phase (phase, table_busy))
    {
    case HEARTS_PHASE_PASSING:
      return g_strdup_printf (_("Hand %u · Passing"), hand);
    case HEARTS_PHASE_PLAYING:
      if (hearts_broken)
        return g_strdup_printf (_("Hand %u · Hearts broken"), hand);
      return g_strdup_printf (_("Hand %u"), hand);
    case HEARTS_PHASE_HAND_OVER:
      return g_strdup_printf (_("Hand %u · Finished"), hand);
    case HEARTS_PHASE_GAME_OVER:
    default:
      return g_strdup (_("Game over"));
    }
}

/* In a narrow header the hand is the title and its state the subtitle. */
static char *
compact_title_text (HeartsPhase phase,
                       guint       hand_index,
                       gboolean    table_busy)
{
  if (shown_phase (phase, table_busy) == HEARTS_PHASE_GAME_OVER)
    return g_strdup (_("Game over"));
  return g_strdup_printf (_("Hand %u"), hand_index + 1);
}

static char *
compact_subtitle_text (HeartsPhase phase,
                          gboolean    hearts_broken,
                          gboolean    table_busy)
{
  switch (shown_phase (phase, table_busy))
    {
    case HEARTS_PHASE_PASSING:
      /* Translators: the state of the hand, under "Hand 1" in a narrow window */
      return g_strdup (C_("hand state", "Passing"));
    case HEARTS_PHASE_PLAYING:
      /* Translators: the state of the hand, under "Hand 1" in a narrow window */
      return g_strdup (hearts_broken ? C_("hand state", "Hearts broken") : "");
    case HEARTS_PHASE_HAND_OVER:
      /* Translators: the state of the hand, under "Hand 1" in a narrow window */
      return g_strdup (C_("hand state", "Finished"));
    case HEARTS_PHASE_GAME_OVER:
    default:
      return g_strdup ("");
    }
}

static void
update_title (HeartsWindow *self)
{
  g_autofree char *subtitle = NULL;
  g_autofree char *compact_title = NULL;
  g_autofree char *compact_subtitle = NULL;
  HeartsPhase      phase;
  guint            hand;
  gboolean         broken, busy;

  if (self->view == NULL)
    return;
  phase = hearts_seat_view_get_phase (self->view);
  hand = hearts_seat_view_get_hand_index (self->view);
  broken = hearts_seat_view_get_hearts_broken (self->view);
  busy = hearts_table_get_busy (self->table);
  subtitle = subtitle_text (phase, hand, broken, busy);
  compact_title = compact_title_text (phase, hand, busy);
  compact_subtitle = compact_subtitle_text (phase, broken, busy);
  g_object_set (self->title,
                "subtitle", subtitle,
                "compact-title", compact_title,
                "compact-subtitle", compact_subtitle,
                NULL);
}

/* The score sheet */

/* The sheet stands over the table like a dialog: Tab stays in it. The header keeps its
 * clicks and the window its shortcuts. */
static void
set_behind_sheet_focusable (HeartsWindow *self,
                            gboolean      focusable)
{
  gtk_widget_set_can_focus (self->header_bar, focusable);
  gtk_widget_set_can_focus (GTK_WIDGET (self->table), focusable);
}

void
_hearts_window_show_score_sheet (HeartsWindow        *self,
                                 HeartsScoreSheetMode mode)
{
  hearts_score_sheet_set_mode (self->score_sheet, mode);
  gtk_widget_set_visible (GTK_WIDGET (self->score_sheet), TRUE);
  set_behind_sheet_focusable (self, FALSE);
  /* The button's action is enabled first: a disabled button takes no focus. */
  _hearts_window_actions_update (self);
  gtk_widget_grab_focus (hearts_score_sheet_get_default_button (self->score_sheet));
  if (mode != HEARTS_SCORE_SHEET_VIEW)
    {
      g_autofree char *summary = hearts_score_sheet_dup_summary (self->score_sheet);

      hearts_announcer_announce (hearts_table_get_announcer (self->table), summary);
    }
}

void
_hearts_window_hide_score_sheet (HeartsWindow *self)
{
  gtk_widget_set_visible (GTK_WIDGET (self->score_sheet), FALSE);
  set_behind_sheet_focusable (self, TRUE);
  _hearts_window_actions_update (self);
  hearts_table_focus_hand (self->table);
}

#ifdef HAVE_MALLOC_TRIM
/* glibc keeps what a hand's threads (the computer players) and animations freed in its
 * arenas: a few MB more every hand of an evening. Given back while the score sheet is up. */
static gboolean
trim_memory_cb (gpointer user_data)
{
  HeartsWindow *self = user_data;

  self->trim_id = 0;
  malloc_trim (0);

  return G_SOURCE_REMOVE;
}
#endif

/* A hand's sheet waits until the table has shown the hand's last trick. */
static void
show_pending_sheet (HeartsWindow *self)
{
  if (self->pending_sheet < 0 || hearts_table_get_busy (self->table))
    return;
  _hearts_window_show_score_sheet (self, self->pending_sheet);
  self->pending_sheet = -1;
#ifdef HAVE_MALLOC_TRIM
  if (self->trim_id == 0)
    self->trim_id = g_idle_add_full (G_PRIORITY_LOW, trim_memory_cb, self, NULL);
#endif
}

/* The last trick or the hand so far */

static void
on_trick_history_gone (gpointer data,
                       GObject *where_it_was)
{
  HeartsWindow *self = data;

  self->trick_history = NULL;
  g_object_notify_by_pspec (G_OBJECT (self), properties[WINDOW_PROP_TRICK_HISTORY]);
}

static void
forget_trick_history (HeartsWindow *self)
{
  g_object_weak_unref (G_OBJECT (self->trick_history), on_trick_history_gone, self);
  self->trick_history = NULL;
  g_object_notify_by_pspec (G_OBJECT (self), properties[WINDOW_PROP_TRICK_HISTORY]);
}

/* Closing, by itself or by its close button: forgotten at once, as below. */
static void
on_trick_history_closed_cb (GtkWidget    *dialog,
                            HeartsWindow *self)
{
  if (self->trick_history == HEARTS_TRICK_HISTORY (dialog))
    forget_trick_history (self);
}

void
_hearts_window_notify (HeartsWindow    *self,
                       HeartsWindowProp prop)
{
  g_object_notify_by_pspec (G_OBJECT (self), properties[prop]);
}

void
_hearts_window_set_trick_history (HeartsWindow       *self,
                                  HeartsTrickHistory *history)
{
  g_assert (self->trick_history == NULL);

  /* Closed, it goes: on libadwaita 1.2 a window destroyed, later an AdwDialog unparented. */
  self->trick_history = history;
  g_object_weak_ref (G_OBJECT (history), on_trick_history_gone, self);
  hearts_dialog_connect_closed (GTK_WIDGET (history), G_CALLBACK (on_trick_history_closed_cb), self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[WINDOW_PROP_TRICK_HISTORY]);
}

/* Forgotten at once: an AdwDialog's closing animation outlives it. */
void
_hearts_window_close_trick_history (HeartsWindow *self)
{
  HeartsTrickHistory *history = self->trick_history;

  if (history == NULL)
    return;
  forget_trick_history (self);
  hearts_dialog_close (GTK_WIDGET (history));
}

/* The seat view's signals */

static void
on_view_state_cb (HeartsWindow *self)
{
  _hearts_window_actions_update (self);
}

/* A move asks the claim check again and changes what can be looked back at (a finished
 * or an undone trick); a hand's end (also the game's last) opens the sheet once the
 * table is still. */
static void
on_view_event_cb (HeartsWindow          *self,
                  const HeartsSeatEvent *event)
{
  if (event->kind == HEARTS_SEAT_EVENT_HAND_STARTED || event->kind == HEARTS_SEAT_EVENT_RESET)
    dismiss_hand_toast (self);
  if (event->kind == HEARTS_SEAT_EVENT_HAND_FINISHED)
    self->pending_sheet = hearts_seat_view_get_phase (self->view) == HEARTS_PHASE_GAME_OVER
                            ? HEARTS_SCORE_SHEET_GAME_OVER
                            : HEARTS_SCORE_SHEET_HAND_OVER;
  _hearts_window_claim_update (self);
  _hearts_window_actions_update (self);
  show_pending_sheet (self);
}

/* Looking back at tricks turned off: what was open closes too. */
static void
on_show_past_tricks_cb (HeartsWindow *self)
{
  GSettings *settings = hearts_settings_get_settings (self->settings);

  if (!g_settings_get_boolean (settings, "show-past-tricks"))
    _hearts_window_close_trick_history (self);
  _hearts_window_actions_update (self);
}

/* A name is only what the table calls a seat: a new one shows at once (it waited for
 * the next game, and nothing said so). */
static void
on_settings_changed_cb (HeartsWindow *self,
                        const char   *key)
{
  if (self->view != NULL && (g_str_equal (key, "player-name") ||
                             (g_str_has_prefix (key, "seat") && g_str_has_suffix (key, "-name"))))
    update_player_names (self);
}

/* The main menu's tooltip stands aside while the menu is open: it covered its first item. */
static void
on_menu_visible_cb (GtkWidget    *popover,
                    GParamSpec   *pspec,
                    HeartsWindow *self)
{
  gtk_widget_set_has_tooltip (self->menu_button, !gtk_widget_get_visible (popover));
}

/* The table's and the runner's signals */

static void
on_table_busy_cb (HeartsTable  *table,
                  GParamSpec   *pspec,
                  HeartsWindow *self)
{
  update_title (self);
  show_pending_sheet (self);
}

static void
on_table_chosen_cb (HeartsTable  *table,
                    GParamSpec   *pspec,
                    HeartsWindow *self)
{
  _hearts_window_actions_update (self);
}

/* A new card size (the window was resized): the open dialogs' cards are scaled from it, so
 * that they ask the theme for no size it has dropped. */
static void
on_table_layout_changed_cb (HeartsTable  *table,
                            HeartsWindow *self)
{
  int width = hearts_table_get_card_width (table);

  if (self->trick_history != NULL)
    hearts_trick_history_set_render_width (self->trick_history, width);
  if (self->claim_dialog != NULL)
    hearts_card_pictures_set_render_width (self->claim_dialog, width);
  queue_lift_toasts (self);
}

static void
on_table_refused_cb (HeartsTable  *table,
                     const char   *message,
                     HeartsWindow *self)
{
  hearts_window_show_toast (self, message);
}

static void
on_engine_failed_cb (HeartsGameRunner *runner,
                     guint             seat,
                     const char       *reason,
                     HeartsWindow     *self)
{
  g_autofree char *message = NULL;

  /* Translators: the first %s is a player's name, the second why their external engine
   * failed, e.g. "it did not answer within 10 seconds" */
  message = g_strdup_printf (_("The engine of %s failed: %s. The built-in player plays instead."),
                                hearts_table_get_player_name (self->table, seat), reason);
  _hearts_window_add_toast (self, message, FALSE);
}

static void
on_starting_engines_cb (HeartsGameRunner *runner,
                        GParamSpec       *pspec,
                        HeartsWindow     *self)
{
  if (hearts_game_runner_get_starting_engines (runner))
    {
      AdwToast *toast;

      if (self->engines_toast != NULL)
        return;
      toast = adw_toast_new (_("Starting engines…"));
      adw_toast_set_timeout (toast, 0);
      adw_toast_set_button_label (toast, _("_Play Without Them"));
      adw_toast_set_action_name (toast, "win.skip-engines");
      g_set_weak_pointer (&self->engines_toast, toast);
      adw_toast_overlay_add_toast (self->toast_overlay, toast);
    }
  else if (self->engines_toast != NULL)
    {
      adw_toast_dismiss (self->engines_toast);
      g_clear_weak_pointer (&self->engines_toast);
    }
}

/* A game or settings that cannot be saved go on; the player is told once. */
static void
on_saved_game_write_failed_cb (HeartsWindow *self,
                               const char   *message)
{
  _hearts_window_add_toast (self, message, FALSE);
}

/* GObject */

static void
hearts_window_constructed (GObject *object)
{
  HeartsWindow *self = HEARTS_WINDOW (object);

  G_OBJECT_CLASS (hearts_window_parent_class)->constructed (object);

  if (self->settings == NULL)
    self->settings = hearts_settings_new (NULL);
  self->saved_game = hearts_saved_game_new (hearts_settings_get_settings (self->settings), NULL);
  g_signal_connect_object (self->saved_game, "write-failed",
                           G_CALLBACK (on_saved_game_write_failed_cb), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->settings, "write-failed",
                           G_CALLBACK (on_saved_game_write_failed_cb), self, G_CONNECT_SWAPPED);
  _hearts_window_bind_settings (self);
  g_signal_connect_object (hearts_settings_get_settings (self->settings), "changed::show-past-tricks",
                           G_CALLBACK (on_show_past_tricks_cb), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (hearts_settings_get_settings (self->settings), "changed",
                           G_CALLBACK (on_settings_changed_cb), self, G_CONNECT_SWAPPED);
}

static gboolean
hearts_window_close_request (GtkWindow *window)
{
  HeartsWindow *self = HEARTS_WINDOW (window);

  _hearts_window_save_state (self);
  /* The game stops where it is saved: a closed window plays no more moves while GTK
   * takes it down. */
  hearts_game_runner_set_game (self->runner, NULL, NULL);
  hearts_saved_game_flush (self->saved_game);

  return GTK_WINDOW_CLASS (hearts_window_parent_class)->close_request (window);
}

static void
hearts_window_dispose (GObject *object)
{
  HeartsWindow *self = HEARTS_WINDOW (object);

  /* Moves, hints and engines in flight are cancelled; the saved game stays as it is. */
  if (self->runner != NULL)
    hearts_game_runner_set_game (self->runner, NULL, NULL);
  if (self->view_signals != NULL)
    g_signal_group_set_target (self->view_signals, NULL);
  g_clear_object (&self->view_signals);
  g_clear_object (&self->view);
  g_clear_weak_pointer (&self->claim_dialog);
  g_clear_object (&self->saved_game);
  g_clear_object (&self->game);
  g_clear_object (&self->window_state);
  g_clear_object (&self->settings);
  g_clear_pointer (&self->message, g_free);
  g_clear_weak_pointer (&self->toast);
  g_clear_weak_pointer (&self->engines_toast);
  g_clear_weak_pointer (&self->review);
  if (self->trick_history != NULL)
    g_object_weak_unref (G_OBJECT (self->trick_history), on_trick_history_gone, self);
  self->trick_history = NULL;
  g_clear_handle_id (&self->trim_id, g_source_remove);
  g_clear_handle_id (&self->lift_id, g_source_remove);

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
    case WINDOW_PROP_SETTINGS:
      g_value_set_object (value, self->settings);
      break;
    case WINDOW_PROP_SEAT_VIEW:
      g_value_set_object (value, self->view);
      break;
    case WINDOW_PROP_MESSAGE:
      g_value_set_string (value, self->message);
      break;
    case WINDOW_PROP_TRICK_HISTORY:
      g_value_set_object (value, self->trick_history);
      break;
    case WINDOW_PROP_REVIEW:
      g_value_set_object (value, self->review);
      break;
    case WINDOW_PROP_CLAIM_PROOF:
      g_value_set_object (value, self->claim_dialog);
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
    case WINDOW_PROP_SETTINGS:
      self->settings = g_value_dup_object (value);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
hearts_window_class_init (HeartsWindowClass *klass)
{
  GObjectClass   *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);
  GtkWindowClass *window_class = GTK_WINDOW_CLASS (klass);

  object_class->constructed = hearts_window_constructed;
  object_class->dispose = hearts_window_dispose;
  object_class->get_property = hearts_window_get_property;
  object_class->set_property = hearts_window_set_property;
  window_class->close_request = hearts_window_close_request;

  /* NULL: the application's schema. */
  properties[WINDOW_PROP_SETTINGS] =
    g_param_spec_object ("settings", NULL, NULL, HEARTS_TYPE_SETTINGS,
                         (G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS));
  /* The game as the player's seat sees it: what every view shows. */
  properties[WINDOW_PROP_SEAT_VIEW] =
    g_param_spec_object ("seat-view", NULL, NULL, HEARTS_TYPE_SEAT_VIEW,
                         (G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));
  /* The text of the last toast. */
  properties[WINDOW_PROP_MESSAGE] =
    g_param_spec_string ("message", NULL, NULL, NULL,
                         (G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));
  /* The last trick or the hand so far while it is open, else NULL. */
  properties[WINDOW_PROP_TRICK_HISTORY] =
    g_param_spec_object ("trick-history", NULL, NULL, HEARTS_TYPE_TRICK_HISTORY,
                         (G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));
  /* The review of the hand just finished, while it is open, else NULL. */
  properties[WINDOW_PROP_REVIEW] =
    g_param_spec_object ("review", NULL, NULL, GTK_TYPE_WIDGET,
                         (G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));
  /* The claim's question, with its proof, while it is open, else NULL. */
  properties[WINDOW_PROP_CLAIM_PROOF] =
    g_param_spec_object ("claim-proof", NULL, NULL, GTK_TYPE_WIDGET,
                         (G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));
  g_object_class_install_properties (object_class, N_WINDOW_PROPS, properties);

  g_type_ensure (HEARTS_TYPE_SEAT_VIEW);
  g_type_ensure (HEARTS_TYPE_GAME_RUNNER);
  g_type_ensure (HEARTS_TYPE_FIT_LABEL);
  g_type_ensure (HEARTS_TYPE_FIT_TITLE);
  g_type_ensure (HEARTS_TYPE_TABLE);
  g_type_ensure (HEARTS_TYPE_SCORE_SHEET);
  g_type_ensure (HEARTS_TYPE_TABLE_SOUNDS);

  gtk_widget_class_set_template_from_resource (widget_class, RESOURCE_PATH "/hearts-window.ui");
  gtk_widget_class_bind_template_child (widget_class, HeartsWindow, header_bar);
  gtk_widget_class_bind_template_child (widget_class, HeartsWindow, title);
  gtk_widget_class_bind_template_child (widget_class, HeartsWindow, menu_button);
  gtk_widget_class_bind_template_child (widget_class, HeartsWindow, toast_overlay);
  gtk_widget_class_bind_template_child (widget_class, HeartsWindow, table);
  gtk_widget_class_bind_template_child (widget_class, HeartsWindow, score_sheet);
  gtk_widget_class_bind_template_child (widget_class, HeartsWindow, runner);
  gtk_widget_class_bind_template_child (widget_class, HeartsWindow, sounds);
  gtk_widget_class_bind_template_child (widget_class, HeartsWindow, claim_button);
  gtk_widget_class_bind_template_callback (widget_class, on_table_refused_cb);
  gtk_widget_class_bind_template_callback (widget_class, on_table_layout_changed_cb);
  gtk_widget_class_bind_template_callback (widget_class, on_table_busy_cb);
  gtk_widget_class_bind_template_callback (widget_class, on_table_chosen_cb);
  gtk_widget_class_bind_template_callback (widget_class, on_engine_failed_cb);
  gtk_widget_class_bind_template_callback (widget_class, on_starting_engines_cb);

  _hearts_window_class_actions_init (widget_class);
}

static void
hearts_window_init (HeartsWindow *self)
{
  self->pending_sheet = -1;
  gtk_widget_init_template (GTK_WIDGET (self));

  g_signal_connect_object (gtk_menu_button_get_popover (GTK_MENU_BUTTON (self->menu_button)), "notify::visible",
                           G_CALLBACK (on_menu_visible_cb), self, 0);

  self->view_signals = g_signal_group_new (HEARTS_TYPE_SEAT_VIEW);
  g_signal_group_connect_data (self->view_signals, "event", G_CALLBACK (on_view_event_cb), self, NULL,
                               G_CONNECT_SWAPPED | G_CONNECT_AFTER);
  g_signal_group_connect_swapped (self->view_signals, "notify::own-turn", G_CALLBACK (on_view_state_cb), self);
  g_signal_group_connect_swapped (self->view_signals, "notify::can-undo", G_CALLBACK (on_view_state_cb), self);
  g_signal_group_connect_swapped (self->view_signals, "notify::claim-offer", G_CALLBACK (on_view_state_cb), self);
  g_signal_group_connect_swapped (self->view_signals, "notify::phase", G_CALLBACK (update_title), self);
  g_signal_group_connect_swapped (self->view_signals, "notify::hand-index", G_CALLBACK (update_title), self);
  g_signal_group_connect_swapped (self->view_signals, "notify::hearts-broken", G_CALLBACK (update_title), self);
  g_signal_connect_swapped (self->runner, "auto-finished", G_CALLBACK (_hearts_window_claim_auto_finished), self);

  if (g_strcmp0 (PROFILE, "development") == 0)
    gtk_widget_add_css_class (GTK_WIDGET (self), "devel");
}

/* Internal API */

static void
update_player_names (HeartsWindow *self)
{
  guint n = hearts_seat_view_get_n_players (self->view);
  g_autoptr(GStrvBuilder) builder = g_strv_builder_new ();
  g_auto(GStrv) names = NULL;

  for (guint s = 0; s < n; s++)
    {
      g_autofree char *name = hearts_settings_get_seat_name (self->settings, s);

      /* Empty: the table's compass name. */
      g_strv_builder_add (builder, name != NULL ? name : "");
    }
  names = g_strv_builder_end (builder);
  hearts_seat_view_set_player_names (self->view, (const char * const *) names);
}

void
_hearts_window_start_game (HeartsWindow *self,
                           HeartsGame   *game,
                           HeartsPreset  preset)
{
  g_auto(GStrv) engines = NULL;

  g_assert (HEARTS_IS_WINDOW (self));
  g_assert (HEARTS_IS_GAME (game));

  self->hinting = FALSE;
  dismiss_hand_toast (self);
  /* The tricks of the old game are no use. */
  _hearts_window_close_trick_history (self);
  g_set_object (&self->game, game);
  g_clear_object (&self->view);
  self->view = hearts_local_seat_view_new (game, self->runner, HEARTS_HUMAN_SEAT);
  g_signal_group_set_target (self->view_signals, self->view);
  update_player_names (self);
  /* The views follow it before any computer moves. Set here rather than bound in the
   * template: GTK 4.8 unwatched a template binding twice when the window went (a
   * warning, fatal in the tests), depending on which widget went first. */
  hearts_table_set_seat_view (self->table, self->view);
  hearts_score_sheet_set_seat_view (self->score_sheet, self->view);
  g_object_notify_by_pspec (G_OBJECT (self), properties[WINDOW_PROP_SEAT_VIEW]);
  update_title (self);
  _hearts_window_hide_score_sheet (self);
  /* A hand that was over when the game was saved shows its score sheet again. */
  self->pending_sheet = hearts_game_get_phase (game) == HEARTS_PHASE_HAND_OVER ? HEARTS_SCORE_SHEET_HAND_OVER : -1;

  hearts_saved_game_follow (self->saved_game, game, preset);
  engines = _hearts_window_dup_engines (self);
  hearts_game_runner_set_game (self->runner, game, (const char * const *) engines);

  _hearts_window_claim_update (self);
  _hearts_window_actions_update (self);
  show_pending_sheet (self);
}

/* Toasts */

/* The toast widget of @title, the custom title of one of our toasts, once shown. */
static GtkWidget *
toast_widget_of (HeartsWindow *self,
                 GtkWidget    *title)
{
  GtkWidget *widget = title;

  while (widget != NULL && gtk_widget_get_parent (widget) != GTK_WIDGET (self->toast_overlay))
    widget = gtk_widget_get_parent (widget);
  return widget;
}

/* A toast stands above the player's hand, not over it. libadwaita puts it at the bottom
 * of the overlay, as high as its margin is tall. */
static void
lift_toast (HeartsWindow *self,
            GtkWidget    *toast)
{
  graphene_rect_t hand;
  int             height = gtk_widget_get_height (GTK_WIDGET (self->table));
  int             lift = 0;

  /* Clear of the raised cards; a toast's own style keeps 24 px under it. */
  if (height > 0 && hearts_table_get_hand_area (self->table, &hand))
    lift = MAX (0, height - (int) hand.origin.y - 18);
  gtk_widget_add_css_class (toast, "hearts-toast");
  gtk_widget_set_margin_bottom (toast, lift);
}

static void
on_toast_title_map_cb (GtkWidget    *title,
                       HeartsWindow *self)
{
  GtkWidget *toast = toast_widget_of (self, title);

  if (toast != NULL)
    lift_toast (self, toast);
}

static gboolean
lift_toasts_cb (gpointer user_data)
{
  HeartsWindow *self = user_data;

  self->lift_id = 0;
  for (GtkWidget *child = gtk_widget_get_first_child (GTK_WIDGET (self->toast_overlay));
       child != NULL;
       child = gtk_widget_get_next_sibling (child))
    if (gtk_widget_has_css_class (child, "hearts-toast"))
      lift_toast (self, child);
  return G_SOURCE_REMOVE;
}

/* The hand moved (a resize): the toasts follow, once the table is laid out. */
static void
queue_lift_toasts (HeartsWindow *self)
{
  if (self->lift_id == 0)
    self->lift_id = g_idle_add (lift_toasts_cb, self);
}

void
_hearts_window_add_toast (HeartsWindow *self,
                          const char   *message,
                          gboolean      replace)
{
  /* A toast's title is Pango markup: a name or an engine's words with "&" or "<"
   * would blank it. The label shown is plain text. */
  g_autofree char *escaped = g_markup_escape_text (message, -1);
  AdwToast        *toast = adw_toast_new (escaped);
  GtkWidget       *title = gtk_label_new (message);

  g_free (self->message);
  self->message = g_strdup (message);

  /* Whole, on as many lines as it takes: a toast's own title ends in "…" at 400 px. */
  gtk_label_set_wrap (GTK_LABEL (title), TRUE);
  gtk_label_set_wrap_mode (GTK_LABEL (title), PANGO_WRAP_WORD_CHAR);
  gtk_label_set_max_width_chars (GTK_LABEL (title), 60);
  gtk_label_set_xalign (GTK_LABEL (title), 0);
  gtk_widget_set_hexpand (title, TRUE);
  gtk_widget_add_css_class (title, "toast-title");
  g_signal_connect_object (title, "map", G_CALLBACK (on_toast_title_map_cb), self, 0);
  adw_toast_set_custom_title (toast, title);

  if (replace)
    {
      /* A refusal takes the place of the last one at once, rather than queueing
       * behind it or behind a message of the startup. It is about this hand: the next
       * one's deal takes it away. */
      if (self->toast != NULL)
        adw_toast_dismiss (self->toast);
      adw_toast_set_timeout (toast, 3);
      adw_toast_set_priority (toast, ADW_TOAST_PRIORITY_HIGH);
      g_set_weak_pointer (&self->toast, toast);
    }
  else
    /* What was repaired or could not be done: longer to read. */
    adw_toast_set_timeout (toast, 10);
  adw_toast_overlay_add_toast (self->toast_overlay, toast);
  g_object_notify_by_pspec (G_OBJECT (self), properties[WINDOW_PROP_MESSAGE]);
}

/* What was said about a hand goes with it. */
static void
dismiss_hand_toast (HeartsWindow *self)
{
  if (self->toast != NULL)
    adw_toast_dismiss (self->toast);
  g_clear_weak_pointer (&self->toast);
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

HeartsSeatView *
hearts_window_get_seat_view (HeartsWindow *self)
{
  g_return_val_if_fail (HEARTS_IS_WINDOW (self), NULL);
  return self->view;
}

HeartsTable *
hearts_window_get_table (HeartsWindow *self)
{
  g_return_val_if_fail (HEARTS_IS_WINDOW (self), NULL);
  return self->table;
}

HeartsTableSounds *
hearts_window_get_sounds (HeartsWindow *self)
{
  g_return_val_if_fail (HEARTS_IS_WINDOW (self), NULL);
  return self->sounds;
}

HeartsGameRunner *
hearts_window_get_runner (HeartsWindow *self)
{
  g_return_val_if_fail (HEARTS_IS_WINDOW (self), NULL);
  return self->runner;
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
    game = fresh = _hearts_window_new_game_from_settings (self);
  preset = hearts_preset_find (hearts_game_get_rules (game), hearts_settings_get_preset (self->settings));
  _hearts_window_start_game (self, game, preset);
}

void
hearts_window_show_toast (HeartsWindow *self,
                          const char   *message)
{
  g_return_if_fail (HEARTS_IS_WINDOW (self));
  g_return_if_fail (message != NULL);

  _hearts_window_add_toast (self, message, TRUE);
}

const char *
hearts_window_get_message (HeartsWindow *self)
{
  g_return_val_if_fail (HEARTS_IS_WINDOW (self), NULL);
  return self->message;
}
