/* test-net-hostile.c: clients (and a host) that misbehave, one way each
 *
 * As the engines suite holds every way an external engine misbehaved, this holds every
 * way a connection can: floods, oversized and malformed messages, moves out of turn,
 * cards not held, replayed and forged messages, wrong and guessed secrets (slowed per
 * address), no TLS, thousands of idle connections, a client that stops reading, and a
 * host that lies. Each attacker runs in a thread of its own with blocking I/O while the
 * table plays on in the main loop: the misbehaving connection is dropped with its
 * reason (its seat goes to the computer), the others play the game to its end, memory
 * stays bounded, nothing crashes. Add a case here for the next way found.
 *
 * The deadlines here are cut short (a second to say hello); the time bounds only tell a
 * hang from an answer.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <string.h>
#include <sys/resource.h>
#include <sys/socket.h>

#include "hearts-game-private.h"
#include "hearts-local-seat-view.h"
#include "hearts-net-cert.h"
#include "hearts-net-host-private.h"
#include "hearts-net-link.h"
#include "net-test-util.h"

#define ATTACKER 0
/* A hang guard on the raw sockets' reads, not a measure. */
#define RAW_GUARD_S 120

static HeartsNetLimits
test_limits (void)
{
  HeartsNetLimits limits;

  hearts_net_limits_init (&limits);
  /* Long enough for a handshake on a loaded machine or under the sanitizers. */
  limits.handshake_ms = 10000;
  limits.idle_ms = 5000;
  /* The well-behaved players move at the machine's speed and ask at each turn whether
   * the rest is theirs to claim (the view offers claims by itself): two messages a
   * move, far quicker than people. */
  limits.rate = 60;
  limits.burst = 120;
  limits.max_queued = 4096;
  limits.backoff_ms = 250;
  limits.max_connections = 10000;
  return limits;
}

/* A table: seat 0 for the attacker, 1 and 2 for two well-behaved people, 3 a computer. */
typedef struct
{
  NetTable   *table;
  NetBot     *bots[2];
  guint       notices[HEARTS_NET_N_NOTICES];
  GByteArray *certificate;
} Fixture;

static void
on_notice_cb (HeartsNetHost *host,
              guint          kind,
              guint          seat,
              const char    *name,
              Fixture       *fixture)
{
  if (seat == ATTACKER)
    fixture->notices[kind]++;
}

static void
fixture_init (Fixture               *fixture,
              const char            *rules_text,
              const HeartsNetLimits *limits)
{
  HeartsRules rules;

  memset (fixture, 0, sizeof *fixture);
  hearts_rules_init_default (&rules);
  g_assert_true (hearts_rules_apply_string (&rules, rules_text, NULL));
  fixture->table = net_table_new (&rules, 77, 0x7, limits);
  hearts_game_set_seat_level (fixture->table->game, 3, HEARTS_AI_RANDOM);
  hearts_net_host_set_grace (fixture->table->host, 0);
  g_signal_connect (fixture->table->host, "notice", G_CALLBACK (on_notice_cb), fixture);
  g_object_get (fixture->table->certificate, "certificate", &fixture->certificate, NULL);
  for (guint b = 0; b < 2; b++)
    {
      fixture->bots[b] = net_bot_new (b == 0 ? "Grace" : "Edsger", HEARTS_AI_RANDOM, b + 1);
      hearts_net_client_set_wanted_seat (fixture->bots[b]->client, b + 1);
      /* Well within the table's idle deadline. */
      hearts_net_client_set_deadlines (fixture->bots[b]->client, 1000, 20000);
      net_bot_join (fixture->bots[b], fixture->table->invitation);
      g_assert_true (net_bot_wait_joined (fixture->bots[b]));
    }
}

/* The table plays on to its end, and the people who behaved were never troubled. */
static void
fixture_finish (Fixture *fixture)
{
  if (!hearts_net_host_get_started (fixture->table->host))
    hearts_net_host_start (fixture->table->host);
  /* A seat left open for an attacker who never sat: the computer's. */
  if (hearts_net_host_get_seat_kind (fixture->table->host, ATTACKER) == HEARTS_NET_SEAT_OPEN)
    hearts_net_host_close_seat (fixture->table->host, ATTACKER);
  g_assert_true (net_wait_game_over (fixture->table->game));
  for (guint b = 0; b < 2; b++)
    {
      if (fixture->bots[b]->closed)
        g_error ("a person who behaved was dropped: %u", fixture->bots[b]->closed_reason);
      g_assert_cmpuint (fixture->bots[b]->refused, ==, 0);
      net_bot_free (fixture->bots[b]);
    }
  g_byte_array_unref (fixture->certificate);
  net_table_free (fixture->table);
}

/* The game under way, with seat 0 open again for the attacker (the start gave it to
 * the computer). */
static void
start_with_open_seat (Fixture *fixture)
{
  hearts_net_host_start (fixture->table->host);
  hearts_net_host_open_seat (fixture->table->host, ATTACKER);
}

static guint16
fixture_port (Fixture *fixture)
{
  return hearts_net_server_get_port (fixture->table->server);
}

/* Raw connections, blocking, from a thread */

typedef struct
{
  GSocketConnection *socket;
  GIOStream         *tls;
  GByteArray        *certificate;
  guint              position;
  guint              hand;
  guint64            cards;
  guint8             token[32];
} Raw;

static gboolean
on_accept_cb (GTlsConnection      *tls,
              GTlsCertificate     *certificate,
              GTlsCertificateFlags errors,
              GByteArray          *expected)
{
  g_autoptr(GByteArray) der = NULL;

  g_object_get (certificate, "certificate", &der, NULL);
  return der->len == expected->len && memcmp (der->data, expected->data, der->len) == 0;
}

/* A TCP connection from @local (an address in 127.0.0.0/8, or NULL). */
static GSocketConnection *
tcp_connect (guint16     port,
             const char *local,
             gint        rcvbuf)
{
  g_autoptr(GSocket) socket = g_socket_new (G_SOCKET_FAMILY_IPV4, G_SOCKET_TYPE_STREAM, G_SOCKET_PROTOCOL_TCP, NULL);
  g_autoptr(GInetAddress) loopback = g_inet_address_new_from_string ("127.0.0.1");
  g_autoptr(GSocketAddress) to = g_inet_socket_address_new (loopback, port);
  g_autoptr(GError) error = NULL;

  g_assert_nonnull (socket);
  if (rcvbuf > 0)
    g_assert_true (g_socket_set_option (socket, SOL_SOCKET, SO_RCVBUF, rcvbuf, NULL));
  if (local != NULL)
    {
      g_autoptr(GInetAddress) from = g_inet_address_new_from_string (local);
      g_autoptr(GSocketAddress) bind_to = g_inet_socket_address_new (from, 0);

      g_assert_true (g_socket_bind (socket, bind_to, FALSE, &error));
    }
  /* A hang guard on every read and write. */
  g_socket_set_timeout (socket, 30);
  g_assert_true (g_socket_connect (socket, to, NULL, &error));
  g_assert_no_error (error);
  return g_socket_connection_factory_create_connection (socket);
}

