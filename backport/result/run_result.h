/* SPDX-License-Identifier: GPL-2.0-only */
/* What the whole job on one kernel found: each stage's status, time and log, each guest
 * suite's result on both flavours, and a verdict per feature (row 0: the regression smoke). */
#ifndef HB_RUN_RESULT_H
#define HB_RUN_RESULT_H

#include "feature_outcome.h"
#include "guest_boot.h"
#include "hardening_check.h"

#include <jansson.h>
#include <stdbool.h>
#include <stddef.h>

enum run_stage_id {
	STAGE_FETCH,
	STAGE_APPLY,
	STAGE_BUILD_VANILLA,
	STAGE_TEST_VANILLA,
	STAGE_BUILD_PATCHED,
	STAGE_TEST_PATCHED,
	RUN_STAGES,
};

enum stage_status {
	STAGE_SKIPPED, /* not run: an earlier stage it needs did not succeed */
	STAGE_OK,
	STAGE_FAILED,  /* ran and failed: build error, guest panic or hang, console trouble */
	STAGE_BROKEN,  /* a tool or the environment failed (or bad input): the kernel stops */
};

struct run_stage {
	enum stage_status status;
	double seconds;
	int exit_code; /* hb_exit code of the stage */
	char *log;     /* the file that explains it, NULL if none */
	char *detail;  /* one line on what went wrong, NULL when ok */
};

enum flavour { FLAVOUR_VANILLA, FLAVOUR_PATCHED, FLAVOURS };

struct suite_outcome {
	bool ran;         /* the flavour's test stage produced results */
	bool expect_pass; /* vanilla lacking the feature is expected to fail */
	bool seen, passed;
	int cases_passed, cases_total;
};

struct run_suite {
	char *name;
	char *feature; /* NULL: the regression smoke */
	bool compared; /* the kernel's own tests: compared case by case (kernel_tests_diff.h),
			* not a row's suite */
	struct suite_outcome flavour[FLAVOURS];
};


/* A row's suites on one flavour. */
enum row_state { ROW_NOT_RUN, ROW_PASS, ROW_FAIL /* every suite failed */, ROW_PARTIAL };

enum verdict {
	VERDICT_PROVEN,         /* fails on vanilla, passes patched */
	VERDICT_UPSTREAM,       /* passes on both, apply had nothing to add */
	VERDICT_NOT_APPLICABLE, /* apply found nothing to do, the guest has no suite for it */
	VERDICT_NO_REGRESSION,  /* the smoke passes on both */
	VERDICT_FAILED_PATCHED,
	VERDICT_FAILED_VANILLA, /* the smoke, or a feature apply did not add, fails on vanilla */
	VERDICT_NOT_PROVEN,     /* apply added it, yet vanilla passes (some of) its suites */
	VERDICT_NOT_TESTED,     /* apply added it, the guest has no suite for it */
	VERDICT_STAGE_FAILED,   /* no verdict: a stage failed (failed_stage says which) */
	VERDICTS,
};

struct run_feature {
	char *name; /* NULL: the regression smoke */
	enum feature_outcome apply;
	int n_suites;
	enum row_state state[FLAVOURS];
	enum verdict verdict;
	enum run_stage_id failed_stage; /* for VERDICT_STAGE_FAILED */
	char *log;                      /* the file that explains a failed verdict */
	char *not_examined;             /* apply's "not examined: ..." when its spatch gave files
					 * up, or NULL (for the summary; not in the JSON) */
};

struct run_flavour {
	bool tested;           /* QEMU ran */
	struct guest_boot boot; /* what the boot showed: taken over from the test stage */
	char *console_log;
	char *results_path;    /* the guest's results.json */
	json_t *results;       /* its contents (a reference of its own), or NULL */
	struct fuzz_result fuzz; /* the fuzzing run (matrix --fuzz), when there was one */
	struct hc_flavour checker; /* kernel-hardening-checker's verdicts, when it ran */
};

/* The series the patched flavour was built from (CACHE/work/NAME/patches), for a report that
 * names it (KCIDB's patchset_hash). */
struct run_patch {
	char *name;       /* "0001-kallsyms_mode.patch" */
	char sha256[65];  /* of the file, hex */
};
struct run_series {
	bool known;       /* read after apply; false in results older than this record */
	struct run_patch *patches;
	size_t n;
	char patchset_hash[65]; /* sha256 over the patches' hex sha256, each with '\n' ("" when
				 * there are none), as KCIDB defines it */
};

struct run_result {
	char *kernel;
	int order;       /* position in kernels.list, for the reports' row order */
	char *version;   /* version fetched, NULL if unknown */
	char *run_id;    /* the report folder's name, e.g. matrix-20260101-120000 */
	char *started, *finished; /* UTC, ISO 8601 */
	struct run_stage stages[RUN_STAGES];
	struct run_suite *suites;
	size_t n_suites;
	struct run_feature *features;
	size_t n_features;
	struct run_flavour flavour[FLAVOURS];
	struct run_series series;
	int exit_code;   /* 0 all good, 1 something failed, 2 bad input, 3 the environment broke */
};

void run_result_free(struct run_result *r);
void run_series_free(struct run_series *s);
/* S's patchset_hash from its patches' sha256, as KCIDB defines it: the SHA-256 of their hex
 * digests, each followed by '\n' (sha256sum *.patch | cut -c-64 | sha256sum); "" for none. */
void run_series_hash(struct run_series *s);

const char *run_stage_name(enum run_stage_id s);           /* "build vanilla" */
const char *stage_status_name(enum stage_status s);        /* "ok" */
const char *flavour_name(enum flavour f);                  /* "vanilla" */
const char *row_state_name(enum row_state s);              /* "pass" */
const char *verdict_id(enum verdict v);                    /* "proven": machine-readable */
/* Reverse look-ups: -1 when NAME is none of them. */
int run_stage_from_name(const char *name);
int stage_status_from_name(const char *name);
int row_state_from_name(const char *name);
int verdict_from_id(const char *id);

/* The row's label in tables: its feature, or "(regression smoke)". */
const char *run_feature_label(const struct run_feature *f);
/* The verdict as people read it: "patched and proven", "stage build vanilla failed". */
void run_feature_verdict_text(const struct run_feature *f, char *buf, size_t len);
/* Is the verdict one a CI can be green with? */
bool verdict_ok(enum verdict v);
/* The first stage that did not succeed, or -1. */
int run_result_failed_stage(const struct run_result *r);
/* 0, 1, 2 or 3 from the stages and verdicts (the worst broken stage wins). */
int run_result_exit_code(const struct run_result *r);
/* Total seconds over the stages. */
double run_result_seconds(const struct run_result *r);

#endif
