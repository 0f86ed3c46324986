/* hearts-fit-title.h: a window title that gives way to a shorter one in a narrow header
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <adwaita.h>

G_BEGIN_DECLS

#define HEARTS_TYPE_FIT_TITLE (hearts_fit_title_get_type ())

G_DECLARE_FINAL_TYPE (HeartsFitTitle, hearts_fit_title, HEARTS, FIT_TITLE, GtkWidget)

GtkWidget  *hearts_fit_title_new                (void);
/* Whether the short title shows (the long one does not fit). */
gboolean    hearts_fit_title_get_compact        (HeartsFitTitle *self);
/* The title and subtitle shown where they fit, and the shorter ones shown where not. */
const char *hearts_fit_title_get_title          (HeartsFitTitle *self);
const char *hearts_fit_title_get_subtitle       (HeartsFitTitle *self);
const char *hearts_fit_title_get_compact_title  (HeartsFitTitle *self);
const char *hearts_fit_title_get_compact_subtitle (HeartsFitTitle *self);

G_END_DECLS
