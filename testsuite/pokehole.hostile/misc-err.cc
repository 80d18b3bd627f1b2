// misc.cc, then what C++ rejects: an incomplete or final base, a
// duplicate direct base, packs that expand to those, an array too large.
#include "misc.cc"
struct FromIncomplete : Incomplete { char c; };
struct Dup : NT, NT { };
struct FromFinal : Final { };
Pack<Empty, NT, Final> pk;
Pack<int> pki;
struct COver { char a[big * big]; };
// After the errors.
template <typename T> struct After { char c; T t; Lam<T> l; };
After<long> after;
