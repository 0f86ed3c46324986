/* hearts-deal.h: one deal (hand) of Hearts: the pass, the tricks, the points
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "hearts-claim.h"
#include "hearts-refusal.h"
#include "hearts-rng.h"
#include "hearts-rules.h"

G_BEGIN_DECLS

#define HEARTS_MAX_TRICKS 17

typedef enum
{
  HEARTS_DEAL_PASSING,
  HEARTS_DEAL_PLAYING,
  HEARTS_DEAL_DONE,
} HeartsDealPhase;

/* Plain data, copied by value by the AI: no pointers inside. Seats are numbered
 * clockwise, so the player on a seat's left is seat + 1. */
typedef struct
{
  guint8      n_players;
  guint8      hand_size;
  guint8      dealer;
  guint8      pass;            /* HeartsPassDirection */
  guint8      phase;           /* HeartsDealPhase */
  guint8      passed;          /* bit per seat that has passed */
  guint8      received;        /* bit per seat that has picked up its pass */
  guint8      leader;          /* of the current trick */
  guint8      turn;            /* whose turn it is while playing */
  guint8      trick_len;       /* cards on the current trick */
  guint8      lead_suit;       /* of the current trick */
  guint8      win_seat;        /* who is winning the current trick */
  guint8      win_rank;
  HeartsCards trick_cards;     /* the current trick as a set */
  guint8      n_plays;         /* cards played in the whole deal */
  guint8      hearts_broken;
  guint8      tricks_won[HEARTS_MAX_PLAYERS];
  HeartsCards dealt[HEARTS_MAX_PLAYERS];
  HeartsCards hands[HEARTS_MAX_PLAYERS];
  HeartsCards passes[HEARTS_MAX_PLAYERS];
  HeartsCards taken[HEARTS_MAX_PLAYERS];
  HeartsCards played;
  HeartsCard  plays[52];       /* every card in order of play */
  guint8      trick_leaders[HEARTS_MAX_TRICKS];
} HeartsDeal;

/* The deal's own outcome, before the game's totals are taken into account. */
typedef struct
{
  gint   points[HEARTS_MAX_PLAYERS];
  gint8  shooter;             /* seat that shot the moon, or -1 */
  gint8  jack;                /* seat that took the J♦ with omnibus, or -1 */
  guint8 no_tricks;           /* bit per seat that got the no-tricks bonus */
  guint8 moon_minus;          /* the shooter took 26 off rather than giving 26 */
  gint8  queen;               /* seat that took the Q♠, or -1 while nobody has */
} HeartsDealScore;

/* Dealing. hearts_deal_shuffle shuffles the pack with hearts_rules_shuffle_deck, then
 * deals it singly, clockwise from the dealer's left. */
/* The pack of these rules in shuffled order; returns the number of cards. */
guint         hearts_rules_shuffle_deck    (const HeartsRules *rules,
                                            HeartsRng         *rng,
                                            HeartsCard        *cards);
void          hearts_deal_shuffle          (HeartsDeal        *deal,
                                            const HeartsRules *rules,
                                            guint              dealer,
                                            guint              hand_index,
                                            HeartsRng         *rng);
/* Deals the given hands (tests, replay); FALSE unless they split the deck evenly. */
gboolean      hearts_deal_init             (HeartsDeal        *deal,
                                            const HeartsRules *rules,
                                            guint              dealer,
                                            HeartsPassDirection pass,
                                            const HeartsCards *hands);
/* Each player draws; the highest rank deals, tied players draw again. @draws, if
 * not NULL, gets the deciding round (HEARTS_NO_CARD for seats that did not draw). */
guint         hearts_draw_first_dealer     (const HeartsRules *rules,
                                            HeartsRng         *rng,
                                            HeartsCard        *draws);

/* Uniformly one card of @cards, which must not be empty, drawn from 32 random @bits
 * (see hearts_rng_below_bits). Always inline, so that a caller's loop keeps @rng in
 * registers. */
G_ALWAYS_INLINE static inline HeartsCard
hearts_cards_pick_random_bits (HeartsCards  cards,
                               guint32      bits,
                               HeartsRng   *rng)
{
  guint64 sums = hearts_cards_byte_sums (cards);

  return hearts_cards_nth_with_sums (cards, sums,
                                     hearts_rng_below_bits (rng, bits, (guint32) (sums >> 56)));
}

