// SPDX-License-Identifier: GPL-2.0-only
/* Unit tests: apply PATH's write into the user's tree, all or nothing (tree_write.h), its
 * journal, and rollback and resume after a kill (tree_commit.h), on small trees in /tmp. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "test_files.h"

#include "fnv_hash.h"
#include "fsutil.h"
#include "tree_commit.h"
#include "tree_journal.h"
#include "tree_origin.h"
#include "tree_write.h"
#include "worktree.h"

#include <errno.h>
#include <fcntl.h>
#include <ftw.h>
#include <linux/fs.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

/* A scratch folder with a user's tree (TREE), the rules' work copy (WORK) and the journal's
 * place (JOURNAL), and the changes from the one to the other. */
struct fixture {
	char root[64];
	char *tree, *work, *journal;
	struct tree_change changes[8];
	size_t n;
};

/* FILE changes from OLD (NULL: a rule adds it) in the tree to NEW (NULL: a rule removes it). */
static void change(struct fixture *fx, const char *file, const char *old, const char *new)
{
	if (old)
		put(fx->tree, file, old);
	if (new)
		put(fx->work, file, new);
	fx->changes[fx->n++] = (struct tree_change){
		.file = file, .was_there = old != NULL,
		.read_hash = old ? fnv1a_hash(old, strlen(old)) : 0,
	};
}

static struct fixture *fixture_new(void)
{
	struct fixture *fx = calloc(1, sizeof(*fx));
	strcpy(fx->root, "/tmp/hb-test-tree-write-XXXXXX");
	assert_non_null(mkdtemp(fx->root));
	fx->tree = fs_join(fx->root, "tree");
	fx->work = fs_join(fx->root, "work");
	fx->journal = xasprintf("%s/cache/write.journal", fx->root);
	put(fx->tree, "Makefile", "VERSION = 6\n");
	put(fx->work, "Makefile", "VERSION = 6\n");
	return fx;
}

static void fixture_free(struct fixture *fx)
{
	fs_remove_tree(fx->root);
	free(fx->tree);
	free(fx->work);
	free(fx->journal);
	free(fx);
}

/* Three files in three folders, each changed by the rules. */
static struct fixture *three_changes(void)
{
	struct fixture *fx = fixture_new();
	change(fx, "a/one.c", "int one;\n", "const int one;\n");
	change(fx, "b/two.c", "int two;\n", "const int two;\n");
	change(fx, "c/three.c", "int three;\n", "const int three;\n");
	return fx;
}

/* The snapshot: every entry under a tree with its type, mode and content hash, one a line. */
static char *snap_text;
static size_t snap_skip;

static int snap_entry(const char *path, const struct stat *st, int type, struct FTW *ftw)
{
	(void)ftw;
	uint64_t hash = 0;
	if (type == FTW_F) {
		size_t len = 0;
		char *text = fs_read_file(path, &len);
		hash = text ? fnv1a_hash(text, len) : 1;
		free(text);
	}
	char *more = xasprintf("%s%s %c %o %016llx\n", snap_text, path + snap_skip,
			       type == FTW_D ? 'd' : 'f', (unsigned)(st->st_mode & 07777),
			       (unsigned long long)hash);
	free(snap_text);
	snap_text = more;
	return 0;
}

static char *snapshot(const char *dir)
{
	snap_text = strdup("");
	snap_skip = strlen(dir);
	assert_int_equal(nftw(dir, snap_entry, 16, FTW_PHYS), 0);
	/* nftw's order is the folders' order, which a rename may change: sort the lines */
	char *sorted = NULL;
	size_t size = 0;
	FILE *out = open_memstream(&sorted, &size);
	size_t n = 0;
	char **lines = NULL;
	for (char *save = NULL, *l = strtok_r(snap_text, "\n", &save); l;
	     l = strtok_r(NULL, "\n", &save)) {
		lines = realloc(lines, (n + 1) * sizeof(char *));
		lines[n++] = l;
	}
	for (size_t i = 0; i < n; i++)
		for (size_t k = i + 1; k < n; k++)
			if (strcmp(lines[k], lines[i]) < 0) {
				char *t = lines[i];
				lines[i] = lines[k];
				lines[k] = t;
			}
	for (size_t i = 0; i < n; i++)
		fprintf(out, "%s\n", lines[i]);
	fclose(out);
	free(lines);
	free(snap_text);
	return sorted;
}

