/* hearts-settings.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n-lib.h>
#include <stdlib.h>
#include <string.h>

#include "hearts-keyfile-backend.h"
#include "hearts-settings.h"

struct _HeartsSettings
{
  GObject parent_instance;

  GSettings *settings;
  /* Set while we write several keys, so that their change signals do not
   * judge a half-written set of rules. */
  guint       writing;
  HeartsRules last_rules;
};

G_DEFINE_FINAL_TYPE (HeartsSettings, hearts_settings, G_TYPE_OBJECT)

enum
{
  PROP_0,
  PROP_SETTINGS,
  N_PROPS
};

enum
{
  RULES_CHANGED,
  WRITE_FAILED,
  N_SIGNALS
};

static GParamSpec *properties[N_PROPS];
static guint       signals[N_SIGNALS];

/* Each rule key and its word in the rules' key=value form. The game end is three
 * keys (its kind and one value per kind), so no key can hold a value its kind
 * would refuse. */
static const struct
{
  const char *key;
  const char *rule;
} rule_keys[] = {
  { "players", "players" },
  { "pass-cycle", "pass" },
  { "opening-lead", "opening" },
  { "first-trick", "first-trick" },
  { "hearts-must-be-broken", "hearts-breaking" },
  { "queen-breaks-hearts", "qs-breaks" },
  { "omnibus", "omnibus" },
  { "no-tricks-bonus", "no-tricks" },
  { "moon", "moon" },
  { "three-player-deck", "three-deck" },
};

static const char *end_kind_key = "game-end";
static const char *end_value_keys[] = { "end-score", "end-deals", "end-matches" };
G_STATIC_ASSERT (G_N_ELEMENTS (end_value_keys) == HEARTS_N_ENDS);

/* Presets are the defaults with a few rules changed, in the rules' own words. */
static const struct
{
  const char *id;
  const char *name;
  const char *description;
  const char *rules;
} presets[] = {
  { "standard", N_("Standard"),
                    N_("Pass left, right, across, then hold. No points on the first trick, hearts must be broken, "
       "a moon gives the others 26. The game ends at 100 points."),
                        "" },
    /* As Windows plays it: the same as the standard game, spelt out in full so that
     * it stays so whatever the defaults become. */
    { "microsoft", N_("Microsoft Hearts"),
                       N_("As in Windows: pass left, right, across, then hold; the 2♣ leads; no hearts or Queen of "
       "Spades on the first trick; hearts must be broken and the Queen does not break them; a moon "
       "gives the others 26; to 100 points."),
                           "players=4 pass=lrah opening=lowest first-trick=no-points hearts-breaking=yes qs-breaks=no "
                           "omnibus=no no-tricks=no moon=others end=score:100" },
      { "omnibus", N_("Omnibus"),
                       N_("The standard game where the Jack of Diamonds scores −10."),
                           "omnibus=yes" },
        /* The intramural rules: two matches, each the deal going once round the table;
         * only hearts are barred from the first trick; the moon shooter takes −26 or
         * gives +26, so we let them have the better. */
        { "tournament", N_("Tournament"),
                            N_("Two matches, each the deal going once round the table. No hearts on the first trick; "
       "a moon shooter scores −26 or gives the others 26, whichever is better."),
                                "players=4 first-trick=no-hearts moon=choose end=matches:2" },
          /* The official rules: the 2♦ goes, the lowest club leads, and the Queen of Spades
           * breaks hearts too. */
          { "three-players", N_("Three Players"),
                                 N_("The official rules for three: the 2♦ is removed, 17 cards each, the lowest club leads, "
       "and the Queen of Spades breaks hearts."),
                                     "players=3 pass=lrh three-deck=2d qs-breaks=yes" },
            { "five-players", N_("Five Players"),
                                  N_("The official rules for five: the 2♦ and 2♣ are removed, 10 cards each, the 3♣ leads, "
       "and the Queen of Spades breaks hearts."),
                                      "players=5 pass=lrh qs-breaks=yes" },
              { "custom", N_("Custom"),
                              N_("Rules of your own choosing."),
                                  NULL },
              };
