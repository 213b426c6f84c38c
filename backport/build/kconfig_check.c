// SPDX-License-Identifier: GPL-2.0-only
#include "kconfig_check.h"

#include "fsutil.h"

#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The value of SYMBOL in CONFIG ("y", "m", "\"...\"", ...), or NULL when not set. */
static char *config_value(const char *config, const char *symbol)
{
	size_t n = strlen(symbol);
	for (const char *p = config; p && *p; p = strchr(p, '\n') ? strchr(p, '\n') + 1 : NULL) {
		if (strncmp(p, symbol, n) == 0 && p[n] == '=')
			return strndup(p + n + 1, strcspn(p + n + 1, "\n"));
	}
	return NULL;
}

/* "X.Y[.Z]" as X * 65536 + Y * 256 (Z ignored), or -1. */
static long version_code(const char *text)
{
	int major, minor;
	return sscanf(text, "%d.%d", &major, &minor) == 2 ? major * 65536L + minor * 256L : -1;
}

/* The kernel version a .config was written for, from its "# Linux/ARCH X.Y.Z Kernel
 * Configuration" header, or -1. */
static long config_version(const char *config)
{
	const char *p = strstr(config, "# Linux/");
	const char *space = p ? strchr(p + 8, ' ') : NULL;
	return space && space < strchr(p, '\n') ? version_code(space + 1) : -1;
}

int kconfig_check(const char *fragment, const char *config, char **missing)
{
	int bad = 0;
	size_t cap = 1;
	*missing = calloc(1, cap);
	char *copy = strdup(fragment), *save = NULL;
	long version = config_version(config), since = -1;
	for (char *l = strtok_r(copy, "\n", &save); l; l = strtok_r(NULL, "\n", &save)) {
		char symbol[128], want[256];
		bool unset = false;
		long option_since = since;
		since = strncmp(l, "# hb: since ", 12) == 0 ? version_code(l + 12) : -1;
		if (since >= 0)
			continue;
		if (option_since >= 0 && version >= 0 && version < option_since)
			continue; /* the option is younger than this tree */
		if (sscanf(l, "# %127s is not set", symbol) == 1 && strncmp(symbol, "CONFIG_", 7) == 0) {
			unset = true;
			strcpy(want, "n");
		} else if (strncmp(l, "CONFIG_", 7) == 0 && strchr(l, '=')) {
			size_t n = (size_t)(strchr(l, '=') - l);
			if (n >= sizeof(symbol))
				continue;
			memcpy(symbol, l, n);
			symbol[n] = '\0';
			snprintf(want, sizeof(want), "%s", strchr(l, '=') + 1);
		} else {
			continue;
		}
		char *got = config_value(config, symbol);
		bool ok = unset ? (!got || strcmp(got, "n") == 0) : (got && strcmp(got, want) == 0);
		if (!ok) {
			char *line = xasprintf("%s=%s (got: %s)\n", symbol, want, got ? got : "not set");
			*missing = xrealloc(*missing, cap += strlen(line));
			strcat(*missing, line);
			free(line);
			bad++;
		}
		free(got);
	}
	free(copy);
	return bad;
}
