/* hearts-table-layout.c: where everything goes on the table
 *
 * HeartsTableLayout is the table's GtkLayoutManager, as AdwClamp and gnome-calendar's
 * overflow bin have theirs: it works out the geometry (the hand's row and the pass
 * slots, each seat's fan, plate and pile, the trick in the middle) and places the
 * children; the table draws what is not a child from the same geometry.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <math.h>

#include "hearts-table-private.h"

struct _HeartsTableLayout
{
  GtkLayoutManager    parent_instance;

  HeartsTableGeometry geometry;
};

G_DEFINE_FINAL_TYPE (HeartsTableLayout, hearts_table_layout, GTK_TYPE_LAYOUT_MANAGER)

static float
card_aspect (HeartsTable *self)
{
  double aspect = self->theme != NULL ? hearts_card_theme_get_aspect (self->theme) : 0;

  return aspect > 0.3 && aspect < 2 ? (float) aspect : 0.7f;
}

void
_hearts_table_compute_layout (HeartsTable *self,
                              int          width,
                              int          height)
{
  float aspect = card_aspect (self);
  guint n = _hearts_table_n_players (self);
  guint row = MAX (13, self->hand->len);
  guint hand_size = self->view != NULL ? hearts_rules_get_hand_size (hearts_seat_view_get_rules (self->view)) : 13;
  float m = CLAMP (MIN (width, height) * 0.02f, 6, 24);
  float top = m;
  float field_bottom, plate_h = 0;
  float side_x;
  int   nat;

  self->geo->margin = m;
  self->geo->card_h = MIN (height * 0.21f, (width - 2 * m) / (1 + (row - 1) * 0.34f) / aspect);
  self->geo->card_h = MAX (self->geo->card_h, 30);
  self->geo->card_w = roundf (self->geo->card_h * aspect);
  self->geo->card_h = roundf (self->geo->card_w / aspect);
  self->geo->back_w = roundf (self->geo->card_w * 0.56f);
  self->geo->back_h = roundf (self->geo->back_w / aspect);
  self->geo->raise = roundf (self->geo->card_h * 0.17f);
  self->geo->hand_y = height - m - self->geo->card_h;
  self->geo->side_extent = self->geo->back_w * (1 + 0.16f * (hand_size - 1));

  gtk_widget_measure (GTK_WIDGET (self->plates[_hearts_table_own_seat (self)]), GTK_ORIENTATION_VERTICAL, -1, NULL, &nat, NULL, NULL);
  plate_h = nat;

  /* The other seats: backs fanned along the top and down the sides. */
  field_bottom = self->geo->hand_y - self->geo->raise - plate_h - m;
  side_x = m + self->geo->back_h / 2;
  for (guint s = 0; s < n; s++)
    {
      SeatGeometry *g = &self->geo->seats[s];
      float         mid_y = top + (field_bottom - top) * 0.42f;

      /* A side seat's plate sits above its fan, clear of the plates along the top. */
      if (n > 3)
        mid_y = MAX (mid_y, top + self->geo->back_h + 2 * plate_h + 2 * m + self->geo->side_extent / 2);
      else
        mid_y = MAX (mid_y, top + plate_h + m + self->geo->side_extent / 2);

      switch (_hearts_table_seat_spot (self, s))
        {
        case HEARTS_SPOT_BOTTOM:
          g->fan = GRAPHENE_POINT_INIT (width / 2.f, self->geo->hand_y + self->geo->card_h / 2);
          g->vertical = FALSE;
          break;
        case HEARTS_SPOT_LEFT:
          g->fan = GRAPHENE_POINT_INIT (side_x, mid_y);
          g->vertical = TRUE;
          break;
        case HEARTS_SPOT_RIGHT:
          g->fan = GRAPHENE_POINT_INIT (width - side_x, mid_y);
          g->vertical = TRUE;
          break;
        case HEARTS_SPOT_TOP:
          g->fan = GRAPHENE_POINT_INIT (width / 2.f, top + self->geo->back_h / 2);
          g->vertical = FALSE;
          break;
        case HEARTS_SPOT_TOP_LEFT:
          g->fan = GRAPHENE_POINT_INIT (width * 0.3f, top + self->geo->back_h / 2);
          g->vertical = FALSE;
          break;
        case HEARTS_SPOT_TOP_RIGHT:
          g->fan = GRAPHENE_POINT_INIT (width * 0.7f, top + self->geo->back_h / 2);
          g->vertical = FALSE;
          break;
        default:
          g_assert_not_reached ();
        }
    }

  /* The trick in the middle of what is left. */
  {
    float field_top = n == 3 ? top : top + self->geo->back_h + plate_h + m / 2;
    float cw = self->geo->card_w, ch = self->geo->card_h;

    self->geo->center = GRAPHENE_POINT_INIT (width / 2.f, (field_top + field_bottom) / 2);
    for (guint s = 0; s < n; s++)
      {
        SeatGeometry *g = &self->geo->seats[s];
        float         dx = 0, dy = 0;

        switch (_hearts_table_seat_spot (self, s))
          {
          case HEARTS_SPOT_BOTTOM:
            dy = ch * 0.3f;
            break;
          case HEARTS_SPOT_TOP:
            dy = -ch * 0.3f;
            break;
          case HEARTS_SPOT_LEFT:
            dx = -cw * 0.62f;
            dy = n == 4 ? 0 : ch * 0.02f;
            break;
          case HEARTS_SPOT_RIGHT:
            dx = cw * 0.62f;
            dy = n == 4 ? 0 : ch * 0.02f;
            break;
          case HEARTS_SPOT_TOP_LEFT:
            dx = -cw * 0.36f;
            dy = -ch * 0.26f;
            break;
          case HEARTS_SPOT_TOP_RIGHT:
            dx = cw * 0.36f;
            dy = -ch * 0.26f;
            break;
          default:
            break;
          }
        if (n == 3 && _hearts_table_seat_spot (self, s) != HEARTS_SPOT_BOTTOM)
          dy = -ch * 0.16f;
        g->trick = GRAPHENE_POINT_INIT (self->geo->center.x + dx, self->geo->center.y + dy);
        /* A slight, fixed tilt per seat looks like cards put down by hand. */
        g->angle = ((gint) (s * 7 % 5) - 2) * 2.5f;
      }
  }

  /* The pass area: three slots in the middle. */
  {
    float gap = MAX (6, self->geo->card_w * 0.08f);
    float avail = width - 2 * (m + self->geo->back_h + m);
    float step = MIN (self->geo->card_w + gap, (avail - self->geo->card_w) / 2);
    float total = self->geo->card_w + 2 * step;
    float x0 = width / 2.f - total / 2;
    float y0 = self->geo->center.y - self->geo->card_h / 2;
    float pad = gap;

    step = MAX (step, self->geo->card_w * 0.3f);
    for (guint i = 0; i < HEARTS_PASS_SIZE; i++)
      self->geo->slots[i] = GRAPHENE_RECT_INIT (x0 + i * step, y0, self->geo->card_w, self->geo->card_h);
    self->geo->pass_area = GRAPHENE_RECT_INIT (x0 - pad, y0 - pad, total + 2 * pad, self->geo->card_h + 2 * pad);
  }
}

