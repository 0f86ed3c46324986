/* hearts-test-driver.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gstdio.h>
#include <string.h>

#include "hearts-test-driver.h"

#define WAIT_LIMIT_S 60     /* a hang guard, not a measurement */
#define POLL_US      30000

static void
xdotool (const char *first,
         ...)
{
  g_autoptr(GPtrArray) argv = g_ptr_array_new ();
  g_autoptr(GError) error = NULL;
  int status = 0;
  va_list args;

  g_ptr_array_add (argv, (char *) "xdotool");
  va_start (args, first);
  for (const char *arg = first; arg != NULL; arg = va_arg (args, const char *))
    g_ptr_array_add (argv, (char *) arg);
  va_end (args);
  g_ptr_array_add (argv, NULL);

  g_spawn_sync (NULL, (char **) argv->pdata, NULL, G_SPAWN_SEARCH_PATH, NULL, NULL,
                NULL, NULL, &status, &error);
  g_assert_no_error (error);
  g_assert_true (g_spawn_check_wait_status (status, NULL));
}

static char *
find_window (GSubprocess *process)
{
  const char *pid = g_subprocess_get_identifier (process);

  for (guint i = 0; i < WAIT_LIMIT_S * 1000000 / POLL_US; i++)
    {
      g_autofree char *out = NULL;
      const char *argv[] = { "xdotool", "search", "--onlyvisible", "--pid", pid, NULL };
      int status = 0;

      if (g_spawn_sync (NULL, (char **) argv, NULL, G_SPAWN_SEARCH_PATH | G_SPAWN_STDERR_TO_DEV_NULL,
                        NULL, NULL, &out, NULL, &status, NULL) &&
          g_spawn_check_wait_status (status, NULL) && out != NULL && out[0] != '\0')
        {
          g_auto(GStrv) lines = g_strsplit (g_strstrip (out), "\n", -1);

          return g_strdup (lines[g_strv_length (lines) - 1]);
        }
      g_usleep (POLL_US);
    }
  g_error ("The hearts window never appeared");
  return NULL;
}

HeartsDriver *
hearts_driver_start (const char *seed,
                     const char *rules,
                     gboolean    animations)
{
  HeartsDriver *driver = g_new0 (HeartsDriver, 1);
  g_autoptr(GSubprocessLauncher) launcher = NULL;
  g_autoptr(GPtrArray) argv = g_ptr_array_new ();
  g_autoptr(GError) error = NULL;
  const char *bin = g_getenv ("HEARTS_BIN");

  g_assert_nonnull (bin);

  driver->bus = g_bus_get_sync (G_BUS_TYPE_SESSION, NULL, &error);
  g_assert_no_error (error);

  launcher = g_subprocess_launcher_new (G_SUBPROCESS_FLAGS_NONE);
  /* The test itself runs with fatal warnings; so does the program. */
  g_subprocess_launcher_setenv (launcher, "G_DEBUG", "fatal-warnings", TRUE);
  /* The program publishes what it shows only when asked. */
  g_subprocess_launcher_setenv (launcher, "HEARTS_TEST_STATE", "1", TRUE);
  if (!animations)
    {
      g_autofree char *gtk_dir = NULL;
      g_autofree char *ini = NULL;

      driver->config_dir = g_dir_make_tmp ("hearts-e2e-XXXXXX", &error);
      g_assert_no_error (error);
      gtk_dir = g_build_filename (driver->config_dir, "gtk-4.0", NULL);
      g_mkdir_with_parents (gtk_dir, 0700);
      ini = g_build_filename (gtk_dir, "settings.ini", NULL);
      g_file_set_contents (ini, "[Settings]\ngtk-enable-animations=false\n", -1, &error);
      g_assert_no_error (error);
      g_subprocess_launcher_setenv (launcher, "XDG_CONFIG_HOME", driver->config_dir, TRUE);
    }

  g_ptr_array_add (argv, (char *) bin);
  g_ptr_array_add (argv, (char *) "--seed");
  g_ptr_array_add (argv, (char *) seed);
  if (rules != NULL)
    {
      g_ptr_array_add (argv, (char *) "--rules");
      g_ptr_array_add (argv, (char *) rules);
    }
  g_ptr_array_add (argv, NULL);

  driver->process = g_subprocess_launcher_spawnv (launcher, (const char * const *) argv->pdata, &error);
  g_assert_no_error (error);

  driver->window = find_window (driver->process);
  /* Keyboard focus and a known place on the screen. */
  xdotool ("windowmove", driver->window, "0", "0", NULL);
  xdotool ("windowfocus", "--sync", driver->window, NULL);
  xdotool ("mousemove", "--window", driver->window, "1", "1", NULL);
  /* Input sent before the first frames settle is lost now and then. */
  for (guint i = 0; i < WAIT_LIMIT_S * 1000000 / POLL_US; i++)
    {
      g_autoptr(GVariant) state = hearts_driver_get_state (driver);

      if (state != NULL)
        break;
      g_usleep (POLL_US);
    }
  g_usleep (500000);
  return driver;
}

