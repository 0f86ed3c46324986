/* hearts-preferences-row.h: preferences rows that bind themselves to a GSettings key
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <adwaita.h>

G_BEGIN_DECLS

/* A combo row for an enum key: the n-th item of its model is the n-th value of "enum-type"
 * (a type made by glib-mkenums), or, without one, the n-th nick of the schema's enum. */
#define HEARTS_TYPE_PREFERENCES_COMBO_ROW (hearts_preferences_combo_row_get_type ())

G_DECLARE_FINAL_TYPE (HeartsPreferencesComboRow, hearts_preferences_combo_row,
                      HEARTS, PREFERENCES_COMBO_ROW, AdwComboRow)

/* A row with a switch for a boolean key. */
#define HEARTS_TYPE_PREFERENCES_SWITCH_ROW (hearts_preferences_switch_row_get_type ())

G_DECLARE_FINAL_TYPE (HeartsPreferencesSwitchRow, hearts_preferences_switch_row,
                      HEARTS, PREFERENCES_SWITCH_ROW, AdwActionRow)

/* Both have "settings" and "schema-key" and bind the key once they have both; the key comes
 * from the template, the settings from whoever owns the template. */

/* Values the combo row does not offer now (NULL: none), with their labels; a key that
 * holds one of them shows no choice. */
void hearts_preferences_combo_row_set_hidden_nicks (HeartsPreferencesComboRow *self,
                                                    const char * const        *nicks);

G_END_DECLS
