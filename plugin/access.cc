/* Member accesses (access.h): the unit's counts per function and type,
   what makes a member a lock or an atomic, the unit's threads, and the
   "access" records made of them at the end of the unit.  */
#include "plugin.h"
#include "access.h"
#include "../report/access.h"

#include <algorithm>
#include <map>
#include <set>
#include <string>
#include <vector>

namespace {

struct acc_counts {
	double reads = 0, writes = 0, cold_reads = 0, cold_writes = 0;
	double atomic_reads = 0, atomic_writes = 0;
	uint32_t sites = 0;
};

struct acc_fn_type {
	unsigned type;		/* index into acc_types */
	std::vector<std::pair<std::string, acc_counts>> members;
	std::map<std::string, unsigned> member_at;
	std::vector<std::string> locks;
};

struct acc_fn {
	unsigned uid;
	unsigned decl;		/* index into acc_decls */
	std::string fn, symbol, file;
	unsigned line;
	bool cold;
	std::vector<acc_fn_type> types;
	std::map<unsigned, unsigned> type_at;
};

struct acc_type_note {
	tree type;
	std::string name;
	bool typedef_name;
	location_t where;
};

} // namespace

static bool acc_on;
static enum ph_access_weights acc_weights = PH_WEIGHTS_NONE;
static bool acc_weights_set;
static hash_map<tree, unsigned> *acc_type_index;
static std::vector<acc_type_note> *acc_types;
static hash_map<tree, int> *acc_class_cache;
static std::vector<acc_fn> *acc_fns;
/* The function being walked: its record (made at its first access),
   its uid, whether it starts a std::thread, the functions whose
   addresses it takes.  */
static int acc_cur = -1;
static unsigned acc_cur_uid;
static tree acc_cur_decl;
static bool acc_cur_cold;
static bool acc_cur_starts_thread;
static std::vector<std::pair<unsigned, std::string>> *acc_cur_addresses;
/* The call graph (uid -> callees' uids), the thread roots and their
   names, the functions inlined somewhere.  */
static std::map<unsigned, std::vector<unsigned>> *acc_calls;
/* The same calls with the weight of their block in the caller, and
   the functions that may be called from outside the unit (public, or
   their address taken): what each function's weight is estimated
   from.  */
static std::map<unsigned, std::vector<std::pair<unsigned, double>>> *acc_call_w;
static std::set<unsigned> *acc_entries;
static std::set<unsigned> *acc_walked;
/* Functions that start threads with routines their callers give.  */
static std::set<unsigned> *acc_starters;
static std::map<unsigned, std::string> *acc_roots;
static std::set<unsigned> *acc_inlined;
/* The functions inlined into each function walked (uid -> their
   uids), the outermost first.  */
static std::map<unsigned, std::vector<unsigned>> *acc_inlined_into;
/* Each function walked: its name, where it is, whether in a system
   header (a thread's name is the first of its functions that is the
   program's).  */
struct acc_fn_info {
	std::string name, where;
	bool system;
};
static std::map<unsigned, acc_fn_info> *acc_info;

/* FN's entry in acc_info.  */
static acc_fn_info &acc_note_info(tree fn)
{
	expanded_location x = expand_location(DECL_SOURCE_LOCATION(fn));
	acc_fn_info &info = (*acc_info)[DECL_UID(fn)];
	info.name = lang_hooks.decl_printable_name(fn, 2);
	info.where = std::string(x.file ? lbasename(x.file) : "") + ":" +
		     std::to_string(x.line);
	info.system = in_system_header_at(DECL_SOURCE_LOCATION(fn));
	return info;
}

/* The decls of the functions recorded: a GC root, asked at the end
   whether each was emitted.  */
static vec<tree, va_gc> *acc_decls;
static const struct ggc_root_tab acc_roots_tab[] = {
	{ &acc_decls, 1, sizeof(acc_decls), &gt_ggc_mx_vec_tree_va_gc_,
	  &gt_pch_nx_vec_tree_va_gc_ },
	LAST_GGC_ROOT_TAB
};

bool ph_access_enabled(void)
{
	return acc_on;
}

void ph_access_note_type(tree type, const char *name, bool typedef_name,
			 location_t where)
{
	if (!acc_on)
		return;
	type = TYPE_MAIN_VARIANT(type);
	bool existed;
	unsigned &slot = acc_type_index->get_or_insert(type, &existed);
	if (existed)
		return;
	slot = acc_types->size();
	acc_types->push_back({ type, name, typedef_name, where });
}

