/* hearts-sim.c: plays Hearts between computer seats without a window
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <locale.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "hearts-ai.h"
#include "hearts-engine.h"

typedef struct
{
  HeartsRules   rules;
  HeartsAiLevel levels[HEARTS_MAX_PLAYERS];
  HeartsAi     *ais[HEARTS_MAX_PLAYERS];
  gboolean      all_random;
  HeartsRng     rng;
  GString      *record;

  guint64 hands;
  guint64 moons;
  gint64  points[HEARTS_MAX_PLAYERS];
  guint64 games;
  guint64 wins[HEARTS_MAX_PLAYERS];
} Sim;

/* 32 random bits at a time: a random pick needs no more, so each generator output
 * serves two picks. */
typedef struct
{
  HeartsRng rng;
  guint64   spare;
  gboolean  have_spare;
} HalfRng;

static inline guint32
half_rng_next (HalfRng *half)
{
  if (half->have_spare)
    {
      half->have_spare = FALSE;
      return (guint32) (half->spare >> 32);
    }
  half->spare = hearts_rng_next (&half->rng);
  half->have_spare = TRUE;
  return (guint32) half->spare;
}

/* Random play straight on the engine: this loop is the engine's benchmark. */
static void
play_random_hand (Sim        *sim,
                  HeartsDeal *deal)
{
  const HeartsRules *rules = &sim->rules;
  /* Local copies, so that the compiler keeps the generator and the deal's counters in
   * registers while playing: through pointers, the deal's byte stores could alias them. */
  HalfRng    half = { sim->rng, 0, FALSE };
  HeartsDeal local;

  if (deal->phase == HEARTS_DEAL_PASSING)
    for (guint s = 0; s < rules->n_players; s++)
      {
        HeartsCards hand = deal->hands[s], pass = 0;

        for (guint i = 0; i < HEARTS_PASS_SIZE; i++)
          pass |= HEARTS_CARD_BIT (hearts_cards_pick_random_bits (hand & ~pass, half_rng_next (&half),
                                                                  &half.rng));
        hearts_deal_pass (deal, rules, s, pass);
      }

  local = *deal;
  while (local.phase == HEARTS_DEAL_PLAYING)
    {
      HeartsCards legal = hearts_deal_get_legal (&local, rules);

      hearts_deal_play_unchecked (&local, rules,
                                  hearts_cards_pick_random_bits (legal, half_rng_next (&half),
                                                                 &half.rng));
    }
  *deal = local;

  sim->rng = half.rng;
}

static void
play_ai_hand (Sim        *sim,
              HeartsDeal *deal,
              guint       hand_index,
              const gint *totals)
{
  const HeartsRules *rules = &sim->rules;
  HeartsView         view;

  if (deal->phase == HEARTS_DEAL_PASSING)
    {
      HeartsCards passes[HEARTS_MAX_PLAYERS];

      /* Everyone chooses before anyone picks up. */
      for (guint s = 0; s < rules->n_players; s++)
        {
          hearts_view_init (&view, rules, deal, s, hand_index, totals);
          passes[s] = hearts_ai_choose_pass (sim->ais[s], &view);
        }
      for (guint s = 0; s < rules->n_players; s++)
        if (hearts_deal_pass (deal, rules, s, passes[s]) != HEARTS_REFUSAL_NONE)
          g_error ("seat %u passed illegally", s);
    }

  while (deal->phase == HEARTS_DEAL_PLAYING)
    {
      guint         s = hearts_deal_get_current_player (deal);
      HeartsCard    card;
      HeartsRefusal refusal;

      hearts_view_init (&view, rules, deal, s, hand_index, totals);
      card = hearts_ai_choose_play (sim->ais[s], &view);
      refusal = hearts_deal_play (deal, rules, s, card);
      if (refusal != HEARTS_REFUSAL_NONE)
        g_error ("seat %u played %s illegally: %s", s, hearts_card_to_string (card),
                 hearts_refusal_to_id (refusal));
    }
}

static void
play_hand (Sim  *sim,
           guint dealer,
           guint hand_index,
           gint *totals)
{
  HeartsDeal      deal;
  HeartsDealScore score;

  hearts_deal_shuffle (&deal, &sim->rules, dealer, hand_index, &sim->rng);
  if (sim->all_random)
    play_random_hand (sim, &deal);
  else
    play_ai_hand (sim, &deal, hand_index, totals);

  hearts_deal_score (&deal, &sim->rules, totals, &score);
  for (guint s = 0; s < sim->rules.n_players; s++)
    {
      totals[s] += score.points[s];
      sim->points[s] += score.points[s];
    }
  sim->hands++;
  if (score.shooter >= 0)
    sim->moons++;

  if (sim->record != NULL)
    hearts_record_add_deal (sim->record, &sim->rules, hand_index, &deal, score.points, totals);
}

