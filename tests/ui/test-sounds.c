/* test-sounds.c: the table's sounds follow what it shows
 *
 * A recording HeartsSoundPlayer stands in for GSound: each test checks which sounds the
 * table asks for, and when, as a hand is shown with animations on and off, and that the
 * player's switch and the desktop's event sounds silence them. The whole hand's log
 * (HEARTS_SOUND_LOG=1, or -d) is what a player hears.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "hearts-game-deal.h"
#include "config.h"

#include <adwaita.h>

#include "hearts-gsound-player.h"
#include "hearts-table-sounds.h"
#include "hearts-test-widget.h"
#include "hearts-window.h"

/* A player that writes the sounds down */

typedef struct
{
  HeartsSound sound;
  gint64      frame; /* the table's frame when it was asked for */
  gint64      time_us;
  guint       shown; /* events the table had shown by then */
} Heard;

#define TEST_TYPE_RECORDER (test_recorder_get_type ())
G_DECLARE_FINAL_TYPE (TestRecorder, test_recorder, TEST, RECORDER, GObject)

struct _TestRecorder
{
  GObject parent_instance;

  GtkWidget *table;
  GArray    *heard;
  guint      shown;
};

static void test_recorder_iface_init (HeartsSoundPlayerInterface *iface);

G_DEFINE_FINAL_TYPE_WITH_CODE (TestRecorder, test_recorder, G_TYPE_OBJECT, G_IMPLEMENT_INTERFACE (HEARTS_TYPE_SOUND_PLAYER, test_recorder_iface_init))

static gint64
frame_of (GtkWidget *widget)
{
  GdkFrameClock *clock = gtk_widget_get_frame_clock (widget);

  return clock != NULL ? gdk_frame_clock_get_frame_counter (clock) : -1;
}

static void
test_recorder_play (HeartsSoundPlayer *player,
                    HeartsSound        sound)
{
  TestRecorder *self = TEST_RECORDER (player);
  Heard         heard = { sound, frame_of (self->table), g_get_monotonic_time (), self->shown };

  g_array_append_val (self->heard, heard);
}

static void
test_recorder_iface_init (HeartsSoundPlayerInterface *iface)
{
  iface->play = test_recorder_play;
}

static void
test_recorder_finalize (GObject *object)
{
  g_array_unref (TEST_RECORDER (object)->heard);
  G_OBJECT_CLASS (test_recorder_parent_class)->finalize (object);
}

static void
test_recorder_class_init (TestRecorderClass *klass)
{
  G_OBJECT_CLASS (klass)->finalize = test_recorder_finalize;
}

static void
test_recorder_init (TestRecorder *self)
{
  self->heard = g_array_new (FALSE, FALSE, sizeof (Heard));
}

/* A table showing a game that the test plays, with its sounds */

typedef struct
{
  gint64 frame;
  gint64 time_us;
  gint   sound; /* its own, alone: hearts_table_sounds_for_event() */
  char  *what;
} Shown;

typedef struct
{
  HeartsGame        *game;
  GtkWidget         *window;
  HeartsTable       *table;
  HeartsTableSounds *sounds;
  TestRecorder      *recorder;
  GArray            *shown; /* Shown */
  gboolean           hearts_shown;
  gint64             start_us;
} Fixture;

static void
shown_clear (Shown *shown)
{
  g_free (shown->what);
}

static char *
describe (const HeartsSeatEvent *event)
{
  g_autofree char *card = NULL;

  switch (event->kind)
    {
    case HEARTS_SEAT_EVENT_HAND_STARTED:
      return g_strdup_printf ("hand %u dealt", event->index + 1);
    case HEARTS_SEAT_EVENT_CARDS_PASSED:
      return g_strdup_printf ("seat %u passed", event->seat);
    case HEARTS_SEAT_EVENT_CARD_PLAYED:
      card = hearts_card_get_name (event->card);
      return g_strdup_printf ("seat %u plays the %s", event->seat, card);
    case HEARTS_SEAT_EVENT_TRICK_TAKEN:
      return g_strdup_printf ("seat %u takes trick %u", event->seat, event->index + 1);
    case HEARTS_SEAT_EVENT_HAND_FINISHED:
      return g_strdup_printf ("hand %u scored%s", event->index + 1, event->result.shooter >= 0 ? ", a moon" : "");
    case HEARTS_SEAT_EVENT_GAME_OVER:
      return g_strdup ("game over");
    case HEARTS_SEAT_EVENT_RESET:
    default:
      return g_strdup ("reset");
    }
}

