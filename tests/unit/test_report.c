// SPDX-License-Identifier: GPL-2.0-only
/* Unit tests: the matrix reports (Markdown table, JUnit XML and its counts, XML escaping) and
 * the per-kernel JSON's round trip that `report merge` relies on. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "fake_kernel.h"
#include "report.h"
#include "report_load.h"
#include "run_result_json.h"
#include "xml_escape.h"

static char *text_of(int (*writer)(FILE *, const struct run_result *, size_t),
		     const struct run_result *r, size_t n)
{
	char *text = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&text, &len);
	assert_int_equal(writer(f, r, n), 0);
	fclose(f);
	char *copy = strdup(text); /* (a copy: gcc takes the stream's buffer for a local) */
	free(text);
	return copy;
}

static size_t count(const char *text, const char *needle)
{
	size_t n = 0;
	for (const char *p = text; (p = strstr(p, needle)); p += strlen(needle))
		n++;
	return n;
}

/* The line of TEXT that starts with PREFIX (malloc'd), failing the test when none does. */
static char *line_starting(const char *text, const char *prefix)
{
	for (const char *l = text; l && *l; l = strchr(l, '\n') ? strchr(l, '\n') + 1 : NULL)
		if (strncmp(l, prefix, strlen(prefix)) == 0)
			return strndup(l, strcspn(l, "\n"));
	fail_msg("no line starting with '%s' in:\n%s", prefix, text);
	return NULL;
}

/* Three kernels: all good (feature 1 upstream), feature 0 failing on patched, vanilla build
 * failing. */
static struct hb_ctx ctx;
static struct run_result results[3];

static int setup(void **state)
{
	(void)state;
	memset(fake_kernels, 0, sizeof(fake_kernels));
	fake_kernels[0] = (struct fake_kernel){ .name = "6.1", .upstream = features[1].name };
	fake_kernels[1] = (struct fake_kernel){ .name = "5.10", .broken = features[0].name };
	fake_kernels[2] = (struct fake_kernel){ .name = "7.2",
						.build_rc = { HB_EXIT_FAILED, HB_EXIT_OK } };
	fake_count = 3;
	fake_ctx(&ctx);
	for (size_t i = 0; i < 3; i++)
		fake_run(&ctx, fake_kernels[i].name, &results[i]);
	return 0;
}

static int teardown(void **state)
{
	(void)state;
	for (size_t i = 0; i < 3; i++)
		run_result_free(&results[i]);
	fake_ctx_free(&ctx);
	return 0;
}

static void markdown_table(void **state)
{
	(void)state;
	char *md = text_of(report_write_markdown, results, 3);
	/* header: kernel, version, the smoke and every feature of the table, result */
	char *header = line_starting(md, "| kernel | version |");
	char *expect = strdup("| kernel | version | (regression smoke) |");
	for (size_t i = 0; i < features_count; i++) {
		char *more = xasprintf("%s %s |", expect, features[i].name);
		free(expect);
		expect = more;
	}
	char *full = xasprintf("%s result |", expect);
	assert_string_equal(header, full);
	free(full);
	free(expect);
	free(header);
	/* 6.1: every row proven but the upstream one */
	char *row = line_starting(md, "| 6.1 |");
	assert_int_equal(strncmp(row, "| 6.1 | 1.0-fake | no regression | patched and proven | "
				      "present upstream |", 68), 0);
	assert_int_equal(count(row, "patched and proven"), features_count - 1);
	assert_non_null(strstr(row, "| ok |"));
	free(row);
	/* 5.10: the failed cell names the patched console log */
	row = line_starting(md, "| 5.10 |");
	char *cell = xasprintf("| FAILED on patched (log `%s`) |",
			       results[1].flavour[FLAVOUR_PATCHED].console_log);
	assert_non_null(strstr(row, cell));
	assert_non_null(strstr(row, "| FAILED |"));
	free(cell);
	free(row);
	/* 7.2: every cell says which stage failed, with the build log */
	row = line_starting(md, "| 7.2 |");
	cell = xasprintf("stage build vanilla failed (log `%s`)",
			 results[2].stages[STAGE_BUILD_VANILLA].log);
	assert_int_equal(count(row, cell), features_count + 1);
	free(cell);
	free(row);
	/* the leak measurement: a column per flavour and level; 7.2's vanilla never booted */
	char *leaks = line_starting(md, "| kernel | vanilla kptr_restrict=0 |");
	assert_string_equal(leaks, "| kernel | vanilla kptr_restrict=0 | vanilla kptr_restrict=1 | "
				   "patched kptr_restrict=0 | patched kptr_restrict=1 |");
	free(leaks);
	leaks = line_starting(md, "| 6.1 | 7 in 3");
	assert_string_equal(leaks, "| 6.1 | 7 in 3 files of 900 | 5 in 2 files of 900 | "
				   "7 in 3 files of 900 | 0 in 0 files of 900 |");
	free(leaks);
	leaks = line_starting(md, "| 7.2 | not measured");
	assert_string_equal(leaks, "| 7.2 | not measured | not measured | 7 in 3 files of 900 | "
				   "0 in 0 files of 900 |");
	free(leaks);
	/* the stage times, and what failed */
	row = line_starting(md, "| 7.2 | 0.0 s | 0.0 s | FAILED 0.0 s | skipped | 0.0 s | 0.0 s |");
	free(row);
	assert_non_null(strstr(md, "## Stage times"));
	assert_non_null(strstr(md, "- 7.2, build vanilla FAILED: failed (exit 1) (log `"));
	assert_non_null(strstr(md, "3 kernels: 1 ok, 2 failed, 0 broken (exit code 1)."));
	free(md);
}

