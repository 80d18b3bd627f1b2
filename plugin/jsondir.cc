/* json-dir=DIR: the name of each unit's report file.

   A build may compile many units whose objects share a name in
   different directories, and may run the compiler for things that are
   not builds (configure checks, -o /dev/null probes).  So the report is
   named after the file the compilation writes, as an absolute path with
   symbolic links resolved, made relative to the directory that holds
   DIR: the same object rebuilt maps to the same report, two objects
   never to one, and a build whose DIR sits at its top keeps the names
   its objects have there (DIR/src/a.o.jsonl).  A ".." in that relative
   path becomes "__"; a name that is underscores only gets one more, so
   that no file's name is read as a "..".

   Copyright (C) 2026 The pokehole authors.
   SPDX-License-Identifier: GPL-3.0-or-later  */
#include "plugin.h"

#include <limits.h>
#include <string>
#include <vector>

typedef std::vector<std::string> components;

namespace {

struct driver_output {
	bool known;		/* run by the driver, which told us */
	std::string output;	/* -o's argument, or "" */
	char stop;		/* 'c' or 'S': the driver stops there */
};

} // namespace

/* What the driver's command line says of the output, from
   COLLECT_GCC_OPTIONS (the driver sets it for the programs it runs):
   each word in single quotes, a quote inside one as '\''.  */
static void read_driver(struct driver_output *ret)
{
	const char *env = getenv("COLLECT_GCC_OPTIONS");
	std::string word;
	bool after_o = false;

	ret->known = env != NULL;
	ret->output.clear();
	ret->stop = 0;
	for (const char *p = env ? env : ""; *p;) {
		if (*p != '\'') {
			p++;
			continue;
		}
		word.clear();
		for (p++; *p; p++) {
			if (*p != '\'') {
				word += *p;
			} else if (strncmp(p, "'\\''", 4) == 0) {
				word += '\'';
				p += 3;
			} else {
				break;
			}
		}
		if (*p)
			p++;
		if (after_o) {
			ret->output = word;
			after_o = false;
		} else if (word == "-o") {
			after_o = true;
		} else if (word == "-c" || word == "-S") {
			ret->stop = word[1];
		}
	}
}

/* Appends PATH's components to OUT, folding "." and ".." (the root's
   ".." is the root).  */
static void fold(const char *path, components &out)
{
	for (const char *p = path; *p;) {
		size_t len = strcspn(p, "/");
		std::string c(p, len);

		if (c == "..") {
			if (!out.empty())
				out.pop_back();
		} else if (!c.empty() && c != ".") {
			out.push_back(c);
		}
		p += len;
		if (*p)
			p++;
	}
}

/* The compiler's working directory, which relative names are in.  */
static const std::string &cwd(void)
{
	static std::string dir;

	if (dir.empty()) {
		char buf[PATH_MAX];

		dir = getcwd(buf, sizeof(buf)) ? buf : "/";
	}
	return dir;
}

/* PATH absolute and physical: its directory as realpath has it (links
   resolved); a part that does not exist yet (DIR before its first
   report) is added to its nearest existing ancestor's, so that a unit
   written before the directory exists names its report as those after
   it do.  */
static components physical(const std::string &path)
{
	std::string p = path[0] == '/' ? path : cwd() + "/" + path;
	while (p.size() > 1 && p[p.size() - 1] == '/')
		p.erase(p.size() - 1);
	size_t slash = p.rfind('/');
	char real[PATH_MAX];
	components out;

	while (slash && !realpath(p.substr(0, slash).c_str(), real))
		slash = p.rfind('/', slash - 1);
	fold(slash ? real : "/", out);
	fold(p.c_str() + slash + 1, out);
	return out;
}

/* Builds and checks that compile nothing a build keeps: autoconf's
   conftest, CMake's try_compile and compiler identification, Meson's
   checks; any compile of /dev/null or to /dev/null.  */
static bool not_a_build(const components &obj, const char *src)
{
	static const char *const dirs[] = {
		"CMakeScratch", "CMakeTmp", "CompilerIdC", "CompilerIdCXX",
		"meson-private",
	};
	const char *base = lbasename(src);

	if (strcmp(src, "/dev/null") == 0 ||
	    (obj.size() == 2 && obj[0] == "dev" && obj[1] == "null"))
		return true;
	if (strncmp(base, "conftest", 8) == 0 &&
	    (!base[8] || base[8] == '.'))
		return true;
	for (const std::string &c : obj)
		for (const char *d : dirs)
			if (c == d)
				return true;
	return false;
}

/* The file the compiler writes, as the driver names it: -o's with -c
   or -S; otherwise (no -o, compiling and linking in one step,
   -fsyntax-only) the name GCC gives the unit's auxiliary files, its
   -dumpbase without its -dumpbase-ext, and .o (.s with -S): gcc -c a.c
   writes a.o, gcc p.c b.c -o p has units p-p and p-b.  cc1 run without
   the driver goes by its -dumpbase too.  */
