// SPDX-License-Identifier: GPL-2.0-only
#include "apt_private.h"

#include "apt_sources.h"
#include "exitcodes.h"
#include "fsutil.h"
#include "msg.h"
#include "spawn.h"
#include "text_list.h"

#include <glob.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define FRESH_SECONDS (24 * 3600)
#define KEYRING "/usr/share/keyrings/debian-archive-keyring.gpg"

char *apt_private_conf_text(const char *dir)
{
	return xasprintf("Dir::Etc::sourcelist \"%s/sources.list\";\n"
			 "Dir::Etc::sourceparts \"%s/empty\";\n"
			 "Dir::Etc::preferences \"/dev/null\";\n"
			 "Dir::Etc::preferencesparts \"%s/empty\";\n"
			 "Dir::State \"%s/state\";\n"
			 "Dir::State::status \"%s/status\";\n"
			 "Dir::Cache \"%s/cache\";\n"
			 "APT::Sandbox::User \"root\";\n"
			 "Acquire::Languages \"none\";\n",
			 dir, dir, dir, dir, dir, dir);
}

char *apt_private_sources_text(const struct apt_mirror *m, const char *suite)
{
	/* the entry's own trust: trusted=yes (a local archive the machine already takes
	 * unsigned), or its keyring; Debian's keyring when it names none */
	const char *opts = m->options;
	if (strstr(opts, "trusted=yes"))
		opts = "trusted=yes";
	return *opts ? xasprintf("deb [%s] %s %s main\n", opts, m->uri, suite)
		       : xasprintf("deb [signed-by=%s] %s %s main\n", KEYRING, m->uri, suite);
}

char *apt_private_pockets_text(const struct apt_pocket *p, int n)
{
	char *text = strdup("");
	for (int i = 0; i < n; i++) {
		char *line = apt_private_sources_text(&p[i].mirror, p[i].suite);
		char *more = xasprintf("%s%s", text, line);
		free(line);
		free(text);
		text = more;
	}
	return text;
}

static int write_text(const char *path, const char *text)
{
	return fs_write_file_atomic(path, text, strlen(text));
}

char *apt_private_log_path(const struct hb_ctx *ctx, const char *suite)
{
	return xasprintf("%s/apt/%s/apt.log", ctx->cache, suite);
}

int apt_private_open(const struct hb_ctx *ctx, const char *suite, struct apt_private *apt)
{
	memset(apt, 0, sizeof(*apt));
	struct apt_pocket pockets[APT_POCKETS_MAX];
	char err[1024];
	int n = apt_sources_find_pockets(ctx->apt_etc, suite, pockets, err, sizeof(err));
	if (n < 0) {
		msg_error("%s", err);
		return HB_EXIT_ENV;
	}
	apt->suite = strdup(suite);
	apt->dir = xasprintf("%s/apt/%s", ctx->cache, suite);
	apt->conf = fs_join(apt->dir, "apt.conf");
	apt->log = apt_private_log_path(ctx, suite);
	apt->env[0] = xasprintf("APT_CONFIG=%s", apt->conf);
	static const char *const subdirs[] = { "state/lists/partial", "cache/archives/partial",
					       "empty", "debs" };
	for (size_t i = 0; i < sizeof(subdirs) / sizeof(subdirs[0]); i++) {
		char *d = fs_join(apt->dir, subdirs[i]);
		int rc = fs_mkdir_p(d, 0755);
		free(d);
		if (rc != 0) {
			msg_error("cannot create %s/%s: %m", apt->dir, subdirs[i]);
			return HB_EXIT_ENV;
		}
	}
	char *sources = apt_private_pockets_text(pockets, n);
	char *conf = apt_private_conf_text(apt->dir);
	char *sources_path = fs_join(apt->dir, "sources.list");
	char *status_path = fs_join(apt->dir, "status");
	/* other pockets than the index was made from: it is no longer fresh */
	char *old = fs_read_file(sources_path, NULL);
	if (old && strcmp(old, sources) != 0) {
		char *stamp = fs_join(apt->dir, "updated");
		unlink(stamp);
		free(stamp);
	}
	free(old);
	char *names = strdup("");
	for (int i = 0; i < n; i++)
		text_list_add(&names, pockets[i].suite);
	msg_info("apt pockets of %s: %s", suite, names);
	free(names);
	int rc = (write_text(sources_path, sources) == 0 && write_text(apt->conf, conf) == 0 &&
		  (fs_exists(status_path) || write_text(status_path, "") == 0))
			 ? HB_EXIT_OK
			 : HB_EXIT_ENV;
	if (rc)
		msg_error("cannot write the private apt configuration under %s: %m", apt->dir);
	free(sources);
	free(conf);
	free(sources_path);
	free(status_path);
	return rc;
}

