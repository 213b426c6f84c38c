/* SPDX-License-Identifier: GPL-2.0-only */
/* kernel-hardening-checker on a flavour that booted: its .config, and the command line and
 * sysctls the guest printed (console/sysctl_dump.h), in the tool's JSON mode; and the series the
 * patched flavour was built from, named by its patches' hashes. */
#ifndef HB_HARDENING_JUDGE_H
#define HB_HARDENING_JUDGE_H

#include "ctx.h"
#include "hardening_check.h"
#include "run_result.h"

/* Runs the tool on CONFIG with each dump of CONSOLE_LOG (the boot dump's verdicts in
 * out->boot, the others compared with it), its inputs and outputs kept in DIR (sysctl-LABEL.txt,
 * cmdline-LABEL.txt, hardening-checker-LABEL.json, hardening-checker.log). What kept it from
 * running goes to out->problem, said, and fails nothing: the verdicts judge defaults, the
 * guest's suites prove the hardenings. The tool is fetched once per process. */
void hardening_judge_flavour(const struct hb_ctx *ctx, const char *config,
			     const char *console_log, const char *dir, struct hc_flavour *out);
/* The series in CACHE/work/NAME/patches (its series file, in order): each patch's sha256 and
 * the patchset hash. 0, or -1 when it cannot be read (S then unknown). */
int run_series_read(const struct hb_ctx *ctx, const struct kernel_entry *e,
		    struct run_series *s);

#endif
