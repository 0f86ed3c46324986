/* hearts-net-protocol.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <gnutls/crypto.h>
#include <gnutls/gnutls.h>
#include <string.h>

#include "hearts-net-link.h"
#include "hearts-net-protocol.h"
#include "hearts-seat-state-private.h"

/* A hand's result on the wire: the points (the totals follow from them), the shooter
 * and the J♦'s taker (0xff: nobody), the moon's direction, the no-tricks bonus. */
#define RESULT_TYPE "(anyyyby)"
#define EVENT_TYPE  "(yynuyytt" \
                   "u" RESULT_TYPE ")"
#define RULES_TYPE "(yyyybbbbyyuy)"
#define SEATS_TYPE "a(syy)"

/* Above any game's: a hand's points are tens, a game has thousands of hands at most. */
#define MAX_HAND_POINTS 200
#define MAX_HANDS       10000

typedef struct
{
  guint       kind;
  const char *type;
} KindType;

static const KindType kind_types[] = {
  { HEARTS_NET_CHALLENGE, "(uay)" },
  { HEARTS_NET_WELCOME, "(yayb" SEATS_TYPE RULES_TYPE "a" RESULT_TYPE "a" EVENT_TYPE ")" },
  { HEARTS_NET_EVENT, EVENT_TYPE },
  { HEARTS_NET_SEATS, "(b" SEATS_TYPE ")" },
  { HEARTS_NET_REFUSED, "(yy)" },
  { HEARTS_NET_NOTICE, "(yys)" },
  { HEARTS_NET_BYE, "(ysu)" },
  { HEARTS_NET_CLAIM_CHECKED, "(uub)" },
  { HEARTS_NET_PONG, "(t)" },
  { HEARTS_NET_TABLE_CREATED, "(s)" },
  { HEARTS_NET_LET_IN, "(ay)" },
  { HEARTS_NET_HELLO, "(usaysayy)" },
  { HEARTS_NET_PASS, "(uut)" },
  { HEARTS_NET_PLAY, "(uuy)" },
  { HEARTS_NET_CLAIM, "(uu)" },
  { HEARTS_NET_CHECK_CLAIM, "(uu)" },
  { HEARTS_NET_READY, "(u)" },
  { HEARTS_NET_PING, "(t)" },
  { HEARTS_NET_START, "()" },
  { HEARTS_NET_LEAVE, "()" },
  { HEARTS_NET_CREATE, "(ay" RULES_TYPE "a(yy))" },
  { HEARTS_NET_KNOCK, "(uss)" },
};

/* clang-format off: the quark's name is a string */
G_DEFINE_QUARK (hearts - net - error - quark, hearts_net_error)
/* clang-format on */

static gboolean
invalid (GError    **error,
         const char *what)
{
  g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA, "Invalid message: %s", what);
  return FALSE;
}

const GVariantType *
hearts_net_kind_get_body_type (guint kind)
{
  for (guint i = 0; i < G_N_ELEMENTS (kind_types); i++)
    if (kind_types[i].kind == kind)
      return G_VARIANT_TYPE (kind_types[i].type);
  return NULL;
}

gboolean
hearts_net_kind_is_from_host (guint kind)
{
  return kind < HEARTS_NET_HELLO;
}

GBytes *
hearts_net_message_new (HeartsNetKind kind,
                        GVariant     *body)
{
  g_autoptr(GVariant) sunk = g_variant_ref_sink (body);
  g_autoptr(GVariant) little = NULL;
  gsize   size;
  guint8 *data;

  g_return_val_if_fail (hearts_net_kind_get_body_type (kind) != NULL, NULL);
  g_return_val_if_fail (g_variant_is_of_type (sunk, hearts_net_kind_get_body_type (kind)), NULL);

  little = G_BYTE_ORDER == G_BIG_ENDIAN ? g_variant_byteswap (sunk) : g_variant_ref (sunk);
  size = g_variant_get_size (little);
  g_return_val_if_fail (size + 1 <= HEARTS_NET_MAX_MESSAGE, NULL);

  data = g_malloc (HEARTS_NET_HEADER_SIZE + size);
  data[0] = (size + 1) >> 24;
  data[1] = ((size + 1) >> 16) & 0xff;
  data[2] = ((size + 1) >> 8) & 0xff;
  data[3] = (size + 1) & 0xff;
  data[4] = kind;
  /* Copied, not stored in place: the body after a 5-byte header is not aligned. */
  if (size > 0)
    memcpy (data + HEARTS_NET_HEADER_SIZE, g_variant_get_data (little), size);
  return g_bytes_new_take (data, HEARTS_NET_HEADER_SIZE + size);
}

