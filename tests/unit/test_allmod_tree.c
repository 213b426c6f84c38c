// SPDX-License-Identifier: GPL-2.0-only
/* allmod_refresh(): the allmodconfig tree a feature's compile prepared is reused by the compile
 * check of every rule, with only the files changed since linked again; a change to anything
 * but a .c or .h file means a new allmod_prepare(). */
#include "allmod_tree.h"
#include "exitcodes.h"
#include "fsutil.h"
#include "worktree.h"

#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <cmocka.h>

#include "test_files.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

static char dir[] = "/tmp/hb-allmod-test-XXXXXX";
SCRATCH_DIR_GROUP(dir)

static ino_t inode(const char *rel)
{
	char *path = fs_join(dir, rel);
	struct stat st;
	assert_int_equal(stat(path, &st), 0);
	free(path);
	return st.st_ino;
}

/* DIR/work (a.c, b.h, Kconfig) and DIR/allmod, whose src is a hard-linked copy of work as
 * allmod_prepare() makes it; then WORK/a.c changes (patch(1) writes a new file). */
static void setup_trees(struct allmod_tree *t)
{
	char *work = fs_join(dir, "work"), *allmod = fs_join(dir, "allmod");
	char *log = fs_join(dir, "log");
	put(dir, "work/a.c", "int a;\n"); /* each write: a new inode */
	put(dir, "work/b.h", "int b;\n");
	put(dir, "work/Kconfig", "config A\n");
	allmod_tree_init(t, allmod, log);
	assert_int_equal(worktree_clone(work, t->src, log), 0);
	put(dir, "work/a.c", "const int a;\n");
	free(work);
	free(allmod);
	free(log);
}

static void changed_sources_are_linked_again(void **state)
{
	(void)state;
	struct allmod_tree t;
	setup_trees(&t);
	assert_int_not_equal(inode("work/a.c"), inode("allmod/src/a.c"));
	char *work = fs_join(dir, "work");
	char *files[] = { "a.c", "b.h", "Kconfig", NULL }; /* b.h, Kconfig: unchanged since */
	assert_int_equal(allmod_refresh(NULL, &t, work, files), HB_EXIT_OK);
	assert_int_equal(inode("work/a.c"), inode("allmod/src/a.c"));
	assert_int_equal(inode("work/b.h"), inode("allmod/src/b.h"));
	free(work);
	allmod_tree_free(&t);
}

static void a_changed_kconfig_prepares_anew(void **state)
{
	(void)state;
	struct allmod_tree t;
	setup_trees(&t);
	put(dir, "work/Kconfig", "config A\nconfig B\n");
	char *work = fs_join(dir, "work");
	char *files[] = { "Kconfig", NULL };
	struct hb_ctx ctx = { .make_jobs = 1 };
	/* allmod_prepare() again: a fresh copy, then make allmodconfig, which this fake tree
	 * (no kernel Makefile) fails */
	assert_int_not_equal(allmod_refresh(&ctx, &t, work, files), HB_EXIT_OK);
	assert_int_equal(inode("work/Kconfig"), inode("allmod/src/Kconfig"));
	free(work);
	allmod_tree_free(&t);
}

/* A tree that the last apply prepared (its stamp in out/) is kept: only the files that are
 * no longer the work tree's are linked again, no make runs. */
static void a_prepared_tree_is_kept_and_synced(void **state)
{
	(void)state;
	struct allmod_tree t;
	setup_trees(&t);
	put(dir, "allmod/out/.hb-prepared", "");
	char *work = fs_join(dir, "work");
	assert_int_equal(allmod_prepare(NULL, &t, work), HB_EXIT_OK);
	assert_int_equal(inode("work/a.c"), inode("allmod/src/a.c"));
	assert_int_equal(inode("work/Kconfig"), inode("allmod/src/Kconfig"));
	free(work);
	allmod_tree_free(&t);
}

/* ... but not when a header went back to an older file (what the last prepare generated
 * from the newer one could stay), nor without the stamp: then a new prepare (which the fake
 * tree fails). */
static void an_older_header_or_no_stamp_prepares_anew(void **state)
{
	(void)state;
	struct allmod_tree t;
	struct hb_ctx ctx = { .make_jobs = 1 };
	char *work = fs_join(dir, "work");
	setup_trees(&t);
	put(dir, "allmod/out/.hb-prepared", "");
	put(dir, "allmod/src/b.h", "int b; /* patched */\n"); /* newer than work's b.h */
	char *older = fs_join(dir, "work/b.h");
	struct timespec times[2] = { { 1000000000, 0 }, { 1000000000, 0 } };
	assert_int_equal(utimensat(AT_FDCWD, older, times, 0), 0);
	assert_int_not_equal(allmod_prepare(&ctx, &t, work), HB_EXIT_OK);
	allmod_tree_free(&t);
	setup_trees(&t); /* no stamp: the failed prepare removed it */
	assert_int_not_equal(allmod_prepare(&ctx, &t, work), HB_EXIT_OK);
	free(older);
	free(work);
	allmod_tree_free(&t);
}

/* x86_64 allmodconfig never builds another architecture's file: no make is run for it. */
static void another_architectures_file_is_not_built_without_make(void **state)
{
	(void)state;
	assert_true(allmod_other_arch("arch/arm/common/sa1111.c"));
	assert_true(allmod_other_arch("arch/powerpc/kernel/x.c"));
	assert_false(allmod_other_arch("arch/x86/kernel/x.c"));
	assert_false(allmod_other_arch("drivers/arch/x.c"));
	assert_false(allmod_other_arch("kernel/kallsyms.c"));
	struct allmod_tree t;
	struct hb_ctx ctx = { .make_jobs = 1 };
	setup_trees(&t);
	size_t before = 0, after = 0;
	free(fs_read_file(t.log, &before));
	char *error = NULL;
	assert_int_equal(allmod_compile(&ctx, &t, "arch/arm/common/sa1111.c", dir, NULL, &error),
			 ALLMOD_NOT_BUILT);
	assert_null(error);
	char *files[] = { "arch/arm/common/sa1111.c", NULL };
	bool made[1] = { true };
	allmod_compile_all(&ctx, &t, files, made);
	assert_false(made[0]);
	/* neither ran make: nothing was added to the log */
	free(fs_read_file(t.log, &after));
	assert_int_equal(after, before);
	allmod_tree_free(&t);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(changed_sources_are_linked_again),
		cmocka_unit_test(a_changed_kconfig_prepares_anew),
		cmocka_unit_test(a_prepared_tree_is_kept_and_synced),
		cmocka_unit_test(an_older_header_or_no_stamp_prepares_anew),
		cmocka_unit_test(another_architectures_file_is_not_built_without_make),
	};
	return cmocka_run_group_tests(tests, setup, teardown);
}
