/* hearts-record.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <string.h>

#include "hearts-record.h"

/* clang-format off: the quark\'s name is a string */
G_DEFINE_QUARK (hearts - record - error - quark, hearts_record_error)
/* clang-format on */

void
hearts_record_begin (GString           *record,
                     const HeartsRules *rules,
                     guint              first_dealer)
{
  g_autofree char *text = hearts_rules_to_string (rules);

  g_string_append_printf (record, "hearts-record 1\nrules %s\nfirst-dealer %u\n", text, first_dealer);
}

static void
append_seats (GString    *record,
              const char *word,
              guint       n,
              const gint *values)
{
  g_string_append (record, word);
  for (guint s = 0; s < n; s++)
    g_string_append_printf (record, " %d", values[s]);
  g_string_append_c (record, '\n');
}

void
hearts_record_add_deal (GString           *record,
                        const HeartsRules *rules,
                        guint              hand_index,
                        const HeartsDeal  *deal,
                        const gint        *points,
                        const gint        *totals)
{
  guint n = deal->n_players;

  g_string_append_printf (record, "hand %u dealer %u pass %s\n", hand_index + 1, deal->dealer,
                          hearts_pass_direction_to_letter (deal->pass));
  for (guint s = 0; s < n; s++)
    {
      g_autofree char *cards = hearts_cards_to_string (deal->dealt[s]);
      g_string_append_printf (record, "dealt %u %s\n", s, cards);
    }
  if (deal->pass != HEARTS_PASS_HOLD)
    for (guint s = 0; s < n; s++)
      if (deal->passed & (1u << s))
        {
          g_autofree char *cards = hearts_cards_to_string (deal->passes[s]);
          g_string_append_printf (record, "pass %u %s\n", s, cards);
        }
  for (guint i = 0; i < deal->n_plays; i++)
    g_string_append_printf (record, "play %u %s\n", hearts_deal_get_play_seat (deal, i),
                            hearts_card_to_string (deal->plays[i]));
  /* A hand in progress has no points yet. */
  if (points != NULL && totals != NULL)
    {
      append_seats (record, "points", n, points);
      append_seats (record, "totals", n, totals);
    }
}

void
hearts_record_end (GString *record,
                   guint    winners)
{
  g_string_append_printf (record, "end %u\n", winners);
}

/* Replay */

typedef struct
{
  HeartsRecordSummary *sum;
  HeartsDeal           deal;
  HeartsCards          dealt[HEARTS_MAX_PLAYERS];
  guint                n_dealt;
  guint                first_dealer;
  gboolean             have_rules;
  gboolean             have_first_dealer;
  gboolean             in_hand;
  gboolean             dealt_ok;
  gboolean             points_seen;
  guint                dealer;
  HeartsPassDirection  pass;
  gint                 points[HEARTS_MAX_PLAYERS];
  HeartsDealScore      score;
  GArray              *scores; /* of HeartsDealScore, or NULL */
} Replay;

static gboolean
fail (GError    **error,
      guint       line,
      const char *message)
{
  g_set_error (error, HEARTS_RECORD_ERROR, 0, "line %u: %s", line, message);
  return FALSE;
}

static gboolean
parse_seat (const char *word,
            guint       n,
            guint      *seat)
{
  guint64 v;

  if (word == NULL || !g_ascii_string_to_unsigned (word, 10, 0, n - 1, &v, NULL))
    return FALSE;
  *seat = (guint) v;
  return TRUE;
}

static gboolean
parse_ints (char **words,
            guint  n,
            gint  *out)
{
  if (g_strv_length (words) != n + 1)
    return FALSE;
  for (guint s = 0; s < n; s++)
    {
      gint64 v;

      if (!g_ascii_string_to_signed (words[s + 1], 10, -100000, 100000, &v, NULL))
        return FALSE;
      out[s] = (gint) v;
    }
  return TRUE;
}

/* Deals the hand once every "dealt" line is in, so that passes and plays can follow. */
static gboolean
ensure_dealt (Replay  *r,
              guint    line,
              GError **error)
{
  const HeartsRules *rules = &r->sum->rules;

  if (r->dealt_ok)
    return TRUE;
  if (r->n_dealt != rules->n_players)
    return fail (error, line, "every seat needs a dealt line first");
  if (!hearts_deal_init (&r->deal, rules, r->dealer, r->pass, r->dealt))
    return fail (error, line, "the dealt hands do not split the deck evenly (misdeal)");
  r->dealt_ok = TRUE;
  return TRUE;
}

