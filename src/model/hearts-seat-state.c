/* hearts-seat-state.c
 *
 * The deal part is the engine's HeartsView, kept move by move (hearts_view_start/
 * _pass/_play): what the engine's computer players are given is exactly what a view
 * may show.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <string.h>

#include "hearts-seat-state-private.h"

G_DEFINE_BOXED_TYPE (HeartsTrick, hearts_trick, hearts_trick_copy, hearts_trick_free)
G_DEFINE_BOXED_TYPE (HeartsSeatState, hearts_seat_state, hearts_seat_state_copy, hearts_seat_state_free)
G_DEFINE_BOXED_TYPE (HeartsSeatEvent, hearts_seat_event, hearts_seat_event_copy, hearts_seat_event_free)

void
hearts_seat_state_init (HeartsSeatState   *state,
                        const HeartsRules *rules,
                        const HeartsDeal  *deal,
                        guint              seat,
                        HeartsPhase        phase,
                        guint              n_results,
                        const gint        *totals,
                        const gint        *hand_points)
{
  gint  before[HEARTS_MAX_PLAYERS] = { 0 };
  guint hand_index = n_results;

  /* Once scored, the hand's points are in the totals but not in the view's. */
  if (phase == HEARTS_PHASE_HAND_OVER || phase == HEARTS_PHASE_GAME_OVER)
    hand_index = n_results - 1;
  for (guint s = 0; s < rules->n_players; s++)
    before[s] = totals[s] - (hand_points != NULL ? hand_points[s] : 0);

  memset (state, 0, sizeof *state);
  hearts_view_init (&state->view, rules, deal, seat, hand_index, before);
  memcpy (state->totals, totals, rules->n_players * sizeof (gint));
  state->n_results = n_results;
  state->phase = phase;
  if (phase == HEARTS_PHASE_GAME_OVER)
    state->winners = hearts_rules_get_winners (rules, totals);
}

HeartsTrick *
hearts_trick_copy (const HeartsTrick *trick)
{
  return g_memdup2 (trick, sizeof *trick);
}

void
hearts_trick_free (HeartsTrick *trick)
{
  g_free (trick);
}

HeartsSeatState *
hearts_seat_state_copy (const HeartsSeatState *state)
{
  return g_memdup2 (state, sizeof *state);
}

void
hearts_seat_state_free (HeartsSeatState *state)
{
  g_free (state);
}

gboolean
hearts_seat_state_equal (const HeartsSeatState *a,
                         const HeartsSeatState *b)
{
  /* Every copy starts zeroed and is assigned whole, so no padding differs. */
  return memcmp (a, b, sizeof *a) == 0;
}

HeartsSeatEvent *
hearts_seat_event_copy (const HeartsSeatEvent *event)
{
  HeartsSeatEvent *copy = g_memdup2 (event, sizeof *event);

  if (event->state != NULL)
    copy->state = hearts_seat_state_copy (event->state);
  return copy;
}

void
hearts_seat_event_free (HeartsSeatEvent *event)
{
  if (event == NULL)
    return;
  g_clear_pointer (&event->state, hearts_seat_state_free);
  g_free (event);
}

gboolean
hearts_seat_event_equal (const HeartsSeatEvent *a,
                         const HeartsSeatEvent *b)
{
  if (a->kind != b->kind)
    return FALSE;
  switch (a->kind)
    {
    case HEARTS_SEAT_EVENT_RESET:
      return a->state != NULL && b->state != NULL && hearts_seat_state_equal (a->state, b->state);
    case HEARTS_SEAT_EVENT_HAND_STARTED:
      return a->index == b->index && a->seat == b->seat && a->pass == b->pass && a->cards == b->cards &&
             a->leader == b->leader;
    case HEARTS_SEAT_EVENT_CARDS_PASSED:
      return a->seat == b->seat && a->cards == b->cards && a->received == b->received && a->leader == b->leader;
    case HEARTS_SEAT_EVENT_CARD_PLAYED:
      return a->seat == b->seat && a->card == b->card;
    case HEARTS_SEAT_EVENT_TRICK_TAKEN:
      return a->seat == b->seat && a->index == b->index;
    case HEARTS_SEAT_EVENT_HAND_FINISHED:
      return a->index == b->index && memcmp (&a->result, &b->result, sizeof a->result) == 0;
    case HEARTS_SEAT_EVENT_GAME_OVER:
      return a->winners == b->winners;
    default:
      return FALSE;
    }
}