GVariant *
hearts_net_body_parse (guint         kind,
                       const guint8 *data,
                       gsize         size,
                       GError      **error)
{
  const GVariantType *type = hearts_net_kind_get_body_type (kind);
  g_autoptr(GVariant) value = NULL;
  g_autoptr(GBytes) bytes = NULL;

  if (type == NULL)
    {
      invalid (error, "unknown kind");
      return NULL;
    }
  bytes = g_bytes_new (data, size);
  value = g_variant_ref_sink (g_variant_new_from_bytes (type, bytes, FALSE));
  /* GLib reads what is broken in untrusted bytes as defaults: a body that is not exactly
   * what a sender makes is refused whole (which also means valid UTF-8 everywhere). */
  if (!g_variant_is_normal_form (value))
    {
      invalid (error, "not in normal form");
      return NULL;
    }
  if (G_BYTE_ORDER == G_BIG_ENDIAN)
    return g_variant_byteswap (value);
  return g_steal_pointer (&value);
}

/* Rules */

GVariant *
hearts_net_rules_to_variant (const HeartsRules *rules)
{
  return g_variant_new (RULES_TYPE, (guint8) rules->n_players, (guint8) rules->pass_cycle, (guint8) rules->opening,
                        (guint8) rules->first_trick, rules->must_break_hearts, rules->queen_breaks_hearts,
                        rules->omnibus, rules->no_tricks_bonus, (guint8) rules->moon, (guint8) rules->end,
                        (guint32) rules->end_value, (guint8) rules->three_deck);
}

gboolean
hearts_net_rules_from_variant (GVariant    *value,
                               HeartsRules *rules,
                               GError     **error)
{
  guint8   n, cycle, opening, first, moon, end, three;
  gboolean must_break, queen, omnibus, no_tricks;
  guint32  end_value;

  g_variant_get (value, RULES_TYPE, &n, &cycle, &opening, &first, &must_break, &queen, &omnibus, &no_tricks,
                 &moon, &end, &end_value, &three);
  if (cycle >= HEARTS_N_PASS_CYCLES || opening >= HEARTS_N_OPENINGS || first >= HEARTS_N_FIRST_TRICKS ||
      moon >= HEARTS_N_MOONS || end >= HEARTS_N_ENDS || three >= HEARTS_N_THREE_DECKS)
    return invalid (error, "rules out of range");

  memset (rules, 0, sizeof *rules);
  rules->n_players = n;
  rules->pass_cycle = cycle;
  rules->opening = opening;
  rules->first_trick = first;
  rules->must_break_hearts = must_break;
  rules->queen_breaks_hearts = queen;
  rules->omnibus = omnibus;
  rules->no_tricks_bonus = no_tricks;
  rules->moon = moon;
  rules->end = end;
  rules->end_value = end_value;
  rules->three_deck = three;
  /* Only rules a game is played with. */
  if (hearts_rules_check (rules) != NULL)
    return invalid (error, "rules no game plays");
  return TRUE;
}

/* Results */

static GVariant *
result_to_variant (const HeartsHandResult *result,
                   guint                   n_players)
{
  gint16 points[HEARTS_MAX_PLAYERS];

  for (guint s = 0; s < n_players; s++)
    points[s] = result->points[s];
  return g_variant_new ("(@anyyyby)",
                        g_variant_new_fixed_array (G_VARIANT_TYPE_INT16, points, n_players, sizeof (gint16)),
                        (guint8) (result->shooter < 0 ? 0xff : result->shooter),
                        (guint8) (result->jack < 0 ? 0xff : result->jack),
                        (guint8) (result->queen < 0 ? 0xff : result->queen), result->moon_minus,
                        (guint8) result->no_tricks);
}

static GVariant *
no_result (void)
{
  return g_variant_new ("(@anyyyby)", g_variant_new_fixed_array (G_VARIANT_TYPE_INT16, NULL, 0, sizeof (gint16)),
                        0xff, 0xff, 0xff, FALSE, 0);
}

static gboolean
is_no_result (GVariant *value)
{
  g_autoptr(GVariant) none = g_variant_ref_sink (no_result ());

  return g_variant_equal (value, none);
}

