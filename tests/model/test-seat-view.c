/* test-seat-view.c: a seat's view of the game shows that seat's view only
 *
 * Every view of the game reads a HeartsSeatView. These tests play whole games with a
 * view on every seat (the view checks itself against the game after every change, and
 * a difference is a critical, fatal here), replay the events onto a copy as the table
 * does, and build a view from a game and from its twin (the other seats' unplayed
 * cards swapped among them): both must say the same until a swapped card is played.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <string.h>

#include "hearts-game-deal.h"
#include "hearts-game.h"
#include "hearts-local-seat-view.h"
#include "hearts-seat-view-private.h"
#include "hearts-test-util.h"

/* Helpers */

static HeartsGame *
new_game (const HeartsRules *rules,
          guint64            seed)
{
  HeartsGame *game = hearts_game_new (rules, seed);

  /* Every seat's moves come from the test. */
  for (guint s = 0; s < rules->n_players; s++)
    hearts_game_set_seat_human (game, s);
  return game;
}

/* Every event a view says, and a copy of its state kept by those events alone. */
typedef struct
{
  GPtrArray       *events;
  HeartsSeatState *replayed;
} Recorder;

static void
on_event_cb (HeartsSeatView        *view,
             const HeartsSeatEvent *event,
             Recorder              *recorder)
{
  g_ptr_array_add (recorder->events, hearts_seat_event_copy (event));
  g_assert_true (hearts_seat_state_apply (recorder->replayed, event));
}

static void
recorder_init (Recorder       *recorder,
               HeartsSeatView *view)
{
  recorder->events = g_ptr_array_new_with_free_func ((GDestroyNotify) hearts_seat_event_free);
  recorder->replayed = hearts_seat_state_copy (hearts_seat_view_get_state (view));
  g_signal_connect (view, "event", G_CALLBACK (on_event_cb), recorder);
}

static void
recorder_clear (Recorder *recorder)
{
  g_clear_pointer (&recorder->events, g_ptr_array_unref);
  g_clear_pointer (&recorder->replayed, hearts_seat_state_free);
}

static HeartsCards
random_cards (HeartsCards from,
              guint       n,
              HeartsRng  *rng)
{
  HeartsCards chosen = 0;

  while (n-- > 0)
    chosen |= HEARTS_CARD_BIT (hearts_cards_pick_random (from & ~chosen, rng));
  return chosen;
}

/* One random move of the game, by whoever may move; FALSE when none is left. */
static gboolean
random_move (HeartsGame *game,
             HeartsRng  *rng)
{
  HeartsPhase phase = hearts_game_get_phase (game);

  if (phase == HEARTS_PHASE_PASSING)
    {
      guint n = hearts_game_get_n_players (game);
      guint seat = hearts_rng_below (rng, n);

      while (hearts_game_has_passed (game, seat))
        seat = (seat + 1) % n;
      g_assert_true (hearts_game_pass (game, seat, random_cards (hearts_game_get_hand (game, seat), 3, rng), NULL));
      return TRUE;
    }
  if (phase == HEARTS_PHASE_PLAYING)
    {
      guint seat = hearts_game_get_current_player (game);

      g_assert_true (hearts_game_play (game, seat, hearts_cards_pick_random (hearts_game_get_legal (game, seat), rng), NULL));
      return TRUE;
    }
  if (phase == HEARTS_PHASE_HAND_OVER)
    {
      hearts_game_next_hand (game);
      return TRUE;
    }
  return FALSE;
}

static guint
count_kind (GPtrArray           *events,
            HeartsSeatEventKind  kind)
{
  guint n = 0;

  for (guint i = 0; i < events->len; i++)
    n += ((HeartsSeatEvent *) g_ptr_array_index (events, i))->kind == kind;
  return n;
}

