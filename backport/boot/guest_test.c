// SPDX-License-Identifier: GPL-2.0-only
#include "guest_test.h"

#include "apply.h"
#include "build.h"
#include "commands.h"
#include "console_scan.h"
#include "exitcodes.h"
#include "feature_table.h"
#include "fetch.h"
#include "fsutil.h"
#include "initramfs.h"
#include "json.h"
#include "ktap.h"
#include "leak_stats.h"
#include "lock.h"
#include "msg.h"
#include "qemu.h"

#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define BOOT_TIMEOUT_S 600
#define BOOT_IDLE_S 120
/* modules_restrict=1: the patched kernel must start at that level (suite modules_restrict,
 * case boot_param); vanilla passes the unknown word on to /init's environment. */
#define GUEST_APPEND "console=ttyS0 panic=-1 loglevel=4 hb.timeout=240 modules_restrict=1"

/* The guest's suites, in the order /init runs them, and the feature each proves. A suite
 * whose proof rests on a test module (test-initramfs/kmod/, converted by the rules only on
 * the patched flavour) is expected to fail on vanilla whatever apply found in the tree. A
 * suite whose proof rests on the constified tables built into the kernel (nm says which)
 * can fail on vanilla only when some are built in. */
static const struct {
	const char *suite, *feature;
	bool proven_by_test_module;
	bool proven_by_built_in_tables;
} suite_features[] = {
	{ "smoke", NULL, false, false },
	{ "leaks", NULL, false, false }, /* a measurement: passes on both when the scan worked */
	/* a measurement: passes on both, with requests on vanilla and none at level 1 */
	{ "autoload", NULL, false, false },
	{ "kallsyms", "kallsyms_mode", false, false },
	{ "dmesg_restrict", "dmesg_restrict", false, false },
	{ "pk_pointers", "pk_pointers", true, false },
	{ "constify", "constify_ops", false, true },
	{ "modules_restrict", "modules_restrict", false, false },
	{ "modules_lock", "modules_restrict", false, false },
};
#define N_SUITES (sizeof(suite_features) / sizeof(suite_features[0]))

size_t guest_suite_count(void) { return N_SUITES; }
const char *guest_suite_name(size_t i) { return suite_features[i].suite; }
const char *guest_suite_feature(size_t i) { return suite_features[i].feature; }

/* Is the suite's feature among those this run selected? The smoke always is. */
bool guest_suite_selected(const struct hb_ctx *ctx, size_t i)
{
	const struct feature *f = suite_features[i].feature ? feature_find(suite_features[i].feature)
							    : NULL;
	return !f || (ctx_features(ctx) & (1u << (f - features)));
}

/* "hb.skip=a,b" for the suites of the features this run left out, "" when none. */
static char *skip_unselected(const struct hb_ctx *ctx)
{
	char *list = strdup("");
	for (size_t i = 0; i < N_SUITES; i++) {
		if (guest_suite_selected(ctx, i))
			continue;
		char *more = xasprintf("%s%s%s", list, *list ? "," : "hb.skip=", suite_features[i].suite);
		free(list);
		list = more;
	}
	return list;
}

void guest_test_result_free(struct guest_test_result *r)
{
	free(r->dir);
	memset(r, 0, sizeof(*r));
}

/* Did apply add FEATURE to this kernel (so that vanilla lacks it)? From CACHE/work/NAME/outcomes. */
static bool feature_added(const struct hb_ctx *ctx, const char *name, const char *feature)
{
	char *path = xasprintf("%s/work/%s/outcomes", ctx->cache, name);
	char *text = fs_read_file(path, NULL);
	char *needle = xasprintf("%s changed\n", feature);
	bool added = text && strstr(text, needle);
	free(needle);
	free(text);
	free(path);
	return added;
}

static void judge(const struct ktap_report *report, struct guest_test_result *r)
{
	r->as_expected = r->booted && r->console_clean;
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
		/* Expected failure: the suite ran and failed. Expected pass: it passed. */
		bool met = v->seen && v->passed == v->expect_pass;
		if (!met)
			r->as_expected = false;
	}
}

