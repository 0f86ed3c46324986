/* hearts-application.h
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <adwaita.h>

#include "hearts-settings.h"

G_BEGIN_DECLS

#define HEARTS_TYPE_APPLICATION (hearts_application_get_type ())

G_DECLARE_FINAL_TYPE (HeartsApplication, hearts_application, HEARTS, APPLICATION, AdwApplication)

HeartsApplication *hearts_application_new              (void);
HeartsSettings    *hearts_application_get_settings     (HeartsApplication *self);
/* FALSE when the command line asked for a new game (--seed or --rules): the first
 * window starts one instead of resuming the saved game. */
gboolean           hearts_application_get_resume       (HeartsApplication *self);
/* The seed of the next new game: the one given with --seed the first time, then random. */
guint64            hearts_application_take_seed        (HeartsApplication *self);
/* The --rules words for the first new game, then NULL. */
char              *hearts_application_take_rules       (HeartsApplication *self);

G_END_DECLS
