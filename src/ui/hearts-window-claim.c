/* hearts-window-claim.c: the Claim button and its proof
 *
 * On the player's turn the window asks the game, in a thread, whether the rest of the
 * hand is decided; a yes enables win.claim (and shows its button) until the game
 * changes, which cancels a check in flight. The action shows the proof (the tricks
 * left, laid out) in an alert whose Claim plays the line through the game's moves.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>

#include "hearts-claim-proof.h"
#include "hearts-compat.h"
#include "hearts-format.h"
#include "hearts-window-private.h"

static gboolean
may_check (HeartsWindow *self)
{
  if (self->game == NULL || hearts_game_get_current_player (self->game) != HEARTS_HUMAN_SEAT ||
      !hearts_game_seat_is_human (self->game, HEARTS_HUMAN_SEAT))
    return FALSE;
  /* The runner finishes a settled hand by itself: no button that would flash and go. */
  return !(hearts_game_runner_get_auto_finish (self->runner) && hearts_game_finish_is_determined (self->game));
}

static void
set_dialog (HeartsWindow *self,
            GtkWidget    *dialog)
{
  if (self->claim_dialog == dialog)
    return;
  g_set_weak_pointer (&self->claim_dialog, dialog);
  _hearts_window_notify (self, WINDOW_PROP_CLAIM_DIALOG);
}

/* The check of this turn, or none. */
static void
set_check (HeartsWindow *self,
           GCancellable *check)
{
  gboolean was = self->claim_check != NULL;

  if (self->claim_check != NULL)
    g_cancellable_cancel (self->claim_check);
  g_set_object (&self->claim_check, check);
  if (was != (check != NULL))
    _hearts_window_notify (self, WINDOW_PROP_CLAIM_CHECKING);
}

static void
on_claim_checked (GObject      *source,
                  GAsyncResult *result,
                  gpointer      user_data)
{
  g_autoptr(HeartsWindow) self = user_data;
  g_autoptr(GError) error = NULL;
  HeartsClaim claim;
  gboolean    decided;

  decided = hearts_game_can_claim_finish (HEARTS_GAME (source), result, &claim, &error);
  /* Cancelled or stale: a newer check is on its way, or none is due. */
  if (error != NULL || HEARTS_GAME (source) != self->game)
    return;
  self->claim_known = decided;
  if (decided)
    self->claim = claim;
  _hearts_window_actions_update (self);
  set_check (self, NULL);
}

void
_hearts_window_claim_update (HeartsWindow *self)
{
  g_autoptr(GCancellable) check = NULL;

  /* The position the proof was about has gone. */
  if (self->claim_dialog != NULL)
    {
      GtkWidget *dialog = self->claim_dialog;

      set_dialog (self, NULL);
      hearts_dialog_close (dialog);
    }
  if (self->claim_known)
    {
      self->claim_known = FALSE;
      _hearts_window_actions_update (self);
    }

  if (!may_check (self))
    {
      set_check (self, NULL);
      return;
    }
  check = g_cancellable_new ();
  set_check (self, check);
  hearts_game_can_claim_async (self->game, HEARTS_HUMAN_SEAT, check, on_claim_checked, g_object_ref (self));
}

/* What the claim comes to for the player, in words. */
static char *
dup_summary (HeartsWindow *self)
{
  GString         *text = g_string_new (NULL);
  guint            n = self->n_claim_tricks, mine = 0;
  gint             points = self->claim.points[HEARTS_HUMAN_SEAT];
  g_autofree char *points_text = hearts_format_points (points);

  for (guint t = 0; t < n; t++)
    mine += self->claim_tricks[t].winner == HEARTS_HUMAN_SEAT;

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

  if (self->claim.shooter == HEARTS_HUMAN_SEAT)
    {
      g_string_append_c (text, ' ');
      g_string_append (text, _("You shoot the moon!"));
    }
  else if (self->claim.shooter >= 0)
    {
      g_string_append_c (text, ' ');
      /* Translators: %s is a player's name */
      g_string_append_printf (text, _("%s shoots the moon."),
                                       hearts_table_get_player_name (self->table, self->claim.shooter));
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
  if (!hearts_game_claim (self->game, HEARTS_HUMAN_SEAT))
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
  const char      *names[HEARTS_MAX_PLAYERS];
  g_autofree char *summary = NULL;
  GtkWidget       *dialog, *proof;

  if (!self->claim_known || self->claim_dialog != NULL)
    return;
  self->n_claim_tricks = hearts_game_get_claim_tricks (self->game, &self->claim, self->claim_tricks);
  if (self->n_claim_tricks == 0)
    return;

  for (guint s = 0; s < hearts_game_get_n_players (self->game); s++)
    names[s] = hearts_table_get_player_name (self->table, s);
  summary = dup_summary (self);
  dialog = hearts_alert_new (_("Claim the Rest?"), summary, "claim", _("_Claim"));
  hearts_alert_set_response_label (dialog, "cancel", _("_Keep Playing"));
  hearts_alert_set_suggested (dialog, "claim");
  proof = hearts_claim_proof_new (hearts_table_get_card_theme (self->table), hearts_table_get_card_width (self->table));
  hearts_claim_proof_set_tricks (HEARTS_CLAIM_PROOF (proof), self->claim_tricks, self->n_claim_tricks, names);
  hearts_alert_set_extra_child (dialog, proof);
  g_signal_connect_object (dialog, "response", G_CALLBACK (on_claim_response_cb), self, 0);
  hearts_dialog_present (dialog, widget);
  set_dialog (self, dialog);
}
