/* hearts-table-sounds.c
 *
 * The table's sounds follow what it shows, not the game: each is asked for as the
 * table's event queue shows its event (HeartsTable::event-shown), so a card sounds as
 * it starts to fly and a trick as its winner is ringed, with animations on or off.
 * What is shown in one go (with animations off, a trick's last card, the trick taken
 * and the hand's end) makes one sound, the one that tells most: a moon over the Queen
 * of Spades, over hearts broken, over a trick, over a deal, over a card.
 *
 * Silence: the player's switch (the "sounds" key, bound to "enabled"), and the
 * desktop's: GtkSettings:gtk-enable-event-sounds, which GTK takes from
 * org.gnome.desktop.sound's event-sounds (through XSettings on X11, the settings
 * portal in a sandbox, GSettings on Wayland). Nothing is asked of the player then.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include "hearts-gsound-player.h"
#include "hearts-table-sounds.h"

struct _HeartsTableSounds
{
  GObject parent_instance;

  HeartsTable       *table; /* weak */
  HeartsSoundPlayer *player;
  gboolean           enabled;
  gboolean           hearts_shown; /* a heart was shown this hand */
  gint               pending;      /* the sound to play at the next idle, or -1 */
  guint              idle_id;
};

G_DEFINE_FINAL_TYPE (HeartsTableSounds, hearts_table_sounds, G_TYPE_OBJECT)

