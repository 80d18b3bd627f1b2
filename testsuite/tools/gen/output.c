/* output.c - ph-gen's output file (emit, indent) and the options both
   the C and the C++ generators read.
   Copyright (C) 2026 The pokehole authors.
   SPDX-License-Identifier: GPL-3.0-or-later  */

#include "gen.h"

FILE *out;

void
emit (const char *fmt, ...)
{
  va_list ap;
  va_start (ap, fmt);
  vfprintf (out, fmt, ap);
  va_end (ap);
}

void
indent (int depth)
{
  for (int i = 0; i < depth; i++)
    emit ("  ");
}

int cxx;
unsigned member_serial;
/* --int-enums: every enum of C int's size (CTF knows no other: libctf
   gives each enum the size of int); the same members otherwise.  */
int int_enums;
/* --named-bitfields: no unnamed bitfield of a width (GCC's -gbtf and
   -gctf, 12 to 15, put the member after one at its offset).  */
int named_bitfields;
