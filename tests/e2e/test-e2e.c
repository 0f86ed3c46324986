/* test-e2e.c: the real program, played with real mouse input under Xvfb
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "hearts-engine.h"
#include "hearts-format.h"
#include "hearts-test-driver.h"

/* Real input needs xdotool; without it the tests skip rather than fail. */
static gboolean
have_xdotool (void)
{
  g_autofree char *path = g_find_program_in_path ("xdotool");

  if (path == NULL)
    g_test_skip ("xdotool is not installed");
  return path != NULL;
}

/* Where to grab a card: its left edge, which shows even where the next card overlaps. */
#define GRAB_X(x) ((x) + 8)

static HeartsCards
cards_from (const char *text)
{
  HeartsCards cards = 0;

  g_assert_true (hearts_cards_from_string (text, &cards));
  return cards;
}

static char *
get_phase (GVariant *state)
{
  return state_get_string (state, "phase");
}

static gint
get_current (GVariant *state)
{
  gint current = -1;

  g_variant_lookup (state, "current-player", "i", &current);
  return current;
}

static char *
table_string (GVariant   *state,
              const char *key)
{
  g_autoptr(GVariant) table = state_get_table (state);

  return state_get_string (table, key);
}

static gboolean
ready_to_pass (GVariant *state,
               gpointer  data)
{
  g_autofree char *phase = get_phase (state);
  g_autoptr(GVariant) table = state_get_table (state);
  int x, y, w, h;

  return g_strcmp0 (phase, "passing") == 0 && !state_get_busy (state) &&
         state_get_rect (table, "pass-button", &x, &y, &w, &h);
}

static gboolean
n_chosen_is (GVariant *state,
             gpointer  data)
{
  g_autofree char *chosen = table_string (state, "chosen");

  return hearts_cards_count (cards_from (chosen)) == GPOINTER_TO_UINT (data) && !state_get_busy (state);
}

static gboolean
human_to_play (GVariant *state,
               gpointer  data)
{
  g_autofree char *phase = get_phase (state);

  return g_strcmp0 (phase, "playing") == 0 && get_current (state) == 0 && !state_get_busy (state);
}

static gboolean
human_passed (GVariant *state,
              gpointer  data)
{
  g_autoptr(GPtrArray) passes = state_record_lines (state, "pass 0 ");

  return passes->len > 0;
}

static gboolean
card_played (GVariant *state,
             gpointer  data)
{
  g_autoptr(GPtrArray) plays = state_record_lines (state, "play 0 ");

  for (guint i = 0; i < plays->len; i++)
    if (g_str_equal (g_ptr_array_index (plays, i), data))
      return TRUE;
  return FALSE;
}

static gboolean
sheet_closed (GVariant *state,
              gpointer  data)
{
  return !g_variant_lookup (state, "sheet", "u", NULL);
}

static gboolean
card_left_hand (GVariant *state,
                gpointer  data)
{
  int x, y, w, h;

  return !state_get_card_rect (state, data, &x, &y, &w, &h);
}

static gboolean
has_message (GVariant *state,
             gpointer  data)
{
  g_autofree char *message = state_get_string (state, "message");

  return message != NULL && message[0] != '\0' && !state_get_busy (state);
}

static gboolean
said (GVariant   *state,
      const char *text)
{
  g_autoptr(GVariant) list = NULL;
  g_autofree const char **lines = NULL;

  g_assert_true (g_variant_lookup (state, "announcements", "@as", &list));
  lines = g_variant_get_strv (list, NULL);
  return g_strv_contains (lines, text);
}

/* "2♣  7♥  Q♠", as the table writes the cards passed to the player. */
static char *
short_names (HeartsCards cards)
{
  static const char *ranks[] = { "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A" };
  g_autoptr(GString) text = g_string_new (NULL);
  HeartsCard card;

  HEARTS_CARDS_FOREACH (card, cards)
    g_string_append_printf (text, "%s%s%s", text->len > 0 ? "  " : "", ranks[HEARTS_CARD_RANK (card)],
                            hearts_suit_get_symbol (HEARTS_CARD_SUIT (card)));
  return g_string_free (g_steal_pointer (&text), FALSE);
}

static void
center_of (GVariant   *dict,
           const char *key,
           int        *cx,
           int        *cy)
{
  int x, y, w, h;

  g_assert_true (state_get_rect (dict, key, &x, &y, &w, &h));
  *cx = x + w / 2;
  *cy = y + h / 2;
}

/* The first card of the hand that is in @set. */
static char *
first_card_in (GVariant   *state,
               HeartsCards set)
{
  guint n = state_get_hand_size (state);

  for (guint i = 0; i < n; i++)
    {
      g_autofree char *name = state_get_hand_card (state, i);
      HeartsCard       card;

      g_assert_true (hearts_card_from_string (name, &card));
      if (hearts_cards_has (set, card))
        return g_steal_pointer (&name);
    }
  return NULL;
}

static HeartsCards
hand_of (GVariant *state)
{
  HeartsCards hand = 0;

  for (guint k = 0; k < state_get_hand_size (state); k++)
    {
      g_autofree char *name = state_get_hand_card (state, k);
      HeartsCard       c;

      g_assert_true (hearts_card_from_string (name, &c));
      hand |= HEARTS_CARD_BIT (c);
    }
  return hand;
}

/* The leftmost card not chosen for the pass yet. */
static char *
first_unchosen (GVariant *state)
{
  g_autofree char *chosen = table_string (state, "chosen");

  return first_card_in (state, hand_of (state) & ~cards_from (chosen));
}

static void
drag_card_to (HeartsDriver *driver,
              GVariant     *state,
              const char   *card,
              const char   *target)
{
  g_autoptr(GVariant) table = state_get_table (state);
  int x, y, w, h, tx, ty;

  g_assert_true (state_get_card_rect (state, card, &x, &y, &w, &h));
  center_of (table, target, &tx, &ty);
  hearts_driver_drag (driver, GRAB_X (x), y + h / 2, tx, ty);
}

static void
click_card (HeartsDriver *driver,
            GVariant     *state,
            const char   *card)
{
  int x, y, w, h;

  g_assert_true (state_get_card_rect (state, card, &x, &y, &w, &h));
  hearts_driver_click (driver, GRAB_X (x), y + h / 2);
}

static void
click_pass (HeartsDriver *driver,
            GVariant     *state)
{
  g_autoptr(GVariant) table = state_get_table (state);
  int x, y;

  center_of (table, "pass-button", &x, &y);
  hearts_driver_click (driver, x, y);
}

/* Drag three cards to the pass area, pass, drag a card to the table, click-play another:
 * the record must show exactly those cards. */
/* Once the player may pass: the first three cards clicked, then Pass; the state once
 * the pass is made. */
static GVariant *
pass_first_three (HeartsDriver *driver)
{
  g_autoptr(GVariant) state = hearts_driver_wait (driver, ready_to_pass, NULL);

  for (guint i = 0; i < 3; i++)
    {
      g_autofree char *card = first_unchosen (state);

      click_card (driver, state, card);
      g_clear_pointer (&state, g_variant_unref);
      state = hearts_driver_wait (driver, n_chosen_is, GUINT_TO_POINTER (i + 1));
    }
  click_pass (driver, state);
  return hearts_driver_wait (driver, human_passed, NULL);
}

/* The player's next move in @state, with real clicks: the first card not chosen yet, the
 * Pass button once three are, or the leftmost card that may be played; returns once the
 * game has taken it, or FALSE at once if the player has nothing to do. */
static gboolean
click_next_move (HeartsDriver *driver,
                 GVariant     *state)
{
  g_autoptr(GVariant) table = state_get_table (state);
  g_autofree char *phase = get_phase (state);
  int              x, y;

  if (g_strcmp0 (phase, "passing") == 0 && state_get_rect (table, "pass-button", &x, &y, &x, &y))
    {
      g_autofree char *chosen = table_string (state, "chosen");
      HeartsCards      set = cards_from (chosen);

      if (hearts_cards_count (set) == 3)
        {
          click_pass (driver, state);
          g_variant_unref (hearts_driver_wait (driver, human_passed, NULL));
        }
      else
        {
          g_autofree char *card = first_unchosen (state);

          click_card (driver, state, card);
          g_variant_unref (hearts_driver_wait (driver, n_chosen_is, GUINT_TO_POINTER (hearts_cards_count (set) + 1)));
        }
      return TRUE;
    }
  if (human_to_play (state, NULL))
    {
      g_autofree char *legal = table_string (state, "legal");
      g_autofree char *card = first_card_in (state, cards_from (legal));

      g_assert_nonnull (card);
      click_card (driver, state, card);
      g_variant_unref (hearts_driver_wait (driver, card_left_hand, card));
      return TRUE;
    }
  return FALSE;
}

