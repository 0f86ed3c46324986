/* hearts-review-view.c
 *
 * The review works in a thread (hearts_review_hand_async()) while the view shows its
 * progress; closing the view or Cancel stops it. The thread's callbacks keep the view
 * alive (a reference until the end) and do nothing once it is cancelled, so none of
 * them touches a view that has gone. The tricks are read from the game once, at the
 * start: the game may move on while the review is open.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>

#include "hearts-announcer.h"
#include "hearts-seat-names.h"
#include "hearts-card-picture.h"
#include "hearts-format.h"
#include "hearts-review-view.h"

/* Small cards: a trick of four fits a narrow window. */
#define CARD_WIDTH    64
#define STRIP_COLUMNS 7
struct _HeartsReviewView
{
  HeartsDialogBase parent_instance;

  HeartsSeatView  *view;
  HeartsCardTheme *card_theme;
  guint            n_players;
  guint            own;        /* the seat reviewed */
  HeartsTrick      tricks[HEARTS_HAND_MAX_TRICKS];
  guint            n_tricks;

  GCancellable *cancellable; /* while the review is worked out */
  GArray       *moves;       /* HeartsReviewMove, once known */
  guint         done;
  guint         total;
  guint         step;
  GPtrArray    *chips; /* the strip's buttons, by step */

  /* Template widgets */
  GtkStack        *stack;
  GtkProgressBar  *progress_bar;
  GtkWidget       *cancel_button;
  GtkLabel        *summary_label;
  GtkGrid         *strip;
  GtkLabel        *step_label;
  GtkBox          *cards_box;
  GtkLabel        *cards_caption;
  GtkWidget       *best_box;
  GtkLabel        *best_caption;
  GtkBox          *best_cards;
  GtkWidget       *verdict_box;
  GtkImage        *verdict_icon;
  GtkLabel        *verdict_title;
  GtkLabel        *verdict_label;
  GtkWidget       *previous_button;
  GtkWidget       *next_button;
  AdwStatusPage   *failed_page;
  HeartsAnnouncer *announcer;
};

G_DEFINE_FINAL_TYPE (HeartsReviewView, hearts_review_view, HEARTS_TYPE_DIALOG_BASE)