static void
on_event_shown (HeartsTable           *table,
                const HeartsSeatEvent *event,
                Fixture               *f)
{
  Shown shown = { frame_of (GTK_WIDGET (table)), g_get_monotonic_time (),
                  hearts_table_sounds_for_event (event, f->hearts_shown), describe (event) };

  if (event->kind == HEARTS_SEAT_EVENT_HAND_STARTED)
    f->hearts_shown = FALSE;
  else if (event->kind == HEARTS_SEAT_EVENT_CARD_PLAYED && HEARTS_CARD_SUIT (event->card) == HEARTS_SUIT_HEARTS)
    f->hearts_shown = TRUE;
  g_array_append_val (f->shown, shown);
  f->recorder->shown = f->shown->len;
}

static void
fixture_set_up (Fixture    *f,
                const char *rules_text,
                guint64     seed,
                double      speed)
{
  g_autoptr(HeartsCardTheme) theme = hearts_card_theme_new_default ();
  HeartsRules rules;

  hearts_rules_init_default (&rules);
  g_assert_true (hearts_rules_apply_string (&rules, rules_text, NULL));
  f->game = hearts_game_new (&rules, seed);
  f->shown = g_array_new (FALSE, TRUE, sizeof (Shown));
  g_array_set_clear_func (f->shown, (GDestroyNotify) shown_clear);

  f->window = gtk_window_new ();
  gtk_window_set_default_size (GTK_WINDOW (f->window), 1000, 700);
  f->table = HEARTS_TABLE (hearts_table_new ());
  hearts_table_set_card_theme (f->table, theme);
  hearts_table_set_animation_speed (f->table, speed);
  gtk_window_set_child (GTK_WINDOW (f->window), GTK_WIDGET (f->table));
  gtk_window_present (GTK_WINDOW (f->window));

  f->recorder = g_object_new (TEST_TYPE_RECORDER, NULL);
  f->recorder->table = GTK_WIDGET (f->table);
  f->sounds = hearts_table_sounds_new (f->table);
  hearts_table_sounds_set_player (f->sounds, HEARTS_SOUND_PLAYER (f->recorder));
  g_signal_connect (f->table, "event-shown", G_CALLBACK (on_event_shown), f);
  f->start_us = g_get_monotonic_time ();
  hearts_test_table_set_game (f->table, f->game);
}

static void
fixture_tear_down (Fixture *f)
{
  g_signal_handlers_disconnect_by_data (f->table, f);
  hearts_test_assert_finalize_object (f->sounds);
  hearts_test_destroy_window (GTK_WINDOW (f->window));
  hearts_test_assert_finalize_object (f->recorder);
  g_clear_object (&f->game);
  g_array_unref (f->shown);
}

static gboolean
table_still (gpointer user_data)
{
  Fixture *f = user_data;

  return !hearts_table_get_busy (f->table) && !g_main_context_pending (NULL);
}

/* One move: a computer's, or the player's (the three highest cards to pass, the lowest
 * legal card to play); then the table shows it. */
static void
play_move (Fixture *f)
{
  if (hearts_game_computer_to_move (f->game))
    g_assert_true (hearts_game_computer_move (f->game));
  else if (hearts_game_get_phase (f->game) == HEARTS_PHASE_PASSING)
    {
      HeartsCards hand = hearts_game_get_hand (f->game, 0);
      HeartsCards pass = 0;

      for (guint i = 0; i < HEARTS_PASS_SIZE; i++)
        pass |= HEARTS_CARD_BIT (hearts_cards_highest (hand & ~pass));
      g_assert_true (hearts_game_pass (f->game, 0, pass, NULL));
    }
  else
    g_assert_true (hearts_game_play (f->game, 0, hearts_cards_lowest (hearts_game_get_legal (f->game, 0)), NULL));
  g_assert_true (hearts_test_iterate_until (table_still, f, HEARTS_TEST_TIMEOUT_MS));
}

