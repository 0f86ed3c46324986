/* hearts-file.h: reading files that may be anything, replacing files whole
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gio/gio.h>

G_BEGIN_DECLS

#define HEARTS_FILE_ERROR (hearts_file_error_quark ())
GQuark hearts_file_error_quark (void);

typedef enum
{
  HEARTS_FILE_ERROR_NOT_REGULAR, /* a folder, a named pipe, a device, a socket */
  HEARTS_FILE_ERROR_TOO_LARGE,   /* more bytes than the caller allows */
} HeartsFileError;

/* The whole of @path, if it is a regular file (a link to one will do) of at most
 * @max_size bytes. It is opened without blocking and checked on the open file before
 * a byte is read, so a named pipe, a device or a huge file is refused at once, and no
 * more than @max_size + 1 bytes are ever read (the file may grow meanwhile).
 * G_IO_ERROR_NOT_FOUND when there is no such file; HEARTS_FILE_ERROR for the refusals;
 * G_IO_ERROR otherwise. */
GBytes   *hearts_file_load      (const char *path,
                                 gsize       max_size,
                                 GError    **error);

/* What hearts_file_load() would refuse, without reading the file: TRUE if @path is
 * missing or a regular file of at most @max_size bytes that can be opened. */
gboolean  hearts_file_check     (const char *path,
                                 gsize       max_size,
                                 GError    **error);

/* Replaces @path with @data: written whole to a temporary file beside it, flushed,
 * and renamed over @path only then (readable by the user alone). On failure (a full
 * disk, a read-only folder) @path is left as it was and the temporary file is gone. */
gboolean  hearts_file_replace   (const char *path,
                                 const void *data,
                                 gsize       len,
                                 GError    **error);

/* Renames @path to "@path.bad", replacing an older one; if it cannot be renamed it is
 * removed, so that it is out of the way in any case. Returns the new file's name (no
 * folder), or NULL if it was removed or was not there. */
char     *hearts_file_put_aside (const char *path);

G_END_DECLS