enum
{
  PROP_0,
  PROP_SEAT_VIEW,
  PROP_CARD_THEME,
  PROP_COMPUTING,
  PROP_FRACTION,
  PROP_STEP,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

/* Expected points with a sign either way, gains and losses: the model's mean for the
 * number and its minus sign (U+2212). */
static char *
format_points (double points)
{
  g_autofree char *mean = hearts_format_mean (points);

  if (!g_str_has_prefix (mean, "\u2212"))
    return g_strconcat ("+", mean, NULL);
  return g_steal_pointer (&mean);
}

static double
points_lost (const HeartsReviewMove *move)
{
  return MAX (move->move_points - move->best_points, 0);
}

static const HeartsReviewMove *
current_move (HeartsReviewView *self)
{
  return hearts_review_view_get_move (self, self->step);
}

static const char *
seat_name (HeartsReviewView *self,
           guint             seat)
{
  return hearts_seat_name (self->view, seat);
}

static GtkWidget *
card_picture (HeartsReviewView *self,
              HeartsCard        card)
{
  GtkWidget *picture = hearts_card_picture_new (card, self->card_theme, CARD_WIDTH, 0);

  gtk_widget_set_halign (picture, GTK_ALIGN_CENTER);
  gtk_widget_add_css_class (picture, "review-card");
  return picture;
}

/* A card, with whose it is over it when @label is not NULL. */
static GtkWidget *
labelled_card (HeartsReviewView *self,
               HeartsCard        card,
               const char       *label,
               gboolean          mine)
{
  GtkWidget       *box = g_object_new (GTK_TYPE_BOX,
                                       "orientation", GTK_ORIENTATION_VERTICAL,
                                       "spacing", 6,
                                       "accessible-role", GTK_ACCESSIBLE_ROLE_GROUP,
                                       NULL);
  g_autofree char *card_name = hearts_card_get_name (card);
  g_autofree char *text = NULL;

  if (label != NULL)
    {
      GtkWidget *name = gtk_label_new (label);

      gtk_label_set_ellipsize (GTK_LABEL (name), PANGO_ELLIPSIZE_END);
      gtk_label_set_max_width_chars (GTK_LABEL (name), 10);
      gtk_widget_add_css_class (name, "caption");
      gtk_box_append (GTK_BOX (box), name);
      /* Translators: a card in the review read aloud: whose, then the card, as "West: Two of Clubs" */
      text = g_strdup_printf (_("%s: %s"), label, card_name);
    }
  gtk_box_append (GTK_BOX (box), card_picture (self, card));
  if (mine)
    gtk_widget_add_css_class (box, "mine");
  gtk_accessible_update_property (GTK_ACCESSIBLE (box), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  text != NULL ? text : card_name, -1);
  return box;
}

static void
clear_box (GtkBox *box)
{
  GtkWidget *child;

  while ((child = gtk_widget_get_first_child (GTK_WIDGET (box))) != NULL)
    gtk_box_remove (box, child);
}

static const char *
verdict_icon_name (const HeartsReviewMove *move)
{
  if (move->costly)
    return "dialog-warning-symbolic";
  if (move->forced)
    return "go-next-symbolic";
  return "emblem-ok-symbolic";
}

static char *
verdict_title (const HeartsReviewMove *move)
{
  g_autofree char *lost = NULL;

  if (move->costly)
    {
      lost = g_strdup_printf ("%.1f", points_lost (move));
      if (move->moon == HEARTS_REVIEW_MOON_GAVE_UP)
        /* Translators: a costly move that gave up shooting the moon; %s is a number of points, as "4.8" */
        return g_strdup_printf (_("Gave up the moon: about %s points lost"), lost);
      if (move->moon == HEARTS_REVIEW_MOON_LET_THROUGH)
        /* Translators: a costly move that let another player shoot the moon; %s is a number of points, as "4.8" */
        return g_strdup_printf (_("Let the moon through: about %s points lost"), lost);
      /* Translators: %s is a number of points, as "4.8" */
      return g_strdup_printf (_("Costly move: about %s points lost"), lost);
    }
  if (move->forced)
    /* Translators: a verdict in the review: the player had only one choice */
    return g_strdup (_("Forced"));
  if (move->move == move->best)
    return g_strdup (_("Best move"));
  return g_strdup (_("Good move"));
}

static char *
verdict_text (const HeartsReviewMove *move)
{
  g_autofree char *mine = hearts_cards_get_names (move->move);
  g_autofree char *best = hearts_cards_get_names (move->best);
  g_autofree char *mine_points = format_points (move->move_points);
  g_autofree char *best_points = format_points (move->best_points);

  if (move->forced)
    {
      if (move->is_pass)
        /* Translators: %s is a list of three cards */
        return g_strdup_printf (_("You passed the %s: no other pass was different."), mine);
      /* Translators: %s is a card, as "Two of Clubs" */
      return g_strdup_printf (_("You played the %s: it was your only choice."), mine);
    }
  if (move->move == move->best)
    {
      if (move->is_pass)
        /* Translators: %s is a list of three cards, then expected points, as "+1.2" */
        return g_strdup_printf (_("You passed the %s: %s expected points. The computer would pass the same."),
                                   mine, mine_points);
      /* Translators: %s is a card, then expected points, as "+1.2" */
      return g_strdup_printf (_("You played the %s: %s expected points. The computer would play it too."),
                                 mine, mine_points);
    }
  if (move->is_pass)
    /* Translators: your pass and its expected points, then the computer's, as
     * "You passed the Two of Clubs, Five of Hearts and Ace of Spades: +3.1 expected
     * points. The computer would pass the …: +0.4." */
    return g_strdup_printf (_("You passed the %s: %s expected points. The computer would pass the %s: %s."),
                               mine, mine_points, best, best_points);
  /* Translators: your card and its expected points, then the computer's, as "You
   * played the Queen of Spades: +5.2 expected points. The computer would play the Two
   * of Clubs: +0.4." */
  return g_strdup_printf (_("You played the %s: %s expected points. The computer would play the %s: %s."),
                             mine, mine_points, best, best_points);
}

static char *
step_title (HeartsReviewView       *self,
            const HeartsReviewMove *move)
{
  if (move->is_pass)
    return g_strdup (_("Your Pass"));
  /* Translators: a trick of the hand, as "Trick 5 of 13" */
  return g_strdup_printf (_("Trick %u of %u"), move->trick + 1, self->n_tricks);
}

/* What a chip says: "P" for the pass, else the trick's number. */
static char *
chip_text (const HeartsReviewMove *move)
{
  if (move->is_pass)
    /* Translators: the pass's button in the review's row of moves: one letter or a short word */
    return g_strdup (C_("review", "P"));
  return g_strdup_printf ("%u", move->trick + 1);
}

static void
update_chips (HeartsReviewView *self)
{
  for (guint i = 0; i < self->chips->len; i++)
    {
      GtkWidget *chip = g_ptr_array_index (self->chips, i);

      if (i == self->step)
        gtk_widget_add_css_class (chip, "current");
      else
        gtk_widget_remove_css_class (chip, "current");
      /* Not the look alone: a screen reader hears which move is shown. */
      gtk_accessible_update_state (GTK_ACCESSIBLE (chip), GTK_ACCESSIBLE_STATE_SELECTED, i == self->step, -1);
    }
}

static void
show_trick (HeartsReviewView       *self,
            const HeartsReviewMove *move)
{
  const HeartsTrick *trick = move->trick < self->n_tricks ? &self->tricks[move->trick] : NULL;
  g_autofree char *caption = NULL;
  gint             taker;

  if (trick == NULL || trick->n_cards == 0)
    return;
  for (guint i = 0; i < trick->n_cards; i++)
    {
      guint seat = (trick->leader + i) % self->n_players;

      gtk_box_append (self->cards_box,
                      labelled_card (self, trick->cards[i], seat_name (self, seat), seat == self->own));
    }
  taker = trick->winner;
  if (taker < 0)
    return;
  if (taker == self->own && trick->leader == self->own)
    caption = g_strdup (_("You led and took the trick."));
  else if (taker == self->own)
    /* Translators: %s is a player's name */
    caption = g_strdup_printf (_("%s led; you took the trick."), seat_name (self, trick->leader));
  else if (trick->leader == self->own)
    /* Translators: %s is a player's name */
    caption = g_strdup_printf (_("You led; %s took the trick."), seat_name (self, taker));
  else
    /* Translators: two players' names: who led, who took the trick */
    caption = g_strdup_printf (_("%s led; %s took the trick."), seat_name (self, trick->leader),
                                  seat_name (self, taker));
  gtk_label_set_label (self->cards_caption, caption);
}

static void
show_step (HeartsReviewView *self)
{
  const HeartsReviewMove *move = current_move (self);
  g_autofree char        *title = NULL;
  g_autofree char        *verdict_head = NULL;
  g_autofree char        *verdict = NULL;
  g_autofree char        *sentence = NULL;
  HeartsCard              card;

  clear_box (self->cards_box);
  clear_box (self->best_cards);
  gtk_label_set_label (self->cards_caption, "");
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "review.previous", move != NULL && self->step > 0);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "review.next", move != NULL && self->step + 1 < self->moves->len);
  update_chips (self);
  if (move == NULL)
    return;

  title = step_title (self, move);
  gtk_label_set_label (self->step_label, title);

  if (move->is_pass)
    {
      HEARTS_CARDS_FOREACH (card, move->move)
        gtk_box_append (self->cards_box, labelled_card (self, card, NULL, TRUE));
      gtk_label_set_label (self->cards_caption, _("The three cards you passed."));
    }
  else
    show_trick (self, move);

  gtk_widget_set_visible (self->best_box, move->move != move->best && !move->forced);
  if (move->move != move->best && !move->forced)
    {
      gtk_label_set_label (self->best_caption,
                           move->is_pass ? _("The computer would pass:") : _("The computer would play:"));
      HEARTS_CARDS_FOREACH (card, move->best)
        gtk_box_append (self->best_cards, labelled_card (self, card, NULL, FALSE));
    }

  verdict_head = verdict_title (move);
  verdict = verdict_text (move);
  gtk_image_set_from_icon_name (self->verdict_icon, verdict_icon_name (move));
  gtk_label_set_label (self->verdict_title, verdict_head);
  gtk_label_set_label (self->verdict_label, verdict);
  if (move->costly)
    gtk_widget_add_css_class (self->verdict_box, "costly");
  else
    gtk_widget_remove_css_class (self->verdict_box, "costly");

  /* Read as one sentence: where, the verdict, why. */
  sentence = hearts_review_view_dup_verdict (self);
  gtk_accessible_update_property (GTK_ACCESSIBLE (self->verdict_box), GTK_ACCESSIBLE_PROPERTY_LABEL, sentence, -1);
  gtk_accessible_update_property (GTK_ACCESSIBLE (self->cards_box), GTK_ACCESSIBLE_PROPERTY_LABEL, title, -1);
}

