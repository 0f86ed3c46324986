/* hearts-join-dialog.c
 *
 * The link is read before anything is sent: one that is not an invitation to a table is
 * never dialled. The tables announced on the local network are listed while the dialog
 * is open; asking to sit at one knocks, and the host's person lets the player in.
 * Joining can be cancelled; what went wrong is said in the dialog.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>

#include "hearts-join-dialog.h"
#include "hearts-net-browser.h"
#include "hearts-net-link.h"
#include "hearts-table-words.h"

struct _HeartsJoinDialog
{
  HeartsDialogBase parent_instance;

  GCancellable    *cancellable;   /* while joining */
  HeartsNetClient *client;
  char             *invitation; /* the one being joined (NULL: a knock) */
  HeartsNetBrowser *browser;

  GtkListBox  *nearby_list;
  GtkLabel    *nearby_placeholder;
  AdwEntryRow *link_row;
  AdwEntryRow *name_row;
  GtkLabel    *status_label;
  GtkSpinner  *spinner;
  GtkWidget   *cancel_button;
};

G_DEFINE_FINAL_TYPE (HeartsJoinDialog, hearts_join_dialog, HEARTS_TYPE_DIALOG_BASE)

enum
{
  JOINED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

static void
set_status (HeartsJoinDialog *self,
            const char       *text,
            gboolean          error)
{
  gtk_label_set_text (self->status_label, text);
  if (error)
    gtk_widget_add_css_class (GTK_WIDGET (self->status_label), "error");
  else
    gtk_widget_remove_css_class (GTK_WIDGET (self->status_label), "error");
}

static gboolean
can_join (HeartsJoinDialog *self,
          HeartsNetLink    *link)
{
  const char *name = gtk_editable_get_text (GTK_EDITABLE (self->name_row));

  return self->cancellable == NULL && hearts_net_name_is_valid (name) && link != NULL &&
         hearts_net_link_parse (gtk_editable_get_text (GTK_EDITABLE (self->link_row)), link, NULL) &&
         link->kind == HEARTS_NET_LINK_TABLE;
}

static void
update (HeartsJoinDialog *self)
{
  HeartsNetLink link;
  const char   *text = gtk_editable_get_text (GTK_EDITABLE (self->link_row));

  gtk_widget_action_set_enabled (GTK_WIDGET (self), "join.join", can_join (self, &link));
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "join.knock",
                                 self->cancellable == NULL &&
                                   hearts_net_name_is_valid (gtk_editable_get_text (GTK_EDITABLE (self->name_row))));
  if (self->cancellable != NULL)
    return;
  /* Said only once something was pasted: not while the field is empty. */
  if (*text != '\0' && !(hearts_net_link_parse (text, &link, NULL) && link.kind == HEARTS_NET_LINK_TABLE))
    set_status (self, _("This is not an invitation to a table."), TRUE);
  else if (!hearts_net_name_is_valid (gtk_editable_get_text (GTK_EDITABLE (self->name_row))))
    set_status (self, _("Your name is what the others see: one line, not empty, not too long."), FALSE);
  else
    set_status (self, "", FALSE);
}

static void
on_entry_changed_cb (HeartsJoinDialog *self)
{
  update (self);
}

static void
stop_joining (HeartsJoinDialog *self)
{
  if (self->cancellable != NULL)
    g_cancellable_cancel (self->cancellable);
  g_clear_object (&self->cancellable);
  gtk_spinner_stop (self->spinner);
  gtk_editable_set_editable (GTK_EDITABLE (self->link_row), TRUE);
  gtk_editable_set_editable (GTK_EDITABLE (self->name_row), TRUE);
}

/* GTK 4.8 warns of a text that goes (or turns insensitive) while it has the focus and its
 * cursor blinks: the focus goes to a button first. */
static void
close_dialog (HeartsJoinDialog *self)
{
  gtk_widget_grab_focus (self->cancel_button);
  hearts_dialog_close (GTK_WIDGET (self));
}

