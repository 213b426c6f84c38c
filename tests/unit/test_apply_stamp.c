// SPDX-License-Identifier: GPL-2.0-only
/* Unit tests: the stamp that lets a build reuse the last apply's patched tree. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "apply_stamp.h"
#include "feature_table.h"
#include "fsutil.h"

#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static void write_rule(const char *repo, const char *name, const char *text)
{
	char *path = xasprintf("%s/cocci/%s.cocci", repo, name);
	assert_int_equal(fs_write_file_atomic(path, text, strlen(text)), 0);
	free(path);
}

static void current_until_a_rule_the_tree_or_the_features_change(void **state)
{
	(void)state;
	char repo[] = "/tmp/hb-test-stamp-XXXXXX";
	assert_non_null(mkdtemp(repo));
	char *cocci = fs_join(repo, "cocci"), *work = fs_join(repo, "work");
	char *patched = fs_join(work, "patched");
	fs_mkdir_p(cocci, 0755);
	fs_mkdir_p(patched, 0755);
	for (size_t i = 0; i < features_count; i++)
		write_rule(repo, features[i].name, "virtual patch\n");
	struct hb_ctx ctx;
	memset(&ctx, 0, sizeof(ctx));
	ctx.repo = repo;
	unsigned all = (1u << features_count) - 1;
	assert_false(apply_stamp_current(&ctx, work, "/src/a", all)); /* no stamp yet */
	assert_int_equal(apply_stamp_write(&ctx, work, "/src/a", all), 0);
	assert_true(apply_stamp_current(&ctx, work, "/src/a", all));
	assert_false(apply_stamp_current(&ctx, work, "/src/b", all));
	assert_false(apply_stamp_current(&ctx, work, "/src/a", 1));
	write_rule(repo, features[0].name, "virtual patch\n// changed\n");
	assert_false(apply_stamp_current(&ctx, work, "/src/a", all));
	assert_int_equal(apply_stamp_write(&ctx, work, "/src/a", all), 0);
	assert_true(apply_stamp_current(&ctx, work, "/src/a", all));
	fs_remove_tree(patched);
	assert_false(apply_stamp_current(&ctx, work, "/src/a", all));
	char *missing = xasprintf("%s/cocci/%s.cocci", repo, features[0].name);
	unlink(missing);
	assert_null(apply_stamp_text(&ctx, "/src/a", all));
	free(missing);
	fs_remove_tree(repo);
	free(patched);
	free(work);
	free(cocci);
}

/* apply_last_current: the kernel's fetched tree, its work dir and the stamp, as run and
 * matrix --reuse-apply find them in the cache. */
static void last_apply_of_a_kernel(void **state)
{
	(void)state;
	char repo[] = "/tmp/hb-test-last-XXXXXX";
	assert_non_null(mkdtemp(repo));
	char *cocci = fs_join(repo, "cocci"), *tree = fs_join(repo, "src");
	char *work = xasprintf("%s/work/k", repo), *patched = fs_join(work, "patched");
	char *record_dir = xasprintf("%s/kernels/k", repo);
	char *record = fs_join(record_dir, "fetched");
	fs_mkdir_p(cocci, 0755);
	fs_mkdir_p(tree, 0755);
	fs_mkdir_p(patched, 0755);
	fs_mkdir_p(record_dir, 0755);
	for (size_t i = 0; i < features_count; i++)
		write_rule(repo, features[i].name, "virtual patch\n");
	struct hb_ctx ctx;
	memset(&ctx, 0, sizeof(ctx));
	ctx.repo = repo;
	ctx.cache = repo;
	struct kernel_entry e;
	memset(&e, 0, sizeof(e));
	strcpy(e.name, "k");
	unsigned all = (1u << features_count) - 1;
	struct fetch_record fetched;
	assert_int_equal(fetch_record_read(&ctx, "k", &fetched), -1); /* never fetched */
	char *text = xasprintf("version=1.0-1\ntree=%s\n", tree);
	assert_int_equal(fs_write_file_atomic(record, text, strlen(text)), 0);
	assert_int_equal(fetch_record_read(&ctx, "k", &fetched), -1); /* an older driver's */
	free(text);
	text = xasprintf("{\"record\": \"fetch\", \"record_version\": 1, \"version\": "
			 "\"1.0-1\", \"tree\": \"%s\"}\n", tree);
	assert_int_equal(fs_write_file_atomic(record, text, strlen(text)), 0);
	assert_int_equal(fetch_record_read(&ctx, "k", &fetched), 0);
	assert_string_equal(fetched.tree, tree);
	assert_false(apply_last_current(&ctx, &e, &fetched, all)); /* never applied */
	assert_int_equal(apply_stamp_write(&ctx, work, tree, all), 0);
	assert_true(apply_last_current(&ctx, &e, &fetched, all));
	assert_false(apply_last_current(&ctx, &e, &fetched, 1)); /* other features */
	write_rule(repo, features[0].name, "virtual patch\n// changed\n");
	assert_false(apply_last_current(&ctx, &e, &fetched, all)); /* a rule changed since */
	fs_remove_tree(repo);
	free(text);
	free(record);
	free(record_dir);
	free(patched);
	free(work);
	free(tree);
	free(cocci);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(current_until_a_rule_the_tree_or_the_features_change),
		cmocka_unit_test(last_apply_of_a_kernel),
	};
	return cmocka_run_group_tests_name("apply_stamp", tests, NULL, NULL);
}
