/* pokehole.so: the layouts GCC gives structs and unions, reported while
   the compiler runs.

   Options, as -fplugin-arg-pokehole-KEY[=VALUE] (args.cc parses them):
     report=PATH        pahole-style text, appended to PATH ("-": stdout)
     json=PATH          JSON Lines (docs/layout-jsonl.md), appended to PATH
                        ("-": stdout), one translation unit per locked write
     json-dir=DIR       JSON Lines, one file per object, DIR/OUT.jsonl: OUT
                        the object's absolute path from DIR's parent ("..":
                        "__"), as -o gives it, else BASE.o, PROG-BASE.o
                        compiling and linking in one step; none for
                        conftest, /dev/null and the like (jsondir.cc)
     cacheline=N        cacheline size in bytes (default 64)
     types=NAME[,NAME]  report only the types with these names
     system-headers     also report types defined in system headers
     artificial         also report types the compiler made (lambda
                        closures, RTTI pseudo types)
     reorganize[=demote|cross|access] after each type that a new order
                        makes smaller, the suggested layout (pahole
                        --reorganize); with demote, bitfields may get
                        smaller declared types; with cross, members may
                        leave the group of a cacheline-aligned member;
                        with access, each type the unit's functions touch
                        in the order that serves the cache
     warn=LIST          warnings: holes, padding, cacheline, packable,
                        groups (the kernel's cacheline groups), all (the
                        five), uninlined (a function declared inline
                        that keeps an out-of-line body; not in all),
                        false-sharing (members different threads write
                        on one cacheline; not in all);
                        each ends with [-Wpokehole-KIND]
     no-error[=LIST]    the warnings of these kinds (holes, padding,
                        cacheline, packable, growth, groups, uninlined, all;
                        default all) stay warnings under -Werror
     functions          the JSON Lines report also gets one record per
                        function defined in the unit: what the inliner
                        did with it (funcs.cc)
     embed              the unit's JSON Lines (and function records) also
                        go into the object, in a section that is not
                        loaded (input/reports/frame.h, embed.cc)
     warn-min=N         no warning about holes or padding under N bytes
     warn-all-holes     also warn about the holes and tail padding of a
                        type no order of its members makes smaller
                        (by default they are not: they can only move)
     warn-once=FILE|0   each warning once per build: the units share
                        FILE (locked), listing each distinct warning
                        with the units that see it; the first unit to
                        see a warning gives it (again when it is
                        rebuilt), the others do not (warnonce.cc); on
                        with json-dir=DIR as DIR/pokehole-warnings.txt;
                        0: every unit warns
     baseline=FILE      JSON Lines of an earlier build: warn only about
                        holes, padding and growth that are new
     sites[=0]          the order-dependent sites of each type (what a
                        new member order would change: positional
                        initializers, bindings, casts, bytes written
                        whole, ...) in the JSON report; on by default
                        with a JSON report, embed or warn=packable
     access[=0]         the member accesses of each function (reads,
                        writes, weighted by block frequency, hot and
                        cold, atomic, locks, threads) in the JSON report
                        (access.cc); on with reorganize=access and
                        warn=false-sharing (not in all)
     assert-layout=PATH static assertions of the layouts GCC gave the
                        types with cacheline groups, cacheline-aligned
                        or pokehole_hot members, and those assert-types=
                        names, appended to PATH ("-": stdout), each
                        layout once per file (assertgen.cc)
     assert-types=NAME[,NAME] also these types' assertions
     assert-groups[=0]  the kernel's CACHELINE_ASSERT_GROUP_* checks too,
                        in a function (default: when __KERNEL__ is
                        defined)

   Types are collected as the front end completes them and rendered once
   parsing is over, so the compiler's hot paths only pay for a hash lookup
   per struct.  Nothing is collected in lto1, nor once an error has
   been seen; nothing is written by runs that compile no unit (-E, -M,
   -MM).  */
#include "sites.h"

