// SPDX-License-Identifier: GPL-2.0-only
/* backport report merge DIR_OR_FILES... [--out DIR]: the matrix reports over per-kernel results
 * that separate runs (CI jobs, one kernel each) wrote. */
#include "commands.h"
#include "exitcodes.h"
#include "msg.h"
#include "report.h"
#include "report_dir.h"
#include "report_load.h"

#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void usage(FILE *f)
{
	fprintf(f, "usage: backport report merge DIR_OR_FILE... [--out DIR]\n"
		   "Reads per-kernel results (every kernels/NAME.json under each DIR, or the files\n"
		   "named: NAME.json or a matrix.json) and writes matrix.md, matrix.json, junit.xml\n"
		   "and kernels/NAME.json to DIR (default CACHE/reports/merge-TIMESTAMP/, with\n"
		   "CACHE/reports/latest pointing there). A kernel found in two runs: the one that\n"
		   "finished last is kept. Exit: the worst kernel's code (0 ok, 1 failed, 3 broken),\n"
		   "2 when an input cannot be read.\n");
}

static int merge(struct hb_ctx *ctx, int argc, char **argv)
{
	static const struct option opts[] = { { "out", required_argument, NULL, 'o' },
					      { "help", no_argument, NULL, 'h' },
					      { NULL, 0, NULL, 0 } };
	const char *out = NULL;
	int c;
	optind = 1;
	while ((c = getopt_long(argc, argv, "h", opts, NULL)) != -1) {
		if (c == 'o') {
			out = optarg;
		} else {
			usage(c == 'h' ? stdout : stderr);
			return c == 'h' ? HB_EXIT_OK : HB_EXIT_USAGE;
		}
	}
	if (optind >= argc) {
		msg_error("report merge: name at least one folder or file of per-kernel results");
		usage(stderr);
		return HB_EXIT_USAGE;
	}
	struct run_result *results;
	size_t n;
	char err[1024];
	if (report_load(argv + optind, (size_t)(argc - optind), &results, &n, err, sizeof(err))) {
		msg_error("%s", err);
		return HB_EXIT_USAGE;
	}
	char *id = NULL;
	char *dir = out ? (report_dir_make(out) == 0 ? strdup(out) : NULL)
			: report_dir_new(ctx, "merge", &id);
	int rc = HB_EXIT_ENV;
	if (dir) {
		report_sort(results, n);
		if (report_write_all(dir, results, n) == 0) {
			rc = report_exit_code(results, n);
			if (!out)
				report_dir_link_latest(ctx, dir);
			printf("merged %zu kernel%s:\n  %s/matrix.md\n  %s/matrix.json\n  %s/junit.xml\n",
			       n, n == 1 ? "" : "s", dir, dir, dir);
		}
	}
	report_results_free(results, n);
	free(dir);
	free(id);
	return rc;
}

int cmd_report(struct hb_ctx *ctx, int argc, char **argv)
{
	if (argc >= 2 && strcmp(argv[1], "merge") == 0)
		return merge(ctx, argc - 1, argv + 1);
	bool help = argc >= 2 && (!strcmp(argv[1], "--help") || !strcmp(argv[1], "-h"));
	if (!help)
		msg_error(argc >= 2 ? "report: unknown subcommand '%s'" : "report: name a subcommand%s",
			  argc >= 2 ? argv[1] : "");
	usage(help ? stdout : stderr);
	return help ? HB_EXIT_OK : HB_EXIT_USAGE;
}
