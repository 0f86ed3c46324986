/* hearts-table-words.h: what happens at a table of people, in the players' words
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "hearts-net-protocol.h"

G_BEGIN_DECLS

/* What every window says when @name's seat changes hands, or NULL. */
char *hearts_table_notice_text (HeartsNetNotice kind,
                                const char     *name);
/* Why a player is not (or no longer) at the table. */
char *hearts_table_bye_text    (HeartsNetBye    reason);

/* Why joining failed: a host's bye in the players' words, else the error's own message. */
char *hearts_table_error_text  (const GError   *error);

G_END_DECLS
