// SPDX-License-Identifier: GPL-2.0-only
/* Unit tests of `backport report kcidb` (backport/report/report_kcidb.c): the kernel's own tests
 * under their KUnit and kselftest names, and a kernel's result as KCIDB checkouts, builds and
 * tests; the series' patchset hash (result/run_result.c). The schema itself is checked by
 * tests/suites/report-tests (tests/kcidb/check_kcidb.py). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "report_kcidb.h"
#include "run_result.h"

static void kernel_tests_get_their_own_names(void **state)
{
	(void)state;
	static const char *const cases[][2] = {
		{ "kunit_sysctl_test", "kunit.sysctl_test" },
		{ "kunit_list-kernel-test", "kunit.list-kernel-test" },
		{ "level0_kunit_sysctl_test", "kunit.sysctl_test" },
		{ "test_printf", "kselftest.lib.printf" },
		{ "level1_test_scanf", "kselftest.lib.scanf" },
		{ "sysctl_sh_0001", "kselftest.sysctl.sysctl_sh_0001" },
		{ "kmod_sh_0009", "kselftest.kmod.kmod_sh_0009" },
		{ "proc_fd-001-lookup", "kselftest.proc.fd-001-lookup" },
		{ "proc_proc-self-map-files.001", "kselftest.proc.proc-self-map-files_001" },
	};
	char buf[256];
	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		assert_true(kcidb_kernel_test_path(cases[i][0], buf, sizeof(buf)));
		assert_string_equal(buf, cases[i][1]);
	}
	assert_false(kcidb_kernel_test_path("level0_crypto_selftests", buf, sizeof(buf)));
	assert_string_equal(buf, "hardening_backport.kernel_tests.level0_crypto_selftests");
}

static void origins(void **state)
{
	(void)state;
	assert_true(kcidb_origin_ok("hardening_backport"));
	assert_true(kcidb_origin_ok("lab_2"));
	assert_false(kcidb_origin_ok("Hardening"));
	assert_false(kcidb_origin_ok("a-b"));
	assert_false(kcidb_origin_ok(""));
}

static void patchset_hash_is_kcidbs(void **state)
{
	(void)state;
	struct run_patch p[2] = { { "0001-a.patch", "" }, { "0002-b.patch", "" } };
	memset(p[0].sha256, '0', 64);
	p[0].sha256[63] = '1';
	memset(p[1].sha256, '1', 64);
	struct run_series s = { .known = true, .patches = p, .n = 2 };
	run_series_hash(&s);
	/* printf '%s\n' 00..01 11..11 | sha256sum */
	assert_string_equal(s.patchset_hash,
			    "4b69d30e54a7dc884b5a4fbf263cafb61134fca4cf5465eed184de6902eba195");
	s.n = 0;
	run_series_hash(&s);
	assert_string_equal(s.patchset_hash, "");
}

/* 6.1, both flavours built and booted: the guest's smoke and kallsyms suites (vanilla expected
 * to fail kallsyms) and two kernel tests. */
static json_t *guest_results(bool kallsyms_ok)
{
	json_error_t e;
	json_t *v = json_loads(kallsyms_ok ?
		"{\"results\": [{\"name\": \"smoke\", \"status\": \"ok\", \"subtests\": "
		"[{\"name\": \"boots\", \"status\": \"ok\"}]}, {\"name\": \"kallsyms\", \"status\": "
		"\"ok\", \"subtests\": [{\"name\": \"kallsyms_mode_0400\", \"status\": \"ok\"}]}, "
		"{\"name\": \"kernel_tests\", \"status\": \"ok\", \"subtests\": [{\"name\": "
		"\"kunit_sysctl_test\", \"status\": \"ok\"}, {\"name\": \"proc_read\", \"status\": "
		"\"not_ok\"}]}]}" :
		"{\"results\": [{\"name\": \"smoke\", \"status\": \"ok\", \"subtests\": "
		"[{\"name\": \"boots\", \"status\": \"ok\"}]}, {\"name\": \"kallsyms\", \"status\": "
		"\"not_ok\", \"subtests\": [{\"name\": \"kallsyms_mode_0400\", \"status\": "
		"\"not_ok\"}]}, {\"name\": \"kernel_tests\", \"status\": \"ok\", \"subtests\": "
		"[{\"name\": \"kunit_sysctl_test\", \"status\": \"ok\"}, {\"name\": \"proc_read\", "
		"\"status\": \"not_ok\"}]}]}", 0, &e);
	assert_non_null(v);
	return v;
}

static json_t *find_id(json_t *a, const char *id)
{
	for (size_t i = 0; i < json_array_size(a); i++)
		if (!strcmp(json_string_value(json_object_get(json_array_get(a, i), "id")), id))
			return json_array_get(a, i);
	fail_msg("no object %s", id);
	return NULL;
}

static const char *str(json_t *o, const char *key)
{
	return json_string_value(json_object_get(o, key));
}

