/* test-game.c: the game model: properties, signals, undo, computer moves, saving, records
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <stdlib.h>
#include <string.h>

#include "hearts-game-deal.h"
#include "hearts-game.h"
#include "hearts-model-enums.h"
#include "hearts-test-util.h"

/* Helpers */

static HeartsGame *
new_game (const char *rules_text,
          guint64     seed)
{
  g_autoptr(GError) error = NULL;
  HeartsRules rules;

  hearts_rules_init_default (&rules);
  g_assert_true (hearts_rules_apply_string (&rules, rules_text, &error));
  g_assert_no_error (error);
  return hearts_game_new (&rules, seed);
}

static void
all_computers (HeartsGame *game)
{
  for (guint s = 0; s < hearts_game_get_n_players (game); s++)
    hearts_game_set_seat_level (game, s, HEARTS_AI_RANDOM);
}

/* The computers move until a human is to move or the hand is over. */
static void
computers_move (HeartsGame *game)
{
  while (hearts_game_computer_to_move (game) && !hearts_game_human_to_move (game))
    g_assert_true (hearts_game_computer_move (game));
}

static HeartsCards
first_three (HeartsCards hand)
{
  HeartsCards pass = 0;

  for (guint i = 0; i < HEARTS_PASS_SIZE; i++)
    pass |= HEARTS_CARD_BIT (hearts_cards_lowest (hand & ~pass));
  return pass;
}

/* One move of the human at @seat: its three lowest cards, or its lowest legal card. */
static void
human_moves (HeartsGame *game,
             guint       seat)
{
  HeartsRefusal refusal = HEARTS_N_REFUSALS;

  if (hearts_game_get_phase (game) == HEARTS_PHASE_PASSING)
    g_assert_true (hearts_game_pass (game, seat, first_three (hearts_game_get_hand (game, seat)), &refusal));
  else
    g_assert_true (hearts_game_play (game, seat, hearts_cards_lowest (hearts_game_get_legal (game, seat)), &refusal));
  g_assert_cmpint (refusal, ==, HEARTS_REFUSAL_NONE);
}

static void
finish_hand (HeartsGame *game)
{
  while (hearts_game_get_phase (game) == HEARTS_PHASE_PASSING ||
         hearts_game_get_phase (game) == HEARTS_PHASE_PLAYING)
    {
      if (hearts_game_computer_to_move (game))
        g_assert_true (hearts_game_computer_move (game));
      else
        {
          for (guint s = 0; s < hearts_game_get_n_players (game); s++)
            if (hearts_game_seat_is_human (game, s) &&
                (hearts_game_get_current_player (game) == (gint) s ||
                 (hearts_game_get_phase (game) == HEARTS_PHASE_PASSING && !hearts_game_has_passed (game, s))))
              {
                human_moves (game, s);
                break;
              }
        }
    }
}

static void
finish_game (HeartsGame *game)
{
  while (hearts_game_get_phase (game) != HEARTS_PHASE_GAME_OVER)
    {
      finish_hand (game);
      hearts_game_next_hand (game);
    }
}

static gboolean
same_state (GVariant *a,
            GVariant *b)
{
  return g_variant_get_size (a) == g_variant_get_size (b) &&
         memcmp (g_variant_get_data (a), g_variant_get_data (b), g_variant_get_size (a)) == 0;
}

#define assert_same_state(a, b)                              \
  G_STMT_START                                               \
  {                                                          \
    if (!same_state ((a), (b)))                              \
      {                                                      \
        g_autofree char *_ta = g_variant_print ((a), FALSE); \
        g_autofree char *_tb = g_variant_print ((b), FALSE); \
        g_error ("states differ:\n%s\n%s", _ta, _tb);        \
      }                                                      \
  }                                                          \
  G_STMT_END

/* Properties: notify when, and only when, a value really changes. */

static const char *watched[] = { "phase", "current-player", "hand-index", "hearts-broken", "can-undo", "thinking" };

typedef struct
{
  HeartsGame *game;
  gint64      last[G_N_ELEMENTS (watched)];
  guint       count[G_N_ELEMENTS (watched)];
} Watch;

static gint64
read_property (HeartsGame *game,
               guint       i)
{
  GParamSpec *pspec = g_object_class_find_property (G_OBJECT_GET_CLASS (game), watched[i]);
  g_auto(GValue) value = G_VALUE_INIT;

  g_assert_nonnull (pspec);
  g_value_init (&value, pspec->value_type);
  g_object_get_property (G_OBJECT (game), watched[i], &value);
  if (G_VALUE_HOLDS_ENUM (&value))
    return g_value_get_enum (&value);
  if (G_VALUE_HOLDS_INT (&value))
    return g_value_get_int (&value);
  if (G_VALUE_HOLDS_UINT (&value))
    return g_value_get_uint (&value);
  return g_value_get_boolean (&value);
}

static void
on_notify (GObject    *object,
           GParamSpec *pspec,
           Watch      *watch)
{
  for (guint i = 0; i < G_N_ELEMENTS (watched); i++)
    if (g_strcmp0 (pspec->name, watched[i]) == 0)
      {
        gint64 now = read_property (watch->game, i);

        if (now == watch->last[i])
          g_error ("notify::%s without a change (still %" G_GINT64_FORMAT ")", watched[i], now);
        watch->last[i] = now;
        watch->count[i]++;
        return;
      }
  g_error ("notify of an unexpected property %s", pspec->name);
}

static void
watch_start (Watch      *watch,
             HeartsGame *game)
{
  memset (watch, 0, sizeof *watch);
  watch->game = game;
  for (guint i = 0; i < G_N_ELEMENTS (watched); i++)
    watch->last[i] = read_property (game, i);
  g_signal_connect (game, "notify", G_CALLBACK (on_notify), watch);
}

/* Every value that changed since the last check was notified. */
static void
watch_check (Watch *watch)
{
  for (guint i = 0; i < G_N_ELEMENTS (watched); i++)
    if (read_property (watch->game, i) != watch->last[i])
      g_error ("%s changed without notify", watched[i]);
}

static guint
watch_count (Watch      *watch,
             const char *name)
{
  for (guint i = 0; i < G_N_ELEMENTS (watched); i++)
    if (g_strcmp0 (name, watched[i]) == 0)
      return watch->count[i];
  g_assert_not_reached ();
}

static void
test_properties_read (void)
{
  g_autoptr(HeartsGame) game = new_game ("players=5 pass=none", 42);
  HeartsPhase phase;
  gint        player;
  guint       hand, n_players;
  guint64     seed;
  gboolean    broken, undo, thinking;

  g_object_get (game,
                "phase", &phase,
                "current-player", &player,
                "hand-index", &hand,
                "hearts-broken", &broken,
                "can-undo", &undo,
                "thinking", &thinking,
                "n-players", &n_players,
                "seed", &seed,
                NULL);
  g_assert_cmpint (phase, ==, HEARTS_PHASE_PLAYING);
  g_assert_cmpint (player, ==, hearts_game_get_current_player (game));
  g_assert_cmpint (player, >=, 0);
  g_assert_true (hearts_cards_has (hearts_game_get_hand (game, player), HEARTS_THREE_OF_CLUBS));
  g_assert_cmpuint (hand, ==, 0);
  g_assert_false (broken);
  g_assert_false (undo);
  g_assert_false (thinking);
  g_assert_cmpuint (n_players, ==, 5);
  g_assert_cmpuint (seed, ==, 42);

  /* The human sits at seat 0 by default; the others are computers. */
  g_assert_true (hearts_game_seat_is_human (game, 0));
  for (guint s = 1; s < 5; s++)
    {
      g_assert_false (hearts_game_seat_is_human (game, s));
      g_assert_cmpint (hearts_game_get_seat_level (game, s), ==, HEARTS_AI_NORMAL);
    }
  g_assert_finalize_object (g_steal_pointer (&game));
}

static void
test_properties_notify_on_change_only (void)
{
  g_autoptr(HeartsGame) game = new_game ("end=deals:3", 7);
  Watch watch;
  guint moves = 0;

  watch_start (&watch, game);

  /* Setting a seat to what it is changes nothing that is watched. */
  hearts_game_set_seat_human (game, 0);
  watch_check (&watch);
  g_assert_cmpuint (watch_count (&watch, "phase"), ==, 0);

  while (hearts_game_get_phase (game) != HEARTS_PHASE_GAME_OVER)
    {
      switch (hearts_game_get_phase (game))
        {
        case HEARTS_PHASE_PASSING:
        case HEARTS_PHASE_PLAYING:
          if (hearts_game_human_to_move (game))
            {
              human_moves (game, 0);
              watch_check (&watch);
              /* Now and then take it back (a notify of can-undo, current-player…) and
               * play it again. */
              if (moves++ % 5 == 0)
                {
                  g_assert_true (hearts_game_undo (game));
                  watch_check (&watch);
                  human_moves (game, 0);
                }
            }
          else
            g_assert_true (hearts_game_computer_move (game));
          break;

        case HEARTS_PHASE_HAND_OVER:
          g_assert_false (hearts_game_undo (game));
          hearts_game_next_hand (game);
          break;

        case HEARTS_PHASE_GAME_OVER:
        default:
          g_assert_not_reached ();
        }
      watch_check (&watch);
    }

  /* Phases: passing → playing → hand over, three times, with holds and passes. */
  g_assert_cmpuint (watch_count (&watch, "phase"), >=, 6);
  g_assert_cmpuint (watch_count (&watch, "hand-index"), ==, 2);
  g_assert_cmpuint (watch_count (&watch, "hearts-broken"), >=, 1);
  g_assert_cmpuint (watch_count (&watch, "can-undo"), >=, 2);
  g_assert_cmpuint (watch_count (&watch, "current-player"), >=, 30);
  g_assert_cmpuint (watch_count (&watch, "thinking"), ==, 0);
  g_signal_handlers_disconnect_by_data (game, &watch);
  g_assert_finalize_object (g_steal_pointer (&game));
}

