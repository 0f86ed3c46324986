/* temp-file.h: a saved-game file in a folder of its own, for one test
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gio/gio.h>
#include <glib/gstdio.h>

/* A GFile whose folder is removed, with what the saver leaves in it, on cleanup. */
typedef GFile TempFile;

static inline TempFile *
temp_file_new (void)
{
  g_autofree char *dir = g_dir_make_tmp ("hearts-saved-XXXXXX", NULL);
  g_autofree char *path = NULL;

  g_assert_nonnull (dir);
  path = g_build_filename (dir, "saved-game", NULL);
  return g_file_new_for_path (path);
}

static inline void
temp_file_free (TempFile *file)
{
  g_autoptr(GFile) dir = g_file_get_parent (file);
  g_autoptr(GFileEnumerator) children = g_file_enumerate_children (dir, G_FILE_ATTRIBUTE_STANDARD_NAME,
                                                                   G_FILE_QUERY_INFO_NOFOLLOW_SYMLINKS,
                                                                   NULL, NULL);
  GFileInfo *info;
  GFile *child;

  while (children != NULL && g_file_enumerator_iterate (children, &info, &child, NULL, NULL) && info != NULL)
    {
      /* A test may block the file with a folder of the same name. */
      g_file_delete (child, NULL, NULL);
    }
  g_file_delete (dir, NULL, NULL);
  g_object_unref (file);
}

G_DEFINE_AUTOPTR_CLEANUP_FUNC (TempFile, temp_file_free)
