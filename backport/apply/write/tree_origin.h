/* SPDX-License-Identifier: GPL-2.0-only */
/* What the rules read: the content each changed file had before the rules' diffs, recovered by
 * reversing those diffs (patch -R, the last applied first) on a copy of the changed files, so
 * that the write can check the user's tree still holds it (tree_write.h). The rules ran on a
 * hard-linked copy, so this is the content they saw even if the file changed meanwhile. */
#ifndef HB_TREE_ORIGIN_H
#define HB_TREE_ORIGIN_H

#include "tree_write.h"

#include <stddef.h>

/* Fills CHANGES[i] (file, was_there, read_hash) for each of FILES (NULL-terminated): the
 * N_DIFFS unified diffs DIFFS (a/ and b/ paths, in the order they were applied to WORK) are
 * reversed on copies of WORK's files made in the folder SCRATCH, which is removed after.
 * 0, or -1 (patch's output is in LOG). */
int tree_origin(const char *work, char *const *files, char *const *diffs, size_t n_diffs,
		const char *scratch, const char *log, struct tree_change *changes);

#endif