/* Signals */

typedef struct
{
  GString *log;
  guint    passed, played, tricks, started, finished, over, changed;
  guint    last_winners;
} Events;

static void
on_cards_passed (HeartsGame *game,
                 guint       seat,
                 guint64     cards,
                 Events     *events)
{
  g_assert_cmpuint (hearts_cards_count (cards), ==, 3);
  g_assert_cmpuint (hearts_game_get_deal (game)->passes[seat], ==, cards);
  g_string_append_printf (events->log, "P%u ", seat);
  events->passed++;
}

static void
on_card_played (HeartsGame *game,
                guint       seat,
                guint       card,
                Events     *events)
{
  const HeartsDeal *deal = hearts_game_get_deal (game);

  /* Emitted once the card is on the table. */
  g_assert_cmpuint (deal->plays[deal->n_plays - 1], ==, card);
  g_assert_cmpuint (hearts_deal_get_play_seat (deal, deal->n_plays - 1), ==, seat);
  g_string_append_printf (events->log, "C%u ", seat);
  events->played++;
}

static void
on_trick_finished (HeartsGame *game,
                   guint       winner,
                   guint       trick,
                   Events     *events)
{
  const HeartsDeal *deal = hearts_game_get_deal (game);

  g_assert_cmpuint (trick, ==, events->tricks % deal->hand_size);
  g_assert_cmpint (hearts_deal_get_trick_winner (deal, trick), ==, winner);
  g_string_append_printf (events->log, "T%u ", trick);
  events->tricks++;
}

static void
on_hand_started (HeartsGame *game,
                 guint       hand,
                 Events     *events)
{
  g_assert_cmpuint (hand, ==, hearts_game_get_hand_index (game));
  g_string_append_printf (events->log, "S%u ", hand);
  events->started++;
}

static void
on_hand_finished (HeartsGame *game,
                  guint       hand,
                  Events     *events)
{
  g_assert_cmpuint (hand + 1, ==, hearts_game_get_n_results (game));
  g_string_append_printf (events->log, "F%u ", hand);
  events->finished++;
}

static void
on_game_over (HeartsGame *game,
              guint       winners,
              Events     *events)
{
  g_assert_cmpint (hearts_game_get_phase (game), ==, HEARTS_PHASE_GAME_OVER);
  g_assert_cmpuint (winners, ==, hearts_game_get_winners (game));
  g_assert_cmpuint (winners, !=, 0);
  g_string_append (events->log, "O ");
  events->last_winners = winners;
  events->over++;
}

static void
on_changed (HeartsGame *game,
            Events     *events)
{
  events->changed++;
}

static void
events_connect (Events     *events,
                HeartsGame *game)
{
  memset (events, 0, sizeof *events);
  events->log = g_string_new (NULL);
  g_signal_connect (game, "cards-passed", G_CALLBACK (on_cards_passed), events);
  g_signal_connect (game, "card-played", G_CALLBACK (on_card_played), events);
  g_signal_connect (game, "trick-finished", G_CALLBACK (on_trick_finished), events);
  g_signal_connect (game, "hand-started", G_CALLBACK (on_hand_started), events);
  g_signal_connect (game, "hand-finished", G_CALLBACK (on_hand_finished), events);
  g_signal_connect (game, "game-over", G_CALLBACK (on_game_over), events);
  g_signal_connect (game, "changed", G_CALLBACK (on_changed), events);
}

static void
events_clear (Events     *events,
              HeartsGame *game)
{
  g_signal_handlers_disconnect_by_data (game, events);
  g_string_free (events->log, TRUE);
}

static void
test_signals_counted (void)
{
  g_autoptr(HeartsGame) game = new_game ("end=deals:2", 3);
  Events events;
  guint  changed_before;

  all_computers (game);
  events_connect (&events, game);

  /* Hand 1 passes left: four passes, 52 cards, 13 tricks, one hand finished. */
  finish_hand (game);
  g_assert_cmpuint (events.passed, ==, 4);
  g_assert_cmpuint (events.played, ==, 52);
  g_assert_cmpuint (events.tricks, ==, 13);
  g_assert_cmpuint (events.finished, ==, 1);
  g_assert_cmpuint (events.started, ==, 0);
  g_assert_cmpuint (events.over, ==, 0);
  g_assert_cmpuint (events.changed, ==, 4 + 52);
  g_assert_true (g_str_has_prefix (events.log->str, "P"));
  /* The last card, then its trick, then the hand. */
  g_assert_true (g_str_has_suffix (events.log->str, " T12 F0 "));
  g_assert_nonnull (strstr (events.log->str, "P3 C"));

  /* Refused moves change nothing and say nothing. */
  changed_before = events.changed;
  g_assert_false (hearts_game_play (game, 0, HEARTS_TWO_OF_CLUBS, NULL));
  g_assert_false (hearts_game_pass (game, 0, 7, NULL));
  g_assert_false (hearts_game_computer_move (game));
  g_assert_cmpuint (events.changed, ==, changed_before);

  /* Hand 2 passes right; then the game is over. */
  hearts_game_next_hand (game);
  g_assert_cmpuint (events.started, ==, 1);
  g_assert_true (g_str_has_suffix (events.log->str, "F0 S1 "));
  finish_hand (game);
  g_assert_cmpuint (events.passed, ==, 8);
  g_assert_cmpuint (events.played, ==, 104);
  g_assert_cmpuint (events.tricks, ==, 26);
  g_assert_cmpuint (events.finished, ==, 2);
  g_assert_cmpuint (events.over, ==, 1);
  g_assert_true (g_str_has_suffix (events.log->str, " T12 F1 O "));
  g_assert_cmpuint (events.last_winners, ==, hearts_game_get_winners (game));

  /* After the game nothing more happens. */
  hearts_game_next_hand (game);
  g_assert_cmpuint (events.started, ==, 1);
  g_assert_cmpint (hearts_game_get_phase (game), ==, HEARTS_PHASE_GAME_OVER);

  events_clear (&events, game);
  g_assert_finalize_object (g_steal_pointer (&game));
}

static void
test_signals_refusals (void)
{
  g_autoptr(HeartsGame) game = new_game ("pass=none", 11);
  g_autoptr(GVariant) before = NULL;
  g_autoptr(GVariant) after = NULL;
  Events        events;
  HeartsRefusal refusal = HEARTS_REFUSAL_NONE;
  gint          player;
  HeartsCards   hand, legal;

  all_computers (game);
  hearts_game_set_seat_human (game, 0);
  computers_move (game);
  g_assert_true (hearts_game_human_to_move (game));
  player = hearts_game_get_current_player (game);
  g_assert_cmpint (player, ==, 0);
  before = hearts_game_serialize (game);
  events_connect (&events, game);

  hand = hearts_game_get_hand (game, 0);
  legal = hearts_game_get_legal (game, 0);
  g_assert_cmpuint (legal & ~hand, ==, 0);
  g_assert_cmpuint (hearts_game_get_legal (game, 1), ==, 0);

  /* Out of turn, not in hand, passing now: refused with the reason. */
  g_assert_false (hearts_game_play (game, 1, hearts_cards_lowest (hearts_game_get_hand (game, 1)), &refusal));
  g_assert_cmpint (refusal, ==, HEARTS_REFUSAL_NOT_YOUR_TURN);
  g_assert_false (hearts_game_play (game, 0, hearts_cards_lowest (hearts_game_get_hand (game, 1)), &refusal));
  g_assert_cmpint (refusal, ==, HEARTS_REFUSAL_NOT_IN_HAND);
  g_assert_false (hearts_game_pass (game, 0, first_three (hand), &refusal));
  g_assert_cmpint (refusal, ==, HEARTS_REFUSAL_WRONG_PHASE);
  if (hand & ~legal)
    {
      g_assert_false (hearts_game_play (game, 0, hearts_cards_lowest (hand & ~legal), &refusal));
      g_assert_cmpint (refusal, >=, HEARTS_REFUSAL_MUST_FOLLOW_SUIT);
    }

  after = hearts_game_serialize (game);
  assert_same_state (before, after);
  g_assert_cmpuint (events.changed, ==, 0);
  g_assert_cmpuint (events.played, ==, 0);
  events_clear (&events, game);
  g_assert_finalize_object (g_steal_pointer (&game));
}

/* Undo */

