// An empty class's one byte is tail padding in the reports (as pahole
// says), but no order of members can remove it: warn=padding is silent
// about it, and about classes made only of empty ones.
// { dg-do compile }
// { dg-options "-fplugin-arg-pokehole-warn=padding -fplugin-arg-pokehole-warn-all-holes" }

struct tag {};
struct tag2 : tag {};
struct tag3 {};
struct tags : tag, tag3 {};
struct holder { [[no_unique_address]] tag t; };
struct tagged { tag t; };

// A class with data still warns.
struct tail { int i; char c; };	// { dg-warning "warning: \[0-9\]+ bytes of tail padding in 'struct tail'" }
struct based : tag { int i; char c; };	// { dg-warning "warning: \[0-9\]+ bytes of tail padding in 'struct based'" }

tag v1; tag2 v2; tags v3; holder v4; tagged v5; tail v6; based v7;

// The report still shows the byte, as pahole does.
// { dg-final { scan-pokehole-report "^struct tag \{\n\n\t/\\* size: 1, cachelines: 1, members: 0 \\*/\n\t/\\* padding: 1 \\*/$" } }
