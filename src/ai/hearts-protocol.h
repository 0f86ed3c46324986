/* hearts-protocol.h: one seat played over the line protocol of hearts-engine
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "hearts-ai.h"

G_BEGIN_DECLS

#define HEARTS_PROTOCOL_VERSION 1

/* The engine side of the protocol (docs/PROTOCOL.md): it rebuilds the seat's view from
 * the commands, asks a HeartsAi, and answers each command with one line. */
typedef struct _HeartsProtocol HeartsProtocol;

HeartsProtocol *hearts_protocol_new     (HeartsAiLevel   level,
                                         guint64         seed);
void            hearts_protocol_free    (HeartsProtocol *self);
/* The answer to one command line (without its newline), or NULL after "quit". Never
 * fails: a bad command gets "error <reason>" and changes nothing. */
char           *hearts_protocol_handle  (HeartsProtocol *self,
                                         const char     *line);
/* The view the engine has rebuilt, for tests; FALSE before a hand. */
gboolean        hearts_protocol_get_view (HeartsProtocol *self,
                                          HeartsView     *view);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (HeartsProtocol, hearts_protocol_free)

G_END_DECLS
