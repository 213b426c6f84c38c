// SPDX-License-Identifier: GPL-2.0-only
/* backport compile-check NAME [--features LIST]: the command over compile_check_kernel(). */
#include "commands.h"
#include "compile_check.h"
#include "exitcodes.h"
#include "feature_table.h"
#include "msg.h"

#include <getopt.h>
#include <stdio.h>

static void usage(FILE *f)
{
	fprintf(f, "usage: backport compile-check NAME [--features LIST]\n"
		   "Compiles alone, in kernel NAME's patched tree (from backport apply), every .c\n"
		   "file that the features' patches change (its series in CACHE/work/NAME/patches),\n"
		   "on allmodconfig with\n"
		   "-Werror=discarded-qualifiers -Werror=incompatible-pointer-types. The prepared\n"
		   "tree stays in CACHE/build/NAME/allmod for the next run.\n");
}

int cmd_compile_check(struct hb_ctx *ctx, int argc, char **argv)
{
	static const struct option opts[] = { { "features", required_argument, NULL, 'f' },
					      { "help", no_argument, NULL, 'h' },
					      { NULL, 0, NULL, 0 } };
	unsigned mask = (1u << features_count) - 1;
	char err[512];
	int c;
	optind = 1;
	while ((c = getopt_long(argc, argv, "h", opts, NULL)) != -1) {
		if (c == 'f' && features_select(optarg, &mask, err, sizeof(err)) != 0) {
			msg_error("%s", err);
			return HB_EXIT_USAGE;
		} else if (c != 'f') {
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
	return compile_check_kernel(ctx, e, mask);
}
