/* hearts-table.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>
#include <adwaita.h>
#include <math.h>

#include "hearts-card-widget.h"
#include "hearts-model-enums.h"
#include "hearts-table.h"

#define HUMAN_SEAT        0
#define DRAG_THRESHOLD    6.0
#define BASE_PLAY_MS      320
#define BASE_PAUSE_MS     750
#define BASE_COLLECT_MS   380
#define BASE_REFLOW_MS    220

typedef enum
{
  SPOT_BOTTOM,
  SPOT_LEFT,
  SPOT_TOP_LEFT,
  SPOT_TOP,
  SPOT_TOP_RIGHT,
  SPOT_RIGHT,
} Spot;

typedef enum
{
  STEP_PLAY,
  STEP_COLLECT,
} StepKind;

/* Something the table shows after the game has already moved on. */
typedef struct
{
  StepKind         kind;
  guint            seat;
  HeartsCard       card;
  gboolean         has_from;
  graphene_rect_t  from;
} Step;

typedef struct
{
  HeartsCard       card;
  guint            seat;
  graphene_rect_t  from;
} ShownCard;

typedef struct
{
  graphene_point_t fan;         /* centre of the seat's hand of backs */
  gboolean         vertical;
  graphene_point_t trick;       /* centre of the card it plays */
  float            angle;       /* of that card, in degrees */
} SeatGeometry;

struct _HeartsTable
{
  GtkWidget        parent_instance;

  HeartsGame      *game;
  GSignalGroup    *game_signals;
  HeartsCardTheme *theme;
  gboolean         highlight_legal;
  gboolean         double_click;
  double           animation_speed;

  /* Children */
  GPtrArray       *hand;              /* HeartsCardWidget, in hand order */
  GtkWidget       *badges[HEARTS_MAX_PLAYERS];
  GtkWidget       *names[HEARTS_MAX_PLAYERS];
  GtkWidget       *infos[HEARTS_MAX_PLAYERS];
  GtkWidget       *pass_label;
  GtkWidget       *pass_button;

  /* What the human is doing */
  HeartsCard       chosen[HEARTS_PASS_SIZE];
  guint            n_chosen;
  HeartsCards      received;
  HeartsCards      hint;
  gboolean         human_played;

  /* Layout, in widget coordinates */
  float            margin;
  float            card_w, card_h;
  float            back_w, back_h;
  float            raise;
  float            side_extent;       /* height of a full fan down a side */
  float            hand_y;
  graphene_point_t center;
  graphene_rect_t  pass_area;
  graphene_rect_t  slots[HEARTS_PASS_SIZE];
  SeatGeometry     seats[HEARTS_MAX_PLAYERS];
  graphene_point_t card_at[64];       /* where each hand card was last put */
  graphene_point_t card_from[64];     /* where its reflow started */
  graphene_point_t card_target[64];   /* where it rests */
  guint64          has_pos;           /* bit per card with card_at set */

  /* Drag */
  HeartsCardWidget *drag_card;
  gboolean         dragging;
  graphene_point_t drag_start;
  graphene_point_t drag_grab;         /* pointer offset within the card */
  graphene_point_t drag_pos;          /* pointer now */

  /* Animations */
  GQueue           steps;
  Step            *step;
  AdwAnimation    *step_animation;
  double           step_t;
  AdwAnimation    *reflow;
  double           reflow_t;
  ShownCard        shown[HEARTS_MAX_PLAYERS];
  guint            n_shown;
  gint             collect_winner;
  gboolean         busy;
  guint            pass_idle_id;
  guint            layout_hash;
  guint            use_idle_id;
  HeartsCard       use_card;
  int              use_n_press;
  gboolean         use_dropped;
};

G_DEFINE_FINAL_TYPE (HeartsTable, hearts_table, GTK_TYPE_WIDGET)

enum {
  PROP_0,
  PROP_GAME,
  PROP_CARD_THEME,
  PROP_HIGHLIGHT_LEGAL,
  PROP_DOUBLE_CLICK,
  PROP_ANIMATION_SPEED,
  PROP_BUSY,
  PROP_N_CHOSEN,
  N_PROPS
};

enum {
  REFUSED,
  LAYOUT_CHANGED,
  N_SIGNALS
};

static GParamSpec *properties[N_PROPS];
static guint signals[N_SIGNALS];

static void sync_from_game (HeartsTable *self);
static void run_next_step  (HeartsTable *self);

/* Geometry helpers */

static guint
n_players (HeartsTable *self)
{
  return self->game != NULL ? hearts_game_get_n_players (self->game) : 4;
}

static Spot
seat_spot (HeartsTable *self,
           guint        seat)
{
  static const Spot three[] = { SPOT_BOTTOM, SPOT_LEFT, SPOT_RIGHT };
  static const Spot four[] = { SPOT_BOTTOM, SPOT_LEFT, SPOT_TOP, SPOT_RIGHT };
  static const Spot five[] = { SPOT_BOTTOM, SPOT_LEFT, SPOT_TOP_LEFT, SPOT_TOP_RIGHT, SPOT_RIGHT };
  guint n = n_players (self);
  guint r = (seat + n - HUMAN_SEAT) % n;

  switch (n)
    {
    case 3:
      return three[r];
    case 5:
      return five[r];
    default:
      return four[r];
    }
}

static const char *
seat_name (HeartsTable *self,
           guint        seat)
{
  switch (seat_spot (self, seat))
    {
    case SPOT_BOTTOM:
      return _("You");
    case SPOT_LEFT:
      return _("West");
    case SPOT_TOP_LEFT:
      return _("Northwest");
    case SPOT_TOP:
      return _("North");
    case SPOT_TOP_RIGHT:
      return _("Northeast");
    case SPOT_RIGHT:
      return _("East");
    default:
      g_assert_not_reached ();
    }
}

static float
card_aspect (HeartsTable *self)
{
  double aspect = self->theme != NULL ? hearts_card_theme_get_aspect (self->theme) : 0;

  return aspect > 0.3 && aspect < 2 ? (float) aspect : 0.7f;
}

static double
lerp (double a,
      double b,
      double t)
{
  return a + (b - a) * t;
}

static graphene_rect_t
rect_centered (graphene_point_t c,
               float            w,
               float            h)
{
  return GRAPHENE_RECT_INIT (c.x - w / 2, c.y - h / 2, w, h);
}

static guint
animation_ms (HeartsTable *self,
              guint        base)
{
  return (guint) MAX (1, base / CLAMP (self->animation_speed, 0.1, 10));
}

/* The hand */

static HeartsCardWidget *
find_card (HeartsTable *self,
           HeartsCard   card)
{
  for (guint i = 0; i < self->hand->len; i++)
    {
      HeartsCardWidget *w = g_ptr_array_index (self->hand, i);

      if (hearts_card_widget_get_card (w) == card)
        return w;
    }
  return NULL;
}

static gint
chosen_index (HeartsTable *self,
              HeartsCard   card)
{
  for (guint i = 0; i < self->n_chosen; i++)
    if (self->chosen[i] == card)
      return i;
  return -1;
}

static gboolean
human_may_pass (HeartsTable *self)
{
  return self->game != NULL &&
         hearts_game_get_phase (self->game) == HEARTS_PHASE_PASSING &&
         !hearts_game_has_passed (self->game, HUMAN_SEAT);
}

static void
set_busy (HeartsTable *self,
          gboolean     busy)
{
  if (self->busy == busy)
    return;
  self->busy = busy;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_BUSY]);
}

static void
on_reflow_value (double   value,
                 gpointer user_data)
{
  HeartsTable *self = user_data;

  self->reflow_t = value;
  gtk_widget_queue_allocate (GTK_WIDGET (self));
}

static void
on_reflow_done (HeartsTable *self)
{
  g_signal_emit (self, signals[LAYOUT_CHANGED], 0);
}

/* Every hand card glides from where it is now to its new place. */
static void
start_reflow (HeartsTable *self)
{
  for (guint c = 0; c < 64; c++)
    self->card_from[c] = self->card_at[c];

  self->reflow_t = 0;
  adw_timed_animation_set_duration (ADW_TIMED_ANIMATION (self->reflow),
                                    animation_ms (self, BASE_REFLOW_MS));
  adw_animation_reset (self->reflow);
  adw_animation_play (self->reflow);
  gtk_widget_queue_allocate (GTK_WIDGET (self));
}

