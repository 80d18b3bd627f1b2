/* A library's interface (the unit is -fPIC, its functions of default
   visibility, and the program exports them, -rdynamic): the types in
   their signatures are other programs' layouts too.  */
#ifndef API_H
#define API_H
PH-CHAR-LONG-CHAR(struct handle: open fd mode)			/* PH-REFUSED(struct handle) */

/* Only inside the library: free to change.  */
PH-CHAR-LONG-CHAR(struct private_state: a b c)		/* PH-PATCHED(struct private_state) */

int api_use(struct handle *h);
int api_use_opaque(void);
#endif
