/* net-test-tool.c: a person or a host in a process of its own, for the fault tests
 *
 *   net-test-tool client INVITATION SEAT SEED [TOKEN]
 *       joins as a person whose seat the Normal player plays, prints
 *       "joined SEAT TOKEN HAND TABLE" (hex: its cards, the cards on the table) and plays
 *       until the game is over.
 *   net-test-tool host DIR
 *       a new game whose four seats are open for people, kept in DIR/saved-game with its
 *       table; prints "host PORT INVITATION", starts once all four sat down.
 *   net-test-tool resume DIR PORT
 *       the game and table of DIR/saved-game again, on PORT; prints "resumed".
 *   net-test-tool announce
 *       a table announced on the local network as "Grace’s table" (Avahi), seats 1 to 3
 *       open: lets in a knock of Ada's, refuses any other; withdraws the announcement
 *       once Ada sits, and ends (0) when she leaves, or fails (1) after a minute.
 *
 * A line on the standard output for each step, flushed: the test reads them.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>

#include "hearts-net-announcer.h"
#include "hearts-net-host.h"
#include "hearts-saved-game.h"
#include "hearts-seat-state-private.h"
#include "net-test-util.h"

static GMainLoop *loop;

static void
say (const char *format,
     ...) G_GNUC_PRINTF (1, 2);

static void
say (const char *format,
     ...)
{
  va_list args;

  va_start (args, format);
  vprintf (format, args);
  va_end (args);
  putchar ('\n');
  fflush (stdout);
}

/* A person */

static void
on_view_event_cb (HeartsSeatView        *view,
                  const HeartsSeatEvent *event,
                  gpointer               user_data)
{
  if (event->kind == HEARTS_SEAT_EVENT_GAME_OVER)
    g_main_loop_quit (loop);
}

static void
on_client_closed_cb (HeartsNetClient *client,
                     guint            reason,
                     const char      *detail)
{
  say ("closed %u %s", reason, detail);
  exit (3);
}

static int
run_client (const char *invitation,
            guint       seat,
            guint64     seed,
            const char *token_hex)
{
  NetBot *bot = net_bot_new ("Tool", HEARTS_AI_NORMAL, seed);
  g_autoptr(GString) token = g_string_new (NULL);
  g_autoptr(GBytes) mine = NULL;
  const HeartsSeatState *state;
  HeartsCard             table[HEARTS_MAX_PLAYERS];
  guint64                on_table = 0;
  guint                  n;

  hearts_net_client_set_wanted_seat (bot->client, seat);
  if (token_hex != NULL)
    {
      guint8 bytes[HEARTS_NET_TOKEN_SIZE];

      for (guint i = 0; i < sizeof bytes; i++)
        {
          char pair[3] = { token_hex[2 * i], token_hex[2 * i + 1], 0 };

          bytes[i] = strtoul (pair, NULL, 16);
        }
      mine = g_bytes_new (bytes, sizeof bytes);
      hearts_net_client_set_token (bot->client, mine);
      g_clear_pointer (&mine, g_bytes_unref);
    }
  net_bot_join (bot, invitation);
  if (!net_bot_wait_joined (bot))
    {
      say ("failed %s", bot->error->message);
      return 2;
    }
  g_signal_connect (bot->client, "closed", G_CALLBACK (on_client_closed_cb), NULL);
  g_signal_connect (bot->view, "event", G_CALLBACK (on_view_event_cb), NULL);

  mine = hearts_net_client_get_token (bot->client);
  for (gsize i = 0; i < g_bytes_get_size (mine); i++)
    g_string_append_printf (token, "%02x", ((const guint8 *) g_bytes_get_data (mine, NULL))[i]);
  state = hearts_seat_view_get_state (bot->view);
  n = hearts_seat_state_get_table (state, table, NULL);
  for (guint i = 0; i < n; i++)
    on_table |= G_GUINT64_CONSTANT (1) << table[i];
  say ("joined %u %s %" G_GINT64_MODIFIER "x %" G_GINT64_MODIFIER "x", hearts_net_client_get_seat (bot->client),
       token->str, hearts_seat_state_get_hand (state), on_table);

  loop = g_main_loop_new (NULL, FALSE);
  if (hearts_seat_view_get_phase (bot->view) != HEARTS_PHASE_GAME_OVER)
    g_main_loop_run (loop);
  say ("over");
  return 0;
}

