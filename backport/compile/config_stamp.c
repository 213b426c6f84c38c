// SPDX-License-Identifier: GPL-2.0-only
#include "config_stamp.h"

#include "fnv_hash.h"
#include "fsutil.h"
#include "prefix_suffix.h"
#include "record.h"
#include "source_record.h"

#include <stdio.h>

#include <stdlib.h>
#include <string.h>

#define STAMP_KIND "config-stamp"
#define STAMP_VERSION 1

bool config_stamp_kconfig_input(const char *path)
{
	const char *base = strrchr(path, '/');
	base = base ? base + 1 : path;
	return str_starts_with(base, "Kconfig") || str_starts_with(path, "scripts/") ||
	       str_ends_with(path, ".config") || strcmp(path, "Makefile") == 0 ||
	       str_starts_with(path, "arch/x86/Makefile");
}

/* What of the source record decides Kconfig's answer: its pristine tree and its files that are
 * Kconfig inputs (source_record.h), as one string in the record's order; "" for no record. */
static char *kconfig_lines(const char *record)
{
	json_t *rec = hb_record_parse(record, SOURCE_RECORD_KIND, SOURCE_RECORD_VERSION);
	const json_t *files = json_object_get(rec, "files"), *f;
	size_t i;
	char *out = xasprintf("pristine %s\n", hb_record_str(rec, "pristine"));
	json_array_foreach(files, i, f) {
		const char *path = hb_record_str(f, "path");
		if (!config_stamp_kconfig_input(path))
			continue;
		char *more = xasprintf("%sfile %s %s\n", out, hb_record_str(f, "hash"), path);
		free(out);
		out = more;
	}
	json_decref(rec);
	return out;
}

static unsigned long long hash_of(const char *text)
{
	return (unsigned long long)fnv1a_hash(text, strlen(text));
}

char *config_stamp_make(const char *fragment, const char *record, const char *config)
{
	char *kconfig = kconfig_lines(record);
	json_t *rec = hb_record_new(STAMP_KIND, STAMP_VERSION);
	char hash[17];
	snprintf(hash, sizeof(hash), "%016llx", hash_of(fragment));
	json_object_set_new(rec, "fragment", json_string(hash));
	snprintf(hash, sizeof(hash), "%016llx", hash_of(kconfig));
	json_object_set_new(rec, "kconfig", json_string(hash));
	snprintf(hash, sizeof(hash), "%016llx", hash_of(config));
	json_object_set_new(rec, "config", json_string(hash));
	char *stamp = hb_record_text(rec);
	json_decref(rec);
	free(kconfig);
	return stamp;
}

bool config_stamp_current(const char *stamp, const char *fragment, const char *record,
			  const char *config)
{
	if (!stamp || !fragment || !record || !config)
		return false;
	char *now = config_stamp_make(fragment, record, config);
	bool same = strcmp(now, stamp) == 0;
	free(now);
	return same;
}
