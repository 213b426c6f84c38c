// SPDX-License-Identifier: GPL-2.0-only
/* Unit tests: the series as git format-patch writes it (mbox_patch.h, apply_series.h): the
 * headers, [PATCH n/N], the diffstat, Signed-off-by:, the cover letter, the author. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "apply_series.h"
#include "feature_table.h"
#include "fsutil.h"
#include "mbox_patch.h"

#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static const char diff_one[] = "diff -u -p a/kernel/kallsyms.c b/kernel/kallsyms.c\n"
			       "--- a/kernel/kallsyms.c\n"
			       "+++ b/kernel/kallsyms.c\n"
			       "@@ -1046,7 +1046,7 @@ static const struct proc_ops kallsyms_pr\n"
			       " \n"
			       " static int __init kallsyms_init(void)\n"
			       " {\n"
			       "-\tproc_create(\"kallsyms\", 0444, NULL, &kallsyms_proc_ops);\n"
			       "+\tproc_create(\"kallsyms\", 0400, NULL, &kallsyms_proc_ops);\n"
			       " \treturn 0;\n"
			       " }\n"
			       " device_initcall(kallsyms_init);\n";

/* A removed line that reads like a header ("-- x" once its '-' is taken off) and a
 * timestamp after the name, as diff -u writes it. */
static const char diff_two[] = "--- a/b.c\t2024-01-01 00:00:00\n"
			       "+++ b/b.c\t2024-01-01 00:00:00\n"
			       "@@ -1,2 +1,3 @@\n"
			       "--- x\n"
			       "+++ y\n"
			       "+z\n"
			       " w\n"
			       "\\ No newline at end of file\n"
			       "diff -u -p a/a.c b/a.c\n"
			       "--- a/a.c\n"
			       "+++ b/a.c\n"
			       "@@ -5 +5,2 @@\n"
			       " q\n"
			       "+r\n";

static const struct mbox_meta meta = { .author = "A U Thor <author@example.org>",
				       .date = 1720000000, /* Wed, 3 Jul 2024 09:46:40 UTC */
				       .index = 2,
				       .total = 4 };

static void header_is_format_patch_s(void **state)
{
	(void)state;
	char *text = mbox_patch(&meta, "kallsyms: make /proc/kallsyms mode 0400", "Why.\n", diff_one);
	/* "From " + 40 hex digits + git's fixed date */
	assert_int_equal(strncmp(text, "From ", 5), 0);
	assert_int_equal(strspn(text + 5, "0123456789abcdef"), 40);
	const char *rest = text + 45;
	assert_string_equal(rest,
		" Mon Sep 17 00:00:00 2001\n"
		"From: A U Thor <author@example.org>\n"
		"Date: Wed, 3 Jul 2024 09:46:40 +0000\n"
		"Subject: [PATCH 2/4] kallsyms: make /proc/kallsyms mode 0400\n"
		"\n"
		"Why.\n"
		"---\n"
		" kernel/kallsyms.c | 2 +-\n"
		" 1 file changed, 1 insertion(+), 1 deletion(-)\n"
		"\n"
		"diff -u -p a/kernel/kallsyms.c b/kernel/kallsyms.c\n"
		"--- a/kernel/kallsyms.c\n"
		"+++ b/kernel/kallsyms.c\n"
		"@@ -1046,7 +1046,7 @@ static const struct proc_ops kallsyms_pr\n"
		" \n"
		" static int __init kallsyms_init(void)\n"
		" {\n"
		"-\tproc_create(\"kallsyms\", 0444, NULL, &kallsyms_proc_ops);\n"
		"+\tproc_create(\"kallsyms\", 0400, NULL, &kallsyms_proc_ops);\n"
		" \treturn 0;\n"
		" }\n"
		" device_initcall(kallsyms_init);\n"
		"-- \n"
		"hardening-backport\n"
		"\n");
	/* the same input, the same bytes (the From line's hash included); another, another */
	char *again = mbox_patch(&meta, "kallsyms: make /proc/kallsyms mode 0400", "Why.\n", diff_one);
	assert_string_equal(text, again);
	char *other = mbox_patch(&meta, "kallsyms: make /proc/kallsyms mode 0400", "Why!\n", diff_one);
	assert_memory_not_equal(text, other, 45);
	free(other);
	free(again);
	free(text);
}

