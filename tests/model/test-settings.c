/* test-settings.c: rule keys, presets and seats, through HeartsSettings
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#define G_SETTINGS_ENABLE_BACKEND
#include <gio/gsettingsbackend.h>

#include <glib/gstdio.h>
#include <string.h>

#include "hearts-model-enums.h"
#include "hearts-settings.h"

/* A fresh, empty store for each test. */
static GSettings *
new_gsettings (void)
{
  g_autoptr(GSettingsBackend) backend = g_memory_settings_backend_new ();

  return g_settings_new_with_backend (HEARTS_SCHEMA_ID, backend);
}

static char *
next_game_rules (HeartsSettings *settings)
{
  g_autoptr(HeartsGame) game = hearts_settings_new_game (settings, 7);

  return hearts_rules_to_string (hearts_game_get_rules (game));
}

/* The rules' text form has one word per rule: "moon=shooter". */
static gboolean
has_word (const char *rules,
          const char *word)
{
  g_auto(GStrv) words = g_strsplit (rules, " ", -1);

  return g_strv_contains ((const char * const *) words, word);
}

typedef struct
{
  const char *key;
  const char *value; /* GVariant text */
  const char *word;  /* what the next game's rules must then say */
} KeyCase;

static const KeyCase key_cases[] = {
  { "players", "3", "players=3" },
  { "players", "5", "players=5" },
  { "pass-cycle", "'rlah'", "pass=rlah" },
  { "pass-cycle", "'lr'", "pass=lr" },
  { "pass-cycle", "'none'", "pass=none" },
  { "opening-lead", "'any-club'", "opening=any-club" },
  { "first-trick", "'no-hearts'", "first-trick=no-hearts" },
  { "first-trick", "'anything'", "first-trick=anything" },
  { "hearts-must-be-broken", "false", "hearts-breaking=no" },
  { "queen-breaks-hearts", "true", "qs-breaks=yes" },
  { "omnibus", "true", "omnibus=yes" },
  { "no-tricks-bonus", "true", "no-tricks=yes" },
  { "moon", "'shooter'", "moon=shooter" },
  { "moon", "'choose'", "moon=choose" },
  { "end-score", "uint32 50", "end=score:50" },
  { "game-end", "'deals'", "end=deals:16" },
  { "game-end", "'matches'", "end=matches:2" },
  { "three-player-deck", "'2c'", "three-deck=2c" },
};

static void
test_each_key (void)
{
  for (guint i = 0; i < G_N_ELEMENTS (key_cases); i++)
    {
      const KeyCase *c = &key_cases[i];
      g_autoptr(GSettings) gsettings = new_gsettings ();
      g_autoptr(HeartsSettings) settings = hearts_settings_new (gsettings);
      g_autoptr(GVariant) value = g_variant_parse (NULL, c->value, NULL, NULL, NULL);
      g_autofree char *before = next_game_rules (settings);
      g_autofree char *after = NULL;

      g_test_message ("%s = %s", c->key, c->value);
      g_assert_false (has_word (before, c->word));
      g_assert_true (g_settings_set_value (gsettings, c->key, value));
      after = next_game_rules (settings);
      g_assert_true (has_word (after, c->word));
      /* Everything else stays as it was. */
      g_assert_cmpint (hearts_settings_get_preset (settings), ==, HEARTS_PRESET_CUSTOM);
    }
}

static gboolean
in_range (GSettings  *gsettings,
          const char *key,
          GVariant   *value)
{
  g_autoptr(GSettingsSchema) schema = NULL;
  g_autoptr(GSettingsSchemaKey) schema_key = NULL;
  g_autoptr(GVariant) owned = g_variant_ref_sink (value);

  g_object_get (gsettings, "settings-schema", &schema, NULL);
  schema_key = g_settings_schema_get_key (schema, key);
  return g_settings_schema_key_range_check (schema_key, owned);
}