static int set_inode_flag(const char *path, int flag, bool on)
{
	int fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK);
	int flags = 0, rc = -1;
	if (fd >= 0 && ioctl(fd, FS_IOC_GETFLAGS, &flags) == 0) {
		flags = on ? flags | flag : flags & ~flag;
		rc = ioctl(fd, FS_IOC_SETFLAGS, &flags);
	}
	if (fd >= 0)
		close(fd);
	return rc;
}

/* Makes the folder DIR unwritable for real where this can (immutable; as a user without the
 * capability, mode 0555), else through the test hook that fails the Nth staged write.
 * Returns the errno the write will report. */
static int make_unwritable(const char *dir, size_t nth)
{
	if (set_inode_flag(dir, FS_IMMUTABLE_FL, true) == 0)
		return EPERM;
	if (geteuid() != 0 && chmod(dir, 0555) == 0)
		return EACCES;
	char number[16];
	snprintf(number, sizeof(number), "%zu", nth);
	setenv("HB_TEST_WRITE_FAIL_STAGE", number, 1);
	return ENOSPC;
}

static void make_writable(const char *dir)
{
	set_inode_flag(dir, FS_IMMUTABLE_FL, false);
	chmod(dir, 0755);
	unsetenv("HB_TEST_WRITE_FAIL_STAGE");
}

static void writes_changed_added_and_removed_files(void **state)
{
	(void)state;
	struct fixture *fx = three_changes();
	change(fx, "new/dir/added.c", NULL, "int added;\n");
	change(fx, "gone.c", "int gone;\n", NULL);
	put(fx->tree, "b/untouched.c", "int untouched;\n");
	put(fx->work, "b/untouched.c", "int untouched;\n");
	char *script = fs_join(fx->work, "a/one.c");
	chmod(script, 0750); /* the work file's mode goes along */
	char err[512] = "";
	assert_int_equal(tree_write(fx->work, fx->tree, fx->changes, fx->n, fx->journal, err,
				    sizeof(err)), TREE_WRITTEN);
	char *got = snapshot(fx->tree), *want = snapshot(fx->work);
	assert_string_equal(got, want); /* no staged file, backup or folder left */
	assert_false(fs_exists(fx->journal));
	free(got);
	free(want);
	free(script);
	fixture_free(fx);
}

static void unwritable_folder_partway_leaves_the_tree_as_it_was(void **state)
{
	(void)state;
	struct fixture *fx = three_changes();
	char *b = fs_join(fx->tree, "b");
	int want_errno = make_unwritable(b, 2);
	char *before = snapshot(fx->tree);
	char err[512] = "", want[256];
	enum tree_write_result r = tree_write(fx->work, fx->tree, fx->changes, fx->n, fx->journal,
					      err, sizeof(err));
	char *after = snapshot(fx->tree);
	make_writable(b);
	assert_int_equal(r, TREE_UNCHANGED);
	snprintf(want, sizeof(want), "b/two.c: %s", strerror(want_errno));
	assert_string_equal(err, want);
	assert_string_equal(after, before); /* a/one.c's staged file and backup are gone too */
	assert_false(fs_exists(fx->journal));
	free(after);
	free(before);
	free(b);
	fixture_free(fx);
}

