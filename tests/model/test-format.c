/* test-format.c: points with the real minus sign, and where the player finished
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <string.h>

#include "hearts-format.h"

static void
assert_points (gint        points,
               const char *expected)
{
  g_autofree char *text = hearts_format_points (points);

  g_assert_cmpstr (text, ==, expected);
}

static void
test_points (void)
{
  assert_points (0, "0");
  assert_points (13, "13");
  assert_points (-10, "\u221210");
  assert_points (-26, "\u221226");
  assert_points (G_MININT, "\u22122147483648");
  /* No hyphen-minus in any of them. */
  for (gint p = -60; p <= 60; p++)
    {
      g_autofree char *text = hearts_format_points (p);
      g_autofree char *digits = g_strdup_printf ("%d", ABS (p));

      g_assert_null (strchr (text, '-'));
      g_assert_true (g_str_has_prefix (text, "\u2212") == (p < 0));
      g_assert_cmpstr (text + (p < 0 ? strlen ("\u2212") : 0), ==, digits);
    }
}

static void
test_mean (void)
{
  const struct
  {
    double      mean;
    const char *text;
  } cases[] = {
    { 0, "0.0" },
    { 4.5, "4.5" },
    { -1.5, "\u22121.5" },
    { -0.04, "0.0" },
    { -0.06, "\u22120.1" },
    { -26, "\u221226.0" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *text = hearts_format_mean (cases[i].mean);

      g_assert_cmpstr (text, ==, cases[i].text);
    }
}

static void
assert_standing (guint       n,
                 const gint *totals,
                 const char *expected)
{
  static const char *names[] = { "You", "West", "Ada", "East", "Bo", "Cy" };
  g_autofree char   *text = hearts_format_standing (n, totals, names);

  g_assert_cmpstr (text, ==, expected);
}

static void
test_standing_three (void)
{
  assert_standing (3, (gint[]){ 40, 52, 101 }, "You won!");
  assert_standing (3, (gint[]){ 52, 40, 101 }, "You finished second, 12 points behind West");
  assert_standing (3, (gint[]){ 41, 40, 101 }, "You finished second, 1 point behind West");
  assert_standing (3, (gint[]){ 101, 61, 80 }, "You finished last, 40 points behind West");
  assert_standing (3, (gint[]){ 40, 40, 101 }, "You shared first place with West");
  assert_standing (3, (gint[]){ 77, 77, 77 }, "You shared first place with West and Ada");
  assert_standing (3, (gint[]){ 101, 40, 101 }, "You shared last place with Ada, 61 points behind West");
  assert_standing (3, (gint[]){ 101, 40, 40 }, "You finished last, 61 points behind West and Ada");
  /* A negative total is still a total: the lowest wins. */
  assert_standing (3, (gint[]){ -5, 20, 110 }, "You won!");
  assert_standing (3, (gint[]){ 20, -5, 110 }, "You finished second, 25 points behind West");
}

static void
test_standing_six (void)
{
  assert_standing (6, (gint[]){ 30, 10, 20, 40, 50, 60 }, "You finished third, 20 points behind West");
  assert_standing (6, (gint[]){ 40, 10, 20, 30, 50, 60 }, "You finished fourth, 30 points behind West");
  assert_standing (6, (gint[]){ 50, 10, 20, 30, 40, 60 }, "You finished fifth, 40 points behind West");
  assert_standing (6, (gint[]){ 60, 10, 20, 30, 40, 50 }, "You finished last, 50 points behind West");
  assert_standing (6, (gint[]){ 20, 10, 20, 30, 40, 50 },
                   "You shared second place with Ada, 10 points behind West");
  assert_standing (6, (gint[]){ 30, 10, 20, 30, 30, 50 },
                   "You shared third place with East and Bo, 20 points behind West");
  assert_standing (6, (gint[]){ 40, 10, 20, 30, 40, 50 },
                   "You shared fourth place with Bo, 30 points behind West");
  assert_standing (6, (gint[]){ 50, 10, 10, 10, 40, 50 },
                   "You shared last place with Cy, 40 points behind West, Ada and East");
  assert_standing (6, (gint[]){ 10, 10, 10, 10, 10, 10 },
                   "You shared first place with West, Ada, East, Bo and Cy");
}

static void
test_name_list (void)
{
  const char      *names[] = { "Ada", "West", "North" };
  g_autofree char *one = hearts_format_name_list (names, 1);
  g_autofree char *two = hearts_format_name_list (names, 2);
  g_autofree char *three = hearts_format_name_list (names, 3);

  g_assert_cmpstr (one, ==, "Ada");
  g_assert_cmpstr (two, ==, "Ada and West");
  g_assert_cmpstr (three, ==, "Ada, West and North");
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/format/points", test_points);
  g_test_add_func ("/format/mean", test_mean);
  g_test_add_func ("/format/standing/three", test_standing_three);
  g_test_add_func ("/format/standing/six", test_standing_six);
  g_test_add_func ("/format/name-list", test_name_list);

  return g_test_run ();
}
