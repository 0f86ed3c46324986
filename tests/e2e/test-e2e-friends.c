/* test-e2e-friends.c: two people's programs at one table, with real input
 *
 * Grace's program hosts (the main menu's Play with Friends…), Ada's joins (Join a
 * Table…, the invitation typed in key by key); they play a whole hand with real clicks,
 * each in their own window on one X screen, each program on a session bus of its own.
 * Then Ada's program is killed: Grace's window says her connection was lost. The table
 * is on loopback only (HEARTS_NET_ADDRESS=127.0.0.1). Screenshots are left in the build
 * folder: the host's dialog, the join dialog, the table with two people, the lost
 * connection.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <string.h>

#include "hearts-engine.h"
#include "hearts-test-driver.h"

#define GRAB_X(x) ((x) + 8)

static gboolean
have_xdotool (void)
{
  g_autofree char *path = g_find_program_in_path ("xdotool");

  if (path == NULL)
    g_test_skip ("xdotool is not installed");
  return path != NULL;
}

static guint
own_seat (GVariant *state)
{
  guint seat = 0;

  g_variant_lookup (state, "seat", "u", &seat);
  return seat;
}

static gboolean
has_menu_item (GVariant *state,
               gpointer  data)
{
  g_autoptr(GVariant) menu = g_variant_lookup_value (state, "menu", G_VARIANT_TYPE_VARDICT);

  return menu != NULL && g_variant_lookup (menu, data, "(iiii)", NULL, NULL, NULL, NULL);
}

/* Opens the main menu and clicks @item, as a person does. */
static void
choose_from_menu (HeartsDriver *driver,
                  const char   *item)
{
  g_autoptr(GVariant) state = hearts_driver_get_state (driver);
  g_autoptr(GVariant) menu = NULL;
  int x, y, w, h;

  g_assert_true (state_get_rect (state, "menu-button", &x, &y, &w, &h));
  hearts_driver_click (driver, x + w / 2, y + h / 2);
  g_clear_pointer (&state, g_variant_unref);
  state = hearts_driver_wait (driver, has_menu_item, (gpointer) item);
  menu = g_variant_lookup_value (state, "menu", G_VARIANT_TYPE_VARDICT);
  g_assert_true (g_variant_lookup (menu, item, "(iiii)", &x, &y, &w, &h));
  hearts_driver_click (driver, x + w / 2, y + h / 2);
}

static gboolean
has_invitation (GVariant *state,
                gpointer  data)
{
  return g_variant_lookup (state, "invitation", "&s", NULL);
}

static gboolean
message_has (GVariant *state,
             gpointer  data)
{
  g_autofree char *message = state_get_string (state, "message");

  return message != NULL && strstr (message, data) != NULL;
}

static gboolean
seat_is (GVariant *state,
         gpointer  data)
{
  return own_seat (state) == GPOINTER_TO_UINT (data) && !state_get_busy (state);
}

static char *
phase_of (GVariant *state)
{
  return state_get_string (state, "phase");
}

static HeartsCards
table_cards (GVariant   *state,
             const char *key)
{
  g_autoptr(GVariant) table = state_get_table (state);
  g_autofree char *text = state_get_string (table, key);
  HeartsCards cards = 0;

  g_assert_true (hearts_cards_from_string (text != NULL ? text : "", &cards));
  return cards;
}

