/* expect.c - what ph-allocgen knows of its corpus, recorded as it writes
   it, and the file "expected" that says it in the lines the test turns
   the plugin's records into (allocgen.exp):

     unit FILE LANG                    a unit and how it is compiled
     bug NAME TEXT                     a known bug of the plugin
     known NAME unit|merged FILE:LINE  a place where NAME shows, in the
                                       per-unit records or the merged ones
     rec UNIT TYPE                     UNIT's records have TYPE
     heap UNIT TYPE FILE:LINE HOW CALL c=COUNT a=ARRAY t=TAIL b=BYTES
          o=OBJECT os=OBJECT_SIZE k=CACHE v=CACHE_VAR al=CACHE_ALIGN
          hw=CACHE_HWALIGN
     static UNIT TYPE VAR FILE:LINE in=IN c=COUNT b=N*ELEM
     mrec TYPE                         the program's (pokehole --worth)
     mheap TYPE FILE:LINE HOW CALL c= a= t= b= o= k=
     mstatic TYPE VAR FILE:LINE in= c= b=

   BYTES is "-" (none) or NX+R: N times the type's size and R bytes
   more, so that no line holds a size (the compiler's, read from the
   record); a static's bytes are N elements of ELEM.  CALL and OBJECT
   are the library's names without template arguments and __cxx11
   (std::vector::push_back).  os= is "gt" when the object is bigger than
   the type; al= "T" when the cache's alignment is the type's.  In the
   merged lines bytes are what pokehole --worth weighs: the object's
   ("obj"), the request, or COUNT objects when the site gives no
   request.
   Copyright (C) 2026 The pokehole authors.
   SPDX-License-Identifier: GPL-3.0-or-later  */

#include "allocgen.h"

static struct site *sites;
static unsigned nsites, capsites;
static struct inst *insts;
static unsigned ninsts, capinsts;
unsigned negatives;

struct known {
  const char *bug, *level, *file;
  unsigned line;
};
static struct known *knowns;
static unsigned nknowns, capknowns;

/* The plugin's known bugs: none now.  The five this generator found
   (new[]'s cookie counted as objects, C++'s unfolded sizeof, the folded
   flexible array, a type ranked twice, C's and C++'s columns) were
   fixed; their constructs stay in the corpus as plain checks.  A new
   one gets a line here and known_add calls at its places.  */
static const char *const bug_text[][2] = {
  { NULL, NULL },
};

/* ARRAY (N elements of SIZE, room for *CAP) with room for one more.  */
static void *
grow (void *array, unsigned n, unsigned *cap, size_t size)
{
  if (n < *cap)
    return array;
  *cap = *cap ? *cap * 2 : 16;
  return xrealloc (array, *cap * size);
}

struct site *
site_new (int unit, unsigned seen, int type, const char *file,
          unsigned line, const char *how, const char *call)
{
  sites = grow (sites, nsites, &capsites, sizeof *sites);
  struct site *s = &sites[nsites++];
  *s = (struct site) { .unit = unit, .seen = seen, .type = type,
                       .file = file, .line = line, .how = how, .call = call,
                       .bytes = "-", .object = "-", .cache = "-", .var = "-",
                       .al = "0" };
  return s;
}

/* K objects, the request K times the type.  */
void
site_count (struct site *s, unsigned k)
{
  s->count = k;
  snprintf (s->bytes, sizeof s->bytes, "%ux+0", k);
}

void
inst_add (int unit, unsigned seen, int once, int elem, unsigned ecount,
          const char *var, const char *file, unsigned line)
{
  insts = grow (insts, ninsts, &capinsts, sizeof *insts);
  struct inst *i = &insts[ninsts++];
  *i = (struct inst) { .unit = unit, .seen = seen, .once = once,
                       .elem = elem, .ecount = ecount, .file = file,
                       .line = line };
  snprintf (i->var, sizeof i->var, "%s", var);
}

