/* test-record.c: game records replay, and a tampered record is refused at its line
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <stdlib.h>
#include <string.h>

#include "hearts-engine.h"

/* A whole game between random legal players, straight on the engine. The deal
 * before each play of the first hand is kept, to tamper with the record knowingly. */
typedef struct
{
  HeartsRules rules;
  GString    *record;
  HeartsDeal  before[52]; /* hand 1, before play i */
  guint       n_plays;    /* of hand 1 */
  guint       n_hands;
  gint        totals[HEARTS_MAX_PLAYERS];
  guint       winners;
} Game;

static void
game_play (Game       *game,
           const char *rules_text,
           guint64     seed)
{
  g_autoptr(GError) error = NULL;
  HeartsRules *rules = &game->rules;
  HeartsRng    rng;
  guint        first;

  memset (game, 0, sizeof *game);
  hearts_rules_init_default (rules);
  g_assert_true (hearts_rules_apply_string (rules, rules_text, &error));
  g_assert_no_error (error);

  hearts_rng_init (&rng, seed);
  first = hearts_draw_first_dealer (rules, &rng, NULL);
  game->record = g_string_new (NULL);
  hearts_record_begin (game->record, rules, first);

  for (guint hand = 0; !hearts_rules_game_is_over (rules, game->totals, hand); hand++)
    {
      HeartsDeal      deal;
      HeartsDealScore score;

      hearts_deal_shuffle (&deal, rules, (first + hand) % rules->n_players, hand, &rng);
      if (deal.phase == HEARTS_DEAL_PASSING)
        for (guint s = 0; s < rules->n_players; s++)
          {
            HeartsCards pass = 0;

            for (guint i = 0; i < HEARTS_PASS_SIZE; i++)
              pass |= HEARTS_CARD_BIT (hearts_cards_pick_random (deal.hands[s] & ~pass, &rng));
            g_assert_cmpint (hearts_deal_pass (&deal, rules, s, pass), ==, HEARTS_REFUSAL_NONE);
          }
      while (!hearts_deal_is_done (&deal))
        {
          HeartsCard c = hearts_cards_pick_random (hearts_deal_get_legal (&deal, rules), &rng);

          if (hand == 0)
            game->before[game->n_plays++] = deal;
          g_assert_cmpint (hearts_deal_play (&deal, rules, hearts_deal_get_current_player (&deal), c), ==,
                           HEARTS_REFUSAL_NONE);
        }
      hearts_deal_score (&deal, rules, game->totals, &score);
      for (guint s = 0; s < rules->n_players; s++)
        game->totals[s] += score.points[s];
      hearts_record_add_deal (game->record, rules, hand, &deal, score.points, game->totals);
      game->n_hands++;
    }
  game->winners = hearts_rules_get_winners (rules, game->totals);
  hearts_record_end (game->record, game->winners);
}

static void
game_clear (Game *game)
{
  g_string_free (game->record, TRUE);
}

/* The 1-based number of the line that is the @nth (from 0) to start with @prefix. */
static guint
find_line (const char *record,
           const char *prefix,
           guint       nth)
{
  g_auto(GStrv) lines = g_strsplit (record, "\n", -1);

  for (guint i = 0; lines[i] != NULL; i++)
    if (g_str_has_prefix (lines[i], prefix) && nth-- == 0)
      return i + 1;
  g_error ("no line %u starting “%s”", nth, prefix);
}

static char *
replace_line (const char *record,
              guint       line,
              const char *text)
{
  g_auto(GStrv) lines = g_strsplit (record, "\n", -1);

  g_assert_cmpuint (line, >=, 1);
  g_assert_cmpuint (line, <=, g_strv_length (lines));
  g_free (lines[line - 1]);
  lines[line - 1] = g_strdup (text);
  return g_strjoinv ("\n", lines);
}

static char *
insert_line (const char *record,
             guint       line,
             const char *text)
{
  g_auto(GStrv) lines = g_strsplit (record, "\n", -1);
  g_autoptr(GString) out = g_string_new (NULL);

  for (guint i = 0; lines[i] != NULL; i++)
    {
      if (i + 1 == line)
        g_string_append_printf (out, "%s\n", text);
      g_string_append (out, lines[i]);
      if (lines[i + 1] != NULL)
        g_string_append_c (out, '\n');
    }
  return g_string_free (g_steal_pointer (&out), FALSE);
}

