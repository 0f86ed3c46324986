/* hearts-deck-cache.c
 *
 * A file is a header and the pictures one after another, each as cairo keeps an ARGB32
 * image (premultiplied, in the machine's byte order: the file is for this machine only).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <glib/gstdio.h>
#include <math.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "hearts-deck-cache.h"

/* A new version when the layout of the file or the way cards are cut and rendered changes. */
#define FORMAT_VERSION 1
#define MAGIC          "HRTSDECK"
#define MAX_WIDTH      4096
#define MAX_SCALE      8

typedef struct
{
  char    magic[8];
  guint32 version; /* in the machine's byte order: a file from another machine fails */
  guint32 n_pictures;
  double  doc_width;
  double  doc_height;
  gint32  width;
  gint32  height;
  gint32  scale;
  gint32  stride;
  guint8  reserved[16];
} Header;

G_STATIC_ASSERT (sizeof (Header) == 64);

static const cairo_user_data_key_t mapping_key;

#define ATTRIBUTES \
  G_FILE_ATTRIBUTE_STANDARD_SIZE "," G_FILE_ATTRIBUTE_TIME_MODIFIED "," G_FILE_ATTRIBUTE_TIME_MODIFIED_USEC

/* The built-in deck is identified by its contents, a file by where it is and when it last
 * changed: hashing a theme of a megabyte would cost more than it saves. */
static char *
dup_identity (GFile *file)
{
  g_autofree char *uri = g_file_get_uri (file);
  g_autoptr(GFileInfo) info = NULL;

  if (g_str_has_prefix (uri, "resource://"))
    {
      g_autoptr(GBytes) bytes = NULL;
      g_autofree char *checksum = NULL;

      bytes = g_resources_lookup_data (uri + strlen ("resource://"), G_RESOURCE_LOOKUP_FLAGS_NONE, NULL);
      if (bytes == NULL)
        return NULL;
      checksum = g_compute_checksum_for_bytes (G_CHECKSUM_SHA256, bytes);
      return g_strdup_printf ("%s\n%s", uri, checksum);
    }

  info = g_file_query_info (file, ATTRIBUTES, G_FILE_QUERY_INFO_NONE, NULL, NULL);
  if (info == NULL || !g_file_info_has_attribute (info, G_FILE_ATTRIBUTE_TIME_MODIFIED))
    return NULL;

  return g_strdup_printf ("%s\n%" G_GOFFSET_FORMAT "\n%" G_GUINT64_FORMAT ".%06u", uri,
                          g_file_info_get_size (info),
                          g_file_info_get_attribute_uint64 (info, G_FILE_ATTRIBUTE_TIME_MODIFIED),
                          g_file_info_get_attribute_uint32 (info, G_FILE_ATTRIBUTE_TIME_MODIFIED_USEC));
}

char *
hearts_deck_cache_path_for_file (GFile *file)
{
  g_autofree char *identity = NULL;
  g_autofree char *key = NULL;
  g_autofree char *name = NULL;

  g_return_val_if_fail (G_IS_FILE (file), NULL);

  identity = dup_identity (file);
  if (identity == NULL)
    return NULL;
  /* The program's version too: a new one may cut or render cards differently. */
  key = g_strdup_printf ("%u\n%s\n%s", FORMAT_VERSION, PACKAGE_VERSION, identity);
  name = g_compute_checksum_for_string (G_CHECKSUM_SHA256, key, -1);

  return g_strconcat (g_get_user_cache_dir (), G_DIR_SEPARATOR_S "hearts" G_DIR_SEPARATOR_S "decks" G_DIR_SEPARATOR_S,
                      name, ".deck", NULL);
}

static gsize
picture_size (const Header *header)
{
  return (gsize) header->stride * header->height * header->scale;
}

/* Whatever the file says is checked before it sizes anything. */
static gboolean
header_is_valid (const Header *header,
                 gsize         file_size,
                 guint         n_pictures)
{
  if (file_size < sizeof (Header) || memcmp (header->magic, MAGIC, sizeof header->magic) != 0 ||
      header->version != FORMAT_VERSION || header->n_pictures != n_pictures)
    return FALSE;
  if (header->width < 1 || header->width > MAX_WIDTH || header->scale < 1 || header->scale > MAX_SCALE ||
      header->height < 1 || header->height > 2 * MAX_WIDTH)
    return FALSE;
  if (!(header->doc_width > 0 && header->doc_height > 0) || !isfinite (header->doc_width) ||
      !isfinite (header->doc_height))
    return FALSE;
  if (header->stride != cairo_format_stride_for_width (CAIRO_FORMAT_ARGB32, header->width * header->scale))
    return FALSE;

  return file_size == sizeof (Header) + n_pictures * picture_size (header);
}

