// SPDX-License-Identifier: GPL-2.0-only
#include "guest_expect.h"

static unsigned feature_bit(const char *name)
{
	const struct feature *f = name ? feature_find(name) : NULL;
	return f ? 1u << (f - features) : 0;
}

bool guest_suite_judged(const struct guest_suite *s, unsigned selected)
{
	if (s->proof == PROOF_ON_REQUEST)
		return false;
	return !s->feature || (selected & feature_bit(s->feature));
}

bool guest_suite_expect_pass(const struct guest_suite *s, const struct guest_expect_input *in)
{
	if (!in->vanilla)
		return true;
	switch (s->proof) {
	case PROOF_GUEST:
		return !(in->added & feature_bit(s->feature));
	case PROOF_TEST_MODULE:
		return false;
	case PROOF_BUILT_IN_TABLES:
		return !in->tables_built_in;
	case PROOF_REGRESSION:
	case PROOF_MEASUREMENT:
	case PROOF_ON_REQUEST:
	case PROOF_DIFFERENTIAL:
		break;
	}
	return true;
}
