/* SPDX-License-Identifier: GPL-2.0-only */
/* backport apply: run the semantic patches over a tree and write a quilt series. */
#ifndef HB_APPLY_H
#define HB_APPLY_H

#include "apply_record.h"
#include "ctx.h"
#include "feature_result.h"
#include "fetch.h"

#include <stdbool.h>


/* Where apply_kernel writes kernel E's series (malloc'd): CACHE/work/NAME/patches, for every
 * entry. It carries the user's identity; the repo's patches/NAME, the project's reference
 * series, is written only by `make patches` (tests/suites/patch-tests --refresh), never by apply. */
char *apply_series_dir(const struct hb_ctx *ctx, const struct kernel_entry *e);
/* Applies kernel E to the pristine tree its fetch recorded (FETCHED): patched tree at
 * CACHE/work/NAME/patched, series in apply_series_dir(), its record in apply.json and, when
 * it worked and OUT is not NULL, in *OUT (apply_record_free), for the stages after it.
 * Returns an hb_exit code. */
int apply_kernel(struct hb_ctx *ctx, const struct kernel_entry *e,
		 const struct fetch_record *fetched, unsigned mask, struct apply_record *out);
/* CACHE/work/NAME/apply.log: what apply ran and printed for kernel NAME (malloc'd). */
char *apply_log_path(const struct hb_ctx *ctx, const char *name);
/* A user's tree given by PATH: the rules run on a copy, the tree is written all or nothing
 * (apply_path_write.h), its series goes to the cache. Returns an hb_exit code. */
int apply_path(struct hb_ctx *ctx, const char *path, unsigned mask);
/* Changes nothing: what each rule of MASK would do to kernel E's pristine tree (FETCHED), or
 * (E NULL) to the tree at TARGET. Returns an hb_exit code (1: a feature would be incomplete). */
int apply_report(struct hb_ctx *ctx, const struct kernel_entry *e,
		 const struct fetch_record *fetched, const char *target, unsigned mask);

#endif
