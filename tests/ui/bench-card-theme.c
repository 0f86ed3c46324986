/* bench-card-theme.c: how long a card theme takes to load and to render a deck, and
 * contact sheets of its cards to look at
 *
 *   bench-card-theme                          our deck at 80 and 160 px, scale 1 and 2
 *
 * Each size is rendered --repeat times from an empty cache and the fastest run is shown: its
 * wall time for the deck, the thread's CPU time for it, the mean and the slowest card.
 *
 *   bench-card-theme --all                    every theme installed
 *   bench-card-theme --sizes 60,120 FILE…     given theme files (.svg, .svgz) or ids
 *   bench-card-theme --sheet out.png --sizes 60 [THEME]   all 53 pictures on one sheet
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <stdlib.h>
#include <time.h>

#include "hearts-card-theme.h"

#define N_PICTURES 53

static HeartsCard
picture_card (guint i)
{
  return i == 52 ? HEARTS_NO_CARD : HEARTS_CARD (i / 13, i % 13);
}

/* CPU time of this thread: the machine may be busy with other work. */
static gint64
thread_cpu_usec (void)
{
  struct timespec ts;

  clock_gettime (CLOCK_THREAD_CPUTIME_ID, &ts);

  return ts.tv_sec * G_USEC_PER_SEC + ts.tv_nsec / 1000;
}

/* Renders the whole deck from an empty cache, @repeat times; prints the best run. */
static void
bench (HeartsCardTheme *theme,
       double           load_ms,
       int              width,
       int              scale,
       int              repeat)
{
  gint64 best_wall = G_MAXINT64, best_cpu = G_MAXINT64, best_worst = 0;

  for (int r = 0; r < repeat; r++)
    {
      gint64 wall = 0, cpu = 0, worst = 0;

      hearts_card_theme_clear_cache (theme);
      for (guint i = 0; i < N_PICTURES; i++)
        {
          gint64 start = g_get_monotonic_time ();
          gint64 start_cpu = thread_cpu_usec ();
          gint64 spent;

          hearts_card_theme_get_texture (theme, picture_card (i), width, scale);
          spent = g_get_monotonic_time () - start;
          cpu += thread_cpu_usec () - start_cpu;
          wall += spent;
          worst = MAX (worst, spent);
        }

      if (wall < best_wall)
        {
          best_wall = wall;
          best_worst = worst;
        }
      best_cpu = MIN (best_cpu, cpu);
    }

  g_print ("%-28s %8.1f %6d %6d %10.1f %10.1f %10.2f %10.2f\n",
           hearts_card_theme_get_id (theme), load_ms, width, scale,
           best_wall / 1000.0, best_cpu / 1000.0, best_wall / 1000.0 / N_PICTURES,
           best_worst / 1000.0);
}

static void
write_sheet (HeartsCardTheme *theme,
             int              width,
             int              scale,
             const char      *path)
{
  int              height = hearts_card_theme_get_height_for_width (theme, width) * scale;
  int              gap = 6 * scale;
  int              cell_width = width * scale;
  cairo_surface_t *sheet;
  cairo_t         *cr;

  sheet = cairo_image_surface_create (CAIRO_FORMAT_ARGB32,
                                      13 * (cell_width + gap) + gap,
                                      5 * (height + gap) + gap);
  cr = cairo_create (sheet);
  /* Baize green, as on the table. */
  cairo_set_source_rgb (cr, 0.16, 0.42, 0.27);
  cairo_paint (cr);

  for (guint i = 0; i < N_PICTURES; i++)
    {
      GdkTexture      *texture = hearts_card_theme_get_texture (theme, picture_card (i), width, scale);
      int              tw = gdk_texture_get_width (texture);
      int              th = gdk_texture_get_height (texture);
      cairo_surface_t *card = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, tw, th);
      /* Rows as in the engine: clubs, diamonds, spades, hearts; the back at the end. */
      guint column = i == 52 ? 0 : i % 13;
      guint row = i == 52 ? 4 : i / 13;

      gdk_texture_download (texture, cairo_image_surface_get_data (card),
                            cairo_image_surface_get_stride (card));
      cairo_surface_mark_dirty (card);
      cairo_set_source_surface (cr, card, gap + column * (cell_width + gap),
                                gap + row * (height + gap));
      cairo_paint (cr);
      cairo_surface_destroy (card);
    }

  cairo_destroy (cr);
  if (cairo_surface_write_to_png (sheet, path) != CAIRO_STATUS_SUCCESS)
    g_printerr ("Cannot write %s\n", path);
  else
    g_print ("Wrote %s\n", path);
  cairo_surface_destroy (sheet);
}

