// SPDX-License-Identifier: GPL-2.0-only
#include "kconfig_check.h"

#include "fsutil.h"
#include "text_list.h"

#include <fts.h>
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

/* Whether TEXT has a line "config SYMBOL" or "menuconfig SYMBOL" (blanks around allowed). */
static bool declares(const char *text, const char *symbol)
{
	size_t n = strlen(symbol);
	for (const char *p = text; p && *p; p = strchr(p, '\n') ? strchr(p, '\n') + 1 : NULL) {
		p += strspn(p, " \t");
		const char *word = strncmp(p, "config", 6) == 0	      ? p + 6
				   : strncmp(p, "menuconfig", 10) == 0 ? p + 10
								       : NULL;
		if (!word || (*word != ' ' && *word != '\t'))
			continue;
		word += strspn(word, " \t");
		if (strcspn(word, " \t\n") == n && strncmp(word, symbol, n) == 0)
			return true;
	}
	return false;
}

bool kconfig_declared(const char *src, const char *symbol)
{
	char *const roots[] = { (char *)src, NULL };
	FTS *fts = fts_open(roots, FTS_PHYSICAL | FTS_NOCHDIR, NULL);
	bool found = false;
	for (FTSENT *e = fts ? fts_read(fts) : NULL; e && !found; e = fts_read(fts)) {
		if (e->fts_info == FTS_D && e->fts_level > 0 && e->fts_name[0] == '.') {
			fts_set(fts, e, FTS_SKIP); /* .git and the like */
			continue;
		}
		if (e->fts_info != FTS_F || strncmp(e->fts_name, "Kconfig", 7) != 0)
			continue;
		char *text = fs_read_file(e->fts_path, NULL);
		found = text && declares(text, symbol);
		free(text);
	}
	if (fts)
		fts_close(fts);
	return found;
}

int kconfig_check(const char *fragment, const char *config, const char *src, char **missing,
		  char **absent)
{
	int bad = 0;
	if (absent)
		*absent = strdup("");
	size_t cap = 1;
	*missing = calloc(1, cap);
	char *copy = strdup(fragment), *save = NULL;
	long version = config_version(config), since = -1, before = -1;
	bool where_declared = false, or_built_in = false;
	for (char *l = strtok_r(copy, "\n", &save); l; l = strtok_r(NULL, "\n", &save)) {
		char symbol[128], want[256];
		bool unset = false;
		/* markers hold for the next line that is none, and for that one only */
		if (strncmp(l, "# hb: since ", 12) == 0) {
			since = version_code(l + 12);
			continue;
		}
		if (strncmp(l, "# hb: before ", 13) == 0) {
			before = version_code(l + 13);
			continue;
		}
		if (strcmp(l, "# hb: where declared") == 0) {
			where_declared = true;
			continue;
		}
		if (strcmp(l, "# hb: or built in") == 0) {
			or_built_in = true;
			continue;
		}
		long option_since = since, option_before = before;
		bool option_where_declared = where_declared, option_or_built_in = or_built_in;
		since = before = -1;
		where_declared = or_built_in = false;
		bool out_of_range = (option_since >= 0 && version >= 0 && version < option_since) ||
				    (option_before >= 0 && version >= 0 && version >= option_before);
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
		/* the option is younger than this tree, or the tree no longer has it, or it is a
		 * hardening's option this tree does not have */
		if (out_of_range ||
		    (option_where_declared && (!src || !kconfig_declared(src, symbol + 7)))) {
			if (absent)
				text_list_add(absent, symbol);
			continue;
		}
		char *got = config_value(config, symbol);
		bool ok = unset ? (!got || strcmp(got, "n") == 0)
				: (got && (strcmp(got, want) == 0 ||
					   (option_or_built_in && strcmp(want, "m") == 0 &&
					    strcmp(got, "y") == 0)));
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