void
hearts_driver_stop (HeartsDriver *driver)
{
  g_autoptr(GError) error = NULL;

  g_subprocess_send_signal (driver->process, SIGTERM);
  g_subprocess_wait (driver->process, NULL, &error);
  g_assert_no_error (error);
  g_clear_object (&driver->process);
  g_clear_object (&driver->bus);
  if (driver->config_dir != NULL)
    {
      g_autofree char *ini = g_build_filename (driver->config_dir, "gtk-4.0", "settings.ini", NULL);
      g_autofree char *dir = g_build_filename (driver->config_dir, "gtk-4.0", NULL);

      g_unlink (ini);
      g_rmdir (dir);
      g_rmdir (driver->config_dir);
    }
  g_free (driver->config_dir);
  g_free (driver->window);
  g_free (driver);
}

GVariant *
hearts_driver_get_state (HeartsDriver *driver)
{
  g_autoptr(GVariant) reply = NULL;
  g_autoptr(GVariant) states = NULL;
  GVariant *state = NULL;
  gboolean enabled;
  const char *signature;

  reply = g_dbus_connection_call_sync (driver->bus, APP_ID, "/io/github/gtkhearts/Hearts",
                                       "org.gtk.Actions", "Describe", g_variant_new ("(s)", "state"),
                                       G_VARIANT_TYPE ("((bgav))"), G_DBUS_CALL_FLAGS_NONE, 5000,
                                       NULL, NULL);
  if (reply == NULL)
    return NULL;
  g_variant_get (reply, "((b&g@av))", &enabled, &signature, &states);
  if (g_variant_n_children (states) != 1)
    return NULL;
  g_variant_get_child (states, 0, "v", &state);
  if (!g_variant_is_of_type (state, G_VARIANT_TYPE_VARDICT) || g_variant_n_children (state) == 0)
    g_clear_pointer (&state, g_variant_unref);
  return state;
}

GVariant *
hearts_driver_wait (HeartsDriver     *driver,
                    HeartsStateCheck  check,
                    gpointer          data)
{
  g_autoptr(GVariant) last = NULL;

  for (guint i = 0; i < WAIT_LIMIT_S * 1000000 / POLL_US; i++)
    {
      g_autoptr(GVariant) state = NULL;

      g_assert_nonnull (g_subprocess_get_identifier (driver->process));
      state = hearts_driver_get_state (driver);
      if (state != NULL && check (state, data))
        return g_steal_pointer (&state);
      g_clear_pointer (&last, g_variant_unref);
      last = g_steal_pointer (&state);
      g_usleep (POLL_US);
    }
  if (last != NULL)
    {
      g_autofree char *text = g_variant_print (last, FALSE);

      g_test_message ("last state: %s", text);
    }
  hearts_driver_screenshot (driver, "shot-stuck");
  g_error ("The program never reached the state the test waits for");
  return NULL;
}

void
hearts_driver_click (HeartsDriver *driver,
                     int           x,
                     int           y)
{
  g_autofree char *sx = g_strdup_printf ("%d", x);
  g_autofree char *sy = g_strdup_printf ("%d", y);

  xdotool ("mousemove", "--window", driver->window, sx, sy, NULL);
  g_usleep (50000);
  xdotool ("click", "1", NULL);
}

void
hearts_driver_drag (HeartsDriver *driver,
                    int           x1,
                    int           y1,
                    int           x2,
                    int           y2)
{
  const int steps = 12;

  for (int i = 0; i <= steps; i++)
    {
      g_autofree char *sx = g_strdup_printf ("%d", x1 + (x2 - x1) * i / steps);
      g_autofree char *sy = g_strdup_printf ("%d", y1 + (y2 - y1) * i / steps);

      xdotool ("mousemove", "--window", driver->window, sx, sy, NULL);
      if (i == 0)
        xdotool ("mousedown", "1", NULL);
      g_usleep (20000);
    }
  g_usleep (50000);
  if (g_getenv ("HEARTS_DRAG_SHOT"))
    hearts_driver_screenshot (driver, "shot-drag");
  xdotool ("mouseup", "1", NULL);
}

