/* The definition's own site: the edits that put a type's member
   declarations (with their comments) in the order the engine suggests,
   line by line, or on one line, an aggregate defined in place rewritten
   inside first.  Apart from sites-out.cc, which only asks for the site
   (ph_definition_site); the declarations come from defread.cc.  */
#include "sites.h"

#include <algorithm>

#include "plugin.h"
#include "sites-tree.h"
#include "defread.h"

/* The member lines permuted: chunk I of the written order gets the
   text of the member the new order puts there.  */
static std::string with_edits(const std::string &text, size_t a, size_t b,
			      const std::vector<ph_src_edit> &inner);

/* Whether a comment stands in TEXT between A and B.  */
static bool has_comment(const std::string &t, size_t a, size_t b)
{
	ph_lexer lx(t, a, ph_lang_cxx);
	size_t prev = a;

	for (;;) {
		ph_tok tok = lx.next();
		size_t s = tok.kind == PH_TOK_EOF || tok.start >= b ? b
								     : tok.start;
		size_t c = t.find_first_not_of(" \t\r\n\f\v", prev);
		if (c != std::string::npos && c < s)
			return true;
		if (s == b)
			return false;
		prev = tok.end;
	}
}

/* Member D declared alone: its declaration, or for one declared with
   others, the specifiers and its declarator.  */
static std::string declared_alone(const std::string &t,
				  const ph_member_decl_text &d)
{
	if (d.spec_end == std::string::npos)
		return t.substr(d.start, d.semi - d.start);
	return t.substr(d.start, d.spec_end - d.start) + " " +
	       t.substr(d.dstart, d.dend - d.dstart) + ";";
}

/* Why members of BLOCK's declarations cannot be declared alone, or
   NULL.  */
static const char *why_not_alone(
	const std::vector<ph_member_decl_text> &decls, size_t a, size_t b)
{
	for (size_t w = a; w < b; w++)
		if (decls[w].split_why)
			return decls[w].split_why;
	return NULL;
}

/* Blocks of members, [a, b) of the written order, that move as one
   text: for each, whether PERM keeps it whole (its members in
   consecutive places in their written order, with no text that stays
   in place, KEPT[k] before place k, among them).  */
typedef std::pair<size_t, size_t> member_block;

static std::vector<bool> whole_blocks(const std::vector<member_block> &blocks,
				      const std::vector<size_t> &perm,
				      const std::vector<bool> &kept)
{
	std::vector<size_t> place(perm.size());
	for (size_t k = 0; k < perm.size(); k++)
		place[perm[k]] = k;
	std::vector<bool> whole;
	for (const auto &bl : blocks) {
		size_t k0 = place[bl.first];
		bool ok = true;
		for (size_t w = bl.first; w < bl.second && ok; w++) {
			size_t k = k0 + (w - bl.first);
			ok = k < perm.size() && perm[k] == w &&
			     (w == bl.first || !kept[k]);
		}
		whole.push_back(ok);
	}
	return whole;
}