static Raw *
raw_connect (guint16     port,
             GByteArray *certificate,
             const char *local,
             gint        rcvbuf)
{
  Raw *raw = g_new0 (Raw, 1);
  g_autoptr(GError) error = NULL;

  raw->socket = tcp_connect (port, local, rcvbuf);
  raw->certificate = certificate;
  raw->tls = net_tls_client_new (G_IO_STREAM (raw->socket), &error);
  g_assert_no_error (error);
  g_signal_connect (raw->tls, "accept-certificate", G_CALLBACK (on_accept_cb), certificate);
  g_assert_true (g_tls_connection_handshake (G_TLS_CONNECTION (raw->tls), NULL, &error));
  g_assert_no_error (error);
  return raw;
}

static void
raw_free (Raw *raw)
{
  g_io_stream_close (G_IO_STREAM (raw->socket), NULL, NULL);
  g_clear_object (&raw->tls);
  g_clear_object (&raw->socket);
  g_free (raw);
}

static gboolean
raw_write (Raw          *raw,
           const guint8 *data,
           gsize         size)
{
  return g_output_stream_write_all (g_io_stream_get_output_stream (raw->tls), data, size, NULL, NULL, NULL);
}

static void
raw_send (Raw          *raw,
          HeartsNetKind kind,
          GVariant     *body)
{
  g_autoptr(GBytes) message = hearts_net_message_new (kind, body);
  gsize         size;
  const guint8 *data = g_bytes_get_data (message, &size);

  raw_write (raw, data, size);
}

/* The next message (NULL at the end); events move the position on. */
static GVariant *
raw_next (Raw   *raw,
          guint *kind)
{
  GInputStream      *in = g_io_stream_get_input_stream (raw->tls);
  guint8             header[5];
  gsize              got;
  guint32            length;
  g_autofree guint8 *body = NULL;
  GVariant          *value;

  if (!g_input_stream_read_all (in, header, 5, &got, NULL, NULL) || got != 5)
    return NULL;
  length = (guint32) header[0] << 24 | header[1] << 16 | header[2] << 8 | header[3];
  g_assert_cmpuint (length, <=, HEARTS_NET_MAX_MESSAGE);
  body = g_malloc (length);
  if (!g_input_stream_read_all (in, body, length - 1, &got, NULL, NULL) || got != length - 1)
    return NULL;
  *kind = header[4];
  value = hearts_net_body_parse (header[4], body, length - 1, NULL);
  g_assert_nonnull (value);
  if (*kind == HEARTS_NET_EVENT)
    {
      HeartsSeatEvent event;

      g_assert_true (hearts_net_event_from_variant (value, 4, &event, NULL));
      raw->position = event.kind == HEARTS_SEAT_EVENT_HAND_STARTED ? 1 : raw->position + 1;
      if (event.kind == HEARTS_SEAT_EVENT_HAND_STARTED)
        {
          raw->hand = event.index;
          raw->cards = event.cards;
        }
    }
  return value;
}

/* Until a message of @kind (returned) or the end (NULL). */
static GVariant *
raw_until (Raw  *raw,
           guint want)
{
  for (;;)
    {
      guint     kind;
      GVariant *value = raw_next (raw, &kind);

      if (value == NULL || kind == want)
        return value;
      g_variant_unref (value);
    }
}

/* The BYE's reason, or HEARTS_NET_BYE_CLOSED for an end without one. */
static guint
raw_bye (Raw   *raw,
         guint *retry_ms)
{
  g_autoptr(GVariant) bye = raw_until (raw, HEARTS_NET_BYE);
  guint8  reason;
  guint32 retry;

  if (bye == NULL)
    return HEARTS_NET_BYE_CLOSED;
  g_variant_get (bye, "(y&su)", &reason, NULL, &retry);
  if (retry_ms != NULL)
    *retry_ms = retry;
  return reason;
}

typedef struct
{
  const guint8 *secret; /* NULL: a wrong one */
  const char   *id;
  guint8        seat;
  const guint8 *token;
} HelloArgs;

/* The hello's answer: WELCOME (the body in @welcome) or BYE (its reason in @reason). */
static guint raw_hello_after (Raw             *raw,
                              GVariant        *challenge,
                              const HelloArgs *args,
                              guint           *reason,
                              guint           *retry_ms);

static guint
raw_hello (Raw             *raw,
           const HelloArgs *args,
           guint           *reason,
           guint           *retry_ms)
{
  g_autoptr(GVariant) challenge = raw_until (raw, HEARTS_NET_CHALLENGE);

  return raw_hello_after (raw, challenge, args, reason, retry_ms);
}

/* The hello to @challenge, already read. */
static guint
raw_hello_after (Raw             *raw,
                 GVariant        *challenge,
                 const HelloArgs *args,
                 guint           *reason,
                 guint           *retry_ms)
{
  g_autoptr(GVariant) nonce = NULL;
  HeartsNetHello hello = { .version = HEARTS_NET_VERSION, .seat = args->seat };
  guint8         wrong[16] = { 42 };
  guint          kind;
  guint32        version;

  g_assert_nonnull (challenge);
  g_variant_get (challenge, "(u@ay)", &version, &nonce);
  g_strlcpy (hello.table_id, args->id, sizeof hello.table_id);
  hearts_net_proof (args->secret != NULL ? args->secret : wrong, 16, g_variant_get_data (nonce), "hello", hello.proof);
  strcpy (hello.name, "Mallory");
  hello.has_token = args->token != NULL;
  if (args->token != NULL)
    memcpy (hello.token, args->token, 32);
  raw_send (raw, HEARTS_NET_HELLO, hearts_net_hello_to_variant (&hello));
  for (;;)
    {
      g_autoptr(GVariant) answer = raw_next (raw, &kind);

      if (answer == NULL)
        {
          *reason = HEARTS_NET_BYE_CLOSED;
          return HEARTS_NET_BYE;
        }
      if (kind == HEARTS_NET_WELCOME)
        {
          g_autoptr(GVariant) events = g_variant_get_child_value (answer, 6);
          g_autoptr(GVariant) token = g_variant_get_child_value (answer, 1);

          memcpy (raw->token, g_variant_get_data (token), 32);
          raw->position = g_variant_n_children (events);
          for (gsize i = 0; i < g_variant_n_children (events); i++)
            {
              g_autoptr(GVariant) e = g_variant_get_child_value (events, i);
              HeartsSeatEvent event;

              g_assert_true (hearts_net_event_from_variant (e, 4, &event, NULL));
              if (event.kind == HEARTS_SEAT_EVENT_HAND_STARTED)
                {
                  raw->hand = event.index;
                  raw->cards = event.cards;
                }
            }
          return kind;
        }
      if (kind == HEARTS_NET_BYE)
        {
          guint8  r;
          guint32 retry;

          g_variant_get (answer, "(y&su)", &r, NULL, &retry);
          *reason = r;
          if (retry_ms != NULL)
            *retry_ms = retry;
          return kind;
        }
    }
}

