/* SPDX-License-Identifier: GPL-2.0-only */
/* kernel-hardening-checker, the tool that judges a kernel's .config, command line and sysctls
 * against KSPP's, CLIP OS's, grsecurity's and its author's recommendations: Debian's package,
 * fetched as the kernels' sources are (the private apt configuration of HC_SUITE), unpacked
 * into CACHE/tools/kernel-hardening-checker/VERSION and run with the machine's python3. */
#ifndef HB_HARDENING_CHECKER_H
#define HB_HARDENING_CHECKER_H

#include "ctx.h"

#include <stdbool.h>
#include <stddef.h>

#define HC_PACKAGE "kernel-hardening-checker"
/* The suite that serves it (trixie-backports has the same version as ~bpo13+1). */
#define HC_SUITE "sid"
/* The version this driver was tested with: its JSON (-m json) and check names. */
#define HC_TESTED_VERSION "0.6.17.1-3"

struct hc_tool {
	char version[64];   /* the Debian version unpacked, "0.6.17.1-3" */
	char source[160];   /* what and where from: "kernel-hardening-checker 0.6.17.1-3 (Debian sid)" */
	char *pythonpath;   /* ROOT/usr/lib/python3/dist-packages (malloc'd) */
	bool tested;        /* version is HC_TESTED_VERSION */
};

/* The newest version HC_SUITE serves, in the cache already or downloaded and unpacked; when
 * the suite cannot be asked (no network), the newest one unpacked before, with a warning. A
 * version other than HC_TESTED_VERSION is taken and said. An hb_exit code. */
int hc_tool_fetch(const struct hb_ctx *ctx, struct hc_tool *t);
void hc_tool_free(struct hc_tool *t);
/* The command that runs it: python3 -I -c ... PYTHONPATH ARGS (argv, NULL-terminated, the
 * strings not copied; free the array alone). */
char **hc_tool_argv(const struct hc_tool *t, char *const *args);
/* Debian's version compared: <0, 0, >0 (dpkg --compare-versions' order for the versions this
 * package has: digits compared as numbers, '~' before anything). */
int hc_version_cmp(const char *a, const char *b);

#endif
