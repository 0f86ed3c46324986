/* hearts-review.c
 *
 * The review asks the Hard player about each move of one seat, from what that seat
 * could see then: the view is rebuilt from the deal's history at that move, so the
 * other hands never reach the search (tests/model/test-review.c changes them and
 * checks that nothing changes).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <string.h>

#include "hearts-game-deal.h"
#include "hearts-review-deal.h"
#include "hearts-seat-view-private.h"

#define DEFAULT_SAMPLES 1000 /* the Hard player's own budget; about 0.5 s a hand on one core */

guint
hearts_review_deal_count (const HeartsDeal *deal,
                          guint             seat)
{
  guint n = (deal->passed >> seat) & 1;

  for (guint i = 0; i < deal->n_plays; i++)
    n += hearts_deal_get_play_seat (deal, i) == seat;
  return n;
}

/* @shooter: who shot the moon in the hand as it was played, -1 for nobody, -2 while the
 * hand is not over. */
static void
fill_move (HeartsReviewMove         *move,
           const HeartsAiEvaluation *eval,
           guint                     made,
           guint                     seat,
           gint                      shooter)
{
  guint  best = eval->best;
  double lost, let, gave;

  g_assert (made < eval->n_moves);
  move->best = eval->moves[best];
  move->move_points = eval->points[made];
  move->best_points = eval->points[best];
  move->forced = eval->n_moves == 1;
  move->costly = move->move_points - move->best_points >= HEARTS_REVIEW_COSTLY_POINTS;
  move->moon = HEARTS_REVIEW_MOON_NONE;
  move->move_moon = eval->their_moon[made];
  move->best_moon = eval->their_moon[best];
  if (!move->costly || shooter == -2)
    return;
  /* The moon is named only when the hand bears it out, and when it explains the loss. */
  lost = move->move_points - move->best_points;
  let = eval->their_moon[made] - eval->their_moon[best];
  gave = eval->own_moon[best] - eval->own_moon[made];
  if (shooter >= 0 && shooter != (gint) seat && let >= HEARTS_REVIEW_MOON_CHANCE && let * 26 >= lost / 2)
    move->moon = HEARTS_REVIEW_MOON_LET_THROUGH;
  else if (shooter != (gint) seat && gave >= HEARTS_REVIEW_MOON_CHANCE && gave * 26 >= lost / 2)
    {
      move->moon = HEARTS_REVIEW_MOON_GAVE_UP;
      move->move_moon = eval->own_moon[made];
      move->best_moon = eval->own_moon[best];
    }
}

static gboolean
check_cancelled (GCancellable *cancellable,
                 GError      **error)
{
  return g_cancellable_set_error_if_cancelled (cancellable, error);
}

GArray *
hearts_review_deal (const HeartsRules   *rules,
                    const HeartsDeal    *deal,
                    guint                seat,
                    guint                hand_index,
                    const gint          *totals,
                    HeartsAi            *hard,
                    GCancellable        *cancellable,
                    HeartsReviewProgress progress,
                    gpointer             progress_data,
                    GError             **error)
{
  g_autoptr(GArray) moves = g_array_new (FALSE, TRUE, sizeof (HeartsReviewMove));
  guint              total = hearts_review_deal_count (deal, seat);
  HeartsDeal         replay;
  HeartsView         view;
  HeartsAiEvaluation eval;
  gint               shooter = -2;
  gboolean           ok;

  g_return_val_if_fail (seat < deal->n_players, NULL);

  if (hearts_deal_is_done (deal))
    {
      HeartsDealScore score;

      hearts_deal_score (deal, rules, totals, &score);
      shooter = score.shooter;
    }

  ok = hearts_deal_init (&replay, rules, deal->dealer, deal->pass, deal->dealt);
  g_return_val_if_fail (ok, NULL);

  if (deal->passed & (1u << seat))
    {
      HeartsReviewMove move;

      /* Zeroed padding too: reviews are compared bytewise. */
      memset (&move, 0, sizeof move);
      move.is_pass = TRUE;
      move.move = deal->passes[seat];
      if (check_cancelled (cancellable, error))
        return NULL;
      /* Before anyone has passed: the view shows only the seat's own hand. */
      hearts_view_init (&view, rules, &replay, seat, hand_index, totals);
      ok = hearts_ai_evaluate_pass (hard, &view, move.move, &eval);
      g_assert (ok);
      for (guint c = 0; c < eval.n_moves; c++)
        if (eval.moves[c] == move.move)
          fill_move (&move, &eval, c, seat, shooter);
      g_array_append_val (moves, move);
      if (progress != NULL)
        progress (moves->len, total, progress_data);
    }

  for (guint s = 0; s < deal->n_players; s++)
    if (deal->passed & (1u << s))
      hearts_deal_pass (&replay, rules, s, deal->passes[s]);

  for (guint i = 0; i < deal->n_plays; i++)
    {
      HeartsCard card = deal->plays[i];

      if (replay.turn == seat)
        {
          HeartsReviewMove move;

          memset (&move, 0, sizeof move);
          move.trick = i / deal->n_players;
          move.play_index = i;
          move.move = HEARTS_CARD_BIT (card);
          if (check_cancelled (cancellable, error))
            return NULL;
          hearts_view_init (&view, rules, &replay, seat, hand_index, totals);
          ok = hearts_ai_evaluate_play (hard, &view, &eval);
          g_assert (ok);
          fill_move (&move, &eval, hearts_ai_evaluation_find_play (&eval, &view, card), seat, shooter);
          g_array_append_val (moves, move);
          if (progress != NULL)
            progress (moves->len, total, progress_data);
        }
      if (hearts_deal_play (&replay, rules, replay.turn, card) != HEARTS_REFUSAL_NONE)
        g_return_val_if_reached (NULL);
    }

  /* A stop that came during the last search cut it short: that is no review. */
  if (check_cancelled (cancellable, error))
    return NULL;
  return g_steal_pointer (&moves);
}