static void
play_game (Sim *sim)
{
  gint  totals[HEARTS_MAX_PLAYERS] = { 0 };
  guint first = hearts_draw_first_dealer (&sim->rules, &sim->rng, NULL);
  guint winners;
  guint i;

  if (sim->record != NULL)
    hearts_record_begin (sim->record, &sim->rules, first);

  for (i = 0; !hearts_rules_game_is_over (&sim->rules, totals, i); i++)
    play_hand (sim, (first + i) % sim->rules.n_players, i, totals);

  winners = hearts_rules_get_winners (&sim->rules, totals);
  for (guint s = 0; s < sim->rules.n_players; s++)
    if (winners & (1u << s))
      sim->wins[s]++;
  sim->games++;

  if (sim->record != NULL)
    hearts_record_end (sim->record, winners);
}

static int
replay (const char *path)
{
  g_autoptr(GError) error = NULL;
  g_autofree char    *text = NULL;
  HeartsRecordSummary summary;
  gsize               length;
  const char         *nul;

  if (!g_file_get_contents (path, &text, &length, &error))
    {
      g_printerr ("hearts-sim: %s\n", error->message);
      return 2;
    }
  /* Every byte is read: the lines below are C strings, so a NUL would end the file
   * there and leave the rest unchecked. */
  nul = memchr (text, '\0', length);
  if (nul != NULL)
    {
      guint line = 1;

      for (const char *c = text; c < nul; c++)
        line += *c == '\n';
      g_printerr ("hearts-sim: %s: line %u holds a NUL byte\n", path, line);
      return 1;
    }

  /* A file may hold several games, each starting with its header line, found as
   * hearts_record_replay() reads lines: blanks around and between words do not
   * count, and neither does a CR before the LF. */
  {
    g_auto(GStrv) lines = g_strsplit (text, "\n", -1);
    g_autoptr(GPtrArray) games = g_ptr_array_new_with_free_func (g_free);
    g_autoptr(GString) one = g_string_new (NULL);
    guint    n_games = 0, n_hands = 0, n_plays = 0;
    gboolean blank = TRUE;

    for (guint i = 0; lines[i] != NULL; i++)
      {
        g_auto(GStrv) words = g_strsplit_set (lines[i], " \t\r", -1);
        const char *first = NULL, *second = NULL, *third = NULL;

        for (guint j = 0; words[j] != NULL; j++)
          {
            if (words[j][0] == '\0')
              continue;
            if (first == NULL)
              first = words[j];
            else if (second == NULL)
              second = words[j];
            else
              third = words[j];
          }
        if (g_strcmp0 (first, "hearts-record") == 0 && g_strcmp0 (second, "1") == 0 && third == NULL &&
            !blank)
          {
            g_ptr_array_add (games, g_string_free (g_steal_pointer (&one), FALSE));
            one = g_string_new (NULL);
            blank = TRUE;
          }
        if (first != NULL && first[0] != '#')
          blank = FALSE;
        g_string_append (one, lines[i]);
        g_string_append_c (one, '\n');
      }
    if (!blank)
      g_ptr_array_add (games, g_string_free (g_steal_pointer (&one), FALSE));

    for (guint i = 0; i < games->len; i++)
      {
        if (!hearts_record_replay (g_ptr_array_index (games, i), &summary, &error))
          {
            g_printerr ("hearts-sim: %s: game %u: %s\n", path, n_games + 1, error->message);
            return 1;
          }
        n_games++;
        n_hands += summary.n_hands;
        n_plays += summary.n_plays;
      }
    g_print ("%s: %u games, %u hands, %u plays: valid\n", path, n_games, n_hands, n_plays);
  }
  return 0;
}

static gboolean
parse_levels (const char *text,
              Sim        *sim,
              GError    **error)
{
  g_auto(GStrv) names = g_strsplit (text, ",", -1);
  guint n = g_strv_length (names);

  for (guint s = 0; s < HEARTS_MAX_PLAYERS; s++)
    {
      const char *name = names[n == 1 ? 0 : MIN (s, n - 1)];

      if (!hearts_ai_level_from_string (name, &sim->levels[s]))
        {
          g_set_error (error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE,
                       "unknown level “%s” (random, easy, normal, hard)", name);
          return FALSE;
        }
    }
  return TRUE;
}

