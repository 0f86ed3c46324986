/* test-net-faults.c: what breaks at a table, and how it goes on
 *
 * A person's program killed with SIGKILL in the middle of a trick comes back with its
 * token at the exact move, the computer never having played for it; the host killed
 * with SIGKILL is resumed from its saved game and its table, and the people come back
 * and play the game out; a connection that stalls (a proxy here stops forwarding,
 * both ways) is found out by both ends, by their idle deadlines (the times are printed,
 * not asserted: a loaded machine runs late). The people and hosts
 * that are killed are processes of their own (net-test-tool).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <signal.h>
#include <stdlib.h>
#include <string.h>

#include "hearts-game-deal.h"
#include "hearts-game-private.h"
#include "hearts-local-seat-view.h"
#include "hearts-net-link.h"
#include "hearts-seat-state-private.h"
#include "net-test-util.h"

/* A process of net-test-tool, read line by line. */

typedef struct
{
  GSubprocess      *process;
  GDataInputStream *out;
  char             *line;
  gboolean          reading;
  gboolean          ended;
} Tool;

static void
on_line_cb (GObject      *source,
            GAsyncResult *result,
            gpointer      user_data)
{
  Tool *tool = user_data;

  tool->reading = FALSE;
  tool->line = g_data_input_stream_read_line_finish (G_DATA_INPUT_STREAM (source), result, NULL, NULL);
  if (tool->line == NULL)
    tool->ended = TRUE;
}

static gboolean
line_read (gpointer data)
{
  Tool *tool = data;

  return tool->line != NULL || tool->ended;
}

static Tool *
tool_spawn (const char *first,
            ...)
{
  g_autoptr(GPtrArray) argv = g_ptr_array_new ();
  g_autoptr(GError) error = NULL;
  Tool       *tool = g_new0 (Tool, 1);
  const char *arg;
  va_list     args;

  g_ptr_array_add (argv, (gpointer) g_getenv ("NET_TEST_TOOL"));
  va_start (args, first);
  for (arg = first; arg != NULL; arg = va_arg (args, const char *))
    g_ptr_array_add (argv, (gpointer) arg);
  va_end (args);
  g_ptr_array_add (argv, NULL);
  g_assert_nonnull (g_ptr_array_index (argv, 0));
  tool->process = net_test_spawn ((const char * const *) argv->pdata, &error);
  g_assert_no_error (error);
  tool->out = g_data_input_stream_new (g_subprocess_get_stdout_pipe (tool->process));
  return tool;
}

/* The next line it says, split in words. */
static GStrv
tool_read (Tool *tool)
{
  GStrv words;

  g_clear_pointer (&tool->line, g_free);
  tool->reading = TRUE;
  g_data_input_stream_read_line_async (tool->out, G_PRIORITY_DEFAULT, NULL, on_line_cb, tool);
  g_assert_true (hearts_test_iterate_until (line_read, tool, HEARTS_TEST_TIMEOUT_MS));
  g_assert_nonnull (tool->line);
  g_test_message ("tool: %s", tool->line);
  words = g_strsplit (tool->line, " ", -1);
  return words;
}

static void
tool_kill (Tool *tool)
{
  g_subprocess_send_signal (tool->process, SIGKILL);
  g_assert_true (g_subprocess_wait (tool->process, NULL, NULL));
}

static void
tool_free (Tool *tool)
{
  if (g_subprocess_get_identifier (tool->process) != NULL)
    tool_kill (tool);
  /* A read in flight finishes first. */
  g_assert_true (hearts_test_iterate_until (line_read, tool, HEARTS_TEST_TIMEOUT_MS) || !tool->reading);
  g_clear_object (&tool->out);
  g_clear_object (&tool->process);
  g_free (tool->line);
  g_free (tool);
}

static const char *names[] = { "Ada", "Grace", "Edsger", "Barbara" };

/* A person killed mid-trick */

typedef struct
{
  HeartsGame *game;
  gboolean    mid_trick;
} Watch;