static void
test_undo_to_start_of_hand (void)
{
  g_autoptr(HeartsGame) game = new_game ("end=deals:2", 21);
  g_autoptr(GPtrArray) states = g_ptr_array_new_with_free_func ((GDestroyNotify) g_variant_unref);
  HeartsCards dealt[HEARTS_MAX_PLAYERS];

  memcpy (dealt, hearts_game_get_deal (game)->dealt, sizeof dealt);
  g_assert_false (hearts_game_can_undo (game));
  g_assert_false (hearts_game_undo (game));

  /* The human's moves of the first hand, with the state before each. */
  while (hearts_game_get_phase (game) == HEARTS_PHASE_PASSING ||
         hearts_game_get_phase (game) == HEARTS_PHASE_PLAYING)
    {
      computers_move (game);
      if (!hearts_game_human_to_move (game))
        break;
      g_ptr_array_add (states, hearts_game_serialize (game));
      human_moves (game, 0);
      g_assert_true (hearts_game_can_undo (game));
      if (states->len == 6)
        break;
    }
  computers_move (game);

  /* Each undo takes back the last human move and the computer moves after it. */
  while (states->len > 0)
    {
      g_autoptr(GVariant) now = NULL;

      g_assert_true (hearts_game_undo (game));
      now = hearts_game_serialize (game);
      assert_same_state (now, g_ptr_array_index (states, states->len - 1));
      g_ptr_array_remove_index (states, states->len - 1);
    }

  /* Back to the start of the hand, and no further. */
  g_assert_false (hearts_game_can_undo (game));
  g_assert_false (hearts_game_undo (game));
  g_assert_cmpmem (hearts_game_get_deal (game)->dealt, sizeof dealt, dealt, sizeof dealt);
  g_assert_false (hearts_game_has_passed (game, 0));

  /* Never into a finished hand. */
  finish_hand (game);
  g_assert_cmpint (hearts_game_get_phase (game), ==, HEARTS_PHASE_HAND_OVER);
  g_assert_false (hearts_game_can_undo (game));
  g_assert_false (hearts_game_undo (game));
  hearts_game_next_hand (game);
  g_assert_false (hearts_game_can_undo (game));
  g_assert_false (hearts_game_undo (game));
  g_assert_cmpuint (hearts_game_get_n_results (game), ==, 1);
  computers_move (game);
  human_moves (game, 0);
  g_assert_true (hearts_game_undo (game));
  g_assert_cmpuint (hearts_game_get_hand_index (game), ==, 1);
  g_assert_cmpuint (hearts_game_get_n_results (game), ==, 1);
  g_assert_false (hearts_game_can_undo (game));

  /* Nor after the game. */
  finish_game (game);
  g_assert_false (hearts_game_can_undo (game));
  g_assert_false (hearts_game_undo (game));
  g_assert_finalize_object (g_steal_pointer (&game));
}

static void
test_undo_two_humans (void)
{
  g_autoptr(HeartsGame) game = new_game ("pass=none", 5);
  g_autoptr(GVariant) before = NULL;
  g_autoptr(GVariant) now = NULL;

  /* Seats 0 and 2 human: an undo takes back only the last human move. */
  hearts_game_set_seat_human (game, 2);
  computers_move (game);
  while (hearts_game_get_current_player (game) != 2)
    {
      if (hearts_game_computer_to_move (game))
        g_assert_true (hearts_game_computer_move (game));
      else
        human_moves (game, hearts_game_get_current_player (game));
    }
  before = hearts_game_serialize (game);
  human_moves (game, 2);
  computers_move (game);
  g_assert_true (hearts_game_undo (game));
  now = hearts_game_serialize (game);
  assert_same_state (now, before);
  g_assert_finalize_object (g_steal_pointer (&game));
}

/* Computer moves in a thread */

typedef struct
{
  GMainLoop  *loop;
  guint       pending;
  gboolean    ok;
  GError     *error;
  HeartsCards hint;
} Wait;

static void
on_move_done (GObject      *source,
              GAsyncResult *result,
              gpointer      user_data)
{
  Wait *wait = user_data;

  g_clear_error (&wait->error);
  wait->ok = hearts_game_computer_move_finish (HEARTS_GAME (source), result, &wait->error);
  if (--wait->pending == 0)
    g_main_loop_quit (wait->loop);
}

static void
on_hint_done (GObject      *source,
              GAsyncResult *result,
              gpointer      user_data)
{
  Wait *wait = user_data;

  g_clear_error (&wait->error);
  wait->hint = hearts_game_hint_finish (HEARTS_GAME (source), result, &wait->error);
  if (--wait->pending == 0)
    g_main_loop_quit (wait->loop);
}

static void
wait_init (Wait *wait)
{
  memset (wait, 0, sizeof *wait);
  wait->loop = g_main_loop_new (NULL, FALSE);
}

static void
wait_clear (Wait *wait)
{
  g_clear_error (&wait->error);
  g_main_loop_unref (wait->loop);
}

static void
on_thinking (HeartsGame *game,
             GParamSpec *pspec,
             guint      *count)
{
  (*count)++;
}

static void
test_computer_move_async (void)
{
  g_autoptr(HeartsGame) game = new_game ("end=deals:1", 8);
  Wait  wait;
  guint thinking_changes = 0;
  guint moves = 0;

  wait_init (&wait);
  all_computers (game);
  g_signal_connect (game, "notify::thinking", G_CALLBACK (on_thinking), &thinking_changes);

  /* A whole hand, each move worked out in a thread, applied on the main loop. */
  while (hearts_game_computer_to_move (game))
    {
      guint    n_moves = hearts_game_get_deal (game)->n_plays;
      gboolean thinking;

      wait.pending = 1;
      hearts_game_computer_move_async (game, NULL, on_move_done, &wait);
      g_object_get (game, "thinking", &thinking, NULL);
      g_assert_true (thinking);
      /* While it thinks, the synchronous move is refused. */
      g_assert_false (hearts_game_computer_move (game));
      g_main_loop_run (wait.loop);
      g_assert_no_error (wait.error);
      g_assert_true (wait.ok);
      g_object_get (game, "thinking", &thinking, NULL);
      g_assert_false (thinking);
      if (hearts_game_get_phase (game) == HEARTS_PHASE_PLAYING)
        g_assert_cmpuint (hearts_game_get_deal (game)->n_plays, >=, n_moves);
      moves++;
    }
  g_assert_cmpuint (moves, ==, 4 + 52);
  g_assert_cmpuint (thinking_changes, ==, 2 * moves);
  g_assert_cmpint (hearts_game_get_phase (game), ==, HEARTS_PHASE_GAME_OVER);

  /* Nothing to do: an error, not a move. */
  wait.pending = 1;
  hearts_game_computer_move_async (game, NULL, on_move_done, &wait);
  g_main_loop_run (wait.loop);
  g_assert_error (wait.error, HEARTS_GAME_ERROR, 0);
  g_assert_false (wait.ok);

  wait_clear (&wait);
  g_signal_handlers_disconnect_by_data (game, &thinking_changes);
  /* A thread may hold the game a moment after its callback ran. */
  g_assert_true (hearts_test_await_last_reference (game, HEARTS_TEST_TIMEOUT_MS));
  g_assert_finalize_object (g_steal_pointer (&game));
}

static void
test_computer_move_async_twice (void)
{
  g_autoptr(HeartsGame) game = new_game ("pass=none", 9);
  Wait first, second;

  all_computers (game);
  wait_init (&first);
  wait_init (&second);

  /* Asked again while thinking: the second is refused, the first goes through. */
  first.pending = 1;
  hearts_game_computer_move_async (game, NULL, on_move_done, &first);
  second.pending = 1;
  hearts_game_computer_move_async (game, NULL, on_move_done, &second);
  /* Either answer may come first: wait for both. */
  while (first.pending > 0 || second.pending > 0)
    g_main_context_iteration (NULL, TRUE);
  g_assert_error (second.error, HEARTS_GAME_ERROR, 0);
  g_assert_no_error (first.error);
  g_assert_true (first.ok);
  g_assert_cmpuint (hearts_game_get_deal (game)->n_plays, ==, 1);

  wait_clear (&first);
  wait_clear (&second);
  /* A thread may hold the game a moment after its callback ran. */
  g_assert_true (hearts_test_await_last_reference (game, HEARTS_TEST_TIMEOUT_MS));
  g_assert_finalize_object (g_steal_pointer (&game));
}

static void
test_computer_move_async_stale_after_undo (void)
{
  g_autoptr(HeartsGame) game = new_game ("pass=none", 12);
  g_autoptr(GVariant) undone = NULL;
  g_autoptr(GVariant) now = NULL;
  Wait     wait;
  gboolean thinking;

  wait_init (&wait);
  computers_move (game);
  human_moves (game, 0);
  g_assert_true (hearts_game_computer_to_move (game));

  /* The human takes the move back while the computer thinks about its answer: the
   * answer arrives stale and is dropped. */
  wait.pending = 1;
  hearts_game_computer_move_async (game, NULL, on_move_done, &wait);
  g_assert_true (hearts_game_undo (game));
  undone = hearts_game_serialize (game);
  g_main_loop_run (wait.loop);
  g_assert_error (wait.error, G_IO_ERROR, G_IO_ERROR_CANCELLED);
  g_assert_false (wait.ok);
  now = hearts_game_serialize (game);
  assert_same_state (now, undone);
  g_object_get (game, "thinking", &thinking, NULL);
  g_assert_false (thinking);
  g_assert_true (hearts_game_human_to_move (game));

  /* And the game goes on. */
  human_moves (game, 0);
  wait.pending = 1;
  hearts_game_computer_move_async (game, NULL, on_move_done, &wait);
  g_main_loop_run (wait.loop);
  g_assert_no_error (wait.error);
  g_assert_true (wait.ok);

  wait_clear (&wait);
  /* A thread may hold the game a moment after its callback ran. */
  g_assert_true (hearts_test_await_last_reference (game, HEARTS_TEST_TIMEOUT_MS));
  g_assert_finalize_object (g_steal_pointer (&game));
}

