// SPDX-License-Identifier: GPL-2.0-only
/* Unit tests of the kernel's own tests on the host (backport/suites/kernel_tests.c and
 * backport/result/kernel_tests_diff.c): the suite kernel_tests' cases out of a console log's
 * KTAP, their JSON both ways, vanilla against patched case by case, and the smoke row's verdict
 * when patched fails what vanilla passes (backport/result/verdict.c). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "kernel_tests.h"
#include "kernel_tests_diff.h"
#include "verdict.h"

/* The suite as the guest prints it, with RESULTS (four "ok"/"not ok" words) for its cases. */
static char *console_of(const char *a, const char *b, const char *c, const char *d)
{
	char *text;
	int n = asprintf(&text,
			 "KTAP version 1\n1..2\n"
			 "  KTAP version 1\n  # Subtest: smoke\n  1..1\n  ok 1 smoke_boot\nok 1 smoke\n"
			 "  KTAP version 1\n  # Subtest: kernel_tests\n  1..6\n"
			 "  # KUnit suite sysctl_test: 10 case(s) ok, 0 not ok\n"
			 "  %s 1 kunit_sysctl_test\n"
			 "  %s 2 level0_crypto_selftests\n"
			 "  %s 3 kunit_list_test\n"
			 "  %s 4 level1_crypto_selftests\n"
			 "  ok 5 test_printf # SKIP not in this tree\n"
			 "  ok 6 kernel_tests_level_restored\n"
			 "not ok 2 kernel_tests\n",
			 a, b, c, d);
	assert_true(n > 0);
	return text;
}

static void from_console(const char *text, struct kernel_tests *out)
{
	struct ktap_report r;
	assert_int_equal(ktap_parse(text, strlen(text), &r), 0);
	kernel_tests_from_ktap(&r, out);
	ktap_report_free(&r);
}

static void cases_are_read_without_the_suites_own(void **state)
{
	(void)state;
	char *text = console_of("ok", "not ok", "ok", "ok");
	struct kernel_tests t;
	from_console(text, &t);
	free(text);
	assert_true(t.ran);
	assert_int_equal(t.n, 5); /* kernel_tests_level_restored is the suite's own */
	assert_int_equal(kernel_tests_find(&t, "kunit_sysctl_test")->result, KTEST_OK);
	assert_int_equal(kernel_tests_find(&t, "level0_crypto_selftests")->result, KTEST_NOT_OK);
	assert_int_equal(kernel_tests_find(&t, "test_printf")->result, KTEST_SKIP);
	assert_null(kernel_tests_find(&t, "kernel_tests_level_restored"));
	struct kernel_tests none;
	from_console("KTAP version 1\n1..1\nok 1 smoke\n", &none);
	assert_false(none.ran);
}

static void json_both_ways(void **state)
{
	(void)state;
	char *text = console_of("ok", "not ok", "ok", "ok");
	struct kernel_tests t, back;
	from_console(text, &t);
	free(text);
	char err[200];
	json_t *j = kernel_tests_to_json(&t);
	assert_int_equal(kernel_tests_from_json(j, &back, err, sizeof(err)), 0);
	json_decref(j);
	assert_true(back.ran);
	assert_int_equal(back.n, t.n);
	assert_int_equal(kernel_tests_find(&back, "level0_crypto_selftests")->result, KTEST_NOT_OK);
	/* the suite did not run: null, and back */
	struct kernel_tests none = { .ran = false };
	j = kernel_tests_to_json(&none);
	assert_true(json_is_null(j));
	assert_int_equal(kernel_tests_from_json(j, &back, err, sizeof(err)), 0);
	assert_false(back.ran);
	json_decref(j);
	j = json_loads("[{\"name\": \"x\", \"result\": \"maybe\"}]", 0, NULL);
	assert_int_equal(kernel_tests_from_json(j, &back, err, sizeof(err)), -1);
	assert_non_null(strstr(err, "entry 0"));
	json_decref(j);
}

/* A run_result with both flavours' kernel tests from the given results, and a smoke row. */
static void run_of(struct run_result *r, struct run_feature *smoke, struct run_suite *suite,
		   const char *const v[4], const char *const p[4])
{
	memset(r, 0, sizeof(*r));
	memset(smoke, 0, sizeof(*smoke));
	memset(suite, 0, sizeof(*suite));
	char *tv = console_of(v[0], v[1], v[2], v[3]), *tp = console_of(p[0], p[1], p[2], p[3]);
	from_console(tv, &r->flavour[FLAVOUR_VANILLA].boot.ktests);
	from_console(tp, &r->flavour[FLAVOUR_PATCHED].boot.ktests);
	free(tv);
	free(tp);
	suite->name = "smoke";
	for (int f = 0; f < FLAVOURS; f++)
		suite->flavour[f] = (struct suite_outcome){ .ran = true, .expect_pass = true,
							    .seen = true, .passed = true };
	r->suites = suite;
	r->n_suites = 1;
	smoke->n_suites = 1;
	r->features = smoke;
	r->n_features = 1;
}

static void patched_failing_what_vanilla_passes_is_a_regression(void **state)
{
	(void)state;
	struct run_result r;
	struct run_feature smoke;
	struct run_suite suite;
	const char *const v[] = { "ok", "not ok", "ok", "ok" };
	const char *const p[] = { "ok", "not ok", "not ok", "ok" };
	run_of(&r, &smoke, &suite, v, p);
	struct kernel_tests_diff d;
	kernel_tests_diff_of(&r, &d);
	assert_int_equal(d.n_regressions, 1);
	assert_string_equal(d.regressions, "kunit_list_test");
	assert_int_equal(d.n_upstream, 1);
	assert_string_equal(d.upstream, "level0_crypto_selftests");
	assert_int_equal(d.passed[FLAVOUR_VANILLA], 3);
	assert_int_equal(d.failed[FLAVOUR_PATCHED], 2);
	assert_int_equal(d.skipped[FLAVOUR_PATCHED], 1);
	kernel_tests_diff_free(&d);
	verdict_judge(&r);
	assert_int_equal(smoke.verdict, VERDICT_FAILED_PATCHED);
	free(smoke.log);
}

static void failing_on_both_is_no_regression(void **state)
{
	(void)state;
	struct run_result r;
	struct run_feature smoke;
	struct run_suite suite;
	const char *const both[] = { "ok", "not ok", "ok", "ok" };
	run_of(&r, &smoke, &suite, both, both);
	struct kernel_tests_diff d;
	kernel_tests_diff_of(&r, &d);
	assert_int_equal(d.n_regressions, 0);
	assert_null(d.regressions);
	assert_string_equal(d.upstream, "level0_crypto_selftests");
	kernel_tests_diff_free(&d);
	verdict_judge(&r);
	assert_int_equal(smoke.verdict, VERDICT_NO_REGRESSION);
	free(smoke.log);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(cases_are_read_without_the_suites_own),
		cmocka_unit_test(json_both_ways),
		cmocka_unit_test(patched_failing_what_vanilla_passes_is_a_regression),
		cmocka_unit_test(failing_on_both_is_no_regression),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
