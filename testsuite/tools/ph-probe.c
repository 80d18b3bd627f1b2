/* ph-probe - turn pokehole's layout reports into canonical lines, and write
   C programs that print the same lines from the compiler's own values.
   Copyright (C) 2026 The pokehole authors.
   SPDX-License-Identifier: GPL-3.0-or-later

   Usage:
     ph-probe gen [--text] LAYOUT.jsonl SOURCE.c > probe.c
         A C program that #includes SOURCE.c and prints, for every type and
         member named in LAYOUT.jsonl, the compiler's offsetof, sizeof and
         __alignof__ (bitfields measured by setting their bits).
     ph-probe expect LAYOUT.jsonl
         The same lines from the JSON's own numbers.
     ph-probe text-expect LAYOUT.jsonl
         The lines a pahole-style text report can be checked on (types'
         sizes, members' offsets and sizes, bitfields' bit positions).
     ph-probe text REPORT.txt
         The same lines as text-expect, read from a pahole-style report.

   Canonical lines (one per type, then one per member, in report order):
     T <kind> <name> size=S [align=A]
     M <kind> <name> <path> offset=O size=S [align=A] bit_offset=B bit_size=W
     H <kind> <name> after=<member> offset=O size=S     (a hole)
     P <kind> <name> padding=N                          (tail padding)
   <path> is the C access path from the outermost type: "outer.inner.m" for
   members of named nested untagged aggregates, just "m" through anonymous
   ones.  Anonymous nested aggregates themselves have no line (they cannot
   be named in offsetof).  Align is printed only when the JSON has it, and
   never for bitfields.  With --text / in text modes the lines carry only
   offset and size, plus bit_offset and bit_size for bitfields.

   Exit status: 0 on success, 1 when the input holds no type, 2 on errors
   (unreadable or malformed input, bad usage).  */

#define _XOPEN_SOURCE 700

#include <jansson.h>

#include <ctype.h>
#include <errno.h>
#include <inttypes.h>
#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char *progname = "ph-probe";

static void
die (const char *fmt, ...)
{
  va_list ap;
  fprintf (stderr, "%s: ", progname);
  va_start (ap, fmt);
  vfprintf (stderr, fmt, ap);
  va_end (ap);
  fputc ('\n', stderr);
  exit (2);
}

static void *
xmalloc (size_t n)
{
  void *p = malloc (n ? n : 1);
  if (p == NULL)
    die ("out of memory");
  return p;
}

static void *
xrealloc (void *p, size_t n)
{
  p = realloc (p, n ? n : 1);
  if (p == NULL)
    die ("out of memory");
  return p;
}

static char *
xstrdup (const char *s)
{
  size_t n = strlen (s);
  char *d = xmalloc (n + 1);
  memcpy (d, s, n + 1);
  return d;
}

static char *
xasprintf (const char *fmt, ...)
{
  va_list ap, ap2;
  va_start (ap, fmt);
  va_copy (ap2, ap);
  int n = vsnprintf (NULL, 0, fmt, ap);
  va_end (ap);
  if (n < 0)
    die ("formatting failed");
  char *s = xmalloc ((size_t) n + 1);
  vsnprintf (s, (size_t) n + 1, fmt, ap2);
  va_end (ap2);
  return s;
}

/* Read a whole file; NUL-terminated, length in *LEN.  */
static char *
read_file (const char *path, size_t *len)
{
  FILE *f = fopen (path, "rb");
  if (f == NULL)
    die ("cannot open %s: %s", path, strerror (errno));
  size_t cap = 4096, n = 0;
  char *buf = xmalloc (cap);
  for (;;)
    {
      if (cap - n < 2)
        {
          if (cap > SIZE_MAX / 2)
            die ("%s: too large", path);
          cap *= 2;
          buf = xrealloc (buf, cap);
        }
      size_t got = fread (buf + n, 1, cap - n - 1, f);
      n += got;
      if (got == 0)
        break;
    }
  if (ferror (f))
    die ("cannot read %s", path);
  fclose (f);
  buf[n] = '\0';
  *len = n;
  return buf;
}

/* Flushes stdout; the exit status of a mode that read N types from
   PATH (1: none).  */
static int
finish_output (const char *path, size_t n)
{
  if (fflush (stdout) != 0 || ferror (stdout))
    die ("write error");
  if (n == 0)
    {
      fprintf (stderr, "%s: %s: no types\n", progname, path);
      return 1;
    }
  return 0;
}

/* ------------------------------------------------------------------ */
/* The JSON Lines input.                                               */

/* Accessors that fail (return 0) on a missing key or another kind; a
   string holding a NUL fails too, as a C string would cut it short.  */
static int
get_string (const json_t *obj, const char *key, const char **out)
{
  const json_t *v = json_object_get (obj, key);
  if (!json_is_string (v)
      || strlen (json_string_value (v)) != json_string_length (v))
    return 0;
  *out = json_string_value (v);
  return 1;
}

static int
get_uint (const json_t *obj, const char *key, uint64_t *out)
{
  const json_t *v = json_object_get (obj, key);
  if (!json_is_integer (v) || json_integer_value (v) < 0)
    return 0;
  *out = (uint64_t) json_integer_value (v);
  return 1;
}

static int
get_bool (const json_t *obj, const char *key, int *out)
{
  const json_t *v = json_object_get (obj, key);
  if (!json_is_boolean (v))
    return 0;
  *out = json_is_true (v);
  return 1;
}

static const char *
kind_name (const json_t *v)
{
  switch (json_typeof (v))
    {
    case JSON_OBJECT: return "object";
    case JSON_ARRAY: return "array";
    case JSON_STRING: return "string";
    case JSON_INTEGER: case JSON_REAL: return "number";
    case JSON_TRUE: case JSON_FALSE: return "boolean";
    case JSON_NULL: return "null";
    }
  return "?";
}

struct layout_file {
  json_t **types;
  size_t count;
};

static void
load_jsonl (const char *path, struct layout_file *lf)
{
  size_t len;
  char *text = read_file (path, &len);
  size_t cap = 0, lineno = 0;
  lf->types = NULL;
  lf->count = 0;
  size_t pos = 0;
  while (pos < len)
    {
      size_t end = pos;
      while (end < len && text[end] != '\n')
        end++;
      lineno++;
      size_t k = pos;
      while (k < end && isspace ((unsigned char) text[k]))
        k++;
      if (k < end)
        {
          json_error_t je;
          json_t *v = json_loadb (text + pos, end - pos,
                                  JSON_DECODE_ANY | JSON_ALLOW_NUL, &je);
          if (v == NULL)
            die ("%s:%zu: line %d, column %d: %s", path, lineno, je.line,
                 je.column, je.text);
          if (!json_is_object (v))
            die ("%s:%zu: expected an object, found %s", path, lineno,
                 kind_name (v));
          /* Layouts only: a reader skips the records of other kinds
             (function records, sites).  */
          const json_t *kind = json_object_get (v, "kind");
          if (json_is_string (kind)
              && strcmp (json_string_value (kind), "struct") != 0
              && strcmp (json_string_value (kind), "union") != 0
              && strcmp (json_string_value (kind), "class") != 0)
            {
              json_decref (v);
              pos = end + 1;
              continue;
            }
          if (lf->count == cap)
            {
              cap = cap ? cap * 2 : 16;
              lf->types = xrealloc (lf->types, cap * sizeof *lf->types);
            }
          lf->types[lf->count++] = v;
        }
      pos = end + 1;
    }
  free (text);
}

static void
free_layout (struct layout_file *lf)
{
  for (size_t i = 0; i < lf->count; i++)
    json_decref (lf->types[i]);
  free (lf->types);
}

/* ------------------------------------------------------------------ */
/* Validation of names that go into generated C.                       */

static int
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
static int
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
static const char *
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
static char *
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
static int
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
static char *
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

/* ------------------------------------------------------------------ */
/* Walking the JSON: expect, text-expect and gen modes share this.     */

enum mode { MODE_EXPECT, MODE_GEN };

struct walk {
  enum mode mode;
  int text;                     /* only the fields a text report has */
  FILE *out;
  const char *kind;             /* of the outermost type */
  const char *name;
  const char *ctype;            /* C spelling of the outermost type */
  unsigned serial;              /* for unique names in generated code */
  int cxx;                      /* the source is C++ (gen: a C++ probe) */
  const json_t *top; /* the type's own members */
  const json_t *list; /* the members being walked */
  int list_is_union;            /* ... those of a union */
};

/* Print a number field from the JSON, or "?" when it is missing.  */
static void
put_json_uint (FILE *out, const char *label, const json_t *obj,
               const char *key)
{
  uint64_t v;
  if (get_uint (obj, key, &v))
    fprintf (out, " %s=%" PRIu64, label, v);
  else
    fprintf (out, " %s=?", label);
}

static int
ends_with (const char *s, const char *suffix)
{
  size_t n = strlen (s), m = strlen (suffix);
  return n >= m && strcmp (s + n - m, suffix) == 0;
}

/* A flexible array member (or a GNU zero-length array): sizeof cannot be
   applied to the former, and both are 0 bytes.  */
static int
is_flexible_array (const char *type)
{
  return type != NULL && (ends_with (type, "[]") || ends_with (type, "[0]"));
}

static void walk_members (struct walk *w, const json_t *members,
                          const char *prefix, int is_union);

/* Where the parenthesized group opening at S[I] closes, or -1.  */
static long
group_end (const char *s, long i)
{
  int depth = 0;

  for (; s[i] != '\0'; i++)
    if (s[i] == '(')
      depth++;
    else if (s[i] == ')' && --depth == 0)
      return i;
  return -1;
}

/* Whether type spelling S, from FROM to TO, declares a reference: a '&'
   outside template arguments and parameter lists.  A parenthesized group
   followed by '(' or '[' is a declarator ("int (&)[3]", "void (&)(int)")
   and is looked into; any other is a parameter list ("std::function<int
   (const std::string&)>" holds no reference).  */
