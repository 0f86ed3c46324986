/* hearts-window-claim.c: the Claim button and its proof
 *
 * The seat view says when the rest of the hand is decided ("claim-offer"); then
 * win.claim is enabled (and its button shown). The action shows the proof (the tricks
 * left, laid out) in an alert whose Claim plays the line through the game's moves; any
 * move closes it.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>

#include "hearts-claim-proof.h"
#include "hearts-compat.h"
#include "hearts-format.h"
#include "hearts-seat-names.h"
#include "hearts-window-private.h"

static void
set_dialog (HeartsWindow *self,
            GtkWidget    *dialog)
{
  if (self->claim_dialog == dialog)
    return;
  g_set_weak_pointer (&self->claim_dialog, dialog);
  _hearts_window_notify (self, WINDOW_PROP_CLAIM_PROOF);
}

void
_hearts_window_claim_update (HeartsWindow *self)
{
  /* The position the proof was about has gone. */
  if (self->claim_dialog != NULL)
    {
      GtkWidget *dialog = self->claim_dialog;

      set_dialog (self, NULL);
      hearts_dialog_close (dialog);
    }
  _hearts_window_actions_update (self);
}

/* What the claim comes to for the player, in words. */
static char *
dup_summary (HeartsWindow      *self,
             const HeartsTrick *tricks,
             guint              n)
{
  GString         *text = g_string_new (NULL);
  guint            own = hearts_seat_view_get_seat (self->view), mine = 0;
  gint             points = self->claim.points[own];
  g_autofree char *points_text = hearts_format_points (points);

  for (guint t = 0; t < n; t++)
    mine += tricks[t].winner == own;

  /* Two tricks at least in the plurals: the last one has its own words. */
  if (n == 1)
    g_string_append (text, mine == 1 ? _("You take the last trick.") : _("You do not take the last trick."));
  else if (mine == n)
    g_string_append_printf (text, g_dngettext (GETTEXT_PACKAGE, "You take all %u remaining tricks.", "You take all %u remaining tricks.", n),
                            n);
  else if (mine == 0)
    g_string_append_printf (text, g_dngettext (GETTEXT_PACKAGE, "You take none of the %u remaining tricks.", "You take none of the %u remaining tricks.", n),
                            n);
  else
    /* Translators: the first %u is how many tricks the player takes, the second how many are left */
    g_string_append_printf (text, g_dngettext (GETTEXT_PACKAGE, "You take %u of the %u remaining tricks.", "You take %u of the %u remaining tricks.", n),
                            mine, n);
  g_string_append_c (text, ' ');

  if (self->claim.kind == HEARTS_CLAIM_SETTLED)
    {
      g_string_append (text, _("No points are left to take."));
      g_string_append_c (text, ' ');
    }
  g_string_append_printf (text, g_dngettext (GETTEXT_PACKAGE, "You end the hand with %s point.", "You end the hand with %s points.", ABS (points)),
                          points_text);

  if (self->claim.shooter == (gint) own)
    {
      g_string_append_c (text, ' ');
      g_string_append (text, _("You shoot the moon!"));
    }
  else if (self->claim.shooter >= 0)
    {
      g_string_append_c (text, ' ');
      /* Translators: %s is a player's name */
      g_string_append_printf (text, _("%s shoots the moon."), hearts_seat_name (self->view, self->claim.shooter));
    }
  return g_string_free (text, FALSE);
}

static void
on_claim_response_cb (GtkWidget    *dialog,
                      const char   *response,
                      HeartsWindow *self)
{
  if (self->claim_dialog != dialog)
    return;
  set_dialog (self, NULL);
  if (g_strcmp0 (response, "claim") != 0)
    return;

  /* The game refuses a claim that no longer holds (a race with the check): the hand
   * goes on as it was. */
  if (!hearts_seat_view_claim (self->view))
    hearts_window_show_toast (self, _("The rest of the hand is not decided any more"));
}

void
_hearts_window_claim_auto_finished (HeartsWindow *self)
{
  /* Even the player's cards went: say why. */
  hearts_window_show_toast (self, _("No card left can change the score: the hand is played out"));
}

void
_hearts_window_claim_action (GtkWidget  *widget,
                             const char *action_name,
                             GVariant   *parameter)
{
  HeartsWindow    *self = HEARTS_WINDOW (widget);
  HeartsTrick      tricks[HEARTS_HAND_MAX_TRICKS];
  guint            n_tricks;
  g_autofree char *summary = NULL;
  GtkWidget       *dialog, *proof;

  if (hearts_seat_view_get_claim_offer (self->view, &self->claim) != HEARTS_CLAIM_OFFER_OFFERED ||
      self->claim_dialog != NULL)
    return;
  n_tricks = hearts_seat_view_get_claim_tricks (self->view, &self->claim, tricks);
  if (n_tricks == 0)
    return;

  summary = dup_summary (self, tricks, n_tricks);
  dialog = hearts_alert_new (_("Claim the Rest?"), summary, "claim", _("_Claim"));
  hearts_alert_set_response_label (dialog, "cancel", _("_Keep Playing"));
  hearts_alert_set_suggested (dialog, "claim");
  proof = hearts_claim_proof_new (hearts_table_get_card_theme (self->table), hearts_table_get_card_width (self->table));
  hearts_claim_proof_set_claim (HEARTS_CLAIM_PROOF (proof), self->view, &self->claim, tricks, n_tricks);
  hearts_alert_set_extra_child (dialog, proof);
  g_signal_connect_object (dialog, "response", G_CALLBACK (on_claim_response_cb), self, 0);
  hearts_dialog_present (dialog, widget);
  set_dialog (self, dialog);
}
