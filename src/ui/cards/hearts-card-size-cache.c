/* hearts-card-size-cache.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include "hearts-card-size-cache.h"

/* Sizes kept at once: the one drawn, and while a resize settles the one before it, drawn
 * scaled until the new one is rendered. */
#define MAX_SIZES 2

struct _HeartsCardSizeCache
{
  HeartsCardSize *sizes[MAX_SIZES];
  guint64         clock; /* counts uses, for last_used */
};

static void
size_free (HeartsCardSize *size)
{
  for (guint i = 0; i < HEARTS_CARD_N_SLOTS; i++)
    {
      g_clear_object (&size->textures[i]);
      g_clear_pointer (&size->surfaces[i], cairo_surface_destroy);
    }
  for (guint i = 0; i < HEARTS_CARD_N_PICTURES; i++)
    g_clear_pointer (&size->nodes[i], gsk_render_node_unref);
  for (guint i = 0; i < G_N_ELEMENTS (size->backs); i++)
    g_clear_pointer (&size->backs[i], gsk_render_node_unref);
  g_free (size);
}

guint
hearts_card_size_count (HeartsCardSize *size)
{
  guint n = 0;

  for (guint i = 0; i < HEARTS_CARD_N_PICTURES; i++)
    n += size->surfaces[i] != NULL;

  return n;
}

HeartsCardSizeCache *
hearts_card_size_cache_new (void)
{
  return g_new0 (HeartsCardSizeCache, 1);
}

void
hearts_card_size_cache_free (HeartsCardSizeCache *self)
{
  hearts_card_size_cache_clear (self);
  g_free (self);
}

HeartsCardSize *
hearts_card_size_cache_lookup (HeartsCardSizeCache *self,
                               int                  width,
                               int                  scale)
{
  for (guint i = 0; i < MAX_SIZES; i++)
    if (self->sizes[i] != NULL && self->sizes[i]->width == width && self->sizes[i]->scale == scale)
      return self->sizes[i];

  return NULL;
}

void
hearts_card_size_cache_touch (HeartsCardSizeCache *self,
                              HeartsCardSize      *size)
{
  size->last_used = ++self->clock;
}

/* While a window is resized, the whole deck of the size before stays to be drawn scaled, and
 * the sizes passed through on the way go. */
HeartsCardSize *
hearts_card_size_cache_use (HeartsCardSizeCache *self,
                            int                  width,
                            int                  scale)
{
  HeartsCardSize  *size = hearts_card_size_cache_lookup (self, width, scale);
  HeartsCardSize **slot = NULL;

  if (size != NULL)
    {
      size->last_used = ++self->clock;
      return size;
    }

  for (guint i = 0; i < MAX_SIZES; i++)
    {
      if (self->sizes[i] == NULL)
        {
          slot = &self->sizes[i];
          break;
        }
      if (slot == NULL || hearts_card_size_count (self->sizes[i]) < hearts_card_size_count (*slot) ||
          (hearts_card_size_count (self->sizes[i]) == hearts_card_size_count (*slot) &&
           self->sizes[i]->last_used < (*slot)->last_used))
        slot = &self->sizes[i];
    }

  g_clear_pointer (slot, size_free);
  *slot = g_new0 (HeartsCardSize, 1);
  (*slot)->width = width;
  (*slot)->scale = scale;
  (*slot)->last_used = ++self->clock;

  return *slot;
}

HeartsCardSize *
hearts_card_size_cache_latest (HeartsCardSizeCache *self)
{
  HeartsCardSize *latest = NULL;

  for (guint i = 0; i < MAX_SIZES; i++)
    if (self->sizes[i] != NULL && (latest == NULL || self->sizes[i]->last_used > latest->last_used))
      latest = self->sizes[i];

  return latest;
}

HeartsCardSize *
hearts_card_size_cache_stand_in (HeartsCardSizeCache *self,
                                 guint                index,
                                 int                  width,
                                 int                  scale)
{
  HeartsCardSize *best = NULL;

  for (guint i = 0; i < MAX_SIZES; i++)
    {
      HeartsCardSize *size = self->sizes[i];

      if (size == NULL || size->surfaces[index] == NULL)
        continue;
      if (best == NULL || ABS (size->width * size->scale - width * scale) < ABS (best->width * best->scale - width * scale))
        best = size;
    }

  return best;
}

gboolean
hearts_card_size_cache_has_other (HeartsCardSizeCache *self,
                                  HeartsCardSize      *size)
{
  gboolean other = FALSE;

  for (guint i = 0; i < MAX_SIZES; i++)
    other |= self->sizes[i] != NULL && self->sizes[i] != size && hearts_card_size_count (self->sizes[i]) > 0;

  return other;
}

void
hearts_card_size_cache_keep_only (HeartsCardSizeCache *self,
                                  HeartsCardSize      *size)
{
  for (guint i = 0; i < MAX_SIZES; i++)
    if (self->sizes[i] != size)
      g_clear_pointer (&self->sizes[i], size_free);
}

void
hearts_card_size_cache_clear (HeartsCardSizeCache *self)
{
  for (guint i = 0; i < MAX_SIZES; i++)
    g_clear_pointer (&self->sizes[i], size_free);
}
