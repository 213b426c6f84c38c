// SPDX-License-Identifier: GPL-2.0-only
#include "run_kernel.h"

#include "apply.h"
#include "apply_record.h"
#include "apply_stamp.h"
#include "apt_private.h"
#include "clock_text.h"
#include "exitcodes.h"
#include "feature_table.h"
#include "fetch.h"
#include "fsutil.h"
#include "hardening_judge.h"
#include "kbuild_make.h"
#include "lock.h"
#include "msg.h"
#include "verdict.h"

#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static char *dup_or_null(const char *s)
{
	return s ? strdup(s) : NULL;
}

static const char *const boot_tools[] = { "qemu-system-x86_64", "qemu-system-x86", NULL };

int run_need_tools(void)
{
	int rc = fetch_need_tools(build_tools);
	return rc ? rc : fetch_need_tools(boot_tools);
}

void run_kernel_rows(const struct hb_ctx *ctx, struct run_result *r)
{
	size_t n = guest_suite_count();
	r->suites = calloc(n ? n : 1, sizeof(*r->suites));
	r->features = calloc(features_count + 1, sizeof(*r->features));
	if (!r->suites || !r->features)
		abort();
	for (size_t i = 0; i < n; i++) {
		if (!guest_suite_selected(ctx, i))
			continue;
		struct run_suite *s = &r->suites[r->n_suites++];
		s->name = strdup(guest_suite_name(i));
		s->feature = dup_or_null(guest_suite_feature(i));
		s->compared = guest_suite_compared(i);
	}
	r->n_features = 1; /* row 0: the regression smoke, name NULL */
	for (size_t i = 0; i < features_count; i++)
		if (features_selected(ctx) & (1u << i))
			r->features[r->n_features++].name = strdup(features[i].name);
	for (size_t k = 0; k < r->n_features; k++) {
		struct run_feature *f = &r->features[k];
		for (size_t i = 0; i < r->n_suites; i++)
			f->n_suites += r->suites[i].compared ? 0
				       : f->name ? r->suites[i].feature &&
							   !strcmp(r->suites[i].feature, f->name)
						 : !r->suites[i].feature;
	}
}

static void stage_line(const struct run_opts *o, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));
static void stage_line(const struct run_opts *o, const char *fmt, ...)
{
	char line[1024];
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(line, sizeof(line), fmt, ap);
	va_end(ap);
	msg_stage("%s", line);
	if (o->progress) {
		fprintf(o->progress, "==> %s\n", line);
		fflush(o->progress);
	}
}

static double stage_begin(const struct run_result *r, const struct run_opts *o,
			  enum run_stage_id s)
{
	stage_line(o, "%s: %s ...", r->kernel, run_stage_name(s));
	return msg_now();
}

/* Records the stage's outcome from its exit code (an ok test may still have failed suites:
 * the verdicts tell), and prints its end line. */
static void stage_end(struct run_result *r, const struct run_opts *o, enum run_stage_id s,
		      double t0, int rc, const char *log, const char *detail)
{
	struct run_stage *st = &r->stages[s];
	st->seconds = msg_now() - t0;
	st->exit_code = rc;
	st->status = rc == HB_EXIT_OK ? STAGE_OK : rc == HB_EXIT_FAILED ? STAGE_FAILED
									 : STAGE_BROKEN;
	if (st->status == STAGE_OK)
		detail = NULL;
	else if (!detail)
		detail = rc == HB_EXIT_FAILED ? "failed (exit 1)"
			 : rc == HB_EXIT_USAGE ? "bad input (exit 2)"
					       : "a tool or the environment failed (exit 3)";
	free(st->log);
	free(st->detail);
	st->log = dup_or_null(log);
	st->detail = dup_or_null(detail);
	if (st->status == STAGE_OK)
		stage_line(o, "%s: %s ok (%.1f s)", r->kernel, run_stage_name(s), st->seconds);
	else
		stage_line(o, "%s: %s %s: %s (%.1f s%s%s)", r->kernel, run_stage_name(s),
			   st->status == STAGE_FAILED ? "FAILED" : "BROKEN", st->detail, st->seconds,
			   log ? ", log " : "", log ? log : "");
}

