/* hearts-test-state.h: what the end-to-end tests read of a window
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "hearts-window.h"

G_BEGIN_DECLS

/* Whether the tests asked for it (HEARTS_TEST_STATE=1 in the environment). */
gboolean hearts_test_state_enabled (void);
/* From now on, @window's game, table and sheet are published as the state of
 * @action (a{sv}), after each change, once per main loop iteration. */
void     hearts_test_state_attach  (HeartsWindow  *window,
                                    GSimpleAction *action);

/* From now on, also the state of @review (a HeartsReviewView over @window), while it
 * is open. Does nothing unless the state is attached. */
void     hearts_test_state_follow_review (HeartsWindow *window,
                                          GtkWidget    *review);

/* Adds @key: where @widget is in its own native's surface (the window's, or a dialog's
 * window's) as (x, y, width, height), for a driver to click; FALSE (nothing added) before a
 * frame has laid it out. */
gboolean hearts_test_state_add_rect (GVariantBuilder *b,
                                     const char      *key,
                                     GtkWidget       *widget);

G_END_DECLS