static void
test_pass_and_play (void)
{
  HeartsDriver *driver = NULL;
  g_autoptr(GVariant) state = NULL;
  g_autoptr(GPtrArray) passes = NULL;
  g_autoptr(GPtrArray) plays = NULL;
  HeartsCards        chosen = 0;
  static const guint picks[] = { 0, 5, 10 };
  g_autofree char   *first = NULL;
  g_autofree char   *second = NULL;
  g_autofree char   *legal = NULL;

  if (!have_xdotool ())
    return;
  driver = hearts_driver_start ("7", NULL, TRUE);

  state = hearts_driver_wait (driver, ready_to_pass, NULL);
  g_assert_cmpuint (state_get_hand_size (state), ==, 13);
  hearts_driver_screenshot (driver, "shot-hand");

  for (guint i = 0; i < G_N_ELEMENTS (picks); i++)
    {
      /* Later picks shift as chosen cards leave the row; count among the rest. */
      g_autofree char *card = NULL;
      guint            skip = picks[i] - i;
      HeartsCard       c;

      for (guint k = 0, seen = 0; k < state_get_hand_size (state); k++)
        {
          g_autofree char *name = state_get_hand_card (state, k);

          g_assert_true (hearts_card_from_string (name, &c));
          if (hearts_cards_has (chosen, c))
            continue;
          if (seen++ == skip)
            {
              card = g_steal_pointer (&name);
              break;
            }
        }
      g_assert_nonnull (card);
      g_assert_true (hearts_card_from_string (card, &c));
      chosen |= HEARTS_CARD_BIT (c);

      drag_card_to (driver, state, card, "pass-area");
      g_clear_pointer (&state, g_variant_unref);
      state = hearts_driver_wait (driver, n_chosen_is, GUINT_TO_POINTER (i + 1));
      {
        g_autofree char *now = table_string (state, "chosen");
        g_assert_cmpuint (cards_from (now), ==, chosen);
      }
      if (i == 1)
        hearts_driver_screenshot (driver, "shot-passing");
    }
  hearts_driver_screenshot (driver, "shot-passing-3");

  click_pass (driver, state);
  g_clear_pointer (&state, g_variant_unref);
  state = hearts_driver_wait (driver, human_passed, NULL);
  passes = state_record_lines (state, "pass 0 ");
  g_assert_cmpuint (passes->len, ==, 1);
  g_assert_cmpuint (cards_from (g_ptr_array_index (passes, 0)), ==, chosen);

  /* Drag a legal card onto the table. */
  g_clear_pointer (&state, g_variant_unref);
  state = hearts_driver_wait (driver, human_to_play, NULL);
  hearts_driver_screenshot (driver, "shot-received");
  /* The first hand passes left: East's cards came to the player, and the table says so
   * until the player's first card. */
  {
    g_autoptr(GPtrArray) east = state_record_lines (state, "pass 3 ");
    g_autoptr(GVariant) players = NULL;
    g_autofree const char **who = NULL;
    g_autofree char        *notice = table_string (state, "pass-label");
    g_autofree char        *names = hearts_cards_get_names (cards_from (g_ptr_array_index (east, 0)));
    g_autofree char        *cards = short_names (cards_from (g_ptr_array_index (east, 0)));
    g_autofree char        *shown = NULL;
    g_autofree char        *spoken = NULL;

    g_assert_true (g_variant_lookup (state, "players", "@as", &players));
    who = g_variant_get_strv (players, NULL);
    shown = g_strdup_printf ("Passed to you by %s: %s", who[3], cards);
    spoken = g_strdup_printf ("%s passed you the %s", who[3], names);

    g_assert_cmpstr (notice, ==, shown);
    g_assert_true (said (state, spoken));
  }
  legal = table_string (state, "legal");
  first = first_card_in (state, cards_from (legal));
  g_assert_nonnull (first);
  drag_card_to (driver, state, first, "trick");
  g_clear_pointer (&state, g_variant_unref);
  state = hearts_driver_wait (driver, card_played, first);
  {
    g_autofree char *notice = table_string (state, "pass-label");

    g_assert_cmpstr (notice, ==, "");
  }

  /* Click-play the next one. */
  g_clear_pointer (&state, g_variant_unref);
  state = hearts_driver_wait (driver, human_to_play, NULL);
  hearts_driver_screenshot (driver, "shot-mid-trick");
  g_clear_pointer (&legal, g_free);
  legal = table_string (state, "legal");
  second = first_card_in (state, cards_from (legal));
  g_assert_nonnull (second);
  click_card (driver, state, second);
  g_clear_pointer (&state, g_variant_unref);
  state = hearts_driver_wait (driver, card_played, second);

  plays = state_record_lines (state, "play 0 ");
  g_assert_cmpuint (plays->len, ==, 2);
  g_assert_cmpstr (g_ptr_array_index (plays, 0), ==, first);
  g_assert_cmpstr (g_ptr_array_index (plays, 1), ==, second);
  g_assert_false (state_get_card_rect (state, first, &(int){ 0 }, &(int){ 0 }, &(int){ 0 }, &(int){ 0 }));

  hearts_driver_stop (driver);
}

static gboolean
hand_dealt (GVariant *state,
            gpointer  data)
{
  g_autofree char *phase = get_phase (state);

  return g_strcmp0 (phase, "playing") == 0 && !state_get_busy (state) && state_get_hand_size (state) > 0;
}

/* Three players and no passing: the table says so until the player's first card (that
 * it is said aloud, /e2e/whole-game checks on its hold hands). */
static void
test_no_passing (void)
{
  HeartsDriver *driver = NULL;
  g_autoptr(GVariant) state = NULL;
  g_autofree char *notice = NULL;
  g_autofree char *legal = NULL;
  g_autofree char *card = NULL;

  if (!have_xdotool ())
    return;
  driver = hearts_driver_start ("11", "players=3 pass=none", TRUE);

  state = hearts_driver_wait (driver, hand_dealt, NULL);
  g_assert_cmpuint (state_get_hand_size (state), ==, 17);
  notice = table_string (state, "pass-label");
  g_assert_cmpstr (notice, ==, "No passing this hand");
  hearts_driver_screenshot (driver, "shot-no-passing");

  g_clear_pointer (&state, g_variant_unref);
  state = hearts_driver_wait (driver, human_to_play, NULL);
  g_clear_pointer (&notice, g_free);
  notice = table_string (state, "pass-label");
  g_assert_cmpstr (notice, ==, "No passing this hand");
  legal = table_string (state, "legal");
  card = first_card_in (state, cards_from (legal));
  click_card (driver, state, card);
  g_clear_pointer (&state, g_variant_unref);
  state = hearts_driver_wait (driver, card_played, card);
  g_clear_pointer (&notice, g_free);
  notice = table_string (state, "pass-label");
  g_assert_cmpstr (notice, ==, "");

  hearts_driver_stop (driver);
}

/* Click three cards and pass, then drag a card the rules forbid: it goes back. */
static void
test_illegal_drag (void)
{
  HeartsDriver *driver = NULL;
  g_autoptr(GVariant) state = NULL;
  g_autofree char *illegal = NULL;
  int              x0, y0, w0, h0, x1, y1, w1, h1;

  if (!have_xdotool ())
    return;
  driver = hearts_driver_start ("11", NULL, TRUE);

  state = pass_first_three (driver);

  /* Play legal cards until the hand holds one that may not be played. */
  for (guint trick = 0; trick < 13 && illegal == NULL; trick++)
    {
      g_autofree char *legal = NULL;
      g_autofree char *card = NULL;

      g_clear_pointer (&state, g_variant_unref);
      state = hearts_driver_wait (driver, human_to_play, NULL);
      legal = table_string (state, "legal");
      illegal = first_card_in (state, hand_of (state) & ~cards_from (legal));
      if (illegal != NULL)
        break;
      card = first_card_in (state, cards_from (legal));
      click_card (driver, state, card);
      g_clear_pointer (&state, g_variant_unref);
      state = hearts_driver_wait (driver, card_played, card);
    }
  g_assert_nonnull (illegal);

  g_assert_true (state_get_card_rect (state, illegal, &x0, &y0, &w0, &h0));
  drag_card_to (driver, state, illegal, "trick");
  g_clear_pointer (&state, g_variant_unref);
  state = hearts_driver_wait (driver, has_message, NULL);
  hearts_driver_screenshot (driver, "shot-refused");

  /* Still in the hand, at its old place; not played; still our turn. */
  g_assert_true (state_get_card_rect (state, illegal, &x1, &y1, &w1, &h1));
  g_assert_cmpint (x1, ==, x0);
  g_assert_cmpint (y1, ==, y0);
  g_assert_false (card_played (state, illegal));
  g_assert_cmpint (get_current (state), ==, 0);
  {
    g_autofree char *message = state_get_string (state, "message");

    g_test_message ("refused with: %s", message);
    g_assert_cmpstr (message, !=, "It is not your turn");
  }

  hearts_driver_stop (driver);
}

