/* -fplugin-arg-pokehole-types=NAME[,NAME] reports only those types.  */
/* { dg-do compile } */
/* { dg-options "-fplugin-arg-pokehole-types=keep_one,keep_two" } */

struct keep_one { char c; long l; };
struct drop_me { int x; char y; };
union keep_two { int i; char c[5]; };

struct keep_one k1;
struct drop_me d1;
union keep_two k2;

/* { dg-final { pokehole-check-layout keep_one keep_two !drop_me } } */
/* { dg-final { pokehole-check-report keep_one keep_two !drop_me } } */
// { dg-final { scan-pokehole-report-not "drop_me" } }
