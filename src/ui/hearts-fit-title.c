/* hearts-fit-title.c
 *
 * The header's title says "Hearts" over the hand's state ("Hand 1 · Hearts broken"). A
 * phone-sized header has room for neither (it read "Hand 1 · Hea…" at 400 px, "Hea…" at
 * 360): there the title is the hand ("Hand 1") over its state ("Hearts broken"), which
 * the window's own title, "Hearts", does not need. Like HeartsFitLabel, it asks for the
 * short form's width as its minimum and shows the long one whenever it fits.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include "hearts-fit-title.h"

struct _HeartsFitTitle
{
  GtkWidget parent_instance;

  GtkWidget *full;      /* AdwWindowTitle */
  GtkWidget *compact;   /* AdwWindowTitle */
  gboolean   shows_compact;
};

G_DEFINE_FINAL_TYPE (HeartsFitTitle, hearts_fit_title, GTK_TYPE_WIDGET)

enum
{
  PROP_0,
  PROP_TITLE,
  PROP_SUBTITLE,
  PROP_COMPACT_TITLE,
  PROP_COMPACT_SUBTITLE,
  PROP_COMPACT,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static void
hearts_fit_title_measure (GtkWidget     *widget,
                          GtkOrientation orientation,
                          int            for_size,
                          int           *minimum,
                          int           *natural,
                          int           *minimum_baseline,
                          int           *natural_baseline)
{
  HeartsFitTitle *self = HEARTS_FIT_TITLE (widget);
  int             full_min, full_nat, compact_min, compact_nat;

  gtk_widget_measure (self->full, orientation, -1, &full_min, &full_nat, NULL, NULL);
  gtk_widget_measure (self->compact, orientation, -1, &compact_min, &compact_nat, NULL, NULL);
  if (orientation == GTK_ORIENTATION_HORIZONTAL)
    {
      *minimum = compact_min;
      *natural = MAX (full_nat, compact_nat);
    }
  else
    {
      *minimum = MAX (full_min, compact_min);
      *natural = MAX (full_nat, compact_nat);
    }
}

static void
hearts_fit_title_size_allocate (GtkWidget *widget,
                                int        width,
                                int        height,
                                int        baseline)
{
  HeartsFitTitle *self = HEARTS_FIT_TITLE (widget);
  int             full_nat;
  gboolean        compact;

  gtk_widget_measure (self->full, GTK_ORIENTATION_HORIZONTAL, -1, NULL, &full_nat, NULL, NULL);
  compact = width < full_nat;
  /* Child visibility, not visibility: it changes no size, so no new layout. */
  gtk_widget_set_child_visible (self->full, !compact);
  gtk_widget_set_child_visible (self->compact, compact);
  gtk_widget_allocate (compact ? self->compact : self->full, width, height, -1, NULL);
  if (self->shows_compact != compact)
    {
      self->shows_compact = compact;
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_COMPACT]);
    }
}

static void
hearts_fit_title_dispose (GObject *object)
{
  HeartsFitTitle *self = HEARTS_FIT_TITLE (object);

  g_clear_pointer (&self->full, gtk_widget_unparent);
  g_clear_pointer (&self->compact, gtk_widget_unparent);

  G_OBJECT_CLASS (hearts_fit_title_parent_class)->dispose (object);
}

static GtkWidget *
title_of (HeartsFitTitle *self,
          guint           prop_id)
{
  return prop_id == PROP_TITLE || prop_id == PROP_SUBTITLE ? self->full : self->compact;
}

