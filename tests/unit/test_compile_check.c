// SPDX-License-Identifier: GPL-2.0-only
/* Unit tests: which files `backport compile-check` compiles. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "compile_check.h"
#include "feature_table.h"
#include "fsutil.h"

#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static void put(const char *dir, const char *name, const char *text)
{
	char *path = fs_join(dir, name);
	assert_int_equal(fs_write_file_atomic(path, text, strlen(text)), 0);
	free(path);
}

static void c_files_of_the_selected_features_only(void **state)
{
	(void)state;
	char dir[] = "/tmp/hb-test-compile-check-XXXXXX";
	assert_non_null(mkdtemp(dir));
	put(dir, "0001-kallsyms_mode.patch",
	    "Subject: [PATCH] x\n---\n--- a/kernel/kallsyms.c\n+++ b/kernel/kallsyms.c\n@@ -1 +1 @@\n");
	put(dir, "0002-pk_pointers.patch",
	    "--- a/net/core/sock.c\n+++ b/net/core/sock.c\n@@ -1 +1 @@\n"
	    "--- a/include/linux/x.h\n+++ b/include/linux/x.h\n@@ -1 +1 @@\n"
	    "--- a/Documentation/admin-guide/sysctl/kernel.rst\n"
	    "+++ b/Documentation/admin-guide/sysctl/kernel.rst\n@@ -1 +1 @@\n"
	    "--- a/fs/proc/base.c\n+++ b/fs/proc/base.c\n@@ -1 +1 @@\n");
	unsigned mask = 0;
	char err[256];
	assert_int_equal(features_select("pk_pointers", &mask, err, sizeof(err)), 0);
	char **files = compile_check_files(dir, mask);
	assert_non_null(files[0]);
	assert_string_equal(files[0], "net/core/sock.c");
	assert_non_null(files[1]);
	assert_string_equal(files[1], "fs/proc/base.c");
	assert_null(files[2]);
	for (char **f = files; *f; f++)
		free(*f);
	free(files);
	files = compile_check_files("/nonexistent-series", (1u << features_count) - 1);
	assert_null(files[0]);
	free(files);
	fs_remove_tree(dir);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(c_files_of_the_selected_features_only),
	};
	return cmocka_run_group_tests_name("compile_check", tests, NULL, NULL);
}