#include "plugin.h"
#include "sites-tree.h"
#include "args.h"
#include "allocs.h"
#include "access.h"

/* Defines gcc_version: once, here.  */
#include "plugin-version.h"

int plugin_is_GPL_compatible;

static const char plugin_version_string[] = "pokehole " PH_VERSION;

static struct ph_baseline *baseline;

static bool wanted_name(const char *name)
{
	return !ph_opts.types || ph_names_select(ph_opts.types, name);
}

/* Whether the compiler compiles a unit at all: -E, -M and -MM (make's
   dependency runs, ccache's preprocessing) start none, and write no
   report anywhere, so that they never replace a unit's report.  */
static bool unit_started;

static void start_unit(void *, void *)
{
	unit_started = true;
	if (ph_opts.functions || (ph_opts.warn.kinds & PH_WARN_UNINLINED))
		ph_funcs_start_unit();
	ph_collected_start_unit();
}

/* DIR/OUT.jsonl, OUT the file this compilation writes (jsondir.cc);
   nothing for a configure check or a compile to /dev/null.  */
static struct ph_error *write_unit_file(const struct ph_buf *json)
{
	struct ph_buf path;
	struct ph_error *err;

	ph_buf_init(&path);
	err = ph_json_dir_path(ph_opts.json_dir, &path);
	if (!err && path.len)
		err = ph_write_file(path.data, json);
	ph_buf_deinit(&path);
	return err;
}

static void report_error(const char *what, struct ph_error *err)
{
	/* Not about any line of the source.  */
	error_at(UNKNOWN_LOCATION, "pokehole: %s: %s", what, err->message);
	ph_error_destroy(err);
}

/* With functions or embed, the unit's JSON waits here for the function
   records, which are complete at the end of IPA, and is written at the
   end of the unit (where the embedded report must go into the assembly)
   or, when the unit writes no assembly, of the compilation; the unit is
   still one write (json=) or one file (json-dir=); nothing once an error
   has been seen.  */
static struct ph_buf deferred_json;
static bool json_deferred;
/* The bytes of deferred_json that are layout records: the rest (sites
   and function records) is the unit's own, not a header's.  */
static size_t deferred_layouts;

static void write_json(struct ph_buf *json)
{
	struct ph_error *err;

	if (ph_opts.json && (err = ph_append_locked(ph_opts.json, json)))
		report_error("cannot write the JSON report", err);
	else if (ph_opts.json_dir && (err = write_unit_file(json)))
		report_error("cannot write the JSON report", err);
}

/* The deferred JSON with the function records, once.  */
static void flush_json(void)
{
	struct ph_error *err;

	if (!json_deferred)
		return;
	json_deferred = false;
	if (!seen_error()) {
		size_t layouts = deferred_layouts;

		if (ph_opts.functions)
			ph_funcs_render(&deferred_json);
		if (ph_opts.access)
			ph_access_render(&deferred_json);
		if (ph_opts.embed && !deferred_json.failed &&
		    (err = ph_embed_report(deferred_json.data + layouts,
					   deferred_json.len - layouts)))
			report_error("cannot embed the report", err);
		write_json(&deferred_json);
	}
	ph_buf_deinit(&deferred_json);
	ph_embed_release();
}

/* The report that reaches the program through lto1: the layouts and,
   with functions, their records as the compile step of -flto has them
   (final facts are lto1's), which are the same now as at its end.  */
static void embed_in_ir(const struct ph_buf *sites)
{
	struct ph_buf funcs;
	struct ph_error *err = NULL;

	ph_buf_init(&funcs);
	ph_buf_putn(&funcs, sites->data ? sites->data : "", sites->len);
	if (ph_opts.functions)
		ph_funcs_render(&funcs);
	if (funcs.failed)
		err = &ph_error_nomem;
	if (err || (err = ph_embed_report_lto(funcs.data, funcs.len)))
		report_error("cannot embed the report", err);
	ph_buf_deinit(&funcs);
}

/* pahole -R -S's output after the layout: how to get to a smaller
   order, when there is one.  */
