/* A header of a public interface (the kernel's uapi/ directories): its
   layouts are what programs outside this build were compiled against.  */
#ifndef UAPI_MSG_H
#define UAPI_MSG_H
struct msg {			/* PH-REFUSED(struct msg) PH-SITE(struct msg, abi) */
	char type;
	long long stamp;
	short len;
};
#endif
