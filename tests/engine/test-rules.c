/* test-rules.c: one test per rule of ../shared/rules and per variant of issue #2
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Each test plays a hand-built position. The table below names, for every line of
 * every rule text, the tests that prove it (or why the line is no rule of play), and
 * /rules/table/names-every-rule fails when a rule file appears that it does not cover.
 */
#include <stdarg.h>
#include <string.h>

#include "hearts-game-deal.h"
#include "hearts-game.h"

/* The rule texts, line by line (numbers as `cat -n` prints them). */
typedef struct
{
  const char *file;
  guint       line;
  const char *quote; /* must appear in that line, so an edited text is noticed */
  const char *test;  /* NULL: the line is no rule of play; @why says what it is */
  const char *why;
} RuleRef;

#define R000 "000_0ece6d76748a96d7.txt"
#define R001 "001_3c21e2b168f1cdc1.txt"
#define R002 "002_25462d4933bd96fb.txt"
#define R003 "003_3fc6d6a30ffef6da.txt"
#define R004 "004_53037425a315e039.txt"

static const RuleRef rule_table[] = {
  { R000, 1, "HEARTS RULES", NULL, "title" },
  { R000, 3, "played by four players", "/rules/official/four-players" },
  { R000, 3, "Deal and play are clockwise", "/rules/official/play-is-clockwise" },
  { R000, 3, "Deal and play are clockwise", "/rules/official/deal-singly-clockwise-from-dealers-left" },
  { R000, 4, "standard pack of 52 cards", "/rules/official/standard-deck-52" },
  { R000, 4, "highest (Ace) to lowest (Two)", "/rules/official/ace-high-two-low" },
  { R000, 5, "The player with the highest card will deal first", "/rules/official/first-dealer-highest-draw" },
  { R000, 5, "all players will draw a card", "/rules/official/first-dealer-tie-redraws" },
  { R000, 6, "The cards are shuffled", "/rules/official/deal-is-shuffled-and-seeded" },
  { R000, 6, "beginning with the player on the dealer's left", "/rules/official/deal-singly-clockwise-from-dealers-left" },
  { R000, 6, "everyone has 13", "/rules/official/four-players" },
  { R000, 8, "The Play of the Hand", NULL, "heading" },
  { R000, 10, "the player holding the 2 of Clubs", "/rules/official/two-of-clubs-opens" },
  { R000, 12, "must follow suit if he can", "/rules/official/must-follow-suit" },
  { R000, 12, "he may play any card he desires", "/rules/official/void-may-discard-any" },
  { R000, 12, "the highest card played of the suit led", "/rules/official/highest-of-suit-led-wins" },
  { R000, 12, "The winner of a trick leads the next", "/rules/official/winner-leads-next" },
  { R000, 14, "Hearts cannot be led until hearts have been broken", "/rules/official/hearts-not-led-until-broken" },
  { R000, 14, "a heart has been discarded on a previous trick", "/rules/official/heart-discard-breaks-hearts" },
  { R000, 14, "only has hearts in his hand", "/rules/official/only-hearts-may-lead-hearts" },
  { R000, 14, "Hearts cannot be broken on the first trick", "/rules/official/no-points-on-first-trick" },
  { R000, 14, "Hearts cannot be broken on the first trick", "/rules/variant/first-trick-hearts-only" },
  { R000, 16, "hearts count 1 point each", "/rules/official/heart-scores-one" },
  { R000, 16, "Queen of Spades counts 13 points", "/rules/official/queen-scores-thirteen" },
  { R000, 17, "this player scores -26", "/rules/variant/moon-shooter-minus-26" },
  { R000, 17, "all other players score +26", "/rules/official/moon-others-plus-26" },
  { R000, 17, "(a) this player scores -26; or (b)", "/rules/variant/moon-shooter-chooses" },
  { R000, 18, "added to their running total", "/rules/official/totals-add-up" },
  { R000, 18, "A game ends when a player reaches 100 points", "/rules/official/game-ends-at-100" },
  { R000, 18, "The player with the lowest score is the winner", "/rules/official/lowest-score-wins" },
  { R000, 19, "Misdeal", "/rules/impossible/misdeal-refused" },
  { R000, 20, "Incorrect Hand", "/rules/impossible/incorrect-hand-refused" },
  { R000, 21, "Play out of turn", "/rules/impossible/play-out-of-turn-refused" },
  { R000, 22, "Revoke", "/rules/impossible/revoke-refused" },

  { R001, 3, "STUDENT RECREATION", NULL, "title" },
  { R001, 4, "WASHBURN UNIVERSITY", NULL, "title" },
  { R001, 6, "INTRAMURAL HEARTS RULES", NULL, "title" },
  { R001, 8, "PICTURE ID", NULL, "who may enter the venue, no rule of play" },
  { R001, 9, "1 match consists of the deal travelling all around the table", "/rules/variant/end-after-matches" },
  { R001, 9, "The lowest point total", "/rules/official/lowest-score-wins" },
  { R001, 10, "played by four players", "/rules/official/four-players" },
  { R001, 10, "Deal and play are clockwise", "/rules/official/play-is-clockwise" },
  { R001, 11, "standard pack of 52 cards", "/rules/official/standard-deck-52" },
  { R001, 11, "rank from highest to lowest", "/rules/official/ace-high-two-low" },
  { R001, 12, "The player with the highest card will deal first", "/rules/official/first-dealer-highest-draw" },
  { R001, 12, "all players will draw a card", "/rules/official/first-dealer-tie-redraws" },
  { R001, 13, "The cards are shuffled", "/rules/official/deal-is-shuffled-and-seeded" },
  { R001, 13, "beginning with the player on the dealer's left", "/rules/official/deal-singly-clockwise-from-dealers-left" },
  { R001, 14, "The Play of the Hand", NULL, "heading" },
  { R001, 16, "The opening lead is made by the player holding the 2", "/rules/official/two-of-clubs-opens" },
  { R001, 16, "must follow suit if he can", "/rules/official/must-follow-suit" },
  { R001, 16, "he may play any card he desires", "/rules/official/void-may-discard-any" },
  { R001, 16, "Tricks are won by the highest card played of the suit led", "/rules/official/highest-of-suit-led-wins" },
  { R001, 16, "The winner of a trick leads the next", "/rules/official/winner-leads-next" },
  { R001, 16, "Hearts cannot be led until hearts have been *broken*", "/rules/official/hearts-not-led-until-broken" },
  { R001, 16, "a heart has been discarded on a previous trick", "/rules/official/heart-discard-breaks-hearts" },
  { R001, 16, "only has hearts in his hand", "/rules/official/only-hearts-may-lead-hearts" },
  { R001, 16, "Hearts cannot be broken on the first trick", "/rules/official/no-points-on-first-trick" },
  { R001, 16, "most players would rather avoid this variation", "/rules/variant/first-trick-anything" },
  { R001, 17, "The hearts count 1 point each", "/rules/official/heart-scores-one" },
  { R001, 17, "the Queen of Spades counts 13 points", "/rules/official/queen-scores-thirteen" },
  { R001, 18, "this player scores -26", "/rules/variant/moon-shooter-minus-26" },
  { R001, 18, "all other players score +26", "/rules/official/moon-others-plus-26" },
  { R001, 19, "added to their running total", "/rules/official/totals-add-up" },
  { R001, 19, "A game ends when a player reaches 100 points", "/rules/official/game-ends-at-100" },
  { R001, 19, "The player with the lowest score is the winner", "/rules/official/lowest-score-wins" },
  { R001, 20, "Misdeal", "/rules/impossible/misdeal-refused" },
  { R001, 21, "Incorrect Hand", "/rules/impossible/incorrect-hand-refused" },
  { R001, 22, "Play out of turn", "/rules/impossible/play-out-of-turn-refused" },
  { R001, 23, "Revoke", "/rules/impossible/revoke-refused" },
  { R001, 25, "Revised 06/2019", NULL, "date of the text" },

  { R002, 3, "Rules of Hearts", NULL, "title" },
  { R002, 5, "Players", NULL, "heading" },
  { R002, 7, "always played by 4 players", "/rules/official/four-players" },
  { R002, 7, "For 3 or 5 players", "/rules/variant/three-players-remove-two-of-diamonds" },
  { R002, 7, "For 3 or 5 players", "/rules/variant/five-players-remove-twos" },
  { R002, 9, "Object", NULL, "heading" },
  { R002, 11, "reaching or going over 100 points", "/rules/official/game-ends-at-100" },
  { R002, 11, "the winner is the player with the lowest score", "/rules/official/lowest-score-wins" },
  { R002, 11, "a set number of deals can be played", "/rules/variant/end-after-deals" },
  { R002, 13, "Deal", NULL, "heading" },
  { R002, 15, "A standard 52 card pack is used, with no jokers", "/rules/official/standard-deck-52" },
  { R002, 15, "rank from ace (high) down to two (low)", "/rules/official/ace-high-two-low" },
  { R002, 15, "There are no trumps", "/rules/official/highest-of-suit-led-wins" },
  { R002, 15, "starting to the left of the dealer and then proceeding clockwise", "/rules/official/deal-singly-clockwise-from-dealers-left" },
  { R002, 15, "the player to the left of the previous dealer becoming the dealer", "/rules/official/dealer-rotates-left" },
  { R002, 17, "Passing Cards", NULL, "heading" },
  { R002, 19, "passes any three cards", "/rules/official/pass-three-cards" },
  { R002, 19, "to the player on their left", "/rules/official/pass-cycle-left-right-across-hold" },
  { R002, 19, "Once a player has passed on their three cards, they may pick up", "/rules/official/passed-cards-arrive-after-own-pass" },
  { R002, 21, "to the player to their right", "/rules/official/pass-cycle-left-right-across-hold" },
  { R002, 21, "The cycle then repeats", "/rules/official/pass-cycle-left-right-across-hold" },
  { R002, 23, "The Play of the Hand", NULL, "heading" },
  { R002, 25, "must play the 2 of clubs", "/rules/official/two-of-clubs-opens" },
  { R002, 25, "following the suit of the card lead if they can", "/rules/official/must-follow-suit" },
  { R002, 25, "If they cannot follow suit, they may play any card", "/rules/official/void-may-discard-any" },
  { R002, 25, "wins the trick and leads the next trick", "/rules/official/winner-leads-next" },
  { R002, 25, "in clockwise order", "/rules/official/play-is-clockwise" },
  { R002, 27, "It is not permitted to lead a heart", "/rules/official/hearts-not-led-until-broken" },
  { R002, 27, "Discarding a heart, thus allowing hearts to be led", "/rules/official/heart-discard-breaks-hearts" },
  { R002, 27, "A player whose hand has only hearts may lead any heart", "/rules/official/only-hearts-may-lead-hearts" },
  { R002, 29, "Scoring", NULL, "heading" },
  { R002, 31, "Each heart scores one point", "/rules/official/heart-scores-one" },
  { R002, 31, "the queen of spades scores 13 points", "/rules/official/queen-scores-thirteen" },
  { R002, 31, "all other players' scores are increased by 26 points", "/rules/official/moon-others-plus-26" },

  { R003, 1, "a deck of 52 standard cards", "/rules/official/standard-deck-52" },
  { R003, 3, "Hearts, The Rules", NULL, "heading" },
  { R003, 5, "the standard deck of 52 cards", "/rules/official/standard-deck-52" },
  { R003, 5, "to take as few points as possible", "/rules/official/lowest-score-wins" },
  { R003, 5, "put them over 100", "/rules/official/game-ends-at-100" },
  { R003, 7, "variations with three, five", "/rules/variant/three-players-remove-two-of-clubs" },
  { R003, 7, "variations with three, five", "/rules/variant/five-players-remove-twos" },
  { R003, 7, "one at a time in a clockwise manner beginning at his left and ending with himself", "/rules/official/deal-singly-clockwise-from-dealers-left" },
  { R003, 7, "each player should be dealt 13 cards", "/rules/official/four-players" },
  { R003, 7, "Subsequent deals are passed to the left", "/rules/official/dealer-rotates-left" },
  { R003, 9, "three cards to pass to his opponent on the left", "/rules/official/pass-three-cards" },
  { R003, 9, "pick up a pass once he himself has passed", "/rules/official/passed-cards-arrive-after-own-pass" },
  { R003, 9, "the pass will go to the right, then across the table, then each player will hold", "/rules/official/pass-cycle-left-right-across-hold" },
  { R003, 9, "the passing will always be, right, left, across, hold", "/rules/variant/pass-cycle-right-left-across-hold" },
  { R003, 9, "coincide with the same player's deal", "/rules/official/pass-coincides-with-deal" },
  { R003, 11, "The player holding the two of clubs leads", "/rules/official/two-of-clubs-opens" },
  { R003, 11, "Play must follow suit and goes to the left of the leader", "/rules/official/must-follow-suit" },
  { R003, 11, "goes to the left of the leader", "/rules/official/play-is-clockwise" },
  { R003, 11, "the jack of clubs takes the trick even though the king of hearts is a higher card", "/rules/official/highest-of-suit-led-wins" },
  { R003, 11, "slough high hearts and even the queen of spades", "/rules/official/void-may-discard-any" },
  { R003, 13, "Hearts are not allowed to be led until they have been broken", "/rules/official/hearts-not-led-until-broken" },
  { R003, 13, "he must lead the queen of spades", "/rules/official/hearts-and-queen-must-lead-queen" },
  { R003, 13, "if hearts is all he has left then he is allowed to lead a heart", "/rules/official/only-hearts-may-lead-hearts" },
  { R003, 15, "Each heart card counts one point", "/rules/official/heart-scores-one" },
  { R003, 15, "the queen of spades counts 13 points", "/rules/official/queen-scores-thirteen" },
  { R003, 15, "a total of potentially 26 points", "/rules/official/hand-points-total-26" },
  { R003, 17, "gives 26 points to all the opposing players", "/rules/official/moon-others-plus-26" },
  { R003, 19, "At the end of each hand the points are tallied", "/rules/official/totals-add-up" },
  { R003, 19, "The game ends when one player or another goes over 100 points", "/rules/official/game-ends-at-100" },
  { R003, 19, "The person with the lowest score when this happens wins", "/rules/official/lowest-score-wins" },

  { R004, 1, "top of page", NULL, "web page debris" },
  { R004, 3, "Official Hearts Rules", NULL, "title" },
  { R004, 5, "Object of the Game", NULL, "heading" },
  { R004, 9, "the player with the lowest score wins", "/rules/official/lowest-score-wins" },
  { R004, 9, "hits the agreed-upon score or higher", "/rules/variant/end-score-target" },
  { R004, 9, "the player with the lowest score wins", "/rules/official/tied-winners-share" },
  { R004, 13, "Card Values/Scoring", NULL, "heading" },
  { R004, 17, "Hearts count as one point each", "/rules/official/heart-scores-one" },
  { R004, 17, "the queen counts 13 points", "/rules/official/queen-scores-thirteen" },
  { R004, 18, "Each heart - 1 point", "/rules/official/heart-scores-one" },
  { R004, 19, "The Queen - 13 points", "/rules/official/queen-scores-thirteen" },
  { R004, 23, "must be a multiple of 26", "/rules/official/hand-total-multiple-of-26" },
  { R004, 23, "some play to 50", "/rules/variant/end-score-target" },
  { R004, 23, "that player scores zero and each of his opponents", "/rules/official/moon-others-plus-26" },
  { R004, 25, "score an additional 26 points", "/rules/official/moon-others-plus-26" },
  { R004, 29, "The Deal", NULL, "heading" },
  { R004, 33, "Deal the cards one at a time, face down, clockwise", "/rules/official/deal-singly-clockwise-from-dealers-left" },
  { R004, 33, "In a four-player game, each is dealt 13 cards", "/rules/official/four-players" },
  { R004, 33, "the 2 of diamonds should be removed, and each player gets 17 cards", "/rules/variant/three-players-remove-two-of-diamonds" },
  { R004, 33, "the 2 of diamonds and 2 of clubs should be removed", "/rules/variant/five-players-remove-twos" },
  { R004, 37, "The Play", NULL, "heading" },
  { R004, 41, "The player holding the 2 of clubs after the pass makes the opening lead", "/rules/official/opening-lead-after-the-pass" },
  { R004, 41, "then the 3 of clubs is led", "/rules/variant/three-players-remove-two-of-clubs" },
  { R004, 45, "Each player must follow suit if possible", "/rules/official/must-follow-suit" },
  { R004, 45, "a card of any other suit may be discarded", "/rules/official/void-may-discard-any" },
  { R004, 45, "a heart or the queen of spades cannot be discarded", "/rules/official/no-points-on-first-trick" },
  { R004, 45, "a heart or the queen of spades cannot be discarded", "/rules/official/first-trick-only-points-may-discard" },
  { R004, 45, "The highest card of the suit led wins a trick", "/rules/official/highest-of-suit-led-wins" },
  { R004, 45, "the winner of that trick leads next", "/rules/official/winner-leads-next" },
  { R004, 49, "Hearts may not be led until a heart or the queen of spades has been discarded", "/rules/variant/queen-discard-breaks-hearts" },
  { R004, 49, "Hearts may not be led until a heart", "/rules/official/hearts-not-led-until-broken" },
  { R004, 49, "The queen does not have to be discarded at the first opportunity", "/rules/official/queen-need-not-be-discarded" },
  { R004, 53, "The queen can be led at any time", "/rules/official/queen-may-always-be-led" },
  { R004, 57, "3-Person Playing", NULL, "heading" },
  { R004, 61, "take out the 2 of clubs", "/rules/variant/three-players-remove-two-of-clubs" },
  { R004, 61, "3 of clubs starts", "/rules/variant/three-players-remove-two-of-clubs" },
  { R004, 67, "bottom of page", NULL, "web page debris" },
};

