/* hearts-net-protocol.h: the messages of a table across the network (docs/NETWORK.md)
 *
 * Every message is a 4-byte big-endian length, a kind byte, then one serialized GVariant
 * (little-endian) of the kind's fixed type. Whatever comes in is checked here before
 * anything else reads it: the length, the kind, the exact type, the normal form, and
 * every field's range. A seat's state is never sent: it travels as the events that
 * make it, which the receiver applies with hearts_seat_state_apply().
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gio/gio.h>

#include "hearts-seat-state.h"

G_BEGIN_DECLS

#define HEARTS_NET_VERSION         1
/* The bytes after the length, at most: the kind and the body. */
#define HEARTS_NET_MAX_MESSAGE     16384
#define HEARTS_NET_HEADER_SIZE     5
#define HEARTS_NET_NONCE_SIZE      32
#define HEARTS_NET_PROOF_SIZE      32
#define HEARTS_NET_TOKEN_SIZE      32
#define HEARTS_NET_SECRET_SIZE     16
#define HEARTS_NET_FINGERPRINT_SIZE 16
/* A table's id: 10 bytes, 16 characters of base32. */
#define HEARTS_NET_ID_SIZE         10
#define HEARTS_NET_ID_LENGTH       16
/* A person's name, in bytes of UTF-8 (and at least one character). */
#define HEARTS_NET_MAX_NAME        64
#define HEARTS_NET_MAX_DETAIL      200
#define HEARTS_NET_ANY_SEAT        0xff

typedef enum
{
  /* host → client */
  HEARTS_NET_CHALLENGE = 1,
  HEARTS_NET_WELCOME,
  HEARTS_NET_EVENT,
  HEARTS_NET_SEATS,
  HEARTS_NET_REFUSED,
  HEARTS_NET_NOTICE,
  HEARTS_NET_BYE,
  HEARTS_NET_CLAIM_CHECKED,
  HEARTS_NET_PONG,
  HEARTS_NET_TABLE_CREATED,
  HEARTS_NET_LET_IN,
  /* client → host */
  HEARTS_NET_HELLO = 32,
  HEARTS_NET_PASS,
  HEARTS_NET_PLAY,
  HEARTS_NET_CLAIM,
  HEARTS_NET_CHECK_CLAIM,
  HEARTS_NET_READY,
  HEARTS_NET_PING,
  HEARTS_NET_START,
  HEARTS_NET_LEAVE,
  HEARTS_NET_CREATE,
  HEARTS_NET_KNOCK,
} HeartsNetKind;

/* A connection's end as an error: the code is its HeartsNetBye. */
#define HEARTS_NET_ERROR (hearts_net_error_quark ())
GQuark hearts_net_error_quark (void);

/* Who sits at a seat, as every window at the table is told. */
typedef enum
{
  HEARTS_NET_SEAT_COMPUTER,  /* a computer player at its level */
  HEARTS_NET_SEAT_LOCAL,     /* a person at the host's machine */
  HEARTS_NET_SEAT_OPEN,      /* waiting for a person */
  HEARTS_NET_SEAT_PERSON,    /* a person, connected */
  HEARTS_NET_SEAT_AWAY,      /* a person whose connection was lost: the table waits */
  HEARTS_NET_SEAT_REPLACED,  /* a person gone: the computer plays until they are back */
  HEARTS_NET_N_SEAT_KINDS
} HeartsNetSeatKind;

