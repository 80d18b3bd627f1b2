/* One table drives a command's option parsing and its help text, so
   that an option cannot be accepted and left out of --help, or the
   other way round.  */
#ifndef PH_TOOLS_CLI_H
#define PH_TOOLS_CLI_H

#include <getopt.h>
#include <stdbool.h>
#include <stdio.h>

#include "../input/input.h"
#include "../reorg/error.h"

struct ph_cli_option {
	const char *name;	/* the long name */
	int has_arg;		/* no_argument, required_argument... */
	int val;		/* the short option, or a code above 255 */
	const char *arg;	/* the argument's name in the help */
	/* Lines of help, '\n' between them.  */
	const char *help;
};

/* The entries of the tables: an option without an argument, and one
   with an argument, named ARG in the help.  */
#define PH_CLI_FLAG(name, val, help)					\
	{ name, no_argument, val, NULL, help }
#define PH_CLI_ARG(name, val, arg, help)				\
	{ name, required_argument, val, arg, help }

/* The codes of the options every command has, above any of its own.  */
enum { PH_CLI_OPT_DEBUGINFO_PATH = 0x1000, PH_CLI_OPT_VERSION };

/* -o/--output FILE, every command's.  */
#define PH_CLI_OUTPUT_OPTION						\
	PH_CLI_ARG("output", 'o', "FILE",				\
		   "write the output to FILE (made beside it\nand renamed " \
		   "when complete; not written\nwhen an error is met), " \
		   "not to standard\noutput")

/* The last entries of every command's table.  */
#define PH_CLI_COMMON_OPTIONS						\
	PH_CLI_ARG("debuginfo-path", PH_CLI_OPT_DEBUGINFO_PATH, "PATH",	\
		   "where to look for separate debug files\n(colon-"	\
		   "separated directories; default\n:.debug:/usr/lib/debug)"), \
	PH_CLI_FLAG("help", 'h', "print this help and exit"),		\
	PH_CLI_FLAG("version", PH_CLI_OPT_VERSION,			\
		    "print the version and exit")

/* getopt_long's tables for the N options of OPTS: LONGS holds N + 1
   entries, SHORTS 3 * N + 1 characters.  */
void ph_cli_tables(const struct ph_cli_option *opts, size_t n,
		   struct option *longs, char *shorts);
/* The help lines of the N options of OPTS, as GNU tools print them.  */
void ph_cli_help(FILE *f, const struct ph_cli_option *opts, size_t n);
/* What a command's --help and --version print.  */
struct ph_cli_command {
	const char *name;	/* as --version and the messages name it */
	const char *version;
	const char *files;	/* the usage line's operands: "FILE..." */
	/* Whole lines: what the command does, before the help of its
	   options, and what it prints and its exit status, after it.  */
	const char *about, *after;
	const struct ph_cli_option *opts;
	size_t nr_opts;
};

/* What the options every command has (-j, -F, -o, --debuginfo-path)
   set.  */
struct ph_cli_common {
	const char *debuginfo_path;
	const char *output_path;	/* -o, or NULL */
	unsigned jobs;			/* -j N; -j alone: 0 */
	/* -F: enum ph_input_format */
	unsigned formats[PH_INPUT_NR_FORMATS];
	unsigned nr_formats;
};

/* Option C of getopt_long, its argument ARG, that the command's own
   options are not: -h and --version print what CMD says (returns 0);
   one of those every command has is taken into *COMMON (returns -1: go
   on); a bad argument or an unknown option is said (returns 2).  */
int ph_cli_other_option(const struct ph_cli_command *cmd, int c,
			const char *arg, struct ph_cli_common *common);

/* Option C of getopt_long, its argument ARG, taken into *COMMON when
   it is one of those every command has (*TAKEN then true); an error
   when its argument is not one the option takes.  */
struct ph_error *ph_cli_common_option(int c, const char *arg,
				      struct ph_cli_common *common,
				      bool *taken);

/* ERR said on standard error after the command's name, and destroyed;
   returns STATUS.  */
int ph_cli_error(const char *progname, struct ph_error *err, int status);
/* The same for an error about the file at PATH that does not name it:
   "PROGNAME: PATH: message".  */
int ph_cli_file_error(const char *progname, const char *path,
		      struct ph_error *err, int status);
/* ERR from reading the file at PATH, said as ph_cli_error does when
   NAMED (its message names the file, as a report's do, with the line)
   and as ph_cli_file_error does otherwise, or when out of memory.  */
int ph_cli_load_error(const char *progname, const char *path,
		      struct ph_error *err, bool named, int status);
/* Bad usage: the pointer to --help on standard error; returns the
   status for it, 2.  */
int ph_cli_bad_usage(const char *progname);
/* No FILE given: says so; returns 2.  */
int ph_cli_no_files(const char *progname);
/* ARG, the argument of --OPTION, a comma-separated list of the N NAMES,
   each at most once, as their indices in *RET (room for N), *NR_RET of
   them; an error saying why it is not.  */
struct ph_error *ph_cli_list(const char *option, const char *arg,
			     const char *const *names, unsigned n,
			     unsigned *ret, unsigned *nr_ret);
/* The threads --jobs means by default: the CPUs online, 1 to 64.  */
unsigned ph_cli_cpus(void);
/* Standard output flushed: 0, or 1 after saying why it could not be
   written.  */
int ph_cli_flush(const char *progname);
/* -o PATH: standard output redirected to a new temporary file beside
   PATH (removed at exit or on a fatal signal unless renamed); an error
   saying why it could not be made.  */
struct ph_error *ph_cli_output_open(const char *path);
/* The end of a command given -o PATH: with OK, standard output
   flushed and the temporary file renamed to PATH; otherwise (or when
   that fails) the file removed and PATH named as not written, 1
   returned.  0 when PATH was written, and when no -o was opened and
   OK.  */
int ph_cli_output_close(const char *progname, const char *path, bool ok);

#endif
