/* hearts-host-dialog.c
 *
 * Each other seat is open for a person or given to the computer; a person sitting in
 * one is shown by name. The dialog only shows and asks: the table is the window's. A
 * table on a server is shown through the client seated at it (its seats were chosen
 * when it was made).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>

#include "hearts-host-dialog.h"
#include "hearts-net-client.h"
#include "hearts-seat-names.h"

/* The choices of a seat's row, in its model's order. */
enum
{
  CHOICE_PERSON,
  CHOICE_COMPUTER,
};

struct _HeartsHostDialog
{
  HeartsDialogBase parent_instance;

  HeartsNetHost   *host;     /* a table on this computer, or */
  HeartsNetClient *client;   /* one on a server, as our seat there sees it */
  char          *invitation;
  GtkWidget     *rows[HEARTS_MAX_PLAYERS];  /* AdwComboRow here, AdwActionRow on a server */
  gboolean       updating;
  gboolean       started;

  GHashTable *knocks; /* id → its row */

  AdwActionRow         *invitation_row;
  AdwPreferencesGroup  *knocks_group;
  AdwPreferencesGroup  *seats_group;
  GtkLabel             *status_label;
};

G_DEFINE_FINAL_TYPE (HeartsHostDialog, hearts_host_dialog, HEARTS_TYPE_DIALOG_BASE)

enum
{
  START,
  KNOCK_ANSWERED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

static guint
n_seats (HeartsHostDialog *self)
{
  if (self->client != NULL)
    return hearts_net_client_get_n_seats (self->client);
  return hearts_game_get_n_players (hearts_net_host_get_game (self->host));
}

static HeartsNetSeatKind
seat_kind (HeartsHostDialog *self,
           guint             seat)
{
  if (self->client != NULL)
    return seat == hearts_net_client_get_seat (self->client) ? HEARTS_NET_SEAT_LOCAL
                                                             : hearts_net_client_get_seat_kind (self->client, seat);
  return hearts_net_host_get_seat_kind (self->host, seat);
}

static const char *
seat_name (HeartsHostDialog *self,
           guint             seat)
{
  if (self->client != NULL)
    return hearts_net_client_get_seat_name (self->client, seat);
  return hearts_net_host_get_seat_name (self->host, seat);
}

static char *
seat_subtitle (HeartsHostDialog *self,
               guint             seat)
{
  const char *name = seat_name (self, seat);

  switch (seat_kind (self, seat))
    {
    case HEARTS_NET_SEAT_OPEN:
      return g_strdup (_("Waiting for someone to sit down"));
    case HEARTS_NET_SEAT_PERSON:
      /* Translators: %s is the name of a person who sat down */
      return g_strdup_printf (_("%s is here"), name);
    case HEARTS_NET_SEAT_AWAY:
      /* Translators: %s is the name of a person whose connection was lost */
      return g_strdup_printf (_("%s’s connection was lost"), name);
    case HEARTS_NET_SEAT_COMPUTER:
      return g_strdup (_("A computer player sits here"));
    case HEARTS_NET_SEAT_REPLACED:
    case HEARTS_NET_SEAT_LOCAL:
    case HEARTS_NET_N_SEAT_KINDS:
    default:
      return g_strdup (name != NULL ? name : "");
    }
}

static void
update (HeartsHostDialog *self)
{
  guint       n = n_seats (self);
  guint       open = 0, people = 0;
  g_autofree char *status = NULL;

  self->updating = TRUE;
  for (guint s = 0; s < n; s++)
    {
      HeartsNetSeatKind kind = seat_kind (self, s);
      g_autofree char *subtitle = NULL;

      if (self->rows[s] == NULL)
        continue;
      subtitle = seat_subtitle (self, s);
      adw_action_row_set_subtitle (ADW_ACTION_ROW (self->rows[s]), subtitle);
      if (ADW_IS_COMBO_ROW (self->rows[s]))
        adw_combo_row_set_selected (ADW_COMBO_ROW (self->rows[s]),
                                    kind == HEARTS_NET_SEAT_COMPUTER ? CHOICE_COMPUTER : CHOICE_PERSON);
      open += kind == HEARTS_NET_SEAT_OPEN;
      people += kind == HEARTS_NET_SEAT_PERSON;
    }
  self->updating = FALSE;

  if (open == 0)
    status = g_strdup (people > 0 ? _("Everyone is here.") : _("Only computer players: start when you like."));
  else
    /* Translators: how many seats still wait for a person */
    status = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "Waiting for %u more person…",
                                           "Waiting for %u more people…", open), open);
  gtk_label_set_text (self->status_label, status);
}

