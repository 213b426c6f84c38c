// SPDX-License-Identifier: GPL-2.0-only
/* Unit tests of the KTAP parser (backport/boot/ktap.c). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "ktap.h"

static void parse(const char *text, struct ktap_report *r)
{
	assert_int_equal(ktap_parse(text, strlen(text), r), 0);
}

static void test_simple_pass_fail(void **state)
{
	(void)state;
	struct ktap_report r;
	parse("KTAP version 1\n"
	      "1..3\n"
	      "ok 1 first\n"
	      "not ok 2 second\n"
	      "ok 3 - third # rcode=0\n", &r);
	assert_true(r.version_seen);
	assert_true(r.plan_seen);
	assert_int_equal(r.plan, 3);
	assert_int_equal(r.n_results, 3);
	assert_int_equal(r.results[0].number, 1);
	assert_string_equal(r.results[0].name, "first");
	assert_int_equal(r.results[0].status, KTAP_OK);
	assert_null(r.results[0].reason);
	assert_string_equal(r.results[1].name, "second");
	assert_int_equal(r.results[1].status, KTAP_NOT_OK);
	assert_string_equal(r.results[2].name, "third");
	assert_int_equal(r.results[2].status, KTAP_OK);
	assert_string_equal(r.results[2].reason, "rcode=0");
	assert_int_equal(r.top.passed, 2);
	assert_int_equal(r.top.failed, 1);
	assert_int_equal(r.garbage_lines, 0);
	assert_false(ktap_report_success(&r));
	ktap_report_free(&r);

	parse("TAP version 13\n1..2\nok 1 a\nok 2 b\n", &r);
	assert_true(ktap_report_success(&r));
	assert_int_equal(r.top.passed, 2);
	assert_int_equal(r.documents, 1);
	ktap_report_free(&r);
}

static void test_skip_todo(void **state)
{
	(void)state;
	struct ktap_report r;
	parse("KTAP version 1\n"
	      "1..5\n"
	      "ok 1 a # SKIP no hardware\n"
	      "not ok 2 b # SKIP\n"
	      "not ok 3 c # TODO known broken\n"
	      "ok 4 d # skipped: lowercase\n"
	      "not ok 5 e # TIMEOUT 30 seconds\n", &r);
	assert_int_equal(r.n_results, 5);
	assert_int_equal(r.results[0].status, KTAP_SKIP);
	assert_string_equal(r.results[0].reason, "no hardware");
	assert_int_equal(r.results[1].status, KTAP_SKIP);
	assert_null(r.results[1].reason);
	assert_int_equal(r.results[2].status, KTAP_TODO);
	assert_string_equal(r.results[2].reason, "known broken");
	assert_string_equal(r.results[2].name, "c");
	assert_int_equal(r.results[3].status, KTAP_SKIP);
	assert_string_equal(r.results[3].reason, "lowercase");
	assert_int_equal(r.results[4].status, KTAP_NOT_OK);
	assert_string_equal(r.results[4].reason, "TIMEOUT 30 seconds");
	assert_int_equal(r.top.skipped, 3);
	assert_int_equal(r.top.todo, 1);
	assert_int_equal(r.top.failed, 1);
	assert_int_equal(r.top.passed, 0);
	assert_false(ktap_report_success(&r));
	ktap_report_free(&r);

	/* skip and todo alone do not fail a run */
	parse("KTAP version 1\n1..2\nok 1 a # SKIP x\nnot ok 2 b # TODO y\n", &r);
	assert_true(ktap_report_success(&r));
	ktap_report_free(&r);
}

