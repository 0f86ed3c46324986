/* hearts-card-widget.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>

#include "hearts-card-widget.h"

struct _HeartsCardWidget
{
  GtkWidget parent_instance;

  HeartsCardTheme *theme;
  HeartsCard       card;
  float            exposed_width; /* 0: the whole card shows */
  guint            selected : 1;
  guint            playable : 1;
  guint            dim_unplayable : 1;
  guint            received : 1;
  guint            hinted : 1;
};

G_DEFINE_FINAL_TYPE (HeartsCardWidget, hearts_card_widget, GTK_TYPE_WIDGET)

enum
{
  PROP_0,
  PROP_CARD,
  PROP_SELECTED,
  PROP_PLAYABLE,
  PROP_RECEIVED,
  PROP_HINTED,
  N_PROPS
};

enum
{
  ACTIVATE,
  MOVE_FOCUS,
  MOVE_ROW,
  N_SIGNALS
};

static GParamSpec *properties[N_PROPS];
static guint       signals[N_SIGNALS];

static void
update_accessible (HeartsCardWidget *self)
{
  g_autofree char *name = hearts_card_get_name (self->card);
  const char      *description = NULL;

  if (self->hinted)
    description = _("Suggested card");
  else if (self->received)
    description = _("Passed to you");

  gtk_accessible_update_property (GTK_ACCESSIBLE (self),
                                  GTK_ACCESSIBLE_PROPERTY_LABEL, name,
                                  GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, description,
                                  -1);
  gtk_accessible_update_state (GTK_ACCESSIBLE (self),
                               GTK_ACCESSIBLE_STATE_SELECTED, (gboolean) self->selected,
                               GTK_ACCESSIBLE_STATE_DISABLED, !self->playable,
                               -1);
}

static void
append_rounded_border (GtkSnapshot          *snapshot,
                       const GskRoundedRect *outline,
                       float                 width,
                       const GdkRGBA        *color)
{
  const float   widths[4] = { width, width, width, width };
  const GdkRGBA colors[4] = { *color, *color, *color, *color };

  gtk_snapshot_append_border (snapshot, outline, widths, colors);
}

static void
hearts_card_widget_snapshot (GtkWidget   *widget,
                             GtkSnapshot *snapshot)
{
  HeartsCardWidget    *self = HEARTS_CARD_WIDGET (widget);
  static const GdkRGBA shadow = { 0, 0, 0, 0.35f };
  static const GdkRGBA dim = { 0.05f, 0.1f, 0.05f, 0.38f };
  static const GdkRGBA accent = { 0.21f, 0.52f, 0.89f, 1 };
  static const GdkRGBA gold = { 0.96f, 0.78f, 0.1f, 1 };
  int                  width = gtk_widget_get_width (widget);
  int                  height = gtk_widget_get_height (widget);
  float                radius = MAX (2.f, width * 0.055f);
  GskRoundedRect       outline;

  if (width <= 0 || height <= 0 || self->theme == NULL)
    return;

  gsk_rounded_rect_init_from_rect (&outline, &GRAPHENE_RECT_INIT (0, 0, width, height), radius);
  hearts_card_theme_snapshot_card (self->theme, snapshot, widget, self->card,
                                   &outline.bounds, width);

  if (self->dim_unplayable && !self->playable)
    {
      gtk_snapshot_push_rounded_clip (snapshot, &outline);
      gtk_snapshot_append_color (snapshot, &dim, &outline.bounds);
      gtk_snapshot_pop (snapshot);
    }

  if (self->hinted)
    {
      gtk_snapshot_append_outset_shadow (snapshot, &outline, &gold, 0, 0, 2, MAX (4, width / 12.f));
      append_rounded_border (snapshot, &outline, MAX (2.f, width / 30.f), &gold);
    }
  else if (self->received)
    {
      float          d = MAX (8.f, width * 0.16f);
      GskRoundedRect dot;

      append_rounded_border (snapshot, &outline, MAX (2.f, width / 35.f), &accent);
      /* A tab on the top edge, so the mark shows even where the next card overlaps. */
      gsk_rounded_rect_init_from_rect (&dot, &GRAPHENE_RECT_INIT (width * 0.06f, -d * 0.35f, d, d), d / 2);
      gtk_snapshot_append_outset_shadow (snapshot, &dot, &shadow, 0, 1, 0, 2);
      gtk_snapshot_push_rounded_clip (snapshot, &dot);
      gtk_snapshot_append_color (snapshot, &accent, &dot.bounds);
      gtk_snapshot_pop (snapshot);
    }

  /* The ring goes round the part that shows: the next card covers the rest. */
  if (gtk_widget_has_visible_focus (widget))
    {
      float          w = self->exposed_width > 0 ? MIN (self->exposed_width, width) : width;
      GskRoundedRect ring;

      gsk_rounded_rect_init_from_rect (&ring, &GRAPHENE_RECT_INIT (-3, -3, w + 3, height + 6), radius + 3);
      append_rounded_border (snapshot, &ring, 3, &accent);
    }
}