/* Why a connection ends (BYE's reason, and the closed signals'). */
typedef enum
{
  HEARTS_NET_BYE_LEFT,         /* the other side said goodbye */
  HEARTS_NET_BYE_CLOSED,       /* the connection was closed or broke */
  HEARTS_NET_BYE_SHUTDOWN,     /* the host or server stopped */
  HEARTS_NET_BYE_PROTOCOL,     /* a message that is not what the protocol allows */
  HEARTS_NET_BYE_FLOOD,        /* more messages than the rate allows */
  HEARTS_NET_BYE_TIMEOUT,      /* nothing within the deadline */
  HEARTS_NET_BYE_NOT_READING,  /* too much waiting to be written */
  HEARTS_NET_BYE_BAD_SECRET,   /* no such table, or not its secret */
  HEARTS_NET_BYE_SLOW_DOWN,    /* too many wrong secrets from this address: wait */
  HEARTS_NET_BYE_VERSION,      /* another version of the protocol */
  HEARTS_NET_BYE_NO_SEAT,      /* no open seat, or no seat for that token */
  HEARTS_NET_BYE_REPLACED,     /* the same seat connected again from elsewhere */
  HEARTS_NET_BYE_TOO_MANY,     /* too many connections, or tables */
  HEARTS_NET_BYE_KICKED,       /* the host gave the seat away */
  HEARTS_NET_BYE_MISBEHAVING,  /* too many refused moves */
  HEARTS_NET_BYE_DONE,         /* the table was made (after TABLE_CREATED) */
  HEARTS_NET_BYE_TLS,          /* the secure connection failed, or not the invited host */
  HEARTS_NET_BYE_NOT_LET_IN,   /* the host did not let the person who knocked in */
  HEARTS_NET_N_BYES
} HeartsNetBye;

/* What happened at the table, for every window to say (the UI words it). */
typedef enum
{
  HEARTS_NET_NOTICE_JOINED,    /* a person sat down */
  HEARTS_NET_NOTICE_BACK,      /* a person came back */
  HEARTS_NET_NOTICE_LOST,      /* a person's connection was lost: the table waits a moment */
  HEARTS_NET_NOTICE_COMPUTER,  /* the computer plays for the person now */
  HEARTS_NET_NOTICE_LEFT,      /* a person left the table: the computer plays */
  HEARTS_NET_NOTICE_DROPPED,   /* a person's program misbehaved and was dropped: the computer plays */
  HEARTS_NET_NOTICE_STARTED,   /* the game began */
  HEARTS_NET_N_NOTICES
} HeartsNetNotice;

/* The move a REFUSED answers. */
typedef enum
{
  HEARTS_NET_MOVE_PASS,
  HEARTS_NET_MOVE_PLAY,
  HEARTS_NET_MOVE_CLAIM,
  HEARTS_NET_MOVE_READY,
  HEARTS_NET_MOVE_START,
  HEARTS_NET_N_MOVES
} HeartsNetMove;

/* A REFUSED's reason: a HeartsRefusal, or one of these. */
#define HEARTS_NET_REFUSED_STALE       64  /* sent before the table moved on */
#define HEARTS_NET_REFUSED_NOT_DECIDED 65  /* a claim: the rest of the hand is not decided */
#define HEARTS_NET_REFUSED_NOT_NOW     66  /* not before the game starts, or not for this seat */

typedef struct
{
  char    name[HEARTS_NET_MAX_NAME + 1];
  guint8  kind;   /* HeartsNetSeatKind */
  guint8  level;  /* HeartsAiLevel of the computer behind the seat */
} HeartsNetSeat;

typedef struct
{
  guint32 version;
  char    table_id[HEARTS_NET_ID_LENGTH + 1];
  guint8  proof[HEARTS_NET_PROOF_SIZE];
  char    name[HEARTS_NET_MAX_NAME + 1];
  gboolean has_token;
  guint8  token[HEARTS_NET_TOKEN_SIZE];
  guint8  seat;   /* wanted, or HEARTS_NET_ANY_SEAT */
} HeartsNetHello;

typedef struct
{
  guint8        seat;
  guint8        token[HEARTS_NET_TOKEN_SIZE];
  gboolean      started;
  HeartsRules   rules;
  HeartsNetSeat seats[HEARTS_MAX_PLAYERS];
  GArray       *results;  /* HeartsHandResult: the hands before this one */
  GPtrArray    *events;   /* HeartsSeatEvent: this hand's, from its HAND_STARTED */
} HeartsNetWelcome;

/* A table asked of a server: each seat a person's (HEARTS_NET_SEAT_OPEN) or a computer's. */
typedef struct
{
  gboolean      has_proof;
  guint8        proof[HEARTS_NET_PROOF_SIZE];
  HeartsRules   rules;
  guint8        kinds[HEARTS_MAX_PLAYERS];
  guint8        levels[HEARTS_MAX_PLAYERS];
} HeartsNetCreate;

