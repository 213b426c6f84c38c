// SPDX-License-Identifier: GPL-2.0-only
/*
 * Unit tests of the KTAP parser (backport/console/ktap.c), with kunit's own logs
 * (tests/unit/ktap_data/, see its README) and our guest's output in the order
 * kunit.py reads and in the order of earlier guests.
 */
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

/* The report's JSON on one line (jansson's compact layout: ", " and ": " between items). */
static char *json_of(const char *text)
{
	struct ktap_report r;
	parse(text, &r);
	json_t *v = ktap_report_to_json(&r);
	assert_non_null(v);
	ktap_report_free(&r);
	char *buf = json_dumps(v, JSON_PRESERVE_ORDER);
	assert_non_null(buf);
	json_decref(v);
	return buf;
}

static void test_json_escaping(void **state)
{
	(void)state;
	char *j = json_of("KTAP version 1\n1..2\n"
			  "ok 1 say \"hi\" \\o/ \x01\t\x7f\xff\xc3\xa9 # SKIP a \"b\"\n"
			  "not ok 2 plain\n");
	/* controls below 0x20 escaped (DEL needs no escape); a byte of no valid UTF-8 is U+FFFD */
	assert_non_null(strstr(j, "\"name\": \"say \\\"hi\\\" \\\\o/ \\u0001\\t\x7f\xef\xbf\xbd\xc3\xa9\""));
	assert_non_null(strstr(j, "\"status\": \"skip\", \"reason\": \"a \\\"b\\\"\""));
	assert_non_null(strstr(j, "\"number\": 2, \"name\": \"plain\", \"status\": \"not_ok\", \"reason\": null"));
	assert_non_null(strstr(j, "\"success\": false"));
	assert_non_null(strstr(j, "\"counts\": {\"passed\": 0, \"failed\": 1, \"skipped\": 1, \"todo\": 0, \"missing\": 0}"));
	assert_non_null(strstr(j, "\"plan\": 2,"));
	/* nothing raw below 0x20 */
	for (const char *c = j; *c; c++)
		assert_true((unsigned char)*c >= 0x20);
	free(j);

	j = json_of("KTAP version 1\n1..1\nok 1 x\nBail out! \"quoted\"\n");
	assert_non_null(strstr(j, "\"bail_reason\": \"\\\"quoted\\\"\""));
	assert_non_null(strstr(j, "\"success\": false"));
	free(j);
}


/* ---- the tree of results as one line, to compare with an expectation ---- */

struct buf {
	char *s;
	size_t n, cap;
};

static void buf_add(struct buf *b, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	int n = vsnprintf(NULL, 0, fmt, ap);
	va_end(ap);
	assert_true(n >= 0);
	if (b->n + (size_t)n + 1 > b->cap) {
		b->cap = (b->n + (size_t)n + 1) * 2;
		b->s = realloc(b->s, b->cap);
		assert_non_null(b->s);
	}
	va_start(ap, fmt);
	vsnprintf(b->s + b->n, b->cap - b->n, fmt, ap);
	va_end(ap);
	b->n += (size_t)n;
}

/* "N name=status[subtests]", siblings separated by ", " (depth checked on the way) */
static void tree_add(struct buf *b, const struct ktap_result *r, size_t n, int depth)
{
	for (size_t i = 0; i < n; i++) {
		assert_int_equal(r[i].depth, depth);
		buf_add(b, "%s%d %s=%s", i ? ", " : "", r[i].number, r[i].name,
			ktap_status_name(r[i].status));
		if (r[i].n_sub) {
			buf_add(b, "[");
			tree_add(b, r[i].sub, r[i].n_sub, depth + 1);
			buf_add(b, "]");
		}
	}
}

static char *tree_of(const struct ktap_report *r)
{
	struct buf b = { 0 };
	buf_add(&b, "%s", "");
	tree_add(&b, r->results, r->n_results, 0);
	return b.s;
}

static char *report_json(const struct ktap_report *r)
{
	json_t *v = ktap_report_to_json(r);
	assert_non_null(v);
	char *s = json_dumps(v, JSON_PRESERVE_ORDER | JSON_INDENT(1));
	assert_non_null(s);
	json_decref(v);
	return s;
}

/*
 * The report counted as kunit.py counts (kunit_parser.py: parse_test,
 * bubble_up_test_results, TestCounts): a test counts by its status, a missing
 * one as crashed, a nested one that passed without any subtest ("0 tests
 * run!") not at all; a parent counts its subtests, itself only when they
 * counted nothing, and one failure more when it failed although they passed.
 * Written as kunit.py's summary, "Ran N tests: passed: P, ..." without its
 * errors.
 */
