/* ph-run - runs the testsuite's commands for it (lib/pokehole.exp,
   pokehole_run), one at a time, each under a time limit.
   Copyright (C) 2026 The pokehole authors.
   SPDX-License-Identifier: GPL-3.0-or-later

   Why: Tcl's exec forks the runtest process, whose size grows with what
   the tests read, and on the machines make check runs on a fork costs
   with that size; and every command went through timeout(1), a process
   more.  ph-run is small and long-lived: a command costs one fork of it
   and the command's own exec.

   Requests on standard input, fields ended by NUL, the first the number
   of the others:
       COUNT LIMIT OUTFILE ERRFILE DIR NENV [NAME=VALUE]... ARG0 [ARG]...
   LIMIT in seconds; DIR the folder it runs in (the caller's current
   one), where relative names are found; OUTFILE empty: standard output goes to ERRFILE with
   standard error, as Tcl's ">ERRFILE 2>@1"; NENV "-": the environment
   ph-run was started with, else the number of NAME=VALUE fields that
   make the command's.  The command's standard input is /dev/null; it
   runs in a process group of its own.  One reply line a request:
       exit N          it exited with N
       timeout         LIMIT passed: SIGTERM to its group, SIGKILL 5 s
                       later (the caller says exit 124, as timeout(1))
       signal N TEXT   it was killed by signal N
       error TEXT      it could not be run
   A request of one field, "cpu", is answered "cpu SECONDS": the CPU
   time of the commands run so far, for the testsuite's account of what
   each test file cost.  */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

extern char **environ;

/* One NUL-ended field into *BUF at *LEN (grown); false at the end of
   the input.  */
static int read_field(char **buf, size_t *cap, size_t *len)
{
	int c;

	do {
		c = getchar();
		if (c == EOF)
			return 0;
		if (*len + 1 >= *cap) {
			*cap = *cap ? *cap * 2 : 4096;
			*buf = realloc(*buf, *cap);
			if (!*buf)
				exit(2);
		}
		(*buf)[(*len)++] = (char)c;
	} while (c != '\0');
	return 1;
}

/* The fields of the next request, in *BUF (grown), as pointers in
   *FIELDS with room for one more; their number, or -1 at the end of the
   input.  */
static int read_request(char **buf, size_t *cap, char ***fields, size_t *fcap)
{
	size_t len = 0, at = 0;
	long count;

	if (!read_field(buf, cap, &len))
		return -1;
	count = atol(*buf);
	if (count < 1 || count > 100000)
		return -1;
	len = 0;
	for (long i = 0; i < count; i++)
		if (!read_field(buf, cap, &len))
			return -1;
	if ((size_t)count + 1 > *fcap) {
		*fcap = (size_t)count + 1;
		*fields = realloc(*fields, *fcap * sizeof(**fields));
		if (!*fields)
			exit(2);
	}
	for (long i = 0; i < count; i++) {
		(*fields)[i] = *buf + at;
		at += strlen(*buf + at) + 1;
	}
	return (int)count;
}

/* Waits for PID up to LIMIT seconds (SIGCHLD blocked): its status in
   *STATUS and 0, or 1 when the time passed first.  */
static int wait_limit(pid_t pid, double limit, int *status)
{
	struct timespec end, now, left;
	sigset_t chld;

	sigemptyset(&chld);
	sigaddset(&chld, SIGCHLD);
	clock_gettime(CLOCK_MONOTONIC, &end);
	end.tv_sec += (time_t)limit;
	for (;;) {
		pid_t r = waitpid(pid, status, WNOHANG);

		if (r == pid)
			return 0;
		clock_gettime(CLOCK_MONOTONIC, &now);
		left.tv_sec = end.tv_sec - now.tv_sec;
		left.tv_nsec = end.tv_nsec - now.tv_nsec;
		if (left.tv_nsec < 0) {
			left.tv_nsec += 1000000000;
			left.tv_sec--;
		}
		if (left.tv_sec < 0)
			return 1;
		sigtimedwait(&chld, NULL, &left);
	}
}

