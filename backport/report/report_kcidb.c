// SPDX-License-Identifier: GPL-2.0-only
#include "report_kcidb.h"

#include "json_util.h"
#include "kernel_tests.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

bool kcidb_origin_ok(const char *origin)
{
	size_t n = strspn(origin, "abcdefghijklmnopqrstuvwxyz0123456789_");
	return n > 0 && !origin[n];
}

/* A path component: KCIDB takes [a-zA-Z0-9_-]; anything else becomes '_'. */
static void component(char *out, size_t len, const char *s)
{
	size_t i = 0;
	for (; s[i] && i + 1 < len; i++) {
		char c = s[i];
		bool ok = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
			  (c >= '0' && c <= '9') || c == '_' || c == '-';
		out[i] = ok ? c : '_';
	}
	if (!i && len > 1)
		out[i++] = '_';
	out[i] = '\0';
}

static bool prefixed(const char *s, const char *prefix, const char **rest)
{
	size_t n = strlen(prefix);
	if (strncmp(s, prefix, n) || !s[n])
		return false;
	*rest = s + n;
	return true;
}

bool kcidb_kernel_test_path(const char *name, char *buf, size_t len)
{
	const char *s = name, *rest;
	char c[128];
	/* "level0_..." (the level it ran at) names the same test */
	if (!strncmp(s, "level", 5) && s[5] >= '0' && s[5] <= '9' && s[6] == '_')
		s += 7;
	const char *path = NULL;
	char what[160];
	if (prefixed(s, "kunit_", &rest)) {
		component(c, sizeof(c), rest);
		snprintf(what, sizeof(what), "kunit.%s", c);
		path = what;
	} else if (!strcmp(s, "test_printf") || !strcmp(s, "test_scanf")) {
		/* lib/test_printf.c and test_scanf.c: kselftest's lib/printf.sh and scanf.sh */
		snprintf(what, sizeof(what), "kselftest.lib.%s", s + 5);
		path = what;
	} else if (prefixed(s, "sysctl_sh_", &rest) || prefixed(s, "kmod_sh_", &rest)) {
		component(c, sizeof(c), s);
		snprintf(what, sizeof(what), "kselftest.%s.%s", s[0] == 's' ? "sysctl" : "kmod", c);
		path = what;
	} else if (prefixed(s, "proc_", &rest)) {
		component(c, sizeof(c), rest);
		snprintf(what, sizeof(what), "kselftest.proc.%s", c);
		path = what;
	}
	if (path) {
		snprintf(buf, len, "%s", path);
		return true;
	}
	component(c, sizeof(c), name);
	snprintf(buf, len, "%s.%s.%s", KCIDB_OUR_PATH, KERNEL_TESTS_SUITE, c);
	return false;
}

/* ---- the objects ---- */

struct kcidb {
	const char *origin;
	json_t *checkouts, *builds, *tests;
};

static const char *ktap_status(const char *s)
{
	return !s ? "MISS" : !strcmp(s, "ok") ? "PASS" : !strcmp(s, "not_ok") ? "FAIL"
	       : !strcmp(s, "skip") ? "SKIP" : !strcmp(s, "todo") ? "PASS" : "MISS";
}

static const char *stage_status(const struct run_stage *st)
{
	return st->status == STAGE_OK ? "PASS" : st->status == STAGE_FAILED ? "FAIL"
	       : st->status == STAGE_BROKEN ? "ERROR" : "MISS";
}

/* "ORIGIN:RUN:KERNEL" (malloc'd): the run's folder name, or its start when it had none. */
static char *base_id(const struct kcidb *k, const struct run_result *r)
{
	char run[80];
	snprintf(run, sizeof(run), "%s", r->run_id ? r->run_id : r->started ? r->started : "run");
	char *id = NULL;
	if (asprintf(&id, "%s:%s:%s", k->origin, run, r->kernel) < 0)
		abort();
	return id;
}