/* A known bug at a place, FILE:LINE; FILE NULL: the type named LINE
   (a corpus type's index) wherever it shows.  */
void
known_add (const char *bug, const char *level, const char *file,
           unsigned line)
{
  knowns = grow (knowns, nknowns, &capknowns, sizeof *knowns);
  knowns[nknowns++] = (struct known) { bug, level, file, line };
}

/* Objects of each corpus type in one T, T itself included, arrays
   multiplied, through the members of members: what the plugin counts
   in a static variable (a union's members all counted).  */
static void
count_in (int t, unsigned mult, unsigned *counts)
{
  counts[t] += mult;
  for (unsigned i = 0; i < types[t].nm; i++)
    {
      const struct member *m = &types[t].m[i];
      if (m->rec >= 0)
        count_in (m->rec, mult * (m->n1 ? m->n1 : 1) * (m->n2 ? m->n2 : 1),
                  counts);
    }
}

/* The units that report a site or variable: its own, or every unit of
   the languages that see the header's.  */
static int
reports (int owner, unsigned seen, unsigned u)
{
  return owner >= 0 ? (unsigned) owner == u : (units[u].lang & seen) != 0;
}

static const char *
merged_bytes (const struct site *s)
{
  static char b[24];
  if (strcmp (s->object, "-") != 0)
    return "obj";
  if (s->tail && strcmp (s->bytes, "-") == 0)
    return "-";
  if (s->count == 0)
    return "-";
  if (strcmp (s->bytes, "-") != 0)
    return s->bytes;
  snprintf (b, sizeof b, "%ux+0", s->count);
  return b;
}

static void
site_line (struct sb *o, const struct site *s, int u)
{
  const char *ty = types[s->type].name;
  if (u >= 0)
    sb_add (o, "heap %s %s %s:%u %s %s c=%u a=%d t=%d b=%s o=%s os=%s "
            "k=%s v=%s al=%s hw=%d\n", units[u].file, ty, s->file, s->line,
            s->how, s->call, s->count, s->array, s->tail, s->bytes,
            s->object, strcmp (s->object, "-") ? "gt" : "-", s->cache,
            s->var, s->al, s->hw);
  else
    sb_add (o, "mheap %s %s:%u %s %s c=%u a=%d t=%d b=%s o=%s k=%s\n", ty,
            s->file, s->line, s->how, s->call, s->count, s->array, s->tail,
            merged_bytes (s), s->object, s->cache);
}

/* One line per type the variable holds; HAVE marks the types.  */
static void
inst_lines (struct sb *o, const struct inst *i, int u, unsigned char *have)
{
  unsigned counts[MAXT] = { 0 };
  count_in (i->elem, i->ecount, counts);
  const char *elem = types[i->elem].name;
  for (unsigned t = 0; t < ntypes; t++)
    {
      if (!counts[t])
        continue;
      const char *in = (int) t == i->elem ? "-" : elem;
      if (u >= 0)
        sb_add (o, "static %s %s %s %s:%u in=%s c=%u b=%u*%s\n",
                units[u].file, types[t].name, i->var, i->file, i->line, in,
                counts[t], i->ecount, elem);
      else
        sb_add (o, "mstatic %s %s %s:%u in=%s c=%u b=%u*%s\n", types[t].name,
                i->var, i->file, i->line, in, counts[t], i->ecount, elem);
      have[t] = 1;
    }
}