static void
test_end_value_keys (void)
{
  g_autoptr(GSettings) gsettings = new_gsettings ();
  g_autoptr(HeartsSettings) settings = hearts_settings_new (gsettings);
  g_autofree char *rules = NULL;
  HeartsRules      r;

  /* Each kind of end has its own value, kept while another kind is chosen. */
  g_settings_set_uint (gsettings, "end-deals", 5);
  g_settings_set_uint (gsettings, "end-matches", 3);
  g_assert_true (hearts_settings_get_rules (settings, &r, NULL));
  g_assert_cmpint (r.end, ==, HEARTS_END_SCORE);
  g_assert_cmpuint (r.end_value, ==, 100);

  g_settings_set_string (gsettings, "game-end", "deals");
  rules = next_game_rules (settings);
  g_assert_true (has_word (rules, "end=deals:5"));
  g_clear_pointer (&rules, g_free);

  g_settings_set_string (gsettings, "game-end", "matches");
  rules = next_game_rules (settings);
  g_assert_true (has_word (rules, "end=matches:3"));

  /* The schema refuses what the engine would refuse. */
  g_assert_false (in_range (gsettings, "end-score", g_variant_new_uint32 (20)));
  g_assert_false (in_range (gsettings, "end-score", g_variant_new_uint32 (501)));
  g_assert_true (in_range (gsettings, "end-score", g_variant_new_uint32 (25)));
  g_assert_false (in_range (gsettings, "end-deals", g_variant_new_uint32 (0)));
  g_assert_false (in_range (gsettings, "end-matches", g_variant_new_uint32 (101)));
  g_assert_false (in_range (gsettings, "players", g_variant_new_int32 (6)));
  g_assert_false (in_range (gsettings, "players", g_variant_new_int32 (2)));
  g_assert_false (in_range (gsettings, "moon", g_variant_new_string ("never")));
}

static void
test_defaults_are_standard (void)
{
  g_autoptr(GSettings) gsettings = new_gsettings ();
  g_autoptr(HeartsSettings) settings = hearts_settings_new (gsettings);
  HeartsRules from_keys, standard;

  g_assert_true (hearts_settings_get_rules (settings, &from_keys, NULL));
  hearts_rules_init_default (&standard);
  g_assert_true (hearts_rules_equal (&from_keys, &standard));
  g_assert_cmpint (hearts_settings_get_preset (settings), ==, HEARTS_PRESET_STANDARD);
}

typedef struct
{
  HeartsPreset preset;
  const char  *keys; /* "key=GVariant text" pairs the preset must have written */
} PresetCase;

static const PresetCase preset_cases[] = {
  { HEARTS_PRESET_STANDARD,
    "players=4;pass-cycle='lrah';opening-lead='lowest';first-trick='no-points';"
    "hearts-must-be-broken=true;queen-breaks-hearts=false;omnibus=false;no-tricks-bonus=false;"
    "moon='others';game-end='score';end-score=uint32 100" },
  { HEARTS_PRESET_MICROSOFT,
    "players=4;pass-cycle='lrah';opening-lead='lowest';first-trick='no-points';"
    "hearts-must-be-broken=true;queen-breaks-hearts=false;omnibus=false;moon='others';"
    "game-end='score';end-score=uint32 100" },
  { HEARTS_PRESET_OMNIBUS,
    "players=4;omnibus=true;moon='others';game-end='score';end-score=uint32 100" },
  { HEARTS_PRESET_TOURNAMENT,
    "players=4;first-trick='no-hearts';moon='choose';game-end='matches';end-matches=uint32 2;"
    "omnibus=false" },
  { HEARTS_PRESET_THREE_PLAYERS,
    "players=3;three-player-deck='2d';queen-breaks-hearts=true;opening-lead='lowest';"
    "first-trick='no-points';game-end='score';end-score=uint32 100" },
  { HEARTS_PRESET_FIVE_PLAYERS,
    "players=5;queen-breaks-hearts=true;opening-lead='lowest';first-trick='no-points';"
    "game-end='score';end-score=uint32 100" },
};

static void
check_keys (GSettings  *gsettings,
            const char *keys)
{
  g_auto(GStrv) pairs = g_strsplit (keys, ";", -1);

  for (guint i = 0; pairs[i] != NULL; i++)
    {
      g_auto(GStrv) kv = g_strsplit (pairs[i], "=", 2);
      g_autoptr(GVariant) want = g_variant_parse (NULL, kv[1], NULL, NULL, NULL);
      g_autoptr(GVariant) have = g_settings_get_value (gsettings, kv[0]);
      g_autofree char *have_text = g_variant_print (have, TRUE);

      g_assert_nonnull (want);
      if (!g_variant_equal (want, have))
        g_error ("%s: want %s, have %s", kv[0], kv[1], have_text);
    }
}