static void
on_seat_selected_cb (AdwComboRow      *row,
                     GParamSpec       *pspec,
                     HeartsHostDialog *self)
{
  guint seat = GPOINTER_TO_UINT (g_object_get_data (G_OBJECT (row), "seat"));

  if (self->updating || self->host == NULL)
    return;
  if (adw_combo_row_get_selected (row) == CHOICE_PERSON)
    hearts_net_host_open_seat (self->host, seat);
  else
    hearts_net_host_close_seat (self->host, seat);
  update (self);
}

static void
add_seat_rows (HeartsHostDialog *self)
{
  guint n = n_seats (self);

  for (guint s = 0; s < n; s++)
    {
      g_autoptr(GtkStringList) choices = NULL;
      GtkWidget *row;

      if (seat_kind (self, s) == HEARTS_NET_SEAT_LOCAL)
        continue;
      if (self->host != NULL)
        {
          choices = gtk_string_list_new (NULL);
          gtk_string_list_append (choices, _("Open for a person"));
          gtk_string_list_append (choices, _("Computer"));
          row = adw_combo_row_new ();
          adw_combo_row_set_model (ADW_COMBO_ROW (row), G_LIST_MODEL (choices));
          g_object_set_data (G_OBJECT (row), "seat", GUINT_TO_POINTER (s));
          g_signal_connect_object (row, "notify::selected", G_CALLBACK (on_seat_selected_cb), self, 0);
        }
      else
        /* A server's table has the seats it was made with: shown, not chosen. */
        row = adw_action_row_new ();
      /* The subtitle says who sat down: a name from the network, text and never markup. */
      adw_preferences_row_set_use_markup (ADW_PREFERENCES_ROW (row), FALSE);
      adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row),
                                     hearts_seat_default_name (n, self->client != NULL ? hearts_net_client_get_seat (self->client) : 0, s));
      adw_preferences_group_add (self->seats_group, GTK_WIDGET (row));
      self->rows[s] = row;
    }
}

static void
on_knock_button_cb (GtkButton        *button,
                    HeartsHostDialog *self)
{
  guint    knock = GPOINTER_TO_UINT (g_object_get_data (G_OBJECT (button), "knock"));
  gboolean let_in = GPOINTER_TO_INT (g_object_get_data (G_OBJECT (button), "let-in"));

  /* The row goes when the table says the knock is over. */
  g_signal_emit (self, signals[KNOCK_ANSWERED], 0, knock, let_in);
}

static GtkWidget *
knock_button (HeartsHostDialog *self,
              guint             knock,
              const char       *label,
              gboolean          let_in)
{
  GtkWidget *button = gtk_button_new_with_mnemonic (label);

  gtk_widget_set_valign (button, GTK_ALIGN_CENTER);
  g_object_set_data (G_OBJECT (button), "knock", GUINT_TO_POINTER (knock));
  g_object_set_data (G_OBJECT (button), "let-in", GINT_TO_POINTER (let_in));
  if (let_in)
    gtk_widget_add_css_class (button, "suggested-action");
  g_signal_connect_object (button, "clicked", G_CALLBACK (on_knock_button_cb), self, 0);
  return button;
}

void
hearts_host_dialog_set_announced (HeartsHostDialog *self,
                                  const char       *name)
{
  g_autofree char *text = NULL;

  g_return_if_fail (HEARTS_IS_HOST_DIALOG (self));

  gtk_widget_set_visible (GTK_WIDGET (self->knocks_group), name != NULL);
  if (name == NULL)
    return;
  /* The group's description is markup: the name (the host's own) is escaped. */
  /* Translators: %s is the name the table is announced by, e.g. “Ada’s table” */
  text = g_markup_printf_escaped (_("People on this network find the table as “%s” and ask to sit; you let them in."),
                                     name);
  adw_preferences_group_set_description (self->knocks_group, text);
}

