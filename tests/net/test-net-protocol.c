/* test-net-protocol.c: what comes off the wire is read strictly
 *
 * Links (what a person pastes), messages (what a client or host sends) and the host's
 * certificate file: each valid form is read back as it was written, and everything
 * else, including every mutation of a valid one we can make, is refused without a
 * crash.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gstdio.h>
#include <string.h>
#include <sys/stat.h>

#include "hearts-game-deal.h"
#include "hearts-game.h"
#include "hearts-local-seat-view.h"
#include "hearts-net-cert.h"
#include "hearts-net-link.h"
#include "hearts-net-protocol.h"
#include "hearts-seat-state-private.h"
#include "hearts-test-util.h"

/* Base32 */

static void
test_base32 (void)
{
  guint8 data[16], back[16];
  HeartsRng rng;

  hearts_rng_init (&rng, hearts_test_seed ());
  for (guint trial = 0; trial < 200; trial++)
    {
      g_autofree char *text = NULL;
      g_autofree char *upper = NULL;

      for (guint i = 0; i < sizeof data; i++)
        data[i] = hearts_rng_below (&rng, 256);
      text = hearts_net_base32_encode (data, sizeof data);
      g_assert_cmpuint (strlen (text), ==, 26);
      g_assert_true (hearts_net_base32_decode (text, back, sizeof back));
      g_assert_cmpmem (data, sizeof data, back, sizeof back);
      /* Read out and typed in capitals: the same. */
      upper = g_ascii_strup (text, -1);
      g_assert_true (hearts_net_base32_decode (upper, back, sizeof back));
      g_assert_cmpmem (data, sizeof data, back, sizeof back);
    }

  /* Nothing but the alphabet, the exact length, and zero padding bits. */
  g_assert_false (hearts_net_base32_decode ("0000000000000000000000000", back, sizeof back));
  g_assert_false (hearts_net_base32_decode ("000000000000000000000000000", back, sizeof back));
  g_assert_false (hearts_net_base32_decode ("0000000000000000000000000i", back, sizeof back));
  g_assert_false (hearts_net_base32_decode ("0000000000000000000000000u", back, sizeof back));
  g_assert_false (hearts_net_base32_decode ("000000000000000000000000 0", back, sizeof back));
  g_assert_false (hearts_net_base32_decode ("00000000000000000000000001", back, sizeof back));
  g_assert_true (hearts_net_base32_decode ("00000000000000000000000008", back, sizeof back));
}

/* Links */

static void
make_link (HeartsNetLink    *link,
           HeartsNetLinkKind kind,
           const char       *host,
           guint16           port)
{
  memset (link, 0, sizeof *link);
  link->kind = kind;
  g_strlcpy (link->host, host, sizeof link->host);
  link->port = port;
  for (guint i = 0; i < 16; i++)
    {
      link->secret[i] = i * 17 + 1;
      link->fingerprint[i] = 255 - i * 3;
      link->key[i] = i * 5;
    }
}

static void
test_link_round_trip (void)
{
  const char *hosts[] = { "127.0.0.1", "::1", "fe80::1:2", "example.org", "my-laptop.local", "a", "x1.y2" };

  for (guint h = 0; h < G_N_ELEMENTS (hosts); h++)
    for (guint k = 0; k < 3; k++)
      {
        HeartsNetLink    link, back;
        g_autofree char *text = NULL;
        g_autofree char *padded = NULL;
        g_autoptr(GError) error = NULL;

        make_link (&link, k == 0 ? HEARTS_NET_LINK_TABLE : HEARTS_NET_LINK_SERVER, hosts[h], 1 + h * 9000);
        link.has_key = k == 2;
        text = hearts_net_link_to_string (&link);
        g_assert_true (hearts_net_link_parse (text, &back, &error));
        g_assert_no_error (error);
        if (link.kind == HEARTS_NET_LINK_SERVER)
          memset (link.secret, 0, sizeof link.secret);
        if (!link.has_key)
          memset (link.key, 0, sizeof link.key);
        g_assert_cmpmem (&link, sizeof link, &back, sizeof back);
        /* Copied with the white space around it. */
        padded = g_strdup_printf ("  %s\n", text);
        g_assert_true (hearts_net_link_parse (padded, &back, NULL));
      }
}