/* The variants issue #2 asks for beyond the texts, and the tests that prove them. */
typedef struct
{
  const char *variant;
  const char *test;
} VariantRef;

static const VariantRef variant_table[] = {
  { "players: 4 (52 cards, 13 each)", "/rules/official/four-players" },
  { "players: 3 (2♦ removed, 17 each)", "/rules/variant/three-players-remove-two-of-diamonds" },
  { "players: 3, three-deck=2c (2♣ removed, 3♣ leads)", "/rules/variant/three-players-remove-two-of-clubs" },
  { "players: 5 (2♦ and 2♣ removed, 10 each, 3♣ leads)", "/rules/variant/five-players-remove-twos" },
  { "pass cycle: left, right, across, hold", "/rules/official/pass-cycle-left-right-across-hold" },
  { "pass cycle: right, left, across, hold", "/rules/variant/pass-cycle-right-left-across-hold" },
  { "pass cycle: left/right only", "/rules/variant/pass-cycle-left-right" },
  { "pass cycle: no passing", "/rules/variant/pass-cycle-none" },
  { "pass cycles with 3 or 5 players: no across", "/rules/variant/pass-cycle-every-count" },
  { "no across with 3 or 5 players", "/rules/variant/no-across-with-three-or-five" },
  { "cards passed to you arrive only after you have passed", "/rules/official/passed-cards-arrive-after-own-pass" },
  { "opening lead: the lowest club in play", "/rules/official/two-of-clubs-opens" },
  { "opening lead: any club", "/rules/variant/opening-any-club" },
  { "first trick: no points unless only point cards", "/rules/official/no-points-on-first-trick" },
  { "first trick: no points unless only point cards", "/rules/official/first-trick-only-points-may-discard" },
  { "first trick: hearts only barred", "/rules/variant/first-trick-hearts-only" },
  { "first trick: nothing barred", "/rules/variant/first-trick-anything" },
  { "hearts must be broken unless the leader holds only hearts", "/rules/official/hearts-not-led-until-broken" },
  { "the Q♠ discarded breaks hearts", "/rules/variant/queen-discard-breaks-hearts" },
  { "hearts may be led any time", "/rules/variant/hearts-may-be-led-any-time" },
  { "the Q♠ may always be led", "/rules/official/queen-may-always-be-led" },
  { "scoring: 1 per heart", "/rules/official/heart-scores-one" },
  { "scoring: 13 for the Q♠", "/rules/official/queen-scores-thirteen" },
  { "scoring: Omnibus J♦ −10", "/rules/variant/omnibus-jack-of-diamonds-minus-10" },
  { "scoring: no-tricks bonus −5", "/rules/variant/no-tricks-bonus-minus-5" },
  { "moon: others +26", "/rules/official/moon-others-plus-26" },
  { "moon: shooter −26", "/rules/variant/moon-shooter-minus-26" },
  { "moon: the shooter chooses", "/rules/variant/moon-shooter-chooses" },
  { "game end: target score 25–500", "/rules/variant/end-score-target" },
  { "game end: after N deals", "/rules/variant/end-after-deals" },
  { "game end: after N matches", "/rules/variant/end-after-matches" },
  { "lowest total wins", "/rules/official/lowest-score-wins" },
  { "ties are shared wins", "/rules/official/tied-winners-share" },
  { "first dealer: highest draw deals", "/rules/official/first-dealer-highest-draw" },
  { "first dealer: tied players draw again", "/rules/official/first-dealer-tie-redraws" },
  { "deal singly, clockwise, from the dealer's left", "/rules/official/deal-singly-clockwise-from-dealers-left" },
  { "the dealer rotates left", "/rules/official/dealer-rotates-left" },
  { "refusals are reasons the UI can explain", "/rules/refusals/explained" },
};

/* Helpers */

static HeartsCards
cards (const char *text)
{
  HeartsCards set = 0;

  if (!hearts_cards_from_string (text, &set))
    g_error ("bad card list “%s”", text);
  return set;
}

static HeartsCard
card (const char *text)
{
  HeartsCard c = HEARTS_NO_CARD;

  if (!hearts_card_from_string (text, &c))
    g_error ("bad card “%s”", text);
  return c;
}

static void
rules_init (HeartsRules *rules,
            const char  *text)
{
  g_autoptr(GError) error = NULL;

  hearts_rules_init_default (rules);
  g_assert_true (hearts_rules_apply_string (rules, text, &error));
  g_assert_no_error (error);
}

/* Deals the given hands, one card list per seat. */
static void
deal_hands (HeartsDeal         *deal,
            const HeartsRules  *rules,
            guint               dealer,
            HeartsPassDirection pass,
            ...)
{
  HeartsCards hands[HEARTS_MAX_PLAYERS] = { 0 };
  va_list     args;

  va_start (args, pass);
  for (guint s = 0; s < rules->n_players; s++)
    hands[s] = cards (va_arg (args, const char *));
  va_end (args);

  g_assert_true (hearts_deal_init (deal, rules, dealer, pass, hands));
}

/* Each card played by whoever is to play: every one must be accepted. */
static void
play_cards (HeartsDeal        *deal,
            const HeartsRules *rules,
            const char        *text)
{
  g_auto(GStrv) names = g_strsplit (text, " ", -1);

  for (guint i = 0; names[i] != NULL; i++)
    {
      guint         seat = hearts_deal_get_current_player (deal);
      HeartsRefusal refusal = hearts_deal_play (deal, rules, seat, card (names[i]));

      if (refusal != HEARTS_REFUSAL_NONE)
        g_error ("seat %u may not play %s: %s", seat, names[i], hearts_refusal_to_id (refusal));
    }
}

/* Plays the hand out, each player the lowest legal card. */
static void
play_lowest (HeartsDeal        *deal,
             const HeartsRules *rules)
{
  while (!hearts_deal_is_done (deal))
    {
      HeartsCards legal = hearts_deal_get_legal (deal, rules);

      g_assert_cmpuint (legal, !=, 0);
      g_assert_cmpint (hearts_deal_play (deal, rules, hearts_deal_get_current_player (deal),
                                         hearts_cards_lowest (legal)),
                       ==, HEARTS_REFUSAL_NONE);
    }
}

#define assert_cards(set, expected)                        \
  G_STMT_START                                             \
  {                                                        \
    g_autofree char *_text = hearts_cards_to_string (set); \
    g_assert_cmpstr (_text, ==, (expected));               \
  }                                                        \
  G_STMT_END

#define assert_legal(deal, rules, expected) \
  assert_cards (hearts_deal_get_legal ((deal), (rules)), (expected))

/* Refused for @reason, and the deal is left exactly as it was. */
static void
assert_refused (HeartsDeal        *deal,
                const HeartsRules *rules,
                guint              seat,
                const char        *name,
                HeartsRefusal      reason)
{
  HeartsDeal before = *deal;

  g_assert_cmpstr (hearts_refusal_to_id (hearts_deal_check_play (deal, rules, seat, card (name))), ==,
                   hearts_refusal_to_id (reason));
  g_assert_cmpstr (hearts_refusal_to_id (hearts_deal_play (deal, rules, seat, card (name))), ==,
                   hearts_refusal_to_id (reason));
  g_assert_true (memcmp (&before, deal, sizeof before) == 0);
}

static void
assert_points (const HeartsDealScore *score,
               guint                  n,
               const gint            *expected)
{
  for (guint s = 0; s < n; s++)
    {
      if (score->points[s] != expected[s])
        g_error ("seat %u scored %d, expected %d", s, score->points[s], expected[s]);
    }
}

static gint
sum_points (const HeartsDealScore *score,
            guint                  n)
{
  gint sum = 0;

  for (guint s = 0; s < n; s++)
    sum += score->points[s];
  return sum;
}

/* Position A: the first two tricks show following, discarding and points.
 * Trick 1: 2C 3C 4C 5C, seat 3 wins. Trick 2: 6C AC KH QS, seat 0 takes 14 points. */
static void
deal_a (HeartsDeal        *deal,
        const HeartsRules *rules)
{
  deal_hands (deal, rules, 3, HEARTS_PASS_HOLD,
              "2C AC 2H 3H 4H 5H 6H 7H 8H 9H TH JH QH",
              "3C KH AH 2S 3S 4S 5S 6S 7S 8S 9S TS JS",
              "4C QS KS AS 2D 3D 4D 5D 6D 7D 8D 9D TD",
              "5C 6C 7C 8C 9C TC JC QC KC JD QD KD AD");
}

/* Position B: seat 0 holds every club and so wins every trick; the others are void
 * in clubs from the start: seat 1 has the Q♠, six hearts and six diamonds, seat 2
 * hearts and spades, seat 3 no points at all. */
static void
deal_b (HeartsDeal        *deal,
        const HeartsRules *rules)
{
  deal_hands (deal, rules, 3, HEARTS_PASS_HOLD,
              "2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC AC",
              "QS 2H 3H 4H 5H 6H 7H 2D 3D 4D 5D 6D 7D",
              "8H 9H TH JH QH KH AH 2S 3S 4S 5S 6S 7S",
              "8D 9D TD JD QD KD AD 8S 9S TS JS KS AS");
}

/* Position C: trick 1 is 2C AC 3C 4C and seat 1 leads trick 2, hearts unbroken. */
static void
deal_c (HeartsDeal        *deal,
        const HeartsRules *rules)
{
  deal_hands (deal, rules, 3, HEARTS_PASS_HOLD,
              "2C 5C 6C 7C 8C 9C TC 2D 3D 4D 5D 6D 7D",
              "AC 2H 3H 4H 5H 6H 2S 3S 4S 5S 6S 7S 8S",
              "3C JC QC KC 9S TS JS QS KS AS 9D TD AH",
              "4C 8D JD QD KD AD 7H 8H 9H TH JH QH KH");
}

/* Position D: trick 1 as in C; in trick 2 seat 2 is void in diamonds and holds the Q♠. */
static void
deal_d (HeartsDeal        *deal,
        const HeartsRules *rules)
{
  deal_hands (deal, rules, 3, HEARTS_PASS_HOLD,
              "2C 5C 6C 7C 8C 9C TC 2D 3D 4D 5D 6D 7D",
              "AC 8D 2H 3H 4H 5H 6H 2S 3S 4S 5S 6S 7S",
              "3C JC QC KC QS KS AS 8S 9S TS JS 7H 8H",
              "4C 9D TD JD QD KD AD 9H TH JH QH KH AH");
}

/* Position E: after trick 1 (2C AC 3C 4C) seat 1 holds the Q♠ and eleven hearts. */
static void
deal_e (HeartsDeal        *deal,
        const HeartsRules *rules)
{
  deal_hands (deal, rules, 3, HEARTS_PASS_HOLD,
              "2C 5C 6C 7C 8C 9C TC 2D 3D 4D 5D 6D 7D",
              "AC QS 2H 3H 4H 5H 6H 7H 8H 9H TH JH QH",
              "3C KH AH 8D 9D TD JD QD KD AD 2S 3S 4S",
              "4C JC QC KC 5S 6S 7S 8S 9S TS JS KS AS");
}

/* Game-level rules are checked on the model, which keeps the score sheet. */
static HeartsGame *
computer_game (const char *rules_text,
               guint64     seed)
{
  HeartsRules rules;
  HeartsGame *game;

  rules_init (&rules, rules_text);
  game = hearts_game_new (&rules, seed);
  for (guint s = 0; s < rules.n_players; s++)
    hearts_game_set_seat_level (game, s, HEARTS_AI_RANDOM);
  return game;
}

/* Plays on until the hand is scored. */
static void
finish_hand (HeartsGame *game)
{
  while (hearts_game_get_phase (game) == HEARTS_PHASE_PASSING ||
         hearts_game_get_phase (game) == HEARTS_PHASE_PLAYING)
    g_assert_true (hearts_game_computer_move (game));
}

/* The official rules */

static void
test_four_players (void)
{
  HeartsRules rules;
  HeartsDeal  deal;
  HeartsRng   rng;

  hearts_rules_init_default (&rules);
  g_assert_cmpuint (rules.n_players, ==, 4);
  g_assert_null (hearts_rules_check (&rules));
  g_assert_cmpuint (hearts_rules_get_hand_size (&rules), ==, 13);

  hearts_rng_init (&rng, 4);
  hearts_deal_shuffle (&deal, &rules, 0, 0, &rng);
  g_assert_cmpuint (deal.n_players, ==, 4);
  for (guint s = 0; s < 4; s++)
    g_assert_cmpuint (hearts_cards_count (deal.hands[s]), ==, 13);

  /* Only 3, 4 or 5 players. */
  rules.n_players = 2;
  g_assert_nonnull (hearts_rules_check (&rules));
  rules.n_players = 6;
  g_assert_nonnull (hearts_rules_check (&rules));
  hearts_rules_init_default (&rules);
  g_assert_false (hearts_rules_apply_string (&rules, "players=6", NULL));
  g_assert_false (hearts_rules_apply_string (&rules, "players=2", NULL));
  g_assert_cmpuint (rules.n_players, ==, 4);
}

static void
test_play_is_clockwise (void)
{
  HeartsRules rules;
  HeartsDeal  deal;

  hearts_rules_init_default (&rules);
  deal_a (&deal, &rules);

  /* Seats are numbered clockwise: after seat s comes s + 1. */
  g_assert_cmpuint (hearts_deal_get_current_player (&deal), ==, 0);
  play_cards (&deal, &rules, "2C");
  g_assert_cmpuint (hearts_deal_get_current_player (&deal), ==, 1);
  play_cards (&deal, &rules, "3C");
  g_assert_cmpuint (hearts_deal_get_current_player (&deal), ==, 2);
  play_cards (&deal, &rules, "4C");
  g_assert_cmpuint (hearts_deal_get_current_player (&deal), ==, 3);
  play_cards (&deal, &rules, "5C");

  /* Seat 3 won and leads; the turn wraps round to seat 0. */
  g_assert_cmpuint (hearts_deal_get_current_player (&deal), ==, 3);
  play_cards (&deal, &rules, "6C");
  g_assert_cmpuint (hearts_deal_get_current_player (&deal), ==, 0);
  for (guint i = 0; i < 4; i++)
    g_assert_cmpuint (hearts_deal_get_play_seat (&deal, i), ==, i);
  g_assert_cmpuint (hearts_deal_get_play_seat (&deal, 4), ==, 3);
}

static void
test_standard_deck_52 (void)
{
  HeartsRules rules;
  HeartsCards deck;
  HeartsCard  c;
  guint       per_suit[HEARTS_N_SUITS] = { 0 };

  hearts_rules_init_default (&rules);
  deck = hearts_rules_get_deck (&rules);
  g_assert_cmpuint (hearts_cards_count (deck), ==, 52);
  g_assert_cmpuint (deck, ==, HEARTS_FULL_DECK);
  HEARTS_CARDS_FOREACH (c, deck)
    {
      g_assert_true (hearts_card_is_valid (c));
      per_suit[HEARTS_CARD_SUIT (c)]++;
    }
  for (guint s = 0; s < HEARTS_N_SUITS; s++)
    g_assert_cmpuint (per_suit[s], ==, 13);

  /* No jokers, no other cards: nothing outside the 52 has a name. */
  for (guint i = 0; i < 256; i++)
    if (!hearts_cards_has (deck, i & 63) || i >= 64)
      g_assert_false (hearts_card_is_valid ((HeartsCard) i));
}

