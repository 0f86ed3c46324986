/* hearts-point-pile.c
 *
 * A click on the pile shows the last trick (win.show-last-trick), while it is
 * activatable: the table makes it so while the window's action is enabled. The pile is
 * not a Tab stop: the action has its own key.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>
#include <math.h>

#include "hearts-point-pile.h"

struct _HeartsPointPile
{
  GtkWidget parent_instance;

  HeartsCardTheme *theme;
  int              texture_width;
  HeartsCards      cards;
  char            *owner;
  gboolean         is_you;
  gboolean         activatable;
};

G_DEFINE_FINAL_TYPE (HeartsPointPile, hearts_point_pile, GTK_TYPE_WIDGET)

enum
{
  PROP_0,
  PROP_CARDS,
  PROP_ACTIVATABLE,
  N_PROPS
};

enum
{
  ACTIVATE,
  N_SIGNALS
};

static GParamSpec *properties[N_PROPS];
static guint       signals[N_SIGNALS];

static void
update_accessible (HeartsPointPile *self)
{
  g_autofree char *names = hearts_cards_get_names (self->cards);
  g_autofree char *label = NULL;

  if (self->is_you)
    /* Translators: the cards that score you have taken, as "Queen of Spades and Five of Hearts" */
    label = g_strdup_printf (_("Your points this hand: %s"), names);
  else
    /* Translators: a player's name, then the scoring cards they have taken: "West's points
     * this hand: Queen of Spades and Five of Hearts" */
    label = g_strdup_printf (_("%s's points this hand: %s"), self->owner ? self->owner : "", names);
  gtk_accessible_update_property (GTK_ACCESSIBLE (self), GTK_ACCESSIBLE_PROPERTY_LABEL, label, -1);
  /* A button that does nothing is announced as disabled, and promises nothing. */
  if (self->activatable)
    gtk_accessible_update_property (GTK_ACCESSIBLE (self), GTK_ACCESSIBLE_PROPERTY_DESCRIPTION,
                                    _("Shows the last trick"), -1);
  else
    gtk_accessible_reset_property (GTK_ACCESSIBLE (self), GTK_ACCESSIBLE_PROPERTY_DESCRIPTION);
  gtk_accessible_update_state (GTK_ACCESSIBLE (self), GTK_ACCESSIBLE_STATE_DISABLED, !self->activatable, -1);
}

static void
on_activate (HeartsPointPile *self)
{
  if (self->activatable)
    gtk_widget_activate_action (GTK_WIDGET (self), "win.show-last-trick", NULL);
}

static void
on_released_cb (GtkGestureClick *gesture,
                int              n_press,
                double           x,
                double           y,
                HeartsPointPile *self)
{
  if (!self->activatable || !gtk_widget_contains (GTK_WIDGET (self), x, y))
    return;
  gtk_gesture_set_state (GTK_GESTURE (gesture), GTK_EVENT_SEQUENCE_CLAIMED);
  gtk_widget_activate (GTK_WIDGET (self));
}

static void
hearts_point_pile_snapshot (GtkWidget   *widget,
                            GtkSnapshot *snapshot)
{
  HeartsPointPile *self = HEARTS_POINT_PILE (widget);
  int              width = gtk_widget_get_width (widget);
  int              height = gtk_widget_get_height (widget);
  guint            n = hearts_cards_count (self->cards);
  double           aspect;
  float            card_w, step;
  HeartsCard       card;
  guint            i = 0;

  if (self->theme == NULL || n == 0 || width <= 0 || height <= 0)
    return;

  aspect = hearts_card_theme_get_aspect (self->theme);
  card_w = MIN (width, roundf (height * (aspect > 0.3 && aspect < 2 ? aspect : 0.7)));
  step = n > 1 ? (width - card_w) / (n - 1) : 0;
  HEARTS_CARDS_FOREACH (card, self->cards)
    {
      graphene_rect_t r = GRAPHENE_RECT_INIT (roundf (i++ * step), 0, card_w, height);

      hearts_card_theme_snapshot_card (self->theme, snapshot, widget, card, &r,
                                       MAX (self->texture_width, (int) card_w));
    }
}

static void
hearts_point_pile_dispose (GObject *object)
{
  HeartsPointPile *self = HEARTS_POINT_PILE (object);

  if (self->theme != NULL)
    g_signal_handlers_disconnect_by_func (self->theme, gtk_widget_queue_draw, self);
  g_clear_object (&self->theme);

  G_OBJECT_CLASS (hearts_point_pile_parent_class)->dispose (object);
}

static void
hearts_point_pile_finalize (GObject *object)
{
  HeartsPointPile *self = HEARTS_POINT_PILE (object);

  g_clear_pointer (&self->owner, g_free);

  G_OBJECT_CLASS (hearts_point_pile_parent_class)->finalize (object);
}

