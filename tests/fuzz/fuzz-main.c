/* fuzz-main.c: runs the fuzz target over files, without libFuzzer
 *
 * Built with any compiler, so every build checks the corpus and the crashes
 * found so far (tests/fuzz/corpus) as a regression test.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <gio/gio.h>
#include <stdint.h>

int LLVMFuzzerTestOneInput (const uint8_t *data,
                            size_t         size);

static gint
compare_names (gconstpointer a,
               gconstpointer b)
{
  return g_strcmp0 (*(const char * const *) a, *(const char * const *) b);
}

static void
run_path (const char *path,
          guint      *n_run)
{
  if (g_file_test (path, G_FILE_TEST_IS_DIR))
    {
      g_autoptr(GDir) dir = g_dir_open (path, 0, NULL);
      const char *name;
      g_autoptr(GPtrArray) names = g_ptr_array_new_with_free_func (g_free);

      g_assert_nonnull (dir);
      while ((name = g_dir_read_name (dir)) != NULL)
        g_ptr_array_add (names, g_build_filename (path, name, NULL));
      g_ptr_array_sort (names, compare_names);
      for (guint i = 0; i < names->len; i++)
        run_path (g_ptr_array_index (names, i), n_run);
    }
  else
    {
      g_autofree char *contents = NULL;
      gsize            length;
      g_autoptr(GError) error = NULL;

      if (!g_file_get_contents (path, &contents, &length, &error))
        g_error ("%s", error->message);
      LLVMFuzzerTestOneInput ((const uint8_t *) contents, length);
      (*n_run)++;
    }
}

int
main (int   argc,
      char *argv[])
{
  guint n_run = 0;

  /* TAP by hand: one test per argument. */
  g_print ("1..%d\n", argc - 1);
  for (int i = 1; i < argc; i++)
    {
      guint before = n_run;

      run_path (argv[i], &n_run);
      g_print ("ok %d - %s (%u inputs)\n", i, argv[i], n_run - before);
    }
  return 0;
}
