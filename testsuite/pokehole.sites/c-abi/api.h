/* A library's interface (the unit is -fPIC, its functions of default
   visibility, and the program exports them, -rdynamic): the types in
   their signatures are other programs' layouts too.  */
#ifndef API_H
#define API_H
struct handle {			/* PH-REFUSED(struct handle) */
	char open;
	long fd;
	char mode;
};

/* Only inside the library: free to change.  */
struct private_state {		/* PH-PATCHED(struct private_state) */
	char a;
	long b;
	char c;
};

int api_use(struct handle *h);
int api_use_opaque(void);
#endif
