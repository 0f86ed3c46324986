/* hearts-window-table.c: the window at a table of people
 *
 * Hosting: the window opens a table (a HeartsNetHost on a new game, served by a
 * HeartsNetServer on this machine) while the host dialog fills its seats; at Start the
 * table's game becomes the window's and the window's runner plays its computers. The
 * game is saved with its table, so that a host who quits or crashes resumes it and the
 * people come back with the same invitation.
 *
 * Joining: the window shows the seat's view that a HeartsNetClient feeds; the game
 * played alone waits, saved, and comes back when the player leaves the table.
 *
 * Either way, what happens at the table is said in the window, in the players' words.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <errno.h>
#include <glib/gi18n.h>

#include "hearts-compat.h"
#include "hearts-host-dialog.h"
#include "hearts-join-dialog.h"
#include "hearts-local-seat-view.h"
#include "hearts-net-cert.h"
#include "hearts-net-link.h"
#include "hearts-table-words.h"
#include "hearts-window-private.h"

/* People who drop are waited for this long before the computer plays for them. */
#define GRACE_MS HEARTS_NET_HOST_GRACE_MS

static void
on_notice_cb (HeartsWindow *self,
              guint         kind,
              guint         seat,
              const char   *name)
{
  g_autofree char *text = hearts_table_notice_text (kind, name);

  if (text != NULL)
    _hearts_window_add_toast (self, text, FALSE);
}

/* The names at the table, by seat: the people's own, the computers' as the host named them. */
static void
update_table_names (HeartsWindow *self)
{
  guint n = hearts_seat_view_get_n_players (self->view);
  const char *names[HEARTS_MAX_PLAYERS + 1] = { NULL };

  for (guint s = 0; s < n; s++)
    {
      const char *name = NULL;

      if (self->host != NULL)
        name = hearts_net_host_get_seat_name (self->host, s);
      else if (self->client != NULL)
        name = hearts_net_client_get_seat_name (self->client, s);
      names[s] = name != NULL ? name : "";
    }
  hearts_seat_view_set_player_names (self->view, names);
}

gboolean
_hearts_window_at_table (HeartsWindow *self)
{
  return (self->host != NULL && self->host_started) || self->client != NULL;
}

/* Hosting */

static void
save_table (HeartsWindow *self)
{
  g_autoptr(GVariant) table = NULL;
  GVariantDict        dict;

  if (self->host == NULL || !self->host_started)
    return;
  /* The port too: the people come back with the invitation they have. */
  g_variant_dict_init (&dict, hearts_net_host_save (self->host));
  g_variant_dict_insert (&dict, "port", "q", hearts_net_server_get_port (self->server));
  table = g_variant_ref_sink (g_variant_dict_end (&dict));
  hearts_saved_game_set_table (self->saved_game, table);
  /* Who sat down is on the disk before the game goes on. */
  hearts_saved_game_flush (self->saved_game);
}

static void
on_host_seats_changed_cb (HeartsWindow *self)
{
  if (self->host_started)
    update_table_names (self);
}

static void
on_view_ready_cb (HeartsWindow *self)
{
  if (self->host != NULL)
    hearts_net_host_ready (self->host, HEARTS_HUMAN_SEAT);
}

static GTlsCertificate *
load_certificate (GError **error)
{
  g_autofree char *dir = g_build_filename (g_get_user_data_dir (), "hearts", NULL);
  g_autofree char *path = g_build_filename (dir, "host-certificate.pem", NULL);

  if (g_mkdir_with_parents (dir, 0700) != 0)
    {
      int saved_errno = errno;

      g_set_error (error, G_IO_ERROR, g_io_error_from_errno (saved_errno),
                   _("Could not make the folder %s: %s"), dir, g_strerror (saved_errno));
      return NULL;
    }
  return hearts_net_cert_load_or_create (path, error);
}

