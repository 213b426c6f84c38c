// SPDX-License-Identifier: GPL-2.0-only
/* backport apply NAME|PATH [--features LIST] [--report] | PATH --rollback|--resume: the
 * command over apply_kernel(), apply_path() and apply_report(). */
#include "apply.h"
#include "apply_series.h"
#include "apply_path_write.h"
#include "commands.h"
#include "common_opts.h"
#include "exitcodes.h"
#include "feature_table.h"
#include "fetch.h"
#include "fsutil.h"
#include "mbox_patch.h"
#include "msg.h"
#include "stage_order.h"

#include <getopt.h>
#include <stdbool.h>
#include <stdio.h>
#include <string.h>

static void apply_usage(FILE *f)
{
	fprintf(f,
		"usage: backport apply NAME|PATH [--features LIST] [--report]\n"
		"                      [--author 'Name <mail>'] [--signoff] [--cover-letter]\n"
		"       backport apply PATH --rollback|--resume\n"
		"Runs the semantic patches (all by default) over a fresh copy of kernel NAME's\n"
		"pristine tree and writes its series to CACHE/work/NAME/patches/ (the repo's\n"
		"patches/NAME is written only by `make patches`), or over the kernel tree at PATH\n"
		"(changed in place, all or nothing; its series goes to the cache). The changed\n"
		"files are staged beside their targets, checked, and only then renamed in; a\n"
		"file edited since the rules read it is refused (exit 2, nothing written).\n"
		"spatch gives up a file after BACKPORT_SPATCH_TIMEOUT seconds (default 120;\n"
		"0: none) and apply names it: \"not examined: N files timed out after T s\".\n"
		"  --features LIST   comma-separated subset of the features\n"
		"  --report          change nothing; print per feature what it would do\n"
		"  --author 'N <m>'  the patches' From: (default: git config user.name and\n"
		"                    user.email of the repo, else " MBOX_PLACEHOLDER_AUTHOR ")\n"
		"  --signoff         end each patch's message with the author's Signed-off-by:\n"
		"  --cover-letter    also write 0000-cover-letter.patch ([PATCH 0/N], not in series)\n"
		"  --rollback        after a write into PATH was interrupted: put every original\n"
		"                    back (apply refuses PATH until this or --resume ran)\n"
		"  --resume          after a write into PATH was interrupted: finish it\n");
}

int cmd_apply(struct hb_ctx *ctx, int argc, char **argv)
{
	static const struct option opts[] = { { "features", required_argument, NULL, 'f' },
					      { "report", no_argument, NULL, 'r' },
					      COMMON_OPTS_SERIES_TABLE,
					      { "rollback", no_argument, NULL, 'B' },
					      { "resume", no_argument, NULL, 'U' },
					      { "help", no_argument, NULL, 'h' },
					      { NULL, 0, NULL, 0 } };
	unsigned mask = (1u << features_count) - 1;
	bool report = false, features_given = false, rollback = false, resume = false;
	bool series_given = false;
	int c;
	char err[512];
	optind = 1;
	while ((c = getopt_long(argc, argv, "h", opts, NULL)) != -1) {
		int rc;
		if (common_opts_take(ctx, c, optarg, &rc)) {
			if (rc)
				return rc;
			series_given = true;
		} else if (c == 'f') {
			if (features_select(optarg, &mask, err, sizeof(err)) != 0) {
				msg_error("%s", err);
				return HB_EXIT_USAGE;
			}
			features_given = true;
		} else if (c == 'r') {
			report = true;
		} else if (c == 'B' || c == 'U') {
			rollback = rollback || c == 'B';
			resume = resume || c == 'U';
		} else if (c == 'h') {
			apply_usage(stdout);
			return HB_EXIT_OK;
		} else {
			apply_usage(stderr);
			return HB_EXIT_USAGE;
		}
	}
	if (optind != argc - 1 ||
	    ((rollback || resume) && (report || features_given || series_given)) ||
	    (rollback && resume)) {
		apply_usage(stderr);
		return HB_EXIT_USAGE;
	}
	if (rollback || resume) {
		if (kernels_list_find(&ctx->kernels, argv[optind])) {
			msg_error("--rollback and --resume are for a tree given by path, not a kernel "
				  "of kernels.list");
			return HB_EXIT_USAGE;
		}
		return apply_path_recover(ctx, argv[optind], resume);
	}
	static const char *const tools[] = { "spatch", "coccinelle", "patch", "patch",
					     "diff", "diffutils", NULL };
	int rc = fetch_need_tools(tools);
	if (rc)
		return rc;
	const char *target = argv[optind];
	const struct kernel_entry *e = kernels_list_find(&ctx->kernels, target);
	if (!e && !strchr(target, '/') && !fs_is_dir(target)) {
		ctx_kernel(ctx, target); /* prints the known names */
		return HB_EXIT_USAGE;
	}
	if (!e)
		return report ? apply_report(ctx, NULL, NULL, target, mask)
			      : apply_path(ctx, target, mask);
	struct fetch_record fetched;
	if ((rc = stage_order_fetch(ctx, e, &fetched)))
		return rc;
	return report ? apply_report(ctx, e, &fetched, target, mask)
		      : apply_kernel(ctx, e, &fetched, mask, NULL);
}
