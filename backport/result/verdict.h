/* SPDX-License-Identifier: GPL-2.0-only */
/* The verdict of one row of the summary (a feature, or the regression smoke), from what apply
 * found, the row's suites on both flavours and the stages. */
#ifndef HB_VERDICT_H
#define HB_VERDICT_H

#include "run_result.h"

struct verdict_input {
	bool smoke;                    /* the regression smoke row */
	enum feature_outcome apply;        /* what apply found for the feature */
	int suites;                    /* the row's suites the guest runs */
	enum row_state state[FLAVOURS];
	int failed_stage;              /* the first stage that did not succeed, -1 if none */
};

enum verdict verdict_of(const struct verdict_input *in);
/* A flavour's state over a row's suites (ROW_NOT_RUN when its test did not run). */
enum row_state verdict_row_state(const struct run_result *r, const char *feature,
				 enum flavour f);
/* Fills every row's state, verdict, failed stage and log from r's stages and suites. */
void verdict_judge(struct run_result *r);

#endif
