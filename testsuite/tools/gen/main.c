/* ph-gen - write seeded random C structs and unions (or C++ classes) for
   the pokehole testsuite, whose layouts are then checked against the
   compiler by ph-probe (pokehole.random/random.exp).
   Copyright (C) 2026 The pokehole authors.
   SPDX-License-Identifier: GPL-3.0-or-later

   Usage:
     ph-gen [--struct-group] [--int-enums] [--named-bitfields]
            [--c++ [--without CONSTRUCT,...] [--members FILE]]
            SEED COUNT OUT [KEYOUT]
         Writes COUNT random types to OUT (C, or C++ with --c++) and prints
         their names, one a line, on standard output (C++: the instances
         of the class templates used, too).  The same SEED gives the same
         file on every machine (our own PRNG, no libc rand).  C++ only:
         KEYOUT is a second unit that includes OUT and defines the key
         functions of the classes that have one (without it they are
         defined at the end of OUT); --members writes "CLASS PATH" for
         every member declared; --without turns constructs off (anon,
         untagged, memptr, zla, ref, nua, alias, key, clsmem), to tell
         which one a failure comes from.

   The source must compile both natively and with -m32, so nothing in it
   depends on the target: bitfield widths are written as PH_W (TYPE, N),
   N clamped to the type's width by the compiler; alignments are raised
   with _Alignas next to _Alignas (TYPE) so that they never fall below the
   natural one (an error in C11).

   C features (each drawn at random): bitfields of every integer type and
   of enums, up to full width, signed and unsigned, :0 separators, unnamed
   bitfields (bit holes), fields that cross storage units, bitfields in
   packed structs; unions; nested named and anonymous structs and unions;
   with --struct-group, the kernel's struct_group() (a union of an
   anonymous struct and a named one with the same members);
   typedef'd anonymous structs; packed and aligned(N) on types and members,
   packed+aligned together, _Alignas; flexible array members, zero-length
   arrays; enums of 1, 2, 4 and 8 bytes (packed enums, 64-bit values);
   _Bool, long double, pointers, function pointers, arrays; empty structs;
   members of earlier types.

   C++ features: struct and class keys (private members by default),
   vptrs, single and multiple inheritance, empty bases, virtual bases
   (shared), non-POD bases whose tail padding is reused (a user-provided
   constructor or private members), bitfields, final classes; anonymous
   unions and structs and named untagged ones (arrays of them too), up to
   four levels deep; data-member and member-function pointers (arrays of
   them); zero-length arrays anywhere; lvalue and rvalue reference members
   (bound by default member initializers); [[no_unique_address]] members
   of empty and non-empty classes, maybe followed by a member for their
   tail padding; members of earlier classes; members of an alias template
   (V<int> = Box<int>) and of a class template with an enum and a default
   argument (Tuned<Mode::B>); classes whose key function is defined in
   KEYOUT; after them, in every file, fixed [[no_unique_address]] members
   of classes that end in a bitfield (gen_cxx_fixed).  The bases of a
   class never name one class twice except as a shared virtual base, so
   each base can be reached by a cast in the probe.

   This file: the command line and the file's prologue (main).  The
   rest: output.c (the output file, the options), c-types.c (the C
   types), cxx.c (the C++ classes), declared in gen.h; the seeded PRNG
   in ../gen-common.c, shared with ph-initgen.  */

#include "gen.h"

/* ------------------------------------------------------------------ */

