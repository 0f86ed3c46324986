/* hearts-game-state.c: the whole game as a GVariant and as a record
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <string.h>

#include "hearts-game-private.h"

/* Saving */

GVariant *
hearts_game_serialize (HeartsGame *self)
{
  g_autofree char *rules = NULL;
  GVariantBuilder  b, results, moves, seats, dealt;

  g_return_val_if_fail (HEARTS_IS_GAME (self), NULL);

  rules = hearts_rules_to_string (&self->rules);

  g_variant_builder_init (&results, G_VARIANT_TYPE ("a(aii)"));
  for (guint i = 0; i < self->results->len; i++)
    {
      const HeartsHandResult *r = &g_array_index (self->results, HeartsHandResult, i);

      g_variant_builder_add_value (&results,
                                   g_variant_new ("(@aii)",
                                                  g_variant_new_fixed_array (G_VARIANT_TYPE_INT32, r->points,
                                                                             self->rules.n_players, sizeof (gint)),
                                                  r->shooter));
    }

  g_variant_builder_init (&moves, G_VARIANT_TYPE ("a(yyt)"));
  for (guint i = 0; i < self->moves->len; i++)
    {
      const Move *m = &g_array_index (self->moves, Move, i);
      g_variant_builder_add (&moves, "(yyt)", m->kind, m->seat, (guint64) m->cards);
    }

  g_variant_builder_init (&seats, G_VARIANT_TYPE ("a(by)"));
  for (guint s = 0; s < self->rules.n_players; s++)
    g_variant_builder_add (&seats, "(by)", self->human[s], (guint8) self->levels[s]);

  g_variant_builder_init (&dealt, G_VARIANT_TYPE ("at"));
  for (guint s = 0; s < self->rules.n_players; s++)
    g_variant_builder_add (&dealt, "t", (guint64) self->deal.dealt[s]);

  g_variant_builder_init (&b, G_VARIANT_TYPE_VARDICT);
  g_variant_builder_add (&b, "{sv}", "version", g_variant_new_uint32 (HEARTS_GAME_STATE_VERSION));
  g_variant_builder_add (&b, "{sv}", "rules", g_variant_new_string (rules));
  g_variant_builder_add (&b, "{sv}", "seed", g_variant_new_uint64 (self->seed));
  g_variant_builder_add (&b, "{sv}", "rng",
                         g_variant_new_fixed_array (G_VARIANT_TYPE_UINT64, self->rng.s,
                                                    G_N_ELEMENTS (self->rng.s), sizeof (guint64)));
  g_variant_builder_add (&b, "{sv}", "first-dealer", g_variant_new_uint32 (self->first_dealer));
  g_variant_builder_add (&b, "{sv}", "seats", g_variant_builder_end (&seats));
  g_variant_builder_add (&b, "{sv}", "results", g_variant_builder_end (&results));
  g_variant_builder_add (&b, "{sv}", "dealt", g_variant_builder_end (&dealt));
  g_variant_builder_add (&b, "{sv}", "moves", g_variant_builder_end (&moves));
  g_variant_builder_add (&b, "{sv}", "scored",
                         g_variant_new_boolean (self->phase == HEARTS_PHASE_HAND_OVER ||
                                                self->phase == HEARTS_PHASE_GAME_OVER));
  g_variant_builder_add (&b, "{sv}", "record", g_variant_new_string (self->record->str));

  return g_variant_ref_sink (g_variant_builder_end (&b));
}

static gboolean
bad_state (GError    **error,
           const char *why)
{
  g_set_error (error, HEARTS_GAME_ERROR, 0, "The saved game cannot be used: %s", why);
  return FALSE;
}

/* The shooter of a scored hand, from its points alone: without a moon they add up to
 * 26, less 10 for the J♦ and 5 for each player without a trick; a moon gives the
 * others 26 each or takes 52 off, which lands far outside that range, and leaves the
 * shooter the lowest score by at least 11. */
static gint
moon_shooter (const HeartsRules *rules,
              const gint        *points)
{
  gint  base = 26 + (rules->omnibus ? HEARTS_OMNIBUS_BONUS : 0);
  gint  sum = 0;
  guint low = 0;

  for (guint s = 0; s < rules->n_players; s++)
    {
      sum += points[s];
      if (points[s] < points[low])
        low = s;
    }
  if (sum <= base && sum >= base + HEARTS_NO_TRICKS_BONUS * (gint) (rules->n_players - 1))
    return -1;
  return low;
}

/* Each hand of the score sheet against its points line in the record, which the replay
 * has checked against the tricks: the totals alone would let two hands be swapped. */
