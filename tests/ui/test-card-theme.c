/* test-card-theme.c: loading and rendering card themes, ours and Aisleriot's
 *
 * No display is needed: textures are made from memory and read back with
 * gdk_texture_download().
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gstdio.h>
#include <librsvg/rsvg.h>

#include "hearts-card-theme-private.h"
#include "hearts-test-util.h"

static const char * const suit_ids[] = { "club", "diamond", "heart", "spade" };
static const char * const rank_ids[] = {
  "1", "2", "3", "4", "5", "6", "7", "8", "9", "10", "jack", "queen", "king"
};

static char *scratch_dir;

static char *
deck_source_path (void)
{
  /* G_TEST_SRCDIR is tests/. */
  return g_test_build_filename (G_TEST_DIST, "..", "data", "cards", "hearts-deck.svg", NULL);
}

/* Pixel @x, @y of a texture as premultiplied ARGB. */
static guint32
texture_pixel (GdkTexture *texture,
               int         x,
               int         y)
{
  int                 width = gdk_texture_get_width (texture);
  int                 height = gdk_texture_get_height (texture);
  g_autofree guint32 *data = g_new (guint32, (gsize) width * height);

  gdk_texture_download (texture, (guchar *) data, width * 4);

  return data[y * width + x];
}

/* How many pixels have some ink. */
static guint
texture_count_opaque (GdkTexture *texture)
{
  int                 width = gdk_texture_get_width (texture);
  int                 height = gdk_texture_get_height (texture);
  g_autofree guint32 *data = g_new (guint32, (gsize) width * height);
  guint               n = 0;

  gdk_texture_download (texture, (guchar *) data, width * 4);
  for (int i = 0; i < width * height; i++)
    if ((data[i] >> 24) > 0)
      n++;

  return n;
}

static void
test_deck_ids (void)
{
  g_autofree char *path = deck_source_path ();
  g_autoptr(GError) error = NULL;
  RsvgHandle   *handle = rsvg_handle_new_from_file (path, &error);
  double        doc_width, doc_height;
  RsvgRectangle viewport;

  g_assert_no_error (error);
  g_assert_true (rsvg_handle_get_intrinsic_size_in_pixels (handle, &doc_width, &doc_height));
  g_assert_cmpfloat (doc_width, >, 0);
  viewport = (RsvgRectangle){ 0, 0, doc_width, doc_height };

  for (guint row = 0; row < 5; row++)
    for (guint column = 0; column < 13; column++)
      {
        g_autofree char *id = NULL;
        RsvgRectangle    ink, logical;
        double           cell_width = doc_width / 13, cell_height = doc_height / 5;

        if (row < 4)
          id = g_strdup_printf ("#%s_%s", suit_ids[row], rank_ids[column]);
        else if (column < 3)
          id = g_strdup (((const char *[]){ "#joker_black", "#joker_red", "#back" })[column]);
        else
          continue;

        g_assert_true (rsvg_handle_has_sub (handle, id));

        /* Each card keeps to its own cell of the grid. */
        g_assert_true (rsvg_handle_get_geometry_for_layer (handle, id, &viewport,
                                                           &ink, &logical, &error));
        g_assert_no_error (error);
        g_assert_cmpfloat (ink.x, >=, column * cell_width - 0.5);
        g_assert_cmpfloat (ink.y, >=, row * cell_height - 0.5);
        g_assert_cmpfloat (ink.x + ink.width, <=, (column + 1) * cell_width + 0.5);
        g_assert_cmpfloat (ink.y + ink.height, <=, (row + 1) * cell_height + 0.5);
        /* … and fills it, so that the card and the cell are the same thing. */
        g_assert_cmpfloat (ink.width, >, cell_width - 3);
        g_assert_cmpfloat (ink.height, >, cell_height - 3);
      }

  g_object_unref (handle);
}

