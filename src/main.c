/* main.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>
#include <gmodule.h>
#include <stdlib.h>

#include "hearts-application.h"
#include "hearts-keyfile-backend.h"

/* The end-to-end tests and the benches read what the program shows through a module of
 * their own (tests/module), loaded only when they name it. */
static void
load_test_module (HeartsApplication *app)
{
  const char *path = g_getenv ("HEARTS_TEST_MODULE");
  GModule    *module;
  void      (*init) (GApplication *app) = NULL;

  if (path == NULL || path[0] == '\0')
    return;
  module = g_module_open (path, G_MODULE_BIND_LOCAL);
  if (module == NULL || !g_module_symbol (module, "hearts_test_module_init", (gpointer *) &init))
    {
      g_printerr ("Cannot load %s: %s\n", path, g_module_error ());
      exit (EXIT_FAILURE);
    }
  g_module_make_resident (module);
  init (G_APPLICATION (app));
}

int
main (int   argc,
      char *argv[])
{
  g_autoptr(HeartsApplication) app = NULL;

  bindtextdomain (GETTEXT_PACKAGE, LOCALEDIR);
  bind_textdomain_codeset (GETTEXT_PACKAGE, "UTF-8");
  textdomain (GETTEXT_PACKAGE);

  g_set_application_name (_("Hearts"));
  /* Before GLib's keyfile backend (the Flatpak's) reads the settings: a named pipe
   * there would block it for ever. */
  hearts_keyfile_backend_check_file ();
  app = hearts_application_new ();
  load_test_module (app);
  return g_application_run (G_APPLICATION (app), argc, argv);
}
