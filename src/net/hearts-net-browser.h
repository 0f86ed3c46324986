/* hearts-net-browser.h: the tables announced on the local network (DNS-SD, Avahi)
 *
 * A list of HeartsNetNearbyTable that keeps itself up to date while the browser lives:
 * tables come as they are announced and go as they are withdrawn. Without Avahi the
 * list stays empty and :available is FALSE (it turns TRUE if Avahi starts later).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gio/gio.h>

#include "hearts-net-nearby-table.h"

G_BEGIN_DECLS

#define HEARTS_TYPE_NET_BROWSER (hearts_net_browser_get_type ())

G_DECLARE_FINAL_TYPE (HeartsNetBrowser, hearts_net_browser, HEARTS, NET_BROWSER, GObject)

HeartsNetBrowser *hearts_net_browser_new           (void);
/* Of HeartsNetNearbyTable, in the order found. */
GListModel       *hearts_net_browser_get_tables    (HeartsNetBrowser *self);
/* Whether Avahi answers (else nothing can be found). */
gboolean          hearts_net_browser_get_available (HeartsNetBrowser *self);

G_END_DECLS
