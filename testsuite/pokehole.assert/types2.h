/* A second header of assertgen.exp's build: a type the second unit
   adds to the file; with -DGROW, a layout of it the first does not
   have.  */
struct other {
	char c;
#ifdef GROW
	char extra[64];
#endif
	long v __attribute__((aligned(64)));
};
