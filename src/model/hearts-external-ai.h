/* hearts-external-ai.h: a computer player whose moves come from an engine command
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gio/gio.h>

#include "hearts-ai.h"

G_BEGIN_DECLS

/* Blocking: run it in a thread. Starts @command (a shell-style command line) and waits
 * for its answer to "hep" (docs/PROTOCOL.md) within the start deadline; honours
 * @cancellable. An engine that later fails (quits, stalls, floods, answers garbage or an
 * illegal move) is dropped: the Normal player moves for it for good, so a game never
 * stalls, and hearts_external_ai_get_error() says why. */
HeartsAi   *hearts_external_ai_new             (const char    *command,
                                                GCancellable  *cancellable,
                                                GError       **error);
gboolean    hearts_external_ai_is_external     (HeartsAi      *ai);
/* What the engine calls itself in its "hep" answer. */
const char *hearts_external_ai_get_engine_name (HeartsAi      *ai);
/* The engine's process id while it plays, else 0 (hearts-arena reads its CPU time). */
GPid        hearts_external_ai_get_pid         (HeartsAi      *ai);
/* Moves the stand-in player had to make. */
guint       hearts_external_ai_get_failures    (HeartsAi      *ai);
/* NULL while the engine plays; once it has been dropped, why (a sentence for the
 * player, e.g. "it did not answer within 10 seconds"). Read it on the thread that owns
 * the player, between moves. */
const char *hearts_external_ai_get_error       (HeartsAi      *ai);

G_END_DECLS
