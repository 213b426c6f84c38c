// SPDX-License-Identifier: GPL-2.0-only
#include "constify_manifest.h"

#include "fsutil.h"

#include <regex.h>
#include <stdlib.h>
#include <string.h>

/* Adds "SYMBOL FILE" to *OUT unless it is there already (a forward declaration). */
static void append(char **out, const char *symbol, const char *file)
{
	char *line = xasprintf("%s %s\n", symbol, file), *at_start = xasprintf("\n%s", line);
	if (strncmp(*out, line, strlen(line)) != 0 && !strstr(*out, at_start)) {
		char *more = xasprintf("%s%s", *out, line);
		free(*out);
		*out = more;
	}
	free(at_start);
	free(line);
}

char *constify_manifest(const char *diff)
{
	regex_t re;
	regcomp(&re, "^\\+.*\\<const[[:space:]]+struct[[:space:]]+[A-Za-z0-9_]+[[:space:]]+"
		     "([A-Za-z_][A-Za-z0-9_]*)",
		REG_EXTENDED);
	char *out = strdup(""), *file = strdup("");
	for (const char *p = diff; *p;) {
		size_t len = strcspn(p, "\n");
		char *line = strndup(p, len);
		regmatch_t m[2];
		if (strncmp(line, "+++ ", 4) == 0) {
			const char *path = line + 4 + (strncmp(line + 4, "b/", 2) == 0 ? 2 : 0);
			free(file);
			file = strndup(path, strcspn(path, "\t"));
		} else if (regexec(&re, line, 2, m, 0) == 0) {
			char *symbol = strndup(line + m[1].rm_so, (size_t)(m[1].rm_eo - m[1].rm_so));
			append(&out, symbol, file);
			free(symbol);
		}
		free(line);
		p += len + (p[len] == '\n');
	}
	free(file);
	regfree(&re);
	return out;
}