static void
test_computer_move_async_cancelled (void)
{
  g_autoptr(HeartsGame) game = new_game ("pass=none", 13);
  g_autoptr(GCancellable) cancellable = g_cancellable_new ();
  g_autoptr(GVariant) before = NULL;
  g_autoptr(GVariant) now = NULL;
  Wait     wait;
  gboolean thinking;

  all_computers (game);
  wait_init (&wait);
  before = hearts_game_serialize (game);

  wait.pending = 1;
  hearts_game_computer_move_async (game, cancellable, on_move_done, &wait);
  g_cancellable_cancel (cancellable);
  g_main_loop_run (wait.loop);
  g_assert_error (wait.error, G_IO_ERROR, G_IO_ERROR_CANCELLED);
  now = hearts_game_serialize (game);
  assert_same_state (now, before);

  /* A cancelled move leaves the game free to think again. */
  g_object_get (game, "thinking", &thinking, NULL);
  g_assert_false (thinking);
  wait.pending = 1;
  hearts_game_computer_move_async (game, NULL, on_move_done, &wait);
  g_main_loop_run (wait.loop);
  g_assert_no_error (wait.error);
  g_assert_true (wait.ok);
  g_assert_cmpuint (hearts_game_get_deal (game)->n_plays, ==, 1);

  wait_clear (&wait);
  /* A thread may hold the game a moment after its callback ran. */
  g_assert_true (hearts_test_await_last_reference (game, HEARTS_TEST_TIMEOUT_MS));
  g_assert_finalize_object (g_steal_pointer (&game));
}

static void
test_hint_async (void)
{
  g_autoptr(HeartsGame) game = new_game ("", 14);
  g_autoptr(GVariant) before = NULL;
  g_autoptr(GVariant) now = NULL;
  Wait wait;

  wait_init (&wait);

  /* Passing: three cards of the hand. */
  before = hearts_game_serialize (game);
  wait.pending = 1;
  hearts_game_hint_async (game, 0, NULL, on_hint_done, &wait);
  g_main_loop_run (wait.loop);
  g_assert_no_error (wait.error);
  g_assert_cmpuint (hearts_cards_count (wait.hint), ==, 3);
  g_assert_cmpuint (wait.hint & ~hearts_game_get_hand (game, 0), ==, 0);
  now = hearts_game_serialize (game);
  assert_same_state (now, before);
  g_clear_pointer (&before, g_variant_unref);
  g_clear_pointer (&now, g_variant_unref);

  /* The hint is a legal pass. */
  g_assert_true (hearts_game_pass (game, 0, wait.hint, NULL));

  /* A seat that already passed has nothing to be told. */
  wait.pending = 1;
  hearts_game_hint_async (game, 0, NULL, on_hint_done, &wait);
  g_main_loop_run (wait.loop);
  g_assert_error (wait.error, HEARTS_GAME_ERROR, 0);
  g_assert_cmpuint (wait.hint, ==, 0);

  /* Playing: one legal card. */
  computers_move (game);
  g_assert_true (hearts_game_human_to_move (game));
  before = hearts_game_serialize (game);
  wait.pending = 1;
  hearts_game_hint_async (game, 0, NULL, on_hint_done, &wait);
  g_main_loop_run (wait.loop);
  g_assert_no_error (wait.error);
  g_assert_cmpuint (hearts_cards_count (wait.hint), ==, 1);
  g_assert_cmpuint (wait.hint & ~hearts_game_get_legal (game, 0), ==, 0);
  now = hearts_game_serialize (game);
  assert_same_state (now, before);

  /* Not a seat at the table, not this seat's turn. */
  wait.pending = 1;
  hearts_game_hint_async (game, 7, NULL, on_hint_done, &wait);
  g_main_loop_run (wait.loop);
  g_assert_error (wait.error, HEARTS_GAME_ERROR, 0);
  wait.pending = 1;
  hearts_game_hint_async (game, 1, NULL, on_hint_done, &wait);
  g_main_loop_run (wait.loop);
  g_assert_error (wait.error, HEARTS_GAME_ERROR, 0);

  wait_clear (&wait);
  /* A thread may hold the game a moment after its callback ran. */
  g_assert_true (hearts_test_await_last_reference (game, HEARTS_TEST_TIMEOUT_MS));
  g_assert_finalize_object (g_steal_pointer (&game));
}

/* Seats */

/* An AI from elsewhere: always the highest legal card, the three highest to pass. */
static HeartsCards
high_choose_pass (HeartsAi         *ai,
                  const HeartsView *view)
{
  HeartsCards hand = view->deal.hands[view->seat], pass = 0;

  for (guint i = 0; i < HEARTS_PASS_SIZE; i++)
    pass |= HEARTS_CARD_BIT (hearts_cards_highest (hand & ~pass));
  return pass;
}

static HeartsCard
high_choose_play (HeartsAi         *ai,
                  const HeartsView *view)
{
  /* It sees only its own hand. */
  for (guint s = 0; s < view->deal.n_players; s++)
    if (s != view->seat)
      g_assert_cmpuint (view->deal.hands[s], ==, 0);
  return hearts_cards_highest (hearts_deal_get_legal (&view->deal, &view->rules));
}

static guint high_freed;

static void
high_free (HeartsAi *ai)
{
  high_freed++;
  g_free (ai);
}

static const HeartsAiClass high_class = {
  .name = "high",
  .choose_pass = high_choose_pass,
  .choose_play = high_choose_play,
  .free = high_free,
};

static void
test_seats (void)
{
  g_autoptr(HeartsGame) game = new_game ("pass=none", 15);
  HeartsAi *high = g_new0 (HeartsAi, 1);
  Events    events;
  guint     seat;

  events_connect (&events, game);
  high->klass = &high_class;
  high->level = HEARTS_AI_HARD;

  g_assert_true (hearts_game_seat_is_human (game, 0));
  g_assert_false (hearts_game_seat_is_human (game, 9));
  hearts_game_set_seat_level (game, 0, HEARTS_AI_EASY);
  g_assert_false (hearts_game_seat_is_human (game, 0));
  g_assert_cmpint (hearts_game_get_seat_level (game, 0), ==, HEARTS_AI_EASY);
  hearts_game_set_seat_human (game, 0);
  g_assert_true (hearts_game_seat_is_human (game, 0));
  /* The level stays for a later switch back (and survives a save). */
  g_assert_cmpint (hearts_game_get_seat_level (game, 0), ==, HEARTS_AI_EASY);
  g_assert_cmpuint (events.changed, ==, 2);

  /* A plugged-in AI plays its seat. */
  seat = hearts_game_get_current_player (game);
  for (guint s = 0; s < 4; s++)
    if (s != seat)
      hearts_game_set_seat_human (game, s);
  hearts_game_set_seat_ai (game, seat, high);
  g_assert_true (hearts_game_computer_to_move (game));
  g_assert_false (hearts_game_human_to_move (game));
  g_assert_true (hearts_game_computer_move (game));
  /* The opening card is forced; the next time it is this seat's turn it plays high. */
  while (hearts_game_get_current_player (game) != (gint) seat)
    human_moves (game, hearts_game_get_current_player (game));
  {
    HeartsCards       legal = hearts_game_get_legal (game, seat);
    const HeartsDeal *deal;

    g_assert_true (hearts_game_computer_move (game));
    deal = hearts_game_get_deal (game);
    g_assert_cmpuint (deal->plays[deal->n_plays - 1], ==, hearts_cards_highest (legal));
  }

  /* Replacing it frees it. */
  g_assert_cmpuint (high_freed, ==, 0);
  hearts_game_set_seat_level (game, seat, HEARTS_AI_RANDOM);
  g_assert_cmpuint (high_freed, ==, 1);

  events_clear (&events, game);
  g_assert_finalize_object (g_steal_pointer (&game));
}

/* Saving */

