/* hearts-net-host.h: a table of people, served from a game
 *
 * The host is authoritative: its HeartsGame is the game, each person's seat is one of
 * its human seats whose moves come from the network, checked by the game as any move
 * (hearts_game_pass/_play for that seat). Each person is told what their seat may
 * know, as the events of a HeartsLocalSeatView of that seat, and nothing else. The same
 * table code serves a game in the window (on the local network) and every table of
 * hearts-server; a HeartsNetServer listens and hands each table its people.
 *
 * A person who drops is waited for a moment (the grace, 20 s by default), then the
 * computer plays their seat at its level; they come back at the exact move with the
 * same invitation and their rejoin token. The host's state (secret, seats, tokens) is
 * hearts_net_host_save(): kept with the saved game, it resumes the table.
 *
 * Undo is not for a table of people: the host's own view should not offer it. Deal the
 * next hand with hearts_net_host_ready() (every person at the table says they are
 * ready, or the ready timeout passes), not hearts_game_next_hand().
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gio/gio.h>

#include "hearts-game.h"
#include "hearts-net-protocol.h"

G_BEGIN_DECLS

#define HEARTS_TYPE_NET_HOST (hearts_net_host_get_type ())

G_DECLARE_FINAL_TYPE (HeartsNetHost, hearts_net_host, HEARTS, NET_HOST, GObject)

#define HEARTS_NET_HOST_GRACE_MS         20000
#define HEARTS_NET_HOST_READY_TIMEOUT_MS 60000

/* A table for @game, with a new secret; every seat is as the game has it until opened. */
HeartsNetHost     *hearts_net_host_new            (HeartsGame    *game);
/* The table @table (from hearts_net_host_save()) for @game, its resumed game: the
 * people who were there are waited for (the grace) and come back with their tokens. */
HeartsNetHost     *hearts_net_host_new_from_saved (HeartsGame    *game,
                                                   GVariant      *table,
                                                   GError       **error);
/* What resumes the table (a{sv}; it holds the secret and the tokens: keep it private). */
GVariant          *hearts_net_host_save           (HeartsNetHost *self);

HeartsGame        *hearts_net_host_get_game       (HeartsNetHost *self);
/* The table's id, as a hello names it (made from its secret). */
const char        *hearts_net_host_get_id         (HeartsNetHost *self);

/* Seats. An open seat waits for a person (a human seat of the game); once the game has
 * started, a seat nobody took goes to the computer. */
void               hearts_net_host_open_seat      (HeartsNetHost *self,
                                                   guint          seat);
/* Back to the computer; a person sitting there is told goodbye (KICKED). */
void               hearts_net_host_close_seat     (HeartsNetHost *self,
                                                   guint          seat);
/* The name shown for a seat no person took (the host's own, the computers'). */
void               hearts_net_host_set_seat_name  (HeartsNetHost *self,
                                                   guint          seat,
                                                   const char    *name);
const char        *hearts_net_host_get_seat_name  (HeartsNetHost *self,
                                                   guint          seat);
HeartsNetSeatKind  hearts_net_host_get_seat_kind  (HeartsNetHost *self,
                                                   guint          seat);
/* People connected now. */
guint              hearts_net_host_get_n_people   (HeartsNetHost *self);

/* From now on the game is played: open seats nobody took go to the computer. Moves
 * from the network are refused before. */
void               hearts_net_host_start          (HeartsNetHost *self);
gboolean           hearts_net_host_get_started    (HeartsNetHost *self);
/* Start by itself once every open seat is taken (hearts-server's tables). */
void               hearts_net_host_set_auto_start (HeartsNetHost *self,
                                                   gboolean       auto_start);
/* The seat whose person may START the game from the network (-1: none, the default). */
void               hearts_net_host_set_owner_seat (HeartsNetHost *self,
                                                   gint           seat);

/* @seat (a local one: the host's player) is ready for the next hand. The next hand is
 * dealt once every person at the table is ready, or when the ready timeout passes. */
void               hearts_net_host_ready          (HeartsNetHost *self,
                                                   guint          seat);

/* Deadlines, in milliseconds: the wait for a person who dropped (0: none, the computer
 * plays at once), and for everyone to be ready for the next hand (0: no limit). */
void               hearts_net_host_set_grace      (HeartsNetHost *self,
                                                   guint          grace_ms);
void               hearts_net_host_set_ready_timeout (HeartsNetHost *self,
                                                   guint          ready_ms);

/* Says goodbye (SHUTDOWN) to everyone: the host quits. */
void               hearts_net_host_close          (HeartsNetHost *self);

G_END_DECLS
