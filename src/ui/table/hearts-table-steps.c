/* hearts-table-steps.c: the plays and collected tricks the table still has to show
 *
 * The game moves on at once; the table queues what happened and shows it one step at
 * a time, and is busy until the queue is empty.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>

#include "hearts-deal.h"
#include "hearts-format.h"
#include "hearts-table-private.h"

static void run_next_step (HeartsTable *self);

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
      _hearts_table_collect_to_pile (self, step->seat);
      self->n_shown = 0;
      self->collect_winner = -1;
    }
  g_clear_object (&self->step_animation);
  gtk_widget_queue_draw (GTK_WIDGET (self));
  run_next_step (self);
}

/* Said when the table shows the move, so that speech keeps pace with the cards. */
static void
announce_step (HeartsTable *self,
               Step        *step)
{
  const char      *who = hearts_table_get_player_name (self, step->seat);
  g_autofree char *text = NULL;

  if (step->kind == STEP_PLAY)
    {
      g_autofree char *card = hearts_card_get_name (step->card);

      if (step->seat == HEARTS_HUMAN_SEAT)
        /* Translators: %s is a card, as "Queen of Spades"; leave out the article if your
         * language's would depend on the card */
        text = g_strdup_printf (_("You play the %s"), card);
      else
        /* Translators: a player's name, then a card: "West plays the Queen of Spades" */
        text = g_strdup_printf (_("%s plays the %s"), who, card);
    }
  else
    {
      HeartsCards      cards = 0;
      gint             points;
      g_autofree char *shown = NULL;

      for (guint i = 0; i < self->n_shown; i++)
        cards |= HEARTS_CARD_BIT (self->shown[i].card);
      points = hearts_cards_points (cards, hearts_game_get_rules (self->game));
      shown = hearts_format_points (points);
      /* A trick with no points is only said to be taken: less to hear. */
      if (step->seat == HEARTS_HUMAN_SEAT && points == 0)
        text = g_strdup (_("You take the trick"));
      else if (step->seat == HEARTS_HUMAN_SEAT)
        /* Translators: the points of the trick you took, "You take the trick, 13 points"
         * (or "−10 points") */
        text = g_strdup_printf (g_dngettext (NULL, "You take the trick, %s point",
                                             "You take the trick, %s points", ABS (points)),
                                shown);
      else if (points == 0)
        /* Translators: a player's name: "West takes the trick" */
        text = g_strdup_printf (_("%s takes the trick"), who);
      else
        /* Translators: a player's name, then points: "West takes the trick, 13 points"
         * (or "−10 points") */
        text = g_strdup_printf (g_dngettext (NULL, "%s takes the trick, %s point",
                                             "%s takes the trick, %s points", ABS (points)),
                                who, shown);
    }
  hearts_announcer_announce (self->announcer, text);
  self->turn_said = FALSE;
}

static void
run_next_step (HeartsTable *self)
{
  AdwAnimationTarget *target;
  Step               *step;
  guint               ms;

  if (self->step != NULL)
    return;

  step = g_queue_pop_head (&self->steps);
  if (step == NULL)
    {
      _hearts_table_set_busy (self, FALSE);
      _hearts_table_sync_from_game (self);
      return;
    }

  _hearts_table_set_busy (self, TRUE);
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
      /* A play queued behind others (a claim, a hand played out) leaves the hand now,
       * from where its card is now. */
      if (!step->has_from && step->seat == HEARTS_HUMAN_SEAT && (self->has_pos & HEARTS_CARD_BIT (step->card)))
        {
          step->has_from = TRUE;
          step->from = GRAPHENE_RECT_INIT (self->card_at[step->card].x, self->card_at[step->card].y,
                                           self->card_w, self->card_h);
        }
      if (step->has_from)
        shown->from = step->from;
      else
        shown->from = rect_centered (self->seats[step->seat].fan, self->back_w, self->back_h);
      if (step->seat == HEARTS_HUMAN_SEAT)
        _hearts_table_sync_hand (self);
      ms = _hearts_table_animation_ms (self, BASE_PLAY_MS);
    }
  else
    {
      self->collect_winner = step->seat;
      ms = _hearts_table_animation_ms (self, BASE_PAUSE_MS + BASE_COLLECT_MS);
    }
  _hearts_table_update_labels (self);
  if (self->game != NULL)
    announce_step (self, step);

  target = adw_callback_animation_target_new (on_step_value, self, NULL);
  self->step_animation = adw_timed_animation_new (GTK_WIDGET (self), 0, 1, ms, target);
  adw_timed_animation_set_easing (ADW_TIMED_ANIMATION (self->step_animation),
                                  step->kind == STEP_PLAY ? ADW_EASE_OUT_CUBIC : ADW_LINEAR);
  g_signal_connect (self->step_animation, "done", G_CALLBACK (on_step_done), self);
  adw_animation_play (self->step_animation);
}

static gboolean
run_steps_idle (gpointer user_data)
{
  HeartsTable *self = user_data;

  self->steps_idle_id = 0;
  run_next_step (self);
  return G_SOURCE_REMOVE;
}

void
_hearts_table_queue_step (HeartsTable           *self,
                          StepKind               kind,
                          guint                  seat,
                          HeartsCard             card,
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
  _hearts_table_set_busy (self, TRUE);
  /* Started once the game's signals for this move are all in: with animations off a
   * step ends at once, and a play must not look like the end of its trick. */
  if (self->steps_idle_id == 0)
    self->steps_idle_id = g_idle_add (run_steps_idle, self);
}

/* The cards @seat has played that the table has yet to show and that are still to
 * leave its hand (a play that starts from where it was let go has left already). */
HeartsCards
_hearts_table_queued_plays (HeartsTable *self,
                            guint        seat)
{
  HeartsCards cards = 0;

  for (GList *l = self->steps.head; l != NULL; l = l->next)
    {
      Step *step = l->data;

      if (step->kind == STEP_PLAY && step->seat == seat && !step->has_from)
        cards |= HEARTS_CARD_BIT (step->card);
    }
  return cards;
}

void
_hearts_table_clear_steps (HeartsTable *self)
{
  g_clear_handle_id (&self->steps_idle_id, g_source_remove);
  g_queue_clear_full (&self->steps, g_free);
  g_clear_pointer (&self->step, g_free);
  if (self->step_animation != NULL)
    {
      g_signal_handlers_disconnect_by_func (self->step_animation, on_step_done, self);
      adw_animation_reset (self->step_animation);
      g_clear_object (&self->step_animation);
    }
  self->collect_winner = -1;
  _hearts_table_set_busy (self, FALSE);
}

/* Each skip ends one step and starts the next. */
void
_hearts_table_finish_steps (HeartsTable *self)
{
  if (self->steps_idle_id != 0)
    {
      g_clear_handle_id (&self->steps_idle_id, g_source_remove);
      run_next_step (self);
    }
  while (self->step_animation != NULL)
    adw_animation_skip (self->step_animation);
}
