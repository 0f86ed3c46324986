/* hearts-arena.c: two players measured against each other on duplicate deals
 *
 * Every deal is played once per rotation of the seats, so each side plays every hand
 * of cards: with four players "2v2" plays A B A B and then B A B A, and "1v3" (one
 * against the rest, for any number of players) puts A in each seat in turn against
 * copies of B. The difference A - B is taken deal by deal, which cancels most of the
 * luck of the cards.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <locale.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "hearts-ai.h"
#include "hearts-engine.h"
#include "hearts-external-ai.h"

#define N_SIDES 2

typedef struct
{
  const char   *spec;
  const char   *command; /* an external engine, or NULL */
  gboolean      shooter; /* the test shooter rather than a level */
  HeartsAiLevel level;
  char        **options; /* NAME=VALUE */
} Player;

typedef struct
{
  gint64 points[N_SIDES];
  guint  hands[N_SIDES];
  guint  moons[N_SIDES]; /* hands where a seat of this side shot the moon */
  guint  n_hands;
} DealResult;

typedef struct
{
  HeartsRules rules;
  Player      players[N_SIDES];
  gboolean    single; /* one against the rest */
  guint64     seed;
  guint       n_deals;
  gboolean    progress;
  gint        next_deal; /* atomically */
  DealResult *results;

  GMutex  mutex;
  guint   done;
  GArray *play_times[N_SIDES];   /* gint64 µs per move */
  GArray *choice_times[N_SIDES]; /* the same, for plays with two legal cards or more */
  GArray *choice_cpu[N_SIDES];   /* the player's processor time of those, µs */
  GArray *pass_times[N_SIDES];
  guint   failures[N_SIDES]; /* moves an external engine left to its stand-in */
} Arena;

typedef struct
{
  Arena    *arena;
  HeartsAi *ais[N_SIDES][HEARTS_MAX_PLAYERS];
  GArray   *play_times[N_SIDES];
  GArray   *choice_times[N_SIDES];
  GArray   *choice_cpu[N_SIDES];
  GArray   *pass_times[N_SIDES];
} Table;

static guint64
mix64 (guint64 x)
{
  x += G_GUINT64_CONSTANT (0x9e3779b97f4a7c15);
  x = (x ^ (x >> 30)) * G_GUINT64_CONSTANT (0xbf58476d1ce4e5b9);
  x = (x ^ (x >> 27)) * G_GUINT64_CONSTANT (0x94d049bb133111eb);
  return x ^ (x >> 31);
}

static G_NORETURN void
die (const char *format,
     ...)
{
  va_list          args;
  g_autofree char *message = NULL;

  va_start (args, format);
  message = g_strdup_vprintf (format, args);
  va_end (args);
  g_printerr ("hearts-arena: %s\n", message);
  exit (2);
}

static HeartsAi *
table_get_ai (Table *table,
              guint  side,
              guint  seat)
{
  const Player *player = &table->arena->players[side];
  HeartsAi     *ai = table->ais[side][seat];

  if (ai != NULL)
    return ai;

  if (player->command != NULL)
    {
      g_autoptr(GError) error = NULL;

      ai = hearts_external_ai_new (player->command, NULL, &error);
      if (ai == NULL)
        die ("%s: %s", player->spec, error->message);
    }
  else if (player->shooter)
    ai = hearts_ai_new_test_shooter (0);
  else
    ai = hearts_ai_new (player->level, 0);

  for (guint i = 0; player->options[i] != NULL; i++)
    {
      g_auto(GStrv) kv = g_strsplit (player->options[i], "=", 2);

      if (g_strv_length (kv) != 2 || !hearts_ai_set_option (ai, kv[0], kv[1]))
        die ("%s: bad option “%s”", player->spec, player->options[i]);
    }

  table->ais[side][seat] = ai;
  return ai;
}

/* Processor time in µs of process @pid's main thread, from /proc/PID/schedstat; -1 when
 * unknown. */
static gint64
process_cpu_time (GPid pid)
{
  g_autofree char *path = g_strdup_printf ("/proc/%d/schedstat", (int) pid);
  g_autofree char *text = NULL;

  if (!g_file_get_contents (path, &text, NULL, NULL))
    return -1;
  return (gint64) (g_ascii_strtoull (text, NULL, 10) / 1000);
}

/* Processor time in µs of what thinks for @ai: this thread, or the engine's process (its
 * main thread, which does the thinking with threads=1); -1 when unknown. The load of the
 * machine slows the wall clock but hardly this. */