static void
hand_target (HeartsTable      *self,
             int               width,
             guint             index_in_row,
             guint             row_len,
             graphene_point_t *out)
{
  float m = self->geo->margin;
  float step = row_len > 1 ? MIN (self->geo->card_w * 0.62f, (width - 2 * m - self->geo->card_w) / (row_len - 1)) : 0;
  float total = self->geo->card_w + step * (row_len > 0 ? row_len - 1 : 0);

  out->x = roundf ((width - total) / 2 + index_in_row * step);
  out->y = self->geo->hand_y;
}

/* Where each hand card rests: in its pass slot, or in the row, raised when marked. */
void
_hearts_table_compute_targets (HeartsTable *self,
                               int          width)
{
  guint row_len = self->hand->len - self->n_chosen;
  guint row_index = 0;

  for (guint i = 0; i < self->hand->len; i++)
    {
      HeartsCardWidget *w = g_ptr_array_index (self->hand, i);
      HeartsCard        c = hearts_card_widget_get_card (w);
      gint              slot = _hearts_table_chosen_index (self, c);
      graphene_point_t  target;

      if (slot >= 0)
        {
          target = self->geo->slots[slot].origin;
          hearts_card_widget_set_exposed_width (w, 0);
        }
      else
        {
          graphene_point_t next;

          hand_target (self, width, row_index++, row_len, &target);
          /* The last card of the row shows whole. */
          if (row_index < row_len)
            {
              hand_target (self, width, row_index, row_len, &next);
              hearts_card_widget_set_exposed_width (w, next.x - target.x);
            }
          else
            hearts_card_widget_set_exposed_width (w, 0);
          if (hearts_card_widget_get_received (w) || hearts_card_widget_get_hinted (w))
            target.y -= self->geo->raise;
        }
      self->geo->card_target[c] = target;
    }
}

