/* hearts-rules.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "hearts-rules.h"

/* clang-format off: the quark\'s name is a string */
G_DEFINE_QUARK (hearts - rules - error - quark, hearts_rules_error)
/* clang-format on */

static const char *pass_cycle_ids[] = { "lrah", "rlah", "lrh", "rlh", "lr", "none" };
static const char *opening_ids[] = { "lowest", "any-club" };
static const char *first_trick_ids[] = { "no-points", "no-hearts", "anything" };
static const char *moon_ids[] = { "others", "shooter", "choose" };
static const char *end_ids[] = { "score", "deals", "matches" };
static const char *three_deck_ids[] = { "2d", "2c" };

G_STATIC_ASSERT (G_N_ELEMENTS (pass_cycle_ids) == HEARTS_N_PASS_CYCLES);
G_STATIC_ASSERT (G_N_ELEMENTS (opening_ids) == HEARTS_N_OPENINGS);
G_STATIC_ASSERT (G_N_ELEMENTS (first_trick_ids) == HEARTS_N_FIRST_TRICKS);
G_STATIC_ASSERT (G_N_ELEMENTS (moon_ids) == HEARTS_N_MOONS);
G_STATIC_ASSERT (G_N_ELEMENTS (end_ids) == HEARTS_N_ENDS);
G_STATIC_ASSERT (G_N_ELEMENTS (three_deck_ids) == HEARTS_N_THREE_DECKS);

void
hearts_rules_init_default (HeartsRules *rules)
{
  memset (rules, 0, sizeof *rules);
  rules->n_players = 4;
  rules->pass_cycle = HEARTS_PASS_CYCLE_LEFT_RIGHT_ACROSS_HOLD;
  rules->opening = HEARTS_OPENING_LOWEST_CLUB;
  rules->first_trick = HEARTS_FIRST_TRICK_NO_POINTS;
  rules->must_break_hearts = TRUE;
  rules->queen_breaks_hearts = FALSE;
  rules->omnibus = FALSE;
  rules->no_tricks_bonus = FALSE;
  rules->moon = HEARTS_MOON_OTHERS_PLUS_26;
  rules->end = HEARTS_END_SCORE;
  rules->end_value = 100;
  rules->three_deck = HEARTS_THREE_REMOVE_TWO_DIAMONDS;
}

/* The same game: "lrah" with three players is "lrh". */
gboolean
hearts_rules_equal (const HeartsRules *a,
                    const HeartsRules *b)
{
  HeartsRules na = *a, nb = *b;

  hearts_rules_normalize (&na);
  hearts_rules_normalize (&nb);
  return a->n_players == b->n_players &&
         na.pass_cycle == nb.pass_cycle &&
         a->opening == b->opening &&
         a->first_trick == b->first_trick &&
         !a->must_break_hearts == !b->must_break_hearts &&
         !a->queen_breaks_hearts == !b->queen_breaks_hearts &&
         !a->omnibus == !b->omnibus &&
         !a->no_tricks_bonus == !b->no_tricks_bonus &&
         a->moon == b->moon &&
         a->end == b->end &&
         a->end_value == b->end_value &&
         a->three_deck == b->three_deck;
}

const char *
hearts_rules_check (const HeartsRules *rules)
{
  if (rules->n_players < HEARTS_MIN_PLAYERS || rules->n_players > HEARTS_MAX_PLAYERS)
    return "players must be 3, 4 or 5";
  if ((guint) rules->pass_cycle >= HEARTS_N_PASS_CYCLES)
    return "unknown pass cycle";
  if ((guint) rules->opening >= HEARTS_N_OPENINGS)
    return "unknown opening lead";
  if ((guint) rules->first_trick >= HEARTS_N_FIRST_TRICKS)
    return "unknown first-trick rule";
  if ((guint) rules->moon >= HEARTS_N_MOONS)
    return "unknown moon rule";
  if ((guint) rules->three_deck >= HEARTS_N_THREE_DECKS)
    return "unknown three-player deck";
  switch (rules->end)
    {
    case HEARTS_END_SCORE:
      if (rules->end_value < HEARTS_END_SCORE_MIN || rules->end_value > HEARTS_END_SCORE_MAX)
        return "target score must be 25 to 500";
      break;
    case HEARTS_END_DEALS:
    case HEARTS_END_MATCHES:
      if (rules->end_value < 1 || rules->end_value > HEARTS_END_COUNT_MAX)
        return "number of deals or matches must be 1 to 100";
      break;
    case HEARTS_N_ENDS:
    default:
      return "unknown game end";
    }
  return NULL;
}

