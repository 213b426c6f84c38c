// SPDX-License-Identifier: GPL-2.0-only
#include "alt_names.h"

#include <stdio.h>
#include <string.h>

const char *hb_alt_next(const char *alts, char *out, size_t len)
{
	size_t l = strcspn(alts, "|");

	snprintf(out, len, "%.*s", (int)l, alts);
	return alts[l] == '|' ? alts + l + 1 : NULL;
}
