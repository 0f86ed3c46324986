/* test-review.c: the hand review, without a display
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <string.h>

#include "hearts-game-deal.h"
#include "hearts-local-seat-view.h"
#include "hearts-review-deal.h"
#include "hearts-test-util.h"

#define HANG_GUARD_S 120 /* not a measurement: a loop that never ends fails instead */
#define SAMPLES      "16"

/* The Hard player as the review runs it, with a small fixed budget. */
static HeartsAi *
review_ai (guint64 seed)
{
  HeartsAi *ai = hearts_ai_new (HEARTS_AI_HARD, seed);

  g_assert_true (hearts_ai_set_option (ai, "movetime", "0"));
  g_assert_true (hearts_ai_set_option (ai, "threads", "1"));
  g_assert_true (hearts_ai_set_option (ai, "full-budget", "1"));
  g_assert_true (hearts_ai_set_option (ai, "moon-losers", "5"));
  g_assert_true (hearts_ai_set_option (ai, "samples", SAMPLES));
  g_assert_true (hearts_ai_set_option (ai, "pass-samples", SAMPLES));
  return ai;
}

/* Passes and plays as the Normal player would, until @stop cards are played. */
static void
play_until (HeartsDeal        *deal,
            const HeartsRules *rules,
            guint              stop,
            guint64            seed)
{
  g_autoptr(HeartsAi) driver = hearts_ai_new (HEARTS_AI_NORMAL, seed);
  HeartsView view;

  if (deal->phase == HEARTS_DEAL_PASSING)
    {
      HeartsCards chosen[HEARTS_MAX_PLAYERS];

      for (guint s = 0; s < rules->n_players; s++)
        {
          hearts_view_init (&view, rules, deal, s, 0, NULL);
          chosen[s] = hearts_ai_choose_pass (driver, &view);
        }
      for (guint s = 0; s < rules->n_players; s++)
        g_assert_cmpint (hearts_deal_pass (deal, rules, s, chosen[s]), ==, HEARTS_REFUSAL_NONE);
    }
  while (deal->phase == HEARTS_DEAL_PLAYING && deal->n_plays < stop)
    {
      hearts_view_init (&view, rules, deal, deal->turn, 0, NULL);
      g_assert_cmpint (hearts_deal_play (deal, rules, deal->turn, hearts_ai_choose_play (driver, &view)),
                       ==, HEARTS_REFUSAL_NONE);
    }
}

static void
assert_same_review (GArray *a,
                    GArray *b)
{
  g_assert_cmpuint (a->len, ==, b->len);
  g_assert_cmpmem (a->data, a->len * sizeof (HeartsReviewMove), b->data, b->len * sizeof (HeartsReviewMove));
}

/* The review of a seat depends only on what that seat saw: a deal whose hidden cards
 * lie elsewhere gets the same review, move for move, to the last bit of each number. */
static void
test_review_view_only (void)
{
  HeartsRng rng;
  guint     checked = 0, moves = 0;

  hearts_rng_init (&rng, hearts_test_seed ());
  for (guint trial = 0; trial < 60 && checked < 24; trial++)
    {
      g_autoptr(HeartsAi) a = review_ai (trial);
      g_autoptr(HeartsAi) b = review_ai (trial);
      g_autoptr(GArray) review = NULL;
      g_autoptr(GArray) twin_review = NULL;
      g_autoptr(GError) error = NULL;
      HeartsRules rules;
      HeartsDeal  deal, twin, replayed;
      gint        totals[HEARTS_MAX_PLAYERS] = { 0 };
      guint       seat;

      hearts_test_random_rules (&rules, &rng);
      hearts_deal_shuffle (&deal, &rules, 0, hearts_rng_below (&rng, 4), &rng);
      play_until (&deal, &rules, rules.n_players * (2 + hearts_rng_below (&rng, 6)), hearts_test_seed () + trial);
      seat = hearts_rng_below (&rng, rules.n_players);
      if (!hearts_test_make_twin (&deal, &rules, seat, &twin, &rng))
        continue;

      /* The twin is a deal of its own: its history replays under the rules. */
      replayed = twin;
      g_assert_true (hearts_deal_init (&replayed, &rules, twin.dealer, twin.pass, twin.dealt));

      review = hearts_review_deal (&rules, &deal, seat, 0, totals, a, NULL, NULL, NULL, &error);
      g_assert_no_error (error);
      twin_review = hearts_review_deal (&rules, &twin, seat, 0, totals, b, NULL, NULL, NULL, &error);
      g_assert_no_error (error);
      g_assert_cmpuint (review->len, ==, hearts_review_deal_count (&deal, seat));
      assert_same_review (review, twin_review);
      checked++;
      moves += review->len;
    }
  g_test_message ("%u twin deals, %u moves reviewed", checked, moves);
  g_assert_cmpuint (checked, >=, 10);
}

