/* hearts-net-poller.h: thousands of sockets, one source in the main loop
 *
 * GLib's main loop looks at every source in every turn: with a source (and a timer)
 * per connection, a server of 4,000 connections spends its time looking. Here every
 * socket is one watch in one epoll set (Linux; elsewhere a GLib source each), which
 * the loop sees as one file descriptor, and every deadline is checked by one ticker.
 * For the main context of the thread that uses it first, and that thread only.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

typedef struct _HeartsNetWatch HeartsNetWatch;

/* What @condition holds of what was asked (and G_IO_HUP, G_IO_ERR); FALSE ends the
 * watch (it is freed). */
typedef gboolean (*HeartsNetWatchFunc) (gpointer     user_data,
                                        GIOCondition condition);
typedef void     (*HeartsNetTickFunc)  (gpointer     user_data,
                                        gint64       now);

HeartsNetWatch *hearts_net_watch_new           (int                 fd,
                                                GIOCondition        condition,
                                                HeartsNetWatchFunc  func,
                                                gpointer            user_data);
/* What to wait for from now on (0: nothing for now). */
void            hearts_net_watch_set_condition (HeartsNetWatch     *watch,
                                                GIOCondition        condition);
GIOCondition    hearts_net_watch_get_condition (HeartsNetWatch     *watch);
/* The function once more at the end of this turn (or at the next), with @condition,
 * ready or not: for what a TLS layer holds read already, which the socket no longer
 * shows (G_IO_IN), or for what was queued to be written during the turn, once (G_IO_OUT). */
void            hearts_net_watch_again         (HeartsNetWatch     *watch,
                                                GIOCondition        condition);
/* Safe from the watch's own function. Free a watch before closing its socket. */
void            hearts_net_watch_free          (HeartsNetWatch     *watch);

#define HEARTS_NET_TICK_MS 100

/* @func every HEARTS_NET_TICK_MS, with the monotonic time, until removed. */
guint           hearts_net_tick_add            (HeartsNetTickFunc   func,
                                                gpointer            user_data);
void            hearts_net_tick_remove         (guint               id);

G_END_DECLS
