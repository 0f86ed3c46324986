/* hearts-card-theme-private.h
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "hearts-card-theme.h"

G_BEGIN_DECLS

#define HEARTS_CARD_THEME_DEFAULT_URI "resource://" RESOURCE_PATH "/cards/hearts-deck.svg"

/* "anglo_modern_4_color.svgz" → "Anglo Modern 4 Color", "swiss-xvii.svg" → "Swiss XVII". */
char *_hearts_card_theme_display_name (const char *basename);

/* How many of the 53 pictures a size has: for tests. */
guint _hearts_card_theme_count_pictures (HeartsCardTheme *self,
                                         int              width,
                                         int              scale);

/* Whether the theme file was parsed: not while its deck comes from disk. For tests. */
gboolean _hearts_card_theme_is_parsed     (HeartsCardTheme *self);

/* How long a new size drawn from another waits for a newer one before a worker renders it
 * (150 ms; a pending wait starts again with the new length). For tests. */
void     _hearts_card_theme_set_settle_ms (HeartsCardTheme *self,
                                           guint            settle_ms);

/* Waits until no theme renders or writes its deck in a thread. For tests. */
void     _hearts_card_theme_wait_workers  (void);

G_END_DECLS