static void
hearts_point_pile_get_property (GObject    *object,
                                guint       prop_id,
                                GValue     *value,
                                GParamSpec *pspec)
{
  HeartsPointPile *self = HEARTS_POINT_PILE (object);

  switch (prop_id)
    {
    case PROP_CARDS:
      g_value_set_uint64 (value, self->cards);
      break;
    case PROP_ACTIVATABLE:
      g_value_set_boolean (value, self->activatable);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
hearts_point_pile_set_property (GObject      *object,
                                guint         prop_id,
                                const GValue *value,
                                GParamSpec   *pspec)
{
  HeartsPointPile *self = HEARTS_POINT_PILE (object);

  switch (prop_id)
    {
    case PROP_CARDS:
      hearts_point_pile_set_cards (self, g_value_get_uint64 (value));
      break;
    case PROP_ACTIVATABLE:
      hearts_point_pile_set_activatable (self, g_value_get_boolean (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
hearts_point_pile_class_init (HeartsPointPileClass *klass)
{
  GObjectClass   *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = hearts_point_pile_dispose;
  object_class->finalize = hearts_point_pile_finalize;
  object_class->get_property = hearts_point_pile_get_property;
  object_class->set_property = hearts_point_pile_set_property;

  widget_class->snapshot = hearts_point_pile_snapshot;

  /* A HeartsCards bit set. */
  properties[PROP_CARDS] =
    g_param_spec_uint64 ("cards", NULL, NULL, 0, G_MAXUINT64, 0,
                         (G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));
  /* Whether a click shows the last trick. */
  properties[PROP_ACTIVATABLE] =
    g_param_spec_boolean ("activatable", NULL, NULL, FALSE,
                          (G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));
  g_object_class_install_properties (object_class, N_PROPS, properties);

  signals[ACTIVATE] =
    g_signal_new_class_handler ("activate", G_TYPE_FROM_CLASS (klass),
                                G_SIGNAL_RUN_LAST | G_SIGNAL_ACTION,
                                G_CALLBACK (on_activate), NULL, NULL, NULL, G_TYPE_NONE, 0);
  gtk_widget_class_set_activate_signal (widget_class, signals[ACTIVATE]);

  gtk_widget_class_set_css_name (widget_class, "point-pile");
  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_BUTTON);
}

static void
hearts_point_pile_init (HeartsPointPile *self)
{
  GtkGesture *click = gtk_gesture_click_new ();

  gtk_gesture_single_set_button (GTK_GESTURE_SINGLE (click), GDK_BUTTON_PRIMARY);
  g_signal_connect (click, "released", G_CALLBACK (on_released_cb), self);
  gtk_widget_add_controller (GTK_WIDGET (self), GTK_EVENT_CONTROLLER (click));
  update_accessible (self);
}

GtkWidget *
hearts_point_pile_new (void)
{
  return g_object_new (HEARTS_TYPE_POINT_PILE, NULL);
}

HeartsCards
hearts_point_pile_get_cards (HeartsPointPile *self)
{
  g_return_val_if_fail (HEARTS_IS_POINT_PILE (self), 0);
  return self->cards;
}

void
hearts_point_pile_set_cards (HeartsPointPile *self,
                             HeartsCards      cards)
{
  g_return_if_fail (HEARTS_IS_POINT_PILE (self));

  if (self->cards == cards)
    return;
  self->cards = cards;
  update_accessible (self);
  gtk_widget_queue_draw (GTK_WIDGET (self));
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_CARDS]);
}

gboolean
hearts_point_pile_get_activatable (HeartsPointPile *self)
{
  g_return_val_if_fail (HEARTS_IS_POINT_PILE (self), FALSE);
  return self->activatable;
}

void
hearts_point_pile_set_activatable (HeartsPointPile *self,
                                   gboolean         activatable)
{
  g_return_if_fail (HEARTS_IS_POINT_PILE (self));

  activatable = !!activatable;
  if (self->activatable == activatable)
    return;
  self->activatable = activatable;
  gtk_widget_set_cursor_from_name (GTK_WIDGET (self), activatable ? "pointer" : NULL);
  update_accessible (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_ACTIVATABLE]);
}

void
hearts_point_pile_set_owner (HeartsPointPile *self,
                             const char      *name,
                             gboolean         is_you)
{
  g_return_if_fail (HEARTS_IS_POINT_PILE (self));

  if (g_strcmp0 (self->owner, name) == 0 && self->is_you == !!is_you)
    return;
  g_free (self->owner);
  self->owner = g_strdup (name);
  self->is_you = !!is_you;
  update_accessible (self);
}

void
hearts_point_pile_set_theme (HeartsPointPile *self,
                             HeartsCardTheme *theme,
                             int              texture_width)
{
  g_return_if_fail (HEARTS_IS_POINT_PILE (self));

  if (self->theme == theme && self->texture_width == texture_width)
    return;
  self->texture_width = texture_width;
  if (self->theme != theme)
    {
      if (self->theme != NULL)
        g_signal_handlers_disconnect_by_func (self->theme, gtk_widget_queue_draw, self);
      g_set_object (&self->theme, theme);
      if (theme != NULL)
        g_signal_connect_object (theme, "changed", G_CALLBACK (gtk_widget_queue_draw), self, G_CONNECT_SWAPPED);
    }
  gtk_widget_queue_draw (GTK_WIDGET (self));
}