static void
update_card_states (HeartsTable *self)
{
  HeartsCards legal = 0;
  gboolean passing = human_may_pass (self);

  if (self->game != NULL)
    legal = hearts_game_get_legal (self->game, HUMAN_SEAT);

  for (guint i = 0; i < self->hand->len; i++)
    {
      HeartsCardWidget *w = g_ptr_array_index (self->hand, i);
      HeartsCard card = hearts_card_widget_get_card (w);

      hearts_card_widget_set_selected (w, chosen_index (self, card) >= 0);
      hearts_card_widget_set_playable (w, passing || hearts_cards_has (legal, card));
      hearts_card_widget_set_dim_unplayable (w, self->highlight_legal && legal != 0);
      hearts_card_widget_set_received (w, hearts_cards_has (self->received, card));
      hearts_card_widget_set_hinted (w, hearts_cards_has (self->hint, card));
    }
}

static void
on_card_activate (HeartsCardWidget *card,
                  HeartsTable      *self);
static void
on_card_move_focus (HeartsCardWidget *card,
                    int               step,
                    HeartsTable      *self);

static void on_card_click_released (GtkGestureClick *gesture, int n_press, double x, double y,
                                    HeartsTable *self);
static void on_card_drag_begin     (GtkGestureDrag *gesture, double x, double y, HeartsTable *self);
static void on_card_drag_update    (GtkGestureDrag *gesture, double dx, double dy, HeartsTable *self);
static void on_card_drag_end       (GtkGestureDrag *gesture, double dx, double dy, HeartsTable *self);

/* Each card has its own gestures: on the table they would also see presses on the
 * pass button, and GTK 4.8 leaves a parent's gestures stuck when a child claims. */
static void
add_card_gestures (HeartsTable *self,
                   GtkWidget   *card)
{
  GtkGesture *click = gtk_gesture_click_new ();
  GtkGesture *drag = gtk_gesture_drag_new ();

  g_signal_connect_object (click, "released", G_CALLBACK (on_card_click_released), self, 0);
  gtk_widget_add_controller (card, GTK_EVENT_CONTROLLER (click));

  g_signal_connect_object (drag, "drag-begin", G_CALLBACK (on_card_drag_begin), self, 0);
  g_signal_connect_object (drag, "drag-update", G_CALLBACK (on_card_drag_update), self, 0);
  g_signal_connect_object (drag, "drag-end", G_CALLBACK (on_card_drag_end), self, 0);
  gtk_widget_add_controller (card, GTK_EVENT_CONTROLLER (drag));
}

/* Makes the hand widgets match the game's hand, keeping the ones that stay. */
static void
sync_hand (HeartsTable *self)
{
  HeartsCards hand = 0;
  HeartsCard card;
  gboolean changed = FALSE;
  gboolean had_focus = FALSE;
  guint focus_index = 0;

  if (self->game != NULL)
    hand = hearts_game_get_hand (self->game, HUMAN_SEAT);
  /* Cards chosen for the pass are still ours until the pass is sent. */
  for (guint i = 0; i < self->n_chosen; i++)
    hand |= HEARTS_CARD_BIT (self->chosen[i]);

  for (guint i = self->hand->len; i > 0; i--)
    {
      GtkWidget *w = g_ptr_array_index (self->hand, i - 1);

      if (!hearts_cards_has (hand, hearts_card_widget_get_card (HEARTS_CARD_WIDGET (w))))
        {
          if (gtk_widget_has_focus (w))
            {
              had_focus = TRUE;
              focus_index = i - 1;
            }
          if (self->drag_card == HEARTS_CARD_WIDGET (w))
            {
              self->drag_card = NULL;
              self->dragging = FALSE;
            }
          self->has_pos &= ~HEARTS_CARD_BIT (hearts_card_widget_get_card (HEARTS_CARD_WIDGET (w)));
          gtk_widget_unparent (w);
          g_ptr_array_remove_index (self->hand, i - 1);
          changed = TRUE;
        }
    }

  {
    guint i = 0;

    HEARTS_CARDS_FOREACH (card, hand)
      {
        GtkWidget *w;
        HeartsCardWidget *existing = i < self->hand->len ? g_ptr_array_index (self->hand, i) : NULL;

        if (existing != NULL && hearts_card_widget_get_card (existing) == card)
          {
            i++;
            continue;
          }

        w = hearts_card_widget_new (card, self->theme);
        g_signal_connect_object (w, "activate", G_CALLBACK (on_card_activate), self, 0);
        g_signal_connect_object (w, "move-card", G_CALLBACK (on_card_move_focus), self, 0);
        add_card_gestures (self, w);
        /* Children are drawn in order: later cards overlap earlier ones. */
        if (existing != NULL)
          gtk_widget_insert_before (w, GTK_WIDGET (self), GTK_WIDGET (existing));
        else
          gtk_widget_insert_before (w, GTK_WIDGET (self), self->pass_label);
        g_ptr_array_insert (self->hand, i, w);

        /* A received card comes in from the seat that passed it. */
        if (self->game != NULL && hearts_game_get_phase (self->game) == HEARTS_PHASE_PLAYING &&
            hearts_cards_has (hearts_game_get_received (self->game, HUMAN_SEAT), card))
          {
            guint from = hearts_rules_pass_source (hearts_game_get_rules (self->game),
                                                   hearts_game_get_pass_direction (self->game),
                                                   HUMAN_SEAT);
            graphene_point_t c = self->seats[from].fan;

            self->card_at[card] = GRAPHENE_POINT_INIT (c.x - self->card_w / 2, c.y - self->card_h / 2);
            self->has_pos |= HEARTS_CARD_BIT (card);
          }
        i++;
        changed = TRUE;
      }
  }

  if (had_focus && self->hand->len > 0)
    gtk_widget_grab_focus (g_ptr_array_index (self->hand, MIN (focus_index, self->hand->len - 1)));

  update_card_states (self);
  if (changed)
    start_reflow (self);
}

/* Labels */

static void
update_labels (HeartsTable *self)
{
  guint n = n_players (self);
  gint current = self->game != NULL ? hearts_game_get_current_player (self->game) : -1;
  gboolean passing = human_may_pass (self);
  g_autoptr(GString) description = g_string_new (NULL);

  for (guint s = 0; s < HEARTS_MAX_PLAYERS; s++)
    {
      g_autofree char *info = NULL;
      g_autofree char *tricks = NULL;
      gint total;
      guint won;

      gtk_widget_set_visible (self->badges[s], s < n && self->game != NULL);
      if (s >= n || self->game == NULL)
        continue;

      total = hearts_game_get_total (self->game, s);
      won = hearts_game_get_tricks_won (self->game, s);
      tricks = g_strdup_printf (g_dngettext (NULL, "%u trick", "%u tricks", won), won);
      /* Translators: a seat's total score, then its tricks in this hand */
      info = g_strdup_printf (g_dngettext (NULL, "%d point · %s", "%d points · %s", ABS (total)),
                              total, tricks);
      gtk_label_set_label (GTK_LABEL (self->names[s]), seat_name (self, s));
      gtk_label_set_label (GTK_LABEL (self->infos[s]), info);
      if ((gint) s == current && !self->busy)
        gtk_widget_add_css_class (self->badges[s], "current");
      else
        gtk_widget_remove_css_class (self->badges[s], "current");
      gtk_accessible_update_property (GTK_ACCESSIBLE (self->badges[s]),
                                      GTK_ACCESSIBLE_PROPERTY_LABEL, seat_name (self, s),
                                      GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, info,
                                      -1);
    }

  gtk_widget_set_visible (self->pass_label, passing);
  /* Hidden by fading, not unmapped: X11 stops delivering presses to the table when the
   * button under the pointer is unmapped by its own click (GTK 4.8). */
  gtk_widget_set_opacity (self->pass_button, passing ? 1 : 0);
  gtk_widget_set_can_target (self->pass_button, passing);
  gtk_widget_set_can_focus (self->pass_button, passing);
  if (passing)
    {
      guint target = hearts_rules_pass_target (hearts_game_get_rules (self->game),
                                               hearts_game_get_pass_direction (self->game),
                                               HUMAN_SEAT);
      g_autofree char *text = g_strdup_printf (_("Pass to %s"), seat_name (self, target));

      gtk_label_set_label (GTK_LABEL (self->pass_label), text);
    }
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "table.pass",
                                 passing && self->n_chosen == HEARTS_PASS_SIZE);

  /* A screen reader reads the trick from the table's description. */
  for (guint i = 0; i < self->n_shown; i++)
    {
      g_autofree char *name = hearts_card_get_name (self->shown[i].card);

      if (description->len > 0)
        g_string_append (description, ", ");
      /* Translators: who played what in the current trick: "West: Two of Clubs" */
      g_string_append_printf (description, _("%s: %s"), seat_name (self, self->shown[i].seat), name);
    }
  gtk_accessible_update_property (GTK_ACCESSIBLE (self),
                                  GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, description->str,
                                  -1);
}