static char *
get_line (const char *record,
          guint       line)
{
  g_auto(GStrv) lines = g_strsplit (record, "\n", -1);

  return g_strdup (lines[line - 1]);
}

/* The replay must fail at @line, saying @reason. */
static void
assert_fails_at (const char *record,
                 guint       line,
                 const char *reason)
{
  g_autoptr(GError) error = NULL;
  g_autofree char    *prefix = g_strdup_printf ("line %u: ", line);
  HeartsRecordSummary summary;

  g_assert_false (hearts_record_replay (record, &summary, &error));
  g_assert_error (error, HEARTS_RECORD_ERROR, 0);
  if (!g_str_has_prefix (error->message, prefix) || strstr (error->message, reason) == NULL)
    g_error ("expected “%s…%s…”, got “%s”", prefix, reason, error->message);
}

/* The line of play @index of hand 1. */
static guint
play_line (Game *game,
           guint index)
{
  return find_line (game->record->str, "play ", index);
}

static char *
play_text (guint      seat,
           HeartsCard c)
{
  return g_strdup_printf ("play %u %s", seat, hearts_card_to_string (c));
}

static const char *variants[] = {
  "",
  "players=3",
  "players=3 three-deck=2c pass=rlah moon=shooter",
  "players=5 omnibus=yes no-tricks=yes",
  "pass=lr first-trick=no-hearts qs-breaks=yes moon=choose end=score:60",
  "pass=none opening=any-club first-trick=anything hearts-breaking=no end=deals:5",
  "players=5 end=matches:1 moon=choose",
  "players=4 end=score:25 omnibus=yes moon=choose",
};

static void
test_record_replays_valid_games (void)
{
  for (guint v = 0; v < G_N_ELEMENTS (variants); v++)
    for (guint64 seed = 0; seed < 20; seed++)
      {
        Game                game;
        HeartsRecordSummary summary;
        g_autoptr(GError) error = NULL;

        game_play (&game, variants[v], seed);
        if (!hearts_record_replay (game.record->str, &summary, &error))
          g_error ("%s, seed %" G_GUINT64_FORMAT ": %s", variants[v], seed, error->message);
        g_assert_true (hearts_rules_equal (&summary.rules, &game.rules));
        g_assert_cmpuint (summary.n_hands, ==, game.n_hands);
        g_assert_true (summary.game_over);
        g_assert_cmpuint (summary.winners, ==, game.winners);
        g_assert_cmpuint (summary.n_plays, ==, game.n_hands * hearts_cards_count (hearts_rules_get_deck (&game.rules)));
        g_assert_cmpmem (summary.totals, game.rules.n_players * sizeof (gint),
                         game.totals, game.rules.n_players * sizeof (gint));
        game_clear (&game);
      }
}

