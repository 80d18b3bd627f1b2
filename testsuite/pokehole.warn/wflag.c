/* -w silences the warnings (and the compilation succeeds: the excess
   errors check sees nothing).  */
/* { dg-do compile { target x86_64-*-* } } */
/* { dg-options "-fplugin-arg-pokehole-warn=all -w" } */

struct two { char c; int i; char d; };

/* Without -w the same compilation warns.  */
/* { dg-final { warn-output-with {} {-w} "warning: \[0-9\]+-byte hole between 'c' and '\[^'\]+' in 'struct two'" "warning: \[0-9\]+ bytes of tail padding in 'struct two'" "warning: 'struct two' is \[0-9\]+ bytes; reordered" } } */
/* -w wins over -Werror.  */
/* { dg-final { warn-output-with-not {-Werror} {} "hole" "error" } } */
