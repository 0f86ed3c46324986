/* hearts-claim-proof.h: the rest of a hand laid out by trick, as a claim shows it
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gtk/gtk.h>

#include "hearts-card-theme.h"
#include "hearts-game.h"

G_BEGIN_DECLS

#define HEARTS_TYPE_CLAIM_PROOF (hearts_claim_proof_get_type ())

G_DECLARE_FINAL_TYPE (HeartsClaimProof, hearts_claim_proof, HEARTS, CLAIM_PROOF, GtkBox)

/* @theme and @render_width: the table's, so that its cards are drawn from the table's size. */
GtkWidget  *hearts_claim_proof_new           (HeartsCardTheme        *theme,
                                              int                     render_width);
/* A row per trick: who wins it, its cards in order of play (those on the table
 * already dimmed) and its points. @names: the seats' names. */
void        hearts_claim_proof_set_tricks    (HeartsClaimProof       *self,
                                              const HeartsTrick *tricks,
                                              guint                   n_tricks,
                                              const char * const     *names);

G_END_DECLS