static void
play_hand (Fixture *f)
{
  while (hearts_game_get_phase (f->game) == HEARTS_PHASE_PASSING ||
         hearts_game_get_phase (f->game) == HEARTS_PHASE_PLAYING)
    play_move (f);
}

/* What was heard when, against what the table showed: the log a player would hear. */
static void
print_log (Fixture    *f,
           const char *title)
{
  guint h = 0;

  if (g_getenv ("HEARTS_SOUND_LOG") == NULL && !g_test_verbose ())
    return;
  g_printerr ("# %s\n", title);
  for (guint i = 0; i < f->shown->len; i++)
    {
      Shown *s = &g_array_index (f->shown, Shown, i);

      g_printerr ("# %6.0f ms  frame %4" G_GINT64_FORMAT "  shown: %s\n",
                  (s->time_us - f->start_us) / 1000.0, s->frame, s->what);
      for (; h < f->recorder->heard->len && g_array_index (f->recorder->heard, Heard, h).shown == i + 1; h++)
        {
          Heard *heard = &g_array_index (f->recorder->heard, Heard, h);

          g_printerr ("# %6.0f ms  frame %4" G_GINT64_FORMAT "  heard: %s\n",
                      (heard->time_us - f->start_us) / 1000.0, heard->frame, hearts_sound_get_name (heard->sound));
        }
    }
}

static guint
count_heard (Fixture    *f,
             HeartsSound sound)
{
  guint n = 0;

  for (guint i = 0; i < f->recorder->heard->len; i++)
    n += g_array_index (f->recorder->heard, Heard, i).sound == sound;
  return n;
}

/* Each sound is asked for in the frame that shows its event, as the heaviest of what
 * that frame shows; each event that has a sound is heard, alone or in such a group. */
static void
assert_heard_as_shown (Fixture *f)
{
  guint from = 0;

  g_assert_cmpuint (f->recorder->heard->len, >, 0);
  for (guint h = 0; h < f->recorder->heard->len; h++)
    {
      Heard *heard = &g_array_index (f->recorder->heard, Heard, h);
      Shown *last = &g_array_index (f->shown, Shown, heard->shown - 1);
      gint   loudest = -1;

      /* Not a frame later: not behind the animations. */
      g_assert_cmpint (heard->frame, ==, last->frame);
      for (guint i = from; i < heard->shown; i++)
        {
          Shown *s = &g_array_index (f->shown, Shown, i);

          /* A sound of an earlier frame would have been heard then. */
          if (s->sound >= 0)
            {
              g_assert_cmpint (s->frame, ==, heard->frame);
              if (loudest < 0 || (s->sound == HEARTS_SOUND_MOON) ||
                  (s->sound == HEARTS_SOUND_QUEEN_OF_SPADES && loudest != HEARTS_SOUND_MOON) ||
                  (s->sound == HEARTS_SOUND_HEARTS_BROKEN && loudest != HEARTS_SOUND_MOON &&
                   loudest != HEARTS_SOUND_QUEEN_OF_SPADES) ||
                  (s->sound == HEARTS_SOUND_TRICK_TAKEN && loudest == HEARTS_SOUND_CARD_PLAY))
                loudest = s->sound;
            }
        }
      g_assert_cmpint (heard->sound, ==, loudest);
      from = heard->shown;
    }
  /* Nothing with a sound after the last one heard. */
  for (guint i = from; i < f->shown->len; i++)
    g_assert_cmpint (g_array_index (f->shown, Shown, i).sound, <, 0);
}

