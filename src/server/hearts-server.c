/* hearts-server.c: tables of Hearts for people across the internet
 *
 * The table code is the game's own (HeartsNetHost, HeartsNetServer): a table here is a
 * game, its runner and its host, as in the window. Tables are made by whoever asks
 * (CREATE, limited per address), or at start (--tables); each is kept in a file of the
 * state folder, written at most every ten seconds while it changes (all at once when
 * stopped), so that a restart resumes every
 * table and the people come back with their invitations.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <errno.h>
#include <glib-unix.h>
#include <glib/gstdio.h>
#include <stdio.h>
#include <string.h>

#include "hearts-game-deal.h"
#include "hearts-game-runner.h"
#include "hearts-net-cert.h"
#include "hearts-net-link.h"
#include "hearts-net-protocol.h"
#include "hearts-net-server.h"
#include "hearts-saved-game.h"

/* A table nobody is at goes after so long; one whose game is over, sooner. */
#define ABANDONED_S 1800
#define FINISHED_S  60
#define SWEEP_S     10
#define SAVE_TICK_MS   20
#define SAVES_PER_TICK 10

typedef struct
{
  HeartsGame       *game;
  HeartsGameRunner *runner;
  HeartsNetHost    *host;
  char             *path;
  char             *creator; /* the address that asked for it */
  guint             queens;  /* the saved game's count: hands in which seat 0 took the Q♠ */
  gboolean          dirty;
  gint64            saved_at;
  gint64            empty_since;
} Table;

/* The tables' files are written by a thread of their own: a write may wait for the disk
 * (the rename is made durable), and the main loop must not. A table written again before
 * its last write went out is written once, as it is now. */
typedef struct
{
  GMutex      lock;
  GCond       cond;
  GHashTable *pending; /* path → GBytes, or a NULL value: remove the file */
  gboolean    stopping;
  GThread    *thread;
} Writer;

static gpointer
writer_thread (gpointer data)
{
  Writer *writer = data;

  for (;;)
    {
      g_autofree char *path = NULL;
      g_autoptr(GBytes) bytes = NULL;
      g_autoptr(GError) error = NULL;
      GHashTableIter iter;

      g_mutex_lock (&writer->lock);
      while (g_hash_table_size (writer->pending) == 0 && !writer->stopping)
        g_cond_wait (&writer->cond, &writer->lock);
      if (g_hash_table_size (writer->pending) == 0)
        {
          g_mutex_unlock (&writer->lock);
          return NULL;
        }
      g_hash_table_iter_init (&iter, writer->pending);
      g_hash_table_iter_next (&iter, (gpointer *) &path, (gpointer *) &bytes);
      g_hash_table_iter_steal (&iter);
      g_mutex_unlock (&writer->lock);

      if (bytes == NULL)
        g_unlink (path);
      else
        {
          g_autofree char *temporary = g_strconcat (path, ".new", NULL);

          /* A new file renamed over the old: a crash of the server leaves one or the
           * other. Not made durable (fsync): a thousand tables' durable writes took a
           * third of the server's time and held its moves for hundreds of ms; a table
           * whose file a power cut spoilt is found out at the next start and set aside.
           * It holds the table's secret and tokens: for the server's eyes only. */
          if (!g_file_set_contents_full (temporary, g_bytes_get_data (bytes, NULL), g_bytes_get_size (bytes),
                                         G_FILE_SET_CONTENTS_NONE, 0600, &error) ||
              g_rename (temporary, path) != 0)
            g_warning ("Could not keep the table in %s: %s", path,
                       error != NULL ? error->message : g_strerror (errno));
        }
    }
}

static void
writer_start (Writer *writer)
{
  g_mutex_init (&writer->lock);
  g_cond_init (&writer->cond);
  writer->pending = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, (GDestroyNotify) g_bytes_unref);
  writer->thread = g_thread_new ("tables", writer_thread, writer);
}

/* @bytes NULL: the file goes. */
static void
writer_put (Writer     *writer,
            const char *path,
            GBytes     *bytes)
{
  g_mutex_lock (&writer->lock);
  g_hash_table_replace (writer->pending, g_strdup (path), bytes != NULL ? g_bytes_ref (bytes) : NULL);
  g_cond_signal (&writer->cond);
  g_mutex_unlock (&writer->lock);
}

/* Everything pending is written first. */
static void
writer_stop (Writer *writer)
{
  g_mutex_lock (&writer->lock);
  writer->stopping = TRUE;
  g_cond_signal (&writer->cond);
  g_mutex_unlock (&writer->lock);
  g_thread_join (writer->thread);
  g_hash_table_unref (writer->pending);
  g_mutex_clear (&writer->lock);
  g_cond_clear (&writer->cond);
}

