/* hearts-test-driver.h: runs the real hearts under Xvfb and plays it with xdotool
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gio/gio.h>

G_BEGIN_DECLS

typedef struct
{
  GSubprocess     *process;
  GDBusConnection *bus;
  char            *window;        /* X window id, for xdotool */
  char            *config_dir;
  guint            changed_id;    /* org.gtk.Actions.Changed */
  GVariant        *state;         /* the last state the program published */
  guint            n_changes;
  gboolean         exited;
} HeartsDriver;

typedef gboolean (*HeartsStateCheck) (GVariant *state,
                                      gpointer  data);

/* @animations FALSE writes a GTK settings.ini that turns them off. */
HeartsDriver *hearts_driver_start          (const char       *seed,
                                            const char       *rules,
                                            gboolean          animations);
/* The same, with lines of the program's settings ("click-to-play='double'"). */
HeartsDriver *hearts_driver_start_with_settings (const char *seed,
                                                 const char *rules,
                                                 gboolean    animations,
                                                 const char *settings);
void          hearts_driver_stop           (HeartsDriver     *driver);
/* The state of app.state (a{sv}); NULL if the program does not answer. */
GVariant     *hearts_driver_get_state      (HeartsDriver     *driver);
/* Waits for the states the program publishes until one meets @check; aborts the test
 * if the program dies or none does. */
GVariant     *hearts_driver_wait           (HeartsDriver     *driver,
                                            HeartsStateCheck  check,
                                            gpointer          data);
/* Waits until the program publishes a state other than @state. */
GVariant     *hearts_driver_wait_change    (HeartsDriver     *driver,
                                            GVariant         *state);
void          hearts_driver_click          (HeartsDriver     *driver,
                                            int               x,
                                            int               y);
/* A click in the program's other window if it has one (a dialog of libadwaita before
 * 1.5), else in the main window (later dialogs are drawn inside it). */
void          hearts_driver_click_dialog   (HeartsDriver     *driver,
                                            int               x,
                                            int               y);
/* The same in another window of the program (an X window id, as find_window gives). */
void          hearts_driver_click_in       (HeartsDriver     *driver,
                                            const char       *window,
                                            int               x,
                                            int               y);
/* The X window id of the program's window called @title, once it is shown. */
char         *hearts_driver_find_window    (HeartsDriver     *driver,
                                            const char       *title);
/* Gives @window the keyboard focus, as a click on its title bar would. */
void          hearts_driver_focus          (HeartsDriver     *driver,
                                            const char       *window);
/* Presses at (x1, y1), moves in small steps to (x2, y2) and releases. */
void          hearts_driver_drag           (HeartsDriver     *driver,
                                            int               x1,
                                            int               y1,
                                            int               x2,
                                            int               y2);
/* Presses and releases a key, as xdotool names it ("Tab", "Return", "Right"). */
void          hearts_driver_key            (HeartsDriver     *driver,
                                            const char       *key);
void          hearts_driver_screenshot     (HeartsDriver     *driver,
                                            const char       *name);
/* Gives the keyboard focus to the program's window titled @title, if there is one (a
 * dialog is a window of its own on libadwaita 1.2, later it lives in the main window), as
 * a window manager would when it opens or closes: the tests' X server has none. */
void          hearts_driver_focus_window   (HeartsDriver     *driver,
                                            const char       *title);

/* State helpers */
GVariant     *state_get_table              (GVariant         *state);
gboolean      state_get_rect               (GVariant         *dict,
                                            const char       *key,
                                            int              *x,
                                            int              *y,
                                            int              *w,
                                            int              *h);
/* The rectangle of @card ("QS") in the hand; FALSE if it is not there. */
gboolean      state_get_card_rect          (GVariant         *state,
                                            const char       *card,
                                            int              *x,
                                            int              *y,
                                            int              *w,
                                            int              *h);
char         *state_get_string             (GVariant         *dict,
                                            const char       *key);
gboolean      state_get_busy               (GVariant         *state);
guint         state_get_hand_size          (GVariant         *state);
/* The n-th card of the hand, left to right. */
char         *state_get_hand_card          (GVariant         *state,
                                            guint             index);
/* The lines of the record that start with @prefix, prefix removed, in order. */
GPtrArray    *state_record_lines           (GVariant         *state,
                                            const char       *prefix);

G_END_DECLS