static void
on_chip_clicked_cb (GtkButton        *chip,
                    HeartsReviewView *self)
{
  guint index;

  if (g_ptr_array_find (self->chips, chip, &index))
    hearts_review_view_set_step (self, index);
}

static GtkWidget *
make_chip (HeartsReviewView       *self,
           const HeartsReviewMove *move)
{
  GtkWidget       *chip = gtk_button_new ();
  GtkWidget       *box = g_object_new (GTK_TYPE_BOX,
                                       "spacing", 2,
                                       "accessible-role", GTK_ACCESSIBLE_ROLE_PRESENTATION,
                                       NULL);
  GtkWidget       *label;
  g_autofree char *text = chip_text (move);
  g_autofree char *where = NULL;
  g_autofree char *name = NULL;
  g_autofree char *head = verdict_title (move);

  label = gtk_label_new (text);
  gtk_widget_set_halign (box, GTK_ALIGN_CENTER);
  if (move->costly)
    {
      GtkWidget *icon = gtk_image_new_from_icon_name ("dialog-warning-symbolic");

      gtk_box_append (GTK_BOX (box), icon);
      gtk_widget_add_css_class (chip, "costly");
      /* The score sheet's moon mark: the chip's name says it in words. */
      if (move->moon != HEARTS_REVIEW_MOON_NONE)
        gtk_box_append (GTK_BOX (box), gtk_label_new ("☾"));
    }
  else if (move->forced)
    gtk_widget_add_css_class (chip, "forced");
  gtk_box_append (GTK_BOX (box), label);
  gtk_button_set_child (GTK_BUTTON (chip), box);

  where = move->is_pass ? g_strdup (_("Your pass"))
                        /* Translators: %u is a trick's number */
                        : g_strdup_printf (_("Trick %u"), move->trick + 1);
  /* Translators: a button of the review's row of moves: where, then the verdict, as
   * "Trick 5: Costly move: about 4.8 points lost" */
  name = g_strdup_printf (_("%s: %s"), where, head);
  gtk_accessible_update_property (GTK_ACCESSIBLE (chip), GTK_ACCESSIBLE_PROPERTY_LABEL, name, -1);
  gtk_widget_set_tooltip_text (chip, name);
  gtk_widget_add_css_class (chip, "review-chip");
  g_signal_connect_object (chip, "clicked", G_CALLBACK (on_chip_clicked_cb), self, 0);
  return chip;
}

