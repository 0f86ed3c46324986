/* hearts-fuzz-mutate.c: a seeded mutation loop over the saved-game loader
 *
 * Makes valid saved games (seat 0 the player's, the others computers, under several
 * rule sets, at moments spread over the game, and finished games with their end date),
 * damages them – bits of the bytes, or whole parts of the dictionary: moves, seats,
 * score sheet, deal, record, rules, the statistics' fields (the Queens of Spades
 * counted, the end date, the preset), the file's header – and loads each mutant as the
 * game does at launch. Every mutant that is accepted gets an independent check, which
 * it must pass:
 *   - the seats are the window's: seat 0 the player's, the others computers';
 *   - the hands do not share a card, and no card is both in a hand and taken;
 *   - the game's record replays with the engine to its end, to the game's totals;
 *   - the statistics it would be counted in are the record's: its Queens of Spades
 *     (counted here from the record's plays, trick by trick, without the engine), an
 *     end date only in a game over and one the statistics keep, a preset whose rules
 *     are the game's; counted, it leaves statistics and a history that
 *     hearts_statistics_check() keeps whole;
 *   - computers play it to game over, every move legal, without stalling.
 * A GLib critical or warning anywhere is fatal.
 *
 *   hearts-fuzz-mutate [--mutants N] [--seed S]
 *
 * The statistics are counted in memory, with the schema compiled into the build
 * (GSETTINGS_SCHEMA_DIR, or the build folder's data/ by default).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#define G_SETTINGS_ENABLE_BACKEND
#include <gio/gsettingsbackend.h>

#include "hearts-game-deal.h"
#include "hearts-saved-game.h"
#include "hearts-statistics.h"

#define N_SEEDS   96
#define MAX_MOVES 40000

static const char *variants[] = {
  "",
  "players=3 qs-breaks=yes",
  "players=3 three-deck=2c opening=any-club",
  "players=5 pass=lr moon=shooter",
  "omnibus=yes no-tricks=yes moon=choose",
  "first-trick=anything hearts-breaking=no end=deals:3",
  "pass=none end=matches:1",
  "end=score:25",
};

typedef struct
{
  guint mutants;
  guint accepted;
  guint refused;
  guint impossible;
} Counts;

static void
on_hand_finished_cb (HeartsGame *game,
                     guint       hand,
                     guint      *queens)
{
  if (hearts_cards_has (hearts_game_get_deal (game)->taken[0], HEARTS_QUEEN_OF_SPADES))
    (*queens)++;
}

/* Valid saved games, as the window would save them. */
static GPtrArray *
make_seeds (HeartsRng *rng)
{
  GPtrArray *seeds = g_ptr_array_new_with_free_func ((GDestroyNotify) g_variant_unref);

  for (guint g = 0; seeds->len < N_SEEDS; g++)
    {
      HeartsRules rules;
      g_autoptr(HeartsGame) game = NULL;
      guint moves = 0, next = hearts_rng_below (rng, 30), queens = 0;

      hearts_rules_init_default (&rules);
      g_assert_true (hearts_rules_apply_string (&rules, variants[g % G_N_ELEMENTS (variants)], NULL));
      game = hearts_game_new (&rules, hearts_rng_next (rng));
      for (guint s = 1; s < rules.n_players; s++)
        hearts_game_set_seat_level (game, s, s % 3);
      hearts_game_set_seat_human (game, 0);
      g_signal_connect (game, "hand-finished", G_CALLBACK (on_hand_finished_cb), &queens);

      while (seeds->len < N_SEEDS && hearts_game_get_phase (game) != HEARTS_PHASE_GAME_OVER)
        {
          if (moves++ == next)
            {
              g_ptr_array_add (seeds, hearts_saved_game_to_variant (game, HEARTS_PRESET_CUSTOM, queens));
              next = moves + 10 + hearts_rng_below (rng, 100);
            }
          if (hearts_game_get_phase (game) == HEARTS_PHASE_HAND_OVER)
            {
              if (hearts_rng_below (rng, 3) == 0)
                g_ptr_array_add (seeds, hearts_saved_game_to_variant (game, HEARTS_PRESET_CUSTOM, queens));
              hearts_game_next_hand (game);
            }
          else if (!hearts_game_computer_move (game))
            {
              if (hearts_game_get_phase (game) == HEARTS_PHASE_PASSING)
                {
                  HeartsCards hand = hearts_game_get_hand (game, 0), pass = 0;

                  for (guint i = 0; i < HEARTS_PASS_SIZE; i++)
                    pass |= HEARTS_CARD_BIT (hearts_cards_pick_random (hand & ~pass, rng));
                  g_assert_true (hearts_game_pass (game, 0, pass, NULL));
                }
              else
                g_assert_true (hearts_game_play (game, 0, hearts_cards_pick_random (hearts_game_get_legal (game, 0), rng),
                                                 NULL));
            }
        }
      /* A game saved at its end, as the game writes it before counting it. */
      if (seeds->len < N_SEEDS && hearts_game_get_phase (game) == HEARTS_PHASE_GAME_OVER)
        {
          g_autoptr(GVariant) state = hearts_saved_game_to_variant (game, HEARTS_PRESET_CUSTOM, queens);
          GVariantDict dict;

          g_assert_cmpuint (queens, ==, hearts_saved_game_count_queens (game));
          g_variant_dict_init (&dict, state);
          g_variant_dict_insert (&dict, "finished", "x", (gint64) 1700000000 + hearts_rng_below (rng, 100000000));
          g_ptr_array_add (seeds, g_variant_ref_sink (g_variant_dict_end (&dict)));
        }
    }
  return seeds;
}

