/* SPDX-License-Identifier: GPL-2.0-only */
/* CACHE/work/NAME/apply.json: what apply found in kernel NAME's tree, per feature (its outcome,
 * the files it changed, the compiler's word, what it missed, its manifest). The one hand-off
 * from apply to the stages after it: the test stage takes what vanilla lacks and the manifests
 * to prove, run and matrix the outcomes of their summary. apply returns it to a run in memory;
 * a stage started alone by its own command reads it from the cache. */
#ifndef HB_APPLY_RECORD_H
#define HB_APPLY_RECORD_H

#include "ctx.h"
#include "feature_result.h"
#include "feature_table.h"

#include <stddef.h>

/* apply.json is a record (record.h) "apply" of the kernel's version and a list of features. */
#define APPLY_RECORD_KIND "apply"
#define APPLY_RECORD_VERSION 1

struct apply_record {
	char *version;                              /* the tree's version */
	enum feature_outcome outcome[FEATURES_MAX]; /* OUTCOME_UNKNOWN: apply did not run it */
	int files[FEATURES_MAX];                    /* files its change touched */
	char *manifest[FEATURES_MAX];               /* its manifest's text (feature_table.h), or NULL */
	char *not_examined[FEATURES_MAX];           /* "not examined: N files timed out after T s
						     * (A, B)" when its spatch gave files up, or NULL */
};

/* CACHE/work/NAME/apply.json (malloc'd). */
char *apply_record_path(const struct hb_ctx *ctx, const char *name);
/* Writes PATH from RESULTS of the features in MASK. 0 or -1. */
int apply_record_write(const char *path, const char *version,
		       const struct feature_result *results, unsigned mask);
/* Reads PATH into R. 0; -1 when there is none or it cannot be read (ERR says which). */
int apply_record_read(const char *path, struct apply_record *r, char *err, size_t errlen);
/* R as apply_record_write writes it from RESULTS and apply_record_read reads it back: what
 * apply hands, in memory, to the stages of the same run. */
void apply_record_of(const char *version, const struct feature_result *results, unsigned mask,
		     struct apply_record *r);
void apply_record_free(struct apply_record *r);
/* The features R says apply changed (a mask over features[]): what vanilla lacks. */
unsigned apply_record_changed(const struct apply_record *r);

#endif