typedef struct
{
  HeartsNetServer *server;
  GHashTable      *tables;  /* id → Table */
  GHashTable      *created; /* address → tables it made now (GUINT_TO_POINTER) */
  char            *tables_dir;
  GMainLoop       *loop;
  Writer           writer;
  guint            max_tables;
  guint            per_address;
  guint            grace_ms;
  gint64           save_interval_us;
  gboolean         save;
} Server;

static void
table_free (Table *table)
{
  g_signal_handlers_disconnect_by_data (table->game, table);
  g_signal_handlers_disconnect_by_data (table->host, table);
  hearts_game_runner_set_game (table->runner, NULL, NULL);
  hearts_net_host_close (table->host);
  g_clear_object (&table->runner);
  g_clear_object (&table->host);
  g_clear_object (&table->game);
  g_free (table->path);
  g_free (table->creator);
  g_free (table);
}

/* Saving */

static void
on_changed_cb (Table *table)
{
  table->dirty = TRUE;
}

static void
on_hand_finished_cb (HeartsGame *game,
                     guint       hand,
                     Table      *table)
{
  if (hearts_cards_has (hearts_game_get_deal (game)->taken[0], HEARTS_QUEEN_OF_SPADES))
    table->queens++;
}

static void
save_table (Server *server,
            Table  *table)
{
  g_autoptr(GVariant) state = NULL;
  g_autoptr(GVariant) host = NULL;
  g_autoptr(GBytes) bytes = NULL;
  GVariantDict dict;

  table->dirty = FALSE;
  if (!server->save)
    return;
  state = hearts_saved_game_to_variant (table->game, HEARTS_PRESET_CUSTOM, table->queens);
  host = hearts_net_host_save (table->host);
  g_variant_dict_init (&dict, state);
  g_variant_dict_insert_value (&dict, "table", host);
  g_clear_pointer (&state, g_variant_unref);
  state = g_variant_ref_sink (g_variant_dict_end (&dict));
  bytes = hearts_saved_game_to_file_bytes (state);
  writer_put (&server->writer, table->path, bytes);
}

static void
save_all (Server *server)
{
  GHashTableIter iter;
  Table         *table;

  g_hash_table_iter_init (&iter, server->tables);
  while (g_hash_table_iter_next (&iter, NULL, (gpointer *) &table))
    if (table->dirty)
      save_table (server, table);
}

/* A few tables at a time, each at most once a save interval: making a thousand
 * tables' files at once held every table for a tenth of a second. */
static gboolean
on_save_cb (gpointer user_data)
{
  Server        *server = user_data;
  GHashTableIter iter;
  Table         *table;
  gint64         now = g_get_monotonic_time ();
  guint          n = 0;

  g_hash_table_iter_init (&iter, server->tables);
  while (n < SAVES_PER_TICK && g_hash_table_iter_next (&iter, NULL, (gpointer *) &table))
    if (table->dirty && now - table->saved_at >= server->save_interval_us)
      {
        save_table (server, table);
        table->saved_at = now;
        n++;
      }
  return G_SOURCE_CONTINUE;
}

/* Tables */

static Table *
add_table (Server        *server,
           HeartsGame    *game,
           HeartsNetHost *host,
           const char    *creator)
{
  Table *table = g_new0 (Table, 1);

  table->game = g_object_ref (game);
  table->host = g_object_ref (host);
  table->runner = hearts_game_runner_new ();
  table->creator = g_strdup (creator);
  table->path = g_build_filename (server->tables_dir, hearts_net_host_get_id (host), NULL);
  hearts_net_host_set_auto_start (host, TRUE);
  hearts_net_host_set_grace (host, server->grace_ms);
  g_signal_connect_swapped (game, "changed", G_CALLBACK (on_changed_cb), table);
  g_signal_connect (game, "hand-finished", G_CALLBACK (on_hand_finished_cb), table);
  g_signal_connect_swapped (host, "changed", G_CALLBACK (on_changed_cb), table);
  hearts_game_runner_set_game (table->runner, game, NULL);
  hearts_net_server_add_host (server->server, host);
  g_hash_table_insert (server->tables, g_strdup (hearts_net_host_get_id (host)), table);
  if (creator != NULL)
    g_hash_table_insert (server->created, g_strdup (creator),
                         GUINT_TO_POINTER (GPOINTER_TO_UINT (g_hash_table_lookup (server->created, creator)) + 1));
  table->dirty = TRUE;
  return table;
}

