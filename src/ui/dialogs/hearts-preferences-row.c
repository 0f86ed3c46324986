/* hearts-preferences-row.c
 *
 * As gnome-text-editor's preferences switch: the row knows its key, so the dialog needs no
 * code per row. The positions of a combo row come from the enum type glib-mkenums made for
 * the key (hearts-model-enums.h), not from a list of nicks kept by hand.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include "hearts-preferences-row.h"

struct _HeartsPreferencesComboRow
{
  AdwComboRow parent_instance;

  GSettings *settings;
  char      *schema_key;
  GType       enum_type; /* G_TYPE_ENUM itself: none, use the schema's */
  GStrv       nicks;     /* in the order of the model */
  GStrv       hidden;    /* not offered now */
  GListModel *labels;    /* every value's, as the template gave them */
};

struct _HeartsPreferencesSwitchRow
{
  AdwActionRow parent_instance;

  GSettings *settings;
  char      *schema_key;
  GtkSwitch *toggle;
};

G_DEFINE_FINAL_TYPE (HeartsPreferencesComboRow, hearts_preferences_combo_row, ADW_TYPE_COMBO_ROW)
G_DEFINE_FINAL_TYPE (HeartsPreferencesSwitchRow, hearts_preferences_switch_row, ADW_TYPE_ACTION_ROW)

enum
{
  PROP_0,
  PROP_SETTINGS,
  PROP_SCHEMA_KEY,
  PROP_ENUM_TYPE,
  N_PROPS
};

static GParamSpec *combo_properties[N_PROPS];
static GParamSpec *switch_properties[N_PROPS];

/* The combo row */

static gboolean
nick_to_position (GValue   *value,
                  GVariant *variant,
                  gpointer  user_data)
{
  HeartsPreferencesComboRow *self = user_data;
  const char                *nick = g_variant_get_string (variant, NULL);

  for (guint i = 0; self->nicks[i] != NULL; i++)
    if (g_str_equal (self->nicks[i], nick))
      {
        g_value_set_uint (value, i);
        return TRUE;
      }
  /* A value not offered now: no choice shows, and nothing is written. */
  if (self->hidden != NULL && g_strv_contains ((const char * const *) self->hidden, nick))
    {
      g_value_set_uint (value, GTK_INVALID_LIST_POSITION);
      return TRUE;
    }
  return FALSE;
}

static GVariant *
position_to_nick (const GValue       *value,
                  const GVariantType *expected_type,
                  gpointer            user_data)
{
  HeartsPreferencesComboRow *self = user_data;
  guint                      position = g_value_get_uint (value);

  if (position >= g_strv_length (self->nicks))
    return NULL;
  return g_variant_new_string (self->nicks[position]);
}

/* The nicks of the enum type in the order of its values, or else of the schema's enum. */
static GStrv
combo_nicks (HeartsPreferencesComboRow *self)
{
  g_autoptr(GStrvBuilder) builder = g_strv_builder_new ();

  if (self->enum_type != G_TYPE_ENUM)
    {
      g_autoptr(GEnumClass) klass = g_type_class_ref (self->enum_type);

      for (guint i = 0; i < klass->n_values; i++)
        g_strv_builder_add (builder, klass->values[i].value_nick);
    }
  else
    {
      g_autoptr(GSettingsSchema) schema = NULL;
      g_autoptr(GSettingsSchemaKey) key = NULL;
      g_autoptr(GVariant) range = NULL;
      g_autoptr(GVariant) values = NULL;
      const char *kind;

      g_object_get (self->settings, "settings-schema", &schema, NULL);
      key = g_settings_schema_get_key (schema, self->schema_key);
      range = g_settings_schema_key_get_range (key);
      g_variant_get (range, "(&sv)", &kind, &values);
      if (g_str_equal (kind, "enum"))
        for (gsize i = 0; i < g_variant_n_children (values); i++)
          {
            g_autoptr(GVariant) nick = g_variant_get_child_value (values, i);

            g_strv_builder_add (builder, g_variant_get_string (nick, NULL));
          }
    }
  return g_strv_builder_end (builder);
}

/* The labels of the values offered, and their nicks in the same order. */
static void
offer_values (HeartsPreferencesComboRow *self,
              GStrv                      all)
{
  g_autoptr(GStrvBuilder) nicks = g_strv_builder_new ();
  g_autoptr(GtkStringList) labels = gtk_string_list_new (NULL);

  for (guint i = 0; all[i] != NULL; i++)
    {
      g_autoptr(GObject) item = g_list_model_get_item (self->labels, i);

      if (g_strv_contains ((const char * const *) self->hidden, all[i]))
        continue;
      g_strv_builder_add (nicks, all[i]);
      gtk_string_list_append (labels, gtk_string_object_get_string (GTK_STRING_OBJECT (item)));
    }
  g_strfreev (self->nicks);
  self->nicks = g_strv_builder_end (nicks);
  adw_combo_row_set_model (ADW_COMBO_ROW (self), G_LIST_MODEL (labels));
}