static void subject_is_numbered_as_format_patch_does(void **state)
{
	(void)state;
	char *p = mbox_subject_prefix(1, 0);
	assert_string_equal(p, "[PATCH]");
	free(p);
	p = mbox_subject_prefix(3, 4);
	assert_string_equal(p, "[PATCH 3/4]");
	free(p);
	p = mbox_subject_prefix(3, 12);
	assert_string_equal(p, "[PATCH 03/12]");
	free(p);
	p = mbox_subject_prefix(0, 4);
	assert_string_equal(p, "[PATCH 0/4]");
	free(p);
}

static void dates_are_rfc2822_in_utc(void **state)
{
	(void)state;
	char *d = mbox_date(0);
	assert_string_equal(d, "Thu, 1 Jan 1970 00:00:00 +0000");
	free(d);
	d = mbox_date(1723270143); /* 5.10.223's Makefile */
	assert_string_equal(d, "Sat, 10 Aug 2024 06:09:03 +0000");
	free(d);
}

static void diffstat_counts_hunks_not_lookalike_headers(void **state)
{
	(void)state;
	struct diffstat s = { 0 };
	diffstat_add(&s, diff_two);
	assert_int_equal(s.count, 2);
	assert_string_equal(s.files[0].name, "b.c");
	assert_int_equal(s.files[0].added, 2);
	assert_int_equal(s.files[0].deleted, 1);
	assert_string_equal(s.files[1].name, "a.c");
	assert_int_equal(s.files[1].added, 1);
	/* a second patch on the same file adds up; sorting gives git's order */
	diffstat_add(&s, diff_two);
	assert_int_equal(s.count, 2);
	assert_int_equal(s.files[0].added, 4);
	diffstat_sort(&s);
	char *out = diffstat_format(&s, MBOX_STAT_WIDTH);
	assert_string_equal(out, " a.c | 2 ++\n"
				 " b.c | 6 ++++--\n"
				 " 2 files changed, 6 insertions(+), 2 deletions(-)\n");
	free(out);
	diffstat_free(&s);
}

static void diffstat_scales_and_shortens_like_git(void **state)
{
	(void)state;
	/* Checked against git diff --stat=72 of the same changes. */
	struct diffstat_file files[] = {
		{ "drivers/gpu/drm/display/some/very/long/path/to/a/file/name_that_is_long.c",
		  200, 100 },
		{ "kernel/sysctl.c", 3, 0 },
		{ "mm/x.c", 0, 1 },
	};
	struct diffstat s = { files, 3 };
	char *out = diffstat_format(&s, MBOX_STAT_WIDTH);
	assert_string_equal(out,
		" .../long/path/to/a/file/name_that_is_long.c   | 300 ++++++++++++------\n"
		" kernel/sysctl.c                               |   3 +\n"
		" mm/x.c                                        |   1 -\n"
		" 3 files changed, 203 insertions(+), 101 deletions(-)\n");
	free(out);
	struct diffstat_file only_deleted[] = { { "x", 0, 2 } };
	struct diffstat d = { only_deleted, 1 };
	out = diffstat_format(&d, MBOX_STAT_WIDTH);
	assert_string_equal(out, " x | 2 --\n 1 file changed, 2 deletions(-)\n");
	free(out);
}

static void signoff_ends_the_message(void **state)
{
	(void)state;
	struct mbox_meta m = meta;
	m.signoff = true;
	char *text = mbox_patch(&m, "s: t", "Para one.\n\nPara two.\n", diff_one);
	assert_non_null(strstr(text, "\n\nPara one.\n\nPara two.\n\n"
				     "Signed-off-by: A U Thor <author@example.org>\n---\n"
				     " kernel/kallsyms.c | 2 +-\n"));
	free(text);
	m.author = NULL;
	text = mbox_patch(&m, "s: t", "P.", diff_one);
	assert_non_null(strstr(text, "\nFrom: " MBOX_PLACEHOLDER_AUTHOR "\n"));
	assert_non_null(strstr(text, "\n\nP.\n\nSigned-off-by: " MBOX_PLACEHOLDER_AUTHOR "\n---\n"));
	free(text);
}

