/* hearts-net-avahi.c: what the announcer and the browser share of talking to Avahi
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include "hearts-net-avahi-private.h"

static gpointer
weak_ref_new (gpointer object)
{
  GWeakRef *ref = g_new0 (GWeakRef, 1);

  g_weak_ref_init (ref, object);
  return ref;
}

static void
weak_ref_free (gpointer data)
{
  g_weak_ref_clear (data);
  g_free (data);
}

static void
on_bus_cb (GObject      *source,
           GAsyncResult *result,
           gpointer      user_data)
{
  g_autoptr(GError) error = NULL;
  GDBusConnection *bus = g_bus_get_finish (result, &error);
  HeartsNetAvahi  *avahi = user_data;

  if (bus == NULL)
    {
      if (!g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
        g_debug ("No system bus, so no tables on the local network: %s", error->message);
      return;
    }
  avahi->bus = bus;
  avahi->subscription = g_dbus_connection_signal_subscribe (bus, AVAHI_NAME, avahi->interface, avahi->member, NULL,
                                                            NULL, G_DBUS_SIGNAL_FLAGS_NONE, avahi->signal_cb,
                                                            weak_ref_new (avahi->owner), weak_ref_free);
  avahi->watch = g_bus_watch_name_on_connection (bus, AVAHI_NAME, G_BUS_NAME_WATCHER_FLAGS_NONE, avahi->appeared_cb,
                                                 avahi->vanished_cb, avahi->owner, NULL);
}

void
hearts_net_avahi_start (HeartsNetAvahi          *avahi,
                        gpointer                 owner,
                        const char              *interface,
                        const char              *member,
                        GDBusSignalCallback      signal_cb,
                        GBusNameAppearedCallback appeared_cb,
                        GBusNameVanishedCallback vanished_cb)
{
  avahi->owner = owner;
  avahi->interface = interface;
  avahi->member = member;
  avahi->signal_cb = signal_cb;
  avahi->appeared_cb = appeared_cb;
  avahi->vanished_cb = vanished_cb;
  avahi->cancellable = g_cancellable_new ();
  g_bus_get (G_BUS_TYPE_SYSTEM, avahi->cancellable, on_bus_cb, avahi);
}

static void
on_done_cb (GObject      *source,
            GAsyncResult *result,
            gpointer      user_data)
{
  g_autoptr(GVariant) reply = NULL;
  g_autoptr(GError) error = NULL;

  reply = g_dbus_connection_call_finish (G_DBUS_CONNECTION (source), result, &error);
  if (reply == NULL && !g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
    g_debug ("Avahi: %s", error->message);
}

void
hearts_net_avahi_call (HeartsNetAvahi     *avahi,
                       const char         *path,
                       const char         *interface,
                       const char         *method,
                       GVariant           *parameters,
                       const GVariantType *reply_type,
                       GAsyncReadyCallback callback,
                       gpointer            user_data)
{
  g_dbus_connection_call (avahi->bus, AVAHI_NAME, path, interface, method, parameters, reply_type,
                          G_DBUS_CALL_FLAGS_NO_AUTO_START, HEARTS_NET_CALL_MS, avahi->cancellable,
                          callback != NULL ? callback : on_done_cb, user_data);
}

void
hearts_net_avahi_stop (HeartsNetAvahi *avahi,
                       const char     *object,
                       const char     *object_interface)
{
  if (avahi->cancellable != NULL)
    g_cancellable_cancel (avahi->cancellable);
  /* Avahi frees what a client made only when the client leaves the bus, which the
   * program's connection does not. */
  if (avahi->bus != NULL && object != NULL)
    g_dbus_connection_call (avahi->bus, AVAHI_NAME, object, object_interface, "Free", NULL, NULL,
                            G_DBUS_CALL_FLAGS_NO_AUTO_START, HEARTS_NET_CALL_MS, NULL, NULL, NULL);
  g_clear_handle_id (&avahi->watch, g_bus_unwatch_name);
  if (avahi->bus != NULL && avahi->subscription != 0)
    g_dbus_connection_signal_unsubscribe (avahi->bus, avahi->subscription);
  avahi->subscription = 0;
  g_clear_object (&avahi->bus);
  g_clear_object (&avahi->cancellable);
}
