/* types.c - ph-accessgen's types: their model (named structs and unions,
   a C typedef of an untagged struct, C++ classes with bases; members
   that are scalars, bitfields, arrays, nested types and arrays of them,
   anonymous structs and unions, untagged structs, atomics and locks),
   their definitions, and the leaves of a root type: each member path a
   function can reach, with the path each type it goes through counts
   it under (docs/layout-jsonl.md, "Member accesses").
   Copyright (C) 2026 The pokehole authors.
   SPDX-License-Identifier: GPL-3.0-or-later  */

#include "accessgen.h"

struct gtype types[MAXT];
unsigned ntypes;

/* Each type's leaves, made at the first use.  */
struct leaves {
  struct leaf *v;
  unsigned n, cap, made;
};
static struct leaves tleaves[MAXT];

#define MAXMEMBERS 256
static struct gmember members[MAXMEMBERS];
static unsigned nmembers;

/* The integral ones first: atomic builtins take them.  */
const struct scalar scalars[] = {
  { "int", 1, 4 }, { "long", 1, 8 }, { "short", 1, 2 }, { "char", 1, 1 },
  { "unsigned int", 1, 4 }, { "unsigned long", 1, 8 },
  { "unsigned char", 1, 1 }, { "long long", 1, 8 },
  { "unsigned short", 1, 2 }, { "float", 0, 4 }, { "double", 0, 8 },
};
#define NSCALARS (sizeof scalars / sizeof scalars[0])
#define NINTEGRAL 9
#define S_UINT 4                /* a bitfield's */

void
bprintf (char *dst, size_t size, const char *fmt, ...)
{
  va_list ap;
  va_start (ap, fmt);
  int n = vsnprintf (dst, size, fmt, ap);
  va_end (ap);
  if (n < 0 || (size_t) n >= size)
    {
      fprintf (stderr, "ph-accessgen: a name or path too long\n");
      exit (2);
    }
}

static int
new_member (enum mkind kind)
{
  if (nmembers == MAXMEMBERS)
    {
      fprintf (stderr, "ph-accessgen: too many members\n");
      exit (2);
    }
  struct gmember *m = &members[nmembers];
  memset (m, 0, sizeof *m);
  m->kind = kind;
  m->rec = -1;
  snprintf (m->name, sizeof m->name, "m%u", nmembers);
  return (int) nmembers++;
}

/* A scalar, a bitfield or an array of scalars.  */
static int
plain_member (int bits_ok)
{
  unsigned r = rnd (100);
  int m;
  if (bits_ok && r < 20)
    {
      m = new_member (MK_BITS);
      members[m].scalar = S_UINT;
      members[m].bits = 1 + rnd (7);
    }
  else if (r < 35)
    {
      m = new_member (MK_SARRAY);
      members[m].scalar = (int) rnd (NSCALARS);
      members[m].n1 = 2 + rnd (3);
      members[m].n2 = chance (25) ? 2 + rnd (2) : 0;
    }
  else
    {
      m = new_member (MK_SCALAR);
      members[m].scalar = (int) rnd (NSCALARS);
    }
  return m;
}

static int
sync_member (enum mkind kind)
{
  int m = new_member (kind);
  /* _Atomic int, _Atomic long; std::atomic<int>, <long> */
  members[m].scalar = (int) rnd (2);
  return m;
}

/* An earlier type a member of a type (a union when IN_UNION) can hold,
   or -1.  C++'s types all have default member initializers, which a
   union's members cannot; nor does a union hold atomics or locks.  */
static int
pick_rec (unsigned limit, int in_union)
{
  int cand[MAXT];
  unsigned n = 0;
  if (in_union && lang == L_CXX)
    return -1;
  for (unsigned i = 0; i < limit; i++)
    if (!in_union || !types[i].syncs)
      cand[n++] = (int) i;
  return n ? cand[rnd (n)] : -1;
}

/* An anonymous struct or union (ANON) or an untagged struct or union
   member, inside a type that is a union when IN_UNION.  */
