/* ph-probe - turn pokehole's layout reports into canonical lines, and write
   C programs that print the same lines from the compiler's own values.
   Copyright (C) 2026 The pokehole authors.
   SPDX-License-Identifier: GPL-3.0-or-later

   Usage:
     ph-probe gen [--text] LAYOUT.jsonl SOURCE.c > probe.c
         A C program that #includes SOURCE.c and prints, for every type and
         member named in LAYOUT.jsonl, the compiler's offsetof, sizeof and
         __alignof__ (bitfields measured by setting their bits).
     ph-probe expect LAYOUT.jsonl...
         The same lines from the JSON's own numbers.
     ph-probe text-expect LAYOUT.jsonl...
         The lines a pahole-style text report can be checked on (types'
         sizes, members' offsets and sizes, bitfields' bit positions).
     ph-probe text REPORT.txt
         The same lines as text-expect, read from a pahole-style report.
     ph-probe gen --asm [--text] LAYOUT.jsonl SOURCE.c > probe.c
     ph-probe asm probe.s [RUN.txt]
         The same lines as gen's program prints, from its assembly: every
         number the compiler knows is an operand of an asm statement (an
         integer constant, or the compile fails), and a C bitfield's bits
         are read from the image of its type with only it set; gcc -S
         writes them out and asm reads them back (asm.c).  What only a
         run can measure (a C++ vptr, virtual base, reference, bitfield)
         the program prints: asm exits 3 until given its output RUN.

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
   (unreadable or malformed input, bad usage).

   This file: the command line (main).  The rest, declared in probe.h:
   util.c (errors, allocation), jsonl.c (the input), names.c (names in
   generated code), walk.c and walk-type.c (the walk the expect and gen
   modes share), json-cmd.c (those modes), text.c (the text mode),
   bits.c (the bit map).  */

#include "probe.h"

static void
usage (void)
{
  fprintf (stderr,
           "usage: %s gen [--text] [--c++] LAYOUT.jsonl SOURCE.c\n"
           "       %s expect LAYOUT.jsonl...\n"
           "       %s text-expect LAYOUT.jsonl...\n"
           "       %s text REPORT.txt\n"
           "       %s gen --asm [--text] LAYOUT.jsonl SOURCE.c\n"
           "       %s asm PROBE.s [RUN.txt]\n"
           "       %s gen --bits [--asm] LAYOUT.jsonl SOURCE.c\n"
           "       %s bits-expect LAYOUT.jsonl\n",
           progname, progname, progname, progname, progname, progname,
           progname, progname);
  exit (2);
}

int
main (int argc, char **argv)
{
  if (argc < 2)
    usage ();
  const char *cmd = argv[1];
  if (strcmp (cmd, "gen") == 0 && argc == 5 && strcmp (argv[2], "--bits") == 0)
    return cmd_bits (1, 0, argv[3], argv[4]);
  if (strcmp (cmd, "gen") == 0 && argc == 6 && strcmp (argv[2], "--bits") == 0
      && strcmp (argv[3], "--asm") == 0)
    return cmd_bits (1, 1, argv[4], argv[5]);
  if (strcmp (cmd, "bits-expect") == 0 && argc == 3)
    return cmd_bits (0, 0, argv[2], NULL);
  if (strcmp (cmd, "gen") == 0)
    {
      /* --text, --c++, --asm, in any order */
      static const char *const opts[] = { "--text", "--c++", "--asm" };
      int set[3] = { 0, 0, 0 }, i = 2;
      for (; i < argc && strncmp (argv[i], "--", 2) == 0; i++)
        {
          size_t k = 0;
          while (k < 3 && strcmp (argv[i], opts[k]) != 0)
            k++;
          if (k == 3)
            usage ();
          set[k] = 1;
        }
      int text = set[0], cxx = set[1], asm_out = set[2];
      if (argc - i != 2)
        usage ();
      /* A C++ source (by its suffix, as GCC decides) gets a C++ probe.  */
      const char *src = argv[i + 1];
      if (ends_with (src, ".cc") || ends_with (src, ".cpp")
          || ends_with (src, ".cxx") || ends_with (src, ".C")
          || ends_with (src, ".c++"))
        cxx = 1;
      return cmd_json (MODE_GEN, text, cxx, asm_out, argv[i], src);
    }
  /* Several reports: one after the other, the worst status (the
     sanitized run of fuzz/check-sanitize.sh starts once for them all).  */
  if ((strcmp (cmd, "expect") == 0 || strcmp (cmd, "text-expect") == 0)
      && argc >= 3)
    {
      int worst = 0;
      for (int i = 2; i < argc; i++)
        {
          int rc = cmd_json (MODE_EXPECT, cmd[0] == 't', 0, 0, argv[i], NULL);
          if (rc > worst)
            worst = rc;
        }
      return worst;
    }
  if (strcmp (cmd, "text") == 0 && argc == 3)
    return cmd_text (argv[2]);
  if (strcmp (cmd, "asm") == 0 && (argc == 3 || argc == 4))
    return cmd_asm (argv[2], argc == 4 ? argv[3] : NULL);
  usage ();
  return 2;
}
