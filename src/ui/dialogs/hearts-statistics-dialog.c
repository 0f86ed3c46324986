/* hearts-statistics-dialog.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>

#include "hearts-format.h"
#include "hearts-seat-names.h"
#include "hearts-statistics.h"
#include "hearts-statistics-dialog.h"

/* The history keeps more; the dialog shows the latest. */
#define HISTORY_SHOWN 10

struct _HeartsStatisticsDialog
{
  HeartsDialogBase parent_instance;

  GSettings *settings;

  GtkStack    *stack;
  AdwComboRow *preset_row;
  GtkLabel    *games_label;
  GtkLabel    *wins_label;
  GtkLabel    *best_label;
  GtkLabel    *worst_label;
  GtkLabel    *hands_label;
  GtkLabel    *average_label;
  GtkLabel    *moons_label;
  GtkLabel    *queens_label;
  GtkWidget   *history_group;
  GtkListBox  *history_list;
};

G_DEFINE_FINAL_TYPE (HeartsStatisticsDialog, hearts_statistics_dialog, HEARTS_TYPE_DIALOG_BASE)

enum
{
  PROP_0,
  PROP_SETTINGS,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static void
set_number (GtkLabel *label,
            gboolean  known,
            gint64    value)
{
  g_autofree char *text = known ? g_strdup_printf ("%" G_GINT64_FORMAT, value) : g_strdup ("—");

  gtk_label_set_text (label, text);
}

static void
set_points (GtkLabel *label,
            gboolean  known,
            gint      value)
{
  g_autofree char *text = known ? hearts_format_points (value) : g_strdup ("—");

  gtk_label_set_text (label, text);
}

static gboolean
any_statistics (HeartsStatisticsDialog *self)
{
  g_autoptr(GVariant) all = g_settings_get_value (self->settings, "statistics");
  g_autoptr(GArray) history = hearts_statistics_get_history (self->settings);

  return g_variant_n_children (all) > 0 || history->len > 0;
}

static void
update_numbers (HeartsStatisticsDialog *self)
{
  guint            selected = adw_combo_row_get_selected (self->preset_row);
  HeartsStats      stats;
  gboolean         known;
  g_autofree char *wins = NULL;
  g_autofree char *average = NULL;

  if (selected >= HEARTS_N_PRESETS)
    return;

  known = hearts_statistics_get (self->settings, selected, &stats);
  set_number (self->games_label, known, stats.games_played);
  if (known)
    /* Translators: games won, then the share of games played */
    wins = g_strdup_printf (_("%u (%.0f %%)"), stats.games_won,
                               100.0 * stats.games_won / stats.games_played);
  gtk_label_set_text (self->wins_label, known ? wins : "—");
  set_points (self->best_label, known, stats.best);
  set_points (self->worst_label, known, stats.worst);
  set_number (self->hands_label, known, stats.hands_played);
  if (known)
    average = hearts_format_mean (hearts_stats_get_average (&stats));
  gtk_label_set_text (self->average_label, known ? average : "—");
  set_number (self->moons_label, known, stats.moons_shot);
  set_number (self->queens_label, known, stats.queens_taken);
}

/* What the list of recent games calls @seat: "You", else the seat's name as now set
 * (the history keeps the scores only), else where it sits. */
static char *
history_name (HeartsStatisticsDialog *self,
              guint                   n_players,
              guint                   seat)
{
  g_autofree char *key = NULL;
  g_autofree char *name = NULL;

  if (seat == 0)
    return g_strdup (_("You"));
  key = g_strdup_printf ("seat%u-name", seat);
  name = g_settings_get_string (self->settings, key);
  g_strstrip (name);
  if (name[0] != '\0')
    return g_steal_pointer (&name);
  return g_strdup (hearts_seat_default_name (n_players, 0, seat));
}

static GtkWidget *
history_row (HeartsStatisticsDialog   *self,
             const HeartsHistoryEntry *entry)
{
  g_autoptr(GDateTime) when = g_date_time_new_from_unix_local (entry->date);
  g_autofree char *title = NULL;
  g_autoptr(GString) scores = g_string_new (NULL);
  g_autofree char *subtitle = NULL;
  GtkWidget       *row, *result;
  gboolean         won = (entry->winners & 1) != 0;

  /* Translators: the date and time a game ended, see g_date_time_format() */
  title = when != NULL ? g_date_time_format (when, _("%x, %H:%M")) : g_strdup ("—");
  for (guint s = 0; s < entry->n_players; s++)
    {
      g_autofree char *total = hearts_format_points (entry->totals[s]);
      g_autofree char *name = history_name (self, entry->n_players, s);

      if (s > 0)
        g_string_append (scores, " · ");
      /* Translators: a player and their final score in the list of recent games, as
       * "Ada 42"; the players are joined with " · " */
      g_string_append_printf (scores, _("%s %s"), name, total);
    }
  /* Translators: the rules preset, then each player's final score, yours first */
  subtitle = g_strdup_printf (_("%s: %s"), hearts_preset_get_name (entry->preset), scores->str);

  row = adw_action_row_new ();
  /* A translated date format or preset name is text, not Pango markup. */
  adw_preferences_row_set_use_markup (ADW_PREFERENCES_ROW (row), FALSE);
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), title);
  adw_action_row_set_subtitle (ADW_ACTION_ROW (row), subtitle);
  /* Translators: how a game in the list of recent games ended for the player */
  result = gtk_label_new (won ? _("Won") : _("Lost"));
  gtk_widget_add_css_class (result, won ? "success" : "dim-label");
  adw_action_row_add_suffix (ADW_ACTION_ROW (row), result);
  return row;
}

