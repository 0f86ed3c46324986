/* test-play-with-friends.c: two windows at one table, on loopback
 *
 * One window hosts (Play with Friends…), the other joins with the invitation (Join a
 * Table…); they play a hand together through the dialogs and the windows' own seat
 * views, and the windows say what happens when the guest's connection drops.
 * HEARTS_NET_ADDRESS=127.0.0.1 keeps the table on loopback.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <adwaita.h>
#include <signal.h>
#include <string.h>

#include "hearts-compat.h"
#include "hearts-host-dialog.h"
#include "hearts-join-dialog.h"
#include "hearts-local-seat-view.h"
#include "hearts-net-link.h"
#include "hearts-remote-seat-view.h"
#include "hearts-review-view.h"
#include "hearts-settings.h"
#include "hearts-test-widget.h"
#include "hearts-window.h"

#define GUEST_NAME "Ada"

static HeartsWindow *
new_window (guint64 seed)
{
  HeartsWindow *window = g_object_new (HEARTS_TYPE_WINDOW, NULL);
  g_autoptr(HeartsGame) game = NULL;
  HeartsRules rules;

  hearts_rules_init_default (&rules);
  game = hearts_game_new (&rules, seed);
  hearts_window_new_game (window, game);
  gtk_window_set_default_size (GTK_WINDOW (window), 900, 700);
  gtk_window_present (GTK_WINDOW (window));
  return window;
}

/* The screen as a player sees it, in the test's folder (a TAP comment says where). */
static void
shot (const char *name)
{
  g_autofree char *command = g_strdup_printf ("import -window root %s", name);
  gint status;

  for (int i = 0; i < 50; i++)
    g_main_context_iteration (NULL, FALSE);
  if (g_spawn_command_line_sync (command, NULL, NULL, &status, NULL) && g_spawn_check_wait_status (status, NULL))
    g_test_message ("screenshot: %s", name);
}

static void
say_state (const char   *who,
           HeartsWindow *window)
{
  HeartsSeatView *view = hearts_window_get_seat_view (window);

  g_test_message ("%s: hand %u, phase %d, message \"%s\"", who, hearts_seat_view_get_hand_index (view),
                  hearts_seat_view_get_phase (view), hearts_window_get_message (window));
}

typedef gboolean (*Check) (gpointer data);

static gboolean
tick_cb (gpointer data)
{
  return G_SOURCE_CONTINUE;
}

static void
wait_for (Check    check,
          gpointer data)
{
  gint64 deadline = g_get_monotonic_time () + 60 * G_USEC_PER_SEC;
  /* Wakes the loop up, so that a wait for what never comes ends at its deadline. */
  guint tick = g_timeout_add (100, tick_cb, NULL);

  while (!check (data))
    {
      g_assert_cmpint (g_get_monotonic_time (), <, deadline);
      g_main_context_iteration (NULL, TRUE);
    }
  g_source_remove (tick);
}

static gboolean
dialog_shown (gpointer data)
{
  GType *type = data;

  return hearts_test_find_dialog (*type) != NULL;
}

static GtkWidget *
wait_dialog (GType type)
{
  wait_for (dialog_shown, &type);
  return hearts_test_find_dialog (type);
}

static gboolean
own_turn (gpointer data)
{
  return hearts_seat_view_get_own_turn (data);
}

static gboolean
hinted (gpointer data)
{
  return hearts_table_get_hint (data) != 0;
}

static gboolean
review_done (gpointer data)
{
  return !hearts_review_view_get_computing (data);
}

static gboolean
guest_joined (gpointer data)
{
  return HEARTS_IS_REMOTE_SEAT_VIEW (hearts_window_get_seat_view (data));
}

static gboolean
seat_taken (gpointer data)
{
  HeartsHostDialog *dialog = data;
  const char *subtitle = adw_action_row_get_subtitle (ADW_ACTION_ROW (hearts_host_dialog_get_seat_row (dialog, 1)));

  return subtitle != NULL && strstr (subtitle, GUEST_NAME) != NULL;
}

