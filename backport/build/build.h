/* SPDX-License-Identifier: GPL-2.0-only */
/* backport build: a kernel, vanilla or patched, out of tree with ccache, on the test config. */
#ifndef HB_BUILD_H
#define HB_BUILD_H

#include "ctx.h"

#include <stdbool.h>

struct build_output {
	char *dir;       /* CACHE/build/NAME/FLAVOUR */
	char *bzimage;   /* .../out/arch/x86/boot/bzImage */
	char *modules;   /* staging dir holding lib/modules/RELEASE */
	char *release;   /* `make kernelrelease` */
	char *log;
	char *problem;   /* when it did not build: "vanilla does not build with gcc 12: first
			  * error: ..." (for the run's stage line), else NULL */
	double seconds;
};

/* "program", "Debian package" pairs a build needs (for fetch_need_tools), NULL-terminated. */
extern const char *const build_tools[];

/* Builds NAME as FLAVOUR ("vanilla" from the pristine tree, "patched" from apply's tree). */
int build_kernel(struct hb_ctx *ctx, const struct kernel_entry *e, bool vanilla,
		 struct build_output *out);
/* --config FILE of build, test, run and matrix: checks that FILE is a kernel config that can
 * prove the hardenings (user_config.h) and keeps its absolute path in ctx->user_config.
 * Returns an hb_exit code (2, with a message naming FILE and what is wrong). */
int build_set_user_config(struct hb_ctx *ctx, const char *file);
void build_output_free(struct build_output *out);

#endif
