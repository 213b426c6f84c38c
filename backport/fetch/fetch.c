// SPDX-License-Identifier: GPL-2.0-only
#include "fetch.h"


#include "apt_private.h"
#include "exitcodes.h"
#include "fsutil.h"
#include "lock.h"
#include "msg.h"
#include "record.h"
#include "spawn.h"

#include <dirent.h>
#include <errno.h>
#include <glob.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static char *record_path(const struct hb_ctx *ctx, const char *name)
{
	return xasprintf("%s/kernels/%s/fetched", ctx->cache, name);
}

/* A dir entry's record: its own tree, as it is now (fetch never writes one for it). */
static int dir_record(const struct kernel_entry *e, struct fetch_record *rec)
{
	char err[4200];
	if (!fs_is_kernel_tree(e->path, err, sizeof(err)))
		return -1;
	fs_kernel_version(e->path, rec->version, sizeof(rec->version));
	if (!rec->version[0])
		snprintf(rec->version, sizeof(rec->version), "unknown");
	snprintf(rec->tree, sizeof(rec->tree), "%s", e->path);
	return 0;
}

int fetch_record_read(const struct hb_ctx *ctx, const char *name, struct fetch_record *rec)
{
	memset(rec, 0, sizeof(*rec));
	const struct kernel_entry *e = kernels_list_find(&ctx->kernels, name);
	if (e && e->source == KERNEL_SOURCE_DIR)
		return dir_record(e, rec);
	char *path = record_path(ctx, name);
	json_t *r = hb_record_read(path, FETCH_RECORD_KIND, FETCH_RECORD_VERSION);
	free(path);
	if (!r)
		return -1;
	snprintf(rec->package, sizeof(rec->package), "%s", hb_record_str(r, "package"));
	snprintf(rec->version, sizeof(rec->version), "%s", hb_record_str(r, "version"));
	snprintf(rec->suite, sizeof(rec->suite), "%s", hb_record_str(r, "suite"));
	snprintf(rec->pocket, sizeof(rec->pocket), "%s", hb_record_str(r, "pocket"));
	snprintf(rec->tree, sizeof(rec->tree), "%s", hb_record_str(r, "tree"));
	json_decref(r);
	return (rec->version[0] && fs_is_dir(rec->tree)) ? 0 : -1;
}

int fetch_record_of(const struct hb_ctx *ctx, const struct kernel_entry *e,
		    struct fetch_record *rec)
{
	bool read = fetch_record_read(ctx, e->name, rec) == 0;
	if (read && e->source == KERNEL_SOURCE_DIR)
		return 0;
	/* none, one older than its suite field, or one of another line of kernels.list */
	if (!read || strcmp(rec->suite, e->suite) != 0 || !kernel_entry_takes(e, rec->package) ||
	    (e->version[0] && strcmp(rec->version, e->version) != 0)) {
		memset(rec, 0, sizeof(*rec));
		return -1;
	}
	return 0;
}

static int record_write(const struct hb_ctx *ctx, const char *name, const struct fetch_record *rec)
{
	char *dir = xasprintf("%s/kernels/%s", ctx->cache, name);
	char *path = record_path(ctx, name);
	json_t *r = hb_record_new(FETCH_RECORD_KIND, FETCH_RECORD_VERSION);
	if (rec->package[0])
		json_object_set_new(r, "package", json_string(rec->package));
	json_object_set_new(r, "version", json_string(rec->version));
	if (rec->suite[0])
		json_object_set_new(r, "suite", json_string(rec->suite));
	if (rec->pocket[0])
		json_object_set_new(r, "pocket", json_string(rec->pocket));
	json_object_set_new(r, "tree", json_string(rec->tree));
	int rc = fs_mkdir_p(dir, 0755) == 0 ? hb_record_write(path, r) : -1;
	json_decref(r);
	free(path);
	free(dir);
	return rc;
}

int fetch_need_tools(const char *const *tools)
{
	for (const char *const *t = tools; *t; t += 2) {
		if (!fs_on_path(t[0])) {
			msg_error("'%s' is not installed: install the Debian package '%s' "
				  "(scripts/install-deps installs everything)",
				  t[0], t[1]);
			return HB_EXIT_ENV;
		}
	}
	return HB_EXIT_OK;
}

static int fetch_dir(const struct kernel_entry *e, struct fetch_record *rec)
{
	char err[4200];
	if (!fs_is_kernel_tree(e->path, err, sizeof(err))) {
		msg_error("kernel '%s' (kernels.list line %d): %s", e->name, e->line, err);
		return HB_EXIT_USAGE;
	}
	return dir_record(e, rec) == 0 ? HB_EXIT_OK : HB_EXIT_USAGE;
}

/* Unpacks the .deb's linux-source tarball into a temporary tree, then renames it into place,
 * read-only, so that a half-written tree never looks complete. */
