/* hearts-preferences-window.c
 *
 * Every row is bound to its GSettings key with g_settings_bind or a mapping; the
 * window itself loads and saves nothing. HeartsSettings turns a preset into rules
 * and a changed rule into "custom".
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>

#include "hearts-card-theme.h"
#include "hearts-model-enums.h"
#include "hearts-preferences-row.h"
#include "hearts-preferences-window.h"
#include "hearts-seat-names.h"

#define PREVIEW_CARD_WIDTH 64

struct _HeartsPreferencesWindow
{
  HeartsPreferencesBase parent_instance;

  HeartsSettings  *settings;
  GSettings       *gsettings;
  HeartsSeatView  *view;
  GListModel      *card_themes;
  HeartsCardTheme *preview_theme;

  /* Game */
  AdwPreferencesGroup *next_game_group;
  AdwComboRow         *preset_row;
  GtkLabel            *preset_description;
  AdwComboRow         *players_row;
  AdwComboRow         *three_deck_row;
  AdwComboRow         *pass_cycle_row;
  AdwComboRow         *opening_row;
  AdwComboRow         *first_trick_row;
  GtkWidget           *must_break_row;
  GtkWidget           *queen_breaks_row;
  GtkWidget           *omnibus_row;
  GtkWidget           *no_tricks_row;
  AdwComboRow         *moon_row;
  AdwComboRow         *game_end_row;
  AdwActionRow        *end_score_row;
  AdwActionRow        *end_deals_row;
  AdwActionRow        *end_matches_row;
  GtkSpinButton       *end_score_spin;
  GtkSpinButton       *end_deals_spin;
  GtkSpinButton       *end_matches_spin;

  /* Players */
  AdwPreferencesPage *players_page;
  AdwEntryRow        *player_name_row;

  /* Appearance */
  AdwComboRow *card_theme_row;
  GtkBox      *preview_box;
  AdwComboRow *click_row;
  GtkWidget   *highlight_row;
  GtkWidget   *past_tricks_row;
  AdwComboRow *animation_row;
  AdwComboRow *hand_sort_row;
  GtkWidget   *confirm_row;
  GtkWidget   *sounds_row;

  GPtrArray   *seat_groups;   /* AdwPreferencesGroup per computer seat (not owned) */
};

G_DEFINE_FINAL_TYPE (HeartsPreferencesWindow, hearts_preferences_window, HEARTS_TYPE_PREFERENCES_BASE)

