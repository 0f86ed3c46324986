/* hearts-test-state.c
 *
 * The end-to-end tests drive the real program with real input and read back over
 * D-Bus what it did: the game record, the phase, who is to move, the last message,
 * where the cards and buttons are. Only a program started with HEARTS_TEST_STATE
 * does this work; for anyone else a move costs nothing here.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include "hearts-card-widget.h"
#include "hearts-model-enums.h"
#include "hearts-review-view.h"
#include "hearts-test-state.h"
#include "hearts-window-private.h"

typedef struct
{
  HeartsWindow  *window; /* owns us */
  GSimpleAction *action;
  GSignalGroup  *game_signals;
  GSignalGroup  *history_signals; /* the open trick history */
  GtkWidget     *menu_button;     /* the main menu's */
  GPtrArray     *announcements; /* every one since the start */
  GtkWidget     *review;        /* the open hand review (weak) */
  guint          idle_id;
} TestState;

static void
test_state_free (gpointer data)
{
  TestState *state = data;

  g_clear_handle_id (&state->idle_id, g_source_remove);
  if (state->review != NULL)
    g_signal_handlers_disconnect_by_data (state->review, state);
  g_clear_weak_pointer (&state->review);
  g_clear_object (&state->game_signals);
  g_clear_object (&state->history_signals);
  g_clear_object (&state->action);
  g_clear_pointer (&state->announcements, g_ptr_array_unref);
  g_free (state);
}

static void
add_sheet (TestState       *state,
           GVariantBuilder *b)
{
  HeartsScoreSheet *sheet = state->window->score_sheet;

  g_variant_builder_add (b, "{sv}", "sheet", g_variant_new_uint32 (hearts_score_sheet_get_mode (sheet)));
  g_variant_builder_add (b, "{sv}", "sheet-summary", g_variant_new_take_string (hearts_score_sheet_dup_summary (sheet)));
  hearts_test_state_add_rect (b, "sheet-button", hearts_score_sheet_get_default_button (sheet));
  hearts_test_state_add_rect (b, "sheet-review-button", hearts_score_sheet_get_review_button (sheet));
}

/* The dialog's Claim button: libadwaita makes the answers' buttons itself, labelled
 * with the translation of the string hearts-window-claim.c marks. */
static GtkWidget *
find_button (GtkWidget  *widget,
             const char *label)
{
  if (GTK_IS_BUTTON (widget) && g_strcmp0 (gtk_button_get_label (GTK_BUTTON (widget)), label) == 0)
    return widget;
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL; child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *found = find_button (child, label);

      if (found != NULL)
        return found;
    }
  return NULL;
}

/* The claim's proof as the open dialog shows it: each trick's winner and cards, the
 * points it says, and where its Claim button is (on_settled_tick_cb). */
static void
add_claim_dialog (TestState       *state,
                  GVariantBuilder *b)
{
  HeartsWindow   *window = state->window;
  GtkWidget      *button = find_button (window->claim_dialog, g_dgettext (GETTEXT_PACKAGE, "_Claim"));
  GVariantBuilder d, tricks;

  g_variant_builder_init (&d, G_VARIANT_TYPE_VARDICT);
  g_variant_builder_init (&tricks, G_VARIANT_TYPE ("a(uas)"));
  for (guint t = 0; t < window->n_claim_tricks; t++)
    {
      const HeartsTrick *trick = &window->claim_tricks[t];
      const char             *names[HEARTS_MAX_PLAYERS + 1] = { NULL };

      for (guint c = 0; c < trick->n_cards; c++)
        names[c] = hearts_card_to_string (trick->cards[c]);
      g_variant_builder_add (&tricks, "(u^as)", (guint32) trick->winner, names);
    }
  g_variant_builder_add (&d, "{sv}", "tricks", g_variant_builder_end (&tricks));
  g_variant_builder_add (&d, "{sv}", "points",
                         g_variant_new_fixed_array (G_VARIANT_TYPE_INT32, window->claim.points,
                                                    hearts_game_get_n_players (window->game), sizeof (gint32)));
  g_variant_builder_add (&d, "{sv}", "shooter", g_variant_new_int32 (window->claim.shooter));
  /* Where to click, once the dialog has stopped moving. */
  if (button != NULL && g_object_get_data (G_OBJECT (button), "hearts-test-settled") != NULL)
    hearts_test_state_add_rect (&d, "claim-button", button);
  g_variant_builder_add (b, "{sv}", "claim-dialog", g_variant_builder_end (&d));
}

