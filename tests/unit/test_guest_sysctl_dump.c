// SPDX-License-Identifier: GPL-2.0-only
/* Unit tests of the guest's sysctl dump (test-initramfs/src/sysctl_dump.c) on a tree of
 * directories and files shaped like /proc/sys: what `sysctl -a` would print, and a later dump
 * that leaves out a top-level directory registered after the first one (a test module's
 * leftover that oopses whoever lists it) while it still reads what is new below the others. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cmocka.h>

#include "../../test-initramfs/src/sysctl_dump.h" /* the driver has one of its own name */

static char root[] = "/tmp/hb-sysctl-dump.XXXXXX";

static void put(const char *rel, const char *text)
{
	char path[512];
	FILE *f;

	snprintf(path, sizeof(path), "%s/%s", root, rel);
	f = fopen(path, "w");
	assert_non_null(f);
	fputs(text, f);
	fclose(f);
}

static void dir(const char *rel)
{
	char path[512];

	snprintf(path, sizeof(path), "%s/%s", root, rel);
	assert_int_equal(mkdir(path, 0755), 0);
}

/* The dump LABEL of the tree, as it went to stdout; *lines: what the dump returned. */
static char *dump(const char *label, unsigned *lines)
{
	FILE *out = tmpfile();
	int saved = dup(STDOUT_FILENO);
	char *text;
	long n;

	assert_non_null(out);
	fflush(stdout);
	dup2(fileno(out), STDOUT_FILENO);
	*lines = hb_sysctl_dump_of(root, label);
	fflush(stdout);
	dup2(saved, STDOUT_FILENO);
	close(saved);
	n = lseek(fileno(out), 0, SEEK_END); /* written through the descriptor, not the FILE */
	text = calloc(1, (size_t)n + 1);
	assert_non_null(text);
	rewind(out);
	assert_int_equal(fread(text, 1, (size_t)n, out), (size_t)n);
	fclose(out);
	return text;
}

static void later_dump_reads_only_the_first_dumps_top_directories(void **state)
{
	unsigned lines;
	char *text;

	(void)state;
	assert_non_null(mkdtemp(root));
	dir("kernel");
	put("kernel/modules_restrict", "1\n");
	dir("net");
	dir("net/core");
	put("net/core/somaxconn", "4096\n");

	text = dump("boot", &lines);
	assert_int_equal(lines, 2);
	assert_non_null(strstr(text, "kernel.modules_restrict = 1\n"));
	assert_non_null(strstr(text, "net.core.somaxconn = 4096\n"));
	assert_non_null(strstr(text, "hb-sysctl-end boot 2 (0 unreadable, 0 with other characters "
				     "left out)\n"));
	free(text);

	/* a test module's directory at the top, and a kernel file added below a known one */
	dir("foo");
	put("foo/qux", "0\n");
	dir("debug");
	put("kernel/io_uring_disabled", "2\n");
	text = dump("end", &lines);
	assert_int_equal(lines, 3);
	assert_non_null(strstr(text, "kernel.io_uring_disabled = 2\n"));
	assert_null(strstr(text, "foo.qux"));
	assert_non_null(strstr(text, "hb-sysctl-end end 3 (0 unreadable, 0 with other characters "
				     "left out, 2 directories registered since the first dump not "
				     "read: debug foo)\n"));
	free(text);
	char rm[128];
	snprintf(rm, sizeof(rm), "rm -rf %s", root);
	assert_int_equal(system(rm), 0);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(later_dump_reads_only_the_first_dumps_top_directories),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
