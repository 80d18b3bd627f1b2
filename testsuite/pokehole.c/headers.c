/* Types that use system headers' types; whatever the report lists (with
   or without the headers' own types) must match the compiler.  */
/* { dg-do compile } */

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <time.h>

struct uses_headers {
  FILE *stream;
  size_t len;
  uint8_t small;
  int64_t big;
  struct tm when;
  ptrdiff_t diff;
  uint16_t tail;
};

struct uses_headers h1;

/* { dg-final { pokehole-check-layout uses_headers } } */
/* { dg-final { pokehole-check-report uses_headers } } */
