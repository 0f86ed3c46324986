/* hearts-test-driver.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The program publishes what it shows as the state of its "state" action. The
 * driver follows it through org.gtk.Actions' Changed signal on the session bus
 * and sleeps in the main context between changes, never in a polling loop.
 */
#include "config.h"

#include <glib/gstdio.h>
#include <string.h>

#include "hearts-test-driver.h"
#include "hearts-test-util.h"

#define WAIT_LIMIT_MS 60000 /* a hang guard, not a measurement */
#define OBJECT_PATH   "/io/github/gtkhearts/Hearts"

static void
xdotool (const char *first,
         ...)
{
  g_autoptr(GPtrArray) argv = g_ptr_array_new ();
  g_autoptr(GError) error = NULL;
  int     status = 0;
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

static gboolean
never (gpointer user_data)
{
  return FALSE;
}

/* A pause for X input to take effect where the program publishes nothing that says
 * it has: spent in the main context, so the bus's signals are still read. */
static void
settle (guint ms)
{
  hearts_test_iterate_until (never, NULL, ms);
}

static void
on_actions_changed (GDBusConnection *bus,
                    const char      *sender,
                    const char      *path,
                    const char      *interface,
                    const char      *signal,
                    GVariant        *parameters,
                    gpointer         user_data)
{
  HeartsDriver *driver = user_data;
  g_autoptr(GVariant) states = NULL;
  g_autoptr(GVariant) state = NULL;

  if (!g_variant_is_of_type (parameters, G_VARIANT_TYPE ("(asa{sb}a{sv}a{s(bgav)})")))
    return;
  states = g_variant_get_child_value (parameters, 2);
  state = g_variant_lookup_value (states, "state", G_VARIANT_TYPE_VARDICT);
  if (state == NULL || g_variant_n_children (state) == 0)
    return;
  g_clear_pointer (&driver->state, g_variant_unref);
  driver->state = g_steal_pointer (&state);
  driver->n_changes++;
}

static void
on_exited (GObject      *source,
           GAsyncResult *result,
           gpointer      user_data)
{
  HeartsDriver *driver = user_data;

  g_subprocess_wait_finish (G_SUBPROCESS (source), result, NULL);
  driver->exited = TRUE;
}

static gboolean
has_exited (gpointer user_data)
{
  HeartsDriver *driver = user_data;

  return driver->exited;
}

typedef struct
{
  HeartsDriver *driver;
  gboolean      done;
  char         *out;
} Search;

static void
on_searched (GObject      *source,
             GAsyncResult *result,
             gpointer      user_data)
{
  Search *search = user_data;

  g_subprocess_communicate_utf8_finish (G_SUBPROCESS (source), result, &search->out, NULL, NULL);
  search->done = TRUE;
}

static gboolean
search_over (gpointer user_data)
{
  Search *search = user_data;

  return search->done || search->driver->exited;
}

/* xdotool itself waits (--sync) until the program maps a window: the one called @title,
 * or else the program's. */
static char *
find_window (HeartsDriver *driver,
             const char   *title)
{
  const char *pid = g_subprocess_get_identifier (driver->process);
  g_autoptr(GSubprocess) xdotool_search = NULL;
  g_autoptr(GError) error = NULL;
  g_auto(GStrv) lines = NULL;
  Search search = { driver, FALSE, NULL };

  g_assert_nonnull (pid);
  xdotool_search = g_subprocess_new (G_SUBPROCESS_FLAGS_STDOUT_PIPE | G_SUBPROCESS_FLAGS_STDERR_SILENCE, &error,
                                     "xdotool", "search", "--sync", "--onlyvisible",
                                     title != NULL ? "--name" : "--pid", title != NULL ? title : pid, NULL);
  g_assert_no_error (error);
  g_subprocess_communicate_utf8_async (xdotool_search, NULL, NULL, on_searched, &search);
  hearts_test_iterate_until (search_over, &search, WAIT_LIMIT_MS);
  if (!search.done)
    {
      /* The search must end before @search goes. */
      g_subprocess_force_exit (xdotool_search);
      while (!search.done)
        g_main_context_iteration (NULL, TRUE);
      g_error (driver->exited ? "The program exited before its window appeared"
                              : "The hearts window never appeared");
    }
  g_assert_nonnull (search.out);
  lines = g_strsplit (g_strstrip (search.out), "\n", -1);
  g_free (search.out);
  g_assert_cmpstr (lines[0], !=, "");
  return g_strdup (lines[g_strv_length (lines) - 1]);
}

static gboolean
settled (GVariant *state,
         gpointer  data)
{
  return !state_get_busy (state);
}

HeartsDriver *
hearts_driver_start (const char *seed,
                     const char *rules,
                     gboolean    animations)
{
  return hearts_driver_start_with_settings (seed, rules, animations, NULL);
}

HeartsDriver *
hearts_driver_start_with_settings (const char *seed,
                                   const char *rules,
                                   gboolean    animations,
                                   const char *settings)
{
  HeartsDriver *driver = g_new0 (HeartsDriver, 1);
  g_autoptr(GSubprocessLauncher) launcher = NULL;
  g_autoptr(GPtrArray) argv = g_ptr_array_new ();
  g_autoptr(GError) error = NULL;
  const char *bin = g_getenv ("HEARTS_BIN");

  g_assert_nonnull (bin);

  driver->bus = g_bus_get_sync (G_BUS_TYPE_SESSION, NULL, &error);
  g_assert_no_error (error);
  /* Before the program starts, so that no change is missed. The bus is the test's
   * own (dbus-run-session): whoever sends on this path is the program. */
  driver->changed_id = g_dbus_connection_signal_subscribe (driver->bus, NULL, "org.gtk.Actions", "Changed",
                                                           OBJECT_PATH, NULL, G_DBUS_SIGNAL_FLAGS_NONE,
                                                           on_actions_changed, driver, NULL);
  launcher = g_subprocess_launcher_new (G_SUBPROCESS_FLAGS_NONE);
  /* The test itself runs with fatal warnings; so does the program. */
  g_subprocess_launcher_setenv (launcher, "G_DEBUG", "fatal-warnings", TRUE);
  /* The program publishes what it shows only with the tests' module: HEARTS_TEST_MODULE,
   * from the test's environment. */
  g_assert_nonnull (g_getenv ("HEARTS_TEST_MODULE"));
  if (!animations || settings != NULL)
    {
      driver->config_dir = g_dir_make_tmp ("hearts-e2e-XXXXXX", &error);
      g_assert_no_error (error);
      g_subprocess_launcher_setenv (launcher, "XDG_CONFIG_HOME", driver->config_dir, TRUE);
    }
  if (!animations)
    {
      g_autofree char *gtk_dir = NULL;
      g_autofree char *ini = NULL;

      gtk_dir = g_build_filename (driver->config_dir, "gtk-4.0", NULL);
      g_mkdir_with_parents (gtk_dir, 0700);
      ini = g_build_filename (gtk_dir, "settings.ini", NULL);
      g_file_set_contents (ini, "[Settings]\ngtk-enable-animations=false\n", -1, &error);
      g_assert_no_error (error);
    }
  /* The program's own settings from a key file of the test's, not the memory backend. */
  if (settings != NULL)
    {
      g_autofree char *dir = g_build_filename (driver->config_dir, "glib-2.0", "settings", NULL);
      g_autofree char *file = g_build_filename (dir, "keyfile", NULL);
      g_autofree char *text = g_strdup_printf ("[io/github/gtkhearts/Hearts]\n%s\n", settings);

      g_mkdir_with_parents (dir, 0700);
      g_file_set_contents (file, text, -1, &error);
      g_assert_no_error (error);
      g_subprocess_launcher_setenv (launcher, "GSETTINGS_BACKEND", "keyfile", TRUE);
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

  g_subprocess_wait_async (driver->process, NULL, on_exited, driver);

  driver->window = find_window (driver, g_getenv ("HEARTS_WINDOW_NAME"));
  /* Keyboard focus and a known place on the screen. */
  xdotool ("windowmove", driver->window, "0", "0", NULL);
  xdotool ("windowfocus", "--sync", driver->window, NULL);
  xdotool ("mousemove", "--window", driver->window, "1", "1", NULL);
  g_variant_unref (hearts_driver_wait (driver, settled, NULL));
  /* Input sent before the first frames settle is lost now and then. */
  settle (500);
  return driver;
}

void
hearts_driver_stop (HeartsDriver *driver)
{
  g_subprocess_send_signal (driver->process, SIGTERM);
  g_assert_true (hearts_test_iterate_until (has_exited, driver, WAIT_LIMIT_MS));
  g_dbus_connection_signal_unsubscribe (driver->bus, driver->changed_id);
  g_clear_object (&driver->process);
  g_clear_object (&driver->bus);
  g_clear_pointer (&driver->state, g_variant_unref);
  if (driver->config_dir != NULL)
    hearts_test_remove_tree (driver->config_dir);
  g_free (driver->config_dir);
  g_free (driver->window);
  g_free (driver);
}

GVariant *
hearts_driver_get_state (HeartsDriver *driver)
{
  g_autoptr(GVariant) reply = NULL;
  g_autoptr(GVariant) states = NULL;
  GVariant   *state = NULL;
  gboolean    enabled;
  const char *signature;

  reply = g_dbus_connection_call_sync (driver->bus, APP_ID, OBJECT_PATH,
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

typedef struct
{
  HeartsDriver *driver;
  guint         n_changes;
} Changes;

static gboolean
changed_or_exited (gpointer user_data)
{
  Changes *changes = user_data;

  return changes->driver->n_changes != changes->n_changes || changes->driver->exited;
}

GVariant *
hearts_driver_wait (HeartsDriver    *driver,
                    HeartsStateCheck check,
                    gpointer         data)
{
  /* What the program shows now; then each state it publishes, in order. */
  g_autoptr(GVariant) state = hearts_driver_get_state (driver);
  gint64 deadline = g_get_monotonic_time () + WAIT_LIMIT_MS * G_TIME_SPAN_MILLISECOND;

  for (;;)
    {
      Changes changes = { driver, driver->n_changes };
      gint64  left;

      if (state != NULL && check (state, data))
        return g_steal_pointer (&state);
      left = deadline - g_get_monotonic_time ();
      if (left <= 0 ||
          !hearts_test_iterate_until (changed_or_exited, &changes, left / G_TIME_SPAN_MILLISECOND + 1))
        break;
      if (driver->exited)
        g_error ("The program exited while the test waited for it");
      g_clear_pointer (&state, g_variant_unref);
      state = g_variant_ref (driver->state);
    }
  if (state != NULL)
    {
      g_autofree char *text = g_variant_print (state, FALSE);

      g_test_message ("last state: %s", text);
    }
  hearts_driver_screenshot (driver, "shot-stuck");
  g_error ("The program never reached the state the test waits for");
  return NULL;
}

static gboolean
differs (GVariant *state,
         gpointer  data)
{
  return !g_variant_equal (state, data);
}

GVariant *
hearts_driver_wait_change (HeartsDriver *driver,
                           GVariant     *state)
{
  return hearts_driver_wait (driver, differs, state);
}

char *
hearts_driver_find_window (HeartsDriver *driver,
                           const char   *title)
{
  return find_window (driver, title);
}

void
hearts_driver_focus (HeartsDriver *driver,
                     const char   *window)
{
  xdotool ("windowfocus", "--sync", window, NULL);
}

void
hearts_driver_click (HeartsDriver *driver,
                     int           x,
                     int           y)
{
  hearts_driver_click_in (driver, driver->window, x, y);
}

void
hearts_driver_click_in (HeartsDriver *driver,
                        const char   *window,
                        int           x,
                        int           y)
{
  g_autofree char *sx = g_strdup_printf ("%d", x);
  g_autofree char *sy = g_strdup_printf ("%d", y);

  /* A state can arrive before the frame that puts its widgets where it says (a new
   * hand's cards after the score sheet): give the program that frame, as a hand
   * would. --sync: the pointer is there before the button goes down; the second
   * pause lets the program take the hover in first. */
  settle (50);
  xdotool ("mousemove", "--window", window, "--sync", sx, sy, NULL);
  settle (50);
  xdotool ("click", "1", NULL);
}

void
hearts_driver_click_dialog (HeartsDriver *driver,
                            int           x,
                            int           y)
{
  const char      *pid = g_subprocess_get_identifier (driver->process);
  const char      *argv[] = { "xdotool", "search", "--onlyvisible", "--pid", pid, NULL };
  g_autofree char *out = NULL;
  g_autofree char *sx = g_strdup_printf ("%d", x);
  g_autofree char *sy = g_strdup_printf ("%d", y);
  g_autoptr(GError) error = NULL;
  g_auto(GStrv) windows = NULL;
  const char *window = driver->window;

  g_assert_nonnull (pid);
  /* xdotool search ends with status 1 when it finds nothing: the main window is there. */
  g_spawn_sync (NULL, (char **) argv, NULL, G_SPAWN_SEARCH_PATH | G_SPAWN_STDERR_TO_DEV_NULL, NULL, NULL,
                &out, NULL, NULL, &error);
  g_assert_no_error (error);
  windows = g_strsplit (g_strstrip (out), "\n", -1);
  for (guint i = 0; windows[i] != NULL; i++)
    if (windows[i][0] != '\0' && !g_str_equal (windows[i], driver->window))
      window = windows[i];

  settle (50);
  xdotool ("mousemove", "--window", window, "--sync", sx, sy, NULL);
  settle (50);
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

  /* A hand's pace: the program sees a drag, not a jump. */
  for (int i = 0; i <= steps; i++)
    {
      g_autofree char *sx = g_strdup_printf ("%d", x1 + (x2 - x1) * i / steps);
      g_autofree char *sy = g_strdup_printf ("%d", y1 + (y2 - y1) * i / steps);

      xdotool ("mousemove", "--window", driver->window, sx, sy, NULL);
      if (i == 0)
        xdotool ("mousedown", "1", NULL);
      settle (20);
    }
  settle (50);
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
hearts_driver_focus_window (HeartsDriver *driver,
                            const char   *title)
{
  g_autofree char *pattern = g_strdup_printf ("^%s$", title);
  const char      *argv[] = { "xdotool", "search", "--onlyvisible", "--name", pattern, NULL };
  g_autofree char *out = NULL;
  g_auto(GStrv) lines = NULL;
  g_autoptr(GError) error = NULL;
  int status = 0;

  g_spawn_sync (NULL, (char **) argv, NULL, G_SPAWN_SEARCH_PATH | G_SPAWN_STDERR_TO_DEV_NULL,
                NULL, NULL, &out, NULL, &status, &error);
  g_assert_no_error (error);
  /* Nothing found: a dialog inside the main window, which has the focus. */
  if (!g_spawn_check_wait_status (status, NULL) || out == NULL || g_strstrip (out)[0] == '\0')
    return;
  lines = g_strsplit (out, "\n", -1);
  xdotool ("windowfocus", "--sync", lines[0], NULL);
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
  int              status = 0;

  /* Pictures for people to look at, not something the test checks. */
  if (import == NULL)
    {
      g_test_message ("no screenshot %s: ImageMagick's import is not installed", name);
      return;
    }

  /* Let the last frame reach the X server. */
  settle (300);
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
  int         rx, ry, rw, rh;

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