static void
hearts_card_widget_state_flags_changed (GtkWidget    *widget,
                                        GtkStateFlags previous)
{
  GtkStateFlags changed = previous ^ gtk_widget_get_state_flags (widget);

  /* The focus ring is drawn here, not by CSS. */
  if (changed & (GTK_STATE_FLAG_FOCUSED | GTK_STATE_FLAG_FOCUS_VISIBLE))
    gtk_widget_queue_draw (widget);
  GTK_WIDGET_CLASS (hearts_card_widget_parent_class)->state_flags_changed (widget, previous);
}

static void
hearts_card_widget_get_property (GObject    *object,
                                 guint       prop_id,
                                 GValue     *value,
                                 GParamSpec *pspec)
{
  HeartsCardWidget *self = HEARTS_CARD_WIDGET (object);

  switch (prop_id)
    {
    case PROP_CARD:
      g_value_set_uint (value, self->card);
      break;
    case PROP_SELECTED:
      g_value_set_boolean (value, self->selected);
      break;
    case PROP_PLAYABLE:
      g_value_set_boolean (value, self->playable);
      break;
    case PROP_RECEIVED:
      g_value_set_boolean (value, self->received);
      break;
    case PROP_HINTED:
      g_value_set_boolean (value, self->hinted);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
hearts_card_widget_set_property (GObject      *object,
                                 guint         prop_id,
                                 const GValue *value,
                                 GParamSpec   *pspec)
{
  HeartsCardWidget *self = HEARTS_CARD_WIDGET (object);

  switch (prop_id)
    {
    case PROP_CARD:
      self->card = g_value_get_uint (value);
      update_accessible (self);
      break;
    case PROP_SELECTED:
      hearts_card_widget_set_selected (self, g_value_get_boolean (value));
      break;
    case PROP_PLAYABLE:
      hearts_card_widget_set_playable (self, g_value_get_boolean (value));
      break;
    case PROP_RECEIVED:
      hearts_card_widget_set_received (self, g_value_get_boolean (value));
      break;
    case PROP_HINTED:
      hearts_card_widget_set_hinted (self, g_value_get_boolean (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
hearts_card_widget_dispose (GObject *object)
{
  HeartsCardWidget *self = HEARTS_CARD_WIDGET (object);

  g_clear_object (&self->theme);

  G_OBJECT_CLASS (hearts_card_widget_parent_class)->dispose (object);
}

static void
add_move_binding (GtkWidgetClass *widget_class,
                  guint           keyval,
                  int             step)
{
  gtk_widget_class_add_binding_signal (widget_class, keyval, 0, "move-card", "(i)", step);
}

static void
hearts_card_widget_class_init (HeartsCardWidgetClass *klass)
{
  GObjectClass   *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = hearts_card_widget_dispose;
  object_class->get_property = hearts_card_widget_get_property;
  object_class->set_property = hearts_card_widget_set_property;

  widget_class->snapshot = hearts_card_widget_snapshot;
  widget_class->state_flags_changed = hearts_card_widget_state_flags_changed;

  properties[PROP_CARD] =
    g_param_spec_uint ("card", NULL, NULL, 0, HEARTS_NO_CARD, HEARTS_NO_CARD,
                       (G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS));
  properties[PROP_SELECTED] =
    g_param_spec_boolean ("selected", NULL, NULL, FALSE,
                          (G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));
  properties[PROP_PLAYABLE] =
    g_param_spec_boolean ("playable", NULL, NULL, TRUE,
                          (G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));
  properties[PROP_RECEIVED] =
    g_param_spec_boolean ("received", NULL, NULL, FALSE,
                          (G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));
  properties[PROP_HINTED] =
    g_param_spec_boolean ("hinted", NULL, NULL, FALSE,
                          (G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));
  g_object_class_install_properties (object_class, N_PROPS, properties);

  /* Space or Enter: select (passing) or play the card. */
  signals[ACTIVATE] =
    g_signal_new ("activate", G_TYPE_FROM_CLASS (klass),
                  G_SIGNAL_RUN_LAST | G_SIGNAL_ACTION, 0, NULL, NULL, NULL, G_TYPE_NONE, 0);
  gtk_widget_class_set_activate_signal (widget_class, signals[ACTIVATE]);

  /**
   * HeartsCardWidget::move-card:
   * @step: cards to move the focus by in the hand (negative: to the left)
   */
  signals[MOVE_FOCUS] =
    g_signal_new ("move-card", G_TYPE_FROM_CLASS (klass),
                  G_SIGNAL_RUN_LAST | G_SIGNAL_ACTION, 0, NULL, NULL, NULL,
                  G_TYPE_NONE, 1, G_TYPE_INT);

  /**
   * HeartsCardWidget::move-row:
   * @step: -1 up to the pass area, 1 down to the hand
   */
  signals[MOVE_ROW] =
    g_signal_new ("move-row", G_TYPE_FROM_CLASS (klass),
                  G_SIGNAL_RUN_LAST | G_SIGNAL_ACTION, 0, NULL, NULL, NULL,
                  G_TYPE_NONE, 1, G_TYPE_INT);

  gtk_widget_class_add_binding_signal (widget_class, GDK_KEY_space, 0, "activate", NULL);
  gtk_widget_class_add_binding_signal (widget_class, GDK_KEY_KP_Space, 0, "activate", NULL);
  gtk_widget_class_add_binding_signal (widget_class, GDK_KEY_Return, 0, "activate", NULL);
  gtk_widget_class_add_binding_signal (widget_class, GDK_KEY_KP_Enter, 0, "activate", NULL);
  add_move_binding (widget_class, GDK_KEY_Left, -1);
  add_move_binding (widget_class, GDK_KEY_KP_Left, -1);
  add_move_binding (widget_class, GDK_KEY_Right, 1);
  add_move_binding (widget_class, GDK_KEY_KP_Right, 1);
  add_move_binding (widget_class, GDK_KEY_Home, -100);
  add_move_binding (widget_class, GDK_KEY_End, 100);
  gtk_widget_class_add_binding_signal (widget_class, GDK_KEY_Up, 0, "move-row", "(i)", -1);
  gtk_widget_class_add_binding_signal (widget_class, GDK_KEY_KP_Up, 0, "move-row", "(i)", -1);
  gtk_widget_class_add_binding_signal (widget_class, GDK_KEY_Down, 0, "move-row", "(i)", 1);
  gtk_widget_class_add_binding_signal (widget_class, GDK_KEY_KP_Down, 0, "move-row", "(i)", 1);

  gtk_widget_class_set_css_name (widget_class, "card");
  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_BUTTON);
}

static void
hearts_card_widget_init (HeartsCardWidget *self)
{
  self->card = HEARTS_NO_CARD;
  self->playable = TRUE;
  gtk_widget_set_focusable (GTK_WIDGET (self), TRUE);
  gtk_widget_set_overflow (GTK_WIDGET (self), GTK_OVERFLOW_VISIBLE);
}

GtkWidget *
hearts_card_widget_new (HeartsCard       card,
                        HeartsCardTheme *theme)
{
  HeartsCardWidget *self;

  g_return_val_if_fail (hearts_card_is_valid (card), NULL);

  self = g_object_new (HEARTS_TYPE_CARD_WIDGET, "card", (guint) card, NULL);
  hearts_card_widget_set_theme (self, theme);
  return GTK_WIDGET (self);
}

HeartsCard
hearts_card_widget_get_card (HeartsCardWidget *self)
{
  g_return_val_if_fail (HEARTS_IS_CARD_WIDGET (self), HEARTS_NO_CARD);
  return self->card;
}

void
hearts_card_widget_set_theme (HeartsCardWidget *self,
                              HeartsCardTheme  *theme)
{
  g_return_if_fail (HEARTS_IS_CARD_WIDGET (self));

  if (self->theme == theme)
    return;

  if (self->theme != NULL)
    g_signal_handlers_disconnect_by_func (self->theme, gtk_widget_queue_draw, self);
  g_set_object (&self->theme, theme);
  /* Pictures rendered in the background replace the scaled ones drawn meanwhile. */
  if (theme != NULL)
    g_signal_connect_object (theme, "changed", G_CALLBACK (gtk_widget_queue_draw), self, G_CONNECT_SWAPPED);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

#define DEFINE_FLAG(name, prop, redraw)                           \
  gboolean                                                        \
    hearts_card_widget_get_##name (HeartsCardWidget *self)        \
  {                                                               \
    g_return_val_if_fail (HEARTS_IS_CARD_WIDGET (self), FALSE);   \
    return self->name;                                            \
  }                                                               \
                                                                  \
  void                                                            \
    hearts_card_widget_set_##name (HeartsCardWidget *self,        \
                                   gboolean          value)       \
  {                                                               \
    g_return_if_fail (HEARTS_IS_CARD_WIDGET (self));              \
                                                                  \
    value = !!value;                                              \
    if (self->name == (guint) value)                              \
      return;                                                     \
    self->name = value;                                           \
    update_accessible (self);                                     \
    if (redraw)                                                   \
      gtk_widget_queue_draw (GTK_WIDGET (self));                  \
    g_object_notify_by_pspec (G_OBJECT (self), properties[prop]); \
  }

DEFINE_FLAG (selected, PROP_SELECTED, FALSE)
DEFINE_FLAG (playable, PROP_PLAYABLE, self->dim_unplayable)
DEFINE_FLAG (received, PROP_RECEIVED, TRUE)
DEFINE_FLAG (hinted, PROP_HINTED, TRUE)

/* How much of the card shows from its left edge when the next card overlaps it. */
void
hearts_card_widget_set_exposed_width (HeartsCardWidget *self,
                                      float             width)
{
  g_return_if_fail (HEARTS_IS_CARD_WIDGET (self));

  if (self->exposed_width == width)
    return;
  self->exposed_width = width;
  if (gtk_widget_has_visible_focus (GTK_WIDGET (self)))
    gtk_widget_queue_draw (GTK_WIDGET (self));
}

void
hearts_card_widget_set_dim_unplayable (HeartsCardWidget *self,
                                       gboolean          dim)
{
  g_return_if_fail (HEARTS_IS_CARD_WIDGET (self));

  if (self->dim_unplayable == (guint) !!dim)
    return;
  self->dim_unplayable = !!dim;
  gtk_widget_queue_draw (GTK_WIDGET (self));
}
