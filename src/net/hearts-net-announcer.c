/* hearts-net-announcer.c
 *
 * Avahi keeps an entry group per client: it is made when Avahi appears on the bus (now,
 * or when it starts later), named again on a collision with another table of the same
 * name, and freed when the announcer goes (the bus connection outlives it).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <string.h>

#include "hearts-net-announcer.h"
#include "hearts-net-avahi-private.h"
#include "hearts-net-link.h"
#include "hearts-net-protocol.h"

struct _HeartsNetAnnouncer
{
  GObject parent_instance;

  char   *name;
  guint16 port;
  char   *table_id;
  char   *fingerprint;

  HeartsNetAvahi avahi;
  char          *group; /* the entry group's path */
  gboolean       announced;
};

G_DEFINE_FINAL_TYPE (HeartsNetAnnouncer, hearts_net_announcer, G_TYPE_OBJECT)

enum
{
  PROP_0,
  PROP_ANNOUNCED,
  PROP_NAME,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static void
set_announced (HeartsNetAnnouncer *self,
               gboolean            announced)
{
  if (self->announced == announced)
    return;
  self->announced = announced;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_ANNOUNCED]);
}

/* A name that fits a DNS label, cut on a character. */
static char *
service_name (const char *name)
{
  const char *end = name;

  while (*end != '\0')
    {
      const char *next = g_utf8_next_char (end);

      if (next - name > HEARTS_NET_MAX_SERVICE_NAME)
        break;
      end = next;
    }
  return g_strndup (name, end - name);
}

static GVariant *
txt_record (HeartsNetAnnouncer *self)
{
  GVariantBuilder  builder;
  g_autofree char *id = g_strdup_printf ("id=%s", self->table_id);
  g_autofree char *fp = g_strdup_printf ("fp=%s", self->fingerprint);
  const char      *items[] = { "v=" G_STRINGIFY (HEARTS_NET_VERSION), id, fp };

  g_variant_builder_init (&builder, G_VARIANT_TYPE ("aay"));
  for (guint i = 0; i < G_N_ELEMENTS (items); i++)
    g_variant_builder_add_value (&builder,
                                 g_variant_new_fixed_array (G_VARIANT_TYPE_BYTE, items[i], strlen (items[i]), 1));
  return g_variant_builder_end (&builder);
}

static void
call (HeartsNetAnnouncer *self,
      const char         *path,
      const char         *interface,
      const char         *method,
      GVariant           *parameters,
      GAsyncReadyCallback callback)
{
  hearts_net_avahi_call (&self->avahi, path, interface, method, parameters, NULL, callback, self);
}

static void
add_service (HeartsNetAnnouncer *self)
{
  call (self, self->group, AVAHI_ENTRY_GROUP, "AddService",
        g_variant_new ("(iiussssq@aay)", AVAHI_IF_UNSPEC, AVAHI_PROTO_INET, 0u, self->name, HEARTS_NET_SERVICE_TYPE,
                       "", "", self->port, txt_record (self)),
        NULL);
  call (self, self->group, AVAHI_ENTRY_GROUP, "Commit", NULL, NULL);
}

static void
on_alternative_name_cb (GObject      *source,
                        GAsyncResult *result,
                        gpointer      user_data)
{
  g_autoptr(GVariant) reply = NULL;
  g_autoptr(GError) error = NULL;
  HeartsNetAnnouncer *self = user_data;
  const char         *name;

  reply = g_dbus_connection_call_finish (G_DBUS_CONNECTION (source), result, &error);
  if (reply == NULL)
    {
      if (!g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
        g_debug ("Avahi: %s", error->message);
      return;
    }
  g_variant_get (reply, "(&s)", &name);
  g_free (self->name);
  self->name = service_name (name);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_NAME]);
  if (self->group != NULL)
    {
      call (self, self->group, AVAHI_ENTRY_GROUP, "Reset", NULL, NULL);
      add_service (self);
    }
}

static void
on_group_state_cb (GDBusConnection *bus,
                   const char      *sender,
                   const char      *path,
                   const char      *interface,
                   const char      *signal,
                   GVariant        *parameters,
                   gpointer         user_data)
{
  g_autoptr(HeartsNetAnnouncer) self = g_weak_ref_get (user_data);
  const char *error;
  gint32      state;

  /* A signal already queued when the announcer went. */
  if (self == NULL || g_strcmp0 (path, self->group) != 0 || !g_variant_is_of_type (parameters, G_VARIANT_TYPE ("(is)")))
    return;
  g_variant_get (parameters, "(i&s)", &state, &error);
  set_announced (self, state == 2);
  if (state == AVAHI_ENTRY_GROUP_COLLISION)
    /* Another table on the network has this name: take the next one ("… #2"). */
    call (self, "/", AVAHI_SERVER, "GetAlternativeServiceName", g_variant_new ("(s)", self->name),
          on_alternative_name_cb);
  else if (state == AVAHI_ENTRY_GROUP_FAILURE)
    g_debug ("Avahi: the table was not announced: %s", error);
}

