/* ph-initgen - write a seeded random C program of several translation
   units whose structs are initialized in every way C allows, to test
   pokehole --patch (issue 33): the plugin must find every initializer
   that sets members by position, and the patch must reorder each struct
   and rewrite those initializers so that the program prints the same.
   Copyright (C) 2026 The pokehole authors.
   SPDX-License-Identifier: GPL-3.0-or-later

   Usage:
     ph-initgen [--types N] [--units N] [--without CONSTRUCT,...]
                [--with CONSTRUCT,...] SEED OUTDIR
         Writes into OUTDIR (created if missing):
           types.h      the struct and union types, value macros, header
                        initializers (static inline functions, static
                        const objects)
           u1.c ... uN.c  objects of those types, each with a function
                        uK_dump() that prints every scalar leaf of them
           main.c       its own objects, the header's, and main(), which
                        calls every uK_dump()
           expected.txt what the program must print (the generator's
                        own model of C's initialization rules)
           refusals.txt the refusals the generator provoked on purpose,
                        one "TYPE<TAB>REASON" a line ("struct T3<TAB>
                        its bytes leave the program"): pokehole --patch
                        may refuse TYPE for REASON (a substring of the
                        place it names), and for no other
           stats.txt    counts: types, objects, braced lists, elements
         The same SEED gives the same files on every machine (our own
         PRNG, no libc rand).

   The program must compile with gcc -std=gnu11 (-Wall
   -Wno-missing-braces is clean), natively and with -m32, print the same
   on both but for nothing (values are in range for ILP32 and LP64: long
   and uintptr_t hold 32-bit values), never print a size or an address,
   and have no undefined or implementation-defined behaviour: unions are
   printed through the member the initializer made active only, plain
   char holds 0..127, bitfields are explicitly signed or unsigned.

   Types (types.h): N structs T0..T(N-1) and a few unions U0.. , members
   one a line with one declarator, or declared together ("int a, b[2];",
   "const char *p, *q;", "unsigned int x : 3, y : 4;") or two
   declarations on one line: char, signed/unsigned char, short,
   int, long, long long (and unsigned), _Bool, float, double, uintptr_t,
   const char * (pointing at string literals), arrays of them (2-D too),
   char arrays, named bitfields (signed int, unsigned int, unsigned char,
   unsigned short, signed/unsigned long long, _Bool), unnamed bitfields
   and :0, members of earlier structs and unions (arrays of them too),
   anonymous structs and unions (C11) and untagged named ones, nested;
   comment lines above members and comments after them.

   Initializers: file-scope, automatic and static local objects, arrays
   of structs, compound literals (at file scope through pointers, &(T){}
   and (T[N]){}; local ones, in declarations and assignments); the
   elements of each braced list are chosen element by element against a
   model of C's rules: positional, designated (.a, .a.b, [i], .a[i].b,
   through anonymous members), designators followed by positional
   elements, brace elision (flat lists through nested structs, arrays
   and anonymous members), nested braces (also for anonymous members and
   for scalars), zero fillers, partial lists, {0}, out-of-order
   designators, string literals (also concatenated, also braced) for
   char arrays, compound literals for members; values as decimal, hex,
   octal and character constants, casts, value macros (V3, ADD(a, b)),
   and in automatic objects expressions of local variables and calls;
   initializers inside static inline functions of the header and static
   const objects of the header (the same text in every unit).

   Refusals on purpose (refusals.txt; --without refuse turns them off):
   an object written with fwrite(), a cast of an object's address to a
   pointer to its first member (refused when that member moves), a whole
   initializer in a macro (#define RM_x {...}; T x = RM_x;: the plugin
   may rewrite the macro's body instead).  A type with an unnamed
   bitfield is listed too: pokehole does not move members across one;
   and one with a comment on the line of members declared together or
   on one line: pokehole does not part those.

   --without CONSTRUCT,... leaves constructs out, to narrow a failure:
     anon untagged union bitfield unnamed-bf array chararray nested
       (kinds of members)
     comments multiline trailing (the text: comments, lists on several
       lines, trailing commas)
     shared oneline (members declared together, declarations sharing
       a line)
     elision designated shuffle filler braces string compound static
     header macro var cast ptr float (kinds of elements and values)
     refuse (the refusals on purpose)
     and narrower ones, each a corner the others leave in:
     charelide   brace elision into char arrays ({ 1, 'a', 'b', 2 } for
                 { int; char[2]; int; })
     anonbraces  braces of their own for anonymous members
     anonfirst   an anonymous or untagged aggregate as a struct's first
                 member
     litelem     compound literals as elements of static initializers
                 ({ 1, (struct B){ 2, 3 } } at file scope)
     litelide    compound literals reached by brace elision (an element
                 (struct B){...} where a struct B[2] member starts)
     desigelide  brace elision right after a designator ([1] = 5 and
                 .in = 5 for aggregates)
     desigpop    an element by position right after a designated last
                 member of a struct ({ .in.last = 1, 5 }, { [0].last = 1,
                 { ... } })
   --with CONSTRUCT,... adds constructs that are off by default:
     symidx   array designators the text spells as [0x1], [N1] (a macro)
     range    GNU array ranges of one element, [2 ... 2] = v
     comma    two elements in a macro that stands for both (#define P3
              1, 2): refused on purpose (in refusals.txt)

   The model keeps to C's rules and steers clear of GCC's corners: a
   '{' where brace elision would go on into an aggregate opens that
   aggregate instead (C), so no element there is braced; no compound
   literal inside another in a static initializer (GCC: "initializer
   element is not constant"); no string literal by position right after
   a level a designator opened ({ .a[1] = 1, "x" }: GCC and clang take
   the string for a, or drop it).  expected.txt checks the model against
   the compiler.

   This file: the command line and the files written (main).  The rest,
   declared in initgen.h: types.c (constructs, the types), write-types.c
   (their C), objects.c (the leaves an initializer sets), init-state.c,
   init-values.c and init-lists.c (the initializers), units.c (the
   translation units); in ../gen-common.c, shared with ph-gen and
   ph-allocgen, the seeded PRNG, allocation, growing strings, the SEED
   OUTDIR of the command line and the files.  */

