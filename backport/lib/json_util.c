// SPDX-License-Identifier: GPL-2.0-only
#include "json_util.h"

#include "fsutil.h"
#include "msg.h"
#include "utf8.h"

#include <math.h>
#include <stdlib.h>

json_t *hb_json_string(const char *s)
{
	if (!s)
		return json_null();
	json_t *v = json_string(s);
	if (v)
		return v;
	char *valid = utf8_valid_copy(s);
	v = json_string(valid);
	free(valid);
	return v;
}

json_t *hb_json_number(double n)
{
	const double whole_max = 9007199254740992.0; /* 2^53: doubles beyond are all whole */
	if (!isfinite(n))
		return json_null();
	if (n >= -whole_max && n <= whole_max && n == (double)(json_int_t)n)
		return json_integer((json_int_t)n);
	return json_real(n);
}

int hb_json_write(FILE *f, const json_t *v)
{
	if (json_dumpf(v, f, HB_JSON_DUMP_FLAGS) != 0 || fputc('\n', f) == EOF)
		return -1;
	return ferror(f) ? -1 : 0;
}

json_t *hb_json_parse(const char *text, size_t len, const char *source, char *err,
		      size_t errlen)
{
	json_error_t e;
	json_t *v = json_loadb(text, len, 0, &e);
	if (!v)
		msg_format(err, errlen, "%s:%d:%d: not valid JSON: %s", source, e.line, e.column,
			   e.text);
	return v;
}

json_t *hb_json_read_file(const char *path, char *err, size_t errlen)
{
	size_t len;
	char *text = fs_read_file(path, &len);
	if (!text) {
		msg_format(err, errlen, "%s: cannot read: %m", path);
		return NULL;
	}
	json_t *v = hb_json_parse(text, len, path, err, errlen);
	free(text);
	return v;
}

int hb_json_array_or_null(const json_t *a, char *err, size_t errlen)
{
	if (!a || json_is_null(a))
		return 0;
	if (json_is_array(a))
		return 1;
	msg_format(err, errlen, "expected an array or null");
	return -1;
}