/* A host */

typedef struct
{
  HeartsSavedGame *saved;
  HeartsNetHost   *host;
} Keeper;

static void
on_host_changed_cb (HeartsNetHost *host,
                    Keeper        *keeper)
{
  g_autoptr(GVariant) table = hearts_net_host_save (host);

  hearts_saved_game_set_table (keeper->saved, table);
  /* Who sat down must be on the disk before anyone is told. */
  hearts_saved_game_flush (keeper->saved);
}

/* Each hand on the disk before it is dealt to anyone: the fault test kills the host
 * in the second hand and must find at least the first one's result in the file, however
 * far behind the threaded writes run on a loaded machine. */
static void
on_hand_started_cb (HeartsGame *game,
                    guint       hand,
                    Keeper     *keeper)
{
  hearts_saved_game_flush (keeper->saved);
}

static HeartsSavedGame *
saved_game (const char *dir)
{
  g_autofree char *path = g_build_filename (dir, "saved-game", NULL);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(GSettings) settings = g_settings_new (HEARTS_SCHEMA_ID);

  return hearts_saved_game_new (settings, file);
}

static int
serve (HeartsGame      *game,
       HeartsNetHost   *host,
       HeartsSavedGame *saved,
       const char      *dir,
       guint16          port)
{
  g_autoptr(GTlsCertificate) certificate = net_test_certificate (dir);
  g_autoptr(HeartsNetServer) server = hearts_net_server_new (certificate);
  g_autoptr(HeartsGameRunner) runner = hearts_game_runner_new ();
  g_autoptr(GError) error = NULL;
  g_autofree char *invitation = NULL;
  Keeper           keeper = { saved, host };

  HeartsNetLimits limits;

  /* Players at the machine's speed send more than people would. */
  hearts_net_limits_init (&limits);
  limits.rate = limits.burst = 10000;
  hearts_net_server_set_limits (server, &limits);
  hearts_game_runner_set_auto_finish (runner, FALSE);
  if (!hearts_net_server_listen (server, "127.0.0.1", port, &error))
    {
      say ("failed %s", error->message);
      return 2;
    }
  hearts_net_server_set_public_name (server, "127.0.0.1");
  hearts_net_server_add_host (server, host);
  g_signal_connect (host, "changed", G_CALLBACK (on_host_changed_cb), &keeper);
  on_host_changed_cb (host, &keeper);
  g_signal_connect_after (game, "hand-started", G_CALLBACK (on_hand_started_cb), &keeper);
  hearts_game_runner_set_game (runner, game, NULL);
  invitation = hearts_net_server_get_invitation (server, host);
  say ("host %u %s", hearts_net_server_get_port (server), invitation);

  loop = g_main_loop_new (NULL, FALSE);
  g_main_loop_run (loop);
  return 0;
}

static int
run_host (const char *dir)
{
  g_autoptr(HeartsSavedGame) saved = saved_game (dir);
  g_autoptr(HeartsGame) game = NULL;
  g_autoptr(HeartsNetHost) host = NULL;
  HeartsRules rules;

  hearts_rules_init_default (&rules);
  game = hearts_game_new (&rules, 4242);
  host = hearts_net_host_new (game);
  for (guint s = 0; s < 4; s++)
    hearts_net_host_open_seat (host, s);
  hearts_net_host_set_auto_start (host, TRUE);
  hearts_saved_game_follow (saved, game, HEARTS_PRESET_STANDARD);
  return serve (game, host, saved, dir, 0);
}

static int
run_resume (const char *dir,
            guint16     port)
{
  g_autoptr(HeartsSavedGame) saved = saved_game (dir);
  g_autoptr(HeartsGame) game = NULL;
  g_autoptr(HeartsNetHost) host = NULL;
  g_autoptr(GError) error = NULL;

  game = hearts_saved_game_restore (saved, &error);
  if (game == NULL || hearts_saved_game_get_table (saved) == NULL)
    {
      say ("failed %s", error != NULL ? error->message : "no table");
      return 2;
    }
  host = hearts_net_host_new_from_saved (game, hearts_saved_game_get_table (saved), &error);
  if (host == NULL)
    {
      say ("failed %s", error->message);
      return 2;
    }
  hearts_saved_game_follow (saved, game, hearts_saved_game_get_preset (saved));
  say ("resumed");
  return serve (game, host, saved, dir, port);
}