/* The trick and its animations */

static void
show_trick_from_game (HeartsTable *self)
{
  HeartsCard cards[HEARTS_MAX_PLAYERS];
  guint leader = 0;
  guint n = 0;

  if (self->game != NULL && hearts_game_get_phase (self->game) == HEARTS_PHASE_PLAYING)
    n = hearts_game_get_trick (self->game, cards, &leader);

  self->n_shown = n;
  for (guint i = 0; i < n; i++)
    {
      self->shown[i].card = cards[i];
      self->shown[i].seat = (leader + i) % n_players (self);
      self->shown[i].from = rect_centered (self->seats[self->shown[i].seat].trick,
                                           self->card_w, self->card_h);
    }
}

static void
on_step_value (double   value,
               gpointer user_data)
{
  HeartsTable *self = user_data;

  self->step_t = value;
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

static void
on_step_done (AdwAnimation *animation,
              HeartsTable  *self)
{
  g_autofree Step *step = g_steal_pointer (&self->step);

  if (animation != self->step_animation || step == NULL)
    return;

  self->step_t = 1;
  if (step->kind == STEP_COLLECT)
    {
      self->n_shown = 0;
      self->collect_winner = -1;
    }
  g_clear_object (&self->step_animation);
  gtk_widget_queue_draw (GTK_WIDGET (self));
  run_next_step (self);
}

static void
run_next_step (HeartsTable *self)
{
  AdwAnimationTarget *target;
  Step *step;
  guint ms;

  if (self->step != NULL)
    return;

  step = g_queue_pop_head (&self->steps);
  if (step == NULL)
    {
      set_busy (self, FALSE);
      sync_from_game (self);
      return;
    }

  set_busy (self, TRUE);
  self->step = step;
  self->step_t = 0;
  if (step->kind == STEP_PLAY)
    {
      ShownCard *shown;

      if (self->n_shown >= HEARTS_MAX_PLAYERS)
        self->n_shown = 0;
      shown = &self->shown[self->n_shown++];
      shown->card = step->card;
      shown->seat = step->seat;
      if (step->has_from)
        shown->from = step->from;
      else
        shown->from = rect_centered (self->seats[step->seat].fan, self->back_w, self->back_h);
      ms = animation_ms (self, BASE_PLAY_MS);
    }
  else
    {
      self->collect_winner = step->seat;
      ms = animation_ms (self, BASE_PAUSE_MS + BASE_COLLECT_MS);
    }
  update_labels (self);

  target = adw_callback_animation_target_new (on_step_value, self, NULL);
  self->step_animation = adw_timed_animation_new (GTK_WIDGET (self), 0, 1, ms, target);
  adw_timed_animation_set_easing (ADW_TIMED_ANIMATION (self->step_animation),
                                  step->kind == STEP_PLAY ? ADW_EASE_OUT_CUBIC : ADW_LINEAR);
  g_signal_connect (self->step_animation, "done", G_CALLBACK (on_step_done), self);
  adw_animation_play (self->step_animation);
}

static void
queue_step (HeartsTable *self,
            StepKind     kind,
            guint        seat,
            HeartsCard   card,
            const graphene_rect_t *from)
{
  Step *step = g_new0 (Step, 1);

  step->kind = kind;
  step->seat = seat;
  step->card = card;
  if (from != NULL)
    {
      step->has_from = TRUE;
      step->from = *from;
    }
  g_queue_push_tail (&self->steps, step);
  set_busy (self, TRUE);
  run_next_step (self);
}

static void
clear_steps (HeartsTable *self)
{
  g_queue_clear_full (&self->steps, g_free);
  g_clear_pointer (&self->step, g_free);
  if (self->step_animation != NULL)
    {
      g_signal_handlers_disconnect_by_func (self->step_animation, on_step_done, self);
      adw_animation_reset (self->step_animation);
      g_clear_object (&self->step_animation);
    }
  self->collect_winner = -1;
  set_busy (self, FALSE);
}

/* Game signals */

static void
on_card_played (HeartsGame  *game,
                guint        seat,
                guint        card,
                HeartsTable *self)
{
  graphene_rect_t from;
  gboolean has_from = FALSE;

  if (seat == HUMAN_SEAT)
    {
      HeartsCardWidget *w = find_card (self, card);

      if (w != NULL && (self->has_pos & HEARTS_CARD_BIT (card)))
        {
          from = GRAPHENE_RECT_INIT (self->card_at[card].x, self->card_at[card].y,
                                     self->card_w, self->card_h);
          has_from = TRUE;
        }
      self->human_played = TRUE;
      self->received = 0;
    }
  self->hint = 0;
  queue_step (self, STEP_PLAY, seat, card, has_from ? &from : NULL);
}

static void
on_trick_finished (HeartsGame  *game,
                   guint        winner,
                   guint        trick,
                   HeartsTable *self)
{
  queue_step (self, STEP_COLLECT, winner, HEARTS_NO_CARD, NULL);
}

static void
on_hand_started (HeartsGame  *game,
                 guint        hand,
                 HeartsTable *self)
{
  hearts_table_reset (self);
}

static void
on_game_changed (HeartsGame  *game,
                 HeartsTable *self)
{
  /* While cards move, the trick on show is the table's own; the rest follows the game. */
  if (!self->busy)
    show_trick_from_game (self);

  if (!human_may_pass (self))
    self->n_chosen = 0;
  if (self->game != NULL && !self->human_played &&
      hearts_game_get_phase (self->game) == HEARTS_PHASE_PLAYING)
    self->received = hearts_game_get_received (self->game, HUMAN_SEAT);
  self->hint = 0;

  sync_hand (self);
  update_labels (self);
  gtk_widget_queue_allocate (GTK_WIDGET (self));
}

static void
sync_from_game (HeartsTable *self)
{
  on_game_changed (self->game, self);
}

/* Human input */

static void
refuse (HeartsTable   *self,
        HeartsRefusal  refusal)
{
  g_autofree char *message = NULL;

  message = hearts_refusal_format (refusal, hearts_game_get_rules (self->game));
  g_signal_emit (self, signals[REFUSED], 0, message);
}

static void
toggle_chosen (HeartsTable *self,
               HeartsCard   card)
{
  gint index = chosen_index (self, card);

  if (index >= 0)
    {
      for (guint i = index; i + 1 < self->n_chosen; i++)
        self->chosen[i] = self->chosen[i + 1];
      self->n_chosen--;
    }
  else if (self->n_chosen < HEARTS_PASS_SIZE)
    self->chosen[self->n_chosen++] = card;
  else
    {
      g_signal_emit (self, signals[REFUSED], 0, _("Three cards are already chosen"));
      start_reflow (self);
      return;
    }

  self->hint = 0;
  update_card_states (self);
  update_labels (self);
  start_reflow (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_N_CHOSEN]);
}

static void
try_play (HeartsTable *self,
          HeartsCard   card)
{
  HeartsRefusal refusal = HEARTS_REFUSAL_NONE;

  if (!hearts_game_play (self->game, HUMAN_SEAT, card, &refusal))
    {
      /* The card springs back to its place in the hand. */
      start_reflow (self);
      refuse (self, refusal);
    }
}

/* A click (n_press 1 or 2), a keyboard activation (2) or a drop (0) on a hand card. */
static void
use_card (HeartsTable *self,
          HeartsCard   card,
          int          n_press,
          gboolean     dropped_on_table)
{
  HeartsPhase phase;

  if (self->game == NULL)
    return;

  /* A click during an animation first puts every card where it is going. */
  hearts_table_finish_animations (self);
  phase = hearts_game_get_phase (self->game);

  if (phase == HEARTS_PHASE_PASSING)
    {
      gboolean in_slot = chosen_index (self, card) >= 0;

      if (!human_may_pass (self))
        {
          start_reflow (self);
          return;
        }
      /* A drop moves a card into the pass area or back; a click toggles it. */
      if (n_press > 0 || in_slot != dropped_on_table)
        toggle_chosen (self, card);
      else
        start_reflow (self);
      return;
    }

  if (phase != HEARTS_PHASE_PLAYING)
    {
      start_reflow (self);
      return;
    }

  if (n_press == 0 && !dropped_on_table)
    {
      start_reflow (self);
      return;
    }
  if (n_press == 1 && self->double_click)
    return;

  if (hearts_game_get_current_player (self->game) != HUMAN_SEAT)
    {
      start_reflow (self);
      refuse (self, HEARTS_REFUSAL_NOT_YOUR_TURN);
      return;
    }
  try_play (self, card);
}