/* A server for @host, listening on @port (0: the usual one, else any free one). */
static HeartsNetServer *
serve (HeartsNetHost *host,
       guint16        port,
       GError       **error)
{
  g_autoptr(GTlsCertificate) certificate = load_certificate (error);
  g_autoptr(HeartsNetServer) server = NULL;
  g_autofree char *address = hearts_net_local_address ();
  const char *only = g_getenv ("HEARTS_NET_ADDRESS");

  if (certificate == NULL)
    return NULL;
  server = hearts_net_server_new (certificate);
  if (!hearts_net_server_listen (server, only, port != 0 ? port : HEARTS_NET_DEFAULT_PORT, NULL) &&
      (port != 0 || !hearts_net_server_listen (server, only, 0, error)))
    {
      if (port != 0)
        g_set_error (error, G_IO_ERROR, G_IO_ERROR_ADDRESS_IN_USE,
                     _("The table’s port %u is taken by another program"), port);
      return NULL;
    }
  hearts_net_server_set_public_name (server, address);
  hearts_net_server_add_host (server, host);
  return g_steal_pointer (&server);
}

/* Every seat without a person has the name this player gave it (or a plain one), so that
 * each window at the table calls a computer the same. */
/* The player's name at a table: the one in Preferences, else the account's, else
 * @fallback (may be NULL). */
static char *
dup_player_name (HeartsWindow *self,
                 const char   *fallback)
{
  g_autofree char *name = hearts_settings_get_seat_name (self->settings, HEARTS_HUMAN_SEAT);
  const char      *real = g_get_real_name ();

  if (name != NULL && hearts_net_name_is_valid (name))
    return g_steal_pointer (&name);
  if (hearts_net_name_is_valid (real) && !g_str_equal (real, "Unknown"))
    return g_strdup (real);
  return g_strdup (fallback);
}

static void
set_names (HeartsWindow  *self,
           HeartsNetHost *host)
{
  guint n = hearts_game_get_n_players (hearts_net_host_get_game (host));

  for (guint s = 0; s < n; s++)
    {
      HeartsNetSeatKind kind = hearts_net_host_get_seat_kind (host, s);

      if (kind != HEARTS_NET_SEAT_LOCAL && kind != HEARTS_NET_SEAT_COMPUTER)
        continue;
      g_autofree char *name = s == HEARTS_HUMAN_SEAT                    ? dup_player_name (self, _("Host"))
                                                                        : hearts_settings_get_seat_name (self->settings, s);

      if (name == NULL || !hearts_net_name_is_valid (name))
        {
          g_free (name);
          name = g_strdup (_("Computer"));
        }
      hearts_net_host_set_seat_name (host, s, name);
    }
}

static void
follow_host (HeartsWindow *self)
{
  g_signal_connect_object (self->host, "seats-changed", G_CALLBACK (on_host_seats_changed_cb), self,
                           G_CONNECT_SWAPPED);
  g_signal_connect_object (self->host, "notice", G_CALLBACK (on_notice_cb), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->host, "changed", G_CALLBACK (save_table), self, G_CONNECT_SWAPPED);
}

/* Until the game starts, people on the local network find the table and knock. */
static void
announce_table (HeartsWindow *self)
{
  const char *host_name = hearts_net_host_get_seat_name (self->host, HEARTS_HUMAN_SEAT);
  /* Translators: the table's name on the local network; %s is the host's name */
  g_autofree char *name = g_strdup_printf (_("%s’s table"), host_name);

  hearts_net_server_set_knockable (self->server, self->host, TRUE);
  self->announcer = hearts_net_announcer_new (name, hearts_net_server_get_port (self->server),
                                              hearts_net_host_get_id (self->host),
                                              hearts_net_server_get_fingerprint (self->server));
}

static void
withdraw_table (HeartsWindow *self)
{
  if (self->server != NULL && self->host != NULL)
    hearts_net_server_set_knockable (self->server, self->host, FALSE);
  g_clear_object (&self->announcer);
}

