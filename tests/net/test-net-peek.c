/* test-net-peek.c: no card of another seat reaches a client before it is played
 *
 * A client written here from docs/NETWORK.md alone, none of the host's code: its own
 * message types, its own framing, its own proof of the secret. It plays a game at a
 * table (trying its cards in order until one is not refused, as it knows no rules),
 * drops and comes back once in the middle of a hand, and keeps every byte it reads.
 * Those bytes are then read again, independently, against the real deals the host
 * played: every card set and every card they hold must be one the seat was dealt, was
 * passed once its pick-up happened, or that was played by then; no other seat's hand,
 * and not the seed, appears anywhere in them as bytes.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <string.h>

#include "hearts-game-deal.h"
#include "hearts-net-host-private.h"
#include "net-test-util.h"

/* The types, as docs/NETWORK.md gives them. */
#define T_RESULT    "(anyyyby)"
#define T_EVENT     "(yynuyyttu" T_RESULT ")"
#define T_WELCOME   "(yayba(syy)(yyyybbbbyyuy)a" T_RESULT "a" T_EVENT ")"
#define K_CHALLENGE 1
#define K_WELCOME   2
#define K_EVENT     3
#define K_SEATS     4
#define K_REFUSED   5
#define K_NOTICE    6
#define K_BYE       7
#define K_HELLO     32
#define K_PASS      33
#define K_PLAY      34
#define K_READY     37
#define K_LEAVE     40

#define N_PLAYERS 4
#define ME        0
#define HANDS     3

static const struct
{
  guint       kind;
  const char *type;
} types[] = {
  { K_CHALLENGE, "(uay)" }, { K_WELCOME, T_WELCOME }, { K_EVENT, T_EVENT }, { K_SEATS, "(ba(syy))" },
  { K_REFUSED, "(yy)" },    { K_NOTICE, "(yys)" },    { K_BYE, "(ysu)" },
};

static const char *
type_of (guint kind)
{
  for (guint i = 0; i < G_N_ELEMENTS (types); i++)
    if (types[i].kind == kind)
      return types[i].type;
  return NULL;
}

/* The client */

typedef struct
{
  /* given */
  guint16     port;
  guint8      secret[16];
  char        id[17];
  GByteArray *certificate;  /* DER */

  /* kept */
  GByteArray *log;          /* every byte read */
  gint        done;
  char       *failure;
  gboolean    rejoined;

  /* the game as the client follows it */
  GIOStream  *stream;
  guint8      token[32];
  gboolean    has_token;
  gboolean    started;
  guint       hand;
  guint       position;
  guint64     cards;
  gboolean    passing;
  gboolean    passed;
  gint        turn;
  guint       on_table;
  gboolean    trying;
  guint       tried;
  gboolean    over;
  guint       played;
} Raw;

static gboolean
on_accept_cb (GTlsConnection       *tls,
              GTlsCertificate      *certificate,
              GTlsCertificateFlags  errors,
              Raw                  *raw)
{
  g_autoptr(GByteArray) der = NULL;

  g_object_get (certificate, "certificate", &der, NULL);
  return der->len == raw->certificate->len && memcmp (der->data, raw->certificate->data, der->len) == 0;
}

static void
send_message (Raw      *raw,
              guint     kind,
              GVariant *body)
{
  g_autoptr(GVariant) sunk = g_variant_ref_sink (body);
  gsize   size = g_variant_get_size (sunk);
  guint8 *frame = g_malloc (size + 5);

  frame[0] = (size + 1) >> 24;
  frame[1] = (size + 1) >> 16;
  frame[2] = (size + 1) >> 8;
  frame[3] = size + 1;
  frame[4] = kind;
  memcpy (frame + 5, g_variant_get_data (sunk), size);
  g_assert_true (g_output_stream_write_all (g_io_stream_get_output_stream (raw->stream), frame, size + 5, NULL, NULL,
                                            NULL));
  g_free (frame);
}