static void
remove_table (Server *server,
              Table  *table)
{
  g_autofree char *id = g_strdup (hearts_net_host_get_id (table->host));

  g_debug ("Table %s goes", id);
  if (table->creator != NULL)
    {
      guint n = GPOINTER_TO_UINT (g_hash_table_lookup (server->created, table->creator));

      if (n <= 1)
        g_hash_table_remove (server->created, table->creator);
      else
        g_hash_table_insert (server->created, g_strdup (table->creator), GUINT_TO_POINTER (n - 1));
    }
  hearts_net_server_remove_host (server->server, table->host);
  if (server->save)
    writer_put (&server->writer, table->path, NULL);
  g_hash_table_remove (server->tables, id);
}

static HeartsNetHost *
create_table (HeartsNetServer       *net_server,
              const HeartsNetCreate *create,
              const char            *address,
              gpointer               user_data,
              GError               **error)
{
  Server *server = user_data;
  g_autoptr(HeartsGame) game = NULL;
  g_autoptr(HeartsNetHost) host = NULL;
  guint64 seed;
  gint    owner = -1;

  if (g_hash_table_size (server->tables) >= server->max_tables)
    {
      g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_NO_SPACE, "This server has all the tables it can");
      return NULL;
    }
  if (address != NULL && GPOINTER_TO_UINT (g_hash_table_lookup (server->created, address)) >= server->per_address)
    {
      g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_NO_SPACE, "Too many tables from this address");
      return NULL;
    }

  /* The seed from the system's generator: nobody may guess the deals. */
  hearts_net_random ((guint8 *) &seed, sizeof seed);
  game = hearts_game_new (&create->rules, seed);
  host = hearts_net_host_new (game);
  for (guint s = 0; s < create->rules.n_players; s++)
    {
      if (create->kinds[s] == HEARTS_NET_SEAT_OPEN)
        {
          hearts_game_set_seat_level (game, s, create->levels[s]);
          hearts_net_host_open_seat (host, s);
          if (owner < 0)
            owner = s;
        }
      else
        hearts_game_set_seat_level (game, s, create->levels[s]);
    }
  /* Whoever sits first at the first open seat may start before every seat is taken. */
  hearts_net_host_set_owner_seat (host, owner);
  add_table (server, game, host, address);
  g_message ("Table %s made for %s", hearts_net_host_get_id (host), address != NULL ? address : "the command line");
  return g_steal_pointer (&host);
}

static void
load_tables (Server *server)
{
  g_autoptr(GDir) dir = g_dir_open (server->tables_dir, 0, NULL);
  const char *name;
  guint       n = 0;

  while (dir != NULL && (name = g_dir_read_name (dir)) != NULL)
    {
      g_autofree char *path = g_build_filename (server->tables_dir, name, NULL);
      g_autoptr(GFile) file = g_file_new_for_path (path);
      g_autoptr(GBytes) bytes = NULL;
      g_autoptr(GVariant) state = NULL;
      g_autoptr(GVariant) table_state = NULL;
      g_autoptr(HeartsGame) game = NULL;
      g_autoptr(HeartsNetHost) host = NULL;
      g_autoptr(GError) error = NULL;
      guint  queens = 0;
      Table *table;

      if (g_str_has_suffix (name, ".bad") || g_str_has_suffix (name, ".new") || name[0] == '.')
        continue;
      bytes = g_file_load_bytes (file, NULL, NULL, &error);
      if (bytes != NULL)
        state = hearts_saved_game_from_file_bytes (bytes, &error);
      if (state != NULL)
        game = hearts_saved_game_from_variant (state, NULL, &queens, &error);
      if (game != NULL && (table_state = g_variant_lookup_value (state, "table", G_VARIANT_TYPE_VARDICT)) == NULL)
        g_set_error_literal (&error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA, "no table");
      else if (game != NULL)
        host = hearts_net_host_new_from_saved (game, table_state, &error);
      if (host == NULL || !g_str_equal (hearts_net_host_get_id (host), name))
        {
          g_autofree char *bad = g_strconcat (path, ".bad", NULL);

          g_warning ("Table %s cannot be resumed (%s); kept as %s", name, error != NULL ? error->message : "another id",
                     bad);
          g_rename (path, bad);
          continue;
        }
      table = add_table (server, game, host, NULL);
      table->queens = queens;
      table->dirty = FALSE;
      n++;
    }
  if (n > 0)
    g_message ("%u tables resumed", n);
}

