/* No warning about a type defined in a system header: line markers with
   flag 3, #pragma GCC system_header, -isystem.  */
/* { dg-do compile { target x86_64-*-* } } */
/* { dg-options "-fplugin-arg-pokehole-warn=all" } */

#include "warn-sys.h"
#ifdef WARN_ISYSTEM
#include <warn-isys.h>
#endif
# 1 "marked-sys.h" 3
struct marked { char c; int i; char d; };
# 13 "sysheader.c"
/* The same layout outside: warned.  */
struct outside {	/* { dg-warning "3 bytes of tail padding in 'struct outside'" } */
	char c;	/* { dg-warning "3-byte hole between 'c' and 'i' in 'struct outside'" } */
	int i;
	char d;
};
/* { dg-warning "'struct outside' is 12 bytes; reordered it would be 8" "" { target x86_64-*-* } 14 } */
/* { dg-message "suggested order: c, d, i" "" { target x86_64-*-* } 14 } */
/* The line marker names a file that is not there: no source to edit.  */
/* { dg-message "no fix-it: the source is not available" "" { target x86_64-*-* } 14 } */

/* { dg-final { warn-check-numbers } } */
/* Reporting system headers' types does not make them warned about.  */
/* { dg-final { warn-output-with-not {-fplugin-arg-pokehole-system-headers} {} "sys_hdr" "marked" } } */
/* Not a system header: warned.  */
/* { dg-final { warn-output-with {-DWARN_NOT_SYSTEM} {} "warning: \[0-9\]+-byte hole between 'c' and '\[^'\]+' in 'struct sys_hdr'" } } */
/* -isystem: silent; -I: warned.  */
/* { dg-final { warn-output-with-not {-DWARN_ISYSTEM -isystem @SRCDIR@/sys} {} "isys" } } */
/* { dg-final { warn-output-with {-DWARN_ISYSTEM -I@SRCDIR@/sys} {} "warning: \[0-9\]+-byte hole between 'c' and '\[^'\]+' in 'struct isys'" } } */