/* While passing, a card let go anywhere but the pass area springs back: on the header
 * bar, on the felt by a name plate. Then one dropped on the pass area is chosen, alone. */
static void
test_stray_drops (void)
{
  HeartsDriver *driver = NULL;
  g_autoptr(GVariant) state = NULL;
  g_autoptr(GVariant) table = NULL;
  g_autofree char *header = NULL;
  g_autofree char *felt = NULL;
  g_autofree char *pass = NULL;
  g_autofree char *chosen = NULL;
  int              tx, ty, tw, th, x, y, w, h;

  if (!have_xdotool ())
    return;
  driver = hearts_driver_start ("5", NULL, TRUE);
  state = hearts_driver_wait (driver, ready_to_pass, NULL);
  table = state_get_table (state);
  g_assert_true (state_get_rect (table, "table", &tx, &ty, &tw, &th));

  header = state_get_hand_card (state, 0);
  felt = state_get_hand_card (state, 1);
  pass = state_get_hand_card (state, 2);
  /* On the header bar, above the table. */
  g_assert_true (state_get_card_rect (state, header, &x, &y, &w, &h));
  hearts_driver_drag (driver, GRAB_X (x), y + h / 2, tx + tw / 2, MAX (ty - 20, 5));
  /* On the felt in the top left corner, by the seats' plates and nowhere near the pass area. */
  g_assert_true (state_get_card_rect (state, felt, &x, &y, &w, &h));
  hearts_driver_drag (driver, GRAB_X (x), y + h / 2, tx + 10, ty + 10);
  hearts_driver_screenshot (driver, "shot-stray-drops");
  /* Then on the pass area: chosen, and only it. */
  drag_card_to (driver, state, pass, "pass-area");
  g_clear_pointer (&state, g_variant_unref);
  state = hearts_driver_wait (driver, n_chosen_is, GUINT_TO_POINTER (1));
  chosen = table_string (state, "chosen");
  g_test_message ("chosen after three drops: %s", chosen);
  g_assert_cmpstr (chosen, ==, pass);
  hearts_driver_stop (driver);
}

/* With a double click to play, one click on a card that may be played says how, and
 * plays nothing (nothing happened at all before). */
static void
test_single_click (void)
{
  HeartsDriver *driver = NULL;
  g_autoptr(GVariant) state = NULL;
  g_autofree char *legal = NULL;
  g_autofree char *card = NULL;
  g_autofree char *message = NULL;

  if (!have_xdotool ())
    return;
  driver = hearts_driver_start_with_settings ("11", NULL, TRUE, "click-to-play='double'");
  g_variant_unref (pass_first_three (driver));
  state = hearts_driver_wait (driver, human_to_play, NULL);
  legal = table_string (state, "legal");
  card = first_card_in (state, cards_from (legal));
  click_card (driver, state, card);
  g_clear_pointer (&state, g_variant_unref);
  state = hearts_driver_wait (driver, has_message, NULL);
  message = state_get_string (state, "message");
  g_test_message ("one click: %s", message);
  g_assert_cmpstr (message, ==, "Double-click a card to play it");
  g_assert_false (card_played (state, card));
  g_assert_cmpint (get_current (state), ==, 0);
  hearts_driver_stop (driver);
}

static gboolean
anything (GVariant *state,
          gpointer  data)
{
  return TRUE;
}

/* A whole game to the end, with nothing but mouse clicks. */
static void
test_whole_game (void)
{
  HeartsDriver       *driver = NULL;
  gboolean            sheet_shot = FALSE;
  guint               hands_seen = 0;
  guint               game_over = FALSE;
  guint               holds_shown = 0;
  guint               holds_played = 0;
  guint               last_hold = 0;
  g_autofree char    *standing = NULL;
  g_autofree char    *record = NULL;
  HeartsRecordSummary summary;
  g_autoptr(GError) error = NULL;

  if (!have_xdotool ())
    return;
  driver = hearts_driver_start ("3", NULL, FALSE);

  for (guint step = 0; step < 5000 && !game_over; step++)
    {
      g_autoptr(GVariant) state = hearts_driver_wait (driver, anything, NULL);
      g_autoptr(GVariant) table = state_get_table (state);
      g_autofree char *phase = get_phase (state);
      guint32          sheet;
      int              x, y;

      if (g_variant_lookup (state, "sheet", "u", &sheet))
        {
          if (sheet == 2)
            {
              standing = state_get_string (state, "sheet-summary");
              hearts_driver_screenshot (driver, "shot-game-over");
              game_over = TRUE;
              break;
            }
          if (!sheet_shot)
            {
              hearts_driver_screenshot (driver, "shot-score-sheet");
              sheet_shot = TRUE;
            }
          hands_seen++;
          center_of (state, "sheet-button", &x, &y);
          hearts_driver_click (driver, x, y);
          g_variant_unref (hearts_driver_wait (driver, sheet_closed, NULL));
          continue;
        }

      if (state_get_busy (state))
        {
          g_variant_unref (hearts_driver_wait_change (driver, state));
          continue;
        }

      if (g_strcmp0 (phase, "passing") == 0 && state_get_rect (table, "pass-button", &x, &y, &x, &y))
        {
          g_autofree char *chosen = table_string (state, "chosen");
          HeartsCards      set = cards_from (chosen);
          g_autoptr(GPtrArray) hands = state_record_lines (state, "hand ");

          /* Never a pass step on a hold hand. */
          g_assert_false (g_str_has_suffix (g_ptr_array_index (hands, hands->len - 1), "pass H"));
          if (hearts_cards_count (set) == 3)
            click_pass (driver, state);
          else
            {
              g_autofree char *card = first_unchosen (state);
              g_autoptr(GVariant) after = NULL;

              click_card (driver, state, card);
              after = hearts_driver_wait (driver, n_chosen_is, GUINT_TO_POINTER (hearts_cards_count (set) + 1));
            }
          continue;
        }

      if (human_to_play (state, NULL))
        {
          g_autoptr(GPtrArray) hands = state_record_lines (state, "hand ");
          g_autofree char *notice = table_string (state, "pass-label");

          /* A hold hand says so, aloud too, until the player's first card; a pass says
           * who it came from. */
          if (g_str_has_suffix (g_ptr_array_index (hands, hands->len - 1), "pass H"))
            {
              if (last_hold != hands->len)
                holds_played++;
              last_hold = hands->len;
              g_assert_true (notice[0] == '\0' || g_str_equal (notice, "No passing this hand"));
              if (notice[0] != '\0')
                {
                  g_assert_true (said (state, "No passing this hand"));
                  holds_shown++;
                }
            }
          else
            g_assert_true (notice[0] == '\0' || g_str_has_prefix (notice, "Passed to you by "));

          g_autofree char *legal = table_string (state, "legal");
          g_autofree char *card = first_card_in (state, cards_from (legal));
          g_autoptr(GVariant) after = NULL;

          g_assert_nonnull (card);
          click_card (driver, state, card);
          /* Wait until it has left the hand. */
          g_clear_pointer (&after, g_variant_unref);
          after = hearts_driver_wait (driver, card_left_hand, card);
          continue;
        }
      /* The computers' turn: the next state is theirs to publish. */
      g_variant_unref (hearts_driver_wait_change (driver, state));
    }

  g_assert_true (game_over);
  g_assert_cmpuint (hands_seen, >, 0);

  {
    g_autoptr(GVariant) state = hearts_driver_get_state (driver);

    record = state_get_string (state, "record");
  }
  g_assert_true (hearts_record_replay (record, &summary, &error));
  g_assert_no_error (error);
  g_assert_true (summary.game_over);
  g_assert_cmpuint (summary.n_hands, ==, hands_seen + 1);
  /* Every hold hand said so at the player's first turn (a short game may have none). */
  g_assert_cmpuint (holds_shown, ==, holds_played);
  if (summary.n_hands >= 4)
    g_assert_cmpuint (holds_played, >, 0);
  /* The game over sheet says where the player finished, as the model words it. */
  {
    g_autoptr(GVariant) state = hearts_driver_get_state (driver);
    g_autoptr(GVariant) players = NULL;
    g_autofree const char **names = NULL;
    g_autofree char        *sentence = NULL;

    g_assert_true (g_variant_lookup (state, "players", "@as", &players));
    names = g_variant_get_strv (players, NULL);
    sentence = hearts_format_standing (summary.rules.n_players, summary.totals, names);
    g_test_message ("game over: %s", standing);
    g_assert_true (g_str_has_prefix (standing, sentence));
  }
  g_test_message ("game over after %u hands", summary.n_hands);

  hearts_driver_stop (driver);
}

