/* gen-common.c - the seeded random numbers of ph-gen and ph-initgen
   (gen-common.h): one generator, so that both tools draw the same way.
   Copyright (C) 2026 The pokehole authors.
   SPDX-License-Identifier: GPL-3.0-or-later  */

#include "gen-common.h"

/* splitmix64: small, good enough, and the same everywhere.  */
uint64_t rng_state;

static uint64_t
rng_next (void)
{
  uint64_t z = (rng_state += 0x9e3779b97f4a7c15ULL);
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
  return z ^ (z >> 31);
}

unsigned
rnd (unsigned n)
{
  return n ? (unsigned) (rng_next () % n) : 0;
}

int
chance (unsigned pct)
{
  return rnd (100) < pct;
}
