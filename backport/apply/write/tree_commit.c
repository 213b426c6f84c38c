// SPDX-License-Identifier: GPL-2.0-only
#include "tree_commit.h"

#include "fsutil.h"
#include "msg.h"

#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/* A non-negative number from the environment variable NAME, or -1. */
static long env_number(const char *name)
{
	const char *v = getenv(name);
	char *end;
	if (!v || !*v)
		return -1;
	long n = strtol(v, &end, 10);
	return *end || n < 0 ? -1 : n;
}

static void pause_for_test(long done)
{
	fprintf(stderr, "backport: test hook: write paused after %ld rename%s "
		"(HB_TEST_WRITE_PAUSE_AFTER)\n", done, done == 1 ? "" : "s");
	fflush(stderr);
	raise(SIGSTOP);
}

static bool lexists(const char *path)
{
	struct stat st;
	return lstat(path, &st) == 0;
}

static bool same_inode(const char *a, const char *b)
{
	struct stat sa, sb;
	return lstat(a, &sa) == 0 && lstat(b, &sb) == 0 && sa.st_dev == sb.st_dev &&
	       sa.st_ino == sb.st_ino;
}

/* Does PATH hold the content of hash HASH? */
static bool holds(const char *path, uint64_t hash)
{
	bool present;
	uint64_t h;
	return tree_hash_file(path, &present, &h) == 0 && present && h == hash;
}

static int unlink_if_there(const char *path)
{
	return unlink(path) == 0 || errno == ENOENT ? 0 : -1;
}

int tree_commit_renames(const struct tree_journal *j, const char *tree, const bool *todo,
			char *err, size_t errlen)
{
	long pause_after = env_number("HB_TEST_WRITE_PAUSE_AFTER");
	long fail_at = env_number("HB_TEST_WRITE_FAIL_RENAME");
	sigset_t hold, old;
	sigemptyset(&hold);
	sigaddset(&hold, SIGINT);
	sigaddset(&hold, SIGTERM);
	sigaddset(&hold, SIGHUP);
	sigaddset(&hold, SIGQUIT);
	sigprocmask(SIG_BLOCK, &hold, &old);
	long done = 0;
	int rc = 0;
	for (size_t i = 0; i < j->n_entries && rc == 0; i++) {
		const struct journal_entry *e = &j->entries[i];
		if (todo && !todo[i])
			continue;
		if (done == pause_after)
			pause_for_test(done);
		char *target = fs_join(tree, e->file);
		char *staged = e->has_new ? fs_join(tree, e->staged) : NULL;
		if (fail_at > 0 && done + 1 == fail_at) {
			errno = EIO;
			rc = -1;
		} else {
			rc = staged ? rename(staged, target) : unlink_if_there(target);
		}
		if (rc != 0)
			msg_format(err, errlen, "%s: %s", e->file, strerror(errno));
		else
			done++;
		free(staged);
		free(target);
	}
	if (rc == 0 && done > 0 && done == pause_after)
		pause_for_test(done);
	sigprocmask(SIG_SETMASK, &old, NULL);
	return rc;
}

int tree_commit_cleanup(const struct tree_journal *j, const char *tree, char *err, size_t errlen)
{
	int rc = 0;
	for (size_t i = 0; i < j->n_entries; i++) {
		const char *names[] = { j->entries[i].staged, j->entries[i].backup };
		for (size_t k = 0; k < 2; k++) {
			if (!names[k])
				continue;
			char *path = fs_join(tree, names[k]);
			if (unlink_if_there(path) != 0 && rc == 0) {
				msg_format(err, errlen, "%s: %s", names[k], strerror(errno));
				rc = -1;
			}
			free(path);
		}
	}
	return rc;
}

/* One file of J back to its original. 1 when it gave it back, 0 when it was in place, -1
 * (ERR) when the file is in a state the journal does not explain or a step failed. */
