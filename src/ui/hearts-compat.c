/* hearts-compat.c
 *
 * The only file allowed the libadwaita API newer than the floor that meson.build sets:
 * lifting the ceiling here lets the 1.5 dialogs in, while every other file stays on 1.2.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>

#undef ADW_VERSION_MAX_ALLOWED

#include "hearts-compat.h"

#if ADW_CHECK_VERSION(1, 5, 0)
#define HEARTS_TYPE_PREFERENCES_BASE_PARENT ADW_TYPE_PREFERENCES_DIALOG
#define HEARTS_TYPE_DIALOG_BASE_PARENT      ADW_TYPE_DIALOG
#else
#define HEARTS_TYPE_PREFERENCES_BASE_PARENT ADW_TYPE_PREFERENCES_WINDOW
#define HEARTS_TYPE_DIALOG_BASE_PARENT      ADW_TYPE_WINDOW
#endif

G_DEFINE_ABSTRACT_TYPE (HeartsPreferencesBase, hearts_preferences_base, HEARTS_TYPE_PREFERENCES_BASE_PARENT)
G_DEFINE_ABSTRACT_TYPE (HeartsDialogBase, hearts_dialog_base, HEARTS_TYPE_DIALOG_BASE_PARENT)

static void
hearts_preferences_base_class_init (HeartsPreferencesBaseClass *klass)
{
}

static void
hearts_preferences_base_init (HeartsPreferencesBase *self)
{
}

static void
hearts_dialog_base_class_init (HeartsDialogBaseClass *klass)
{
}

static void
hearts_dialog_base_init (HeartsDialogBase *self)
{
}

#if ADW_CHECK_VERSION(1, 5, 0)

GType
hearts_about_get_type (void)
{
  return ADW_TYPE_ABOUT_DIALOG;
}

GtkWidget *
hearts_alert_new (const char *heading,
                  const char *body,
                  const char *confirm_id,
                  const char *confirm_label)
{
  AdwAlertDialog *alert = ADW_ALERT_DIALOG (adw_alert_dialog_new (heading, body));

  adw_alert_dialog_add_responses (alert, "cancel", _("_Cancel"), confirm_id, confirm_label, NULL);
  adw_alert_dialog_set_response_appearance (alert, confirm_id, ADW_RESPONSE_DESTRUCTIVE);
  adw_alert_dialog_set_default_response (alert, "cancel");
  adw_alert_dialog_set_close_response (alert, "cancel");
  return GTK_WIDGET (alert);
}

GtkWidget *
hearts_alert_new_notice (const char *heading,
                         const char *body)
{
  AdwAlertDialog *alert = ADW_ALERT_DIALOG (adw_alert_dialog_new (heading, body));

  adw_alert_dialog_add_response (alert, "close", _("_Close"));
  adw_alert_dialog_set_default_response (alert, "close");
  adw_alert_dialog_set_close_response (alert, "close");
  return GTK_WIDGET (alert);
}

void
hearts_alert_set_response_label (GtkWidget  *alert,
                                 const char *response,
                                 const char *label)
{
  g_return_if_fail (hearts_is_alert (alert));

  adw_alert_dialog_set_response_label (ADW_ALERT_DIALOG (alert), response, label);
}

void
hearts_alert_set_suggested (GtkWidget  *alert,
                            const char *response)
{
  g_return_if_fail (hearts_is_alert (alert));

  adw_alert_dialog_set_response_appearance (ADW_ALERT_DIALOG (alert), response, ADW_RESPONSE_SUGGESTED);
  adw_alert_dialog_set_default_response (ADW_ALERT_DIALOG (alert), response);
}

void
hearts_alert_set_extra_child (GtkWidget *alert,
                              GtkWidget *child)
{
  g_return_if_fail (hearts_is_alert (alert));

  adw_alert_dialog_set_extra_child (ADW_ALERT_DIALOG (alert), child);
}

void
hearts_dialog_present (GtkWidget *dialog,
                       GtkWidget *parent)
{
  g_return_if_fail (ADW_IS_DIALOG (dialog));

  adw_dialog_present (ADW_DIALOG (dialog), parent);
}

void
hearts_dialog_set_size (GtkWidget *dialog,
                        int        width,
                        int        height)
{
  g_return_if_fail (ADW_IS_DIALOG (dialog));

  adw_dialog_set_content_width (ADW_DIALOG (dialog), width);
  adw_dialog_set_content_height (ADW_DIALOG (dialog), height);
}

GtkWidget *
hearts_dialog_get_child (GtkWidget *dialog)
{
  g_return_val_if_fail (ADW_IS_DIALOG (dialog), NULL);

  return adw_dialog_get_child (ADW_DIALOG (dialog));
}

GtkWidget *
hearts_dialog_get_parent (GtkWidget *dialog)
{
  g_return_val_if_fail (ADW_IS_DIALOG (dialog), NULL);

  GtkWidget *window;

  /* A presented dialog lives inside its parent window, unless that is not an AdwWindow:
   * then it gets a window of its own, transient for the parent. */
  window = gtk_widget_get_ancestor (dialog, GTK_TYPE_WINDOW);
  if (window != NULL && gtk_window_get_transient_for (GTK_WINDOW (window)) != NULL)
    window = GTK_WIDGET (gtk_window_get_transient_for (GTK_WINDOW (window)));
  return window;
}

