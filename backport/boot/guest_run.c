// SPDX-License-Identifier: GPL-2.0-only
#include "guest_run.h"

#include "apply_record.h"
#include "build.h"
#include "console_scan.h"
#include "exitcodes.h"
#include "feature_table.h"
#include "fetch.h"
#include "fsutil.h"
#include "guest_expect.h"
#include "initramfs.h"
#include "json_util.h"
#include "kselftest_files.h"
#include "ktap.h"
#include "leak_stats.h"
#include "lock.h"
#include "msg.h"
#include "qemu.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#define BOOT_TIMEOUT_S 600
#define BOOT_IDLE_S 120
/* No hardening's level on the command line: the patched kernel starts at the levels its
 * test config builds in (CONFIG_MODULES_RESTRICT_DEFAULT=1, suite modules_restrict, case
 * boot_level). loglevel=4 keeps notices (each refused autoload's line) off the console. */
#define GUEST_APPEND "console=ttyS0 panic=-1 loglevel=4 hb.timeout=240"

/* The suites this driver judges (suites.def less those run only on request), in run order. */
static const struct guest_suite *judged_suite(size_t i)
{
	for (size_t k = 0; k < guest_suites_count; k++)
		if (guest_suites[k].proof != PROOF_ON_REQUEST && i-- == 0)
			return &guest_suites[k];
	return NULL;
}

size_t guest_suite_count(void)
{
	size_t n = 0;
	while (judged_suite(n))
		n++;
	return n;
}

const char *guest_suite_name(size_t i) { return judged_suite(i)->name; }
const char *guest_suite_feature(size_t i) { return judged_suite(i)->feature; }
bool guest_suite_compared(size_t i) { return judged_suite(i)->proof == PROOF_DIFFERENTIAL; }

/* Is the suite's feature among those this run selected? The smoke always is. */
bool guest_suite_selected(const struct hb_ctx *ctx, size_t i)
{
	return guest_suite_judged(judged_suite(i), features_selected(ctx));
}

/* "hb.skip=a,b" for the suites of the features this run left out, "" when none. */
static char *skip_unselected(const struct hb_ctx *ctx)
{
	char *list = strdup("");
	for (size_t i = 0; i < guest_suite_count(); i++) {
		if (guest_suite_selected(ctx, i))
			continue;
		char *more = xasprintf("%s%s%s", list, *list ? "," : "hb.skip=", guest_suite_name(i));
		free(list);
		list = more;
	}
	return list;
}

void guest_run_result_free(struct guest_run_result *r)
{
	guest_boot_free(&r->boot);
	ktap_report_free(&r->ktap);
	memset(r, 0, sizeof(*r));
}

static void judge(const struct ktap_report *report, struct guest_run_result *r)
{
	r->as_expected = r->boot.booted && r->boot.console_clean;
	for (int i = 0; i < r->n_suites; i++) {
		struct suite_verdict *v = &r->suites[i];
		for (size_t k = 0; k < report->n_results; k++) {
			const struct ktap_result *t = &report->results[k];
			if (strcmp(t->name, v->suite) != 0)
				continue;
			v->seen = true;
			v->passed = t->status == KTAP_OK;
			for (size_t s = 0; s < t->n_sub; s++) {
				v->cases_total++;
				v->cases_passed += t->sub[s].status == KTAP_OK ||
						   t->sub[s].status == KTAP_SKIP;
			}
		}
		/* Expected failure: the suite ran and failed. Expected pass: it passed. Compared
		 * case by case: it ran. */
		bool met = v->seen && (v->compared || v->passed == v->expect_pass);
		if (!met)
			r->as_expected = false;
	}
}

/* nm on B's vmlinux: where it put the symbols of F's MANIFEST (constify_ops's tables). */
static void check_manifest(const struct feature *f, const struct build_output *b,
			   const char *manifest, struct guest_run_result *r)
{
	char *vmlinux = fs_join(b->dir, "out/vmlinux");
	if (ro_symbols_of_vmlinux(vmlinux, manifest, &r->ro) != 0) {
		msg_warn("cannot read the symbols of %s with nm", vmlinux);
	} else {
		if (!r->ro.bounds_known)
			msg_warn("nm shows no __start_rodata, __end_rodata, __start_ro_after_init "
				 "or __end_ro_after_init in %s", vmlinux);
		r->has_constified = true;
		msg_info("nm %s: %d of the %d symbol(s) of %s's %s are built in, %d in "
			 "read-only data%s%s", vmlinux, r->ro.built_in, r->ro.listed, f->name,
			 f->manifest, r->ro.read_only, *r->ro.writable ? "; writable: " : "",
			 r->ro.writable);
		if (!r->vanilla && r->ro.read_only != r->ro.built_in)
			msg_error("%s: the patched vmlinux has writable symbols of its %s: %s",
				  f->name, f->manifest, r->ro.writable);
	}
	free(vmlinux);
}