/* Piles of points */

/* Each seat's scoring cards in the first hand, worked out from the record's plays. */
static void
piles_from_record (GVariant   *state,
                   guint       n_players,
                   HeartsCards piles[])
{
  g_autoptr(GPtrArray) plays = state_record_lines (state, "play ");
  guint      seats[HEARTS_MAX_PLAYERS];
  HeartsCard cards[HEARTS_MAX_PLAYERS];

  for (guint s = 0; s < n_players; s++)
    piles[s] = 0;
  for (guint i = 0; i + n_players <= plays->len; i += n_players)
    {
      HeartsCards trick = 0;
      guint       winner = 0;

      for (guint k = 0; k < n_players; k++)
        {
          const char *line = g_ptr_array_index (plays, i + k);

          seats[k] = line[0] - '0';
          g_assert_true (hearts_card_from_string (line + 2, &cards[k]));
          trick |= HEARTS_CARD_BIT (cards[k]);
          if (HEARTS_CARD_SUIT (cards[k]) == HEARTS_CARD_SUIT (cards[0]) &&
              HEARTS_CARD_RANK (cards[k]) > HEARTS_CARD_RANK (cards[winner]))
            winner = k;
        }
      piles[seats[winner]] |= trick & HEARTS_POINT_CARDS;
    }
}

/* The piles the table publishes; FALSE if a seat's pile with cards has no place. */
static gboolean
piles_published (GVariant   *state,
                 HeartsCards piles[],
                 int         rects[][4])
{
  g_autoptr(GVariant) table = state_get_table (state);
  g_autoptr(GVariant) list = g_variant_lookup_value (table, "piles", G_VARIANT_TYPE ("a(us(iiii))"));
  GVariantIter iter;
  const char  *cards;
  guint        seat;
  int          x, y, w, h;

  g_assert_nonnull (list);
  g_variant_iter_init (&iter, list);
  while (g_variant_iter_next (&iter, "(u&s(iiii))", &seat, &cards, &x, &y, &w, &h))
    {
      g_assert_cmpuint (seat, <, HEARTS_MAX_PLAYERS);
      piles[seat] = cards_from (cards);
      rects[seat][0] = x;
      rects[seat][1] = y;
      rects[seat][2] = w;
      rects[seat][3] = h;
      if (piles[seat] != 0 && (w <= 0 || h <= 0))
        return FALSE;
    }
  return TRUE;
}

/* A hand played with clicks: whenever the table is still, each seat's pile is the
 * scoring cards of the tricks it won, by the record; a click on a pile leaves the game
 * as it was (it shows the last trick, where the window has that). */
/* Looking back at tricks (below) */
static guint    n_finished_tricks (GVariant *state);
static gboolean history_shown     (GVariant *state,
                                   gpointer  data);
static gboolean history_closed    (GVariant *state,
                                   gpointer  data);
static void     assert_history    (GVariant *state,
                                   guint     first);

static void
test_point_piles (void)
{
  HeartsDriver *driver = NULL;
  gboolean      clicked = FALSE;
  guint         checks = 0;

  if (!have_xdotool ())
    return;
  driver = hearts_driver_start ("7", NULL, FALSE);

  for (guint step = 0; step < 2000; step++)
    {
      g_autoptr(GVariant) state = hearts_driver_wait (driver, anything, NULL);
      g_autofree char *phase = get_phase (state);
      HeartsCards      expected[HEARTS_MAX_PLAYERS], shown[HEARTS_MAX_PLAYERS] = { 0 };
      int              rects[HEARTS_MAX_PLAYERS][4] = { { 0 } };

      if (g_variant_lookup (state, "sheet", "u", NULL) || g_strcmp0 (phase, "hand-over") == 0)
        break;
      if (state_get_busy (state))
        {
          g_variant_unref (hearts_driver_wait_change (driver, state));
          continue;
        }

      piles_from_record (state, 4, expected);
      if (!piles_published (state, shown, rects))
        {
          /* Laid out on the next frame. */
          g_variant_unref (hearts_driver_wait_change (driver, state));
          continue;
        }
      for (guint s = 0; s < 4; s++)
        g_assert_cmpuint (shown[s], ==, expected[s]);
      checks++;

      /* Once, a click on the first pile with cards. */
      for (guint s = 0; s < 4 && !clicked; s++)
        if (shown[s] != 0)
          {
            g_autofree char *record = state_get_string (state, "record");
            g_autoptr(GVariant) after = NULL;
            g_autofree char *record_after = NULL;

            hearts_driver_screenshot (driver, "shot-piles");
            hearts_driver_click (driver, rects[s][0] + rects[s][2] / 2, rects[s][1] + rects[s][3] / 2);
            clicked = TRUE;
            /* The pile shows the last trick, and the game does not move. */
            after = hearts_driver_wait (driver, history_shown, (gpointer) "last-trick");
            assert_history (after, n_finished_tricks (after) - 1);
            record_after = state_get_string (after, "record");
            g_assert_cmpstr (record_after, ==, record);
            hearts_driver_focus_window (driver, "Tricks");
            hearts_driver_key (driver, "Escape");
            g_variant_unref (hearts_driver_wait (driver, history_closed, NULL));
            hearts_driver_focus_window (driver, "Hearts");
          }

      if (!click_next_move (driver, state))
        g_variant_unref (hearts_driver_wait_change (driver, state));
    }

  g_test_message ("piles checked %u times", checks);
  g_assert_true (clicked);
  g_assert_cmpuint (checks, >, 13);
  hearts_driver_stop (driver);
}

/* Keyboard play */

static char *
get_focus (GVariant *state)
{
  return state_get_string (state, "focus");
}

static gboolean
focus_is (GVariant *state,
          gpointer  data)
{
  g_autofree char *focus = get_focus (state);

  return g_strcmp0 (focus, data) == 0;
}

static gboolean
focus_moved (GVariant *state,
             gpointer  data)
{
  g_autofree char *focus = get_focus (state);

  return g_strcmp0 (focus, data) != 0;
}

static gboolean
focus_in_hand (GVariant *state,
               gpointer  data)
{
  g_autofree char *focus = get_focus (state);

  return g_str_has_prefix (focus, "hand:") && !state_get_busy (state);
}

/* While a game is played, the focus is in the hand, on the pass button or on an
 * open sheet, and nowhere else; with an empty hand between hands, on nothing. */
static void
assert_focus_allowed (GVariant *state,
                      gboolean  keyed)
{
  g_autofree char *focus = get_focus (state);
  gboolean         visible = FALSE;

  if (g_variant_lookup (state, "sheet", "u", NULL))
    {
      g_assert_cmpstr (focus, ==, "sheet");
      return;
    }
  /* A sheet takes the focus as it opens; the state names it once its button is laid out. */
  if (g_str_equal (focus, "sheet"))
    return;
  if (state_get_hand_size (state) == 0 && g_str_equal (focus, "none"))
    return;
  if (!g_str_has_prefix (focus, "hand:"))
    g_assert_cmpstr (focus, ==, "pass-button");
  /* Once keys are in use, the ring shows, also after a play took its card away. */
  g_assert_true (g_variant_lookup (state, "focus-visible", "b", &visible));
  if (keyed)
    g_assert_true (visible);
}

static HeartsCard
card_of (const char *name)
{
  HeartsCard card;

  g_assert_true (hearts_card_from_string (name, &card));
  return card;
}

static gint
hand_index (GVariant   *state,
            const char *card)
{
  for (guint i = 0; i < state_get_hand_size (state); i++)
    {
      g_autofree char *name = state_get_hand_card (state, i);

      if (g_str_equal (name, card))
        return i;
    }
  return -1;
}

/* Presses @key and waits until the focus is on the hand's @index-th card. */
static GVariant *
key_to_card (HeartsDriver *driver,
             GVariant     *state,
             const char   *key,
             guint         index)
{
  g_autofree char *card = state_get_hand_card (state, index);
  g_autofree char *want = g_strdup_printf ("hand:%s", card);

  hearts_driver_key (driver, key);
  return hearts_driver_wait (driver, focus_is, want);
}

static guint
n_passes (GVariant *state)
{
  g_autoptr(GPtrArray) passes = state_record_lines (state, "pass 0 ");

  return passes->len;
}

static gboolean
n_passes_is (GVariant *state,
             gpointer  data)
{
  return n_passes (state) == GPOINTER_TO_UINT (data);
}