/* Where @widget is in the window's surface, as xdotool's --window takes it; a popover's
 * own surface is placed from its parent's. */
static gboolean
widget_rect (GtkWidget *widget,
             GVariant **rect)
{
  GtkNative       *native = gtk_widget_get_native (widget);
  GdkSurface      *surface = native != NULL ? gtk_native_get_surface (native) : NULL;
  graphene_point_t origin;
  double           sx = 0, sy = 0, px = 0, py = 0;

  if (surface == NULL || !gtk_widget_get_mapped (widget) || gtk_widget_get_width (widget) == 0 ||
      !gtk_widget_compute_point (widget, GTK_WIDGET (native), &GRAPHENE_POINT_INIT (0, 0), &origin))
    return FALSE;
  gtk_native_get_surface_transform (native, &sx, &sy);
  if (GDK_IS_POPUP (surface))
    {
      px = gdk_popup_get_position_x (GDK_POPUP (surface));
      py = gdk_popup_get_position_y (GDK_POPUP (surface));
    }
  *rect = g_variant_new ("(iiii)", (gint) (origin.x + sx + px), (gint) (origin.y + sy + py),
                         gtk_widget_get_width (widget), gtk_widget_get_height (widget));
  return TRUE;
}

/* The items of the open main menu by their text, mnemonic left out ("Hand So Far"), to
 * click them: GTK 4.8's menu items do not carry their action's name. */
static void
add_menu_items (GtkWidget       *widget,
                GVariantBuilder *items)
{
  GVariant *rect;

  if (GTK_IS_ACTIONABLE (widget) && g_object_class_find_property (G_OBJECT_GET_CLASS (widget), "text") != NULL &&
      widget_rect (widget, &rect))
    {
      g_autofree char *text = NULL;
      g_auto(GStrv) parts = NULL;
      g_autofree char *plain = NULL;

      g_object_get (widget, "text", &text, NULL);
      parts = g_strsplit (text != NULL ? text : "", "_", -1);
      plain = g_strjoinv ("", parts);
      g_variant_builder_add (items, "{sv}", plain, rect);
    }
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL; child = gtk_widget_get_next_sibling (child))
    add_menu_items (child, items);
}

