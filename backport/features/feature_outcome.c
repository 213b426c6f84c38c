// SPDX-License-Identifier: GPL-2.0-only
#include "feature_outcome.h"

#include <string.h>

static const char *const ids[OUTCOMES] = {
	"unknown", "changed", "present", "not-applicable", "failed", "incomplete", "does-not-compile",
};
static const char *const texts[OUTCOMES] = {
	"unknown", "changed", "present already", "not applicable", "FAILED", "INCOMPLETE", "DOES NOT COMPILE",
};

const char *feature_outcome_id(enum feature_outcome o) { return ids[o]; }
const char *feature_outcome_text(enum feature_outcome o) { return texts[o]; }

int feature_outcome_from_id(const char *id)
{
	for (int i = 0; id && i < OUTCOMES; i++)
		if (strcmp(ids[i], id) == 0)
			return i;
	return -1;
}
