/* net-test-util.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gstdio.h>
#include <string.h>
#ifdef __linux__
#include <signal.h>
#endif

#include "hearts-game-deal.h"
#include "hearts-game-private.h"
#include "hearts-net-cert.h"
#include "hearts-seat-state-private.h"
#include "net-test-util.h"

GTlsCertificate *
net_test_certificate (const char *dir)
{
  g_autofree char *path = g_build_filename (dir, "certificate.pem", NULL);
  g_autoptr(GError) error = NULL;
  GTlsCertificate *certificate = hearts_net_cert_load_or_create (path, &error);

  g_assert_no_error (error);
  return certificate;
}

static NetTable *
serve (NetTable              *table,
       guint16                port,
       const HeartsNetLimits *limits)
{
  g_autoptr(GError) error = NULL;
  const char *address = g_getenv ("HEARTS_NET_ADDRESS") != NULL ? g_getenv ("HEARTS_NET_ADDRESS") : "127.0.0.1";

  table->certificate = net_test_certificate (table->dir);
  table->runner = hearts_game_runner_new ();
  hearts_game_runner_set_auto_finish (table->runner, FALSE);
  table->server = hearts_net_server_new (table->certificate);
  if (limits != NULL)
    hearts_net_server_set_limits (table->server, limits);
  else
    {
      HeartsNetLimits fast;

      /* The players here move as fast as the machine goes: far more messages a second
       * than people send. */
      hearts_net_limits_init (&fast);
      fast.rate = fast.burst = 10000;
      hearts_net_server_set_limits (table->server, &fast);
    }
  /* A test in a network namespace of its own serves on its address there. */
  g_assert_true (hearts_net_server_listen (table->server, address, port, &error));
  g_assert_no_error (error);
  hearts_net_server_set_public_name (table->server, address);
  hearts_net_server_add_host (table->server, table->host);
  table->invitation = hearts_net_server_get_invitation (table->server, table->host);
  hearts_game_runner_set_game (table->runner, table->game, NULL);
  return table;
}

NetTable *
net_table_new (const HeartsRules     *rules,
               guint64                seed,
               guint                  open,
               const HeartsNetLimits *limits)
{
  NetTable *table = g_new0 (NetTable, 1);

  table->dir = hearts_test_make_tmp_dir ("hearts-net-XXXXXX");
  table->game = hearts_game_new (rules, seed);
  table->host = hearts_net_host_new (table->game);
  for (guint s = 0; s < rules->n_players; s++)
    if (open & (1u << s))
      hearts_net_host_open_seat (table->host, s);
  return serve (table, 0, limits);
}

NetTable *
net_table_resume (const char            *dir,
                  HeartsGame            *game,
                  GVariant              *table_state,
                  guint16                port,
                  const HeartsNetLimits *limits)
{
  NetTable *table = g_new0 (NetTable, 1);
  g_autoptr(GError) error = NULL;

  table->dir = g_strdup (dir);
  table->game = g_object_ref (game);
  table->host = hearts_net_host_new_from_saved (game, table_state, &error);
  g_assert_no_error (error);
  return serve (table, port, limits);
}

void
net_table_free (NetTable *table)
{
  hearts_game_runner_set_game (table->runner, NULL, NULL);
  hearts_net_server_stop (table->server);
  g_clear_object (&table->server);
  g_clear_object (&table->host);
  g_clear_object (&table->runner);
  g_clear_object (&table->game);
  g_clear_object (&table->certificate);
  g_free (table->invitation);
  hearts_test_remove_tree (table->dir);
  g_free (table->dir);
  g_free (table);
}

/* Bots */