/* The seat's own move, if it is its turn: the first legal card, or three cards to pass. */
static gboolean
move (HeartsSeatView *view)
{
  const HeartsSeatState *state = hearts_seat_view_get_state (view);
  HeartsCards cards, pass = 0;
  HeartsCard  card;
  guint       n = 0;

  if (!hearts_seat_view_get_own_turn (view))
    return FALSE;
  if (hearts_seat_view_get_phase (view) == HEARTS_PHASE_PASSING)
    {
      cards = hearts_seat_state_get_hand (state);
      HEARTS_CARDS_FOREACH (card, cards)
        if (n++ < 3)
          pass |= HEARTS_CARD_BIT (card);
      return hearts_seat_view_pass (view, pass, NULL);
    }
  cards = hearts_seat_state_get_legal (state);
  g_assert_cmpuint (cards, !=, 0);
  return hearts_seat_view_play (view, hearts_cards_lowest (cards), NULL);
}

typedef struct
{
  HeartsWindow *host, *guest;
  gboolean      shot;
} Table;

static gboolean
hand_over_here (HeartsWindow *window)
{
  HeartsPhase phase = hearts_seat_view_get_phase (hearts_window_get_seat_view (window));

  return (phase == HEARTS_PHASE_HAND_OVER || phase == HEARTS_PHASE_GAME_OVER) &&
         !hearts_table_get_busy (hearts_window_get_table (window));
}

static gboolean
play_on (gpointer data)
{
  Table *table = data;

  move (hearts_window_get_seat_view (table->host));
  move (hearts_window_get_seat_view (table->guest));
  if (!table->shot && hearts_seat_state_get_n_tricks (hearts_seat_view_get_state (hearts_window_get_seat_view (table->host))) == 3)
    {
      table->shot = TRUE;
      shot ("play-with-friends-table.png");
    }
  return hand_over_here (table->host) && hand_over_here (table->guest);
}

static gboolean
message_has (gpointer data)
{
  gpointer *args = data;
  const char *message = hearts_window_get_message (args[0]);

  return message != NULL && strstr (message, args[1]) != NULL;
}

static void
wait_message (HeartsWindow *window,
              const char   *text)
{
  gpointer args[] = { window, (gpointer) text };

  wait_for (message_has, args);
}

static gboolean
dealt_again (gpointer data)
{
  Table *table = data;

  return hearts_seat_view_get_hand_index (hearts_window_get_seat_view (table->host)) == 1 &&
         hearts_seat_view_get_hand_index (hearts_window_get_seat_view (table->guest)) == 1;
}

static gboolean
connected (gpointer data)
{
  return hearts_net_client_get_connected (data);
}

