/* The C types of assertgen.exp: what assert-layout= must assert (a
   struct with the kernel's cacheline groups, one with a member aligned
   to a cacheline, one with a pokehole_hot member, an untagged one named
   by a typedef that assert-types= names) and what it must leave out (a
   plain struct, a struct local to a function).  The markers are
   spelled as Linux's include/linux/cache.h spells them.  */
typedef unsigned char __u8;
#define __cacheline_group_begin(GROUP) \
	__u8 __cacheline_group_begin__##GROUP[0]
#define __cacheline_group_end(GROUP) \
	__u8 __cacheline_group_end__##GROUP[0]

/* Without the plugin (the check units), the attribute is unknown.  */
#if defined(__has_attribute)
#if __has_attribute(pokehole_hot)
#define HOT __attribute__((pokehole_hot))
#endif
#endif
#ifndef HOT
#define HOT
#endif

struct grp {
	long head;
	__cacheline_group_begin(rx);
	long rx_bytes;
	int rx_flags;
	union {
		int a;
		short b;
	};
	__cacheline_group_end(rx);
	__cacheline_group_begin(tx);
	char tx_name[20];
	unsigned bf1 : 3, bf2 : 5;
	struct {
		int x;
		long y;
	} tx_in;
	__cacheline_group_end(tx);
	long tail[];
};

struct aligned_m {
	int a;
	long b __attribute__((aligned(64)));
	char c[3];
};

struct hotm {
	int cold1;
	long hot1 HOT;
	char c;
};

typedef struct {
	short s;
	double d;
} named_t;

struct plain {
	char c;
	long l;
};

static inline int local_type(void)
{
	struct local {
		long z __attribute__((aligned(64)));
	} l = { 0 };
	return (int)l.z;
}