json_t *guest_run_results_json(const struct guest_run_result *r)
{
	json_t *v = ktap_report_to_json(&r->ktap);
	if (!v)
		return NULL;
	json_object_set_new(v, "leaks", leak_stats_to_json(&r->boot.leaks));
	json_object_set_new(v, "autoload", autoload_stats_to_json(&r->boot.autoload));
	json_object_set_new(v, "kernel_tests", kernel_tests_to_json(&r->boot.ktests));
	if (r->has_constified)
		json_object_set_new(v, "constified",
				    json_pack("{s:i, s:i, s:i}", "listed", r->ro.listed,
					      "built_in", r->ro.built_in,
					      "read_only", r->ro.read_only));
	return v;
}

/* results.json, for whoever reads the guest's results after this run. */
static void write_results(const char *path, const struct guest_run_result *r)
{
	json_t *v = guest_run_results_json(r);
	if (!v) {
		msg_warn("cannot write %s: out of memory", path);
		return;
	}
	FILE *f = fopen(path, "w");
	if (!f || hb_json_write(f, v) != 0)
		msg_warn("cannot write %s: %m", path);
	if (f)
		fclose(f);
	json_decref(v);
}

static void print_leaks(const struct leak_stats *leaks)
{
	for (size_t i = 0; i < leaks->n; i++) {
		char text[128];
		leak_level_text(&leaks->level[i], text, sizeof(text));
		msg_info("kernel addresses an unprivileged reader sees at kptr_restrict=%d: %s",
			 leaks->level[i].kptr_restrict, text);
	}
}

static const char *accel_for_this_run(const struct qemu_opts *probe_opts)
{
	static const char *chosen;
	static char why[256];
	if (!chosen) {
		chosen = qemu_probe_accel(probe_opts, NULL, why, sizeof(why));
		msg_info("accel: %s (%s)", chosen, why);
	}
	return chosen;
}

static void print_verdicts(const struct guest_run_result *r)
{
	msg_info("%-18s %-18s %-9s %s", "suite", "feature", "expected", "result");
	for (int i = 0; i < r->n_suites; i++) {
		const struct suite_verdict *v = &r->suites[i];
		char result[64];
		if (!v->seen)
			snprintf(result, sizeof(result), "missing");
		else
			snprintf(result, sizeof(result), "%s (%d/%d cases)", v->passed ? "ok" : "not ok",
				 v->cases_passed, v->cases_total);
		bool met = v->seen && (v->compared || v->passed == v->expect_pass);
		msg_info("%-18s %-18s %-9s %-24s %s", v->suite, v->feature ? v->feature : "regression",
			 v->compared ? "compared" : v->expect_pass ? "pass" : "fail", result,
			 !met ? "<-- UNEXPECTED"
			 : v->compared ? "(case by case, vanilla with patched)"
			 : v->expect_pass ? "" : "(expected: vanilla lacks it)");
	}
}

int guest_run_check(const struct hb_ctx *ctx)
{
	char *guest_list = fs_join(ctx->repo, "out/guest/initramfs.list");
	bool there = fs_exists(guest_list);
	if (!there)
		msg_error("%s is missing: build the guest programs first (make guest)", guest_list);
	free(guest_list);
	return there ? HB_EXIT_OK : HB_EXIT_ENV;
}

/* What each suite this run judges is expected to show on this flavour (guest_expect.h);
 * ADDED: the features apply changed, which vanilla lacks. */
static int set_expectations(const struct hb_ctx *ctx, unsigned added, struct guest_run_result *r)
{
	struct guest_expect_input in = { .vanilla = r->vanilla, .selected = features_selected(ctx),
					 .added = added,
					 .tables_built_in = r->has_constified && r->ro.built_in > 0 };
	for (size_t i = 0; i < guest_suites_count; i++) {
		const struct guest_suite *s = &guest_suites[i];
		if (!guest_suite_judged(s, in.selected))
			continue;
		struct suite_verdict *v = &r->suites[r->n_suites++];
		v->suite = s->name;
		v->feature = s->feature;
		v->expect_pass = guest_suite_expect_pass(s, &in);
		v->compared = s->proof == PROOF_DIFFERENTIAL;
	}
	return HB_EXIT_OK;
}