/* The points and what made them; the totals are left to the caller, from @before. */
static gboolean
result_from_variant (GVariant         *value,
                     guint             n_players,
                     const gint       *before,
                     HeartsHandResult *result,
                     GError          **error)
{
  g_autoptr(GVariant) points = NULL;
  const gint16 *p;
  gsize         n;
  guint8        shooter, jack, queen, no_tricks;
  gboolean      moon_minus;

  g_variant_get (value, "(@anyyyby)", &points, &shooter, &jack, &queen, &moon_minus, &no_tricks);
  p = g_variant_get_fixed_array (points, &n, sizeof (gint16));
  if (n != n_players || (shooter != 0xff && shooter >= n_players) || (jack != 0xff && jack >= n_players) ||
      (queen != 0xff && queen >= n_players) || no_tricks >= (1u << n_players) || (moon_minus && shooter == 0xff))
    return invalid (error, "a hand's result out of range");

  memset (result, 0, sizeof *result);
  for (guint s = 0; s < n_players; s++)
    {
      if (p[s] < -MAX_HAND_POINTS || p[s] > MAX_HAND_POINTS)
        return invalid (error, "a hand's points out of range");
      result->points[s] = p[s];
      result->totals[s] = before[s] + p[s];
    }
  result->shooter = shooter == 0xff ? -1 : shooter;
  result->jack = jack == 0xff ? -1 : jack;
  result->queen = queen == 0xff ? -1 : queen;
  result->moon_minus = moon_minus;
  result->no_tricks = no_tricks;
  return TRUE;
}

/* Events */

GVariant *
hearts_net_event_to_variant (const HeartsSeatEvent *event,
                             guint                  n_players)
{
  HeartsSeatEventKind kind = event->kind;
  gboolean            leads = kind == HEARTS_SEAT_EVENT_HAND_STARTED || kind == HEARTS_SEAT_EVENT_CARDS_PASSED;
  gboolean            indexed = kind == HEARTS_SEAT_EVENT_HAND_STARTED || kind == HEARTS_SEAT_EVENT_TRICK_TAKEN ||
                     kind == HEARTS_SEAT_EVENT_HAND_FINISHED;
  gboolean seated = kind != HEARTS_SEAT_EVENT_HAND_FINISHED && kind != HEARTS_SEAT_EVENT_GAME_OVER;

  g_return_val_if_fail (kind != HEARTS_SEAT_EVENT_RESET, NULL);

  /* Only what the kind uses; the rest at its one value. */
  return g_variant_new ("(yynuyytt"
                        "u@" RESULT_TYPE ")",
                        (guint8) kind, (guint8) (seated ? event->seat : 0),
                        (gint16) (leads ? event->leader : -1), (guint32) (indexed ? event->index : 0),
                        (guint8) (kind == HEARTS_SEAT_EVENT_HAND_STARTED ? event->pass : 0),
                        (guint8) (kind == HEARTS_SEAT_EVENT_CARD_PLAYED ? event->card : 0),
                        (guint64) (leads ? event->cards : 0),
                        (guint64) (kind == HEARTS_SEAT_EVENT_CARDS_PASSED ? event->received : 0),
                        (guint32) (kind == HEARTS_SEAT_EVENT_GAME_OVER ? event->winners : 0),
                        kind == HEARTS_SEAT_EVENT_HAND_FINISHED ? result_to_variant (&event->result, n_players)
                                                                : no_result ());
}