static void
on_joined_cb (GObject      *source,
              GAsyncResult *result,
              gpointer      user_data)
{
  g_autoptr(HeartsJoinDialog) self = user_data;
  g_autoptr(HeartsNetClient) client = HEARTS_NET_CLIENT (g_object_ref (source));
  g_autoptr(GError) error = NULL;

  if (!hearts_net_client_join_finish (client, result, &error))
    {
      if (g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
        return;
      g_clear_object (&self->cancellable);
      stop_joining (self);
      g_clear_object (&self->client);
      if (error->domain == HEARTS_NET_ERROR)
        {
          g_autofree char *text = hearts_table_bye_text (error->code);

          set_status (self, text, TRUE);
        }
      else
        {
          /* Translators: %s says why the table could not be reached */
          g_autofree char *text = g_strdup_printf (_("The table could not be reached: %s"), error->message);

          set_status (self, text, TRUE);
        }
      update (self);
      return;
    }
  g_clear_object (&self->cancellable);
  stop_joining (self);
  g_clear_object (&self->client);
  if (self->invitation == NULL)
    /* Let in after a knock: the table's invitation came with it, for a rejoin. */
    self->invitation = hearts_net_client_get_invitation (client);
  g_signal_emit (self, signals[JOINED], 0, client, self->invitation);
  close_dialog (self);
}

/* The dialog waits for a seat (the fields locked, what it waits for said) as @name, at
 * @invitation's table (NULL: a knock's, learnt once let in). */
static void
start_joining (HeartsJoinDialog *self,
               char             *invitation,
               const char       *status)
{
  g_free (self->invitation);
  self->invitation = invitation;
  self->client = hearts_net_client_new (gtk_editable_get_text (GTK_EDITABLE (self->name_row)));
  self->cancellable = g_cancellable_new ();
  gtk_spinner_start (self->spinner);
  gtk_editable_set_editable (GTK_EDITABLE (self->link_row), FALSE);
  gtk_editable_set_editable (GTK_EDITABLE (self->name_row), FALSE);
  set_status (self, status, FALSE);
  update (self);
}

void
hearts_join_dialog_join (HeartsJoinDialog *self)
{
  HeartsNetLink link;

  g_return_if_fail (HEARTS_IS_JOIN_DIALOG (self));

  g_autofree char *text = NULL;

  if (!can_join (self, &link))
    return;
  /* Translators: %s is the name or address of the table's host */
  text = g_strdup_printf (_("Asking %s for a seat…"), link.host);
  start_joining (self, g_strstrip (g_strdup (gtk_editable_get_text (GTK_EDITABLE (self->link_row)))), text);
  hearts_net_client_join_async (self->client, self->invitation, self->cancellable, on_joined_cb, g_object_ref (self));
}

/* Asks to sit at a table found on the local network. */
static void
knock (HeartsJoinDialog     *self,
       HeartsNetNearbyTable *table)
{
  g_autofree char *text = NULL;

  if (self->cancellable != NULL ||
      !hearts_net_name_is_valid (gtk_editable_get_text (GTK_EDITABLE (self->name_row))))
    return;
  /* Translators: %s is the table's name on the network, e.g. “Ada’s table” */
  text = g_strdup_printf (_("Waiting for the host of “%s” to let you in…"), hearts_net_nearby_table_get_name (table));
  /* The invitation comes with the answer. */
  start_joining (self, NULL, text);
  hearts_net_client_knock_async (self->client, hearts_net_nearby_table_get_address (table),
                                 hearts_net_nearby_table_get_port (table),
                                 hearts_net_nearby_table_get_fingerprint (table),
                                 hearts_net_nearby_table_get_id (table), self->cancellable, on_joined_cb,
                                 g_object_ref (self));
}

static void
knock_action (GtkWidget  *widget,
              const char *action_name,
              GVariant   *parameter)
{
  HeartsJoinDialog *self = HEARTS_JOIN_DIALOG (widget);
  guint             serial = g_variant_get_uint32 (parameter);
  GListModel       *tables;

  if (self->browser == NULL)
    return;
  /* The row's own table: positions change as tables come and go, and an id is anyone's
   * to announce. */
  tables = hearts_net_browser_get_tables (self->browser);
  for (guint i = 0; i < g_list_model_get_n_items (tables); i++)
    {
      g_autoptr(HeartsNetNearbyTable) table = g_list_model_get_item (tables, i);

      if (hearts_net_nearby_table_get_serial (table) == serial)
        {
          knock (self, table);
          return;
        }
    }
}

static GtkWidget *
create_nearby_row (gpointer item,
                   gpointer user_data)
{
  HeartsNetNearbyTable *table = item;
  GtkWidget            *row = adw_action_row_new ();
  GtkWidget            *button = gtk_button_new_with_mnemonic (_("Ask to _Sit"));

  /* Names come from anyone on the network: text, never markup. */
  adw_preferences_row_set_use_markup (ADW_PREFERENCES_ROW (row), FALSE);
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), hearts_net_nearby_table_get_name (table));
  adw_action_row_set_subtitle (ADW_ACTION_ROW (row), hearts_net_nearby_table_get_address (table));
  gtk_widget_set_valign (button, GTK_ALIGN_CENTER);
  gtk_actionable_set_action_name (GTK_ACTIONABLE (button), "join.knock");
  gtk_actionable_set_action_target_value (GTK_ACTIONABLE (button), g_variant_new_uint32 (hearts_net_nearby_table_get_serial (table)));
  adw_action_row_add_suffix (ADW_ACTION_ROW (row), button);
  adw_action_row_set_activatable_widget (ADW_ACTION_ROW (row), button);
  return row;
}