struct kcounts {
	size_t passed, failed, crashed, skipped;
};

static size_t kcounts_total(const struct kcounts *c)
{
	return c->passed + c->failed + c->crashed + c->skipped;
}

static void kunit_count(struct kcounts *c, const struct ktap_result *r, size_t n)
{
	for (size_t i = 0; i < n; i++) {
		struct kcounts own = { 0 };
		kunit_count(&own, r[i].sub, r[i].n_sub);
		enum ktap_status st = r[i].status;
		bool no_tests = r[i].nested && !r[i].n_sub &&
				(st == KTAP_OK || st == KTAP_TODO || st == KTAP_MISSING);
		if (!kcounts_total(&own) && !no_tests) {
			switch (st) {
			case KTAP_OK:
			case KTAP_TODO:  /* kunit.py knows no TODO; no log here has one */
				own.passed++;
				break;
			case KTAP_NOT_OK:
				own.failed++;
				break;
			case KTAP_SKIP:
				own.skipped++;
				break;
			case KTAP_MISSING:
				own.crashed++;
				break;
			}
		} else if (st == KTAP_NOT_OK && !own.crashed && !own.failed && own.passed) {
			own.failed++;
		}
		c->passed += own.passed;
		c->failed += own.failed;
		c->crashed += own.crashed;
		c->skipped += own.skipped;
	}
}

static char *kunit_summary(const struct ktap_report *r)
{
	struct kcounts c = { 0 };
	kunit_count(&c, r->results, r->n_results);
	/* kunit.py's main test: crashed when its subtests counted nothing */
	if (r->n_results && !kcounts_total(&c))
		c.crashed++;
	struct buf b = { 0 };
	buf_add(&b, "Ran %zu tests: ", kcounts_total(&c));
	const char *sep = "";
	const struct {
		const char *name;
		size_t n;
	} parts[] = { { "passed", c.passed }, { "failed", c.failed },
		      { "crashed", c.crashed }, { "skipped", c.skipped } };
	for (size_t i = 0; i < sizeof(parts) / sizeof(parts[0]); i++) {
		if (!parts[i].n)
			continue;
		buf_add(&b, "%s%s: %zu", sep, parts[i].name, parts[i].n);
		sep = ", ";
	}
	return b.s;
}

/* kunit.py's summary without ", errors: N" (problems it reports besides the counts) */
static char *without_errors(const char *kunit_says)
{
	char *s = strdup(kunit_says);
	assert_non_null(s);
	char *e = strstr(s, "errors: ");
	if (e) {
		if (e >= s + 2 && e[-2] == ',')
			e -= 2;
		*e = '\0';
	}
	return s;
}

/* ---- kunit's own logs (tests/unit/ktap_data/README names their origin) ---- */

/* The folder of the fixtures: $HB_KTAP_DATA, else ktap_data beside this file. */
static void fixture_path(char *path, size_t size, const char *name)
{
	const char *dir = getenv("HB_KTAP_DATA");
	if (dir) {
		snprintf(path, size, "%s/%s", dir, name);
		return;
	}
	const char *slash = strrchr(__FILE__, '/');
	if (slash)
		snprintf(path, size, "%.*s/ktap_data/%s", (int)(slash - __FILE__), __FILE__, name);
	else
		snprintf(path, size, "ktap_data/%s", name);
}

static char *read_all(const char *path, size_t *len)
{
	FILE *f = fopen(path, "rb");
	if (!f)
		return NULL;
	size_t cap = 4096, n = 0;
	char *s = malloc(cap);
	assert_non_null(s);
	size_t got;
	while ((got = fread(s + n, 1, cap - n, f)) > 0) {
		n += got;
		if (n == cap) {
			cap *= 2;
			s = realloc(s, cap);
			assert_non_null(s);
		}
	}
	fclose(f);
	*len = n;
	return s;
}

struct kunit_log {
	const char *file;
	/* what kunit.py parse (7.2) says, for the record: "Ran N tests: ..." */
	const char *kunit_says;
	size_t documents;
	int plan;
	struct ktap_counts top, leaves;
	const char *tree;
};

