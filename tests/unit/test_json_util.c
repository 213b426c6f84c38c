// SPDX-License-Identifier: GPL-2.0-only
/* Unit tests: the driver's helpers around jansson (backport/lib/json_util.c): strings from
 * what a guest printed, numbers, the layout of the files written, errors with a position. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "json_util.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static char err[256];

static char *written(const json_t *v)
{
	char *text = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&text, &len);
	assert_non_null(f);
	assert_int_equal(hb_json_write(f, v), 0);
	fclose(f);
	return text;
}

static void strings(void **state)
{
	(void)state;
	json_t *v = hb_json_string(NULL);
	assert_true(json_is_null(v));
	json_decref(v);
	/* valid UTF-8 as it is */
	v = hb_json_string("caf\xc3\xa9 \xf0\x9f\x98\x80");
	assert_string_equal(json_string_value(v), "caf\xc3\xa9 \xf0\x9f\x98\x80");
	json_decref(v);
	/* each byte that starts no valid sequence is U+FFFD: a stray byte, a truncated
	 * sequence, an overlong one, a surrogate */
	v = hb_json_string("bad \xff byte \xc3 \xc0\xaf \xed\xa0\x80 \x01");
	assert_non_null(v);
	assert_string_equal(json_string_value(v),
			    "bad \xef\xbf\xbd byte \xef\xbf\xbd \xef\xbf\xbd\xef\xbf\xbd "
			    "\xef\xbf\xbd\xef\xbf\xbd\xef\xbf\xbd \x01");
	char *text = json_dumps(v, JSON_ENCODE_ANY);
	assert_string_equal(text, "\"bad \xef\xbf\xbd byte \xef\xbf\xbd \xef\xbf\xbd\xef\xbf\xbd "
				  "\xef\xbf\xbd\xef\xbf\xbd\xef\xbf\xbd \\u0001\"");
	free(text);
	json_decref(v);
}

static void numbers(void **state)
{
	(void)state;
	json_t *a = json_array();
	json_array_append_new(a, hb_json_number(61));
	json_array_append_new(a, hb_json_number(-3));
	json_array_append_new(a, hb_json_number(21.5));
	json_array_append_new(a, hb_json_number(0.1 + 0.2));
	json_array_append_new(a, hb_json_number(NAN));
	json_array_append_new(a, hb_json_number(INFINITY));
	assert_true(json_is_integer(json_array_get(a, 0)));
	assert_true(json_is_real(json_array_get(a, 2)));
	assert_true(json_is_null(json_array_get(a, 4)));
	assert_true(json_is_null(json_array_get(a, 5)));
	json_t *big = hb_json_number(1e300); /* whole, but beyond what an integer holds */
	assert_true(json_is_real(big));
	json_decref(big);
	char *text = json_dumps(a, 0);
	/* whole numbers are written as such, as they always were: 61, not 61.0 */
	assert_string_equal(text, "[61, -3, 21.5, 0.30000000000000004, null, null]");
	/* and read back exactly */
	json_t *back = json_loads(text, 0, NULL);
	assert_non_null(back);
	assert_true(json_number_value(json_array_get(back, 3)) == 0.1 + 0.2);
	assert_true(json_number_value(json_array_get(back, 0)) == 61);
	free(text);
	json_decref(back);
	json_decref(a);
}

static void layout_of_the_files(void **state)
{
	(void)state;
	json_t *o = json_object();
	json_object_set_new(o, "name", hb_json_string("6.1"));
	json_object_set_new(o, "seconds", hb_json_number(312.25));
	json_object_set_new(o, "none", hb_json_string(NULL));
	json_object_set_new(o, "empty", json_array());
	json_object_set_new(o, "list", json_pack("[i, b]", 1, 1));
	json_object_set_new(o, "nothing", json_object());
	json_object_set_new(o, "name", hb_json_string("6.12")); /* replaces, in its place */
	char *text = written(o);
	assert_string_equal(text, "{\n"
				  "  \"name\": \"6.12\",\n"
				  "  \"seconds\": 312.25,\n"
				  "  \"none\": null,\n"
				  "  \"empty\": [],\n"
				  "  \"list\": [\n"
				  "    1,\n"
				  "    true\n"
				  "  ],\n"
				  "  \"nothing\": {}\n"
				  "}\n");
	/* what is read back is written the same */
	json_t *back = hb_json_parse(text, strlen(text), "x.json", err, sizeof(err));
	assert_non_null(back);
	char *again = written(back);
	assert_string_equal(text, again);
	free(text);
	free(again);
	json_decref(back);
	json_decref(o);
}

static void errors_say_where(void **state)
{
	(void)state;
	const char *text = "{\n  \"a\": [1, 2\n}\n";
	assert_null(hb_json_parse(text, strlen(text), "k/6.1.json", err, sizeof(err)));
	if (strncmp(err, "k/6.1.json:3:1: not valid JSON: ", 32) != 0)
		fail_msg("got: %s", err);
	static const char *const bad[] = { "", "{", "[1,]", "{\"a\" 1}", "{\"a\": 1,}", "\"open",
					   "[tru]", "[01]", "[1.]", "[1] x", "[\"a\tb\"]",
					   "[\"\\x\"]", "{1: 2}", "[\"\xff\"]" };
	for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		json_t *v = hb_json_parse(bad[i], strlen(bad[i]), "t.json", err, sizeof(err));
		if (v)
			fail_msg("'%s' was accepted", bad[i]);
		if (strncmp(err, "t.json:", 7) != 0 || !strstr(err, ": not valid JSON: "))
			fail_msg("'%s': %s", bad[i], err);
	}
	assert_null(hb_json_read_file("/nonexistent/x.json", err, sizeof(err)));
	assert_non_null(strstr(err, "/nonexistent/x.json: cannot read: "));
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(strings),
		cmocka_unit_test(numbers),
		cmocka_unit_test(layout_of_the_files),
		cmocka_unit_test(errors_say_where),
	};
	return cmocka_run_group_tests_name("json_util", tests, NULL, NULL);
}
