/* hearts-window-actions.c: the window's actions, and when each may be used
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>

#include "hearts-compat.h"
#include "hearts-review-view.h"
#include "hearts-window-private.h"

/* Deals a move: the model's default (1000), a hand in 0.65 s (median) on a loaded
 * two-core machine (tests/ui/show-review time), so no smaller budget is needed. */
#define REVIEW_SAMPLES 0

/* The hand just finished, if it was played. */
static gboolean
can_review (HeartsWindow *self)
{
  HeartsPhase phase;

  if (self->view == NULL)
    return FALSE;
  phase = hearts_seat_view_get_phase (self->view);
  return (phase == HEARTS_PHASE_HAND_OVER || phase == HEARTS_PHASE_GAME_OVER) &&
         hearts_seat_view_get_n_results (self->view) > 0 &&
         hearts_seat_state_get_n_tricks (hearts_seat_view_get_state (self->view)) > 0;
}

gboolean
_hearts_window_game_in_progress (HeartsWindow *self)
{
  const HeartsSeatState *state;
  guint                  own;

  if (self->view == NULL || hearts_seat_view_get_phase (self->view) == HEARTS_PHASE_GAME_OVER)
    return FALSE;
  state = hearts_seat_view_get_state (self->view);
  own = hearts_seat_state_get_seat (state);
  return hearts_seat_state_get_n_results (state) > 0 || hearts_seat_state_has_passed (state, own) ||
         hearts_seat_state_has_played (state, own);
}

/* A hand in play or just over with a finished trick to look back at, if the settings
 * allow it. */
static gboolean
can_show_tricks (HeartsWindow *self)
{
  GSettings *settings = self->settings != NULL ? hearts_settings_get_settings (self->settings) : NULL;

  return self->view != NULL && settings != NULL &&
         g_settings_get_boolean (settings, "show-past-tricks") &&
         hearts_seat_view_get_phase (self->view) != HEARTS_PHASE_PASSING &&
         hearts_seat_state_get_n_tricks (hearts_seat_view_get_state (self->view)) > 0;
}

void
_hearts_window_actions_update (HeartsWindow *self)
{
  GtkWidget  *widget = GTK_WIDGET (self);
  gboolean    sheet = gtk_widget_get_visible (GTK_WIDGET (self->score_sheet));
  gboolean    human = self->view != NULL && hearts_seat_view_get_own_turn (self->view);
  HeartsPhase phase = self->view != NULL ? hearts_seat_view_get_phase (self->view) : HEARTS_PHASE_GAME_OVER;
  gboolean    claim;

  gtk_widget_action_set_enabled (widget, "win.undo",
                                 self->view != NULL && hearts_seat_view_get_can_undo (self->view) && !sheet);
  gtk_widget_action_set_enabled (widget, "win.hint", human && !sheet && !self->hinting);
  gtk_widget_action_set_enabled (widget, "win.next-hand", phase == HEARTS_PHASE_HAND_OVER);
  gtk_widget_action_set_enabled (widget, "win.close-scores",
                                 sheet && hearts_score_sheet_get_mode (self->score_sheet) != HEARTS_SCORE_SHEET_HAND_OVER);
  claim = self->view != NULL && hearts_seat_view_get_claim_offer (self->view, NULL) == HEARTS_CLAIM_OFFER_OFFERED;
  gtk_widget_action_set_enabled (widget, "win.claim", claim && !sheet);
  gtk_widget_set_visible (self->claim_button, claim && !sheet);
  gtk_widget_action_set_enabled (widget, "win.review-hand", can_review (self));
  gtk_widget_action_set_enabled (widget, "win.pass",
                                 hearts_table_get_chosen (self->table) != 0 && phase == HEARTS_PHASE_PASSING);
  gtk_widget_action_set_enabled (widget, "win.show-last-trick", can_show_tricks (self));
  gtk_widget_action_set_enabled (widget, "win.show-hand-so-far", can_show_tricks (self));
  /* GTK 4.8 lets no widget watch an action's state: the piles are told. */
  hearts_table_set_piles_activatable (self->table, can_show_tricks (self));
}

/* New Game, after asking when a game would be lost */

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
  GListModel *toplevels = gtk_window_get_toplevels (); /* GTK's own */
  GtkWindow  *top = GTK_WINDOW (self);

  for (guint i = 0; i < g_list_model_get_n_items (toplevels); i++)
    {
      g_autoptr(GtkWindow) window = g_list_model_get_item (toplevels, i);

      if (gtk_window_get_transient_for (window) == GTK_WINDOW (self) &&
          gtk_window_get_modal (window) && gtk_widget_get_visible (GTK_WIDGET (window)))
        top = window;
    }
  return top;
}

