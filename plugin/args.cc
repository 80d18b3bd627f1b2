/* The plugin's arguments, parsed into ph_opts (args.h): one table of
   keys and their parsers.  Apart from pokehole.cc, which only reads
   what they set.  */
#include "plugin.h"
#include "args.h"

struct ph_plugin_options ph_opts;

static bool parse_unsigned(const char *s, unsigned long max,
			   unsigned long *ret)
{
	char *end;

	if (!s || !*s || !ISDIGIT(*s))
		return false;
	errno = 0;
	unsigned long v = strtoul(s, &end, 10);
	if (errno || *end || v == 0 || v > max)
		return false;
	*ret = v;
	return true;
}

/* A comma-separated list of the names of the kinds in ALLOWED, or
   "all" for every one of them.  */
static bool parse_warn_kinds(const char *list, unsigned allowed,
			     unsigned all, unsigned *ret)
{
	unsigned out = 0;

	if (!list || !*list)
		return false;
	for (const char *p = list; *p;) {
		const char *end = strchr(p, ',');
		size_t len = end ? (size_t)(end - p) : strlen(p);
		bool found = len == 3 && strncmp(p, "all", 3) == 0;

		if (found)
			out |= all;
		for (unsigned k = 1; k <= allowed && !found; k <<= 1) {
			const char *name = ph_warn_kind_name(k);

			if ((k & allowed) && strlen(name) == len &&
			    strncmp(name, p, len) == 0) {
				out |= k;
				found = true;
			}
		}
		if (!found)
			return false;
		if (!end)
			break;
		p = end + 1;
	}
	*ret = out;
	return true;
}

/* The options: one table drives the parsing, the help GCC prints for
   --help=plugins... and the list an unknown key's error gives.  Every
   key is checked; an unknown one is an error naming it, and so is a
   value that does not fit, so a typo never silently disables a check.
   A parser returns NULL, or what the value should have been.  */
typedef const char *option_parser(const char *value, void *target);

static const char *parse_path(const char *value, void *target)
{
	if (!value || !*value)
		return "a file name or %<-%>";
	*(const char **)target = value;
	return NULL;
}

static const char *parse_dir(const char *value, void *target)
{
	if (!value || !*value)
		return "a directory";
	*(const char **)target = value;
	return NULL;
}

static const char *parse_file(const char *value, void *target)
{
	if (!value || !*value)
		return "a file name";
	*(const char **)target = value;
	return NULL;
}

static const char *parse_flag(const char *value, void *target)
{
	*(bool *)target = !value || strcmp(value, "0");
	return NULL;
}

static const char *parse_sites(const char *value, void *)
{
	if (value && strcmp(value, "0") && strcmp(value, "1"))
		return "nothing, 0 or 1";
	ph_opts.sites = !value || strcmp(value, "0");
	return NULL;
}

static const char *parse_allocs(const char *value, void *)
{
	if (value && strcmp(value, "0") && strcmp(value, "1"))
		return "nothing, 0 or 1";
	ph_opts.allocs = !value || strcmp(value, "0");
	return NULL;
}

static const char *parse_access(const char *value, void *)
{
	if (value && strcmp(value, "0") && strcmp(value, "1"))
		return "nothing, 0 or 1";
	ph_opts.access = !value || strcmp(value, "0");
	return NULL;
}

/* 0 or 1 into the int TARGET (nothing: 1), which is -1 when not given.  */
static const char *parse_switch(const char *value, void *target)
{
	if (value && strcmp(value, "0") && strcmp(value, "1"))
		return "nothing, 0 or 1";
	*(int *)target = !value || strcmp(value, "0");
	return NULL;
}

static const char *parse_packable(const char *value, void *)
{
	if (!value || strcmp(value, "class"))
		return "%<class%>";
	ph_opts.packable_class = true;
	return NULL;
}

static const char *parse_cacheline(const char *value, void *)
{
	unsigned long n;

	if (!parse_unsigned(value, 1UL << 20, &n))
		return "a size in bytes from 1 to 1048576";
	ph_opts.cacheline = (unsigned)n;
	return NULL;
}

static const char *parse_warn_min(const char *value, void *)
{
	unsigned long n;

	if (!parse_unsigned(value, 1UL << 30, &n))
		return "a number of bytes";
	ph_opts.warn.min_hole = n;
	return NULL;
}

/* TARGET: types= or assert-types='s list.  */
static const char *parse_types(const char *value, void *target)
{
	static char why[256];
	struct ph_names **names = (struct ph_names **)target;
	struct ph_error *err;

	if (!value || !*value)
		return "a list of type names";
	ph_names_destroy(*names);
	*names = NULL;
	if ((err = ph_names_create(value, names))) {
		snprintf(why, sizeof(why), "a list of type names (%s)",
			 err->message);
		ph_error_destroy(err);
		return why;
	}
	return NULL;
}

static const char *parse_reorganize(const char *value, void *)
{
	ph_opts.reorganize = !value || strcmp(value, "0");
	ph_opts.demote = value && strcmp(value, "demote") == 0;
	ph_opts.cross_groups = value && strcmp(value, "cross") == 0;
	ph_opts.reorganize_access = value && strcmp(value, "access") == 0;
	if (value && strcmp(value, "0") && strcmp(value, "1") &&
	    !ph_opts.demote && !ph_opts.cross_groups &&
	    !ph_opts.reorganize_access)
		return "nothing, 0, 1, %<demote%>, %<cross%> or %<access%>";
	return NULL;
}

