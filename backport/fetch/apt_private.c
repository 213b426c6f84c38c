// SPDX-License-Identifier: GPL-2.0-only
#include "apt_private.h"

#include "apt_sources.h"
#include "exitcodes.h"
#include "fsutil.h"
#include "msg.h"
#include "spawn.h"

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
	char uri[APT_URI_MAX], err[1024];
	if (apt_sources_find_mirror(ctx->apt_etc, uri, sizeof(uri), err, sizeof(err)) != 0) {
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
	char *sources = xasprintf("deb [signed-by=%s] %s %s main\n", KEYRING, uri, suite);
	char *conf = apt_private_conf_text(apt->dir);
	char *sources_path = fs_join(apt->dir, "sources.list");
	char *status_path = fs_join(apt->dir, "status");
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
		if (version && *version)
			msg_error("suite '%s' does not serve %s version %s (log: %s)", apt->suite,
				  package, version, apt->log);
		else
			msg_error("suite '%s' does not serve the package '%s' (log: %s)",
				  apt->suite, package, apt->log);
		rc = HB_EXIT_USAGE;
	}
	free(text);
	free(spec);
	return rc;
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