void
hearts_dialog_close (GtkWidget *dialog)
{
  g_return_if_fail (ADW_IS_DIALOG (dialog));

  adw_dialog_close (ADW_DIALOG (dialog));
}

void
hearts_dialog_class_add_close_shortcut (GtkWidgetClass *widget_class)
{
  /* An AdwDialog closes on Escape by itself. */
}

void
hearts_dialog_connect_closed (GtkWidget *dialog,
                              GCallback  callback,
                              gpointer   object)
{
  g_return_if_fail (ADW_IS_DIALOG (dialog));

  g_signal_connect_object (dialog, "closed", callback, object, 0);
}

void
hearts_dialog_destroy (GtkWidget *dialog)
{
  g_return_if_fail (ADW_IS_DIALOG (dialog));

  if (gtk_widget_get_parent (dialog) != NULL)
    adw_dialog_force_close (ADW_DIALOG (dialog));
}

gboolean
hearts_is_alert (GtkWidget *widget)
{
  return ADW_IS_ALERT_DIALOG (widget);
}

#else /* libadwaita 1.2 to 1.4 */

GType
hearts_about_get_type (void)
{
  return ADW_TYPE_ABOUT_WINDOW;
}

GtkWidget *
hearts_alert_new (const char *heading,
                  const char *body,
                  const char *confirm_id,
                  const char *confirm_label)
{
  AdwMessageDialog *alert = ADW_MESSAGE_DIALOG (adw_message_dialog_new (NULL, heading, body));

  adw_message_dialog_add_responses (alert, "cancel", _("_Cancel"), confirm_id, confirm_label, NULL);
  adw_message_dialog_set_response_appearance (alert, confirm_id, ADW_RESPONSE_DESTRUCTIVE);
  adw_message_dialog_set_default_response (alert, "cancel");
  adw_message_dialog_set_close_response (alert, "cancel");
  return GTK_WIDGET (alert);
}

GtkWidget *
hearts_alert_new_notice (const char *heading,
                         const char *body)
{
  AdwMessageDialog *alert = ADW_MESSAGE_DIALOG (adw_message_dialog_new (NULL, heading, body));

  adw_message_dialog_add_response (alert, "close", _("_Close"));
  adw_message_dialog_set_default_response (alert, "close");
  adw_message_dialog_set_close_response (alert, "close");
  return GTK_WIDGET (alert);
}

void
hearts_alert_set_response_label (GtkWidget  *alert,
                                 const char *response,
                                 const char *label)
{
  g_return_if_fail (hearts_is_alert (alert));

  adw_message_dialog_set_response_label (ADW_MESSAGE_DIALOG (alert), response, label);
}

void
hearts_alert_set_suggested (GtkWidget  *alert,
                            const char *response)
{
  g_return_if_fail (hearts_is_alert (alert));

  adw_message_dialog_set_response_appearance (ADW_MESSAGE_DIALOG (alert), response, ADW_RESPONSE_SUGGESTED);
  adw_message_dialog_set_default_response (ADW_MESSAGE_DIALOG (alert), response);
}

