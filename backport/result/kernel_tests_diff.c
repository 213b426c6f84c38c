// SPDX-License-Identifier: GPL-2.0-only
#include "kernel_tests_diff.h"

#include "fsutil.h"
#include "text_list.h"

#include <stdlib.h>
#include <string.h>

void kernel_tests_diff_of(const struct run_result *r, struct kernel_tests_diff *out)
{
	memset(out, 0, sizeof(*out));
	for (int f = 0; f < FLAVOURS; f++) {
		const struct kernel_tests *t = &r->flavour[f].boot.ktests;
		out->ran[f] = t->ran;
		for (size_t i = 0; i < t->n; i++) {
			out->passed[f] += t->test[i].result == KTEST_OK;
			out->failed[f] += t->test[i].result == KTEST_NOT_OK;
			out->skipped[f] += t->test[i].result == KTEST_SKIP;
		}
	}
	if (!out->ran[FLAVOUR_VANILLA] || !out->ran[FLAVOUR_PATCHED])
		return;
	const struct kernel_tests *v = &r->flavour[FLAVOUR_VANILLA].boot.ktests;
	const struct kernel_tests *p = &r->flavour[FLAVOUR_PATCHED].boot.ktests;
	for (size_t i = 0; i < v->n; i++) {
		const struct kernel_test *on_patched = kernel_tests_find(p, v->test[i].name);
		bool patched_ok = on_patched && on_patched->result != KTEST_NOT_OK;
		if (v->test[i].result == KTEST_OK && !patched_ok) {
			text_list_add(&out->regressions, v->test[i].name);
			out->n_regressions++;
		} else if (v->test[i].result == KTEST_NOT_OK && on_patched &&
			   on_patched->result == KTEST_NOT_OK) {
			text_list_add(&out->upstream, v->test[i].name);
			out->n_upstream++;
		}
	}
}

void kernel_tests_diff_free(struct kernel_tests_diff *d)
{
	free(d->regressions);
	free(d->upstream);
	memset(d, 0, sizeof(*d));
}