static const struct kunit_log kunit_logs[] = {
	{
		/* tabs, a suite nested inside a suite's cases, text without '#' between */
		"test_is_test_passed-all_passed_nested.log", "Ran 7 tests: passed: 7",
		1, 2, { .passed = 2 }, { .passed = 7 },
		"1 sysctl_test=ok[1 sysctl_test_dointvec_null_tbl_data=ok, "
		"2 example=ok[1 example_simple_test=ok, 2 example_mock_test=ok], "
		"3 sysctl_test_dointvec_table_len_is_zero=ok, "
		"4 sysctl_test_dointvec_table_read_but_position_set=ok], "
		"2 example=ok[1 example_simple_test=ok, 2 example_mock_test=ok]",
	},
	{
		/* a nested test's results indented deeper than its version line and plan;
		 * kunit also counts the failing parent of a passing case: its 3 are 1 + 2 */
		"test_is_test_passed-failure-nested.log", "Ran 3 tests: passed: 1, failed: 2",
		1, 2, { .failed = 2 }, { .passed = 1, .failed = 1 },
		"1 subtest 1=not_ok[1 test 1=ok], 2 subtest 2=not_ok[1 subsubtest 1=not_ok]",
	},
	{
		/* the same file as it was before (torvalds/linux, blob at 0c5b86c6) */
		"test_is_test_passed-failure-nested.0c5b86c6.log", "Ran 2 tests: failed: 2",
		1, 2, { .failed = 2 }, { .failed = 2 },
		"1 subtest 1=not_ok, 2 subtest 2=not_ok[1 subsubtest 1=not_ok]",
	},
	{
		/* printk timestamps, tabs; the kernel dies in the third suite (kunit: crashed) */
		"test_kernel_panic_interrupt.log",
		"Ran 10 tests: passed: 8, crashed: 2, errors: 3",
		1, 3, { .passed = 2, .failed = 1, .missing = 1 },
		{ .passed = 8, .failed = 2, .missing = 2 },
		"1 kunit-resource-test=ok[1 kunit_resource_test_init_resources=ok, "
		"2 kunit_resource_test_alloc_resource=ok, 3 kunit_resource_test_destroy_resource=ok, "
		"4 kunit_resource_test_cleanup_resources=ok, "
		"5 kunit_resource_test_proper_free_ordering=ok], "
		"2 kunit-try-catch-test=ok[1 kunit_test_try_catch_successful_try_no_catch=ok, "
		"2 kunit_test_try_catch_unsuccessful_try_does_catch=ok], "
		"3 string-stream-test=missing[1 string_stream_test_empty_on_creation=ok, "
		"2 =missing, 3 =missing]",
	},
	{
		/* "[time][    T1] " prefixes */
		"test_multiple_prefixes.log", "Ran 10 tests: passed: 10",
		1, 3, { .passed = 3 }, { .passed = 10 },
		"1 kunit-resource-test=ok[1 kunit_resource_test_init_resources=ok, "
		"2 kunit_resource_test_alloc_resource=ok, 3 kunit_resource_test_destroy_resource=ok, "
		"4 kunit_resource_test_cleanup_resources=ok, "
		"5 kunit_resource_test_proper_free_ordering=ok], "
		"2 kunit-try-catch-test=ok[1 kunit_test_try_catch_successful_try_no_catch=ok, "
		"2 kunit_test_try_catch_unsuccessful_try_does_catch=ok], "
		"3 string-stream-test=ok[1 string_stream_test_empty_on_creation=ok, "
		"2 string_stream_test_not_empty_after_add=ok, 3 string_stream_test_get_string=ok]",
	},
	{
		/* every line after one space, the nested ones after a space and a tab */
		"test_pound_no_prefix.log", "Ran 10 tests: passed: 10",
		1, 3, { .passed = 3 }, { .passed = 10 },
		"1 kunit-resource-test=ok[1 kunit_resource_test_init_resources=ok, "
		"2 kunit_resource_test_alloc_resource=ok, 3 kunit_resource_test_destroy_resource=ok, "
		"4 kunit_resource_test_cleanup_resources=ok, "
		"5 kunit_resource_test_proper_free_ordering=ok], "
		"2 kunit-try-catch-test=ok[1 kunit_test_try_catch_successful_try_no_catch=ok, "
		"2 kunit_test_try_catch_unsuccessful_try_does_catch=ok], "
		"3 string-stream-test=ok[1 string_stream_test_empty_on_creation=ok, "
		"2 string_stream_test_not_empty_after_add=ok, 3 string_stream_test_get_string=ok]",
	},
	{
		/* a suite without its plan */
		"test_is_test_passed-missing_plan.log", "Ran 10 tests: passed: 10",
		1, -1, { .passed = 2 }, { .passed = 10 },
		"1 sysctl_test=ok[1 sysctl_test_dointvec_null_tbl_data=ok, "
		"2 sysctl_test_dointvec_table_maxlen_unset=ok, "
		"3 sysctl_test_dointvec_table_len_is_zero=ok, "
		"4 sysctl_test_dointvec_table_read_but_position_set=ok, "
		"5 sysctl_test_dointvec_happy_single_positive=ok, "
		"6 sysctl_test_dointvec_happy_single_negative=ok, "
		"7 sysctl_test_dointvec_single_less_int_min=ok, "
		"8 sysctl_test_dointvec_single_greater_int_max=ok], "
		"2 example=ok[1 example_simple_test=ok, 2 example_mock_test=ok]",
	},
	{
		/* "# Subtest:" for a case that has no subtests */
		"test_is_test_passed-no_tests_no_plan.log", "Ran 1 tests: passed: 1, errors: 1",
		1, 1, { .passed = 1 }, { .passed = 1 },
		"1 suite=ok[1 case=ok]",
	},
	{
		/* the order our guest prints: version line, "# Subtest:", plan */
		"test_parse_subtest_header.log", "Ran 1 tests: passed: 1",
		1, 1, { .passed = 1 }, { .passed = 1 },
		"1 suite=ok[1 test=ok]",
	},
	{
		/* 4 spaces, "# SKIP" */
		"test_skip_tests.log", "Ran 5 tests: passed: 4, skipped: 1",
		1, 2, { .passed = 2 }, { .passed = 4, .skipped = 1 },
		"1 string-stream-test=ok[1 string_stream_test_empty_on_creation=ok, "
		"2 string_stream_test_not_empty_after_add=ok, 3 string_stream_test_get_string=ok], "
		"2 example=ok[1 example_simple_test=ok, 2 example_skip_test=skip]",
	},
};