bool ph_access_type_noted(tree type)
{
	return acc_type_index && acc_type_index->get(type);
}

void ph_access_set_weights(enum ph_access_weights w)
{
	if (!acc_weights_set || w > acc_weights)
		acc_weights = w;
	acc_weights_set = true;
}

/* Lock types by name: typedefs, C tags, C++ qualified names.  */
static const char *const acc_lock_names[] = {
	"spinlock_t", "raw_spinlock_t", "rwlock_t", "arch_spinlock_t",
	"seqlock_t", "local_lock_t", "pthread_mutex_t", "pthread_spinlock_t",
	"pthread_rwlock_t", "mtx_t", "spinlock", "raw_spinlock",
	"qspinlock", "mutex", "rt_mutex", "rw_semaphore", "semaphore",
	"std::mutex", "std::recursive_mutex", "std::timed_mutex",
	"std::recursive_timed_mutex", "std::shared_mutex",
	"std::shared_timed_mutex",
};
static const char *const acc_atomic_names[] = {
	"atomic_t", "atomic64_t", "atomic_long_t", "refcount_t", "local_t",
	"local64_t", "std::atomic_flag",
};

static bool acc_listed(const char *name, const char *const *list, size_t n)
{
	for (size_t i = 0; i < n; i++)
		if (strcmp(name, list[i]) == 0)
			return true;
	return false;
}

static enum ph_member_class acc_type_class(tree type)
{
	while (TREE_CODE(type) == ARRAY_TYPE)
		type = TREE_TYPE(type);
	if (TYPE_ATOMIC(type))
		return PH_MEMBER_ATOMIC;
	bool existed;
	int &slot = acc_class_cache->get_or_insert(type, &existed);
	if (existed)
		return (enum ph_member_class)slot;
	enum ph_member_class cls = PH_MEMBER_PLAIN;
	/* Each typedef of the chain, then the type.  */
	for (tree t = type; t && cls == PH_MEMBER_PLAIN;) {
		tree name = TYPE_NAME(t);
		if (lookup_attribute("pokehole_lock", TYPE_ATTRIBUTES(t)))
			cls = PH_MEMBER_LOCK;
		if (!name || TREE_CODE(name) != TYPE_DECL || !DECL_NAME(name))
			break;
		const char *s = IDENTIFIER_POINTER(DECL_NAME(name));
		if (lookup_attribute("pokehole_lock", DECL_ATTRIBUTES(name)) ||
		    acc_listed(s, acc_lock_names, ARRAY_SIZE(acc_lock_names)))
			cls = PH_MEMBER_LOCK;
		else if (acc_listed(s, acc_atomic_names,
				    ARRAY_SIZE(acc_atomic_names)))
			cls = PH_MEMBER_ATOMIC;
		t = DECL_ORIGINAL_TYPE(name);
	}
	tree main = TYPE_MAIN_VARIANT(type);
	if (cls == PH_MEMBER_PLAIN && RECORD_OR_UNION_TYPE_P(main)) {
		struct ph_buf name;
		bool typedef_name;

		if (lookup_attribute("pokehole_lock", TYPE_ATTRIBUTES(main)))
			cls = PH_MEMBER_LOCK;
		ph_buf_init(&name);
		if (cls == PH_MEMBER_PLAIN &&
		    ph_record_name(main, &name, &typedef_name) && !name.failed) {
			if (acc_listed(name.data, acc_lock_names,
				       ARRAY_SIZE(acc_lock_names)))
				cls = PH_MEMBER_LOCK;
			else if (acc_listed(name.data, acc_atomic_names,
					    ARRAY_SIZE(acc_atomic_names)) ||
				 strncmp(name.data, "std::atomic<", 12) == 0 ||
				 strncmp(name.data, "std::__atomic_base<", 19) == 0)
				cls = PH_MEMBER_ATOMIC;
		}
		ph_buf_deinit(&name);
	}
	/* The slot may have moved while ph_record_name ran: look again.  */
	acc_class_cache->put(type, cls);
	return cls;
}

enum ph_member_class ph_access_field_class(tree field)
{
	if (TREE_CODE(field) != FIELD_DECL || !acc_class_cache)
		return PH_MEMBER_PLAIN;
	if (lookup_attribute("pokehole_lock", DECL_ATTRIBUTES(field)))
		return PH_MEMBER_LOCK;
	return acc_type_class(TREE_TYPE(field));
}

