/* Prototypes of functions, spelled from their DWARF (fntype.c).  */
#ifndef PH_FUNCT_FNTYPE_H
#define PH_FUNCT_FNTYPE_H

#include <stdbool.h>

#include <elfutils/libdw.h>

#include "../reorg/error.h"

/* "int name(const char *s, int n)" for the function DIE (its abstract
   or only DIE), in *RET, malloc'd.  */
struct ph_error *ph_fn_prototype(Dwarf_Die *die, const char *name,
				 char **ret);
/* Whether a parameter of DIE points to the struct, union or class
   CLASS_NAME (through typedefs and qualifiers).  */
bool ph_fn_has_class_param(Dwarf_Die *die, const char *class_name);

#endif
