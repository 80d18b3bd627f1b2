#include "cli.h"
#include "../input/input.h"
#include "../report/buf.h"

#include <errno.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

void ph_cli_tables(const struct ph_cli_option *opts, size_t n,
		   struct option *longs, char *shorts)
{
	for (size_t i = 0; i < n; i++) {
		longs[i] = (struct option){ opts[i].name, opts[i].has_arg,
					    NULL, opts[i].val };
		if (opts[i].val > 0 && opts[i].val < 256) {
			*shorts++ = (char)opts[i].val;
			if (opts[i].has_arg != no_argument)
				*shorts++ = ':';
			if (opts[i].has_arg == optional_argument)
				*shorts++ = ':';
		}
	}
	longs[n] = (struct option){ NULL, 0, NULL, 0 };
	*shorts = '\0';
}

enum { HELP_COLUMN = 32 };

void ph_cli_help(FILE *f, const struct ph_cli_option *opts, size_t n)
{
	for (size_t i = 0; i < n; i++) {
		const struct ph_cli_option *o = &opts[i];
		const char *line = o->help;
		int w;

		if (o->val > 0 && o->val < 256)
			w = fprintf(f, "  -%c, --%s", o->val, o->name);
		else
			w = fprintf(f, "      --%s", o->name);
		if (o->has_arg == required_argument)
			w += fprintf(f, "=%s", o->arg);
		else if (o->has_arg == optional_argument)
			w += fprintf(f, "[=%s]", o->arg);
		/* At least two spaces before the help.  */
		if (w > HELP_COLUMN - 2) {
			fputc('\n', f);
			w = 0;
		}
		for (;;) {
			const char *end = strchr(line, '\n');
			int len = end ? (int)(end - line) : (int)strlen(line);

			fprintf(f, "%*s%.*s\n", HELP_COLUMN - w, "", len, line);
			if (!end)
				break;
			line = end + 1;
			w = 0;
		}
	}
}

int ph_cli_error(const char *progname, struct ph_error *err, int status)
{
	fprintf(stderr, "%s: %s\n", progname, err->message);
	ph_error_destroy(err);
	return status;
}

int ph_cli_file_error(const char *progname, const char *path,
		      struct ph_error *err, int status)
{
	fprintf(stderr, "%s: %s: %s\n", progname, path, err->message);
	ph_error_destroy(err);
	return status;
}

int ph_cli_load_error(const char *progname, const char *path,
		      struct ph_error *err, bool named, int status)
{
	if (named && err != &ph_error_nomem)
		return ph_cli_error(progname, err, status);
	return ph_cli_file_error(progname, path, err, status);
}

int ph_cli_bad_usage(const char *progname)
{
	fprintf(stderr, "Try '%s --help' for more information.\n", progname);
	return 2;
}

int ph_cli_no_files(const char *progname)
{
	fprintf(stderr, "%s: no input files\n", progname);
	return ph_cli_bad_usage(progname);
}

/* ARG, the argument of --jobs, as *RET (NULL: 0, the default).  */
static struct ph_error *parse_jobs(const char *arg, unsigned *ret)
{
	char *end;
	unsigned long v;

	*ret = 0;
	if (!arg)
		return NULL;
	errno = 0;
	v = strtoul(arg, &end, 0);
	if (*arg < '0' || *arg > '9' || errno || *end || v == 0 || v > 4096)
		return ph_error_create(PH_ERROR_INVALID, "--jobs needs a "
				       "number from 1 to 4096");
	*ret = (unsigned)v;
	return NULL;
}

/* Why ARG is not a list of NAMES: "'x' is not one of a, b or comes
   twice", the name at P (LEN characters).  */
static struct ph_error *not_in_list(const char *option, const char *p,
				    size_t len, const char *const *names,
				    unsigned n)
{
	struct ph_buf b;
	struct ph_error *err;

	ph_buf_init(&b);
	ph_buf_printf(&b, "--%s: '%.*s' is not one of ", option, (int)len, p);
	for (unsigned i = 0; i < n; i++)
		ph_buf_printf(&b, "%s%s", i ? ", " : "", names[i]);
	ph_buf_puts(&b, " or comes twice");
	err = ph_buf_error(&b);
	if (!err)
		err = ph_error_create(PH_ERROR_INVALID, "%.*s", (int)b.len,
				      b.data);
	ph_buf_deinit(&b);
	return err;
}

struct ph_error *ph_cli_list(const char *option, const char *arg,
			     const char *const *names, unsigned n,
			     unsigned *ret, unsigned *nr_ret)
{
	const char *p = arg;

	*nr_ret = 0;
	while (*p) {
		size_t len = strcspn(p, ",");
		unsigned f;

		for (f = 0; f < n; f++)
			if (strlen(names[f]) == len &&
			    strncmp(p, names[f], len) == 0)
				break;
		for (unsigned i = 0; i < *nr_ret && f < n; i++)
			if (ret[i] == f)
				f = n;
		if (f == n)
			return not_in_list(option, p, len, names, n);
		ret[(*nr_ret)++] = f;
		p += len;
		if (*p == ',' && *++p == '\0')
			return ph_error_create(PH_ERROR_INVALID, "--%s: empty "
					       "name at the end", option);
	}
	if (!*nr_ret)
		return ph_error_create(PH_ERROR_INVALID, "--%s needs a list",
				       option);
	return NULL;
}

