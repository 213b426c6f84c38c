/* SPDX-License-Identifier: GPL-2.0-only */
/* backport matrix [--kernels A,B] [--features LIST] [-j N] [--out DIR]: its arguments. */
#ifndef HB_MATRIX_ARGS_H
#define HB_MATRIX_ARGS_H

#include "kernels_list.h"

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
	const char *author;                  /* --author "Name <mail>" of the series, or NULL */
	bool signoff;                        /* --signoff: the patches end with Signed-off-by: */
	bool cover_letter;                   /* --cover-letter: 0000-cover-letter.patch too */
	const char *config;                  /* --config FILE: builds start from it, or NULL */
};

/* Parses ARGV (argv[0] = "matrix") against LIST. Returns 0, or -1 with what is wrong in err
 * (every unknown kernel named, with the known ones). */
int matrix_args_parse(const struct kernel_list *list, int argc, char **argv,
		      struct matrix_args *a, char *err, size_t errlen);
void matrix_args_free(struct matrix_args *a);
/* make -jK for each of PARALLEL kernels building at once on CPUS: CPUS / PARALLEL, at least 1. */
int matrix_make_jobs(long cpus, int parallel);

#endif