static int
aggregate_member (enum mkind kind, int in_union, unsigned limit)
{
  int m = new_member (kind);
  int u = chance (50);
  if (kind == MK_UNTAG && lang == L_CXX)
    u = 0;
  members[m].is_union = u;
  unsigned n = 2 + rnd (2);
  for (unsigned i = 0; i < n; i++)
    {
      int s;
      unsigned r = rnd (100);
      if (lang == L_C && kind == MK_ANON && i == n - 1 && r < 20)
        s = aggregate_member (MK_ANON, u, limit);
      else if (lang == L_C && !u && !in_union && r < 35)
        s = sync_member (r < 28 ? MK_ATOMIC : MK_LOCK);
      else if (kind == MK_UNTAG && !u && r < 55
               && (s = pick_rec (limit, in_union)) >= 0)
        {
          int rec = s;
          s = new_member (MK_REC);
          members[s].rec = rec;
        }
      else
        s = plain_member (1);
      members[m].sub[members[m].nsub++] = s;
    }
  return m;
}

static int
member_syncs (int mi)
{
  const struct gmember *m = &members[mi];
  switch (m->kind)
    {
    case MK_ATOMIC:
    case MK_LOCK:
      return 1;
    case MK_REC:
    case MK_RECARR:
      return types[m->rec].syncs;
    case MK_ANON:
    case MK_UNTAG:
      for (unsigned i = 0; i < m->nsub; i++)
        if (member_syncs (m->sub[i]))
          return 1;
      return 0;
    default:
      return 0;
    }
}

static int
has_kind (const struct gtype *t, enum mkind kind)
{
  for (unsigned i = 0; i < t->nmem; i++)
    if (members[t->mem[i]].kind == kind)
      return 1;
  return 0;
}

static void
add_member (struct gtype *t, int m)
{
  if (t->nmem < MAXM)
    t->mem[t->nmem++] = m;
}

/* A random member for type T, the TI-th, in room for the forced ones.  */
static void
random_member (struct gtype *t, unsigned ti)
{
  unsigned r = rnd (100);
  int rec = pick_rec (ti, t->is_union);
  int m;
  if (t->is_union && lang == L_CXX)
    m = plain_member (1);
  else if (r < 40)
    m = plain_member (1);
  else if (r < 52 && rec >= 0)
    {
      m = new_member (MK_REC);
      members[m].rec = rec;
    }
  else if (r < 62 && rec >= 0)
    {
      m = new_member (MK_RECARR);
      members[m].rec = rec;
      members[m].n1 = 2 + rnd (2);
    }
  else if (r < 72)
    m = aggregate_member (MK_ANON, t->is_union, ti);
  else if (r < 80)
    m = aggregate_member (MK_UNTAG, t->is_union, ti);
  else if (r < 90 && !t->is_union)
    m = sync_member (r < 86 ? MK_ATOMIC : MK_LOCK);
  else
    m = plain_member (1);
  add_member (t, m);
}

/* A C++ class without bases, not a union, made before LIMIT.  */
static int
pick_base (unsigned limit, int except, int may_derive)
{
  int cand[MAXT];
  unsigned n = 0;
  for (unsigned i = 0; i < limit; i++)
    if (!types[i].is_union && (int) i != except
        && (may_derive || types[i].nbases == 0))
      cand[n++] = (int) i;
  return n ? cand[rnd (n)] : -1;
}