/* Attacks in a thread */

typedef struct
{
  Fixture *fixture;
  guint16  port;
  guint8   secret[16];
  char     id[17];
  gint     done;
  gpointer data;
  Raw     *kept; /* a connection the attack leaves open */
} Attack;

typedef void (*AttackFunc) (Attack *attack);

static gpointer
attack_thread (gpointer data)
{
  Attack    *attack = data;
  AttackFunc func = attack->data;

  func (attack);
  g_atomic_int_set (&attack->done, 1);
  return NULL;
}

static gboolean
attack_done (gpointer data)
{
  return g_atomic_int_get (&((Attack *) data)->done);
}

/* What the attack left open, if anything. */
static Raw *
run_attack (Fixture   *fixture,
            AttackFunc func)
{
  Attack   attack = { fixture };
  GThread *thread;

  attack.port = fixture_port (fixture);
  memcpy (attack.secret, _hearts_net_host_get_secret (fixture->table->host), 16);
  strcpy (attack.id, hearts_net_host_get_id (fixture->table->host));
  attack.data = func;
  thread = g_thread_new ("attacker", attack_thread, &attack);
  g_assert_true (hearts_test_iterate_until (attack_done, &attack, HEARTS_TEST_TIMEOUT_MS * 2));
  g_thread_join (thread);
  return attack.kept;
}

/* Seated at seat 0. */
static Raw *
sit (Attack     *attack,
     const char *local,
     gint        rcvbuf)
{
  Raw      *raw = raw_connect (attack->port, attack->fixture->certificate, local, rcvbuf);
  HelloArgs args = { attack->secret, attack->id, ATTACKER, NULL };
  guint     reason = 0;

  if (raw_hello (raw, &args, &reason, NULL) != HEARTS_NET_WELCOME)
    g_error ("not seated: %u", reason);
  return raw;
}

static gboolean
seat_left (gpointer data)
{
  return hearts_net_host_get_seat_kind (((Fixture *) data)->table->host, ATTACKER) != HEARTS_NET_SEAT_PERSON;
}

static gboolean
seat_replaced (gpointer data)
{
  return hearts_net_host_get_seat_kind (((Fixture *) data)->table->host, ATTACKER) == HEARTS_NET_SEAT_REPLACED;
}

/* Floods */

static void
flood (Attack *attack)
{
  Raw *raw = sit (attack, NULL, 0);

  for (guint i = 0; i < 2000; i++)
    raw_send (raw, HEARTS_NET_PING, g_variant_new ("(t)", (guint64) i));
  g_assert_cmpuint (raw_bye (raw, NULL), ==, HEARTS_NET_BYE_FLOOD);
  raw_free (raw);
}

static void
test_flood (void)
{
  HeartsNetLimits limits = test_limits ();
  Fixture         fixture;

  fixture_init (&fixture, "end=deals:2", &limits);
  start_with_open_seat (&fixture);
  run_attack (&fixture, flood);
  g_assert_true (hearts_test_iterate_until (seat_replaced, &fixture, HEARTS_TEST_TIMEOUT_MS));
  g_assert_cmpuint (fixture.notices[HEARTS_NET_NOTICE_DROPPED], ==, 1);
  fixture_finish (&fixture);
}

/* Oversized and malformed */

static void
oversized (Attack *attack)
{
  static const guint8 huge[] = { 0x7f, 0xff, 0xff, 0xff, HEARTS_NET_HELLO };
  static const guint8 just_over[] = { 0x00, 0x00, 0x40, 0x01, HEARTS_NET_PLAY };
  static const guint8 empty[] = { 0, 0, 0, 0 };
  Raw                *raw;

  /* Before a hello: a length no message has. */
  raw = raw_connect (attack->port, attack->fixture->certificate, NULL, 0);
  raw_write (raw, huge, sizeof huge);
  g_assert_cmpuint (raw_bye (raw, NULL), ==, HEARTS_NET_BYE_PROTOCOL);
  raw_free (raw);

  raw = raw_connect (attack->port, attack->fixture->certificate, NULL, 0);
  raw_write (raw, empty, sizeof empty);
  g_assert_cmpuint (raw_bye (raw, NULL), ==, HEARTS_NET_BYE_PROTOCOL);
  raw_free (raw);

  /* Seated: one byte over the bound. */
  raw = sit (attack, NULL, 0);
  raw_write (raw, just_over, sizeof just_over);
  g_assert_cmpuint (raw_bye (raw, NULL), ==, HEARTS_NET_BYE_PROTOCOL);
  raw_free (raw);
}

static void
test_oversized (void)
{
  HeartsNetLimits limits = test_limits ();
  Fixture         fixture;

  fixture_init (&fixture, "end=deals:2", &limits);
  start_with_open_seat (&fixture);
  run_attack (&fixture, oversized);
  g_assert_true (hearts_test_iterate_until (seat_replaced, &fixture, HEARTS_TEST_TIMEOUT_MS));
  fixture_finish (&fixture);
}

static void
send_body (Raw          *raw,
           guint8        kind,
           const guint8 *body,
           gsize         size)
{
  guint8 header[5] = { (size + 1) >> 24, (size + 1) >> 16, (size + 1) >> 8, size + 1, kind };

  raw_write (raw, header, 5);
  raw_write (raw, body, size);
}

