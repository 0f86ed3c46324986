/* hearts-join-dialog.c
 *
 * The link is read before anything is sent: one that is not an invitation to a table is
 * never dialled. Joining can be cancelled; what went wrong is said in the dialog.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>

#include "hearts-join-dialog.h"
#include "hearts-net-link.h"
#include "hearts-table-words.h"

struct _HeartsJoinDialog
{
  HeartsDialogBase parent_instance;

  GCancellable    *cancellable;   /* while joining */
  HeartsNetClient *client;
  char            *invitation;    /* the one being joined */

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

  return self->cancellable == NULL && hearts_net_name_is_valid (name) &&
         hearts_net_link_parse (gtk_editable_get_text (GTK_EDITABLE (self->link_row)), link, NULL) &&
         link->kind == HEARTS_NET_LINK_TABLE;
}

static void
update (HeartsJoinDialog *self)
{
  HeartsNetLink link;
  const char   *text = gtk_editable_get_text (GTK_EDITABLE (self->link_row));

  gtk_widget_action_set_enabled (GTK_WIDGET (self), "join.join", can_join (self, &link));
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
  g_signal_emit (self, signals[JOINED], 0, client, self->invitation);
  close_dialog (self);
}

void
hearts_join_dialog_join (HeartsJoinDialog *self)
{
  HeartsNetLink link;

  g_return_if_fail (HEARTS_IS_JOIN_DIALOG (self));

  if (!can_join (self, &link))
    return;
  g_free (self->invitation);
  self->invitation = g_strstrip (g_strdup (gtk_editable_get_text (GTK_EDITABLE (self->link_row))));
  self->client = hearts_net_client_new (gtk_editable_get_text (GTK_EDITABLE (self->name_row)));
  self->cancellable = g_cancellable_new ();
  gtk_spinner_start (self->spinner);
  gtk_editable_set_editable (GTK_EDITABLE (self->link_row), FALSE);
  gtk_editable_set_editable (GTK_EDITABLE (self->name_row), FALSE);
  /* Translators: %s is the name or address of the table's host */
  {
    g_autofree char *text = g_strdup_printf (_("Asking %s for a seat…"), link.host);

    set_status (self, text, FALSE);
  }
  update (self);
  hearts_net_client_join_async (self->client, self->invitation, self->cancellable, on_joined_cb, g_object_ref (self));
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
  gtk_widget_class_install_action (widget_class, "join.cancel", NULL, cancel_action);
  hearts_dialog_class_add_close_shortcut (widget_class);

  gtk_widget_class_set_template_from_resource (widget_class, RESOURCE_PATH "/dialogs/hearts-join-dialog.ui");
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
}

GtkWidget *
hearts_join_dialog_new (const char *invitation,
                        const char *name)
{
  HeartsJoinDialog *self = g_object_new (HEARTS_TYPE_JOIN_DIALOG, NULL);

  gtk_editable_set_text (GTK_EDITABLE (self->name_row), name != NULL ? name : "");
  gtk_editable_set_text (GTK_EDITABLE (self->link_row), invitation != NULL ? invitation : "");
  update (self);
  hearts_dialog_set_size (GTK_WIDGET (self), 520, 360);
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