static void
test_link_refused (void)
{
  HeartsNetLink    link;
  g_autofree char *good = NULL;
  const char      *secret, *fp;
  char             bad[1024];
  const char      *bads[] = {
    "", "hearts:", "hearts://", "http://127.0.0.1:7373/t/%s/%s", "hearts:/127.0.0.1:7373/t/%s/%s",
    "hearts://127.0.0.1/t/%s/%s", "hearts://127.0.0.1:0/t/%s/%s", "hearts://127.0.0.1:65536/t/%s/%s",
    "hearts://127.0.0.1:07373/t/%s/%s", "hearts://127.0.0.1:+7373/t/%s/%s", "hearts://127.0.0.1:7373/x/%s/%s",
    "hearts://127.0.0.1:7373/t/%s/%s/", "hearts://127.0.0.1:7373/t/%s", "hearts://127.0.0.1:7373/t/%s/%s/extra",
    "hearts://127.0.0.1:7373/t/%s/%s?x=1", "hearts://127.0.0.1:7373/t/%s/%s#x", "hearts://user@127.0.0.1:7373/t/%s/%s",
    "hearts://127.0.0.1:7373//t/%s/%s", "hearts://127.0.0.1%%20:7373/t/%s/%s", "hearts://::1:7373/t/%s/%s",
    "hearts://[::1%%eth0]:7373/t/%s/%s", "hearts://[127.0.0.1]:7373/t/%s/%s", "hearts://[::1]7373/t/%s/%s",
    "hearts://-bad.org:7373/t/%s/%s", "hearts://bad-.org:7373/t/%s/%s", "hearts://a..b:7373/t/%s/%s",
    "hearts://1.2.3:7373/t/%s/%s", "hearts://0x7f.1:7373/t/%s/%s", "hearts://127.1:7373/t/%s/%s",
    "hearts://127.000.000.001:7373/t/%s/%s", "hearts://b\xc3\xa4" "d.org:7373/t/%s/%s",
    "hearts://127.0.0.1:7373/t/%s/%sx", "hearts://127.0.0.1:7373/t /%s/%s", "hearts://127.0.0.1:7373/s/%s/%s/x",
  };

  make_link (&link, HEARTS_NET_LINK_TABLE, "127.0.0.1", 7373);
  good = hearts_net_link_to_string (&link);
  secret = good + strlen ("hearts://127.0.0.1:7373/t/");
  fp = secret + 27;
  for (guint i = 0; i < G_N_ELEMENTS (bads); i++)
    {
      g_autofree char *s = g_strndup (secret, 26);
      g_autoptr(GError) error = NULL;

      g_auto(GStrv) parts = g_strsplit (bads[i], "%s", -1);
      g_autofree char *with_secret = NULL;
      g_autofree char *done = NULL;

      /* The two %s are the secret, then the fingerprint ("%%" is one "%"). */
      with_secret = g_strjoinv ("\x01", parts);
      done = g_strdup (with_secret);
      {
        GString *t = g_string_new (with_secret);

        g_string_replace (t, "\x01", s, 1);
        g_string_replace (t, "\x01", fp, 1);
        g_string_replace (t, "%%", "%", 0);
        g_strlcpy (bad, t->str, sizeof bad);
        g_string_free (t, TRUE);
      }
      if (hearts_net_link_parse (bad, &link, &error))
        g_error ("accepted: %s", bad);
      g_assert_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT);
    }

  /* Too long, even if well formed. */
  memset (bad, 'a', sizeof bad - 1);
  bad[sizeof bad - 1] = '\0';
  g_assert_false (hearts_net_link_parse (bad, &link, NULL));
}