void ph_access_fn_begin(tree fn, bool cold)
{
	acc_cur = -1;
	acc_cur_uid = DECL_UID(fn);
	acc_cur_decl = fn;
	acc_cur_cold = cold;
	acc_cur_starts_thread = false;
	acc_cur_addresses->clear();
	acc_note_info(fn);
	acc_walked->insert(acc_cur_uid);
	if (TREE_PUBLIC(fn) || TREE_ADDRESSABLE(fn))
		acc_entries->insert(acc_cur_uid);
	/* std::thread runs its callable from _State_impl<...>::_M_run.  */
	if (DECL_NAME(fn) &&
	    strcmp(IDENTIFIER_POINTER(DECL_NAME(fn)), "_M_run") == 0 &&
	    DECL_CONTEXT(fn) && TYPE_P(DECL_CONTEXT(fn)))
		(*acc_roots)[acc_cur_uid] = lang_hooks.decl_printable_name(fn, 2);
	if (DECL_NAME(fn) && strcmp(IDENTIFIER_POINTER(DECL_NAME(fn)), "main") == 0 &&
	    TREE_PUBLIC(fn) && (!DECL_CONTEXT(fn) ||
				TREE_CODE(DECL_CONTEXT(fn)) == TRANSLATION_UNIT_DECL))
		(*acc_roots)[acc_cur_uid] = "main";
}

static acc_fn &acc_current(void)
{
	if (acc_cur < 0) {
		acc_fn f;
		tree decl = acc_cur_decl;
		expanded_location x = expand_location(DECL_SOURCE_LOCATION(decl));

		f.uid = acc_cur_uid;
		f.decl = vec_safe_length(acc_decls);
		vec_safe_push(acc_decls, decl);
		f.fn = lang_hooks.decl_printable_name(decl, 2);
		if ((TREE_PUBLIC(decl) || DECL_COMDAT(decl)) &&
		    DECL_ASSEMBLER_NAME_SET_P(decl))
			f.symbol = IDENTIFIER_POINTER(DECL_ASSEMBLER_NAME(decl));
		f.file = x.file ? x.file : "";
		f.line = x.line;
		f.cold = acc_cur_cold;
		acc_cur = acc_fns->size();
		acc_fns->push_back(std::move(f));
	}
	return (*acc_fns)[acc_cur];
}

void ph_access_add(tree type, const char *path, unsigned ops, double w,
		   bool cold)
{
	unsigned *ti = acc_type_index->get(type);
	if (!ti)
		return;
	acc_fn &f = acc_current();
	auto it = f.type_at.find(*ti);
	if (it == f.type_at.end()) {
		it = f.type_at.emplace(*ti, f.types.size()).first;
		f.types.push_back(acc_fn_type());
		f.types.back().type = *ti;
	}
	acc_fn_type &ft = f.types[it->second];
	auto mi = ft.member_at.find(path);
	if (mi == ft.member_at.end()) {
		mi = ft.member_at.emplace(path, ft.members.size()).first;
		ft.members.emplace_back(path, acc_counts());
	}
	acc_counts &c = ft.members[mi->second].second;
	c.sites++;
	if (ops & PH_ACC_READ)
		(cold ? c.cold_reads : c.reads) += w;
	if (ops & PH_ACC_WRITE)
		(cold ? c.cold_writes : c.writes) += w;
	if ((ops & PH_ACC_ATOMIC) && (ops & PH_ACC_READ))
		c.atomic_reads += w;
	if ((ops & PH_ACC_ATOMIC) && (ops & PH_ACC_WRITE))
		c.atomic_writes += w;
	if ((ops & PH_ACC_LOCK) &&
	    std::find(ft.locks.begin(), ft.locks.end(), path) == ft.locks.end())
		ft.locks.push_back(path);
}

static bool acc_thread_class(tree callee)
{
	tree ctx = DECL_CONTEXT(callee);
	if (!ctx || !RECORD_OR_UNION_TYPE_P(ctx) || !DECL_NAME(callee) ||
	    strncmp(IDENTIFIER_POINTER(DECL_NAME(callee)), "__ct", 4))
		return false;
	struct ph_buf name;
	bool typedef_name, yes = false;
	ph_buf_init(&name);
	if (ph_record_name(ctx, &name, &typedef_name) && !name.failed)
		yes = strcmp(name.data, "std::thread") == 0 ||
		      strcmp(name.data, "std::jthread") == 0;
	ph_buf_deinit(&name);
	return yes;
}