G_STATIC_ASSERT (G_N_ELEMENTS (presets) == HEARTS_N_PRESETS);

const char *
hearts_preset_to_id (HeartsPreset preset)
{
  g_return_val_if_fail (preset < HEARTS_N_PRESETS, "custom");
  return presets[preset].id;
}

gboolean
hearts_preset_from_id (const char   *id,
                       HeartsPreset *preset)
{
  for (guint i = 0; i < G_N_ELEMENTS (presets); i++)
    if (g_strcmp0 (presets[i].id, id) == 0)
      {
        *preset = i;
        return TRUE;
      }
  return FALSE;
}

const char *
hearts_preset_get_name (HeartsPreset preset)
{
  g_return_val_if_fail (preset < HEARTS_N_PRESETS, NULL);
  return _(presets[preset].name);
}

const char *
hearts_preset_get_description (HeartsPreset preset)
{
  g_return_val_if_fail (preset < HEARTS_N_PRESETS, NULL);
  return _(presets[preset].description);
}

gboolean
hearts_preset_get_rules (HeartsPreset preset,
                         HeartsRules *rules)
{
  g_autoptr(GError) error = NULL;

  g_return_val_if_fail (preset < HEARTS_N_PRESETS, FALSE);

  hearts_rules_init_default (rules);
  if (presets[preset].rules == NULL)
    return FALSE;
  if (!hearts_rules_apply_string (rules, presets[preset].rules, &error))
    g_error ("Preset %s: %s", presets[preset].id, error->message);
  return TRUE;
}

HeartsPreset
hearts_preset_find (const HeartsRules *rules,
                    HeartsPreset       preferred)
{
  HeartsRules preset_rules;

  g_return_val_if_fail (rules != NULL, HEARTS_PRESET_CUSTOM);

  /* Standard and Microsoft Hearts have the same rules today: keep the one chosen. */
  if (preferred < HEARTS_N_PRESETS && hearts_preset_get_rules (preferred, &preset_rules) &&
      hearts_rules_equal (&preset_rules, rules))
    return preferred;
  for (guint p = 0; p < HEARTS_N_PRESETS; p++)
    if (hearts_preset_get_rules (p, &preset_rules) && hearts_rules_equal (&preset_rules, rules))
      return p;
  return HEARTS_PRESET_CUSTOM;
}

/* Keys <-> rules */

static gboolean
is_rule_key (const char *key)
{
  if (g_strcmp0 (key, end_kind_key) == 0)
    return TRUE;
  for (guint i = 0; i < G_N_ELEMENTS (end_value_keys); i++)
    if (g_strcmp0 (key, end_value_keys[i]) == 0)
      return TRUE;
  for (guint i = 0; i < G_N_ELEMENTS (rule_keys); i++)
    if (g_strcmp0 (key, rule_keys[i].key) == 0)
      return TRUE;
  return FALSE;
}

/* The key's value as the rules' text form spells it. */
static char *
key_to_word (GSettings  *settings,
             const char *key)
{
  g_autoptr(GVariant) value = g_settings_get_value (settings, key);

  if (g_variant_is_of_type (value, G_VARIANT_TYPE_BOOLEAN))
    return g_strdup (g_variant_get_boolean (value) ? "yes" : "no");
  if (g_variant_is_of_type (value, G_VARIANT_TYPE_INT32))
    return g_strdup_printf ("%d", g_variant_get_int32 (value));
  if (g_variant_is_of_type (value, G_VARIANT_TYPE_UINT32))
    return g_strdup_printf ("%u", g_variant_get_uint32 (value));
  if (g_variant_is_of_type (value, G_VARIANT_TYPE_STRING))
    return g_variant_dup_string (value, NULL);
  return g_strdup ("?");
}