static void
combo_bind (HeartsPreferencesComboRow *self)
{
  g_auto(GStrv) all = NULL;

  if (self->settings == NULL || self->schema_key == NULL)
    return;

  all = combo_nicks (self);
  if (self->labels == NULL)
    self->labels = g_object_ref (adw_combo_row_get_model (ADW_COMBO_ROW (self)));
  /* The labels in the template and the values must not drift apart. */
  if (self->labels == NULL || g_list_model_get_n_items (self->labels) != g_strv_length (all))
    g_critical ("Row for %s: %u labels for %u values", self->schema_key,
                self->labels != NULL ? g_list_model_get_n_items (self->labels) : 0, g_strv_length (all));

  /* Unbound while the model changes, or the new selection would be written. */
  g_settings_unbind (self, "selected");
  if (self->hidden != NULL)
    offer_values (self, all);
  else
    {
      g_clear_pointer (&self->nicks, g_strfreev);
      self->nicks = g_steal_pointer (&all);
      if (adw_combo_row_get_model (ADW_COMBO_ROW (self)) != self->labels)
        adw_combo_row_set_model (ADW_COMBO_ROW (self), self->labels);
    }
  g_settings_bind_with_mapping (self->settings, self->schema_key, self, "selected", G_SETTINGS_BIND_DEFAULT,
                                nick_to_position, position_to_nick, self, NULL);
}

static void
hearts_preferences_combo_row_finalize (GObject *object)
{
  HeartsPreferencesComboRow *self = (HeartsPreferencesComboRow *) object;

  g_clear_object (&self->settings);
  g_clear_pointer (&self->schema_key, g_free);
  g_clear_pointer (&self->nicks, g_strfreev);
  g_clear_pointer (&self->hidden, g_strfreev);
  g_clear_object (&self->labels);

  G_OBJECT_CLASS (hearts_preferences_combo_row_parent_class)->finalize (object);
}

