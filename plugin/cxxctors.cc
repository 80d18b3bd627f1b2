/* C++ constructors' order-dependent sites: the mem-initializer list,
   read from the text, rewritten into the new order (members are
   initialized in declaration order whatever the list says); what each
   member's initialization reads and whether the program sees it run;
   members destroyed in reverse declaration order.  Apart from
   cxxsites.cc (the walk of a function's trees and the braced lists in
   it), which asks only for the constructor being walked and its
   members' lists.  Without cp-tree.h, as cxxsites.cc.  */
#include "sites.h"

#include "plugin.h"
#include "sites-tree.h"

/* The constructor being walked, and its class.  */
static tree cur_ctor_class;
static tree cur_fn;

tree ph_cxx_ctor_class(void)
{
	return cur_ctor_class;
}

/* A mem-initializer list, read from the text: each item's name and its
   text.  */
struct mem_item {
	std::string name;
	size_t start, end;
	/* The '{' or '(' of its initializer.  */
	size_t open;
};

struct mem_list {
	const ph_src_file *file = nullptr;
	std::vector<mem_item> items;
	bool ok = false;
	const char *why = nullptr;
};

/* The list of constructor FN: from its name past the parameters (and
   noexcept, attributes) to ':' and on to the body's '{'.  */
static mem_list read_mem_list(tree fn)
{
	mem_list ml;
	location_t loc = DECL_SOURCE_LOCATION(fn);
	size_t off;

	ml.why = "the constructor's text cannot be read";
	if (from_macro_expansion_at(loc)) {
		ml.why = "the constructor comes from a macro";
		return ml;
	}
	ml.file = ph_anchor_text(loc, &off);
	if (!ml.file)
		return ml;
	const std::string &t = ml.file->text;
	ph_lexer lx(t, off, true);
	ph_tok tok = lx.next();
	/* T, or T::T, or ~ no: the name's last part.  */
	while (tok.kind == PH_TOK_IDENT || lx.is(tok, "::") ||
	       lx.is(tok, "<")) {
		if (lx.is(tok, "<")) {
			/* Template arguments of the class name.  */
			unsigned depth = 1;
			while (depth && tok.kind != PH_TOK_EOF) {
				tok = lx.next();
				depth += lx.is(tok, "<") - lx.is(tok, ">");
			}
		}
		tok = lx.next();
	}
	if (!lx.is(tok, "("))
		return ml;
	size_t end = ph_skip_balanced(t, tok.start, true);
	if (end == std::string::npos)
		return ml;
	lx.pos = end;
	for (;;) {
		tok = lx.next();
		if (lx.is(tok, ":"))
			break;
		if (lx.is(tok, "{") || lx.is(tok, "=") || lx.is(tok, ";") ||
		    tok.kind == PH_TOK_EOF || tok.kind == PH_TOK_DIRECTIVE) {
			/* No list.  */
			ml.ok = lx.is(tok, "{") || lx.is(tok, "=");
			return ml;
		}
		if (lx.is(tok, "(") || lx.is(tok, "[")) {
			end = ph_skip_balanced(t, tok.start, true);
			if (end == std::string::npos)
				return ml;
			lx.pos = end;
		}
	}
	for (;;) {
		mem_item it;
		tok = lx.next();
		it.start = tok.start;
		std::string name;
		while (tok.kind == PH_TOK_IDENT || lx.is(tok, "::") ||
		       lx.is(tok, "<")) {
			if (lx.is(tok, "<")) {
				unsigned depth = 1;
				name.clear();
				while (depth && tok.kind != PH_TOK_EOF) {
					tok = lx.next();
					depth += lx.is(tok, "<") -
						 lx.is(tok, ">");
				}
			} else if (tok.kind == PH_TOK_IDENT) {
				name = lx.str(tok);
			}
			tok = lx.next();
		}
		if (!lx.is(tok, "(") && !lx.is(tok, "{")) {
			ml.why = "the mem-initializer list cannot be read";
			return ml;
		}
		it.open = tok.start;
		end = ph_skip_balanced(t, tok.start, true);
		if (end == std::string::npos) {
			ml.why = "the mem-initializer list cannot be read";
			return ml;
		}
		lx.pos = end;
		tok = lx.next();
		if (lx.is(tok, "...")) {
			end = tok.end;
			tok = lx.next();
		}
		it.end = end;
		it.name = name;
		ml.items.push_back(it);
		if (lx.is(tok, ","))
			continue;
		if (lx.is(tok, "{")) {
			ml.ok = true;
			return ml;
		}
		ml.why = "the mem-initializer list cannot be read";
		return ml;
	}
}