static gboolean
act_cb (gpointer user_data)
{
  NetBot                *bot = user_data;
  HeartsSeatView        *view = bot->view;
  const HeartsSeatState *state;
  guint                  seat;

  bot->idle_id = 0;
  if (view == NULL || !bot->acting || !hearts_net_client_get_connected (bot->client))
    return G_SOURCE_REMOVE;
  state = hearts_seat_view_get_state (view);
  seat = hearts_seat_state_get_seat (state);
  switch (hearts_seat_state_get_phase (state))
    {
    case HEARTS_PHASE_PASSING:
      /* Once: other seats' passes come before the answer to this one. */
      if (!hearts_seat_state_has_passed (state, seat) && hearts_net_client_get_started (bot->client) &&
          bot->passed_hand != hearts_seat_state_get_hand_index (state) + 1)
        {
          bot->passed_hand = hearts_seat_state_get_hand_index (state) + 1;
          g_assert_true (hearts_seat_view_pass (view, hearts_ai_choose_pass (bot->ai, &state->view), NULL));
          bot->moves++;
        }
      break;
    case HEARTS_PHASE_PLAYING:
      if (hearts_seat_state_get_current_player (state) == (gint) seat && !hearts_seat_state_get_trick_waiting (state) &&
          hearts_net_client_get_started (bot->client))
        {
          g_assert_true (hearts_seat_view_play (view, hearts_ai_choose_play (bot->ai, &state->view), NULL));
          bot->moves++;
        }
      break;
    case HEARTS_PHASE_HAND_OVER:
      hearts_seat_view_next_hand (view);
      break;
    case HEARTS_PHASE_GAME_OVER:
    default:
      break;
    }
  return G_SOURCE_REMOVE;
}

static void
schedule_act (NetBot *bot)
{
  if (bot->idle_id == 0)
    bot->idle_id = g_idle_add (act_cb, bot);
}

static void
on_event_cb (HeartsSeatView        *view,
             const HeartsSeatEvent *event,
             NetBot                *bot)
{
  /* Told the game anew (an earlier move, after a host came back): its pass too. */
  if (event->kind == HEARTS_SEAT_EVENT_RESET)
    bot->passed_hand = 0;
  schedule_act (bot);
}

static void
follow_view (NetBot *bot)
{
  HeartsSeatView *view = hearts_net_client_get_view (bot->client);

  if (view == bot->view)
    return;
  if (bot->view != NULL)
    g_signal_handlers_disconnect_by_data (bot->view, bot);
  g_set_object (&bot->view, view);
  if (view != NULL)
    g_signal_connect_after (view, "event", G_CALLBACK (on_event_cb), bot);
}

static void
on_view_cb (NetBot *bot)
{
  follow_view (bot);
}

static void
on_started_cb (NetBot *bot)
{
  schedule_act (bot);
}

static void
on_closed_cb (HeartsNetClient *client,
              guint            reason,
              const char      *detail,
              NetBot          *bot)
{
  bot->closed = TRUE;
  bot->closed_reason = reason;
}

static void
on_refused_cb (HeartsNetClient *client,
               guint            move,
               guint            reason,
               NetBot          *bot)
{
  g_test_message ("%s: refused move %u: %u", hearts_net_client_get_seat_name (client, hearts_net_client_get_seat (client)), move, reason);
  bot->refused++;
}

static void
on_joined_cb (GObject      *source,
              GAsyncResult *result,
              gpointer      user_data)
{
  NetBot *bot = user_data;

  g_clear_error (&bot->error);
  bot->joined = hearts_net_client_join_finish (HEARTS_NET_CLIENT (source), result, &bot->error);
  if (bot->joined)
    {
      bot->closed = FALSE;
      follow_view (bot);
      schedule_act (bot);
    }
}

NetBot *
net_bot_new (const char   *name,
             HeartsAiLevel level,
             guint64       seed)
{
  NetBot *bot = g_new0 (NetBot, 1);

  bot->client = hearts_net_client_new (name);
  bot->ai = hearts_ai_new (level, seed);
  bot->acting = TRUE;
  g_signal_connect_swapped (bot->client, "notify::view", G_CALLBACK (on_view_cb), bot);
  g_signal_connect_swapped (bot->client, "notify::started", G_CALLBACK (on_started_cb), bot);
  g_signal_connect (bot->client, "closed", G_CALLBACK (on_closed_cb), bot);
  g_signal_connect (bot->client, "refused", G_CALLBACK (on_refused_cb), bot);
  return bot;
}

void
net_bot_join (NetBot     *bot,
              const char *invitation)
{
  bot->joined = FALSE;
  g_clear_error (&bot->error);
  hearts_net_client_join_async (bot->client, invitation, NULL, on_joined_cb, bot);
}

