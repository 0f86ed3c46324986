/* hearts-seat-state.h: the game as one seat sees it, and what happens to it
 *
 * A HeartsSeatState holds only what its seat may know: its own cards, every card
 * played, who passed, who took what, the scores. It changes only by the events below,
 * which carry no more than that either, so the same state is built at the table and
 * at a player's machine across the network. Nothing here can return another seat's
 * unplayed card.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib-object.h>

#include "hearts-types.h"

G_BEGIN_DECLS

typedef struct _HeartsSeatState HeartsSeatState;

typedef enum
{
  /* The state was replaced (an undo; joining a table): show it as it is. */
  HEARTS_SEAT_EVENT_RESET,
  /* A deal: @index the hand, @seat the dealer, @pass its pass, @cards the seat's hand,
   * @leader who leads on a hand without passing (else -1). */
  HEARTS_SEAT_EVENT_HAND_STARTED,
  /* @seat passed: @cards only when it is the state's own seat; @received the cards the
   * own seat picks up with this pass (else 0); @leader who leads once the last pass
   * is in (else -1). */
  HEARTS_SEAT_EVENT_CARDS_PASSED,
  /* @seat played @card. */
  HEARTS_SEAT_EVENT_CARD_PLAYED,
  /* @seat took trick @index: its cards leave the table. */
  HEARTS_SEAT_EVENT_TRICK_TAKEN,
  /* Hand @index is scored: @result. */
  HEARTS_SEAT_EVENT_HAND_FINISHED,
  /* The game is over: @winners, a bit per seat. */
  HEARTS_SEAT_EVENT_GAME_OVER,
} HeartsSeatEventKind;

typedef struct
{
  HeartsSeatEventKind  kind;
  guint                seat;
  gint                 leader;
  guint                index;
  HeartsPassDirection  pass;
  HeartsCard           card;
  HeartsCards          cards;
  HeartsCards          received;
  guint                winners;
  HeartsHandResult     result;
  HeartsSeatState     *state;    /* RESET: the new state (owned by a copied event) */
} HeartsSeatEvent;

#define HEARTS_TYPE_TRICK      (hearts_trick_get_type ())
#define HEARTS_TYPE_SEAT_STATE (hearts_seat_state_get_type ())
#define HEARTS_TYPE_SEAT_EVENT (hearts_seat_event_get_type ())

GType                hearts_trick_get_type               (void) G_GNUC_CONST;
GType                hearts_seat_state_get_type          (void) G_GNUC_CONST;
HeartsTrick         *hearts_trick_copy                   (const HeartsTrick     *trick);
void                 hearts_trick_free                   (HeartsTrick           *trick);
GType                hearts_seat_event_get_type          (void) G_GNUC_CONST;

HeartsSeatEvent     *hearts_seat_event_copy              (const HeartsSeatEvent *event);
void                 hearts_seat_event_free              (HeartsSeatEvent       *event);
gboolean             hearts_seat_event_equal             (const HeartsSeatEvent *a,
                                                          const HeartsSeatEvent *b);

HeartsSeatState     *hearts_seat_state_copy              (const HeartsSeatState *state);
void                 hearts_seat_state_free              (HeartsSeatState       *state);
gboolean             hearts_seat_state_equal             (const HeartsSeatState *a,
                                                          const HeartsSeatState *b);
/* Applies @event; FALSE, and @state unchanged, when it cannot follow from @state. */
gboolean             hearts_seat_state_apply             (HeartsSeatState       *state,
                                                          const HeartsSeatEvent *event);

guint                hearts_seat_state_get_seat          (const HeartsSeatState *state);
guint                hearts_seat_state_get_n_players     (const HeartsSeatState *state);
const HeartsRules   *hearts_seat_state_get_rules         (const HeartsSeatState *state);
HeartsPhase          hearts_seat_state_get_phase         (const HeartsSeatState *state);
/* The hand in play, or the one just finished while its score is up. */
guint                hearts_seat_state_get_hand_index    (const HeartsSeatState *state);
/* Hands scored so far. */
guint                hearts_seat_state_get_n_results     (const HeartsSeatState *state);
HeartsPassDirection  hearts_seat_state_get_pass_direction(const HeartsSeatState *state);
gboolean             hearts_seat_state_get_hearts_broken (const HeartsSeatState *state);
/* The seat to play, or -1 while passing or between hands. */
gint                 hearts_seat_state_get_current_player(const HeartsSeatState *state);
/* Whether the own seat has something to do: its pass, or its play. */
gboolean             hearts_seat_state_is_own_turn       (const HeartsSeatState *state);

/* The own seat's cards */
HeartsCards          hearts_seat_state_get_hand          (const HeartsSeatState *state);
/* What it may play now (empty when it is not its turn). */
HeartsCards          hearts_seat_state_get_legal         (const HeartsSeatState *state);
/* What it passed, and what it picked up (0 until then, and on a hand without passing). */
HeartsCards          hearts_seat_state_get_passed        (const HeartsSeatState *state);
HeartsCards          hearts_seat_state_get_received      (const HeartsSeatState *state);

/* Every seat, as anyone at the table sees it */
gboolean             hearts_seat_state_has_passed        (const HeartsSeatState *state,
                                                          guint                  seat);
gboolean             hearts_seat_state_has_played        (const HeartsSeatState *state,
                                                          guint                  seat);
/* How many cards @seat holds. */
guint                hearts_seat_state_get_hand_count    (const HeartsSeatState *state,
                                                          guint                  seat);
/* The cards on the table in order of play, and who led: the trick in play, or a
 * finished one until it is taken. */
guint                hearts_seat_state_get_table         (const HeartsSeatState *state,
                                                          HeartsCard            *cards,
                                                          guint                 *leader);
/* Whether the cards on the table are a finished trick waiting to be taken. */
gboolean             hearts_seat_state_get_trick_waiting (const HeartsSeatState *state);
/* Tricks of the hand in play or just finished that are complete (0 while passing). */
guint                hearts_seat_state_get_n_tricks      (const HeartsSeatState *state);
/* Finished trick @trick; FALSE past the last. */
gboolean             hearts_seat_state_get_trick         (const HeartsSeatState *state,
                                                          guint                  trick,
                                                          HeartsTrick           *out);
/* The scoring cards (hearts, Q♠, and J♦ with omnibus) @seat has taken, and its tricks. */
HeartsCards          hearts_seat_state_get_points_taken  (const HeartsSeatState *state,
                                                          guint                  seat);
guint                hearts_seat_state_get_tricks_won    (const HeartsSeatState *state,
                                                          guint                  seat);
/* What @cards score under the rules. */
gint                 hearts_seat_state_count_points      (const HeartsSeatState *state,
                                                          HeartsCards            cards);
gint                 hearts_seat_state_get_total         (const HeartsSeatState *state,
                                                          guint                  seat);
/* Whether no card left can change a score (see hearts_deal_is_settled()). */
gboolean             hearts_seat_state_is_settled        (const HeartsSeatState *state);
/* Bit per winning seat once the game is over, else 0. */
guint                hearts_seat_state_get_winners       (const HeartsSeatState *state);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (HeartsSeatState, hearts_seat_state_free)
G_DEFINE_AUTOPTR_CLEANUP_FUNC (HeartsSeatEvent, hearts_seat_event_free)

G_END_DECLS
