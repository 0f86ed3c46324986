/* hearts-application.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>

#include "hearts-application.h"
#include "hearts-card-theme.h"
#include "hearts-compat.h"
#include "hearts-preferences-window.h"
#include "hearts-software-gl.h"
#include "hearts-statistics-dialog.h"
#include "hearts-window.h"

struct _HeartsApplication
{
  AdwApplication parent_instance;

  HeartsSettings *settings;
  char           *rules;    /* --rules, until the first game takes it */
  gint64          seed;     /* -1: pick one */
  gboolean        new_game; /* --seed or --rules: do not resume */
};

G_DEFINE_FINAL_TYPE (HeartsApplication, hearts_application, ADW_TYPE_APPLICATION)

static HeartsWindow *
get_window (HeartsApplication *self)
{
  GtkWindow *window = gtk_application_get_active_window (GTK_APPLICATION (self));

  return HEARTS_IS_WINDOW (window) ? HEARTS_WINDOW (window) : NULL;
}

/* Windows close as if the player closed them, so that they save their size. */
static void
quit_activated (GSimpleAction *action,
                GVariant      *parameter,
                gpointer       user_data)
{
  GList *windows = g_list_copy (gtk_application_get_windows (GTK_APPLICATION (user_data)));

  for (GList *l = windows; l != NULL; l = l->next)
    gtk_window_close (l->data);
  g_list_free (windows);
  g_application_quit (G_APPLICATION (user_data));
}

static void
about_activated (GSimpleAction *action,
                 GVariant      *parameter,
                 gpointer       user_data)
{
  HeartsApplication *self = user_data;
  static const char *developers[] = { "The Hearts developers", NULL };
  GtkWidget         *about;

  about = g_object_new (HEARTS_TYPE_ABOUT,
                        "application-name", _("Hearts"), "application-icon", APP_ID, "version", PACKAGE_VERSION, "developer-name", _("The Hearts developers"), "developers", developers, "copyright", "© 2024 The Hearts developers", "license-type", GTK_LICENSE_GPL_3_0, "comments", _("The classic trick-taking card game: avoid hearts and the Queen of Spades"), "translator-credits", _("translator-credits"), NULL);
  hearts_dialog_present (about, GTK_WIDGET (gtk_application_get_active_window (GTK_APPLICATION (self))));
}

static void
preferences_activated (GSimpleAction *action,
                       GVariant      *parameter,
                       gpointer       user_data)
{
  HeartsWindow            *window = get_window (user_data);
  HeartsPreferencesWindow *preferences;

  if (window == NULL)
    return;
  preferences = hearts_preferences_window_new (hearts_window_get_settings (window));
  /* It says when the rules differ from the game's, whichever game is on. */
  g_object_bind_property (window, "seat-view", preferences, "seat-view", G_BINDING_SYNC_CREATE);
  hearts_preferences_window_present (preferences, GTK_WIDGET (window));
}

static void
statistics_activated (GSimpleAction *action,
                      GVariant      *parameter,
                      gpointer       user_data)
{
  HeartsWindow           *window = get_window (user_data);
  HeartsStatisticsDialog *dialog;

  if (window == NULL)
    return;
  dialog = hearts_statistics_dialog_new (hearts_settings_get_settings (hearts_window_get_settings (window)));
  hearts_statistics_dialog_present (dialog, GTK_WIDGET (window));
}

static void
help_launched_cb (GObject      *source,
                  GAsyncResult *result,
                  gpointer      user_data)
{
  g_autoptr(HeartsApplication) self = user_data;
  g_autoptr(GError) error = NULL;

  /* Without Yelp (or another help viewer) nothing handles help: URIs; say so rather
   * than let F1 do nothing. */
  if (!g_app_info_launch_default_for_uri_finish (result, &error))
    {
      /* Looked up now: the window of the F1 may have closed meanwhile. */
      HeartsWindow *window = get_window (self);

      /* GIO's reason ("Operation not supported") would tell a player nothing. */
      g_debug ("Opening help:%s failed: %s", BASE_ID, error->message);
      /* An alert, not a toast: above an open score sheet or dialog, and it stays until
       * read (a toast went grey behind the sheet's dimming, or timed out). */
      if (window != NULL)
        hearts_dialog_present (hearts_alert_new_notice (_("The User Guide Could Not Be Opened"),
                                                        _("Is a help viewer such as Yelp installed?")),
                               GTK_WIDGET (window));
    }
}

/* The guide is installed under the base ID, so a development build opens it too. */
static void
help_activated (GSimpleAction *action,
                GVariant      *parameter,
                gpointer       user_data)
{
  HeartsWindow *window = get_window (user_data);
  g_autoptr(GdkAppLaunchContext) context = NULL;

  if (window != NULL)
    context = gdk_display_get_app_launch_context (gtk_widget_get_display (GTK_WIDGET (window)));
  g_app_info_launch_default_for_uri_async ("help:" BASE_ID, G_APP_LAUNCH_CONTEXT (context), NULL,
                                           help_launched_cb, g_object_ref (user_data));
}

static const GActionEntry app_entries[] = {
  { "quit", quit_activated },
  { "about", about_activated },
  { "preferences", preferences_activated },
  { "statistics", statistics_activated },
  { "help", help_activated },
};