static const char *chunk_edits(const ph_src_file *f, size_t open_line_end,
			       const std::vector<ph_member_decl_text> &decls,
			       const std::vector<size_t> &perm,
			       const std::vector<ph_src_edit> &inner,
			       std::vector<ph_src_edit> *edits)
{
	const std::string &t = f->text;
	/* Each block's lines (its members' declarations, which may share
	   a declaration or a line), and before it what stays in place:
	   blank lines and what a blank line parts from the member (a
	   section's heading comment).  Comment lines right above a member
	   are its own and move with it.  */
	std::vector<std::pair<size_t, size_t>> chunks, gaps;
	std::vector<member_block> blocks;
	std::vector<size_t> block_of(decls.size());
	size_t begin = open_line_end;

	for (size_t k = 0; k < decls.size();) {
		const ph_member_decl_text &d = decls[k];
		/* The chunk starts on a line of its own ...  */
		if (!ph_only_comments(t, begin, d.start, true) &&
		    begin != d.start)
			return "several members are declared on one line";
		size_t line_start = t.rfind('\n', d.start - 1);
		line_start = line_start == std::string::npos ? 0 : line_start + 1;
		if (line_start < begin)
			return k ? "several members are declared on one line"
				 : "a member shares its line with a brace";
		/* ... and ends with its line, a comment after it allowed;
		   a declaration that starts on that line joins it.  */
		size_t a = k, end;
		for (;;) {
			size_t semi = decls[k].semi;
			while (k < decls.size() && decls[k].semi == semi)
				block_of[k++] = blocks.size();
			end = ph_line_end(f, semi);
			if (k < decls.size() && decls[k].start < end)
				continue;
			if (!ph_only_comments(t, semi, end))
				return "several members are declared on one "
				       "line";
			break;
		}
		blocks.push_back(member_block(a, k));
		/* The last blank line above it parts what stays, and so
		   does a line defining a macro (which stays).  */
		size_t attach = begin;
		for (size_t p = begin; p < line_start;) {
			size_t nl = t.find('\n', p);
			if (nl == std::string::npos || nl >= line_start)
				break;
			if (t.find_first_not_of(" \t\r", p) >= nl)
				attach = nl + 1;
			p = nl + 1;
		}
		ph_lexer ml(t, begin, ph_lang_cxx);
		for (ph_tok tok = ml.next();
		     tok.kind != PH_TOK_EOF && tok.start < line_start;
		     tok = ml.next()) {
			size_t nl = t.find('\n', tok.end);
			if (tok.kind == PH_TOK_DIRECTIVE && nl != std::string::npos &&
			    nl < line_start)
				attach = std::max(attach, nl + 1);
		}
		gaps.push_back(std::make_pair(begin, attach));
		chunks.push_back(std::make_pair(attach, end + 1));
		begin = end + 1;
	}
	std::vector<bool> kept(decls.size(), false);
	for (size_t c = 0; c < blocks.size(); c++)
		kept[blocks[c].first] = gaps[c].second > gaps[c].first;
	std::vector<bool> whole = whole_blocks(blocks, perm, kept);
	/* The region of lines, rewritten line by line (a fix-it stays on
	   one line); the permuted region has the same lines, reordered,
	   and a line for each member a block parted from the others.  */
	std::string now = t.substr(gaps.front().first,
				   chunks.back().second - gaps.front().first);
	std::string then;
	for (size_t k = 0; k < perm.size();) {
		size_t c = block_of[perm[k]];
		for (size_t g = 0; g < blocks.size(); g++)
			if (blocks[g].first == k)
				then += t.substr(gaps[g].first,
						 gaps[g].second - gaps[g].first);
		if (whole[c]) {
			then += with_edits(t, chunks[c].first, chunks[c].second,
					   inner);
			k += blocks[c].second - blocks[c].first;
			continue;
		}
		/* Parted: each member on a line of its own, indented as
		   the block; nothing else there to lose.  */
		if (const char *why = why_not_alone(decls, blocks[c].first,
						    blocks[c].second))
			return why;
		if (has_comment(t, chunks[c].first, chunks[c].second))
			return "a comment stands on the lines of members the "
			       "new order parts";
		for (const auto &e : inner)
			if (e.off < chunks[c].second && chunks[c].first < e.end)
				return "the new order parts members declared "
				       "together and moves members inside";
		size_t body = t.find_first_not_of(" \t", chunks[c].first);
		size_t eol = chunks[c].second - 1;
		then += t.substr(chunks[c].first, body - chunks[c].first);
		then += declared_alone(t, decls[perm[k]]);
		then += eol > 0 && eol < t.size() && t[eol - 1] == '\r' ? "\r\n"
									: "\n";
		k++;
	}
	size_t a = 0, b = 0, off = gaps.front().first;
	while (a < now.size()) {
		size_t na = now.find('\n', a), nb = then.find('\n', b);
		if (na == std::string::npos)
			return "the definition cannot be read";
		if (nb == std::string::npos)
			return "the new order would leave a line empty";
		std::string ol = now.substr(a, na - a), nl = then.substr(b, nb - b);
		size_t cut = ol.size(), cutn = nl.size();
		if (cut && ol[cut - 1] == '\r')
			cut--;
		if (cutn && nl[cutn - 1] == '\r')
			cutn--;
		if (ol.compare(0, cut, nl, 0, cutn) != 0) {
			ph_src_edit e;
			e.file = f->path;
			e.off = off + a;
			e.end = off + a + cut;
			e.new_text = nl.substr(0, cutn);
			edits->push_back(e);
		}
		a = na + 1;
		b = nb + 1;
	}
	/* The lines of parted members beyond the region's: inserted
	   whole before the line after it.  */
	if (b < then.size()) {
		ph_src_edit e;
		e.file = f->path;
		e.off = e.end = off + now.size();
		e.new_text = then.substr(b);
		edits->push_back(e);
	}
	return NULL;
}

