// SPDX-License-Identifier: GPL-2.0-only
/* Unit tests: the small JSON reader and writer (backport/lib/json.c). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "json.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static char err[256];

static struct json_value *parse(const char *text)
{
	return json_parse(text, strlen(text), err, sizeof(err));
}

static char *written(const struct json_value *v)
{
	char *text = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&text, &len);
	assert_int_equal(json_write(f, v, 0), 0);
	fclose(f);
	return text;
}

static void values(void **state)
{
	(void)state;
	struct json_value *v = parse(" {\"a\": [1, -2.5e1, true, false, null], \"b\": {\"c\": \"d\"},"
				     " \"e\": [], \"f\": {}} ");
	assert_non_null(v);
	const struct json_value *a = json_get(v, "a");
	assert_int_equal(a->type, JSON_ARRAY);
	assert_int_equal(a->count, 5);
	assert_true(a->items[0]->number == 1);
	assert_true(a->items[1]->number == -25);
	assert_true(a->items[2]->boolean);
	assert_int_equal(a->items[4]->type, JSON_NULL);
	assert_string_equal(json_get_string(json_get(v, "b"), "c"), "d");
	assert_int_equal(json_get(v, "e")->count, 0);
	assert_int_equal(json_get(v, "f")->type, JSON_OBJECT);
	assert_null(json_get(v, "nope"));
	assert_null(json_get_string(v, "a"));
	assert_true(json_get_number(v, "nope", 7) == 7);
	json_free(v);
}

static void strings(void **state)
{
	(void)state;
	struct json_value *v = parse("\"q\\\" b\\\\ s\\/ \\b\\f\\n\\r\\t \\u00e9 \\ud83d\\ude00 \\u0000\"");
	assert_non_null(v);
	assert_string_equal(v->string, "q\" b\\ s/ \b\f\n\r\t \xc3\xa9 \xf0\x9f\x98\x80 \xef\xbf\xbd");
	char *text = written(v);
	/* control characters escaped, UTF-8 kept */
	assert_string_equal(text, "\"q\\\" b\\\\ s/ \\b\\f\\n\\r\\t \xc3\xa9 \xf0\x9f\x98\x80 \xef\xbf\xbd\"");
	free(text);
	json_free(v);
	/* invalid UTF-8 is written as U+FFFD */
	v = json_string("bad \xff byte \x01");
	text = written(v);
	assert_string_equal(text, "\"bad \\ufffd byte \\u0001\"");
	free(text);
	json_free(v);
}

static void errors(void **state)
{
	(void)state;
	static const char *const bad[] = { "", "{", "[1,]", "{\"a\" 1}", "{\"a\": 1,}", "\"open",
					   "tru", "01", "1.", "1e", "[1] x", "\"a\tb\"", "\"\\x\"",
					   "{1: 2}", "-" };
	for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		struct json_value *v = parse(bad[i]);
		if (v)
			fail_msg("'%s' was accepted", bad[i]);
		assert_non_null(strstr(err, "offset "));
	}
	/* nesting has a limit, so a hostile file cannot exhaust the stack */
	char deep[400];
	memset(deep, '[', sizeof(deep) - 1);
	deep[sizeof(deep) - 1] = '\0';
	assert_null(parse(deep));
	assert_non_null(strstr(err, "nested too deeply"));
	struct json_value *v = parse("[1, 2");
	assert_null(v);
	assert_string_equal(err, "offset 5: expected ',' or ']'");
}

static void round_trip(void **state)
{
	(void)state;
	struct json_value *o = json_object();
	json_set(o, "name", json_string("6.1"));
	json_set(o, "seconds", json_number(312.25));
	json_set(o, "third", json_number(0.1 + 0.2));
	json_set(o, "none", json_string(NULL));
	struct json_value *a = json_array();
	for (int i = 0; i < 20; i++)
		json_push(a, json_number(i));
	json_set(o, "list", a);
	json_set(o, "name", json_string("6.12")); /* replaces */
	char *text = written(o);
	struct json_value *back = parse(text);
	assert_non_null(back);
	assert_int_equal(back->count, 5);
	assert_string_equal(json_get_string(back, "name"), "6.12");
	assert_true(json_get_number(back, "seconds", 0) == 312.25);
	assert_true(json_get_number(back, "third", 0) == 0.1 + 0.2);
	assert_int_equal(json_get(back, "none")->type, JSON_NULL);
	assert_int_equal(json_get(back, "list")->count, 20);
	assert_true(json_get(back, "list")->items[19]->number == 19);
	char *again = written(back);
	assert_string_equal(text, again);
	struct json_value *copy = json_copy(back);
	char *copied = written(copy);
	assert_string_equal(text, copied);
	free(text);
	free(again);
	free(copied);
	json_free(o);
	json_free(back);
	json_free(copy);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(values),
		cmocka_unit_test(strings),
		cmocka_unit_test(errors),
		cmocka_unit_test(round_trip),
	};
	return cmocka_run_group_tests_name("json", tests, NULL, NULL);
}
