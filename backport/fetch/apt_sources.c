// SPDX-License-Identifier: GPL-2.0-only
#include "apt_sources.h"

#include "fsutil.h"
#include "msg.h"
#include "spawn.h"

#include <stdio.h>
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

static bool has_scheme(const char *uri)
{
	return strncmp(uri, "http://", 7) == 0 || strncmp(uri, "https://", 8) == 0 ||
	       strncmp(uri, "file:", 5) == 0;
}

static bool copy_to(char *dst, size_t len, const char *src)
{
	if (strlen(src) >= len)
		return false;
	strcpy(dst, src);
	return true;
}

/* One line: "TARGET_OF REPO_URI RELEASE COMPONENT SOURCESENTRY". */
static bool one_target(char *line, struct apt_mirror *m)
{
	char *save = NULL;
	char *type = strtok_r(line, " \t", &save);
	char *repo = strtok_r(NULL, " \t", &save);
	char *suite = strtok_r(NULL, " \t", &save);
	char *component = strtok_r(NULL, " \t", &save);
	char *entry = strtok_r(NULL, " \t", &save);
	/* a flat repository has no component: one field fewer */
	if (!entry || strtok_r(NULL, " \t", &save))
		return false;
	if (strcmp(type, "deb") != 0 || strcmp(component, "main") != 0 ||
	    !apt_suite_is_plain(suite) || !has_scheme(repo) || !copy_to(m->uri, sizeof(m->uri), repo) ||
	    !copy_to(m->entry, sizeof(m->entry), entry))
		return false;
	for (size_t n = strlen(m->uri); n > 0 && m->uri[n - 1] == '/';)
		m->uri[--n] = '\0';
	return true;
}

bool apt_indextargets_find_mirror(const char *text, struct apt_mirror *m, int *targets)
{
	char *copy = strdup(text);
	if (!copy)
		abort();
	bool found = false;
	int lines = 0;
	char *save = NULL;
	for (char *l = strtok_r(copy, "\n", &save); l && !found; l = strtok_r(NULL, "\n", &save)) {
		lines++;
		found = one_target(l, m);
	}
	free(copy);
	if (targets)
		*targets = lines;
	return found;
}

/* Appends "KEY=VALUE" to opts for the options worth carrying over. */
static void keep_option(char *opts, size_t len, const char *key, const char *value)
{
	size_t used = strlen(opts);
	if (strcasecmp(key, "trusted") == 0 && strcasecmp(value, "yes") == 0)
		snprintf(opts + used, len - used, "%strusted=yes", used ? " " : "");
	else if (strcasecmp(key, "signed-by") == 0 && value[0] == '/' && !strpbrk(value, " \t,"))
		snprintf(opts + used, len - used, "%ssigned-by=%s", used ? " " : "", value);
}

static bool one_line_options(char *line, char *opts, size_t len)
{
	line += strspn(line, " \t");
	if (strncmp(line, "deb", 3) != 0)
		return false;
	char *open = strchr(line, '[');
	char *first_space = line + strcspn(line, " \t");
	if (!open || open > first_space + strspn(first_space, " \t"))
		return true; /* no options */
	char *close = strchr(open, ']');
	if (!close)
		return false;
	*close = '\0';
	char *save = NULL;
	for (char *o = strtok_r(open + 1, " \t", &save); o; o = strtok_r(NULL, " \t", &save)) {
		char *eq = strchr(o, '=');
		if (!eq)
			continue;
		*eq = '\0';
		keep_option(opts, len, o, eq + 1);
	}
	return true;
}

/* Stanza N of a deb822 file: paragraphs split by blank lines; lines of comments only make no
 * stanza. */
