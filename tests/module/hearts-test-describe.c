/* hearts-test-describe.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include "hearts-card-widget.h"
#include "hearts-card-picture.h"
#include "hearts-test-describe.h"
#include "hearts-trick-row.h"

gboolean
hearts_test_table_drew_cards (HeartsTable *table)
{
  HeartsSeatView *view = hearts_table_get_seat_view (table);
  guint           n = 0;

  if (view == NULL || hearts_table_get_card_theme (table) == NULL || hearts_table_get_card_width (table) < 1 ||
      !gtk_widget_get_mapped (GTK_WIDGET (table)))
    return FALSE;
  for (GtkWidget *child = gtk_widget_get_first_child (GTK_WIDGET (table)); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    if (HEARTS_IS_CARD_WIDGET (child))
      {
        if (gtk_widget_get_width (child) <= 0)
          return FALSE;
        n++;
      }
  return n > 0 && n == hearts_seat_state_get_hand_count (hearts_seat_view_get_state (view), hearts_seat_view_get_seat (view));
}

static void
collect_cards (GtkWidget       *widget,
               GVariantBuilder *cards)
{
  if (HEARTS_IS_CARD_PICTURE (widget))
    {
      g_variant_builder_add (cards, "s", hearts_card_to_string (hearts_card_picture_get_card (HEARTS_CARD_PICTURE (widget))));
      return;
    }
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL; child = gtk_widget_get_next_sibling (child))
    collect_cards (child, cards);
}

GVariant *
hearts_test_describe_trick_history (HeartsTrickHistory *history)
{
  g_autoptr(GEnumClass) modes = g_type_class_ref (HEARTS_TYPE_TRICK_HISTORY_MODE);
  HeartsTrickHistoryMode mode = hearts_trick_history_get_mode (history);
  GtkListBox            *list = hearts_trick_history_get_list (history);
  GVariantBuilder        b, tricks;

  g_variant_builder_init (&tricks, G_VARIANT_TYPE ("aa{sv}"));
  for (GtkWidget *row = gtk_widget_get_first_child (GTK_WIDGET (list)); row != NULL; row = gtk_widget_get_next_sibling (row))
    {
      const HeartsTrick *trick;
      GVariantBuilder    t, cards;

      if (!HEARTS_IS_TRICK_ROW (row))
        continue;
      trick = hearts_trick_row_get_trick (HEARTS_TRICK_ROW (row));
      /* The cards as the row shows them. */
      g_variant_builder_init (&cards, G_VARIANT_TYPE_STRING_ARRAY);
      collect_cards (row, &cards);
      g_variant_builder_init (&t, G_VARIANT_TYPE_VARDICT);
      g_variant_builder_add (&t, "{sv}", "number", g_variant_new_uint32 (hearts_trick_row_get_number (HEARTS_TRICK_ROW (row))));
      g_variant_builder_add (&t, "{sv}", "leader", g_variant_new_int32 (trick->leader));
      g_variant_builder_add (&t, "{sv}", "winner", g_variant_new_int32 (trick->winner));
      g_variant_builder_add (&t, "{sv}", "points", g_variant_new_int32 (trick->points));
      g_variant_builder_add (&t, "{sv}", "cards", g_variant_builder_end (&cards));
      g_variant_builder_add (&t, "{sv}", "label", g_variant_new_string (hearts_trick_row_get_text (HEARTS_TRICK_ROW (row))));
      g_variant_builder_add_value (&tricks, g_variant_builder_end (&t));
    }

  g_variant_builder_init (&b, G_VARIANT_TYPE_VARDICT);
  g_variant_builder_add (&b, "{sv}", "mode", g_variant_new_string (g_enum_get_value (modes, mode)->value_nick));
  g_variant_builder_add (&b, "{sv}", "tricks", g_variant_builder_end (&tricks));
  return g_variant_builder_end (&b);
}

