/* holes.c - hole classification where pahole and pokehole count the holes
   of a vmlinux differently (bench/vmlinux: sgx_encl_page, dev_pm_info);
   -DMAIN prints sizes and offsets, -DPROBE puts members in the byte holes
   (corpus.exp).
   SPDX-License-Identifier: GPL-3.0-or-later  */
#include <stddef.h>
#include <stdio.h>
enum pt { PT_A, PT_B };
struct sgx_like {			/* as sgx_encl_page */
	unsigned long desc;
	unsigned long prot:8;
	enum pt type:16;
#ifdef PROBE
	int probe;
#endif
	void *epc, *encl, *va;
};
struct pm_like {			/* as dev_pm_info's head */
	unsigned int power_state;
	unsigned int can_wakeup:1, async_suspend:1;
	_Bool a:1, b:1, c:1, d:1, e:1, f:1, g:1, h:1;
#ifdef PROBE
	short probe;
#endif
	unsigned int driver_flags;
};
#ifdef MAIN
int main(void)
{
	printf("%zu %zu %zu %zu", sizeof(struct sgx_like),
	       offsetof(struct sgx_like, epc), sizeof(struct pm_like),
	       offsetof(struct pm_like, driver_flags));
#ifdef PROBE
	printf(" %zu %zu", offsetof(struct sgx_like, probe),
	       offsetof(struct pm_like, probe));
#endif
	return 0;
}
#endif
