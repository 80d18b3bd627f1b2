/* dwalign.c - DW_AT_alignment below what the members ask: packed as a
   whole or one member (the kernel's bvec_iter, compat_statfs64,
   _gpt_header); native only (corpus.exp).
   SPDX-License-Identifier: GPL-3.0-or-later  */
typedef struct { unsigned char b[16]; } guid_t;
typedef guid_t aligned_guid_t __attribute__((aligned(4)));
struct bv { unsigned long long sector; unsigned size, idx, done; }
	__attribute__((packed, aligned(4)));
struct gpt { unsigned long long sig; unsigned rev; aligned_guid_t g;
	     unsigned long long lba; } __attribute__((packed));
union one { aligned_guid_t g __attribute__((packed)); char c;
	    struct { char a; void *p; } s __attribute__((packed)); };
struct pk { int x; long y __attribute__((packed)); short z; }
	__attribute__((aligned(4)));
struct bv v1; struct gpt v2; union one v3; struct pk v4;