static bool stopped(const struct run_result *r)
{
	for (int s = 0; s < RUN_STAGES; s++)
		if (r->stages[s].status == STAGE_BROKEN)
			return true;
	return false;
}

/* The test stage: a guest that booted with a clean console is an ok stage even when some
 * suites did not meet their expectation (that is for the verdicts to say). */
static void test_flavour(struct hb_ctx *ctx, const struct kernel_entry *e,
			 const struct fetch_record *fetched, const struct apply_record *applied,
			 const struct run_opts *o, const struct kernel_ops *ops,
			 const struct build_output *b, enum flavour f, struct run_result *r)
{
	enum run_stage_id s = f == FLAVOUR_VANILLA ? STAGE_TEST_VANILLA : STAGE_TEST_PATCHED;
	double t0 = stage_begin(r, o, s);
	struct guest_run_result g;
	memset(&g, 0, sizeof(g));
	int rc = ops->test(ctx, e, fetched, applied, f == FLAVOUR_VANILLA, b, &g);
	struct run_flavour *fl = &r->flavour[f];
	fl->tested = rc == HB_EXIT_OK || rc == HB_EXIT_FAILED;
	/* what the boot showed, moved: all of it when QEMU ran, else where it would have been */
	if (fl->tested) {
		guest_boot_move(&fl->boot, &g.boot);
	} else {
		fl->boot.dir = g.boot.dir;
		g.boot.dir = NULL;
	}
	if (fl->boot.dir) {
		fl->console_log = fs_join(fl->boot.dir, "console.log");
		fl->results_path = fs_join(fl->boot.dir, "results.json");
	}
	const struct guest_boot *gb = &fl->boot;
	char detail[400] = "";
	if (fl->tested) {
		/* the guest's results, as the run layer's reports keep them */
		fl->results = guest_run_results_json(&g);
		for (size_t i = 0; i < r->n_suites; i++) {
			struct run_suite *rs = &r->suites[i];
			for (int k = 0; k < g.n_suites; k++) {
				const struct suite_verdict *v = &g.suites[k];
				if (strcmp(v->suite, rs->name) != 0)
					continue;
				rs->flavour[f] = (struct suite_outcome){
					.ran = true, .expect_pass = v->expect_pass, .seen = v->seen,
					.passed = v->passed, .cases_passed = v->cases_passed,
					.cases_total = v->cases_total };
			}
			rs->flavour[f].ran = true;
		}
		if (!gb->booted)
			snprintf(detail, sizeof(detail), "guest: %s",
				 gb->boot_problem ? gb->boot_problem : "did not finish");
		else if (!gb->console_clean)
			snprintf(detail, sizeof(detail), "console shows: %s",
				 gb->console_problem ? gb->console_problem : "");
		else
			rc = HB_EXIT_OK;
	}
	stage_end(r, o, s, t0, rc, fl->tested ? fl->console_log : b->log,
		  *detail ? detail : NULL);
	guest_run_result_free(&g);
}

