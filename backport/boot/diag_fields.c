// SPDX-License-Identifier: GPL-2.0-only
#include "diag_fields.h"

#include "msg.h"

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

bool json_array_or_null(const struct json_value *a, bool *err_set, char *err, size_t errlen)
{
	*err_set = a && a->type != JSON_NULL && a->type != JSON_ARRAY;
	if (*err_set)
		msg_format(err, errlen, "expected an array or null");
	return a && a->type == JSON_ARRAY;
}

bool json_whole(const struct json_value *o, const char *key, long min, long *out)
{
	const struct json_value *v = json_get(o, key);
	if (!v || v->type != JSON_NUMBER || v->number < (double)min || v->number > 1e15 ||
	    v->number != (double)(long)v->number)
		return false;
	*out = (long)v->number;
	return true;
}