static void
test_presets (void)
{
  for (guint i = 0; i < G_N_ELEMENTS (preset_cases); i++)
    {
      const PresetCase *c = &preset_cases[i];
      g_autoptr(GSettings) gsettings = new_gsettings ();
      g_autoptr(HeartsSettings) settings = hearts_settings_new (gsettings);
      HeartsRules      from_keys, preset_rules;
      g_autofree char *id = NULL;

      g_test_message ("%s", hearts_preset_to_id (c->preset));
      /* Start from somewhere else, so every key has to be written. */
      g_settings_set_int (gsettings, "players", c->preset == HEARTS_PRESET_FIVE_PLAYERS ? 3 : 5);
      g_settings_set_boolean (gsettings, "omnibus", c->preset != HEARTS_PRESET_OMNIBUS);
      g_settings_set_string (gsettings, "moon", "shooter");
      g_settings_set_string (gsettings, "game-end", "deals");
      g_assert_cmpint (hearts_settings_get_preset (settings), ==, HEARTS_PRESET_CUSTOM);

      hearts_settings_set_preset (settings, c->preset);

      check_keys (gsettings, c->keys);
      id = g_settings_get_string (gsettings, "preset");
      g_assert_cmpstr (id, ==, hearts_preset_to_id (c->preset));
      g_assert_true (hearts_settings_get_rules (settings, &from_keys, NULL));
      g_assert_true (hearts_preset_get_rules (c->preset, &preset_rules));
      g_assert_true (hearts_rules_equal (&from_keys, &preset_rules));
      g_assert_cmpstr (hearts_preset_get_name (c->preset), !=, "");
      g_assert_cmpstr (hearts_preset_get_description (c->preset), !=, "");
    }
}

/* What the Preferences row does: it writes the key, and the rules follow. */
static void
test_preset_key_applies (void)
{
  g_autoptr(GSettings) gsettings = new_gsettings ();
  g_autoptr(HeartsSettings) settings = hearts_settings_new (gsettings);
  g_autofree char *rules = NULL;

  g_settings_set_string (gsettings, "preset", "tournament");
  rules = next_game_rules (settings);
  g_assert_true (has_word (rules, "end=matches:2"));
  g_assert_true (has_word (rules, "first-trick=no-hearts"));
  g_clear_pointer (&rules, g_free);

  g_settings_set_string (gsettings, "preset", "five-players");
  rules = next_game_rules (settings);
  g_assert_true (has_word (rules, "players=5"));
  g_assert_true (has_word (rules, "end=score:100"));
  g_assert_true (has_word (rules, "first-trick=no-points"));
}

static void
test_change_makes_custom (void)
{
  g_autoptr(GSettings) gsettings = new_gsettings ();
  g_autoptr(HeartsSettings) settings = hearts_settings_new (gsettings);
  g_autofree char *id = NULL;

  hearts_settings_set_preset (settings, HEARTS_PRESET_OMNIBUS);
  g_assert_cmpint (hearts_settings_get_preset (settings), ==, HEARTS_PRESET_OMNIBUS);

  /* Writing a rule's own value again changes nothing. */
  g_settings_set_boolean (gsettings, "omnibus", TRUE);
  g_assert_cmpint (hearts_settings_get_preset (settings), ==, HEARTS_PRESET_OMNIBUS);

  g_settings_set_string (gsettings, "moon", "shooter");
  id = g_settings_get_string (gsettings, "preset");
  g_assert_cmpstr (id, ==, "custom");
  /* The other rules are left alone. */
  g_assert_true (g_settings_get_boolean (gsettings, "omnibus"));

  /* Choosing "custom" keeps the rules as they are. */
  g_settings_set_string (gsettings, "preset", "custom");
  g_assert_true (g_settings_get_boolean (gsettings, "omnibus"));
  g_clear_pointer (&id, g_free);
  id = g_settings_get_string (gsettings, "moon");
  g_assert_cmpstr (id, ==, "shooter");
}