static gboolean
on_sweep_cb (gpointer user_data)
{
  Server *server = user_data;
  g_autoptr(GPtrArray) gone = g_ptr_array_new ();
  GHashTableIter iter;
  Table         *table;
  gint64         now = g_get_monotonic_time ();

  g_hash_table_iter_init (&iter, server->tables);
  while (g_hash_table_iter_next (&iter, NULL, (gpointer *) &table))
    {
      gboolean over = hearts_game_get_phase (table->game) == HEARTS_PHASE_GAME_OVER;

      if (hearts_net_host_get_n_people (table->host) > 0)
        table->empty_since = 0;
      else if (table->empty_since == 0)
        table->empty_since = now;
      else if (now - table->empty_since > (over ? FINISHED_S : ABANDONED_S) * G_USEC_PER_SEC)
        g_ptr_array_add (gone, table);
    }
  for (guint i = 0; i < gone->len; i++)
    remove_table (server, g_ptr_array_index (gone, i));
  return G_SOURCE_CONTINUE;
}

static gboolean
on_quit_cb (gpointer user_data)
{
  Server *server = user_data;

  g_message ("Stopping");
  save_all (server);
  g_main_loop_quit (server->loop);
  return G_SOURCE_REMOVE;
}

/* The server's key for making tables, made once. */
static gboolean
load_key (const char *dir,
          guint8     *key,
          GError    **error)
{
  g_autofree char *path = g_build_filename (dir, "create-key", NULL);
  g_autofree char *text = NULL;

  if (!g_file_test (path, G_FILE_TEST_EXISTS))
    {
      g_autofree char *encoded = NULL;

      hearts_net_random (key, HEARTS_NET_LINK_KEY_SIZE);
      encoded = hearts_net_base32_encode (key, HEARTS_NET_LINK_KEY_SIZE);
      return g_file_set_contents_full (path, encoded, -1, G_FILE_SET_CONTENTS_CONSISTENT, 0600, error);
    }
  if (!g_file_get_contents (path, &text, NULL, error))
    return FALSE;
  if (!hearts_net_base32_decode (g_strstrip (text), key, HEARTS_NET_LINK_KEY_SIZE))
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA, "%s is not a key", path);
      return FALSE;
    }
  return TRUE;
}

