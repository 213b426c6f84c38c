// SPDX-License-Identifier: GPL-2.0-only
/* backport system [NAME] [--config FILE|debian:FLAVOUR|--tiny FILE] [--modules FILE] [--refresh]: the
 * hardened kernel as a Debian package on a real Debian system (system_run.h). */
#include "build.h"
#include "commands.h"
#include "common_opts.h"
#include "exitcodes.h"
#include "fetch.h"
#include "fsutil.h"
#include "msg.h"
#include "system_run.h"

#include <getopt.h>
#include <limits.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>

/* What the system stage runs besides a kernel build: "program", "Debian package" pairs. */
static const char *const system_tools[] = { "mmdebstrap", "mmdebstrap", "mkfs.ext4", "e2fsprogs",
					    "dpkg-buildpackage", "dpkg-dev", "tar", "tar",
					    "qemu-system-x86_64", "qemu-system-x86", NULL };

static int usage(FILE *f, int rc)
{
	fprintf(f,
		"usage: backport system [NAME] [--config FILE|debian:FLAVOUR|--tiny FILE]\n"
		"                       [--modules FILE] [--refresh]\n"
		"The hardened kernel as a Debian package on a real Debian system: Debian packages\n"
		"of the vanilla and the patched kernel (make bindeb-pkg; the patched one boots at\n"
		"the defaults of test-system/package.config), each installed with apt-get into a\n"
		"Debian system of the kernel's suite made with mmdebstrap, booted in QEMU as\n"
		"vanilla, patched at modules_restrict=0, at its default 1, and at 1 with the\n"
		"fixes of what 1 refused (then 2); in each, what a system does, run by the\n"
		"identity that does it. Ends with the table and docs/deploying.md's part.\n"
		"  --config FILE|debian:FLAVOUR  what the packages are configured from\n"
		"                 (default debian:cloud-amd64)\n"
		"  --tiny FILE    tinyconfig with the config fragment FILE instead: a kernel\n"
		"                 made for the stage (test-system/kernel.config: what make\n"
		"                 check boots)\n"
		"  --modules FILE only the modules FILE lists (a name a line, as lsmod prints\n"
		"                 them: make localmodconfig), for a quicker build\n"
		"  --refresh      make the Debian system again (it is kept per suite and package\n"
		"                 list in CACHE/system/base)\n");
	return rc;
}

int cmd_system(struct hb_ctx *ctx, int argc, char **argv)
{
	static const struct option opts[] = { COMMON_OPTS_BUILD_TABLE,
					      { "modules", required_argument, NULL, 'm' },
					      { "refresh", no_argument, NULL, 'r' },
					      { "tiny", required_argument, NULL, 't' },
					      { "help", no_argument, NULL, 'h' },
					      { NULL, 0, NULL, 0 } };
	struct system_request req = { 0 };
	char modules[PATH_MAX], tiny[PATH_MAX];
	int c;
	optind = 1;
	while ((c = getopt_long(argc, argv, "h", opts, NULL)) != -1) {
		int rc;
		if (common_opts_take(ctx, c, optarg, &rc)) {
			if (rc)
				return rc;
		} else if (c == 'm') {
			if (!realpath(optarg, modules) || !fs_exists(modules)) {
				msg_error("--modules %s: no such file", optarg);
				return HB_EXIT_USAGE;
			}
			req.modules = modules;
		} else if (c == 't') {
			if (!realpath(optarg, tiny) || !fs_exists(tiny)) {
				msg_error("--tiny %s: no such file", optarg);
				return HB_EXIT_USAGE;
			}
			req.tiny = tiny;
		} else if (c == 'r') {
			req.refresh = true;
		} else {
			return usage(c == 'h' ? stdout : stderr, c == 'h' ? HB_EXIT_OK : HB_EXIT_USAGE);
		}
	}
	if (argc - optind > 1)
		return usage(stderr, HB_EXIT_USAGE);
	req.kernel = optind < argc ? argv[optind] : NULL;
	int rc = fetch_need_tools(build_tools);
	if (!rc)
		rc = fetch_need_tools(system_tools);
	if (rc)
		return rc;
	struct system_run r;
	rc = system_run(ctx, &req, &r);
	system_run_free(&r);
	return rc;
}
