// SPDX-License-Identifier: GPL-2.0-only
#include "mod_db.h"

#include <errno.h>
#include <fnmatch.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/utsname.h>

#include "hb_paths.h"

int mod_db_open(struct mod_db *db, const char *base, const char *release)
{
	struct utsname u;
	char dep[HB_MOD_PATH_MAX + 16];
	FILE *f;

	if (!release) {
		if (uname(&u) < 0)
			return -errno;
		release = u.release;
	}
	if (!base || !strcmp(base, "/"))
		base = "";
	if ((size_t)snprintf(db->dir, sizeof(db->dir), "%s%s/%s", base, HB_MODULES_ROOT,
			     release) >= sizeof(db->dir))
		return -ENAMETOOLONG;
	snprintf(dep, sizeof(dep), "%s/modules.dep", db->dir);
	f = fopen(dep, "re");
	if (!f)
		return -errno;
	fclose(f);
	return 0;
}

void mod_name_normalize(const char *in, char *out, size_t len)
{
	size_t i;

	if (!len)
		return;
	for (i = 0; in[i] && i + 1 < len; i++)
		out[i] = in[i] == '-' ? '_' : in[i];
	out[i] = '\0';
}

void mod_name_from_path(const char *path, char *out, size_t len)
{
	const char *base = strrchr(path, '/');
	char tmp[HB_MOD_PATH_MAX];
	char *dot;

	snprintf(tmp, sizeof(tmp), "%s", base ? base + 1 : path);
	dot = strstr(tmp, ".ko");
	if (dot)
		*dot = '\0';
	mod_name_normalize(tmp, out, len);
}

static FILE *open_db_file(const struct mod_db *db, const char *file)
{
	char path[HB_MOD_PATH_MAX + 32];

	snprintf(path, sizeof(path), "%s/%s", db->dir, file);
	return fopen(path, "re");
}

/* A path that does not fit is left empty, so that opening it fails. */
static void absolute_path(const struct mod_db *db, const char *rel, char *out, size_t len)
{
	int n;

	if (rel[0] == '/')
		n = snprintf(out, len, "%s", rel);
	else
		n = snprintf(out, len, "%s/%s", db->dir, rel);
	if (n < 0 || (size_t)n >= len)
		out[0] = '\0';
}

/* Parses "path: dep1 dep2" in place into OUT. */
static void parse_dep_line(const struct mod_db *db, char *line, char *colon, struct mod_dep *out)
{
	char *save = NULL;

	*colon = '\0';
	absolute_path(db, line, out->path, sizeof(out->path));
	out->ndeps = 0;
	for (char *tok = strtok_r(colon + 1, " \t\n", &save); tok;
	     tok = strtok_r(NULL, " \t\n", &save)) {
		if (out->ndeps == HB_MOD_DEPS_MAX)
			break;
		absolute_path(db, tok, out->deps[out->ndeps], sizeof(out->deps[0]));
		out->ndeps++;
	}
}

int mod_db_dep(const struct mod_db *db, const char *name, struct mod_dep *out)
{
	char want[HB_MOD_NAME_MAX], have[HB_MOD_NAME_MAX];
	char *line = NULL;
	size_t cap = 0;
	int rc = -ENOENT;
	FILE *f = open_db_file(db, "modules.dep");

	if (!f)
		return -errno;
	mod_name_normalize(name, want, sizeof(want));
	while (getline(&line, &cap, f) > 0) {
		char *colon = strchr(line, ':');

		if (!colon)
			continue;
		*colon = '\0';
		mod_name_from_path(line, have, sizeof(have));
		*colon = ':';
		if (strcmp(want, have))
			continue;
		parse_dep_line(db, line, colon, out);
		rc = 0;
		break;
	}
	free(line);
	fclose(f);
	return rc;
}

static int add_unique(char names[][HB_MOD_NAME_MAX], int count, int max, const char *name)
{
	for (int i = 0; i < count; i++)
		if (!strcmp(names[i], name))
			return count;
	if (count == max)
		return count;
	snprintf(names[count], HB_MOD_NAME_MAX, "%s", name);
	return count + 1;
}

int mod_db_resolve(const struct mod_db *db, const char *request,
		   char names[][HB_MOD_NAME_MAX], int max)
{
	struct mod_dep dep;
	char *line = NULL;
	size_t cap = 0;
	int count = 0;
	FILE *f;

	if (max <= 0)
		return 0;
	if (mod_db_dep(db, request, &dep) == 0) {
		mod_name_normalize(request, names[0], HB_MOD_NAME_MAX);
		return 1;
	}
	f = open_db_file(db, "modules.alias");
	if (!f)
		return 0;
	while (getline(&line, &cap, f) > 0) {
		char *save = NULL;
		char *kw = strtok_r(line, " \t\n", &save);
		char *pattern = strtok_r(NULL, " \t\n", &save);
		char *module = strtok_r(NULL, " \t\n", &save);
		char norm[HB_MOD_NAME_MAX];

		if (!kw || strcmp(kw, "alias") || !pattern || !module)
			continue;
		if (fnmatch(pattern, request, 0) != 0)
			continue;
		mod_name_normalize(module, norm, sizeof(norm));
		count = add_unique(names, count, max, norm);
	}
	free(line);
	fclose(f);
	return count;
}

int mod_db_is_builtin(const struct mod_db *db, const char *name)
{
	char want[HB_MOD_NAME_MAX], have[HB_MOD_NAME_MAX];
	char *line = NULL;
	size_t cap = 0;
	int found = 0;
	FILE *f = open_db_file(db, "modules.builtin");

	if (!f)
		return 0;
	mod_name_normalize(name, want, sizeof(want));
	while (!found && getline(&line, &cap, f) > 0) {
		line[strcspn(line, "\n")] = '\0';
		mod_name_from_path(line, have, sizeof(have));
		found = !strcmp(want, have);
	}
	free(line);
	fclose(f);
	return found;
}
