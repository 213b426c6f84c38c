// SPDX-License-Identifier: GPL-2.0-only
/* Unit tests: a folder replaced as a whole (dir_swap.h), as apply's series folder is. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "apply_series.h"
#include "dir_swap.h"
#include "feature_table.h"
#include "fsutil.h"

#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

static void put(const char *dir, const char *file, const char *text)
{
	char *path = fs_join(dir, file);
	assert_int_equal(fs_mkdir_p(dir, 0755), 0);
	assert_int_equal(fs_write_file_atomic(path, text, strlen(text)), 0);
	free(path);
}

static bool has(const char *dir, const char *file)
{
	char *path = fs_join(dir, file);
	bool there = fs_exists(path);
	free(path);
	return there;
}

static void replaces_the_folder_as_a_whole(void **state)
{
	(void)state;
	char root[] = "/tmp/hb-test-dir-swap-XXXXXX";
	assert_non_null(mkdtemp(root));
	char *dir = fs_join(root, "series"), *next = fs_join(root, "series.tmp");
	char *old = fs_join(root, "series.old");
	put(dir, "0001-old.patch", "old\n");
	put(next, "0001-new.patch", "new\n");
	struct stat before, after;
	assert_int_equal(stat(next, &before), 0);
	assert_int_equal(dir_replace(dir, next), 0);
	assert_int_equal(stat(dir, &after), 0);
	assert_int_equal(after.st_ino, before.st_ino); /* the new folder itself, not a copy */
	assert_true(has(dir, "0001-new.patch"));
	assert_false(has(dir, "0001-old.patch"));
	assert_false(fs_exists(next));
	assert_false(fs_exists(old));
	/* a folder that does not exist yet */
	fs_remove_tree(dir);
	put(next, "series", "");
	assert_int_equal(dir_replace(dir, next), 0);
	assert_true(has(dir, "series"));
	fs_remove_tree(root);
	free(old);
	free(next);
	free(dir);
}

/* A kill between the two renames of a file system that cannot exchange left DIR.old and no
 * DIR: the next replace puts it back first, and leaves no DIR.old. */
static void a_folder_left_aside_by_a_kill_is_settled(void **state)
{
	(void)state;
	char root[] = "/tmp/hb-test-dir-swap-XXXXXX";
	assert_non_null(mkdtemp(root));
	char *dir = fs_join(root, "series"), *next = fs_join(root, "series.tmp");
	char *old = fs_join(root, "series.old");
	put(old, "0001-old.patch", "old\n");
	put(next, "0001-new.patch", "new\n");
	assert_int_equal(dir_replace(dir, next), 0);
	assert_true(has(dir, "0001-new.patch"));
	assert_false(has(dir, "0001-old.patch"));
	assert_false(fs_exists(old));
	assert_false(fs_exists(next));
	fs_remove_tree(root);
	free(old);
	free(next);
	free(dir);
}

static void series_write_swaps_the_series_folder(void **state)
{
	(void)state;
	char root[] = "/tmp/hb-test-dir-swap-XXXXXX";
	assert_non_null(mkdtemp(root));
	char *dir = fs_join(root, "patches"), *tmp = fs_join(root, "patches.tmp");
	char *old = fs_join(root, "patches.old");
	put(dir, "0001-stale.patch", "stale\n");
	put(dir, "series", "0001-stale.patch\n");
	struct feature_result results[FEATURES_MAX];
	memset(results, 0, sizeof(results));
	for (size_t i = 0; i < features_count; i++)
		results[i].outcome = OUTCOME_NOT_APPLICABLE;
	results[0].outcome = OUTCOME_CHANGED;
	results[0].diff = "--- a/f.c\n+++ b/f.c\n@@ -1 +1 @@\n-a\n+b\n";
	assert_int_equal(series_write(dir, results, 1u, "Linux 6.1.0", NULL), 1);
	char *name = series_patch_name(1, &features[0]);
	assert_true(has(dir, name));
	assert_false(has(dir, "0001-stale.patch"));
	assert_false(fs_exists(tmp));
	assert_false(fs_exists(old));
	fs_remove_tree(root);
	free(name);
	free(old);
	free(tmp);
	free(dir);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(replaces_the_folder_as_a_whole),
		cmocka_unit_test(a_folder_left_aside_by_a_kill_is_settled),
		cmocka_unit_test(series_write_swaps_the_series_folder),
	};
	return cmocka_run_group_tests_name("dir_swap", tests, NULL, NULL);
}