/* pk_pointers' note: on a tree from 4.15 on its cell points to a note saying what %pK changes
 * there (a hashed %p before it); on an older tree, no note. */
static void markdown_verdict_note(void **state)
{
	(void)state;
	const struct feature *pk = feature_find("pk_pointers");
	assert_non_null(pk);
	assert_non_null(pk->verdict_note);
	assert_ptr_equal(feature_verdict_note(pk, "6.1.192-3"), pk->verdict_note);
	assert_ptr_equal(feature_verdict_note(pk, "4.15.0"), pk->verdict_note);
	assert_null(feature_verdict_note(pk, "4.14.177"));
	assert_null(feature_verdict_note(pk, "2.6.32"));
	assert_ptr_equal(feature_verdict_note(pk, "unknown"), pk->verdict_note);
	assert_null(feature_verdict_note(feature_find("kallsyms_mode"), "6.1.192-3"));
	assert_int_equal(feature_note_number(pk), 1);
	assert_int_equal(feature_note_number(feature_find("kallsyms_mode")), 0);

	struct run_result r[2];
	assert_int_equal(fake_run(&ctx, "6.1", &r[0]), HB_EXIT_OK);
	assert_int_equal(fake_run(&ctx, "6.1", &r[1]), HB_EXIT_OK);
	free(r[0].version);
	r[0].version = strdup("6.1.192-3");
	free(r[1].version);
	r[1].version = strdup("4.14.177");
	free(r[1].kernel);
	r[1].kernel = strdup("4.14");
	char *md = text_of(report_write_markdown, r, 2);
	char *row = line_starting(md, "| 6.1 |");
	assert_int_equal(count(row, "(note 1)"), 1);
	assert_non_null(strstr(row, "| patched and proven (note 1) |"));
	free(row);
	row = line_starting(md, "| 4.14 |");
	assert_null(strstr(row, "(note"));
	free(row);
	char *note = line_starting(md, "Note 1 (6.1): pk_pointers, on a tree from 4.15 on");
	assert_non_null(strstr(note, "sees zeros where %p showed the hash"));
	free(note);
	assert_int_equal(count(md, "Note 1 ("), 1);
	free(md);
	run_result_free(&r[0]);
	run_result_free(&r[1]);
}

static void markdown_escapes_cells(void **state)
{
	(void)state;
	struct run_result r;
	assert_int_equal(fake_run(&ctx, "5.10", &r), HB_EXIT_FAILED);
	free(r.version);
	r.version = strdup("1|2 <b>");
	free(r.features[1].log);
	r.features[1].log = strdup("/tmp/a|b.log");
	r.features[2].verdict = VERDICT_NOT_APPLICABLE;
	char *md = text_of(report_write_markdown, &r, 1);
	assert_non_null(strstr(md, "| 5.10 | 1\\|2 &lt;b&gt; |"));
	assert_non_null(strstr(md, "FAILED on patched (log `/tmp/a\\|b.log`)"));
	assert_non_null(strstr(md, "| not applicable |"));
	free(md);
	run_result_free(&r);
}

static void xml_escaping(void **state)
{
	(void)state;
	char *s = xml_escaped("a<b>&\"c\" 'd'\n\te", true);
	assert_string_equal(s, "a&lt;b&gt;&amp;&quot;c&quot; &apos;d&apos;&#10;&#9;e");
	free(s);
	s = xml_escaped("a<b>&\"c\"\n\te", false);
	assert_string_equal(s, "a&lt;b&gt;&amp;\"c\"\n\te");
	free(s);
	/* characters XML 1.0 cannot hold become U+FFFD; valid UTF-8 stays */
	s = xml_escaped("nul\x01 esc\x1b bad\xff caf\xc3\xa9 nonchar\xef\xbf\xbe", true);
	assert_string_equal(s, "nul\xef\xbf\xbd esc\xef\xbf\xbd bad\xef\xbf\xbd caf\xc3\xa9 "
			       "nonchar\xef\xbf\xbd");
	free(s);
	s = xml_escaped(NULL, true);
	assert_string_equal(s, "");
	free(s);
}

