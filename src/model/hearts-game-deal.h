/* hearts-game-deal.h: the game's engine-level insides, for the model, the tools and
 * the tests; views use what hearts-game.h says instead
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "hearts-ai.h"
#include "hearts-engine.h"
#include "hearts-game.h"

G_BEGIN_DECLS

/* The whole game, every seat's cards included: for the model (a seat's view, the saved
 * game, the runner), the tools and the tests. */
guint64              hearts_game_get_seed            (HeartsGame          *self);
/* The seat to play, or -1 while passing or between hands. */
gint                 hearts_game_get_current_player  (HeartsGame          *self);
guint                hearts_game_get_hand_index      (HeartsGame          *self);
HeartsPassDirection  hearts_game_get_pass_direction  (HeartsGame          *self);
gboolean             hearts_game_get_hearts_broken   (HeartsGame          *self);
HeartsCards          hearts_game_get_hand            (HeartsGame          *self,
                                                      guint                seat);
/* Cards a seat may play now (empty when it is not that seat's turn). */
HeartsCards          hearts_game_get_legal           (HeartsGame          *self,
                                                      guint                seat);
HeartsCards          hearts_game_get_received        (HeartsGame          *self,
                                                      guint                seat);
gboolean             hearts_game_has_passed          (HeartsGame          *self,
                                                      guint                seat);
/* Whether @seat has played a card in this hand. */
gboolean             hearts_game_has_played          (HeartsGame          *self,
                                                      guint                seat);
/* Whether a computer move is being worked out. */
gboolean             hearts_game_get_thinking        (HeartsGame          *self);
/* The trick on the table in order of play, and who led it. */
guint                hearts_game_get_trick           (HeartsGame          *self,
                                                      HeartsCard          *cards,
                                                      guint               *leader);
/* A trick of the hand in play or just finished (what a review steps through): its
 * cards in order of play and who led it; returns how many cards (0 past the last). */
guint                hearts_game_get_played_trick    (HeartsGame          *self,
                                                      guint                trick,
                                                      HeartsCard          *cards,
                                                      guint               *leader);
/* Tricks of the hand in play or just finished that are complete (0 while passing). */
guint                hearts_game_get_n_finished_tricks (HeartsGame        *self);
/* Who took finished trick @trick, or -1 when it is not finished. */
gint                 hearts_game_get_trick_winner    (HeartsGame          *self,
                                                      guint                trick);
/* The points of the cards of finished trick @trick (before any moon adjustment), 0 when
 * it is not finished. */
gint                 hearts_game_get_trick_points    (HeartsGame          *self,
                                                      guint                trick);
guint                hearts_game_get_tricks_won      (HeartsGame          *self,
                                                      guint                seat);
/* Points taken in the hand in progress (before any moon adjustment). */
gint                 hearts_game_get_hand_points     (HeartsGame          *self,
                                                      guint                seat);
/* The cards that score (hearts, Q♠, and J♦ with omnibus) that @seat has taken in the
 * hand in progress or just finished. */
HeartsCards          hearts_game_get_points_taken    (HeartsGame          *self,
                                                      guint                seat);
/* What @cards score under the game's rules. */
gint                 hearts_game_count_points        (HeartsGame          *self,
                                                      HeartsCards          cards);
gint                 hearts_game_get_total           (HeartsGame          *self,
                                                      guint                seat);
guint                hearts_game_get_n_results       (HeartsGame          *self);
const HeartsHandResult *hearts_game_get_result       (HeartsGame          *self,
                                                      guint                hand);
/* Bit per winning seat once the game is over, else 0. */
guint                hearts_game_get_winners         (HeartsGame          *self);
/* Whether the game is waiting for a computer seat to move. */
gboolean             hearts_game_computer_to_move    (HeartsGame          *self);
/* Whether a human seat may act (pass or play) now. */
gboolean             hearts_game_human_to_move       (HeartsGame          *self);

/* Moves. On refusal, @refusal says why and nothing changes. */
gboolean             hearts_game_pass                (HeartsGame          *self,
                                                      guint                seat,
                                                      HeartsCards          cards,
                                                      HeartsRefusal       *refusal);
gboolean             hearts_game_play                (HeartsGame          *self,
                                                      guint                seat,
                                                      HeartsCard           card,
                                                      HeartsRefusal       *refusal);