static void cover_letter_has_shortlog_and_whole_diffstat(void **state)
{
	(void)state;
	const char *subjects[] = { "a: one", "b: two", NULL };
	struct mbox_meta m = meta;
	m.index = 0;
	m.total = 2;
	char *text = mbox_cover_letter(&m, "hardenings for X", "Blurb.\n", subjects,
				       " a.c | 1 +\n 1 file changed, 1 insertion(+)\n");
	assert_non_null(strstr(text, " Mon Sep 17 00:00:00 2001\nFrom: A U Thor <author@example.org>\n"
				     "Date: Wed, 3 Jul 2024 09:46:40 +0000\n"
				     "Subject: [PATCH 0/2] hardenings for X\n"
				     "\n"
				     "Blurb.\n"
				     "\n"
				     "A U Thor (2):\n"
				     "  a: one\n"
				     "  b: two\n"
				     "\n"
				     " a.c | 1 +\n"
				     " 1 file changed, 1 insertion(+)\n"
				     "\n"
				     "-- \n"
				     "hardening-backport\n"
				     "\n"));
	free(text);
}

static void authors_are_name_and_address(void **state)
{
	(void)state;
	assert_true(mbox_author_valid("A U Thor <author@example.org>"));
	assert_true(mbox_author_valid(MBOX_PLACEHOLDER_AUTHOR));
	assert_false(mbox_author_valid("author@example.org"));
	assert_false(mbox_author_valid("<author@example.org>"));
	assert_false(mbox_author_valid("A <b> c"));
	assert_false(mbox_author_valid("A <>"));
	assert_false(mbox_author_valid("A <b c>"));
	assert_false(mbox_author_valid("A\n <b>"));
	assert_false(mbox_author_valid(NULL));
	char *name = mbox_author_name("A U Thor <author@example.org>");
	assert_string_equal(name, "A U Thor");
	free(name);
}

static void opts_date_from_source_date_epoch_else_the_tree(void **state)
{
	(void)state;
	char root[] = "/tmp/hb-test-mbox-XXXXXX";
	assert_non_null(mkdtemp(root));
	char *makefile = fs_join(root, "Makefile");
	assert_int_equal(fs_write_file_atomic(makefile, "VERSION = 6\n", 12), 0);
	char *cmd = xasprintf("touch -d @1700000000 '%s'", makefile);
	assert_int_equal(system(cmd), 0);
	struct hb_ctx ctx = { 0 };
	ctx.author = "X Y <x@y.z>";
	ctx.signoff = true;
	struct series_opts o;
	unsetenv("SOURCE_DATE_EPOCH");
	series_opts_init(&o, &ctx, root);
	assert_int_equal(o.date, 1700000000);
	assert_string_equal(o.author, "X Y <x@y.z>");
	assert_true(o.signoff);
	assert_false(o.cover_letter);
	series_opts_free(&o);
	setenv("SOURCE_DATE_EPOCH", "1234567890", 1);
	series_opts_init(&o, &ctx, root);
	assert_int_equal(o.date, 1234567890);
	series_opts_free(&o);
	unsetenv("SOURCE_DATE_EPOCH");
	fs_remove_tree(root);
	free(cmd);
	free(makefile);
}

static void author_from_git_config_else_the_placeholder(void **state)
{
	(void)state;
	char root[] = "/tmp/hb-test-mbox-XXXXXX";
	assert_non_null(mkdtemp(root));
	/* a repository of its own, and no global or system config to read */
	setenv("GIT_CONFIG_NOSYSTEM", "1", 1);
	setenv("GIT_CONFIG_GLOBAL", "/dev/null", 1);
	char *cmd = xasprintf("git init -q '%s'", root);
	assert_int_equal(system(cmd), 0);
	assert_null(series_git_author(root));
	struct hb_ctx ctx = { 0 };
	ctx.repo = root;
	struct series_opts o;
	series_opts_init(&o, &ctx, NULL);
	assert_string_equal(o.author, MBOX_PLACEHOLDER_AUTHOR);
	series_opts_free(&o);
	free(cmd);
	cmd = xasprintf("git -C '%s' config user.name 'A U Thor' && "
			"git -C '%s' config user.email author@example.org", root, root);
	assert_int_equal(system(cmd), 0);
	char *author = series_git_author(root);
	assert_string_equal(author, "A U Thor <author@example.org>");
	series_opts_init(&o, &ctx, NULL);
	assert_string_equal(o.author, "A U Thor <author@example.org>");
	series_opts_free(&o);
	ctx.author = "X Y <x@y.z>"; /* --author wins */
	series_opts_init(&o, &ctx, NULL);
	assert_string_equal(o.author, "X Y <x@y.z>");
	series_opts_free(&o);
	unsetenv("GIT_CONFIG_NOSYSTEM");
	unsetenv("GIT_CONFIG_GLOBAL");
	fs_remove_tree(root);
	free(author);
	free(cmd);
}