static char *
rules_text_from_keys (GSettings *settings)
{
  g_autoptr(GString) text = g_string_new (NULL);
  g_autofree char *end_kind = g_settings_get_string (settings, end_kind_key);
  gint             end = g_settings_get_enum (settings, end_kind_key);

  for (guint i = 0; i < G_N_ELEMENTS (rule_keys); i++)
    {
      g_autofree char *word = key_to_word (settings, rule_keys[i].key);
      g_string_append_printf (text, "%s=%s ", rule_keys[i].rule, word);
    }
  if (end >= 0 && end < HEARTS_N_ENDS)
    g_string_append_printf (text, "end=%s:%u", end_kind,
                            g_settings_get_uint (settings, end_value_keys[end]));
  return g_string_free (g_steal_pointer (&text), FALSE);
}

static void
write_key_word (GSettings  *settings,
                const char *key,
                const char *word)
{
  g_autoptr(GVariant) current = g_settings_get_value (settings, key);

  if (g_variant_is_of_type (current, G_VARIANT_TYPE_BOOLEAN))
    g_settings_set_boolean (settings, key, g_str_equal (word, "yes"));
  else if (g_variant_is_of_type (current, G_VARIANT_TYPE_INT32))
    g_settings_set_int (settings, key, atoi (word));
  else if (g_variant_is_of_type (current, G_VARIANT_TYPE_UINT32))
    g_settings_set_uint (settings, key, (guint) strtoul (word, NULL, 10));
  else
    g_settings_set_string (settings, key, word);
}

/* Writes the keys from the rules' own text, so the two forms cannot drift apart. */
static void
write_rules (GSettings         *settings,
             const HeartsRules *rules)
{
  g_autofree char *text = hearts_rules_to_string (rules);
  g_auto(GStrv) words = g_strsplit (text, " ", -1);

  for (guint w = 0; words[w] != NULL; w++)
    {
      char *eq = strchr (words[w], '=');

      if (eq == NULL)
        continue;
      *eq = '\0';

      if (g_str_equal (words[w], "end"))
        {
          g_auto(GStrv) parts = g_strsplit (eq + 1, ":", 2);

          g_settings_set_string (settings, end_kind_key, parts[0]);
          g_settings_set_uint (settings, end_value_keys[rules->end], rules->end_value);
          continue;
        }

      for (guint i = 0; i < G_N_ELEMENTS (rule_keys); i++)
        if (g_str_equal (words[w], rule_keys[i].rule))
          write_key_word (settings, rule_keys[i].key, eq + 1);
    }
}

static gboolean
read_rules (GSettings   *settings,
            HeartsRules *rules,
            GError     **error)
{
  g_autofree char *text = rules_text_from_keys (settings);
  g_autoptr(GError) local = NULL;

  hearts_rules_init_default (rules);
  if (hearts_rules_apply_string (rules, text, &local))
    {
      hearts_rules_normalize (rules);
      return TRUE;
    }

  hearts_rules_init_default (rules);
  g_set_error (error, HEARTS_RULES_ERROR, 0,
               _("The rules in the settings could not be read (%s); the standard rules are used"),
                  local->message);
  return FALSE;
}

/* Keeping the preset honest */

static void
emit_rules_changed (HeartsSettings *self)
{
  HeartsRules rules;

  read_rules (self->settings, &rules, NULL);
  if (hearts_rules_equal (&rules, &self->last_rules))
    return;
  self->last_rules = rules;
  g_signal_emit (self, signals[RULES_CHANGED], 0);
}

static void
check_preset (HeartsSettings *self)
{
  HeartsPreset preset = hearts_settings_get_preset (self);
  HeartsRules  rules, preset_rules;

  if (!hearts_preset_get_rules (preset, &preset_rules))
    return;
  read_rules (self->settings, &rules, NULL);
  if (!hearts_rules_equal (&rules, &preset_rules))
    {
      self->writing++;
      g_settings_set_enum (self->settings, "preset", HEARTS_PRESET_CUSTOM);
      self->writing--;
    }
}

