/* Attributes users write in their sources: pokehole_hot on a member,
   pokehole_ignore and pokehole_abi on a type, pokehole_lock on either,
   registered for GCC to accept.  Apart from pokehole.cc: what a declaration may say, not
   what is reported.  */
#include "plugin.h"

/* Attributes users write in their sources, guarded by __has_attribute
   where the plugin may be absent.  */
/* Arguments are warned about, not refused: code that compiles without the
   plugin (where the attribute is merely unknown) must compile with it.  */
static bool no_arguments(tree name, tree args, bool *no_add_attrs)
{
	if (!args)
		return true;
	warning(OPT_Wattributes, "%qE attribute takes no arguments", name);
	*no_add_attrs = true;
	return false;
}

static tree handle_member_attribute(tree *node, tree name, tree args, int,
				    bool *no_add_attrs)
{
	if (!no_arguments(name, args, no_add_attrs))
		return NULL_TREE;
	if (TREE_CODE(*node) != FIELD_DECL) {
		warning(OPT_Wattributes, "%qE attribute applies only to "
			"members of a struct or union", name);
		*no_add_attrs = true;
	}
	return NULL_TREE;
}

static tree handle_type_attribute(tree *node, tree name, tree args, int,
				  bool *no_add_attrs)
{
	if (!no_arguments(name, args, no_add_attrs))
		return NULL_TREE;
	if (TREE_CODE(*node) != RECORD_TYPE && TREE_CODE(*node) != UNION_TYPE) {
		warning(OPT_Wattributes, "%qE attribute applies only to "
			"struct, union and class types", name);
		*no_add_attrs = true;
	}
	return NULL_TREE;
}

/* pokehole_lock: on a member, or on a type (a struct, or any type a
   typedef names) that the code uses as a lock (access.cc).  */
static tree handle_lock_attribute(tree *node, tree name, tree args, int,
				  bool *no_add_attrs)
{
	if (!no_arguments(name, args, no_add_attrs))
		return NULL_TREE;
	if (TREE_CODE(*node) != FIELD_DECL && TREE_CODE(*node) != TYPE_DECL &&
	    !TYPE_P(*node)) {
		warning(OPT_Wattributes, "%qE attribute applies only to "
			"members and types", name);
		*no_add_attrs = true;
	}
	return NULL_TREE;
}

/* Set field by field: attribute_spec gains and reorders fields between
   GCC versions.  GCC keeps pointers to them: static.  */
static struct attribute_spec hot_attribute, ignore_attribute, abi_attribute,
	lock_attribute;

/* DECL: the attribute is on a member (a declaration), else on a type.  */
static void register_one(struct attribute_spec *spec, const char *name,
			 bool decl, decltype(attribute_spec::handler) handler)
{
	spec->name = name;
	spec->min_length = 0;
	spec->max_length = -1;
	spec->decl_required = decl;
	spec->type_required = !decl;
	spec->handler = handler;
	register_attribute(spec);
}

void ph_register_attributes(void *, void *)
{
	register_one(&hot_attribute, "pokehole_hot", true,
		     handle_member_attribute);
	register_one(&ignore_attribute, "pokehole_ignore", false,
		     handle_type_attribute);
	register_one(&abi_attribute, "pokehole_abi", false,
		     handle_type_attribute);
	/* Neither a declaration nor a type required: both are taken.  */
	lock_attribute.name = "pokehole_lock";
	lock_attribute.min_length = 0;
	lock_attribute.max_length = -1;
	lock_attribute.handler = handle_lock_attribute;
	register_attribute(&lock_attribute);
}
