/* hearts-net-avahi-private.h: the few names of Avahi's D-Bus API we use
 *
 * Avahi is reached on the system bus as GNOME's own programs reach it, with no
 * library of its own: a table is a service of type _hearts._tcp.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#define AVAHI_NAME               "org.freedesktop.Avahi"
#define AVAHI_SERVER             "org.freedesktop.Avahi.Server"
#define AVAHI_ENTRY_GROUP        "org.freedesktop.Avahi.EntryGroup"
#define AVAHI_SERVICE_BROWSER    "org.freedesktop.Avahi.ServiceBrowser"
#define AVAHI_IF_UNSPEC          (-1)
#define AVAHI_PROTO_INET         0 /* invitations name IPv4 addresses: no zone to carry */
#define AVAHI_ENTRY_GROUP_COLLISION 3
#define AVAHI_ENTRY_GROUP_FAILURE   4

#define HEARTS_NET_SERVICE_TYPE  "_hearts._tcp"
/* A service's name, in bytes (a DNS label). */
#define HEARTS_NET_MAX_SERVICE_NAME 63
#define HEARTS_NET_CALL_MS       10000

#include <glib-object.h>

/* For D-Bus signal callbacks, which may come after their subscriber went. */
static inline gpointer
hearts_net_weak_ref_new (gpointer object)
{
  GWeakRef *ref = g_new0 (GWeakRef, 1);

  g_weak_ref_init (ref, object);
  return ref;
}

static inline void
hearts_net_weak_ref_free (gpointer data)
{
  g_weak_ref_clear (data);
  g_free (data);
}