/* Seat 0 takes the Q♠ on purpose when it could duck: the review marks that play as
 * costing points, and shows a better one. */
static void
test_review_bad_play (void)
{
  HeartsRng rng;
  guint     found = 0;

  hearts_rng_init (&rng, hearts_test_seed () + 1);
  for (guint trial = 0; trial < 2000 && found < 4; trial++)
    {
      g_autoptr(HeartsAi) driver = hearts_ai_new (HEARTS_AI_NORMAL, trial);
      g_autoptr(HeartsAi) hard = review_ai (trial);
      g_autoptr(GArray) review = NULL;
      g_autoptr(GError) error = NULL;
      HeartsRules rules;
      HeartsDeal  deal;
      gint        totals[HEARTS_MAX_PLAYERS] = { 0 };
      HeartsCards legal, winners = 0, duckers;
      guint       bad_index = 0, pointed = 0;
      HeartsCard  card;

      hearts_rules_init_default (&rules);
      hearts_deal_shuffle (&deal, &rules, 0, trial, &rng);
      play_until (&deal, &rules, 0, trial);

      /* Normal play until seat 0 is last to a trick that holds the queen. */
      while (deal.phase == HEARTS_DEAL_PLAYING &&
             !(deal.turn == 0 && deal.trick_len == rules.n_players - 1 &&
               (deal.trick_cards & HEARTS_CARD_BIT (HEARTS_QUEEN_OF_SPADES))))
        {
          HeartsView view;

          hearts_view_init (&view, &rules, &deal, deal.turn, 0, NULL);
          hearts_deal_play (&deal, &rules, deal.turn, hearts_ai_choose_play (driver, &view));
        }
      if (deal.phase != HEARTS_DEAL_PLAYING)
        continue;

      /* It can take the trick and it can duck; and nobody can shoot the moon, since
       * two seats have taken points already. */
      legal = hearts_deal_get_legal (&deal, &rules);
      HEARTS_CARDS_FOREACH (card, legal)
        if (HEARTS_CARD_SUIT (card) == deal.lead_suit && HEARTS_CARD_RANK (card) > deal.win_rank)
          winners |= HEARTS_CARD_BIT (card);
      duckers = legal & ~winners;
      for (guint s = 0; s < rules.n_players; s++)
        pointed += (deal.taken[s] & HEARTS_POINT_CARDS) != 0;
      if (winners == 0 || duckers == 0 || pointed < 2)
        continue;

      bad_index = deal.n_plays;
      hearts_deal_play (&deal, &rules, 0, hearts_cards_highest (winners));
      play_until (&deal, &rules, 52, trial);

      review = hearts_review_deal (&rules, &deal, 0, 0, totals, hard, NULL, NULL, NULL, &error);
      g_assert_no_error (error);
      for (guint i = 0; i < review->len; i++)
        {
          const HeartsReviewMove *move = &g_array_index (review, HeartsReviewMove, i);

          if (move->is_pass || move->play_index != bad_index)
            continue;
          g_test_message ("took the queen with %s: %.1f points, best %s: %.1f",
                          hearts_card_to_string (hearts_cards_lowest (move->move)), move->move_points,
                          hearts_card_to_string (hearts_cards_lowest (move->best)), move->best_points);
          g_assert_true (move->costly);
          g_assert_false (move->forced);
          g_assert_cmpfloat (move->move_points - move->best_points, >=, 10.0);
          g_assert_true ((move->best & duckers) != 0);
          found++;
        }
    }
  g_assert_cmpuint (found, ==, 4);
}