/* A table announced */

typedef struct
{
  NetTable           *table;
  HeartsNetAnnouncer *announcer;
  gboolean            seated;
  int                 status;
} Announced;

static void
on_knock_cb (HeartsNetServer *server,
             HeartsNetHost   *host,
             guint            knock,
             const char      *name,
             const char      *address,
             Announced       *announced)
{
  say ("knock %s", name);
  hearts_net_server_answer_knock (server, knock, g_str_equal (name, "Ada"));
}

static void
on_announced_cb (HeartsNetAnnouncer *announcer,
                 GParamSpec         *pspec,
                 Announced          *announced)
{
  say ("announced %d %s", hearts_net_announcer_get_announced (announcer), hearts_net_announcer_get_name (announcer));
}

static void
on_seats_changed_cb (HeartsNetHost *host,
                     Announced     *announced)
{
  gboolean seated = FALSE;

  for (guint s = 1; s < 4; s++)
    seated |= hearts_net_host_get_seat_kind (host, s) == HEARTS_NET_SEAT_PERSON;
  if (seated && !announced->seated)
    {
      /* As the game's window does once the table is full or begins. */
      say ("seated");
      hearts_net_server_set_knockable (announced->table->server, host, FALSE);
      g_clear_object (&announced->announcer);
    }
  else if (!seated && announced->seated)
    {
      say ("left");
      announced->status = 0;
      g_main_loop_quit (loop);
    }
  announced->seated = seated;
}

static gboolean
on_too_long_cb (gpointer user_data)
{
  say ("nobody came");
  g_main_loop_quit (loop);
  return G_SOURCE_REMOVE;
}

static int
run_announce (void)
{
  Announced   announced = { .status = 1 };
  HeartsRules rules;

  loop = g_main_loop_new (NULL, FALSE);
  hearts_rules_init_default (&rules);
  announced.table = net_table_new (&rules, 4242, 0xe, NULL);
  g_signal_connect (announced.table->server, "knock", G_CALLBACK (on_knock_cb), &announced);
  g_signal_connect (announced.table->host, "seats-changed", G_CALLBACK (on_seats_changed_cb), &announced);
  hearts_net_server_set_knockable (announced.table->server, announced.table->host, TRUE);
  announced.announcer =
    hearts_net_announcer_new ("Grace’s table", hearts_net_server_get_port (announced.table->server),
                              hearts_net_host_get_id (announced.table->host),
                              hearts_net_server_get_fingerprint (announced.table->server));
  g_signal_connect (announced.announcer, "notify::announced", G_CALLBACK (on_announced_cb), &announced);
  say ("host %u", hearts_net_server_get_port (announced.table->server));
  g_timeout_add_seconds (60, on_too_long_cb, NULL);
  g_main_loop_run (loop);
  g_clear_object (&announced.announcer);
  g_signal_handlers_disconnect_by_data (announced.table->server, &announced);
  g_signal_handlers_disconnect_by_data (announced.table->host, &announced);
  net_table_free (announced.table);
  return announced.status;
}

int
main (int   argc,
      char *argv[])
{
  if (argc >= 5 && g_str_equal (argv[1], "client"))
    return run_client (argv[2], atoi (argv[3]), g_ascii_strtoull (argv[4], NULL, 10), argc > 5 ? argv[5] : NULL);
  if (argc == 3 && g_str_equal (argv[1], "host"))
    return run_host (argv[2]);
  if (argc == 2 && g_str_equal (argv[1], "announce"))
    return run_announce ();
  if (argc == 4 && g_str_equal (argv[1], "resume"))
    return run_resume (argv[2], atoi (argv[3]));
  fprintf (stderr, "usage: net-test-tool client INVITATION SEAT SEED [TOKEN] | host DIR | resume DIR PORT | announce\n");
  return 1;
}