/* The NAME="N" attribute of the element starting at P. */
static long attribute(const char *p, const char *name)
{
	char *needle = xasprintf(" %s=\"", name);
	const char *end = strchr(p, '>');
	const char *a = strstr(p, needle);
	long v = a && a < end ? strtol(a + strlen(needle), NULL, 10) : -1;
	free(needle);
	return v;
}

static void junit_counts(void **state)
{
	(void)state;
	char *xml = text_of(report_write_junit, results, 3);
	assert_int_equal(strncmp(xml, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<testsuites ", 50), 0);
	assert_int_equal(count(xml, "<testsuite "), 3);
	/* each suite's counts are its own elements', the total is their sum */
	size_t tests = 0, failures = 0, errors = 0, skipped = 0;
	for (const char *s = strstr(xml, "<testsuite "); s; s = strstr(s + 1, "<testsuite ")) {
		const char *end = strstr(s, "</testsuite>");
		char *body = strndup(s, (size_t)(end - s));
		assert_int_equal(attribute(s, "tests"), count(body, "<testcase "));
		assert_int_equal(attribute(s, "failures"), count(body, "<failure "));
		assert_int_equal(attribute(s, "errors"), count(body, "<error "));
		assert_int_equal(attribute(s, "skipped"), count(body, "<skipped "));
		tests += count(body, "<testcase ");
		failures += count(body, "<failure ");
		errors += count(body, "<error ");
		skipped += count(body, "<skipped ");
		free(body);
	}
	const char *top = strstr(xml, "<testsuites ");
	assert_int_equal(attribute(top, "tests"), tests);
	assert_int_equal(attribute(top, "failures"), failures);
	assert_int_equal(attribute(top, "errors"), errors);
	assert_int_equal(attribute(top, "skipped"), skipped);
	/* per kernel: 6 stages, the rows, two cases per suite and flavour */
	size_t per_kernel = RUN_STAGES + features_count + 1 + 2 * 2 * guest_suite_count();
	assert_int_equal(attribute(strstr(xml, "<testsuite name=\"6.1\""), "tests"), per_kernel);
	assert_int_equal(attribute(strstr(xml, "<testsuite name=\"6.1\""), "failures"), 0);
	/* 5.10: the verdict and the patched case of feature 0's suites fail */
	const char *k510 = strstr(xml, "<testsuite name=\"5.10\"");
	assert_true(attribute(k510, "failures") >= 2);
	char *verdict = xasprintf("<testcase name=\"%s\" classname=\"5.10\" time=\"0.000\">\n"
				  "      <failure message=\"FAILED on patched\" type=\"verdict\">",
				  features[0].name);
	assert_non_null(strstr(xml, verdict));
	free(verdict);
	/* names and messages are escaped; vanilla's expected failures are skipped, not failed */
	assert_non_null(strstr(xml, "/first\" classname=\"6.1\""));
	assert_non_null(strstr(xml, "reads &lt;proc&gt; &amp; &quot;says&quot; so\""));
	assert_non_null(strstr(xml, "<failure message=\"not_ok: errno 13 &apos;EACCES&apos;\" "
				    "type=\"ktap\"/>"));
	assert_non_null(strstr(xml, "<skipped message=\"expected on vanilla: it lacks "));
	/* 7.2: its vanilla build failed; its test was skipped; its rows have no verdict */
	assert_non_null(strstr(xml, "<testcase name=\"stage: build vanilla\" classname=\"7.2\""));
	assert_non_null(strstr(xml, "<failure message=\"build vanilla failed: failed (exit 1)\" "
				    "type=\"stage\">log: "));
	assert_non_null(strstr(xml, "<skipped message=\"no verdict: stage build vanilla failed\"/>"));
	free(xml);
}

static void junit_errors_for_broken_stages(void **state)
{
	(void)state;
	struct run_result r;
	fake_kernels[0].fetch_rc = HB_EXIT_ENV;
	assert_int_equal(fake_run(&ctx, "6.1", &r), HB_EXIT_ENV);
	fake_kernels[0].fetch_rc = 0;
	char *xml = text_of(report_write_junit, &r, 1);
	const char *s = strstr(xml, "<testsuite ");
	assert_int_equal(attribute(s, "errors"), 1);
	assert_int_equal(attribute(s, "failures"), 0);
	assert_int_equal(attribute(s, "skipped"), RUN_STAGES - 1 + features_count + 1);
	assert_int_equal(attribute(s, "tests"), RUN_STAGES + features_count + 1);
	assert_non_null(strstr(xml, "<error message=\"fetch broken: a tool or the environment "
				    "failed (exit 3)\" type=\"environment\">"));
	free(xml);
	run_result_free(&r);
}

static void json_round_trip(void **state)
{
	(void)state;
	char *dir = fs_join(ctx.cache, "reports/out");
	assert_int_equal(report_write_all(dir, results, 3), 0);
	char *md = text_of(report_write_markdown, results, 3);
	char *xml = text_of(report_write_junit, results, 3);
	/* merge reads the kernels' files back: the same reports come out */
	char *paths[] = { dir };
	struct run_result *back;
	size_t n;
	char err[512];
	assert_int_equal(report_load(paths, 1, &back, &n, err, sizeof(err)), 0);
	assert_int_equal(n, 3);
	report_sort(back, n);
	assert_string_equal(back[0].kernel, "6.1");
	char *md2 = text_of(report_write_markdown, back, n);
	char *xml2 = text_of(report_write_junit, back, n);
	assert_string_equal(md, md2);
	assert_string_equal(xml, xml2);
	for (size_t k = 0; k < 3; k++) {
		assert_int_equal(back[k].exit_code, results[k].exit_code);
		assert_int_equal(back[k].n_suites, results[k].n_suites);
		for (int s = 0; s < RUN_STAGES; s++) {
			assert_int_equal(back[k].stages[s].status, results[k].stages[s].status);
			assert_true(back[k].stages[s].seconds == results[k].stages[s].seconds);
		}
	}
	/* matrix.json holds the same kernels: it can be merged too, and twice is once */
	char *matrix = fs_join(dir, "matrix.json");
	char *both[] = { matrix, dir };
	struct run_result *again;
	assert_int_equal(report_load(both, 2, &again, &n, err, sizeof(err)), 0);
	assert_int_equal(n, 3);
	report_results_free(again, n);
	report_results_free(back, 3);
	free(md);
	free(md2);
	free(xml);
	free(xml2);
	free(matrix);
	free(dir);
}

static void merge_refuses_bad_input(void **state)
{
	(void)state;
	char *dir = fs_join(ctx.cache, "bad/kernels");
	fs_mkdir_p(dir, 0755);
	char *file = fs_join(dir, "x.json");
	char err[512];
	struct run_result *r;
	size_t n;
	char *paths[] = { file };
	static const struct {
		const char *text, *message;
	} cases[] = {
		{ "{\"format\": \"hardening-backport-kernel\"", ":1:38: not valid JSON: " },
		{ "{\"format\": \"something else\"}", "field 'format'" },
		{ "{\"format\": \"hardening-backport-kernel\", \"format_version\": 9}", "format_version" },
		{ "{\"format\": \"hardening-backport-kernel\", \"format_version\": 1}",
		  "field 'kernel': missing" },
		{ "{\"format\": \"hardening-backport-kernel\", \"format_version\": 1, \"kernel\": 5}",
		  "field 'kernel': expected a string" },
	};
	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		fs_write_file_atomic(file, cases[i].text, strlen(cases[i].text));
		assert_int_equal(report_load(paths, 1, &r, &n, err, sizeof(err)), -1);
		if (!strstr(err, cases[i].message) || !strstr(err, file))
			fail_msg("expected '%s' naming the file, got: %s", cases[i].message, err);
	}
	/* a verdict this backport does not know */
	json_t *v = run_result_to_json(&results[0]);
	json_t *row = json_array_get(json_object_get(v, "features"), 1);
	assert_non_null(row);
	json_object_set_new(row, "verdict", json_string("fabulous"));
	FILE *f = fopen(file, "w");
	hb_json_write(f, v);
	fclose(f);
	json_decref(v);
	assert_int_equal(report_load(paths, 1, &r, &n, err, sizeof(err)), -1);
	assert_non_null(strstr(err, "field 'verdict': unknown value 'fabulous'"));
	free(file);
	free(dir);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(markdown_table),
		cmocka_unit_test(markdown_verdict_note),
		cmocka_unit_test(markdown_escapes_cells),
		cmocka_unit_test(xml_escaping),
		cmocka_unit_test(junit_counts),
		cmocka_unit_test(junit_errors_for_broken_stages),
		cmocka_unit_test(json_round_trip),
		cmocka_unit_test(merge_refuses_bad_input),
	};
	return cmocka_run_group_tests_name("report", tests, setup, teardown);
}