static void
check_full_deck (HeartsCardTheme *theme,
                 int              width,
                 int              scale,
                 gboolean         rounded)
{
  int        height = hearts_card_theme_get_height_for_width (theme, width);
  double     aspect = hearts_card_theme_get_aspect (theme);
  HeartsCard card = 0;

  g_assert_cmpint (ABS (height - width / aspect), <=, 1);

  for (guint i = 0; i <= 52; i++)
    {
      GdkTexture *texture;
      guint32     centre;

      if (i == 52)
        card = HEARTS_NO_CARD;
      else
        card = HEARTS_CARD (i / 13, i % 13);

      texture = hearts_card_theme_get_texture (theme, card, width, scale);
      g_assert_true (GDK_IS_TEXTURE (texture));
      g_assert_cmpint (gdk_texture_get_width (texture), ==, width * scale);
      g_assert_cmpint (gdk_texture_get_height (texture), ==, height * scale);
      /* Cached: the same texture again. */
      g_assert_true (hearts_card_theme_get_texture (theme, card, width, scale) == texture);

      /* A card is opaque in its middle; ours has rounded, transparent corners. */
      centre = texture_pixel (texture, width * scale / 2, height * scale / 2);
      g_assert_cmphex (centre >> 24, ==, 0xff);
      if (rounded)
        g_assert_cmphex (texture_pixel (texture, 0, 0) >> 24, ==, 0);
      g_assert_cmpuint (texture_count_opaque (texture), >, (guint) (width * height * scale * scale) / 2);
    }
}

/* Our deck with nothing cached: not the size an earlier test kept on disk. */
static HeartsCardTheme *
new_default_uncached (void)
{
  _hearts_card_theme_wait_workers ();
  hearts_test_forget_kept_decks ();

  return hearts_card_theme_new_default ();
}

static void
test_default_renders (void)
{
  HeartsCardTheme *theme = new_default_uncached ();
  GdkTexture      *first, *again;

  g_assert_cmpstr (hearts_card_theme_get_id (theme), ==, HEARTS_CARD_THEME_DEFAULT_ID);
  g_assert_nonnull (hearts_card_theme_get_name (theme));
  g_assert_cmpfloat_with_epsilon (hearts_card_theme_get_aspect (theme), 240.0 / 336.0, 1e-9);

  check_full_deck (theme, 60, 1, TRUE);
  check_full_deck (theme, 120, 2, TRUE);
  /* The first size is still there: two sizes live side by side. */
  g_assert_true (hearts_card_theme_has_size (theme, 60, 1));
  g_assert_cmpuint (_hearts_card_theme_count_pictures (theme, 60, 1), ==, 53);

  /* A different picture for each card. */
  first = hearts_card_theme_get_texture (theme, HEARTS_TWO_OF_CLUBS, 60, 1);
  again = hearts_card_theme_get_texture (theme, HEARTS_THREE_OF_CLUBS, 60, 1);
  g_assert_true (first != again);

  hearts_card_theme_clear_cache (theme);
  g_assert_false (hearts_card_theme_has_size (theme, 60, 1));
  g_assert_false (hearts_card_theme_has_size (theme, 120, 2));

  g_assert_finalize_object (theme);
}

static void
test_cache_drops_old_sizes (void)
{
  HeartsCardTheme *theme = new_default_uncached ();

  /* A window being resized asks for one size after another; the old ones go. */
  for (int width = 40; width < 60; width++)
    hearts_card_theme_get_texture (theme, HEARTS_NO_CARD, width, 1);

  g_assert_false (hearts_card_theme_has_size (theme, 40, 1));
  g_assert_false (hearts_card_theme_has_size (theme, 41, 1));
  g_assert_false (hearts_card_theme_has_size (theme, 57, 1));
  g_assert_true (hearts_card_theme_has_size (theme, 59, 1));
  g_assert_true (hearts_card_theme_has_size (theme, 58, 1));

  g_assert_finalize_object (theme);
}

static void
test_cache_keeps_full_deck (void)
{
  HeartsCardTheme *theme = new_default_uncached ();

  /* The whole deck at one size, then a resize passing through sizes with a card or two:
   * the full size stays (it is what a frame draws scaled), the passing ones go. */
  for (guint i = 0; i < 52; i++)
    hearts_card_theme_get_texture (theme, HEARTS_CARD (i / 13, i % 13), 80, 1);
  hearts_card_theme_get_texture (theme, HEARTS_NO_CARD, 80, 1);
  for (int width = 81; width <= 90; width++)
    {
      hearts_card_theme_get_texture (theme, HEARTS_NO_CARD, width, 1);
      hearts_card_theme_get_texture (theme, HEARTS_QUEEN_OF_SPADES, width, 1);
    }

  g_assert_cmpuint (_hearts_card_theme_count_pictures (theme, 80, 1), ==, 53);
  g_assert_cmpuint (_hearts_card_theme_count_pictures (theme, 90, 1), ==, 2);
  g_assert_false (hearts_card_theme_has_size (theme, 89, 1));

  g_assert_finalize_object (theme);
}