static void
allocate_child (GtkWidget *child,
                float      x,
                float      y,
                int        width,
                int        height)
{
  GskTransform *t = gsk_transform_translate (NULL, &GRAPHENE_POINT_INIT (roundf (x), roundf (y)));

  gtk_widget_allocate (child, width, height, -1, t);
}

static void
allocate_plate (GtkWidget       *plate,
                float            cx,
                float            y,
                float            lo,
                float            hi,
                graphene_rect_t *rect)
{
  int min, w, h;

  if (!gtk_widget_get_visible (plate))
    return;
  gtk_widget_measure (plate, GTK_ORIENTATION_HORIZONTAL, -1, &min, &w, NULL, NULL);
  /* Within its share of the table (half of it beside another seat's plate): in a narrow
   * window the line under the name wraps. */
  w = MAX (min, MIN (w, (int) (hi - lo)));
  gtk_widget_measure (plate, GTK_ORIENTATION_VERTICAL, w, NULL, &h, NULL, NULL);
  cx = roundf (CLAMP (cx - w / 2.f, lo, MAX (lo, hi - w)));
  allocate_child (plate, cx, y, w, h);
  *rect = GRAPHENE_RECT_INIT (cx, roundf (y), w, h);
}

/* Where every card of the trick can be, tilted or raised. */
static void
trick_bounds (HeartsTable     *self,
              graphene_rect_t *bounds)
{
  guint n = _hearts_table_n_players (self);

  *bounds = rect_centered (self->geo->seats[0].trick, self->geo->card_w * 1.2f, self->geo->card_h * 1.12f);
  for (guint s = 1; s < n; s++)
    {
      graphene_rect_t r = rect_centered (self->geo->seats[s].trick, self->geo->card_w * 1.2f, self->geo->card_h * 1.12f);

      graphene_rect_union (bounds, &r, bounds);
    }
}

/* How far a pile may reach from @start, rightward or leftward, beside its plate. */
static float
pile_room (HeartsTable           *self,
           HeartsSpot                   spot,
           gboolean               leftward,
           float                  start,
           float                  y,
           float                  ph,
           const graphene_rect_t *trick)
{
  int   width = gtk_widget_get_width (GTK_WIDGET (self));
  float gap = roundf (MAX (4, self->geo->margin / 2));
  float room = leftward ? start - self->geo->margin : width - self->geo->margin - start;

  /* Along the top, clear of the side seats' piles and of each other. */
  if (spot == HEARTS_SPOT_TOP)
    room = MIN (room, leftward ? start - 2 * self->geo->margin - self->geo->back_h
                               : width - 2 * self->geo->margin - self->geo->back_h - start);
  else if ((spot == HEARTS_SPOT_TOP_LEFT || spot == HEARTS_SPOT_LEFT) && !leftward)
    room = MIN (room, width / 2.f - gap / 2 - start);
  else if ((spot == HEARTS_SPOT_TOP_RIGHT || spot == HEARTS_SPOT_RIGHT) && leftward)
    room = MIN (room, start - width / 2.f - gap / 2);

  if (y < trick->origin.y + trick->size.height && y + ph > trick->origin.y)
    {
      if (start >= trick->origin.x && start <= trick->origin.x + trick->size.width)
        room = 0;
      else if (leftward && start > trick->origin.x + trick->size.width)
        room = MIN (room, start - (trick->origin.x + trick->size.width) - gap);
      else if (!leftward && start < trick->origin.x)
        room = MIN (room, trick->origin.x - gap - start);
    }
  return room;
}

