// SPDX-License-Identifier: GPL-2.0-only
#include "apt_sources.h"

#include "fsutil.h"
#include "msg.h"
#include "str_affix.h"

#include <ctype.h>
#include <dirent.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

/* Suites the Debian archive serves under dists/ (codenames and aliases). */
static const char *const debian_suites[] = {
	"sid", "unstable", "testing", "stable", "oldstable", "oldoldstable", "experimental",
	"buster", "bullseye", "bookworm", "trixie", "forky", "duke", NULL,
};

bool apt_suite_is_plain(const char *suite)
{
	for (const char *const *s = debian_suites; *s; s++)
		if (strcmp(*s, suite) == 0)
			return true;
	return false;
}

static void strip_slash(char *uri)
{
	size_t n = strlen(uri);
	while (n > 0 && uri[n - 1] == '/')
		uri[--n] = '\0';
}

static bool has_word(const char *list, const char *word)
{
	size_t wl = strlen(word);
	for (const char *p = list; *p;) {
		while (*p && isspace((unsigned char)*p))
			p++;
		const char *e = p;
		while (*e && !isspace((unsigned char)*e))
			e++;
		if ((size_t)(e - p) == wl && strncmp(p, word, wl) == 0)
			return true;
		p = e;
	}
	return false;
}

static bool any_plain_suite(const char *suites)
{
	char *copy = strdup(suites), *save = NULL;
	bool found = false;
	for (char *s = strtok_r(copy, " \t", &save); s && !found; s = strtok_r(NULL, " \t", &save))
		found = apt_suite_is_plain(s);
	free(copy);
	return found;
}

static bool accept(const char *uri, const char *suites, const char *components, char *out,
		   size_t len)
{
	if (strncmp(uri, "http://", 7) != 0 && strncmp(uri, "https://", 8) != 0 &&
	    strncmp(uri, "file:", 5) != 0)
		return false;
	if (!any_plain_suite(suites) || !has_word(components, "main"))
		return false;
	if (strlen(uri) >= len)
		return false;
	strcpy(out, uri);
	strip_slash(out);
	return true;
}

/* "deb [opts] URI SUITE COMP..." */
static bool one_line(char *line, char *uri, size_t len)
{
	char *hash = strchr(line, '#');
	if (hash)
		*hash = '\0';
	char *p = line;
	while (isspace((unsigned char)*p))
		p++;
	if (strncmp(p, "deb", 3) != 0 || !isspace((unsigned char)p[3]))
		return false;
	p += 4;
	while (isspace((unsigned char)*p))
		p++;
	if (*p == '[') {
		char *close = strchr(p, ']');
		if (!close)
			return false;
		p = close + 1;
	}
	char *save = NULL;
	char *u = strtok_r(p, " \t", &save);
	char *suite = strtok_r(NULL, " \t", &save);
	char *components = save;
	if (!u || !suite || !components)
		return false;
	return accept(u, suite, components, uri, len);
}

struct stanza {
	char *types, *uris, *suites, *components, *enabled;
};

static void stanza_clear(struct stanza *s)
{
	free(s->types);
	free(s->uris);
	free(s->suites);
	free(s->components);
	free(s->enabled);
	memset(s, 0, sizeof(*s));
}

static bool stanza_match(const struct stanza *s, char *uri, size_t len)
{
	if (!s->types || !s->uris || !s->suites || !s->components)
		return false;
	if (s->enabled && strcasecmp(s->enabled, "no") == 0)
		return false;
	if (!has_word(s->types, "deb"))
		return false;
	char *copy = strdup(s->uris), *save = NULL;
	bool found = false;
	for (char *u = strtok_r(copy, " \t", &save); u && !found; u = strtok_r(NULL, " \t", &save))
		found = accept(u, s->suites, s->components, uri, len);
	free(copy);
	return found;
}

