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

/* Where TEXT declares SYMBOL: the start of its "config SYMBOL" or "menuconfig SYMBOL" line
 * (blanks around allowed), or NULL. */
static const char *declaration(const char *text, const char *symbol)
{
	size_t n = strlen(symbol);
	for (const char *l = text; l && *l; l = strchr(l, '\n') ? strchr(l, '\n') + 1 : NULL) {
		const char *p = l + strspn(l, " \t");
		const char *word = strncmp(p, "config", 6) == 0	      ? p + 6
				   : strncmp(p, "menuconfig", 10) == 0 ? p + 10
								       : NULL;
		if (!word || (*word != ' ' && *word != '\t'))
			continue;
		word += strspn(word, " \t");
		if (strcspn(word, " \t\n") == n && strncmp(word, symbol, n) == 0)
			return l;
	}
	return NULL;
}

/* The entry of SYMBOL in a Kconfig file (Kconfig, Kconfig.*) of the tree at SRC: from its
 * config line up to the next line that starts another entry or block (malloc'd), or NULL. */
static char *kconfig_entry_text(const char *src, const char *symbol)
{
	static const char *const ends[] = { "config ", "menuconfig ", "menu ", "endmenu", "choice",
					    "endchoice", "if ", "endif", "source ", "comment ",
					    NULL };
	char *const roots[] = { (char *)src, NULL };
	FTS *fts = fts_open(roots, FTS_PHYSICAL | FTS_NOCHDIR, NULL);
	char *entry = NULL;
	for (FTSENT *e = fts ? fts_read(fts) : NULL; e && !entry; e = fts_read(fts)) {
		if (e->fts_info == FTS_D && e->fts_level > 0 && e->fts_name[0] == '.') {
			fts_set(fts, e, FTS_SKIP); /* .git and the like */
			continue;
		}
		if (e->fts_info != FTS_F || strncmp(e->fts_name, "Kconfig", 7) != 0)
			continue;
		char *text = fs_read_file(e->fts_path, NULL);
		const char *start = text ? declaration(text, symbol) : NULL;
		const char *end = start ? strchr(start, '\n') : NULL;
		for (; end && end[1]; end = strchr(end + 1, '\n')) {
			const char *p = end + 1 + strspn(end + 1, " \t");
			bool other = false;
			for (const char *const *w = ends; *w && !other; w++)
				other = strncmp(p, *w, strlen(*w)) == 0;
			if (other)
				break;
		}
		if (start)
			entry = end ? strndup(start, (size_t)(end - start)) : strdup(start);
		free(text);
	}
	if (fts)
		fts_close(fts);
	return entry;
}

bool kconfig_declared(const char *src, const char *symbol)
{
	char *entry = kconfig_entry_text(src, symbol);
	free(entry);
	return entry != NULL;
}

bool kconfig_selects(const char *src, const char *symbol, const char *target)
{
	char *entry = kconfig_entry_text(src, symbol);
	bool found = false;
	size_t n = strlen(target);
	for (const char *l = entry; l && *l && !found;
	     l = strchr(l, '\n') ? strchr(l, '\n') + 1 : NULL) {
		const char *p = l + strspn(l, " \t");
		if (strncmp(p, "select", 6) != 0 || (p[6] != ' ' && p[6] != '\t'))
			continue;
		p += 6 + strspn(p + 6, " \t");
		found = strncmp(p, target, n) == 0 && strchr(" \t\n", p[n]);
	}
	free(entry);
	return found;
}

#define UNLESS_SELECTS "# hb: unless it selects "

/* The option of fragment line L and the symbol its "# hb: unless it selects X" marker names,
 * when the tree at SRC's entry of that option selects X: "CONFIG_A (it selects X)" malloc'd;
 * else NULL. MARKER is the marker's line, or NULL. */
static char *selects_heavy(const char *marker, const char *l, const char *src)
{
	if (!marker || !src || strncmp(l, "CONFIG_", 7) != 0 || !strchr(l, '='))
		return NULL;
	char *symbol = strndup(l + 7, strcspn(l + 7, "="));
	char *target = strndup(marker + strlen(UNLESS_SELECTS),
			       strcspn(marker + strlen(UNLESS_SELECTS), " \t\n"));
	char *why = kconfig_selects(src, symbol, target)
			    ? xasprintf("CONFIG_%s (it selects %s)", symbol, target)
			    : NULL;
	free(target);
	free(symbol);
	return why;
}

char *kconfig_fragment_for(const char *fragment, const char *src)
{
	char *out = calloc(1, strlen(fragment) + 1), *marker = NULL;
	for (const char *l = fragment; *l;) {
		size_t len = strcspn(l, "\n");
		char *line = strndup(l, len);
		char *why = selects_heavy(marker, line, src);
		if (strncmp(line, UNLESS_SELECTS, strlen(UNLESS_SELECTS)) == 0) {
			free(marker);
			marker = strdup(line);
		} else if (strncmp(line, "# hb: ", 6) != 0) {
			free(marker); /* a marker holds for the next option line only */
			marker = NULL;
		}
		if (!why)
			strncat(out, l, len + (l[len] == '\n'));
		free(why);
		free(line);
		l += len + (l[len] == '\n');
	}
	free(marker);
	return out;
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
	const char *unless = NULL;
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
		if (strncmp(l, UNLESS_SELECTS, strlen(UNLESS_SELECTS)) == 0) {
			unless = l;
			continue;
		}
		long option_since = since, option_before = before;
		bool option_where_declared = where_declared, option_or_built_in = or_built_in;
		char *heavy = selects_heavy(unless, l, src);
		since = before = -1;
		where_declared = or_built_in = false;
		unless = NULL;
		if (heavy) { /* left out of what the build merges (kconfig_fragment_for) */
			if (absent)
				text_list_add(absent, heavy);
			free(heavy);
			continue;
		}
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