/* The last finished trick's first play. */
static guint
last_trick_start (const HeartsSeatState *state)
{
  return state->view.deal.n_plays - state->view.deal.n_players;
}

static gboolean
apply_hand_finished (HeartsSeatState       *state,
                     const HeartsSeatEvent *event)
{
  const HeartsRules *rules = &state->view.rules;
  HeartsDealScore    score;
  guint              n = rules->n_players;

  if (!hearts_deal_is_done (&state->view.deal) || state->phase != HEARTS_PHASE_PLAYING || state->waiting ||
      event->index != state->n_results || event->index != state->view.hand_index)
    return FALSE;

  /* Every card is played: the score follows from what everyone saw. */
  hearts_deal_score (&state->view.deal, rules, state->view.totals, &score);
  if (event->result.shooter != score.shooter || event->result.jack != score.jack ||
      event->result.no_tricks != score.no_tricks || !event->result.moon_minus != !score.moon_minus)
    return FALSE;
  for (guint s = 0; s < n; s++)
    if (event->result.points[s] != score.points[s] ||
        event->result.totals[s] != state->totals[s] + score.points[s])
      return FALSE;

  for (guint s = 0; s < n; s++)
    state->totals[s] = event->result.totals[s];
  state->n_results++;
  if (hearts_rules_game_is_over (rules, state->totals, state->n_results))
    {
      state->phase = HEARTS_PHASE_GAME_OVER;
      state->winners = hearts_rules_get_winners (rules, state->totals);
    }
  else
    state->phase = HEARTS_PHASE_HAND_OVER;
  return TRUE;
}

gboolean
hearts_seat_state_apply (HeartsSeatState       *state,
                         const HeartsSeatEvent *event)
{
  HeartsSeatState next = *state;
  HeartsDeal     *deal = &next.view.deal;

  switch (event->kind)
    {
    case HEARTS_SEAT_EVENT_RESET:
      if (event->state == NULL || event->state->view.seat != state->view.seat)
        return FALSE;
      next = *event->state;
      break;

    case HEARTS_SEAT_EVENT_HAND_STARTED:
      if (next.phase != HEARTS_PHASE_HAND_OVER || event->index != next.n_results ||
          !hearts_view_start (&next.view, &state->view.rules, state->view.seat, event->index, state->totals,
                              event->seat, event->pass, event->cards, event->leader))
        return FALSE;
      next.phase = deal->phase == HEARTS_DEAL_PASSING ? HEARTS_PHASE_PASSING : HEARTS_PHASE_PLAYING;
      next.waiting = FALSE;
      break;

    case HEARTS_SEAT_EVENT_CARDS_PASSED:
      if (next.phase != HEARTS_PHASE_PASSING ||
          !hearts_view_pass (&next.view, event->seat, event->cards, event->received, event->leader))
        return FALSE;
      if (deal->phase == HEARTS_DEAL_PLAYING)
        next.phase = HEARTS_PHASE_PLAYING;
      break;

    case HEARTS_SEAT_EVENT_CARD_PLAYED:
      if (next.phase != HEARTS_PHASE_PLAYING || next.waiting ||
          !hearts_view_play (&next.view, event->seat, event->card))
        return FALSE;
      next.waiting = deal->trick_len == 0;
      break;

    case HEARTS_SEAT_EVENT_TRICK_TAKEN:
      if (!next.waiting || event->index != deal->n_plays / deal->n_players - 1 ||
          (gint) event->seat != hearts_deal_get_trick_winner (deal, event->index))
        return FALSE;
      next.waiting = FALSE;
      break;

    case HEARTS_SEAT_EVENT_HAND_FINISHED:
      if (!apply_hand_finished (&next, event))
        return FALSE;
      break;

    case HEARTS_SEAT_EVENT_GAME_OVER:
      if (next.phase != HEARTS_PHASE_GAME_OVER || event->winners != next.winners)
        return FALSE;
      break;

    default:
      return FALSE;
    }

  *state = next;
  return TRUE;
}