const char *
hearts_pass_cycle_get_id (HeartsPassCycle cycle)
{
  g_return_val_if_fail ((guint) cycle < HEARTS_N_PASS_CYCLES, NULL);
  return pass_cycle_ids[cycle];
}

gboolean
hearts_pass_cycle_has_across (HeartsPassCycle cycle)
{
  return cycle == HEARTS_PASS_CYCLE_LEFT_RIGHT_ACROSS_HOLD || cycle == HEARTS_PASS_CYCLE_RIGHT_LEFT_ACROSS_HOLD;
}

gboolean
hearts_rules_normalize (HeartsRules *rules)
{
  if (rules->n_players == 4)
    return FALSE;
  switch (rules->pass_cycle)
    {
    case HEARTS_PASS_CYCLE_LEFT_RIGHT_ACROSS_HOLD:
      rules->pass_cycle = HEARTS_PASS_CYCLE_LEFT_RIGHT_HOLD;
      return TRUE;
    case HEARTS_PASS_CYCLE_RIGHT_LEFT_ACROSS_HOLD:
      rules->pass_cycle = HEARTS_PASS_CYCLE_RIGHT_LEFT_HOLD;
      return TRUE;
    case HEARTS_PASS_CYCLE_LEFT_RIGHT:
    case HEARTS_PASS_CYCLE_NONE:
    case HEARTS_PASS_CYCLE_LEFT_RIGHT_HOLD:
    case HEARTS_PASS_CYCLE_RIGHT_LEFT_HOLD:
    case HEARTS_N_PASS_CYCLES:
    default:
      return FALSE;
    }
}

HeartsCards
hearts_rules_get_deck (const HeartsRules *rules)
{
  HeartsCards deck = HEARTS_FULL_DECK;

  if (rules->n_players == 3)
    {
      if (rules->three_deck == HEARTS_THREE_REMOVE_TWO_CLUBS)
        deck &= ~HEARTS_CARD_BIT (HEARTS_TWO_OF_CLUBS);
      else
        deck &= ~HEARTS_CARD_BIT (HEARTS_TWO_OF_DIAMONDS);
    }
  else if (rules->n_players == 5)
    deck &= ~(HEARTS_CARD_BIT (HEARTS_TWO_OF_DIAMONDS) | HEARTS_CARD_BIT (HEARTS_TWO_OF_CLUBS));

  return deck;
}

guint
hearts_rules_get_hand_size (const HeartsRules *rules)
{
  return hearts_cards_count (hearts_rules_get_deck (rules)) / rules->n_players;
}

HeartsCard
hearts_rules_get_opening_card (const HeartsRules *rules)
{
  return hearts_cards_lowest (hearts_rules_get_deck (rules) & HEARTS_SUIT_MASK (HEARTS_SUIT_CLUBS));
}