/* Every one-character change, deletion and insertion of a good link: no crash, and
 * what is accepted is a link that writes back as itself. */
static void
test_link_mutations (void)
{
  HeartsNetLink    link;
  g_autofree char *good = NULL;
  const char       alphabet[] = "hearts:/[]0123456789abcdefghjkmnpqrstvwxyz.-%@?#IiLlOoU \t\n";
  gsize            len;
  guint            accepted = 0, refused = 0;

  make_link (&link, HEARTS_NET_LINK_TABLE, "my-laptop.local", 7373);
  good = hearts_net_link_to_string (&link);
  len = strlen (good);
  for (gsize at = 0; at <= len; at++)
    for (guint c = 0; c < sizeof alphabet; c++)
      for (guint op = 0; op < 3; op++)
        {
          GString         *text = g_string_new (good);
          HeartsNetLink    parsed;
          g_autofree char *again = NULL;

          if (op == 0 && at < len)
            text->str[at] = alphabet[c];
          else if (op == 1 && at < len && c == 0)
            g_string_erase (text, at, 1);
          else if (op == 2 && alphabet[c] != '\0')
            g_string_insert_c (text, at, alphabet[c]);
          if (hearts_net_link_parse (text->str, &parsed, NULL))
            {
              g_autofree char *stripped = g_strstrip (g_strdup (text->str));

              /* Names and base32 are read in either case; everything else is the same. */
              again = hearts_net_link_to_string (&parsed);
              g_assert_cmpint (g_ascii_strcasecmp (again, stripped), ==, 0);
              accepted++;
            }
          else
            refused++;
          g_string_free (text, TRUE);
        }
  g_test_message ("%u mutations accepted (another secret or port, case, white space), %u refused", accepted,
                  refused);
  g_assert_cmpuint (refused, >, 0);
}

/* Messages */

static void
test_message_framing (void)
{
  g_autoptr(GBytes) message = hearts_net_message_new (HEARTS_NET_PLAY, g_variant_new ("(uuy)", 7, 12, 0x2a));
  gsize         size;
  const guint8 *data = g_bytes_get_data (message, &size);
  g_autoptr(GVariant) body = NULL;
  g_autoptr(GError) error = NULL;
  guint32 hand, position;
  guint8  card;

  g_assert_cmpuint (size, >, HEARTS_NET_HEADER_SIZE);
  g_assert_cmpuint (((guint32) data[0] << 24 | data[1] << 16 | data[2] << 8 | data[3]), ==, size - 4);
  g_assert_cmpuint (data[4], ==, HEARTS_NET_PLAY);
  body = hearts_net_body_parse (data[4], data + 5, size - 5, &error);
  g_assert_no_error (error);
  g_variant_get (body, "(uuy)", &hand, &position, &card);
  g_assert_cmpuint (hand, ==, 7);
  g_assert_cmpuint (position, ==, 12);
  g_assert_cmpuint (card, ==, 0x2a);

  /* One byte short or long, another kind's type, an unknown kind: refused. */
  g_assert_null (hearts_net_body_parse (data[4], data + 5, size - 6, NULL));
  {
    g_autofree guint8 *longer = g_malloc0 (size);

    memcpy (longer, data + 5, size - 5);
    g_assert_null (hearts_net_body_parse (data[4], longer, size - 4, NULL));
  }
  g_assert_null (hearts_net_body_parse (HEARTS_NET_PASS, data + 5, size - 5, NULL));
  g_assert_null (hearts_net_body_parse (0, data + 5, size - 5, NULL));
  g_assert_null (hearts_net_body_parse (200, data + 5, size - 5, NULL));
  for (guint k = 0; k < 256; k++)
    if (hearts_net_kind_get_body_type (k) != NULL)
      g_assert_cmpint (hearts_net_kind_is_from_host (k), ==, k < HEARTS_NET_HELLO);
}