static void
test_ace_high_two_low (void)
{
  HeartsRules rules;
  HeartsDeal  deal;
  const char *order = "2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC AC";
  g_auto(GStrv) ranks = g_strsplit (order, " ", -1);

  for (guint i = 1; ranks[i] != NULL; i++)
    g_assert_cmpuint (HEARTS_CARD_RANK (card (ranks[i])), >, HEARTS_CARD_RANK (card (ranks[i - 1])));
  g_assert_cmpuint (HEARTS_CARD_RANK (card ("AS")), ==, HEARTS_RANK_ACE);
  g_assert_cmpuint (HEARTS_CARD_RANK (card ("2S")), ==, HEARTS_RANK_TWO);

  /* Position C: the ace takes the first trick, the two is the lowest card. */
  hearts_rules_init_default (&rules);
  deal_c (&deal, &rules);
  play_cards (&deal, &rules, "2C AC 3C 4C");
  g_assert_cmpint (hearts_deal_get_trick_winner (&deal, 0), ==, 1);

  /* Trick 2: 2S 9S then two discards: the nine beats the two. */
  play_cards (&deal, &rules, "2S 9S 8D 2D");
  g_assert_cmpint (hearts_deal_get_trick_winner (&deal, 1), ==, 2);
}

/* Each seat's draw from the table: the one that decided. */
static guint
draw_and_check (const HeartsRules *rules,
                guint64            seed,
                gboolean          *redraw)
{
  HeartsRng   rng;
  HeartsCard  draws[HEARTS_MAX_PLAYERS];
  guint       dealer, drew = 0, best = 0;
  HeartsCards seen = 0;

  hearts_rng_init (&rng, seed);
  memset (draws, 0xaa, sizeof draws);
  dealer = hearts_draw_first_dealer (rules, &rng, draws);
  g_assert_cmpuint (dealer, <, rules->n_players);

  for (guint s = 0; s < rules->n_players; s++)
    {
      if (draws[s] == HEARTS_NO_CARD)
        continue;
      drew++;
      g_assert_true (hearts_cards_has (hearts_rules_get_deck (rules), draws[s]));
      g_assert_false (hearts_cards_has (seen, draws[s]));
      seen |= HEARTS_CARD_BIT (draws[s]);
      best = MAX (best, HEARTS_CARD_RANK (draws[s]));
    }

  /* The highest card deals, and alone: ties were drawn again. */
  g_assert_cmpuint (draws[dealer], !=, HEARTS_NO_CARD);
  g_assert_cmpuint (HEARTS_CARD_RANK (draws[dealer]), ==, best);
  for (guint s = 0; s < rules->n_players; s++)
    if (s != dealer && draws[s] != HEARTS_NO_CARD)
      g_assert_cmpuint (HEARTS_CARD_RANK (draws[s]), <, best);

  /* In the deciding round either everybody drew, or only a tied few drew again. */
  *redraw = drew < rules->n_players;
  if (*redraw)
    g_assert_cmpuint (drew, >=, 2);
  return dealer;
}

static void
test_first_dealer_highest_draw (void)
{
  for (guint n = HEARTS_MIN_PLAYERS; n <= HEARTS_MAX_PLAYERS; n++)
    {
      HeartsRules      rules;
      guint            dealt_first[HEARTS_MAX_PLAYERS] = { 0 };
      g_autofree char *text = g_strdup_printf ("players=%u", n);

      rules_init (&rules, text);
      for (guint64 seed = 0; seed < 2000; seed++)
        {
          gboolean redraw;

          dealt_first[draw_and_check (&rules, seed, &redraw)]++;
        }

      /* Every seat may deal first, about equally often (fixed seeds: no flakiness). */
      for (guint s = 0; s < n; s++)
        {
          g_assert_cmpuint (dealt_first[s], >, 2000 / n * 3 / 4);
          g_assert_cmpuint (dealt_first[s], <, 2000 / n * 5 / 4);
        }
    }
}

static void
test_first_dealer_tie_redraws (void)
{
  HeartsRules rules;
  guint       redraws = 0;

  hearts_rules_init_default (&rules);
  for (guint64 seed = 0; seed < 2000; seed++)
    {
      gboolean redraw;

      draw_and_check (&rules, seed, &redraw);
      redraws += redraw;
    }

  /* Four cards from 52 tie for the highest rank about one time in six; those players,
   * and only they, draw again (checked for each seed above). */
  g_assert_cmpuint (redraws, >, 2000 / 12);
  g_assert_cmpuint (redraws, <, 2000 / 3);

  /* The same seed draws the same dealer. */
  for (guint64 seed = 0; seed < 50; seed++)
    {
      HeartsRng a, b;

      hearts_rng_init (&a, seed);
      hearts_rng_init (&b, seed);
      g_assert_cmpuint (hearts_draw_first_dealer (&rules, &a, NULL), ==,
                        hearts_draw_first_dealer (&rules, &b, NULL));
    }
}

/* The deal as the rules describe it: the pack shuffled (Fisher–Yates from the top,
 * each output of the deal's generator giving two draws, its low then its high 32 bits
 * scaled to the range), then one card at a time, clockwise, starting with the player
 * on the dealer's left and ending with the dealer. This pins the deal of every seed,
 * which saved games and records rely on: a change of the shuffle must change this too. */
static void
test_deal_singly_clockwise_from_dealers_left (void)
{
  for (guint n = HEARTS_MIN_PLAYERS; n <= HEARTS_MAX_PLAYERS; n++)
    for (guint three = 0; three < HEARTS_N_THREE_DECKS; three++)
      for (guint dealer = 0; dealer < n; dealer++)
        {
          HeartsRules rules;
          HeartsRng   rng, mine;
          HeartsDeal  deal;
          HeartsCard  pack[52];
          HeartsCards expected[HEARTS_MAX_PLAYERS] = { 0 };
          guint       size = 0, seat;
          guint64     seed = n * 100 + three * 10 + dealer;

          hearts_rules_init_default (&rules);
          rules.n_players = n;
          rules.three_deck = three;

          /* The same generator state shuffles the same pack; the test checks the dealing. */
          hearts_rng_init (&mine, seed);
          size = hearts_rules_shuffle_deck (&rules, &mine, pack);
          g_assert_cmpuint (size, ==, hearts_cards_count (hearts_rules_get_deck (&rules)));
          seat = (dealer + 1) % n;
          for (guint i = 0; i < size; i++)
            {
              expected[seat] |= HEARTS_CARD_BIT (pack[i]);
              if (i == size - 1)
                g_assert_cmpuint (seat, ==, dealer); /* the dealer gets the last card */
              seat = (seat + 1) % n;
            }

          hearts_rng_init (&rng, seed);
          hearts_deal_shuffle (&deal, &rules, dealer, 0, &rng);
          g_assert_cmpuint (deal.dealer, ==, dealer);
          for (guint s = 0; s < n; s++)
            {
              g_assert_cmpuint (deal.dealt[s], ==, expected[s]);
              g_assert_cmpuint (deal.hands[s], ==, expected[s]);
            }
        }
}

static void
test_deal_is_shuffled_and_seeded (void)
{
  HeartsRules rules;
  HeartsDeal  a, b;
  HeartsRng   rng_a, rng_b;
  guint       holder_of_ace[4] = { 0 };

  hearts_rules_init_default (&rules);

  /* The same seed, the same deal; on every machine (the generator is our own). */
  hearts_rng_init (&rng_a, 2024);
  hearts_rng_init (&rng_b, 2024);
  hearts_deal_shuffle (&a, &rules, 1, 0, &rng_a);
  hearts_deal_shuffle (&b, &rules, 1, 0, &rng_b);
  g_assert_true (memcmp (&a, &b, sizeof a) == 0);
  g_assert_cmpuint (hearts_rng_next (&rng_a), ==, hearts_rng_next (&rng_b));

  hearts_rng_init (&rng_a, 1);
  g_assert_cmpuint (hearts_rng_next (&rng_a), ==, G_GUINT64_CONSTANT (12966619160104079557));

  /* Another seed, another deal; and the cards are well mixed. */
  hearts_rng_init (&rng_b, 2025);
  hearts_deal_shuffle (&b, &rules, 1, 0, &rng_b);
  g_assert_false (memcmp (a.hands, b.hands, sizeof a.hands) == 0);

  for (guint64 seed = 0; seed < 4000; seed++)
    {
      hearts_rng_init (&rng_a, seed);
      hearts_deal_shuffle (&a, &rules, 0, 0, &rng_a);
      for (guint s = 0; s < 4; s++)
        if (hearts_cards_has (a.hands[s], card ("AS")))
          holder_of_ace[s]++;
    }
  for (guint s = 0; s < 4; s++)
    g_assert_cmpuint (holder_of_ace[s], >, 850);
}

static void
test_dealer_rotates_left (void)
{
  for (guint n = HEARTS_MIN_PLAYERS; n <= HEARTS_MAX_PLAYERS; n++)
    {
      g_autofree char *text = g_strdup_printf ("players=%u end=deals:%u", n, 2 * n + 1);
      g_autoptr(HeartsGame) game = computer_game (text, 77 + n);
      HeartsRng rng;
      guint     first;

      /* The model draws the first dealer as the rules say, from the game's seed. */
      hearts_rng_init (&rng, 77 + n);
      first = hearts_draw_first_dealer (hearts_game_get_rules (game), &rng, NULL);

      for (guint hand = 0; hand < 2 * n + 1; hand++)
        {
          g_assert_cmpuint (hearts_game_get_hand_index (game), ==, hand);
          g_assert_cmpuint (hearts_game_get_deal (game)->dealer, ==, (first + hand) % n);
          finish_hand (game);
          hearts_game_next_hand (game);
        }
      g_assert_cmpint (hearts_game_get_phase (game), ==, HEARTS_PHASE_GAME_OVER);
    }
}

static void
test_two_of_clubs_opens (void)
{
  HeartsRules      rules;
  HeartsDeal       deal;
  g_autofree char *message = NULL;

  hearts_rules_init_default (&rules);
  g_assert_cmpuint (hearts_rules_get_opening_card (&rules), ==, HEARTS_TWO_OF_CLUBS);

  /* Position A: seat 0 holds the 2♣ and leads it, nothing else. */
  deal_a (&deal, &rules);
  g_assert_cmpint (deal.phase, ==, HEARTS_DEAL_PLAYING);
  g_assert_cmpuint (hearts_deal_get_current_player (&deal), ==, 0);
  assert_legal (&deal, &rules, "2C");
  assert_refused (&deal, &rules, 0, "AC", HEARTS_REFUSAL_MUST_LEAD_OPENING_CARD);
  assert_refused (&deal, &rules, 0, "2H", HEARTS_REFUSAL_MUST_LEAD_OPENING_CARD);
  message = hearts_refusal_format (HEARTS_REFUSAL_MUST_LEAD_OPENING_CARD, &rules);
  g_assert_cmpstr (message, ==, "You must lead the 2♣");
  play_cards (&deal, &rules, "2C");

  /* Whoever holds it: position C with the hands turned one seat. */
  deal_hands (&deal, &rules, 0, HEARTS_PASS_HOLD,
              "4C 8D JD QD KD AD 7H 8H 9H TH JH QH KH",
              "2C 5C 6C 7C 8C 9C TC 2D 3D 4D 5D 6D 7D",
              "AC 2H 3H 4H 5H 6H 2S 3S 4S 5S 6S 7S 8S",
              "3C JC QC KC 9S TS JS QS KS AS 9D TD AH");
  g_assert_cmpuint (hearts_deal_get_current_player (&deal), ==, 1);
  assert_legal (&deal, &rules, "2C");
  assert_refused (&deal, &rules, 1, "5C", HEARTS_REFUSAL_MUST_LEAD_OPENING_CARD);
}

static void
test_opening_lead_after_the_pass (void)
{
  HeartsRules rules;
  HeartsDeal  deal;

  hearts_rules_init_default (&rules);
  deal_hands (&deal, &rules, 3, HEARTS_PASS_LEFT,
              "2C AC 2H 3H 4H 5H 6H 7H 8H 9H TH JH QH",
              "3C KH AH 2S 3S 4S 5S 6S 7S 8S 9S TS JS",
              "4C QS KS AS 2D 3D 4D 5D 6D 7D 8D 9D TD",
              "5C 6C 7C 8C 9C TC JC QC KC JD QD KD AD");
  g_assert_cmpint (deal.phase, ==, HEARTS_DEAL_PASSING);
  g_assert_cmpuint (hearts_deal_get_legal (&deal, &rules), ==, 0);

  /* Seat 0 passes the 2♣ to its left: seat 1 opens. */
  g_assert_cmpint (hearts_deal_pass (&deal, &rules, 0, cards ("2C AC QH")), ==, HEARTS_REFUSAL_NONE);
  g_assert_cmpint (hearts_deal_pass (&deal, &rules, 1, cards ("KH AH 3C")), ==, HEARTS_REFUSAL_NONE);
  g_assert_cmpint (hearts_deal_pass (&deal, &rules, 2, cards ("QS KS AS")), ==, HEARTS_REFUSAL_NONE);
  g_assert_cmpint (hearts_deal_pass (&deal, &rules, 3, cards ("JD QD KD")), ==, HEARTS_REFUSAL_NONE);
  g_assert_cmpint (deal.phase, ==, HEARTS_DEAL_PLAYING);
  g_assert_cmpuint (hearts_deal_get_current_player (&deal), ==, 1);
  assert_legal (&deal, &rules, "2C");
  assert_refused (&deal, &rules, 0, "4H", HEARTS_REFUSAL_NOT_YOUR_TURN);
  play_cards (&deal, &rules, "2C");
}

static void
test_must_follow_suit (void)
{
  HeartsRules rules;
  HeartsDeal  deal;

  hearts_rules_init_default (&rules);
  deal_a (&deal, &rules);

  /* Trick 1: everybody holds clubs and must play one. */
  play_cards (&deal, &rules, "2C");
  assert_legal (&deal, &rules, "3C");
  assert_refused (&deal, &rules, 1, "KH", HEARTS_REFUSAL_MUST_FOLLOW_SUIT);
  assert_refused (&deal, &rules, 1, "2S", HEARTS_REFUSAL_MUST_FOLLOW_SUIT);
  play_cards (&deal, &rules, "3C");
  assert_legal (&deal, &rules, "4C");
  assert_refused (&deal, &rules, 2, "QS", HEARTS_REFUSAL_MUST_FOLLOW_SUIT);
  play_cards (&deal, &rules, "4C");
  assert_legal (&deal, &rules, "5C 6C 7C 8C 9C TC JC QC KC");
  assert_refused (&deal, &rules, 3, "AD", HEARTS_REFUSAL_MUST_FOLLOW_SUIT);
  play_cards (&deal, &rules, "5C");

  /* Trick 2: seat 3 leads a club, seat 0 has one club left and must play it. */
  play_cards (&deal, &rules, "6C");
  assert_legal (&deal, &rules, "AC");
  assert_refused (&deal, &rules, 0, "2H", HEARTS_REFUSAL_MUST_FOLLOW_SUIT);
  g_assert_cmpstr (hearts_refusal_get_message (HEARTS_REFUSAL_MUST_FOLLOW_SUIT), ==, "You must follow suit");
}

static void
test_void_may_discard_any (void)
{
  HeartsRules rules;
  HeartsDeal  deal;

  hearts_rules_init_default (&rules);
  deal_a (&deal, &rules);
  play_cards (&deal, &rules, "2C 3C 4C 5C 6C AC");

  /* Seat 1 has no club left: any card, hearts too (this is not the first trick). */
  assert_legal (&deal, &rules, "2S 3S 4S 5S 6S 7S 8S 9S TS JS KH AH");
  play_cards (&deal, &rules, "KH");
  /* Seat 2 likewise, the Q♠ included. */
  assert_legal (&deal, &rules, "2D 3D 4D 5D 6D 7D 8D 9D TD QS KS AS");
  play_cards (&deal, &rules, "QS");
}

