/* SPDX-License-Identifier: GPL-2.0-only */
/* What an apply's patched tree was made from, so that a later build can tell whether that
 * tree is still what apply would make: CACHE/work/NAME/stamp holds the pristine tree, the
 * features and a hash of their rules and texts. Only build and test reuse a tree this way;
 * `backport apply` always runs the rules. */
#ifndef HB_APPLY_STAMP_H
#define HB_APPLY_STAMP_H

#include "apply_record.h"
#include "ctx.h"
#include "fetch.h"

#include <stdbool.h>

/* The stamp for TREE patched with the features in MASK (malloc'd): a record "apply-stamp"
 * (record.h) of the tree, the mask and a hash of the rules and texts; NULL when a rule cannot
 * be read. */
char *apply_stamp_text(const struct hb_ctx *ctx, const char *tree, unsigned mask);
/* Writes it to DIR/stamp: 0 or -1. */
int apply_stamp_write(const struct hb_ctx *ctx, const char *dir, const char *tree, unsigned mask);
/* Does DIR/stamp say DIR/patched is TREE with MASK under today's rules? */
bool apply_stamp_current(const struct hb_ctx *ctx, const char *dir, const char *tree,
			 unsigned mask);

/* Is the patched tree of kernel E's last apply (CACHE/work/NAME/patched) what apply would make
 * today with MASK from the pristine tree FETCHED records (same tree, features and rules)?
 * Says so when it is. */
bool apply_last_current(const struct hb_ctx *ctx, const struct kernel_entry *e,
			const struct fetch_record *fetched, unsigned mask);
/* The record of that last apply (apply.json) when its patched tree is current: 0 with *OUT
 * filled (apply_record_free), else -1. */
int apply_last_record(const struct hb_ctx *ctx, const struct kernel_entry *e,
		      const struct fetch_record *fetched, unsigned mask, struct apply_record *out);

#endif
