/* hearts-announcer.c: says to a screen reader what the table shows
 *
 * GTK 4.14 has announcements of its own. Before it, the announcer is a polite live
 * status region: an invisible widget whose accessible name is the latest news, which
 * AT-SPI reports as a name change.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include "hearts-announcer.h"

struct _HeartsAnnouncer
{
  GtkWidget parent_instance;

  char *text;
};

G_DEFINE_FINAL_TYPE (HeartsAnnouncer, hearts_announcer, GTK_TYPE_WIDGET)

enum
{
  PROP_0,
  PROP_TEXT,
  N_PROPS
};

enum
{
  ANNOUNCED,
  N_SIGNALS
};

static GParamSpec *properties[N_PROPS];
static guint       signals[N_SIGNALS];

static void
hearts_announcer_finalize (GObject *object)
{
  HeartsAnnouncer *self = HEARTS_ANNOUNCER (object);

  g_clear_pointer (&self->text, g_free);

  G_OBJECT_CLASS (hearts_announcer_parent_class)->finalize (object);
}

static void
hearts_announcer_get_property (GObject    *object,
                               guint       prop_id,
                               GValue     *value,
                               GParamSpec *pspec)
{
  HeartsAnnouncer *self = HEARTS_ANNOUNCER (object);

  switch (prop_id)
    {
    case PROP_TEXT:
      g_value_set_string (value, self->text);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
hearts_announcer_class_init (HeartsAnnouncerClass *klass)
{
  GObjectClass   *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->finalize = hearts_announcer_finalize;
  object_class->get_property = hearts_announcer_get_property;

  /* The latest announcement. */
  properties[PROP_TEXT] =
    g_param_spec_string ("text", NULL, NULL, NULL,
                         (G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));
  g_object_class_install_properties (object_class, N_PROPS, properties);

  /**
   * HeartsAnnouncer::announced:
   * @text: what was said, also when it is the same as last time
   */
  signals[ANNOUNCED] =
    g_signal_new ("announced", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL, G_TYPE_NONE, 1, G_TYPE_STRING);

  gtk_widget_class_set_css_name (widget_class, "announcer");
  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_STATUS);
}

static void
hearts_announcer_init (HeartsAnnouncer *self)
{
  gtk_widget_set_can_target (GTK_WIDGET (self), FALSE);
  gtk_widget_set_can_focus (GTK_WIDGET (self), FALSE);
}

GtkWidget *
hearts_announcer_new (void)
{
  return g_object_new (HEARTS_TYPE_ANNOUNCER, NULL);
}

void
hearts_announcer_announce (HeartsAnnouncer *self,
                           const char      *text)
{
  g_return_if_fail (HEARTS_IS_ANNOUNCER (self));
  g_return_if_fail (text != NULL);

#if GTK_CHECK_VERSION(4, 14, 0)
  gtk_accessible_announce (GTK_ACCESSIBLE (self), text, GTK_ACCESSIBLE_ANNOUNCEMENT_PRIORITY_MEDIUM);
#else
  gtk_accessible_update_property (GTK_ACCESSIBLE (self), GTK_ACCESSIBLE_PROPERTY_LABEL, text, -1);
#endif

  if (g_strcmp0 (self->text, text) != 0)
    {
      g_free (self->text);
      self->text = g_strdup (text);
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_TEXT]);
    }
  g_signal_emit (self, signals[ANNOUNCED], 0, text);
}

const char *
hearts_announcer_get_text (HeartsAnnouncer *self)
{
  g_return_val_if_fail (HEARTS_IS_ANNOUNCER (self), NULL);
  return self->text;
}
