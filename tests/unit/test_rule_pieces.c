// SPDX-License-Identifier: GPL-2.0-only
/* Unit tests: a rule's "// Piece:" lines and the pieces a diff lacks (apply/rules/rule_pieces.c). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "fsutil.h"
#include "rule_pieces.h"

#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static char *rule_file(const char *text)
{
	char tmpl[] = "/tmp/hb-pieces-XXXXXX";
	int fd = mkstemp(tmpl);
	assert_true(fd >= 0);
	assert_int_equal(write(fd, text, strlen(text)), (ssize_t)strlen(text));
	close(fd);
	return strdup(tmpl);
}

static const char *const rule = "/// A rule\n"
				"// Piece: sysctl entry: \\.procname[[:space:]]*= \"modules_restrict\"\n"
				"// Piece: autoload check: modules_restrict == 2\n"
				"virtual patch\n";

static const char *const half = "--- a/kernel/sysctl.c\n"
				"+++ b/kernel/sysctl.c\n"
				"@@ -1,2 +1,3 @@\n"
				" \t{\n"
				"+\t\t.procname\t= \"modules_restrict\",\n"
				"-\t\tif (modules_restrict == 2)\n";

static void a_diff_without_a_piece_names_it(void **state)
{
	(void)state;
	char err[256];
	char *path = rule_file(rule);
	struct rule_pieces *p = rule_pieces_load(path, err, sizeof(err));
	assert_non_null(p);
	assert_int_equal(rule_pieces_count(p), 2);
	/* the check is on a removed line only: missing */
	char *missing = rule_pieces_missing(p, half);
	assert_string_equal(missing, "no autoload check");
	free(missing);
	char *whole = xasprintf("%s+\tif (modules_restrict == 2)\n", half);
	missing = rule_pieces_missing(p, whole);
	assert_string_equal(missing, "");
	free(missing);
	missing = rule_pieces_missing(p, "");
	assert_string_equal(missing, "no sysctl entry, no autoload check");
	free(missing);
	free(whole);
	rule_pieces_free(p);
	unlink(path);
	free(path);
}

static void a_rule_without_pieces_has_none(void **state)
{
	(void)state;
	char err[256];
	char *path = rule_file("/// no pieces\nvirtual patch\n");
	assert_null(rule_pieces_load(path, err, sizeof(err)));
	assert_string_equal(err, "");
	unlink(path);
	free(path);
}

static void a_malformed_piece_is_an_error(void **state)
{
	(void)state;
	char err[256];
	char *path = rule_file("// Piece: no expression here\n");
	assert_null(rule_pieces_load(path, err, sizeof(err)));
	assert_non_null(strstr(err, "want NAME: REGEX"));
	unlink(path);
	free(path);
	path = rule_file("// Piece: bad: a(b\n");
	assert_null(rule_pieces_load(path, err, sizeof(err)));
	assert_non_null(strstr(err, "piece bad"));
	unlink(path);
	free(path);
}

/* A tree that had the sysctl entry before the rule ran: the diff adds only the check. */
static void a_piece_the_tree_had_before_counts(void **state)
{
	(void)state;
	char err[256];
	char *path = rule_file(rule);
	struct rule_pieces *p = rule_pieces_load(path, err, sizeof(err));
	assert_non_null(p);
	char tree[] = "/tmp/hb-pieces-tree-XXXXXX";
	assert_non_null(mkdtemp(tree));
	char *dir = fs_join(tree, "kernel"), *file = fs_join(tree, "kernel/sysctl.c");
	assert_int_equal(fs_mkdir_p(dir, 0755), 0);
	const char *text = "static struct ctl_table t[] = {\n\t{\n"
			   "\t\t.procname\t= \"modules_restrict\",\n\t},\n};\n";
	assert_int_equal(fs_write_file_atomic(file, text, strlen(text)), 0);
	const char *check_only = "+++ b/kernel/kmod.c\n+\tif (modules_restrict == 2)\n";
	char *missing = rule_pieces_missing_in_tree(p, check_only, tree);
	assert_string_equal(missing, "");
	free(missing);
	/* without the tree, the diff alone lacks the entry */
	missing = rule_pieces_missing(p, check_only);
	assert_string_equal(missing, "no sysctl entry");
	free(missing);
	/* the entry only in a file that is no C source does not count */
	assert_int_equal(unlink(file), 0);
	char *doc = fs_join(tree, "kernel/sysctl.txt");
	assert_int_equal(fs_write_file_atomic(doc, text, strlen(text)), 0);
	missing = rule_pieces_missing_in_tree(p, check_only, tree);
	assert_string_equal(missing, "no sysctl entry");
	free(missing);
	fs_remove_tree(tree);
	free(doc);
	free(dir);
	free(file);
	rule_pieces_free(p);
	unlink(path);
	free(path);
}

static void what_a_report_says_is_incomplete(void **state)
{
	(void)state;
	const char *report = "kernel/kmod.c:1:2-3: modules_restrict: would add the check\n"
			     "kernel/module.c:9:1-2: modules_restrict: incomplete: no load check (x)\n"
			     "kernel/kmod.c:4:1-2: modules_restrict: incomplete: no extern (y)\n";
	char *what = rule_report_incomplete(report);
	assert_string_equal(what, "no load check (x); no extern (y)");
	free(what);
	what = rule_report_incomplete("a.c:1:1-2: r: would change\n");
	assert_string_equal(what, "");
	free(what);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(a_diff_without_a_piece_names_it),
		cmocka_unit_test(a_rule_without_pieces_has_none),
		cmocka_unit_test(a_malformed_piece_is_an_error),
		cmocka_unit_test(a_piece_the_tree_had_before_counts),
		cmocka_unit_test(what_a_report_says_is_incomplete),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
