/* hearts-table-draw.c: drawing the table: the felt, the other seats' backs, the pass
 * area and the trick, the cards in flight over the hand
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <math.h>

#include "hearts-table-private.h"

static void
draw_card (HeartsTable           *self,
           GtkSnapshot           *snapshot,
           HeartsCard             card,
           const graphene_rect_t *rect,
           float                  angle,
           float                  opacity)
{
  graphene_rect_t local = GRAPHENE_RECT_INIT (-rect->size.width / 2, -rect->size.height / 2,
                                              rect->size.width, rect->size.height);

  if (self->theme == NULL || rect->size.width < 1)
    return;

  gtk_snapshot_save (snapshot);
  gtk_snapshot_translate (snapshot, &GRAPHENE_POINT_INIT (rect->origin.x + rect->size.width / 2,
                                                          rect->origin.y + rect->size.height / 2));
  if (angle != 0 && angle != 90)
    gtk_snapshot_rotate (snapshot, angle);
  if (opacity < 1)
    gtk_snapshot_push_opacity (snapshot, opacity);
  /* Always the hand's size: the theme renders one size, the renderer scales the rest. The
   * side seats' backs are turned by the theme, once. */
  if (angle == 90)
    hearts_card_theme_snapshot_card_turned (self->theme, snapshot, GTK_WIDGET (self), card, &local,
                                            (int) self->geo->card_w);
  else
    hearts_card_theme_snapshot_card (self->theme, snapshot, GTK_WIDGET (self), card, &local,
                                     (int) self->geo->card_w);
  if (opacity < 1)
    gtk_snapshot_pop (snapshot);
  gtk_snapshot_restore (snapshot);
}

static void
draw_fans (HeartsTable *self,
           GtkSnapshot *snapshot)
{
  const HeartsSeatState *shown = _hearts_table_shown (self);
  guint                  n = _hearts_table_n_players (self);

  if (shown == NULL)
    return;

  for (guint s = 0; s < n; s++)
    {
      SeatGeometry *g = &self->geo->seats[s];
      guint         count;
      float         step, extent;

      if (s == _hearts_table_own_seat (self))
        continue;
      count = hearts_table_get_shown_hand_count (self, s);
      if (count == 0)
        continue;
      step = self->geo->back_w * (g->vertical ? 0.16f : 0.2f);
      extent = step * (count - 1);
      for (guint i = 0; i < count; i++)
        {
          float            off = -extent / 2 + i * step;
          graphene_point_t c = g->vertical ? GRAPHENE_POINT_INIT (g->fan.x, g->fan.y + off)
                                           : GRAPHENE_POINT_INIT (g->fan.x + off, g->fan.y);
          graphene_rect_t  r = rect_centered (c, self->geo->back_w, self->geo->back_h);

          draw_card (self, snapshot, HEARTS_NO_CARD, &r, g->vertical ? 90 : 0, 1);
        }
    }
}

static void
draw_pass_area (HeartsTable *self,
                GtkSnapshot *snapshot)
{
  static const GdkRGBA fill = { 1, 1, 1, 0.08f };
  static const GdkRGBA line = { 1, 1, 1, 0.35f };
  static const GdkRGBA slot_fill = { 0, 0, 0, 0.12f };
  GskRoundedRect       area;

  if (!_hearts_table_human_may_pass (self))
    return;

  gsk_rounded_rect_init_from_rect (&area, &self->geo->pass_area, self->geo->card_w * 0.1f);
  gtk_snapshot_push_rounded_clip (snapshot, &area);
  gtk_snapshot_append_color (snapshot, &fill, &self->geo->pass_area);
  gtk_snapshot_pop (snapshot);
  /* The line is a border 1.5 px wide, drawn as an inset shadow: the window's frame uses
   * GL's inset-shadow shader already, and with software GL (llvmpipe) each other shader in
   * the first frame costs a compile of 3-5 ms at every start. */
  gtk_snapshot_append_inset_shadow (snapshot, &area, &line, 0, 0, 1.5f, 0);
  for (guint i = 0; i < HEARTS_PASS_SIZE; i++)
    {
      GskRoundedRect slot;

      gsk_rounded_rect_init_from_rect (&slot, &self->geo->slots[i], self->geo->card_w * 0.055f);
      gtk_snapshot_push_rounded_clip (snapshot, &slot);
      gtk_snapshot_append_color (snapshot, &slot_fill, &self->geo->slots[i]);
      gtk_snapshot_pop (snapshot);
    }
}