static struct ph_error *render_reorganized(struct ph_model *model,
					   const struct ph_type *t,
					   struct ph_buf *text)
{
	struct ph_text_options o = { ph_opts.cacheline, 0, NULL, NULL };
	struct ph_reorg_options ropts;
	struct ph_reorg_result r;
	struct ph_error *err;

	memset(&ropts, 0, sizeof(ropts));
	ropts.cacheline = ph_opts.cacheline;
	ropts.steps = true;
	ropts.demote_bitfields = ph_opts.demote;
	ropts.cross_groups = ph_opts.cross_groups;
	if ((err = ph_reorganize(model, t, &ropts, &r)))
		return err;
	if (r.type == t)
		return NULL;
	return ph_render_reorg_text(text, t, &r, &o, true);
}

/* reorganize=access: each type the unit's functions touch, in the
   order that serves the cache (reorg/accessorder.h) from the unit's own
   accesses, appended to the report once they are all counted.  */
static struct ph_error *render_access_one(tree, const struct ph_type *t,
					  const struct ph_type_access *a,
					  void *arg)
{
	struct ph_buf *text = (struct ph_buf *)arg;
	struct ph_text_options o = { ph_opts.cacheline, 0, NULL, NULL };
	struct ph_reorg_options ropts;
	struct ph_access_order_result r;
	struct ph_model *model = NULL;
	struct ph_error *err;

	if (!wanted_name(t->name))
		return NULL;
	memset(&ropts, 0, sizeof(ropts));
	ropts.cacheline = ph_opts.cacheline;
	ropts.steps = true;
	ropts.demote_bitfields = ph_opts.demote;
	if ((err = ph_model_create(&model)))
		return err;
	if (!(err = ph_access_order(model, t, a, &ropts, &r))) {
		struct ph_access_source src = {
			ph_access_weights_name(a->weights), 1,
			a->nr_functions
		};
		err = ph_render_reorg_text(text, t, &r.reorg, &o, true);
		if (!err)
			ph_render_access_order_text(text, t, &r, &src);
	}
	ph_model_destroy(model);
	return err;
}

static void report_access_orders(void)
{
	struct ph_buf text;
	struct ph_error *err;

	if (!ph_opts.report || !ph_opts.reorganize_access || seen_error())
		return;
	ph_buf_init(&text);
	err = ph_access_each(render_access_one, &text);
	if (!err && text.failed)
		err = &ph_error_nomem;
	if (err)
		report_error("cannot render the access-aware orders", err);
	else if (text.len && (err = ph_append_locked(ph_opts.report, &text)))
		report_error("cannot write the report", err);
	ph_buf_deinit(&text);
}

/* GCC runs one event's callbacks in reverse order of registration: doing
   this at the end of finish() keeps the order obvious.  */
static void cleanup(void)
{
	ph_baseline_destroy(baseline);
	baseline = NULL;
	ph_embed_release();
	ph_sites_release();
	ph_allocs_release();
	ph_allocs_walk_release();
	ph_access_release();
	ph_collected_deinit();
	ph_names_destroy(ph_opts.types);
	ph_names_destroy(ph_opts.assert_types);
}

/* The bits members M[0..N) need at the least: a nested struct's its
   members' (the engine reorders inside it too), a nested union's its
   largest member's.  */
static uint64_t least_bits(const struct ph_member *m, size_t n, bool is_union,
			   unsigned depth)
{
	uint64_t bits = 0;

	for (size_t i = 0; i < n; i++) {
		uint64_t b = m[i].bitfield
				     ? m[i].bit_size
				     : 8 * (m[i].occupies_less ? m[i].occupied
							       : m[i].size);
		if (m[i].nested && depth < 64)
			b = least_bits(m[i].members, m[i].nr_members,
				       m[i].nested_kind == PH_KIND_UNION,
				       depth + 1);
		bits = is_union ? (b > bits ? b : bits) : bits + b;
	}
	return bits;
}

