/* hearts-compat.h: the dialogs, as the libadwaita we are built with has them
 *
 * The code is written for the oldest libadwaita we support (1.2, see meson.build). From
 * 1.5, AdwDialog, AdwAlertDialog, AdwPreferencesDialog and AdwAboutDialog replace the
 * windows that 1.6 deprecates; this header and hearts-compat.c are the one place that
 * knows which it is, so the rest of src/ui has a single code path.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <adwaita.h>

G_BEGIN_DECLS

/* Parents for composite templates: abstract types that add nothing to AdwPreferencesDialog
 * and AdwDialog (1.5 and later) or AdwPreferencesWindow and AdwWindow, so that a template
 * names one parent whichever it is (parent="HeartsPreferencesBase"), and uses only what
 * both have (<child>, "title"). The extra macro level lets the parent's name expand before
 * G_DECLARE_DERIVABLE_TYPE pastes it. */
#if ADW_CHECK_VERSION (1, 5, 0)
# define HEARTS_PREFERENCES_BASE_PARENT AdwPreferencesDialog
# define HEARTS_DIALOG_BASE_PARENT      AdwDialog
#else
# define HEARTS_PREFERENCES_BASE_PARENT AdwPreferencesWindow
# define HEARTS_DIALOG_BASE_PARENT      AdwWindow
#endif
#define HEARTS_DECLARE_DERIVABLE_TYPE(...) G_DECLARE_DERIVABLE_TYPE (__VA_ARGS__)
#define HEARTS_CLASS_OF(Parent) Parent##Class
#define HEARTS_CLASS(Parent) HEARTS_CLASS_OF (Parent)

#define HEARTS_TYPE_PREFERENCES_BASE (hearts_preferences_base_get_type ())
HEARTS_DECLARE_DERIVABLE_TYPE (HeartsPreferencesBase, hearts_preferences_base,
                               HEARTS, PREFERENCES_BASE, HEARTS_PREFERENCES_BASE_PARENT)

struct _HeartsPreferencesBaseClass
{
  HEARTS_CLASS (HEARTS_PREFERENCES_BASE_PARENT) parent_class;
};

#define HEARTS_TYPE_DIALOG_BASE (hearts_dialog_base_get_type ())
HEARTS_DECLARE_DERIVABLE_TYPE (HeartsDialogBase, hearts_dialog_base,
                               HEARTS, DIALOG_BASE, HEARTS_DIALOG_BASE_PARENT)

struct _HeartsDialogBaseClass
{
  HEARTS_CLASS (HEARTS_DIALOG_BASE_PARENT) parent_class;
};

#define HEARTS_TYPE_ABOUT (hearts_about_get_type ())

/* AdwAboutDialog or AdwAboutWindow: the properties that matter are the same. */
GType      hearts_about_get_type            (void) G_GNUC_CONST;

/* A question with two answers, "cancel" and @confirm_id; the latter looks destructive.
 * Escape means "cancel". Connect to its "response" signal, whose handler gets
 * (GtkWidget *alert, const char *response, gpointer user_data), then present it. */
GtkWidget *hearts_alert_new                 (const char *heading,
                                             const char *body,
                                             const char *confirm_id,
                                             const char *confirm_label);

/* A message with one answer, "close" (Escape and Enter too): for what the player must
 * read before going on. */
GtkWidget *hearts_alert_new_notice          (const char *heading,
                                             const char *body);

/* The label of one of an alert's answers ("cancel" or its confirm id). */
void       hearts_alert_set_response_label  (GtkWidget  *alert,
                                             const char *response,
                                             const char *label);
/* @response looks suggested rather than destructive, and Enter gives it. */
void       hearts_alert_set_suggested       (GtkWidget  *alert,
                                             const char *response);
/* A widget under the alert's text (the claim's proof). */
void       hearts_alert_set_extra_child     (GtkWidget  *alert,
                                             GtkWidget  *child);

/* Shows @dialog (one of the above, or an alert) over the window of @parent, modally. */
void       hearts_dialog_present            (GtkWidget  *dialog,
                                             GtkWidget  *parent);
/* The size @dialog asks for: the content's for a dialog, the default one for a window. */
void       hearts_dialog_set_size           (GtkWidget  *dialog,
                                             int         width,
                                             int         height);
/* What @dialog shows: its child (a libadwaita 1.5 dialog keeps it out of its own
 * widget tree until presented) or its window's content. */
GtkWidget *hearts_dialog_get_child          (GtkWidget  *dialog);
/* The window @dialog was presented over, or NULL. */
GtkWidget *hearts_dialog_get_parent         (GtkWidget  *dialog);
/* Closes @dialog, as its close button would. */
void       hearts_dialog_close              (GtkWidget  *dialog);
/* Escape closes the dialogs of @widget_class (a HeartsDialogBase), as an AdwDialog's does:
 * for class_init. */
void       hearts_dialog_class_add_close_shortcut (GtkWidgetClass *widget_class);
/* Calls @callback (GtkWidget *dialog, gpointer object) as soon as @dialog starts to close:
 * an AdwDialog's "closed" comes before its closing animation, a window's "unmap" when it goes.
 * Disconnected when @object is finalized. */
void       hearts_dialog_connect_closed     (GtkWidget  *dialog,
                                             GCallback   callback,
                                             gpointer    object);
/* Closes @dialog at once, whether presented or not (for tests). */
void       hearts_dialog_destroy            (GtkWidget  *dialog);
/* Whether @widget is an alert made by hearts_alert_new(). */
gboolean   hearts_is_alert                  (GtkWidget  *widget);

/* The keyboard shortcuts: a GtkShortcutsWindow, which GTK 4.18 deprecates with no replacement
 * before libadwaita 1.8. Built from the GtkBuilder file @resource (its object "help_overlay")
 * the first time, and handed to @window so that it shows the application's accelerators. */
void       hearts_shortcuts_present         (GtkApplicationWindow *window,
                                             const char           *resource);
/* The shortcuts window of @window, or NULL until it was first presented (for tests). */
GtkWindow *hearts_shortcuts_get             (GtkApplicationWindow *window);

G_END_DECLS
