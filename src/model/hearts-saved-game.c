/* hearts-saved-game.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#include "hearts-game-deal.h"
#include "hearts-saved-game.h"
#include "hearts-statistics.h"

#define SAVED_GAME_KEY "saved-game"

struct _HeartsSavedGame
{
  GObject       parent_instance;

  GSettings    *settings;
  HeartsGame   *game;
  HeartsGame   *restored;      /* the game restore() gave, until it is followed */
  HeartsPreset  preset;
  guint         queens;        /* hands of the game in which seat 0 took the Q♠ */
  gint          counted_hand;  /* the last hand whose Q♠ is in @queens, or -1 */
};

G_DEFINE_FINAL_TYPE (HeartsSavedGame, hearts_saved_game, G_TYPE_OBJECT)
G_DEFINE_QUARK (hearts-saved-game-error-quark, hearts_saved_game_error)

enum {
  PROP_0,
  PROP_SETTINGS,
  PROP_GAME,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

/* The model's format version, read off a game it writes, so it is never copied here. */
static guint32
current_version (void)
{
  static gsize version = 0;

  if (g_once_init_enter (&version))
    {
      HeartsRules rules;
      g_autoptr(HeartsGame) game = NULL;
      g_autoptr(GVariant) state = NULL;
      guint32 v = 0;

      hearts_rules_init_default (&rules);
      game = hearts_game_new (&rules, 1);
      state = hearts_game_serialize (game);
      if (!g_variant_lookup (state, "version", "u", &v))
        g_error ("The game's state has no version");
      g_once_init_leave (&version, (gsize) v + 1);
    }
  return (guint32) (version - 1);
}

static gboolean
taken_queen (HeartsGame *game)
{
  return hearts_cards_has (hearts_game_get_deal (game)->taken[0], HEARTS_QUEEN_OF_SPADES);
}

static gboolean
hand_is_scored (HeartsGame *game)
{
  HeartsPhase phase = hearts_game_get_phase (game);

  return phase == HEARTS_PHASE_HAND_OVER || phase == HEARTS_PHASE_GAME_OVER;
}

static HeartsGame *
invalid (GError     **error,
         const char  *why)
{
  g_debug ("Saved game discarded: %s", why);
  g_set_error_literal (error, HEARTS_SAVED_GAME_ERROR, HEARTS_SAVED_GAME_ERROR_INVALID,
                       _("The saved game could not be read, so a new game was started"));
  return NULL;
}

HeartsGame *
hearts_saved_game_from_variant (GVariant      *state,
                                HeartsPreset  *preset,
                                guint         *queens,
                                GError       **error)
{
  g_autoptr(GError) local = NULL;
  g_autoptr(HeartsGame) game = NULL;
  g_autofree char *record = NULL;
  HeartsRecordSummary summary;
  HeartsRules preset_rules;
  const char *preset_id = NULL;
  HeartsPreset p = HEARTS_PRESET_CUSTOM;
  guint32 version, q = 0;
  guint n;

  g_return_val_if_fail (state != NULL, NULL);

  if (!g_variant_is_of_type (state, HEARTS_SAVED_GAME_TYPE))
    return invalid (error, "not a dictionary");
  if (!g_variant_lookup (state, "version", "u", &version))
    return invalid (error, "no version");
  if (version != current_version ())
    {
      g_debug ("Saved game discarded: version %u, we read %u", version, current_version ());
      g_set_error_literal (error, HEARTS_SAVED_GAME_ERROR, HEARTS_SAVED_GAME_ERROR_VERSION,
                           _("The saved game is from another version of Hearts, so a new game was started"));
      return NULL;
    }

  game = hearts_game_deserialize (state, &local);
  if (game == NULL)
    return invalid (error, local->message);
  n = hearts_game_get_n_players (game);

  /* The finished hands and the one on the table, as one record: it must replay
   * move by move to exactly what was loaded. */
  record = hearts_game_get_record (game);
  if (!hearts_record_replay (record, &summary, &local))
    return invalid (error, local->message);
  if (summary.n_hands != hearts_game_get_n_results (game) ||
      summary.game_over != (hearts_game_get_phase (game) == HEARTS_PHASE_GAME_OVER))
    return invalid (error, "the record does not match the phase");
  for (guint s = 0; s < n; s++)
    if (summary.totals[s] != hearts_game_get_total (game, s))
      return invalid (error, "the record does not match the totals");

  /* Our own keys. An unknown preset is not worth losing a game over: its statistics
   * go under "custom". */
  if (g_variant_lookup (state, "preset", "&s", &preset_id) &&
      (!hearts_preset_from_id (preset_id, &p) ||
       (hearts_preset_get_rules (p, &preset_rules) &&
        !hearts_rules_equal (&preset_rules, hearts_game_get_rules (game)))))
    p = HEARTS_PRESET_CUSTOM;

  /* Without a count, the least the game shows: the Q♠ of a hand just scored. */
  if (!g_variant_lookup (state, "queens", "u", &q))
    q = hand_is_scored (game) && taken_queen (game) ? 1 : 0;
  if (q > hearts_game_get_n_results (game))
    return invalid (error, "more Queens of Spades than hands");
  if (hand_is_scored (game) && taken_queen (game) && q == 0)
    return invalid (error, "the Queen of Spades of the last hand is not counted");

  if (preset != NULL)
    *preset = p;
  if (queens != NULL)
    *queens = q;
  return g_steal_pointer (&game);
}

GVariant *
hearts_saved_game_to_variant (HeartsGame   *game,
                              HeartsPreset  preset,
                              guint         queens)
{
  g_autoptr(GVariant) state = NULL;
  GVariantBuilder builder;
  GVariantIter iter;
  const char *key;
  GVariant *value;

  g_return_val_if_fail (HEARTS_IS_GAME (game), NULL);
  g_return_val_if_fail (preset < HEARTS_N_PRESETS, NULL);

  state = hearts_game_serialize (game);
  g_variant_builder_init (&builder, HEARTS_SAVED_GAME_TYPE);
  g_variant_iter_init (&iter, state);
  while (g_variant_iter_next (&iter, "{&sv}", &key, &value))
    {
      if (g_strcmp0 (key, "preset") != 0 && g_strcmp0 (key, "queens") != 0)
        g_variant_builder_add (&builder, "{sv}", key, value);
      g_variant_unref (value);
    }
  g_variant_builder_add (&builder, "{sv}", "preset", g_variant_new_string (hearts_preset_to_id (preset)));
  g_variant_builder_add (&builder, "{sv}", "queens", g_variant_new_uint32 (queens));
  return g_variant_ref_sink (g_variant_builder_end (&builder));
}

/* Following a game */

static GSettings *
new_batch (GSettings *settings)
{
  g_autoptr(GSettingsSchema) schema = NULL;
  g_autoptr(GSettingsBackend) backend = NULL;
  g_autofree char *path = NULL;
  GSettings *batch;

  /* g_settings_delay() cannot be undone, so a second object on the same backend
   * collects the writes that must land together. */
  g_object_get (settings, "settings-schema", &schema, "backend", &backend, "path", &path, NULL);
  batch = g_settings_new_full (schema, backend, path);
  g_settings_delay (batch);
  return batch;
}

/* Counts the finished game and forgets it, in one write: a crash in between
 * neither loses nor doubles a game. */
static void
finish_game (HeartsSavedGame *self,
             HeartsGame      *game,
             HeartsPreset     preset,
             guint            queens)
{
  g_autoptr(GSettings) batch = new_batch (self->settings);

  hearts_statistics_add_game (batch, game, preset, queens, g_get_real_time () / G_USEC_PER_SEC);
  g_settings_reset (batch, SAVED_GAME_KEY);
  g_settings_apply (batch);
}

static void
store (HeartsSavedGame *self)
{
  g_autoptr(GVariant) state = hearts_saved_game_to_variant (self->game, self->preset, self->queens);

  g_settings_set_value (self->settings, SAVED_GAME_KEY, state);
}

static void
on_game_changed_cb (HeartsSavedGame *self,
                    HeartsGame      *game)
{
  gint hand = (gint) hearts_game_get_n_results (game) - 1;

  /* The Q♠ of a hand is counted as it is scored, and saved with it. */
  if (hand_is_scored (game) && hand != self->counted_hand)
    {
      if (taken_queen (game))
        self->queens++;
      self->counted_hand = hand;
    }

  if (hearts_game_get_phase (game) == HEARTS_PHASE_GAME_OVER)
    {
      /* Following stops below, which drops our reference while it is emitting. */
      g_object_ref (game);
      finish_game (self, game, self->preset, self->queens);
      /* Nothing more of it is saved, so it cannot be counted twice. */
      hearts_saved_game_follow (self, NULL, HEARTS_PRESET_CUSTOM);
      g_object_unref (game);
      return;
    }

  store (self);
}

/* GObject */

static void
hearts_saved_game_dispose (GObject *object)
{
  HeartsSavedGame *self = (HeartsSavedGame *)object;

  hearts_saved_game_follow (self, NULL, HEARTS_PRESET_CUSTOM);
  g_clear_object (&self->restored);
  g_clear_object (&self->settings);

  G_OBJECT_CLASS (hearts_saved_game_parent_class)->dispose (object);
}

static void
hearts_saved_game_get_property (GObject    *object,
                                guint       prop_id,
                                GValue     *value,
                                GParamSpec *pspec)
{
  HeartsSavedGame *self = HEARTS_SAVED_GAME (object);

  switch (prop_id)
    {
    case PROP_SETTINGS:
      g_value_set_object (value, self->settings);
      break;
    case PROP_GAME:
      g_value_set_object (value, self->game);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
hearts_saved_game_set_property (GObject      *object,
                                guint         prop_id,
                                const GValue *value,
                                GParamSpec   *pspec)
{
  HeartsSavedGame *self = HEARTS_SAVED_GAME (object);

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
hearts_saved_game_class_init (HeartsSavedGameClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->dispose = hearts_saved_game_dispose;
  object_class->get_property = hearts_saved_game_get_property;
  object_class->set_property = hearts_saved_game_set_property;

  properties[PROP_SETTINGS] =
    g_param_spec_object ("settings", NULL, NULL,
                         G_TYPE_SETTINGS,
                         (G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS));
  /* The game followed; NULL once it is over. */
  properties[PROP_GAME] =
    g_param_spec_object ("game", NULL, NULL,
                         HEARTS_TYPE_GAME,
                         (G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));
  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
hearts_saved_game_init (HeartsSavedGame *self)
{
  self->preset = HEARTS_PRESET_CUSTOM;
  self->counted_hand = -1;
}

/* Public API */

HeartsSavedGame *
hearts_saved_game_new (GSettings *settings)
{
  g_return_val_if_fail (G_IS_SETTINGS (settings), NULL);

  return g_object_new (HEARTS_TYPE_SAVED_GAME, "settings", settings, NULL);
}

HeartsGame *
hearts_saved_game_restore (HeartsSavedGame  *self,
                           GError          **error)
{
  g_autoptr(GVariant) state = NULL;
  g_autoptr(HeartsGame) game = NULL;
  HeartsPreset preset;
  guint queens;

  g_return_val_if_fail (HEARTS_IS_SAVED_GAME (self), NULL);

  state = g_settings_get_value (self->settings, SAVED_GAME_KEY);
  if (g_variant_n_children (state) == 0)
    return NULL;

  game = hearts_saved_game_from_variant (state, &preset, &queens, error);
  if (game == NULL)
    {
      g_settings_reset (self->settings, SAVED_GAME_KEY);
      return NULL;
    }

  /* Saved at its very end, then the program stopped before counting it. */
  if (hearts_game_get_phase (game) == HEARTS_PHASE_GAME_OVER)
    {
      finish_game (self, game, preset, queens);
      return NULL;
    }

  self->preset = preset;
  self->queens = queens;
  self->counted_hand = hand_is_scored (game) ? (gint) hearts_game_get_n_results (game) - 1 : -1;
  g_set_object (&self->restored, game);
  return g_steal_pointer (&game);
}

HeartsPreset
hearts_saved_game_get_preset (HeartsSavedGame *self)
{
  g_return_val_if_fail (HEARTS_IS_SAVED_GAME (self), HEARTS_PRESET_CUSTOM);
  return self->preset;
}

HeartsGame *
hearts_saved_game_get_game (HeartsSavedGame *self)
{
  g_return_val_if_fail (HEARTS_IS_SAVED_GAME (self), NULL);
  return self->game;
}

void
hearts_saved_game_follow (HeartsSavedGame *self,
                          HeartsGame      *game,
                          HeartsPreset     preset)
{
  g_return_if_fail (HEARTS_IS_SAVED_GAME (self));
  g_return_if_fail (game == NULL || HEARTS_IS_GAME (game));
  g_return_if_fail (preset < HEARTS_N_PRESETS);

  if (game == self->game)
    return;

  if (self->game != NULL)
    {
      g_signal_handlers_disconnect_by_func (self->game, on_game_changed_cb, self);
      g_clear_object (&self->game);
    }

  if (game != NULL)
    {
      /* A game restored by us keeps its count; any other starts from nothing. */
      if (game != self->restored)
        {
          self->queens = 0;
          self->counted_hand = hand_is_scored (game) ? (gint) hearts_game_get_n_results (game) - 1 : -1;
        }
      g_clear_object (&self->restored);
      self->preset = preset;
      self->game = g_object_ref (game);
      g_signal_connect_object (game, "changed", G_CALLBACK (on_game_changed_cb), self,
                               G_CONNECT_SWAPPED);
      on_game_changed_cb (self, game);
    }

  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_GAME]);
}

void
hearts_saved_game_clear (HeartsSavedGame *self)
{
  g_return_if_fail (HEARTS_IS_SAVED_GAME (self));

  hearts_saved_game_follow (self, NULL, HEARTS_PRESET_CUSTOM);
  g_settings_reset (self->settings, SAVED_GAME_KEY);
}