static gboolean
replay_line (Replay  *r,
             guint    line,
             char   **w,
             GError **error)
{
  HeartsRecordSummary *sum = r->sum;
  HeartsRules         *rules = &sum->rules;
  guint                n_words = g_strv_length (w);
  guint                n = rules->n_players;
  guint                seat;

  if (g_strcmp0 (w[0], "rules") == 0)
    {
      g_autofree char *text = NULL;
      g_autoptr(GError) local = NULL;

      if (r->have_rules)
        return fail (error, line, "rules given twice");
      hearts_rules_init_default (rules);
      text = g_strjoinv (" ", w + 1);
      if (!hearts_rules_apply_string (rules, text, &local))
        return fail (error, line, local->message);
      r->have_rules = TRUE;
      return TRUE;
    }

  if (!r->have_rules)
    return fail (error, line, "the rules must come first");

  if (g_strcmp0 (w[0], "first-dealer") == 0)
    {
      /* A second one would move every later deal to another dealer. */
      if (r->have_first_dealer)
        return fail (error, line, "first dealer given twice");
      if (n_words != 2 || !parse_seat (w[1], n, &r->first_dealer))
        return fail (error, line, "bad first dealer");
      r->have_first_dealer = TRUE;
      return TRUE;
    }

  if (!r->have_first_dealer)
    return fail (error, line, "the first dealer must come before the hands");

  if (sum->game_over)
    return fail (error, line, "nothing may follow the end of the game");

  if (g_strcmp0 (w[0], "hand") == 0)
    {
      guint64 number;

      if (r->in_hand)
        return fail (error, line, "the previous hand is not finished");
      if (n_words != 6 || g_strcmp0 (w[2], "dealer") != 0 || g_strcmp0 (w[4], "pass") != 0 ||
          !g_ascii_string_to_unsigned (w[1], 10, 1, G_MAXUINT16, &number, NULL) ||
          !parse_seat (w[3], n, &r->dealer))
        return fail (error, line, "expected: hand N dealer S pass D");
      if (number != sum->n_hands + 1)
        return fail (error, line, "hands must be numbered in order");
      if (hearts_rules_game_is_over (rules, sum->totals, sum->n_hands))
        return fail (error, line, "the game was already over");
      if (r->dealer != (r->first_dealer + sum->n_hands) % n)
        return fail (error, line, "the deal must pass to the left each hand");
      r->pass = hearts_rules_get_pass (rules, sum->n_hands);
      if (g_strcmp0 (w[5], hearts_pass_direction_to_letter (r->pass)) != 0)
        return fail (error, line, "wrong pass direction for this hand");
      r->in_hand = TRUE;
      r->dealt_ok = FALSE;
      r->points_seen = FALSE;
      r->n_dealt = 0;
      memset (r->dealt, 0, sizeof r->dealt);
      return TRUE;
    }

  if (g_strcmp0 (w[0], "end") == 0)
    {
      guint64 winners;

      if (r->in_hand)
        return fail (error, line, "the game ended in the middle of a hand");
      if (n_words != 2 || !g_ascii_string_to_unsigned (w[1], 10, 0, 31, &winners, NULL))
        return fail (error, line, "expected: end WINNERS");
      if (!hearts_rules_game_is_over (rules, sum->totals, sum->n_hands))
        return fail (error, line, "the game is not over yet");
      if (winners != hearts_rules_get_winners (rules, sum->totals))
        return fail (error, line, "wrong winners");
      sum->game_over = TRUE;
      sum->winners = (guint) winners;
      return TRUE;
    }

  if (!r->in_hand)
    return fail (error, line, "expected a hand line");

  if (g_strcmp0 (w[0], "dealt") == 0)
    {
      g_autofree char *text = NULL;

      if (r->dealt_ok || n_words < 2 || !parse_seat (w[1], n, &seat) || seat != r->n_dealt)
        return fail (error, line, "dealt lines go seat by seat, before play");
      text = g_strjoinv (" ", w + 2);
      if (!hearts_cards_from_string (text, &r->dealt[seat]))
        return fail (error, line, "bad card list");
      /* Name the line of the misdeal, not the next one. */
      if (hearts_cards_count (r->dealt[seat]) != hearts_rules_get_hand_size (rules) ||
          (r->dealt[seat] & ~hearts_rules_get_deck (rules)) != 0)
        return fail (error, line, "a hand of the wrong cards or the wrong number (misdeal)");
      for (guint s = 0; s < seat; s++)
        if (r->dealt[s] & r->dealt[seat])
          return fail (error, line, "a card dealt twice (misdeal)");
      r->n_dealt++;
      return TRUE;
    }

  if (!ensure_dealt (r, line, error))
    return FALSE;

  if (g_strcmp0 (w[0], "pass") == 0)
    {
      g_autofree char *text = NULL;
      HeartsCards      cards;
      HeartsRefusal    refusal;

      if (n_words < 2 || !parse_seat (w[1], n, &seat))
        return fail (error, line, "bad seat");
      text = g_strjoinv (" ", w + 2);
      if (!hearts_cards_from_string (text, &cards))
        return fail (error, line, "bad card list");
      refusal = hearts_deal_pass (&r->deal, rules, seat, cards);
      if (refusal != HEARTS_REFUSAL_NONE)
        return fail (error, line, hearts_refusal_to_id (refusal));
      return TRUE;
    }

  if (g_strcmp0 (w[0], "play") == 0)
    {
      HeartsCard    card;
      HeartsRefusal refusal;

      if (n_words != 3 || !parse_seat (w[1], n, &seat) || !hearts_card_from_string (w[2], &card))
        return fail (error, line, "expected: play SEAT CARD");
      refusal = hearts_deal_play (&r->deal, rules, seat, card);
      if (refusal != HEARTS_REFUSAL_NONE)
        return fail (error, line, hearts_refusal_to_id (refusal));
      sum->n_plays++;
      return TRUE;
    }

  if (g_strcmp0 (w[0], "points") == 0)
    {
      if (!hearts_deal_is_done (&r->deal))
        return fail (error, line, "points before the hand is played out");
      if (!parse_ints (w, n, r->points))
        return fail (error, line, "bad points");
      hearts_deal_score (&r->deal, rules, sum->totals, &r->score);
      if (memcmp (r->score.points, r->points, n * sizeof (gint)) != 0)
        return fail (error, line, "the points do not match the tricks");
      r->points_seen = TRUE;
      return TRUE;
    }

  if (g_strcmp0 (w[0], "totals") == 0)
    {
      gint totals[HEARTS_MAX_PLAYERS];

      if (!r->points_seen || !parse_ints (w, n, totals))
        return fail (error, line, "totals must follow the points");
      for (guint s = 0; s < n; s++)
        if (totals[s] != sum->totals[s] + r->points[s])
          return fail (error, line, "the totals do not add up");
      memcpy (sum->totals, totals, sizeof totals);
      sum->n_hands++;
      if (r->scores != NULL)
        g_array_append_val (r->scores, r->score);
      r->in_hand = FALSE;
      return TRUE;
    }

  return fail (error, line, "unknown line");
}