/* Builds one flavour and, when that worked, tests it. */
static void build_and_test(struct hb_ctx *ctx, const struct kernel_entry *e,
			   const struct fetch_record *fetched, const struct apply_record *applied,
			   const struct run_opts *o, const struct kernel_ops *ops, enum flavour f,
			   struct run_result *r)
{
	enum run_stage_id s = f == FLAVOUR_VANILLA ? STAGE_BUILD_VANILLA : STAGE_BUILD_PATCHED;
	double t0 = stage_begin(r, o, s);
	struct build_output b;
	memset(&b, 0, sizeof(b));
	int rc = ops->build(ctx, e, fetched, applied, f == FLAVOUR_VANILLA, &b);
	stage_end(r, o, s, t0, rc, b.log, b.problem);
	if (rc == HB_EXIT_OK)
		test_flavour(ctx, e, fetched, applied, o, ops, &b, f, r);
	if (rc == HB_EXIT_OK && r->flavour[f].tested && ops->judge) {
		struct run_flavour *fl = &r->flavour[f];
		ops->judge(ctx, e, &b, fl);
		if (fl->checker.ran)
			stage_line(o, "%s: kernel-hardening-checker %s on %s: OK %zu, FAIL %zu",
				   r->kernel, fl->checker.version, flavour_name(f),
				   fl->checker.boot.ok, fl->checker.boot.fail);
	}
	if (rc == HB_EXIT_OK && ctx->fuzz_seconds > 0 && ops->fuzz) {
		struct fuzz_result fr;
		memset(&fr, 0, sizeof(fr));
		int frc = ops->fuzz(ctx, e, f == FLAVOUR_VANILLA, &b, ctx->fuzz_seconds,
				    FUZZ_DEFAULT_SEED, &fr);
		fr.ran = frc == HB_EXIT_OK || frc == HB_EXIT_FAILED; /* QEMU ran it */
		fuzz_result_move(&r->flavour[f].fuzz, &fr);
	}
	build_output_free(&b);
}

int run_kernel(struct hb_ctx *ctx, const struct kernel_entry *e, const struct run_opts *o,
	       const struct kernel_ops *ops, struct run_result *r)
{
	char now[32];
	memset(r, 0, sizeof(*r));
	r->kernel = strdup(e->name);
	r->order = o->order;
	r->run_id = dup_or_null(o->run_id);
	clock_iso8601(now, sizeof(now));
	r->started = strdup(now);
	run_kernel_rows(ctx, r);
	int lock = kbuild_lock(ctx, e);

	/* what the fetch stage recorded: the stages after it take this one, never fetch again */
	struct fetch_record fetched;
	memset(&fetched, 0, sizeof(fetched));
	double t0 = stage_begin(r, o, STAGE_FETCH);
	char *log = NULL;
	int rc = ops->fetch(ctx, e, &fetched, &log);
	r->version = rc == HB_EXIT_OK ? strdup(fetched.version) : NULL;
	stage_end(r, o, STAGE_FETCH, t0, rc, log, NULL);
	free(log);
	log = NULL;
	/* what apply found: the summary's outcomes, the test stage's expectations */
	struct apply_record applied;
	memset(&applied, 0, sizeof(applied));
	if (rc == HB_EXIT_OK) {
		t0 = stage_begin(r, o, STAGE_APPLY);
		rc = ops->apply(ctx, e, &fetched, features_selected(ctx), &applied, &log);
		stage_end(r, o, STAGE_APPLY, t0, rc, log, NULL);
		free(log);
		for (size_t k = 1; rc == HB_EXIT_OK && k < r->n_features; k++) {
			size_t i = (size_t)(feature_find(r->features[k].name) - features);
			r->features[k].apply = applied.outcome[i];
			r->features[k].not_examined = dup_or_null(applied.not_examined[i]);
		}
		if (rc == HB_EXIT_OK && ops->series && ops->series(ctx, e, &r->series) != 0)
			msg_warn("%s: the series apply wrote cannot be read", r->kernel);
	}
	/* Vanilla first: its build fills ccache for the patched one. */
	if (rc == HB_EXIT_OK)
		build_and_test(ctx, e, &fetched, &applied, o, ops, FLAVOUR_VANILLA, r);
	if (rc == HB_EXIT_OK && !stopped(r))
		build_and_test(ctx, e, &fetched, &applied, o, ops, FLAVOUR_PATCHED, r);
	apply_record_free(&applied);
	lock_release(lock);

	verdict_judge(r);
	r->exit_code = run_result_exit_code(r);
	clock_iso8601(now, sizeof(now));
	r->finished = strdup(now);
	return r->exit_code;
}

