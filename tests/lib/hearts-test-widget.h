/* hearts-test-widget.h: what the widget tests share
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gtk/gtk.h>

#include "hearts-test-util.h"

G_BEGIN_DECLS

void hearts_test_init_widgets   (int        *argc,
                                 char     ***argv);
void hearts_test_destroy_window (GtkWindow  *window);

G_END_DECLS