/* The next message, its bytes kept; NULL at the end of the connection. */
static GVariant *
read_message (Raw   *raw,
              guint *kind)
{
  GInputStream *in = g_io_stream_get_input_stream (raw->stream);
  guint8        header[5];
  gsize         got;
  guint32       length;
  g_autofree guint8 *body = NULL;
  g_autoptr(GBytes) bytes = NULL;
  const char   *type;

  if (!g_input_stream_read_all (in, header, 5, &got, NULL, NULL) || got != 5)
    return NULL;
  length = (guint32) header[0] << 24 | header[1] << 16 | header[2] << 8 | header[3];
  g_assert_cmpuint (length, >=, 1);
  g_assert_cmpuint (length, <=, 16384);
  body = g_malloc (length);
  g_assert_true (g_input_stream_read_all (in, body, length - 1, &got, NULL, NULL));
  g_assert_cmpuint (got, ==, length - 1);
  g_byte_array_append (raw->log, header, 5);
  g_byte_array_append (raw->log, body, length - 1);
  *kind = header[4];
  type = type_of (*kind);
  if (type == NULL)
    return g_variant_ref_sink (g_variant_new ("()"));
  bytes = g_bytes_new (body, length - 1);
  return g_variant_ref_sink (g_variant_new_from_bytes (G_VARIANT_TYPE (type), bytes, FALSE));
}

static void
act (Raw *raw)
{
  if (!raw->started || raw->over)
    return;
  if (raw->passing && !raw->passed)
    {
      guint64 pass = 0, rest = raw->cards;

      for (guint i = 0; i < 3; i++)
        {
          pass |= rest & -rest;
          rest &= rest - 1;
        }
      raw->passed = TRUE;
      send_message (raw, K_PASS, g_variant_new ("(uut)", raw->hand, raw->position, pass));
    }
  else if (!raw->passing && raw->turn == ME && raw->on_table < N_PLAYERS && !raw->trying && raw->cards != 0)
    {
      raw->trying = TRUE;
      raw->tried = 0;
      send_message (raw, K_PLAY, g_variant_new ("(uuy)", raw->hand, raw->position, __builtin_ctzll (raw->cards)));
    }
}

/* One event, as the client keeps the game. */
static void
follow_event (Raw      *raw,
              GVariant *event)
{
  guint8  kind, seat, pass, card;
  gint16  leader;
  guint32 index, winners;
  guint64 cards, received;
  g_autoptr(GVariant) result = NULL;

  g_variant_get (event, "(yynuyyttu@" T_RESULT ")", &kind, &seat, &leader, &index, &pass, &card, &cards, &received,
                 &winners, &result);
  raw->position = kind == 1 ? 1 : raw->position + 1;
  switch (kind)
    {
    case 1: /* HAND_STARTED */
      raw->hand = index;
      raw->cards = cards;
      raw->passing = pass != 3;
      raw->passed = FALSE;
      raw->turn = leader;
      raw->on_table = 0;
      raw->trying = FALSE;
      break;
    case 2: /* CARDS_PASSED */
      if (seat == ME)
        {
          raw->cards &= ~cards;
          raw->passed = TRUE;
        }
      raw->cards |= received;
      if (leader >= 0)
        {
          raw->passing = FALSE;
          raw->turn = leader;
        }
      break;
    case 3: /* CARD_PLAYED */
      if (seat == ME)
        {
          raw->cards &= ~(G_GUINT64_CONSTANT (1) << card);
          raw->trying = FALSE;
          raw->played++;
        }
      raw->on_table++;
      raw->turn = (seat + 1) % N_PLAYERS;
      break;
    case 4: /* TRICK_TAKEN */
      raw->on_table = 0;
      raw->turn = seat;
      break;
    case 5: /* HAND_FINISHED */
      raw->turn = -1;
      if (!raw->over)
        send_message (raw, K_READY, g_variant_new ("(u)", index));
      break;
    case 6: /* GAME_OVER */
      raw->over = TRUE;
      break;
    default:
      break;
    }
}