static void
malformed (Attack *attack)
{
  static const guint8 garbage[] = { 0xde, 0xad, 0xbe, 0xef, 0x00, 0x13, 0x37 };
  HeartsNetHello      hello = { .version = 1, .seat = 0 };
  const guint8        kinds[] = { 99, HEARTS_NET_HELLO, HEARTS_NET_EVENT, HEARTS_NET_WELCOME, 0, 255 };
  g_autoptr(GBytes) bad_name = NULL;
  Raw *raw;

  /* Unknown kinds, garbage of a known type, a host's message from a client. */
  for (guint i = 0; i < G_N_ELEMENTS (kinds); i++)
    {
      raw = raw_connect (attack->port, attack->fixture->certificate, NULL, 0);
      send_body (raw, kinds[i], garbage, sizeof garbage);
      g_assert_cmpuint (raw_bye (raw, NULL), ==, HEARTS_NET_BYE_PROTOCOL);
      raw_free (raw);
    }

  /* A hello whose name is not UTF-8: not in normal form (made right, then spoilt). */
  strcpy (hello.table_id, attack->id);
  strcpy (hello.name, "Malxx");
  bad_name = hearts_net_message_new (HEARTS_NET_HELLO, hearts_net_hello_to_variant (&hello));
  {
    gsize   size;
    guint8 *bytes = g_memdup2 (g_bytes_get_data (bad_name, &size), g_bytes_get_size (bad_name));

    for (gsize i = 0; i + 5 <= size; i++)
      if (memcmp (bytes + i, "Malxx", 5) == 0)
        bytes[i + 3] = 0xc3;
    raw = raw_connect (attack->port, attack->fixture->certificate, NULL, 0);
    raw_write (raw, bytes, size);
    g_assert_cmpuint (raw_bye (raw, NULL), ==, HEARTS_NET_BYE_PROTOCOL);
    raw_free (raw);
    g_free (bytes);
  }

  /* Seated: a play of the wrong size. */
  raw = sit (attack, NULL, 0);
  send_body (raw, HEARTS_NET_PLAY, garbage, 3);
  g_assert_cmpuint (raw_bye (raw, NULL), ==, HEARTS_NET_BYE_PROTOCOL);
  raw_free (raw);
}

static void
test_malformed (void)
{
  HeartsNetLimits limits = test_limits ();
  Fixture         fixture;

  fixture_init (&fixture, "end=deals:2", &limits);
  start_with_open_seat (&fixture);
  run_attack (&fixture, malformed);
  g_assert_true (hearts_test_iterate_until (seat_replaced, &fixture, HEARTS_TEST_TIMEOUT_MS));
  g_assert_cmpuint (fixture.notices[HEARTS_NET_NOTICE_DROPPED], ==, 1);
  fixture_finish (&fixture);
}

/* Moves the rules or the table refuse: out of turn, cards not held, replayed, forged */

static guint
refused (Raw  *raw,
         guint move)
{
  g_autoptr(GVariant) answer = raw_until (raw, HEARTS_NET_REFUSED);
  guint8 m, reason;

  g_assert_nonnull (answer);
  g_variant_get (answer, "(yy)", &m, &reason);
  g_assert_cmpuint (m, ==, move);
  return reason;
}

static void
wrong_moves (Attack *attack)
{
  Raw    *raw = sit (attack, NULL, 0);
  guint64 three = 0, rest = raw->cards;

  for (guint i = 0; i < 3; i++)
    {
      three |= rest & -rest;
      rest &= rest - 1;
    }
  /* Not started yet. */
  raw_send (raw, HEARTS_NET_PASS, g_variant_new ("(uut)", raw->hand, raw->position, three));
  g_assert_cmpuint (refused (raw, HEARTS_NET_MOVE_PASS), ==, HEARTS_NET_REFUSED_NOT_NOW);
  /* Not its seat's to start. */
  raw_send (raw, HEARTS_NET_START, g_variant_new ("()"));
  g_assert_cmpuint (refused (raw, HEARTS_NET_MOVE_START), ==, HEARTS_NET_REFUSED_NOT_NOW);
  raw_send (raw, HEARTS_NET_LEAVE, g_variant_new ("()"));
  raw_free (raw);
}

static void
wrong_moves_started (Attack *attack)
{
  Raw      *raw;
  HelloArgs args = { attack->secret, attack->id, ATTACKER, NULL };
  guint64   not_held, three = 0, rest;
  g_autoptr(GBytes) pass = NULL;
  guint reason;

  raw = raw_connect (attack->port, attack->fixture->certificate, NULL, 0);
  g_assert_cmpuint (raw_hello (raw, &args, &reason, NULL), ==, HEARTS_NET_WELCOME);
  not_held = ~raw->cards & HEARTS_FULL_DECK;
  rest = raw->cards;
  for (guint i = 0; i < 3; i++)
    {
      three |= rest & -rest;
      rest &= rest - 1;
    }

  /* A play while passing: out of turn. */
  raw_send (raw, HEARTS_NET_PLAY, g_variant_new ("(uuy)", raw->hand, raw->position, hearts_cards_lowest (raw->cards)));
  g_assert_cmpuint (refused (raw, HEARTS_NET_MOVE_PLAY), ==, HEARTS_REFUSAL_WRONG_PHASE);
  /* Two cards; cards not held; a pass for another hand. */
  raw_send (raw, HEARTS_NET_PASS, g_variant_new ("(uut)", raw->hand, raw->position, three & (three - 1)));
  g_assert_cmpuint (refused (raw, HEARTS_NET_MOVE_PASS), ==, HEARTS_REFUSAL_PASS_COUNT);
  raw_send (raw, HEARTS_NET_PASS, g_variant_new ("(uut)", raw->hand, raw->position, (guint64) (not_held & -not_held) | (three & (three - 1))));
  g_assert_cmpuint (refused (raw, HEARTS_NET_MOVE_PASS), ==, HEARTS_REFUSAL_NOT_IN_HAND);
  raw_send (raw, HEARTS_NET_PASS, g_variant_new ("(uut)", raw->hand + 1, raw->position, three));
  g_assert_cmpuint (refused (raw, HEARTS_NET_MOVE_PASS), ==, HEARTS_NET_REFUSED_STALE);
  /* The pass, then the same message again: replayed. */
  pass = hearts_net_message_new (HEARTS_NET_PASS, g_variant_new ("(uut)", raw->hand, raw->position, three));
  raw_write (raw, g_bytes_get_data (pass, NULL), g_bytes_get_size (pass));
  raw_write (raw, g_bytes_get_data (pass, NULL), g_bytes_get_size (pass));
  reason = refused (raw, HEARTS_NET_MOVE_PASS);
  /* Passed already, or (the others had passed) play has begun. */
  g_assert_true (reason == HEARTS_REFUSAL_ALREADY_PASSED || reason == HEARTS_REFUSAL_WRONG_PHASE);
  /* A claim of an old position; a claim now, which the start of a hand never is. */
  raw_send (raw, HEARTS_NET_CLAIM, g_variant_new ("(uu)", raw->hand, raw->position + 100));
  g_assert_cmpuint (refused (raw, HEARTS_NET_MOVE_CLAIM), ==, HEARTS_NET_REFUSED_STALE);
  /* A forged card: no such card is a message no client makes. */
  raw_send (raw, HEARTS_NET_PLAY, g_variant_new ("(uuy)", raw->hand, raw->position, 0xfe));
  g_assert_cmpuint (raw_bye (raw, NULL), ==, HEARTS_NET_BYE_PROTOCOL);
  raw_free (raw);
}