/* Plays @deal to its end, seat by seat with @ais. */
static void
play_with (HeartsDeal        *deal,
           const HeartsRules *rules,
           HeartsAi         **ais)
{
  while (deal->phase == HEARTS_DEAL_PLAYING)
    {
      HeartsView view;

      hearts_view_init (&view, rules, deal, deal->turn, 0, NULL);
      g_assert_cmpint (hearts_deal_play (deal, rules, deal->turn, hearts_ai_choose_play (ais[deal->turn], &view)),
                       ==, HEARTS_REFUSAL_NONE);
    }
}

/* Counts the moves of @review marked with @moon, checking that each is costly. */
static guint
count_moon_marks (GArray          *review,
                  HeartsReviewMoon moon)
{
  guint marked = 0;

  for (guint i = 0; i < review->len; i++)
    {
      const HeartsReviewMove *move = &g_array_index (review, HeartsReviewMove, i);

      if (move->moon == HEARTS_REVIEW_MOON_NONE)
        continue;
      g_assert_true (move->costly);
      g_assert_cmpfloat (move->move_points - move->best_points, >=, HEARTS_REVIEW_COSTLY_POINTS);
      if (move->moon == moon)
        {
          g_test_message ("%s at trick %u: %s, %.1f points lost, the computer's %s",
                          moon == HEARTS_REVIEW_MOON_GAVE_UP ? "gave up the moon" : "let the moon through",
                          move->trick + 1, hearts_card_to_string (hearts_cards_lowest (move->move)),
                          move->move_points - move->best_points,
                          hearts_card_to_string (hearts_cards_lowest (move->best)));
          marked++;
        }
    }
  return marked;
}

/* Seat 1 goes for the moon whenever it can, against three beginners, and makes it: the
 * review of seat 0 puts a costly move down to the moon it let through; a hand without
 * a moon has no such mark. */
static void
test_review_moon_let_through (void)
{
  HeartsRules rules;
  HeartsRng   rng;
  guint       moons = 0, marked = 0, clean = 0;

  hearts_rules_init_default (&rules);
  hearts_rng_init (&rng, hearts_test_seed () + 2);
  for (guint trial = 0; trial < 400 && (moons < 6 || clean < 6); trial++)
    {
      g_autoptr(HeartsAi) hard = review_ai (trial);
      g_autoptr(HeartsAi) easy = hearts_ai_new (HEARTS_AI_EASY, trial);
      g_autoptr(HeartsAi) shooter = hearts_ai_new_test_shooter (trial);
      g_autoptr(GArray) review = NULL;
      g_autoptr(GError) error = NULL;
      HeartsAi       *ais[] = { easy, shooter, easy, easy };
      gint            totals[HEARTS_MAX_PLAYERS] = { 0 };
      HeartsDealScore score;
      HeartsDeal      deal;

      hearts_deal_shuffle (&deal, &rules, 0, 3, &rng);
      play_with (&deal, &rules, ais);
      hearts_deal_score (&deal, &rules, NULL, &score);
      if (score.shooter != 1 && clean >= 6)
        continue;
      if (score.shooter == 1 && moons >= 6)
        continue;
      g_assert_true (hearts_ai_set_option (hard, "samples", "64"));
      review = hearts_review_deal (&rules, &deal, 0, 0, totals, hard, NULL, NULL, NULL, &error);
      g_assert_no_error (error);
      if (score.shooter == 1)
        {
          moons++;
          marked += count_moon_marks (review, HEARTS_REVIEW_MOON_LET_THROUGH) > 0;
        }
      else
        {
          clean++;
          g_assert_cmpuint (count_moon_marks (review, HEARTS_REVIEW_MOON_LET_THROUGH), ==, 0);
        }
    }
  g_test_message ("%u moons, %u reviews with the mark", moons, marked);
  g_assert_cmpuint (moons, ==, 6);
  g_assert_cmpuint (marked, >=, 2);
}