void
net_bot_knock_cancellable (NetBot       *bot,
                           const char   *host,
                           guint16       port,
                           const guint8 *fingerprint,
                           const char   *table_id,
                           GCancellable *cancellable)
{
  bot->joined = FALSE;
  g_clear_error (&bot->error);
  hearts_net_client_knock_async (bot->client, host, port, fingerprint, table_id, cancellable, on_joined_cb, bot);
}

void
net_bot_knock (NetBot       *bot,
               const char   *host,
               guint16       port,
               const guint8 *fingerprint,
               const char   *table_id)
{
  net_bot_knock_cancellable (bot, host, port, fingerprint, table_id, NULL);
}

static gboolean
joined_or_failed (gpointer user_data)
{
  NetBot *bot = user_data;

  return bot->joined || bot->error != NULL;
}

gboolean
net_bot_wait_joined (NetBot *bot)
{
  g_assert_true (hearts_test_iterate_until (joined_or_failed, bot, HEARTS_TEST_TIMEOUT_MS));
  return bot->joined;
}

void
net_bot_free (NetBot *bot)
{
  g_clear_handle_id (&bot->idle_id, g_source_remove);
  if (bot->view != NULL)
    g_signal_handlers_disconnect_by_data (bot->view, bot);
  g_clear_object (&bot->view);
  g_signal_handlers_disconnect_by_data (bot->client, bot);
  hearts_net_client_disconnect (bot->client);
  g_clear_object (&bot->client);
  g_clear_pointer (&bot->ai, hearts_ai_free);
  g_clear_error (&bot->error);
  g_free (bot);
}

gboolean
net_bots_closed (gpointer bots)
{
  for (NetBot **bot = bots; *bot != NULL; bot++)
    if (!(*bot)->closed)
      return FALSE;
  return TRUE;
}

gboolean
net_bots_over (gpointer bots)
{
  for (NetBot **bot = bots; *bot != NULL; bot++)
    if ((*bot)->view == NULL || hearts_seat_view_get_phase ((*bot)->view) != HEARTS_PHASE_GAME_OVER)
      return FALSE;
  return TRUE;
}

static gboolean
game_over (gpointer user_data)
{
  return hearts_game_get_phase (user_data) == HEARTS_PHASE_GAME_OVER;
}

gboolean
net_wait_game_over (HeartsGame *game)
{
  return hearts_test_iterate_until (game_over, game, HEARTS_TEST_TIMEOUT_MS * 4);
}

HeartsGame *
net_play_locally (const HeartsRules *rules,
                  guint64            seed,
                  HeartsAiLevel      level)
{
  HeartsGame *game = hearts_game_new (rules, seed);

  for (guint s = 0; s < rules->n_players; s++)
    hearts_game_set_seat_level (game, s, level);
  while (hearts_game_get_phase (game) != HEARTS_PHASE_GAME_OVER)
    {
      if (hearts_game_get_phase (game) == HEARTS_PHASE_HAND_OVER)
        hearts_game_next_hand (game);
      else
        g_assert_true (hearts_game_computer_move (game));
    }
  return game;
}

GSubprocess *
net_test_spawn (const char * const *argv,
                GError            **error)
{
  g_autoptr(GSubprocessLauncher) launcher = hearts_test_launcher_new (G_SUBPROCESS_FLAGS_STDOUT_PIPE);

  return g_subprocess_launcher_spawnv (launcher, argv, error);
}

GIOStream *
net_tls_client_new (GIOStream *base,
                    GError   **error)
{
  return g_initable_new (g_tls_backend_get_client_connection_type (g_tls_backend_get_default ()), NULL, error,
                         "base-io-stream", base, "database", NULL, NULL);
}

GIOStream *
net_tls_server_new (GIOStream       *base,
                    GTlsCertificate *certificate,
                    GError         **error)
{
  return g_initable_new (g_tls_backend_get_server_connection_type (g_tls_backend_get_default ()), NULL, error,
                         "base-io-stream", base, "certificate", certificate, "database", NULL, NULL);
}