void
hearts_host_dialog_add_knock (HeartsHostDialog *self,
                              guint             knock,
                              const char       *name,
                              const char       *address)
{
  g_autofree char *subtitle = NULL;
  GtkWidget       *row;

  g_return_if_fail (HEARTS_IS_HOST_DIALOG (self));
  g_return_if_fail (name != NULL && address != NULL);

  row = adw_action_row_new ();
  /* A name from the network is text, never markup. */
  adw_preferences_row_set_use_markup (ADW_PREFERENCES_ROW (row), FALSE);
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), name);
  /* A name anyone can give: the machine it comes from is what the host can tell. */
  subtitle = g_strdup_printf ("%s · %s", _("Asks to sit at the table"), address);
  adw_action_row_set_subtitle (ADW_ACTION_ROW (row), subtitle);
  adw_action_row_add_suffix (ADW_ACTION_ROW (row), knock_button (self, knock, _("_Refuse"), FALSE));
  adw_action_row_add_suffix (ADW_ACTION_ROW (row), knock_button (self, knock, _("_Let In"), TRUE));
  adw_preferences_group_add (self->knocks_group, row);
  g_hash_table_insert (self->knocks, GUINT_TO_POINTER (knock), row);
  gtk_widget_set_visible (GTK_WIDGET (self->knocks_group), TRUE);
}

void
hearts_host_dialog_remove_knock (HeartsHostDialog *self,
                                 guint             knock)
{
  GtkWidget *row;

  g_return_if_fail (HEARTS_IS_HOST_DIALOG (self));

  row = g_hash_table_lookup (self->knocks, GUINT_TO_POINTER (knock));
  if (row == NULL)
    return;
  adw_preferences_group_remove (self->knocks_group, row);
  g_hash_table_remove (self->knocks, GUINT_TO_POINTER (knock));
}

GtkWidget *
hearts_host_dialog_get_knock_row (HeartsHostDialog *self,
                                  guint             knock)
{
  g_return_val_if_fail (HEARTS_IS_HOST_DIALOG (self), NULL);
  return g_hash_table_lookup (self->knocks, GUINT_TO_POINTER (knock));
}

static void
copy_action (GtkWidget  *widget,
             const char *action_name,
             GVariant   *parameter)
{
  HeartsHostDialog *self = HEARTS_HOST_DIALOG (widget);

  gdk_clipboard_set_text (gtk_widget_get_clipboard (widget), self->invitation);
  gtk_label_set_text (self->status_label, _("The invitation was copied."));
}

static void
start_action (GtkWidget  *widget,
              const char *action_name,
              GVariant   *parameter)
{
  HEARTS_HOST_DIALOG (widget)->started = TRUE;
  g_signal_emit (widget, signals[START], 0);
  hearts_dialog_close (widget);
}

static void
cancel_action (GtkWidget  *widget,
               const char *action_name,
               GVariant   *parameter)
{
  hearts_dialog_close (widget);
}

static void
hearts_host_dialog_dispose (GObject *object)
{
  HeartsHostDialog *self = HEARTS_HOST_DIALOG (object);

  if (self->host != NULL)
    g_signal_handlers_disconnect_by_data (self->host, self);
  if (self->client != NULL)
    g_signal_handlers_disconnect_by_data (self->client, self);
  g_clear_object (&self->host);
  g_clear_object (&self->client);
  gtk_widget_dispose_template (GTK_WIDGET (self), HEARTS_TYPE_HOST_DIALOG);

  G_OBJECT_CLASS (hearts_host_dialog_parent_class)->dispose (object);
}

static void
hearts_host_dialog_finalize (GObject *object)
{
  HeartsHostDialog *self = HEARTS_HOST_DIALOG (object);

  g_free (self->invitation);
  g_hash_table_unref (self->knocks);

  G_OBJECT_CLASS (hearts_host_dialog_parent_class)->finalize (object);
}

