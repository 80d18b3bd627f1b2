/* An array of a struct in a type unit: the reader follows DW_AT_signature
   from the array's element type (input/dwarf/util.c) in a linked executable.  */
struct in { long a; char b; };
struct out { char c; struct in xs[3]; int n; struct in ys[2][2]; };
struct out o;
int main (void) { return 0; }