static void run(char **f, int n)
{
	const char *out, *err, *dir;
	char **env = environ, **argv;
	double limit;
	int pipefd[2], status, nenv, k = 5;
	pid_t pid;

	if (n < 6) {
		printf("error bad request\n");
		return;
	}
	limit = atof(f[0]);
	out = f[1];
	err = f[2];
	dir = f[3];
	if (strcmp(f[4], "-") != 0) {
		nenv = atoi(f[4]);
		if (nenv < 0 || 5 + nenv >= n) {
			printf("error bad request\n");
			return;
		}
		env = f + 5;
		k = 5 + nenv;
	}
	argv = f + k;
	f[n] = NULL;	/* read_request leaves room */
	if (pipe2(pipefd, O_CLOEXEC) != 0) {
		printf("error pipe: %s\n", strerror(errno));
		return;
	}
	fflush(stdout);
	pid = fork();
	if (pid < 0) {
		printf("error fork: %s\n", strerror(errno));
		close(pipefd[0]);
		close(pipefd[1]);
		return;
	}
	if (pid == 0) {
		sigset_t none;
		int in = chdir(dir) == 0 ? open("/dev/null", O_RDONLY) : -1;
		int e = open(err, O_WRONLY | O_CREAT | O_TRUNC, 0644);
		int o = *out ? open(out, O_WRONLY | O_CREAT | O_TRUNC, 0644) : e;

		sigemptyset(&none);
		sigprocmask(SIG_SETMASK, &none, NULL);
		setpgid(0, 0);
		if (in < 0 || e < 0 || o < 0 || dup2(in, 0) < 0 ||
		    dup2(o, 1) < 0 || dup2(e, 2) < 0) {
			int x = errno;

			(void)!write(pipefd[1], &x, sizeof(x));
			_exit(127);
		}
		if (env != environ) {
			/* NAME=VALUE fields, NULL-ended in a copy */
			char **e2 = calloc((size_t)(argv - env) + 1, sizeof(*e2));

			if (e2) {
				memcpy(e2, env, (size_t)(argv - env) * sizeof(*e2));
				environ = e2;
			}
		}
		execvp(argv[0], argv);
		{
			int x = errno;

			(void)!write(pipefd[1], &x, sizeof(x));
		}
		_exit(127);
	}
	close(pipefd[1]);
	{
		int x;

		if (read(pipefd[0], &x, sizeof(x)) == (ssize_t)sizeof(x)) {
			close(pipefd[0]);
			waitpid(pid, &status, 0);
			/* Tcl's words for it */
			printf("error couldn't execute \"%s\": %s\n", argv[0],
			       x == ENOENT ? "no such file or directory" :
			       strerror(x));
			return;
		}
	}
	close(pipefd[0]);
	if (wait_limit(pid, limit, &status)) {
		kill(-pid, SIGTERM);
		kill(pid, SIGTERM);
		if (wait_limit(pid, 5, &status)) {
			kill(-pid, SIGKILL);
			kill(pid, SIGKILL);
			waitpid(pid, &status, 0);
		}
		printf("timeout\n");
		return;
	}
	if (WIFSIGNALED(status))
		printf("signal %d %s\n", WTERMSIG(status),
		       strsignal(WTERMSIG(status)));
	else
		printf("exit %d\n", WEXITSTATUS(status));
}

int main(void)
{
	char *buf = NULL, **fields = NULL;
	size_t cap = 0, fcap = 0;
	sigset_t chld;
	int n;

	sigemptyset(&chld);
	sigaddset(&chld, SIGCHLD);
	sigprocmask(SIG_BLOCK, &chld, NULL);
	while ((n = read_request(&buf, &cap, &fields, &fcap)) >= 0) {
		if (n == 1 && strcmp(fields[0], "cpu") == 0) {
			struct rusage ru;

			getrusage(RUSAGE_CHILDREN, &ru);
			printf("cpu %.2f\n", ru.ru_utime.tv_sec + ru.ru_stime.tv_sec +
			       (ru.ru_utime.tv_usec + ru.ru_stime.tv_usec) / 1e6);
		} else {
			run(fields, n);
		}
		fflush(stdout);
	}
	return 0;
}
