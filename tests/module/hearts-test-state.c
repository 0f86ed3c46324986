/* hearts-test-state.c: what the end-to-end tests read of the running program
 *
 * A module the program loads only when HEARTS_TEST_MODULE names it (src/main.c). The
 * end-to-end tests drive the real program with real input and read back over D-Bus,
 * from the application's "state" action, what it did: the game record, the phase, who
 * is to move, the last message, where the cards and buttons are, what the dialogs show.
 * It reads the widgets' public API and the widget tree only.
 *
 * With HEARTS_BENCH_FIRST_FRAME set it also prints "first-frame" once a frame has
 * drawn the dealt hand, then quits (tests/bench/startup-bench).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>

#include "hearts-game-deal.h"
#include "hearts-application.h"
#include "hearts-card-picture.h"
#include "hearts-card-widget.h"
#include "hearts-claim-proof.h"
#include "hearts-game.h"
#include "hearts-model-enums.h"
#include "hearts-point-pile.h"
#include "hearts-remote-seat-view.h"
#include "hearts-review-view.h"
#include "hearts-score-sheet.h"
#include "hearts-test-describe.h"
#include "hearts-trick-history.h"
#include "hearts-trick-row.h"
#include "hearts-window.h"

/* The module's one entry point. */
G_MODULE_EXPORT void hearts_test_module_init (GApplication *app);

typedef struct
{
  HeartsWindow  *window; /* owns us */
  GSimpleAction *action;
  GSignalGroup  *view_signals;
  GSignalGroup  *history_signals; /* the open trick history */
  GtkWidget     *menu_button;     /* the main menu's */
  GPtrArray     *announcements;   /* every one since the start */
  GtkWidget     *review;          /* the open hand review (weak) */
  guint          idle_id;
} TestState;

/* Widgets */

static GtkWidget *
find_widget (GtkWidget *widget,
             gboolean (*match) (GtkWidget *widget, gconstpointer data),
             gconstpointer data)
{
  if (match (widget, data))
    return widget;
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL; child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *found = find_widget (child, match, data);

      if (found != NULL)
        return found;
    }
  return NULL;
}

static gboolean
is_type (GtkWidget    *widget,
         gconstpointer type)
{
  return G_TYPE_CHECK_INSTANCE_TYPE (widget, GPOINTER_TO_SIZE (type));
}

static gboolean
is_named (GtkWidget    *widget,
          gconstpointer name)
{
  return g_strcmp0 (gtk_widget_get_name (widget), name) == 0;
}

static gboolean
has_action (GtkWidget    *widget,
            gconstpointer action)
{
  return GTK_IS_ACTIONABLE (widget) && g_strcmp0 (gtk_actionable_get_action_name (GTK_ACTIONABLE (widget)), action) == 0;
}

/* libadwaita makes an alert's buttons itself, labelled with the translation of its
 * responses. */
static gboolean
has_label (GtkWidget    *widget,
           gconstpointer label)
{
  return GTK_IS_BUTTON (widget) && g_strcmp0 (gtk_button_get_label (GTK_BUTTON (widget)), label) == 0;
}

static gboolean
is_main_menu (GtkWidget    *widget,
              gconstpointer data)
{
  return GTK_IS_MENU_BUTTON (widget) && gtk_menu_button_get_primary (GTK_MENU_BUTTON (widget));
}

static gboolean
is_pass_label (GtkWidget    *widget,
               gconstpointer data)
{
  return GTK_IS_LABEL (widget) && gtk_widget_has_css_class (widget, "pass-title");
}

/* Where @widget is in its surface, as xdotool's --window takes it; a popover's own
 * surface is placed from its parent's. A point, not gtk_widget_compute_bounds(): GTK
 * 4.18 gives other bounds for it. */