void ph_access_call(tree callee, double w)
{
	(*acc_calls)[acc_cur_uid].push_back(DECL_UID(callee));
	(*acc_call_w)[DECL_UID(callee)].emplace_back(acc_cur_uid, w);
	if ((DECL_NAME(callee) &&
	     (strstr(IDENTIFIER_POINTER(DECL_NAME(callee)), "_M_start_thread") ||
	      acc_thread_class(callee))) ||
	    acc_starters->count(DECL_UID(callee)))
		acc_cur_starts_thread = true;
}

/* Callees are walked before their callers: a helper's callers find it
   here.  */
void ph_access_thread_starter(void)
{
	acc_starters->insert(acc_cur_uid);
}

void ph_access_fn_address(tree fn)
{
	acc_entries->insert(DECL_UID(fn));
	acc_cur_addresses->emplace_back(DECL_UID(fn),
					lang_hooks.decl_printable_name(fn, 2));
}

void ph_access_thread_root(tree fn)
{
	(*acc_roots)[DECL_UID(fn)] = lang_hooks.decl_printable_name(fn, 2);
}

void ph_access_inlined_from(tree origin)
{
	acc_inlined->insert(DECL_UID(origin));
	std::vector<unsigned> &in = (*acc_inlined_into)[acc_cur_uid];
	if (std::find(in.begin(), in.end(), DECL_UID(origin)) == in.end()) {
		in.push_back(DECL_UID(origin));
		if (!acc_info->count(DECL_UID(origin)))
			acc_note_info(origin);
	}
}

void ph_access_fn_end(void)
{
	/* What a function that starts a std::thread gives it is the
	   thread's start (the lambda's body is reached from _M_run).  */
	if (acc_cur_starts_thread)
		for (const auto &a : *acc_cur_addresses)
			(*acc_roots)[a.first] = a.second;
	acc_cur = -1;
	acc_cur_decl = NULL_TREE;
}

/* Each root's name for each function uid it reaches through the unit's
   direct calls.  A root is named after the first function it reaches
   (breadth first, in the order of the calls; each function before
   those inlined into it, the outermost first) that is the program's,
   not the library's (std::thread's _M_run is named after the lambda it
   runs, called or inlined), and where that function is when two roots
   would read alike.  */
static std::map<unsigned, std::vector<const std::string *>>
acc_reach(std::vector<std::string> &names)
{
	std::map<unsigned, std::vector<const std::string *>> reach;
	std::vector<std::vector<unsigned>> reached;
	std::vector<std::string> where;

	names.clear();
	for (const auto &r : *acc_roots) {
		std::vector<unsigned> order(1, r.first);
		std::set<unsigned> seen;
		seen.insert(r.first);
		for (size_t k = 0; k < order.size(); k++) {
			auto it = acc_calls->find(order[k]);
			if (it == acc_calls->end())
				continue;
			for (unsigned c : it->second)
				if (seen.insert(c).second)
					order.push_back(c);
		}
		std::string name = r.second, at;
		bool named = false;
		for (size_t k = 0; k < order.size() && !named; k++) {
			std::vector<unsigned> cands(1, order[k]);
			auto il = acc_inlined_into->find(order[k]);
			if (il != acc_inlined_into->end())
				cands.insert(cands.end(), il->second.begin(),
					     il->second.end());
			for (unsigned u : cands) {
				auto in = acc_info->find(u);
				if (in != acc_info->end() && !in->second.system) {
					if (u != r.first)
						name = in->second.name;
					at = in->second.where;
					named = true;
					break;
				}
			}
		}
		names.push_back(name);
		where.push_back(at);
		reached.push_back(std::move(order));
	}
	std::vector<bool> twin(names.size());
	for (size_t i = 0; i < names.size(); i++)
		for (size_t j = 0; j < names.size(); j++)
			if (i != j && names[i] == names[j])
				twin[i] = true;
	for (size_t i = 0; i < names.size(); i++)
		if (twin[i] && !where[i].empty())
			names[i] += " (" + where[i] + ")";
	for (size_t i = 0; i < names.size(); i++)
		for (unsigned u : reached[i])
			reach[u].push_back(&names[i]);
	return reach;
}

/* The paths of TYPE's members that are locks or atomics, through its
   anonymous aggregates.  */
