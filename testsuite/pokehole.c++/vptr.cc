/* Classes with a vptr: the artificial _vptr member is reported, and the
   probe finds it in a constructed object (the pointer whose vtable slot -1
   is the class's typeinfo).  An abstract class can only be checked for a
   vptr inside the object.  Virtual functions are defined inline so that
   the probe program links.  */
/* { dg-do compile } */

struct Dyn {
  virtual ~Dyn () {}
  char c;
  int i;
};

/* Derived from a dynamic class: the base holds the vptr, no _vptr of its
   own.  */
struct Derived : Dyn {
  virtual void f () {}
  char d;
};

/* A non-dynamic base first: the vptr still comes at the start and the
   base after it.  */
struct Plain { long l; char p; };
struct DynAfterPlain : Plain {
  virtual int g () { return 0; }
  short s;
};

struct Abstract {
  virtual void pure () = 0;
  char a;
};

Dyn d1; Derived d2; DynAfterPlain d3;

/* { dg-final { pokehole-check-layout Dyn Derived DynAfterPlain Abstract Plain } } */
// { dg-final { scan-pokehole-json {"name":"Dyn",.*"name":"_vptr.Dyn",[^\x7d]*"artificial":true} } }
// { dg-final { scan-pokehole-json-not {"name":"Derived",.*"name":"_vptr} } }
// { dg-final { scan-pokehole-json {"name":"DynAfterPlain",.*"name":"_vptr.DynAfterPlain".*"type":"Plain",[^\x7d]*"base":true} } }
/* The vptr's offset and size; in the abstract class only a vptr outside
   the object is caught.  */
/* { dg-final { pokehole-check-lies {Dyn {"name":"_vptr.Dyn"} offset 8} {Dyn {"name":"_vptr.Dyn"} size 4} {DynAfterPlain {"type":"Plain"} offset 8} {Abstract {"name":"_vptr.Abstract"} offset 64} } } */
