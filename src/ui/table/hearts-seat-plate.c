/* hearts-seat-plate.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include "hearts-seat-plate.h"

struct _HeartsSeatPlate
{
  GtkWidget parent_instance;

  char    *player_name;
  char    *info;
  char    *description;
  gboolean current;
};

G_DEFINE_FINAL_TYPE (HeartsSeatPlate, hearts_seat_plate, GTK_TYPE_WIDGET)

enum
{
  PROP_0,
  PROP_PLAYER_NAME,
  PROP_INFO,
  PROP_DESCRIPTION,
  PROP_CURRENT,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

/* g_set_str () is GLib 2.76; we build on 2.74. */
static gboolean
set_str (char      **str,
         const char *value)
{
  if (g_strcmp0 (*str, value) == 0)
    return FALSE;
  g_free (*str);
  *str = g_strdup (value);
  return TRUE;
}

/* A screen reader reads the plate as one thing: the name, then the score (in words
 * when the table gave them). */
static void
update_accessible (HeartsSeatPlate *self)
{
  const char *description = self->description != NULL ? self->description : self->info;

  gtk_accessible_update_property (GTK_ACCESSIBLE (self),
                                  GTK_ACCESSIBLE_PROPERTY_LABEL, self->player_name ? self->player_name : "",
                                  GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, description ? description : "",
                                  -1);
}

static void
hearts_seat_plate_dispose (GObject *object)
{
  GtkWidget *child;

  gtk_widget_dispose_template (GTK_WIDGET (object), HEARTS_TYPE_SEAT_PLATE);
  while ((child = gtk_widget_get_first_child (GTK_WIDGET (object))) != NULL)
    gtk_widget_unparent (child);

  G_OBJECT_CLASS (hearts_seat_plate_parent_class)->dispose (object);
}

static void
hearts_seat_plate_finalize (GObject *object)
{
  HeartsSeatPlate *self = HEARTS_SEAT_PLATE (object);

  g_clear_pointer (&self->player_name, g_free);
  g_clear_pointer (&self->info, g_free);
  g_clear_pointer (&self->description, g_free);

  G_OBJECT_CLASS (hearts_seat_plate_parent_class)->finalize (object);
}

static void
hearts_seat_plate_get_property (GObject    *object,
                                guint       prop_id,
                                GValue     *value,
                                GParamSpec *pspec)
{
  HeartsSeatPlate *self = HEARTS_SEAT_PLATE (object);

  switch (prop_id)
    {
    case PROP_PLAYER_NAME:
      g_value_set_string (value, self->player_name);
      break;
    case PROP_INFO:
      g_value_set_string (value, self->info);
      break;
    case PROP_DESCRIPTION:
      g_value_set_string (value, self->description);
      break;
    case PROP_CURRENT:
      g_value_set_boolean (value, self->current);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
hearts_seat_plate_set_property (GObject      *object,
                                guint         prop_id,
                                const GValue *value,
                                GParamSpec   *pspec)
{
  HeartsSeatPlate *self = HEARTS_SEAT_PLATE (object);

  switch (prop_id)
    {
    case PROP_PLAYER_NAME:
      hearts_seat_plate_set_player_name (self, g_value_get_string (value));
      break;
    case PROP_INFO:
      hearts_seat_plate_set_info (self, g_value_get_string (value));
      break;
    case PROP_DESCRIPTION:
      hearts_seat_plate_set_description (self, g_value_get_string (value));
      break;
    case PROP_CURRENT:
      hearts_seat_plate_set_current (self, g_value_get_boolean (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
hearts_seat_plate_class_init (HeartsSeatPlateClass *klass)
{
  GObjectClass   *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = hearts_seat_plate_dispose;
  object_class->finalize = hearts_seat_plate_finalize;
  object_class->get_property = hearts_seat_plate_get_property;
  object_class->set_property = hearts_seat_plate_set_property;

  properties[PROP_PLAYER_NAME] =
    g_param_spec_string ("player-name", NULL, NULL, NULL,
                         (G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));
  properties[PROP_INFO] =
    g_param_spec_string ("info", NULL, NULL, NULL,
                         (G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));
  /* What a screen reader says for the info line; NULL: the info itself. */
  properties[PROP_DESCRIPTION] =
    g_param_spec_string ("description", NULL, NULL, NULL,
                         (G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));
  properties[PROP_CURRENT] =
    g_param_spec_boolean ("current", NULL, NULL, FALSE,
                          (G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));
  g_object_class_install_properties (object_class, N_PROPS, properties);

  gtk_widget_class_set_template_from_resource (widget_class, RESOURCE_PATH "/table/hearts-seat-plate.ui");

  gtk_widget_class_set_css_name (widget_class, "seat-plate");
  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_GROUP);
}

static void
hearts_seat_plate_init (HeartsSeatPlate *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  update_accessible (self);
}

GtkWidget *
hearts_seat_plate_new (void)
{
  return g_object_new (HEARTS_TYPE_SEAT_PLATE, NULL);
}

const char *
hearts_seat_plate_get_player_name (HeartsSeatPlate *self)
{
  g_return_val_if_fail (HEARTS_IS_SEAT_PLATE (self), NULL);
  return self->player_name;
}

void
hearts_seat_plate_set_player_name (HeartsSeatPlate *self,
                                   const char      *name)
{
  g_return_if_fail (HEARTS_IS_SEAT_PLATE (self));

  if (!set_str (&self->player_name, name))
    return;
  update_accessible (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_PLAYER_NAME]);
}

const char *
hearts_seat_plate_get_info (HeartsSeatPlate *self)
{
  g_return_val_if_fail (HEARTS_IS_SEAT_PLATE (self), NULL);
  return self->info;
}

void
hearts_seat_plate_set_info (HeartsSeatPlate *self,
                            const char      *info)
{
  g_return_if_fail (HEARTS_IS_SEAT_PLATE (self));

  if (!set_str (&self->info, info))
    return;
  update_accessible (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_INFO]);
}

const char *
hearts_seat_plate_get_description (HeartsSeatPlate *self)
{
  g_return_val_if_fail (HEARTS_IS_SEAT_PLATE (self), NULL);
  return self->description;
}

void
hearts_seat_plate_set_description (HeartsSeatPlate *self,
                                   const char      *description)
{
  g_return_if_fail (HEARTS_IS_SEAT_PLATE (self));

  if (!set_str (&self->description, description))
    return;
  update_accessible (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_DESCRIPTION]);
}

gboolean
hearts_seat_plate_get_current (HeartsSeatPlate *self)
{
  g_return_val_if_fail (HEARTS_IS_SEAT_PLATE (self), FALSE);
  return self->current;
}

void
hearts_seat_plate_set_current (HeartsSeatPlate *self,
                               gboolean         current)
{
  g_return_if_fail (HEARTS_IS_SEAT_PLATE (self));

  current = !!current;
  if (self->current == current)
    return;
  self->current = current;
  if (current)
    gtk_widget_add_css_class (GTK_WIDGET (self), "current");
  else
    gtk_widget_remove_css_class (GTK_WIDGET (self), "current");
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_CURRENT]);
}
