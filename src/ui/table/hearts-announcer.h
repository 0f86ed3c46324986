/* hearts-announcer.h: says to a screen reader what the table shows
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

#define HEARTS_TYPE_ANNOUNCER (hearts_announcer_get_type ())

G_DECLARE_FINAL_TYPE (HeartsAnnouncer, hearts_announcer, HEARTS, ANNOUNCER, GtkWidget)

GtkWidget  *hearts_announcer_new      (void);
void        hearts_announcer_announce (HeartsAnnouncer *self,
                                       const char      *text);
const char *hearts_announcer_get_text (HeartsAnnouncer *self);

G_END_DECLS
