/* asm.c - ph-probe asm: the lines of a static C probe (gen --asm), read
   from the assembly gcc -S wrote for it.
   Copyright (C) 2026 The pokehole authors.
   SPDX-License-Identifier: GPL-3.0-or-later

   A static probe needs no linker and no run (under qemu for -m32): its
   numbers are the operands of asm statements, which must be integer
   constants, and the compiler writes them into its assembly as comment
   lines:
     #PH SEQ LINE               an output line (with @oN@, @fN@, @cN@
                                standing for the bits of image N)
     #PHH SEQ TEXT N SIZE KIND NAME   a struct's holes to find, from its
     #PHM SEQ OFFSET SIZE MEMBER      N members, as ph_holes would
     #PHB SEQ SIZE KIND NAME    a type's bit map (gen --bits --asm), the
     #PHR SEQ OFFSET SIZE       bytes of its members, and the bits its
     #PHI SEQ N                 bitfields have in image N, as ph_runs
                                prints it
     #PHW SEQ WIDTH             sizeof (unsigned long): %c writes numbers
                                signed, the program unsigned
     #PHRT SEQ N                how many lines the program prints (a C++
                                probe's vptrs, virtual bases, references,
                                bitfields): each after a line "@@SEQ"
   An image is a static object of a struct with one bitfield set to all
   ones: its bytes are the data directives after its label ph_bN (ph_bN.K
   in a function); the bitfield's bits are those set.  The lines come out
   in SEQ order, which is the order of the runtime probe's, the
   program's own lines (RUN, its output) in their places.  What cannot
   be read is an error (exit 2), never a guess: the caller then builds
   the runtime probe.  Exit 3: the program's output is needed.  */

#include "probe.h"

struct image {
  unsigned long id;
  unsigned char *b;
  size_t n, cap;
  long size;                    /* from .size, -1 when not seen */
};

struct holes {
  unsigned long seq;
  int text;
  unsigned long n, size, have;
  char *type;                   /* "KIND NAME" */
  unsigned long *off, *len;
  char **name;
};

/* A bit map: the bytes of SIZE the members have, as a bitset.  */
struct bitmap {
  unsigned long seq, size;
  char *type;                   /* "KIND NAME" */
  unsigned char *m;
};

struct item {
  unsigned long seq;
  size_t order;
  char *line;                   /* an output line, or NULL: holes[h] */
  size_t h;
  int run;                      /* LINE is the program's: no operands */
  int map;                      /* maps[h], not holes[h] */
};

struct asm_state {
  const char *path;
  struct image *img;
  size_t nimg;
  struct holes *holes;
  size_t nholes;
  struct item *items;
  size_t nitems;
  unsigned long width;          /* bytes of unsigned long, 0: unknown */
  struct bitmap *maps;
  size_t nmaps;
  unsigned long (*uses)[2];     /* #PHI: map, image */
  size_t nuses;
};

static void
bad (const struct asm_state *st, unsigned long lineno, const char *what)
{
  die ("%s:%lu: %s", st->path, lineno, what);
}

static void
push_byte (struct image *im, unsigned char c)
{
  if (im->n == im->cap)
    {
      im->cap = im->cap ? 2 * im->cap : 64;
      im->b = xrealloc (im->b, im->cap);
    }
  im->b[im->n++] = c;
}

static const char *
skip_ws (const char *s)
{
  while (*s == ' ' || *s == '\t')
    s++;
  return s;
}

/* The bytes of a string operand of .string/.ascii at S (after its '"').  */
static int
push_string (struct image *im, const char *s, int nul)
{
  for (; *s && *s != '"'; s++)
    {
      int c = (unsigned char) *s;
      if (c == '\\')
        {
          s++;
          if (*s >= '0' && *s <= '7')
            {
              c = 0;
              for (int k = 0; k < 3 && *s >= '0' && *s <= '7'; k++, s++)
                c = c * 8 + (*s - '0');
              s--;
            }
          else if (*s == 'n')
            c = '\n';
          else if (*s == 't')
            c = '\t';
          else if (*s == 'r')
            c = '\r';
          else if (*s == 'f')
            c = '\f';
          else if (*s == 'b')
            c = '\b';
          else if (*s == '\\' || *s == '"')
            c = *s;
          else
            return 0;
        }
      push_byte (im, (unsigned char) c);
    }
  if (*s != '"')
    return 0;
  if (nul)
    push_byte (im, 0);
  return 1;
}

