/* test-net-server.c: hearts-server, the program
 *
 * A client asks the server for a table (with the server's key, and without it: refused
 * and slowed as a wrong secret), four people sit down and play; the server is stopped
 * in the middle of the game and started again: the table is resumed from its file and
 * the same invitation brings the people back to play the game out.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <signal.h>
#include <string.h>

#include "hearts-net-link.h"
#include "net-test-util.h"

static const char *names[] = { "Ada", "Grace", "Edsger", "Barbara" };

typedef struct
{
  GSubprocess      *process;
  GDataInputStream *out;
  char             *link;
} Server;

static void
on_line_cb (GObject      *source,
            GAsyncResult *result,
            gpointer      user_data)
{
  char **line = user_data;

  *line = g_data_input_stream_read_line_finish (G_DATA_INPUT_STREAM (source), result, NULL, NULL);
  if (*line == NULL)
    *line = g_strdup ("");
}

static char *
read_line (Server *server)
{
  char *line = NULL;

  g_data_input_stream_read_line_async (server->out, G_PRIORITY_DEFAULT, NULL, on_line_cb, &line);
  while (line == NULL)
    g_main_context_iteration (NULL, TRUE);
  g_test_message ("server: %s", line);
  return line;
}

static Server *
server_start (const char *dir,
              guint16     port)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *port_text = g_strdup_printf ("%u", port);
  Server          *server = g_new0 (Server, 1);
  const char      *argv[] = { g_getenv ("HEARTS_SERVER"), "--address", "127.0.0.1", "--name", "127.0.0.1", "--port",
                              port_text, "--state-dir", dir, "--create-key", "--save-interval", "100",
                              /* Players at the machine's speed. */
                              "--rate", "10000", NULL };

  g_assert_nonnull (argv[0]);
  server->process = net_test_spawn (argv, &error);
  g_assert_no_error (error);
  server->out = g_data_input_stream_new (g_subprocess_get_stdout_pipe (server->process));
  g_free (read_line (server));
  server->link = read_line (server);
  g_assert_true (g_str_has_prefix (server->link, "server link (to make tables here): hearts://"));
  return server;
}

static void
server_stop (Server *server)
{
  /* As systemd stops it: it writes its tables and goes. */
  g_subprocess_send_signal (server->process, SIGTERM);
  g_assert_true (g_subprocess_wait (server->process, NULL, NULL));
  g_assert_true (g_subprocess_get_if_exited (server->process));
  g_assert_cmpint (g_subprocess_get_exit_status (server->process), ==, 0);
  g_clear_object (&server->out);
  g_clear_object (&server->process);
  g_free (server->link);
  g_free (server);
}

static void
on_created_cb (GObject      *source,
               GAsyncResult *result,
               gpointer      user_data)
{
  GError **error = user_data;
  char   **invitation = (char **) (error + 1);

  *invitation = hearts_net_create_table_finish (result, error);
  if (*invitation == NULL)
    *invitation = g_strdup ("");
}

static char *
create (const char *link,
        const char *from,
        GError    **error)
{
  struct
  {
    GError *error;
    char   *invitation;
  } answer = { NULL, NULL };
  g_autoptr(GInetAddress) local = g_inet_address_new_from_string (from);
  HeartsRules rules;
  guint8      kinds[4] = { HEARTS_NET_SEAT_OPEN, HEARTS_NET_SEAT_OPEN, HEARTS_NET_SEAT_OPEN, HEARTS_NET_SEAT_OPEN };
  guint8      levels[4] = { HEARTS_AI_RANDOM, HEARTS_AI_RANDOM, HEARTS_AI_RANDOM, HEARTS_AI_RANDOM };

  hearts_rules_init_default (&rules);
  rules.end = HEARTS_END_DEALS;
  rules.end_value = 3;
  hearts_net_create_table_async (link, &rules, kinds, levels, local, NULL, on_created_cb, &answer);
  while (answer.invitation == NULL)
    g_main_context_iteration (NULL, TRUE);
  if (answer.error != NULL)
    {
      g_propagate_error (error, answer.error);
      g_free (answer.invitation);
      return NULL;
    }
  return answer.invitation;
}

static gboolean
in_second_hand (gpointer data)
{
  NetBot **bots = data;

  return hearts_seat_view_get_n_results (bots[0]->view) >= 1;
}

static void
test_server (void)
{
  g_autofree char *dir = hearts_test_make_tmp_dir ("hearts-server-XXXXXX");
  g_autofree char *invitation = NULL;
  g_autofree char *keyless = NULL;
  g_autoptr(GError) error = NULL;
  const char   *link;
  HeartsNetLink parsed;
  NetBot       *bots[5] = { NULL };
  Server       *server;
  guint16       port;

  server = server_start (dir, 0);
  link = strstr (server->link, "hearts://");
  g_assert_true (hearts_net_link_parse (link, &parsed, NULL));
  g_assert_true (parsed.has_key);
  port = parsed.port;

  /* Without the key: refused, as a wrong secret (and its address slowed). */
  parsed.has_key = FALSE;
  keyless = hearts_net_link_to_string (&parsed);
  g_assert_null (create (keyless, "127.0.0.2", &error));
  g_assert_error (error, HEARTS_NET_ERROR, HEARTS_NET_BYE_BAD_SECRET);
  g_clear_error (&error);

  invitation = create (link, "127.0.0.1", &error);
  g_assert_no_error (error);
  for (guint s = 0; s < 4; s++)
    {
      bots[s] = net_bot_new (names[s], HEARTS_AI_RANDOM, s + 1);
      hearts_net_client_set_wanted_seat (bots[s]->client, s);
      net_bot_join (bots[s], invitation);
      g_assert_true (net_bot_wait_joined (bots[s]));
    }
  /* A table of people starts once all are seated. */
  g_assert_true (hearts_test_iterate_until (in_second_hand, bots, HEARTS_TEST_TIMEOUT_MS * 2));

  server_stop (server);
  g_assert_true (hearts_test_iterate_until (net_bots_closed, bots, HEARTS_TEST_TIMEOUT_MS));
  server = server_start (dir, port);
  for (guint s = 0; s < 4; s++)
    {
      net_bot_join (bots[s], invitation);
      g_assert_true (net_bot_wait_joined (bots[s]));
      g_assert_cmpuint (hearts_net_client_get_seat (bots[s]->client), ==, s);
    }
  g_assert_true (hearts_test_iterate_until (net_bots_over, bots, HEARTS_TEST_TIMEOUT_MS * 2));

  for (guint s = 0; s < 4; s++)
    net_bot_free (bots[s]);
  server_stop (server);
  hearts_test_remove_tree (dir);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/net/server/create-play-restart", test_server);

  return g_test_run ();
}