static void
keyboard_pass (HeartsDriver *driver,
               GVariant     *state)
{
  g_autoptr(GVariant) now = key_to_card (driver, state, "Home", 0);
  g_autofree char *focus = NULL;
  guint            tabs = 0;

  for (guint k = 0; k < 3; k++)
    {
      g_autoptr(GVariant) chosen = NULL;

      g_autofree char *next = NULL;
      g_autofree char *want = NULL;

      /* Space chooses the card and leaves the focus on the next one of the row. */
      hearts_driver_key (driver, "space");
      chosen = hearts_driver_wait (driver, n_chosen_is, GUINT_TO_POINTER (k + 1));
      next = state_get_hand_card (chosen, k + 1);
      want = g_strdup_printf ("hand:%s", next);
      g_clear_pointer (&now, g_variant_unref);
      now = hearts_driver_wait (driver, focus_is, want);
    }

  /* The hand is one Tab stop: the pass button is next. */
  focus = get_focus (now);
  while (!g_str_equal (focus, "pass-button"))
    {
      g_autoptr(GVariant) after = NULL;

      g_assert_cmpuint (++tabs, <=, 3);
      hearts_driver_key (driver, "Tab");
      after = hearts_driver_wait (driver, focus_moved, focus);
      g_free (focus);
      focus = get_focus (after);
    }
  g_test_message ("%u Tab to the pass button", tabs);
  hearts_driver_key (driver, "Return");
  g_variant_unref (hearts_driver_wait (driver, n_passes_is, GUINT_TO_POINTER (n_passes (state) + 1)));
}

static void
keyboard_play (HeartsDriver *driver,
               GVariant     *state)
{
  g_autofree char *legal = table_string (state, "legal");
  g_autofree char *card = first_card_in (state, cards_from (legal));
  g_autofree char *focus = get_focus (state);
  g_autoptr(GVariant) now = g_variant_ref (state);
  gint at, target;

  g_assert_nonnull (card);
  /* Focus came to the hand by itself when the turn did, on a card that may be played. */
  g_assert_true (g_str_has_prefix (focus, "hand:"));
  g_assert_true (hearts_cards_has (cards_from (legal), card_of (focus + strlen ("hand:"))));
  at = hand_index (state, focus + strlen ("hand:"));
  target = hand_index (state, card);
  g_assert_cmpint (at, >=, 0);
  while (at != target)
    {
      const char *key = at < target ? "Right" : "Left";
      GVariant   *next;

      at += at < target ? 1 : -1;
      next = key_to_card (driver, now, key, at);
      g_variant_unref (now);
      now = next;
    }
  hearts_driver_key (driver, "Return");
  g_variant_unref (hearts_driver_wait (driver, card_left_hand, card));
}

/* Every play and every trick's taker was said, in the order of the record. */
static void
assert_announced (GVariant *state)
{
  g_autoptr(GPtrArray) plays = state_record_lines (state, "play ");
  g_autofree const char **said = NULL;
  g_autoptr(GVariant) list = NULL;
  g_autoptr(GVariant) players = NULL;
  g_autofree const char **names = NULL;
  gsize                   n_said = 0, next = 0, takes = 0, turns = 0;
  gboolean                turn_said = FALSE;

  g_assert_true (g_variant_lookup (state, "players", "@as", &players));
  names = g_variant_get_strv (players, NULL);
  g_assert_true (g_variant_lookup (state, "announcements", "@as", &list));
  said = g_variant_get_strv (list, &n_said);
  for (guint i = 0; i < plays->len; i++)
    {
      g_auto(GStrv) words = g_strsplit (g_ptr_array_index (plays, i), " ", 2);
      HeartsCard       card;
      g_autofree char *name = NULL;
      g_autofree char *want = NULL;
      guint            seat = atoi (words[0]);

      g_assert_true (hearts_card_from_string (words[1], &card));
      name = hearts_card_get_name (card);
      if (seat == 0)
        want = g_strdup_printf ("You play the %s", name);
      else
        want = g_strdup_printf ("%s plays the %s", names[seat], name);
      while (next < n_said && !g_str_equal (said[next], want))
        next++;
      if (next == n_said)
        g_error ("never said: %s", want);
      next++;
    }
  for (gsize i = 0; i < n_said; i++)
    {
      if (strstr (said[i], "take the trick") || strstr (said[i], "takes the trick"))
        takes++;
      if (g_str_has_prefix (said[i], "Your turn"))
        {
          turn_said = TRUE;
          /* Said as the table shows it: the trick is taken before the next lead. */
          if (i + 1 < n_said && strstr (said[i + 1], "the trick"))
            g_error ("said too early: %s, then %s", said[i], said[i + 1]);
        }
      /* Each of the human's plays had its turn said before it, also a lead right after
       * a trick won. */
      if (g_str_has_prefix (said[i], "You play the"))
        {
          if (!turn_said)
            g_error ("no turn said before: %s", said[i]);
          turn_said = FALSE;
          turns++;
        }
    }
  g_assert_cmpuint (takes * 4, ==, plays->len);
  {
    g_autoptr(GPtrArray) mine = state_record_lines (state, "play 0 ");

    g_assert_cmpuint (turns, ==, mine->len);
  }
}

/* A whole game with the keyboard alone: no pointer event is sent. */
static void
test_keyboard_game (void)
{
  HeartsDriver *driver = NULL;
  gboolean      game_over = FALSE;
  guint         hands_seen = 0;
  guint         passes = 0;
  g_autoptr(GVariant) last = NULL;

  if (!have_xdotool ())
    return;
  driver = hearts_driver_start ("5", NULL, FALSE);
  g_variant_unref (hearts_driver_wait (driver, focus_in_hand, NULL));

  for (guint step = 0; step < 5000 && !game_over; step++)
    {
      g_autoptr(GVariant) state = hearts_driver_wait (driver, anything, NULL);
      g_autoptr(GVariant) table = state_get_table (state);
      g_autofree char *phase = get_phase (state);
      guint32          sheet;
      int              x, y;

      if (!state_get_busy (state))
        assert_focus_allowed (state, passes + hands_seen > 0);

      if (g_variant_lookup (state, "sheet", "u", &sheet))
        {
          if (sheet == 2)
            {
              game_over = TRUE;
              break;
            }
          if (hands_seen == 0)
            hearts_driver_screenshot (driver, "shot-keyboard-sheet");
          /* Escape on a hand's sheet is Next Hand; so is Return on its button. */
          hearts_driver_key (driver, hands_seen % 2 == 0 ? "Escape" : "Return");
          hands_seen++;
          g_variant_unref (hearts_driver_wait (driver, sheet_closed, NULL));
          g_variant_unref (hearts_driver_wait (driver, focus_in_hand, NULL));
          continue;
        }

      if (state_get_busy (state))
        {
          g_variant_unref (hearts_driver_wait_change (driver, state));
          continue;
        }

      if (g_strcmp0 (phase, "passing") == 0 && state_get_rect (table, "pass-button", &x, &y, &x, &y))
        {
          keyboard_pass (driver, state);
          passes++;
          continue;
        }

      if (human_to_play (state, NULL))
        {
          g_autoptr(GPtrArray) mine = state_record_lines (state, "play 0 ");

          if (mine->len == 1 && hands_seen == 0)
            hearts_driver_screenshot (driver, "shot-keyboard-focus");
          keyboard_play (driver, state);
          continue;
        }
      g_variant_unref (hearts_driver_wait_change (driver, state));
    }

  g_assert_true (game_over);
  g_assert_cmpuint (passes, >, 0);
  last = hearts_driver_get_state (driver);
  {
    g_autofree char *focus = get_focus (last);

    g_assert_cmpstr (focus, ==, "sheet");
  }
  assert_announced (last);
  hearts_driver_screenshot (driver, "shot-keyboard-game-over");
  /* Escape closes the game's last sheet too. */
  hearts_driver_key (driver, "Escape");
  g_variant_unref (hearts_driver_wait (driver, sheet_closed, NULL));
  g_test_message ("keyboard game over after %u hands", hands_seen + 1);

  hearts_driver_stop (driver);
}

/* Claims */

static gboolean
claim_known (GVariant *state,
             gpointer  data)
{
  gboolean checking = TRUE;

  return g_variant_lookup (state, "claim-checking", "b", &checking) && !checking;
}

static gboolean
claim_button_ready (GVariant *state,
                    gpointer  data)
{
  gboolean claim = FALSE;
  int      x, y, w, h;

  return g_variant_lookup (state, "claim", "b", &claim) && claim &&
         state_get_rect (state, "claim-button", &x, &y, &w, &h);
}