static HeartsGame *
round_trip (HeartsGame *game)
{
  g_autoptr(GVariant) first = hearts_game_serialize (game);
  g_autoptr(GVariant) second = NULL;
  g_autoptr(GError) error = NULL;
  HeartsGame *copy = hearts_game_deserialize (first, &error);

  g_assert_no_error (error);
  g_assert_nonnull (copy);
  second = hearts_game_serialize (copy);
  assert_same_state (first, second);
  g_assert_true (g_variant_is_normal_form (first));
  g_assert_true (g_variant_equal (first, second));
  g_assert_cmpint (hearts_game_get_phase (copy), ==, hearts_game_get_phase (game));
  g_assert_cmpint (hearts_game_get_current_player (copy), ==, hearts_game_get_current_player (game));
  g_assert_cmpuint (hearts_game_get_hand_index (copy), ==, hearts_game_get_hand_index (game));
  g_assert_cmpuint (hearts_game_get_n_results (copy), ==, hearts_game_get_n_results (game));
  g_assert_cmpuint (hearts_game_get_winners (copy), ==, hearts_game_get_winners (game));
  g_assert_true (hearts_game_can_undo (copy) == hearts_game_can_undo (game));
  g_assert_true (hearts_rules_equal (hearts_game_get_rules (copy), hearts_game_get_rules (game)));
  g_assert_true (memcmp (hearts_game_get_deal (copy), hearts_game_get_deal (game), sizeof (HeartsDeal)) == 0);
  /* The explanations of the score sheet come back from the record. */
  for (guint h = 0; h < hearts_game_get_n_results (game); h++)
    g_assert_true (memcmp (hearts_game_get_result (copy, h), hearts_game_get_result (game, h),
                           sizeof (HeartsHandResult)) == 0);
  for (guint s = 0; s < hearts_game_get_n_players (game); s++)
    {
      g_assert_cmpint (hearts_game_get_total (copy, s), ==, hearts_game_get_total (game, s));
      g_assert_true (hearts_game_seat_is_human (copy, s) == hearts_game_seat_is_human (game, s));
      g_assert_cmpint (hearts_game_get_seat_level (copy, s), ==, hearts_game_get_seat_level (game, s));
    }
  for (guint i = 0; i < hearts_game_get_n_results (game); i++)
    g_assert_cmpmem (hearts_game_get_result (copy, i), sizeof (HeartsHandResult),
                     hearts_game_get_result (game, i), sizeof (HeartsHandResult));
  {
    g_autofree char *a = hearts_game_get_record (game);
    g_autofree char *b = hearts_game_get_record (copy);

    g_assert_cmpstr (a, ==, b);
  }
  return copy;
}

/* Each hand's result says who took the J♦, who got the no-tricks bonus and which way
 * the moon went, as the deal has it. */
static void
test_result_special_scores (void)
{
  const char *variants[] = { "omnibus=yes no-tricks=yes moon=others end=deals:40",
                             "players=3 omnibus=yes no-tricks=yes moon=shooter end=deals:40",
                             "players=5 omnibus=yes no-tricks=yes moon=choose end=deals:40",
                             "omnibus=no no-tricks=no end=deals:20" };
  guint       seen_jack = 0, seen_no_tricks = 0;

  for (guint v = 0; v < G_N_ELEMENTS (variants); v++)
    {
      g_autoptr(HeartsGame) game = new_game (variants[v], hearts_test_seed () + v);
      const HeartsRules *rules = hearts_game_get_rules (game);

      all_computers (game);
      while (hearts_game_get_phase (game) != HEARTS_PHASE_GAME_OVER)
        {
          const HeartsDeal       *deal;
          const HeartsHandResult *r;
          gint                    jack = -1;
          guint                   no_tricks = 0;

          finish_hand (game);
          deal = hearts_game_get_deal (game);
          r = hearts_game_get_result (game, hearts_game_get_n_results (game) - 1);
          for (guint s = 0; s < rules->n_players; s++)
            {
              if (rules->omnibus && (deal->taken[s] & HEARTS_CARD_BIT (HEARTS_JACK_OF_DIAMONDS)))
                jack = s;
              if (rules->no_tricks_bonus && deal->tricks_won[s] == 0)
                no_tricks |= 1u << s;
            }
          g_assert_cmpint (r->jack, ==, jack);
          g_assert_cmpuint (r->no_tricks, ==, no_tricks);
          if (r->shooter < 0 || rules->moon == HEARTS_MOON_OTHERS_PLUS_26)
            g_assert_false (r->moon_minus);
          else if (rules->moon == HEARTS_MOON_SHOOTER_MINUS_26)
            g_assert_true (r->moon_minus);
          if (r->moon_minus)
            g_assert_cmpint (r->points[r->shooter], <=, -26);
          seen_jack += jack >= 0;
          seen_no_tricks += no_tricks != 0;
          if (hearts_game_get_phase (game) == HEARTS_PHASE_HAND_OVER)
            hearts_game_next_hand (game);
        }
      g_assert_finalize_object (g_steal_pointer (&game));
    }
  /* The test saw what it checks. */
  g_assert_cmpuint (seen_jack, >, 0);
  g_assert_cmpuint (seen_no_tricks, >, 0);
}

static void
test_serialize_exact (void)
{
  const char *variants[] = { "end=deals:3", "players=3 three-deck=2c end=deals:4 moon=choose",
                             "players=5 omnibus=yes no-tricks=yes end=matches:1" };

  for (guint v = 0; v < G_N_ELEMENTS (variants); v++)
    {
      g_autoptr(HeartsGame) game = new_game (variants[v], 16 + v);
      HeartsGame *copy;
      guint       step = 0;

      hearts_game_set_seat_level (game, 2, HEARTS_AI_HARD);
      hearts_game_set_seat_human (game, 2);

      /* At every step of the game; now and then the copy plays on instead. */
      while (hearts_game_get_phase (game) != HEARTS_PHASE_GAME_OVER)
        {
          copy = round_trip (game);
          if (step++ % 7 == 0)
            {
              g_object_unref (game);
              game = copy;
            }
          else
            g_assert_finalize_object (copy);

          if (hearts_game_get_phase (game) == HEARTS_PHASE_HAND_OVER)
            hearts_game_next_hand (game);
          else if (hearts_game_computer_to_move (game))
            g_assert_true (hearts_game_computer_move (game));
          else if (hearts_game_get_current_player (game) >= 0)
            human_moves (game, hearts_game_get_current_player (game));
          else
            human_moves (game, hearts_game_has_passed (game, 0) ? 2 : 0);
        }
      copy = round_trip (game);
      g_assert_finalize_object (copy);
      g_assert_finalize_object (g_steal_pointer (&game));
    }
}

/* The state with one key replaced (or removed, when @value is NULL). */
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
    g_assert_true (g_variant_dict_remove (&dict, key));
  return g_variant_ref_sink (g_variant_dict_end (&dict));
}

static void
assert_rejected (GVariant   *state,
                 const char *what)
{
  g_autoptr(GError) error = NULL;
  HeartsGame *game = hearts_game_deserialize (state, &error);

  if (game != NULL)
    {
      g_autofree char *text = g_variant_print (state, FALSE);

      g_error ("%s was accepted: %s", what, text);
    }
  g_assert_error (error, HEARTS_GAME_ERROR, 0);
  g_assert_nonnull (error->message);
}

/* A game in the middle of its third hand, to spoil in every way. */
static HeartsGame *
game_to_spoil (void)
{
  HeartsGame *game = new_game ("end=deals:5", 17);

  all_computers (game);
  hearts_game_set_seat_human (game, 0);
  for (guint hand = 0; hand < 2; hand++)
    {
      finish_hand (game);
      hearts_game_next_hand (game);
    }
  computers_move (game);
  human_moves (game, 0);
  computers_move (game);
  while (hearts_game_get_deal (game)->n_plays < 9)
    {
      human_moves (game, 0);
      computers_move (game);
    }
  return game;
}

static GVariant *
results_with (GVariant *results,
              guint     hand,
              gint      delta_seat0,
              gint      delta_seat1,
              gint      shooter)
{
  GVariantBuilder b;

  g_variant_builder_init (&b, G_VARIANT_TYPE ("a(aii)"));
  for (guint i = 0; i < g_variant_n_children (results); i++)
    {
      g_autoptr(GVariant) points = NULL;
      gint32        s, p[HEARTS_MAX_PLAYERS];
      gsize         n;
      const gint32 *orig;

      g_variant_get_child (results, i, "(@aii)", &points, &s);
      orig = g_variant_get_fixed_array (points, &n, sizeof (gint32));
      memcpy (p, orig, n * sizeof (gint32));
      if (i == hand)
        {
          p[0] += delta_seat0;
          p[1] += delta_seat1;
          if (shooter != G_MININT)
            s = shooter;
        }
      g_variant_builder_add_value (&b, g_variant_new ("(@aii)",
                                                      g_variant_new_fixed_array (G_VARIANT_TYPE_INT32, p, n, sizeof (gint32)),
                                                      s));
    }
  return g_variant_builder_end (&b);
}

