/* net-test-util.h: tables and players on loopback, for the net tests
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "hearts-game-runner.h"
#include "hearts-net-client.h"
#include "hearts-net-server.h"
#include "hearts-test-util.h"

G_BEGIN_DECLS

/* A game served on 127.0.0.1: its runner (auto-finish off, so that the moves are
 * the players' only), its host and its server, in a folder of its own. */
typedef struct
{
  char             *dir;
  GTlsCertificate  *certificate;
  HeartsGame       *game;
  HeartsGameRunner *runner;
  HeartsNetHost    *host;
  HeartsNetServer  *server;
  char             *invitation;
} NetTable;

/* Seats in @open (a bit each) are opened for people. @limits may be NULL: the default
 * limits, but for the rate, which players moving at the machine's speed exceed. */
NetTable *net_table_new            (const HeartsRules     *rules,
                                    guint64                seed,
                                    guint                  open,
                                    const HeartsNetLimits *limits);
/* The same table at another server (a restarted host): @game and @table_state resumed. */
NetTable *net_table_resume         (const char            *dir,
                                    HeartsGame            *game,
                                    GVariant              *table_state,
                                    guint16                port,
                                    const HeartsNetLimits *limits);
void      net_table_free           (NetTable              *table);
/* The certificate of a folder, made once. */
GTlsCertificate *net_test_certificate (const char         *dir);

/* A person whose seat an AI plays, from what the seat's view says and nothing more. */
typedef struct
{
  HeartsNetClient *client;
  HeartsAi        *ai;
  gboolean         joined;
  GError          *error;
  gboolean         closed;
  guint            closed_reason;
  guint            refused;
  guint            moves;
  guint            idle_id;
  guint            passed_hand;  /* the hand whose pass went, plus one */
  gboolean         acting;       /* FALSE: the bot sits and does nothing */
  HeartsSeatView  *view;
} NetBot;

NetBot   *net_bot_new              (const char            *name,
                                    HeartsAiLevel          level,
                                    guint64                seed);
void      net_bot_join             (NetBot                *bot,
                                    const char            *invitation);
/* Knocks at a table found on the network (hearts_net_client_knock_async()). */
void      net_bot_knock_cancellable (NetBot               *bot,
                                     const char           *host,
                                     guint16               port,
                                     const guint8         *fingerprint,
                                     const char           *table_id,
                                     GCancellable         *cancellable);
void      net_bot_knock            (NetBot                *bot,
                                    const char            *host,
                                    guint16                port,
                                    const guint8          *fingerprint,
                                    const char            *table_id);
/* Until joined or failed; TRUE when joined. */
gboolean  net_bot_wait_joined      (NetBot                *bot);
void      net_bot_free             (NetBot                *bot);

/* A process that dies with the test (a test that fails leaves no server behind). */
GSubprocess *net_test_spawn        (const char * const    *argv,
                                    GError               **error);

/* Conditions on a NULL-terminated array of bots: every one closed; every view's game over. */
gboolean  net_bots_closed          (gpointer               bots);
gboolean  net_bots_over            (gpointer               bots);

/* The main loop until @game is over. */
gboolean  net_wait_game_over       (HeartsGame            *game);

/* A TLS connection over @base with no trust database, as the real client and host make
 * them (a runtime without authorities warns when asked for the system's). */
GIOStream *net_tls_client_new      (GIOStream             *base,
                                    GError               **error);
GIOStream *net_tls_server_new      (GIOStream             *base,
                                    GTlsCertificate       *certificate,
                                    GError               **error);
/* A game with every seat the computer's at @level with the seats' own seeds, played
 * out on this thread (what the same seed gives without a network). */
HeartsGame *net_play_locally       (const HeartsRules     *rules,
                                    guint64                seed,
                                    HeartsAiLevel          level);

G_END_DECLS
