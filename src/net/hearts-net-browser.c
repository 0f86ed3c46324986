/* hearts-net-browser.c
 *
 * The browser's signals are subscribed to before the browser is made, so that no table
 * found at once is missed; those that come before its path is known wait for it. A
 * table seen on several interfaces is one table, shown once, and goes when the last
 * one goes. Whatever the network says is bounded: tables shown, and names looked up.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include "hearts-net-avahi-private.h"
#include <string.h>

#include "hearts-net-browser.h"

#define MAX_INSTANCES 256
#define MAX_TABLES    64

struct _HeartsNetBrowser
{
  GObject parent_instance;

  GListStore      *tables;
  GHashTable      *instances; /* "iface proto name domain" */
  GHashTable      *sightings; /* "name domain" → how many of its instances are announced */
  GHashTable      *shown;     /* "name domain" → HeartsNetNearbyTable */
  GHashTable      *resolving; /* "name domain" → the serial of its resolve under way */
  guint            last_resolve;
  HeartsNetAvahi   avahi;
  char            *browser; /* its path, once made */
  GPtrArray       *early;   /* (sv) signals before it */
  gboolean         available;
};

G_DEFINE_FINAL_TYPE (HeartsNetBrowser, hearts_net_browser, G_TYPE_OBJECT)

enum
{
  PROP_0,
  PROP_AVAILABLE,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static void
set_available (HeartsNetBrowser *self,
               gboolean          available)
{
  if (self->available == available)
    return;
  self->available = available;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_AVAILABLE]);
}

typedef struct
{
  HeartsNetBrowser *self;
  char             *key;
  guint             serial;
} Resolve;