void
gen_types (void)
{
  for (unsigned ti = 0; ti < MAXT; ti++)
    {
      tleaves[ti].made = 0;
      sb_free (&types[ti].members_text);
    }
  ntypes = 4 + rnd (3);
  nmembers = 0;
  for (unsigned ti = 0; ti < ntypes; ti++)
    {
      struct gtype *t = &types[ti];
      memset (t, 0, sizeof *t);
      /* Type 1 a union; in C, type 0 a typedef of an untagged struct
         half the time.  */
      t->is_union = ti == 1 || (ti > 1 && ti + 1 < ntypes && chance (15));
      t->typedef_only = lang == L_C && ti == 0 && chance (50);
      if (t->typedef_only)
        snprintf (t->name, sizeof t->name, "P%u_t", ti);
      else
        snprintf (t->name, sizeof t->name, "%c%u", t->is_union ? 'U' : 'T',
                  ti);
      if (lang == L_CXX && !t->is_union)
        {
          /* The last derives from the one before it, which derives
             too: a chain of two bases; others now and then, once in
             a while from two.  */
          int b = -1;
          if (ti + 1 == ntypes)
            b = pick_base (ti, -1, 1);
          else if (chance (ti + 2 == ntypes ? 70 : 30))
            b = pick_base (ti, -1, 0);
          if (b >= 0)
            {
              t->bases[t->nbases++] = b;
              int b2 = types[b].nbases == 0 && chance (25)
                ? pick_base (ti, b, 0) : -1;
              if (b2 >= 0)
                t->bases[t->nbases++] = b2;
            }
        }
      unsigned n = 2 + rnd (3);
      for (unsigned i = 0; i < n; i++)
        random_member (t, ti);
      if (ti + 1 == ntypes)
        {
          /* The last type, a root, has each kind of member.  */
          int rec = pick_rec (ti, 0);
          if (!has_kind (t, MK_ANON))
            add_member (t, aggregate_member (MK_ANON, 0, ti));
          if (!has_kind (t, MK_RECARR) && rec >= 0)
            {
              int m = new_member (MK_RECARR);
              members[m].rec = rec;
              members[m].n1 = 3;
              add_member (t, m);
            }
          if (!has_kind (t, MK_ATOMIC))
            add_member (t, sync_member (MK_ATOMIC));
          if (!has_kind (t, MK_LOCK))
            add_member (t, sync_member (MK_LOCK));
          if (!has_kind (t, MK_BITS))
            {
              int m = new_member (MK_BITS);
              members[m].scalar = S_UINT;
              members[m].bits = 3;
              add_member (t, m);
            }
        }
      for (unsigned i = 0; i < t->nmem; i++)
        t->syncs |= member_syncs (t->mem[i]);
      for (unsigned i = 0; i < t->nbases; i++)
        t->syncs |= types[t->bases[i]].syncs;
    }
  /* The roots: the last type, the union, and one or two others.  */
  types[ntypes - 1].root = 1;
  types[1].root = 1;
  for (unsigned ti = 0; ti + 1 < ntypes; ti++)
    if (chance (35))
      types[ti].root = 1;
}

const char *
type_spell (int t)
{
  static char buf[4][32];
  static unsigned k;
  char *b = buf[k++ % 4];
  if (lang == L_CXX || types[t].typedef_only)
    snprintf (b, sizeof buf[0], "%s", types[t].name);
  else
    snprintf (b, sizeof buf[0], "%s %s",
              types[t].is_union ? "union" : "struct", types[t].name);
  return b;
}

/* --- the leaves ------------------------------------------------------- */

static void
join (char *dst, size_t size, const char *a, const char *b)
{
  bprintf (dst, size, "%s%s%s", a, *a ? "." : "", b);
}

static void
leaf_add (struct leaves *ls, const char *expr, unsigned nidx,
          const unsigned *dim, const struct cnt *c, unsigned nc,
          enum vkind vk, int scalar, int agg, int in_union, unsigned bytes)
{
  if (ls->n == ls->cap)
    {
      ls->cap = ls->cap ? ls->cap * 2 : 64;
      ls->v = xrealloc (ls->v, ls->cap * sizeof *ls->v);
    }
  struct leaf *l = &ls->v[ls->n++];
  memset (l, 0, sizeof *l);
  bprintf (l->expr, sizeof l->expr, "%s", expr);
  l->nidx = nidx;
  memcpy (l->dim, dim, nidx * sizeof *dim);
  memcpy (l->c, c, nc * sizeof *c);
  l->nc = nc;
  l->vk = vk;
  l->scalar = scalar;
  l->agg = agg;
  l->in_union = in_union;
  l->bytes = bytes;
}

/* Each path of C[0..NC) followed by WHAT: ".m3", or "[]" right after.  */
static unsigned
extend (struct cnt *dst, const struct cnt *c, unsigned nc, const char *what,
        int bracket)
{
  for (unsigned i = 0; i < nc; i++)
    {
      dst[i].type = c[i].type;
      if (bracket)
        bprintf (dst[i].path, sizeof dst[i].path, "%s%s", c[i].path, what);
      else
        join (dst[i].path, sizeof dst[i].path, c[i].path, what);
    }
  return nc;
}

static void walk_type (struct leaves *ls, int t, const char *expr,
                       const struct cnt *anc, unsigned nanc, unsigned nidx,
                       const unsigned *dim, int in_union);

/* The members MEM[0..NMEM) of an aggregate, a union's (at some depth)
   when U.  */
