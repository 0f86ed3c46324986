/* hearts-external-ai.h: a computer player whose moves come from an engine command
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gio/gio.h>

#include "hearts-ai.h"

G_BEGIN_DECLS

/* Starts @command (a shell-style command line) and talks to it over the hearts-engine
 * protocol (docs/PROTOCOL.md). Should the engine fail, time out or answer an illegal
 * move, the Normal player moves for it until the next hand, so a game never stalls. */
HeartsAi   *hearts_external_ai_new             (const char    *command,
                                                GCancellable  *cancellable,
                                                GError       **error);
gboolean    hearts_external_ai_is_external     (HeartsAi    *ai);
/* What the engine calls itself in its "hep" answer. */
const char *hearts_external_ai_get_engine_name (HeartsAi    *ai);
/* Moves the stand-in player had to make. */
guint       hearts_external_ai_get_failures    (HeartsAi    *ai);
/* NULL while the engine plays; once it has been dropped, why. */
const char *hearts_external_ai_get_error       (HeartsAi    *ai);

G_END_DECLS