/* A string that is not UTF-8, in a hello: not normal form, refused. */
static void
test_message_not_normal (void)
{
  HeartsNetHello hello = { .version = 1, .seat = HEARTS_NET_ANY_SEAT };
  g_autoptr(GBytes) message = NULL;
  g_autofree guint8 *copy = NULL;
  gsize size;
  guint8 *name;

  strcpy (hello.table_id, "0123456789abcdef");
  strcpy (hello.name, "Zoe");
  message = hearts_net_message_new (HEARTS_NET_HELLO, hearts_net_hello_to_variant (&hello));
  g_bytes_get_data (message, &size);
  copy = g_memdup2 (g_bytes_get_data (message, NULL), size);
  g_assert_nonnull (hearts_net_body_parse (HEARTS_NET_HELLO, copy + 5, size - 5, NULL));
  name = NULL;
  for (gsize i = 0; i + 3 <= size && name == NULL; i++)
    if (memcmp (copy + i, "Zoe", 3) == 0)
      name = copy + i;
  g_assert_nonnull (name);
  name[1] = 0xff;
  g_assert_null (hearts_net_body_parse (HEARTS_NET_HELLO, copy + 5, size - 5, NULL));
  name[1] = '\0';
  g_assert_null (hearts_net_body_parse (HEARTS_NET_HELLO, copy + 5, size - 5, NULL));
}

/* Every event of random games travels and comes back the same; the state its seat's
 * welcome makes from the hand's events is the seat's view's. */
static void
test_events_round_trip (void)
{
  HeartsRng rng;
  guint     n_events = 0;

  hearts_rng_init (&rng, hearts_test_seed () + 1);
  for (guint trial = 0; trial < 20; trial++)
    {
      g_autoptr(HeartsGame) game = NULL;
      HeartsRules rules;

      hearts_test_random_rules (&rules, &rng);
      rules.end = HEARTS_END_DEALS;
      rules.end_value = 2;
      game = hearts_game_new (&rules, trial + 1);
      for (guint s = 0; s < rules.n_players; s++)
        hearts_game_set_seat_level (game, s, HEARTS_AI_RANDOM);
      while (hearts_game_get_phase (game) != HEARTS_PHASE_GAME_OVER)
        {
          guint seat = hearts_rng_below (&rng, rules.n_players);
          g_autoptr(HeartsSeatView) view = hearts_local_seat_view_new (game, NULL, seat);
          g_autoptr(GPtrArray) events = hearts_local_seat_view_get_hand_events (game, seat);
          HeartsNetWelcome welcome = { 0 }, back;
          g_autoptr(HeartsSeatState) state = NULL;
          g_autoptr(GVariant) value = NULL;
          g_autoptr(GError) error = NULL;
          guint hand = hearts_game_get_hand_index (game);

          for (guint i = 0; i < events->len; i++)
            {
              const HeartsSeatEvent *event = g_ptr_array_index (events, i);
              g_autoptr(GVariant) v = g_variant_ref_sink (hearts_net_event_to_variant (event, rules.n_players));
              HeartsSeatEvent decoded;

              g_assert_true (hearts_net_event_from_variant (v, rules.n_players, &decoded, &error));
              g_assert_no_error (error);
              if (decoded.kind == HEARTS_SEAT_EVENT_HAND_FINISHED)
                memcpy (decoded.result.totals, event->result.totals, sizeof decoded.result.totals);
              g_assert_true (hearts_seat_event_equal (event, &decoded));
              n_events++;
            }

          welcome.seat = seat;
          welcome.rules = rules;
          welcome.results = g_array_new (FALSE, TRUE, sizeof (HeartsHandResult));
          for (guint h = 0; h < hand; h++)
            g_array_append_vals (welcome.results, hearts_game_get_result (game, h), 1);
          welcome.events = g_ptr_array_ref (events);
          value = g_variant_ref_sink (hearts_net_welcome_to_variant (&welcome));
          hearts_net_welcome_clear (&welcome);
          g_assert_true (hearts_net_welcome_from_variant (value, &back, &state, &error));
          g_assert_no_error (error);
          g_assert_true (hearts_seat_state_equal (state, hearts_seat_view_get_state (view)));
          g_assert_cmpuint (back.results->len, ==, hearts_game_get_n_results (game));
          hearts_net_welcome_clear (&back);

          if (hearts_game_get_phase (game) == HEARTS_PHASE_HAND_OVER)
            hearts_game_next_hand (game);
          else
            g_assert_true (hearts_game_computer_move (game));
        }
    }
  g_test_message ("%u events", n_events);
}