/* One data directive of an image (a line after its label): its bytes
   added, 1; 0 when the line is not a data directive (the image ends);
   -1 when it is one this reader cannot take.  */
static int
image_line (struct image *im, const char *l)
{
  static const struct { const char *name; int width; } ints[] = {
    { ".byte", 1 }, { ".value", 2 }, { ".short", 2 }, { ".2byte", 2 },
    { ".hword", 2 }, { ".long", 4 }, { ".int", 4 }, { ".4byte", 4 },
    { ".quad", 8 }, { ".8byte", 8 },
  };
  l = skip_ws (l);
  size_t w = strcspn (l, " \t");
  const char *arg = skip_ws (l + w);
  if ((w == 5 && strncmp (l, ".zero", 5) == 0)
      || (w == 5 && strncmp (l, ".skip", 5) == 0))
    {
      char *end;
      unsigned long n = strtoul (arg, &end, 10);
      if (end == arg || *skip_ws (end) != '\0')
        return -1;
      while (n--)
        push_byte (im, 0);
      return 1;
    }
  if ((w == 7 && strncmp (l, ".string", 7) == 0)
      || (w == 6 && strncmp (l, ".ascii", 6) == 0))
    return *arg == '"' && push_string (im, arg + 1, w == 7) ? 1 : -1;
  for (size_t i = 0; i < sizeof ints / sizeof ints[0]; i++)
    if (strlen (ints[i].name) == w && strncmp (l, ints[i].name, w) == 0)
      {
        /* comma-separated integers, two's complement, little-endian */
        const char *p = arg;
        for (;;)
          {
            char *end;
            errno = 0;
            long long v = strtoll (p, &end, 0);
            if (end == p || errno)
              return -1;
            unsigned long long u = (unsigned long long) v;
            for (int k = 0; k < ints[i].width; k++, u >>= 8)
              push_byte (im, (unsigned char) (u & 0xff));
            p = skip_ws (end);
            if (*p == '\0')
              return 1;
            if (*p != ',')
              return -1;
            p = skip_ws (p + 1);
          }
      }
  return 0;
}

static struct image *
find_image (struct asm_state *st, unsigned long id)
{
  for (size_t i = 0; i < st->nimg; i++)
    if (st->img[i].id == id)
      return &st->img[i];
  return NULL;
}

/* "ph_bN" or "ph_bN.K" at S, followed by END: N in *ID, 1.  */
static int
image_label (const char *s, char end, unsigned long *id)
{
  if (strncmp (s, "ph_b", 4) != 0 || !isdigit ((unsigned char) s[4]))
    return 0;
  char *e;
  *id = strtoul (s + 4, &e, 10);
  if (*e == '.')
    {
      e++;
      if (!isdigit ((unsigned char) *e))
        return 0;
      while (isdigit ((unsigned char) *e))
        e++;
    }
  return *e == end;
}

static void
add_item (struct asm_state *st, unsigned long seq, char *line, size_t h)
{
  st->items = xrealloc (st->items, (st->nitems + 1) * sizeof *st->items);
  st->items[st->nitems] = (struct item) { seq, st->nitems, line, h, 0, 0 };
  st->nitems++;
}

static int
by_seq (const void *a, const void *b)
{
  const struct item *x = a, *y = b;
  if (x->seq != y->seq)
    return x->seq < y->seq ? -1 : 1;
  return x->order < y->order ? -1 : x->order > y->order;
}

/* The bits of image ID: the first set and how many (ph_bits).  */
static void
image_bits (struct asm_state *st, unsigned long id, unsigned long *first,
            unsigned long *count, unsigned long lineno)
{
  struct image *im = find_image (st, id);
  if (im == NULL)
    bad (st, lineno, "a line names an image the assembly does not hold");
  if (im->size >= 0 && (size_t) im->size != im->n)
    bad (st, lineno, "an image's data is not its .size");
  *count = 0;
  *first = ULONG_MAX;
  for (size_t i = 0; i < im->n; i++)
    for (int bit = 0; bit < 8; bit++)
      if ((im->b[i] >> bit) & 1)
        {
          if (*first == ULONG_MAX)
            *first = i * 8 + (unsigned long) bit;
          ++*count;
        }
  if (*count == 0)
    bad (st, lineno, "a bitfield's image has no bit set");
}