static gboolean
widget_origin (GtkWidget        *widget,
               graphene_point_t *origin)
{
  GtkNative  *native = gtk_widget_get_native (widget);
  GdkSurface *surface = native != NULL ? gtk_native_get_surface (native) : NULL;
  double      sx = 0, sy = 0;

  if (surface == NULL ||
      !gtk_widget_compute_point (widget, GTK_WIDGET (native), &GRAPHENE_POINT_INIT (0, 0), origin))
    return FALSE;
  gtk_native_get_surface_transform (native, &sx, &sy);
  origin->x += sx;
  origin->y += sy;
  if (GDK_IS_POPUP (surface))
    {
      origin->x += gdk_popup_get_position_x (GDK_POPUP (surface));
      origin->y += gdk_popup_get_position_y (GDK_POPUP (surface));
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

static gboolean
add_rect (GVariantBuilder *b,
          const char      *key,
          GtkWidget       *widget)
{
  graphene_point_t origin;

  if (widget == NULL || !gtk_widget_get_mapped (widget) || gtk_widget_get_width (widget) == 0 ||
      !widget_origin (widget, &origin))
    return FALSE;
  g_variant_builder_add (b, "{sv}", key,
                         g_variant_new ("(iiii)", (gint) origin.x, (gint) origin.y,
                                        gtk_widget_get_width (widget), gtk_widget_get_height (widget)));
  return TRUE;
}

/* The table */

static GVariant *
describe_table (HeartsTable    *table,
                HeartsSeatView *view)
{
  GVariantBuilder  b, hand, piles;
  g_autofree char *chosen = NULL;
  g_autofree char *hint = NULL;
  g_autofree char *legal = NULL;
  graphene_point_t origin = GRAPHENE_POINT_INIT (0, 0);
  graphene_rect_t  r;
  GtkWidget       *label = find_widget (GTK_WIDGET (table), is_pass_label, NULL);
  GtkWidget       *button = find_widget (GTK_WIDGET (table), has_action, "table.pass");
  gboolean         passing;

  widget_origin (GTK_WIDGET (table), &origin);
  passing = view != NULL && hearts_seat_view_get_phase (view) == HEARTS_PHASE_PASSING &&
            hearts_seat_view_get_own_turn (view);

  /* Where each card rests, not where an animation has it now. */
  g_variant_builder_init (&hand, G_VARIANT_TYPE ("a(s(iiii))"));
  for (GtkWidget *child = gtk_widget_get_first_child (GTK_WIDGET (table)); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      HeartsCard card;

      if (!HEARTS_IS_CARD_WIDGET (child))
        continue;
      card = hearts_card_widget_get_card (HEARTS_CARD_WIDGET (child));
      if (hearts_table_get_card_bounds (table, card, &r))
        g_variant_builder_add (&hand, "(s@(iiii))", hearts_card_to_string (card), rect_variant (&origin, &r));
    }

  chosen = hearts_cards_to_string (hearts_table_get_chosen (table));
  hint = hearts_cards_to_string (hearts_table_get_hint (table));
  legal = hearts_cards_to_string (view != NULL ? hearts_seat_state_get_legal (hearts_seat_view_get_state (view)) : 0);

  g_variant_builder_init (&b, G_VARIANT_TYPE_VARDICT);
  g_variant_builder_add (&b, "{sv}", "hand", g_variant_builder_end (&hand));
  g_variant_builder_add (&b, "{sv}", "chosen", g_variant_new_string (chosen));
  g_variant_builder_add (&b, "{sv}", "hint", g_variant_new_string (hint));
  g_variant_builder_add (&b, "{sv}", "legal", g_variant_new_string (legal));
  g_variant_builder_add (&b, "{sv}", "busy", g_variant_new_boolean (hearts_table_get_busy (table)));
  g_variant_builder_add (&b, "{sv}", "moving", g_variant_new_boolean (hearts_table_get_reflowing (table)));
  r = GRAPHENE_RECT_INIT (0, 0, gtk_widget_get_width (GTK_WIDGET (table)), gtk_widget_get_height (GTK_WIDGET (table)));
  g_variant_builder_add (&b, "{sv}", "table", rect_variant (&origin, &r));
  hearts_table_get_trick_area (table, &r);
  g_variant_builder_add (&b, "{sv}", "trick", rect_variant (&origin, &r));
  hearts_table_get_pass_area (table, &r);
  g_variant_builder_add (&b, "{sv}", "pass-area", rect_variant (&origin, &r));

  /* Each seat's pile as shown: its cards, and where to click it (empty when hidden). */
  g_variant_builder_init (&piles, G_VARIANT_TYPE ("a(us(iiii))"));
  for (guint s = 0; view != NULL && s < hearts_seat_view_get_n_players (view); s++)
    {
      HeartsPointPile *pile = hearts_table_get_point_pile (table, s);
      HeartsCards      cards = hearts_point_pile_get_cards (pile);
      g_autofree char *text = hearts_cards_to_string (cards);
      graphene_rect_t  at = GRAPHENE_RECT_INIT (0, 0, 0, 0);

      if (cards != 0 && gtk_widget_get_visible (GTK_WIDGET (pile)) &&
          !gtk_widget_compute_bounds (GTK_WIDGET (pile), GTK_WIDGET (table), &at))
        at = GRAPHENE_RECT_INIT (0, 0, 0, 0);
      g_variant_builder_add (&piles, "(us@(iiii))", s, text, rect_variant (&origin, &at));
    }
  g_variant_builder_add (&b, "{sv}", "piles", g_variant_builder_end (&piles));
  g_variant_builder_add (&b, "{sv}", "pass-label",
                         g_variant_new_string (label != NULL && gtk_widget_get_visible (label)
                                                 ? gtk_label_get_label (GTK_LABEL (label))
                                                 : ""));
  if (passing && button != NULL && gtk_widget_compute_bounds (button, GTK_WIDGET (table), &r))
    g_variant_builder_add (&b, "{sv}", "pass-button", rect_variant (&origin, &r));
  return g_variant_builder_end (&b);
}

/* The dialogs */

static GVariant *
describe_review (HeartsReviewView *review)
{
  const HeartsReviewMove *move;
  GVariantBuilder         b;
  guint                   done, total;
  guint                   step = hearts_review_view_get_step (review);

  hearts_review_view_get_progress (review, &done, &total);
  g_variant_builder_init (&b, G_VARIANT_TYPE_VARDICT);
  g_variant_builder_add (&b, "{sv}", "computing", g_variant_new_boolean (hearts_review_view_get_computing (review)));
  g_variant_builder_add (&b, "{sv}", "done", g_variant_new_uint32 (done));
  g_variant_builder_add (&b, "{sv}", "total", g_variant_new_uint32 (total));
  g_variant_builder_add (&b, "{sv}", "n-steps", g_variant_new_uint32 (hearts_review_view_get_n_steps (review)));
  g_variant_builder_add (&b, "{sv}", "step", g_variant_new_uint32 (step));
  move = hearts_review_view_get_move (review, step);
  if (move != NULL)
    {
      g_autofree char *mine = hearts_cards_to_string (move->move);
      g_autofree char *best = hearts_cards_to_string (move->best);

      g_variant_builder_add (&b, "{sv}", "is-pass", g_variant_new_boolean (move->is_pass));
      g_variant_builder_add (&b, "{sv}", "trick", g_variant_new_uint32 (move->trick));
      g_variant_builder_add (&b, "{sv}", "move", g_variant_new_string (mine));
      g_variant_builder_add (&b, "{sv}", "best", g_variant_new_string (best));
      g_variant_builder_add (&b, "{sv}", "costly", g_variant_new_boolean (move->costly));
      g_variant_builder_add (&b, "{sv}", "moon", g_variant_new_uint32 (move->moon));
      g_variant_builder_add (&b, "{sv}", "verdict", g_variant_new_take_string (hearts_review_view_dup_verdict (review)));
      g_variant_builder_add (&b, "{sv}", "summary", g_variant_new_take_string (hearts_review_view_dup_summary (review)));
    }
  add_rect (&b, "cancel", find_widget (GTK_WIDGET (review), is_named, "review-cancel"));
  add_rect (&b, "previous", find_widget (GTK_WIDGET (review), is_named, "review-previous"));
  add_rect (&b, "next", find_widget (GTK_WIDGET (review), is_named, "review-next"));
  return g_variant_builder_end (&b);
}

/* The claim's proof as the open dialog shows it: each trick's winner and cards, the
 * points it says, and where its Claim button is once it stands still. */
static void
add_claim_dialog (GtkWidget       *dialog,
                  HeartsSeatView  *view,
                  GVariantBuilder *b)
{
  GtkWidget         *proof = find_widget (dialog, is_type, GSIZE_TO_POINTER (HEARTS_TYPE_CLAIM_PROOF));
  GtkWidget         *button = find_widget (dialog, has_label, g_dgettext (GETTEXT_PACKAGE, "_Claim"));
  const HeartsClaim *claim;
  const HeartsTrick *tricks;
  guint              n_tricks;
  GVariantBuilder    d, list;

  if (proof == NULL)
    return;
  claim = hearts_claim_proof_get_claim (HEARTS_CLAIM_PROOF (proof));
  tricks = hearts_claim_proof_get_tricks (HEARTS_CLAIM_PROOF (proof), &n_tricks);
  g_variant_builder_init (&d, G_VARIANT_TYPE_VARDICT);
  g_variant_builder_init (&list, G_VARIANT_TYPE ("a(uas)"));
  for (guint t = 0; t < n_tricks; t++)
    {
      const char *names[HEARTS_MAX_PLAYERS + 1] = { NULL };

      for (guint c = 0; c < tricks[t].n_cards; c++)
        names[c] = hearts_card_to_string (tricks[t].cards[c]);
      g_variant_builder_add (&list, "(u^as)", (guint32) tricks[t].winner, names);
    }
  g_variant_builder_add (&d, "{sv}", "tricks", g_variant_builder_end (&list));
  g_variant_builder_add (&d, "{sv}", "points",
                         g_variant_new_fixed_array (G_VARIANT_TYPE_INT32, claim->points,
                                                    hearts_seat_view_get_n_players (view), sizeof (gint32)));
  g_variant_builder_add (&d, "{sv}", "shooter", g_variant_new_int32 (claim->shooter));
  if (button != NULL && g_object_get_data (G_OBJECT (button), "hearts-test-settled") != NULL)
    add_rect (&d, "claim-button", button);
  g_variant_builder_add (b, "{sv}", "claim-dialog", g_variant_builder_end (&d));
}

/* The items of the open main menu by their text, mnemonic left out ("Hand So Far"), to
 * click them: GTK 4.8's menu items do not carry their action's name. */
static void
add_menu_items (GtkWidget       *widget,
                GVariantBuilder *items)
{
  graphene_point_t origin;

  if (GTK_IS_ACTIONABLE (widget) && g_object_class_find_property (G_OBJECT_GET_CLASS (widget), "text") != NULL &&
      gtk_widget_get_mapped (widget) && gtk_widget_get_width (widget) > 0 && widget_origin (widget, &origin))
    {
      g_autofree char *text = NULL;
      g_auto(GStrv) parts = NULL;
      g_autofree char *plain = NULL;

      g_object_get (widget, "text", &text, NULL);
      parts = g_strsplit (text != NULL ? text : "", "_", -1);
      plain = g_strjoinv ("", parts);
      g_variant_builder_add (items, "{sv}", plain,
                             g_variant_new ("(iiii)", (gint) origin.x, (gint) origin.y,
                                            gtk_widget_get_width (widget), gtk_widget_get_height (widget)));
    }
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL; child = gtk_widget_get_next_sibling (child))
    add_menu_items (child, items);
}

static void
add_menu (TestState       *state,
          GVariantBuilder *b)
{
  GtkPopover     *popover = gtk_menu_button_get_popover (GTK_MENU_BUTTON (state->menu_button));
  GVariantBuilder items;

  add_rect (b, "menu-button", state->menu_button);
  if (popover == NULL || !gtk_widget_get_mapped (GTK_WIDGET (popover)))
    return;
  g_variant_builder_init (&items, G_VARIANT_TYPE_VARDICT);
  add_menu_items (GTK_WIDGET (popover), &items);
  g_variant_builder_add (b, "{sv}", "menu", g_variant_builder_end (&items));
}

/* Where the keyboard focus is: "hand:QS", "pass-button", "sheet", "none", or the
 * type of the widget elsewhere with its action, or its style classes and its parent's
 * type, so that two header buttons differ. */
static char *
describe_focus (HeartsWindow *window)
{
  GtkWidget *focus = gtk_root_get_focus (GTK_ROOT (window));
  GtkWidget *table = GTK_WIDGET (hearts_window_get_table (window));
  g_autoptr(GtkWidget) history = NULL;

  if (focus == NULL)
    return g_strdup ("none");
  g_object_get (window, "trick-history", &history, NULL);
  if (HEARTS_IS_CARD_WIDGET (focus) && gtk_widget_is_ancestor (focus, table))
    return g_strdup_printf ("hand:%s", hearts_card_to_string (hearts_card_widget_get_card (HEARTS_CARD_WIDGET (focus))));
  if (GTK_IS_BUTTON (focus) && gtk_widget_is_ancestor (focus, table))
    return g_strdup ("pass-button");
  if (gtk_widget_get_ancestor (focus, HEARTS_TYPE_SCORE_SHEET) != NULL)
    return g_strdup ("sheet");
  if (history != NULL && gtk_widget_is_ancestor (focus, history))
    return g_strdup ("trick-history");
  if (GTK_IS_ACTIONABLE (focus) && gtk_actionable_get_action_name (GTK_ACTIONABLE (focus)) != NULL)
    return g_strdup_printf ("%s:%s", G_OBJECT_TYPE_NAME (focus),
                            gtk_actionable_get_action_name (GTK_ACTIONABLE (focus)));
  {
    g_auto(GStrv)    classes = gtk_widget_get_css_classes (focus);
    g_autofree char *joined = g_strjoinv (".", classes);
    GtkWidget       *parent = gtk_widget_get_parent (focus);

    return g_strdup_printf ("%s.%s in %s", G_OBJECT_TYPE_NAME (focus), joined,
                            parent != NULL ? G_OBJECT_TYPE_NAME (parent) : "nothing");
  }
}

/* The state */

static HeartsScoreSheet *
score_sheet (HeartsWindow *window)
{
  return HEARTS_SCORE_SHEET (find_widget (GTK_WIDGET (window), is_type, GSIZE_TO_POINTER (HEARTS_TYPE_SCORE_SHEET)));
}

static gboolean
publish_idle (gpointer user_data)
{
  TestState        *state = user_data;
  HeartsWindow     *window = state->window;
  HeartsSeatView   *view = hearts_window_get_seat_view (window);
  HeartsGame       *game = hearts_game_runner_get_game (hearts_window_get_runner (window));
  HeartsTable      *table = hearts_window_get_table (window);
  HeartsScoreSheet *sheet = score_sheet (window);
  GtkWidget        *claim_button = find_widget (GTK_WIDGET (window), has_action, "win.claim");
  g_autoptr(GtkWidget) history = NULL;
  g_autoptr(GtkWidget) proof = NULL;
  g_autofree char *record = NULL;
  g_autoptr(GEnumClass) phases = NULL;
  GVariantBuilder b;

  state->idle_id = 0;
  if (view == NULL)
    return G_SOURCE_REMOVE;

  /* At a table joined across the network the game is the host's: no record here. */
  record = game != NULL && !HEARTS_IS_REMOTE_SEAT_VIEW (view) ? hearts_game_get_record (game) : g_strdup ("");
  phases = g_type_class_ref (HEARTS_TYPE_PHASE);

  g_variant_builder_init (&b, G_VARIANT_TYPE_VARDICT);
  g_variant_builder_add (&b, "{sv}", "record", g_variant_new_string (record));
  g_variant_builder_add (&b, "{sv}", "phase",
                         g_variant_new_string (g_enum_get_value (phases, hearts_seat_view_get_phase (view))->value_nick));
  g_variant_builder_add (&b, "{sv}", "current-player", g_variant_new_int32 (hearts_seat_view_get_current_player (view)));
  g_variant_builder_add (&b, "{sv}", "seat", g_variant_new_uint32 (hearts_seat_view_get_seat (view)));
  {
    g_autofree char *invitation = NULL;

    g_object_get (window, "invitation", &invitation, NULL);
    /* The table this window hosts: the link its host dialog shows. */
    if (invitation != NULL)
      g_variant_builder_add (&b, "{sv}", "invitation", g_variant_new_string (invitation));
  }
  g_variant_builder_add (&b, "{sv}", "thinking", g_variant_new_boolean (hearts_seat_view_get_thinking (view)));
  g_variant_builder_add (&b, "{sv}", "message",
                         g_variant_new_string (hearts_window_get_message (window) ? hearts_window_get_message (window) : ""));
  g_variant_builder_add (&b, "{sv}", "table", describe_table (table, view));
  g_variant_builder_add (&b, "{sv}", "focus", g_variant_new_take_string (describe_focus (window)));
  g_variant_builder_add (&b, "{sv}", "focus-visible",
                         g_variant_new_boolean (gtk_window_get_focus_visible (GTK_WINDOW (window))));
  g_variant_builder_add (&b, "{sv}", "active", g_variant_new_boolean (gtk_window_is_active (GTK_WINDOW (window))));
  {
    GVariantBuilder names;

    g_variant_builder_init (&names, G_VARIANT_TYPE_STRING_ARRAY);
    for (guint s = 0; s < hearts_seat_view_get_n_players (view); s++)
      g_variant_builder_add (&names, "s", hearts_table_get_player_name (table, s));
    g_variant_builder_add (&b, "{sv}", "players", g_variant_builder_end (&names));
  }
  g_variant_builder_add (&b, "{sv}", "announcements",
                         g_variant_new_strv ((const char * const *) state->announcements->pdata,
                                             state->announcements->len));
  g_variant_builder_add (&b, "{sv}", "claim-checking",
                         g_variant_new_boolean (hearts_seat_view_get_claim_offer (view, NULL) == HEARTS_CLAIM_OFFER_CHECKING));
  if (claim_button != NULL)
    {
      g_variant_builder_add (&b, "{sv}", "claim",
                             g_variant_new_boolean (gtk_widget_is_sensitive (claim_button) && gtk_widget_get_visible (claim_button)));
      if (gtk_widget_get_visible (claim_button))
        add_rect (&b, "claim-button", claim_button);
    }
  g_object_get (window, "claim-proof", &proof, NULL);
  if (proof != NULL)
    add_claim_dialog (proof, view, &b);
  /* Only once the sheet's button has its place, for a driver to click it. */
  if (sheet != NULL && gtk_widget_get_visible (GTK_WIDGET (sheet)) &&
      gtk_widget_get_width (hearts_score_sheet_get_default_button (sheet)) > 0)
    {
      g_variant_builder_add (&b, "{sv}", "sheet", g_variant_new_uint32 (hearts_score_sheet_get_mode (sheet)));
      g_variant_builder_add (&b, "{sv}", "sheet-summary", g_variant_new_take_string (hearts_score_sheet_dup_summary (sheet)));
      add_rect (&b, "sheet-button", hearts_score_sheet_get_default_button (sheet));
      add_rect (&b, "sheet-review-button", hearts_score_sheet_get_review_button (sheet));
    }
  /* What the last trick or the hand so far shows, once it is on screen. */
  g_object_get (window, "trick-history", &history, NULL);
  if (history != NULL && gtk_widget_get_mapped (history))
    g_variant_builder_add (&b, "{sv}", "trick-history", hearts_test_describe_trick_history (HEARTS_TRICK_HISTORY (history)));
  if (state->menu_button != NULL)
    add_menu (state, &b);

  /* "window": the review is part of the main window (AdwDialog) or a window of its own,
   * whose coordinates the rectangles are in. */
  if (state->review != NULL && gtk_widget_get_mapped (state->review))
    {
      gboolean own = GTK_WIDGET (gtk_widget_get_native (state->review)) != GTK_WIDGET (window);

      g_variant_builder_add (&b, "{sv}", "review", describe_review (HEARTS_REVIEW_VIEW (state->review)));
      g_variant_builder_add (&b, "{sv}", "review-window", g_variant_new_string (own ? "dialog" : "window"));
    }

  g_simple_action_set_state (state->action, g_variant_builder_end (&b));
  return G_SOURCE_REMOVE;
}

static void
on_change_cb (TestState *state)
{
  if (state->idle_id == 0)
    state->idle_id = g_idle_add (publish_idle, state);
}

/* A widget that appears has its place after a frame: published then. */
static gboolean
on_laid_out_tick_cb (GtkWidget     *widget,
                     GdkFrameClock *clock,
                     gpointer       user_data)
{
  if (gtk_widget_get_width (widget) == 0 && gtk_widget_get_visible (widget))
    return G_SOURCE_CONTINUE;
  on_change_cb (user_data);
  return G_SOURCE_REMOVE;
}

static void
on_visible_cb (GtkWidget *widget,
               GParamSpec *pspec,
               TestState *state)
{
  if (gtk_widget_get_visible (widget))
    gtk_widget_add_tick_callback (widget, on_laid_out_tick_cb, state, NULL);
  on_change_cb (state);
}

/* The sheet's button has its place only once a frame has laid the sheet out (on GTK
 * 4.18, after the first frame). */
static gboolean
on_sheet_tick_cb (GtkWidget     *sheet,
                  GdkFrameClock *clock,
                  gpointer       user_data)
{
  if (gtk_widget_get_width (hearts_score_sheet_get_default_button (HEARTS_SCORE_SHEET (sheet))) == 0)
    return G_SOURCE_CONTINUE;
  on_change_cb (user_data);
  return G_SOURCE_REMOVE;
}

static void
on_sheet_visible_cb (GtkWidget  *sheet,
                     GParamSpec *pspec,
                     TestState  *state)
{
  if (gtk_widget_get_visible (sheet))
    gtk_widget_add_tick_callback (sheet, on_sheet_tick_cb, state, NULL);
  on_change_cb (state);
}

/* A widget in a dialog that opens with an animation (libadwaita 1.5 dialogs grow into
 * place, and take no clicks until they are there): published once it has stood still
 * for a frame. */
static gboolean
on_settled_tick_cb (GtkWidget     *widget,
                    GdkFrameClock *clock,
                    gpointer       user_data)
{
  GtkNative        *native = gtk_widget_get_native (widget);
  graphene_point_t  at;
  graphene_point_t *last = g_object_get_data (G_OBJECT (widget), "hearts-test-last-point");

  if (native == NULL || gtk_widget_get_width (widget) == 0 ||
      !gtk_widget_compute_point (widget, GTK_WIDGET (native), &GRAPHENE_POINT_INIT (0, 0), &at))
    return G_SOURCE_CONTINUE;
  if (last == NULL || !graphene_point_equal (last, &at))
    {
      g_object_set_data_full (G_OBJECT (widget), "hearts-test-last-point", g_memdup2 (&at, sizeof at), g_free);
      return G_SOURCE_CONTINUE;
    }
  g_object_set_data (G_OBJECT (widget), "hearts-test-settled", GINT_TO_POINTER (TRUE));
  on_change_cb (user_data);
  return G_SOURCE_REMOVE;
}

static void
on_claim_proof_cb (TestState *state)
{
  g_autoptr(GtkWidget) proof = NULL;
  GtkWidget *button;

  g_object_get (state->window, "claim-proof", &proof, NULL);
  if (proof != NULL && (button = find_widget (proof, has_label, g_dgettext (GETTEXT_PACKAGE, "_Claim"))) != NULL)
    gtk_widget_add_tick_callback (button, on_settled_tick_cb, state, NULL);
  on_change_cb (state);
}

static void
on_announced_cb (TestState  *state,
                 const char *text)
{
  g_ptr_array_add (state->announcements, g_strdup (text));
  on_change_cb (state);
}

/* The menu's items have their places once a frame has laid the popover out. */
static gboolean
on_menu_tick_cb (GtkWidget     *popover,
                 GdkFrameClock *clock,
                 gpointer       user_data)
{
  if (!gtk_widget_get_mapped (popover))
    return G_SOURCE_REMOVE;
  if (gtk_widget_get_width (popover) == 0)
    return G_SOURCE_CONTINUE;
  on_change_cb (user_data);
  return G_SOURCE_REMOVE;
}

static void
on_menu_map_cb (GtkWidget *popover,
                TestState *state)
{
  gtk_widget_add_tick_callback (popover, on_menu_tick_cb, state, NULL);
  on_change_cb (state);
}

static void
on_trick_history_cb (TestState *state)
{
  g_autoptr(GtkWidget) history = NULL;

  g_object_get (state->window, "trick-history", &history, NULL);
  g_signal_group_set_target (state->history_signals, history);
  on_change_cb (state);
}

static void
on_seat_view_cb (TestState *state)
{
  g_signal_group_set_target (state->view_signals, hearts_window_get_seat_view (state->window));
  on_change_cb (state);
}

/* After the frame that lays the review out, so that its buttons are where they go. */
static gboolean
on_review_tick_cb (GtkWidget     *review,
                   GdkFrameClock *clock,
                   gpointer       user_data)
{
  on_change_cb (user_data);
  return G_SOURCE_REMOVE;
}

static void
on_review_change_cb (TestState *state)
{
  if (state->review != NULL)
    gtk_widget_add_tick_callback (state->review, on_review_tick_cb, state, NULL);
  on_change_cb (state);
}

static void
on_review_cb (TestState *state)
{
  g_autoptr(GtkWidget) review = NULL;

  g_object_get (state->window, "review", &review, NULL);
  if (review == NULL || review == state->review)
    return;
  if (state->review != NULL)
    g_signal_handlers_disconnect_by_data (state->review, state);
  g_set_weak_pointer (&state->review, review);
  g_signal_connect_swapped (review, "notify::computing", G_CALLBACK (on_review_change_cb), state);
  g_signal_connect_swapped (review, "notify::fraction", G_CALLBACK (on_review_change_cb), state);
  g_signal_connect_swapped (review, "notify::step", G_CALLBACK (on_review_change_cb), state);
  g_signal_connect_swapped (review, "map", G_CALLBACK (on_review_change_cb), state);
  g_signal_connect_swapped (review, "unmap", G_CALLBACK (on_change_cb), state);
  on_review_change_cb (state);
}

static void
test_state_free (gpointer data)
{
  TestState *state = data;

  g_clear_handle_id (&state->idle_id, g_source_remove);
  if (state->review != NULL)
    g_signal_handlers_disconnect_by_data (state->review, state);
  g_clear_weak_pointer (&state->review);
  g_clear_object (&state->view_signals);
  g_clear_object (&state->history_signals);
  g_clear_object (&state->action);
  g_clear_pointer (&state->announcements, g_ptr_array_unref);
  g_free (state);
}

static void
attach (HeartsWindow  *window,
        GSimpleAction *action)
{
  TestState   *state = g_new0 (TestState, 1);
  HeartsTable *table = hearts_window_get_table (window);
  GtkWidget   *sheet = GTK_WIDGET (score_sheet (window));
  GtkWidget   *claim_button = find_widget (GTK_WIDGET (window), has_action, "win.claim");

  state->window = window;
  state->action = g_object_ref (action);
  state->announcements = g_ptr_array_new_with_free_func (g_free);
  state->view_signals = g_signal_group_new (HEARTS_TYPE_SEAT_VIEW);
  g_signal_group_connect_data (state->view_signals, "event", G_CALLBACK (on_change_cb), state, NULL,
                               G_CONNECT_SWAPPED | G_CONNECT_AFTER);
  g_signal_group_connect_swapped (state->view_signals, "notify::thinking", G_CALLBACK (on_change_cb), state);
  g_signal_group_connect_swapped (state->view_signals, "notify::claim-offer", G_CALLBACK (on_change_cb), state);
  state->history_signals = g_signal_group_new (HEARTS_TYPE_TRICK_HISTORY);
  g_signal_group_connect_swapped (state->history_signals, "map", G_CALLBACK (on_change_cb), state);
  g_signal_group_connect_swapped (state->history_signals, "unmap", G_CALLBACK (on_change_cb), state);
  g_signal_group_connect_swapped (state->history_signals, "notify::mode", G_CALLBACK (on_change_cb), state);
  g_object_set_data_full (G_OBJECT (window), "hearts-test-state", state, test_state_free);

  g_signal_connect_swapped (window, "notify::seat-view", G_CALLBACK (on_seat_view_cb), state);
  g_signal_connect_swapped (window, "notify::message", G_CALLBACK (on_change_cb), state);
  g_signal_connect_swapped (window, "notify::invitation", G_CALLBACK (on_change_cb), state);
  g_signal_connect_swapped (window, "notify::claim-proof", G_CALLBACK (on_claim_proof_cb), state);
  g_signal_connect_swapped (window, "notify::trick-history", G_CALLBACK (on_trick_history_cb), state);
  g_signal_connect_swapped (window, "notify::review", G_CALLBACK (on_review_cb), state);
  g_signal_connect_swapped (window, "notify::focus-widget", G_CALLBACK (on_change_cb), state);
  g_signal_connect_swapped (window, "notify::focus-visible", G_CALLBACK (on_change_cb), state);
  g_signal_connect_swapped (table, "layout-changed", G_CALLBACK (on_change_cb), state);
  g_signal_connect_swapped (table, "notify::busy", G_CALLBACK (on_change_cb), state);
  g_signal_connect_swapped (table, "notify::n-chosen", G_CALLBACK (on_change_cb), state);
  g_signal_connect_swapped (hearts_table_get_announcer (table), "announced", G_CALLBACK (on_announced_cb), state);
  if (sheet != NULL)
    g_signal_connect (sheet, "notify::visible", G_CALLBACK (on_sheet_visible_cb), state);
  if (claim_button != NULL)
    {
      g_signal_connect (claim_button, "notify::visible", G_CALLBACK (on_visible_cb), state);
      g_signal_connect_swapped (claim_button, "notify::sensitive", G_CALLBACK (on_change_cb), state);
    }
  state->menu_button = find_widget (GTK_WIDGET (window), is_main_menu, NULL);
  if (state->menu_button != NULL)
    {
      GtkPopover *popover = gtk_menu_button_get_popover (GTK_MENU_BUTTON (state->menu_button));

      g_signal_connect (popover, "map", G_CALLBACK (on_menu_map_cb), state);
      g_signal_connect_swapped (popover, "unmap", G_CALLBACK (on_change_cb), state);
    }
  on_seat_view_cb (state);
}

static void
on_window_added_cb (GtkApplication *app,
                    GtkWindow      *window,
                    GSimpleAction  *action)
{
  if (HEARTS_IS_WINDOW (window) && g_object_get_data (G_OBJECT (window), "hearts-test-state") == NULL)
    attach (HEARTS_WINDOW (window), action);
}

/* The startup bench: the first frame that has the dealt hand. */

static gboolean
bench_quit_cb (gpointer user_data)
{
  g_application_quit (G_APPLICATION (user_data));
  return G_SOURCE_REMOVE;
}

static void
bench_after_paint_cb (GdkFrameClock *clock,
                      GApplication  *app)
{
  GtkWindow *window = gtk_application_get_active_window (GTK_APPLICATION (app));

  if (!HEARTS_IS_WINDOW (window) || !hearts_test_table_drew_cards (hearts_window_get_table (HEARTS_WINDOW (window))))
    return;
  g_signal_handlers_disconnect_by_func (clock, bench_after_paint_cb, app);
  g_print ("first-frame\n");
  g_timeout_add (500, bench_quit_cb, app);
}

static void
bench_realize_cb (GtkWidget    *window,
                  GApplication *app)
{
  g_signal_connect (gtk_widget_get_frame_clock (window), "after-paint", G_CALLBACK (bench_after_paint_cb), app);
}

static void
on_bench_window_added_cb (GtkApplication *app,
                          GtkWindow      *window)
{
  if (HEARTS_IS_WINDOW (window))
    g_signal_connect (window, "realize", G_CALLBACK (bench_realize_cb), app);
}

void
hearts_test_module_init (GApplication *app)
{
  GSimpleAction *action;

  g_return_if_fail (HEARTS_IS_APPLICATION (app));

  if (g_getenv ("HEARTS_BENCH_FIRST_FRAME") != NULL)
    {
      g_signal_connect (app, "window-added", G_CALLBACK (on_bench_window_added_cb), NULL);
      return;
    }

  /* Read-only for others: the game record and what the window shows. */
  action = g_simple_action_new_stateful ("state", NULL, g_variant_new_parsed ("@a{sv} {}"));
  g_simple_action_set_enabled (action, FALSE);
  g_action_map_add_action (G_ACTION_MAP (app), G_ACTION (action));
  g_signal_connect_data (app, "window-added", G_CALLBACK (on_window_added_cb), action,
                         (GClosureNotify) (void (*) (void)) g_object_unref, 0);
}