int
main (int   argc,
      char *argv[])
{
  g_autoptr(GOptionContext) context = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *rules_text = NULL;
  g_autofree char *levels_text = NULL;
  g_autofree char *record_path = NULL;
  g_autofree char *replay_path = NULL;
  gint64           n_games = 0, n_hands = 0;
  guint64          seed = 1;
  gint64           start, elapsed;
  clock_t          cpu_start;
  double           cpu_seconds;
  Sim              sim = { 0 };
  GOptionEntry     entries[] = {
        { "games", 'g', 0, G_OPTION_ARG_INT64, &n_games, "Play N whole games", "N" },
        { "hands", 'n', 0, G_OPTION_ARG_INT64, &n_hands, "Play N hands (the default: 100000)", "N" },
        { "rules", 'r', 0, G_OPTION_ARG_STRING, &rules_text, "Rules, as key=value words", "RULES" },
        { "seats", 'p', 0, G_OPTION_ARG_STRING, &levels_text, "Levels by seat: random,easy,normal,hard", "LIST" },
        { "seed", 's', 0, G_OPTION_ARG_INT64, &seed, "Seed of the deals and the players", "SEED" },
        { "record", 0, 0, G_OPTION_ARG_FILENAME, &record_path, "Write the game records to FILE", "FILE" },
        { "replay", 0, 0, G_OPTION_ARG_FILENAME, &replay_path, "Replay and check the records in FILE", "FILE" },
        { NULL }
  };

  setlocale (LC_ALL, "");
  context = g_option_context_new ("— play Hearts between computer players");
  g_option_context_add_main_entries (context, entries, NULL);
  g_option_context_set_description (context,
                                    "Rules keys: players=3|4|5 pass=lrah|rlah|lr|none|lrh|rlh opening=lowest|any-club\n"
                                    "  first-trick=no-points|no-hearts|anything hearts-breaking=yes|no qs-breaks=yes|no\n"
                                    "  omnibus=yes|no no-tricks=yes|no moon=others|shooter|choose\n"
                                    "  end=score:N|deals:N|matches:N three-deck=2d|2c\n");

  if (!g_option_context_parse (context, &argc, &argv, &error))
    {
      g_printerr ("hearts-sim: %s\n", error->message);
      return 2;
    }

  if (replay_path != NULL)
    return replay (replay_path);

  hearts_rules_init_default (&sim.rules);
  if (rules_text != NULL && !hearts_rules_apply_string (&sim.rules, rules_text, &error))
    {
      g_printerr ("hearts-sim: %s\n", error->message);
      return 2;
    }
  if (!parse_levels (levels_text ? levels_text : "random", &sim, &error))
    {
      g_printerr ("hearts-sim: %s\n", error->message);
      return 2;
    }
  if (n_games <= 0 && n_hands <= 0)
    n_hands = 100000;
  if (record_path != NULL && n_games <= 0)
    {
      g_printerr ("hearts-sim: --record writes whole games: use it with --games\n");
      return 2;
    }

  hearts_rng_init (&sim.rng, seed);
  sim.all_random = TRUE;
  for (guint s = 0; s < sim.rules.n_players; s++)
    {
      sim.ais[s] = hearts_ai_new (sim.levels[s], seed * 31 + s);
      if (sim.levels[s] != HEARTS_AI_RANDOM)
        sim.all_random = FALSE;
    }
  if (record_path != NULL)
    sim.record = g_string_new (NULL);

  start = g_get_monotonic_time ();
  cpu_start = clock ();
  if (n_games > 0)
    for (gint64 g = 0; g < n_games; g++)
      play_game (&sim);
  else
    {
      /* Hands in a row, as one long game that never ends. */
      gint  totals[HEARTS_MAX_PLAYERS] = { 0 };
      guint first = hearts_draw_first_dealer (&sim.rules, &sim.rng, NULL);

      for (gint64 h = 0; h < n_hands; h++)
        {
          /* Keep totals small so the "shooter chooses" rule sees ordinary scores. */
          if (h % 4 == 0)
            memset (totals, 0, sizeof totals);
          play_hand (&sim, (first + h) % sim.rules.n_players, h, totals);
        }
    }
  elapsed = MAX (g_get_monotonic_time () - start, 1);
  /* Processor time as well: on a busy machine it is the fairer per-core figure. */
  cpu_seconds = MAX ((double) (clock () - cpu_start) / CLOCKS_PER_SEC, 1e-6);

  {
    g_autofree char *rules_out = hearts_rules_to_string (&sim.rules);

    g_print ("rules: %s\n", rules_out);
    g_print ("seed: %" G_GUINT64_FORMAT "\n", seed);
    g_print ("hands: %" G_GUINT64_FORMAT "  games: %" G_GUINT64_FORMAT "\n", sim.hands, sim.games);
    for (guint s = 0; s < sim.rules.n_players; s++)
      {
        g_print ("seat %u (%s): %.3f points per hand", s, hearts_ai_level_to_string (sim.levels[s]),
                 (double) sim.points[s] / MAX (sim.hands, 1));
        if (sim.games > 0)
          g_print (", %" G_GUINT64_FORMAT " wins", sim.wins[s]);
        g_print ("\n");
      }
    g_print ("moon rate: %.4f\n", (double) sim.moons / MAX (sim.hands, 1));
    g_print ("throughput: %.0f hands/s (%.3f s, one thread)\n",
             sim.hands * 1e6 / elapsed, elapsed / 1e6);
    g_print ("processor time: %.3f s, %.0f hands per processor second\n",
             cpu_seconds, sim.hands / cpu_seconds);
  }

  if (record_path != NULL &&
      !g_file_set_contents (record_path, sim.record->str, sim.record->len, &error))
    {
      g_printerr ("hearts-sim: %s\n", error->message);
      return 2;
    }

  for (guint s = 0; s < HEARTS_MAX_PLAYERS; s++)
    g_clear_pointer (&sim.ais[s], hearts_ai_free);
  if (sim.record != NULL)
    g_string_free (sim.record, TRUE);
  return 0;
}
