/* hearts-window-private.h: what the files of HeartsWindow share
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "hearts-game-runner.h"
#include "hearts-net-announcer.h"
#include "hearts-net-client.h"
#include "hearts-net-host.h"
#include "hearts-net-server.h"
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
  /* A table of people (hearts-window-table.c) */
  HeartsNetServer      *server;          /* hosting: where the people reach the table */
  HeartsNetAnnouncer   *announcer;       /* the hosted table on the local network, until it starts */
  HeartsNetHost        *host;            /* hosting: the table, of self->game once started */
  gboolean              host_started;
  HeartsNetClient      *client;          /* joined: self->view is its seat's */
  char                 *invitation;      /* joined: to come back with */
  gboolean              client_lost;     /* joined, and the connection went: Rejoin */
  GtkWidget            *table_dialog;    /* a server's table's seats, until it starts (weak) */
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
  WINDOW_PROP_INVITATION,
  N_WINDOW_PROPS
} HeartsWindowProp;

/* hearts-window.c */
/* A game played alone (any table is left). */
void     _hearts_window_start_game        (HeartsWindow *self,
                                           HeartsGame   *game,
                                           HeartsPreset  preset);
/* @game, played by this window's runner, shown from the player's seat. */
void     _hearts_window_show_game         (HeartsWindow *self,
                                           HeartsGame   *game,
                                           HeartsPreset  preset);
/* Every view follows @view. */
void     _hearts_window_show_view         (HeartsWindow   *self,
                                           HeartsSeatView *view);
void     _hearts_window_notify            (HeartsWindow     *self,
                                           HeartsWindowProp  prop);
/* @replace: the message takes the place of the last one, else it waits its turn. */
void     _hearts_window_add_toast         (HeartsWindow *self,
                                           const char   *message,
                                           gboolean      replace);
/* A toast that stays until dismissed, with a button for @action_name. */
void     _hearts_window_add_action_toast  (HeartsWindow *self,
                                           const char   *message,
                                           const char   *button_label,
                                           const char   *action_name);
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

/* hearts-window-table.c */
gboolean _hearts_window_at_table          (HeartsWindow *self);
/* Opens a table with the settings' rules for people to join; not the window's game until
 * _start_table(). */
gboolean _hearts_window_open_table        (HeartsWindow  *self,
                                           GError       **error);
char    *_hearts_window_dup_invitation    (HeartsWindow *self);
void     _hearts_window_start_table       (HeartsWindow *self);
/* The saved @game's @table, hosted again. */
gboolean _hearts_window_resume_table      (HeartsWindow  *self,
                                           HeartsGame    *game,
                                           GVariant      *table,
                                           HeartsPreset   preset,
                                           GError       **error);
/* Shows @client's table (joined with _set_invitation()'s link). */
void     _hearts_window_join_table        (HeartsWindow    *self,
                                           HeartsNetClient *client);
void     _hearts_window_set_invitation    (HeartsWindow *self,
                                           const char   *invitation);
gboolean _hearts_window_can_rejoin        (HeartsWindow *self);
void     _hearts_window_rejoin_table      (HeartsWindow *self);
/* Says goodbye to the table, hosted or joined. */
void     _hearts_window_close_table       (HeartsWindow *self);
/* The window goes: the hosted table stays in the saved game. */
void     _hearts_window_quit_table        (HeartsWindow *self);
/* Join a Table, with @invitation filled in (may be NULL). */
void     _hearts_window_present_join      (HeartsWindow *self,
                                           const char   *invitation);
void     _hearts_window_class_table_init  (GtkWidgetClass *widget_class);
void     _hearts_window_table_actions_update (HeartsWindow *self);

G_END_DECLS
