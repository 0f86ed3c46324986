/* hearts-statistics.h: the player's statistics per rules preset, and the finished games
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gio/gio.h>

#include "hearts-game.h"
#include "hearts-settings.h"

G_BEGIN_DECLS

/* Everything is about seat 0, the player. */
typedef struct
{
  guint   games_played;
  guint   games_won;        /* a shared lowest score counts as a win */
  guint   hands_played;
  gint64  points;           /* taken over those hands, after moon adjustments */
  guint   moons_shot;
  guint   queens_taken;
  gint    best;             /* lowest final score */
  gint    worst;            /* highest final score */
} HeartsStats;

typedef struct
{
  gint64        date;       /* when it ended, seconds since 1970 (UTC) */
  HeartsPreset  preset;
  guint         n_players;
  gint          totals[HEARTS_MAX_PLAYERS];
  guint         winners;    /* bit per seat */
} HeartsHistoryEntry;

#define HEARTS_HISTORY_MAX 100

/* The dates a game may have ended on: from 1970 to the start of the year 9999, which
 * a local calendar can show in any time zone (GDateTime stops at 9999-12-31). A clock
 * set to nonsense gives the nearest of the two. */
#define HEARTS_DATE_MIN G_GINT64_CONSTANT (0)
#define HEARTS_DATE_MAX G_GINT64_CONSTANT (253370764800)

gboolean  hearts_statistics_date_is_valid (gint64               date);

/* Points per hand, 0 with no hand played. */
double    hearts_stats_get_average        (const HeartsStats   *stats);

/* FALSE (and @stats zeroed) when no game was finished with @preset. */
gboolean  hearts_statistics_get           (GSettings           *settings,
                                           HeartsPreset         preset,
                                           HeartsStats         *stats);
/* Newest first; free with g_array_unref. Entries that make no sense are skipped. */
GArray   *hearts_statistics_get_history   (GSettings           *settings);

/* Counts a finished game: @queens is the number of its hands in which the player
 * took the Queen of Spades. Writes "statistics" and "history"; the caller may
 * have @settings in delay-apply mode to write them with other keys at once. */
void      hearts_statistics_add_game      (GSettings           *settings,
                                           HeartsGame          *game,
                                           HeartsPreset         preset,
                                           guint                queens,
                                           gint64               date);

/* Forgets every statistic and the history. */
void      hearts_statistics_reset         (GSettings           *settings);

/* Checks the stored statistics and history; entries that make no sense are
 * dropped, and @error tells the player so. */
gboolean  hearts_statistics_check         (GSettings           *settings,
                                           GError             **error);

#define HEARTS_STATISTICS_ERROR (hearts_statistics_error_quark ())
GQuark hearts_statistics_error_quark (void);

G_END_DECLS
