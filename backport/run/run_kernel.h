/* SPDX-License-Identifier: GPL-2.0-only */
/* The whole job on one kernel: fetch, apply, build vanilla, test vanilla, build patched, test
 * patched, each stage timed, then a verdict per feature. `backport run` prints it as a table,
 * `backport matrix` runs it for many kernels and writes reports. */
#ifndef HB_RUN_KERNEL_H
#define HB_RUN_KERNEL_H

#include "build.h"
#include "ctx.h"
#include "fuzz_run.h"
#include "guest_run.h"
#include "run_result.h"

#include <stdio.h>

/* The stages' work. kernel_ops_real does it for real; the unit tests give fakes. Each returns
 * an hb_exit code. */
struct kernel_ops {
	/* *out the fetch's record, which the stages after it take; *log (malloc'd or NULL) what
	 * explains it */
	int (*fetch)(struct hb_ctx *ctx, const struct kernel_entry *e, struct fetch_record *out,
		     char **log);
	/* *out apply's record of the features of MASK (apply_record_free), which the stages after
	 * it take */
	int (*apply)(struct hb_ctx *ctx, const struct kernel_entry *e,
		     const struct fetch_record *fetched, unsigned mask, struct apply_record *out,
		     char **log);
	int (*build)(struct hb_ctx *ctx, const struct kernel_entry *e,
		     const struct fetch_record *fetched, const struct apply_record *applied,
		     bool vanilla, struct build_output *out);
	int (*test)(struct hb_ctx *ctx, const struct kernel_entry *e,
		    const struct fetch_record *fetched, const struct apply_record *applied,
		    bool vanilla, const struct build_output *b, struct guest_run_result *out);
	/* after the tests, when ctx->fuzz_seconds (NULL: never) */
	int (*fuzz)(const struct hb_ctx *ctx, const struct kernel_entry *e, bool vanilla,
		    const struct build_output *b, long seconds, long seed, struct fuzz_result *out);
	/* after a flavour's test stage ran its guest: kernel-hardening-checker's verdicts into
	 * fl->checker (NULL: never); no stage, it fails nothing */
	void (*judge)(struct hb_ctx *ctx, const struct kernel_entry *e,
		      const struct build_output *b, struct run_flavour *fl);
	/* after apply: the series the patched flavour builds from (NULL: unknown) */
	int (*series)(const struct hb_ctx *ctx, const struct kernel_entry *e,
		      struct run_series *out);
};

extern const struct kernel_ops kernel_ops_real;

struct run_opts {
	FILE *progress;     /* also gets each stage's start and end line (or NULL) */
	const char *run_id; /* the report folder's name (or NULL) */
	int order;          /* the kernel's position in kernels.list */
};

/* Runs every stage it can on E (the features of features_selected) and fills R (freed with
 * run_result_free). A failed stage skips those that need it; a broken one (a tool, the
 * environment) stops the kernel. Returns R's exit code. */
int run_kernel(struct hb_ctx *ctx, const struct kernel_entry *e, const struct run_opts *o,
	       const struct kernel_ops *ops, struct run_result *r);
/* R's rows: the guest's suites and the features ctx selects, the regression smoke first. */
void run_kernel_rows(const struct hb_ctx *ctx, struct run_result *r);
/* Are the tools that building and booting a kernel need installed? HB_EXIT_ENV after naming
 * the Debian package otherwise. */
int run_need_tools(void);
/* `run --tree PATH`: the kernel tree at PATH as a dir entry of ctx's kernels (added to them,
 * named after the tree's folder, "linux-5.15.100"; a kernels.list entry of that name must
 * name the same tree). NULL, said, when PATH is no kernel tree or the name is taken. */
const struct kernel_entry *run_tree_entry(struct hb_ctx *ctx, const char *path);
/* For the summary of R, the run of kernel E: where apply wrote its series, and each feature
 * whose spatch gave files up (apply's not_examined), "  FEATURE: not examined: ...". */
void run_print_apply_notes(const struct hb_ctx *ctx, const struct kernel_entry *e,
			   const struct run_result *r, FILE *f);

#endif
