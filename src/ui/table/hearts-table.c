/* hearts-table.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>

#include "hearts-format.h"
#include "hearts-model-enums.h"
#include "hearts-score-sheet.h"
#include "hearts-table-private.h"

G_DEFINE_FINAL_TYPE (HeartsTable, hearts_table, GTK_TYPE_WIDGET)

enum
{
  PROP_0,
  PROP_GAME,
  PROP_CARD_THEME,
  PROP_HIGHLIGHT_LEGAL,
  PROP_DOUBLE_CLICK,
  PROP_ANIMATION_SPEED,
  PROP_HAND_SORT,
  PROP_PILES_ACTIVATABLE,
  PROP_PLAYER_NAMES,
  PROP_BUSY,
  PROP_N_CHOSEN,
  N_PROPS
};

enum
{
  REFUSED,
  LAYOUT_CHANGED,
  N_SIGNALS
};

static GParamSpec *properties[N_PROPS];
static guint       signals[N_SIGNALS];

/* Geometry helpers */

guint
_hearts_table_n_players (HeartsTable *self)
{
  return self->game != NULL ? hearts_game_get_n_players (self->game) : 4;
}

Spot
_hearts_table_seat_spot (HeartsTable *self,
                         guint        seat)
{
  static const Spot three[] = { SPOT_BOTTOM, SPOT_LEFT, SPOT_RIGHT };
  static const Spot four[] = { SPOT_BOTTOM, SPOT_LEFT, SPOT_TOP, SPOT_RIGHT };
  static const Spot five[] = { SPOT_BOTTOM, SPOT_LEFT, SPOT_TOP_LEFT, SPOT_TOP_RIGHT, SPOT_RIGHT };
  guint             n = _hearts_table_n_players (self);
  guint             r = (seat + n - HEARTS_HUMAN_SEAT) % n;

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
  if (self->player_names != NULL && seat < g_strv_length (self->player_names) &&
      self->player_names[seat][0] != '\0')
    return self->player_names[seat];

  switch (_hearts_table_seat_spot (self, seat))
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

guint
_hearts_table_animation_ms (HeartsTable *self,
                            guint        base)
{
  /* A zero-length animation ends on its first frame. */
  if (self->animation_speed <= 0)
    return 0;
  return (guint) MAX (1, base / CLAMP (self->animation_speed, 0.1, 10));
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
  return self->game != NULL &&
         hearts_game_get_phase (self->game) == HEARTS_PHASE_PASSING &&
         !hearts_game_has_passed (self->game, HEARTS_HUMAN_SEAT);
}

/* The step queue decides when; the property is the table's. */
void
_hearts_table_set_busy (HeartsTable *self,
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
void
_hearts_table_start_reflow (HeartsTable *self)
{
  for (guint c = 0; c < 64; c++)
    self->card_from[c] = self->card_at[c];

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
  update_roving (self);
}

static void
update_card_states (HeartsTable *self)
{
  HeartsCards legal = 0;
  gboolean    passing = _hearts_table_human_may_pass (self);

  if (self->game != NULL)
    legal = hearts_game_get_legal (self->game, HEARTS_HUMAN_SEAT);

  for (guint i = 0; i < self->hand->len; i++)
    {
      HeartsCardWidget *w = g_ptr_array_index (self->hand, i);
      HeartsCard        card = hearts_card_widget_get_card (w);

      hearts_card_widget_set_selected (w, _hearts_table_chosen_index (self, card) >= 0);
      hearts_card_widget_set_playable (w, passing || hearts_cards_has (legal, card));
      hearts_card_widget_set_dim_unplayable (w, self->highlight_legal && legal != 0);
      hearts_card_widget_set_received (w, hearts_cards_has (self->received, card));
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
  if (self->game != NULL)
    hand = hearts_game_get_hand (self->game, HEARTS_HUMAN_SEAT);
  /* A card leaves the hand when the table shows its play. */
  hand |= _hearts_table_queued_plays (self, HEARTS_HUMAN_SEAT);
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
        if (self->game != NULL && hearts_game_get_phase (self->game) == HEARTS_PHASE_PLAYING &&
            hearts_cards_has (hearts_game_get_received (self->game, HEARTS_HUMAN_SEAT), card))
          {
            guint            from = hearts_rules_pass_source (hearts_game_get_rules (self->game),
                                                              hearts_game_get_pass_direction (self->game),
                                                              HEARTS_HUMAN_SEAT);
            graphene_point_t c = self->seats[from].fan;

            self->card_at[card] = GRAPHENE_POINT_INIT (c.x - self->card_w / 2, c.y - self->card_h / 2);
            self->has_pos |= HEARTS_CARD_BIT (card);
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
  return seat == HEARTS_HUMAN_SEAT && g_strcmp0 (seat_name (self, seat), _("You")) == 0;
}

/* The plate shows the points taken this hand (as the pile shows them) apart from the
 * game's total; a screen reader hears the tricks too. */
static void
update_plate (HeartsTable *self,
              guint        seat)
{
  gint             points = hearts_game_count_points (self->game, hearts_point_pile_get_cards (self->piles[seat]));
  gint             total = self->totals[seat];
  guint            tricks = self->pile_tricks[seat];
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

/* The piles follow the game when the table is still; while it shows moves the game has
 * already made, each collected trick adds to its winner's pile. */
static void
sync_piles (HeartsTable *self)
{
  guint n = _hearts_table_n_players (self);

  for (guint s = 0; s < HEARTS_MAX_PLAYERS; s++)
    {
      gboolean in_game = self->game != NULL && s < n;

      hearts_point_pile_set_cards (self->piles[s], in_game ? hearts_game_get_points_taken (self->game, s) : 0);
      self->pile_tricks[s] = in_game ? hearts_game_get_tricks_won (self->game, s) : 0;
      /* The hand's points join the total once its last trick is shown. */
      self->totals[s] = in_game ? hearts_game_get_total (self->game, s) : 0;
    }
}

void
_hearts_table_collect_to_pile (HeartsTable *self,
                               guint        winner)
{
  HeartsCards trick = 0;
  HeartsCards pile;

  if (self->game == NULL || winner >= _hearts_table_n_players (self))
    return;
  for (guint i = 0; i < self->n_shown; i++)
    trick |= HEARTS_CARD_BIT (self->shown[i].card);
  /* The game has the trick's scoring cards with the winner already. */
  pile = hearts_point_pile_get_cards (self->piles[winner]);
  pile |= trick & hearts_game_get_points_taken (self->game, winner);
  hearts_point_pile_set_cards (self->piles[winner], pile);
  self->pile_tricks[winner]++;
  gtk_widget_queue_allocate (GTK_WIDGET (self));
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
  HeartsPassDirection dir;
  guint               from;
  g_autoptr(GString) cards = NULL;
  g_autofree char *names = NULL;
  HeartsCard       card;

  *spoken = NULL;
  if (self->game == NULL || self->human_played || hearts_game_get_phase (self->game) != HEARTS_PHASE_PLAYING)
    return NULL;

  dir = hearts_game_get_pass_direction (self->game);
  if (dir == HEARTS_PASS_HOLD)
    {
      *spoken = g_strdup (_("No passing this hand"));
      return g_strdup (*spoken);
    }
  if (self->received == 0)
    return NULL;

  from = hearts_rules_pass_source (hearts_game_get_rules (self->game), dir, HEARTS_HUMAN_SEAT);
  cards = g_string_new (NULL);
  HEARTS_CARDS_FOREACH (card, self->received)
    {
      g_autofree char *name = card_short_name (card);

      if (cards->len > 0)
        g_string_append (cards, "  ");
      g_string_append (cards, name);
    }
  names = hearts_cards_get_names (self->received);
  /* Translators: a player's name, then a list of cards */
  *spoken = g_strdup_printf (_("Passed to you by %s: %s"), seat_name (self, from), names);
  /* Translators: a player's name, then the cards in short, as "2♣  7♥  Q♠" */
  return g_strdup_printf (_("Passed to you by %s: %s"), seat_name (self, from), cards->str);
}

void
_hearts_table_update_labels (HeartsTable *self)
{
  guint    n = _hearts_table_n_players (self);
  gint     current = self->game != NULL ? hearts_game_get_current_player (self->game) : -1;
  gboolean passing = _hearts_table_human_may_pass (self);
  g_autoptr(GString) description = g_string_new (NULL);
  g_autofree char *spoken = NULL;
  g_autofree char *notice = pass_notice (self, &spoken);

  for (guint s = 0; s < HEARTS_MAX_PLAYERS; s++)
    {
      HeartsCards pile = hearts_point_pile_get_cards (self->piles[s]);

      gtk_widget_set_visible (GTK_WIDGET (self->plates[s]), s < n && self->game != NULL);
      gtk_widget_set_visible (GTK_WIDGET (self->piles[s]), s < n && self->game != NULL && pile != 0);
      if (s >= n || self->game == NULL)
        continue;

      update_plate (self, s);
      hearts_point_pile_set_owner (self->piles[s], seat_name (self, s), is_you (self, s));
      /* The winner of the trick being collected leads next: its plate lights up at once. */
      hearts_seat_plate_set_current (self->plates[s],
                                     ((gint) s == current && !self->busy) || (gint) s == self->collect_winner);
    }

  gtk_widget_set_visible (self->pass_label, passing || notice != NULL);
  /* Hidden by fading, not unmapped: X11 stops delivering presses to the table when the
   * button under the pointer is unmapped by its own click (GTK 4.8). */
  gtk_widget_set_opacity (self->pass_button, passing ? 1 : 0);
  gtk_widget_set_can_target (self->pass_button, passing);
  gtk_widget_set_can_focus (self->pass_button, passing);
  if (passing)
    {
      guint            target = hearts_rules_pass_target (hearts_game_get_rules (self->game),
                                                          hearts_game_get_pass_direction (self->game),
                                                          HEARTS_HUMAN_SEAT);
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
  guint      leader = 0;
  guint      n = 0;

  if (self->game != NULL && hearts_game_get_phase (self->game) == HEARTS_PHASE_PLAYING)
    n = hearts_game_get_trick (self->game, cards, &leader);

  self->n_shown = n;
  for (guint i = 0; i < n; i++)
    {
      self->shown[i].card = cards[i];
      self->shown[i].seat = (leader + i) % _hearts_table_n_players (self);
      self->shown[i].from = rect_centered (self->seats[self->shown[i].seat].trick,
                                           self->card_w, self->card_h);
    }
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

/* What the human is to do now, and with what. */
static void
announce_turn (HeartsTable *self)
{
  g_autofree char *text = NULL;

  /* Once, even when a new hand or an undo brings the same turn round again. */
  if (self->turn_said)
    return;

  if (hearts_game_get_phase (self->game) == HEARTS_PHASE_PASSING)
    {
      guint target = hearts_rules_pass_target (hearts_game_get_rules (self->game),
                                               hearts_game_get_pass_direction (self->game),
                                               HEARTS_HUMAN_SEAT);

      /* Translators: %s is a player's name */
      text = g_strdup_printf (_("Choose three cards to pass to %s"), seat_name (self, target));
    }
  else
    {
      HeartsCard  trick[HEARTS_MAX_PLAYERS];
      guint       leader;
      guint       n = hearts_game_get_trick (self->game, trick, &leader);
      HeartsCards legal = hearts_game_get_legal (self->game, HEARTS_HUMAN_SEAT);
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

/* The cards passed to the human, once a hand, when they show in the hand. */
static void
announce_received (HeartsTable *self)
{
  g_autofree char *names = NULL;
  g_autofree char *text = NULL;
  guint            from;

  if (self->received == 0 || self->received == self->announced_received)
    return;
  self->announced_received = self->received;
  from = hearts_rules_pass_source (hearts_game_get_rules (self->game),
                                   hearts_game_get_pass_direction (self->game), HEARTS_HUMAN_SEAT);
  names = hearts_cards_get_names (self->received);
  /* Translators: a player's name, then a list of cards */
  text = g_strdup_printf (_("%s passed you the %s"), seat_name (self, from), names);
  hearts_announcer_announce (self->announcer, text);
  self->turn_said = FALSE;
}

/* A hand without passing, once, when it starts. */
static void
announce_hold (HeartsTable *self)
{
  if (self->game == NULL || self->hold_said || self->human_played ||
      hearts_game_get_phase (self->game) != HEARTS_PHASE_PLAYING ||
      hearts_game_get_pass_direction (self->game) != HEARTS_PASS_HOLD)
    return;
  self->hold_said = TRUE;
  hearts_announcer_announce (self->announcer, _("No passing this hand"));
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

/* A full trick waits to be collected: the next lead is not yet anyone's turn. */
static gboolean
trick_complete (HeartsTable *self)
{
  HeartsCard trick[HEARTS_MAX_PLAYERS];
  guint      leader;

  return hearts_game_get_phase (self->game) == HEARTS_PHASE_PLAYING &&
         hearts_game_get_trick (self->game, trick, &leader) == hearts_game_get_n_players (self->game);
}

/* When it becomes the human's turn the hand takes the focus; so it does when the
 * focus was left on nothing, such as on the pass button that went away. */
static void
update_focus (HeartsTable *self)
{
  GtkRoot   *root = gtk_widget_get_root (GTK_WIDGET (self));
  GtkWidget *focus = root != NULL ? gtk_root_get_focus (root) : NULL;
  gboolean   turn = !self->busy && self->game != NULL && hearts_game_human_to_move (self->game) &&
                  !trick_complete (self);
  gboolean became = turn && !self->human_turn;
  gboolean lost = focus == NULL || !gtk_widget_get_mapped (focus) ||
                  (focus == self->pass_button && !gtk_widget_get_can_focus (focus));

  if (!self->busy)
    self->human_turn = turn;
  if (became)
    announce_turn (self);
  if ((became || lost) && !focus_is_elsewhere (self))
    hearts_table_focus_hand (self);
}

/* Game signals */

static void
on_card_played (HeartsGame  *game,
                guint        seat,
                guint        card,
                HeartsTable *self)
{
  graphene_rect_t from;
  gboolean        has_from = FALSE;

  if (seat == HEARTS_HUMAN_SEAT)
    {
      HeartsCardWidget *w = find_card (self, card);

      /* From where it was let go, unless it waits behind other plays. */
      if (w != NULL && (self->has_pos & HEARTS_CARD_BIT (card)) && self->step == NULL &&
          g_queue_is_empty (&self->steps))
        {
          from = GRAPHENE_RECT_INIT (self->card_at[card].x, self->card_at[card].y,
                                     self->card_w, self->card_h);
          has_from = TRUE;
        }
      self->human_played = TRUE;
      self->received = 0;
      /* The next turn is another one, even if no one else moves in between. */
      self->human_turn = FALSE;
    }
  self->hint = 0;
  _hearts_table_queue_step (self, STEP_PLAY, seat, card, has_from ? &from : NULL);
}

static void
on_trick_finished (HeartsGame  *game,
                   guint        winner,
                   guint        trick,
                   HeartsTable *self)
{
  _hearts_table_queue_step (self, STEP_COLLECT, winner, HEARTS_NO_CARD, NULL);
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
  /* While cards move, the trick on show and the piles are the table's own; the rest
   * follows the game. */
  if (!self->busy)
    {
      show_trick_from_game (self);
      sync_piles (self);
    }

  if (!_hearts_table_human_may_pass (self))
    self->n_chosen = 0;
  if (self->game != NULL && !self->human_played &&
      hearts_game_get_phase (self->game) == HEARTS_PHASE_PLAYING)
    self->received = hearts_game_get_received (self->game, HEARTS_HUMAN_SEAT);
  self->hint = 0;

  sync_hand (self);
  _hearts_table_update_labels (self);
  gtk_widget_queue_allocate (GTK_WIDGET (self));
  if (!self->busy)
    {
      announce_hold (self);
      announce_received (self);
    }
  update_focus (self);
}

void
_hearts_table_sync_from_game (HeartsTable *self)
{
  on_game_changed (self->game, self);
}

void
_hearts_table_sync_hand (HeartsTable *self)
{
  sync_hand (self);
}

void
_hearts_table_refuse (HeartsTable  *self,
                      HeartsRefusal refusal)
{
  g_autofree char *message = NULL;

  message = hearts_refusal_format (refusal, hearts_game_get_rules (self->game));
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

  _hearts_table_clear_steps (self);
  g_clear_handle_id (&self->pass_idle_id, g_source_remove);
  g_clear_handle_id (&self->use_idle_id, g_source_remove);
  g_clear_object (&self->reflow);
  if (self->game_signals != NULL)
    g_signal_group_set_target (self->game_signals, NULL);
  g_clear_object (&self->game_signals);
  g_clear_object (&self->game);
  g_clear_object (&self->theme);
  g_clear_pointer (&self->felt, hearts_felt_free);
  g_clear_pointer (&self->player_names, g_strfreev);
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
    case PROP_HAND_SORT:
      g_value_set_enum (value, self->hand_sort);
      break;
    case PROP_PILES_ACTIVATABLE:
      g_value_set_boolean (value, self->piles_activatable);
      break;
    case PROP_PLAYER_NAMES:
      g_value_set_boxed (value, self->player_names);
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
    case PROP_HAND_SORT:
      hearts_table_set_hand_sort (self, g_value_get_enum (value));
      break;
    case PROP_PILES_ACTIVATABLE:
      hearts_table_set_piles_activatable (self, g_value_get_boolean (value));
      break;
    case PROP_PLAYER_NAMES:
      hearts_table_set_player_names (self, g_value_get_boxed (value));
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

  widget_class->measure = _hearts_table_measure;
  widget_class->size_allocate = _hearts_table_size_allocate;
  widget_class->snapshot = _hearts_table_snapshot;
  widget_class->focus = hearts_table_focus;

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
  properties[PROP_PLAYER_NAMES] =
    g_param_spec_boxed ("player-names", NULL, NULL, G_TYPE_STRV,
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

  gtk_widget_class_install_action (widget_class, "table.pass", NULL, _hearts_table_pass_action);

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
  self->focus_card = HEARTS_NO_CARD;
  self->reflow_t = 1;
  self->hand = g_ptr_array_new ();
  g_queue_init (&self->steps);
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

const char * const *
hearts_table_get_player_names (HeartsTable *self)
{
  g_return_val_if_fail (HEARTS_IS_TABLE (self), NULL);
  return (const char * const *) self->player_names;
}

void
hearts_table_set_player_names (HeartsTable        *self,
                               const char * const *names)
{
  g_return_if_fail (HEARTS_IS_TABLE (self));

  if (self->player_names != NULL && names != NULL &&
      g_strv_equal ((const char * const *) self->player_names, names))
    return;
  if (self->player_names == NULL && names == NULL)
    return;

  g_strfreev (self->player_names);
  self->player_names = g_strdupv ((char **) names);
  _hearts_table_update_labels (self);
  _hearts_table_layout_changed (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_PLAYER_NAMES]);
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
  return (int) self->card_w;
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

  _hearts_table_finish_steps (self);
  if (self->reflow_t < 1)
    adw_animation_skip (self->reflow);
}

void
hearts_table_reset (HeartsTable *self)
{
  g_return_if_fail (HEARTS_IS_TABLE (self));

  _hearts_table_clear_steps (self);
  self->n_chosen = 0;
  self->hint = 0;
  self->received = 0;
  self->announced_received = 0;
  self->hold_said = FALSE;
  /* A new hand, game or undo: the turn is announced and takes the focus afresh. */
  self->human_turn = FALSE;
  self->drag_card = NULL;
  self->dragging = FALSE;
  self->human_played = FALSE;

  /* After an undo the human may or may not have played already in this hand. */
  if (self->game != NULL && hearts_game_get_phase (self->game) == HEARTS_PHASE_PLAYING)
    self->human_played = hearts_game_has_played (self->game, HEARTS_HUMAN_SEAT);

  _hearts_table_sync_from_game (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_N_CHOSEN]);
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

  if (self->game == NULL)
    return FALSE;

  cards = hearts_table_get_chosen (self);
  /* Set first: the game may come straight back to the human, for the first lead. */
  was_turn = self->human_turn;
  self->human_turn = FALSE;
  if (!hearts_game_pass (self->game, HEARTS_HUMAN_SEAT, cards, &refusal))
    {
      self->human_turn = was_turn;
      _hearts_table_refuse (self, refusal);
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
  GVariantBuilder  b, hand, piles;
  g_autofree char *chosen = NULL;
  g_autofree char *hint = NULL;
  g_autofree char *legal = NULL;
  GtkNative       *native;
  graphene_point_t origin = GRAPHENE_POINT_INIT (0, 0);
  graphene_rect_t  table, trick, button;

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
  _hearts_table_compute_layout (self, gtk_widget_get_width (GTK_WIDGET (self)), gtk_widget_get_height (GTK_WIDGET (self)));
  _hearts_table_compute_targets (self, gtk_widget_get_width (GTK_WIDGET (self)));
  g_variant_builder_init (&hand, G_VARIANT_TYPE ("a(s(iiii))"));
  for (guint i = 0; i < self->hand->len; i++)
    {
      HeartsCard      c = hearts_card_widget_get_card (g_ptr_array_index (self->hand, i));
      graphene_rect_t r = GRAPHENE_RECT_INIT (self->card_target[c].x, self->card_target[c].y,
                                              self->card_w, self->card_h);

      g_variant_builder_add (&hand, "(s@(iiii))", hearts_card_to_string (c), rect_variant (&origin, &r));
    }

  chosen = hearts_cards_to_string (hearts_table_get_chosen (self));
  hint = hearts_cards_to_string (self->hint);
  legal = hearts_cards_to_string (self->game != NULL ? hearts_game_get_legal (self->game, HEARTS_HUMAN_SEAT) : 0);
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
  /* Each seat's pile as shown: its cards, and where to click it (empty when hidden). */
  g_variant_builder_init (&piles, G_VARIANT_TYPE ("a(us(iiii))"));
  for (guint s = 0; s < _hearts_table_n_players (self) && self->game != NULL; s++)
    {
      HeartsCards      pile = hearts_point_pile_get_cards (self->piles[s]);
      g_autofree char *cards = hearts_cards_to_string (pile);
      graphene_rect_t  r = GRAPHENE_RECT_INIT (0, 0, 0, 0);
      float            step;

      if (pile != 0)
        _hearts_table_pile_rect (self, s, pile, &r, &step);
      g_variant_builder_add (&piles, "(us@(iiii))", s, cards, rect_variant (&origin, &r));
    }
  g_variant_builder_add (&b, "{sv}", "piles", g_variant_builder_end (&piles));
  g_variant_builder_add (&b, "{sv}", "pass-label",
                         g_variant_new_string (gtk_widget_get_visible (self->pass_label)
                                                 ? gtk_label_get_label (GTK_LABEL (self->pass_label))
                                                 : ""));
  if (_hearts_table_human_may_pass (self) &&
      gtk_widget_compute_bounds (self->pass_button, GTK_WIDGET (self), &button))
    g_variant_builder_add (&b, "{sv}", "pass-button", rect_variant (&origin, &button));
  return g_variant_builder_end (&b);
}
