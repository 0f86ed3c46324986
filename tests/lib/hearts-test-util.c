/* hearts-test-util.c: what the tests share
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gstdio.h>
#include <stdio.h>
#include <stdlib.h>

#include <string.h>
#ifdef __linux__
#include <sys/prctl.h>
#endif
#include <signal.h>

#include "hearts-test-util.h"

#define DEFAULT_SEED G_GUINT64_CONSTANT (20261121)

/**
 * hearts_test_seed:
 *
 * The seed of a test's random parts: a fixed one, so that a failure repeats, or
 * `HEARTS_TEST_SEED` to try another. Printed either way.
 */
guint64
hearts_test_seed (void)
{
  const char *text = g_getenv ("HEARTS_TEST_SEED");
  guint64     seed = DEFAULT_SEED;

  if (text != NULL && !g_ascii_string_to_unsigned (text, 10, 0, G_MAXUINT64, &seed, NULL))
    g_error ("HEARTS_TEST_SEED must be a number, not “%s”", text);
  g_test_message ("seed %" G_GUINT64_FORMAT " (HEARTS_TEST_SEED=%" G_GUINT64_FORMAT " repeats this run)",
                  seed, seed);
  return seed;
}

/**
 * hearts_test_random_rules:
 *
 * A rules value drawn from every variant the game offers, the game's end excepted.
 */
void
hearts_test_random_rules (HeartsRules *rules,
                          HeartsRng   *rng)
{
  hearts_rules_init_default (rules);
  rules->n_players = HEARTS_MIN_PLAYERS + hearts_rng_below (rng, 3);
  rules->pass_cycle = hearts_rng_below (rng, HEARTS_N_PASS_CYCLES);
  rules->opening = hearts_rng_below (rng, HEARTS_N_OPENINGS);
  rules->first_trick = hearts_rng_below (rng, HEARTS_N_FIRST_TRICKS);
  rules->must_break_hearts = hearts_rng_below (rng, 2);
  rules->queen_breaks_hearts = hearts_rng_below (rng, 2);
  rules->omnibus = hearts_rng_below (rng, 2);
  rules->no_tricks_bonus = hearts_rng_below (rng, 2);
  rules->moon = hearts_rng_below (rng, HEARTS_N_MOONS);
  rules->three_deck = hearts_rng_below (rng, HEARTS_N_THREE_DECKS);
  g_assert_null (hearts_rules_check (rules));
}

static gboolean
on_deadline_cb (gpointer user_data)
{
  gboolean *expired = user_data;

  *expired = TRUE;
  return G_SOURCE_REMOVE;
}

/**
 * hearts_test_iterate_until:
 *
 * Runs the default main context until @condition holds or @timeout_ms pass. It
 * sleeps in the main context's poll, so @condition must become true through
 * something dispatched there (a thread's result, an idle, a frame, a wakeup).
 *
 * Returns: whether @condition holds.
 */
/* Relabels @cards: from[i] becomes to[i]. */
static HeartsCards
permute (HeartsCards       cards,
         const HeartsCard *from,
         const HeartsCard *to,
         guint             n)
{
  HeartsCards out = cards;

  for (guint i = 0; i < n; i++)
    out &= ~HEARTS_CARD_BIT (from[i]);
  for (guint i = 0; i < n; i++)
    if (hearts_cards_has (cards, from[i]))
      out |= HEARTS_CARD_BIT (to[i]);
  return out;
}

