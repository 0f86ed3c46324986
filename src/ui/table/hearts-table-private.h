/* hearts-table-private.h: what the files of HeartsTable share
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <adwaita.h>

#include "hearts-announcer.h"
#include "hearts-card-widget.h"
#include "hearts-event-queue.h"
#include "hearts-point-pile.h"
#include "hearts-felt.h"
#include "hearts-seat-names.h"
#include "hearts-seat-plate.h"
#include "hearts-settings.h"
#include "hearts-table.h"

G_BEGIN_DECLS

#define DRAG_THRESHOLD    6.0
#define BASE_REFLOW_MS    220

typedef struct
{
  graphene_point_t fan;         /* centre of the seat's hand of backs */
  gboolean         vertical;
  graphene_point_t trick;       /* centre of the card it plays */
  float            angle;       /* of that card, in degrees */
} SeatGeometry;

/* Where everything goes, in the table's coordinates: HeartsTableLayout works it out. */
typedef struct
{
  float             margin;
  float             card_w, card_h;
  float             back_w, back_h;
  float             raise;
  float             side_extent;       /* height of a full fan down a side */
  float             hand_y;
  graphene_point_t  center;
  graphene_rect_t   pass_area;
  graphene_rect_t   slots[HEARTS_PASS_SIZE];
  SeatGeometry      seats[HEARTS_MAX_PLAYERS];
  graphene_rect_t   plate_rects[HEARTS_MAX_PLAYERS];
  graphene_point_t  card_at[64];       /* where each hand card was last put */
  graphene_point_t  card_from[64];     /* where its reflow started */
  graphene_point_t  card_target[64];   /* where it rests */
  guint64           has_pos;           /* bit per card with card_at set */
  guint             layout_hash;

} HeartsTableGeometry;

#define HEARTS_TYPE_TABLE_LAYOUT (hearts_table_layout_get_type ())

G_DECLARE_FINAL_TYPE (HeartsTableLayout, hearts_table_layout, HEARTS, TABLE_LAYOUT, GtkLayoutManager)

struct _HeartsTable
{
  GtkWidget         parent_instance;

  HeartsSeatView   *view;
  HeartsEventQueue *queue;             /* what is shown, behind the view while busy */
  HeartsCardTheme  *theme;
  HeartsFelt       *felt;
  gboolean          highlight_legal;
  gboolean          double_click;
  double            animation_speed;
  HeartsHandSort    hand_sort;
  gboolean          piles_activatable; /* a click on a pile shows the last trick */

  /* Children */
  GPtrArray        *hand;              /* HeartsCardWidget, in hand order */
  HeartsSeatPlate  *plates[HEARTS_MAX_PLAYERS];
  HeartsPointPile  *piles[HEARTS_MAX_PLAYERS];
  GtkWidget        *pass_label;
  GtkWidget        *pass_button;
  HeartsAnnouncer  *announcer;

  /* What the player is doing */
  HeartsCard        chosen[HEARTS_PASS_SIZE];
  guint             n_chosen;
  HeartsCards       hint;
  HeartsCard        focus_card;        /* the hand's one Tab stop */
  HeartsCard        row_card;          /* the last card of the row the focus was on */
  HeartsCard        let_go;            /* played from where it was let go, until it flies */
  graphene_rect_t   let_go_from;

  /* What was said this hand, to say it once */
  gboolean          turn_shown;        /* the player's turn, as last shown */
  gboolean          turn_said;
  gboolean          hold_said;
  gboolean          received_said;

  HeartsTableGeometry *geo;            /* the layout manager's: where things go */

  /* Drag */
  HeartsCardWidget *drag_card;
  gboolean          dragging;
  graphene_point_t  drag_start;
  graphene_point_t  drag_grab;         /* pointer offset within the card */
  graphene_point_t  drag_pos;          /* pointer now */

  /* Animations */
  graphene_rect_t   flight_from;       /* where the card of the play being shown comes from */
  AdwAnimation     *reflow;
  double            reflow_t;
  guint             pass_idle_id;
  guint             use_idle_id;
  HeartsCard        use_card;
  int               use_n_press;
  int               use_drop;          /* where it was let go (hearts-table-input.c) */
};

static inline double
lerp (double a,
      double b,
      double t)
{
  return a + (b - a) * t;
}

static inline graphene_rect_t
rect_centered (graphene_point_t c,
               float            w,
               float            h)
{
  return GRAPHENE_RECT_INIT (c.x - w / 2, c.y - h / 2, w, h);
}

/* hearts-table.c */
guint             _hearts_table_n_players          (HeartsTable           *self);
/* The seat the table is seen from: at the bottom. */
guint             _hearts_table_own_seat           (HeartsTable           *self);
/* The state the table shows (behind the view's while busy); NULL without a view. */
const HeartsSeatState *_hearts_table_shown         (HeartsTable           *self);
HeartsSpot        _hearts_table_seat_spot          (HeartsTable           *self,
                                                    guint                  seat);
guint             _hearts_table_animation_ms       (HeartsTable           *self,
                                                    guint                  base);
gint              _hearts_table_chosen_index       (HeartsTable           *self,
                                                    HeartsCard             card);
gboolean          _hearts_table_human_may_pass     (HeartsTable           *self);
void              _hearts_table_start_reflow       (HeartsTable           *self);
void              _hearts_table_update_labels      (HeartsTable           *self);
void              _hearts_table_refuse             (HeartsTable           *self,
                                                    HeartsRefusal          refusal);
/* Says @message as a refusal is said (::refused): a toast. */
void              _hearts_table_tell               (HeartsTable           *self,
                                                    const char            *message);
void              _hearts_table_toggle_chosen      (HeartsTable           *self,
                                                    HeartsCard             card);
void              _hearts_table_layout_changed     (HeartsTable           *self);
void              _hearts_table_set_focus_card     (HeartsTable           *self,
                                                    HeartsCardWidget      *card);

/* hearts-table-layout.c */
void              _hearts_table_compute_layout     (HeartsTable           *self,
                                                    int                    width,
                                                    int                    height);
void              _hearts_table_compute_targets    (HeartsTable           *self,
                                                    int                    width);

void              _hearts_table_pile_rect          (HeartsTable           *self,
                                                    guint                  seat,
                                                    HeartsCards            cards,
                                                    graphene_rect_t       *rect,
                                                    float                 *step);
HeartsTableGeometry *_hearts_table_layout_get_geometry (HeartsTableLayout *self);

/* hearts-table-draw.c */
/* The trick on the table being collected by its winner: its seat, else -1. */
gint              _hearts_table_collector          (HeartsTable           *self);
void              _hearts_table_snapshot           (GtkWidget             *widget,
                                                    GtkSnapshot           *snapshot);

/* hearts-table-input.c */
void              _hearts_table_add_card_gestures  (HeartsTable           *self,
                                                    GtkWidget             *card);
void              _hearts_table_pass_action        (GtkWidget             *widget,
                                                    const char            *action_name,
                                                    GVariant              *parameter);

G_END_DECLS
