/* The one place that knows which GCC we are built against.  Every GCC
   header the plugin uses is included here, after the engine's headers
   (GCC's system.h poisons malloc and friends, which the engine's headers
   must be free to declare), and every difference between GCC versions is
   hidden behind a macro or an inline function below.  */
#ifndef PH_PLUGIN_COMPAT_H
#define PH_PLUGIN_COMPAT_H

#include "../reorg/access.h"
#include "../reorg/analysis.h"
#include "../reorg/groups.h"
#include "../reorg/layout.h"
#include "../reorg/reorganize.h"
#include "../reorg/select.h"
#include "../baseline/baseline.h"
#include "../report/buf.h"
#include "../report/dedup.h"
#include "../input/reports/frame.h"
#include "../report/jsonl.h"
#include "../report/reorg.h"
#include "../reorg/accessorder.h"
#include "../report/access-order.h"
#include "../report/text.h"

#include <sys/file.h>

#include "gcc-plugin.h"
#include "tree.h"
#include "stor-layout.h"
#include "stringpool.h"
#include "attribs.h"
#include "diagnostic.h"
#include "langhooks.h"
#include "ggc.h"
#include "hash-set.h"
#include "input.h"
#include "toplev.h"
#include "bversion.h"
#include "debug.h"
#include "tree-iterator.h"

#include "pretty-print.h"

/* The preprocessor of the unit (c-family/c-pragma.h declares it so):
   macros that stand for initializers and assertions (sites).  */
#include "cpplib.h"
#include <dlfcn.h>

/* The unit's preprocessor, c-family's parse_in: looked up when first
   asked, as lto1, which loads the plugin too, has no such symbol (a
   reference would stop the plugin from loading there).  NULL outside
   the C and C++ front ends.  */
static inline struct cpp_reader *ph_parse_in(void)
{
	static struct cpp_reader **p;
	static bool looked;

	if (!looked) {
		p = (struct cpp_reader **)dlsym(RTLD_DEFAULT, "parse_in");
		looked = true;
	}
	return p ? *p : NULL;
}

/* The embedded report's section (embed.cc).  */
#include "output.h"

/* The call graph, the passes and the inliner's size estimates, for the
   function records (funcs.cc).  */
#include "alloc-pool.h"
#include "cgraph.h"
#include "tree-pass.h"
#include "symbol-summary.h"
#include "tree-vrp.h"
#include "sreal.h"
#if BUILDING_GCC_MAJOR >= 14
#include "ipa-cp.h"
#endif
#include "ipa-prop.h"
#include "ipa-fnsummary.h"

/* The member accesses' pass (access-walk.cc): GIMPLE, its blocks'
   frequencies and dominators.  */
#include "tree-ssa-alias.h"
#include "gimple-expr.h"
#include "gimple.h"
#include "gimple-iterator.h"
#include "dominance.h"
#include "predict.h"
#include "context.h"
#include "internal-fn.h"

/* C++ front-end facts, as plain tree bits: cp-tree.h cannot be included
   in a plugin that is also loaded into cc1, where its functions do not
   exist.  Checked identical in GCC 11 to 15.  */
#define PH_DECL_FIELD_IS_BASE(NODE) DECL_LANG_FLAG_6(FIELD_DECL_CHECK(NODE))
#define PH_IDENTIFIER_LAMBDA_P(NODE) \
	(IDENTIFIER_NODE_CHECK(NODE)->base.protected_flag)
/* A pointer to member function: GCC's record {__pfn, __delta}.  */
#define PH_TYPE_PTRMEMFUNC_P(NODE) \
	(TREE_CODE(NODE) == RECORD_TYPE && TYPE_LANG_FLAG_2(NODE))
/* A type named by a typedef for linkage purposes:
   typedef struct { ... } name;  */
#define PH_TYPE_WAS_UNNAMED(NODE) \
	(TYPE_NAME(TYPE_MAIN_VARIANT(NODE)) != \
	 TYPE_STUB_DECL(TYPE_MAIN_VARIANT(NODE)))

/* C++ statements and calls the constructor bodies hold before
   genericization (cp-tree.h's accessors, the same in GCC 11 to 15).  */
#define PH_AGGR_INIT_EXPR_FN(NODE) TREE_OPERAND(AGGR_INIT_EXPR_CHECK(NODE), 1)
#define PH_AGGR_INIT_EXPR_ARG(NODE, I) \
	TREE_OPERAND(AGGR_INIT_EXPR_CHECK(NODE), (I) + 3)
#define ph_aggr_init_expr_nargs(NODE) (VL_EXP_OPERAND_LENGTH(NODE) - 3)
#define PH_CLEANUP_BODY(NODE) TREE_OPERAND(CLEANUP_STMT_CHECK(NODE), 0)

/* C++'s sizeof, which templates and some expressions keep unfolded
   until genericization: GCC 12 tells sizeof(x) from sizeof x apart.  */
static inline bool ph_sizeof_expr_p(tree t)
{
#if BUILDING_GCC_MAJOR >= 12
	if (TREE_CODE(t) == PAREN_SIZEOF_EXPR)
		return true;
#endif
	return TREE_CODE(t) == SIZEOF_EXPR;
}

#if BUILDING_GCC_MAJOR < 11
#error "pokehole needs the plugin interface of GCC 11 or later"
#endif

#if BUILDING_GCC_MAJOR >= 14
#include "opts.h"
#include "opts-diagnostic.h"
#endif

/* A copy of the diagnostics' printer (the front end's format decoder and
   %T's post-processor come with it), for the caller to delete.  GCC 15
   keeps the printer private and hands out clones.  */
static inline pretty_printer *ph_clone_printer(void)
{
#if BUILDING_GCC_MAJOR >= 15
	return global_dc->clone_printer().release();
#else
	return global_dc->printer->clone();
#endif
}

