/* hearts-card-svg.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include "hearts-card-svg.h"
#include "hearts-file.h"

/* A card theme file is refused unread above this: Aisleriot's are up to a few MB. */
#define THEME_MAX_SIZE (64 * 1024 * 1024)

/* Aisleriot's rows, by HeartsSuit (clubs, diamonds, spades, hearts). */
static const guint        suit_rows[HEARTS_N_SUITS] = { 0, 1, 3, 2 };
static const char * const suit_names[HEARTS_N_SUITS] = { "club", "diamond", "spade", "heart" };
static const char * const rank_names[HEARTS_N_RANKS] = {
  "2", "3", "4", "5", "6", "7", "8", "9", "10", "jack", "queen", "king", "1"
};

/* The element id and grid cell of a picture. */
static void
picture_place (guint  index,
               char  *id,
               gsize  id_size,
               guint *column,
               guint *row)
{
  if (index == HEARTS_CARD_BACK_INDEX)
    {
      g_strlcpy (id, "#back", id_size);
      *column = 2;
      *row = 4;
      return;
    }

  guint suit = index / HEARTS_N_RANKS;
  guint rank = index % HEARTS_N_RANKS;

  g_snprintf (id, id_size, "#%s_%s", suit_names[suit], rank_names[rank]);
  /* The ace comes first in its row. */
  *column = (rank + 1) % HEARTS_N_RANKS;
  *row = suit_rows[suit];
}

static gboolean
document_size (RsvgHandle *handle,
               double     *width,
               double     *height)
{
  gboolean      has_width, has_height, has_viewbox;
  RsvgLength    length_width, length_height;
  RsvgRectangle viewbox;

  if (rsvg_handle_get_intrinsic_size_in_pixels (handle, width, height))
    return *width > 0 && *height > 0;

  /* Percentages or no size at all: the viewBox is the size. */
  rsvg_handle_get_intrinsic_dimensions (handle,
                                        &has_width, &length_width,
                                        &has_height, &length_height,
                                        &has_viewbox, &viewbox);
  if (!has_viewbox || viewbox.width <= 0 || viewbox.height <= 0)
    return FALSE;

  *width = viewbox.width;
  *height = viewbox.height;

  return TRUE;
}

RsvgHandle *
hearts_card_svg_load (GFile   *file,
                      double  *doc_width,
                      double  *doc_height,
                      GError **error)
{
  g_autoptr(GObject) handle = NULL; /* librsvg 2.54 has no autoptr for its handle */
  g_autoptr(GInputStream) stream = NULL;
  g_autofree char *uri = g_file_get_uri (file);

  /* Opened here so that a missing file is G_IO_ERROR_NOT_FOUND; librsvg unpacks gzip
   * (.svgz) by itself when it reads from a stream. A theme on disk is read whole first, if
   * it is a regular file of sane size: a named pipe there would block for ever. */
  if (g_file_peek_path (file) != NULL)
    {
      g_autoptr(GBytes) bytes = hearts_file_load (g_file_peek_path (file), THEME_MAX_SIZE, error);

      if (bytes == NULL)
        return NULL;
      stream = g_memory_input_stream_new_from_bytes (bytes);
    }
  else
    stream = G_INPUT_STREAM (g_file_read (file, NULL, error));
  if (stream == NULL)
    return NULL;
  handle = G_OBJECT (rsvg_handle_new_from_stream_sync (stream, file, RSVG_HANDLE_FLAGS_NONE, NULL, error));
  if (handle == NULL)
    return NULL;

  if (!document_size (RSVG_HANDLE (handle), doc_width, doc_height))
    {
      g_set_error (error, HEARTS_CARD_THEME_ERROR, HEARTS_CARD_THEME_ERROR_INVALID,
                   "%s: the document has no size", uri);
      return NULL;
    }

  for (guint i = 0; i < HEARTS_CARD_N_PICTURES; i++)
    {
      guint column, row;
      char  sub[32];

      picture_place (i, sub, sizeof sub, &column, &row);
      if (!rsvg_handle_has_sub (RSVG_HANDLE (handle), sub))
        {
          g_set_error (error, HEARTS_CARD_THEME_ERROR, HEARTS_CARD_THEME_ERROR_INVALID,
                       "%s: no card %s", uri, sub + 1);
          return NULL;
        }
    }

  return RSVG_HANDLE (g_steal_pointer (&handle));
}

gboolean
hearts_card_svg_render (RsvgHandle *handle,
                        double      doc_width,
                        double      doc_height,
                        guint       index,
                        cairo_t    *cr,
                        int         pixel_width,
                        int         pixel_height,
                        GError    **error)
{
  RsvgRectangle viewport = { 0, 0, doc_width, doc_height };
  double        cell_width = doc_width / HEARTS_CARD_SVG_N_COLUMNS;
  double        cell_height = doc_height / HEARTS_CARD_SVG_N_ROWS;
  guint         column, row;
  char          id[32];

  picture_place (index, id, sizeof id, &column, &row);

  /* The height is rounded to whole pixels: stretch by that fraction of a pixel rather than
   * cut the card's edge. */
  cairo_scale (cr, pixel_width / cell_width, pixel_height / cell_height);
  cairo_translate (cr, -(double) column * cell_width, -(double) row * cell_height);
  if (!rsvg_handle_render_layer (handle, cr, id, &viewport, error))
    {
      g_prefix_error (error, "cannot draw %s at %d×%d: ", id + 1, pixel_width, pixel_height);
      return FALSE;
    }

  return TRUE;
}