/* nm on B's vmlinux: where it put the tables of MANIFEST (constify_ops's). */
static void check_constified(const struct build_output *b, const char *manifest,
			     struct guest_test_result *r)
{
	char *vmlinux = fs_join(b->dir, "out/vmlinux");
	if (ro_symbols_of_vmlinux(vmlinux, manifest, &r->ro) != 0) {
		msg_warn("cannot read the symbols of %s with nm", vmlinux);
	} else {
		if (!r->ro.bounds_known)
			msg_warn("nm shows no __start_rodata, __end_rodata, __start_ro_after_init "
				 "or __end_ro_after_init in %s", vmlinux);
		r->has_constified = true;
		msg_info("nm %s: %d of the %d table(s) apply made const are built in, %d in "
			 "read-only data%s%s", vmlinux, r->ro.built_in, r->ro.listed, r->ro.read_only,
			 *r->ro.writable ? "; writable: " : "", r->ro.writable);
		if (!r->vanilla && r->ro.read_only != r->ro.built_in)
			msg_error("constify_ops: the patched vmlinux has writable tables that apply "
				  "made const: %s", r->ro.writable);
	}
	free(vmlinux);
}

/* results.json: the KTAP report (ktap_report_write_json) with the leak measurement added as
 * "leaks" (see leak_stats.h). */
static void write_results(const char *path, const struct ktap_report *report,
			  const struct guest_test_result *r)
{
	char *text = NULL, err[256];
	size_t len = 0;
	FILE *mem = open_memstream(&text, &len);
	if (!mem) {
		msg_warn("cannot write %s: out of memory", path);
		return;
	}
	int rc = ktap_report_write_json(report, mem);
	rc |= fclose(mem);
	struct json_value *v = rc == 0 ? json_parse(text, len, err, sizeof(err)) : NULL;
	free(text);
	if (!v) {
		msg_warn("cannot write %s: the KTAP report did not make JSON", path);
		return;
	}
	json_set(v, "leaks", leak_stats_to_json(&r->leaks));
	json_set(v, "autoload", autoload_stats_to_json(&r->autoload));
	if (r->has_constified) {
		struct json_value *c = json_object();
		json_set(c, "listed", json_number(r->ro.listed));
		json_set(c, "built_in", json_number(r->ro.built_in));
		json_set(c, "read_only", json_number(r->ro.read_only));
		json_set(v, "constified", c);
	}
	FILE *f = fopen(path, "w");
	if (!f || json_write(f, v, 0) != 0 || fputc('\n', f) == EOF)
		msg_warn("cannot write %s: %m", path);
	if (f)
		fclose(f);
	json_free(v);
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

static void print_verdicts(const struct guest_test_result *r)
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
		bool met = v->seen && v->passed == v->expect_pass;
		msg_info("%-18s %-18s %-9s %-24s %s", v->suite, v->feature ? v->feature : "regression",
			 v->expect_pass ? "pass" : "fail", result,
			 met ? (v->expect_pass ? "" : "(expected: vanilla lacks it)") : "<-- UNEXPECTED");
	}
}

int guest_test_check(const struct hb_ctx *ctx)
{
	char *guest_list = fs_join(ctx->repo, "build/guest/initramfs.list");
	bool there = fs_exists(guest_list);
	if (!there)
		msg_error("%s is missing: build the guest programs first (make guest)", guest_list);
	free(guest_list);
	return there ? HB_EXIT_OK : HB_EXIT_ENV;
}

int guest_test_kernel(struct hb_ctx *ctx, const struct kernel_entry *e, bool vanilla,
		      const char *extra_append, struct guest_test_result *r)
{
	memset(r, 0, sizeof(*r));
	int rc = guest_test_check(ctx);
	if (rc)
		return rc;
	struct build_output b;
	rc = build_kernel(ctx, e, vanilla, &b);
	if (rc == HB_EXIT_OK)
		rc = guest_test_built(ctx, e, vanilla, &b, extra_append, r);
	build_output_free(&b);
	return rc;
}

