/* hearts-statistics.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#include "hearts-game-deal.h"
#include "hearts-statistics.h"

#define STATS_TYPE   "(uuuxuuii)"
#define HISTORY_TYPE "(xsaiu)"

/* No hand moves a player's score by more than this (a moon, the J♦, no tricks). */
#define MAX_HAND_SWING 50

/* clang-format off: the quark\'s name is a string */
G_DEFINE_QUARK (hearts - statistics - error - quark, hearts_statistics_error)
/* clang-format on */

gboolean
hearts_statistics_date_is_valid (gint64 date)
{
  return date >= HEARTS_DATE_MIN && date <= HEARTS_DATE_MAX;
}

double
hearts_stats_get_average (const HeartsStats *stats)
{
  g_return_val_if_fail (stats != NULL, 0);
  return stats->hands_played > 0 ? (double) stats->points / stats->hands_played : 0;
}

static gboolean
stats_are_sane (const HeartsStats *s)
{
  gint64 bound = (gint64) MAX_HAND_SWING * s->hands_played;

  return s->games_played > 0 &&
         s->games_won <= s->games_played &&
         s->hands_played >= s->games_played &&
         s->moons_shot <= s->hands_played &&
         s->queens_taken <= s->hands_played &&
         s->points >= -bound && s->points <= bound &&
         s->best <= s->worst &&
         s->best >= -bound && s->worst <= bound;
}

static void
stats_from_variant (GVariant    *value,
                    HeartsStats *s)
{
  g_variant_get (value, STATS_TYPE,
                 &s->games_played, &s->games_won, &s->hands_played, &s->points,
                 &s->moons_shot, &s->queens_taken, &s->best, &s->worst);
}

static GVariant *
stats_to_variant (const HeartsStats *s)
{
  return g_variant_new (STATS_TYPE,
                        s->games_played, s->games_won, s->hands_played, s->points,
                        s->moons_shot, s->queens_taken, s->best, s->worst);
}

static gboolean
history_from_variant (GVariant           *value,
                      HeartsHistoryEntry *e)
{
  g_autoptr(GVariant) totals = NULL;
  const char   *preset_id;
  const gint32 *t;
  gsize         n;

  memset (e, 0, sizeof *e);
  g_variant_get (value, "(x&s@aiu)", &e->date, &preset_id, &totals, &e->winners);
  t = g_variant_get_fixed_array (totals, &n, sizeof (gint32));
  if (!hearts_preset_from_id (preset_id, &e->preset) ||
      n < HEARTS_MIN_PLAYERS || n > HEARTS_MAX_PLAYERS ||
      e->winners == 0 || e->winners >= (1u << n) ||
      !hearts_statistics_date_is_valid (e->date))
    return FALSE;
  e->n_players = n;
  for (guint s = 0; s < n; s++)
    {
      /* A game is at most 100 deals or 100 matches of 5. Compared on both sides,
       * as ABS (G_MININT32) overflows. */
      if (t[s] > MAX_HAND_SWING * HEARTS_END_COUNT_MAX * HEARTS_MAX_PLAYERS ||
          t[s] < -(MAX_HAND_SWING * HEARTS_END_COUNT_MAX * HEARTS_MAX_PLAYERS))
        return FALSE;
      e->totals[s] = t[s];
    }
  return TRUE;
}

static GVariant *
history_to_variant (const HeartsHistoryEntry *e)
{
  return g_variant_new ("(xs@aiu)", e->date, hearts_preset_to_id (e->preset),
                        g_variant_new_fixed_array (G_VARIANT_TYPE_INT32, e->totals,
                                                   e->n_players, sizeof (gint32)),
                        e->winners);
}

gboolean
hearts_statistics_get (GSettings   *settings,
                       HeartsPreset preset,
                       HeartsStats *stats)
{
  g_autoptr(GVariant) all = NULL;
  g_autoptr(GVariant) entry = NULL;

  g_return_val_if_fail (G_IS_SETTINGS (settings), FALSE);
  g_return_val_if_fail (preset < HEARTS_N_PRESETS, FALSE);
  g_return_val_if_fail (stats != NULL, FALSE);

  memset (stats, 0, sizeof *stats);
  all = g_settings_get_value (settings, "statistics");
  entry = g_variant_lookup_value (all, hearts_preset_to_id (preset), G_VARIANT_TYPE (STATS_TYPE));
  if (entry == NULL)
    return FALSE;
  stats_from_variant (entry, stats);
  if (!stats_are_sane (stats))
    {
      memset (stats, 0, sizeof *stats);
      return FALSE;
    }
  return TRUE;
}

GArray *
hearts_statistics_get_history (GSettings *settings)
{
  g_autoptr(GVariant) all = NULL;
  GArray      *history;
  GVariantIter iter;
  GVariant    *child;

  g_return_val_if_fail (G_IS_SETTINGS (settings), NULL);

  history = g_array_new (FALSE, FALSE, sizeof (HeartsHistoryEntry));
  all = g_settings_get_value (settings, "history");
  g_variant_iter_init (&iter, all);
  while ((child = g_variant_iter_next_value (&iter)) != NULL)
    {
      HeartsHistoryEntry e;

      if (history->len < HEARTS_HISTORY_MAX && history_from_variant (child, &e))
        g_array_append_val (history, e);
      g_variant_unref (child);
    }
  return history;
}

