/* SPDX-License-Identifier: GPL-2.0-only */
/* The commands decide the order of the stages: a stage reads what an earlier one wrote and never
 * runs it itself. What `build`, `test` and `fuzz` of one kernel need before their own stage. */
#ifndef HB_STAGE_ORDER_H
#define HB_STAGE_ORDER_H

#include "ctx.h"

#include <stdbool.h>

/* Applies kernel E (every feature of this run) unless what the next stage needs is there:
 * for the patched flavour a current patched tree (this run applied it, or its stamp says the
 * last apply is current); for the vanilla flavour (VANILLA) what apply found, which says what
 * vanilla lacks. Returns an hb_exit code. */
int stage_order_apply(struct hb_ctx *ctx, const struct kernel_entry *e, bool vanilla);

#endif