/* The mem-initializer list of the constructor being walked.  */
static mem_list cur_list;

size_t ph_cxx_mem_init_list(tree fn, tree field)
{
	if (fn != cur_fn || !cur_list.ok || !DECL_NAME(field))
		return std::string::npos;
	const char *name = IDENTIFIER_POINTER(DECL_NAME(field));
	for (const auto &it : cur_list.items)
		if (it.name == name)
			return it.open;
	return std::string::npos;
}

static bool in_system_header(tree decl)
{
	return decl && DECL_P(decl) &&
	       in_system_header_at(DECL_SOURCE_LOCATION(decl));
}

/* What one member's initialization does, from the statements that
   perform it.  */
struct member_init {
	tree field;
	/* Members it reads; NULL_TREE in the list: the whole object (this
	   passed to a call).  */
	std::vector<tree> reads;
	/* It calls code of the program's own (not the library's): its
	   effects are ordered with the other members'.  */
	bool observable = false;
};

struct scan_data {
	tree record;
	tree target;
	member_init *mi;
};

/* The object of THIS: *this.  */
static bool is_this(tree t)
{
	if (TREE_CODE(t) == INDIRECT_REF || TREE_CODE(t) == MEM_REF)
		t = TREE_OPERAND(t, 0);
	STRIP_NOPS(t);
	return TREE_CODE(t) == PARM_DECL && DECL_ARTIFICIAL(t) &&
	       DECL_NAME(t) && strcmp(IDENTIFIER_POINTER(DECL_NAME(t)),
				      "this") == 0;
}

static tree scan_cb(tree *tp, int *walk_subtrees, void *data)
{
	scan_data *d = (scan_data *)data;
	tree t = *tp;

	if (TREE_CODE(t) == COMPONENT_REF && is_this(TREE_OPERAND(t, 0))) {
		tree f = TREE_OPERAND(t, 1);
		if (TREE_CODE(f) == FIELD_DECL && f != d->target &&
		    DECL_CONTEXT(f) == d->record && DECL_NAME(f))
			d->mi->reads.push_back(f);
		*walk_subtrees = 0;
		return NULL_TREE;
	}
	if (TREE_CODE(t) == CALL_EXPR || TREE_CODE(t) == AGGR_INIT_EXPR) {
		tree fn = TREE_CODE(t) == CALL_EXPR
				  ? get_callee_fndecl(t)
				  : PH_AGGR_INIT_EXPR_FN(t);
		if (fn && TREE_CODE(fn) == ADDR_EXPR)
			fn = TREE_OPERAND(fn, 0);
		if (fn && TREE_CODE(fn) == FUNCTION_DECL) {
			if (!in_system_header(fn) && !fndecl_built_in_p(fn))
				d->mi->observable = true;
		} else {
			d->mi->observable = true;
		}
		/* this passed along: the callee may read any member.  */
		int n = TREE_CODE(t) == CALL_EXPR ? call_expr_nargs(t)
						  : ph_aggr_init_expr_nargs(t);
		for (int i = 0; i < n; i++) {
			tree a = TREE_CODE(t) == CALL_EXPR
					 ? CALL_EXPR_ARG(t, i)
					 : PH_AGGR_INIT_EXPR_ARG(t, i);
			STRIP_NOPS(a);
			if (is_this(a) || (TREE_CODE(a) == PARM_DECL &&
					   is_this(a)))
				d->mi->reads.push_back(NULL_TREE);
		}
		return NULL_TREE;
	}
	if (TREE_CODE(t) == MODIFY_EXPR || TREE_CODE(t) == PREINCREMENT_EXPR ||
	    TREE_CODE(t) == POSTINCREMENT_EXPR ||
	    TREE_CODE(t) == PREDECREMENT_EXPR ||
	    TREE_CODE(t) == POSTDECREMENT_EXPR) {
		/* Assigning to something other than the member itself.  */
		tree l = TREE_OPERAND(t, 0);
		if (!(TREE_CODE(l) == COMPONENT_REF &&
		      is_this(TREE_OPERAND(l, 0)) &&
		      TREE_OPERAND(l, 1) == d->target))
			d->mi->observable = true;
	}
	return NULL_TREE;
}