/* A settings file may hold any pass cycle with any number of players: one that passes
 * across without a seat across is written as the cycle the game plays instead. */
static void
normalize_pass_cycle (HeartsSettings *self)
{
  HeartsRules rules;

  hearts_rules_init_default (&rules);
  rules.n_players = CLAMP (g_settings_get_int (self->settings, "players"), HEARTS_MIN_PLAYERS, HEARTS_MAX_PLAYERS);
  rules.pass_cycle = g_settings_get_enum (self->settings, "pass-cycle");
  if (!hearts_rules_normalize (&rules))
    return;
  self->writing++;
  g_settings_set_enum (self->settings, "pass-cycle", rules.pass_cycle);
  self->writing--;
}

static void
apply_preset (HeartsSettings *self)
{
  HeartsRules rules;

  if (!hearts_preset_get_rules (hearts_settings_get_preset (self), &rules))
    return;
  self->writing++;
  write_rules (self->settings, &rules);
  self->writing--;
}

static void
on_settings_changed_cb (HeartsSettings *self,
                        const char     *key,
                        GSettings      *settings)
{
  if (self->writing > 0)
    return;

  if (g_strcmp0 (key, "preset") == 0)
    apply_preset (self);
  else if (is_rule_key (key))
    {
      normalize_pass_cycle (self);
      check_preset (self);
    }
  else
    return;

  emit_rules_changed (self);
}

/* GObject */

static void
on_write_failed_cb (HeartsSettings *self,
                    const char     *message)
{
  g_signal_emit (self, signals[WRITE_FAILED], 0, message);
}

static void
hearts_settings_constructed (GObject *object)
{
  HeartsSettings *self = (HeartsSettings *) object;
  g_autoptr(GSettingsBackend) backend = NULL;

  G_OBJECT_CLASS (hearts_settings_parent_class)->constructed (object);

  /* Where GLib would keep them in a keyfile, a keyfile that a full disk cannot empty. */
  if (self->settings == NULL)
    {
      g_autoptr(GSettingsBackend) chosen = hearts_keyfile_backend_get_default ();

      self->settings = g_settings_new_with_backend (HEARTS_SCHEMA_ID, chosen);
    }
  g_object_get (self->settings, "backend", &backend, NULL);
  if (HEARTS_IS_KEYFILE_BACKEND (backend))
    g_signal_connect_object (backend, "write-failed", G_CALLBACK (on_write_failed_cb), self,
                             G_CONNECT_SWAPPED);

  g_signal_connect_object (self->settings, "changed",
                           G_CALLBACK (on_settings_changed_cb), self,
                           G_CONNECT_SWAPPED);

  /* The rules may have been changed while we were not looking. */
  normalize_pass_cycle (self);
  check_preset (self);
  read_rules (self->settings, &self->last_rules, NULL);
}

static void
hearts_settings_dispose (GObject *object)
{
  HeartsSettings *self = (HeartsSettings *) object;

  g_clear_object (&self->settings);

  G_OBJECT_CLASS (hearts_settings_parent_class)->dispose (object);
}