static void
test_host_and_guest (void)
{
  Table table = { 0 };
  GSettings *guest_settings;
  GtkWidget *host_dialog, *join_dialog;
  g_autofree char *invitation = NULL;
  HeartsSeatView *host_view, *guest_view;
  const HeartsHandResult *host_result, *guest_result;
  HeartsNetClient *client;
  HeartsGame *guest_game;
  GtkWidget *alert;
  GtkWidget *review;

  table.host = new_window (11);
  table.guest = new_window (12);
  guest_game = hearts_local_seat_view_get_game (HEARTS_LOCAL_SEAT_VIEW (hearts_window_get_seat_view (table.guest)));
  hearts_test_wait_drawn (GTK_WIDGET (table.host));

  /* The host opens a table: the invitation, and the seats open for people. */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (table.host), "win.host-table", NULL));
  host_dialog = wait_dialog (HEARTS_TYPE_HOST_DIALOG);
  invitation = g_strdup (hearts_host_dialog_get_invitation (HEARTS_HOST_DIALOG (host_dialog)));
  g_assert_true (g_str_has_prefix (invitation, "hearts://127.0.0.1:"));
  /* North is the computer's; West and East wait for people. */
  adw_combo_row_set_selected (ADW_COMBO_ROW (hearts_host_dialog_get_seat_row (HEARTS_HOST_DIALOG (host_dialog), 2)), 1);
  shot ("play-with-friends-host-dialog.png");

  /* The guest joins with it, under a name of their own. */
  guest_settings = hearts_settings_get_settings (hearts_window_get_settings (table.guest));
  g_settings_set_string (guest_settings, "player-name", GUEST_NAME);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (table.guest), "win.join-table", NULL));
  join_dialog = wait_dialog (HEARTS_TYPE_JOIN_DIALOG);
  hearts_join_dialog_set_invitation (HEARTS_JOIN_DIALOG (join_dialog), "hearts://not-a-link");
  g_assert_nonnull (strstr (hearts_join_dialog_get_status (HEARTS_JOIN_DIALOG (join_dialog)), "not an invitation"));
  hearts_join_dialog_set_invitation (HEARTS_JOIN_DIALOG (join_dialog), invitation);
  shot ("play-with-friends-join-dialog.png");
  g_assert_true (gtk_widget_activate_action (join_dialog, "join.join", NULL));
  wait_for (guest_joined, table.guest);
  wait_for (seat_taken, host_dialog);

  /* Start: the open seat nobody took goes to the computer. */
  g_assert_true (gtk_widget_activate_action (host_dialog, "host.start", NULL));
  host_view = hearts_window_get_seat_view (table.host);
  guest_view = hearts_window_get_seat_view (table.guest);
  g_assert_true (HEARTS_IS_LOCAL_SEAT_VIEW (host_view));
  g_assert_true (hearts_local_seat_view_get_shared (HEARTS_LOCAL_SEAT_VIEW (host_view)));
  g_assert_cmpuint (hearts_seat_view_get_seat (guest_view), ==, 1);
  /* The names at the table are the people's. */
  g_assert_cmpstr (hearts_seat_view_get_player_names (host_view)[1], ==, GUEST_NAME);

  /* The guest's hint is worked out from her own view. */
  wait_for (own_turn, guest_view);
  g_test_message ("guest to pass");
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (table.guest), "win.hint", NULL));
  wait_for (hinted, hearts_window_get_table (table.guest));
  g_assert_cmpuint (hearts_cards_count (hearts_table_get_hint (hearts_window_get_table (table.guest))), ==, 3);

  /* A hand played together; undo is not for a table of people. */
  wait_for (play_on, &table);
  g_assert_false (hearts_seat_view_get_can_undo (host_view));
  g_assert_false (hearts_seat_view_get_can_undo (guest_view));

  /* The guest reviews the hand from what her seat saw. */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (table.guest), "win.review-hand", NULL));
  review = wait_dialog (HEARTS_TYPE_REVIEW_VIEW);
  wait_for (review_done, review);
  g_assert_cmpuint (hearts_review_view_get_n_steps (HEARTS_REVIEW_VIEW (review)), >, 0);
  hearts_dialog_close (review);
  host_result = hearts_seat_view_get_result (host_view, 0);
  guest_result = hearts_seat_view_get_result (guest_view, 0);
  g_assert_cmpmem (host_result->points, sizeof host_result->points, guest_result->points, sizeof guest_result->points);

  /* The next hand is dealt once both are ready. */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (table.host), "win.next-hand", NULL));
  for (int i = 0; i < 20; i++)
    g_main_context_iteration (NULL, FALSE);
  g_assert_cmpuint (hearts_seat_view_get_hand_index (host_view), ==, 0);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (table.guest), "win.next-hand", NULL));
  wait_for (dealt_again, &table);
  say_state ("host", table.host);
  say_state ("guest", table.guest);

  /* The guest's connection drops: both windows say so, and the guest comes back. */
  client = hearts_remote_seat_view_get_client (HEARTS_REMOTE_SEAT_VIEW (guest_view));
  hearts_net_client_disconnect (client);
  wait_message (table.host, GUEST_NAME);
  g_test_message ("host: %s", hearts_window_get_message (table.host));
  wait_message (table.guest, "lost");
  say_state ("host", table.host);
  say_state ("guest", table.guest);
  shot ("play-with-friends-dropped.png");
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (table.guest), "win.rejoin-table", NULL));
  wait_for (connected, client);
  wait_message (table.host, "back");
  g_assert_true (hearts_window_get_seat_view (table.guest) == guest_view);

  /* The host quits: the guest is told, and the table is in the host's saved game. */
  hearts_test_destroy_window (GTK_WINDOW (table.host));
  wait_message (table.guest, "closed the table");
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (table.guest), "win.rejoin-table", NULL));
  wait_message (table.guest, "onnect");
  g_assert_false (hearts_net_client_get_connected (client));

  /* The host starts again: the same table opens on the same port, at the same move, and
   * the guest comes back to the same seat. */
  table.host = g_object_new (HEARTS_TYPE_WINDOW, NULL);
  hearts_window_start (table.host, TRUE);
  gtk_window_present (GTK_WINDOW (table.host));
  host_view = hearts_window_get_seat_view (table.host);
  g_assert_true (HEARTS_IS_LOCAL_SEAT_VIEW (host_view));
  g_assert_true (hearts_local_seat_view_get_shared (HEARTS_LOCAL_SEAT_VIEW (host_view)));
  g_assert_cmpuint (hearts_seat_view_get_hand_index (host_view), ==, 1);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (table.guest), "win.rejoin-table", NULL));
  wait_for (connected, client);
  g_assert_cmpuint (hearts_net_client_get_seat (client), ==, 1);
  wait_message (table.host, "back");

  /* Ada leaves: the computer plays her seat, and her game alone comes back as it was. */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (table.guest), "win.leave-table", NULL));
  alert = hearts_test_find_alert ();
  g_assert_nonnull (alert);
  hearts_test_answer_alert (alert, "leave");
  guest_view = hearts_window_get_seat_view (table.guest);
  g_assert_true (HEARTS_IS_LOCAL_SEAT_VIEW (guest_view));
  g_assert_cmpuint (hearts_seat_view_get_seat (guest_view), ==, 0);
  g_assert_true (hearts_local_seat_view_get_game (HEARTS_LOCAL_SEAT_VIEW (guest_view)) == guest_game);
  wait_message (table.host, "left the table");

  hearts_test_destroy_window (GTK_WINDOW (table.guest));
  hearts_test_destroy_window (GTK_WINDOW (table.host));
}