static GVariant *
with_key (GVariant   *state,
          const char *key,
          GVariant   *value)
{
  GVariantDict dict;

  g_variant_dict_init (&dict, state);
  if (value != NULL)
    g_variant_dict_insert_value (&dict, key, value);
  else
    g_variant_dict_remove (&dict, key);
  return g_variant_ref_sink (g_variant_dict_end (&dict));
}

/* A random member of an array, changed: each field of a tuple, a number nudged or
 * replaced. */
static GVariant *mutate_value (GVariant *value, HeartsRng *rng);

static GVariant *
mutate_array (GVariant  *array,
              HeartsRng *rng)
{
  GVariantBuilder b;
  gsize           n = g_variant_n_children (array);
  guint           op = hearts_rng_below (rng, 5);
  gsize           pick = n > 0 ? hearts_rng_below (rng, n) : 0;
  gsize           other = n > 0 ? hearts_rng_below (rng, n) : 0;

  g_variant_builder_init (&b, g_variant_get_type (array));
  for (gsize i = 0; i < n; i++)
    {
      g_autoptr(GVariant) child = g_variant_get_child_value (array, i);

      if (i == pick && op == 0)
        continue; /* drop one */
      if (i == pick && op == 1)
        {
          g_autoptr(GVariant) changed = mutate_value (child, rng);
          g_variant_builder_add_value (&b, changed);
          continue;
        }
      if (op == 2 && (i == pick || i == other))
        {
          /* swap two */
          g_autoptr(GVariant) swapped = g_variant_get_child_value (array, i == pick ? other : pick);
          g_variant_builder_add_value (&b, swapped);
          continue;
        }
      g_variant_builder_add_value (&b, child);
      if (i == pick && op == 3)
        g_variant_builder_add_value (&b, child); /* one twice */
    }
  if (n == 0 || op == 4)
    {
      /* cut the tail */
      g_variant_builder_clear (&b);
      g_variant_builder_init (&b, g_variant_get_type (array));
      for (gsize i = 0; i < pick; i++)
        {
          g_autoptr(GVariant) child = g_variant_get_child_value (array, i);

          g_variant_builder_add_value (&b, child);
        }
    }
  return g_variant_ref_sink (g_variant_builder_end (&b));
}