/* F when REF is this->F, F a member of RECORD; else NULL_TREE.  */
static tree this_member(tree ref, tree record)
{
	if (TREE_CODE(ref) == COMPONENT_REF && is_this(TREE_OPERAND(ref, 0)) &&
	    DECL_CONTEXT(TREE_OPERAND(ref, 1)) == record)
		return TREE_OPERAND(ref, 1);
	return NULL_TREE;
}

/* The member of RECORD a statement of a constructor initializes:
   this->F = ..., or a constructor called on &this->F.  */
static tree init_target(tree stmt, tree record)
{
	for (unsigned depth = 0; stmt && depth < 16; depth++) {
		switch (TREE_CODE(stmt)) {
		case INIT_EXPR:
			return this_member(TREE_OPERAND(stmt, 0), record);
		case CALL_EXPR:
		case AGGR_INIT_EXPR: {
			tree callee = TREE_CODE(stmt) == CALL_EXPR
					      ? get_callee_fndecl(stmt)
					      : PH_AGGR_INIT_EXPR_FN(stmt);
			if (callee && TREE_CODE(callee) == ADDR_EXPR)
				callee = TREE_OPERAND(callee, 0);
			/* A member's constructor, not a call in the body.  */
			if (!callee || TREE_CODE(callee) != FUNCTION_DECL ||
			    !DECL_CXX_CONSTRUCTOR_P(callee))
				return NULL_TREE;
			int n = TREE_CODE(stmt) == CALL_EXPR
					? call_expr_nargs(stmt)
					: ph_aggr_init_expr_nargs(stmt);
			if (!n)
				return NULL_TREE;
			tree a = TREE_CODE(stmt) == CALL_EXPR
					 ? CALL_EXPR_ARG(stmt, 0)
					 : PH_AGGR_INIT_EXPR_ARG(stmt, 0);
			STRIP_NOPS(a);
			if (TREE_CODE(a) == ADDR_EXPR)
				a = TREE_OPERAND(a, 0);
			return this_member(a, record);
		}
		case CLEANUP_POINT_EXPR:
		case EXPR_STMT:
		case CONVERT_EXPR:
		case NOP_EXPR:
			stmt = TREE_OPERAND(stmt, 0);
			break;
		case CLEANUP_STMT:
			stmt = PH_CLEANUP_BODY(stmt);
			break;
		default:
			return NULL_TREE;
		}
	}
	return NULL_TREE;
}

/* The statements of a constructor's body, its blocks opened (the
   initializations of its bases and members lead its outermost block;
   init_target tells them from the body's own statements).  */
static void init_statements(tree body, std::vector<tree> *out,
			    unsigned depth = 0)
{
	if (!body || depth > 8)
		return;
	switch (TREE_CODE(body)) {
	case STATEMENT_LIST:
		for (tree_stmt_iterator i = tsi_start(body); !tsi_end_p(i);
		     tsi_next(&i))
			init_statements(tsi_stmt(i), out, depth + 1);
		return;
	case BIND_EXPR:
		init_statements(BIND_EXPR_BODY(body), out, depth + 1);
		return;
	case CLEANUP_STMT:
		out->push_back(body);
		init_statements(PH_CLEANUP_BODY(body), out, depth + 1);
		return;
	default:
		out->push_back(body);
		return;
	}
}

static std::string name_of(tree f)
{
	return DECL_NAME(f) ? IDENTIFIER_POINTER(DECL_NAME(f)) : "";
}

/* The mem-initializer list rewritten into the new order: its member
   items, rearranged; bases stay first.  */
static void list_site(tree fn, tree record, const mem_list &ml)
{
	ph_unit_site s;
	unsigned members = 0;

	s.kind = PH_SITE_MEM_INIT;
	ph_site_place(&s, DECL_SOURCE_LOCATION(fn));
	if (!ml.ok) {
		s.why = ml.why;
		ph_sites_add(record, std::move(s));
		return;
	}
	ph_permute p;
	p.file = ml.file->path;
	for (const auto &it : ml.items) {
		bool member = false;
		for (tree f = TYPE_FIELDS(record); f && !member;
		     f = DECL_CHAIN(f))
			member = TREE_CODE(f) == FIELD_DECL && DECL_NAME(f) &&
				 !DECL_ARTIFICIAL(f) && it.name == name_of(f);
		p.spans.push_back(std::make_pair(it.start, it.end));
		p.fields.push_back(member ? it.name : "");
		members += member;
	}
	/* Fewer than two members: no order to keep.  */
	if (members < 2)
		return;
	p.append_at = ml.items.back().end;
	ml.file->position(ml.items.front().start, &s.line, &s.column);
	s.file = ml.file->path;
	s.loc = ph_location_at(s.file.c_str(), s.line, s.column,
			       DECL_SOURCE_LOCATION(fn));
	s.rewrite = true;
	s.permutes.push_back(p);
	ph_sites_add(record, std::move(s));
}