static void
test_wrong_moves (void)
{
  HeartsNetLimits limits = test_limits ();
  Fixture         fixture;

  fixture_init (&fixture, "end=deals:2", &limits);
  run_attack (&fixture, wrong_moves);
  /* The lobby's attacker left; the game starts and another comes. */
  g_assert_true (hearts_test_iterate_until (seat_left, &fixture, HEARTS_TEST_TIMEOUT_MS));
  start_with_open_seat (&fixture);
  run_attack (&fixture, wrong_moves_started);
  g_assert_true (hearts_test_iterate_until (seat_replaced, &fixture, HEARTS_TEST_TIMEOUT_MS));
  fixture_finish (&fixture);
}

/* More refused moves than a person makes: dropped, even within the rate. */
static void
many_refusals (Attack *attack)
{
  Raw  *raw = sit (attack, NULL, 0);
  guint reason = 0;

  for (guint i = 0; i < 200; i++)
    {
      g_autoptr(GVariant) answer = NULL;
      guint kind;

      raw_send (raw, HEARTS_NET_PLAY, g_variant_new ("(uuy)", raw->hand, raw->position, hearts_cards_lowest (raw->cards)));
      answer = raw_next (raw, &kind);
      while (answer != NULL && kind != HEARTS_NET_REFUSED && kind != HEARTS_NET_BYE)
        {
          g_variant_unref (answer);
          answer = raw_next (raw, &kind);
        }
      if (answer == NULL || kind == HEARTS_NET_BYE)
        {
          guint8 r;

          g_assert_nonnull (answer);
          g_variant_get (answer, "(y&su)", &r, NULL, NULL);
          reason = r;
          g_assert_cmpuint (i, >, 32);
          break;
        }
    }
  g_assert_cmpuint (reason, ==, HEARTS_NET_BYE_MISBEHAVING);
  raw_free (raw);
}

static void
test_many_refusals (void)
{
  HeartsNetLimits limits = test_limits ();
  Fixture         fixture;

  limits.rate = 10000;
  limits.burst = 10000;
  fixture_init (&fixture, "end=deals:2", &limits);
  start_with_open_seat (&fixture);
  run_attack (&fixture, many_refusals);
  g_assert_true (hearts_test_iterate_until (seat_replaced, &fixture, HEARTS_TEST_TIMEOUT_MS));
  fixture_finish (&fixture);
}

/* Wrong and guessed secrets: each wrong guess doubles the wait of its address */

static void
secrets (Attack *attack)
{
  HelloArgs wrong = { NULL, attack->id, HEARTS_NET_ANY_SEAT, NULL };
  HelloArgs right = { attack->secret, attack->id, ATTACKER, NULL };
  HelloArgs no_table = { attack->secret, "0000000000000000", ATTACKER, NULL };
  guint     retry = 0, wait = 0, reason;
  Raw      *raw;

  for (guint i = 0; i < 4; i++)
    {
      /* The next connection is ready before the wrong guess goes, so that it asks at
       * once after the answer, well within the wait. */
      Raw *next = raw_connect (attack->port, attack->fixture->certificate, "127.0.0.2", 0);
      g_autoptr(GVariant) challenge = raw_until (next, HEARTS_NET_CHALLENGE);

      /* A wrong secret (the last time, no such table: the same answer), each time after
       * the wait the last one was told. */
      raw = raw_connect (attack->port, attack->fixture->certificate, "127.0.0.2", 0);
      g_assert_cmpuint (raw_hello (raw, i == 3 ? &no_table : &wrong, &reason, &retry), ==, HEARTS_NET_BYE);
      raw_free (raw);
      g_assert_cmpuint (reason, ==, HEARTS_NET_BYE_BAD_SECRET);
      g_assert_cmpuint (retry, ==, 250u << i);

      /* Until the wait is over, not even the right secret is looked at. */
      g_assert_cmpuint (raw_hello_after (next, challenge, &right, &reason, &wait), ==, HEARTS_NET_BYE);
      raw_free (next);
      g_assert_cmpuint (reason, ==, HEARTS_NET_BYE_SLOW_DOWN);
      g_assert_cmpuint (wait, >, 0);
      g_assert_cmpuint (wait, <=, retry);

      /* Another address is not slowed. */
      if (i == 0)
        {
          raw = raw_connect (attack->port, attack->fixture->certificate, "127.0.0.3", 0);
          g_assert_cmpuint (raw_hello (raw, &wrong, &reason, &retry), ==, HEARTS_NET_BYE);
          g_assert_cmpuint (reason, ==, HEARTS_NET_BYE_BAD_SECRET);
          g_assert_cmpuint (retry, ==, 250);
          raw_free (raw);
        }
      /* The wait the table said, once. */
      g_usleep ((gulong) wait * 1000);
    }

  /* Once the wait is over, the right secret sits down. */
  raw = raw_connect (attack->port, attack->fixture->certificate, "127.0.0.2", 0);
  g_assert_cmpuint (raw_hello (raw, &right, &reason, &retry), ==, HEARTS_NET_WELCOME);
  raw_send (raw, HEARTS_NET_LEAVE, g_variant_new ("()"));
  raw_free (raw);
}

static void
test_secrets (void)
{
  HeartsNetLimits limits = test_limits ();
  Fixture         fixture;

  fixture_init (&fixture, "end=deals:2", &limits);
  run_attack (&fixture, secrets);
  fixture_finish (&fixture);
}

/* No TLS: plain bytes, or nothing at all, are gone by the hello's deadline (not timed
 * here: the reads end because the host closes, and only a hang guard bounds them). */