/* The manifests of apply's record A for the features of this run (feature_table.h): each
 * written beside B's build as MANIFEST, checked in its vmlinux and added to the initramfs as
 * /hb/MANIFEST (gen_init_cpio lines in *EXTRA). */
static int add_manifests(const struct hb_ctx *ctx, const struct apply_record *a,
			 const struct build_output *b, struct guest_run_result *r, char **extra)
{
	*extra = strdup("");
	int rc = HB_EXIT_OK;
	for (size_t i = 0; i < features_count && rc == HB_EXIT_OK; i++) {
		const struct feature *f = &features[i];
		if (!f->manifest || !a->manifest[i] || !*a->manifest[i] ||
		    !(features_selected(ctx) & (1u << i)))
			continue;
		char *manifest = fs_join(b->dir, f->manifest);
		if (fs_write_file_atomic(manifest, a->manifest[i], strlen(a->manifest[i])) != 0) {
			msg_error("cannot write %s", manifest);
			rc = HB_EXIT_ENV;
		} else {
			char *more = xasprintf("%sfile /hb/%s %s 0644 0 0\n", *extra, f->manifest,
					       manifest);
			free(*extra);
			*extra = more;
			check_manifest(f, b, manifest, r);
		}
		free(manifest);
	}
	return rc;
}

/* The kernel's selftests of the pristine TREE and the programs they call, appended to *EXTRA. */
static int add_kselftests(const char *tree, const struct build_output *b, char **extra)
{
	const char *package = NULL;
	int left_out = 0;
	char *lines = kselftest_lines(tree, b->modules, b->release, b->dir, &left_out, &package);
	if (!lines) {
		msg_error("the kernel's selftests need Debian's %s on this machine "
			  "(scripts/install-deps installs it)", package ? package : "coreutils");
		return HB_EXIT_ENV;
	}
	if (left_out)
		msg_warn("%d of the proc selftests do not build here, left out (log: %s/selftests.log)",
			 left_out, b->dir);
	char *more = xasprintf("%s%s", *extra, lines);
	free(*extra);
	free(lines);
	*extra = more;
	return HB_EXIT_OK;
}

/* The guest's memory: 256 MiB, enough for the test config's initramfs of 15 MiB; for a
 * larger one (a distribution config's thousand modules) 128 MiB and three times the archive
 * (the kernel holds the archive until it has unpacked it, then the files, then each module it
 * loads). */
static int guest_mem_mb(const char *cpio)
{
	struct stat st;
	long mib = stat(cpio, &st) == 0 ? (long)(st.st_size >> 20) : 0;
	long mem = 128 + 3 * (mib < 2048 ? mib : 2048);
	return (int)(mem > 256 ? mem : 256);
}

/* Boots B with the initramfs CPIO; fills Q. */
static int boot(const struct hb_ctx *ctx, const struct build_output *b, const char *cpio,
		const char *console, const char *extra_append, struct guest_run_result *r,
		struct qemu_result *q)
{
	char *skip = skip_unselected(ctx);
	char *append = xasprintf("%s%s%s%s%s", GUEST_APPEND, *skip ? " " : "", skip,
				 extra_append ? " " : "", extra_append ? extra_append : "");
	free(skip);
	struct qemu_opts o = { .kernel = b->bzimage, .initrd = cpio, .append = append,
			       .mem_mb = guest_mem_mb(cpio), .smp = QEMU_GUEST_SMP, .timeout_s = BOOT_TIMEOUT_S,
			       .idle_timeout_s = BOOT_IDLE_S, .console_log = console,
			       .done_marker = "# hb-done" };
	o.accel = accel_for_this_run(&o);
	r->boot.accel = strdup(o.accel);
	char *cmdline = qemu_command_line(&o);
	msg_info("$ %s", cmdline);
	free(cmdline);
	char err[512];
	int rc = HB_EXIT_OK;
	if (qemu_run(&o, q, err, sizeof(err)) != 0) {
		msg_error("cannot start QEMU: %s", err);
		rc = HB_EXIT_ENV;
	}
	free(append);
	return rc;
}

/* What the boot showed: finished or not, console clean or not, each suite against its
 * expectation, the measurements; results.json written to JSON. */