static gboolean
claim_dialog_ready (GVariant *state,
                    gpointer  data)
{
  g_autoptr(GVariant) dialog = g_variant_lookup_value (state, "claim-dialog", G_VARIANT_TYPE_VARDICT);
  int x, y, w, h;

  return dialog != NULL && state_get_rect (dialog, "claim-button", &x, &y, &w, &h);
}

static gboolean
hand_over (GVariant *state,
           gpointer  data)
{
  g_autofree char *phase = get_phase (state);

  return g_strcmp0 (phase, "hand-over") == 0 && g_variant_lookup (state, "sheet", "u", NULL) &&
         !state_get_busy (state);
}

/* Plays the first hand with real clicks, passing the three highest cards and playing
 * the lowest card it may, until the window offers a claim (if @to_claim) or the hand
 * is over. Returns how many cards the player played. */
static guint
play_first_hand (HeartsDriver *driver,
                 gboolean      to_claim)
{
  guint n_played = 0;

  for (guint step = 0; step < 500; step++)
    {
      g_autoptr(GVariant) state = hearts_driver_wait (driver, anything, NULL);

      if (g_variant_lookup (state, "sheet", "u", NULL))
        {
          g_assert_false (to_claim);
          return n_played;
        }
      if (state_get_busy (state))
        {
          g_variant_unref (hearts_driver_wait_change (driver, state));
          continue;
        }

      if (ready_to_pass (state, NULL))
        {
          g_autofree char *chosen = table_string (state, "chosen");
          HeartsCards      set = cards_from (chosen);
          HeartsCards      hand = hand_of (state);
          g_autoptr(GVariant) after = NULL;

          if (hearts_cards_count (set) == 3)
            {
              click_pass (driver, state);
              after = hearts_driver_wait (driver, human_passed, NULL);
              continue;
            }
          /* The highest card not chosen yet. */
          click_card (driver, state, hearts_card_to_string (hearts_cards_highest (hand & ~set)));
          after = hearts_driver_wait (driver, n_chosen_is, GUINT_TO_POINTER (hearts_cards_count (set) + 1));
          continue;
        }

      if (human_to_play (state, NULL))
        {
          g_autoptr(GVariant) known = hearts_driver_wait (driver, claim_known, NULL);
          g_autofree char *legal = NULL;
          const char      *card;
          gboolean         claim = FALSE;
          g_autoptr(GVariant) after = NULL;

          if (!human_to_play (known, NULL))
            continue;
          g_assert_true (g_variant_lookup (known, "claim", "b", &claim));
          if (claim && to_claim)
            return n_played;
          legal = table_string (known, "legal");
          card = hearts_card_to_string (hearts_cards_lowest (cards_from (legal)));
          click_card (driver, known, card);
          after = hearts_driver_wait (driver, card_left_hand, (gpointer) card);
          n_played++;
          continue;
        }
      g_variant_unref (hearts_driver_wait_change (driver, state));
    }
  g_assert_not_reached ();
  return n_played;
}

/* Seed 3 reaches a forced ending in its first hand when the player passes the three
 * highest cards and plays the lowest card it may: played with real clicks until the
 * Claim button appears, then the button and the proof's Claim are clicked. The hand
 * must end with the proof's points, every card the proof laid out played in its order. */
