// SPDX-License-Identifier: GPL-2.0-only
/* Unit tests of the records the stages leave in the cache (backport/lib/record.c): one JSON
 * layout, read back only as the kind and layout it was written as. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "fsutil.h"
#include "record.h"

#include <stdlib.h>
#include <string.h>

static void a_record_reads_back_as_its_kind_and_layout(void **state)
{
	(void)state;
	json_t *rec = hb_record_new("fetch", 1);
	json_object_set_new(rec, "tree", json_string("/cache/src/linux-source-6.1_6.1.192-3"));
	char *text = hb_record_text(rec);
	assert_non_null(strstr(text, "\"record\": \"fetch\""));
	assert_non_null(strstr(text, "\"record_version\": 1"));
	assert_int_equal(text[strlen(text) - 1], '\n');
	json_t *back = hb_record_parse(text, "fetch", 1);
	assert_non_null(back);
	assert_string_equal(hb_record_str(back, "tree"), "/cache/src/linux-source-6.1_6.1.192-3");
	assert_string_equal(hb_record_str(back, "package"), ""); /* a field it has not */
	json_decref(back);
	assert_null(hb_record_parse(text, "source", 1)); /* another kind */
	assert_null(hb_record_parse(text, "fetch", 2));  /* another layout */
	free(text);
	json_decref(rec);
	assert_null(hb_record_parse(NULL, "fetch", 1));
	assert_null(hb_record_parse("version=6.1.192-3\ntree=/t\n", "fetch", 1));
	assert_null(hb_record_parse("[1, 2]", "fetch", 1));
	assert_null(hb_record_parse("{\"record\": \"fetch\", \"record_version\": \"1\"}", "fetch", 1));
}

static void a_record_is_written_and_read_by_path(void **state)
{
	(void)state;
	char dir[] = "/tmp/hb-test-record-XXXXXX";
	assert_non_null(mkdtemp(dir));
	char *path = fs_join(dir, "stamp");
	assert_null(hb_record_read(path, "apply-stamp", 1)); /* none yet */
	json_t *rec = hb_record_new("apply-stamp", 1);
	json_object_set_new(rec, "rules", json_string("00000000000000aa"));
	assert_int_equal(hb_record_write(path, rec), 0);
	json_t *back = hb_record_read(path, "apply-stamp", 1);
	assert_non_null(back);
	assert_true(json_equal(rec, back));
	json_decref(back);
	json_decref(rec);
	fs_remove_tree(dir);
	free(path);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(a_record_reads_back_as_its_kind_and_layout),
		cmocka_unit_test(a_record_is_written_and_read_by_path),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