static void immutable_file_is_refused_before_any_rename(void **state)
{
	(void)state;
	struct fixture *fx = three_changes();
	char *three = fs_join(fx->tree, "c/three.c");
	char *before = snapshot(fx->tree);
	if (set_inode_flag(three, FS_IMMUTABLE_FL, true) != 0) {
		free(before);
		free(three);
		fixture_free(fx);
		skip(); /* no FS_IMMUTABLE_FL here (file system, or no CAP_LINUX_IMMUTABLE) */
	}
	char err[512] = "";
	enum tree_write_result r = tree_write(fx->work, fx->tree, fx->changes, fx->n, fx->journal,
					      err, sizeof(err));
	char *after = snapshot(fx->tree);
	set_inode_flag(three, FS_IMMUTABLE_FL, false);
	assert_int_equal(r, TREE_UNCHANGED);
	assert_string_equal(err, "c/three.c: Operation not permitted");
	assert_string_equal(after, before);
	free(after);
	free(before);
	free(three);
	fixture_free(fx);
}

static void edited_file_wins_and_nothing_is_written(void **state)
{
	(void)state;
	struct fixture *fx = three_changes();
	put(fx->tree, "b/two.c", "int two; /* the user's edit */\n");
	char *before = snapshot(fx->tree);
	char err[512] = "";
	assert_int_equal(tree_write(fx->work, fx->tree, fx->changes, fx->n, fx->journal, err,
				    sizeof(err)), TREE_REFUSED);
	assert_string_equal(err, "b/two.c: changed since apply read it: the user's edit wins");
	char *after = snapshot(fx->tree);
	assert_string_equal(after, before);
	char *two = fs_join(fx->tree, "b/two.c");
	char *text = fs_read_file(two, NULL);
	assert_string_equal(text, "int two; /* the user's edit */\n");
	assert_false(fs_exists(fx->journal));
	free(text);
	free(two);
	free(after);
	free(before);
	fixture_free(fx);
}

static void created_file_wins(void **state)
{
	(void)state;
	struct fixture *fx = three_changes();
	change(fx, "d/added.c", NULL, "int added;\n");
	put(fx->tree, "d/added.c", "int mine;\n");
	char err[512] = "";
	assert_int_equal(tree_write(fx->work, fx->tree, fx->changes, fx->n, fx->journal, err,
				    sizeof(err)), TREE_REFUSED);
	assert_string_equal(err, "d/added.c: created since apply read the tree: the user's "
				 "file wins");
	fixture_free(fx);
}

static void failed_rename_puts_the_originals_back(void **state)
{
	(void)state;
	struct fixture *fx = three_changes();
	change(fx, "d/added.c", NULL, "int added;\n");
	char *one = fs_join(fx->tree, "a/one.c");
	struct stat st_before, st_after;
	assert_int_equal(stat(one, &st_before), 0);
	char *before = snapshot(fx->tree);
	setenv("HB_TEST_WRITE_FAIL_RENAME", "3", 1);
	char err[512] = "";
	enum tree_write_result r = tree_write(fx->work, fx->tree, fx->changes, fx->n, fx->journal,
					      err, sizeof(err));
	unsetenv("HB_TEST_WRITE_FAIL_RENAME");
	assert_int_equal(r, TREE_RESTORED);
	assert_string_equal(err, "c/three.c: Input/output error");
	char *after = snapshot(fx->tree);
	assert_string_equal(after, before);
	assert_int_equal(stat(one, &st_after), 0);
	assert_int_equal(st_after.st_ino, st_before.st_ino); /* the original itself is back */
	assert_false(fs_exists(fx->journal));
	free(after);
	free(before);
	free(one);
	fixture_free(fx);
}

/* Runs tree_write in a child that the pause hook stops after PAUSE_AFTER renames, and kills
 * it there with SIGKILL. */
