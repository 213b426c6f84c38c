// SPDX-License-Identifier: GPL-2.0-only
#include "doc_sysctl.h"

#include "fsutil.h"

#include <stdlib.h>
#include <string.h>

/* Lines of a text, each a pointer into a copy, for looking back and forth. */
struct lines {
	char *buf;
	char **line;
	size_t count;
};

static void lines_split(const char *text, struct lines *l)
{
	l->buf = strdup(text);
	l->count = 0;
	size_t cap = 64;
	l->line = malloc(cap * sizeof(char *));
	for (char *p = l->buf; p && *p;) {
		if (l->count == cap)
			l->line = xrealloc(l->line, (cap *= 2) * sizeof(char *));
		l->line[l->count++] = p;
		char *nl = strchr(p, '\n');
		if (nl)
			*nl = '\0';
		p = nl ? nl + 1 : NULL;
	}
}

static void lines_free(struct lines *l)
{
	free(l->buf);
	free(l->line);
}

static bool all_of(const char *s, char c, size_t min)
{
	size_t n = 0;
	for (; *s; s++, n++)
		if (*s != c)
			return false;
	return n >= min;
}

/* Title of an rst section at line i ("name" underlined with '='), or NULL. */
static const char *rst_title(const struct lines *l, size_t i)
{
	if (i + 1 >= l->count || !l->line[i][0] || l->line[i][0] == ' ' || l->line[i][0] == '.')
		return NULL;
	if (!all_of(l->line[i + 1], '=', strlen(l->line[i])))
		return NULL;
	if (i > 0 && all_of(l->line[i - 1], '=', 3))
		return NULL; /* an over-and-underlined document title */
	return l->line[i];
}

/* Title of a txt section starting at separator line i, or NULL. */
static const char *txt_title(const struct lines *l, size_t i, size_t *title_line)
{
	if (!all_of(l->line[i], '=', 20))
		return NULL;
	for (size_t j = i + 1; j < l->count; j++) {
		if (!l->line[j][0])
			continue;
		*title_line = j;
		return l->line[j];
	}
	return NULL;
}

/* Compares a title such as "modules_disabled:" or "msgmax, msgmnb" with a sysctl name. */
static int title_cmp(const char *title, const char *name)
{
	size_t n = strcspn(title, ":, &");
	int c = strncmp(title, name, n);
	if (c == 0)
		c = n < strlen(name) ? -1 : (n > strlen(name) ? 1 : 0);
	return c;
}

bool doc_sysctl_has(const char *text, enum doc_format format, const char *name)
{
	struct lines l;
	lines_split(text, &l);
	bool found = false;
	for (size_t i = 0; i < l.count && !found; i++) {
		size_t t;
		const char *title = format == DOC_FORMAT_RST ? rst_title(&l, i) : txt_title(&l, i, &t);
		found = title && title_cmp(title, name) == 0;
	}
	lines_free(&l);
	return found;
}

static char *join(const struct lines *l, size_t at, const char *insert, size_t at2,
		  const char *insert2)
{
	size_t cap = strlen(insert) + strlen(insert2) + 2;
	for (size_t i = 0; i < l->count; i++)
		cap += strlen(l->line[i]) + 1;
	char *out = malloc(cap), *p = out;
	for (size_t i = 0; i <= l->count; i++) {
		if (i == at)
			p = stpcpy(p, insert);
		if (i == at2)
			p = stpcpy(p, insert2);
		if (i < l->count) {
			p = stpcpy(p, l->line[i]);
			*p++ = '\n';
		}
	}
	*p = '\0';
	return out;
}

static char *insert_rst(const struct lines *l, const char *name, const char *body)
{
	size_t at = l->count;
	bool seen_first = false;
	for (size_t i = 0; i < l->count; i++) {
		const char *title = rst_title(l, i);
		if (!title)
			continue;
		if (seen_first && title_cmp(title, name) > 0) {
			at = i;
			/* Keep a ".. _label:" line and its blank line with their section. */
			if (at >= 2 && !l->line[at - 1][0] && strncmp(l->line[at - 2], ".. _", 4) == 0)
				at -= 2;
			break;
		}
		seen_first = true;
	}
	if (!seen_first)
		return NULL;
	char *underline = malloc(strlen(name) + 1);
	memset(underline, '=', strlen(name));
	underline[strlen(name)] = '\0';
	char *entry = xasprintf("%s\n%s\n\n%s\n\n\n", name, underline, body);
	char *out = join(l, at, entry, (size_t)-1, "");
	free(underline);
	free(entry);
	return out;
}

static char *insert_txt(const struct lines *l, const char *name, const char *body)
{
	/* The "- name" list near the top. */
	size_t list_at = (size_t)-1, first_item = (size_t)-1;
	for (size_t i = 0; i < l->count; i++) {
		if (strncmp(l->line[i], "- ", 2) != 0) {
			if (first_item != (size_t)-1 && list_at == (size_t)-1) {
				list_at = i;
				break;
			}
			continue;
		}
		if (first_item == (size_t)-1)
			first_item = i;
		if (title_cmp(l->line[i] + 2, name) > 0) {
			list_at = i;
			break;
		}
	}
	size_t section_at = (size_t)-1, last_separator = (size_t)-1;
	for (size_t i = 0; i < l->count; i++) {
		size_t t;
		const char *title = txt_title(l, i, &t);
		if (!title)
			continue;
		last_separator = i;
		if (title_cmp(title, name) > 0 && strchr(title, ':')) {
			section_at = i;
			break;
		}
	}
	if (list_at == (size_t)-1 || last_separator == (size_t)-1)
		return NULL;
	if (section_at == (size_t)-1)
		section_at = last_separator;
	char *item = xasprintf("- %s\n", name);
	char *section = xasprintf("%s\n\n%s:\n\n%s\n\n", l->line[last_separator], name, body);
	char *out = join(l, list_at, item, section_at, section);
	free(item);
	free(section);
	return out;
}

char *doc_sysctl_insert(const char *text, enum doc_format format, const char *name,
			const char *body)
{
	struct lines l;
	lines_split(text, &l);
	char *out = format == DOC_FORMAT_RST ? insert_rst(&l, name, body) : insert_txt(&l, name, body);
	lines_free(&l);
	return out;
}
