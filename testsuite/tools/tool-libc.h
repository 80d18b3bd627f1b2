/* tool-libc.h - what the headers of the test tools (gen/gen.h,
   initgen/initgen.h, probe/probe.h) start with: _XOPEN_SOURCE, set
   before any system header is read, and the C library headers all of
   them use.  Each tool's header includes it first.
   Copyright (C) 2026 The pokehole authors.
   SPDX-License-Identifier: GPL-3.0-or-later  */

#ifndef TOOL_LIBC_H
#define TOOL_LIBC_H

#define _XOPEN_SOURCE 700

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#endif