static void
test_highest_of_suit_led_wins (void)
{
  HeartsRules rules;
  HeartsDeal  deal;
  HeartsCard  trick[HEARTS_MAX_PLAYERS];

  hearts_rules_init_default (&rules);
  deal_hands (&deal, &rules, 3, HEARTS_PASS_HOLD,
              "2C 5C JC 2D 3D 4D 5D 6D 7D 8D 9D TD JD",
              "AC TC 2S 3S 4S 5S 6S 7S 8S 9S TS JS KS",
              "3C 6C 7C 8C 9C QC KC AS QS KD AD 2H 3H",
              "4C QD 4H 5H 6H 7H 8H 9H TH JH QH KH AH");
  play_cards (&deal, &rules, "2C AC 3C 4C");
  g_assert_cmpint (hearts_deal_get_trick_winner (&deal, 0), ==, 1);

  /* The example of the rules: the ten of clubs led, the six of clubs, the king of
   * hearts and the jack of clubs: the jack takes the trick, though the king is higher.
   * No suit is trumps. */
  play_cards (&deal, &rules, "TC 6C KH JC");
  g_assert_cmpuint (hearts_deal_get_trick (&deal, 1, trick), ==, 4);
  g_assert_cmpuint (trick[0], ==, card ("TC"));
  g_assert_cmpuint (trick[2], ==, card ("KH"));
  g_assert_cmpint (hearts_deal_get_trick_winner (&deal, 1), ==, 0);
  g_assert_cmpuint (deal.taken[0], ==, cards ("TC 6C KH JC"));
  g_assert_cmpuint (deal.tricks_won[0], ==, 1);

  /* Diamonds led, spades discarded; then a spade led, the A♥ discarded: the king of
   * spades wins. */
  play_cards (&deal, &rules, "2D 2S KD QD");
  g_assert_cmpint (hearts_deal_get_trick_winner (&deal, 2), ==, 2);
  play_cards (&deal, &rules, "QS AH JD KS");
  g_assert_cmpint (hearts_deal_get_trick_winner (&deal, 3), ==, 1);
}

static void
test_winner_leads_next (void)
{
  HeartsRules rules;
  HeartsDeal  deal;

  hearts_rules_init_default (&rules);
  deal_a (&deal, &rules);
  play_cards (&deal, &rules, "2C 3C 4C 5C");
  g_assert_cmpint (hearts_deal_get_trick_winner (&deal, 0), ==, 3);
  g_assert_cmpuint (hearts_deal_get_current_player (&deal), ==, 3);
  g_assert_cmpuint (deal.trick_leaders[1], ==, 3);
  play_cards (&deal, &rules, "6C AC KH QS");
  g_assert_cmpint (hearts_deal_get_trick_winner (&deal, 1), ==, 0);
  g_assert_cmpuint (hearts_deal_get_current_player (&deal), ==, 0);
  g_assert_cmpuint (deal.trick_leaders[2], ==, 0);
  g_assert_cmpuint (hearts_deal_get_trick_index (&deal), ==, 2);
}

static void
test_hearts_not_led_until_broken (void)
{
  HeartsRules rules;
  HeartsDeal  deal;

  hearts_rules_init_default (&rules);
  deal_c (&deal, &rules);
  play_cards (&deal, &rules, "2C AC 3C 4C");

  /* Seat 1 holds hearts and spades; no heart has been discarded. */
  g_assert_false (deal.hearts_broken);
  assert_legal (&deal, &rules, "2S 3S 4S 5S 6S 7S 8S");
  assert_refused (&deal, &rules, 1, "2H", HEARTS_REFUSAL_HEARTS_NOT_BROKEN);
  assert_refused (&deal, &rules, 1, "6H", HEARTS_REFUSAL_HEARTS_NOT_BROKEN);

  /* A trick without hearts does not break them. */
  play_cards (&deal, &rules, "2S 9S 8D 2D");
  g_assert_false (deal.hearts_broken);
  assert_legal (&deal, &rules, "JC QC KC 9D TD TS JS QS KS AS");
  assert_refused (&deal, &rules, 2, "AH", HEARTS_REFUSAL_HEARTS_NOT_BROKEN);
  g_assert_cmpstr (hearts_refusal_to_id (HEARTS_REFUSAL_HEARTS_NOT_BROKEN), ==, "hearts-not-broken");
}

static void
test_heart_discard_breaks_hearts (void)
{
  HeartsRules rules;
  HeartsDeal  deal;

  hearts_rules_init_default (&rules);
  deal_c (&deal, &rules);
  play_cards (&deal, &rules, "2C AC 3C 4C 2S 9S");
  g_assert_false (deal.hearts_broken);

  /* Seat 3, void in spades, discards a heart: from the next trick hearts may be led. */
  play_cards (&deal, &rules, "7H");
  g_assert_true (deal.hearts_broken);
  play_cards (&deal, &rules, "2D");
  g_assert_cmpuint (hearts_deal_get_current_player (&deal), ==, 2);
  assert_legal (&deal, &rules, "JC QC KC 9D TD TS JS QS KS AS AH");
  play_cards (&deal, &rules, "AH");
}

static void
test_only_hearts_may_lead_hearts (void)
{
  HeartsRules rules;
  HeartsDeal  deal;

  hearts_rules_init_default (&rules);
  deal_hands (&deal, &rules, 3, HEARTS_PASS_HOLD,
              "2C 5C 6C 7C 8C 9C TC 2D 3D 4D 5D 6D 7D",
              "AC 2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH",
              "3C AH 8D 9D TD JD QD KD AD 2S 3S 4S QS",
              "4C JC QC KC 5S 6S 7S 8S 9S TS JS KS AS");
  play_cards (&deal, &rules, "2C AC 3C 4C");

  /* Seat 1 has nothing but hearts, unbroken: it may lead any of them. */
  g_assert_false (deal.hearts_broken);
  assert_legal (&deal, &rules, "2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH");
  play_cards (&deal, &rules, "7H");
  g_assert_true (deal.hearts_broken);
}

static void
test_hearts_and_queen_must_lead_queen (void)
{
  HeartsRules rules;
  HeartsDeal  deal;

  hearts_rules_init_default (&rules);
  deal_e (&deal, &rules);
  play_cards (&deal, &rules, "2C AC 3C 4C");

  /* Hearts and the queen of spades, hearts unbroken: the queen must be led. */
  assert_legal (&deal, &rules, "QS");
  assert_refused (&deal, &rules, 1, "2H", HEARTS_REFUSAL_HEARTS_NOT_BROKEN);
  play_cards (&deal, &rules, "QS");
}

static void
test_no_points_on_first_trick (void)
{
  HeartsRules      rules;
  HeartsDeal       deal;
  g_autofree char *message = NULL;

  hearts_rules_init_default (&rules);
  g_assert_cmpint (rules.first_trick, ==, HEARTS_FIRST_TRICK_NO_POINTS);
  deal_b (&deal, &rules);
  play_cards (&deal, &rules, "2C");

  /* Seat 1 has no club: no heart and no Q♠ on the first trick. */
  assert_legal (&deal, &rules, "2D 3D 4D 5D 6D 7D");
  assert_refused (&deal, &rules, 1, "QS", HEARTS_REFUSAL_NO_POINTS_FIRST_TRICK);
  assert_refused (&deal, &rules, 1, "2H", HEARTS_REFUSAL_NO_POINTS_FIRST_TRICK);
  message = hearts_refusal_format (HEARTS_REFUSAL_NO_POINTS_FIRST_TRICK, &rules);
  g_assert_cmpstr (message, ==, "No points on the first trick");
  play_cards (&deal, &rules, "7D");
  assert_legal (&deal, &rules, "2S 3S 4S 5S 6S 7S");
  assert_refused (&deal, &rules, 2, "AH", HEARTS_REFUSAL_NO_POINTS_FIRST_TRICK);
  play_cards (&deal, &rules, "7S");
  assert_legal (&deal, &rules, "8D 9D TD JD QD KD AD 8S 9S TS JS KS AS");
  play_cards (&deal, &rules, "AS");
  g_assert_false (deal.hearts_broken);

  /* From the second trick on, points may be discarded. */
  play_cards (&deal, &rules, "3C");
  assert_legal (&deal, &rules, "2D 3D 4D 5D 6D QS 2H 3H 4H 5H 6H 7H");
}

static void
test_first_trick_only_points_may_discard (void)
{
  HeartsRules rules;
  HeartsDeal  deal;

  hearts_rules_init_default (&rules);
  deal_hands (&deal, &rules, 3, HEARTS_PASS_HOLD,
              "2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC AC",
              "QS 2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH",
              "AH 2D 3D 4D 5D 6D 7D 8D 9D TD JD QD KD",
              "AD 2S 3S 4S 5S 6S 7S 8S 9S TS JS KS AS");
  play_cards (&deal, &rules, "2C");

  /* Seat 1 holds only point cards: any of them, though it is the first trick. */
  assert_legal (&deal, &rules, "QS 2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH");
  play_cards (&deal, &rules, "KH");
  g_assert_true (deal.hearts_broken);
  /* Seat 2 has a diamond left besides its heart, so the heart is barred. */
  assert_legal (&deal, &rules, "2D 3D 4D 5D 6D 7D 8D 9D TD JD QD KD");
  assert_refused (&deal, &rules, 2, "AH", HEARTS_REFUSAL_NO_POINTS_FIRST_TRICK);
}

static void
test_queen_need_not_be_discarded (void)
{
  HeartsRules rules;
  HeartsDeal  deal;

  hearts_rules_init_default (&rules);
  deal_d (&deal, &rules);
  play_cards (&deal, &rules, "2C AC 3C 4C 8D");

  /* Seat 2 is void in diamonds and holds the Q♠: it may keep it. */
  assert_legal (&deal, &rules, "JC QC KC 8S 9S TS JS QS KS AS 7H 8H");
  play_cards (&deal, &rules, "JC");
  g_assert_true (hearts_cards_has (deal.hands[2], HEARTS_QUEEN_OF_SPADES));
}

static void
test_queen_may_always_be_led (void)
{
  for (guint qs_breaks = 0; qs_breaks < 2; qs_breaks++)
    {
      HeartsRules rules;
      HeartsDeal  deal;

      rules_init (&rules, qs_breaks ? "qs-breaks=yes" : "qs-breaks=no");
      deal_d (&deal, &rules);
      play_cards (&deal, &rules, "2C AC 3C 4C 2S 8S");
      play_cards (&deal, &rules, "9D 2D");

      /* Seat 2 won with the 8♠; hearts unbroken, the queen may be led. */
      g_assert_cmpuint (hearts_deal_get_current_player (&deal), ==, 2);
      g_assert_false (deal.hearts_broken);
      assert_legal (&deal, &rules, "JC QC KC 9S TS JS QS KS AS");
      play_cards (&deal, &rules, "QS");
      /* Led, not discarded: hearts stay unbroken even when the Q♠ breaks them. */
      play_cards (&deal, &rules, "TD 3D 3S");
      g_assert_false (deal.hearts_broken);
      g_assert_cmpint (hearts_deal_get_trick_winner (&deal, 2), ==, 2);
    }
}

static void
test_heart_scores_one (void)
{
  HeartsRules     rules;
  HeartsDeal      deal;
  HeartsDealScore score;

  hearts_rules_init_default (&rules);
  g_assert_cmpint (hearts_cards_points (cards ("2H"), &rules), ==, 1);
  g_assert_cmpint (hearts_cards_points (cards ("AH"), &rules), ==, 1);
  g_assert_cmpint (hearts_cards_points (cards ("2H 7H KH"), &rules), ==, 3);
  g_assert_cmpint (hearts_cards_points (HEARTS_HEARTS_MASK, &rules), ==, 13);
  g_assert_cmpint (hearts_cards_points (cards ("AC KD JS JD"), &rules), ==, 0);

  /* In play: seat 1 takes a trick with two hearts discarded on it. */
  deal_c (&deal, &rules);
  play_cards (&deal, &rules, "2C AC 3C 4C 2S 9S 7H 2D");
  play_cards (&deal, &rules, "AH 8H 3D 2H");
  hearts_deal_score (&deal, &rules, NULL, &score);
  assert_points (&score, 4, (gint[]){ 0, 0, 4, 0 });
}

static void
test_queen_scores_thirteen (void)
{
  HeartsRules     rules;
  HeartsDeal      deal;
  HeartsDealScore score;

  hearts_rules_init_default (&rules);
  g_assert_cmpint (hearts_cards_points (cards ("QS"), &rules), ==, 13);
  g_assert_cmpint (hearts_cards_points (cards ("QS 2H"), &rules), ==, 14);
  g_assert_cmpint (hearts_cards_points (HEARTS_POINT_CARDS, &rules), ==, 26);
  g_assert_cmpint (hearts_cards_points (cards ("KS AS"), &rules), ==, 0);

  /* Position A: seat 0 takes the K♥ and the Q♠ in trick 2. */
  deal_a (&deal, &rules);
  play_cards (&deal, &rules, "2C 3C 4C 5C 6C AC KH QS");
  hearts_deal_score (&deal, &rules, NULL, &score);
  assert_points (&score, 4, (gint[]){ 14, 0, 0, 0 });
  g_assert_cmpint (score.shooter, ==, -1);

  /* Position D: the Q♠ discarded on a diamond goes to the winner, seat 3. */
  deal_d (&deal, &rules);
  play_cards (&deal, &rules, "2C AC 3C 4C 8D QS 9D 2D");
  hearts_deal_score (&deal, &rules, NULL, &score);
  assert_points (&score, 4, (gint[]){ 0, 0, 0, 13 });
}

static void
test_hand_points_total_26 (void)
{
  for (guint n = HEARTS_MIN_PLAYERS; n <= HEARTS_MAX_PLAYERS; n++)
    for (guint64 seed = 0; seed < 200; seed++)
      {
        HeartsRules     rules;
        HeartsDeal      deal;
        HeartsDealScore score;
        HeartsRng       rng;

        hearts_rules_init_default (&rules);
        rules.n_players = n;
        rules.three_deck = seed % 2;
        rules.pass_cycle = HEARTS_PASS_CYCLE_NONE;
        hearts_rng_init (&rng, seed);
        hearts_deal_shuffle (&deal, &rules, seed % n, 0, &rng);
        play_lowest (&deal, &rules);
        hearts_deal_score (&deal, &rules, NULL, &score);
        if (score.shooter < 0)
          g_assert_cmpint (sum_points (&score, n), ==, 26);
        else
          g_assert_cmpint (sum_points (&score, n), ==, 26 * (n - 1));
      }
}

/* Position B played out: seat 0 takes every card, so every point. */
static void
moon_deal (HeartsDeal        *deal,
           const HeartsRules *rules)
{
  deal_b (deal, rules);
  play_lowest (deal, rules);
  g_assert_cmpuint (deal->taken[0], ==, HEARTS_FULL_DECK);
  g_assert_cmpuint (deal->tricks_won[0], ==, 13);
}

static void
test_hand_total_multiple_of_26 (void)
{
  const char *variants[] = { "moon=others", "moon=shooter", "moon=choose" };

  /* 26 without a moon, 26 × (n − 1) when the others get 26 each, −26 when the
   * shooter takes 26 off: always a multiple of 26. */
  for (guint v = 0; v < G_N_ELEMENTS (variants); v++)
    for (guint n = HEARTS_MIN_PLAYERS; n <= HEARTS_MAX_PLAYERS; n++)
      {
        g_autofree char *text = g_strdup_printf ("players=%u %s", n, variants[v]);
        HeartsRules      rules;
        HeartsDeal       deal;
        HeartsDealScore  score;
        HeartsCards      hands[HEARTS_MAX_PLAYERS] = { 0 };
        HeartsCards      deck;
        HeartsCard       c;
        guint            i = 0;
        gint             sum;

        rules_init (&rules, text);
        deck = hearts_rules_get_deck (&rules);
        HEARTS_CARDS_FOREACH (c, deck)
          hands[i++ % n] |= HEARTS_CARD_BIT (c);
        g_assert_true (hearts_deal_init (&deal, &rules, 0, HEARTS_PASS_HOLD, hands));

        /* Hand-built end of play: seat 1 took every card. */
        deal.taken[1] = deck;
        deal.tricks_won[1] = deal.hand_size;
        deal.phase = HEARTS_DEAL_DONE;
        hearts_deal_score (&deal, &rules, NULL, &score);
        sum = sum_points (&score, n);
        g_assert_cmpint (score.shooter, ==, 1);
        g_assert_cmpint (sum % 26, ==, 0);
        g_assert_cmpint (sum, ==, v == 1 ? -26 : 26 * ((gint) n - 1));

        /* Split: 26 in all. */
        deal.taken[1] = deck & ~cards ("2H");
        deal.taken[0] = cards ("2H");
        hearts_deal_score (&deal, &rules, NULL, &score);
        g_assert_cmpint (score.shooter, ==, -1);
        g_assert_cmpint (sum_points (&score, n), ==, 26);
      }
}

