/* test-seat-plate.c: a seat's name plate, alone and on the table
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <adwaita.h>

#include "hearts-game-deal.h"
#include "hearts-seat-plate.h"
#include "hearts-table.h"
#include "hearts-test-widget.h"

static void
count_notify (GObject    *object,
              GParamSpec *pspec,
              guint      *count)
{
  (*count)++;
}

static GtkLabel *
find_label (GtkWidget  *plate,
            const char *css_class)
{
  for (GtkWidget *child = gtk_widget_get_first_child (plate);
       child != NULL;
       child = gtk_widget_get_next_sibling (child))
    if (GTK_IS_LABEL (child) && gtk_widget_has_css_class (child, css_class))
      return GTK_LABEL (child);
  g_assert_not_reached ();
}

static void
test_plate_properties (void)
{
  GtkWidget       *plate = g_object_ref_sink (hearts_seat_plate_new ());
  HeartsSeatPlate *self = HEARTS_SEAT_PLATE (plate);
  GtkLabel        *name = find_label (plate, "name");
  GtkLabel        *info = find_label (plate, "info");
  guint            n_name = 0, n_info = 0, n_current = 0;
  g_autofree char *got = NULL;
  gboolean         current = TRUE;

  g_signal_connect (plate, "notify::player-name", G_CALLBACK (count_notify), &n_name);
  g_signal_connect (plate, "notify::info", G_CALLBACK (count_notify), &n_info);
  g_signal_connect (plate, "notify::current", G_CALLBACK (count_notify), &n_current);

  g_assert_null (hearts_seat_plate_get_player_name (self));
  g_assert_null (hearts_seat_plate_get_info (self));
  g_assert_false (hearts_seat_plate_get_current (self));
  g_assert_cmpstr (gtk_label_get_label (name), ==, "");
  gtk_test_accessible_assert_role (GTK_ACCESSIBLE (plate), GTK_ACCESSIBLE_ROLE_GROUP);
  gtk_test_accessible_assert_property (GTK_ACCESSIBLE (plate), GTK_ACCESSIBLE_PROPERTY_LABEL, "");

  hearts_seat_plate_set_player_name (self, "Ada");
  g_assert_cmpuint (n_name, ==, 1);
  g_assert_cmpstr (hearts_seat_plate_get_player_name (self), ==, "Ada");
  g_assert_cmpstr (gtk_label_get_label (name), ==, "Ada");
  gtk_test_accessible_assert_property (GTK_ACCESSIBLE (plate), GTK_ACCESSIBLE_PROPERTY_LABEL, "Ada");
  /* The same name again is no change. */
  hearts_seat_plate_set_player_name (self, "Ada");
  g_object_set (plate, "player-name", "Ada", NULL);
  g_assert_cmpuint (n_name, ==, 1);
  g_object_set (plate, "player-name", "Blaise", NULL);
  g_assert_cmpuint (n_name, ==, 2);
  g_assert_cmpstr (gtk_label_get_label (name), ==, "Blaise");

  hearts_seat_plate_set_info (self, "3 points · 1 trick");
  hearts_seat_plate_set_info (self, "3 points · 1 trick");
  g_assert_cmpuint (n_info, ==, 1);
  g_assert_cmpstr (gtk_label_get_label (info), ==, "3 points · 1 trick");
  gtk_test_accessible_assert_property (GTK_ACCESSIBLE (plate), GTK_ACCESSIBLE_PROPERTY_DESCRIPTION,
                                       "3 points · 1 trick");
  /* Words for a screen reader take the place of the line as shown. */
  hearts_seat_plate_set_description (self, "3 points this hand, 1 trick");
  g_assert_cmpstr (hearts_seat_plate_get_description (self), ==, "3 points this hand, 1 trick");
  gtk_test_accessible_assert_property (GTK_ACCESSIBLE (plate), GTK_ACCESSIBLE_PROPERTY_DESCRIPTION,
                                       "3 points this hand, 1 trick");
  g_assert_cmpstr (gtk_label_get_label (info), ==, "3 points · 1 trick");
  hearts_seat_plate_set_description (self, NULL);
  gtk_test_accessible_assert_property (GTK_ACCESSIBLE (plate), GTK_ACCESSIBLE_PROPERTY_DESCRIPTION,
                                       "3 points · 1 trick");
  hearts_seat_plate_set_info (self, NULL);
  g_assert_cmpuint (n_info, ==, 2);
  g_assert_cmpstr (gtk_label_get_label (info), ==, "");
  /* The name is untouched by the info. */
  g_assert_cmpuint (n_name, ==, 2);
  g_assert_cmpstr (gtk_label_get_label (name), ==, "Blaise");

  g_assert_false (gtk_widget_has_css_class (plate, "current"));
  hearts_seat_plate_set_current (self, TRUE);
  hearts_seat_plate_set_current (self, 2);
  g_assert_cmpuint (n_current, ==, 1);
  g_assert_true (gtk_widget_has_css_class (plate, "current"));
  g_object_get (plate, "current", &current, "player-name", &got, NULL);
  g_assert_true (current);
  g_assert_cmpstr (got, ==, "Blaise");
  g_object_set (plate, "current", FALSE, NULL);
  g_assert_cmpuint (n_current, ==, 2);
  g_assert_false (gtk_widget_has_css_class (plate, "current"));
  g_assert_cmpuint (n_name, ==, 2);
  g_assert_cmpuint (n_info, ==, 2);

  g_assert_finalize_object (plate);
}

