/* Bitfields of enum and _Bool types at odd widths.  */
enum small { S0, S1, S2 };
enum neg { N_1 = -1, N0, N1 };
enum wide { W = 0x7fffffff };
enum __attribute__((packed)) packed_e { P0, P1, P255 = 255 };
enum ull { U = 0xffffffffffffULL };
struct ebits {
	enum small a : 2;
	enum neg b : 2;
	_Bool t : 1;
	enum wide w : 31;
	_Bool u : 1;
	enum packed_e p : 3;
	_Bool : 0;
	enum small c : 5;
	enum ull big : 48;
	_Bool v : 1;
	enum small : 0;
	char tail;
};
struct bool_too_wide { _Bool b : 2; };
struct enum_too_wide { enum small s : 33; };
struct zero_named { enum small z : 0; };
struct packed_bits { char c; enum small a : 3; _Bool b : 1; enum wide w : 17; } __attribute__((packed));
struct odd { _Bool a : 1, b : 1, c : 1; enum neg d : 7; long long e : 63; unsigned __int128 f : 127; };