/* The kind's type; NULL for no such kind. */
const GVariantType *hearts_net_kind_get_body_type   (guint                   kind);
/* Whether the host (else a client) sends it. */
gboolean            hearts_net_kind_is_from_host    (guint                   kind);

/* The whole message, length first. @body is of the kind's type (a floating one is sunk). */
GBytes             *hearts_net_message_new          (HeartsNetKind           kind,
                                                     GVariant               *body);
/* A message's body from the bytes after its kind: the kind's exact type in normal form,
 * else NULL and @error (G_IO_ERROR_INVALID_DATA). */
GVariant           *hearts_net_body_parse           (guint                   kind,
                                                     const guint8           *data,
                                                     gsize                   size,
                                                     GError                **error);

GVariant           *hearts_net_rules_to_variant     (const HeartsRules      *rules);
gboolean            hearts_net_rules_from_variant   (GVariant               *value,
                                                     HeartsRules            *rules,
                                                     GError                **error);
GVariant           *hearts_net_event_to_variant     (const HeartsSeatEvent  *event,
                                                     guint                   n_players);
/* Every field in range for @n_players, and unused fields at their one value, so that
 * each event has one encoding. RESET never travels. */
gboolean            hearts_net_event_from_variant   (GVariant               *value,
                                                     guint                   n_players,
                                                     HeartsSeatEvent        *event,
                                                     GError                **error);
/* A HAND_FINISHED off the wire has points only: its totals follow from @state's. */
void                hearts_net_event_fill_totals    (HeartsSeatEvent        *event,
                                                     const HeartsSeatState  *state);
GVariant           *hearts_net_seats_to_variant     (const HeartsNetSeat    *seats,
                                                     guint                   n_seats);
gboolean            hearts_net_seats_from_variant   (GVariant               *value,
                                                     guint                   n_players,
                                                     HeartsNetSeat          *seats,
                                                     GError                **error);

GVariant           *hearts_net_hello_to_variant     (const HeartsNetHello   *hello);
gboolean            hearts_net_hello_from_variant   (GVariant               *value,
                                                     HeartsNetHello         *hello,
                                                     GError                **error);
GVariant           *hearts_net_welcome_to_variant   (const HeartsNetWelcome *welcome);
/* Also: the results add up, and the events make a seat's state from them (the state is
 * in @state, the results of the events' finished hand appended to @welcome's). */
gboolean            hearts_net_welcome_from_variant (GVariant               *value,
                                                     HeartsNetWelcome       *welcome,
                                                     HeartsSeatState       **state,
                                                     GError                **error);
void                hearts_net_welcome_clear        (HeartsNetWelcome       *welcome);
GVariant           *hearts_net_create_to_variant    (const HeartsNetCreate  *create);
gboolean            hearts_net_create_from_variant  (GVariant               *value,
                                                     HeartsNetCreate        *create,
                                                     GError                **error);

/* Whether @name is a name a person may have: 1 to HEARTS_NET_MAX_NAME bytes of UTF-8,
 * no control characters, not only spaces. */
gboolean            hearts_net_name_is_valid        (const char             *name);
/* A table's id: HEARTS_NET_ID_LENGTH characters of base32. */
gboolean            hearts_net_id_is_valid          (const char             *id);

/* Secrets */

/* Random bytes fit for a key (GnuTLS's generator). */
void                hearts_net_random               (guint8                 *buffer,
                                                     gsize                   size);
/* HMAC-SHA256 of the @nonce, keyed with @secret, for @purpose ("hello", "create"). */
void                hearts_net_proof                (const guint8           *secret,
                                                     gsize                   secret_size,
                                                     const guint8           *nonce,
                                                     const char             *purpose,
                                                     guint8                 *proof);
/* In time that does not depend on where they differ. */
gboolean            hearts_net_equal_secret         (const guint8           *a,
                                                     const guint8           *b,
                                                     gsize                   size);
/* The table's id, made from its secret: the invitation carries the secret only. */
void                hearts_net_table_id             (const guint8           *secret,
                                                     char                   *id);

G_END_DECLS
