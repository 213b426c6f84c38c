/* SPDX-License-Identifier: GPL-2.0-only */
/* The hb.* options /init reads from /proc/cmdline (dotted options are not
 * passed to init's argv or environment by the kernel). */
#ifndef HB_CMDLINE_H
#define HB_CMDLINE_H

#define HB_DEFAULT_SUITE_TIMEOUT_S 600

struct hb_opts {
	char only[256];		/* hb.only=a,b: run only these suites ("" = all) */
	char skip[256];		/* hb.skip=a,b: do not run these suites */
	unsigned timeout_s;	/* hb.timeout=SECONDS per suite */
	int loglevel;		/* hb.loglevel=N: console loglevel, -1 = leave */
	int shell;		/* hb.shell: /bin/sh on the console before reboot */
};

/* Fills OPTS from CMDLINE; unknown hb.* words are reported as diagnostics. */
void hb_opts_parse(const char *cmdline, struct hb_opts *opts);

/* 1 if NAME is in the comma-separated LIST. */
int hb_list_has(const char *list, const char *name);

#endif
