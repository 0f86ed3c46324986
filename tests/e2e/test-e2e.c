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

  state = hearts_driver_wait (driver, ready_to_pass, NULL);
  for (guint i = 0; i < 3; i++)
    {
      g_autofree char *card = first_unchosen (state);

      click_card (driver, state, card);
      g_clear_pointer (&state, g_variant_unref);
      state = hearts_driver_wait (driver, n_chosen_is, GUINT_TO_POINTER (i + 1));
    }
  click_pass (driver, state);
  g_clear_pointer (&state, g_variant_unref);
  state = hearts_driver_wait (driver, human_passed, NULL);

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
  g_assert_cmpuint (holds_shown, >, 0);
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

      hearts_driver_key (driver, "space");
      chosen = hearts_driver_wait (driver, n_chosen_is, GUINT_TO_POINTER (k + 1));
      if (k < 2)
        {
          g_clear_pointer (&now, g_variant_unref);
          now = key_to_card (driver, chosen, "Right", k + 1);
        }
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

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/e2e/pass-and-play", test_pass_and_play);
  g_test_add_func ("/e2e/illegal-drag", test_illegal_drag);
  g_test_add_func ("/e2e/no-passing", test_no_passing);
  g_test_add_func ("/e2e/whole-game", test_whole_game);
  g_test_add_func ("/e2e/keyboard-game", test_keyboard_game);

  return g_test_run ();
}
