/* hearts-seat-names.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>

#include "hearts-seat-names.h"

HeartsSpot
hearts_seat_spot (guint n_players,
                  guint own,
                  guint seat)
{
  static const HeartsSpot three[] = { HEARTS_SPOT_BOTTOM, HEARTS_SPOT_LEFT, HEARTS_SPOT_RIGHT };
  static const HeartsSpot four[] = { HEARTS_SPOT_BOTTOM, HEARTS_SPOT_LEFT, HEARTS_SPOT_TOP, HEARTS_SPOT_RIGHT };
  static const HeartsSpot five[] = { HEARTS_SPOT_BOTTOM, HEARTS_SPOT_LEFT, HEARTS_SPOT_TOP_LEFT,
                                     HEARTS_SPOT_TOP_RIGHT, HEARTS_SPOT_RIGHT };
  guint                   n = CLAMP (n_players, 3, 5);
  guint                   r = (seat + n - own % n) % n;

  switch (n)
    {
    case 3:
      return three[r];
    case 5:
      return five[r];
    default:
      return four[r];
    }
}

const char *
hearts_seat_name (HeartsSeatView *view,
                  guint           seat)
{
  const char * const *names;

  g_return_val_if_fail (HEARTS_IS_SEAT_VIEW (view), NULL);

  names = hearts_seat_view_get_player_names (view);
  if (seat < g_strv_length ((char **) names) && names[seat][0] != '\0')
    return names[seat];
  return hearts_seat_default_name (hearts_seat_view_get_n_players (view), hearts_seat_view_get_seat (view), seat);
}

const char *
hearts_seat_default_name (guint n_players,
                          guint own,
                          guint seat)
{
  switch (hearts_seat_spot (n_players, own, seat))
    {
    case HEARTS_SPOT_BOTTOM:
      return _("You");
    case HEARTS_SPOT_LEFT:
      return _("West");
    case HEARTS_SPOT_TOP_LEFT:
      return _("Northwest");
    case HEARTS_SPOT_TOP:
      return _("North");
    case HEARTS_SPOT_TOP_RIGHT:
      return _("Northeast");
    case HEARTS_SPOT_RIGHT:
      return _("East");
    default:
      g_assert_not_reached ();
    }
}