/* The example of Documentation/dev-tools/ktap.rst, 2-space indentation. */
static void test_nested_spec_example(void **state)
{
	(void)state;
	struct ktap_report r;
	parse("KTAP version 1\n"
	      "1..1\n"
	      "  KTAP version 1\n"
	      "  1..3\n"
	      "    KTAP version 1\n"
	      "    1..1\n"
	      "    # test_1: initializing test_1\n"
	      "    ok 1 test_1\n"
	      "  ok 1 example_test_1\n"
	      "    KTAP version 1\n"
	      "    1..2\n"
	      "    ok 1 test_1 # SKIP test_1 skipped\n"
	      "    ok 2 test_2\n"
	      "  ok 2 example_test_2\n"
	      "    KTAP version 1\n"
	      "    1..3\n"
	      "    ok 1 test_1\n"
	      "    # test_2: FAIL\n"
	      "    not ok 2 test_2\n"
	      "    ok 3 test_3 # SKIP test_3 skipped\n"
	      "  not ok 3 example_test_3\n"
	      "not ok 1 main_test\n", &r);
	assert_int_equal(r.n_results, 1);
	const struct ktap_result *m = &r.results[0];
	assert_string_equal(m->name, "main_test");
	assert_int_equal(m->status, KTAP_NOT_OK);
	assert_int_equal(m->depth, 0);
	assert_int_equal(m->sub_plan, 3);
	assert_int_equal(m->n_sub, 3);
	assert_string_equal(m->sub[0].name, "example_test_1");
	assert_int_equal(m->sub[0].depth, 1);
	assert_int_equal(m->sub[0].n_sub, 1);
	assert_string_equal(m->sub[0].sub[0].name, "test_1");
	assert_int_equal(m->sub[0].sub[0].depth, 2);
	assert_int_equal(m->sub[0].sub[0].n_diag, 1);
	assert_string_equal(m->sub[0].sub[0].diag[0], "test_1: initializing test_1");
	assert_int_equal(m->sub[1].n_sub, 2);
	assert_int_equal(m->sub[1].sub[0].status, KTAP_SKIP);
	assert_string_equal(m->sub[1].sub[0].reason, "test_1 skipped");
	assert_string_equal(m->sub[2].name, "example_test_3");
	assert_int_equal(m->sub[2].status, KTAP_NOT_OK);
	assert_int_equal(m->sub[2].n_sub, 3);
	assert_int_equal(m->sub[2].sub[1].status, KTAP_NOT_OK);
	assert_string_equal(m->sub[2].sub[1].diag[0], "test_2: FAIL");
	assert_int_equal(r.top.failed, 1);
	/* leaves: test_1 | test_1 (skip), test_2 | test_1, test_2 (fail), test_3 (skip) */
	assert_int_equal(r.leaves.passed, 3);
	assert_int_equal(r.leaves.skipped, 2);
	assert_int_equal(r.leaves.failed, 1);
	assert_int_equal(r.garbage_lines, 0);
	ktap_report_free(&r);
}

/* KUnit of 5.10 (4 spaces, "# Subtest:", no nested version) and of 6.1. */
static void test_nested_kunit(void **state)
{
	(void)state;
	struct ktap_report r;
	parse("TAP version 14\n"
	      "1..2\n"
	      "    # Subtest: list\n"
	      "    1..2\n"
	      "    ok 1 - list_init\n"
	      "    ok 2 - list_add\n"
	      "ok 1 - list\n"
	      "    KTAP version 1\n"
	      "    # Subtest: memcpy\n"
	      "    1..1\n"
	      "    not ok 1 - memcpy_test\n"
	      "    # memcpy: pass:0 fail:1 skip:0 total:1\n"
	      "not ok 2 - memcpy\n", &r);
	assert_int_equal(r.n_results, 2);
	assert_string_equal(r.results[0].name, "list");
	assert_int_equal(r.results[0].n_sub, 2);
	assert_string_equal(r.results[0].sub[1].name, "list_add");
	assert_int_equal(r.results[1].n_sub, 1);
	assert_int_equal(r.results[1].sub[0].status, KTAP_NOT_OK);
	assert_int_equal(r.results[1].n_diag, 1);
	assert_string_equal(r.results[1].diag[0], "memcpy: pass:0 fail:1 skip:0 total:1");
	assert_int_equal(r.top.passed, 1);
	assert_int_equal(r.top.failed, 1);
	assert_int_equal(r.leaves.passed, 2);
	assert_int_equal(r.leaves.failed, 1);
	assert_false(ktap_report_success(&r));
	ktap_report_free(&r);
}

static void test_missing_results(void **state)
{
	(void)state;
	struct ktap_report r;
	parse("KTAP version 1\n1..4\nok 1 a\nok 3 c\n", &r);
	assert_int_equal(r.n_results, 4);
	assert_int_equal(r.top.passed, 2);
	assert_int_equal(r.top.missing, 2);
	assert_int_equal(r.top.failed, 2);
	assert_int_equal(r.results[2].number, 2);
	assert_int_equal(r.results[2].status, KTAP_MISSING);
	assert_string_equal(r.results[2].reason, "missing");
	assert_int_equal(r.results[3].number, 4);
	assert_int_equal(r.results[3].status, KTAP_MISSING);
	assert_false(r.results[3].out_of_order);
	assert_int_equal(r.out_of_order, 0);
	assert_false(ktap_report_success(&r));
	ktap_report_free(&r);

	/* the kernel died inside a suite: no parent result, subtests missing */
	parse("KTAP version 1\n"
	      "1..1\n"
	      "    KTAP version 1\n"
	      "    # Subtest: suite\n"
	      "    1..3\n"
	      "    ok 1 x\n"
	      "[    3.100000] BUG: kernel NULL pointer dereference, address: 0000000000000000\n", &r);
	assert_int_equal(r.n_results, 1);
	assert_int_equal(r.results[0].status, KTAP_MISSING);
	assert_string_equal(r.results[0].name, "suite");
	assert_int_equal(r.results[0].n_sub, 3);
	assert_int_equal(r.results[0].sub[0].status, KTAP_OK);
	assert_int_equal(r.results[0].sub[1].status, KTAP_MISSING);
	assert_int_equal(r.results[0].sub[2].number, 3);
	assert_int_equal(r.leaves.missing, 2);
	assert_int_equal(r.garbage_lines, 1);
	assert_false(ktap_report_success(&r));
	ktap_report_free(&r);
}