static int unpack_deb(const struct hb_ctx *ctx, const char *deb, const char *tree, const char *log)
{
	char *tmp = xasprintf("%s.partial", tree);
	char *debdir = xasprintf("%s.deb", tmp);
	int rc = HB_EXIT_ENV;
	fs_remove_tree(tmp);
	fs_remove_tree(debdir);
	struct spawn_opts o = { .log_path = log };
	char *x_argv[] = { "dpkg-deb", "-x", (char *)deb, debdir, NULL };
	if (fs_mkdir_p(tmp, 0755) != 0 || spawn_run(x_argv, &o) != 0) {
		msg_error("cannot extract %s (log: %s)", deb, log);
		goto out;
	}
	char *pattern = xasprintf("%s/usr/src/linux-source-*.tar.*", debdir);
	glob_t g;
	int grc = glob(pattern, 0, NULL, &g);
	free(pattern);
	if (grc != 0 || g.gl_pathc != 1) {
		msg_error("%s holds no /usr/src/linux-source-*.tar.* (is it a linux-source package?)",
			  deb);
		if (grc == 0)
			globfree(&g);
		rc = HB_EXIT_USAGE;
		goto out;
	}
	msg_info("unpacking %s", strrchr(g.gl_pathv[0], '/') + 1);
	char *t_argv[] = { "tar", "-xf", g.gl_pathv[0], "-C", tmp, "--strip-components=1", NULL };
	int trc = spawn_run(t_argv, &o);
	globfree(&g);
	char err[4200];
	char *ro_argv[] = { "chmod", "-R", "a-w", tmp, NULL };
	if (trc != 0) {
		msg_error("unpacking the kernel tarball failed (log: %s)", log);
	} else if (!fs_is_kernel_tree(tmp, err, sizeof(err))) {
		msg_error("the package did not hold a kernel tree: %s", err);
	} else if (spawn_run(ro_argv, &o) != 0 || rename(tmp, tree) != 0) {
		msg_error("cannot put the tree in place at %s: %s", tree, strerror(errno));
	} else {
		rc = HB_EXIT_OK;
	}
out:
	(void)ctx;
	fs_remove_tree(debdir);
	if (rc != HB_EXIT_OK)
		fs_remove_tree(tmp);
	free(debdir);
	free(tmp);
	return rc;
}

static int fetch_debian(const struct hb_ctx *ctx, const struct kernel_entry *e, bool refresh,
			struct fetch_record *rec)
{
	static const char *const tools[] = { "apt-get", "apt", "apt-cache", "apt",
					     "dpkg-deb", "dpkg", "tar", "tar",
					     "xz", "xz-utils", NULL };
	int rc = fetch_need_tools(tools);
	if (rc)
		return rc;
	struct apt_private apt;
	rc = apt_private_open(ctx, e->suite, &apt);
	if (rc)
		return rc;
	rc = apt_private_update(&apt, refresh);
	if (rc) {
		struct fetch_record old;
		if (rc == HB_EXIT_ENV && !refresh && fetch_record_read(ctx, e->name, &old) == 0 &&
		    (!e->version[0] || strcmp(old.version, e->version) == 0)) {
			msg_warn("using the tree fetched before (%s %s): the index could not be "
				 "refreshed",
				 old.package[0] ? old.package : e->package, old.version);
			*rec = old;
			rc = HB_EXIT_OK;
		}
		apt_private_close(&apt);
		return rc;
	}
	/* the line itself, or for an entry that follows one the newest line the suite has */
	char package[KL_FIELD_MAX], version[128];
	rc = apt_private_follow(&apt, e, package, sizeof(package));
	if (!rc)
		rc = apt_private_resolve(&apt, package, e->version, version, sizeof(version));
	if (rc) {
		apt_private_close(&apt);
		return rc;
	}
	char *safe_version = strdup(version);
	for (char *c = safe_version; *c; c++)
		if (*c == ':')
			*c = '_';
	char *tree = xasprintf("%s/src/%s_%s", ctx->cache, package, safe_version);
	snprintf(rec->package, sizeof(rec->package), "%s", package);
	snprintf(rec->version, sizeof(rec->version), "%s", version);
	snprintf(rec->suite, sizeof(rec->suite), "%s", e->suite);
	snprintf(rec->tree, sizeof(rec->tree), "%s", tree);
	apt_private_pocket_of(&apt, package, version, rec->pocket, sizeof(rec->pocket));
	msg_info("%s %s%s%s", package, version, rec->pocket[0] ? " from " : "", rec->pocket);
	if (fs_is_dir(tree)) {
		msg_info("%s %s already in the cache", package, version);
	} else {
		char *deb = NULL;
		rc = apt_private_download(&apt, package, version, &deb);
		if (rc == HB_EXIT_OK)
			rc = unpack_deb(ctx, deb, tree, apt.log);
		free(deb);
	}
	free(tree);
	free(safe_version);
	apt_private_close(&apt);
	return rc;
}

int fetch_kernel(const struct hb_ctx *ctx, const struct kernel_entry *e, bool refresh,
		 struct fetch_record *rec)
{
	memset(rec, 0, sizeof(*rec));
	if (e->source == KERNEL_SOURCE_DIR)
		return fetch_dir(e, rec);
	int lock = lock_acquire(ctx->cache, e->name);
	if (lock < 0) {
		msg_error("cannot take the lock for '%s' under %s/locks: %s", e->name, ctx->cache,
			  strerror(errno));
		return HB_EXIT_ENV;
	}
	/* Kernels of one suite share its private apt folder: one apt-get at a time in it. */
	char *apt_lock_name = xasprintf("apt-%s", e->suite);
	int apt_lock = lock_acquire(ctx->cache, apt_lock_name);
	free(apt_lock_name);
	int rc = fetch_debian(ctx, e, refresh, rec);
	lock_release(apt_lock);
	if (rc == HB_EXIT_OK && record_write(ctx, e->name, rec) != 0) {
		msg_error("cannot write the record of '%s' under %s/kernels: %s", e->name,
			  ctx->cache, strerror(errno));
		rc = HB_EXIT_ENV;
	}
	lock_release(lock);
	return rc;
}