static void
update_nearby_placeholder (HeartsJoinDialog *self)
{
  gtk_label_set_text (self->nearby_placeholder,
                      hearts_net_browser_get_available (self->browser)
                      ? _("No table is open on this network yet.")
                      : _("Tables on this network cannot be looked for: the Avahi service is not running."));
}

static void
on_entry_activated_cb (HeartsJoinDialog *self)
{
  hearts_join_dialog_join (self);
}

static void
join_action (GtkWidget  *widget,
             const char *action_name,
             GVariant   *parameter)
{
  hearts_join_dialog_join (HEARTS_JOIN_DIALOG (widget));
}

static void
cancel_action (GtkWidget  *widget,
               const char *action_name,
               GVariant   *parameter)
{
  close_dialog (HEARTS_JOIN_DIALOG (widget));
}

static void
hearts_join_dialog_dispose (GObject *object)
{
  HeartsJoinDialog *self = HEARTS_JOIN_DIALOG (object);

  if (self->cancellable != NULL)
    g_cancellable_cancel (self->cancellable);
  g_clear_object (&self->cancellable);
  g_clear_object (&self->client);
  if (self->browser != NULL)
    g_signal_handlers_disconnect_by_data (self->browser, self);
  g_clear_object (&self->browser);
  gtk_widget_dispose_template (GTK_WIDGET (self), HEARTS_TYPE_JOIN_DIALOG);

  G_OBJECT_CLASS (hearts_join_dialog_parent_class)->dispose (object);
}

static void
hearts_join_dialog_finalize (GObject *object)
{
  HeartsJoinDialog *self = HEARTS_JOIN_DIALOG (object);

  g_free (self->invitation);

  G_OBJECT_CLASS (hearts_join_dialog_parent_class)->finalize (object);
}