static void
walk_members (struct leaves *ls, const int *mem, unsigned nmem,
              const char *expr, const struct cnt *anc, unsigned nanc,
              unsigned nidx, const unsigned *dim, int u)
{
  for (unsigned i = 0; i < nmem; i++)
    {
      const struct gmember *m = &members[mem[i]];
      char e[200], ee[200];
      struct cnt c[MAXCNT], ce[MAXCNT];
      unsigned d[6];
      memcpy (d, dim, nidx * sizeof *dim);
      join (e, sizeof e, expr, m->name);
      extend (c, anc, nanc, m->name, 0);
      unsigned size = scalars[m->scalar].size;
      switch (m->kind)
        {
        case MK_SCALAR:
          leaf_add (ls, e, nidx, d, c, nanc,
                    scalars[m->scalar].integral ? V_INT : V_FLOAT,
                    m->scalar, -1, u, size);
          break;
        case MK_BITS:
          leaf_add (ls, e, nidx, d, c, nanc, V_BITS, m->scalar, -1, u, 0);
          break;
        case MK_ATOMIC:
          leaf_add (ls, e, nidx, d, c, nanc, V_ATOMIC, m->scalar, -1, u, 0);
          break;
        case MK_LOCK:
          leaf_add (ls, e, nidx, d, c, nanc, V_LOCK, -1, -1, u, 0);
          break;
        case MK_SARRAY:
          leaf_add (ls, e, nidx, d, c, nanc, V_WHOLE, m->scalar, -1, u,
                    size * m->n1 * (m->n2 ? m->n2 : 1));
          bprintf (ee, sizeof ee, "%s[@]%s", e, m->n2 ? "[@]" : "");
          extend (ce, c, nanc, m->n2 ? "[][]" : "[]", 1);
          d[nidx] = m->n1;
          d[nidx + 1] = m->n2;
          leaf_add (ls, ee, nidx + (m->n2 ? 2 : 1), d, ce, nanc,
                    scalars[m->scalar].integral ? V_INT : V_FLOAT,
                    m->scalar, -1, u, size);
          break;
        case MK_REC:
          if (!types[m->rec].syncs)
            leaf_add (ls, e, nidx, d, c, nanc, V_AGG, -1, m->rec, u, 0);
          walk_type (ls, m->rec, e, c, nanc, nidx, d, u);
          break;
        case MK_RECARR:
          if (!types[m->rec].syncs)
            leaf_add (ls, e, nidx, d, c, nanc, V_WHOLE, -1, m->rec, u, 0);
          bprintf (ee, sizeof ee, "%s[@]", e);
          extend (ce, c, nanc, "[]", 1);
          d[nidx] = m->n1;
          if (!types[m->rec].syncs)
            leaf_add (ls, ee, nidx + 1, d, ce, nanc, V_AGG, -1, m->rec, u,
                      0);
          walk_type (ls, m->rec, ee, ce, nanc, nidx + 1, d, u);
          break;
        case MK_ANON:
          /* Its members are the parent's.  */
          walk_members (ls, m->sub, m->nsub, expr, anc, nanc, nidx, dim,
                        u || m->is_union);
          break;
        case MK_UNTAG:
          if (!member_syncs (mem[i]))
            leaf_add (ls, e, nidx, d, c, nanc, V_WHOLE, -1, -1, u, 0);
          walk_members (ls, m->sub, m->nsub, e, c, nanc, nidx, d,
                        u || m->is_union);
          break;
        }
    }
}

static void
walk_type (struct leaves *ls, int t, const char *expr, const struct cnt *anc,
           unsigned nanc, unsigned nidx, const unsigned *dim, int u)
{
  struct cnt c[MAXCNT];
  if (nanc + 1 > MAXCNT)
    {
      fprintf (stderr, "ph-accessgen: nested too deep\n");
      exit (2);
    }
  memcpy (c, anc, nanc * sizeof *anc);
  c[nanc].type = t;
  c[nanc].path[0] = '\0';
  /* A base's members are reached by their own names, as the derived
     class's: "base T1.m3" for it.  */
  for (unsigned i = 0; i < types[t].nbases; i++)
    {
      struct cnt cb[MAXCNT];
      char what[40];
      int b = types[t].bases[i];
      snprintf (what, sizeof what, "base %s", types[b].name);
      extend (cb, c, nanc + 1, what, 0);
      walk_type (ls, b, expr, cb, nanc + 1, nidx, dim, u);
    }
  walk_members (ls, types[t].mem, types[t].nmem, expr, c, nanc + 1, nidx,
                dim, u || types[t].is_union);
}

const struct leaf *
leaves_of (int t, unsigned *n)
{
  struct leaves *ls = &tleaves[t];
  if (!ls->made)
    {
      ls->n = 0;
      walk_type (ls, t, "", NULL, 0, 0, NULL, 0);
      ls->made = 1;
    }
  *n = ls->n;
  return ls->v;
}

