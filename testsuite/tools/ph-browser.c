/* ph-browser - one headless Chromium for pokehole.html/'s checks
   (lib/html.exp, html_chromium), loading page after page.
   Copyright (C) 2026 The pokehole authors.
   SPDX-License-Identifier: GPL-3.0-or-later

   Why: a Chromium takes 1.5 s of CPU to start and little to load one of
   the test's pages; html.exp loads a dozen.  This keeps one browser and
   speaks the DevTools protocol to it over --remote-debugging-pipe (JSON
   messages ended by NUL, the browser reading fd 3 and writing fd 4).

       ph-browser BROWSER PROFILE LOG

   BROWSER the Chromium to run, PROFILE its --user-data-dir, LOG where
   its own output goes.  Requests on standard input, one line each,
   fields separated by tabs:
       dom URL OUT                  the page's DOM, as --dump-dom prints
                                    it (the doctype, then the root's
                                    outerHTML), written to OUT
       shot URL OUT WIDTH HEIGHT    a PNG of the page in a window of
                                    WIDTH x HEIGHT, as --screenshot
   One reply line each: "ok", or "error TEXT".  Each page gets a target
   of its own and, as --virtual-time-budget=60000 gives it, 60 s of
   virtual time after its load to run its timers (the page draws its
   maps asynchronously); a request takes at most 240 s, after which the
   browser is killed and the next request starts another.  At the end
   of the input the browser is closed.  */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <jansson.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#define LIMIT_MS (240 * 1000)

struct browser {
	const char *prog, *profile, *log;
	pid_t pid;
	int to, from;		/* our ends of its fd 3 and fd 4 */
	char *buf;		/* what was read and not yet taken */
	size_t len, cap;
	long next_id;
	int budget_spent;	/* the awaited virtualTimeBudgetExpired came */
	const char *session;	/* the session whose event that is */
};

static long now_ms(void)
{
	struct timespec t;
	clock_gettime(CLOCK_MONOTONIC, &t);
	return t.tv_sec * 1000L + t.tv_nsec / 1000000;
}

static void browser_stop(struct browser *b, int gently)
{
	if (b->pid <= 0)
		return;
	if (gently) {
		/* Browser.close, then up to 10 s for it to go */
		const char *msg = "{\"id\":0,\"method\":\"Browser.close\"}";
		if (write(b->to, msg, strlen(msg) + 1) < 0) {
			/* gone already: waited for below */
		}
		for (int i = 0; i < 100; i++) {
			if (waitpid(b->pid, NULL, WNOHANG) == b->pid) {
				b->pid = 0;
				break;
			}
			usleep(100000);
		}
	}
	if (b->pid > 0) {
		kill(b->pid, SIGKILL);
		waitpid(b->pid, NULL, 0);
		b->pid = 0;
	}
	close(b->to);
	close(b->from);
	b->len = 0;
}

/* Moves FD to fd NUM in a child about to exec. */
static void place_fd(int fd, int num)
{
	if (fd != num) {
		dup2(fd, num);
		close(fd);
	}
}

static const char *browser_start(struct browser *b)
{
	int to[2], from[2];
	if (pipe(to) || pipe(from))
		return strerror(errno);
	pid_t pid = fork();
	if (pid < 0)
		return strerror(errno);
	if (pid == 0) {
		/* out of the way of 3 and 4 first */
		int r = fcntl(to[0], F_DUPFD, 10), w = fcntl(from[1], F_DUPFD, 10);
		int null = open("/dev/null", O_RDONLY);
		int log = open(b->log, O_WRONLY | O_CREAT | O_APPEND, 0644);
		if (r < 0 || w < 0 || null < 0 || log < 0)
			_exit(127);
		place_fd(null, 0);
		dup2(log, 1);
		place_fd(log, 2);
		place_fd(r, 3);
		place_fd(w, 4);
		closefrom(5);
		char profile[4096];
		snprintf(profile, sizeof profile, "--user-data-dir=%s", b->profile);
		execlp(b->prog, b->prog, "--headless", "--no-sandbox", "--disable-gpu",
		       "--hide-scrollbars", profile, "--remote-debugging-pipe",
		       "about:blank", (char *)NULL);
		_exit(127);
	}
	close(to[0]);
	close(from[1]);
	b->pid = pid;
	b->to = to[1];
	b->from = from[0];
	b->len = 0;
	return NULL;
}