typedef struct
{
  gboolean done;
  GError  *error;
} Knock;

static void
on_knocked_cb (GObject      *source,
               GAsyncResult *result,
               gpointer      user_data)
{
  Knock *knock = user_data;

  hearts_net_client_join_finish (HEARTS_NET_CLIENT (source), result, &knock->error);
  knock->done = TRUE;
}

static gboolean
knock_done (gpointer data)
{
  return ((Knock *) data)->done;
}

typedef struct
{
  HeartsHostDialog *dialog;
  guint             knock;
} KnockRow;

static gboolean
knock_shown (gpointer data)
{
  KnockRow *row = data;

  return hearts_host_dialog_get_knock_row (row->dialog, row->knock) != NULL;
}

/* Someone who found the table on the network knocks (as Ask to Sit does, without the
 * network's announcement: the window's own table is on 127.0.0.1); the host's dialog
 * shows them with Let In and Refuse, and the person's answer is the table's. */
static void
knock_at (HeartsHostDialog *dialog,
          guint             id,
          const char       *name,
          const char       *answer,
          Knock            *knock,
          HeartsNetClient **client)
{
  g_autoptr(GError) error = NULL;
  char          table_id[HEARTS_NET_ID_LENGTH + 1];
  HeartsNetLink link;
  KnockRow      row = { dialog, id };
  GtkWidget    *button;

  g_assert_true (hearts_net_link_parse (hearts_host_dialog_get_invitation (dialog), &link, &error));
  hearts_net_table_id (link.secret, table_id);
  *client = hearts_net_client_new (name);
  hearts_net_client_knock_async (*client, link.host, link.port, link.fingerprint, table_id, NULL, on_knocked_cb,
                                 knock);
  wait_for (knock_shown, &row);
  g_assert_cmpstr (adw_preferences_row_get_title (ADW_PREFERENCES_ROW (hearts_host_dialog_get_knock_row (dialog, id))),
                   ==, name);
  /* Where from, for the host to tell a stranger by. */
  g_assert_nonnull (strstr (adw_action_row_get_subtitle (ADW_ACTION_ROW (hearts_host_dialog_get_knock_row (dialog, id))),
                            "127.0.0.1"));
  if (g_str_equal (answer, "_Let In"))
    shot ("play-with-friends-knock.png");
  button = hearts_test_find_button (hearts_host_dialog_get_knock_row (dialog, id), answer);
  g_assert_nonnull (button);
  g_signal_emit_by_name (button, "clicked");
  wait_for (knock_done, knock);
  /* The knock is over: its row went. */
  g_assert_null (hearts_host_dialog_get_knock_row (dialog, id));
}

