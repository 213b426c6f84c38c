// SPDX-License-Identifier: GPL-2.0-only
/* Unit tests: a feature's fix of another subsystem as a patch of its own (diff_split.h,
 * series_parts()), the blank line the driver drops from a rule's ctl_table entry (diff_tidy.h),
 * and a command-line parameter's entry in kernel-parameters.txt (doc_param.h). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "apply_series.h"
#include "diff_split.h"
#include "diff_tidy.h"
#include "doc_param.h"
#include "feature_table.h"

#include <stdlib.h>
#include <string.h>

/* spatch's section of one file, a text diff's section of another, a third with a removed line
 * that starts with "-- " inside a hunk (no header). */
static const char diff[] =
	"diff -u -p a/kernel/kmod.c b/kernel/kmod.c\n"
	"--- a/kernel/kmod.c\n"
	"+++ b/kernel/kmod.c\n"
	"@@ -1,2 +1,3 @@\n"
	" a\n"
	"+b\n"
	" c\n"
	"diff -u -p a/net/tipc/crypto.c b/net/tipc/crypto.c\n"
	"--- a/net/tipc/crypto.c\n"
	"+++ b/net/tipc/crypto.c\n"
	"@@ -5,2 +5,2 @@\n"
	"--- not a header\n"
	"+x\n"
	" y\n"
	"--- a/Documentation/admin-guide/kernel-parameters.txt\n"
	"+++ b/Documentation/admin-guide/kernel-parameters.txt\n"
	"@@ -1 +1,2 @@\n"
	" d\n"
	"+e\n";

static void a_file_is_taken_out_of_a_diff(void **state)
{
	(void)state;
	char *rest;
	char *part = diff_split_file(diff, "net/tipc/crypto.c", &rest);
	assert_string_equal(part, "diff -u -p a/net/tipc/crypto.c b/net/tipc/crypto.c\n"
				  "--- a/net/tipc/crypto.c\n"
				  "+++ b/net/tipc/crypto.c\n"
				  "@@ -5,2 +5,2 @@\n"
				  "--- not a header\n"
				  "+x\n"
				  " y\n");
	assert_non_null(strstr(rest, "+++ b/kernel/kmod.c\n"));
	assert_non_null(strstr(rest, "+++ b/Documentation/admin-guide/kernel-parameters.txt\n"
				     "@@ -1 +1,2 @@\n d\n+e\n"));
	assert_null(strstr(rest, "tipc"));
	assert_int_equal(strlen(part) + strlen(rest), strlen(diff));
	free(part);
	free(rest);
	part = diff_split_file(diff, "no/such.c", &rest);
	assert_string_equal(part, "");
	assert_string_equal(rest, diff);
	free(part);
	free(rest);
}

/* A feature of the test's own, as modules_restrict.feature.h names its TIPC fix. */
static const struct feature_split tipc = {
	.path = "net/tipc/crypto.c",
	.suffix = "tipc",
	.subject = "tipc: accept a received key for gcm(aes) only",
	.why = "Why.",
	.fixes = "1ef6f7c9390f (\"tipc: add automatic session key exchange\")",
};
static const struct feature with_split = {
	.name = "modules_restrict",
	.subject = "module: add kernel.modules_restrict (MODHARDEN)",
	.why = "Why.",
	.split = &tipc,
};

