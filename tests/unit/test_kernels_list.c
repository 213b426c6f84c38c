// SPDX-License-Identifier: GPL-2.0-only
/* Unit tests: the kernels.list parser. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "kernels_list.h"

#include <string.h>

static char err[512];

static void parses_the_shipped_format(void **state)
{
	(void)state;
	const char *text = "# comment\n"
			   "\n"
			   "5.10  debian bullseye linux-source-5.10   # trailing comment\n"
			   "6.1\tdebian\tbookworm\tlinux-source-6.1 6.1.176-1\n"
			   "mine dir /usr/src/linux\n";
	struct kernel_list l;
	assert_int_equal(kernels_list_parse(text, "kernels.list", &l, err, sizeof(err)), 0);
	assert_int_equal(l.count, 3);
	assert_string_equal(l.entries[0].name, "5.10");
	assert_int_equal(l.entries[0].source, KERNEL_SOURCE_DEBIAN);
	assert_string_equal(l.entries[0].suite, "bullseye");
	assert_string_equal(l.entries[0].package, "linux-source-5.10");
	assert_string_equal(l.entries[0].version, "");
	assert_int_equal(l.entries[0].line, 3);
	assert_string_equal(l.entries[1].version, "6.1.176-1");
	assert_int_equal(l.entries[1].line, 4);
	assert_int_equal(l.entries[2].source, KERNEL_SOURCE_DIR);
	assert_string_equal(l.entries[2].path, "/usr/src/linux");
	assert_non_null(kernels_list_find(&l, "6.1"));
	assert_null(kernels_list_find(&l, "6.2"));
	char names[64];
	kernels_list_names(&l, names, sizeof(names));
	assert_string_equal(names, "5.10, 6.1, mine");
	kernels_list_free(&l);
}

static void empty_file_is_an_empty_list(void **state)
{
	(void)state;
	struct kernel_list l;
	assert_int_equal(kernels_list_parse("", "k", &l, err, sizeof(err)), 0);
	assert_int_equal(l.count, 0);
	kernels_list_free(&l);
}

static void expect_error(const char *text, const char *message)
{
	struct kernel_list l;
	err[0] = '\0';
	assert_int_equal(kernels_list_parse(text, "kernels.list", &l, err, sizeof(err)), -1);
	assert_null(l.entries);
	if (!strstr(err, message))
		fail_msg("expected '%s' in '%s'", message, err);
}

static void rejects_malformed_lines_with_their_number(void **state)
{
	(void)state;
	expect_error("6.1 debian bookworm linux-source-6.1\n6.2\n", "kernels.list:2: expected NAME SOURCE");
	expect_error("# c\n\n6.1 svn trunk\n", "kernels.list:3: unknown source 'svn'");
	expect_error("6.1 debian bookworm\n", "kernels.list:1: a debian entry takes SUITE PACKAGE");
	expect_error("6.1 debian bookworm linux-source-6.1 1 extra\n", "kernels.list:1: a debian entry");
	expect_error("6.1 debian bookworm linux-image-6.1\n", "kernels.list:1: 'linux-image-6.1' is not a linux-source");
	expect_error("6.1 debian book/worm linux-source-6.1\n", "kernels.list:1: 'book/worm' is not a Debian suite");
	expect_error("6.1 debian bookworm linux-source-6.1 6.1$\n", "kernels.list:1: '6.1$' is not a Debian version");
	expect_error("x dir\n", "kernels.list:1: a dir entry takes one PATH");
	expect_error("a/b dir /x\n", "kernels.list:1: kernel name 'a/b'");
	expect_error("6.1 dir /a\n6.1 dir /b\n", "kernels.list:2: kernel '6.1' is listed twice");
}

static void follows_the_newest_line(void **state)
{
	(void)state;
	const char *text = "sid     debian sid linux-source\n"
			   "7.x     debian sid linux-source-7.x\n"
			   "6.1     debian bookworm linux-source-6.1\n"
			   "10.x    debian sid linux-source-10.x\n";
	struct kernel_list l;
	if (kernels_list_parse(text, "kernels.list", &l, err, sizeof(err)) != 0)
		fail_msg("%s", err);
	assert_int_equal(l.count, 4);
	const struct kernel_entry *any = &l.entries[0], *seven = &l.entries[1],
				  *fixed = &l.entries[2], *ten = &l.entries[3];
	assert_true(any->follows);
	assert_int_equal(any->follow_major, -1);
	assert_string_equal(any->package, "linux-source");
	assert_string_equal(any->version, "");
	assert_true(seven->follows);
	assert_int_equal(seven->follow_major, 7);
	assert_false(fixed->follows);
	assert_int_equal(ten->follow_major, 10);
	/* which packages each may be */
	assert_true(kernel_entry_takes(any, "linux-source-7.3"));
	assert_true(kernel_entry_takes(any, "linux-source-10.0"));
	assert_false(kernel_entry_takes(any, "linux-source"));
	assert_false(kernel_entry_takes(any, "linux-source-7.3-rt"));
	assert_true(kernel_entry_takes(seven, "linux-source-7.10"));
	assert_false(kernel_entry_takes(seven, "linux-source-8.0"));
	assert_false(kernel_entry_takes(seven, "linux-source-17.0"));
	assert_true(kernel_entry_takes(ten, "linux-source-10.1"));
	assert_false(kernel_entry_takes(ten, "linux-source-1.0"));
	assert_true(kernel_entry_takes(fixed, "linux-source-6.1"));
	assert_false(kernel_entry_takes(fixed, "linux-source-6.12"));
	kernels_list_free(&l);
}

static void reads_a_line_of_kernel_sources(void **state)
{
	(void)state;
	int x = -1, y = -1;
	assert_true(kernel_line_parse("linux-source-9.10", &x, &y));
	assert_int_equal(x, 9);
	assert_int_equal(y, 10);
	static const char *const no[] = { "linux-source", "linux-source-", "linux-source-9",
					  "linux-source-9.", "linux-source-.9", "linux-source-9.x",
					  "linux-source-9.9.1", "linux-source-9.9+b1",
					  "linux-headers-9.9", "linux-source-9.9 " };
	for (size_t i = 0; i < sizeof(no) / sizeof(no[0]); i++)
		if (kernel_line_parse(no[i], &x, &y))
			fail_msg("read as a line: '%s'", no[i]);
}

static void rejects_malformed_follow_forms(void **state)
{
	(void)state;
	expect_error("7.x debian sid linux-source-7.x 7.2.1-1\n",
		     "kernels.list:1: 'linux-source-7.x' follows the suite's newest line: it takes no VERSION");
	expect_error("x debian sid linux-source 7.2.1-1\n", "takes no VERSION");
	expect_error("x debian sid linux-source-x\n", "'linux-source-x' is not a linux-source package");
	expect_error("x debian sid linux-source-7.x.x\n", "is not a linux-source package");
	expect_error("x debian sid linux-source-.x\n", "is not a linux-source package");
	expect_error("x debian sid linux-source-7.2-rt\n", "is not a linux-source package");
	expect_error("x debian sid linux-source-7\n", "is not a linux-source package");
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(parses_the_shipped_format),
		cmocka_unit_test(empty_file_is_an_empty_list),
		cmocka_unit_test(rejects_malformed_lines_with_their_number),
		cmocka_unit_test(follows_the_newest_line),
		cmocka_unit_test(reads_a_line_of_kernel_sources),
		cmocka_unit_test(rejects_malformed_follow_forms),
	};
	return cmocka_run_group_tests_name("kernels_list", tests, NULL, NULL);
}