static void check_counts(const struct ktap_counts *got, const struct ktap_counts *want)
{
	assert_int_equal(got->passed, want->passed);
	assert_int_equal(got->failed, want->failed);
	assert_int_equal(got->skipped, want->skipped);
	assert_int_equal(got->todo, want->todo);
	assert_int_equal(got->missing, want->missing);
}

static void check_kunit_log(const struct kunit_log *k, const char *text, size_t len)
{
	struct ktap_report r;
	assert_int_equal(ktap_parse(text, len, &r), 0);
	char *tree = tree_of(&r);
	if (strcmp(tree, k->tree))
		print_message("  %s (kunit.py: %s)\n", k->file, k->kunit_says);
	assert_string_equal(tree, k->tree);
	free(tree);
	/* the counts kunit.py gives for the same file */
	char *ours = kunit_summary(&r), *theirs = without_errors(k->kunit_says);
	assert_string_equal(ours, theirs);
	free(ours);
	free(theirs);
	assert_true(r.version_seen);
	assert_int_equal(r.documents, k->documents);
	assert_int_equal(r.plan, k->plan);
	assert_int_equal(r.duplicates, 0);
	assert_int_equal(r.out_of_order, 0);
	check_counts(&r.top, &k->top);
	check_counts(&r.leaves, &k->leaves);
	ktap_report_free(&r);
}

static void test_kunit_logs(void **state)
{
	(void)state;
	for (size_t i = 0; i < sizeof(kunit_logs) / sizeof(kunit_logs[0]); i++) {
		char path[4096];
		size_t len;
		fixture_path(path, sizeof(path), kunit_logs[i].file);
		char *text = read_all(path, &len);
		if (!text)
			fail_msg("cannot read the fixture %s", path);
		check_kunit_log(&kunit_logs[i], text, len);
		free(text);
	}
}

/* ---- our guest: the order kunit.py reads, and the order before ---- */

/* What /init prints today (test-initramfs/src/suite_runner.c): the suite's version
 * line, "# Subtest:" after it; a suite that printed nothing gets both from /init. */