gint
_hearts_table_collector (HeartsTable *self)
{
  const HeartsSeatEvent *step = hearts_event_queue_get_step (self->queue, NULL);

  return step != NULL && step->kind == HEARTS_SEAT_EVENT_TRICK_TAKEN ? (gint) step->seat : -1;
}

/* The cards on the table as shown, each with its seat; the last may be in flight. */
typedef struct
{
  guint      n;
  HeartsCard cards[HEARTS_MAX_PLAYERS];
  guint      seats[HEARTS_MAX_PLAYERS];
  gboolean   flying;     /* the last card is being played */
  gint       collector;  /* the trick is flying to its winner, else -1 */
  double     t;          /* how far the step is */
} Trick;

static void
shown_trick (HeartsTable *self,
             Trick       *trick)
{
  const HeartsSeatState *shown = _hearts_table_shown (self);
  const HeartsSeatEvent *step = hearts_event_queue_get_step (self->queue, &trick->t);
  guint                  leader = 0;

  trick->n = shown != NULL ? hearts_seat_state_get_table (shown, trick->cards, &leader) : 0;
  for (guint i = 0; i < trick->n; i++)
    trick->seats[i] = (leader + i) % _hearts_table_n_players (self);
  trick->flying = step != NULL && step->kind == HEARTS_SEAT_EVENT_CARD_PLAYED && trick->n > 0;
  trick->collector = _hearts_table_collector (self);
}

/* How far the collected trick has flown: 0 through the pause, then up to 1. */
static double
collect_t (const Trick *trick)
{
  double pause = (double) HEARTS_EVENT_QUEUE_PAUSE_MS / (HEARTS_EVENT_QUEUE_PAUSE_MS + HEARTS_EVENT_QUEUE_COLLECT_MS);

  return trick->t <= pause ? 0 : (trick->t - pause) / (1 - pause);
}

/* A collected card flies to its place in the winner's pile, or into it if it does not
 * score. */
static void
collect_destination (HeartsTable     *self,
                     const Trick     *trick,
                     HeartsCard       card,
                     graphene_rect_t *dest,
                     gboolean        *scores)
{
  const HeartsSeatState *shown = _hearts_table_shown (self);
  guint                  winner = trick->collector;
  HeartsCards            pile = hearts_point_pile_get_cards (self->piles[winner]);
  graphene_rect_t        r;
  float                  step, pw;

  for (guint i = 0; i < trick->n; i++)
    if (hearts_seat_state_count_points (shown, HEARTS_CARD_BIT (trick->cards[i])) != 0)
      pile |= HEARTS_CARD_BIT (trick->cards[i]);
  _hearts_table_pile_rect (self, winner, pile, &r, &step);
  pw = r.size.width - step * (MAX (1, hearts_cards_count (pile)) - 1);
  *scores = hearts_cards_has (pile, card);
  if (*scores)
    {
      guint index = hearts_cards_count (pile & (HEARTS_CARD_BIT (card) - 1));

      *dest = GRAPHENE_RECT_INIT (r.origin.x + index * step, r.origin.y, pw, r.size.height);
    }
  else
    {
      graphene_point_t c;

      graphene_rect_get_center (&r, &c);
      *dest = rect_centered (c, pw, r.size.height);
    }
}

static void
trick_card_rect (HeartsTable     *self,
                 const Trick     *trick,
                 guint            index,
                 graphene_rect_t *rect,
                 float           *angle,
                 float           *opacity)
{
  guint           seat = trick->seats[index];
  SeatGeometry   *g = &self->geo->seats[seat];
  graphene_rect_t to = rect_centered (g->trick, self->geo->card_w, self->geo->card_h);

  *rect = to;
  *angle = g->angle;
  *opacity = 1;

  if (trick->flying && index == trick->n - 1)
    {
      float from_angle = g->vertical && seat != _hearts_table_own_seat (self) ? 90 : 0;

      graphene_rect_interpolate (&self->flight_from, &to, trick->t, rect);
      *angle = lerp (from_angle, g->angle, trick->t);
    }
  else if (trick->collector >= 0)
    {
      double          t = collect_t (trick);
      gboolean        scores;
      graphene_rect_t dest;

      /* The winning card stands out while the trick waits to be collected. */
      if (t <= 0)
        {
          if ((gint) seat == trick->collector)
            graphene_rect_inset (rect, -self->geo->card_w * 0.04f, -self->geo->card_h * 0.04f);
          return;
        }
      collect_destination (self, trick, trick->cards[index], &dest, &scores);
      t = 1 - pow (1 - t, 3);
      graphene_rect_interpolate (&to, &dest, t, rect);
      *angle = lerp (g->angle, 0, t);
      /* Only the scoring cards stay, in the pile. */
      if (!scores)
        *opacity = 1 - t;
    }
}

