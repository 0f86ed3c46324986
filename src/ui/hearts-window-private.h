/* hearts-window-private.h: what the files of HeartsWindow share
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "hearts-game-runner.h"
#include "hearts-saved-game.h"
#include "hearts-seat-view.h"
#include "hearts-score-sheet.h"
#include "hearts-trick-history.h"
#include "hearts-window.h"

G_BEGIN_DECLS

struct _HeartsWindow
{
  AdwApplicationWindow  parent_instance;

  /* Template widgets and objects */
  GtkWidget            *header_bar;
  GtkWidget            *title;           /* HeartsFitTitle */
  GtkWidget            *menu_button;
  AdwToastOverlay      *toast_overlay;
  HeartsTable          *table;
  HeartsScoreSheet     *score_sheet;
  HeartsGameRunner     *runner;          /* held while the table animates */
  HeartsTableSounds    *sounds;
  GtkWidget            *claim_button;

  HeartsSettings       *settings;
  GSettings            *window_state;    /* delay-apply: written when the window closes */
  HeartsSavedGame      *saved_game;

  HeartsGame           *game;            /* the runner's */
  HeartsSeatView       *view;            /* the player's view of it: every view reads this */
  GSignalGroup         *view_signals;
  gint                  pending_sheet;   /* HeartsScoreSheetMode to open once the table is still, or -1 */
  gboolean              hinting;
  guint                 trim_id;         /* giving memory back after a hand */
  guint                 lift_id;         /* raising the toasts above the hand, after a resize */
  AdwToast             *toast;           /* the last refusal, replaced by the next */
  AdwToast             *engines_toast;   /* "Starting engines…" */
  HeartsTrickHistory   *trick_history;   /* the last trick or the hand so far, while open (weak) */
  char                 *message;         /* the last toast's text */

  /* The claim of this turn (hearts-window-claim.c) */
  HeartsClaim           claim;
  GtkWidget            *claim_dialog;    /* the proof, while it is open (weak) */
  GtkWidget            *review;          /* the hand review, while it is open (weak) */
};

/* The window's properties, for its files' notifications. */
typedef enum
{
  WINDOW_PROP_0,
  WINDOW_PROP_SETTINGS,
  WINDOW_PROP_SEAT_VIEW,
  WINDOW_PROP_MESSAGE,
  WINDOW_PROP_TRICK_HISTORY,
  WINDOW_PROP_REVIEW,
  WINDOW_PROP_CLAIM_PROOF,
  N_WINDOW_PROPS
} HeartsWindowProp;

/* hearts-window.c */
void     _hearts_window_start_game        (HeartsWindow *self,
                                           HeartsGame   *game,
                                           HeartsPreset  preset);
void     _hearts_window_notify            (HeartsWindow     *self,
                                           HeartsWindowProp  prop);
/* @replace: the message takes the place of the last one, else it waits its turn. */
void     _hearts_window_add_toast         (HeartsWindow *self,
                                           const char   *message,
                                           gboolean      replace);
void     _hearts_window_show_score_sheet  (HeartsWindow         *self,
                                           HeartsScoreSheetMode  mode);
void     _hearts_window_hide_score_sheet  (HeartsWindow *self);
/* The last trick or the hand so far now open: followed until it goes. */
void     _hearts_window_set_trick_history (HeartsWindow       *self,
                                           HeartsTrickHistory *history);
/* Closes the last trick or the hand so far, if open. */
void     _hearts_window_close_trick_history (HeartsWindow *self);

/* hearts-window-actions.c */
void     _hearts_window_class_actions_init (GtkWidgetClass *widget_class);
void     _hearts_window_actions_update    (HeartsWindow *self);
/* Something the player would lose by starting another game. */
gboolean _hearts_window_game_in_progress  (HeartsWindow *self);

/* hearts-window-claim.c */
/* The game moved: the open proof is about another position. */
void     _hearts_window_claim_update      (HeartsWindow *self);
/* The runner played a settled hand out by itself. */
void     _hearts_window_claim_auto_finished (HeartsWindow *self);
void     _hearts_window_claim_action      (GtkWidget    *widget,
                                           const char   *action_name,
                                           GVariant     *parameter);

/* hearts-window-settings.c */
void     _hearts_window_bind_settings     (HeartsWindow *self);
void     _hearts_window_save_state        (HeartsWindow *self);
/* The external engines of the settings, by seat (NULL for none). */
GStrv    _hearts_window_dup_engines       (HeartsWindow *self);
HeartsGame *_hearts_window_new_game_from_settings (HeartsWindow *self);

G_END_DECLS