static void
on_resolved_cb (GObject      *source,
                GAsyncResult *result,
                gpointer      user_data)
{
  Resolve *resolve = user_data;
  g_autoptr(GVariant) reply = NULL;
  g_autoptr(GVariant) txt = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(HeartsNetNearbyTable) table = NULL;
  g_autofree char  *key = resolve->key;
  HeartsNetBrowser *self = resolve->self;
  guint             serial = resolve->serial;
  const char       *name, *address;
  guint16           port;

  g_free (resolve);
  reply = g_dbus_connection_call_finish (G_DBUS_CONNECTION (source), result, &error);
  if (reply == NULL && g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
    return;
  /* Withdrawn meanwhile (and perhaps announced anew: its own resolve answers for it). */
  if (GPOINTER_TO_UINT (g_hash_table_lookup (self->resolving, key)) != serial)
    return;
  g_hash_table_remove (self->resolving, key);
  if (reply != NULL)
    {
      /* interface, protocol, name, type, domain, host name, address protocol, address, port, TXT, flags */
      g_variant_get (reply, "(ii&s&s&s&si&sq@aayu)", NULL, NULL, &name, NULL, NULL, NULL, NULL, &address, &port, &txt,
                     NULL);
      table = hearts_net_nearby_table_new (name, address, port, txt);
    }
  else
    g_debug ("Avahi: %s", error->message);
  /* Not a table of ours: looked at again only if it is announced anew. */
  if (table == NULL || g_list_model_get_n_items (G_LIST_MODEL (self->tables)) >= MAX_TABLES)
    return;
  g_hash_table_insert (self->shown, g_steal_pointer (&key), g_object_ref (table));
  g_list_store_append (self->tables, table);
}

static void
remove_shown (HeartsNetBrowser *self,
              const char       *key)
{
  HeartsNetNearbyTable *table = g_hash_table_lookup (self->shown, key);
  guint                 position;

  if (table != NULL && g_list_store_find (self->tables, table, &position))
    g_list_store_remove (self->tables, position);
  g_hash_table_remove (self->shown, key);
  g_hash_table_remove (self->resolving, key);
}

static void
on_item (HeartsNetBrowser *self,
         const char       *signal,
         GVariant         *parameters)
{
  g_autofree char *instance = NULL;
  g_autofree char *key = NULL;
  const char      *name, *type, *domain;
  gint32           interface, protocol;
  guint32          flags;

  if (!g_variant_is_of_type (parameters, G_VARIANT_TYPE ("(iisssu)")))
    return;
  g_variant_get (parameters, "(ii&s&s&su)", &interface, &protocol, &name, &type, &domain, &flags);
  instance = g_strdup_printf ("%d %d %s %s", interface, protocol, name, domain);
  key = g_strdup_printf ("%s %s", name, domain);

  if (g_strcmp0 (signal, "ItemNew") == 0)
    {
      Resolve *resolve;

      if (g_hash_table_size (self->instances) >= MAX_INSTANCES ||
          !g_hash_table_add (self->instances, g_steal_pointer (&instance)))
        return;
      g_hash_table_insert (self->sightings, g_strdup (key),
                           GUINT_TO_POINTER (GPOINTER_TO_UINT (g_hash_table_lookup (self->sightings, key)) + 1));
      if (g_hash_table_contains (self->shown, key) || g_hash_table_contains (self->resolving, key))
        return;
      resolve = g_new0 (Resolve, 1);
      resolve->self = self;
      resolve->serial = ++self->last_resolve;
      g_hash_table_insert (self->resolving, g_strdup (key), GUINT_TO_POINTER (resolve->serial));
      resolve->key = g_steal_pointer (&key);
      hearts_net_avahi_call (&self->avahi, "/", AVAHI_SERVER, "ResolveService",
                             g_variant_new ("(iisssiu)", interface, protocol, name, type, domain, AVAHI_PROTO_INET, 0u),
                             G_VARIANT_TYPE ("(iissssisqaayu)"), on_resolved_cb, resolve);
    }
  else if (g_strcmp0 (signal, "ItemRemove") == 0 && g_hash_table_remove (self->instances, instance))
    {
      guint left = GPOINTER_TO_UINT (g_hash_table_lookup (self->sightings, key)) - 1;

      /* Still announced on another interface: still there. */
      if (left > 0)
        g_hash_table_insert (self->sightings, g_strdup (key), GUINT_TO_POINTER (left));
      else
        {
          g_hash_table_remove (self->sightings, key);
          remove_shown (self, key);
        }
    }
}

static void
on_browser_signal_cb (GDBusConnection *bus,
                      const char      *sender,
                      const char      *path,
                      const char      *interface,
                      const char      *signal,
                      GVariant        *parameters,
                      gpointer         user_data)
{
  g_autoptr(HeartsNetBrowser) self = g_weak_ref_get (user_data);

  if (self == NULL)
    return;
  if (self->browser == NULL)
    {
      if (self->early->len < MAX_INSTANCES)
        g_ptr_array_add (self->early, g_variant_ref_sink (g_variant_new ("(ss@*)", path, signal, parameters)));
      return;
    }
  if (strcmp (path, self->browser) == 0)
    on_item (self, signal, parameters);
}

static void
on_browser_new_cb (GObject      *source,
                   GAsyncResult *result,
                   gpointer      user_data)
{
  g_autoptr(GVariant) reply = NULL;
  g_autoptr(GError) error = NULL;
  HeartsNetBrowser *self = user_data;

  reply = g_dbus_connection_call_finish (G_DBUS_CONNECTION (source), result, &error);
  if (reply == NULL)
    {
      if (!g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
        g_debug ("Avahi: no browser: %s", error->message);
      return;
    }
  g_variant_get (reply, "(o)", &self->browser);
  set_available (self, TRUE);
  for (guint i = 0; i < self->early->len; i++)
    {
      g_autoptr(GVariant) parameters = NULL;
      const char *path, *signal;

      g_variant_get (g_ptr_array_index (self->early, i), "(&s&s@*)", &path, &signal, &parameters);
      if (strcmp (path, self->browser) == 0)
        on_item (self, signal, parameters);
    }
  g_ptr_array_set_size (self->early, 0);
}

static void
forget (HeartsNetBrowser *self)
{
  g_clear_pointer (&self->browser, g_free);
  g_ptr_array_set_size (self->early, 0);
  g_hash_table_remove_all (self->instances);
  g_hash_table_remove_all (self->sightings);
  g_hash_table_remove_all (self->shown);
  g_hash_table_remove_all (self->resolving);
  g_list_store_remove_all (self->tables);
  set_available (self, FALSE);
}

static void
on_avahi_appeared_cb (GDBusConnection *bus,
                      const char      *name,
                      const char      *owner,
                      gpointer         user_data)
{
  HeartsNetBrowser *self = user_data;

  forget (self);
  hearts_net_avahi_call (&self->avahi, "/", AVAHI_SERVER, "ServiceBrowserNew",
                         g_variant_new ("(iissu)", AVAHI_IF_UNSPEC, AVAHI_PROTO_INET, HEARTS_NET_SERVICE_TYPE, "", 0u),
                         G_VARIANT_TYPE ("(o)"), on_browser_new_cb, self);
}

static void
on_avahi_vanished_cb (GDBusConnection *bus,
                      const char      *name,
                      gpointer         user_data)
{
  forget (user_data);
}

static void
hearts_net_browser_dispose (GObject *object)
{
  HeartsNetBrowser *self = HEARTS_NET_BROWSER (object);

  hearts_net_avahi_stop (&self->avahi, self->browser, AVAHI_SERVICE_BROWSER);
  g_clear_pointer (&self->browser, g_free);
  g_clear_object (&self->tables);

  G_OBJECT_CLASS (hearts_net_browser_parent_class)->dispose (object);
}

static void
hearts_net_browser_finalize (GObject *object)
{
  HeartsNetBrowser *self = HEARTS_NET_BROWSER (object);

  g_hash_table_unref (self->instances);
  g_hash_table_unref (self->sightings);
  g_hash_table_unref (self->shown);
  g_hash_table_unref (self->resolving);
  g_ptr_array_unref (self->early);

  G_OBJECT_CLASS (hearts_net_browser_parent_class)->finalize (object);
}

static void
hearts_net_browser_get_property (GObject    *object,
                                 guint       prop_id,
                                 GValue     *value,
                                 GParamSpec *pspec)
{
  HeartsNetBrowser *self = HEARTS_NET_BROWSER (object);

  switch (prop_id)
    {
    case PROP_AVAILABLE:
      g_value_set_boolean (value, self->available);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
hearts_net_browser_class_init (HeartsNetBrowserClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->dispose = hearts_net_browser_dispose;
  object_class->finalize = hearts_net_browser_finalize;
  object_class->get_property = hearts_net_browser_get_property;

  properties[PROP_AVAILABLE] =
    g_param_spec_boolean ("available", NULL, NULL, FALSE,
                          G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
hearts_net_browser_init (HeartsNetBrowser *self)
{
  self->tables = g_list_store_new (HEARTS_TYPE_NET_NEARBY_TABLE);
  self->instances = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  self->sightings = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  self->shown = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_object_unref);
  self->resolving = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  self->early = g_ptr_array_new_with_free_func ((GDestroyNotify) g_variant_unref);
}

HeartsNetBrowser *
hearts_net_browser_new (void)
{
  HeartsNetBrowser *self = g_object_new (HEARTS_TYPE_NET_BROWSER, NULL);

  hearts_net_avahi_start (&self->avahi, self, AVAHI_SERVICE_BROWSER, NULL, on_browser_signal_cb, on_avahi_appeared_cb,
                          on_avahi_vanished_cb);
  return self;
}

GListModel *
hearts_net_browser_get_tables (HeartsNetBrowser *self)
{
  g_return_val_if_fail (HEARTS_IS_NET_BROWSER (self), NULL);
  return G_LIST_MODEL (self->tables);
}

gboolean
hearts_net_browser_get_available (HeartsNetBrowser *self)
{
  g_return_val_if_fail (HEARTS_IS_NET_BROWSER (self), FALSE);
  return self->available;
}