enum
{
  PROP_0,
  PROP_SETTINGS,
  PROP_SEAT_VIEW,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

/* The cards the preview shows: one of each suit and the back. */
static const HeartsCard preview_cards[] = {
  HEARTS_CARD (HEARTS_SUIT_SPADES, HEARTS_RANK_ACE),
  HEARTS_CARD (HEARTS_SUIT_HEARTS, HEARTS_RANK_QUEEN),
  HEARTS_CARD (HEARTS_SUIT_CLUBS, HEARTS_RANK_KING),
  HEARTS_CARD (HEARTS_SUIT_DIAMONDS, HEARTS_RANK_JACK),
  HEARTS_CARD (HEARTS_SUIT_HEARTS, HEARTS_RANK_TEN),
  HEARTS_NO_CARD,
};

/* Mappings */

/* "players" is 3 to 5; the row lists Three, Four, Five. */
static gboolean
players_to_position (GValue   *value,
                     GVariant *variant,
                     gpointer  user_data)
{
  gint32 players = g_variant_get_int32 (variant);

  if (players < HEARTS_MIN_PLAYERS || players > HEARTS_MAX_PLAYERS)
    return FALSE;
  g_value_set_uint (value, players - HEARTS_MIN_PLAYERS);
  return TRUE;
}

static GVariant *
position_to_players (const GValue       *value,
                     const GVariantType *expected_type,
                     gpointer            user_data)
{
  guint position = g_value_get_uint (value);

  if (position > HEARTS_MAX_PLAYERS - HEARTS_MIN_PLAYERS)
    return NULL;
  return g_variant_new_int32 (position + HEARTS_MIN_PLAYERS);
}

/* Visibility that follows a key: "players" at least (or exactly) a number, or
 * "game-end" being one kind. */
static gboolean
players_at_least (GValue   *value,
                  GVariant *variant,
                  gpointer  user_data)
{
  g_value_set_boolean (value, g_variant_get_int32 (variant) >= GPOINTER_TO_INT (user_data));
  return TRUE;
}

static gboolean
players_exactly (GValue   *value,
                 GVariant *variant,
                 gpointer  user_data)
{
  g_value_set_boolean (value, g_variant_get_int32 (variant) == GPOINTER_TO_INT (user_data));
  return TRUE;
}

static gboolean
nick_is (GValue   *value,
         GVariant *variant,
         gpointer  user_data)
{
  g_value_set_boolean (value, g_str_equal (g_variant_get_string (variant, NULL), user_data));
  return TRUE;
}

static gboolean
preset_to_description (GValue   *value,
                       GVariant *variant,
                       gpointer  user_data)
{
  HeartsPreset preset;

  if (!hearts_preset_from_id (g_variant_get_string (variant, NULL), &preset))
    return FALSE;
  g_value_set_string (value, hearts_preset_get_description (preset));
  return TRUE;
}

/* The card style: a theme id <-> its position in the list of themes. An id that is
 * not installed (any more) shows as our own deck, the first. */
static gboolean
theme_id_to_position (GValue   *value,
                      GVariant *variant,
                      gpointer  user_data)
{
  GListModel *themes = user_data;
  const char *id = g_variant_get_string (variant, NULL);
  guint       n = g_list_model_get_n_items (themes);

  g_value_set_uint (value, 0);
  for (guint i = 0; i < n; i++)
    {
      g_autoptr(HeartsCardThemeInfo) info = g_list_model_get_item (themes, i);

      if (g_strcmp0 (hearts_card_theme_info_get_id (info), id) == 0)
        {
          g_value_set_uint (value, i);
          break;
        }
    }
  return TRUE;
}

static GVariant *
position_to_theme_id (const GValue       *value,
                      const GVariantType *expected_type,
                      gpointer            user_data)
{
  GListModel *themes = user_data;
  g_autoptr(HeartsCardThemeInfo) info = g_list_model_get_item (themes, g_value_get_uint (value));

  if (info == NULL)
    return NULL;
  return g_variant_new_string (hearts_card_theme_info_get_id (info));
}

/* The pass cycles: with 3 or 5 players nobody sits across, so no cycle with "across" is
 * offered (the settings write such a cycle as the one without it first). */
static void
update_pass_cycles (HeartsPreferencesWindow *self)
{
  g_autoptr(GStrvBuilder) hidden = g_strv_builder_new ();
  g_auto(GStrv) nicks = NULL;

  if (g_settings_get_int (self->gsettings, "players") != 4)
    for (guint c = 0; c < HEARTS_N_PASS_CYCLES; c++)
      if (hearts_pass_cycle_has_across (c))
        g_strv_builder_add (hidden, hearts_pass_cycle_get_id (c));
  nicks = g_strv_builder_end (hidden);
  hearts_preferences_combo_row_set_hidden_nicks (HEARTS_PREFERENCES_COMBO_ROW (self->pass_cycle_row),
                                                 (const char * const *) nicks);
}

/* The notice about the game in progress */

static void
update_next_game_notice (HeartsPreferencesWindow *self)
{
  gboolean show = FALSE;

  if (self->view != NULL && hearts_seat_view_get_phase (self->view) != HEARTS_PHASE_GAME_OVER)
    {
      HeartsRules rules;

      hearts_settings_get_rules (self->settings, &rules, NULL);
      show = !hearts_rules_equal (&rules, hearts_seat_view_get_rules (self->view));
    }
  gtk_widget_set_visible (GTK_WIDGET (self->next_game_group), show);
}

static void
on_new_game_clicked_cb (HeartsPreferencesWindow *self)
{
  GtkWidget *parent = hearts_dialog_get_parent (GTK_WIDGET (self));

  /* The window may ask before it abandons the game; it hands over the new one,
   * which has the rules of the settings, when it starts. */
  if (parent != NULL)
    gtk_widget_activate_action (parent, "win.new-game", NULL);
}

/* The card preview */

static void
update_preview (HeartsPreferencesWindow *self)
{
  g_autofree char *id = g_settings_get_string (self->gsettings, "card-theme");
  g_autoptr(GError) error = NULL;
  GtkWidget *child;
  gint       scale = gtk_widget_get_scale_factor (GTK_WIDGET (self));

  g_clear_object (&self->preview_theme);
  self->preview_theme = hearts_card_theme_new_for_id (id, &error);
  if (self->preview_theme == NULL)
    {
      g_debug ("Card theme %s: %s", id, error->message);
      self->preview_theme = hearts_card_theme_new_default ();
    }

  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self->preview_box))) != NULL)
    gtk_box_remove (self->preview_box, child);

  for (guint i = 0; i < G_N_ELEMENTS (preview_cards); i++)
    {
      GdkTexture      *texture; /* the theme's */
      g_autofree char *name = NULL;
      GtkWidget       *picture;

      texture = hearts_card_theme_get_texture (self->preview_theme, preview_cards[i], PREVIEW_CARD_WIDTH, scale);
      if (texture == NULL)
        continue;
      picture = gtk_picture_new_for_paintable (GDK_PAINTABLE (texture));
      gtk_picture_set_can_shrink (GTK_PICTURE (picture), FALSE);
      gtk_widget_set_size_request (picture, PREVIEW_CARD_WIDTH,
                                   hearts_card_theme_get_height_for_width (self->preview_theme, PREVIEW_CARD_WIDTH));
      name = preview_cards[i] == HEARTS_NO_CARD ? g_strdup (_("Back of a card"))
                                                : hearts_card_get_name (preview_cards[i]);
      gtk_accessible_update_property (GTK_ACCESSIBLE (picture), GTK_ACCESSIBLE_PROPERTY_LABEL, name, -1);
      gtk_box_append (self->preview_box, picture);
    }
}

