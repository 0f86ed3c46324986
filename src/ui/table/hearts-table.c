/* hearts-table.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>

#include "hearts-format.h"
#include "hearts-model-enums.h"
#include "hearts-score-sheet.h"
#include "hearts-seat-names.h"
#include "hearts-table-private.h"

/* The table shows a HeartsSeatView. What it draws (the hands, the trick, the piles,
 * the scores) is the state its HeartsEventQueue shows, a step behind the view while
 * cards move; what the player may do is the view's state now. */

G_DEFINE_FINAL_TYPE (HeartsTable, hearts_table, GTK_TYPE_WIDGET)

enum
{
  PROP_0,
  PROP_SEAT_VIEW,
  PROP_CARD_THEME,
  PROP_HIGHLIGHT_LEGAL,
  PROP_DOUBLE_CLICK,
  PROP_ANIMATION_SPEED,
  PROP_HAND_SORT,
  PROP_PILES_ACTIVATABLE,
  PROP_BUSY,
  PROP_N_CHOSEN,
  N_PROPS
};

enum
{
  REFUSED,
  LAYOUT_CHANGED,
  EVENT_SHOWN,
  N_SIGNALS
};

static GParamSpec *properties[N_PROPS];
static guint       signals[N_SIGNALS];

/* Geometry helpers */

guint
_hearts_table_n_players (HeartsTable *self)
{
  return self->view != NULL ? hearts_seat_view_get_n_players (self->view) : 4;
}

guint
_hearts_table_own_seat (HeartsTable *self)
{
  return self->view != NULL ? hearts_seat_view_get_seat (self->view) : 0;
}

const HeartsSeatState *
_hearts_table_shown (HeartsTable *self)
{
  return hearts_event_queue_get_shown (self->queue);
}

HeartsSpot
_hearts_table_seat_spot (HeartsTable *self,
                         guint        seat)
{
  return hearts_seat_spot (_hearts_table_n_players (self), _hearts_table_own_seat (self), seat);
}

static const char *
seat_name (HeartsTable *self,
           guint        seat)
{
  return hearts_seat_name (self->view, seat);
}

guint
_hearts_table_animation_ms (HeartsTable *self,
                            guint        base)
{
  return hearts_event_queue_scale_ms (self->queue, base);
}

/* The hand's order: suits alternate in colour (the cards' own order), ranks run as
 * the player chose. */
static guint
hand_position (HeartsTable *self,
               HeartsCard   card)
{
  guint rank = HEARTS_CARD_RANK (card);

  if (self->hand_sort == HEARTS_HAND_SORT_DESCENDING)
    rank = 15 - rank;
  return HEARTS_CARD_SUIT (card) * 16 + rank;
}

static gint
compare_hand_cards (gconstpointer a,
                    gconstpointer b,
                    gpointer      user_data)
{
  HeartsTable *self = user_data;
  HeartsCard   ca = hearts_card_widget_get_card (*(HeartsCardWidget **) a);
  HeartsCard   cb = hearts_card_widget_get_card (*(HeartsCardWidget **) b);

  return (gint) hand_position (self, ca) - (gint) hand_position (self, cb);
}