/* Forged events: each field out of range for its kind is refused. */
static void
test_events_forged (void)
{
  struct
  {
    const char *text;
    gboolean    good;
  } cases[] = {
    { "(1, 0, -1, 0, 0, 0, 7, 0, 0, (@an [], 255, 255, 255, false, 0))", TRUE },   /* a deal, a hand of 3 cards */
    { "(1, 4, -1, 0, 0, 0, 7, 0, 0, (@an [], 255, 255, 255, false, 0))", FALSE },  /* no seat 4 of 4 */
    { "(1, 0, -2, 0, 0, 0, 7, 0, 0, (@an [], 255, 255, 255, false, 0))", FALSE },
    { "(1, 0, -1, 0, 4, 0, 7, 0, 0, (@an [], 255, 255, 255, false, 0))", FALSE },  /* no such pass */
    { "(1, 0, -1, 0, 0, 0, 0xe000, 0, 0, (@an [], 255, 255, 255, false, 0))", FALSE },  /* no such cards */
    { "(1, 0, -1, 0, 0, 3, 7, 0, 0, (@an [], 255, 255, 255, false, 0))", FALSE },  /* a card where none is */
    { "(1, 0, -1, 0, 0, 0, 7, 1, 0, (@an [], 255, 255, 255, false, 0))", FALSE },  /* received where none is */
    { "(3, 2, -1, 0, 0, 14, 0, 0, 0, (@an [], 255, 255, 255, false, 0))", FALSE }, /* no card 14 */
    { "(3, 2, 0, 0, 0, 12, 0, 0, 0, (@an [], 255, 255, 255, false, 0))", FALSE },  /* a leader in a play */
    { "(3, 2, -1, 0, 0, 12, 0, 0, 0, (@an [], 255, 255, 255, false, 0))", TRUE },
    { "(3, 2, -1, 0, 0, 12, 1, 0, 0, (@an [], 255, 255, 255, false, 0))", FALSE }, /* cards in a play */
    { "(4, 2, -1, 16, 0, 0, 0, 0, 0, (@an [], 255, 255, 255, false, 0))", TRUE },
    { "(4, 2, -1, 17, 0, 0, 0, 0, 0, (@an [], 255, 255, 255, false, 0))", FALSE }, /* no trick 17 */
    { "(5, 0, -1, 0, 0, 0, 0, 0, 0, (@an [26, 0, 0, 0], 255, 255, 255, false, 0))", TRUE },
    { "(5, 1, -1, 0, 0, 0, 0, 0, 0, (@an [26, 0, 0, 0], 255, 255, 255, false, 0))", FALSE },
    { "(5, 0, -1, 0, 0, 0, 0, 0, 0, (@an [26, 0, 0], 255, 255, 255, false, 0))", FALSE },
    { "(5, 0, -1, 0, 0, 0, 0, 0, 0, (@an [26, 0, 0, 0], 4, 255, 255, false, 0))", FALSE },
    { "(5, 0, -1, 0, 0, 0, 0, 0, 0, (@an [26, 0, 0, 0], 255, 255, 4, false, 0))", FALSE },  /* no seat 4 took the Q♠ */
    { "(5, 0, -1, 0, 0, 0, 0, 0, 0, (@an [26, 0, 0, 0], 255, 255, 255, true, 0))", FALSE },
    { "(5, 0, -1, 0, 0, 0, 0, 0, 0, (@an [26, 0, 0, 0], 255, 255, 255, false, 16))", FALSE },
    { "(5, 0, -1, 0, 0, 0, 0, 0, 0, (@an [900, 0, 0, 0], 255, 255, 255, false, 0))", FALSE },
    { "(6, 0, -1, 0, 0, 0, 0, 0, 3, (@an [], 255, 255, 255, false, 0))", TRUE },
    { "(6, 0, -1, 0, 0, 0, 0, 0, 0, (@an [], 255, 255, 255, false, 0))", FALSE },  /* no winner */
    { "(6, 0, -1, 0, 0, 0, 0, 0, 16, (@an [], 255, 255, 255, false, 0))", FALSE },
    { "(6, 0, -1, 0, 0, 0, 0, 0, 3, (@an [1, 1, 1, 1], 255, 255, 255, false, 0))", FALSE },
    { "(0, 0, -1, 0, 0, 0, 0, 0, 0, (@an [], 255, 255, 255, false, 0))", FALSE },  /* no RESET on the wire */
    { "(7, 0, -1, 0, 0, 0, 0, 0, 0, (@an [], 255, 255, 255, false, 0))", FALSE },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr(GVariant) v = g_variant_parse (hearts_net_kind_get_body_type (HEARTS_NET_EVENT), cases[i].text, NULL,
                                               NULL, NULL);
      HeartsSeatEvent event;

      g_assert_nonnull (v);
      if (hearts_net_event_from_variant (v, 4, &event, NULL) != cases[i].good)
        g_error ("%s: %s", cases[i].good ? "refused" : "accepted", cases[i].text);
    }
}

