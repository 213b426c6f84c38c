// SPDX-License-Identifier: GPL-2.0-only
#include "sysctl_dump.h"

#include "sysctl_dump_format.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static bool key_char(char c)
{
	return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
	       c == '/' || c == '*' || c == '.' || c == '_' || c == '-';
}

bool sysctl_dump_line_ok(const char *line, size_t len)
{
	size_t i = 0;
	while (i < len && key_char(line[i]))
		i++;
	if (i == 0)
		return false;
	if (i < len && line[i] == ' ')
		i++;
	return i < len && line[i] == '=' && !memchr(line, '\0', len);
}

/* A line without its "\r\n" or "\n". */
static size_t line_len(const char *p, const char *end, const char **next)
{
	const char *nl = memchr(p, '\n', (size_t)(end - p));
	const char *stop = nl ? nl : end;
	*next = nl ? nl + 1 : end;
	while (stop > p && stop[-1] == '\r')
		stop--;
	return (size_t)(stop - p);
}

static bool starts(const char *p, size_t len, const char *prefix)
{
	size_t n = strlen(prefix);
	return len >= n && memcmp(p, prefix, n) == 0;
}

static void append(char **text, size_t *used, const char *p, size_t len)
{
	char *t = realloc(*text, *used + len + 2);
	if (!t)
		abort();
	memcpy(t + *used, p, len);
	*used += len;
	t[(*used)++] = '\n';
	t[*used] = '\0';
	*text = t;
}

int sysctl_dumps_cut(const char *text, size_t len, struct sysctl_dump **out, size_t *n)
{
	const char *p = text, *end = text + len, *next;
	struct sysctl_dump *d = NULL, *cur = NULL;
	size_t used = 0;
	*out = NULL;
	*n = 0;
	for (; p < end; p = next) {
		size_t l = line_len(p, end, &next);
		if (starts(p, l, HB_DUMP_BEGIN)) {
			struct sysctl_dump *more = realloc(d, (*n + 1) * sizeof(*d));
			if (!more) {
				sysctl_dumps_free(d, *n);
				return -1;
			}
			d = more;
			cur = &d[(*n)++];
			memset(cur, 0, sizeof(*cur));
			size_t k = strlen(HB_DUMP_BEGIN);
			snprintf(cur->label, sizeof(cur->label), "%.*s", (int)(l - k), p + k);
			cur->cmdline = strdup("");
			cur->text = strdup("");
			cur->printed = -1;
			used = 0;
		} else if (!cur) {
			continue;
		} else if (starts(p, l, HB_DUMP_END)) {
			size_t k = strlen(HB_DUMP_END), label = strlen(cur->label);
			if (l > k + label && !memcmp(p + k, cur->label, label) && p[k + label] == ' ')
				cur->printed = strtol(p + k + label + 1, NULL, 10);
			cur = NULL;
		} else if (starts(p, l, HB_DUMP_CMDLINE)) {
			size_t k = strlen(HB_DUMP_CMDLINE);
			free(cur->cmdline);
			cur->cmdline = strndup(p + k, l - k);
		} else if (sysctl_dump_line_ok(p, l)) {
			append(&cur->text, &used, p, l);
			cur->lines++;
		} else {
			cur->dropped++;
		}
	}
	*out = d;
	return 0;
}

void sysctl_dumps_free(struct sysctl_dump *d, size_t n)
{
	for (size_t i = 0; i < n; i++) {
		free(d[i].cmdline);
		free(d[i].text);
	}
	free(d);
}

char *sysctl_dump_value(const struct sysctl_dump *d, const char *key)
{
	char *found = NULL;
	size_t k = strlen(key);
	for (const char *p = d->text; p && *p;) {
		const char *nl = strchr(p, '\n');
		size_t l = nl ? (size_t)(nl - p) : strlen(p);
		if (l > k && !memcmp(p, key, k) && (p[k] == ' ' || p[k] == '=')) {
			const char *v = memchr(p, '=', l) + 1;
			while (*v == ' ')
				v++;
			free(found);
			found = strndup(v, (size_t)(p + l - v));
		}
		p = nl ? nl + 1 : p + l;
	}
	return found;
}

bool sysctl_dump_whole(const struct sysctl_dump *d)
{
	return d->printed >= 0 && (size_t)d->printed == d->lines;
}