static void write_killed_after(struct fixture *fx, const char *pause_after)
{
	pid_t pid = fork();
	assert_true(pid >= 0);
	if (pid == 0) {
		char err[512];
		setenv("HB_TEST_WRITE_PAUSE_AFTER", pause_after, 1);
		int devnull = open("/dev/null", O_WRONLY);
		dup2(devnull, 2);
		tree_write(fx->work, fx->tree, fx->changes, fx->n, fx->journal, err, sizeof(err));
		_exit(0);
	}
	int status;
	assert_int_equal(waitpid(pid, &status, WUNTRACED), pid);
	assert_true(WIFSTOPPED(status));
	kill(pid, SIGKILL);
	assert_int_equal(waitpid(pid, &status, 0), pid);
	assert_true(WIFSIGNALED(status));
}

static void killed_write_rolls_back_and_resumes(void **state)
{
	(void)state;
	struct fixture *fx = three_changes();
	change(fx, "d/added.c", NULL, "int added;\n");
	change(fx, "gone.c", "int gone;\n", NULL);
	char *before = snapshot(fx->tree), *patched = snapshot(fx->work);
	char err[512] = "";
	struct tree_journal j;

	write_killed_after(fx, "2");
	char *halfway = snapshot(fx->tree);
	assert_string_not_equal(halfway, before);
	assert_int_equal(tree_journal_read(fx->journal, &j, err, sizeof(err)), 0);
	assert_true(j.committed);
	assert_int_equal(j.n_entries, 5);
	assert_int_equal(tree_rollback(&j, fx->tree, err, sizeof(err)), 2);
	char *rolled = snapshot(fx->tree);
	assert_string_equal(rolled, before);
	assert_int_equal(tree_rollback(&j, fx->tree, err, sizeof(err)), 0); /* twice: no-op */
	free(rolled);
	rolled = snapshot(fx->tree);
	assert_string_equal(rolled, before);
	tree_journal_free(&j);
	unlink(fx->journal);

	write_killed_after(fx, "3");
	assert_int_equal(tree_journal_read(fx->journal, &j, err, sizeof(err)), 0);
	assert_int_equal(tree_resume(&j, fx->tree, err, sizeof(err)), 2);
	char *resumed = snapshot(fx->tree);
	assert_string_equal(resumed, patched);
	assert_int_equal(tree_resume(&j, fx->tree, err, sizeof(err)), 0); /* twice: no-op */
	free(resumed);
	resumed = snapshot(fx->tree);
	assert_string_equal(resumed, patched);
	tree_journal_free(&j);

	free(resumed);
	free(rolled);
	free(halfway);
	free(patched);
	free(before);
	fixture_free(fx);
}

static void resume_refuses_a_file_changed_after_the_kill(void **state)
{
	(void)state;
	struct fixture *fx = three_changes();
	char err[512] = "";
	struct tree_journal j;
	write_killed_after(fx, "1");
	put(fx->tree, "b/two.c", "int two; /* edited meanwhile */\n");
	char *before = snapshot(fx->tree);
	assert_int_equal(tree_journal_read(fx->journal, &j, err, sizeof(err)), 0);
	assert_int_equal(tree_resume(&j, fx->tree, err, sizeof(err)), -1);
	assert_non_null(strstr(err, "b/two.c: "));
	char *after = snapshot(fx->tree);
	assert_string_equal(after, before); /* nothing done */
	tree_journal_free(&j);
	free(after);
	free(before);
	fixture_free(fx);
}

