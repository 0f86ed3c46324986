/* hearts-rng.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "hearts-rng.h"

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

double
hearts_rng_double (HeartsRng *rng)
{
  return (hearts_rng_next (rng) >> 11) * (1.0 / 9007199254740992.0);
}
