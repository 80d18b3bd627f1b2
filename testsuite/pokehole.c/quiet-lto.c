/* -flto: lto1 runs with the plugin loaded (the link passes -fplugin= on),
   registers nothing and writes nothing: the report holds each type once,
   from cc1.  */
/* { dg-do compile } */

struct lto_type { char c; double d; };
struct lto_type lt;

int
main (void)
{
  return lt.c;
}

/* { dg-final { pokehole-check-lto lto_type } } */