static guint
hand_in_order (HeartsTable *self,
               HeartsCards  hand,
               HeartsCard   cards[64])
{
  HeartsCard card;
  guint      n = 0;

  HEARTS_CARDS_FOREACH (card, hand)
    cards[n++] = card;
  if (self->hand_sort == HEARTS_HAND_SORT_DESCENDING)
    for (guint i = 0; i < n;)
      {
        guint end = i;

        /* Each suit's run, reversed in place. */
        while (end < n && HEARTS_CARD_SUIT (cards[end]) == HEARTS_CARD_SUIT (cards[i]))
          end++;
        for (guint a = i, b = end - 1; a < b; a++, b--)
          {
            HeartsCard t = cards[a];

            cards[a] = cards[b];
            cards[b] = t;
          }
        i = end;
      }
  return n;
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

gint
_hearts_table_chosen_index (HeartsTable *self,
                            HeartsCard   card)
{
  for (guint i = 0; i < self->n_chosen; i++)
    if (self->chosen[i] == card)
      return i;
  return -1;
}

gboolean
_hearts_table_human_may_pass (HeartsTable *self)
{
  return self->view != NULL && hearts_seat_view_get_phase (self->view) == HEARTS_PHASE_PASSING &&
         hearts_seat_view_get_own_turn (self->view);
}

static gboolean
is_busy (HeartsTable *self)
{
  return hearts_event_queue_get_busy (self->queue);
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
void
_hearts_table_start_reflow (HeartsTable *self)
{
  for (guint c = 0; c < 64; c++)
    self->geo->card_from[c] = self->geo->card_at[c];

  self->reflow_t = 0;
  adw_timed_animation_set_duration (ADW_TIMED_ANIMATION (self->reflow),
                                    _hearts_table_animation_ms (self, BASE_REFLOW_MS));
  adw_animation_reset (self->reflow);
  adw_animation_play (self->reflow);
  gtk_widget_queue_allocate (GTK_WIDGET (self));
}

/* The card focus goes to in the hand: the one it was last on if still held, else
 * the first card that may be played. */
static HeartsCardWidget *
roving_card (HeartsTable *self)
{
  HeartsCardWidget *playable = NULL;

  if (self->hand->len == 0)
    return NULL;
  for (guint i = 0; i < self->hand->len; i++)
    {
      HeartsCardWidget *w = g_ptr_array_index (self->hand, i);

      if (hearts_card_widget_get_card (w) == self->focus_card)
        return w;
      if (playable == NULL && hearts_card_widget_get_playable (w))
        playable = w;
    }
  return playable != NULL ? playable : g_ptr_array_index (self->hand, 0);
}

/* The hand is one Tab stop: only one card at a time takes focus from Tab, the arrow
 * keys move within it. */
static void
update_roving (HeartsTable *self)
{
  HeartsCardWidget *roving = roving_card (self);

  for (guint i = 0; i < self->hand->len; i++)
    {
      GtkWidget *w = g_ptr_array_index (self->hand, i);

      gtk_widget_set_focusable (w, w == GTK_WIDGET (roving));
    }
}

/* Tab goes from the hand to Pass Cards and Shift+Tab back, wherever they are drawn.
 * GTK orders Tab stops by their places, and those move: a chosen card is below the
 * button until the frame that lifts it, and the rest of the hand stays below it. */
static gboolean
hearts_table_focus (GtkWidget        *widget,
                    GtkDirectionType  direction)
{
  HeartsTable *self = HEARTS_TABLE (widget);
  GtkWidget   *stops[] = { GTK_WIDGET (roving_card (self)), self->pass_button };
  GtkWidget   *from = gtk_widget_get_focus_child (widget);
  gint         step = direction == GTK_DIR_TAB_FORWARD ? 1 : -1;
  gint         i;

  if (direction != GTK_DIR_TAB_FORWARD && direction != GTK_DIR_TAB_BACKWARD)
    return GTK_WIDGET_CLASS (hearts_table_parent_class)->focus (widget, direction);

  if (from == NULL)
    i = step > 0 ? 0 : G_N_ELEMENTS (stops) - 1;
  else
    i = (from == self->pass_button ? 1 : 0) + step;
  for (; i >= 0 && i < (gint) G_N_ELEMENTS (stops); i += step)
    if (stops[i] != NULL && gtk_widget_child_focus (stops[i], direction))
      return TRUE;
  return FALSE;
}

void
_hearts_table_set_focus_card (HeartsTable      *self,
                              HeartsCardWidget *card)
{
  self->focus_card = hearts_card_widget_get_card (card);
  if (_hearts_table_chosen_index (self, self->focus_card) < 0)
    self->row_card = self->focus_card;
  update_roving (self);
}

/* The cards passed to the player, marked in the hand until it plays a card (at once,
 * not when the table shows the play). */
static HeartsCards
shown_received (HeartsTable *self)
{
  const HeartsSeatState *shown = _hearts_table_shown (self);

  if (shown == NULL || hearts_seat_state_get_phase (shown) != HEARTS_PHASE_PLAYING ||
      hearts_seat_state_has_played (hearts_seat_view_get_state (self->view), hearts_seat_state_get_seat (shown)))
    return 0;
  return hearts_seat_state_get_received (shown);
}

static void
update_card_states (HeartsTable *self)
{
  HeartsCards legal = 0;
  HeartsCards received = shown_received (self);
  gboolean    passing = _hearts_table_human_may_pass (self);

  if (self->view != NULL)
    legal = hearts_seat_state_get_legal (hearts_seat_view_get_state (self->view));

  for (guint i = 0; i < self->hand->len; i++)
    {
      HeartsCardWidget *w = g_ptr_array_index (self->hand, i);
      HeartsCard        card = hearts_card_widget_get_card (w);

      hearts_card_widget_set_selected (w, _hearts_table_chosen_index (self, card) >= 0);
      hearts_card_widget_set_playable (w, passing || hearts_cards_has (legal, card));
      hearts_card_widget_set_dim_unplayable (w, self->highlight_legal && legal != 0);
      hearts_card_widget_set_received (w, hearts_cards_has (received, card));
      hearts_card_widget_set_hinted (w, hearts_cards_has (self->hint, card));
    }
  update_roving (self);
}

/* Makes the hand widgets match the game's hand, keeping the ones that stay. */
static void
sync_hand (HeartsTable *self)
{
  HeartsCards hand = 0;
  gboolean    changed = FALSE;
  gboolean    had_focus = FALSE;
  gboolean    focus_visible = FALSE;
  guint       focus_index = 0;
  GtkRoot    *root = gtk_widget_get_root (GTK_WIDGET (self));

  if (GTK_IS_WINDOW (root))
    focus_visible = gtk_window_get_focus_visible (GTK_WINDOW (root));
  /* A card leaves the hand when the table shows its play, or when it is let go. */
  if (_hearts_table_shown (self) != NULL)
    hand = hearts_seat_state_get_hand (_hearts_table_shown (self));
  if (self->let_go != HEARTS_NO_CARD)
    hand &= ~HEARTS_CARD_BIT (self->let_go);
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
          self->geo->has_pos &= ~HEARTS_CARD_BIT (hearts_card_widget_get_card (HEARTS_CARD_WIDGET (w)));
          gtk_widget_unparent (w);
          g_ptr_array_remove_index (self->hand, i - 1);
          changed = TRUE;
        }
    }

  {
    HeartsCard order[64];
    guint      n = hand_in_order (self, hand, order);
    guint      i = 0;

    for (guint k = 0; k < n; k++)
      {
        HeartsCard        card = order[k];
        GtkWidget        *w;
        HeartsCardWidget *existing = i < self->hand->len ? g_ptr_array_index (self->hand, i) : NULL;

        if (existing != NULL && hearts_card_widget_get_card (existing) == card)
          {
            i++;
            continue;
          }

        w = hearts_card_widget_new (card, self->theme);
        _hearts_table_add_card_gestures (self, w);
        /* Children are drawn in order: later cards overlap earlier ones. */
        if (existing != NULL)
          gtk_widget_insert_before (w, GTK_WIDGET (self), GTK_WIDGET (existing));
        else
          gtk_widget_insert_before (w, GTK_WIDGET (self), self->pass_label);
        g_ptr_array_insert (self->hand, i, w);

        /* A received card comes in from the seat that passed it. */
        if (hearts_cards_has (shown_received (self), card))
          {
            const HeartsSeatState *shown = _hearts_table_shown (self);
            guint                  from = hearts_rules_pass_source (hearts_seat_state_get_rules (shown),
                                                                    hearts_seat_state_get_pass_direction (shown),
                                                                    hearts_seat_state_get_seat (shown));
            graphene_point_t c = self->geo->seats[from].fan;

            self->geo->card_at[card] = GRAPHENE_POINT_INIT (c.x - self->geo->card_w / 2, c.y - self->geo->card_h / 2);
            self->geo->has_pos |= HEARTS_CARD_BIT (card);
          }
        i++;
        changed = TRUE;
      }
  }

  /* The card after the one that left takes the focus, with its ring still showing. */
  if (had_focus && self->hand->len > 0)
    {
      HeartsCardWidget *next = g_ptr_array_index (self->hand, MIN (focus_index, self->hand->len - 1));

      _hearts_table_set_focus_card (self, next);
      gtk_widget_grab_focus (GTK_WIDGET (next));
      if (GTK_IS_WINDOW (root) && focus_visible)
        gtk_window_set_focus_visible (GTK_WINDOW (root), TRUE);
    }
  else if (had_focus && root != NULL)
    /* The last card is gone: GTK 4.8 would keep the focus on the unparented card. */
    gtk_root_set_focus (root, NULL);

  update_card_states (self);
  if (changed)
    _hearts_table_start_reflow (self);
}

/* Labels */

static gboolean
is_you (HeartsTable *self,
        guint        seat)
{
  return seat == _hearts_table_own_seat (self) && g_strcmp0 (seat_name (self, seat), _("You")) == 0;
}

/* The plate shows the points taken this hand (as the pile shows them) apart from the
 * game's total; a screen reader hears the tricks too. */