static void
test_claim (void)
{
  HeartsDriver *driver = NULL;
  g_autoptr(GVariant) dialog = NULL;
  g_autoptr(GVariant) tricks = NULL;
  g_autoptr(GVariant) points = NULL;
  g_autoptr(GPtrArray) proof_cards = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GPtrArray) plays = NULL;
  g_autofree char    *record = NULL;
  HeartsRecordSummary summary;
  g_autoptr(GError) error = NULL;
  const gint32 *expected;
  gsize         n_points;
  guint         n_before, n_shown = 0;
  int           x, y;

  if (!have_xdotool ())
    return;
  /* With animations: the claim's plays go through the table's queue like any others. */
  driver = hearts_driver_start ("3", NULL, TRUE);

  play_first_hand (driver, TRUE);

  {
    g_autoptr(GVariant) state = hearts_driver_wait (driver, claim_button_ready, NULL);
    g_autoptr(GPtrArray) before = state_record_lines (state, "play ");

    n_before = before->len;
    hearts_driver_screenshot (driver, "shot-claim-button");
    center_of (state, "claim-button", &x, &y);
    hearts_driver_click (driver, x, y);
  }

  /* The proof: every card left, once, and the points it comes to. */
  {
    g_autoptr(GVariant) state = hearts_driver_wait (driver, claim_dialog_ready, NULL);
    GVariantIter iter;
    guint32      winner;
    g_autoptr(GVariant) cards = NULL;

    dialog = g_variant_lookup_value (state, "claim-dialog", G_VARIANT_TYPE_VARDICT);
    tricks = g_variant_lookup_value (dialog, "tricks", G_VARIANT_TYPE ("a(uas)"));
    points = g_variant_lookup_value (dialog, "points", G_VARIANT_TYPE ("ai"));
    g_assert_nonnull (tricks);
    g_assert_nonnull (points);
    g_assert_cmpuint (g_variant_n_children (tricks), >, 0);
    g_variant_iter_init (&iter, tricks);
    while (g_variant_iter_next (&iter, "(u@as)", &winner, &cards))
      {
        gsize        n;
        const char **names = g_variant_get_strv (cards, &n);

        g_assert_cmpuint (winner, <, 4);
        g_assert_cmpuint (n, ==, 4);
        for (gsize i = 0; i < n; i++)
          g_ptr_array_add (proof_cards, g_strdup (names[i]));
        g_free (names);
        g_clear_pointer (&cards, g_variant_unref);
      }
    hearts_driver_screenshot (driver, "shot-claim-dialog");
    center_of (dialog, "claim-button", &x, &y);
    hearts_driver_click_dialog (driver, x, y);
    /* The table showing the claimed tricks one after the other. */
    hearts_driver_screenshot (driver, "shot-claim-playing");
  }

  {
    g_autoptr(GVariant) state = hearts_driver_wait (driver, hand_over, NULL);

    record = state_get_string (state, "record");
    plays = state_record_lines (state, "play ");
  }
  g_assert_true (hearts_record_replay (record, &summary, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (summary.n_hands, ==, 1);
  expected = g_variant_get_fixed_array (points, &n_points, sizeof (gint32));
  g_assert_cmpuint (n_points, ==, 4);
  for (guint s = 0; s < 4; s++)
    g_assert_cmpint (summary.totals[s], ==, expected[s]);

  /* The proof's cards, from the trick on the table on, are the hand's last plays. */
  g_assert_cmpuint (plays->len, ==, 52);
  g_assert_cmpuint (proof_cards->len, >=, plays->len - n_before);
  n_shown = proof_cards->len - (plays->len - n_before);
  for (guint i = n_before; i < plays->len; i++)
    {
      const char *line = g_ptr_array_index (plays, i);

      g_assert_true (g_str_has_suffix (line, g_ptr_array_index (proof_cards, n_shown + i - n_before)));
    }
  hearts_driver_screenshot (driver, "shot-claim-scored");

  hearts_driver_stop (driver);
}

static gboolean
message_is (GVariant *state,
            gpointer  data)
{
  g_autofree char *message = state_get_string (state, "message");

  return g_strcmp0 (message, data) == 0;
}

/* Seed 176, played the same way without claiming: the hand becomes settled while the
 * player still has cards, and the program plays them out itself and says why. */
static void
test_auto_finish (void)
{
  HeartsDriver *driver = NULL;
  g_autoptr(GVariant) state = NULL;
  g_autoptr(GPtrArray) plays = NULL;
  guint n_played;

  if (!have_xdotool ())
    return;
  driver = hearts_driver_start ("176", NULL, TRUE);
  n_played = play_first_hand (driver, FALSE);
  state = hearts_driver_wait (driver, message_is, (gpointer) "No card left can change the score: the hand is played out");
  g_clear_pointer (&state, g_variant_unref);
  state = hearts_driver_wait (driver, hand_over, NULL);
  hearts_driver_screenshot (driver, "shot-auto-finish");

  /* The player's last cards went without a click of theirs. */
  plays = state_record_lines (state, "play 0 ");
  g_assert_cmpuint (plays->len, ==, 13);
  g_assert_cmpuint (n_played, <, 13);
  g_test_message ("the player played %u cards, the program the other %u", n_played, 13 - n_played);

  hearts_driver_stop (driver);
}

/* Hand review */

static gboolean
hand_sheet_ready (GVariant *state,
                  gpointer  data)
{
  int x, y, w, h;

  return state_get_rect (state, "sheet-review-button", &x, &y, &w, &h) &&
         state_get_rect (state, "sheet-button", &x, &y, &w, &h);
}

/* Plays the first hand with clicks (the leftmost cards that may go) up to its sheet. */
static GVariant *
play_hand (HeartsDriver *driver)
{
  for (guint step = 0; step < 1000; step++)
    {
      g_autoptr(GVariant) state = hearts_driver_wait (driver, anything, NULL);

      if (hand_sheet_ready (state, NULL))
        return g_steal_pointer (&state);
      if (state_get_busy (state) || g_variant_lookup (state, "sheet", "u", NULL))
        {
          g_variant_unref (hearts_driver_wait_change (driver, state));
          continue;
        }
      if (!click_next_move (driver, state))
        g_variant_unref (hearts_driver_wait_change (driver, state));
    }
  g_error ("the hand never ended");
}

static GVariant *
get_review (GVariant *state)
{
  return g_variant_lookup_value (state, "review", G_VARIANT_TYPE_VARDICT);
}

static gboolean
review_computing (GVariant *state,
                  gpointer  data)
{
  g_autoptr(GVariant) review = get_review (state);
  gboolean computing = FALSE;

  return review != NULL && g_variant_lookup (review, "computing", "b", &computing) && computing;
}

static gboolean
review_at_step (GVariant *state,
                gpointer  data)
{
  g_autoptr(GVariant) review = get_review (state);
  guint32  step = G_MAXUINT32, n = 0;
  gboolean computing = TRUE;
  int      x, y, w, h;

  return review != NULL && g_variant_lookup (review, "computing", "b", &computing) && !computing &&
         g_variant_lookup (review, "n-steps", "u", &n) && n > 0 &&
         g_variant_lookup (review, "step", "u", &step) && step == GPOINTER_TO_UINT (data) &&
         state_get_rect (review, "next", &x, &y, &w, &h);
}

static gboolean
review_closed (GVariant *state,
               gpointer  data)
{
  g_autoptr(GVariant) review = get_review (state);

  return review == NULL;
}

/* The step on show is the player's own move of the record: the pass, or its play in
 * @trick; the verdict names it. */
static void
assert_review_step (GVariant *state,
                    gboolean  is_pass,
                    guint     trick)
{
  g_autoptr(GVariant) review = get_review (state);
  g_autofree char *move = state_get_string (review, "move");
  g_autofree char *best = state_get_string (review, "best");
  g_autofree char *verdict = state_get_string (review, "verdict");
  g_autofree char *names = NULL;
  gboolean         pass = !is_pass;
  guint32          shown = G_MAXUINT32;

  g_assert_true (g_variant_lookup (review, "is-pass", "b", &pass));
  g_assert_cmpint (pass, ==, is_pass);
  g_test_message ("review step: %s", verdict);
  if (is_pass)
    {
      g_autoptr(GPtrArray) passes = state_record_lines (state, "pass 0 ");

      g_assert_cmpuint (passes->len, ==, 1);
      g_assert_cmpuint (cards_from (move), ==, cards_from (g_ptr_array_index (passes, 0)));
      g_assert_true (g_str_has_prefix (verdict, "Your Pass. "));
    }
  else
    {
      g_autoptr(GPtrArray) plays = state_record_lines (state, "play 0 ");
      g_autofree char *where = g_strdup_printf ("Trick %u of 13. ", trick + 1);

      g_assert_true (g_variant_lookup (review, "trick", "u", &shown));
      g_assert_cmpuint (shown, ==, trick);
      g_assert_cmpuint (plays->len, ==, 13);
      g_assert_cmpstr (move, ==, g_ptr_array_index (plays, trick));
      g_assert_true (g_str_has_prefix (verdict, where));
    }
  names = hearts_cards_get_names (cards_from (move));
  g_assert_nonnull (strstr (verdict, names));
  if (cards_from (best) != cards_from (move) && strstr (verdict, "Forced") == NULL)
    {
      g_autofree char *best_names = hearts_cards_get_names (cards_from (best));

      g_assert_nonnull (strstr (verdict, best_names));
    }
}

/* A hand played with clicks, then Review Hand clicked on its sheet: the review works
 * with a progress bar, then steps with a click on Next and a key, and closes. */
static void
test_review (void)
{
  HeartsDriver *driver = NULL;
  g_autoptr(GVariant) state = NULL;
  g_autoptr(GVariant) review = NULL;
  g_autofree char *window = NULL;
  g_autofree char *where = NULL;
  guint32          n_steps = 0;
  int              x, y;

  if (!have_xdotool ())
    return;
  driver = hearts_driver_start ("7", NULL, FALSE);
  state = play_hand (driver);
  hearts_driver_screenshot (driver, "shot-review-sheet");

  center_of (state, "sheet-review-button", &x, &y);
  hearts_driver_click (driver, x, y);
  g_clear_pointer (&state, g_variant_unref);
  state = hearts_driver_wait (driver, review_computing, NULL);
  hearts_driver_screenshot (driver, "shot-review-computing");

  g_clear_pointer (&state, g_variant_unref);
  state = hearts_driver_wait (driver, review_at_step, GUINT_TO_POINTER (0));
  review = get_review (state);
  g_assert_true (g_variant_lookup (review, "n-steps", "u", &n_steps));
  /* The pass and a play a trick. */
  g_assert_cmpuint (n_steps, ==, 14);
  assert_review_step (state, TRUE, 0);
  hearts_driver_screenshot (driver, "shot-review-pass");

  /* libadwaita 1.5 puts the dialog in the window; 1.2 gives it a window of its own. */
  where = state_get_string (state, "review-window");
  window = g_str_equal (where, "dialog") ? hearts_driver_find_window (driver, "Hand Review")
                                         : g_strdup (driver->window);

  center_of (review, "next", &x, &y);
  hearts_driver_click_in (driver, window, x, y);
  g_clear_pointer (&state, g_variant_unref);
  state = hearts_driver_wait (driver, review_at_step, GUINT_TO_POINTER (1));
  assert_review_step (state, FALSE, 0);

  hearts_driver_focus (driver, window);
  hearts_driver_key (driver, "Right");
  g_clear_pointer (&state, g_variant_unref);
  state = hearts_driver_wait (driver, review_at_step, GUINT_TO_POINTER (2));
  assert_review_step (state, FALSE, 1);
  hearts_driver_key (driver, "Left");
  g_clear_pointer (&state, g_variant_unref);
  state = hearts_driver_wait (driver, review_at_step, GUINT_TO_POINTER (1));

  /* To a costly move, if the hand had one, for a look. */
  for (guint step = 1; step + 1 < n_steps; step++)
    {
      g_autoptr(GVariant) now = get_review (state);
      gboolean costly = FALSE;

      g_assert_true (g_variant_lookup (now, "costly", "b", &costly));
      if (costly)
        break;
      hearts_driver_key (driver, "Right");
      g_clear_pointer (&state, g_variant_unref);
      state = hearts_driver_wait (driver, review_at_step, GUINT_TO_POINTER (step + 1));
      assert_review_step (state, FALSE, step);
    }
  hearts_driver_screenshot (driver, "shot-review-step");

  hearts_driver_key (driver, "Escape");
  g_clear_pointer (&state, g_variant_unref);
  state = hearts_driver_wait (driver, review_closed, NULL);
  /* The hand's sheet is still there, to go on. */
  g_assert_true (g_variant_lookup (state, "sheet", "u", NULL));

  hearts_driver_stop (driver);
}

/* Looking back at tricks */

typedef struct
{
  guint      leader;
  guint      winner;
  gint       points;
  HeartsCard cards[4];
} RecordTrick;

/* The finished tricks of the hand in play, from the record (four players, default rules). */
static GArray *
record_tricks (GVariant *state)
{
  g_autoptr(GPtrArray) plays = state_record_lines (state, "play ");
  GArray *tricks = g_array_new (FALSE, TRUE, sizeof (RecordTrick));

  for (guint i = 0; i + 4 <= plays->len; i += 4)
    {
      RecordTrick t = { 0 };
      HeartsCard  best = HEARTS_NO_CARD;

      for (guint k = 0; k < 4; k++)
        {
          g_auto(GStrv) words = g_strsplit (g_ptr_array_index (plays, i + k), " ", 2);
          guint      seat = (guint) g_ascii_strtoull (words[0], NULL, 10);
          HeartsCard card;

          g_assert_true (hearts_card_from_string (words[1], &card));
          t.cards[k] = card;
          if (k == 0)
            t.leader = seat;
          /* The highest card of the suit led takes the trick. */
          if (k == 0 || (HEARTS_CARD_SUIT (card) == HEARTS_CARD_SUIT (best) && HEARTS_CARD_RANK (card) > HEARTS_CARD_RANK (best)))
            {
              best = card;
              t.winner = seat;
            }
          t.points += card == HEARTS_QUEEN_OF_SPADES ? 13 : HEARTS_CARD_SUIT (card) == HEARTS_SUIT_HEARTS;
        }
      g_array_append_val (tricks, t);
    }
  return tricks;
}

static guint
n_finished_tricks (GVariant *state)
{
  g_autoptr(GPtrArray) plays = state_record_lines (state, "play ");

  return plays->len / 4;
}

static gboolean
history_shown (GVariant *state,
               gpointer  data)
{
  g_autoptr(GVariant) history = g_variant_lookup_value (state, "trick-history", G_VARIANT_TYPE_VARDICT);
  g_autofree char *mode = history != NULL ? state_get_string (history, "mode") : NULL;

  return g_strcmp0 (mode, data) == 0;
}

static gboolean
history_closed (GVariant *state,
                gpointer  data)
{
  g_autoptr(GVariant) history = g_variant_lookup_value (state, "trick-history", G_VARIANT_TYPE_VARDICT);

  return history == NULL;
}

static gboolean
menu_item_shown (GVariant *state,
                 gpointer  data)
{
  g_autoptr(GVariant) menu = g_variant_lookup_value (state, "menu", G_VARIANT_TYPE_VARDICT);
  int x, y, w, h;

  return menu != NULL && state_get_rect (menu, data, &x, &y, &w, &h) && w > 0;
}

/* What the open view shows against the record: the tricks @first.. of the hand. */
static void
assert_history (GVariant *state,
                guint     first)
{
  g_autoptr(GVariant) history = g_variant_lookup_value (state, "trick-history", G_VARIANT_TYPE_VARDICT);
  g_autoptr(GVariant) shown = NULL;
  g_autoptr(GArray) tricks = record_tricks (state);
  g_auto(GStrv) players = NULL;

  g_assert_nonnull (history);
  g_assert_true (g_variant_lookup (state, "players", "^as", &players));
  shown = g_variant_lookup_value (history, "tricks", G_VARIANT_TYPE ("aa{sv}"));
  g_assert_nonnull (shown);
  g_assert_cmpuint (g_variant_n_children (shown), ==, tricks->len - first);
  for (guint i = first; i < tricks->len; i++)
    {
      RecordTrick *t = &g_array_index (tricks, RecordTrick, i);
      g_autoptr(GVariant) row = g_variant_get_child_value (shown, i - first);
      g_autofree const char **cards = NULL;
      g_autofree char        *want = NULL;
      const char             *label = NULL;
      guint                   number = 0;
      gint                    leader = -1, winner = -1, points = -1;

      g_assert_true (g_variant_lookup (row, "number", "u", &number));
      g_assert_true (g_variant_lookup (row, "leader", "i", &leader));
      g_assert_true (g_variant_lookup (row, "winner", "i", &winner));
      g_assert_true (g_variant_lookup (row, "points", "i", &points));
      g_assert_true (g_variant_lookup (row, "cards", "^a&s", &cards));
      g_assert_true (g_variant_lookup (row, "label", "&s", &label));
      g_assert_cmpuint (number, ==, i + 1);
      g_assert_cmpint (leader, ==, t->leader);
      g_assert_cmpint (winner, ==, t->winner);
      g_assert_cmpint (points, ==, t->points);
      g_assert_cmpuint (g_strv_length ((char **) cards), ==, 4);
      for (guint k = 0; k < 4; k++)
        g_assert_cmpstr (cards[k], ==, hearts_card_to_string (t->cards[k]));
      /* Who took it, as a screen reader hears it. */
      want = g_strdup_printf ("; %s took it, %d point%s", players[t->winner], t->points, t->points == 1 ? "" : "s");
      g_assert_true (g_str_has_suffix (label, want));
    }
}

/* Play two tricks with real clicks, open the last trick with L and the hand so far from
 * the main menu, each closed with Escape: they show what the record says was played. */
static void
test_last_trick (void)
{
  HeartsDriver *driver = NULL;
  g_autoptr(GVariant) state = NULL;
  guint n;

  if (!have_xdotool ())
    return;
  driver = hearts_driver_start ("7", NULL, FALSE);

  state = pass_first_three (driver);

  /* Before a trick is finished, L does nothing but the game goes on. */
  while (n_finished_tricks (state) < 2)
    {
      g_autofree char *legal = NULL;
      g_autofree char *card = NULL;

      g_clear_pointer (&state, g_variant_unref);
      state = hearts_driver_wait (driver, human_to_play, NULL);
      if (n_finished_tricks (state) >= 2)
        break;
      legal = table_string (state, "legal");
      card = first_card_in (state, cards_from (legal));
      g_assert_nonnull (card);
      click_card (driver, state, card);
      g_clear_pointer (&state, g_variant_unref);
      state = hearts_driver_wait (driver, card_played, card);
    }
  g_clear_pointer (&state, g_variant_unref);
  state = hearts_driver_wait (driver, human_to_play, NULL);
  n = n_finished_tricks (state);
  g_assert_cmpuint (n, >=, 2);

  /* L: the last trick. */
  hearts_driver_key (driver, "l");
  g_clear_pointer (&state, g_variant_unref);
  state = hearts_driver_wait (driver, history_shown, (gpointer) "last-trick");
  assert_history (state, n - 1);
  hearts_driver_screenshot (driver, "shot-last-trick");
  hearts_driver_focus_window (driver, "Tricks");
  hearts_driver_key (driver, "Escape");
  g_clear_pointer (&state, g_variant_unref);
  state = hearts_driver_wait (driver, history_closed, NULL);

  /* The main menu, by clicks: the hand so far. */
  {
    int x, y, w, h;
    g_autoptr(GVariant) menu = NULL;

    g_assert_true (state_get_rect (state, "menu-button", &x, &y, &w, &h));
    hearts_driver_click (driver, x + w / 2, y + h / 2);
    g_clear_pointer (&state, g_variant_unref);
    state = hearts_driver_wait (driver, menu_item_shown, (gpointer) "Hand So Far");
    hearts_driver_screenshot (driver, "shot-menu");
    menu = g_variant_lookup_value (state, "menu", G_VARIANT_TYPE_VARDICT);
    g_assert_true (state_get_rect (menu, "Hand So Far", &x, &y, &w, &h));
    hearts_driver_click (driver, x + w / 2, y + h / 2);
  }
  g_clear_pointer (&state, g_variant_unref);
  state = hearts_driver_wait (driver, history_shown, (gpointer) "hand-so-far");
  assert_history (state, 0);
  hearts_driver_screenshot (driver, "shot-hand-so-far");
  hearts_driver_focus_window (driver, "Tricks");
  hearts_driver_key (driver, "Escape");
  g_clear_pointer (&state, g_variant_unref);
  state = hearts_driver_wait (driver, history_closed, NULL);

  /* Shift+L: the hand so far again, from the keyboard. */
  hearts_driver_focus_window (driver, "Hearts");
  hearts_driver_key (driver, "shift+l");
  g_clear_pointer (&state, g_variant_unref);
  state = hearts_driver_wait (driver, history_shown, (gpointer) "hand-so-far");
  assert_history (state, 0);
  hearts_driver_focus_window (driver, "Tricks");
  hearts_driver_key (driver, "Escape");
  g_clear_pointer (&state, g_variant_unref);
  state = hearts_driver_wait (driver, history_closed, NULL);

  /* The game goes on: the hand is played with a click again. */
  {
    g_autofree char *legal = table_string (state, "legal");
    g_autofree char *card = first_card_in (state, cards_from (legal));

    g_assert_nonnull (card);
    click_card (driver, state, card);
    g_clear_pointer (&state, g_variant_unref);
    state = hearts_driver_wait (driver, card_played, card);
  }

  hearts_driver_stop (driver);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/e2e/pass-and-play", test_pass_and_play);
  g_test_add_func ("/e2e/illegal-drag", test_illegal_drag);
  g_test_add_func ("/e2e/stray-drops", test_stray_drops);
  g_test_add_func ("/e2e/single-click", test_single_click);
  g_test_add_func ("/e2e/no-passing", test_no_passing);
  g_test_add_func ("/e2e/whole-game", test_whole_game);
  g_test_add_func ("/e2e/keyboard-game", test_keyboard_game);
  g_test_add_func ("/e2e/claim", test_claim);
  g_test_add_func ("/e2e/auto-finish", test_auto_finish);
  g_test_add_func ("/e2e/point-piles", test_point_piles);
  g_test_add_func ("/e2e/review", test_review);
  g_test_add_func ("/e2e/last-trick", test_last_trick);

  return g_test_run ();
}
