/* hearts-deal.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#include "hearts-deal.h"

#define CLUBS  HEARTS_SUIT_MASK (HEARTS_SUIT_CLUBS)
#define HEARTS HEARTS_HEARTS_MASK
#define QUEEN  HEARTS_CARD_BIT (HEARTS_QUEEN_OF_SPADES)

static void
start_play (HeartsDeal        *deal,
            const HeartsRules *rules)
{
  HeartsCards deck = 0;
  HeartsCard  opening;
  guint       leader = 0;

  for (guint s = 0; s < deal->n_players; s++)
    deck |= deal->hands[s];
  opening = hearts_cards_lowest (deck & CLUBS);

  /* Exactly one seat holds the opening card: a sum rather than a search, whose
   * branch would be a guess on every deal. */
  for (guint s = 0; s < deal->n_players; s++)
    leader += s * hearts_cards_has (deal->hands[s], opening);

  deal->phase = HEARTS_DEAL_PLAYING;
  deal->leader = leader;
  deal->trick_leaders[0] = leader;
  deal->turn = leader;
  deal->trick_len = 0;
}

/* The trusted part of hearts_deal_init: @hands are known to split the deck evenly. */
static void
deal_hands (HeartsDeal         *deal,
            const HeartsRules  *rules,
            guint               dealer,
            HeartsPassDirection pass,
            const HeartsCards  *hands,
            guint               hand_size)
{
  memset (deal, 0, sizeof *deal);
  deal->n_players = rules->n_players;
  deal->hand_size = hand_size;
  deal->dealer = dealer;
  deal->pass = pass;
  for (guint s = 0; s < rules->n_players; s++)
    deal->dealt[s] = deal->hands[s] = hands[s];

  if (pass == HEARTS_PASS_HOLD)
    start_play (deal, rules);
  else
    deal->phase = HEARTS_DEAL_PASSING;
}

gboolean
hearts_deal_init (HeartsDeal         *deal,
                  const HeartsRules  *rules,
                  guint               dealer,
                  HeartsPassDirection pass,
                  const HeartsCards  *hands)
{
  HeartsCards deck = hearts_rules_get_deck (rules);
  guint       hand_size = hearts_rules_get_hand_size (rules);
  HeartsCards seen = 0;

  g_return_val_if_fail (hearts_rules_check (rules) == NULL, FALSE);

  if (dealer >= rules->n_players || (guint) pass > HEARTS_PASS_HOLD)
    return FALSE;
  if (pass == HEARTS_PASS_ACROSS && rules->n_players != 4)
    return FALSE;

  /* A computer cannot misdeal: every hand gets its share and every card is dealt once. */
  for (guint s = 0; s < rules->n_players; s++)
    {
      if (hearts_cards_count (hands[s]) != hand_size || (hands[s] & seen) != 0)
        return FALSE;
      seen |= hands[s];
    }
  if (seen != deck)
    return FALSE;

  deal_hands (deal, rules, dealer, pass, hands, hand_size);
  return TRUE;
}

/* The deck as an array of one-card sets, in card order: what the shuffle permutes. */
static guint
fill_deck (HeartsCards  deck,
           HeartsCards *cards)
{
  static const HeartsCards full_deck[52] = {
#define SUIT(s)                                                                   \
  HEARTS_CARD_BIT (HEARTS_CARD (s, 0)), HEARTS_CARD_BIT (HEARTS_CARD (s, 1)),     \
    HEARTS_CARD_BIT (HEARTS_CARD (s, 2)), HEARTS_CARD_BIT (HEARTS_CARD (s, 3)),   \
    HEARTS_CARD_BIT (HEARTS_CARD (s, 4)), HEARTS_CARD_BIT (HEARTS_CARD (s, 5)),   \
    HEARTS_CARD_BIT (HEARTS_CARD (s, 6)), HEARTS_CARD_BIT (HEARTS_CARD (s, 7)),   \
    HEARTS_CARD_BIT (HEARTS_CARD (s, 8)), HEARTS_CARD_BIT (HEARTS_CARD (s, 9)),   \
    HEARTS_CARD_BIT (HEARTS_CARD (s, 10)), HEARTS_CARD_BIT (HEARTS_CARD (s, 11)), \
    HEARTS_CARD_BIT (HEARTS_CARD (s, 12))
    SUIT (HEARTS_SUIT_CLUBS),
    SUIT (HEARTS_SUIT_DIAMONDS),
    SUIT (HEARTS_SUIT_SPADES),
    SUIT (HEARTS_SUIT_HEARTS),
#undef SUIT
  };
  guint n = 0;

  /* Four players, the usual game, deal the whole deck: a copy rather than a loop. */
  if (deck == HEARTS_FULL_DECK)
    {
      memcpy (cards, full_deck, sizeof full_deck);
      return G_N_ELEMENTS (full_deck);
    }

  for (HeartsCards rest = deck; rest != 0; rest &= rest - 1)
    cards[n++] = rest & -rest;
  return n;
}

