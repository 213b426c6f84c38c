// SPDX-License-Identifier: GPL-2.0-only
#include "verdict.h"

#include "kernel_tests_diff.h"

#include <stdlib.h>
#include <string.h>

enum verdict verdict_of(const struct verdict_input *in)
{
	bool changed = in->apply == OUTCOME_CHANGED;
	if (in->failed_stage == STAGE_FETCH || in->failed_stage == STAGE_APPLY)
		return VERDICT_STAGE_FAILED;
	if (in->suites == 0) /* nothing the guest could prove, whatever the builds did */
		return changed || in->smoke ? VERDICT_NOT_TESTED : VERDICT_NOT_APPLICABLE;
	if (in->failed_stage >= 0)
		return VERDICT_STAGE_FAILED;
	if (in->state[FLAVOUR_PATCHED] != ROW_PASS)
		return VERDICT_FAILED_PATCHED;
	if (in->smoke)
		return in->state[FLAVOUR_VANILLA] == ROW_PASS ? VERDICT_NO_REGRESSION
							      : VERDICT_FAILED_VANILLA;
	if (changed) /* every suite of what apply added must fail on vanilla */
		return in->state[FLAVOUR_VANILLA] == ROW_FAIL ? VERDICT_PROVEN : VERDICT_NOT_PROVEN;
	return in->state[FLAVOUR_VANILLA] == ROW_PASS ? VERDICT_UPSTREAM : VERDICT_FAILED_VANILLA;
}

static bool same_feature(const char *a, const char *b)
{
	return (!a && !b) || (a && b && strcmp(a, b) == 0);
}

enum row_state verdict_row_state(const struct run_result *r, const char *feature,
				 enum flavour f)
{
	int n = 0, passed = 0, failed = 0;
	for (size_t i = 0; i < r->n_suites; i++) {
		const struct run_suite *s = &r->suites[i];
		if (s->compared || !same_feature(s->feature, feature))
			continue;
		if (!s->flavour[f].ran)
			return ROW_NOT_RUN;
		n++;
		passed += s->flavour[f].seen && s->flavour[f].passed;
		failed += s->flavour[f].seen && !s->flavour[f].passed;
	}
	if (!n)
		return ROW_NOT_RUN;
	return passed == n ? ROW_PASS : failed == n ? ROW_FAIL : ROW_PARTIAL;
}

static const char *verdict_log(const struct run_result *r, const struct run_feature *f)
{
	switch (f->verdict) {
	case VERDICT_STAGE_FAILED:
		return r->stages[f->failed_stage].log;
	case VERDICT_FAILED_PATCHED:
		return r->flavour[FLAVOUR_PATCHED].console_log;
	case VERDICT_FAILED_VANILLA:
	case VERDICT_NOT_PROVEN:
		return r->flavour[FLAVOUR_VANILLA].console_log;
	case VERDICT_NOT_TESTED:
		return r->stages[STAGE_APPLY].log;
	default:
		return NULL;
	}
}

void verdict_judge(struct run_result *r)
{
	int failed = run_result_failed_stage(r);
	struct kernel_tests_diff kt;
	kernel_tests_diff_of(r, &kt);
	for (size_t i = 0; i < r->n_features; i++) {
		struct run_feature *f = &r->features[i];
		struct verdict_input in = { .smoke = !f->name, .apply = f->apply,
					    .suites = f->n_suites, .failed_stage = failed };
		for (int fl = 0; fl < FLAVOURS; fl++)
			in.state[fl] = f->state[fl] = verdict_row_state(r, f->name, fl);
		f->verdict = verdict_of(&in);
		/* the kernel's own tests: a case ok on vanilla and not on patched fails the smoke */
		if (!f->name && kt.n_regressions && f->verdict == VERDICT_NO_REGRESSION)
			f->verdict = VERDICT_FAILED_PATCHED;
		f->failed_stage = failed >= 0 ? (enum run_stage_id)failed : STAGE_FETCH;
		free(f->log);
		const char *log = verdict_log(r, f);
		f->log = log ? strdup(log) : NULL;
	}
	kernel_tests_diff_free(&kt);
}
