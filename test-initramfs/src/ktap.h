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

/* Makes stdout line-buffered so lines reach a pipe in order with children's. */
void ktap_init_stdout(void);
void ktap_header(unsigned planned);
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