gboolean
_hearts_window_open_table (HeartsWindow  *self,
                           GError       **error)
{
  g_autoptr(HeartsGame) game = NULL;
  g_autoptr(HeartsNetHost) host = NULL;

  _hearts_window_close_table (self);

  game = _hearts_window_new_game_from_settings (self);
  host = hearts_net_host_new (game);
  for (guint s = 0; s < hearts_game_get_n_players (game); s++)
    if (s != HEARTS_HUMAN_SEAT)
      hearts_net_host_open_seat (host, s);
  set_names (self, host);
  hearts_net_host_set_grace (host, GRACE_MS);
  self->server = serve (host, 0, error);
  if (self->server == NULL)
    return FALSE;
  self->host = g_steal_pointer (&host);
  self->host_started = FALSE;
  follow_host (self);
  announce_table (self);
  _hearts_window_notify (self, WINDOW_PROP_INVITATION);
  return TRUE;
}

char *
_hearts_window_dup_invitation (HeartsWindow *self)
{
  if (self->host == NULL)
    return NULL;
  return hearts_net_server_get_invitation (self->server, self->host);
}

/* The window's game becomes the table's, and the people play. */
static void
show_hosted_game (HeartsWindow *self,
                  HeartsPreset  preset)
{
  HeartsGame *game = hearts_net_host_get_game (self->host);

  self->host_started = TRUE;
  _hearts_window_show_game (self, game, preset);
  hearts_local_seat_view_set_shared (HEARTS_LOCAL_SEAT_VIEW (self->view), TRUE);
  g_signal_connect_object (self->view, "ready", G_CALLBACK (on_view_ready_cb), self, G_CONNECT_SWAPPED);
  update_table_names (self);
  _hearts_window_actions_update (self);
  save_table (self);
}

void
_hearts_window_start_table (HeartsWindow *self)
{
  HeartsGame *game;

  g_return_if_fail (self->host != NULL && !self->host_started);

  game = hearts_net_host_get_game (self->host);
  withdraw_table (self);
  hearts_net_host_start (self->host);
  /* The open seats nobody took are the computer's now. */
  set_names (self, self->host);
  show_hosted_game (self, hearts_preset_find (hearts_game_get_rules (game),
                                              hearts_settings_get_preset (self->settings)));
}

gboolean
_hearts_window_resume_table (HeartsWindow *self,
                             HeartsGame   *game,
                             GVariant     *table,
                             HeartsPreset  preset,
                             GError      **error)
{
  g_autoptr(HeartsNetHost) host = NULL;
  guint16 port = 0;

  _hearts_window_close_table (self);
  if (!g_variant_lookup (table, "port", "q", &port) || port == 0)
    {
      g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA, _("The saved table has no port"));
      return FALSE;
    }
  host = hearts_net_host_new_from_saved (game, table, error);
  if (host == NULL)
    return FALSE;
  hearts_net_host_set_grace (host, GRACE_MS);
  self->server = serve (host, port, error);
  if (self->server == NULL)
    return FALSE;
  self->host = g_steal_pointer (&host);
  follow_host (self);
  show_hosted_game (self, preset);
  _hearts_window_notify (self, WINDOW_PROP_INVITATION);
  return TRUE;
}

/* Joining */

static void
on_client_seats_changed_cb (HeartsWindow *self)
{
  update_table_names (self);
}

static void
on_client_closed_cb (HeartsWindow *self,
                     guint         reason,
                     const char   *detail)
{
  g_autofree char *text = hearts_table_bye_text (reason);

  g_debug ("Left the table: %s", detail);
  /* A host that quit may resume the table: the seat's token brings the player back. */
  self->client_lost = reason != HEARTS_NET_BYE_LEFT && reason != HEARTS_NET_BYE_KICKED;
  if (self->client_lost)
    _hearts_window_add_action_toast (self, text, _("_Rejoin"), "win.rejoin-table");
  else
    _hearts_window_add_toast (self, text, FALSE);
  _hearts_window_actions_update (self);
}

