/* hearts-net-client-private.h: between the client and the view it feeds
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "hearts-net-cert.h"
#include "hearts-net-client.h"
#include "hearts-remote-seat-view.h"

G_BEGIN_DECLS

HeartsSeatView *_hearts_remote_seat_view_new    (HeartsNetClient *client);

/* The view's moves, as messages (nothing when not at the table). One move at a time: the
 * same move again before the host answered is not sent twice (a double click), another
 * is refused (FALSE). */
gboolean        _hearts_net_client_send_pass   (HeartsNetClient *self,
                                                HeartsCards      cards);
gboolean        _hearts_net_client_send_play   (HeartsNetClient *self,
                                                HeartsCard       card);
void            _hearts_net_client_send_claim  (HeartsNetClient *self);
void            _hearts_net_client_send_ready  (HeartsNetClient *self);
/* Returns a boolean on @task: whether the host says the claim holds now. */
void            _hearts_net_client_check_claim (HeartsNetClient *self,
                                                GTask           *task);

G_END_DECLS
