// SPDX-License-Identifier: GPL-2.0-only
#include "apply_path_write.h"

#include "exitcodes.h"
#include "feature_table.h"
#include "fnv_hash.h"
#include "fsutil.h"
#include "lock.h"
#include "msg.h"
#include "spatch_run.h"
#include "tree_commit.h"
#include "tree_journal.h"
#include "tree_origin.h"
#include "tree_write.h"

#include <errno.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

char *apply_path_id(const char *real)
{
	char *id = xasprintf("path%s", real);
	bool renamed = false;
	for (char *c = id + 4; *c; c++) {
		if (*c == '/') {
			*c = '_';
		} else if (!spatch_path_safe((char[]){ *c, 0 })) {
			*c = '_';
			renamed = true;
		}
	}
	if (!renamed)
		return id;
	/* two trees whose paths differ only in such bytes keep apart */
	char *unique = xasprintf("%s-%016llx", id,
				 (unsigned long long)fnv1a_hash(real, strlen(real)));
	free(id);
	return unique;
}

char *apply_journal_path(const struct hb_ctx *ctx, const char *real)
{
	char *id = apply_path_id(real);
	char *path = xasprintf("%s/work/%s/write.journal", ctx->cache, id);
	free(id);
	return path;
}

int apply_refuse_interrupted(const struct hb_ctx *ctx, const char *real)
{
	char *journal = apply_journal_path(ctx, real);
	bool there = fs_exists(journal);
	if (there) {
		msg_error("the last write into %s was interrupted (journal: %s): the tree may be "
			  "half-written", real, journal);
		msg_error("run `backport apply %s --rollback` to put every original back, or "
			  "`backport apply %s --resume` to finish the write; nothing else is done "
			  "to this tree until then", real, real);
	}
	free(journal);
	return there ? HB_EXIT_USAGE : HB_EXIT_OK;
}

int apply_path_write(const struct hb_ctx *ctx, const char *work, const char *real, char **files,
		     const struct feature_result *results, unsigned mask, const char *scratch,
		     const char *log)
{
	size_t n = fs_list_len(files), n_diffs = 0;
	char **diffs = calloc(features_count + 1, sizeof(char *));
	for (size_t i = 0; i < features_count; i++)
		if ((mask & (1u << i)) && results[i].diff)
			diffs[n_diffs++] = results[i].diff;
	struct tree_change *changes = calloc(n + 1, sizeof(*changes));
	int rc = HB_EXIT_OK;
	if (tree_origin(work, files, diffs, n_diffs, scratch, log, changes) != 0) {
		msg_error("cannot tell what the rules read in %s: reversing their diffs failed "
			  "(log: %s); nothing was written", real, log);
		rc = HB_EXIT_ENV;
		goto out;
	}
	char *journal = apply_journal_path(ctx, real);
	char err[8400];
	switch (tree_write(work, real, changes, n, journal, err, sizeof(err))) {
	case TREE_WRITTEN:
		break;
	case TREE_REFUSED:
		msg_error("refusing to write into %s: %s", real, err);
		msg_error("nothing was written; run apply again to patch the tree as it is now");
		rc = HB_EXIT_USAGE;
		break;
	case TREE_UNCHANGED:
		msg_error("cannot write the changed files into %s: %s", real, err);
		msg_error("nothing was written: the tree is as it was");
		rc = HB_EXIT_ENV;
		break;
	case TREE_RESTORED:
		msg_error("cannot write the changed files into %s: %s", real, err);
		msg_error("the files already replaced were put back: the tree is as it was");
		rc = HB_EXIT_ENV;
		break;
	case TREE_BROKEN:
		msg_error("the write into %s did not finish: %s", real, err);
		msg_error("its journal %s says what replaces what: run `backport apply %s "
			  "--rollback` to put every original back, or `--resume` to finish it",
			  journal, real);
		rc = HB_EXIT_ENV;
		break;
	}
	free(journal);
out:
	free(changes);
	free(diffs);
	return rc;
}

/* The journal of the tree at PATH, read into J, with the tree's real path in REAL.
 * HB_EXIT_OK; -1 when there is none (nothing to do); or an hb_exit code after saying why. */
static int read_journal(const struct hb_ctx *ctx, const char *path, char *real,
			struct tree_journal *j, char **journal)
{
	if (!realpath(path, real)) {
		msg_error("%s: %s", path, strerror(errno));
		return HB_EXIT_USAGE;
	}
	*journal = apply_journal_path(ctx, real);
	char err[4200];
	int r = tree_journal_read(*journal, j, err, sizeof(err));
	if (r < 0) {
		msg_error("%s", err);
		return HB_EXIT_ENV;
	}
	if (r > 0)
		return -1;
	if (strcmp(j->tree, real) != 0) {
		msg_error("%s is the journal of %s, not of %s", *journal, j->tree, real);
		tree_journal_free(j);
		return HB_EXIT_USAGE;
	}
	return HB_EXIT_OK;
}

int apply_path_recover(const struct hb_ctx *ctx, const char *path, bool resume)
{
	char real[PATH_MAX], err[8400];
	struct tree_journal j;
	char *journal = NULL, *id = NULL;
	int lock = -1;
	if (realpath(path, real)) {
		id = apply_path_id(real);
		lock = lock_acquire(ctx->cache, id);
	}
	int rc = read_journal(ctx, path, real, &j, &journal);
	if (rc < 0) {
		msg_info("nothing to do: no interrupted write into %s", real);
		rc = HB_EXIT_OK;
	} else if (rc == HB_EXIT_OK) {
		msg_stage("%s the interrupted write into %s (journal %s)",
			  resume ? "resume" : "roll back", real, journal);
		int count = resume && j.committed ? tree_resume(&j, real, err, sizeof(err))
						  : tree_rollback(&j, real, err, sizeof(err));
		if (count < 0) {
			msg_error("cannot %s: %s", resume ? "finish the write" : "put every original "
				  "back", err);
			msg_error("the journal %s stays; set that file right, then run this again%s",
				  journal, resume ? " (or --rollback)" : "");
			rc = HB_EXIT_ENV;
		} else {
			unlink(journal);
			if (resume && !j.committed)
				msg_info("the write was interrupted before it replaced any file: the tree "
					 "is as it was (staged files removed); run `backport apply %s` "
					 "again", real);
			else if (resume)
				msg_info("put %d file%s in place: all %zu files of the write are in %s",
					 count, count == 1 ? "" : "s", j.n_entries, real);
			else
				msg_info("put %d original%s back: %s is as it was before the write",
					 count, count == 1 ? "" : "s", real);
		}
		tree_journal_free(&j);
	}
	lock_release(lock);
	free(journal);
	free(id);
	return rc;
}
