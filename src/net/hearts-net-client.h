/* hearts-net-client.h: a seat at a table across the network
 *
 * Joins a table with its invitation and a name, and feeds the seat's view
 * (hearts_net_client_get_view(), a HeartsSeatView like a local game's) with what the
 * host says, each event checked by the seat's state as it is applied: a host that
 * says something impossible is left. The view's moves become messages to the host.
 * The client pings the host, and a host silent past the deadline is left too.
 *
 * A person who dropped comes back by joining again with the same client (it keeps
 * the seat's rejoin token; hearts_net_client_get_token() for one that was kept): the
 * view goes on, told the hand anew (a RESET).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gio/gio.h>

#include "hearts-net-protocol.h"
#include "hearts-seat-view.h"

G_BEGIN_DECLS

#define HEARTS_TYPE_NET_CLIENT (hearts_net_client_get_type ())

G_DECLARE_FINAL_TYPE (HeartsNetClient, hearts_net_client, HEARTS, NET_CLIENT, GObject)

#define HEARTS_NET_CLIENT_PING_MS 10000
#define HEARTS_NET_CLIENT_IDLE_MS 30000
#define HEARTS_NET_CLIENT_JOIN_MS 20000
/* How long a knock waits for the host's person to answer it. */
#define HEARTS_NET_CLIENT_KNOCK_MS 125000

/* @name: the person's, as the table shows it (hearts_net_name_is_valid()). */
HeartsNetClient   *hearts_net_client_new             (const char          *name);
/* A token from an earlier connection (HEARTS_NET_TOKEN_SIZE bytes), to come back to
 * its seat; NULL: a new seat. */
void               hearts_net_client_set_token       (HeartsNetClient     *self,
                                                      GBytes              *token);
GBytes            *hearts_net_client_get_token       (HeartsNetClient     *self);
/* The seat asked for (HEARTS_NET_ANY_SEAT, the default: any open one). */
void               hearts_net_client_set_wanted_seat (HeartsNetClient     *self,
                                                      guint                seat);
/* Milliseconds between pings, and of silence from the host at most. */
void               hearts_net_client_set_deadlines   (HeartsNetClient     *self,
                                                      guint                ping_ms,
                                                      guint                idle_ms);
/* The address to connect from (NULL: the system's choice). */
void               hearts_net_client_set_local_address (HeartsNetClient   *self,
                                                      GInetAddress        *address);

/* Connects to the table of @invitation (a hearts:// link), speaks TLS with exactly the
 * certificate it names, and sits down. Fails with a HEARTS_NET_ERROR (the host's
 * HeartsNetBye; hearts_net_client_get_retry_ms() after SLOW_DOWN) or a G_IO_ERROR. */
void               hearts_net_client_join_async      (HeartsNetClient     *self,
                                                      const char          *invitation,
                                                      GCancellable        *cancellable,
                                                      GAsyncReadyCallback  callback,
                                                      gpointer             user_data);
gboolean           hearts_net_client_join_finish     (HeartsNetClient     *self,
                                                      GAsyncResult        *result,
                                                      GError             **error);
/* Knocks at a table found on the local network (no secret yet): the host's person lets
 * the person in, and the join goes on as with an invitation; else it fails with
 * NOT_LET_IN. hearts_net_client_join_finish() finishes it. */
void               hearts_net_client_knock_async     (HeartsNetClient     *self,
                                                      const char          *host,
                                                      guint16              port,
                                                      const guint8        *fingerprint,
                                                      const char          *table_id,
                                                      GCancellable        *cancellable,
                                                      GAsyncReadyCallback  callback,
                                                      gpointer             user_data);
/* The invitation to the table joined (also after a knock, for a rejoin), or NULL. */
char              *hearts_net_client_get_invitation  (HeartsNetClient     *self);
gboolean           hearts_net_client_get_connected   (HeartsNetClient     *self);
guint              hearts_net_client_get_retry_ms    (HeartsNetClient     *self);

/* The seat's view, once joined (the same object across rejoins to the same seat). */
HeartsSeatView    *hearts_net_client_get_view        (HeartsNetClient     *self);
guint              hearts_net_client_get_seat        (HeartsNetClient     *self);
guint              hearts_net_client_get_n_seats     (HeartsNetClient     *self);
const char        *hearts_net_client_get_seat_name   (HeartsNetClient     *self,
                                                      guint                seat);
HeartsNetSeatKind  hearts_net_client_get_seat_kind   (HeartsNetClient     *self,
                                                      guint                seat);
gboolean           hearts_net_client_get_started     (HeartsNetClient     *self);

/* Asks the host to start (the owner's seat of a server's table). */
void               hearts_net_client_start           (HeartsNetClient     *self);
/* Leaves the table for good (the computer plays the seat); ::closed follows. */
void               hearts_net_client_leave           (HeartsNetClient     *self);
/* Drops the connection without a word, as a broken network would. */
void               hearts_net_client_disconnect      (HeartsNetClient     *self);

/* Asks @server_link's server (a hearts://…/s/… link) for a table with @rules, each seat
 * a person's (HEARTS_NET_SEAT_OPEN) or a computer's at @levels; the answer is its
 * invitation. The person who asked joins it like anyone (seat 0 may start it). */
void               hearts_net_create_table_async     (const char          *server_link,
                                                      const HeartsRules   *rules,
                                                      const guint8        *kinds,
                                                      const guint8        *levels,
                                                      GInetAddress        *local_address,
                                                      GCancellable        *cancellable,
                                                      GAsyncReadyCallback  callback,
                                                      gpointer             user_data);
char              *hearts_net_create_table_finish    (GAsyncResult        *result,
                                                      GError             **error);

G_END_DECLS