/* Whether the box crosses the plate of a seat other than @seat. */
static gboolean
crosses_other_plate (HeartsTable *self,
                     guint        seat,
                     float        x,
                     float        y,
                     float        width,
                     float        height)
{
  graphene_rect_t box = GRAPHENE_RECT_INIT (x, y, width, height);

  for (guint s = 0; s < _hearts_table_n_players (self); s++)
    if (s != seat && graphene_rect_intersection (&box, &self->geo->plate_rects[s], NULL))
      return TRUE;
  return FALSE;
}

/* A seat's pile of @cards fans out from beside its plate, toward the middle from the
 * sides and the top corners (the other way when that has more room), never into the
 * trick; @step is the fan's. */
void
_hearts_table_pile_rect (HeartsTable     *self,
                         guint            seat,
                         HeartsCards      cards,
                         graphene_rect_t *rect,
                         float           *step)
{
  const graphene_rect_t *plate = &self->geo->plate_rects[seat];
  HeartsSpot                   spot = _hearts_table_seat_spot (self, seat);
  guint                  count = MAX (1, hearts_cards_count (cards));
  float                  pw = roundf (MAX (18, self->geo->card_w * 0.4f));
  float                  ph = roundf (pw / card_aspect (self));
  float                  gap = roundf (MAX (4, self->geo->margin / 2));
  float                  natural = pw + roundf (pw * 0.4f) * (count - 1);
  gboolean               leftward = spot == HEARTS_SPOT_RIGHT || spot == HEARTS_SPOT_TOP_RIGHT;
  float                  y = plate->origin.y + (plate->size.height - ph) / 2;
  int                    width = gtk_widget_get_width (GTK_WIDGET (self));
  float                  start, room, other;
  graphene_rect_t        trick;

  /* Along the bottom, clear of the raised cards. */
  if (spot == HEARTS_SPOT_BOTTOM)
    y = plate->origin.y + plate->size.height - ph;

  trick_bounds (self, &trick);
  room = pile_room (self, spot, leftward,
                    leftward ? plate->origin.x - gap : plate->origin.x + plate->size.width + gap,
                    y, ph, &trick);
  other = pile_room (self, spot, !leftward,
                     !leftward ? plate->origin.x - gap : plate->origin.x + plate->size.width + gap,
                     y, ph, &trick);
  if (room < natural && other > room)
    {
      leftward = !leftward;
      room = other;
    }
  start = leftward ? plate->origin.x - gap : plate->origin.x + plate->size.width + gap;

  /* No room beside the plate (a narrow window): under it, over the seat's own backs, or
   * above it when another seat's plate sits just under (two plates down one side). */
  if (room < pw && spot != HEARTS_SPOT_BOTTOM)
    {
      leftward = plate->origin.x + plate->size.width / 2 > width / 2.f;
      start = leftward ? plate->origin.x + plate->size.width : plate->origin.x;
      y = plate->origin.y + plate->size.height + gap / 2;
      if (crosses_other_plate (self, seat, leftward ? start - plate->size.width : start, y, plate->size.width, ph) &&
          plate->origin.y - gap / 2 - ph >= 0)
        y = plate->origin.y - gap / 2 - ph;
      room = MAX (plate->size.width, pile_room (self, spot, leftward, start, y, ph, &trick));
    }

  /* Each card shows its corner, closer together when room is short. */
  *step = count > 1 ? CLAMP ((room - pw) / (count - 1), 2, roundf (pw * 0.4f)) : 0;
  *step = roundf (*step);
  rect->size.width = pw + *step * (count - 1);
  rect->size.height = ph;
  rect->origin.x = leftward ? start - rect->size.width : start;
  rect->origin.y = roundf (y);
}