static int
declares_reference (const char *s, long from, long to)
{
  int angle = 0;

  for (long i = from; i < to; i++)
    {
      if (s[i] == '<')
        angle++;
      else if (s[i] == '>')
        angle--;
      else if (angle == 0 && s[i] == '&')
        return 1;
      else if (angle == 0 && s[i] == '(')
        {
          long end = group_end (s, i), j;

          if (end < 0 || end > to)
            return 0;
          for (j = end + 1; s[j] == ' '; j++)
            ;
          if ((s[j] == '(' || s[j] == '[')
              && declares_reference (s, i + 1, end))
            return 1;
          i = end;
        }
    }
  return 0;
}

/* A C++ reference member: &o.m is its referent's address, sizeof and
   alignof its referent's; the probe measures it with ph_refoff and
   ph_refbox instead.  */
static int
is_reference (const struct walk *w, const char *type)
{
  return w->cxx && type != NULL
         && declares_reference (type, 0, (long) strlen (type));
}

/* Whether JSON object V (a type, or a member defined in place) is a
   union.  */
static int
json_is_union (const json_t *v)
{
  const char *kind = NULL;
  get_string (v, "kind", &kind);
  return kind != NULL && strcmp (kind, "union") == 0;
}

/* The JSON's own numbers for a member, after "M kind name LABEL"; the
   caller ends the line.  */
static void
expect_member_numbers (struct walk *w, const json_t *m,
                       int has_align)
{
  put_json_uint (w->out, "offset", m, "offset");
  put_json_uint (w->out, "size", m, "size");
  if (has_align)
    put_json_uint (w->out, "align", m, "align");
  put_json_uint (w->out, "bit_offset", m, "bit_offset");
  put_json_uint (w->out, "bit_size", m, "bit_size");
}

/* The offset of the first member after M that takes any bytes, or
   UINT64_MAX when none does.  */
static uint64_t
next_member_offset (const json_t *members,
                    const json_t *m)
{
  uint64_t mine = 0, best = UINT64_MAX;
  get_uint (m, "bit_offset", &mine);
  if (!members || !json_is_array (members))
    return best;
  for (size_t i = 0; i < json_array_size (members); i++)
    {
      const json_t *o = json_array_get (members, i);
      uint64_t bo = 0, bs = 0;
      if (o == m)
        continue;
      get_uint (o, "bit_offset", &bo);
      get_uint (o, "bit_size", &bs);
      if (bs && bo > mine && bo / 8 < best)
        best = bo / 8;
    }
  return best;
}

/* The bits member O of a list takes, as its JSON says: "occupied" when
   given, else bit_size (for a base: the bytes it really takes).  */
static uint64_t
json_taken_bits (const json_t *o)
{
  uint64_t bs = 0, occ;
  if (get_uint (o, "occupied", &occ))
    return 8 * occ;
  get_uint (o, "bit_size", &bs);
  return bs;
}

/* Whether the JSON puts another member of the struct's list LIST into
   the bytes of M (at least one byte for it even when it claims none).
   Only a potentially-overlapping member ([[no_unique_address]]) allows
   that; every offset involved is checked on its own line.  */
static int
json_overlaps (const json_t *list, const json_t *m)
{
  uint64_t mo = 0, ms = 0;
  get_uint (m, "bit_offset", &mo);
  get_uint (m, "bit_size", &ms);
  if (ms < 8)
    ms = 8;
  if (list == NULL || !json_is_array (list))
    return 0;
  for (size_t i = 0; i < json_array_size (list); i++)
    {
      const json_t *o = json_array_get (list, i);
      uint64_t oo = 0, os = json_taken_bits (o);
      if (o == m || !json_is_object (o) || os == 0)
        continue;
      get_uint (o, "bit_offset", &oo);
      if (oo < mo + ms && mo < oo + os)
        return 1;
    }
  return 0;
}

/* C++ members that have no name to put in offsetof: a base ("base":true,
   labelled base:TYPE, or vbase:TYPE when virtual) and the vptr
   ("artificial":true, labelled with its name, _vptr.C).  Returns 1 when M
   was one of them.  The probe measures
     - a base's offset as (char *) (B *) &obj - (char *) &obj, on raw
       storage for a non-virtual base (a constant adjustment) and on a
       value-initialized object for a virtual one (read from the vtable);
     - its size as sizeof (B), its bit_size as 8 * the bytes it takes
       here: its data size (ph_dsize: where a char member after it lands
       in a class derived from it) when the next member starts inside
       sizeof (B), else sizeof (B); its
       align as the alignment a base subobject of type B gets, which is
       B's alignment without its virtual bases (ph_nvalign: a base placed
       after 65 bytes lands on the next multiple of it);
     - the vptr's offset as the first pointer-aligned offset in a
       value-initialized object holding a pointer whose vtable slot -1 is
       &typeid (T) (the Itanium ABI's typeinfo slot), its size as
       sizeof (void *).
   A class that cannot be made (abstract, no default constructor) leaves
   the virtual base and the vptr measurable only as "inside the object and
   aligned": the probe then prints the claimed offset when it is, and
   (unsigned long) -1 when it is not.  */
static int
walk_cxx_special (struct walk *w, const json_t *m)
{
  int is_base = 0, is_virtual = 0, artificial = 0;
  const char *mname = "", *type = NULL;
  get_bool (m, "base", &is_base);
  get_bool (m, "virtual", &is_virtual);
  get_bool (m, "artificial", &artificial);
  get_string (m, "name", &mname);
  get_string (m, "type", &type);
  if (!is_base && !artificial)
    return 0;
  int has_align = json_object_get (m, "align") != NULL;
  char *label;
  if (is_base)
    {
      char *t = canon_name (type, "<bad-type>");
      label = xasprintf ("%s:%s", is_virtual ? "vbase" : "base", t);
      free (t);
    }
  else
    label = canon_name (mname, "<bad-name>");

  if (w->mode == MODE_EXPECT)
    {
      fprintf (w->out, "M %s %s %s", w->kind, w->name, label);
      if (w->text)
        {
          put_json_uint (w->out, "offset", m, "offset");
          put_json_uint (w->out, "size", m, "size");
        }
      else
        expect_member_numbers (w, m, has_align);
      fputc ('\n', w->out);
      free (label);
      return 1;
    }

  FILE *o = w->out;
  uint64_t claimed = 0;
  get_uint (m, "offset", &claimed);
  char *btype = is_base ? cxx_type_name (type) : NULL;
  int vptr = !is_base && strncmp (mname, "_vptr", 5) == 0;
  if (!w->cxx || (is_base && btype == NULL) || (!is_base && !vptr))
    {
      fprintf (o, "  __builtin_printf (\"M %s %s %s cannot be measured\\n\");\n",
               w->kind, w->name, label);
      free (btype);
      free (label);
      return 1;
    }
  char *off, *size, *align, *bits;
  if (is_base)
    {
      off = is_virtual
        ? xasprintf ("ph_vbase< %s, %s > (%" PRIu64 "UL)", w->ctype, btype,
                     claimed)
        : xasprintf ("(unsigned long) ((char *) (%s *) &ph_raw< %s > () "
                     "- (char *) &ph_raw< %s > ())", btype, w->ctype,
                     w->ctype);
      size = xasprintf ("(unsigned long) sizeof (%s)", btype);
      align = xasprintf ("ph_nvalign< %s >::get ()", btype);
      /* What the base really occupies here (the layout contract): its
         data size when the class puts something into its tail padding
         (0 for an empty base), else all of it.  "Something" is the next member the JSON places
         after it; that member's own offset is checked on its own line.  */
      uint64_t next = next_member_offset (w->top, m);
      bits = xasprintf ("(ph_dsize< %s >::get () == 0 "
                        "|| %" PRIu64 "ULL < %" PRIu64 "ULL + sizeof (%s) "
                        "? 8 * ph_dsize< %s >::get () "
                        ": 8 * (unsigned long) sizeof (%s))",
                        btype, next, claimed, btype, btype, btype);
    }
  else
    {
      off = xasprintf ("ph_vptr< %s > (%" PRIu64 "UL)", w->ctype, claimed);
      size = xstrdup ("(unsigned long) sizeof (void *)");
      align = xstrdup ("(unsigned long) alignof (void *)");
      bits = xstrdup ("8 * (unsigned long) sizeof (void *)");
    }
  fprintf (o, "  __builtin_printf (\"M %s %s %s", w->kind, w->name, label);
  if (w->text)
    fprintf (o, " offset=%%lu size=%%lu\\n\",\n    %s, %s);\n", off, size);
  else
    fprintf (o, " offset=%%lu size=%%lu%s bit_offset=%%lu bit_size=%%lu\\n\","
             "\n    %s,\n    %s,\n%s%s%s    8 * %s,\n    %s);\n",
             has_align ? " align=%lu" : "", off, size,
             has_align ? "    " : "", has_align ? align : "",
             has_align ? ",\n" : "", off, bits);
  free (off);
  free (size);
  free (align);
  free (bits);
  free (btype);
  free (label);
  return 1;
}

