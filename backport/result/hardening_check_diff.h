/* SPDX-License-Identifier: GPL-2.0-only */
/* kernel-hardening-checker, vanilla against patched: the checks whose result changed, and the
 * checks of the run's hardenings (features/ NAME.feature.h, .checker) that the patched kernel
 * still FAILS, each with why; what of a hardening the tool has no check for. */
#ifndef HB_HARDENING_CHECK_DIFF_H
#define HB_HARDENING_CHECK_DIFF_H

#include "run_result.h"

#include <stdbool.h>
#include <stddef.h>

struct hc_change {
	const struct hc_check *vanilla, *patched; /* NULL: that flavour's tool had no such check */
};

struct hc_ours {
	const char *feature;
	const char *name;      /* the check's option_name */
	const struct hc_check *patched; /* NULL: the tool did not list it for this kernel */
	const char *why;       /* the feature table's reason */
};

struct hc_diff {
	bool ran[FLAVOURS];
	struct hc_change *changed; /* when both ran: verdict or result text differs */
	size_t n_changed;
	size_t n_changed_verdict;  /* of those, OK <-> FAIL */
	struct hc_ours *failing;   /* the run's hardenings' checks that FAIL on patched */
	size_t n_failing;
	const char **lacks;        /* "FEATURE: what the tool has no check for", static texts */
	const char **lacks_feature;
	size_t n_lacks;
};

void hc_diff_of(const struct run_result *r, struct hc_diff *out);
void hc_diff_free(struct hc_diff *d);
/* "CONFIG_LEGACY_TIOCSTI (kspp): vanilla OK: is not found, patched FAIL: \"y\"" into BUF. */
void hc_change_text(const struct hc_change *c, char *buf, size_t len);

#endif
