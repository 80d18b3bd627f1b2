/* The sites' functions that speak of GCC's trees: include sites.h, then
   plugin.h, then this.  */
#ifndef PH_PLUGIN_SITES_TREE_H
#define PH_PLUGIN_SITES_TREE_H

/* sites-walk.cc: the walk of the front end's trees, from its callbacks
   (register; release frees every sites file's state).  */
bool ph_sites_enabled(void);
void ph_sites_register(const char *plugin_name);
void ph_sites_release(void);

/* sites.cc: the unit's sites, per type (init and deinit: the table).  */
void ph_sites_init(void);
void ph_sites_deinit(void);
void ph_sites_add(tree type, ph_unit_site &&site);
const std::vector<ph_unit_site> *ph_sites_of(tree type);
/* S's place: LOC's file, line and column.  */
void ph_site_place(ph_unit_site *s, location_t loc);
/* VAR is the object of a compound literal.  */
bool ph_compound_literal_decl(tree var);
/* VAR's initializer is read now, for the first time.  */
bool ph_sites_var_once(tree var);

/* places.cc (and ph_member_decl, ph_type_location of plugin.h).  */
/* A location for LINE:COLUMN of FILE (HINT's map first), verified to
   expand to it; UNKNOWN_LOCATION when the line maps have none.  */
location_t ph_location_at(const char *file, uint32_t line, uint32_t column,
			  location_t hint);
/* The file ANCHOR is in and its byte there (*OFF); NULL when the text
   does not show it (a macro's expansion, no location, a changed
   file).  */
const ph_src_file *ph_anchor_text(location_t anchor, size_t *off);

/* initsites.cc: braced lists.  */
/* VAR's initializer CTOR, read where VAR's declaration has its text.
   False when the text is not there: VAR is C++'s hidden object of a
   structured binding or a temporary, whose list is somewhere in the
   declaration (ph_cxx_expr_root looks for it there).  */
bool ph_init_var_root(tree var, tree ctor);
/* The same for a list C++ split into stores of its members (not
   constant): CTOR has the values that are left, which may be zero.  */
bool ph_init_var_root_split(tree var, tree ctor, bool split);
/* CTOR, a braced list in an expression that no one read (C++'s that
   cxxsites.cc did not find): a site that cannot be read when the list
   can set a record's members by position.  */
void ph_init_expr_unread(tree ctor, location_t where);
void ph_init_text_root(tree type, tree ctor, location_t anchor,
		       const ph_src_file *file, size_t open);

/* initreplay.cc (and initreplay.h): what the front end's CONSTRUCTOR
   says alone.  */
void ph_init_unreadable(tree ctor, location_t anchor, const char *why);
/* Every value CTOR gives is zero.  */
bool ph_init_all_zero(tree ctor);

/* initmacros.cc: macros in initializers.  */
/* The preprocessor's macro named by TEXT[START, END), or NULL.  */
cpp_hashnode *ph_macro_named(const std::string &text, size_t start,
			     size_t end);
/* Whether the macro's replacement list has a comma outside brackets:
   then it stands for several elements.  */
bool ph_macro_has_comma(cpp_hashnode *node);
/* The macro stands for a compound literal: ((T){...}) or (T){...}.  */
bool ph_macro_is_literal(cpp_hashnode *node);
/* The number an object-like macro NAME stands for (an array index).  */
bool ph_macro_number(const std::string &name, uint64_t *ret);
/* The braced list that is the whole body of macro NODE: the file of its
   definition and the '{' there; NULL with *WHY when its body is
   something else.  */
const ph_src_file *ph_macro_list(cpp_hashnode *node, size_t *open,
				 const char **why);

/* cxxsites.cc.  */
bool ph_cxx_ctor_done(tree ctor);
/* CTOR and the CONSTRUCTORs inside it are read (a root).  */
void ph_cxx_mark_done(tree ctor);
void ph_cxx_walk_end(void);
void ph_cxx_binding(tree var);
void ph_cxx_walk_node(tree t, location_t where, tree fn, int *walk_subtrees);
/* FN (a library function) initializes an aggregate TYPE of the program
   from its arguments; FN calls CALLEE at WHERE.  */
void ph_cxx_note_forward(tree fn, tree type);
void ph_cxx_note_call(tree fn, tree callee, location_t where);
/* The program's calls into library functions that forward to its
   aggregates: their sites, once all the unit's functions are seen.  */
void ph_cxx_forwarded_sites(void);
void ph_cxx_release(void);
/* A braced list of C++ whose text is somewhere around WHERE.  */
void ph_cxx_expr_root(tree ctor, location_t where, tree fn);

/* cxxctors.cc: constructors and destructors.  */
void ph_cxx_function(tree fn);
/* The class of the constructor being walked (ph_cxx_function), or
   NULL_TREE.  */
tree ph_cxx_ctor_class(void);
size_t ph_cxx_mem_init_list(tree fn, tree field);
void ph_cxx_record_lifetimes(tree record);

/* asserts.cc: static assertions on offsetof and sizeof.  */
void ph_asserts_note_typedef(tree decl);
/* The typedef names of TYPE the unit declared.  */
std::vector<std::string> ph_type_aliases(tree type);
void ph_asserts_for(tree type, const struct ph_type *t,
		    std::vector<ph_unit_site> *out);
void ph_asserts_release(void);

/* defsite.cc: the definition's own site, S: its member declarations
   (and their comments) moved into SUGGESTED's order, or why they
   cannot be.  */
void ph_definition_site(tree type, const struct ph_type *t,
			const struct ph_type *suggested, ph_unit_site *s);

/* sites-out.cc: a type's sites at the end of the unit.  */
struct ph_type_report {
	/* Every site, its definition first (when a new order was
	   suggested).  */
	std::vector<ph_unit_site> sites;
	/* The order suggested (members' names), empty when none.  */
	std::vector<std::string> order;
	const struct ph_type *suggested = nullptr;
	/* A site of the type's bytes (packed, I/O, ABI): never
	   reordered.  */
	bool fixed = false;
};

/* TYPE's sites (T its layout), for the order SUGGESTED (NULL: none, or
   T itself).  */
void ph_sites_assemble(tree type, const struct ph_type *t,
		       const struct ph_type *suggested, ph_type_report *out);
/* Whether site S lets the order of R stand; *WHY otherwise.  */
bool ph_site_ok(const ph_type_report &r, const struct ph_type *t,
		const ph_unit_site &s, const char **why);
/* The edits of every site for R's order, merged; false with *WHY when
   one cannot be made.  */
bool ph_sites_edits(const ph_type_report &r, std::vector<ph_src_edit> *out,
		    std::string *why);
/* The unit's own "sites" record: its sites were collected.  */
void ph_sites_render_unit(struct ph_buf *out);
/* The type's "sites" record (docs/layout-jsonl.md).  */
void ph_sites_render(const ph_type_report &r, const struct ph_type *t,
		     struct ph_buf *out);
void ph_sites_out_release(void);
/* Whether R is worth a "sites" record: a new order, or a site in the
   unit's code.  */
bool ph_sites_worth_a_record(const ph_type_report &r);

#endif