/* Whole games, a view on every seat, now and then an undo. */
static void
test_seat_view_follows_game (void)
{
  HeartsRng rng;
  guint     games = 0, undos = 0;

  hearts_rng_init (&rng, hearts_test_seed ());
  for (guint trial = 0; trial < 24; trial++)
    {
      g_autoptr(HeartsGame) game = NULL;
      HeartsSeatView *views[HEARTS_MAX_PLAYERS] = { NULL };
      Recorder        recorders[HEARTS_MAX_PLAYERS];
      HeartsRules     rules;
      guint           n;

      hearts_test_random_rules (&rules, &rng);
      rules.end = HEARTS_END_DEALS;
      rules.end_value = 3;
      n = rules.n_players;
      game = new_game (&rules, trial + 1);
      for (guint s = 0; s < n; s++)
        {
          views[s] = hearts_local_seat_view_new (game, NULL, s);
          recorder_init (&recorders[s], views[s]);
        }

      while (random_move (game, &rng))
        {
          if (hearts_game_can_undo (game) && hearts_rng_below (&rng, 40) == 0)
            {
              g_assert_true (hearts_game_undo (game));
              undos++;
              for (guint s = 0; s < n; s++)
                {
                  HeartsSeatEvent *last = g_ptr_array_index (recorders[s].events, recorders[s].events->len - 1);

                  g_assert_cmpint (last->kind, ==, HEARTS_SEAT_EVENT_RESET);
                }
            }
          for (guint s = 0; s < n; s++)
            {
              /* The table's copy, kept by the events alone, is the view's state. */
              g_assert_true (hearts_seat_state_equal (recorders[s].replayed, hearts_seat_view_get_state (views[s])));
              g_assert_cmphex (hearts_seat_state_get_hand (hearts_seat_view_get_state (views[s])), ==,
                               hearts_game_get_hand (game, s));
            }
        }

      g_assert_cmpint (hearts_game_get_phase (game), ==, HEARTS_PHASE_GAME_OVER);
      for (guint s = 0; s < n; s++)
        {
          const HeartsSeatState *state = hearts_seat_view_get_state (views[s]);

          g_assert_cmpint (hearts_seat_view_get_phase (views[s]), ==, HEARTS_PHASE_GAME_OVER);
          g_assert_cmpuint (hearts_seat_state_get_winners (state), ==, hearts_game_get_winners (game));
          g_assert_cmpuint (hearts_seat_view_get_n_results (views[s]), ==, 3);
          g_assert_cmpuint (count_kind (recorders[s].events, HEARTS_SEAT_EVENT_HAND_FINISHED), >=, 3);
          g_assert_cmpuint (count_kind (recorders[s].events, HEARTS_SEAT_EVENT_GAME_OVER), ==, 1);
          for (guint h = 0; h < 3; h++)
            g_assert_cmpmem (hearts_seat_view_get_result (views[s], h), sizeof (HeartsHandResult),
                             hearts_game_get_result (game, h), sizeof (HeartsHandResult));
          for (guint p = 0; p < n; p++)
            g_assert_cmpint (hearts_seat_state_get_total (state, p), ==, hearts_game_get_total (game, p));
          recorder_clear (&recorders[s]);
          hearts_test_assert_finalize_object (views[s]);
        }
      games++;
    }
  g_test_message ("%u games, %u undos", games, undos);
}

/* The game @game would be with @twin's cards: the same history as far as @seat saw. */
static HeartsGame *
twin_game (HeartsGame       *game,
           const HeartsDeal *twin)
{
  g_autoptr(GVariant) state = hearts_game_serialize (game);
  g_autoptr(GVariant) moves = g_variant_lookup_value (state, "moves", G_VARIANT_TYPE ("a(yyt)"));
  g_autoptr(GError) error = NULL;
  GVariantBuilder b, moves_b;
  GVariantIter    iter;
  const char     *key;
  GVariant       *value;
  guint8          kind, seat;
  guint64         cards;
  HeartsGame     *copy;

  g_variant_builder_init (&moves_b, G_VARIANT_TYPE ("a(yyt)"));
  g_variant_iter_init (&iter, moves);
  while (g_variant_iter_next (&iter, "(yyt)", &kind, &seat, &cards))
    g_variant_builder_add (&moves_b, "(yyt)", kind, seat, kind == 0 ? (guint64) twin->passes[seat] : cards);

  g_variant_builder_init (&b, G_VARIANT_TYPE_VARDICT);
  g_variant_iter_init (&iter, state);
  while (g_variant_iter_next (&iter, "{&sv}", &key, &value))
    {
      if (g_str_equal (key, "dealt"))
        g_variant_builder_add (&b, "{sv}", key,
                               g_variant_new_fixed_array (G_VARIANT_TYPE_UINT64, twin->dealt, twin->n_players,
                                                          sizeof (guint64)));
      else if (g_str_equal (key, "moves"))
        g_variant_builder_add (&b, "{sv}", key, g_variant_builder_end (&moves_b));
      else
        g_variant_builder_add (&b, "{sv}", key, value);
      g_variant_unref (value);
    }
  /* The history may not replay with the twin's cards: the opening card's holder
   * leads, and it may have changed hands. */
  copy = hearts_game_deserialize (g_variant_builder_end (&b), &error);
  if (copy == NULL)
    return NULL;
  g_assert_cmphex (hearts_game_get_deal (copy)->played, ==, hearts_game_get_deal (game)->played);
  return copy;
}

