/* hearts-remote-seat-view.h: a seat's view of a table across the network
 *
 * What HeartsNetClient feeds. Its moves are checked against the seat's own view first
 * (a card it may not play is refused here, as at a local table), then sent; the host
 * checks them again and the event that follows is the answer (or ::refused on the
 * client). A claim is checked by the host, which says only whether it holds. The hint
 * is worked out here, from the seat's own view. Undo is not for a table of people.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "hearts-net-client.h"
#include "hearts-seat-view.h"

G_BEGIN_DECLS

#define HEARTS_TYPE_REMOTE_SEAT_VIEW (hearts_remote_seat_view_get_type ())

G_DECLARE_FINAL_TYPE (HeartsRemoteSeatView, hearts_remote_seat_view, HEARTS, REMOTE_SEAT_VIEW, HeartsSeatView)

/* The client feeding it, or NULL once that is gone. */
HeartsNetClient *hearts_remote_seat_view_get_client (HeartsRemoteSeatView *self);

G_END_DECLS