void
hearts_statistics_add_game (GSettings   *settings,
                            HeartsGame  *game,
                            HeartsPreset preset,
                            guint        queens,
                            gint64       date)
{
  g_autoptr(GVariant) all = NULL;
  g_autoptr(GArray) history = NULL;
  GVariantBuilder    builder;
  GVariantIter       iter;
  const char        *id;
  GVariant          *value;
  HeartsStats        stats;
  HeartsHistoryEntry entry = { 0 };
  guint              n_hands;
  gint               total;

  g_return_if_fail (G_IS_SETTINGS (settings));
  g_return_if_fail (HEARTS_IS_GAME (game));
  g_return_if_fail (hearts_game_get_phase (game) == HEARTS_PHASE_GAME_OVER);
  g_return_if_fail (preset < HEARTS_N_PRESETS);

  n_hands = hearts_game_get_n_results (game);
  total = hearts_game_get_total (game, 0);

  if (!hearts_statistics_get (settings, preset, &stats))
    {
      stats.best = total;
      stats.worst = total;
    }
  stats.games_played++;
  if (hearts_game_get_winners (game) & 1)
    stats.games_won++;
  stats.hands_played += n_hands;
  for (guint i = 0; i < n_hands; i++)
    {
      const HeartsHandResult *result = hearts_game_get_result (game, i);

      stats.points += result->points[0];
      if (result->shooter == 0)
        stats.moons_shot++;
    }
  stats.queens_taken += MIN (queens, n_hands);
  stats.best = MIN (stats.best, total);
  stats.worst = MAX (stats.worst, total);

  /* The other presets' entries as they are, this one replaced. */
  g_variant_builder_init (&builder, G_VARIANT_TYPE ("a{s" STATS_TYPE "}"));
  all = g_settings_get_value (settings, "statistics");
  g_variant_iter_init (&iter, all);
  while (g_variant_iter_next (&iter, "{&s@" STATS_TYPE "}", &id, &value))
    {
      if (g_strcmp0 (id, hearts_preset_to_id (preset)) != 0)
        g_variant_builder_add (&builder, "{s@" STATS_TYPE "}", id, value);
      g_variant_unref (value);
    }
  g_variant_builder_add (&builder, "{s@" STATS_TYPE "}", hearts_preset_to_id (preset),
                         stats_to_variant (&stats));
  g_settings_set_value (settings, "statistics", g_variant_builder_end (&builder));

  entry.date = date;
  entry.preset = preset;
  entry.n_players = hearts_game_get_n_players (game);
  for (guint s = 0; s < entry.n_players; s++)
    entry.totals[s] = hearts_game_get_total (game, s);
  entry.winners = hearts_game_get_winners (game);

  history = hearts_statistics_get_history (settings);
  g_variant_builder_init (&builder, G_VARIANT_TYPE ("a" HISTORY_TYPE));
  g_variant_builder_add_value (&builder, history_to_variant (&entry));
  for (guint i = 0; i < history->len && i + 1 < HEARTS_HISTORY_MAX; i++)
    g_variant_builder_add_value (&builder, history_to_variant (&g_array_index (history, HeartsHistoryEntry, i)));
  g_settings_set_value (settings, "history", g_variant_builder_end (&builder));
}

void
hearts_statistics_reset (GSettings *settings)
{
  g_return_if_fail (G_IS_SETTINGS (settings));

  g_settings_reset (settings, "statistics");
  g_settings_reset (settings, "history");
}

gboolean
hearts_statistics_check (GSettings *settings,
                         GError   **error)
{
  g_autoptr(GVariant) stats = NULL;
  g_autoptr(GVariant) history = NULL;
  g_autoptr(GHashTable) seen = g_hash_table_new (g_str_hash, g_str_equal);
  GVariantBuilder stats_builder, history_builder;
  GVariantIter    iter;
  GVariant       *child;
  gboolean        dropped = FALSE;
  guint           n_history = 0;

  g_return_val_if_fail (G_IS_SETTINGS (settings), FALSE);

  stats = g_settings_get_value (settings, "statistics");
  g_variant_builder_init (&stats_builder, G_VARIANT_TYPE ("a{s" STATS_TYPE "}"));
  g_variant_iter_init (&iter, stats);
  while ((child = g_variant_iter_next_value (&iter)) != NULL)
    {
      g_autoptr(GVariant) value = NULL;
      const char  *id;
      HeartsPreset preset;
      HeartsStats  s;

      g_variant_get (child, "{&s@" STATS_TYPE "}", &id, &value);
      stats_from_variant (value, &s);
      if (hearts_preset_from_id (id, &preset) && stats_are_sane (&s) &&
          !g_hash_table_contains (seen, id))
        {
          g_hash_table_add (seen, (gpointer) hearts_preset_to_id (preset));
          g_variant_builder_add (&stats_builder, "{s@" STATS_TYPE "}", id, value);
        }
      else
        dropped = TRUE;
      g_variant_unref (child);
    }

  history = g_settings_get_value (settings, "history");
  g_variant_builder_init (&history_builder, G_VARIANT_TYPE ("a" HISTORY_TYPE));
  g_variant_iter_init (&iter, history);
  while ((child = g_variant_iter_next_value (&iter)) != NULL)
    {
      HeartsHistoryEntry e;

      if (n_history < HEARTS_HISTORY_MAX && history_from_variant (child, &e))
        {
          g_variant_builder_add_value (&history_builder, child);
          n_history++;
        }
      else
        dropped = TRUE;
      g_variant_unref (child);
    }

  if (!dropped)
    {
      g_variant_builder_clear (&stats_builder);
      g_variant_builder_clear (&history_builder);
      return TRUE;
    }

  g_settings_set_value (settings, "statistics", g_variant_builder_end (&stats_builder));
  g_settings_set_value (settings, "history", g_variant_builder_end (&history_builder));
  g_set_error_literal (error, HEARTS_STATISTICS_ERROR, 0,
                       _("Some saved statistics could not be read and were removed"));
  return FALSE;
}
