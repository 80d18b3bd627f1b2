/* funcs.c - ph-accessgen's functions: each reads and writes leaves of
   its roots (pointers to global objects main passes) in the ways
   docs/layout-jsonl.md's "Member accesses" counts, in loops of known
   trip counts, on cold paths, through accessors, under locks, and
   records each access as it writes it (expect.c).  Every access is
   observable, so that GCC's early optimizations keep each one: a value
   read goes to ph_sink, a write is followed by a call of ph_step (the
   objects are global: an external call may read them), so no load is
   merged with another nor a store with the next.
   Copyright (C) 2026 The pokehole authors.
   SPDX-License-Identifier: GPL-3.0-or-later  */

#include "accessgen.h"

/* A function's object: "p->", "q->", "this->"; for a C accessor's
   argument, OBJ.  */
struct root {
  const char *pre, *obj;
  int type;
};

/* Where the code being written is.  */
struct ctx {
  struct sb *out;
  unsigned depth;               /* indentation */
  int fn;
  int cold;                     /* on a cold path */
  int never;                    /* not run in the profiled run */
  unsigned long mult;           /* runs per call of the function */
  unsigned calls;               /* calls of the function from main */
  unsigned loops;               /* loop variables i0.. in scope */
  struct root roots[2];
  unsigned nroots;
  int in_lock;                  /* between a lock and its unlock */
};

/* The text written apart and placed later, and the lines of the
   functions each holds, relative to its start.  */
enum { T_ACCESSORS, T_BODY, T_CLASS0 };
static struct sb c_accessors, body, mainb;
struct fixup {
  int fn;
  unsigned where, rel;
};
static struct fixup fixups[MAXFN];
static unsigned nfixups;

struct accessor {
  int type;
  unsigned leaf;
  int set, always;
  char name[48];
};
#define MAXACC 96
static struct accessor accs[MAXACC];
static unsigned naccs;

enum opk {
  O_READ, O_WRITE, O_COMPOUND, O_INC,
  O_ALOAD, O_ASTORE, O_AFETCH, O_SYNC, O_VCAS, O_XCHG, O_ACAS, O_TAS, O_REL,
  O_MEMSET, O_MEMCPY_IN, O_MEMMOVE_IN, O_MEMCPY_OUT, O_AGG_IN, O_AGG_OUT,
  O_GET, O_SET, O_AGET, O_ASET, O_KEEP,
  O_AT_READ, O_AT_WRITE, O_AT_ADD, O_AT_INC,
  O_AT_LOAD, O_AT_STORE, O_AT_FETCH, O_AT_XCHG, O_AT_CAS,
  O_LOCK, O_TRYLOCK, O_GUARD, O_INIT,
  NOPK
};
static const char *const opk_names[NOPK] = {
  "read", "write", "compound", "incdec",
  "atomic_load", "atomic_store", "atomic_fetch", "sync_op", "sync_cas",
  "atomic_xchg", "atomic_cas", "test_and_set", "lock_release",
  "memset", "memcpy_in", "memmove_in", "memcpy_out", "agg_in", "agg_out",
  "get", "set", "always_get", "always_set", "address_only",
  "atomic_member_read", "atomic_member_write", "atomic_member_opassign",
  "atomic_member_incdec",
  "atomic_member_load", "atomic_member_store", "atomic_member_fetch",
  "atomic_member_exchange", "atomic_member_cas",
  "lock", "trylock", "lock_guard", "lock_init",
};

/* The statements of the operations that are one statement on the
   leaf (%1$s), in the languages LANGS (bit L_C, L_CXX) for the kinds
   of leaf KINDS (bit V_*), and what the access does: A_* or SPLIT, a
   read and then a write, two accesses (x += 1 is a load and a store;
   gen_op writes a call of ph_step after a write).  Where an operation
   has several, one is picked.  Nothing GCC could fold: a bitfield's
   x |= 3 is x = 3 when it is 2 bits wide, x -= 4 is x.  */
