/* The fast path of the walk: a C compile unit read straight from the
   bytes of .debug_info.

   A vmlinux repeats every header's types in each of its 2,351 units:
   walking its 15 million DIEs and fingerprinting a million struct DIEs
   through libdw's accessors (a lock, an abbreviation lookup and an
   attribute search per call) was most of the time of --sizes.  Here a
   unit is decoded once, linearly, into an array of DIEs; the walk of
   load.c (namespaces, aggregates, typedefs, function bodies) and the
   fingerprints of fprint.c are done over that array, and libdw is asked
   for a DIE only when its layout has to be built.

   It reads only what it can read exactly: DWARF 3 to 5 compile units of
   32-bit DWARF in .debug_info, in the very bytes libdw reads (relocated,
   decompressed: checked by address), with forms it knows.  Anything else
   (type units, split and dwz units, imported units, strx names, a form
   not known, anything malformed) makes it give up on the unit, and
   load.c walks that unit through libdw as before, so errors come from
   one place.

   The fingerprints follow fprint.c's definition, seeded apart: equal
   fingerprints mean the same DWARF but for where it sits and its source
   positions.  */
#include "scan.h"
#include "../../reorg/array.h"
#include "dw.h"
#include "walk-rule.h"

#include <stdlib.h>

struct ph_error *ph_dw_scan_create(struct ph_dw_scan **ret)
{
	*ret = calloc(1, sizeof(**ret));
	return *ret ? NULL : &ph_error_nomem;
}

void ph_dw_scan_destroy(struct ph_dw_scan *s)
{
	if (!s)
		return;
	ph_dw_index_deinit(&s->idx);
	ph_dw_file_table_deinit(&s->files);
	free(s->events);
	free(s);
}

/* DW_AT_name as dwarf_diename gives it; *OK false when it cannot be told
   here (a name through another DIE, a form not read).  */
static const char *die_name(const struct ph_dw_index *x, size_t i, bool *ok)
{
	struct val v;
	const char *name;

	*ok = true;
	if (die_attr(x, i, DW_AT_name, &v)) {
		name = val_str(x, &v);
		*ok = name != NULL;
		return name;
	}
	if (die_attr(x, i, DW_AT_abstract_origin, &v) ||
	    die_attr(x, i, DW_AT_specification, &v))
		*ok = false;
	return NULL;
}

static bool add_event(struct ph_dw_scan *s, size_t agg, const char *name,
		      bool typedef_name, uint32_t typedef_align)
{
	struct ph_dw_scan_event *e;

	if (ph_array_reserve(&s->events, &s->cap_events, s->nr_events + 1,
		     sizeof(*s->events)))
		return false;
	e = &s->events[s->nr_events++];
	e->off = (uint64_t)(s->idx.unit - s->sec.info) + s->idx.dies[agg].off;
	e->name = name;
	e->kind = ph_dw_kind_of(abbrev_of(&s->idx, agg)->tag);
	e->typedef_name = typedef_name;
	e->typedef_align = typedef_align;
	e->die = agg;
	return true;
}

/* walk.c's walk_tree, visit_aggregate and visit_typedef over the
   array; false to give up on the unit.  */
static bool walk(struct ph_dw_scan *s, size_t parent, unsigned depth,
		 bool no_locals)
{
	struct ph_dw_index *x = &s->idx;

	if (depth > PH_DW_MAX_TREE_DEPTH)
		return false;
	for (size_t i = parent + 1; i < x->dies[parent].end;
	     i = x->dies[i].end) {
		unsigned tag = abbrev_of(x, i)->tag;
		const char *name;
		struct val v;
		size_t t;
		uint32_t talign;
		bool ok, descend = false;

		switch (ph_dw_step_of(tag, no_locals)) {
		case PH_DW_STEP_DESCEND:
			descend = true;
			break;
		case PH_DW_STEP_AGGREGATE:
			descend = true;
			if (die_attr(x, i, DW_AT_declaration, &v))
				break;
			name = die_name(x, i, &ok);
			if (!ok)
				return false;
			if (name && !add_event(s, i, name, false, 0))
				return false;
			break;
		case PH_DW_STEP_TYPEDEF:
			if (!die_attr(x, i, DW_AT_type, &v))
				break;
			t = val_ref(x, &v);
			if (t == SIZE_MAX)
				return false;
			if (!ph_dw_is_aggregate(abbrev_of(x, t)->tag))
				break;
			name = die_name(x, t, &ok);
			if (!ok)
				return false;
			/* A declaration of a type unit's type: load.c
			   follows DW_AT_signature.  */
			if (die_attr(x, t, DW_AT_signature, &v))
				return false;
			if (name || die_attr(x, t, DW_AT_declaration, &v) ||
			    x->dies[t].typedef_taken)
				break;
			x->dies[t].typedef_taken = true;
			name = die_name(x, i, &ok);
			if (!ok)
				return false;
			talign = 0;
			if (die_attr(x, i, DW_AT_alignment, &v) &&
			    !val_align(x, &v, &talign))
				return false;
			if (name && !add_event(s, t, name, true, talign))
				return false;
			break;
		case PH_DW_STEP_IMPORT:
			return false;
		case PH_DW_STEP_SKIP:
			break;
		}
		if (descend && !walk(s, i, depth + 1, no_locals))
			return false;
	}
	return true;
}

void ph_dw_scan_release(struct ph_dw_scan *s)
{
	if (s->idx.unit)
		ph_dw_sections_give_back(&s->sec,
					 s->idx.unit + s->idx.unit_size);
	s->idx.unit = NULL;
}

bool ph_dw_scan_unit(struct ph_dw_scan *s, Dwarf *dw, Dwarf_Die *cudie,
		     bool no_locals, const struct ph_dw_scan_event **events,
		     size_t *nr)
{
	if (s->sec.dw != dw) {
		ph_dw_sections_read(&s->sec, dw);
		/* What counting the units mapped in.  */
		if (s->sec.info) {
			ph_dw_sections_give_back(&s->sec, s->sec.info +
						 s->sec.info_size);
			s->sec.released = s->sec.info;
		}
	}
	s->nr_events = 0;
	s->idx.unit = NULL;
	ph_dw_file_table_clear(&s->files);
	if (!ph_dw_index_read(&s->idx, &s->sec, cudie) ||
	    !walk(s, 0, 0, no_locals))
		return false;
	*events = s->events;
	*nr = s->nr_events;
	return true;
}

/* The fast path's file table for a DIE of the unit it read (the table
   libdw would keep to the end); libdw's for any other.  */
struct ph_error *ph_dw_ctx_decl_file(struct ph_dw_ctx *ctx, Dwarf_Die *die,
				     const char **ret)
{
	*ret = NULL;
	if (ctx->scan && die->cu == ctx->scan_cu) {
		Dwarf_Attribute attr;
		Dwarf_Word idx;
		const char *file;
		bool known;

		if (!dwarf_attr_integrate(die, DW_AT_decl_file, &attr) ||
		    dwarf_formudata(&attr, &idx) != 0)
			return NULL;
		file = ph_dw_file_table_get(&ctx->scan->files,
					    &ctx->scan->sec, ctx->stmt_list,
					    ctx->unit.comp_dir, idx, &known);
		if (known) {
			*ret = file;
			return NULL;
		}
	}
	return ph_dw_decl_file(die, ret);
}
