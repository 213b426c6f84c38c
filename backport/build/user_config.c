// SPDX-License-Identifier: GPL-2.0-only
#include "user_config.h"

#include "fnv_hash.h"
#include "fsutil.h"
#include "msg.h"

#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The line of TEXT that starts with PREFIX, or NULL. */
static const char *line_with(const char *text, const char *prefix)
{
	size_t n = strlen(prefix);
	for (const char *p = text; p && *p; p = strchr(p, '\n') ? strchr(p, '\n') + 1 : NULL)
		if (strncmp(p, prefix, n) == 0)
			return p;
	return NULL;
}

int user_config_usable(const char *text, char *err, size_t errlen)
{
	if (!line_with(text, "CONFIG_")) {
		msg_format(err, errlen, "it sets no CONFIG_ option: not a kernel .config");
		return -1;
	}
	if (!line_with(text, "CONFIG_MODULES=y")) {
		msg_format(err, errlen,
			   "it does not build modules (no CONFIG_MODULES=y): a kernel without "
			   "modules has nothing to autoload, so modules_restrict cannot be proven on "
			   "it; give a config with CONFIG_MODULES=y");
		return -1;
	}
	return 0;
}

char *user_config_tag(const char *text)
{
	return xasprintf("config-%08x", (unsigned)(fnv1a_hash(text, strlen(text)) & 0xffffffffu));
}

char *user_config_fragment(const char *fragment)
{
	char *out = strdup("");
	const char *p = fragment;
	while (p && *p) {
		size_t n = strcspn(p, "\n");
		char symbol[128];
		char *line = strndup(p, n);
		char *more = sscanf(line, "# %127s is not set", symbol) == 1 &&
					     strncmp(symbol, "CONFIG_", 7) == 0
				     ? xasprintf("%s# as your config has it: %s\n", out, symbol)
				     : xasprintf("%s%s\n", out, line);
		free(line);
		free(out);
		out = more;
		p += n;
		p += *p == '\n';
	}
	return out;
}

/* Whether TEXT has the whole line LINE. */
static bool has_line(const char *text, const char *line)
{
	size_t n = strlen(line);
	for (const char *p = text; p && *p; p = strchr(p, '\n') ? strchr(p, '\n') + 1 : NULL)
		if (strncmp(p, line, n) == 0 && (p[n] == '\n' || p[n] == '\0'))
			return true;
	return false;
}

char *user_config_added(const char *user, const char *fragment, const char *final)
{
	char *added = strdup("");
	char *copy = strdup(fragment), *save = NULL;
	for (char *l = strtok_r(copy, "\n", &save); l; l = strtok_r(NULL, "\n", &save)) {
		if (strncmp(l, "CONFIG_", 7) != 0 || !strchr(l, '=') || has_line(user, l) ||
		    !has_line(final, l))
			continue;
		char *more = xasprintf("%s%s%s", added, *added ? ", " : "", l);
		free(added);
		added = more;
	}
	free(copy);
	return added;
}