/* The next message from the browser, or NULL with *WHY set. */
static json_t *read_msg(struct browser *b, long deadline, const char **why)
{
	for (;;) {
		char *end = b->len ? memchr(b->buf, 0, b->len) : NULL;
		if (end) {
			size_t n = (size_t)(end - b->buf) + 1;
			json_error_t err;
			json_t *m = json_loadb(b->buf, n - 1, 0, &err);
			memmove(b->buf, b->buf + n, b->len - n);
			b->len -= n;
			if (m)
				return m;
			*why = "the browser wrote what is not JSON";
			return NULL;
		}
		long left = deadline - now_ms();
		if (left <= 0) {
			*why = "no answer in 240 s";
			return NULL;
		}
		struct pollfd p = { .fd = b->from, .events = POLLIN };
		if (poll(&p, 1, (int)left) <= 0)
			continue;
		if (b->cap - b->len < 65536) {
			b->cap = b->cap ? 2 * b->cap : 1 << 20;
			char *nb = realloc(b->buf, b->cap);
			if (!nb) {
				*why = "out of memory";
				return NULL;
			}
			b->buf = nb;
		}
		ssize_t got = read(b->from, b->buf + b->len, b->cap - b->len);
		if (got <= 0) {
			*why = "the browser has gone";
			return NULL;
		}
		b->len += (size_t)got;
	}
}

/* An event M from the browser: the awaited end of the budget is noted;
   false with *WHY set when the page crashed. */
static int event(struct browser *b, json_t *m, const char **why)
{
	const char *ev = json_string_value(json_object_get(m, "method"));
	const char *sid = json_string_value(json_object_get(m, "sessionId"));
	if (!ev || !sid || !b->session || strcmp(sid, b->session) != 0)
		return 1;
	if (strcmp(ev, "Emulation.virtualTimeBudgetExpired") == 0)
		b->budget_spent = 1;
	else if (strcmp(ev, "Inspector.targetCrashed") == 0) {
		*why = "the page crashed";
		return 0;
	}
	return 1;
}

/* METHOD with PARAMS (taken) in SESSION (NULL: the browser's); its
   result (to be freed), or NULL with *WHY set.  Events read on the way
   are dropped but the one waited for (budget_spent). */
static json_t *call(struct browser *b, const char *method, json_t *params,
		    const char *session, long deadline, const char **why)
{
	static char text[512];
	long id = ++b->next_id;
	json_t *msg = json_pack("{s:I, s:s, s:o}", "id", (json_int_t)id, "method", method,
				"params", params);
	if (session)
		json_object_set_new(msg, "sessionId", json_string(session));
	char *s = json_dumps(msg, JSON_COMPACT);
	json_decref(msg);
	if (!s || write(b->to, s, strlen(s) + 1) != (ssize_t)strlen(s) + 1) {
		free(s);
		*why = "cannot write to the browser";
		return NULL;
	}
	free(s);
	for (;;) {
		json_t *m = read_msg(b, deadline, why);
		if (!m)
			return NULL;
		json_t *mid = json_object_get(m, "id");
		if (mid && json_integer_value(mid) == id) {
			json_t *err = json_object_get(m, "error");
			json_t *res = json_incref(json_object_get(m, "result"));
			if (err || !res) {
				const char *em = json_string_value(json_object_get(err, "message"));
				snprintf(text, sizeof text, "%s: %s", method, em ? em : "no result");
				*why = text;
				json_decref(res);
				json_decref(m);
				return NULL;
			}
			json_decref(m);
			return res;
		}
		int ok = event(b, m, why);
		json_decref(m);
		if (!ok)
			return NULL;
	}
}

/* Reads messages until the awaited virtualTimeBudgetExpired; false
   with *WHY set when it does not come. */
static int wait_budget(struct browser *b, long deadline, const char **why)
{
	while (!b->budget_spent) {
		json_t *m = read_msg(b, deadline, why);
		if (!m)
			return 0;
		int ok = event(b, m, why);
		json_decref(m);
		if (!ok)
			return 0;
	}
	return 1;
}

static int b64_value(int c)
{
	if (c >= 'A' && c <= 'Z') return c - 'A';
	if (c >= 'a' && c <= 'z') return c - 'a' + 26;
	if (c >= '0' && c <= '9') return c - '0' + 52;
	if (c == '+') return 62;
	if (c == '/') return 63;
	return -1;
}

/* Base64 TEXT decoded into FILE; false when it is not base64 or the
   file cannot be written. */
static int write_base64(const char *text, const char *file)
{
	FILE *f = fopen(file, "wb");
	if (!f)
		return 0;
	unsigned acc = 0;
	int bits = 0, ok = 1;
	for (const char *p = text; *p && *p != '='; p++) {
		int v = b64_value((unsigned char)*p);
		if (v < 0) {
			ok = 0;
			break;
		}
		acc = (acc << 6) | (unsigned)v;
		bits += 6;
		if (bits >= 8) {
			bits -= 8;
			fputc((int)((acc >> bits) & 0xff), f);
		}
	}
	return fclose(f) == 0 && ok;
}

/* What --dump-dom prints. */
static const char dom_expr[] =
	"(document.doctype ? new XMLSerializer().serializeToString(document.doctype)"
	" + '\\n' : '') + document.documentElement.outerHTML";

