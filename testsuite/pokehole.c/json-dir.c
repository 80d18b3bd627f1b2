/* json-dir=DIR: one file per unit, DIR/OUT.jsonl with OUT the file the
   compilation writes as -o names it (x.lo and x.o are two files), or the
   source's base name and .o without -o and when compiling and linking in
   one step.  */
/* { dg-do compile } */

struct unit { char c; int i; };
struct unit unit_v;

/* { dg-final { pokehole-check-json-dir } } */