HeartsPassDirection
hearts_rules_get_pass (const HeartsRules *rules,
                       guint              hand_index)
{
  static const HeartsPassDirection lrah[] = { HEARTS_PASS_LEFT, HEARTS_PASS_RIGHT, HEARTS_PASS_ACROSS, HEARTS_PASS_HOLD };
  static const HeartsPassDirection rlah[] = { HEARTS_PASS_RIGHT, HEARTS_PASS_LEFT, HEARTS_PASS_ACROSS, HEARTS_PASS_HOLD };
  static const HeartsPassDirection lrh[] = { HEARTS_PASS_LEFT, HEARTS_PASS_RIGHT, HEARTS_PASS_HOLD };
  static const HeartsPassDirection rlh[] = { HEARTS_PASS_RIGHT, HEARTS_PASS_LEFT, HEARTS_PASS_HOLD };
  /* With 3 or 5 players nobody sits across, so a cycle with it skips it (games and
   * records from before "lrh" and "rlh" say so). */
  gboolean four = rules->n_players == 4;

  switch (rules->pass_cycle)
    {
    case HEARTS_PASS_CYCLE_LEFT_RIGHT_ACROSS_HOLD:
      return four ? lrah[hand_index % 4] : lrh[hand_index % 3];
    case HEARTS_PASS_CYCLE_RIGHT_LEFT_ACROSS_HOLD:
      return four ? rlah[hand_index % 4] : rlh[hand_index % 3];
    case HEARTS_PASS_CYCLE_LEFT_RIGHT:
      return hand_index % 2 == 0 ? HEARTS_PASS_LEFT : HEARTS_PASS_RIGHT;
    case HEARTS_PASS_CYCLE_LEFT_RIGHT_HOLD:
      return lrh[hand_index % 3];
    case HEARTS_PASS_CYCLE_RIGHT_LEFT_HOLD:
      return rlh[hand_index % 3];
    case HEARTS_PASS_CYCLE_NONE:
    case HEARTS_N_PASS_CYCLES:
    default:
      return HEARTS_PASS_HOLD;
    }
}

/* How many seats clockwise a pass goes: no division, as passing runs on every deal of
 * the simulator. */
static guint
pass_offset (guint               n,
             HeartsPassDirection dir)
{
  switch (dir)
    {
    case HEARTS_PASS_LEFT:
      return 1;
    case HEARTS_PASS_RIGHT:
      return n - 1;
    case HEARTS_PASS_ACROSS:
      return n / 2;
    case HEARTS_PASS_HOLD:
    default:
      return 0;
    }
}

guint
hearts_rules_pass_target (const HeartsRules  *rules,
                          HeartsPassDirection dir,
                          guint               seat)
{
  guint n = rules->n_players;
  guint to = seat + pass_offset (n, dir);

  return to >= n ? to - n : to;
}

guint
hearts_rules_pass_source (const HeartsRules  *rules,
                          HeartsPassDirection dir,
                          guint               seat)
{
  guint n = rules->n_players;
  guint from = seat + n - pass_offset (n, dir);

  return from >= n ? from - n : from;
}

const char *
hearts_pass_direction_to_letter (HeartsPassDirection dir)
{
  static const char *letters[] = { "L", "R", "A", "H" };

  return (guint) dir < G_N_ELEMENTS (letters) ? letters[dir] : "?";
}

char *
hearts_rules_to_string (const HeartsRules *rules)
{
  const char *end_id = (guint) rules->end < HEARTS_N_ENDS ? end_ids[rules->end] : "?";

#define ID(table, v) ((guint) (v) < G_N_ELEMENTS (table) ? table[v] : "?")
  return g_strdup_printf ("players=%u pass=%s opening=%s first-trick=%s hearts-breaking=%s "
                          "qs-breaks=%s omnibus=%s no-tricks=%s moon=%s end=%s:%u three-deck=%s",
                          rules->n_players,
                          ID (pass_cycle_ids, rules->pass_cycle),
                          ID (opening_ids, rules->opening),
                          ID (first_trick_ids, rules->first_trick),
                          rules->must_break_hearts ? "yes" : "no",
                          rules->queen_breaks_hearts ? "yes" : "no",
                          rules->omnibus ? "yes" : "no",
                          rules->no_tricks_bonus ? "yes" : "no",
                          ID (moon_ids, rules->moon),
                          end_id, rules->end_value,
                          ID (three_deck_ids, rules->three_deck));
#undef ID
}

static gboolean
lookup_id (const char **ids,
           guint        n_ids,
           const char  *value,
           guint       *out)
{
  for (guint i = 0; i < n_ids; i++)
    if (g_strcmp0 (ids[i], value) == 0)
      {
        *out = i;
        return TRUE;
      }
  return FALSE;
}

static gboolean
parse_bool (const char *value,
            gboolean   *out)
{
  if (g_strcmp0 (value, "yes") == 0 || g_strcmp0 (value, "true") == 0 || g_strcmp0 (value, "1") == 0)
    *out = TRUE;
  else if (g_strcmp0 (value, "no") == 0 || g_strcmp0 (value, "false") == 0 || g_strcmp0 (value, "0") == 0)
    *out = FALSE;
  else
    return FALSE;
  return TRUE;
}