/* A welcome whose events cannot be, or whose results do not add up, is refused. */
static void
test_welcome_refused (void)
{
  g_autoptr(HeartsGame) game = NULL;
  HeartsRules rules;
  HeartsNetWelcome welcome = { 0 }, back;
  g_autoptr(GVariant) good = NULL;
  HeartsSeatEvent *started;

  hearts_rules_init_default (&rules);
  game = hearts_game_new (&rules, 9);
  welcome.rules = rules;
  welcome.seat = 1;
  welcome.results = g_array_new (FALSE, TRUE, sizeof (HeartsHandResult));
  welcome.events = hearts_local_seat_view_get_hand_events (game, 1);
  good = g_variant_ref_sink (hearts_net_welcome_to_variant (&welcome));
  g_assert_true (hearts_net_welcome_from_variant (good, &back, NULL, NULL));
  hearts_net_welcome_clear (&back);

  /* A hand of another seat's size, a second deal, no deal, a seat past the table. */
  started = g_ptr_array_index (welcome.events, 0);
  started->cards |= hearts_game_get_hand (game, 2) & -hearts_game_get_hand (game, 2);
  {
    g_autoptr(GVariant) bad = g_variant_ref_sink (hearts_net_welcome_to_variant (&welcome));

    g_assert_false (hearts_net_welcome_from_variant (bad, &back, NULL, NULL));
  }
  started->cards = hearts_game_get_hand (game, 1);
  g_ptr_array_add (welcome.events, hearts_seat_event_copy (started));
  {
    g_autoptr(GVariant) bad = g_variant_ref_sink (hearts_net_welcome_to_variant (&welcome));

    g_assert_false (hearts_net_welcome_from_variant (bad, &back, NULL, NULL));
  }
  g_ptr_array_set_size (welcome.events, 0);
  {
    g_autoptr(GVariant) bad = g_variant_ref_sink (hearts_net_welcome_to_variant (&welcome));

    g_assert_false (hearts_net_welcome_from_variant (bad, &back, NULL, NULL));
  }
  hearts_net_welcome_clear (&welcome);
}

