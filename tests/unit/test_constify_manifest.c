// SPDX-License-Identifier: GPL-2.0-only
/* Unit tests of the constify_ops manifest: which tables a patch made const. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <cmocka.h>

#include "constify_manifest.h"

static void tables_made_const_are_listed_with_their_file(void **state)
{
	(void)state;
	const char *diff =
		"diff -u -p a/fs/9p/xattr.c b/fs/9p/xattr.c\n"
		"--- a/fs/9p/xattr.c\n+++ b/fs/9p/xattr.c\n"
		"@@ -159,7 +159,7 @@ static int v9fs_xattr_handler_set(\n"
		" }\n"
		"-static struct xattr_handler v9fs_xattr_user_handler = {\n"
		"+static const struct xattr_handler v9fs_xattr_user_handler = {\n"
		"+static const struct xattr_handler v9fs_xattr_trusted_handler = {\n"
		"diff -u -p a/fs/vboxsf/super.c b/fs/vboxsf/super.c\n"
		"--- a/fs/vboxsf/super.c\t2024-01-01\n+++ b/fs/vboxsf/super.c\t2024-01-01\n"
		"@@ -35 +35 @@\n"
		"-static struct super_operations vboxsf_super_ops; /* forward declaration */\n"
		"+static const struct super_operations vboxsf_super_ops; /* forward declaration */\n"
		" static const struct super_operations unchanged_ops = {\n"
		"@@ -325 +325 @@\n"
		"+static const struct super_operations vboxsf_super_ops = {\n";
	char *m = constify_manifest(diff);
	assert_string_equal(m, "v9fs_xattr_user_handler fs/9p/xattr.c\n"
			       "v9fs_xattr_trusted_handler fs/9p/xattr.c\n"
			       "vboxsf_super_ops fs/vboxsf/super.c\n");
	free(m);
}

static void a_diff_without_const_tables_gives_an_empty_manifest(void **state)
{
	(void)state;
	char *m = constify_manifest("--- a/x.c\n+++ b/x.c\n@@ -1 +1 @@\n-int a;\n+int b;\n");
	assert_string_equal(m, "");
	free(m);
	m = constify_manifest("");
	assert_string_equal(m, "");
	free(m);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(tables_made_const_are_listed_with_their_file),
		cmocka_unit_test(a_diff_without_const_tables_gives_an_empty_manifest),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
