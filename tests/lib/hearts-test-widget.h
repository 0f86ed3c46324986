/* hearts-test-widget.h: what the widget tests share
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gtk/gtk.h>

#include "hearts-test-util.h"

G_BEGIN_DECLS

void hearts_test_init_widgets   (int        *argc,
                                 char     ***argv);
void hearts_test_destroy_window (GtkWindow  *window);
/* Resizes the shown @window and waits until it is laid out at that size. */
void hearts_test_resize_window  (GtkWindow  *window,
                                 int         width,
                                 int         height);

/* The program's style, as AdwApplication loads it (after the colour scheme is set). */
void       hearts_test_load_style      (void);
/* Waits until @widget is mapped and drawn with every card rendered at its size. */
void       hearts_test_wait_drawn      (GtkWidget  *widget);
/* Saves the whole X screen in @path (ImageMagick's import) and prints @path, for the
 * screenshot tools; a failure is printed, not fatal. */
void       hearts_test_take_screenshot (const char *path);
/* The first widget of @type in @root's tree (@root included), or NULL. */
GtkWidget *hearts_test_find_type    (GtkWidget  *root,
                                     GType       type);
/* The same, with the CSS class @css_class too (GTK_TYPE_WIDGET: any widget with it). */
GtkWidget *hearts_test_find_with_class (GtkWidget  *root,
                                        GType       type,
                                        const char *css_class);
/* The first button in @root's tree whose text (with its mnemonic: "_Cancel") is @label. */
GtkWidget *hearts_test_find_button  (GtkWidget  *root,
                                     const char *label);
/* Adds every widget of @type in @root's tree (@root included) to @found, in tree order. */
void       hearts_test_find_all_type (GtkWidget  *root,
                                      GType       type,
                                      GPtrArray  *found);
/* The open alert (hearts_alert_new()), wherever libadwaita put it, or NULL. */
GtkWidget *hearts_test_find_alert   (void);
/* What a click on @response does: emit it, then close; no alert is left. */
void       hearts_test_answer_alert (GtkWidget  *alert,
                                     const char *response);

/* The game a window shows (its runner's), for a test that plays it. */
struct _HeartsGame *hearts_test_window_get_game (gpointer   window);
/* Shows @game at @table as seat 0 sees it (a HeartsLocalSeatView); NULL shows nothing. */
void       hearts_test_table_set_game (gpointer   table,
                                       struct _HeartsGame *game);

G_END_DECLS
