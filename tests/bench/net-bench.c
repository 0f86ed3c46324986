/* net-bench.c: many tables of four computer people on one hearts-server
 *
 *   net-bench --link SERVER-LINK --server-pid PID [--tables N] [--think MS] [--seconds S]
 *
 * Makes N tables on the server (CREATE, from addresses spread over 127.2.0.0/16), seats
 * four clients at each (from 127.3.0.0/16, 16 connections an address), and lets them
 * play: each person is the Random player on its seat's view, and waits a random time
 * up to twice --think before each move (0: at once). Over --seconds it measures, at the
 * client, each move's latency: from sending a pass or a play to the host's event that
 * says it. It samples the server's resident memory and CPU time from /proc. Not a test:
 * README.md ("Playing across the network") has its figures and how they were made.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <unistd.h>

#include "hearts-ai.h"
#include "hearts-net-client.h"
#include "hearts-seat-state-private.h"

typedef struct _Bench Bench;

typedef struct
{
  Bench           *bench;
  HeartsNetClient *client;
  HeartsAi        *ai;
  HeartsSeatView  *view;
  guint            seat;
  char            *invitation;
  guint            passed_hand;
  gint64           sent_at;
  guint            act_id;
  gint64           due; /* when it has thought enough (0: not thinking) */
  gboolean         joined;
} Bot;

struct _Bench
{
  char  *link;
  gint   server_pid;
  guint  n_tables;
  guint  think_ms;
  guint  seconds;
  GRand *rand;

  GPtrArray *invitations;
  GPtrArray *bots;
  guint      creating;
  guint      created;
  guint      next_create;
  guint      joining;
  guint      joined;
  guint      next_join;
  guint      failures;

  gboolean   measuring;
  gint64     started;
  GArray    *latencies; /* guint32 µs */
  GPtrArray *thinking;  /* Bot, waiting for their due time: one timer for all */
  guint64    moves;
  gsize      peak_rss_kib;
  gsize      rss_at_start;
  guint64    cpu_at_start;
  guint64    cpu_at_end;
  GMainLoop *loop;
};

/* The server's process */

static gsize
rss_kib (gint pid)
{
  g_autofree char *path = g_strdup_printf ("/proc/%d/status", pid);
  g_autofree char *text = NULL;
  const char      *line;

  if (!g_file_get_contents (path, &text, NULL, NULL) || (line = strstr (text, "VmRSS:")) == NULL)
    return 0;
  return g_ascii_strtoull (line + 6, NULL, 10);
}

/* utime + stime, in clock ticks. */
static guint64
cpu_ticks (gint pid)
{
  g_autofree char *path = pid > 0 ? g_strdup_printf ("/proc/%d/stat", pid) : g_strdup ("/proc/self/stat");
  g_autofree char *text = NULL;
  g_auto(GStrv) fields = NULL;
  const char *after;

  if (!g_file_get_contents (path, &text, NULL, NULL) || (after = strrchr (text, ')')) == NULL)
    return 0;
  fields = g_strsplit (after + 2, " ", -1);
  /* After the name: state is field 3; utime 14 and stime 15 of the whole line. */
  return g_ascii_strtoull (fields[11], NULL, 10) + g_ascii_strtoull (fields[12], NULL, 10);
}

/* People */

static gboolean
act_cb (gpointer user_data)
{
  Bot                   *bot = user_data;
  const HeartsSeatState *state;

  bot->act_id = 0;
  if (bot->view == NULL || !hearts_net_client_get_connected (bot->client) || bot->sent_at != 0)
    return G_SOURCE_REMOVE;
  state = hearts_seat_view_get_state (bot->view);
  switch (hearts_seat_state_get_phase (state))
    {
    case HEARTS_PHASE_PASSING:
      if (!hearts_seat_state_has_passed (state, bot->seat) && hearts_net_client_get_started (bot->client) &&
          bot->passed_hand != hearts_seat_state_get_hand_index (state) + 1)
        {
          bot->passed_hand = hearts_seat_state_get_hand_index (state) + 1;
          bot->sent_at = g_get_monotonic_time ();
          hearts_seat_view_pass (bot->view, hearts_ai_choose_pass (bot->ai, &state->view), NULL);
        }
      break;
    case HEARTS_PHASE_PLAYING:
      if (hearts_seat_state_get_current_player (state) == (gint) bot->seat &&
          !hearts_seat_state_get_trick_waiting (state))
        {
          bot->sent_at = g_get_monotonic_time ();
          hearts_seat_view_play (bot->view, hearts_ai_choose_play (bot->ai, &state->view), NULL);
        }
      break;
    case HEARTS_PHASE_HAND_OVER:
      hearts_seat_view_next_hand (bot->view);
      break;
    default:
      break;
    }
  return G_SOURCE_REMOVE;
}