static void
update_history (HeartsStatisticsDialog *self)
{
  g_autoptr(GArray) history = hearts_statistics_get_history (self->settings);
  GtkWidget *child;

  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self->history_list))) != NULL)
    gtk_list_box_remove (self->history_list, child);
  for (guint i = 0; i < history->len && i < HISTORY_SHOWN; i++)
    gtk_list_box_append (self->history_list, history_row (self, &g_array_index (history, HeartsHistoryEntry, i)));
  gtk_widget_set_visible (self->history_group, history->len > 0);
}

static void
update (HeartsStatisticsDialog *self)
{
  gboolean any = any_statistics (self);

  gtk_stack_set_visible_child_name (self->stack, any ? "statistics" : "empty");
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "statistics.reset", any);
  update_numbers (self);
  update_history (self);
}

static void
on_preset_selected_cb (HeartsStatisticsDialog *self)
{
  if (self->settings != NULL)
    update_numbers (self);
}

static void
on_reset_response_cb (GtkWidget              *alert,
                      const char             *response,
                      HeartsStatisticsDialog *self)
{
  if (g_strcmp0 (response, "reset") == 0)
    hearts_statistics_reset (self->settings);
}

static void
reset_action (GtkWidget  *widget,
              const char *action_name,
              GVariant   *parameter)
{
  HeartsStatisticsDialog *self = HEARTS_STATISTICS_DIALOG (widget);
  GtkWidget              *alert;

  alert = hearts_alert_new (_("Reset Statistics?"),
                               _("The statistics of every set of rules and the list of finished games will be lost."),
                                  "reset", _("_Reset"));
  g_signal_connect_object (alert, "response", G_CALLBACK (on_reset_response_cb), self, 0);
  hearts_dialog_present (alert, widget);
}

/* GObject */

static void
hearts_statistics_dialog_constructed (GObject *object)
{
  HeartsStatisticsDialog *self = (HeartsStatisticsDialog *) object;
  g_autoptr(GtkStringList) presets = gtk_string_list_new (NULL);
  gint current;

  G_OBJECT_CLASS (hearts_statistics_dialog_parent_class)->constructed (object);

  g_assert (self->settings != NULL);

  for (guint p = 0; p < HEARTS_N_PRESETS; p++)
    gtk_string_list_append (presets, hearts_preset_get_name (p));
  adw_combo_row_set_model (self->preset_row, G_LIST_MODEL (presets));
  /* The rules of the game finished last, if any: after a game with other rules the
   * dialog opened on the Standard ones, all dashes. */
  {
    g_autoptr(GArray) history = hearts_statistics_get_history (self->settings);

    if (history->len > 0)
      current = g_array_index (history, HeartsHistoryEntry, 0).preset;
    else
      current = g_settings_get_enum (self->settings, "preset");
  }
  adw_combo_row_set_selected (self->preset_row, current >= 0 && current < HEARTS_N_PRESETS ? current : 0);

  g_signal_connect_object (self->settings, "changed::statistics", G_CALLBACK (update), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->settings, "changed::history", G_CALLBACK (update), self, G_CONNECT_SWAPPED);
  update (self);
}

