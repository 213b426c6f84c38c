/* SPDX-License-Identifier: GPL-2.0-only */
/* One fuzzing run: Dave Jones's trinity in the guest of a built kernel, as the unprivileged
 * user (the guest suite fuzz), then the console read for Oops, BUG, WARNING and panic. */
#ifndef HB_FUZZ_RUN_H
#define HB_FUZZ_RUN_H

#include "build.h"
#include "ctx.h"
#include "guest_boot.h"

#include <stdbool.h>

#define FUZZ_DEFAULT_SECONDS 60
#define FUZZ_DEFAULT_SEED 20101

/* Fuzzes the kernel B for SECONDS with SEED and fills OUT, printing a table row. Returns
 * HB_EXIT_OK when trinity ran, the console is clean and the guest powered off,
 * HB_EXIT_FAILED when not, HB_EXIT_ENV when it could not run. */
int fuzz_built(const struct hb_ctx *ctx, const struct kernel_entry *e, bool vanilla,
	       const struct build_output *b, long seconds, long seed, struct fuzz_result *out);
/* Did the run pass (trinity ran, console clean, powered off)? */
bool fuzz_result_ok(const struct fuzz_result *r);
/* fuzz_result_free: see guest_boot.h */

#endif