static gboolean
parse_uint (const char *value,
            guint       max,
            guint      *out)
{
  guint64 v;

  if (!g_ascii_string_to_unsigned (value, 10, 0, max, &v, NULL))
    return FALSE;
  *out = (guint) v;
  return TRUE;
}

gboolean
hearts_rules_apply_key (HeartsRules *rules,
                        const char  *key,
                        const char  *value,
                        GError     **error)
{
  HeartsRules r = *rules;
  gboolean    ok = FALSE;
  guint       u;
  const char *problem;

#define TABLE(t) t, G_N_ELEMENTS (t)
  if (g_strcmp0 (key, "players") == 0)
    {
      if ((ok = parse_uint (value, HEARTS_MAX_PLAYERS, &u)))
        r.n_players = (guint8) u;
    }
  else if (g_strcmp0 (key, "pass") == 0)
    {
      if ((ok = lookup_id (TABLE (pass_cycle_ids), value, &u)))
        r.pass_cycle = u;
    }
  else if (g_strcmp0 (key, "opening") == 0)
    {
      if ((ok = lookup_id (TABLE (opening_ids), value, &u)))
        r.opening = u;
    }
  else if (g_strcmp0 (key, "first-trick") == 0)
    {
      if ((ok = lookup_id (TABLE (first_trick_ids), value, &u)))
        r.first_trick = u;
    }
  else if (g_strcmp0 (key, "hearts-breaking") == 0)
    ok = parse_bool (value, &r.must_break_hearts);
  else if (g_strcmp0 (key, "qs-breaks") == 0)
    ok = parse_bool (value, &r.queen_breaks_hearts);
  else if (g_strcmp0 (key, "omnibus") == 0)
    ok = parse_bool (value, &r.omnibus);
  else if (g_strcmp0 (key, "no-tricks") == 0)
    ok = parse_bool (value, &r.no_tricks_bonus);
  else if (g_strcmp0 (key, "moon") == 0)
    {
      if ((ok = lookup_id (TABLE (moon_ids), value, &u)))
        r.moon = u;
    }
  else if (g_strcmp0 (key, "three-deck") == 0)
    {
      if ((ok = lookup_id (TABLE (three_deck_ids), value, &u)))
        r.three_deck = u;
    }
  else if (g_strcmp0 (key, "end") == 0)
    {
      g_auto(GStrv) parts = g_strsplit (value ? value : "", ":", 2);

      if (g_strv_length (parts) == 2 &&
          lookup_id (TABLE (end_ids), parts[0], &u) &&
          parse_uint (parts[1], G_MAXUINT16, &r.end_value))
        {
          r.end = u;
          ok = TRUE;
        }
    }
  else
    {
      g_set_error (error, HEARTS_RULES_ERROR, 0, "unknown rule “%s”", key ? key : "");
      return FALSE;
    }
#undef TABLE

  if (!ok)
    {
      g_set_error (error, HEARTS_RULES_ERROR, 0, "bad value “%s” for rule “%s”",
                   value ? value : "", key);
      return FALSE;
    }

  if ((problem = hearts_rules_check (&r)) != NULL)
    {
      g_set_error (error, HEARTS_RULES_ERROR, 0, "%s", problem);
      return FALSE;
    }

  *rules = r;
  return TRUE;
}

gboolean
hearts_rules_apply_string (HeartsRules *rules,
                           const char  *text,
                           GError     **error)
{
  g_auto(GStrv) words = g_strsplit_set (text ? text : "", " \t\n", -1);
  HeartsRules r = *rules;

  for (guint i = 0; words[i] != NULL; i++)
    {
      char *eq;

      if (words[i][0] == '\0')
        continue;

      eq = strchr (words[i], '=');
      if (eq == NULL)
        {
          g_set_error (error, HEARTS_RULES_ERROR, 0, "expected key=value, got “%s”", words[i]);
          return FALSE;
        }
      *eq = '\0';
      if (!hearts_rules_apply_key (&r, words[i], eq + 1, error))
        return FALSE;
    }

  *rules = r;
  return TRUE;
}
