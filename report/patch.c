/* A file's unified diff from its edits (patch.h).  The edits say which
   lines change: each changed region is the whole lines the edits of it
   touch, before and after; regions close enough to share context make
   one hunk.  No general diff is needed.  */
#include "patch.h"

#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

enum { CONTEXT = 3 };

/* A run of whole lines [first, last] (from 1) of the old text that the
   edits [e0, e1) change, and the text those lines become.  */
struct region {
	size_t first, last;
	size_t e0, e1;
};

struct lines {
	const char *text;
	size_t len;
	size_t *start;		/* offset of each line; start[n] = len */
	size_t n;
};

static bool index_lines(struct lines *l, const char *text, size_t len)
{
	size_t n = 0;

	for (size_t i = 0; i < len; i++)
		n += text[i] == '\n';
	if (len && text[len - 1] != '\n')
		n++;
	l->text = text;
	l->len = len;
	l->n = n;
	l->start = malloc((n + 2) * sizeof(*l->start));
	if (!l->start)
		return false;
	size_t k = 0;
	l->start[k++] = 0;
	for (size_t i = 0; i < len && k <= n; i++)
		if (text[i] == '\n')
			l->start[k++] = i + 1;
	l->start[n] = len;
	return true;
}

/* The line (from 1) holding offset OFF.  */
static size_t line_at(const struct lines *l, size_t off)
{
	size_t lo = 0, hi = l->n;

	while (hi - lo > 1) {
		size_t mid = (lo + hi) / 2;

		if (l->start[mid] <= off)
			lo = mid;
		else
			hi = mid;
	}
	return lo + 1;
}

/* Line K (from 1) of the old text, its newline included when it has
   one.  */
static void old_line(struct ph_buf *out, const struct lines *l, size_t k,
		     char mark)
{
	size_t a = l->start[k - 1], b = l->start[k];

	ph_buf_putc(out, mark);
	ph_buf_putn(out, l->text + a, b - a);
	if (b == a || l->text[b - 1] != '\n')
		ph_buf_puts(out, "\n\\ No newline at end of file\n");
}

/* Whether edit E lies inside [A, B) and is not [A, B) itself: an
   insertion strictly inside, a replacement within it.  */
static bool inside(const struct ph_patch_edit *e, size_t a, size_t b)
{
	if (e->off == e->end)
		return a < e->off && e->off < b;
	return a <= e->off && e->end <= b && (e->off != a || e->end != b);
}

/* Appends the text of [A, B) with the edits in it made: with TOP, those
   that start in it (an insertion at A too), else those strictly inside
   (a moved text: the edit that moves text to [A, B) is not part of
   it); a move's text is made so in turn, to a bounded depth.  Edits
   inside another one's place are made where its text goes.  */
static void render(struct ph_buf *out, const char *text,
		   const struct ph_patch_edit *edits, size_t n, size_t a,
		   size_t b, bool top, unsigned depth)
{
	size_t pos = a;

	for (size_t i = 0; i < n; i++) {
		const struct ph_patch_edit *e = &edits[i];
		bool in = top ? (e->off == e->end ? a <= e->off && e->off < b
						  : a <= e->off && e->end <= b)
			      : inside(e, a, b);

		if (!in || e->off < pos)
			continue;
		ph_buf_putn(out, text + pos, e->off - pos);
		ph_buf_puts(out, e->text);
		if (e->src_off != SIZE_MAX && depth < 64)
			render(out, text, edits, n, e->src_off, e->src_end,
			       false, depth + 1);
		pos = e->end;
	}
	ph_buf_putn(out, text + pos, b - pos);
}

/* The new text of region R: its lines with the edits made.  */
static void region_text(struct ph_buf *out, const struct lines *l,
			const struct region *r,
			const struct ph_patch_edit *edits, size_t n)
{
	render(out, l->text, edits, n, l->start[r->first - 1],
	       l->start[r->last], true, 0);
}

/* A line of text, for the diff of a region.  */
struct span {
	const char *p;
	size_t n;		/* its newline included when it has one */
};

static size_t split_lines(const char *s, size_t len, struct span *v)
{
	size_t k = 0;

	for (const char *p = s, *end = s + len; p < end;) {
		const char *nl = memchr(p, '\n', (size_t)(end - p));
		size_t m = nl ? (size_t)(nl - p + 1) : (size_t)(end - p);

		if (v)
			v[k] = (struct span){ p, m };
		k++;
		p += m;
	}
	return k;
}

static void put_line(struct ph_buf *out, char mark, struct span s)
{
	ph_buf_putc(out, mark);
	ph_buf_putn(out, s.p, s.n);
	if (!s.n || s.p[s.n - 1] != '\n')
		ph_buf_puts(out, "\n\\ No newline at end of file\n");
}

static bool same_line(struct span a, struct span b)
{
	return a.n == b.n && memcmp(a.p, b.p, a.n) == 0;
}

/* Region R's old lines against its new text NEW: the lines both have,
   in order, as context, the others as - and + (a longest common
   subsequence; a region too large for one is shown whole).  */