/* Whether any order could make T smaller: its members' bytes (bitfields'
   bits) rounded up to its alignment leave room below its size (a
   union's largest member's, which can shrink only inside).  The engine
   is asked only then (it searches orders; most types have no hole to
   close).  */
static bool could_shrink(const struct ph_type *t)
{
	if (!t->align)
		return false;
	uint64_t bits = least_bits(t->members, t->nr_members,
				   t->kind == PH_KIND_UNION, 0);
	uint64_t bytes = (bits + 7) / 8;
	return (bytes + t->align - 1) / t->align * t->align < t->size;
}

static void report(void)
{
	struct ph_model *model = NULL;
	struct ph_buf text, json, name, sites_json;
	struct ph_text_options text_opts = { ph_opts.cacheline, 0, NULL, NULL };
	struct ph_error *err;

	if (!unit_started || seen_error() ||
	    (!ph_opts.report && !ph_opts.json && !ph_opts.json_dir &&
	     !ph_opts.embed && !ph_opts.warn.kinds &&
	     !ph_opts.assert_layout))
		return;
	/* GCC spells some distinct classes alike, in DWARF too (libstdc++
	   15's is_null_pointer<const std::nullptr_t> and its cv siblings all
	   print as is_null_pointer<std::nullptr_t>): each distinct name and
	   layout is reported once, by the rule the reader follows.  */
	struct ph_dedup *dedup = NULL;
	if ((err = ph_model_create(&model)) || (err = ph_dedup_create(&dedup))) {
		report_error("cannot build the layout model", err);
		ph_model_destroy(model);
		return;
	}
	ph_buf_init(&text);
	ph_buf_init(&json);
	ph_buf_init(&name);
	ph_buf_init(&sites_json);
	bool sites = ph_sites_enabled();
	if (sites && ph_opts.sites &&
	    (ph_opts.json || ph_opts.json_dir || ph_opts.embed))
		ph_sites_render_unit(&sites_json);
	bool allocs = ph_allocs_enabled() &&
		      (ph_opts.json || ph_opts.json_dir || ph_opts.embed);
	ph_allocs_finish();
	for (unsigned i = 0; i < ph_collected_count(); i++) {
		const struct ph_type *t;
		bool typedef_name;
		location_t where;
		tree type = ph_collected_type(i, &where);

		name.len = 0;
		if (!ph_record_name(type, &name, &typedef_name) ||
		    name.failed || !wanted_name(name.data))
			continue;
		if (!ph_opts.artificial &&
		    ph_compiler_made(type, where))
			continue;
		if (!ph_opts.system_headers && TYPE_STUB_DECL(type) &&
		    in_system_header_at(where))
			continue;
		ph_access_note_type(type, name.data, typedef_name, where);
		if ((err = ph_type_from_tree(model, type, name.data, typedef_name,
					     where, &t)))
			break;
		if (!t)
			continue;
		if (ph_opts.assert_layout)
			ph_assertgen_type(type, t);
		/* The order the engine suggests with its defaults: its
		   order-dependent sites (the packable warning's), and
		   whether any order makes the type smaller, without which
		   its holes and padding are not warned about.  The engine
		   is asked only when the members' bytes leave room.  */
		ph_type_report rep;
		struct ph_reorg_result r;
		bool fixed_size = !could_shrink(t);
		r.type = t;
		if (!fixed_size &&
		    (sites || (ph_opts.warn.kinds &
			       (PH_WARN_HOLES | PH_WARN_PADDING)))) {
			struct ph_reorg_options ropts;

			memset(&ropts, 0, sizeof(ropts));
			ropts.cacheline = ph_opts.cacheline;
			if ((err = ph_reorganize(model, t, &ropts, &r))) {
				if (err == &ph_error_nomem)
					break;
				ph_error_destroy(err);
				err = NULL;
				r.type = t;
			} else {
				/* Proven: a search cut short or a type
				   the engine refused may yet shrink.  */
				fixed_size = r.type == t && r.optimal &&
					     !r.refused;
			}
		}
		if (sites)
			ph_sites_assemble(type, t, r.type, &rep);
		/* Each class is warned about at its own place.  */
		if (ph_opts.warn.kinds)
			ph_warn_type(type, t, model, &ph_opts.warn,
				     sites ? &rep : NULL, fixed_size);
		bool repeated;
		if ((err = ph_dedup_seen(dedup, t, &repeated)))
			break;
		/* Twins the report shows once are one type to the
		   reader: their sites and instances all count.  */
		if (allocs)
			ph_allocs_render(type, t, &sites_json);
		if (repeated)
			continue;
		if (sites && ph_opts.sites && ph_sites_worth_a_record(rep) &&
		    (ph_opts.json || ph_opts.json_dir || ph_opts.embed))
			ph_sites_render(rep, t, &sites_json);
		if (ph_opts.report &&
		    (err = ph_render_text(&text, t, &text_opts)))
			break;
		if (ph_opts.report && ph_opts.reorganize &&
		    !ph_opts.reorganize_access &&
		    (err = render_reorganized(model, t, &text)))
			break;
		size_t at = json.len;
		if ((ph_opts.json || ph_opts.json_dir || ph_opts.embed) &&
		    (err = ph_render_jsonl(&json, t, ph_opts.cacheline)))
			break;
		if (ph_opts.embed && !json.failed)
			ph_embed_collect(t, json.data + at, json.len - at);
	}
	if (ph_opts.assert_layout)
		ph_assertgen_flush(!err);
	/* The warnings of the unit's types are decided: the lock on the
	   warn-once file goes.  */
	if (ph_opts.warn.kinds)
		ph_warn_once_flush(unit_started);
	if (!err && ph_opts.embed)
		err = ph_embed_seal();
	if (!err && ph_opts.embed && ph_embed_lto_p())
		embed_in_ir(&sites_json);
	if (!err && sites_json.failed)
		err = &ph_error_nomem;
	/* The sites after the layouts: the unit's own, as its function
	   records are.  */
	size_t layouts = json.len;
	if (!err)
		ph_buf_putn(&json, sites_json.data ? sites_json.data : "",
			    sites_json.len);
	if (err)
		report_error("cannot render the layouts", err);
	else if (ph_opts.report &&
		 (err = ph_append_locked(ph_opts.report, &text)))
		report_error("cannot write the report", err);
	else if (((ph_opts.functions || ph_opts.access) &&
		  (ph_opts.json || ph_opts.json_dir)) ||
		 ph_opts.embed) {
		deferred_json = json;
		deferred_layouts = layouts;
		ph_buf_init(&json);
		json_deferred = true;
	} else
		write_json(&json);
	ph_buf_deinit(&text);
	ph_buf_deinit(&json);
	ph_buf_deinit(&name);
	ph_buf_deinit(&sites_json);
	ph_dedup_destroy(dedup);
	ph_model_destroy(model);
}