/* The table's sound for each kind of event. */
static void
test_sound_for_event (void)
{
  HeartsSeatEvent event = { 0 };

  event.kind = HEARTS_SEAT_EVENT_HAND_STARTED;
  g_assert_cmpint (hearts_table_sounds_for_event (&event, FALSE), ==, HEARTS_SOUND_CARD_DEAL);
  event.kind = HEARTS_SEAT_EVENT_CARDS_PASSED;
  g_assert_cmpint (hearts_table_sounds_for_event (&event, FALSE), ==, -1);
  event.kind = HEARTS_SEAT_EVENT_CARD_PLAYED;
  event.card = HEARTS_CARD (HEARTS_SUIT_CLUBS, 2);
  g_assert_cmpint (hearts_table_sounds_for_event (&event, FALSE), ==, HEARTS_SOUND_CARD_PLAY);
  event.card = HEARTS_CARD (HEARTS_SUIT_HEARTS, 5);
  g_assert_cmpint (hearts_table_sounds_for_event (&event, FALSE), ==, HEARTS_SOUND_HEARTS_BROKEN);
  g_assert_cmpint (hearts_table_sounds_for_event (&event, TRUE), ==, HEARTS_SOUND_CARD_PLAY);
  event.card = HEARTS_QUEEN_OF_SPADES;
  g_assert_cmpint (hearts_table_sounds_for_event (&event, TRUE), ==, HEARTS_SOUND_QUEEN_OF_SPADES);
  event.kind = HEARTS_SEAT_EVENT_TRICK_TAKEN;
  g_assert_cmpint (hearts_table_sounds_for_event (&event, TRUE), ==, HEARTS_SOUND_TRICK_TAKEN);
  event.kind = HEARTS_SEAT_EVENT_HAND_FINISHED;
  event.result.shooter = -1;
  g_assert_cmpint (hearts_table_sounds_for_event (&event, TRUE), ==, -1);
  event.result.shooter = 2;
  g_assert_cmpint (hearts_table_sounds_for_event (&event, TRUE), ==, HEARTS_SOUND_MOON);
  event.kind = HEARTS_SEAT_EVENT_GAME_OVER;
  g_assert_cmpint (hearts_table_sounds_for_event (&event, TRUE), ==, -1);
  event.kind = HEARTS_SEAT_EVENT_RESET;
  g_assert_cmpint (hearts_table_sounds_for_event (&event, TRUE), ==, -1);

  for (guint s = 0; s < HEARTS_N_SOUNDS; s++)
    {
      g_autofree char *file = g_strdup_printf ("hearts-%s.wav", hearts_sound_get_name (s));
      g_autofree char *path = g_build_filename (g_getenv ("HEARTS_SOUNDS_DIR"), file, NULL);

      g_assert_true (g_file_test (path, G_FILE_TEST_IS_REGULAR));
    }
}

/* With animations on, every play and every trick is heard as its card starts to fly
 * or its winner is ringed: one sound each, in the frame that shows it. */
static void
test_hand_animated (void)
{
  Fixture f = { 0 };
  guint   played;

  fixture_set_up (&f, "players=4", hearts_test_seed (), 1);
  play_hand (&f);
  /* The next hand is dealt: heard as the table shows it. */
  hearts_game_next_hand (f.game);
  g_assert_true (hearts_test_iterate_until (table_still, &f, HEARTS_TEST_TIMEOUT_MS));
  print_log (&f, "A hand with animations on");

  assert_heard_as_shown (&f);
  played = count_heard (&f, HEARTS_SOUND_CARD_PLAY) + count_heard (&f, HEARTS_SOUND_HEARTS_BROKEN) +
           count_heard (&f, HEARTS_SOUND_QUEEN_OF_SPADES);
  /* Nothing shown at once: a sound for each card and each trick, a moon if there was one. */
  g_assert_cmpuint (played, ==, 52);
  g_assert_cmpuint (count_heard (&f, HEARTS_SOUND_TRICK_TAKEN), ==, 13);
  g_assert_cmpuint (count_heard (&f, HEARTS_SOUND_QUEEN_OF_SPADES), ==, 1);
  g_assert_cmpuint (count_heard (&f, HEARTS_SOUND_HEARTS_BROKEN), ==, 1);
  g_assert_cmpuint (count_heard (&f, HEARTS_SOUND_CARD_DEAL), ==, 1);
  g_assert_cmpuint (g_array_index (f.recorder->heard, Heard, f.recorder->heard->len - 1).sound, ==,
                    HEARTS_SOUND_CARD_DEAL);
  fixture_tear_down (&f);
}