guint
hearts_seat_state_get_seat (const HeartsSeatState *state)
{
  return state->view.seat;
}

guint
hearts_seat_state_get_n_players (const HeartsSeatState *state)
{
  return state->view.rules.n_players;
}

const HeartsRules *
hearts_seat_state_get_rules (const HeartsSeatState *state)
{
  return &state->view.rules;
}

HeartsPhase
hearts_seat_state_get_phase (const HeartsSeatState *state)
{
  return state->phase;
}

guint
hearts_seat_state_get_hand_index (const HeartsSeatState *state)
{
  return state->view.hand_index;
}

guint
hearts_seat_state_get_n_results (const HeartsSeatState *state)
{
  return state->n_results;
}

HeartsPassDirection
hearts_seat_state_get_pass_direction (const HeartsSeatState *state)
{
  return state->view.deal.pass;
}

gboolean
hearts_seat_state_get_hearts_broken (const HeartsSeatState *state)
{
  return state->view.deal.hearts_broken != 0;
}

gint
hearts_seat_state_get_current_player (const HeartsSeatState *state)
{
  return state->phase == HEARTS_PHASE_PLAYING ? (gint) state->view.deal.turn : -1;
}

gboolean
hearts_seat_state_is_own_turn (const HeartsSeatState *state)
{
  if (state->phase == HEARTS_PHASE_PASSING)
    return !hearts_seat_state_has_passed (state, state->view.seat);
  return hearts_seat_state_get_current_player (state) == (gint) state->view.seat;
}

HeartsCards
hearts_seat_state_get_hand (const HeartsSeatState *state)
{
  return state->view.deal.hands[state->view.seat];
}

HeartsCards
hearts_seat_state_get_legal (const HeartsSeatState *state)
{
  if (hearts_seat_state_get_current_player (state) != (gint) state->view.seat)
    return 0;
  return hearts_deal_get_legal (&state->view.deal, &state->view.rules);
}

HeartsCards
hearts_seat_state_get_passed (const HeartsSeatState *state)
{
  return hearts_seat_state_has_passed (state, state->view.seat) ? state->view.deal.passes[state->view.seat] : 0;
}

HeartsCards
hearts_seat_state_get_received (const HeartsSeatState *state)
{
  return hearts_view_get_received (&state->view);
}

gboolean
hearts_seat_state_has_passed (const HeartsSeatState *state,
                              guint                  seat)
{
  return seat < state->view.deal.n_players && (state->view.deal.passed & (1u << seat)) != 0;
}

gboolean
hearts_seat_state_has_played (const HeartsSeatState *state,
                              guint                  seat)
{
  const HeartsDeal *deal = &state->view.deal;

  for (guint i = 0; i < deal->n_plays; i++)
    if (hearts_deal_get_play_seat (deal, i) == seat)
      return TRUE;
  return FALSE;
}

guint
hearts_seat_state_get_hand_count (const HeartsSeatState *state,
                                  guint                  seat)
{
  if (seat == state->view.seat)
    return hearts_cards_count (hearts_seat_state_get_hand (state));
  return hearts_view_get_hand_count (&state->view, seat);
}

guint
hearts_seat_state_get_table (const HeartsSeatState *state,
                             HeartsCard            *cards,
                             guint                 *leader)
{
  const HeartsDeal *deal = &state->view.deal;
  guint             start, n;

  if (state->waiting)
    {
      start = last_trick_start (state);
      n = deal->n_players;
      if (leader != NULL)
        *leader = deal->trick_leaders[start / deal->n_players];
    }
  else
    {
      start = deal->n_plays - deal->trick_len;
      n = deal->trick_len;
      if (leader != NULL)
        *leader = deal->leader;
    }
  if (cards != NULL)
    memcpy (cards, &deal->plays[start], n * sizeof (HeartsCard));
  return n;
}