#define SPLIT 16
#define K(v) (1u << (v))
#define KN (K (V_INT) | K (V_FLOAT))
#define KBITS (K (V_INT) | K (V_BITS))
#define KMEM (KN | K (V_AGG) | K (V_WHOLE))
#define LC (1u << L_C)
#define LX (1u << L_CXX)
#define RWA (A_R | A_W | A_ATOMIC)
struct simple {
  enum opk op;
  unsigned langs, kinds, acc;
  const char *text;
};
static const struct simple simples[] = {
  { O_READ, LC | LX, ~0u, A_R, "ph_sink ((long) (%1$s));" },
  { O_WRITE, LC | LX, ~0u, A_W, "%1$s = 1;" },
  { O_COMPOUND, LC | LX, KN | K (V_BITS), SPLIT, "%1$s += 1;" },
  { O_COMPOUND, LC | LX, KN | K (V_BITS), SPLIT, "%1$s -= 1;" },
  { O_COMPOUND, LC | LX, KBITS, SPLIT, "%1$s ^= 1;" },
  { O_COMPOUND, LC | LX, K (V_INT), SPLIT, "%1$s |= 6;" },
  { O_INC, LC | LX, KBITS, SPLIT, "%1$s++;" },
  { O_INC, LC | LX, KBITS, SPLIT, "--%1$s;" },
  { O_ALOAD, LC | LX, ~0u, A_R | A_ATOMIC,
    "ph_sink ((long) __atomic_load_n (&%1$s, __ATOMIC_ACQUIRE));" },
  { O_ASTORE, LC | LX, ~0u, A_W | A_ATOMIC,
    "__atomic_store_n (&%1$s, 1, __ATOMIC_RELEASE);" },
  { O_AFETCH, LC | LX, ~0u, RWA,
    "__atomic_fetch_add (&%1$s, 1, __ATOMIC_RELAXED);" },
  { O_AFETCH, LC | LX, ~0u, RWA,
    "__atomic_sub_fetch (&%1$s, 1, __ATOMIC_RELAXED);" },
  { O_AFETCH, LC | LX, ~0u, RWA,
    "__atomic_fetch_or (&%1$s, 1, __ATOMIC_RELAXED);" },
  { O_SYNC, LC | LX, ~0u, RWA,
    "ph_sink ((long) __sync_fetch_and_add (&%1$s, 3));" },
  { O_SYNC, LC | LX, ~0u, RWA,
    "ph_sink ((long) __sync_or_and_fetch (&%1$s, 3));" },
  { O_VCAS, LC | LX, ~0u, RWA,
    "ph_sink ((long) __sync_val_compare_and_swap (&%1$s, 0, 1));" },
  { O_VCAS, LC | LX, ~0u, RWA,
    "ph_sink ((long) __sync_bool_compare_and_swap (&%1$s, 0, 1));" },
  { O_XCHG, LC | LX, ~0u, RWA,
    "ph_sink ((long) __atomic_exchange_n (&%1$s, 2, __ATOMIC_ACQ_REL));" },
  { O_TAS, LC | LX, ~0u, RWA,
    "ph_sink ((long) __sync_lock_test_and_set (&%1$s, 1));" },
  { O_REL, LC | LX, ~0u, A_W | A_ATOMIC, "__sync_lock_release (&%1$s);" },
  { O_MEMSET, LC, KMEM, A_W, "memset (&%1$s, 0, sizeof (%1$s));" },
  { O_MEMSET, LX, KMEM, A_W, "memset ((void *) &%1$s, 0, sizeof (%1$s));" },
  { O_MEMCPY_IN, LC, KMEM, A_W, "memcpy (&%1$s, ph_src (), sizeof (%1$s));" },
  { O_MEMCPY_IN, LX, KMEM, A_W,
    "memcpy ((void *) &%1$s, ph_src (), sizeof (%1$s));" },
  { O_MEMMOVE_IN, LC, KMEM, A_W, "memmove (&%1$s, ph_src (), sizeof (%1$s));" },
  { O_MEMMOVE_IN, LX, KMEM, A_W,
    "memmove ((void *) &%1$s, ph_src (), sizeof (%1$s));" },
  { O_MEMCPY_OUT, LC, KMEM, A_R, "memcpy (ph_dst (), &%1$s, sizeof (%1$s));" },
  { O_MEMCPY_OUT, LX, KMEM, A_R,
    "memcpy (ph_dst (), (const void *) &%1$s, sizeof (%1$s));" },
  /* An address taken, no access.  */
  { O_KEEP, LC, ~0u, 0, "ph_keep (&%1$s);" },
  { O_KEEP, LX, ~0u, 0, "ph_keep ((const void *) &%1$s);" },
  /* _Atomic's and std::atomic's operators; std::atomic's methods.  */
  { O_AT_READ, LC | LX, ~0u, A_R | A_ATOMIC, "ph_sink ((long) (%1$s));" },
  { O_AT_WRITE, LC | LX, ~0u, A_W | A_ATOMIC, "%1$s = 2;" },
  { O_AT_ADD, LC | LX, ~0u, RWA, "%1$s += 2;" },
  { O_AT_ADD, LC | LX, ~0u, RWA, "%1$s -= 1;" },
  { O_AT_ADD, LC | LX, ~0u, RWA, "%1$s |= 4;" },
  { O_AT_INC, LC | LX, ~0u, RWA, "%1$s++;" },
  { O_AT_INC, LC | LX, ~0u, RWA, "++%1$s;" },
  { O_AT_INC, LC | LX, ~0u, RWA, "%1$s--;" },
  { O_AT_LOAD, LX, ~0u, A_R | A_ATOMIC, "ph_sink ((long) %1$s.load ());" },
  { O_AT_LOAD, LX, ~0u, A_R | A_ATOMIC,
    "ph_sink ((long) %1$s.load (std::memory_order_relaxed));" },
  { O_AT_STORE, LX, ~0u, A_W | A_ATOMIC, "%1$s.store (3);" },
  { O_AT_FETCH, LX, ~0u, RWA, "%1$s.fetch_add (1);" },
  { O_AT_FETCH, LX, ~0u, RWA, "%1$s.fetch_or (1);" },
  { O_AT_XCHG, LX, ~0u, RWA, "ph_sink ((long) %1$s.exchange (3));" },
  /* Neither taken nor released.  */
  { O_INIT, LC, ~0u, 0, "pthread_mutex_init (&%1$s, NULL);" },
};