/* The leftmost card of the hand in @set. */
static char *
first_card_in (GVariant   *state,
               HeartsCards set)
{
  for (guint i = 0; i < state_get_hand_size (state); i++)
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

  for (guint i = 0; i < state_get_hand_size (state); i++)
    {
      g_autofree char *name = state_get_hand_card (state, i);
      HeartsCard       card;

      g_assert_true (hearts_card_from_string (name, &card));
      hand |= HEARTS_CARD_BIT (card);
    }
  return hand;
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

/* One move of the person at @driver if it is theirs, with real clicks: a card to pass,
 * Pass once three are chosen, or the leftmost card they may play. */
static gboolean
click_move (HeartsDriver *driver)
{
  g_autoptr(GVariant) state = hearts_driver_get_state (driver);
  g_autoptr(GVariant) table = NULL;
  g_autofree char *phase = NULL;
  g_autofree char *card = NULL;
  gint current = -1;
  int x, y, w, h;

  if (state == NULL || state_get_busy (state))
    return FALSE;
  table = state_get_table (state);
  phase = phase_of (state);
  if (g_strcmp0 (phase, "passing") == 0 && state_get_rect (table, "pass-button", &x, &y, &w, &h))
    {
      HeartsCards chosen = table_cards (state, "chosen");

      if (hearts_cards_count (chosen) == 3)
        hearts_driver_click (driver, x + w / 2, y + h / 2);
      else if ((card = first_card_in (state, hand_of (state) & ~chosen)) != NULL)
        click_card (driver, state, card);
      g_variant_unref (hearts_driver_wait_change (driver, state));
      return TRUE;
    }
  g_variant_lookup (state, "current-player", "i", &current);
  if (g_strcmp0 (phase, "playing") == 0 && current == (gint) own_seat (state))
    {
      card = first_card_in (state, table_cards (state, "legal"));
      if (card == NULL)
        return FALSE;
      click_card (driver, state, card);
      g_variant_unref (hearts_driver_wait_change (driver, state));
      return TRUE;
    }
  return FALSE;
}

static gboolean
hand_over (HeartsDriver *driver)
{
  g_autoptr(GVariant) state = hearts_driver_get_state (driver);
  g_autofree char *phase = state != NULL ? phase_of (state) : NULL;

  return state != NULL && g_variant_lookup (state, "sheet", "u", NULL) &&
         (g_strcmp0 (phase, "hand-over") == 0 || g_strcmp0 (phase, "game-over") == 0);
}

static void
settle (guint ms)
{
  gint64 until = g_get_monotonic_time () + ms * G_TIME_SPAN_MILLISECOND;

  while (g_get_monotonic_time () < until)
    g_main_context_iteration (NULL, FALSE), g_usleep (10000);
}

static void
test_host_and_guest (void)
{
  HeartsDriver *host, *guest;
  g_autoptr(GVariant) state = NULL;
  g_autofree char *invitation = NULL;
  g_autofree char *host_sheet = NULL;
  g_autofree char *guest_sheet = NULL;
  gint64 deadline;
  gboolean shot = FALSE;

  if (!have_xdotool ())
    return;

  host = hearts_driver_start_with_settings ("21", NULL, FALSE, "player-name='Grace'");
  guest = hearts_driver_start_other ("22", NULL, FALSE, "player-name='Ada'");
  /* Side by side, as two people's screens would be. */
  hearts_driver_move (guest, 960, 0);

  /* Grace opens a table from the main menu. */
  choose_from_menu (host, "Play with Friends…");
  state = hearts_driver_wait (host, has_invitation, NULL);
  g_assert_true (g_variant_lookup (state, "invitation", "s", &invitation));
  g_assert_true (g_str_has_prefix (invitation, "hearts://127.0.0.1:"));
  settle (500);
  hearts_driver_screenshot (host, "friends-host-dialog");

  /* Ada types the invitation into Join a Table and presses Enter. */
  choose_from_menu (guest, "Join a Table…");
  hearts_driver_focus_window (guest, "Join a Table");
  settle (300);
  hearts_driver_type (guest, invitation);
  settle (300);
  hearts_driver_screenshot (guest, "friends-join-dialog");
  hearts_driver_key (guest, "Return");
  g_clear_pointer (&state, g_variant_unref);
  state = hearts_driver_wait (host, message_has, (gpointer) "Ada");
  g_clear_pointer (&state, g_variant_unref);
  state = hearts_driver_wait (guest, seat_is, GUINT_TO_POINTER (1));
  settle (300);
  hearts_driver_screenshot (host, "friends-host-dialog-seated");

  /* Grace starts the game (Alt+S: the dialog's _Start Game). */
  hearts_driver_focus_window (host, "Play with Friends");
  hearts_driver_key (host, "alt+s");
  g_clear_pointer (&state, g_variant_unref);
  state = hearts_driver_wait (host, message_has, (gpointer) "begins");

  /* A whole hand, each person clicking their own cards. */
  deadline = g_get_monotonic_time () + 600 * G_USEC_PER_SEC;
  while (!(hand_over (host) && hand_over (guest)))
    {
      gboolean moved = click_move (host);

      moved |= click_move (guest);
      if (!shot)
        {
          g_autoptr(GVariant) now = hearts_driver_get_state (host);
          g_autofree char *phase = now != NULL ? phase_of (now) : NULL;

          if (g_strcmp0 (phase, "playing") == 0 && state_get_hand_size (now) <= 10)
            {
              hearts_driver_screenshot (host, "friends-table");
              shot = TRUE;
            }
        }
      if (!moved)
        settle (100);
      g_assert_cmpint (g_get_monotonic_time (), <, deadline);
    }

  /* Both score sheets say the same hand. */
  g_clear_pointer (&state, g_variant_unref);
  state = hearts_driver_get_state (host);
  host_sheet = state_get_string (state, "sheet-summary");
  g_clear_pointer (&state, g_variant_unref);
  state = hearts_driver_get_state (guest);
  guest_sheet = state_get_string (state, "sheet-summary");
  g_test_message ("host: %s; guest: %s", host_sheet, guest_sheet);
  g_assert_true (g_str_has_prefix (host_sheet, "Hand 1."));
  g_assert_true (g_str_has_prefix (guest_sheet, "Hand 1."));

  /* Ada's program dies: Grace's window says so. */
  hearts_driver_kill (guest);
  g_clear_pointer (&state, g_variant_unref);
  state = hearts_driver_wait (host, message_has, (gpointer) "connection was lost");
  settle (300);
  hearts_driver_screenshot (host, "friends-connection-lost");

  hearts_driver_stop (guest);
  hearts_driver_stop (host);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/e2e/play-with-friends", test_host_and_guest);
  return g_test_run ();
}
