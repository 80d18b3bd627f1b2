/* text.c - ph-probe's text mode (cmd_text): a pahole-style text report
   read back into the canonical lines text-expect writes from the JSON.
   Copyright (C) 2026 The pokehole authors.
   SPDX-License-Identifier: GPL-3.0-or-later  */

#include "probe.h"

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

int
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