static void
hearts_statistics_dialog_dispose (GObject *object)
{
  gtk_widget_dispose_template (GTK_WIDGET (object), HEARTS_TYPE_STATISTICS_DIALOG);

  G_OBJECT_CLASS (hearts_statistics_dialog_parent_class)->dispose (object);
}

static void
hearts_statistics_dialog_finalize (GObject *object)
{
  HeartsStatisticsDialog *self = (HeartsStatisticsDialog *) object;

  g_clear_object (&self->settings);

  G_OBJECT_CLASS (hearts_statistics_dialog_parent_class)->finalize (object);
}

static void
hearts_statistics_dialog_get_property (GObject    *object,
                                       guint       prop_id,
                                       GValue     *value,
                                       GParamSpec *pspec)
{
  HeartsStatisticsDialog *self = HEARTS_STATISTICS_DIALOG (object);

  switch (prop_id)
    {
    case PROP_SETTINGS:
      g_value_set_object (value, self->settings);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
hearts_statistics_dialog_set_property (GObject      *object,
                                       guint         prop_id,
                                       const GValue *value,
                                       GParamSpec   *pspec)
{
  HeartsStatisticsDialog *self = HEARTS_STATISTICS_DIALOG (object);

  switch (prop_id)
    {
    case PROP_SETTINGS:
      self->settings = g_value_dup_object (value);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
hearts_statistics_dialog_class_init (HeartsStatisticsDialogClass *klass)
{
  GObjectClass   *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->constructed = hearts_statistics_dialog_constructed;
  object_class->dispose = hearts_statistics_dialog_dispose;
  object_class->finalize = hearts_statistics_dialog_finalize;
  object_class->get_property = hearts_statistics_dialog_get_property;
  object_class->set_property = hearts_statistics_dialog_set_property;

  properties[PROP_SETTINGS] =
    g_param_spec_object ("settings", NULL, NULL,
                         G_TYPE_SETTINGS,
                         (G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS));
  g_object_class_install_properties (object_class, N_PROPS, properties);

  gtk_widget_class_install_action (widget_class, "statistics.reset", NULL, reset_action);
  hearts_dialog_class_add_close_shortcut (widget_class);

  gtk_widget_class_set_template_from_resource (widget_class, RESOURCE_PATH "/dialogs/hearts-statistics-dialog.ui");
  gtk_widget_class_bind_template_child (widget_class, HeartsStatisticsDialog, stack);
  gtk_widget_class_bind_template_child (widget_class, HeartsStatisticsDialog, preset_row);
  gtk_widget_class_bind_template_child (widget_class, HeartsStatisticsDialog, games_label);
  gtk_widget_class_bind_template_child (widget_class, HeartsStatisticsDialog, wins_label);
  gtk_widget_class_bind_template_child (widget_class, HeartsStatisticsDialog, best_label);
  gtk_widget_class_bind_template_child (widget_class, HeartsStatisticsDialog, worst_label);
  gtk_widget_class_bind_template_child (widget_class, HeartsStatisticsDialog, hands_label);
  gtk_widget_class_bind_template_child (widget_class, HeartsStatisticsDialog, average_label);
  gtk_widget_class_bind_template_child (widget_class, HeartsStatisticsDialog, moons_label);
  gtk_widget_class_bind_template_child (widget_class, HeartsStatisticsDialog, queens_label);
  gtk_widget_class_bind_template_child (widget_class, HeartsStatisticsDialog, history_group);
  gtk_widget_class_bind_template_child (widget_class, HeartsStatisticsDialog, history_list);
  gtk_widget_class_bind_template_callback (widget_class, on_preset_selected_cb);
}

static void
hearts_statistics_dialog_init (HeartsStatisticsDialog *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
}

HeartsStatisticsDialog *
hearts_statistics_dialog_new (GSettings *settings)
{
  g_return_val_if_fail (G_IS_SETTINGS (settings), NULL);

  return g_object_new (HEARTS_TYPE_STATISTICS_DIALOG, "settings", settings, NULL);
}

void
hearts_statistics_dialog_present (HeartsStatisticsDialog *self,
                                  GtkWidget              *parent)
{
  g_return_if_fail (HEARTS_IS_STATISTICS_DIALOG (self));

  hearts_dialog_set_size (GTK_WIDGET (self), 520, 680);
  hearts_dialog_present (GTK_WIDGET (self), parent);
}
