/* hearts-card-theme.h: a deck of card pictures, rendered from an Aisleriot-style SVG
 *
 * A card costs 0.3-4 ms to render (a court card the most), a whole deck tens of ms, an
 * Aisleriot theme up to several hundred: so render only what a frame shows. On a new size,
 * draw with lookup_texture() at the old size (scaled) while prerender_async() fills the new
 * one, or call get_texture() for the few cards on screen. Textures are owned by the cache:
 * take a reference to keep one past the snapshot that uses it. All but the worker inside
 * prerender_async() run on the main thread.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gtk/gtk.h>

#include "hearts-cards.h"

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
const char      *hearts_card_theme_get_id           (HeartsCardTheme      *self);
const char      *hearts_card_theme_get_name         (HeartsCardTheme      *self);
/* Width / height of one card. */
double           hearts_card_theme_get_aspect       (HeartsCardTheme      *self);
/* Height in logical pixels of a card @width wide, as the textures have it (rounded). */
int              hearts_card_theme_get_height_for_width (HeartsCardTheme  *self,
                                                         int               width);
/* @card is a HeartsCard or HEARTS_NO_CARD for the back; @width in logical pixels, @scale the
 * surface scale. The texture is (width * scale) x (height * scale) pixels. Rendered on the first
 * request, then cached; the cache keeps the last few sizes asked for and drops older ones. */
GdkTexture      *hearts_card_theme_get_texture      (HeartsCardTheme      *self,
                                                     HeartsCard            card,
                                                     int                   width,
                                                     int                   scale);
/* A cached texture, or NULL when that card has not been rendered at that size yet: for a
 * frame that must not wait (draw the old size scaled, and prerender the new one). */
GdkTexture      *hearts_card_theme_lookup_texture   (HeartsCardTheme      *self,
                                                     HeartsCard            card,
                                                     int                   width,
                                                     int                   scale);
/* Renders the whole deck at a size in a worker thread, filling the cache. */
void             hearts_card_theme_prerender_async  (HeartsCardTheme      *self,
                                                     int                   width,
                                                     int                   scale,
                                                     GCancellable         *cancellable,
                                                     GAsyncReadyCallback   callback,
                                                     gpointer              user_data);
gboolean         hearts_card_theme_prerender_finish (HeartsCardTheme      *self,
                                                     GAsyncResult         *result,
                                                     GError              **error);
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