/* Whether seat 0 playing @card loses the trick for sure with a heart in it: a heart led
 * under another seat's every heart, or, following, a card under the trick's best one (or
 * of another suit) with a heart on the trick or the card a heart. */
static gboolean
loses_a_heart (const HeartsDeal *deal,
               HeartsCard        card)
{
  gboolean heart = HEARTS_CARD_SUIT (card) == HEARTS_SUIT_HEARTS;

  if (deal->trick_len == 0)
    {
      for (guint s = 1; s < 4 && heart; s++)
        {
          HeartsCards hearts = deal->hands[s] & HEARTS_HEARTS_MASK;

          if (hearts != 0 && hearts_cards_lowest (hearts) > card)
            return TRUE;
        }
      return FALSE;
    }
  else
    {
      HeartsSuit led = HEARTS_CARD_SUIT (deal->plays[deal->n_plays - deal->trick_len]);
      HeartsCard high = hearts_cards_highest (deal->trick_cards & HEARTS_SUIT_MASK (led));

      return (HEARTS_CARD_SUIT (card) != led || card < high) &&
             (heart || (deal->trick_cards & HEARTS_HEARTS_MASK) != 0);
    }
}

/* The hand of /ai/moon/hard-shoots, played by Hard with the moon as its plan (as the
 * review plays), which makes it; but from the fifth trick on, while nobody else has a
 * point, the first time it can surely lose a trick with a heart in it, it does: that move
 * gives the moon up, and the review marks it so, with what it cost (about 19 points). */