static void test_duplicates_out_of_order(void **state)
{
	(void)state;
	struct ktap_report r;
	parse("KTAP version 1\n1..3\nok 2 b\nok 1 a\nok 3 c\n", &r);
	assert_int_equal(r.n_results, 3);
	assert_true(r.results[1].out_of_order);
	assert_false(r.results[0].out_of_order);
	assert_int_equal(r.out_of_order, 1);
	assert_int_equal(r.duplicates, 0);
	assert_int_equal(r.top.missing, 0);
	assert_true(ktap_report_success(&r));
	ktap_report_free(&r);

	parse("KTAP version 1\n1..2\nok 1 a\nok 1 a\n", &r);
	assert_int_equal(r.duplicates, 1);
	assert_true(r.results[1].duplicate);
	assert_int_equal(r.top.missing, 1);
	assert_int_equal(r.results[2].number, 2);
	assert_false(ktap_report_success(&r));
	ktap_report_free(&r);

	/* plan 1, two results numbered 1: no missing, still not a success */
	parse("KTAP version 1\n1..1\nok 1 a\nok 1 a\n", &r);
	assert_int_equal(r.top.missing, 0);
	assert_false(ktap_report_success(&r));
	ktap_report_free(&r);
}

static void test_no_plan(void **state)
{
	(void)state;
	struct ktap_report r;
	parse("KTAP version 1\nok 1 a\nok 2 b\n", &r);
	assert_true(r.version_seen);
	assert_false(r.plan_seen);
	assert_int_equal(r.plan, -1);
	assert_int_equal(r.n_results, 2);
	assert_int_equal(r.top.passed, 2);
	assert_false(ktap_report_success(&r));
	ktap_report_free(&r);

	/* a plan at the end is a plan (TAP) */
	parse("TAP version 13\nok 1 a\nok 2 b\n1..2\n", &r);
	assert_true(r.plan_seen);
	assert_true(ktap_report_success(&r));
	ktap_report_free(&r);

	/* nothing at all */
	parse("Linux version 6.1.0\nRun /init as init process\n", &r);
	assert_false(r.version_seen);
	assert_false(r.plan_seen);
	assert_int_equal(r.n_results, 0);
	assert_int_equal(r.documents, 0);
	assert_int_equal(r.garbage_lines, 2);
	assert_false(ktap_report_success(&r));
	ktap_report_free(&r);
}

static void test_garbage_interleaved(void **state)
{
	(void)state;
	struct ktap_report r;
	parse("SeaBIOS (version 1.16.2-debian-1.16.2-1)\n"
	      "[    0.000000] Linux version 6.1.0 (gcc 12.2.0)\n"
	      "[    1.234567] Run /init as init process\n"
	      "KTAP version 1\n"
	      "1..3\n"
	      "[    1.300000] random: crng init done\n"
	      "ok 1 stack_canary\n"
	      "okay, this is not a result\n"
	      "[    1.400000] lkdtm: Performing direct entry WRITE_RO\n"
	      "not ok 2 write_ro\n"
	      "[    1.500000] ok 3 via printk\n"
	      "# hb-done\n"
	      "[    2.000000] reboot: Power down\n", &r);
	assert_int_equal(r.n_results, 3);
	assert_int_equal(r.results[1].status, KTAP_NOT_OK);
	assert_string_equal(r.results[1].name, "write_ro");
	assert_string_equal(r.results[2].name, "via printk");
	assert_int_equal(r.results[2].status, KTAP_OK);
	assert_int_equal(r.garbage_lines, 7);
	assert_int_equal(r.n_diag, 1);
	assert_string_equal(r.diag[0], "hb-done");
	assert_int_equal(r.top.passed, 2);
	assert_int_equal(r.top.failed, 1);
	ktap_report_free(&r);
}