/* Rows built in code: one group per computer seat, one engine row per seat. */

static const char *
seat_title (guint seat)
{
  switch (seat)
    {
    case 1:
      return _("First Computer Player");
    case 2:
      return _("Second Computer Player");
    case 3:
      return _("Third Computer Player");
    case 4:
      return _("Fourth Computer Player");
    default:
      g_return_val_if_reached (NULL);
    }
}

/* Where a computer seat sits for the number of players set: "On your left (West)". */
static void
update_seat_places (HeartsPreferencesWindow *self)
{
  guint n = CLAMP (g_settings_get_int (self->gsettings, "players"), 3, 5);

  for (guint i = 0; i < self->seat_groups->len; i++)
    {
      AdwPreferencesGroup *group = g_ptr_array_index (self->seat_groups, i);
      guint                seat = GPOINTER_TO_UINT (g_object_get_data (G_OBJECT (group), "hearts-seat"));
      const char          *where;
      g_autofree char     *text = NULL;

      if (seat >= n)
        continue;
      switch (hearts_seat_spot (n, 0, seat))
        {
        case HEARTS_SPOT_LEFT:
          where = _("On your left");
          break;
        case HEARTS_SPOT_TOP_LEFT:
          where = _("Across, on your left");
          break;
        case HEARTS_SPOT_TOP:
          where = _("Across from you");
          break;
        case HEARTS_SPOT_TOP_RIGHT:
          where = _("Across, on your right");
          break;
        case HEARTS_SPOT_RIGHT:
        case HEARTS_SPOT_BOTTOM:
        default:
          where = _("On your right");
          break;
        }
      /* Translators: where a computer player sits, then its seat's name: "On your left (West)" */
      text = g_strdup_printf (_("%s (%s)"), where, hearts_seat_default_name (n, 0, seat));
      adw_preferences_group_set_description (group, text);
    }
}

static void
bind_seat_visibility (HeartsPreferencesWindow *self,
                      GtkWidget               *widget,
                      guint                    seat)
{
  /* Seats 1 and 2 always play; the third needs four players, the fourth five. */
  if (seat >= 3)
    g_settings_bind_with_mapping (self->gsettings, "players", widget, "visible", G_SETTINGS_BIND_GET,
                                  players_at_least, NULL, GINT_TO_POINTER (seat + 1), NULL);
}

