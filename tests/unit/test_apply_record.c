// SPDX-License-Identifier: GPL-2.0-only
/* Unit tests: apply's hand-off to the later stages, CACHE/work/NAME/apply.json
 * (backport/apply/apply_record.c). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "apply_record.h"
#include "feature_table.h"
#include "fsutil.h"

#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static size_t index_of(const char *name)
{
	const struct feature *f = feature_find(name);
	assert_non_null(f);
	return (size_t)(f - features);
}

static const char *const constify_diff =
	"--- a/fs/9p/xattr.c\n+++ b/fs/9p/xattr.c\n@@ -1 +1 @@\n"
	"-static struct xattr_handler v9fs_xattr_user_handler = {\n"
	"+static const struct xattr_handler v9fs_xattr_user_handler = {\n";

static void what_apply_wrote_reads_back(void **state)
{
	(void)state;
	char tmpl[] = "/tmp/hb-record-XXXXXX";
	assert_non_null(mkdtemp(tmpl));
	char *path = fs_join(tmpl, "apply.json");
	struct feature_result results[FEATURES_MAX];
	memset(results, 0, sizeof(results));
	size_t k = index_of("kallsyms_mode"), d = index_of("dmesg_restrict"),
	       c = index_of("constify_ops"), m = index_of("modules_restrict");
	results[k] = (struct feature_result){ .outcome = OUTCOME_CHANGED, .files = 1 };
	results[d] = (struct feature_result){ .outcome = OUTCOME_PRESENT };
	results[c] = (struct feature_result){ .outcome = OUTCOME_CHANGED, .files = 1,
					      .diff = (char *)constify_diff, .verified = true,
					      .compiled = 1 };
	/* modules_restrict is left out of the selection: unknown when read */
	results[m] = (struct feature_result){ .outcome = OUTCOME_CHANGED };
	unsigned mask = (1u << k) | (1u << d) | (1u << c);
	assert_int_equal(apply_record_write(path, "6.1.176-1", results, mask), 0);

	struct apply_record r;
	char err[256];
	assert_int_equal(apply_record_read(path, &r, err, sizeof(err)), 0);
	assert_string_equal(r.version, "6.1.176-1");
	assert_int_equal(r.outcome[k], OUTCOME_CHANGED);
	assert_int_equal(r.outcome[d], OUTCOME_PRESENT);
	assert_int_equal(r.outcome[m], OUTCOME_UNKNOWN);
	assert_int_equal(r.files[c], 1);
	assert_int_equal(apply_record_changed(&r), (1u << k) | (1u << c));
	assert_non_null(r.manifest[c]);
	assert_string_equal(r.manifest[c], "v9fs_xattr_user_handler fs/9p/xattr.c\n");
	assert_null(r.manifest[k]);
	/* what apply hands on in memory is what a later command reads back */
	struct apply_record m_r;
	apply_record_of("6.1.176-1", results, mask, &m_r);
	assert_string_equal(m_r.version, r.version);
	assert_memory_equal(m_r.outcome, r.outcome, sizeof(r.outcome));
	assert_memory_equal(m_r.files, r.files, sizeof(r.files));
	assert_string_equal(m_r.manifest[c], r.manifest[c]);
	assert_null(m_r.manifest[k]);
	apply_record_free(&m_r);
	apply_record_free(&r);
	unlink(path);
	free(path);
	rmdir(tmpl);
}

static void no_record_says_apply_has_not_run(void **state)
{
	(void)state;
	struct apply_record r;
	char err[256];
	assert_int_equal(apply_record_read("/nonexistent/apply.json", &r, err, sizeof(err)), -1);
	assert_non_null(strstr(err, "apply has not run"));
	apply_record_free(&r);
}

static void a_broken_record_is_named(void **state)
{
	(void)state;
	char tmpl[] = "/tmp/hb-record-XXXXXX";
	assert_non_null(mkdtemp(tmpl));
	char *path = fs_join(tmpl, "apply.json");
	assert_int_equal(fs_write_file_atomic(path, "{\"features\": 3}\n", 16), 0);
	struct apply_record r;
	char err[256];
	assert_int_equal(apply_record_read(path, &r, err, sizeof(err)), -1);
	assert_non_null(strstr(err, path));
	apply_record_free(&r);
	unlink(path);
	free(path);
	rmdir(tmpl);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(what_apply_wrote_reads_back),
		cmocka_unit_test(no_record_says_apply_has_not_run),
		cmocka_unit_test(a_broken_record_is_named),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