static void
test_changed_while_away (void)
{
  g_autoptr(GSettings) gsettings = new_gsettings ();
  g_autoptr(HeartsSettings) settings = NULL;

  /* Somebody edited the keys with the game closed. */
  g_settings_set_string (gsettings, "preset", "omnibus");
  settings = hearts_settings_new (gsettings);
  g_assert_cmpint (hearts_settings_get_preset (settings), ==, HEARTS_PRESET_CUSTOM);
}

/* A settings file may hold any cycle with any number of players: one with "across"
 * where nobody sits across is written as the same cycle without it, at once and later. */
static void
test_pass_cycle_normalized (void)
{
  g_autoptr(GSettings) gsettings = new_gsettings ();
  g_autoptr(HeartsSettings) settings = NULL;
  g_autofree char *cycle = NULL;
  HeartsRules      rules;

  g_settings_set_int (gsettings, "players", 3);
  g_settings_set_string (gsettings, "pass-cycle", "rlah");
  settings = hearts_settings_new (gsettings);
  cycle = g_settings_get_string (gsettings, "pass-cycle");
  g_assert_cmpstr (cycle, ==, "rlh");
  g_assert_true (hearts_settings_get_rules (settings, &rules, NULL));
  g_assert_cmpint (rules.pass_cycle, ==, HEARTS_PASS_CYCLE_RIGHT_LEFT_HOLD);

  g_settings_set_int (gsettings, "players", 5);
  g_settings_set_string (gsettings, "pass-cycle", "lrah");
  g_clear_pointer (&cycle, g_free);
  cycle = g_settings_get_string (gsettings, "pass-cycle");
  g_assert_cmpstr (cycle, ==, "lrh");

  /* Four players keep what they chose, "across" or not. */
  g_settings_set_int (gsettings, "players", 4);
  g_settings_set_string (gsettings, "pass-cycle", "lrah");
  g_clear_pointer (&cycle, g_free);
  cycle = g_settings_get_string (gsettings, "pass-cycle");
  g_assert_cmpstr (cycle, ==, "lrah");
  g_settings_set_string (gsettings, "pass-cycle", "rlh");
  g_clear_pointer (&cycle, g_free);
  cycle = g_settings_get_string (gsettings, "pass-cycle");
  g_assert_cmpstr (cycle, ==, "rlh");

  /* Going to three players takes the "across" out too. */
  g_settings_set_string (gsettings, "pass-cycle", "rlah");
  g_settings_set_int (gsettings, "players", 3);
  g_clear_pointer (&cycle, g_free);
  cycle = g_settings_get_string (gsettings, "pass-cycle");
  g_assert_cmpstr (cycle, ==, "rlh");
}

/* Every preset passes as its number of players can. */
static void
test_presets_pass_cycles (void)
{
  for (guint p = 0; p < HEARTS_N_PRESETS; p++)
    {
      HeartsRules rules;

      if (!hearts_preset_get_rules (p, &rules))
        continue;
      g_assert_false (hearts_rules_normalize (&rules));
      g_assert_true (rules.n_players == 4 || !hearts_pass_cycle_has_across (rules.pass_cycle));
    }
}

static void
count_cb (gpointer instance,
          guint   *count)
{
  (*count)++;
}

static void
test_rules_changed_signal (void)
{
  g_autoptr(GSettings) gsettings = new_gsettings ();
  g_autoptr(HeartsSettings) settings = hearts_settings_new (gsettings);
  guint count = 0;

  g_signal_connect (settings, "rules-changed", G_CALLBACK (count_cb), &count);

  hearts_settings_set_preset (settings, HEARTS_PRESET_THREE_PLAYERS);
  g_assert_cmpuint (count, ==, 1);
  g_settings_set_string (gsettings, "moon", "choose");
  g_assert_cmpuint (count, ==, 2);
  /* Not a rule. */
  g_settings_set_boolean (gsettings, "highlight-legal", FALSE);
  g_assert_cmpuint (count, ==, 2);
  /* A value for a kind of end not in use changes nothing. */
  g_settings_set_uint (gsettings, "end-deals", 9);
  g_assert_cmpuint (count, ==, 2);
}