static void stanza_set(struct stanza *s, const char *key, const char *value)
{
	static const char *const keys[] = { "Types", "URIs", "Suites", "Components", "Enabled" };
	char **slots[] = { &s->types, &s->uris, &s->suites, &s->components, &s->enabled };
	for (size_t i = 0; i < 5; i++) {
		if (strcasecmp(key, keys[i]) == 0) {
			free(*slots[i]);
			*slots[i] = strdup(value);
		}
	}
}

static bool deb822(char *text, char *uri, size_t len)
{
	struct stanza s = { 0 };
	bool found = false;
	char *save = NULL;
	char *line = text;
	/* Walk line by line keeping blank lines: they end a stanza. */
	while (line && !found) {
		char *nl = strchr(line, '\n');
		save = nl ? nl + 1 : NULL;
		if (nl)
			*nl = '\0';
		char *p = line;
		while (isspace((unsigned char)*p))
			p++;
		if (!*p) {
			found = stanza_match(&s, uri, len);
			stanza_clear(&s);
		} else if (*p != '#' && p == line) {
			char *colon = strchr(p, ':');
			if (colon) {
				*colon = '\0';
				char *v = colon + 1;
				while (isspace((unsigned char)*v))
					v++;
				char *end = v + strlen(v);
				while (end > v && isspace((unsigned char)end[-1]))
					*--end = '\0';
				stanza_set(&s, p, v);
			}
		}
		/* Continuation lines (leading space) only matter for Signed-By: skipped. */
		line = save;
	}
	if (!found)
		found = stanza_match(&s, uri, len);
	stanza_clear(&s);
	return found;
}

bool apt_sources_find_in_text(const char *text, bool format_deb822, char *uri, size_t len)
{
	char *copy = strdup(text);
	bool found = false;
	if (!copy)
		return false;
	if (format_deb822) {
		found = deb822(copy, uri, len);
	} else {
		char *save = NULL;
		for (char *l = strtok_r(copy, "\n", &save); l && !found; l = strtok_r(NULL, "\n", &save))
			found = one_line(l, uri, len);
	}
	free(copy);
	return found;
}

static int by_name(const struct dirent **a, const struct dirent **b)
{
	return strcmp((*a)->d_name, (*b)->d_name);
}

static bool try_file(const char *path, bool deb822, char *uri, size_t len, int *read_count)
{
	char *text = fs_read_file(path, NULL);
	if (!text)
		return false;
	(*read_count)++;
	bool found = apt_sources_find_in_text(text, deb822, uri, len);
	free(text);
	return found;
}

int apt_sources_find_mirror(const char *etc_apt, char *uri, size_t len, char *err, size_t errlen)
{
	int read_count = 0;
	char *main_list = fs_join(etc_apt, "sources.list");
	bool found = try_file(main_list, false, uri, len, &read_count);
	free(main_list);
	char *dir = fs_join(etc_apt, "sources.list.d");
	struct dirent **names = NULL;
	int n = found ? 0 : scandir(dir, &names, NULL, by_name);
	for (int i = 0; i < n; i++) {
		const char *name = names[i]->d_name;
		bool is_list = str_ends_with(name, ".list"), is_sources = str_ends_with(name, ".sources");
		if (!found && (is_list || is_sources)) {
			char *path = fs_join(dir, name);
			found = try_file(path, is_sources, uri, len, &read_count);
			free(path);
		}
		free(names[i]);
	}
	free(names);
	free(dir);
	if (found)
		return 0;
	if (read_count == 0)
		msg_format(err, errlen,
			   "no apt sources to take a Debian mirror from: %s/sources.list and "
			   "%s/sources.list.d/*.list|*.sources are missing or unreadable",
			   etc_apt, etc_apt);
	else
		msg_format(err, errlen,
			   "none of the %d apt source file(s) under %s names Debian's main archive "
			   "(a 'deb' entry with component 'main' and a plain suite such as bookworm)",
			   read_count, etc_apt);
	return -1;
}
