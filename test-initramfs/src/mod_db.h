/* SPDX-License-Identifier: GPL-2.0-only */
/* Lookups in the depmod output under /lib/modules/RELEASE:
 * modules.dep (paths and dependencies), modules.alias (glob patterns),
 * modules.builtin. Module names are compared with '-' and '_' equal. */
#ifndef HB_MOD_DB_H
#define HB_MOD_DB_H

#include <stddef.h>

#define HB_MOD_NAME_MAX 64
#define HB_MOD_PATH_MAX 512
#define HB_MOD_DEPS_MAX 16

struct mod_db {
	char dir[HB_MOD_PATH_MAX];	/* BASE/lib/modules/RELEASE */
};

struct mod_dep {
	char path[HB_MOD_PATH_MAX];	/* absolute path of the .ko */
	int ndeps;
	char deps[HB_MOD_DEPS_MAX][HB_MOD_PATH_MAX];	/* as listed: load last first */
};

/* base may be NULL or "" (meaning "/"), release NULL (meaning uname -r).
 * Returns 0, or -errno if modules.dep cannot be read. */
int mod_db_open(struct mod_db *db, const char *base, const char *release);

/* "foo-bar" -> "foo_bar"; from a path: ".../foo-bar.ko[.xz]" -> "foo_bar". */
void mod_name_normalize(const char *in, char *out, size_t len);
void mod_name_from_path(const char *path, char *out, size_t len);

/* Module names that REQUEST resolves to: the module itself if REQUEST names
 * one in modules.dep, else every module with a matching alias pattern.
 * Returns how many were stored (at most max). */
int mod_db_resolve(const struct mod_db *db, const char *request,
		   char names[][HB_MOD_NAME_MAX], int max);

/* The modules.dep entry of a module name: 0 or -ENOENT / -errno. */
int mod_db_dep(const struct mod_db *db, const char *name, struct mod_dep *out);

/* 1 if listed in modules.builtin, else 0. */
int mod_db_is_builtin(const struct mod_db *db, const char *name);

#endif