static gboolean
read_to_end (GSocketConnection *connection)
{
  g_autoptr(GError) error = NULL;
  guint8 buffer[256];
  gssize n;

  g_socket_set_timeout (g_socket_connection_get_socket (connection), RAW_GUARD_S);
  /* What comes back is a TLS alert at most, never a message; then the end. */
  do
    n = g_input_stream_read (g_io_stream_get_input_stream (G_IO_STREAM (connection)), buffer, sizeof buffer, NULL,
                             &error);
  while (n > 0);
  return !g_error_matches (error, G_IO_ERROR, G_IO_ERROR_TIMED_OUT);
}

static void
no_tls (Attack *attack)
{
  g_autoptr(GSocketConnection) plain = tcp_connect (attack->port, NULL, 0);
  g_autoptr(GSocketConnection) silent = tcp_connect (attack->port, NULL, 0);
  HeartsNetHello hello = { .version = 1, .seat = 0 };
  g_autoptr(GBytes) message = NULL;

  strcpy (hello.table_id, attack->id);
  strcpy (hello.name, "Plain");
  message = hearts_net_message_new (HEARTS_NET_HELLO, hearts_net_hello_to_variant (&hello));
  g_output_stream_write_all (g_io_stream_get_output_stream (G_IO_STREAM (plain)), g_bytes_get_data (message, NULL),
                             g_bytes_get_size (message), NULL, NULL, NULL);
  g_assert_true (read_to_end (plain));
  g_assert_true (read_to_end (silent));
}

static void
test_no_tls (void)
{
  HeartsNetLimits limits = test_limits ();
  Fixture         fixture;

  fixture_init (&fixture, "end=deals:2", &limits);
  start_with_open_seat (&fixture);
  run_attack (&fixture, no_tls);
  fixture_finish (&fixture);
}

/* Thousands of idle connections */

typedef struct
{
  guint16          port;
  guint            n;
  GPtrArray       *sockets;
  gint             opened;
  guint            expected;
  HeartsNetServer *server;
} Idle;

static char *
idle_address (guint i)
{
  guint a = i / 16;

  return g_strdup_printf ("127.1.%u.%u", a / 250, a % 250 + 1);
}

static gpointer
open_idle_thread (gpointer data)
{
  Idle *idle = data;

  for (guint i = 0; i < idle->n; i++)
    {
      g_autofree char *from = idle_address (i);

      g_ptr_array_add (idle->sockets, tcp_connect (idle->port, from, 0));
    }
  g_atomic_int_set (&idle->opened, 1);
  return NULL;
}

static gboolean
all_accepted (gpointer data)
{
  Idle *idle = data;

  return hearts_net_server_get_n_connections (idle->server) == idle->expected;
}

static gpointer
one_too_many_thread (gpointer data)
{
  Idle            *idle = data;
  g_autofree char *full = idle_address (0);
  g_autoptr(GSocketConnection) extra = tcp_connect (idle->port, full, 0);
  guint8 byte;

  g_assert_cmpint (g_input_stream_read (g_io_stream_get_input_stream (G_IO_STREAM (extra)), &byte, 1, NULL, NULL), <=,
                   0);
  g_atomic_int_set (&idle->opened, 1);
  return NULL;
}

static gboolean
idle_opened (gpointer data)
{
  return g_atomic_int_get (&((Idle *) data)->opened);
}

static gboolean
only_people_left (gpointer data)
{
  return hearts_net_server_get_n_connections (data) <= 2;
}

static void
test_idle_connections (void)
{
  HeartsNetLimits limits = test_limits ();
  Fixture         fixture;
  Idle            idle = { 0 };
  struct rlimit   rl;
  GThread        *thread;
  gsize           before, during, after;
  gint64          opening;

  /* As many as the descriptors allow: two each (both ends are in this process). */
  g_assert_cmpint (getrlimit (RLIMIT_NOFILE, &rl), ==, 0);
  rl.rlim_cur = rl.rlim_max;
  g_assert_cmpint (setrlimit (RLIMIT_NOFILE, &rl), ==, 0);
  idle.n = MIN ((rl.rlim_cur - 512) / 2, 5000);
  g_test_message ("%u idle connections (descriptor limit %lu)", idle.n, (gulong) rl.rlim_cur);
  g_assert_cmpuint (idle.n, >=, 1000);

  limits.handshake_ms = 10000;
  limits.max_connections = idle.n + 16;
  fixture_init (&fixture, "end=deals:2", &limits);
  hearts_net_host_close_seat (fixture.table->host, ATTACKER);
  before = hearts_test_resident_kib ();

  idle.port = fixture_port (&fixture);
  idle.sockets = g_ptr_array_new_with_free_func (g_object_unref);
  opening = g_get_monotonic_time ();
  thread = g_thread_new ("idle", open_idle_thread, &idle);
  g_assert_true (hearts_test_iterate_until (idle_opened, &idle, HEARTS_TEST_TIMEOUT_MS));
  g_thread_join (thread);
  g_test_message ("connected in %.1f s, %u accepted", (g_get_monotonic_time () - opening) / 1e6,
                  hearts_net_server_get_n_connections (fixture.table->server));
  idle.expected = idle.n + 2;
  idle.server = fixture.table->server;
  if (!hearts_test_iterate_until (all_accepted, &idle, HEARTS_TEST_TIMEOUT_MS))
    g_error ("%u connections of %u", hearts_net_server_get_n_connections (idle.server), idle.expected);
  g_test_message ("opened in %.1f s", (g_get_monotonic_time () - opening) / 1e6);
  during = hearts_test_resident_kib ();
  g_test_message ("RSS %zu KiB before, %zu KiB with them: %.1f KiB each (both ends)", before, during,
                  (double) (during - before) / idle.n);
  g_assert_cmpuint (during - before, <, idle.n * 16);

  /* One more from an address that has its 16 is refused at once. */
  idle.opened = 0;
  thread = g_thread_new ("extra", one_too_many_thread, &idle);
  g_assert_true (hearts_test_iterate_until (idle_opened, &idle, HEARTS_TEST_TIMEOUT_MS));
  g_thread_join (thread);

  /* The game goes on meanwhile, and then the idle ones are gone at their deadline. */
  hearts_net_host_start (fixture.table->host);
  g_assert_true (net_wait_game_over (fixture.table->game));
  g_assert_true (hearts_test_iterate_until (only_people_left, fixture.table->server, HEARTS_TEST_TIMEOUT_MS));
  g_ptr_array_unref (idle.sockets);
  after = hearts_test_resident_kib ();
  g_test_message ("RSS %zu KiB after", after);
  fixture_finish (&fixture);
}

/* A client that stops reading */

