/* SPDX-License-Identifier: GPL-2.0-only */
/* What one rule did to a tree in an apply: its outcome, its diff and report, what its compile
 * check found, the files spatch gave up on. Filled by the rules' runs, the compile check,
 * and read by the series and the record apply leaves (apply.json). */
#ifndef HB_FEATURE_RESULT_H
#define HB_FEATURE_RESULT_H

#include "feature_outcome.h"
#include "spatch_run.h"

#include <stdbool.h>

struct feature_result {
	enum feature_outcome outcome;
	char *diff;     /* what it changed (C and documentation) */
	char *report;   /* report-mode lines */
	char *missing;  /* OUTCOME_INCOMPLETE: the pieces its diff lacks ("a, b") */
	char *compile_error; /* OUTCOME_DOES_NOT_COMPILE: "FILE: the first error" */
	int files;      /* files changed */
	bool verified;  /* compiled (feature->compiler_decides) */
	int compiled, dropped, unverified; /* files, when verified */
	bool allmod_prepared; /* verified in an allmodconfig tree of the work tree (apply_verify.h) */
	struct spatch_timeouts timed_out;  /* files its spatch runs gave up on (per-file timeout):
					    * "not examined" (spatch_timeouts_text()) */
	double seconds;
};

#endif
