/* hearts-format.h: numbers and sentences about scores, as the player reads them
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* Room for the places of the game over sentence; more than the engine's players. */
#define HEARTS_FORMAT_MAX_PLACES 6

/* "12", "0", "−10": a negative number with the real minus sign (U+2212). */
char *hearts_format_points    (gint                points);
/* A mean to one decimal, as "4.5" or "−1.5" (never "−0.0"), in the locale's digits. */
char *hearts_format_mean      (double              points);
/* Where seat 0 finished, low totals first: "You won!", "You finished second, 12 points
 * behind Ada", "You shared first place with West". @names holds @n_players names. */
char *hearts_format_standing  (guint               n_players,
                               const gint         *totals,
                               const char * const *names);
/* "Ada", "Ada and West", "Ada, West and North". */
char *hearts_format_name_list (const char * const *names,
                               guint               n_names);

G_END_DECLS