static bool deb822_options(char *text, int n, char *opts, size_t len)
{
	int stanza = 0;
	bool in_stanza = false;
	char *save = NULL;
	for (char *l = text; l; l = save) {
		char *nl = strchr(l, '\n');
		save = nl ? nl + 1 : NULL;
		if (nl)
			*nl = '\0';
		if (l[strspn(l, " \t")] == '\0') {
			in_stanza = false;
			continue;
		}
		if (l[0] == '#')
			continue;
		if (!in_stanza) {
			in_stanza = true;
			if (++stanza > n)
				break;
		}
		char *colon = strchr(l, ':');
		if (stanza != n || l[0] == ' ' || l[0] == '\t' || !colon)
			continue;
		*colon = '\0';
		char *value = colon + 1;
		value += strspn(value, " \t");
		for (size_t k = strlen(value); k > 0 && strchr(" \t\r", value[k - 1]);)
			value[--k] = '\0';
		keep_option(opts, len, l, value);
	}
	return stanza >= n;
}

bool apt_source_trust_options(const char *text, bool deb822, int n, char *opts, size_t len)
{
	opts[0] = '\0';
	char *copy = strdup(text);
	if (!copy)
		abort();
	bool found = false;
	if (deb822) {
		found = n > 0 && deb822_options(copy, n, opts, len);
	} else {
		char *l = copy;
		for (int i = 1; l && i < n; i++) {
			l = strchr(l, '\n');
			l = l ? l + 1 : NULL;
		}
		if (l && n > 0) {
			char *nl = strchr(l, '\n');
			if (nl)
				*nl = '\0';
			found = one_line_options(l, opts, len);
		}
	}
	free(copy);
	return found;
}

/* The trust options of ENTRY ("FILE:N"): what the machine's apt trusts this mirror with. */
static void entry_options(struct apt_mirror *m)
{
	m->options[0] = '\0';
	char *colon = strrchr(m->entry, ':');
	if (!colon)
		return;
	char *file = strndup(m->entry, (size_t)(colon - m->entry));
	int n = atoi(colon + 1);
	char *text = file ? fs_read_file(file, NULL) : NULL;
	size_t flen = file ? strlen(file) : 0;
	bool deb822 = flen > 8 && strcmp(file + flen - 8, ".sources") == 0;
	if (text && !apt_source_trust_options(text, deb822, n, m->options, sizeof(m->options)))
		m->options[0] = '\0';
	free(text);
	free(file);
}

int apt_sources_find_mirror(const char *etc_apt, struct apt_mirror *m, char *err, size_t errlen)
{
	/* Dir::Etc: whose sources; empty cache files: apt keeps its package cache in memory, so
	 * that a question about other sources writes nothing under /var/cache/apt */
	char *dir_etc = xasprintf("Dir::Etc=%s", etc_apt);
	char *argv[] = { "apt-get", "-o", dir_etc, "-o", "Dir::Cache::pkgcache=", "-o",
			 "Dir::Cache::srcpkgcache=", "indextargets", "--no-release-info",
			 "--format", APT_INDEXTARGETS_FORMAT, NULL };
	int status = -1, targets = 0, rc = -1;
	char *text = spawn_capture(argv, NULL, &status);
	char *command = spawn_format_argv(argv);
	if (!text)
		msg_format(err, errlen, "cannot run apt-get: %m");
	else if (status != 0)
		msg_format(err, errlen, "apt could not list the index targets of the apt sources "
			   "under %s (exit %d); see why with: %s", etc_apt, status, command);
	else if (apt_indextargets_find_mirror(text, m, &targets))
		rc = 0;
	else if (targets == 0)
		msg_format(err, errlen,
			   "no apt sources to take a Debian mirror from: apt finds none under %s "
			   "(sources.list, sources.list.d/*.list|*.sources)", etc_apt);
	else
		msg_format(err, errlen,
			   "none of the %d index targets of the apt sources under %s is Debian's "
			   "main archive (a 'deb' entry with component 'main' and a plain suite "
			   "such as bookworm); apt lists them with: %s",
			   targets, etc_apt, command);
	if (rc == 0)
		entry_options(m);
	free(text);
	free(command);
	free(dir_etc);
	return rc;
}
