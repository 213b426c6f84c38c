/* SPDX-License-Identifier: GPL-2.0-only */
/* `backport apply PATH`: the write of the changed files into the user's tree (tree_write.h),
 * the refusal to touch a tree whose last write was interrupted, and the two ways out of it,
 * `--rollback` and `--resume`. The journal is CACHE/work/<apply_path_id>/write.journal. */
#ifndef HB_APPLY_PATH_WRITE_H
#define HB_APPLY_PATH_WRITE_H

#include "ctx.h"
#include "feature_result.h"

#include <stdbool.h>

/* The cache name of the tree at the real path REAL: "path_home_me_linux" (malloc'd). A byte
 * spatch would misread (spatch_path_safe) becomes '_' too, and a hash of REAL is added then:
 * "/src/a+b" is "path_src_a_b-<16 hex digits>". */
char *apply_path_id(const char *real);
/* CACHE/work/ID/write.journal (malloc'd). */
char *apply_journal_path(const struct hb_ctx *ctx, const char *real);
/* HB_EXIT_USAGE, after saying what to do, when the last write into REAL was interrupted
 * (its journal is there); else HB_EXIT_OK. */
int apply_refuse_interrupted(const struct hb_ctx *ctx, const char *real);
/* Writes FILES (NULL-terminated, at least one) from WORK into REAL, all or nothing, refusing
 * a file that is not what the rules read (RESULTS/MASK give the diffs applied to WORK, in
 * order; LOG gets patch's output; SCRATCH is a folder of the cache to use). Says what
 * happened; returns an hb_exit code. */
int apply_path_write(const struct hb_ctx *ctx, const char *work, const char *real, char **files,
		     const struct feature_result *results, unsigned mask, const char *scratch,
		     const char *log);
/* `backport apply PATH --rollback` (RESUME false) or `--resume`. Returns an hb_exit code. */
int apply_path_recover(const struct hb_ctx *ctx, const char *path, bool resume);

#endif
