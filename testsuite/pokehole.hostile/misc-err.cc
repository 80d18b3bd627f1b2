// C++ oddities: incomplete bases, unions with non-trivial members,
// [[no_unique_address]], enum class bitfields, lambdas in templates.
struct Incomplete;
struct FromIncomplete : Incomplete { char c; };
struct NT { NT() {} ~NT() {} int x; };
union U { NT nt; long l; };
union U2 { U2() {} ~U2() {} NT nt; long l; char c; };
struct Empty {};
struct NUA { char c; [[no_unique_address]] Empty e; [[no_unique_address]] Empty f; long l; };
enum class EC : unsigned char { A, B, C };
enum class Wide : unsigned long long { X = ~0ULL };
struct EB { EC a : 2; Wide w : 40; bool b : 1; EC c : 9; };
template <typename T> struct Lam { int f() { auto l = [this](T t) { return sizeof(t) + x; }; return l(T()); } char c; long x; };
Lam<int> li;
int use = li.f();
struct Diamond1 : virtual NT { char a; };
struct Diamond2 : virtual NT { long b; };
struct Diamond : Diamond1, Diamond2 { char d; };
struct Dup : NT, NT { };
struct Final final { char c; long l; };
struct FromFinal : Final { };
struct Bits { int : 0; long long x : 70; char c; };
template <typename... Ts> struct Pack : Ts... { char c; };
Pack<Empty, NT, Final> pk;
Pack<int> pki;
constexpr unsigned long long big = 1ULL << 40;
struct CBig { char a[big]; char b; };
struct COver { char a[big * big]; };