/* All members on one line: each declaration's text goes where the
   declaration of the member the new order puts there was; members the
   new order parts from a declaration they share are declared alone,
   the line then rewritten whole.  */
static const char *span_edits(const ph_src_file *f,
			      const std::vector<ph_member_decl_text> &decls,
			      const std::vector<size_t> &perm,
			      std::vector<ph_src_edit> *edits)
{
	const std::string &t = f->text;
	std::vector<member_block> blocks;
	std::vector<size_t> block_of(decls.size());

	for (size_t w = 0; w < decls.size(); w++) {
		if (!w || decls[w].start != decls[w - 1].start)
			blocks.push_back(member_block(w, w));
		blocks.back().second = w + 1;
		block_of[w] = blocks.size() - 1;
	}
	for (size_t c = 0; c + 1 < blocks.size(); c++) {
		const ph_member_decl_text &d = decls[blocks[c].first];
		const ph_member_decl_text &n = decls[blocks[c + 1].first];
		if (t.substr(d.semi, n.start - d.semi)
			    .find_first_not_of(" \t") != std::string::npos)
			return "a comment stands between members declared on "
			       "one line";
	}
	std::vector<bool> whole = whole_blocks(
		blocks, perm, std::vector<bool>(decls.size(), false));
	if (std::find(whole.begin(), whole.end(), false) == whole.end()) {
		/* The declarations permuted in place.  */
		for (size_t c = 0, k = 0; k < perm.size(); c++) {
			size_t from = block_of[perm[k]];
			const ph_member_decl_text &to = decls[blocks[c].first];
			const ph_member_decl_text &d =
				decls[blocks[from].first];
			k += blocks[from].second - blocks[from].first;
			if (from == c)
				continue;
			ph_src_edit e;
			e.file = f->path;
			e.off = to.start;
			e.end = to.semi;
			e.new_text = t.substr(d.start, d.semi - d.start);
			edits->push_back(e);
		}
		return NULL;
	}
	if (has_comment(t, decls.front().start, decls.back().semi))
		return "a comment stands between members declared on one line";
	std::string line;
	for (size_t k = 0; k < perm.size();) {
		size_t c = block_of[perm[k]];
		if (k)
			line += " ";
		if (whole[c]) {
			const ph_member_decl_text &d = decls[blocks[c].first];
			line += t.substr(d.start, d.semi - d.start);
			k += blocks[c].second - blocks[c].first;
			continue;
		}
		if (const char *why = why_not_alone(decls, blocks[c].first,
						    blocks[c].second))
			return why;
		line += declared_alone(t, decls[perm[k]]);
		k++;
	}
	ph_src_edit e;
	e.file = f->path;
	e.off = decls.front().start;
	e.end = decls.back().semi;
	e.new_text = line;
	edits->push_back(e);
	return NULL;
}

/* TEXT[A, B) with the edits of INNER that lie in it made.  */
static std::string with_edits(const std::string &text, size_t a, size_t b,
			      const std::vector<ph_src_edit> &inner)
{
	std::vector<const ph_src_edit *> in;
	for (const auto &e : inner)
		if (a <= e.off && e.end <= b)
			in.push_back(&e);
	std::sort(in.begin(), in.end(),
		  [](const ph_src_edit *x, const ph_src_edit *y) {
			  return x->off < y->off;
		  });
	std::string out;
	size_t pos = a;
	for (const ph_src_edit *e : in) {
		out += text.substr(pos, e->off - pos);
		out += e->new_text;
		pos = e->end;
	}
	out += text.substr(pos, b - pos);
	return out;
}