/* The operations each kind of leaf takes.  */
static unsigned
ops_of (const struct leaf *l, enum opk *v)
{
  static const enum opk o_int[] = {
    O_READ, O_WRITE, O_COMPOUND, O_INC, O_ALOAD, O_ASTORE, O_AFETCH, O_SYNC,
    O_VCAS, O_XCHG, O_ACAS, O_TAS, O_REL, O_MEMSET, O_MEMCPY_IN,
    O_MEMMOVE_IN, O_MEMCPY_OUT, O_GET, O_SET, O_AGET, O_ASET, O_KEEP,
    O_READ, O_WRITE, O_COMPOUND,
  };
  static const enum opk o_float[] = {
    O_READ, O_WRITE, O_COMPOUND, O_MEMSET, O_MEMCPY_IN, O_MEMCPY_OUT,
    O_GET, O_SET, O_AGET, O_ASET, O_KEEP,
  };
  static const enum opk o_bits[] = {
    O_READ, O_WRITE, O_COMPOUND, O_INC, O_GET, O_SET, O_AGET, O_ASET,
  };
  static const enum opk o_catomic[] = {
    O_AT_READ, O_AT_WRITE, O_AT_ADD, O_AT_INC,
  };
  static const enum opk o_xatomic[] = {
    O_AT_READ, O_AT_WRITE, O_AT_ADD, O_AT_INC, O_AT_LOAD, O_AT_STORE,
    O_AT_FETCH, O_AT_XCHG, O_AT_CAS,
  };
  static const enum opk o_clock[] = { O_LOCK, O_TRYLOCK, O_INIT, O_LOCK };
  static const enum opk o_xlock[] = { O_LOCK, O_TRYLOCK, O_GUARD };
  static const enum opk o_agg[] = {
    O_MEMSET, O_MEMCPY_IN, O_MEMCPY_OUT, O_AGG_IN, O_AGG_OUT, O_KEEP,
  };
  static const enum opk o_whole[] = {
    O_MEMSET, O_MEMCPY_IN, O_MEMMOVE_IN, O_MEMCPY_OUT, O_KEEP,
  };
#define TAKE(a) (memcpy (v, a, sizeof a), (unsigned) (sizeof a / sizeof a[0]))
  switch (l->vk)
    {
    case V_INT:
      return TAKE (o_int);
    case V_FLOAT:
      return TAKE (o_float);
    case V_BITS:
      return TAKE (o_bits);
    case V_ATOMIC:
      return lang == L_CXX ? TAKE (o_xatomic) : TAKE (o_catomic);
    case V_LOCK:
      return lang == L_CXX ? TAKE (o_xlock) : TAKE (o_clock);
    case V_AGG:
      return TAKE (o_agg);
    case V_WHOLE:
      return TAKE (o_whole);
    }
#undef TAKE
  return 0;
}

