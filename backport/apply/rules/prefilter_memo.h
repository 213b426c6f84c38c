/* SPDX-License-Identifier: GPL-2.0-only */
/* One walk of a tree for the prefilters of several rules (prefilter.h).
 *
 * Reading every .c and .h file of a kernel tree takes longer than testing it; an apply runs
 * five rules over one work tree, each changing a few files of it. The memo reads the tree once,
 * notes for every file which of the prefilters keep it and what the file was then (inode,
 * size, modification time), and answers each rule's selection later with a walk that only
 * looks at the files' metadata: a file that is no longer what was noted (a rule's diff applied
 * since, a new file) is read and tested again. The answer is prefilter_files()'s, file for
 * file. */
#ifndef HB_PREFILTER_MEMO_H
#define HB_PREFILTER_MEMO_H

#include "prefilter.h"

#include <stddef.h>

/* At most this many prefilters in one memo. */
#define PREFILTER_MEMO_MAX 32

struct prefilter_memo;

/* Reads TREE once for the N prefilters PFS (N <= PREFILTER_MEMO_MAX; NULL entries are
 * skipped). NULL when TREE cannot be walked. */
struct prefilter_memo *prefilter_memo_make(const char *tree, struct prefilter *const *pfs,
					   size_t n);
void prefilter_memo_free(struct prefilter_memo *m);
/* prefilter_files(PF, TREE) from M: NULL when M is not of TREE, does not know PF (its lines'
 * text), or TREE cannot be walked now; the caller then walks itself. */
char **prefilter_memo_files(const struct prefilter_memo *m, const struct prefilter *pf,
			    const char *tree);

#endif
