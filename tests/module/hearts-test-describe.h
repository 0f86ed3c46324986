/* hearts-test-describe.h: what the tests read of widgets, for the module and the widget tests
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "hearts-table.h"
#include "hearts-trick-history.h"

G_BEGIN_DECLS

/* Whether the table, as last laid out, shows the dealt hand drawn from a theme: what the
 * startup bench waits for, rather than the empty felt. */
gboolean hearts_test_table_drew_cards (HeartsTable *table);

/* What the page shown holds, read from its rows: a vardict with "mode" ("last-trick" or
 * "hand-so-far") and "tricks", an aa{sv} of "number" (from 1), "leader", "winner",
 * "points", "cards" (as, "QS", as the row shows them) and "label" (what a screen reader
 * says). */
GVariant *hearts_test_describe_trick_history (HeartsTrickHistory *history);

G_END_DECLS