void
write_expected (struct sb *o, unsigned long long seed)
{
  static const char *const lang_name[] = { "", "c", "kernel", "", "c++" };
  sb_add (o, "# ph-allocgen %llu: what the plugin must report (expect.c)\n",
          seed);
  for (unsigned u = 0; u < nunits; u++)
    sb_add (o, "unit %s %s\n", units[u].file, lang_name[units[u].lang]);
  for (unsigned b = 0; b < sizeof bug_text / sizeof bug_text[0]; b++)
    if (bug_text[b][0])
      sb_add (o, "bug %s %s\n", bug_text[b][0], bug_text[b][1]);
  for (unsigned k = 0; k < nknowns; k++)
    if (knowns[k].file)
      sb_add (o, "known %s %s %s:%u\n", knowns[k].bug, knowns[k].level,
              knowns[k].file, knowns[k].line);
    else
      sb_add (o, "known %s %s type=%s\n", knowns[k].bug, knowns[k].level,
              types[knowns[k].line].name);

  /* Each unit's records.  */
  for (unsigned u = 0; u < nunits; u++)
    {
      unsigned char have[MAXT] = { 0 };
      for (unsigned s = 0; s < nsites; s++)
        if (reports (sites[s].unit, sites[s].seen, u))
          {
            site_line (o, &sites[s], (int) u);
            have[sites[s].type] = 1;
          }
      for (unsigned i = 0; i < ninsts; i++)
        if (reports (insts[i].unit, insts[i].seen, u))
          inst_lines (o, &insts[i], (int) u, have);
      for (unsigned t = 0; t < ntypes; t++)
        if (have[t])
          sb_add (o, "rec %s %s\n", units[u].file, types[t].name);
    }

  /* The program's: a site once; a variable once when it is one object,
     else once for each unit that has its own.  */
  unsigned char have[MAXT] = { 0 };
  for (unsigned s = 0; s < nsites; s++)
    {
      site_line (o, &sites[s], -1);
      have[sites[s].type] = 1;
    }
  for (unsigned i = 0; i < ninsts; i++)
    {
      const struct inst *in = &insts[i];
      if (in->unit >= 0 || in->once)
        inst_lines (o, in, -1, have);
      else
        for (unsigned u = 0; u < nunits; u++)
          if (units[u].lang & in->seen)
            inst_lines (o, in, -1, have);
    }
  for (unsigned t = 0; t < ntypes; t++)
    if (have[t])
      sb_add (o, "mrec %s\n", types[t].name);
}

/* What the corpus holds, for the test's log and names.  */
void
write_stats (struct sb *o)
{
  static const char *const hows[] = { "malloc", "kmalloc", "cache", "new",
                                      "new[]", "library" };
  unsigned per_lang[5] = { 0 }, per_kind[6] = { 0 }, lines = 0;
  for (unsigned u = 0; u < nunits; u++)
    per_lang[units[u].lang]++;
  for (unsigned t = 0; t < ntypes; t++)
    per_kind[types[t].kind]++;
  sb_add (o, "types %u (plain %u, typedef'd untagged %u, union %u, flexible "
          "%u, with destructor %u)\nunits %u (C %u, kernel %u, C++ %u)\n",
          ntypes, per_kind[TK_PLAIN], per_kind[TK_ANON], per_kind[TK_UNION],
          per_kind[TK_FLEX], per_kind[TK_DTOR] + per_kind[TK_SMALL_DTOR],
          nunits, per_lang[L_C], per_lang[L_KERNEL], per_lang[L_CXX]);
  sb_add (o, "sites %u:", nsites);
  for (unsigned h = 0; h < sizeof hows / sizeof hows[0]; h++)
    {
      unsigned n = 0, in_header = 0;
      for (unsigned s = 0; s < nsites; s++)
        if (strcmp (sites[s].how, hows[h]) == 0)
          {
            n++;
            in_header += sites[s].unit < 0;
          }
      sb_add (o, " %s %u (header %u)", hows[h], n, in_header);
    }
  for (unsigned s = 0; s < nsites; s++)
    for (unsigned u = 0; u < nunits; u++)
      lines += reports (sites[s].unit, sites[s].seen, u);
  sb_add (o, "\nsite records in the units %u\nstatic variables %u\n"
          "not sites nor instances %u\nplaces of known bugs %u\n", lines,
          ninsts, negatives, nknowns);
}
