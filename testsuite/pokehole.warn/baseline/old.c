/* The first version of a source: the baseline for new.c (see baseline.exp).
   Not a test of its own.  int and smaller only: one layout natively and
   with -m32.  */

struct keep { char c; int i; short s; };	/* a hole, padding, packable */
struct grows { int i; char c; };
struct moved { char c; int i; };
struct padgrow { int i; char c; char d; };
struct holegrow { char c; short s; int i; };
struct shrinks { char c; int i; };

/* Objects of each type, so that -g describes them (baseline.exp also makes a
   baseline from the DWARF reader's --json).  */
struct keep v1; struct grows v2; struct moved v3; struct padgrow v4;
struct holegrow v5; struct shrinks v6;