static void
ind (struct ctx *c)
{
  sb_add (c->out, "%*s", (int) (2 * c->depth), "");
}

/* A statement at C's indentation.  */
static void __attribute__ ((format (printf, 2, 3)))
stmt (struct ctx *c, const char *fmt, ...)
{
  char buf[1024];
  va_list ap;
  va_start (ap, fmt);
  vsnprintf (buf, sizeof buf, fmt, ap);
  va_end (ap);
  ind (c);
  sb_add (c->out, "%s\n", buf);
}

/* The expression of leaf L from PRE ("p->", "" in a class), IDX[k] for
   its k-th index.  */
static void
fill (char *dst, size_t size, const char *pre, const struct leaf *l,
      char idx[][24])
{
  size_t n = (size_t) snprintf (dst, size, "%s", pre);
  unsigned k = 0;
  for (const char *s = l->expr; *s && n + 24 < size; s++)
    if (*s == '@')
      n += (size_t) snprintf (dst + n, size - n, "%s", idx[k++]);
    else
      {
        dst[n++] = *s;
        dst[n] = '\0';
      }
}

static unsigned long
weight (const struct ctx *c)
{
  return c->never ? 0 : c->mult * c->calls;
}

static void
record (const struct ctx *c, const struct leaf *l, unsigned ops,
        unsigned modes)
{
  access_add (c->fn, l, ops, modes, c->cold, weight (c));
}

static const char *
value_type (const struct leaf *l)
{
  if (l->vk == V_FLOAT)
    return "double";
  return scalars[l->scalar].name;
}

static void
fixup_add (int fn, unsigned where, unsigned rel)
{
  fixups[nfixups++] = (struct fixup) { fn, where, rel };
}

/* The accessor of leaf LI of root type T, a getter or (SET) a setter,
   always inlined or left to the inliner; made at its first use.  Not
   always inlined, it is a function of its own at -O0, which counts its
   access once.  */
static const struct accessor *
accessor (int t, unsigned li, int set, int always)
{
  for (unsigned i = 0; i < naccs; i++)
    if (accs[i].type == t && accs[i].leaf == li && accs[i].set == set
        && accs[i].always == always)
      return &accs[i];
  /* Room for the functions to come: a getter the less.  */
  if (naccs == MAXACC || nfns + 16 >= MAXFN)
    return NULL;
  struct accessor *a = &accs[naccs++];
  unsigned nl;
  const struct leaf *l = &leaves_of (t, &nl)[li];
  char idx[6][24], e[400], params[128] = "", fname[48];
  a->type = t;
  a->leaf = li;
  a->set = set;
  a->always = always;
  snprintf (a->name, sizeof a->name, "%s%s%u", always ? "a" : "",
            set ? "set" : "get", li);
  size_t pn = 0;
  for (unsigned k = 0; k < l->nidx; k++)
    {
      snprintf (idx[k], sizeof idx[k], "i%u", k);
      pn += (size_t) snprintf (params + pn, sizeof params - pn, "%sint i%u",
                               k || lang == L_C ? ", " : "", k);
    }
  const char *vt = value_type (l);
  struct sb *out;
  unsigned where;
  if (lang == L_C)
    {
      out = &c_accessors;
      where = T_ACCESSORS;
      snprintf (fname, sizeof fname, "%s_%s", types[t].name, a->name);
      bprintf (a->name, sizeof a->name, "%s", fname);
      fill (e, sizeof e, "p->", l, idx);
    }
  else
    {
      out = &types[t].members_text;
      where = T_CLASS0 + (unsigned) t;
      snprintf (fname, sizeof fname, "%s::%s", types[t].name, a->name);
      fill (e, sizeof e, "", l, idx);
    }
  int fn = always ? -1 : fn_new (fname, 0);
  if (fn >= 0)
    fixup_add (fn, where, sb_line (out));
  /* The value a setter takes, after the indices.  */
  if (set)
    snprintf (params + pn, sizeof params - pn, "%s%s v",
              pn || lang == L_C ? ", " : "", vt);
  const char *ai = always ? "__attribute__ ((always_inline)) " : "";
  if (lang == L_C)
    sb_add (out, "static inline %s%s %s (%s%s *p%s) { %s%s%s; }\n", ai,
            set ? "void" : vt, a->name, set ? "" : "const ", type_spell (t),
            params, set ? "" : "return ", e, set ? " = v" : "");
  else
    sb_add (out, "  %s%s %s (%s)%s { %s%s%s; }\n", ai, set ? "void" : vt,
            a->name, params, set ? "" : " const", set ? "" : "return ", e,
            set ? " = v" : "");
  if (fn >= 0)
    access_add (fn, l, set ? A_W : A_R, M_O0, 0, 1);
  return a;
}