/* Claims. The rest of the hand is decided when every legal line of play ends with the
 * same points (hearts_deal_analyze_claim() in the engine, exact over the real hands).
 * A human seat may claim on its turn when it is; @proof (may be NULL) gets the result
 * and one line of play to it. hearts_game_claim() plays that line through
 * hearts_game_play(), so every signal, the record and the saved game see normal
 * moves; FALSE and nothing changes when the claim would be false. Ask again on
 * "changed". */
gboolean             hearts_game_can_claim           (HeartsGame          *self,
                                                      guint                seat,
                                                      HeartsClaim         *proof);
gboolean             hearts_game_claim               (HeartsGame          *self,
                                                      guint                seat);
/* The same check in a thread (it can take a tenth of a second), on a copy of the
 * position: TRUE and @proof (may be NULL) when the claim holds, FALSE with no error
 * when it does not, and G_IO_ERROR_CANCELLED when cancelled or when the game changed
 * meanwhile (the answer was about another position). */
void                 hearts_game_can_claim_async     (HeartsGame          *self,
                                                      guint                seat,
                                                      GCancellable        *cancellable,
                                                      GAsyncReadyCallback  callback,
                                                      gpointer             user_data);
gboolean             hearts_game_can_claim_finish    (HeartsGame          *self,
                                                      GAsyncResult        *result,
                                                      HeartsClaim         *proof,
                                                      GError             **error);
/* Lays @proof out by trick from the current position into @tricks (room for
 * HEARTS_GAME_MAX_TRICKS); returns how many, 0 when @proof is not a line from here. */
guint                hearts_game_get_claim_tricks    (HeartsGame          *self,
                                                      const HeartsClaim   *proof,
                                                      HeartsTrick    *tricks);
/* Whether no card left can change a score (hearts_deal_is_settled()): then
 * hearts_game_finish() plays the rest out at once, whoever is to move. */
gboolean             hearts_game_finish_is_determined(HeartsGame          *self);
gboolean             hearts_game_finish              (HeartsGame          *self);
/* From HAND_OVER: deal the next hand. */
void                 hearts_game_next_hand           (HeartsGame          *self);

/* One computer move (a pass or a play), worked out in a thread and applied on the
 * thread-default main context when it completes. */
void                 hearts_game_computer_move_async (HeartsGame          *self,
                                                      GCancellable        *cancellable,
                                                      GAsyncReadyCallback  callback,
                                                      gpointer             user_data);
gboolean             hearts_game_computer_move_finish(HeartsGame          *self,
                                                      GAsyncResult        *result,
                                                      GError             **error);
/* The same, on the calling thread: for tests and tools. FALSE if no computer is to move. */
gboolean             hearts_game_computer_move       (HeartsGame          *self);

/* The move the strongest computer player would make for human @seat now: a play
 * (one card) or a pass (three cards). Worked out in a thread. */
void                 hearts_game_hint_async          (HeartsGame          *self,
                                                      guint                seat,
                                                      GCancellable        *cancellable,
                                                      GAsyncReadyCallback  callback,
                                                      gpointer             user_data);
HeartsCards          hearts_game_hint_finish         (HeartsGame          *self,
                                                      GAsyncResult        *result,
                                                      GError             **error);

/* Undo back to the start of the hand: each step takes back the last human move and
 * the computer moves after it. */
gboolean             hearts_game_can_undo            (HeartsGame          *self);
gboolean             hearts_game_undo                (HeartsGame          *self);

/* The whole state, exactly (not the undo history). */
GVariant            *hearts_game_serialize           (HeartsGame          *self);
HeartsGame          *hearts_game_deserialize         (GVariant            *state,
                                                      GError             **error);
/* The game so far as a record hearts_record_replay() accepts. */
char                *hearts_game_get_record          (HeartsGame          *self);

const HeartsDeal *hearts_game_get_deal    (HeartsGame *self);
/* A computer seat played by @ai (transfer full), e.g. an external engine. */
void              hearts_game_set_seat_ai (HeartsGame *self,
                                           guint       seat,
                                           HeartsAi   *ai);
/* The player of a computer seat, or NULL for a human seat. */
HeartsAi         *hearts_game_get_seat_ai (HeartsGame *self,
                                           guint       seat);

G_END_DECLS