static void a_split_is_a_patch_of_its_own_first(void **state)
{
	(void)state;
	const struct feature *f = &with_split;
	char *split, *rest;
	assert_int_equal(series_parts(f, diff, &split, &rest), 2);
	assert_non_null(strstr(split, "+++ b/net/tipc/crypto.c"));
	assert_null(strstr(rest, "tipc"));
	char *text = series_split_text(f, split, "Debian's linux-source-6.1 6.1.1-1", NULL, 1, 2);
	assert_non_null(strstr(text, "\nSubject: [PATCH 1/2] tipc: "));
	assert_non_null(strstr(text, "\n\nFixes: 1ef6f7c9390f (\"tipc: add automatic session key "
				     "exchange\")\n---\n"));
	char *name = series_split_name(1, f);
	assert_string_equal(name, "0001-modules_restrict-tipc.patch");
	free(name);
	free(text);
	free(split);
	free(rest);
	/* a tree without the fix's file: one patch, the whole diff */
	assert_int_equal(series_parts(f, "--- a/x\n+++ b/x\n@@ -1 +1 @@\n-a\n+b\n", &split, &rest), 1);
	assert_null(split);
	free(rest);
	/* a feature without a split */
	f = feature_find("kallsyms_mode");
	assert_int_equal(series_parts(f, diff, &split, &rest), 1);
	assert_null(split);
	assert_string_equal(rest, diff);
	free(rest);
}

static void the_blank_line_before_an_added_brace_goes(void **state)
{
	(void)state;
	static const char in[] =
		"--- a/kernel/sysctl.c\n"
		"+++ b/kernel/sysctl.c\n"
		"@@ -10,3 +10,7 @@ static struct ctl_table kern_table[] = {\n"
		" \t},\n"
		"+\t{\n"
		"+\t\t.extra2\t\t= SYSCTL_TWO,\n"
		"+\n"
		"+\t},\n"
		" #endif\n"
		" \t{ }\n"
		"@@ -40,2 +44,3 @@ static int f(void)\n"
		" a\n"
		"+\n"
		" b\n"
		"--- a/x.c\n"
		"+++ b/x.c\n"
		"@@ -1,1 +1,2 @@\n"
		" a\n"
		"+b\n";
	char *out = diff_drop_blank_before_brace(in);
	assert_string_equal(out, "--- a/kernel/sysctl.c\n"
				 "+++ b/kernel/sysctl.c\n"
				 "@@ -10,3 +10,6 @@ static struct ctl_table kern_table[] = {\n"
				 " \t},\n"
				 "+\t{\n"
				 "+\t\t.extra2\t\t= SYSCTL_TWO,\n"
				 "+\t},\n"
				 " #endif\n"
				 " \t{ }\n"
				 "@@ -40,2 +43,3 @@ static int f(void)\n"
				 " a\n"
				 "+\n"
				 " b\n"
				 "--- a/x.c\n"
				 "+++ b/x.c\n"
				 "@@ -1,1 +1,2 @@\n"
				 " a\n"
				 "+b\n");
	free(out);
}

static const char params[] =
	"\tmodule.sig_enforce\n"
	"\t\t\t[KNL] When CONFIG_MODULE_SIG is set, this means that\n"
	"\n"
	"\tmodule_blacklist=  [KNL] Do not load a comma-separated list of\n"
	"\t\t\tmodules.  Useful for debugging problem modules.\n"
	"\n"
	"\tmousedev.tap_time=\n"
	"\t\t\t[MOUSE] Maximum time between finger touching and\n";

static void a_parameter_goes_in_alphabetical_place(void **state)
{
	(void)state;
	assert_false(doc_param_has(params, "modules_restrict="));
	assert_true(doc_param_has(params, "module_blacklist="));
	char *out = doc_param_insert(params, "modules_restrict=", "[KNL] The level.\nDefault: 0.");
	assert_non_null(out);
	assert_non_null(strstr(out, "\t\t\tmodules.  Useful for debugging problem modules.\n"
				    "\n"
				    "\tmodules_restrict=\n"
				    "\t\t\t[KNL] The level.\n"
				    "\t\t\tDefault: 0.\n"
				    "\n"
				    "\tmousedev.tap_time=\n"));
	assert_true(doc_param_has(out, "modules_restrict="));
	free(out);
	/* nothing sorts before it: no place */
	assert_null(doc_param_insert(params, "aaa=", "x"));
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(a_file_is_taken_out_of_a_diff),
		cmocka_unit_test(a_split_is_a_patch_of_its_own_first),
		cmocka_unit_test(the_blank_line_before_an_added_brace_goes),
		cmocka_unit_test(a_parameter_goes_in_alphabetical_place),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
