/* The plugin's arguments, -fplugin-arg-pokehole-KEY[=VALUE] (the list
   is pokehole.cc's head comment): parsed by args.cc into ph_opts,
   which pokehole.cc reads.  Include plugin.h first.  */
#ifndef PH_PLUGIN_ARGS_H
#define PH_PLUGIN_ARGS_H

struct ph_plugin_options {
	const char *report;
	const char *json;
	const char *json_dir;
	unsigned cacheline;
	struct ph_names *types;	/* NULL for all */
	bool system_headers;
	bool artificial;
	bool reorganize;
	bool demote;
	bool cross_groups;
	struct ph_warn_options warn;
	const char *warn_once;	/* "0": every unit warns */
	const char *baseline;
	bool functions;
	bool embed;
	int sites;		/* -1: as the other options imply */
	int allocs;		/* -1: as the other options imply */
	/* packable=class: warn=packable only where the allocator's class
	   of the type changes (alloc.h).  */
	bool packable_class;
	/* assert-layout=FILE: layout assertions of the types someone chose
	   the layout of, and of these (assertgen.cc); assert-groups: the
	   kernel's group checks too (-1: in a kernel unit).  */
	const char *assert_layout;
	struct ph_names *assert_types;
	int assert_groups;
	/* access: member access records (access.h); reorganize=access:
	   the reorganized layouts in the access-aware order.  */
	bool access;
	bool reorganize_access;
};
/* Defaults set in plugin_init.  */
extern struct ph_plugin_options ph_opts;

/* "report=PATH|-  json=PATH|-  ...": what GCC prints for
   --help=plugins.  */
const char *ph_plugin_help(void);
/* Parses INFO's arguments into ph_opts; false when one was an error
   (said).  */
bool ph_parse_args(const struct plugin_name_args *info);

#endif
