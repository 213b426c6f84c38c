/* SPDX-License-Identifier: GPL-2.0-only */
/* backport system: the hardened kernel as a Debian package on a real Debian system. Debian
 * packages of the vanilla and the patched kernel (make bindeb-pkg) from the config a system runs
 * (Debian's own flavour by default), each installed into a Debian system made with mmdebstrap,
 * booted in QEMU four ways, and what a system does run there by the identities that do it. */
#ifndef HB_SYSTEM_RUN_H
#define HB_SYSTEM_RUN_H

#include "ctx.h"
#include "system_boot.h"

#include <stdbool.h>

/* The four boots, in the order they run. */
enum system_config {
	SYSCFG_VANILLA,         /* the vanilla package */
	SYSCFG_PATCHED_0,       /* the patched package, modules_restrict=0 on the command line */
	SYSCFG_PATCHED_1,       /* the patched package as it boots: its default, level 1 */
	SYSCFG_PATCHED_FIXED,   /* the same with the fixes of level 1's refusals, then level 2 */
	SYSCFG_COUNT
};

/* Boots with the fixes at most: a refusal can hide another (networkd makes no VLAN on a dummy
 * link it could not make), so a boot with the fixes that is refused something more gets the
 * module of that too, and boots again. */
#define SYSTEM_FIX_ROUNDS 3

/* "vanilla", "patched at 0", ... for tables. */
const char *system_config_label(enum system_config c);
/* "vanilla", "patched-0", "patched-1", "patched-fixed": folder and JSON names. */
const char *system_config_name(enum system_config c);

struct system_request {
	const char *kernel;     /* NAME of kernels.list */
	const char *modules;    /* --modules FILE (absolute): localmodconfig's list, or NULL */
	const char *tiny;       /* --tiny FILE (absolute): tinyconfig with FILE, or NULL */
	bool refresh;           /* make the base image again */
};

struct system_run {
	char *kernel;
	char *suite;            /* the Debian suite of the system */
	char *version;          /* the Debian version of the source ("6.1.192-3") */
	char *config;           /* what the kernels were configured from, for the reports */
	char *dir;              /* CACHE/system/NAME/TAG: the images, boots and reports */
	char *packages[2];      /* vanilla, patched: the folders of the .deb files */
	char *package_names[2]; /* the linux-image .deb of each */
	char *release[2];
	struct system_boot boots[SYSCFG_COUNT]; /* the boot with the fixes: its last round */
	struct system_boot fix_rounds[SYSTEM_FIX_ROUNDS - 1]; /* its rounds before the last */
	int n_fix_rounds;
	char *fixes;            /* the modules-load.d lines level 1's refusals asked for */
	double seconds;
};

/* Runs the whole system stage on one kernel; R gets everything (system_run_free). Returns an
 * hb_exit code: 0 when every expectation held (system_verdict.h), 1 when one did not, 2 or 3
 * when the stage could not run (a bad input, a tool or the archive). */
int system_run(struct hb_ctx *ctx, const struct system_request *req, struct system_run *r);
void system_run_free(struct system_run *r);

#endif