static void
hearts_preferences_combo_row_get_property (GObject    *object,
                                           guint       prop_id,
                                           GValue     *value,
                                           GParamSpec *pspec)
{
  HeartsPreferencesComboRow *self = HEARTS_PREFERENCES_COMBO_ROW (object);

  switch (prop_id)
    {
    case PROP_SETTINGS:
      g_value_set_object (value, self->settings);
      break;
    case PROP_SCHEMA_KEY:
      g_value_set_string (value, self->schema_key);
      break;
    case PROP_ENUM_TYPE:
      g_value_set_gtype (value, self->enum_type);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
hearts_preferences_combo_row_set_property (GObject      *object,
                                           guint         prop_id,
                                           const GValue *value,
                                           GParamSpec   *pspec)
{
  HeartsPreferencesComboRow *self = HEARTS_PREFERENCES_COMBO_ROW (object);

  switch (prop_id)
    {
    case PROP_SETTINGS:
      if (g_set_object (&self->settings, g_value_get_object (value)))
        {
          combo_bind (self);
          g_object_notify_by_pspec (object, pspec);
        }
      break;
    case PROP_SCHEMA_KEY:
      self->schema_key = g_value_dup_string (value);
      break;
    case PROP_ENUM_TYPE:
      self->enum_type = g_value_get_gtype (value);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
hearts_preferences_combo_row_constructed (GObject *object)
{
  G_OBJECT_CLASS (hearts_preferences_combo_row_parent_class)->constructed (object);

  combo_bind (HEARTS_PREFERENCES_COMBO_ROW (object));
}

static void
hearts_preferences_combo_row_class_init (HeartsPreferencesComboRowClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->constructed = hearts_preferences_combo_row_constructed;
  object_class->finalize = hearts_preferences_combo_row_finalize;
  object_class->get_property = hearts_preferences_combo_row_get_property;
  object_class->set_property = hearts_preferences_combo_row_set_property;

  combo_properties[PROP_SETTINGS] =
    g_param_spec_object ("settings", NULL, NULL,
                         G_TYPE_SETTINGS,
                         (G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));
  combo_properties[PROP_SCHEMA_KEY] =
    g_param_spec_string ("schema-key", NULL, NULL,
                         NULL,
                         (G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS));
  combo_properties[PROP_ENUM_TYPE] =
    g_param_spec_gtype ("enum-type", NULL, NULL,
                        G_TYPE_ENUM,
                        (G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS));
  g_object_class_install_properties (object_class, N_PROPS, combo_properties);
}

static void
hearts_preferences_combo_row_init (HeartsPreferencesComboRow *self)
{
  self->enum_type = G_TYPE_ENUM;
}

void
hearts_preferences_combo_row_set_hidden_nicks (HeartsPreferencesComboRow *self,
                                               const char * const        *nicks)
{
  g_return_if_fail (HEARTS_IS_PREFERENCES_COMBO_ROW (self));

  if (nicks != NULL && nicks[0] == NULL)
    nicks = NULL;
  if (self->hidden == NULL && nicks == NULL)
    return;
  if (self->hidden != NULL && nicks != NULL && g_strv_equal ((const char * const *) self->hidden, nicks))
    return;
  g_clear_pointer (&self->hidden, g_strfreev);
  self->hidden = g_strdupv ((char **) nicks);
  combo_bind (self);
}

/* The switch row */

static void
switch_bind (HeartsPreferencesSwitchRow *self)
{
  if (self->settings != NULL && self->schema_key != NULL)
    g_settings_bind (self->settings, self->schema_key, self->toggle, "active", G_SETTINGS_BIND_DEFAULT);
}

static void
hearts_preferences_switch_row_finalize (GObject *object)
{
  HeartsPreferencesSwitchRow *self = (HeartsPreferencesSwitchRow *) object;

  g_clear_object (&self->settings);
  g_clear_pointer (&self->schema_key, g_free);

  G_OBJECT_CLASS (hearts_preferences_switch_row_parent_class)->finalize (object);
}

static void
hearts_preferences_switch_row_get_property (GObject    *object,
                                            guint       prop_id,
                                            GValue     *value,
                                            GParamSpec *pspec)
{
  HeartsPreferencesSwitchRow *self = HEARTS_PREFERENCES_SWITCH_ROW (object);

  switch (prop_id)
    {
    case PROP_SETTINGS:
      g_value_set_object (value, self->settings);
      break;
    case PROP_SCHEMA_KEY:
      g_value_set_string (value, self->schema_key);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
hearts_preferences_switch_row_set_property (GObject      *object,
                                            guint         prop_id,
                                            const GValue *value,
                                            GParamSpec   *pspec)
{
  HeartsPreferencesSwitchRow *self = HEARTS_PREFERENCES_SWITCH_ROW (object);

  switch (prop_id)
    {
    case PROP_SETTINGS:
      if (g_set_object (&self->settings, g_value_get_object (value)))
        {
          switch_bind (self);
          g_object_notify_by_pspec (object, pspec);
        }
      break;
    case PROP_SCHEMA_KEY:
      self->schema_key = g_value_dup_string (value);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
hearts_preferences_switch_row_constructed (GObject *object)
{
  G_OBJECT_CLASS (hearts_preferences_switch_row_parent_class)->constructed (object);

  switch_bind (HEARTS_PREFERENCES_SWITCH_ROW (object));
}

static void
hearts_preferences_switch_row_class_init (HeartsPreferencesSwitchRowClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->constructed = hearts_preferences_switch_row_constructed;
  object_class->finalize = hearts_preferences_switch_row_finalize;
  object_class->get_property = hearts_preferences_switch_row_get_property;
  object_class->set_property = hearts_preferences_switch_row_set_property;

  switch_properties[PROP_SETTINGS] =
    g_param_spec_object ("settings", NULL, NULL,
                         G_TYPE_SETTINGS,
                         (G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));
  switch_properties[PROP_SCHEMA_KEY] =
    g_param_spec_string ("schema-key", NULL, NULL,
                         NULL,
                         (G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS));
  g_object_class_install_properties (object_class, N_PROPS - 1, switch_properties);
}

static void
hearts_preferences_switch_row_init (HeartsPreferencesSwitchRow *self)
{
  /* AdwSwitchRow would do, from libadwaita 1.4. */
  self->toggle = GTK_SWITCH (gtk_switch_new ());
  gtk_widget_set_valign (GTK_WIDGET (self->toggle), GTK_ALIGN_CENTER);
  adw_action_row_add_suffix (ADW_ACTION_ROW (self), GTK_WIDGET (self->toggle));
  adw_action_row_set_activatable_widget (ADW_ACTION_ROW (self), GTK_WIDGET (self->toggle));
}
