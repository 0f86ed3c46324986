/* test-help.c: F1 opens the user guide, Ctrl+? the shortcuts, and a failure says so
 *
 * The help: handler is ours: a desktop file in a private XDG_DATA_HOME, made the default
 * in a private XDG_CONFIG_HOME, so the test never starts a real help viewer and does not
 * depend on one being installed.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <adwaita.h>
#include <glib/gstdio.h>

#include "hearts-application.h"
#include "hearts-compat.h"
#include "hearts-test-util.h"
#include "hearts-test-widget.h"
#include "hearts-window.h"

/* Kept across g_test_trap_subprocess: the children read the files the parent wrote. */
#define DIR_VARIABLE "HEARTS_TEST_HELP_DIR"

static const char *tmp_dir;

static void
write_file (const char *name,
            const char *contents,
            int         mode)
{
  g_autofree char *path = g_build_filename (tmp_dir, name, NULL);
  g_autofree char *dir = g_path_get_dirname (path);
  g_autoptr(GError) error = NULL;

  g_assert_cmpint (g_mkdir_with_parents (dir, 0700), ==, 0);
  g_file_set_contents (path, contents, -1, &error);
  g_assert_no_error (error);
  g_assert_cmpint (g_chmod (path, mode), ==, 0);
}

static void
set_help_handler (const char *desktop_id)
{
  g_autofree char *list = g_strdup_printf ("[Default Applications]\nx-scheme-handler/help=%s\n", desktop_id);

  write_file ("config/mimeapps.list", list, 0600);
}

static HeartsApplication *
start_application (void)
{
  HeartsApplication *app = hearts_application_new ();
  g_autoptr(GError) error = NULL;

  /* Not on the bus under the real ID: the test's session may have another Hearts. */
  g_application_set_flags (G_APPLICATION (app), G_APPLICATION_NON_UNIQUE);
  g_assert_true (g_application_register (G_APPLICATION (app), NULL, &error));
  g_assert_no_error (error);
  return app;
}

static void
assert_strv (char      **strv,
             const char *only)
{
  g_assert_nonnull (strv);
  g_assert_cmpstr (strv[0], ==, only);
  g_assert_null (strv[1]);
  g_strfreev (strv);
}

static void
test_help_accels (void)
{
  g_autoptr(HeartsApplication) app = start_application ();
  GtkApplication *gtk_app = GTK_APPLICATION (app);

  g_assert_true (g_action_group_has_action (G_ACTION_GROUP (app), "help"));
  assert_strv (gtk_application_get_accels_for_action (gtk_app, "app.help"), "F1");
  assert_strv (gtk_application_get_actions_for_accel (gtk_app, "F1"), "app.help");
  assert_strv (gtk_application_get_accels_for_action (gtk_app, "win.show-help-overlay"), "<Control>question");
  assert_strv (gtk_application_get_actions_for_accel (gtk_app, "<Control>question"), "win.show-help-overlay");
}

/* The row of the shortcuts window whose @property is @value. */
static GtkWidget *
find_shortcut (GtkWidget  *root,
               const char *property,
               const char *value)
{
  g_autofree char *found_value = NULL;

  /* By name: GTK 4.18 deprecates the type. */
  if (g_str_equal (G_OBJECT_TYPE_NAME (root), "GtkShortcutsShortcut"))
    {
      g_object_get (root, property, &found_value, NULL);
      if (g_strcmp0 (found_value, value) == 0)
        return root;
    }
  for (GtkWidget *child = gtk_widget_get_first_child (root); child != NULL; child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *found = find_shortcut (child, property, value);

      if (found != NULL)
        return found;
    }
  return NULL;
}

static void
assert_accelerator (GtkWidget  *shortcut,
                    const char *accelerator)
{
  g_autofree char *accel = NULL;

  g_assert_nonnull (shortcut);
  g_object_get (shortcut, "accelerator", &accel, NULL);
  g_assert_cmpstr (accel, ==, accelerator);
}

/* Ctrl+? (win.show-help-overlay) shows the shortcuts: the window's keys as its template has
 * them, and the application's accelerators by action. The shortcuts window is built when first
 * asked for, not with the main window before its first frame. */
