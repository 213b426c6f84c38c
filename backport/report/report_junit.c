// SPDX-License-Identifier: GPL-2.0-only
/* junit.xml: a <testsuite> per kernel, and in it a <testcase> (classname = the kernel) per
 * stage ("stage: build vanilla", timed), per feature (its verdict) and per guest test case
 * ("patched/kallsyms/CASE"). Failed ones carry <failure message=...>, broken stages <error>,
 * cases that were not run or are expected to fail on vanilla <skipped>; the kernel's own tests
 * fail only where patched fails what vanilla passes (the others that fail are skipped). */
#include "report.h"

#include "fsutil.h"
#include "kernel_tests_diff.h"
#include "xml_escape.h"

#include <stdlib.h>
#include <string.h>

enum case_kind { CASE_PASSED, CASE_FAILURE, CASE_ERROR, CASE_SKIPPED };

struct junit_case {
	char *name;
	double seconds;
	enum case_kind kind;
	char *message; /* failure, error and skipped */
	const char *type;
	char *body;    /* text inside <failure>/<error>, or NULL */
};

struct junit_suite {
	struct junit_case *cases;
	size_t count, cap;
	size_t failures, errors, skipped;
	double seconds;
};

static void add_case(struct junit_suite *s, char *name, double seconds, enum case_kind kind,
		     char *message, const char *type, char *body)
{
	if (s->count == s->cap) {
		s->cap = s->cap ? 2 * s->cap : 32;
		s->cases = xrealloc(s->cases, s->cap * sizeof(*s->cases));
	}
	s->cases[s->count++] = (struct junit_case){ name, seconds, kind, message, type, body };
	s->failures += kind == CASE_FAILURE;
	s->errors += kind == CASE_ERROR;
	s->skipped += kind == CASE_SKIPPED;
	s->seconds += seconds;
}

static void suite_free(struct junit_suite *s)
{
	for (size_t i = 0; i < s->count; i++) {
		free(s->cases[i].name);
		free(s->cases[i].message);
		free(s->cases[i].body);
	}
	free(s->cases);
}

static char *log_body(const char *log)
{
	return log ? xasprintf("log: %s", log) : NULL;
}

static void add_stages(struct junit_suite *s, const struct run_result *r)
{
	for (int i = 0; i < RUN_STAGES; i++) {
		const struct run_stage *st = &r->stages[i];
		char *name = xasprintf("stage: %s", run_stage_name(i));
		if (st->status == STAGE_OK)
			add_case(s, name, st->seconds, CASE_PASSED, NULL, NULL, NULL);
		else if (st->status == STAGE_SKIPPED)
			add_case(s, name, 0, CASE_SKIPPED,
				 strdup("not run: a stage it needs did not succeed"), NULL, NULL);
		else
			add_case(s, name, st->seconds,
				 st->status == STAGE_FAILED ? CASE_FAILURE : CASE_ERROR,
				 xasprintf("%s %s: %s", run_stage_name(i),
					   st->status == STAGE_FAILED ? "failed" : "broken",
					   st->detail ? st->detail : "?"),
				 st->status == STAGE_FAILED ? "stage" : "environment",
				 log_body(st->log));
	}
}

static void add_features(struct junit_suite *s, const struct run_result *r)
{
	for (size_t i = 0; i < r->n_features; i++) {
		const struct run_feature *f = &r->features[i];
		char text[64];
		run_feature_verdict_text(f, text, sizeof(text));
		char *name = strdup(run_feature_label(f));
		if (f->verdict == VERDICT_NOT_APPLICABLE || f->verdict == VERDICT_STAGE_FAILED)
			add_case(s, name, 0, CASE_SKIPPED, xasprintf("no verdict: %s", text), NULL,
				 NULL);
		else if (verdict_ok(f->verdict))
			add_case(s, name, 0, CASE_PASSED, NULL, NULL, NULL);
		else
			add_case(s, name, 0, CASE_FAILURE, strdup(text), "verdict",
				 xasprintf("vanilla: %s, patched: %s%s%s",
					   row_state_name(f->state[FLAVOUR_VANILLA]),
					   row_state_name(f->state[FLAVOUR_PATCHED]),
					   f->log ? "\nlog: " : "", f->log ? f->log : ""));
	}
}

