/* hearts-card-picture.c
 *
 * The theme draws the card at the size on screen, for the display's scale (a texture in a
 * GtkPicture would ask for its pixel size, twice as large on a HiDPI screen), and says
 * when a picture rendered in the background has arrived.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include "hearts-card-picture.h"

struct _HeartsCardPicture
{
  GtkWidget parent_instance;

  HeartsCardTheme *theme;
  HeartsCard       card;
  int              width;
};

G_DEFINE_FINAL_TYPE (HeartsCardPicture, hearts_card_picture, GTK_TYPE_WIDGET)

enum
{
  PROP_0,
  PROP_CARD,
  PROP_CARD_THEME,
  PROP_WIDTH,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static void
hearts_card_picture_measure (GtkWidget     *widget,
                             GtkOrientation orientation,
                             int            for_size,
                             int           *minimum,
                             int           *natural,
                             int           *minimum_baseline,
                             int           *natural_baseline)
{
  HeartsCardPicture *self = HEARTS_CARD_PICTURE (widget);

  if (orientation == GTK_ORIENTATION_HORIZONTAL)
    *minimum = *natural = self->width;
  else
    *minimum = *natural = hearts_card_theme_get_height_for_width (self->theme, self->width);
}

static void
hearts_card_picture_snapshot (GtkWidget   *widget,
                              GtkSnapshot *snapshot)
{
  HeartsCardPicture *self = HEARTS_CARD_PICTURE (widget);
  int                width = gtk_widget_get_width (widget);
  int                height = gtk_widget_get_height (widget);

  if (width <= 0 || height <= 0)
    return;
  hearts_card_theme_snapshot_card (self->theme, snapshot, widget, self->card,
                                   &GRAPHENE_RECT_INIT (0, 0, width, height), width);
}

static void
hearts_card_picture_constructed (GObject *object)
{
  HeartsCardPicture *self = HEARTS_CARD_PICTURE (object);
  g_autofree char   *name = NULL;

  G_OBJECT_CLASS (hearts_card_picture_parent_class)->constructed (object);

  if (self->theme == NULL)
    self->theme = hearts_card_theme_new_default ();
  g_signal_connect_object (self->theme, "changed", G_CALLBACK (gtk_widget_queue_draw), self, G_CONNECT_SWAPPED);
  name = hearts_card_get_name (self->card);
  gtk_accessible_update_property (GTK_ACCESSIBLE (self), GTK_ACCESSIBLE_PROPERTY_LABEL, name, -1);
}

static void
hearts_card_picture_dispose (GObject *object)
{
  HeartsCardPicture *self = HEARTS_CARD_PICTURE (object);

  g_clear_object (&self->theme);

  G_OBJECT_CLASS (hearts_card_picture_parent_class)->dispose (object);
}

static void
hearts_card_picture_get_property (GObject    *object,
                                  guint       prop_id,
                                  GValue     *value,
                                  GParamSpec *pspec)
{
  HeartsCardPicture *self = HEARTS_CARD_PICTURE (object);

  switch (prop_id)
    {
    case PROP_CARD:
      g_value_set_uint (value, self->card);
      break;
    case PROP_CARD_THEME:
      g_value_set_object (value, self->theme);
      break;
    case PROP_WIDTH:
      g_value_set_int (value, self->width);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
hearts_card_picture_set_property (GObject      *object,
                                  guint         prop_id,
                                  const GValue *value,
                                  GParamSpec   *pspec)
{
  HeartsCardPicture *self = HEARTS_CARD_PICTURE (object);

  switch (prop_id)
    {
    case PROP_CARD:
      self->card = g_value_get_uint (value);
      break;
    case PROP_CARD_THEME:
      self->theme = g_value_dup_object (value);
      break;
    case PROP_WIDTH:
      self->width = g_value_get_int (value);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
hearts_card_picture_class_init (HeartsCardPictureClass *klass)
{
  GObjectClass   *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->constructed = hearts_card_picture_constructed;
  object_class->dispose = hearts_card_picture_dispose;
  object_class->get_property = hearts_card_picture_get_property;
  object_class->set_property = hearts_card_picture_set_property;
  widget_class->measure = hearts_card_picture_measure;
  widget_class->snapshot = hearts_card_picture_snapshot;

  properties[PROP_CARD] =
    g_param_spec_uint ("card", NULL, NULL, 0, HEARTS_NO_CARD, HEARTS_NO_CARD,
                       (G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS));
  /* NULL: our own deck. */
  properties[PROP_CARD_THEME] =
    g_param_spec_object ("card-theme", NULL, NULL, HEARTS_TYPE_CARD_THEME,
                         (G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS));
  properties[PROP_WIDTH] =
    g_param_spec_int ("width", NULL, NULL, 1, G_MAXINT, 64,
                      (G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS));
  g_object_class_install_properties (object_class, N_PROPS, properties);

  gtk_widget_class_set_css_name (widget_class, "card-picture");
  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_IMG);
}

static void
hearts_card_picture_init (HeartsCardPicture *self)
{
  self->card = HEARTS_NO_CARD;
  self->width = 64;
}

GtkWidget *
hearts_card_picture_new (HeartsCard       card,
                         HeartsCardTheme *theme,
                         int              width)
{
  g_return_val_if_fail (theme == NULL || HEARTS_IS_CARD_THEME (theme), NULL);
  g_return_val_if_fail (width > 0, NULL);

  return g_object_new (HEARTS_TYPE_CARD_PICTURE, "card", card, "card-theme", theme, "width", width, NULL);
}

HeartsCard
hearts_card_picture_get_card (HeartsCardPicture *self)
{
  g_return_val_if_fail (HEARTS_IS_CARD_PICTURE (self), HEARTS_NO_CARD);

  return self->card;
}
