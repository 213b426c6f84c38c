/* SPDX-License-Identifier: GPL-2.0-only */
/* Runs run_kernel over many kernels: one after the other in this process, or up to PARALLEL
 * at once, each in a forked child that writes DIR/kernels/NAME.json and logs to
 * DIR/logs/NAME.log (its stage lines still reach this terminal). One kernel failing does not
 * stop the others. */
#ifndef HB_MATRIX_RUN_H
#define HB_MATRIX_RUN_H

#include "run_kernel.h"

struct matrix_plan {
	const struct kernel_entry *const *kernels;
	size_t count;
	int parallel;       /* kernels at once; 1: in this process */
	const char *dir;    /* the report folder */
	const char *run_id; /* its name */
};

/* Fills results[0..count-1] (each freed with run_result_free). Set ctx->make_jobs first to
 * split the CPUs (matrix_make_jobs). Returns the worst kernel's exit code. */
int matrix_run(struct hb_ctx *ctx, const struct matrix_plan *p, const struct kernel_ops *ops,
	       struct run_result *results);

#endif
