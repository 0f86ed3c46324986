/* hearts-ai-private.h: what the levels share
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "hearts-ai.h"

G_BEGIN_DECLS

/* Each level's constructor fills a HeartsAi (or a larger struct that starts with one). */
HeartsAi    *hearts_ai_random_new  (void);

G_END_DECLS