static void
add_seat_rows (HeartsPreferencesWindow *self)
{
  AdwPreferencesGroup *engines;

  for (guint seat = 1; seat <= HEARTS_N_SEAT_KEYS; seat++)
    {
      g_autofree char *name_key = g_strdup_printf ("seat%u-name", seat);
      g_autofree char *level_key = g_strdup_printf ("seat%u-level", seat);
      g_autoptr(GtkStringList) levels = NULL;
      AdwPreferencesGroup *group;
      GtkWidget           *name_row, *level_row;

      group = ADW_PREFERENCES_GROUP (adw_preferences_group_new ());
      adw_preferences_group_set_title (group, seat_title (seat));
      /* Where it sits, which depends on the number of players. */
      g_object_set_data (G_OBJECT (group), "hearts-seat", GUINT_TO_POINTER (seat));
      g_ptr_array_add (self->seat_groups, group);

      name_row = adw_entry_row_new ();
      adw_preferences_row_set_title (ADW_PREFERENCES_ROW (name_row), _("Name"));
      g_settings_bind (self->gsettings, name_key, name_row, "text", G_SETTINGS_BIND_DEFAULT);
      adw_preferences_group_add (group, name_row);

      levels = gtk_string_list_new ((const char *[]){ C_("computer level", "Easy"),
                                                          C_("computer level", "Normal"),
                                                              C_("computer level", "Hard"), NULL });
      /* The model before the settings: the row binds itself once it has both. */
      /* A name shows at once; a level plays from the next game. */
      level_row = g_object_new (HEARTS_TYPE_PREFERENCES_COMBO_ROW,
                                "title", _("Level"), "subtitle", _("From the next game"), "schema-key", level_key,
                                "model", levels, "settings", self->gsettings, NULL);
      adw_preferences_group_add (group, level_row);

      bind_seat_visibility (self, GTK_WIDGET (group), seat);
      adw_preferences_page_add (self->players_page, group);
    }

  engines = ADW_PREFERENCES_GROUP (adw_preferences_group_new ());
  adw_preferences_group_set_title (engines, _("External Engines"));
  adw_preferences_group_set_description (engines, _("Advanced: a command that speaks the Hearts engine "
                                                    "protocol plays the seat instead of the built-in "
                                                    "player. Leave it empty for the built-in player."));
  for (guint seat = 1; seat <= HEARTS_N_SEAT_KEYS; seat++)
    {
      g_autofree char *engine_key = g_strdup_printf ("seat%u-engine", seat);
      GtkWidget       *row = adw_entry_row_new ();

      adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), seat_title (seat));
      g_settings_bind (self->gsettings, engine_key, row, "text", G_SETTINGS_BIND_DEFAULT);
      bind_seat_visibility (self, row, seat);
      adw_preferences_group_add (engines, row);
    }
  adw_preferences_page_add (self->players_page, engines);
}