static void
update_plate (HeartsTable *self,
              guint        seat)
{
  const HeartsSeatState *shown = _hearts_table_shown (self);
  gint             points = hearts_seat_state_count_points (shown, hearts_point_pile_get_cards (self->piles[seat]));
  gint             total = hearts_seat_state_get_total (shown, seat);
  guint            tricks = hearts_seat_state_get_tricks_won (shown, seat);
  g_autofree char *points_text = hearts_format_points (points);
  g_autofree char *total_text = hearts_format_points (total);
  g_autofree char *hand = NULL;
  g_autofree char *game = NULL;
  g_autofree char *info = NULL;
  g_autofree char *spoken_points = NULL;
  g_autofree char *spoken_total = NULL;
  g_autofree char *spoken_tricks = NULL;
  g_autofree char *description = NULL;

  /* Translators: %s is a number of points, as "7" or "−10"; the plate reads
   * "7 this hand · 42 total" */
  hand = g_strdup_printf (g_dngettext (NULL, "%s this hand", "%s this hand", ABS (points)), points_text);
  /* Translators: %s is a number of points: the game's total, as "42" */
  game = g_strdup_printf (g_dngettext (NULL, "%s total", "%s total", ABS (total)), total_text);
  /* Translators: a seat's points in this hand, then its game total: "7 this hand · 42 total" */
  info = g_strdup_printf (_("%s · %s"), hand, game);

  /* Translators: for a screen reader: "7 points this hand" */
  spoken_points = g_strdup_printf (g_dngettext (NULL, "%s point this hand", "%s points this hand", ABS (points)),
                                   points_text);
  /* Translators: for a screen reader: the game total, "42 in total" */
  spoken_total = g_strdup_printf (g_dngettext (NULL, "%s in total", "%s in total", ABS (total)), total_text);
  spoken_tricks = g_strdup_printf (g_dngettext (NULL, "%u trick", "%u tricks", tricks), tricks);
  /* Translators: for a screen reader: "7 points this hand, 42 in total, 3 tricks" */
  description = g_strdup_printf (_("%s, %s, %s"), spoken_points, spoken_total, spoken_tricks);

  hearts_seat_plate_set_player_name (self->plates[seat], seat_name (self, seat));
  hearts_seat_plate_set_info (self->plates[seat], info);
  hearts_seat_plate_set_description (self->plates[seat], description);
}

/* The piles show the scoring cards each seat has taken, as shown: a trick joins its
 * winner's pile once it has flown there. */
static void
sync_piles (HeartsTable *self)
{
  const HeartsSeatState *shown = _hearts_table_shown (self);
  guint                  n = _hearts_table_n_players (self);

  for (guint s = 0; s < HEARTS_MAX_PLAYERS; s++)
    hearts_point_pile_set_cards (self->piles[s], shown != NULL && s < n ? hearts_seat_state_get_points_taken (shown, s) : 0);
}

/* "Q♠", "10♥": a card as the felt shows it in a line of text. */
static char *
card_short_name (HeartsCard card)
{
  const char *rank;

  switch (HEARTS_CARD_RANK (card))
    {
    case HEARTS_RANK_JACK:
      /* Translators: the rank of a Jack, as on the card's corner */
      rank = C_("card rank", "J");
      break;
    case HEARTS_RANK_QUEEN:
      /* Translators: the rank of a Queen, as on the card's corner */
      rank = C_("card rank", "Q");
      break;
    case HEARTS_RANK_KING:
      /* Translators: the rank of a King, as on the card's corner */
      rank = C_("card rank", "K");
      break;
    case HEARTS_RANK_ACE:
      /* Translators: the rank of an Ace, as on the card's corner */
      rank = C_("card rank", "A");
      break;
    default:
      return g_strdup_printf ("%u%s", HEARTS_CARD_RANK (card) + 2, hearts_suit_get_symbol (HEARTS_CARD_SUIT (card)));
    }
  return g_strconcat (rank, hearts_suit_get_symbol (HEARTS_CARD_SUIT (card)), NULL);
}

/* Who passed to the human this hand, or that nobody did: shown where the pass was
 * chosen until the human plays a card. @spoken gets the same with the cards' names. */
static char *
pass_notice (HeartsTable *self,
             char       **spoken)
{
  const HeartsSeatState *shown = _hearts_table_shown (self);
  HeartsPassDirection    dir;
  HeartsCards            received;
  guint                  from;
  g_autoptr(GString) cards = NULL;
  g_autofree char *names = NULL;
  HeartsCard       card;

  *spoken = NULL;
  /* Until the player plays a card: at once, not when the table shows the play. */
  if (shown == NULL || hearts_seat_state_get_phase (shown) != HEARTS_PHASE_PLAYING ||
      hearts_seat_state_has_played (hearts_seat_view_get_state (self->view), hearts_seat_state_get_seat (shown)))
    return NULL;

  dir = hearts_seat_state_get_pass_direction (shown);
  if (dir == HEARTS_PASS_HOLD)
    {
      *spoken = g_strdup (_("No passing this hand"));
      return g_strdup (*spoken);
    }
  received = hearts_seat_state_get_received (shown);
  if (received == 0)
    return NULL;

  from = hearts_rules_pass_source (hearts_seat_state_get_rules (shown), dir, hearts_seat_state_get_seat (shown));
  cards = g_string_new (NULL);
  HEARTS_CARDS_FOREACH (card, received)
    {
      g_autofree char *name = card_short_name (card);

      if (cards->len > 0)
        g_string_append (cards, "  ");
      g_string_append (cards, name);
    }
  names = hearts_cards_get_names (received);
  /* Translators: a player's name, then a list of cards */
  *spoken = g_strdup_printf (_("Passed to you by %s: %s"), seat_name (self, from), names);
  /* Translators: a player's name, then the cards in short, as "2♣  7♥  Q♠" */
  return g_strdup_printf (_("Passed to you by %s: %s"), seat_name (self, from), cards->str);
}

