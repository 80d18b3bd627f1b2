/* ipa-cp's clones (f.constprop.N) are f with a parameter specialised:
   the calls redirected to them are calls to f, inlined or not, and the
   clone's body is f's, kept or not.  */
/* { dg-do compile } */
/* { dg-options "-O2 -fplugin-arg-pokehole-warn=uninlined" } */

extern volatile int in;
struct s { int x, y, pad[50]; };

/* Every call passes k = 3: get.constprop.0, inlined into use, called
   out of line from the cold functions.  */
static inline int get(struct s *p, int k)	/* { dg-warning "'get' is declared inline but keeps an out-of-line body \\(\[^)\]*\\); \[0-9\]+ of 3 calls inlined \\\[-Wpokehole-uninlined\\\]" } */
{
	int r = 0;

	for (int i = 0; i < k; i++) {
		r += p->x * i + p->y;
		r ^= in;
		r += in * p->x;
		r -= in * p->y;
		r ^= in << 3;
	}
	return r;
}

int use(struct s *p)
{
	return get(p, 3);
}

__attribute__((cold)) int cold1(struct s *p)
{
	return get(p, 3) + 1;
}

__attribute__((cold)) int cold2(struct s *p)
{
	return get(p, 3) + 2;
}

/* Not declared inline, every call passes k = 3: sum.constprop.0,
   inlined everywhere.  (Not get's body: identical code folding would
   make one of the other.)  */
static int sum(struct s *p, int k)
{
	int r = 0;

	for (int i = 0; i < k; i++) {
		r -= p->y * i + p->x;
		r ^= in;
		r += in * p->y;
		r -= in * p->x;
		r ^= in << 5;
	}
	return r;
}

int u1(struct s *p) { return sum(p, 3); }
int u2(struct s *p) { return sum(p, 3) + 1; }
int u3(struct s *p) { return sum(p, 3) + 2; }
int u4(struct s *p) { return sum(p, 3) + 3; }
int u5(struct s *p) { return sum(p, 3) + 4; }

int u6(struct s *p)
{
	int r = 0;

	for (int i = 0; i < 1000; i++)
		r += sum(p, 3);
	return r;
}

/* { dg-final { functions-check-warnings } } */
/* { dg-final { functions-check-calls get 3 sum 6 } } */