static void
test_review_moon_thrown_away (void)
{
  static const char *hands[] = {
    "4C QC AC 9D 4S 9S KS 4H 5H 9H JH KH AH",
    "2C 8C TC 3D 4D TD KD 7S TS JS QS 3H TH",
    "KC 2D 6D 7D JD AD 2S 3S 5S 8S AS 6H 8H",
    "3C 5C 6C 7C 9C JC 5D 8D QD 6S 2H 7H QH",
  };
  HeartsRules rules;

  hearts_rules_init_default (&rules);
  for (guint64 seed = 0; seed < 3; seed++)
    {
      g_autoptr(HeartsAi) hard = review_ai (seed);
      g_autoptr(HeartsAi) reviewer = review_ai (seed);
      g_autoptr(HeartsAi) normal = hearts_ai_new (HEARTS_AI_NORMAL, seed);
      g_autoptr(GArray) review = NULL;
      g_autoptr(GError) error = NULL;
      gint            totals[HEARTS_MAX_PLAYERS] = { 0 };
      HeartsCards     cards[HEARTS_MAX_PLAYERS];
      HeartsDealScore score;
      HeartsDeal      deal;
      gint            thrown = -1;
      gboolean        found = FALSE;

      g_assert_true (hearts_ai_set_option (hard, "samples", "200"));
      for (guint s = 0; s < rules.n_players; s++)
        g_assert_true (hearts_cards_from_string (hands[s], &cards[s]));
      g_assert_true (hearts_deal_init (&deal, &rules, 0, HEARTS_PASS_HOLD, cards));
      while (deal.phase == HEARTS_DEAL_PLAYING)
        {
          HeartsView view;
          HeartsCard card;

          hearts_view_init (&view, &rules, &deal, deal.turn, 0, NULL);
          card = hearts_ai_choose_play (deal.turn == 0 ? hard : normal, &view);
          if (deal.turn == 0 && thrown < 0 && deal.n_plays / 4 >= 4 &&
              hearts_cards_points (deal.taken[1] | deal.taken[2] | deal.taken[3], &rules) == 0)
            {
              HeartsCards legal = hearts_deal_get_legal (&deal, &rules);

              for (HeartsCards rest = legal; rest != 0; rest &= rest - 1)
                if (loses_a_heart (&deal, hearts_cards_lowest (rest)))
                  {
                    card = hearts_cards_lowest (rest);
                    thrown = deal.n_plays / 4;
                    break;
                  }
            }
          g_assert_cmpint (hearts_deal_play (&deal, &rules, deal.turn, card), ==, HEARTS_REFUSAL_NONE);
        }
      g_assert_cmpint (thrown, >=, 0);
      hearts_deal_score (&deal, &rules, NULL, &score);
      g_assert_cmpint (score.shooter, !=, 0);
      review = hearts_review_deal (&rules, &deal, 0, 0, totals, reviewer, NULL, NULL, NULL, &error);
      g_assert_no_error (error);
      /* For its checks: every marked move is costly. */
      count_moon_marks (review, HEARTS_REVIEW_MOON_GAVE_UP);
      for (guint i = 0; i < review->len; i++)
        {
          const HeartsReviewMove *move = &g_array_index (review, HeartsReviewMove, i);

          if (!move->is_pass && move->trick == (guint) thrown)
            {
              g_test_message ("seed %u: trick %u, %.1f points lost, moon %.2f against %.2f", (guint) seed,
                              move->trick + 1, move->move_points - move->best_points, move->move_moon, move->best_moon);
              g_assert_cmpint (move->moon, ==, HEARTS_REVIEW_MOON_GAVE_UP);
              found = TRUE;
            }
        }
      g_assert_true (found);
    }
}

static gboolean
on_hang_guard (gpointer user_data)
{
  *(gboolean *) user_data = TRUE;
  return G_SOURCE_REMOVE;
}

typedef struct
{
  GArray       *moves;
  GError       *error;
  gboolean      done;
  guint         progress;
  guint         last_done;
  guint         total;
  GCancellable *cancel_on_progress;
} Waiter;

static void
on_progress (guint    done,
             guint    total,
             gpointer user_data)
{
  Waiter *w = user_data;

  g_assert_false (w->done);
  g_assert_cmpuint (done, ==, w->last_done + 1);
  w->last_done = done;
  w->total = total;
  w->progress++;
  if (w->cancel_on_progress != NULL)
    g_cancellable_cancel (w->cancel_on_progress);
}

static void
on_reviewed (GObject      *source,
             GAsyncResult *result,
             gpointer      user_data)
{
  Waiter *w = user_data;

  w->moves = hearts_review_hand_finish (HEARTS_SEAT_VIEW (source), result, &w->error);
  w->done = TRUE;
}

static void
wait_for (Waiter *w)
{
  gboolean expired = FALSE;
  guint    guard = g_timeout_add_seconds (HANG_GUARD_S, on_hang_guard, &expired);

  while (!w->done && !expired)
    g_main_context_iteration (NULL, TRUE);
  g_assert_false (expired);
  g_source_remove (guard);
  /* Progress queued before the end must not arrive after it. */
  while (g_main_context_iteration (NULL, FALSE))
    ;
}

/* A game of computers to the end of its first hand, seat 0 reviewed. */
static HeartsGame *
finished_hand (guint64 seed)
{
  HeartsRules rules;
  HeartsGame *game;

  hearts_rules_init_default (&rules);
  game = hearts_game_new (&rules, seed);
  for (guint s = 0; s < rules.n_players; s++)
    hearts_game_set_seat_level (game, s, HEARTS_AI_NORMAL);
  while (hearts_game_get_phase (game) != HEARTS_PHASE_HAND_OVER)
    g_assert_true (hearts_game_computer_move (game));
  return game;
}