static void
test_knock (void)
{
  HeartsWindow *host = new_window (21);
  GtkWidget    *dialog;
  Knock         eve = { 0 }, ada = { 0 };
  g_autoptr(HeartsNetClient) eve_client = NULL;
  g_autoptr(HeartsNetClient) ada_client = NULL;

  hearts_test_wait_drawn (GTK_WIDGET (host));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (host), "win.host-table", NULL));
  dialog = wait_dialog (HEARTS_TYPE_HOST_DIALOG);

  knock_at (HEARTS_HOST_DIALOG (dialog), 1, "Eve", "_Refuse", &eve, &eve_client);
  g_assert_error (eve.error, HEARTS_NET_ERROR, HEARTS_NET_BYE_NOT_LET_IN);

  /* A refusal slows the address down a moment, as a wrong secret would. */
  hearts_test_wait (400);
  knock_at (HEARTS_HOST_DIALOG (dialog), 2, GUEST_NAME, "_Let In", &ada, &ada_client);
  g_assert_no_error (ada.error);
  wait_for (seat_taken, dialog);
  g_clear_error (&eve.error);

  hearts_net_client_leave (ada_client);
  hearts_test_destroy_window (GTK_WINDOW (host));
}

/* hearts-server on loopback, with no state kept; its link. The players here move at the
 * machine's speed, faster than the 20 messages a second a person's program may send. */
static GSubprocess *
start_server (char **link)
{
  const char *bin = g_getenv ("HEARTS_SERVER");
  g_autoptr(GError) error = NULL;
  g_autoptr(GDataInputStream) out = NULL;
  g_autofree char *dir = g_dir_make_tmp ("hearts-server-XXXXXX", &error);
  g_autoptr(GSubprocessLauncher) launcher = hearts_test_launcher_new (G_SUBPROCESS_FLAGS_STDOUT_PIPE);
  GSubprocess *server;

  g_assert_no_error (error);
  g_assert_nonnull (bin);
  server = g_subprocess_launcher_spawn (launcher, &error, bin, "--address", "127.0.0.1", "--port", "0", "--name",
                                        "127.0.0.1", "--state-dir", dir, "--no-save", "--rate", "1000", NULL);
  g_assert_no_error (error);
  out = g_data_input_stream_new (g_subprocess_get_stdout_pipe (server));
  for (;;)
    {
      g_autofree char *line = g_data_input_stream_read_line (out, NULL, NULL, &error);

      g_assert_no_error (error);
      g_assert_nonnull (line);
      if (g_str_has_prefix (line, "server link (to make tables here): "))
        {
          *link = g_strdup (line + strlen ("server link (to make tables here): "));
          return server;
        }
    }
}

static gboolean
client_joined (gpointer data)
{
  return HEARTS_IS_REMOTE_SEAT_VIEW (hearts_window_get_seat_view (data));
}

