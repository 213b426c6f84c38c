// SPDX-License-Identifier: GPL-2.0-only
#include "compile_check.h"

#include "allmod_tree.h"
#include "apply.h"
#include "exitcodes.h"
#include "feature_table.h"
#include "fetch.h"
#include "fsutil.h"
#include "kbuild_make.h"
#include "lock.h"
#include "msg.h"
#include "worktree.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>


char **compile_check_files(const char *series_dir, unsigned mask)
{
	char **out = calloc(1, sizeof(char *));
	size_t n = 0;
	for (size_t i = 0; i < features_count; i++) {
		if (!(mask & (1u << i)))
			continue;
		/* the feature's patch, and its split's (a fix of another subsystem) */
		for (int index = 1; index < 200; index++) {
			char *name = index % 2 ? xasprintf("%s/%04d-%s.patch", series_dir,
							   (index + 1) / 2, features[i].name)
				     : features[i].split
					     ? xasprintf("%s/%04d-%s-%s.patch", series_dir, index / 2,
							 features[i].name, features[i].split->suffix)
					     : NULL;
			char *text = name ? fs_read_file(name, NULL) : NULL;
			free(name);
			if (!text)
				continue;
			char **files = worktree_diff_files(text);
			for (char **f = files; *f; f++) {
				if (fs_is_c_file(*f)) {
					fs_list_add(&out, &n, *f);
				} else {
					free(*f);
				}
			}
			free(files);
			free(text);
		}
	}
	return out;
}

static int check_files(const struct hb_ctx *ctx, char **files, const char *pristine,
		       const char *patched, struct allmod_tree *t)
{
	int ok = 0, failed = 0, skipped = 0;
	for (char **f = files; *f; f++) {
		char *error;
		enum allmod_result r = allmod_compile(ctx, t, *f, pristine, patched, &error);
		ok += r == ALLMOD_OK;
		failed += r == ALLMOD_FAILED;
		skipped += r == ALLMOD_NOT_BUILT || r == ALLMOD_FAILS_ANYWAY;
		msg_info("%-60s %s", *f, allmod_result_text(r));
		if (r == ALLMOD_FAILED && error)
			msg_info("%-60s   %s", "", error);
		free(error);
	}
	msg_info("compile-check: %d compiled, %d failed, %d not built here (log: %s)", ok, failed,
		 skipped, t->log);
	return failed ? HB_EXIT_FAILED : HB_EXIT_OK;
}

int compile_check_kernel(struct hb_ctx *ctx, const struct kernel_entry *e, unsigned mask)
{
	char *patched = xasprintf("%s/work/%s/patched", ctx->cache, e->name);
	char *series_dir = apply_series_dir(ctx, e);
	char *dir = xasprintf("%s/build/%s/allmod", ctx->cache, e->name);
	char *log = fs_join(dir, "compile-check.log");
	struct allmod_tree t;
	allmod_tree_init(&t, dir, log);
	char **files = compile_check_files(series_dir, mask);
	int rc = HB_EXIT_OK;
	if (!fs_is_dir(patched)) {
		msg_error("no patched tree %s: run backport apply %s first", patched, e->name);
		rc = HB_EXIT_USAGE;
	} else if (!files[0]) {
		msg_info("compile-check %s: the series in %s changes no .c file", e->name, series_dir);
	} else {
		int lock = kbuild_lock(ctx, e);
		int count = 0;
		for (char **f = files; *f; f++)
			count++;
		msg_stage("compile-check %s: %d file(s) of %s", e->name, count, series_dir);
		fs_mkdir_p(dir, 0755);
		fs_write_file_atomic(log, "", 0);
		struct fetch_record rec;
		rc = fetch_record_read(ctx, e->name, &rec) == 0 ? HB_EXIT_OK : HB_EXIT_USAGE;
		if (rc != HB_EXIT_OK)
			msg_error("no pristine tree recorded for %s: run backport fetch %s first",
				  e->name, e->name);
		if (rc == HB_EXIT_OK)
			rc = allmod_prepare(ctx, &t, patched);
		if (rc == HB_EXIT_OK)
			rc = check_files(ctx, files, rec.tree, patched, &t);
		lock_release(lock);
	}
	for (char **f = files; *f; f++)
		free(*f);
	free(files);
	allmod_tree_free(&t);
	free(log);
	free(dir);
	free(series_dir);
	free(patched);
	return rc;
}
