/* walk-type.c - one whole type in the walk of walk.c: its own line, its
   members, its holes and tail padding where they can be checked
   (walk_type).
   Copyright (C) 2026 The pokehole authors.
   SPDX-License-Identifier: GPL-3.0-or-later  */

#include "probe.h"

/* Holes and tail padding are checked for structs whose members are all
   named, plain (no bitfield) and not nested aggregates: there the compiler's
   offsets and sizes determine them without any judgement.  */
static int
holes_checkable (const json_t *members)
{
  if (members == NULL || !json_is_array (members)
      || json_array_size (members) == 0)
    return 0;
  for (size_t i = 0; i < json_array_size (members); i++)
    {
      const json_t *m = json_array_get (members, i);
      const char *name = "";
      int bitfield = 0;
      if (!json_is_object (m))
        return 0;
      get_string (m, "name", &name);
      get_bool (m, "bitfield", &bitfield);
      /* A [[no_unique_address]] member that occupies less than its
         sizeof is sized by what the compiler gives the field (ph_occ,
         as on its M line): the hole after it, up to the next member's
         alignment, is the compiler's too.  */
      if (!is_ident (name) || bitfield || json_object_get (m, "members") != NULL)
        return 0;
    }
  return 1;
}

/* H lines (one per hole, after the member it follows) and a P line (tail
   padding) for a checkable struct.  */
static void
walk_holes (struct walk *w, const json_t *t)
{
  const json_t *members = json_object_get (t, "members");
  if (w->mode == MODE_EXPECT)
    {
      const json_t *holes = json_object_get (t, "holes");
      if (holes == NULL || !json_is_array (holes))
        fprintf (w->out, "H %s %s no holes array\n", w->kind, w->name);
      else
        for (size_t i = 0; i < json_array_size (holes); i++)
          {
            const json_t *h = json_array_get (holes, i);
            const char *after = "?";
            get_string (h, "after", &after);
            /* "" is before the first member, as the text report's
               reader and the probe program say <start>.  */
            fprintf (w->out, "H %s %s after=%s", w->kind, w->name,
                     *after ? printable (after, "<bad-name>") : "<start>");
            if (!w->text)
              put_json_uint (w->out, "offset", h, "offset");
            put_json_uint (w->out, "size", h, "size");
            fputc ('\n', w->out);
          }
      fprintf (w->out, "P %s %s", w->kind, w->name);
      put_json_uint (w->out, "padding", t, "padding");
      fputc ('\n', w->out);
      return;
    }
  if (w->ctype == NULL)
    return;
  FILE *o = w->out;
  size_t n = json_array_size (members);
  int fixed = 1;
  for (size_t i = 0; i < n && w->cxx; i++)
    {
      const json_t *m = json_array_get (members, i);
      const char *type = NULL;
      get_string (m, "type", &type);
      if (is_reference (w, type) || json_object_get (m, "occupied") != NULL
          || json_overlaps (members, m))
        fixed = 0;
    }
  if (!fixed)
    gen_runtime (w);
  else if (w->asm_out)
    {
      /* The numbers ph_holes would be given, for ph-probe asm to do the
         same: the type's size, then each member's offset and size.  */
      char *line = xasprintf ("%d %zu %%lu %s %s", w->text, n, w->kind,
                              w->name);
      char *size = xasprintf ("sizeof (%s)", w->ctype);
      gen_asm_data (w, "#PHH", line, 1, &size);
      free (size);
      free (line);
      for (size_t i = 0; i < n; i++)
        {
          const json_t *m = json_array_get (members, i);
          const char *name = "", *type = NULL;
          get_string (m, "name", &name);
          get_string (m, "type", &type);
          char *vals[2];
          vals[0] = xasprintf ("__builtin_offsetof (%s, %s)", w->ctype, name);
          vals[1] = is_flexible_array (type) ? xstrdup ("0")
                    : xasprintf ("sizeof (((%s *) 0)->%s)", w->ctype, name);
          line = xasprintf ("%%lu %%lu %s", name);
          gen_asm_data (w, "#PHM", line, 2, vals);
          free (line);
          free (vals[0]);
          free (vals[1]);
        }
      w->line++;
      return;
    }
  fprintf (o, "  {\n    static const char *const ph_n[] = {");
  for (size_t i = 0; i < n; i++)
    {
      const char *name = "";
      get_string (json_array_get (members, i), "name", &name);
      fprintf (o, "%s\"%s\"", i ? ", " : " ", name);
    }
  fprintf (o, " };\n    static const unsigned long ph_off[] = {");
  for (size_t i = 0; i < n; i++)
    {
      const char *name = "", *type = NULL;
      get_string (json_array_get (members, i), "name", &name);
      get_string (json_array_get (members, i), "type", &type);
      if (is_reference (w, type))
        fprintf (o, "%s\n      ph_refoff< %s > ([] (%s &ph_r) { return "
                 "(const void *) &ph_r.%s; })", i ? "," : "", w->ctype,
                 w->ctype, name);
      else
        fprintf (o, "%s\n      __builtin_offsetof (%s, %s)", i ? "," : "",
                 w->ctype, name);
    }
  fprintf (o, " };\n    static const unsigned long ph_size[] = {");
  for (size_t i = 0; i < n; i++)
    {
      const char *name = "", *type = NULL;
      const json_t *m = json_array_get (members, i);
      get_string (m, "name", &name);
      get_string (m, "type", &type);
      if (is_flexible_array (type))
        fprintf (o, "%s\n      0", i ? "," : "");
      else if (is_reference (w, type))
        fprintf (o, "%s\n      sizeof (ph_refbox< decltype (((%s *) 0)->%s) >)",
                 i ? "," : "", w->ctype, name);
      else if (w->cxx && (json_object_get (m, "occupied") != NULL
                          || json_overlaps (members, m)))
        /* [[no_unique_address]]: the bytes it takes, as on its M line */
        fprintf (o, "%s\n      ph_occ< decltype (((%s *) 0)->%s) >::get (%d, %d)",
                 i ? "," : "", w->ctype, name, json_overlaps (members, m),
                 json_object_get (m, "occupied") != NULL);
      else
        fprintf (o, "%s\n      sizeof (((%s *) 0)->%s)", i ? "," : "",
                 w->ctype, name);
    }
  fprintf (o, " };\n    ph_holes (\"%s %s\", ph_n, ph_off, ph_size, %zuUL, "
           "sizeof (%s), %d);\n  }\n", w->kind, w->name, n, w->ctype,
           w->text);
}