/* Uniformly one card of @cards, which must not be empty. */
G_ALWAYS_INLINE static inline HeartsCard
hearts_cards_pick_random (HeartsCards  cards,
                          HeartsRng   *rng)
{
  return hearts_cards_pick_random_bits (cards, (guint32) (hearts_rng_next (rng) >> 32), rng);
}

/* Passing. */
HeartsRefusal hearts_deal_check_pass       (const HeartsDeal  *deal,
                                            const HeartsRules *rules,
                                            guint              seat,
                                            HeartsCards        cards);
HeartsRefusal hearts_deal_pass             (HeartsDeal        *deal,
                                            const HeartsRules *rules,
                                            guint              seat,
                                            HeartsCards        cards);
/* What @seat has picked up (nothing until both it and its passer have passed). */
HeartsCards   hearts_deal_get_received     (const HeartsDeal  *deal,
                                            const HeartsRules *rules,
                                            guint              seat);

/* Playing. */
static inline guint
hearts_deal_get_current_player (const HeartsDeal *deal)
{
  return deal->turn;
}

guint         hearts_deal_get_trick_index  (const HeartsDeal  *deal);
HeartsRefusal hearts_deal_check_play       (const HeartsDeal  *deal,
                                            const HeartsRules *rules,
                                            guint              seat,
                                            HeartsCard         card);
HeartsRefusal hearts_deal_play             (HeartsDeal        *deal,
                                            const HeartsRules *rules,
                                            guint              seat,
                                            HeartsCard         card);
/* The seat that played the @index-th card of the deal. */
guint         hearts_deal_get_play_seat    (const HeartsDeal  *deal,
                                            guint              index);
/* The cards of trick @trick in order of play; returns how many. */
guint         hearts_deal_get_trick        (const HeartsDeal  *deal,
                                            guint              trick,
                                            HeartsCard        *cards);
gint          hearts_deal_get_trick_winner (const HeartsDeal  *deal,
                                            guint              trick);
gboolean      hearts_deal_is_done          (const HeartsDeal  *deal);

/* Scoring. @totals (may be NULL) are the game totals before this deal: the
 * "shooter chooses" moon rule needs them. */
void          hearts_deal_score            (const HeartsDeal  *deal,
                                            const HeartsRules *rules,
                                            const gint        *totals,
                                            HeartsDealScore   *score);
gint          hearts_cards_points          (HeartsCards        cards,
                                            const HeartsRules *rules);

/* Claims (hearts-claim.c). */
/* Whether no card left can change a score: no heart, Q♠ or (with omnibus) J♦ is still
 * in a hand or on the table, and no seat can still win or lose the no-tricks bonus
 * (the rule is off, or every seat has taken a trick). The moon is then decided too:
 * who holds which point card no longer changes. */
gboolean        hearts_deal_is_settled   (const HeartsDeal  *deal,
                                          const HeartsRules *rules);

/* The exact analysis, over the real hands of @deal while playing. "Decided" means:
 * every legal continuation ends with the same points per seat and the same shooter,
 * as hearts_deal_score gives them with @totals (which may be NULL, as there). Settled hands are found at
 * any point; other decided hands when at most HEARTS_CLAIM_MAX_CARDS cards are left.
 * Returns the kind, and fills @claim (may be NULL) unless the kind is NONE. No
 * allocation: the search works on copies of the deal on the stack. */
HeartsClaimKind hearts_deal_analyze_claim (const HeartsDeal  *deal,
                                           const HeartsRules *rules,
                                           const gint        *totals,
                                           HeartsClaim       *claim);

/* The game around the deals. */
gboolean      hearts_rules_game_is_over          (const HeartsRules *rules,
                                            const gint        *totals,
                                            guint              deals_played);
/* Bit per seat with the lowest total: ties are shared wins. */
guint         hearts_rules_get_winners      (const HeartsRules *rules,
                                            const gint        *totals);

/* The hot path of the simulator and the AI's playouts, inline. */