static gboolean
replay (const char          *text,
        HeartsRecordSummary *summary,
        GArray              *scores,
        GError             **error)
{
  g_auto(GStrv) lines = NULL;
  HeartsRecordSummary local_sum;
  Replay              r;
  gboolean            header = FALSE;

  g_return_val_if_fail (text != NULL, FALSE);

  memset (&r, 0, sizeof r);
  memset (&local_sum, 0, sizeof local_sum);
  r.sum = summary ? summary : &local_sum;
  memset (r.sum, 0, sizeof *r.sum);
  r.scores = scores;

  lines = g_strsplit (text, "\n", -1);
  for (guint i = 0; lines[i] != NULL; i++)
    {
      g_auto(GStrv) words = NULL;
      g_autofree char *clean = g_strstrip (g_strdup (lines[i]));

      if (clean[0] == '\0' || clean[0] == '#')
        continue;
      words = g_strsplit_set (clean, " \t", -1);
      /* Collapse runs of blanks into single separators. */
      {
        guint k = 0;
        for (guint j = 0; words[j] != NULL; j++)
          {
            if (words[j][0] == '\0')
              g_free (words[j]);
            else
              words[k++] = words[j];
          }
        words[k] = NULL;
      }

      if (!header)
        {
          if (g_strv_length (words) != 2 || g_strcmp0 (words[0], "hearts-record") != 0 ||
              g_strcmp0 (words[1], "1") != 0)
            return fail (error, i + 1, "not a Hearts record (version 1)");
          header = TRUE;
          continue;
        }
      if (!replay_line (&r, i + 1, words, error))
        return FALSE;
    }

  if (!header)
    return fail (error, 0, "empty record");
  /* A game in progress may stop anywhere, but not halfway through the dealt lines. */
  if (r.in_hand && !r.dealt_ok && r.n_dealt > 0 && r.n_dealt < r.sum->rules.n_players)
    return fail (error, 0, "the record ends in the middle of a deal");
  return TRUE;
}

gboolean
hearts_record_replay (const char          *text,
                      HeartsRecordSummary *summary,
                      GError             **error)
{
  return replay (text, summary, NULL, error);
}

gboolean
hearts_record_replay_scores (const char          *text,
                             HeartsRecordSummary *summary,
                             GArray              *scores,
                             GError             **error)
{
  g_return_val_if_fail (scores != NULL, FALSE);

  g_array_set_size (scores, 0);
  return replay (text, summary, scores, error);
}