static bool has(const char *dir, const char *name)
{
	char *p = fs_join(dir, name);
	bool yes = fs_exists(p);
	free(p);
	return yes;
}

static void series_write_numbers_and_adds_the_cover_letter(void **state)
{
	(void)state;
	char root[] = "/tmp/hb-test-mbox-XXXXXX";
	assert_non_null(mkdtemp(root));
	char *dir = fs_join(root, "patches");
	struct feature_result results[FEATURES_MAX];
	memset(results, 0, sizeof(results));
	for (size_t i = 0; i < features_count; i++)
		results[i].outcome = OUTCOME_NOT_APPLICABLE;
	assert_true(features_count >= 2);
	results[0].outcome = results[1].outcome = OUTCOME_CHANGED;
	results[0].diff = (char *)diff_one;
	results[1].diff = (char *)diff_two;
	struct series_opts o = { .author = "A U Thor <author@example.org>", .date = 0,
				 .cover_letter = true };
	assert_int_equal(series_write(dir, results, 3u, "Linux 6.1.0", &o), 2);
	assert_true(has(dir, "0000-cover-letter.patch"));
	char *series_path = fs_join(dir, "series");
	char *series = fs_read_file(series_path, NULL);
	char *n1 = series_patch_name(1, &features[0]), *n2 = series_patch_name(2, &features[1]);
	char *want = xasprintf("%s\n%s\n", n1, n2);
	assert_string_equal(series, want); /* the cover letter is no patch of the series */
	char *p1 = fs_join(dir, n1);
	char *t1 = fs_read_file(p1, NULL);
	char *subject = xasprintf("\nSubject: [PATCH 1/2] %s\n", features[0].subject);
	assert_non_null(strstr(t1, subject));
	char *cl_path = fs_join(dir, "0000-cover-letter.patch");
	char *cl = fs_read_file(cl_path, NULL);
	assert_non_null(strstr(cl, "\nSubject: [PATCH 0/2] hardenings for Linux 6.1.0\n"));
	char *shortlog = xasprintf("\nA U Thor (2):\n  %s\n  %s\n\n a.c ", features[0].subject,
				   features[1].subject);
	assert_non_null(strstr(cl, shortlog));
	assert_non_null(strstr(cl, " 3 files changed, 4 insertions(+), 2 deletions(-)\n"));
	/* one patch, no cover letter: "[PATCH]", as format-patch writes it */
	o.cover_letter = false;
	assert_int_equal(series_write(dir, results, 1u, "Linux 6.1.0", &o), 1);
	assert_false(has(dir, "0000-cover-letter.patch"));
	free(t1);
	t1 = fs_read_file(p1, NULL);
	free(subject);
	subject = xasprintf("\nSubject: [PATCH] %s\n", features[0].subject);
	assert_non_null(strstr(t1, subject));
	fs_remove_tree(root);
	free(shortlog);
	free(cl);
	free(cl_path);
	free(subject);
	free(t1);
	free(p1);
	free(want);
	free(n1);
	free(n2);
	free(series);
	free(series_path);
	free(dir);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(header_is_format_patch_s),
		cmocka_unit_test(subject_is_numbered_as_format_patch_does),
		cmocka_unit_test(dates_are_rfc2822_in_utc),
		cmocka_unit_test(diffstat_counts_hunks_not_lookalike_headers),
		cmocka_unit_test(diffstat_scales_and_shortens_like_git),
		cmocka_unit_test(signoff_ends_the_message),
		cmocka_unit_test(cover_letter_has_shortlog_and_whole_diffstat),
		cmocka_unit_test(authors_are_name_and_address),
		cmocka_unit_test(opts_date_from_source_date_epoch_else_the_tree),
		cmocka_unit_test(author_from_git_config_else_the_placeholder),
		cmocka_unit_test(series_write_numbers_and_adds_the_cover_letter),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