/* LINE with its @oN@, @fN@ and @cN@ replaced, and its operands'
   negative numbers (after '=') as the unsigned long they are.  */
static void
put_line (struct asm_state *st, const char *line)
{
  for (const char *c = line; *c; c++)
    {
      unsigned long id, first, count;
      char *e;
      if (c[0] == '=' && c[1] == '-' && isdigit ((unsigned char) c[2]))
        {
          errno = 0;
          unsigned long long v = strtoull (c + 2, &e, 10);
          if (errno || st->width == 0 || st->width > 8)
            die ("%s: a negative number without the width of unsigned long",
                 st->path);
          v = -v;
          if (st->width < 8)
            v &= (1ULL << (8 * st->width)) - 1;
          printf ("=%llu", v);
          c = e - 1;
        }
      else if (c[0] == '@' && (c[1] == 'o' || c[1] == 'f' || c[1] == 'c')
          && isdigit ((unsigned char) c[2])
          && (id = strtoul (c + 2, &e, 10), *e == '@'))
        {
          image_bits (st, id, &first, &count, 0);
          printf ("%lu", c[1] == 'o' ? first / 8 : c[1] == 'f' ? first
                  : count);
          c = e;
        }
      else
        putchar (*c);
    }
  putchar ('\n');
}

/* What ph_holes prints for H.  */
static void
put_holes (const struct holes *h)
{
  unsigned long end = 0;
  for (unsigned long i = 0; i < h->n; i++)
    {
      if (h->off[i] > end)
        {
          const char *after = i ? h->name[i - 1] : "<start>";
          if (h->text)
            printf ("H %s after=%s size=%lu\n", h->type, after,
                    h->off[i] - end);
          else
            printf ("H %s after=%s offset=%lu size=%lu\n", h->type, after,
                    end, h->off[i] - end);
        }
      if (h->off[i] + h->len[i] > end)
        end = h->off[i] + h->len[i];
    }
  printf ("P %s padding=%lu\n", h->type, h->size > end ? h->size - end : 0UL);
}

/* What ph_runs prints for map B: the runs of bits no member has.  */
static void
put_map (const struct bitmap *b)
{
  unsigned long i = 0, e, n = 8 * b->size;
  printf ("B %s size=%lu\n", b->type, b->size);
  while (i < n)
    {
      int set = (b->m[i / 8] >> (i % 8)) & 1;
      for (e = i; e < n && ((b->m[e / 8] >> (e % 8)) & 1) == set; e++)
        ;
      if (!set)
        printf ("U %s bit=%lu bits=%lu\n", b->type, i, e - i);
      i = e;
    }
}

/* A number of a #PH line's head at *P, which moves past it.  */
static int
head_number (const char **p, unsigned long *v)
{
  char *e;
  *p = skip_ws (*p);
  if (!isdigit ((unsigned char) **p))
    return 0;
  errno = 0;
  *v = strtoul (*p, &e, 10);
  if (errno)
    return 0;
  *p = e;
  return 1;
}

/* The program's output RUN: each "@@SEQ" line starts the lines of
   item SEQ.  How many it had.  */
static unsigned long
read_run (struct asm_state *st, const char *run)
{
  size_t len;
  char *text = read_file (run, &len);
  unsigned long seq = 0, n = 0;
  int in = 0;
  for (char *l = text, *next; l && *l; l = next)
    {
      next = strchr (l, '\n');
      if (next)
        *next++ = '\0';
      const char *p = l + 2;
      if (l[0] == '@' && l[1] == '@')
        {
          if (!head_number (&p, &seq) || *p)
            die ("%s: a bad mark: %s", run, l);
          in = 1;
          n++;
          continue;
        }
      if (!in)
        die ("%s: a line before the first mark", run);
      add_item (st, seq, xstrdup (l), 0);
      st->items[st->nitems - 1].run = 1;
    }
  free (text);
  return n;
}

