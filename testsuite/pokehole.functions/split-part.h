/* split-part.h - C, compiled by names.exp with -x c (not a dg test): a function declared inline whose cold part
   GCC splits off (splitme.part.0) and whose head it inlines into every
   caller: it keeps no body of its own.
   Copyright (C) 2026 The pokehole authors.
   SPDX-License-Identifier: GPL-3.0-or-later  */
extern int ext (int);
extern int big (int);
extern int flag;

static inline int splitme (int x)
{
	if (!flag)
		return x;
	for (int i = 0; i < 100; i++)
		x += ext (i) * big (x) + ext (x + i) * big (i * x) + ext (ext (x));
	for (int i = 0; i < 100; i++)
		x += ext (i) * big (x) + ext (x + i) * big (i * x) + big (big (i));
	for (int i = 0; i < 100; i++)
		x += ext (i) * big (x) + ext (x + i) * big (i * x) + ext (big (i));
	return x + ext (x) * 3 + big (x) * 7;
}

int a (int x) { return splitme (x) + 1; }
int b (int x) { return splitme (x + 2) * 3; }
int c (int x) { return splitme (x * 5) - 2; }
int d (int x) { return splitme (x * 7) - 2; }
int e (int x) { return splitme (x * 9) - 2; }