static void
walk_member (struct walk *w, const json_t *m, const char *prefix)
{
  const char *mname = "";
  const char *type = NULL;
  int bitfield = 0;
  get_string (m, "name", &mname);
  get_string (m, "type", &type);
  get_bool (m, "bitfield", &bitfield);
  const json_t *children = json_object_get (m, "members");
  int has_children = children != NULL && json_is_array (children);

  if (*prefix == '\0' && walk_cxx_special (w, m))
    return;
  if (*mname == '\0')
    {
      /* Anonymous: only its members can be named (C11 anonymous
         struct/union); unnamed bitfields and bases are skipped.  */
      if (has_children)
        walk_members (w, children, prefix, json_is_union (m));
      return;
    }

  char *path = *prefix ? xasprintf ("%s.%s", prefix, mname)
                       : xstrdup (mname);
  const char *ppath = printable (path, "<bad-name>");
  int has_align = !bitfield && json_object_get (m, "align") != NULL;

  if (w->mode == MODE_EXPECT)
    {
      fprintf (w->out, "M %s %s %s", w->kind, w->name, ppath);
      if (w->text)
        {
          put_json_uint (w->out, "offset", m, "offset");
          put_json_uint (w->out, "size", m, "size");
          if (bitfield)
            {
              put_json_uint (w->out, "bit_offset", m, "bit_offset");
              put_json_uint (w->out, "bit_size", m, "bit_size");
            }
        }
      else
        {
          expect_member_numbers (w, m, has_align);
          if (json_object_get (m, "occupied") != NULL)
            put_json_uint (w->out, "occupied", m, "occupied");
        }
      fputc ('\n', w->out);
    }
  else
    {
      /* Each path component must be an identifier to be usable in C.  */
      int ok = 1;
      for (char *c = path, *start = path;; c++)
        if (*c == '.' || *c == '\0')
          {
            char save = *c;
            *c = '\0';
            if (!is_ident (start))
              ok = 0;
            *c = save;
            if (save == '\0')
              break;
            start = c + 1;
          }
      FILE *o = w->out;
      const char *head_fmt = "  __builtin_printf (\"M %s %s %s";
      if (!ok)
        fprintf (o, "  __builtin_printf (\"M %s %s %s cannot be named in C"
                 "\\n\");\n", w->kind, w->name, ppath);
      else if (bitfield && w->cxx)
        {
          /* Raw storage (no constructor needed), all ones of the
             declared type (enums and bool included) via ph_ones.  */
          fprintf (o, "  {\n    %s &ph_o = ph_raw< %s > ();\n"
                   "    __builtin_memset ((void *) &ph_o, 0, sizeof ph_o);\n"
                   "    ph_o.%s = ph_ones< decltype (ph_o.%s) > ();\n"
                   "    ph_bits (&ph_o, sizeof ph_o);\n",
                   w->ctype, w->ctype, path, path);
          fprintf (o, head_fmt, w->kind, w->name, path);
          fprintf (o, " offset=%%lu size=%%lu bit_offset=%%lu "
                   "bit_size=%%lu\\n\",\n"
                   "      ph_first / 8, (unsigned long) sizeof "
                   "(decltype (ph_o.%s)), ph_first, ph_count);\n  }\n", path);
        }
      else if (bitfield)
        {
          if (!is_simple_type (type))
            fprintf (o, "  __builtin_printf (\"M %s %s %s bitfield type "
                     "cannot be measured\\n\");\n", w->kind, w->name, path);
          else
            {
              const char *val = strcmp (type, "_Bool") == 0
                                || strcmp (type, "bool") == 0 ? "1" : "-1";
              fprintf (o, "  {\n    static %s ph_o%u;\n"
                       "    __builtin_memset (&ph_o%u, 0, sizeof ph_o%u);\n"
                       "    ph_o%u.%s = %s;\n"
                       "    ph_bits (&ph_o%u, sizeof ph_o%u);\n",
                       w->ctype, w->serial, w->serial, w->serial,
                       w->serial, path, val, w->serial, w->serial);
              fprintf (o, head_fmt, w->kind, w->name, path);
              fprintf (o, " offset=%%lu size=%%lu bit_offset=%%lu "
                       "bit_size=%%lu\\n\",\n"
                       "      ph_first / 8, (unsigned long) sizeof (%s), "
                       "ph_first, ph_count);\n  }\n", type);
              w->serial++;
            }
        }
      else
        {
          int flex = is_flexible_array (type);
          int ref = is_reference (w, type);
          char *size_expr = flex ? xstrdup ("0UL")
            : ref ? xasprintf ("(unsigned long) sizeof (ph_refbox< decltype "
                               "(((%s *) 0)->%s) >)", w->ctype, path)
            : xasprintf ("(unsigned long) sizeof (((%s *) 0)->%s)",
                         w->ctype, path);
          char *align_expr = ref
            ? xasprintf ("(unsigned long) alignof (ph_refbox< decltype "
                         "(((%s *) 0)->%s) >)", w->ctype, path)
            : xasprintf ("(unsigned long) __alignof__ (((%s *) 0)->%s)",
                         w->ctype, path);
          /* C++: offsetof is only conditionally supported beyond
             standard-layout classes; a member at a fixed offset is
             measured on raw storage instead.  */
          char *off_expr = ref
            ? xasprintf ("ph_refoff< %s > ([] (%s &ph_r) { return (const "
                         "void *) &ph_r.%s; })", w->ctype, w->ctype, path)
            : w->cxx
            ? xasprintf ("(unsigned long) ((char *) &ph_raw< %s > ().%s - "
                         "(char *) &ph_raw< %s > ())", w->ctype, path,
                         w->ctype)
            : xasprintf ("(unsigned long) __builtin_offsetof (%s, %s)",
                         w->ctype, path);
          /* [[no_unique_address]]: what the member takes (ph_occ), when
             the JSON says it takes less than its size or puts another
             member into its bytes.  */
          int claimed = json_object_get (m, "occupied") != NULL;
          int occ = w->cxx && !w->text && !flex && !ref
            && (claimed || (!w->list_is_union && json_overlaps (w->list, m)));
          fprintf (o, head_fmt, w->kind, w->name, path);
          if (w->text)
            fprintf (o, " offset=%%lu size=%%lu\\n\",\n"
                     "    %s, %s);\n", off_expr, size_expr);
          else
            {
              fprintf (o, " offset=%%lu size=%%lu%s bit_offset=%%lu "
                       "bit_size=%%lu%s\",\n"
                       "    %s,\n"
                       "    %s,\n",
                       has_align ? " align=%lu" : "", occ ? "" : "\\n",
                       off_expr, size_expr);
              if (has_align)
                fprintf (o, "    %s,\n", align_expr);
              if (occ)
                fprintf (o, "    8 * %s,\n    8 * %s);\n"
                         "  ph_occ< decltype (((%s *) 0)->%s) >::put (%d, %d);\n"
                         "  __builtin_printf (\"\\n\");\n", off_expr, size_expr,
                         w->ctype, path,
                         !w->list_is_union && json_overlaps (w->list, m),
                         claimed);
              else
                fprintf (o, "    8 * %s,\n    8 * %s);\n", off_expr, size_expr);
            }
          free (size_expr);
          free (align_expr);
          free (off_expr);
        }
    }

  if (has_children)
    walk_members (w, children, path, json_is_union (m));
  free (path);
}

static void
walk_members (struct walk *w, const json_t *members,
              const char *prefix, int is_union)
{
  if (members == NULL || !json_is_array (members))
    return;
  const json_t *save = w->list;
  int save_union = w->list_is_union;
  for (size_t i = 0; i < json_array_size (members); i++)
    {
      const json_t *m = json_array_get (members, i);
      w->list = members;
      w->list_is_union = is_union;
      if (json_is_object (m))
        walk_member (w, m, prefix);
    }
  w->list = save;
  w->list_is_union = save_union;
}

/* Holes and tail padding are checked for structs whose members are all
   named, plain (no bitfield) and not nested aggregates: there the compiler's
   offsets and sizes determine them without any judgement.  */
static int
holes_checkable (const json_t *members)
{
  if (members == NULL || !json_is_array (members)
      || json_array_size (members) == 0)
    return 0;
  for (size_t i = 0; i < json_array_size (members); i++)
    {
      const json_t *m = json_array_get (members, i);
      const char *name = "";
      int bitfield = 0;
      if (!json_is_object (m))
        return 0;
      get_string (m, "name", &name);
      get_bool (m, "bitfield", &bitfield);
      /* A [[no_unique_address]] member that occupies less than its
         sizeof is sized by what the compiler gives the field (ph_occ,
         as on its M line): the hole after it, up to the next member's
         alignment, is the compiler's too.  */
      if (!is_ident (name) || bitfield || json_object_get (m, "members") != NULL)
        return 0;
    }
  return 1;
}

/* H lines (one per hole, after the member it follows) and a P line (tail
   padding) for a checkable struct.  */