void apt_private_close(struct apt_private *apt)
{
	free(apt->dir);
	free(apt->conf);
	free(apt->log);
	free(apt->suite);
	free(apt->env[0]);
	memset(apt, 0, sizeof(*apt));
}

static char *tail_of_log(const char *log)
{
	char *text = fs_read_file(log, NULL);
	if (!text)
		return strdup("");
	size_t n = strlen(text);
	const char *start = n > 600 ? text + n - 600 : text;
	char *out = strdup(start);
	free(text);
	return out;
}

int apt_private_update(struct apt_private *apt, bool refresh)
{
	char *stamp = fs_join(apt->dir, "updated");
	double age = fs_age_seconds(stamp);
	if (!refresh && age >= 0 && age < FRESH_SECONDS) {
		msg_info("apt index for %s is fresh (%.0f min old)", apt->suite, age / 60);
		free(stamp);
		return HB_EXIT_OK;
	}
	msg_info("apt-get update (private index for %s, log %s)", apt->suite, apt->log);
	/* Start the log afresh so that its tail speaks of this run. */
	write_text(apt->log, "");
	char *argv[] = { "apt-get", "-q", "update", NULL };
	struct spawn_opts o = { .log_path = apt->log, .env_add = apt->env };
	int st = spawn_run(argv, &o);
	char *tail = tail_of_log(apt->log);
	int rc = HB_EXIT_OK;
	/* apt-get update exits 0 even when a suite is missing; its warnings tell. */
	if (strstr(tail, "does not have a Release file") || strstr(tail, "404  Not Found") ||
	    strstr(tail, "404 Not Found")) {
		msg_error("the mirror does not serve the suite '%s' (log: %s)", apt->suite,
			  apt->log);
		rc = HB_EXIT_USAGE;
	} else if (st != 0 || strstr(tail, "\nE: ") || strstr(tail, "\nW: Failed") ||
		   strncmp(tail, "E: ", 3) == 0) {
		msg_error("apt-get update for '%s' failed (exit %d, log: %s)", apt->suite, st,
			  apt->log);
		rc = HB_EXIT_ENV;
	} else if (write_text(stamp, "") != 0) {
		rc = HB_EXIT_ENV;
	}
	free(tail);
	free(stamp);
	return rc;
}

static const char *field(const char *text, const char *key, char *out, size_t len)
{
	const char *p = strstr(text, key);
	if (!p)
		return NULL;
	p += strlen(key);
	while (*p == ' ')
		p++;
	size_t n = strcspn(p, "\n");
	if (n >= len)
		n = len - 1;
	memcpy(out, p, n);
	out[n] = '\0';
	return out;
}

static int line_cmp(const void *a, const void *b)
{
	int xa = 0, ya = 0, xb = 0, yb = 0;
	kernel_line_parse(*(char *const *)a, &xa, &ya);
	kernel_line_parse(*(char *const *)b, &xb, &yb);
	return xa != xb ? (xa > xb) - (xa < xb) : (ya > yb) - (ya < yb);
}

