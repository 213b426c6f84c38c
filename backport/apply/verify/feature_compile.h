/* SPDX-License-Identifier: GPL-2.0-only */
/* The compiler checks every rule: each .c file that a feature changed is compiled on x86_64
 * allmodconfig in the patched tree, so that a patch that does not compile never reaches a
 * series (a feature whose compiler decides file by file, constify_ops, was checked already). */
#ifndef HB_FEATURE_COMPILE_H
#define HB_FEATURE_COMPILE_H

#include "feature_result.h"
#include "ctx.h"

#include <stdbool.h>

/* Compiles the .c files the CHANGED features of MASK changed (RESULTS[i].diff) as WORK has
 * them, in the allmodconfig tree at DIR (log DIR/compile-features.log). A file that builds as
 * PRISTINE has it and fails with the changes refuses the feature whose change first makes it
 * fail (several features in one file are tried in apply order): OUTCOME_DOES_NOT_COMPILE,
 * with "FILE: first error". When make prepare fails (a tree the machine's compiler cannot
 * build), nothing is compiled and the changes stand, with a warning. Prints a line per
 * feature. Returns HB_EXIT_OK, or HB_EXIT_FAILED when a feature does not compile. */
/* Does SECTION (one file's part of a unified diff) change only what is inside string and
 * character literals (pk_pointers' %p -> %pK)? Such a file is not compiled: gcc reads %pK as
 * %p and a K, so the change cannot make it fail. */
bool diff_changes_only_strings(const char *section);

int feature_compile_check(const struct hb_ctx *ctx, const char *pristine, const char *work,
			  const char *dir, unsigned mask, struct feature_result *results);

#endif