static GVariant *
mutate_value (GVariant  *value,
              HeartsRng *rng)
{
  const GVariantType *type = g_variant_get_type (value);

  if (g_variant_type_is_array (type))
    return mutate_array (value, rng);
  if (g_variant_type_is_tuple (type))
    {
      gsize                 n = g_variant_n_children (value), pick = hearts_rng_below (rng, n);
      g_autofree GVariant **children = g_new0 (GVariant *, n);
      GVariant             *result;

      for (gsize i = 0; i < n; i++)
        {
          g_autoptr(GVariant) child = g_variant_get_child_value (value, i);
          children[i] = i == pick ? mutate_value (child, rng) : g_variant_ref (child);
        }
      result = g_variant_ref_sink (g_variant_new_tuple (children, n));
      for (gsize i = 0; i < n; i++)
        g_variant_unref (children[i]);
      return result;
    }
  if (g_variant_is_of_type (value, G_VARIANT_TYPE_BOOLEAN))
    return g_variant_ref_sink (g_variant_new_boolean (!g_variant_get_boolean (value)));
  if (g_variant_is_of_type (value, G_VARIANT_TYPE_BYTE))
    {
      static const guint8 interesting[] = { 0, 1, 2, 3, 4, 5, 7, 63, 127, 128, 255 };
      guint8              y = g_variant_get_byte (value);

      y = hearts_rng_below (rng, 2) ? y + (gint) hearts_rng_below (rng, 5) - 2
                                    : interesting[hearts_rng_below (rng, G_N_ELEMENTS (interesting))];
      return g_variant_ref_sink (g_variant_new_byte (y));
    }
  if (g_variant_is_of_type (value, G_VARIANT_TYPE_INT32))
    {
      static const gint32 interesting[] = { 0, 1, -1, 13, 26, -26, 100, 200, 201, -101, G_MININT32, G_MAXINT32 };
      gint32              i = g_variant_get_int32 (value);

      i = hearts_rng_below (rng, 2) ? i + (gint32) hearts_rng_below (rng, 27) - 13
                                    : interesting[hearts_rng_below (rng, G_N_ELEMENTS (interesting))];
      return g_variant_ref_sink (g_variant_new_int32 (i));
    }
  if (g_variant_is_of_type (value, G_VARIANT_TYPE_UINT32))
    {
      static const guint32 interesting[] = { 0, 1, 2, 3, 4, 5, 99, 100, 101, G_MAXUINT32 };
      guint32              u = g_variant_get_uint32 (value);

      u = hearts_rng_below (rng, 2) ? u + hearts_rng_below (rng, 5) - 2
                                    : interesting[hearts_rng_below (rng, G_N_ELEMENTS (interesting))];
      return g_variant_ref_sink (g_variant_new_uint32 (u));
    }
  if (g_variant_is_of_type (value, G_VARIANT_TYPE_UINT64))
    {
      guint64 t = g_variant_get_uint64 (value);

      switch (hearts_rng_below (rng, 4))
        {
        case 0:
          t ^= G_GUINT64_CONSTANT (1) << hearts_rng_below (rng, 64);
          break; /* a card more or less */
        case 1:
          t = (t << 1) | (t >> 63);
          break;
        case 2:
          t = hearts_rng_next (rng);
          break;
        default:
          t = 0;
          break;
        }
      return g_variant_ref_sink (g_variant_new_uint64 (t));
    }
  if (g_variant_is_of_type (value, G_VARIANT_TYPE_INT64))
    {
      /* Dates: a second off, or the edges of what the statistics keep. */
      static const gint64 interesting[] = { 0, -1, 1, -86400, G_MININT64, G_MAXINT64, HEARTS_DATE_MAX,
                                            HEARTS_DATE_MAX + 1, G_GINT64_CONSTANT (253402300800),
                                            G_GINT64_CONSTANT (4102444800) };
      gint64              x = g_variant_get_int64 (value);

      x = hearts_rng_below (rng, 2) ? x + (gint64) hearts_rng_below (rng, 3) - 1
                                    : interesting[hearts_rng_below (rng, G_N_ELEMENTS (interesting))];
      return g_variant_ref_sink (g_variant_new_int64 (x));
    }
  if (g_variant_is_of_type (value, G_VARIANT_TYPE_STRING))
    {
      /* Lines of a record or words of the rules: dropped, doubled or swapped. */
      const char *text = g_variant_get_string (value, NULL);
      const char *sep = strchr (text, '\n') != NULL ? "\n" : " ";
      g_auto(GStrv) parts = g_strsplit (text, sep, -1);
      guint n = g_strv_length (parts);
      g_autoptr(GString) out = g_string_new (NULL);
      guint pick = n > 0 ? hearts_rng_below (rng, n) : 0, other = n > 0 ? hearts_rng_below (rng, n) : 0;
      guint op = hearts_rng_below (rng, 5);

      if (op == 4 && n > 0)
        {
          /* A rules word or record line from the variants, or a random edit. */
          g_free (parts[pick]);
          parts[pick] = g_strdup (hearts_rng_below (rng, 2) ? variants[hearts_rng_below (rng, G_N_ELEMENTS (variants))]
                                                            : "play 0 QS");
        }
      for (guint i = 0; i < n; i++)
        {
          const char *part = parts[i];

          if (op == 0 && i == pick)
            continue;
          if (op == 1 && (i == pick || i == other))
            part = parts[i == pick ? other : pick];
          g_string_append (out, part);
          g_string_append (out, sep);
          if (op == 2 && i == pick)
            {
              g_string_append (out, part);
              g_string_append (out, sep);
            }
          if (op == 3 && i == pick)
            break;
        }
      return g_variant_ref_sink (g_variant_new_string (out->str));
    }
  return g_variant_ref (value);
}

