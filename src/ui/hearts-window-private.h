/* hearts-window-private.h: what the files of HeartsWindow share
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "hearts-saved-game.h"
#include "hearts-score-sheet.h"
#include "hearts-window.h"

G_BEGIN_DECLS

#define HUMAN_SEAT 0

struct _HeartsWindow
{
  AdwApplicationWindow  parent_instance;

  /* Template widgets */
  AdwWindowTitle       *window_title;
  AdwToastOverlay      *toast_overlay;
  HeartsTable          *table;
  HeartsScoreSheet     *score_sheet;

  HeartsSettings       *settings;
  GSettings            *window_state;    /* delay-apply: written when the window closes */
  HeartsSavedGame      *saved_game;

  HeartsGame           *game;
  GSignalGroup         *game_signals;
  GCancellable         *cancellable;     /* computer moves, hints and engines of this game */
  gboolean              moving;          /* a computer move is being worked out */
  gboolean              hinting;
  gboolean              starting_engines;
  guint                 results_seen;    /* hands whose score sheet was shown */
  guint                 idle_id;
  guint                 publish_id;
  AdwToast             *toast;
  char                 *last_message;
};

/* hearts-window.c */
void     hearts_window_start_game        (HeartsWindow *self,
                                          HeartsGame   *game,
                                          HeartsPreset  preset);
void     hearts_window_queue_next_move   (HeartsWindow *self);
/* @replace: the message takes the place of the last one, else it waits its turn. */
void     hearts_window_add_toast         (HeartsWindow *self,
                                          const char   *message,
                                          gboolean      replace);

/* hearts-window-settings.c */
void     hearts_window_bind_settings     (HeartsWindow *self);
void     hearts_window_save_state        (HeartsWindow *self);
void     hearts_window_start_engines     (HeartsWindow *self);
gboolean hearts_window_game_in_progress  (HeartsWindow *self);
void     hearts_window_new_game_action   (GtkWidget    *widget,
                                          const char   *action_name,
                                          GVariant     *parameter);

G_END_DECLS
