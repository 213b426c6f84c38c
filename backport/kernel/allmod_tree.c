// SPDX-License-Identifier: GPL-2.0-only
#include "allmod_tree.h"

#include "exitcodes.h"
#include "fsutil.h"
#include "kbuild_make.h"
#include "msg.h"
#include "worktree.h"

#include <errno.h>
#include <ftw.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/* Errors of the kinds a wrong const or a wrong format would give are errors here. */
#define CHECK_KCFLAGS "KCFLAGS=-Werror=discarded-qualifiers -Werror=incompatible-pointer-types"

void allmod_tree_init(struct allmod_tree *t, const char *dir, const char *log)
{
	t->dir = strdup(dir);
	t->src = fs_join(dir, "src");
	t->out = fs_join(dir, "out");
	t->log = strdup(log);
	t->env[0] = xasprintf("CCACHE_BASEDIR=%s", dir);
	t->env[1] = strdup("CCACHE_NOHASHDIR=1");
	t->env[2] = NULL;
}

void allmod_tree_free(struct allmod_tree *t)
{
	free(t->dir);
	free(t->src);
	free(t->out);
	free(t->log);
	free(t->env[0]);
	free(t->env[1]);
	memset(t, 0, sizeof(*t));
}

/* Points SRC/FILE at FROM/FILE (a hard link, as the clone made it): 0 or -1. */
static int link_from(const char *from, const char *src, const char *file)
{
	char *target = fs_join(src, file), *origin = fs_join(from, file);
	int rc = (unlink(target) == 0 || errno == ENOENT) && link(origin, target) == 0 ? 0 : -1;
	free(origin);
	free(target);
	return rc;
}

/* out/STAMP: the last allmod_prepare() there succeeded. */
#define PREPARED_STAMP ".hb-prepared"

/* nftw has no user pointer: the walk of allmod_sync()'s state lives here for its duration. */
static struct {
	const char *tree;
	size_t tree_len;
	const char *src;
	int linked;
} sync_walk;

static bool same_text(const char *a, const char *b)
{
	size_t na, nb;
	char *ta = fs_read_file(a, &na), *tb = fs_read_file(b, &nb);
	bool same = ta && tb && na == nb && memcmp(ta, tb, na) == 0;
	free(ta);
	free(tb);
	return same;
}

/* Makes SRC/FILE TREE/FILE again: 0 when it is the same file already (one inode), 1 when it
 * was linked again because it holds the same text (a file each apply patches the same way),
 * is a .c file, or a .h file not older than src's (an older one could leave stale what the
 * last prepare generated from it); -1 for anything else (a Kconfig or Makefile that changed):
 * only a new prepare will do. */
static int sync_file(const char *tree, const char *src, const char *file)
{
	char *ours = fs_join(src, file), *theirs = fs_join(tree, file);
	struct stat so, st;
	bool exists = lstat(ours, &so) == 0;
	int rc = -1;
	if (lstat(theirs, &st) != 0)
		goto out;
	rc = 0;
	if (exists && so.st_dev == st.st_dev && so.st_ino == st.st_ino)
		goto out;
	size_t n = strlen(file);
	bool header = n > 2 && file[n - 2] == '.' && file[n - 1] == 'h';
	bool same = exists && so.st_size == st.st_size && same_text(ours, theirs);
	if (!same && (!fs_is_c_or_header(file) || (header && exists && st.st_mtime < so.st_mtime)))
		rc = -1;
	else
		rc = link_from(tree, src, file) == 0 ? 1 : -1;
out:
	free(ours);
	free(theirs);
	return rc;
}

static int sync_one(const char *path, const struct stat *st, int type, struct FTW *ftw)
{
	(void)st;
	(void)ftw;
	if (type != FTW_F)
		return 0;
	int rc = sync_file(sync_walk.tree, sync_walk.src, path + sync_walk.tree_len + 1);
	if (rc < 0)
		return 1;
	sync_walk.linked += rc;
	return 0;
}

/* Makes t->src, kept from an earlier prepare, TREE again file by file (work trees are hard-linked
 * copies of the same pristine source, so an unchanged file is the same inode): the number of
 * files linked again, or -1 when only a new prepare will do. */
static int allmod_sync(struct allmod_tree *t, const char *tree)
{
	sync_walk.tree = tree;
	sync_walk.tree_len = strlen(tree);
	sync_walk.src = t->src;
	sync_walk.linked = 0;
	int rc = nftw(tree, sync_one, 64, FTW_PHYS);
	return rc == 0 ? sync_walk.linked : -1;
}

int allmod_prepare(const struct hb_ctx *ctx, struct allmod_tree *t, const char *tree)
{
	static const char *const config[] = { "allmodconfig", NULL };
	static const char *const targets[] = { "prepare", NULL };
	char *stamp = fs_join(t->out, PREPARED_STAMP);
	int linked = fs_exists(stamp) && fs_exists(t->src) ? allmod_sync(t, tree) : -1;
	if (linked >= 0) {
		msg_info("allmodconfig tree kept in %s (%d file%s linked again from %s)", t->out,
			 linked, linked == 1 ? "" : "s", tree);
		free(stamp);
		return HB_EXIT_OK;
	}
	unlink(stamp);
	if (worktree_clone(tree, t->src, t->log) != 0) {
		msg_error("cannot link %s to %s (log: %s)", tree, t->src, t->log);
		free(stamp);
		return HB_EXIT_ENV;
	}
	fs_mkdir_p(t->out, 0755);
	msg_info("allmodconfig and make prepare in %s (log %s)", t->out, t->log);
	if (kbuild_make(ctx, t->src, t->out, t->log, t->env, config, "allmodconfig") != 0 ||
	    kbuild_make(ctx, t->src, t->out, t->log, t->env, targets, "prepare") != 0) {
		msg_error("make allmodconfig prepare failed (log: %s)", t->log);
		free(stamp);
		return HB_EXIT_FAILED;
	}
	fs_write_file_atomic(stamp, "", 0);
	free(stamp);
	return HB_EXIT_OK;
}