/* No peeking: a view of a game and of its twin are the same until a swapped card is
 * played (and then the events still agree up to that play). */
static void
test_seat_view_no_peeking (void)
{
  HeartsRng rng;
  guint     checked = 0, moves = 0;

  hearts_rng_init (&rng, hearts_test_seed () + 7);
  for (guint trial = 0; trial < 300; trial++)
    {
      g_autoptr(HeartsGame) game = NULL;
      g_autoptr(HeartsGame) twin = NULL;
      g_autoptr(HeartsSeatView) view = NULL;
      g_autoptr(HeartsSeatView) twin_view = NULL;
      Recorder    a, b;
      HeartsRules rules;
      HeartsDeal  twin_deal;
      guint       seat, stop;

      hearts_test_random_rules (&rules, &rng);
      game = new_game (&rules, 100 + trial);
      stop = hearts_rng_below (&rng, rules.n_players + hearts_rules_get_hand_size (&rules) * rules.n_players);
      for (guint i = 0; i < stop && hearts_game_get_phase (game) != HEARTS_PHASE_HAND_OVER; i++)
        random_move (game, &rng);
      if (hearts_game_get_phase (game) == HEARTS_PHASE_HAND_OVER)
        continue;

      seat = hearts_rng_below (&rng, rules.n_players);
      if (!hearts_test_make_twin (hearts_game_get_deal (game), &rules, seat, &twin_deal, &rng))
        continue;
      twin = twin_game (game, &twin_deal);
      /* Who leads the first trick shows who holds the opening card. */
      if (twin == NULL || hearts_game_get_current_player (game) != hearts_game_get_current_player (twin))
        continue;
      g_assert_cmpint (memcmp (hearts_game_get_deal (game)->hands, hearts_game_get_deal (twin)->hands,
                               sizeof twin_deal.hands), !=, 0);

      view = hearts_local_seat_view_new (game, NULL, seat);
      twin_view = hearts_local_seat_view_new (twin, NULL, seat);
      g_assert_true (hearts_seat_state_equal (hearts_seat_view_get_state (view), hearts_seat_view_get_state (twin_view)));
      recorder_init (&a, view);
      recorder_init (&b, twin_view);

      /* The same moves at both tables, as long as the twin's player holds the card. */
      for (;;)
        {
          HeartsPhase phase = hearts_game_get_phase (game);
          gboolean    same;

          if (phase == HEARTS_PHASE_PASSING)
            {
              guint       s = hearts_rng_below (&rng, rules.n_players);
              HeartsCards cards;

              while (hearts_game_has_passed (game, s))
                s = (s + 1) % rules.n_players;
              cards = random_cards (hearts_game_get_hand (game, s), 3, &rng);
              if ((cards & ~hearts_game_get_hand (twin, s)) != 0)
                break;
              g_assert_true (hearts_game_pass (game, s, cards, NULL));
              g_assert_true (hearts_game_pass (twin, s, cards, NULL));
              /* A pass shows the seat the cards passed to it, and the last one who
               * holds the opening card: swapped cards, maybe. */
              if (hearts_game_get_received (game, seat) != hearts_game_get_received (twin, seat) ||
                  hearts_game_get_current_player (game) != hearts_game_get_current_player (twin))
                break;
            }
          else if (phase == HEARTS_PHASE_PLAYING)
            {
              guint      s = hearts_game_get_current_player (game);
              HeartsCard card = hearts_cards_pick_random (hearts_game_get_legal (game, s), &rng);

              if (!hearts_cards_has (hearts_game_get_legal (twin, s), card))
                break;
              g_assert_true (hearts_game_play (game, s, card, NULL));
              g_assert_true (hearts_game_play (twin, s, card, NULL));
            }
          else
            break;
          moves++;

          same = hearts_seat_state_equal (hearts_seat_view_get_state (view), hearts_seat_view_get_state (twin_view));
          g_assert_true (same);
          g_assert_cmpuint (a.events->len, ==, b.events->len);
          for (guint i = 0; i < a.events->len; i++)
            g_assert_true (hearts_seat_event_equal (g_ptr_array_index (a.events, i), g_ptr_array_index (b.events, i)));
        }
      recorder_clear (&a);
      recorder_clear (&b);
      checked++;
    }
  g_test_message ("%u twin games, %u moves alike", checked, moves);
  g_assert_cmpuint (checked, >=, 100);
}

