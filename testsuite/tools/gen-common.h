/* gen-common.h - the seeded random numbers ph-gen and ph-initgen share:
   the same SEED gives the same program on every machine, so the PRNG is
   our own (splitmix64), not libc's rand.
   Copyright (C) 2026 The pokehole authors.
   SPDX-License-Identifier: GPL-3.0-or-later  */

#ifndef GEN_COMMON_H
#define GEN_COMMON_H

#include <stdint.h>

/* The generator's state: main sets it to the seed.  */
extern uint64_t rng_state;

/* A number in [0, n).  */
unsigned rnd (unsigned n);
/* True with probability pct/100.  */
int chance (unsigned pct);

#endif
