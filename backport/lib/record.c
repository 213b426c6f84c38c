// SPDX-License-Identifier: GPL-2.0-only
#include "record.h"

#include "fsutil.h"
#include "json_util.h"

#include <stdlib.h>
#include <string.h>

json_t *hb_record_new(const char *kind, int version)
{
	json_t *rec = json_object();
	json_object_set_new(rec, "record", json_string(kind));
	json_object_set_new(rec, "record_version", json_integer(version));
	return rec;
}

char *hb_record_text(const json_t *rec)
{
	char *json = json_dumps(rec, HB_JSON_DUMP_FLAGS);
	if (!json)
		abort();
	char *text = xasprintf("%s\n", json);
	free(json);
	return text;
}

int hb_record_is(const json_t *rec, const char *kind, int version)
{
	const json_t *v = json_object_get(rec, "record_version");
	return json_is_object(rec) && strcmp(hb_record_str(rec, "record"), kind) == 0 &&
	       json_is_integer(v) && json_integer_value(v) == version;
}

json_t *hb_record_parse(const char *text, const char *kind, int version)
{
	if (!text)
		return NULL;
	json_t *rec = json_loads(text, 0, NULL);
	if (!hb_record_is(rec, kind, version)) {
		json_decref(rec);
		return NULL;
	}
	return rec;
}

int hb_record_write(const char *path, const json_t *rec)
{
	char *text = hb_record_text(rec);
	int rc = fs_write_file_atomic(path, text, strlen(text));
	free(text);
	return rc;
}

json_t *hb_record_read(const char *path, const char *kind, int version)
{
	char *text = fs_read_file(path, NULL);
	json_t *rec = hb_record_parse(text, kind, version);
	free(text);
	return rec;
}

const char *hb_record_str(const json_t *rec, const char *key)
{
	const char *s = json_string_value(json_object_get(rec, key));
	return s ? s : "";
}