static void
schedule (Bot *bot)
{
  Bench *bench = bot->bench;

  if (bot->act_id != 0 || bot->due != 0)
    return;
  if (bench->think_ms == 0)
    bot->act_id = g_idle_add (act_cb, bot);
  else
    {
      bot->due = g_get_monotonic_time () + g_rand_int_range (bench->rand, 0, 2 * bench->think_ms + 1) * 1000;
      g_ptr_array_add (bench->thinking, bot);
    }
}

static gboolean
on_think_tick_cb (gpointer user_data)
{
  Bench *bench = user_data;
  gint64 now = g_get_monotonic_time ();
  g_autoptr(GPtrArray) due = g_ptr_array_new ();

  for (guint i = bench->thinking->len; i > 0; i--)
    {
      Bot *bot = g_ptr_array_index (bench->thinking, i - 1);

      if (bot->due <= now)
        {
          g_ptr_array_remove_index_fast (bench->thinking, i - 1);
          bot->due = 0;
          g_ptr_array_add (due, bot);
        }
    }
  for (guint i = 0; i < due->len; i++)
    act_cb (g_ptr_array_index (due, i));
  return G_SOURCE_CONTINUE;
}

static void
on_event_cb (HeartsSeatView        *view,
             const HeartsSeatEvent *event,
             Bot                   *bot)
{
  Bench   *bench = bot->bench;
  gboolean mine = (event->kind == HEARTS_SEAT_EVENT_CARD_PLAYED || event->kind == HEARTS_SEAT_EVENT_CARDS_PASSED) &&
                  event->seat == bot->seat;

  if (mine && bot->sent_at != 0)
    {
      if (bench->measuring)
        {
          guint32 us = (guint32) MIN (g_get_monotonic_time () - bot->sent_at, G_MAXUINT32);

          g_array_append_val (bench->latencies, us);
          bench->moves++;
        }
      bot->sent_at = 0;
    }
  if (event->kind == HEARTS_SEAT_EVENT_RESET)
    bot->sent_at = 0;
  schedule (bot);
}

static void
on_refused_cb (HeartsNetClient *client,
               guint            move,
               guint            reason,
               Bot             *bot)
{
  bot->sent_at = 0;
  schedule (bot);
}

static void start_joins (Bench *bench);

static void
on_joined_cb (GObject      *source,
              GAsyncResult *result,
              gpointer      user_data)
{
  Bot   *bot = user_data;
  Bench *bench = bot->bench;
  g_autoptr(GError) error = NULL;

  bench->joining--;
  if (!hearts_net_client_join_finish (bot->client, result, &error))
    {
      if (bench->failures++ < 10)
        g_printerr ("net-bench: a join failed: %s\n", error->message);
    }
  else
    {
      bot->joined = TRUE;
      bench->joined++;
      bot->view = g_object_ref (hearts_net_client_get_view (bot->client));
      g_signal_connect_after (bot->view, "event", G_CALLBACK (on_event_cb), bot);
      schedule (bot);
    }
  start_joins (bench);
}

static GInetAddress *
spread_address (guint first,
                guint i,
                guint per)
{
  g_autofree char *text = NULL;
  guint            a = i / per;

  text = g_strdup_printf ("127.%u.%u.%u", first, a / 250, a % 250 + 1);
  return g_inet_address_new_from_string (text);
}

/* A few at a time: the server makes eight TLS handshakes at once, and each side's take
 * threads of GTask's pool. */
static void
start_joins (Bench *bench)
{
  while (bench->joining < 8 && bench->next_join < bench->bots->len)
    {
      Bot *bot = g_ptr_array_index (bench->bots, bench->next_join);
      g_autoptr(GInetAddress) from = spread_address (3, bench->next_join, 16);

      hearts_net_client_set_local_address (bot->client, from);
      hearts_net_client_join_async (bot->client, bot->invitation, NULL, on_joined_cb, bot);
      bench->next_join++;
      bench->joining++;
    }
  if (bench->joining == 0 && bench->next_join == bench->bots->len)
    g_main_loop_quit (bench->loop);
}

