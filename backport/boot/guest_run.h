/* SPDX-License-Identifier: GPL-2.0-only */
/* backport test: boot a built kernel with the test initramfs in QEMU, read its KTAP, and
 * judge each suite against what is expected of that kernel (vanilla or patched). */
#ifndef HB_GUEST_RUN_H
#define HB_GUEST_RUN_H

#include "build.h"
#include "ctx.h"
#include "feature_table.h"
#include "guest_boot.h"
#include "ktap.h"
#include "ro_symbols.h"

#include <jansson.h>
#include <stdbool.h>

struct suite_verdict {
	const char *suite;        /* KTAP top-level test name */
	const char *feature;      /* the feature it proves, NULL for the regression smoke */
	bool expect_pass;         /* vanilla lacking the feature is expected to fail */
	bool compared;            /* PROOF_DIFFERENTIAL: judged case by case against the other
				   * flavour (the run layer), not here: it must only have run */
	bool seen, passed;
	int cases_passed, cases_total;
};

struct guest_run_result {
	bool vanilla;
	struct guest_boot boot;   /* what the boot showed (the run layer takes it over) */
	bool as_expected;         /* every suite met its expectation, console clean */
	struct suite_verdict suites[GUEST_SUITES_MAX];
	int n_suites;
	bool has_constified;      /* apply made tables const: ro is filled */
	struct ro_symbols ro;     /* where this vmlinux put them (nm) */
	struct ktap_report ktap;  /* what the guest printed, parsed, when it booted */
};

/* Boots the kernel build_kernel has built (B) from the tree FETCHED records and judges its
 * suites against what apply found (APPLIED: what vanilla lacks, the manifests to prove).
 * EXTRA_APPEND (or NULL) is added to the kernel command line. Returns an hb_exit code (1: not
 * as expected). */
int guest_run_built(struct hb_ctx *ctx, const struct kernel_entry *e,
		    const struct fetch_record *fetched, const struct apply_record *applied,
		    bool vanilla, const struct build_output *b, const char *extra_append,
		    struct guest_run_result *out);
/* Are the guest programs built? HB_EXIT_ENV after saying how to build them. */
int guest_run_check(const struct hb_ctx *ctx);
/* The guest's suites, in run order, and the feature each proves (NULL: regression smoke). */
size_t guest_suite_count(void);
const char *guest_suite_name(size_t i);
const char *guest_suite_feature(size_t i);
/* Is suite I compared case by case, vanilla with patched (PROOF_DIFFERENTIAL)? */
bool guest_suite_compared(size_t i);
/* Does this run test suite I (its feature is selected, see features_selected)? */
bool guest_suite_selected(const struct hb_ctx *ctx, size_t i);
void guest_run_result_free(struct guest_run_result *r);
/* R's results as the guest's results.json holds them: the KTAP report (ktap_report_to_json)
 * with the measurements added ("leaks", "autoload", "kernel_tests", "constified"); NULL when
 * out of memory. */
json_t *guest_run_results_json(const struct guest_run_result *r);

#endif
