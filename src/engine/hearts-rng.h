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
/* Uniform in [0, 1). */
double  hearts_rng_double (HeartsRng *rng);

/* Inline: the simulator and the AI's playouts call these millions of times a second. */
static inline guint64
hearts_rng_rotl (guint64 x,
                 int     k)
{
  return (x << k) | (x >> (64 - k));
}

static inline guint64
hearts_rng_next (HeartsRng *rng)
{
  guint64 *s = rng->s;
  guint64 result = hearts_rng_rotl (s[1] * 5, 7) * 9;
  guint64 t = s[1] << 17;

  s[2] ^= s[0];
  s[3] ^= s[1];
  s[1] ^= s[2];
  s[0] ^= s[3];
  s[2] ^= t;
  s[3] = hearts_rng_rotl (s[3], 45);

  return result;
}

/* Uniform in [0, @bound) from 32 random @bits; @bound > 0. Lemire's multiply-and-reject:
 * unbiased without a division in the common case. @rng gives fresh bits only in the
 * rare case (below @bound / 2^32) that @bits would bias the result, so a caller may
 * split one generator output into two draws and stay exactly uniform. */
static inline guint32
hearts_rng_below_bits (HeartsRng *rng,
                       guint32    bits,
                       guint32    bound)
{
  guint64 m = bits * (guint64) bound;
  guint32 low = (guint32) m;

  if (G_UNLIKELY (low < bound))
    {
      guint32 threshold = (guint32) -bound % bound;

      while (low < threshold)
        {
          m = (hearts_rng_next (rng) >> 32) * (guint64) bound;
          low = (guint32) m;
        }
    }

  return (guint32) (m >> 32);
}

/* Uniform in [0, bound); bound > 0. */
static inline guint32
hearts_rng_below (HeartsRng *rng,
                  guint32    bound)
{
  return hearts_rng_below_bits (rng, (guint32) (hearts_rng_next (rng) >> 32), bound);
}

G_END_DECLS