static void
on_card_played_cb (HeartsGame *game,
                   guint       seat,
                   guint       card,
                   Watch      *watch)
{
  const HeartsDeal *deal = hearts_game_get_deal (game);

  /* The second hand, two cards on the table. */
  if (hearts_game_get_n_results (game) == 1 && deal->trick_len == 2 && deal->n_plays > 8)
    watch->mid_trick = TRUE;
}

static gboolean
is_mid_trick (gpointer data)
{
  return ((Watch *) data)->mid_trick;
}

static gboolean
away (gpointer data)
{
  return hearts_net_host_get_seat_kind (data, 0) == HEARTS_NET_SEAT_AWAY;
}

/* The table waits on seat 0: nothing more happens until it moves. */
static gboolean
waiting_for_seat_0 (gpointer data)
{
  HeartsGame *game = data;

  if (hearts_game_get_phase (game) == HEARTS_PHASE_PASSING)
    return !hearts_game_has_passed (game, 0);
  return hearts_game_get_current_player (game) == 0 && !hearts_game_get_thinking (game);
}

static void
on_notice_cb (HeartsNetHost *host,
              guint          kind,
              guint          seat,
              const char    *name,
              guint         *notices)
{
  if (seat == 0)
    notices[kind]++;
}

static void
test_client_killed (void)
{
  g_autoptr(HeartsSeatView) seat_0 = NULL;
  g_auto(GStrv) joined = NULL;
  g_auto(GStrv) back = NULL;
  g_auto(GStrv) over = NULL;
  g_autofree char *hand = NULL;
  g_autofree char *table_cards = NULL;
  HeartsRules      rules;
  NetTable        *table;
  NetBot          *bots[4] = { NULL };
  Tool            *tool;
  Watch            watch = { 0 };
  guint            notices[HEARTS_NET_N_NOTICES] = { 0 };
  HeartsCard       cards[HEARTS_MAX_PLAYERS];
  guint64          on_table = 0;
  guint            n;

  hearts_rules_init_default (&rules);
  rules.end = HEARTS_END_DEALS;
  rules.end_value = 3;
  table = net_table_new (&rules, 31, 0xf, NULL);
  hearts_net_host_set_grace (table->host, 60000);
  g_signal_connect (table->host, "notice", G_CALLBACK (on_notice_cb), notices);
  seat_0 = hearts_local_seat_view_new (table->game, NULL, 0);

  tool = tool_spawn ("client", table->invitation, "0", "7", NULL);
  joined = tool_read (tool);
  g_assert_cmpstr (joined[0], ==, "joined");
  g_assert_cmpstr (joined[1], ==, "0");
  for (guint s = 1; s < 4; s++)
    {
      bots[s] = net_bot_new (names[s], HEARTS_AI_NORMAL, hearts_game_seat_seed (31, s));
      hearts_net_client_set_wanted_seat (bots[s]->client, s);
      net_bot_join (bots[s], table->invitation);
      g_assert_true (net_bot_wait_joined (bots[s]));
    }
  watch.game = table->game;
  g_signal_connect (table->game, "card-played", G_CALLBACK (on_card_played_cb), &watch);
  hearts_net_host_start (table->host);

  /* Killed in the middle of a trick, without a word. */
  g_assert_true (hearts_test_iterate_until (is_mid_trick, &watch, HEARTS_TEST_TIMEOUT_MS));
  tool_kill (tool);
  tool_free (tool);
  g_assert_true (hearts_test_iterate_until (away, table->host, HEARTS_TEST_TIMEOUT_MS));
  g_assert_cmpuint (notices[HEARTS_NET_NOTICE_LOST], ==, 1);
  /* The others play on up to seat 0's move; then the table waits for its person. */
  g_assert_true (hearts_test_iterate_until (waiting_for_seat_0, table->game, HEARTS_TEST_TIMEOUT_MS));

  /* Back with its token, told exactly the move the table waits on (which nothing
   * changes until it moves). */
  n = hearts_seat_state_get_table (hearts_seat_view_get_state (seat_0), cards, NULL);
  for (guint i = 0; i < n; i++)
    on_table |= G_GUINT64_CONSTANT (1) << cards[i];
  hand = g_strdup_printf ("%" G_GINT64_MODIFIER "x", hearts_seat_state_get_hand (hearts_seat_view_get_state (seat_0)));
  table_cards = g_strdup_printf ("%" G_GINT64_MODIFIER "x", on_table);
  tool = tool_spawn ("client", table->invitation, "0", "7", joined[2], NULL);
  back = tool_read (tool);
  g_assert_cmpstr (back[0], ==, "joined");
  g_assert_cmpstr (back[1], ==, "0");
  g_assert_cmpstr (back[2], ==, joined[2]);
  g_assert_cmpstr (back[3], ==, hand);
  g_assert_cmpstr (back[4], ==, table_cards);
  g_assert_cmpuint (notices[HEARTS_NET_NOTICE_BACK], ==, 1);

  /* Its person plays the game out: the computer never played for it. */
  g_assert_true (net_wait_game_over (table->game));
  over = tool_read (tool);
  g_assert_cmpstr (over[0], ==, "over");
  g_assert_cmpuint (notices[HEARTS_NET_NOTICE_COMPUTER], ==, 0);
  g_assert_true (hearts_game_seat_is_human (table->game, 0));
  /* It says "over" as it ends. */
  g_assert_true (g_subprocess_wait (tool->process, NULL, NULL));
  g_assert_cmpint (g_subprocess_get_exit_status (tool->process), ==, 0);
  tool_free (tool);

  for (guint s = 1; s < 4; s++)
    net_bot_free (bots[s]);
  g_clear_object (&seat_0);
  net_table_free (table);
}