static const struct run_suite *find_suite(const struct run_result *r, const char *name)
{
	for (size_t i = 0; i < r->n_suites; i++)
		if (strcmp(r->suites[i].name, name) == 0)
			return &r->suites[i];
	return NULL;
}

static char *diagnostics(const json_t *t)
{
	json_t *d = json_object_get(t, "diagnostics");
	char *text = strdup("");
	size_t i;
	json_t *line;
	json_array_foreach(d, i, line) {
		if (!json_is_string(line))
			continue;
		char *more = xasprintf("%s%s# %s", text, *text ? "\n" : "",
				       json_string_value(line));
		free(text);
		text = more;
	}
	if (!*text) {
		free(text);
		return NULL;
	}
	return text;
}

/* One KTAP result as a testcase; EXPECT_FAIL: it is the suite of a feature vanilla lacks. */
static void add_ktap_case(struct junit_suite *s, char *name, const json_t *t, bool expect_fail,
			  const char *feature)
{
	const char *status = json_string_value(json_object_get(t, "status"));
	const char *reason = json_string_value(json_object_get(t, "reason"));
	if (!status)
		status = "missing";
	if (!strcmp(status, "ok") || !strcmp(status, "todo"))
		add_case(s, name, 0, CASE_PASSED, NULL, NULL, NULL);
	else if (!strcmp(status, "skip"))
		add_case(s, name, 0, CASE_SKIPPED, xasprintf("SKIP%s%s", reason ? ": " : "",
							      reason ? reason : ""), NULL, NULL);
	else if (expect_fail)
		add_case(s, name, 0, CASE_SKIPPED,
			 xasprintf("expected on vanilla: it lacks %s (%s)", feature, status), NULL,
			 NULL);
	else
		add_case(s, name, 0, CASE_FAILURE,
			 xasprintf("%s%s%s", status, reason ? ": " : "", reason ? reason : ""),
			 "ktap", diagnostics(t));
}

/* A suite compared case by case (the kernel's own tests): a case not ok on patched that is ok
 * on vanilla is a failure (a regression); one not ok on both, or on vanilla only, a skip that
 * says so. */
static void add_compared(struct junit_suite *s, const struct run_result *r, enum flavour fl,
			 const char *suite, const json_t *sub)
{
	const struct kernel_tests *vanilla = &r->flavour[FLAVOUR_VANILLA].boot.ktests;
	size_t k;
	json_t *c;
	json_array_foreach(sub, k, c) {
		const char *name = json_string_value(json_object_get(c, "name"));
		const char *status = json_string_value(json_object_get(c, "status"));
		char *id = xasprintf("%s/%s/%s", flavour_name(fl), suite, name && *name ? name : "?");
		const struct kernel_test *v = name ? kernel_tests_find(vanilla, name) : NULL;
		if (status && (!strcmp(status, "ok") || !strcmp(status, "todo")))
			add_case(s, id, 0, CASE_PASSED, NULL, NULL, NULL);
		else if (status && !strcmp(status, "skip"))
			add_case(s, id, 0, CASE_SKIPPED, strdup("SKIP"), NULL, NULL);
		else if (fl == FLAVOUR_VANILLA)
			add_case(s, id, 0, CASE_SKIPPED,
				 strdup("fails on vanilla: compared with patched, not judged alone"),
				 NULL, NULL);
		else if (v && v->result == KTEST_OK)
			add_case(s, id, 0, CASE_FAILURE, strdup("regression: ok on vanilla"), "ktap",
				 diagnostics(c));
		else
			add_case(s, id, 0, CASE_SKIPPED, strdup("fails upstream too (on vanilla)"), NULL,
				 NULL);
	}
}