void
_hearts_table_update_labels (HeartsTable *self)
{
  const HeartsSeatState *shown = _hearts_table_shown (self);
  guint    n = _hearts_table_n_players (self);
  gint     current = shown != NULL ? hearts_seat_state_get_current_player (shown) : -1;
  gint     collector = _hearts_table_collector (self);
  gboolean passing = _hearts_table_human_may_pass (self);
  HeartsCard trick[HEARTS_MAX_PLAYERS];
  guint    leader = 0;
  guint    n_trick = shown != NULL ? hearts_seat_state_get_table (shown, trick, &leader) : 0;
  g_autoptr(GString) description = g_string_new (NULL);
  g_autofree char *spoken = NULL;
  g_autofree char *notice = pass_notice (self, &spoken);

  for (guint s = 0; s < HEARTS_MAX_PLAYERS; s++)
    {
      HeartsCards pile = hearts_point_pile_get_cards (self->piles[s]);

      gtk_widget_set_visible (GTK_WIDGET (self->plates[s]), s < n && shown != NULL);
      gtk_widget_set_visible (GTK_WIDGET (self->piles[s]), s < n && shown != NULL && pile != 0);
      if (s >= n || shown == NULL)
        continue;

      update_plate (self, s);
      hearts_point_pile_set_owner (self->piles[s], seat_name (self, s), is_you (self, s));
      /* The winner of the trick being collected leads next: its plate lights up at once. */
      hearts_seat_plate_set_current (self->plates[s],
                                     ((gint) s == current && !is_busy (self)) || (gint) s == collector);
    }

  gtk_widget_set_visible (self->pass_label, passing || notice != NULL);
  /* Hidden by fading, not unmapped: X11 stops delivering presses to the table when the
   * button under the pointer is unmapped by its own click (GTK 4.8). */
  gtk_widget_set_opacity (self->pass_button, passing ? 1 : 0);
  gtk_widget_set_can_target (self->pass_button, passing);
  gtk_widget_set_can_focus (self->pass_button, passing);
  if (passing)
    {
      guint            target = hearts_rules_pass_target (hearts_seat_state_get_rules (shown),
                                                          hearts_seat_state_get_pass_direction (shown),
                                                          hearts_seat_state_get_seat (shown));
      g_autofree char *text = g_strdup_printf (_("Pass to %s"), seat_name (self, target));

      gtk_label_set_label (GTK_LABEL (self->pass_label), text);
      gtk_accessible_update_property (GTK_ACCESSIBLE (self->pass_label), GTK_ACCESSIBLE_PROPERTY_LABEL, text, -1);
    }
  else if (notice != NULL)
    {
      gtk_label_set_label (GTK_LABEL (self->pass_label), notice);
      gtk_accessible_update_property (GTK_ACCESSIBLE (self->pass_label), GTK_ACCESSIBLE_PROPERTY_LABEL, spoken, -1);
    }
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "table.pass",
                                 passing && self->n_chosen == HEARTS_PASS_SIZE);

  /* A screen reader reads the trick from the table's description. */
  for (guint i = 0; i < n_trick; i++)
    {
      g_autofree char *name = hearts_card_get_name (trick[i]);

      if (description->len > 0)
        g_string_append (description, ", ");
      /* Translators: who played what in the current trick: "West: Two of Clubs" */
      g_string_append_printf (description, _("%s: %s"), seat_name (self, (leader + i) % n), name);
    }
  gtk_accessible_update_property (GTK_ACCESSIBLE (self),
                                  GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, description->str,
                                  -1);
}

/* Focus and what is said */

static const char *
suit_name (HeartsSuit suit)
{
  switch (suit)
    {
    case HEARTS_SUIT_CLUBS:
      return _("clubs");
    case HEARTS_SUIT_DIAMONDS:
      return _("diamonds");
    case HEARTS_SUIT_SPADES:
      return _("spades");
    case HEARTS_SUIT_HEARTS:
    default:
      return _("hearts");
    }
}

/* What the player is to do now, and with what. */
static void
announce_turn (HeartsTable *self)
{
  const HeartsSeatState *state = hearts_seat_view_get_state (self->view);
  guint                  seat = hearts_seat_state_get_seat (state);
  g_autofree char       *text = NULL;

  /* Once, even when a new hand or an undo brings the same turn round again. */
  if (self->turn_said)
    return;

  if (hearts_seat_state_get_phase (state) == HEARTS_PHASE_PASSING)
    {
      guint target = hearts_rules_pass_target (hearts_seat_state_get_rules (state),
                                               hearts_seat_state_get_pass_direction (state), seat);

      /* Translators: %s is a player's name */
      text = g_strdup_printf (_("Choose three cards to pass to %s"), seat_name (self, target));
    }
  else
    {
      HeartsCard  trick[HEARTS_MAX_PLAYERS];
      guint       n = hearts_seat_state_get_table (state, trick, NULL);
      HeartsCards legal = hearts_seat_state_get_legal (state);
      HeartsSuit  led = n > 0 ? HEARTS_CARD_SUIT (trick[0]) : HEARTS_SUIT_CLUBS;

      if (n == 0)
        text = g_strdup (_("Your turn; you lead"));
      else if ((legal & ~HEARTS_SUIT_MASK (led)) == 0)
        /* Translators: %s is a suit, as "clubs" */
        text = g_strdup_printf (_("Your turn; you must follow %s"), suit_name (led));
      else
        /* Translators: %s is a suit, as "clubs" */
        text = g_strdup_printf (_("Your turn; you have no %s, play any card"), suit_name (led));
    }
  hearts_announcer_announce (self->announcer, text);
  self->turn_said = TRUE;
}

/* The cards passed to the player, once a hand, when they show in the hand. */
static void
announce_received (HeartsTable *self)
{
  const HeartsSeatState *shown = _hearts_table_shown (self);
  HeartsCards            received = shown_received (self);
  g_autofree char       *names = NULL;
  g_autofree char       *text = NULL;
  guint                  from;

  if (received == 0 || self->received_said)
    return;
  self->received_said = TRUE;
  from = hearts_rules_pass_source (hearts_seat_state_get_rules (shown), hearts_seat_state_get_pass_direction (shown),
                                   hearts_seat_state_get_seat (shown));
  names = hearts_cards_get_names (received);
  /* Translators: a player's name, then a list of cards */
  text = g_strdup_printf (_("%s passed you the %s"), seat_name (self, from), names);
  hearts_announcer_announce (self->announcer, text);
  self->turn_said = FALSE;
}

/* A hand without passing, once, when it starts. */
static void
announce_hold (HeartsTable *self)
{
  const HeartsSeatState *shown = _hearts_table_shown (self);

  if (shown == NULL || self->hold_said || hearts_seat_state_get_phase (shown) != HEARTS_PHASE_PLAYING ||
      hearts_seat_state_get_pass_direction (shown) != HEARTS_PASS_HOLD ||
      hearts_seat_state_has_played (shown, hearts_seat_state_get_seat (shown)))
    return;
  self->hold_said = TRUE;
  hearts_announcer_announce (self->announcer, _("No passing this hand"));
  self->turn_said = FALSE;
}

