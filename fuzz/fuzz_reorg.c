/* fuzz_reorg.c - libFuzzer harness: the engine and renderers on any model.
   Copyright (C) 2026 The pokehole authors.
   SPDX-License-Identifier: GPL-3.0-or-later

   The reader harness reaches the engine only through DWARF that decodes;
   this one builds the model straight from the bytes, as no source would:
   members of any size, alignment, bitfield width and offset (in order,
   overlapping, past the end), nested aggregates, packed and aligned
   flags, flexible arrays, huge sizes.  Then, with options from the bytes
   too (cacheline, hot members, steps with their layouts, demoted
   bitfields, crossing cacheline groups, a small exhaustive limit), the
   analysis, the text and JSON renderings, the engine, and its text, JSON
   and --packable renderings.  Only crashes, hangs, leaks, memory blowups
   and sanitizer reports are findings; what the engine refuses is fine.  */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../reorg/analysis.h"
#include "../reorg/reorganize.h"
#include "../report/jsonl.h"
#include "../report/reorg.h"
#include "../report/text.h"

struct input {
	const uint8_t *p;
	size_t n;
};

static unsigned byte(struct input *in)
{
	if (!in->n)
		return 0;
	in->n--;
	return *in->p++;
}

/* Mostly small numbers, now and then anything up to 2^64 - 1.  */
static uint64_t number(struct input *in)
{
	unsigned b = byte(in);
	uint64_t v = 0;

	if (b < 0xf0)
		return b;
	for (unsigned i = 0; i < (b & 0xf) % 9; i++)
		v = v << 8 | byte(in);
	return v;
}

static const char *const names[] = { "a", "b", "c", "d", "e", "f", "g",
				     "h", "", "i", "j", "k" };
static const char *const types[] = { "char", "short int", "int",
				     "long int", "unsigned int", "struct s",
				     "union u", "char[3]", "" };

enum { MAX_MEMBERS = 300, MAX_NESTED = 6 };

static uint64_t align_up(uint64_t v, uint64_t a)
{
	return a > 1 && v <= UINT64_MAX - a ? (v + a - 1) / a * a : v;
}

/* One member at *AT (bits), moving *AT past it.  */
static void member(struct input *in, struct ph_member *m, uint64_t *at,
		   unsigned i)
{
	unsigned flags = byte(in), shape = byte(in);
	uint64_t size = (uint64_t)1 << (shape & 3);

	memset(m, 0, sizeof(*m));
	m->name = names[i % (sizeof(names) / sizeof(names[0]))];
	m->type = types[shape % (sizeof(types) / sizeof(types[0]))];
	m->name_pre = "";
	m->name_post = flags & 0x80 ? "[2]" : "";
	if (shape >> 6 == 3)
		size = number(in);
	else
		size *= 1 + (shape >> 2 & 0xf);
	m->size = size;
	m->align = 1u << (byte(in) % 8);
	if (flags & 1) {
		m->bitfield = true;
		m->bit_size = 1 + byte(in) % 64;
	} else {
		m->bit_size = size > UINT64_MAX / 8 ? UINT64_MAX : 8 * size;
	}
	m->explicit_align = flags & 2 ? m->align : 0;
	m->packed = flags & 4;
	m->flexible = flags & 8;
	if (m->flexible) {
		m->size = 0;
		m->bit_size = 0;
	}
	m->base = flags & 0x40 && !(flags & 0x10);
	m->hot = flags & 0x20 && flags & 0x40;
	if (flags & 0x10) {
		/* raw: anywhere at all */
		m->bit_offset = number(in);
	} else {
		uint64_t p = m->bitfield ? *at : align_up(align_up(*at, 8),
							  8 * (uint64_t)m->align);
		m->bit_offset = p;
	}
	if (m->bit_offset <= UINT64_MAX - m->bit_size)
		*at = m->bit_offset + m->bit_size;
}

static void drop(struct ph_error *err)
{
	if (err)
		ph_error_destroy(err);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct input in = { data, size };
	struct ph_member members[MAX_MEMBERS], nested[MAX_NESTED];
	struct ph_type t;
	struct ph_model *model;
	const struct ph_type *tt;
	unsigned flags = byte(&in), n = byte(&in) % 40, cacheline;
	uint64_t at = 0;

	memset(&t, 0, sizeof(t));
	t.kind = flags & 1 ? PH_KIND_UNION : flags & 2 ? PH_KIND_CLASS
						       : PH_KIND_STRUCT;
	t.name = "t";
	t.file = "f.c";
	t.packed = flags & 4;
	t.align = 1u << (byte(&in) % 8);
	t.explicit_align = flags & 8 ? t.align : 0;
	if (byte(&in) & 1)
		n = n * 8 + byte(&in) % 8;	/* now and then many */
	if (n > MAX_MEMBERS)
		n = MAX_MEMBERS;
	for (unsigned i = 0; i < n; i++) {
		uint64_t start = t.kind == PH_KIND_UNION ? 0 : at;

		member(&in, &members[i], &start, i);
		if (t.kind != PH_KIND_UNION)
			at = start;
		else if (start > at)
			at = start;
	}
	/* One member an untagged aggregate, its members inside it.  */
	if (n && byte(&in) & 1) {
		struct ph_member *m = &members[byte(&in) % n];
		unsigned k = byte(&in) % MAX_NESTED;
		uint64_t nat = m->bit_offset;

		for (unsigned i = 0; i < k; i++)
			member(&in, &nested[i], &nat, i + 3);
		m->nested = true;
		m->nested_kind = byte(&in) & 1 ? PH_KIND_UNION : PH_KIND_STRUCT;
		m->nr_members = k;
		m->members = k ? nested : NULL;
		m->name = byte(&in) & 1 ? "" : m->name;
	}
	t.nr_members = n;
	t.members = n ? members : NULL;
	t.size = byte(&in) & 1 ? number(&in)
			       : align_up(align_up(at, 8) / 8, t.align);
	cacheline = flags & 0x10 ? 32 : 64;
	if (ph_model_create(&model))
		return 0;
	if (ph_model_add_type(model, &t, &tt)) {
		ph_model_destroy(model);
		return 0;
	}

	static const char *const hot[] = { "a", "c", "" };
	struct ph_text_options topts = { .cacheline = cacheline };
	struct ph_reorg_options ropts = {
		.cacheline = cacheline,
		.hot = flags & 0x20 ? hot : NULL,
		.nr_hot = flags & 0x20 ? 3 : 0,
		.steps = flags & 0x40,
		.demote_bitfields = flags & 0x80,
		.cross_groups = byte(&in) & 1,
		.search_budget = 20000,
		.exhaustive_max = byte(&in) & 1 ? 2 : 0,
	};
	struct ph_analysis a;
	struct ph_reorg_result r;
	struct ph_buf out;

	ph_buf_init(&out);
	if (!ph_analyze_type(tt, cacheline, &a))
		ph_analysis_deinit(&a);
	drop(ph_render_text(&out, tt, &topts));
	drop(ph_render_jsonl(&out, tt, cacheline));
	memset(&r, 0, sizeof(r));
	if (!ph_reorganize(model, tt, &ropts, &r)) {
		drop(ph_render_reorg_text(&out, tt, &r, &topts, ropts.steps));
		drop(ph_render_jsonl_reorg(&out, r.type, cacheline, tt->size));
		ph_render_packable(&out, tt, &r);
	}
	ph_buf_deinit(&out);
	ph_model_destroy(model);
	return 0;
}