gboolean
hearts_seat_state_get_trick_waiting (const HeartsSeatState *state)
{
  return state->waiting;
}

guint
hearts_seat_state_get_n_tricks (const HeartsSeatState *state)
{
  if (state->phase == HEARTS_PHASE_PASSING)
    return 0;
  return hearts_deal_get_trick_index (&state->view.deal);
}

gboolean
hearts_seat_state_get_trick (const HeartsSeatState *state,
                             guint                  trick,
                             HeartsTrick           *out)
{
  const HeartsDeal *deal = &state->view.deal;
  HeartsCards       cards = 0;

  if (trick >= hearts_seat_state_get_n_tricks (state))
    return FALSE;
  memset (out, 0, sizeof *out);
  out->n_cards = hearts_deal_get_trick (deal, trick, out->cards);
  out->leader = deal->trick_leaders[trick];
  out->winner = hearts_deal_get_trick_winner (deal, trick);
  for (guint i = 0; i < out->n_cards; i++)
    cards |= HEARTS_CARD_BIT (out->cards[i]);
  out->points = hearts_cards_points (cards, &state->view.rules);
  return TRUE;
}

/* The waiting trick's cards, which its winner has not taken yet. */
static HeartsCards
waiting_cards (const HeartsSeatState *state,
               guint                  seat,
               guint                 *n_tricks)
{
  const HeartsDeal *deal = &state->view.deal;
  HeartsCards       cards = 0;
  guint             start;

  *n_tricks = 0;
  if (!state->waiting)
    return 0;
  start = last_trick_start (state);
  if ((gint) seat != hearts_deal_get_trick_winner (deal, start / deal->n_players))
    return 0;
  for (guint i = start; i < deal->n_plays; i++)
    cards |= HEARTS_CARD_BIT (deal->plays[i]);
  *n_tricks = 1;
  return cards;
}

HeartsCards
hearts_seat_state_get_points_taken (const HeartsSeatState *state,
                                    guint                  seat)
{
  HeartsCards scoring = HEARTS_POINT_CARDS;
  guint       n_waiting;

  if (state->phase == HEARTS_PHASE_PASSING || seat >= state->view.deal.n_players)
    return 0;
  if (state->view.rules.omnibus)
    scoring |= HEARTS_CARD_BIT (HEARTS_JACK_OF_DIAMONDS);
  return state->view.deal.taken[seat] & ~waiting_cards (state, seat, &n_waiting) & scoring;
}

guint
hearts_seat_state_get_tricks_won (const HeartsSeatState *state,
                                  guint                  seat)
{
  guint n_waiting;

  if (seat >= state->view.deal.n_players)
    return 0;
  waiting_cards (state, seat, &n_waiting);
  return state->view.deal.tricks_won[seat] - n_waiting;
}

gint
hearts_seat_state_count_points (const HeartsSeatState *state,
                                HeartsCards            cards)
{
  return hearts_cards_points (cards, &state->view.rules);
}

gint
hearts_seat_state_get_total (const HeartsSeatState *state,
                             guint                  seat)
{
  return seat < state->view.deal.n_players ? state->totals[seat] : 0;
}

guint
hearts_seat_state_get_winners (const HeartsSeatState *state)
{
  return state->winners;
}

gboolean
hearts_seat_state_is_settled (const HeartsSeatState *state)
{
  HeartsDeal deal = state->view.deal;
  guint      other = (state->view.seat + 1) % deal.n_players;

  /* Which hand holds the cards the seat cannot see makes no difference: they are left. */
  deal.hands[other] |= state->view.unseen;
  return state->phase == HEARTS_PHASE_PLAYING && hearts_deal_is_settled (&deal, &state->view.rules);
}
