/* SPDX-License-Identifier: GPL-2.0-only */
/* What each guest suite is expected to show on a flavour: the rule of suites.def's proofs,
 * apart from any boot, so that it can be tested alone. */
#ifndef HB_GUEST_EXPECT_H
#define HB_GUEST_EXPECT_H

#include "feature_table.h"

#include <stdbool.h>
#include <stddef.h>

struct guest_expect_input {
	bool vanilla;
	unsigned selected;        /* the features this run tests (mask over features[]) */
	unsigned added;           /* those apply changed in this tree, so that vanilla lacks them */
	bool tables_built_in;     /* some symbols of a PROOF_BUILT_IN_TABLES manifest are built in */
};

/* Does the run judge suite S (not on request; its feature, if any, selected)? */
bool guest_suite_judged(const struct guest_suite *s, unsigned selected);
/* Is suite S expected to pass? On patched every suite is; on vanilla a suite fails when its
 * proof says vanilla lacks what it checks. */
bool guest_suite_expect_pass(const struct guest_suite *s, const struct guest_expect_input *in);

#endif