int
main (int argc, char **argv)
{
  int argi = 1;
  while (argi < argc && argv[argi][0] == '-' && argv[argi][1] == '-')
    {
      if (strcmp (argv[argi], "--c++") == 0)
        cxx = 1;
      else if (strcmp (argv[argi], "--struct-group") == 0)
        with_groups = 1;
      else if (strcmp (argv[argi], "--int-enums") == 0)
        int_enums = 1;
      else if (strcmp (argv[argi], "--named-bitfields") == 0)
        named_bitfields = 1;
      else if (strcmp (argv[argi], "--without") == 0 && argi + 1 < argc)
        {
          if (parse_without (argv[++argi]) != 0)
            return 2;
        }
      else if (strcmp (argv[argi], "--members") == 0 && argi + 1 < argc)
        {
          members_out = fopen (argv[++argi], "w");
          if (members_out == NULL)
            {
              perror (argv[argi]);
              return 2;
            }
        }
      else
        break;
      argi++;
    }
  int nargs = argc - argi;
  if (nargs != 3 && !(cxx && nargs == 4))
    {
      fprintf (stderr, "usage: ph-gen [--struct-group] [--int-enums] [--named-bitfields] [--c++ [--without CONSTRUCT,...] "
               "[--members FILE]] SEED COUNT OUT [KEYOUT]\n");
      return 2;
    }
  char *end;
  unsigned long long seed = strtoull (argv[argi], &end, 0);
  unsigned long count = strtoul (argv[argi + 1], NULL, 0);
  if (*end != '\0' || count == 0 || count > MAXCLS)
    {
      fprintf (stderr, "ph-gen: bad SEED or COUNT (1..%d)\n", MAXCLS);
      return 2;
    }
  rng_state = seed;
  const char *outname = argv[argi + 2];
  const char *keyname = nargs == 4 ? argv[argi + 3] : NULL;
  out = fopen (outname, "w");
  if (out == NULL)
    {
      perror (outname);
      return 2;
    }
  emit ("/* Generated by ph-gen%s %llu %lu: random types for the pokehole "
        "testsuite.  */\n", cxx ? " --c++" : "", seed, count);
  emit ("#define PH_W(T, N) ((N) < 8 * sizeof (T) ? (N) : 8 * sizeof (T))"
        "\n\n");
  if (!cxx && with_groups)
    emit ("#define struct_group(NAME, ...) \\\n"
          "  union { struct { __VA_ARGS__ }; struct { __VA_ARGS__ } NAME; }\n\n");
  if (cxx)
    {
      emit ("enum E8 : unsigned char { e8a, e8b = 200 };\n"
            "enum class E16 : short { a = -1, b = 300 };\n"
            "enum E32 { e32a = 1 };\n"
            "enum class E64 : unsigned long long { a = 1ULL << 40 };\n\n"
            "enum class Mode : unsigned char { A, B, C };\n"
            "template<class T> struct Box { T v; char c; };\n"
            "template<class T> using V = Box<T>;\n"
            "template<Mode M, int N = 3> struct Tuned { char a[N]; Mode m; };\n"
            "static int ph_ref_int;\nstatic long ph_ref_long;\n"
            "static char ph_ref_char;\nstatic double ph_ref_double;\n\n");
      classes = calloc (count, sizeof *classes);
      keyed = calloc (count, sizeof *keyed);
      if (classes == NULL || keyed == NULL)
        return 2;
      for (unsigned long i = 0; i < count; i++)
        gen_cxx_class ((int) i);
      gen_cxx_fixed ();
      print_used_instances ();
      free (classes);
      if (keyname == NULL)
        emit_key_functions ();
    }
  else
    {
      if (int_enums)
        emit ("enum ph_e8 { e8a, e8b = 200 };\n"
              "enum ph_e16 { e16a, e16b = 300 };\n"
              "enum ph_e32 { e32a, e32b = 70000 };\n"
              "enum ph_e64 { e64a, e64b = 0x10000000 };\n"
              "enum ph_eneg { enega = -5, enegb = 5 };\n\n");
      else
        emit ("enum __attribute__ ((packed)) ph_e8 { e8a, e8b = 200 };\n"
              "enum __attribute__ ((packed)) ph_e16 { e16a, e16b = 300 };\n"
              "enum ph_e32 { e32a, e32b = 70000 };\n"
              "enum ph_e64 { e64a, e64b = 0x100000000LL };\n"
              "enum ph_eneg { enega = -5, enegb = 5 };\n\n");
      types = calloc (count + 1, sizeof *types);
      if (types == NULL)
        return 2;
      for (unsigned long i = 0; i < count; i++)
        gen_c_type ((unsigned) i);
      free (types);
    }
  if (fclose (out) != 0)
    {
      perror (outname);
      return 2;
    }
  if (keyname != NULL)
    {
      /* The other unit: the classes again, and their key functions.  */
      char *abs = realpath (outname, NULL);
      out = fopen (keyname, "w");
      if (abs == NULL || out == NULL)
        {
          perror (abs == NULL ? outname : keyname);
          return 2;
        }
      emit ("/* Generated by ph-gen --c++ %llu %lu: the key functions of "
            "the classes of the other unit.  */\n#include \"%s\"\n\n",
            seed, count, abs);
      free (abs);
      emit_key_functions ();
      if (fclose (out) != 0)
        {
          perror (keyname);
          return 2;
        }
    }
  free (keyed);
  if (members_out != NULL && fclose (members_out) != 0)
    {
      perror ("--members");
      return 2;
    }
  return 0;
}