static void
test_serialize_rejects_corrupt (void)
{
  g_autoptr(HeartsGame) game = game_to_spoil ();
  g_autoptr(GVariant) state = hearts_game_serialize (game);
  g_autoptr(GVariant) results = g_variant_lookup_value (state, "results", NULL);
  g_autoptr(GVariant) moves = g_variant_lookup_value (state, "moves", NULL);
  g_autoptr(GVariant) dealt = g_variant_lookup_value (state, "dealt", NULL);
  const char *keys[] = { "version", "rules", "seed", "rng", "first-dealer", "seats", "results",
                         "dealt", "moves", "scored", "record" };
  const char *record;

  g_assert_cmpuint (g_variant_n_children (results), ==, 2);
  g_assert_true (g_variant_lookup (state, "record", "&s", &record));

  /* Not a dictionary at all. */
  {
    g_autoptr(GVariant) s = g_variant_ref_sink (g_variant_new_string ("hearts"));
    g_autoptr(GVariant) t = g_variant_ref_sink (g_variant_new ("(i)", 4));

    assert_rejected (s, "a string");
    assert_rejected (t, "a tuple");
  }

  /* Each key missing, each key of the wrong type. */
  for (guint i = 0; i < G_N_ELEMENTS (keys); i++)
    {
      g_autoptr(GVariant) missing = with_key (state, keys[i], NULL);
      g_autoptr(GVariant) wrong = with_key (state, keys[i], g_variant_new_uint16 (1));
      g_autofree char *what = g_strdup_printf ("state without “%s”", keys[i]);

      assert_rejected (missing, what);
      g_free (what);
      what = g_strdup_printf ("state with a wrong type of “%s”", keys[i]);
      assert_rejected (wrong, what);
    }

  /* Values out of range. */
  {
    const guint64   zero[4] = { 0 };
    GVariantBuilder b;
    struct
    {
      const char *key;
      GVariant   *value;
      const char *what;
    } bad[] = {
      { "version", g_variant_new_uint32 (2), "a later version" },
      { "rules", g_variant_new_string ("players=7"), "seven players" },
      { "rules", g_variant_new_string ("players=3"), "three players for a four-player deal" },
      { "rules", g_variant_new_string ("end=deals:2"), "a game over before this hand" },
      { "rules", g_variant_new_string ("moon=shooter"), "other rules than the record's" },
      { "first-dealer", g_variant_new_uint32 (4), "a dealer not at the table" },
      { "first-dealer", g_variant_new_uint32 (G_MAXUINT32), "a dealer far from the table" },
      { "rng", g_variant_new_fixed_array (G_VARIANT_TYPE_UINT64, zero, 4, sizeof (guint64)), "a dead generator" },
      { "rng", g_variant_new_fixed_array (G_VARIANT_TYPE_UINT64, zero, 3, sizeof (guint64)), "a short generator" },
      { "seats", g_variant_new_parsed ("[(true, byte 0), (false, 2), (false, 2)]"), "three seats" },
      { "seats", g_variant_new_parsed ("[(true, byte 0), (false, 2), (false, 9), (false, 2)]"), "an unknown level" },
      { "results", g_variant_new_parsed ("@a(aii) []"), "a missing score sheet" },
      { "results", results_with (results, 1, 0, 0, 7), "a shooter not at the table" },
      { "results", results_with (results, 0, 1000, 0, G_MININT), "impossible points" },
      { "results", g_variant_new_parsed ("[([0, 26, 0], -1), ([0, 26, 0, 0], -1)]"), "a short line" },
      { "dealt", g_variant_new_parsed ("@at [1, 2, 3, 4]"), "an unfair deal" },
      { "dealt", g_variant_new_parsed ("@at []"), "no deal" },
      { "moves", g_variant_new_parsed ("[(byte 1, byte 9, uint64 1)]"), "a move of a seat not at the table" },
      { "moves", g_variant_new_parsed ("[(byte 7, byte 0, uint64 1)]"), "an unknown kind of move" },
      { "moves", g_variant_new_parsed ("[(byte 1, byte 0, uint64 3)]"), "two cards played at once" },
      { "scored", g_variant_new_boolean (TRUE), "a hand in progress marked scored" },
      { "record", g_variant_new_string ("hearts-record 1\n"), "a record without rules" },
      { "record", g_variant_new_string (""), "an empty record" },
    };

    for (guint i = 0; i < G_N_ELEMENTS (bad); i++)
      {
        g_autoptr(GVariant) spoilt = with_key (state, bad[i].key, bad[i].value);

        assert_rejected (spoilt, bad[i].what);
      }

    /* Too many moves for a hand. */
    g_variant_builder_init (&b, G_VARIANT_TYPE ("a(yyt)"));
    for (guint i = 0; i < 65; i++)
      g_variant_builder_add (&b, "(yyt)", 1, 0, G_GUINT64_CONSTANT (1));
    {
      g_autoptr(GVariant) spoilt = with_key (state, "moves", g_variant_builder_end (&b));

      assert_rejected (spoilt, "65 moves");
    }
  }

  /* An unfair deal: one card swapped for another seat's. */
  {
    HeartsCards    hands[4];
    gsize          n;
    const guint64 *d = g_variant_get_fixed_array (dealt, &n, sizeof (guint64));
    g_autoptr(GVariant) spoilt = NULL;

    memcpy (hands, d, sizeof hands);
    hands[0] |= hands[1] & -hands[1];
    spoilt = with_key (state, "dealt", g_variant_new_fixed_array (G_VARIANT_TYPE_UINT64, hands, 4, sizeof (guint64)));
    assert_rejected (spoilt, "a card dealt twice");
  }

  /* An illegal move: the moves of the hand with one play changed to another card of
   * the same hand. */
  {
    GVariantBuilder b;
    guint           n_moves = g_variant_n_children (moves);
    gboolean        spoilt_one = FALSE;

    g_variant_builder_init (&b, G_VARIANT_TYPE ("a(yyt)"));
    for (guint i = 0; i < n_moves; i++)
      {
        guint8  kind, seat;
        guint64 cards;

        g_variant_get_child (moves, i, "(yyt)", &kind, &seat, &cards);
        if (kind == 1 && i == n_moves - 1)
          {
            const HeartsDeal *deal = hearts_game_get_deal (game);
            HeartsCards       others = (deal->hands[(seat + 1) % 4]);

            /* A card its player never held. */
            cards = HEARTS_CARD_BIT (hearts_cards_lowest (others));
            spoilt_one = TRUE;
          }
        g_variant_builder_add (&b, "(yyt)", kind, seat, cards);
      }
    g_assert_true (spoilt_one);
    {
      g_autoptr(GVariant) spoilt = with_key (state, "moves", g_variant_builder_end (&b));

      assert_rejected (spoilt, "a card not in its player's hand");
    }
  }

  /* An inconsistent score sheet: a point moved between seats, the hands swapped (the
   * totals still agree with the record), a moon that did not happen. */
  {
    g_autoptr(GVariant) moved = with_key (state, "results", results_with (results, 0, 1, -1, G_MININT));
    g_autoptr(GVariant) moon = with_key (state, "results", results_with (results, 1, 0, 0, 1));
    GVariantBuilder b;

    assert_rejected (moved, "a point moved to another seat");
    assert_rejected (moon, "a moon that was not shot");

    g_variant_builder_init (&b, G_VARIANT_TYPE ("a(aii)"));
    g_variant_builder_add_value (&b, g_variant_get_child_value (results, 1));
    g_variant_builder_add_value (&b, g_variant_get_child_value (results, 0));
    {
      g_autoptr(GVariant) swapped = with_key (state, "results", g_variant_builder_end (&b));
      g_autoptr(GVariant) r0 = g_variant_get_child_value (results, 0);
      g_autoptr(GVariant) r1 = g_variant_get_child_value (results, 1);

      if (!g_variant_equal (r0, r1))
        assert_rejected (swapped, "the hands of the score sheet swapped");
    }
  }

  /* A tampered record: a points line changed, a hand left out. */
  {
    g_autoptr(GString) text = g_string_new (record);
    char *points = strstr (text->str, "\npoints ");
    char *hand2 = strstr (text->str, "\nhand 2 ");
    g_autoptr(GVariant) spoilt = NULL;
    g_autoptr(GVariant) short_record = NULL;
    g_autofree char *first_hand = NULL;

    g_assert_nonnull (points);
    g_assert_nonnull (hand2);
    first_hand = g_strndup (text->str, hand2 + 1 - text->str);
    points[8] = points[8] == '1' ? '2' : '1';
    spoilt = with_key (state, "record", g_variant_new_string (text->str));
    assert_rejected (spoilt, "a record with other points");
    short_record = with_key (state, "record", g_variant_new_string (first_hand));
    assert_rejected (short_record, "a record of one hand for two");
  }

  /* Truncated data: never a crash, always an error. */
  {
    gsize         size = g_variant_get_size (state);
    const guint8 *data = g_variant_get_data (state);

    for (gsize len = 0; len < size; len += 1 + len / 16)
      {
        g_autoptr(GBytes) bytes = g_bytes_new (data, len);
        g_autoptr(GVariant) cut = g_variant_ref_sink (g_variant_new_from_bytes (G_VARIANT_TYPE_VARDICT, bytes, FALSE));
        g_autofree char *what = g_strdup_printf ("the state cut to %" G_GSIZE_FORMAT " bytes", len);

        assert_rejected (cut, what);
      }
  }

  g_assert_finalize_object (g_steal_pointer (&game));
}

/* Random bytes flipped in saved states: an error, or a game that is itself whole. */
static void
test_serialize_fuzz (void)
{
  g_autoptr(HeartsGame) game = game_to_spoil ();
  g_autoptr(GVariant) state = hearts_game_serialize (game);
  gsize     size = g_variant_get_size (state);
  HeartsRng rng;
  guint     refused = 0, loaded = 0;

  hearts_rng_init (&rng, 18);
  for (guint round = 0; round < 3000; round++)
    {
      g_autofree guint8 *data = g_memdup2 (g_variant_get_data (state), size);
      g_autoptr(GBytes) bytes = NULL;
      g_autoptr(GVariant) spoilt = NULL;
      g_autoptr(GError) error = NULL;
      g_autoptr(HeartsGame) copy = NULL;
      guint flips = 1 + hearts_rng_below (&rng, 3);

      for (guint i = 0; i < flips; i++)
        data[hearts_rng_below (&rng, size)] ^= 1u << hearts_rng_below (&rng, 8);
      bytes = g_bytes_new (data, size);
      spoilt = g_variant_ref_sink (g_variant_new_from_bytes (G_VARIANT_TYPE_VARDICT, bytes, FALSE));
      copy = hearts_game_deserialize (spoilt, &error);
      if (copy == NULL)
        {
          g_assert_error (error, HEARTS_GAME_ERROR, 0);
          refused++;
        }
      else
        {
          /* Loaded: it must save and load again to the same bytes. */
          g_autoptr(HeartsGame) again = round_trip (copy);

          loaded++;
        }
    }
  g_test_message ("%u damaged states refused, %u loaded (damage in a seed, a level…)", refused, loaded);
  g_assert_cmpuint (refused, >, 1000);
  g_assert_finalize_object (g_steal_pointer (&game));
}

