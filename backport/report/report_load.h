/* SPDX-License-Identifier: GPL-2.0-only */
/* Finds and reads per-kernel results for `backport report merge`: the files named, and every
 * kernels/NAME.json under the folders named (symlinked folders are not followed, so that
 * reports/latest is not read twice). A matrix.json named as a file gives all its kernels. */
#ifndef HB_REPORT_LOAD_H
#define HB_REPORT_LOAD_H

#include "run_result.h"

#include <stddef.h>

/* A kernel found more than once: the same run (run_id and start) is kept once; of different
 * runs, the one that finished last, with a warning. Returns 0, or -1 with what is wrong (the
 * file, the field) in err. */
int report_load(char *const *paths, size_t n_paths, struct run_result **out, size_t *count,
		char *err, size_t errlen);
void report_results_free(struct run_result *r, size_t n);

#endif
