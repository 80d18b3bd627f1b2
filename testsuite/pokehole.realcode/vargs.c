/* vargs.c - va_list in members, for realcode.exp: compiled as C and as
   C++, natively and with -m32.  A parameter of type va_list decays to a
   pointer to the compiler's own __va_list_tag on x86-64 (to char with
   -m32); an array of va_list, or of another array typedef, is one
   array to DWARF.  The plugin's report and the reader of the object
   must spell every member alike.
   Copyright (C) 2026 The pokehole authors.
   SPDX-License-Identifier: GPL-3.0-or-later  */
#include <stdarg.h>

typedef int triple[3];
typedef int (*vlogger) (const char *, va_list);

struct vlog {
	int (*vlog) (const char *, va_list);
	int (*vlogp) (va_list *);
	void (*vboth) (va_list, va_list *, int, ...);
	vlogger named;
	int (*(*table)[2]) (va_list);
	va_list saved;
	va_list *current;
	va_list several[2];
	const triple cells[2];
	triple one;
	triple *row;
};

union vany {
	va_list ap;
	int (*vlog) (const char *, va_list);
	char bytes[sizeof (va_list)];
};

struct vlog vlog_one = { 0 };
union vany vany_one;