/* Finished tricks: who took each one and its points */

typedef struct
{
  HeartsGame *game;
  gint        before[HEARTS_MAX_PLAYERS]; /* hand points before the trick */
  guint       checked;
} TrickWatch;

static void
on_trick_finished_check (HeartsGame *game,
                         guint       winner,
                         guint       trick,
                         TrickWatch *watch)
{
  guint n = hearts_game_get_n_players (game);

  g_assert_cmpuint (hearts_game_get_n_finished_tricks (game), ==, trick + 1);
  g_assert_cmpint (hearts_game_get_trick_winner (game, trick), ==, (gint) winner);
  /* The trick's points are what its winner's hand points grew by. */
  g_assert_cmpint (hearts_game_get_trick_points (game, trick), ==,
                   hearts_game_get_hand_points (game, winner) - watch->before[winner]);
  /* Nothing past the last finished trick. */
  g_assert_cmpint (hearts_game_get_trick_winner (game, trick + 1), ==, -1);
  g_assert_cmpint (hearts_game_get_trick_points (game, trick + 1), ==, 0);
  for (guint s = 0; s < n; s++)
    watch->before[s] = hearts_game_get_hand_points (game, s);
  watch->checked++;
}

static void
test_finished_tricks (void)
{
  guint64   seed = hearts_test_seed ();
  HeartsRng rng;

  hearts_rng_init (&rng, seed);
  for (guint round = 0; round < 30; round++)
    {
      HeartsRules rules;
      g_autoptr(HeartsGame) game = NULL;
      TrickWatch watch = { 0 };
      guint      hand_size;

      hearts_test_random_rules (&rules, &rng);
      game = hearts_game_new (&rules, seed + round);
      hand_size = hearts_rules_get_hand_size (&rules);
      all_computers (game);
      watch.game = game;
      g_signal_connect (game, "trick-finished", G_CALLBACK (on_trick_finished_check), &watch);

      g_assert_cmpuint (hearts_game_get_n_finished_tricks (game), ==, 0);
      g_assert_cmpint (hearts_game_get_trick_winner (game, 0), ==, -1);
      while (hearts_game_get_phase (game) == HEARTS_PHASE_PASSING ||
             hearts_game_get_n_finished_tricks (game) == 0)
        {
          /* A trick in progress is not finished. */
          if (hearts_game_get_phase (game) == HEARTS_PHASE_PLAYING)
            g_assert_cmpint (hearts_game_get_trick_winner (game, 0), ==, -1);
          g_assert_true (hearts_game_computer_move (game));
        }
      /* The next trick's leader is the last one's winner. */
      {
        guint leader = G_MAXUINT;

        hearts_game_computer_move (game);
        hearts_game_get_played_trick (game, 1, NULL, &leader);
        g_assert_cmpint (hearts_game_get_trick_winner (game, 0), ==, (gint) leader);
      }
      finish_hand (game);
      /* At the end of the hand every trick is there to look back at. */
      g_assert_cmpuint (watch.checked, ==, hand_size);
      g_assert_cmpuint (hearts_game_get_n_finished_tricks (game), ==, hand_size);
      if (hearts_game_get_phase (game) == HEARTS_PHASE_HAND_OVER)
        {
          hearts_game_next_hand (game);
          g_assert_cmpuint (hearts_game_get_n_finished_tricks (game), ==, 0);
          g_assert_cmpint (hearts_game_get_trick_winner (game, 0), ==, -1);
        }
      g_signal_handlers_disconnect_by_data (game, &watch);
    }
}

/* Records */

static void
test_record_replays (void)
{
  const char *variants[] = { "", "players=3 end=score:40", "players=5 pass=rlah end=deals:3",
                             "omnibus=yes no-tricks=yes moon=choose end=score:60" };

  for (guint v = 0; v < G_N_ELEMENTS (variants); v++)
    {
      g_autoptr(HeartsGame) game = new_game (variants[v], 19 + v);
      g_autoptr(GError) error = NULL;
      HeartsRecordSummary summary;

      all_computers (game);

      /* In the middle of a hand. */
      finish_hand (game);
      hearts_game_next_hand (game);
      for (guint i = 0; i < 7; i++)
        g_assert_true (hearts_game_computer_move (game));
      {
        g_autofree char *record = hearts_game_get_record (game);

        g_assert_true (hearts_record_replay (record, &summary, &error));
        g_assert_no_error (error);
        g_assert_cmpuint (summary.n_hands, ==, 1);
        g_assert_false (summary.game_over);
      }

      /* At the end. */
      finish_game (game);
      {
        g_autofree char *record = hearts_game_get_record (game);

        g_assert_true (hearts_record_replay (record, &summary, &error));
        g_assert_no_error (error);
        g_assert_true (summary.game_over);
        g_assert_cmpuint (summary.n_hands, ==, hearts_game_get_n_results (game));
        g_assert_cmpuint (summary.winners, ==, hearts_game_get_winners (game));
        g_assert_true (hearts_rules_equal (&summary.rules, hearts_game_get_rules (game)));
        for (guint s = 0; s < hearts_game_get_n_players (game); s++)
          g_assert_cmpint (summary.totals[s], ==, hearts_game_get_total (game, s));
      }
      g_assert_finalize_object (g_steal_pointer (&game));
    }
}

/* The first hand of a record replayed by hand, to find a play to spoil. */
typedef struct
{
  guint      line; /* of the play */
  guint      seat;
  HeartsDeal before;
} RecordPlay;

static GArray *
first_hand_plays (const char        *record,
                  const HeartsRules *rules)
{
  g_auto(GStrv) lines = g_strsplit (record, "\n", -1);
  GArray     *plays = g_array_new (FALSE, FALSE, sizeof (RecordPlay));
  HeartsCards dealt[HEARTS_MAX_PLAYERS] = { 0 };
  HeartsDeal  deal;
  guint       dealer = 0, n_dealt = 0;
  gboolean    started = FALSE;

  for (guint i = 0; lines[i] != NULL; i++)
    {
      g_auto(GStrv) w = g_strsplit (lines[i], " ", 3);

      if (g_strcmp0 (w[0], "hand") == 0)
        {
          if (started)
            break;
          dealer = atoi (strstr (lines[i], "dealer ") + 7);
        }
      else if (g_strcmp0 (w[0], "dealt") == 0)
        {
          g_assert_true (hearts_cards_from_string (w[2], &dealt[atoi (w[1])]));
          if (++n_dealt == rules->n_players)
            {
              g_assert_true (hearts_deal_init (&deal, rules, dealer, hearts_rules_get_pass (rules, 0), dealt));
              started = TRUE;
            }
        }
      else if (g_strcmp0 (w[0], "pass") == 0)
        {
          HeartsCards cards;

          g_assert_true (hearts_cards_from_string (w[2], &cards));
          g_assert_cmpint (hearts_deal_pass (&deal, rules, atoi (w[1]), cards), ==, HEARTS_REFUSAL_NONE);
        }
      else if (g_strcmp0 (w[0], "play") == 0)
        {
          RecordPlay play = { i + 1, atoi (w[1]), deal };
          HeartsCard c;

          g_array_append_val (plays, play);
          g_assert_true (hearts_card_from_string (w[2], &c));
          g_assert_cmpint (hearts_deal_play (&deal, rules, play.seat, c), ==, HEARTS_REFUSAL_NONE);
        }
    }
  return plays;
}

static void
assert_record_refused_at (const char *record,
                          guint       line,
                          const char *text,
                          const char *reason)
{
  g_auto(GStrv) lines = g_strsplit (record, "\n", -1);
  g_autofree char *spoilt = NULL;
  g_autofree char *prefix = g_strdup_printf ("line %u: ", line);
  g_autoptr(GError) error = NULL;

  g_free (lines[line - 1]);
  lines[line - 1] = g_strdup (text);
  spoilt = g_strjoinv ("\n", lines);
  g_assert_false (hearts_record_replay (spoilt, NULL, &error));
  g_assert_error (error, HEARTS_RECORD_ERROR, 0);
  if (!g_str_has_prefix (error->message, prefix) || strstr (error->message, reason) == NULL)
    g_error ("expected “%s…%s…”, got “%s”", prefix, reason, error->message);
}