static void
test_preload (void)
{
  g_autoptr(GError) error = NULL;
  HeartsCardTheme *theme;

  /* Loaded ahead in a thread, taken by the next load of that id. */
  hearts_card_theme_preload (HEARTS_CARD_THEME_DEFAULT_ID);
  theme = hearts_card_theme_new_for_id (HEARTS_CARD_THEME_DEFAULT_ID, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (hearts_card_theme_get_id (theme), ==, HEARTS_CARD_THEME_DEFAULT_ID);
  g_assert_cmpfloat_with_epsilon (hearts_card_theme_get_aspect (theme), 240.0 / 336.0, 1e-9);
  g_assert_true (GDK_IS_TEXTURE (hearts_card_theme_get_texture (theme, HEARTS_QUEEN_OF_SPADES, 40, 1)));
  g_assert_finalize_object (theme);

  /* A preload that failed still says why. */
  hearts_card_theme_preload ("no-such-theme");
  g_assert_null (hearts_card_theme_new_for_id ("no-such-theme", &error));
  g_assert_error (error, HEARTS_CARD_THEME_ERROR, HEARTS_CARD_THEME_ERROR_NOT_FOUND);
  g_clear_error (&error);

  /* One nobody takes is replaced by the next. */
  hearts_card_theme_preload ("no-such-theme");
  hearts_card_theme_preload (HEARTS_CARD_THEME_DEFAULT_ID);
  theme = hearts_card_theme_new_for_id (HEARTS_CARD_THEME_DEFAULT_ID, &error);
  g_assert_no_error (error);
  g_assert_finalize_object (theme);
}

static char *
write_scratch (const char *name,
               const void *data,
               gsize       length)
{
  g_autoptr(GError) error = NULL;
  char *path = g_build_filename (scratch_dir, name, NULL);

  g_file_set_contents (path, data, length, &error);
  g_assert_no_error (error);

  return path;
}

static char *
gzip (const char *data,
      gsize       length,
      gsize      *out_length)
{
  g_autoptr(GZlibCompressor) compressor = g_zlib_compressor_new (G_ZLIB_COMPRESSOR_FORMAT_GZIP, 9);
  g_autoptr(GOutputStream) memory = g_memory_output_stream_new_resizable ();
  g_autoptr(GOutputStream) out = g_converter_output_stream_new (memory, G_CONVERTER (compressor));
  g_autoptr(GError) error = NULL;

  g_output_stream_write_all (out, data, length, NULL, NULL, &error);
  g_assert_no_error (error);
  g_output_stream_close (out, NULL, &error);
  g_assert_no_error (error);

  *out_length = g_memory_output_stream_get_data_size (G_MEMORY_OUTPUT_STREAM (memory));

  return g_memory_output_stream_steal_data (G_MEMORY_OUTPUT_STREAM (memory));
}

static void
test_svgz (void)
{
  g_autofree char *source = deck_source_path ();
  g_autofree char *contents = NULL;
  g_autofree char *packed = NULL;
  g_autofree char *path = NULL;
  g_autoptr(GError) error = NULL;
  HeartsCardTheme *theme;
  GdkTexture      *texture;
  gsize            length, packed_length;

  g_file_get_contents (source, &contents, &length, &error);
  g_assert_no_error (error);
  packed = gzip (contents, length, &packed_length);
  g_assert_cmpuint (packed_length, <, length);
  path = write_scratch ("packed_deck.svgz", packed, packed_length);

  theme = hearts_card_theme_new_for_file (path, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (hearts_card_theme_get_id (theme), ==, "packed_deck.svgz");
  g_assert_cmpstr (hearts_card_theme_get_name (theme), ==, "Packed Deck");
  check_full_deck (theme, 70, 1, TRUE);

  texture = hearts_card_theme_get_texture (theme, HEARTS_QUEEN_OF_SPADES, 70, 1);
  g_assert_cmpint (gdk_texture_get_width (texture), ==, 70);

  g_assert_finalize_object (theme);
}

static void
test_bad_files (void)
{
  static const char garbage[] = "\x1f\x8b\x08\x00 this is not gzip at all";
  static const char not_svg[] = "<html><body>Hearts</body></html>";
  static const char no_cards[] =
    "<svg xmlns='http://www.w3.org/2000/svg' width='1300' height='500'>"
    "<rect id='club_1' width='100' height='100'/></svg>";
  static const char no_size[] =
    "<svg xmlns='http://www.w3.org/2000/svg' width='0' height='0'/>";
  const struct
  {
    const char *name;
    const char *data;
    gsize       length;
  } bad[] = {
    { "garbage.svgz", garbage, sizeof garbage - 1 },
    { "html.svg", not_svg, sizeof not_svg - 1 },
    { "empty.svg", "", 0 },
    { "truncated.svg", no_cards, 60 },
    { "no_cards.svg", no_cards, sizeof no_cards - 1 },
    { "no_size.svg", no_size, sizeof no_size - 1 },
  };
  g_autoptr(GError) error = NULL;
  g_autofree char *missing = g_build_filename (scratch_dir, "missing.svgz", NULL);

  g_assert_null (hearts_card_theme_new_for_file (missing, &error));
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_NOT_FOUND);
  g_clear_error (&error);

  for (guint i = 0; i < G_N_ELEMENTS (bad); i++)
    {
      g_autofree char *path = write_scratch (bad[i].name, bad[i].data, bad[i].length);

      g_test_message ("Loading %s", bad[i].name);
      g_assert_null (hearts_card_theme_new_for_file (path, &error));
      g_assert_nonnull (error);
      g_clear_error (&error);
    }

  /* These two parse, so it is our check that turns them down. */
  {
    g_autofree char *path = g_build_filename (scratch_dir, "no_cards.svg", NULL);

    g_assert_null (hearts_card_theme_new_for_file (path, &error));
    g_assert_error (error, HEARTS_CARD_THEME_ERROR, HEARTS_CARD_THEME_ERROR_INVALID);
    g_clear_error (&error);
  }

  g_assert_null (hearts_card_theme_new_for_id ("no-such-theme.svgz", &error));
  g_assert_error (error, HEARTS_CARD_THEME_ERROR, HEARTS_CARD_THEME_ERROR_NOT_FOUND);
}

static void
test_list_available (void)
{
  g_autoptr(GListModel) themes = hearts_card_theme_list_available ();
  g_autoptr(GHashTable) ids = g_hash_table_new (g_str_hash, g_str_equal);
  g_autoptr(HeartsCardThemeInfo) first = NULL;
  gboolean found_scratch = FALSE;
  guint    n = g_list_model_get_n_items (themes);

  g_assert_cmpuint (n, >=, 1);
  g_assert_true (g_list_model_get_item_type (themes) == HEARTS_TYPE_CARD_THEME_INFO);
  first = g_list_model_get_item (themes, 0);
  g_assert_cmpstr (hearts_card_theme_info_get_id (first), ==, HEARTS_CARD_THEME_DEFAULT_ID);

  for (guint i = 0; i < n; i++)
    {
      g_autoptr(HeartsCardThemeInfo) info = g_list_model_get_item (themes, i);
      const char *id = hearts_card_theme_info_get_id (info);

      g_assert_false (g_hash_table_contains (ids, id));
      g_hash_table_add (ids, (gpointer) id);
      g_assert_nonnull (hearts_card_theme_info_get_name (info));
      g_assert_nonnull (hearts_card_theme_info_get_path (info));

      /* The test's own folder is in XDG_DATA_DIRS (see main()). */
      if (g_str_equal (id, "swiss-xvii_test.svgz"))
        {
          g_assert_cmpstr (hearts_card_theme_info_get_name (info), ==, "Swiss XVII Test");
          found_scratch = TRUE;
        }
    }
  g_assert_true (found_scratch);
}

static void
test_load_by_id (void)
{
  g_autoptr(GError) error = NULL;
  HeartsCardTheme *theme;

  theme = hearts_card_theme_new_for_id (HEARTS_CARD_THEME_DEFAULT_ID, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (hearts_card_theme_get_id (theme), ==, HEARTS_CARD_THEME_DEFAULT_ID);
  g_assert_finalize_object (theme);

  theme = hearts_card_theme_new_for_id ("swiss-xvii_test.svgz", &error);
  g_assert_no_error (error);
  g_assert_cmpstr (hearts_card_theme_get_name (theme), ==, "Swiss XVII Test");
  g_assert_finalize_object (theme);
}

/* Every Aisleriot theme on the system loads and draws every card at the size asked for. */
static void
test_aisleriot_themes (void)
{
  g_autoptr(GListModel) themes = hearts_card_theme_list_available ();
  guint n = g_list_model_get_n_items (themes);
  guint tested = 0;

  for (guint i = 0; i < n; i++)
    {
      g_autoptr(HeartsCardThemeInfo) info = g_list_model_get_item (themes, i);
      g_autoptr(GError) error = NULL;
      const char      *path = hearts_card_theme_info_get_path (info);
      HeartsCardTheme *theme;

      if (g_str_has_prefix (path, "resource:") || g_str_has_prefix (path, scratch_dir))
        continue;

      g_test_message ("Loading %s", path);
      theme = hearts_card_theme_info_load (info, &error);
      g_assert_no_error (error);
      g_assert_cmpfloat (hearts_card_theme_get_aspect (theme), >, 0.4);
      g_assert_cmpfloat (hearts_card_theme_get_aspect (theme), <, 1.0);

      for (guint c = 0; c <= 52; c++)
        {
          HeartsCard  card = c == 52 ? HEARTS_NO_CARD : HEARTS_CARD (c / 13, c % 13);
          GdkTexture *texture = hearts_card_theme_get_texture (theme, card, 50, 1);
          int         height = hearts_card_theme_get_height_for_width (theme, 50);

          g_assert_cmpint (gdk_texture_get_width (texture), ==, 50);
          g_assert_cmpint (gdk_texture_get_height (texture), ==, height);
          /* Drawn in its cell: most of the card has ink. */
          g_assert_cmpuint (texture_count_opaque (texture), >, (guint) (50 * height) / 2);
        }

      g_assert_finalize_object (theme);
      tested++;
    }

  if (tested == 0)
    g_test_skip ("No Aisleriot card themes installed (Debian: gnome-cards-data)");
  else
    g_test_message ("%u Aisleriot themes loaded", tested);
}

static void
make_scratch_themes (void)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *cards_dir = NULL;
  g_autofree char *source = deck_source_path ();
  g_autofree char *contents = NULL;
  g_autofree char *packed = NULL;
  g_autofree char *path = NULL;
  gsize            length, packed_length;

  scratch_dir = hearts_test_make_tmp_dir ("hearts-card-theme-XXXXXX");

  cards_dir = g_build_filename (scratch_dir, "aisleriot", "cards", NULL);
  g_assert_cmpint (g_mkdir_with_parents (cards_dir, 0700), ==, 0);
  g_file_get_contents (source, &contents, &length, &error);
  g_assert_no_error (error);
  packed = gzip (contents, length, &packed_length);
  path = g_build_filename (cards_dir, "swiss-xvii_test.svgz", NULL);
  g_file_set_contents (path, packed, packed_length, &error);
  g_assert_no_error (error);
}

/* Our deck copied to @name in the scratch folder, a theme file of the test's own; its text in
 * @contents if asked for. */
static char *
scratch_deck (const char  *name,
              char       **contents,
              gsize       *length)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *source = deck_source_path ();
  g_autofree char *text = NULL;
  char            *path = g_build_filename (scratch_dir, name, NULL);
  gsize            text_length;

  g_file_get_contents (source, &text, &text_length, &error);
  g_assert_no_error (error);
  g_file_set_contents (path, text, text_length, &error);
  g_assert_no_error (error);
  if (contents != NULL)
    *contents = g_steal_pointer (&text);
  if (length != NULL)
    *length = text_length;
  return path;
}