static void
walk_holes (struct walk *w, const json_t *t)
{
  const json_t *members = json_object_get (t, "members");
  if (w->mode == MODE_EXPECT)
    {
      const json_t *holes = json_object_get (t, "holes");
      if (holes == NULL || !json_is_array (holes))
        fprintf (w->out, "H %s %s no holes array\n", w->kind, w->name);
      else
        for (size_t i = 0; i < json_array_size (holes); i++)
          {
            const json_t *h = json_array_get (holes, i);
            const char *after = "?";
            get_string (h, "after", &after);
            /* "" is before the first member, as the text report's
               reader and the probe program say <start>.  */
            fprintf (w->out, "H %s %s after=%s", w->kind, w->name,
                     *after ? printable (after, "<bad-name>") : "<start>");
            if (!w->text)
              put_json_uint (w->out, "offset", h, "offset");
            put_json_uint (w->out, "size", h, "size");
            fputc ('\n', w->out);
          }
      fprintf (w->out, "P %s %s", w->kind, w->name);
      put_json_uint (w->out, "padding", t, "padding");
      fputc ('\n', w->out);
      return;
    }
  if (w->ctype == NULL)
    return;
  FILE *o = w->out;
  size_t n = json_array_size (members);
  fprintf (o, "  {\n    static const char *const ph_n[] = {");
  for (size_t i = 0; i < n; i++)
    {
      const char *name = "";
      get_string (json_array_get (members, i), "name", &name);
      fprintf (o, "%s\"%s\"", i ? ", " : " ", name);
    }
  fprintf (o, " };\n    static const unsigned long ph_off[] = {");
  for (size_t i = 0; i < n; i++)
    {
      const char *name = "", *type = NULL;
      get_string (json_array_get (members, i), "name", &name);
      get_string (json_array_get (members, i), "type", &type);
      if (is_reference (w, type))
        fprintf (o, "%s\n      ph_refoff< %s > ([] (%s &ph_r) { return "
                 "(const void *) &ph_r.%s; })", i ? "," : "", w->ctype,
                 w->ctype, name);
      else
        fprintf (o, "%s\n      __builtin_offsetof (%s, %s)", i ? "," : "",
                 w->ctype, name);
    }
  fprintf (o, " };\n    static const unsigned long ph_size[] = {");
  for (size_t i = 0; i < n; i++)
    {
      const char *name = "", *type = NULL;
      const json_t *m = json_array_get (members, i);
      get_string (m, "name", &name);
      get_string (m, "type", &type);
      if (is_flexible_array (type))
        fprintf (o, "%s\n      0", i ? "," : "");
      else if (is_reference (w, type))
        fprintf (o, "%s\n      sizeof (ph_refbox< decltype (((%s *) 0)->%s) >)",
                 i ? "," : "", w->ctype, name);
      else if (w->cxx && (json_object_get (m, "occupied") != NULL
                          || json_overlaps (members, m)))
        /* [[no_unique_address]]: the bytes it takes, as on its M line */
        fprintf (o, "%s\n      ph_occ< decltype (((%s *) 0)->%s) >::get (%d, %d)",
                 i ? "," : "", w->ctype, name, json_overlaps (members, m),
                 json_object_get (m, "occupied") != NULL);
      else
        fprintf (o, "%s\n      sizeof (((%s *) 0)->%s)", i ? "," : "",
                 w->ctype, name);
    }
  fprintf (o, " };\n    ph_holes (\"%s %s\", ph_n, ph_off, ph_size, %zuUL, "
           "sizeof (%s), %d);\n  }\n", w->kind, w->name, n, w->ctype,
           w->text);
}

/* Returns 1 when the type was printed, 0 when skipped.  */
static int
walk_type (struct walk *w, const json_t *t)
{
  const char *kind = NULL, *name = NULL;
  int is_typedef = 0;
  get_string (t, "kind", &kind);
  get_string (t, "name", &name);
  get_bool (t, "typedef", &is_typedef);
  if (name == NULL || *name == '\0')
    {
      /* Only a named type can be measured; both modes skip it alike.  */
      fprintf (stderr, "%s: note: skipping a type without a name\n",
               progname);
      return 0;
    }
  if (is_local_cxx_name (name))
    {
      /* f()::Local cannot be named in main(): both modes skip it.  */
      fprintf (stderr, "%s: note: skipping local type %s\n", progname, name);
      return 0;
    }
  char *cname = canon_name (name, "<bad-name>");
  w->kind = printable (kind, "<bad-kind>");
  w->name = cname;
  int has_align = json_object_get (t, "align") != NULL;

  char *ctype = NULL;
  if (w->mode == MODE_GEN)
    {
      /* Elaborated (struct X, union X) unless a typedef names it, so that
         a function or variable of the same name does not hide it.  */
      char *spelled = w->cxx ? cxx_type_name (name)
                      : is_ident (name) ? xstrdup (name) : NULL;
      if (spelled == NULL || kind == NULL
          || (strcmp (kind, "struct") != 0 && strcmp (kind, "union") != 0
              && strcmp (kind, "class") != 0))
        {
          fprintf (w->out, "  __builtin_printf (\"T %s %s cannot be named "
                   "in %s\\n\");\n", w->kind, w->name, w->cxx ? "C++" : "C");
          free (spelled);
          free (cname);
          return 1;
        }
      ctype = is_typedef ? xstrdup (spelled)
        : xasprintf ("%s %s", strcmp (kind, "union") == 0 ? "union"
                     : "struct", spelled);
      free (spelled);
      w->ctype = ctype;
      if (w->text || !has_align)
        fprintf (w->out, "  __builtin_printf (\"T %s %s size=%%lu\\n\",\n"
                 "    (unsigned long) sizeof (%s));\n", w->kind, w->name,
                 ctype);
      else
        fprintf (w->out, "  __builtin_printf (\"T %s %s size=%%lu "
                 "align=%%lu\\n\",\n    (unsigned long) sizeof (%s),\n"
                 "    (unsigned long) %s (%s));\n", w->kind, w->name,
                 ctype, w->cxx ? "alignof" : "__alignof__", ctype);
    }
  else
    {
      fprintf (w->out, "T %s %s", w->kind, w->name);
      put_json_uint (w->out, "size", t, "size");
      if (!w->text && has_align)
        put_json_uint (w->out, "align", t, "align");
      fputc ('\n', w->out);
    }
  w->top = json_object_get (t, "members");
  walk_members (w, w->top, "", json_is_union (t));
  if (kind && strcmp (kind, "struct") == 0
      && holes_checkable (json_object_get (t, "members")))
    walk_holes (w, t);
  free (ctype);
  free (cname);
  w->ctype = NULL;
  w->name = NULL;
  return 1;
}

static void
c_string_literal (FILE *out, const char *s)
{
  fputc ('"', out);
  for (; *s; s++)
    {
      if (*s == '"' || *s == '\\')
        fputc ('\\', out);
      if (*s == '\n')
        fputs ("\\n", out);
      else
        fputc (*s, out);
    }
  fputc ('"', out);
}

/* The head of a generated program: what made it, from what, and the
   #include of SOURCE by its absolute path.  */
static void
print_head (const char *layout, const char *source, const char *how,
            const char *what)
{
  char *abs = realpath (source, NULL);
  if (abs == NULL)
    die ("cannot resolve %s: %s", source, strerror (errno));
  printf ("/* Generated by ph-probe gen%s from %s: %s.  */\n#include ", how,
          layout, what);
  c_string_literal (stdout, abs);
  free (abs);
}

/* The C++ probe's helpers (see walk_cxx_special).  The probe is compiled
   with -fno-access-control, so private members and bases can be named
   without "#define private public", which would change the layout: a
   class with private data members is not POD for the ABI, and a derived
   class may reuse its tail padding.  */