static void test_crlf_and_nul(void **state)
{
	(void)state;
	struct ktap_report r;
	static const char text[] = "KTAP version 1\r\n1..2\r\r\nok 1 a \r\nnot ok 2 b # SKIP why\r\n\0garbage";
	assert_int_equal(ktap_parse(text, sizeof(text) - 1, &r), 0);
	assert_true(r.version_seen);
	assert_int_equal(r.plan, 2);
	assert_int_equal(r.n_results, 2);
	assert_string_equal(r.results[0].name, "a");
	assert_int_equal(r.results[1].status, KTAP_SKIP);
	assert_string_equal(r.results[1].reason, "why");
	assert_int_equal(r.garbage_lines, 1);
	assert_true(ktap_report_success(&r));
	ktap_report_free(&r);

	/* no newline at the end, length shorter than the string */
	static const char cut[] = "KTAP version 1\n1..1\nok 1 a\nnot ok 1 b\n";
	assert_int_equal(ktap_parse(cut, strlen("KTAP version 1\n1..1\nok 1 a"), &r), 0);
	assert_int_equal(r.n_results, 1);
	assert_true(ktap_report_success(&r));
	ktap_report_free(&r);
}

static void test_bail_out(void **state)
{
	(void)state;
	struct ktap_report r;
	parse("KTAP version 1\n1..3\nok 1 a\nBail out! no memory\nok 2 b\n", &r);
	assert_true(r.bailed_out);
	assert_string_equal(r.bail_reason, "no memory");
	assert_int_equal(r.n_results, 3);
	assert_int_equal(r.top.passed, 1);
	assert_int_equal(r.top.missing, 2);
	assert_false(ktap_report_success(&r));
	ktap_report_free(&r);

	parse("KTAP version 1\n1..1\nok 1 a\nBail out!\n", &r);
	assert_true(r.bailed_out);
	assert_null(r.bail_reason);
	assert_false(ktap_report_success(&r));
	ktap_report_free(&r);
}

static void test_several_documents(void **state)
{
	(void)state;
	struct ktap_report r;
	parse("KTAP version 1\n1..2\nok 1 a\nok 2 b\n"
	      "[    2.0] next program\n"
	      "KTAP version 1\n1..2\nok 1 c\n", &r);
	assert_int_equal(r.documents, 2);
	assert_int_equal(r.plan, 4);
	assert_true(r.plan_seen);
	assert_int_equal(r.n_results, 4);
	assert_string_equal(r.results[2].name, "c");
	assert_false(r.results[2].duplicate);
	assert_int_equal(r.results[3].status, KTAP_MISSING);
	assert_int_equal(r.duplicates, 0);
	assert_false(ktap_report_success(&r));
	ktap_report_free(&r);
}

static char *json_of(const char *text)
{
	struct ktap_report r;
	char *buf = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);
	assert_non_null(f);
	parse(text, &r);
	assert_int_equal(ktap_report_write_json(&r, f), 0);
	fclose(f);
	ktap_report_free(&r);
	return buf;
}

static void test_json_escaping(void **state)
{
	(void)state;
	char *j = json_of("KTAP version 1\n1..2\n"
			  "ok 1 say \"hi\" \\o/ \x01\t\x7f\xff\xc3\xa9 # SKIP a \"b\"\n"
			  "not ok 2 plain\n");
	assert_non_null(strstr(j, "\"name\": \"say \\\"hi\\\" \\\\o/ \\u0001\\t\\u007f\\ufffd\xc3\xa9\""));
	assert_non_null(strstr(j, "\"status\": \"skip\", \"reason\": \"a \\\"b\\\"\""));
	assert_non_null(strstr(j, "\"number\": 2, \"name\": \"plain\", \"status\": \"not_ok\", \"reason\": null"));
	assert_non_null(strstr(j, "\"success\": false"));
	assert_non_null(strstr(j, "\"counts\": {\"passed\": 0, \"failed\": 1, \"skipped\": 1, \"todo\": 0, \"missing\": 0}"));
	assert_non_null(strstr(j, "\"plan\": 2,"));
	/* nothing raw below 0x20 except the newlines of the layout */
	for (const char *c = j; *c; c++)
		assert_true((unsigned char)*c >= 0x20 || *c == '\n');
	free(j);

	j = json_of("KTAP version 1\n1..1\nok 1 x\nBail out! \"quoted\"\n");
	assert_non_null(strstr(j, "\"bail_reason\": \"\\\"quoted\\\"\""));
	assert_non_null(strstr(j, "\"success\": false"));
	free(j);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_simple_pass_fail),
		cmocka_unit_test(test_skip_todo),
		cmocka_unit_test(test_nested_spec_example),
		cmocka_unit_test(test_nested_kunit),
		cmocka_unit_test(test_missing_results),
		cmocka_unit_test(test_duplicates_out_of_order),
		cmocka_unit_test(test_no_plan),
		cmocka_unit_test(test_garbage_interleaved),
		cmocka_unit_test(test_crlf_and_nul),
		cmocka_unit_test(test_bail_out),
		cmocka_unit_test(test_several_documents),
		cmocka_unit_test(test_json_escaping),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
