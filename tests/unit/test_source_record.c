// SPDX-License-Identifier: GPL-2.0-only
/* Unit tests: the source records and the shared build directory that let one flavour's out/
 * serve the other, rebuilding only what differs (the patched build after the vanilla one). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "test_files.h"

#include "build_dir.h"
#include "fsutil.h"
#include "record.h"
#include "source_record.h"
#include "worktree.h"

#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

static char *read_in(const char *dir, const char *file)
{
	char *path = fs_join(dir, file);
	char *text = fs_read_file(path, NULL);
	free(path);
	return text;
}

static ino_t inode_of(const char *dir, const char *file)
{
	char *path = fs_join(dir, file);
	struct stat st;
	assert_int_equal(stat(path, &st), 0);
	free(path);
	return st.st_ino;
}

/* A pristine tree and a hard-linked patched copy: one file changed, one added, one replaced by
 * a file of the same content (another inode, no difference). */
static char *make_trees(char *root, char **pristine, char **patched)
{
	assert_non_null(mkdtemp(root));
	*pristine = fs_join(root, "pristine");
	*patched = fs_join(root, "patched");
	put(*pristine, "kernel/kallsyms.c", "proc_create(\"kallsyms\", 0444);\n");
	put(*pristine, "kernel/printk/printk.c", "int dmesg_restrict;\n");
	put(*pristine, "Makefile", "VERSION = 6\n");
	char *log = fs_join(root, "log");
	assert_int_equal(worktree_clone(*pristine, *patched, log), 0);
	free(log);
	assert_int_equal(worktree_replace(*patched, "kernel/kallsyms.c",
					  "proc_create(\"kallsyms\", 0400);\n"), 0);
	assert_int_equal(worktree_replace(*patched, "Makefile", "VERSION = 6\n"), 0);
	put(*patched, "kernel/new.c", "int added;\n");
	return root;
}

static void a_record_names_the_files_whose_content_differs(void **state)
{
	(void)state;
	char root[] = "/tmp/hb-test-record-XXXXXX";
	char *pristine, *patched;
	make_trees(root, &pristine, &patched);
	char *rec = source_record_scan(pristine, patched);
	json_t *r = hb_record_parse(rec, SOURCE_RECORD_KIND, SOURCE_RECORD_VERSION);
	assert_non_null(r);
	assert_string_equal(hb_record_str(r, "pristine"), pristine);
	const json_t *files = json_object_get(r, "files");
	assert_int_equal(json_array_size(files), 2);
	/* sorted by path; Makefile has the same content in another inode, printk.c is the
	 * pristine file itself */
	assert_string_equal(hb_record_str(json_array_get(files, 0), "path"), "kernel/kallsyms.c");
	assert_string_equal(hb_record_str(json_array_get(files, 1), "path"), "kernel/new.c");
	assert_int_equal(strlen(hb_record_str(json_array_get(files, 0), "hash")), 16);
	json_decref(r);
	char *vanilla = source_record_scan(pristine, pristine);
	r = hb_record_parse(vanilla, SOURCE_RECORD_KIND, SOURCE_RECORD_VERSION);
	assert_non_null(r);
	assert_string_equal(hb_record_str(r, "pristine"), pristine);
	assert_int_equal(json_array_size(json_object_get(r, "files")), 0);
	json_decref(r);
	char *missing = fs_join(root, "missing");
	assert_null(source_record_scan(pristine, missing));
	fs_remove_tree(root);
	free(missing);
	free(vanilla);
	free(rec);
	free(pristine);
	free(patched);
}

static void stale_files_are_those_whose_recorded_content_differs(void **state)
{
	(void)state;
	const char *old = SRC_RECORD("/p", FILE_OF("a.c", "01") "," FILE_OF("b.c", "02") ","
					   FILE_OF("c.c", "03"));
	const char *new = SRC_RECORD("/p", FILE_OF("a.c", "01") "," FILE_OF("b.c", "09") ","
					   FILE_OF("d.c", "04"));
	char **stale = source_record_stale(old, new);
	assert_non_null(stale);
	assert_string_equal(stale[0], "b.c");   /* changed content */
	assert_string_equal(stale[1], "c.c");   /* pristine again */
	assert_string_equal(stale[2], "d.c");   /* newly changed */
	assert_null(stale[3]);
	source_record_list_free(stale);
	stale = source_record_stale(new, new);
	assert_non_null(stale);
	assert_null(stale[0]);
	source_record_list_free(stale);
	/* Another pristine tree, no record, or garbage: nothing built from OLD can be reused. */
	assert_null(source_record_stale(SRC_RECORD("/q", ""), new));
	assert_null(source_record_stale(NULL, new));
	assert_null(source_record_stale("{\"pristine\": \"/p\", \"files\": []}", new));
	/* the text format of an older driver is no record */
	assert_null(source_record_stale("hb-source-record 1\npristine /p\n", new));
}

/* A stand-in for kbuild: an "object" per build, and a mark that a build happened. */
static void fake_build(struct build_dir *bd, const char *object)
{
	put(bd->out, "vmlinux", object);
	assert_int_equal(build_dir_leave(bd, true), 0);
	build_dir_free(bd);
}