/* Said when the table shows the move, so that speech keeps pace with the cards. */
static void
announce_step (HeartsTable           *self,
               const HeartsSeatEvent *step)
{
  const char      *who = hearts_table_get_player_name (self, step->seat);
  gboolean         own = step->seat == _hearts_table_own_seat (self);
  g_autofree char *text = NULL;

  if (step->kind == HEARTS_SEAT_EVENT_CARD_PLAYED)
    {
      g_autofree char *card = hearts_card_get_name (step->card);

      if (own)
        /* Translators: %s is a card, as "Queen of Spades"; leave out the article if your
         * language's would depend on the card */
        text = g_strdup_printf (_("You play the %s"), card);
      else
        /* Translators: a player's name, then a card: "West plays the Queen of Spades" */
        text = g_strdup_printf (_("%s plays the %s"), who, card);
    }
  else
    {
      const HeartsSeatState *shown = _hearts_table_shown (self);
      HeartsCard             trick[HEARTS_MAX_PLAYERS];
      guint                  n = hearts_seat_state_get_table (shown, trick, NULL);
      HeartsCards            cards = 0;
      gint                   points;
      g_autofree char       *points_text = NULL;

      for (guint i = 0; i < n; i++)
        cards |= HEARTS_CARD_BIT (trick[i]);
      points = hearts_seat_state_count_points (shown, cards);
      points_text = hearts_format_points (points);
      /* A trick with no points is only said to be taken: less to hear. */
      if (own && points == 0)
        text = g_strdup (_("You take the trick"));
      else if (own)
        /* Translators: the points of the trick you took, "You take the trick, 13 points"
         * (or "−10 points") */
        text = g_strdup_printf (g_dngettext (NULL, "You take the trick, %s point",
                                             "You take the trick, %s points", ABS (points)),
                                points_text);
      else if (points == 0)
        /* Translators: a player's name: "West takes the trick" */
        text = g_strdup_printf (_("%s takes the trick"), who);
      else
        /* Translators: a player's name, then points: "West takes the trick, 13 points"
         * (or "−10 points") */
        text = g_strdup_printf (g_dngettext (NULL, "%s takes the trick, %s point",
                                             "%s takes the trick, %s points", ABS (points)),
                                who, points_text);
    }
  hearts_announcer_announce (self->announcer, text);
  self->turn_said = FALSE;
}

/* Where the focus is must not be taken from: an open sheet or popover. */
static gboolean
focus_is_elsewhere (HeartsTable *self)
{
  GtkRoot   *root = gtk_widget_get_root (GTK_WIDGET (self));
  GtkWidget *focus = root != NULL ? gtk_root_get_focus (root) : NULL;

  if (focus == NULL || !gtk_widget_get_mapped (focus))
    return FALSE;
  return gtk_widget_get_ancestor (focus, HEARTS_TYPE_SCORE_SHEET) != NULL ||
         gtk_widget_get_ancestor (focus, GTK_TYPE_POPOVER) != NULL;
}

/* When it becomes the player's turn the hand takes the focus; so it does when the
 * focus was left on nothing, such as on the pass button that went away. */
static void
update_focus (HeartsTable *self)
{
  GtkRoot   *root = gtk_widget_get_root (GTK_WIDGET (self));
  GtkWidget *focus = root != NULL ? gtk_root_get_focus (root) : NULL;
  gboolean   busy = is_busy (self);
  gboolean   turn = !busy && self->view != NULL && hearts_seat_view_get_own_turn (self->view);
  gboolean   became = turn && !self->turn_shown;
  gboolean   lost = focus == NULL || !gtk_widget_get_mapped (focus) ||
                  (focus == self->pass_button && !gtk_widget_get_can_focus (focus));

  if (!busy)
    self->turn_shown = turn;
  if (became)
    announce_turn (self);
  if ((became || lost) && !focus_is_elsewhere (self))
    hearts_table_focus_hand (self);
}

/* The queue's signals */

/* The table follows what is shown: after every event of the view, and as each step
 * starts and ends. @moved: the view had an event (a move clears the hint and, once
 * the pass is made, the chosen cards). */
static void
on_queue_changed_cb (HeartsTable *self,
                     gboolean     moved)
{
  if (moved)
    {
      self->hint = 0;
      if (!_hearts_table_human_may_pass (self) && self->n_chosen > 0)
        {
          self->n_chosen = 0;
          g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_N_CHOSEN]);
        }
    }

  sync_piles (self);
  sync_hand (self);
  _hearts_table_update_labels (self);
  gtk_widget_queue_allocate (GTK_WIDGET (self));
  if (!is_busy (self))
    {
      announce_hold (self);
      announce_received (self);
    }
  update_focus (self);
}

/* A play starts to fly from where its card is: the player's from the hand (or where it
 * was let go), another seat's from its fan of backs. */
static void
on_step_started_cb (HeartsTable           *self,
                    const HeartsSeatEvent *step)
{
  if (step->kind == HEARTS_SEAT_EVENT_CARD_PLAYED)
    {
      guint seat = step->seat;

      if (seat == _hearts_table_own_seat (self) && step->card == self->let_go)
        self->flight_from = self->let_go_from;
      else if (seat == _hearts_table_own_seat (self) && (self->geo->has_pos & HEARTS_CARD_BIT (step->card)))
        self->flight_from = GRAPHENE_RECT_INIT (self->geo->card_at[step->card].x, self->geo->card_at[step->card].y,
                                                self->geo->card_w, self->geo->card_h);
      else
        self->flight_from = rect_centered (self->geo->seats[seat].fan, self->geo->back_w, self->geo->back_h);
      if (step->card == self->let_go)
        self->let_go = HEARTS_NO_CARD;
    }
  /* What is heard matches what is seen: the card has left the hand. */
  on_queue_changed_cb (self, FALSE);
  announce_step (self, step);
}

static void
on_player_names_cb (HeartsTable *self)
{
  _hearts_table_update_labels (self);
  _hearts_table_layout_changed (self);
}

static void
reset (HeartsTable *self)
{
  self->n_chosen = 0;
  self->hint = 0;
  self->let_go = HEARTS_NO_CARD;
  self->hold_said = FALSE;
  self->received_said = FALSE;
  /* A new hand, game or undo: the turn is announced and takes the focus afresh. */
  self->turn_shown = FALSE;
  self->drag_card = NULL;
  self->dragging = FALSE;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_N_CHOSEN]);
}

static void
on_queue_shown_cb (HeartsTable           *self,
                   const HeartsSeatEvent *event)
{
  g_signal_emit (self, signals[EVENT_SHOWN], 0, event);
}

static void
on_queue_busy_cb (HeartsTable *self)
{
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_BUSY]);
}

/* The player's own play flies from where its card was let go, though the table may
 * still be showing earlier moves. */
static void
on_view_event_cb (HeartsTable           *self,
                  const HeartsSeatEvent *event)
{
  HeartsCardWidget *w;

  if (event->kind != HEARTS_SEAT_EVENT_CARD_PLAYED || event->seat != _hearts_table_own_seat (self) ||
      is_busy (self))
    return;
  w = find_card (self, event->card);
  if (w != NULL && (self->geo->has_pos & HEARTS_CARD_BIT (event->card)))
    {
      self->let_go = event->card;
      self->let_go_from = GRAPHENE_RECT_INIT (self->geo->card_at[event->card].x, self->geo->card_at[event->card].y,
                                              self->geo->card_w, self->geo->card_h);
    }
  /* The next turn is another one, even if no one else moves in between. */
  self->turn_shown = FALSE;
}

void
_hearts_table_tell (HeartsTable *self,
                    const char  *message)
{
  g_signal_emit (self, signals[REFUSED], 0, message);
}

