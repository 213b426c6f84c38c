// SPDX-License-Identifier: GPL-2.0-only
#include "doc_param.h"

#include "fsutil.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The name of the entry that starts at LINE (one tab, then a character that is not blank),
 * its length in *LEN; NULL when LINE starts no entry. The name ends at the first blank. */
static const char *entry_name(const char *line, size_t *len)
{
	if (line[0] != '\t' || !line[1] || line[1] == '\t' || line[1] == ' ' || line[1] == '\n')
		return NULL;
	*len = strcspn(line + 1, " \t\n");
	return line + 1;
}

/* Compares entry names as the file sorts them: case aside, '_' as '-' and '.' alike. */
static int name_cmp(const char *a, size_t alen, const char *b, size_t blen)
{
	for (size_t i = 0; i < alen && i < blen; i++) {
		int ca = a[i] == '_' ? '-' : tolower((unsigned char)a[i]);
		int cb = b[i] == '_' ? '-' : tolower((unsigned char)b[i]);
		if (ca != cb)
			return ca - cb;
	}
	return alen < blen ? -1 : alen > blen ? 1 : 0;
}

bool doc_param_has(const char *text, const char *name)
{
	for (const char *l = text; l && *l;) {
		size_t len;
		const char *n = entry_name(l, &len);
		if (n && len == strlen(name) && !strncmp(n, name, len))
			return true;
		l = strchr(l, '\n');
		l = l ? l + 1 : NULL;
	}
	return false;
}

char *doc_param_insert(const char *text, const char *name, const char *body)
{
	const char *at = NULL;
	int before = 0; /* entries seen that sort before NAME */
	for (const char *l = text; l && *l;) {
		size_t len;
		const char *n = entry_name(l, &len);
		if (n) {
			if (name_cmp(n, len, name, strlen(name)) < 0) {
				before++;
			} else if (before) {
				at = l;
				break;
			}
		}
		l = strchr(l, '\n');
		l = l ? l + 1 : NULL;
	}
	if (!at)
		return NULL;
	size_t cap = strlen(text) + strlen(name) + strlen(body) * 2 + 64;
	char *entry = malloc(cap), *p = entry;
	p += sprintf(p, "\t%s\n", name);
	for (const char *b = body; b && *b;) {
		const char *nl = strchr(b, '\n');
		size_t len = nl ? (size_t)(nl - b) : strlen(b);
		p += sprintf(p, "\t\t\t%.*s\n", (int)len, b);
		b = nl ? nl + 1 : NULL;
	}
	p += sprintf(p, "\n");
	char *out = xasprintf("%.*s%s%s", (int)(at - text), text, entry, at);
	free(entry);
	return out;
}
