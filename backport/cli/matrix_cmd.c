// SPDX-License-Identifier: GPL-2.0-only
/* backport matrix: the whole job on every kernel (or those named), then the reports. */
#include "build.h"
#include "clock_text.h"
#include "commands.h"
#include "exitcodes.h"
#include "fsutil.h"
#include "matrix_args.h"
#include "matrix_run.h"
#include "msg.h"
#include "report.h"
#include "report_dir.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static void usage(FILE *f)
{
	fprintf(f, "usage: backport matrix [--kernels A,B] [--features LIST] [-j N] [--out DIR]\n"
		   "                      [--reuse-apply] [--fuzz SECONDS] [--config FILE]\n"
		   "                      [--author 'Name <mail>'] [--signoff] [--cover-letter]\n"
		   "The whole job (fetch, apply, build and test vanilla and patched) on every kernel\n"
		   "of kernels.list, or on those named; one kernel failing does not stop the others.\n"
		   "Writes matrix.md, matrix.json, junit.xml and kernels/NAME.json to\n"
		   "CACHE/reports/matrix-TIMESTAMP/ (CACHE/reports/latest points there).\n"
		   "  --kernels A,B     only these kernels\n"
		   "  --features LIST   apply and test only these features (their series in\n"
		   "                    CACHE/work/NAME/patches, as `apply --features` writes it)\n"
		   "  -j N              up to N kernels at once, each in its own process and log,\n"
		   "                    the CPUs split between their builds (default 1)\n"
		   "  --out DIR         write the reports to DIR instead\n"
		   "  --config FILE     build every kernel from FILE (a kernel .config) with the\n"
		   "                    options the tests need added, as build --config;\n"
		   "                    debian:FLAVOUR: each kernel's own Debian config\n"
		   "  --reuse-apply     keep a kernel's last apply (its patched tree, its apply.json)\n"
		   "                    when CACHE/work/NAME/stamp says it is what apply would make\n"
		   "                    today (same tree, features, rules), as build does; its\n"
		   "                    series is then not rewritten (make check: after the patch tests)\n"
		   "  --fuzz SECONDS    after each flavour's tests, trinity for SECONDS as the\n"
		   "                    unprivileged user (backport fuzz); the reports carry it\n"
		   "  --author, --signoff, --cover-letter  the series' patches, as for apply\n"
		   "Exit: 0 every feature proven, present upstream or not applicable; 1 one failed;\n"
		   "2 bad usage; 3 the environment broke (the worst kernel's code).\n");
}

static void print_summary(const struct run_result *r, size_t n, const char *dir)
{
	printf("\nMatrix\n");
	for (size_t k = 0; k < n; k++) {
		size_t ok = 0;
		for (size_t i = 0; i < r[k].n_features; i++)
			ok += verdict_ok(r[k].features[i].verdict);
		printf("  %-12s %-7s %zu/%zu rows ok, %.0f s\n", r[k].kernel,
		       r[k].exit_code == 0 ? "ok" : r[k].exit_code == 1 ? "FAILED" : "BROKEN", ok,
		       r[k].n_features, run_result_seconds(&r[k]));
	}
	printf("\nreports:\n  %s/matrix.md\n  %s/matrix.json\n  %s/junit.xml\n  %s/kernels/\n", dir,
	       dir, dir, dir);
}

int cmd_matrix(struct hb_ctx *ctx, int argc, char **argv)
{
	struct matrix_args a;
	char err[2048];
	if (matrix_args_parse(ctx, argc, argv, &a, err, sizeof(err)) != 0) {
		if (*err)
			msg_error("%s", err);
		if (!a.config_refused) /* as build and run, a bad --config file is all it says */
			usage(stderr);
		matrix_args_free(&a);
		return HB_EXIT_USAGE;
	}
	if (a.help) {
		usage(stdout);
		matrix_args_free(&a);
		return HB_EXIT_OK;
	}
	int rc = run_need_tools();
	if (rc == HB_EXIT_OK)
		rc = guest_run_check(ctx);
	char *id = NULL, *dir = NULL;
	if (rc == HB_EXIT_OK && a.out) {
		char stamp[32];
		clock_compact(stamp, sizeof(stamp));
		dir = strdup(a.out);
		id = xasprintf("matrix-%s", stamp);
		rc = report_dir_make(dir) == 0 ? HB_EXIT_OK : HB_EXIT_ENV;
	} else if (rc == HB_EXIT_OK) {
		dir = report_dir_new(ctx, "matrix", &id);
		rc = dir ? HB_EXIT_OK : HB_EXIT_ENV;
	}
	if (rc != HB_EXIT_OK) {
		free(dir);
		free(id);
		matrix_args_free(&a);
		return rc;
	}
	int parallel = a.jobs < (int)a.count ? a.jobs : (int)a.count;
	ctx->features = a.features;
	ctx->reuse_apply = a.reuse_apply;
	ctx->fuzz_seconds = a.fuzz_seconds;
	if (parallel > 1)
		ctx->make_jobs = matrix_make_jobs(sysconf(_SC_NPROCESSORS_ONLN), parallel);
	msg_stage("matrix: %zu kernel%s, %d at once; reports in %s", a.count,
		  a.count == 1 ? "" : "s", parallel, dir);
	if (parallel > 1)
		msg_info("each build runs make -j%d", ctx->make_jobs);
	struct run_result *results = calloc(a.count, sizeof(*results));
	struct matrix_plan plan = { .kernels = a.kernels, .count = a.count, .parallel = parallel,
				    .dir = dir, .run_id = id };
	matrix_run(ctx, &plan, &kernel_ops_real, results);
	report_sort(results, a.count);
	rc = report_exit_code(results, a.count);
	if (report_write_all(dir, results, a.count) != 0)
		rc = HB_EXIT_ENV;
	else if (!a.out)
		report_dir_link_latest(ctx, dir);
	print_summary(results, a.count, dir);
	for (size_t k = 0; k < a.count; k++)
		run_result_free(&results[k]);
	free(results);
	free(dir);
	free(id);
	matrix_args_free(&a);
	return rc;
}