int
main (int   argc,
      char *argv[])
{
  g_autoptr(GOptionContext) context = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(GTlsCertificate) certificate = NULL;
  g_autofree char *state_dir = NULL;
  g_autofree char *address = NULL;
  g_autofree char *name = NULL;
  g_autofree char *cert_path = NULL;
  g_autofree char *link = NULL;
  HeartsNetLimits  limits;
  Server           server = { 0 };
  gint             port = HEARTS_NET_DEFAULT_PORT, tables = 0, max_tables = 2000, per_address = 8;
  gint             max_connections = 10000, conns_per_address = 16, grace = 20000, save_interval = 10000;
  gint             rate = 20;
  gboolean         keyed = FALSE, no_save = FALSE;
  guint8           key[HEARTS_NET_LINK_KEY_SIZE];
  GOptionEntry     entries[] = {
        { "port", 'p', 0, G_OPTION_ARG_INT, &port, "Port to listen on (7373; 0: any free one)", "PORT" },
        { "address", 'a', 0, G_OPTION_ARG_STRING, &address, "Address to listen on (every one)", "ADDRESS" },
        { "name", 'n', 0, G_OPTION_ARG_STRING, &name, "Name or address people reach the server by (the host's name)", "NAME" },
        { "state-dir", 's', 0, G_OPTION_ARG_FILENAME, &state_dir,
          "Folder of the certificate and the tables ($STATE_DIRECTORY, or ~/.local/state/hearts-server)", "DIR" },
        { "tables", 't', 0, G_OPTION_ARG_INT, &tables, "Tables of four people to make now, and print the invitations of", "N" },
        { "create-key", 'k', 0, G_OPTION_ARG_NONE, &keyed, "Make tables only for those with the server's key (in its link)", NULL },
        { "max-tables", 0, 0, G_OPTION_ARG_INT, &max_tables, "Tables at most (2000)", "N" },
        { "tables-per-address", 0, 0, G_OPTION_ARG_INT, &per_address, "Tables one address may make (8)", "N" },
        { "max-connections", 0, 0, G_OPTION_ARG_INT, &max_connections, "Connections at most (10000)", "N" },
        { "connections-per-address", 0, 0, G_OPTION_ARG_INT, &conns_per_address, "Connections from one address (16)", "N" },
        { "rate", 0, 0, G_OPTION_ARG_INT, &rate, "Messages a connection may send a second (20; three times that at once)", "N" },
        { "grace", 0, 0, G_OPTION_ARG_INT, &grace, "Milliseconds a dropped person is waited for (20000)", "MS" },
        { "save-interval", 0, 0, G_OPTION_ARG_INT, &save_interval, "Milliseconds between writes of a table that changes (10000)", "MS" },
        { "no-save", 0, 0, G_OPTION_ARG_NONE, &no_save, "Keep no table in the state folder", NULL },
        { NULL }
  };

  context = g_option_context_new ("— tables of Hearts for people across the network");
  g_option_context_add_main_entries (context, entries, NULL);
  if (!g_option_context_parse (context, &argc, &argv, &error))
    {
      fprintf (stderr, "hearts-server: %s\n", error->message);
      return 2;
    }
  if (port < 0 || port > 65535 || max_tables <= 0 || per_address <= 0 || max_connections <= 0 ||
      conns_per_address <= 0 || grace < 0 || rate <= 0 || save_interval < 100 || tables < 0 || tables > max_tables)
    {
      fprintf (stderr, "hearts-server: an option out of range\n");
      return 2;
    }
  if (state_dir == NULL)
    state_dir = g_getenv ("STATE_DIRECTORY") != NULL ? g_strdup (g_getenv ("STATE_DIRECTORY"))
                                                     : g_build_filename (g_get_user_state_dir (), "hearts-server", NULL);
  if (name == NULL)
    name = g_strdup (g_get_host_name ());
  if (!hearts_net_host_is_valid (name))
    {
      fprintf (stderr, "hearts-server: “%s” cannot stand in a link; give --name\n", name);
      return 2;
    }

  server.tables_dir = g_build_filename (state_dir, "tables", NULL);
  if (g_mkdir_with_parents (server.tables_dir, 0700) != 0)
    {
      fprintf (stderr, "hearts-server: %s: %s\n", server.tables_dir, g_strerror (errno));
      return 1;
    }
  cert_path = g_build_filename (state_dir, "certificate.pem", NULL);
  certificate = hearts_net_cert_load_or_create (cert_path, &error);
  if (certificate == NULL || (keyed && !load_key (state_dir, key, &error)))
    {
      fprintf (stderr, "hearts-server: %s\n", error->message);
      return 1;
    }

  server.tables = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, (GDestroyNotify) table_free);
  server.created = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  server.max_tables = max_tables;
  server.per_address = per_address;
  server.grace_ms = grace;
  server.save = !no_save;
  server.server = hearts_net_server_new (certificate);
  hearts_net_limits_init (&limits);
  limits.max_connections = max_connections;
  limits.per_address = conns_per_address;
  limits.rate = rate;
  limits.burst = 3 * rate;
  hearts_net_server_set_limits (server.server, &limits);
  hearts_net_server_set_public_name (server.server, name);
  hearts_net_server_set_create_func (server.server, create_table, &server, keyed ? key : NULL);
  writer_start (&server.writer);
  if (server.save)
    load_tables (&server);
  if (!hearts_net_server_listen (server.server, address, port, &error))
    {
      fprintf (stderr, "hearts-server: %s\n", error->message);
      return 1;
    }

  link = hearts_net_server_get_link (server.server);
  printf ("hearts-server: listening on %s port %u, state in %s\n", address != NULL ? address : "every address",
          hearts_net_server_get_port (server.server), state_dir);
  printf ("server link (to make tables here): %s\n", link);
  for (gint i = 0; i < tables; i++)
    {
      HeartsNetCreate create = { 0 };
      g_autoptr(HeartsNetHost) host = NULL;
      g_autofree char *invitation = NULL;

      hearts_rules_init_default (&create.rules);
      for (guint s = 0; s < create.rules.n_players; s++)
        {
          create.kinds[s] = HEARTS_NET_SEAT_OPEN;
          create.levels[s] = HEARTS_AI_NORMAL;
        }
      host = create_table (server.server, &create, NULL, &server, &error);
      invitation = hearts_net_server_get_invitation (server.server, host);
      printf ("table %d: %s\n", i + 1, invitation);
    }
  fflush (stdout);

  server.loop = g_main_loop_new (NULL, FALSE);
  server.save_interval_us = (gint64) save_interval * 1000;
  g_timeout_add (SAVE_TICK_MS, on_save_cb, &server);
  g_timeout_add_seconds (SWEEP_S, on_sweep_cb, &server);
  g_unix_signal_add (SIGTERM, on_quit_cb, &server);
  g_unix_signal_add (SIGINT, on_quit_cb, &server);
  g_main_loop_run (server.loop);

  hearts_net_server_stop (server.server);
  writer_stop (&server.writer);
  g_hash_table_unref (server.tables);
  g_hash_table_unref (server.created);
  g_object_unref (server.server);
  g_main_loop_unref (server.loop);
  g_free (server.tables_dir);
  return 0;
}