void
_hearts_window_join_table (HeartsWindow    *self,
                           HeartsNetClient *client)
{
  g_return_if_fail (HEARTS_IS_NET_CLIENT (client));
  g_return_if_fail (hearts_net_client_get_view (client) != NULL);

  _hearts_window_close_table (self);
  /* The game played alone stops where it is, saved; it comes back after the table. */
  hearts_game_runner_set_game (self->runner, NULL, NULL);
  self->client = g_object_ref (client);
  self->client_lost = FALSE;
  g_signal_connect_object (client, "seats-changed", G_CALLBACK (on_client_seats_changed_cb), self,
                           G_CONNECT_SWAPPED);
  g_signal_connect_object (client, "notice", G_CALLBACK (on_notice_cb), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (client, "closed", G_CALLBACK (on_client_closed_cb), self, G_CONNECT_SWAPPED);
  _hearts_window_show_view (self, hearts_net_client_get_view (client));
  update_table_names (self);
  _hearts_window_actions_update (self);
}

static void
on_rejoined_cb (GObject      *source,
                GAsyncResult *result,
                gpointer      user_data)
{
  g_autoptr(HeartsWindow) self = user_data;
  g_autoptr(GError) error = NULL;

  if (!hearts_net_client_join_finish (HEARTS_NET_CLIENT (source), result, &error))
    g_debug ("Rejoining failed: %s", error->message);
  if (error == NULL)
    {
      self->client_lost = FALSE;
      _hearts_window_add_toast (self, _("Back at the table"), FALSE);
    }
  else if (!g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
    {
      g_autofree char *text = hearts_table_error_text (error);

      _hearts_window_add_toast (self, text, FALSE);
    }
  _hearts_window_actions_update (self);
}

void
_hearts_window_rejoin_table (HeartsWindow *self)
{
  if (self->client == NULL || hearts_net_client_get_connected (self->client) || self->invitation == NULL)
    {
      g_debug ("Not rejoining: client %p, connected %d, invitation %s", self->client,
               self->client != NULL && hearts_net_client_get_connected (self->client), self->invitation);
      return;
    }
  hearts_net_client_join_async (self->client, self->invitation, NULL, on_rejoined_cb, g_object_ref (self));
}

gboolean
_hearts_window_can_rejoin (HeartsWindow *self)
{
  return self->client != NULL && self->client_lost && !hearts_net_client_get_connected (self->client);
}

void
_hearts_window_set_invitation (HeartsWindow *self,
                               const char   *invitation)
{
  g_free (self->invitation);
  self->invitation = g_strdup (invitation);
}

/* Leaving */

void
_hearts_window_close_table (HeartsWindow *self)
{
  if (self->client != NULL)
    {
      g_signal_handlers_disconnect_by_data (self->client, self);
      if (hearts_net_client_get_connected (self->client))
        hearts_net_client_leave (self->client);
      g_clear_object (&self->client);
    }
  withdraw_table (self);
  if (self->host != NULL)
    {
      g_signal_handlers_disconnect_by_data (self->host, self);
      /* A table that was played goes with its game: the next game has none. */
      hearts_net_host_close (self->host);
      if (self->server != NULL)
        {
          hearts_net_server_remove_host (self->server, self->host);
          hearts_net_server_stop (self->server);
        }
      g_clear_object (&self->host);
      _hearts_window_notify (self, WINDOW_PROP_INVITATION);
    }
  g_clear_object (&self->server);
  self->host_started = FALSE;
  self->client_lost = FALSE;
}

/* The window goes: the people are told, the table stays in the saved game to resume. */
void
_hearts_window_quit_table (HeartsWindow *self)
{
  if (self->host != NULL && self->host_started)
    save_table (self);
  _hearts_window_close_table (self);
}

/* The dialogs and the actions */

static void leave_table (HeartsWindow *self);

static void
on_host_dialog_start_cb (HeartsWindow *self)
{
  if (self->host != NULL && !self->host_started)
    _hearts_window_start_table (self);
}

static void
on_host_dialog_closed_cb (GtkWidget    *dialog,
                          HeartsWindow *self)
{
  /* Closed without Start: nobody is kept waiting at a table that will not be played. */
  if (self->host != NULL && !self->host_started && !hearts_host_dialog_get_started (HEARTS_HOST_DIALOG (dialog)))
    _hearts_window_close_table (self);
}

/* A table on the server of the settings */

static void
on_server_dialog_start_cb (HeartsWindow *self)
{
  if (self->client != NULL && !hearts_net_client_get_started (self->client))
    hearts_net_client_start (self->client);
}

static void
on_server_dialog_closed_cb (GtkWidget    *dialog,
                            HeartsWindow *self)
{
  /* Closed without Start, before the game began: the table is not wanted. */
  if (self->client != NULL && !hearts_net_client_get_started (self->client) &&
      !hearts_host_dialog_get_started (HEARTS_HOST_DIALOG (dialog)))
    leave_table (self);
}

/* The server's table began (everyone sat down, or Start): its dialog has done its work. */
static void
on_server_seats_changed_cb (HeartsWindow *self)
{
  if (self->client != NULL && hearts_net_client_get_started (self->client) && self->table_dialog != NULL)
    hearts_dialog_close (self->table_dialog);
}

static void
on_server_table_joined_cb (GObject      *source,
                           GAsyncResult *result,
                           gpointer      user_data)
{
  g_autoptr(HeartsWindow) self = user_data;
  HeartsNetClient *client = HEARTS_NET_CLIENT (source);
  g_autoptr(GError) error = NULL;
  const char *invitation = g_object_get_data (source, "invitation");
  GtkWidget  *dialog;

  if (!hearts_net_client_join_finish (client, result, &error))
    {
      g_autofree char *reason = hearts_table_error_text (error);
      /* Translators: %s says why */
      g_autofree char *text = g_strdup_printf (_("The table could not be opened: %s"), reason);

      _hearts_window_add_toast (self, text, FALSE);
      return;
    }
  _hearts_window_join_table (self, client);
  _hearts_window_set_invitation (self, invitation);
  g_signal_connect_object (client, "seats-changed", G_CALLBACK (on_server_seats_changed_cb), self, G_CONNECT_SWAPPED);
  dialog = hearts_host_dialog_new_for_client (client, invitation);
  g_set_weak_pointer (&self->table_dialog, dialog);
  g_signal_connect_object (dialog, "start", G_CALLBACK (on_server_dialog_start_cb), self, G_CONNECT_SWAPPED);
  hearts_dialog_connect_closed (dialog, G_CALLBACK (on_server_dialog_closed_cb), self);
  hearts_dialog_present (dialog, GTK_WIDGET (self));
}

static void
on_server_table_made_cb (GObject      *source,
                         GAsyncResult *result,
                         gpointer      user_data)
{
  g_autoptr(HeartsWindow) self = user_data;
  g_autoptr(GError) error = NULL;
  g_autofree char *invitation = hearts_net_create_table_finish (result, &error);
  g_autofree char *name = dup_player_name (self, _("Host"));
  g_autoptr(HeartsNetClient) client = NULL;

  if (invitation == NULL)
    {
      g_autofree char *reason = hearts_table_error_text (error);
      /* Translators: %s says why */
      g_autofree char *text = g_strdup_printf (_("The server could not make a table: %s"), reason);

      _hearts_window_add_toast (self, text, FALSE);
      return;
    }
  /* The first seat: the one that may start the game. */
  client = hearts_net_client_new (name);
  hearts_net_client_set_wanted_seat (client, HEARTS_HUMAN_SEAT);
  g_object_set_data_full (G_OBJECT (client), "invitation", g_strdup (invitation), g_free);
  hearts_net_client_join_async (client, invitation, NULL, on_server_table_joined_cb, g_object_ref (self));
}

/* Makes a table on @link's server with the settings' rules, every seat open for a person
 * (the computers play those nobody takes), and sits down at the first. */
static void
make_table_on_server (HeartsWindow *self,
                      const char   *link)
{
  g_autoptr(HeartsGame) game = _hearts_window_new_game_from_settings (self);
  const HeartsRules *rules = hearts_game_get_rules (game);
  guint8 kinds[HEARTS_MAX_PLAYERS], levels[HEARTS_MAX_PLAYERS];
  HeartsNetLink parsed;

  if (!hearts_net_link_parse (link, &parsed, NULL) || parsed.kind != HEARTS_NET_LINK_SERVER)
    {
      _hearts_window_add_toast (self, _("The table server in Preferences is not a server’s link (hearts://…/s/…)"),
                                FALSE);
      return;
    }
  for (guint s = 0; s < rules->n_players; s++)
    {
      kinds[s] = HEARTS_NET_SEAT_OPEN;
      levels[s] = s == HEARTS_HUMAN_SEAT ? HEARTS_AI_HARD : hearts_game_get_seat_level (game, s);
    }
  {
    /* Translators: %s is the name or address of a Hearts server */
    g_autofree char *text = g_strdup_printf (_("Making a table on %s…"), parsed.host);

    /* Not in the place of the last toast: libadwaita 1.2 crashed when a toast that replaced
     * another was dismissed while it came in (a table made quickly on loopback). */
    _hearts_window_add_toast (self, text, FALSE);
  }
  hearts_net_create_table_async (link, rules, kinds, levels, NULL, NULL, on_server_table_made_cb, g_object_ref (self));
}

/* Knocks at the table found on the local network, answered in its dialog */

static void
on_knock_cb (HeartsNetServer  *server,
             HeartsNetHost    *host,
             guint             knock,
             const char       *name,
             const char       *address,
             HeartsHostDialog *dialog)
{
  hearts_host_dialog_add_knock (dialog, knock, name, address);
}

static void
on_knock_ended_cb (HeartsNetServer  *server,
                   guint             knock,
                   HeartsHostDialog *dialog)
{
  hearts_host_dialog_remove_knock (dialog, knock);
}

static void
on_knock_answered_cb (HeartsWindow *self,
                      guint         knock,
                      gboolean      let_in)
{
  if (self->server != NULL)
    hearts_net_server_answer_knock (self->server, knock, let_in);
}

static void
on_announced_cb (HeartsNetAnnouncer *announcer,
                 GParamSpec         *pspec,
                 HeartsHostDialog   *dialog)
{
  hearts_host_dialog_set_announced (dialog, hearts_net_announcer_get_announced (announcer)
                                              ? hearts_net_announcer_get_name (announcer)
                                              : NULL);
}

static void
host_table_action (GtkWidget  *widget,
                   const char *action_name,
                   GVariant   *parameter)
{
  HeartsWindow *self = HEARTS_WINDOW (widget);
  g_autoptr(GError) error = NULL;
  g_autofree char *invitation = NULL;
  g_autofree char *server = g_settings_get_string (hearts_settings_get_settings (self->settings), "table-server");
  GtkWidget *dialog;

  g_strstrip (server);
  if (*server != '\0')
    {
      make_table_on_server (self, server);
      return;
    }
  if (!_hearts_window_open_table (self, &error))
    {
      /* Translators: %s says why */
      g_autofree char *text = g_strdup_printf (_("The table could not be opened: %s"), error->message);

      _hearts_window_add_toast (self, text, FALSE);
      return;
    }
  invitation = _hearts_window_dup_invitation (self);
  dialog = hearts_host_dialog_new (self->host, invitation);
  g_signal_connect_object (dialog, "start", G_CALLBACK (on_host_dialog_start_cb), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (dialog, "knock-answered", G_CALLBACK (on_knock_answered_cb), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->server, "knock", G_CALLBACK (on_knock_cb), dialog, 0);
  g_signal_connect_object (self->server, "knock-ended", G_CALLBACK (on_knock_ended_cb), dialog, 0);
  g_signal_connect_object (self->announcer, "notify::announced", G_CALLBACK (on_announced_cb), dialog, 0);
  on_announced_cb (self->announcer, NULL, HEARTS_HOST_DIALOG (dialog));
  hearts_dialog_connect_closed (dialog, G_CALLBACK (on_host_dialog_closed_cb), self);
  hearts_dialog_present (dialog, widget);
}

static void
on_join_dialog_joined_cb (HeartsWindow    *self,
                          HeartsNetClient *client,
                          const char      *invitation)
{
  _hearts_window_join_table (self, client);
  _hearts_window_set_invitation (self, invitation);
}

void
_hearts_window_present_join (HeartsWindow *self,
                             const char   *invitation)
{
  g_autofree char *name = dup_player_name (self, NULL);
  GtkWidget *dialog;

  dialog = hearts_join_dialog_new (invitation, name);
  g_signal_connect_object (dialog, "joined", G_CALLBACK (on_join_dialog_joined_cb), self, G_CONNECT_SWAPPED);
  hearts_dialog_present (dialog, GTK_WIDGET (self));
}

void
hearts_window_join (HeartsWindow *self,
                    const char   *invitation)
{
  g_return_if_fail (HEARTS_IS_WINDOW (self));

  _hearts_window_present_join (self, invitation);
}

static void
join_table_action (GtkWidget  *widget,
                   const char *action_name,
                   GVariant   *parameter)
{
  _hearts_window_present_join (HEARTS_WINDOW (widget), NULL);
}

static void
rejoin_table_action (GtkWidget  *widget,
                     const char *action_name,
                     GVariant   *parameter)
{
  _hearts_window_rejoin_table (HEARTS_WINDOW (widget));
}

/* Leaving: a guest's seat goes to the computer and the game played alone comes back; a
 * host's table ends for everyone, and a new game alone begins. */
static void
leave_table (HeartsWindow *self)
{
  if (self->client != NULL && self->game != NULL)
    _hearts_window_start_game (self, self->game, hearts_saved_game_get_preset (self->saved_game));
  else
    hearts_window_new_game (self, NULL);
}

static void
on_leave_response_cb (GtkWidget    *alert,
                      const char   *response,
                      HeartsWindow *self)
{
  if (g_strcmp0 (response, "leave") == 0 && _hearts_window_at_table (self))
    leave_table (self);
}

static void
leave_table_action (GtkWidget  *widget,
                    const char *action_name,
                    GVariant   *parameter)
{
  HeartsWindow *self = HEARTS_WINDOW (widget);
  GtkWidget    *alert;

  if (!_hearts_window_at_table (self))
    return;
  alert = hearts_alert_new (_("Leave the Table?"),
                            self->client != NULL
                              ? _("The computer plays for you from here, and the game you were playing alone comes back.")
                              : _("The table ends for everyone at it."),
                            "leave", _("_Leave"));
  g_signal_connect_object (alert, "response", G_CALLBACK (on_leave_response_cb), self, 0);
  hearts_dialog_present (alert, widget);
}

void
_hearts_window_class_table_init (GtkWidgetClass *widget_class)
{
  gtk_widget_class_install_action (widget_class, "win.host-table", NULL, host_table_action);
  gtk_widget_class_install_action (widget_class, "win.join-table", NULL, join_table_action);
  gtk_widget_class_install_action (widget_class, "win.rejoin-table", NULL, rejoin_table_action);
  gtk_widget_class_install_action (widget_class, "win.leave-table", NULL, leave_table_action);
}

void
_hearts_window_table_actions_update (HeartsWindow *self)
{
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.rejoin-table", _hearts_window_can_rejoin (self));
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.leave-table", _hearts_window_at_table (self));
}
