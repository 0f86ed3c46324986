/* hearts-fit-label.h: a button's label that gives way to an icon when there is no room
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

#define HEARTS_TYPE_FIT_LABEL (hearts_fit_label_get_type ())

G_DECLARE_FINAL_TYPE (HeartsFitLabel, hearts_fit_label, HEARTS, FIT_LABEL, GtkWidget)

GtkWidget  *hearts_fit_label_new             (const char     *label,
                                              const char     *icon_name);
const char *hearts_fit_label_get_label       (HeartsFitLabel *self);
void        hearts_fit_label_set_label       (HeartsFitLabel *self,
                                              const char     *label);
const char *hearts_fit_label_get_icon_name   (HeartsFitLabel *self);
void        hearts_fit_label_set_icon_name   (HeartsFitLabel *self,
                                              const char     *icon_name);
/* Whether the text shows (else the icon), as last allocated. */
gboolean    hearts_fit_label_get_shows_label (HeartsFitLabel *self);

G_END_DECLS
