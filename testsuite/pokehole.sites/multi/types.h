/* One program, several units: a header's types with initializers in
   every unit, in the header itself and in a macro; the whole build's
   patch rewrites them all at once.  */
#ifndef TYPES_H
#define TYPES_H

struct conf {			/* PH-PATCHED(struct conf) */
	char verbose;
	long level;
	char quiet;
	int retries;
};

#define CONF_DEFAULT { 1, 2, 3, 4 }

static inline struct conf conf_scaled(int k)
{
	return (struct conf){ k, k * 10L, k + 1, k + 2 };
}

/* One macro for two types whose members have other names: their
   designators would be different edits of one text: both refused.  */
#define TRIPLE(x, y, z) { x, y, z }

PH-CHAR-LONG-CHAR(struct first: a b c)			/* PH-REFUSED(struct first) */

PH-CHAR-LONG-CHAR(struct second: p q r)			/* PH-REFUSED(struct second) */

extern struct conf conf_a, conf_b[2];
struct conf conf_c(void);
void show_conf(const char *w, const struct conf *c);
void triples(void);

#endif
