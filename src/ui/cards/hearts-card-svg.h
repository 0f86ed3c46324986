/* hearts-card-svg.h: an Aisleriot card theme's SVG document
 *
 * One SVG holds the whole deck on a 13 × 5 grid, each picture an element named after it
 * (`club_1` … `club_king`, `diamond_…`, `heart_…`, `spade_…`, `back`). This knows that layout
 * and librsvg, and nothing of sizes, caches or threads.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <librsvg/rsvg.h>

#include "hearts-card-index.h"

G_BEGIN_DECLS

/* The grid: a card's aspect is a cell's. */
#define HEARTS_CARD_SVG_N_COLUMNS 13
#define HEARTS_CARD_SVG_N_ROWS    5

/* Parses @file (SVG, or SVGZ) and checks that it is a card theme: a size, and an element for
 * every picture. @doc_width and @doc_height get the document's size in pixels. */
RsvgHandle *hearts_card_svg_load   (GFile       *file,
                                    double      *doc_width,
                                    double      *doc_height,
                                    GError     **error);
/* Draws picture @index (hearts-card-index.h) onto @cr over (0, 0)–(@pixel_width,
 * @pixel_height): its grid cell, not the ink of its element, since some themes draw outside
 * their cell or leave a margin in it. Any thread, but one at a time on a handle. */
gboolean    hearts_card_svg_render (RsvgHandle  *handle,
                                    double       doc_width,
                                    double       doc_height,
                                    guint        index,
                                    cairo_t     *cr,
                                    int          pixel_width,
                                    int          pixel_height,
                                    GError     **error);

G_END_DECLS
