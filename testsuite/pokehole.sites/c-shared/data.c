#include "types.h"

static char s1[] = "one", s2[] = "two";
static int twice(int x) { return 2 * x; }
static int thrice(int x) { return 3 * x; }

struct two_pairs tp = { s1, 'a', s2, 'b' };
struct calls cl = { twice, 5, thrice, 7 };
struct quals qu = { "pq", 'c', "qq", 'd', { 1, 2, 3 }, 0 };
struct one_line ol = { s2, 'e', s1, 'f' };
struct spread sp = { s1, 'g', s2, 'h', 99 };
struct attrs at = { s2, 'i', s1, 'j' };
struct noted no = { s1, 'k', s2, 'l' };
struct inside in = { s1, 'm', 0, { 4 } };
struct flagged fl = { 'k', 42, FLAGGED_ON };
struct sized_by sb = { 'n', { 5, 6 }, 'o' };