int apt_private_lines(struct apt_private *apt, char ***names, size_t *count)
{
	struct spawn_opts o = { .log_path = apt->log, .env_add = apt->env };
	int st;
	char *argv[] = { "apt-cache", "pkgnames", "linux-source-", NULL };
	char *text = spawn_capture(argv, &o, &st);
	*names = NULL;
	*count = 0;
	if (!text || st != 0) {
		msg_error("cannot list the packages of '%s' with apt-cache pkgnames (log: %s)",
			  apt->suite, apt->log);
		free(text);
		return HB_EXIT_ENV;
	}
	char *save = NULL;
	for (char *l = strtok_r(text, "\n", &save); l; l = strtok_r(NULL, "\n", &save)) {
		int x, y;
		if (!kernel_line_parse(l, &x, &y))
			continue;
		*names = xrealloc(*names, (*count + 1) * sizeof(**names));
		(*names)[(*count)++] = strdup(l);
	}
	free(text);
	if (*count > 1)
		qsort(*names, *count, sizeof(**names), line_cmp);
	return HB_EXIT_OK;
}

void apt_private_lines_free(char **names, size_t count)
{
	for (size_t i = 0; i < count; i++)
		free(names[i]);
	free(names);
}

/* "linux-source-6.1, linux-source-6.12" (malloc'd), or "no linux-source-X.Y at all". */
static char *lines_text(char **names, size_t count)
{
	if (!count)
		return strdup("no linux-source-X.Y at all");
	size_t len = 1;
	for (size_t i = 0; i < count; i++)
		len += strlen(names[i]) + 2;
	char *out = calloc(1, len);
	if (!out)
		abort();
	for (size_t i = 0; i < count; i++) {
		if (i)
			strcat(out, ", ");
		strcat(out, names[i]);
	}
	return out;
}

int apt_private_follow(struct apt_private *apt, const struct kernel_entry *e, char *out,
		       size_t len)
{
	if (!e->follows) {
		snprintf(out, len, "%s", e->package);
		return HB_EXIT_OK;
	}
	char **names;
	size_t count;
	int rc = apt_private_lines(apt, &names, &count);
	if (rc)
		return rc;
	const char *newest = NULL;
	for (size_t i = 0; i < count; i++)
		if (kernel_entry_takes(e, names[i]))
			newest = names[i];
	if (newest) {
		msg_info("%s follows %s's newest line: %s", e->package, apt->suite, newest);
		snprintf(out, len, "%s", newest);
	} else {
		char *has = lines_text(names, count);
		if (e->follow_major >= 0)
			msg_error("%s has no linux-source-%d.Y line to follow (%s); it has %s",
				  apt->suite, e->follow_major, e->package, has);
		else
			msg_error("%s has no linux-source-X.Y line to follow; it has %s",
				  apt->suite, has);
		free(has);
		rc = HB_EXIT_ENV;
	}
	apt_private_lines_free(names, count);
	return rc;
}

/* Did an earlier fetch download PACKAGE from this suite (a .deb of it is kept)? */
static bool fetched_before(const struct apt_private *apt, const char *package)
{
	char *pattern = xasprintf("%s/debs/%s_*.deb", apt->dir, package);
	glob_t g;
	bool found = glob(pattern, 0, NULL, &g) == 0 && g.gl_pathc > 0;
	if (found)
		globfree(&g);
	free(pattern);
	return found;
}

/* The package is not in the suite's index: say what the suite serves now. */
static void say_what_the_suite_has(struct apt_private *apt, const char *package)
{
	char **names;
	size_t count;
	char *has = apt_private_lines(apt, &names, &count) == HB_EXIT_OK
			    ? lines_text(names, count)
			    : strdup("packages apt-cache could not list");
	if (count)
		apt_private_lines_free(names, count);
	msg_error("%s %s %s; it has %s (kernels.list: name one of these, or follow the newest "
		  "line with linux-source or linux-source-X.x)",
		  apt->suite, fetched_before(apt, package) ? "no longer has" : "does not have",
		  package, has);
	free(has);
}