static const char cxx_prologue[] =
  "#include <new>\n#include <typeinfo>\n#include <type_traits>\n\n"
  "/* Raw storage: members at fixed offsets and non-virtual bases need no\n"
  "   constructed object.  */\n"
  "template<typename T> static T &\nph_raw ()\n{\n"
  "  alignas (T) static unsigned char b[sizeof (T)];\n"
  "  return *reinterpret_cast<T *> (b);\n}\n\n"
  "/* A value-initialized T, or nullptr when none can be made.  */\n"
  "template<typename T, bool = std::is_default_constructible<T>::value\n"
  "                            && !std::is_abstract<T>::value>\n"
  "struct ph_obj\n{\n  static T *get ()\n  {\n"
  "    alignas (T) static unsigned char b[sizeof (T)];\n"
  "    static T *p = ::new ((void *) b) T ();\n    return p;\n  }\n};\n"
  "template<typename T> struct ph_obj<T, false>\n"
  "{\n  static T *get () { return nullptr; }\n};\n\n"
  "/* All ones of a bitfield's declared type (enums too).  */\n"
  "template<typename T> static T ph_ones (std::true_type)\n"
  "{\n  return static_cast<T> (static_cast<typename "
  "std::underlying_type<T>::type> (~0ULL));\n}\n"
  "template<typename T> static T ph_ones (std::false_type)\n"
  "{\n  return static_cast<T> (~0ULL);\n}\n"
  "template<typename T> static T ph_ones ()\n"
  "{\n  return ph_ones<T> (std::is_enum<T> ());\n}\n\n"
  "/* The bytes a base B takes in a class derived from it: where a char\n"
  "   member after it lands (0 for an empty base, B's data size when the\n"
  "   ABI reuses its tail padding, sizeof (B) when it does not).  A final\n"
  "   class cannot be derived from: -1.  */\n"
  "template<typename B, bool = std::is_final<B>::value> struct ph_dsize\n"
  "{\n  struct D : B { char ph_after_base_; };\n"
  "  static unsigned long get ()\n"
  "  { return __builtin_offsetof (D, ph_after_base_); }\n};\n"
  "template<typename B> struct ph_dsize<B, true>\n"
  "{\n  static unsigned long get () { return (unsigned long) -1; }\n};\n\n"
  "/* The alignment of a base subobject of type B: without B's virtual\n"
  "   bases (they are placed by the complete object).  After a dynamic\n"
  "   primary base whose data ends at byte 65, B lands on the next\n"
  "   multiple of it, whose lowest set bit it is.  An empty base goes to\n"
  "   offset 0: alignof then.  */\n"
  "struct ph_poly65\n{\n  virtual void ph_f () {}\n"
  "  char ph_pad[65 - sizeof (void *)];\n};\n"
  "template<typename B, bool = std::is_final<B>::value\n"
  "                            || std::is_empty<B>::value>\n"
  "struct ph_nvalign\n{\n  struct D : ph_poly65, B {};\n"
  "  static unsigned long get ()\n  {\n"
  "    unsigned long off = (unsigned long) ((char *) (B *) &ph_raw<D> ()\n"
  "                                         - (char *) &ph_raw<D> ());\n"
  "    return off & -off;\n  }\n};\n"
  "template<typename B> struct ph_nvalign<B, true>\n"
  "{\n  static unsigned long get () { return alignof (B); }\n};\n\n"
  "/* A reference member's offset: where a pointer written into zeroed\n"
  "   raw storage is the one the member refers through, F giving the\n"
  "   address it refers to.  Its size and alignment: ph_refbox's.  */\n"
  "template<typename R> struct ph_refbox { R r; };\n"
  "template<typename T, typename F> static unsigned long\n"
  "ph_refoff (F f)\n{\n"
  "  static char target;\n  char *p = &target;\n  T &o = ph_raw<T> ();\n"
  "  for (unsigned long k = 0; k + sizeof p <= sizeof (T); k++)\n    {\n"
  "      __builtin_memset ((void *) &o, 0, sizeof (T));\n"
  "      __builtin_memcpy ((char *) &o + k, (void *) &p, sizeof p);\n"
  "      if (f (o) == (const void *) &target)\n        return k;\n    }\n"
  "  return (unsigned long) -1;\n}\n\n"
  "/* The bytes a [[no_unique_address]] member of type M takes: where a\n"
  "   char member after it lands.  Not ph_dsize: GCC sizes such a field\n"
  "   apart from a base (end_of_class (eoc_nv_or_dsize)), and GCC 12.2\n"
  "   ends it at the byte offset of M's last bitfield plus that field's\n"
  "   DECL_SIZE_UNIT: a byte short of M's data size when the bitfield\n"
  "   straddles a byte boundary (as a base M still takes its whole data\n"
  "   size).  The next member goes there, over M's last bits.  */\n"
  "template<typename M> struct ph_fdsize\n"
  "{\n  struct F { [[no_unique_address]] M ph_m_; char ph_after_; };\n"
  "  static unsigned long get ()\n"
  "  { return __builtin_offsetof (F, ph_after_); }\n};\n\n"
  "/* What a member of type M takes, printed as \" occupied=N\" when less\n"
  "   than sizeof (M): with OVERLAP (the report puts another member in\n"
  "   its bytes, which only [[no_unique_address]] allows) what the field\n"
  "   takes (ph_fdsize), 0 when empty; an empty class the report says\n"
  "   takes nothing, but that overlaps nothing is laid out the same\n"
  "   either way: 0 then.  */\n"
  "template<typename M, bool = std::is_class<M>::value> struct ph_occ\n"
  "{\n  static unsigned long get (int overlap, int claimed)\n  {\n"
  "    unsigned long n = overlap ? ph_fdsize<M>::get ()\n"
  "      : claimed && std::is_empty<M>::value ? 0 : sizeof (M);\n"
  "    return n < sizeof (M) ? n : sizeof (M);\n  }\n"
  "  static void put (int overlap, int claimed)\n  {\n"
  "    if (get (overlap, claimed) < sizeof (M))\n"
  "      __builtin_printf (\" occupied=%lu\", get (overlap, claimed));\n"
  "  }\n};\n"
  "template<typename M> struct ph_occ<M, false>\n"
  "{\n  static unsigned long get (int, int) { return sizeof (M); }\n"
  "  static void put (int, int) {}\n};\n\n"
  "/* A virtual base's offset in a complete T.  */\n"
  "template<typename T, typename B> static unsigned long\n"
  "ph_vbase (unsigned long claimed)\n{\n"
  "  if (T *p = ph_obj<T>::get ())\n"
  "    return (unsigned long) ((char *) (B *) p - (char *) p);\n"
  "  return claimed + ph_dsize<B>::get () <= sizeof (T)\n"
  "         && claimed % alignof (B) == 0 ? claimed : (unsigned long) -1;\n"
  "}\n\n"
  "/* T's own vptr: the first pointer whose vtable slot -1 is T's\n"
  "   typeinfo (Itanium ABI).  Members are zero in a value-initialized\n"
  "   object, so no other pointer is followed.  */\n"
  "template<typename T> static unsigned long\n"
  "ph_vptr (unsigned long claimed)\n{\n"
  "  if (T *p = ph_obj<T>::get ())\n    {\n"
  "      for (unsigned long k = 0; k + sizeof (void *) <= sizeof (T);\n"
  "           k += alignof (void *))\n        {\n"
  "          const void *const *vt;\n"
  "          __builtin_memcpy ((void *) &vt, (char *) p + k, sizeof vt);\n"
  "          if (vt && vt[-1] == (const void *) &typeid (T))\n"
  "            return k;\n        }\n"
  "      return (unsigned long) -1;\n    }\n"
  "  return claimed + sizeof (void *) <= sizeof (T)\n"
  "         && claimed % alignof (void *) == 0 ? claimed : (unsigned long) -1;\n"
  "}\n\n";

static int
cmd_json (enum mode mode, int text, int cxx, const char *layout,
          const char *source)
{
  struct layout_file lf;
  load_jsonl (layout, &lf);
  struct walk w;
  memset (&w, 0, sizeof w);
  w.mode = mode;
  w.text = text;
  w.out = stdout;

  w.cxx = cxx;
  if (mode == MODE_GEN)
    {
      print_head (layout, source, "", "the compiler's own layout values");
      fputs ("\n\nstatic unsigned long ph_first, ph_count;\n\n"
              "static void\nph_bits (const void *p, unsigned long n)\n{\n"
              "  const unsigned char *b = (const unsigned char *) p;\n"
              "  unsigned long i;\n  int bit;\n"
              "  ph_first = (unsigned long) -1;\n  ph_count = 0;\n"
              "  for (i = 0; i < n; i++)\n"
              "    for (bit = 0; bit < 8; bit++)\n"
              "      if ((b[i] >> bit) & 1)\n        {\n"
              "          if (ph_first == (unsigned long) -1)\n"
              "            ph_first = i * 8 + (unsigned long) bit;\n"
              "          ph_count++;\n        }\n}\n\n"
              "static void\nph_holes (const char *type, "
              "const char *const *name,\n          const unsigned long *off, "
              "const unsigned long *size,\n          unsigned long n, "
              "unsigned long type_size, int text)\n{\n"
              "  unsigned long i, end = 0;\n"
              "  for (i = 0; i < n; i++)\n    {\n"
              "      if (off[i] > end)\n        {\n"
              "          /* A hole before the first member (an unnamed\n"
              "             bitfield there) follows <start>.  */\n"
              "          const char *after = i ? name[i - 1] : \"<start>\";\n"
              "          if (text)\n"
              "            __builtin_printf (\"H %s after=%s size=%lu\\n\", "
              "type, after,\n                              off[i] - end);\n"
              "          else\n"
              "            __builtin_printf (\"H %s after=%s offset=%lu "
              "size=%lu\\n\", type,\n                              "
              "after, end, off[i] - end);\n        }\n"
              "      if (off[i] + size[i] > end)\n"
              "        end = off[i] + size[i];\n    }\n"
              "  __builtin_printf (\"P %s padding=%lu\\n\", type,\n"
              "                    type_size > end ? type_size - end : 0UL);\n"
              "}\n\n", stdout);
      if (cxx)
        fputs (cxx_prologue, stdout);
      fputs ("int\nmain (void)\n{\n", stdout);
    }

  size_t printed = 0;
  for (size_t i = 0; i < lf.count; i++)
    printed += (size_t) walk_type (&w, lf.types[i]);

  if (mode == MODE_GEN)
    printf ("  return 0;\n}\n");
  free_layout (&lf);
  return finish_output (layout, printed);
}

/* ------------------------------------------------------------------ */
/* The pahole-style text report.                                       */

struct tmember {
  char *name;                   /* "" for an anonymous aggregate */
  int bitfield;
  unsigned long offset, size;   /* bytes; for bitfields offset = bit / 8 */
  unsigned long bit_offset, bit_size;
  int is_aggregate;
  struct tmember *children;
  size_t nchildren, cap;
};

struct thole {
  char *after;
  unsigned long size;
};

struct ttype {
  char *kind, *name;
  int has_size;
  unsigned long size;
  unsigned long padding;        /* 0 unless a padding footer says */
  struct thole *holes;          /* top-level byte holes */
  size_t nholes;
  struct tmember root;          /* its children are the members */
  char **problems;              /* lines we could not read */
  size_t nproblems;
};

static char *
trim (char *s)
{
  while (isspace ((unsigned char) *s))
    s++;
  size_t n = strlen (s);
  while (n > 0 && isspace ((unsigned char) s[n - 1]))
    s[--n] = '\0';
  return s;
}

static struct tmember *
add_child (struct tmember *parent)
{
  if (parent->nchildren == parent->cap)
    {
      parent->cap = parent->cap ? parent->cap * 2 : 8;
      parent->children = xrealloc (parent->children,
                                   parent->cap * sizeof *parent->children);
    }
  struct tmember *m = &parent->children[parent->nchildren++];
  memset (m, 0, sizeof *m);
  return m;
}

static void
free_tmember (struct tmember *m)
{
  for (size_t i = 0; i < m->nchildren; i++)
    free_tmember (&m->children[i]);
  free (m->children);
  free (m->name);
}

static void
add_problem (struct ttype *t, size_t lineno, const char *line)
{
  t->problems = xrealloc (t->problems,
                          (t->nproblems + 1) * sizeof *t->problems);
  t->problems[t->nproblems++] = xasprintf ("line %zu: %s", lineno, line);
}

/* Remove every "__attribute__((...))" from S, in place.  */
static void
strip_attributes (char *s)
{
  char *a;
  while ((a = strstr (s, "__attribute__")) != NULL)
    {
      char *p = a + strlen ("__attribute__");
      while (*p == ' ')
        p++;
      int depth = 0;
      if (*p == '(')
        {
          do
            {
              if (*p == '(')
                depth++;
              else if (*p == ')')
                depth--;
              p++;
            }
          while (*p && depth > 0);
        }
      memmove (a, p, strlen (p) + 1);
    }
}

/* Parse "N N" or "N:N N" (the inside of a member line's comment).  Returns
   2 for a plain member, 3 for a bitfield, 0 otherwise.  */
static int
parse_numbers (const char *s, unsigned long v[3])
{
  int n = 0;
  const char *p = s;
  int colon = 0;
  while (*p)
    {
      while (*p == ' ')
        p++;
      if (*p == '\0')
        break;
      if (!isdigit ((unsigned char) *p) || n == 3)
        return 0;
      char *end;
      errno = 0;
      v[n++] = strtoul (p, &end, 10);
      if (errno)
        return 0;
      p = end;
      while (*p == ' ')
        p++;
      if (*p == ':')
        {
          if (n != 1 || colon)
            return 0;
          colon = 1;
          p++;
        }
    }
  if (colon && n == 3)
    return 3;
  if (!colon && n == 2)
    return 2;
  return 0;
}