static inline void
swap_cards (HeartsCards *cards,
            guint        i,
            guint        j)
{
  HeartsCards t = cards[i];

  cards[i] = cards[j];
  cards[j] = t;
}

/* Position @i's partner in Fisher–Yates: uniform in [0, i] from 32 random bits. */
static inline guint
draw_below (guint32 bits,
            guint   i)
{
  return (guint) ((bits * (guint64) (i + 1)) >> 32);
}

static void
shuffle (HeartsCards *cards,
         guint        n,
         HeartsRng   *rng)
{
  guint i = n - 1;

  /* Fisher–Yates. Bounds are at most 64, so 32 random bits per draw leave a bias below
   * 2^-26; each generator output serves two draws, low half first, which halves the
   * dealing cost. */
  for (; i >= 2; i -= 2)
    {
      guint64 r = hearts_rng_next (rng);

      swap_cards (cards, i, draw_below ((guint32) r, i));
      swap_cards (cards, i - 1, draw_below ((guint32) (r >> 32), i - 1));
    }
  if (i == 1)
    swap_cards (cards, 1, draw_below ((guint32) hearts_rng_next (rng), 1));
}

guint
hearts_rules_shuffle_deck (const HeartsRules *rules,
                           HeartsRng         *rng,
                           HeartsCard        *cards)
{
  HeartsCards bits[64];
  guint       n = fill_deck (hearts_rules_get_deck (rules), bits);

  shuffle (bits, n, rng);
  for (guint i = 0; i < n; i++)
    cards[i] = hearts_cards_lowest (bits[i]);
  return n;
}

void
hearts_deal_shuffle (HeartsDeal        *deal,
                     const HeartsRules *rules,
                     guint              dealer,
                     guint              hand_index,
                     HeartsRng         *rng)
{
  HeartsCards cards[64];
  HeartsCards hands[HEARTS_MAX_PLAYERS];
  guint       n_players = rules->n_players;
  guint       n, seat;

  g_return_if_fail (hearts_rules_check (rules) == NULL);
  g_return_if_fail (dealer < n_players);

  n = fill_deck (hearts_rules_get_deck (rules), cards);
  shuffle (cards, n, rng);

  /* Singly and clockwise, beginning with the player on the dealer's left: that player
   * gets positions 0, n_players, 2 n_players … of the shuffled deck. */
  seat = dealer;
  for (guint first = 0; first < n_players; first++)
    {
      HeartsCards hand = 0;

      for (guint i = first; i < n; i += n_players)
        hand |= cards[i];
      seat = seat + 1 == n_players ? 0 : seat + 1;
      hands[seat] = hand;
    }

  /* These hands are right by construction: no need for hearts_deal_init's checks. */
  deal_hands (deal, rules, dealer, hearts_rules_get_pass (rules, hand_index), hands,
              n / n_players);
}

guint
hearts_draw_first_dealer (const HeartsRules *rules,
                          HeartsRng         *rng,
                          HeartsCard        *draws)
{
  HeartsCards cards[64];
  guint       n = fill_deck (hearts_rules_get_deck (rules), cards);
  guint       drawing = (1u << rules->n_players) - 1;

  for (;;)
    {
      HeartsCard round[HEARTS_MAX_PLAYERS];
      guint      next = 0, best_rank = 0, best = 0;

      shuffle (cards, n, rng);
      for (guint s = 0; s < rules->n_players; s++)
        {
          round[s] = (drawing & (1u << s)) ? hearts_cards_lowest (cards[next++]) : HEARTS_NO_CARD;
          if (round[s] != HEARTS_NO_CARD && HEARTS_CARD_RANK (round[s]) >= best_rank)
            best_rank = HEARTS_CARD_RANK (round[s]);
        }
      for (guint s = 0; s < rules->n_players; s++)
        if (round[s] != HEARTS_NO_CARD && HEARTS_CARD_RANK (round[s]) == best_rank)
          best |= 1u << s;

      if (draws != NULL)
        memcpy (draws, round, rules->n_players * sizeof (HeartsCard));

      /* Only the players tied for the highest rank draw again. */
      if (hearts_cards_count (best) == 1)
        return hearts_cards_lowest (best);
      drawing = best;
    }
}