/* An index of each of L's dimensions: a loop's variable in a loop,
   else a constant.  */
static void
indices (const struct ctx *c, const struct leaf *l, char idx[][24])
{
  for (unsigned k = 0; k < l->nidx; k++)
    if (c->loops && chance (70))
      snprintf (idx[k], sizeof idx[k], "i%u %% %u", rnd (c->loops),
                l->dim[k]);
    else
      snprintf (idx[k], sizeof idx[k], "%u", rnd (l->dim[k]));
}

static void gen_ops (struct ctx *c, unsigned n);

/* A lock's pair, KIND: the lock taken, one or two accesses of other
   members, the lock released.  */
static void
lock_pair (struct ctx *c, const struct leaf *l, const char *x, enum opk kind)
{
  struct ctx in = *c;
  in.in_lock = 1;
  unsigned all = A_R | A_W | A_ATOMIC;
  const char *unlock = lang == L_CXX ? "%s.unlock ();"
    : "pthread_mutex_unlock (&%s);";
  switch (kind)
    {
    case O_LOCK:
      if (lang == L_CXX)
        stmt (c, "%s.lock ();", x);
      else
        stmt (c, "pthread_mutex_lock (&%s);", x);
      record (c, l, all | A_LOCK, M_ALL);
      gen_ops (&in, 1 + rnd (2));
      stmt (c, unlock, x);
      record (c, l, all, M_ALL);
      break;
    case O_TRYLOCK:
      if (lang == L_CXX)
        stmt (c, "if (%s.try_lock ())", x);
      else
        stmt (c, "if (pthread_mutex_trylock (&%s) == 0)", x);
      record (c, l, all | A_LOCK, M_ALL);
      stmt (c, "{");
      in.depth++;
      gen_ops (&in, 1 + rnd (2));
      stmt (&in, unlock, x);
      record (c, l, all, M_ALL);
      stmt (c, "}");
      break;
    default:
      /* std::lock_guard: at -O0 its constructor's call takes the lock,
         its destructor releases what it holds, which is no member of
         the function's objects; inlined (-O2), both are the member's
         (GCC forwards the member's address held in the guard).  */
      stmt (c, "{");
      in.depth++;
      stmt (&in, "std::lock_guard<std::mutex> g (%s);", x);
      record (c, l, all | A_LOCK, M_ALL);
      gen_ops (&in, 1 + rnd (2));
      record (c, l, all, M_O2);
      stmt (c, "}");
      break;
    }
}

/* A call of the accessor OP (O_GET, O_SET, O_AGET, O_ASET) of leaf LI
   of root R, IDX its indices.  */
static void
accessor_call (struct ctx *c, const struct root *r, unsigned li,
               enum opk op, char idx[][24])
{
  int set = op == O_SET || op == O_ASET;
  int always = op == O_AGET || op == O_ASET;
  const struct accessor *a = accessor (r->type, li, set, always);
  unsigned nl;
  const struct leaf *l = &leaves_of (r->type, &nl)[li];
  char args[160] = "";
  size_t n = 0;
  if (!a)
    return;
  if (lang == L_C)
    n += (size_t) snprintf (args, sizeof args, "%s", r->obj);
  for (unsigned k = 0; k < l->nidx; k++)
    n += (size_t) snprintf (args + n, sizeof args - n, "%s%s",
                            n ? ", " : "", idx[k]);
  if (set)
    snprintf (args + n, sizeof args - n, "%s1", n ? ", " : "");
  stmt (c, "%s%s%s (%s)%s;", set ? "" : "ph_sink ((long) ",
        lang == L_CXX ? r->pre : "", a->name, args, set ? "" : ")");
  /* Inlined into this function (always, or by -O2's early inliner):
     its access is this function's.  */
  record (c, l, set ? A_W : A_R, always ? M_ALL : M_O2);
  if (set)
    stmt (c, "ph_step ();");
}