/* Types are turned into layouts as soon as the front end is done with
   them: IPA's first pass (free_lang_data, with -flto) strips what the
   names are made of.  -fsyntax-only runs no IPA pass: then at the end.  */
static bool reported;

static void report_once(void *, void *)
{
	if (reported)
		return;
	reported = true;
	report();
}

/* The last moment the assembly can take more: the embedded report.  */
static void finish_unit(void *, void *)
{
	report_once(NULL, NULL);
	if (!seen_error())
		ph_warn_false_sharing(&ph_opts.warn);
	report_access_orders();
	flush_json();
}

static void finish(void *, void *)
{
	report_once(NULL, NULL);
	flush_json();
	cleanup();
}

int plugin_init(struct plugin_name_args *info,
		struct plugin_gcc_version *version)
{
	static struct plugin_info plugin_info;

	plugin_info.version = plugin_version_string;
	plugin_info.help = ph_plugin_help();
	ph_opts.cacheline = 64;
	ph_opts.warn.min_hole = 1;
	ph_opts.sites = -1;
	ph_opts.allocs = -1;
	ph_opts.assert_groups = -1;
	if (!plugin_default_version_check(version, &gcc_version)) {
		error("pokehole: this plugin was built for GCC %s and cannot "
		      "run in GCC %s", gcc_version.basever, version->basever);
		return 1;
	}
	register_callback(info->base_name, PLUGIN_INFO, NULL, &plugin_info);
	/* Types are laid out by the front ends; lto1 only sees them again.  */
	if (in_lto_p || strcmp(lang_hooks.name, "GNU GIMPLE") == 0)
		return 0;
	if (!ph_parse_args(info))
		return 0;
	ph_opts.warn.cacheline = ph_opts.cacheline;
	ph_opts.warn.packable_class = ph_opts.packable_class;
	/* A json-dir is one build's: its units warn once between them.  */
	if (!ph_opts.warn_once && ph_opts.json_dir)
		ph_opts.warn_once = concat(ph_opts.json_dir,
					   "/pokehole-warnings.txt", NULL);
	if (ph_opts.warn_once && strcmp(ph_opts.warn_once, "0"))
		ph_warn_once_file(ph_opts.warn_once);
	if (ph_opts.baseline) {
		struct ph_error *err = ph_baseline_load(ph_opts.baseline,
							&baseline);
		if (err) {
			error("pokehole: cannot read the baseline: %s",
			      err->message);
			ph_error_destroy(err);
			return 0;
		}
		ph_opts.warn.baseline = baseline;
	}