int
main (int   argc,
      char *argv[])
{
  g_autoptr(GOptionContext) context = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) themes = g_ptr_array_new_with_free_func (g_free);
  g_auto(GStrv) names = NULL;
  g_autofree char *sizes_text = NULL;
  g_autofree char *sheet = NULL;
  g_auto(GStrv) sizes = NULL;
  gboolean     all = FALSE;
  int          scale = 0;
  int          repeat = 3;
  GOptionEntry entries[] = {
    { "all", 'a', 0, G_OPTION_ARG_NONE, &all, "Every theme installed", NULL },
    { "sizes", 's', 0, G_OPTION_ARG_STRING, &sizes_text, "Card widths (default 80,160)", "W,W" },
    { "scale", 0, 0, G_OPTION_ARG_INT, &scale, "Only this surface scale (default 1 and 2)", "N" },
    { "repeat", 'r', 0, G_OPTION_ARG_INT, &repeat, "Runs per size; the best is shown (default 3)", "N" },
    { "sheet", 0, 0, G_OPTION_ARG_FILENAME, &sheet, "Write a contact sheet (PNG)", "FILE" },
    { G_OPTION_REMAINING, 0, 0, G_OPTION_ARG_FILENAME_ARRAY, &names, NULL, "[THEME…]" },
    { NULL }
  };

  context = g_option_context_new ("— time card themes");
  g_option_context_add_main_entries (context, entries, NULL);
  if (!g_option_context_parse (context, &argc, &argv, &error))
    {
      g_printerr ("%s\n", error->message);
      return EXIT_FAILURE;
    }

  sizes = g_strsplit (sizes_text ? sizes_text : "80,160", ",", -1);

  if (all)
    {
      g_autoptr(GListModel) list = hearts_card_theme_list_available ();

      for (guint i = 0; i < g_list_model_get_n_items (list); i++)
        {
          g_autoptr(HeartsCardThemeInfo) info = g_list_model_get_item (list, i);
          g_ptr_array_add (themes, g_strdup (hearts_card_theme_info_get_path (info)));
        }
    }
  for (guint i = 0; names != NULL && names[i] != NULL; i++)
    g_ptr_array_add (themes, g_strdup (names[i]));
  if (themes->len == 0)
    g_ptr_array_add (themes, g_strdup (HEARTS_CARD_THEME_DEFAULT_ID));

  if (sheet == NULL)
    g_print ("%-28s %8s %6s %6s %10s %10s %10s %10s\n",
             "theme", "load ms", "width", "scale", "deck ms", "deck cpu", "card ms", "worst ms");

  for (guint t = 0; t < themes->len; t++)
    {
      const char *name = g_ptr_array_index (themes, t);
      g_autoptr(HeartsCardTheme) theme = NULL;
      gint64 start = g_get_monotonic_time ();
      double load_ms;

      if (g_str_equal (name, HEARTS_CARD_THEME_DEFAULT_ID))
        theme = hearts_card_theme_new_default ();
      else if (strchr (name, '/') != NULL)
        theme = hearts_card_theme_new_for_file (name, &error);
      else
        theme = hearts_card_theme_new_for_id (name, &error);
      load_ms = (g_get_monotonic_time () - start) / 1000.0;

      if (theme == NULL)
        {
          g_print ("%-28s FAILED: %s\n", name, error->message);
          g_clear_error (&error);
          continue;
        }

      for (guint s = 0; sizes[s] != NULL; s++)
        {
          int width = atoi (sizes[s]);

          if (width <= 0)
            continue;

          if (sheet != NULL)
            {
              write_sheet (theme, width, MAX (scale, 1), sheet);
              continue;
            }

          for (int sc = 1; sc <= 2; sc++)
            if (scale == 0 || scale == sc)
              bench (theme, load_ms, width, sc, MAX (repeat, 1));
        }
    }

  return EXIT_SUCCESS;
}