int
cmd_asm (const char *path, const char *run)
{
  struct asm_state st;
  memset (&st, 0, sizeof st);
  st.path = path;
  unsigned long want_run = 0, have_run = 0;
  int saw_rt = 0;
  size_t len;
  char *text = read_file (path, &len);
  struct image *cur = NULL;
  unsigned long lineno = 0;
  for (char *l = text, *next; l && *l; l = next)
    {
      next = strchr (l, '\n');
      if (next)
        *next++ = '\0';
      lineno++;
      const char *s = skip_ws (l);
      unsigned long id, seq, v;
      if (cur)
        {
          int r = image_line (cur, l);
          if (r < 0)
            bad (&st, lineno, "a data directive this reader cannot take");
          if (r > 0)
            continue;
          cur = NULL;
        }
      if (image_label (l, ':', &id))
        {
          if (find_image (&st, id))
            bad (&st, lineno, "an image twice");
          st.img = xrealloc (st.img, (st.nimg + 1) * sizeof *st.img);
          cur = &st.img[st.nimg++];
          memset (cur, 0, sizeof *cur);
          cur->id = id;
          cur->size = -1;
          continue;
        }
      if (strncmp (s, ".size", 5) == 0 && (s[5] == ' ' || s[5] == '\t'))
        {
          const char *a = skip_ws (s + 5);
          struct image *im;
          if (image_label (a, ',', &id) && (im = find_image (&st, id)) != NULL)
            im->size = strtol (strchr (a, ',') + 1, NULL, 10);
          continue;
        }
      if (strncmp (s, "#PH", 3) != 0)
        continue;
      const char *p = s + 3;
      if (*p == ' ')
        {
          if (!head_number (&p, &seq) || *p != ' ')
            bad (&st, lineno, "a #PH line without its number");
          add_item (&st, seq, xstrdup (p + 1), 0);
        }
      else if (p[0] == 'H' && p[1] == ' ')
        {
          /* #PHH SEQ TEXT N SIZE KIND NAME */
          struct holes h;
          unsigned long t;
          memset (&h, 0, sizeof h);
          p++;
          if (!head_number (&p, &seq) || !head_number (&p, &t)
              || !head_number (&p, &h.n) || !head_number (&p, &h.size)
              || *p != ' ')
            bad (&st, lineno, "a #PHH line this reader cannot take");
          h.seq = seq;
          h.text = (int) t;
          h.type = xstrdup (p + 1);
          h.off = xmalloc ((h.n + 1) * sizeof *h.off);
          h.len = xmalloc ((h.n + 1) * sizeof *h.len);
          h.name = xmalloc ((h.n + 1) * sizeof *h.name);
          st.holes = xrealloc (st.holes, (st.nholes + 1) * sizeof *st.holes);
          st.holes[st.nholes] = h;
          add_item (&st, seq, NULL, st.nholes++);
        }
      else if (p[0] == 'B' && p[1] == ' ')
        {
          /* #PHB SEQ SIZE KIND NAME */
          struct bitmap b;
          p++;
          if (!head_number (&p, &b.seq) || !head_number (&p, &b.size)
              || *p != ' ')
            bad (&st, lineno, "a #PHB line this reader cannot take");
          b.type = xstrdup (p + 1);
          b.m = xmalloc (b.size + 1);
          memset (b.m, 0, b.size + 1);
          st.maps = xrealloc (st.maps, (st.nmaps + 1) * sizeof *st.maps);
          st.maps[st.nmaps] = b;
          add_item (&st, b.seq, NULL, st.nmaps++);
          st.items[st.nitems - 1].map = 1;
        }
      else if ((p[0] == 'R' || p[0] == 'I') && p[1] == ' ')
        {
          /* #PHR SEQ OFFSET SIZE, #PHI SEQ IMAGE: after their #PHB */
          struct bitmap *b = st.nmaps ? &st.maps[st.nmaps - 1] : NULL;
          unsigned long off;
          int range = p[0] == 'R';
          p++;
          if (!head_number (&p, &seq) || !head_number (&p, &off)
              || (range && !head_number (&p, &v)) || *skip_ws (p)
              || b == NULL || b->seq != seq)
            bad (&st, lineno, "a #PHR or #PHI line this reader cannot take");
          if (range)
            for (unsigned long i = off; i < off + v && i < b->size; i++)
              b->m[i] = 0xff;
          else
            {
              st.uses = xrealloc (st.uses, (st.nuses + 1) * sizeof *st.uses);
              st.uses[st.nuses][0] = st.nmaps - 1;
              st.uses[st.nuses++][1] = off;
            }
        }
      else if (p[0] == 'W' && p[1] == ' ')
        {
          p++;
          if (!head_number (&p, &seq) || !head_number (&p, &st.width))
            bad (&st, lineno, "a #PHW line this reader cannot take");
        }
      else if (p[0] == 'R' && p[1] == 'T' && p[2] == ' ')
        {
          p += 2;
          if (!head_number (&p, &seq) || !head_number (&p, &want_run))
            bad (&st, lineno, "a #PHRT line this reader cannot take");
          saw_rt = 1;
        }
      else if (p[0] == 'M' && p[1] == ' ')
        {
          /* #PHM SEQ OFFSET SIZE MEMBER, after its #PHH */
          struct holes *h = st.nholes ? &st.holes[st.nholes - 1] : NULL;
          unsigned long off;
          p++;
          if (!head_number (&p, &seq) || !head_number (&p, &off)
              || !head_number (&p, &v) || *p != ' ' || h == NULL
              || h->seq != seq || h->have == h->n)
            bad (&st, lineno, "a #PHM line this reader cannot take");
          h->off[h->have] = off;
          h->len[h->have] = v;
          h->name[h->have++] = xstrdup (p + 1);
        }
      else
        bad (&st, lineno, "a #PH line of an unknown kind");
    }
  for (size_t i = 0; i < st.nholes; i++)
    if (st.holes[i].have != st.holes[i].n)
      die ("%s: a struct's holes without all its members", path);
  if (st.nitems == 0 || !saw_rt)
    die ("%s: not the whole assembly of a ph-probe gen --asm probe", path);
  if (want_run && run == NULL)
    {
      fprintf (stderr, "%s: %s: %lu lines are the program's: link it, run "
               "it, and give its output\n", progname, path, want_run);
      exit (3);
    }
  if (run)
    have_run = read_run (&st, run);
  if (have_run != want_run)
    die ("%s: the program printed %lu marked parts, its assembly says %lu",
         run ? run : path, have_run, want_run);
  /* The images come after the code that names them.  */
  for (size_t i = 0; i < st.nuses; i++)
    {
      struct bitmap *b = &st.maps[st.uses[i][0]];
      struct image *im = find_image (&st, st.uses[i][1]);
      if (im == NULL || im->n != b->size
          || (im->size >= 0 && (size_t) im->size != im->n))
        die ("%s: the image of a bitfield of %s is not the type's size",
             path, b->type);
      for (size_t k = 0; k < im->n; k++)
        b->m[k] |= im->b[k];
    }
  qsort (st.items, st.nitems, sizeof *st.items, by_seq);
  for (size_t i = 0; i < st.nitems; i++)
    if (st.items[i].run)
      puts (st.items[i].line);
    else if (st.items[i].map)
      put_map (&st.maps[st.items[i].h]);
    else if (st.items[i].line)
      put_line (&st, st.items[i].line);
    else
      put_holes (&st.holes[st.items[i].h]);
  if (fflush (stdout) != 0 || ferror (stdout))
    die ("cannot write the output: %s", strerror (errno));
  for (size_t i = 0; i < st.nitems; i++)
    free (st.items[i].line);
  for (size_t i = 0; i < st.nholes; i++)
    {
      for (unsigned long k = 0; k < st.holes[i].n; k++)
        free (st.holes[i].name[k]);
      free (st.holes[i].name);
      free (st.holes[i].off);
      free (st.holes[i].len);
      free (st.holes[i].type);
    }
  for (size_t i = 0; i < st.nimg; i++)
    free (st.img[i].b);
  for (size_t i = 0; i < st.nmaps; i++)
    {
      free (st.maps[i].type);
      free (st.maps[i].m);
    }
  free (st.maps);
  free (st.uses);
  free (st.items);
  free (st.holes);
  free (st.img);
  free (text);
  return 0;
}