/* Split a member line (a declaration, then a comment with numbers).  Returns the
   comment's kind (see parse_numbers) and leaves the declaration (without
   ';' and attributes) in *DECL.  */
static int
split_member_line (char *line, char **decl, unsigned long v[3])
{
  char *open = NULL;
  for (char *p = strstr (line, "/*"); p; p = strstr (p + 2, "/*"))
    open = p;
  if (open == NULL)
    return 0;
  char *close = strstr (open, "*/");
  if (close == NULL || *trim (close + 2) != '\0')
    return 0;
  *close = '\0';
  int kind = parse_numbers (open + 2, v);
  if (kind == 0)
    return 0;
  *open = '\0';
  char *d = trim (line);
  size_t n = strlen (d);
  if (n == 0 || d[n - 1] != ';')
    return 0;
  d[n - 1] = '\0';
  strip_attributes (d);
  *decl = trim (d);
  return kind;
}

/* The declared name in a member declaration such as "long int l",
   "char c[2]", "void (*fn)(int)", "int (*arr[4])(void)".  */
static char *
declarator_name (const char *decl)
{
  const char *s = decl;
  /* A declarator in parentheses: the identifier after "(*...".  */
  for (const char *p = strstr (s, "(*"); p; p = strstr (p + 1, "(*"))
    {
      const char *q = p + 1;
      while (*q == '*' || *q == ' ')
        q++;
      for (;;)
        {
          /* Skip qualifiers such as "const" after the stars.  */
          static const char *const quals[] = { "const ", "volatile ",
                                               "restrict " };
          int skipped = 0;
          for (size_t k = 0; k < 3; k++)
            if (strncmp (q, quals[k], strlen (quals[k])) == 0)
              {
                q += strlen (quals[k]);
                skipped = 1;
              }
          while (*q == ' ' || *q == '*')
            q++;
          if (!skipped)
            break;
        }
      if (isalpha ((unsigned char) *q) || *q == '_')
        {
          const char *e = q;
          while (isalnum ((unsigned char) *e) || *e == '_')
            e++;
          char *r = xmalloc ((size_t) (e - q) + 1);
          memcpy (r, q, (size_t) (e - q));
          r[e - q] = '\0';
          return r;
        }
    }
  /* Otherwise the last identifier before any array suffixes.  */
  size_t n = strlen (s);
  while (n > 0 && s[n - 1] == ']')
    {
      size_t k = n - 1;
      while (k > 0 && s[k] != '[')
        k--;
      n = k;
      while (n > 0 && s[n - 1] == ' ')
        n--;
    }
  size_t e = n;
  while (n > 0 && (isalnum ((unsigned char) s[n - 1]) || s[n - 1] == '_'))
    n--;
  if (e == n)
    return NULL;
  char *r = xmalloc (e - n + 1);
  memcpy (r, s + n, e - n);
  r[e - n] = '\0';
  return r;
}

static void
print_tmembers (FILE *out, const struct ttype *t, const struct tmember *m,
                const char *prefix)
{
  for (size_t i = 0; i < m->nchildren; i++)
    {
      const struct tmember *c = &m->children[i];
      if (*c->name == '\0')
        {
          print_tmembers (out, t, c, prefix);
          continue;
        }
      char *path = *prefix ? xasprintf ("%s.%s", prefix, c->name)
                           : xstrdup (c->name);
      fprintf (out, "M %s %s %s offset=%lu size=%lu", t->kind, t->name, path,
               c->offset, c->size);
      if (c->bitfield)
        fprintf (out, " bit_offset=%lu bit_size=%lu", c->bit_offset,
                 c->bit_size);
      fputc ('\n', out);
      print_tmembers (out, t, c, path);
      free (path);
    }
}

static void
finish_type (FILE *out, struct ttype *t)
{
  if (t->has_size)
    fprintf (out, "T %s %s size=%lu\n", t->kind, t->name, t->size);
  else
    fprintf (out, "T %s %s size=? (no size footer)\n", t->kind, t->name);
  print_tmembers (out, t, &t->root, "");
  int checkable = strcmp (t->kind, "struct") == 0 && t->root.nchildren > 0;
  for (size_t i = 0; i < t->root.nchildren; i++)
    {
      const struct tmember *c = &t->root.children[i];
      if (c->bitfield || c->is_aggregate || *c->name == '\0')
        checkable = 0;
    }
  if (checkable)
    {
      for (size_t i = 0; i < t->nholes; i++)
        fprintf (out, "H %s %s after=%s size=%lu\n", t->kind, t->name,
                 t->holes[i].after, t->holes[i].size);
      fprintf (out, "P %s %s padding=%lu\n", t->kind, t->name, t->padding);
    }
  for (size_t i = 0; i < t->nholes; i++)
    free (t->holes[i].after);
  free (t->holes);
  for (size_t i = 0; i < t->nproblems; i++)
    {
      fprintf (out, "X %s %s unreadable %s\n", t->kind, t->name,
               t->problems[i]);
      free (t->problems[i]);
    }
  free (t->problems);
  free_tmember (&t->root);
  free (t->kind);
  free (t->name);
  memset (t, 0, sizeof *t);
}

#define MAX_NEST 64

static int
cmd_text (const char *report)
{
  size_t len;
  char *text = read_file (report, &len);
  struct ttype t;
  memset (&t, 0, sizeof t);
  int in_type = 0;
  size_t types = 0, lineno = 0;
  struct tmember *stack[MAX_NEST];
  int depth = 0;

  char *save = NULL;
  for (char *line = text; line != NULL; line = save)
    {
      char *nl = strchr (line, '\n');
      save = nl ? nl + 1 : NULL;
      if (nl)
        *nl = '\0';
      if (nl == NULL && *line == '\0')
        break;
      lineno++;
      size_t n = strlen (line);
      if (n > 0 && line[n - 1] == '\r')
        line[--n] = '\0';
      char *orig = xstrdup (line);

      if (!in_type)
        {
          /* "struct NAME {", "union NAME {", "typedef struct {".  */
          char *s = trim (line);
          size_t sl = strlen (s);
          if (line[0] != ' ' && line[0] != '\t' && sl > 0
              && s[sl - 1] == '{')
            {
              s[sl - 1] = '\0';
              s = trim (s);
              int is_typedef = strncmp (s, "typedef ", 8) == 0;
              if (is_typedef)
                s = trim (s + 8);
              char *sp = strchr (s, ' ');
              char *kw = s, *name = NULL;
              if (sp)
                {
                  *sp = '\0';
                  name = trim (sp + 1);
                }
              if (strcmp (kw, "struct") == 0 || strcmp (kw, "union") == 0
                  || strcmp (kw, "class") == 0)
                {
                  in_type = 1;
                  t.kind = xstrdup (kw);
                  t.name = xstrdup (name && *name ? name : "");
                  depth = 0;
                  stack[depth++] = &t.root;
                }
            }
          free (orig);
          continue;
        }

      if (line[0] == '}')
        {
          /* End of the type; a typedef'd one is named here.  */
          char *s = trim (line + 1);
          size_t sl = strlen (s);
          if (sl > 0 && s[sl - 1] == ';')
            s[--sl] = '\0';
          strip_attributes (s);
          s = trim (s);
          if (*t.name == '\0' && *s)
            {
              free (t.name);
              t.name = xstrdup (s);
            }
          if (*t.name == '\0')
            {
              free (t.name);
              t.name = xstrdup ("<anonymous>");
            }
          if (depth != 1)
            add_problem (&t, lineno, "unbalanced nested aggregate");
          finish_type (stdout, &t);
          types++;
          in_type = 0;
          free (orig);
          continue;
        }

      char *s = trim (line);
      size_t sl = strlen (s);
      if (sl == 0)
        ;
      else if (strncmp (s, "/*", 2) == 0)
        {
          unsigned long size, cl, members, pad, hole;
          char unit[8], tail[32];
          if (depth == 1
              && sscanf (s, "/* size: %lu, cachelines: %lu, members: %lu",
                         &size, &cl, &members) == 3)
            {
              t.has_size = 1;
              t.size = size;
            }
          else if (depth == 1 && sscanf (s, "/* padding: %lu %2s", &pad,
                                         tail) == 2
                   && strcmp (tail, "*/") == 0)
            t.padding = pad;
          else if (depth == 1
                   && sscanf (s, "/* XXX %lu %7s hole, try to pack %2s",
                              &hole, unit, tail) == 3
                   && (strcmp (unit, "bytes") == 0
                       || strcmp (unit, "byte") == 0)
                   && strcmp (tail, "*/") == 0)
            {
              const struct tmember *root = &t.root;
              const char *after = root->nchildren
                ? root->children[root->nchildren - 1].name : "<start>";
              t.holes = xrealloc (t.holes, (t.nholes + 1) * sizeof *t.holes);
              t.holes[t.nholes].after = xstrdup (after);
              t.holes[t.nholes].size = hole;
              t.nholes++;
            }
        }
      else if (s[sl - 1] == '{')
        {
          /* A nested aggregate defined in place.  */
          if (depth >= MAX_NEST)
            add_problem (&t, lineno, "nesting too deep");
          else
            {
              struct tmember *m = add_child (stack[depth - 1]);
              m->is_aggregate = 1;
              m->name = xstrdup ("");
              /* Only the innermost open aggregate gets children, so the
                 arrays holding the open ones never move while open.  */
              stack[depth++] = m;
            }
        }
      else if (s[0] == '}')
        {
          unsigned long v[3];
          char *decl;
          int k = split_member_line (s, &decl, v);
          if (depth <= 1)
            add_problem (&t, lineno, orig);
          else
            {
              struct tmember *m = stack[--depth];
              if (k != 2)
                add_problem (&t, lineno, orig);
              else
                {
                  /* decl is "}" or "} name" or "} name[N]".  */
                  char *nm = declarator_name (trim (decl + 1));
                  free (m->name);
                  m->name = nm ? nm : xstrdup ("");
                  m->offset = v[0];
                  m->size = v[1];
                }
            }
        }
      else
        {
          unsigned long v[3];
          char *decl;
          int k = split_member_line (s, &decl, v);
          char *nm = NULL;
          unsigned long width = 0;
          if (k == 3)
            {
              char *colon = strrchr (decl, ':');
              if (colon && colon[1] != '\0' && colon[1] != ':'
                  && colon > decl && colon[-1] != ':')
                {
                  char *end;
                  width = strtoul (colon + 1, &end, 10);
                  if (*trim (end) == '\0')
                    {
                      *colon = '\0';
                      nm = declarator_name (trim (decl));
                    }
                }
            }
          else if (k == 2)
            nm = declarator_name (decl);
          if (nm == NULL)
            add_problem (&t, lineno, orig);
          else
            {
              struct tmember *m = add_child (stack[depth - 1]);
              m->name = nm;
              if (k == 3)
                {
                  m->bitfield = 1;
                  m->bit_offset = v[0] * 8 + v[1];
                  m->bit_size = width;
                  m->offset = m->bit_offset / 8;
                  m->size = v[2];
                }
              else
                {
                  m->offset = v[0];
                  m->size = v[1];
                }
            }
        }
      free (orig);
    }
  if (in_type)
    {
      add_problem (&t, lineno, "report ends inside a type");
      finish_type (stdout, &t);
      types++;
    }
  free (text);
  return finish_output (report, types);
}

