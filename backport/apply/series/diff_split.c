// SPDX-License-Identifier: GPL-2.0-only
#include "diff_split.h"

#include "fsutil.h"

#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

/* The path of a "--- a/F" or "+++ b/F" header (after the "a/" or "b/"), up to a tab or the
 * end of the line; its length in *LEN. */
static const char *header_path(const char *line, size_t *len)
{
	const char *p = line + 4;
	if ((p[0] == 'a' || p[0] == 'b') && p[1] == '/')
		p += 2;
	*len = strcspn(p, "\t\n");
	return p;
}

/* Appends LEN bytes of TEXT to *OUT (of *USED bytes, room for *CAP). */
static void append(char **out, size_t *used, size_t *cap, const char *text, size_t len)
{
	if (*used + len + 1 > *cap) {
		*cap = (*used + len + 1) * 2;
		*out = xrealloc(*out, *cap);
	}
	memcpy(*out + *used, text, len);
	*used += len;
	(*out)[*used] = '\0';
}

char *diff_split_file(const char *diff, const char *path, char **rest)
{
	size_t cap_part = 256, cap_rest = 256, used_part = 0, used_rest = 0;
	char *part = calloc(1, cap_part), *other = calloc(1, cap_rest);
	long old_left = 0, new_left = 0;
	const char *section = NULL; /* where the current file's header lines began */
	bool mine = false;

	for (const char *l = diff; l && *l;) {
		const char *nl = strchr(l, '\n');
		size_t len = nl ? (size_t)(nl - l) + 1 : strlen(l);
		bool in_hunk = old_left > 0 || new_left > 0;

		if (in_hunk) {
			if (*l == '-')
				old_left--;
			else if (*l == '+')
				new_left--;
			else if (*l == ' ' || *l == '\n')
				old_left--, new_left--;
		} else if (!strncmp(l, "diff ", 5) ||
			   (!strncmp(l, "--- ", 4) && (!section || strncmp(section, "diff ", 5)))) {
			/* a file's headers begin here (a "--- " right after "diff " belongs to it) */
			section = l;
		} else if (!strncmp(l, "+++ ", 4) && section) {
			size_t plen;
			const char *p = header_path(l, &plen);
			mine = plen == strlen(path) && !strncmp(p, path, plen);
			/* the header lines so far go where this file goes */
			if (mine)
				append(&part, &used_part, &cap_part, section, (size_t)(l - section));
			else
				append(&other, &used_rest, &cap_rest, section, (size_t)(l - section));
			section = NULL;
		} else if (!strncmp(l, "@@ -", 4)) {
			const char *p = l + 4;
			char *end;
			unsigned long b = 1, d = 1;
			strtoul(p, &end, 10);
			if (*end == ',')
				b = strtoul(end + 1, &end, 10);
			if (!strncmp(end, " +", 2)) {
				strtoul(end + 2, &end, 10);
				if (*end == ',')
					d = strtoul(end + 1, &end, 10);
			}
			old_left = (long)b;
			new_left = (long)d;
		}
		if (!section) {
			if (mine)
				append(&part, &used_part, &cap_part, l, len);
			else
				append(&other, &used_rest, &cap_rest, l, len);
		}
		l += len;
	}
	if (section) /* headers without a "+++ " line: leave them with the rest */
		append(&other, &used_rest, &cap_rest, section, strlen(section));
	*rest = other;
	return part;
}