gboolean
hearts_net_event_from_variant (GVariant        *value,
                               guint            n_players,
                               HeartsSeatEvent *event,
                               GError         **error)
{
  g_autoptr(GVariant) result = NULL;
  guint8   kind, seat, pass, card;
  gint16   leader;
  guint32  index, winners;
  guint64  cards, received;
  gint     zero[HEARTS_MAX_PLAYERS] = { 0 };
  gboolean leads, seated;

  g_variant_get (value, "(yynuyytt"
                        "u@" RESULT_TYPE ")",
                 &kind, &seat, &leader, &index, &pass, &card, &cards,
                 &received, &winners, &result);
  if (kind < HEARTS_SEAT_EVENT_HAND_STARTED || kind > HEARTS_SEAT_EVENT_GAME_OVER)
    return invalid (error, "no such event");

  memset (event, 0, sizeof *event);
  event->kind = kind;
  event->leader = -1;
  leads = kind == HEARTS_SEAT_EVENT_HAND_STARTED || kind == HEARTS_SEAT_EVENT_CARDS_PASSED;
  seated = kind != HEARTS_SEAT_EVENT_HAND_FINISHED && kind != HEARTS_SEAT_EVENT_GAME_OVER;

  if ((seated && seat >= n_players) || (!seated && seat != 0))
    return invalid (error, "a seat out of range");
  if ((leads && (leader < -1 || leader >= (gint) n_players)) || (!leads && leader != -1))
    return invalid (error, "a leader out of range");
  if ((leads && (cards & ~HEARTS_FULL_DECK) != 0) || (!leads && cards != 0))
    return invalid (error, "cards out of range");
  if ((kind == HEARTS_SEAT_EVENT_CARDS_PASSED && (received & ~HEARTS_FULL_DECK) != 0) ||
      (kind != HEARTS_SEAT_EVENT_CARDS_PASSED && received != 0))
    return invalid (error, "cards received out of range");
  if ((kind == HEARTS_SEAT_EVENT_HAND_STARTED && pass > HEARTS_PASS_HOLD) ||
      (kind != HEARTS_SEAT_EVENT_HAND_STARTED && pass != 0))
    return invalid (error, "a pass out of range");
  if ((kind == HEARTS_SEAT_EVENT_CARD_PLAYED && !hearts_card_is_valid (card)) ||
      (kind != HEARTS_SEAT_EVENT_CARD_PLAYED && card != 0))
    return invalid (error, "a card out of range");
  if ((kind == HEARTS_SEAT_EVENT_GAME_OVER && (winners == 0 || winners >= (1u << n_players))) ||
      (kind != HEARTS_SEAT_EVENT_GAME_OVER && winners != 0))
    return invalid (error, "winners out of range");
  switch (kind)
    {
    case HEARTS_SEAT_EVENT_HAND_STARTED:
    case HEARTS_SEAT_EVENT_HAND_FINISHED:
      if (index >= MAX_HANDS)
        return invalid (error, "a hand out of range");
      break;
    case HEARTS_SEAT_EVENT_TRICK_TAKEN:
      if (index >= HEARTS_HAND_MAX_TRICKS)
        return invalid (error, "a trick out of range");
      break;
    default:
      if (index != 0)
        return invalid (error, "an index where there is none");
    }
  if (kind == HEARTS_SEAT_EVENT_HAND_FINISHED)
    {
      if (!result_from_variant (result, n_players, zero, &event->result, error))
        return FALSE;
    }
  else if (!is_no_result (result))
    return invalid (error, "a result where there is none");

  event->seat = seat;
  if (leads)
    event->leader = leader;
  event->index = index;
  event->pass = pass;
  event->card = card;
  event->cards = cards;
  event->received = received;
  event->winners = winners;
  return TRUE;
}

void
hearts_net_event_fill_totals (HeartsSeatEvent       *event,
                              const HeartsSeatState *state)
{
  if (event->kind != HEARTS_SEAT_EVENT_HAND_FINISHED)
    return;
  for (guint s = 0; s < hearts_seat_state_get_n_players (state); s++)
    event->result.totals[s] = hearts_seat_state_get_total (state, s) + event->result.points[s];
}

/* Seats */

gboolean
hearts_net_name_is_valid (const char *name)
{
  gsize    len = strlen (name);
  gboolean shown = FALSE;

  if (len == 0 || len > HEARTS_NET_MAX_NAME || !g_utf8_validate (name, len, NULL))
    return FALSE;
  for (const char *p = name; *p != '\0'; p = g_utf8_next_char (p))
    {
      gunichar c = g_utf8_get_char (p);

      if (g_unichar_iscntrl (c) || c == 0x2028 || c == 0x2029)
        return FALSE;
      if (!g_unichar_isspace (c))
        shown = TRUE;
    }
  return shown;
}

GVariant *
hearts_net_seats_to_variant (const HeartsNetSeat *seats,
                             guint                n_seats)
{
  GVariantBuilder b;

  g_variant_builder_init (&b, G_VARIANT_TYPE (SEATS_TYPE));
  for (guint s = 0; s < n_seats; s++)
    g_variant_builder_add (&b, "(syy)", seats[s].name, seats[s].kind, seats[s].level);
  return g_variant_builder_end (&b);
}

