/* After an error of the user's the plugin stays quiet: no internal
   compiler error, no error of its own (dg checks for excess errors), and
   no report, not even of the types complete before the error.  */
/* { dg-do compile } */

struct before { char c; long l; };

int broken = ;			/* { dg-error "expected expression" } */

struct after { int i; };

/* { dg-final { pokehole-check-no-report } } */