/* One operation on a leaf of one of the roots.  */
static void
gen_op (struct ctx *c)
{
  const struct root *r = &c->roots[rnd (c->nroots)];
  unsigned nl;
  const struct leaf *ls = leaves_of (r->type, &nl);
  unsigned li = rnd (nl);
  /* A third of the time an atomic or a lock, when the root has one:
     they are few among its leaves.  */
  if (chance (33))
    for (unsigned k = 0, at = rnd (nl); k < nl; k++)
      if (ls[(at + k) % nl].vk == V_ATOMIC
          || (ls[(at + k) % nl].vk == V_LOCK && !c->in_lock))
        {
          li = (at + k) % nl;
          break;
        }
  /* No lock taken while one is held.  */
  for (unsigned k = 0; c->in_lock && ls[li].vk == V_LOCK && k < nl; k++)
    li = (li + 1) % nl;
  const struct leaf *l = &ls[li];
  if (c->in_lock && l->vk == V_LOCK)
    return;
  enum opk v[32];
  unsigned nv = ops_of (l, v);
  /* At -O1 and above GCC makes a memcpy, memmove or memset of 1, 2, 4,
     8 or 16 bytes a load or store at an offset, which in a union is
     any of the members there of that size (docs/layout-jsonl.md):
     none where GCC would fold it, or where its size is unknown here
     (a struct's).  */
  int folds = l->bytes == 0 || (l->bytes <= 16 && !(l->bytes & (l->bytes - 1)));
  for (unsigned k = 0; l->in_union && folds && k < nv;)
    if (v[k] == O_MEMSET || v[k] == O_MEMCPY_IN || v[k] == O_MEMMOVE_IN
        || v[k] == O_MEMCPY_OUT)
      v[k] = v[--nv];
    else
      k++;
  enum opk op = v[rnd (nv)];
  char idx[6][24], x[400];
  indices (c, l, idx);
  fill (x, sizeof x, r->pre, l, idx);
  stat_count (opk_names[op]);
  /* The address of the array too, before an atomic builtin's or a
     mem* call's on its first element: GCC gives both the same name,
     the access's size tells them apart.  */
  size_t xn = strlen (x);
  if (op >= O_ALOAD && op <= O_MEMCPY_OUT && xn > 3
      && strcmp (x + xn - 3, "[0]") == 0 && chance (50))
    {
      stmt (c, "ph_keep (%s&%.*s);", lang == L_CXX ? "(const void *) " : "",
            (int) (xn - 3), x);
      stat_count ("array_address_too");
    }
  unsigned n = 0;
  const struct simple *pick = NULL;
  for (size_t i = 0; i < sizeof simples / sizeof simples[0]; i++)
    if (simples[i].op == op && (simples[i].langs & (1u << lang))
        && (simples[i].kinds & (1u << l->vk)) && rnd (++n) == 0)
      pick = &simples[i];
  if (pick)
    {
      stmt (c, pick->text, x);
      if (pick->acc & SPLIT)
        {
          record (c, l, A_R, M_ALL);
          record (c, l, A_W, M_ALL);
        }
      else if (pick->acc)
        record (c, l, pick->acc, M_ALL);
      /* After a write, and after a read whose value goes to memory
         (memcpy's destination may be the member: a load after it
         would have the value the store left, as GCC 15 sees).  */
      if ((pick->acc & (A_W | SPLIT)) || op == O_MEMCPY_OUT)
        stmt (c, "ph_step ();");
      return;
    }
  switch (op)
    {
    case O_ACAS:
    case O_AT_CAS:
      stmt (c, "{");
      c->depth++;
      if (op == O_ACAS)
        {
          stmt (c, "__typeof__ (%s) e = 0;", x);
          stmt (c, "ph_sink (__atomic_compare_exchange_n (&%s, &e, 1, 0, "
                "__ATOMIC_SEQ_CST, __ATOMIC_RELAXED));", x);
        }
      else
        {
          stmt (c, "decltype (%s.load ()) e = 0;", x);
          stmt (c, "ph_sink (%s.compare_exchange_strong (e, 1));", x);
        }
      c->depth--;
      stmt (c, "}");
      record (c, l, A_R | A_W | A_ATOMIC, M_ALL);
      break;
    case O_AGG_IN:
      stmt (c, "%s = *(const %s *) ph_src ();", x, type_spell (l->agg));
      record (c, l, A_W, M_ALL);
      stmt (c, "ph_step ();");
      break;
    case O_AGG_OUT:
      stmt (c, "*(%s *) ph_dst () = %s;", type_spell (l->agg), x);
      record (c, l, A_R, M_ALL);
      stmt (c, "ph_step ();");
      break;
    case O_GET:
    case O_SET:
    case O_AGET:
    case O_ASET:
      accessor_call (c, r, li, op, idx);
      break;
    case O_LOCK:
    case O_TRYLOCK:
    case O_GUARD:
      lock_pair (c, l, x, op);
      break;
    default:
      break;
    }
}

