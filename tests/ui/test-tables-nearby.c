/* test-tables-nearby.c: Join a Table lists the tables on the local network
 *
 * Run by tests/net/avahi-netns.sh: `net-test-tool announce` hosts "Grace’s table" in one
 * network namespace with its avahi-daemon; this window, in another with its own, opens
 * Join a Table, finds the table under Tables Nearby, asks to sit as Ada and is let in:
 * the window is at the table, with the invitation kept for a rejoin. Then Ada leaves.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <adwaita.h>
#include <string.h>

#include "hearts-compat.h"
#include "hearts-join-dialog.h"
#include "hearts-remote-seat-view.h"
#include "hearts-settings.h"
#include "hearts-test-widget.h"
#include "hearts-window.h"

#define TABLE_NAME "Grace’s table"

static gboolean
join_dialog_shown (gpointer data)
{
  return hearts_test_find_dialog (HEARTS_TYPE_JOIN_DIALOG) != NULL;
}

/* The row of the table, once it is listed. */
static GtkWidget *
table_row (GtkWidget *dialog)
{
  g_autoptr(GPtrArray) rows = g_ptr_array_new ();

  hearts_test_find_all_type (dialog, ADW_TYPE_ACTION_ROW, rows);
  for (guint i = 0; i < rows->len; i++)
    if (g_strcmp0 (adw_preferences_row_get_title (rows->pdata[i]), TABLE_NAME) == 0)
      return rows->pdata[i];
  return NULL;
}

static gboolean
table_listed (gpointer data)
{
  return table_row (data) != NULL;
}

static gboolean
joined (gpointer data)
{
  return HEARTS_IS_REMOTE_SEAT_VIEW (hearts_window_get_seat_view (data));
}

/* After a second: the dialog laid out, the deal's animation over. */
static void
shot (const char *name)
{
  hearts_test_wait (1500);
  hearts_test_take_screenshot (name);
}

static void
on_joined_cb (GtkWidget  *dialog,
              GObject    *client,
              const char *invitation,
              char      **kept)
{
  *kept = g_strdup (invitation);
}

static void
test_ask_to_sit (void)
{
  HeartsWindow    *window = g_object_new (HEARTS_TYPE_WINDOW, NULL);
  GtkWidget       *dialog, *button;
  g_autofree char *invitation = NULL;

  g_settings_set_string (hearts_settings_get_settings (hearts_window_get_settings (window)), "player-name", "Ada");
  gtk_window_set_default_size (GTK_WINDOW (window), 900, 700);
  gtk_window_present (GTK_WINDOW (window));
  hearts_test_wait_drawn (GTK_WIDGET (window));

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.join-table", NULL));
  g_assert_true (hearts_test_iterate_until (join_dialog_shown, NULL, HEARTS_TEST_TIMEOUT_MS));
  dialog = hearts_test_find_dialog (HEARTS_TYPE_JOIN_DIALOG);
  g_assert_true (hearts_test_iterate_until (table_listed, dialog, HEARTS_TEST_TIMEOUT_MS));
  g_assert_cmpstr (adw_action_row_get_subtitle (ADW_ACTION_ROW (table_row (dialog))), ==, g_getenv ("HEARTS_DNSSD_HOST"));
  shot ("tables-nearby-join-dialog.png");

  button = hearts_test_find_button (table_row (dialog), "Ask to _Sit");
  g_assert_nonnull (button);
  g_signal_connect (dialog, "joined", G_CALLBACK (on_joined_cb), &invitation);
  g_signal_emit_by_name (button, "clicked");
  g_assert_nonnull (strstr (hearts_join_dialog_get_status (HEARTS_JOIN_DIALOG (dialog)), TABLE_NAME));
  g_assert_true (hearts_test_iterate_until (joined, window, HEARTS_TEST_TIMEOUT_MS));
  /* The invitation came with the answer: the window keeps it for a rejoin. */
  g_assert_nonnull (invitation);
  g_assert_true (g_str_has_prefix (invitation, "hearts://10.77.0.1:"));
  shot ("tables-nearby-joined.png");

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.leave-table", NULL));
  hearts_test_answer_alert (hearts_test_find_alert (), "leave");
  g_assert_false (joined (window));
  hearts_test_destroy_window (GTK_WINDOW (window));
}

int
main (int   argc,
      char *argv[])
{
  hearts_test_init_widgets (&argc, &argv);
  g_test_add_func ("/tables-nearby/ask-to-sit", test_ask_to_sit);
  return g_test_run ();
}
