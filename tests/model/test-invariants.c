/* test-invariants.c: random games over random variants, every invariant checked at every step
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Every move of every hand is checked against rules written again here: the deal,
 * the legal set (and that it is exactly what check_play accepts), who plays, the
 * passes, each hand's points and their exact total, game end and winners, undo.
 *
 * The GVariant round trip (serialize → deserialize → serialize, same bytes, and the
 * copy plays on) costs about 0.25 ms, so doing it after each of the 5.5 million moves
 * of 100,000 hands would take 25 minutes. Instead one game in 80 (random rules, so
 * every variant) is round-tripped after every single move, about 1,300 hands and
 * 70,000 states a run, and the other games at a random move in 256. The games are
 * short (a few deals, or a low target score) so that the game record, which every
 * load replays, stays short.
 *
 * HEARTS_TEST_SEED=N reproduces a run, HEARTS_TEST_HANDS=N changes its length
 * (100000), and HEARTS_TEST_ROUND_TRIP=all round-trips every move of every game
 * (or =N, one game in N).
 */
#include <stdlib.h>
#include <string.h>

#include "hearts-game-deal.h"
#include "hearts-game.h"
#include "hearts-test-util.h"

#define DEFAULT_HANDS 100000
/* One game in this many is round-tripped after every move (the others now and then). */
#define DEFAULT_ROUND_TRIP_GAMES 80

typedef struct
{
  guint64     seed;
  guint       game;
  guint       hand;
  guint       step;
  HeartsRng   rng; /* the test's own choices */
  HeartsRules rules;

  /* The test's own bookkeeping of the hand, to check the engine against. */
  HeartsCards hands[HEARTS_MAX_PLAYERS];
  gboolean    broken;
  guint       n_plays;
  guint       leader;

  guint64 n_hands;
  guint64 n_steps;
  guint64 n_moons;
  guint64 n_games;
  guint64 n_undos;
  guint64 n_round_trips;
  guint64 n_round_trip_hands;
  guint   round_trip_games;
} Run;

static void G_GNUC_NORETURN
fail_at (Run        *run,
         const char *file,
         int         line,
         const char *func,
         const char *what)
{
  g_autofree char *rules = hearts_rules_to_string (&run->rules);
  g_autofree char *msg = g_strdup_printf ("%s\n  seed %" G_GUINT64_FORMAT " (rerun with HEARTS_TEST_SEED=%" G_GUINT64_FORMAT "), game %u, hand %u, step %u\n  rules %s",
                                          what, run->seed, run->seed, run->game, run->hand,
                                          run->step, rules);

  g_assertion_message (G_LOG_DOMAIN, file, line, func, msg);
  abort ();
}

