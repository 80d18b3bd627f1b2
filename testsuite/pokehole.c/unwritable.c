/* A report that cannot be written is a compiler error naming the path,
   and the compilation fails: never a silent loss.  NOTADIR is a regular
   file (see pokehole-check-unwritable): unwritable even for root.  */
/* { dg-do compile } */

struct some { char c; int i; };
struct some s;

/* { dg-final { pokehole-check-unwritable json /nonexistent/dir/x.jsonl } } */
/* { dg-final { pokehole-check-unwritable json NOTADIR/x.jsonl } } */
/* { dg-final { pokehole-check-unwritable report NOTADIR/x.txt } } */
/* { dg-final { pokehole-check-unwritable json-dir NOTADIR/dir } } */