static void
test_moon_others_plus_26 (void)
{
  HeartsRules     rules;
  HeartsDeal      deal;
  HeartsDealScore score;
  gint            totals[4] = { 90, 0, 0, 0 };

  hearts_rules_init_default (&rules);
  g_assert_cmpint (rules.moon, ==, HEARTS_MOON_OTHERS_PLUS_26);
  moon_deal (&deal, &rules);
  hearts_deal_score (&deal, &rules, NULL, &score);
  g_assert_cmpint (score.shooter, ==, 0);
  assert_points (&score, 4, (gint[]){ 0, 26, 26, 26 });
  g_assert_cmpint (sum_points (&score, 4), ==, 78);

  /* Whatever the totals: this is no choice. */
  hearts_deal_score (&deal, &rules, totals, &score);
  assert_points (&score, 4, (gint[]){ 0, 26, 26, 26 });

  /* Nearly all is not all: one heart elsewhere, and the shooter keeps 25. */
  deal.taken[0] &= ~cards ("2H");
  deal.taken[1] |= cards ("2H");
  hearts_deal_score (&deal, &rules, NULL, &score);
  g_assert_cmpint (score.shooter, ==, -1);
  assert_points (&score, 4, (gint[]){ 25, 1, 0, 0 });
}

static void
test_totals_add_up (void)
{
  g_autoptr(HeartsGame) game = computer_game ("end=deals:6", 31);
  gint totals[4] = { 0 };

  for (guint hand = 0; hand < 6; hand++)
    {
      const HeartsHandResult *result;

      finish_hand (game);
      g_assert_cmpuint (hearts_game_get_n_results (game), ==, hand + 1);
      result = hearts_game_get_result (game, hand);
      for (guint s = 0; s < 4; s++)
        {
          totals[s] += result->points[s];
          g_assert_cmpint (result->totals[s], ==, totals[s]);
          g_assert_cmpint (hearts_game_get_total (game, s), ==, totals[s]);
        }
      hearts_game_next_hand (game);
    }
  g_assert_cmpint (hearts_game_get_phase (game), ==, HEARTS_PHASE_GAME_OVER);
}

static void
test_game_ends_at_100 (void)
{
  HeartsRules rules;

  hearts_rules_init_default (&rules);
  g_assert_cmpint (rules.end, ==, HEARTS_END_SCORE);
  g_assert_cmpuint (rules.end_value, ==, 100);

  g_assert_false (hearts_rules_game_is_over (&rules, (gint[]){ 99, 99, 99, 99 }, 40));
  /* Reaching 100 ends it ("reaches", "hits … or higher"), and going over. */
  g_assert_true (hearts_rules_game_is_over (&rules, (gint[]){ 0, 100, 0, 0 }, 1));
  g_assert_true (hearts_rules_game_is_over (&rules, (gint[]){ 0, 0, 0, 126 }, 1));
  g_assert_false (hearts_rules_game_is_over (&rules, (gint[]){ -26, 0, 99, 0 }, 1));

  /* In a played game: it stops on the hand that takes someone to 100. */
  {
    g_autoptr(HeartsGame) game = computer_game ("", 5);

    while (hearts_game_get_phase (game) != HEARTS_PHASE_GAME_OVER)
      {
        gboolean over_before = FALSE;

        for (guint s = 0; s < 4; s++)
          over_before |= hearts_game_get_total (game, s) >= 100;
        g_assert_false (over_before);
        finish_hand (game);
        hearts_game_next_hand (game);
      }
    g_assert_true (hearts_game_get_total (game, 0) >= 100 || hearts_game_get_total (game, 1) >= 100 ||
                   hearts_game_get_total (game, 2) >= 100 || hearts_game_get_total (game, 3) >= 100);
  }
}

static void
test_lowest_score_wins (void)
{
  HeartsRules rules;

  hearts_rules_init_default (&rules);
  g_assert_cmpuint (hearts_rules_get_winners (&rules, (gint[]){ 40, 101, 12, 60 }), ==, 1u << 2);
  g_assert_cmpuint (hearts_rules_get_winners (&rules, (gint[]){ -26, 0, 120, 5 }), ==, 1u << 0);

  /* A played game: the winner has the lowest total. */
  {
    g_autoptr(HeartsGame) game = computer_game ("end=score:50", 9);
    guint winners;
    gint  best = G_MAXINT;

    while (hearts_game_get_phase (game) != HEARTS_PHASE_GAME_OVER)
      {
        g_assert_cmpuint (hearts_game_get_winners (game), ==, 0);
        finish_hand (game);
        hearts_game_next_hand (game);
      }
    winners = hearts_game_get_winners (game);
    for (guint s = 0; s < 4; s++)
      best = MIN (best, hearts_game_get_total (game, s));
    for (guint s = 0; s < 4; s++)
      g_assert_cmpint ((winners >> s) & 1, ==, hearts_game_get_total (game, s) == best);
  }
}

static void
test_tied_winners_share (void)
{
  HeartsRules rules;

  hearts_rules_init_default (&rules);
  g_assert_cmpuint (hearts_rules_get_winners (&rules, (gint[]){ 30, 30, 100, 45 }), ==, 0x3);
  g_assert_cmpuint (hearts_rules_get_winners (&rules, (gint[]){ 7, 50, 100, 7 }), ==, 0x9);
  g_assert_cmpuint (hearts_rules_get_winners (&rules, (gint[]){ 26, 26, 26, 26 }), ==, 0xf);

  rules.n_players = 5;
  g_assert_cmpuint (hearts_rules_get_winners (&rules, (gint[]){ 9, 8, 8, 8, 9 }), ==, 0xe);
  rules.n_players = 3;
  /* Seats beyond the table never win. */
  g_assert_cmpuint (hearts_rules_get_winners (&rules, (gint[]){ 9, 9, 10, 0, 0 }), ==, 0x3);
}

static void
test_pass_three_cards (void)
{
  HeartsRules rules;
  HeartsDeal  deal;

  hearts_rules_init_default (&rules);
  deal_hands (&deal, &rules, 3, HEARTS_PASS_LEFT,
              "2C AC 2H 3H 4H 5H 6H 7H 8H 9H TH JH QH",
              "3C KH AH 2S 3S 4S 5S 6S 7S 8S 9S TS JS",
              "4C QS KS AS 2D 3D 4D 5D 6D 7D 8D 9D TD",
              "5C 6C 7C 8C 9C TC JC QC KC JD QD KD AD");

  g_assert_cmpint (hearts_deal_check_pass (&deal, &rules, 0, 0), ==, HEARTS_REFUSAL_PASS_COUNT);
  g_assert_cmpint (hearts_deal_pass (&deal, &rules, 0, cards ("2C AC")), ==, HEARTS_REFUSAL_PASS_COUNT);
  g_assert_cmpint (hearts_deal_pass (&deal, &rules, 0, cards ("2C AC 2H 3H")), ==, HEARTS_REFUSAL_PASS_COUNT);
  g_assert_cmpint (hearts_deal_pass (&deal, &rules, 0, cards ("2C AC KH")), ==, HEARTS_REFUSAL_NOT_IN_HAND);
  g_assert_cmpint (hearts_deal_pass (&deal, &rules, 4, cards ("2C AC 2H")), ==, HEARTS_REFUSAL_NOT_YOUR_TURN);
  g_assert_cmpuint (deal.passed, ==, 0);
  g_assert_cmpuint (deal.hands[0], ==, deal.dealt[0]);

  /* Any three of one's own cards; then no second pass, and no play while passing. */
  g_assert_cmpint (hearts_deal_pass (&deal, &rules, 0, cards ("QH JH TH")), ==, HEARTS_REFUSAL_NONE);
  g_assert_cmpuint (hearts_cards_count (deal.hands[0]), ==, 10);
  g_assert_cmpint (hearts_deal_pass (&deal, &rules, 0, cards ("2C AC 2H")), ==, HEARTS_REFUSAL_ALREADY_PASSED);
  g_assert_cmpint (hearts_deal_check_play (&deal, &rules, 0, card ("2C")), ==, HEARTS_REFUSAL_WRONG_PHASE);
  g_assert_cmpstr (hearts_refusal_get_message (HEARTS_REFUSAL_PASS_COUNT), ==, "Choose three cards to pass");
}

static void
check_cycle (const char *rules_text,
             const char *expected)
{
  HeartsRules rules;
  g_autoptr(GString) got = g_string_new (NULL);

  rules_init (&rules, rules_text);
  for (guint hand = 0; hand < strlen (expected); hand++)
    g_string_append (got, hearts_pass_direction_to_letter (hearts_rules_get_pass (&rules, hand)));
  g_assert_cmpstr (got->str, ==, expected);
}

/* Where each seat's pass goes, and the deal of a hold hand has no passing. */
static void
check_directions (guint n)
{
  HeartsRules rules;

  hearts_rules_init_default (&rules);
  rules.n_players = n;
  for (guint s = 0; s < n; s++)
    {
      g_assert_cmpuint (hearts_rules_pass_target (&rules, HEARTS_PASS_LEFT, s), ==, (s + 1) % n);
      g_assert_cmpuint (hearts_rules_pass_target (&rules, HEARTS_PASS_RIGHT, s), ==, (s + n - 1) % n);
      g_assert_cmpuint (hearts_rules_pass_target (&rules, HEARTS_PASS_HOLD, s), ==, s);
      g_assert_cmpuint (hearts_rules_pass_source (&rules, HEARTS_PASS_LEFT, (s + 1) % n), ==, s);
      g_assert_cmpuint (hearts_rules_pass_source (&rules, HEARTS_PASS_RIGHT, (s + n - 1) % n), ==, s);
      if (n == 4)
        {
          g_assert_cmpuint (hearts_rules_pass_target (&rules, HEARTS_PASS_ACROSS, s), ==, (s + 2) % 4);
          g_assert_cmpuint (hearts_rules_pass_source (&rules, HEARTS_PASS_ACROSS, (s + 2) % 4), ==, s);
        }
    }
}

static void
test_pass_cycle_left_right_across_hold (void)
{
  HeartsRules rules;
  HeartsDeal  deal;
  HeartsRng   rng;

  check_cycle ("", "LRAHLRAHLRAH");
  check_cycle ("pass=lrah", "LRAHLRAH");
  check_directions (4);

  /* A hold hand starts with the play: nothing to pass. */
  hearts_rules_init_default (&rules);
  hearts_rng_init (&rng, 3);
  hearts_deal_shuffle (&deal, &rules, 0, 3, &rng);
  g_assert_cmpint (deal.pass, ==, HEARTS_PASS_HOLD);
  g_assert_cmpint (deal.phase, ==, HEARTS_DEAL_PLAYING);
  g_assert_cmpint (hearts_deal_check_pass (&deal, &rules, 0, deal.hands[0] & cards ("2C 3C 4C")), ==,
                   HEARTS_REFUSAL_WRONG_PHASE);
  hearts_deal_shuffle (&deal, &rules, 0, 2, &rng);
  g_assert_cmpint (deal.pass, ==, HEARTS_PASS_ACROSS);
  g_assert_cmpint (deal.phase, ==, HEARTS_DEAL_PASSING);

  /* Across: seat 0 and seat 2 swap, seat 1 and seat 3 swap. */
  for (guint s = 0; s < 4; s++)
    g_assert_cmpint (hearts_deal_pass (&deal, &rules, s, HEARTS_CARD_BIT (hearts_cards_lowest (deal.hands[s])) | HEARTS_CARD_BIT (hearts_cards_highest (deal.hands[s])) | HEARTS_CARD_BIT (hearts_cards_lowest (deal.hands[s] & (deal.hands[s] - 1)))),
                     ==, HEARTS_REFUSAL_NONE);
  for (guint s = 0; s < 4; s++)
    {
      g_assert_cmpuint (hearts_deal_get_received (&deal, &rules, s), ==, deal.passes[(s + 2) % 4]);
      g_assert_cmpuint (deal.hands[s], ==, (deal.dealt[s] & ~deal.passes[s]) | deal.passes[(s + 2) % 4]);
    }
}

static void
test_passed_cards_arrive_after_own_pass (void)
{
  HeartsRules rules;
  HeartsDeal  deal;

  hearts_rules_init_default (&rules);
  deal_hands (&deal, &rules, 3, HEARTS_PASS_LEFT,
              "2C AC 2H 3H 4H 5H 6H 7H 8H 9H TH JH QH",
              "3C KH AH 2S 3S 4S 5S 6S 7S 8S 9S TS JS",
              "4C QS KS AS 2D 3D 4D 5D 6D 7D 8D 9D TD",
              "5C 6C 7C 8C 9C TC JC QC KC JD QD KD AD");

  /* Seat 0 passes to seat 1, who has not passed yet: seat 1 does not see them. */
  g_assert_cmpint (hearts_deal_pass (&deal, &rules, 0, cards ("QH JH TH")), ==, HEARTS_REFUSAL_NONE);
  g_assert_cmpuint (hearts_deal_get_received (&deal, &rules, 1), ==, 0);
  g_assert_cmpuint (deal.hands[1], ==, deal.dealt[1]);
  /* … so it cannot pass them on. */
  g_assert_cmpint (hearts_deal_pass (&deal, &rules, 1, cards ("QH JH TH")), ==, HEARTS_REFUSAL_NOT_IN_HAND);

  /* Once seat 1 has passed, it picks them up; seat 2 still waits for its own pass. */
  g_assert_cmpint (hearts_deal_pass (&deal, &rules, 1, cards ("KH AH JS")), ==, HEARTS_REFUSAL_NONE);
  g_assert_cmpuint (hearts_deal_get_received (&deal, &rules, 1), ==, cards ("TH JH QH"));
  assert_cards (deal.hands[1], "3C 2S 3S 4S 5S 6S 7S 8S 9S TS TH JH QH");
  g_assert_cmpuint (hearts_deal_get_received (&deal, &rules, 2), ==, 0);
  g_assert_cmpuint (deal.hands[2], ==, deal.dealt[2]);

  /* Seat 3 passes: seat 0 (passed) picks up at once; seat 3 waits for seat 2. */
  g_assert_cmpint (hearts_deal_pass (&deal, &rules, 3, cards ("AD KD QD")), ==, HEARTS_REFUSAL_NONE);
  g_assert_cmpuint (hearts_deal_get_received (&deal, &rules, 0), ==, cards ("QD KD AD"));
  g_assert_cmpuint (hearts_deal_get_received (&deal, &rules, 3), ==, 0);
  g_assert_cmpint (deal.phase, ==, HEARTS_DEAL_PASSING);

  g_assert_cmpint (hearts_deal_pass (&deal, &rules, 2, cards ("QS KS AS")), ==, HEARTS_REFUSAL_NONE);
  g_assert_cmpuint (hearts_deal_get_received (&deal, &rules, 2), ==, cards ("KH AH JS"));
  g_assert_cmpuint (hearts_deal_get_received (&deal, &rules, 3), ==, cards ("QS KS AS"));
  g_assert_cmpint (deal.phase, ==, HEARTS_DEAL_PLAYING);
  for (guint s = 0; s < 4; s++)
    g_assert_cmpuint (hearts_cards_count (deal.hands[s]), ==, 13);
}

static void
test_pass_coincides_with_deal (void)
{
  /* Four players, a cycle of four: a seat deals every fourth hand, so the pass of a
   * seat's deal is always the same. */
  g_autoptr(HeartsGame) game = computer_game ("end=deals:12", 12);
  HeartsPassDirection by_dealer[4];

  for (guint hand = 0; hand < 12; hand++)
    {
      const HeartsDeal *deal = hearts_game_get_deal (game);

      g_assert_cmpint (hearts_game_get_pass_direction (game), ==, deal->pass);
      if (hand < 4)
        by_dealer[deal->dealer] = deal->pass;
      else
        g_assert_cmpint (deal->pass, ==, by_dealer[deal->dealer]);
      finish_hand (game);
      hearts_game_next_hand (game);
    }
  g_assert_cmpint (by_dealer[0] + by_dealer[1] + by_dealer[2] + by_dealer[3], ==,
                   HEARTS_PASS_LEFT + HEARTS_PASS_RIGHT + HEARTS_PASS_ACROSS + HEARTS_PASS_HOLD);
}

/* Variants */