static void
test_record_in_progress (void)
{
  HeartsRules rules;
  HeartsDeal  deal;
  HeartsRng   rng;
  g_autoptr(GString) record = g_string_new (NULL);
  g_autoptr(GError) error = NULL;
  HeartsRecordSummary summary;
  g_autofree char    *cut = NULL;
  HeartsCards         pass = 0;

  hearts_rules_init_default (&rules);
  hearts_rng_init (&rng, 1);
  hearts_deal_shuffle (&deal, &rules, 2, 0, &rng);
  for (guint i = 0; i < HEARTS_PASS_SIZE; i++)
    pass |= HEARTS_CARD_BIT (hearts_cards_lowest (deal.hands[0] & ~pass));
  g_assert_cmpint (hearts_deal_pass (&deal, &rules, 0, pass), ==, HEARTS_REFUSAL_NONE);

  /* Seat 0 passed, nobody else: such a record stops anywhere and still replays. */
  hearts_record_begin (record, &rules, 2);
  hearts_record_add_deal (record, &rules, 0, &deal, NULL, NULL);
  g_assert_true (hearts_record_replay (record->str, &summary, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (summary.n_hands, ==, 0);
  g_assert_false (summary.game_over);

  /* … but not in the middle of the dealt lines. */
  cut = g_strndup (record->str, strstr (record->str, "dealt 2") - record->str);
  g_assert_false (hearts_record_replay (cut, NULL, &error));
  g_assert_error (error, HEARTS_RECORD_ERROR, 0);
  g_assert_nonnull (strstr (error->message, "middle of a deal"));
}

static void
test_record_tampered_misdeal (void)
{
  Game             game;
  guint            line;
  g_autofree char *dealt1 = NULL;
  g_autofree char *tampered = NULL;
  g_autofree char *dup = NULL;

  game_play (&game, "", 3);
  line = find_line (game.record->str, "dealt 1 ", 0);

  /* Seat 1 with one card too few. */
  dealt1 = hearts_cards_to_string (game.before[0].dealt[1] & (game.before[0].dealt[1] - 1));
  dup = g_strdup_printf ("dealt 1 %s", dealt1);
  tampered = replace_line (game.record->str, line, dup);
  assert_fails_at (tampered, line, "misdeal");
  g_clear_pointer (&tampered, g_free);
  g_clear_pointer (&dup, g_free);
  g_clear_pointer (&dealt1, g_free);

  /* Seat 1 holding one of seat 0's cards instead of one of its own. */
  dealt1 = hearts_cards_to_string ((game.before[0].dealt[1] & (game.before[0].dealt[1] - 1)) |
                                   HEARTS_CARD_BIT (hearts_cards_lowest (game.before[0].dealt[0])));
  dup = g_strdup_printf ("dealt 1 %s", dealt1);
  tampered = replace_line (game.record->str, line, dup);
  assert_fails_at (tampered, line, "misdeal");
  g_clear_pointer (&tampered, g_free);
  g_clear_pointer (&dup, g_free);

  /* A three-player deal with the 2♦, which that game does not use. */
  game_clear (&game);
  game_play (&game, "players=3", 3);
  line = find_line (game.record->str, "dealt 2 ", 0);
  g_clear_pointer (&dealt1, g_free);
  dealt1 = hearts_cards_to_string ((game.before[0].dealt[2] & (game.before[0].dealt[2] - 1)) |
                                   HEARTS_CARD_BIT (HEARTS_TWO_OF_DIAMONDS));
  dup = g_strdup_printf ("dealt 2 %s", dealt1);
  tampered = replace_line (game.record->str, line, dup);
  assert_fails_at (tampered, line, "misdeal");
  game_clear (&game);
}

/* Finds a play of hand 1 that @pick can turn into an illegal one. */
typedef gboolean (*Pick) (const HeartsDeal  *deal,
                          const HeartsRules *rules,
                          guint             *seat,
                          HeartsCard        *c);

static void
tamper_play (const char *rules_text,
             Pick        pick,
             const char *reason)
{
  for (guint64 seed = 0; seed < 200; seed++)
    {
      Game game;

      game_play (&game, rules_text, seed);
      for (guint i = 0; i < game.n_plays; i++)
        {
          guint      seat;
          HeartsCard c;

          if (pick (&game.before[i], &game.rules, &seat, &c))
            {
              guint            line = play_line (&game, i);
              g_autofree char *text = play_text (seat, c);
              g_autofree char *tampered = replace_line (game.record->str, line, text);

              g_test_message ("seed %" G_GUINT64_FORMAT ", play %u: %s", seed, i, text);
              assert_fails_at (tampered, line, reason);
              game_clear (&game);
              return;
            }
        }
      game_clear (&game);
    }
  g_error ("no position for “%s” found", reason);
}

static gboolean
pick_revoke (const HeartsDeal  *deal,
             const HeartsRules *rules,
             guint             *seat,
             HeartsCard        *c)
{
  HeartsCards hand = deal->hands[hearts_deal_get_current_player (deal)];
  HeartsCards suit;

  if (deal->trick_len == 0)
    return FALSE;
  suit = HEARTS_SUIT_MASK (HEARTS_CARD_SUIT (deal->plays[deal->n_plays - deal->trick_len]));
  if ((hand & suit) == 0 || (hand & ~suit) == 0)
    return FALSE;
  *seat = hearts_deal_get_current_player (deal);
  *c = hearts_cards_lowest (hand & ~suit);
  return TRUE;
}

static gboolean
pick_out_of_turn (const HeartsDeal  *deal,
                  const HeartsRules *rules,
                  guint             *seat,
                  HeartsCard        *c)
{
  guint       other = (hearts_deal_get_current_player (deal) + 1) % deal->n_players;
  HeartsCards legal_for_other;
  HeartsDeal  pretend = *deal;

  /* A card that would be legal for the next player, were it its turn. */
  pretend.turn = other;
  legal_for_other = hearts_deal_get_legal (&pretend, rules);
  g_assert_cmpuint (legal_for_other & ~deal->hands[other], ==, 0);
  if (legal_for_other == 0)
    return FALSE;
  *seat = other;
  *c = hearts_cards_lowest (legal_for_other);
  return TRUE;
}

static gboolean
pick_not_in_hand (const HeartsDeal  *deal,
                  const HeartsRules *rules,
                  guint             *seat,
                  HeartsCard        *c)
{
  guint other = (hearts_deal_get_current_player (deal) + 1) % deal->n_players;

  *seat = hearts_deal_get_current_player (deal);
  *c = hearts_cards_lowest (deal->hands[other]);
  return TRUE;
}

static gboolean
pick_unbroken_heart (const HeartsDeal  *deal,
                     const HeartsRules *rules,
                     guint             *seat,
                     HeartsCard        *c)
{
  HeartsCards hand = deal->hands[hearts_deal_get_current_player (deal)];

  if (deal->trick_len != 0 || deal->n_plays == 0 || deal->hearts_broken ||
      (hand & HEARTS_HEARTS_MASK) == 0 || (hand & ~HEARTS_HEARTS_MASK) == 0)
    return FALSE;
  *seat = hearts_deal_get_current_player (deal);
  *c = hearts_cards_lowest (hand & HEARTS_HEARTS_MASK);
  return TRUE;
}

static gboolean
pick_first_trick_points (const HeartsDeal  *deal,
                         const HeartsRules *rules,
                         guint             *seat,
                         HeartsCard        *c)
{
  HeartsCards hand = deal->hands[hearts_deal_get_current_player (deal)];

  if (deal->n_plays == 0 || deal->n_plays >= deal->n_players ||
      (hand & HEARTS_SUIT_MASK (HEARTS_SUIT_CLUBS)) != 0 ||
      (hand & HEARTS_POINT_CARDS) == 0 || (hand & ~HEARTS_POINT_CARDS) == 0)
    return FALSE;
  *seat = hearts_deal_get_current_player (deal);
  *c = hearts_cards_lowest (hand & HEARTS_POINT_CARDS);
  return TRUE;
}

static gboolean
pick_wrong_opening (const HeartsDeal  *deal,
                    const HeartsRules *rules,
                    guint             *seat,
                    HeartsCard        *c)
{
  HeartsCards hand = deal->hands[hearts_deal_get_current_player (deal)];

  if (deal->n_plays != 0)
    return FALSE;
  *seat = hearts_deal_get_current_player (deal);
  *c = hearts_cards_highest (hand);
  return TRUE;
}

static void
test_record_tampered_revoke (void)
{
  tamper_play ("", pick_revoke, "must-follow-suit");
  tamper_play ("players=3", pick_revoke, "must-follow-suit");
}

static void
test_record_tampered_out_of_turn (void)
{
  tamper_play ("", pick_out_of_turn, "not-your-turn");
  tamper_play ("players=5", pick_out_of_turn, "not-your-turn");
}

static void
test_record_tampered_not_in_hand (void)
{
  tamper_play ("", pick_not_in_hand, "not-in-hand");
}

static void
test_record_tampered_hearts_not_broken (void)
{
  tamper_play ("", pick_unbroken_heart, "hearts-not-broken");
}

static void
test_record_tampered_first_trick_points (void)
{
  tamper_play ("", pick_first_trick_points, "no-points-first-trick");
}

static void
test_record_tampered_opening (void)
{
  tamper_play ("", pick_wrong_opening, "must-lead-opening-card");
  tamper_play ("opening=any-club", pick_wrong_opening, "must-lead-club");
}

static void
test_record_tampered_pass (void)
{
  Game             game;
  guint            line;
  g_autofree char *pass = NULL;
  g_autofree char *text = NULL;
  g_autofree char *tampered = NULL;

  game_play (&game, "", 4);
  line = find_line (game.record->str, "pass 0 ", 0);

  /* Passing a card one does not hold. */
  pass = hearts_cards_to_string ((game.before[0].dealt[1] & -game.before[0].dealt[1]) |
                                 (game.before[0].passes[0] & (game.before[0].passes[0] - 1)));
  text = g_strdup_printf ("pass 0 %s", pass);
  tampered = replace_line (game.record->str, line, text);
  assert_fails_at (tampered, line, "not-in-hand");
  g_clear_pointer (&tampered, g_free);

  /* Two cards. */
  tampered = replace_line (game.record->str, line, "pass 0 2C 3C");
  assert_fails_at (tampered, line, "pass-count");
  g_clear_pointer (&tampered, g_free);

  /* Passing twice. */
  g_free (text);
  text = get_line (game.record->str, line);
  tampered = insert_line (game.record->str, line + 1, text);
  assert_fails_at (tampered, line + 1, "already-passed");
  g_clear_pointer (&tampered, g_free);

  /* A play before the passing is over. */
  tampered = insert_line (game.record->str, line, "play 0 2C");
  assert_fails_at (tampered, line, "wrong-phase");
  game_clear (&game);
}

static void
test_record_tampered_points (void)
{
  Game             game;
  guint            line;
  g_autofree char *tampered = NULL;
  g_autofree char *orig = NULL;
  g_auto(GStrv) words = NULL;
  g_autofree char *text = NULL;

  game_play (&game, "", 5);

  /* The second hand's points, one point moved from seat 0 to seat 1: still 26. */
  line = find_line (game.record->str, "points ", 1);
  orig = get_line (game.record->str, line);
  words = g_strsplit (orig, " ", -1);
  text = g_strdup_printf ("points %d %d %s %s", atoi (words[1]) - 1, atoi (words[2]) + 1, words[3], words[4]);
  tampered = replace_line (game.record->str, line, text);
  assert_fails_at (tampered, line, "do not match");
  g_clear_pointer (&tampered, g_free);
  g_clear_pointer (&text, g_free);

  /* Totals that do not add up. */
  line = find_line (game.record->str, "totals ", 1);
  g_clear_pointer (&orig, g_free);
  g_clear_pointer (&words, g_strfreev);
  orig = get_line (game.record->str, line);
  words = g_strsplit (orig, " ", -1);
  text = g_strdup_printf ("totals %d %s %s %s", atoi (words[1]) + 1, words[2], words[3], words[4]);
  tampered = replace_line (game.record->str, line, text);
  assert_fails_at (tampered, line, "do not add up");
  g_clear_pointer (&tampered, g_free);

  /* Points before the hand is over, and totals without points. */
  line = find_line (game.record->str, "points ", 0);
  tampered = insert_line (game.record->str, line - 1, "points 0 0 0 26");
  assert_fails_at (tampered, line - 1, "before the hand is played out");
  g_clear_pointer (&tampered, g_free);
  tampered = replace_line (game.record->str, line, "totals 0 0 0 26");
  assert_fails_at (tampered, line, "totals must follow the points");
  g_clear_pointer (&tampered, g_free);
  tampered = replace_line (game.record->str, line, "points 0 0 26");
  assert_fails_at (tampered, line, "bad points");
  game_clear (&game);
}

static void
test_record_tampered_dealer (void)
{
  Game             game;
  guint            line;
  g_autofree char *tampered = NULL;
  g_autofree char *text = NULL;
  guint            first;

  game_play (&game, "", 6);
  g_assert_cmpuint (game.n_hands, >=, 3);
  first = game.before[0].dealer;

  /* The second hand dealt by the first dealer again. */
  line = find_line (game.record->str, "hand 2 ", 0);
  text = g_strdup_printf ("hand 2 dealer %u pass R", first);
  tampered = replace_line (game.record->str, line, text);
  assert_fails_at (tampered, line, "to the left");
  g_clear_pointer (&tampered, g_free);
  g_clear_pointer (&text, g_free);

  /* … or by the player on the dealer's right. */
  text = g_strdup_printf ("hand 2 dealer %u pass R", (first + 3) % 4);
  tampered = replace_line (game.record->str, line, text);
  assert_fails_at (tampered, line, "to the left");
  g_clear_pointer (&tampered, g_free);
  g_clear_pointer (&text, g_free);

  /* A first dealer slipped in later, to move the deal: refused. */
  text = g_strdup_printf ("first-dealer %u", (first + 3) % 4);
  tampered = insert_line (game.record->str, line, text);
  assert_fails_at (tampered, line, "first dealer");
  g_clear_pointer (&tampered, g_free);

  /* The wrong pass direction, a hand number out of order. */
  g_free (text);
  text = g_strdup_printf ("hand 2 dealer %u pass L", (first + 1) % 4);
  tampered = replace_line (game.record->str, line, text);
  assert_fails_at (tampered, line, "wrong pass direction");
  g_clear_pointer (&tampered, g_free);
  g_clear_pointer (&text, g_free);
  text = g_strdup_printf ("hand 3 dealer %u pass R", (first + 1) % 4);
  tampered = replace_line (game.record->str, line, text);
  assert_fails_at (tampered, line, "numbered in order");
  game_clear (&game);
}

static void
test_record_tampered_end (void)
{
  Game             game;
  guint            line;
  g_autofree char *tampered = NULL;
  g_autofree char *text = NULL;
  g_autofree char *cut = NULL;

  game_play (&game, "end=deals:3", 7);
  line = find_line (game.record->str, "end ", 0);

  /* Wrong winners. */
  text = g_strdup_printf ("end %u", game.winners ^ 1);
  tampered = replace_line (game.record->str, line, text);
  assert_fails_at (tampered, line, "wrong winners");
  g_clear_pointer (&tampered, g_free);

  /* Anything after the end. */
  g_string_append (game.record, "hand 4 dealer 0 pass L\n");
  assert_fails_at (game.record->str, line + 1, "nothing may follow");

  /* The end before the game is over. */
  line = find_line (game.record->str, "hand 3 ", 0);
  cut = g_strndup (game.record->str, strstr (game.record->str, "hand 3 ") - game.record->str);
  tampered = g_strdup_printf ("%send %u\n", cut, game.winners);
  assert_fails_at (tampered, line, "not over yet");
  g_clear_pointer (&tampered, g_free);

  /* A fourth hand when three were agreed. */
  g_clear_pointer (&cut, g_free);
  cut = g_strndup (game.record->str, strstr (game.record->str, "end ") - game.record->str);
  line = find_line (game.record->str, "end ", 0);
  tampered = g_strdup_printf ("%shand 4 dealer 0 pass L\n", cut);
  assert_fails_at (tampered, line, "already over");
  game_clear (&game);
}

static void
test_record_garbage (void)
{
  const char *bad[] = {
    "",
    "\n\n",
    "hearts-record 2\n",
    "hearts-record\n",
    "rules players=4\n",
    "hearts-record 1\nfirst-dealer 0\n",
    "hearts-record 1\nrules players=9\n",
    "hearts-record 1\nrules players=4\nrules players=4\n",
    "hearts-record 1\nrules players=4\nhand 1 dealer 0 pass L\n",
    "hearts-record 1\nrules players=4\nfirst-dealer 4\n",
    "hearts-record 1\nrules players=4\nfirst-dealer 0\ndealt 0 2C\n",
    "hearts-record 1\nrules players=4\nfirst-dealer 0\nhand 1 dealer 0 pass L\ndealt 1 2C\n",
    "hearts-record 1\nrules players=4\nfirst-dealer 0\nhand 1 dealer 0 pass L\ndealt 0 2C 2C\n",
    "hearts-record 1\nrules players=4\nfirst-dealer 0\nhand 1 dealer 0 pass L\nplay 0 2C\n",
    "hearts-record 1\nrules players=4\nfirst-dealer 0\nhand 1 dealer 0 pass L\nfoo\n",
    "hearts-record 1\nrules players=4\nfirst-dealer 0\nend 1\n",
  };

  for (guint i = 0; i < G_N_ELEMENTS (bad); i++)
    {
      g_autoptr(GError) error = NULL;

      if (hearts_record_replay (bad[i], NULL, &error))
        g_error ("“%s” replayed", bad[i]);
      g_assert_error (error, HEARTS_RECORD_ERROR, 0);
      g_assert_true (g_str_has_prefix (error->message, "line "));
    }

  /* Comments and blank lines are fine. */
  g_assert_true (hearts_record_replay ("# a game\nhearts-record 1\n\n  rules   players=4 \nfirst-dealer 1\n",
                                       NULL, NULL));
}

/* Random damage to valid records never crashes the replay: it fails at a line of the
 * record, or the damage happened to keep it valid. */
static void
test_record_fuzz (void)
{
  HeartsRng rng;
  guint     failed = 0;

  hearts_rng_init (&rng, 99);
  for (guint round = 0; round < 400; round++)
    {
      Game game;
      g_auto(GStrv) lines = NULL;
      guint n_lines;

      game_play (&game, variants[round % G_N_ELEMENTS (variants)], round);
      lines = g_strsplit (game.record->str, "\n", -1);
      n_lines = g_strv_length (lines);

      for (guint k = 0; k < 10; k++)
        {
          g_autofree char *text = g_strdup (game.record->str);
          g_autoptr(GError) error = NULL;
          gsize len = strlen (text);
          guint what = hearts_rng_below (&rng, 4);

          if (what == 0)
            text[hearts_rng_below (&rng, len)] = "0123456789 CDSHAKQJTx\n-"[hearts_rng_below (&rng, 23)];
          else if (what == 1)
            text[hearts_rng_below (&rng, len)] = '\0';
          else
            {
              guint a = hearts_rng_below (&rng, n_lines), b = hearts_rng_below (&rng, n_lines);
              g_auto(GStrv) copy = g_strdupv (lines);
              char *t = copy[a];

              copy[a] = copy[b];
              copy[b] = t;
              if (what == 3)
                {
                  g_free (copy[a]);
                  copy[a] = g_strdup ("");
                }
              g_free (text);
              text = g_strjoinv ("\n", copy);
            }

          if (!hearts_record_replay (text, NULL, &error))
            {
              char   *end = NULL;
              guint64 at;

              g_assert_error (error, HEARTS_RECORD_ERROR, 0);
              g_assert_true (g_str_has_prefix (error->message, "line "));
              at = g_ascii_strtoull (error->message + 5, &end, 10);
              g_assert_cmpint (*end, ==, ':');
              g_assert_cmpuint (at, <=, n_lines + 1);
              failed++;
            }
        }
      game_clear (&game);
    }
  g_test_message ("%u of 4000 damaged records refused", failed);
  g_assert_cmpuint (failed, >, 2000);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/record/replay/valid-games", test_record_replays_valid_games);
  g_test_add_func ("/record/replay/in-progress", test_record_in_progress);
  g_test_add_func ("/record/tampered/misdeal", test_record_tampered_misdeal);
  g_test_add_func ("/record/tampered/revoke", test_record_tampered_revoke);
  g_test_add_func ("/record/tampered/out-of-turn", test_record_tampered_out_of_turn);
  g_test_add_func ("/record/tampered/not-in-hand", test_record_tampered_not_in_hand);
  g_test_add_func ("/record/tampered/hearts-not-broken", test_record_tampered_hearts_not_broken);
  g_test_add_func ("/record/tampered/first-trick-points", test_record_tampered_first_trick_points);
  g_test_add_func ("/record/tampered/opening", test_record_tampered_opening);
  g_test_add_func ("/record/tampered/pass", test_record_tampered_pass);
  g_test_add_func ("/record/tampered/points", test_record_tampered_points);
  g_test_add_func ("/record/tampered/dealer", test_record_tampered_dealer);
  g_test_add_func ("/record/tampered/end", test_record_tampered_end);
  g_test_add_func ("/record/garbage", test_record_garbage);
  g_test_add_func ("/record/fuzz", test_record_fuzz);

  return g_test_run ();
}
