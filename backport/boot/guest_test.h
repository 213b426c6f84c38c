/* SPDX-License-Identifier: GPL-2.0-only */
/* backport test: boot a built kernel with the test initramfs in QEMU, read its KTAP, and
 * judge each suite against what is expected of that kernel (vanilla or patched). */
#ifndef HB_GUEST_TEST_H
#define HB_GUEST_TEST_H

#include "build.h"
#include "ctx.h"
#include "autoload_stats.h"
#include "leak_stats.h"
#include "ro_symbols.h"

#include <stdbool.h>

#define GUEST_SUITES_MAX 12

struct suite_verdict {
	const char *suite;        /* KTAP top-level test name */
	const char *feature;      /* the feature it proves, NULL for the regression smoke */
	bool expect_pass;         /* vanilla lacking the feature is expected to fail */
	bool seen, passed;
	int cases_passed, cases_total;
};

struct guest_test_result {
	bool vanilla;
	bool booted;              /* the guest reached its done marker, no panic, no hang */
	const char *boot_problem; /* "KERNEL PANIC", "HUNG (no output)", ...; NULL when booted */
	bool console_clean;       /* no Oops, BUG, WARNING, panic */
	char console_problem[256];
	bool as_expected;         /* every suite met its expectation, console clean */
	const char *accel;
	double boot_seconds;
	struct suite_verdict suites[GUEST_SUITES_MAX];
	int n_suites;
	struct leak_stats leaks;  /* the leaks suite's measurement (no levels when it did not run) */
	struct autoload_stats autoload; /* the autoload suite's measurement */
	bool has_constified;      /* apply made tables const: ro is filled */
	struct ro_symbols ro;     /* where this vmlinux put them (nm) */
	char *dir;                /* where console.log and results.json are */
};

/* Boots the kernel build_kernel has built (B) and judges its suites. EXTRA_APPEND (or NULL) is
 * added to the kernel command line. For vanilla, apply must have run (what it added is what
 * vanilla lacks). Returns an hb_exit code (1: not as expected). */
int guest_test_built(struct hb_ctx *ctx, const struct kernel_entry *e, bool vanilla,
		     const struct build_output *b, const char *extra_append,
		     struct guest_test_result *out);
/* Are the guest programs built? HB_EXIT_ENV after saying how to build them. */
int guest_test_check(const struct hb_ctx *ctx);
/* The guest's suites, in run order, and the feature each proves (NULL: regression smoke). */
size_t guest_suite_count(void);
const char *guest_suite_name(size_t i);
const char *guest_suite_feature(size_t i);
/* Does this run test suite I (its feature is selected, see ctx_features)? */
bool guest_suite_selected(const struct hb_ctx *ctx, size_t i);
void guest_test_result_free(struct guest_test_result *r);

#endif