static json_t *checkout(const struct kcidb *k, const struct run_result *r, const char *id,
			enum flavour fl)
{
	json_t *o = json_object();
	bool fetched = r->stages[STAGE_FETCH].status == STAGE_OK;
	bool applied = r->stages[STAGE_APPLY].status == STAGE_OK;
	json_object_set_new(o, "id", json_string(id));
	json_object_set_new(o, "origin", json_string(k->origin));
	/* the same source for both: Debian's linux-source package at the version fetched (it
	 * carries no git commit: no git_commit_hash) */
	json_object_set_new(o, "tree_name", json_string("debian"));
	if (r->version)
		json_object_set_new(o, "git_commit_name", hb_json_string(r->version));
	if (r->started)
		json_object_set_new(o, "start_time", json_string(r->started));
	char comment[256];
	snprintf(comment, sizeof(comment), "kernel %s%s%s, %s%s", r->kernel,
		 r->version ? " at " : "", r->version ? r->version : "", flavour_name(fl),
		 fl == FLAVOUR_PATCHED ? " with the hardening-backport series" : "");
	json_object_set_new(o, "comment", hb_json_string(comment));
	json_t *misc = json_pack("{s:s, s:s}", "kernel", r->kernel, "flavour", flavour_name(fl));
	if (fl == FLAVOUR_VANILLA) {
		json_object_set_new(o, "patchset_hash", json_string(""));
		json_object_set_new(o, "valid", json_boolean(fetched));
	} else {
		json_object_set_new(o, "valid", json_boolean(fetched && applied));
		if (r->series.known) {
			json_object_set_new(o, "patchset_hash", json_string(r->series.patchset_hash));
			json_t *names = json_array();
			for (size_t i = 0; i < r->series.n; i++)
				json_array_append_new(names, hb_json_string(r->series.patches[i].name));
			json_object_set_new(misc, "patches", names);
		}
	}
	json_object_set_new(o, "misc", misc);
	return o;
}

static json_t *build(const struct kcidb *k, const struct run_result *r, const char *id,
		     const char *checkout_id, enum flavour fl)
{
	const struct run_stage *st =
		&r->stages[fl == FLAVOUR_VANILLA ? STAGE_BUILD_VANILLA : STAGE_BUILD_PATCHED];
	json_t *o = json_object();
	json_object_set_new(o, "id", json_string(id));
	json_object_set_new(o, "origin", json_string(k->origin));
	json_object_set_new(o, "checkout_id", json_string(checkout_id));
	json_object_set_new(o, "architecture", json_string("x86_64"));
	json_object_set_new(o, "status", json_string(stage_status(st)));
	if (st->status != STAGE_SKIPPED)
		json_object_set_new(o, "duration", hb_json_number(st->seconds));
	if (st->detail)
		json_object_set_new(o, "comment", hb_json_string(st->detail));
	json_t *misc = json_object();
	if (st->log)
		json_object_set_new(misc, "log", hb_json_string(st->log));
	json_object_set_new(o, "misc", misc);
	return o;
}

static json_t *test(const struct kcidb *k, const char *build_id, const char *id_tail,
		    const char *path, const char *status)
{
	json_t *o = json_object();
	char *id = NULL;
	if (asprintf(&id, "%s:%s", build_id, id_tail) < 0)
		abort();
	json_object_set_new(o, "id", hb_json_string(id));
	json_object_set_new(o, "origin", json_string(k->origin));
	json_object_set_new(o, "build_id", json_string(build_id));
	json_object_set_new(o, "path", json_string(path));
	json_object_set_new(o, "status", json_string(status));
	free(id);
	return o;
}

/* The vanilla flavour of a suite whose feature vanilla lacks is expected to fail it. */
static bool expected_to_fail(const struct run_result *r, const char *suite, enum flavour fl)
{
	for (size_t i = 0; i < r->n_suites; i++)
		if (!strcmp(r->suites[i].name, suite))
			return !r->suites[i].flavour[fl].expect_pass;
	return false;
}

static void mark_expected(json_t *t)
{
	json_object_set_new(t, "misc", json_pack("{s:s}", "expected", "fail"));
}

static void suite_tests(struct kcidb *k, const struct run_result *r, enum flavour fl,
			const char *build_id, const json_t *suite)
{
	const char *name = json_string_value(json_object_get(suite, "name"));
	if (!name)
		return;
	char c[128], path[512], tail[512];
	component(c, sizeof(c), name);
	bool expect_fail = expected_to_fail(r, name, fl);
	snprintf(path, sizeof(path), "%s.%s", KCIDB_OUR_PATH, c);
	json_t *t = test(k, build_id, name, path,
			 ktap_status(json_string_value(json_object_get(suite, "status"))));
	if (expect_fail)
		mark_expected(t);
	json_array_append_new(k->tests, t);
	json_t *subs = json_object_get(suite, "subtests");
	bool kernel_tests = !strcmp(name, KERNEL_TESTS_SUITE);
	for (size_t i = 0; i < json_array_size(subs); i++) {
		json_t *s = json_array_get(subs, i);
		const char *cname = json_string_value(json_object_get(s, "name"));
		if (!cname)
			continue;
		char cc[128];
		component(cc, sizeof(cc), cname);
		if (!kernel_tests || !kcidb_kernel_test_path(cname, path, sizeof(path)))
			snprintf(path, sizeof(path), "%s.%s.%s", KCIDB_OUR_PATH, c, cc);
		snprintf(tail, sizeof(tail), "%s/%s", name, cname);
		t = test(k, build_id, tail, path,
			 ktap_status(json_string_value(json_object_get(s, "status"))));
		if (expect_fail)
			mark_expected(t);
		json_array_append_new(k->tests, t);
	}
}

