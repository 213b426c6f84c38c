/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * KTAP parser: the test results a guest printed on its serial console.
 *
 * The input is a whole console log: KTAP lines mixed with kernel messages
 * and other noise.  Accepted, per Documentation/dev-tools/ktap.rst:
 *   - version lines "KTAP version 1", "TAP version 13", "TAP version 14";
 *   - plans "1..N" (before or after the results);
 *   - results "ok N name", "not ok N name", "ok N - name" (TAP), with an
 *     optional "# SKIP reason" / "# TODO reason" directive; any other text
 *     after '#' (e.g. "# TIMEOUT 30 s") is kept as the reason and the plain
 *     ok / not ok stands;
 *   - diagnostic lines "# ...", attached to the next result of their level;
 *   - "Bail out!" (parsing stops there);
 *   - nested subtests, found by indentation of any width (KTAP uses 2
 *     spaces, KUnit 4, KUnit up to 5.x a tab; a tab counts to the next
 *     multiple of 8 columns), with or without their own version line; the
 *     parent's result line follows them.  "# Subtest: name" names the nested
 *     test whether it comes before its "KTAP version" line (KUnit up to 6.0)
 *     or right after it (the form kunit.py prefers); a nested test whose
 *     results are indented deeper than its own version line and plan, with
 *     no header of their own, keeps them as its own (as kunit.py does);
 *   - a printk timestamp "[   1.234567] " (and "[    T1] " caller id) in
 *     front of a line is removed before it is looked at;
 *   - "\r" at either end of a line is ignored;
 *   - several top-level KTAP documents one after the other (each program
 *     of the guest may print its own): their results are concatenated,
 *     their plans added; numbers are checked per document.
 * Anything else is an unknown line: counted in garbage_lines, otherwise
 * ignored.
 *
 * Problems are made visible, not fatal:
 *   - a planned number without a result becomes a KTAP_MISSING result
 *     (reason "missing"); this includes a parent whose result line never
 *     came after its subtests (e.g. the kernel died in the middle);
 *   - a number seen twice sets `duplicate`, one lower than its predecessor
 *     sets `out_of_order` on that result.
 */
#ifndef HB_KTAP_H
#define HB_KTAP_H

#include <jansson.h>
#include <stdbool.h>
#include <stddef.h>

enum ktap_status {
	KTAP_OK,
	KTAP_NOT_OK,
	KTAP_SKIP,    /* "# SKIP", whether "ok" or "not ok" */
	KTAP_TODO,    /* "# TODO": not a failure (TAP) */
	KTAP_MISSING, /* planned but never reported: a failure */
};

struct ktap_result {
	int number;               /* as printed; the planned number if missing */
	char *name;               /* description, "" if none */
	enum ktap_status status;
	char *reason;             /* text after SKIP/TODO or after '#'; NULL if none */
	int depth;                /* 0 = top level */
	char **diag;              /* diagnostic lines of this test, without "# " */
	size_t n_diag;
	struct ktap_result *sub;  /* subtests, in the order printed */
	size_t n_sub;
	int sub_plan;             /* the subtests' plan, -1 if none */
	bool nested;              /* a nested test's header ("KTAP version", "# Subtest:",
				   * a plan) came before this result, even without any
				   * subtest (kunit.py then counts none); not in the JSON */
	bool duplicate;           /* this number was already reported */
	bool out_of_order;        /* lower than the number printed before it */
};

struct ktap_counts {
	size_t passed;  /* ok */
	size_t failed;  /* not ok + missing */
	size_t skipped;
	size_t todo;
	size_t missing; /* also counted in failed */
};

struct ktap_report {
	struct ktap_result *results; /* top level */
	size_t n_results;
	int plan;                    /* sum of the top-level plans, -1 if none */
	bool version_seen;
	bool plan_seen;              /* every top-level document had a plan */
	bool bailed_out;
	char *bail_reason;           /* text after "Bail out!", NULL if none */
	size_t documents;            /* top-level KTAP documents found */
	size_t garbage_lines;        /* unknown lines, kernel messages included */
	size_t duplicates;           /* results with duplicate set, any depth */
	size_t out_of_order;         /* results with out_of_order set, any depth */
	struct ktap_counts top;      /* top-level results */
	struct ktap_counts leaves;   /* results without subtests, any depth */
	char **diag;                 /* top-level diagnostics after the last result */
	size_t n_diag;
};

/*
 * Parses len bytes of text (NUL bytes allowed, need not be terminated).
 * Fills *out, which the caller frees with ktap_report_free.
 * Returns 0, or -1 when out of memory (then *out is empty).
 */
int ktap_parse(const char *text, size_t len, struct ktap_report *out);
void ktap_report_free(struct ktap_report *r);

/*
 * True when the run passed: a plan was seen for every document, every
 * planned test reported exactly once, every top-level result is ok, skip
 * or todo, and nothing bailed out.
 */
bool ktap_report_success(const struct ktap_report *r);

/* "ok", "not_ok", "skip", "todo", "missing" (as in the JSON). */
const char *ktap_status_name(enum ktap_status s);

/*
 * The report as one JSON object (the start of the guest's results.json;
 * bytes that are no valid UTF-8 become U+FFFD).
 */
json_t *ktap_report_to_json(const struct ktap_report *r);

#endif