static void region_diff(struct ph_buf *out, const struct lines *l,
			const struct region *r, const char *new_text,
			size_t new_len)
{
	size_t a0 = l->start[r->first - 1];
	size_t n = r->last - r->first + 1;
	size_t m = split_lines(new_text, new_len, NULL);
	struct span *o = malloc((n + 1) * sizeof(*o));
	struct span *w = malloc((m + 1) * sizeof(*w));
	unsigned *c = n * m <= (1u << 22)
			      ? calloc((n + 1) * (m + 1), sizeof(*c))
			      : NULL;

	if (!o || !w) {
		out->failed = true;
		goto out;
	}
	split_lines(l->text + a0, l->start[r->last] - a0, o);
	split_lines(new_text, new_len, w);
	if (!c) {
		for (size_t i = 0; i < n; i++)
			put_line(out, '-', o[i]);
		for (size_t j = 0; j < m; j++)
			put_line(out, '+', w[j]);
		goto out;
	}
	/* c[i][j]: the common lines of o[i..] and w[j..].  */
	for (size_t i = n; i-- > 0;)
		for (size_t j = m; j-- > 0;)
			c[i * (m + 1) + j] =
				same_line(o[i], w[j])
					? c[(i + 1) * (m + 1) + j + 1] + 1
					: c[(i + 1) * (m + 1) + j] >
							  c[i * (m + 1) + j + 1]
						  ? c[(i + 1) * (m + 1) + j]
						  : c[i * (m + 1) + j + 1];
	size_t i = 0, j = 0;
	while (i < n || j < m) {
		if (i < n && j < m && same_line(o[i], w[j])) {
			put_line(out, ' ', o[i]);
			i++;
			j++;
		} else if (j < m && (i == n || c[i * (m + 1) + j + 1] >=
						      c[(i + 1) * (m + 1) + j])) {
			/* Removals first, as diff prints them.  */
			if (i < n && c[(i + 1) * (m + 1) + j] ==
					     c[i * (m + 1) + j]) {
				put_line(out, '-', o[i++]);
				continue;
			}
			put_line(out, '+', w[j++]);
		} else {
			put_line(out, '-', o[i++]);
		}
	}
out:
	free(o);
	free(w);
	free(c);
}

static size_t count_lines(const char *s, size_t n)
{
	size_t k = 0;

	for (size_t i = 0; i < n; i++)
		k += s[i] == '\n';
	return k + (n && s[n - 1] != '\n');
}

void ph_render_patch(struct ph_buf *out, const char *name, const char *text,
		     size_t len, const struct ph_patch_edit *edits, size_t n)
{
	struct lines l;
	struct region *rs;
	size_t nr = 0;

	if (!n)
		return;
	if (!index_lines(&l, text, len) ||
	    !(rs = malloc(n * sizeof(*rs)))) {
		free(l.start);
		out->failed = true;
		return;
	}
	for (size_t i = 0; i < n; i++) {
		size_t first = line_at(&l, edits[i].off);
		/* An edit ending where a line starts ends on the line
		   before, unless it is an insertion there.  */
		size_t e = edits[i].end > edits[i].off ? edits[i].end - 1
						       : edits[i].end;
		size_t last = line_at(&l, e < len ? e : (len ? len - 1 : 0));
		if (last < first)
			last = first;
		if (nr && first <= rs[nr - 1].last + 1) {
			if (last > rs[nr - 1].last)
				rs[nr - 1].last = last;
			rs[nr - 1].e1 = i + 1;
			continue;
		}
		rs[nr++] = (struct region){ first, last, i, i + 1 };
	}

	ph_buf_printf(out, "--- %s\n+++ %s\n", name, name);
	long delta = 0;		/* new line numbers minus old */
	struct ph_buf nt;
	ph_buf_init(&nt);
	for (size_t h = 0; h < nr;) {
		/* The regions of one hunk: gaps of at most 2 * CONTEXT.  */
		size_t g = h + 1;
		while (g < nr && rs[g].first - rs[g - 1].last <= 2 * CONTEXT + 1)
			g++;
		size_t from = rs[h].first > CONTEXT ? rs[h].first - CONTEXT : 1;
		size_t to = rs[g - 1].last + CONTEXT;
		if (to > l.n)
			to = l.n;
		/* The new lines of the hunk, and how many.  */
		long grow = 0;
		for (size_t i = h; i < g; i++) {
			nt.len = 0;
			region_text(&nt, &l, &rs[i], edits, n);
			grow += (long)count_lines(nt.data ? nt.data : "", nt.len) -
				(long)(rs[i].last - rs[i].first + 1);
		}
		size_t old_n = to - from + 1;
		ph_buf_printf(out, "@@ -%zu,%zu +%ld,%ld @@\n", from, old_n,
			      (long)from + delta, (long)old_n + grow);
		size_t k = from;
		for (size_t i = h; i < g; i++) {
			for (; k < rs[i].first; k++)
				old_line(out, &l, k, ' ');
			nt.len = 0;
			region_text(&nt, &l, &rs[i], edits, n);
			region_diff(out, &l, &rs[i], nt.data ? nt.data : "",
				    nt.len);
			k = rs[i].last + 1;
		}
		for (; k <= to; k++)
			old_line(out, &l, k, ' ');
		delta += grow;
		h = g;
	}
	if (nt.failed)
		out->failed = true;
	ph_buf_deinit(&nt);
	free(rs);
	free(l.start);
}