/* The review of the game's last hand in a thread: progress for every move, in order,
 * on this main context, and the same result as the review on the deal. */
static void
test_review_async (void)
{
  g_autoptr(HeartsGame) game = finished_hand (hearts_test_seed ());
  g_autoptr(HeartsSeatView) view = hearts_local_seat_view_new (game, NULL, 0);
  g_autoptr(HeartsAi) hard = NULL;
  g_autoptr(GArray) direct = NULL;
  g_autoptr(GError) error = NULL;
  const HeartsDeal *deal = hearts_game_get_deal (game);
  gint              totals[HEARTS_MAX_PLAYERS] = { 0 };
  Waiter            w = { 0 };

  hearts_review_hand_async (view, 16, NULL, on_progress, &w, on_reviewed, &w);
  wait_for (&w);
  g_assert_no_error (w.error);
  g_assert_nonnull (w.moves);
  g_assert_cmpuint (w.moves->len, ==, hearts_review_deal_count (deal, 0));
  g_assert_cmpuint (w.progress, ==, w.moves->len);
  g_assert_cmpuint (w.total, ==, w.moves->len);
  /* A pass hand: the pass comes first. */
  g_assert_true (g_array_index (w.moves, HeartsReviewMove, 0).is_pass);

  /* From the seat's view alone, the same review as from the real deal. */
  hard = review_ai (hearts_review_seed (deal, 0, hearts_game_get_hand_index (game)));
  direct = hearts_review_deal (hearts_game_get_rules (game), deal, 0, hearts_game_get_hand_index (game),
                               totals, hard, NULL, NULL, NULL, &error);
  g_assert_no_error (error);
  assert_same_review (w.moves, direct);

  /* What a view steps through: each trick of the hand, with the reviewed card in it. */
  for (guint i = 0; i < w.moves->len; i++)
    {
      const HeartsReviewMove *move = &g_array_index (w.moves, HeartsReviewMove, i);
      HeartsCard              cards[HEARTS_MAX_PLAYERS];
      guint                   leader = G_MAXUINT, n;

      if (move->is_pass)
        continue;
      n = hearts_game_get_played_trick (game, move->trick, cards, &leader);
      g_assert_cmpuint (n, ==, hearts_game_get_n_players (game));
      g_assert_cmpuint (leader, <, n);
      g_assert_cmpuint (cards[move->play_index % n], ==, hearts_cards_lowest (move->move));
      g_assert_cmpuint ((leader + move->play_index % n) % n, ==, 0);
    }
  g_assert_cmpuint (hearts_game_get_played_trick (game, deal->hand_size, NULL, NULL), ==, 0);
  g_array_unref (w.moves);

  /* Not while a hand is being played. */
  hearts_game_next_hand (game);
  memset (&w, 0, sizeof w);
  hearts_review_hand_async (view, 16, NULL, NULL, NULL, on_reviewed, &w);
  wait_for (&w);
  g_assert_null (w.moves);
  g_assert_error (w.error, G_IO_ERROR, G_IO_ERROR_FAILED);
  g_clear_error (&w.error);
}

/* A seat's review is made from its view alone: the same as from the real deal, for
 * every set of rules and every seat, passing or not. */
