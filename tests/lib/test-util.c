/* test-util.c: the helpers the tests share do what they say
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gstdio.h>

#include "hearts-test-util.h"

/* The subprocess gets the parent's environment. */
static void
trap_with_env (const char *name,
               const char *value)
{
  g_autofree char *saved = g_strdup (g_getenv (name));

  if (value != NULL)
    g_setenv (name, value, TRUE);
  else
    g_unsetenv (name);
  g_test_trap_subprocess (NULL, 0, G_TEST_SUBPROCESS_DEFAULT);
  if (saved != NULL)
    g_setenv (name, saved, TRUE);
  else
    g_unsetenv (name);
}

static void
test_seed_fixed_or_from_environment (void)
{
  if (g_test_subprocess ())
    {
      g_print ("%" G_GUINT64_FORMAT "\n", hearts_test_seed ());
      return;
    }

  trap_with_env ("HEARTS_TEST_SEED", "42");
  g_test_trap_assert_passed ();
  g_test_trap_assert_stdout ("42\n");

  trap_with_env ("HEARTS_TEST_SEED", NULL);
  g_test_trap_assert_passed ();
  g_test_trap_assert_stdout ("20261121\n");

  trap_with_env ("HEARTS_TEST_SEED", "forty-two");
  g_test_trap_assert_failed ();
}

static void
test_random_rules_cover_variants (void)
{
  gboolean  players[HEARTS_MIN_PLAYERS + 3] = { FALSE };
  gboolean  omnibus[2] = { FALSE }, moon[HEARTS_N_MOONS] = { FALSE };
  HeartsRng rng;

  hearts_rng_init (&rng, hearts_test_seed ());
  for (guint i = 0; i < 500; i++)
    {
      HeartsRules rules;

      hearts_test_random_rules (&rules, &rng);
      g_assert_null (hearts_rules_check (&rules));
      players[rules.n_players] = TRUE;
      omnibus[rules.omnibus != 0] = TRUE;
      moon[rules.moon] = TRUE;
    }
  for (guint n = HEARTS_MIN_PLAYERS; n < HEARTS_MIN_PLAYERS + 3; n++)
    g_assert_true (players[n]);
  g_assert_true (omnibus[0] && omnibus[1]);
  for (guint m = 0; m < HEARTS_N_MOONS; m++)
    g_assert_true (moon[m]);
}

static gboolean
is_set (gpointer user_data)
{
  return *(gboolean *) user_data;
}

static gboolean
set_cb (gpointer user_data)
{
  *(gboolean *) user_data = TRUE;
  return G_SOURCE_REMOVE;
}

static void
test_iterate_until (void)
{
  gboolean flag = FALSE;

  /* Something dispatched on the main context makes the condition true ... */
  g_timeout_add (20, set_cb, &flag);
  g_assert_true (hearts_test_iterate_until (is_set, &flag, HEARTS_TEST_TIMEOUT_MS));

  /* ... and a condition that never holds gives up at the deadline. */
  flag = FALSE;
  g_assert_false (hearts_test_iterate_until (is_set, &flag, 50));
  g_assert_false (g_main_context_pending (NULL));
}

typedef struct
{
  GMutex   mutex;
  GCond    cond;
  gboolean released;
  GObject *object;
} Holder;

/* Lets go of the object in the thread only once the test is waiting for it. */
static gpointer
hold_and_drop (gpointer user_data)
{
  Holder *holder = user_data;

  g_mutex_lock (&holder->mutex);
  while (!holder->released)
    g_cond_wait (&holder->cond, &holder->mutex);
  g_mutex_unlock (&holder->mutex);
  g_object_unref (holder->object);
  return NULL;
}

static gboolean
release_cb (gpointer user_data)
{
  Holder *holder = user_data;

  g_mutex_lock (&holder->mutex);
  holder->released = TRUE;
  g_cond_signal (&holder->cond);
  g_mutex_unlock (&holder->mutex);
  return G_SOURCE_REMOVE;
}

