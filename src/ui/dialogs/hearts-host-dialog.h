/* hearts-host-dialog.h: Play with Friends: the invitation, the seats filling, Start
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <adwaita.h>

#include "hearts-compat.h"
#include "hearts-net-client.h"
#include "hearts-net-host.h"

G_BEGIN_DECLS

#define HEARTS_TYPE_HOST_DIALOG (hearts_host_dialog_get_type ())

/* An AdwDialog with libadwaita 1.5 and later, else an AdwWindow (hearts-compat.h). */
G_DECLARE_FINAL_TYPE (HeartsHostDialog, hearts_host_dialog, HEARTS, HOST_DIALOG, HeartsDialogBase)

/* The seats of @host's table, which people join with @invitation. ::start says the host
 * chose Start; closed without it, the table is not wanted. */
GtkWidget  *hearts_host_dialog_new            (HeartsNetHost    *host,
                                               const char       *invitation);
/* The same for a table made on a server, seen through @client, seated there as its owner. */
GtkWidget  *hearts_host_dialog_new_for_client (HeartsNetClient *client,
                                               const char      *invitation);
const char *hearts_host_dialog_get_invitation (HeartsHostDialog *self);
/* Whether Start was chosen (closed without it: the table is not wanted). */
gboolean    hearts_host_dialog_get_started    (HeartsHostDialog *self);
/* The table is announced on the local network as @name (NULL: it is not). */
void        hearts_host_dialog_set_announced  (HeartsHostDialog *self,
                                               const char       *name);
/* Someone asks to sit from @address: a row with Let In and Refuse, answered by ::knock-answered
 * (guint knock, gboolean let_in); removed when the knock is over. */
void        hearts_host_dialog_add_knock      (HeartsHostDialog *self,
                                               guint             knock,
                                               const char       *name,
                                               const char       *address);
void        hearts_host_dialog_remove_knock   (HeartsHostDialog *self,
                                               guint             knock);
/* For tests: the row of a knock, or NULL. */
GtkWidget  *hearts_host_dialog_get_knock_row  (HeartsHostDialog *self,
                                               guint             knock);
/* The row of @seat (for tests): an AdwComboRow, or an AdwActionRow on a server. */
GtkWidget  *hearts_host_dialog_get_seat_row   (HeartsHostDialog *self,
                                               guint             seat);

G_END_DECLS
