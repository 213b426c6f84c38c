/* SPDX-License-Identifier: GPL-2.0-only */
/* The compiler decides: the changes of a rule whose grammar cannot prove everything are
 * compiled on x86_64 allmodconfig, file by file, before they go into the patch. */
#ifndef HB_APPLY_VERIFY_H
#define HB_APPLY_VERIFY_H

#include "ctx.h"

#include <stdbool.h>

struct verify_counts {
	int compiled;    /* files that compile with the change */
	int dropped;     /* files that build without it and not with it: left out */
	int unverified;  /* files not built here (another architecture, a missing tool) */
	bool prepared;   /* DIR holds an allmodconfig tree of WORK, prepared, with the files
			  * the change left out as WORK has them (allmod_refresh() can reuse it) */
};

/* Compiles every .c file that C_DIFF (a diff against WORK) changes, in the allmodconfig tree
 * at DIR (a copy of WORK, prepared once and kept), and returns C_DIFF without the files that
 * fail with the change and build without it (malloc'd; NULL when the change does not apply).
 * When make prepare fails (an old tree, a compiler too new for it), nothing is compiled:
 * C_DIFF is returned whole, its files counted unverified, with a warning. Prints a line per
 * file; the log is DIR/compile.log. */
char *apply_verify(const struct hb_ctx *ctx, const char *work, const char *c_diff,
		   const char *dir, struct verify_counts *counts);

#endif