static void
hearts_join_dialog_class_init (HeartsJoinDialogClass *klass)
{
  GObjectClass   *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = hearts_join_dialog_dispose;
  object_class->finalize = hearts_join_dialog_finalize;

  /**
   * HeartsJoinDialog::joined:
   * @client: seated at the table
   * @invitation: the table's link, to come back with
   */
  signals[JOINED] = g_signal_new ("joined", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                                  G_TYPE_NONE, 2, HEARTS_TYPE_NET_CLIENT, G_TYPE_STRING);

  gtk_widget_class_install_action (widget_class, "join.join", NULL, join_action);
  gtk_widget_class_install_action (widget_class, "join.knock", "u", knock_action);
  gtk_widget_class_install_action (widget_class, "join.cancel", NULL, cancel_action);
  hearts_dialog_class_add_close_shortcut (widget_class);

  gtk_widget_class_set_template_from_resource (widget_class, RESOURCE_PATH "/dialogs/hearts-join-dialog.ui");
  gtk_widget_class_bind_template_child (widget_class, HeartsJoinDialog, nearby_list);
  gtk_widget_class_bind_template_child (widget_class, HeartsJoinDialog, link_row);
  gtk_widget_class_bind_template_child (widget_class, HeartsJoinDialog, name_row);
  gtk_widget_class_bind_template_child (widget_class, HeartsJoinDialog, status_label);
  gtk_widget_class_bind_template_child (widget_class, HeartsJoinDialog, spinner);
  gtk_widget_class_bind_template_child (widget_class, HeartsJoinDialog, cancel_button);
  gtk_widget_class_bind_template_callback (widget_class, on_entry_changed_cb);
  gtk_widget_class_bind_template_callback (widget_class, on_entry_activated_cb);
}

/* The invitation is what the player came to paste. */
static void
on_map_cb (HeartsJoinDialog *self)
{
  gtk_widget_grab_focus (GTK_WIDGET (self->link_row));
}

static void
hearts_join_dialog_init (HeartsJoinDialog *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  g_signal_connect (self, "map", G_CALLBACK (on_map_cb), NULL);

  self->browser = hearts_net_browser_new ();
  gtk_list_box_bind_model (self->nearby_list, hearts_net_browser_get_tables (self->browser), create_nearby_row, NULL,
                           NULL);
  self->nearby_placeholder = GTK_LABEL (gtk_label_new (NULL));
  gtk_label_set_wrap (self->nearby_placeholder, TRUE);
  gtk_widget_set_margin_top (GTK_WIDGET (self->nearby_placeholder), 12);
  gtk_widget_set_margin_bottom (GTK_WIDGET (self->nearby_placeholder), 12);
  gtk_widget_set_margin_start (GTK_WIDGET (self->nearby_placeholder), 12);
  gtk_widget_set_margin_end (GTK_WIDGET (self->nearby_placeholder), 12);
  gtk_widget_add_css_class (GTK_WIDGET (self->nearby_placeholder), "dim-label");
  gtk_list_box_set_placeholder (self->nearby_list, GTK_WIDGET (self->nearby_placeholder));
  g_signal_connect_swapped (self->browser, "notify::available", G_CALLBACK (update_nearby_placeholder), self);
  update_nearby_placeholder (self);
}

GtkWidget *
hearts_join_dialog_new (const char *invitation,
                        const char *name)
{
  HeartsJoinDialog *self = g_object_new (HEARTS_TYPE_JOIN_DIALOG, NULL);

  gtk_editable_set_text (GTK_EDITABLE (self->name_row), name != NULL ? name : "");
  gtk_editable_set_text (GTK_EDITABLE (self->link_row), invitation != NULL ? invitation : "");
  update (self);
  hearts_dialog_set_size (GTK_WIDGET (self), 520, 520);
  return GTK_WIDGET (self);
}

void
hearts_join_dialog_set_invitation (HeartsJoinDialog *self,
                                   const char       *invitation)
{
  g_return_if_fail (HEARTS_IS_JOIN_DIALOG (self));
  gtk_editable_set_text (GTK_EDITABLE (self->link_row), invitation != NULL ? invitation : "");
}

const char *
hearts_join_dialog_get_status (HeartsJoinDialog *self)
{
  g_return_val_if_fail (HEARTS_IS_JOIN_DIALOG (self), NULL);
  return gtk_label_get_text (self->status_label);
}