/* Passing */

HeartsRefusal
hearts_deal_check_pass (const HeartsDeal  *deal,
                        const HeartsRules *rules,
                        guint              seat,
                        HeartsCards        cards)
{
  if (deal->phase != HEARTS_DEAL_PASSING)
    return HEARTS_REFUSAL_WRONG_PHASE;
  if (seat >= deal->n_players)
    return HEARTS_REFUSAL_NOT_YOUR_TURN;
  if (deal->passed & (1u << seat))
    return HEARTS_REFUSAL_ALREADY_PASSED;
  if (hearts_cards_count (cards) != HEARTS_PASS_SIZE)
    return HEARTS_REFUSAL_PASS_COUNT;
  if ((cards & ~deal->hands[seat]) != 0)
    return HEARTS_REFUSAL_NOT_IN_HAND;
  return HEARTS_REFUSAL_NONE;
}

static void
pick_up_pass (HeartsDeal *deal,
              guint       seat,
              guint       from)
{
  guint both = (1u << seat) | (1u << from);

  if ((deal->passed & both) == both && (deal->received & (1u << seat)) == 0)
    {
      deal->hands[seat] |= deal->passes[from];
      deal->received |= 1u << seat;
    }
}

HeartsRefusal
hearts_deal_pass (HeartsDeal        *deal,
                  const HeartsRules *rules,
                  guint              seat,
                  HeartsCards        cards)
{
  HeartsRefusal refusal = hearts_deal_check_pass (deal, rules, seat, cards);
  guint         all = (1u << deal->n_players) - 1;

  if (refusal != HEARTS_REFUSAL_NONE)
    return refusal;

  deal->hands[seat] &= ~cards;
  deal->passes[seat] = cards;
  deal->passed |= 1u << seat;

  /* A player picks up the cards passed to them only once they have passed too. This
   * pass can complete two pick-ups: this seat's own, and that of the seat it passed to. */
  pick_up_pass (deal, seat, hearts_rules_pass_source (rules, deal->pass, seat));
  pick_up_pass (deal, hearts_rules_pass_target (rules, deal->pass, seat), seat);

  if (deal->passed == all)
    start_play (deal, rules);

  return HEARTS_REFUSAL_NONE;
}

HeartsCards
hearts_deal_get_received (const HeartsDeal  *deal,
                          const HeartsRules *rules,
                          guint              seat)
{
  if (seat >= deal->n_players || (deal->received & (1u << seat)) == 0)
    return 0;
  return deal->passes[hearts_rules_pass_source (rules, deal->pass, seat)];
}

/* Playing */

guint
hearts_deal_get_trick_index (const HeartsDeal *deal)
{
  return (deal->n_plays - deal->trick_len) / deal->n_players;
}

HeartsRefusal
hearts_deal_check_play (const HeartsDeal  *deal,
                        const HeartsRules *rules,
                        guint              seat,
                        HeartsCard         card)
{
  HeartsCards hand;

  if (deal->phase != HEARTS_DEAL_PLAYING)
    return HEARTS_REFUSAL_WRONG_PHASE;
  if (seat != hearts_deal_get_current_player (deal))
    return HEARTS_REFUSAL_NOT_YOUR_TURN;

  hand = deal->hands[seat];
  if (!hearts_card_is_valid (card) || !hearts_cards_has (hand, card))
    return HEARTS_REFUSAL_NOT_IN_HAND;
  if (hearts_cards_has (hearts_deal_get_legal (deal, rules), card))
    return HEARTS_REFUSAL_NONE;

  if (deal->trick_len == 0)
    {
      if (deal->n_plays == 0)
        return rules->opening == HEARTS_OPENING_ANY_CLUB ? HEARTS_REFUSAL_MUST_LEAD_CLUB
                                                         : HEARTS_REFUSAL_MUST_LEAD_OPENING_CARD;
      return HEARTS_REFUSAL_HEARTS_NOT_BROKEN;
    }
  if (hand & HEARTS_SUIT_MASK (deal->lead_suit))
    return HEARTS_REFUSAL_MUST_FOLLOW_SUIT;
  return rules->first_trick == HEARTS_FIRST_TRICK_NO_HEARTS ? HEARTS_REFUSAL_NO_HEARTS_FIRST_TRICK
                                                            : HEARTS_REFUSAL_NO_POINTS_FIRST_TRICK;
}

