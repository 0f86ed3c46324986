/* test-view.c: a seat's view kept move by move is the view of the real deal
 *
 * A player at another machine is told only its own cards and the moves; the view it
 * builds from them with hearts_view_start/_pass/_play must be what hearts_view_init()
 * makes of the real deal after every move, and a move that cannot be true is refused.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <string.h>

#include "hearts-engine.h"
#include "hearts-test-util.h"

static void
assert_same_view (const HeartsView *kept,
                  const HeartsDeal *deal,
                  const HeartsRules *rules,
                  guint             seat,
                  const gint       *totals)
{
  HeartsView want;

  hearts_view_init (&want, rules, deal, seat, 3, totals);
  if (memcmp (kept, &want, sizeof want) != 0)
    {
      g_autofree char *a = hearts_cards_to_string (kept->deal.hands[seat]);
      g_autofree char *b = hearts_cards_to_string (want.deal.hands[seat]);

      g_test_message ("seat %u after %u plays: hand %s, want %s; phase %u/%u turn %u/%u unseen %d voids %d known %d",
                      seat, deal->n_plays, a, b, kept->deal.phase, want.deal.phase, kept->deal.turn,
                      want.deal.turn, kept->unseen == want.unseen,
                      memcmp (kept->voids, want.voids, sizeof want.voids) == 0,
                      memcmp (kept->known, want.known, sizeof want.known) == 0);
      g_assert_not_reached ();
    }
}

static HeartsCards
random_cards (HeartsCards from,
              guint       n,
              HeartsRng  *rng)
{
  HeartsCards chosen = 0;

  while (n-- > 0)
    {
      HeartsCard card = hearts_cards_pick_random (from & ~chosen, rng);

      chosen |= HEARTS_CARD_BIT (card);
    }
  return chosen;
}

static void
test_view_follows_deal (void)
{
  HeartsRng rng;
  guint     deals = 0, plays = 0;

  hearts_rng_init (&rng, hearts_test_seed ());
  for (guint trial = 0; trial < 600; trial++)
    {
      HeartsRules rules;
      HeartsDeal  deal;
      HeartsView  views[HEARTS_MAX_PLAYERS];
      gint        totals[HEARTS_MAX_PLAYERS] = { 7, 0, 26, 13, 1 };
      guint       n;

      hearts_test_random_rules (&rules, &rng);
      n = rules.n_players;
      hearts_deal_shuffle (&deal, &rules, hearts_rng_below (&rng, n), hearts_rng_below (&rng, 4), &rng);
      for (guint s = 0; s < n; s++)
        {
          gint leader = deal.phase == HEARTS_DEAL_PLAYING ? (gint) deal.leader : -1;

          g_assert_true (hearts_view_start (&views[s], &rules, s, 3, totals, deal.dealer, deal.pass,
                                            deal.hands[s], leader));
          assert_same_view (&views[s], &deal, &rules, s, totals);
        }

      if (deal.phase == HEARTS_DEAL_PASSING)
        {
          guint order[HEARTS_MAX_PLAYERS];

          for (guint s = 0; s < n; s++)
            order[s] = s;
          for (guint i = n - 1; i > 0; i--)
            {
              guint j = hearts_rng_below (&rng, i + 1);
              guint t = order[i];

              order[i] = order[j];
              order[j] = t;
            }
          for (guint i = 0; i < n; i++)
            {
              guint       s = order[i];
              HeartsCards cards = random_cards (deal.hands[s], HEARTS_PASS_SIZE, &rng);

              g_assert_cmpint (hearts_deal_pass (&deal, &rules, s, cards), ==, HEARTS_REFUSAL_NONE);
              for (guint v = 0; v < n; v++)
                {
                  HeartsCards got = hearts_deal_get_received (&deal, &rules, v);
                  gboolean    new_pickup = got != 0 && hearts_view_get_received (&views[v]) == 0;
                  gint        leader = deal.phase == HEARTS_DEAL_PLAYING ? (gint) deal.leader : -1;

                  g_assert_true (hearts_view_pass (&views[v], s, v == s ? cards : 0, new_pickup ? got : 0, leader));
                  assert_same_view (&views[v], &deal, &rules, v, totals);
                }
            }
        }

      while (deal.phase == HEARTS_DEAL_PLAYING)
        {
          guint      seat = deal.turn;
          HeartsCard card = hearts_cards_pick_random (hearts_deal_get_legal (&deal, &rules), &rng);

          for (guint v = 0; v < n; v++)
            {
              HeartsView before = views[v];

              /* Nobody else may play now, nor a card the view holds or has seen. */
              g_assert_false (hearts_view_play (&views[v], (seat + 1) % n, card));
              if (v != seat && views[v].deal.hands[v] != 0)
                g_assert_false (hearts_view_play (&views[v], seat, hearts_cards_lowest (views[v].deal.hands[v])));
              if (deal.played != 0)
                g_assert_false (hearts_view_play (&views[v], seat, hearts_cards_lowest (deal.played)));
              g_assert_true (memcmp (&before, &views[v], sizeof before) == 0);
            }
          g_assert_cmpint (hearts_deal_play (&deal, &rules, seat, card), ==, HEARTS_REFUSAL_NONE);
          for (guint v = 0; v < n; v++)
            {
              g_assert_true (hearts_view_play (&views[v], seat, card));
              assert_same_view (&views[v], &deal, &rules, v, totals);
            }
          plays++;
        }
      deals++;
    }
  g_test_message ("%u deals, %u plays", deals, plays);
}

static void
test_view_refuses (void)
{
  HeartsRules rules;
  HeartsDeal  deal;
  HeartsView  view;
  HeartsRng   rng;
  HeartsCards other;

  hearts_rng_init (&rng, hearts_test_seed ());
  hearts_rules_init_default (&rules);
  hearts_deal_shuffle (&deal, &rules, 0, 0, &rng);
  g_assert_cmpint (deal.phase, ==, HEARTS_DEAL_PASSING);

  /* A hand of the wrong size, or a leader on a hand that passes. */
  g_assert_false (hearts_view_start (&view, &rules, 0, 0, NULL, 0, deal.pass, deal.hands[0] & ~HEARTS_CARD_BIT (hearts_cards_lowest (deal.hands[0])), -1));
  g_assert_false (hearts_view_start (&view, &rules, 0, 0, NULL, 0, deal.pass, deal.hands[0], 1));
  g_assert_true (hearts_view_start (&view, &rules, 0, 0, NULL, 0, deal.pass, deal.hands[0], -1));

  /* Another seat's pass is never known; our own is three of our cards. */
  other = random_cards (deal.hands[1], 3, &rng);
  g_assert_false (hearts_view_pass (&view, 1, other, 0, -1));
  g_assert_false (hearts_view_pass (&view, 0, other, 0, -1));
  g_assert_false (hearts_view_pass (&view, 4, 0, 0, -1));
  g_assert_true (hearts_view_pass (&view, 1, 0, 0, -1));
  g_assert_false (hearts_view_pass (&view, 1, 0, 0, -1));
  /* No play while passing. */
  g_assert_false (hearts_view_play (&view, 0, hearts_cards_lowest (deal.hands[0])));
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/view/follows-deal", test_view_follows_deal);
  g_test_add_func ("/view/refuses", test_view_refuses);

  return g_test_run ();
}