static void
test_help_shortcuts_window (void)
{
  g_autoptr(HeartsApplication) app = NULL;
  HeartsWindow    *window;
  GtkWindow       *overlay;

  /* In a child, as every test here that starts the application after the first. */
  if (!g_test_subprocess ())
    {
      g_test_trap_subprocess (NULL, 30 * G_USEC_PER_SEC, G_TEST_SUBPROCESS_INHERIT_STDERR);
      g_test_trap_assert_passed ();
      return;
    }

  app = start_application ();
  window = hearts_window_new (app);
  g_assert_null (hearts_shortcuts_get (GTK_APPLICATION_WINDOW (window)));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.show-help-overlay", NULL));
  overlay = hearts_shortcuts_get (GTK_APPLICATION_WINDOW (window));
  g_assert_nonnull (overlay);
  g_assert_true (gtk_widget_get_visible (GTK_WIDGET (overlay)));
  g_assert_true (gtk_window_get_transient_for (overlay) == GTK_WINDOW (window));
  assert_accelerator (find_shortcut (GTK_WIDGET (overlay), "title", "New game"), "<Control>n");
  assert_accelerator (find_shortcut (GTK_WIDGET (overlay), "action-name", "app.quit"), "<Control>q");

  /* The comma of Ctrl+, reads as a comma: its key cap is no smaller than the titles. */
  {
    GtkWidget *prefs = find_shortcut (GTK_WIDGET (overlay), "action-name", "app.preferences");
    g_autoptr(GPtrArray) labels = g_ptr_array_new ();
    int        keycap_size = 0, title_size = 0;

    g_assert_nonnull (prefs);
    hearts_test_find_all_type (prefs, GTK_TYPE_LABEL, labels);
    for (guint i = 0; i < labels->len; i++)
      {
        GtkWidget                  *label = g_ptr_array_index (labels, i);
        const PangoFontDescription *font = pango_context_get_font_description (gtk_widget_get_pango_context (label));

        if (g_strcmp0 (gtk_label_get_label (GTK_LABEL (label)), ",") == 0)
          keycap_size = pango_font_description_get_size (font);
        else if (g_strcmp0 (gtk_label_get_label (GTK_LABEL (label)), "Preferences") == 0)
          title_size = pango_font_description_get_size (font);
      }
    g_test_message ("key cap %d, title %d", keycap_size / PANGO_SCALE, title_size / PANGO_SCALE);
    g_assert_cmpint (title_size, >, 0);
    g_assert_cmpint (keycap_size, >=, title_size);
  }

  /* Closed and asked for again: the same window. */
  gtk_window_close (overlay);
  g_assert_false (gtk_widget_get_visible (GTK_WIDGET (overlay)));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.show-help-overlay", NULL));
  g_assert_true (hearts_shortcuts_get (GTK_APPLICATION_WINDOW (window)) == overlay);
  g_assert_true (gtk_widget_get_visible (GTK_WIDGET (overlay)));

  gtk_window_destroy (GTK_WINDOW (window));
}

static gboolean
opened_or_message (HeartsWindow *window,
                   const char   *opened)
{
  return g_file_test (opened, G_FILE_TEST_EXISTS) || hearts_test_find_alert () != NULL;
}

typedef struct
{
  HeartsWindow *window;
  const char   *opened;
} OpenWait;

static gboolean
opened_or_message_cb (gpointer data)
{
  OpenWait *wait = data;

  return opened_or_message (wait->window, wait->opened);
}

/* In a child: activates app.help and waits for the handler to run or an alert, whose
 * heading and text @message gets. */
static void
activate_help (char **opened_uri,
               char **message)
{
  g_autoptr(HeartsApplication) app = start_application ();
  g_autofree char *opened = g_build_filename (tmp_dir, "opened", NULL);
  HeartsWindow    *window = hearts_window_new (app);

  g_remove (opened);
  g_action_group_activate_action (G_ACTION_GROUP (app), "help", NULL);
  hearts_test_poll_until (opened_or_message_cb, &(OpenWait) { window, opened }, 10, 10000);
  g_file_get_contents (opened, opened_uri, NULL, NULL);
  if (hearts_test_find_alert () != NULL)
    {
      GtkWidget       *alert = hearts_test_find_alert ();
      g_autofree char *heading = NULL;
      g_autofree char *body = NULL;

      g_object_get (alert, "heading", &heading, "body", &body, NULL);
      *message = g_strdup_printf ("%s %s", heading, body);
      /* Over the window, above whatever it shows (a score sheet, a dialog). */
      g_assert_true (hearts_dialog_get_parent (alert) == GTK_WIDGET (window));
      hearts_test_answer_alert (alert, "close");
    }
  else
    *message = NULL;
  /* No toast says it instead, grey behind an open score sheet. */
  g_assert_null (hearts_window_get_message (window));
  gtk_window_destroy (GTK_WINDOW (window));
}