static const char *parse_warn(const char *value, void *)
{
	/* all: the layout warnings; uninlined is about functions, and
	   must be named.  */
	unsigned layout = PH_WARN_HOLES | PH_WARN_PADDING |
			  PH_WARN_CACHELINE | PH_WARN_PACKABLE |
			  PH_WARN_GROUPS;

	if (!parse_warn_kinds(value,
			      layout | PH_WARN_UNINLINED | PH_WARN_FALSE_SHARING,
			      layout, &ph_opts.warn.kinds))
		return "a list of holes, padding, cacheline, packable, "
		       "groups, all, uninlined or false-sharing";
	return NULL;
}

/* -Wno-error=pokehole-KIND, which GCC cannot take.  */
static const char *parse_no_error(const char *value, void *)
{
	unsigned kinds = PH_WARN_HOLES | PH_WARN_PADDING | PH_WARN_CACHELINE |
			 PH_WARN_PACKABLE | PH_WARN_GROWTH | PH_WARN_UNINLINED |
			 PH_WARN_GROUPS | PH_WARN_FALSE_SHARING;

	if (!parse_warn_kinds(value ? value : "all", kinds, kinds,
			      &ph_opts.warn.no_error))
		return "nothing or a list of holes, padding, cacheline, "
		       "packable, growth, groups, uninlined, false-sharing "
		       "or all";
	return NULL;
}

static const struct option_spec {
	const char *key;
	const char *usage;	/* KEY[=VALUE] as the help shows it */
	option_parser *parse;
	void *target;
} option_table[] = {
	{ "report", "report=PATH|-", parse_path, &ph_opts.report },
	{ "json", "json=PATH|-", parse_path, &ph_opts.json },
	{ "json-dir", "json-dir=DIR", parse_dir, &ph_opts.json_dir },
	{ "cacheline", "cacheline=N", parse_cacheline, NULL },
	{ "types", "types=NAME[,NAME...]", parse_types, &ph_opts.types },
	{ "system-headers", "system-headers", parse_flag,
	  &ph_opts.system_headers },
	{ "artificial", "artificial", parse_flag, &ph_opts.artificial },
	{ "reorganize", "reorganize[=demote|cross|access]", parse_reorganize,
	  NULL },
	{ "warn", "warn=LIST", parse_warn, NULL },
	{ "no-error", "no-error[=LIST]", parse_no_error, NULL },
	{ "warn-min", "warn-min=N", parse_warn_min, NULL },
	{ "warn-all-holes", "warn-all-holes", parse_flag,
	  &ph_opts.warn.all_holes },
	{ "warn-once", "warn-once=FILE|0", parse_file, &ph_opts.warn_once },
	{ "baseline", "baseline=FILE", parse_file, &ph_opts.baseline },
	{ "functions", "functions", parse_flag, &ph_opts.functions },
	{ "embed", "embed", parse_flag, &ph_opts.embed },
	{ "sites", "sites[=0]", parse_sites, NULL },
	{ "allocs", "allocs[=0]", parse_allocs, NULL },
	{ "packable", "packable=class", parse_packable, NULL },
	{ "assert-layout", "assert-layout=PATH|-", parse_path,
	  &ph_opts.assert_layout },
	{ "assert-types", "assert-types=NAME[,NAME...]", parse_types,
	  &ph_opts.assert_types },
	{ "assert-groups", "assert-groups[=0]", parse_switch,
	  &ph_opts.assert_groups },
	{ "access", "access[=0]", parse_access, NULL },
};

/* "report=PATH|-  json=PATH|-  ...", from the table.  */
const char *ph_plugin_help(void)
{
	static char *help;

	if (!help) {
		size_t len = 1;

		for (const auto &o : option_table)
			len += strlen(o.usage) + 2;
		help = XNEWVEC(char, len);
		help[0] = '\0';
		for (const auto &o : option_table) {
			if (help[0])
				strcat(help, "  ");
			strcat(help, o.usage);
		}
	}
	return help;
}

bool ph_parse_args(const struct plugin_name_args *info)
{
	bool ok = true;

	for (int i = 0; i < info->argc; i++) {
		const char *key = info->argv[i].key;
		const char *value = info->argv[i].value;
		const struct option_spec *spec = NULL;

		for (const auto &o : option_table)
			if (strcmp(key, o.key) == 0)
				spec = &o;
		if (!spec) {
			error("pokehole: unknown option %<-fplugin-arg-%s-%s%>"
			      " (known: %s)", info->base_name, key,
			      ph_plugin_help());
			ok = false;
			continue;
		}
		const char *wants = spec->parse(value, spec->target);
		if (wants) {
			/* WANTS holds %<...%> quotes: a format of its own.  */
			char fmt[512];

			snprintf(fmt, sizeof(fmt),
				 "pokehole: %%<-fplugin-arg-%%s-%%s%%> takes %s",
				 wants);
			error(fmt, info->base_name, key);
			ok = false;
		}
	}
	return ok;
}