/* The host killed, and resumed from its saved game */

static gboolean
in_second_hand (gpointer data)
{
  NetBot        **bots = data;
  HeartsSeatView *view = bots[0]->view;

  return view != NULL && hearts_seat_view_get_n_results (view) == 1 &&
         hearts_seat_view_get_phase (view) == HEARTS_PHASE_PLAYING &&
         hearts_seat_state_get_n_tricks (hearts_seat_view_get_state (view)) >= 3;
}

static void
test_host_killed (void)
{
  g_autofree char *dir = hearts_test_make_tmp_dir ("hearts-host-XXXXXX");
  g_auto(GStrv) hosting = NULL;
  g_auto(GStrv) resumed = NULL;
  g_auto(GStrv) again = NULL;
  NetBot *bots[5] = { NULL };
  Tool   *host;

  host = tool_spawn ("host", dir, NULL);
  hosting = tool_read (host);
  g_assert_cmpstr (hosting[0], ==, "host");
  for (guint s = 0; s < 4; s++)
    {
      bots[s] = net_bot_new (names[s], HEARTS_AI_NORMAL, s + 1);
      hearts_net_client_set_wanted_seat (bots[s]->client, s);
      net_bot_join (bots[s], hosting[2]);
      g_assert_true (net_bot_wait_joined (bots[s]));
    }

  /* Killed in the middle of the second hand. */
  g_assert_true (hearts_test_iterate_until (in_second_hand, bots, HEARTS_TEST_TIMEOUT_MS * 2));
  tool_kill (host);
  tool_free (host);
  g_assert_true (hearts_test_iterate_until (net_bots_closed, bots, HEARTS_TEST_TIMEOUT_MS));

  /* Resumed from its file, on its port: the same invitation brings everyone back. */
  host = tool_spawn ("resume", dir, hosting[1], NULL);
  resumed = tool_read (host);
  g_assert_cmpstr (resumed[0], ==, "resumed");
  again = tool_read (host);
  g_assert_cmpstr (again[0], ==, "host");
  g_assert_cmpstr (again[2], ==, hosting[2]);
  for (guint s = 0; s < 4; s++)
    {
      net_bot_join (bots[s], hosting[2]);
      g_assert_true (net_bot_wait_joined (bots[s]));
      g_assert_cmpuint (hearts_net_client_get_seat (bots[s]->client), ==, s);
      g_assert_cmpuint (hearts_seat_view_get_n_results (bots[s]->view), >=, 1);
    }
  g_assert_true (hearts_test_iterate_until (net_bots_over, bots, HEARTS_TEST_TIMEOUT_MS * 4));

  for (guint s = 0; s < 4; s++)
    net_bot_free (bots[s]);
  tool_free (host);
  hearts_test_remove_tree (dir);
}

/* A connection that stalls */

