// SPDX-License-Identifier: GPL-2.0-only
/* backport run [NAME | --tree PATH]: the whole job on one kernel, and its summary table. */
#include "commands.h"
#include "common_opts.h"
#include "apply_series.h"
#include "build.h"
#include "exitcodes.h"
#include "hardening_check_diff.h"
#include "feature_table.h"
#include "kernel_tests_diff.h"
#include "msg.h"
#include "run_kernel.h"
#include "spatch_run.h"

#include <getopt.h>
#include <stdbool.h>
#include <stdio.h>
#include <string.h>

static const char *state_text(enum row_state s)
{
	return s == ROW_PASS ? "pass" : s == ROW_NOT_RUN ? "not run" : "fail";
}

/* kernel-hardening-checker's verdicts: counts per flavour, what changed, our checks that still
 * FAIL on patched and why, what it does not judge. */
static void print_checker(const struct run_result *r)
{
	const struct hc_flavour *v = &r->flavour[FLAVOUR_VANILLA].checker;
	const struct hc_flavour *p = &r->flavour[FLAVOUR_PATCHED].checker;
	if (!v->ran && !p->ran && !v->problem && !p->problem)
		return;
	const struct hc_flavour *any = p->ran ? p : v;
	printf("\n%s:", any->source ? any->source : "kernel-hardening-checker (not fetched)");
	for (int f = 0; f < FLAVOURS; f++) {
		const struct hc_flavour *h = &r->flavour[f].checker;
		if (h->ran)
			printf(" %s OK %zu, FAIL %zu%s", flavour_name(f), h->boot.ok, h->boot.fail,
			       f == FLAVOUR_VANILLA ? ";" : "");
		else
			printf(" %s not judged (%s)%s", flavour_name(f),
			       h->problem ? h->problem : "no guest", f == FLAVOUR_VANILLA ? ";" : "");
	}
	printf("\n");
	struct hc_diff d;
	hc_diff_of(r, &d);
	if (d.ran[FLAVOUR_VANILLA] && d.ran[FLAVOUR_PATCHED])
		printf("  changed from vanilla to patched: %s\n", d.n_changed ? "" : "none");
	for (size_t i = 0; i < d.n_changed; i++) {
		char text[512];
		hc_change_text(&d.changed[i], text, sizeof(text));
		printf("    %s\n", text);
	}
	if (d.n_failing)
		printf("  the hardenings' checks that FAIL on patched:\n");
	for (size_t i = 0; i < d.n_failing; i++)
		printf("    %s: %s %s: %s\n", d.failing[i].feature, d.failing[i].name,
		       d.failing[i].patched ? d.failing[i].patched->result : "(no such check)",
		       d.failing[i].why);
	for (size_t i = 0; i < d.n_lacks; i++)
		printf("  not judged: %s: %s\n", d.lacks_feature[i], d.lacks[i]);
	for (size_t i = 0; i < p->n_dumps; i++)
		printf("  patched at %s (kernel.modules_restrict=%s): OK %zu, FAIL %zu; verdicts "
		       "changed from boot: %s\n", p->dumps[i].label,
		       p->dumps[i].modules_restrict ? p->dumps[i].modules_restrict : "none",
		       p->dumps[i].ok, p->dumps[i].fail,
		       p->dumps[i].differs ? p->dumps[i].differs : "none");
	hc_diff_free(&d);
}

/* TEXT after PREFIX, its words wrapped at 96 columns, the lines after the first indented. */
static void print_wrapped(const char *prefix, const char *text)
{
	int col = printf("%s", prefix);
	for (const char *w = text; *w;) {
		size_t n = strcspn(w, " ");
		if (col + 1 + (int)n > 96 && col > 2) {
			fputs("\n ", stdout);
			col = 1;
		}
		col += printf(" %.*s", (int)n, w);
		w += n;
		w += strspn(w, " ");
	}
	putchar('\n');
}

/* One line per feature the guest tests: fails on vanilla and passes patched = proven; passes
 * both = upstream. */