#define OWN_ONE_CHANGED "out/ from its own last build, 1 changed file(s) to rebuild from"

static void failed_build(struct build_dir *bd)
{
	assert_int_equal(build_dir_leave(bd, false), 0);
	build_dir_free(bd);
}

/* Seats the patched flavour of SOURCE and checks which out/ it started from. */
static void take_patched(const char *base, const char *pristine, const char *source,
			 const char *log, const char *want_how, struct build_dir *bd)
{
	assert_int_equal(build_dir_enter(base, "patched", "vanilla", pristine, source, log, bd), 0);
	assert_string_equal(bd->how, want_how);
}

static void a_flavour_without_an_out_starts_from_the_others_with_changed_files_refreshed(void **state)
{
	(void)state;
	char root[] = "/tmp/hb-test-bd-XXXXXX";
	char *pristine, *patched;
	make_trees(root, &pristine, &patched);
	char *base = fs_join(root, "build"), *log = fs_join(root, "log");
	struct build_dir bd;
	assert_int_equal(build_dir_enter(base, "vanilla", "patched", pristine, pristine, log, &bd), 0);
	assert_string_equal(bd.how, "a new out/ (no earlier build of these sources)");
	assert_int_equal(inode_of(bd.src, "kernel/kallsyms.c"), inode_of(pristine, "kernel/kallsyms.c"));
	fake_build(&bd, "vanilla objects");

	assert_int_equal(build_dir_enter(base, "patched", "vanilla", pristine, patched, log, &bd), 0);
	assert_non_null(strstr(bd.how, "a copy of the other flavour's, 2 changed file(s)"));
	char *object = read_in(bd.out, "vmlinux");
	assert_string_equal(object, "vanilla objects"); /* kbuild starts from vanilla's out/ */
	free(object);
	/* The changed files are new files in src/ (fresh mtimes), not links to the patched tree. */
	assert_int_not_equal(inode_of(bd.src, "kernel/kallsyms.c"), inode_of(patched, "kernel/kallsyms.c"));
	char *text = read_in(bd.src, "kernel/kallsyms.c");
	assert_string_equal(text, "proc_create(\"kallsyms\", 0400);\n");
	free(text);
	assert_int_equal(inode_of(bd.src, "kernel/printk/printk.c"),
			 inode_of(pristine, "kernel/printk/printk.c"));
	fake_build(&bd, "patched objects");
	char *vanilla_out = fs_join(base, "vanilla/out");
	object = read_in(vanilla_out, "vmlinux");
	assert_string_equal(object, "vanilla objects"); /* the copy left vanilla's alone */
	free(object);

	/* Each flavour then takes its own out/ back; nothing changed, nothing to refresh. */
	assert_int_equal(build_dir_enter(base, "vanilla", "patched", pristine, pristine, log, &bd), 0);
	assert_string_equal(bd.how, "out/ from its own last build, 0 changed file(s) to rebuild from");
	assert_false(fs_exists(vanilla_out)); /* seated, not copied */
	fake_build(&bd, "vanilla objects");

	/* A new apply reverts kallsyms.c: the patched out/ must rebuild it. */
	assert_int_equal(worktree_replace(patched, "kernel/kallsyms.c", "proc_create(\"kallsyms\", 0444);\n"), 0);
	take_patched(base, pristine, patched, log, OWN_ONE_CHANGED, &bd);
	/* A build that fails keeps the old record: the next take refreshes the file again. */
	failed_build(&bd);
	take_patched(base, pristine, patched, log, OWN_ONE_CHANGED, &bd);
	fake_build(&bd, "patched objects");

	/* An out/ without a record (a build that never finished) is not trusted: the other
	 * flavour's serves, and without that a new one. */
	char *record = xasprintf("%s/patched/out/%s", base, BUILD_DIR_RECORD);
	assert_int_equal(unlink(record), 0);
	take_patched(base, pristine, patched, log,
		     "out/ from a copy of the other flavour's, 1 changed file(s) to rebuild from", &bd);
	/* That build fails: its out/ keeps the record it was copied with, which still names
	 * the file to rebuild. */
	failed_build(&bd);
	take_patched(base, pristine, patched, log, OWN_ONE_CHANGED, &bd);
	failed_build(&bd);
	char *vanilla_record = xasprintf("%s/vanilla/out/%s", base, BUILD_DIR_RECORD);
	assert_int_equal(unlink(vanilla_record), 0);
	assert_int_equal(unlink(record), 0);
	take_patched(base, pristine, patched, log, "a new out/ (no earlier build of these sources)", &bd);
	assert_false(fs_exists(bd.kept));
	char *vm = fs_join(bd.out, "vmlinux");
	assert_false(fs_exists(vm));
	free(vm);
	failed_build(&bd);
	free(vanilla_record);

	fs_remove_tree(root);
	free(record);
	free(vanilla_out);
	free(base);
	free(log);
	free(pristine);
	free(patched);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(a_record_names_the_files_whose_content_differs),
		cmocka_unit_test(stale_files_are_those_whose_recorded_content_differs),
		cmocka_unit_test(a_flavour_without_an_out_starts_from_the_others_with_changed_files_refreshed),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
