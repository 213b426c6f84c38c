// SPDX-License-Identifier: GPL-2.0-only
/* Unit tests of what the driver puts into a guest's initramfs besides the guest programs:
 * host programs with their shared libraries (backport/boot/initramfs.c), and the kernel's
 * selftest scripts with the Debian programs they call (backport/boot/kselftest_files.c). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "test_files.h"

#include "initramfs.h"
#include "kselftest_files.h"

#include <stdlib.h>
#include <string.h>

static void a_host_program_comes_with_its_libraries_and_folders(void **state)
{
	(void)state;
	static const char *const programs[] = { "/usr/bin/tool", "/bin/cat", NULL };
	const char *missing = "unset";
	char *lines = initramfs_host_programs(programs, &missing);
	assert_non_null(lines);
	assert_null(missing);
	assert_non_null(strstr(lines, "file /usr/bin/tool /usr/bin/cat 0755 0 0\n"));
	assert_non_null(strstr(lines, "libc.so.6 0755 0 0\n"));
	char *usr = strstr(lines, "dir /usr 0755 0 0\n"), *bin = strstr(lines, "dir /usr/bin 0755");
	assert_non_null(usr);
	assert_non_null(bin);
	assert_true(usr < bin); /* a folder before what it holds */
	assert_true(bin < strstr(lines, "file "));
	free(lines);
}

static void a_static_program_needs_no_library(void **state)
{
	(void)state;
	static const char *const programs[] = { "/bin/busybox", "/bin/busybox", NULL };
	const char *missing;
	char *lines = initramfs_host_programs(programs, &missing);
	assert_non_null(lines);
	assert_null(strstr(lines, ".so"));
	assert_non_null(strstr(lines, "file /bin/busybox"));
	free(lines);
}

static void a_missing_program_is_named(void **state)
{
	(void)state;
	static const char *const programs[] = { "/usr/bin/cat", "/bin/cat", "/usr/bin/x",
						"/nonexistent/x", NULL };
	const char *missing = NULL;
	assert_null(initramfs_host_programs(programs, &missing));
	assert_string_equal(missing, "/nonexistent/x");
}

static void sysctl_selftest_packed_where_the_tree_and_module_are(void **state)
{
	(void)state;
	char root[] = "/tmp/hb-test-kselftest-XXXXXX";
	assert_non_null(mkdtemp(root));
	char *tree = fs_join(root, "linux"), *staging = fs_join(root, "staging");
	put(staging, "lib/modules/6.1.0/modules.dep", "kernel/lib/test_printf.ko:\n");
	char *build = fs_join(root, "build");
	const char *package = "unset";
	int left_out = -1;
	char *lines = kselftest_lines(tree, staging, "6.1.0", build, &left_out, &package);
	assert_string_equal(lines, ""); /* a tree without the script */
	assert_int_equal(left_out, 0);
	free(lines);
	put(tree, "tools/testing/selftests/sysctl/sysctl.sh", "#!/bin/bash\n");
	lines = kselftest_lines(tree, staging, "6.1.0", build, &left_out, &package);
	assert_string_equal(lines, ""); /* a config without test_sysctl */
	free(lines);
	put(staging, "lib/modules/6.1.0/modules.dep",
	    "kernel/lib/test_printf.ko:\nkernel/lib/test_sysctl.ko.xz:\n");
	lines = kselftest_lines(tree, staging, "6.1.0", build, &left_out, &package);
	assert_non_null(lines);
	char *script = xasprintf("file /hb/selftests/sysctl/sysctl.sh %s/tools/testing/selftests/"
				 "sysctl/sysctl.sh 0755 0 0\n", tree);
	assert_non_null(strstr(lines, script));
	assert_non_null(strstr(lines, "file /usr/bin/bash "));
	assert_non_null(strstr(lines, "file /usr/bin/dd "));
	assert_non_null(strstr(lines, "file /usr/bin/perl "));
	assert_null(strstr(lines, "/usr/bin/kmod")); /* kmod's tools go with kmod.sh only */
	free(script);
	free(lines);
	/* kmod.sh where the staging holds test_kmod, with the real kmod tools and capsh */
	put(tree, "tools/testing/selftests/kmod/kmod.sh", "#!/bin/bash\n");
	put(staging, "lib/modules/6.1.0/modules.dep",
	    "kernel/lib/test_kmod.ko: kernel/lib/test_module.ko\nkernel/lib/test_module.ko:\n");
	lines = kselftest_lines(tree, staging, "6.1.0", build, &left_out, &package);
	assert_non_null(lines);
	assert_null(strstr(lines, "sysctl.sh"));
	script = xasprintf("file /hb/selftests/kmod/kmod.sh %s/tools/testing/selftests/kmod/kmod.sh "
			   "0755 0 0\n", tree);
	assert_non_null(strstr(lines, script));
	assert_non_null(strstr(lines, "file /usr/bin/bash "));
	assert_non_null(strstr(lines, "file /usr/bin/kmod "));
	assert_non_null(strstr(lines, "file /usr/bin/modprobe "));
	assert_non_null(strstr(lines, "file /usr/bin/capsh "));
	free(script);
	free(lines);
	fs_remove_tree(root);
	free(tree);
	free(staging);
	free(build);
}

/* The proc selftests: each program of the Makefile's list that builds is packed, static; one
 * that does not is counted as left out. The tree is not written. */
static void proc_selftests_built_beside_the_build(void **state)
{
	(void)state;
	char root[] = "/tmp/hb-test-kselftest-XXXXXX";
	assert_non_null(mkdtemp(root));
	char *tree = fs_join(root, "linux"), *staging = fs_join(root, "staging");
	char *build = fs_join(root, "build");
	put(staging, "lib/modules/6.1.0/modules.dep", "");
	put(tree, "tools/testing/selftests/proc/Makefile",
	    "TEST_GEN_PROGS :=\nTEST_GEN_PROGS += ok-001\nTEST_GEN_PROGS += broken-002\n"
	    "all: $(patsubst %,$(OUTPUT)/%,$(TEST_GEN_PROGS))\n"
	    "$(OUTPUT)/%: %.c\n\t$(CC) $(LDFLAGS) $< -o $@\n");
	put(tree, "tools/testing/selftests/proc/ok-001.c", "int main(void) { return 0; }\n");
	put(tree, "tools/testing/selftests/proc/broken-002.c", "int main(void) { return x; }\n");
	const char *package;
	int left_out = -1;
	char *lines = kselftest_lines(tree, staging, "6.1.0", build, &left_out, &package);
	assert_non_null(lines);
	assert_int_equal(left_out, 1);
	char *ok = xasprintf("file /hb/selftests/proc/ok-001 %s/selftests/proc/ok-001 0755 0 0\n",
			     build);
	assert_non_null(strstr(lines, ok));
	assert_null(strstr(lines, "broken-002"));
	assert_null(strstr(lines, "sysctl.sh")); /* no sysctl selftest in this tree */
	char *built = fs_join(tree, "tools/testing/selftests/proc/ok-001");
	assert_false(fs_exists(built));
	free(built);
	free(ok);
	free(lines);
	fs_remove_tree(root);
	free(tree);
	free(staging);
	free(build);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(a_host_program_comes_with_its_libraries_and_folders),
		cmocka_unit_test(a_static_program_needs_no_library),
		cmocka_unit_test(a_missing_program_is_named),
		cmocka_unit_test(sysctl_selftest_packed_where_the_tree_and_module_are),
		cmocka_unit_test(proc_selftests_built_beside_the_build),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
