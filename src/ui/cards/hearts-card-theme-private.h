/* hearts-card-theme-private.h: what the files of HeartsCardTheme share
 *
 * HeartsCardTheme is one class in several files, split by job: hearts-card-theme.c (the
 * object: loading a theme, its identity, rendering its pictures at a size, the public API),
 * hearts-card-render-worker.c (the threads that render the rest of a size and keep a complete
 * one on disk, and when they start), hearts-card-theme-snapshot.c (drawing a card in a frame
 * from the sizes at hand). The sizes are kept by a HeartsCardSizeCache (hearts-card-size-cache.h);
 * the theme's file is read and drawn by hearts-card-svg.h.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <librsvg/rsvg.h>

#include "hearts-card-size-cache.h"
#include "hearts-card-theme.h"

G_BEGIN_DECLS

#define HEARTS_CARD_THEME_DEFAULT_URI "resource://" RESOURCE_PATH "/cards/hearts-deck.svg"

/* A new size drawn from another waits this long for a newer one before a worker renders it. */
#define HEARTS_CARD_THEME_SETTLE_MS 150

struct _HeartsCardTheme
{
  GObject parent_instance;

  char       *id;
  char       *name;
  GFile      *file;
  RsvgHandle *handle;      /* parsed when a card must be rendered: not for a deck from disk */
  gboolean    load_failed; /* the file went since its deck was kept on disk */
  double      doc_width;   /* the document at its own size, in pixels */
  double      doc_height;
  gboolean    warned; /* about a card that would not draw */
  char       *cache_path; /* the deck on disk (hearts-deck-cache.h), NULL if none can be */
  int         disk_width; /* the size kept there, or being written */
  int         disk_scale;

  /* The handle is parsed and renders from one thread at a time: the main thread (a card no size has yet)
   * and the worker that fills the size on screen. The cache is the main thread's alone. */
  GMutex               render_lock;
  HeartsCardSizeCache *sizes;

  /* The worker (hearts-card-render-worker.c). */
  guint         fill_idle_id;  /* a fill waits for the frame to be out, or for a resize to settle */
  gboolean      fill_settling; /* the latter */
  guint         settle_ms;
  GCancellable *fill_cancellable; /* the fill running, if any, and its size */
  int           fill_width;
  int           fill_scale;
};

/* The margin of the shadow picture around a card @width wide, in pixels at scale 1. */
static inline int
_hearts_card_theme_shadow_margin (int width)
{
  return MAX (3, width / 14);
}

/* hearts-card-theme.c */
void             _hearts_card_theme_emit_changed  (HeartsCardTheme *self);
/* Renders one picture (not the shadow); any thread. */
cairo_surface_t *_hearts_card_theme_render_picture (HeartsCardTheme *self,
                                                    guint            index,
                                                    int              width,
                                                    int              scale);
/* The size, made if needed (hearts_card_size_cache_use()), its fill cancelled if that dropped it. */
HeartsCardSize  *_hearts_card_theme_use_size       (HeartsCardTheme *self,
                                                    int              width,
                                                    int              scale);
/* The picture at a size, rendered now if it is missing. */
cairo_surface_t *_hearts_card_theme_ensure_surface (HeartsCardTheme *self,
                                                    HeartsCardSize  *size,
                                                    guint            index);
GdkTexture      *_hearts_card_theme_ensure_texture (HeartsCardTheme *self,
                                                    HeartsCardSize  *size,
                                                    guint            index);

/* hearts-card-render-worker.c */
/* Has a worker render what the size used last lacks: after the frame being drawn, or once
 * no newer size has come for settle_ms if @resizing. */
void             _hearts_card_theme_schedule_fill  (HeartsCardTheme *self,
                                                    gboolean         resizing);
void             _hearts_card_theme_cancel_fill    (HeartsCardTheme *self);
/* Cancels the fill running if its size has left the cache. */
void             _hearts_card_theme_drop_lost_fill (HeartsCardTheme *self);
/* Writes a complete size to disk for the next start, in a worker, unless it is there. */
void             _hearts_card_theme_keep_deck      (HeartsCardTheme *self,
                                                    HeartsCardSize  *size);

/* hearts-card-theme-snapshot.c */
void             _hearts_card_theme_snapshot       (HeartsCardTheme       *self,
                                                    GtkSnapshot           *snapshot,
                                                    GtkWidget             *widget,
                                                    HeartsCard             card,
                                                    const graphene_rect_t *bounds,
                                                    int                    width,
                                                    gboolean               turned);

/* hearts-card-theme-list.c */
/* "anglo_modern_4_color.svgz" → "Anglo Modern 4 Color", "swiss-xvii.svg" → "Swiss XVII". */
char *_hearts_card_theme_display_name (const char *basename);

/* For tests */

/* How many of the 53 pictures a size has: for tests. */
guint _hearts_card_theme_count_pictures (HeartsCardTheme *self,
                                         int              width,
                                         int              scale);

/* Whether the theme file was parsed: not while its deck comes from disk. For tests. */
gboolean _hearts_card_theme_is_parsed     (HeartsCardTheme *self);

/* How long a new size drawn from another waits for a newer one before a worker renders it
 * (150 ms; a pending wait starts again with the new length). For tests. */
void     _hearts_card_theme_set_settle_ms (HeartsCardTheme *self,
                                           guint            settle_ms);

/* Waits until no theme renders or writes its deck in a thread. For tests. */
void     _hearts_card_theme_wait_workers  (void);

G_END_DECLS
