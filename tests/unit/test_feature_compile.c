// SPDX-License-Identifier: GPL-2.0-only
/* Unit tests: which changed files apply's compile check may leave alone (a change inside
 * string literals only, as pk_pointers' %p -> %pK) and which it must compile. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "feature_compile.h"

static void a_format_specifier_inside_a_string_needs_no_compile(void **state)
{
	(void)state;
	assert_true(diff_changes_only_strings(
		"diff -u -p a/net/x.c b/net/x.c\n--- a/net/x.c\n+++ b/net/x.c\n"
		"@@ -10,7 +10,7 @@ static int x_show(struct seq_file *m)\n"
		" \tstruct sock *s = v;\n"
		"-\tseq_printf(m, \"%p %d \\\"%s\\\"\\n\", s, s->sk_state, \"a\");\n"
		"+\tseq_printf(m, \"%pK %d \\\"%s\\\"\\n\", s, s->sk_state, \"a\");\n"
		" \treturn 0;\n"
		"@@ -20,2 +20,2 @@\n"
		"-\tpr_info(\"%p\", p); /* '\"' */\n"
		"+\tpr_info(\"%pK\", p); /* '\"' */\n"));
}

static void a_change_of_code_is_compiled(void **state)
{
	(void)state;
	/* the mode argument: outside any literal */
	assert_false(diff_changes_only_strings(
		"--- a/kernel/kallsyms.c\n+++ b/kernel/kallsyms.c\n@@ -1,3 +1,3 @@\n"
		"-\tproc_create(\"kallsyms\", 0444, NULL, &kallsyms_proc_ops);\n"
		"+\tproc_create(\"kallsyms\", 0400, NULL, &kallsyms_proc_ops);\n"));
	/* a string and an argument on one line */
	assert_false(diff_changes_only_strings(
		"--- a/x.c\n+++ b/x.c\n@@ -1 +1 @@\n"
		"-\tseq_printf(m, \"%p\", p);\n"
		"+\tseq_printf(m, \"%pK\", q);\n"));
}

static void added_or_removed_lines_are_compiled(void **state)
{
	(void)state;
	assert_false(diff_changes_only_strings(
		"--- a/kernel/sysctl.c\n+++ b/kernel/sysctl.c\n@@ -1,2 +1,3 @@\n"
		" int a;\n"
		"+extern int modules_restrict;\n"
		" int b;\n"));
	assert_false(diff_changes_only_strings(
		"--- a/x.c\n+++ b/x.c\n@@ -1,3 +1,2 @@\n"
		" int a;\n"
		"-int b;\n"
		" int c;\n"));
	/* one removed, one added, in different hunks: no pairs */
	assert_false(diff_changes_only_strings(
		"--- a/x.c\n+++ b/x.c\n@@ -1,2 +1,1 @@\n"
		"-\tf(\"a\");\n"
		" x;\n"
		"@@ -9,1 +9,2 @@\n"
		"+\tf(\"b\");\n"
		" y;\n"));
	assert_false(diff_changes_only_strings("--- a/x.c\n+++ b/x.c\n"));
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(a_format_specifier_inside_a_string_needs_no_compile),
		cmocka_unit_test(a_change_of_code_is_compiled),
		cmocka_unit_test(added_or_removed_lines_are_compiled),
	};
	return cmocka_run_group_tests_name("feature_compile", tests, NULL, NULL);
}