static void
fill_strip (HeartsReviewView *self)
{
  GtkWidget *child;

  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self->strip))) != NULL)
    gtk_grid_remove (self->strip, child);
  g_ptr_array_set_size (self->chips, 0);
  for (guint i = 0; i < self->moves->len; i++)
    {
      GtkWidget *chip = make_chip (self, &g_array_index (self->moves, HeartsReviewMove, i));

      g_ptr_array_add (self->chips, chip);
      gtk_grid_attach (self->strip, chip, i % STRIP_COLUMNS, i / STRIP_COLUMNS, 1, 1);
    }
}

static void
read_tricks (HeartsReviewView *self)
{
  const HeartsSeatState *state = hearts_seat_view_get_state (self->view);

  self->n_players = hearts_seat_state_get_n_players (state);
  self->own = hearts_seat_state_get_seat (state);
  self->n_tricks = 0;
  while (self->n_tricks < G_N_ELEMENTS (self->tricks) &&
         hearts_seat_state_get_trick (state, self->n_tricks, &self->tricks[self->n_tricks]))
    self->n_tricks++;
}

static void
set_computing (HeartsReviewView *self,
               gboolean          computing)
{
  if ((self->cancellable != NULL) == computing)
    return;
  if (computing)
    self->cancellable = g_cancellable_new ();
  else
    g_clear_object (&self->cancellable);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_COMPUTING]);
}