static void
hearts_table_layout_allocate (GtkLayoutManager *manager,
                              GtkWidget        *widget,
                              int               width,
                              int               height,
                              int               baseline)
{
  HeartsTable *self = HEARTS_TABLE (widget);
  guint        n = _hearts_table_n_players (self);
  double       t = self->reflow_t;
  guint        hash = width * 31 + height;

  _hearts_table_compute_layout (self, width, height);

  _hearts_table_compute_targets (self, width);
  for (guint i = 0; i < self->hand->len; i++)
    {
      HeartsCardWidget *w = g_ptr_array_index (self->hand, i);
      HeartsCard        c = hearts_card_widget_get_card (w);
      graphene_point_t  target = self->geo->card_target[c], at;

      if (w == self->drag_card && self->dragging)
        at = GRAPHENE_POINT_INIT (self->drag_pos.x - self->drag_grab.x, self->drag_pos.y - self->drag_grab.y);
      else if (t < 1 && (self->geo->has_pos & HEARTS_CARD_BIT (c)))
        at = GRAPHENE_POINT_INIT (lerp (self->geo->card_from[c].x, target.x, t),
                                  lerp (self->geo->card_from[c].y, target.y, t));
      else
        at = target;

      self->geo->card_at[c] = at;
      self->geo->has_pos |= HEARTS_CARD_BIT (c);
      hash = hash * 33 + c * 7 + (guint) (gint) target.x * 3 + (guint) (gint) target.y;
      allocate_child (GTK_WIDGET (w), at.x, at.y, self->geo->card_w, self->geo->card_h);
    }

  /* Heard, not seen. */
  allocate_child (GTK_WIDGET (self->announcer), 0, 0, 1, 1);

  for (guint s = 0; s < n; s++)
    {
      SeatGeometry *g = &self->geo->seats[s];
      float         y;

      switch (_hearts_table_seat_spot (self, s))
        {
        case HEARTS_SPOT_BOTTOM:
          {
            int bh;

            gtk_widget_measure (GTK_WIDGET (self->plates[s]), GTK_ORIENTATION_VERTICAL, -1, NULL, &bh, NULL, NULL);
            allocate_plate (GTK_WIDGET (self->plates[s]), width / 2.f, self->geo->hand_y - self->geo->raise - bh - self->geo->margin / 2,
                            4, width - 4, &self->geo->plate_rects[s]);
          }
          continue;
        case HEARTS_SPOT_LEFT:
        case HEARTS_SPOT_RIGHT:
          {
            int bh;

            /* Above the fan: below it the plate would reach into the pass area. */
            gtk_widget_measure (GTK_WIDGET (self->plates[s]), GTK_ORIENTATION_VERTICAL, -1, NULL, &bh, NULL, NULL);
            y = g->fan.y - self->geo->side_extent / 2 - bh - self->geo->margin / 2;
          }
          break;
        case HEARTS_SPOT_TOP:
        case HEARTS_SPOT_TOP_LEFT:
        case HEARTS_SPOT_TOP_RIGHT:
        default:
          y = g->fan.y + self->geo->back_h / 2 + self->geo->margin / 3;
          break;
        }
      switch (_hearts_table_seat_spot (self, s))
        {
        case HEARTS_SPOT_LEFT:
        case HEARTS_SPOT_TOP_LEFT:
          allocate_plate (GTK_WIDGET (self->plates[s]), g->fan.x, y, 4, width / 2.f - 3, &self->geo->plate_rects[s]);
          break;
        case HEARTS_SPOT_RIGHT:
        case HEARTS_SPOT_TOP_RIGHT:
          allocate_plate (GTK_WIDGET (self->plates[s]), g->fan.x, y, width / 2.f + 3, width - 4, &self->geo->plate_rects[s]);
          break;
        case HEARTS_SPOT_BOTTOM:
        case HEARTS_SPOT_TOP:
        default:
          allocate_plate (GTK_WIDGET (self->plates[s]), g->fan.x, y, 4, width - 4, &self->geo->plate_rects[s]);
          break;
        }
    }

  for (guint s = 0; s < n; s++)
    {
      graphene_rect_t r;
      float           step;

      hearts_point_pile_set_theme (self->piles[s], self->theme, (int) self->geo->card_w);
      if (!gtk_widget_get_visible (GTK_WIDGET (self->piles[s])))
        continue;
      _hearts_table_pile_rect (self, s, hearts_point_pile_get_cards (self->piles[s]), &r, &step);
      /* Through gint: a float below zero cast to an unsigned type is undefined. */
      hash = hash * 33 + (guint) (gint) r.origin.x * 5 + (guint) (gint) r.size.width;
      allocate_child (GTK_WIDGET (self->piles[s]), r.origin.x, r.origin.y, r.size.width, r.size.height);
    }

  if (hash != self->geo->layout_hash)
    {
      self->geo->layout_hash = hash;
      _hearts_table_layout_changed (self);
    }

  {
    int w, h, min_w;

    gtk_widget_measure (self->pass_label, GTK_ORIENTATION_HORIZONTAL, -1, &min_w, &w, NULL, NULL);
    /* A narrow table wraps the line rather than cut it. */
    w = MAX (min_w, MIN (MAX (w, (int) self->geo->pass_area.size.width), width - 2 * (int) self->geo->margin));
    gtk_widget_measure (self->pass_label, GTK_ORIENTATION_VERTICAL, w, NULL, &h, NULL, NULL);
    if (_hearts_table_human_may_pass (self))
      allocate_child (self->pass_label, width / 2.f - w / 2.f,
                      self->geo->pass_area.origin.y - h - self->geo->margin / 2, w, h);
    else
      {
        int bh;

        /* Once the play starts the trick takes the middle: what was passed (or that
         * nothing was) is said just above the player's plate. */
        gtk_widget_measure (GTK_WIDGET (self->plates[_hearts_table_own_seat (self)]), GTK_ORIENTATION_VERTICAL, -1, NULL,
                            &bh, NULL, NULL);
        allocate_child (self->pass_label, width / 2.f - w / 2.f,
                        self->geo->hand_y - self->geo->raise - bh - self->geo->margin - h, w, h);
      }

    gtk_widget_measure (self->pass_button, GTK_ORIENTATION_HORIZONTAL, -1, NULL, &w, NULL, NULL);
    gtk_widget_measure (self->pass_button, GTK_ORIENTATION_VERTICAL, w, NULL, &h, NULL, NULL);
    allocate_child (self->pass_button, width / 2.f - w / 2.f,
                    self->geo->pass_area.origin.y + self->geo->pass_area.size.height + self->geo->margin / 2, w, h);
  }
}

