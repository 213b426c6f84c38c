/* SPDX-License-Identifier: GPL-2.0-only */
/* Where things are: the repo (cocci/, kernels.list, patches/), the cache, the kernels. */
#ifndef HB_CTX_H
#define HB_CTX_H

#include "kernels_list.h"

#include <stdbool.h>

struct hb_ctx {
	char *repo;          /* repo root: $BACKPORT_ROOT, else two levels above the binary */
	char *cache;         /* $BACKPORT_CACHE, else ~/.cache/hardening-backport */
	char *kernels_path;  /* $BACKPORT_KERNELS_LIST, else REPO/kernels.list */
	char *apt_etc;       /* $BACKPORT_APT_ETC, else /etc/apt: where the machine's sources are */
	struct kernel_list kernels;
	unsigned features;   /* the features this run applies and tests (mask over features[]), 0: all */
	int make_jobs;       /* make -jN of the builds, 0: one per CPU */
	bool reuse_apply;    /* run/matrix: keep the last apply when its stamp says it is current */
	long fuzz_seconds;   /* matrix: after each flavour's tests, trinity for this long (0: none) */
	const char *author;  /* --author "Name <mail>" of the series' patches; NULL: git config */
	bool signoff;        /* --signoff: each patch ends with the author's Signed-off-by: */
	bool cover_letter;   /* --cover-letter: the series also has 0000-cover-letter.patch */
	char *user_config;   /* --config FILE (absolute): builds start from it instead of
			      * tinyconfig, the test config merged in; NULL: tinyconfig */
	char *distro_flavour; /* --config debian:FLAVOUR: each kernel's build starts from
			       * Debian's own config of that flavour (fetched into
			       * user_config); NULL: none */
};

/* Fills ctx; returns an hb_exit code (0 ok) after printing what is wrong. */
int ctx_init(struct hb_ctx *ctx);
void ctx_free(struct hb_ctx *ctx);
/* The entry for NAME; prints "unknown kernel 'X' (known: ...)" and returns NULL otherwise. */
const struct kernel_entry *ctx_kernel(const struct hb_ctx *ctx, const char *name);
/* The kernel matching the host's Debian release (6.1 on bookworm), else the first listed. */
const struct kernel_entry *ctx_default_kernel(const struct hb_ctx *ctx);
/* The -j of a build: ctx->make_jobs, else the number of CPUs online. */
int ctx_make_jobs(const struct hb_ctx *ctx);

#endif