static void
test_set_rules (void)
{
  g_autoptr(GSettings) gsettings = new_gsettings ();
  g_autoptr(HeartsSettings) settings = hearts_settings_new (gsettings);
  HeartsRules rules, back;

  hearts_rules_init_default (&rules);
  g_assert_true (hearts_rules_apply_string (&rules, "players=3 pass=lr opening=any-club first-trick=anything "
                                                    "hearts-breaking=no qs-breaks=yes omnibus=yes no-tricks=yes "
                                                    "moon=choose end=deals:7 three-deck=2c",
                                            NULL));
  hearts_settings_set_rules (settings, &rules);
  g_assert_true (hearts_settings_get_rules (settings, &back, NULL));
  g_assert_true (hearts_rules_equal (&rules, &back));
  g_assert_cmpint (hearts_settings_get_preset (settings), ==, HEARTS_PRESET_CUSTOM);

  /* A preset's own rules keep that preset. */
  hearts_settings_set_preset (settings, HEARTS_PRESET_TOURNAMENT);
  g_assert_true (hearts_preset_get_rules (HEARTS_PRESET_TOURNAMENT, &rules));
  hearts_settings_set_rules (settings, &rules);
  g_assert_cmpint (hearts_settings_get_preset (settings), ==, HEARTS_PRESET_TOURNAMENT);
}

static void
test_seats (void)
{
  g_autoptr(GSettings) gsettings = new_gsettings ();
  g_autoptr(HeartsSettings) settings = hearts_settings_new (gsettings);
  g_autoptr(HeartsGame) game = NULL;
  g_autofree char *name = NULL;
  g_autofree char *engine = NULL;

  g_settings_set_string (gsettings, "seat1-level", "easy");
  g_settings_set_string (gsettings, "seat2-level", "hard");
  g_settings_set_string (gsettings, "seat3-name", "  Marvin ");
  g_settings_set_string (gsettings, "seat3-engine", "hearts-engine --level hard");
  g_settings_set_string (gsettings, "player-name", "Alice");

  game = hearts_settings_new_game (settings, 1);
  g_assert_true (hearts_game_seat_is_human (game, 0));
  g_assert_false (hearts_game_seat_is_human (game, 1));
  g_assert_cmpint (hearts_game_get_seat_level (game, 1), ==, HEARTS_AI_EASY);
  g_assert_cmpint (hearts_game_get_seat_level (game, 2), ==, HEARTS_AI_HARD);
  g_assert_cmpint (hearts_game_get_seat_level (game, 3), ==, HEARTS_AI_NORMAL);

  name = hearts_settings_get_seat_name (settings, 3);
  g_assert_cmpstr (name, ==, "Marvin");
  g_clear_pointer (&name, g_free);
  name = hearts_settings_get_seat_name (settings, 0);
  g_assert_cmpstr (name, ==, "Alice");
  g_clear_pointer (&name, g_free);
  name = hearts_settings_get_seat_name (settings, 1);
  g_assert_cmpstr (name, ==, "Ada");
  g_clear_pointer (&name, g_free);

  /* An empty computer name is no name: the table names the seat by where it sits. */
  g_settings_set_string (gsettings, "seat2-name", " ");
  name = hearts_settings_get_seat_name (settings, 2);
  g_assert_null (name);
  /* The player always has one. */
  g_settings_set_string (gsettings, "player-name", "");
  name = hearts_settings_get_seat_name (settings, 0);
  g_assert_cmpstr (name, !=, "");

  engine = hearts_settings_get_seat_engine (settings, 3);
  g_assert_cmpstr (engine, ==, "hearts-engine --level hard");
  g_assert_null (hearts_settings_get_seat_engine (settings, 1));

  /* Five players use the fourth computer seat. */
  g_clear_object (&game);
  g_settings_set_string (gsettings, "seat4-level", "easy");
  g_settings_set_int (gsettings, "players", 5);
  game = hearts_settings_new_game (settings, 2);
  g_assert_cmpuint (hearts_game_get_n_players (game), ==, 5);
  g_assert_cmpint (hearts_game_get_seat_level (game, 4), ==, HEARTS_AI_EASY);
}

