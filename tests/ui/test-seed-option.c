/* test-seed-option.c: --seed takes any gint64, G_MININT64 included
 *
 * A negative seed deals the game of its magnitude; -9223372036854775808 has none
 * that fits, and negating it overflowed (UBSan) and left a negative seed, which
 * means "pick one at random".
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include "hearts-application.h"

static guint64
seed_for (gint64 option)
{
  g_autoptr(HeartsApplication) app = hearts_application_new ();
  g_autoptr(GVariantDict) options = g_variant_dict_new (NULL);
  gint ret = 0;

  g_variant_dict_insert (options, "seed", "x", option);
  g_signal_emit_by_name (app, "handle-local-options", options, &ret);
  g_assert_cmpint (ret, ==, -1);
  g_assert_false (hearts_application_get_resume (app));
  return hearts_application_take_seed (app);
}

static void
test_seed_option (void)
{
  g_assert_cmpuint (seed_for (0), ==, 0);
  g_assert_cmpuint (seed_for (7), ==, 7);
  g_assert_cmpuint (seed_for (-7), ==, 7);
  g_assert_cmpuint (seed_for (G_MAXINT64), ==, G_MAXINT64);
  g_assert_cmpuint (seed_for (G_MININT64 + 1), ==, G_MAXINT64);
  g_assert_cmpuint (seed_for (G_MININT64), ==, G_MAXINT64);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/application/seed-option", test_seed_option);

  return g_test_run ();
}
