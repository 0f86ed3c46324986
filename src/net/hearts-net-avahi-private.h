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

#include <gio/gio.h>

/* A client of Avahi: the system bus, Avahi's signals of one interface (subscribed to
 * before anything is asked, so that none is missed), and whether Avahi is there (it may
 * come and go). Embedded in its owner; every callback under way when it stops sees
 * CANCELLED, and the signals' callbacks are given a GWeakRef of the owner. */
typedef struct
{
  GDBusConnection          *bus;
  GCancellable             *cancellable;
  guint                     watch;
  guint                     subscription;
  gpointer                  owner;
  const char               *interface;
  const char               *member;
  GDBusSignalCallback       signal_cb;
  GBusNameAppearedCallback  appeared_cb;
  GBusNameVanishedCallback  vanished_cb;
} HeartsNetAvahi;

void hearts_net_avahi_start (HeartsNetAvahi           *avahi,
                             gpointer                  owner,
                             const char               *interface,
                             const char               *member,
                             GDBusSignalCallback       signal_cb,
                             GBusNameAppearedCallback  appeared_cb,
                             GBusNameVanishedCallback  vanished_cb);
/* A call to Avahi (@callback NULL: a failure is logged, nothing more). */
void hearts_net_avahi_call  (HeartsNetAvahi           *avahi,
                             const char               *path,
                             const char               *interface,
                             const char               *method,
                             GVariant                 *parameters,
                             const GVariantType       *reply_type,
                             GAsyncReadyCallback       callback,
                             gpointer                  user_data);
/* Frees @object (an entry group or a browser Avahi made for us, may be NULL) and stops. */
void hearts_net_avahi_stop  (HeartsNetAvahi           *avahi,
                             const char               *object,
                             const char               *object_interface);

