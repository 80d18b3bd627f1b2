/* Holes that end inside a byte and bits no member has: leading unnamed
   bits, bits between bitfields and the next member, a bit hole split by a
   byte hole, the bits after a packed bitfield that crosses its storage
   unit.  The bit map check (pokehole-check-bits) says each unused bit is
   a hole's or padding's once, where the compiler leaves it unset; the
   text report is pahole's where pahole is right (not on crossp, where
   it guesses __packed__; split, bytes and units, where it invents ":0"
   members; crosshole, where it counts the 3 bytes after the crossing
   bitfield's byte as 24 more bits of its bit hole).  */
/* { dg-do compile } */

struct lead { int :7; _Bool b:1; char c; };
struct lead2 { char :8; int :5; unsigned int a:3; char c; };
struct tailbits { char c; unsigned int a:3; };
struct mid { unsigned int a:3; char c; int i; short s:4; short t:9; };
struct split { signed char a:6; long long :59; _Bool b:1; char e; };
struct crossp { char x; unsigned int a:31 __attribute__ ((packed)); char y; };
struct __attribute__ ((packed)) crossend { char x; unsigned int a:31; };
struct bytes { char a:3; char :8; char :8; char :8; int b:5; char c; };
struct units { unsigned char a:1; unsigned short b:10; unsigned int c:20;
	       unsigned int d:2; char e[3]; short f:2; };
struct bitpad { unsigned int a:3; unsigned int b:5; int i; unsigned char z:2; };
/* Whole bytes before the first member; a byte hole after a packed
   bitfield that crosses its unit and ends inside a byte.  */
struct lead3 { int :16; char c; };
struct crosshole { unsigned int a:30; unsigned int b:4 __attribute__ ((packed));
	int x; };
/* Unions: what no member uses, the bits of the last byte used too.  */
union ulast { char c; unsigned int a:3; };
union ubits { unsigned int a:3; unsigned int b:5; };

/* { dg-final { pokehole-check-layout lead lead2 tailbits mid split crossp crossend bytes units bitpad lead3 crosshole ulast ubits } } */
/* { dg-final { pokehole-check-report lead lead2 tailbits mid split crossp crossend bytes units bitpad lead3 crosshole } } */
/* { dg-final { pokehole-check-bits lead lead2 tailbits mid split crossp crossend bytes units bitpad lead3 crosshole ulast ubits } } */
/* { dg-final { pokehole-check-pahole lead lead2 tailbits mid crossend bitpad lead3 } } */