static void
new_game_action (GtkWidget  *widget,
                 const char *action_name,
                 GVariant   *parameter)
{
  HeartsWindow *self = HEARTS_WINDOW (widget);
  GSettings    *settings = hearts_settings_get_settings (self->settings);
  GtkWidget    *dialog;

  if (!_hearts_window_game_in_progress (self) || !g_settings_get_boolean (settings, "confirm-abandon"))
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

/* Undo and hints */

static void
undo_action (GtkWidget  *widget,
             const char *action_name,
             GVariant   *parameter)
{
  HeartsWindow *self = HEARTS_WINDOW (widget);

  /* The view's reset puts every view back where the game is. */
  hearts_seat_view_undo (self->view);
}

static void
on_hint_ready (GObject      *source,
               GAsyncResult *result,
               gpointer      user_data)
{
  g_autoptr(HeartsWindow) self = user_data;
  g_autoptr(GError) error = NULL;
  g_autofree char *names = NULL;
  g_autofree char *message = NULL;
  HeartsCards      cards;

  cards = hearts_seat_view_hint_finish (HEARTS_SEAT_VIEW (source), result, &error);
  if (HEARTS_SEAT_VIEW (source) != self->view)
    return;
  self->hinting = FALSE;
  _hearts_window_actions_update (self);
  if (cards == 0)
    return;

  names = hearts_cards_get_names (cards);
  if (hearts_cards_count (cards) > 1)
    /* Translators: %s is a list of cards */
    message = g_strdup_printf (_("Pass the %s"), names);
  else
    /* Translators: %s is a card, as "Queen of Spades" */
    message = g_strdup_printf (_("Play the %s"), names);

  hearts_table_set_hint (self->table, cards);
  hearts_window_show_toast (self, message);
}

static void
hint_action (GtkWidget  *widget,
             const char *action_name,
             GVariant   *parameter)
{
  HeartsWindow *self = HEARTS_WINDOW (widget);

  if (self->hinting || !hearts_seat_view_get_own_turn (self->view))
    return;
  self->hinting = TRUE;
  _hearts_window_actions_update (self);
  hearts_seat_view_hint_async (self->view, NULL, on_hint_ready, g_object_ref (self));
}

/* The score sheet and the hands */

static void
scores_action (GtkWidget  *widget,
               const char *action_name,
               GVariant   *parameter)
{
  HeartsWindow *self = HEARTS_WINDOW (widget);

  if (!gtk_widget_get_visible (GTK_WIDGET (self->score_sheet)))
    _hearts_window_show_score_sheet (self, HEARTS_SCORE_SHEET_VIEW);
}

static void
close_scores_action (GtkWidget  *widget,
                     const char *action_name,
                     GVariant   *parameter)
{
  _hearts_window_hide_score_sheet (HEARTS_WINDOW (widget));
}

static void
next_hand_action (GtkWidget  *widget,
                  const char *action_name,
                  GVariant   *parameter)
{
  HeartsWindow *self = HEARTS_WINDOW (widget);

  /* The new hand is dealt first, so that the focus has a card to go to. */
  hearts_seat_view_next_hand (self->view);
  _hearts_window_hide_score_sheet (self);
}

static void
review_hand_action (GtkWidget  *widget,
                    const char *action_name,
                    GVariant   *parameter)
{
  HeartsWindow    *self = HEARTS_WINDOW (widget);
  HeartsCardTheme *table_theme = hearts_table_get_card_theme (self->table);
  g_autoptr(HeartsCardTheme) theme = NULL;
  GtkWidget  *review;

  if (!can_review (self) || (self->review != NULL && gtk_widget_get_mapped (self->review)))
    return;

  /* A deck of its own: small cards in the table's cache would push out the table's size. */
  if (table_theme != NULL)
    theme = hearts_card_theme_new_for_id (hearts_card_theme_get_id (table_theme), NULL);

  review = hearts_review_view_new (self->view, theme);
  /* No larger than the window, on a phone. */
  hearts_dialog_set_size (review,
                          MIN (HEARTS_REVIEW_VIEW_WIDTH, gtk_widget_get_width (widget)),
                          MIN (HEARTS_REVIEW_VIEW_HEIGHT, gtk_widget_get_height (widget)));
  g_set_weak_pointer (&self->review, review);
  hearts_review_view_start (HEARTS_REVIEW_VIEW (review), REVIEW_SAMPLES);
  hearts_dialog_present (review, widget);
  _hearts_window_notify (self, WINDOW_PROP_REVIEW);
}

static void
pass_action (GtkWidget  *widget,
             const char *action_name,
             GVariant   *parameter)
{
  hearts_table_pass (HEARTS_WINDOW (widget)->table);
}

/* The last trick and the hand so far: one dialog, two pages */

static void
show_trick_history (HeartsWindow          *self,
                    HeartsTrickHistoryMode mode)
{
  HeartsTrickHistory *history;

  if (!can_show_tricks (self))
    return;
  /* Already open (the pile's click may ask again): the page asked for. */
  if (self->trick_history != NULL && hearts_trick_history_get_seat_view (self->trick_history) == self->view)
    {
      hearts_trick_history_set_mode (self->trick_history, mode);
      return;
    }
  _hearts_window_close_trick_history (self);

  history = hearts_trick_history_new (self->view, hearts_table_get_card_theme (self->table),
                                      hearts_table_get_card_width (self->table));
  hearts_trick_history_set_mode (history, mode);
  _hearts_window_set_trick_history (self, history);
  hearts_trick_history_present (history, GTK_WIDGET (self));
}

static void
show_last_trick_action (GtkWidget  *widget,
                        const char *action_name,
                        GVariant   *parameter)
{
  show_trick_history (HEARTS_WINDOW (widget), HEARTS_TRICK_HISTORY_LAST_TRICK);
}

static void
show_hand_so_far_action (GtkWidget  *widget,
                         const char *action_name,
                         GVariant   *parameter)
{
  show_trick_history (HEARTS_WINDOW (widget), HEARTS_TRICK_HISTORY_HAND_SO_FAR);
}

static void
fullscreen_action (GtkWidget  *widget,
                   const char *action_name,
                   GVariant   *parameter)
{
  if (gtk_window_is_fullscreen (GTK_WINDOW (widget)))
    gtk_window_unfullscreen (GTK_WINDOW (widget));
  else
    gtk_window_fullscreen (GTK_WINDOW (widget));
}

static void
skip_engines_action (GtkWidget  *widget,
                     const char *action_name,
                     GVariant   *parameter)
{
  hearts_game_runner_skip_engines (HEARTS_WINDOW (widget)->runner);
}

/* Built when first asked for: from gtk/help-overlay.ui, GtkApplicationWindow would build the
 * shortcuts window with every window, before its first frame. */
static void
show_help_overlay_action (GtkWidget  *widget,
                          const char *action_name,
                          GVariant   *parameter)
{
  hearts_shortcuts_present (GTK_APPLICATION_WINDOW (widget), RESOURCE_PATH "/hearts-shortcuts-window.ui");
}

void
_hearts_window_class_actions_init (GtkWidgetClass *widget_class)
{
  gtk_widget_class_install_action (widget_class, "win.new-game", NULL, new_game_action);
  gtk_widget_class_install_action (widget_class, "win.undo", NULL, undo_action);
  gtk_widget_class_install_action (widget_class, "win.hint", NULL, hint_action);
  gtk_widget_class_install_action (widget_class, "win.claim", NULL, _hearts_window_claim_action);
  gtk_widget_class_install_action (widget_class, "win.scores", NULL, scores_action);
  gtk_widget_class_install_action (widget_class, "win.close-scores", NULL, close_scores_action);
  gtk_widget_class_install_action (widget_class, "win.next-hand", NULL, next_hand_action);
  gtk_widget_class_install_action (widget_class, "win.review-hand", NULL, review_hand_action);
  gtk_widget_class_install_action (widget_class, "win.pass", NULL, pass_action);
  gtk_widget_class_install_action (widget_class, "win.skip-engines", NULL, skip_engines_action);
  gtk_widget_class_install_action (widget_class, "win.fullscreen", NULL, fullscreen_action);
  gtk_widget_class_install_action (widget_class, "win.show-last-trick", NULL, show_last_trick_action);
  gtk_widget_class_install_action (widget_class, "win.show-hand-so-far", NULL, show_hand_so_far_action);
  gtk_widget_class_install_action (widget_class, "win.show-help-overlay", NULL, show_help_overlay_action);
}
