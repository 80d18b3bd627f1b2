/* Every key of the JSON Lines contract (docs/layout-jsonl.md) on a type
   that has it.  Numbers are the compiler's (pokehole-check-layout: sizes,
   offsets, alignments, bit positions; pokehole-check-bits: holes, bit
   holes and their bit offsets, padding, bit padding); the scans check
   that each key is there, on the type and member it belongs to.  Keep
   the scans to presence and spelling: no number typed here.  */
/* { dg-do compile } */

struct pk_member { char c; int x __attribute__ ((packed)); char d; };
struct __attribute__ ((packed)) pk_type { char c; int x; };
struct al_member { char c; int x __attribute__ ((aligned (16))); };
struct __attribute__ ((aligned (32))) al_type { char c; };
struct hot { char c; long l __attribute__ ((pokehole_hot)); };
struct flex { int n; char data[]; };
struct nest { char c; struct { short s; char t; } in; union { int i; char b; }; };
struct bits { unsigned int a:3; unsigned int :2; unsigned int b:4; int i; char z:1; };
typedef struct { char c; long l; } td_anon;
struct tp_inner { long l; char c; };
struct tp_outer { struct tp_inner in; char d; };

/* { dg-final { pokehole-check-layout pk_member pk_type al_member al_type hot flex nest bits td_anon tp_inner tp_outer } } */
/* { dg-final { pokehole-check-bits pk_member pk_type al_member al_type hot flex bits td_anon tp_outer } } */
// { dg-final { scan-pokehole-json {^\x7b"name":"pk_member",.*"members":\[[^]]*"name":"x"[^\x7d]*"packed":true} } }
// { dg-final { scan-pokehole-json-not {^\x7b"name":"pk_member",.*"members":\[[^]]*"name":"[cd]"[^\x7d]*"packed":true} } }
// { dg-final { scan-pokehole-json {^\x7b"name":"pk_type","kind":"struct",[^[]*"packed":true,[^[]*"members":} } }
/* A member of a packed type is not packed on its own.  */
// { dg-final { scan-pokehole-json-not {^\x7b"name":"pk_type",.*"members":\[[^]]*"packed":true} } }
// { dg-final { scan-pokehole-json {^\x7b"name":"al_member",.*"name":"x"[^\x7d]*"explicit_align":16\x7d} } }
// { dg-final { scan-pokehole-json {^\x7b"name":"al_type",[^[]*"explicit_align":32,"members":} } }
// { dg-final { scan-pokehole-json {^\x7b"name":"hot",.*"name":"l"[^\x7d]*"hot":true} } }
// { dg-final { scan-pokehole-json {^\x7b"name":"flex",.*"name":"data","type":"char\[\]","offset":[0-9]+,"size":0,[^\x7d]*"flexible":true} } }
// { dg-final { scan-pokehole-json {^\x7b"name":"nest",.*"name":"in","type":"struct",[^\x7d]*"kind":"struct","members":\[\x7b"name":"s"} } }
// { dg-final { scan-pokehole-json {^\x7b"name":"nest",.*"name":"","type":"union",[^\x7d]*"kind":"union","members":\[\x7b"name":"i"} } }
// { dg-final { scan-pokehole-json {^\x7b"name":"bits",.*"bitfield":true.*"bit_holes":\[\x7b"after":"a","bit_offset":[0-9]+,"bits":[0-9]+\x7d.*"bit_padding":[1-9]} } }
// { dg-final { scan-pokehole-json {^\x7b"name":"bits",.*"holes":\[\],.*"padding":[0-9]+,"bit_padding":[0-9]+,"sum_members":[0-9]+,"cachelines":[0-9]+\x7d$} } }
// { dg-final { scan-pokehole-json {^\x7b"name":"td_anon","kind":"struct","typedef":true,"size":[0-9]+,"align":[0-9]+,"file":"[^"]*json-keys.c","line":[0-9]+,.*"holes":\[\x7b"after":"c","offset":[0-9]+,"size":[0-9]+\x7d\]} } }
/* The tail padding of a member's own type, on that member only.  */
// { dg-final { scan-pokehole-json {^\x7b"name":"tp_outer",.*"name":"in","type":"struct tp_inner",[^\x7d]*"type_padding":[1-9]} } }
// { dg-final { scan-pokehole-json-not {^\x7b"name":"tp_outer",.*"name":"d",[^\x7d]*"type_padding"} } }
