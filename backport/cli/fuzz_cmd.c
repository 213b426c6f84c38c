// SPDX-License-Identifier: GPL-2.0-only
/* backport fuzz NAME [--seconds N] [--seed S] [--vanilla]: Dave Jones's trinity in the guest,
 * as the unprivileged user, then the console read for Oops, BUG, WARNING and panic. */
#include "build.h"
#include "commands.h"
#include "exitcodes.h"
#include "fuzz_run.h"
#include "guest_run.h"
#include "kbuild_make.h"
#include "stage_order.h"
#include "lock.h"
#include "msg.h"

#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void usage(FILE *f)
{
	fprintf(f, "usage: backport fuzz NAME [--seconds N] [--seed S] [--vanilla]\n"
		   "Boots kernel NAME (patched, or vanilla) with Debian's trinity in the initramfs\n"
		   "and runs it as the unprivileged user for N seconds (default %d) with the random\n"
		   "seed S (default %d, printed for replay); then checks that the guest still\n"
		   "works and powers off, and that the console shows no Oops, BUG, WARNING or\n"
		   "panic. The console log is CACHE/build/NAME/FLAVOUR/fuzz-DATE-TIME-console.log.\n",
		FUZZ_DEFAULT_SECONDS, FUZZ_DEFAULT_SEED);
}

static int fuzz_kernel(struct hb_ctx *ctx, const struct kernel_entry *e, bool vanilla,
		       long seconds, long seed)
{
	struct build_output b = { 0 };
	struct fetch_record fetched;
	struct apply_record applied = { 0 };
	int rc = stage_order_fetch(ctx, e, &fetched);
	if (rc == HB_EXIT_OK && !vanilla)
		rc = stage_order_apply(ctx, e, &fetched, false, &applied);
	if (rc == HB_EXIT_OK)
		rc = build_kernel(ctx, e, &fetched, vanilla ? NULL : &applied, vanilla, &b);
	apply_record_free(&applied);
	if (rc == HB_EXIT_OK) {
		struct fuzz_result r;
		rc = fuzz_built(ctx, e, vanilla, &b, seconds, seed, &r);
		fuzz_result_free(&r);
	}
	build_output_free(&b);
	return rc;
}

int cmd_fuzz(struct hb_ctx *ctx, int argc, char **argv)
{
	static const struct option opts[] = { { "seconds", required_argument, NULL, 's' },
					      { "seed", required_argument, NULL, 'S' },
					      { "vanilla", no_argument, NULL, 'v' },
					      { "help", no_argument, NULL, 'h' },
					      { NULL, 0, NULL, 0 } };
	long seconds = FUZZ_DEFAULT_SECONDS, seed = FUZZ_DEFAULT_SEED;
	bool vanilla = false;
	int c;
	optind = 1;
	while ((c = getopt_long(argc, argv, "h", opts, NULL)) != -1) {
		char *end = NULL;
		if (c == 's' || c == 'S') {
			long v = strtol(optarg, &end, 10);
			if (!*optarg || *end || v < (c == 's' ? 1 : 0) || v > 86400L * 365) {
				msg_error("--%s wants a %s number, not '%s'",
					  c == 's' ? "seconds" : "seed",
					  c == 's' ? "positive" : "non-negative", optarg);
				return HB_EXIT_USAGE;
			}
			*(c == 's' ? &seconds : &seed) = v;
		} else if (c == 'v') {
			vanilla = true;
		} else {
			usage(c == 'h' ? stdout : stderr);
			return c == 'h' ? HB_EXIT_OK : HB_EXIT_USAGE;
		}
	}
	if (optind != argc - 1) {
		usage(stderr);
		return HB_EXIT_USAGE;
	}
	const struct kernel_entry *e = ctx_kernel(ctx, argv[optind]);
	if (!e)
		return HB_EXIT_USAGE;
	int rc = guest_run_check(ctx);
	if (rc)
		return rc;
	int lock = kbuild_lock(ctx, e);
	rc = fuzz_kernel(ctx, e, vanilla, seconds, seed);
	lock_release(lock);
	return rc;
}
