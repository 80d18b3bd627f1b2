/* __attribute__((pokehole_ignore)) on a type silences its warnings; the
   plugin registers its attributes, so __has_attribute sees them; on the
   wrong kind of declaration they are -Wattributes warnings.  */
/* { dg-do compile { target x86_64-*-* } } */
/* { dg-options "-fplugin-arg-pokehole-warn=all -fplugin-arg-pokehole-warn-all-holes" } */

#if !__has_attribute(pokehole_ignore) || !__has_attribute(pokehole_hot)
#error "pokehole attributes not registered"
#endif

#ifdef NO_IGNORE
#define IGNORE
#else
#define IGNORE __attribute__((pokehole_ignore))
#endif

struct IGNORE quiet { char c; int i; char d; };
struct quiet_after { char c; int i; char d; } IGNORE;
typedef struct IGNORE { char c; int i; char d; } quiet_t;
union IGNORE quiet_u { char c[5]; int i; };

/* A hot member is no misuse.  */
struct hot { int i __attribute__((pokehole_hot)); int j; };

int v __attribute__((pokehole_hot));	/* { dg-warning "'pokehole_hot' attribute applies only to members of a struct or union \\\[-Wattributes\\\]" } */
int w __attribute__((pokehole_ignore));	/* { dg-warning "'pokehole_ignore' attribute applies only to struct, union and class types \\\[-Wattributes\\\]" } */
void f (void) __attribute__((pokehole_hot));	/* { dg-warning "'pokehole_hot' attribute applies only to members" } */

/* Without the attribute, all four are warned about.  */
/* { dg-final { warn-output-with {-DNO_IGNORE} {} "hole between 'c' and '\[^'\]+' in 'struct quiet'" "hole between 'c' and '\[^'\]+' in 'struct quiet_after'" "hole between 'c' and '\[^'\]+' in 'quiet_t'" "tail padding in 'union quiet_u'" } } */
/* Without the plugin, __has_attribute says no.  */
/* { dg-final { warn-output-with {} {-fplugin*} "pokehole attributes not registered" } } */
/* -Wno-attributes silences the misuse.  */
/* { dg-final { warn-output-with-not {-Wno-attributes} {} "pokehole_hot" "pokehole_ignore" } } */
