/* SPDX-License-Identifier: GPL-2.0-only */
/* The probe modules of test-initramfs/kmod/ (the guest's suites load them to see what the
 * kernel prints): copied next to a kernel build, converted by the semantic patches on the
 * patched flavour (like any file of the tree), built out of tree (make M=) and installed into
 * the build's module staging. */
#ifndef HB_PROBE_MODULES_H
#define HB_PROBE_MODULES_H

#include "ctx.h"

#include <stdbool.h>

/* DIR is CACHE/build/NAME/FLAVOUR; SRC, OUTDIR and STAGING the kernel build's. Returns an
 * hb_exit code; on failure the message names the log. */
int probe_modules_build(const struct hb_ctx *ctx, bool vanilla, const char *dir, const char *src,
			const char *outdir, const char *staging, const char *log, char **env);

#endif
