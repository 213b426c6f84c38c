// SPDX-License-Identifier: GPL-2.0-only
#include "diff_order.h"

#include "fsutil.h"

#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

struct section {
	const char *start;
	size_t len;
	char *path; /* from its "+++ b/PATH" line */
};

static const char *next_line(const char *p)
{
	const char *nl = strchr(p, '\n');
	return nl ? nl + 1 : p + strlen(p);
}

static bool starts_section(const char *line, const char *prev)
{
	if (strncmp(line, "diff ", 5) == 0)
		return true;
	if (strncmp(line, "--- a/", 6) != 0 || (prev && strncmp(prev, "diff ", 5) == 0))
		return false;
	const char *next = next_line(line);
	return strlen(next) >= 6 && memcmp(next, "+++ b/", 6) == 0;
}

static char *section_path(const char *start, size_t len)
{
	for (const char *p = start; p < start + len; p = next_line(p))
		if (strncmp(p, "+++ ", 4) == 0)
			return strndup(p + 4, strcspn(p + 4, "\t\n"));
	return strdup("");
}

static int by_path(const void *a, const void *b)
{
	return strcmp(((const struct section *)a)->path, ((const struct section *)b)->path);
}

/* The sections of DIFF, with their paths; *preamble_end: where the first one starts. */
static struct section *split_sections(const char *diff, size_t *count, const char **preamble_end)
{
	size_t n = 0, cap = 8;
	struct section *s = malloc(cap * sizeof(*s));
	const char *prev = NULL;
	*preamble_end = NULL;
	for (const char *p = diff; *p; prev = p, p = next_line(p)) {
		if (!starts_section(p, prev))
			continue;
		if (!*preamble_end)
			*preamble_end = p;
		if (n == cap)
			s = xrealloc(s, (cap *= 2) * sizeof(*s));
		s[n++].start = p;
	}
	if (!*preamble_end)
		*preamble_end = diff + strlen(diff);
	for (size_t i = 0; i < n; i++) {
		const char *end = i + 1 < n ? s[i + 1].start : diff + strlen(diff);
		s[i].len = (size_t)(end - s[i].start);
		s[i].path = section_path(s[i].start, s[i].len);
	}
	*count = n;
	return s;
}

/* PREAMBLE then the sections of S that KEEP (NULL: all) keeps, malloc'd; frees S. */
static char *join_sections(const char *diff, const char *preamble_end, struct section *s,
			   size_t n, char *const *drop)
{
	char *out = malloc(strlen(diff) + 1), *o = out;
	memcpy(o, diff, (size_t)(preamble_end - diff));
	o += preamble_end - diff;
	for (size_t i = 0; i < n; i++) {
		bool dropped = false;
		const char *path = strncmp(s[i].path, "b/", 2) == 0 ? s[i].path + 2 : s[i].path;
		for (char *const *d = drop; d && *d && !dropped; d++)
			dropped = strcmp(*d, path) == 0;
		if (!dropped) {
			memcpy(o, s[i].start, s[i].len);
			o += s[i].len;
		}
		free(s[i].path);
	}
	*o = '\0';
	free(s);
	return out;
}

char *diff_sort_by_file(const char *diff)
{
	size_t n;
	const char *preamble_end;
	struct section *s = split_sections(diff, &n, &preamble_end);
	qsort(s, n, sizeof(*s), by_path);
	return join_sections(diff, preamble_end, s, n, NULL);
}

char *diff_without_files(const char *diff, char *const *drop)
{
	size_t n;
	const char *preamble_end;
	struct section *s = split_sections(diff, &n, &preamble_end);
	return join_sections(diff, preamble_end, s, n, drop);
}