static void
bind_rows (HeartsPreferencesWindow *self)
{
  g_autoptr(GtkStringList) presets = gtk_string_list_new (NULL);
  g_autoptr(GtkExpression) theme_name = NULL;

  for (guint p = 0; p < HEARTS_N_PRESETS; p++)
    gtk_string_list_append (presets, hearts_preset_get_name (p));
  adw_combo_row_set_model (self->preset_row, G_LIST_MODEL (presets));

  /* Game */
  g_settings_bind_with_mapping (self->gsettings, "preset", self->preset_description, "label", G_SETTINGS_BIND_GET,
                                preset_to_description, NULL, NULL, NULL);
  g_settings_bind_with_mapping (self->gsettings, "players", self->players_row, "selected", G_SETTINGS_BIND_DEFAULT,
                                players_to_position, position_to_players, NULL, NULL);
  g_settings_bind_with_mapping (self->gsettings, "players", self->three_deck_row, "visible", G_SETTINGS_BIND_GET,
                                players_exactly, NULL, GINT_TO_POINTER (3), NULL);
  g_settings_bind (self->gsettings, "end-score", self->end_score_spin, "value", G_SETTINGS_BIND_DEFAULT);
  g_settings_bind (self->gsettings, "end-deals", self->end_deals_spin, "value", G_SETTINGS_BIND_DEFAULT);
  g_settings_bind (self->gsettings, "end-matches", self->end_matches_spin, "value", G_SETTINGS_BIND_DEFAULT);
  g_settings_bind_with_mapping (self->gsettings, "game-end", self->end_score_row, "visible", G_SETTINGS_BIND_GET,
                                nick_is, NULL, (gpointer) "score", NULL);
  g_settings_bind_with_mapping (self->gsettings, "game-end", self->end_deals_row, "visible", G_SETTINGS_BIND_GET,
                                nick_is, NULL, (gpointer) "deals", NULL);
  g_settings_bind_with_mapping (self->gsettings, "game-end", self->end_matches_row, "visible", G_SETTINGS_BIND_GET,
                                nick_is, NULL, (gpointer) "matches", NULL);

  /* The rows that bind themselves, once they have the settings (the preset row has its
   * model now). */
  {
    gpointer rows[] = { self->preset_row, self->three_deck_row, self->pass_cycle_row, self->opening_row,
                        self->first_trick_row, self->must_break_row, self->queen_breaks_row,
                        self->omnibus_row, self->no_tricks_row, self->moon_row, self->game_end_row,
                        self->click_row, self->highlight_row, self->animation_row, self->hand_sort_row,
                        self->confirm_row, self->past_tricks_row, self->sounds_row };

    for (guint i = 0; i < G_N_ELEMENTS (rows); i++)
      g_object_set (rows[i], "settings", self->gsettings, NULL);
  }

  g_signal_connect_object (self->gsettings, "changed::players", G_CALLBACK (update_pass_cycles), self,
                           G_CONNECT_SWAPPED);
  update_pass_cycles (self);

  /* Players */
  g_settings_bind (self->gsettings, "player-name", self->player_name_row, "text", G_SETTINGS_BIND_DEFAULT);
  add_seat_rows (self);
  g_signal_connect_object (self->gsettings, "changed::players", G_CALLBACK (update_seat_places), self,
                           G_CONNECT_SWAPPED);
  update_seat_places (self);

  /* Appearance */
  self->card_themes = hearts_card_theme_list_available ();
  theme_name = gtk_property_expression_new (HEARTS_TYPE_CARD_THEME_INFO, NULL, "name");
  adw_combo_row_set_expression (self->card_theme_row, theme_name);
  adw_combo_row_set_model (self->card_theme_row, self->card_themes);
  g_settings_bind_with_mapping (self->gsettings, "card-theme", self->card_theme_row, "selected", G_SETTINGS_BIND_DEFAULT,
                                theme_id_to_position, position_to_theme_id, self->card_themes, NULL);

  /* Not load/save: the preview and the notice follow the keys. */
  g_signal_connect_object (self->gsettings, "changed::card-theme", G_CALLBACK (update_preview), self,
                           G_CONNECT_SWAPPED);
  g_signal_connect_object (self->settings, "rules-changed", G_CALLBACK (update_next_game_notice), self,
                           G_CONNECT_SWAPPED);
  update_preview (self);
}

/* GObject */

static void
hearts_preferences_window_constructed (GObject *object)
{
  HeartsPreferencesWindow *self = (HeartsPreferencesWindow *) object;

  G_OBJECT_CLASS (hearts_preferences_window_parent_class)->constructed (object);

  g_assert (self->settings != NULL);
  self->gsettings = g_object_ref (hearts_settings_get_settings (self->settings));
  bind_rows (self);
  update_next_game_notice (self);
}

static void
hearts_preferences_window_dispose (GObject *object)
{
  HeartsPreferencesWindow *self = (HeartsPreferencesWindow *) object;

  hearts_preferences_window_set_seat_view (self, NULL);
  gtk_widget_dispose_template (GTK_WIDGET (self), HEARTS_TYPE_PREFERENCES_WINDOW);

  G_OBJECT_CLASS (hearts_preferences_window_parent_class)->dispose (object);
}