/* With animations off, what shows at once sounds once: the heaviest of it. */
static void
test_hand_still (void)
{
  Fixture f = { 0 };

  fixture_set_up (&f, "players=5", hearts_test_seed () + 1, 0);
  play_hand (&f);
  hearts_game_next_hand (f.game);
  g_assert_true (hearts_test_iterate_until (table_still, &f, HEARTS_TEST_TIMEOUT_MS));
  print_log (&f, "A hand with animations off");

  assert_heard_as_shown (&f);
  g_assert_cmpuint (count_heard (&f, HEARTS_SOUND_QUEEN_OF_SPADES), ==, 1);
  g_assert_cmpuint (count_heard (&f, HEARTS_SOUND_CARD_DEAL), ==, 1);
  g_assert_cmpuint (f.recorder->heard->len, >=, 10);
  fixture_tear_down (&f);
}

/* The switch silences the table, and so do the desktop's event sounds. */
static void
test_silenced (void)
{
  Fixture      f = { 0 };
  GtkSettings *settings;

  fixture_set_up (&f, "players=4", hearts_test_seed () + 2, 0);
  g_assert_true (hearts_test_iterate_until (table_still, &f, HEARTS_TEST_TIMEOUT_MS));
  settings = gtk_widget_get_settings (GTK_WIDGET (f.table));

  hearts_table_sounds_set_enabled (f.sounds, FALSE);
  for (guint i = 0; i < 12; i++)
    play_move (&f);
  g_assert_cmpuint (f.shown->len, >, 4);
  g_assert_cmpuint (f.recorder->heard->len, ==, 0);

  hearts_table_sounds_set_enabled (f.sounds, TRUE);
  g_object_set (settings, "gtk-enable-event-sounds", FALSE, NULL);
  for (guint i = 0; i < 4; i++)
    play_move (&f);
  g_assert_cmpuint (f.recorder->heard->len, ==, 0);

  g_object_set (settings, "gtk-enable-event-sounds", TRUE, NULL);
  play_move (&f);
  g_assert_cmpuint (f.recorder->heard->len, ==, 1);
  fixture_tear_down (&f);
}

/* The window binds the switch to the "sounds" key. */
static void
test_window_key (void)
{
  HeartsWindow      *window = g_object_new (HEARTS_TYPE_WINDOW, NULL);
  GSettings         *settings = hearts_settings_get_settings (hearts_window_get_settings (window));
  HeartsTableSounds *sounds = hearts_window_get_sounds (window);

  g_assert_true (hearts_table_sounds_get_table (sounds) == hearts_window_get_table (window));
  g_assert_true (g_settings_get_boolean (settings, "sounds"));
  g_assert_true (hearts_table_sounds_get_enabled (sounds));
  g_settings_set_boolean (settings, "sounds", FALSE);
  g_assert_false (hearts_table_sounds_get_enabled (sounds));
  g_settings_reset (settings, "sounds");
  g_assert_true (hearts_table_sounds_get_enabled (sounds));
  /* Without a test's player, GSound's, from the sounds' folder. */
  g_assert_true (HEARTS_IS_GSOUND_PLAYER (hearts_table_sounds_get_player (sounds)));
  hearts_test_destroy_window (GTK_WINDOW (window));
}

/* Without a sound device (as here) GSound's player says nothing and fails nothing. */
static void
test_gsound_quiet (void)
{
  g_autoptr(HeartsSoundPlayer) player = hearts_gsound_player_new (NULL);

  g_assert_cmpstr (hearts_gsound_player_get_dir (HEARTS_GSOUND_PLAYER (player)), ==, g_getenv ("HEARTS_SOUNDS_DIR"));
  for (guint s = 0; s < HEARTS_N_SOUNDS; s++)
    hearts_sound_player_play (player, s);
  while (g_main_context_iteration (NULL, FALSE))
    ;
}

int
main (int   argc,
      char *argv[])
{
  hearts_test_init_widgets (&argc, &argv);

  g_test_add_func ("/ui/sounds/for-event", test_sound_for_event);
  g_test_add_func ("/ui/sounds/hand-animated", test_hand_animated);
  g_test_add_func ("/ui/sounds/hand-still", test_hand_still);
  g_test_add_func ("/ui/sounds/silenced", test_silenced);
  g_test_add_func ("/ui/sounds/window-key", test_window_key);
  g_test_add_func ("/ui/sounds/gsound-quiet", test_gsound_quiet);
  return g_test_run ();
}