static void
hearts_fit_title_get_property (GObject    *object,
                               guint       prop_id,
                               GValue     *value,
                               GParamSpec *pspec)
{
  HeartsFitTitle *self = HEARTS_FIT_TITLE (object);

  switch (prop_id)
    {
    case PROP_TITLE:
    case PROP_COMPACT_TITLE:
      g_value_set_string (value, adw_window_title_get_title (ADW_WINDOW_TITLE (title_of (self, prop_id))));
      break;
    case PROP_SUBTITLE:
    case PROP_COMPACT_SUBTITLE:
      g_value_set_string (value, adw_window_title_get_subtitle (ADW_WINDOW_TITLE (title_of (self, prop_id))));
      break;
    case PROP_COMPACT:
      g_value_set_boolean (value, self->shows_compact);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
hearts_fit_title_set_property (GObject      *object,
                               guint         prop_id,
                               const GValue *value,
                               GParamSpec   *pspec)
{
  HeartsFitTitle *self = HEARTS_FIT_TITLE (object);
  const char     *text = g_value_get_string (value);

  switch (prop_id)
    {
    case PROP_TITLE:
    case PROP_COMPACT_TITLE:
      if (g_strcmp0 (adw_window_title_get_title (ADW_WINDOW_TITLE (title_of (self, prop_id))), text) == 0)
        return;
      adw_window_title_set_title (ADW_WINDOW_TITLE (title_of (self, prop_id)), text != NULL ? text : "");
      break;
    case PROP_SUBTITLE:
    case PROP_COMPACT_SUBTITLE:
      if (g_strcmp0 (adw_window_title_get_subtitle (ADW_WINDOW_TITLE (title_of (self, prop_id))), text) == 0)
        return;
      adw_window_title_set_subtitle (ADW_WINDOW_TITLE (title_of (self, prop_id)), text != NULL ? text : "");
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
      return;
    }
  g_object_notify_by_pspec (object, pspec);
}

static void
hearts_fit_title_class_init (HeartsFitTitleClass *klass)
{
  GObjectClass   *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = hearts_fit_title_dispose;
  object_class->get_property = hearts_fit_title_get_property;
  object_class->set_property = hearts_fit_title_set_property;
  widget_class->measure = hearts_fit_title_measure;
  widget_class->size_allocate = hearts_fit_title_size_allocate;

  properties[PROP_TITLE] =
    g_param_spec_string ("title", NULL, NULL, NULL,
                         (G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));
  properties[PROP_SUBTITLE] =
    g_param_spec_string ("subtitle", NULL, NULL, NULL,
                         (G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));
  properties[PROP_COMPACT_TITLE] =
    g_param_spec_string ("compact-title", NULL, NULL, NULL,
                         (G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));
  properties[PROP_COMPACT_SUBTITLE] =
    g_param_spec_string ("compact-subtitle", NULL, NULL, NULL,
                         (G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));
  properties[PROP_COMPACT] =
    g_param_spec_boolean ("compact", NULL, NULL, FALSE,
                          (G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));
  g_object_class_install_properties (object_class, N_PROPS, properties);

  gtk_widget_class_set_css_name (widget_class, "fittitle");
}

static void
hearts_fit_title_init (HeartsFitTitle *self)
{
  self->full = adw_window_title_new ("", "");
  gtk_widget_set_parent (self->full, GTK_WIDGET (self));
  self->compact = adw_window_title_new ("", "");
  gtk_widget_set_parent (self->compact, GTK_WIDGET (self));
  gtk_widget_set_child_visible (self->compact, FALSE);
}

GtkWidget *
hearts_fit_title_new (void)
{
  return g_object_new (HEARTS_TYPE_FIT_TITLE, NULL);
}

gboolean
hearts_fit_title_get_compact (HeartsFitTitle *self)
{
  g_return_val_if_fail (HEARTS_IS_FIT_TITLE (self), FALSE);
  return self->shows_compact;
}

const char *
hearts_fit_title_get_title (HeartsFitTitle *self)
{
  g_return_val_if_fail (HEARTS_IS_FIT_TITLE (self), NULL);
  return adw_window_title_get_title (ADW_WINDOW_TITLE (self->full));
}

const char *
hearts_fit_title_get_subtitle (HeartsFitTitle *self)
{
  g_return_val_if_fail (HEARTS_IS_FIT_TITLE (self), NULL);
  return adw_window_title_get_subtitle (ADW_WINDOW_TITLE (self->full));
}

const char *
hearts_fit_title_get_compact_title (HeartsFitTitle *self)
{
  g_return_val_if_fail (HEARTS_IS_FIT_TITLE (self), NULL);
  return adw_window_title_get_title (ADW_WINDOW_TITLE (self->compact));
}

const char *
hearts_fit_title_get_compact_subtitle (HeartsFitTitle *self)
{
  g_return_val_if_fail (HEARTS_IS_FIT_TITLE (self), NULL);
  return adw_window_title_get_subtitle (ADW_WINDOW_TITLE (self->compact));
}
