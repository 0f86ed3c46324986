/* hearts-card-theme.h: a deck of card pictures, rendered from an Aisleriot-style SVG
 *
 * A card costs 0.3-4 ms to render (a court card the most), a whole deck tens of ms, an
 * Aisleriot theme up to several hundred: so a frame renders only the cards no size has yet,
 * and a worker renders the rest of the deck at the size on screen (snapshot_card()). The
 * cache keeps that size, and while a resize settles the one before it. Textures are owned by
 * the cache: take a reference to keep one past the snapshot that uses it. Main thread only.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gtk/gtk.h>

#include "hearts-types.h"

G_BEGIN_DECLS

#define HEARTS_CARD_THEME_ERROR (hearts_card_theme_error_quark ())

typedef enum
{
  HEARTS_CARD_THEME_ERROR_INVALID,   /* not a card theme: bad size, or a card is missing */
  HEARTS_CARD_THEME_ERROR_NOT_FOUND, /* no theme with that id */
} HeartsCardThemeError;

/* The id of our own deck in hearts_card_theme_list_available(). */
#define HEARTS_CARD_THEME_DEFAULT_ID "hearts"

#define HEARTS_TYPE_CARD_THEME_INFO (hearts_card_theme_info_get_type ())
G_DECLARE_FINAL_TYPE (HeartsCardThemeInfo, hearts_card_theme_info, HEARTS, CARD_THEME_INFO, GObject)

#define HEARTS_TYPE_CARD_THEME (hearts_card_theme_get_type ())
G_DECLARE_FINAL_TYPE (HeartsCardTheme, hearts_card_theme, HEARTS, CARD_THEME, GObject)

GQuark           hearts_card_theme_error_quark      (void);

HeartsCardTheme *hearts_card_theme_new_default      (void);
HeartsCardTheme *hearts_card_theme_new_for_file     (const char           *path,
                                                     GError              **error);
/* An id from hearts_card_theme_list_available(), as the card-style setting stores it. */
HeartsCardTheme *hearts_card_theme_new_for_id       (const char           *id,
                                                     GError              **error);
/* Starts loading @id in a thread for the next new_for_id (@id) to take: parsing a deck takes
 * tens of ms, which can overlap building the window. */
void             hearts_card_theme_preload          (const char           *id);
/* Before the process ends: no theme renders in a thread from now on. */
void             hearts_card_theme_stop_workers     (void);
const char      *hearts_card_theme_get_id           (HeartsCardTheme      *self);
const char      *hearts_card_theme_get_name         (HeartsCardTheme      *self);
/* Width / height of one card. */
double           hearts_card_theme_get_aspect       (HeartsCardTheme      *self);
/* Height in logical pixels of a card @width wide, as the textures have it (rounded). */
int              hearts_card_theme_get_height_for_width (HeartsCardTheme  *self,
                                                         int               width);
/* @card is a HeartsCard or HEARTS_NO_CARD for the back; @width in logical pixels, @scale the
 * surface scale. The texture is (width * scale) x (height * scale) pixels. Rendered on the first
 * request, then cached (see above for which sizes stay). */
GdkTexture      *hearts_card_theme_get_texture      (HeartsCardTheme      *self,
                                                     HeartsCard            card,
                                                     int                   width,
                                                     int                   scale);
/* Whether a size is cached (some of its pictures, at least). */
gboolean         hearts_card_theme_has_size         (HeartsCardTheme      *self,
                                                     int                   width,
                                                     int                   scale);
/* Draws @card (with its shadow) over @bounds for @widget, rendered @width logical pixels wide.
 * Never waits for more than the pictures no size has yet: a card at a new size is drawn from
 * another size, scaled, while a worker renders the new one, and ::changed says when it has. */
void             hearts_card_theme_snapshot_card    (HeartsCardTheme       *self,
                                                     GtkSnapshot           *snapshot,
                                                     GtkWidget             *widget,
                                                     HeartsCard             card,
                                                     const graphene_rect_t *bounds,
                                                     int                    width);
/* The same, turned a quarter clockwise about the centre of @bounds (where the card would be
 * upright), as gtk_snapshot_rotate (snapshot, 90) would: cheaper for a back at rest. */
void             hearts_card_theme_snapshot_card_turned (HeartsCardTheme   *self,
                                                     GtkSnapshot           *snapshot,
                                                     GtkWidget             *widget,
                                                     HeartsCard             card,
                                                     const graphene_rect_t *bounds,
                                                     int                    width);
void             hearts_card_theme_clear_cache      (HeartsCardTheme      *self);

/* Every theme: ours first, then the Aisleriot ones found on the system, by name. */
GListModel      *hearts_card_theme_list_available   (void);

const char      *hearts_card_theme_info_get_id      (HeartsCardThemeInfo  *self);
const char      *hearts_card_theme_info_get_name    (HeartsCardThemeInfo  *self);
/* NULL for our own deck, which lives in the GResource. */
const char      *hearts_card_theme_info_get_path    (HeartsCardThemeInfo  *self);
HeartsCardTheme *hearts_card_theme_info_load        (HeartsCardThemeInfo  *self,
                                                     GError              **error);

G_END_DECLS