void
hearts_driver_key (HeartsDriver *driver,
                   const char   *key)
{
  /* To the focused window, as a person types: GTK ignores sent events. */
  xdotool ("key", "--clearmodifiers", key, NULL);
}

void
hearts_driver_screenshot (HeartsDriver *driver,
                          const char   *name)
{
  g_autofree char *file = g_strdup_printf ("%s.png", name);
  g_autofree char *path = g_build_filename (g_getenv ("G_TEST_BUILDDIR") ? g_getenv ("G_TEST_BUILDDIR") : ".",
                                            file, NULL);
  const char *argv[] = { "import", "-window", "root", path, NULL };
  g_autoptr(GError) error = NULL;
  g_autofree char *import = g_find_program_in_path ("import");
  int status = 0;

  /* Pictures for people to look at, not something the test checks. */
  if (import == NULL)
    {
      g_test_message ("no screenshot %s: ImageMagick's import is not installed", name);
      return;
    }

  /* Let the last frame reach the X server. */
  g_usleep (300000);
  g_spawn_sync (NULL, (char **) argv, NULL, G_SPAWN_SEARCH_PATH, NULL, NULL, NULL, NULL, &status, &error);
  g_assert_no_error (error);
  g_test_message ("screenshot: %s", path);
}

GVariant *
state_get_table (GVariant *state)
{
  GVariant *table = g_variant_lookup_value (state, "table", G_VARIANT_TYPE_VARDICT);

  g_assert_nonnull (table);
  return table;
}

gboolean
state_get_rect (GVariant   *dict,
                const char *key,
                int        *x,
                int        *y,
                int        *w,
                int        *h)
{
  return g_variant_lookup (dict, key, "(iiii)", x, y, w, h);
}

gboolean
state_get_card_rect (GVariant   *state,
                     const char *card,
                     int        *x,
                     int        *y,
                     int        *w,
                     int        *h)
{
  g_autoptr(GVariant) table = state_get_table (state);
  g_autoptr(GVariantIter) iter = NULL;
  const char *name;
  int rx, ry, rw, rh;

  if (!g_variant_lookup (table, "hand", "a(s(iiii))", &iter))
    return FALSE;
  while (g_variant_iter_next (iter, "(&s(iiii))", &name, &rx, &ry, &rw, &rh))
    if (g_str_equal (name, card))
      {
        *x = rx, *y = ry, *w = rw, *h = rh;
        return TRUE;
      }
  return FALSE;
}

char *
state_get_string (GVariant   *dict,
                  const char *key)
{
  char *value = NULL;

  if (!g_variant_lookup (dict, key, "s", &value))
    return NULL;
  return value;
}

gboolean
state_get_busy (GVariant *state)
{
  g_autoptr(GVariant) table = state_get_table (state);
  gboolean busy = TRUE, moving = TRUE;

  /* Cards on their way somewhere are not where the state says yet. */
  g_variant_lookup (table, "busy", "b", &busy);
  g_variant_lookup (table, "moving", "b", &moving);
  return busy || moving;
}

guint
state_get_hand_size (GVariant *state)
{
  g_autoptr(GVariant) table = state_get_table (state);
  g_autoptr(GVariant) hand = g_variant_lookup_value (table, "hand", G_VARIANT_TYPE ("a(s(iiii))"));

  return hand != NULL ? g_variant_n_children (hand) : 0;
}

char *
state_get_hand_card (GVariant *state,
                     guint     index)
{
  g_autoptr(GVariant) table = state_get_table (state);
  g_autoptr(GVariant) hand = g_variant_lookup_value (table, "hand", G_VARIANT_TYPE ("a(s(iiii))"));
  char *name = NULL;

  g_assert_nonnull (hand);
  g_assert_cmpuint (index, <, g_variant_n_children (hand));
  g_variant_get_child (hand, index, "(s(iiii))", &name, NULL, NULL, NULL, NULL);
  return name;
}

GPtrArray *
state_record_lines (GVariant   *state,
                    const char *prefix)
{
  g_autofree char *record = state_get_string (state, "record");
  g_auto(GStrv) lines = NULL;
  GPtrArray *out = g_ptr_array_new_with_free_func (g_free);

  g_assert_nonnull (record);
  lines = g_strsplit (record, "\n", -1);
  for (guint i = 0; lines[i] != NULL; i++)
    if (g_str_has_prefix (lines[i], prefix))
      g_ptr_array_add (out, g_strdup (lines[i] + strlen (prefix)));
  return out;
}