static const char guest_new[] =
	"KTAP version 1\n"
	"1..5\n"
	"# hb-init: cmdline: console=ttyS0 panic=-1 modules_restrict=1\n"
	"  KTAP version 1\n"
	"  # Subtest: smoke\n"
	"  1..2\n"
	"  # smoke: a diagnostic\n"
	"  ok 1 smoke_boot_environment\n"
	"  ok 2 smoke_unpriv_identity\n"
	"ok 1 smoke\n"
	"  KTAP version 1\n"
	"  # Subtest: kallsyms\n"
	"  1..2\n"
	"  not ok 1 kallsyms_mode_0400\n"
	"  ok 2 kallsyms_root_read # SKIP no root\n"
	"# /hb/tests/kallsyms: exit status 1\n"
	"not ok 2 kallsyms\n"
	"  KTAP version 1\n"
	"  # Subtest: constify\n"
	"# /hb/tests/constify: killed by signal 11 (Segmentation fault)\n"
	"not ok 3 constify\n"
	"  KTAP version 1\n"
	"  # Subtest: modules_restrict\n"
	"  # exec /hb/tests/modules_restrict: ENOENT\n"
	"# /hb/tests/modules_restrict: exit status 127\n"
	"not ok 4 modules_restrict\n"
	"  KTAP version 1\n"
	"  # Subtest: modules_lock\n"
	"  1..3\n"
	"  ok 1 modules_lock_precondition\n"
	"[   12.345678] Kernel panic - not syncing: Fatal exception\n";

/* The same run as the guest printed it before: "# Subtest:" first, none for a
 * suite that printed nothing. */
static const char guest_old[] =
	"KTAP version 1\n"
	"1..5\n"
	"# hb-init: cmdline: console=ttyS0 panic=-1 modules_restrict=1\n"
	"  # Subtest: smoke\n"
	"  KTAP version 1\n"
	"  1..2\n"
	"  # smoke: a diagnostic\n"
	"  ok 1 smoke_boot_environment\n"
	"  ok 2 smoke_unpriv_identity\n"
	"ok 1 smoke\n"
	"  # Subtest: kallsyms\n"
	"  KTAP version 1\n"
	"  1..2\n"
	"  not ok 1 kallsyms_mode_0400\n"
	"  ok 2 kallsyms_root_read # SKIP no root\n"
	"# /hb/tests/kallsyms: exit status 1\n"
	"not ok 2 kallsyms\n"
	"  # Subtest: constify\n"
	"# /hb/tests/constify: killed by signal 11 (Segmentation fault)\n"
	"not ok 3 constify\n"
	"  # Subtest: modules_restrict\n"
	"  # exec /hb/tests/modules_restrict: ENOENT\n"
	"# /hb/tests/modules_restrict: exit status 127\n"
	"not ok 4 modules_restrict\n"
	"  # Subtest: modules_lock\n"
	"  KTAP version 1\n"
	"  1..3\n"
	"  ok 1 modules_lock_precondition\n"
	"[   12.345678] Kernel panic - not syncing: Fatal exception\n";

static void test_guest_both_orders(void **state)
{
	(void)state;
	struct ktap_report n, o;
	parse(guest_new, &n);
	parse(guest_old, &o);

	char *tree = tree_of(&n);
	assert_string_equal(tree,
			    "1 smoke=ok[1 smoke_boot_environment=ok, 2 smoke_unpriv_identity=ok], "
			    "2 kallsyms=not_ok[1 kallsyms_mode_0400=not_ok, 2 kallsyms_root_read=skip], "
			    "3 constify=not_ok, 4 modules_restrict=not_ok, "
			    "5 modules_lock=missing[1 modules_lock_precondition=ok, 2 =missing, 3 =missing]");
	free(tree);
	assert_int_equal(n.plan, 5);
	assert_int_equal(n.documents, 1);
	assert_int_equal(n.top.passed, 1);
	assert_int_equal(n.top.failed, 4);
	assert_int_equal(n.top.missing, 1);
	assert_int_equal(n.leaves.passed, 3);
	/* kallsyms_mode_0400, constify, modules_restrict and 2 missing */
	assert_int_equal(n.leaves.failed, 5);
	assert_int_equal(n.leaves.skipped, 1);
	assert_int_equal(n.leaves.missing, 2);
	assert_int_equal(n.garbage_lines, 1);
	assert_int_equal(n.results[0].sub_plan, 2);
	assert_int_equal(n.results[0].sub[0].n_diag, 1);
	assert_string_equal(n.results[0].sub[0].diag[0], "smoke: a diagnostic");
	assert_int_equal(n.results[1].n_diag, 1);
	assert_string_equal(n.results[1].diag[0], "/hb/tests/kallsyms: exit status 1");
	assert_int_equal(n.results[2].n_diag, 1);
	assert_string_equal(n.results[2].diag[0],
			    "/hb/tests/constify: killed by signal 11 (Segmentation fault)");
	assert_int_equal(n.results[3].n_diag, 2);
	assert_string_equal(n.results[3].diag[0], "exec /hb/tests/modules_restrict: ENOENT");
	assert_string_equal(n.results[4].name, "modules_lock");
	assert_false(ktap_report_success(&n));

	/* the same report, to the last byte of its JSON */
	char *jn = report_json(&n), *jo = report_json(&o);
	assert_string_equal(jn, jo);
	free(jn);
	free(jo);
	ktap_report_free(&n);
	ktap_report_free(&o);
}

