/* hearts-fit-label.c
 *
 * The header bar of a phone-sized window has no room for "New Game": the label asks for
 * the icon's width as its minimum and shows the text whenever it fits, as AdwSqueezer did
 * before libadwaita 1.4 deprecated it (libadwaita 1.2 has no breakpoints). The button
 * keeps its accessible name and tooltip either way; the text keeps the mnemonic.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include "hearts-fit-label.h"

struct _HeartsFitLabel
{
  GtkWidget parent_instance;

  GtkWidget *label;
  GtkWidget *icon;
};

G_DEFINE_FINAL_TYPE (HeartsFitLabel, hearts_fit_label, GTK_TYPE_WIDGET)

enum
{
  PROP_0,
  PROP_LABEL,
  PROP_ICON_NAME,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static void
hearts_fit_label_measure (GtkWidget     *widget,
                          GtkOrientation orientation,
                          int            for_size,
                          int           *minimum,
                          int           *natural,
                          int           *minimum_baseline,
                          int           *natural_baseline)
{
  HeartsFitLabel *self = HEARTS_FIT_LABEL (widget);
  int             label_min, label_nat, icon_min, icon_nat;

  gtk_widget_measure (self->label, orientation, -1, &label_min, &label_nat, NULL, NULL);
  gtk_widget_measure (self->icon, orientation, -1, &icon_min, &icon_nat, NULL, NULL);
  if (orientation == GTK_ORIENTATION_HORIZONTAL)
    {
      *minimum = icon_min;
      *natural = MAX (label_nat, icon_nat);
    }
  else
    {
      *minimum = MAX (label_min, icon_min);
      *natural = MAX (label_nat, icon_nat);
    }
}

static void
hearts_fit_label_size_allocate (GtkWidget *widget,
                                int        width,
                                int        height,
                                int        baseline)
{
  HeartsFitLabel *self = HEARTS_FIT_LABEL (widget);
  int             label_min;
  gboolean        fits;

  gtk_widget_measure (self->label, GTK_ORIENTATION_HORIZONTAL, -1, &label_min, NULL, NULL, NULL);
  fits = width >= label_min;
  /* Child visibility, not visibility: it changes no size, so no new layout. */
  gtk_widget_set_child_visible (self->label, fits);
  gtk_widget_set_child_visible (self->icon, !fits);
  gtk_widget_allocate (fits ? self->label : self->icon, width, height, -1, NULL);
}

static void
hearts_fit_label_dispose (GObject *object)
{
  HeartsFitLabel *self = HEARTS_FIT_LABEL (object);

  g_clear_pointer (&self->label, gtk_widget_unparent);
  g_clear_pointer (&self->icon, gtk_widget_unparent);

  G_OBJECT_CLASS (hearts_fit_label_parent_class)->dispose (object);
}

static void
hearts_fit_label_get_property (GObject    *object,
                               guint       prop_id,
                               GValue     *value,
                               GParamSpec *pspec)
{
  HeartsFitLabel *self = HEARTS_FIT_LABEL (object);

  switch (prop_id)
    {
    case PROP_LABEL:
      g_value_set_string (value, hearts_fit_label_get_label (self));
      break;
    case PROP_ICON_NAME:
      g_value_set_string (value, hearts_fit_label_get_icon_name (self));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
hearts_fit_label_set_property (GObject      *object,
                               guint         prop_id,
                               const GValue *value,
                               GParamSpec   *pspec)
{
  HeartsFitLabel *self = HEARTS_FIT_LABEL (object);

  switch (prop_id)
    {
    case PROP_LABEL:
      hearts_fit_label_set_label (self, g_value_get_string (value));
      break;
    case PROP_ICON_NAME:
      hearts_fit_label_set_icon_name (self, g_value_get_string (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
hearts_fit_label_class_init (HeartsFitLabelClass *klass)
{
  GObjectClass   *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = hearts_fit_label_dispose;
  object_class->get_property = hearts_fit_label_get_property;
  object_class->set_property = hearts_fit_label_set_property;

  widget_class->measure = hearts_fit_label_measure;
  widget_class->size_allocate = hearts_fit_label_size_allocate;

  /* With a mnemonic: "_New Game". */
  properties[PROP_LABEL] =
    g_param_spec_string ("label", NULL, NULL, NULL,
                         (G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));
  properties[PROP_ICON_NAME] =
    g_param_spec_string ("icon-name", NULL, NULL, NULL,
                         (G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));
  g_object_class_install_properties (object_class, N_PROPS, properties);

  /* The button it is in has the name. */
  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_PRESENTATION);
}

static void
hearts_fit_label_init (HeartsFitLabel *self)
{
  self->label = g_object_new (GTK_TYPE_LABEL,
                              "use-underline", TRUE,
                              "accessible-role", GTK_ACCESSIBLE_ROLE_PRESENTATION,
                              NULL);
  gtk_widget_set_parent (self->label, GTK_WIDGET (self));
  self->icon = g_object_new (GTK_TYPE_IMAGE,
                             "accessible-role", GTK_ACCESSIBLE_ROLE_PRESENTATION,
                             NULL);
  gtk_widget_set_parent (self->icon, GTK_WIDGET (self));
  gtk_widget_set_child_visible (self->icon, FALSE);
}

GtkWidget *
hearts_fit_label_new (const char *label,
                      const char *icon_name)
{
  return g_object_new (HEARTS_TYPE_FIT_LABEL, "label", label, "icon-name", icon_name, NULL);
}

const char *
hearts_fit_label_get_label (HeartsFitLabel *self)
{
  g_return_val_if_fail (HEARTS_IS_FIT_LABEL (self), NULL);
  return gtk_label_get_label (GTK_LABEL (self->label));
}

void
hearts_fit_label_set_label (HeartsFitLabel *self,
                            const char     *label)
{
  g_return_if_fail (HEARTS_IS_FIT_LABEL (self));

  if (g_strcmp0 (label, gtk_label_get_label (GTK_LABEL (self->label))) == 0)
    return;
  gtk_label_set_label (GTK_LABEL (self->label), label != NULL ? label : "");
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_LABEL]);
}

const char *
hearts_fit_label_get_icon_name (HeartsFitLabel *self)
{
  g_return_val_if_fail (HEARTS_IS_FIT_LABEL (self), NULL);
  return gtk_image_get_icon_name (GTK_IMAGE (self->icon));
}

void
hearts_fit_label_set_icon_name (HeartsFitLabel *self,
                                const char     *icon_name)
{
  g_return_if_fail (HEARTS_IS_FIT_LABEL (self));

  if (g_strcmp0 (icon_name, gtk_image_get_icon_name (GTK_IMAGE (self->icon))) == 0)
    return;
  gtk_image_set_from_icon_name (GTK_IMAGE (self->icon), icon_name);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_ICON_NAME]);
}

gboolean
hearts_fit_label_get_shows_label (HeartsFitLabel *self)
{
  g_return_val_if_fail (HEARTS_IS_FIT_LABEL (self), FALSE);
  return gtk_widget_get_child_visible (self->label);
}
