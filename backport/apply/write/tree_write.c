// SPDX-License-Identifier: GPL-2.0-only
#include "tree_write.h"

#include "fnv_hash.h"
#include "fsutil.h"
#include "msg.h"
#include "tree_commit.h"
#include "tree_journal.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

static char *beside(const char *file, const char *suffix)
{
	const char *slash = strrchr(file, '/');
	const char *base = slash ? slash + 1 : file;
	return xasprintf("%.*s.%s.%s", (int)(base - file), file, base, suffix);
}

char *tree_staged_name(const char *file)
{
	return beside(file, "hb-new");
}

char *tree_backup_name(const char *file)
{
	return beside(file, "hb-orig");
}

static bool lexists(const char *path)
{
	struct stat st;
	return lstat(path, &st) == 0;
}

/* Records in J each folder above FILE that TREE lacks, parents first, once. */
static void note_missing_dirs(struct tree_journal *j, const char *tree, const char *file)
{
	for (const char *slash = strchr(file, '/'); slash; slash = strchr(slash + 1, '/')) {
		char *dir = strndup(file, (size_t)(slash - file));
		char *path = fs_join(tree, dir);
		bool known = lexists(path);
		for (size_t i = 0; i < j->n_dirs && !known; i++)
			known = strcmp(j->dirs[i], dir) == 0;
		free(path);
		if (known) {
			free(dir);
			continue;
		}
		j->dirs = xrealloc(j->dirs, (j->n_dirs + 1) * sizeof(*j->dirs));
		j->dirs[j->n_dirs++] = dir;
	}
}

/* Why the target of C, whose content is PRESENT/HASH now, is not what the rules read, or
 * NULL when it is. */
static const char *edited(const struct tree_change *c, bool present, uint64_t hash)
{
	if (present && !c->was_there)
		return "created since apply read the tree: the user's file wins";
	if (!present && c->was_there)
		return "removed since apply read it: the user's change wins";
	if (present && hash != c->read_hash)
		return "changed since apply read it: the user's edit wins";
	return NULL;
}

/* Can a file in a sticky folder be replaced by us? (Others' files cannot, unless the folder
 * is ours.) 0, or -1 with errno EPERM. */
static int sticky_allows(const char *target)
{
	char *dir = strdup(target);
	*strrchr(dir, '/') = '\0';
	struct stat d, f;
	int rc = 0;
	if (stat(dir, &d) == 0 && (d.st_mode & S_ISVTX) && geteuid() != 0 &&
	    lstat(target, &f) == 0 && f.st_uid != geteuid() && d.st_uid != geteuid()) {
		errno = EPERM;
		rc = -1;
	}
	free(dir);
	return rc;
}

/* A dot-name of FILE that is there already (malloc'd), or NULL. */
static char *left_over(const char *tree, const char *file)
{
	char *names[] = { tree_staged_name(file), tree_backup_name(file) };
	char *found = NULL;
	for (size_t k = 0; k < 2; k++) {
		char *path = fs_join(tree, names[k]);
		if (!found && lexists(path))
			found = strdup(names[k]);
		free(path);
		free(names[k]);
	}
	return found;
}

/* The journal's entries for CHANGES: each target checked against what the rules read.
 * TREE_WRITTEN when all are fine, else TREE_REFUSED or TREE_UNCHANGED with ERR. */
static enum tree_write_result plan(struct tree_journal *j, const char *work, const char *tree,
				   const struct tree_change *changes, size_t n, char *err,
				   size_t errlen)
{
	j->entries = calloc(n + 1, sizeof(*j->entries));
	for (size_t i = 0; i < n; i++) {
		const struct tree_change *c = &changes[i];
		if (strpbrk(c->file, "\t\n")) {
			msg_format(err, errlen, "%s: a tab or a line break in a file name", c->file);
			return TREE_UNCHANGED;
		}
		char *target = fs_join(tree, c->file), *from = fs_join(work, c->file);
		bool present, has_new;
		uint64_t hash, new_hash;
		int rc = tree_hash_file(target, &present, &hash);
		const char *why = rc == 0 ? edited(c, present, hash) : NULL;
		if (rc == 0 && !why && present)
			rc = sticky_allows(target);
		if (rc == 0 && !why && tree_hash_file(from, &has_new, &new_hash) != 0) {
			msg_format(err, errlen, "%s: %s", from, strerror(errno));
			free(target);
			free(from);
			return TREE_UNCHANGED;
		}
		free(target);
		free(from);
		if (rc != 0 || why) {
			msg_format(err, errlen, "%s: %s", c->file, why ? why : strerror(errno));
			return why ? TREE_REFUSED : TREE_UNCHANGED;
		}
		if (!present && !has_new)
			continue; /* neither before nor after: nothing to write */
		char *left = left_over(tree, c->file);
		if (left) {
			msg_format(err, errlen, "%s: %s is there already (left by an earlier write?): "
				   "remove it", c->file, left);
			free(left);
			return TREE_UNCHANGED;
		}
		struct journal_entry *e = &j->entries[j->n_entries++];
		e->file = strdup(c->file);
		e->had_old = present;
		e->old_hash = hash;
		e->has_new = has_new;
		e->new_hash = new_hash;
		e->staged = has_new ? tree_staged_name(c->file) : NULL;
		e->backup = present ? tree_backup_name(c->file) : NULL;
		if (has_new)
			note_missing_dirs(j, tree, c->file);
	}
	return TREE_WRITTEN;
}

/* The Nth staged write fails when HB_TEST_WRITE_FAIL_STAGE=N (a full disk, for tests). */
static bool test_stage_fails(size_t index)
{
	const char *v = getenv("HB_TEST_WRITE_FAIL_STAGE");
	return v && *v && strtoul(v, NULL, 10) == index + 1;
}

