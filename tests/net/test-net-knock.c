/* test-net-knock.c: a person who found the table on the local network asks to sit
 *
 * The host's person lets them in (they sit, and learn the invitation for a rejoin) or
 * not (NOT_LET_IN, and their address is slowed as after a wrong secret). A table that
 * takes no knocks answers as to a wrong secret; one address knocks once at a time; a
 * person who goes away while waiting is no longer at the door; a table that stops
 * taking knocks refuses the ones waiting.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <string.h>

#include "hearts-net-link.h"
#include "net-test-util.h"

typedef struct
{
  NetTable *table;
  guint     knock; /* the last one heard */
  char     *name;
  char     *address;
  guint     n_knocks;
  guint     n_ended;
  guint     ended; /* the last one ended */
} Fixture;

static void
on_knock_cb (HeartsNetServer *server,
             HeartsNetHost   *host,
             guint            knock,
             const char      *name,
             const char      *address,
             Fixture         *fixture)
{
  g_assert_true (host == fixture->table->host);
  g_assert_cmpuint (knock, !=, 0);
  fixture->knock = knock;
  g_free (fixture->name);
  fixture->name = g_strdup (name);
  g_free (fixture->address);
  fixture->address = g_strdup (address);
  fixture->n_knocks++;
}

static void
on_knock_ended_cb (HeartsNetServer *server,
                   guint            knock,
                   Fixture         *fixture)
{
  fixture->ended = knock;
  fixture->n_ended++;
}

static void
fixture_init_with (Fixture               *fixture,
                   gboolean               knockable,
                   const HeartsNetLimits *limits)
{
  HeartsRules rules;

  memset (fixture, 0, sizeof *fixture);
  hearts_rules_init_default (&rules);
  g_assert_true (hearts_rules_apply_string (&rules, "end=deals:1", NULL));
  /* Seats 1 to 3 open for people. */
  fixture->table = net_table_new (&rules, 7, 0xe, limits);
  g_signal_connect (fixture->table->server, "knock", G_CALLBACK (on_knock_cb), fixture);
  g_signal_connect (fixture->table->server, "knock-ended", G_CALLBACK (on_knock_ended_cb), fixture);
  if (knockable)
    hearts_net_server_set_knockable (fixture->table->server, fixture->table->host, TRUE);
}

static void
fixture_init (Fixture *fixture,
              gboolean knockable)
{
  fixture_init_with (fixture, knockable, NULL);
}

static void
fixture_finish (Fixture *fixture)
{
  g_signal_handlers_disconnect_by_data (fixture->table->server, fixture);
  net_table_free (fixture->table);
  g_free (fixture->name);
  g_free (fixture->address);
}

/* What the table announces on the network: where, its certificate, its id. */
static void
knock (Fixture    *fixture,
       NetBot     *bot,
       const char *table_id)
{
  g_autoptr(GError) error = NULL;
  HeartsNetLink link;

  g_assert_true (hearts_net_link_parse (fixture->table->invitation, &link, &error));
  net_bot_knock (bot, "127.0.0.1", link.port, link.fingerprint,
                 table_id != NULL ? table_id : hearts_net_host_get_id (fixture->table->host));
}

static gboolean
second_knock_heard (gpointer user_data)
{
  Fixture *fixture = user_data;

  return fixture->n_knocks >= 2;
}

static gboolean
knocks_heard (gpointer user_data)
{
  Fixture *fixture = user_data;

  return fixture->n_knocks > 0 && fixture->n_knocks > fixture->n_ended;
}

static gboolean
one_ended (gpointer user_data)
{
  Fixture *fixture = user_data;

  return fixture->n_ended > 0;
}

static void
set_address (NetBot     *bot,
             const char *address)
{
  g_autoptr(GInetAddress) inet = g_inet_address_new_from_string (address);

  hearts_net_client_set_local_address (bot->client, inet);
}

