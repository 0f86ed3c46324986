/* hearts-seat-plate.h: a seat's name plate on the table
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

#define HEARTS_TYPE_SEAT_PLATE (hearts_seat_plate_get_type ())

G_DECLARE_FINAL_TYPE (HeartsSeatPlate, hearts_seat_plate, HEARTS, SEAT_PLATE, GtkWidget)

GtkWidget  *hearts_seat_plate_new             (void);
const char *hearts_seat_plate_get_player_name (HeartsSeatPlate *self);
void        hearts_seat_plate_set_player_name (HeartsSeatPlate *self,
                                               const char      *name);
/* The line under the name: this hand's points and the game total. */
const char *hearts_seat_plate_get_info        (HeartsSeatPlate *self);
void        hearts_seat_plate_set_info        (HeartsSeatPlate *self,
                                               const char      *info);
/* What a screen reader hears for the info (NULL: the info as shown). */
const char *hearts_seat_plate_get_description (HeartsSeatPlate *self);
void        hearts_seat_plate_set_description (HeartsSeatPlate *self,
                                               const char      *description);
/* Whether it is this seat's turn: the plate lights up. */
gboolean    hearts_seat_plate_get_current     (HeartsSeatPlate *self);
void        hearts_seat_plate_set_current     (HeartsSeatPlate *self,
                                               gboolean         current);

G_END_DECLS
