// SPDX-License-Identifier: GPL-2.0-only
#include "config_stamp.h"

#include "fnv_hash.h"
#include "fsutil.h"
#include "prefix_suffix.h"

#include <stdlib.h>
#include <string.h>

#define STAMP_MAGIC "hb-config-stamp 1\n"

bool config_stamp_kconfig_input(const char *path)
{
	const char *base = strrchr(path, '/');
	base = base ? base + 1 : path;
	return str_starts_with(base, "Kconfig") || str_starts_with(path, "scripts/") ||
	       str_ends_with(path, ".config") || strcmp(path, "Makefile") == 0 ||
	       str_starts_with(path, "arch/x86/Makefile");
}

/* The record's lines that decide Kconfig's answer: "pristine PATH" and "file HASH PATH" for
 * the Kconfig inputs (source_record.h); one string, in the record's order. */
static char *kconfig_lines(const char *record)
{
	char *out = strdup(record); /* the kept lines, moved up over the others */
	if (!out)
		abort();
	size_t used = 0;
	for (char *line = out; *line;) {
		char *end = strchr(line, '\n');
		size_t n = end ? (size_t)(end - line) + 1 : strlen(line);
		bool keep = str_starts_with(line, "pristine ");
		if (str_starts_with(line, "file ")) {
			if (end)
				*end = '\0'; /* the path ends at its line's end */
			char *path = strchr(line + 5, ' ');
			keep = path && config_stamp_kconfig_input(path + 1);
			if (end)
				*end = '\n';
		}
		if (keep)
			memmove(out + used, line, n);
		used += keep ? n : 0;
		line += n;
	}
	out[used] = '\0';
	return out;
}

static unsigned long long hash_of(const char *text)
{
	return (unsigned long long)fnv1a_hash(text, strlen(text));
}

char *config_stamp_make(const char *fragment, const char *record, const char *config)
{
	char *kconfig = kconfig_lines(record);
	char *stamp = xasprintf(STAMP_MAGIC "fragment %016llx\nkconfig %016llx\nconfig %016llx\n",
				hash_of(fragment), hash_of(kconfig), hash_of(config));
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