static void
hearts_settings_get_property (GObject    *object,
                              guint       prop_id,
                              GValue     *value,
                              GParamSpec *pspec)
{
  HeartsSettings *self = HEARTS_SETTINGS (object);

  switch (prop_id)
    {
    case PROP_SETTINGS:
      g_value_set_object (value, self->settings);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
hearts_settings_set_property (GObject      *object,
                              guint         prop_id,
                              const GValue *value,
                              GParamSpec   *pspec)
{
  HeartsSettings *self = HEARTS_SETTINGS (object);

  switch (prop_id)
    {
    case PROP_SETTINGS:
      self->settings = g_value_dup_object (value);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
hearts_settings_class_init (HeartsSettingsClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->constructed = hearts_settings_constructed;
  object_class->dispose = hearts_settings_dispose;
  object_class->get_property = hearts_settings_get_property;
  object_class->set_property = hearts_settings_set_property;

  properties[PROP_SETTINGS] =
    g_param_spec_object ("settings", NULL, NULL,
                         G_TYPE_SETTINGS,
                         (G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS));
  g_object_class_install_properties (object_class, N_PROPS, properties);

  /**
   * HeartsSettings::rules-changed:
   *
   * The rules of the next game changed (once for a whole preset).
   */
  signals[RULES_CHANGED] =
    g_signal_new ("rules-changed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL, G_TYPE_NONE, 0);

  /**
   * HeartsSettings::write-failed:
   * @message: a sentence for the player
   *
   * The settings could not be written to their file (a full disk); the new values hold
   * for this run and are written with the next change. Once until a write works again.
   */
  signals[WRITE_FAILED] =
    g_signal_new ("write-failed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL, G_TYPE_NONE, 1, G_TYPE_STRING);
}

static void
hearts_settings_init (HeartsSettings *self)
{
}

/* Public API */

HeartsSettings *
hearts_settings_new (GSettings *settings)
{
  g_return_val_if_fail (settings == NULL || G_IS_SETTINGS (settings), NULL);

  return g_object_new (HEARTS_TYPE_SETTINGS, "settings", settings, NULL);
}

GSettings *
hearts_settings_get_settings (HeartsSettings *self)
{
  g_return_val_if_fail (HEARTS_IS_SETTINGS (self), NULL);
  return self->settings;
}

HeartsPreset
hearts_settings_get_preset (HeartsSettings *self)
{
  gint preset;

  g_return_val_if_fail (HEARTS_IS_SETTINGS (self), HEARTS_PRESET_CUSTOM);

  preset = g_settings_get_enum (self->settings, "preset");
  return preset >= 0 && preset < HEARTS_N_PRESETS ? (HeartsPreset) preset : HEARTS_PRESET_CUSTOM;
}

void
hearts_settings_set_preset (HeartsSettings *self,
                            HeartsPreset    preset)
{
  g_return_if_fail (HEARTS_IS_SETTINGS (self));
  g_return_if_fail (preset < HEARTS_N_PRESETS);

  self->writing++;
  g_settings_set_enum (self->settings, "preset", preset);
  self->writing--;
  apply_preset (self);
  emit_rules_changed (self);
}

gboolean
hearts_settings_get_rules (HeartsSettings *self,
                           HeartsRules    *rules,
                           GError        **error)
{
  g_return_val_if_fail (HEARTS_IS_SETTINGS (self), FALSE);
  g_return_val_if_fail (rules != NULL, FALSE);

  if (read_rules (self->settings, rules, error))
    return TRUE;

  /* Put the keys right so the message is shown once. */
  self->writing++;
  for (guint i = 0; i < G_N_ELEMENTS (rule_keys); i++)
    g_settings_reset (self->settings, rule_keys[i].key);
  g_settings_reset (self->settings, end_kind_key);
  for (guint i = 0; i < G_N_ELEMENTS (end_value_keys); i++)
    g_settings_reset (self->settings, end_value_keys[i]);
  self->writing--;
  return FALSE;
}

void
hearts_settings_set_rules (HeartsSettings    *self,
                           const HeartsRules *rules)
{
  g_return_if_fail (HEARTS_IS_SETTINGS (self));
  g_return_if_fail (rules != NULL && hearts_rules_check (rules) == NULL);

  self->writing++;
  write_rules (self->settings, rules);
  self->writing--;
  check_preset (self);
  emit_rules_changed (self);
}

char *
hearts_settings_get_seat_name (HeartsSettings *self,
                               guint           seat)
{
  g_autofree char *key = NULL;
  g_autofree char *name = NULL;

  g_return_val_if_fail (HEARTS_IS_SETTINGS (self), NULL);
  g_return_val_if_fail (seat <= HEARTS_N_SEAT_KEYS, NULL);

  if (seat == 0)
    {
      const char *real_name;

      name = g_settings_get_string (self->settings, "player-name");
      g_strstrip (name);
      if (name[0] != '\0')
        return g_steal_pointer (&name);
      /* GLib says "Unknown" when the account has no full name. */
      real_name = g_get_real_name ();
      if (real_name != NULL && real_name[0] != '\0' && g_strcmp0 (real_name, "Unknown") != 0)
        return g_strdup (real_name);
      return g_strdup (_("You"));
    }

  key = g_strdup_printf ("seat%u-name", seat);
  name = g_settings_get_string (self->settings, key);
  g_strstrip (name);
  if (name[0] != '\0')
    return g_steal_pointer (&name);
  return NULL;
}

HeartsAiLevel
hearts_settings_get_seat_level (HeartsSettings *self,
                                guint           seat)
{
  g_autofree char *key = NULL;
  gint             level;

  g_return_val_if_fail (HEARTS_IS_SETTINGS (self), HEARTS_AI_NORMAL);
  g_return_val_if_fail (seat >= 1 && seat <= HEARTS_N_SEAT_KEYS, HEARTS_AI_NORMAL);

  /* The schema's level values are HeartsAiLevel's. */
  key = g_strdup_printf ("seat%u-level", seat);
  level = g_settings_get_enum (self->settings, key);
  return level > HEARTS_AI_RANDOM && level < HEARTS_N_AI_LEVELS ? (HeartsAiLevel) level : HEARTS_AI_NORMAL;
}

char *
hearts_settings_get_seat_engine (HeartsSettings *self,
                                 guint           seat)
{
  g_autofree char *key = NULL;
  g_autofree char *command = NULL;

  g_return_val_if_fail (HEARTS_IS_SETTINGS (self), NULL);
  g_return_val_if_fail (seat >= 1 && seat <= HEARTS_N_SEAT_KEYS, NULL);

  key = g_strdup_printf ("seat%u-engine", seat);
  command = g_settings_get_string (self->settings, key);
  g_strstrip (command);
  return command[0] != '\0' ? g_steal_pointer (&command) : NULL;
}

gboolean
hearts_settings_check (HeartsSettings *self,
                       GError        **error)
{
  g_autofree char *notice = hearts_keyfile_backend_take_notice ();
  HeartsRules      rules;

  g_return_val_if_fail (HEARTS_IS_SETTINGS (self), FALSE);

  /* A settings file that was put aside at startup: the defaults are in use. */
  if (notice != NULL)
    {
      g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA, notice);
      return FALSE;
    }
  if (!hearts_settings_get_rules (self, &rules, error))
    return FALSE;
  /* The keyfile backend (the Flatpak's) says so when its folder cannot be written;
   * then every change is refused, with no other sign. dconf reports nothing. */
  if (!g_settings_is_writable (self->settings, "player-name"))
    {
      g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_READ_ONLY,
                           _("Settings cannot be saved: changes will be lost when Hearts is closed"));
      return FALSE;
    }
  return TRUE;
}

HeartsGame *
hearts_settings_new_game (HeartsSettings *self,
                          guint64         seed)
{
  HeartsRules rules;
  HeartsGame *game;

  g_return_val_if_fail (HEARTS_IS_SETTINGS (self), NULL);

  /* Unreadable rules still give a game, with the standard rules. */
  hearts_settings_get_rules (self, &rules, NULL);

  game = hearts_game_new (&rules, seed);
  for (guint s = 1; s < rules.n_players; s++)
    hearts_game_set_seat_level (game, s, hearts_settings_get_seat_level (self, s));
  return game;
}
