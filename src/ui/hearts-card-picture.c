/* hearts-card-picture.c
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
  int              render_width;
};

G_DEFINE_FINAL_TYPE (HeartsCardPicture, hearts_card_picture, GTK_TYPE_WIDGET)

enum
{
  PROP_0,
  PROP_CARD,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static int
picture_height (HeartsCardPicture *self)
{
  return hearts_card_theme_get_height_for_width (self->theme, self->width);
}

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

  *minimum = *natural = orientation == GTK_ORIENTATION_HORIZONTAL ? self->width : picture_height (self);
}

static void
hearts_card_picture_snapshot (GtkWidget   *widget,
                              GtkSnapshot *snapshot)
{
  HeartsCardPicture *self = HEARTS_CARD_PICTURE (widget);
  int                width = gtk_widget_get_width (widget);
  int                height = gtk_widget_get_height (widget);
  float              w = MIN (width, self->width);
  float              h = MIN (height, picture_height (self));

  /* Centred in whatever room the parent gives. */
  hearts_card_theme_snapshot_card (self->theme, snapshot, widget, self->card,
                                   &GRAPHENE_RECT_INIT ((width - w) / 2, (height - h) / 2, w, h),
                                   self->render_width > 0 ? self->render_width : self->width);
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
      {
        g_autofree char *name = NULL;

        self->card = g_value_get_uint (value);
        name = hearts_card_get_name (self->card);
        gtk_accessible_update_property (GTK_ACCESSIBLE (self), GTK_ACCESSIBLE_PROPERTY_LABEL, name, -1);
      }
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

  object_class->dispose = hearts_card_picture_dispose;
  object_class->get_property = hearts_card_picture_get_property;
  object_class->set_property = hearts_card_picture_set_property;
  widget_class->measure = hearts_card_picture_measure;
  widget_class->snapshot = hearts_card_picture_snapshot;

  properties[PROP_CARD] =
    g_param_spec_uint ("card", NULL, NULL, 0, HEARTS_NO_CARD, HEARTS_NO_CARD,
                       (G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS));
  g_object_class_install_properties (object_class, N_PROPS, properties);

  gtk_widget_class_set_css_name (widget_class, "card-picture");
  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_IMG);
}

static void
hearts_card_picture_init (HeartsCardPicture *self)
{
  gtk_widget_set_overflow (GTK_WIDGET (self), GTK_OVERFLOW_VISIBLE);
}

GtkWidget *
hearts_card_picture_new (HeartsCard       card,
                         HeartsCardTheme *theme,
                         int              width,
                         int              render_width)
{
  HeartsCardPicture *self;

  g_return_val_if_fail (hearts_card_is_valid (card), NULL);
  g_return_val_if_fail (HEARTS_IS_CARD_THEME (theme), NULL);
  g_return_val_if_fail (width > 0, NULL);

  self = g_object_new (HEARTS_TYPE_CARD_PICTURE, "card", card, NULL);
  self->theme = g_object_ref (theme);
  self->width = width;
  self->render_width = render_width;
  /* A deck rendered in the background asks for a redraw when it is done. */
  g_signal_connect_object (theme, "changed", G_CALLBACK (gtk_widget_queue_draw), self, G_CONNECT_SWAPPED);
  return GTK_WIDGET (self);
}

HeartsCard
hearts_card_picture_get_card (HeartsCardPicture *self)
{
  g_return_val_if_fail (HEARTS_IS_CARD_PICTURE (self), HEARTS_NO_CARD);
  return self->card;
}