/* The table made on a hearts-server named in Preferences: the host sits at its first
 * seat and starts it from the same dialog. */
static void
test_on_a_server (void)
{
  g_autofree char *link = NULL;
  g_autoptr(GSubprocess) server = NULL;
  Table table = { 0 };
  GSettings *settings;
  GtkWidget *host_dialog, *join_dialog;
  g_autofree char *invitation = NULL;
  const HeartsHandResult *host_result, *guest_result;

  /* Built without hearts-server (-Dserver=false): nothing to make a table on. */
  if (!g_file_test (g_getenv ("HEARTS_SERVER"), G_FILE_TEST_IS_EXECUTABLE))
    {
      g_test_skip ("hearts-server is not built");
      return;
    }
  server = start_server (&link);
  table.host = new_window (31);
  table.guest = new_window (32);
  settings = hearts_settings_get_settings (hearts_window_get_settings (table.host));
  g_settings_set_string (settings, "player-name", "Grace");
  g_settings_set_string (settings, "table-server", link);

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (table.host), "win.host-table", NULL));
  host_dialog = wait_dialog (HEARTS_TYPE_HOST_DIALOG);
  g_assert_true (client_joined (table.host));
  g_assert_cmpuint (hearts_seat_view_get_seat (hearts_window_get_seat_view (table.host)), ==, 0);
  invitation = g_strdup (hearts_host_dialog_get_invitation (HEARTS_HOST_DIALOG (host_dialog)));
  g_assert_true (g_str_has_prefix (invitation, "hearts://127.0.0.1:"));
  shot ("play-with-friends-server-dialog.png");

  g_settings_set_string (settings, "player-name", GUEST_NAME);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (table.guest), "win.join-table", NULL));
  join_dialog = wait_dialog (HEARTS_TYPE_JOIN_DIALOG);
  hearts_join_dialog_set_invitation (HEARTS_JOIN_DIALOG (join_dialog), invitation);
  g_assert_true (gtk_widget_activate_action (join_dialog, "join.join", NULL));
  g_test_message ("guest joining: %s", hearts_join_dialog_get_status (HEARTS_JOIN_DIALOG (join_dialog)));
  wait_for (client_joined, table.guest);
  g_test_message ("guest joined");
  wait_for (seat_taken, host_dialog);
  g_test_message ("seat taken");

  g_assert_true (gtk_widget_activate_action (host_dialog, "host.start", NULL));
  wait_for (play_on, &table);
  host_result = hearts_seat_view_get_result (hearts_window_get_seat_view (table.host), 0);
  guest_result = hearts_seat_view_get_result (hearts_window_get_seat_view (table.guest), 0);
  g_test_message ("host: %d %d %d %d (%u results); guest: %d %d %d %d (%u results)", host_result->points[0],
                  host_result->points[1], host_result->points[2], host_result->points[3],
                  hearts_seat_view_get_n_results (hearts_window_get_seat_view (table.host)), guest_result->points[0],
                  guest_result->points[1], guest_result->points[2], guest_result->points[3],
                  hearts_seat_view_get_n_results (hearts_window_get_seat_view (table.guest)));
  g_assert_cmpmem (host_result->points, sizeof host_result->points, guest_result->points, sizeof guest_result->points);
  g_assert_cmpstr (hearts_seat_view_get_player_names (hearts_window_get_seat_view (table.guest))[0], ==, "Grace");

  g_settings_reset (settings, "table-server");
  g_settings_reset (settings, "player-name");
  hearts_test_destroy_window (GTK_WINDOW (table.guest));
  hearts_test_destroy_window (GTK_WINDOW (table.host));
  g_subprocess_force_exit (server);
}

int
main (int   argc,
      char *argv[])
{
  hearts_test_init_widgets (&argc, &argv);
  g_test_add_func ("/play-with-friends/host-and-guest", test_host_and_guest);
  g_test_add_func ("/play-with-friends/on-a-server", test_on_a_server);
  g_test_add_func ("/play-with-friends/knock", test_knock);
  return g_test_run ();
}
