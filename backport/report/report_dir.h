/* SPDX-License-Identifier: GPL-2.0-only */
/* Where reports go: CACHE/reports/PREFIX-TIMESTAMP/, and CACHE/reports/latest pointing at the
 * newest. */
#ifndef HB_REPORT_DIR_H
#define HB_REPORT_DIR_H

#include "ctx.h"

/* Creates CACHE/reports/PREFIX-YYYYMMDD-HHMMSS (with -2, -3 ... when that is taken). Returns
 * its malloc'd path and its name in *id (malloc'd), or NULL after saying why. */
char *report_dir_new(const struct hb_ctx *ctx, const char *prefix, char **id);
/* Creates DIR (and its parents) for --out; 0, or -1 after saying why. */
int report_dir_make(const char *dir);
/* Points CACHE/reports/latest at DIR (a relative link, replaced atomically); 0 or -1. */
int report_dir_link_latest(const struct hb_ctx *ctx, const char *dir);

#endif