int apt_private_resolve(struct apt_private *apt, const char *package, const char *version,
			char *out, size_t len)
{
	struct spawn_opts o = { .log_path = apt->log, .env_add = apt->env };
	int st;
	char *spec = version && *version ? xasprintf("%s=%s", package, version) : strdup(package);
	char *argv[] = { "apt-cache", "show", "--no-all-versions", spec, NULL };
	char *text = spawn_capture(argv, &o, &st);
	int rc = HB_EXIT_OK;
	if (!text) {
		msg_error("cannot run apt-cache: %m");
		rc = HB_EXIT_ENV;
	} else if (st != 0 || !field(text, "\nVersion:", out, len)) {
		if (version && *version) {
			msg_error("suite '%s' does not serve %s version %s (log: %s)", apt->suite,
				  package, version, apt->log);
			rc = HB_EXIT_USAGE;
		} else {
			/* Debian moved on: the suite dropped the line (sid does so every few
			 * months); not the user's mistake */
			say_what_the_suite_has(apt, package);
			rc = HB_EXIT_ENV;
		}
	}
	free(text);
	free(spec);
	return rc;
}

void apt_private_pocket_of(struct apt_private *apt, const char *package, const char *version,
			   char *out, size_t len)
{
	/* " linux-source-6.1 | 6.1.192-3 | URI bookworm-security/main amd64 Packages" */
	struct spawn_opts o = { .log_path = apt->log, .env_add = apt->env };
	int st;
	char *argv[] = { "apt-cache", "madison", (char *)package, NULL };
	char *text = spawn_capture(argv, &o, &st);
	out[0] = '\0';
	for (char *save = NULL, *l = text && st == 0 ? strtok_r(text, "\n", &save) : NULL;
	     l && !out[0]; l = strtok_r(NULL, "\n", &save)) {
		char *v = strchr(l, '|'), *where = v ? strchr(v + 1, '|') : NULL;
		if (!where)
			continue;
		v += strspn(v + 1, " ") + 1;
		if (strncmp(v, version, strlen(version)) != 0 || v[strlen(version)] != ' ')
			continue;
		char uri[1024], dist[128];
		if (sscanf(where + 1, " %1023s %127[^/ ]", uri, dist) == 2)
			snprintf(out, len, "%s", dist);
	}
	free(text);
}

int apt_private_download(struct apt_private *apt, const char *package, const char *version,
			 char **deb)
{
	char *debs = fs_join(apt->dir, "debs");
	char *tmp = xasprintf("%s/tmp.%ld", debs, (long)getpid());
	char *spec = xasprintf("%s=%s", package, version);
	int rc = HB_EXIT_ENV;
	*deb = NULL;
	char *encoded = strdup(version);
	char *colon = strchr(encoded, ':');
	char *kept = colon ? xasprintf("%s/%s_%.*s%%3a%s_all.deb", debs, package,
				       (int)(colon - encoded), encoded, colon + 1)
			   : xasprintf("%s/%s_%s_all.deb", debs, package, version);
	free(encoded);
	if (fs_exists(kept)) {
		msg_info("using %s", kept);
		*deb = kept;
		free(spec);
		free(tmp);
		free(debs);
		return HB_EXIT_OK;
	}
	free(kept);
	fs_remove_tree(tmp);
	msg_info("apt-get download %s (log %s)", spec, apt->log);
	char *argv[] = { "apt-get", "-q", "download", spec, NULL };
	struct spawn_opts o = { .cwd = tmp, .log_path = apt->log, .env_add = apt->env };
	if (fs_mkdir_p(tmp, 0755) != 0 || spawn_run(argv, &o) != 0) {
		msg_error("apt-get download %s failed (log: %s)", spec, apt->log);
		goto out;
	}
	char *pattern = xasprintf("%s/%s_*.deb", tmp, package);
	glob_t g;
	if (glob(pattern, 0, NULL, &g) == 0 && g.gl_pathc == 1) {
		*deb = xasprintf("%s/%s", debs, strrchr(g.gl_pathv[0], '/') + 1);
		if (rename(g.gl_pathv[0], *deb) == 0) {
			rc = HB_EXIT_OK;
		} else {
			msg_error("cannot move the .deb into %s: %m", debs);
			free(*deb);
			*deb = NULL;
		}
		globfree(&g);
	} else {
		msg_error("apt-get download left no %s_*.deb in %s", package, tmp);
	}
	free(pattern);
out:
	fs_remove_tree(tmp);
	free(spec);
	free(tmp);
	free(debs);
	return rc;
}
