// SPDX-License-Identifier: GPL-2.0-only
#include "kconfig_entry.h"

#include "fsutil.h"

#include <stdlib.h>
#include <string.h>

/* The start of the line "config SYMBOL" (leading blanks allowed) in TEXT, or NULL. */
static const char *config_line(const char *text, const char *symbol)
{
	size_t len = strlen(symbol);

	for (const char *line = text; line && *line;) {
		const char *p = line + strspn(line, " \t");
		if (!strncmp(p, "config", 6) && (p[6] == ' ' || p[6] == '\t')) {
			p += 6 + strspn(p + 6, " \t");
			if (!strncmp(p, symbol, len) && (p[len] == '\n' || p[len] == '\0' ||
							 p[len] == ' ' || p[len] == '\t'))
				return line;
		}
		line = strchr(line, '\n');
		line = line ? line + 1 : NULL;
	}
	return NULL;
}

bool kconfig_declares(const char *text, const char *symbol)
{
	return config_line(text, symbol) != NULL;
}

char *kconfig_insert_before(const char *text, const char *anchor, const char *entry)
{
	const char *at = config_line(text, anchor);

	if (!at)
		return NULL;
	return xasprintf("%.*s%s%s", (int)(at - text), text, entry, at);
}

char *kconfig_insert_after(const char *text, const char *symbol, const char *entry)
{
	const char *at = config_line(text, symbol);

	if (!at)
		return NULL;
	/* the lines of the entry are indented (its attributes, its help) or blank */
	for (at = strchr(at, '\n'); at && at[1] && strchr(" \t\n", at[1]); at = strchr(at + 1, '\n'))
		;
	at = at ? at + 1 : text + strlen(text);
	return xasprintf("%.*s%s%s", (int)(at - text), text, entry, at);
}
