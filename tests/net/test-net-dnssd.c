/* test-net-dnssd.c: a table found on the local network, with a real avahi-daemon
 *
 * Run by tests/net/avahi-netns.sh in a network namespace of its own, with its own
 * avahi-daemon, while `net-test-tool announce` hosts "Grace’s table" in another one,
 * with another avahi-daemon, across a veth pair: the announcement really crosses the
 * (virtual) wire as multicast DNS. The table is found with its address, port, id and
 * fingerprint; Eve's knock is refused, Ada's is let in and she sits; the table is
 * withdrawn and goes from the list; Ada leaves and the host ends.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <string.h>

#include "hearts-net-browser.h"
#include "net-test-util.h"

static gboolean
found (gpointer user_data)
{
  return g_list_model_get_n_items (hearts_net_browser_get_tables (user_data)) > 0;
}

static gboolean
gone (gpointer user_data)
{
  return !found (user_data);
}

static void
test_find_and_knock (void)
{
  g_autoptr(HeartsNetBrowser) browser = hearts_net_browser_new ();
  g_autoptr(HeartsNetNearbyTable) table = NULL;
  g_autofree char *invitation = NULL;
  const char      *host_address = g_getenv ("HEARTS_DNSSD_HOST");
  NetBot          *eve = net_bot_new ("Eve", HEARTS_AI_EASY, 1);
  NetBot          *ada = net_bot_new ("Ada", HEARTS_AI_EASY, 2);

  g_assert_nonnull (host_address);
  g_assert_true (hearts_test_iterate_until (found, browser, HEARTS_TEST_TIMEOUT_MS));
  g_assert_true (hearts_net_browser_get_available (browser));
  g_assert_cmpuint (g_list_model_get_n_items (hearts_net_browser_get_tables (browser)), ==, 1);
  table = g_list_model_get_item (hearts_net_browser_get_tables (browser), 0);
  g_assert_cmpstr (hearts_net_nearby_table_get_name (table), ==, "Grace’s table");
  g_assert_cmpstr (hearts_net_nearby_table_get_address (table), ==, host_address);
  g_test_message ("found %s at %s:%u", hearts_net_nearby_table_get_name (table),
                  hearts_net_nearby_table_get_address (table), hearts_net_nearby_table_get_port (table));

  net_bot_knock (eve, hearts_net_nearby_table_get_address (table), hearts_net_nearby_table_get_port (table),
                 hearts_net_nearby_table_get_fingerprint (table), hearts_net_nearby_table_get_id (table));
  g_assert_false (net_bot_wait_joined (eve));
  g_assert_error (eve->error, HEARTS_NET_ERROR, HEARTS_NET_BYE_NOT_LET_IN);

  /* A refusal slows the address down (250 ms), as a wrong secret does. */
  hearts_test_wait (400);
  net_bot_knock (ada, hearts_net_nearby_table_get_address (table), hearts_net_nearby_table_get_port (table),
                 hearts_net_nearby_table_get_fingerprint (table), hearts_net_nearby_table_get_id (table));
  g_assert_true (net_bot_wait_joined (ada));
  invitation = hearts_net_client_get_invitation (ada->client);
  g_assert_true (g_str_has_prefix (invitation, "hearts://"));
  g_assert_nonnull (strstr (invitation, host_address));

  /* Seated, the host withdraws the table: it goes from the list. */
  g_assert_true (hearts_test_iterate_until (gone, browser, HEARTS_TEST_TIMEOUT_MS));

  hearts_net_client_leave (ada->client);
  g_assert_true (hearts_test_iterate_until (net_bots_closed, (NetBot *[]){ ada, NULL }, HEARTS_TEST_TIMEOUT_MS));
  net_bot_free (ada);
  net_bot_free (eve);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/net/dnssd/find-and-knock", test_find_and_knock);

  return g_test_run ();
}