void
_hearts_table_refuse (HeartsTable  *self,
                      HeartsRefusal refusal)
{
  g_autofree char *message = NULL;

  message = hearts_refusal_format (refusal, hearts_seat_view_get_rules (self->view));
  g_signal_emit (self, signals[REFUSED], 0, message);
}

void
_hearts_table_toggle_chosen (HeartsTable *self,
                             HeartsCard   card)
{
  gint index = _hearts_table_chosen_index (self, card);

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
      _hearts_table_start_reflow (self);
      return;
    }

  self->hint = 0;
  update_card_states (self);
  _hearts_table_update_labels (self);
  _hearts_table_start_reflow (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_N_CHOSEN]);
}

void
_hearts_table_layout_changed (HeartsTable *self)
{
  g_signal_emit (self, signals[LAYOUT_CHANGED], 0);
}

/* GObject */

static void
hearts_table_dispose (GObject *object)
{
  HeartsTable *self = HEARTS_TABLE (object);
  GtkWidget   *child;

  g_clear_handle_id (&self->pass_idle_id, g_source_remove);
  g_clear_handle_id (&self->use_idle_id, g_source_remove);
  g_clear_object (&self->reflow);
  if (self->queue != NULL)
    {
      g_signal_handlers_disconnect_by_data (self->queue, self);
      hearts_event_queue_set_seat_view (self->queue, NULL);
    }
  g_clear_object (&self->queue);
  if (self->view != NULL)
    g_signal_handlers_disconnect_by_data (self->view, self);
  g_clear_object (&self->view);
  g_clear_object (&self->theme);
  g_clear_pointer (&self->felt, hearts_felt_free);
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
    case PROP_SEAT_VIEW:
      g_value_set_object (value, self->view);
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
    case PROP_HAND_SORT:
      g_value_set_enum (value, self->hand_sort);
      break;
    case PROP_PILES_ACTIVATABLE:
      g_value_set_boolean (value, self->piles_activatable);
      break;
    case PROP_BUSY:
      g_value_set_boolean (value, is_busy (self));
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
    case PROP_SEAT_VIEW:
      hearts_table_set_seat_view (self, g_value_get_object (value));
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
    case PROP_HAND_SORT:
      hearts_table_set_hand_sort (self, g_value_get_enum (value));
      break;
    case PROP_PILES_ACTIVATABLE:
      hearts_table_set_piles_activatable (self, g_value_get_boolean (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
hearts_table_class_init (HeartsTableClass *klass)
{
  GObjectClass   *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = hearts_table_dispose;
  object_class->get_property = hearts_table_get_property;
  object_class->set_property = hearts_table_set_property;

  widget_class->snapshot = _hearts_table_snapshot;
  widget_class->focus = hearts_table_focus;

  properties[PROP_SEAT_VIEW] =
    g_param_spec_object ("seat-view", NULL, NULL, HEARTS_TYPE_SEAT_VIEW,
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
  /* 1 is normal, 2 twice as fast; 0 no animation. */
  properties[PROP_ANIMATION_SPEED] =
    g_param_spec_double ("animation-speed", NULL, NULL, 0, 10, 1,
                         (G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));
  properties[PROP_PILES_ACTIVATABLE] =
    g_param_spec_boolean ("piles-activatable", NULL, NULL, FALSE,
                          (G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));
  properties[PROP_HAND_SORT] =
    g_param_spec_enum ("hand-sort", NULL, NULL, HEARTS_TYPE_HAND_SORT, HEARTS_HAND_SORT_ASCENDING,
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

  /**
   * HeartsTable::event-shown:
   * @event: an event of the seat view
   *
   * The table shows @event: a card played as it starts to fly, a trick taken as its
   * winner is ringed, anything else as the table takes it in (see HeartsEventQueue::shown).
   * What follows the table's pace, as its sounds do, follows this.
   */
  signals[EVENT_SHOWN] =
    g_signal_new ("event-shown", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL, G_TYPE_NONE, 1, HEARTS_TYPE_SEAT_EVENT | G_SIGNAL_TYPE_STATIC_SCOPE);

  gtk_widget_class_install_action (widget_class, "table.pass", NULL, _hearts_table_pass_action);

  gtk_widget_class_set_layout_manager_type (widget_class, HEARTS_TYPE_TABLE_LAYOUT);
  gtk_widget_class_set_css_name (widget_class, "hearts-table");
  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_GROUP);
}

static void
hearts_table_init (HeartsTable *self)
{
  AdwAnimationTarget *target;

  self->highlight_legal = TRUE;
  self->animation_speed = 1;
  self->focus_card = HEARTS_NO_CARD;
  self->row_card = HEARTS_NO_CARD;
  self->let_go = HEARTS_NO_CARD;
  self->reflow_t = 1;
  self->hand = g_ptr_array_new ();
  self->geo = _hearts_table_layout_get_geometry (HEARTS_TABLE_LAYOUT (gtk_widget_get_layout_manager (GTK_WIDGET (self))));
  self->felt = hearts_felt_new ();
  /* The felt's colours follow the dark style, which changes no CSS of the table itself. */
  g_signal_connect_object (adw_style_manager_get_default (), "notify::dark",
                           G_CALLBACK (gtk_widget_queue_draw), self, G_CONNECT_SWAPPED);

  for (guint s = 0; s < HEARTS_MAX_PLAYERS; s++)
    {
      self->plates[s] = HEARTS_SEAT_PLATE (hearts_seat_plate_new ());
      gtk_widget_set_parent (GTK_WIDGET (self->plates[s]), GTK_WIDGET (self));
      gtk_widget_set_visible (GTK_WIDGET (self->plates[s]), FALSE);
      self->piles[s] = HEARTS_POINT_PILE (hearts_point_pile_new ());
      gtk_widget_set_parent (GTK_WIDGET (self->piles[s]), GTK_WIDGET (self));
      gtk_widget_set_visible (GTK_WIDGET (self->piles[s]), FALSE);
    }

  self->pass_label = gtk_label_new (NULL);
  gtk_widget_add_css_class (self->pass_label, "pass-title");
  gtk_label_set_wrap (GTK_LABEL (self->pass_label), TRUE);
  gtk_label_set_justify (GTK_LABEL (self->pass_label), GTK_JUSTIFY_CENTER);
  gtk_widget_set_parent (self->pass_label, GTK_WIDGET (self));
  gtk_widget_set_visible (self->pass_label, FALSE);

  self->announcer = HEARTS_ANNOUNCER (hearts_announcer_new ());
  gtk_widget_set_parent (GTK_WIDGET (self->announcer), GTK_WIDGET (self));

  self->pass_button = gtk_button_new ();
  /* GTK 4.8 reads a button's label child after its name: the child is only seen. */
  gtk_button_set_child (GTK_BUTTON (self->pass_button),
                        g_object_new (GTK_TYPE_LABEL,
                                      "label", _("_Pass Cards"), "use-underline", TRUE, "accessible-role", GTK_ACCESSIBLE_ROLE_PRESENTATION, NULL));
  gtk_accessible_update_property (GTK_ACCESSIBLE (self->pass_button),
                                  GTK_ACCESSIBLE_PROPERTY_LABEL, _("Pass Cards"), -1);
  gtk_actionable_set_action_name (GTK_ACTIONABLE (self->pass_button), "table.pass");
  gtk_widget_add_css_class (self->pass_button, "suggested-action");
  gtk_widget_add_css_class (self->pass_button, "pill");
  gtk_widget_add_css_class (self->pass_button, "pass-button");
  gtk_widget_set_parent (self->pass_button, GTK_WIDGET (self));
  gtk_widget_set_opacity (self->pass_button, 0);
  gtk_widget_set_can_target (self->pass_button, FALSE);
  gtk_widget_set_can_focus (self->pass_button, FALSE);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "table.pass", FALSE);

  target = adw_callback_animation_target_new (on_reflow_value, self, NULL);
  self->reflow = adw_timed_animation_new (GTK_WIDGET (self), 0, 1, BASE_REFLOW_MS, target);
  g_signal_connect_swapped (self->reflow, "done", G_CALLBACK (on_reflow_done), self);
  adw_timed_animation_set_easing (ADW_TIMED_ANIMATION (self->reflow), ADW_EASE_OUT_CUBIC);

  self->queue = hearts_event_queue_new (GTK_WIDGET (self));
  g_signal_connect_swapped (self->queue, "reset", G_CALLBACK (reset), self);
  g_signal_connect_swapped (self->queue, "changed", G_CALLBACK (on_queue_changed_cb), self);
  g_signal_connect_swapped (self->queue, "step-started", G_CALLBACK (on_step_started_cb), self);
  g_signal_connect_swapped (self->queue, "progress", G_CALLBACK (gtk_widget_queue_draw), self);
  g_signal_connect_swapped (self->queue, "shown", G_CALLBACK (on_queue_shown_cb), self);
  g_signal_connect_swapped (self->queue, "notify::busy", G_CALLBACK (on_queue_busy_cb), self);

  gtk_accessible_update_property (GTK_ACCESSIBLE (self),
                                  GTK_ACCESSIBLE_PROPERTY_LABEL, _("Card table"), -1);
}

/* Public API */

GtkWidget *
hearts_table_new (void)
{
  return g_object_new (HEARTS_TYPE_TABLE, NULL);
}

HeartsSeatView *
hearts_table_get_seat_view (HeartsTable *self)
{
  g_return_val_if_fail (HEARTS_IS_TABLE (self), NULL);
  return self->view;
}

void
hearts_table_set_seat_view (HeartsTable    *self,
                            HeartsSeatView *view)
{
  g_return_if_fail (HEARTS_IS_TABLE (self));
  g_return_if_fail (view == NULL || HEARTS_IS_SEAT_VIEW (view));

  if (self->view == view)
    return;
  if (self->view != NULL)
    g_signal_handlers_disconnect_by_data (self->view, self);
  g_set_object (&self->view, view);
  /* Before the queue's own handler: it sees whether the table was still. */
  if (view != NULL)
    {
      g_signal_connect_swapped (view, "event", G_CALLBACK (on_view_event_cb), self);
      g_signal_connect_swapped (view, "notify::player-names", G_CALLBACK (on_player_names_cb), self);
    }
  hearts_event_queue_set_seat_view (self->queue, view);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_SEAT_VIEW]);
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

  if (self->theme == theme)
    return;

  if (self->theme != NULL)
    g_signal_handlers_disconnect_by_func (self->theme, gtk_widget_queue_draw, self);
  g_set_object (&self->theme, theme);
  /* Pictures rendered in the background replace the scaled ones drawn meanwhile. */
  if (theme != NULL)
    g_signal_connect_object (theme, "changed", G_CALLBACK (gtk_widget_queue_draw), self, G_CONNECT_SWAPPED);

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

  speed = speed <= 0 ? 0 : CLAMP (speed, 0.1, 10);
  if (self->animation_speed == speed)
    return;
  self->animation_speed = speed;
  hearts_event_queue_set_speed (self->queue, speed);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_ANIMATION_SPEED]);
}