static void
gen_ops (struct ctx *c, unsigned n)
{
  for (unsigned i = 0; i < n; i++)
    gen_op (c);
}

/* A block at LEVEL of nesting: a loop, a cold branch, a likely branch
   whose other side is cold, or straight accesses.  Cold branches are
   never taken in the profiled run (ph_flag () is 0).  */
static void
gen_block (struct ctx *c, unsigned level)
{
  unsigned r = rnd (100);
  struct ctx in = *c;
  in.depth++;
  if (level < 2 && r < 22)
    {
      unsigned k = 2 + rnd (4), v = c->loops;
      stat_count ("loop");
      stmt (c, "for (int i%u = 0; i%u < %u; i%u++)", v, v, k, v);
      stmt (c, "{");
      in.loops++;
      in.mult *= k;
      unsigned n = 1 + rnd (2);
      for (unsigned i = 0; i < n; i++)
        gen_block (&in, level + 1);
      stmt (c, "}");
    }
  else if (level < 2 && r < 36)
    {
      stat_count ("cold_branch");
      stmt (c, chance (50) ? "if (__builtin_expect (ph_flag (), 0))"
            : "if (unlikely (ph_flag ()))");
      stmt (c, "{");
      in.cold = in.never = 1;
      gen_block (&in, level + 1);
      stmt (c, "}");
    }
  else if (level < 2 && r < 44)
    {
      stat_count ("likely_branch");
      stmt (c, "if (__builtin_expect (!ph_flag (), 1))");
      stmt (c, "{");
      gen_block (&in, level + 1);
      stmt (c, "}");
      stmt (c, "else");
      stmt (c, "{");
      in.cold = in.never = 1;
      gen_block (&in, level + 1);
      stmt (c, "}");
    }
  else
    gen_ops (c, 1 + rnd (3));
}

/* A root type for a function, not OTHER.  */
static int
pick_root (int other)
{
  int cand[MAXT];
  unsigned n = 0;
  for (unsigned t = 0; t < ntypes; t++)
    if (types[t].root && (int) t != other)
      cand[n++] = (int) t;
  return n ? cand[rnd (n)] : -1;
}

/* Function K: a C function fK, a C++ function xK or a member function
   T::opK, cold or not, taking one root or two, called from main CALLS
   times.  */
