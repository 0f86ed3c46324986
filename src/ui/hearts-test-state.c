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
#include "hearts-test-state.h"
#include "hearts-window-private.h"

typedef struct
{
  HeartsWindow  *window; /* owns us */
  GSimpleAction *action;
  GSignalGroup  *game_signals;
  GPtrArray     *announcements; /* every one since the start */
  guint          idle_id;
} TestState;

static void
test_state_free (gpointer data)
{
  TestState *state = data;

  g_clear_handle_id (&state->idle_id, g_source_remove);
  g_clear_object (&state->game_signals);
  g_clear_object (&state->action);
  g_clear_pointer (&state->announcements, g_ptr_array_unref);
  g_free (state);
}

static void
add_sheet (TestState       *state,
           GVariantBuilder *b)
{
  HeartsScoreSheet *sheet = state->window->score_sheet;
  GtkWidget        *button = hearts_score_sheet_get_default_button (sheet);
  GtkNative        *native = gtk_widget_get_native (button);
  graphene_point_t  origin;
  double            sx = 0, sy = 0;

  g_variant_builder_add (b, "{sv}", "sheet", g_variant_new_uint32 (hearts_score_sheet_get_mode (sheet)));
  g_variant_builder_add (b, "{sv}", "sheet-summary", g_variant_new_take_string (hearts_score_sheet_dup_summary (sheet)));
  /* A point, not gtk_widget_compute_bounds(): GTK 4.18 gives other bounds for it. */
  if (native != NULL && gtk_widget_compute_point (button, GTK_WIDGET (native), &GRAPHENE_POINT_INIT (0, 0), &origin))
    {
      gtk_native_get_surface_transform (native, &sx, &sy);
      g_variant_builder_add (b, "{sv}", "sheet-button",
                             g_variant_new ("(iiii)", (gint) (origin.x + sx), (gint) (origin.y + sy),
                                            gtk_widget_get_width (button), gtk_widget_get_height (button)));
    }
}

/* Where the keyboard focus is: "hand:QS", "pass-button", "sheet", "none", or the
 * type of the widget elsewhere. */
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
  return g_strdup (G_OBJECT_TYPE_NAME (focus));
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
  /* Only once the sheet's button has its place, for a driver to click it. */
  if (gtk_widget_get_visible (GTK_WIDGET (window->score_sheet)) &&
      gtk_widget_get_width (hearts_score_sheet_get_default_button (window->score_sheet)) > 0)
    add_sheet (state, &b);

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

static void
on_announced_cb (TestState  *state,
                 const char *text)
{
  g_ptr_array_add (state->announcements, g_strdup (text));
  on_change_cb (state);
}

static void
on_game_cb (TestState *state)
{
  g_signal_group_set_target (state->game_signals, state->window->game);
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
  g_object_set_data_full (G_OBJECT (window), "hearts-test-state", state, test_state_free);

  g_signal_connect_swapped (window, "notify::game", G_CALLBACK (on_game_cb), state);
  g_signal_connect_swapped (window, "notify::message", G_CALLBACK (on_change_cb), state);
  g_signal_connect_swapped (window->table, "layout-changed", G_CALLBACK (on_change_cb), state);
  g_signal_connect_swapped (window->table, "notify::busy", G_CALLBACK (on_change_cb), state);
  g_signal_connect_swapped (window->table, "notify::n-chosen", G_CALLBACK (on_change_cb), state);
  g_signal_connect_swapped (window->score_sheet, "notify::visible", G_CALLBACK (on_sheet_visible_cb), state);
  g_signal_connect_swapped (window, "notify::focus-widget", G_CALLBACK (on_change_cb), state);
  g_signal_connect_swapped (window, "notify::focus-visible", G_CALLBACK (on_change_cb), state);
  g_signal_connect_swapped (hearts_table_get_announcer (window->table), "announced",
                            G_CALLBACK (on_announced_cb), state);
  on_game_cb (state);
}