static std::string output_name(const struct driver_output &d)
{
	if (!d.output.empty() && d.stop && d.output != "-")
		return d.output;

	const char *src = main_input_filename ? main_input_filename : "unit";
	std::string name = dump_base_name ? dump_base_name : lbasename(src);
	size_t ext = dump_base_ext ? strlen(dump_base_ext) : 0;

	if (ext && name.size() > ext &&
	    name.compare(name.size() - ext, ext, dump_base_ext) == 0) {
		name.erase(name.size() - ext);
	} else if (!dump_base_name) {
		size_t dot = name.rfind('.');
		if (dot != std::string::npos && dot)
			name.erase(dot);
	}
	if (name.empty() || name[name.size() - 1] == '/')
		name += "unit";
	return name + (d.stop == 'S' ? ".s" : ".o");
}

/* A source's base name without its suffix.  */
static std::string root_name(const char *path)
{
	std::string base = lbasename(path);
	size_t dot = base.rfind('.');

	return dot && dot != std::string::npos ? base.substr(0, dot) : base;
}

static bool source_suffix(const char *path)
{
	static const char *const suffixes[] = {
		".c", ".i", ".cc", ".cp", ".cxx", ".cpp", ".CPP", ".c++",
		".C", ".ii", ".m", ".mi", ".mm", ".M", ".mii",
	};
	const char *dot = strrchr(lbasename(path), '.');

	for (const char *s : suffixes)
		if (dot && strcmp(dot, s) == 0)
			return true;
	return false;
}

/* Units named after their source's base name (no -o, or compiling and
   linking in one step) share a name when one command compiles two
   sources of one base name (gcc x/m.c y/m.c -o p: both p-m): then the
   driver's command line, the compiler's parent's, names another such
   source, and the report would replace the other's.  Where /proc
   cannot tell, nothing is said.  */
static struct ph_error *shared_name(const std::string &report)
{
	char proc[64], real_src[PATH_MAX], real_other[PATH_MAX];
	const char *src = main_input_filename;
	std::string args;
	struct ph_error *err = NULL;
	FILE *f;

	if (!src || !realpath(src, real_src))
		return NULL;
	snprintf(proc, sizeof(proc), "/proc/%ld/cmdline", (long)getppid());
	if (!(f = fopen(proc, "r")))
		return NULL;
	for (int c; (c = getc(f)) != EOF;)
		args += (char)c;
	fclose(f);
	std::string root = root_name(src);
	/* The first word is the driver.  */
	for (size_t at = args.find('\0'); at != std::string::npos &&
					   at + 1 < args.size() && !err;) {
		const char *w = args.c_str() + at + 1;
		struct stat st;

		at = args.find('\0', at + 1);
		if (w[0] == '-' || !source_suffix(w) || root_name(w) != root ||
		    stat(w, &st) < 0 || !S_ISREG(st.st_mode) ||
		    !realpath(w, real_other) ||
		    strcmp(real_src, real_other) == 0)
			continue;
		err = ph_error_create(PH_ERROR_INVALID,
				      "%s would hold the reports of both %s "
				      "and %s: compile them apart, or with "
				      "-c and -o", report.c_str(), src, w);
	}
	return err;
}

static void put_path(const components &c, struct ph_buf *out)
{
	if (c.empty())
		ph_buf_putc(out, '/');
	for (const std::string &name : c) {
		ph_buf_putc(out, '/');
		ph_buf_putn(out, name.data(), name.size());
	}
}

void ph_physical_path(const char *path, struct ph_buf *out)
{
	put_path(physical(path), out);
}

void ph_unit_output_path(struct ph_buf *out)
{
	struct driver_output d;

	read_driver(&d);
	put_path(physical(output_name(d)), out);
}

/* The compile is a check, not a unit of the build (not_a_build): no
   report file, and no say in warn-once's list.  */
bool ph_unit_is_check(void)
{
	struct driver_output d;

	read_driver(&d);
	return not_a_build(physical(output_name(d)),
			   main_input_filename ? main_input_filename : "");
}

struct ph_error *ph_json_dir_path(const char *dir, struct ph_buf *path)
{
	struct driver_output d;

	read_driver(&d);
	std::string out = output_name(d);
	components obj = physical(out);
	components anchor = physical(dir);
	std::string rel;
	size_t common = 0;

	if (not_a_build(obj, main_input_filename ? main_input_filename : ""))
		return NULL;
	if (!anchor.empty())
		anchor.pop_back();
	while (common < anchor.size() && common + 1 < obj.size() &&
	       anchor[common] == obj[common])
		common++;
	for (size_t i = common; i < anchor.size(); i++)
		rel += "__/";
	for (size_t i = common; i < obj.size(); i++) {
		const std::string &c = obj[i];

		rel += c;
		if (c.size() >= 2 &&
		    c.find_first_not_of('_') == std::string::npos)
			rel += '_';
		if (i + 1 < obj.size())
			rel += '/';
	}
	ph_buf_printf(path, "%s/%s.jsonl", dir, rel.c_str());
	if (path->failed)
		return &ph_error_nomem;
	if (d.known && (d.output.empty() || !d.stop || d.output == "-"))
		return shared_name(std::string(path->data, path->len));
	return NULL;
}