#define check(run, expr)                                                          \
  G_STMT_START                                                                    \
  {                                                                               \
    if G_LIKELY (expr)                                                            \
      ;                                                                           \
    else                                                                          \
      fail_at ((run), __FILE__, __LINE__, G_STRFUNC, "assertion failed: " #expr); \
  }                                                                               \
  G_STMT_END

#define check_int(run, a, op, b)                                                               \
  G_STMT_START                                                                                 \
  {                                                                                            \
    gint64 _a = (a), _b = (b);                                                                 \
    if G_LIKELY (_a op _b)                                                                     \
      ;                                                                                        \
    else                                                                                       \
      {                                                                                        \
        g_autofree char *_m = g_strdup_printf ("assertion failed: %s %s %s (%" G_GINT64_FORMAT \
                                               " %s %" G_GINT64_FORMAT ")",                    \
                                               #a, #op, #b, _a, #op, _b);                      \
        fail_at ((run), __FILE__, __LINE__, G_STRFUNC, _m);                                    \
      }                                                                                        \
  }                                                                                            \
  G_STMT_END

#define check_cards(run, a, b)                                                              \
  G_STMT_START                                                                              \
  {                                                                                         \
    HeartsCards _a = (a), _b = (b);                                                         \
    if G_LIKELY (_a == _b)                                                                  \
      ;                                                                                     \
    else                                                                                    \
      {                                                                                     \
        g_autofree char *_sa = hearts_cards_to_string (_a);                                 \
        g_autofree char *_sb = hearts_cards_to_string (_b);                                 \
        g_autofree char *_m = g_strdup_printf ("assertion failed: %s == %s ([%s] vs [%s])", \
                                               #a, #b, _sa, _sb);                           \
        fail_at ((run), __FILE__, __LINE__, G_STRFUNC, _m);                                 \
      }                                                                                     \
  }                                                                                         \
  G_STMT_END

/* The rules, written again from their text rather than from the engine. */

#define CLUBS      (G_GUINT64_CONSTANT (0x1fff))
#define HEARTS     (G_GUINT64_CONSTANT (0x1fff) << 48)
#define QUEEN_BIT  HEARTS_CARD_BIT (HEARTS_CARD (HEARTS_SUIT_SPADES, 10))
#define JACK_D_BIT HEARTS_CARD_BIT (HEARTS_CARD (HEARTS_SUIT_DIAMONDS, 9))

static HeartsCards
ref_deck (const HeartsRules *rules)
{
  HeartsCards deck = HEARTS_FULL_DECK;
  HeartsCards two_c = HEARTS_CARD_BIT (HEARTS_CARD (HEARTS_SUIT_CLUBS, 0));
  HeartsCards two_d = HEARTS_CARD_BIT (HEARTS_CARD (HEARTS_SUIT_DIAMONDS, 0));

  if (rules->n_players == 3)
    deck &= rules->three_deck == HEARTS_THREE_REMOVE_TWO_CLUBS ? ~two_c : ~two_d;
  else if (rules->n_players == 5)
    deck &= ~(two_c | two_d);
  return deck;
}

static HeartsPassDirection
ref_pass (const HeartsRules *rules,
          guint              hand)
{
  static const char *cycles4[] = { "LRAH", "RLAH", "LRH", "RLH", "LR", "H" };
  static const char *cycles35[] = { "LRH", "RLH", "LRH", "RLH", "LR", "H" };

  G_STATIC_ASSERT (G_N_ELEMENTS (cycles4) == HEARTS_N_PASS_CYCLES);
  const char        *cycle = (rules->n_players == 4 ? cycles4 : cycles35)[rules->pass_cycle];
  char               c = cycle[hand % strlen (cycle)];

  return c == 'L' ? HEARTS_PASS_LEFT : c == 'R' ? HEARTS_PASS_RIGHT
                                     : c == 'A' ? HEARTS_PASS_ACROSS
                                                : HEARTS_PASS_HOLD;
}

/* Whom @seat passes to. */
static guint
ref_pass_to (guint               n,
             HeartsPassDirection dir,
             guint               seat)
{
  switch (dir)
    {
    case HEARTS_PASS_LEFT:
      return (seat + 1) % n;
    case HEARTS_PASS_RIGHT:
      return (seat + n - 1) % n;
    case HEARTS_PASS_ACROSS:
      return (seat + 2) % n;
    case HEARTS_PASS_HOLD:
    default:
      return seat;
    }
}

static HeartsCards
ref_legal (Run *run)
{
  const HeartsRules *rules = &run->rules;
  guint              n = rules->n_players;
  guint              on_trick = run->n_plays % n;
  guint              seat = (run->leader + on_trick) % n;
  HeartsCards        hand = run->hands[seat];

  if (run->n_plays == 0)
    {
      if (rules->opening == HEARTS_OPENING_ANY_CLUB)
        return hand & CLUBS;
      return hand & HEARTS_CARD_BIT (hearts_cards_lowest (ref_deck (rules) & CLUBS));
    }
  if (on_trick == 0)
    {
      if (rules->must_break_hearts && !run->broken && (hand & ~HEARTS) != 0)
        return hand & ~HEARTS;
      return hand;
    }
  return 0; /* following: worked out by the caller, who knows the suit led */
}

static HeartsCards
ref_legal_follow (Run       *run,
                  HeartsCard led)
{
  const HeartsRules *rules = &run->rules;
  guint              n = rules->n_players;
  HeartsCards        hand = run->hands[(run->leader + run->n_plays % n) % n];
  HeartsCards        suit = hand & (G_GUINT64_CONSTANT (0x1fff) << (16 * HEARTS_CARD_SUIT (led)));
  HeartsCards        barred = 0;

  if (suit != 0)
    return suit;
  if (run->n_plays < n)
    barred = rules->first_trick == HEARTS_FIRST_TRICK_NO_POINTS   ? HEARTS | QUEEN_BIT
             : rules->first_trick == HEARTS_FIRST_TRICK_NO_HEARTS ? HEARTS
                                                                  : 0;
  return (hand & ~barred) != 0 ? hand & ~barred : hand;
}

/* Whether "all others +26" would end the game with the shooter not the only winner. */
static gboolean
ref_shooter_prefers_minus (const HeartsRules *rules,
                           const gint        *before,
                           const gint        *points,
                           guint              shooter)
{
  gint     after[HEARTS_MAX_PLAYERS];
  gboolean over = FALSE;
  guint    n = rules->n_players;

  if (rules->end != HEARTS_END_SCORE)
    return FALSE;
  for (guint s = 0; s < n; s++)
    {
      after[s] = before[s] + points[s] + (s == shooter ? 0 : 26);
      over |= after[s] >= (gint) rules->end_value;
    }
  if (!over)
    return FALSE;
  for (guint s = 0; s < n; s++)
    if (s != shooter && after[s] <= after[shooter])
      return TRUE;
  return FALSE;
}

/* Plays the hand again from its dealt cards and passes, and scores it from the rules. */
static void
ref_score (Run              *run,
           const HeartsDeal *deal,
           const gint       *before,
           gint             *points,
           gint             *shooter,
           gint             *expected_sum)
{
  const HeartsRules *rules = &run->rules;
  guint              n = rules->n_players;
  HeartsCards        hands[HEARTS_MAX_PLAYERS], taken[HEARTS_MAX_PLAYERS] = { 0 };
  guint              tricks[HEARTS_MAX_PLAYERS] = { 0 };
  guint              leader = 0, zero_tricks = 0;
  HeartsCards        opening = HEARTS_CARD_BIT (hearts_cards_lowest (ref_deck (rules) & CLUBS));
  HeartsCards        all_points = HEARTS | QUEEN_BIT;

  for (guint s = 0; s < n; s++)
    hands[s] = deal->dealt[s] & ~deal->passes[s];
  for (guint s = 0; s < n; s++)
    hands[ref_pass_to (n, deal->pass, s)] |= deal->passes[s];
  for (guint s = 0; s < n; s++)
    if (hands[s] & opening)
      leader = s;

  check_int (run, deal->n_plays, ==, hearts_cards_count (ref_deck (rules)));
  for (guint t = 0; t < deal->n_plays / n; t++)
    {
      const HeartsCard *trick = &deal->plays[t * n];
      guint             best = 0;

      check_int (run, deal->trick_leaders[t], ==, leader);
      for (guint i = 0; i < n; i++)
        {
          guint seat = (leader + i) % n;

          check (run, hands[seat] & HEARTS_CARD_BIT (trick[i]));
          hands[seat] &= ~HEARTS_CARD_BIT (trick[i]);
          if (HEARTS_CARD_SUIT (trick[i]) == HEARTS_CARD_SUIT (trick[0]) &&
              HEARTS_CARD_RANK (trick[i]) > HEARTS_CARD_RANK (trick[best]))
            best = i;
        }
      leader = (leader + best) % n;
      check_int (run, hearts_deal_get_trick_winner (deal, t), ==, leader);
      for (guint i = 0; i < n; i++)
        taken[leader] |= HEARTS_CARD_BIT (trick[i]);
      tricks[leader]++;
    }

  *shooter = -1;
  for (guint s = 0; s < n; s++)
    {
      check (run, hands[s] == 0);
      check_cards (run, deal->taken[s], taken[s]);
      check_int (run, deal->tricks_won[s], ==, tricks[s]);

      points[s] = hearts_cards_count (taken[s] & HEARTS) + ((taken[s] & QUEEN_BIT) ? 13 : 0);
      if (rules->omnibus && (taken[s] & JACK_D_BIT))
        points[s] -= 10;
      if (rules->no_tricks_bonus && tricks[s] == 0)
        {
          points[s] -= 5;
          zero_tricks++;
        }
      if ((taken[s] & all_points) == all_points)
        *shooter = s;
    }

  *expected_sum = 26 + (rules->omnibus ? -10 : 0) - 5 * (gint) zero_tricks;
  if (*shooter >= 0)
    {
      gboolean minus = rules->moon == HEARTS_MOON_SHOOTER_MINUS_26;

      points[*shooter] -= 26;
      if (rules->moon == HEARTS_MOON_SHOOTER_CHOOSES)
        minus = ref_shooter_prefers_minus (rules, before, points, *shooter);
      if (minus)
        {
          points[*shooter] -= 26;
          *expected_sum -= 52;
        }
      else
        {
          for (guint s = 0; s < n; s++)
            if (s != (guint) *shooter)
              points[s] += 26;
          *expected_sum += 26 * (n - 2);
        }
    }
}

/* Random variants: every value of every rule (tests/lib), hearts mostly broken as most
 * people play. Games stay short so records stay short. */
static void
random_rules (Run         *run,
              HeartsRules *rules)
{
  HeartsRng *rng = &run->rng;
  guint      end = hearts_rng_below (rng, 10);

  hearts_test_random_rules (rules, rng);
  rules->must_break_hearts = hearts_rng_below (rng, 4) != 0;
  if (end < 6)
    {
      rules->end = HEARTS_END_DEALS;
      rules->end_value = 1 + hearts_rng_below (rng, 4);
    }
  else if (end < 7)
    {
      rules->end = HEARTS_END_MATCHES;
      rules->end_value = 1;
    }
  else
    {
      rules->end = HEARTS_END_SCORE;
      rules->end_value = HEARTS_END_SCORE_MIN + hearts_rng_below (rng, 26);
    }
  g_assert_null (hearts_rules_check (rules));

  /* The rules as text (settings, records) and back. */
  {
    g_autofree char *text = hearts_rules_to_string (rules);
    HeartsRules      back;

    hearts_rules_init_default (&back);
    check (run, hearts_rules_apply_string (&back, text, NULL));
    check (run, hearts_rules_equal (&back, rules));
  }
}

/* The same bytes: "identical", and much cheaper than g_variant_equal(), which prints
 * both values when they hold untrusted (fixed array) children. */
static gboolean
same_bytes (GVariant *a,
            GVariant *b)
{
  gsize size = g_variant_get_size (a);

  return g_variant_is_of_type (b, g_variant_get_type (a)) &&
         size == g_variant_get_size (b) &&
         memcmp (g_variant_get_data (a), g_variant_get_data (b), size) == 0;
}

/* serialize → deserialize → serialize must give the same bytes, and the copy the same
 * game; the copy then replaces the original, so every later move runs on a loaded game. */
static HeartsGame *
round_trip (Run        *run,
            HeartsGame *game,
            GVariant  **state)
{
  g_autoptr(GVariant) first = hearts_game_serialize (game);
  g_autoptr(GVariant) second = NULL;
  g_autoptr(GError) error = NULL;
  HeartsGame       *copy = hearts_game_deserialize (first, &error);
  const HeartsDeal *a, *b;
  guint             n = run->rules.n_players;

  if (copy == NULL)
    fail_at (run, __FILE__, __LINE__, G_STRFUNC, error->message);
  second = hearts_game_serialize (copy);
  if (!same_bytes (first, second))
    {
      g_autofree char *text1 = g_variant_print (first, FALSE);
      g_autofree char *text2 = g_variant_print (second, FALSE);
      g_autofree char *m = g_strdup_printf ("the round trip changed the state:\n  %s\n  %s", text1, text2);

      fail_at (run, __FILE__, __LINE__, G_STRFUNC, m);
    }

  a = hearts_game_get_deal (game);
  b = hearts_game_get_deal (copy);
  check (run, memcmp (a, b, sizeof *a) == 0);
  check_int (run, hearts_game_get_phase (game), ==, hearts_game_get_phase (copy));
  check_int (run, hearts_game_get_current_player (game), ==, hearts_game_get_current_player (copy));
  check_int (run, hearts_game_get_hand_index (game), ==, hearts_game_get_hand_index (copy));
  check_int (run, hearts_game_can_undo (game), ==, hearts_game_can_undo (copy));
  check_int (run, hearts_game_get_n_results (game), ==, hearts_game_get_n_results (copy));
  for (guint s = 0; s < n; s++)
    {
      check_int (run, hearts_game_get_total (game, s), ==, hearts_game_get_total (copy, s));
      check_int (run, hearts_game_seat_is_human (game, s), ==, hearts_game_seat_is_human (copy, s));
    }

  run->n_round_trips++;
  g_clear_pointer (state, g_variant_unref);
  *state = g_steal_pointer (&second);
  g_object_unref (game);
  return copy;
}

static void
check_dealt (Run        *run,
             HeartsGame *game)
{
  const HeartsDeal  *deal = hearts_game_get_deal (game);
  const HeartsRules *rules = &run->rules;
  guint              n = rules->n_players;
  HeartsCards        deck = ref_deck (rules), seen = 0;
  guint              hand_index = hearts_game_get_hand_index (game);

  check_int (run, hearts_cards_count (deck), ==, n == 4 ? 52 : n == 3 ? 51
                                                                      : 50);
  check_int (run, deal->hand_size, ==, n == 4 ? 13 : n == 3 ? 17
                                                            : 10);
  for (guint s = 0; s < n; s++)
    {
      check_int (run, hearts_cards_count (deal->dealt[s]), ==, deal->hand_size);
      check ((run), (seen & deal->dealt[s]) == 0);
      check_cards (run, deal->hands[s], deal->dealt[s]);
      seen |= deal->dealt[s];
      run->hands[s] = deal->dealt[s];
    }
  check_cards (run, seen, deck);
  check_int (run, deal->pass, ==, ref_pass (rules, hand_index));
  check_int (run, deal->n_plays, ==, 0);
  run->broken = FALSE;
  run->n_plays = 0;
}

/* The test's own hands once every pass has been picked up. */
static void
apply_passes (Run              *run,
              const HeartsDeal *deal)
{
  guint       n = run->rules.n_players;
  HeartsCards opening = HEARTS_CARD_BIT (hearts_cards_lowest (ref_deck (&run->rules) & CLUBS));

  for (guint s = 0; s < n; s++)
    run->hands[s] = deal->dealt[s] & ~deal->passes[s];
  for (guint s = 0; s < n; s++)
    run->hands[ref_pass_to (n, deal->pass, s)] |= deal->passes[s];
  for (guint s = 0; s < n; s++)
    if (run->hands[s] & opening)
      run->leader = s;
}

static void
check_passes_done (Run        *run,
                   HeartsGame *game)
{
  const HeartsDeal *deal = hearts_game_get_deal (game);

  apply_passes (run, deal);
  for (guint s = 0; s < run->rules.n_players; s++)
    check_cards (run, deal->hands[s], run->hands[s]);
  check_int (run, hearts_game_get_current_player (game), ==, run->leader);
}

/* What each seat may see: only its own cards, and true counts, voids and passes. */
static void
check_views (Run              *run,
             const HeartsDeal *deal,
             guint             hand_index)
{
  const HeartsRules *rules = &run->rules;
  guint              n = rules->n_players;

  for (guint seat = 0; seat < n; seat++)
    {
      HeartsView  view;
      HeartsCards others = 0;

      hearts_view_init (&view, rules, deal, seat, hand_index, NULL);
      check_int (run, view.seat, ==, seat);
      check_cards (run, view.deal.hands[seat], deal->hands[seat]);
      /* The computer players work out their moves from the view alone. */
      if (deal->phase == HEARTS_DEAL_PLAYING && hearts_deal_get_current_player (deal) == seat)
        check_cards (run, hearts_deal_get_legal (&view.deal, rules), hearts_deal_get_legal (deal, rules));
      for (guint s = 0; s < n; s++)
        {
          check_int (run, hearts_view_get_hand_count (&view, s), ==, hearts_cards_count (deal->hands[s]));
          check_cards (run, deal->hands[s] & view.voids[s], 0);
          if (s == seat)
            continue;
          others |= deal->hands[s];
          check_cards (run, view.deal.hands[s], 0);
          check_cards (run, view.deal.dealt[s], 0);
          if (deal->phase == HEARTS_DEAL_PLAYING)
            check_cards (run, view.known[s] & ~deal->hands[s], 0);
        }
      if (hearts_rules_pass_source (rules, deal->pass, seat) != seat)
        check_cards (run, view.deal.passes[hearts_rules_pass_source (rules, deal->pass, seat)],
                     hearts_deal_get_received (deal, rules, seat));
      if (deal->phase == HEARTS_DEAL_PLAYING)
        check_cards (run, view.unseen, others);
    }
}

static void
pass_step (Run         *run,
           HeartsGame **game,
           gboolean     human)
{
  const HeartsDeal *deal = hearts_game_get_deal (*game);
  guint             n = run->rules.n_players;
  guint             waiting[HEARTS_MAX_PLAYERS], n_waiting = 0;
  guint             seat, from, to;
  HeartsCards       cards = 0, hand;
  HeartsRefusal     refusal;

  /* A human seat picked at random, or the lowest waiting computer seat (the one the
   * model asks). */
  for (guint s = 0; s < n; s++)
    if (!(deal->passed & (1u << s)) && hearts_game_seat_is_human (*game, s) == human)
      waiting[n_waiting++] = s;
  check (run, n_waiting > 0);
  seat = human ? waiting[hearts_rng_below (&run->rng, n_waiting)] : waiting[0];
  from = hearts_rules_pass_source (&run->rules, deal->pass, seat);
  to = ref_pass_to (n, deal->pass, seat);
  check_int (run, hearts_rules_pass_target (&run->rules, deal->pass, seat), ==, to);
  check_int (run, ref_pass_to (n, deal->pass, from), ==, seat);

  check_views (run, deal, hearts_game_get_hand_index (*game));

  /* Nothing arrives before one has passed. */
  check_cards (run, hearts_game_get_received (*game, seat), 0);
  check_cards (run, deal->hands[seat], deal->dealt[seat]);

  hand = deal->hands[seat];
  if (human)
    {
      /* A wrong count is refused and changes nothing. */
      cards = HEARTS_CARD_BIT (hearts_cards_pick_random (hand, &run->rng));
      check (run, !hearts_game_pass (*game, seat, cards, &refusal));
      check_int (run, refusal, ==, HEARTS_REFUSAL_PASS_COUNT);
      for (guint i = 1; i < HEARTS_PASS_SIZE; i++)
        cards |= HEARTS_CARD_BIT (hearts_cards_pick_random (hand & ~cards, &run->rng));
      check (run, hearts_game_pass (*game, seat, cards, &refusal));
    }
  else
    {
      check (run, hearts_game_computer_move (*game));
      cards = hearts_game_get_deal (*game)->passes[seat];
    }

  deal = hearts_game_get_deal (*game);
  check_int (run, hearts_cards_count (cards), ==, HEARTS_PASS_SIZE);
  check_cards (run, cards & hand, cards);
  check_cards (run, deal->passes[seat], cards);
  check (run, hearts_game_has_passed (*game, seat));
  check_int (run, hearts_deal_check_pass (deal, &run->rules, seat, cards), ==,
             deal->phase == HEARTS_DEAL_PASSING ? HEARTS_REFUSAL_ALREADY_PASSED
                                                : HEARTS_REFUSAL_WRONG_PHASE);

  /* Cards passed to you arrive only once you have passed (and they have been passed). */
  if (deal->passed & (1u << from))
    check_cards (run, hearts_game_get_received (*game, seat), deal->passes[from]);
  else
    check_cards (run, hearts_game_get_received (*game, seat), 0);
  if (deal->passed & (1u << to))
    check_cards (run, hearts_game_get_received (*game, to), cards);
  else
    check_cards (run, deal->hands[to] & cards, 0);

  if (deal->phase == HEARTS_DEAL_PLAYING)
    check_passes_done (run, *game);
}

static void
play_step (Run         *run,
           HeartsGame **game)
{
  const HeartsRules *rules = &run->rules;
  const HeartsDeal  *deal = hearts_game_get_deal (*game);
  guint              n = rules->n_players;
  guint              seat = hearts_deal_get_current_player (deal);
  HeartsCards        legal = hearts_game_get_legal (*game, seat);
  HeartsCards        expected, accepted = 0;
  HeartsCard         card;
  HeartsRefusal      refusal;

  check_int (run, seat, ==, (run->leader + run->n_plays % n) % n);
  check_cards (run, deal->hands[seat], run->hands[seat]);
  check_int (run, deal->hearts_broken != 0, ==, run->broken);

  if (run->n_plays % n == 0)
    expected = ref_legal (run);
  else
    expected = ref_legal_follow (run, deal->plays[run->n_plays - run->n_plays % n]);
  check_cards (run, legal, expected);
  check (run, legal != 0);
  check_views (run, deal, hearts_game_get_hand_index (*game));

  /* The legal set is exactly what check_play accepts; every other card has a reason. */
  for (HeartsCard c = 0; c < 64; c++)
    {
      HeartsRefusal r = hearts_deal_check_play (deal, rules, seat, c);

      if (r == HEARTS_REFUSAL_NONE)
        accepted |= HEARTS_CARD_BIT (c);
      else if (!hearts_card_is_valid (c) || !hearts_cards_has (run->hands[seat], c))
        check_int (run, r, ==, HEARTS_REFUSAL_NOT_IN_HAND);
      else
        check (run, r >= HEARTS_REFUSAL_MUST_FOLLOW_SUIT && r <= HEARTS_REFUSAL_MUST_LEAD_CLUB);
    }
  check_cards (run, accepted, legal);

  /* Nobody else may play now. */
  card = hearts_cards_pick_random (legal, &run->rng);
  for (guint s = 0; s < n; s++)
    if (s != seat)
      {
        check_int (run, hearts_deal_check_play (deal, rules, s, card), ==, HEARTS_REFUSAL_NOT_YOUR_TURN);
        check_cards (run, hearts_game_get_legal (*game, s), 0);
      }

  if (hearts_game_seat_is_human (*game, seat))
    {
      check (run, hearts_game_play (*game, seat, card, &refusal));
      check_int (run, refusal, ==, HEARTS_REFUSAL_NONE);
    }
  else
    {
      check (run, hearts_game_computer_move (*game));
      deal = hearts_game_get_deal (*game);
      card = deal->plays[run->n_plays];
    }

  deal = hearts_game_get_deal (*game);
  check (run, legal & HEARTS_CARD_BIT (card));
  check_int (run, deal->n_plays, ==, run->n_plays + 1);
  check_int (run, deal->plays[run->n_plays], ==, card);
  check_int (run, hearts_deal_get_play_seat (deal, run->n_plays), ==, seat);

  run->hands[seat] &= ~HEARTS_CARD_BIT (card);
  if (HEARTS_CARD_SUIT (card) == HEARTS_SUIT_HEARTS)
    run->broken = TRUE;
  if (rules->queen_breaks_hearts && card == HEARTS_QUEEN_OF_SPADES && run->n_plays % n != 0 &&
      HEARTS_CARD_SUIT (deal->plays[run->n_plays - run->n_plays % n]) != HEARTS_SUIT_SPADES)
    run->broken = TRUE;
  run->n_plays++;
  if (run->n_plays % n == 0)
    run->leader = hearts_deal_get_trick_winner (deal, run->n_plays / n - 1);
}

static void
check_hand_over (Run        *run,
                 HeartsGame *game)
{
  const HeartsRules      *rules = &run->rules;
  const HeartsDeal       *deal = hearts_game_get_deal (game);
  guint                   n = rules->n_players;
  guint                   index = hearts_game_get_n_results (game) - 1;
  const HeartsHandResult *result = hearts_game_get_result (game, index);
  gint                    before[HEARTS_MAX_PLAYERS], points[HEARTS_MAX_PLAYERS];
  gint                    shooter, expected_sum, sum = 0;
  gboolean                over = FALSE;

  for (guint s = 0; s < n; s++)
    before[s] = index == 0 ? 0 : hearts_game_get_result (game, index - 1)->totals[s];

  ref_score (run, deal, before, points, &shooter, &expected_sum);
  check_int (run, result->shooter, ==, shooter);
  for (guint s = 0; s < n; s++)
    {
      check_int (run, result->points[s], ==, points[s]);
      check_int (run, result->totals[s], ==, before[s] + points[s]);
      check_int (run, hearts_game_get_total (game, s), ==, result->totals[s]);
      sum += result->points[s];
    }
  check_int (run, sum, ==, expected_sum);
  /* The plain case the issue names: 26, or 26 × (n − 1) after a moon. */
  if (!rules->omnibus && !rules->no_tricks_bonus)
    check (run, sum == 26 || sum == -26 || sum == 26 * ((gint) n - 1));
  if (shooter >= 0)
    run->n_moons++;

  switch (rules->end)
    {
    case HEARTS_END_SCORE:
      for (guint s = 0; s < n; s++)
        over |= result->totals[s] >= (gint) rules->end_value;
      break;
    case HEARTS_END_DEALS:
      over = index + 1 >= rules->end_value;
      break;
    case HEARTS_END_MATCHES:
      over = index + 1 >= rules->end_value * n;
      break;
    case HEARTS_N_ENDS:
    default:
      g_assert_not_reached ();
    }
  check_int (run, hearts_game_get_phase (game), ==, over ? HEARTS_PHASE_GAME_OVER : HEARTS_PHASE_HAND_OVER);
  if (over)
    {
      gint  best = G_MAXINT;
      guint winners = 0;

      for (guint s = 0; s < n; s++)
        best = MIN (best, result->totals[s]);
      for (guint s = 0; s < n; s++)
        if (result->totals[s] == best)
          winners |= 1u << s;
      check_int (run, hearts_game_get_winners (game), ==, winners);
    }
  else
    check_int (run, hearts_game_get_winners (game), ==, 0);
}

/* The record of a finished game replays, and to the same totals. */
static void
check_record (Run        *run,
              HeartsGame *game)
{
  g_autofree char *record = hearts_game_get_record (game);
  g_autoptr(GError) error = NULL;
  HeartsRecordSummary summary;

  if (!hearts_record_replay (record, &summary, &error))
    fail_at (run, __FILE__, __LINE__, G_STRFUNC, error->message);
  check (run, summary.game_over);
  check_int (run, summary.n_hands, ==, hearts_game_get_n_results (game));
  check_int (run, summary.winners, ==, hearts_game_get_winners (game));
  for (guint s = 0; s < run->rules.n_players; s++)
    check_int (run, summary.totals[s], ==, hearts_game_get_total (game, s));
}

/* After an undo: the test's bookkeeping again, from the dealt cards and the moves left. */
static void
resync_after_undo (Run        *run,
                   HeartsGame *game)
{
  const HeartsDeal *deal = hearts_game_get_deal (game);
  guint             n = run->rules.n_players;
  HeartsCards       played = 0;

  for (guint s = 0; s < n; s++)
    run->hands[s] = deal->dealt[s];
  run->broken = FALSE;
  run->n_plays = 0;
  if (deal->phase != HEARTS_DEAL_PLAYING)
    return;

  apply_passes (run, deal);
  for (guint i = 0; i < deal->n_plays; i++)
    {
      HeartsCard c = deal->plays[i];
      guint      on = i % n;

      run->hands[hearts_deal_get_play_seat (deal, i)] &= ~HEARTS_CARD_BIT (c);
      if (HEARTS_CARD_SUIT (c) == HEARTS_SUIT_HEARTS ||
          (run->rules.queen_breaks_hearts && c == HEARTS_QUEEN_OF_SPADES && on != 0 &&
           HEARTS_CARD_SUIT (deal->plays[i - on]) != HEARTS_SUIT_SPADES))
        run->broken = TRUE;
      played |= HEARTS_CARD_BIT (c);
    }
  run->n_plays = deal->n_plays;
  if (deal->n_plays >= n)
    run->leader = deal->trick_leaders[deal->n_plays / n];
  check_cards (run, deal->played, played);
  for (guint s = 0; s < n; s++)
    check_cards (run, deal->hands[s], run->hands[s]);
}

static void
play_game (Run    *run,
           guint64 hands_left)
{
  g_autoptr(HeartsGame) game = NULL;
  g_autoptr(GVariant) state = NULL; /* the last round trip's, i.e. the game as it is */
  g_autoptr(GVariant) before_human = NULL;
  gboolean every_step;
  guint    n;

  random_rules (run, &run->rules);
  n = run->rules.n_players;
  every_step = run->round_trip_games <= 1 || hearts_rng_below (&run->rng, run->round_trip_games) == 0;
  game = hearts_game_new (&run->rules, hearts_rng_next (&run->rng));
  /* Computer seats play at random: the stronger levels think for a long while, and
   * their play is the ai suite's business. A human seat keeps some level from before. */
  for (guint s = 0; s < n; s++)
    {
      if (hearts_rng_below (&run->rng, 2))
        {
          hearts_game_set_seat_level (game, s, hearts_rng_below (&run->rng, HEARTS_N_AI_LEVELS));
          hearts_game_set_seat_human (game, s);
        }
      else
        hearts_game_set_seat_level (game, s, HEARTS_AI_RANDOM);
    }
  run->hand = 0;
  run->step = 0;
  check_dealt (run, game);
  if (hearts_game_get_phase (game) == HEARTS_PHASE_PLAYING)
    check_passes_done (run, game);
  if (every_step)
    game = round_trip (run, g_steal_pointer (&game), &state);

  while (hands_left > 0)
    {
      HeartsPhase phase = hearts_game_get_phase (game);
      gboolean    human = FALSE;

      if (phase == HEARTS_PHASE_PASSING)
        human = hearts_game_human_to_move (game) &&
                (!hearts_game_computer_to_move (game) || hearts_rng_below (&run->rng, 2));
      else if (phase == HEARTS_PHASE_PLAYING)
        human = hearts_game_human_to_move (game);

      /* Take back the last human move, at the latest before the next one: the game
       * must be exactly as it was before that move and the computer moves after it. */
      if (before_human != NULL && hearts_game_can_undo (game) &&
          (human || hearts_rng_below (&run->rng, 2) == 0))
        {
          g_autoptr(GVariant) now = NULL;

          check (run, hearts_game_undo (game));
          now = hearts_game_serialize (game);
          check (run, same_bytes (now, before_human));
          g_clear_pointer (&before_human, g_variant_unref);
          resync_after_undo (run, game);
          run->n_undos++;
          if (every_step)
            game = round_trip (run, g_steal_pointer (&game), &state);
          continue;
        }

      if (human)
        {
          g_clear_pointer (&before_human, g_variant_unref);
          if (every_step && hearts_rng_below (&run->rng, 8) == 0)
            before_human = g_variant_ref (state);
          else if (!every_step && hearts_rng_below (&run->rng, 128) == 0)
            before_human = hearts_game_serialize (game);
        }

      switch (phase)
        {
        case HEARTS_PHASE_PASSING:
          pass_step (run, &game, human);
          break;

        case HEARTS_PHASE_PLAYING:
          play_step (run, &game);
          if (hearts_game_get_phase (game) != HEARTS_PHASE_PLAYING)
            {
              check_hand_over (run, game);
              run->n_hands++;
              hands_left--;
              if (every_step)
                run->n_round_trip_hands++;
              g_clear_pointer (&before_human, g_variant_unref);
            }
          break;

        case HEARTS_PHASE_HAND_OVER:
          check (run, !hearts_game_can_undo (game));
          hearts_game_next_hand (game);
          run->hand++;
          check_dealt (run, game);
          if (hearts_game_get_phase (game) == HEARTS_PHASE_PLAYING)
            check_passes_done (run, game);
          break;

        case HEARTS_PHASE_GAME_OVER:
          check (run, !hearts_game_can_undo (game));
          check_record (run, game);
          run->n_games++;
          return;

        default:
          g_assert_not_reached ();
        }

      run->step++;
      run->n_steps++;
      if (every_step || hearts_rng_below (&run->rng, 256) == 0)
        game = round_trip (run, g_steal_pointer (&game), &state);
    }
}

static void
test_invariants_random_hands (void)
{
  const char *seed_text = g_getenv ("HEARTS_TEST_SEED");
  const char *hands_text = g_getenv ("HEARTS_TEST_HANDS");
  const char *every_text = g_getenv ("HEARTS_TEST_ROUND_TRIP");
  guint64     hands = DEFAULT_HANDS;
  gint64      start = g_get_monotonic_time ();
  Run         run = { 0 };

  if (seed_text == NULL || !g_ascii_string_to_unsigned (seed_text, 10, 0, G_MAXUINT64, &run.seed, NULL))
    run.seed = ((guint64) g_test_rand_int () << 32) | (guint32) g_test_rand_int ();
  if (hands_text != NULL && !g_ascii_string_to_unsigned (hands_text, 10, 1, G_MAXUINT64, &hands, NULL))
    g_error ("HEARTS_TEST_HANDS must be a positive number");
  run.round_trip_games = DEFAULT_ROUND_TRIP_GAMES;
  if (g_strcmp0 (every_text, "all") == 0)
    run.round_trip_games = 1;
  else if (every_text != NULL)
    {
      guint64 every;

      if (!g_ascii_string_to_unsigned (every_text, 10, 1, G_MAXUINT, &every, NULL))
        g_error ("HEARTS_TEST_ROUND_TRIP must be “all” or a positive number");
      run.round_trip_games = every;
    }

  g_test_message ("seed %" G_GUINT64_FORMAT " (HEARTS_TEST_SEED=%" G_GUINT64_FORMAT " reproduces), %" G_GUINT64_FORMAT " hands, every move of one game in %u round-tripped",
                  run.seed, run.seed, hands, run.round_trip_games);
  hearts_rng_init (&run.rng, run.seed);

  while (run.n_hands < hands)
    {
      play_game (&run, hands - run.n_hands);
      run.game++;
    }

  g_test_message ("%" G_GUINT64_FORMAT " hands in %" G_GUINT64_FORMAT " games, %" G_GUINT64_FORMAT
                  " moves checked, %" G_GUINT64_FORMAT " round trips (every move of %" G_GUINT64_FORMAT
                  " hands), %" G_GUINT64_FORMAT " undos, %" G_GUINT64_FORMAT " moons; %.1f s",
                  run.n_hands, run.n_games, run.n_steps, run.n_round_trips, run.n_round_trip_hands,
                  run.n_undos, run.n_moons, (g_get_monotonic_time () - start) / 1e6);
  g_assert_cmpuint (run.n_hands, >=, hands);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/invariants/random-hands", test_invariants_random_hands);

  return g_test_run ();
}