static void
test_preset_ids (void)
{
  for (guint p = 0; p < HEARTS_N_PRESETS; p++)
    {
      HeartsPreset back;
      HeartsRules  rules;

      g_assert_true (hearts_preset_from_id (hearts_preset_to_id (p), &back));
      g_assert_cmpint (back, ==, p);
      g_assert_cmpint (hearts_preset_get_rules (p, &rules), ==, p != HEARTS_PRESET_CUSTOM);
      g_assert_null (hearts_rules_check (&rules));
    }
  g_assert_false (hearts_preset_from_id ("bogus", &(HeartsPreset){ 0 }));
}

/* The schema's enum for the preset key has exactly our presets, in order. */
static void
test_schema_matches (void)
{
  g_autoptr(GSettings) gsettings = new_gsettings ();

  for (guint p = 0; p < HEARTS_N_PRESETS; p++)
    {
      g_settings_set_string (gsettings, "preset", hearts_preset_to_id (p));
      g_assert_cmpint (g_settings_get_enum (gsettings, "preset"), ==, p);
    }
  g_settings_set_string (gsettings, "seat1-level", "easy");
  g_assert_cmpint (g_settings_get_enum (gsettings, "seat1-level"), ==, HEARTS_AI_EASY);
  g_settings_set_string (gsettings, "seat1-level", "hard");
  g_assert_cmpint (g_settings_get_enum (gsettings, "seat1-level"), ==, HEARTS_AI_HARD);
  g_settings_set_string (gsettings, "animation-speed", "slow");
  g_assert_cmpint (g_settings_get_enum (gsettings, "animation-speed"), ==, HEARTS_ANIMATION_SLOW);
  g_settings_set_string (gsettings, "click-to-play", "double");
  g_assert_cmpint (g_settings_get_enum (gsettings, "click-to-play"), ==, HEARTS_CLICK_DOUBLE);
  g_settings_set_string (gsettings, "hand-sort", "descending");
  g_assert_cmpint (g_settings_get_enum (gsettings, "hand-sort"), ==, HEARTS_HAND_SORT_DESCENDING);
}

/* The GTypes of our enums have the schema's nicks and numbers, so that a key binds to
 * a property of that type with no mapping. */
static void
test_enum_types (void)
{
  g_autoptr(GSettings) gsettings = new_gsettings ();
  const struct
  {
    const char *key;
    GType       type;
  } keys[] = {
    { "preset", HEARTS_TYPE_PRESET },
    { "click-to-play", HEARTS_TYPE_CLICK_MODE },
    { "animation-speed", HEARTS_TYPE_ANIMATION_SPEED },
    { "hand-sort", HEARTS_TYPE_HAND_SORT },
  };

  for (guint k = 0; k < G_N_ELEMENTS (keys); k++)
    {
      g_autoptr(GEnumClass) klass = g_type_class_ref (keys[k].type);
      g_autoptr(GSettingsSchemaKey) schema_key = NULL;
      g_autoptr(GSettingsSchema) schema = NULL;
      g_autoptr(GVariant) range = NULL;
      g_autoptr(GVariant) nicks = NULL;
      const char *kind;

      g_object_get (gsettings, "settings-schema", &schema, NULL);
      schema_key = g_settings_schema_get_key (schema, keys[k].key);
      range = g_settings_schema_key_get_range (schema_key);
      g_variant_get (range, "(&sv)", &kind, &nicks);
      g_assert_cmpstr (kind, ==, "enum");
      g_assert_cmpuint (g_variant_n_children (nicks), ==, klass->n_values);

      for (guint v = 0; v < klass->n_values; v++)
        {
          g_assert_true (g_settings_set_string (gsettings, keys[k].key, klass->values[v].value_nick));
          g_assert_cmpint (g_settings_get_enum (gsettings, keys[k].key), ==, klass->values[v].value);
        }
    }
}

