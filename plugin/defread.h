/* The definition's member declarations, read from its text: where each
   member's declaration and its lines are, which declarations declare
   several members and whether those can be parted, and what in the
   body stops its members from moving (directives, access specifiers,
   unnamed bitfields).  Apart from the edits that move them
   (defsite.cc): reading the text is the part that knows the language's
   declarations; include sites.h, then plugin.h, then this.  */
#ifndef PH_PLUGIN_DEFREAD_H
#define PH_PLUGIN_DEFREAD_H

/* The definition's member declarations, read from the text: each
   member's declaration from its first token to its ';', and the chunk
   of whole lines that goes with it (the comment lines above it, a
   comment after it on its last line), so that a new order moves the
   comments with their members.  */
struct ph_member_decl_text {
	size_t start, semi;		/* first token, past the ';' */
	uint32_t first_line, last_line;	/* the chunk's lines */
	/* A declaration with several declarators ("int a, b;"): where its
	   specifiers' text ends and where this member's declarator is, so
	   that the member can be declared alone ("int b;") when the new
	   order parts it from the others; npos for a declaration of one.
	   SPLIT_WHY: why the specifiers cannot be repeated, or NULL.  */
	size_t spec_end = std::string::npos;
	size_t dstart = 0, dend = 0;
	const char *split_why = NULL;
};

/* Reads the declarations of T's members in TYPE's definition (TYPE is
   one at BASE bits into T's outermost type), in the order they are
   written: the file into *FILE, the members' indices in written order
   into ORDER, their declarations into DECLS, the end of what comes
   before the first one into *BEFORE_FIRST.  NULL, or why they cannot
   be moved.  */
const char *ph_read_definition(tree type, const struct ph_type *t,
			       uint64_t base, const ph_src_file **file,
			       std::vector<size_t> *order,
			       std::vector<ph_member_decl_text> *decls,
			       size_t *before_first);
/* Whether only blanks and comments stand in TEXT between A and B, and
   with MACROS, lines that define or undefine macros.  */
bool ph_only_comments(const std::string &text, size_t a, size_t b,
		      bool macros = false);
/* The line of byte OFF of F.  */
uint32_t ph_line_of(const ph_src_file *f, size_t off);
/* The end of the line holding OFF, or of the comment that starts on it
   and runs on past it.  */
size_t ph_line_end(const ph_src_file *f, size_t off);

#endif
