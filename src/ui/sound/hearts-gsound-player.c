/* hearts-gsound-player.c
 *
 * Plays the game's own sound files through GSound, libcanberra underneath, as an
 * "event" sound of the application, so the desktop's sound server mixes and ducks it
 * like any other. The context is made at the first sound, and only where there is
 * something to play on: a PulseAudio (or PipeWire) server, or an ALSA device. Without
 * one (a build machine, CI) nothing is tried, so ALSA's library prints nothing on
 * stderr; a sound that fails is left out quietly.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <gsound.h>

#include "hearts-gsound-player.h"

struct _HeartsGSoundPlayer
{
  GObject parent_instance;

  char          *dir;
  GSoundContext *context;
  gboolean       tried; /* to make the context: once */
};

static void hearts_gsound_player_iface_init (HeartsSoundPlayerInterface *iface);

G_DEFINE_FINAL_TYPE_WITH_CODE (HeartsGSoundPlayer, hearts_gsound_player, G_TYPE_OBJECT, G_IMPLEMENT_INTERFACE (HEARTS_TYPE_SOUND_PLAYER, hearts_gsound_player_iface_init))

/* A sound server's socket (PipeWire serves PulseAudio's too; in the Flatpak sandbox it is
 * there with --socket=pulseaudio), or an ALSA playback device. */
static gboolean
sound_output_present (void)
{
  g_autofree char *socket = g_build_filename (g_get_user_runtime_dir (), "pulse", "native", NULL);
  g_autoptr(GDir) dev = NULL;
  const char *name;

  if (g_getenv ("PULSE_SERVER") != NULL || g_file_test (socket, G_FILE_TEST_EXISTS))
    return TRUE;
  dev = g_dir_open ("/dev/snd", 0, NULL);
  if (dev == NULL)
    return FALSE;
  while ((name = g_dir_read_name (dev)) != NULL)
    if (g_str_has_prefix (name, "pcm") && g_str_has_suffix (name, "p"))
      return TRUE;
  return FALSE;
}

static GSoundContext *
get_context (HeartsGSoundPlayer *self)
{
  g_autoptr(GError) error = NULL;

  if (self->tried)
    return self->context;
  self->tried = TRUE;
  if (!sound_output_present ())
    {
      g_debug ("No sound server or device: the table stays silent");
      return NULL;
    }
  self->context = gsound_context_new (NULL, &error);
  if (self->context == NULL)
    {
      g_debug ("No sound: %s", error->message);
      return NULL;
    }
  gsound_context_set_attributes (self->context, NULL,
                                 GSOUND_ATTR_APPLICATION_ID, APP_ID,
                                 GSOUND_ATTR_APPLICATION_ICON_NAME, APP_ID,
                                 NULL);
  return self->context;
}

static void
played_cb (GObject      *source,
           GAsyncResult *result,
           gpointer      user_data)
{
  g_autoptr(GError) error = NULL;

  if (!gsound_context_play_full_finish (GSOUND_CONTEXT (source), result, &error))
    g_debug ("A sound was not played: %s", error->message);
}

static void
hearts_gsound_player_play (HeartsSoundPlayer *player,
                           HeartsSound        sound)
{
  HeartsGSoundPlayer *self = HEARTS_GSOUND_PLAYER (player);
  GSoundContext      *context = get_context (self);
  g_autofree char    *file = NULL;
  g_autofree char    *path = NULL;
  g_autofree char    *id = NULL;

  if (context == NULL)
    return;
  file = g_strdup_printf ("hearts-%s.wav", hearts_sound_get_name (sound));
  path = g_build_filename (self->dir, file, NULL);
  id = g_strdup_printf ("hearts-%s", hearts_sound_get_name (sound));
  /* The server may keep a sound it has played: the next one starts sooner. */
  gsound_context_play_full (context, NULL, played_cb, NULL,
                            GSOUND_ATTR_EVENT_ID, id,
                            GSOUND_ATTR_MEDIA_FILENAME, path,
                            GSOUND_ATTR_MEDIA_ROLE, "event",
                            GSOUND_ATTR_CANBERRA_CACHE_CONTROL, "permanent",
                            NULL);
}

static void
hearts_gsound_player_iface_init (HeartsSoundPlayerInterface *iface)
{
  iface->play = hearts_gsound_player_play;
}

static void
hearts_gsound_player_finalize (GObject *object)
{
  HeartsGSoundPlayer *self = HEARTS_GSOUND_PLAYER (object);

  g_clear_object (&self->context);
  g_clear_pointer (&self->dir, g_free);

  G_OBJECT_CLASS (hearts_gsound_player_parent_class)->finalize (object);
}

static void
hearts_gsound_player_class_init (HeartsGSoundPlayerClass *klass)
{
  G_OBJECT_CLASS (klass)->finalize = hearts_gsound_player_finalize;
}

static void
hearts_gsound_player_init (HeartsGSoundPlayer *self)
{
}

HeartsSoundPlayer *
hearts_gsound_player_new (const char *dir)
{
  HeartsGSoundPlayer *self = g_object_new (HEARTS_TYPE_GSOUND_PLAYER, NULL);

  if (dir == NULL)
    dir = g_getenv ("HEARTS_SOUNDS_DIR");
  self->dir = g_strdup (dir != NULL ? dir : PKGDATADIR "/sounds");
  return HEARTS_SOUND_PLAYER (self);
}

const char *
hearts_gsound_player_get_dir (HeartsGSoundPlayer *self)
{
  g_return_val_if_fail (HEARTS_IS_GSOUND_PLAYER (self), NULL);
  return self->dir;
}
