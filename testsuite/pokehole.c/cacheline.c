/* -fplugin-arg-pokehole-cacheline=N sets the cacheline size used in the
   report; the layout itself does not change.  */
/* { dg-do compile } */
/* { dg-options "-fplugin-arg-pokehole-cacheline=32" } */

struct spans_lines {
  char head[30];
  int second_line;
  long l;
  char rest[40];
};

struct spans_lines s1;

/* { dg-final { pokehole-check-layout spans_lines } } */
/* { dg-final { pokehole-check-report spans_lines } } */
// { dg-final { scan-pokehole-report "^\t/\\* --- cacheline 1 boundary \\(32 bytes\\)" } }
// { dg-final { scan-pokehole-report-not "cacheline \[0-9\]+ boundary \\(64 bytes\\)" } }
