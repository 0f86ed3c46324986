/* hearts-statistics-dialog.h
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <adwaita.h>

#include "hearts-compat.h"

G_BEGIN_DECLS

#define HEARTS_TYPE_STATISTICS_DIALOG (hearts_statistics_dialog_get_type ())

/* An AdwDialog with libadwaita 1.5 and later, else an AdwWindow (hearts-compat.h). */
G_DECLARE_FINAL_TYPE (HeartsStatisticsDialog, hearts_statistics_dialog, HEARTS, STATISTICS_DIALOG, HeartsDialogBase)

/* The statistics and finished games kept in @settings, opened at the current preset. */
HeartsStatisticsDialog *hearts_statistics_dialog_new     (GSettings              *settings);
/* Shows it over the window of @parent. */
void                    hearts_statistics_dialog_present (HeartsStatisticsDialog *self,
                                                          GtkWidget              *parent);

G_END_DECLS
