/* SPDX-License-Identifier: GPL-2.0-only */
/* The commands decide the order of the stages: a stage takes what an earlier one made and never
 * runs it itself. What `apply`, `build`, `test` and `fuzz` of one kernel need before their own
 * stage. */
#ifndef HB_STAGE_ORDER_H
#define HB_STAGE_ORDER_H

#include "apply_record.h"
#include "ctx.h"
#include "fetch.h"

#include <stdbool.h>

/* The record of kernel E's last fetch, read from the cache (fetch_record_of); the fetch stage
 * runs first only when there is none. Returns an hb_exit code; *REC filled when 0. */
int stage_order_fetch(const struct hb_ctx *ctx, const struct kernel_entry *e,
		      struct fetch_record *rec);
/* What apply found in kernel E (every feature of this run), into *OUT (apply_record_free) for
 * the stages after it: the last apply's record when it is what the next stage needs, else that
 * of an apply run now on the tree FETCHED records. For the patched flavour the last apply
 * must be current (its stamp says so); for the vanilla flavour (VANILLA) any record of it
 * will do, since it only says what vanilla lacks. Returns an hb_exit code. */
int stage_order_apply(struct hb_ctx *ctx, const struct kernel_entry *e,
		      const struct fetch_record *fetched, bool vanilla, struct apply_record *out);

#endif
