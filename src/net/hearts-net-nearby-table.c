/* hearts-net-nearby-table.c
 *
 * Anyone on the network can announce anything: every field is checked as a message
 * would be, and a table that names another version of the protocol is not shown.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <string.h>

#include "hearts-net-avahi-private.h"
#include "hearts-net-link.h"
#include "hearts-net-nearby-table.h"
#include "hearts-net-protocol.h"

struct _HeartsNetNearbyTable
{
  GObject parent_instance;

  char   *name;
  char   *address;
  guint16 port;
  char    id[HEARTS_NET_ID_LENGTH + 1];
  guint8  fingerprint[HEARTS_NET_FINGERPRINT_SIZE];
  guint   serial;
};

G_DEFINE_FINAL_TYPE (HeartsNetNearbyTable, hearts_net_nearby_table, G_TYPE_OBJECT)

static void
hearts_net_nearby_table_finalize (GObject *object)
{
  HeartsNetNearbyTable *self = HEARTS_NET_NEARBY_TABLE (object);

  g_free (self->name);
  g_free (self->address);

  G_OBJECT_CLASS (hearts_net_nearby_table_parent_class)->finalize (object);
}

static void
hearts_net_nearby_table_class_init (HeartsNetNearbyTableClass *klass)
{
  G_OBJECT_CLASS (klass)->finalize = hearts_net_nearby_table_finalize;
}

static void
hearts_net_nearby_table_init (HeartsNetNearbyTable *self)
{
}

/* One "key=value" item of the TXT record, else NULL. */
static char *
txt_value (GVariant   *txt,
           const char *key)
{
  gsize n = g_variant_n_children (txt);
  gsize key_length = strlen (key);

  for (gsize i = 0; i < n; i++)
    {
      g_autoptr(GVariant) item = g_variant_get_child_value (txt, i);
      gsize       size;
      const char *data = g_variant_get_fixed_array (item, &size, 1);

      if (size > key_length && memcmp (data, key, key_length) == 0 && data[key_length] == '=' &&
          memchr (data, '\0', size) == NULL)
        return g_strndup (data + key_length + 1, size - key_length - 1);
    }
  return NULL;
}

static gboolean
name_is_valid (const char *name)
{
  if (*name == '\0' || strlen (name) > HEARTS_NET_MAX_SERVICE_NAME || !g_utf8_validate (name, -1, NULL))
    return FALSE;
  for (const char *p = name; *p != '\0'; p = g_utf8_next_char (p))
    if (g_unichar_iscntrl (g_utf8_get_char (p)))
      return FALSE;
  return TRUE;
}

static gint last_serial;

HeartsNetNearbyTable *
hearts_net_nearby_table_new (const char *name,
                             const char *address,
                             guint16     port,
                             GVariant   *txt)
{
  g_autoptr(HeartsNetNearbyTable) self = NULL;
  g_autoptr(GInetAddress) inet = NULL;
  g_autofree char *version = NULL;
  g_autofree char *id = NULL;
  g_autofree char *fingerprint = NULL;

  g_return_val_if_fail (name != NULL && address != NULL, NULL);
  g_return_val_if_fail (txt != NULL && g_variant_is_of_type (txt, G_VARIANT_TYPE ("aay")), NULL);

  inet = g_inet_address_new_from_string (address);
  version = txt_value (txt, "v");
  id = txt_value (txt, "id");
  fingerprint = txt_value (txt, "fp");
  if (!name_is_valid (name) || inet == NULL || g_inet_address_get_family (inet) != G_SOCKET_FAMILY_IPV4 ||
      port == 0 || g_strcmp0 (version, G_STRINGIFY (HEARTS_NET_VERSION)) != 0 || id == NULL || !hearts_net_id_is_valid (id) || fingerprint == NULL || strlen (fingerprint) != 26)
    return NULL;

  self = g_object_new (HEARTS_TYPE_NET_NEARBY_TABLE, NULL);
  if (!hearts_net_base32_decode (fingerprint, self->fingerprint, sizeof self->fingerprint))
    return NULL;
  self->name = g_strdup (name);
  self->address = g_inet_address_to_string (inet);
  self->port = port;
  g_strlcpy (self->id, id, sizeof self->id);
  self->serial = (guint) g_atomic_int_add (&last_serial, 1) + 1;
  return g_steal_pointer (&self);
}

const char *
hearts_net_nearby_table_get_name (HeartsNetNearbyTable *self)
{
  g_return_val_if_fail (HEARTS_IS_NET_NEARBY_TABLE (self), NULL);
  return self->name;
}

const char *
hearts_net_nearby_table_get_address (HeartsNetNearbyTable *self)
{
  g_return_val_if_fail (HEARTS_IS_NET_NEARBY_TABLE (self), NULL);
  return self->address;
}

guint16
hearts_net_nearby_table_get_port (HeartsNetNearbyTable *self)
{
  g_return_val_if_fail (HEARTS_IS_NET_NEARBY_TABLE (self), 0);
  return self->port;
}

const char *
hearts_net_nearby_table_get_id (HeartsNetNearbyTable *self)
{
  g_return_val_if_fail (HEARTS_IS_NET_NEARBY_TABLE (self), NULL);
  return self->id;
}

const guint8 *
hearts_net_nearby_table_get_fingerprint (HeartsNetNearbyTable *self)
{
  g_return_val_if_fail (HEARTS_IS_NET_NEARBY_TABLE (self), NULL);
  return self->fingerprint;
}

guint
hearts_net_nearby_table_get_serial (HeartsNetNearbyTable *self)
{
  g_return_val_if_fail (HEARTS_IS_NET_NEARBY_TABLE (self), 0);
  return self->serial;
}