/* A game's rules name their preset back, the one chosen first when two agree. */
static void
test_preset_find (void)
{
  HeartsRules rules;

  for (guint p = 0; p < HEARTS_PRESET_CUSTOM; p++)
    {
      HeartsRules  preset_rules;
      HeartsPreset found;

      g_assert_true (hearts_preset_get_rules (p, &preset_rules));
      g_assert_cmpint (hearts_preset_find (&preset_rules, p), ==, p);
      found = hearts_preset_find (&preset_rules, HEARTS_PRESET_CUSTOM);
      g_assert_true (hearts_preset_get_rules (found, &rules));
      g_assert_true (hearts_rules_equal (&rules, &preset_rules));
    }

  /* A preferred preset whose rules are not these is not taken. */
  g_assert_true (hearts_preset_get_rules (HEARTS_PRESET_OMNIBUS, &rules));
  g_assert_cmpint (hearts_preset_find (&rules, HEARTS_PRESET_STANDARD), ==, HEARTS_PRESET_OMNIBUS);

  /* No preset has these. */
  g_assert_true (hearts_preset_get_rules (HEARTS_PRESET_STANDARD, &rules));
  g_assert_true (hearts_rules_apply_string (&rules, "end=score:75", NULL));
  g_assert_cmpint (hearts_preset_find (&rules, HEARTS_PRESET_STANDARD), ==, HEARTS_PRESET_CUSTOM);
}

/* Settings whose keyfile folder cannot be made are not writable, and the check
 * says so in a sentence for the player (the keyfile backend gives no other sign). */
static void
test_check_read_only (void)
{
  g_autofree char *dir = g_dir_make_tmp ("hearts-ro-XXXXXX", NULL);
  g_autofree char *blocker = g_build_filename (dir, "blocker", NULL);
  g_autofree char *path = g_build_filename (blocker, "settings", "keyfile", NULL);
  g_autoptr(GSettingsBackend) backend = NULL;
  g_autoptr(GSettings) gsettings = NULL;
  g_autoptr(HeartsSettings) settings = NULL;
  g_autoptr(GError) error = NULL;

  /* A file where the folder should be: not writable even for root. */
  g_assert_true (g_file_set_contents (blocker, "", 0, NULL));
  g_test_expect_message ("GLib-GIO", G_LOG_LEVEL_WARNING, "Failed to create*");
  backend = g_keyfile_settings_backend_new (path, "/", NULL);
  g_test_assert_expected_messages ();
  gsettings = g_settings_new_with_backend (HEARTS_SCHEMA_ID, backend);
  settings = hearts_settings_new (gsettings);
  g_assert_false (hearts_settings_check (settings, &error));
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_READ_ONLY);
  g_assert_false (g_settings_set_string (gsettings, "player-name", "Zed"));

  /* The memory backend is writable: no message. */
  {
    g_autoptr(GSettingsBackend) memory = g_memory_settings_backend_new ();
    g_autoptr(GSettings) writable = g_settings_new_with_backend (HEARTS_SCHEMA_ID, memory);
    g_autoptr(HeartsSettings) ok = hearts_settings_new (writable);

    g_clear_error (&error);
    g_assert_true (hearts_settings_check (ok, &error));
    g_assert_no_error (error);
  }

  g_remove (blocker);
  g_rmdir (dir);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/settings/defaults-are-standard", test_defaults_are_standard);
  g_test_add_func ("/settings/pass-cycle-normalized", test_pass_cycle_normalized);
  g_test_add_func ("/settings/presets-pass-cycles", test_presets_pass_cycles);
  g_test_add_func ("/settings/each-key", test_each_key);
  g_test_add_func ("/settings/end-value-keys", test_end_value_keys);
  g_test_add_func ("/settings/presets", test_presets);
  g_test_add_func ("/settings/preset-key-applies", test_preset_key_applies);
  g_test_add_func ("/settings/change-makes-custom", test_change_makes_custom);
  g_test_add_func ("/settings/changed-while-away", test_changed_while_away);
  g_test_add_func ("/settings/rules-changed-signal", test_rules_changed_signal);
  g_test_add_func ("/settings/set-rules", test_set_rules);
  g_test_add_func ("/settings/seats", test_seats);
  g_test_add_func ("/settings/preset-ids", test_preset_ids);
  g_test_add_func ("/settings/schema-matches", test_schema_matches);
  g_test_add_func ("/settings/enum-types", test_enum_types);
  g_test_add_func ("/settings/preset-find", test_preset_find);
  g_test_add_func ("/settings/check-read-only", test_check_read_only);

  return g_test_run ();
}