static void
check_small_table (const char *rules_text,
                   guint       n,
                   guint       hand_size,
                   const char *removed,
                   const char *opening)
{
  HeartsRules      rules;
  HeartsDeal       deal;
  HeartsRng        rng;
  g_autofree char *message = NULL;
  g_autofree char *expected_message = g_strdup_printf ("You must lead the %c♣", opening[0]);

  rules_init (&rules, rules_text);
  g_assert_cmpuint (rules.n_players, ==, n);
  g_assert_cmpuint (hearts_rules_get_deck (&rules), ==, HEARTS_FULL_DECK & ~cards (removed));
  g_assert_cmpuint (hearts_cards_count (hearts_rules_get_deck (&rules)), ==, n * hand_size);
  g_assert_cmpuint (hearts_rules_get_hand_size (&rules), ==, hand_size);
  g_assert_cmpuint (hearts_rules_get_opening_card (&rules), ==, card (opening));
  message = hearts_refusal_format (HEARTS_REFUSAL_MUST_LEAD_OPENING_CARD, &rules);
  g_assert_cmpstr (message, ==, expected_message);

  for (guint64 seed = 0; seed < 50; seed++)
    {
      HeartsCards all = 0;
      guint       holder = n;

      hearts_rng_init (&rng, seed);
      hearts_deal_shuffle (&deal, &rules, seed % n, 2, &rng);
      for (guint s = 0; s < n; s++)
        {
          g_assert_cmpuint (hearts_cards_count (deal.hands[s]), ==, hand_size);
          g_assert_cmpuint (all & deal.hands[s], ==, 0);
          all |= deal.hands[s];
          if (hearts_cards_has (deal.hands[s], card (opening)))
            holder = s;
        }
      g_assert_cmpuint (all, ==, hearts_rules_get_deck (&rules));
      g_assert_cmpuint (deal.hand_size, ==, hand_size);

      /* Hand 2 holds with three or five players: play at once, the opening card first. */
      g_assert_cmpint (deal.phase, ==, HEARTS_DEAL_PLAYING);
      g_assert_cmpuint (hearts_deal_get_current_player (&deal), ==, holder);
      g_assert_cmpuint (hearts_deal_get_legal (&deal, &rules), ==, HEARTS_CARD_BIT (card (opening)));
      play_lowest (&deal, &rules);
      g_assert_cmpuint (deal.n_plays, ==, n * hand_size);
      g_assert_cmpuint (deal.plays[0], ==, card (opening));
    }
}

static void
test_three_players_remove_two_of_diamonds (void)
{
  HeartsRules rules;

  check_small_table ("players=3", 3, 17, "2D", "2C");
  check_small_table ("players=3 three-deck=2d", 3, 17, "2D", "2C");
  rules_init (&rules, "players=3");
  g_assert_cmpint (rules.three_deck, ==, HEARTS_THREE_REMOVE_TWO_DIAMONDS);
}

static void
test_three_players_remove_two_of_clubs (void)
{
  HeartsRules rules;
  HeartsDeal  deal;

  check_small_table ("players=3 three-deck=2c", 3, 17, "2C", "3C");

  /* A hand-built three-player deal: the 3♣ opens. */
  rules_init (&rules, "players=3 three-deck=2c");
  deal_hands (&deal, &rules, 0, HEARTS_PASS_HOLD,
              "4C 5C 6C 7C 8C 9C TC JC QC KC AC 2D 3D 4D 5D 6D 7D",
              "3C 8D 9D TD JD QD KD AD 2S 3S 4S 5S 6S 7S 8S 9S TS",
              "JS QS KS AS 2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH AH");
  g_assert_cmpuint (hearts_deal_get_current_player (&deal), ==, 1);
  assert_legal (&deal, &rules, "3C");
  assert_refused (&deal, &rules, 1, "8D", HEARTS_REFUSAL_MUST_LEAD_OPENING_CARD);
  play_cards (&deal, &rules, "3C");
  /* Seat 2, void in clubs, has only points and spades: no points on the first trick. */
  assert_legal (&deal, &rules, "JS KS AS");
  assert_refused (&deal, &rules, 2, "QS", HEARTS_REFUSAL_NO_POINTS_FIRST_TRICK);

  /* The deck of the other three-player variant is refused. */
  g_assert_false (hearts_deal_init (&deal, &rules, 0, HEARTS_PASS_HOLD,
                                    (HeartsCards[]){ cards ("2C 5C 6C 7C 8C 9C TC JC QC KC AC 2D 3D 4D 5D 6D 7D"),
                                                     cards ("4C 8D 9D TD JD QD KD AD 2S 3S 4S 5S 6S 7S 8S 9S TS"),
                                                     cards ("JS QS KS AS 2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH AH") }));
}

static void
test_five_players_remove_twos (void)
{
  HeartsRules rules;
  HeartsDeal  deal;

  check_small_table ("players=5", 5, 10, "2C 2D", "3C");
  check_small_table ("players=5 three-deck=2c", 5, 10, "2C 2D", "3C");

  rules_init (&rules, "players=5");
  deal_hands (&deal, &rules, 4, HEARTS_PASS_HOLD,
              "3C 4C 5C 6C 7C 8C 9C TC JC QC",
              "KC AC 3D 4D 5D 6D 7D 8D 9D TD",
              "JD QD KD AD 2S 3S 4S 5S 6S 7S",
              "8S 9S TS JS QS KS AS 2H 3H 4H",
              "5H 6H 7H 8H 9H TH JH QH KH AH");
  g_assert_cmpuint (hearts_deal_get_current_player (&deal), ==, 0);
  play_cards (&deal, &rules, "3C KC");
  assert_legal (&deal, &rules, "JD QD KD AD 2S 3S 4S 5S 6S 7S");
  play_cards (&deal, &rules, "2S");
  assert_legal (&deal, &rules, "8S 9S TS JS KS AS");
  play_cards (&deal, &rules, "8S");
  /* Seat 4 holds only hearts: it may discard one on the first trick. */
  assert_legal (&deal, &rules, "5H 6H 7H 8H 9H TH JH QH KH AH");
  play_cards (&deal, &rules, "5H");
  g_assert_cmpint (hearts_deal_get_trick_winner (&deal, 0), ==, 1);
}

static void
test_pass_cycle_right_left_across_hold (void)
{
  HeartsRules rules;
  HeartsDeal  deal;

  check_cycle ("pass=rlah", "RLAHRLAHRLAH");
  rules_init (&rules, "pass=rlah");
  deal_hands (&deal, &rules, 3, hearts_rules_get_pass (&rules, 0),
              "2C AC 2H 3H 4H 5H 6H 7H 8H 9H TH JH QH",
              "3C KH AH 2S 3S 4S 5S 6S 7S 8S 9S TS JS",
              "4C QS KS AS 2D 3D 4D 5D 6D 7D 8D 9D TD",
              "5C 6C 7C 8C 9C TC JC QC KC JD QD KD AD");
  /* Right: seat 0 passes to seat 3, and gets seat 1's. */
  g_assert_cmpint (hearts_deal_pass (&deal, &rules, 0, cards ("2C AC 2H")), ==, HEARTS_REFUSAL_NONE);
  g_assert_cmpint (hearts_deal_pass (&deal, &rules, 1, cards ("3C KH AH")), ==, HEARTS_REFUSAL_NONE);
  g_assert_cmpint (hearts_deal_pass (&deal, &rules, 2, cards ("4C QS KS")), ==, HEARTS_REFUSAL_NONE);
  g_assert_cmpint (hearts_deal_pass (&deal, &rules, 3, cards ("5C 6C 7C")), ==, HEARTS_REFUSAL_NONE);
  g_assert_cmpuint (hearts_deal_get_received (&deal, &rules, 0), ==, cards ("3C KH AH"));
  g_assert_cmpuint (hearts_deal_get_received (&deal, &rules, 3), ==, cards ("2C AC 2H"));
  g_assert_cmpuint (hearts_deal_get_current_player (&deal), ==, 3);
}

static void
test_pass_cycle_left_right (void)
{
  check_cycle ("pass=lr", "LRLRLRLR");
  check_cycle ("pass=lr players=3", "LRLRLR");
  check_cycle ("pass=lr players=5", "LRLRLR");
}

/* Every cycle with every number of players: nobody passes across without a seat across,
 * and whoever passes to a seat is the seat it receives from. */
static void
test_pass_cycle_every_count (void)
{
  static const struct
  {
    HeartsPassCycle cycle;
    const char     *four;
    const char     *odd;
  } cycles[] = {
    { HEARTS_PASS_CYCLE_LEFT_RIGHT_ACROSS_HOLD, "LRAH", "LRH" },
    { HEARTS_PASS_CYCLE_RIGHT_LEFT_ACROSS_HOLD, "RLAH", "RLH" },
    { HEARTS_PASS_CYCLE_LEFT_RIGHT_HOLD, "LRH", "LRH" },
    { HEARTS_PASS_CYCLE_RIGHT_LEFT_HOLD, "RLH", "RLH" },
    { HEARTS_PASS_CYCLE_LEFT_RIGHT, "LR", "LR" },
    { HEARTS_PASS_CYCLE_NONE, "H", "H" },
  };

  G_STATIC_ASSERT (G_N_ELEMENTS (cycles) == HEARTS_N_PASS_CYCLES);
  for (guint c = 0; c < G_N_ELEMENTS (cycles); c++)
    for (guint n = HEARTS_MIN_PLAYERS; n <= HEARTS_MAX_PLAYERS; n++)
      {
        const char *expected = n == 4 ? cycles[c].four : cycles[c].odd;
        HeartsRules rules;

        hearts_rules_init_default (&rules);
        rules.n_players = n;
        rules.pass_cycle = cycles[c].cycle;
        g_assert_null (hearts_rules_check (&rules));
        {
          HeartsRules normal = rules;
          gboolean    changed = hearts_rules_normalize (&normal);

          /* Normalizing drops "across" where nobody sits across, and changes nothing
           * a game plays. */
          g_assert_true (changed == (n != 4 && hearts_pass_cycle_has_across (rules.pass_cycle)));
          g_assert_false (n != 4 && hearts_pass_cycle_has_across (normal.pass_cycle));
          g_assert_false (hearts_rules_normalize (&normal));
          for (guint hand = 0; hand < 24; hand++)
            g_assert_cmpint (hearts_rules_get_pass (&normal, hand), ==, hearts_rules_get_pass (&rules, hand));
          g_assert_cmpint (strchr (expected, 'A') != NULL, ==, hearts_pass_cycle_has_across (normal.pass_cycle));
        }
        for (guint hand = 0; hand < 60; hand++)
          {
            HeartsPassDirection dir = hearts_rules_get_pass (&rules, hand);
            guint8              taken = 0;

            g_assert_cmpint (hearts_pass_direction_to_letter (dir)[0], ==, expected[hand % strlen (expected)]);
            if (n != 4)
              g_assert_cmpint (dir, !=, HEARTS_PASS_ACROSS);
            for (guint s = 0; s < n; s++)
              {
                guint to = hearts_rules_pass_target (&rules, dir, s);

                g_assert_cmpuint (to, <, n);
                g_assert_cmpuint (hearts_rules_pass_source (&rules, dir, to), ==, s);
                g_assert_true ((to == s) == (dir == HEARTS_PASS_HOLD));
                /* Each seat receives from one seat only. */
                g_assert_false (taken & (1u << to));
                taken |= 1u << to;
              }
          }
      }
}

static void
test_pass_cycle_none (void)
{
  HeartsRules rules;
  HeartsDeal  deal;
  HeartsRng   rng;

  check_cycle ("pass=none", "HHHHHHHH");
  check_cycle ("pass=none players=3", "HHHH");
  rules_init (&rules, "pass=none");
  hearts_rng_init (&rng, 8);
  for (guint hand = 0; hand < 8; hand++)
    {
      hearts_deal_shuffle (&deal, &rules, hand % 4, hand, &rng);
      g_assert_cmpint (deal.phase, ==, HEARTS_DEAL_PLAYING);
      g_assert_cmpint (hearts_deal_check_pass (&deal, &rules, 0, cards ("2C 3C 4C")), ==,
                       HEARTS_REFUSAL_WRONG_PHASE);
    }
}

static void
test_no_across_with_three_or_five (void)
{
  HeartsRules rules;
  HeartsDeal  deal;
  HeartsCards hands[HEARTS_MAX_PLAYERS] = { 0 };
  HeartsCard  c;
  guint       i = 0;

  check_cycle ("players=3", "LRHLRHLRH");
  check_cycle ("players=5", "LRHLRHLRH");
  check_cycle ("players=3 pass=rlah", "RLHRLH");
  check_cycle ("players=5 pass=rlah", "RLHRLH");
  check_directions (3);
  check_directions (5);

  /* Nobody sits across: such a deal is refused. */
  rules_init (&rules, "players=3");
  HEARTS_CARDS_FOREACH (c, hearts_rules_get_deck (&rules))
    hands[i++ % 3] |= HEARTS_CARD_BIT (c);
  g_assert_false (hearts_deal_init (&deal, &rules, 0, HEARTS_PASS_ACROSS, hands));
  g_assert_true (hearts_deal_init (&deal, &rules, 0, HEARTS_PASS_LEFT, hands));

  /* Across and then round the table for a long game: never across. */
  for (guint hand = 0; hand < 100; hand++)
    {
      g_assert_cmpint (hearts_rules_get_pass (&rules, hand), !=, HEARTS_PASS_ACROSS);
      rules.n_players = 5;
      g_assert_cmpint (hearts_rules_get_pass (&rules, hand), !=, HEARTS_PASS_ACROSS);
      rules.n_players = 3;
    }
}

static void
test_opening_any_club (void)
{
  HeartsRules      rules;
  HeartsDeal       deal;
  g_autofree char *message = NULL;

  rules_init (&rules, "opening=any-club");
  deal_a (&deal, &rules);

  /* The holder of the 2♣ leads, but any club. */
  g_assert_cmpuint (hearts_deal_get_current_player (&deal), ==, 0);
  assert_legal (&deal, &rules, "2C AC");
  assert_refused (&deal, &rules, 0, "2H", HEARTS_REFUSAL_MUST_LEAD_CLUB);
  message = hearts_refusal_format (HEARTS_REFUSAL_MUST_LEAD_CLUB, &rules);
  g_assert_cmpstr (message, ==, "You must lead a club");
  play_cards (&deal, &rules, "AC 3C 4C 5C");
  g_assert_cmpint (hearts_deal_get_trick_winner (&deal, 0), ==, 0);

  /* Five players: the 3♣ holder, any club. */
  rules_init (&rules, "players=5 opening=any-club");
  deal_hands (&deal, &rules, 4, HEARTS_PASS_HOLD,
              "KC AC 3D 4D 5D 6D 7D 8D 9D TD",
              "3C 4C 5C 6C 7C 8C 9C TC JC QC",
              "JD QD KD AD 2S 3S 4S 5S 6S 7S",
              "8S 9S TS JS QS KS AS 2H 3H 4H",
              "5H 6H 7H 8H 9H TH JH QH KH AH");
  g_assert_cmpuint (hearts_deal_get_current_player (&deal), ==, 1);
  assert_legal (&deal, &rules, "3C 4C 5C 6C 7C 8C 9C TC JC QC");
}

static void
test_first_trick_hearts_only (void)
{
  HeartsRules rules;
  HeartsDeal  deal;

  rules_init (&rules, "first-trick=no-hearts");
  deal_b (&deal, &rules);
  play_cards (&deal, &rules, "2C");

  /* The Q♠ may be discarded on the first trick; hearts may not. */
  assert_legal (&deal, &rules, "2D 3D 4D 5D 6D 7D QS");
  assert_refused (&deal, &rules, 1, "2H", HEARTS_REFUSAL_NO_HEARTS_FIRST_TRICK);
  g_assert_cmpstr (hearts_refusal_get_message (HEARTS_REFUSAL_NO_HEARTS_FIRST_TRICK), ==,
                   "No hearts on the first trick");
  play_cards (&deal, &rules, "QS");

  /* A hand of only hearts and the Q♠ must discard the Q♠. */
  deal_hands (&deal, &rules, 3, HEARTS_PASS_HOLD,
              "2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC AC",
              "QS 2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH",
              "AH 2D 3D 4D 5D 6D 7D 8D 9D TD JD QD KD",
              "AD 2S 3S 4S 5S 6S 7S 8S 9S TS JS KS AS");
  play_cards (&deal, &rules, "2C");
  assert_legal (&deal, &rules, "QS");
}

static void
test_first_trick_anything (void)
{
  HeartsRules rules;
  HeartsDeal  deal;

  rules_init (&rules, "first-trick=anything");
  deal_b (&deal, &rules);
  play_cards (&deal, &rules, "2C");
  assert_legal (&deal, &rules, "2D 3D 4D 5D 6D 7D QS 2H 3H 4H 5H 6H 7H");
  play_cards (&deal, &rules, "QS 8H");
  /* A heart on the first trick breaks hearts. */
  g_assert_true (deal.hearts_broken);
}

static void
test_queen_discard_breaks_hearts (void)
{
  HeartsRules rules;
  HeartsDeal  deal;

  /* Position D: seat 2 discards the Q♠ on a diamond, seat 3 wins and leads. */
  rules_init (&rules, "qs-breaks=yes");
  deal_d (&deal, &rules);
  play_cards (&deal, &rules, "2C AC 3C 4C 8D QS");
  g_assert_true (deal.hearts_broken);
  play_cards (&deal, &rules, "9D 2D");
  assert_legal (&deal, &rules, "TD JD QD KD AD 9H TH JH QH KH AH");

  /* By default the Q♠ does not break hearts. */
  rules_init (&rules, "qs-breaks=no");
  deal_d (&deal, &rules);
  play_cards (&deal, &rules, "2C AC 3C 4C 8D QS 9D 2D");
  g_assert_false (deal.hearts_broken);
  assert_legal (&deal, &rules, "TD JD QD KD AD");
  hearts_rules_init_default (&rules);
  g_assert_false (rules.queen_breaks_hearts);
}

