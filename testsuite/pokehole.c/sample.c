/* The article's example: holes after c and i, tail padding after s.
   Every number is checked against the compiler (natively and -m32).  */
/* { dg-do compile } */

struct sample { char c[2]; long l; int i; void *p; short s; };

struct sample use_sample;

/* { dg-final { pokehole-check-layout sample } } */
/* { dg-final { pokehole-check-report sample } } */
/* { dg-final { pokehole-check-report-stdout } } */
/* { dg-final { pokehole-check-json-append } } */
// { dg-final { scan-pokehole-report "^struct sample \{$" } }
// { dg-final { scan-pokehole-report "^\tchar +c\\\[2\\\]; +/\\* +\[0-9\]+ +\[0-9\]+ \\*/$" } }
// { dg-final { scan-pokehole-report "XXX .* hole, try to pack" } }
// { dg-final { scan-pokehole-report "^\t/\\* XXX \[0-9\]+ bytes hole, try to pack \\*/$" } }
// { dg-final { scan-pokehole-report "^\t/\\* size: \[0-9\]+, cachelines: \[0-9\]+, members: \[0-9\]+ \\*/$" } }
// { dg-final { scan-pokehole-report "^\t/\\* sum members: \[0-9\]+, holes: \[0-9\]+, sum holes: \[0-9\]+ \\*/$" } }
// { dg-final { scan-pokehole-report "^\t/\\* padding: \[0-9\]+ \\*/$" } }
// { dg-final { scan-pokehole-report "^\t/\\* last cacheline: \[0-9\]+ bytes \\*/$" } }
// { dg-final { scan-pokehole-report "^\};$" } }