enum
{
  PROP_0,
  PROP_TABLE,
  PROP_ENABLED,
  PROP_PLAYER,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

/* Which of two sounds at once tells more. */
static guint
weight (HeartsSound sound)
{
  switch (sound)
    {
    case HEARTS_SOUND_MOON:
      return 6;
    case HEARTS_SOUND_QUEEN_OF_SPADES:
      return 5;
    case HEARTS_SOUND_HEARTS_BROKEN:
      return 4;
    case HEARTS_SOUND_TRICK_TAKEN:
      return 3;
    case HEARTS_SOUND_CARD_DEAL:
      return 2;
    case HEARTS_SOUND_CARD_PLAY:
    case HEARTS_N_SOUNDS:
    default:
      return 1;
    }
}

static gboolean
desktop_allows (HeartsTableSounds *self)
{
  GtkSettings *settings = self->table != NULL ? gtk_widget_get_settings (GTK_WIDGET (self->table))
                                              : gtk_settings_get_default ();
  gboolean     allowed = TRUE;

  if (settings != NULL)
    g_object_get (settings, "gtk-enable-event-sounds", &allowed, NULL);
  return allowed;
}

static gboolean
play_pending_cb (gpointer user_data)
{
  HeartsTableSounds *self = user_data;
  gint               sound = self->pending;

  self->idle_id = 0;
  self->pending = -1;
  /* Asked again now: the switch may have moved meanwhile. */
  if (sound >= 0 && self->enabled && desktop_allows (self))
    hearts_sound_player_play (hearts_table_sounds_get_player (self), sound);
  return G_SOURCE_REMOVE;
}

static void
on_event_shown_cb (HeartsTableSounds     *self,
                   const HeartsSeatEvent *event)
{
  gint sound = hearts_table_sounds_for_event (event, self->hearts_shown);

  if (event->kind == HEARTS_SEAT_EVENT_HAND_STARTED)
    self->hearts_shown = FALSE;
  else if (event->kind == HEARTS_SEAT_EVENT_RESET)
    self->hearts_shown = hearts_seat_state_get_hearts_broken (event->state);
  else if (event->kind == HEARTS_SEAT_EVENT_CARD_PLAYED && HEARTS_CARD_SUIT (event->card) == HEARTS_SUIT_HEARTS)
    self->hearts_shown = TRUE;

  if (sound < 0 || !self->enabled)
    return;
  if (self->pending < 0 || weight (sound) > weight (self->pending))
    self->pending = sound;
  /* Before the next frame draws what sounds. */
  if (self->idle_id == 0)
    self->idle_id = g_idle_add_full (G_PRIORITY_HIGH_IDLE, play_pending_cb, self, NULL);
}

static void
on_seat_view_cb (HeartsTableSounds *self)
{
  HeartsSeatView *view = self->table != NULL ? hearts_table_get_seat_view (self->table) : NULL;

  self->hearts_shown = view != NULL && hearts_seat_view_get_hearts_broken (view);
}

static void
hearts_table_sounds_dispose (GObject *object)
{
  HeartsTableSounds *self = HEARTS_TABLE_SOUNDS (object);

  hearts_table_sounds_set_table (self, NULL);
  g_clear_handle_id (&self->idle_id, g_source_remove);
  g_clear_object (&self->player);

  G_OBJECT_CLASS (hearts_table_sounds_parent_class)->dispose (object);
}

static void
hearts_table_sounds_get_property (GObject    *object,
                                  guint       prop_id,
                                  GValue     *value,
                                  GParamSpec *pspec)
{
  HeartsTableSounds *self = HEARTS_TABLE_SOUNDS (object);

  switch (prop_id)
    {
    case PROP_TABLE:
      g_value_set_object (value, self->table);
      break;
    case PROP_ENABLED:
      g_value_set_boolean (value, self->enabled);
      break;
    case PROP_PLAYER:
      g_value_set_object (value, hearts_table_sounds_get_player (self));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
hearts_table_sounds_set_property (GObject      *object,
                                  guint         prop_id,
                                  const GValue *value,
                                  GParamSpec   *pspec)
{
  HeartsTableSounds *self = HEARTS_TABLE_SOUNDS (object);

  switch (prop_id)
    {
    case PROP_TABLE:
      hearts_table_sounds_set_table (self, g_value_get_object (value));
      break;
    case PROP_ENABLED:
      hearts_table_sounds_set_enabled (self, g_value_get_boolean (value));
      break;
    case PROP_PLAYER:
      hearts_table_sounds_set_player (self, g_value_get_object (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
hearts_table_sounds_class_init (HeartsTableSoundsClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->dispose = hearts_table_sounds_dispose;
  object_class->get_property = hearts_table_sounds_get_property;
  object_class->set_property = hearts_table_sounds_set_property;

  properties[PROP_TABLE] =
    g_param_spec_object ("table", NULL, NULL, HEARTS_TYPE_TABLE,
                         (G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));
  properties[PROP_ENABLED] =
    g_param_spec_boolean ("enabled", NULL, NULL, TRUE,
                          (G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));
  properties[PROP_PLAYER] =
    g_param_spec_object ("player", NULL, NULL, HEARTS_TYPE_SOUND_PLAYER,
                         (G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));
  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
hearts_table_sounds_init (HeartsTableSounds *self)
{
  self->enabled = TRUE;
  self->pending = -1;
}

HeartsTableSounds *
hearts_table_sounds_new (HeartsTable *table)
{
  g_return_val_if_fail (table == NULL || HEARTS_IS_TABLE (table), NULL);

  return g_object_new (HEARTS_TYPE_TABLE_SOUNDS, "table", table, NULL);
}

HeartsTable *
hearts_table_sounds_get_table (HeartsTableSounds *self)
{
  g_return_val_if_fail (HEARTS_IS_TABLE_SOUNDS (self), NULL);
  return self->table;
}

void
hearts_table_sounds_set_table (HeartsTableSounds *self,
                               HeartsTable       *table)
{
  g_return_if_fail (HEARTS_IS_TABLE_SOUNDS (self));
  g_return_if_fail (table == NULL || HEARTS_IS_TABLE (table));

  if (self->table == table)
    return;
  if (self->table != NULL)
    g_signal_handlers_disconnect_by_data (self->table, self);
  g_set_weak_pointer (&self->table, table);
  if (table != NULL)
    {
      g_signal_connect_swapped (table, "event-shown", G_CALLBACK (on_event_shown_cb), self);
      g_signal_connect_swapped (table, "notify::seat-view", G_CALLBACK (on_seat_view_cb), self);
    }
  on_seat_view_cb (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_TABLE]);
}

gboolean
hearts_table_sounds_get_enabled (HeartsTableSounds *self)
{
  g_return_val_if_fail (HEARTS_IS_TABLE_SOUNDS (self), FALSE);
  return self->enabled;
}

void
hearts_table_sounds_set_enabled (HeartsTableSounds *self,
                                 gboolean           enabled)
{
  g_return_if_fail (HEARTS_IS_TABLE_SOUNDS (self));

  enabled = !!enabled;
  if (self->enabled == enabled)
    return;
  self->enabled = enabled;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_ENABLED]);
}

HeartsSoundPlayer *
hearts_table_sounds_get_player (HeartsTableSounds *self)
{
  g_return_val_if_fail (HEARTS_IS_TABLE_SOUNDS (self), NULL);

  /* Made when first needed: a silent table loads no sound library's state. */
  if (self->player == NULL)
    self->player = hearts_gsound_player_new (NULL);
  return self->player;
}

void
hearts_table_sounds_set_player (HeartsTableSounds *self,
                                HeartsSoundPlayer *player)
{
  g_return_if_fail (HEARTS_IS_TABLE_SOUNDS (self));
  g_return_if_fail (player == NULL || HEARTS_IS_SOUND_PLAYER (player));

  if (self->player == player)
    return;
  g_set_object (&self->player, player);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_PLAYER]);
}

gint
hearts_table_sounds_for_event (const HeartsSeatEvent *event,
                               gboolean               hearts_shown)
{
  g_return_val_if_fail (event != NULL, -1);

  switch (event->kind)
    {
    case HEARTS_SEAT_EVENT_HAND_STARTED:
      return HEARTS_SOUND_CARD_DEAL;
    case HEARTS_SEAT_EVENT_CARD_PLAYED:
      if (event->card == HEARTS_QUEEN_OF_SPADES)
        return HEARTS_SOUND_QUEEN_OF_SPADES;
      if (HEARTS_CARD_SUIT (event->card) == HEARTS_SUIT_HEARTS && !hearts_shown)
        return HEARTS_SOUND_HEARTS_BROKEN;
      return HEARTS_SOUND_CARD_PLAY;
    case HEARTS_SEAT_EVENT_TRICK_TAKEN:
      return HEARTS_SOUND_TRICK_TAKEN;
    case HEARTS_SEAT_EVENT_HAND_FINISHED:
      return event->result.shooter >= 0 ? HEARTS_SOUND_MOON : -1;
    case HEARTS_SEAT_EVENT_RESET:
    case HEARTS_SEAT_EVENT_CARDS_PASSED:
    case HEARTS_SEAT_EVENT_GAME_OVER:
    default:
      return -1;
    }
}