static gboolean
session (Raw *raw)
{
  g_autoptr(GSocketClient) client = g_socket_client_new ();
  g_autoptr(GSocketConnection) socket = NULL;
  g_autoptr(GIOStream) tls = NULL;
  g_autoptr(GError) error = NULL;
  gboolean dropped = FALSE;

  socket = g_socket_client_connect_to_host (client, "127.0.0.1", raw->port, NULL, &error);
  g_assert_no_error (error);
  tls = net_tls_client_new (G_IO_STREAM (socket), &error);
  g_assert_no_error (error);
  g_signal_connect (tls, "accept-certificate", G_CALLBACK (on_accept_cb), raw);
  g_assert_true (g_tls_connection_handshake (G_TLS_CONNECTION (tls), NULL, &error));
  g_assert_no_error (error);
  raw->stream = tls;

  for (;;)
    {
      guint kind;
      g_autoptr(GVariant) body = read_message (raw, &kind);

      if (body == NULL)
        break;
      if (kind == K_CHALLENGE)
        {
          g_autoptr(GVariant) nonce = NULL;
          g_autoptr(GHmac) hmac = g_hmac_new (G_CHECKSUM_SHA256, raw->secret, sizeof raw->secret);
          guint8  proof[32];
          gsize   size = sizeof proof;
          guint32 version;

          g_variant_get (body, "(u@ay)", &version, &nonce);
          g_assert_cmpuint (version, ==, 1);
          g_assert_cmpuint (g_variant_get_size (nonce), ==, 32);
          g_hmac_update (hmac, (const guchar *) "hearts 1 hello", 15);
          g_hmac_update (hmac, g_variant_get_data (nonce), 32);
          g_hmac_get_digest (hmac, proof, &size);
          send_message (raw, K_HELLO,
                        g_variant_new ("(us@ays@ayy)", 1, raw->id,
                                       g_variant_new_fixed_array (G_VARIANT_TYPE_BYTE, proof, 32, 1), "Peeker",
                                       g_variant_new_fixed_array (G_VARIANT_TYPE_BYTE, raw->token,
                                                                  raw->has_token ? 32 : 0, 1),
                                       ME));
        }
      else if (kind == K_WELCOME)
        {
          g_autoptr(GVariant) token = NULL;
          g_autoptr(GVariant) events = NULL;
          guint8   seat;
          guint    played;
          GVariantIter iter;
          GVariant *event;

          g_variant_get (body, "(y@ayb@a(syy)@(yyyybbbbyyuy)@a" T_RESULT "@a" T_EVENT ")", &seat, &token,
                         &raw->started, NULL, NULL, NULL, &events);
          g_assert_cmpuint (seat, ==, ME);
          memcpy (raw->token, g_variant_get_data (token), 32);
          raw->has_token = TRUE;
          /* The hand so far, from its deal (its plays of this seat's were counted). */
          played = raw->played;
          g_variant_iter_init (&iter, events);
          while ((event = g_variant_iter_next_value (&iter)) != NULL)
            {
              follow_event (raw, event);
              g_variant_unref (event);
            }
          raw->trying = FALSE;
          raw->played = played;
        }
      else if (kind == K_EVENT)
        follow_event (raw, body);
      else if (kind == K_SEATS)
        g_variant_get (body, "(b@a(syy))", &raw->started, NULL);
      else if (kind == K_REFUSED)
        {
          guint8 move, reason;

          g_variant_get (body, "(yy)", &move, &reason);
          /* Not that card: the next one up. */
          if (move == 1 && raw->trying)
            {
              guint64 rest = raw->cards;

              raw->tried++;
              for (guint i = 0; i < raw->tried && rest != 0; i++)
                rest &= rest - 1;
              g_assert_cmpuint (rest, !=, 0);
              send_message (raw, K_PLAY, g_variant_new ("(uuy)", raw->hand, raw->position, __builtin_ctzll (rest)));
            }
          else if (move == 0)
            raw->passed = FALSE;
        }
      else if (kind == K_BYE)
        break;

      if (raw->over)
        {
          send_message (raw, K_LEAVE, g_variant_new ("()"));
          break;
        }
      /* Once, in the middle of the second hand: away, and back. */
      if (!raw->rejoined && raw->hand == 1 && raw->played == 13 + 4)
        {
          raw->rejoined = TRUE;
          dropped = TRUE;
          break;
        }
      act (raw);
    }
  g_io_stream_close (G_IO_STREAM (socket), NULL, NULL);
  raw->stream = NULL;
  return dropped;
}

static gpointer
raw_thread (gpointer data)
{
  Raw *raw = data;

  while (session (raw))
    ;
  g_atomic_int_set (&raw->done, 1);
  return NULL;
}

