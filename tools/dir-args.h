/* Directories among a command's FILEs: a json-dir build's reports
   (plugin json-dir=DIR writes DIR/path/of/OBJECT.jsonl), read as the
   files they hold.  */
#ifndef PH_TOOLS_DIR_ARGS_H
#define PH_TOOLS_DIR_ARGS_H

#include "../reorg/error.h"

struct ph_dir_args {
	char **files;	/* the FILEs with each directory replaced */
	int nr_files;
	char **owned;	/* the names this made, to free */
	size_t nr_owned;
};

/* FILES (N) into *RET: each directory replaced by the *.jsonl files
   under it, sorted by path; RET->files is FILES itself when none is a
   directory.  An error names a directory that holds none.  */
struct ph_error *ph_dir_args_expand(char **files, int n,
				    struct ph_dir_args *ret);
void ph_dir_args_free(struct ph_dir_args *a);

#endif