static GVariant *
mutate (GPtrArray *seeds,
        HeartsRng *rng,
        gboolean  *from_file)
{
  GVariant *seed = g_ptr_array_index (seeds, hearts_rng_below (rng, seeds->len));
  guint     op = hearts_rng_below (rng, 10);

  *from_file = FALSE;
  if (op < 2)
    {
      /* Bits of the serialized state, or of the file. */
      g_autoptr(GBytes) bytes = NULL;
      g_autofree guint8 *data = NULL;
      gsize              size;

      *from_file = op == 1;
      bytes = *from_file ? hearts_saved_game_to_file_bytes (seed) : g_variant_get_data_as_bytes (seed);
      data = g_memdup2 (g_bytes_get_data (bytes, NULL), g_bytes_get_size (bytes));
      size = g_bytes_get_size (bytes);
      for (guint f = 1 + hearts_rng_below (rng, 4); f > 0; f--)
        data[hearts_rng_below (rng, size)] ^= 1u << hearts_rng_below (rng, 8);
      if (hearts_rng_below (rng, 8) == 0)
        size = hearts_rng_below (rng, size);
      {
        guint8 *owned = g_steal_pointer (&data);

        return g_variant_ref_sink (g_variant_new_from_data (G_VARIANT_TYPE_BYTESTRING, owned, size, FALSE,
                                                            g_free, owned));
      }
    }
  else
    {
      /* One key, or two: changed in place, taken from another saved game, or removed. */
      g_autoptr(GVariant) state = g_variant_ref (seed);

      for (guint k = 1 + (hearts_rng_below (rng, 4) == 0); k > 0; k--)
        {
          gsize n = g_variant_n_children (state);
          g_autoptr(GVariant) entry = g_variant_get_child_value (state, hearts_rng_below (rng, n));
          g_autoptr(GVariant) boxed = g_variant_get_child_value (entry, 1);
          g_autoptr(GVariant) value = g_variant_get_variant (boxed);
          g_autoptr(GVariant) changed = NULL;
          const char *key;
          GVariant   *next;

          g_variant_get_child (entry, 0, "&s", &key);
          /* Half the time, one of the statistics' fields: set, changed or taken away. */
          if (hearts_rng_below (rng, 2) == 0)
            {
              static const char *stats_keys[] = { "queens", "finished", "preset" };
              g_autoptr(GVariant) current = NULL;

              key = stats_keys[hearts_rng_below (rng, G_N_ELEMENTS (stats_keys))];
              current = g_variant_lookup_value (state, key, NULL);
              switch (hearts_rng_below (rng, 6))
                {
                case 0:
                  changed = NULL;
                  break;
                case 1:
                  changed = g_variant_ref_sink (g_str_equal (key, "preset")
                                                  ? g_variant_new_string (hearts_preset_to_id (hearts_rng_below (rng, HEARTS_N_PRESETS)))
                                                : g_str_equal (key, "queens")
                                                  ? g_variant_new_uint32 (hearts_rng_below (rng, 20))
                                                  : g_variant_new_int64 (1700000000));
                  break;
                case 2:
                  /* The wrong type. */
                  changed = g_variant_ref_sink (g_variant_new_uint64 (hearts_rng_below (rng, 20)));
                  break;
                default:
                  changed = current != NULL ? mutate_value (current, rng) : NULL;
                  break;
                }
              next = with_key (state, key, changed);
              g_variant_unref (state);
              state = next;
              continue;
            }
          switch (hearts_rng_below (rng, 8))
            {
            case 0:
              {
                GVariant *donor = g_ptr_array_index (seeds, hearts_rng_below (rng, seeds->len));

                changed = g_variant_lookup_value (donor, key, NULL);
              }
              break;
            case 1:
              changed = NULL;
              break;
            default:
              changed = mutate_value (value, rng);
              break;
            }
          next = with_key (state, key, changed);
          g_variant_unref (state);
          state = next;
        }
      return g_steal_pointer (&state);
    }
}