static gint64
thinking_cpu_time (HeartsAi *ai)
{
  if (hearts_external_ai_is_external (ai))
    {
      GPid             guard = hearts_external_ai_get_pid (ai);
      g_autofree char *path = NULL;
      g_autofree char *children = NULL;
      guint64          engine;

      if (guard <= 0)
        return -1;
      /* The pid is the engine's guard, which leads its process group; the engine is its
       * child (the guard itself hardly runs). */
      path = g_strdup_printf ("/proc/%d/task/%d/children", (int) guard, (int) guard);
      if (!g_file_get_contents (path, &children, NULL, NULL) ||
          (engine = g_ascii_strtoull (children, NULL, 10)) == 0)
        return -1;
      return process_cpu_time ((GPid) engine);
    }
  else
    {
      struct timespec ts;

      if (clock_gettime (CLOCK_THREAD_CPUTIME_ID, &ts) != 0)
        return -1;
      return (gint64) ts.tv_sec * 1000000 + ts.tv_nsec / 1000;
    }
}

static guint
side_of_seat (const Arena *arena,
              guint        rotation,
              guint        seat)
{
  if (arena->single)
    return seat == rotation ? 0 : 1;
  return (seat + rotation) % 2;
}

static void
play_rotation (Table            *table,
               const HeartsDeal *dealt,
               guint             deal_index,
               guint             rotation,
               DealResult       *result)
{
  Arena             *arena = table->arena;
  const HeartsRules *rules = &arena->rules;
  guint              n = rules->n_players;
  static const gint  no_totals[HEARTS_MAX_PLAYERS] = { 0 };
  HeartsAi          *ais[HEARTS_MAX_PLAYERS];
  guint              sides[HEARTS_MAX_PLAYERS];
  HeartsDeal         deal = *dealt;
  HeartsDealScore    score;
  HeartsView         view;

  for (guint s = 0; s < n; s++)
    {
      g_autofree char *seed = NULL;

      sides[s] = side_of_seat (arena, rotation, s);
      ais[s] = table_get_ai (table, sides[s], s);
      /* Each hand's players are seeded by the deal and the seat, so any part of a run can
       * be replayed, and a player against itself plays both rotations alike (A-B = 0). */
      seed = g_strdup_printf ("%" G_GUINT64_FORMAT,
                              mix64 (arena->seed ^ mix64 ((guint64) deal_index << 8 | s)));
      hearts_ai_set_option (ais[s], "seed", seed);
    }

  if (deal.phase == HEARTS_DEAL_PASSING)
    {
      HeartsCards passes[HEARTS_MAX_PLAYERS];

      /* Everyone chooses before anyone picks up. */
      for (guint s = 0; s < n; s++)
        {
          gint64 start;

          hearts_view_init (&view, rules, &deal, s, deal_index, no_totals);
          start = g_get_monotonic_time ();
          passes[s] = hearts_ai_choose_pass (ais[s], &view);
          start = g_get_monotonic_time () - start;
          g_array_append_val (table->pass_times[sides[s]], start);
        }
      for (guint s = 0; s < n; s++)
        if (hearts_deal_pass (&deal, rules, s, passes[s]) != HEARTS_REFUSAL_NONE)
          die ("%s passed illegally", arena->players[sides[s]].spec);
    }

  while (deal.phase == HEARTS_DEAL_PLAYING)
    {
      guint         s = hearts_deal_get_current_player (&deal);
      HeartsRefusal refusal;
      HeartsCard    card;
      gint64        start, cpu;

      hearts_view_init (&view, rules, &deal, s, deal_index, no_totals);
      cpu = thinking_cpu_time (ais[s]);
      start = g_get_monotonic_time ();
      card = hearts_ai_choose_play (ais[s], &view);
      start = g_get_monotonic_time () - start;
      cpu = cpu >= 0 ? thinking_cpu_time (ais[s]) - cpu : -1;
      g_array_append_val (table->play_times[sides[s]], start);
      if (hearts_cards_count (hearts_deal_get_legal (&deal, rules)) > 1)
        {
          g_array_append_val (table->choice_times[sides[s]], start);
          if (cpu >= 0)
            g_array_append_val (table->choice_cpu[sides[s]], cpu);
        }

      refusal = hearts_deal_play (&deal, rules, s, card);
      if (refusal != HEARTS_REFUSAL_NONE)
        die ("%s played %s illegally: %s", arena->players[sides[s]].spec,
             hearts_card_to_string (card), hearts_refusal_to_id (refusal));
    }

  hearts_deal_score (&deal, rules, no_totals, &score);
  for (guint s = 0; s < n; s++)
    {
      result->points[sides[s]] += score.points[s];
      result->hands[sides[s]]++;
    }
  if (score.shooter >= 0)
    result->moons[sides[score.shooter]]++;
  result->n_hands++;
}