static void judge_boot(const struct qemu_result *q, const char *json, struct guest_run_result *r)
{
	struct guest_boot *g = &r->boot;
	g->boot_seconds = q->seconds;
	g->booted = q->done_marker_seen && !q->panic_seen && !q->hung && !q->timed_out;
	if (!g->booted)
		g->boot_problem = strdup(q->panic_seen ? "KERNEL PANIC"
					 : q->hung ? "HUNG (no output)" : q->timed_out ? "TIMED OUT"
					 : "no done marker");
	struct console_scan scan;
	console_scan(q->output, q->output_len, &scan);
	g->console_clean = !console_scan_trouble(&scan);
	if (!g->console_clean) /* at most 255 bytes, as the results have always kept */
		g->console_problem = strndup(scan.first_line ? scan.first_line : "?", 255);
	console_scan_free(&scan);
	struct ktap_report *report = &r->ktap;
	ktap_parse(q->output, q->output_len, report);
	leak_stats_from_ktap(report, &g->leaks);
	autoload_stats_from_ktap(report, &g->autoload);
	kernel_tests_from_ktap(report, &g->ktests);
	write_results(json, r);
	judge(report, r);
	/* the host's half of a manifest's proof: nm on the patched vmlinux */
	if (!r->vanilla && r->has_constified && r->ro.read_only != r->ro.built_in)
		r->as_expected = false;
}

static void print_boot(const struct guest_run_result *r, const char *console, const char *json)
{
	const struct guest_boot *g = &r->boot;
	msg_info("boot: %.1f s with %s; %s%s%s", g->boot_seconds, g->accel,
		 g->booted ? "guest finished" : g->boot_problem,
		 g->console_clean ? ", console clean" : ", console shows: ",
		 g->console_clean ? "" : g->console_problem);
	print_verdicts(r);
	print_leaks(&g->leaks);
	for (size_t i = 0; i < g->autoload.n; i++)
		msg_info("module autoload surface as %s: %ld request(s), %ld module(s) loaded",
			 g->autoload.who[i].who, g->autoload.who[i].requests,
			 g->autoload.who[i].loaded);
	if (g->ktests.ran) {
		int n[3] = { 0, 0, 0 };
		for (size_t i = 0; i < g->ktests.n; i++)
			n[g->ktests.test[i].result]++;
		msg_info("the kernel's own tests: %d passed, %d failed, %d skipped", n[KTEST_OK],
			 n[KTEST_NOT_OK], n[KTEST_SKIP]);
	}
	msg_info("console: %s", console);
	msg_info("results: %s", json);
}

int guest_run_built(struct hb_ctx *ctx, const struct kernel_entry *e,
		    const struct fetch_record *fetched, const struct apply_record *applied,
		    bool vanilla, const struct build_output *b, const char *extra_append,
		    struct guest_run_result *r)
{
	memset(r, 0, sizeof(*r));
	r->vanilla = vanilla;
	const char *flavour = vanilla ? "vanilla" : "patched";
	int rc = guest_run_check(ctx);
	if (rc)
		return rc;
	r->boot.dir = strdup(b->dir);
	char *guest_list = fs_join(ctx->repo, "out/guest/initramfs.list");
	char *cpio = fs_join(b->dir, "initramfs.cpio");
	char *gen = fs_join(b->dir, "out/usr/gen_init_cpio");
	char *console = fs_join(b->dir, "console.log");
	char *json = fs_join(b->dir, "results.json");
	char *extra = NULL;
	rc = add_manifests(ctx, applied, b, r, &extra);
	if (rc == HB_EXIT_OK)
		rc = add_kselftests(fetched->tree, b, &extra);
	if (rc == HB_EXIT_OK)
		rc = set_expectations(ctx, r->vanilla ? apply_record_changed(applied) : 0, r);
	if (rc == HB_EXIT_OK) {
		msg_stage("test %s %s: pack initramfs, boot QEMU", e->name, flavour);
		if (initramfs_pack(gen, guest_list, extra && *extra ? extra : NULL, b->modules, b->release,
				   cpio, b->log) != 0) {
			msg_error("cannot pack the initramfs %s (log: %s)", cpio, b->log);
			rc = HB_EXIT_ENV;
		}
	}
	struct qemu_result q = { 0 };
	if (rc == HB_EXIT_OK)
		rc = boot(ctx, b, cpio, console, extra_append, r, &q);
	if (rc == HB_EXIT_OK) {
		judge_boot(&q, json, r);
		print_boot(r, console, json);
		if (!r->as_expected) {
			msg_error("test %s %s: not as expected (console log: %s)", e->name, flavour,
				  console);
			rc = HB_EXIT_FAILED;
		}
	}
	qemu_result_free(&q);
	free(extra);
	free(cpio);
	free(gen);
	free(console);
	free(json);
	free(guest_list);
	return rc;
}
