/* An unknown plugin option is an error that names it.  */
/* { dg-do compile } */

struct ok { int a; };
struct ok ok_var;

/* { dg-final { pokehole-check-option-error bogus } } */
/* no-error takes warn='s kinds, and growth.  */
/* { dg-final { pokehole-check-option-error no-error } } */
