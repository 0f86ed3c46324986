/* hearts-test-util.h: what the tests share
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gio/gio.h>

#include "hearts-engine.h"

G_BEGIN_DECLS

/* A hang guard for the waits below, not a measurement. */
#define HEARTS_TEST_TIMEOUT_MS 60000

typedef gboolean (*HeartsTestCondition) (gpointer user_data);

guint64   hearts_test_seed                   (void);
void      hearts_test_random_rules           (HeartsRules         *rules,
                                              HeartsRng           *rng);
/* Another deal with the same history as far as @seat could see: the cards still hidden
 * from it are shuffled between the other hands within each suit (every void shown stays
 * true), in what those seats were dealt, passed and hold; the Q♠ (which decides what was
 * legal on the first trick) and the cards the seat passed stay put. FALSE when no
 * hidden card could move. */
gboolean  hearts_test_make_twin              (const HeartsDeal    *deal,
                                              const HeartsRules   *rules,
                                              guint                seat,
                                              HeartsDeal          *twin,
                                              HeartsRng           *rng);
gboolean  hearts_test_iterate_until          (HeartsTestCondition  condition,
                                              gpointer             user_data,
                                              guint                timeout_ms);
/* Runs the main context for @ms (a wait a test means: a server's slow-down, an animation). */
void      hearts_test_wait                   (guint                ms);
gboolean  hearts_test_await_last_reference   (gpointer             object,
                                              guint                timeout_ms);
/* For a condition nothing on the main context announces (another process, a file):
 * checks it every @interval_ms, sleeping in the main context's poll in between. */
gboolean  hearts_test_poll_until             (HeartsTestCondition  condition,
                                              gpointer             user_data,
                                              guint                interval_ms,
                                              guint                timeout_ms);
void      hearts_test_assert_finalize_object (gpointer             object);
char     *hearts_test_make_tmp_dir           (const char          *tmpl);
/* A launcher whose children get SIGTERM when the test goes, even one that aborts (a
 * server left behind would hold the test's output open). */
GSubprocessLauncher *hearts_test_launcher_new (GSubprocessFlags     flags);
void      hearts_test_remove_tree            (const char          *path);
void      hearts_test_forget_kept_decks      (void);
void      hearts_test_skip_without_display   (void);
/* This process's resident memory (VmRSS), in KiB. */
gsize     hearts_test_resident_kib           (void);

G_END_DECLS