static void
on_card_activate (HeartsCardWidget *card,
                  HeartsTable      *self)
{
  use_card (self, hearts_card_widget_get_card (card), 2, FALSE);
}

static void
on_card_move_focus (HeartsCardWidget *card,
                    int               step,
                    HeartsTable      *self)
{
  guint index;

  if (!g_ptr_array_find (self->hand, card, &index) || self->hand->len == 0)
    return;
  index = (guint) CLAMP ((int) index + step, 0, (int) self->hand->len - 1);
  gtk_widget_grab_focus (g_ptr_array_index (self->hand, index));
}

static gboolean
use_card_idle (gpointer user_data)
{
  HeartsTable *self = user_data;

  self->use_idle_id = 0;
  use_card (self, self->use_card, self->use_n_press, self->use_dropped);
  return G_SOURCE_REMOVE;
}

/* Gestures hand their card over from an idle: a card played from inside its own
 * gesture's handler is unparented while GTK still routes the pointer to it, and X11
 * input to the window then stops (GTK 4.8). */
static void
use_card_later (HeartsTable *self,
                HeartsCard   card,
                int          n_press,
                gboolean     dropped)
{
  if (self->use_idle_id != 0)
    return;
  self->use_card = card;
  self->use_n_press = n_press;
  self->use_dropped = dropped;
  self->use_idle_id = g_idle_add (use_card_idle, self);
}

/* Where the pointer of @gesture's current event is, in table coordinates. The card
 * under it moves while it is dragged, so its own coordinates are no use. */
static graphene_point_t
pointer_in_table (HeartsTable *self,
                  GtkGesture  *gesture)
{
  GdkEvent *event = gtk_event_controller_get_current_event (GTK_EVENT_CONTROLLER (gesture));
  GtkNative *native = gtk_widget_get_native (GTK_WIDGET (self));
  graphene_point_t p = GRAPHENE_POINT_INIT (0, 0);
  double x = 0, y = 0, sx = 0, sy = 0;

  if (event == NULL || native == NULL || !gdk_event_get_position (event, &x, &y))
    return self->drag_pos;
  gtk_native_get_surface_transform (native, &sx, &sy);
  if (!gtk_widget_compute_point (GTK_WIDGET (native), GTK_WIDGET (self),
                                 &GRAPHENE_POINT_INIT (x - sx, y - sy), &p))
    return self->drag_pos;
  return p;
}

static void
on_card_click_released (GtkGestureClick *gesture,
                        int              n_press,
                        double           x,
                        double           y,
                        HeartsTable     *self)
{
  GtkWidget *card = gtk_event_controller_get_widget (GTK_EVENT_CONTROLLER (gesture));

  if (self->dragging)
    return;
  gtk_widget_grab_focus (card);
  use_card_later (self, hearts_card_widget_get_card (HEARTS_CARD_WIDGET (card)), n_press, FALSE);
}

static void
on_card_drag_begin (GtkGestureDrag *gesture,
                    double          x,
                    double          y,
                    HeartsTable    *self)
{
  GtkWidget *card = gtk_event_controller_get_widget (GTK_EVENT_CONTROLLER (gesture));

  self->drag_card = HEARTS_CARD_WIDGET (card);
  self->dragging = FALSE;
  self->drag_start = pointer_in_table (self, GTK_GESTURE (gesture));
  self->drag_pos = self->drag_start;
}

static void
on_card_drag_update (GtkGestureDrag *gesture,
                     double          dx,
                     double          dy,
                     HeartsTable    *self)
{
  graphene_point_t p;

  if (self->drag_card == NULL)
    return;

  p = pointer_in_table (self, GTK_GESTURE (gesture));
  if (!self->dragging)
    {
      HeartsCard c;

      if (graphene_point_distance (&p, &self->drag_start, NULL, NULL) < DRAG_THRESHOLD)
        return;
      hearts_table_finish_animations (self);
      if (self->drag_card == NULL)
        return;
      self->dragging = TRUE;
      gtk_gesture_set_state (GTK_GESTURE (gesture), GTK_EVENT_SEQUENCE_CLAIMED);
      c = hearts_card_widget_get_card (self->drag_card);
      self->drag_grab = GRAPHENE_POINT_INIT (self->drag_start.x - self->card_at[c].x,
                                             self->drag_start.y - self->card_at[c].y);
    }
  self->drag_pos = p;
  gtk_widget_queue_allocate (GTK_WIDGET (self));
}

static gboolean
point_over_table (HeartsTable *self,
                  double       y)
{
  return y < self->hand_y - self->raise * 0.5f;
}

static void
on_card_drag_end (GtkGestureDrag *gesture,
                  double          dx,
                  double          dy,
                  HeartsTable    *self)
{
  HeartsCardWidget *card = g_steal_pointer (&self->drag_card);
  gboolean dragging = self->dragging;
  HeartsCard c;

  self->dragging = FALSE;
  if (card == NULL || !dragging)
    return;

  c = hearts_card_widget_get_card (card);
  use_card_later (self, c, 0, point_over_table (self, self->drag_pos.y));
}

static gboolean
pass_idle (gpointer user_data)
{
  HeartsTable *self = user_data;

  self->pass_idle_id = 0;
  hearts_table_pass (self);
  return G_SOURCE_REMOVE;
}

static void
on_pass_clicked (GtkWidget  *widget,
                 const char *action_name,
                 GVariant   *parameter)
{
  HeartsTable *self = HEARTS_TABLE (widget);

  /* Not from inside the button's own release: passing hides the button under the
   * pointer, and X11 then loses the next press. */
  if (self->pass_idle_id == 0)
    self->pass_idle_id = g_idle_add (pass_idle, self);
}

/* Layout */