static void
not_reading (Attack *attack)
{
  Raw *raw = sit (attack, NULL, 2048);

  /* Seated, then nothing read from here on, while each ping makes the host write a
   * pong: the host's messages fill the system's buffers (megabytes), then its queue,
   * and it gives up. The writes fail once it has. */
  for (guint i = 0; i < 100000000; i++)
    {
      g_autoptr(GBytes) ping = hearts_net_message_new (HEARTS_NET_PING, g_variant_new ("(t)", (guint64) i));

      if (!raw_write (raw, g_bytes_get_data (ping, NULL), g_bytes_get_size (ping)))
        break;
    }
  attack->kept = raw;
}

static void
test_not_reading (void)
{
  HeartsNetLimits limits = test_limits ();
  Fixture         fixture;
  Raw            *kept;

  limits.max_queued = 2048;
  /* It is the queue that gives up on it, not the rate. */
  limits.rate = 100000;
  limits.burst = 100000;
  fixture_init (&fixture, "", &limits);
  start_with_open_seat (&fixture);
  kept = run_attack (&fixture, not_reading);
  g_assert_true (hearts_test_iterate_until (seat_replaced, &fixture, HEARTS_TEST_TIMEOUT_MS));
  g_assert_cmpuint (fixture.notices[HEARTS_NET_NOTICE_DROPPED], ==, 1);
  raw_free (kept);
  fixture_finish (&fixture);
}

/* A host that lies, and one that is not the invited one */

typedef struct
{
  GTlsCertificate *certificate;
  GSocketListener *listener;
  guint16          port;
  guint            mode;
  gint             done;
} FakeHost;

static gpointer
fake_host_thread (gpointer data)
{
  FakeHost *fake = data;
  g_autoptr(GSocketConnection) socket = g_socket_listener_accept (fake->listener, NULL, NULL, NULL);
  g_autoptr(GIOStream) tls = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(HeartsGame) game = NULL;
  HeartsNetWelcome welcome = { 0 };
  HeartsRules      rules;
  guint8           nonce[32] = { 0 };
  guint8           buffer[4096];
  Raw              raw = { 0 };
  guint            kind;

  g_assert_nonnull (socket);
  tls = net_tls_server_new (G_IO_STREAM (socket), fake->certificate, &error);
  g_assert_no_error (error);
  raw.tls = tls;
  if (!g_tls_connection_handshake (G_TLS_CONNECTION (tls), NULL, NULL))
    goto out;
  raw_send (&raw, HEARTS_NET_CHALLENGE,
            g_variant_new ("(u@ay)", 1, g_variant_new_fixed_array (G_VARIANT_TYPE_BYTE, nonce, 32, 1)));
  g_variant_unref (raw_next (&raw, &kind));
  g_assert_cmpuint (kind, ==, HEARTS_NET_HELLO);

  /* A true welcome to seat 1 of a real game, then a lie: seat 0 plays a card seat 1 holds. */
  hearts_rules_init_default (&rules);
  rules.pass_cycle = HEARTS_PASS_CYCLE_NONE;
  game = hearts_game_new (&rules, 3);
  welcome.seat = 1;
  welcome.rules = rules;
  welcome.started = TRUE;
  welcome.results = g_array_new (FALSE, TRUE, sizeof (HeartsHandResult));
  welcome.events = hearts_local_seat_view_get_hand_events (game, 1);
  /* Mode 1: a deal of twelve cards. */
  if (fake->mode == 1)
    {
      HeartsSeatEvent *deal = g_ptr_array_index (welcome.events, 0);

      deal->cards &= deal->cards - 1;
    }
  raw_send (&raw, HEARTS_NET_WELCOME, hearts_net_welcome_to_variant (&welcome));
  hearts_net_welcome_clear (&welcome);
  if (fake->mode == 0)
    {
      HeartsSeatEvent lie = { .kind = HEARTS_SEAT_EVENT_CARD_PLAYED, .leader = -1 };

      lie.seat = hearts_game_get_current_player (game);
      lie.card = hearts_cards_lowest (hearts_game_get_hand (game, 1));
      if (lie.seat == 1)
        lie.card = hearts_cards_lowest (hearts_game_get_hand (game, 2));
      raw_send (&raw, HEARTS_NET_EVENT, hearts_net_event_to_variant (&lie, 4));
    }
  /* Until the client is gone. */
  g_socket_set_timeout (g_socket_connection_get_socket (socket), 30);
  while (g_input_stream_read (g_io_stream_get_input_stream (tls), buffer, sizeof buffer, NULL, NULL) > 0)
    ;
out:
  g_io_stream_close (G_IO_STREAM (socket), NULL, NULL);
  g_atomic_int_set (&fake->done, 1);
  return NULL;
}

static gboolean
client_closed (gpointer data)
{
  NetBot *bot = data;

  return bot->closed || bot->error != NULL;
}

static char *
fake_invitation (FakeHost        *fake,
                 GTlsCertificate *pinned)
{
  HeartsNetLink link = { HEARTS_NET_LINK_TABLE };
  guint8        fingerprint[32];

  strcpy (link.host, "127.0.0.1");
  link.port = fake->port;
  hearts_net_cert_fingerprint (pinned, fingerprint);
  memcpy (link.fingerprint, fingerprint, 16);
  return hearts_net_link_to_string (&link);
}

static void
test_lying_host (void)
{
  g_autofree char *dir = hearts_test_make_tmp_dir ("hearts-fake-XXXXXX");
  g_autofree char *other_dir = hearts_test_make_tmp_dir ("hearts-other-XXXXXX");
  g_autoptr(GTlsCertificate) other = net_test_certificate (other_dir);

  for (guint mode = 0; mode < 3; mode++)
    {
      FakeHost         fake = { 0 };
      g_autofree char *invitation = NULL;
      g_autoptr(GError) error = NULL;
      g_autoptr(GInetAddress) loopback = g_inet_address_new_from_string ("127.0.0.1");
      g_autoptr(GSocketAddress) where = g_inet_socket_address_new (loopback, 0);
      g_autoptr(GSocketAddress) bound = NULL;
      GThread *thread;
      NetBot  *bot;

      fake.certificate = net_test_certificate (dir);
      fake.mode = mode;
      fake.listener = g_socket_listener_new ();
      g_assert_true (g_socket_listener_add_address (fake.listener, where, G_SOCKET_TYPE_STREAM, G_SOCKET_PROTOCOL_TCP,
                                                    NULL, &bound, &error));
      fake.port = g_inet_socket_address_get_port (G_INET_SOCKET_ADDRESS (bound));
      thread = g_thread_new ("fake-host", fake_host_thread, &fake);

      /* Mode 2: the invitation names another certificate than the one shown. */
      invitation = fake_invitation (&fake, mode == 2 ? other : fake.certificate);
      bot = net_bot_new ("Victor", HEARTS_AI_RANDOM, 1);
      bot->acting = FALSE;
      net_bot_join (bot, invitation);
      g_assert_true (hearts_test_iterate_until (client_closed, bot, HEARTS_TEST_TIMEOUT_MS));
      if (mode == 0)
        {
          /* It sat down, then left the lie. */
          g_assert_true (bot->joined);
          g_assert_cmpuint (bot->closed_reason, ==, HEARTS_NET_BYE_PROTOCOL);
          g_assert_cmpuint (hearts_seat_view_get_phase (bot->view), ==, HEARTS_PHASE_PLAYING);
        }
      else if (mode == 1)
        g_assert_error (bot->error, HEARTS_NET_ERROR, HEARTS_NET_BYE_PROTOCOL);
      else
        g_assert_error (bot->error, HEARTS_NET_ERROR, HEARTS_NET_BYE_TLS);
      net_bot_free (bot);
      g_thread_join (thread);
      g_object_unref (fake.listener);
      g_object_unref (fake.certificate);
    }
  hearts_test_remove_tree (dir);
  hearts_test_remove_tree (other_dir);
}