static gboolean
raw_done (gpointer data)
{
  return g_atomic_int_get (&((Raw *) data)->done);
}

static gboolean
seat_taken (gpointer data)
{
  return hearts_net_host_get_seat_kind (data, ME) == HEARTS_NET_SEAT_PERSON;
}

/* The real deals, as the host played them. */

typedef struct
{
  guint64 dealt[HEARTS_MAX_TRICKS][N_PLAYERS];
  guint64 passes[HEARTS_MAX_TRICKS][N_PLAYERS];
  guint8  pass[HEARTS_MAX_TRICKS];
} Truth;

static void
on_hand_finished_cb (HeartsGame *game,
                     guint       hand,
                     Truth      *truth)
{
  const HeartsDeal *deal = hearts_game_get_deal (game);

  g_assert_cmpuint (hand, <, HEARTS_MAX_TRICKS);
  memcpy (truth->dealt[hand], deal->dealt, sizeof truth->dealt[hand]);
  memcpy (truth->passes[hand], deal->passes, sizeof truth->passes[hand]);
  truth->pass[hand] = deal->pass;
}

/* The reading, independent of everything above */

typedef struct
{
  const Truth *truth;
  guint        hand;
  guint64      played;
  guint        passed;     /* bit per seat */
  gboolean     picked_up;
  guint        n_checked;
} Reader;

static guint64
known (Reader *reader)
{
  guint64 cards = reader->truth->dealt[reader->hand][ME] | reader->played;
  guint   from;

  switch (reader->truth->pass[reader->hand])
    {
    case 0: from = (ME + N_PLAYERS - 1) % N_PLAYERS; break;  /* passes go left: it comes from the right */
    case 1: from = (ME + 1) % N_PLAYERS; break;
    case 2: from = (ME + 2) % N_PLAYERS; break;
    default: return cards;
    }
  if (reader->picked_up)
    cards |= reader->truth->passes[reader->hand][from];
  return cards;
}

/* Every uint64 anywhere in @value is a set of cards the seat may know now. */
static void
check_sets (Reader   *reader,
            GVariant *value)
{
  if (g_variant_is_of_type (value, G_VARIANT_TYPE_UINT64))
    {
      guint64 set = g_variant_get_uint64 (value);

      if ((set & ~known (reader)) != 0)
        g_error ("hand %u: a message holds cards the seat may not know: %" G_GINT64_MODIFIER "x", reader->hand,
                 set & ~known (reader));
      reader->n_checked++;
    }
  else if (g_variant_is_container (value))
    {
      for (gsize i = 0; i < g_variant_n_children (value); i++)
        {
          g_autoptr(GVariant) child = g_variant_get_child_value (value, i);

          check_sets (reader, child);
        }
    }
}

static void
read_event (Reader   *reader,
            GVariant *event)
{
  guint8  kind, seat, card;
  guint32 index;
  guint   from;

  g_variant_get_child (event, 0, "y", &kind);
  g_variant_get_child (event, 1, "y", &seat);
  g_variant_get_child (event, 3, "u", &index);
  g_variant_get_child (event, 5, "y", &card);
  if (kind == 1)
    {
      reader->hand = index;
      reader->played = 0;
      reader->passed = 0;
      reader->picked_up = FALSE;
    }
  else if (kind == 2)
    {
      reader->passed |= 1u << seat;
      from = reader->truth->pass[reader->hand] == 0 ? (ME + 3) % 4 : reader->truth->pass[reader->hand] == 1 ? 1 : 2;
      if ((reader->passed & (1u << ME)) && (reader->passed & (1u << from)))
        reader->picked_up = TRUE;
    }
  else if (kind == 3)
    {
      /* The card played is known from this event on. */
      reader->played |= G_GUINT64_CONSTANT (1) << card;
      g_assert_cmpuint (card, <, 64);
    }
  check_sets (reader, event);
}