static void
compute_layout (HeartsTable *self,
                int          width,
                int          height)
{
  float aspect = card_aspect (self);
  guint n = n_players (self);
  guint row = MAX (13, self->hand->len);
  guint hand_size = self->game != NULL ? hearts_rules_get_hand_size (hearts_game_get_rules (self->game)) : 13;
  float m = CLAMP (MIN (width, height) * 0.02f, 6, 24);
  float top = m;
  float field_bottom, badge_h = 0;
  float side_x;
  int nat;

  self->margin = m;
  self->card_h = MIN (height * 0.21f, (width - 2 * m) / (1 + (row - 1) * 0.34f) / aspect);
  self->card_h = MAX (self->card_h, 30);
  self->card_w = roundf (self->card_h * aspect);
  self->card_h = roundf (self->card_w / aspect);
  self->back_w = roundf (self->card_w * 0.56f);
  self->back_h = roundf (self->back_w / aspect);
  self->raise = roundf (self->card_h * 0.17f);
  self->hand_y = height - m - self->card_h;
  self->side_extent = self->back_w * (1 + 0.16f * (hand_size - 1));

  gtk_widget_measure (self->badges[HUMAN_SEAT], GTK_ORIENTATION_VERTICAL, -1, NULL, &nat, NULL, NULL);
  badge_h = nat;

  /* The other seats: backs fanned along the top and down the sides. */
  field_bottom = self->hand_y - self->raise - badge_h - m;
  side_x = m + self->back_h / 2;
  for (guint s = 0; s < n; s++)
    {
      SeatGeometry *g = &self->seats[s];
      float mid_y = top + (field_bottom - top) * 0.42f;

      /* A side seat's badge sits above its fan, clear of the badges along the top. */
      if (n > 3)
        mid_y = MAX (mid_y, top + self->back_h + 2 * badge_h + 2 * m + self->side_extent / 2);
      else
        mid_y = MAX (mid_y, top + badge_h + m + self->side_extent / 2);

      switch (seat_spot (self, s))
        {
        case SPOT_BOTTOM:
          g->fan = GRAPHENE_POINT_INIT (width / 2.f, self->hand_y + self->card_h / 2);
          g->vertical = FALSE;
          break;
        case SPOT_LEFT:
          g->fan = GRAPHENE_POINT_INIT (side_x, mid_y);
          g->vertical = TRUE;
          break;
        case SPOT_RIGHT:
          g->fan = GRAPHENE_POINT_INIT (width - side_x, mid_y);
          g->vertical = TRUE;
          break;
        case SPOT_TOP:
          g->fan = GRAPHENE_POINT_INIT (width / 2.f, top + self->back_h / 2);
          g->vertical = FALSE;
          break;
        case SPOT_TOP_LEFT:
          g->fan = GRAPHENE_POINT_INIT (width * 0.3f, top + self->back_h / 2);
          g->vertical = FALSE;
          break;
        case SPOT_TOP_RIGHT:
          g->fan = GRAPHENE_POINT_INIT (width * 0.7f, top + self->back_h / 2);
          g->vertical = FALSE;
          break;
        default:
          g_assert_not_reached ();
        }
    }

  /* The trick in the middle of what is left. */
  {
    float field_top = n == 3 ? top : top + self->back_h + badge_h + m / 2;
    float cw = self->card_w, ch = self->card_h;

    self->center = GRAPHENE_POINT_INIT (width / 2.f, (field_top + field_bottom) / 2);
    for (guint s = 0; s < n; s++)
      {
        SeatGeometry *g = &self->seats[s];
        float dx = 0, dy = 0;

        switch (seat_spot (self, s))
          {
          case SPOT_BOTTOM:      dy = ch * 0.3f; break;
          case SPOT_TOP:         dy = -ch * 0.3f; break;
          case SPOT_LEFT:        dx = -cw * 0.62f; dy = n == 4 ? 0 : ch * 0.02f; break;
          case SPOT_RIGHT:       dx = cw * 0.62f; dy = n == 4 ? 0 : ch * 0.02f; break;
          case SPOT_TOP_LEFT:    dx = -cw * 0.36f; dy = -ch * 0.26f; break;
          case SPOT_TOP_RIGHT:   dx = cw * 0.36f; dy = -ch * 0.26f; break;
          default:               break;
          }
        if (n == 3 && seat_spot (self, s) != SPOT_BOTTOM)
          dy = -ch * 0.16f;
        g->trick = GRAPHENE_POINT_INIT (self->center.x + dx, self->center.y + dy);
        /* A slight, fixed tilt per seat looks like cards put down by hand. */
        g->angle = ((gint) (s * 7 % 5) - 2) * 2.5f;
      }
  }

  /* The pass area: three slots in the middle. */
  {
    float gap = MAX (6, self->card_w * 0.08f);
    float avail = width - 2 * (m + self->back_h + m);
    float step = MIN (self->card_w + gap, (avail - self->card_w) / 2);
    float total = self->card_w + 2 * step;
    float x0 = width / 2.f - total / 2;
    float y0 = self->center.y - self->card_h / 2;
    float pad = gap;

    step = MAX (step, self->card_w * 0.3f);
    for (guint i = 0; i < HEARTS_PASS_SIZE; i++)
      self->slots[i] = GRAPHENE_RECT_INIT (x0 + i * step, y0, self->card_w, self->card_h);
    self->pass_area = GRAPHENE_RECT_INIT (x0 - pad, y0 - pad, total + 2 * pad, self->card_h + 2 * pad);
  }
}

static void
hand_target (HeartsTable *self,
             int          width,
             guint        index_in_row,
             guint        row_len,
             graphene_point_t *out)
{
  float m = self->margin;
  float step = row_len > 1 ? MIN (self->card_w * 0.62f, (width - 2 * m - self->card_w) / (row_len - 1)) : 0;
  float total = self->card_w + step * (row_len > 0 ? row_len - 1 : 0);

  out->x = roundf ((width - total) / 2 + index_in_row * step);
  out->y = self->hand_y;
}