static double
deal_difference (const DealResult *r)
{
  return (double) r->points[0] / r->hands[0] - (double) r->points[1] / r->hands[1];
}

static gpointer
table_run (gpointer data)
{
  Table *table = data;
  Arena *arena = table->arena;
  guint  n = arena->rules.n_players;
  guint  n_rotations = arena->single ? n : 2;

  for (;;)
    {
      guint       i = (guint) g_atomic_int_add (&arena->next_deal, 1);
      DealResult *result;
      HeartsDeal  dealt;
      HeartsRng   rng;

      if (i >= arena->n_deals)
        break;

      /* Deal i is the same cards whatever else is played, and its pass is the i-th of
       * the cycle. */
      hearts_rng_init (&rng, mix64 (arena->seed * G_GUINT64_CONSTANT (0x2545f4914f6cdd1d) + i));
      hearts_deal_shuffle (&dealt, &arena->rules, i % n, i, &rng);

      result = &arena->results[i];
      for (guint rotation = 0; rotation < n_rotations; rotation++)
        play_rotation (table, &dealt, i, rotation, result);

      g_mutex_lock (&arena->mutex);
      arena->done++;
      if (arena->progress && (arena->done % 10 == 0 || arena->done == arena->n_deals))
        g_printerr ("\r%u/%u deals", arena->done, arena->n_deals);
      g_mutex_unlock (&arena->mutex);
    }

  g_mutex_lock (&arena->mutex);
  for (guint side = 0; side < N_SIDES; side++)
    {
      g_array_append_vals (arena->play_times[side], table->play_times[side]->data, table->play_times[side]->len);
      g_array_append_vals (arena->choice_times[side], table->choice_times[side]->data, table->choice_times[side]->len);
      g_array_append_vals (arena->choice_cpu[side], table->choice_cpu[side]->data, table->choice_cpu[side]->len);
      g_array_append_vals (arena->pass_times[side], table->pass_times[side]->data, table->pass_times[side]->len);
      for (guint s = 0; s < n; s++)
        if (table->ais[side][s] != NULL && hearts_external_ai_is_external (table->ais[side][s]))
          arena->failures[side] += hearts_external_ai_get_failures (table->ais[side][s]);
    }
  g_mutex_unlock (&arena->mutex);
  return NULL;
}

static gint
compare_times (gconstpointer a,
               gconstpointer b)
{
  gint64 x = *(const gint64 *) a, y = *(const gint64 *) b;

  return (x > y) - (x < y);
}

static void
print_times (const char *what,
             const char *name,
             GArray     *times)
{
  gint64 *t = (gint64 *) times->data;
  guint   n = times->len;
  double  sum = 0;

  if (n == 0)
    return;
  g_array_sort (times, compare_times);
  for (guint i = 0; i < n; i++)
    sum += t[i];
  /* Nearest-rank percentiles. */
  g_print ("  %-6s %-24s n %-7u mean %8.3f  p50 %8.3f  p95 %8.3f  max %8.3f ms\n",
           what, name, n, sum / n / 1000.0,
           t[(guint) ceil (0.50 * n) - 1] / 1000.0,
           t[(guint) ceil (0.95 * n) - 1] / 1000.0,
           t[n - 1] / 1000.0);
}

static gboolean
parse_player (const char *spec,
              char      **options,
              Player     *player)
{
  player->spec = spec;
  player->options = options;
  player->command = NULL;
  player->shooter = g_strcmp0 (spec, "shooter") == 0;
  if (player->shooter)
    return TRUE;
  if (g_str_has_prefix (spec, "cmd:"))
    {
      player->command = spec + 4;
      return player->command[0] != '\0';
    }
  return hearts_ai_level_from_string (spec, &player->level);
}