static void
read_log (GByteArray  *log,
          const Truth *truth,
          guint64      seed)
{
  Reader reader = { truth, 0, 0, 0, FALSE, 0 };
  gsize  at = 0;
  guint  frames = 0;

  while (at < log->len)
    {
      guint32 length = (guint32) log->data[at] << 24 | log->data[at + 1] << 16 | log->data[at + 2] << 8 | log->data[at + 3];
      guint8  kind = log->data[at + 4];
      const char *type = type_of (kind);

      g_assert_cmpuint (at + 4 + length, <=, log->len);
      if (type != NULL)
        {
          g_autoptr(GBytes) bytes = g_bytes_new (log->data + at + 5, length - 1);
          g_autoptr(GVariant) body = g_variant_ref_sink (g_variant_new_from_bytes (G_VARIANT_TYPE (type), bytes, FALSE));

          g_assert_true (g_variant_is_normal_form (body));
          if (kind == K_EVENT)
            read_event (&reader, body);
          else if (kind == K_WELCOME)
            {
              g_autoptr(GVariant) events = g_variant_get_child_value (body, 6);

              for (gsize i = 0; i < g_variant_n_children (events); i++)
                {
                  g_autoptr(GVariant) event = g_variant_get_child_value (events, i);

                  read_event (&reader, event);
                }
            }
          else
            check_sets (&reader, body);
        }
      at += 4 + length;
      frames++;
    }

  /* No other seat's dealt hand, and not the seed, as bytes in either order. */
  for (guint h = 0; h < HANDS; h++)
    for (guint s = 0; s < N_PLAYERS; s++)
      {
        guint64 le = GUINT64_TO_LE (truth->dealt[h][s]), be = GUINT64_TO_BE (truth->dealt[h][s]);

        if (s == ME)
          continue;
        for (gsize i = 0; i + 8 <= log->len; i++)
          g_assert_true (memcmp (log->data + i, &le, 8) != 0 && memcmp (log->data + i, &be, 8) != 0);
      }
  for (gsize i = 0; i + 8 <= log->len; i++)
    {
      guint64 le = GUINT64_TO_LE (seed), be = GUINT64_TO_BE (seed);

      g_assert_true (memcmp (log->data + i, &le, 8) != 0 && memcmp (log->data + i, &be, 8) != 0);
    }
  g_test_message ("%u messages, %u bytes, %u card sets read", frames, log->len, reader.n_checked);
  g_assert_cmpuint (reader.n_checked, >, 100);
}

static void
test_no_peeking (void)
{
  HeartsRules rules;
  NetTable   *table;
  Raw         raw = { 0 };
  Truth       truth = { 0 };
  GThread    *thread;
  guint64     seed = 0x5eed5eed12345678;

  hearts_rules_init_default (&rules);
  rules.end = HEARTS_END_DEALS;
  rules.end_value = HANDS;
  table = net_table_new (&rules, seed, 1u << ME, NULL);
  for (guint s = 1; s < N_PLAYERS; s++)
    hearts_game_set_seat_level (table->game, s, HEARTS_AI_RANDOM);
  g_signal_connect (table->game, "hand-finished", G_CALLBACK (on_hand_finished_cb), &truth);

  raw.port = hearts_net_server_get_port (table->server);
  memcpy (raw.secret, _hearts_net_host_get_secret (table->host), 16);
  strcpy (raw.id, hearts_net_host_get_id (table->host));
  g_object_get (table->certificate, "certificate", &raw.certificate, NULL);
  raw.log = g_byte_array_new ();
  thread = g_thread_new ("peeker", raw_thread, &raw);

  g_assert_true (hearts_test_iterate_until (seat_taken, table->host, HEARTS_TEST_TIMEOUT_MS));
  hearts_net_host_start (table->host);
  g_assert_true (hearts_test_iterate_until (raw_done, &raw, HEARTS_TEST_TIMEOUT_MS * 2));
  g_thread_join (thread);

  g_assert_cmpint (hearts_game_get_phase (table->game), ==, HEARTS_PHASE_GAME_OVER);
  g_assert_true (raw.rejoined);
  g_assert_true (raw.over);
  /* Every card of the seat was the client's to play: nobody played for it. */
  g_assert_cmpuint (raw.played, ==, HANDS * 13);
  read_log (raw.log, &truth, seed);

  g_byte_array_unref (raw.log);
  g_byte_array_unref (raw.certificate);
  net_table_free (table);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/net/peek/no-card-before-played", test_no_peeking);

  return g_test_run ();
}
