/* SPDX-License-Identifier: GPL-2.0-only */
/* backport compile-check: every C file a feature's patch changed, compiled alone in the patched
 * tree under a config that builds nearly everything (allmodconfig, prepared once per tree and
 * kept in the cache), so that a change the test config does not build is still compiled. */
#ifndef HB_COMPILE_CHECK_H
#define HB_COMPILE_CHECK_H

#include "ctx.h"

/* The .c files that the patches of the series in SERIES_DIR change for the features in MASK
 * (a malloc'd NULL-terminated array of malloc'd relative paths; empty when there is no series). */
char **compile_check_files(const char *series_dir, unsigned mask);
/* Compiles every .c file the series of kernel E changes for the features in MASK in its patched
 * tree (see `backport compile-check --help`). Returns an hb_exit code. */
int compile_check_kernel(struct hb_ctx *ctx, const struct kernel_entry *e, unsigned mask);

#endif
