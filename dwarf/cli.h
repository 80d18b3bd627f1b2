/* One table drives a command's option parsing and its help text, so
   that an option cannot be accepted and left out of --help, or the
   other way round.  */
#ifndef PH_DWARF_CLI_H
#define PH_DWARF_CLI_H

#include <getopt.h>
#include <stdio.h>

struct ph_cli_option {
	const char *name;	/* the long name */
	int has_arg;		/* no_argument, required_argument... */
	int val;		/* the short option, or a code above 255 */
	const char *arg;	/* the argument's name in the help */
	/* Lines of help, '\n' between them.  */
	const char *help;
};

/* getopt_long's tables for the N options of OPTS: LONGS holds N + 1
   entries, SHORTS 3 * N + 1 characters.  */
void ph_cli_tables(const struct ph_cli_option *opts, size_t n,
		   struct option *longs, char *shorts);
/* The help lines of the N options of OPTS, as GNU tools print them.  */
void ph_cli_help(FILE *f, const struct ph_cli_option *opts, size_t n);

#endif