gboolean
hearts_net_seats_from_variant (GVariant      *value,
                               guint          n_players,
                               HeartsNetSeat *seats,
                               GError       **error)
{
  GVariantIter iter;
  const char  *name;
  guint8       kind, level;
  guint        s = 0;

  if (g_variant_n_children (value) != n_players)
    return invalid (error, "not a seat each");
  g_variant_iter_init (&iter, value);
  while (g_variant_iter_next (&iter, "(&syy)", &name, &kind, &level))
    {
      /* A seat no person took may have no name; the window names it. */
      if ((name[0] != '\0' && !hearts_net_name_is_valid (name)) || kind >= HEARTS_NET_N_SEAT_KINDS ||
          level >= HEARTS_N_AI_LEVELS)
        return invalid (error, "a seat out of range");
      memset (&seats[s], 0, sizeof seats[s]);
      strcpy (seats[s].name, name);
      seats[s].kind = kind;
      seats[s].level = level;
      s++;
    }
  return TRUE;
}

/* Hello */

gboolean
hearts_net_id_is_valid (const char *id)
{
  guint8 bytes[HEARTS_NET_ID_SIZE];

  return strlen (id) == HEARTS_NET_ID_LENGTH && hearts_net_base32_decode (id, bytes, sizeof bytes);
}

GVariant *
hearts_net_hello_to_variant (const HeartsNetHello *hello)
{
  return g_variant_new ("(us@ays@ayy)", hello->version, hello->table_id,
                        g_variant_new_fixed_array (G_VARIANT_TYPE_BYTE, hello->proof, HEARTS_NET_PROOF_SIZE, 1),
                        hello->name,
                        g_variant_new_fixed_array (G_VARIANT_TYPE_BYTE, hello->token,
                                                   hello->has_token ? HEARTS_NET_TOKEN_SIZE : 0, 1),
                        hello->seat);
}

gboolean
hearts_net_hello_from_variant (GVariant       *value,
                               HeartsNetHello *hello,
                               GError        **error)
{
  g_autoptr(GVariant) proof = NULL;
  g_autoptr(GVariant) token = NULL;
  const char   *id, *name;
  const guint8 *p, *t;
  gsize         n_proof, n_token;

  memset (hello, 0, sizeof *hello);
  g_variant_get (value, "(u&s@ay&s@ayy)", &hello->version, &id, &proof, &name, &token, &hello->seat);
  p = g_variant_get_fixed_array (proof, &n_proof, 1);
  t = g_variant_get_fixed_array (token, &n_token, 1);
  if (!hearts_net_id_is_valid (id) || n_proof != HEARTS_NET_PROOF_SIZE || !hearts_net_name_is_valid (name) ||
      (n_token != 0 && n_token != HEARTS_NET_TOKEN_SIZE) ||
      (hello->seat >= HEARTS_MAX_PLAYERS && hello->seat != HEARTS_NET_ANY_SEAT))
    return invalid (error, "hello out of range");
  strcpy (hello->table_id, id);
  memcpy (hello->proof, p, n_proof);
  strcpy (hello->name, name);
  hello->has_token = n_token != 0;
  /* An empty array's data is NULL, which memcpy() may not be given even for 0 bytes. */
  if (hello->has_token)
    memcpy (hello->token, t, n_token);
  return TRUE;
}

/* Welcome */

GVariant *
hearts_net_welcome_to_variant (const HeartsNetWelcome *welcome)
{
  GVariantBuilder results, events;
  guint           n = welcome->rules.n_players;

  g_variant_builder_init (&results, G_VARIANT_TYPE ("a" RESULT_TYPE));
  for (guint i = 0; welcome->results != NULL && i < welcome->results->len; i++)
    g_variant_builder_add_value (&results, result_to_variant (&g_array_index (welcome->results, HeartsHandResult, i), n));
  g_variant_builder_init (&events, G_VARIANT_TYPE ("a" EVENT_TYPE));
  for (guint i = 0; i < welcome->events->len; i++)
    g_variant_builder_add_value (&events, hearts_net_event_to_variant (g_ptr_array_index (welcome->events, i), n));
  return g_variant_new ("(y@ayb@" SEATS_TYPE "@" RULES_TYPE "@a" RESULT_TYPE "@a" EVENT_TYPE ")", welcome->seat,
                        g_variant_new_fixed_array (G_VARIANT_TYPE_BYTE, welcome->token, HEARTS_NET_TOKEN_SIZE, 1),
                        welcome->started, hearts_net_seats_to_variant (welcome->seats, n),
                        hearts_net_rules_to_variant (&welcome->rules), g_variant_builder_end (&results),
                        g_variant_builder_end (&events));
}