/* The finished hands of @record in which seat 0 took the Q♠, from its plays alone: the
 * winner of each trick is the highest card of the suit led. -1 if it cannot tell. */
static gint
record_queens (const char *record)
{
  static const char ranks[] = "23456789TJQKA";
  g_auto(GStrv) lines = g_strsplit (record, "\n", -1);
  guint    n_players = 4, in_trick = 0, queens = 0;
  gint     lead_suit = -1, best = -1, winner = -1, qs_taker = -1;
  gboolean qs_in_trick = FALSE, in_hand = FALSE;

  for (guint i = 0; lines[i] != NULL; i++)
    {
      g_auto(GStrv) w = g_strsplit (lines[i], " ", -1);

      if (w[0] == NULL)
        continue;
      if (g_str_equal (w[0], "rules"))
        for (guint k = 1; w[k] != NULL; k++)
          if (g_str_has_prefix (w[k], "players="))
            n_players = atoi (w[k] + 8);
      if (g_str_equal (w[0], "hand"))
        {
          in_hand = TRUE;
          in_trick = 0;
          qs_taker = -1;
        }
      /* A hand is finished when its points are written. */
      if (g_str_equal (w[0], "points") && in_hand)
        {
          if (qs_taker == 0)
            queens++;
          in_hand = FALSE;
        }
      if (g_str_equal (w[0], "play") && w[1] != NULL && w[2] != NULL && strlen (w[2]) == 2)
        {
          const char *r = strchr (ranks, g_ascii_toupper (w[2][0]));
          gint        seat = atoi (w[1]), suit = g_ascii_toupper (w[2][1]), rank;

          if (r == NULL)
            return -1;
          rank = r - ranks;
          if (in_trick == 0)
            {
              lead_suit = suit;
              best = -1;
              qs_in_trick = FALSE;
            }
          if (suit == lead_suit && rank > best)
            {
              best = rank;
              winner = seat;
            }
          if (g_ascii_toupper (w[2][0]) == 'Q' && suit == 'S')
            qs_in_trick = TRUE;
          if (++in_trick == n_players)
            {
              if (qs_in_trick)
                qs_taker = winner;
              in_trick = 0;
            }
        }
    }
  return (gint) queens;
}

static GSettingsSchema *
hearts_schema (void)
{
  GSettingsSchemaSource *source = g_settings_schema_source_get_default ();
  GSettingsSchema       *schema = source != NULL ? g_settings_schema_source_lookup (source, HEARTS_SCHEMA_ID, TRUE) : NULL;

  if (schema == NULL)
    {
      g_autoptr(GError) error = NULL;
      g_autoptr(GSettingsSchemaSource) built = g_settings_schema_source_new_from_directory (BUILD_SCHEMA_DIR, source,
                                                                                             FALSE, &error);

      if (built == NULL)
        g_error ("No schema: %s", error->message);
      schema = g_settings_schema_source_lookup (built, HEARTS_SCHEMA_ID, TRUE);
    }
  g_assert_nonnull (schema);
  return schema;
}