static void start_creates (Bench *bench);

static void
on_created_cb (GObject      *source,
               GAsyncResult *result,
               gpointer      user_data)
{
  Bench *bench = user_data;
  g_autoptr(GError) error = NULL;
  char *invitation = hearts_net_create_table_finish (result, &error);

  bench->creating--;
  if (invitation == NULL)
    g_printerr ("net-bench: a table was not made: %s\n", error->message);
  else
    g_ptr_array_add (bench->invitations, invitation);
  start_creates (bench);
}

static void
start_creates (Bench *bench)
{
  HeartsRules rules;
  guint8      kinds[4] = { HEARTS_NET_SEAT_OPEN, HEARTS_NET_SEAT_OPEN, HEARTS_NET_SEAT_OPEN, HEARTS_NET_SEAT_OPEN };
  guint8      levels[4] = { HEARTS_AI_RANDOM, HEARTS_AI_RANDOM, HEARTS_AI_RANDOM, HEARTS_AI_RANDOM };

  hearts_rules_init_default (&rules);
  /* Long games: the tables play on through the whole measurement. */
  rules.end = HEARTS_END_DEALS;
  rules.end_value = HEARTS_END_COUNT_MAX;
  while (bench->creating < 16 && bench->next_create < bench->n_tables)
    {
      g_autoptr(GInetAddress) from = spread_address (2, bench->next_create, 8);

      hearts_net_create_table_async (bench->link, &rules, kinds, levels, from, NULL, on_created_cb, bench);
      bench->next_create++;
      bench->creating++;
    }
  if (bench->creating == 0 && bench->next_create == bench->n_tables)
    g_main_loop_quit (bench->loop);
}

static gboolean
on_sample_cb (gpointer user_data)
{
  Bench *bench = user_data;

  bench->peak_rss_kib = MAX (bench->peak_rss_kib, rss_kib (bench->server_pid));
  return G_SOURCE_CONTINUE;
}

static gboolean
on_done_cb (gpointer user_data)
{
  Bench *bench = user_data;

  bench->measuring = FALSE;
  bench->cpu_at_end = cpu_ticks (bench->server_pid);
  g_main_loop_quit (bench->loop);
  return G_SOURCE_REMOVE;
}

static gint
compare_u32 (gconstpointer a,
             gconstpointer b)
{
  guint32 x = *(const guint32 *) a, y = *(const guint32 *) b;

  return x < y ? -1 : x > y;
}

static double
percentile_ms (GArray *sorted,
               double  p)
{
  if (sorted->len == 0)
    return 0;
  return g_array_index (sorted, guint32, MIN ((guint) (p * sorted->len), sorted->len - 1)) / 1000.0;
}