int guest_test_built(struct hb_ctx *ctx, const struct kernel_entry *e, bool vanilla,
		     const struct build_output *b, const char *extra_append,
		     struct guest_test_result *r)
{
	memset(r, 0, sizeof(*r));
	r->vanilla = vanilla;
	const char *flavour = vanilla ? "vanilla" : "patched";
	int rc = guest_test_check(ctx);
	if (rc)
		return rc;
	char *guest_list = fs_join(ctx->repo, "build/guest/initramfs.list");
	char *outcomes = xasprintf("%s/work/%s/outcomes", ctx->cache, e->name);
	if (vanilla && !fs_exists(outcomes)) /* what vanilla lacks is what apply adds */
		rc = apply_kernel(ctx, e, ctx_features(ctx), NULL);
	free(outcomes);
	r->dir = strdup(b->dir);
	char *cpio = fs_join(b->dir, "initramfs.cpio");
	char *gen = fs_join(b->dir, "out/usr/gen_init_cpio");
	char *console = fs_join(b->dir, "console.log");
	char *json = fs_join(b->dir, "results.json");
	char *manifest = xasprintf("%s/work/%s/constified", ctx->cache, e->name);
	char *extra = NULL;
	if (rc == HB_EXIT_OK && fs_exists(manifest)) {
		extra = xasprintf("file /hb/constified %s 0644 0 0\n", manifest);
		check_constified(b, manifest, r);
	}
	msg_stage("test %s %s: pack initramfs, boot QEMU", e->name, flavour);
	if (rc == HB_EXIT_OK &&
	    initramfs_pack(gen, guest_list, extra, b->modules, b->release, cpio, b->log) != 0) {
		msg_error("cannot pack the initramfs %s (log: %s)", cpio, b->log);
		rc = HB_EXIT_ENV;
	}
	for (size_t i = 0; i < N_SUITES && rc == HB_EXIT_OK; i++) {
		if (!guest_suite_selected(ctx, i))
			continue;
		struct suite_verdict *v = &r->suites[r->n_suites++];
		v->suite = suite_features[i].suite;
		v->feature = suite_features[i].feature;
		v->expect_pass = !vanilla || !v->feature ||
				 !(suite_features[i].proven_by_test_module ||
				   feature_added(ctx, e->name, v->feature));
		if (vanilla && suite_features[i].proven_by_built_in_tables)
			v->expect_pass = !(r->has_constified && r->ro.built_in > 0);
	}
	struct qemu_result q = { 0 };
	if (rc == HB_EXIT_OK) {
		char *skip = skip_unselected(ctx);
		char *append = xasprintf("%s%s%s%s%s", GUEST_APPEND, *skip ? " " : "", skip,
					 extra_append ? " " : "", extra_append ? extra_append : "");
		free(skip);
		struct qemu_opts o = { .kernel = b->bzimage, .initrd = cpio, .append = append,
				       .mem_mb = 256, .smp = QEMU_GUEST_SMP, .timeout_s = BOOT_TIMEOUT_S,
				       .idle_timeout_s = BOOT_IDLE_S, .console_log = console,
				       .done_marker = "# hb-done" };
		o.accel = r->accel = accel_for_this_run(&o);
		char *cmdline = qemu_command_line(&o);
		msg_info("$ %s", cmdline);
		free(cmdline);
		char err[512];
		if (qemu_run(&o, &q, err, sizeof(err)) != 0) {
			msg_error("cannot start QEMU: %s", err);
			rc = HB_EXIT_ENV;
		}
		free(append);
	}
	if (rc == HB_EXIT_OK) {
		r->boot_seconds = q.seconds;
		r->booted = q.done_marker_seen && !q.panic_seen && !q.hung && !q.timed_out;
		r->boot_problem = r->booted ? NULL : q.panic_seen ? "KERNEL PANIC"
				  : q.hung ? "HUNG (no output)" : q.timed_out ? "TIMED OUT"
				  : "no done marker";
		struct console_scan scan;
		console_scan(q.output, q.output_len, &scan);
		r->console_clean = !console_scan_trouble(&scan);
		if (!r->console_clean)
			snprintf(r->console_problem, sizeof(r->console_problem), "%s",
				 scan.first_line ? scan.first_line : "?");
		console_scan_free(&scan);
		struct ktap_report report;
		ktap_parse(q.output, q.output_len, &report);
		leak_stats_from_ktap(&report, &r->leaks);
		autoload_stats_from_ktap(&report, &r->autoload);
		write_results(json, &report, r);
		judge(&report, r);
		/* the host's half of the constify proof: nm on the patched vmlinux */
		if (!vanilla && r->has_constified && r->ro.read_only != r->ro.built_in)
			r->as_expected = false;
		ktap_report_free(&report);
		msg_info("boot: %.1f s with %s; %s%s%s", q.seconds, r->accel,
			 r->booted ? "guest finished" : r->boot_problem,
			 r->console_clean ? ", console clean" : ", console shows: ",
			 r->console_clean ? "" : r->console_problem);
		print_verdicts(r);
		print_leaks(&r->leaks);
		for (size_t i = 0; i < r->autoload.n; i++)
			msg_info("module autoload surface as %s: %ld request(s), %ld module(s) loaded",
				 r->autoload.who[i].who, r->autoload.who[i].requests,
				 r->autoload.who[i].loaded);
		msg_info("console: %s", console);
		msg_info("results: %s", json);
		if (!r->as_expected) {
			msg_error("test %s %s: not as expected (console log: %s)", e->name, flavour,
				  console);
			rc = HB_EXIT_FAILED;
		}
	}
	qemu_result_free(&q);
	free(extra);
	free(manifest);
	free(cpio);
	free(gen);
	free(console);
	free(json);
	free(guest_list);
	return rc;
}