static inline HeartsCards
hearts_rules_first_trick_barred (const HeartsRules *rules)
{
  switch (rules->first_trick)
    {
    case HEARTS_FIRST_TRICK_NO_POINTS:
      return HEARTS_POINT_CARDS;
    case HEARTS_FIRST_TRICK_NO_HEARTS:
      return HEARTS_HEARTS_MASK;
    case HEARTS_FIRST_TRICK_ANYTHING:
    case HEARTS_N_FIRST_TRICKS:
    default:
      return 0;
    }
}

static inline HeartsCards
hearts_deal_get_legal (const HeartsDeal  *deal,
                       const HeartsRules *rules)
{
  HeartsCards hand, discard;

  if (deal->phase != HEARTS_DEAL_PLAYING)
    return 0;

  hand = deal->hands[hearts_deal_get_current_player (deal)];

  if (deal->trick_len == 0)
    {
      if (G_UNLIKELY (deal->n_plays == 0))
        {
          if (rules->opening == HEARTS_OPENING_ANY_CLUB)
            return hand & HEARTS_SUIT_MASK (HEARTS_SUIT_CLUBS);
          return hand & HEARTS_CARD_BIT (hearts_rules_get_opening_card (rules));
        }
      /* Hearts wait until broken, unless the leader holds nothing else. */
      if (rules->must_break_hearts && !deal->hearts_broken)
        return hearts_cards_or_else (hand & ~HEARTS_HEARTS_MASK, hand);
      return hand;
    }

  discard = hand;
  if (G_UNLIKELY (deal->n_plays < deal->n_players))
    discard = hearts_cards_or_else (hand & ~hearts_rules_first_trick_barred (rules), hand);

  return hearts_cards_or_else (hand & HEARTS_SUIT_MASK (deal->lead_suit), discard);
}

/* For the AI and the simulator: @card must be legal. Returns the trick's winner when
 * the card completes a trick, else -1. */
static inline gint
hearts_deal_play_unchecked (HeartsDeal        *deal,
                            const HeartsRules *rules,
                            HeartsCard         card)
{
  guint seat = deal->turn;
  guint n = deal->n_players;
  HeartsCards bit = HEARTS_CARD_BIT (card);
  guint suit = HEARTS_CARD_SUIT (card);
  guint rank = HEARTS_CARD_RANK (card);
  guint winner;

  deal->hands[seat] &= ~bit;
  deal->played |= bit;
  deal->plays[deal->n_plays++] = card;

  /* The trick's winner so far is kept as cards fall: no pass over the trick at the end.
   * Masks rather than a branch, as whether a card beats the trick is a coin toss. */
  if (deal->trick_len == 0)
    {
      deal->lead_suit = suit;
      deal->win_seat = seat;
      deal->win_rank = rank;
      deal->trick_cards = bit;
    }
  else
    {
      guint beats = (suit == deal->lead_suit) & (rank > deal->win_rank);
      guint keep = beats - 1;

      deal->win_seat = (deal->win_seat & keep) | (seat & ~keep);
      deal->win_rank = (deal->win_rank & keep) | (rank & ~keep);
      deal->trick_cards |= bit;
    }
  deal->trick_len++;

  /* The official rules: "a heart or the queen … discarded" breaks hearts. The queen is
   * one play in a deal, so her branch is nearly always foreseen. */
  deal->hearts_broken |= suit == HEARTS_SUIT_HEARTS;
  if (G_UNLIKELY (card == HEARTS_QUEEN_OF_SPADES) && rules->queen_breaks_hearts &&
      deal->lead_suit != HEARTS_SUIT_SPADES)
    deal->hearts_broken = TRUE;

  if (deal->trick_len < n)
    {
      deal->turn = seat + 1 == n ? 0 : seat + 1;
      return -1;
    }

  winner = deal->win_seat;
  deal->taken[winner] |= deal->trick_cards;
  deal->tricks_won[winner]++;
  deal->leader = winner;
  deal->turn = winner;
  deal->trick_len = 0;

  if (deal->n_plays == n * deal->hand_size)
    deal->phase = HEARTS_DEAL_DONE;
  else
    deal->trick_leaders[deal->n_plays / n] = winner;

  return winner;
}

G_END_DECLS
