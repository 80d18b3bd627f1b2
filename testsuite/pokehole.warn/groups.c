/* warn=groups: the kernel's cacheline groups (include/linux/cache.h):
   a group over more cachelines than its size needs, and a member of no
   group in the last block of a group whose begin marker is aligned
   (what the padding of __cacheline_group_end_aligned() is there to
   prevent).  The numbers are checked against the compiler's offsets of
   the markers.  The cases without a warning are those of Linux 6.12's
   tcp_sock and page_pool.  */
/* { dg-do compile { target x86_64-*-* } } */
/* { dg-options "-fplugin-arg-pokehole-warn=groups" } */

typedef unsigned char __u8;
#define __cacheline_group_begin(G) __u8 __cacheline_group_begin__##G[0]
#define __cacheline_group_end(G) __u8 __cacheline_group_end__##G[0]
/* As Linux 6.12 spells the end of an aligned group: the end marker
   8-aligned, then an empty struct aligned to A that pads to it.  */
#define __cacheline_group_end_aligned(G, A) \
	__u8 __cacheline_group_end__##G[0] __attribute__((aligned(8))); \
	struct { } __cacheline_group_pad__##G __attribute__((aligned(A)))

struct spans {
	char head[48];
	__u8 __cacheline_group_begin__hot[0];	/* { dg-warning "cacheline group 'hot' of 'struct spans' spans 2 cachelines; its 24 bytes need 1" } */
	long long a, b, c;
	__cacheline_group_end(hot);
	/* Fits the line it starts in: no warning.  */
	__cacheline_group_begin(fits);
	long d;
	__cacheline_group_end(fits);
	/* Over two lines, and needing two: no warning.  */
	__cacheline_group_begin(big);
	char e[100];
	__cacheline_group_end(big);
	/* Empty: no warning.  */
	__cacheline_group_begin(none);
	__cacheline_group_end(none);
};

struct aligned {
	long head;
	__u8 __cacheline_group_begin__rx[0] __attribute__((aligned(64)));
	long x;
	__cacheline_group_end(rx);
	int after;	/* { dg-warning "'after' is in the last 64-byte block of the aligned cacheline group 'rx' in 'struct aligned'" } */
};

/* The next group shares the line (tcp_sock_write_tx, then _txrx); an
   8-aligned group ending on a multiple of 8 (tcp_sock_write_rx); a
   group aligned to 32 whose pad keeps its 32-byte block (page_pool's
   frag): no warning.  */
struct shared {
	long head;
	__u8 __cacheline_group_begin__tx[0] __attribute__((aligned(64)));
	long long x;
	__cacheline_group_end(tx);
	__cacheline_group_begin(txrx);
	long long y[6];
	__cacheline_group_end(txrx);
	__u8 __cacheline_group_begin__rx[0] __attribute__((aligned(8)));
	long long z;
	__cacheline_group_end(rx);
	int after;
	__u8 __cacheline_group_begin__frag[0] __attribute__((aligned(32)));
	long f;
	__cacheline_group_end_aligned(frag, 32);
	long tail;
};

/* The padding keeps the next member off the group's line: no warning.  */
struct padded {
	long head;
	__u8 __cacheline_group_begin__rx[0] __attribute__((aligned(64)));
	long x;
	__cacheline_group_end_aligned(rx, 64);
	int after;
};

/* No markers, no warning.  */
struct plain { char c; long l; };

struct spans v1; struct aligned v2; struct padded v3; struct plain v4;
struct shared v5;

/* { dg-final { warn-check-numbers } } */
/* { dg-final { warn-output-with-not {-fplugin-arg-pokehole-warn=holes} {-fplugin-arg-pokehole-warn=*} "cacheline group" "block of the aligned" } } */