static void
gen_function (unsigned k)
{
  struct ctx c;
  char fname[48], params[96] = "";
  memset (&c, 0, sizeof c);
  c.out = &body;
  c.depth = 1;
  c.mult = 1;
  c.calls = 1 + rnd (3);
  int cold = chance (20);
  c.cold = cold;
  int member = lang == L_CXX && chance (50);
  int t0 = pick_root (-1);
  int t1 = chance (50) ? pick_root (t0) : -1;
  c.roots[0] = (struct root) { member ? "this->" : "p->", "p", t0 };
  c.nroots = 1;
  if (t1 >= 0)
    c.roots[c.nroots++] = (struct root) { "q->", "q", t1 };
  if (member)
    {
      snprintf (fname, sizeof fname, "%s::op%u", types[t0].name, k);
      if (t1 >= 0)
        snprintf (params, sizeof params, "%s *q", type_spell (t1));
      sb_add (&types[t0].members_text,
              "  __attribute__ ((noinline%s)) void op%u (%s);\n",
              cold ? ", cold" : "", k, params);
    }
  else
    {
      snprintf (fname, sizeof fname, "%s%u", lang == L_CXX ? "x" : "f", k);
      snprintf (params, sizeof params, "%s *p%s%s%s", type_spell (t0),
                t1 >= 0 ? ", " : "", t1 >= 0 ? type_spell (t1) : "",
                t1 >= 0 ? " *q" : "");
    }
  c.fn = fn_new (fname, cold);
  stat_count (cold ? "cold_function" : "function");
  fixup_add (c.fn, T_BODY, sb_line (&body));
  if (member)
    sb_add (&body, "void %s (%s)\n{\n", fname, params);
  else
    sb_add (&body, "__attribute__ ((noinline%s)) void %s (%s)\n{\n",
            cold ? ", cold" : "", fname, params);
  unsigned n = 2 + rnd (3);
  for (unsigned i = 0; i < n; i++)
    gen_block (&c, 0);
  sb_add (&body, "}\n\n");

  sb_add (&mainb, "  for (int c = 0; c < %u; c++)\n    ", c.calls);
  if (member)
    sb_add (&mainb, "g_%s.op%u (", types[t0].name, k);
  else
    sb_add (&mainb, "%s (&g_%s%s", fname, types[t0].name, t1 >= 0 ? ", " : "");
  if (t1 >= 0)
    sb_add (&mainb, "&g_%s", types[t1].name);
  sb_add (&mainb, ");\n");
}

static void
write_head (struct sb *out, unsigned long long seed)
{
  sb_add (out, "/* Generated by ph-accessgen %llu: its accesses are listed "
          "in \"expected\".  */\n", seed);
  if (lang == L_C)
    sb_add (out, "#include <pthread.h>\n#include <stddef.h>\n"
            "#include <string.h>\n\n"
            "extern void ph_sink (long);\nextern void ph_step (void);\n"
            "extern void ph_keep (const void *);\nextern int ph_flag (void);\n"
            "extern void *ph_src (void);\nextern void *ph_dst (void);\n");
  else
    sb_add (out, "#include <atomic>\n#include <cstring>\n#include <mutex>\n\n"
            "extern \"C\" {\nvoid ph_sink (long) noexcept;\n"
            "void ph_step (void) noexcept;\n"
            "void ph_keep (const void *) noexcept;\n"
            "int ph_flag (void) noexcept;\nvoid *ph_src (void) noexcept;\n"
            "void *ph_dst (void) noexcept;\n}\n");
  sb_add (out, "#define unlikely(x) __builtin_expect (!!(x), 0)\n\n");
  if (lang == L_CXX)
    {
      for (unsigned t = 0; t < ntypes; t++)
        sb_add (out, "%s %s;\n", types[t].is_union ? "union" : "struct",
                types[t].name);
      sb_add (out, "\n");
    }
}

void
write_unit (struct sb *out, unsigned long long seed)
{
  sb_trunc (&c_accessors, 0);
  sb_trunc (&body, 0);
  sb_trunc (&mainb, 0);
  naccs = nfixups = 0;
  unsigned nf = 5 + rnd (4);
  for (unsigned k = 0; k < nf; k++)
    gen_function (k);

  unsigned start[T_CLASS0 + MAXT];
  write_head (out, seed);
  write_types (out);
  for (unsigned t = 0; t < ntypes; t++)
    start[T_CLASS0 + t] = types[t].text_line;
  if (lang == L_C)
    {
      start[T_ACCESSORS] = sb_line (out);
      sb_add (out, "%s", sb_str (&c_accessors));
      sb_add (out, "\n");
    }
  start[T_BODY] = sb_line (out);
  sb_add (out, "%s", sb_str (&body));
  for (unsigned t = 0; t < ntypes; t++)
    if (types[t].root)
      sb_add (out, "%s%s g_%s;\n", lang == L_CXX ? "constinit " : "",
              type_spell ((int) t), types[t].name);
  sb_add (out, "\nint\nmain (void)\n{\n%s  return 0;\n}\n", sb_str (&mainb));
  for (unsigned i = 0; i < nfixups; i++)
    fns[fixups[i].fn].line = start[fixups[i].where] + fixups[i].rel - 1;
}