/* --- the definitions -------------------------------------------------- */

static void
indent (struct sb *out, unsigned depth)
{
  sb_add (out, "%*s", (int) (2 * depth), "");
}

/* C++'s default member initializer of a member: every member has one
   (the objects are constant-initialized: constinit), but the first of
   a union only.  */
static const char *
init_of (const struct gmember *m, int in_union, int first)
{
  if (lang != L_CXX || (in_union && !first))
    return "";
  switch (m->kind)
    {
    case MK_SARRAY:
      return " = {}";
    case MK_SCALAR:
    case MK_BITS:
      return " = 0";
    default:
      return "";
    }
}

static void
write_member (struct sb *out, int mi, unsigned depth, int in_union,
              int first)
{
  const struct gmember *m = &members[mi];
  indent (out, depth);
  switch (m->kind)
    {
    case MK_SCALAR:
      sb_add (out, "%s %s%s;\n", scalars[m->scalar].name, m->name,
              init_of (m, in_union, first));
      break;
    case MK_BITS:
      sb_add (out, "%s %s : %u%s;\n", scalars[m->scalar].name, m->name,
              m->bits, init_of (m, in_union, first));
      break;
    case MK_SARRAY:
      sb_add (out, "%s %s[%u]", scalars[m->scalar].name, m->name, m->n1);
      if (m->n2)
        sb_add (out, "[%u]", m->n2);
      sb_add (out, "%s;\n", init_of (m, in_union, first));
      break;
    case MK_REC:
      sb_add (out, "%s %s;\n", type_spell (m->rec), m->name);
      break;
    case MK_RECARR:
      sb_add (out, "%s %s[%u];\n", type_spell (m->rec), m->name, m->n1);
      break;
    case MK_ATOMIC:
      if (lang == L_CXX)
        sb_add (out, "std::atomic<%s> %s{0};\n", scalars[m->scalar].name,
                m->name);
      else
        sb_add (out, "_Atomic %s %s;\n", scalars[m->scalar].name, m->name);
      break;
    case MK_LOCK:
      sb_add (out, "%s %s;\n",
              lang == L_CXX ? "std::mutex" : "pthread_mutex_t", m->name);
      break;
    case MK_ANON:
    case MK_UNTAG:
      sb_add (out, "%s\n", m->is_union ? "union" : "struct");
      indent (out, depth);
      sb_add (out, "{\n");
      for (unsigned i = 0; i < m->nsub; i++)
        write_member (out, m->sub[i], depth + 1, m->is_union, i == 0);
      indent (out, depth);
      sb_add (out, "}%s%s;\n", m->kind == MK_UNTAG ? " " : "",
              m->kind == MK_UNTAG ? m->name : "");
      break;
    }
}

void
write_types (struct sb *out)
{
  for (unsigned ti = 0; ti < ntypes; ti++)
    {
      struct gtype *t = &types[ti];
      if (t->typedef_only)
        {
          /* The record names the line of "typedef struct".  */
          t->line = sb_line (out);
          sb_add (out, "typedef struct\n{\n");
        }
      else
        {
          t->line = sb_line (out);
          sb_add (out, "%s %s", t->is_union ? "union" : "struct", t->name);
          for (unsigned i = 0; i < t->nbases; i++)
            sb_add (out, "%s %s", i ? "," : " :", types[t->bases[i]].name);
          sb_add (out, "\n{\n");
        }
      for (unsigned i = 0; i < t->nmem; i++)
        write_member (out, t->mem[i], 1, t->is_union, i == 0);
      t->text_line = sb_line (out);
      sb_add (out, "%s", sb_str (&t->members_text));
      if (t->typedef_only)
        sb_add (out, "} %s;\n\n", t->name);
      else
        sb_add (out, "};\n\n");
    }
}

static unsigned
classed (const int *mem, unsigned nmem, enum mkind kind, const char **names,
         unsigned n, unsigned max)
{
  for (unsigned i = 0; i < nmem && n < max; i++)
    {
      const struct gmember *m = &members[mem[i]];
      if (m->kind == MK_ANON)
        n = classed (m->sub, m->nsub, kind, names, n, max);
      else if (m->kind == kind)
        names[n++] = m->name;
    }
  return n;
}

unsigned
type_classed (int t, enum mkind kind, const char **names, unsigned max)
{
  return classed (types[t].mem, types[t].nmem, kind, names, 0, max);
}