/* The statistics' fields of an accepted state; NULL if they hold, else why not. */
static const char *
impossible_statistics (GVariant    *state,
                       HeartsGame  *game,
                       HeartsPreset preset,
                       guint        queens)
{
  static GSettingsSchema *schema = NULL;
  g_autofree char        *record = hearts_game_get_record (game);
  g_autoptr(GVariant) finished = g_variant_lookup_value (state, "finished", NULL);
  gint        counted = record_queens (record);
  gint64      date = 1700000000;
  HeartsRules preset_rules;

  if (counted < 0 || (guint) counted != queens)
    return "the Queens of Spades counted are not the record's";
  if (preset != HEARTS_PRESET_CUSTOM &&
      (!hearts_preset_get_rules (preset, &preset_rules) || !hearts_rules_equal (&preset_rules, hearts_game_get_rules (game))))
    return "a preset whose rules are not the game's";
  if (finished != NULL)
    {
      if (hearts_game_get_phase (game) != HEARTS_PHASE_GAME_OVER)
        return "an end date in a game that is not over";
      if (!g_variant_is_of_type (finished, G_VARIANT_TYPE_INT64))
        return "an end date that is not a date";
      date = g_variant_get_int64 (finished);
      /* 1970 to the start of 9999, as a local calendar shows it anywhere. */
      if (date < 0 || date >= G_GINT64_CONSTANT (253370764800) + 1)
        return "an end date the statistics cannot keep";
    }

  /* Counted as the game counts it: nothing of it may be dropped later as senseless. */
  if (hearts_game_get_phase (game) == HEARTS_PHASE_GAME_OVER)
    {
      g_autoptr(GSettingsBackend) backend = g_memory_settings_backend_new ();
      g_autoptr(GSettings) settings = NULL;
      g_autoptr(GArray) history = NULL;
      HeartsStats stats;

      if (schema == NULL)
        schema = hearts_schema ();
      settings = g_settings_new_full (schema, backend, NULL);
      hearts_statistics_add_game (settings, game, preset, queens, date);
      if (!hearts_statistics_check (settings, NULL))
        return "its statistics are dropped as senseless once counted";
      if (!hearts_statistics_get (settings, preset, &stats) || stats.queens_taken != (guint) counted)
        return "the statistics counted are not the record's";
      history = hearts_statistics_get_history (settings);
      if (history->len != 1 || g_array_index (history, HeartsHistoryEntry, 0).date != date)
        return "the history entry is not the game's";
    }
  return NULL;
}

/* The independent check of an accepted game; NULL if it holds, else why not. */
static const char *
impossible (HeartsGame *game)
{
  guint               n = hearts_game_get_n_players (game);
  const HeartsDeal   *deal = hearts_game_get_deal (game);
  g_autofree char    *record = hearts_game_get_record (game);
  HeartsRecordSummary summary;
  HeartsCards         seen = 0;
  HeartsPhase         phase;
  guint               moves = 0;

  for (guint s = 0; s < n; s++)
    if (hearts_game_seat_is_human (game, s) != (s == 0))
      return "the seats are not the window's";

  for (guint s = 0; s < n; s++)
    {
      if (deal->hands[s] & seen)
        return "a card in two hands";
      seen |= deal->hands[s];
    }
  for (guint s = 0; s < n; s++)
    {
      if (deal->taken[s] & seen)
        return "a card both held and taken";
      seen |= deal->taken[s];
    }

  if (!hearts_record_replay (record, &summary, NULL))
    return "the record does not replay";
  if (summary.n_hands != hearts_game_get_n_results (game))
    return "the record has another number of hands";
  for (guint s = 0; s < n; s++)
    if (summary.totals[s] != hearts_game_get_total (game, s))
      return "the record has other totals";

  /* Played on by computers to its end. */
  for (guint s = 0; s < n; s++)
    hearts_game_set_seat_level (game, s, HEARTS_AI_RANDOM);
  while ((phase = hearts_game_get_phase (game)) != HEARTS_PHASE_GAME_OVER)
    {
      if (++moves > MAX_MOVES)
        return "the game does not end";
      if (phase == HEARTS_PHASE_HAND_OVER)
        hearts_game_next_hand (game);
      else if (!hearts_game_computer_move (game))
        return "the game stalls: no computer can move";
    }
  g_clear_pointer (&record, g_free);
  record = hearts_game_get_record (game);
  if (!hearts_record_replay (record, &summary, NULL) || !summary.game_over)
    return "the finished game's record does not replay";
  return NULL;
}

