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

/* One line: "TARGET_OF REPO_URI RELEASE COMPONENT SOURCESENTRY": a 'deb' target of component
 * main on an http, https or file URI; its suite into SUITE (SUITE_LEN bytes) when not NULL. */
static bool parse_target(char *line, struct apt_mirror *m, char *suite_out, size_t suite_len)
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
	if (strcmp(type, "deb") != 0 || strcmp(component, "main") != 0 || !has_scheme(repo) ||
	    !copy_to(m->uri, sizeof(m->uri), repo) || !copy_to(m->entry, sizeof(m->entry), entry) ||
	    (suite_out && !copy_to(suite_out, suite_len, suite)))
		return false;
	for (size_t n = strlen(m->uri); n > 0 && m->uri[n - 1] == '/';)
		m->uri[--n] = '\0';
	m->options[0] = '\0';
	return true;
}

static bool one_target(char *line, struct apt_mirror *m)
{
	char suite[64];
	return parse_target(line, m, suite, sizeof(suite)) && apt_suite_is_plain(suite);
}

static bool ends_with(const char *s, const char *suffix)
{
	size_t n = strlen(s), k = strlen(suffix);
	return n > k && strcmp(s + n - k, suffix) == 0;
}

/* Adds pocket SUITE on mirror M unless OUT already has it. */
static void add_pocket(struct apt_pocket *out, int *n, const char *suite,
		       const struct apt_mirror *m)
{
	for (int i = 0; i < *n; i++)
		if (strcmp(out[i].suite, suite) == 0)
			return;
	if (*n >= APT_POCKETS_MAX || strlen(suite) >= sizeof(out[0].suite))
		return;
	snprintf(out[*n].suite, sizeof(out[*n].suite), "%s", suite);
	out[*n].mirror = *m;
	(*n)++;
}

int apt_indextargets_find_pockets(const char *text, const char *suite, struct apt_pocket *out)
{
	static const char *const suffixes[] = { "", "-updates", "-security" };
	static const char *const no_pockets[] = { "sid", "unstable", "experimental", NULL };
	struct apt_mirror main_mirror, security, m;
	bool have_main = false, have_security = false;
	int n = 0;
	char *copy = strdup(text), *save = NULL, release[64];
	if (!copy)
		abort();
	bool pocket_named = ends_with(suite, "-security") || ends_with(suite, "-updates");
	for (char *l = strtok_r(copy, "\n", &save); l; l = strtok_r(NULL, "\n", &save)) {
		if (!parse_target(l, &m, release, sizeof(release)))
			continue;
		if (!have_main && apt_suite_is_plain(release)) {
			main_mirror = m;
			have_main = true;
		}
		if (!have_security && ends_with(release, "-security")) {
			security = m;
			have_security = true;
		}
		for (size_t k = 0; k < 3; k++) {
			char want[128];
			snprintf(want, sizeof(want), "%s%s", suite, pocket_named ? "" : suffixes[k]);
			if (strcmp(release, want) == 0)
				add_pocket(out, &n, release, &m);
		}
	}
	free(copy);
	if (n > 0)
		return n; /* the machine's own choice of pockets */
	if (pocket_named) {
		if (ends_with(suite, "-security") ? have_security : have_main)
			add_pocket(out, &n, suite, ends_with(suite, "-security") ? &security
										 : &main_mirror);
		return n;
	}
	if (!have_main)
		return 0;
	add_pocket(out, &n, suite, &main_mirror);
	for (const char *const *s = no_pockets; *s; s++)
		if (strcmp(*s, suite) == 0)
			return n;
	char pocket[128];
	snprintf(pocket, sizeof(pocket), "%s-updates", suite);
	add_pocket(out, &n, pocket, &main_mirror);
	if (have_security) {
		snprintf(pocket, sizeof(pocket), "%s-security", suite);
		add_pocket(out, &n, pocket, &security);
	}
	return n;
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

/* apt-get indextargets over the sources under ETC_APT: its output (malloc'd), or NULL with
 * err saying why; *COMMAND (malloc'd) the command line, for messages. */
static char *indextargets(const char *etc_apt, char **command, char *err, size_t errlen)
{
	/* Dir::Etc: whose sources; empty cache files: apt keeps its package cache in memory, so
	 * that a question about other sources writes nothing under /var/cache/apt */
	char *dir_etc = xasprintf("Dir::Etc=%s", etc_apt);
	char *argv[] = { "apt-get", "-o", dir_etc, "-o", "Dir::Cache::pkgcache=", "-o",
			 "Dir::Cache::srcpkgcache=", "indextargets", "--no-release-info",
			 "--format", APT_INDEXTARGETS_FORMAT, NULL };
	int status = -1;
	char *text = spawn_capture(argv, NULL, &status);
	*command = spawn_format_argv(argv);
	if (!text) {
		msg_format(err, errlen, "cannot run apt-get: %m");
	} else if (status != 0) {
		msg_format(err, errlen, "apt could not list the index targets of the apt sources "
			   "under %s (exit %d); see why with: %s", etc_apt, status, *command);
		free(text);
		text = NULL;
	}
	free(dir_etc);
	return text;
}

/* The error of a search that found no mirror in TEXT. */
static void no_mirror(const char *text, const char *etc_apt, const char *command, char *err,
		      size_t errlen)
{
	int targets = 0;
	struct apt_mirror m;
	apt_indextargets_find_mirror(text, &m, &targets);
	if (targets == 0)
		msg_format(err, errlen,
			   "no apt sources to take a Debian mirror from: apt finds none under %s "
			   "(sources.list, sources.list.d/*.list|*.sources)", etc_apt);
	else
		msg_format(err, errlen,
			   "none of the %d index targets of the apt sources under %s is Debian's "
			   "main archive (a 'deb' entry with component 'main' and a plain suite "
			   "such as bookworm); apt lists them with: %s",
			   targets, etc_apt, command);
}

int apt_sources_find_mirror(const char *etc_apt, struct apt_mirror *m, char *err, size_t errlen)
{
	char *command = NULL;
	char *text = indextargets(etc_apt, &command, err, errlen);
	int rc = -1;
	if (text && apt_indextargets_find_mirror(text, m, NULL)) {
		entry_options(m);
		rc = 0;
	} else if (text) {
		no_mirror(text, etc_apt, command, err, errlen);
	}
	free(text);
	free(command);
	return rc;
}

int apt_sources_find_pockets(const char *etc_apt, const char *suite, struct apt_pocket *out,
			     char *err, size_t errlen)
{
	char *command = NULL;
	char *text = indextargets(etc_apt, &command, err, errlen);
	int n = text ? apt_indextargets_find_pockets(text, suite, out) : -1;
	if (n == 0) {
		no_mirror(text, etc_apt, command, err, errlen);
		n = -1;
	}
	for (int i = 0; i < n; i++)
		entry_options(&out[i].mirror);
	free(text);
	free(command);
	return n;
}