/* The file a theme's deck is kept in: the only one in the cache folder, NULL if none. */
static char *
kept_deck_path (void)
{
  g_autofree char *dir_path = g_build_filename (g_get_user_cache_dir (), "hearts", "decks", NULL);
  g_autoptr(GDir) dir = g_dir_open (dir_path, 0, NULL);
  const char *name;
  char       *found = NULL;

  if (dir == NULL)
    return NULL;
  while ((name = g_dir_read_name (dir)) != NULL)
    {
      g_assert_null (found);
      found = g_build_filename (dir_path, name, NULL);
    }

  return found;
}

static void
render_whole_deck (HeartsCardTheme *theme,
                   int              width,
                   int              scale)
{
  for (guint i = 0; i < 52; i++)
    hearts_card_theme_get_texture (theme, HEARTS_CARD (i / 13, i % 13), width, scale);
  hearts_card_theme_get_texture (theme, HEARTS_NO_CARD, width, scale);
  /* Written in a worker. */
  _hearts_card_theme_wait_workers ();
}

static void
assert_same_pixels (GdkTexture *a,
                    GdkTexture *b)
{
  int                width = gdk_texture_get_width (a);
  int                height = gdk_texture_get_height (a);
  g_autofree guchar *pixels_a = g_malloc ((gsize) width * height * 4);
  g_autofree guchar *pixels_b = g_malloc ((gsize) width * height * 4);

  g_assert_cmpint (gdk_texture_get_width (b), ==, width);
  g_assert_cmpint (gdk_texture_get_height (b), ==, height);
  gdk_texture_download (a, pixels_a, width * 4);
  gdk_texture_download (b, pixels_b, width * 4);
  g_assert_cmpmem (pixels_a, (gsize) width * height * 4, pixels_b, (gsize) width * height * 4);
}

