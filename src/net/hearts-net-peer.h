/* hearts-net-peer.h: one connection's messages, both ways, within its limits
 *
 * Reads and writes without blocking (the streams' pollable sources), so that one main
 * loop serves thousands of connections. Everything that comes in is bounded: a message
 * longer than HEARTS_NET_MAX_MESSAGE, one that does not parse, more messages than the
 * rate allows, silence longer than the idle deadline, and more bytes waiting to be
 * written than the queue holds (the other side stopped reading) each end the
 * connection, with a reason.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gio/gio.h>

#include "hearts-net-protocol.h"

G_BEGIN_DECLS

#define HEARTS_TYPE_NET_PEER (hearts_net_peer_get_type ())

G_DECLARE_FINAL_TYPE (HeartsNetPeer, hearts_net_peer, HEARTS, NET_PEER, GObject)

/* @stream's streams must be pollable (a GTlsConnection's are); @base, the socket
 * under it, is what is watched, and what a close shuts at once. */
HeartsNetPeer *hearts_net_peer_new          (GIOStream         *stream,
                                             GSocketConnection *base,
                                             const char        *address);
/* Messages a second on average and at once (0: no limit), bytes waiting to be written
 * at most, milliseconds of silence at most (0: none). */
void           hearts_net_peer_set_limits   (HeartsNetPeer *self,
                                             guint          rate,
                                             guint          burst,
                                             gsize          max_queued,
                                             guint          idle_ms);
/* Starts reading: ::message for each message, ::closed once at the end. */
void           hearts_net_peer_start        (HeartsNetPeer *self);
/* @body of @kind's type (a floating one is sunk). Nothing once closed. */
void           hearts_net_peer_send         (HeartsNetPeer *self,
                                             HeartsNetKind  kind,
                                             GVariant      *body);
/* A whole message, from hearts_net_message_new(): one made for many peers. */
void           hearts_net_peer_send_message (HeartsNetPeer *self,
                                             GBytes        *message);
/* Ends the connection: with a BYE first (@reason, @detail, @retry_ms) if @say_bye, after
 * what is queued (a second at most); ::closed is emitted now. */
void           hearts_net_peer_close        (HeartsNetPeer *self,
                                             HeartsNetBye   reason,
                                             const char    *detail,
                                             guint          retry_ms,
                                             gboolean       say_bye);
gboolean       hearts_net_peer_is_closed    (HeartsNetPeer *self);
/* Where the other side is, as the server counts addresses. */
const char    *hearts_net_peer_get_address  (HeartsNetPeer *self);
gsize          hearts_net_peer_get_queued   (HeartsNetPeer *self);
/* The TLS connection (or whatever stream it was made with). */
GIOStream     *hearts_net_peer_get_stream   (HeartsNetPeer *self);

G_END_DECLS
