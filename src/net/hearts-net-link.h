/* hearts-net-link.h: hearts:// links, the invitation to a table and a server's address
 *
 *   hearts://HOST:PORT/t/SECRET/FINGERPRINT      a table: its secret, its host's certificate
 *   hearts://HOST:PORT/s/FINGERPRINT[/KEY]       a server that makes tables (KEY if it asks one)
 *
 * HOST is a name, an IPv4 address or a [bracketed] IPv6 address; SECRET, FINGERPRINT and
 * KEY are 16 bytes each in base32 (Crockford's alphabet, lower case, no padding: 26
 * characters). The fingerprint is the first 16 bytes of the SHA-256 of the certificate
 * (docs/NETWORK.md says why that is enough). A link comes from anywhere, so it is read
 * strictly: one form, nothing else, nothing left over.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

#define HEARTS_NET_LINK_MAX      512
#define HEARTS_NET_LINK_KEY_SIZE 16

typedef enum
{
  HEARTS_NET_LINK_TABLE,
  HEARTS_NET_LINK_SERVER,
} HeartsNetLinkKind;

typedef struct
{
  HeartsNetLinkKind kind;
  char              host[256];  /* an IPv6 address without its brackets */
  guint16           port;
  guint8            secret[16];       /* a table's */
  guint8            fingerprint[16];
  gboolean          has_key;          /* a server's that asks a key to make tables */
  guint8            key[HEARTS_NET_LINK_KEY_SIZE];
} HeartsNetLink;

/* Leading and trailing white space (a copied link) is no part of it. */
gboolean  hearts_net_link_parse      (const char          *text,
                                      HeartsNetLink       *link,
                                      GError             **error);
char     *hearts_net_link_to_string  (const HeartsNetLink *link);
/* Whether @host may stand in a link: a name, an IPv4 or an IPv6 address. */
gboolean  hearts_net_host_is_valid   (const char          *host);

/* The address this machine is reached by on the local network, for an invitation: its
 * first private IPv4 address (10/8, 172.16/12, 192.168/16), else any other that is not
 * a loopback one, else "localhost". HEARTS_NET_ADDRESS, if set, is taken as it is (a
 * test's 127.0.0.1). */
char     *hearts_net_local_address   (void);

/* Base32, Crockford's alphabet in lower case, no padding; reading takes either case
 * and exactly the length @size makes, with the unused bits zero. */
char     *hearts_net_base32_encode   (const guint8        *data,
                                      gsize                size);
gboolean  hearts_net_base32_decode   (const char          *text,
                                      guint8              *data,
                                      gsize                size);

G_END_DECLS