static guint
trick_winner_offset (const HeartsCard *cards,
                     guint             n)
{
  guint best = 0;

  /* Highest card of the suit led; there are no trumps. */
  for (guint i = 1; i < n; i++)
    if (HEARTS_CARD_SUIT (cards[i]) == HEARTS_CARD_SUIT (cards[0]) &&
        HEARTS_CARD_RANK (cards[i]) > HEARTS_CARD_RANK (cards[best]))
      best = i;
  return best;
}

HeartsRefusal
hearts_deal_play (HeartsDeal        *deal,
                  const HeartsRules *rules,
                  guint              seat,
                  HeartsCard         card)
{
  HeartsRefusal refusal = hearts_deal_check_play (deal, rules, seat, card);

  if (refusal == HEARTS_REFUSAL_NONE)
    hearts_deal_play_unchecked (deal, rules, card);
  return refusal;
}

guint
hearts_deal_get_play_seat (const HeartsDeal *deal,
                           guint             index)
{
  guint n = deal->n_players;

  return (deal->trick_leaders[index / n] + index % n) % n;
}

guint
hearts_deal_get_trick (const HeartsDeal *deal,
                       guint             trick,
                       HeartsCard       *cards)
{
  guint start = trick * deal->n_players;
  guint count;

  if (start >= deal->n_plays)
    return 0;
  count = MIN (deal->n_players, deal->n_plays - start);
  memcpy (cards, &deal->plays[start], count * sizeof (HeartsCard));
  return count;
}

gint
hearts_deal_get_trick_winner (const HeartsDeal *deal,
                              guint             trick)
{
  guint n = deal->n_players;
  guint start = trick * n;

  if (start + n > deal->n_plays)
    return -1;
  return (deal->trick_leaders[trick] + trick_winner_offset (&deal->plays[start], n)) % n;
}

gboolean
hearts_deal_is_done (const HeartsDeal *deal)
{
  return deal->phase == HEARTS_DEAL_DONE;
}

/* Scoring */

gint
hearts_cards_points (HeartsCards        cards,
                     const HeartsRules *rules)
{
  gint points = hearts_cards_count (cards & HEARTS);

  if (cards & QUEEN)
    points += 13;
  if (rules->omnibus && hearts_cards_has (cards, HEARTS_JACK_OF_DIAMONDS))
    points += HEARTS_OMNIBUS_BONUS;
  return points;
}

gboolean
hearts_rules_game_is_over (const HeartsRules *rules,
                           const gint        *totals,
                           guint              deals_played)
{
  switch (rules->end)
    {
    case HEARTS_END_SCORE:
      for (guint s = 0; s < rules->n_players; s++)
        if (totals[s] >= (gint) rules->end_value)
          return TRUE;
      return FALSE;
    case HEARTS_END_DEALS:
      return deals_played >= rules->end_value;
    case HEARTS_END_MATCHES:
      return deals_played >= rules->end_value * rules->n_players;
    case HEARTS_N_ENDS:
    default:
      return TRUE;
    }
}

guint
hearts_rules_get_winners (const HeartsRules *rules,
                          const gint        *totals)
{
  gint  best = G_MAXINT;
  guint winners = 0;

  for (guint s = 0; s < rules->n_players; s++)
    best = MIN (best, totals[s]);
  for (guint s = 0; s < rules->n_players; s++)
    if (totals[s] == best)
      winners |= 1u << s;
  return winners;
}

/* Whether "others +26" would end the game with the shooter not winning outright. */
static gboolean
others_plus_hurts_shooter (const HeartsRules *rules,
                           const gint        *totals,
                           const gint        *points,
                           guint              shooter)
{
  gint after[HEARTS_MAX_PLAYERS];

  if (rules->end != HEARTS_END_SCORE)
    return FALSE;
  for (guint s = 0; s < rules->n_players; s++)
    after[s] = totals[s] + points[s] + (s == shooter ? 0 : 26);
  if (!hearts_rules_game_is_over (rules, after, 0))
    return FALSE;
  return hearts_rules_get_winners (rules, after) != (1u << shooter);
}

