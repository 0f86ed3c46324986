/* hearts-calibrate.c: measures the Hard player's model of the others, to set its weights
 *
 * The Hard player weighs a sampled deal by whether the Normal player, holding the
 * sampled cards, would have made each play the others made (hearts-ai-infer.c). This
 * plays deals with the given players and, for every play of a seat with a choice and
 * every other seat watching, counts how often that model explains the play with the
 * player's real cards (p) and with cards the watcher samples for it (q). The likelihood
 * ratio of a miss against a match, ((1 - p) / (1 - q)) / (p / q), is the weight of a
 * miss that would make the sampled deals as likely as they are.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <locale.h>
#include <stdlib.h>

#include "hearts-ai-private.h"

typedef struct
{
  guint n_true, match_true;
  guint n_sampled, match_sampled;
} Counts;

static G_NORETURN void
die (const char *message)
{
  g_printerr ("hearts-calibrate: %s\n", message);
  exit (2);
}

static HeartsCard
normal_guess (const HeartsRules *rules,
              const HeartsDeal  *deal,
              guint              seat)
{
  HeartsView        view;
  HeartsAiSituation sit;

  hearts_view_init (&view, rules, deal, seat, 0, NULL);
  hearts_ai_situation_from_view (&sit, &view);
  return hearts_ai_policy_play (&sit, &hearts_ai_style_model);
}

/* Counts the play @card of the seat to play in @before, from every other seat's watch. */
static void
measure_play (const HeartsRules *rules,
              const HeartsDeal  *before,
              HeartsCard         card,
              HeartsRng         *rng,
              Counts            *counts)
{
  guint      n = before->n_players;
  guint      seat = before->turn;
  HeartsDeal after = *before;
  Counts    *c = &counts[hearts_ai_play_kind (before, card)];

  if (hearts_cards_count (hearts_deal_get_legal (before, rules)) > 1)
    {
      c->n_true++;
      c->match_true += hearts_ai_plays_alike (before, rules, normal_guess (rules, before, seat), card);
    }

  hearts_deal_play_unchecked (&after, rules, card);
  for (guint watcher = 0; watcher < n; watcher++)
    {
      HeartsView view;
      HeartsDeal sample, alt = *before;

      if (watcher == seat)
        continue;
      hearts_view_init (&view, rules, &after, watcher, 0, NULL);
      sample = view.deal;
      hearts_ai_sample_deal (&view, &sample, rng);
      for (guint s = 0; s < n; s++)
        if (s != watcher)
          alt.hands[s] = sample.hands[s] | (s == seat ? HEARTS_CARD_BIT (card) : 0);
      if (!(hearts_deal_get_legal (&alt, rules) & HEARTS_CARD_BIT (card)) ||
          hearts_cards_count (hearts_deal_get_legal (&alt, rules)) < 2)
        continue;
      c->n_sampled++;
      c->match_sampled += hearts_ai_plays_alike (&alt, rules, normal_guess (rules, &alt, seat), card);
    }
}

int
main (int   argc,
      char *argv[])
{
  g_autoptr(GOptionContext) context = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *rules_text = NULL;
  g_autofree char *level_text = NULL;
  g_auto(GStrv) options = NULL;
  static const char *kinds[] = { "lead", "follow", "discard" };
  gint64             n_deals = 100, seed = 1;
  HeartsAiLevel      level = HEARTS_AI_HARD;
  HeartsRules        rules;
  Counts             counts[HEARTS_AI_N_PLAY_KINDS] = { { 0 } };
  HeartsAi          *ais[HEARTS_MAX_PLAYERS];
  HeartsRng          rng;
  GOptionEntry       entries[] = {
          { "deals", 'n', 0, G_OPTION_ARG_INT64, &n_deals, "Deals to play (100)", "N" },
          { "seed", 's', 0, G_OPTION_ARG_INT64, &seed, "Seed (1)", "SEED" },
          { "rules", 'r', 0, G_OPTION_ARG_STRING, &rules_text, "Rules, as key=value words", "RULES" },
          { "level", 'l', 0, G_OPTION_ARG_STRING, &level_text, "The players: easy, normal, hard (hard)", "LEVEL" },
          { "option", 'o', 0, G_OPTION_ARG_STRING_ARRAY, &options, "Player option (repeatable)", "NAME=VALUE" },
          { NULL }
  };

  setlocale (LC_ALL, "");
  context = g_option_context_new ("— measure how well the Normal player explains real plays");
  g_option_context_add_main_entries (context, entries, NULL);
  if (!g_option_context_parse (context, &argc, &argv, &error))
    die (error->message);
  hearts_rules_init_default (&rules);
  if (rules_text != NULL && !hearts_rules_apply_string (&rules, rules_text, &error))
    die (error->message);
  if (level_text != NULL && !hearts_ai_level_from_string (level_text, &level))
    die ("unknown level");

  for (guint s = 0; s < rules.n_players; s++)
    {
      ais[s] = hearts_ai_new (level, (guint64) seed * 8 + s);
      hearts_ai_set_option (ais[s], "movetime", "0");
      hearts_ai_set_option (ais[s], "threads", "1");
      for (guint i = 0; options != NULL && options[i] != NULL; i++)
        {
          g_auto(GStrv) kv = g_strsplit (options[i], "=", 2);

          if (g_strv_length (kv) != 2 || !hearts_ai_set_option (ais[s], kv[0], kv[1]))
            die ("bad option");
        }
    }

  hearts_rng_init (&rng, (guint64) seed);
  for (gint64 d = 0; d < n_deals; d++)
    {
      HeartsDeal deal;
      HeartsView view;

      hearts_deal_shuffle (&deal, &rules, d % rules.n_players, d, &rng);
      if (deal.phase == HEARTS_DEAL_PASSING)
        {
          HeartsCards passes[HEARTS_MAX_PLAYERS];

          for (guint s = 0; s < rules.n_players; s++)
            {
              hearts_view_init (&view, &rules, &deal, s, d, NULL);
              passes[s] = hearts_ai_choose_pass (ais[s], &view);
            }
          for (guint s = 0; s < rules.n_players; s++)
            hearts_deal_pass (&deal, &rules, s, passes[s]);
        }
      while (deal.phase == HEARTS_DEAL_PLAYING)
        {
          HeartsCard card;

          hearts_view_init (&view, &rules, &deal, deal.turn, d, NULL);
          card = hearts_ai_choose_play (ais[deal.turn], &view);
          measure_play (&rules, &deal, card, &rng, counts);
          hearts_deal_play (&deal, &rules, deal.turn, card);
        }
      if ((d + 1) % 10 == 0)
        g_printerr ("\r%" G_GINT64_FORMAT "/%" G_GINT64_FORMAT " deals", d + 1, n_deals);
    }
  g_printerr ("\n");

  g_print ("players: %s, %" G_GINT64_FORMAT " deals\n", hearts_ai_level_to_string (level), n_deals);
  for (guint k = 0; k < HEARTS_AI_N_PLAY_KINDS; k++)
    {
      const Counts *c = &counts[k];
      double        p = (double) c->match_true / MAX (c->n_true, 1);
      double        q = (double) c->match_sampled / MAX (c->n_sampled, 1);

      g_print ("%-8s real cards: %5.1f%% of %u   sampled cards: %5.1f%% of %u   miss weight %.2f\n",
               kinds[k], 100 * p, c->n_true, 100 * q, c->n_sampled,
               p > 0 && q < 1 ? ((1 - p) * q) / ((1 - q) * p) : 1.0);
    }
  for (guint s = 0; s < rules.n_players; s++)
    hearts_ai_free (ais[s]);
  return 0;
}