static void a_kernel_as_kcidb(void **state)
{
	(void)state;
	struct run_result r;
	memset(&r, 0, sizeof(r));
	r.kernel = "6.1";
	r.version = "6.1.158-1";
	r.run_id = "matrix-20261203-100000";
	r.started = "2026-12-03T10:00:00Z";
	for (int s = 0; s < RUN_STAGES; s++)
		r.stages[s] = (struct run_stage){ .status = STAGE_OK, .seconds = 10 };
	struct run_suite suites[2] = {
		{ .name = "kallsyms", .feature = "kallsyms_mode" },
		{ .name = "smoke" },
	};
	suites[0].flavour[FLAVOUR_PATCHED].expect_pass = true; /* vanilla: expected to fail */
	suites[1].flavour[FLAVOUR_VANILLA].expect_pass = true;
	suites[1].flavour[FLAVOUR_PATCHED].expect_pass = true;
	r.suites = suites;
	r.n_suites = 2;
	for (int f = 0; f < FLAVOURS; f++) {
		r.flavour[f].tested = true;
		r.flavour[f].boot.booted = true;
		r.flavour[f].boot.console_clean = true;
		r.flavour[f].boot.boot_seconds = 35;
		r.flavour[f].results = guest_results(f == FLAVOUR_PATCHED);
	}
	struct run_patch p = { "0001-kallsyms_mode.patch", "" };
	memset(p.sha256, 'a', 64);
	r.series = (struct run_series){ .known = true, .patches = &p, .n = 1 };
	run_series_hash(&r.series);

	json_t *k = report_kcidb(&r, 1, "lab");
	assert_int_equal(json_integer_value(json_object_get(json_object_get(k, "version"),
							    "major")), 5);
	json_t *checkouts = json_object_get(k, "checkouts"), *builds = json_object_get(k, "builds");
	json_t *tests = json_object_get(k, "tests");
	assert_int_equal(json_array_size(checkouts), 2);
	assert_int_equal(json_array_size(builds), 2);
	/* per flavour: boot, 2 suites with a case each, kernel_tests with 2 */
	assert_int_equal(json_array_size(tests), 2 * (1 + 2 + 2 + 3));
	json_t *v = find_id(checkouts, "lab:matrix-20261203-100000:6.1:vanilla");
	json_t *p_ = find_id(checkouts, "lab:matrix-20261203-100000:6.1:patched");
	assert_string_equal(str(v, "origin"), "lab");
	assert_string_equal(str(v, "patchset_hash"), "");
	assert_string_equal(str(p_, "patchset_hash"), r.series.patchset_hash);
	assert_string_equal(str(v, "git_commit_name"), str(p_, "git_commit_name"));
	assert_string_equal(str(v, "tree_name"), str(p_, "tree_name"));
	json_t *b = find_id(builds, "lab:matrix-20261203-100000:6.1:patched:build");
	assert_string_equal(str(b, "checkout_id"), "lab:matrix-20261203-100000:6.1:patched");
	assert_string_equal(str(b, "status"), "PASS");
	json_t *t = find_id(tests, "lab:matrix-20261203-100000:6.1:vanilla:build:boot");
	assert_string_equal(str(t, "path"), "boot");
	assert_string_equal(str(t, "status"), "PASS");
	t = find_id(tests, "lab:matrix-20261203-100000:6.1:vanilla:build:kallsyms/"
			   "kallsyms_mode_0400");
	assert_string_equal(str(t, "path"), "hardening_backport.kallsyms.kallsyms_mode_0400");
	assert_string_equal(str(t, "status"), "FAIL");
	assert_string_equal(str(json_object_get(t, "misc"), "expected"), "fail");
	t = find_id(tests, "lab:matrix-20261203-100000:6.1:patched:build:kallsyms/"
			   "kallsyms_mode_0400");
	assert_string_equal(str(t, "status"), "PASS");
	assert_null(json_object_get(t, "misc"));
	t = find_id(tests, "lab:matrix-20261203-100000:6.1:patched:build:kernel_tests/"
			   "kunit_sysctl_test");
	assert_string_equal(str(t, "path"), "kunit.sysctl_test");
	t = find_id(tests, "lab:matrix-20261203-100000:6.1:patched:build:kernel_tests/proc_read");
	assert_string_equal(str(t, "path"), "kselftest.proc.read");
	assert_string_equal(str(t, "status"), "FAIL");
	json_decref(k);

	/* patched never built (its build failed): a FAIL build and no tests of it */
	r.stages[STAGE_BUILD_PATCHED].status = STAGE_FAILED;
	r.stages[STAGE_TEST_PATCHED].status = STAGE_SKIPPED;
	r.flavour[FLAVOUR_PATCHED].tested = false;
	k = report_kcidb(&r, 1, "lab");
	b = find_id(json_object_get(k, "builds"), "lab:matrix-20261203-100000:6.1:patched:build");
	assert_string_equal(str(b, "status"), "FAIL");
	assert_int_equal(json_array_size(json_object_get(k, "tests")), 8);
	json_decref(k);
	for (int f = 0; f < FLAVOURS; f++)
		json_decref(r.flavour[f].results);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(kernel_tests_get_their_own_names),
		cmocka_unit_test(origins),
		cmocka_unit_test(patchset_hash_is_kcidbs),
		cmocka_unit_test(a_kernel_as_kcidb),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
