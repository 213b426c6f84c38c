// SPDX-License-Identifier: GPL-2.0-only
/* backport report merge DIR_OR_FILES... [--out DIR]: the matrix reports over per-kernel results
 * that separate runs (CI jobs, one kernel each) wrote; backport report kcidb DIR_OR_FILES...
 * [--origin NAME] [--out FILE]: the same results as a KCIDB submission. */
#include "commands.h"
#include "exitcodes.h"
#include "msg.h"
#include "fsutil.h"
#include "json_util.h"
#include "report.h"
#include "report_kcidb.h"
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
		   "2 when an input cannot be read.\n"
		   "\n"
		   "usage: backport report kcidb DIR_OR_FILE... [--origin NAME] [--out FILE]\n"
		   "The same per-kernel results as one KCIDB submission (schema v%d.%d): per kernel\n"
		   "vanilla and patched as two checkouts of the same source (the patched one with\n"
		   "the series' patchset_hash), a build of each and its tests (boot, the guest's\n"
		   "suites, the kernel's KUnit and kselftest cases, kernel-hardening-checker).\n"
		   "Ids are NAME:RUN:KERNEL:... (--origin: [a-z0-9_]+, default %s). To FILE, or\n"
		   "standard output; kcidb-submit sends it. Exit 0, or 2 when an input cannot be read.\n",
		KCIDB_MAJOR, KCIDB_MINOR, KCIDB_ORIGIN_DEFAULT);
}

/* The per-kernel results named by ARGV from optind on, for `report CMD`: an hb_exit code. */
static int load_results(const char *cmd, int argc, char **argv, struct run_result **results,
			size_t *n)
{
	if (optind >= argc) {
		msg_error("report %s: name at least one folder or file of per-kernel results", cmd);
		usage(stderr);
		return HB_EXIT_USAGE;
	}
	char err[1024];
	if (report_load(argv + optind, (size_t)(argc - optind), results, n, err, sizeof(err))) {
		msg_error("%s", err);
		return HB_EXIT_USAGE;
	}
	return HB_EXIT_OK;
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
	struct run_result *results;
	size_t n;
	int loaded = load_results("merge", argc, argv, &results, &n);
	if (loaded != HB_EXIT_OK)
		return loaded;
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

static int kcidb(int argc, char **argv)
{
	static const struct option opts[] = { { "origin", required_argument, NULL, 'O' },
					      { "out", required_argument, NULL, 'o' },
					      { "help", no_argument, NULL, 'h' },
					      { NULL, 0, NULL, 0 } };
	const char *out = NULL, *origin = KCIDB_ORIGIN_DEFAULT;
	int c;
	optind = 1;
	while ((c = getopt_long(argc, argv, "h", opts, NULL)) != -1) {
		if (c == 'o') {
			out = optarg;
		} else if (c == 'O') {
			origin = optarg;
		} else {
			usage(c == 'h' ? stdout : stderr);
			return c == 'h' ? HB_EXIT_OK : HB_EXIT_USAGE;
		}
	}
	if (!kcidb_origin_ok(origin)) {
		msg_error("report kcidb: --origin '%s': KCIDB takes lowercase letters, digits and "
			  "'_' only", origin);
		return HB_EXIT_USAGE;
	}
	struct run_result *results;
	size_t n;
	int loaded = load_results("kcidb", argc, argv, &results, &n);
	if (loaded != HB_EXIT_OK)
		return loaded;
	report_sort(results, n);
	json_t *v = report_kcidb(results, n, origin);
	char *text = NULL;
	size_t len = 0;
	FILE *mem = open_memstream(&text, &len);
	int rc = !mem || hb_json_write(mem, v) != 0;
	rc |= mem && fclose(mem) != 0;
	if (!rc && out)
		rc = fs_write_file_atomic(out, text, len) != 0;
	else if (!rc)
		rc = fwrite(text, 1, len, stdout) != len;
	if (rc)
		msg_error("report kcidb: cannot write %s: %m", out ? out : "standard output");
	else if (out)
		msg_info("KCIDB submission: %zu checkouts, %zu builds, %zu tests of %zu kernel%s: %s",
			 json_array_size(json_object_get(v, "checkouts")),
			 json_array_size(json_object_get(v, "builds")),
			 json_array_size(json_object_get(v, "tests")), n, n == 1 ? "" : "s", out);
	json_decref(v);
	free(text);
	report_results_free(results, n);
	return rc ? HB_EXIT_ENV : HB_EXIT_OK;
}

int cmd_report(struct hb_ctx *ctx, int argc, char **argv)
{
	if (argc >= 2 && strcmp(argv[1], "merge") == 0)
		return merge(ctx, argc - 1, argv + 1);
	if (argc >= 2 && strcmp(argv[1], "kcidb") == 0)
		return kcidb(argc - 1, argv + 1);
	bool help = argc >= 2 && (!strcmp(argv[1], "--help") || !strcmp(argv[1], "-h"));
	if (!help)
		msg_error(argc >= 2 ? "report: unknown subcommand '%s'" : "report: name a subcommand%s",
			  argc >= 2 ? argv[1] : "");
	usage(help ? stdout : stderr);
	return help ? HB_EXIT_OK : HB_EXIT_USAGE;
}