guint64
hearts_review_seed (const HeartsDeal *deal,
                    guint             seat,
                    guint             hand_index)
{
  /* The same hand always gets the same review. */
  return (guint64) deal->dealt[seat] * G_GUINT64_CONSTANT (0x9e3779b97f4a7c15) + hand_index;
}

/* The task */

typedef struct
{
  HeartsRules          rules;
  HeartsDeal           deal;
  guint                seat;
  guint                hand_index;
  gint                 totals[HEARTS_MAX_PLAYERS];
  HeartsAi            *hard;
  GMainContext        *context;
  HeartsReviewProgress progress;
  gpointer             progress_data;
} ReviewData;

static void
review_data_free (gpointer data)
{
  ReviewData *rd = data;

  g_clear_pointer (&rd->hard, hearts_ai_free);
  g_clear_pointer (&rd->context, g_main_context_unref);
  g_free (rd);
}

typedef struct
{
  GTask *task;
  guint  done;
  guint  total;
} ProgressStep;

static void
progress_step_free (gpointer data)
{
  ProgressStep *step = data;

  g_object_unref (step->task);
  g_free (step);
}

static gboolean
progress_idle (gpointer data)
{
  ProgressStep *step = data;
  ReviewData   *rd = g_task_get_task_data (step->task);

  /* Nothing after the end, nor once the caller has given up. */
  if (!g_task_get_completed (step->task) &&
      !g_cancellable_is_cancelled (g_task_get_cancellable (step->task)))
    rd->progress (step->done, step->total, rd->progress_data);
  return G_SOURCE_REMOVE;
}

static void
progress_in_thread (guint    done,
                    guint    total,
                    gpointer data)
{
  GTask        *task = data;
  ReviewData   *rd = g_task_get_task_data (task);
  ProgressStep *step;

  if (rd->progress == NULL)
    return;
  step = g_new0 (ProgressStep, 1);
  step->task = g_object_ref (task);
  step->done = done;
  step->total = total;
  g_main_context_invoke_full (rd->context, G_PRIORITY_DEFAULT, progress_idle, step, progress_step_free);
}

static void
on_cancelled_cb (GCancellable *cancellable,
                 HeartsAi     *hard)
{
  hearts_ai_stop (hard);
}

static void
review_thread (GTask        *task,
               gpointer      source_object,
               gpointer      task_data,
               GCancellable *cancellable)
{
  ReviewData *rd = task_data;
  GError     *error = NULL;
  GArray     *moves;
  gulong      handler = 0;

  if (cancellable != NULL)
    handler = g_cancellable_connect (cancellable, G_CALLBACK (on_cancelled_cb), rd->hard, NULL);
  moves = hearts_review_deal (&rd->rules, &rd->deal, rd->seat, rd->hand_index, rd->totals,
                              rd->hard, cancellable, progress_in_thread, task, &error);
  g_cancellable_disconnect (cancellable, handler);

  if (moves != NULL)
    g_task_return_pointer (task, moves, (GDestroyNotify) g_array_unref);
  else
    g_task_return_error (task, error);
}

/* A deal that replays every move the seat saw, made from its view of the finished hand
 * alone: each other seat is dealt what it played, the passes they made among themselves
 * (which the seat never saw, and no view of it holds) taken as any three of the cards
 * their receivers played. Every play is as legal as it was: the hands from which the
 * cards were played are the real ones. */
