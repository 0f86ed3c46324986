/* hearts-test-widget.c: what the widget tests share
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <adwaita.h>

#include "hearts-test-widget.h"

/**
 * hearts_test_init_widgets:
 *
 * gtk_test_init() and adw_init(), or a skip of the whole test program when
 * there is no display to open.
 */
void
hearts_test_init_widgets (int    *argc,
                          char ***argv)
{
  hearts_test_skip_without_display ();
  gtk_test_init (argc, argv, NULL);
  adw_init ();
}

/**
 * hearts_test_destroy_window:
 *
 * Destroys @window and checks that it is finalized once what it queued has run
 * and the computer players' threads have let go of it.
 */
void
hearts_test_destroy_window (GtkWindow *window)
{
  g_object_ref (window);
  gtk_window_destroy (window);
  hearts_test_assert_finalize_object (window);
}