static void
stop (HeartsReviewView *self)
{
  if (self->cancellable == NULL)
    return;
  g_cancellable_cancel (self->cancellable);
  set_computing (self, FALSE);
}

/* The review's callbacks */

static void
on_progress (guint    done,
             guint    total,
             gpointer user_data)
{
  HeartsReviewView *self = user_data;
  g_autofree char  *text = NULL;

  if (self->cancellable == NULL)
    return;
  self->done = done;
  self->total = total;
  gtk_progress_bar_set_fraction (self->progress_bar, total > 0 ? (double) done / total : 0);
  /* Translators: the review's progress: moves weighed, of how many */
  text = g_strdup_printf (_("%u of %u moves"), done, total);
  gtk_progress_bar_set_text (self->progress_bar, text);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_FRACTION]);
}

static void
on_review_ready (GObject      *source,
                 GAsyncResult *result,
                 gpointer      user_data)
{
  g_autoptr(HeartsReviewView) self = user_data;
  g_autoptr(GError) error = NULL;
  g_autoptr(GArray) moves = hearts_review_hand_finish (HEARTS_SEAT_VIEW (source), result, &error);

  /* Cancelled (Cancel, closed, disposed): the view wants nothing more. */
  if (self->cancellable == NULL || g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
    return;
  if (moves == NULL)
    {
      set_computing (self, FALSE);
      adw_status_page_set_description (self->failed_page, error->message);
      gtk_stack_set_visible_child_name (self->stack, "failed");
      return;
    }
  hearts_review_view_set_moves (self, moves);
}

/* Actions and signal callbacks */

static void
previous_action (GtkWidget  *widget,
                 const char *action_name,
                 GVariant   *parameter)
{
  HeartsReviewView *self = HEARTS_REVIEW_VIEW (widget);

  if (self->step > 0)
    hearts_review_view_set_step (self, self->step - 1);
}

static void
next_action (GtkWidget  *widget,
             const char *action_name,
             GVariant   *parameter)
{
  HeartsReviewView *self = HEARTS_REVIEW_VIEW (widget);

  if (self->moves != NULL && self->step + 1 < self->moves->len)
    hearts_review_view_set_step (self, self->step + 1);
}

static void
on_cancel_clicked_cb (HeartsReviewView *self)
{
  hearts_review_view_cancel (self);
}

static gboolean
close_cb (GtkWidget *widget,
          GVariant  *args,
          gpointer   user_data)
{
  hearts_review_view_cancel (HEARTS_REVIEW_VIEW (widget));
  return TRUE;
}

/* GObject and GtkWidget */

static void
hearts_review_view_constructed (GObject *object)
{
  HeartsReviewView *self = HEARTS_REVIEW_VIEW (object);

  G_OBJECT_CLASS (hearts_review_view_parent_class)->constructed (object);

  g_assert (HEARTS_IS_SEAT_VIEW (self->view));
  if (self->card_theme == NULL)
    self->card_theme = hearts_card_theme_new_default ();
  read_tricks (self);
}

/* A dialog that closes is unmapped, whether it leaves its window (AdwDialog) or is
 * destroyed (AdwWindow, which the callback's reference keeps from its dispose): the
 * work stops then. */
static void
hearts_review_view_unmap (GtkWidget *widget)
{
  stop (HEARTS_REVIEW_VIEW (widget));

  GTK_WIDGET_CLASS (hearts_review_view_parent_class)->unmap (widget);
}

static void
hearts_review_view_dispose (GObject *object)
{
  HeartsReviewView *self = HEARTS_REVIEW_VIEW (object);

  stop (self);
  gtk_widget_dispose_template (GTK_WIDGET (object), HEARTS_TYPE_REVIEW_VIEW);
  g_clear_pointer (&self->chips, g_ptr_array_unref);
  g_clear_pointer (&self->moves, g_array_unref);
  g_clear_object (&self->card_theme);
  g_clear_object (&self->view);

  G_OBJECT_CLASS (hearts_review_view_parent_class)->dispose (object);
}

static void
hearts_review_view_get_property (GObject    *object,
                                 guint       prop_id,
                                 GValue     *value,
                                 GParamSpec *pspec)
{
  HeartsReviewView *self = HEARTS_REVIEW_VIEW (object);

  switch (prop_id)
    {
    case PROP_SEAT_VIEW:
      g_value_set_object (value, self->view);
      break;
    case PROP_CARD_THEME:
      g_value_set_object (value, self->card_theme);
      break;
    case PROP_COMPUTING:
      g_value_set_boolean (value, hearts_review_view_get_computing (self));
      break;
    case PROP_FRACTION:
      g_value_set_double (value, hearts_review_view_get_fraction (self));
      break;
    case PROP_STEP:
      g_value_set_uint (value, self->step);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
hearts_review_view_set_property (GObject      *object,
                                 guint         prop_id,
                                 const GValue *value,
                                 GParamSpec   *pspec)
{
  HeartsReviewView *self = HEARTS_REVIEW_VIEW (object);

  switch (prop_id)
    {
    case PROP_SEAT_VIEW:
      self->view = g_value_dup_object (value);
      break;
    case PROP_CARD_THEME:
      self->card_theme = g_value_dup_object (value);
      break;
    case PROP_STEP:
      hearts_review_view_set_step (self, g_value_get_uint (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
hearts_review_view_class_init (HeartsReviewViewClass *klass)
{
  GObjectClass   *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->constructed = hearts_review_view_constructed;
  object_class->dispose = hearts_review_view_dispose;
  object_class->get_property = hearts_review_view_get_property;
  object_class->set_property = hearts_review_view_set_property;
  widget_class->unmap = hearts_review_view_unmap;

  properties[PROP_SEAT_VIEW] =
    g_param_spec_object ("seat-view", NULL, NULL, HEARTS_TYPE_SEAT_VIEW,
                         (G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS));
  /* NULL: our own deck. */
  properties[PROP_CARD_THEME] =
    g_param_spec_object ("card-theme", NULL, NULL, HEARTS_TYPE_CARD_THEME,
                         (G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS));
  properties[PROP_COMPUTING] =
    g_param_spec_boolean ("computing", NULL, NULL, FALSE,
                          (G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));
  properties[PROP_FRACTION] =
    g_param_spec_double ("fraction", NULL, NULL, 0, 1, 0,
                         (G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));
  properties[PROP_STEP] =
    g_param_spec_uint ("step", NULL, NULL, 0, G_MAXUINT, 0,
                       (G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));
  g_object_class_install_properties (object_class, N_PROPS, properties);

  g_type_ensure (HEARTS_TYPE_ANNOUNCER);
  gtk_widget_class_set_template_from_resource (widget_class, RESOURCE_PATH "/dialogs/hearts-review-view.ui");
  gtk_widget_class_bind_template_child (widget_class, HeartsReviewView, stack);
  gtk_widget_class_bind_template_child (widget_class, HeartsReviewView, progress_bar);
  gtk_widget_class_bind_template_child (widget_class, HeartsReviewView, cancel_button);
  gtk_widget_class_bind_template_child (widget_class, HeartsReviewView, summary_label);
  gtk_widget_class_bind_template_child (widget_class, HeartsReviewView, strip);
  gtk_widget_class_bind_template_child (widget_class, HeartsReviewView, step_label);
  gtk_widget_class_bind_template_child (widget_class, HeartsReviewView, cards_box);
  gtk_widget_class_bind_template_child (widget_class, HeartsReviewView, cards_caption);
  gtk_widget_class_bind_template_child (widget_class, HeartsReviewView, best_box);
  gtk_widget_class_bind_template_child (widget_class, HeartsReviewView, best_caption);
  gtk_widget_class_bind_template_child (widget_class, HeartsReviewView, best_cards);
  gtk_widget_class_bind_template_child (widget_class, HeartsReviewView, verdict_box);
  gtk_widget_class_bind_template_child (widget_class, HeartsReviewView, verdict_icon);
  gtk_widget_class_bind_template_child (widget_class, HeartsReviewView, verdict_title);
  gtk_widget_class_bind_template_child (widget_class, HeartsReviewView, verdict_label);
  gtk_widget_class_bind_template_child (widget_class, HeartsReviewView, previous_button);
  gtk_widget_class_bind_template_child (widget_class, HeartsReviewView, next_button);
  gtk_widget_class_bind_template_child (widget_class, HeartsReviewView, failed_page);
  gtk_widget_class_bind_template_child (widget_class, HeartsReviewView, announcer);
  gtk_widget_class_bind_template_callback (widget_class, on_cancel_clicked_cb);

  gtk_widget_class_install_action (widget_class, "review.previous", NULL, previous_action);
  gtk_widget_class_install_action (widget_class, "review.next", NULL, next_action);
  gtk_widget_class_add_binding (widget_class, GDK_KEY_Escape, 0, close_cb, NULL);
}

static void
hearts_review_view_init (HeartsReviewView *self)
{
  self->chips = g_ptr_array_new ();
  gtk_widget_init_template (GTK_WIDGET (self));
  hearts_dialog_set_size (GTK_WIDGET (self), HEARTS_REVIEW_VIEW_WIDTH, HEARTS_REVIEW_VIEW_HEIGHT);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "review.previous", FALSE);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "review.next", FALSE);
}

/* Public API */

GtkWidget *
hearts_review_view_new (HeartsSeatView  *view,
                        HeartsCardTheme *theme)
{
  g_return_val_if_fail (HEARTS_IS_SEAT_VIEW (view), NULL);
  g_return_val_if_fail (theme == NULL || HEARTS_IS_CARD_THEME (theme), NULL);

  return g_object_new (HEARTS_TYPE_REVIEW_VIEW,
                       "seat-view", view,
                       "card-theme", theme,
                       NULL);
}

void
hearts_review_view_start (HeartsReviewView *self,
                          guint             samples)
{
  g_return_if_fail (HEARTS_IS_REVIEW_VIEW (self));
  g_return_if_fail (self->cancellable == NULL && self->moves == NULL);

  set_computing (self, TRUE);
  self->done = self->total = 0;
  gtk_stack_set_visible_child_name (self->stack, "computing");
  gtk_widget_grab_focus (self->cancel_button);
  /* The reference keeps the progress callback's data alive until the end. */
  hearts_review_hand_async (self->view, samples, self->cancellable,
                            on_progress, self, on_review_ready, g_object_ref (self));
}

void
hearts_review_view_set_moves (HeartsReviewView *self,
                              GArray           *moves)
{
  g_autofree char *summary = NULL;
  gboolean         step_changed;

  g_return_if_fail (HEARTS_IS_REVIEW_VIEW (self));
  g_return_if_fail (moves != NULL && g_array_get_element_size (moves) == sizeof (HeartsReviewMove));

  g_clear_pointer (&self->moves, g_array_unref);
  self->moves = g_array_ref (moves);
  step_changed = self->step != 0;
  self->step = 0;
  fill_strip (self);
  summary = hearts_review_view_dup_summary (self);
  gtk_label_set_label (self->summary_label, summary);
  show_step (self);
  gtk_stack_set_visible_child_name (self->stack, "review");
  if (moves->len > 1)
    gtk_widget_grab_focus (self->next_button);
  {
    g_autofree char *verdict = hearts_review_view_dup_verdict (self);
    /* Translators: the review's summary, then its first step's verdict, read aloud */
    g_autofree char *both = g_strdup_printf (_("%s. %s"), summary, verdict != NULL ? verdict : "");

    hearts_announcer_announce (self->announcer, both);
  }
  if (step_changed)
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_STEP]);
  /* Last: "computing" goes off with the moves there to see. */
  stop (self);
}

void
hearts_review_view_cancel (HeartsReviewView *self)
{
  g_return_if_fail (HEARTS_IS_REVIEW_VIEW (self));

  stop (self);
  hearts_dialog_close (GTK_WIDGET (self));
}

gboolean
hearts_review_view_get_computing (HeartsReviewView *self)
{
  g_return_val_if_fail (HEARTS_IS_REVIEW_VIEW (self), FALSE);

  return self->cancellable != NULL;
}

double
hearts_review_view_get_fraction (HeartsReviewView *self)
{
  g_return_val_if_fail (HEARTS_IS_REVIEW_VIEW (self), 0);

  if (self->moves != NULL)
    return 1;
  return self->total > 0 ? (double) self->done / self->total : 0;
}

guint
hearts_review_view_get_n_steps (HeartsReviewView *self)
{
  g_return_val_if_fail (HEARTS_IS_REVIEW_VIEW (self), 0);

  return self->moves != NULL ? self->moves->len : 0;
}

guint
hearts_review_view_get_step (HeartsReviewView *self)
{
  g_return_val_if_fail (HEARTS_IS_REVIEW_VIEW (self), 0);

  return self->step;
}

void
hearts_review_view_set_step (HeartsReviewView *self,
                             guint             step)
{
  g_return_if_fail (HEARTS_IS_REVIEW_VIEW (self));

  if (self->moves == NULL || step >= self->moves->len || step == self->step)
    return;
  self->step = step;
  show_step (self);
  {
    g_autofree char *verdict = hearts_review_view_dup_verdict (self);

    hearts_announcer_announce (self->announcer, verdict);
  }
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_STEP]);
}

const HeartsReviewMove *
hearts_review_view_get_move (HeartsReviewView *self,
                             guint             step)
{
  g_return_val_if_fail (HEARTS_IS_REVIEW_VIEW (self), NULL);

  if (self->moves == NULL || step >= self->moves->len)
    return NULL;
  return &g_array_index (self->moves, HeartsReviewMove, step);
}

char *
hearts_review_view_dup_summary (HeartsReviewView *self)
{
  guint            costly = 0;
  double           lost = 0;
  g_autofree char *points = NULL;

  g_return_val_if_fail (HEARTS_IS_REVIEW_VIEW (self), NULL);

  if (self->moves == NULL)
    return NULL;
  for (guint i = 0; i < self->moves->len; i++)
    {
      const HeartsReviewMove *move = &g_array_index (self->moves, HeartsReviewMove, i);

      if (move->costly)
        {
          costly++;
          lost += points_lost (move);
        }
    }
  if (costly == 0)
    return g_strdup (_("No costly moves: the computer agrees with your play."));
  points = g_strdup_printf ("%.1f", lost);
  /* Translators: the review's summary; %u is how many moves, %s points, as "6.1" */
  return g_strdup_printf (g_dngettext (NULL, "%u costly move, about %s points lost",
                                       "%u costly moves, about %s points lost", costly),
                          costly, points);
}

char *
hearts_review_view_dup_verdict (HeartsReviewView *self)
{
  const HeartsReviewMove *move;
  g_autofree char        *where = NULL;
  g_autofree char        *head = NULL;
  g_autofree char        *text = NULL;

  g_return_val_if_fail (HEARTS_IS_REVIEW_VIEW (self), NULL);

  move = current_move (self);
  if (move == NULL)
    return NULL;
  where = step_title (self, move);
  head = verdict_title (move);
  text = verdict_text (move);
  /* Translators: a step of the review read aloud: where, the verdict, then why, as
   * "Trick 5 of 13. Costly move: about 4.8 points lost. You played the …" */
  return g_strdup_printf (_("%s. %s. %s"), where, head, text);
}

void
hearts_review_view_get_progress (HeartsReviewView *self,
                                 guint            *done,
                                 guint            *total)
{
  g_return_if_fail (HEARTS_IS_REVIEW_VIEW (self));

  if (done != NULL)
    *done = self->done;
  if (total != NULL)
    *total = self->total;
}