static void
hearts_host_dialog_class_init (HeartsHostDialogClass *klass)
{
  GObjectClass   *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = hearts_host_dialog_dispose;
  object_class->finalize = hearts_host_dialog_finalize;

  /**
   * HeartsHostDialog::start:
   *
   * The host chose Start: the people at the table play.
   */
  signals[START] = g_signal_new ("start", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                                 G_TYPE_NONE, 0);
  /**
   * HeartsHostDialog::knock-answered:
   * @knock: the knock's id
   * @let_in: whether the host lets the person in
   */
  signals[KNOCK_ANSWERED] = g_signal_new ("knock-answered", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL,
                                          NULL, NULL, G_TYPE_NONE, 2, G_TYPE_UINT, G_TYPE_BOOLEAN);

  gtk_widget_class_install_action (widget_class, "host.copy", NULL, copy_action);
  gtk_widget_class_install_action (widget_class, "host.start", NULL, start_action);
  gtk_widget_class_install_action (widget_class, "host.cancel", NULL, cancel_action);
  hearts_dialog_class_add_close_shortcut (widget_class);

  gtk_widget_class_set_template_from_resource (widget_class, RESOURCE_PATH "/dialogs/hearts-host-dialog.ui");
  gtk_widget_class_bind_template_child (widget_class, HeartsHostDialog, invitation_row);
  gtk_widget_class_bind_template_child (widget_class, HeartsHostDialog, knocks_group);
  gtk_widget_class_bind_template_child (widget_class, HeartsHostDialog, seats_group);
  gtk_widget_class_bind_template_child (widget_class, HeartsHostDialog, status_label);
}

static void
hearts_host_dialog_init (HeartsHostDialog *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  self->knocks = g_hash_table_new (NULL, NULL);
}

static GtkWidget *
dialog_new (HeartsNetHost   *host,
            HeartsNetClient *client,
            const char      *invitation)
{
  HeartsHostDialog *self = g_object_new (HEARTS_TYPE_HOST_DIALOG, NULL);

  self->host = host != NULL ? g_object_ref (host) : NULL;
  self->client = client != NULL ? g_object_ref (client) : NULL;
  self->invitation = g_strdup (invitation);
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (self->invitation_row), invitation);
  add_seat_rows (self);
  g_signal_connect_object (host != NULL ? (gpointer) host : (gpointer) client, "seats-changed", G_CALLBACK (update),
                           self, G_CONNECT_SWAPPED);
  update (self);
  hearts_dialog_set_size (GTK_WIDGET (self), 520, 560);
  return GTK_WIDGET (self);
}

GtkWidget *
hearts_host_dialog_new (HeartsNetHost *host,
                        const char    *invitation)
{
  g_return_val_if_fail (HEARTS_IS_NET_HOST (host), NULL);
  g_return_val_if_fail (invitation != NULL, NULL);

  return dialog_new (host, NULL, invitation);
}

GtkWidget *
hearts_host_dialog_new_for_client (HeartsNetClient *client,
                                   const char      *invitation)
{
  g_return_val_if_fail (HEARTS_IS_NET_CLIENT (client), NULL);
  g_return_val_if_fail (invitation != NULL, NULL);

  return dialog_new (NULL, client, invitation);
}

const char *
hearts_host_dialog_get_invitation (HeartsHostDialog *self)
{
  g_return_val_if_fail (HEARTS_IS_HOST_DIALOG (self), NULL);
  return self->invitation;
}

gboolean
hearts_host_dialog_get_started (HeartsHostDialog *self)
{
  g_return_val_if_fail (HEARTS_IS_HOST_DIALOG (self), FALSE);
  return self->started;
}

GtkWidget *
hearts_host_dialog_get_seat_row (HeartsHostDialog *self,
                                 guint             seat)
{
  g_return_val_if_fail (HEARTS_IS_HOST_DIALOG (self), NULL);
  g_return_val_if_fail (seat < HEARTS_MAX_PLAYERS, NULL);
  return self->rows[seat];
}