static void acc_classed_members(tree type, const std::string &prefix,
				std::vector<std::string> &locks,
				std::vector<std::string> &atomics,
				unsigned depth)
{
	if (depth > 8)
		return;
	for (tree f = TYPE_FIELDS(type); f; f = DECL_CHAIN(f)) {
		if (TREE_CODE(f) != FIELD_DECL)
			continue;
		if (!DECL_NAME(f) && RECORD_OR_UNION_TYPE_P(TREE_TYPE(f)) &&
		    !(ph_lang_cxx && PH_DECL_FIELD_IS_BASE(f))) {
			acc_classed_members(TREE_TYPE(f), prefix, locks, atomics,
					    depth + 1);
			continue;
		}
		if (!DECL_NAME(f))
			continue;
		enum ph_member_class cls = ph_access_field_class(f);
		std::string path = prefix + IDENTIFIER_POINTER(DECL_NAME(f));
		if (cls == PH_MEMBER_LOCK)
			locks.push_back(path);
		else if (cls == PH_MEMBER_ATOMIC)
			atomics.push_back(path);
	}
}

/* A function recorded whose body was inlined where it was called and
   that has no body of its own in the object: its accesses are counted
   in its callers.  */
static bool acc_fn_dropped(const acc_fn &f)
{
	tree decl = (*acc_decls)[f.decl];
	return !TREE_ASM_WRITTEN(decl) && acc_inlined->count(f.uid);
}

/* How often each function walked runs for one call of the unit's
   entries, from GCC's estimate of the frequency of each call's block:
   an entry (a function no function of the unit calls, one that is
   public or whose address is taken) runs once, plus what its callers in
   the unit give it; a call in a loop of ten gives ten times its
   caller's.  Recursion is followed a few rounds, and the weights are
   capped: an estimate, as GCC's own are.  */
static std::map<unsigned, double> acc_frequencies(void)
{
	std::map<unsigned, double> freq;

	for (unsigned u : *acc_walked)
		freq[u] = 1;
	for (int round = 0; round < 4; round++) {
		bool changed = false;
		for (auto &f : freq) {
			auto in = acc_call_w->find(f.first);
			bool entry = acc_entries->count(f.first) ||
				     in == acc_call_w->end();
			double v = entry ? 1 : 0;
			if (in != acc_call_w->end())
				for (const auto &c : in->second) {
					auto cf = freq.find(c.first);
					if (cf != freq.end() && c.first != f.first)
						v += cf->second * c.second;
				}
			if (v > 1e12)
				v = 1e12;
			if (v != f.second) {
				f.second = v;
				changed = true;
			}
		}
		if (!changed)
			break;
	}
	return freq;
}

struct ph_error *ph_access_each(struct ph_error *(*fn)(tree type,
						      const struct ph_type *t,
						      const struct ph_type_access *a,
						      void *arg),
				void *arg)
{
	if (!acc_on || acc_fns->empty())
		return NULL;
	/* Each type's functions.  */
	std::vector<std::vector<std::pair<const acc_fn *, const acc_fn_type *>>>
		by_type(acc_types->size());
	for (const acc_fn &f : *acc_fns) {
		if (acc_fn_dropped(f))
			continue;
		for (const acc_fn_type &ft : f.types)
			by_type[ft.type].emplace_back(&f, &ft);
	}
	std::vector<std::string> root_names;
	auto reach = acc_reach(root_names);
	std::map<unsigned, double> freq;
	if (acc_weights == PH_WEIGHTS_ESTIMATE)
		freq = acc_frequencies();
	struct ph_model *model = NULL;
	struct ph_error *err = ph_model_create(&model);
	for (size_t i = 0; !err && i < acc_types->size(); i++) {
		if (by_type[i].empty())
			continue;
		const acc_type_note &n = (*acc_types)[i];
		const struct ph_type *t = NULL;
		if ((err = ph_type_from_tree(model, n.type, n.name.c_str(),
					     n.typedef_name, n.where, &t)))
			break;
		if (!t)
			continue;
		std::vector<std::string> locks, atomics;
		acc_classed_members(n.type, "", locks, atomics, 0);
		std::vector<const char *> lock_p, atomic_p;
		for (const auto &l : locks)
			lock_p.push_back(l.c_str());
		for (const auto &a : atomics)
			atomic_p.push_back(a.c_str());
		/* Everything the records point to lives until the call
		   returns.  */
		std::vector<struct ph_function_access> fns;
		std::vector<std::vector<struct ph_member_access>> members;
		std::vector<std::vector<const char *>> threads, flocks;
		members.reserve(by_type[i].size());
		threads.reserve(by_type[i].size());
		flocks.reserve(by_type[i].size());
		for (const auto &p : by_type[i]) {
			const acc_fn &f = *p.first;
			const acc_fn_type &ft = *p.second;
			members.emplace_back();
			double k = 1;
			auto fr = freq.find(f.uid);
			if (fr != freq.end())
				k = fr->second;
			for (const auto &m : ft.members) {
				struct ph_member_access ma = {};
				ma.path = m.first.c_str();
				ma.reads = k * m.second.reads;
				ma.writes = k * m.second.writes;
				ma.cold_reads = k * m.second.cold_reads;
				ma.cold_writes = k * m.second.cold_writes;
				ma.atomic_reads = k * m.second.atomic_reads;
				ma.atomic_writes = k * m.second.atomic_writes;
				ma.sites = m.second.sites;
				members.back().push_back(ma);
			}
			threads.emplace_back();
			auto r = reach.find(f.uid);
			if (r != reach.end())
				for (const std::string *s : r->second)
					threads.back().push_back(s->c_str());
			flocks.emplace_back();
			for (const auto &l : ft.locks)
				flocks.back().push_back(l.c_str());
			struct ph_function_access fa = {};
			fa.fn = f.fn.c_str();
			fa.symbol = f.symbol.c_str();
			fa.file = f.file.c_str();
			fa.line = f.line;
			fa.cold = f.cold;
			fa.threads = threads.back().data();
			fa.nr_threads = threads.back().size();
			fa.locks = flocks.back().data();
			fa.nr_locks = flocks.back().size();
			fa.members = members.back().data();
			fa.nr_members = members.back().size();
			fns.push_back(fa);
		}
		struct ph_type_access a = {};
		ph_record_head(&a, t);
		a.weights = acc_weights;
		a.locks = lock_p.data();
		a.nr_locks = lock_p.size();
		a.atomics = atomic_p.data();
		a.nr_atomics = atomic_p.size();
		a.functions = fns.data();
		a.nr_functions = fns.size();
		err = fn(n.type, t, &a, arg);
	}
	ph_model_destroy(model);
	return err;
}