static void add_ktap(struct junit_suite *s, const struct run_result *r, enum flavour fl)
{
	json_t *results = json_object_get(r->flavour[fl].results, "results");
	size_t i;
	json_t *t;
	json_array_foreach(results, i, t) {
		const char *suite = json_string_value(json_object_get(t, "name"));
		suite = suite && *suite ? suite : "?";
		const struct run_suite *rs = find_suite(r, suite);
		bool expect_fail = rs && rs->feature && !rs->flavour[fl].expect_pass;
		const char *feature = rs && rs->feature ? rs->feature : "";
		json_t *sub = json_object_get(t, "subtests");
		if (rs && rs->compared) {
			add_compared(s, r, fl, suite, sub);
			continue;
		}
		if (!json_array_size(sub)) {
			add_ktap_case(s, xasprintf("%s/%s", flavour_name(fl), suite), t,
				      expect_fail, feature);
			continue;
		}
		size_t k;
		json_t *c;
		json_array_foreach(sub, k, c) {
			const char *name = json_string_value(json_object_get(c, "name"));
			add_ktap_case(s, xasprintf("%s/%s/%s", flavour_name(fl), suite,
						   name && *name ? name : "?"),
				      c, expect_fail, feature);
		}
	}
}

static void attr(FILE *f, const char *name, const char *value)
{
	fprintf(f, " %s=\"", name);
	xml_escape(f, value, true);
	fputc('"', f);
}

static void write_case(FILE *f, const char *kernel, const struct junit_case *c)
{
	fputs("    <testcase", f);
	attr(f, "name", c->name);
	attr(f, "classname", kernel);
	fprintf(f, " time=\"%.3f\"", c->seconds);
	if (c->kind == CASE_PASSED) {
		fputs("/>\n", f);
		return;
	}
	const char *tag = c->kind == CASE_FAILURE ? "failure" : c->kind == CASE_ERROR ? "error"
										: "skipped";
	fprintf(f, ">\n      <%s", tag);
	attr(f, "message", c->message);
	if (c->type)
		attr(f, "type", c->type);
	if (c->body) {
		fputc('>', f);
		xml_escape(f, c->body, false);
		fprintf(f, "</%s>\n", tag);
	} else {
		fputs("/>\n", f);
	}
	fputs("    </testcase>\n", f);
}

static void write_suite(FILE *f, const struct run_result *r, const struct junit_suite *s)
{
	fputs("  <testsuite", f);
	attr(f, "name", r->kernel);
	fprintf(f, " tests=\"%zu\" failures=\"%zu\" errors=\"%zu\" skipped=\"%zu\" time=\"%.3f\"",
		s->count, s->failures, s->errors, s->skipped, s->seconds);
	if (r->started && strlen(r->started) == 20) /* the schema's timestamp has no zone */
		fprintf(f, " timestamp=\"%.19s\"", r->started);
	fputs(">\n    <properties>\n", f);
	const char *props[][2] = { { "version", r->version }, { "run_id", r->run_id },
				   { "started", r->started }, { "finished", r->finished } };
	for (size_t i = 0; i < sizeof(props) / sizeof(props[0]); i++) {
		if (!props[i][1])
			continue;
		fputs("      <property", f);
		attr(f, "name", props[i][0]);
		attr(f, "value", props[i][1]);
		fputs("/>\n", f);
	}
	fputs("    </properties>\n", f);
	for (size_t i = 0; i < s->count; i++)
		write_case(f, r->kernel, &s->cases[i]);
	fputs("  </testsuite>\n", f);
}

int report_write_junit(FILE *f, const struct run_result *r, size_t n)
{
	struct junit_suite *suites = calloc(n ? n : 1, sizeof(*suites));
	struct junit_suite total = { 0 };
	if (!suites)
		abort();
	for (size_t k = 0; k < n; k++) {
		add_stages(&suites[k], &r[k]);
		add_features(&suites[k], &r[k]);
		for (int fl = 0; fl < FLAVOURS; fl++)
			add_ktap(&suites[k], &r[k], fl);
		total.count += suites[k].count;
		total.failures += suites[k].failures;
		total.errors += suites[k].errors;
		total.skipped += suites[k].skipped;
		total.seconds += suites[k].seconds;
	}
	fputs("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n", f);
	fprintf(f, "<testsuites name=\"hardening-backport matrix\" tests=\"%zu\" failures=\"%zu\" "
		   "errors=\"%zu\" skipped=\"%zu\" time=\"%.3f\">\n",
		total.count, total.failures, total.errors, total.skipped, total.seconds);
	for (size_t k = 0; k < n; k++) {
		write_suite(f, &r[k], &suites[k]);
		suite_free(&suites[k]);
	}
	fputs("</testsuites>\n", f);
	free(suites);
	return ferror(f) ? -1 : 0;
}