static void journal_round_trip(void **state)
{
	(void)state;
	struct fixture *fx = fixture_new();
	struct journal_entry entries[] = {
		{ "a b/c.c", true, 0x0123456789abcdefull, true, 42, "a b/.c.c.hb-new",
		  "a b/.c.c.hb-orig" },
		{ "added.c", false, 0, true, 7, ".added.c.hb-new", NULL },
		{ "gone.c", true, 9, false, 0, NULL, ".gone.c.hb-orig" },
	};
	char *dirs[] = { "x", "x/y" };
	struct tree_journal j = { .tree = "/t r", .committed = true, .dirs = dirs, .n_dirs = 2,
				  .entries = entries, .n_entries = 3 };
	assert_int_equal(tree_journal_write(fx->journal, &j), 0);
	struct tree_journal back;
	char err[256] = "";
	assert_int_equal(tree_journal_read(fx->journal, &back, err, sizeof(err)), 0);
	assert_string_equal(back.tree, "/t r");
	assert_true(back.committed);
	assert_int_equal(back.n_dirs, 2);
	assert_string_equal(back.dirs[1], "x/y");
	assert_int_equal(back.n_entries, 3);
	for (size_t i = 0; i < 3; i++) {
		assert_string_equal(back.entries[i].file, entries[i].file);
		assert_int_equal(back.entries[i].had_old, entries[i].had_old);
		assert_int_equal(back.entries[i].has_new, entries[i].has_new);
		assert_true(back.entries[i].old_hash == entries[i].old_hash);
		assert_true(back.entries[i].new_hash == entries[i].new_hash);
		assert_int_equal(back.entries[i].staged == NULL, entries[i].staged == NULL);
		assert_int_equal(back.entries[i].backup == NULL, entries[i].backup == NULL);
	}
	tree_journal_free(&back);
	put(fx->root, "cache/bad.journal", "hardening-backport write journal 1\nfile 1 2\n");
	char *bad = xasprintf("%s/cache/bad.journal", fx->root);
	assert_int_equal(tree_journal_read(bad, &back, err, sizeof(err)), -1);
	assert_non_null(strstr(err, "not a write journal"));
	char *none = xasprintf("%s/cache/none.journal", fx->root);
	assert_int_equal(tree_journal_read(none, &back, err, sizeof(err)), 1);
	free(none);
	free(bad);
	fixture_free(fx);
}

/* What the rules read: two diffs applied one after the other, reversed. */
static void origin_reverses_the_diffs(void **state)
{
	(void)state;
	struct fixture *fx = fixture_new();
	const char *v0 = "a\nb\nc\n", *v1 = "a\nB\nc\n", *v2 = "a\nB\nC\n";
	put(fx->work, "k/f.c", v2);
	put(fx->work, "k/other.c", "x\n");
	char *d1 = worktree_text_diff("k/f.c", v0, v1), *d2 = worktree_text_diff("k/f.c", v1, v2);
	char *d3 = worktree_text_diff("k/other.c", "y\n", "x\n");
	char *both = xasprintf("%s%s", d2, d3);
	char *files[] = { "k/f.c", "k/other.c", NULL }, *diffs[] = { d1, both };
	struct tree_change changes[2];
	char *scratch = fs_join(fx->root, "read"), *log = fs_join(fx->root, "log");
	assert_int_equal(tree_origin(fx->work, files, diffs, 2, scratch, log, changes), 0);
	assert_true(changes[0].was_there);
	assert_true(changes[0].read_hash == fnv1a_hash(v0, strlen(v0)));
	assert_true(changes[1].read_hash == fnv1a_hash("y\n", 2));
	assert_false(fs_exists(scratch));
	char *work_file = fs_join(fx->work, "k/f.c"), *text = fs_read_file(work_file, NULL);
	assert_string_equal(text, v2); /* the work tree is left alone */
	free(text);
	free(work_file);
	free(log);
	free(scratch);
	free(both);
	free(d3);
	free(d2);
	free(d1);
	fixture_free(fx);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(writes_changed_added_and_removed_files),
		cmocka_unit_test(unwritable_folder_partway_leaves_the_tree_as_it_was),
		cmocka_unit_test(immutable_file_is_refused_before_any_rename),
		cmocka_unit_test(edited_file_wins_and_nothing_is_written),
		cmocka_unit_test(created_file_wins),
		cmocka_unit_test(failed_rename_puts_the_originals_back),
		cmocka_unit_test(killed_write_rolls_back_and_resumes),
		cmocka_unit_test(resume_refuses_a_file_changed_after_the_kill),
		cmocka_unit_test(journal_round_trip),
		cmocka_unit_test(origin_reverses_the_diffs),
	};
	return cmocka_run_group_tests_name("tree_write", tests, NULL, NULL);
}