void
hearts_net_welcome_clear (HeartsNetWelcome *welcome)
{
  g_clear_pointer (&welcome->results, g_array_unref);
  g_clear_pointer (&welcome->events, g_ptr_array_unref);
}

gboolean
hearts_net_welcome_from_variant (GVariant         *value,
                                 HeartsNetWelcome *welcome,
                                 HeartsSeatState **state_out,
                                 GError          **error)
{
  g_autoptr(GVariant) token = NULL;
  g_autoptr(GVariant) seats = NULL;
  g_autoptr(GVariant) rules = NULL;
  g_autoptr(GVariant) results = NULL;
  g_autoptr(GVariant) events = NULL;
  g_autoptr(HeartsSeatState) state = NULL;
  const guint8 *t;
  gsize         n_token, n_results, n_events;
  gint          totals[HEARTS_MAX_PLAYERS] = { 0 };
  HeartsDeal    nothing = { 0 };
  guint         n;

  memset (welcome, 0, sizeof *welcome);
  g_variant_get (value, "(y@ayb@" SEATS_TYPE "@" RULES_TYPE "@a" RESULT_TYPE "@a" EVENT_TYPE ")", &welcome->seat,
                 &token, &welcome->started, &seats, &rules, &results, &events);
  if (!hearts_net_rules_from_variant (rules, &welcome->rules, error))
    return FALSE;
  n = welcome->rules.n_players;
  t = g_variant_get_fixed_array (token, &n_token, 1);
  if (welcome->seat >= n || n_token != HEARTS_NET_TOKEN_SIZE)
    return invalid (error, "welcome out of range");
  memcpy (welcome->token, t, n_token);
  if (!hearts_net_seats_from_variant (seats, n, welcome->seats, error))
    return FALSE;

  n_results = g_variant_n_children (results);
  n_events = g_variant_n_children (events);
  if (n_results >= MAX_HANDS || n_events == 0)
    return invalid (error, "welcome out of range");
  welcome->results = g_array_sized_new (FALSE, TRUE, sizeof (HeartsHandResult), n_results + 1);
  welcome->events = g_ptr_array_new_with_free_func ((GDestroyNotify) hearts_seat_event_free);
  for (gsize i = 0; i < n_results; i++)
    {
      g_autoptr(GVariant) child = g_variant_get_child_value (results, i);
      HeartsHandResult result;

      if (!result_from_variant (child, n, totals, &result, error))
        {
          hearts_net_welcome_clear (welcome);
          return FALSE;
        }
      memcpy (totals, result.totals, sizeof totals);
      g_array_append_val (welcome->results, result);
    }

  /* The scores so far, between hands; the events deal the hand on the table and make
   * every move of it since, each checked by the state as it is applied. */
  nothing.n_players = n;
  nothing.hand_size = hearts_rules_get_hand_size (&welcome->rules);
  state = g_new0 (HeartsSeatState, 1);
  hearts_seat_state_init (state, &welcome->rules, &nothing, welcome->seat, HEARTS_PHASE_HAND_OVER, n_results,
                          totals, NULL);
  for (gsize i = 0; i < n_events; i++)
    {
      g_autoptr(GVariant) child = g_variant_get_child_value (events, i);
      HeartsSeatEvent event;

      if (!hearts_net_event_from_variant (child, n, &event, error))
        {
          hearts_net_welcome_clear (welcome);
          return FALSE;
        }
      hearts_net_event_fill_totals (&event, state);
      if ((i == 0) != (event.kind == HEARTS_SEAT_EVENT_HAND_STARTED) || !hearts_seat_state_apply (state, &event))
        {
          hearts_net_welcome_clear (welcome);
          return invalid (error, "the hand's events cannot be");
        }
      if (event.kind == HEARTS_SEAT_EVENT_HAND_FINISHED)
        g_array_append_val (welcome->results, event.result);
      g_ptr_array_add (welcome->events, hearts_seat_event_copy (&event));
    }
  if (state_out != NULL)
    *state_out = g_steal_pointer (&state);
  return TRUE;
}

/* Create */