static void
hearts_table_layout_measure (GtkLayoutManager *manager,
                             GtkWidget        *widget,
                             GtkOrientation    orientation,
                             int               for_size,
                             int              *minimum,
                             int              *natural,
                             int              *minimum_baseline,
                             int              *natural_baseline)
{
  /* Children are placed by hand; only their sizes matter, and the table fits 360×500. */
  for (GtkWidget *child = gtk_widget_get_first_child (widget);
       child != NULL;
       child = gtk_widget_get_next_sibling (child))
    gtk_widget_measure (child, orientation, -1, NULL, NULL, NULL, NULL);

  if (orientation == GTK_ORIENTATION_HORIZONTAL)
    {
      *minimum = 340;
      *natural = 960;
    }
  else
    {
      *minimum = 480;
      *natural = 680;
    }
}

static GtkSizeRequestMode
hearts_table_layout_get_request_mode (GtkLayoutManager *manager,
                                      GtkWidget        *widget)
{
  return GTK_SIZE_REQUEST_CONSTANT_SIZE;
}

static void
hearts_table_layout_class_init (HeartsTableLayoutClass *klass)
{
  GtkLayoutManagerClass *manager_class = GTK_LAYOUT_MANAGER_CLASS (klass);

  manager_class->get_request_mode = hearts_table_layout_get_request_mode;
  manager_class->measure = hearts_table_layout_measure;
  manager_class->allocate = hearts_table_layout_allocate;
}

static void
hearts_table_layout_init (HeartsTableLayout *self)
{
}

HeartsTableGeometry *
_hearts_table_layout_get_geometry (HeartsTableLayout *self)
{
  return &self->geometry;
}
