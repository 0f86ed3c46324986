/* hearts-join-dialog.h: Join a Table: an invitation and a name, then a seat
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <adwaita.h>

#include "hearts-compat.h"
#include "hearts-net-client.h"

G_BEGIN_DECLS

#define HEARTS_TYPE_JOIN_DIALOG (hearts_join_dialog_get_type ())

/* An AdwDialog with libadwaita 1.5 and later, else an AdwWindow (hearts-compat.h). */
G_DECLARE_FINAL_TYPE (HeartsJoinDialog, hearts_join_dialog, HEARTS, JOIN_DIALOG, HeartsDialogBase)

/* Asks for @invitation's table (may be NULL: pasted here) as @name. Once seated,
 * ::joined (HeartsNetClient *client, const char *invitation) and the dialog closes. */
GtkWidget *hearts_join_dialog_new         (const char       *invitation,
                                           const char       *name);
void       hearts_join_dialog_set_invitation (HeartsJoinDialog *self,
                                           const char       *invitation);
/* Joins now, as the Join button does. */
void       hearts_join_dialog_join        (HeartsJoinDialog *self);
/* What the dialog says (an error, or that it is joining). */
const char *hearts_join_dialog_get_status (HeartsJoinDialog *self);

G_END_DECLS