/* One request; NULL or why it failed. */
static const char *load(struct browser *b, const char *mode, const char *url,
			const char *out, int width, int height, int *dead)
{
	static char text[512];
	const char *why = NULL;
	long deadline = now_ms() + LIMIT_MS;
	json_t *r;
	*dead = 0;
	if (!(r = call(b, "Target.createTarget", json_pack("{s:s}", "url", "about:blank"), NULL,
		       deadline, &why))) {
		*dead = 1;
		return why;
	}
	char *target = strdup(json_string_value(json_object_get(r, "targetId")));
	json_decref(r);
	r = call(b, "Target.attachToTarget",
		 json_pack("{s:s, s:b}", "targetId", target, "flatten", 1), NULL, deadline, &why);
	char *session = r ? strdup(json_string_value(json_object_get(r, "sessionId"))) : NULL;
	json_decref(r);
	b->session = session;
	b->budget_spent = 0;
	/* a screenshot's size: the page's, as --window-size gives it */
	if (session && width > 0 &&
	    (r = call(b, "Emulation.setDeviceMetricsOverride",
		      json_pack("{s:i, s:i, s:i, s:b}", "width", width, "height", height,
				"deviceScaleFactor", 1, "mobile", 0), session, deadline, &why)))
		json_decref(r);
	/* virtual time held until the page is there, then 60 s of it */
	if (!why && session &&
	    (r = call(b, "Emulation.setVirtualTimePolicy", json_pack("{s:s}", "policy", "pause"),
		      session, deadline, &why))) {
		json_decref(r);
		if ((r = call(b, "Page.navigate", json_pack("{s:s}", "url", url), session,
			      deadline, &why))) {
			const char *e = json_string_value(json_object_get(r, "errorText"));
			if (e) {
				snprintf(text, sizeof text, "%s: %s", url, e);
				why = text;
			}
			json_decref(r);
		}
	}
	if (!why && session &&
	    (r = call(b, "Emulation.setVirtualTimePolicy",
		      json_pack("{s:s, s:i}", "policy", "pauseIfNetworkFetchesPending",
				"budget", 60000), session, deadline, &why))) {
		json_decref(r);
		wait_budget(b, deadline, &why);
	}
	if (!why && session && strcmp(mode, "dom") == 0) {
		r = call(b, "Runtime.evaluate",
			 json_pack("{s:s, s:b}", "expression", dom_expr, "returnByValue", 1),
			 session, deadline, &why);
		const char *v = r ? json_string_value(json_object_get(json_object_get(r, "result"), "value")) : NULL;
		FILE *f;
		if (r && !v)
			why = "the page has no DOM to print";
		else if (v && (!(f = fopen(out, "w")) || fputs(v, f) < 0 || fputc('\n', f) < 0
			       || fclose(f) != 0))
			why = strerror(errno);
		json_decref(r);
	} else if (!why && session) {
		r = call(b, "Page.captureScreenshot", json_pack("{s:s}", "format", "png"),
			 session, deadline, &why);
		const char *v = r ? json_string_value(json_object_get(r, "data")) : NULL;
		if (r && (!v || !write_base64(v, out)))
			why = "no screenshot written";
		json_decref(r);
	}
	const char *cwhy = NULL;
	if ((r = call(b, "Target.closeTarget", json_pack("{s:s}", "targetId", target), NULL,
		      deadline, &cwhy)))
		json_decref(r);
	else
		*dead = 1;
	b->session = NULL;
	free(session);
	free(target);
	return why ? why : cwhy;
}

int main(int argc, char **argv)
{
	if (argc != 4) {
		fprintf(stderr, "usage: ph-browser BROWSER PROFILE LOG\n");
		return 2;
	}
	signal(SIGPIPE, SIG_IGN);
	struct browser b = { .prog = argv[1], .profile = argv[2], .log = argv[3] };
	char *line = NULL;
	size_t cap = 0;
	ssize_t n;
	while ((n = getline(&line, &cap, stdin)) > 0) {
		if (line[n - 1] == '\n')
			line[n - 1] = 0;
		char *f[5] = { 0 };
		int nf = 0;
		for (char *p = line, *t; nf < 5 && (t = strsep(&p, "\t"));)
			f[nf++] = t;
		const char *why = NULL;
		int dead = 0;
		if (!(nf == 3 && strcmp(f[0], "dom") == 0) && !(nf == 5 && strcmp(f[0], "shot") == 0))
			why = "not a request: dom URL OUT, or shot URL OUT WIDTH HEIGHT";
		else if (b.pid <= 0)
			why = browser_start(&b);
		if (!why)
			why = load(&b, f[0], f[1], f[2], nf == 5 ? atoi(f[3]) : 0,
				   nf == 5 ? atoi(f[4]) : 0, &dead);
		if (dead)
			browser_stop(&b, 0);
		if (why)
			printf("error %s\n", why);
		else
			printf("ok\n");
		fflush(stdout);
	}
	browser_stop(&b, 1);
	free(line);
	free(b.buf);
	return 0;
}
