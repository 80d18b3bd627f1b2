/* walk.c - the walk over a type's members that the expect, text-expect
   and gen modes share: each member's line from the JSON's numbers or the
   C that prints the compiler's (walk_member, walk_members), C++ bases
   and vptrs too.
   Copyright (C) 2026 The pokehole authors.
   SPDX-License-Identifier: GPL-3.0-or-later  */

#include "probe.h"

/* ------------------------------------------------------------------ */
/* Walking the JSON: expect, text-expect and gen modes share this.     */

/* Print a number field from the JSON, or "?" when it is missing.  */
void
put_json_uint (FILE *out, const char *label, const json_t *obj,
               const char *key)
{
  uint64_t v;
  if (get_uint (obj, key, &v))
    fprintf (out, " %s=%" PRIu64, label, v);
  else
    fprintf (out, " %s=?", label);
}

int
ends_with (const char *s, const char *suffix)
{
  size_t n = strlen (s), m = strlen (suffix);
  return n >= m && strcmp (s + n - m, suffix) == 0;
}

/* A flexible array member (or a GNU zero-length array): sizeof cannot be
   applied to the former, and both are 0 bytes.  */
int
is_flexible_array (const char *type)
{
  return type != NULL && (ends_with (type, "[]") || ends_with (type, "[0]"));
}

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
int
is_reference (const struct walk *w, const char *type)
{
  return w->cxx && type != NULL
         && declares_reference (type, 0, (long) strlen (type));
}

/* Whether JSON object V (a type, or a member defined in place) is a
   union.  */
int
json_is_union (const json_t *v)
{
  const char *kind = NULL;
  get_string (v, "kind", &kind);
  return kind != NULL && strcmp (kind, "union") == 0;
}

/* Gen mode, one asm statement of a static probe: TAG and SEQ, then LINE
   with the N constants VALS (C expressions) where it says "%lu".  The
   compiler writes it into its assembly as a comment line; ph-probe asm
   (asm.c) reads it back.  "i" operands must be integer constants: what
   is not one fails the compile, and the runtime probe is used.  */
static void
emit_asm (FILE *o, const char *tag, unsigned seq, const char *line, int n,
          char *const *vals)
{
  int k = 0;
  fprintf (o, "  __asm__ volatile (\"\\n%s %u ", tag, seq);
  for (const char *c = line; *c; c++)
    if (c[0] == '%' && c[1] == 'l' && c[2] == 'u')
      {
        fprintf (o, "%%c%d", k++);
        c += 2;
      }
    else if (*c == '%' || *c == '{' || *c == '|' || *c == '}')
      /* the template's own characters (x86's dialect alternatives) */
      fprintf (o, "%%%c", *c);
    else if (*c == '"' || *c == '\\')
      fprintf (o, "\\%c", *c);
    else
      fputc (*c, o);
  fputs ("\" : :", o);
  for (int i = 0; i < n; i++)
    fprintf (o, "%s \"i\" ((unsigned long) (%s))", i ? "," : "", vals[i]);
  fputs (");\n", o);
}

/* Gen mode: the probe writes LINE (no newline; "%lu" where each of the N
   values VALS goes, C expressions): printed when the program runs, or,
   in a static probe (w->asm_out), by the compiler into its assembly.  */
void
gen_line (struct walk *w, const char *line, int n, char *const *vals)
{
  if (w->asm_out)
    {
      emit_asm (w->out, "#PH", w->line++, line, n, vals);
      return;
    }
  gen_line_run (w, line, n, vals);
}

/* Gen --asm: what the program prints next, up to the next such mark, is
   line w->line of the output (ph-probe asm merges it there).  */
void
gen_runtime (struct walk *w)
{
  if (!w->asm_out)
    return;
  fprintf (w->out, "  __builtin_printf (\"@@%u\\n\");\n", w->line++);
  w->runtime++;
}

/* gen_line, printed when the program runs in any probe: VALS are not
   all constants.  */
void
gen_line_run (struct walk *w, const char *line, int n, char *const *vals)
{
  gen_runtime (w);
  fputs ("  __builtin_printf (\"", w->out);
  for (const char *c = line; *c; c++)
    {
      if (*c == '"' || *c == '\\')
        fputc ('\\', w->out);
      fputc (*c, w->out);
    }
  fputs ("\\n\"", w->out);
  for (int i = 0; i < n; i++)
    fprintf (w->out, ",\n    %s", vals[i]);
  fputs (");\n", w->out);
}

/* Gen --asm: a line of data for ph-probe asm (TAG, the current line
   number, LINE with its N constants VALS), not an output line.  */
