/* hearts-deck-cache.h: a card theme's rendered deck, kept on disk between runs
 *
 * Parsing a deck and rendering the cards on screen costs more than the rest of the first
 * frame, and librsvg's code and heap more memory than the rest of the window. So the last
 * complete size of each theme is kept in the user's cache folder, as the pixels cairo drew,
 * and the next start maps them and draws at once; librsvg is loaded only for another size.
 * A file is named after the theme's identity (its URI, size and modification time, or the
 * built-in deck's contents), so a changed theme is never drawn from an old file.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <cairo.h>
#include <gio/gio.h>

G_BEGIN_DECLS

typedef struct
{
  double doc_width; /* the theme document's size, which the pictures were cut from */
  double doc_height;
  int    width; /* one card, in logical pixels */
  int    height;
  int    scale;
} HeartsDeckCacheInfo;

/* The file for @file's deck, or NULL if @file cannot be identified (then nothing is kept). */
char    *hearts_deck_cache_path_for_file (GFile                     *file);
/* Maps a kept deck: fills @info and @surfaces (n_pictures surfaces sharing the mapping).
 * FALSE, with @surfaces untouched, if the file is missing, foreign or damaged. */
gboolean hearts_deck_cache_read          (const char                *path,
                                          guint                      n_pictures,
                                          HeartsDeckCacheInfo       *info,
                                          cairo_surface_t          **surfaces);
/* Writes a complete deck; a file cut short (a crash while writing) is never read. Any thread;
 * the surfaces must be flushed and not drawn to meanwhile. */
gboolean hearts_deck_cache_write         (const char                *path,
                                          const HeartsDeckCacheInfo *info,
                                          guint                      n_pictures,
                                          cairo_surface_t          **surfaces,
                                          GError                   **error);

G_END_DECLS