	ph_names_init();
	ph_collected_init(info->base_name);
	register_callback(info->base_name, PLUGIN_START_UNIT, start_unit, NULL);
	register_callback(info->base_name, PLUGIN_ATTRIBUTES,
			  ph_register_attributes, NULL);
	register_callback(info->base_name, PLUGIN_ALL_IPA_PASSES_START,
			  report_once, NULL);
	/* Sites are what makes the packable warning's fix-it safe, and
	   what a whole build's reports answer "safe to apply" with.  */
	if (ph_opts.sites < 0)
		ph_opts.sites = ph_opts.json || ph_opts.json_dir ||
				ph_opts.embed ||
				(ph_opts.warn.kinds & PH_WARN_PACKABLE);
	if (ph_opts.sites || (ph_opts.warn.kinds & PH_WARN_PACKABLE))
		ph_sites_register(info->base_name);
	/* Allocation sites and static instances: what a smaller layout
	   saves where the memory is spent (issue 35).  */
	if (ph_opts.allocs < 0)
		ph_opts.allocs = ph_opts.json || ph_opts.json_dir ||
				 ph_opts.embed || ph_opts.packable_class;
	if (ph_opts.allocs) {
		ph_allocs_register(info->base_name);
		/* The sites' walk visits each body for both.  */
		if (!ph_sites_enabled())
			ph_allocs_walk_register(info->base_name);
	}
	/* Member accesses (issue 36): asked for, or what the false sharing
	   warning and the access-aware order read.  */
	if (ph_opts.reorganize_access ||
	    (ph_opts.warn.kinds & PH_WARN_FALSE_SHARING))
		ph_opts.access = true;
	if (ph_opts.access) {
		ph_access_register(info->base_name);
		ph_access_walk_register(info->base_name);
	}
	if (ph_opts.functions || (ph_opts.warn.kinds & PH_WARN_UNINLINED)) {
		struct ph_funcs_options fo;

		fo.warn = ph_opts.warn.kinds & PH_WARN_UNINLINED;
		fo.system_headers = ph_opts.system_headers;
		fo.artificial = ph_opts.artificial;
		fo.warn_opts = &ph_opts.warn;
		ph_funcs_register(info->base_name, &fo);
	}
	register_callback(info->base_name, PLUGIN_FINISH_UNIT, finish_unit,
			  NULL);
	register_callback(info->base_name, PLUGIN_FINISH, finish, NULL);
	return 0;
}
