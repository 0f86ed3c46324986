/* hearts-net-server.h: where tables are reached: TLS, the hello, and the limits
 *
 * Listens, speaks TLS with the host's certificate, asks each connection to prove a
 * table's secret (a HMAC of a nonce, never the secret itself) and hands it to that
 * table. Everything before a seat is bounded: connections in all and per address,
 * TLS handshakes at once, a deadline from the first byte to the hello, and wrong
 * secrets, which slow their address down (each wait twice the last). The game's host
 * has one table here; hearts-server has many, and makes them when asked (CREATE).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gio/gio.h>

#include "hearts-net-host.h"

G_BEGIN_DECLS

#define HEARTS_NET_DEFAULT_PORT 7373

typedef struct
{
  guint handshake_ms;    /* from the connection to its hello */
  guint idle_ms;         /* silence at most once seated (clients ping) */
  guint rate;            /* messages a second, on average */
  guint burst;           /* and at once */
  gsize max_queued;      /* bytes waiting for a connection that does not read */
  guint per_address;     /* connections from one address (IPv6: one /64) */
  guint max_connections; /* in all */
  guint max_handshakes;  /* TLS handshakes at once */
  guint backoff_ms;      /* the wait after a first wrong secret; it doubles */
  guint backoff_max_ms;
  guint forget_ms;       /* an address's wrong secrets are forgotten after so long */
  guint knock_ms;        /* a knock's wait for the host's answer */
} HeartsNetLimits;

void hearts_net_limits_init (HeartsNetLimits *limits);

#define HEARTS_TYPE_NET_SERVER (hearts_net_server_get_type ())

G_DECLARE_FINAL_TYPE (HeartsNetServer, hearts_net_server, HEARTS, NET_SERVER, GObject)

/* Makes a table for a CREATE, or NULL and @error (its message goes to the client). */
typedef HeartsNetHost *(*HeartsNetCreateFunc) (HeartsNetServer       *server,
                                               const HeartsNetCreate *create,
                                               const char            *address,
                                               gpointer               user_data,
                                               GError               **error);

HeartsNetServer *hearts_net_server_new              (GTlsCertificate       *certificate);
void             hearts_net_server_set_limits       (HeartsNetServer       *self,
                                                     const HeartsNetLimits *limits);
/* On @address (NULL: every address) and @port (0: any free one). */
gboolean         hearts_net_server_listen           (HeartsNetServer       *self,
                                                     const char            *address,
                                                     guint16                port,
                                                     GError               **error);
guint16          hearts_net_server_get_port         (HeartsNetServer       *self);
/* Stops listening and ends every connection (SHUTDOWN); the tables stay. */
void             hearts_net_server_stop             (HeartsNetServer       *self);

void             hearts_net_server_add_host         (HeartsNetServer       *self,
                                                     HeartsNetHost         *host);
void             hearts_net_server_remove_host      (HeartsNetServer       *self,
                                                     HeartsNetHost         *host);
/* The tables, by id. */
GHashTable      *hearts_net_server_get_hosts        (HeartsNetServer       *self);

/* The name or address people reach this server by, for invitations. */
void             hearts_net_server_set_public_name  (HeartsNetServer       *self,
                                                     const char            *name);
/* The invitation to @host (a hearts:// link). */
char            *hearts_net_server_get_invitation   (HeartsNetServer       *self,
                                                     HeartsNetHost         *host);
/* The first HEARTS_NET_FINGERPRINT_SIZE bytes of its certificate's SHA-256. */
const guint8    *hearts_net_server_get_fingerprint  (HeartsNetServer       *self);
/* The server's own link, for those who make tables on it. */
char            *hearts_net_server_get_link         (HeartsNetServer       *self);

/* Tables made by clients: @func makes them; @key (16 bytes, may be NULL: anyone may)
 * is what they must prove. */
void             hearts_net_server_set_create_func  (HeartsNetServer       *self,
                                                     HeartsNetCreateFunc    func,
                                                     gpointer               user_data,
                                                     const guint8          *key);

/* Whether people who found @host on the local network may knock (KNOCK), each
 * heard by ::knock (host, id, name, address) and answered with hearts_net_server_answer_knock(). Turned off,
 * the knocks waiting are refused. */
void             hearts_net_server_set_knockable    (HeartsNetServer       *self,
                                                     HeartsNetHost         *host,
                                                     gboolean               knockable);
/* Lets the person in (they are sent the table's secret and sit as with an invitation)
 * or not (NOT_LET_IN, and their address waits before it may knock again). */
void             hearts_net_server_answer_knock     (HeartsNetServer       *self,
                                                     guint                  knock,
                                                     gboolean               let_in);
/* Connections now, seated or not. */
guint            hearts_net_server_get_n_connections (HeartsNetServer      *self);

G_END_DECLS
