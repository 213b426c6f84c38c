// SPDX-License-Identifier: GPL-2.0-only
/* Unit tests: the verdict of a summary row (backport/result/verdict.c) and its words. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "run_result.h"
#include "verdict.h"

static enum verdict judge(bool smoke, enum feature_outcome apply, int suites, enum row_state v,
			  enum row_state p, int failed_stage)
{
	struct verdict_input in = { .smoke = smoke, .apply = apply, .suites = suites,
				    .state = { v, p }, .failed_stage = failed_stage };
	return verdict_of(&in);
}

static void feature_rows(void **state)
{
	(void)state;
	/* apply added it: fails on vanilla, passes patched */
	assert_int_equal(judge(false, OUTCOME_CHANGED, 1, ROW_FAIL, ROW_PASS, -1), VERDICT_PROVEN);
	/* two suites, one of them passes on vanilla: not proven */
	assert_int_equal(judge(false, OUTCOME_CHANGED, 2, ROW_PARTIAL, ROW_PASS, -1),
			 VERDICT_NOT_PROVEN);
	assert_int_equal(judge(false, OUTCOME_CHANGED, 1, ROW_PASS, ROW_PASS, -1), VERDICT_NOT_PROVEN);
	/* upstream has it: passes on both */
	assert_int_equal(judge(false, OUTCOME_PRESENT, 1, ROW_PASS, ROW_PASS, -1), VERDICT_UPSTREAM);
	assert_int_equal(judge(false, OUTCOME_PRESENT, 1, ROW_FAIL, ROW_PASS, -1),
			 VERDICT_FAILED_VANILLA);
	/* patched failing wins over everything the vanilla side says */
	assert_int_equal(judge(false, OUTCOME_CHANGED, 1, ROW_FAIL, ROW_FAIL, -1),
			 VERDICT_FAILED_PATCHED);
	assert_int_equal(judge(false, OUTCOME_CHANGED, 2, ROW_FAIL, ROW_PARTIAL, -1),
			 VERDICT_FAILED_PATCHED);
	/* nothing to do and no suite: not applicable; added but no suite: not tested */
	assert_int_equal(judge(false, OUTCOME_NOT_APPLICABLE, 0, ROW_NOT_RUN, ROW_NOT_RUN, -1),
			 VERDICT_NOT_APPLICABLE);
	assert_int_equal(judge(false, OUTCOME_PRESENT, 0, ROW_NOT_RUN, ROW_NOT_RUN, -1),
			 VERDICT_NOT_APPLICABLE);
	assert_int_equal(judge(false, OUTCOME_CHANGED, 0, ROW_NOT_RUN, ROW_NOT_RUN, -1),
			 VERDICT_NOT_TESTED);
	/* not applicable needs no build: a later stage failing does not change it */
	assert_int_equal(judge(false, OUTCOME_NOT_APPLICABLE, 0, ROW_NOT_RUN, ROW_NOT_RUN,
			       STAGE_BUILD_PATCHED), VERDICT_NOT_APPLICABLE);
}

static void smoke_row(void **state)
{
	(void)state;
	assert_int_equal(judge(true, OUTCOME_UNKNOWN, 1, ROW_PASS, ROW_PASS, -1), VERDICT_NO_REGRESSION);
	assert_int_equal(judge(true, OUTCOME_UNKNOWN, 1, ROW_FAIL, ROW_PASS, -1), VERDICT_FAILED_VANILLA);
	assert_int_equal(judge(true, OUTCOME_UNKNOWN, 1, ROW_PASS, ROW_FAIL, -1), VERDICT_FAILED_PATCHED);
	assert_int_equal(judge(true, OUTCOME_UNKNOWN, 0, ROW_NOT_RUN, ROW_NOT_RUN, -1),
			 VERDICT_NOT_TESTED);
}

static void failed_stages(void **state)
{
	(void)state;
	for (int s = 0; s < RUN_STAGES; s++) {
		assert_int_equal(judge(false, OUTCOME_CHANGED, 1, ROW_FAIL, ROW_PASS, s),
				 VERDICT_STAGE_FAILED);
		assert_int_equal(judge(true, OUTCOME_UNKNOWN, 1, ROW_PASS, ROW_PASS, s),
				 VERDICT_STAGE_FAILED);
	}
	/* fetch or apply failing: even a row without suites has no verdict */
	assert_int_equal(judge(false, OUTCOME_UNKNOWN, 0, ROW_NOT_RUN, ROW_NOT_RUN, STAGE_APPLY),
			 VERDICT_STAGE_FAILED);
}

static void words(void **state)
{
	(void)state;
	char text[64];
	struct run_feature f = { .verdict = VERDICT_STAGE_FAILED, .failed_stage = STAGE_BUILD_VANILLA };
	run_feature_verdict_text(&f, text, sizeof(text));
	assert_string_equal(text, "stage build vanilla failed");
	f.verdict = VERDICT_PROVEN;
	run_feature_verdict_text(&f, text, sizeof(text));
	assert_string_equal(text, "patched and proven");
	f.verdict = VERDICT_UPSTREAM;
	run_feature_verdict_text(&f, text, sizeof(text));
	assert_string_equal(text, "present upstream");
	f.verdict = VERDICT_NOT_APPLICABLE;
	run_feature_verdict_text(&f, text, sizeof(text));
	assert_string_equal(text, "not applicable");
	f.verdict = VERDICT_FAILED_PATCHED;
	run_feature_verdict_text(&f, text, sizeof(text));
	assert_string_equal(text, "FAILED on patched");
	assert_string_equal(run_feature_label(&f), "(regression smoke)");
	/* every verdict and name has its way back */
	for (int v = 0; v < VERDICTS; v++)
		assert_int_equal(verdict_from_id(verdict_id(v)), v);
	for (int s = 0; s < RUN_STAGES; s++)
		assert_int_equal(run_stage_from_name(run_stage_name(s)), s);
	assert_int_equal(verdict_from_id("nonsense"), -1);
	assert_true(verdict_ok(VERDICT_NOT_APPLICABLE));
	assert_false(verdict_ok(VERDICT_NOT_TESTED));
	assert_false(verdict_ok(VERDICT_STAGE_FAILED));
}

static void exit_codes(void **state)
{
	(void)state;
	struct run_feature rows[2] = { { .verdict = VERDICT_NO_REGRESSION },
				       { .verdict = VERDICT_PROVEN } };
	struct run_result r = { .features = rows, .n_features = 2 };
	for (int s = 0; s < RUN_STAGES; s++)
		r.stages[s].status = STAGE_OK;
	assert_int_equal(run_result_exit_code(&r), 0);
	rows[1].verdict = VERDICT_FAILED_PATCHED;
	assert_int_equal(run_result_exit_code(&r), 1);
	rows[1].verdict = VERDICT_PROVEN;
	r.stages[STAGE_BUILD_PATCHED].status = STAGE_FAILED;
	assert_int_equal(run_result_exit_code(&r), 1);
	r.stages[STAGE_FETCH].status = STAGE_BROKEN;
	r.stages[STAGE_FETCH].exit_code = 2;
	assert_int_equal(run_result_exit_code(&r), 2);
	r.stages[STAGE_TEST_PATCHED].status = STAGE_BROKEN;
	r.stages[STAGE_TEST_PATCHED].exit_code = 3;
	assert_int_equal(run_result_exit_code(&r), 3);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(feature_rows),
		cmocka_unit_test(smoke_row),
		cmocka_unit_test(failed_stages),
		cmocka_unit_test(words),
		cmocka_unit_test(exit_codes),
	};
	return cmocka_run_group_tests_name("verdict", tests, NULL, NULL);
}