/* Where each hand card rests: in its pass slot, or in the row, raised when marked. */
static void
compute_targets (HeartsTable *self,
                 int          width)
{
  guint row_len = self->hand->len - self->n_chosen;
  guint row_index = 0;

  for (guint i = 0; i < self->hand->len; i++)
    {
      HeartsCardWidget *w = g_ptr_array_index (self->hand, i);
      HeartsCard c = hearts_card_widget_get_card (w);
      gint slot = chosen_index (self, c);
      graphene_point_t target;

      if (slot >= 0)
        target = self->slots[slot].origin;
      else
        {
          hand_target (self, width, row_index++, row_len, &target);
          if (hearts_card_widget_get_received (w) || hearts_card_widget_get_hinted (w))
            target.y -= self->raise;
        }
      self->card_target[c] = target;
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
allocate_badge (GtkWidget *badge,
                float      cx,
                float      y,
                int        width)
{
  int w, h;

  if (!gtk_widget_get_visible (badge))
    return;
  gtk_widget_measure (badge, GTK_ORIENTATION_HORIZONTAL, -1, NULL, &w, NULL, NULL);
  gtk_widget_measure (badge, GTK_ORIENTATION_VERTICAL, w, NULL, &h, NULL, NULL);
  cx = CLAMP (cx - w / 2.f, 4, MAX (4, width - w - 4));
  allocate_child (badge, cx, y, w, h);
}

static void
hearts_table_size_allocate (GtkWidget *widget,
                            int        width,
                            int        height,
                            int        baseline)
{
  HeartsTable *self = HEARTS_TABLE (widget);
  guint n = n_players (self);
  double t = self->reflow_t;
  guint hash = width * 31 + height;

  compute_layout (self, width, height);

  compute_targets (self, width);
  for (guint i = 0; i < self->hand->len; i++)
    {
      HeartsCardWidget *w = g_ptr_array_index (self->hand, i);
      HeartsCard c = hearts_card_widget_get_card (w);
      graphene_point_t target = self->card_target[c], at;

      if (w == self->drag_card && self->dragging)
        at = GRAPHENE_POINT_INIT (self->drag_pos.x - self->drag_grab.x, self->drag_pos.y - self->drag_grab.y);
      else if (t < 1 && (self->has_pos & HEARTS_CARD_BIT (c)))
        at = GRAPHENE_POINT_INIT (lerp (self->card_from[c].x, target.x, t),
                                  lerp (self->card_from[c].y, target.y, t));
      else
        at = target;

      self->card_at[c] = at;
      self->has_pos |= HEARTS_CARD_BIT (c);
      hash = hash * 33 + c * 7 + (guint) target.x * 3 + (guint) target.y;
      allocate_child (GTK_WIDGET (w), at.x, at.y, self->card_w, self->card_h);
    }

  for (guint s = 0; s < n; s++)
    {
      SeatGeometry *g = &self->seats[s];
      float y;

      switch (seat_spot (self, s))
        {
        case SPOT_BOTTOM:
          {
            int bh;

            gtk_widget_measure (self->badges[s], GTK_ORIENTATION_VERTICAL, -1, NULL, &bh, NULL, NULL);
            allocate_badge (self->badges[s], width / 2.f, self->hand_y - self->raise - bh - self->margin / 2, width);
          }
          continue;
        case SPOT_LEFT:
        case SPOT_RIGHT:
          {
            int bh;

            /* Above the fan: below it the badge would reach into the pass area. */
            gtk_widget_measure (self->badges[s], GTK_ORIENTATION_VERTICAL, -1, NULL, &bh, NULL, NULL);
            y = g->fan.y - self->side_extent / 2 - bh - self->margin / 2;
          }
          break;
        case SPOT_TOP:
        case SPOT_TOP_LEFT:
        case SPOT_TOP_RIGHT:
        default:
          y = g->fan.y + self->back_h / 2 + self->margin / 3;
          break;
        }
      allocate_badge (self->badges[s], g->fan.x, y, width);
    }

  if (hash != self->layout_hash)
    {
      self->layout_hash = hash;
      g_signal_emit (self, signals[LAYOUT_CHANGED], 0);
    }

  {
    int w, h;

    gtk_widget_measure (self->pass_label, GTK_ORIENTATION_HORIZONTAL, -1, NULL, &w, NULL, NULL);
    gtk_widget_measure (self->pass_label, GTK_ORIENTATION_VERTICAL, w, NULL, &h, NULL, NULL);
    w = MAX (w, (int) self->pass_area.size.width);
    allocate_child (self->pass_label, width / 2.f - w / 2.f,
                    self->pass_area.origin.y - h - self->margin / 2, w, h);

    gtk_widget_measure (self->pass_button, GTK_ORIENTATION_HORIZONTAL, -1, NULL, &w, NULL, NULL);
    gtk_widget_measure (self->pass_button, GTK_ORIENTATION_VERTICAL, w, NULL, &h, NULL, NULL);
    allocate_child (self->pass_button, width / 2.f - w / 2.f,
                    self->pass_area.origin.y + self->pass_area.size.height + self->margin / 2, w, h);
  }
}

static void
hearts_table_measure (GtkWidget      *widget,
                      GtkOrientation  orientation,
                      int             for_size,
                      int            *minimum,
                      int            *natural,
                      int            *minimum_baseline,
                      int            *natural_baseline)
{
  HeartsTable *self = HEARTS_TABLE (widget);

  /* Children are placed by hand; only their sizes matter, and the table fits 360×500. */
  for (GtkWidget *child = gtk_widget_get_first_child (widget);
       child != NULL;
       child = gtk_widget_get_next_sibling (child))
    gtk_widget_measure (child, orientation, -1, NULL, NULL, NULL, NULL);

  (void) self;
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

/* Drawing */

static void
draw_card (HeartsTable            *self,
           GtkSnapshot            *snapshot,
           HeartsCard              card,
           const graphene_rect_t  *rect,
           float                   angle,
           float                   opacity)
{
  static const GdkRGBA shadow = { 0, 0, 0, 0.35f };
  int scale = gtk_widget_get_scale_factor (GTK_WIDGET (self));
  GdkTexture *texture;
  GskRoundedRect outline;
  graphene_rect_t local = GRAPHENE_RECT_INIT (-rect->size.width / 2, -rect->size.height / 2,
                                              rect->size.width, rect->size.height);

  if (self->theme == NULL || rect->size.width < 1)
    return;
  /* Always the hand's size: the theme renders one size, the GPU scales the rest. */
  texture = hearts_card_theme_get_texture (self->theme, card, (int) self->card_w, scale);
  if (texture == NULL)
    return;

  gtk_snapshot_save (snapshot);
  gtk_snapshot_translate (snapshot, &GRAPHENE_POINT_INIT (rect->origin.x + rect->size.width / 2,
                                                          rect->origin.y + rect->size.height / 2));
  if (angle != 0)
    gtk_snapshot_rotate (snapshot, angle);
  if (opacity < 1)
    gtk_snapshot_push_opacity (snapshot, opacity);
  gsk_rounded_rect_init_from_rect (&outline, &local, MAX (2, rect->size.width * 0.055f));
  gtk_snapshot_append_outset_shadow (snapshot, &outline, &shadow, 0, 1, 0, MAX (2, rect->size.width / 24));
  gtk_snapshot_append_texture (snapshot, texture, &local);
  if (opacity < 1)
    gtk_snapshot_pop (snapshot);
  gtk_snapshot_restore (snapshot);
}

static void
draw_fans (HeartsTable *self,
           GtkSnapshot *snapshot)
{
  guint n = n_players (self);

  if (self->game == NULL)
    return;

  for (guint s = 0; s < n; s++)
    {
      SeatGeometry *g = &self->seats[s];
      guint count;
      float step, extent;

      if (s == HUMAN_SEAT)
        continue;
      count = hearts_cards_count (hearts_game_get_hand (self->game, s));
      if (count == 0)
        continue;
      step = self->back_w * (g->vertical ? 0.16f : 0.2f);
      extent = step * (count - 1);
      for (guint i = 0; i < count; i++)
        {
          float off = -extent / 2 + i * step;
          graphene_point_t c = g->vertical ? GRAPHENE_POINT_INIT (g->fan.x, g->fan.y + off)
                                           : GRAPHENE_POINT_INIT (g->fan.x + off, g->fan.y);
          graphene_rect_t r = rect_centered (c, self->back_w, self->back_h);

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
  GskRoundedRect area;

  if (!human_may_pass (self))
    return;

  gsk_rounded_rect_init_from_rect (&area, &self->pass_area, self->card_w * 0.1f);
  gtk_snapshot_push_rounded_clip (snapshot, &area);
  gtk_snapshot_append_color (snapshot, &fill, &self->pass_area);
  gtk_snapshot_pop (snapshot);
  {
    const float w[4] = { 1.5f, 1.5f, 1.5f, 1.5f };
    const GdkRGBA c[4] = { line, line, line, line };

    gtk_snapshot_append_border (snapshot, &area, w, c);
  }
  for (guint i = 0; i < HEARTS_PASS_SIZE; i++)
    {
      GskRoundedRect slot;

      gsk_rounded_rect_init_from_rect (&slot, &self->slots[i], self->card_w * 0.055f);
      gtk_snapshot_push_rounded_clip (snapshot, &slot);
      gtk_snapshot_append_color (snapshot, &slot_fill, &self->slots[i]);
      gtk_snapshot_pop (snapshot);
    }
}

static void
shown_card_rect (HeartsTable     *self,
                 guint            index,
                 graphene_rect_t *rect,
                 float           *angle,
                 float           *opacity)
{
  ShownCard *shown = &self->shown[index];
  SeatGeometry *g = &self->seats[shown->seat];
  graphene_rect_t to = rect_centered (g->trick, self->card_w, self->card_h);

  *rect = to;
  *angle = g->angle;
  *opacity = 1;

  if (self->step != NULL && self->step->kind == STEP_PLAY && index == self->n_shown - 1)
    {
      double t = self->step_t;
      float from_angle = self->seats[shown->seat].vertical && shown->seat != HUMAN_SEAT ? 90 : 0;

      graphene_rect_interpolate (&shown->from, &to, t, rect);
      *angle = lerp (from_angle, g->angle, t);
    }
  else if (self->step != NULL && self->step->kind == STEP_COLLECT && self->collect_winner >= 0)
    {
      double pause = (double) BASE_PAUSE_MS / (BASE_PAUSE_MS + BASE_COLLECT_MS);
      double t = self->step_t <= pause ? 0 : (self->step_t - pause) / (1 - pause);
      SeatGeometry *w = &self->seats[self->collect_winner];
      graphene_rect_t dest = rect_centered (w->fan, self->back_w, self->back_h);

      t = 1 - pow (1 - t, 3);
      graphene_rect_interpolate (&to, &dest, t, rect);
      *opacity = 1 - t * 0.9;
    }
}

static void
hearts_table_snapshot (GtkWidget   *widget,
                       GtkSnapshot *snapshot)
{
  HeartsTable *self = HEARTS_TABLE (widget);
  gboolean moving = self->step != NULL && self->step->kind == STEP_PLAY;

  draw_fans (self, snapshot);
  draw_pass_area (self, snapshot);

  /* Cards at rest on the trick, under the hand. */
  for (guint i = 0; i < self->n_shown; i++)
    {
      graphene_rect_t r;
      float angle, opacity;

      if (moving && i == self->n_shown - 1)
        continue;
      shown_card_rect (self, i, &r, &angle, &opacity);
      draw_card (self, snapshot, self->shown[i].card, &r, angle, opacity);
    }

  for (GtkWidget *child = gtk_widget_get_first_child (widget);
       child != NULL;
       child = gtk_widget_get_next_sibling (child))
    if (child != GTK_WIDGET (self->drag_card) || !self->dragging)
      gtk_widget_snapshot_child (widget, child, snapshot);

  /* The card in flight goes over everything but the one being dragged. */
  if (moving && self->n_shown > 0)
    {
      graphene_rect_t r;
      float angle, opacity;

      shown_card_rect (self, self->n_shown - 1, &r, &angle, &opacity);
      draw_card (self, snapshot, self->shown[self->n_shown - 1].card, &r, angle, opacity);
    }

  if (self->drag_card != NULL && self->dragging)
    gtk_widget_snapshot_child (widget, GTK_WIDGET (self->drag_card), snapshot);
}

/* GObject */

static void
hearts_table_dispose (GObject *object)
{
  HeartsTable *self = HEARTS_TABLE (object);
  GtkWidget *child;

  clear_steps (self);
  g_clear_handle_id (&self->pass_idle_id, g_source_remove);
  g_clear_handle_id (&self->use_idle_id, g_source_remove);
  g_clear_object (&self->reflow);
  if (self->game_signals != NULL)
    g_signal_group_set_target (self->game_signals, NULL);
  g_clear_object (&self->game_signals);
  g_clear_object (&self->game);
  g_clear_object (&self->theme);
  if (self->hand != NULL)
    g_ptr_array_set_size (self->hand, 0);
  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self))) != NULL)
    gtk_widget_unparent (child);
  g_clear_pointer (&self->hand, g_ptr_array_unref);

  G_OBJECT_CLASS (hearts_table_parent_class)->dispose (object);
}

static void
hearts_table_get_property (GObject    *object,
                           guint       prop_id,
                           GValue     *value,
                           GParamSpec *pspec)
{
  HeartsTable *self = HEARTS_TABLE (object);

  switch (prop_id)
    {
    case PROP_GAME:
      g_value_set_object (value, self->game);
      break;
    case PROP_CARD_THEME:
      g_value_set_object (value, self->theme);
      break;
    case PROP_HIGHLIGHT_LEGAL:
      g_value_set_boolean (value, self->highlight_legal);
      break;
    case PROP_DOUBLE_CLICK:
      g_value_set_boolean (value, self->double_click);
      break;
    case PROP_ANIMATION_SPEED:
      g_value_set_double (value, self->animation_speed);
      break;
    case PROP_BUSY:
      g_value_set_boolean (value, self->busy);
      break;
    case PROP_N_CHOSEN:
      g_value_set_uint (value, self->n_chosen);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
hearts_table_set_property (GObject      *object,
                           guint         prop_id,
                           const GValue *value,
                           GParamSpec   *pspec)
{
  HeartsTable *self = HEARTS_TABLE (object);

  switch (prop_id)
    {
    case PROP_GAME:
      hearts_table_set_game (self, g_value_get_object (value));
      break;
    case PROP_CARD_THEME:
      hearts_table_set_card_theme (self, g_value_get_object (value));
      break;
    case PROP_HIGHLIGHT_LEGAL:
      hearts_table_set_highlight_legal (self, g_value_get_boolean (value));
      break;
    case PROP_DOUBLE_CLICK:
      hearts_table_set_double_click (self, g_value_get_boolean (value));
      break;
    case PROP_ANIMATION_SPEED:
      hearts_table_set_animation_speed (self, g_value_get_double (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
hearts_table_class_init (HeartsTableClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = hearts_table_dispose;
  object_class->get_property = hearts_table_get_property;
  object_class->set_property = hearts_table_set_property;

  widget_class->measure = hearts_table_measure;
  widget_class->size_allocate = hearts_table_size_allocate;
  widget_class->snapshot = hearts_table_snapshot;

  properties[PROP_GAME] =
    g_param_spec_object ("game", NULL, NULL, HEARTS_TYPE_GAME,
                         (G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));
  properties[PROP_CARD_THEME] =
    g_param_spec_object ("card-theme", NULL, NULL, HEARTS_TYPE_CARD_THEME,
                         (G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));
  properties[PROP_HIGHLIGHT_LEGAL] =
    g_param_spec_boolean ("highlight-legal", NULL, NULL, TRUE,
                          (G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));
  /* FALSE: a single click plays a card; TRUE: it takes a double click. */
  properties[PROP_DOUBLE_CLICK] =
    g_param_spec_boolean ("double-click", NULL, NULL, FALSE,
                          (G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));
  /* 1 is normal, 2 twice as fast. */
  properties[PROP_ANIMATION_SPEED] =
    g_param_spec_double ("animation-speed", NULL, NULL, 0.1, 10, 1,
                         (G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));
  properties[PROP_BUSY] =
    g_param_spec_boolean ("busy", NULL, NULL, FALSE,
                          (G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));
  properties[PROP_N_CHOSEN] =
    g_param_spec_uint ("n-chosen", NULL, NULL, 0, HEARTS_PASS_SIZE, 0,
                       (G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));
  g_object_class_install_properties (object_class, N_PROPS, properties);

  /**
   * HeartsTable::refused:
   * @message: why the move was refused, as a sentence
   */
  signals[REFUSED] =
    g_signal_new ("refused", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL, G_TYPE_NONE, 1, G_TYPE_STRING);

  /* Where the cards rest has changed (not emitted for animation frames). */
  signals[LAYOUT_CHANGED] =
    g_signal_new ("layout-changed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL, G_TYPE_NONE, 0);

  gtk_widget_class_install_action (widget_class, "table.pass", NULL, on_pass_clicked);

  gtk_widget_class_set_css_name (widget_class, "hearts-table");
  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_GROUP);
}

static void
hearts_table_init (HeartsTable *self)
{
  AdwAnimationTarget *target;

  self->highlight_legal = TRUE;
  self->animation_speed = 1;
  self->collect_winner = -1;
  self->reflow_t = 1;
  self->hand = g_ptr_array_new ();
  g_queue_init (&self->steps);

  for (guint s = 0; s < HEARTS_MAX_PLAYERS; s++)
    {
      self->badges[s] = gtk_box_new (GTK_ORIENTATION_VERTICAL, 0);
      gtk_widget_add_css_class (self->badges[s], "seat");
      gtk_accessible_update_property (GTK_ACCESSIBLE (self->badges[s]),
                                      GTK_ACCESSIBLE_PROPERTY_LABEL, "", -1);
      self->names[s] = gtk_label_new (NULL);
      gtk_widget_add_css_class (self->names[s], "seat-name");
      self->infos[s] = gtk_label_new (NULL);
      gtk_widget_add_css_class (self->infos[s], "seat-info");
      gtk_box_append (GTK_BOX (self->badges[s]), self->names[s]);
      gtk_box_append (GTK_BOX (self->badges[s]), self->infos[s]);
      gtk_widget_set_parent (self->badges[s], GTK_WIDGET (self));
      gtk_widget_set_visible (self->badges[s], FALSE);
    }

  self->pass_label = gtk_label_new (NULL);
  gtk_widget_add_css_class (self->pass_label, "pass-title");
  gtk_widget_set_parent (self->pass_label, GTK_WIDGET (self));
  gtk_widget_set_visible (self->pass_label, FALSE);

  self->pass_button = gtk_button_new_with_mnemonic (_("_Pass Cards"));
  gtk_actionable_set_action_name (GTK_ACTIONABLE (self->pass_button), "table.pass");
  gtk_widget_add_css_class (self->pass_button, "suggested-action");
  gtk_widget_add_css_class (self->pass_button, "pill");
  gtk_widget_set_parent (self->pass_button, GTK_WIDGET (self));
  gtk_widget_set_opacity (self->pass_button, 0);
  gtk_widget_set_can_target (self->pass_button, FALSE);
  gtk_widget_set_can_focus (self->pass_button, FALSE);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "table.pass", FALSE);

  target = adw_callback_animation_target_new (on_reflow_value, self, NULL);
  self->reflow = adw_timed_animation_new (GTK_WIDGET (self), 0, 1, BASE_REFLOW_MS, target);
  g_signal_connect_swapped (self->reflow, "done", G_CALLBACK (on_reflow_done), self);
  adw_timed_animation_set_easing (ADW_TIMED_ANIMATION (self->reflow), ADW_EASE_OUT_CUBIC);

  self->game_signals = g_signal_group_new (HEARTS_TYPE_GAME);
  g_signal_group_connect (self->game_signals, "card-played", G_CALLBACK (on_card_played), self);
  g_signal_group_connect (self->game_signals, "trick-finished", G_CALLBACK (on_trick_finished), self);
  g_signal_group_connect (self->game_signals, "hand-started", G_CALLBACK (on_hand_started), self);
  g_signal_group_connect (self->game_signals, "changed", G_CALLBACK (on_game_changed), self);

  gtk_accessible_update_property (GTK_ACCESSIBLE (self),
                                  GTK_ACCESSIBLE_PROPERTY_LABEL, _("Card table"), -1);
}

/* Public API */

GtkWidget *
hearts_table_new (void)
{
  return g_object_new (HEARTS_TYPE_TABLE, NULL);
}

HeartsGame *
hearts_table_get_game (HeartsTable *self)
{
  g_return_val_if_fail (HEARTS_IS_TABLE (self), NULL);
  return self->game;
}

void
hearts_table_set_game (HeartsTable *self,
                       HeartsGame  *game)
{
  g_return_if_fail (HEARTS_IS_TABLE (self));
  g_return_if_fail (game == NULL || HEARTS_IS_GAME (game));

  if (!g_set_object (&self->game, game))
    return;

  g_signal_group_set_target (self->game_signals, game);
  hearts_table_reset (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_GAME]);
}

HeartsCardTheme *
hearts_table_get_card_theme (HeartsTable *self)
{
  g_return_val_if_fail (HEARTS_IS_TABLE (self), NULL);
  return self->theme;
}

void
hearts_table_set_card_theme (HeartsTable     *self,
                             HeartsCardTheme *theme)
{
  g_return_if_fail (HEARTS_IS_TABLE (self));

  if (!g_set_object (&self->theme, theme))
    return;

  for (guint i = 0; i < self->hand->len; i++)
    hearts_card_widget_set_theme (g_ptr_array_index (self->hand, i), theme);
  gtk_widget_queue_allocate (GTK_WIDGET (self));
  gtk_widget_queue_draw (GTK_WIDGET (self));
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_CARD_THEME]);
}

gboolean
hearts_table_get_highlight_legal (HeartsTable *self)
{
  g_return_val_if_fail (HEARTS_IS_TABLE (self), FALSE);
  return self->highlight_legal;
}

void
hearts_table_set_highlight_legal (HeartsTable *self,
                                  gboolean     highlight)
{
  g_return_if_fail (HEARTS_IS_TABLE (self));

  highlight = !!highlight;
  if (self->highlight_legal == highlight)
    return;
  self->highlight_legal = highlight;
  update_card_states (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_HIGHLIGHT_LEGAL]);
}

gboolean
hearts_table_get_double_click (HeartsTable *self)
{
  g_return_val_if_fail (HEARTS_IS_TABLE (self), FALSE);
  return self->double_click;
}

void
hearts_table_set_double_click (HeartsTable *self,
                               gboolean     double_click)
{
  g_return_if_fail (HEARTS_IS_TABLE (self));

  double_click = !!double_click;
  if (self->double_click == double_click)
    return;
  self->double_click = double_click;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_DOUBLE_CLICK]);
}