gboolean
hearts_table_get_piles_activatable (HeartsTable *self)
{
  g_return_val_if_fail (HEARTS_IS_TABLE (self), FALSE);
  return self->piles_activatable;
}

void
hearts_table_set_piles_activatable (HeartsTable *self,
                                    gboolean     activatable)
{
  g_return_if_fail (HEARTS_IS_TABLE (self));

  activatable = !!activatable;
  if (self->piles_activatable == activatable)
    return;
  self->piles_activatable = activatable;
  for (guint s = 0; s < HEARTS_MAX_PLAYERS; s++)
    hearts_point_pile_set_activatable (self->piles[s], activatable);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_PILES_ACTIVATABLE]);
}

HeartsHandSort
hearts_table_get_hand_sort (HeartsTable *self)
{
  g_return_val_if_fail (HEARTS_IS_TABLE (self), HEARTS_HAND_SORT_ASCENDING);
  return self->hand_sort;
}

void
hearts_table_set_hand_sort (HeartsTable   *self,
                            HeartsHandSort sort)
{
  g_return_if_fail (HEARTS_IS_TABLE (self));
  g_return_if_fail (sort == HEARTS_HAND_SORT_ASCENDING || sort == HEARTS_HAND_SORT_DESCENDING);

  if (self->hand_sort == sort)
    return;
  self->hand_sort = sort;

  /* The cards glide to their new places; the focus chain follows the children. */
  g_ptr_array_sort_with_data (self->hand, compare_hand_cards, self);
  for (guint i = 0; i < self->hand->len; i++)
    gtk_widget_insert_before (g_ptr_array_index (self->hand, i), GTK_WIDGET (self), self->pass_label);
  _hearts_table_start_reflow (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_HAND_SORT]);
}

const char *
hearts_table_get_player_name (HeartsTable *self,
                              guint        seat)
{
  g_return_val_if_fail (HEARTS_IS_TABLE (self), NULL);
  g_return_val_if_fail (seat < _hearts_table_n_players (self), NULL);
  return seat_name (self, seat);
}

int
hearts_table_get_card_width (HeartsTable *self)
{
  g_return_val_if_fail (HEARTS_IS_TABLE (self), 0);
  return (int) self->geo->card_w;
}

gboolean
hearts_table_get_busy (HeartsTable *self)
{
  g_return_val_if_fail (HEARTS_IS_TABLE (self), FALSE);
  return is_busy (self);
}