/* A theme whose whole deck was rendered at a size keeps it on disk; the next theme from the
 * same file draws those pixels without parsing the file, until it needs another size. */
static void
test_kept_deck (void)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *path = NULL;
  g_autofree char *kept = NULL;
  HeartsCardTheme *first, *second;
  GdkTexture      *texture;

  _hearts_card_theme_wait_workers ();
  hearts_test_forget_kept_decks ();
  path = scratch_deck ("kept.svg", NULL, NULL);

  first = hearts_card_theme_new_for_file (path, &error);
  g_assert_no_error (error);
  g_assert_true (_hearts_card_theme_is_parsed (first));
  /* A size with some cards is not kept: only a whole deck. */
  hearts_card_theme_get_texture (first, HEARTS_QUEEN_OF_SPADES, 70, 1);
  _hearts_card_theme_wait_workers ();
  g_assert_null (kept_deck_path ());
  render_whole_deck (first, 60, 2);
  kept = kept_deck_path ();
  g_assert_nonnull (kept);

  second = hearts_card_theme_new_for_file (path, &error);
  g_assert_no_error (error);
  g_assert_false (_hearts_card_theme_is_parsed (second));
  g_assert_cmpfloat (hearts_card_theme_get_aspect (second), ==, hearts_card_theme_get_aspect (first));
  g_assert_cmpuint (_hearts_card_theme_count_pictures (second, 60, 2), ==, 53);
  for (guint i = 0; i < 52; i++)
    assert_same_pixels (hearts_card_theme_get_texture (first, HEARTS_CARD (i / 13, i % 13), 60, 2),
                        hearts_card_theme_get_texture (second, HEARTS_CARD (i / 13, i % 13), 60, 2));
  assert_same_pixels (hearts_card_theme_get_texture (first, HEARTS_NO_CARD, 60, 2),
                      hearts_card_theme_get_texture (second, HEARTS_NO_CARD, 60, 2));
  g_assert_false (_hearts_card_theme_is_parsed (second));

  /* Another size needs the file after all. */
  texture = hearts_card_theme_get_texture (second, HEARTS_CARD (HEARTS_SUIT_HEARTS, HEARTS_RANK_ACE), 50, 1);
  g_assert_true (_hearts_card_theme_is_parsed (second));
  assert_same_pixels (hearts_card_theme_get_texture (first, HEARTS_CARD (HEARTS_SUIT_HEARTS, HEARTS_RANK_ACE), 50, 1), texture);

  g_assert_finalize_object (first);
  g_assert_finalize_object (second);
}