void
hearts_alert_set_extra_child (GtkWidget *alert,
                              GtkWidget *child)
{
  g_return_if_fail (hearts_is_alert (alert));

  adw_message_dialog_set_extra_child (ADW_MESSAGE_DIALOG (alert), child);
}

void
hearts_dialog_present (GtkWidget *dialog,
                       GtkWidget *parent)
{
  GtkRoot *root = parent != NULL ? gtk_widget_get_root (parent) : NULL;

  g_return_if_fail (GTK_IS_WINDOW (dialog));

  if (GTK_IS_WINDOW (root))
    gtk_window_set_transient_for (GTK_WINDOW (dialog), GTK_WINDOW (root));
  gtk_window_set_modal (GTK_WINDOW (dialog), TRUE);
  gtk_window_present (GTK_WINDOW (dialog));
}

void
hearts_dialog_set_size (GtkWidget *dialog,
                        int        width,
                        int        height)
{
  g_return_if_fail (GTK_IS_WINDOW (dialog));

  gtk_window_set_default_size (GTK_WINDOW (dialog), width, height);
}

GtkWidget *
hearts_dialog_get_child (GtkWidget *dialog)
{
  g_return_val_if_fail (ADW_IS_WINDOW (dialog), NULL);

  return adw_window_get_content (ADW_WINDOW (dialog));
}

GtkWidget *
hearts_dialog_get_parent (GtkWidget *dialog)
{
  g_return_val_if_fail (GTK_IS_WINDOW (dialog), NULL);

  return GTK_WIDGET (gtk_window_get_transient_for (GTK_WINDOW (dialog)));
}

void
hearts_dialog_close (GtkWidget *dialog)
{
  g_return_if_fail (GTK_IS_WINDOW (dialog));

  gtk_window_close (GTK_WINDOW (dialog));
}

static gboolean
close_shortcut (GtkWidget *widget,
                GVariant  *args,
                gpointer   user_data)
{
  hearts_dialog_close (widget);
  return TRUE;
}

void
hearts_dialog_class_add_close_shortcut (GtkWidgetClass *widget_class)
{
  /* An AdwWindow does not close on Escape by itself. */
  gtk_widget_class_add_binding (widget_class, GDK_KEY_Escape, 0, close_shortcut, NULL);
}

void
hearts_dialog_connect_closed (GtkWidget *dialog,
                              GCallback  callback,
                              gpointer   object)
{
  g_return_if_fail (GTK_IS_WINDOW (dialog));

  /* Closed or destroyed, a window is unmapped (GTK 4.8 emits no "hide" then); its
   * close-request may still be refused. */
  g_signal_connect_object (dialog, "unmap", callback, object, 0);
}

void
hearts_dialog_destroy (GtkWidget *dialog)
{
  g_return_if_fail (GTK_IS_WINDOW (dialog));

  gtk_window_destroy (GTK_WINDOW (dialog));
}

gboolean
hearts_is_alert (GtkWidget *widget)
{
  return ADW_IS_MESSAGE_DIALOG (widget);
}

#endif

/* Whichever libadwaita: GTK's own shortcuts window. */

G_GNUC_BEGIN_IGNORE_DEPRECATIONS

void
hearts_shortcuts_present (GtkApplicationWindow *window,
                          const char           *resource)
{
  GtkShortcutsWindow *overlay;

  g_return_if_fail (GTK_IS_APPLICATION_WINDOW (window));
  g_return_if_fail (resource != NULL);

  overlay = gtk_application_window_get_help_overlay (window);
  if (overlay == NULL)
    {
      g_autoptr(GtkBuilder) builder = gtk_builder_new_from_resource (resource);

      overlay = GTK_SHORTCUTS_WINDOW (gtk_builder_get_object (builder, "help_overlay"));
      gtk_application_window_set_help_overlay (window, overlay);
    }
  gtk_window_present (GTK_WINDOW (overlay));
}

GtkWindow *
hearts_shortcuts_get (GtkApplicationWindow *window)
{
  g_return_val_if_fail (GTK_IS_APPLICATION_WINDOW (window), NULL);

  return GTK_WINDOW (gtk_application_window_get_help_overlay (window));
}

G_GNUC_END_IGNORE_DEPRECATIONS
