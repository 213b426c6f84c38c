/* SPDX-License-Identifier: GPL-2.0-only */
/* backport matrix [--kernels A,B] [--features LIST] [-j N] [--out DIR]: its arguments. */
#ifndef HB_MATRIX_ARGS_H
#define HB_MATRIX_ARGS_H

#include "ctx.h"

#include <stdbool.h>
#include <stddef.h>

#define MATRIX_JOBS_MAX 64

struct matrix_args {
	bool help;
	const struct kernel_entry **kernels; /* in kernels.list order, each once */
	size_t count;
	unsigned features;                   /* mask over features[]; 0: all */
	int jobs;                            /* kernels at once, 1..MATRIX_JOBS_MAX */
	const char *out;                     /* --out DIR, or NULL: CACHE/reports/matrix-... */
	bool reuse_apply;                    /* --reuse-apply: a current last apply is not redone */
	long fuzz_seconds;                   /* --fuzz SECONDS: trinity on each flavour (0: none) */
	bool config_refused;                 /* --config's file refused: it said why, no usage */
};

/* Parses ARGV (argv[0] = "matrix") against CTX's kernels; the options matrix shares with other
 * commands (common_opts.h: --config, --author, --signoff, --cover-letter) go into CTX. Returns
 * 0, or -1 with what is wrong in err (every unknown kernel named, with the known ones), or
 * with err "" when a shared option said it itself (config_refused when it was --config). */
int matrix_args_parse(struct hb_ctx *ctx, int argc, char **argv, struct matrix_args *a,
		      char *err, size_t errlen);
void matrix_args_free(struct matrix_args *a);
/* make -jK for each of PARALLEL kernels building at once on CPUS: CPUS / PARALLEL, at least 1. */
int matrix_make_jobs(long cpus, int parallel);

#endif
