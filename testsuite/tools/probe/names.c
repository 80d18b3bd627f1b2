/* names.c - ph-probe checks the names and types it writes into
   generated C and C++ (identifiers, simple types), and spells them for
   its canonical lines.
   Copyright (C) 2026 The pokehole authors.
   SPDX-License-Identifier: GPL-3.0-or-later  */

#include "probe.h"

/* ------------------------------------------------------------------ */
/* Validation of names that go into generated C.                       */

int
is_ident (const char *s)
{
  if (s == NULL || !(isalpha ((unsigned char) *s) || *s == '_'))
    return 0;
  for (s++; *s; s++)
    if (!(isalnum ((unsigned char) *s) || *s == '_'))
      return 0;
  return 1;
}

/* A type spelling fit for sizeof(): words, spaces and '*' only.  */
int
is_simple_type (const char *s)
{
  if (s == NULL || *s == '\0')
    return 0;
  for (; *s; s++)
    if (!(isalnum ((unsigned char) *s) || *s == '_' || *s == ' '
          || *s == '*'))
      return 0;
  return 1;
}

/* A kind or name to print in a canonical line: no white space, no
   characters that would break a printf format or a C string.  */
const char *
printable (const char *s, const char *fallback)
{
  if (s == NULL || *s == '\0')
    return fallback;
  for (const char *c = s; *c; c++)
    if (!isgraph ((unsigned char) *c) || *c == '%' || *c == '"'
        || *c == '\\')
      return fallback;
  return s;
}

/* C++ names (ns::Box<long unsigned int>, {anonymous}::A) hold spaces and
   braces, which would split a canonical line or a Tcl list: they are
   printed with ' ' as '~' and braces as parentheses.  Returns a malloc'd
   string, or a copy of FALLBACK when S cannot go into a C string.  */
char *
canon_name (const char *s, const char *fallback)
{
  if (s == NULL || *s == '\0')
    return xstrdup (fallback);
  char *r = xstrdup (s);
  for (char *c = r; *c; c++)
    {
      if (*c == ' ')
        *c = '~';
      else if (*c == '{')
        *c = '(';
      else if (*c == '}')
        *c = ')';
      else if (!isgraph ((unsigned char) *c) || *c == '%' || *c == '"'
               || *c == '\\')
        {
          free (r);
          return xstrdup (fallback);
        }
    }
  return r;
}

/* A C++ type local to a function (f()::Local, f()::<lambda()>) cannot be
   named outside that function: a '(' outside template arguments; nor a
   template given one as an argument (id<f()::<lambda(int)> >: a "::"
   right after a ')').  Both modes skip such types, so the probe checks
   the others; tests check that local types are reported with a scan.  */
int
is_local_cxx_name (const char *s)
{
  int depth = 0;
  if (strstr (s, ")::") != NULL)
    return 1;
  for (; *s; s++)
    if (*s == '<')
      depth++;
    else if (*s == '>' && depth > 0)
      depth--;
    else if (*s == '(' && depth == 0)
      return 1;
  return 0;
}

/* A qualified C++ name as GCC prints it, made usable in C++ source:
   "{anonymous}::" is dropped (an unnamed namespace's members are visible
   in the enclosing one).  The rest (ns::Box<long unsigned int>,
   const char*, int (*)(char)) is already C++.  NULL when it cannot be a
   type name.  */
char *
cxx_type_name (const char *s)
{
  static const char anon[] = "{anonymous}::";
  if (s == NULL || *s == '\0' || is_local_cxx_name (s))
    return NULL;
  char *r = xmalloc (strlen (s) + 1), *d = r;
  while (*s)
    if (strncmp (s, anon, sizeof anon - 1) == 0)
      s += sizeof anon - 1;
    else
      {
        if (*s == '"' || *s == '\\' || *s == '{' || *s == '}' || *s == ';'
            || *s == '\n')
          {
            free (r);
            return NULL;
          }
        *d++ = *s++;
      }
  *d = '\0';
  return r;
}
