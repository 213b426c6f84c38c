/* SPDX-License-Identifier: GPL-2.0-only */
/* KTAP v1 output (Documentation/dev-tools/ktap.rst) and a table-driven case runner.
 * Output goes to stdout, line-buffered, one KTAP line per call. */
#ifndef HB_KTAP_H
#define HB_KTAP_H

#include <stddef.h>

enum hb_verdict { HB_PASS, HB_FAIL, HB_SKIP };

struct hb_case {
	char name[96];
	enum hb_verdict (*run)(const void *arg);
	const void *arg;
};

/* The version line every KTAP document of ours starts with. */
#define KTAP_VERSION_LINE "KTAP version 1"

/* Makes stdout line-buffered so lines reach a pipe in order with children's. */
void ktap_init_stdout(void);
/* "KTAP version 1" and the plan "1..planned": the start of a document. */
void ktap_header(unsigned planned);
/* True when the n bytes at s are a version line ("KTAP version N", "TAP version N"). */
int ktap_is_version_line(const char *s, size_t n);
/*
 * The header of a nested test, indented by prefix, in the order kunit.py
 * (tools/testing/kunit/kunit_parser.py) reads and prefers:
 *   PREFIX KTAP version 1
 *   PREFIX # Subtest: NAME
 *   PREFIX 1..N
 * Its result line "ok N NAME" comes after its subtests, at the parent's
 * indentation, with the same NAME.  ktap_subtest_header prints the first two
 * lines, ktap_subtest_name only the second (after a version line relayed
 * from the nested test's own program).
 */
void ktap_subtest_header(const char *prefix, const char *name);
void ktap_subtest_name(const char *prefix, const char *name);
void ktap_diag(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
/* A case calls this before returning HB_SKIP to give the reason. */
void ktap_skip_reason(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
void ktap_result(unsigned num, enum hb_verdict v, const char *name, const char *skip_reason);
/* Prints the header, runs every case in order, one result line each.
 * Returns the exit status for the suite: 0 if nothing failed, 1 otherwise. */
int ktap_run_cases(const struct hb_case *cases, size_t n);
/* main() of a suite: "--list" prints the case names, one a line, and runs
 * nothing; no argument runs the cases. Returns the exit status. */
int ktap_suite_main(int argc, char **argv, const struct hb_case *cases, size_t n);

#endif
