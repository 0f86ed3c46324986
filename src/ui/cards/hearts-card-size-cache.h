/* hearts-card-size-cache.h: the sizes a card theme has rendered, two at most
 *
 * A size is the deck's pictures at one width and surface scale, as far as they are rendered,
 * and what frames draw them with. The cache keeps the size drawn and, while a resize settles,
 * the one before it: a card the new size lacks is drawn from the other, scaled. Rendering is
 * not its business (hearts-card-theme.c fills the slots). Main thread only.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gtk/gtk.h>

#include "hearts-card-index.h"

G_BEGIN_DECLS

/* One size: a cairo surface per picture, and what frames draw it with: a GdkTexture (it
 * shares the surface's pixels) for GL, a cairo node for the cairo renderer. */
typedef struct
{
  int              width; /* of a card, in logical pixels */
  int              scale;
  guint64          last_used;
  cairo_surface_t *surfaces[HEARTS_CARD_N_SLOTS];
  GdkTexture      *textures[HEARTS_CARD_N_SLOTS];
  GskRenderNode   *nodes[HEARTS_CARD_N_PICTURES]; /* the picture over its shadow */
  GskRenderNode   *backs[2];                      /* the back over its shadow at the size of the backs, upright and turned */
} HeartsCardSize;

typedef struct _HeartsCardSizeCache HeartsCardSizeCache;

/* How many of the 53 pictures @size has (the shadow is not one). */
guint                hearts_card_size_count             (HeartsCardSize      *size);

HeartsCardSizeCache *hearts_card_size_cache_new         (void);
void                 hearts_card_size_cache_free        (HeartsCardSizeCache *self);
HeartsCardSize      *hearts_card_size_cache_lookup      (HeartsCardSizeCache *self,
                                                         int                  width,
                                                         int                  scale);
/* Marks @size as drawn now: the last one used is the one a worker fills. */
void                 hearts_card_size_cache_touch       (HeartsCardSizeCache *self,
                                                         HeartsCardSize      *size);
/* The size, made (empty) if it is not there, and touched. To make room it drops the size
 * with the fewest pictures, the oldest of those. */
HeartsCardSize      *hearts_card_size_cache_use         (HeartsCardSizeCache *self,
                                                         int                  width,
                                                         int                  scale);
/* The size used last, or NULL if none. */
HeartsCardSize      *hearts_card_size_cache_latest      (HeartsCardSizeCache *self);
/* The size nearest @width × @scale that has picture @index, or NULL. */
HeartsCardSize      *hearts_card_size_cache_stand_in    (HeartsCardSizeCache *self,
                                                         guint                index,
                                                         int                  width,
                                                         int                  scale);
/* Whether a size other than @size has some picture (could stand in for it). */
gboolean             hearts_card_size_cache_has_other   (HeartsCardSizeCache *self,
                                                         HeartsCardSize      *size);
/* Drops every size but @size. */
void                 hearts_card_size_cache_keep_only   (HeartsCardSizeCache *self,
                                                         HeartsCardSize      *size);
void                 hearts_card_size_cache_clear       (HeartsCardSizeCache *self);

G_END_DECLS