/* The edits that put TYPE's members (its layout's T, members MEMBERS)
   in the order WANT: the declarations (and their comments) moved; an
   aggregate defined in place whose own members move rewritten inside
   first (TYPE then is one at BASE bits into T's outermost type).  NULL,
   or why they cannot be made.  */
static const char *reorder_definition(
	tree type, const struct ph_type *t, uint64_t base,
	const std::vector<const struct ph_member *> &want,
	std::vector<ph_src_edit> *edits, unsigned depth)
{
	const ph_src_file *f = NULL;
	std::vector<size_t> written;
	std::vector<ph_member_decl_text> decls;
	size_t before_first = 0;
	const char *obstacle = ph_read_definition(type, t, base, &f, &written,
						  &decls, &before_first);
	if (obstacle)
		return obstacle;
	if (want.size() != written.size())
		return "the new order moves an unnamed bitfield";
	/* perm[k]: the written declaration that goes to place K.  */
	std::vector<size_t> perm(written.size());
	std::vector<ph_src_edit> inner;
	for (size_t k = 0; k < want.size(); k++) {
		char kw[256], kf[256];
		const char *key = ph_member_key(want[k], kw, sizeof(kw));
		size_t from = 0;
		while (from < written.size() &&
		       strcmp(ph_member_key(&t->members[written[from]], kf,
					    sizeof(kf)),
			      key) != 0)
			from++;
		if (from == written.size())
			return "a member of the new order is not in the "
			       "definition";
		perm[k] = from;
		const struct ph_member *m = &t->members[written[from]];
		if (ph_same_inner_order(m, want[k]))
			continue;
		/* Its own members move: the aggregate's body rewritten,
		   once (members declared together share it).  */
		bool shared = (from && decls[from - 1].start ==
					       decls[from].start) ||
			      (from + 1 < decls.size() &&
			       decls[from + 1].start == decls[from].start);
		if (shared)
			return "the new order moves members inside a type "
			       "that members declared together share";
		tree field = ph_member_decl(type, m, base);
		tree ftype = field ? TREE_TYPE(field) : NULL_TREE;
		if (!ftype || !RECORD_OR_UNION_TYPE_P(ftype) || depth > 8)
			return "the new order moves members inside an "
			       "aggregate defined in place";
		struct ph_type nested = *t;
		nested.members = m->members;
		nested.nr_members = m->nr_members;
		std::vector<const struct ph_member *> wn;
		for (size_t i = 0; i < want[k]->nr_members; i++)
			if (!want[k]->members[i].base &&
			    !want[k]->members[i].artificial)
				wn.push_back(&want[k]->members[i]);
		if (const char *why = reorder_definition(ftype, &nested,
							 m->bit_offset, wn,
							 &inner, depth + 1))
			return why;
	}
	const std::string &text = f->text;
	bool one_line = ph_line_of(f, decls.front().start) ==
			ph_line_of(f, decls.back().semi);
	if (one_line)
		return inner.empty()
			       ? span_edits(f, decls, perm, edits)
			       : "members inside an aggregate defined in place "
				 "move, on one line";
	/* From the line after the one that holds what comes before the
	   first member ('{', an access specifier).  */
	return chunk_edits(f, std::min(ph_line_end(f, before_first) + 1,
				       text.size()),
			   decls, perm, inner, edits);
}

/* The definition's own site: its member declarations (and their
   comments) moved into SUGGESTED's order.  */
void ph_definition_site(tree type, const struct ph_type *t,
			const struct ph_type *suggested, ph_unit_site *s)
{
	s->kind = PH_SITE_DEFINITION;
	ph_site_place(s, ph_type_location(type));
	/* The new order's members the body declares, in order.  */
	std::vector<const struct ph_member *> want;
	bool spelled = false;
	for (size_t k = 0; k < suggested->nr_members; k++) {
		const struct ph_member *m = &suggested->members[k];

		if (m->base || m->artificial)
			continue;
		if (!*m->name && m->bitfield)
			spelled = true;
		else
			want.push_back(m);
	}
	const char *obstacle =
		spelled ? "the new order moves an unnamed bitfield"
			: reorder_definition(type, t, 0, want, &s->edits, 0);
	if (obstacle) {
		s->why = obstacle;
		s->edits.clear();
		return;
	}
	s->rewrite = true;
}