const struct kernel_entry *run_tree_entry(struct hb_ctx *ctx, const char *path)
{
	char err[4200], real[PATH_MAX];
	if (!fs_is_kernel_tree(path, err, sizeof(err)) || !realpath(path, real)) {
		msg_error("--tree: %s", err);
		return NULL;
	}
	struct kernel_entry e;
	memset(&e, 0, sizeof(e));
	const char *base = strrchr(real, '/') && strrchr(real, '/')[1] ? strrchr(real, '/') + 1
								     : "tree";
	snprintf(e.name, sizeof(e.name), "%s", base);
	for (char *c = e.name; *c; c++) /* the cache's folders are named after it */
		if (!(*c >= 'a' && *c <= 'z') && !(*c >= 'A' && *c <= 'Z') &&
		    !(*c >= '0' && *c <= '9') && *c != '.' && *c != '_' && *c != '-')
			*c = '-';
	e.source = KERNEL_SOURCE_DIR;
	snprintf(e.path, sizeof(e.path), "%s", real);
	const struct kernel_entry *known = kernels_list_find(&ctx->kernels, e.name);
	if (known) {
		char known_real[PATH_MAX];
		if (known->source == KERNEL_SOURCE_DIR && realpath(known->path, known_real) &&
		    strcmp(known_real, real) == 0)
			return known;
		msg_error("--tree %s: %s names another kernel already (line %d); rename the "
			  "folder or list the tree there as NAME dir PATH",
			  real, ctx->kernels_path, known->line);
		return NULL;
	}
	struct kernel_list *l = &ctx->kernels;
	l->entries = xrealloc(l->entries, (l->count + 1) * sizeof(*l->entries));
	l->entries[l->count] = e;
	return &l->entries[l->count++];
}

void run_print_apply_notes(const struct hb_ctx *ctx, const struct kernel_entry *e,
			   const struct run_result *r, FILE *f)
{
	char *series_dir = apply_series_dir(ctx, e);
	char *series = fs_join(series_dir, "series");
	if (fs_exists(series))
		fprintf(f, "series: %s\n", series);
	free(series);
	free(series_dir);
	for (size_t k = 1; k < r->n_features; k++)
		if (r->features[k].not_examined)
			fprintf(f, "  %s: %s\n", r->features[k].name, r->features[k].not_examined);
}

/* ---- the real stages ---- */

static int real_fetch(struct hb_ctx *ctx, const struct kernel_entry *e,
		      struct fetch_record *out, char **log)
{
	int rc = fetch_kernel(ctx, e, false, out);
	*log = e->source == KERNEL_SOURCE_DEBIAN ? apt_private_log_path(ctx, e->suite) : NULL;
	return rc;
}

/* Applies, or with --reuse-apply keeps the last apply when it is current (its record read
 * from the cache). */
static int real_apply(struct hb_ctx *ctx, const struct kernel_entry *e,
		      const struct fetch_record *fetched, unsigned mask, struct apply_record *out,
		      char **log)
{
	*log = apply_log_path(ctx, e->name);
	if (ctx->reuse_apply && apply_last_record(ctx, e, fetched, mask, out) == 0)
		return HB_EXIT_OK;
	return apply_kernel(ctx, e, fetched, mask, out);
}

static int real_test(struct hb_ctx *ctx, const struct kernel_entry *e,
		     const struct fetch_record *fetched, const struct apply_record *applied,
		     bool vanilla, const struct build_output *b, struct guest_run_result *out)
{
	return guest_run_built(ctx, e, fetched, applied, vanilla, b, NULL, out);
}

/* The tool reads the .config the build left beside its objects, and the guest's dumps in
 * its console log; its files go beside that log. */
static void real_judge(struct hb_ctx *ctx, const struct kernel_entry *e,
		       const struct build_output *b, struct run_flavour *fl)
{
	(void)e;
	if (!fl->console_log || !fl->boot.dir)
		return;
	char *config = xasprintf("%s/out/.config", b->dir);
	hardening_judge_flavour(ctx, config, fl->console_log, fl->boot.dir, &fl->checker);
	free(config);
}

const struct kernel_ops kernel_ops_real = {
	.fetch = real_fetch,
	.apply = real_apply,
	.build = build_kernel,
	.test = real_test,
	.fuzz = fuzz_built,
	.judge = real_judge,
	.series = run_series_read,
};