/* ------------------------------------------------------------------ */
/* The bit map (gen --bits, bits-expect): every bit of a struct or      */
/* union is a member's, a hole's or padding's, once.                    */
/*                                                                     */
/* bits-expect prints, for each type it can check, "B KIND NAME        */
/* size=S", then one line per run of bits the JSON gives to no member:  */
/*   U KIND NAME bit=B bits=N      (holes, bit holes, bit_padding and   */
/*                                  padding, merged into runs)         */
/*   X KIND NAME bit=B bits=N in no member, hole or padding            */
/*   X KIND NAME bit=B bits=N counted more than once                   */
/*   X KIND NAME bit=B bits=N beyond the type                          */
/* (holes at "offset"/"size", bit holes at "bit_offset"/"bits",        */
/* bit_padding right after the last bit a member uses, padding at the  */
/* end).  The probe program (gen --bits) prints the "B" line and a "U"  */
/* line per run of bits that no member sets in a zeroed object where    */
/* each member in turn was set to all ones (bitfields assigned -1,     */
/* other members filled with memset): the compiler's own bit map.  An   */
/* anonymous nested aggregate cannot be named, so its bytes are marked */
/* from the JSON's offset and size (its members' positions are checked */
/* by the layout check).  Unions too: a bit several members share is  */
/* a member's once.  A type with a member the probe cannot set is left  */
/* out by both sides, so equal outputs need no judgement.               */

/* A nested member whose bits are its members' (and whose holes are the
   outer type's): an untagged struct.  A nested union's are the union's,
   as one member.  */
static int
nested_kind (const json_t *m, const char *kind)
{
  const char *k = NULL;
  return json_object_get (m, "members") != NULL
         && get_string (m, "kind", &k) && strcmp (k, kind) == 0;
}

/* The kernel's struct_group(): a union of an anonymous struct and a
   named one with the same members (or of a tagged struct's type) at the
   same place.  */
static int
struct_group (const json_t *m)
{
  const json_t *ms = json_object_get (m, "members"), *a, *b;
  const char *an = NULL, *bn = NULL, *bt = NULL;
  uint64_t ao = 1, bo = 2, as = 1, bs = 2;
  if (!nested_kind (m, "union") || json_array_size (ms) != 2)
    return 0;
  a = json_array_get (ms, 0);
  b = json_array_get (ms, 1);
  get_string (a, "name", &an);
  get_string (b, "name", &bn);
  get_uint (a, "bit_offset", &ao);
  get_uint (b, "bit_offset", &bo);
  get_uint (a, "size", &as);
  get_uint (b, "size", &bs);
  if (!nested_kind (a, "struct") || an == NULL || *an || bn == NULL || !*bn
      || ao != bo || as != bs)
    return 0;
  if (json_object_get (b, "members") != NULL)
    return nested_kind (b, "struct")
           && json_equal (json_object_get (a, "members"),
                          json_object_get (b, "members"));
  return get_string (b, "type", &bt) && strncmp (bt, "struct ", 7) == 0;
}

/* The members whose bits are a nested member's (and whose holes are the
   outer type's): an untagged struct's, a struct_group()'s anonymous
   half's; NULL for anything else (a nested union's bits are the union's,
   as one member).  */
static const json_t *
leaf_members (const json_t *m)
{
  if (nested_kind (m, "struct"))
    return json_object_get (m, "members");
  if (struct_group (m))
    return json_object_get (json_array_get (json_object_get (m, "members"),
                                            0), "members");
  return NULL;
}

static int
nested_struct (const json_t *m)
{
  return leaf_members (m) != NULL;
}

static int
bits_checkable_members (const json_t *members, int depth)
{
  if (members == NULL || !json_is_array (members) || depth > 16)
    return 0;
  for (size_t i = 0; i < json_array_size (members); i++)
    {
      const json_t *m = json_array_get (members, i);
      const char *mname = NULL, *type = NULL;
      int bitfield = 0;
      if (!json_is_object (m) || !get_string (m, "name", &mname)
          || !get_string (m, "type", &type))
        return 0;
      get_bool (m, "bitfield", &bitfield);
      if (*mname == '\0')
        {
          if (bitfield || json_object_get (m, "members") == NULL)
            return 0;
        }
      else if (!is_ident (mname) || (bitfield && !is_simple_type (type)))
        return 0;
      if (nested_struct (m)
          && !bits_checkable_members (leaf_members (m), depth + 1))
        return 0;
    }
  return 1;
}

static int
bits_checkable (const json_t *t, const char **name, const char **kind)
{
  const json_t *members = json_object_get (t, "members");
  uint64_t size;
  *name = NULL;
  *kind = NULL;
  get_string (t, "name", name);
  get_string (t, "kind", kind);
  if (*name == NULL || !is_ident (*name) || *kind == NULL
      || (strcmp (*kind, "struct") != 0 && strcmp (*kind, "union") != 0)
      || !get_uint (t, "size", &size)
      || size > 65536 || members == NULL || !json_is_array (members))
    return 0;
  return bits_checkable_members (members, 0);
}

/* Add one to the count of bits [FROM, FROM + N) of CNT (NBITS long);
   bits past the end go to *BEYOND.  */
static void
bits_add (unsigned char *cnt, uint64_t nbits, uint64_t from, uint64_t n,
          uint64_t *beyond)
{
  for (uint64_t b = from; b < from + n; b++)
    if (b >= nbits)
      (*beyond)++;
    else if (cnt[b] < 2)
      cnt[b]++;
}

/* The bits of the untagged struct M in a struct: its members' (each
   nested struct's in turn); its tail, after the last bit a member of it
   uses, is free (the tail padding of the struct's own type, which the
   outer type counts among its paddings, not its holes).  Its holes are
   in the outer type's list.  */
static void
bits_nested (const json_t *m, unsigned char *member, unsigned char *cnt,
             uint64_t nbits, uint64_t *beyond, int depth)
{
  const json_t *ms = leaf_members (m);
  uint64_t mo = 0, msz = 0, used;
  get_uint (m, "bit_offset", &mo);
  get_uint (m, "bit_size", &msz);
  used = mo;
  for (size_t i = 0; i < json_array_size (ms); i++)
    {
      const json_t *n = json_array_get (ms, i);
      uint64_t bo = 0, bs = 0;
      get_uint (n, "bit_offset", &bo);
      get_uint (n, "bit_size", &bs);
      if (nested_struct (n) && depth < 16)
        bits_nested (n, member, cnt, nbits, beyond, depth + 1);
      else
        {
          bits_add (cnt, nbits, bo, bs, beyond);
          for (uint64_t b = bo; b < bo + bs && b < nbits; b++)
            member[b] = 1;
        }
      if (bo + bs > used)
        used = bo + bs;
    }
  /* The tail from the unit a last bitfield ends in: as the compiler's
     side, bits no member sets.  */
  if (mo + msz > used)
    bits_add (cnt, nbits, used, mo + msz - used, beyond);
}