double
hearts_table_get_animation_speed (HeartsTable *self)
{
  g_return_val_if_fail (HEARTS_IS_TABLE (self), 1);
  return self->animation_speed;
}

void
hearts_table_set_animation_speed (HeartsTable *self,
                                  double       speed)
{
  g_return_if_fail (HEARTS_IS_TABLE (self));

  speed = CLAMP (speed, 0.1, 10);
  if (self->animation_speed == speed)
    return;
  self->animation_speed = speed;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_ANIMATION_SPEED]);
}

const char *
hearts_table_get_player_name (HeartsTable *self,
                              guint        seat)
{
  g_return_val_if_fail (HEARTS_IS_TABLE (self), NULL);
  g_return_val_if_fail (seat < n_players (self), NULL);
  return seat_name (self, seat);
}

gboolean
hearts_table_get_busy (HeartsTable *self)
{
  g_return_val_if_fail (HEARTS_IS_TABLE (self), FALSE);
  return self->busy;
}

void
hearts_table_finish_animations (HeartsTable *self)
{
  g_return_if_fail (HEARTS_IS_TABLE (self));

  /* Each skip ends one step and starts the next. */
  while (self->step_animation != NULL)
    adw_animation_skip (self->step_animation);
  if (self->reflow_t < 1)
    adw_animation_skip (self->reflow);
}