/* Writes FROM's content and mode to the new file STAGED, on disk before it returns.
 * 0, or -1 with errno. */
static int stage_file(const char *from, const char *staged, uint64_t want_hash, size_t index)
{
	struct stat st;
	size_t len = 0;
	char *text = stat(from, &st) == 0 ? fs_read_file(from, &len) : NULL;
	if (!text)
		return -1;
	if (fnv1a_hash(text, len) != want_hash) {
		free(text);
		errno = ESTALE; /* the work tree changed under us */
		return -1;
	}
	int fd = open(staged, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0600);
	if (fd < 0) {
		free(text);
		return -1;
	}
	int rc = 0;
	for (size_t done = 0; rc == 0 && done < len;) {
		ssize_t w = write(fd, text + done, len - done);
		if (w > 0) {
			done += (size_t)w;
		} else if (w == 0) {
			errno = EIO;
			rc = -1;
		} else if (errno != EINTR) {
			rc = -1;
		}
	}
	if (rc == 0 && (fchmod(fd, st.st_mode & 07777) != 0 || fsync(fd) != 0))
		rc = -1;
	if (rc == 0 && test_stage_fails(index)) {
		errno = ENOSPC;
		rc = -1;
	}
	int saved = errno;
	if (close(fd) != 0 && rc == 0) {
		saved = errno;
		rc = -1;
	}
	if (rc != 0)
		unlink(staged);
	free(text);
	errno = saved;
	return rc;
}

/* Makes the folders, the staged files and the backups of J in TREE. 0, or -1 with ERR. */
static int stage(const struct tree_journal *j, const char *work, const char *tree, char *err,
		 size_t errlen)
{
	for (size_t i = 0; i < j->n_dirs; i++) {
		char *dir = fs_join(tree, j->dirs[i]);
		int rc = mkdir(dir, 0755);
		free(dir);
		if (rc != 0) {
			msg_format(err, errlen, "%s: %s", j->dirs[i], strerror(errno));
			return -1;
		}
	}
	for (size_t i = 0; i < j->n_entries; i++) {
		const struct journal_entry *e = &j->entries[i];
		char *target = fs_join(tree, e->file);
		char *from = fs_join(work, e->file);
		char *staged = e->staged ? fs_join(tree, e->staged) : NULL;
		char *backup = e->backup ? fs_join(tree, e->backup) : NULL;
		int rc = staged ? stage_file(from, staged, e->new_hash, i) : 0;
		if (rc == 0 && backup)
			rc = link(target, backup);
		const char *why = rc == 0 ? NULL : strerror(errno);
		if (rc == 0 && backup) {
			/* the original as linked now must still be what the rules read */
			bool present;
			uint64_t hash;
			if (tree_hash_file(backup, &present, &hash) != 0 || hash != e->old_hash) {
				why = "changed since apply read it: the user's edit wins";
				rc = -1;
			}
		}
		if (rc != 0)
			msg_format(err, errlen, "%s: %s", e->file, why);
		free(backup);
		free(staged);
		free(from);
		free(target);
		if (rc != 0)
			return -1;
	}
	return 0;
}

/* After a failure: J rolled back in TREE and its journal removed; TREE_BROKEN when that
 * failed (then ERR gets what failed in the rollback too). */
static enum tree_write_result undo(const struct tree_journal *j, const char *tree,
				   const char *journal_path, enum tree_write_result result,
				   char *err, size_t errlen)
{
	char undo_err[4200];
	if (tree_rollback(j, tree, undo_err, sizeof(undo_err)) < 0) {
		size_t used = strlen(err);
		msg_format(err + used, errlen - used, "; then, putting the originals back: %s",
			   undo_err);
		return TREE_BROKEN;
	}
	unlink(journal_path);
	return result;
}

enum tree_write_result tree_write(const char *work, const char *tree,
				  const struct tree_change *changes, size_t n,
				  const char *journal_path, char *err, size_t errlen)
{
	struct tree_journal j = { .tree = strdup(tree) };
	enum tree_write_result result = plan(&j, work, tree, changes, n, err, errlen);
	if (result != TREE_WRITTEN)
		goto out;
	if (tree_journal_write(journal_path, &j) != 0) {
		msg_format(err, errlen, "%s: %s", journal_path, strerror(errno));
		result = TREE_UNCHANGED;
		goto out;
	}
	if (stage(&j, work, tree, err, errlen) != 0) {
		result = undo(&j, tree, journal_path,
			      strstr(err, "the user's edit wins") ? TREE_REFUSED : TREE_UNCHANGED, err,
			      errlen);
		goto out;
	}
	j.committed = true;
	if (tree_journal_write(journal_path, &j) != 0) {
		msg_format(err, errlen, "%s: %s", journal_path, strerror(errno));
		result = undo(&j, tree, journal_path, TREE_UNCHANGED, err, errlen);
		goto out;
	}
	if (tree_commit_renames(&j, tree, NULL, err, errlen) != 0) {
		result = undo(&j, tree, journal_path, TREE_RESTORED, err, errlen);
		goto out;
	}
	char cleanup_err[4200];
	if (tree_commit_cleanup(&j, tree, cleanup_err, sizeof(cleanup_err)) != 0) {
		/* written, but a backup is left: --resume removes it */
		msg_format(err, errlen, "every file is in place, but %s", cleanup_err);
		result = TREE_BROKEN;
	} else {
		unlink(journal_path);
	}
out:
	tree_journal_free(&j);
	return result;
}