int
main (int   argc,
      char *argv[])
{
  g_autoptr(GPtrArray) seeds = NULL;
  g_autoptr(GOptionContext) context = NULL;
  g_autoptr(GError) error = NULL;
  gint64       n_mutants = 20000, seed = 20240601;
  GOptionEntry entries[] = {
    { "mutants", 0, 0, G_OPTION_ARG_INT64, &n_mutants, "How many mutants (20000)", "N" },
    { "seed", 0, 0, G_OPTION_ARG_INT64, &seed, "Seed of the run", "S" },
    { NULL }
  };
  Counts    counts = { 0 };
  HeartsRng rng;
  gint64    start;

  context = g_option_context_new ("- mutate saved games and check what the loader accepts");
  g_option_context_add_main_entries (context, entries, NULL);
  if (!g_option_context_parse (context, &argc, &argv, &error))
    {
      g_printerr ("%s\n", error->message);
      return 2;
    }
  g_log_set_always_fatal (G_LOG_LEVEL_ERROR | G_LOG_LEVEL_CRITICAL | G_LOG_LEVEL_WARNING);

  hearts_rng_init (&rng, (guint64) seed);
  seeds = make_seeds (&rng);
  /* The unmutated games pass the check, or the check is wrong. */
  for (guint i = 0; i < seeds->len; i++)
    {
      HeartsPreset preset;
      guint        queens;
      g_autoptr(HeartsGame) game = hearts_saved_game_from_variant (g_ptr_array_index (seeds, i), &preset, &queens, &error);
      const char *why;

      g_assert_no_error (error);
      if ((why = impossible_statistics (g_ptr_array_index (seeds, i), game, preset, queens)) != NULL ||
          (why = impossible (game)) != NULL)
        g_error ("seed %u fails the check: %s", i, why);
    }

  start = g_get_monotonic_time ();
  for (gint64 m = 0; m < n_mutants; m++)
    {
      g_autoptr(GVariant) mutant = NULL;
      g_autoptr(GVariant) state = NULL;
      g_autoptr(HeartsGame) game = NULL;
      g_autoptr(GError) local = NULL;
      gboolean     from_file;
      const char  *why;
      HeartsPreset preset;
      guint        queens;

      mutant = mutate (seeds, &rng, &from_file);
      if (g_variant_is_of_type (mutant, G_VARIANT_TYPE_BYTESTRING))
        {
          g_autoptr(GBytes) bytes = g_variant_get_data_as_bytes (mutant);

          /* The loader's two ways in: the file, and the bytes of a state. */
          if (from_file)
            state = hearts_saved_game_from_file_bytes (bytes, &local);
          else
            state = g_variant_ref_sink (g_variant_new_from_bytes (HEARTS_SAVED_GAME_TYPE, bytes, FALSE));
        }
      else
        state = g_variant_ref (mutant);

      counts.mutants++;
      if (state != NULL)
        game = hearts_saved_game_from_variant (state, &preset, &queens, &local);
      if (game == NULL)
        {
          g_assert_nonnull (local);
          counts.refused++;
          continue;
        }
      counts.accepted++;
      if ((why = impossible_statistics (state, game, preset, queens)) != NULL || (why = impossible (game)) != NULL)
        {
          g_autofree char *text = g_variant_print (state, TRUE);

          counts.impossible++;
          g_printerr ("mutant %" G_GINT64_FORMAT " accepted but impossible (%s):\n%s\n", m, why, text);
        }
    }

  g_print ("%u mutants of %u saved games (seed %" G_GINT64_FORMAT "): %u refused, %u accepted, "
           "%u accepted but impossible; %.1f s\n",
           counts.mutants, seeds->len, seed, counts.refused, counts.accepted, counts.impossible,
           (g_get_monotonic_time () - start) / 1e6);
  return counts.impossible == 0 ? 0 : 1;
}
