/* hearts-settings.h: the rules, the presets and the seats, kept in GSettings
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gio/gio.h>

#include "hearts-game.h"

G_BEGIN_DECLS

/* The schema keeps the base ID in the development profile too. */
#define HEARTS_SCHEMA_ID "io.github.gtkhearts.Hearts"

/* The values of the schema's "preset" enum. */
typedef enum
{
  HEARTS_PRESET_STANDARD,
  HEARTS_PRESET_MICROSOFT,
  HEARTS_PRESET_OMNIBUS,
  HEARTS_PRESET_TOURNAMENT,
  HEARTS_PRESET_THREE_PLAYERS,
  HEARTS_PRESET_FIVE_PLAYERS,
  HEARTS_PRESET_CUSTOM,
  HEARTS_N_PRESETS /*< skip >*/
} HeartsPreset;

/* The values of the table keys, as the schema numbers them (g_settings_get_enum). */
typedef enum
{
  HEARTS_CLICK_SINGLE,
  HEARTS_CLICK_DOUBLE,
} HeartsClickMode;

typedef enum
{
  HEARTS_ANIMATION_OFF,
  HEARTS_ANIMATION_FAST,
  HEARTS_ANIMATION_NORMAL,
  HEARTS_ANIMATION_SLOW,
} HeartsAnimationSpeed;

typedef enum
{
  HEARTS_HAND_SORT_ASCENDING,
  HEARTS_HAND_SORT_DESCENDING,
} HeartsHandSort;

/* Computer seats have keys "seat1-…" to "seat4-…". */
#define HEARTS_N_SEAT_KEYS (HEARTS_MAX_PLAYERS - 1)

const char    *hearts_preset_to_id            (HeartsPreset       preset);
gboolean       hearts_preset_from_id          (const char        *id,
                                               HeartsPreset      *preset);
/* Translated. */
const char    *hearts_preset_get_name         (HeartsPreset       preset);
const char    *hearts_preset_get_description  (HeartsPreset       preset);
/* FALSE for HEARTS_PRESET_CUSTOM, which has no rules of its own. */
gboolean       hearts_preset_get_rules        (HeartsPreset       preset,
                                               HeartsRules       *rules);
/* The preset whose rules are @rules: @preferred if they are its own, else the first
 * that fits, else HEARTS_PRESET_CUSTOM. */
HeartsPreset   hearts_preset_find             (const HeartsRules *rules,
                                               HeartsPreset       preferred);

#define HEARTS_TYPE_SETTINGS (hearts_settings_get_type ())

G_DECLARE_FINAL_TYPE (HeartsSettings, hearts_settings, HEARTS, SETTINGS, GObject)

/* Follows @settings (NULL: the application's schema): choosing a preset writes its
 * rules, and a rule that no longer matches the preset makes it "custom". */
HeartsSettings *hearts_settings_new           (GSettings         *settings);
GSettings      *hearts_settings_get_settings  (HeartsSettings    *self);

HeartsPreset    hearts_settings_get_preset    (HeartsSettings    *self);
void            hearts_settings_set_preset    (HeartsSettings    *self,
                                               HeartsPreset       preset);
/* The rules the next game will use. If the keys cannot make valid rules (they
 * cannot, unless the schema is not ours) the rule keys are reset, @rules gets the
 * defaults and @error says so in words for the player. */
gboolean        hearts_settings_get_rules     (HeartsSettings    *self,
                                               HeartsRules       *rules,
                                               GError           **error);
/* Writes every rule key; the preset stays if the rules are its own, else becomes
 * "custom". */
void            hearts_settings_set_rules     (HeartsSettings    *self,
                                               const HeartsRules *rules);

/* Seat 0 is the player: "player-name", else the account's name. The computer seat
 * @seat (1 to n_players - 1) has the keys "seat<seat>-…"; NULL when its name is
 * empty, for the view to name it by where it sits. */
char           *hearts_settings_get_seat_name (HeartsSettings    *self,
                                               guint              seat);
HeartsAiLevel   hearts_settings_get_seat_level (HeartsSettings   *self,
                                               guint              seat);
/* The external engine command for a computer seat, or NULL for our own player. */
char           *hearts_settings_get_seat_engine (HeartsSettings  *self,
                                               guint              seat);

/* Checks the rule keys make valid rules; if not, resets them and says so in @error
 * in words for the player; likewise if the settings cannot be written (a read-only
 * keyfile folder), or if the settings keyfile could not be read and was put aside
 * (hearts_keyfile_backend_check_file()). Call once at startup. */
gboolean        hearts_settings_check         (HeartsSettings    *self,
                                               GError           **error);

/* A new game with the rules and levels of the settings: the player on seat 0,
 * computers at their levels on the others. External engines are the caller's
 * (hearts_settings_get_seat_engine, hearts_game_set_seat_ai). */
HeartsGame     *hearts_settings_new_game      (HeartsSettings    *self,
                                               guint64            seed);

G_END_DECLS
