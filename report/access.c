/* The "access" record (access.h).  */
#include "access.h"

#include "jsonl.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void ph_json_weight(struct ph_buf *out, double v)
{
	char buf[400];

	if (v >= 1e15) {
		ph_buf_printf(out, "%.6g", v);
		return;
	}
	if (v == (double)(uint64_t)v) {
		ph_buf_put_u64(out, (uint64_t)v);
		return;
	}
	/* Rounded to 6 significant digits (%.5e says where they end),
	   then written without an exponent.  */
	snprintf(buf, sizeof(buf), "%.5e", v);
	const char *e = strchr(buf, 'e');
	int exp = e ? atoi(e + 1) : 0;
	double r = strtod(buf, NULL);

	if (r == (double)(uint64_t)r) {
		ph_buf_put_u64(out, (uint64_t)r);
		return;
	}
	snprintf(buf, sizeof(buf), "%.*f", exp < 5 ? 5 - exp : 0, r);
	size_t n = strlen(buf);
	while (n > 1 && buf[n - 1] == '0')
		n--;
	if (buf[n - 1] == '.')
		n--;
	ph_buf_putn(out, buf, n);
}

static bool good(double v)
{
	return isfinite(v) && v >= 0;
}

/* ,"K":V, or nothing when V is 0 and may be left out.  */
static void weight(struct ph_buf *out, const char *k, double v, bool always)
{
	if (!always && v == 0)
		return;
	ph_json_key(out, k);
	ph_json_weight(out, v);
}

/* ,"K":[...], or nothing for an empty list.  */
static void list(struct ph_buf *out, const char *k, const char *const *v,
		 size_t n)
{
	if (!n)
		return;
	ph_json_key(out, k);
	ph_json_strings(out, v, n);
}

static bool member_good(const struct ph_member_access *m)
{
	return good(m->reads) && good(m->writes) && good(m->cold_reads) &&
	       good(m->cold_writes) && good(m->atomic_reads) &&
	       good(m->atomic_writes);
}

static void member(struct ph_buf *out, const void *p)
{
	const struct ph_member_access *m = p;

	ph_buf_puts(out, "{\"path\":");
	ph_json_string(out, m->path ? m->path : "");
	weight(out, "reads", m->reads, true);
	weight(out, "writes", m->writes, true);
	weight(out, "cold_reads", m->cold_reads, false);
	weight(out, "cold_writes", m->cold_writes, false);
	weight(out, "atomic_reads", m->atomic_reads, false);
	weight(out, "atomic_writes", m->atomic_writes, false);
	PH_JSON_KEY_U64(out, "sites", m->sites);
	ph_buf_putc(out, '}');
}

static void function(struct ph_buf *out, const void *p)
{
	const struct ph_function_access *f = p;

	ph_buf_puts(out, "{\"fn\":");
	ph_json_string(out, f->fn ? f->fn : "");
	PH_JSON_KEY(out, "symbol");
	ph_json_string(out, f->symbol ? f->symbol : "");
	PH_JSON_KEY(out, "file");
	ph_json_string(out, f->file ? f->file : "");
	PH_JSON_KEY_U64(out, "line", f->line);
	if (f->cold)
		ph_buf_puts(out, ",\"cold\":true");
	list(out, "threads", f->threads, f->nr_threads);
	list(out, "locks", f->locks, f->nr_locks);
	ph_json_array(out, "members", f->members, f->nr_members,
		      sizeof(*f->members), member);
	ph_buf_putc(out, '}');
}

struct ph_error *ph_render_access_jsonl(struct ph_buf *out,
					const struct ph_type_access *a)
{
	for (size_t i = 0; i < a->nr_functions; i++)
		for (size_t j = 0; j < a->functions[i].nr_members; j++)
			if (!member_good(&a->functions[i].members[j]))
				return ph_error_create(
					PH_ERROR_INVALID,
					"access of '%s' to '%s': a weight "
					"that is negative or not a number",
					a->functions[i].fn ? a->functions[i].fn
							   : "",
					a->name ? a->name : "");
	PH_JSON_RECORD_HEAD(out, "access", a);
	PH_JSON_KEY(out, "weights");
	ph_json_string(out, ph_access_weights_name(a->weights));
	list(out, "locks", a->locks, a->nr_locks);
	list(out, "atomics", a->atomics, a->nr_atomics);
	ph_json_array(out, "functions", a->functions, a->nr_functions,
		      sizeof(*a->functions), function);
	ph_buf_puts(out, "}\n");
	return ph_buf_error(out);
}