static int roll_back_entry(const struct journal_entry *e, const char *tree, char *err,
			   size_t errlen)
{
	char *target = fs_join(tree, e->file);
	char *backup = e->backup ? fs_join(tree, e->backup) : NULL;
	int rc = 0;
	if (backup && lexists(backup)) {
		if (same_inode(target, backup)) {
			rc = 0; /* never replaced: the original is in place */
		} else if (!lexists(target) || (e->has_new && holds(target, e->new_hash))) {
			rc = rename(backup, target) == 0 ? 1 : -1;
			if (rc < 0)
				msg_format(err, errlen, "%s: %s", e->file, strerror(errno));
		} else {
			msg_format(err, errlen, "%s: neither the original nor the new content (changed "
				   "since the write?): left as it is; its original is %s", e->file,
				   e->backup);
			rc = -1;
		}
	} else if (e->had_old) {
		if (!holds(target, e->old_hash)) {
			msg_format(err, errlen, "%s: not the original, and no backup of it: left as "
				   "it is", e->file);
			rc = -1;
		}
	} else if (lexists(target)) {
		/* a file the write added */
		if (e->has_new && holds(target, e->new_hash)) {
			rc = unlink(target) == 0 ? 1 : -1;
			if (rc < 0)
				msg_format(err, errlen, "%s: %s", e->file, strerror(errno));
		} else {
			msg_format(err, errlen, "%s: not the content the write added (changed since "
				   "the write?): left as it is", e->file);
			rc = -1;
		}
	}
	if (rc >= 0 && e->staged) {
		char *staged = fs_join(tree, e->staged);
		if (unlink_if_there(staged) != 0) {
			msg_format(err, errlen, "%s: %s", e->staged, strerror(errno));
			rc = -1;
		}
		free(staged);
	}
	if (rc >= 0 && backup && unlink_if_there(backup) != 0) {
		msg_format(err, errlen, "%s: %s", e->backup, strerror(errno));
		rc = -1;
	}
	free(backup);
	free(target);
	return rc;
}

int tree_rollback(const struct tree_journal *j, const char *tree, char *err, size_t errlen)
{
	int restored = 0;
	bool failed = false;
	char one_err[4200];
	for (size_t i = j->n_entries; i-- > 0;) {
		int r = roll_back_entry(&j->entries[i], tree, one_err, sizeof(one_err));
		if (r > 0)
			restored++;
		if (r < 0 && !failed)
			msg_format(err, errlen, "%s", one_err);
		failed = failed || r < 0;
	}
	/* the folders the write created, deepest first; one that is not empty stays */
	for (size_t i = j->n_dirs; i-- > 0 && !failed;) {
		char *dir = fs_join(tree, j->dirs[i]);
		rmdir(dir);
		free(dir);
	}
	return failed ? -1 : restored;
}

/* Is TARGET, with its BACKUP (or NULL), still the original that E replaces? */
static bool still_original(const struct journal_entry *e, const char *target, const char *backup)
{
	if (!e->had_old)
		return !lexists(target);
	if (backup && lexists(backup))
		return same_inode(target, backup);
	return holds(target, e->old_hash);
}

int tree_resume(const struct tree_journal *j, const char *tree, char *err, size_t errlen)
{
	bool *todo = calloc(j->n_entries + 1, sizeof(bool));
	int count = 0, rc = 0;
	for (size_t i = 0; i < j->n_entries && rc == 0; i++) {
		const struct journal_entry *e = &j->entries[i];
		char *target = fs_join(tree, e->file);
		char *staged = e->staged ? fs_join(tree, e->staged) : NULL;
		char *backup = e->backup ? fs_join(tree, e->backup) : NULL;
		if (e->has_new && lexists(staged)) {
			todo[i] = holds(staged, e->new_hash) && still_original(e, target, backup);
			rc = todo[i] ? 0 : -1;
		} else if (e->has_new) {
			rc = holds(target, e->new_hash) ? 0 : -1; /* renamed already */
		} else if (lexists(target)) {
			todo[i] = still_original(e, target, backup);
			rc = todo[i] ? 0 : -1;
		}
		if (rc != 0)
			msg_format(err, errlen, "%s: neither the original with its new content staged "
				   "beside it, nor the new content (changed since the write?)", e->file);
		count += todo[i];
		free(backup);
		free(staged);
		free(target);
	}
	if (rc == 0)
		rc = tree_commit_renames(j, tree, todo, err, errlen);
	if (rc == 0)
		rc = tree_commit_cleanup(j, tree, err, errlen);
	free(todo);
	return rc == 0 ? count : -1;
}
