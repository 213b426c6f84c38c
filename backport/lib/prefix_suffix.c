// SPDX-License-Identifier: GPL-2.0-only
#include "prefix_suffix.h"

#include <string.h>

bool str_starts_with(const char *s, const char *prefix)
{
	return strncmp(s, prefix, strlen(prefix)) == 0;
}

bool str_ends_with(const char *s, const char *suffix)
{
	size_t n = strlen(s), t = strlen(suffix);
	return n >= t && strcmp(s + n - t, suffix) == 0;
}
