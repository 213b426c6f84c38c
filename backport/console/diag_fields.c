// SPDX-License-Identifier: GPL-2.0-only
#include "diag_fields.h"

#include <limits.h>
#include <stdlib.h>
#include <string.h>

bool diag_field(const char **s, const char *key, long *out)
{
	size_t n = strlen(key);
	const char *p = *s;
	if (strncmp(p, key, n) != 0 || p[n] != '=' || p[n + 1] < '0' || p[n + 1] > '9')
		return false;
	char *end;
	long v = strtol(p + n + 1, &end, 10);
	if (v == LONG_MAX || (*end && *end != ' ' && *end != '\t'))
		return false;
	while (*end == ' ' || *end == '\t')
		end++;
	*out = v;
	*s = end;
	return true;
}