struct ph_error *ph_cli_common_option(int c, const char *arg,
				      struct ph_cli_common *common,
				      bool *taken)
{
	*taken = true;
	switch (c) {
	case 'j':
		return parse_jobs(arg, &common->jobs);
	case 'F':
		return ph_cli_list("format_path", arg, ph_input_format_names,
				   PH_INPUT_NR_FORMATS, common->formats,
				   &common->nr_formats);
	case 'o':
		if (!*arg)
			return ph_error_create(PH_ERROR_INVALID, "--output "
					       "needs a file name");
		common->output_path = arg;
		return NULL;
	case PH_CLI_OPT_DEBUGINFO_PATH:
		common->debuginfo_path = arg;
		return NULL;
	}
	*taken = false;
	return NULL;
}

int ph_cli_other_option(const struct ph_cli_command *cmd, int c,
			const char *arg, struct ph_cli_common *common)
{
	struct ph_error *err;
	bool taken;

	switch (c) {
	case 'h':
		printf("Usage: %s [OPTIONS] %s\n%s\n", cmd->name, cmd->files,
		       cmd->about);
		ph_cli_help(stdout, cmd->opts, cmd->nr_opts);
		printf("\n%s", cmd->after);
		return 0;
	case PH_CLI_OPT_VERSION:
		printf("%s %s\n", cmd->name, cmd->version);
		return 0;
	}
	if ((err = ph_cli_common_option(c, arg, common, &taken)))
		return ph_cli_error(cmd->name, err, 2);
	if (!taken)
		return ph_cli_bad_usage(cmd->name);
	return -1;
}

unsigned ph_cli_cpus(void)
{
	long cpus = sysconf(_SC_NPROCESSORS_ONLN);

	return cpus < 1 ? 1 : cpus > 64 ? 64 : (unsigned)cpus;
}

int ph_cli_flush(const char *progname)
{
	if (fflush(stdout) == 0 && !ferror(stdout))
		return 0;
	fprintf(stderr, "%s: cannot write: %s\n", progname, strerror(errno));
	return 1;
}

/* The temporary file -o writes, removed when the command ends (or is
   ended by a signal) before renaming it over its target.  */
static char *pending_tmp;

static void remove_pending(void)
{
	if (pending_tmp) {
		unlink(pending_tmp);
		free(pending_tmp);
		pending_tmp = NULL;
	}
}

static void remove_pending_and_die(int sig)
{
	/* unlink, signal and raise are async-signal-safe.  */
	if (pending_tmp)
		unlink(pending_tmp);
	signal(sig, SIG_DFL);
	raise(sig);
}

struct ph_error *ph_cli_output_open(const char *path)
{
	static const int signals[] = { SIGHUP, SIGINT, SIGPIPE, SIGTERM };
	struct ph_error *err;
	mode_t mask;
	int fd;

	if (asprintf(&pending_tmp, "%s.XXXXXX", path) < 0) {
		pending_tmp = NULL;
		return &ph_error_nomem;
	}
	/* Standard output so far (nothing, normally) stays where it was.  */
	fflush(stdout);
	if ((fd = mkstemp(pending_tmp)) < 0) {
		err = ph_error_errno(errno, "%s: cannot create a file beside "
				     "it", path);
		free(pending_tmp);
		pending_tmp = NULL;
		return err;
	}
	atexit(remove_pending);
	for (size_t i = 0; i < sizeof(signals) / sizeof(signals[0]); i++)
		if (signal(signals[i], remove_pending_and_die) == SIG_IGN)
			signal(signals[i], SIG_IGN);
	/* A new file's mode, not mkstemp's 0600.  */
	mask = umask(0);
	umask(mask);
	if (fchmod(fd, 0666 & ~mask) || dup2(fd, STDOUT_FILENO) < 0) {
		err = ph_error_errno(errno, "%s", pending_tmp);
		close(fd);
		remove_pending();
		return err;
	}
	close(fd);
	return NULL;
}

int ph_cli_output_close(const char *progname, const char *path, bool ok)
{
	if (!pending_tmp)
		return ok ? 0 : 1;
	/* Standard output is written before it is renamed; nothing of a
	   failed command is.  */
	if (ok && ph_cli_flush(progname))
		ok = false;
	if (ok && fsync(STDOUT_FILENO) && errno != EINVAL) {
		fprintf(stderr, "%s: %s: cannot write: %s\n", progname, path,
			strerror(errno));
		ok = false;
	}
	if (ok && rename(pending_tmp, path)) {
		fprintf(stderr, "%s: %s: cannot rename %s to it: %s\n",
			progname, path, pending_tmp, strerror(errno));
		ok = false;
	}
	if (ok) {
		free(pending_tmp);
		pending_tmp = NULL;
		return 0;
	}
	remove_pending();
	fprintf(stderr, "%s: %s not written\n", progname, path);
	return 1;
}
