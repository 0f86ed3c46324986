/* hearts-net-host-private.h: what the server gives a table
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "hearts-net-host.h"
#include "hearts-net-peer.h"

G_BEGIN_DECLS

const guint8 *_hearts_net_host_get_secret (HeartsNetHost        *self);
/* Seats @peer, whose @hello proved the table's secret, or tells it why not. */
void          _hearts_net_host_add_peer   (HeartsNetHost        *self,
                                           HeartsNetPeer        *peer,
                                           const HeartsNetHello *hello);

G_END_DECLS
