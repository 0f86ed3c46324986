/* hearts-statistics-dialog.h
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <adwaita.h>

G_BEGIN_DECLS

#define HEARTS_TYPE_STATISTICS_DIALOG (hearts_statistics_dialog_get_type ())

G_DECLARE_FINAL_TYPE (HeartsStatisticsDialog, hearts_statistics_dialog, HEARTS, STATISTICS_DIALOG, AdwWindow)

/* The statistics and finished games kept in @settings, opened at the current preset. */
HeartsStatisticsDialog *hearts_statistics_dialog_new (GSettings *settings);

G_END_DECLS
