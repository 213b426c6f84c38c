// SPDX-License-Identifier: GPL-2.0-only
#include "diff_tidy.h"

#include "fsutil.h"

#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Lines of a text, each a pointer into a copy. */
struct lines {
	char *buf;
	char **line;
	size_t count;
};

static void lines_split(const char *text, struct lines *l)
{
	size_t cap = 64;
	l->buf = strdup(text);
	l->line = malloc(cap * sizeof(char *));
	l->count = 0;
	for (char *p = l->buf; p && *p;) {
		char *nl = strchr(p, '\n');
		if (l->count == cap)
			l->line = xrealloc(l->line, (cap *= 2) * sizeof(char *));
		l->line[l->count++] = p;
		if (nl)
			*nl = '\0';
		p = nl ? nl + 1 : NULL;
	}
}

/* "+", tabs, "}" and an optional ",": an added closing brace of an initializer or block. */
static bool added_brace(const char *s)
{
	if (*s++ != '+')
		return false;
	s += strspn(s, "\t");
	return !strcmp(s, "}") || !strcmp(s, "},");
}

char *diff_drop_blank_before_brace(const char *diff)
{
	struct lines l;
	lines_split(diff, &l);
	bool *drop = calloc(l.count + 1, sizeof(bool));
	int *dropped = calloc(l.count + 1, sizeof(int)); /* per hunk, at its header line */
	size_t hunk = (size_t)-1;
	for (size_t i = 0; i < l.count; i++) {
		if (!strncmp(l.line[i], "@@ -", 4))
			hunk = i;
		else if (!strncmp(l.line[i], "+++ ", 4))
			hunk = (size_t)-1;
		else if (hunk != (size_t)-1 && !strcmp(l.line[i], "+") && i > 0 &&
			 i + 1 < l.count && l.line[i - 1][0] == '+' && l.line[i - 1][1] &&
			 added_brace(l.line[i + 1])) {
			drop[i] = true;
			dropped[hunk]++;
		}
	}
	size_t cap = strlen(diff) + 64, used = 0;
	char *out = malloc(cap);
	long shift = 0; /* lines dropped from the earlier hunks of the same file */
	out[0] = '\0';
	for (size_t i = 0; i < l.count; i++) {
		const char *text = l.line[i];
		char header[96];
		unsigned long a, b = 1, c, d = 1;
		char *end;
		if (drop[i])
			continue;
		if (!strncmp(text, "+++ ", 4))
			shift = 0;
		if ((dropped[i] || shift) && !strncmp(text, "@@ -", 4)) {
			a = strtoul(text + 4, &end, 10);
			if (*end == ',')
				b = strtoul(end + 1, &end, 10);
			if (!strncmp(end, " +", 2)) {
				c = strtoul(end + 2, &end, 10);
				if (*end == ',')
					d = strtoul(end + 1, &end, 10);
				snprintf(header, sizeof(header), "@@ -%lu,%lu +%lu,%lu", a, b,
					 (unsigned long)((long)c - shift),
					 d - (unsigned long)dropped[i]);
				shift += dropped[i];
				text = header;
				if (used + strlen(header) + strlen(end) + 2 > cap)
					out = xrealloc(out, cap = (used + strlen(header) + strlen(end) + 2) * 2);
				used += (size_t)sprintf(out + used, "%s%s\n", header, end);
				continue;
			}
		}
		if (used + strlen(text) + 2 > cap)
			out = xrealloc(out, cap = (used + strlen(text) + 2) * 2);
		used += (size_t)sprintf(out + used, "%s\n", text);
	}
	/* a diff that did not end with a newline keeps none */
	if (used && diff[0] && diff[strlen(diff) - 1] != '\n')
		out[--used] = '\0';
	free(drop);
	free(dropped);
	free(l.buf);
	free(l.line);
	return out;
}
