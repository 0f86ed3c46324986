/* hearts-seat-names.h: where each seat sits, and what every view calls it
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "hearts-seat-view.h"

G_BEGIN_DECLS

/* Where a seat sits as seen from the view's own seat, at the bottom. */
typedef enum
{
  HEARTS_SPOT_BOTTOM,
  HEARTS_SPOT_LEFT,
  HEARTS_SPOT_TOP_LEFT,
  HEARTS_SPOT_TOP,
  HEARTS_SPOT_TOP_RIGHT,
  HEARTS_SPOT_RIGHT,
} HeartsSpot;

HeartsSpot  hearts_seat_spot (guint           n_players,
                              guint           own,
                              guint           seat);
/* What a seat is called without a name of its own: "You" for @own, else where it sits
 * ("West" …). */
const char *hearts_seat_default_name (guint   n_players,
                                      guint   own,
                                      guint   seat);
/* The player's own name for @seat, else where it sits: "You", "West" … */
const char *hearts_seat_name (HeartsSeatView *view,
                              guint           seat);

G_END_DECLS
