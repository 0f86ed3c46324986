/* hearts-net-link.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <gio/gio.h>
#include <ifaddrs.h>
#include <netinet/in.h>
#include <string.h>

#include "hearts-net-link.h"

/* No i, l, o or u: nothing to mistake when a link is read out. */
static const char alphabet[] = "0123456789abcdefghjkmnpqrstvwxyz";

#define ENCODED_LENGTH(size) (((size) *8 + 4) / 5)

char *
hearts_net_base32_encode (const guint8 *data,
                          gsize         size)
{
  char *text = g_malloc (ENCODED_LENGTH (size) + 1);
  guint bits = 0, n_bits = 0;
  gsize out = 0;

  for (gsize i = 0; i < size; i++)
    {
      bits = (bits << 8) | data[i];
      n_bits += 8;
      while (n_bits >= 5)
        {
          text[out++] = alphabet[(bits >> (n_bits - 5)) & 31];
          n_bits -= 5;
        }
    }
  if (n_bits > 0)
    text[out++] = alphabet[(bits << (5 - n_bits)) & 31];
  text[out] = '\0';
  return text;
}

static gint
digit_value (char c)
{
  const char *at;

  c = g_ascii_tolower (c);
  if (c == '\0' || (at = strchr (alphabet, c)) == NULL)
    return -1;
  return at - alphabet;
}

gboolean
hearts_net_base32_decode (const char *text,
                          guint8     *data,
                          gsize       size)
{
  guint bits = 0, n_bits = 0;
  gsize out = 0;

  if (strlen (text) != ENCODED_LENGTH (size))
    return FALSE;
  for (const char *p = text; *p != '\0'; p++)
    {
      gint v = digit_value (*p);

      if (v < 0)
        return FALSE;
      bits = (bits << 5) | v;
      n_bits += 5;
      if (n_bits >= 8)
        {
          data[out++] = (bits >> (n_bits - 8)) & 0xff;
          n_bits -= 8;
        }
    }
  /* One text for each value: what is left over is padding, and zero. */
  return out == size && (bits & ((1u << n_bits) - 1)) == 0;
}

static gboolean
is_name (const char *host)
{
  g_auto(GStrv) labels = NULL;
  guint    n;
  gboolean all_digits = TRUE;

  if (strlen (host) > 253)
    return FALSE;
  labels = g_strsplit (host, ".", -1);
  n = g_strv_length (labels);
  for (guint i = 0; i < n; i++)
    {
      gsize len = strlen (labels[i]);

      if (len == 0 || len > 63 || labels[i][0] == '-' || labels[i][len - 1] == '-')
        return FALSE;
      for (gsize c = 0; c < len; c++)
        if (!g_ascii_isalnum (labels[i][c]) && labels[i][c] != '-')
          return FALSE;
    }
  /* "1.2.3" or "0x7f.1" would be read as an address by some resolvers: not a name. */
  for (const char *c = labels[n - 1]; *c != '\0'; c++)
    if (!g_ascii_isdigit (*c))
      all_digits = FALSE;
  return !all_digits && !g_str_has_prefix (labels[n - 1], "0x");
}

static gboolean
is_ipv4 (const char *host)
{
  g_autoptr(GInetAddress) address = NULL;
  g_autofree char *again = NULL;

  if (strchr (host, ':') != NULL || !g_hostname_is_ip_address (host))
    return FALSE;
  /* Only the plain dotted form, as GLib writes it back. */
  address = g_inet_address_new_from_string (host);
  if (address == NULL || g_inet_address_get_family (address) != G_SOCKET_FAMILY_IPV4)
    return FALSE;
  again = g_inet_address_to_string (address);
  return g_str_equal (again, host);
}

static gboolean
is_ipv6 (const char *host)
{
  g_autoptr(GInetAddress) address = NULL;

  if (strchr (host, ':') == NULL || strchr (host, '%') != NULL)
    return FALSE;
  address = g_inet_address_new_from_string (host);
  return address != NULL && g_inet_address_get_family (address) == G_SOCKET_FAMILY_IPV6;
}

gboolean
hearts_net_host_is_valid (const char *host)
{
  return host != NULL && (is_ipv4 (host) || is_ipv6 (host) || is_name (host));
}

static gboolean
not_a_link (GError    **error,
            const char *why)
{
  g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT, "Not a Hearts link: %s", why);
  return FALSE;
}

static gboolean
parse_port (const char *text,
            guint16    *port)
{
  guint value = 0;
  gsize len = strlen (text);

  if (len == 0 || len > 5 || text[0] == '0')
    return FALSE;
  for (gsize i = 0; i < len; i++)
    {
      if (!g_ascii_isdigit (text[i]))
        return FALSE;
      value = value * 10 + (text[i] - '0');
    }
  if (value == 0 || value > 65535)
    return FALSE;
  *port = value;
  return TRUE;
}

