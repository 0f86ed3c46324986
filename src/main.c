/* main.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>

#include "hearts-application.h"
#include "hearts-keyfile-backend.h"

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
  return g_application_run (G_APPLICATION (app), argc, argv);
}
