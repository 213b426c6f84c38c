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

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(parses_the_shipped_format),
		cmocka_unit_test(empty_file_is_an_empty_list),
		cmocka_unit_test(rejects_malformed_lines_with_their_number),
	};
	return cmocka_run_group_tests_name("kernels_list", tests, NULL, NULL);
}