gboolean
hearts_net_link_parse (const char    *text,
                       HeartsNetLink *link,
                       GError       **error)
{
  g_autofree char *copy = NULL;
  g_auto(GStrv) parts = NULL;
  char *rest, *authority, *port_text;
  guint n_parts;

  g_return_val_if_fail (text != NULL, FALSE);
  g_return_val_if_fail (link != NULL, FALSE);

  memset (link, 0, sizeof *link);
  if (strlen (text) > HEARTS_NET_LINK_MAX)
    return not_a_link (error, "too long");
  copy = g_strstrip (g_strdup (text));
  if (g_ascii_strncasecmp (copy, "hearts://", 9) != 0)
    return not_a_link (error, "it does not start with hearts://");
  rest = copy + 9;
  for (const char *c = rest; *c != '\0'; c++)
    if (!g_ascii_isalnum (*c) && strchr ("-.:[]/", *c) == NULL)
      return not_a_link (error, "a character no link has");

  parts = g_strsplit (rest, "/", -1);
  n_parts = g_strv_length (parts);
  if (n_parts < 3)
    return not_a_link (error, "neither a table nor a server");
  authority = parts[0];

  /* host:port, the host maybe [bracketed] */
  if (authority[0] == '[')
    {
      char *end = strchr (authority, ']');

      if (end == NULL || end[1] != ':')
        return not_a_link (error, "no port");
      *end = '\0';
      port_text = end + 2;
      if (!is_ipv6 (authority + 1))
        return not_a_link (error, "not an IPv6 address");
      g_strlcpy (link->host, authority + 1, sizeof link->host);
    }
  else
    {
      port_text = strrchr (authority, ':');
      if (port_text == NULL)
        return not_a_link (error, "no port");
      *port_text++ = '\0';
      if (strchr (authority, '[') != NULL || strchr (authority, ']') != NULL || strchr (authority, ':') != NULL ||
          !(is_ipv4 (authority) || is_name (authority)))
        return not_a_link (error, "not a host");
      g_strlcpy (link->host, authority, sizeof link->host);
    }
  if (!parse_port (port_text, &link->port))
    return not_a_link (error, "not a port");

  if (n_parts == 4 && g_str_equal (parts[1], "t"))
    {
      link->kind = HEARTS_NET_LINK_TABLE;
      if (!hearts_net_base32_decode (parts[2], link->secret, sizeof link->secret))
        return not_a_link (error, "not a table's secret");
      if (!hearts_net_base32_decode (parts[3], link->fingerprint, sizeof link->fingerprint))
        return not_a_link (error, "not a certificate's fingerprint");
      return TRUE;
    }
  if ((n_parts == 3 || n_parts == 4) && g_str_equal (parts[1], "s"))
    {
      link->kind = HEARTS_NET_LINK_SERVER;
      if (!hearts_net_base32_decode (parts[2], link->fingerprint, sizeof link->fingerprint))
        return not_a_link (error, "not a certificate's fingerprint");
      link->has_key = n_parts == 4;
      if (link->has_key && !hearts_net_base32_decode (parts[3], link->key, sizeof link->key))
        return not_a_link (error, "not a server's key");
      return TRUE;
    }
  return not_a_link (error, "neither a table nor a server");
}

char *
hearts_net_link_to_string (const HeartsNetLink *link)
{
  g_autofree char *fingerprint = hearts_net_base32_encode (link->fingerprint, sizeof link->fingerprint);
  g_autofree char *host = NULL;

  g_return_val_if_fail (hearts_net_host_is_valid (link->host), NULL);

  host = strchr (link->host, ':') != NULL ? g_strdup_printf ("[%s]", link->host) : g_strdup (link->host);
  if (link->kind == HEARTS_NET_LINK_TABLE)
    {
      g_autofree char *secret = hearts_net_base32_encode (link->secret, sizeof link->secret);

      return g_strdup_printf ("hearts://%s:%u/t/%s/%s", host, link->port, secret, fingerprint);
    }
  if (link->has_key)
    {
      g_autofree char *key = hearts_net_base32_encode (link->key, sizeof link->key);

      return g_strdup_printf ("hearts://%s:%u/s/%s/%s", host, link->port, fingerprint, key);
    }
  return g_strdup_printf ("hearts://%s:%u/s/%s", host, link->port, fingerprint);
}

static gboolean
is_private_ipv4 (guint32 address)
{
  return (address >> 24) == 10 || (address >> 20) == ((172 << 4) | 1) || (address >> 16) == ((192 << 8) | 168);
}

char *
hearts_net_local_address (void)
{
  const char     *forced = g_getenv ("HEARTS_NET_ADDRESS");
  struct ifaddrs *list = NULL;
  g_autofree char *private = NULL;
  g_autofree char *other = NULL;

  if (forced != NULL && hearts_net_host_is_valid (forced))
    return g_strdup (forced);
  if (getifaddrs (&list) != 0)
    return g_strdup ("localhost");
  for (struct ifaddrs *item = list; item != NULL; item = item->ifa_next)
    {
      g_autoptr(GInetAddress) address = NULL;
      guint32 ipv4;

      if (item->ifa_addr == NULL || item->ifa_addr->sa_family != AF_INET)
        continue;
      ipv4 = g_ntohl (((struct sockaddr_in *) item->ifa_addr)->sin_addr.s_addr);
      address = g_inet_address_new_from_bytes ((const guint8 *) &((struct sockaddr_in *) item->ifa_addr)->sin_addr,
                                               G_SOCKET_FAMILY_IPV4);
      if (g_inet_address_get_is_loopback (address) || g_inet_address_get_is_link_local (address))
        continue;
      if (private == NULL && is_private_ipv4 (ipv4))
        private = g_inet_address_to_string (address);
      else if (other == NULL)
        other = g_inet_address_to_string (address);
    }
  freeifaddrs (list);
  if (private != NULL)
    return g_steal_pointer (&private);
  if (other != NULL)
    return g_steal_pointer (&other);
  return g_strdup ("localhost");
}
