/* hearts-file.c
 *
 * The files Hearts keeps (the saved game, the settings keyfile, the kept decks) may be
 * replaced by anything while it is not running: a named pipe that would block a plain
 * open() for ever, a link to /dev/zero, a sparse file of gigabytes. So a file is opened
 * without blocking and judged on the open descriptor before it is read. Writes never
 * touch the old file until the new one is whole on disk: GLib's
 * g_file_replace_contents() renames its temporary file over the old one even when
 * writing it failed (a full disk), which leaves an empty file (GLib 2.74 to 2.84 at
 * least).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <glib/gstdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "hearts-file.h"

/* clang-format off: the quark\'s name is a string */
G_DEFINE_QUARK (hearts - file - error - quark, hearts_file_error)
/* clang-format on */

/* Opened for reading without blocking, and checked: a descriptor on a regular file of
 * at most @max_size bytes, or -1. */
static int
open_checked (const char *path,
              gsize       max_size,
              goffset    *size,
              GError    **error)
{
  struct stat st;
  int         fd, saved_errno;

  do
    fd = open (path, O_RDONLY | O_NONBLOCK | O_CLOEXEC | O_NOCTTY);
  while (fd < 0 && errno == EINTR);
  if (fd < 0)
    {
      saved_errno = errno;
      g_set_error (error, G_IO_ERROR, g_io_error_from_errno (saved_errno),
                   "Could not open %s: %s", path, g_strerror (saved_errno));
      return -1;
    }
  if (fstat (fd, &st) != 0)
    {
      saved_errno = errno;
      close (fd);
      g_set_error (error, G_IO_ERROR, g_io_error_from_errno (saved_errno),
                   "Could not read %s: %s", path, g_strerror (saved_errno));
      return -1;
    }
  if (!S_ISREG (st.st_mode))
    {
      close (fd);
      g_set_error (error, HEARTS_FILE_ERROR, HEARTS_FILE_ERROR_NOT_REGULAR,
                   "%s is not a regular file", path);
      return -1;
    }
  if (st.st_size < 0 || (guint64) st.st_size > max_size)
    {
      close (fd);
      g_set_error (error, HEARTS_FILE_ERROR, HEARTS_FILE_ERROR_TOO_LARGE,
                   "%s is larger than %" G_GSIZE_FORMAT " bytes", path, max_size);
      return -1;
    }
  *size = st.st_size;
  return fd;
}

GBytes *
hearts_file_load (const char *path,
                  gsize       max_size,
                  GError    **error)
{
  g_autoptr(GByteArray) bytes = NULL;
  goffset size;
  gsize   want;
  int     fd;

  g_return_val_if_fail (path != NULL, NULL);
  g_return_val_if_fail (max_size < G_MAXSIZE, NULL);

  fd = open_checked (path, max_size, &size, error);
  if (fd < 0)
    return NULL;

  /* One byte more than allowed shows a file that grew past the limit. */
  want = (gsize) size + 1;
  bytes = g_byte_array_sized_new (MIN (want, max_size + 1));
  for (;;)
    {
      guint8 chunk[65536];
      gsize  room = max_size + 1 - bytes->len;
      gssize n = read (fd, chunk, MIN (sizeof chunk, room));
      int    saved_errno = errno;

      if (n < 0 && saved_errno == EINTR)
        continue;
      if (n < 0)
        {
          close (fd);
          g_set_error (error, G_IO_ERROR, g_io_error_from_errno (saved_errno),
                       "Could not read %s: %s", path, g_strerror (saved_errno));
          return NULL;
        }
      if (n == 0)
        break;
      g_byte_array_append (bytes, chunk, n);
      if (bytes->len > max_size)
        {
          close (fd);
          g_set_error (error, HEARTS_FILE_ERROR, HEARTS_FILE_ERROR_TOO_LARGE,
                       "%s is larger than %" G_GSIZE_FORMAT " bytes", path, max_size);
          return NULL;
        }
    }
  close (fd);
  return g_byte_array_free_to_bytes (g_steal_pointer (&bytes));
}

gboolean
hearts_file_check (const char *path,
                   gsize       max_size,
                   GError    **error)
{
  g_autoptr(GError) local = NULL;
  goffset size;
  int     fd;

  g_return_val_if_fail (path != NULL, FALSE);

  fd = open_checked (path, max_size, &size, &local);
  if (fd >= 0)
    {
      close (fd);
      return TRUE;
    }
  if (g_error_matches (local, G_IO_ERROR, G_IO_ERROR_NOT_FOUND))
    return TRUE;
  g_propagate_error (error, g_steal_pointer (&local));
  return FALSE;
}

gboolean
hearts_file_replace (const char *path,
                     const void *data,
                     gsize       len,
                     GError    **error)
{
  g_return_val_if_fail (path != NULL, FALSE);
  g_return_val_if_fail (data != NULL || len == 0, FALSE);

  /* A temporary file beside it, written, flushed where needed and renamed over it;
   * on any failure it is removed and @path is untouched. */
  return g_file_set_contents_full (path, data != NULL ? data : "", len,
                                   G_FILE_SET_CONTENTS_CONSISTENT, 0600, error);
}

char *
hearts_file_put_aside (const char *path)
{
  g_autofree char *bad = NULL;

  g_return_val_if_fail (path != NULL, NULL);

  bad = g_strconcat (path, ".bad", NULL);
  if (g_rename (path, bad) == 0)
    return g_path_get_basename (bad);
  if (errno != ENOENT)
    {
      g_message ("Could not move %s aside: %s", path, g_strerror (errno));
      /* A folder of the same name stays; anything else goes. */
      g_remove (path);
    }
  return NULL;
}