static void
test_hearts_may_be_led_any_time (void)
{
  HeartsRules rules;
  HeartsDeal  deal;

  rules_init (&rules, "hearts-breaking=no");
  deal_e (&deal, &rules);
  /* The opening lead is still the 2♣. */
  assert_legal (&deal, &rules, "2C");
  play_cards (&deal, &rules, "2C AC 3C 4C");
  g_assert_false (deal.hearts_broken);
  assert_legal (&deal, &rules, "QS 2H 3H 4H 5H 6H 7H 8H 9H TH JH QH");
  play_cards (&deal, &rules, "2H");

  hearts_rules_init_default (&rules);
  g_assert_true (rules.must_break_hearts);
}

static void
test_omnibus_jack_of_diamonds_minus_10 (void)
{
  HeartsRules     rules;
  HeartsDeal      deal;
  HeartsDealScore score;

  rules_init (&rules, "omnibus=yes");
  g_assert_cmpint (hearts_cards_points (cards ("JD"), &rules), ==, -10);
  g_assert_cmpint (hearts_cards_points (cards ("JD QS 2H"), &rules), ==, 4);
  g_assert_cmpint (hearts_cards_points (cards ("TD QD"), &rules), ==, 0);
  rules.omnibus = FALSE;
  g_assert_cmpint (hearts_cards_points (cards ("JD"), &rules), ==, 0);

  /* In play: seat 3 wins the J♦ and the Q♠ in position D. */
  rules_init (&rules, "omnibus=yes");
  deal_d (&deal, &rules);
  play_cards (&deal, &rules, "2C AC 3C 4C 8D QS JD 2D");
  hearts_deal_score (&deal, &rules, NULL, &score);
  assert_points (&score, 4, (gint[]){ 0, 0, 0, 3 });

  /* A moon with the J♦: the shooter keeps the bonus, the others get 26. */
  moon_deal (&deal, &rules);
  hearts_deal_score (&deal, &rules, NULL, &score);
  g_assert_cmpint (score.shooter, ==, 0);
  assert_points (&score, 4, (gint[]){ -10, 26, 26, 26 });
  g_assert_cmpint (sum_points (&score, 4), ==, 68);
}

static void
test_no_tricks_bonus_minus_5 (void)
{
  HeartsRules     rules;
  HeartsDeal      deal;
  HeartsDealScore score;

  rules_init (&rules, "no-tricks=yes");

  /* Nobody gets it until the hand is over. */
  deal_a (&deal, &rules);
  play_cards (&deal, &rules, "2C 3C 4C 5C");
  hearts_deal_score (&deal, &rules, NULL, &score);
  assert_points (&score, 4, (gint[]){ 0, 0, 0, 0 });

  /* Position B: seat 0 takes every trick (a moon); the others took none: −5 each. */
  moon_deal (&deal, &rules);
  hearts_deal_score (&deal, &rules, NULL, &score);
  assert_points (&score, 4, (gint[]){ 0, 21, 21, 21 });

  /* Without a moon: the hand-built end of a hand where seat 2 took no trick. */
  deal.taken[0] = HEARTS_FULL_DECK & ~cards ("2H 3H 4H 5H");
  deal.taken[1] = cards ("2H 3H 4H");
  deal.taken[3] = cards ("5H");
  deal.tricks_won[0] = 10;
  deal.tricks_won[1] = 2;
  deal.tricks_won[2] = 0;
  deal.tricks_won[3] = 1;
  hearts_deal_score (&deal, &rules, NULL, &score);
  assert_points (&score, 4, (gint[]){ 22, 3, -5, 1 });

  rules.no_tricks_bonus = FALSE;
  hearts_deal_score (&deal, &rules, NULL, &score);
  assert_points (&score, 4, (gint[]){ 22, 3, 0, 1 });
}

static void
test_moon_shooter_minus_26 (void)
{
  HeartsRules     rules;
  HeartsDeal      deal;
  HeartsDealScore score;

  rules_init (&rules, "moon=shooter");
  moon_deal (&deal, &rules);
  hearts_deal_score (&deal, &rules, NULL, &score);
  g_assert_cmpint (score.shooter, ==, 0);
  assert_points (&score, 4, (gint[]){ -26, 0, 0, 0 });

  rules_init (&rules, "moon=shooter omnibus=yes no-tricks=yes");
  hearts_deal_score (&deal, &rules, NULL, &score);
  assert_points (&score, 4, (gint[]){ -36, -5, -5, -5 });
}

static void
test_moon_shooter_chooses (void)
{
  HeartsRules     rules;
  HeartsDeal      deal;
  HeartsDealScore score;

  rules_init (&rules, "moon=choose");
  moon_deal (&deal, &rules);

  /* Nothing to choose between early on: the others take 26. */
  hearts_deal_score (&deal, &rules, (gint[]){ 0, 0, 0, 0 }, &score);
  assert_points (&score, 4, (gint[]){ 0, 26, 26, 26 });
  hearts_deal_score (&deal, &rules, NULL, &score);
  assert_points (&score, 4, (gint[]){ 0, 26, 26, 26 });

  /* +26 to the others would end the game with the shooter the winner: take it. */
  hearts_deal_score (&deal, &rules, (gint[]){ 10, 80, 30, 30 }, &score);
  assert_points (&score, 4, (gint[]){ 0, 26, 26, 26 });

  /* +26 to the others would end the game with seat 2 the winner: −26 instead. */
  hearts_deal_score (&deal, &rules, (gint[]){ 90, 80, 10, 30 }, &score);
  assert_points (&score, 4, (gint[]){ -26, 0, 0, 0 });

  /* … or with the shooter only tied for the win. */
  hearts_deal_score (&deal, &rules, (gint[]){ 40, 80, 14, 70 }, &score);
  assert_points (&score, 4, (gint[]){ -26, 0, 0, 0 });

  /* A game of a set number of deals: the standings are the same either way. */
  rules_init (&rules, "moon=choose end=deals:5");
  hearts_deal_score (&deal, &rules, (gint[]){ 90, 80, 10, 30 }, &score);
  assert_points (&score, 4, (gint[]){ 0, 26, 26, 26 });
}

static void
test_end_score_target (void)
{
  HeartsRules rules;

  for (guint target = HEARTS_END_SCORE_MIN; target <= HEARTS_END_SCORE_MAX; target++)
    {
      g_autofree char *text = g_strdup_printf ("end=score:%u", target);
      gint             below[4] = { (gint) target - 1, 0, -26, 0 };
      gint             at[4] = { 0, 0, (gint) target, 0 };

      rules_init (&rules, text);
      g_assert_cmpuint (rules.end_value, ==, target);
      g_assert_false (hearts_rules_game_is_over (&rules, below, 1000));
      g_assert_true (hearts_rules_game_is_over (&rules, at, 1));
    }

  hearts_rules_init_default (&rules);
  g_assert_false (hearts_rules_apply_string (&rules, "end=score:24", NULL));
  g_assert_false (hearts_rules_apply_string (&rules, "end=score:501", NULL));
  g_assert_false (hearts_rules_apply_string (&rules, "end=score:-1", NULL));
  g_assert_false (hearts_rules_apply_string (&rules, "end=score", NULL));
  g_assert_cmpuint (rules.end_value, ==, 100);

  /* "some play to 50" */
  {
    g_autoptr(HeartsGame) game = computer_game ("end=score:50", 50);

    while (hearts_game_get_phase (game) != HEARTS_PHASE_GAME_OVER)
      {
        finish_hand (game);
        hearts_game_next_hand (game);
      }
    g_assert_true (hearts_game_get_total (game, 0) >= 50 || hearts_game_get_total (game, 1) >= 50 ||
                   hearts_game_get_total (game, 2) >= 50 || hearts_game_get_total (game, 3) >= 50);
  }
}

static void
test_end_after_deals (void)
{
  HeartsRules rules;

  rules_init (&rules, "end=deals:3");
  g_assert_false (hearts_rules_game_is_over (&rules, (gint[]){ 500, 500, 500, 500 }, 2));
  g_assert_true (hearts_rules_game_is_over (&rules, (gint[]){ 0, 0, 0, 0 }, 3));

  g_assert_false (hearts_rules_apply_string (&rules, "end=deals:0", NULL));
  g_assert_false (hearts_rules_apply_string (&rules, "end=deals:101", NULL));
  g_assert_true (hearts_rules_apply_string (&rules, "end=deals:100", NULL));

  {
    g_autoptr(HeartsGame) game = computer_game ("end=deals:3", 3);

    for (guint hand = 0; hand < 3; hand++)
      {
        g_assert_cmpint (hearts_game_get_phase (game), !=, HEARTS_PHASE_GAME_OVER);
        finish_hand (game);
        hearts_game_next_hand (game);
      }
    g_assert_cmpint (hearts_game_get_phase (game), ==, HEARTS_PHASE_GAME_OVER);
    g_assert_cmpuint (hearts_game_get_n_results (game), ==, 3);
  }
}

static void
test_end_after_matches (void)
{
  for (guint n = HEARTS_MIN_PLAYERS; n <= HEARTS_MAX_PLAYERS; n++)
    {
      g_autofree char *text = g_strdup_printf ("players=%u end=matches:2", n);
      g_autoptr(HeartsGame) game = computer_game (text, n);
      const HeartsRules *rules = hearts_game_get_rules (game);
      guint              dealt_by[HEARTS_MAX_PLAYERS] = { 0 };

      /* A match is the deal going once round the table: two matches, 2n deals. */
      g_assert_false (hearts_rules_game_is_over (rules, (gint[]){ 0, 0, 0, 0, 0 }, 2 * n - 1));
      g_assert_true (hearts_rules_game_is_over (rules, (gint[]){ 0, 0, 0, 0, 0 }, 2 * n));

      while (hearts_game_get_phase (game) != HEARTS_PHASE_GAME_OVER)
        {
          dealt_by[hearts_game_get_deal (game)->dealer]++;
          finish_hand (game);
          hearts_game_next_hand (game);
        }
      g_assert_cmpuint (hearts_game_get_n_results (game), ==, 2 * n);
      for (guint s = 0; s < n; s++)
        g_assert_cmpuint (dealt_by[s], ==, 2);
    }
}

/* What a computer makes impossible */

/* A valid little record of position A to tamper with: rules without passing, the
 * first two tricks played. */
static char *
record_of_position_a (void)
{
  HeartsRules rules;
  HeartsDeal  deal;
  GString    *record = g_string_new (NULL);

  rules_init (&rules, "pass=none");
  deal_a (&deal, &rules);
  play_cards (&deal, &rules, "2C 3C 4C 5C 6C AC KH QS");
  hearts_record_begin (record, &rules, 3);
  hearts_record_add_deal (record, &rules, 0, &deal, NULL, NULL);
  g_assert_true (hearts_record_replay (record->str, NULL, NULL));
  return g_string_free (record, FALSE);
}

/* Replaces the first line that starts with @line; the replay must fail naming it. */
static void
assert_tampered_record_fails (const char *record,
                              const char *line,
                              const char *replacement,
                              const char *reason)
{
  g_auto(GStrv) lines = g_strsplit (record, "\n", -1);
  g_autofree char *tampered = NULL;
  g_autofree char *expected = NULL;
  g_autoptr(GError) error = NULL;
  guint at = 0;

  while (lines[at] != NULL && !g_str_has_prefix (lines[at], line))
    at++;
  g_assert_nonnull (lines[at]);
  g_free (lines[at]);
  lines[at] = g_strdup (replacement);
  tampered = g_strjoinv ("\n", lines);

  g_assert_false (hearts_record_replay (tampered, NULL, &error));
  g_assert_error (error, HEARTS_RECORD_ERROR, 0);
  expected = g_strdup_printf ("line %u: ", at + 1);
  if (!g_str_has_prefix (error->message, expected) || strstr (error->message, reason) == NULL)
    g_error ("expected “%s…%s”, got “%s”", expected, reason, error->message);
}

static void
test_misdeal_refused (void)
{
  HeartsRules rules;
  HeartsDeal  deal;
  HeartsRng   rng;
  HeartsCards good[4] = {
    cards ("2C AC 2H 3H 4H 5H 6H 7H 8H 9H TH JH QH"),
    cards ("3C KH AH 2S 3S 4S 5S 6S 7S 8S 9S TS JS"),
    cards ("4C QS KS AS 2D 3D 4D 5D 6D 7D 8D 9D TD"),
    cards ("5C 6C 7C 8C 9C TC JC QC KC JD QD KD AD"),
  };
  HeartsCards      bad[4];
  g_autofree char *record = record_of_position_a ();

  hearts_rules_init_default (&rules);
  g_assert_true (hearts_deal_init (&deal, &rules, 0, HEARTS_PASS_LEFT, good));

  /* Twelve and fourteen cards. */
  memcpy (bad, good, sizeof bad);
  bad[0] &= ~cards ("QH");
  bad[1] |= cards ("QH");
  g_assert_false (hearts_deal_init (&deal, &rules, 0, HEARTS_PASS_LEFT, bad));
  /* A card dealt twice, another not at all. */
  memcpy (bad, good, sizeof bad);
  bad[0] = (bad[0] & ~cards ("QH")) | cards ("3C");
  g_assert_false (hearts_deal_init (&deal, &rules, 0, HEARTS_PASS_LEFT, bad));
  /* A card that is not in the pack, or not in this game's pack. */
  memcpy (bad, good, sizeof bad);
  bad[0] = (bad[0] & ~cards ("QH")) | HEARTS_CARD_BIT (HEARTS_CARD (HEARTS_SUIT_HEARTS, 13));
  g_assert_false (hearts_deal_init (&deal, &rules, 0, HEARTS_PASS_LEFT, bad));
  /* A dealer who is not at the table. */
  g_assert_false (hearts_deal_init (&deal, &rules, 4, HEARTS_PASS_LEFT, good));

  /* The computer's own deals are never wrong. */
  for (guint n = HEARTS_MIN_PLAYERS; n <= HEARTS_MAX_PLAYERS; n++)
    for (guint64 seed = 0; seed < 300; seed++)
      {
        HeartsCards all = 0;

        rules.n_players = n;
        rules.three_deck = seed % 2;
        hearts_rng_init (&rng, seed);
        hearts_deal_shuffle (&deal, &rules, seed % n, seed, &rng);
        for (guint s = 0; s < n; s++)
          {
            g_assert_cmpuint (hearts_cards_count (deal.dealt[s]), ==, hearts_rules_get_hand_size (&rules));
            g_assert_cmpuint (all & deal.dealt[s], ==, 0);
            all |= deal.dealt[s];
          }
        g_assert_cmpuint (all, ==, hearts_rules_get_deck (&rules));
      }

  /* A record with a misdeal does not replay. */
  assert_tampered_record_fails (record, "dealt 3 ", "dealt 3 5C 6C 7C 8C 9C TC JC QC KC JD QD KD QH",
                                "misdeal");
  assert_tampered_record_fails (record, "dealt 1 ", "dealt 1 3C KH AH 2S 3S 4S 5S 6S 7S 8S 9S TS",
                                "misdeal");
}

static void
test_incorrect_hand_refused (void)
{
  HeartsRules      rules;
  HeartsDeal       deal;
  g_autofree char *record = record_of_position_a ();

  hearts_rules_init_default (&rules);
  deal_a (&deal, &rules);
  play_cards (&deal, &rules, "2C 3C 4C 5C");

  /* Only cards in one's hand: not one already played, not another player's. */
  assert_refused (&deal, &rules, 3, "5C", HEARTS_REFUSAL_NOT_IN_HAND);
  assert_refused (&deal, &rules, 3, "AC", HEARTS_REFUSAL_NOT_IN_HAND);
  g_assert_cmpint (hearts_deal_check_play (&deal, &rules, 3, HEARTS_CARD (HEARTS_SUIT_CLUBS, 13)), ==,
                   HEARTS_REFUSAL_NOT_IN_HAND);
  g_assert_cmpint (hearts_deal_check_play (&deal, &rules, 3, HEARTS_NO_CARD), ==, HEARTS_REFUSAL_NOT_IN_HAND);
  g_assert_cmpstr (hearts_refusal_get_message (HEARTS_REFUSAL_NOT_IN_HAND), ==, "That card is not in your hand");

  /* So after every trick all hands hold the same number of cards. */
  play_lowest (&deal, &rules);
  for (guint s = 0; s < 4; s++)
    {
      g_assert_cmpuint (deal.hands[s], ==, 0);
      g_assert_cmpuint (hearts_cards_count (deal.taken[0] | deal.taken[1] | deal.taken[2] | deal.taken[3]), ==, 52);
    }
  deal_a (&deal, &rules);
  for (guint trick = 0; trick < 13; trick++)
    {
      for (guint i = 0; i < 4; i++)
        play_cards (&deal, &rules, hearts_card_to_string (hearts_cards_lowest (hearts_deal_get_legal (&deal, &rules))));
      for (guint s = 0; s < 4; s++)
        g_assert_cmpuint (hearts_cards_count (deal.hands[s]), ==, 12 - trick);
    }

  /* A record with a hand of the wrong size, or a card its player did not hold. */
  assert_tampered_record_fails (record, "dealt 0 ", "dealt 0 2C AC 2H 3H 4H 5H 6H 7H 8H 9H TH JH", "misdeal");
  assert_tampered_record_fails (record, "play 1 3C", "play 1 4C", "not-in-hand");
}