static void
test_proof (void)
{
  guint8 secret[16] = { 1, 2, 3 }, nonce[32] = { 9 }, a[32], b[32], c[32];
  char   id1[17], id2[17];

  hearts_net_proof (secret, sizeof secret, nonce, "hello", a);
  hearts_net_proof (secret, sizeof secret, nonce, "hello", b);
  g_assert_true (hearts_net_equal_secret (a, b, 32));
  hearts_net_proof (secret, sizeof secret, nonce, "create", c);
  g_assert_false (hearts_net_equal_secret (a, c, 32));
  nonce[31] = 1;
  hearts_net_proof (secret, sizeof secret, nonce, "hello", c);
  g_assert_false (hearts_net_equal_secret (a, c, 32));

  hearts_net_table_id (secret, id1);
  secret[15] = 1;
  hearts_net_table_id (secret, id2);
  g_assert_cmpuint (strlen (id1), ==, HEARTS_NET_ID_LENGTH);
  g_assert_cmpstr (id1, !=, id2);
}

static void
test_names (void)
{
  g_assert_true (hearts_net_name_is_valid ("Ada"));
  g_assert_true (hearts_net_name_is_valid ("Zoë Ångström"));
  g_assert_false (hearts_net_name_is_valid (""));
  g_assert_false (hearts_net_name_is_valid ("   "));
  g_assert_false (hearts_net_name_is_valid ("Ada\nLovelace"));
  g_assert_false (hearts_net_name_is_valid ("Ada\x1b[31m"));
  g_assert_false (hearts_net_name_is_valid ("\xe2\x80\xa8"));
  g_assert_false (hearts_net_name_is_valid ("0123456789012345678901234567890123456789012345678901234567890123456789"));
}

/* The certificate: made once, private, the same after a restart; a file others may
 * read is refused. */
static void
test_certificate (void)
{
  g_autofree char *dir = hearts_test_make_tmp_dir ("hearts-cert-XXXXXX");
  g_autofree char *path = g_build_filename (dir, "sub", "certificate.pem", NULL);
  g_autoptr(GTlsCertificate) first = NULL;
  g_autoptr(GTlsCertificate) again = NULL;
  g_autoptr(GError) error = NULL;
  guint8   a[32], b[32];
  GStatBuf st;

  first = hearts_net_cert_load_or_create (path, &error);
  g_assert_no_error (error);
  g_assert_cmpint (g_stat (path, &st), ==, 0);
  g_assert_cmpint (st.st_mode & 0777, ==, 0600);
  again = hearts_net_cert_load_or_create (path, &error);
  g_assert_no_error (error);
  hearts_net_cert_fingerprint (first, a);
  hearts_net_cert_fingerprint (again, b);
  g_assert_cmpmem (a, 32, b, 32);

  g_assert_cmpint (g_chmod (path, 0644), ==, 0);
  g_clear_object (&again);
  again = hearts_net_cert_load_or_create (path, &error);
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_PERMISSION_DENIED);
  g_assert_null (again);
  hearts_test_remove_tree (dir);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/net/protocol/base32", test_base32);
  g_test_add_func ("/net/protocol/link-round-trip", test_link_round_trip);
  g_test_add_func ("/net/protocol/link-refused", test_link_refused);
  g_test_add_func ("/net/protocol/link-mutations", test_link_mutations);
  g_test_add_func ("/net/protocol/framing", test_message_framing);
  g_test_add_func ("/net/protocol/not-normal", test_message_not_normal);
  g_test_add_func ("/net/protocol/events-round-trip", test_events_round_trip);
  g_test_add_func ("/net/protocol/events-forged", test_events_forged);
  g_test_add_func ("/net/protocol/welcome-refused", test_welcome_refused);
  g_test_add_func ("/net/protocol/proof", test_proof);
  g_test_add_func ("/net/protocol/names", test_names);
  g_test_add_func ("/net/protocol/certificate", test_certificate);

  return g_test_run ();
}