static GPtrArray *
table_plates (GtkWidget *table)
{
  GPtrArray *plates = g_ptr_array_new ();

  for (GtkWidget *child = gtk_widget_get_first_child (table);
       child != NULL;
       child = gtk_widget_get_next_sibling (child))
    if (HEARTS_IS_SEAT_PLATE (child))
      g_ptr_array_add (plates, child);
  return plates;
}

/* The table has a plate per seat it can seat, and shows one for each player. */
static void
test_table_plates (void)
{
  GtkWidget  *table = g_object_ref_sink (hearts_table_new ());
  const char *names[] = { "", "Ada", "", "Dorothy", NULL };
  g_autoptr(HeartsGame) game = NULL;
  g_autoptr(GPtrArray) plates = NULL;
  HeartsRules rules;
  guint       n_current = 0;
  gint        current;

  plates = table_plates (table);
  g_assert_cmpuint (plates->len, ==, HEARTS_MAX_PLAYERS);
  /* No game, no plates. */
  for (guint s = 0; s < plates->len; s++)
    g_assert_false (gtk_widget_get_visible (g_ptr_array_index (plates, s)));

  hearts_rules_init_default (&rules);
  g_assert_true (hearts_rules_apply_string (&rules, "players=5 pass=none", NULL));
  game = hearts_game_new (&rules, 7);
  hearts_test_table_set_game (HEARTS_TABLE (table), game);
  hearts_seat_view_set_player_names (hearts_table_get_seat_view (HEARTS_TABLE (table)), names);
  g_assert_cmpint (hearts_game_get_phase (game), ==, HEARTS_PHASE_PLAYING);
  current = hearts_game_get_current_player (game);
  g_assert_cmpint (current, >=, 0);

  for (guint s = 0; s < plates->len; s++)
    {
      HeartsSeatPlate *plate = g_ptr_array_index (plates, s);

      g_assert_true (gtk_widget_get_visible (GTK_WIDGET (plate)));
      g_assert_cmpstr (hearts_seat_plate_get_player_name (plate), ==,
                       hearts_table_get_player_name (HEARTS_TABLE (table), s));
      g_assert_cmpstr (hearts_seat_plate_get_info (plate), ==, "0 this hand · 0 total");
      gtk_test_accessible_assert_property (GTK_ACCESSIBLE (plate), GTK_ACCESSIBLE_PROPERTY_DESCRIPTION,
                                           "0 points this hand, 0 in total, 0 tricks");
      g_assert_cmpint (hearts_seat_plate_get_current (plate), ==, (gint) s == current);
      n_current += hearts_seat_plate_get_current (plate);
    }
  g_assert_cmpuint (n_current, ==, 1);
  g_assert_cmpstr (hearts_seat_plate_get_player_name (g_ptr_array_index (plates, 1)), ==, "Ada");
  g_assert_cmpstr (hearts_seat_plate_get_player_name (g_ptr_array_index (plates, 3)), ==, "Dorothy");

  /* A new name reaches its plate. */
  names[1] = "Grace";
  hearts_seat_view_set_player_names (hearts_table_get_seat_view (HEARTS_TABLE (table)), names);
  g_assert_cmpstr (hearts_seat_plate_get_player_name (g_ptr_array_index (plates, 1)), ==, "Grace");

  g_clear_pointer (&plates, g_ptr_array_unref);
  hearts_test_table_set_game (HEARTS_TABLE (table), NULL);
  g_assert_finalize_object (table);
}

int
main (int   argc,
      char *argv[])
{
  gtk_test_init (&argc, &argv, NULL);
  adw_init ();

  g_test_add_func ("/ui/seat-plate/properties", test_plate_properties);
  g_test_add_func ("/ui/seat-plate/on-the-table", test_table_plates);

  return g_test_run ();
}