/* Groups whose parent result never came, in both orders; tabs and spaces mixed. */
static void test_subtest_order_and_tabs(void **state)
{
	(void)state;
	static const char *const texts[] = {
		/* "# Subtest:" before the version line */
		"KTAP version 1\n1..3\n"
		"  # Subtest: a\n  KTAP version 1\n  1..1\n  ok 1 x\n"
		"  # Subtest: b\n  KTAP version 1\n  1..1\n  ok 1 y\n"
		"ok 2 b\n",
		/* after it */
		"KTAP version 1\n1..3\n"
		"  KTAP version 1\n  # Subtest: a\n  1..1\n  ok 1 x\n"
		"  KTAP version 1\n  # Subtest: b\n  1..1\n  ok 1 y\n"
		"ok 2 b\n",
		/* a tab is 8 columns: "\t" and 8 spaces are one level */
		"KTAP version 1\n1..3\n"
		"\tKTAP version 1\n        # Subtest: a\n\t1..1\n        ok 1 x\n"
		"        KTAP version 1\n\t# Subtest: b\n  \t1..1\n\tok 1 y\n"
		"ok 2 b\n",
	};
	char *first = NULL;
	for (size_t i = 0; i < sizeof(texts) / sizeof(texts[0]); i++) {
		struct ktap_report r;
		parse(texts[i], &r);
		char *tree = tree_of(&r);
		assert_string_equal(tree, "1 a=missing[1 x=ok], 2 b=ok[1 y=ok], 3 =missing");
		free(tree);
		assert_int_equal(r.garbage_lines, 0);
		char *j = report_json(&r);
		if (!first)
			first = j;
		else {
			assert_string_equal(j, first);
			free(j);
		}
		ktap_report_free(&r);
	}
	free(first);

	/* a tab-indented suite two levels deep, with its results after one tab */
	struct ktap_report r;
	parse("TAP version 14\n1..1\n"
	      "\t# Subtest: outer\n\t1..2\n"
	      "\t\t# Subtest: inner\n\t\t1..1\n\t\tnot ok 1 - deep\n"
	      "\tnot ok 1 - inner\n"
	      "\tok 2 - flat\n"
	      "not ok 1 - outer\n", &r);
	char *tree = tree_of(&r);
	assert_string_equal(tree, "1 outer=not_ok[1 inner=not_ok[1 deep=not_ok], 2 flat=ok]");
	free(tree);
	assert_int_equal(r.leaves.failed, 1);
	assert_int_equal(r.leaves.passed, 1);
	ktap_report_free(&r);
}

/*
 * "test_ktap --kunit-summary FILE...": no tests, but for each file the line
 * kunit.py parse would end with, from this parser's report
 * ("FILE: Ran N tests: passed: P, ..."), for tests/suites/ktap-kunit-check.
 */
static int kunit_summaries(int argc, char **argv)
{
	int rc = 0;
	for (int i = 2; i < argc; i++) {
		size_t len;
		char *text = read_all(argv[i], &len);
		struct ktap_report r;
		if (!text || ktap_parse(text, len, &r) != 0) {
			fprintf(stderr, "%s: cannot read or parse\n", argv[i]);
			free(text);
			rc = 1;
			continue;
		}
		char *summary = kunit_summary(&r);
		printf("%s: %s\n", argv[i], summary);
		free(summary);
		ktap_report_free(&r);
		free(text);
	}
	return rc;
}

int main(int argc, char **argv)
{
	if (argc > 1 && !strcmp(argv[1], "--kunit-summary"))
		return kunit_summaries(argc, argv);
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
		cmocka_unit_test(test_kunit_logs),
		cmocka_unit_test(test_guest_both_orders),
		cmocka_unit_test(test_subtest_order_and_tabs),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