gboolean
hearts_test_make_twin (const HeartsDeal  *deal,
                       const HeartsRules *rules,
                       guint              seat,
                       HeartsDeal        *twin,
                       HeartsRng         *rng)
{
  HeartsView  view;
  HeartsCards free_cards;
  HeartsCard  from[52], to[52];
  guint       n = 0;

  hearts_view_init (&view, rules, deal, seat, 0, NULL);
  free_cards = view.unseen & ~HEARTS_CARD_BIT (HEARTS_QUEEN_OF_SPADES);
  for (guint s = 0; s < deal->n_players; s++)
    free_cards &= ~view.known[s];

  for (guint suit = 0; suit < HEARTS_N_SUITS; suit++)
    {
      HeartsCard card;
      guint      first = n;

      HEARTS_CARDS_FOREACH (card, free_cards & HEARTS_SUIT_MASK (suit))
        {
          from[n] = to[n] = card;
          n++;
        }
      for (guint i = n - first; i > 1; i--)
        {
          guint      j = hearts_rng_below (rng, i);
          HeartsCard t = to[first + i - 1];

          to[first + i - 1] = to[first + j];
          to[first + j] = t;
        }
    }

  *twin = *deal;
  for (guint s = 0; s < deal->n_players; s++)
    {
      if (s == seat)
        continue;
      twin->hands[s] = permute (deal->hands[s], from, to, n);
      twin->dealt[s] = permute (deal->dealt[s], from, to, n);
      twin->passes[s] = permute (deal->passes[s], from, to, n);
    }
  return memcmp (twin->hands, deal->hands, sizeof deal->hands) != 0;
}

gboolean
hearts_test_iterate_until (HeartsTestCondition condition,
                           gpointer            user_data,
                           guint               timeout_ms)
{
  gboolean expired = FALSE;
  guint    deadline = g_timeout_add (timeout_ms, on_deadline_cb, &expired);
  gboolean met;

  /* The answer that ended the wait: asked again, a condition on the main context's
   * state (nothing pending) could change its mind. */
  while (!(met = condition (user_data)) && !expired)
    g_main_context_iteration (NULL, TRUE);
  if (!expired)
    g_source_remove (deadline);
  return met;
}

typedef struct
{
  gboolean      last;
  GMainContext *context;
} LastReference;

/* Called from whichever thread drops the next-to-last reference. */
static void
on_toggle_cb (gpointer user_data,
              GObject *object,
              gboolean is_last_ref)
{
  LastReference *wait = user_data;

  if (is_last_ref)
    {
      g_atomic_int_set (&wait->last, TRUE);
      g_main_context_wakeup (wait->context);
    }
}

static gboolean
is_last_reference (gpointer user_data)
{
  LastReference *wait = user_data;

  return g_atomic_int_get (&wait->last);
}

/**
 * hearts_test_await_last_reference:
 *
 * Waits until the caller's reference to @object is the only one: a worker thread
 * lets go of its task (and of the object in it) just after its callback ran, and
 * g_assert_finalize_object() needs that reference gone. Runs the default main
 * context meanwhile, so results that land there are dispatched.
 *
 * Returns: whether the caller's reference is the last one.
 */
static gboolean
on_poll_tick (gpointer user_data)
{
  return G_SOURCE_CONTINUE;
}

gboolean
hearts_test_poll_until (HeartsTestCondition condition,
                        gpointer            user_data,
                        guint               interval_ms,
                        guint               timeout_ms)
{
  guint    tick = g_timeout_add (interval_ms, on_poll_tick, NULL);
  gboolean met = hearts_test_iterate_until (condition, user_data, timeout_ms);

  g_source_remove (tick);
  return met;
}

static void
set_flag_cb (gpointer data)
{
  *(gboolean *) data = TRUE;
}

static gboolean
flag_set (gpointer data)
{
  return *(gboolean *) data;
}

void
hearts_test_wait (guint ms)
{
  gboolean waited = FALSE;

  g_timeout_add_once (ms, set_flag_cb, &waited);
  g_assert_true (hearts_test_iterate_until (flag_set, &waited, ms + HEARTS_TEST_TIMEOUT_MS));
}