static int
hearts_application_handle_local_options (GApplication *app,
                                         GVariantDict *options)
{
  HeartsApplication *self = HEARTS_APPLICATION (app);
  const char        *rules = NULL;
  gint64             seed;

  if (g_variant_dict_lookup (options, "seed", "x", &seed))
    {
      /* -G_MININT64 does not fit in a gint64: that one becomes G_MAXINT64. */
      self->seed = seed >= 0 ? seed : seed == G_MININT64 ? G_MAXINT64
                                                         : -seed;
      self->new_game = TRUE;
    }
  if (g_variant_dict_lookup (options, "rules", "&s", &rules))
    {
      g_autoptr(GError) error = NULL;
      HeartsRules checked;

      /* Said now, on the terminal; the game applies them to the rules of the settings. */
      hearts_rules_init_default (&checked);
      if (!hearts_rules_apply_string (&checked, rules, &error))
        {
          g_printerr ("%s\n", error->message);
          return 1;
        }
      g_free (self->rules);
      self->rules = g_strdup (rules);
      self->new_game = TRUE;
    }
  return -1;
}

static void
hearts_application_activate (GApplication *app)
{
  GtkWindow *window = gtk_application_get_active_window (GTK_APPLICATION (app));

  if (window == NULL)
    {
      HeartsApplication *self = HEARTS_APPLICATION (app);

      window = GTK_WINDOW (hearts_window_new (self));
    }
  gtk_window_present (window);
}

static void
hearts_application_startup (GApplication *app)
{
  HeartsApplication *self = HEARTS_APPLICATION (app);
  /* The application's own and the shortcuts window; the window's are in its template. */
  static const char *quit[] = { "<Control>q", NULL };
  static const char *help[] = { "F1", NULL };
  static const char *shortcuts[] = { "<Control>question", NULL };
  static const char *preferences[] = { "<Control>comma", NULL };
  g_autofree char   *card_theme = NULL;

  /* The deck parses in a thread while GTK and libadwaita start. */
  card_theme = g_settings_get_string (hearts_settings_get_settings (hearts_application_get_settings (self)),
                                      "card-theme");
  hearts_card_theme_preload (card_theme);

  G_APPLICATION_CLASS (hearts_application_parent_class)->startup (app);
  hearts_prefer_cairo_on_software_gl (gdk_display_get_default ());

  g_action_map_add_action_entries (G_ACTION_MAP (self), app_entries, G_N_ELEMENTS (app_entries), self);


  gtk_application_set_accels_for_action (GTK_APPLICATION (self), "app.quit", quit);
  gtk_application_set_accels_for_action (GTK_APPLICATION (self), "app.help", help);
  gtk_application_set_accels_for_action (GTK_APPLICATION (self), "win.show-help-overlay", shortcuts);
  gtk_application_set_accels_for_action (GTK_APPLICATION (self), "app.preferences", preferences);
}

static void
hearts_application_shutdown (GApplication *app)
{
  /* The last writes (the window size) reach the store before the process ends, and no
   * card is being drawn in a thread as it does. */
  g_settings_sync ();
  hearts_card_theme_stop_workers ();

  G_APPLICATION_CLASS (hearts_application_parent_class)->shutdown (app);
}

static void
hearts_application_dispose (GObject *object)
{
  HeartsApplication *self = HEARTS_APPLICATION (object);

  g_clear_object (&self->settings);
  g_clear_pointer (&self->rules, g_free);

  G_OBJECT_CLASS (hearts_application_parent_class)->dispose (object);
}

static void
hearts_application_class_init (HeartsApplicationClass *klass)
{
  GObjectClass      *object_class = G_OBJECT_CLASS (klass);
  GApplicationClass *app_class = G_APPLICATION_CLASS (klass);

  object_class->dispose = hearts_application_dispose;
  app_class->handle_local_options = hearts_application_handle_local_options;
  app_class->activate = hearts_application_activate;
  app_class->startup = hearts_application_startup;
  app_class->shutdown = hearts_application_shutdown;
}

static void
hearts_application_init (HeartsApplication *self)
{
  static const GOptionEntry options[] = {
    { "seed", 0, 0, G_OPTION_ARG_INT64, NULL, N_("Start a new game dealt from this seed instead of resuming the saved one"), N_("N") },
      { "rules", 0, 0, G_OPTION_ARG_STRING, NULL, N_("Start a new game with these rules (key=value words) instead of resuming the saved one"), N_("RULES") },
        { NULL } };

  self->seed = -1;
  g_application_add_main_option_entries (G_APPLICATION (self), options);
}

HeartsApplication *
hearts_application_new (void)
{
  return g_object_new (HEARTS_TYPE_APPLICATION,
                       "application-id", APP_ID,
                       "flags", G_APPLICATION_DEFAULT_FLAGS,
                       "resource-base-path", RESOURCE_PATH,
                       NULL);
}

guint64
hearts_application_take_seed (HeartsApplication *self)
{
  guint64 seed;

  g_return_val_if_fail (HEARTS_IS_APPLICATION (self), 0);

  if (self->seed >= 0)
    {
      seed = (guint64) self->seed;
      self->seed = -1;
      return seed;
    }
  seed = ((guint64) g_random_int () << 32) | g_random_int ();
  return seed;
}

HeartsSettings *
hearts_application_get_settings (HeartsApplication *self)
{
  g_return_val_if_fail (HEARTS_IS_APPLICATION (self), NULL);

  /* Before startup (a window built by hand): made on first use. */
  if (self->settings == NULL)
    self->settings = hearts_settings_new (NULL);
  return self->settings;
}

gboolean
hearts_application_get_resume (HeartsApplication *self)
{
  g_return_val_if_fail (HEARTS_IS_APPLICATION (self), TRUE);
  return !self->new_game;
}

char *
hearts_application_take_rules (HeartsApplication *self)
{
  g_return_val_if_fail (HEARTS_IS_APPLICATION (self), NULL);
  return g_steal_pointer (&self->rules);
}