static struct ph_error *acc_render_one(tree, const struct ph_type *,
				       const struct ph_type_access *a,
				       void *arg)
{
	return ph_render_access_jsonl((struct ph_buf *)arg, a);
}

void ph_access_render(struct ph_buf *out)
{
	struct ph_error *err = ph_access_each(acc_render_one, out);
	if (err && err != &ph_error_nomem)
		ph_error_destroy(err);
	else if (err)
		out->failed = true;
}

void ph_access_register(const char *plugin_name)
{
	acc_on = true;
	acc_type_index = new hash_map<tree, unsigned>;
	acc_types = new std::vector<acc_type_note>;
	acc_class_cache = new hash_map<tree, int>;
	acc_fns = new std::vector<acc_fn>;
	acc_cur_addresses = new std::vector<std::pair<unsigned, std::string>>;
	acc_calls = new std::map<unsigned, std::vector<unsigned>>;
	acc_call_w = new std::map<unsigned,
				  std::vector<std::pair<unsigned, double>>>;
	acc_entries = new std::set<unsigned>;
	acc_walked = new std::set<unsigned>;
	acc_starters = new std::set<unsigned>;
	acc_roots = new std::map<unsigned, std::string>;
	acc_inlined = new std::set<unsigned>;
	acc_inlined_into = new std::map<unsigned, std::vector<unsigned>>;
	acc_info = new std::map<unsigned, acc_fn_info>;
	register_callback(plugin_name, PLUGIN_REGISTER_GGC_ROOTS, NULL,
			  const_cast<ggc_root_tab *>(acc_roots_tab));
}

void ph_access_release(void)
{
	delete acc_type_index;
	acc_type_index = nullptr;
	delete acc_types;
	acc_types = nullptr;
	delete acc_class_cache;
	acc_class_cache = nullptr;
	delete acc_fns;
	acc_fns = nullptr;
	delete acc_cur_addresses;
	acc_cur_addresses = nullptr;
	delete acc_calls;
	acc_calls = nullptr;
	delete acc_call_w;
	acc_call_w = nullptr;
	delete acc_entries;
	acc_entries = nullptr;
	delete acc_walked;
	acc_walked = nullptr;
	delete acc_starters;
	acc_starters = nullptr;
	delete acc_roots;
	acc_roots = nullptr;
	delete acc_inlined;
	acc_inlined = nullptr;
	delete acc_inlined_into;
	acc_inlined_into = nullptr;
	delete acc_info;
	acc_info = nullptr;
	acc_decls = NULL;
	acc_on = false;
}
