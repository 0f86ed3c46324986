/* hearts-net-announcer.h: a table announced on the local network (DNS-SD, Avahi)
 *
 * The announcement says where the table is, its id and its certificate's fingerprint,
 * never its secret: whoever finds it knocks, and the host's person lets them in.
 * Without Avahi (not installed, not running, or the sandbox does not reach it) nothing
 * is announced and nothing fails; if Avahi comes later, the table is announced then.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gio/gio.h>

G_BEGIN_DECLS

#define HEARTS_TYPE_NET_ANNOUNCER (hearts_net_announcer_get_type ())

G_DECLARE_FINAL_TYPE (HeartsNetAnnouncer, hearts_net_announcer, HEARTS, NET_ANNOUNCER, GObject)

/* @name: what people see, e.g. "Ada’s table" (cut to 63 bytes); @fingerprint:
 * HEARTS_NET_FINGERPRINT_SIZE bytes. Announced until the object goes. */
HeartsNetAnnouncer *hearts_net_announcer_new           (const char         *name,
                                                        guint16             port,
                                                        const char         *table_id,
                                                        const guint8       *fingerprint);
/* Whether Avahi has announced it (the name it took may differ, after a collision). */
gboolean            hearts_net_announcer_get_announced (HeartsNetAnnouncer *self);
const char         *hearts_net_announcer_get_name      (HeartsNetAnnouncer *self);

G_END_DECLS