gboolean
hearts_test_await_last_reference (gpointer object,
                                  guint    timeout_ms)
{
  LastReference wait = { FALSE, g_main_context_default () };
  gboolean      last;

  g_return_val_if_fail (G_IS_OBJECT (object), FALSE);

  /* The toggle reference stands in for the caller's while it waits: its notify
   * says when everyone else has let go. */
  g_object_add_toggle_ref (object, on_toggle_cb, &wait);
  g_object_unref (object);
  last = hearts_test_iterate_until (is_last_reference, &wait, timeout_ms);
  g_object_ref (object);
  g_object_remove_toggle_ref (object, on_toggle_cb, &wait);
  return last;
}

/**
 * hearts_test_assert_finalize_object:
 *
 * g_assert_finalize_object() once what is queued on the main context has run
 * (some of it holds @object a while longer) and worker threads have let go of
 * @object: the caller's reference must then be the last one.
 */
void
hearts_test_assert_finalize_object (gpointer object)
{
  while (g_main_context_iteration (NULL, FALSE))
    ;
  g_assert_true (hearts_test_await_last_reference (object, HEARTS_TEST_TIMEOUT_MS));
  g_assert_finalize_object (object);
}

/**
 * hearts_test_make_tmp_dir:
 * @tmpl: a name ending in XXXXXX, as g_dir_make_tmp() takes
 *
 * Returns: (transfer full): a new folder in the temporary folder
 */
char *
hearts_test_make_tmp_dir (const char *tmpl)
{
  g_autoptr(GError) error = NULL;
  char *dir = g_dir_make_tmp (tmpl, &error);

  g_assert_no_error (error);
  return dir;
}

/**
 * hearts_test_remove_tree:
 *
 * Removes @path and, if it is a folder, everything in it.
 */
void
hearts_test_remove_tree (const char *path)
{
  g_autoptr(GDir) dir = g_dir_open (path, 0, NULL);
  const char *name;

  if (dir != NULL)
    while ((name = g_dir_read_name (dir)) != NULL)
      {
        g_autofree char *child = g_build_filename (path, name, NULL);

        hearts_test_remove_tree (child);
      }
  g_remove (path);
}

/**
 * hearts_test_forget_kept_decks:
 *
 * Removes the card decks kept on disk (hearts-deck-cache.h) from the cache folder, for a test
 * that needs a theme to render its cards rather than map them from an earlier test's file.
 * Wait for the themes' workers first: one may be writing a deck.
 */
void
hearts_test_forget_kept_decks (void)
{
  g_autofree char *path = g_build_filename (g_get_user_cache_dir (), "hearts", "decks", NULL);

  hearts_test_remove_tree (path);
}

/**
 * hearts_test_skip_without_display:
 *
 * Call first in main() of a test that needs a display: without one the test
 * reports a skip of the whole program (TAP "1..0 # SKIP") instead of failing
 * in gtk_init() or passing with nothing run.
 */
void
hearts_test_skip_without_display (void)
{
  if (g_getenv ("DISPLAY") != NULL || g_getenv ("WAYLAND_DISPLAY") != NULL)
    return;
  printf ("1..0 # SKIP no display\n");
  fflush (stdout);
  exit (EXIT_SUCCESS);
}

gsize
hearts_test_resident_kib (void)
{
  g_autofree char *status = NULL;
  const char      *line;

  g_assert_true (g_file_get_contents ("/proc/self/status", &status, NULL, NULL));
  line = strstr (status, "VmRSS:");
  g_assert_nonnull (line);
  return g_ascii_strtoull (line + 6, NULL, 10);
}

static void
die_with_parent (gpointer user_data)
{
#ifdef __linux__
  prctl (PR_SET_PDEATHSIG, SIGTERM);
#endif
}

GSubprocessLauncher *
hearts_test_launcher_new (GSubprocessFlags flags)
{
  GSubprocessLauncher *launcher = g_subprocess_launcher_new (flags);

  g_subprocess_launcher_set_child_setup (launcher, die_with_parent, NULL, NULL);
  return launcher;
}