/* An event that cannot follow is refused and says nothing. */
static void
test_seat_view_refuses (void)
{
  g_autoptr(HeartsGame) game = NULL;
  g_autoptr(HeartsSeatView) view = NULL;
  g_autoptr(HeartsSeatState) before = NULL;
  HeartsRules     rules;
  Recorder        recorder;
  HeartsSeatEvent play = { .kind = HEARTS_SEAT_EVENT_CARD_PLAYED, .leader = -1 };
  HeartsSeatEvent over = { .kind = HEARTS_SEAT_EVENT_GAME_OVER, .leader = -1, .winners = 1 };
  HeartsSeatEvent taken = { .kind = HEARTS_SEAT_EVENT_TRICK_TAKEN, .leader = -1 };

  hearts_rules_init_default (&rules);
  game = new_game (&rules, 5);
  view = hearts_local_seat_view_new (game, NULL, 0);
  recorder_init (&recorder, view);
  before = hearts_seat_state_copy (hearts_seat_view_get_state (view));

  /* Passing: no play, no trick, no game over. */
  play.seat = 1;
  play.card = HEARTS_TWO_OF_CLUBS;
  g_assert_false (hearts_seat_view_push (view, &play));
  g_assert_false (hearts_seat_view_push (view, &taken));
  g_assert_false (hearts_seat_view_push (view, &over));
  g_assert_cmpuint (recorder.events->len, ==, 0);
  g_assert_true (hearts_seat_state_equal (before, hearts_seat_view_get_state (view)));
  recorder_clear (&recorder);
}

static gboolean
claim_known (gpointer data)
{
  return hearts_seat_view_get_claim_offer (data, NULL) != HEARTS_CLAIM_OFFER_CHECKING;
}

/* A claim is offered with two cards or more to play, never for the last one: there is
 * nothing to claim then, and the header's Claim button came and went for it. */
static void
test_seat_view_no_claim_last_card (void)
{
  g_autoptr(HeartsGame) game = NULL;
  g_autoptr(HeartsSeatView) view = NULL;
  HeartsRules rules;
  gboolean    offered_before = FALSE;

  hearts_rules_init_default (&rules);
  game = hearts_game_new (&rules, hearts_test_seed ());
  for (guint s = 1; s < rules.n_players; s++)
    hearts_game_set_seat_level (game, s, HEARTS_AI_EASY);
  view = hearts_local_seat_view_new (game, NULL, 0);
  while (hearts_game_get_phase (game) == HEARTS_PHASE_PASSING || hearts_game_get_phase (game) == HEARTS_PHASE_PLAYING)
    {
      HeartsCards hand = hearts_game_get_hand (game, 0);

      guint cards = hearts_cards_count (hearts_seat_state_get_hand (hearts_seat_view_get_state (view)));

      if (hearts_seat_view_get_own_turn (view) && hearts_game_get_phase (game) == HEARTS_PHASE_PLAYING)
        {
          HeartsClaimOffer offer;

          g_assert_true (hearts_test_iterate_until (claim_known, view, HEARTS_TEST_TIMEOUT_MS));
          offer = hearts_seat_view_get_claim_offer (view, NULL);
          if (cards == 1)
            g_assert_cmpint (offer, ==, HEARTS_CLAIM_OFFER_NONE);
          else if (cards == 2)
            offered_before |= offer == HEARTS_CLAIM_OFFER_OFFERED;
        }
      if (hearts_game_computer_to_move (game))
        g_assert_true (hearts_game_computer_move (game));
      else if (hearts_game_get_phase (game) == HEARTS_PHASE_PASSING)
        {
          HeartsCards pass = 0;

          for (guint i = 0; i < HEARTS_PASS_SIZE; i++)
            pass |= HEARTS_CARD_BIT (hearts_cards_highest (hand & ~pass));
          g_assert_true (hearts_game_pass (game, 0, pass, NULL));
        }
      else
        g_assert_true (hearts_game_play (game, 0, hearts_cards_lowest (hearts_game_get_legal (game, 0)), NULL));
    }
  /* With two cards the rest is nearly always decided: offered then. */
  g_test_message ("offered with two cards: %s", offered_before ? "yes" : "no");
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/seat-view/follows-game", test_seat_view_follows_game);
  g_test_add_func ("/seat-view/no-peeking", test_seat_view_no_peeking);
  g_test_add_func ("/seat-view/refuses", test_seat_view_refuses);
  g_test_add_func ("/seat-view/no-claim-last-card", test_seat_view_no_claim_last_card);

  return g_test_run ();
}