static void
test_let_in (void)
{
  Fixture          fixture;
  NetBot          *ada = net_bot_new ("Ada", HEARTS_AI_EASY, 1);
  g_autofree char *invitation = NULL;

  fixture_init (&fixture, TRUE);
  knock (&fixture, ada, NULL);
  g_assert_true (hearts_test_iterate_until (knocks_heard, &fixture, HEARTS_TEST_TIMEOUT_MS));
  g_assert_cmpstr (fixture.name, ==, "Ada");
  g_assert_cmpstr (fixture.address, ==, "127.0.0.1");
  /* Nobody sits before the host's person answers. */
  g_assert_false (ada->joined);
  g_assert_null (ada->error);
  g_assert_cmpint (hearts_net_host_get_seat_kind (fixture.table->host, 1), ==, HEARTS_NET_SEAT_OPEN);

  hearts_net_server_answer_knock (fixture.table->server, fixture.knock, TRUE);
  g_assert_cmpuint (fixture.ended, ==, fixture.knock);
  g_assert_true (net_bot_wait_joined (ada));
  g_assert_cmpint (hearts_net_host_get_seat_kind (fixture.table->host, hearts_net_client_get_seat (ada->client)), ==,
                   HEARTS_NET_SEAT_PERSON);
  /* The person now holds the invitation, to come back with. */
  invitation = hearts_net_client_get_invitation (ada->client);
  g_assert_cmpstr (invitation, ==, fixture.table->invitation);

  /* An answer to a knock that is over changes nothing. */
  hearts_net_server_answer_knock (fixture.table->server, fixture.knock, FALSE);
  g_assert_true (hearts_net_client_get_connected (ada->client));

  /* A dropped person comes back with it, as with any invitation. */
  hearts_net_client_disconnect (ada->client);
  net_bot_join (ada, invitation);
  g_assert_true (net_bot_wait_joined (ada));

  net_bot_free (ada);
  fixture_finish (&fixture);
}

static void
test_refused (void)
{
  Fixture fixture;
  NetBot *ada = net_bot_new ("Ada", HEARTS_AI_EASY, 1);

  fixture_init (&fixture, TRUE);
  knock (&fixture, ada, NULL);
  g_assert_true (hearts_test_iterate_until (knocks_heard, &fixture, HEARTS_TEST_TIMEOUT_MS));
  hearts_net_server_answer_knock (fixture.table->server, fixture.knock, FALSE);
  g_assert_false (net_bot_wait_joined (ada));
  g_assert_error (ada->error, HEARTS_NET_ERROR, HEARTS_NET_BYE_NOT_LET_IN);
  g_assert_null (hearts_net_client_get_invitation (ada->client));

  /* Knocking again at once is slowed down, as a wrong secret is. */
  knock (&fixture, ada, NULL);
  g_assert_false (net_bot_wait_joined (ada));
  g_assert_error (ada->error, HEARTS_NET_ERROR, HEARTS_NET_BYE_SLOW_DOWN);
  g_assert_cmpuint (fixture.n_knocks, ==, 1);

  net_bot_free (ada);
  fixture_finish (&fixture);
}

static void
test_not_knockable (void)
{
  Fixture fixture;
  NetBot *ada = net_bot_new ("Ada", HEARTS_AI_EASY, 1);

  /* A table that was not announced takes no knocks: they are wrong secrets. */
  fixture_init (&fixture, FALSE);
  knock (&fixture, ada, NULL);
  g_assert_false (net_bot_wait_joined (ada));
  g_assert_error (ada->error, HEARTS_NET_ERROR, HEARTS_NET_BYE_BAD_SECRET);
  g_assert_cmpuint (fixture.n_knocks, ==, 0);
  fixture_finish (&fixture);

  /* Nor does a table that is not there. */
  fixture_init (&fixture, TRUE);
  set_address (ada, "127.0.0.2");
  knock (&fixture, ada, "0123456789abcdef");
  g_assert_false (net_bot_wait_joined (ada));
  g_assert_error (ada->error, HEARTS_NET_ERROR, HEARTS_NET_BYE_BAD_SECRET);
  g_assert_cmpuint (fixture.n_knocks, ==, 0);

  net_bot_free (ada);
  fixture_finish (&fixture);
}

