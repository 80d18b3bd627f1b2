/* Reference members: lvalue ones print "&", rvalue ones "&&".  The probe
   cannot measure a reference member (sizeof gives the referred type's
   size), so the sizes are checked by pattern: a pointer's.  */
/* { dg-do compile } */

struct R { char c; int &&r; const long &l; int (&&arr)[3]; };

R *rp;

// { dg-final { scan-pokehole-json {"name":"r","type":"int &&","offset":(4|8),"size":(4|8),} } }
// { dg-final { scan-pokehole-json {"name":"l","type":"const long int &","offset":(8|16),"size":(4|8),} } }
// { dg-final { scan-pokehole-json {"name":"arr","type":"int \(&&\)\[3\]","offset":(12|24),"size":(4|8),} } }
// { dg-final { scan-pokehole-json-not {"type":"int &",} } }