static long log_size(const char *log)
{
	FILE *f = fopen(log, "r");
	long n = 0;
	if (f && fseek(f, 0, SEEK_END) == 0)
		n = ftell(f);
	if (f)
		fclose(f);
	return n;
}

/* The first line of LOG from offset FROM that holds NEEDLE (malloc'd), or NULL. */
static char *log_line_with(const char *log, long from, const char *needle)
{
	FILE *f = fopen(log, "r");
	char line[1024], *found = NULL;
	if (f && fseek(f, from, SEEK_SET) == 0)
		while (!found && fgets(line, sizeof(line), f))
			if (strstr(line, needle))
				found = strndup(line, strcspn(line, "\n"));
	if (f)
		fclose(f);
	return found;
}

int allmod_refresh(const struct hb_ctx *ctx, struct allmod_tree *t, const char *tree,
		   char *const *files)
{
	int linked = 0;
	for (char *const *f = files; *f; f++) {
		int rc = sync_file(tree, t->src, *f);
		if (rc < 0)
			return allmod_prepare(ctx, t, tree);
		linked += rc;
	}
	msg_info("allmodconfig tree of this apply in %s, %d changed file%s linked again", t->out,
		 linked, linked == 1 ? "" : "s");
	return HB_EXIT_OK;
}

static int compile(const struct hb_ctx *ctx, struct allmod_tree *t, const char *object,
		   const char *what)
{
	const char *const targets[] = { CHECK_KCFLAGS, object, NULL };
	return kbuild_make(ctx, t->src, t->out, t->log, t->env, targets, what);
}

bool allmod_other_arch(const char *file)
{
	return strncmp(file, "arch/", 5) == 0 && strncmp(file + 5, "x86/", 4) != 0;
}

enum allmod_result allmod_compile(const struct hb_ctx *ctx, struct allmod_tree *t,
				  const char *file, const char *unchanged, const char *changed,
				  char **first_error)
{
	*first_error = NULL;
	if (allmod_other_arch(file))
		return ALLMOD_NOT_BUILT;
	char *object = strdup(file);
	object[strlen(object) - 1] = 'o';
	/* an object left by an earlier compile may look newer than FILE (a hard link keeps its
	 * mtime): make would call it up to date */
	char *built = fs_join(t->out, object);
	unlink(built);
	free(built);
	long from = log_size(t->log);
	enum allmod_result r = ALLMOD_OK;
	if (compile(ctx, t, object, "compile") != 0) {
		char *no_rule = log_line_with(t->log, from, "No rule to make target");
		*first_error = log_line_with(t->log, from, "error:");
		if (no_rule) {
			r = ALLMOD_NOT_BUILT;
		} else {
			/* Newer kbuild compiles a file of another architecture when asked by
			 * name; it fails there with or without the change. */
			char *stale = fs_join(t->out, object);
			unlink(stale);
			free(stale);
			bool unchanged_ok = link_from(unchanged, t->src, file) == 0 &&
					    compile(ctx, t, object, "compile unchanged") == 0;
			r = unchanged_ok ? ALLMOD_FAILED : ALLMOD_FAILS_ANYWAY;
			if (changed && link_from(changed, t->src, file) != 0)
				msg_warn("cannot link %s back from %s into %s", file, changed, t->src);
		}
		free(no_rule);
	}
	free(object);
	return r;
}

const char *allmod_result_text(enum allmod_result r)
{
	static const char *const text[] = {
		"ok",
		"not built on x86_64 allmodconfig",
		"does not build on x86_64 allmodconfig, unchanged either",
		"FAILED (builds without the change)",
	};
	return text[r];
}

int allmod_use_file(struct allmod_tree *t, const char *root, const char *file)
{
	return link_from(root, t->src, file);
}

void allmod_compile_all(const struct hb_ctx *ctx, struct allmod_tree *t, char *const *files,
			bool *made)
{
	size_t n = fs_list_len(files);
	const char **targets = calloc(n + 3, sizeof(char *));
	char **objects = calloc(n + 1, sizeof(char *));
	size_t n_targets = 0;
	targets[n_targets++] = CHECK_KCFLAGS;
	targets[n_targets++] = "-k"; /* one file that fails does not stop the others */
	for (size_t i = 0; i < n; i++) {
		objects[i] = strdup(files[i]);
		objects[i][strlen(objects[i]) - 1] = 'o';
		char *built = fs_join(t->out, objects[i]);
		unlink(built); /* so that its presence afterwards means this run made it */
		free(built);
		if (!allmod_other_arch(files[i]))
			targets[n_targets++] = objects[i];
	}
	if (n_targets > 2)
		kbuild_make(ctx, t->src, t->out, t->log, t->env, targets, "compile check");
	for (size_t i = 0; i < n; i++) {
		char *built = fs_join(t->out, objects[i]);
		made[i] = fs_exists(built);
		free(built);
		free(objects[i]);
	}
	free(objects);
	free(targets);
}