gboolean
hearts_deck_cache_read (const char          *path,
                        guint                n_pictures,
                        HeartsDeckCacheInfo *info,
                        cairo_surface_t    **surfaces)
{
  g_autoptr(GMappedFile) mapping = NULL;
  Header      header;
  char       *data;
  struct stat st;
  int         fd;

  g_return_val_if_fail (path != NULL, FALSE);
  g_return_val_if_fail (info != NULL, FALSE);
  g_return_val_if_fail (surfaces != NULL, FALSE);

  /* Opened without blocking and mapped only if it is a regular file: a named pipe in its
   * place would block the start for ever. Writable: a private copy-on-write mapping, so
   * that nothing that writes to a surface can fault; the pages stay the file's until
   * then, shared and cheap to drop. */
  fd = open (path, O_RDONLY | O_NONBLOCK | O_CLOEXEC | O_NOCTTY);
  if (fd < 0)
    return FALSE;
  if (fstat (fd, &st) != 0 || !S_ISREG (st.st_mode))
    {
      close (fd);
      return FALSE;
    }
  mapping = g_mapped_file_new_from_fd (fd, TRUE, NULL);
  close (fd);
  if (mapping == NULL)
    return FALSE;
  data = g_mapped_file_get_contents (mapping);
  if (g_mapped_file_get_length (mapping) < sizeof (Header))
    return FALSE;
  memcpy (&header, data, sizeof header);
  if (!header_is_valid (&header, g_mapped_file_get_length (mapping), n_pictures))
    {
      g_debug ("Ignoring the damaged or foreign deck cache %s", path);
      return FALSE;
    }

  for (guint i = 0; i < n_pictures; i++)
    {
      surfaces[i] = cairo_image_surface_create_for_data ((guchar *) data + sizeof (Header) + i * picture_size (&header),
                                                         CAIRO_FORMAT_ARGB32,
                                                         header.width * header.scale,
                                                         header.height * header.scale,
                                                         header.stride);
      cairo_surface_set_user_data (surfaces[i], &mapping_key, g_mapped_file_ref (mapping),
                                   (cairo_destroy_func_t) g_mapped_file_unref);
    }

  info->doc_width = header.doc_width;
  info->doc_height = header.doc_height;
  info->width = header.width;
  info->height = header.height;
  info->scale = header.scale;

  return TRUE;
}

static gboolean
write_all (int           fd,
           gconstpointer data,
           gsize         len,
           GError      **error)
{
  const guint8 *p = data;

  while (len > 0)
    {
      gssize n = write (fd, p, len);

      if (n < 0 && errno == EINTR)
        continue;
      if (n <= 0)
        {
          int saved = n < 0 ? errno : ENOSPC;

          g_set_error (error, G_IO_ERROR, g_io_error_from_errno (saved), "%s", g_strerror (saved));
          return FALSE;
        }
      p += n;
      len -= n;
    }
  return TRUE;
}

gboolean
hearts_deck_cache_write (const char                *path,
                         const HeartsDeckCacheInfo *info,
                         guint                      n_pictures,
                         cairo_surface_t          **surfaces,
                         GError                   **error)
{
  g_autoptr(GFile) file = NULL;
  g_autoptr(GFile) dir = NULL;
  g_autofree char *tmp = NULL;
  Header           header = { { 0 } };
  int              fd;

  g_return_val_if_fail (path != NULL, FALSE);
  g_return_val_if_fail (info != NULL, FALSE);

  memcpy (header.magic, MAGIC, sizeof header.magic);
  header.version = FORMAT_VERSION;
  header.n_pictures = n_pictures;
  header.doc_width = info->doc_width;
  header.doc_height = info->doc_height;
  header.width = info->width;
  header.height = info->height;
  header.scale = info->scale;
  header.stride = cairo_format_stride_for_width (CAIRO_FORMAT_ARGB32, info->width * info->scale);

  for (guint i = 0; i < n_pictures; i++)
    if (surfaces[i] == NULL || cairo_image_surface_get_format (surfaces[i]) != CAIRO_FORMAT_ARGB32 ||
        cairo_image_surface_get_width (surfaces[i]) != info->width * info->scale ||
        cairo_image_surface_get_height (surfaces[i]) != info->height * info->scale ||
        cairo_image_surface_get_stride (surfaces[i]) != header.stride)
      {
        g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT, "picture %u is not of the deck's size", i);
        return FALSE;
      }

  file = g_file_new_for_path (path);
  dir = g_file_get_parent (file);
  if (g_mkdir_with_parents (g_file_peek_path (dir), 0700) != 0)
    {
      int saved = errno;

      g_set_error (error, G_IO_ERROR, g_io_error_from_errno (saved), "%s: %s",
                   g_file_peek_path (dir), g_strerror (saved));
      return FALSE;
    }

  /* Written whole to a temporary file beside it, then renamed over it: a full disk or a
   * crash leaves the old file or none, never a short one in its place. */
  tmp = g_strconcat (path, ".XXXXXX", NULL);
  fd = g_mkstemp_full (tmp, O_WRONLY | O_CLOEXEC, 0600);
  if (fd < 0)
    {
      int saved = errno;

      g_set_error (error, G_IO_ERROR, g_io_error_from_errno (saved), "%s: %s", tmp, g_strerror (saved));
      return FALSE;
    }
  if (!write_all (fd, &header, sizeof header, error))
    goto failed;
  /* Not flushed here: they were when drawn, and flushing touches a surface another thread
   * may be painting from. */
  for (guint i = 0; i < n_pictures; i++)
    if (!write_all (fd, cairo_image_surface_get_data (surfaces[i]), picture_size (&header), error))
      goto failed;
  if (!g_close (fd, error))
    {
      fd = -1;
      goto failed;
    }
  fd = -1;
  if (g_rename (tmp, path) != 0)
    {
      int saved = errno;

      g_set_error (error, G_IO_ERROR, g_io_error_from_errno (saved), "%s: %s", path, g_strerror (saved));
      goto failed;
    }
  return TRUE;

failed:
  if (fd >= 0)
    close (fd);
  g_unlink (tmp);
  return FALSE;
}