static void
bits_expect_type (const json_t *t, const char *kind, const char *name)
{
  const json_t *members = json_object_get (t, "members");
  const json_t *holes = json_object_get (t, "holes");
  const json_t *bit_holes = json_object_get (t, "bit_holes");
  uint64_t size = 0, padding = 0, bit_padding = 0, used = 0, beyond = 0;
  get_uint (t, "size", &size);
  get_uint (t, "padding", &padding);
  get_uint (t, "bit_padding", &bit_padding);
  uint64_t nbits = 8 * size;
  unsigned char *member = xmalloc (nbits), *cnt = xmalloc (nbits);
  memset (member, 0, nbits);
  memset (cnt, 0, nbits);
  /* A union's members overlap: a bit is a member's once however many
     share it.  */
  int is_union = strcmp (kind, "union") == 0;
  printf ("B %s %s size=%" PRIu64 "\n", kind, name, size);
  for (size_t i = 0; i < json_array_size (members); i++)
    {
      const json_t *m = json_array_get (members, i);
      uint64_t bo = 0, bs = 0;
      get_uint (m, "bit_offset", &bo);
      get_uint (m, "bit_size", &bs);
      if (!is_union && nested_struct (m))
        bits_nested (m, member, cnt, nbits, &beyond, 0);
      else if (!is_union)
        bits_add (cnt, nbits, bo, bs, &beyond);
      else if (bo + bs > nbits)
        beyond += bo + bs - (bo > nbits ? bo : nbits);
      for (uint64_t b = bo; is_union && b < bo + bs && b < nbits; b++)
        member[b] = 1;
      if (!is_union && !nested_struct (m))
        for (uint64_t b = bo; b < bo + bs && b < nbits; b++)
          member[b] = 1;
      if (bo + bs > used)
        used = bo + bs;
    }
  for (uint64_t b = 0; is_union && b < nbits; b++)
    if (member[b])
      cnt[b]++;
  for (size_t i = 0; holes && i < json_array_size (holes); i++)
    {
      uint64_t o = 0, s = 0;
      get_uint (json_array_get (holes, i), "offset", &o);
      get_uint (json_array_get (holes, i), "size", &s);
      bits_add (cnt, nbits, 8 * o, 8 * s, &beyond);
    }
  for (size_t i = 0; bit_holes && i < json_array_size (bit_holes); i++)
    {
      uint64_t o = 0, s = 0;
      get_uint (json_array_get (bit_holes, i), "bit_offset", &o);
      get_uint (json_array_get (bit_holes, i), "bits", &s);
      bits_add (cnt, nbits, o, s, &beyond);
    }
  bits_add (cnt, nbits, used, bit_padding, &beyond);
  bits_add (cnt, nbits, nbits - (8 * padding < nbits ? 8 * padding : nbits),
            8 * padding, &beyond);
  /* Runs of one class: 0 member, 1 free, 2 in nothing, 3 counted twice.  */
  for (uint64_t b = 0; b < nbits;)
    {
      int c = cnt[b] == 0 ? 2 : cnt[b] > 1 ? 3 : member[b] ? 0 : 1;
      uint64_t e = b;
      while (e < nbits
             && (cnt[e] == 0 ? 2 : cnt[e] > 1 ? 3 : member[e] ? 0 : 1) == c)
        e++;
      if (c == 1)
        printf ("U %s %s bit=%" PRIu64 " bits=%" PRIu64 "\n", kind, name, b,
                e - b);
      else if (c)
        printf ("X %s %s bit=%" PRIu64 " bits=%" PRIu64 " %s\n", kind, name,
                b, e - b, c == 2 ? "in no member, hole or padding"
                : "counted more than once");
      b = e;
    }
  if (beyond)
    printf ("X %s %s bits=%" PRIu64 " beyond the type\n", kind, name, beyond);
  free (member);
  free (cnt);
}

/* Sets every member of MEMBERS (reached by PREFIX) to all ones; in a
   struct, an untagged struct's members one by one, so that the bits its
   holes leave stay clear.  */
static void
bits_gen_set (const json_t *members, const char *prefix, unsigned serial,
              int in_union, int depth)
{
  for (size_t i = 0; i < json_array_size (members); i++)
    {
      const json_t *m = json_array_get (members, i);
      const char *mname = "", *type = "";
      int bitfield = 0;
      get_string (m, "name", &mname);
      get_string (m, "type", &type);
      get_bool (m, "bitfield", &bitfield);
      if (!in_union && nested_struct (m) && depth < 16)
        {
          /* A struct_group's members by their names in the type.  */
          char *p = *mname && !struct_group (m)
                    ? xasprintf ("%s%s.", prefix, mname) : xstrdup (prefix);
          bits_gen_set (leaf_members (m), p, serial, 0, depth + 1);
          free (p);
          continue;
        }
      if (*mname == '\0' || is_flexible_array (type))
        continue;
      if (bitfield)
        printf ("    ph_b%u.%s%s = %s;\n", serial, prefix, mname,
                strcmp (type, "_Bool") == 0 ? "1" : "-1");
      else
        printf ("    __builtin_memset (&ph_b%u.%s%s, 0xff, "
                "sizeof ph_b%u.%s%s);\n",
                serial, prefix, mname, serial, prefix, mname);
    }
}

/* An anonymous union cannot be named: its bytes are marked from the
   JSON's offset and size.  */
static void
bits_gen_fill (const json_t *members, unsigned serial, int in_union,
               int depth)
{
  for (size_t i = 0; i < json_array_size (members); i++)
    {
      const json_t *m = json_array_get (members, i);
      const char *mname = "";
      uint64_t o = 0, s = 0;
      get_string (m, "name", &mname);
      if (!in_union && nested_struct (m) && depth < 16)
        {
          bits_gen_fill (leaf_members (m), serial, 0, depth + 1);
          continue;
        }
      if (*mname != '\0')
        continue;
      get_uint (m, "offset", &o);
      get_uint (m, "size", &s);
      printf ("    ph_fill (ph_m%u, sizeof ph_b%u, %" PRIu64 "UL, %" PRIu64
              "UL);\n", serial, serial, o, s);
    }
}

static void
bits_gen_type (const json_t *t, const char *kind, const char *name,
               unsigned serial)
{
  const json_t *members = json_object_get (t, "members");
  int is_typedef = 0;
  get_bool (t, "typedef", &is_typedef);
  char *ctype = is_typedef ? xstrdup (name) : xasprintf ("%s %s", kind, name);
  printf ("  {\n    static %s ph_b%u;\n"
          "    static unsigned char ph_m%u[sizeof (%s) + 1];\n"
          "    __builtin_memset (&ph_b%u, 0, sizeof ph_b%u);\n",
          ctype, serial, serial, ctype, serial, serial);
  int is_union = strcmp (kind, "union") == 0;
  bits_gen_set (members, "", serial, is_union, 0);
  printf ("    __builtin_memcpy (ph_m%u, &ph_b%u, sizeof ph_b%u);\n",
          serial, serial, serial);
  bits_gen_fill (members, serial, is_union, 0);
  printf ("    ph_runs (\"%s %s\", ph_m%u, sizeof ph_b%u);\n  }\n", kind,
          name, serial, serial);
  free (ctype);
}

static int
cmd_bits (int gen, const char *layout, const char *source)
{
  struct layout_file lf;
  size_t checked = 0;
  load_jsonl (layout, &lf);
  if (gen)
    {
      print_head (layout, source, " --bits",
                  "the bits the compiler gives each member");
      fputs ("\n\nstatic void\nph_fill (unsigned char *m, unsigned long n, "
             "unsigned long off, unsigned long size)\n{\n"
             "  for (unsigned long i = off; i < off + size && i < n; i++)\n"
             "    m[i] = 0xff;\n}\n\n"
             "static void\nph_runs (const char *type, const unsigned char *m, "
             "unsigned long n)\n{\n"
             "  unsigned long b = 0, e;\n"
             "  __builtin_printf (\"B %s size=%lu\\n\", type, n);\n"
             "  while (b < 8 * n)\n    {\n"
             "      int set = (m[b / 8] >> (b % 8)) & 1;\n"
             "      for (e = b; e < 8 * n && ((m[e / 8] >> (e % 8)) & 1) == set; e++)\n"
             "        ;\n"
             "      if (!set)\n"
             "        __builtin_printf (\"U %s bit=%lu bits=%lu\\n\", type, b, e - b);\n"
             "      b = e;\n    }\n}\n\n"
             "int\nmain (void)\n{\n", stdout);
    }
  for (size_t i = 0; i < lf.count; i++)
    {
      const char *name, *kind;
      if (!bits_checkable (lf.types[i], &name, &kind))
        continue;
      if (gen)
        bits_gen_type (lf.types[i], kind, name, (unsigned) checked);
      else
        bits_expect_type (lf.types[i], kind, name);
      checked++;
    }
  if (gen)
    printf ("  return 0;\n}\n");
  free_layout (&lf);
  return finish_output (layout, checked);
}

static void
usage (void)
{
  fprintf (stderr,
           "usage: %s gen [--text] [--c++] LAYOUT.jsonl SOURCE.c\n"
           "       %s expect LAYOUT.jsonl\n"
           "       %s text-expect LAYOUT.jsonl\n"
           "       %s text REPORT.txt\n"
           "       %s gen --bits LAYOUT.jsonl SOURCE.c\n"
           "       %s bits-expect LAYOUT.jsonl\n",
           progname, progname, progname, progname, progname, progname);
  exit (2);
}

int
main (int argc, char **argv)
{
  if (argc < 2)
    usage ();
  const char *cmd = argv[1];
  if (strcmp (cmd, "gen") == 0 && argc == 5 && strcmp (argv[2], "--bits") == 0)
    return cmd_bits (1, argv[3], argv[4]);
  if (strcmp (cmd, "bits-expect") == 0 && argc == 3)
    return cmd_bits (0, argv[2], NULL);
  if (strcmp (cmd, "gen") == 0)
    {
      int text = 0, cxx = 0, i = 2;
      for (; i < argc && argv[i][0] == '-' && argv[i][1] == '-'; i++)
        if (strcmp (argv[i], "--text") == 0)
          text = 1;
        else if (strcmp (argv[i], "--c++") == 0)
          cxx = 1;
        else
          usage ();
      if (argc - i != 2)
        usage ();
      /* A C++ source (by its suffix, as GCC decides) gets a C++ probe.  */
      const char *src = argv[i + 1];
      if (ends_with (src, ".cc") || ends_with (src, ".cpp")
          || ends_with (src, ".cxx") || ends_with (src, ".C")
          || ends_with (src, ".c++"))
        cxx = 1;
      return cmd_json (MODE_GEN, text, cxx, argv[i], src);
    }
  if (strcmp (cmd, "expect") == 0 && argc == 3)
    return cmd_json (MODE_EXPECT, 0, 0, argv[2], NULL);
  if (strcmp (cmd, "text-expect") == 0 && argc == 3)
    return cmd_json (MODE_EXPECT, 1, 0, argv[2], NULL);
  if (strcmp (cmd, "text") == 0 && argc == 3)
    return cmd_text (argv[2]);
  usage ();
  return 2;
}