void
hearts_table_reset (HeartsTable *self)
{
  g_return_if_fail (HEARTS_IS_TABLE (self));

  clear_steps (self);
  self->n_chosen = 0;
  self->hint = 0;
  self->received = 0;
  self->drag_card = NULL;
  self->dragging = FALSE;
  self->human_played = FALSE;

  /* After an undo the human may or may not have played already in this hand. */
  if (self->game != NULL && hearts_game_get_phase (self->game) == HEARTS_PHASE_PLAYING)
    {
      const HeartsDeal *deal = hearts_game_get_deal (self->game);

      for (guint i = 0; i < deal->n_plays; i++)
        if (hearts_deal_get_play_seat (deal, i) == HUMAN_SEAT)
          self->human_played = TRUE;
    }

  sync_from_game (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_N_CHOSEN]);
}

void
hearts_table_set_hint (HeartsTable *self,
                       HeartsCards  cards)
{
  g_return_if_fail (HEARTS_IS_TABLE (self));

  self->hint = cards;
  update_card_states (self);
  start_reflow (self);
}

HeartsCards
hearts_table_get_chosen (HeartsTable *self)
{
  HeartsCards cards = 0;

  g_return_val_if_fail (HEARTS_IS_TABLE (self), 0);

  for (guint i = 0; i < self->n_chosen; i++)
    cards |= HEARTS_CARD_BIT (self->chosen[i]);
  return cards;
}

gboolean
hearts_table_pass (HeartsTable *self)
{
  HeartsRefusal refusal = HEARTS_REFUSAL_NONE;
  HeartsCards cards;

  g_return_val_if_fail (HEARTS_IS_TABLE (self), FALSE);

  if (self->game == NULL)
    return FALSE;

  cards = hearts_table_get_chosen (self);
  if (!hearts_game_pass (self->game, HUMAN_SEAT, cards, &refusal))
    {
      refuse (self, refusal);
      return FALSE;
    }
  return TRUE;
}

static GVariant *
rect_variant (const graphene_point_t *origin,
              const graphene_rect_t  *rect)
{
  return g_variant_new ("(iiii)",
                        (gint) roundf (origin->x + rect->origin.x),
                        (gint) roundf (origin->y + rect->origin.y),
                        (gint) roundf (rect->size.width), (gint) roundf (rect->size.height));
}

GVariant *
hearts_table_describe (HeartsTable *self)
{
  GVariantBuilder b, hand;
  g_autofree char *chosen = NULL;
  g_autofree char *hint = NULL;
  g_autofree char *legal = NULL;
  GtkNative *native;
  graphene_point_t origin = GRAPHENE_POINT_INIT (0, 0);
  graphene_rect_t table, trick, button;

  g_return_val_if_fail (HEARTS_IS_TABLE (self), NULL);

  /* Surface coordinates: what xdotool calls window coordinates. */
  native = gtk_widget_get_native (GTK_WIDGET (self));
  if (native != NULL)
    {
      double sx = 0, sy = 0;

      if (!gtk_widget_compute_point (GTK_WIDGET (self), GTK_WIDGET (native),
                                     &GRAPHENE_POINT_INIT (0, 0), &origin))
        origin = GRAPHENE_POINT_INIT (0, 0);
      gtk_native_get_surface_transform (native, &sx, &sy);
      origin.x += sx;
      origin.y += sy;
    }

  /* Where each card rests, not where an animation has it now, and as the game is
   * now even if no frame has been laid out since. */
  compute_layout (self, gtk_widget_get_width (GTK_WIDGET (self)), gtk_widget_get_height (GTK_WIDGET (self)));
  compute_targets (self, gtk_widget_get_width (GTK_WIDGET (self)));
  g_variant_builder_init (&hand, G_VARIANT_TYPE ("a(s(iiii))"));
  for (guint i = 0; i < self->hand->len; i++)
    {
      HeartsCard c = hearts_card_widget_get_card (g_ptr_array_index (self->hand, i));
      graphene_rect_t r = GRAPHENE_RECT_INIT (self->card_target[c].x, self->card_target[c].y,
                                              self->card_w, self->card_h);

      g_variant_builder_add (&hand, "(s@(iiii))", hearts_card_to_string (c), rect_variant (&origin, &r));
    }

  chosen = hearts_cards_to_string (hearts_table_get_chosen (self));
  hint = hearts_cards_to_string (self->hint);
  legal = hearts_cards_to_string (self->game != NULL ? hearts_game_get_legal (self->game, HUMAN_SEAT) : 0);
  table = GRAPHENE_RECT_INIT (0, 0, gtk_widget_get_width (GTK_WIDGET (self)),
                              gtk_widget_get_height (GTK_WIDGET (self)));
  trick = rect_centered (self->center, self->card_w * 2, self->card_h * 1.5f);

  g_variant_builder_init (&b, G_VARIANT_TYPE_VARDICT);
  g_variant_builder_add (&b, "{sv}", "hand", g_variant_builder_end (&hand));
  g_variant_builder_add (&b, "{sv}", "chosen", g_variant_new_string (chosen));
  g_variant_builder_add (&b, "{sv}", "hint", g_variant_new_string (hint));
  g_variant_builder_add (&b, "{sv}", "legal", g_variant_new_string (legal));
  g_variant_builder_add (&b, "{sv}", "n-trick", g_variant_new_uint32 (self->n_shown));
  g_variant_builder_add (&b, "{sv}", "busy", g_variant_new_boolean (self->busy));
  g_variant_builder_add (&b, "{sv}", "moving", g_variant_new_boolean (self->reflow_t < 1));
  g_variant_builder_add (&b, "{sv}", "table", rect_variant (&origin, &table));
  g_variant_builder_add (&b, "{sv}", "trick", rect_variant (&origin, &trick));
  g_variant_builder_add (&b, "{sv}", "pass-area", rect_variant (&origin, &self->pass_area));
  if (human_may_pass (self) &&
      gtk_widget_compute_bounds (self->pass_button, GTK_WIDGET (self), &button))
    g_variant_builder_add (&b, "{sv}", "pass-button", rect_variant (&origin, &button));
  return g_variant_builder_end (&b);
}
