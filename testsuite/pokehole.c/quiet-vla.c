/* A variably modified type (a struct with a VLA member, GNU C) has no
   layout known at compile time: it is not reported, and the compilation
   is the same with the plugin as without it.  */
/* { dg-do compile } */

struct fixed { char c; int i; };

int
vla_user (int n)
{
  struct vla { char head; int data[n]; char tail; } v;
  v.head = 1;
  v.data[0] = n;
  return v.head + v.data[0] + (int) sizeof v;
}

struct fixed f;

/* { dg-final { pokehole-check-layout fixed !vla } } */
/* { dg-final { pokehole-check-same-output } } */
// { dg-final { scan-pokehole-json-not {"name":"vla"} } }