static void
test_one_at_a_time (void)
{
  Fixture fixture;
  NetBot *ada = net_bot_new ("Ada", HEARTS_AI_EASY, 1);
  NetBot *bob = net_bot_new ("Bob", HEARTS_AI_EASY, 2);
  NetBot *eve = net_bot_new ("Eve", HEARTS_AI_EASY, 3);

  fixture_init (&fixture, TRUE);
  knock (&fixture, ada, NULL);
  g_assert_true (hearts_test_iterate_until (knocks_heard, &fixture, HEARTS_TEST_TIMEOUT_MS));

  /* The same address knocks once at a time. */
  knock (&fixture, bob, NULL);
  g_assert_false (net_bot_wait_joined (bob));
  g_assert_error (bob->error, HEARTS_NET_ERROR, HEARTS_NET_BYE_TOO_MANY);
  g_assert_cmpuint (fixture.n_knocks, ==, 1);

  /* Another address is heard; when it goes away, it is no longer at the door. */
  set_address (eve, "127.0.0.3");
  knock (&fixture, eve, NULL);
  g_assert_true (hearts_test_iterate_until (second_knock_heard, &fixture, HEARTS_TEST_TIMEOUT_MS));
  g_assert_cmpuint (fixture.n_knocks, ==, 2);
  g_assert_cmpstr (fixture.name, ==, "Eve");
  hearts_net_client_disconnect (eve->client);
  g_assert_true (hearts_test_iterate_until (one_ended, &fixture, HEARTS_TEST_TIMEOUT_MS));
  g_assert_cmpuint (fixture.n_ended, ==, 1);
  g_assert_cmpuint (fixture.ended, ==, fixture.knock);

  /* A table that stops taking knocks (the game began) refuses the ones waiting. */
  hearts_net_server_set_knockable (fixture.table->server, fixture.table->host, FALSE);
  g_assert_false (net_bot_wait_joined (ada));
  g_assert_error (ada->error, HEARTS_NET_ERROR, HEARTS_NET_BYE_NOT_LET_IN);
  g_assert_cmpuint (fixture.n_ended, ==, 2);

  net_bot_free (eve);
  net_bot_free (bob);
  net_bot_free (ada);
  fixture_finish (&fixture);
}

static void
test_given_up (void)
{
  Fixture fixture;
  NetBot *ada = net_bot_new ("Ada", HEARTS_AI_EASY, 1);
  g_autoptr(GCancellable) cancellable = g_cancellable_new ();
  HeartsNetLink link;

  /* Ada gives up waiting (closes Join a Table): the host's person no longer sees her. */
  fixture_init (&fixture, TRUE);
  g_assert_true (hearts_net_link_parse (fixture.table->invitation, &link, NULL));
  net_bot_knock_cancellable (ada, "127.0.0.1", link.port, link.fingerprint,
                             hearts_net_host_get_id (fixture.table->host), cancellable);
  g_assert_true (hearts_test_iterate_until (knocks_heard, &fixture, HEARTS_TEST_TIMEOUT_MS));
  g_cancellable_cancel (cancellable);
  g_assert_true (hearts_test_iterate_until (one_ended, &fixture, HEARTS_TEST_TIMEOUT_MS));
  g_assert_cmpuint (fixture.ended, ==, fixture.knock);
  g_assert_false (net_bot_wait_joined (ada));
  g_assert_error (ada->error, G_IO_ERROR, G_IO_ERROR_CANCELLED);
  /* Letting her in now lets nobody in. */
  hearts_net_server_answer_knock (fixture.table->server, fixture.knock, TRUE);
  g_assert_cmpint (hearts_net_host_get_seat_kind (fixture.table->host, 1), ==, HEARTS_NET_SEAT_OPEN);

  net_bot_free (ada);
  fixture_finish (&fixture);
}

static void
test_unanswered (void)
{
  Fixture         fixture;
  NetBot         *ada = net_bot_new ("Ada", HEARTS_AI_EASY, 1);
  HeartsNetLimits limits;

  /* Nobody answers: the knock ends at its deadline, and costs like a refusal. */
  hearts_net_limits_init (&limits);
  limits.rate = limits.burst = 10000;
  limits.knock_ms = 200;
  fixture_init_with (&fixture, TRUE, &limits);
  knock (&fixture, ada, NULL);
  g_assert_false (net_bot_wait_joined (ada));
  g_assert_error (ada->error, HEARTS_NET_ERROR, HEARTS_NET_BYE_TIMEOUT);
  g_assert_cmpuint (fixture.n_knocks, ==, 1);
  g_assert_cmpuint (fixture.n_ended, ==, 1);
  knock (&fixture, ada, NULL);
  g_assert_false (net_bot_wait_joined (ada));
  g_assert_error (ada->error, HEARTS_NET_ERROR, HEARTS_NET_BYE_SLOW_DOWN);

  net_bot_free (ada);
  fixture_finish (&fixture);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/net/knock/let-in", test_let_in);
  g_test_add_func ("/net/knock/refused", test_refused);
  g_test_add_func ("/net/knock/not-knockable", test_not_knockable);
  g_test_add_func ("/net/knock/one-at-a-time", test_one_at_a_time);
  g_test_add_func ("/net/knock/given-up", test_given_up);
  g_test_add_func ("/net/knock/unanswered", test_unanswered);

  return g_test_run ();
}