static void
test_help_opens_guide (void)
{
  if (g_test_subprocess ())
    {
      g_autofree char *uri = NULL;
      g_autofree char *message = NULL;

      activate_help (&uri, &message);
      g_assert_cmpstr (uri, ==, "help:" BASE_ID);
      g_assert_null (message);
      return;
    }

  set_help_handler ("hearts-test-help.desktop");
  g_test_trap_subprocess (NULL, 30 * G_USEC_PER_SEC, G_TEST_SUBPROCESS_INHERIT_STDERR);
  g_test_trap_assert_passed ();
}

static void
test_help_failure_alert (void)
{
  if (g_test_subprocess ())
    {
      g_autofree char *uri = NULL;
      g_autofree char *message = NULL;

      activate_help (&uri, &message);
      g_assert_null (uri);
      g_assert_nonnull (message);
      g_assert_cmpstr (message, ==, "The User Guide Could Not Be Opened Is a help viewer such as Yelp installed?");
      return;
    }

  /* In a Flatpak sandbox GLib hands every URI to the OpenURI portal, which the build
   * sandbox does not have (and GLib 2.84 aborts on that error path): the app's sandboxed
   * launch is the desktop portal's business there. */
  if (g_file_test ("/.flatpak-info", G_FILE_TEST_EXISTS))
    {
      g_test_skip ("no help handler can be taken away inside a Flatpak sandbox");
      return;
    }

  /* As without Yelp: nothing handles help: in the child, whatever this system has. */
  {
    g_autofree char *saved = g_strdup (g_getenv ("XDG_DATA_DIRS"));
    g_autofree char *empty = g_build_filename (tmp_dir, "empty-share", NULL);

    set_help_handler ("");
    g_setenv ("XDG_DATA_DIRS", empty, TRUE);
    g_test_trap_subprocess (NULL, 30 * G_USEC_PER_SEC, G_TEST_SUBPROCESS_INHERIT_STDERR);
    if (saved != NULL)
      g_setenv ("XDG_DATA_DIRS", saved, TRUE);
    else
      g_unsetenv ("XDG_DATA_DIRS");
    g_test_trap_assert_passed ();
  }
}

static void
make_handlers (void)
{
  g_autofree char *catcher = g_build_filename (tmp_dir, "catch-help.sh", NULL);
  g_autofree char *desktop = g_strdup_printf ("[Desktop Entry]\nType=Application\nName=Help catcher\n"
                                              "Exec=%s %%u\nMimeType=x-scheme-handler/help;\n"
                                              "NoDisplay=true\n",
                                              catcher);

  /* Renamed into place, so the test never reads it half written. */
  write_file ("catch-help.sh", "#!/bin/sh\nd=$(dirname \"$0\")\n"
                               "printf '%s' \"$1\" > \"$d/opened.tmp\" && mv \"$d/opened.tmp\" \"$d/opened\"\n",
              0700);
  write_file ("data/applications/hearts-test-help.desktop", desktop, 0600);
}

int
main (int   argc,
      char *argv[])
{
  g_autofree char *data_home = NULL;
  g_autofree char *config_home = NULL;
  gboolean         parent = g_getenv (DIR_VARIABLE) == NULL;
  int              ret;

  /* Before GLib reads them. */
  if (parent)
    {
      g_autoptr(GError) error = NULL;
      char *dir = g_dir_make_tmp ("hearts-test-help-XXXXXX", &error);

      g_assert_no_error (error);
      g_setenv (DIR_VARIABLE, dir, TRUE);
      g_free (dir);
    }
  tmp_dir = g_getenv (DIR_VARIABLE);
  data_home = g_build_filename (tmp_dir, "data", NULL);
  config_home = g_build_filename (tmp_dir, "config", NULL);
  g_setenv ("XDG_DATA_HOME", data_home, TRUE);
  g_setenv ("XDG_CONFIG_HOME", config_home, TRUE);

  gtk_test_init (&argc, &argv, NULL);
  adw_init ();
  if (parent)
    make_handlers ();

  g_test_add_func ("/ui/help/accels", test_help_accels);
  g_test_add_func ("/ui/help/shortcuts-window", test_help_shortcuts_window);
  g_test_add_func ("/ui/help/opens-guide", test_help_opens_guide);
  g_test_add_func ("/ui/help/failure-alert", test_help_failure_alert);

  ret = g_test_run ();
  if (parent)
    {
      g_autofree char *rm = g_strdup_printf ("rm -rf '%s'", tmp_dir);

      g_spawn_command_line_sync (rm, NULL, NULL, NULL, NULL);
    }
  return ret;
}
