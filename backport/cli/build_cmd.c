// SPDX-License-Identifier: GPL-2.0-only
/* backport build NAME [--vanilla]: the command over build_kernel(). */
#include "build.h"
#include "commands.h"
#include "common_opts.h"
#include "exitcodes.h"
#include "fetch.h"
#include "kbuild_make.h"
#include "lock.h"
#include "stage_order.h"

#include <getopt.h>
#include <stdbool.h>
#include <stdio.h>

int cmd_build(struct hb_ctx *ctx, int argc, char **argv)
{
	static const struct option opts[] = { { "vanilla", no_argument, NULL, 'v' },
					      COMMON_OPTS_BUILD_TABLE,
					      { "help", no_argument, NULL, 'h' },
					      { NULL, 0, NULL, 0 } };
	bool vanilla = false;
	int c;
	optind = 1;
	while ((c = getopt_long(argc, argv, "h", opts, NULL)) != -1) {
		int rc;
		if (common_opts_take(ctx, c, optarg, &rc)) {
			if (rc)
				return rc;
		} else if (c == 'v') {
			vanilla = true;
		} else {
			FILE *f = c == 'h' ? stdout : stderr;
			fprintf(f, "usage: backport build NAME [--vanilla] [--config FILE]\n"
				   "Builds the patched (default) or vanilla kernel NAME on tinyconfig plus\n"
				   "test-initramfs/kernel.config, out of tree in the cache, with ccache.\n"
				   "  --config FILE  start from FILE (your kernel's .config, such as\n"
				   "                 /boot/config-$(uname -r)) instead of tinyconfig: the\n"
				   "                 options the tests need are added (the build says which)\n"
				   "                 and it builds in CACHE/build/NAME/config-HASH;\n"
				   "                 debian:FLAVOUR (debian:cloud-amd64) is Debian's own\n"
				   "                 config of that flavour for the kernel, fetched from\n"
				   "                 linux-config-X.Y of the source's version\n");
			return c == 'h' ? HB_EXIT_OK : HB_EXIT_USAGE;
		}
	}
	if (optind != argc - 1) {
		fprintf(stderr, "usage: backport build NAME [--vanilla] [--config FILE]\n");
		return HB_EXIT_USAGE;
	}
	const struct kernel_entry *e = ctx_kernel(ctx, argv[optind]);
	if (!e)
		return HB_EXIT_USAGE;
	int rc = fetch_need_tools(build_tools);
	if (rc)
		return rc;
	int lock = kbuild_lock(ctx, e);
	struct build_output out = { 0 };
	struct fetch_record fetched;
	struct apply_record applied = { 0 };
	rc = stage_order_fetch(ctx, e, &fetched);
	if (rc == HB_EXIT_OK && !vanilla)
		rc = stage_order_apply(ctx, e, &fetched, false, &applied);
	if (rc == HB_EXIT_OK)
		rc = build_kernel(ctx, e, &fetched, vanilla ? NULL : &applied, vanilla, &out);
	lock_release(lock);
	apply_record_free(&applied);
	build_output_free(&out);
	return rc;
}
