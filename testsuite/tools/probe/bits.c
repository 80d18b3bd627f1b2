/* bits.c - ph-probe's bit map (gen --bits, bits-expect, cmd_bits):
   every bit of a struct or union is a member's, a hole's or padding's,
   once.
   Copyright (C) 2026 The pokehole authors.
   SPDX-License-Identifier: GPL-3.0-or-later  */

#include "probe.h"

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

/* What the generated code of one type needs: its serial number, its C
   spelling, and in a static probe (gen --bits --asm) the images made so
   far.  */
struct bits_gen {
  unsigned serial;
  const char *ctype;
  int asm_out;
  unsigned images;
};

/* Sets every member of MEMBERS (reached by PREFIX) to all ones; in a
   struct, an untagged struct's members one by one, so that the bits its
   holes leave stay clear.  A static probe gives ph-probe asm each
   member's bytes (offsetof, sizeof) and each bitfield's image, the type
   with only it set (a union's members would overwrite each other in one
   initializer).  */
static void
bits_gen_set (const json_t *members, const char *prefix, struct bits_gen *g,
              int in_union, int depth)
{
  unsigned serial = g->serial;
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
          bits_gen_set (leaf_members (m), p, g, 0, depth + 1);
          free (p);
          continue;
        }
      if (*mname == '\0' || is_flexible_array (type))
        continue;
      if (g->asm_out && bitfield)
        {
          printf ("  static const union { %s s; unsigned char b[sizeof (%s)]; } "
                  "ph_b%u __attribute__ ((__used__)) = { .s.%s%s = %s };\n"
                  "  __asm__ volatile (\"\\n#PHI %u %u\" : :);\n",
                  g->ctype, g->ctype, g->images, prefix, mname,
                  strcmp (type, "_Bool") == 0 ? "1" : "-1", serial, g->images);
          g->images++;
        }
      else if (g->asm_out)
        printf ("  __asm__ volatile (\"\\n#PHR %u %%c0 %%c1\" : : \"i\" "
                "((unsigned long) __builtin_offsetof (%s, %s%s)),\n"
                "    \"i\" ((unsigned long) sizeof (((%s *) 0)->%s%s)));\n",
                serial, g->ctype, prefix, mname, g->ctype, prefix, mname);
      else if (bitfield)
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
bits_gen_fill (const json_t *members, const struct bits_gen *g, int in_union,
               int depth)
{
  unsigned serial = g->serial;
  for (size_t i = 0; i < json_array_size (members); i++)
    {
      const json_t *m = json_array_get (members, i);
      const char *mname = "";
      uint64_t o = 0, s = 0;
      get_string (m, "name", &mname);
      if (!in_union && nested_struct (m) && depth < 16)
        {
          bits_gen_fill (leaf_members (m), g, 0, depth + 1);
          continue;
        }
      if (*mname != '\0')
        continue;
      get_uint (m, "offset", &o);
      get_uint (m, "size", &s);
      if (g->asm_out)
        printf ("  __asm__ volatile (\"\\n#PHR %u %" PRIu64 " %" PRIu64
                "\" : :);\n", serial, o, s);
      else
      printf ("    ph_fill (ph_m%u, sizeof ph_b%u, %" PRIu64 "UL, %" PRIu64
              "UL);\n", serial, serial, o, s);
    }
}

static void
bits_gen_type (const json_t *t, const char *kind, const char *name,
               struct bits_gen *g)
{
  const json_t *members = json_object_get (t, "members");
  int is_typedef = 0;
  unsigned serial = g->serial;
  get_bool (t, "typedef", &is_typedef);
  char *ctype = is_typedef ? xstrdup (name) : xasprintf ("%s %s", kind, name);
  int is_union = strcmp (kind, "union") == 0;
  g->ctype = ctype;
  if (g->asm_out)
    {
      /* ph-probe asm: "#PHB SEQ SIZE KIND NAME", then the type's bytes
         and images (#PHR, #PHI) under the same SEQ.  */
      printf ("  __asm__ volatile (\"\\n#PHB %u %%c0 %s %s\" : : \"i\" "
              "((unsigned long) sizeof (%s)));\n", serial, kind, name, ctype);
      bits_gen_set (members, "", g, is_union, 0);
      bits_gen_fill (members, g, is_union, 0);
      free (ctype);
      return;
    }
  printf ("  {\n    static %s ph_b%u;\n"
          "    static unsigned char ph_m%u[sizeof (%s) + 1];\n"
          "    __builtin_memset (&ph_b%u, 0, sizeof ph_b%u);\n",
          ctype, serial, serial, ctype, serial, serial);
  bits_gen_set (members, "", g, is_union, 0);
  printf ("    __builtin_memcpy (ph_m%u, &ph_b%u, sizeof ph_b%u);\n",
          serial, serial, serial);
  bits_gen_fill (members, g, is_union, 0);
  printf ("    ph_runs (\"%s %s\", ph_m%u, sizeof ph_b%u);\n  }\n", kind,
          name, serial, serial);
  free (ctype);
}

int
cmd_bits (int gen, int asm_out, const char *layout, const char *source)
{
  struct layout_file lf;
  size_t checked = 0;
  struct bits_gen g = { 0, NULL, asm_out, 0 };
  load_jsonl (layout, &lf);
  if (gen && asm_out)
    {
      print_head (layout, source, " --bits --asm",
                  "the bits the compiler gives each member, in its assembly");
      fputs ("\n\nvoid\nph_probe_asm (void)\n{\n"
             "  __asm__ volatile (\"\\n#PHW 0 %c0\" : : \"i\" "
             "(sizeof (unsigned long)));\n", stdout);
    }
  else if (gen)
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
      g.serial = (unsigned) checked;
      if (gen)
        bits_gen_type (lf.types[i], kind, name, &g);
      else
        bits_expect_type (lf.types[i], kind, name);
      checked++;
    }
  if (gen && asm_out)
    printf ("  __asm__ volatile (\"\\n#PHRT 0 0\" : :);\n}\n");
  else if (gen)
    printf ("  return 0;\n}\n");
  free_layout (&lf);
  return finish_output (layout, checked);
}
