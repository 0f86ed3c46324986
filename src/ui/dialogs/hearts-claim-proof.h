/* hearts-claim-proof.h: the rest of a hand laid out by trick, as a claim shows it
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gtk/gtk.h>

#include "hearts-card-theme.h"
#include "hearts-seat-view.h"

G_BEGIN_DECLS

#define HEARTS_TYPE_CLAIM_PROOF (hearts_claim_proof_get_type ())

G_DECLARE_FINAL_TYPE (HeartsClaimProof, hearts_claim_proof, HEARTS, CLAIM_PROOF, GtkBox)

/* @theme and @render_width: the table's, so that its cards are drawn from the table's size. */
GtkWidget  *hearts_claim_proof_new           (HeartsCardTheme        *theme,
                                              int                     render_width);
/* @claim laid out (hearts_seat_view_get_claim_tricks()): a row per trick, who wins it,
 * its cards in order of play (those on the table already dimmed) and its points, the
 * players named as @view names them. */
void        hearts_claim_proof_set_claim     (HeartsClaimProof       *self,
                                              HeartsSeatView         *view,
                                              const HeartsClaim      *claim,
                                              const HeartsTrick      *tricks,
                                              guint                   n_tricks);
const HeartsClaim *hearts_claim_proof_get_claim  (HeartsClaimProof   *self);
const HeartsTrick *hearts_claim_proof_get_tricks (HeartsClaimProof   *self,
                                                  guint              *n_tricks);

G_END_DECLS
