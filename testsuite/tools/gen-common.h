/* gen-common.h - what the generators (ph-gen, ph-initgen, ph-allocgen)
   share: the seeded random numbers (the same SEED gives the same
   program on every machine, so the PRNG is our own, splitmix64, not
   libc's rand), and for ph-initgen and ph-allocgen the allocation,
   the growing strings their files are written into, the SEED OUTDIR
   that ends their command lines and the files.  Included after
   ../tool-libc.h.
   Copyright (C) 2026 The pokehole authors.
   SPDX-License-Identifier: GPL-3.0-or-later  */

#ifndef GEN_COMMON_H
#define GEN_COMMON_H

#include <stddef.h>
#include <stdint.h>

/* The generator's state: main sets it to the seed.  */
extern uint64_t rng_state;

/* A number in [0, n).  */
unsigned rnd (unsigned n);
/* True with probability pct/100.  */
int chance (unsigned pct);
/* V[0..N) a random order of 0..N-1.  */
void rnd_perm (int *v, unsigned n);

/* The program's name in its messages ("ph-initgen"); main sets it.  */
extern const char *gen_prog;

/* Allocation; a failure ends the program (exit 2).  xmalloc's memory
   is zeroed.  */
void *xmalloc (size_t n);
void *xrealloc (void *p, size_t n);

/* A growing string.  */
struct sb {
  char *s;
  size_t n, cap;
};

void sb_add (struct sb *b, const char *fmt, ...)
  __attribute__ ((format (printf, 2, 3)));
/* Back to its first N bytes.  */
void sb_trunc (struct sb *b, size_t n);
const char *sb_str (const struct sb *b);
/* The line the next text added to B starts on.  */
unsigned sb_line (const struct sb *b);
void sb_free (struct sb *b);

/* The end of the command line from ARGV[ARGI]: SEED OUTDIR, OUTDIR
   created if missing.  0, or a message (the usage, OPTIONS the
   options before SEED) and 2, main's exit status.  */
int gen_seed_outdir (int argc, char **argv, int argi, const char *options,
                     unsigned long long *seed, const char **outdir);
/* Write TEXT into DIR/NAME; a failure ends the program.  */
void write_file (const char *dir, const char *name, const char *text);

#endif
