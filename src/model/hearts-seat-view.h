/* hearts-seat-view.h: the game as one seat sees it, for every view of the game
 *
 * The table, the score sheet, the past tricks, a claim's proof, the review and the
 * hint read the game through this object only. It holds a HeartsSeatState and says
 * what happens as a stream of events (::event); its moves (pass, play, claim, undo,
 * next hand) go to whatever feeds it: a local game (HeartsLocalSeatView) or, later, a
 * table across the network.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gio/gio.h>

#include "hearts-seat-state.h"

G_BEGIN_DECLS

#define HEARTS_TYPE_SEAT_VIEW (hearts_seat_view_get_type ())

G_DECLARE_DERIVABLE_TYPE (HeartsSeatView, hearts_seat_view, HEARTS, SEAT_VIEW, GObject)

struct _HeartsSeatViewClass
{
  GObjectClass parent_class;

  /* ::event's default handler: applies the event to the state. */
  void         (*event)              (HeartsSeatView         *self,
                                      const HeartsSeatEvent  *event);

  gboolean     (*pass)               (HeartsSeatView         *self,
                                      HeartsCards             cards,
                                      HeartsRefusal          *refusal);
  gboolean     (*play)               (HeartsSeatView         *self,
                                      HeartsCard              card,
                                      HeartsRefusal          *refusal);
  gboolean     (*claim)              (HeartsSeatView         *self);
  gboolean     (*undo)               (HeartsSeatView         *self);
  void         (*next_hand)          (HeartsSeatView         *self);
  void         (*check_claim_async)  (HeartsSeatView         *self,
                                      GCancellable           *cancellable,
                                      GAsyncReadyCallback     callback,
                                      gpointer                user_data);
  gboolean     (*check_claim_finish) (HeartsSeatView         *self,
                                      GAsyncResult           *result,
                                      HeartsClaim            *proof,
                                      GError                **error);
  void         (*hint_async)         (HeartsSeatView         *self,
                                      GCancellable           *cancellable,
                                      GAsyncReadyCallback     callback,
                                      gpointer                user_data);
  HeartsCards  (*hint_finish)        (HeartsSeatView         *self,
                                      GAsyncResult           *result,
                                      GError                **error);

  /*< private >*/
  gpointer padding[8];
};

/* The state now. A handler of ::event connected with g_signal_connect() sees it as it
 * was before the event, one connected with g_signal_connect_after() after it. */
const HeartsSeatState *hearts_seat_view_get_state          (HeartsSeatView        *self);

guint                  hearts_seat_view_get_seat           (HeartsSeatView        *self);
guint                  hearts_seat_view_get_n_players      (HeartsSeatView        *self);
const HeartsRules     *hearts_seat_view_get_rules          (HeartsSeatView        *self);
HeartsPhase            hearts_seat_view_get_phase          (HeartsSeatView        *self);
gint                   hearts_seat_view_get_current_player (HeartsSeatView        *self);
guint                  hearts_seat_view_get_hand_index     (HeartsSeatView        *self);
gboolean               hearts_seat_view_get_hearts_broken  (HeartsSeatView        *self);
/* Whether the seat may act now (its pass, or its play). */
gboolean               hearts_seat_view_get_own_turn       (HeartsSeatView        *self);
gboolean               hearts_seat_view_get_can_undo       (HeartsSeatView        *self);
/* Whether another seat's move is being worked out. */
gboolean               hearts_seat_view_get_thinking       (HeartsSeatView        *self);
guint                  hearts_seat_view_get_n_results      (HeartsSeatView        *self);
/* The players' names by seat, as they chose them; "" for a seat without one (a view
 * names it by where it sits). */
const char * const    *hearts_seat_view_get_player_names   (HeartsSeatView        *self);
void                   hearts_seat_view_set_player_names   (HeartsSeatView        *self,
                                                            const char * const    *names);
const HeartsHandResult *hearts_seat_view_get_result        (HeartsSeatView        *self,
                                                            guint                  hand);

/* Moves. On refusal, @refusal says why and nothing changes. */
gboolean               hearts_seat_view_pass               (HeartsSeatView        *self,
                                                            HeartsCards            cards,
                                                            HeartsRefusal         *refusal);
gboolean               hearts_seat_view_play               (HeartsSeatView        *self,
                                                            HeartsCard             card,
                                                            HeartsRefusal         *refusal);
/* Back to before the seat's last move (see hearts_game_undo()). */
gboolean               hearts_seat_view_undo               (HeartsSeatView        *self);
/* From HAND_OVER: deal the next hand. */
void                   hearts_seat_view_next_hand          (HeartsSeatView        *self);

/* Claims. On the seat's turn the view works out whether the rest of the hand is
 * decided ("claim-offer": CHECKING, then OFFERED or NONE); once OFFERED, @proof (may be
 * NULL) gets the result and one line of play to it, laid out by trick with
 * get_claim_tricks() (room for HEARTS_HAND_MAX_TRICKS; 0 when it is not a line from
 * here). claim() plays it. A hand that the table finishes by itself once settled (see
 * hearts_seat_view_set_finishes_settled()) offers no claim then. */
HeartsClaimOffer       hearts_seat_view_get_claim_offer    (HeartsSeatView        *self,
                                                            HeartsClaim           *proof);
/* The check itself: TRUE and @proof, FALSE with no error when not decided,
 * G_IO_ERROR_CANCELLED when the game moved on meanwhile. */
void                   hearts_seat_view_check_claim_async  (HeartsSeatView        *self,
                                                            GCancellable          *cancellable,
                                                            GAsyncReadyCallback    callback,
                                                            gpointer               user_data);
gboolean               hearts_seat_view_check_claim_finish (HeartsSeatView        *self,
                                                            GAsyncResult          *result,
                                                            HeartsClaim           *proof,
                                                            GError               **error);
guint                  hearts_seat_view_get_claim_tricks   (HeartsSeatView        *self,
                                                            const HeartsClaim     *proof,
                                                            HeartsTrick           *tricks);
gboolean               hearts_seat_view_claim              (HeartsSeatView        *self);

/* The move the strongest computer player would make for the seat now: a play (one
 * card) or a pass (three cards). */
void                   hearts_seat_view_hint_async         (HeartsSeatView        *self,
                                                            GCancellable          *cancellable,
                                                            GAsyncReadyCallback    callback,
                                                            gpointer               user_data);
HeartsCards            hearts_seat_view_hint_finish        (HeartsSeatView        *self,
                                                            GAsyncResult          *result,
                                                            GError               **error);

G_END_DECLS