/* The winner's card last, on top, ringed until the trick flies. */
static void
draw_collected_trick (HeartsTable *self,
                      GtkSnapshot *snapshot,
                      const Trick *trick)
{
  static const GdkRGBA ring = { 0.98f, 0.82f, 0.2f, 1 };
  gint                 top = -1;

  for (guint i = 0; i < trick->n; i++)
    if ((gint) trick->seats[i] == trick->collector)
      top = i;
  for (guint k = 0; k <= trick->n; k++)
    {
      graphene_rect_t r;
      float           angle, opacity;
      guint           i = k;

      /* The winner's card is drawn last: k == n. */
      if ((gint) k == top || (k == trick->n && top < 0))
        continue;
      if (k == trick->n)
        i = top;
      trick_card_rect (self, trick, i, &r, &angle, &opacity);
      draw_card (self, snapshot, trick->cards[i], &r, angle, opacity);
      if ((gint) i == top && collect_t (trick) <= 0)
        {
          float          radius = MAX (2.f, r.size.width * 0.055f) + 3;
          float          width = MAX (3.f, r.size.width / 28.f);
          const float    widths[4] = { width, width, width, width };
          const GdkRGBA  colors[4] = { ring, ring, ring, ring };
          GskRoundedRect outline;

          gtk_snapshot_save (snapshot);
          gtk_snapshot_translate (snapshot, &GRAPHENE_POINT_INIT (r.origin.x + r.size.width / 2,
                                                                  r.origin.y + r.size.height / 2));
          if (angle != 0)
            gtk_snapshot_rotate (snapshot, angle);
          gsk_rounded_rect_init_from_rect (&outline,
                                           &GRAPHENE_RECT_INIT (-r.size.width / 2 - 3, -r.size.height / 2 - 3,
                                                                r.size.width + 6, r.size.height + 6),
                                           radius);
          gtk_snapshot_append_outset_shadow (snapshot, &outline, &ring, 0, 0, 1, width * 2);
          gtk_snapshot_append_border (snapshot, &outline, widths, colors);
          gtk_snapshot_restore (snapshot);
        }
    }
}

void
_hearts_table_snapshot (GtkWidget   *widget,
                        GtkSnapshot *snapshot)
{
  HeartsTable *self = HEARTS_TABLE (widget);
  Trick        trick;

  shown_trick (self, &trick);

  if (self->felt != NULL)
    hearts_felt_snapshot (self->felt, widget, snapshot);
  draw_fans (self, snapshot);
  draw_pass_area (self, snapshot);

  /* Cards at rest on the trick, under the hand. */
  if (trick.collector < 0)
    for (guint i = 0; i < trick.n; i++)
      {
        graphene_rect_t r;
        float           angle, opacity;

        if (trick.flying && i == trick.n - 1)
          continue;
        trick_card_rect (self, &trick, i, &r, &angle, &opacity);
        draw_card (self, snapshot, trick.cards[i], &r, angle, opacity);
      }

  for (GtkWidget *child = gtk_widget_get_first_child (widget);
       child != NULL;
       child = gtk_widget_get_next_sibling (child))
    if (child != GTK_WIDGET (self->drag_card) || !self->dragging)
      gtk_widget_snapshot_child (widget, child, snapshot);

  /* A collected trick flies over the plates into its pile. */
  if (trick.collector >= 0)
    draw_collected_trick (self, snapshot, &trick);

  /* The card in flight goes over everything but the one being dragged. */
  if (trick.flying)
    {
      graphene_rect_t r;
      float           angle, opacity;

      trick_card_rect (self, &trick, trick.n - 1, &r, &angle, &opacity);
      draw_card (self, snapshot, trick.cards[trick.n - 1], &r, angle, opacity);
    }

  if (self->drag_card != NULL && self->dragging)
    gtk_widget_snapshot_child (widget, GTK_WIDGET (self->drag_card), snapshot);
}