static void
add_menu (TestState       *state,
          GVariantBuilder *b)
{
  GtkPopover     *popover = gtk_menu_button_get_popover (GTK_MENU_BUTTON (state->menu_button));
  GVariant       *rect;
  GVariantBuilder items;

  if (widget_rect (state->menu_button, &rect))
    g_variant_builder_add (b, "{sv}", "menu-button", rect);
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
  GtkWidget *table = GTK_WIDGET (window->table);

  if (focus == NULL)
    return g_strdup ("none");
  if (HEARTS_IS_CARD_WIDGET (focus) && gtk_widget_is_ancestor (focus, table))
    return g_strdup_printf ("hand:%s", hearts_card_to_string (hearts_card_widget_get_card (HEARTS_CARD_WIDGET (focus))));
  if (GTK_IS_BUTTON (focus) && gtk_widget_is_ancestor (focus, table))
    return g_strdup ("pass-button");
  if (gtk_widget_is_ancestor (focus, GTK_WIDGET (window->score_sheet)))
    return g_strdup ("sheet");
  if (window->trick_history != NULL && gtk_widget_is_ancestor (focus, GTK_WIDGET (window->trick_history)))
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

static gboolean
publish_idle (gpointer user_data)
{
  TestState       *state = user_data;
  HeartsWindow    *window = state->window;
  HeartsGame      *game = window->game;
  g_autofree char *record = NULL;
  g_autoptr(GEnumClass) phases = NULL;
  GVariantBuilder b;

  state->idle_id = 0;
  if (game == NULL)
    return G_SOURCE_REMOVE;

  record = hearts_game_get_record (game);
  phases = g_type_class_ref (HEARTS_TYPE_PHASE);

  g_variant_builder_init (&b, G_VARIANT_TYPE_VARDICT);
  g_variant_builder_add (&b, "{sv}", "record", g_variant_new_string (record));
  g_variant_builder_add (&b, "{sv}", "phase",
                         g_variant_new_string (g_enum_get_value (phases, hearts_game_get_phase (game))->value_nick));
  g_variant_builder_add (&b, "{sv}", "current-player", g_variant_new_int32 (hearts_game_get_current_player (game)));
  g_variant_builder_add (&b, "{sv}", "thinking", g_variant_new_boolean (hearts_game_get_thinking (game)));
  g_variant_builder_add (&b, "{sv}", "message", g_variant_new_string (window->message ? window->message : ""));
  g_variant_builder_add (&b, "{sv}", "table", hearts_table_describe (window->table));
  g_variant_builder_add (&b, "{sv}", "focus", g_variant_new_take_string (describe_focus (window)));
  g_variant_builder_add (&b, "{sv}", "focus-visible",
                         g_variant_new_boolean (gtk_window_get_focus_visible (GTK_WINDOW (window))));
  g_variant_builder_add (&b, "{sv}", "active", g_variant_new_boolean (gtk_window_is_active (GTK_WINDOW (window))));
  {
    GVariantBuilder names;

    g_variant_builder_init (&names, G_VARIANT_TYPE_STRING_ARRAY);
    for (guint s = 0; s < hearts_game_get_n_players (game); s++)
      g_variant_builder_add (&names, "s", hearts_table_get_player_name (window->table, s));
    g_variant_builder_add (&b, "{sv}", "players", g_variant_builder_end (&names));
  }
  g_variant_builder_add (&b, "{sv}", "announcements",
                         g_variant_new_strv ((const char * const *) state->announcements->pdata,
                                             state->announcements->len));
  g_variant_builder_add (&b, "{sv}", "claim-checking", g_variant_new_boolean (window->claim_check != NULL));
  g_variant_builder_add (&b, "{sv}", "claim",
                         g_variant_new_boolean (gtk_widget_is_sensitive (window->claim_button) &&
                                                gtk_widget_get_visible (window->claim_button)));
  if (gtk_widget_get_visible (window->claim_button))
    hearts_test_state_add_rect (&b, "claim-button", window->claim_button);
  if (window->claim_dialog != NULL)
    add_claim_dialog (state, &b);
  /* Only once the sheet's button has its place, for a driver to click it. */
  if (gtk_widget_get_visible (GTK_WIDGET (window->score_sheet)) &&
      gtk_widget_get_width (hearts_score_sheet_get_default_button (window->score_sheet)) > 0)
    add_sheet (state, &b);
  /* What the last trick or the hand so far shows, once it is on screen. */
  if (window->trick_history != NULL && gtk_widget_get_mapped (GTK_WIDGET (window->trick_history)))
    g_variant_builder_add (&b, "{sv}", "trick-history", hearts_trick_history_describe (window->trick_history));
  if (state->menu_button != NULL)
    add_menu (state, &b);

  /* "window": the review is part of the main window (AdwDialog) or a window of its own,
   * whose coordinates the rectangles are in. */
  if (state->review != NULL && gtk_widget_get_mapped (state->review))
    {
      gboolean own = GTK_WIDGET (gtk_widget_get_native (state->review)) != GTK_WIDGET (window);

      g_variant_builder_add (&b, "{sv}", "review", hearts_review_view_describe (HEARTS_REVIEW_VIEW (state->review)));
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

/* The sheet's button has its place only once a frame has laid the sheet out (on GTK
 * 4.18, after the first frame). */
static gboolean
on_sheet_tick_cb (GtkWidget     *sheet,
                  GdkFrameClock *clock,
                  gpointer       user_data)
{
  TestState *state = user_data;

  if (gtk_widget_get_width (hearts_score_sheet_get_default_button (state->window->score_sheet)) == 0)
    return G_SOURCE_CONTINUE;
  on_change_cb (state);
  return G_SOURCE_REMOVE;
}

static void
on_sheet_visible_cb (TestState *state)
{
  GtkWidget *sheet = GTK_WIDGET (state->window->score_sheet);

  if (gtk_widget_get_visible (sheet))
    gtk_widget_add_tick_callback (sheet, on_sheet_tick_cb, state, NULL);
  on_change_cb (state);
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
on_claim_button_visible_cb (TestState *state)
{
  if (gtk_widget_get_visible (state->window->claim_button))
    gtk_widget_add_tick_callback (state->window->claim_button, on_laid_out_tick_cb, state, NULL);
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
on_claim_dialog_cb (TestState *state)
{
  GtkWidget *button;

  if (state->window->claim_dialog != NULL &&
      (button = find_button (state->window->claim_dialog, g_dgettext (GETTEXT_PACKAGE, "_Claim"))) != NULL)
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
  TestState *state = user_data;

  if (!gtk_widget_get_mapped (popover))
    return G_SOURCE_REMOVE;
  if (gtk_widget_get_width (popover) == 0)
    return G_SOURCE_CONTINUE;
  on_change_cb (state);
  return G_SOURCE_REMOVE;
}

static void
on_menu_map_cb (GtkWidget *popover,
                TestState *state)
{
  gtk_widget_add_tick_callback (popover, on_menu_tick_cb, state, NULL);
  on_change_cb (state);
}

static GtkWidget *
find_menu_button (GtkWidget *widget)
{
  if (GTK_IS_MENU_BUTTON (widget) && gtk_menu_button_get_primary (GTK_MENU_BUTTON (widget)))
    return widget;
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL; child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *found = find_menu_button (child);

      if (found != NULL)
        return found;
    }
  return NULL;
}

static void
on_trick_history_cb (TestState *state)
{
  g_signal_group_set_target (state->history_signals, state->window->trick_history);
  on_change_cb (state);
}

static void
on_game_cb (TestState *state)
{
  g_signal_group_set_target (state->game_signals, state->window->game);
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

gboolean
hearts_test_state_enabled (void)
{
  return g_strcmp0 (g_getenv ("HEARTS_TEST_STATE"), "1") == 0;
}

void
hearts_test_state_attach (HeartsWindow  *window,
                          GSimpleAction *action)
{
  TestState *state;

  g_return_if_fail (HEARTS_IS_WINDOW (window));
  g_return_if_fail (G_IS_SIMPLE_ACTION (action));

  state = g_new0 (TestState, 1);
  state->window = window;
  state->action = g_object_ref (action);
  state->announcements = g_ptr_array_new_with_free_func (g_free);
  state->game_signals = g_signal_group_new (HEARTS_TYPE_GAME);
  g_signal_group_connect_swapped (state->game_signals, "changed", G_CALLBACK (on_change_cb), state);
  g_signal_group_connect_swapped (state->game_signals, "notify::thinking", G_CALLBACK (on_change_cb), state);
  state->history_signals = g_signal_group_new (HEARTS_TYPE_TRICK_HISTORY);
  g_signal_group_connect_swapped (state->history_signals, "map", G_CALLBACK (on_change_cb), state);
  g_signal_group_connect_swapped (state->history_signals, "unmap", G_CALLBACK (on_change_cb), state);
  g_signal_group_connect_swapped (state->history_signals, "notify::mode", G_CALLBACK (on_change_cb), state);
  g_object_set_data_full (G_OBJECT (window), "hearts-test-state", state, test_state_free);

  g_signal_connect_swapped (window, "notify::game", G_CALLBACK (on_game_cb), state);
  g_signal_connect_swapped (window, "notify::message", G_CALLBACK (on_change_cb), state);
  g_signal_connect_swapped (window->table, "layout-changed", G_CALLBACK (on_change_cb), state);
  g_signal_connect_swapped (window->table, "notify::busy", G_CALLBACK (on_change_cb), state);
  g_signal_connect_swapped (window->table, "notify::n-chosen", G_CALLBACK (on_change_cb), state);
  g_signal_connect_swapped (window->score_sheet, "notify::visible", G_CALLBACK (on_sheet_visible_cb), state);
  g_signal_connect_swapped (window->claim_button, "notify::visible", G_CALLBACK (on_claim_button_visible_cb), state);
  g_signal_connect_swapped (window->claim_button, "notify::sensitive", G_CALLBACK (on_change_cb), state);
  g_signal_connect_swapped (window, "notify::claim-dialog", G_CALLBACK (on_claim_dialog_cb), state);
  g_signal_connect_swapped (window, "notify::claim-checking", G_CALLBACK (on_change_cb), state);
  g_signal_connect_swapped (window, "notify::focus-widget", G_CALLBACK (on_change_cb), state);
  g_signal_connect_swapped (window, "notify::focus-visible", G_CALLBACK (on_change_cb), state);
  g_signal_connect_swapped (hearts_table_get_announcer (window->table), "announced",
                            G_CALLBACK (on_announced_cb), state);
  g_signal_connect_swapped (window, "notify::trick-history", G_CALLBACK (on_trick_history_cb), state);
  state->menu_button = find_menu_button (GTK_WIDGET (window));
  if (state->menu_button != NULL)
    {
      GtkPopover *popover = gtk_menu_button_get_popover (GTK_MENU_BUTTON (state->menu_button));

      g_signal_connect (popover, "map", G_CALLBACK (on_menu_map_cb), state);
      g_signal_connect_swapped (popover, "unmap", G_CALLBACK (on_change_cb), state);
    }
  on_game_cb (state);
}

void
hearts_test_state_follow_review (HeartsWindow *window,
                                 GtkWidget    *review)
{
  TestState *state;

  g_return_if_fail (HEARTS_IS_WINDOW (window));
  g_return_if_fail (HEARTS_IS_REVIEW_VIEW (review));

  state = g_object_get_data (G_OBJECT (window), "hearts-test-state");
  if (state == NULL)
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

gboolean
hearts_test_state_add_rect (GVariantBuilder *b,
                            const char      *key,
                            GtkWidget       *widget)
{
  GtkNative       *native = gtk_widget_get_native (widget);
  graphene_point_t origin;
  double           sx = 0, sy = 0;

  /* A point, not gtk_widget_compute_bounds(): GTK 4.18 gives other bounds for it. */
  if (native == NULL || !gtk_widget_get_mapped (widget) || gtk_widget_get_width (widget) == 0 ||
      !gtk_widget_compute_point (widget, GTK_WIDGET (native), &GRAPHENE_POINT_INIT (0, 0), &origin))
    return FALSE;
  gtk_native_get_surface_transform (native, &sx, &sy);
  g_variant_builder_add (b, "{sv}", key,
                         g_variant_new ("(iiii)", (gint) (origin.x + sx), (gint) (origin.y + sy),
                                        gtk_widget_get_width (widget), gtk_widget_get_height (widget)));
  return TRUE;
}