/* -Werror as the diagnostic context has it: a public field up to GCC 13,
   accessors from 14.  */
static inline bool ph_werror(void)
{
#if BUILDING_GCC_MAJOR >= 14
	return global_dc->warning_as_error_requested_p();
#else
	return global_dc->warning_as_error_requested;
#endif
}

static inline void ph_set_werror(bool on)
{
#if BUILDING_GCC_MAJOR >= 14
	global_dc->set_warning_as_error_requested(on);
#else
	global_dc->warning_as_error_requested = on;
#endif
}

/* Line LINE of FILE as the diagnostics read it (the input charset
   applied); empty when it cannot be read.  GCC 14 moved the file cache
   into the diagnostic context.  */
static inline char_span ph_source_line(const char *file, int line)
{
#if BUILDING_GCC_MAJOR >= 14
	return global_dc->get_file_cache().get_source_line(file, line);
#else
	return location_get_source_line(file, line);
#endif
}

/* What names a diagnostic's option in "[-Wname]": a plugin's namer,
   asked first for every diagnostic while it is installed, returns the
   malloc'd name or NULL for GCC's own.  GCC 11 to 13 have a public hook
   to chain; GCC 14 sets all the option hooks at once (GCC's own are
   public functions, so the others are put back as they were); GCC 15
   asks an option manager object, which is replaced by one that asks the
   namer and then a manager of GCC's own kind.  */
typedef char *(*ph_option_namer)(int option_index, diagnostic_t orig_kind,
				 diagnostic_t kind);

static inline ph_option_namer &ph_current_namer(void)
{
	static ph_option_namer namer;
	return namer;
}

#if BUILDING_GCC_MAJOR >= 15
class ph_option_manager : public diagnostic_option_manager {
public:
	ph_option_manager(unsigned lang_mask)
		: m_gcc(*global_dc, lang_mask, &global_options)
	{
	}
	int option_enabled_p(diagnostic_option_id id) const final override
	{
		return m_gcc.option_enabled_p(id);
	}
	char *make_option_name(diagnostic_option_id id, diagnostic_t orig,
			       diagnostic_t kind) const final override
	{
		char *name = ph_current_namer()
				     ? ph_current_namer()(id.m_idx, orig, kind)
				     : NULL;
		return name ? name : m_gcc.make_option_name(id, orig, kind);
	}
	char *make_option_url(diagnostic_option_id id) const final override
	{
		return m_gcc.make_option_url(id);
	}

private:
	compiler_diagnostic_option_manager m_gcc;
};

static inline void ph_set_option_namer(ph_option_namer namer)
{
	unsigned mask = global_dc->get_lang_mask();

	ph_current_namer() = namer;
	if (namer)
		global_dc->set_option_manager(
			std::unique_ptr<diagnostic_option_manager>(
				new ph_option_manager(mask)),
			mask);
	else
		global_dc->set_option_manager(
			std::unique_ptr<diagnostic_option_manager>(
				new compiler_diagnostic_option_manager(
					*global_dc, mask, &global_options)),
			mask);
}
#elif BUILDING_GCC_MAJOR == 14
static inline char *ph_option_name_hook(const diagnostic_context *dc, int idx,
					diagnostic_t orig, diagnostic_t kind)
{
	char *name = ph_current_namer() ? ph_current_namer()(idx, orig, kind)
					: NULL;
	return name ? name : option_name(dc, idx, orig, kind);
}

static inline void ph_set_option_namer(ph_option_namer namer)
{
	ph_current_namer() = namer;
	global_dc->set_option_hooks(option_enabled, &global_options,
				    namer ? ph_option_name_hook : option_name,
				    get_option_url,
				    global_dc->get_lang_mask());
}
#else
static inline char *(*&ph_gcc_option_name(void))(diagnostic_context *, int,
						  diagnostic_t, diagnostic_t)
{
	static char *(*gcc)(diagnostic_context *, int, diagnostic_t,
			    diagnostic_t);
	return gcc;
}

static inline char *ph_option_name_hook(diagnostic_context *dc, int idx,
					diagnostic_t orig, diagnostic_t kind)
{
	char *name = ph_current_namer() ? ph_current_namer()(idx, orig, kind)
					: NULL;
	if (name)
		return name;
	return ph_gcc_option_name() ? ph_gcc_option_name()(dc, idx, orig, kind)
				    : NULL;
}

static inline void ph_set_option_namer(ph_option_namer namer)
{
	if (namer && global_dc->option_name != ph_option_name_hook) {
		ph_gcc_option_name() = global_dc->option_name;
		global_dc->option_name = ph_option_name_hook;
	} else if (!namer && global_dc->option_name == ph_option_name_hook) {
		global_dc->option_name = ph_gcc_option_name();
	}
	ph_current_namer() = namer;
}
#endif

/* The call graph's facts the function records use, the same in GCC 11
   to 15 so far: an inline clone's inlined_to, the thunk bit (a bit of
   cgraph_node since GCC 11), an edge's inline_failed (CIF_OK once it is
   inlined) and the IPA inliner's size estimate, which only exists once
   the function summaries are computed (never at -O0).  */
static inline bool ph_node_inlined(const cgraph_node *node)
{
	return node->inlined_to != NULL;
}

static inline bool ph_node_thunk(const cgraph_node *node)
{
	return node->thunk;
}

static inline bool ph_edge_inlined(const cgraph_edge *e)
{
	return e->inline_failed == CIF_OK;
}

static inline bool ph_node_size(cgraph_node *node, int *size)
{
	if (!ipa_size_summaries)
		return false;
	ipa_size_summary *s = ipa_size_summaries->get(node);
	if (!s)
		return false;
	*size = s->size;
	return true;
}

#endif
