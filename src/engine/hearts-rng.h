/* hearts-rng.h: a small seeded generator that gives the same numbers on every machine
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* xoshiro256**, seeded through splitmix64: fast, and free of platform differences. */
typedef struct
{
  guint64 s[4];
} HeartsRng;

void    hearts_rng_init   (HeartsRng *rng,
                           guint64    seed);
guint64 hearts_rng_next   (HeartsRng *rng);
/* Uniform in [0, bound); bound > 0. */
guint32 hearts_rng_below  (HeartsRng *rng,
                           guint32    bound);
/* Uniform in [0, 1). */
double  hearts_rng_double (HeartsRng *rng);

G_END_DECLS