static gboolean
deal_from_view (const HeartsView *view,
                HeartsDeal       *out)
{
  const HeartsDeal *seen = &view->deal;
  const HeartsRules *rules = &view->rules;
  guint             n = seen->n_players;
  guint             own = view->seat;
  HeartsCards       played[HEARTS_MAX_PLAYERS] = { 0 };
  HeartsCards       passes[HEARTS_MAX_PLAYERS] = { 0 };
  HeartsCards       dealt[HEARTS_MAX_PLAYERS];

  if (!hearts_deal_is_done (seen))
    return FALSE;
  for (guint i = 0; i < seen->n_plays; i++)
    played[hearts_deal_get_play_seat (seen, i)] |= HEARTS_CARD_BIT (seen->plays[i]);

  if (seen->pass != HEARTS_PASS_HOLD)
    for (guint s = 0; s < n; s++)
      {
        guint to = hearts_rules_pass_target (rules, seen->pass, s);

        if (s == own)
          passes[s] = seen->passes[own];
        else if (to == own)
          passes[s] = hearts_view_get_received (view);
        else
          for (guint k = 0; k < HEARTS_PASS_SIZE; k++)
            passes[s] |= HEARTS_CARD_BIT (hearts_cards_lowest (played[to] & ~passes[s]));
      }
  for (guint s = 0; s < n; s++)
    {
      guint from = hearts_rules_pass_source (rules, seen->pass, s);

      dealt[s] = seen->pass == HEARTS_PASS_HOLD ? played[s] : (played[s] & ~passes[from]) | passes[s];
    }
  if (dealt[own] != seen->dealt[own] || !hearts_deal_init (out, rules, seen->dealer, seen->pass, dealt))
    return FALSE;
  for (guint s = 0; s < n && seen->pass != HEARTS_PASS_HOLD; s++)
    if (hearts_deal_pass (out, rules, s, passes[s]) != HEARTS_REFUSAL_NONE)
      return FALSE;
  for (guint i = 0; i < seen->n_plays; i++)
    if (hearts_deal_play (out, rules, out->turn, seen->plays[i]) != HEARTS_REFUSAL_NONE)
      return FALSE;
  return TRUE;
}

void
hearts_review_hand_async (HeartsSeatView      *view,
                          guint                samples,
                          GCancellable        *cancellable,
                          HeartsReviewProgress progress,
                          gpointer             progress_data,
                          GAsyncReadyCallback  callback,
                          gpointer             user_data)
{
  g_autoptr(GTask) task = NULL;
  g_autofree char *samples_text = NULL;
  const HeartsSeatState *state;
  ReviewData      *rd;

  g_return_if_fail (HEARTS_IS_SEAT_VIEW (view));

  task = g_task_new (view, cancellable, callback, user_data);
  g_task_set_source_tag (task, hearts_review_hand_async);

  state = hearts_seat_view_get_state (view);
  rd = g_new0 (ReviewData, 1);
  g_task_set_task_data (task, rd, review_data_free);
  if ((state->phase != HEARTS_PHASE_HAND_OVER && state->phase != HEARTS_PHASE_GAME_OVER) ||
      !deal_from_view (&state->view, &rd->deal))
    {
      g_task_return_new_error (task, G_IO_ERROR, G_IO_ERROR_FAILED, "No hand has just finished");
      return;
    }

  rd->rules = state->view.rules;
  rd->seat = state->view.seat;
  rd->hand_index = state->view.hand_index;
  /* The totals the hand was played with, as the players saw them. */
  memcpy (rd->totals, state->view.totals, sizeof rd->totals);
  rd->hard = hearts_ai_new (HEARTS_AI_HARD, hearts_review_seed (&state->view.deal, rd->seat, rd->hand_index));
  samples_text = g_strdup_printf ("%u", samples > 0 ? samples : DEFAULT_SAMPLES);
  if (!hearts_ai_set_option (rd->hard, "movetime", "0") ||
      !hearts_ai_set_option (rd->hard, "threads", "1") ||
      !hearts_ai_set_option (rd->hard, "full-budget", "1") ||
      !hearts_ai_set_option (rd->hard, "moon-losers", "5") ||
      !hearts_ai_set_option (rd->hard, "samples", samples_text) ||
      !hearts_ai_set_option (rd->hard, "pass-samples", samples_text))
    g_assert_not_reached ();
  rd->context = g_main_context_ref_thread_default ();
  rd->progress = progress;
  rd->progress_data = progress_data;
  g_task_run_in_thread (task, review_thread);
}

GArray *
hearts_review_hand_finish (HeartsSeatView *view,
                           GAsyncResult   *result,
                           GError        **error)
{
  g_return_val_if_fail (g_task_is_valid (result, view), NULL);
  return g_task_propagate_pointer (G_TASK (result), error);
}