static gboolean
results_match_record (HeartsGame *self,
                      const char *record)
{
  g_auto(GStrv) lines = g_strsplit (record, "\n", -1);
  guint n = self->rules.n_players;
  guint hand = 0;

  for (guint i = 0; lines[i] != NULL; i++)
    {
      g_auto(GStrv) words = NULL;
      const HeartsHandResult *r;

      if (!g_str_has_prefix (lines[i], "points "))
        continue;
      if (hand >= self->results->len)
        return FALSE;
      r = &g_array_index (self->results, HeartsHandResult, hand++);
      words = g_strsplit (lines[i] + strlen ("points "), " ", -1);
      if (g_strv_length (words) != n)
        return FALSE;
      for (guint s = 0; s < n; s++)
        if (g_ascii_strtoll (words[s], NULL, 10) != r->points[s])
          return FALSE;
      if (r->shooter != moon_shooter (&self->rules, r->points))
        return FALSE;
    }
  return hand == self->results->len;
}

static gboolean
load_state (HeartsGame *self,
            GVariant   *state,
            GError    **error)
{
  g_autoptr(GVariant) rng = NULL;
  g_autoptr(GVariant) seats = NULL;
  g_autoptr(GVariant) results = NULL;
  g_autoptr(GVariant) dealt = NULL;
  g_autoptr(GVariant) moves = NULL;
  g_autoptr(GError) local = NULL;
  g_autoptr(GArray) scores = g_array_new (FALSE, FALSE, sizeof (HeartsDealScore));
  const char         *rules_text;
  guint32             version, first_dealer;
  const guint64      *rng_s;
  const guint64      *dealt_s;
  gsize               n_rng, n_dealt;
  guint               n;
  HeartsCards         hands[HEARTS_MAX_PLAYERS];
  guint               index;
  GVariantIter        iter;
  gboolean            deal_done, scored;
  const char         *record;
  HeartsRecordSummary summary;

  if (!g_variant_is_of_type (state, G_VARIANT_TYPE_VARDICT))
    return bad_state (error, "not a dictionary");

  if (!g_variant_lookup (state, "version", "u", &version) || version != HEARTS_GAME_STATE_VERSION)
    return bad_state (error, "unknown version");
  if (!g_variant_lookup (state, "rules", "&s", &rules_text) ||
      !hearts_rules_apply_string (&self->rules, rules_text, &local))
    return bad_state (error, local ? local->message : "no rules");
  n = self->rules.n_players;

  if (!g_variant_lookup (state, "seed", "t", &self->seed) ||
      !g_variant_lookup (state, "first-dealer", "u", &first_dealer) || first_dealer >= n)
    return bad_state (error, "no seed or dealer");
  self->first_dealer = first_dealer;

  rng = g_variant_lookup_value (state, "rng", G_VARIANT_TYPE ("at"));
  if (rng == NULL)
    return bad_state (error, "no generator state");
  rng_s = g_variant_get_fixed_array (rng, &n_rng, sizeof (guint64));
  if (n_rng != 4 || (rng_s[0] | rng_s[1] | rng_s[2] | rng_s[3]) == 0)
    return bad_state (error, "bad generator state");
  memcpy (self->rng.s, rng_s, sizeof self->rng.s);

  seats = g_variant_lookup_value (state, "seats", G_VARIANT_TYPE ("a(by)"));
  if (seats == NULL || g_variant_n_children (seats) != n)
    return bad_state (error, "bad seats");
  for (guint s = 0; s < n; s++)
    {
      gboolean human;
      guint8   level;

      g_variant_get_child (seats, s, "(by)", &human, &level);
      if (level >= HEARTS_N_AI_LEVELS)
        return bad_state (error, "bad computer level");
      /* A human seat keeps the level it had as a computer, for the next switch back. */
      self->levels[s] = level;
      if (human)
        self->human[s] = TRUE;
      else
        self->ais[s] = hearts_ai_new (level, hearts_game_seat_seed (self->seed, s));
    }

  results = g_variant_lookup_value (state, "results", G_VARIANT_TYPE ("a(aii)"));
  if (results == NULL || g_variant_n_children (results) > HEARTS_GAME_MAX_RESULTS)
    return bad_state (error, "bad score sheet");
  g_variant_iter_init (&iter, results);
  {
    g_autoptr(GVariant) points = NULL;
    gint32 shooter;

    while (g_variant_iter_next (&iter, "(@aii)", &points, &shooter))
      {
        HeartsHandResult r = { { 0 } };
        gsize            n_points;
        const gint32    *p = g_variant_get_fixed_array (points, &n_points, sizeof (gint32));

        if (n_points != n || shooter < -1 || shooter >= (gint) n)
          return bad_state (error, "bad hand on the score sheet");
        for (guint s = 0; s < n; s++)
          {
            if (p[s] < -100 || p[s] > 200)
              return bad_state (error, "impossible points on the score sheet");
            r.points[s] = p[s];
            self->totals[s] += p[s];
            r.totals[s] = self->totals[s];
          }
        r.shooter = shooter;
        r.queen = -1;
        g_array_append_val (self->results, r);
        g_clear_pointer (&points, g_variant_unref);
      }
  }

  dealt = g_variant_lookup_value (state, "dealt", G_VARIANT_TYPE ("at"));
  if (dealt == NULL)
    return bad_state (error, "no deal");
  dealt_s = g_variant_get_fixed_array (dealt, &n_dealt, sizeof (guint64));
  if (n_dealt != n)
    return bad_state (error, "bad deal");
  memcpy (hands, dealt_s, n * sizeof (guint64));

  moves = g_variant_lookup_value (state, "moves", G_VARIANT_TYPE ("a(yyt)"));
  if (moves == NULL || g_variant_n_children (moves) > 64)
    return bad_state (error, "bad moves");
  g_variant_iter_init (&iter, moves);
  {
    Move    m;
    guint8  kind, seat;
    guint64 cards;

    while (g_variant_iter_next (&iter, "(yyt)", &kind, &seat, &cards))
      {
        if (seat >= n)
          return bad_state (error, "bad move");
        m.kind = kind;
        m.seat = seat;
        m.cards = cards;
        g_array_append_val (self->moves, m);
      }
  }

  /* The hand on the table: the one being played, or the one just finished. */
  if (!g_variant_lookup (state, "scored", "b", &scored))
    return bad_state (error, "no phase");
  if (scored && self->results->len == 0)
    return bad_state (error, "a scored hand with no score");
  index = scored ? self->results->len - 1 : self->results->len;

  if (!hearts_deal_init (&self->deal, &self->rules, (first_dealer + index) % n,
                         hearts_rules_get_pass (&self->rules, index), hands))
    return bad_state (error, "the cards are not a fair deal");
  if (!hearts_game_replay_moves (self, &self->deal, self->moves->len))
    return bad_state (error, "a move breaks the rules");

  deal_done = hearts_deal_is_done (&self->deal);
  if (index < self->results->len)
    {
      HeartsDealScore   score;
      HeartsHandResult *last = &g_array_index (self->results, HeartsHandResult, index);
      gint              before[HEARTS_MAX_PLAYERS];

      if (!deal_done)
        return bad_state (error, "the last hand is scored but not finished");
      for (guint s = 0; s < n; s++)
        before[s] = last->totals[s] - last->points[s];
      hearts_deal_score (&self->deal, &self->rules, before, &score);
      if (memcmp (score.points, last->points, n * sizeof (gint)) != 0 || score.shooter != last->shooter)
        return bad_state (error, "the score sheet does not match the last hand");
      self->phase = hearts_rules_game_is_over (&self->rules, self->totals, self->results->len)
                      ? HEARTS_PHASE_GAME_OVER
                      : HEARTS_PHASE_HAND_OVER;
    }
  else
    {
      if (deal_done)
        return bad_state (error, "a finished hand was not scored");
      if (hearts_rules_game_is_over (&self->rules, self->totals, self->results->len))
        return bad_state (error, "the game was over before this hand");
      hearts_game_phase_from_deal (self);
    }

  /* The record of the finished hands must replay to the same score sheet. */
  if (!g_variant_lookup (state, "record", "&s", &record) ||
      !hearts_record_replay_scores (record, &summary, scores, NULL) ||
      !hearts_rules_equal (&summary.rules, &self->rules) ||
      summary.n_hands != self->results->len ||
      memcmp (summary.totals, self->totals, n * sizeof (gint)) != 0 ||
      !results_match_record (self, record))
    return bad_state (error, "the game record does not match the score sheet");
  /* What the score sheet explains (the moon, the J♦, the no-tricks bonus) is in the record. */
  for (guint i = 0; i < self->results->len; i++)
    {
      HeartsHandResult      *r = &g_array_index (self->results, HeartsHandResult, i);
      const HeartsDealScore *score = &g_array_index (scores, HeartsDealScore, i);

      r->moon_minus = score->moon_minus;
      r->jack = score->jack;
      r->no_tricks = score->no_tricks;
      r->queen = score->queen;
    }
  self->record = g_string_new (record);

  return TRUE;
}

HeartsGame *
hearts_game_deserialize (GVariant *state,
                         GError  **error)
{
  g_autoptr(HeartsGame) self = NULL;

  g_return_val_if_fail (state != NULL, NULL);

  self = g_object_new (HEARTS_TYPE_GAME, NULL);
  if (!load_state (self, state, error))
    return NULL;

  self->notified_phase = self->phase;
  self->notified_player = hearts_game_get_current_player (self);
  self->notified_hand = hearts_game_get_hand_index (self);
  self->notified_broken = self->deal.hearts_broken != 0;
  self->notified_undo = hearts_game_can_undo (self);
  return g_steal_pointer (&self);
}

char *
hearts_game_get_record (HeartsGame *self)
{
  GString *record;

  g_return_val_if_fail (HEARTS_IS_GAME (self), NULL);

  record = g_string_new (self->record->str);
  if (self->phase == HEARTS_PHASE_PASSING || self->phase == HEARTS_PHASE_PLAYING)
    hearts_record_add_deal (record, &self->rules, self->results->len, &self->deal, NULL, NULL);
  return g_string_free (record, FALSE);
}