typedef struct
{
  GSocketListener   *listener;
  guint16            port;
  guint16            upstream;
  GSocketConnection *down;
  GSocketConnection *up;
  GMutex             lock;
  GCond              cond;
  gboolean           stalled;
  gboolean           closing;
  GThread           *pumps[2];
  GThread           *acceptor;
} Proxy;

typedef struct
{
  Proxy             *proxy;
  GSocketConnection *from;
  GSocketConnection *to;
} Pump;

static gpointer
pump_thread (gpointer data)
{
  Pump  *pump = data;
  Proxy *proxy = pump->proxy;
  guint8 buffer[16384];

  for (;;)
    {
      gssize   n = g_input_stream_read (g_io_stream_get_input_stream (G_IO_STREAM (pump->from)), buffer, sizeof buffer,
                                        NULL, NULL);
      gboolean closing;

      if (n <= 0)
        break;
      /* Stalled: what was read is held, nothing goes on, and nothing more is read. */
      g_mutex_lock (&proxy->lock);
      while (proxy->stalled && !proxy->closing)
        g_cond_wait (&proxy->cond, &proxy->lock);
      closing = proxy->closing;
      g_mutex_unlock (&proxy->lock);
      if (closing || !g_output_stream_write_all (g_io_stream_get_output_stream (G_IO_STREAM (pump->to)), buffer, n,
                                                 NULL, NULL, NULL))
        break;
    }
  g_free (pump);
  return NULL;
}

static gpointer
accept_thread (gpointer data)
{
  Proxy *proxy = data;
  g_autoptr(GSocketClient) client = g_socket_client_new ();
  Pump *a = g_new0 (Pump, 1), *b = g_new0 (Pump, 1);

  proxy->down = g_socket_listener_accept (proxy->listener, NULL, NULL, NULL);
  g_assert_nonnull (proxy->down);
  proxy->up = g_socket_client_connect_to_host (client, "127.0.0.1", proxy->upstream, NULL, NULL);
  g_assert_nonnull (proxy->up);
  *a = (Pump){ proxy, proxy->down, proxy->up };
  *b = (Pump){ proxy, proxy->up, proxy->down };
  proxy->pumps[0] = g_thread_new ("pump-up", pump_thread, a);
  proxy->pumps[1] = g_thread_new ("pump-down", pump_thread, b);
  return NULL;
}

static Proxy *
proxy_new (guint16 upstream)
{
  Proxy *proxy = g_new0 (Proxy, 1);
  g_autoptr(GInetAddress) loopback = g_inet_address_new_from_string ("127.0.0.1");
  g_autoptr(GSocketAddress) where = g_inet_socket_address_new (loopback, 0);
  g_autoptr(GSocketAddress) bound = NULL;

  proxy->upstream = upstream;
  proxy->listener = g_socket_listener_new ();
  g_assert_true (g_socket_listener_add_address (proxy->listener, where, G_SOCKET_TYPE_STREAM, G_SOCKET_PROTOCOL_TCP,
                                                NULL, &bound, NULL));
  proxy->port = g_inet_socket_address_get_port (G_INET_SOCKET_ADDRESS (bound));
  g_mutex_init (&proxy->lock);
  g_cond_init (&proxy->cond);
  proxy->acceptor = g_thread_new ("proxy", accept_thread, proxy);
  return proxy;
}

static void
proxy_stall (Proxy *proxy)
{
  g_mutex_lock (&proxy->lock);
  proxy->stalled = TRUE;
  g_mutex_unlock (&proxy->lock);
}

static void
proxy_free (Proxy *proxy)
{
  g_mutex_lock (&proxy->lock);
  proxy->closing = TRUE;
  g_cond_broadcast (&proxy->cond);
  g_mutex_unlock (&proxy->lock);
  g_thread_join (proxy->acceptor);
  /* Closing a socket does not wake a thread blocked reading it; shutting it down does. */
  g_socket_shutdown (g_socket_connection_get_socket (proxy->down), TRUE, TRUE, NULL);
  g_socket_shutdown (g_socket_connection_get_socket (proxy->up), TRUE, TRUE, NULL);
  for (guint i = 0; i < 2; i++)
    g_thread_join (proxy->pumps[i]);
  g_io_stream_close (G_IO_STREAM (proxy->down), NULL, NULL);
  g_io_stream_close (G_IO_STREAM (proxy->up), NULL, NULL);
  g_clear_object (&proxy->down);
  g_clear_object (&proxy->up);
  g_socket_listener_close (proxy->listener);
  g_clear_object (&proxy->listener);
  g_mutex_clear (&proxy->lock);
  g_cond_clear (&proxy->cond);
  g_free (proxy);
}