static void
test_record_tampered (void)
{
  g_autoptr(HeartsGame) game = new_game ("end=deals:3", 23);
  g_autofree char *record = NULL;
  g_autoptr(GArray) plays = NULL;
  g_auto(GStrv) lines = NULL;
  gboolean revoke = FALSE;

  all_computers (game);
  finish_game (game);
  record = hearts_game_get_record (game);
  lines = g_strsplit (record, "\n", -1);
  plays = first_hand_plays (record, hearts_game_get_rules (game));
  g_assert_cmpuint (plays->len, ==, 52);

  for (guint i = 0; lines[i] != NULL; i++)
    {
      /* Misdeal: seat 1 dealt one of seat 0's cards instead of one of its own. */
      if (g_str_has_prefix (lines[i], "dealt 1 "))
        {
          HeartsCards      zero, one;
          g_autofree char *cards = NULL;
          g_autofree char *text = NULL;

          g_assert_true (hearts_cards_from_string (lines[i - 1] + 8, &zero));
          g_assert_true (hearts_cards_from_string (lines[i] + 8, &one));
          cards = hearts_cards_to_string ((one & (one - 1)) | HEARTS_CARD_BIT (hearts_cards_lowest (zero)));
          text = g_strdup_printf ("dealt 1 %s", cards);
          assert_record_refused_at (record, i + 1, text, "misdeal");
          break;
        }
    }

  for (guint i = 0; i < plays->len; i++)
    {
      RecordPlay *play = &g_array_index (plays, RecordPlay, i);
      HeartsDeal *deal = &play->before;
      HeartsCards hand = deal->hands[play->seat];

      /* Out of turn: the next seat plays its lowest card. */
      if (i == 5)
        {
          guint            other = (play->seat + 1) % 4;
          g_autofree char *text = g_strdup_printf ("play %u %s", other,
                                                   hearts_card_to_string (hearts_cards_lowest (deal->hands[other])));

          assert_record_refused_at (record, play->line, text, "not-your-turn");
        }

      /* Revoke: an off-suit card while holding the suit led. */
      if (!revoke && deal->trick_len > 0)
        {
          HeartsCards suit = HEARTS_SUIT_MASK (HEARTS_CARD_SUIT (deal->plays[deal->n_plays - deal->trick_len]));

          if ((hand & suit) && (hand & ~suit))
            {
              g_autofree char *text = g_strdup_printf ("play %u %s", play->seat,
                                                       hearts_card_to_string (hearts_cards_lowest (hand & ~suit)));

              assert_record_refused_at (record, play->line, text, "must-follow-suit");
              revoke = TRUE;
            }
        }
    }
  g_assert_true (revoke);

  /* Wrong points, wrong dealer. */
  for (guint i = 0; lines[i] != NULL; i++)
    {
      if (g_str_has_prefix (lines[i], "points "))
        {
          g_auto(GStrv) w = g_strsplit (lines[i], " ", -1);
          g_autofree char *text = g_strdup_printf ("points %d %d %s %s", atoi (w[1]) + 1, atoi (w[2]) - 1, w[3], w[4]);

          assert_record_refused_at (record, i + 1, text, "do not match");
        }
      if (g_str_has_prefix (lines[i], "hand 2 "))
        {
          const HeartsDeal *deal = hearts_game_get_deal (game);
          /* Hand 3 is on the table; hand 2 was dealt by the seat on its right. */
          g_autofree char *text = g_strdup_printf ("hand 2 dealer %u pass R", deal->dealer);

          assert_record_refused_at (record, i + 1, text, "to the left");
        }
    }
  g_assert_finalize_object (g_steal_pointer (&game));
}

/* The points taken follow the tricks: each trick's scoring cards go to its winner. */
typedef struct
{
  HeartsCards expected[HEARTS_MAX_PLAYERS];
  HeartsCards scoring;
  guint       n_tricks;
} PointsSeen;

static void
on_points_trick_finished (HeartsGame *game,
                          guint       winner,
                          guint       trick,
                          PointsSeen *seen)
{
  HeartsCard cards[HEARTS_MAX_PLAYERS];
  guint      leader;
  guint      n = hearts_game_get_played_trick (game, trick, cards, &leader);

  g_assert_cmpuint (n, ==, hearts_game_get_n_players (game));
  for (guint i = 0; i < n; i++)
    if (hearts_cards_has (seen->scoring, cards[i]))
      seen->expected[winner] |= HEARTS_CARD_BIT (cards[i]);
  seen->n_tricks++;
  for (guint s = 0; s < n; s++)
    {
      g_assert_cmpuint (hearts_game_get_points_taken (game, s), ==, seen->expected[s]);
      g_assert_cmpint (hearts_game_count_points (game, seen->expected[s]), ==,
                       hearts_game_get_hand_points (game, s));
    }
}

static void
test_points_taken (void)
{
  const char *variants[] = { "omnibus=no", "omnibus=yes", "players=3 omnibus=yes", "players=5" };
  guint64     seed = hearts_test_seed ();

  for (guint v = 0; v < G_N_ELEMENTS (variants); v++)
    for (guint round = 0; round < 8; round++)
      {
        g_autoptr(HeartsGame) game = new_game (variants[v], seed + round);
        PointsSeen seen = { { 0 }, HEARTS_POINT_CARDS, 0 };
        HeartsCards all = 0;

        if (hearts_game_get_rules (game)->omnibus)
          seen.scoring |= HEARTS_CARD_BIT (HEARTS_JACK_OF_DIAMONDS);
        all_computers (game);
        g_signal_connect (game, "trick-finished", G_CALLBACK (on_points_trick_finished), &seen);
        for (guint s = 0; s < hearts_game_get_n_players (game); s++)
          g_assert_cmpuint (hearts_game_get_points_taken (game, s), ==, 0);
        finish_hand (game);
        g_assert_cmpuint (seen.n_tricks, ==, hearts_rules_get_hand_size (hearts_game_get_rules (game)));

        /* Every scoring card dealt was taken by someone, and only once. */
        for (guint s = 0; s < hearts_game_get_n_players (game); s++)
          {
            g_assert_cmpuint (all & seen.expected[s], ==, 0);
            all |= seen.expected[s];
            g_assert_cmpuint (hearts_game_get_points_taken (game, s), ==, seen.expected[s]);
          }
        g_assert_cmpuint (all, ==, seen.scoring & hearts_rules_get_deck (hearts_game_get_rules (game)));

        if (hearts_game_get_phase (game) == HEARTS_PHASE_GAME_OVER)
          continue;
        hearts_game_next_hand (game);
        for (guint s = 0; s < hearts_game_get_n_players (game); s++)
          g_assert_cmpuint (hearts_game_get_points_taken (game, s), ==, 0);
      }
}

/* After an undo the points taken are those of the tricks still played. */
static void
test_points_taken_undo (void)
{
  g_autoptr(HeartsGame) game = new_game ("omnibus=yes", hearts_test_seed ());
  PointsSeen  seen = { { 0 }, HEARTS_POINT_CARDS | HEARTS_CARD_BIT (HEARTS_JACK_OF_DIAMONDS), 0 };
  HeartsCards before[HEARTS_MAX_PLAYERS];
  guint       n = hearts_game_get_n_players (game);

  g_signal_connect (game, "trick-finished", G_CALLBACK (on_points_trick_finished), &seen);
  /* The human plays up to the middle of the hand, then takes back one move. */
  while (hearts_game_get_phase (game) == HEARTS_PHASE_PASSING || seen.n_tricks < 6)
    {
      computers_move (game);
      human_moves (game, 0);
    }
  computers_move (game);
  for (guint s = 0; s < n; s++)
    before[s] = hearts_game_get_points_taken (game, s);
  human_moves (game, 0);
  computers_move (game);
  g_assert_true (hearts_game_undo (game));
  for (guint s = 0; s < n; s++)
    g_assert_cmpuint (hearts_game_get_points_taken (game, s), ==, before[s]);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/model/properties/read", test_properties_read);
  g_test_add_func ("/model/properties/notify-on-change-only", test_properties_notify_on_change_only);
  g_test_add_func ("/model/signals/counted", test_signals_counted);
  g_test_add_func ("/model/signals/refusals", test_signals_refusals);
  g_test_add_func ("/model/undo/to-start-of-hand", test_undo_to_start_of_hand);
  g_test_add_func ("/model/undo/two-humans", test_undo_two_humans);
  g_test_add_func ("/model/computer-move/async", test_computer_move_async);
  g_test_add_func ("/model/computer-move/async-twice", test_computer_move_async_twice);
  g_test_add_func ("/model/computer-move/stale-after-undo", test_computer_move_async_stale_after_undo);
  g_test_add_func ("/model/computer-move/cancelled", test_computer_move_async_cancelled);
  g_test_add_func ("/model/hint/async", test_hint_async);
  g_test_add_func ("/model/seats", test_seats);
  g_test_add_func ("/model/result/special-scores", test_result_special_scores);
  g_test_add_func ("/model/serialize/exact", test_serialize_exact);
  g_test_add_func ("/model/serialize/rejects-corrupt", test_serialize_rejects_corrupt);
  g_test_add_func ("/model/serialize/fuzz", test_serialize_fuzz);
  g_test_add_func ("/model/finished-tricks", test_finished_tricks);
  g_test_add_func ("/model/record/replays", test_record_replays);
  g_test_add_func ("/model/record/tampered", test_record_tampered);
  g_test_add_func ("/model/points-taken/hands", test_points_taken);
  g_test_add_func ("/model/points-taken/undo", test_points_taken_undo);

  return g_test_run ();
}
