// SPDX-License-Identifier: GPL-2.0-only
#include "apt_sources.h"

#include "fsutil.h"
#include "msg.h"
#include "spawn.h"

#include <stdlib.h>
#include <string.h>

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

/* One line: "TARGET_OF REPO_URI RELEASE COMPONENT". */
static bool one_target(char *line, char *uri, size_t len)
{
	char *save = NULL;
	char *type = strtok_r(line, " \t", &save);
	char *repo = strtok_r(NULL, " \t", &save);
	char *suite = strtok_r(NULL, " \t", &save);
	char *component = strtok_r(NULL, " \t", &save);
	if (!component || strtok_r(NULL, " \t", &save)) /* a flat repository has no component */
		return false;
	if (strcmp(type, "deb") != 0 || strcmp(component, "main") != 0 ||
	    !apt_suite_is_plain(suite) || !has_scheme(repo) || strlen(repo) >= len)
		return false;
	strcpy(uri, repo);
	for (size_t n = strlen(uri); n > 0 && uri[n - 1] == '/';)
		uri[--n] = '\0';
	return true;
}

bool apt_indextargets_find_mirror(const char *text, char *uri, size_t len, int *targets)
{
	char *copy = strdup(text);
	if (!copy)
		abort();
	bool found = false;
	int lines = 0;
	char *save = NULL;
	for (char *l = strtok_r(copy, "\n", &save); l && !found; l = strtok_r(NULL, "\n", &save)) {
		lines++;
		found = one_target(l, uri, len);
	}
	free(copy);
	if (targets)
		*targets = lines;
	return found;
}

int apt_sources_find_mirror(const char *etc_apt, char *uri, size_t len, char *err, size_t errlen)
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
	else if (apt_indextargets_find_mirror(text, uri, len, &targets))
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
	free(text);
	free(command);
	free(dir_etc);
	return rc;
}