static void
test_play_out_of_turn_refused (void)
{
  HeartsRules      rules;
  HeartsDeal       deal;
  g_autofree char *record = record_of_position_a ();

  hearts_rules_init_default (&rules);
  deal_a (&deal, &rules);

  assert_refused (&deal, &rules, 1, "3C", HEARTS_REFUSAL_NOT_YOUR_TURN);
  assert_refused (&deal, &rules, 3, "5C", HEARTS_REFUSAL_NOT_YOUR_TURN);
  play_cards (&deal, &rules, "2C");
  assert_refused (&deal, &rules, 0, "AC", HEARTS_REFUSAL_NOT_YOUR_TURN);
  assert_refused (&deal, &rules, 2, "4C", HEARTS_REFUSAL_NOT_YOUR_TURN);
  g_assert_cmpint (hearts_deal_check_play (&deal, &rules, 4, card ("3C")), ==, HEARTS_REFUSAL_NOT_YOUR_TURN);
  g_assert_cmpint (hearts_deal_check_play (&deal, &rules, G_MAXUINT, card ("3C")), ==, HEARTS_REFUSAL_NOT_YOUR_TURN);
  g_assert_cmpstr (hearts_refusal_get_message (HEARTS_REFUSAL_NOT_YOUR_TURN), ==, "It is not your turn");

  /* Nor may anything be played before the pass is over, or after the hand. */
  play_lowest (&deal, &rules);
  g_assert_cmpint (hearts_deal_check_play (&deal, &rules, deal.leader, card ("2C")), ==, HEARTS_REFUSAL_WRONG_PHASE);

  /* A record with a play out of turn. */
  assert_tampered_record_fails (record, "play 1 3C", "play 2 4C", "not-your-turn");
}

static void
test_revoke_refused (void)
{
  HeartsRules      rules;
  HeartsDeal       deal;
  g_autofree char *record = record_of_position_a ();

  hearts_rules_init_default (&rules);
  deal_a (&deal, &rules);
  play_cards (&deal, &rules, "2C 3C 4C 5C 6C");

  /* Seat 0 holds the A♣ and may not revoke with a heart. */
  assert_refused (&deal, &rules, 0, "QH", HEARTS_REFUSAL_MUST_FOLLOW_SUIT);
  assert_refused (&deal, &rules, 0, "2H", HEARTS_REFUSAL_MUST_FOLLOW_SUIT);

  /* A record with a revoke. */
  assert_tampered_record_fails (record, "play 0 AC", "play 0 2H", "must-follow-suit");
}

static void
test_refusals_explained (void)
{
  HeartsRules rules;
  g_autoptr(GHashTable) messages = g_hash_table_new (g_str_hash, g_str_equal);
  g_autoptr(GHashTable) ids = g_hash_table_new (g_str_hash, g_str_equal);

  hearts_rules_init_default (&rules);

  /* Every reason has its own id and its own sentence. */
  for (guint r = HEARTS_REFUSAL_WRONG_PHASE; r < HEARTS_N_REFUSALS; r++)
    {
      const char      *message = hearts_refusal_get_message (r);
      g_autofree char *formatted = hearts_refusal_format (r, &rules);

      g_assert_nonnull (message);
      g_assert_cmpuint (strlen (message), >, 0);
      g_assert_cmpuint (strlen (formatted), >, 0);
      g_assert_false (g_hash_table_contains (messages, message));
      g_hash_table_add (messages, (gpointer) message);
      g_assert_cmpstr (hearts_refusal_to_id (r), !=, "unknown");
      g_assert_false (g_hash_table_contains (ids, hearts_refusal_to_id (r)));
      g_hash_table_add (ids, (gpointer) hearts_refusal_to_id (r));
    }
  g_assert_cmpstr (hearts_refusal_get_message (HEARTS_REFUSAL_NONE), ==, "");
  g_assert_cmpstr (hearts_refusal_to_id (HEARTS_N_REFUSALS), ==, "unknown");
  g_assert_cmpstr (hearts_refusal_get_message (HEARTS_N_REFUSALS), ==, "That move is not allowed");

  /* The six the issue names. */
  g_assert_cmpstr (hearts_refusal_get_message (HEARTS_REFUSAL_MUST_FOLLOW_SUIT), ==, "You must follow suit");
  g_assert_cmpstr (hearts_refusal_get_message (HEARTS_REFUSAL_HEARTS_NOT_BROKEN), ==, "Hearts have not been broken");
  g_assert_cmpstr (hearts_refusal_get_message (HEARTS_REFUSAL_NO_POINTS_FIRST_TRICK), ==, "No points on the first trick");
  g_assert_cmpstr (hearts_refusal_get_message (HEARTS_REFUSAL_NOT_YOUR_TURN), ==, "It is not your turn");
  g_assert_cmpstr (hearts_refusal_get_message (HEARTS_REFUSAL_NOT_IN_HAND), ==, "That card is not in your hand");
  {
    g_autofree char *lead = hearts_refusal_format (HEARTS_REFUSAL_MUST_LEAD_OPENING_CARD, &rules);

    g_assert_cmpstr (lead, ==, "You must lead the 2♣");
  }
}

/* The rule table */

typedef struct
{
  const char *path;
  GTestFunc   func;
} RuleTest;

static void test_rule_table_names_every_rule (void);
static void test_rule_table_names_registered_tests (void);

static const RuleTest rule_tests[] = {
  { "/rules/official/four-players", test_four_players },
  { "/rules/official/play-is-clockwise", test_play_is_clockwise },
  { "/rules/official/standard-deck-52", test_standard_deck_52 },
  { "/rules/official/ace-high-two-low", test_ace_high_two_low },
  { "/rules/official/first-dealer-highest-draw", test_first_dealer_highest_draw },
  { "/rules/official/first-dealer-tie-redraws", test_first_dealer_tie_redraws },
  { "/rules/official/deal-singly-clockwise-from-dealers-left", test_deal_singly_clockwise_from_dealers_left },
  { "/rules/official/deal-is-shuffled-and-seeded", test_deal_is_shuffled_and_seeded },
  { "/rules/official/dealer-rotates-left", test_dealer_rotates_left },
  { "/rules/official/two-of-clubs-opens", test_two_of_clubs_opens },
  { "/rules/official/opening-lead-after-the-pass", test_opening_lead_after_the_pass },
  { "/rules/official/must-follow-suit", test_must_follow_suit },
  { "/rules/official/void-may-discard-any", test_void_may_discard_any },
  { "/rules/official/highest-of-suit-led-wins", test_highest_of_suit_led_wins },
  { "/rules/official/winner-leads-next", test_winner_leads_next },
  { "/rules/official/hearts-not-led-until-broken", test_hearts_not_led_until_broken },
  { "/rules/official/heart-discard-breaks-hearts", test_heart_discard_breaks_hearts },
  { "/rules/official/only-hearts-may-lead-hearts", test_only_hearts_may_lead_hearts },
  { "/rules/official/hearts-and-queen-must-lead-queen", test_hearts_and_queen_must_lead_queen },
  { "/rules/official/no-points-on-first-trick", test_no_points_on_first_trick },
  { "/rules/official/first-trick-only-points-may-discard", test_first_trick_only_points_may_discard },
  { "/rules/official/queen-need-not-be-discarded", test_queen_need_not_be_discarded },
  { "/rules/official/queen-may-always-be-led", test_queen_may_always_be_led },
  { "/rules/official/heart-scores-one", test_heart_scores_one },
  { "/rules/official/queen-scores-thirteen", test_queen_scores_thirteen },
  { "/rules/official/hand-points-total-26", test_hand_points_total_26 },
  { "/rules/official/hand-total-multiple-of-26", test_hand_total_multiple_of_26 },
  { "/rules/official/moon-others-plus-26", test_moon_others_plus_26 },
  { "/rules/official/totals-add-up", test_totals_add_up },
  { "/rules/official/game-ends-at-100", test_game_ends_at_100 },
  { "/rules/official/lowest-score-wins", test_lowest_score_wins },
  { "/rules/official/tied-winners-share", test_tied_winners_share },
  { "/rules/official/pass-three-cards", test_pass_three_cards },
  { "/rules/official/pass-cycle-left-right-across-hold", test_pass_cycle_left_right_across_hold },
  { "/rules/official/passed-cards-arrive-after-own-pass", test_passed_cards_arrive_after_own_pass },
  { "/rules/official/pass-coincides-with-deal", test_pass_coincides_with_deal },
  { "/rules/variant/three-players-remove-two-of-diamonds", test_three_players_remove_two_of_diamonds },
  { "/rules/variant/three-players-remove-two-of-clubs", test_three_players_remove_two_of_clubs },
  { "/rules/variant/five-players-remove-twos", test_five_players_remove_twos },
  { "/rules/variant/pass-cycle-right-left-across-hold", test_pass_cycle_right_left_across_hold },
  { "/rules/variant/pass-cycle-left-right", test_pass_cycle_left_right },
  { "/rules/variant/pass-cycle-none", test_pass_cycle_none },
  { "/rules/variant/pass-cycle-every-count", test_pass_cycle_every_count },
  { "/rules/variant/no-across-with-three-or-five", test_no_across_with_three_or_five },
  { "/rules/variant/opening-any-club", test_opening_any_club },
  { "/rules/variant/first-trick-hearts-only", test_first_trick_hearts_only },
  { "/rules/variant/first-trick-anything", test_first_trick_anything },
  { "/rules/variant/queen-discard-breaks-hearts", test_queen_discard_breaks_hearts },
  { "/rules/variant/hearts-may-be-led-any-time", test_hearts_may_be_led_any_time },
  { "/rules/variant/omnibus-jack-of-diamonds-minus-10", test_omnibus_jack_of_diamonds_minus_10 },
  { "/rules/variant/no-tricks-bonus-minus-5", test_no_tricks_bonus_minus_5 },
  { "/rules/variant/moon-shooter-minus-26", test_moon_shooter_minus_26 },
  { "/rules/variant/moon-shooter-chooses", test_moon_shooter_chooses },
  { "/rules/variant/end-score-target", test_end_score_target },
  { "/rules/variant/end-after-deals", test_end_after_deals },
  { "/rules/variant/end-after-matches", test_end_after_matches },
  { "/rules/impossible/misdeal-refused", test_misdeal_refused },
  { "/rules/impossible/incorrect-hand-refused", test_incorrect_hand_refused },
  { "/rules/impossible/play-out-of-turn-refused", test_play_out_of_turn_refused },
  { "/rules/impossible/revoke-refused", test_revoke_refused },
  { "/rules/refusals/explained", test_refusals_explained },
  { "/rules/table/names-every-rule", test_rule_table_names_every_rule },
  { "/rules/table/names-registered-tests", test_rule_table_names_registered_tests },
};

static gboolean
is_registered (const char *path)
{
  for (guint i = 0; i < G_N_ELEMENTS (rule_tests); i++)
    if (g_strcmp0 (rule_tests[i].path, path) == 0)
      return TRUE;
  return FALSE;
}

static gboolean
line_is_blank (const char *line)
{
  for (const char *p = line; *p != '\0'; p = g_utf8_next_char (p))
    if (!g_unichar_isspace (g_utf8_get_char (p)))
      return FALSE;
  return TRUE;
}

static const char *
rules_dir (void)
{
  const char *dir = g_getenv ("HEARTS_RULES_DIR");

  /* The rule texts sit beside the source tree: <source>/../shared/rules. */
  return dir != NULL ? dir : g_test_get_filename (G_TEST_DIST, "..", "..", "shared", "rules", NULL);
}

/* Every line of every rule file is in the table: named by a test, or said not to be a
 * rule of play; and every entry quotes its line. A new or edited rule file fails here. */
static void
test_rule_table_names_every_rule (void)
{
  const char *path = rules_dir ();
  g_autoptr(GDir) dir = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(GHashTable) files = g_hash_table_new (g_str_hash, g_str_equal);
  const char *name;
  guint       n_files = 0;

  if (!g_file_test (path, G_FILE_TEST_IS_DIR))
    {
      g_test_skip_printf ("no rule texts at %s (set HEARTS_RULES_DIR)", path);
      return;
    }

  dir = g_dir_open (path, 0, &error);
  g_assert_no_error (error);
  while ((name = g_dir_read_name (dir)) != NULL)
    {
      g_autofree char *file = g_build_filename (path, name, NULL);
      g_autofree char *text = NULL;
      g_auto(GStrv) lines = NULL;
      gboolean named = FALSE;

      if (!g_str_has_suffix (name, ".txt"))
        continue;
      n_files++;
      g_assert_true (g_file_get_contents (file, &text, NULL, &error));
      g_assert_no_error (error);
      g_assert_true (g_utf8_validate (text, -1, NULL));
      lines = g_strsplit (text, "\n", -1);

      for (guint i = 0; i < G_N_ELEMENTS (rule_table); i++)
        if (g_strcmp0 (rule_table[i].file, name) == 0)
          {
            const RuleRef *ref = &rule_table[i];

            named = TRUE;
            g_hash_table_add (files, (gpointer) ref->file);
            if (ref->line == 0 || ref->line > g_strv_length (lines) ||
                strstr (lines[ref->line - 1], ref->quote) == NULL)
              g_error ("%s line %u does not say “%s”: the rule texts changed, update the table",
                       name, ref->line, ref->quote);
          }
      if (!named)
        g_error ("rule file %s is named by no test: add its rules to the table in %s",
                 name, __FILE__);

      for (guint line = 1; lines[line - 1] != NULL; line++)
        {
          gboolean covered = FALSE;

          if (line_is_blank (lines[line - 1]))
            continue;
          for (guint i = 0; i < G_N_ELEMENTS (rule_table) && !covered; i++)
            covered = g_strcmp0 (rule_table[i].file, name) == 0 && rule_table[i].line == line;
          if (!covered)
            g_error ("%s line %u (“%.40s…”) is in no row of the rule table", name, line, lines[line - 1]);
        }
    }

  /* And no row names a file that is not there. */
  for (guint i = 0; i < G_N_ELEMENTS (rule_table); i++)
    if (!g_hash_table_contains (files, rule_table[i].file))
      g_error ("the rule table names %s, which is not in %s", rule_table[i].file, path);
  g_assert_cmpuint (n_files, >=, 5);
}

static void
test_rule_table_names_registered_tests (void)
{
  g_autoptr(GHashTable) named = g_hash_table_new (g_str_hash, g_str_equal);

  for (guint i = 0; i < G_N_ELEMENTS (rule_table); i++)
    {
      const RuleRef *ref = &rule_table[i];

      if (ref->test == NULL)
        {
          g_assert_nonnull (ref->why);
          continue;
        }
      if (!is_registered (ref->test))
        g_error ("%s line %u names %s, which is no test", ref->file, ref->line, ref->test);
      g_hash_table_add (named, (gpointer) ref->test);
    }
  for (guint i = 0; i < G_N_ELEMENTS (variant_table); i++)
    {
      if (!is_registered (variant_table[i].test))
        g_error ("variant “%s” names %s, which is no test", variant_table[i].variant, variant_table[i].test);
      g_hash_table_add (named, (gpointer) variant_table[i].test);
    }

  /* Each rule test stands for a rule text or a variant of the issue. */
  for (guint i = 0; i < G_N_ELEMENTS (rule_tests); i++)
    if (!g_str_has_prefix (rule_tests[i].path, "/rules/table/") &&
        !g_hash_table_contains (named, rule_tests[i].path))
      g_error ("%s is named by no rule and no variant", rule_tests[i].path);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  for (guint i = 0; i < G_N_ELEMENTS (rule_tests); i++)
    g_test_add_func (rule_tests[i].path, rule_tests[i].func);

  return g_test_run ();
}
