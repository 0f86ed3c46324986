/* hearts-rng.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "hearts-rng.h"

static inline guint64
rotl (guint64 x,
      int     k)
{
  return (x << k) | (x >> (64 - k));
}

static guint64
splitmix64 (guint64 *x)
{
  guint64 z = (*x += G_GUINT64_CONSTANT (0x9e3779b97f4a7c15));

  z = (z ^ (z >> 30)) * G_GUINT64_CONSTANT (0xbf58476d1ce4e5b9);
  z = (z ^ (z >> 27)) * G_GUINT64_CONSTANT (0x94d049bb133111eb);
  return z ^ (z >> 31);
}

void
hearts_rng_init (HeartsRng *rng,
                 guint64    seed)
{
  guint64 x = seed;

  for (guint i = 0; i < G_N_ELEMENTS (rng->s); i++)
    rng->s[i] = splitmix64 (&x);
}

guint64
hearts_rng_next (HeartsRng *rng)
{
  guint64 *s = rng->s;
  guint64 result = rotl (s[1] * 5, 7) * 9;
  guint64 t = s[1] << 17;

  s[2] ^= s[0];
  s[3] ^= s[1];
  s[1] ^= s[2];
  s[0] ^= s[3];
  s[2] ^= t;
  s[3] = rotl (s[3], 45);

  return result;
}

guint32
hearts_rng_below (HeartsRng *rng,
                  guint32    bound)
{
  /* Lemire's multiply-and-reject: unbiased without a division in the common case. */
  guint64 m = (hearts_rng_next (rng) >> 32) * (guint64) bound;
  guint32 low = (guint32) m;

  if (low < bound)
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

double
hearts_rng_double (HeartsRng *rng)
{
  return (hearts_rng_next (rng) >> 11) * (1.0 / 9007199254740992.0);
}
