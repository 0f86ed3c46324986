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
  int              min_width;
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
height_for_width (HeartsCardPicture *self,
                  int                width)
{
  return hearts_card_theme_get_height_for_width (self->theme, width);
}

/* The card's width in @room: as wide as it may be, and no wider than its room. */
static int
width_in (HeartsCardPicture *self,
          int                room)
{
  return room < 0 ? self->width : CLAMP (room, self->min_width, self->width);
}

static GtkSizeRequestMode
hearts_card_picture_get_request_mode (GtkWidget *widget)
{
  return GTK_SIZE_REQUEST_HEIGHT_FOR_WIDTH;
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

  if (orientation == GTK_ORIENTATION_HORIZONTAL)
    {
      *minimum = self->min_width;
      *natural = self->width;
    }
  else
    {
      *minimum = height_for_width (self, for_size < 0 ? self->min_width : width_in (self, for_size));
      *natural = height_for_width (self, width_in (self, for_size));
    }
}

static void
hearts_card_picture_snapshot (GtkWidget   *widget,
                              GtkSnapshot *snapshot)
{
  HeartsCardPicture *self = HEARTS_CARD_PICTURE (widget);
  int                width = gtk_widget_get_width (widget);
  int                height = gtk_widget_get_height (widget);
  float              w = width_in (self, width);
  float              h = height_for_width (self, w);

  /* Narrower than its least only if the parent has no room: then it keeps its shape. */
  if (h > height)
    {
      h = height;
      w = MIN (w, h * hearts_card_theme_get_aspect (self->theme));
    }
  w = MIN (w, width);

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
  widget_class->get_request_mode = hearts_card_picture_get_request_mode;
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
  self->min_width = width;
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

/**
 * hearts_card_picture_set_min_width:
 * @min_width: the narrowest the card may be drawn
 *
 * Lets the card follow the width its parent gives it, from @min_width up to the width it
 * was made with, keeping its shape: a dialog's cards that shrink and grow with it.
 */
void
hearts_card_picture_set_min_width (HeartsCardPicture *self,
                                   int                min_width)
{
  g_return_if_fail (HEARTS_IS_CARD_PICTURE (self));
  g_return_if_fail (min_width > 0);

  min_width = MIN (min_width, self->width);
  if (min_width == self->min_width)
    return;
  self->min_width = min_width;
  gtk_widget_queue_resize (GTK_WIDGET (self));
}

/**
 * hearts_card_picture_set_render_width:
 * @render_width: the width the theme renders the card at, or 0 for its width on screen
 *
 * Follows the table's card width, so that the card is drawn from a size the theme keeps.
 */
void
hearts_card_picture_set_render_width (HeartsCardPicture *self,
                                      int                render_width)
{
  g_return_if_fail (HEARTS_IS_CARD_PICTURE (self));

  if (render_width == self->render_width)
    return;
  self->render_width = render_width;
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

int
hearts_card_picture_get_render_width (HeartsCardPicture *self)
{
  g_return_val_if_fail (HEARTS_IS_CARD_PICTURE (self), 0);
  return self->render_width;
}

void
hearts_card_pictures_set_render_width (GtkWidget *widget,
                                       int        render_width)
{
  g_return_if_fail (GTK_IS_WIDGET (widget));

  if (HEARTS_IS_CARD_PICTURE (widget))
    hearts_card_picture_set_render_width (HEARTS_CARD_PICTURE (widget), render_width);
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL; child = gtk_widget_get_next_sibling (child))
    hearts_card_pictures_set_render_width (child, render_width);
}
