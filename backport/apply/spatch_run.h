/* SPDX-License-Identifier: GPL-2.0-only */
/* Running one semantic patch over a tree with spatch, as the kernel's coccicheck does:
 * the rule's own "// Options:" line, its virtual mode, the token prefilter, -j. */
#ifndef HB_SPATCH_RUN_H
#define HB_SPATCH_RUN_H

#include <stdbool.h>
#include <stddef.h>

/* Patch mode: the unified diff (paths a/FILE b/FILE) spatch proposes for TREE, malloc'd
 * ("" when nothing changes), or NULL when spatch failed (its output is in LOG). */
char *spatch_diff(const char *cocci, const char *tree, int jobs, const char *log);
/* Report mode: the report lines, deduplicated, with TREE/ stripped from paths (malloc'd),
 * or NULL when spatch failed. */
char *spatch_report(const char *cocci, const char *tree, const char *log);
/* The words of the rule's "// Options:" header line (NULL-terminated, malloc'd array of
 * malloc'd strings; empty when there is none). */
char **spatch_rule_options(const char *cocci);
void spatch_free_words(char **words);

#endif
