// SPDX-License-Identifier: GPL-2.0-only
/* backport test NAME [--vanilla]: boot a built kernel in QEMU and judge the guest's suites
 * (the command over guest_run). */
#include "commands.h"
#include "build.h"
#include "common_opts.h"
#include "exitcodes.h"
#include "guest_run.h"
#include "kbuild_make.h"
#include "lock.h"
#include "run_kernel.h"
#include "stage_order.h"

#include <getopt.h>
#include <stdbool.h>
#include <stdio.h>
#include <string.h>

int cmd_test(struct hb_ctx *ctx, int argc, char **argv)
{
	static const struct option opts[] = { { "vanilla", no_argument, NULL, 'v' },
					      { "append", required_argument, NULL, 'a' },
					      COMMON_OPTS_BUILD_TABLE,
					      { "help", no_argument, NULL, 'h' },
					      { NULL, 0, NULL, 0 } };
	bool vanilla = false;
	const char *append = NULL;
	int c;
	optind = 1;
	while ((c = getopt_long(argc, argv, "h", opts, NULL)) != -1) {
		int rc;
		if (common_opts_take(ctx, c, optarg, &rc)) {
			if (rc)
				return rc;
		} else if (c == 'v') {
			vanilla = true;
		} else if (c == 'a') {
			append = optarg;
		} else {
			FILE *f = c == 'h' ? stdout : stderr;
			fprintf(f, "usage: backport test NAME [--vanilla] [--append ARGS] [--config FILE]\n"
				   "Builds kernel NAME (patched, or vanilla), boots it in QEMU with the test\n"
				   "initramfs and judges the guest's KTAP results. On vanilla, the tests of a\n"
				   "feature it lacks are expected to fail and are reported as expected.\n"
				   "  --append ARGS   more kernel command-line arguments (e.g. hb.only=smoke)\n"
				   "  --config FILE   the kernel built from FILE, as build --config\n");
			return c == 'h' ? HB_EXIT_OK : HB_EXIT_USAGE;
		}
	}
	if (optind != argc - 1) {
		fprintf(stderr, "usage: backport test NAME [--vanilla]\n");
		return HB_EXIT_USAGE;
	}
	const struct kernel_entry *e = ctx_kernel(ctx, argv[optind]);
	if (!e)
		return HB_EXIT_USAGE;
	int rc = run_need_tools();
	if (rc)
		return rc;
	int lock = kbuild_lock(ctx, e);
	struct guest_run_result r = { 0 };
	struct build_output b = { 0 };
	struct fetch_record fetched;
	struct apply_record applied = { 0 };
	rc = guest_run_check(ctx);
	if (rc == HB_EXIT_OK)
		rc = stage_order_fetch(ctx, e, &fetched);
	if (rc == HB_EXIT_OK)
		rc = stage_order_apply(ctx, e, &fetched, vanilla, &applied);
	if (rc == HB_EXIT_OK)
		rc = build_kernel(ctx, e, &fetched, &applied, vanilla, &b);
	if (rc == HB_EXIT_OK)
		rc = guest_run_built(ctx, e, &fetched, &applied, vanilla, &b, append, &r);
	apply_record_free(&applied);
	build_output_free(&b);
	lock_release(lock);
	guest_run_result_free(&r);
	return rc;
}