static void
on_group_new_cb (GObject      *source,
                 GAsyncResult *result,
                 gpointer      user_data)
{
  g_autoptr(GVariant) reply = NULL;
  g_autoptr(GError) error = NULL;
  HeartsNetAnnouncer *self = user_data;

  reply = g_dbus_connection_call_finish (G_DBUS_CONNECTION (source), result, &error);
  if (reply == NULL)
    {
      if (!g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
        g_debug ("Avahi: no entry group: %s", error->message);
      return;
    }
  g_variant_get (reply, "(o)", &self->group);
  add_service (self);
}

static void
forget_group (HeartsNetAnnouncer *self)
{
  g_clear_pointer (&self->group, g_free);
  set_announced (self, FALSE);
}

static void
on_avahi_appeared_cb (GDBusConnection *bus,
                      const char      *name,
                      const char      *owner,
                      gpointer         user_data)
{
  HeartsNetAnnouncer *self = user_data;

  forget_group (self);
  call (self, "/", AVAHI_SERVER, "EntryGroupNew", NULL, on_group_new_cb);
}

static void
on_avahi_vanished_cb (GDBusConnection *bus,
                      const char      *name,
                      gpointer         user_data)
{
  /* Its groups went with it. */
  forget_group (user_data);
}

static void
hearts_net_announcer_dispose (GObject *object)
{
  HeartsNetAnnouncer *self = HEARTS_NET_ANNOUNCER (object);

  hearts_net_avahi_stop (&self->avahi, self->group, AVAHI_ENTRY_GROUP);
  g_clear_pointer (&self->group, g_free);

  G_OBJECT_CLASS (hearts_net_announcer_parent_class)->dispose (object);
}

static void
hearts_net_announcer_finalize (GObject *object)
{
  HeartsNetAnnouncer *self = HEARTS_NET_ANNOUNCER (object);

  g_free (self->name);
  g_free (self->table_id);
  g_free (self->fingerprint);

  G_OBJECT_CLASS (hearts_net_announcer_parent_class)->finalize (object);
}

static void
hearts_net_announcer_get_property (GObject    *object,
                                   guint       prop_id,
                                   GValue     *value,
                                   GParamSpec *pspec)
{
  HeartsNetAnnouncer *self = HEARTS_NET_ANNOUNCER (object);

  switch (prop_id)
    {
    case PROP_ANNOUNCED:
      g_value_set_boolean (value, self->announced);
      break;
    case PROP_NAME:
      g_value_set_string (value, self->name);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
hearts_net_announcer_class_init (HeartsNetAnnouncerClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->dispose = hearts_net_announcer_dispose;
  object_class->finalize = hearts_net_announcer_finalize;
  object_class->get_property = hearts_net_announcer_get_property;

  properties[PROP_ANNOUNCED] =
    g_param_spec_boolean ("announced", NULL, NULL, FALSE,
                          G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_NAME] =
    g_param_spec_string ("name", NULL, NULL, NULL, G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
hearts_net_announcer_init (HeartsNetAnnouncer *self)
{
}

HeartsNetAnnouncer *
hearts_net_announcer_new (const char   *name,
                          guint16       port,
                          const char   *table_id,
                          const guint8 *fingerprint)
{
  HeartsNetAnnouncer *self;

  g_return_val_if_fail (name != NULL && g_utf8_validate (name, -1, NULL) && *name != '\0', NULL);
  g_return_val_if_fail (table_id != NULL && hearts_net_id_is_valid (table_id), NULL);
  g_return_val_if_fail (fingerprint != NULL, NULL);

  self = g_object_new (HEARTS_TYPE_NET_ANNOUNCER, NULL);
  self->name = service_name (name);
  self->port = port;
  self->table_id = g_strdup (table_id);
  self->fingerprint = hearts_net_base32_encode (fingerprint, HEARTS_NET_FINGERPRINT_SIZE);
  hearts_net_avahi_start (&self->avahi, self, AVAHI_ENTRY_GROUP, "StateChanged", on_group_state_cb, on_avahi_appeared_cb,
                          on_avahi_vanished_cb);
  return self;
}

gboolean
hearts_net_announcer_get_announced (HeartsNetAnnouncer *self)
{
  g_return_val_if_fail (HEARTS_IS_NET_ANNOUNCER (self), FALSE);
  return self->announced;
}

const char *
hearts_net_announcer_get_name (HeartsNetAnnouncer *self)
{
  g_return_val_if_fail (HEARTS_IS_NET_ANNOUNCER (self), NULL);
  return self->name;
}