static void
test_review_from_view (void)
{
  HeartsRng rng;

  hearts_rng_init (&rng, hearts_test_seed () + 3);
  for (guint trial = 0; trial < 16; trial++)
    {
      g_autoptr(HeartsGame) game = NULL;
      g_autoptr(HeartsSeatView) view = NULL;
      g_autoptr(HeartsAi) hard = NULL;
      g_autoptr(GArray) direct = NULL;
      g_autoptr(GError) error = NULL;
      const HeartsDeal *deal;
      HeartsRules       rules;
      gint              totals[HEARTS_MAX_PLAYERS] = { 0 };
      guint             seat;
      Waiter            w = { 0 };

      hearts_test_random_rules (&rules, &rng);
      game = hearts_game_new (&rules, trial + 11);
      for (guint s = 0; s < rules.n_players; s++)
        hearts_game_set_seat_level (game, s, HEARTS_AI_RANDOM);
      /* Now and then a later hand: another pass direction, or none. */
      for (guint h = hearts_rng_below (&rng, 4); h > 0; h--)
        {
          while (hearts_game_get_phase (game) != HEARTS_PHASE_HAND_OVER)
            g_assert_true (hearts_game_computer_move (game));
          hearts_game_next_hand (game);
        }
      while (hearts_game_get_phase (game) != HEARTS_PHASE_HAND_OVER &&
             hearts_game_get_phase (game) != HEARTS_PHASE_GAME_OVER)
        g_assert_true (hearts_game_computer_move (game));

      seat = hearts_rng_below (&rng, rules.n_players);
      view = hearts_local_seat_view_new (game, NULL, seat);
      hearts_review_hand_async (view, 8, NULL, NULL, NULL, on_reviewed, &w);
      wait_for (&w);
      g_assert_no_error (w.error);

      deal = hearts_game_get_deal (game);
      for (guint s = 0; s < rules.n_players; s++)
        totals[s] = hearts_game_get_total (game, s) - hearts_game_get_result (game, hearts_game_get_n_results (game) - 1)->points[s];
      hard = review_ai (hearts_review_seed (deal, seat, hearts_game_get_hand_index (game)));
      g_assert_true (hearts_ai_set_option (hard, "samples", "8"));
      g_assert_true (hearts_ai_set_option (hard, "pass-samples", "8"));
      direct = hearts_review_deal (&rules, deal, seat, hearts_game_get_hand_index (game), totals, hard, NULL, NULL,
                                   NULL, &error);
      g_assert_no_error (error);
      assert_same_review (w.moves, direct);
      g_array_unref (w.moves);
    }
}

static gboolean
cancel_idle (gpointer data)
{
  g_cancellable_cancel (data);
  return G_SOURCE_REMOVE;
}

/* Cancelled while the Hard player searches a budget that would take hours: the search
 * stops at once (else the hang guard fails the test) and the review says cancelled.
 * No progress arrives after the cancel. */
static void
test_review_cancel (void)
{
  g_autoptr(HeartsGame) game = finished_hand (hearts_test_seed () + 1);
  g_autoptr(HeartsSeatView) view = hearts_local_seat_view_new (game, NULL, 0);
  g_autoptr(GCancellable) cancellable = g_cancellable_new ();
  Waiter w = { 0 };

  hearts_review_hand_async (view, 1000000, cancellable, on_progress, &w, on_reviewed, &w);
  /* Not a bound on anything: only so that the thread is most likely inside the
   * search of the pass (a million deals) when the cancel comes. */
  g_timeout_add_full (G_PRIORITY_DEFAULT, 50, cancel_idle, g_object_ref (cancellable), g_object_unref);
  wait_for (&w);
  g_assert_null (w.moves);
  g_assert_error (w.error, G_IO_ERROR, G_IO_ERROR_CANCELLED);
  g_assert_cmpuint (w.progress, ==, 0);
  g_clear_error (&w.error);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/review/view-only", test_review_view_only);
  g_test_add_func ("/review/bad-play-costly", test_review_bad_play);
  g_test_add_func ("/review/moon-let-through", test_review_moon_let_through);
  g_test_add_func ("/review/moon-thrown-away", test_review_moon_thrown_away);
  g_test_add_func ("/review/async", test_review_async);
  g_test_add_func ("/review/from-view", test_review_from_view);
  g_test_add_func ("/review/cancel", test_review_cancel);

  return g_test_run ();
}