void
hearts_table_finish_animations (HeartsTable *self)
{
  g_return_if_fail (HEARTS_IS_TABLE (self));

  hearts_event_queue_finish (self->queue);
  if (self->reflow_t < 1)
    adw_animation_skip (self->reflow);
}

/**
 * hearts_table_focus_hand:
 *
 * Puts the focus on the hand's Tab stop, with its ring showing.
 *
 * Returns: %FALSE if the hand is empty
 */
gboolean
hearts_table_focus_hand (HeartsTable *self)
{
  HeartsCardWidget *card;
  GtkRoot          *root;

  g_return_val_if_fail (HEARTS_IS_TABLE (self), FALSE);

  card = roving_card (self);
  if (card == NULL)
    return FALSE;
  /* A turn starts on a card that may be played. */
  if (!hearts_card_widget_get_playable (card))
    for (guint i = 0; i < self->hand->len; i++)
      if (hearts_card_widget_get_playable (g_ptr_array_index (self->hand, i)))
        {
          card = g_ptr_array_index (self->hand, i);
          break;
        }
  _hearts_table_set_focus_card (self, card);
  gtk_widget_grab_focus (GTK_WIDGET (card));
  root = gtk_widget_get_root (GTK_WIDGET (self));
  if (GTK_IS_WINDOW (root))
    gtk_window_set_focus_visible (GTK_WINDOW (root), TRUE);
  return TRUE;
}

void
hearts_table_set_hint (HeartsTable *self,
                       HeartsCards  cards)
{
  g_return_if_fail (HEARTS_IS_TABLE (self));

  self->hint = cards;
  update_card_states (self);
  _hearts_table_start_reflow (self);
}

/**
 * hearts_table_get_announcer:
 *
 * Returns: (transfer none): what says the moves to a screen reader
 */
HeartsAnnouncer *
hearts_table_get_announcer (HeartsTable *self)
{
  g_return_val_if_fail (HEARTS_IS_TABLE (self), NULL);
  return self->announcer;
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
  HeartsCards   cards;
  gboolean      was_turn;

  g_return_val_if_fail (HEARTS_IS_TABLE (self), FALSE);

  if (self->view == NULL)
    return FALSE;

  cards = hearts_table_get_chosen (self);
  /* Set first: the game may come straight back to the player, for the first lead. */
  was_turn = self->turn_shown;
  self->turn_shown = FALSE;
  if (!hearts_seat_view_pass (self->view, cards, &refusal))
    {
      self->turn_shown = was_turn;
      _hearts_table_refuse (self, refusal);
      return FALSE;
    }
  return TRUE;
}

HeartsCards
hearts_table_get_hint (HeartsTable *self)
{
  g_return_val_if_fail (HEARTS_IS_TABLE (self), 0);
  return self->hint;
}

HeartsPointPile *
hearts_table_get_point_pile (HeartsTable *self,
                             guint        seat)
{
  g_return_val_if_fail (HEARTS_IS_TABLE (self), NULL);
  g_return_val_if_fail (seat < HEARTS_MAX_PLAYERS, NULL);
  return self->piles[seat];
}

/* As the view is now, even if no frame has been laid out since. */
static void
compute_resting (HeartsTable *self)
{
  _hearts_table_compute_layout (self, gtk_widget_get_width (GTK_WIDGET (self)), gtk_widget_get_height (GTK_WIDGET (self)));
  _hearts_table_compute_targets (self, gtk_widget_get_width (GTK_WIDGET (self)));
}

gboolean
hearts_table_get_card_bounds (HeartsTable     *self,
                              HeartsCard       card,
                              graphene_rect_t *bounds)
{
  g_return_val_if_fail (HEARTS_IS_TABLE (self), FALSE);
  g_return_val_if_fail (bounds != NULL, FALSE);

  if (find_card (self, card) == NULL)
    return FALSE;
  compute_resting (self);
  *bounds = GRAPHENE_RECT_INIT (self->geo->card_target[card].x, self->geo->card_target[card].y, self->geo->card_w, self->geo->card_h);
  return TRUE;
}

void
hearts_table_get_pass_area (HeartsTable     *self,
                            graphene_rect_t *bounds)
{
  g_return_if_fail (HEARTS_IS_TABLE (self));
  g_return_if_fail (bounds != NULL);

  compute_resting (self);
  *bounds = self->geo->pass_area;
}

void
hearts_table_get_trick_area (HeartsTable     *self,
                             graphene_rect_t *bounds)
{
  g_return_if_fail (HEARTS_IS_TABLE (self));
  g_return_if_fail (bounds != NULL);

  compute_resting (self);
  *bounds = rect_centered (self->geo->center, self->geo->card_w * 2, self->geo->card_h * 1.5f);
}

gboolean
hearts_table_get_hand_area (HeartsTable     *self,
                            graphene_rect_t *bounds)
{
  float left = G_MAXFLOAT, right = -G_MAXFLOAT;

  g_return_val_if_fail (HEARTS_IS_TABLE (self), FALSE);
  g_return_val_if_fail (bounds != NULL, FALSE);

  if (self->hand->len == 0)
    return FALSE;
  compute_resting (self);
  for (guint i = 0; i < self->hand->len; i++)
    {
      HeartsCard c = hearts_card_widget_get_card (g_ptr_array_index (self->hand, i));

      if (_hearts_table_chosen_index (self, c) >= 0)
        continue;
      left = MIN (left, self->geo->card_target[c].x);
      right = MAX (right, self->geo->card_target[c].x + self->geo->card_w);
    }
  if (left > right)
    return FALSE;
  *bounds = GRAPHENE_RECT_INIT (left, self->geo->hand_y - self->geo->raise, right - left,
                                self->geo->card_h + self->geo->raise);
  return TRUE;
}

guint
hearts_table_get_shown_hand_count (HeartsTable *self,
                                   guint        seat)
{
  const HeartsSeatState *shown;

  g_return_val_if_fail (HEARTS_IS_TABLE (self), 0);

  shown = _hearts_table_shown (self);
  if (shown == NULL || seat >= hearts_seat_state_get_n_players (shown))
    return 0;
  /* The passes are exchanged together, once all are in, as at a real table where they
   * lie face down until then: another seat holds what it was dealt meanwhile. (Counted
   * as it goes, the seat the player passes to showed three fewer, having passed its own.) */
  if (hearts_seat_state_get_phase (shown) == HEARTS_PHASE_PASSING && seat != hearts_seat_state_get_seat (shown))
    return hearts_rules_get_hand_size (hearts_seat_state_get_rules (shown));
  return hearts_seat_state_get_hand_count (shown, seat);
}

gboolean
hearts_table_get_reflowing (HeartsTable *self)
{
  g_return_val_if_fail (HEARTS_IS_TABLE (self), FALSE);
  return self->reflow_t < 1;
}
