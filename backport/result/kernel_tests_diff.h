/* SPDX-License-Identifier: GPL-2.0-only */
/* The kernel's own tests, vanilla against patched, case by case: a case ok on vanilla and not
 * ok (or absent) on patched is a regression; one not ok on both fails upstream too. */
#ifndef HB_KERNEL_TESTS_DIFF_H
#define HB_KERNEL_TESTS_DIFF_H

#include "run_result.h"

#include <stdbool.h>

struct kernel_tests_diff {
	bool ran[FLAVOURS];     /* the flavour's guest ran the suite */
	int passed[FLAVOURS], failed[FLAVOURS], skipped[FLAVOURS];
	char *regressions;      /* "a, b" (malloc'd), NULL when none */
	char *upstream;         /* failed on both: "a, b" (malloc'd), NULL when none */
	int n_regressions, n_upstream;
};

/* Compares R's flavours (flavour[].boot.ktests). */
void kernel_tests_diff_of(const struct run_result *r, struct kernel_tests_diff *out);
void kernel_tests_diff_free(struct kernel_tests_diff *d);

#endif