int
main (int   argc,
      char *argv[])
{
  g_autoptr(GOptionContext) context = g_option_context_new ("— many tables on one hearts-server");
  g_autoptr(GError) error = NULL;
  Bench         bench = { 0 };
  gint          tables = 1000, think = 0, seconds = 60, pid = 0;
  char         *link = NULL;
  gdouble       cpu_s, wall_s, hz = sysconf (_SC_CLK_TCK);
  gint64        joined_at;
  struct rlimit rl;
  GOptionEntry  entries[] = {
     { "link", 'l', 0, G_OPTION_ARG_STRING, &link, "The server's link (hearts://…/s/…)", "LINK" },
     { "server-pid", 'p', 0, G_OPTION_ARG_INT, &pid, "The server's process, for its memory and CPU time", "PID" },
     { "tables", 't', 0, G_OPTION_ARG_INT, &tables, "Tables of four (1000)", "N" },
     { "think", 0, 0, G_OPTION_ARG_INT, &think, "Milliseconds a person thinks on average (0)", "MS" },
     { "seconds", 's', 0, G_OPTION_ARG_INT, &seconds, "Seconds measured, once everyone sits (60)", "S" },
     { NULL }
  };

  g_option_context_add_main_entries (context, entries, NULL);
  if (!g_option_context_parse (context, &argc, &argv, &error) || link == NULL || pid <= 0 || tables <= 0)
    {
      g_printerr ("net-bench: %s\n", error != NULL ? error->message : "--link and --server-pid, please");
      return 2;
    }
  /* Four descriptors a table, and some. */
  getrlimit (RLIMIT_NOFILE, &rl);
  rl.rlim_cur = rl.rlim_max;
  setrlimit (RLIMIT_NOFILE, &rl);

  bench.link = link;
  bench.server_pid = pid;
  bench.n_tables = tables;
  bench.think_ms = think;
  bench.seconds = seconds;
  bench.rand = g_rand_new_with_seed (1);
  bench.invitations = g_ptr_array_new_with_free_func (g_free);
  bench.bots = g_ptr_array_new ();
  bench.latencies = g_array_new (FALSE, FALSE, sizeof (guint32));
  bench.thinking = g_ptr_array_new ();
  g_timeout_add (5, on_think_tick_cb, &bench);
  bench.loop = g_main_loop_new (NULL, FALSE);
  bench.rss_at_start = rss_kib (pid);
  g_timeout_add (1000, on_sample_cb, &bench);

  start_creates (&bench);
  g_main_loop_run (bench.loop);
  g_print ("%u tables made; server RSS %zu KiB (%zu KiB before)\n", bench.invitations->len, rss_kib (pid),
           bench.rss_at_start);

  for (guint t = 0; t < bench.invitations->len; t++)
    for (guint s = 0; s < 4; s++)
      {
        Bot             *bot = g_new0 (Bot, 1);
        g_autofree char *name = g_strdup_printf ("T%u S%u", t, s);

        bot->bench = &bench;
        bot->seat = s;
        bot->invitation = g_ptr_array_index (bench.invitations, t);
        bot->client = hearts_net_client_new (name);
        bot->ai = hearts_ai_new (HEARTS_AI_RANDOM, t * 4 + s + 1);
        hearts_net_client_set_wanted_seat (bot->client, s);
        g_signal_connect (bot->client, "refused", G_CALLBACK (on_refused_cb), bot);
        g_signal_connect_swapped (bot->client, "notify::started", G_CALLBACK (schedule), bot);
        g_ptr_array_add (bench.bots, bot);
      }
  start_joins (&bench);
  g_main_loop_run (bench.loop);
  joined_at = g_get_monotonic_time ();
  g_print ("%u of %u people seated (%u failed); server RSS %zu KiB\n", bench.joined, bench.bots->len, bench.failures,
           rss_kib (pid));

  /* Measured once everyone plays. */
  bench.measuring = TRUE;
  bench.started = g_get_monotonic_time ();
  bench.cpu_at_start = cpu_ticks (pid);
  {
    guint64 own_start = cpu_ticks (0);

    g_timeout_add_seconds (seconds, on_done_cb, &bench);
    g_main_loop_run (bench.loop);
    wall_s = (g_get_monotonic_time () - bench.started) / 1e6;
    cpu_s = (bench.cpu_at_end - bench.cpu_at_start) / hz;
    g_array_sort (bench.latencies, compare_u32);
    g_print ("tables %u, connections %u, think %d ms, %.0f s measured (from %.1f s after seating)\n",
             bench.invitations->len, bench.joined, think, wall_s, (bench.started - joined_at) / 1e6);
    g_print ("moves %" G_GUINT64_FORMAT " (%.0f a second); latency p50 %.2f ms, p90 %.2f ms, p99 %.2f ms, max %.2f ms\n",
             bench.moves, bench.moves / wall_s, percentile_ms (bench.latencies, 0.5),
             percentile_ms (bench.latencies, 0.9), percentile_ms (bench.latencies, 0.99),
             percentile_ms (bench.latencies, 1.0));
    g_print ("server: CPU %.1f s in %.0f s (%.0f%% of a core), peak RSS %zu KiB (%.1f KiB a table over %zu KiB idle)\n",
             cpu_s, wall_s, 100 * cpu_s / wall_s, bench.peak_rss_kib,
             (double) (bench.peak_rss_kib - bench.rss_at_start) / MAX (bench.invitations->len, 1), bench.rss_at_start);
    g_print ("server: %.0f tables a core at this pace; this driver: %.0f%% of a core\n",
             cpu_s > 0 ? bench.invitations->len / (cpu_s / wall_s) : 0, 100 * (cpu_ticks (0) - own_start) / hz / wall_s);
  }
  return 0;
}