void ph_cxx_function(tree fn)
{
	cur_fn = fn;
	cur_ctor_class = NULL_TREE;
	cur_list = mem_list();
	if (!DECL_CXX_CONSTRUCTOR_P(fn) || !DECL_CONTEXT(fn))
		return;
	tree record = TYPE_MAIN_VARIANT(DECL_CONTEXT(fn));
	if (TREE_CODE(record) != RECORD_TYPE || !ph_type_collected(record) ||
	    DECL_ARTIFICIAL(fn))
		goto members;
	cur_list = read_mem_list(fn);
	list_site(fn, record, cur_list);
members:
	if (TREE_CODE(record) != RECORD_TYPE || !ph_type_collected(record))
		return;
	cur_ctor_class = record;

	/* What each member's initialization reads and does, in the
	   constructor the compiler wrote or the user's.  */
	std::vector<tree> stmts;
	std::vector<member_init> inits;
	init_statements(DECL_SAVED_TREE(fn), &stmts);
	for (tree st : stmts) {
		tree f = init_target(st, record);
		if (!f)
			continue;
		member_init mi;
		mi.field = f;
		scan_data d = { record, f, &mi };
		walk_tree_without_duplicates(&st, scan_cb, &d);
		inits.push_back(mi);
	}
	location_t where = DECL_ARTIFICIAL(fn)
				   ? DECL_SOURCE_LOCATION(TYPE_NAME(record))
				   : DECL_SOURCE_LOCATION(fn);
	for (const auto &mi : inits) {
		for (tree r : mi.reads) {
			ph_unit_site s;
			s.kind = PH_SITE_READS;
			ph_site_place(&s, where);
			s.member = name_of(mi.field);
			s.other = r ? name_of(r) : "";
			ph_sites_add(record, std::move(s));
		}
	}
	/* Members whose initialization the program sees run in
	   declaration order: each pair keeps it.  */
	for (size_t i = 0; i < inits.size(); i++) {
		for (size_t j = i + 1; j < inits.size(); j++) {
			if (!inits[i].observable || !inits[j].observable)
				continue;
			ph_unit_site s;
			s.kind = PH_SITE_LIFETIME;
			ph_site_place(&s, where);
			s.member = name_of(inits[i].field);
			s.other = name_of(inits[j].field);
			s.why = "constructed in declaration order by code "
				"of the program's own";
			ph_sites_add(record, std::move(s));
		}
	}
}

/* Members of a class type with a destructor of the program's own: they
   are destroyed in reverse declaration order.  */
void ph_cxx_record_lifetimes(tree record)
{
	std::vector<tree> owned;

	for (tree f = TYPE_FIELDS(record); f; f = DECL_CHAIN(f)) {
		if (TREE_CODE(f) != FIELD_DECL || !DECL_NAME(f))
			continue;
		tree t = TREE_TYPE(f);
		while (TREE_CODE(t) == ARRAY_TYPE)
			t = TREE_TYPE(t);
		/* Not trivially copyable or destructible: passed by
		   invisible reference.  */
		if (RECORD_OR_UNION_TYPE_P(t) && TREE_ADDRESSABLE(t) &&
		    TYPE_NAME(t) && !in_system_header(TYPE_NAME(t)))
			owned.push_back(f);
	}
	for (size_t i = 0; i < owned.size(); i++) {
		for (size_t j = i + 1; j < owned.size(); j++) {
			ph_unit_site s;
			s.kind = PH_SITE_LIFETIME;
			ph_site_place(&s, DECL_SOURCE_LOCATION(owned[j]));
			s.member = name_of(owned[i]);
			s.other = name_of(owned[j]);
			s.why = "members of classes with constructors or "
				"destructors of the program's own";
			ph_sites_add(record, std::move(s));
		}
	}
}
