/* hearts-net-nearby-table.h: a table found on the local network (HeartsNetBrowser's)
 *
 * What the announcement said, checked: a name to show (plain text, not markup), an IPv4
 * address and port, the table's id and its certificate's fingerprint, enough to knock
 * (hearts_net_client_knock_async()).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gio/gio.h>

G_BEGIN_DECLS

#define HEARTS_TYPE_NET_NEARBY_TABLE (hearts_net_nearby_table_get_type ())

G_DECLARE_FINAL_TYPE (HeartsNetNearbyTable, hearts_net_nearby_table, HEARTS, NET_NEARBY_TABLE, GObject)

/* NULL if any of it is not what a table announces. */
HeartsNetNearbyTable *hearts_net_nearby_table_new             (const char           *name,
                                                               const char           *address,
                                                               guint16               port,
                                                               GVariant             *txt);
const char           *hearts_net_nearby_table_get_name        (HeartsNetNearbyTable *self);
const char           *hearts_net_nearby_table_get_address     (HeartsNetNearbyTable *self);
guint16               hearts_net_nearby_table_get_port        (HeartsNetNearbyTable *self);
const char           *hearts_net_nearby_table_get_id          (HeartsNetNearbyTable *self);
const guint8         *hearts_net_nearby_table_get_fingerprint (HeartsNetNearbyTable *self);
/* Unique in the process: ids can be copied by anyone on the network, this cannot. */
guint                 hearts_net_nearby_table_get_serial      (HeartsNetNearbyTable *self);

G_END_DECLS