/* A changed theme file is parsed again, never drawn from the deck of the old one; a damaged
 * kept file is ignored. */
static void
test_kept_deck_stale (void)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *path = NULL;
  g_autofree char *contents = NULL;
  g_autofree char *changed = NULL;
  g_autofree char *kept = NULL;
  g_autofree char *bytes = NULL;
  gsize            length, kept_length;
  HeartsCardTheme *theme;

  _hearts_card_theme_wait_workers ();
  hearts_test_forget_kept_decks ();
  path = scratch_deck ("stale.svg", &contents, &length);

  theme = hearts_card_theme_new_for_file (path, &error);
  g_assert_no_error (error);
  render_whole_deck (theme, 40, 1);
  g_assert_finalize_object (theme);
  kept = kept_deck_path ();
  g_assert_nonnull (kept);

  /* The same theme, one comment longer. */
  changed = g_strconcat (contents, "<!-- changed -->\n", NULL);
  g_file_set_contents (path, changed, -1, &error);
  g_assert_no_error (error);
  theme = hearts_card_theme_new_for_file (path, &error);
  g_assert_no_error (error);
  g_assert_true (_hearts_card_theme_is_parsed (theme));
  g_assert_false (hearts_card_theme_has_size (theme, 40, 1));
  g_assert_finalize_object (theme);

  /* Back as it was, but its kept deck cut short, then garbage of the right length. */
  g_file_set_contents (path, contents, length, &error);
  g_assert_no_error (error);
  g_file_get_contents (kept, &bytes, &kept_length, &error);
  g_assert_no_error (error);
  g_file_set_contents (kept, bytes, kept_length / 2, &error);
  g_assert_no_error (error);
  theme = hearts_card_theme_new_for_file (path, &error);
  g_assert_no_error (error);
  g_assert_true (_hearts_card_theme_is_parsed (theme));
  g_assert_finalize_object (theme);

  memset (bytes, 0x5a, kept_length);
  g_file_set_contents (kept, bytes, kept_length, &error);
  g_assert_no_error (error);
  theme = hearts_card_theme_new_for_file (path, &error);
  g_assert_no_error (error);
  g_assert_true (_hearts_card_theme_is_parsed (theme));
  g_assert_cmphex (texture_pixel (hearts_card_theme_get_texture (theme, HEARTS_NO_CARD, 40, 1), 20, 28) >> 24, ==, 0xff);
  g_assert_finalize_object (theme);
}