void
gen_asm_data (struct walk *w, const char *tag, const char *line, int n,
              char *const *vals)
{
  emit_asm (w->out, tag, w->line, line, n, vals);
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
int
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

  uint64_t claimed = 0;
  get_uint (m, "offset", &claimed);
  char *btype = is_base ? cxx_type_name (type) : NULL;
  int vptr = !is_base && strncmp (mname, "_vptr", 5) == 0;
  if (!w->cxx || (is_base && btype == NULL) || (!is_base && !vptr))
    {
      char *line = xasprintf ("M %s %s %s cannot be measured", w->kind,
                              w->name, label);
      gen_line (w, line, 0, NULL);
      free (line);
      free (btype);
      free (label);
      return 1;
    }
  char *off = NULL, *size = NULL, *align = NULL, *bits = NULL;
  /* A static probe measures a non-virtual base with constants: a
     pointer cast from derived to base adds the base's offset, which GCC
     folds when the pointer is a constant (4096: not null, which the cast
     keeps null).  */
  int fixed = w->asm_out && is_base && !is_virtual;
  if (fixed)
    {
      off = xasprintf ("(unsigned long) (char *) (%s *) (%s *) 4096 - 4096UL",
                       btype, w->ctype);
      char *d = xasprintf ("((unsigned long) (char *) (%s *) (ph_nvalign< %s "
                           ">::D *) 4096 - 4096UL)", btype, btype);
      align = xasprintf ("(ph_nvalign< %s >::plain ? alignof (%s) : %s & -%s)",
                         btype, btype, d, d);
      free (d);
    }
  else if (is_base)
    {
      off = is_virtual
        ? xasprintf ("ph_vbase< %s, %s > (%" PRIu64 "UL)", w->ctype, btype,
                     claimed)
        : xasprintf ("(unsigned long) ((char *) (%s *) &ph_raw< %s > () "
                     "- (char *) &ph_raw< %s > ())", btype, w->ctype,
                     w->ctype);
      align = xasprintf ("ph_nvalign< %s >::get ()", btype);
    }
  if (is_base)
    {
      size = xasprintf ("(unsigned long) sizeof (%s)", btype);
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
  char *line = xasprintf ("M %s %s %s offset=%%lu size=%%lu%s", w->kind,
                          w->name, label, w->text ? ""
                          : has_align ? " align=%lu bit_offset=%lu bit_size=%lu"
                          : " bit_offset=%lu bit_size=%lu");
  char *bo = xasprintf ("8 * (%s)", off);
  char *vals[5] = { off, size, align, bo, bits };
  if (!has_align)
    vals[2] = bo, vals[3] = bits;
  int n = w->text ? 2 : has_align ? 5 : 4;
  if (fixed)
    gen_line (w, line, n, vals);
  else
    gen_line_run (w, line, n, vals);
  free (bo);
  free (line);
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
        {
          char *line = xasprintf ("M %s %s %s cannot be named in C", w->kind,
                                  w->name, ppath);
          gen_line (w, line, 0, NULL);
          free (line);
        }
      else if (bitfield && w->cxx)
        {
          /* Raw storage (no constructor needed), all ones of the
             declared type (enums and bool included) via ph_ones.  */
          gen_runtime (w);
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
      else if (bitfield && !is_simple_type (type))
        {
          char *line = xasprintf ("M %s %s %s bitfield type cannot be "
                                  "measured", w->kind, w->name, path);
          gen_line (w, line, 0, NULL);
          free (line);
        }
      else if (bitfield && w->asm_out)
        {
          /* The compiler's image of the type with only this bitfield
             set, in its assembly: ph-probe asm finds its bits from the
             data after the label and puts them where @oN@, @fN@ and
             @cN@ stand.  */
          const char *val = strcmp (type, "_Bool") == 0
                            || strcmp (type, "bool") == 0 ? "1" : "-1";
          fprintf (o, "  static const union { %s s; unsigned char b[sizeof "
                   "(%s)]; } ph_b%u __attribute__ ((__used__)) = "
                   "{ .s.%s = %s };\n", w->ctype, w->ctype, w->serial, path,
                   val);
          char *line = xasprintf ("M %s %s %s offset=@o%u@ size=%%lu "
                                  "bit_offset=@f%u@ bit_size=@c%u@", w->kind,
                                  w->name, path, w->serial, w->serial,
                                  w->serial);
          char *size = xasprintf ("sizeof (%s)", type);
          gen_line (w, line, 1, &size);
          free (size);
          free (line);
          w->serial++;
        }
      else if (bitfield)
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
             measured on raw storage instead, or, in a static probe, by
             GCC's __builtin_offsetof, which takes it (a warning).  */
          char *off_expr = ref
            ? xasprintf ("ph_refoff< %s > ([] (%s &ph_r) { return (const "
                         "void *) &ph_r.%s; })", w->ctype, w->ctype, path)
            : w->cxx && !w->asm_out
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
          if (occ)
            {
              gen_runtime (w);
              fprintf (o, head_fmt, w->kind, w->name, path);
              fprintf (o, " offset=%%lu size=%%lu%s bit_offset=%%lu "
                       "bit_size=%%lu\",\n    %s,\n    %s,\n",
                       has_align ? " align=%lu" : "", off_expr, size_expr);
              if (has_align)
                fprintf (o, "    %s,\n", align_expr);
              fprintf (o, "    8 * %s,\n    8 * %s);\n"
                       "  ph_occ< decltype (((%s *) 0)->%s) >::put (%d, %d);\n"
                       "  __builtin_printf (\"\\n\");\n", off_expr, size_expr,
                       w->ctype, path,
                       !w->list_is_union && json_overlaps (w->list, m),
                       claimed);
            }
          else
            {
              char *line = xasprintf ("M %s %s %s offset=%%lu size=%%lu%s",
                                      w->kind, w->name, path,
                                      w->text ? ""
                                      : has_align
                                      ? " align=%lu bit_offset=%lu "
                                        "bit_size=%lu"
                                      : " bit_offset=%lu bit_size=%lu");
              char *bo = xasprintf ("8 * (%s)", off_expr);
              char *bs = xasprintf ("8 * (%s)", size_expr);
              char *vals[5] = { off_expr, size_expr, align_expr, bo, bs };
              if (!has_align)
                vals[2] = bo, vals[3] = bs;
              if (ref)
                gen_line_run (w, line, w->text ? 2 : has_align ? 5 : 4, vals);
              else
                gen_line (w, line, w->text ? 2 : has_align ? 5 : 4, vals);
              free (bo);
              free (bs);
              free (line);
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

void
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
