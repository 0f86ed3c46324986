/* hearts-format.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <string.h>

#include <glib/gi18n-lib.h>

#include "hearts-format.h"
#include "hearts-types.h"

#define MINUS_SIGN "\u2212"

char *
hearts_format_points (gint points)
{
  gint64 magnitude = ABS ((gint64) points);

  /* The hyphen-minus is a dash to the eye and to a screen reader, not a sign. */
  return g_strdup_printf ("%s%" G_GINT64_FORMAT, points < 0 ? MINUS_SIGN : "", magnitude);
}

char *
hearts_format_mean (double points)
{
  g_autofree char *text = g_strdup_printf ("%.1f", ABS (points));

  /* A mean that rounds to zero has no sign. */
  if (points < 0 && strspn (text, "0.,") != strlen (text))
    return g_strconcat (MINUS_SIGN, text, NULL);
  return g_steal_pointer (&text);
}

char *
hearts_format_name_list (const char * const *names,
                         guint               n_names)
{
  g_autoptr(GString) list = g_string_new (NULL);

  for (guint i = 0; i < n_names; i++)
    {
      if (i > 0 && i + 1 == n_names)
        /* Translators: joins the last two items of a list, as "You and West" or
         * "Two of Clubs, Ace of Hearts and Queen of Spades" */
        g_string_append (list, _(" and "));
      else if (i > 0)
        /* Translators: joins items of a list but the last two */
        g_string_append (list, _(", "));
      g_string_append (list, names[i]);
    }
  return g_string_free (g_steal_pointer (&list), FALSE);
}

/* One sentence per place, so that a translation can decline each ordinal as it must. */
static char *
finished (guint       place,
          gboolean    last,
          gint        behind,
          const char *leaders)
{
  if (last)
    /* Translators: how the player finished; %d is points, %s the winner's names */
    return g_strdup_printf (g_dngettext (NULL, "You finished last, %d point behind %s",
                                         "You finished last, %d points behind %s", behind),
                            behind, leaders);
  switch (place)
    {
    case 2:
      /* Translators: how the player finished; %d is points, %s the winner's names */
      return g_strdup_printf (g_dngettext (NULL, "You finished second, %d point behind %s",
                                           "You finished second, %d points behind %s", behind),
                              behind, leaders);
    case 3:
      /* Translators: how the player finished; %d is points, %s the winner's names */
      return g_strdup_printf (g_dngettext (NULL, "You finished third, %d point behind %s",
                                           "You finished third, %d points behind %s", behind),
                              behind, leaders);
    case 4:
      /* Translators: how the player finished; %d is points, %s the winner's names */
      return g_strdup_printf (g_dngettext (NULL, "You finished fourth, %d point behind %s",
                                           "You finished fourth, %d points behind %s", behind),
                              behind, leaders);
    case 5:
    default:
      /* Translators: how the player finished; %d is points, %s the winner's names */
      return g_strdup_printf (g_dngettext (NULL, "You finished fifth, %d point behind %s",
                                           "You finished fifth, %d points behind %s", behind),
                              behind, leaders);
    }
}

static char *
shared (guint       place,
        gboolean    last,
        const char *others,
        gint        behind,
        const char *leaders)
{
  if (place == 1)
    /* Translators: %s is the names of the players who tied with the player for the win */
    return g_strdup_printf (_("You shared first place with %s"), others);
  if (last)
    /* Translators: the first %s is the players tied with the player, %d points, the
     * second %s the winner's names */
    return g_strdup_printf (g_dngettext (NULL, "You shared last place with %s, %d point behind %s",
                                         "You shared last place with %s, %d points behind %s", behind),
                            others, behind, leaders);
  switch (place)
    {
    case 2:
      /* Translators: the first %s is the players tied with the player, %d points, the
       * second %s the winner's names */
      return g_strdup_printf (g_dngettext (NULL, "You shared second place with %s, %d point behind %s",
                                           "You shared second place with %s, %d points behind %s", behind),
                              others, behind, leaders);
    case 3:
      /* Translators: the first %s is the players tied with the player, %d points, the
       * second %s the winner's names */
      return g_strdup_printf (g_dngettext (NULL, "You shared third place with %s, %d point behind %s",
                                           "You shared third place with %s, %d points behind %s", behind),
                              others, behind, leaders);
    case 4:
    default:
      /* Translators: the first %s is the players tied with the player, %d points, the
       * second %s the winner's names */
      return g_strdup_printf (g_dngettext (NULL, "You shared fourth place with %s, %d point behind %s",
                                           "You shared fourth place with %s, %d points behind %s", behind),
                              others, behind, leaders);
    }
}

char *
hearts_format_standing (guint               n_players,
                        const gint         *totals,
                        const char * const *names)
{
  const char      *leaders[HEARTS_FORMAT_MAX_PLACES];
  const char      *tied[HEARTS_FORMAT_MAX_PLACES];
  guint            n_leaders = 0, n_tied = 0, place = 1;
  gint             mine = totals[HEARTS_HUMAN_SEAT];
  gint             best = mine;
  g_autofree char *leader_list = NULL;
  g_autofree char *tied_list = NULL;
  gboolean         last;

  g_return_val_if_fail (n_players >= 2 && n_players <= HEARTS_FORMAT_MAX_PLACES, NULL);

  for (guint s = 0; s < n_players; s++)
    best = MIN (best, totals[s]);
  /* The lowest total wins; equal totals share a place, and the next place is counted
   * past them ("1, 1, 3"). */
  for (guint s = 0; s < n_players; s++)
    {
      if (s == HEARTS_HUMAN_SEAT)
        continue;
      if (totals[s] < mine)
        place++;
      else if (totals[s] == mine)
        tied[n_tied++] = names[s];
      if (totals[s] == best)
        leaders[n_leaders++] = names[s];
    }
  last = place > 1 && place + n_tied == n_players;

  if (place == 1 && n_tied == 0)
    return g_strdup (_("You won!"));

  leader_list = hearts_format_name_list (leaders, n_leaders);
  if (n_tied > 0)
    {
      tied_list = hearts_format_name_list (tied, n_tied);
      return shared (place, last, tied_list, mine - best, leader_list);
    }
  return finished (place, last, mine - best, leader_list);
}