int
main (int   argc,
      char *argv[])
{
  g_autofree char *data_dirs = NULL;
  g_autofree char *cache_dir = NULL;
  int              status;

  g_test_init (&argc, &argv, NULL);

  /* Before GLib reads XDG_DATA_DIRS: a folder of our own, then the system's. */
  make_scratch_themes ();
  data_dirs = g_strconcat (scratch_dir, ":",
                           g_getenv ("XDG_DATA_DIRS") ? g_getenv ("XDG_DATA_DIRS")
                                                      : "/usr/local/share:/usr/share",
                           NULL);
  g_setenv ("XDG_DATA_DIRS", data_dirs, TRUE);
  /* The decks kept on disk go to the scratch folder too, before GLib reads where. */
  cache_dir = g_build_filename (scratch_dir, "cache", NULL);
  g_setenv ("XDG_CACHE_HOME", cache_dir, TRUE);

  g_test_add_func ("/card-theme/deck-ids", test_deck_ids);
  g_test_add_func ("/card-theme/default-renders", test_default_renders);
  g_test_add_func ("/card-theme/cache-drops-old-sizes", test_cache_drops_old_sizes);
  g_test_add_func ("/card-theme/cache-keeps-full-deck", test_cache_keeps_full_deck);
  g_test_add_func ("/card-theme/preload", test_preload);
  g_test_add_func ("/card-theme/svgz", test_svgz);
  g_test_add_func ("/card-theme/bad-files", test_bad_files);
  g_test_add_func ("/card-theme/list-available", test_list_available);
  g_test_add_func ("/card-theme/load-by-id", test_load_by_id);
  g_test_add_func ("/card-theme/aisleriot-themes", test_aisleriot_themes);
  g_test_add_func ("/card-theme/kept-deck", test_kept_deck);
  g_test_add_func ("/card-theme/kept-deck-stale", test_kept_deck_stale);

  status = g_test_run ();
  hearts_test_remove_tree (scratch_dir);
  g_free (scratch_dir);

  return status;
}
