/* The one place that knows which GCC we are built against.  Every GCC
   header the plugin uses is included here, after the engine's headers
   (GCC's system.h poisons malloc and friends, which the engine's headers
   must be free to declare), and every difference between GCC versions is
   hidden behind a macro or an inline function below.  */
#ifndef PH_PLUGIN_COMPAT_H
#define PH_PLUGIN_COMPAT_H

#include "../reorg/analysis.h"
#include "../reorg/layout.h"
#include "../reorg/reorganize.h"
#include "../reorg/select.h"
#include "../report/baseline.h"
#include "../report/buf.h"
#include "../report/jsonl.h"
#include "../report/reorg.h"
#include "../report/text.h"

#include <sys/file.h>

#include "gcc-plugin.h"
#include "tree.h"
#include "stor-layout.h"
#include "stringpool.h"
#include "attribs.h"
#include "diagnostic.h"
#include "langhooks.h"
#include "ggc.h"
#include "hash-set.h"
#include "input.h"
#include "toplev.h"
#include "bversion.h"
#include "debug.h"

#include "pretty-print.h"

/* C++ front-end facts, as plain tree bits: cp-tree.h cannot be included
   in a plugin that is also loaded into cc1, where its functions do not
   exist.  Checked identical in GCC 11 and 12.  */
#define PH_DECL_FIELD_IS_BASE(NODE) DECL_LANG_FLAG_6(FIELD_DECL_CHECK(NODE))
#define PH_IDENTIFIER_LAMBDA_P(NODE) \
	(IDENTIFIER_NODE_CHECK(NODE)->base.protected_flag)
/* A pointer to member function: GCC's record {__pfn, __delta}.  */
#define PH_TYPE_PTRMEMFUNC_P(NODE) \
	(TREE_CODE(NODE) == RECORD_TYPE && TYPE_LANG_FLAG_2(NODE))
/* A type named by a typedef for linkage purposes:
   typedef struct { ... } name;  */
#define PH_TYPE_WAS_UNNAMED(NODE) \
	(TYPE_NAME(TYPE_MAIN_VARIANT(NODE)) != \
	 TYPE_STUB_DECL(TYPE_MAIN_VARIANT(NODE)))

/* The diagnostic context's hook naming a diagnostic's option, and -Werror
   (plugin/warn.cc): public fields, the same in GCC 11 and 12; later
   GCCs make them private members.  */
#define PH_DC_OPTION_NAME(DC) ((DC)->option_name)
#define PH_DC_WERROR(DC) ((DC)->warning_as_error_requested)

#if BUILDING_GCC_MAJOR < 11 || BUILDING_GCC_MAJOR > 12
#error "pokehole is written for the GCC 11 and GCC 12 plugin interfaces"
#endif


#endif