static void
test_await_last_reference (void)
{
  GObject *object = g_object_new (G_TYPE_OBJECT, NULL);
  Holder   holder = { .object = g_object_ref (object) };
  GThread *thread;

  g_mutex_init (&holder.mutex);
  g_cond_init (&holder.cond);
  thread = g_thread_new ("holder", hold_and_drop, &holder);

  /* The thread lets go without anything on the main context. */
  g_timeout_add (20, release_cb, &holder);
  g_assert_true (hearts_test_await_last_reference (object, HEARTS_TEST_TIMEOUT_MS));
  g_thread_join (thread);
  g_mutex_clear (&holder.mutex);
  g_cond_clear (&holder.cond);
  g_assert_finalize_object (object);

  /* Somebody else keeps a reference: the wait gives up, the caller's is still there. */
  object = g_object_new (G_TYPE_OBJECT, NULL);
  g_object_ref (object);
  g_assert_false (hearts_test_await_last_reference (object, 50));
  g_object_unref (object);
  g_assert_finalize_object (object);
}

static gboolean
nothing_cb (gpointer user_data)
{
  return G_SOURCE_REMOVE;
}

/* A source queued on the main context and a timeout hold the object: both run out
 * before the object must be finalized. */
static void
test_assert_finalize_object (void)
{
  GObject *object = g_object_new (G_TYPE_OBJECT, NULL);

  g_idle_add_full (G_PRIORITY_DEFAULT_IDLE, nothing_cb, g_object_ref (object), g_object_unref);
  g_timeout_add_full (G_PRIORITY_DEFAULT, 30, nothing_cb, g_object_ref (object), g_object_unref);
  hearts_test_assert_finalize_object (object);
}

static void
test_tmp_dir_and_remove_tree (void)
{
  g_autofree char *dir = hearts_test_make_tmp_dir ("hearts-test-util-XXXXXX");
  g_autofree char *sub = g_build_filename (dir, "a", "b", NULL);
  g_autofree char *file = g_build_filename (sub, "c", NULL);
  g_autoptr(GError) error = NULL;

  g_assert_true (g_file_test (dir, G_FILE_TEST_IS_DIR));
  g_assert_cmpint (g_mkdir_with_parents (sub, 0700), ==, 0);
  g_file_set_contents (file, "c", -1, &error);
  g_assert_no_error (error);

  hearts_test_remove_tree (dir);
  g_assert_false (g_file_test (dir, G_FILE_TEST_EXISTS));
}

static void
test_skip_without_display (void)
{
  if (g_test_subprocess ())
    {
      hearts_test_skip_without_display ();
      g_print ("not skipped\n");
      return;
    }

  g_autofree char *wayland = g_strdup (g_getenv ("WAYLAND_DISPLAY"));

  g_unsetenv ("WAYLAND_DISPLAY");
  trap_with_env ("DISPLAY", NULL);
  g_test_trap_assert_passed ();
  g_test_trap_assert_stdout ("1..0 # SKIP no display\n");

  trap_with_env ("DISPLAY", ":99");
  if (wayland != NULL)
    g_setenv ("WAYLAND_DISPLAY", wayland, TRUE);
  g_test_trap_assert_passed ();
  g_test_trap_assert_stdout ("not skipped\n");
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/test-util/seed", test_seed_fixed_or_from_environment);
  g_test_add_func ("/test-util/random-rules", test_random_rules_cover_variants);
  g_test_add_func ("/test-util/iterate-until", test_iterate_until);
  g_test_add_func ("/test-util/await-last-reference", test_await_last_reference);
  g_test_add_func ("/test-util/assert-finalize-object", test_assert_finalize_object);
  g_test_add_func ("/test-util/tmp-dir", test_tmp_dir_and_remove_tree);
  g_test_add_func ("/test-util/skip-without-display", test_skip_without_display);

  return g_test_run ();
}