GVariant *
hearts_net_create_to_variant (const HeartsNetCreate *create)
{
  GVariantBuilder seats;

  g_variant_builder_init (&seats, G_VARIANT_TYPE ("a(yy)"));
  for (guint s = 0; s < create->rules.n_players; s++)
    g_variant_builder_add (&seats, "(yy)", create->kinds[s], create->levels[s]);
  return g_variant_new ("(@ay@" RULES_TYPE "a(yy))",
                        g_variant_new_fixed_array (G_VARIANT_TYPE_BYTE, create->proof,
                                                   create->has_proof ? HEARTS_NET_PROOF_SIZE : 0, 1),
                        hearts_net_rules_to_variant (&create->rules), &seats);
}

gboolean
hearts_net_create_from_variant (GVariant        *value,
                                HeartsNetCreate *create,
                                GError         **error)
{
  g_autoptr(GVariant) proof = NULL;
  g_autoptr(GVariant) rules = NULL;
  g_autoptr(GVariant) seats = NULL;
  const guint8 *p;
  gsize         n_proof;
  guint         people = 0;

  memset (create, 0, sizeof *create);
  g_variant_get (value, "(@ay@" RULES_TYPE "@a(yy))", &proof, &rules, &seats);
  p = g_variant_get_fixed_array (proof, &n_proof, 1);
  if (n_proof != 0 && n_proof != HEARTS_NET_PROOF_SIZE)
    return invalid (error, "create out of range");
  create->has_proof = n_proof != 0;
  if (create->has_proof)
    memcpy (create->proof, p, n_proof);
  if (!hearts_net_rules_from_variant (rules, &create->rules, error))
    return FALSE;
  if (g_variant_n_children (seats) != create->rules.n_players)
    return invalid (error, "not a seat each");
  for (guint s = 0; s < create->rules.n_players; s++)
    {
      g_variant_get_child (seats, s, "(yy)", &create->kinds[s], &create->levels[s]);
      if ((create->kinds[s] != HEARTS_NET_SEAT_OPEN && create->kinds[s] != HEARTS_NET_SEAT_COMPUTER) ||
          create->levels[s] >= HEARTS_N_AI_LEVELS)
        return invalid (error, "a seat out of range");
      people += create->kinds[s] == HEARTS_NET_SEAT_OPEN;
    }
  if (people == 0)
    return invalid (error, "a table with nobody to sit at it");
  return TRUE;
}

/* Secrets */

void
hearts_net_random (guint8 *buffer,
                   gsize   size)
{
  if (gnutls_rnd (GNUTLS_RND_KEY, buffer, size) != 0)
    g_error ("No random numbers to be had");
}

void
hearts_net_proof (const guint8 *secret,
                  gsize         secret_size,
                  const guint8 *nonce,
                  const char   *purpose,
                  guint8       *proof)
{
  g_autoptr(GHmac) hmac = g_hmac_new (G_CHECKSUM_SHA256, secret, secret_size);
  gsize size = HEARTS_NET_PROOF_SIZE;

  /* The purpose and the protocol's name are in what is signed: a proof made for one
   * thing never passes for another. */
  g_hmac_update (hmac, (const guchar *) "hearts 1 ", 9);
  g_hmac_update (hmac, (const guchar *) purpose, strlen (purpose) + 1);
  g_hmac_update (hmac, nonce, HEARTS_NET_NONCE_SIZE);
  g_hmac_get_digest (hmac, proof, &size);
}

gboolean
hearts_net_equal_secret (const guint8 *a,
                         const guint8 *b,
                         gsize         size)
{
  volatile guint8 diff = 0;

  for (gsize i = 0; i < size; i++)
    diff |= a[i] ^ b[i];
  return diff == 0;
}

void
hearts_net_table_id (const guint8 *secret,
                     char         *id)
{
  g_autoptr(GChecksum) sum = g_checksum_new (G_CHECKSUM_SHA256);
  guint8           digest[32];
  gsize            size = sizeof digest;
  g_autofree char *text = NULL;

  g_checksum_update (sum, (const guchar *) "hearts table id", 15);
  g_checksum_update (sum, secret, HEARTS_NET_SECRET_SIZE);
  g_checksum_get_digest (sum, digest, &size);
  text = hearts_net_base32_encode (digest, HEARTS_NET_ID_SIZE);
  memcpy (id, text, HEARTS_NET_ID_LENGTH + 1);
}