/* Returns 1 when the type was printed, 0 when skipped.  */
int
walk_type (struct walk *w, const json_t *t)
{
  const char *kind = NULL, *name = NULL;
  int is_typedef = 0;
  get_string (t, "kind", &kind);
  get_string (t, "name", &name);
  get_bool (t, "typedef", &is_typedef);
  if (name == NULL || *name == '\0')
    {
      /* Only a named type can be measured; both modes skip it alike.  */
      fprintf (stderr, "%s: note: skipping a type without a name\n",
               progname);
      return 0;
    }
  if (is_local_cxx_name (name))
    {
      /* f()::Local cannot be named in main(): both modes skip it.  */
      fprintf (stderr, "%s: note: skipping local type %s\n", progname, name);
      return 0;
    }
  char *cname = canon_name (name, "<bad-name>");
  w->kind = printable (kind, "<bad-kind>");
  w->name = cname;
  int has_align = json_object_get (t, "align") != NULL;

  char *ctype = NULL;
  if (w->mode == MODE_GEN)
    {
      /* Elaborated (struct X, union X) unless a typedef names it, so that
         a function or variable of the same name does not hide it.  */
      char *spelled = w->cxx ? cxx_type_name (name)
                      : is_ident (name) ? xstrdup (name) : NULL;
      if (spelled == NULL || kind == NULL
          || (strcmp (kind, "struct") != 0 && strcmp (kind, "union") != 0
              && strcmp (kind, "class") != 0))
        {
          char *line = xasprintf ("T %s %s cannot be named in %s", w->kind,
                                  w->name, w->cxx ? "C++" : "C");
          gen_line (w, line, 0, NULL);
          free (line);
          free (spelled);
          free (cname);
          return 1;
        }
      ctype = is_typedef ? xstrdup (spelled)
        : xasprintf ("%s %s", strcmp (kind, "union") == 0 ? "union"
                     : "struct", spelled);
      free (spelled);
      w->ctype = ctype;
      char *line = xasprintf ("T %s %s size=%%lu%s", w->kind, w->name,
                              w->text || !has_align ? "" : " align=%lu");
      char *vals[2];
      vals[0] = xasprintf ("sizeof (%s)", ctype);
      vals[1] = xasprintf ("%s (%s)", w->cxx ? "alignof" : "__alignof__",
                           ctype);
      gen_line (w, line, w->text || !has_align ? 1 : 2, vals);
      free (vals[0]);
      free (vals[1]);
      free (line);
    }
  else
    {
      fprintf (w->out, "T %s %s", w->kind, w->name);
      put_json_uint (w->out, "size", t, "size");
      if (!w->text && has_align)
        put_json_uint (w->out, "align", t, "align");
      fputc ('\n', w->out);
    }
  w->top = json_object_get (t, "members");
  walk_members (w, w->top, "", json_is_union (t));
  if (kind && strcmp (kind, "struct") == 0
      && holes_checkable (json_object_get (t, "members")))
    walk_holes (w, t);
  free (ctype);
  free (cname);
  w->ctype = NULL;
  w->name = NULL;
  return 1;
}