void
hearts_deal_score (const HeartsDeal  *deal,
                   const HeartsRules *rules,
                   const gint        *totals,
                   HeartsDealScore   *score)
{
  HeartsCards all_points = HEARTS_POINT_CARDS & hearts_rules_get_deck (rules);
  HeartsMoon  moon = rules->moon;
  guint       n = deal->n_players;

  memset (score, 0, sizeof *score);
  score->shooter = -1;
  score->jack = -1;
  score->queen = -1;

  for (guint s = 0; s < n; s++)
    {
      score->points[s] = hearts_cards_points (deal->taken[s], rules);
      if ((deal->taken[s] & all_points) == all_points)
        score->shooter = s;
      if (rules->omnibus && (deal->taken[s] & HEARTS_CARD_BIT (HEARTS_JACK_OF_DIAMONDS)))
        score->jack = s;
      if (deal->taken[s] & HEARTS_CARD_BIT (HEARTS_QUEEN_OF_SPADES))
        score->queen = s;
      if (rules->no_tricks_bonus && deal->tricks_won[s] == 0 && hearts_deal_is_done (deal))
        {
          score->points[s] += HEARTS_NO_TRICKS_BONUS;
          score->no_tricks |= 1u << s;
        }
    }

  if (score->shooter < 0)
    return;

  /* The shooter's 26 points are taken off; the J♦ and the no-trick bonus stay. */
  score->points[score->shooter] -= 26;

  if (moon == HEARTS_MOON_SHOOTER_CHOOSES)
    moon = (totals != NULL && others_plus_hurts_shooter (rules, totals, score->points, score->shooter))
             ? HEARTS_MOON_SHOOTER_MINUS_26
             : HEARTS_MOON_OTHERS_PLUS_26;

  score->moon_minus = moon == HEARTS_MOON_SHOOTER_MINUS_26;
  if (score->moon_minus)
    score->points[score->shooter] -= 26;
  else
    for (guint s = 0; s < n; s++)
      if (s != (guint) score->shooter)
        score->points[s] += 26;
}

const char *
hearts_refusal_to_id (HeartsRefusal refusal)
{
  static const char *ids[] = {
    "none",
    "wrong-phase",
    "not-your-turn",
    "not-in-hand",
    "must-follow-suit",
    "hearts-not-broken",
    "no-points-first-trick",
    "no-hearts-first-trick",
    "must-lead-opening-card",
    "must-lead-club",
    "pass-count",
    "already-passed",
  };

  G_STATIC_ASSERT (G_N_ELEMENTS (ids) == HEARTS_N_REFUSALS);
  return (guint) refusal < HEARTS_N_REFUSALS ? ids[refusal] : "unknown";
}

const char *
hearts_refusal_get_message (HeartsRefusal refusal)
{
  switch (refusal)
    {
    case HEARTS_REFUSAL_NONE:
      return "";
    case HEARTS_REFUSAL_WRONG_PHASE:
      return _("That cannot be done now");
    case HEARTS_REFUSAL_NOT_YOUR_TURN:
      return _("It is not your turn");
    case HEARTS_REFUSAL_NOT_IN_HAND:
      return _("That card is not in your hand");
    case HEARTS_REFUSAL_MUST_FOLLOW_SUIT:
      return _("You must follow suit");
    case HEARTS_REFUSAL_HEARTS_NOT_BROKEN:
      return _("Hearts have not been broken");
    case HEARTS_REFUSAL_NO_POINTS_FIRST_TRICK:
      return _("No points on the first trick");
    case HEARTS_REFUSAL_NO_HEARTS_FIRST_TRICK:
      return _("No hearts on the first trick");
    case HEARTS_REFUSAL_MUST_LEAD_OPENING_CARD:
      return _("You must lead the lowest club");
    case HEARTS_REFUSAL_MUST_LEAD_CLUB:
      return _("You must lead a club");
    case HEARTS_REFUSAL_PASS_COUNT:
      return _("Choose three cards to pass");
    case HEARTS_REFUSAL_ALREADY_PASSED:
      return _("You have already passed");
    case HEARTS_N_REFUSALS:
    default:
      return _("That move is not allowed");
    }
}

char *
hearts_refusal_format (HeartsRefusal      refusal,
                       const HeartsRules *rules)
{
  if (refusal == HEARTS_REFUSAL_MUST_LEAD_OPENING_CARD)
    {
      HeartsCard       card = hearts_rules_get_opening_card (rules);
      g_autofree char *shown = g_strdup_printf ("%c%s", hearts_card_to_string (card)[0],
                                                hearts_suit_get_symbol (HEARTS_CARD_SUIT (card)));

      /* Translators: %s is a card such as "2♣" */
      return g_strdup_printf (_("You must lead the %s"), shown);
    }
  return g_strdup (hearts_refusal_get_message (refusal));
}
