// SPDX-License-Identifier: GPL-2.0-only
/* Unit tests: one read of a tree for several rules' prefilters (prefilter_memo.h). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "fsutil.h"
#include "prefilter.h"
#include "prefilter_memo.h"
#include "test_files.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <fcntl.h>
#include <sys/stat.h>

static char dir[] = "/tmp/hb-test-prefilter-memo-XXXXXX";
SCRATCH_DIR_GROUP(dir)

static struct prefilter *rule(const char *name, const char *header)
{
	put(dir, name, header);
	char *path = fs_join(dir, name), err[256];
	struct prefilter *pf = prefilter_load(path, err, sizeof(err));
	assert_non_null(pf);
	free(path);
	return pf;
}

/* A and B hold the same paths in the same order. */
static void assert_same_files(char **a, char **b)
{
	assert_non_null(a);
	assert_non_null(b);
	size_t i = 0;
	for (; a[i] && b[i]; i++)
		assert_string_equal(a[i], b[i]);
	assert_null(a[i]);
	assert_null(b[i]);
}

/* What the memo answers for PF over TREE is what a walk of TREE answers now; returns how
 * many files that is. */
static size_t assert_as_a_walk(const struct prefilter_memo *m, const struct prefilter *pf,
			       const char *tree)
{
	char **from_memo = prefilter_memo_files(m, pf, tree);
	char **walked = prefilter_files(pf, tree);
	assert_same_files(from_memo, walked);
	size_t n = fs_list_len(walked);
	prefilter_free_files(from_memo);
	prefilter_free_files(walked);
	return n;
}

static struct prefilter *kallsyms, *seq;

static void make_tree(const char *name)
{
	static const char *const files[][2] = {
		{ "kernel/kallsyms.c", "proc_create(\"kallsyms\", 0444, NULL, &ops);\n" },
		{ "fs/seq.c", "seq_printf(m, \"%p\\n\", p);\n" },
		{ "fs/quiet.h", "int quiet;\n" },
		{ "Documentation/kallsyms.txt", "kallsyms seq_printf\n" },
	};
	for (size_t i = 0; i < sizeof(files) / sizeof(files[0]); i++) {
		char *rel = xasprintf("%s/%s", name, files[i][0]);
		put(dir, rel, files[i][1]);
		free(rel);
	}
}

static int load_rules(void **state)
{
	(void)state;
	kallsyms = rule("kallsyms.cocci", "// Prefilter: \"kallsyms\"\nvirtual patch\n");
	seq = rule("seq.cocci", "// Prefilter: seq_printf && %p\nvirtual patch\n");
	return 0;
}

static int free_rules(void **state)
{
	(void)state;
	prefilter_free(kallsyms);
	prefilter_free(seq);
	return 0;
}

static void answers_each_rule_as_a_walk(void **state)
{
	(void)state;
	make_tree("one");
	char *tree = fs_join(dir, "one");
	struct prefilter *pfs[] = { kallsyms, NULL, seq };
	struct prefilter_memo *m = prefilter_memo_make(tree, pfs, 3);
	assert_non_null(m);
	assert_int_equal(assert_as_a_walk(m, kallsyms, tree), 1);
	assert_int_equal(assert_as_a_walk(m, seq, tree), 1);
	prefilter_memo_free(m);
	free(tree);
}

/* A file rewritten since (a new file, as patch(1) writes), one changed in place, and one
 * added are read again: the answers follow the tree as it is now. */
static void files_changed_or_added_since_are_read_again(void **state)
{
	(void)state;
	make_tree("two");
	char *tree = fs_join(dir, "two");
	struct prefilter *pfs[] = { kallsyms, seq };
	struct prefilter_memo *m = prefilter_memo_make(tree, pfs, 2);
	assert_non_null(m);
	put(dir, "two/fs/seq.c", "seq_printf(m, \"%pK\\n\", p);\n");      /* still kept */
	put(dir, "two/fs/quiet.h", "seq_printf(m, \"at %p\\n\", p);\n");    /* kept now */
	put(dir, "two/net/new.c", "x = \"kallsyms\";\n");                  /* added */
	char *path = fs_join(dir, "two/kernel/kallsyms.c");
	FILE *f = fopen(path, "r+");                                         /* same inode */
	assert_non_null(f);
	assert_int_equal(fputs("prxx_create(\"kallsymz\"", f) >= 0, 1);
	assert_int_equal(fclose(f), 0);
	/* an edit a second later (the clock of a file system may not tick between them here) */
	struct stat st;
	assert_int_equal(stat(path, &st), 0);
	struct timespec later[2] = { st.st_atim, { st.st_mtim.tv_sec + 1, st.st_mtim.tv_nsec } };
	assert_int_equal(utimensat(AT_FDCWD, path, later, 0), 0);
	assert_int_equal(assert_as_a_walk(m, kallsyms, tree), 1);
	assert_int_equal(assert_as_a_walk(m, seq, tree), 2);
	prefilter_memo_free(m);
	free(path);
	free(tree);
}

/* Nothing is answered for a prefilter the memo did not read, nor for another tree. */
static void another_rule_or_tree_is_not_answered(void **state)
{
	(void)state;
	make_tree("three");
	char *tree = fs_join(dir, "three"), *other = fs_join(dir, "one");
	struct prefilter *pfs[] = { kallsyms };
	struct prefilter_memo *m = prefilter_memo_make(tree, pfs, 1);
	assert_non_null(m);
	assert_null(prefilter_memo_files(m, seq, tree));
	assert_null(prefilter_memo_files(m, kallsyms, other));
	char **files = prefilter_memo_files(m, kallsyms, tree);
	assert_non_null(files);
	prefilter_free_files(files);
	prefilter_memo_free(m);
	char *missing = fs_join(dir, "no-such-tree");
	assert_null(prefilter_memo_make(missing, pfs, 1));
	free(missing);
	free(other);
	free(tree);
}

static int setup_all(void **state)
{
	return setup(state) || load_rules(state);
}

static int teardown_all(void **state)
{
	return free_rules(state) || teardown(state);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(answers_each_rule_as_a_walk),
		cmocka_unit_test(files_changed_or_added_since_are_read_again),
		cmocka_unit_test(another_rule_or_tree_is_not_answered),
	};
	return cmocka_run_group_tests(tests, setup_all, teardown_all);
}
