/* What allocs-walk.cc hands to allocs.cc, which keeps the unit's
   allocation facts per type.  Include after plugin.h and allocs.h.  */
#ifndef PH_PLUGIN_ALLOCS_STATE_H
#define PH_PLUGIN_ALLOCS_STATE_H

/* One heap site, its strings owned (reorg/allocs.h's ph_heap_site).  */
struct alloc_site_rec {
	enum ph_alloc_how how = PH_HOW_MALLOC;
	std::string call, file;
	uint32_t line = 0, column = 0;
	uint64_t count = 0, bytes = 0;
	bool array = false, tail = false;
	std::string object;
	uint64_t object_size = 0;
	std::string cache, cache_var;
	uint64_t cache_align = 0;
	bool cache_hwalign = false;
};

/* A kmem_cache_create whose type is decided at the end: by the cache's
   name (KMEM_CACHE names it after the struct), the text of its size
   argument, or the type allocated from its variable.  */
struct alloc_cache_pending {
	alloc_site_rec site;
	location_t loc = UNKNOWN_LOCATION;
	uint64_t size = 0;
};

void ph_allocs_place(alloc_site_rec *s, location_t loc);
/* A site of the program's code allocating objects of TYPE.  */
void ph_allocs_add(tree type, alloc_site_rec &&s);
void ph_allocs_cache_created(alloc_cache_pending &&p);
/* A function of the library (FN) allocates objects of OBJECT (SIZE
   bytes; ARRAY: a run-time number of them).  */
void ph_allocs_library_object(tree fn, tree object, uint64_t size, bool array);
/* FN calls CALLEE at WHERE (C++: the program's calls into the library
   and the library's calls between its functions).  */
void ph_allocs_note_call(tree fn, tree callee, location_t where);
/* FN is a constructor or destructor with a body: its clones stand for it.  */
void ph_allocs_note_clones(tree fn);
/* FN as a site names it: std::vector<node>::push_back, malloc.  */
std::string ph_allocs_fn_name(tree fn);

#endif