#include "initgen.h"

int
main (int argc, char **argv)
{
  gen_prog = "ph-initgen";
  int argi = 1;
  unsigned ntypes = 0, nunits = 0;
  while (argi < argc && argv[argi][0] == '-' && argv[argi][1] == '-')
    {
      if ((strcmp (argv[argi], "--without") == 0
           || strcmp (argv[argi], "--with") == 0) && argi + 1 < argc)
        {
          int with = strcmp (argv[argi], "--with") == 0;
          char *copy = strdup (argv[++argi]);
          if (copy == NULL)
            return 2;
          for (char *tok = strtok (copy, ","); tok; tok = strtok (NULL, ","))
            {
              int f;
              for (f = 0; f < NFEAT; f++)
                if (strcmp (tok, feat_names[f]) == 0)
                  break;
              if (f == NFEAT)
                {
                  fprintf (stderr, "%s: unknown construct '%s'\n", gen_prog,
                           tok);
                  free (copy);
                  return 2;
                }
              if (with)
                feat_off &= ~(1ULL << f);
              else
                feat_off |= 1ULL << f;
            }
          free (copy);
        }
      else if (strcmp (argv[argi], "--types") == 0 && argi + 1 < argc)
        ntypes = (unsigned) strtoul (argv[++argi], NULL, 0);
      else if (strcmp (argv[argi], "--units") == 0 && argi + 1 < argc)
        nunits = (unsigned) strtoul (argv[++argi], NULL, 0);
      else
        break;
      argi++;
    }
  unsigned long long seed;
  const char *outdir;
  int bad = gen_seed_outdir (argc, argv, argi,
                             "[--types N] [--units N] [--without "
                             "CONSTRUCT,...] [--with CONSTRUCT,...]",
                             &seed, &outdir);
  if (bad)
    return bad;
  rng_state = seed;
  if (!on (F_DESIGNATED))
    force_first_member = 1;
  if (ntypes == 0)
    ntypes = 3 + rnd (5);
  if (ntypes > 40)
    ntypes = 40;
  if (nunits == 0)
    nunits = 2 + rnd (3);
  if (nunits > 9)
    nunits = 9;

  /* The header.  */
  struct sb h = { 0 };
  sb_add (&h, "/* Generated by ph-initgen %llu: types for the pokehole "
          "testsuite.  */\n#ifndef PH_TYPES_H\n#define PH_TYPES_H\n\n"
          "#include <stddef.h>\n#include <stdint.h>\n#include <stdio.h>\n\n",
          seed);
  for (int i = 0; i < NVMAC; i++)
    {
      int a = (int) rnd (60), b = (int) rnd (60);
      vmac[i] = a + b;
      sb_add (&h, "#define V%d (%d + %d)\n", i, a, b);
    }
  sb_add (&h, "#define ADD(a, b) ((a) + (b))\n");
  if (on (F_SYMIDX))
    for (int i = 0; i < 8; i++)
      sb_add (&h, "#define %s %d\n", symidx_macro[i], i);
  sb_add (&h, "\n");
  unsigned nunions = on (F_UNION) && on (F_NESTED) ? rnd (3) : 0;
  unsigned ti = 0, ui = 0;
  while (ti < ntypes || ui < nunions)
    {
      int uni = ui < nunions && (ti >= ntypes || chance (30));
      struct ty *t = gen_record (uni, 0, 40);
      struct nty *n = &named[nnamed];
      snprintf (n->spell, sizeof n->spell, uni ? "union U%u" : "struct T%u",
                uni ? ui++ : ti++);
      n->t = t;
      t->named = (int) nnamed++;
      if (!uni)
        nstructs++;
      if (on (F_COMMENTS) && chance (30))
        sb_add (&h, "/* %s.  */\n", n->spell);
      sb_add (&h, "%s {\n", n->spell);
      group_commented = 0;
      write_body (&h, t, 1);
      sb_add (&h, "};\n\n");
      /* A comment on the line of members declared together or on one
         line: pokehole refuses to part them.  */
      if (group_commented)
        sb_add (&refusals, "%s\t%s\n", n->spell,
                "a comment stands on the lines of members");
      /* pokehole does not move members across an unnamed bitfield,
         nor the bitfield (the new order does not say where its bits
         go): its refusals ("... an unnamed bitfield ...") are
         expected.  */
      if (has_unnamed_bf (t))
        sb_add (&refusals, "%s\t%s\n", n->spell,
                "unnamed bitfield");
    }
  sb_add (&h, "static inline int\nph_id (int x)\n{\n  return x;\n}\n\n");
  /* After the types: the header's initializers, which may use the
     macros of --with comma, written before them at the end.  */
  struct sb h2 = { 0 };
  if (on (F_HEADER))
    header_inits (&h2);

  /* The units: u1 ... uN, and main.c's own ("m").  */
  struct unit *units = xmalloc ((nunits + 1) * sizeof *units);
  for (unsigned k = 0; k <= nunits; k++)
    {
      struct unit *u = &units[k];
      if (k < nunits)
        snprintf (u->name, sizeof u->name, "u%u", k + 1);
      else
        snprintf (u->name, sizeof u->name, "m");
      obj_serial = 0;
      unsigned nfile = 3 + rnd (5), nfunc = 1 + rnd (3);
      for (unsigned i = 0; i < nfile; i++)
        file_object (u);
      for (unsigned i = 0; i < nfunc; i++)
        local_function (u);
      if (k < nunits)
        sb_add (&h2, "void %s_dump (void);\n", u->name);
    }
  if (comma_defs.n)
    sb_add (&h, "%s\n", sb_str (&comma_defs));
  sb_add (&h, "%s\n#endif\n", sb_str (&h2));
  write_file (outdir, "types.h", sb_str (&h));

  struct sb exp = { 0 };
  for (unsigned k = 0; k <= nunits; k++)
    {
      struct unit *u = &units[k];
      struct sb f = { 0 };
      sb_add (&f, "/* Generated by ph-initgen %llu.  */\n#include \"types.h\"\n\n",
              seed);
      sb_add (&f, "%s\n%s", sb_str (&u->top), sb_str (&u->funcs));
      sb_add (&f, "%svoid\n%s_dump (void)\n{\n%s", k < nunits ? "" : "static ",
              u->name, sb_str (&u->dump));
      for (unsigned i = 0; i < u->nfunc; i++)
        sb_add (&f, "  %s_f%u ();\n", u->name, i);
      if (k == nunits)
        for (unsigned i = 0; i < nhconst; i++)
          {
            char e[16];
            snprintf (e, sizeof e, "hc%u", i);
            print_obj (&hconst_obj[i], e, e, &f, &u->exp_funcs, 1);
          }
      sb_add (&f, "}\n");
      if (k == nunits)
        {
          sb_add (&f, "\nint\nmain (void)\n{\n");
          for (unsigned i = 0; i < nunits; i++)
            sb_add (&f, "  u%u_dump ();\n", i + 1);
          sb_add (&f, "  m_dump ();\n  return 0;\n}\n");
          write_file (outdir, "main.c", sb_str (&f));
        }
      else
        {
          char fn[16];
          snprintf (fn, sizeof fn, "%s.c", u->name);
          write_file (outdir, fn, sb_str (&f));
        }
      sb_add (&exp, "%s%s", sb_str (&u->exp_top), sb_str (&u->exp_funcs));
      sb_free (&f);
    }
  write_file (outdir, "expected.txt", sb_str (&exp));
  write_file (outdir, "refusals.txt", sb_str (&refusals));
  struct sb stats = { 0 };
  sb_add (&stats, "types %u structs %u units %u objects %u initializers %u "
          "lists %u positional %u designated %u elided %u fillers %u "
          "strings %u compound %u macros %u vars %u casts %u refusals %u\n",
          nnamed, nstructs, nunits + 1, st_objects, st_inits, st_lists, st_pos,
          st_desig, st_elided, st_fillers, st_strings, st_compound, st_macros,
          st_vars, st_casts, st_refuse);
  write_file (outdir, "stats.txt", sb_str (&stats));
  return 0;
}