/* Knocks: words while waiting at the door, a flood of knocks, a guess after the door
 * opened. The host's person answers nobody here but those named "In". */

static gint knocks_heard, knocks_ended;

static void
on_knock_cb (HeartsNetServer *server,
             HeartsNetHost   *host,
             guint            knock,
             const char      *name,
             const char      *address,
             gpointer         user_data)
{
  g_atomic_int_inc (&knocks_heard);
  if (g_str_equal (name, "In"))
    hearts_net_server_answer_knock (server, knock, TRUE);
}

static void
on_knock_ended_cb (HeartsNetServer *server,
                   guint            knock,
                   gpointer         user_data)
{
  g_atomic_int_inc (&knocks_ended);
}

static Raw *
raw_knock (Attack     *attack,
           const char *local,
           const char *id,
           const char *name)
{
  Raw *raw = raw_connect (attack->port, attack->fixture->certificate, local, 0);
  g_autoptr(GVariant) challenge = raw_until (raw, HEARTS_NET_CHALLENGE);

  raw_send (raw, HEARTS_NET_KNOCK, g_variant_new ("(uss)", (guint32) HEARTS_NET_VERSION, id, name));
  return raw;
}

static void
until_heard (gint n)
{
  for (guint i = 0; i < 1000 && g_atomic_int_get (&knocks_heard) < n; i++)
    g_usleep (10000);
  g_assert_cmpint (g_atomic_int_get (&knocks_heard), ==, n);
}

static void
knocks (Attack *attack)
{
  Raw  *raws[9];
  Raw  *raw;
  guint reason;
  g_autoptr(GVariant) let_in = NULL;

  /* A knock out of range. */
  raw = raw_knock (attack, "127.0.0.2", "!!", "Mallory");
  g_assert_cmpuint (raw_bye (raw, NULL), ==, HEARTS_NET_BYE_PROTOCOL);
  raw_free (raw);

  /* A guess while waiting at the door. */
  raw = raw_knock (attack, "127.0.0.2", attack->id, "Mallory");
  until_heard (1);
  raw_send (raw, HEARTS_NET_PING, g_variant_new ("(t)", (guint64) 1));
  g_assert_cmpuint (raw_bye (raw, NULL), ==, HEARTS_NET_BYE_PROTOCOL);
  raw_free (raw);

  /* Eight wait at once, from eight addresses; the ninth is turned away. */
  for (guint i = 0; i < 9; i++)
    {
      g_autofree char *local = g_strdup_printf ("127.0.0.%u", 10 + i);

      raws[i] = raw_knock (attack, local, attack->id, "Mallory");
      if (i < 8)
        until_heard (2 + i);
    }
  g_assert_cmpuint (raw_bye (raws[8], NULL), ==, HEARTS_NET_BYE_TOO_MANY);
  for (guint i = 0; i < 9; i++)
    raw_free (raws[i]);

  /* Let in, and then not the hello the door was opened for. */
  raw = raw_knock (attack, "127.0.0.3", attack->id, "In");
  let_in = raw_until (raw, HEARTS_NET_LET_IN);
  g_assert_nonnull (let_in);
  raw_send (raw, HEARTS_NET_KNOCK, g_variant_new ("(uss)", (guint32) HEARTS_NET_VERSION, attack->id, "In"));
  reason = raw_bye (raw, NULL);
  g_assert_cmpuint (reason, ==, HEARTS_NET_BYE_PROTOCOL);
  raw_free (raw);
}

static gboolean
knocks_over (gpointer data)
{
  return g_atomic_int_get (&knocks_ended) == g_atomic_int_get (&knocks_heard);
}

static void
test_knocks (void)
{
  HeartsNetLimits limits = test_limits ();
  Fixture         fixture;

  fixture_init (&fixture, "end=deals:2", &limits);
  hearts_net_server_set_knockable (fixture.table->server, fixture.table->host, TRUE);
  g_signal_connect (fixture.table->server, "knock", G_CALLBACK (on_knock_cb), NULL);
  g_signal_connect (fixture.table->server, "knock-ended", G_CALLBACK (on_knock_ended_cb), NULL);
  run_attack (&fixture, knocks);
  /* Nobody is left at the door: every knock heard has ended. */
  g_assert_true (hearts_test_iterate_until (knocks_over, NULL, HEARTS_TEST_TIMEOUT_MS));
  g_assert_cmpint (knocks_heard, ==, 10);
  g_assert_cmpuint (hearts_net_server_get_n_connections (fixture.table->server), ==, 2);
  fixture_finish (&fixture);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/net/hostile/flood", test_flood);
  g_test_add_func ("/net/hostile/oversized", test_oversized);
  g_test_add_func ("/net/hostile/malformed", test_malformed);
  g_test_add_func ("/net/hostile/wrong-moves", test_wrong_moves);
  g_test_add_func ("/net/hostile/many-refusals", test_many_refusals);
  g_test_add_func ("/net/hostile/secrets", test_secrets);
  g_test_add_func ("/net/hostile/no-tls", test_no_tls);
  g_test_add_func ("/net/hostile/idle-connections", test_idle_connections);
  g_test_add_func ("/net/hostile/not-reading", test_not_reading);
  g_test_add_func ("/net/hostile/lying-host", test_lying_host);
  g_test_add_func ("/net/hostile/knocks", test_knocks);

  return g_test_run ();
}