int
main (int   argc,
      char *argv[])
{
  g_autoptr(GOptionContext) context = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *rules_text = NULL;
  g_autofree char *mode = NULL;
  g_auto(GStrv) a_options = NULL;
  g_auto(GStrv) b_options = NULL;
  static char *no_options[] = { NULL };
  gint64       n_deals = 200, seed = 1, jobs = 1;
  gboolean     progress = FALSE;
  Arena        arena;
  Table       *tables;
  GThread    **threads;
  gint64       start, elapsed;
  double       sum = 0, sum_sq = 0, mean, sd, half;
  gint64       points[N_SIDES] = { 0 };
  guint        hands[N_SIDES] = { 0 }, moons[N_SIDES] = { 0 }, all_hands = 0;
  GOptionEntry entries[] = {
    { "deals", 'n', 0, G_OPTION_ARG_INT64, &n_deals, "Duplicate deals to play (200)", "N" },
    { "seed", 's', 0, G_OPTION_ARG_INT64, &seed, "Seed of the deals and the players (1)", "SEED" },
    { "rules", 'r', 0, G_OPTION_ARG_STRING, &rules_text, "Rules, as key=value words", "RULES" },
    { "mode", 'm', 0, G_OPTION_ARG_STRING, &mode, "2v2 (four players only, the default) or 1v3 (one against the rest)", "MODE" },
    { "a-option", 'A', 0, G_OPTION_ARG_STRING_ARRAY, &a_options, "Option of player A (repeatable)", "NAME=VALUE" },
    { "b-option", 'B', 0, G_OPTION_ARG_STRING_ARRAY, &b_options, "Option of player B (repeatable)", "NAME=VALUE" },
    { "jobs", 'j', 0, G_OPTION_ARG_INT64, &jobs, "Deals played side by side (1)", "N" },
    { "progress", 0, 0, G_OPTION_ARG_NONE, &progress, "Count the deals on stderr", NULL },
    { NULL }
  };

  setlocale (LC_ALL, "");
  context = g_option_context_new ("A B — measure two Hearts players on duplicate deals");
  g_option_context_add_main_entries (context, entries, NULL);
  g_option_context_set_description (context,
                                    "A and B are levels (random, easy, normal, hard), \"shooter\" (a test opponent that\n"
                                    "goes for the moon whenever it can) or cmd:COMMAND, an engine that speaks the\n"
                                    "hearts-engine protocol, e.g. \"cmd:hearts-engine --level hard\".\n"
                                    "Player options: seed, movetime (ms), threads, samples, pass-samples.\n"
                                    "Think times are wall-clock; \"cpu\" is the thinking thread's processor time\n"
                                    "(with threads=1, the whole of it), which the machine's load hardly changes.\n");
  if (!g_option_context_parse (context, &argc, &argv, &error))
    die ("%s", error->message);
  if (argc != 3)
    die ("give two players, A and B (see --help)");

  memset (&arena, 0, sizeof arena);
  hearts_rules_init_default (&arena.rules);
  if (rules_text != NULL && !hearts_rules_apply_string (&arena.rules, rules_text, &error))
    die ("%s", error->message);
  if (!parse_player (argv[1], a_options ? a_options : no_options, &arena.players[0]) ||
      !parse_player (argv[2], b_options ? b_options : no_options, &arena.players[1]))
    die ("a player is a level (random, easy, normal, hard), shooter or cmd:COMMAND");

  if (mode == NULL)
    arena.single = arena.rules.n_players != 4;
  else if (g_strcmp0 (mode, "2v2") == 0)
    arena.single = FALSE;
  else if (g_str_has_prefix (mode, "1v"))
    arena.single = TRUE;
  else
    die ("unknown mode “%s”", mode);
  if (!arena.single && arena.rules.n_players != 4)
    die ("2v2 needs four players");
  if (n_deals < 1 || n_deals > 10000000 || jobs < 1 || jobs > 64)
    die ("bad number of deals or jobs");

  arena.seed = (guint64) seed;
  arena.n_deals = n_deals;
  arena.progress = progress;
  arena.results = g_new0 (DealResult, arena.n_deals);
  g_mutex_init (&arena.mutex);
  for (guint side = 0; side < N_SIDES; side++)
    {
      arena.play_times[side] = g_array_new (FALSE, FALSE, sizeof (gint64));
      arena.choice_times[side] = g_array_new (FALSE, FALSE, sizeof (gint64));
      arena.choice_cpu[side] = g_array_new (FALSE, FALSE, sizeof (gint64));
      arena.pass_times[side] = g_array_new (FALSE, FALSE, sizeof (gint64));
    }

  tables = g_new0 (Table, jobs);
  threads = g_new0 (GThread *, jobs);
  start = g_get_monotonic_time ();
  for (gint64 j = 0; j < jobs; j++)
    {
      tables[j].arena = &arena;
      for (guint side = 0; side < N_SIDES; side++)
        {
          tables[j].play_times[side] = g_array_new (FALSE, FALSE, sizeof (gint64));
          tables[j].choice_times[side] = g_array_new (FALSE, FALSE, sizeof (gint64));
          tables[j].choice_cpu[side] = g_array_new (FALSE, FALSE, sizeof (gint64));
          tables[j].pass_times[side] = g_array_new (FALSE, FALSE, sizeof (gint64));
        }
      threads[j] = g_thread_new ("arena", table_run, &tables[j]);
    }
  for (gint64 j = 0; j < jobs; j++)
    g_thread_join (threads[j]);
  elapsed = g_get_monotonic_time () - start;
  if (progress)
    g_printerr ("\n");

  for (guint i = 0; i < arena.n_deals; i++)
    {
      const DealResult *r = &arena.results[i];
      double            d = deal_difference (r);

      sum += d;
      sum_sq += d * d;
      for (guint side = 0; side < N_SIDES; side++)
        {
          points[side] += r->points[side];
          hands[side] += r->hands[side];
          moons[side] += r->moons[side];
        }
      all_hands += r->n_hands;
    }
  mean = sum / arena.n_deals;
  sd = arena.n_deals > 1 ? sqrt (MAX (0.0, (sum_sq - sum * sum / arena.n_deals) / (arena.n_deals - 1))) : 0;
  half = 1.96 * sd / sqrt (arena.n_deals);

  {
    g_autofree char *rules_out = hearts_rules_to_string (&arena.rules);

    g_print ("rules: %s\n", rules_out);
    g_print ("mode: %s, %u deals, %u hands, seed %" G_GINT64_FORMAT ", %.1f s\n",
             arena.single ? "one against the rest" : "2v2", arena.n_deals, all_hands, seed, elapsed / 1e6);
    for (guint side = 0; side < N_SIDES; side++)
      {
        const Player    *p = &arena.players[side];
        g_autofree char *opts = g_strjoinv (" ", p->options);

        g_print ("%c: %s%s%s%s\n", 'A' + side, p->spec, opts[0] ? " (" : "", opts, opts[0] ? ")" : "");
      }
    for (guint side = 0; side < N_SIDES; side++)
      g_print ("%c: %.3f points per hand over %u seat-hands; shot the moon in %.2f%% of hands\n",
               'A' + side, (double) points[side] / MAX (hands[side], 1), hands[side],
               100.0 * moons[side] / MAX (all_hands, 1));
    g_print ("A-B: %+.3f points per hand, 95%% CI [%+.3f, %+.3f] (sd %.2f over %u deals)\n",
             mean, mean - half, mean + half, sd, arena.n_deals);
    g_print ("moon rate: %.2f%% of hands\n", 100.0 * (moons[0] + moons[1]) / MAX (all_hands, 1));
    g_print ("think time (choice: plays with two legal cards or more; cpu: the same choices in processor time):\n");
    for (guint side = 0; side < N_SIDES; side++)
      {
        g_autofree char *name = g_strdup_printf ("%c %s", 'A' + side, arena.players[side].spec);

        print_times ("play", name, arena.play_times[side]);
        print_times ("choice", name, arena.choice_times[side]);
        print_times ("cpu", name, arena.choice_cpu[side]);
        print_times ("pass", name, arena.pass_times[side]);
      }
    for (guint side = 0; side < N_SIDES; side++)
      if (arena.failures[side] > 0)
        g_print ("%c: the engine failed %u moves; the Normal player made them\n",
                 'A' + side, arena.failures[side]);
  }

  for (gint64 j = 0; j < jobs; j++)
    for (guint side = 0; side < N_SIDES; side++)
      {
        for (guint s = 0; s < HEARTS_MAX_PLAYERS; s++)
          g_clear_pointer (&tables[j].ais[side][s], hearts_ai_free);
        g_array_unref (tables[j].play_times[side]);
        g_array_unref (tables[j].choice_times[side]);
        g_array_unref (tables[j].choice_cpu[side]);
        g_array_unref (tables[j].pass_times[side]);
      }
  for (guint side = 0; side < N_SIDES; side++)
    {
      g_array_unref (arena.play_times[side]);
      g_array_unref (arena.choice_times[side]);
      g_array_unref (arena.choice_cpu[side]);
      g_array_unref (arena.pass_times[side]);
    }
  g_mutex_clear (&arena.mutex);
  g_free (tables);
  g_free (threads);
  g_free (arena.results);
  return 0;
}