typedef struct
{
  gint64  host_saw;
  gint64  client_saw;
  NetBot *bot;
} Stall;

static void
on_stall_notice_cb (HeartsNetHost *host,
                    guint          kind,
                    guint          seat,
                    const char    *name,
                    Stall         *stall)
{
  if (seat == 0 && kind == HEARTS_NET_NOTICE_LOST && stall->host_saw == 0)
    stall->host_saw = g_get_monotonic_time ();
}

static gboolean
both_saw (gpointer data)
{
  Stall *stall = data;

  if (stall->bot->closed && stall->client_saw == 0)
    stall->client_saw = g_get_monotonic_time ();
  return stall->host_saw != 0 && stall->client_saw != 0;
}

static gboolean
played_some (gpointer data)
{
  return ((NetBot *) data)->moves >= 5;
}

#define STALL_IDLE_MS 1500
#define STALL_PING_MS 300

static void
test_stall (void)
{
  HeartsNetLimits  limits;
  HeartsRules      rules;
  NetTable        *table;
  Proxy           *proxy;
  Stall            stall = { 0 };
  g_autofree char *invitation = NULL;
  HeartsNetLink    link;
  gint64           stalled;

  hearts_net_limits_init (&limits);
  limits.idle_ms = STALL_IDLE_MS;
  limits.rate = limits.burst = 10000;
  hearts_rules_init_default (&rules);
  table = net_table_new (&rules, 5, 0x1, &limits);
  for (guint s = 1; s < 4; s++)
    hearts_game_set_seat_level (table->game, s, HEARTS_AI_RANDOM);
  g_signal_connect (table->host, "notice", G_CALLBACK (on_stall_notice_cb), &stall);

  /* The same invitation, by way of the proxy. */
  proxy = proxy_new (hearts_net_server_get_port (table->server));
  g_assert_true (hearts_net_link_parse (table->invitation, &link, NULL));
  link.port = proxy->port;
  invitation = hearts_net_link_to_string (&link);
  stall.bot = net_bot_new ("Ada", HEARTS_AI_RANDOM, 1);
  hearts_net_client_set_deadlines (stall.bot->client, STALL_PING_MS, STALL_IDLE_MS);
  net_bot_join (stall.bot, invitation);
  g_assert_true (net_bot_wait_joined (stall.bot));
  hearts_net_host_start (table->host);

  /* It plays a while through the proxy, then the proxy stops forwarding. */
  g_assert_true (hearts_test_iterate_until (played_some, stall.bot, HEARTS_TEST_TIMEOUT_MS));
  stalled = g_get_monotonic_time ();
  proxy_stall (proxy);
  g_assert_true (hearts_test_iterate_until (both_saw, &stall, HEARTS_TEST_TIMEOUT_MS));
  g_test_message ("the host saw it after %" G_GINT64_FORMAT " ms, the client after %" G_GINT64_FORMAT " ms (deadline %u ms)",
                  (stall.host_saw - stalled) / 1000, (stall.client_saw - stalled) / 1000, STALL_IDLE_MS);
  /* No timed assertion (a loaded machine runs late): the client's reason says it was
   * its idle deadline that found the stall, and the hang guard bounds the wait. */
  g_assert_cmpuint (stall.bot->closed_reason, ==, HEARTS_NET_BYE_TIMEOUT);

  net_bot_free (stall.bot);
  proxy_free (proxy);
  net_table_free (table);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/net/faults/client-killed-mid-trick", test_client_killed);
  g_test_add_func ("/net/faults/host-killed-resumed", test_host_killed);
  g_test_add_func ("/net/faults/stall", test_stall);

  return g_test_run ();
}