static void flavour_tests(struct kcidb *k, const struct run_result *r, enum flavour fl,
			  const char *build_id)
{
	const struct run_flavour *f = &r->flavour[fl];
	const struct run_stage *st =
		&r->stages[fl == FLAVOUR_VANILLA ? STAGE_TEST_VANILLA : STAGE_TEST_PATCHED];
	if (st->status == STAGE_SKIPPED)
		return;
	const char *boot = !f->tested ? "ERROR" : f->boot.booted && f->boot.console_clean
							 ? "PASS" : "FAIL";
	json_t *t = test(k, build_id, "boot", "boot", boot);
	if (f->tested)
		json_object_set_new(t, "duration", hb_json_number(f->boot.boot_seconds));
	char env[160];
	snprintf(env, sizeof(env), "QEMU x86_64 (%s), 2 CPUs",
		 f->boot.accel ? f->boot.accel : "tcg");
	json_object_set_new(t, "environment", json_pack("{s:s}", "comment", env));
	if (st->detail)
		json_object_set_new(t, "comment", hb_json_string(st->detail));
	json_array_append_new(k->tests, t);
	json_t *results = f->results ? json_object_get(f->results, "results") : NULL;
	for (size_t i = 0; i < json_array_size(results); i++)
		suite_tests(k, r, fl, build_id, json_array_get(results, i));
	const struct hc_flavour *h = &f->checker;
	if (h->ran) {
		t = test(k, build_id, "kernel-hardening-checker",
			 KCIDB_OUR_PATH ".kernel_hardening_checker", "DONE");
		json_object_set_new(t, "number", json_pack("{s:I, s:s}", "value",
							   (json_int_t)h->boot.fail, "unit",
							   "checks failed"));
		json_object_set_new(t, "comment", hb_json_string(h->source));
		json_object_set_new(t, "misc", json_pack("{s:I, s:I, s:o}", "ok",
							 (json_int_t)h->boot.ok, "fail",
							 (json_int_t)h->boot.fail, "version",
							 hb_json_string(h->version)));
		json_array_append_new(k->tests, t);
	}
}

static void kernel(struct kcidb *k, const struct run_result *r)
{
	char *base = base_id(k, r);
	for (int fl = 0; fl < FLAVOURS; fl++) {
		char *checkout_id = NULL, *build_id = NULL;
		if (asprintf(&checkout_id, "%s:%s", base, flavour_name(fl)) < 0 ||
		    asprintf(&build_id, "%s:%s:build", base, flavour_name(fl)) < 0)
			abort();
		json_array_append_new(k->checkouts, checkout(k, r, checkout_id, fl));
		enum run_stage_id b = fl == FLAVOUR_VANILLA ? STAGE_BUILD_VANILLA
							    : STAGE_BUILD_PATCHED;
		/* a build that never started (fetch or apply failed) is no build */
		if (r->stages[b].status != STAGE_SKIPPED || r->stages[STAGE_APPLY].status == STAGE_OK) {
			json_array_append_new(k->builds, build(k, r, build_id, checkout_id, fl));
			flavour_tests(k, r, fl, build_id);
		}
		free(checkout_id);
		free(build_id);
	}
	free(base);
}

json_t *report_kcidb(const struct run_result *r, size_t n, const char *origin)
{
	struct kcidb k = { .origin = origin, .checkouts = json_array(), .builds = json_array(),
			   .tests = json_array() };
	for (size_t i = 0; i < n; i++)
		kernel(&k, &r[i]);
	return json_pack("{s:{s:i, s:i}, s:o, s:o, s:o}", "version", "major", KCIDB_MAJOR,
			 "minor", KCIDB_MINOR, "checkouts", k.checkouts, "builds", k.builds,
			 "tests", k.tests);
}
