#include "declarator.h"

#include <string.h>

void ph_decl_put_quals(struct ph_buf *out, unsigned quals)
{
	if (quals & PH_Q_ATOMIC)
		ph_buf_puts(out, "_Atomic ");
	if (quals & PH_Q_CONST)
		ph_buf_puts(out, "const ");
	if (quals & PH_Q_VOLATILE)
		ph_buf_puts(out, "volatile ");
	if (quals & PH_Q_RESTRICT)
		ph_buf_puts(out, "restrict ");
}

const char *ph_decl_data(const struct ph_buf *b)
{
	return b->data ? b->data : "";
}

void ph_decl_move(struct ph_buf *dst, struct ph_buf *src)
{
	bool failed = dst->failed;

	ph_buf_deinit(dst);
	*dst = *src;
	dst->failed = dst->failed || failed;
	ph_buf_init(src);
}

void ph_decl_prepend(struct ph_buf *l, struct ph_buf *tmp, unsigned quals)
{
	if (quals) {
		ph_buf_putc(tmp, ' ');
		ph_decl_put_quals(tmp, quals);
	}
	ph_buf_putn(tmp, ph_decl_data(l), l->len);
	ph_decl_move(l, tmp);
}

void ph_decl_finish(struct ph_buf *head, struct ph_buf *l,
		    const struct ph_buf *r, struct ph_buf *pre,
		    struct ph_buf *post)
{
	if (l->len && !strchr(ph_decl_data(l), '(')) {
		while (l->len && l->data[l->len - 1] == ' ')
			l->data[--l->len] = '\0';
		ph_buf_putc(head, ' ');
		ph_buf_putn(head, l->data, l->len);
		l->len = 0;
	}
	if (l->len)
		ph_buf_putn(pre, l->data, l->len);
	if (r->len)
		ph_buf_putn(post, r->data, r->len);
}

void ph_decl_join(struct ph_buf *out, const struct ph_buf *head,
		  const struct ph_buf *pre, const struct ph_buf *post)
{
	ph_buf_putn(out, ph_decl_data(head), head->len);
	if (pre->len)
		ph_buf_putc(out, ' ');
	ph_buf_putn(out, ph_decl_data(pre), pre->len);
	ph_buf_putn(out, ph_decl_data(post), post->len);
	if (head->failed || pre->failed || post->failed)
		out->failed = true;
}
