// SPDX-License-Identifier: GPL-2.0-only
#include "distro_config.h"

#include "apt_private.h"
#include "exitcodes.h"
#include "fsutil.h"
#include "lock.h"
#include "msg.h"
#include "spawn.h"
#include "text_list.h"

#include <ctype.h>
#include <glob.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

int distro_config_parse(const char *arg, char *flavour, size_t len, char *err, size_t errlen)
{
	size_t n = strlen(DISTRO_CONFIG_PREFIX);
	if (strncmp(arg, DISTRO_CONFIG_PREFIX, n) != 0)
		return 0;
	const char *name = arg + n;
	bool plain = *name && strlen(name) < len;
	for (const char *c = name; plain && *c; c++)
		plain = isalnum((unsigned char)*c) || *c == '-' || *c == '_';
	if (!plain) {
		msg_format(err, errlen,
			   "'%s' names no flavour of Debian's kernel configs: give one as "
			   "debian:cloud-amd64 or debian:amd64", arg);
		return -1;
	}
	snprintf(flavour, len, "%s", name);
	return 1;
}

char *distro_config_package(const char *source_package)
{
	const char *prefix = "linux-source-";
	size_t n = strlen(prefix);
	if (strncmp(source_package, prefix, n) != 0 || !source_package[n])
		return NULL;
	return xasprintf("linux-config-%s", source_package + n);
}

/* The flavours a linux-config package's folder DIR holds: "amd64, cloud-amd64, rt-amd64"
 * (malloc'd). */
static char *flavours_in(const char *dir)
{
	char *pattern = xasprintf("%s/config.amd64_none_*.xz", dir);
	char *list = strdup("");
	glob_t g;
	if (glob(pattern, 0, NULL, &g) == 0) {
		for (size_t i = 0; i < g.gl_pathc; i++) {
			const char *name = strrchr(g.gl_pathv[i], '_') + 1;
			char *flavour = strndup(name, strlen(name) - 3); /* without ".xz" */
			text_list_add(&list, flavour);
			free(flavour);
		}
		globfree(&g);
	}
	free(pattern);
	return list;
}

/* Unpacks DEB and puts its config of FLAVOUR, decompressed, at OUT. */
static int unpack_config(const char *deb, const char *config_package, const char *flavour,
			 const char *out, const char *log)
{
	char *tmp = xasprintf("%s.deb", out);
	char *partial = xasprintf("%s.partial", out);
	char *dir = xasprintf("%s/usr/src/%s", tmp, config_package);
	char *xz = xasprintf("%s/config.amd64_none_%s.xz", dir, flavour);
	struct spawn_opts o = { .log_path = log };
	char *x_argv[] = { "dpkg-deb", "-x", (char *)deb, tmp, NULL };
	int rc = HB_EXIT_ENV;
	fs_remove_tree(tmp);
	if (spawn_run(x_argv, &o) != 0) {
		msg_error("cannot extract %s (log: %s)", deb, log);
		goto out;
	}
	if (!fs_exists(xz)) {
		char *have = flavours_in(dir);
		msg_error("%s has no config of flavour '%s'; it has: %s", config_package, flavour,
			  *have ? have : "none for amd64");
		free(have);
		rc = HB_EXIT_USAGE;
		goto out;
	}
	size_t len = 0;
	char *d_argv[] = { "xz", "-dc", xz, NULL };
	struct spawn_opts q = { .log_path = log };
	int status = 0;
	char *text = spawn_capture(d_argv, &q, &status);
	len = text ? strlen(text) : 0;
	if (status != 0 || !len || fs_write_file_atomic(partial, text, len) != 0 ||
	    rename(partial, out) != 0) {
		msg_error("cannot unpack %s into %s (log: %s)", xz, out, log);
	} else {
		rc = HB_EXIT_OK;
	}
	free(text);
out:
	fs_remove_tree(tmp);
	unlink(partial);
	free(xz);
	free(dir);
	free(partial);
	free(tmp);
	return rc;
}

int distro_config_fetch(const struct hb_ctx *ctx, const struct kernel_entry *e,
			const struct fetch_record *rec, const char *flavour, char **path)
{
	*path = NULL;
	char *config_package = e->source == KERNEL_SOURCE_DEBIAN
				       ? distro_config_package(rec->package) : NULL;
	if (!config_package) {
		msg_error("--config %s%s: kernel '%s' does not come from a Debian linux-source "
			  "package, so Debian has no config of its own for it; give a .config file",
			  DISTRO_CONFIG_PREFIX, flavour, e->name);
		return HB_EXIT_USAGE;
	}
	char *out = xasprintf("%s/kernels/%s/config-%s-%s", ctx->cache, e->name, rec->version,
			      flavour);
	int rc = HB_EXIT_OK;
	if (fs_exists(out)) {
		msg_info("%s %s, flavour %s: %s", config_package, rec->version, flavour, out);
		*path = out;
		free(config_package);
		return rc;
	}
	static const char *const tools[] = { "apt-get", "apt", "dpkg-deb", "dpkg",
					     "xz", "xz-utils", NULL };
	if ((rc = fetch_need_tools(tools))) {
		free(out);
		free(config_package);
		return rc;
	}
	char *apt_lock_name = xasprintf("apt-%s", e->suite);
	int apt_lock = lock_acquire(ctx->cache, apt_lock_name);
	free(apt_lock_name);
	struct apt_private apt;
	char version[128];
	rc = apt_private_open(ctx, e->suite, &apt);
	if (!rc && !(rc = apt_private_update(&apt, false))) {
		/* the config of the very version the source is */
		rc = apt_private_resolve(&apt, config_package, rec->version, version,
					 sizeof(version));
		char *deb = NULL;
		if (!rc)
			rc = apt_private_download(&apt, config_package, version, &deb);
		if (!rc)
			rc = unpack_config(deb, config_package, flavour, out, apt.log);
		free(deb);
	}
	if (!rc) {
		msg_info("%s %s, flavour %s: %s", config_package, rec->version, flavour, out);
		*path = out;
	} else {
		free(out);
	}
	apt_private_close(&apt);
	lock_release(apt_lock);
	free(config_package);
	return rc;
}
