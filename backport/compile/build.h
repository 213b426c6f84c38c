/* SPDX-License-Identifier: GPL-2.0-only */
/* backport build: a kernel, vanilla or patched, out of tree with ccache, on the test config. */
#ifndef HB_BUILD_H
#define HB_BUILD_H

#include "apply_record.h"
#include "ctx.h"
#include "fetch.h"

#include <stdbool.h>

/* What to build, when it is not the test stage's kernel. */
struct build_request {
	bool vanilla;
	/* the config fragment merged into the start config, relative to the repo; NULL: the
	 * test config, test-initramfs/kernel.config */
	const char *fragment;
	/* a config fragment (an absolute path) merged into tinyconfig before FRAGMENT: a kernel
	 * made for its job instead of the user's config; NULL: the user's config (or, without
	 * one, tinyconfig alone) */
	const char *tiny;
	/* a module list (a name a line, as lsmod prints them): `make LSMOD=FILE localmodconfig`
	 * turns every other module of the start config off; NULL: none */
	const char *lsmod;
	/* make bindeb-pkg with this KDEB_PKGVERSION ("6.1.192-3+hardened1") after the build,
	 * instead of staging the modules and the test modules; NULL: no packages */
	const char *package_version;
	/* LOCALVERSION of every make ("-hardened": the release 6.1.192-hardened); NULL: none */
	const char *localversion;
};

struct build_output {
	char *dir;       /* CACHE/build/NAME/FLAVOUR */
	char *bzimage;   /* .../out/arch/x86/boot/bzImage */
	char *modules;   /* staging dir holding lib/modules/RELEASE */
	char *release;   /* `make kernelrelease` */
	char *log;
	char *problem;   /* when it did not build: "vanilla does not build with gcc 12: first
			  * error: ..." (for the run's stage line), else NULL */
	char *packages;  /* with package_version: the folder of the .deb files, else NULL */
	double seconds;
};

/* "program", "Debian package" pairs a build needs (for fetch_need_tools), NULL-terminated. */
extern const char *const build_tools[];

/* Builds NAME as FLAVOUR ("vanilla" from the pristine tree FETCHED records, "patched" from
 * the tree of the apply whose record is APPLIED, NULL for vanilla) on the test config. */
int build_kernel(struct hb_ctx *ctx, const struct kernel_entry *e,
		 const struct fetch_record *fetched, const struct apply_record *applied,
		 bool vanilla, struct build_output *out);
/* The same for REQ: another fragment, a module list, Debian packages. A build whose fragment or
 * module list is not the test stage's builds in a folder of its own. */
int build_kernel_request(struct hb_ctx *ctx, const struct kernel_entry *e,
			 const struct fetch_record *fetched, const struct apply_record *applied,
			 const struct build_request *req, struct build_output *out);
/* --config FILE of build, test, run and matrix: checks that FILE is a kernel config that can
 * prove the hardenings (user_config.h) and keeps its absolute path in ctx->user_config.
 * Returns an hb_exit code (2, with a message naming FILE and what is wrong). */
int build_set_user_config(struct hb_ctx *ctx, const char *file);
void build_output_free(struct build_output *out);

#endif
