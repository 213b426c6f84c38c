// SPDX-License-Identifier: GPL-2.0-only
/* Unit tests: which folders apply takes for a kernel tree (fs_is_kernel_tree), from 2.6.32's
 * shape (no top-level Kconfig yet: arch/x86/Kconfig is the root) to today's. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "test_files.h"

#include "fsutil.h"

#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* A tree of VERSION.PATCHLEVEL with the top-level Kconfig or not. */
static char *tree(const char *makefile, bool top_kconfig)
{
	char *dir = strdup("/tmp/hb-test-kernel-tree-XXXXXX");
	assert_non_null(mkdtemp(dir));
	put(dir, "Makefile", makefile);
	put(dir, "kernel/kallsyms.c", "/* */\n");
	put(dir, "include/linux/kernel.h", "/* */\n");
	put(dir, "scripts/Makefile.build", "# \n");
	put(dir, "arch/x86/Kconfig", "mainmenu \"Linux Kernel Configuration\"\n");
	if (top_kconfig)
		put(dir, "Kconfig", "mainmenu \"Linux/$ARCH $KERNELVERSION Kernel Configuration\"\n");
	return dir;
}

static void gone(char *dir)
{
	fs_remove_tree(dir);
	free(dir);
}

static void today_s_shape_is_a_tree(void **state)
{
	(void)state;
	char err[512] = "";
	char *dir = tree("VERSION = 6\nPATCHLEVEL = 1\nSUBLEVEL = 176\n", true);
	assert_true(fs_is_kernel_tree(dir, err, sizeof(err)));
	gone(dir);
}

static void a_2_6_32_tree_without_top_level_kconfig_is_a_tree(void **state)
{
	(void)state;
	char err[512] = "";
	char *dir = tree("VERSION = 2\nPATCHLEVEL = 6\nSUBLEVEL = 32\nEXTRAVERSION = .67\n", false);
	assert_true(fs_is_kernel_tree(dir, err, sizeof(err)));
	gone(dir);
}

static void no_kconfig_anywhere_is_refused_by_name(void **state)
{
	(void)state;
	char err[512] = "";
	char *dir = tree("VERSION = 6\nPATCHLEVEL = 1\n", false);
	char *arch = fs_join(dir, "arch/x86/Kconfig");
	assert_int_equal(unlink(arch), 0);
	assert_false(fs_is_kernel_tree(dir, err, sizeof(err)));
	assert_non_null(strstr(err, "is not a Linux kernel tree (no Kconfig)"));
	free(arch);
	gone(dir);
}

static void a_makefile_without_version_is_refused(void **state)
{
	(void)state;
	char err[512] = "";
	char *dir = tree("all:\n\ttrue\n", true);
	assert_false(fs_is_kernel_tree(dir, err, sizeof(err)));
	assert_non_null(strstr(err, "its Makefile has no VERSION/PATCHLEVEL"));
	gone(dir);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(today_s_shape_is_a_tree),
		cmocka_unit_test(a_2_6_32_tree_without_top_level_kconfig_is_a_tree),
		cmocka_unit_test(no_kconfig_anywhere_is_refused_by_name),
		cmocka_unit_test(a_makefile_without_version_is_refused),
	};
	return cmocka_run_group_tests_name("kernel_tree", tests, NULL, NULL);
}