static void print_summary(const struct run_result *r)
{
	printf("\nSummary for %s\n", r->kernel);
	printf("| %-18s | %-22s | %-22s | %-28s |\n", "feature", "vanilla", "patched", "verdict");
	printf("|%.20s|%.24s|%.24s|%.30s|\n", "--------------------", "------------------------",
	       "------------------------", "------------------------------");
	for (size_t i = 0; i < r->n_features; i++) {
		const struct run_feature *f = &r->features[i];
		if (!f->n_suites)
			continue;
		char verdict[64], marked[80];
		run_feature_verdict_text(f, verdict, sizeof(verdict));
		const struct feature *d = f->name ? feature_find(f->name) : NULL;
		if (f->apply == OUTCOME_CHANGED && feature_verdict_note(d, r->version))
			snprintf(marked, sizeof(marked), "%s (note %d)", verdict,
				 feature_note_number(d));
		else
			snprintf(marked, sizeof(marked), "%s", verdict);
		printf("| %-18s | %-22s | %-22s | %-28s |\n", run_feature_label(f),
		       state_text(f->state[FLAVOUR_VANILLA]), state_text(f->state[FLAVOUR_PATCHED]),
		       marked);
	}
	for (size_t i = 0; i < r->n_features; i++) {
		const struct run_feature *f = &r->features[i];
		const struct feature *d = f->name ? feature_find(f->name) : NULL;
		const char *note = f->n_suites && f->apply == OUTCOME_CHANGED
					   ? feature_verdict_note(d, r->version)
					   : NULL;
		if (note) {
			char prefix[32];
			snprintf(prefix, sizeof(prefix), "\nnote %d:", feature_note_number(d));
			print_wrapped(prefix, note);
		}
	}
	struct kernel_tests_diff kt;
	kernel_tests_diff_of(r, &kt);
	if (kt.ran[FLAVOUR_VANILLA] || kt.ran[FLAVOUR_PATCHED])
		printf("\nthe kernel's own tests: vanilla %d passed, %d failed, %d skipped; patched "
		       "%d passed, %d failed, %d skipped; regressions: %s; fails upstream too: %s\n",
		       kt.passed[FLAVOUR_VANILLA], kt.failed[FLAVOUR_VANILLA],
		       kt.skipped[FLAVOUR_VANILLA], kt.passed[FLAVOUR_PATCHED],
		       kt.failed[FLAVOUR_PATCHED], kt.skipped[FLAVOUR_PATCHED],
		       kt.regressions ? kt.regressions : "none", kt.upstream ? kt.upstream : "none");
	kernel_tests_diff_free(&kt);
	print_checker(r);
	const struct run_flavour *v = &r->flavour[FLAVOUR_VANILLA], *p = &r->flavour[FLAVOUR_PATCHED];
	printf("\nvanilla: %.1f s boot, %s; patched: %.1f s boot, %s\n", v->boot.boot_seconds,
	       v->boot.dir ? v->boot.dir : "-", p->boot.boot_seconds,
	       p->boot.dir ? p->boot.dir : "-");
}

int cmd_run(struct hb_ctx *ctx, int argc, char **argv)
{
	static const struct option run_opts[] = { COMMON_OPTS_SERIES_TABLE,
						  { "tree", required_argument, NULL, 't' },
						  COMMON_OPTS_BUILD_TABLE,
						  { "help", no_argument, NULL, 'h' },
						  { NULL, 0, NULL, 0 } };
	int c, rc;
	bool help = false, bad = false;
	const char *tree = NULL;
	optind = 1;
	while ((c = getopt_long(argc, argv, "h", run_opts, NULL)) != -1) {
		enum common_opts_kind kind = common_opts_take(ctx, c, optarg, &rc);
		if (kind == COMMON_OPTS_BUILD && rc)
			return rc; /* it said what is wrong with the file */
		else if (kind)
			bad = bad || rc;
		else if (c == 't')
			tree = optarg;
		else
			*(c == 'h' ? &help : &bad) = true;
	}
	if (help || bad || argc - optind > 1 || (tree && optind < argc)) {
		fprintf(help ? stdout : stderr,
			"usage: backport run [NAME | --tree PATH] [--config FILE] [--author 'Name <mail>'] "
			"[--signoff] [--cover-letter]\n"
			"The whole job on one kernel (default: the one matching this Debian release):\n"
			"fetch, apply, build vanilla and patched, boot and test both, summary.\n"
			"--tree PATH runs it on the kernel tree at PATH, as a `NAME dir PATH` line of\n"
			"kernels.list would (NAME: the tree's folder name); the tree is never written,\n"
			"its series goes to CACHE/work/NAME/patches.\n"
			"--config FILE builds both flavours from FILE (your kernel's .config) with the\n"
			"options the tests need added, as build --config; --config debian:FLAVOUR\n"
			"(debian:cloud-amd64) starts from Debian's own config for the kernel.\n"
			"--author, --signoff and --cover-letter shape the series, as for apply.\n"
			"%s=SECONDS: spatch's per-file timeout (default %d; 0: none).\n",
			SPATCH_TIMEOUT_ENV, SPATCH_TIMEOUT_DEFAULT);
		return help ? HB_EXIT_OK : HB_EXIT_USAGE;
	}
	const struct kernel_entry *e =
		tree ? run_tree_entry(ctx, tree)
		: optind < argc ? ctx_kernel(ctx, argv[optind]) : ctx_default_kernel(ctx);
	if (!e)
		return HB_EXIT_USAGE;
	rc = run_need_tools();
	if (rc)
		return rc;
	if ((rc = guest_run_check(ctx)))
		return rc;
	double t0 = msg_now();
	msg_stage("run %s: fetch, apply, build and test vanilla and patched", e->name);
	struct run_result r;
	struct run_opts o = { .order = (int)(e - ctx->kernels.entries) };
	rc = run_kernel(ctx, e, &o, &kernel_ops_real, &r);
	if (rc == HB_EXIT_OK || rc == HB_EXIT_FAILED) {
		print_summary(&r);
		run_print_apply_notes(ctx, e, &r, stdout);
		printf("run %s: %s in %.0f s\n", e->name,
		       rc == HB_EXIT_OK ? "every hardening proven" : "FAILED", msg_now() - t0);
	}
	run_result_free(&r);
	return rc;
}
