/* hearts-application.h
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <adwaita.h>

#include "hearts-engine.h"

G_BEGIN_DECLS

#define HEARTS_TYPE_APPLICATION (hearts_application_get_type ())

G_DECLARE_FINAL_TYPE (HeartsApplication, hearts_application, HEARTS, APPLICATION, AdwApplication)

HeartsApplication *hearts_application_new              (void);
/* The seed of the next new game: the one given with --seed the first time, then random. */
guint64            hearts_application_take_seed        (HeartsApplication *self);
const HeartsRules *hearts_application_get_rules        (HeartsApplication *self);
/* What tests read over D-Bus as the state of the "state" action. */
void               hearts_application_set_test_state   (HeartsApplication *self,
                                                        GVariant          *state);

G_END_DECLS