static void
hearts_preferences_window_finalize (GObject *object)
{
  HeartsPreferencesWindow *self = (HeartsPreferencesWindow *) object;

  g_clear_pointer (&self->seat_groups, g_ptr_array_unref);
  g_clear_object (&self->preview_theme);
  g_clear_object (&self->card_themes);
  g_clear_object (&self->gsettings);
  g_clear_object (&self->settings);

  G_OBJECT_CLASS (hearts_preferences_window_parent_class)->finalize (object);
}

static void
hearts_preferences_window_get_property (GObject    *object,
                                        guint       prop_id,
                                        GValue     *value,
                                        GParamSpec *pspec)
{
  HeartsPreferencesWindow *self = HEARTS_PREFERENCES_WINDOW (object);

  switch (prop_id)
    {
    case PROP_SETTINGS:
      g_value_set_object (value, self->settings);
      break;
    case PROP_SEAT_VIEW:
      g_value_set_object (value, self->view);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
hearts_preferences_window_set_property (GObject      *object,
                                        guint         prop_id,
                                        const GValue *value,
                                        GParamSpec   *pspec)
{
  HeartsPreferencesWindow *self = HEARTS_PREFERENCES_WINDOW (object);

  switch (prop_id)
    {
    case PROP_SETTINGS:
      self->settings = g_value_dup_object (value);
      break;
    case PROP_SEAT_VIEW:
      hearts_preferences_window_set_seat_view (self, g_value_get_object (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
hearts_preferences_window_class_init (HeartsPreferencesWindowClass *klass)
{
  GObjectClass   *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->constructed = hearts_preferences_window_constructed;
  object_class->dispose = hearts_preferences_window_dispose;
  object_class->finalize = hearts_preferences_window_finalize;
  object_class->get_property = hearts_preferences_window_get_property;
  object_class->set_property = hearts_preferences_window_set_property;

  properties[PROP_SETTINGS] =
    g_param_spec_object ("settings", NULL, NULL,
                         HEARTS_TYPE_SETTINGS,
                         (G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS));
  properties[PROP_SEAT_VIEW] =
    g_param_spec_object ("seat-view", NULL, NULL,
                         HEARTS_TYPE_SEAT_VIEW,
                         (G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));
  g_object_class_install_properties (object_class, N_PROPS, properties);

  /* The template names these types and the enums of its rows. */
  g_type_ensure (HEARTS_TYPE_PREFERENCES_COMBO_ROW);
  g_type_ensure (HEARTS_TYPE_PREFERENCES_SWITCH_ROW);
  g_type_ensure (HEARTS_TYPE_PRESET);
  g_type_ensure (HEARTS_TYPE_CLICK_MODE);
  g_type_ensure (HEARTS_TYPE_ANIMATION_SPEED);
  g_type_ensure (HEARTS_TYPE_HAND_SORT);
  gtk_widget_class_set_template_from_resource (widget_class, RESOURCE_PATH "/dialogs/hearts-preferences-window.ui");
  gtk_widget_class_bind_template_child (widget_class, HeartsPreferencesWindow, next_game_group);
  gtk_widget_class_bind_template_child (widget_class, HeartsPreferencesWindow, preset_row);
  gtk_widget_class_bind_template_child (widget_class, HeartsPreferencesWindow, preset_description);
  gtk_widget_class_bind_template_child (widget_class, HeartsPreferencesWindow, players_row);
  gtk_widget_class_bind_template_child (widget_class, HeartsPreferencesWindow, three_deck_row);
  gtk_widget_class_bind_template_child (widget_class, HeartsPreferencesWindow, pass_cycle_row);
  gtk_widget_class_bind_template_child (widget_class, HeartsPreferencesWindow, opening_row);
  gtk_widget_class_bind_template_child (widget_class, HeartsPreferencesWindow, first_trick_row);
  gtk_widget_class_bind_template_child (widget_class, HeartsPreferencesWindow, moon_row);
  gtk_widget_class_bind_template_child (widget_class, HeartsPreferencesWindow, game_end_row);
  gtk_widget_class_bind_template_child (widget_class, HeartsPreferencesWindow, end_score_row);
  gtk_widget_class_bind_template_child (widget_class, HeartsPreferencesWindow, end_deals_row);
  gtk_widget_class_bind_template_child (widget_class, HeartsPreferencesWindow, end_matches_row);
  gtk_widget_class_bind_template_child (widget_class, HeartsPreferencesWindow, end_score_spin);
  gtk_widget_class_bind_template_child (widget_class, HeartsPreferencesWindow, end_deals_spin);
  gtk_widget_class_bind_template_child (widget_class, HeartsPreferencesWindow, end_matches_spin);
  gtk_widget_class_bind_template_child (widget_class, HeartsPreferencesWindow, player_name_row);
  gtk_widget_class_bind_template_child (widget_class, HeartsPreferencesWindow, players_page);
  gtk_widget_class_bind_template_child (widget_class, HeartsPreferencesWindow, card_theme_row);
  gtk_widget_class_bind_template_child (widget_class, HeartsPreferencesWindow, preview_box);
  gtk_widget_class_bind_template_child (widget_class, HeartsPreferencesWindow, click_row);
  gtk_widget_class_bind_template_child (widget_class, HeartsPreferencesWindow, animation_row);
  gtk_widget_class_bind_template_child (widget_class, HeartsPreferencesWindow, hand_sort_row);
  gtk_widget_class_bind_template_child (widget_class, HeartsPreferencesWindow, must_break_row);
  gtk_widget_class_bind_template_child (widget_class, HeartsPreferencesWindow, queen_breaks_row);
  gtk_widget_class_bind_template_child (widget_class, HeartsPreferencesWindow, omnibus_row);
  gtk_widget_class_bind_template_child (widget_class, HeartsPreferencesWindow, no_tricks_row);
  gtk_widget_class_bind_template_child (widget_class, HeartsPreferencesWindow, highlight_row);
  gtk_widget_class_bind_template_child (widget_class, HeartsPreferencesWindow, past_tricks_row);
  gtk_widget_class_bind_template_child (widget_class, HeartsPreferencesWindow, confirm_row);
  gtk_widget_class_bind_template_child (widget_class, HeartsPreferencesWindow, sounds_row);
  gtk_widget_class_bind_template_callback (widget_class, on_new_game_clicked_cb);
}

static void
hearts_preferences_window_init (HeartsPreferencesWindow *self)
{
  self->seat_groups = g_ptr_array_new ();
  gtk_widget_init_template (GTK_WIDGET (self));
}

/* Public API */

HeartsPreferencesWindow *
hearts_preferences_window_new (HeartsSettings *settings)
{
  g_return_val_if_fail (HEARTS_IS_SETTINGS (settings), NULL);

  return g_object_new (HEARTS_TYPE_PREFERENCES_WINDOW, "settings", settings, NULL);
}

void
hearts_preferences_window_set_seat_view (HeartsPreferencesWindow *self,
                                         HeartsSeatView          *view)
{
  g_return_if_fail (HEARTS_IS_PREFERENCES_WINDOW (self));
  g_return_if_fail (view == NULL || HEARTS_IS_SEAT_VIEW (view));

  if (self->view == view)
    return;

  if (self->view != NULL)
    g_signal_handlers_disconnect_by_func (self->view, update_next_game_notice, self);
  g_set_object (&self->view, view);
  if (view != NULL)
    g_signal_connect_object (view, "notify::phase", G_CALLBACK (update_next_game_notice), self,
                             G_CONNECT_SWAPPED);

  if (self->settings != NULL)
    update_next_game_notice (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_SEAT_VIEW]);
}

HeartsSeatView *
hearts_preferences_window_get_seat_view (HeartsPreferencesWindow *self)
{
  g_return_val_if_fail (HEARTS_IS_PREFERENCES_WINDOW (self), NULL);
  return self->view;
}

void
hearts_preferences_window_present (HeartsPreferencesWindow *self,
                                   GtkWidget               *parent)
{
  g_return_if_fail (HEARTS_IS_PREFERENCES_WINDOW (self));

  hearts_dialog_set_size (GTK_WIDGET (self), 640, 720);
  hearts_dialog_present (GTK_WIDGET (self), parent);
}
